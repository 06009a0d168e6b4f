//! The `dpcert` command line: its arguments (clap) and the dispatch to the subcommands.

use super::exit;
use clap::{Parser, Subcommand};

/// dpcert — exact checking of differential-privacy and information-theory claims.
#[derive(Parser)]
#[command(name = "dpcert", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print a plain progress line on stderr every second, on a terminal too (without it: a
    /// spinner on a terminal, a plain line every 5 s when stderr is not a terminal).
    #[arg(long, global = true)]
    progress: bool,
}

#[derive(Subcommand)]
enum Command {
    /// List the registered claims (id, paper, expect, title).
    List(super::list::Args),
    /// Merge the `--json` outputs of `search ID --shard K/N` (one file per shard).
    SearchMerge(super::search_merge::Args),
    /// One claim in full: statement, source, reading, grid, why, verdict and the whole report.
    Show(super::show::Args),
    /// Run claims on their default grids; exit 0 iff every verdict equals its manifest `expect`.
    Verify(super::verify::Args),
    /// Distance-regularity, automorphisms, vertex-transitivity and VT+ of a graph.
    Graph {
        /// `hamming:3,2`, `cycle:6`, `petersen`, `rook:4`, `shrikhande`, ... or an edge-list file.
        spec: String,
        #[arg(long)]
        json: bool,
        /// VT+ search budget (group elements enumerated and backtracking nodes); past it VT+
        /// is reported undecided.
        #[arg(long, default_value_t = crate::graph::report::VT_PLUS_LIMIT)]
        vt_budget: usize,
        /// Work budget of the automorphism search on a graph with checked translations
        /// (Hamming and other Cayley graphs): past it |Aut| is reported as not computed, with
        /// the reason; vertex-transitivity and VT+ are certified by the translations anyway.
        #[arg(long, value_name = "UNITS", default_value_t = crate::graph::report::AUT_WORK_LIMIT)]
        aut_budget: u64,
        /// Refuse (exit 3) a graph whose analysis is estimated above SIZE: bytes or 512M, 8G,
        /// ... (default 4G), as `audit --max-memory`.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
    },
    /// Solve an LP file (CPLEX LP format, exact coefficients) with a re-checked certificate.
    Lp {
        /// The LP file.
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
        /// Give up after this many seconds, above 0 and at most 31536000 (one year)
        /// (exit 4, nothing on stdout).
        #[arg(long, value_name = "SECS", value_parser = super::lp::parse_time_limit)]
        time_limit: Option<f64>,
        /// Solve the orbit-averaged LP under the variable permutations in FILE (one generator
        /// per line in cycle notation over the file's variable names, e.g. `(x y)(u v)`);
        /// invariance is checked exactly and the lifted certificate re-checked.
        #[arg(long, value_name = "FILE")]
        symmetry: Option<std::path::PathBuf>,
        /// Print where the time went (float hint, exact systems, checks, fallback) on stderr.
        #[arg(long)]
        stats: bool,
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
        /// t = e^eps >= 1: report delta(t) exactly.
        #[arg(long)]
        t: Option<String>,
        /// Exact eps >= 0, or a comma-separated list (a delta(eps) table): delta = A - B*e^eps,
        /// exact form and certified enclosure.
        #[arg(long)]
        eps: Option<String>,
        /// delta in [0, 1]: report the smallest eps (exact e^eps) with delta(eps) <= delta.
        #[arg(long)]
        delta: Option<String>,
        /// Units of leakage, mutual information and capacity: `bits` (default) or `nats`.
        #[arg(long)]
        units: Option<String>,
        /// Make float rows (summing to 1 +- 1e-16) of FILE and of a prior file exact: `DENOM`
        /// rounds every entry to k/DENOM by largest remainder; `auto` takes the simplest
        /// rational within 1/10^9 of each entry (0.42857142857142855 -> 3/7) and gives each
        /// row's remainder to its largest entry. The largest change is printed.
        #[arg(long, value_name = "DENOM|auto")]
        rationalize: Option<String>,
        /// A gain function (rows = guesses, columns = secrets, exact literals): report the
        /// prior/posterior g-vulnerability and the additive/multiplicative g-leakage.
        #[arg(long, value_name = "FILE")]
        gain: Option<std::path::PathBuf>,
        /// Give up after SECS seconds (exit 4), naming the stage reached.
        #[arg(long, value_name = "SECS", value_parser = super::lp::parse_time_limit)]
        time_limit: Option<f64>,
        /// Refuse (exit 3) an audit whose estimated memory is above SIZE: bytes or 512M, 8G,
        /// ... (default 4G). The complete adjacency on n inputs lists n(n-1)/2 pairs.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
        #[arg(long)]
        json: bool,
        /// Print the wall time of each stage (reading, each measure, printing) on stderr.
        #[arg(long)]
        stats: bool,
    },
    /// The exact optimal ε-DP mechanism on a graph for a prior and a loss or gain; prints it as
    /// a CSV (report on `#` lines) that `audit` reads, with its checked certificate.
    Optimal {
        /// Neighbour relation on the secrets: `path:K`, `hamming:N,M`, ... or an edge-list file.
        #[arg(long)]
        graph: String,
        /// t = e^eps >= 1.
        #[arg(long)]
        t: String,
        /// `uniform` or a file with one row (or column) of literals.
        #[arg(long)]
        prior: String,
        /// Minimise the expected loss: `hamming` (H(n,m) words), `graph` (shortest-path
        /// distance in the graph), `abs` (|x - y| of the vertex indices: the graph distance only
        /// on a path) or a matrix FILE (rows = outputs, columns = secrets).
        #[arg(long)]
        loss: Option<String>,
        /// Maximise the expected gain: `identity` (probability of guessing the secret) or a
        /// matrix FILE (rows = guesses/outputs, columns = secrets).
        #[arg(long)]
        gain: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Exact (eps, delta) after k uses of a mechanism (or a sequence MECH1:K1,MECH2:K2): the
    /// exact privacy loss distribution of the composition, delta(eps) = A - B*e^eps, the
    /// smallest eps for a delta (exact e^eps), and the event that attains it.
    Compose(super::compose::Args),
    /// Decide a claim written in the claim language (docs/claim-language.md), e.g.
    /// 'forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))'.
    /// Exit 0 holds, 1 fails, 2 parse/type error, 3 undecided, 4 time budget ran out.
    Check(super::check::Args),
    /// Look for a counterexample beyond the default grid, growing the instance size
    /// (deterministic: the families are seeded, so a run is reproducible).
    Search(super::search::Args),
}

/// Parse the process arguments, run the subcommand and return its exit code (DESIGN.md's CLI
/// contract); the binary exits with it.
pub fn run() -> i32 {
    // A closed pipe (`dpcert graph ... --json | head`) ends the process like any Unix filter,
    // instead of a "failed printing to stdout" panic.
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
            let _ = e.print();
            return code;
        }
    };
    if cli.progress {
        super::progress::force_plain_lines();
    }
    let code = match cli.command {
        Command::Graph {
            spec,
            json,
            vt_budget,
            aut_budget,
            max_memory,
        } => super::graph::run(&spec, json, vt_budget, aut_budget, max_memory.as_deref()),
        Command::Lp {
            file,
            json,
            time_limit,
            symmetry,
            stats,
        } => super::lp::run(
            &file,
            &super::lp::Options {
                json,
                time_limit,
                symmetry,
                stats,
            },
        ),
        Command::Audit {
            file,
            adjacency,
            prior,
            t,
            eps,
            delta,
            units,
            rationalize,
            gain,
            time_limit,
            max_memory,
            json,
            stats,
        } => super::audit::run(&super::audit::AuditArgs {
            file: &file,
            adjacency: adjacency.as_deref(),
            prior: prior.as_deref(),
            t: t.as_deref(),
            eps: eps.as_deref(),
            delta: delta.as_deref(),
            units: units.as_deref(),
            rationalize: rationalize.as_deref(),
            gain: gain.as_deref(),
            time_limit,
            max_memory: max_memory.as_deref(),
            json,
            stats,
        }),
        Command::Optimal {
            graph,
            t,
            prior,
            loss,
            gain,
            json,
        } => super::optimal::run(&super::optimal::OptimalArgs {
            graph: &graph,
            t: &t,
            prior: &prior,
            loss: loss.as_deref(),
            gain: gain.as_deref(),
            json,
        }),
        Command::Compose(a) => super::error::report(super::compose::run(&a)),
        Command::Check(a) => super::error::report(super::check::run(&a)),
        Command::List(a) => super::error::report(super::list::run(&a)),
        Command::Show(a) => super::error::report(super::show::run(&a)),
        Command::SearchMerge(a) => super::error::report(super::search_merge::run(&a)),
        Command::Verify(a) => super::error::report(super::verify::run(&a)),
        Command::Search(a) => super::error::report(super::search::run(&a)),
    };
    code
}
