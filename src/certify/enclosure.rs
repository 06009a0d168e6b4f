//! The `enclosure` record (docs/certificates.md; issue 44 item 1): a comparison of two real
//! expressions over rational leaves (`+ − × ÷`, `ln`, `exp`, `sqrt`, the binary entropy `h`),
//! decided by dpcert's certified intervals and written with a rational that separates the two
//! enclosures; the checker re-encloses both sides with its own series and remainder bounds.

use crate::num::interval::{refine, DEFAULT_SCHEDULE};
use crate::num::{Decision, Interval, LogLinear, Rational};
use serde_json::{json, Value};

/// A real expression over rational leaves: evaluated by certified intervals ([`Enc::eval`])
/// and written as the record's tree ([`Enc::tree`]), so the record is the expression decided.
#[derive(Clone, Debug)]
pub enum Enc {
    /// A rational leaf.
    Q(Rational),
    /// `+`, `-`, `*`, `/`.
    Bin(&'static str, Box<Enc>, Box<Enc>),
    /// `ln`, `exp`, `sqrt`, `h` (binary entropy in nats).
    Fun(&'static str, Box<Enc>),
}

impl Enc {
    /// The leaf `x`.
    pub fn q(x: &Rational) -> Enc {
        Enc::Q(x.clone())
    }

    /// `a op b` (`op` one of `+ - * /`).
    pub fn bin(op: &'static str, a: Enc, b: Enc) -> Enc {
        Enc::Bin(op, Box::new(a), Box::new(b))
    }

    /// `f(a)` (`f` one of `ln exp sqrt h`).
    pub fn fun(f: &'static str, a: Enc) -> Enc {
        Enc::Fun(f, Box::new(a))
    }

    /// The form `Σ c ln r` as `c₁ ln r₁ + c₂ ln r₂ + …` (`0` for the empty form).
    pub fn log_linear(f: &LogLinear) -> Enc {
        let mut terms = f
            .terms()
            .map(|(r, c)| Enc::bin("*", Enc::q(c), Enc::fun("ln", Enc::q(r))));
        let first = terms.next().unwrap_or(Enc::Q(Rational::from(0u32)));
        terms.fold(first, |acc, t| Enc::bin("+", acc, t))
    }

    /// A certified enclosure at precision `prec`; `None` where an operation is undefined on
    /// the operands' enclosures (a divisor's contains 0, `ln` of a non-positive one, …).
    pub fn eval(&self, prec: u64) -> Option<Interval> {
        Some(match self {
            Enc::Q(x) => Interval::from_rational(x, prec),
            Enc::Bin(op, a, b) => {
                let (x, y) = (a.eval(prec)?, b.eval(prec)?);
                match *op {
                    "+" => x.add(&y),
                    "-" => x.sub(&y),
                    "*" => x.mul(&y),
                    _ => x.checked_div(&y)?,
                }
            }
            Enc::Fun(f, a) => match (*f, &**a) {
                ("ln", Enc::Q(x)) => Interval::ln_rational(x, prec)?,
                ("exp", Enc::Q(x)) => Interval::exp_rational(x, prec),
                ("ln", a) => a.eval(prec)?.ln()?,
                ("exp", a) => a.eval(prec)?.exp(),
                ("sqrt", a) => a.eval(prec)?.sqrt()?,
                (_, a) => a.eval(prec)?.binary_entropy()?,
            },
        })
    }

    /// The tree as the record writes it: a rational string, `[op, a, b]` or `[f, a]`.
    pub fn tree(&self) -> Value {
        match self {
            Enc::Q(x) => json!(x.to_string()),
            Enc::Bin(op, a, b) => json!([op, a.tree(), b.tree()]),
            Enc::Fun(f, a) => json!([f, a.tree()]),
        }
    }
}

/// Decide `lhs rel rhs` (`<`, `<=`, `>`, `>=`) by certified enclosures refined along
/// [`DEFAULT_SCHEDULE`]: the decision, the precision that gave it, and, when it was decided
/// while certificates are recorded, its `enclosure` record.
pub fn decide(lhs: &Enc, rel: &str, rhs: &Enc) -> (Decision, u64, Option<Value>) {
    let at = |prec| Some((lhs.eval(prec)?, rhs.eval(prec)?));
    let cmp = |x: &Interval, y: &Interval| match rel {
        "<" => x.lt(y),
        "<=" => x.le(y),
        ">" => x.gt(y),
        ">=" => x.ge(y),
        _ => panic!("enclosures decide no relation {rel}"),
    };
    let (d, bits) = refine(
        |p| at(p).map_or(Decision::Unknown, |(x, y)| cmp(&x, &y)),
        &DEFAULT_SCHEDULE,
    );
    if d == Decision::Unknown || !crate::certify::recording() {
        return (d, bits, None);
    }
    let holds = d == Decision::True;
    let rec = at(bits).and_then(|(x, y)| {
        // The side shown below the other: lhs when `lhs < rhs` (or ≤) is what was decided.
        let (low, high) = if holds == rel.starts_with('<') {
            (x, y)
        } else {
            (y, x)
        };
        let (a, b) = (low.hi_rational()?, high.lo_rational()?);
        let sep = if a < b {
            (&a + &b) / Rational::from(2u32)
        } else {
            a
        };
        Some(
            json!({"kind": "enclosure", "lhs": lhs.tree(), "relation": rel,
                    "rhs": rhs.tree(), "holds": holds, "separation": sep.to_string(),
                    "bits": bits}),
        )
    });
    (d, bits, rec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> Rational {
        Rational::from_signeds(a, b)
    }

    /// `1 + 1/2 < e^(1/2) ≤ 1 + 1/2 + 1/4` (1.6487…), `e < 2.72` but not `e < 2.71`, `ln 2 <
    /// 0.7`, `√2 > 1.414`, `h(1/2) = ln 2 > 0.69`, `1 ≤ e^0` (a point): by hand, and the
    /// separation lies between the sides.
    #[test]
    fn decides_by_hand_comparisons_with_their_separation() {
        crate::certify::start_recording();
        let e = |x: Rational| Enc::fun("exp", Enc::Q(x));
        let table = [
            (Enc::q(&q(3, 2)), "<", e(q(1, 2)), true),
            (e(q(1, 2)), "<=", Enc::q(&q(7, 4)), true),
            (e(q(1, 1)), "<", Enc::q(&q(272, 100)), true),
            (e(q(1, 1)), "<", Enc::q(&q(271, 100)), false),
            (
                Enc::fun("ln", Enc::q(&q(2, 1))),
                ">=",
                Enc::q(&q(7, 10)),
                false,
            ),
            (
                Enc::fun("sqrt", Enc::q(&q(2, 1))),
                ">",
                Enc::q(&q(1414, 1000)),
                true,
            ),
            (
                Enc::fun("h", Enc::q(&q(1, 2))),
                ">",
                Enc::q(&q(69, 100)),
                true,
            ),
            (Enc::q(&q(1, 1)), "<=", e(q(0, 1)), true),
        ];
        for (l, rel, r, want) in table {
            let (d, _, rec) = decide(&l, rel, &r);
            assert_eq!(
                d,
                Decision::from_bool(want),
                "{:?} {rel} {:?}",
                l.tree(),
                r.tree()
            );
            let rec = rec.expect("a decided comparison has its record");
            assert_eq!(rec["holds"], want);
            let s: Rational = rec["separation"].as_str().unwrap().parse().unwrap();
            let (x, y) = (l.eval(256).unwrap(), r.eval(256).unwrap());
            let (low, high) = if want == rel.starts_with('<') {
                (x, y)
            } else {
                (y, x)
            };
            assert!(low.lo_rational().unwrap() <= s && s <= high.hi_rational().unwrap());
        }
        let tree = Enc::bin("/", Enc::fun("ln", Enc::q(&q(2, 1))), Enc::q(&q(-1, 3))).tree();
        assert_eq!(tree, json!(["/", ["ln", "2"], "-1/3"]));
    }

    /// A division by an enclosure of 0 is undefined, never decided.
    #[test]
    fn an_undefined_side_is_never_decided() {
        let zero = Enc::bin("-", Enc::q(&q(1, 2)), Enc::q(&q(1, 2)));
        let bad = Enc::bin("/", Enc::q(&q(1, 1)), zero);
        assert_eq!(decide(&bad, "<", &Enc::q(&q(1, 1))).0, Decision::Unknown);
    }
}
