//! The `sturm` certificate record (issue 44 item 1; docs/certificates.md): a comparison of two
//! rational functions of the symbolic `t`, decided for every `t` of its range, written as the
//! two sides' expression trees (numbers, `t`, `+ - * /`, integer powers), the range, the
//! difference as exact coefficient lists and its sign. The checker rebuilds the sides from the
//! trees itself, so every division the claim makes is one it sees, and it refuses a divisor
//! with a root on the range: `(t - 2)/(t^2 - 4) = 1/(t + 2)` on `[2, 3]` (0/0 at `t = 2`) cannot
//! be certified, whatever the reduced difference says.
//!
//! Only claims of one shape are certified here: `forall t RANGE: C1 and C2 …` (or a conjunction
//! of such statements), each `Ci` a comparison of two sides built from numbers, `t` and
//! `+ - * / ^`. Anything else is refused with the reason, never half-certified.

use super::ast::{BinOp, Expr, ExprKind, Quant, Range, Rel};
use super::real::Num;
use super::symbolic::SymRange;
use crate::certify;
use crate::num::sturm::{sign_on_ratfn, SignOnInterval};
use crate::num::{Decision, Poly, RatFn, Rational};
use serde_json::{json, Value};

/// The largest exponent a certified power may have, in absolute value (the checker expands it).
const MAX_EXPONENT: i64 = 1000;

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
            let bound = |x: &Expr| constant(src, x, &mut |x: &Expr| Err(not_rational(src, x)));
            let range = SymRange {
                name: binders[0].name.clone(),
                lo: bound(lo)?,
                lo_open: *lo_open,
                hi: match hi {
                    Some((h, o)) => Some((bound(h)?, *o)),
                    None => None,
                },
            };
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
            let refuse = &mut |x: &Expr| Err(not_rational(src, x));
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

/// The `sturm` record of `lhs rel rhs` on `r` (each side its tree and its value), re-decided
/// here first: `Err` when it does not hold on `r` or its difference has a pole there.
pub(super) fn record(
    r: &SymRange,
    (lt, lf): (Value, &RatFn),
    rel: Rel,
    (rt, rf): (Value, &RatFn),
    compared: &str,
    n: usize,
) -> Result<Value, String> {
    let diff = lf - rf;
    let (d, _) = r.decide(&diff, rel)?;
    if d != Decision::True {
        return Err(format!("`{compared}` does not hold for every {r}"));
    }
    let sign = sign_on_ratfn(&diff, &r.bounded_for(&diff))
        .ok_or_else(|| format!("`{compared}`: the difference has a pole on {r}"))?;
    Ok(json!({
        "kind": "sturm",
        "id": format!("sturm-{n}: {compared}"),
        "variable": r.name,
        "domain": {
            "lo": certify::rational(&r.lo),
            "lo_open": r.lo_open,
            "hi": r.hi.as_ref().map(|(h, _)| certify::rational(h)),
            "hi_open": r.hi.as_ref().is_some_and(|(_, o)| *o),
        },
        "lhs": lt,
        "rel": rel.text(),
        "rhs": rt,
        "difference": {"num": coeffs(&diff.num), "den": coeffs(&diff.den)},
        "sign": sign_text(sign),
    }))
}

fn sign_text(s: SignOnInterval) -> &'static str {
    match s {
        SignOnInterval::Positive => "positive",
        SignOnInterval::Negative => "negative",
        SignOnInterval::IdenticallyZero => "zero",
        SignOnInterval::NonNegative => "nonnegative",
        SignOnInterval::NonPositive => "nonpositive",
        SignOnInterval::Mixed => "mixed",
    }
}

fn coeffs(p: &Poly) -> Value {
    Value::Array(p.coeffs().iter().map(certify::rational).collect())
}

fn constant(src: &str, e: &Expr, leaf: Leaf) -> Result<Rational, String> {
    let (_, v) = tree(src, None, e, leaf)?;
    if v.den == Poly::one() && v.num.is_constant() {
        Ok(v.num.coeff(0))
    } else {
        Err(format!(
            "`{}` is not a constant",
            super::eval::text(src, e.span)
        ))
    }
}

/// A tree's leaf (any sub-expression other than a number, the variable, `-x`, `+ - * / ^`):
/// its tree and value, or why it has none.
pub(super) type Leaf<'a> = &'a mut dyn FnMut(&Expr) -> Result<(Value, RatFn), String>;

