//! `dpcert lp FILE [--json] [--time-limit SECS] [--symmetry FILE] [--stats]`: solve an LP file
//! exactly and print the re-checked certificate.

use super::exit;
use super::progress::Progress;
use crate::lp::{self, parse_lp, LpFile, Solution, SolveError, SymmetryError};
use crate::num::fmt::count;
use crate::num::fmt::decimal;
use crate::num::Rational;
use serde_json::{json, Map, Value};
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
    let started = Instant::now();
    let solved = match &generators {
        None => lp::solve_within(&file.model, deadline).map(|(s, stats)| (s, stats.summary())),
        Some(g) => match lp::solve_symmetric_within(&file.model, g, deadline) {
            Ok(s) => {
                let note = s.note();
                Ok((s.solution, note))
            }
            Err(SymmetryError::TimeLimit) => Err(SolveError::TimeLimit),
            Err(SymmetryError::Certificate(e)) => Err(SolveError::Certificate(e)),
            Err(e) => {
                progress.finish();
                eprintln!("dpcert lp: --symmetry refused: {e}");
                return exit::BAD_INPUT;
            }
        },
    };
    progress.finish();
    let solution = match solved {
        Ok((s, note)) => {
            if options.stats {
                eprintln!(
                    "dpcert lp: {:.3} s in all; {note}",
                    started.elapsed().as_secs_f64()
                );
            }
            s
        }
        Err(SolveError::TimeLimit) => {
            eprintln!(
                "dpcert lp: time limit of {} s reached before a certified answer (exit {})",
                options.time_limit.unwrap_or_default(),
                exit::TIME_LIMIT
            );
            return exit::TIME_LIMIT;
        }
        Err(SolveError::Certificate(e)) => {
            eprintln!(
                "dpcert lp: internal error: the solver's certificate was rejected by the checker: {e}"
            );
            return exit::MISMATCH;
        }
    };
    if json {
        let mut doc = to_json(&file, &solution);
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

/// Parse `--symmetry FILE`: one generator per line in cycle notation over the LP file's variable
/// names (`(a b c)(d e)`; `#` starts a comment), as permutations of the model's variables. A file
/// variable stands for model variables through its substitution (`x = l + x'`, `x = x⁺ - x⁻`);
/// two variables in a cycle must have substitutions of the same shape, and are mapped part by
/// part. Whether the permutations really are symmetries is checked later, exactly.
pub fn read_generators(path: &Path, file: &LpFile) -> Result<Vec<Vec<usize>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let by_name: std::collections::HashMap<&str, usize> = file
        .vars
        .iter()
        .enumerate()
        .map(|(k, v)| (v.name.as_str(), k))
        .collect();
    let mut generators = Vec::new();
    for (line_no, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |msg: String| format!("line {}: {msg}", line_no + 1);
        let mut g: Vec<usize> = (0..file.model.n_vars()).collect();
        let mut moved = vec![false; file.model.n_vars()];
        let mut rest = line;
        while !rest.is_empty() {
            let Some(body) = rest.strip_prefix('(') else {
                return Err(at(format!("expected '(' at {rest:?}")));
            };
            let Some(close) = body.find(')') else {
                return Err(at("a cycle is not closed with ')'".into()));
            };
            let names: Vec<&str> = body[..close].split_whitespace().collect();
            let mut cycle = Vec::with_capacity(names.len());
            for n in &names {
                cycle.push(
                    *by_name
                        .get(n)
                        .ok_or_else(|| at(format!("unknown variable {n:?}")))?,
                );
            }
            for (k, &a) in cycle.iter().enumerate() {
                let b = cycle[(k + 1) % cycle.len()];
                let (va, vb) = (&file.vars[a], &file.vars[b]);
                let same_shape = va.offset == vb.offset
                    && va.parts.len() == vb.parts.len()
                    && va.parts.iter().zip(&vb.parts).all(|(p, q)| p.1 == q.1);
                if !same_shape {
                    return Err(at(format!(
                        "{} and {} have different bounds, so no symmetry maps one to the other",
                        va.name, vb.name
                    )));
                }
                for (p, q) in va.parts.iter().zip(&vb.parts) {
                    if std::mem::replace(&mut moved[p.0 .0], true) {
                        return Err(at(format!("{} appears twice", va.name)));
                    }
                    g[p.0 .0] = q.0 .0;
                }
            }
            rest = body[close + 1..].trim_start();
        }
        generators.push(g);
    }
    if generators.is_empty() {
        return Err("no generators (one per line, e.g. `(x y)(u v)`)".into());
    }
    Ok(generators)
}

fn row_names(file: &LpFile) -> Vec<String> {
    file.model.rows().iter().map(|r| r.name.clone()).collect()
}

fn named(names: &[String], v: &[Rational]) -> Map<String, Value> {
    names
        .iter()
        .zip(v)
        .map(|(n, q)| (n.clone(), Value::String(q.to_string())))
        .collect()
}

fn pairs(v: &[(String, Rational)]) -> Map<String, Value> {
    v.iter()
        .map(|(n, q)| (n.clone(), Value::String(q.to_string())))
        .collect()
}

/// The `--json` document: `status`, `objective`, `values`, `duals` (or `farkas`, or `ray`),
/// `certificate_checked`.
pub fn to_json(file: &LpFile, solution: &Solution) -> Value {
    let rows = row_names(file);
    match solution {
        Solution::Optimal {
            value,
            primal,
            dual,
        } => json!({
            "status": "optimal",
            "objective": value.to_string(),
            "objective_decimal": decimal(value, DIGITS),
            "values": pairs(&file.values(primal)),
            "duals": named(&rows, dual),
            "certificate_checked": true,
        }),
        Solution::Infeasible { farkas } => json!({
            "status": "infeasible",
            "farkas": named(&rows, farkas),
            "certificate_checked": true,
        }),
        Solution::Unbounded { point, ray } => json!({
            "status": "unbounded",
            "values": pairs(&file.values(point)),
            "ray": pairs(&file.direction(ray)),
            "certificate_checked": true,
        }),
    }
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

fn print_text(path: &Path, file: &LpFile, solution: &Solution) {
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
        Solution::Optimal {
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
        Solution::Infeasible { farkas } => {
            print_list("Farkas multipliers", &with_rows(farkas));
            println!(
                "certificate re-checked: ok (signs by row type, A^T y <= 0, b^T y > 0: no x satisfies the rows)"
            );
        }
        Solution::Unbounded { point, ray } => {
            print_list("feasible point", &file.values(point));
            print_list("improving ray", &file.direction(ray));
            println!(
                "certificate re-checked: ok (point feasible, ray keeps every row and strictly improves the objective)"
            );
        }
    }
}
