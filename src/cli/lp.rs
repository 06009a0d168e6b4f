//! `dpcert lp FILE [--json] [--time-limit SECS] [--symmetry FILE] [--stats]`: solve an LP file
//! exactly and print the re-checked certificate.

use super::exit;
use super::progress::Progress;
use crate::lp::{self, parse_lp, Certificate, LpError, LpFile};
use crate::num::fmt::count;
use crate::num::fmt::decimal;
use crate::num::Rational;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Digits after the point in the printed decimals (for people only; exact values come first).
const DIGITS: usize = 6;

/// The flags of `dpcert lp`.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub json: bool,
    /// Seconds before giving up (exit [`exit::TIME_LIMIT`]).
    pub time_limit: Option<f64>,
    /// Generators of a symmetry group of the LP, in cycle notation over variable names.
    pub symmetry: Option<PathBuf>,
    /// Print the time split on stderr.
    pub stats: bool,
}

/// The longest `--time-limit` (one year, in seconds). Longer limits are refused as usage errors
/// rather than overflowing the deadline (`1e308` used to panic converting to a `Duration`).
pub const MAX_TIME_LIMIT_SECS: f64 = 31_536_000.0;

/// `--time-limit SECS`: a number of seconds in `(0, MAX_TIME_LIMIT_SECS]` (`0.5`, `60`, `1e3`);
/// NaN, infinities, zero, negative and longer values are refused with the range.
pub fn parse_time_limit(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    deadline_offset(v)
        .map(|_| v)
        .map_err(|e| format!("{e}, got `{s}`"))
}

/// The `Duration` of a time limit of `secs` seconds, when `secs` is in range.
fn deadline_offset(secs: f64) -> Result<Duration, String> {
    if secs.is_finite() && secs > 0.0 && secs <= MAX_TIME_LIMIT_SECS {
        Duration::try_from_secs_f64(secs).map_err(|e| format!("{secs} seconds: {e}"))
    } else {
        Err(format!(
            "must be a number of seconds above 0 and at most {MAX_TIME_LIMIT_SECS} (one year)"
        ))
    }
}

/// Run the subcommand; returns the exit code.
pub fn run(path: &Path, options: &Options) -> i32 {
    let json = options.json;
    let deadline = match options.time_limit.map(deadline_offset) {
        None => None,
        Some(Ok(d)) => Instant::now().checked_add(d),
        Some(Err(e)) => {
            eprintln!(
                "dpcert lp: --time-limit {e}, got {}",
                options.time_limit.unwrap_or_default()
            );
            return exit::USAGE;
        }
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("dpcert lp: cannot read {}: {e}", path.display());
            return exit::BAD_INPUT;
        }
    };
    let file = match parse_lp(&text) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("dpcert lp: {}: {e}", path.display());
            return exit::BAD_INPUT;
        }
    };
    for w in &file.warnings {
        eprintln!("dpcert lp: warning: {}: {w}", path.display());
    }
    let generators = match &options.symmetry {
        None => None,
        Some(sym) => match read_generators(sym, &file) {
            Ok(g) => Some(g),
            Err(e) => {
                eprintln!("dpcert lp: {}: {e}", sym.display());
                return exit::BAD_INPUT;
            }
        },
    };
    // Every path re-checks the certificate with the independent checker before returning it.
    let progress = Progress::spinner("lp", true);
    progress.phase(&format!(
        "solving {} rows × {} columns exactly (float-guided, certificate re-checked)",
        file.model.rows().len(),
        file.model.n_vars()
    ));
    let solved = lp::solve(
        &file.model,
        &lp::Options {
            deadline,
            symmetry: generators,
            ..lp::Options::default()
        },
    );
    progress.finish();
    let solution = match solved {
        Ok(s) => {
            if options.stats {
                eprintln!(
                    "dpcert lp: {:.3} s in all; {}",
                    s.stats.elapsed.as_secs_f64(),
                    s.stats.summary
                );
            }
            s.certificate
        }
        Err(LpError::TimeLimit) => {
            eprintln!(
                "dpcert lp: time limit of {} s reached before a certified answer (exit {})",
                options.time_limit.unwrap_or_default(),
                exit::TIME_LIMIT
            );
            return exit::TIME_LIMIT;
        }
        Err(LpError::Symmetry(e)) => {
            eprintln!("dpcert lp: --symmetry refused: {e}");
            return exit::BAD_INPUT;
        }
        Err(LpError::Certificate(e)) => {
            eprintln!(
                "dpcert lp: internal error: the solver's certificate was rejected by the checker: {e}"
            );
            return exit::MISMATCH;
        }
    };
    if json {
        let mut doc = file.certificate_json(&solution);
        if !file.warnings.is_empty() {
            doc["warnings"] = json!(file.warnings);
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).expect("JSON of strings")
        );
    } else {
        print_text(path, &file, &solution);
    }
    exit::OK
}

/// Read `--symmetry FILE` ([`LpFile::parse_generators`]).
fn read_generators(path: &Path, file: &LpFile) -> Result<Vec<Vec<usize>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    file.parse_generators(&text).map_err(|e| e.to_string())
}

fn row_names(file: &LpFile) -> Vec<String> {
    file.model.rows().iter().map(|r| r.name.clone()).collect()
}

fn show(q: &Rational) -> String {
    if *q.denominator_ref() == 1u32 {
        q.to_string()
    } else {
        format!("{q}  (≈ {})", decimal(q, DIGITS))
    }
}

fn print_list(title: &str, v: &[(String, Rational)]) {
    println!("{title}:");
    let width = v.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (n, q) in v {
        println!("  {n:<width$} = {}", show(q));
    }
}

fn print_text(path: &Path, file: &LpFile, solution: &Certificate) {
    let rows = row_names(file);
    let with_rows = |v: &[Rational]| -> Vec<(String, Rational)> {
        rows.iter().cloned().zip(v.iter().cloned()).collect()
    };
    println!("file: {}", path.display());
    println!(
        "model: {}, {} ({}, {}), x >= 0 after substitution",
        count(file.model.n_vars(), "variable", "variables"),
        count(file.model.n_rows(), "row", "rows"),
        count(file.n_constraints, "constraint", "constraints"),
        count(
            file.model.n_rows() - file.n_constraints,
            "upper bound",
            "upper bounds"
        )
    );
    println!("status: {}", solution.status());
    match solution {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => {
            println!("objective: {}", show(value));
            print_list("values", &file.values(primal));
            print_list(
                "duals (shadow prices d objective / d rhs)",
                &with_rows(dual),
            );
            println!(
                "certificate re-checked: ok (primal feasible, dual feasible, primal objective = dual objective)"
            );
        }
        Certificate::Infeasible { farkas } => {
            print_list("Farkas multipliers", &with_rows(farkas));
            println!(
                "certificate re-checked: ok (signs by row type, A^T y <= 0, b^T y > 0: no x satisfies the rows)"
            );
        }
        Certificate::Unbounded { point, ray } => {
            print_list("feasible point", &file.values(point));
            print_list("improving ray", &file.direction(ray));
            println!(
                "certificate re-checked: ok (point feasible, ray keeps every row and strictly improves the objective)"
            );
        }
    }
}
