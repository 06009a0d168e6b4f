//! The `sturm` records of a whole claim `forall t RANGE: C1 and C2 …` (or a conjunction of
//! such statements), each `Ci` a comparison of two sides built from numbers, `t` and
//! `+ - * / ^` only ([`super::sturm_record`]): `dpcert check 'EXPR' --certificate`, and the
//! polynomial steps of the papers' grid cells; a statement over an empty range has its
//! `empty_range` record instead ([`super::vacuous`]). Anything else is refused with the reason,
//! never half-certified.

use super::ast::{BinOp, Expr, ExprKind, Quant, Range};
use super::sturm_record::{constant, record, tree};
use super::symbolic::SymRange;
use crate::certify;
use serde_json::Value;

/// The `sturm` records of the claim `src`, one per comparison, each re-decided here
/// ([`SymRange::decide`]) before it is written; `Err` says why the claim has no such
/// certificate (its shape, or a comparison that does not hold).
pub fn sturm_records(src: &str) -> Result<Vec<Value>, String> {
    let claim = super::parse(src).map_err(|e| e.render(src))?;
    let mut out = Vec::new();
    statements(src, &claim.expr, &mut out)?;
    Ok(out)
}

/// `c` with, while certificates are recorded, the `sturm` records of `statement`, a claim of the
/// claim language `forall t RANGE: C1 and C2 …` that states `c`'s polynomial step; each
/// comparison is re-decided here before its record is written (issue 44 item 6). A statement
/// it cannot certify leaves `c` without them (then not certified).
pub fn with_sturm(mut c: crate::claim::Check, statement: &str) -> crate::claim::Check {
    c.records.extend(recorded_sturm(statement));
    c
}

/// The records [`with_sturm`] attaches: none when certificates are not recorded.
pub fn recorded_sturm(statement: &str) -> Vec<Value> {
    if !certify::recording() {
        return Vec::new();
    }
    sturm_records(statement).unwrap_or_else(|e| {
        debug_assert!(false, "{statement}: {e}");
        Vec::new()
    })
}

fn statements(src: &str, e: &Expr, out: &mut Vec<Value>) -> Result<(), String> {
    match &e.kind {
        ExprKind::Bin(BinOp::And, a, b) => {
            statements(src, a, out)?;
            statements(src, b, out)
        }
        ExprKind::Quant {
            q: Quant::Forall,
            binders,
            filter: None,
            body,
        } if binders.len() == 1 => {
            let Range::Symbolic { lo, lo_open, hi } = &binders[0].range else {
                return Err(shape(src, e));
            };
            let bound = |x: &Expr| {
                constant(src, x, &mut |x: &Expr| {
                    Err(super::sturm_record::not_rational(src, x))
                })
            };
            let range = SymRange {
                name: binders[0].name.clone(),
                lo: bound(lo)?,
                lo_open: *lo_open,
                hi: match hi {
                    Some((h, o)) => Some((bound(h)?, *o)),
                    None => None,
                },
            };
            if range.is_empty() {
                // holds vacuously, whatever the body: its `empty_range` record shows no t exists
                out.push(super::vacuous::record(&range));
                return Ok(());
            }
            comparisons(src, &range, body, out)
        }
        _ => Err(shape(src, e)),
    }
}

fn shape(src: &str, e: &Expr) -> String {
    format!(
        "`{}` is not of the shape `forall t RANGE: comparisons joined by and` that a sturm certificate covers",
        super::eval::text(src, e.span)
    )
}

fn comparisons(src: &str, r: &SymRange, e: &Expr, out: &mut Vec<Value>) -> Result<(), String> {
    match &e.kind {
        ExprKind::Bin(BinOp::And, a, b) => {
            comparisons(src, r, a, out)?;
            comparisons(src, r, b, out)
        }
        ExprKind::Cmp(rel, a, b) => {
            let refuse = &mut |x: &Expr| Err(super::sturm_record::not_rational(src, x));
            let (lt, lf) = tree(src, Some(r), a, refuse)?;
            let (rt, rf) = tree(src, Some(r), b, refuse)?;
            let compared = super::eval::text(src, e.span);
            let rec = record(r, (lt, &lf), *rel, (rt, &rf), &compared, out.len() + 1)?;
            out.push(rec);
            Ok(())
        }
        _ => Err(format!(
            "`{}` is not a comparison",
            super::eval::text(src, e.span)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_comparison_is_written_as_trees_and_the_zero_over_zero_claim_is_refused() {
        let recs = sturm_records("forall t > 1: (t - 1)/(t + 1) = 1 - 2/(t + 1)").unwrap();
        assert_eq!(recs.len(), 1);
        let r = &recs[0];
        assert_eq!(r["kind"], "sturm");
        assert_eq!(r["sign"], "zero");
        assert_eq!(r["domain"]["hi"], Value::Null);
        assert_eq!(r["lhs"], json!(["/", ["-", ["t"], "1"], ["+", ["t"], "1"]]));
        // 0/0 at t = 2: refused at the division, as the claim language refuses it
        let e = sturm_records("forall t in [2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)").unwrap_err();
        assert!(e.contains("division by zero at t = 2"), "{e}");
        // a false comparison, another shape, a call: no certificate
        assert!(sturm_records("forall t in [0, 1]: t <= 1/2").is_err());
        assert!(sturm_records("forall k in 1..3: k > 0").is_err());
        assert!(sturm_records("forall t > 0: exp(t) > 0").is_err());
        // an empty range: vacuous whatever the body (a 0/0 too), shown by its `empty_range`
        // record (a sturm record's checker refuses an empty interval)
        for (empty, lo, hi) in [
            ("forall t in (0, 0]: t > 5", "0", "0"),
            ("forall t in [2, 1]: 0/0 > 5", "2", "1"),
        ] {
            let r = sturm_records(empty).unwrap();
            assert_eq!(r.len(), 1, "{empty}");
            assert_eq!(r[0]["kind"], "empty_range");
            assert_eq!(
                (&r[0]["domain"]["lo"], &r[0]["domain"]["hi"]),
                (&json!(lo), &json!(hi))
            );
        }
        let two = sturm_records(
            "(forall t >= 0: t^2 >= 0) and forall t in (0, 1]: 1/t >= 1 and t^-2 >= 1",
        )
        .unwrap();
        assert_eq!(two.len(), 3);
        assert_eq!(two[0]["sign"], "nonnegative");
        assert_eq!(two[2]["rhs"], "1");
    }
}
