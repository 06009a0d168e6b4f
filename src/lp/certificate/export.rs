//! The `lp` record of a certificate document (docs/certificates.md, issue 44 item 1): the model
//! as data and the answer, every number an exact rational string, for a checker that shares no
//! code with dpcert (`checker/dpcert_check.py`). A record is written only for a certificate that
//! [`check`] has accepted.

// The error carries the exact numbers at fault, as `check` returns it.
#![allow(clippy::result_large_err)]

use super::{check, CertificateError};
use crate::lp::model::{Certificate, Model, Sense};
use crate::num::Rational;
use serde_json::{json, Map, Value};

/// The version of the certificate format (docs/certificates.md).
pub const CERTIFICATE_VERSION: u32 = 1;

/// `{name: "p/q"}` in order (serde_json's `preserve_order` is not on: keys come out sorted,
/// which the format allows: a vector is keyed by names, never by position).
fn keyed<'a>(names: impl Iterator<Item = &'a String>, v: &[Rational]) -> Value {
    let mut m = Map::new();
    for (n, q) in names.zip(v) {
        m.insert(n.clone(), json!(q.to_string()));
    }
    Value::Object(m)
}

/// The model as data: variables (all `>= 0`), objective, rows (`origin` says whether a row is
/// one of the file's constraints or an upper bound the reader made a row).
fn model_json(model: &Model, n_constraints: usize) -> Value {
    let names = model.var_names();
    let rows: Vec<Value> = model
        .rows()
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut coeffs = Map::new();
            for (j, a) in &row.coeffs {
                coeffs.insert(names[*j].clone(), json!(a.to_string()));
            }
            json!({
                "name": row.name,
                "coefficients": coeffs,
                "sense": row.cmp.symbol(),
                "rhs": row.rhs.to_string(),
                "origin": if i < n_constraints { "constraint" } else { "upper_bound" },
            })
        })
        .collect();
    let mut objective = Map::new();
    for (n, c) in names.iter().zip(model.objective()) {
        if *c != 0u32 {
            objective.insert(n.clone(), json!(c.to_string()));
        }
    }
    json!({
        "objective_sense": match model.sense() {
            Sense::Minimize => "minimize",
            Sense::Maximize => "maximize",
        },
        "variables": names.iter().map(|n| json!({"name": n, "lower": "0"})).collect::<Vec<_>>(),
        "objective": {"coefficients": objective, "offset": model.objective_offset().to_string()},
        "rows": rows,
    })
}

/// One `lp` record: `id` names it in the checker's messages, `source` is the file it came from;
/// the first `n_constraints` rows are the file's constraints, the rest upper bounds. Runs
/// [`check`] first and writes nothing for a certificate it refuses.
pub fn lp_record(
    id: &str,
    source: &str,
    model: &Model,
    n_constraints: usize,
    cert: &Certificate,
) -> Result<Value, CertificateError> {
    check(model, cert)?;
    let vars = model.var_names().iter();
    let rows = || model.rows().iter().map(|r| &r.name);
    let answer = match cert {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => json!({
            "status": "optimal",
            "value": value.to_string(),
            "primal": keyed(vars, primal),
            "dual": keyed(rows(), dual),
        }),
        Certificate::Infeasible { farkas } => json!({
            "status": "infeasible",
            "farkas": keyed(rows(), farkas),
        }),
        Certificate::Unbounded { point, ray } => json!({
            "status": "unbounded",
            "point": keyed(vars.clone(), point),
            "ray": keyed(vars, ray),
        }),
    };
    Ok(json!({
        "kind": "lp",
        "id": id,
        "source": source,
        "model": model_json(model, n_constraints),
        "answer": answer,
    }))
}

/// A certificate document holding `records` (docs/certificates.md).
pub fn document(records: Vec<Value>) -> Value {
    json!({
        "certificate_version": CERTIFICATE_VERSION,
        "producer": format!("dpcert {}", env!("CARGO_PKG_VERSION")),
        "records": records,
    })
}
