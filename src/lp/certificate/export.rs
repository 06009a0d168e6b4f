//! The `lp` record of a certificate document (docs/certificates.md, issue 44 item 1): the model
//! as data and the answer, every number an exact rational string, for a checker that shares no
//! code with dpcert (`checker/dpcert_check.py`). A record is written only for a certificate that
//! [`check`] has accepted.

// The error carries the exact numbers at fault, as `check` returns it.
#![allow(clippy::result_large_err)]

use super::{check, dual_bound, CertificateError};
use crate::lp::model::{Certificate, Model, Sense};
use crate::num::Rational;
use serde_json::{json, Map, Value};

/// `{name: "p/q"}` in order (serde_json's `preserve_order` is not on: keys come out sorted,
/// which the format allows: a vector is keyed by names, never by position).
fn keyed<'a>(names: impl Iterator<Item = &'a String>, v: &[Rational]) -> Value {
    let mut m = Map::new();
    for (n, q) in names.zip(v) {
        m.insert(n.clone(), exact(q));
    }
    Value::Object(m)
}

/// An exact rational as the format writes it.
fn exact(q: &Rational) -> Value {
    Value::String(q.to_string())
}

/// A JSON object of `fields`, the values moved in (`json!` would serialise each value into a
/// copy: the model of every LP a claim certifies, issue 44 item 2).
fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
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
                coeffs.insert(names[*j].clone(), exact(a));
            }
            let origin = if i < n_constraints {
                "constraint"
            } else {
                "upper_bound"
            };
            object([
                ("name", Value::String(row.name.clone())),
                ("coefficients", Value::Object(coeffs)),
                ("sense", json!(row.cmp.symbol())),
                ("rhs", exact(&row.rhs)),
                ("origin", json!(origin)),
            ])
        })
        .collect();
    let mut objective = Map::new();
    for (n, c) in names.iter().zip(model.objective()) {
        if *c != 0u32 {
            objective.insert(n.clone(), exact(c));
        }
    }
    let sense = match model.sense() {
        Sense::Minimize => "minimize",
        Sense::Maximize => "maximize",
    };
    let variables = names.iter().map(|n| json!({"name": n, "lower": "0"}));
    object([
        ("objective_sense", json!(sense)),
        ("variables", variables.collect()),
        (
            "objective",
            object([
                ("coefficients", Value::Object(objective)),
                ("offset", exact(model.objective_offset())),
            ]),
        ),
        ("rows", Value::Array(rows)),
    ])
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
        } => object([
            ("status", json!("optimal")),
            ("value", exact(value)),
            ("primal", keyed(vars, primal)),
            ("dual", keyed(rows(), dual)),
        ]),
        Certificate::Infeasible { farkas } => object([
            ("status", json!("infeasible")),
            ("farkas", keyed(rows(), farkas)),
        ]),
        Certificate::Unbounded { point, ray } => object([
            ("status", json!("unbounded")),
            ("point", keyed(vars.clone(), point)),
            ("ray", keyed(vars, ray)),
        ]),
    };
    Ok(record(id, source, model_json(model, n_constraints), answer))
}

/// The `lp` record of a model and its answer.
fn record(id: &str, source: &str, model: Value, answer: Value) -> Value {
    object([
        ("kind", json!("lp")),
        ("id", json!(id)),
        ("source", json!(source)),
        ("model", model),
        ("answer", answer),
    ])
}

/// An `lp` record whose answer is a `bound` (issue 44 item 1): the dual point `dual` proves that
/// the optimum is at least (minimize; at most, maximize) `b·y + offset`, the record's `value`.
/// A step that needs only that side of an LP (a certified lower bound) writes this; its dual
/// is checked by [`dual_bound`] first, and nothing is written for one it refuses.
pub fn bound_record(
    id: &str,
    source: &str,
    model: &Model,
    dual: &[Rational],
) -> Result<Value, CertificateError> {
    let value = dual_bound(model, dual)?;
    let rows = model.rows().iter().map(|r| &r.name);
    let answer = object([
        ("status", json!("bound")),
        ("value", exact(&value)),
        ("dual", keyed(rows, dual)),
    ]);
    Ok(record(
        id,
        source,
        model_json(model, model.rows().len()),
        answer,
    ))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::lp::model::Cmp;

    fn r(n: i64, d: i64) -> Rational {
        Rational::from_signeds(n, d)
    }

    /// max x + y, 2x + y <= 4, x + 3y <= 6: optimum 14/5 at (6/5, 8/5), duals (2/5, 1/5) by hand.
    pub(in crate::lp::certificate) fn two_rows() -> Model {
        let mut m = Model::new(Sense::Maximize);
        let x = m.add_var("x");
        let y = m.add_var("y");
        m.set_objective(&[(x, r(1, 1)), (y, r(1, 1))]);
        m.add_row(&[(x, r(2, 1)), (y, r(1, 1))], Cmp::Le, r(4, 1));
        m.add_row(&[(x, r(1, 1)), (y, r(3, 1))], Cmp::Le, r(6, 1));
        m
    }

    fn optimal(x: Rational) -> Certificate {
        Certificate::Optimal {
            value: r(14, 5),
            primal: vec![x, r(8, 5)],
            dual: vec![r(2, 5), r(1, 5)],
        }
    }

    /// A dual point alone is a `bound`: y = (1, 0) has Aᵀy = (2, 1) >= c = (1, 1), so the
    /// maximum is at most b·y = 4 (by hand; the optimum is 14/5); a dual of the wrong sign or
    /// an infeasible one is refused.
    #[test]
    fn a_dual_point_alone_is_written_as_a_bound() {
        let m = two_rows();
        let v = bound_record("b", "b.lp", &m, &[r(1, 1), r(0, 1)]).unwrap();
        assert_eq!(v["answer"]["status"], "bound");
        assert_eq!(v["answer"]["value"], "4");
        assert!(v["answer"].get("primal").is_none());
        assert!(bound_record("b", "b.lp", &m, &[r(-1, 1), r(2, 1)]).is_err());
        assert!(bound_record("b", "b.lp", &m, &[r(0, 1), r(1, 5)]).is_err());
    }

    #[test]
    fn a_record_holds_the_model_and_the_answer_as_exact_strings() {
        let v = lp_record("t", "t.lp", &two_rows(), 2, &optimal(r(6, 5))).unwrap();
        assert_eq!(v["kind"], "lp");
        assert_eq!(v["model"]["objective_sense"], "maximize");
        assert_eq!(v["model"]["rows"][1]["coefficients"]["y"], "3");
        assert_eq!(v["model"]["rows"][1]["sense"], "<=");
        assert_eq!(v["answer"]["value"], "14/5");
        assert_eq!(v["answer"]["primal"]["x"], "6/5");
        assert_eq!(v["answer"]["dual"]["r0"], "2/5");
    }

    /// No record for a certificate `check` refuses: x moved by 1/10^30 breaks row r0 (2x + y <= 4).
    #[test]
    fn no_record_for_a_refused_certificate() {
        let tiny: Rational = "1/1000000000000000000000000000000".parse().unwrap();
        let e = lp_record("t", "t.lp", &two_rows(), 2, &optimal(r(6, 5) + tiny)).unwrap_err();
        assert!(
            matches!(e, CertificateError::Row { ref row, .. } if row == "r0"),
            "{e}"
        );
    }
}
