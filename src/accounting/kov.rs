//! Optimal composition of k (ε, δ)-DP mechanisms (Kairouz–Oh–Viswanath, *The Composition
//! Theorem for Differential Privacy*, IEEE Trans. Inf. Theory 63(6), 2017, Thm 3.3).
//!
//! Every (ε, δ)-DP mechanism is a post-processing of the pair `(P̃_0, P̃_1)` on four outputs
//! (ibid., the proof of Thm 3.3), with `t = e^ε`:
//! `P̃_0 = (δ, (1−δ)t/(1+t), (1−δ)/(1+t), 0)`, `P̃_1 = (0, (1−δ)/(1+t), (1−δ)t/(1+t), δ)`,
//! so the k-fold adaptive composition of (ε, δ)-DP mechanisms is exactly as private as the
//! k-fold composition of this pair — which [`super::compose`](fn@super::compose) computes exactly. At
//! `ε_i = (k − 2i)ε` the theorem gives the closed form [`kov_delta`].

use super::pld::PairLoss;
use crate::num::{binomial, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::{One, Zero};

/// The pair `(P̃_0, P̃_1)` of an (ε, δ)-DP mechanism with `t = e^ε ≥ 1`, `0 ≤ δ ≤ 1`.
pub fn kov_rows(t: &Rational, delta: &Rational) -> [Vec<Rational>; 2] {
    let rest = Rational::ONE - delta;
    let hi = &rest * t / (Rational::ONE + t);
    let lo = &rest / (Rational::ONE + t);
    [
        vec![delta.clone(), hi.clone(), lo.clone(), Rational::ZERO],
        vec![Rational::ZERO, lo, hi, delta.clone()],
    ]
}

/// The PLD of `(P̃_0, P̃_1)`.
pub fn kov_pair(t: &Rational, delta: &Rational) -> PairLoss {
    let [p, q] = kov_rows(t, delta);
    PairLoss::of_rows(&p, &q)
}

/// KOV Thm 3.3: the k-fold composition of (ε, δ)-DP mechanisms is
/// `((k − 2i)ε, 1 − (1 − δ)^k (1 − δ_i))`-DP for `0 ≤ i ≤ ⌊k/2⌋`, and no smaller δ holds at
/// that ε, where `δ_i = Σ_{l=0}^{i−1} C(k, l) (t^{k−l} − t^{k−2i+l}) / (1 + t)^k`, `t = e^ε`.
pub fn kov_delta(t: &Rational, delta: &Rational, k: u64, i: u64) -> Rational {
    let mut di = Rational::ZERO;
    for l in 0..i {
        di += Rational::from(binomial(k, l)) * (t.pow(k - l) - t.pow(k - 2 * i + l));
    }
    di /= (Rational::ONE + t).pow(k);
    Rational::ONE - (Rational::ONE - delta).pow(k) * (Rational::ONE - di)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounting::compose;
    use crate::testutil::q;
    use proptest::prelude::*;

    /// Literal values: k = 1 gives back (ε, δ); k = 2, i = 0 is (2ε, 1 − (1−δ)²); and k = 2,
    /// i = 1, t = 3, δ = 0: δ_1 = (9 − 1)/16 = 1/2.
    #[test]
    fn literal_table() {
        assert_eq!(kov_delta(&q(3, 1), &q(1, 10), 1, 0), q(1, 10));
        assert_eq!(kov_delta(&q(3, 1), &q(1, 10), 2, 0), q(19, 100));
        assert_eq!(kov_delta(&q(3, 1), &q(0, 1), 2, 1), q(1, 2));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// The exact composition of the pair meets the closed form at every `(k − 2i)ε`.
        #[test]
        fn closed_form_equals_composition(tn in 1i64..5, dn in 0i64..4, k in 1u64..7) {
            let t = q(tn + 1, tn);
            let delta = q(dn, 10);
            let c = compose(&[(kov_pair(&t, &delta), k)]).unwrap();
            for i in 0..=k / 2 {
                let at = t.clone().pow(k - 2 * i);
                prop_assert_eq!(c.delta_at_t(&at).delta, kov_delta(&t, &delta, k, i));
            }
        }
    }
}
