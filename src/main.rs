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
    /// Audit a mechanism file (CSV or JSON of exact fractions): DP level, (eps, delta), leakage,
    /// capacity bracket, identifiability, distortion.
    Audit {
        /// The channel: one row per input, exact literals ("3/7", "0.1").
        file: std::path::PathBuf,
        /// Neighbour relation: `complete` (default), `hamming:N,M`, `cycle:K`, ... or an edge-list file.
        #[arg(long)]
        adjacency: Option<String>,
        /// Prior on the inputs: `uniform` or a file with one row (or column) of literals.
        #[arg(long)]
        prior: Option<String>,
        /// t = e^eps for the (eps, delta) profile.
        #[arg(long)]
        t: Option<String>,
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
        Command::Audit {
            file,
            adjacency,
            prior,
            t,
            json,
        } => std::process::exit(dpcert::cli::audit::run(&dpcert::cli::audit::AuditArgs {
            file: &file,
            adjacency: adjacency.as_deref(),
            prior: prior.as_deref(),
            t: t.as_deref(),
            json,
        })),
    }
}
