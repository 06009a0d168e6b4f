//! `dpcert optimal --graph SPEC (--t T | --curve-t T1,T2 [--csv]) --prior FILE|uniform (--loss
//! hamming|abs|graph|FILE | --gain identity|FILE) [--json]`: the arguments, the files read, the one call
//! [`crate::optimal::run`] and the printing.
//!
//! The text output is itself a CSV file `dpcert audit` reads: the report is on `#` comment
//! lines and the mechanism follows, one row per secret (`dpcert optimal … > m.csv; dpcert audit
//! m.csv --adjacency SPEC`). The `--json` output has the mechanism under `"rows"`, which `audit`
//! reads too.

use super::error::{CliError, CliResult};
use super::exit;
use super::graph::load;
use super::progress::Progress;
use crate::num::Rational;
use crate::optimal::{ObjectiveChoice, OptimalCurveQuery, OptimalQuery};
use crate::params::{TRange, TimeLimit, T};
use crate::prob::io;
use crate::prob::Dist;
use std::path::Path;

/// The exact optimal ε-DP mechanism on a graph for a prior and a loss or gain; prints it as
/// a CSV (report on `#` lines) that `audit` reads, with its checked certificate.
#[derive(clap::Args)]
pub struct Args {
    /// Neighbour relation on the secrets: `path:K`, `hamming:N,M`, ... or an edge-list file.
    #[arg(long)]
    graph: String,
    /// t = e^eps >= 1.
    #[arg(long, value_parser = T::parse, required_unless_present = "curve_t")]
    t: Option<T>,
    /// The optimum for every t = e^eps in [T1, T2] (1 <= T1 < T2), as exact pieces between
    /// exact breakpoints (issue 46): the privacy-utility curve, not a sample of it.
    #[arg(long, value_name = "T1,T2", value_parser = TRange::parse, conflicts_with_all = ["t", "certificate"])]
    curve_t: Option<TRange>,
    /// Print only the --curve-t pieces, as CSV (t_lo,t_hi,exact_piece,t_lo_decimal,
    /// t_hi_decimal,value_at_t_lo,value_at_t_hi).
    #[arg(long, requires = "curve_t", conflicts_with_all = ["json", "t"])]
    csv: bool,
    /// Draw the --curve-t curve to FILE.svg (the optimum against eps = ln t, breakpoints
    /// marked).
    #[arg(long, value_name = "FILE.svg", requires = "curve_t")]
    plot: Option<std::path::PathBuf>,
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
    /// Stop the --curve-t sweep after SECS seconds: the certified pieces found so far are
    /// printed (they cover [T1, h], h said) and the exit code is 4.
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse, requires = "curve_t")]
    time_limit: Option<TimeLimit>,
    /// Write a certificate to FILE (docs/certificates.md, issue 44): the channel LP with its
    /// checked primal and dual, and the mechanism as its primal (ε-DP, of the optimum's value).
    #[arg(long, value_name = "FILE")]
    certificate: Option<std::path::PathBuf>,
}

/// A file flag's value must name an existing file (else a usage error naming the choices).
fn existing(flag: &str, value: &str, choices: &str) -> Result<(), CliError> {
    if Path::new(value).exists() {
        Ok(())
    } else {
        Err(CliError::usage(format!(
            "--{flag} {value}: neither {choices} nor an existing file"
        )))
    }
}

fn read_matrix(flag: &str, f: &str, choices: &str) -> Result<Vec<Vec<Rational>>, CliError> {
    existing(flag, f, choices)?;
    io::read_matrix(Path::new(f)).map_err(|e| CliError::bad_input(e.to_string()))
}

fn prior(spec: &str, k: usize) -> Result<Dist, CliError> {
    if spec == "uniform" {
        return Ok(Dist::uniform(k));
    }
    existing("prior", spec, "`uniform`")?;
    io::read_dist(Path::new(spec), &io::ReadOptions::default())
        .map(|(d, _)| d)
        .map_err(|e| CliError::bad_input(e.to_string()))
}

/// `--loss` / `--gain` as the library names them, a matrix file read.
fn objective(a: &Args) -> Result<ObjectiveChoice, CliError> {
    let loss_words = "`hamming`, `abs`, `graph`";
    Ok(match (a.loss.as_deref(), a.gain.as_deref()) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(CliError::usage(
                "give exactly one of --loss hamming|abs|graph|FILE and --gain identity|FILE",
            ))
        }
        (Some("abs"), _) => ObjectiveChoice::AbsLoss,
        (Some("graph"), _) => ObjectiveChoice::GraphLoss,
        (Some("hamming"), _) => ObjectiveChoice::HammingLoss,
        (Some(f), _) => ObjectiveChoice::LossMatrix {
            file: f.to_string(),
            rows: read_matrix("loss", f, loss_words)?,
        },
        (None, Some("identity")) => ObjectiveChoice::IdentityGain,
        (None, Some(f)) => ObjectiveChoice::GainMatrix {
            file: f.to_string(),
            rows: read_matrix("gain", f, "`identity`")?,
        },
    })
}

