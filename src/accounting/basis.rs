//! A gcd-free basis for the likelihood ratios of a pair, so that every outcome of a composition
//! is keyed by an integer exponent vector and equal ratios fall on one key.
//!
//! Factor refinement (Bach–Driscoll–Shallit, *Factor refinement*, J. Algorithms 15 (1993)):
//! while two integers `a, b` of the working set share `g = gcd(a, b) > 1`, replace them by
//! `a/g`, `b/g`, `g`. Each step lowers `Σ log` of the set, so it ends; the result `b_1 < … < b_d`
//! is pairwise coprime, every input is a product of powers of the `b_j`, and (unique
//! factorisation) `Π b_j^{e_j} = Π b_j^{f_j}` only if `e = f`. So a positive rational `r` whose
//! numerator and denominator factor over the basis has exactly one exponent vector, and two
//! outcomes have the same likelihood ratio iff they have the same exponent vector. This is the
//! reduction [`crate::num::LogLinear`] uses for its zero test, applied to a set of integers.

use crate::num::{LogLinear, Natural, Rational};
use malachite::base::num::arithmetic::traits::DivisibleBy;

/// The gcd-free basis of the integers `> 1` among `xs` (sorted ascending, no duplicates).
pub(crate) use crate::num::loglin::gcd_free_basis;

/// The exponents of a natural number `x ≥ 1` over `basis`, or `None` if it does not factor.
fn natural_exponents(x: &Natural, basis: &[Natural]) -> Option<Vec<i64>> {
    let mut rest = x.clone();
    let mut e = vec![0i64; basis.len()];
    for (ej, b) in e.iter_mut().zip(basis) {
        while (&rest).divisible_by(b) {
            rest /= b;
            *ej += 1;
        }
    }
    (rest == 1u32).then_some(e)
}

/// The exponent vector `e` with `r = Π b_j^{e_j}` for a positive rational `r`, or `None` when
/// its numerator or denominator does not factor over `basis`.
pub fn exponents(r: &Rational, basis: &[Natural]) -> Option<Vec<i64>> {
    let num = natural_exponents(r.numerator_ref(), basis)?;
    let den = natural_exponents(r.denominator_ref(), basis)?;
    Some(num.iter().zip(&den).map(|(a, b)| a - b).collect())
}

/// `Σ e_j ln b_j`, the log of the ratio with exponent vector `e`, as an exact log-linear form.
pub fn log_ratio(e: &[i64], basis: &[Natural]) -> LogLinear {
    e.iter()
        .zip(basis)
        .filter(|(ej, _)| **ej != 0)
        .fold(LogLinear::zero(), |acc, (ej, b)| {
            &acc + &LogLinear::term(&Rational::from(*ej), &Rational::from(b.clone()))
        })
}

/// `Π b_j^{e_j}` as an exact rational (only for printing and tests: it can be huge).
pub fn ratio_value(e: &[i64], basis: &[Natural]) -> Rational {
    use malachite::base::num::arithmetic::traits::Pow;
    e.iter()
        .zip(basis)
        .fold(Rational::from(1u32), |acc, (ej, b)| {
            acc * Rational::from(b.clone()).pow(*ej)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::q;
    use malachite::base::num::arithmetic::traits::Gcd;
    use proptest::prelude::*;

    fn nat(v: &[u64]) -> Vec<Natural> {
        v.iter().map(|&x| Natural::from(x)).collect()
    }

    #[test]
    fn literal_bases() {
        // (inputs, basis)
        for (xs, want) in [
            (vec![3u64, 1], vec![3u64]),
            (vec![6, 4], vec![2, 3]),
            (vec![12, 18], vec![2, 3]),
            (vec![4, 8, 9], vec![2, 9]),
            (vec![10, 15, 7], vec![2, 3, 5, 7]),
            (vec![1, 1], vec![]),
        ] {
            assert_eq!(gcd_free_basis(&nat(&xs)), nat(&want), "{xs:?}");
        }
        let b = nat(&[2, 3]);
        assert_eq!(exponents(&q(9, 8), &b), Some(vec![-3, 2]));
        assert_eq!(exponents(&q(1, 1), &b), Some(vec![0, 0]));
        assert_eq!(exponents(&q(5, 1), &b), None);
        assert_eq!(ratio_value(&[-3, 2], &b), q(9, 8));
        assert_eq!(
            log_ratio(&[1, -1], &nat(&[3, 9])).signum(),
            std::cmp::Ordering::Less
        );
    }

    proptest! {
        /// The basis is pairwise coprime and every input factors over it, and back.
        #[test]
        fn basis_is_coprime_and_factors(xs in proptest::collection::vec(1u64..200, 1..6)) {
            let xs = nat(&xs);
            let b = gcd_free_basis(&xs);
            for i in 0..b.len() {
                prop_assert!(b[i] > 1u32);
                for j in i + 1..b.len() {
                    prop_assert_eq!((&b[i]).gcd(&b[j]), 1u32);
                }
            }
            for x in &xs {
                let r = Rational::from(x.clone());
                let e = exponents(&r, &b).expect("factors");
                prop_assert_eq!(ratio_value(&e, &b), r);
            }
        }
    }
}
