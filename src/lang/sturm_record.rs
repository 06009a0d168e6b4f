//! The `sturm` certificate record (issue 44 item 1; docs/certificates.md): a comparison of two
//! rational functions of the symbolic `t`, decided for every `t` of its range, written as the
//! two sides' expression trees (numbers, `t`, `+ - * /`, integer powers), the range, the
//! difference as exact coefficient lists and its sign. The checker rebuilds the sides from the
//! trees itself, so every division the claim makes is one it sees, and it refuses a divisor
//! with a root on the range: `(t - 2)/(t^2 - 4) = 1/(t + 2)` on `[2, 3]` (0/0 at `t = 2`) cannot
//! be certified, whatever the reduced difference says.
//!
//! A tree's other sub-expressions (a call, a bound name) are leaves written as their values,
//! one record per piece of the piecewise ones (issue 44 item 6, the evaluator's `sturm_of`); a whole
//! claim `forall t RANGE: C1 and C2 …` has no leaves ([`super::sturm_claim`]).

use super::ast::{BinOp, Expr, ExprKind, Rel};
use super::real::Num;
use super::symbolic::{holds_with, SymRange};
use crate::certify;
use crate::num::sturm::SignOnInterval;
use crate::num::{Poly, RatFn, Rational};
use serde_json::{json, Value};

/// The largest exponent a certified power may have, in absolute value (the checker expands it).
const MAX_EXPONENT: i64 = 1000;

/// The `sturm` record of `lhs rel rhs` on `r` (each side its tree and its value), re-decided
/// here first by the one sign the record shows: `Err` when it does not hold on `r`, its
/// difference has a pole there, or `r` is empty (nothing for a record to show).
pub(super) fn record(
    r: &SymRange,
    (lt, lf): (Value, &RatFn),
    rel: Rel,
    (rt, rf): (Value, &RatFn),
    compared: &str,
    n: usize,
) -> Result<Value, String> {
    let diff = lf - rf;
    if r.is_empty() {
        return Err(format!("the range {r} is empty"));
    }
    let sign = r.sign(&diff)?;
    if !holds_with(sign, rel) {
        return Err(format!("`{compared}` does not hold for every {r}"));
    }
    Ok(json!({
        "kind": "sturm",
        "id": format!("sturm-{n}: {compared}"),
        "variable": r.name,
        "domain": super::vacuous::domain(r),
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

pub(super) fn constant(src: &str, e: &Expr, leaf: Leaf) -> Result<Rational, String> {
    let (_, v) = tree(src, None, e, leaf)?;
    if v.den == Poly::one() && v.num.is_constant() {
        Ok(v.num.coeff(0))
    } else {
        Err(format!("`{}` is not a constant", text(src, e)))
    }
}

/// A tree's leaf (any sub-expression other than a number, the variable, `-x`, `+ - * / ^`):
/// its tree and value, or why it has none.
pub(super) type Leaf<'a> = &'a mut dyn FnMut(&Expr) -> Result<(Value, RatFn), String>;

/// `e`'s source text.
fn text<'s>(src: &'s str, e: &Expr) -> &'s str {
    src.get(e.span.start..e.span.end).unwrap_or("").trim()
}

pub(super) fn not_rational(src: &str, e: &Expr) -> String {
    format!(
        "`{}` is not built from numbers, t, + - * / and integer powers",
        text(src, e)
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
