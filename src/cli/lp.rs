//! `dpcert lp FILE [--json]`: solve an LP file exactly and print the re-checked certificate.

use super::exit;
use super::progress::Progress;
use crate::lp::{self, parse_lp, LpFile, Solution};
use crate::num::fmt::decimal;
use crate::num::Rational;
use serde_json::{json, Map, Value};
use std::path::Path;

/// Digits after the point in the printed decimals (for people only; exact values come first).
const DIGITS: usize = 6;

/// Run the subcommand; returns the exit code.
pub fn run(path: &Path, json: bool) -> i32 {
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
    // `solve` re-checks the certificate with the independent checker before returning it.
    let progress = Progress::spinner("lp", true);
    progress.phase(&format!(
        "solving {} rows × {} columns exactly (certificate re-checked)",
        file.model.rows().len(),
        file.model.n_vars()
    ));
    let solved = lp::solve(&file.model);
    progress.finish();
    let solution = match solved {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "dpcert lp: internal error: the solver's certificate was rejected by the checker: {e}"
            );
            return exit::MISMATCH;
        }
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&to_json(&file, &solution)).expect("JSON of strings")
        );
    } else {
        print_text(path, &file, &solution);
    }
    exit::OK
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
        "model: {} variables, {} rows ({} constraints, {} upper bounds), x >= 0 after substitution",
        file.model.n_vars(),
        file.model.n_rows(),
        file.n_constraints,
        file.model.n_rows() - file.n_constraints
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
