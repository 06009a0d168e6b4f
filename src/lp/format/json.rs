//! The JSON form of an LP answer in the names of an LP file (`dpcert lp --json`).

use crate::lp::format::LpFile;
use crate::lp::model::Certificate;
use crate::num::fmt::decimal;
use crate::num::Rational;
use serde_json::{json, Map, Value};

/// Digits after the point of `objective_decimal` (for people only; the exact value comes first).
const DIGITS: usize = 6;

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

impl LpFile {
    /// The document of `dpcert lp --json` (and of the Python `solve_lp()`): `status`,
    /// `objective` (exact, and `objective_decimal`), `values` of the file's variables, `duals`
    /// by row name (or `farkas`, or the feasible point's `values` and the `ray`), and
    /// `certificate_checked`. Call it with a certificate [`crate::lp::solve`] returned (or one
    /// [`crate::lp::check`] accepted on this file's model).
    pub fn certificate_json(&self, solution: &Certificate) -> Value {
        let file = self;
        let rows = row_names(file);
        match solution {
            Certificate::Optimal {
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
            Certificate::Infeasible { farkas } => json!({
                "status": "infeasible",
                "farkas": named(&rows, farkas),
                "certificate_checked": true,
            }),
            Certificate::Unbounded { point, ray } => json!({
                "status": "unbounded",
                "values": pairs(&file.values(point)),
                "ray": pairs(&file.direction(ray)),
                "certificate_checked": true,
            }),
        }
    }
}
