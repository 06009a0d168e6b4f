//! Distances and divergences between two distributions on the same finite set, as plain exact
//! rational vectors (Dwork–Roth §2–3; Cuff–Yu 2016 §0; Vadhan 2017 §1): the one- and two-sided
//! hockey-stick divergence, L1, the max-ratio `exp D_∞`, and event probabilities. (TV and the
//! hockey-stick with its attaining event are in [`super::dp`].)

use super::dp::hockey_stick;
use super::ExtRational;
use crate::num::Rational;

/// `max(x, 0)`.
pub fn positive_part(x: Rational) -> Rational {
    if x > 0u32 {
        x
    } else {
        Rational::from(0u32)
    }
}

/// The one-sided hockey-stick divergence `δ_{P→Q}(t) = Σ_ω (P(ω) − t·Q(ω))^+ ≥ 0`.
pub fn hockey_stick_divergence(p: &[Rational], q: &[Rational], t: &Rational) -> Rational {
    hockey_stick(p, q, t).delta
}

/// The two-sided `δ_{P,Q}(t) = max(δ_{P→Q}(t), δ_{Q→P}(t))`: `P ≈(ε,δ) Q ⇔ δ_{P,Q}(e^ε) ≤ δ`.
pub fn hockey_stick_two_sided(p: &[Rational], q: &[Rational], t: &Rational) -> Rational {
    hockey_stick_divergence(p, q, t).max(hockey_stick_divergence(q, p, t))
}

/// The L1 distance `Σ |P − Q|` (twice the total variation).
pub fn l1_distance(p: &[Rational], q: &[Rational]) -> Rational {
    use malachite::base::num::arithmetic::traits::Abs;
    p.iter().zip(q).map(|(a, b)| (a - b).abs()).sum()
}

/// `exp D_∞(P‖Q) = max_{ω: P(ω) > 0} P(ω)/Q(ω)`, `∞` when some `P(ω) > 0 = Q(ω)`; 0 when `P`
/// is zero everywhere (points with `P(ω) = 0` are skipped).
pub fn max_ratio(p: &[Rational], q: &[Rational]) -> ExtRational {
    let mut best = ExtRational::Finite(Rational::from(0u32));
    for (a, b) in p.iter().zip(q) {
        if *a > 0u32 {
            best = best.max(ExtRational::ratio(a, b).expect("a > 0"));
        }
    }
    best
}

/// The two-sided `max(exp D_∞(P‖Q), exp D_∞(Q‖P))`: `P ≈(ε,0) Q ⇔ this ≤ e^ε`.
pub fn max_ratio_two_sided(p: &[Rational], q: &[Rational]) -> ExtRational {
    max_ratio(p, q).max(max_ratio(q, p))
}

/// The event form of [`max_ratio`]: `max P(A)/Q(A)` over the non-empty events `A ⊆ Ω` with
/// `P(A) > 0` (`∞` when `Q(A) = 0`), by enumeration of all `2^|Ω|` events (Vadhan Def. 4's
/// reading of `max_T`; `|Ω| < 64`). Equal to the pointwise [`max_ratio`] (the mediant
/// inequality), which the papers' claims check; 0 when `P` is zero everywhere.
pub fn max_ratio_over_events(p: &[Rational], q: &[Rational]) -> ExtRational {
    let mut best = ExtRational::Finite(Rational::from(0u32));
    for (pa, qa) in event_probabilities(p).iter().zip(&event_probabilities(q)) {
        if *pa > 0u32 {
            best = best.max(ExtRational::ratio(pa, qa).expect("P(A) > 0"));
        }
    }
    best
}

/// `P(A)` for every event `A`, indexed by its mask (bit `i` = point `i`, as
/// [`event_probability`]): each made from a smaller event by one addition,
/// `P(A ∪ {i}) = P(A) + P(i)` for the points `i` above those of `A`.
pub fn event_probabilities(p: &[Rational]) -> Vec<Rational> {
    let mut events = Vec::with_capacity(1 << p.len());
    events.push(Rational::from(0u32));
    for x in p {
        for m in 0..events.len() {
            let with_x = &events[m] + x;
            events.push(with_x);
        }
    }
    events
}