fn not_rational(src: &str, e: &Expr) -> String {
    format!(
        "`{}` is not built from numbers, t, + - * / and integer powers",
        super::eval::text(src, e.span)
    )
}

/// The expression tree of `e` (docs/certificates.md, "The `sturm` record") and its value,
/// computed as the claim language does: every divisor that is a function of `t` is checked
/// non-zero on the range ([`SymRange::check_divisor`]) before dividing. `r = None`: a constant
/// (a bound of the range, an exponent), where `t` is refused. Every other sub-expression is
/// a leaf, given by `leaf`.
pub(super) fn tree(
    src: &str,
    r: Option<&SymRange>,
    e: &Expr,
    leaf: Leaf,
) -> Result<(Value, RatFn), String> {
    let divisor = |d: &RatFn| -> Result<(), String> {
        match r {
            Some(r) => r.check_divisor(d),
            None if d.is_zero() => Err("division by zero".into()),
            None => Ok(()),
        }
    };
    Ok(match &e.kind {
        ExprKind::Num(q) => (certify::rational(q), RatFn::constant(q.clone())),
        ExprKind::Var(x) if r.is_some_and(|r| r.name == *x) => (json!(["t"]), RatFn::x()),
        ExprKind::Neg(a) => {
            let (ta, va) = tree(src, r, a, leaf)?;
            (json!(["neg", ta]), -&va)
        }
        ExprKind::Bin(op, a, b) if ARITHMETIC.contains(op) => {
            let (ta, va) = tree(src, r, a, leaf)?;
            if *op == BinOp::Pow {
                let k = constant(src, b, leaf)?;
                let k = i64::try_from(&k)
                    .ok()
                    .filter(|k| k.abs() <= MAX_EXPONENT)
                    .ok_or_else(|| not_rational(src, e))?;
                if k < 0 {
                    divisor(&va)?;
                }
                let v = va.pow(k).ok_or("division by zero")?;
                return Ok((json!(["^", ta, k.to_string()]), v));
            }
            let (tb, vb) = tree(src, r, b, leaf)?;
            let (name, v) = match op {
                BinOp::Add => ("+", &va + &vb),
                BinOp::Sub => ("-", &va - &vb),
                BinOp::Mul => ("*", &va * &vb),
                _ => {
                    divisor(&vb)?;
                    ("/", va.checked_div(&vb).ok_or("division by zero")?)
                }
            };
            (json!([name, ta, tb]), v)
        }
        _ => leaf(e)?,
    })
}

/// The operators a tree shows.
const ARITHMETIC: &[BinOp] = &[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Pow];

/// The leaves of `e`'s tree (see [`tree`]) in the symbolic variable `var`.
pub(super) fn leaves<'e>(e: &'e Expr, var: &str, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Num(_) => {}
        ExprKind::Var(x) if x == var => {}
        ExprKind::Neg(a) => leaves(a, var, out),
        ExprKind::Bin(op, a, b) if ARITHMETIC.contains(op) => {
            leaves(a, var, out);
            leaves(b, var, out);
        }
        _ => out.push(e),
    }
}

/// The pieces of `r` on which every value of `vals` is one rational function: `r` cut at
/// the breakpoints of the piecewise ones (closed at each cut: the values are continuous).
/// `Err` at an irrational breakpoint (no rational end for a record's domain).
pub(super) fn pieces<'v>(
    r: &SymRange,
    vals: impl Iterator<Item = &'v Num>,
) -> Result<Vec<SymRange>, String> {
    let mut cuts: Vec<Rational> = Vec::new();
    for v in vals {
        if let Num::P(p) = v {
            for b in p.breaks() {
                let b = b.as_rational().ok_or("a breakpoint is irrational")?;
                cuts.push(b.clone());
            }
        }
    }
    cuts.sort();
    cuts.dedup();
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut lo = (r.lo.clone(), r.lo_open);
    for c in cuts {
        out.push(SymRange {
            name: r.name.clone(),
            lo: lo.0,
            lo_open: lo.1,
            hi: Some((c.clone(), false)),
        });
        lo = (c, false);
    }
    out.push(SymRange {
        name: r.name.clone(),
        lo: lo.0,
        lo_open: lo.1,
        hi: r.hi.clone(),
    });
    Ok(out)
}

