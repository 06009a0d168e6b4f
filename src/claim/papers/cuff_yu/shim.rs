//! Exact distribution quantities on plain rational vectors, used by the Cuff–Yu, Vadhan and
//! cross-document checkers.
//!
//! TEMPORARY: these are the definitions of `cuff-yu.md` §0 written directly on slices while
//! `crate::measure` is being built; each function is replaced by the measure layer's version
//! as it lands on main. Every function here is tested against a naive reference (enumeration
//! of all events) below.

use crate::num::Rational;

/// `max(x, 0)`.
pub fn pos(x: Rational) -> Rational {
    if x > 0u32 {
        x
    } else {
        Rational::from(0u32)
    }
}

/// One-sided hockey-stick divergence `δ_{P→Q}(t) = Σ_ω (P(ω) − t·Q(ω))^+`
/// (`cuff-yu.md` §0; the max over events includes ∅, so it is ≥ 0).
pub fn hockey(p: &[Rational], q: &[Rational], t: &Rational) -> Rational {
    p.iter()
        .zip(q)
        .map(|(a, b)| pos(a - t * b))
        .sum::<Rational>()
}

/// Two-sided `δ_{P,Q}(t) = max(δ_{P→Q}(t), δ_{Q→P}(t))`; `P ≈(ε,δ) Q ⇔ δ_{P,Q}(e^ε) ≤ δ`.
pub fn hockey2(p: &[Rational], q: &[Rational], t: &Rational) -> Rational {
    let a = hockey(p, q, t);
    let b = hockey(q, p, t);
    if a >= b {
        a
    } else {
        b
    }
}

/// Total variation, half-L1: `½ Σ |P − Q|` (= `max_A |P(A) − Q(A)|`).
pub fn tv(p: &[Rational], q: &[Rational]) -> Rational {
    l1(p, q) / Rational::from(2u32)
}

/// Full L1 distance `Σ |P − Q|`.
pub fn l1(p: &[Rational], q: &[Rational]) -> Rational {
    use malachite::base::num::arithmetic::traits::Abs;
    p.iter().zip(q).map(|(a, b)| (a - b).abs()).sum()
}

/// A likelihood ratio that may be infinite (`x/0` with `x > 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ratio {
    Finite(Rational),
    Infinite,
}

impl Ratio {
    /// `self ≤ t` (∞ ≤ t is false).
    pub fn le(&self, t: &Rational) -> bool {
        match self {
            Ratio::Finite(x) => x <= t,
            Ratio::Infinite => false,
        }
    }
    fn max(self, other: Ratio) -> Ratio {
        match (self, other) {
            (Ratio::Infinite, _) | (_, Ratio::Infinite) => Ratio::Infinite,
            (Ratio::Finite(a), Ratio::Finite(b)) => Ratio::Finite(if a >= b { a } else { b }),
        }
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ratio::Finite(x) => write!(f, "{x}"),
            Ratio::Infinite => f.write_str("inf"),
        }
    }
}

/// `exp D_∞(P‖Q) = max_{ω: P(ω) > 0} P(ω)/Q(ω)` (points with `P(ω) = 0` are skipped,
/// `x/0 = ∞` for `x > 0`).
pub fn max_ratio(p: &[Rational], q: &[Rational]) -> Ratio {
    let mut best = Ratio::Finite(Rational::from(0u32));
    for (a, b) in p.iter().zip(q) {
        if *a > 0u32 {
            let r = if *b > 0u32 {
                Ratio::Finite(a / b)
            } else {
                Ratio::Infinite
            };
            best = best.max(r);
        }
    }
    best
}

/// Two-sided ratio `max(exp D_∞(P‖Q), exp D_∞(Q‖P))`: `P ≈(ε,0) Q ⇔ this ≤ e^ε`.
pub fn max_ratio2(p: &[Rational], q: &[Rational]) -> Ratio {
    max_ratio(p, q).max(max_ratio(q, p))
}

/// Probability of an event given by a bit mask.
pub fn prob_of(p: &[Rational], mask: u64) -> Rational {
    (0..p.len())
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| p[i].clone())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::common::{r, simplex};
    use super::*;

    /// Naive reference: max over all 2^|Ω| events of P(A) − t·Q(A).
    fn hockey_naive(p: &[Rational], q: &[Rational], t: &Rational) -> Rational {
        (0..1u64 << p.len())
            .map(|m| prob_of(p, m) - t * prob_of(q, m))
            .max()
            .unwrap()
    }

    #[test]
    fn hockey_table() {
        let p = [r(1, 2), r(1, 2), r(0, 1)];
        let q = [r(1, 4), r(1, 4), r(1, 2)];
        assert_eq!(hockey(&p, &q, &r(1, 1)), r(1, 2));
        assert_eq!(hockey(&p, &q, &r(2, 1)), r(0, 1));
        assert_eq!(hockey(&q, &p, &r(2, 1)), r(1, 2));
        assert_eq!(tv(&p, &q), r(1, 2));
        assert_eq!(max_ratio(&p, &q), Ratio::Finite(r(2, 1)));
        assert_eq!(max_ratio(&q, &p), Ratio::Infinite);
    }

    #[test]
    fn hockey_matches_event_enumeration() {
        let pts = simplex(3, 4);
        for t in [r(1, 1), r(3, 2), r(4, 1)] {
            for p in &pts {
                for q in &pts {
                    assert_eq!(hockey(p, q, &t), hockey_naive(p, q, &t));
                    let mask = (0..p.len())
                        .filter(|&i| p[i] > &t * &q[i])
                        .fold(0u64, |m, i| m | 1 << i);
                    assert_eq!(prob_of(p, mask) - &t * prob_of(q, mask), hockey(p, q, &t));
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn tv_is_hockey_at_one(a in 0u32..=6, b in 0u32..=6, c in 0u32..=6, d in 0u32..=6) {
            let p = [Rational::from_unsigneds(a, 6), Rational::from_unsigneds(6 - a, 6)];
            let q = [Rational::from_unsigneds(b.min(c.max(d)), 6), Rational::from_unsigneds(6 - b.min(c.max(d)), 6)];
            proptest::prop_assert_eq!(tv(&p, &q), hockey(&p, &q, &r(1, 1)));
        }
    }
}