/// The error of `optimal`'s library calls as the CLI reports it.
fn query_error(e: crate::optimal::QueryError) -> CliError {
    let code = if e.is_usage() {
        exit::USAGE
    } else {
        exit::BAD_INPUT
    };
    CliError {
        code,
        message: e.to_string(),
    }
}

/// `--curve-t T1,T2`: the optimum for every t of the range ([`crate::optimal::run_curve`]).
fn curve(
    a: &Args,
    range: TRange,
    graph: crate::graph::Graph,
    warnings: Vec<String>,
    objective: ObjectiveChoice,
) -> CliResult {
    if let Some(p) = &a.plot {
        crate::plot::check_path(p).map_err(|e| CliError::usage(e.to_string()))?;
    }
    let query = OptimalCurveQuery {
        prior: prior(&a.prior, graph.n())?,
        graph,
        graph_spec: a.graph.clone(),
        warnings,
        range,
        objective,
        time_limit: a.time_limit.map(|l| l.duration()),
    };
    let progress = Progress::spinner("optimal", true);
    progress.phase(&format!(
        "{} vertices, {} edges, t in [{}, {}]",
        query.graph.n(),
        query.graph.m(),
        query.range.lo(),
        query.range.hi()
    ));
    let answer = crate::optimal::run_curve(&query);
    progress.finish();
    let report = answer.map_err(query_error)?;
    for w in &report.warnings {
        eprintln!("dpcert optimal: warning: {w}");
    }
    if let Some(path) = &a.plot {
        let fig = report.figure(&format!("optimal --graph {}", a.graph));
        crate::plot::write_svg(&fig, path).map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    let code = if a.json {
        super::output::print_json(&report.to_json())?
    } else if a.csv {
        print!("{}", report.to_csv());
        exit::OK
    } else {
        print!("{}", report.to_text());
        exit::OK
    };
    match report.uncovered_from() {
        Some(h) => {
            eprintln!(
                "dpcert optimal: time limit: the pieces cover t in [{}, {}] only",
                report.curve.lo,
                crate::num::piecewise::show_point(&h, "t")
            );
            Ok(exit::TIME_LIMIT)
        }
        None => Ok(code),
    }
}

/// Read the graph, the prior and the objective, solve, print.
pub fn run(a: Args) -> CliResult {
    let (graph, warnings) = load(&a.graph).map_err(|e| CliError {
        message: format!("--graph {}", e.message),
        ..e
    })?;
    let objective = objective(&a)?;
    if let Some(range) = &a.curve_t {
        return curve(&a, range.clone(), graph, warnings, objective);
    }
    // clap's `requires = "curve_t"` is not enforced beside `--t`'s `required_unless_present`:
    // refused here, never silently ignored.
    for (given, flag) in [
        (a.time_limit.is_some(), "--time-limit"),
        (a.plot.is_some(), "--plot"),
    ] {
        if given {
            return Err(CliError::usage(format!(
                "{flag} applies to the --curve-t T1,T2 curve only"
            )));
        }
    }
    let query = OptimalQuery {
        prior: prior(&a.prior, graph.n())?,
        graph,
        graph_spec: a.graph.clone(),
        warnings,
        t: a.t.clone().expect("clap requires --t without --curve-t"),
        objective,
    };
    let progress = Progress::spinner("optimal", true);
    progress.phase(&format!(
        "{} vertices, {} edges",
        query.graph.n(),
        query.graph.m()
    ));
    let answer = crate::optimal::run(&query);
    progress.finish();
    let report = answer.map_err(query_error)?;
    for w in &report.warnings {
        eprintln!("dpcert optimal: warning: {w}");
    }
    if let Some(out) = &a.certificate {
        let records = report
            .certificate_records(&query)
            .map_err(|e| CliError::bad_input(format!("no certificate written: {e}")))?;
        crate::certify::write(out, records)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))?;
    }
    if a.json {
        super::output::print_json(&report.to_json())
    } else {
        print!("{}", report.to_text());
        Ok(exit::OK)
    }
}
