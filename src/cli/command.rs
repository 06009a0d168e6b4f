//! The `dpcert` command line: its arguments (clap) and the dispatch to the subcommands.

use super::error::CliResult;
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
    ///
    /// The manifests are the ones compiled into dpcert (the repository's theorems/*.toml when it
    /// was built); set DPCERT_THEOREMS to a directory of your own *.toml to read those instead.
    List(super::list::Args),
    /// Merge the shard certificates of `verify`/`check --shard K/N` or the `--json` outputs of
    /// `search ID --shard K/N`: refuses a missing, duplicated or mismatched shard and re-checks
    /// every counterexample (exit 1 when refused).
    #[command(visible_alias = "search-merge")]
    Merge(super::merge::Args),
    /// One claim in full: statement, source, reading, grid, why, verdict and the whole report.
    Show(super::show::Args),
    /// Run claims on their default grids; exit 0 iff every verdict equals its manifest `expect`.
    ///
    /// The manifests are the ones compiled into dpcert (the repository's theorems/*.toml when it
    /// was built); set DPCERT_THEOREMS to a directory of your own *.toml to read those instead.
    Verify(super::verify::Args),
    /// Distance-regularity, automorphisms, vertex-transitivity and VT+ of a graph.
    Graph(super::graph::Args),
    /// Solve an LP file (CPLEX LP format, exact coefficients) with a re-checked certificate.
    Lp(super::lp::Args),
    /// Audit a mechanism file (CSV or JSON of exact fractions): DP level, (eps, delta), leakage,
    /// capacity bracket, identifiability, distortion.
    Audit(super::audit::Args),
    /// The exact optimal ε-DP mechanism on a graph for a prior and a loss or gain; prints it as
    /// a CSV (report on `#` lines) that `audit` reads, with its checked certificate.
    Optimal(super::optimal::Args),
    /// Whether A is a post-processing of B (A = B·R for a channel R, so A never leaks more):
    /// exit 0 with R, exit 1 with a prior and gain function under which A leaks more than B.
    Refines(super::refines::Args),
    /// Exact (eps, delta) after k uses of a mechanism (or a sequence MECH1:K1,MECH2:K2): the
    /// exact privacy loss distribution of the composition, delta(eps) = A - B*e^eps, the
    /// smallest eps for a delta (exact e^eps), and the event that attains it.
    Compose(super::compose::Args),
    /// The smallest noise (sigma or b on the grid R*N) -- or for rr:K and dlaplace the largest
    /// e^eps parameter -- for which k uses are certified (eps, delta)-DP (compose --check at
    /// each grid point asked), with the certificate and the next grid point shown to fail.
    Calibrate(super::calibrate::Args),
    /// Decide a claim written in the claim language (docs/claim-language.md), e.g.
    /// 'forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))'.
    /// Exit 0 holds, 1 fails, 2 parse/type error, 3 undecided, 4 time budget ran out.
    Check(super::check::Args),
    /// Look for a counterexample beyond the default grid, growing the instance size
    /// (deterministic: the families are seeded, so a run is reproducible).
    Search(super::search::Args),
}

/// Parse the process arguments, run the subcommand and return its exit code (the CLI
/// contract); the binary exits with it. `main` → `run` → [`try_main`] → one function per command
/// → [`super::error::report`], the one place an error is printed (issue 43 item 3).
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
    super::error::report(try_main(cli.command))
}

/// Run one command: its exit code, or the error [`super::error::report`] prints.
fn try_main(command: Command) -> CliResult {
    match command {
        Command::Graph(args) => super::graph::run(args),
        Command::Lp(args) => super::lp::run(args),
        Command::Audit(args) => super::audit::run(args),
        Command::Optimal(args) => super::optimal::run(args),
        Command::Refines(args) => super::refines::run(args),
        Command::Compose(args) => super::compose::run(&args),
        Command::Calibrate(args) => super::calibrate::run(&args),
        Command::Check(args) => super::check::run(&args),
        Command::List(args) => super::list::run(&args),
        Command::Show(args) => super::show::run(&args),
        Command::Merge(args) => super::merge::run(&args),
        Command::Verify(args) => super::verify::run(&args),
        Command::Search(args) => super::search::run(&args),
    }
}