/// `P(A)` for the event `A` given by the bits of `mask` (bit `i` = point `i`).
pub fn event_probability(p: &[Rational], mask: u64) -> Rational {
    (0..p.len())
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| p[i].clone())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{dist, q};
    use proptest::prelude::*;

    /// Naive reference: the max over all `2^|Ω|` events of `P(A) − t·Q(A)`.
    fn hockey_naive(p: &[Rational], qq: &[Rational], t: &Rational) -> Rational {
        (0..1u64 << p.len())
            .map(|m| event_probability(p, m) - t * event_probability(qq, m))
            .max()
            .unwrap()
    }

    #[test]
    fn table() {
        let p = [q(1, 2), q(1, 2), q(0, 1)];
        let qq = [q(1, 4), q(1, 4), q(1, 2)];
        assert_eq!(hockey_stick_divergence(&p, &qq, &q(1, 1)), q(1, 2));
        assert_eq!(hockey_stick_divergence(&p, &qq, &q(2, 1)), q(0, 1));
        assert_eq!(hockey_stick_divergence(&qq, &p, &q(2, 1)), q(1, 2));
        assert_eq!(hockey_stick_two_sided(&p, &qq, &q(2, 1)), q(1, 2));
        assert_eq!(l1_distance(&p, &qq), q(1, 1));
        assert_eq!(max_ratio(&p, &qq), ExtRational::Finite(q(2, 1)));
        assert_eq!(max_ratio(&qq, &p), ExtRational::Infinite);
        assert_eq!(max_ratio_over_events(&p, &qq), ExtRational::Finite(q(2, 1)));
        assert_eq!(max_ratio_over_events(&qq, &p), ExtRational::Infinite);
        assert_eq!(
            max_ratio_over_events(&[q(0, 1)], &[q(1, 1)]),
            ExtRational::Finite(q(0, 1))
        );
        assert_eq!(max_ratio_two_sided(&p, &qq), ExtRational::Infinite);
        assert_eq!(event_probability(&qq, 0b101), q(3, 4));
        // ∅, {0}, {1}, {0,1}, {2}, {0,2}, {1,2}, Ω of Q = (1/4, 1/4, 1/2)
        let e: Vec<Rational> = [0, 1, 1, 2, 2, 3, 3, 4].iter().map(|&k| q(k, 4)).collect();
        assert_eq!(event_probabilities(&qq), e);
        assert_eq!(positive_part(q(-1, 3)), q(0, 1));
        assert_eq!(positive_part(q(1, 3)), q(1, 3));
        assert_eq!(positive_part(q(0, 1)), q(0, 1));
    }

    proptest! {
        /// The sum of positive parts is the max over events, and `P(A) ≤ e^ε Q(A)` for every
        /// event exactly when the max-ratio is at most `e^ε`.
        #[test]
        fn against_event_enumeration(
            (p, qq) in (1usize..=4).prop_flat_map(|k| (dist(k, 5), dist(k, 5))),
            t in prop::sample::select(vec![q(1, 1), q(3, 2), q(4, 1)]),
        ) {
            prop_assert_eq!(hockey_stick_divergence(&p, &qq, &t), hockey_naive(&p, &qq, &t));
            let pure = (0..1u64 << p.len())
                .all(|m| event_probability(&p, m) <= &t * event_probability(&qq, m));
            prop_assert_eq!(max_ratio(&p, &qq).at_most(&t), pure);
            prop_assert_eq!(max_ratio_over_events(&p, &qq), max_ratio(&p, &qq));
            let each: Vec<Rational> = (0..1u64 << p.len()).map(|m| event_probability(&p, m)).collect();
            prop_assert_eq!(event_probabilities(&p), each);
            prop_assert_eq!(l1_distance(&p, &qq), super::super::dp::tv(&p, &qq) * q(2, 1));
        }
    }
}