/// The tree and value of a leaf's value `v` on the piece `r` (one of [`pieces`]): a rational,
/// a rational function, or the piece of a piecewise function that holds on `r`; its
/// denominator shown non-zero on `r`.
pub(super) fn leaf_on(r: &SymRange, v: &Num) -> Result<(Value, RatFn), String> {
    let f = match v {
        Num::Rat(q) => return Ok((certify::rational(q), RatFn::constant(q.clone()))),
        Num::T(f) => f.clone(),
        Num::P(p) => {
            let before = p
                .breaks()
                .iter()
                .filter(|b| b.as_rational().is_some_and(|b| *b <= r.lo))
                .count();
            p.pieces()[before].clone()
        }
        n => return Err(format!("{} is not rational in t", n.exact_string())),
    };
    if f.den == Poly::one() {
        return Ok((poly_tree(&f.num), f));
    }
    r.check_divisor(&RatFn::from_poly(f.den.clone()))?;
    Ok((json!(["/", poly_tree(&f.num), poly_tree(&f.den)]), f))
}

/// `p` as a tree: a balanced sum of its terms `c`, `c*t`, `c*t^k`.
fn poly_tree(p: &Poly) -> Value {
    let terms: Vec<Value> = p
        .coeffs()
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0u32)
        .map(|(k, c)| match k {
            0 => certify::rational(c),
            1 => json!(["*", certify::rational(c), ["t"]]),
            _ => json!(["*", certify::rational(c), ["^", ["t"], k.to_string()]]),
        })
        .collect();
    fn sum(ts: &[Value]) -> Value {
        match ts {
            [] => json!("0"),
            [x] => x.clone(),
            _ => json!(["+", sum(&ts[..ts.len() / 2]), sum(&ts[ts.len() / 2..])]),
        }
    }
    sum(&terms)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let two = sturm_records(
            "(forall t >= 0: t^2 >= 0) and forall t in (0, 1]: 1/t >= 1 and t^-2 >= 1",
        )
        .unwrap();
        assert_eq!(two.len(), 3);
        assert_eq!(two[0]["sign"], "nonnegative");
        assert_eq!(two[2]["rhs"], "1");
    }

    /// Issue 44 item 6: a comparison in t inside an instance gets one record per piece of its
    /// piecewise sides (`max(t, 1)` has a break at t = 1), the claim's own divisions as tree
    /// nodes and a leaf's value as num/den; a counterexample at a rational t, both sides'
    /// exact values; the 0/0 claim stays without a certificate.
    #[test]
    fn comparisons_in_t_inside_instances_are_recorded_piece_by_piece() {
        let recs = crate::lang::checker::certificate(
            "P",
            "forall k in 1..2, t >= 0: max(t, 1)/k >= 1/k and max(t, 1) <= t + 1",
        )
        .unwrap();
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        let sturm: Vec<&Value> = recs.iter().filter(|r| r["kind"] == "sturm").collect();
        // 2 instances × 2 comparisons × 2 pieces
        assert_eq!(sturm.len(), 8);
        let first = sturm[0];
        assert_eq!(first["domain"]["lo"], "0");
        assert_eq!(first["domain"]["hi"], "1");
        assert_eq!(first["lhs"], json!(["/", "1", "1"]), "{first}");
        assert_eq!(sturm[1]["domain"]["lo"], "1");
        assert_eq!(sturm[1]["domain"]["hi"], Value::Null);
        assert_eq!(sturm[1]["lhs"], json!(["/", ["*", "1", ["t"]], "1"]));
        let fails = crate::lang::checker::certificate("F", "forall t > 1: t <= 2").unwrap();
        assert_eq!(fails[0]["certified"], true, "{}", fails[0]);
        let cx = &fails[0]["counterexample"];
        let cmp = fails.iter().find(|r| r["kind"] == "compare").unwrap();
        assert_eq!((&cmp["lhs"], &cmp["rhs"]), (&cx["lhs"], &cx["rhs"]));
        assert_eq!(cmp["holds"], false);
        let zero = crate::lang::checker::certificate(
            "Z",
            "forall k in 1..2, t in [2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)",
        );
        assert!(zero.map_or(true, |r| r[0]["certified"] != true));
    }
}
