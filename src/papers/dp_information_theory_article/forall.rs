//! Claims of the article certified for every length (issue 32): the partial sums of the mean
//! of the geometric distribution (ART-37), by a closed partial sum (Gosper's form) and sign
//! certificates that `claim::forall` re-checks.
//!
//! The summation machinery's `k` is the article's index; `0 < δ < 1` is written
//! `δ = 1/(1+s)` with `s > 0`, so that `δ` and `1 − δ = s/(1+s)` are positive by a sign
//! certificate on a lower bound alone.

use crate::claim::forall::{int, rf, var, Domain, ForAll, Part, Step};
use crate::num::hypergeom::{Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn, Point};
use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;

/// `δ = 1/(1+s)`.
fn delta() -> MRatFn {
    MRatFn::new(MPoly::one(), int(1).add(&var("s"))).expect("1 + s is not zero")
}

/// `1 − δ = s/(1+s)`.
fn one_minus_delta() -> MRatFn {
    rf(MPoly::one()).sub(&delta())
}

fn term(coeff: MRatFn, poly: MPoly, exp: Lin) -> Term {
    Term::new(coeff, poly, vec![], vec![(one_minus_delta(), exp)]).expect("a valid term")
}

fn art37() -> ForAll {
    // s(k) = k δ (1−δ)^(k−1); A(l) = Σ_{k<l} s(k) = P(l − 1) with the printed
    // P(K) = (1 − (1−δ)^K (1 + Kδ))/δ, i.e. A(l) = (1+s) − (s + l)(1−δ)^(l−1).
    let summand = term(delta(), var("k"), Lin::new(0, 1, -1));
    let a1 =
        Term::new(rf(int(1).add(&var("s"))), MPoly::one(), vec![], vec![]).expect("a valid term");
    let a2 = term(
        rf(MPoly::one()),
        var("s").add(&var("k")).neg(),
        Lin::new(0, 1, -1),
    );
    let cross = [99, 9, 1]
        .into_iter()
        .map(|s| {
            let mut p = Point::new();
            p.insert("s".into(), Rational::from(s));
            (60, p)
        })
        .collect();
    ForAll {
        id: "ART-37",
        domain: Domain {
            lows: vec![("s", Rational::ZERO, true)],
            text: "every K >= 1 and 0 < delta < 1 (delta = 1/(1+s), s > 0)".into(),
        },
        hypotheses: vec![],
        parts: vec![
            Part {
                statement: "sum_{k<=K} k delta (1-delta)^(k-1) = (1 - (1-delta)^K (1 + K delta))/delta for every K >= 0 (the sum up to l - 1 = K as A(l))".into(),
                step: Step::PartialSum {
                    summand,
                    closed: vec![a1, a2],
                    n0: 0,
                },
            },
            Part {
                statement: "1/delta - S_K = (1-delta)^K (1 + K delta)/delta = (1-delta)^K (1 + s + K) > 0: every partial sum is below 1/delta".into(),
                step: Step::PositiveTerm {
                    term: term(
                        rf(MPoly::one()),
                        int(1).add(&var("s")).add(&var("k")),
                        Lin::new(0, 1, 0),
                    ),
                    n0: 0,
                    lo: Lin::new(0, 0, 0),
                    hi: None,
                },
            },
            Part {
                statement: "S_(K+1) - S_K = (K+1) delta (1-delta)^K > 0: the partial sums increase (their limit 1/delta, i.e. (1-delta)^K K -> 0, is not certified; the grid does not check it either)".into(),
                step: Step::PositiveTerm {
                    term: term(delta(), var("k").add(&int(1)), Lin::new(0, 1, 0)),
                    n0: 0,
                    lo: Lin::new(0, 0, 0),
                    hi: None,
                },
            },
        ],
        cross,
    }
}

/// Every certificate of this document.
pub fn certificates() -> Vec<ForAll> {
    vec![art37()]
}
