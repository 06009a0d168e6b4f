//! The `holds_for_all` certificate records of the steps (issue 44 item 1; docs/certificates.md):
//! the polynomials of a rational identity or a sign certificate as exact data, with the
//! domain's corner, for the independent checker (`checker/kind_holds_for_all.py`), which
//! redoes the expansion and the shift itself. A record is built only for a step
//! [`Step::check`] has accepted (`ForAll::check` calls this after it).
//!
//! Every step kind has a record; a [`super::Compound`] step gives its own
//! ([`super::Compound::record`]), or none, and then the part is counted as not certified.

use super::{Domain, Step};
use crate::certify::rational;
use crate::num::hypergeom::{Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn};
use serde_json::{json, Value};

/// The record of `step` (a part of claim `claim`), or `None` for a step kind without one.
pub fn record(claim: &str, part: usize, statement: &str, d: &Domain, step: &Step) -> Option<Value> {
    let data = match step {
        Step::Rational { lhs, rhs } => json!({
            "step": "rational_identity", "lhs": ratfn(lhs), "rhs": ratfn(rhs),
        }),
        Step::Positive { r } => json!({"step": "sign", "strict": true, "r": ratfn(r)}),
        Step::NonNegative { r } => json!({"step": "sign", "strict": false, "r": ratfn(r)}),
        Step::Wz { f, g, n0 } => json!({"step": "wz", "f": [term(f)], "g": [term(g)], "n0": n0}),
        Step::PartialSum {
            summand,
            closed,
            n0,
        } => json!({
            "step": "partial_sum", "summand": [term(summand)],
            "closed": closed.iter().map(term).collect::<Vec<_>>(), "n0": n0,
        }),
        Step::Terms { terms, n0 } => json!({
            "step": "term_identity", "terms": terms.iter().map(term).collect::<Vec<_>>(), "n0": n0,
        }),
        Step::PositiveTerm {
            term: t,
            n0,
            lo,
            hi,
        } => json!({
            "step": "positive_term", "term": [term(t)], "n0": n0,
            "lo": lin(lo), "hi": hi.as_ref().map(lin),
        }),
        Step::OrbitLp(c) => c.record()?,
    };
    let mut rec = json!({
        "kind": "holds_for_all",
        "id": format!("{claim} part {part}"),
        "statement": statement,
        "domain": domain(d),
    });
    rec.as_object_mut()?.extend(data.as_object()?.clone());
    Some(rec)
}

fn domain(d: &Domain) -> Value {
    let lows: Vec<Value> = d
        .lows
        .iter()
        .map(|(x, lo, strict)| json!({"var": x, "low": rational(lo), "strict": strict}))
        .collect();
    json!({"text": d.text, "lows": lows})
}

/// A polynomial as its terms `[coefficient, {variable: exponent}]`.
pub(super) fn poly(p: &MPoly) -> Value {
    Value::Array(p.terms().map(|(m, c)| json!([rational(c), m])).collect())
}

fn lin(l: &Lin) -> [i64; 3] {
    [l.n, l.k, l.c]
}

/// A hypergeometric term (pub(super): the parametric LP's record is made of them): `coeff · poly · Π (a n + b k + c)!^e · Π base^(a n + b k + c)`.
pub(super) fn term(t: &Term) -> Value {
    json!({
        "coeff": ratfn(&t.coeff),
        "poly": poly(&t.poly),
        "facts": t.facts.iter().map(|(l, e)| json!([l.n, l.k, l.c, e])).collect::<Vec<_>>(),
        "powers": t.powers.iter().map(|(b, l)| json!([ratfn(b), lin(l)])).collect::<Vec<_>>(),
    })
}

pub(super) fn ratfn(r: &MRatFn) -> Value {
    json!({
        "num": poly(&r.num),
        "den": poly(&r.den),
        "divisors": r.divisors.iter().map(poly).collect::<Vec<_>>(),
    })
}
