//! `dpcert lp FILE [--json] [--time-limit SECS] [--symmetry FILE] [--stats]
//! [--certificate OUT] [--vipr OUT]`: read the LP file
//! and the generators, solve it exactly ([`crate::lp::command::run`]) and print the re-checked
//! certificate.

use super::error::{CliError, CliResult};
use super::exit;
use super::progress::Progress;
use crate::lp::command::{LpQuery, LpReport};
use crate::lp::{parse_lp, LpError, LpFile};
use crate::params::TimeLimit;
use std::path::{Path, PathBuf};

/// Solve an LP file (CPLEX LP format, exact coefficients) with a re-checked certificate.
#[derive(clap::Args)]
pub struct Args {
    /// The LP file.
    file: PathBuf,
    #[arg(long)]
    json: bool,
    /// Give up after this many seconds, above 0 and at most 31536000 (one year)
    /// (exit 4, nothing on stdout).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    time_limit: Option<TimeLimit>,
    /// Solve the orbit-averaged LP under the variable permutations in FILE (one generator
    /// per line in cycle notation over the file's variable names, e.g. `(x y)(u v)`);
    /// invariance is checked exactly and the lifted certificate re-checked.
    #[arg(long, value_name = "FILE")]
    symmetry: Option<PathBuf>,
    /// Write the certificate (docs/certificates.md: the model and the answer, exact) to FILE,
    /// for `checker/dpcert_check.py`; written only after dpcert's own check accepted it.
    #[arg(long, value_name = "FILE")]
    certificate: Option<PathBuf>,
    /// Write the certificate as a VIPR 1.0 file (docs/certificates.md, "VIPR") to FILE, for a
    /// third checker such as `viprchk`; an unbounded LP has none (exit 3).
    #[arg(long, value_name = "FILE")]
    vipr: Option<PathBuf>,
    /// Print where the time went (float hint, exact systems, checks, fallback) on stderr.
    #[arg(long)]
    stats: bool,
}

/// Read the file, solve, print.
pub fn run(a: Args) -> CliResult {
    let path = a.file.as_path();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", path.display())))?;
    let file =
        parse_lp(&text).map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?;
    for w in &file.warnings {
        eprintln!("dpcert lp: warning: {}: {w}", path.display());
    }
    let symmetry = a
        .symmetry
        .as_deref()
        .map(|sym| {
            read_generators(sym, &file)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", sym.display())))
        })
        .transpose()?;
    let progress = Progress::spinner("lp", true);
    progress.phase(&format!(
        "solving {} rows × {} columns exactly (float-guided, certificate re-checked)",
        file.model.rows().len(),
        file.model.n_vars()
    ));
    let query = LpQuery {
        name: path.display().to_string(),
        file,
        symmetry,
        time_limit: a.time_limit,
    };
    let solved = crate::lp::command::run(&query);
    progress.finish();
    let report = solved.map_err(|e| match e {
        LpError::TimeLimit => CliError::time_limit(format!(
            "time limit of {} s reached before a certified answer (exit {})",
            a.time_limit.map_or(0.0, |l| l.duration().as_secs_f64()),
            exit::TIME_LIMIT
        )),
        LpError::Symmetry(e) => CliError::bad_input(format!("--symmetry refused: {e}")),
        LpError::Certificate(e) => CliError {
            code: exit::MISMATCH,
            message: format!(
                "internal error: the solver's certificate was rejected by the checker: {e}"
            ),
        },
    })?;
    if a.stats {
        eprintln!(
            "dpcert lp: {:.3} s in all; {}",
            report.seconds, report.stats
        );
    }
    if let Some(out) = &a.certificate {
        write_certificate(out, &report, &query)?;
    }
    if let Some(out) = &a.vipr {
        let text = report.vipr(&query).map_err(CliError::bad_input)?;
        std::fs::write(out, text)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))?;
    }
    if a.json {
        super::output::print_json(&report.to_json())
    } else {
        print!("{}", report.to_text());
        Ok(exit::OK)
    }
}

/// `--certificate FILE`: the document of [`LpReport::certificate_document`], which re-checks
/// the certificate before it is made.
fn write_certificate(out: &Path, report: &LpReport, query: &LpQuery) -> Result<(), CliError> {
    let doc = report.certificate_document(query).map_err(|e| CliError {
        code: exit::MISMATCH,
        message: format!(
            "internal error: the solver's certificate was rejected by the checker: {e}"
        ),
    })?;
    let text = serde_json::to_string_pretty(&doc).expect("a JSON value prints");
    std::fs::write(out, text + "\n")
        .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))
}

/// Read `--symmetry FILE` ([`LpFile::parse_generators`]).
fn read_generators(path: &Path, file: &LpFile) -> Result<Vec<Vec<usize>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    file.parse_generators(&text).map_err(|e| e.to_string())
}
