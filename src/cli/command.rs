//! The `dpcert` command line: its arguments (clap) and the dispatch to the subcommands.

use super::error::CliResult;
use super::{claims, exit};
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
    List {
        #[arg(long)]
        paper: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Merge the `--json` outputs of `search ID --shard K/N` (one file per shard).
    SearchMerge {
        files: Vec<std::path::PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// One claim in full: statement, source, reading, grid, why, verdict and the whole report.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Run claims on their default grids; exit 0 iff every verdict equals its manifest `expect`.
    ///
    /// The manifests are the ones compiled into dpcert (the repository's theorems/*.toml when it
    /// was built); set DPCERT_THEOREMS to a directory of your own *.toml to read those instead.
    Verify {
        /// Claim IDs (default: all registered claims).
        ids: Vec<String>,
        #[arg(long)]
        paper: Option<String>,
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// Print the Markdown summary table of one paper (needs --paper).
        #[arg(long)]
        markdown: bool,
        /// Worker threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = jobs_range())]
        jobs: Option<usize>,
    },
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
    /// Exact (eps, delta) after k uses of a mechanism (or a sequence MECH1:K1,MECH2:K2): the
    /// exact privacy loss distribution of the composition, delta(eps) = A - B*e^eps, the
    /// smallest eps for a delta (exact e^eps), and the event that attains it.
    Compose {
        /// A mechanism file (as `audit` reads it), `rr:K:T`, `geometric:K:T` or `kov:T:D`;
        /// without --k, a sequence `MECH1:K1,MECH2:K2,...`.
        mech: String,
        /// Number of uses (1 to 1,000,000).
        #[arg(long)]
        k: Option<String>,
        /// Neighbour relation (as for `audit`; default `complete`, `path:K` for geometric).
        #[arg(long)]
        adjacency: Option<String>,
        /// Exact eps >= 0 (comma-separated list): delta(eps) = A - B*e^eps.
        #[arg(long)]
        eps: Option<String>,
        /// delta in [0, 1): the smallest eps with delta(eps) <= delta (default 1/100000 when no
        /// other query is given; 0 = pure eps).
        #[arg(long)]
        delta: Option<String>,
        /// t = e^eps >= 1: delta(t) exactly.
        #[arg(long)]
        t: Option<String>,
        /// EPS,DELTA: does the composition satisfy (EPS, DELTA)-DP? Exit 0 holds, 1 fails
        /// (3 undecided, in the grid enclosure only).
        #[arg(long, value_name = "EPS,DELTA")]
        check: Option<String>,
        /// Use the certified grid enclosure (bounds) even when the exact composition fits
        /// (it is used automatically when the exact support is past the limits).
        #[arg(long)]
        enclosure: bool,
        /// Grid enclosure: refine until the relative width of each answer is at most this
        /// (default 1/1000).
        #[arg(long)]
        width: Option<String>,
        /// Grid enclosure: start no finer grid predicted to end after this many seconds
        /// (default 60; a soft limit: the answer is a wider enclosure, exit 0; formerly
        /// `compose --time-limit`).
        #[arg(long, value_name = "SECS", value_parser = super::lp::parse_time_limit)]
        enclosure_secs: Option<f64>,
        /// Give up after SECS seconds (exit 4, nothing on stdout).
        #[arg(long, value_name = "SECS", value_parser = super::lp::parse_time_limit)]
        time_limit: Option<f64>,
        /// Refuse (exit 3) a composition whose matrices or neighbour pairs are estimated above
        /// SIZE: bytes or 512M, 8G, ... (default 4G), as `audit --max-memory`; exact atoms
        /// above it are answered by the grid enclosure instead.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Decide a claim written in the claim language (docs/claim-language.md), e.g.
    /// 'forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))'.
    /// Exit 0 holds, 1 fails, 2 parse/type error, 3 undecided, 4 time budget ran out.
    Check {
        /// The claim (omit with --file); it may start with `-` ('-1 < 0').
        #[arg(allow_hyphen_values = true)]
        expr: Option<String>,
        /// Run every `expr` claim of a manifest (same format as theorems/*.toml) against its
        /// `expect`.
        #[arg(long, conflicts_with = "expr")]
        file: Option<std::path::PathBuf>,
        #[arg(long)]
        json: bool,
        /// Give up after SECS whole seconds (exit 4). `--budget-secs` is the old name.
        #[arg(
            long = "time-limit",
            visible_alias = "budget-secs",
            value_name = "SECS"
        )]
        budget_secs: Option<u64>,
        /// Worker threads (1 to 256; default: all cores).
        #[arg(long, value_parser = jobs_range())]
        jobs: Option<usize>,
        /// Refuse, before starting, a claim whose outermost quantifier has more instances than
        /// this, and stop (exit 4) once a run has counted more, every instance of every binder
        /// included: nested `forall`/`exists` and each step of `sum`/`max`/`min` (default
        /// 5000000).
        #[arg(long)]
        max_instances: Option<u64>,
    },
    /// Look for a counterexample beyond the default grid, growing the instance size
    /// (deterministic: the families are seeded, so a run is reproducible).
    Search {
        id: String,
        /// Largest search size, 1 to 64.
        #[arg(long, default_value_t = 3, value_parser = ranged(1, claims::MAX_SEARCH_SIZE))]
        max_size: usize,
        /// Stop before the next size once this many seconds have passed.
        #[arg(long)]
        budget_secs: Option<u64>,
        /// Worker threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = jobs_range())]
        jobs: Option<usize>,
        /// Check only the K-th of N deterministic parts of every size (K/N, 1 <= K <= N).
        #[arg(long)]
        shard: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

/// A `usize` flag in `lo..=hi`; clap refuses anything else as a usage error (exit 2).
fn ranged(lo: usize, hi: usize) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(lo as u64..=hi as u64)
}

/// `--jobs`: 1 to [`claims::MAX_JOBS`] worker threads.
fn jobs_range() -> clap::builder::RangedU64ValueParser<usize> {
    ranged(1, claims::MAX_JOBS)
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
    let code = match command {
        Command::Graph(args) => return super::graph::run(args),
        Command::Lp(args) => return super::lp::run(args),
        Command::Audit(args) => return super::audit::run(args),
        Command::Optimal(args) => return super::optimal::run(args),
        Command::Compose {
            mech,
            k,
            adjacency,
            eps,
            delta,
            t,
            check,
            enclosure,
            width,
            enclosure_secs,
            time_limit,
            max_memory,
            json,
        } => super::compose::run(&super::compose::ComposeArgs {
            mech: &mech,
            k: k.as_deref(),
            adjacency: adjacency.as_deref(),
            eps: eps.as_deref(),
            delta: delta.as_deref(),
            t: t.as_deref(),
            check: check.as_deref(),
            enclosure,
            width: width.as_deref(),
            enclosure_secs,
            time_limit,
            max_memory: max_memory.as_deref(),
            json,
        }),
        Command::Check {
            expr,
            file,
            json,
            budget_secs,
            jobs,
            max_instances,
        } => super::check::run(&super::check::CheckArgs {
            expr: expr.as_deref(),
            file: file.as_deref(),
            json,
            budget_secs,
            jobs,
            max_instances,
        }),
        Command::List { paper, json } => claims::list(paper.as_deref(), json),
        Command::Show { id, json } => claims::show(&id, json),
        Command::SearchMerge { files, json } => claims::search_merge(&files, json),
        Command::Verify {
            ids,
            paper,
            json,
            markdown,
            jobs,
        } => claims::verify(&claims::VerifyArgs {
            ids,
            paper,
            json,
            markdown,
            jobs,
            quiet: json || markdown,
        }),
        Command::Search {
            id,
            max_size,
            budget_secs,
            jobs,
            shard,
            json,
        } => {
            let shard = match shard.as_deref().map(claims::parse_shard).transpose() {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: {e}");
                    return Ok(exit::USAGE);
                }
            };
            claims::search(&claims::SearchArgs {
                id,
                max_size,
                budget_secs,
                jobs,
                shard,
                json,
            })
        }
    };
    Ok(code)
}
