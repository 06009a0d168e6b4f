//! Published bounds between privacy parameters, total variation and information, as exact
//! functions (each cites where it is stated). They are the library's, not a paper module's,
//! because several papers' claims are checked against the same formula.

use super::info::binary_entropy;
use crate::certify::enclosure::Enc;
use crate::num::{Decision, Interval, LogLinear, Rational};
use malachite::base::num::basic::traits::{One, Zero};

/// The tightest (ε,δ) → (ε',δ') conversion for `1 ≤ t' ≤ t` (t = e^ε, t' = e^ε'): every
/// (ε,δ)-close pair is (ε',δ')-close with `δ' = 1 − (t'+1)(1−δ)/(t+1)`, and
/// [`tight_conversion_pair`] attains it (Cuff–Yu, slide "Tightest (ε,δ) Conversion", claim
/// CY-11; Kairouz–Oh–Viswanath, *The Composition Theorem for Differential Privacy*, 2015).
pub fn tight_delta_conversion(t: &Rational, t_prime: &Rational, delta: &Rational) -> Rational {
    Rational::ONE - (t_prime + Rational::ONE) * (Rational::ONE - delta) / (t + Rational::ONE)
}

/// The largest total variation of an (ε,δ)-close pair, `τ = (t − 1 + 2δ)/(t + 1)`:
/// [`tight_delta_conversion`] at `t' = 1` (Cuff–Yu CY-11 at ε' = 0, used by CY-4).
pub fn tv_bound_of_close_pair(t: &Rational, delta: &Rational) -> Rational {
    tight_delta_conversion(t, &Rational::ONE, delta)
}

/// The pair attaining [`tight_delta_conversion`] (Cuff–Yu CY-11):
/// `P* = (δ, (1−δ)t/(1+t), (1−δ)/(1+t), 0)`, `Q* = (0, (1−δ)/(1+t), (1−δ)t/(1+t), δ)`.
pub fn tight_conversion_pair(t: &Rational, delta: &Rational) -> (Vec<Rational>, Vec<Rational>) {
    let a = (Rational::ONE - delta) * t / (t + Rational::ONE);
    let b = (Rational::ONE - delta) / (t + Rational::ONE);
    (
        vec![delta.clone(), a.clone(), b.clone(), Rational::ZERO],
        vec![Rational::ZERO, b, a, delta.clone()],
    )
}

/// The mutual-information DP level implied by total variation `d` on an alphabet of size `m`,
/// `ε'(d) = 2h(d) + 2d ln m` nats (Cuff–Yu, claim CY-17; `h` is [`binary_entropy`]).
pub fn mi_dp_bound_from_tv(d: &Rational, m: usize) -> LogLinear {
    let two = Rational::from(2u32);
    &binary_entropy(d).scale(&two) + &LogLinear::term(&(two * d), &Rational::from(m as u64))
}

/// `tanh(1/2)/ln 2 = (e−1)/((e+1) ln 2)` as an expression of certified enclosures: the
/// Shannon-capacity bound `ε·tanh(ε/2)` of ε-DP channels (Cuff–Yu CY-13 via CY-3a) at ε = 1,
/// in bits (its `enclosure` record writes the same tree).
pub fn dp_capacity_bound_bits_at_eps_one_expr() -> Enc {
    let e = || Enc::fun("exp", Enc::q(&Rational::ONE));
    let one = || Enc::q(&Rational::ONE);
    let th = Enc::bin("/", Enc::bin("-", e(), one()), Enc::bin("+", e(), one()));
    Enc::bin("/", th, Enc::fun("ln", Enc::q(&Rational::from(2u32))))
}

/// A certified enclosure at precision `prec` of [`dp_capacity_bound_bits_at_eps_one_expr`].
/// `None` if the enclosure of the denominator contains zero (it never does).
pub fn dp_capacity_bound_bits_at_eps_one(prec: u64) -> Option<Interval> {
    dp_capacity_bound_bits_at_eps_one_expr().eval(prec)
}

/// Decide `tanh(1/2)/ln 2 rel bound` (bits; `rel` one of `<`, `<=`, `>`, `>=`) by
/// [`dp_capacity_bound_bits_at_eps_one_expr`] refined along the default schedule: the
/// decision, the precision that decided it, the enclosure at 128 bits as a 6-digit decimal for
/// reports, and (while certificates are recorded) the decision's `enclosure` record.
pub fn dp_capacity_bound_bits_at_eps_one_vs(
    rel: &str,
    bound: &Rational,
) -> (Decision, u64, String, Option<serde_json::Value>) {
    let (decision, bits, rec) = crate::certify::enclosure::decide(
        &dp_capacity_bound_bits_at_eps_one_expr(),
        rel,
        &Enc::q(bound),
    );
    let shown = dp_capacity_bound_bits_at_eps_one(128)
        .map(|iv| iv.to_decimal_string(6))
        .unwrap_or_default();
    (decision, bits, shown, rec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{hockey_stick_divergence, tv};
    use proptest::prelude::*;

    use crate::testutil::q;

    #[test]
    fn literal_values() {
        // t = 3, δ = 1/4: δ'(t'=1) = 1 − 2·(3/4)/4 = 5/8 = (3 − 1 + 1/2)/4.
        assert_eq!(
            tight_delta_conversion(&q(3, 1), &q(1, 1), &q(1, 4)),
            q(5, 8)
        );
        assert_eq!(tv_bound_of_close_pair(&q(3, 1), &q(1, 4)), q(5, 8));
        // t' = t leaves δ unchanged.
        assert_eq!(
            tight_delta_conversion(&q(3, 1), &q(3, 1), &q(1, 4)),
            q(1, 4)
        );
        // ε'(1/2) on m = 2: 2 ln 2 + ln 2 = 3 ln 2.
        assert_eq!(
            mi_dp_bound_from_tv(&q(1, 2), 2),
            LogLinear::term(&q(3, 1), &q(2, 1))
        );
        // tanh(1/2)/ln 2 = 0.666693…
        let iv = dp_capacity_bound_bits_at_eps_one(128).unwrap();
        assert!(
            iv.lt(&Interval::from_rational(&q(6667, 10000), 128)) == crate::num::Decision::True
        );
        assert!(
            Interval::from_rational(&q(6666, 10000), 128).lt(&iv) == crate::num::Decision::True
        );
    }

    proptest! {
        /// The tight pair is (t, δ)-close with equality both ways, its TV is τ, and the
        /// conversion to any t' ∈ [1, t] is attained by it (naive: the hockey-stick itself).
        #[test]
        fn tight_pair_attains_the_conversion(tn in 1i64..40, dn in 0i64..=8, tpn in 0i64..=4) {
            let t = q(8 + tn, 8);
            let delta = q(dn, 8);
            let t_prime = Rational::ONE + (&t - Rational::ONE) * q(tpn, 4);
            let (p, r) = tight_conversion_pair(&t, &delta);
            prop_assert_eq!(hockey_stick_divergence(&p, &r, &t), delta.clone());
            prop_assert_eq!(hockey_stick_divergence(&r, &p, &t), delta.clone());
            prop_assert_eq!(tv(&p, &r), tv_bound_of_close_pair(&t, &delta));
            prop_assert_eq!(
                hockey_stick_divergence(&p, &r, &t_prime),
                tight_delta_conversion(&t, &t_prime, &delta)
            );
        }
    }
}
