use clap::{Parser, Subcommand};

/// dpcert — exact checking of differential-privacy and information-theory claims.
#[derive(Parser)]
#[command(name = "dpcert", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the registered claims.
    List {
        #[arg(long)]
        paper: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Distance-regularity, automorphisms, vertex-transitivity and VT+ of a graph.
    Graph {
        /// `hamming:3,2`, `cycle:6`, `petersen`, `rook:4`, `shrikhande`, ... or an edge-list file.
        spec: String,
        #[arg(long)]
        json: bool,
    },
    /// Solve an LP file (CPLEX LP format, exact coefficients) with a re-checked certificate.
    Lp {
        /// The LP file.
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
    },
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::List { .. } => {
            for c in dpcert::claim::registry() {
                println!("{}", c.id());
            }
        }
        Command::Graph { spec, json } => std::process::exit(dpcert::cli::graph::run(&spec, json)),
        Command::Lp { file, json } => std::process::exit(dpcert::cli::lp::run(&file, json)),
    }
}
