//! The exact kernel: rationals, polynomials with Sturm sequences, multivariate polynomials and
//! rational functions in named variables, log-linear forms,
//! certified intervals, and the three-valued `Decision`.

pub(crate) mod algebraic;
pub(crate) mod binsplit;
pub(crate) mod decision;
pub(crate) mod fmt;
pub(crate) mod hypergeom;
pub(crate) mod interval;
pub(crate) mod ln_cache;
pub(crate) mod loglin;
pub(crate) mod mpoly;
pub(crate) mod parse;
pub(crate) mod piecewise;
pub(crate) mod poly;
pub(crate) mod sturm;

pub(crate) use decision::Decision;
pub use interval::Interval;
pub(crate) use ln_cache::LnCache;
pub use loglin::{factored_basis, LogLinear};
pub use malachite::rational::Rational;
pub use malachite::{Integer, Natural};
pub use parse::{parse_rational, ParseRationalError};
pub(crate) use poly::{Poly, RatFn};
pub(crate) use sturm::SignOnInterval;

/// The binomial coefficient `C(n, k)` (0 when `k > n`), exactly.
pub(crate) fn binomial(n: u64, k: u64) -> Natural {
    use malachite::base::num::arithmetic::traits::BinomialCoefficient;
    if k > n {
        return Natural::from(0u32);
    }
    Natural::binomial_coefficient(Natural::from(n), Natural::from(k))
}

/// `r·d` as an integer, for `d` a multiple of `r`'s denominator: the numerator of `r` over the
/// common denominator `d` (the integer sums of `lp::certificate` and `lp::dixon`).
pub(crate) fn numerator_over(r: &Rational, d: &Natural) -> Integer {
    use malachite::base::num::arithmetic::traits::DivExact;
    let n = Integer::from(r.numerator_ref() * d.div_exact(r.denominator_ref()));
    if *r < 0u32 {
        -n
    } else {
        n
    }
}

/// `l ← lcm(l, d)`, with no gcd where one divides the other: the common case of a vector on
/// one denominator reduced entry by entry (every denominator divides the largest; a
/// divisibility test of equal-size numbers is linear, a gcd is not). On `bench/lp_vs_highs.py
/// --big 160 --shape mixed` (issue 42 item 8) the primal and dual points have 84 entries over
/// denominators of ~170,000 bits, and each lcm of them (the checker's common denominators and
/// `c·x`, `b·y`) was 84 such gcds.
pub(crate) fn lcm_assign_divisible(l: &mut Natural, d: &Natural) {
    use malachite::base::num::arithmetic::traits::{DivisibleBy, LcmAssign};
    if (&*l).divisible_by(d) {
        return;
    }
    if d.divisible_by(&*l) {
        l.clone_from(d);
        return;
    }
    l.lcm_assign(d);
}

/// `Σ a_j·x_j` over the pairs `(a_j, x_j)` exactly, summed in integers over the common denominators
/// of the `a_j` and of the `x_j` (terms with `a_j·x_j = 0` left out), with one reduction at the end
/// (`lp::Model::objective_value`, and the certificate checker's `c·x` and `b·y`). Adding the terms
/// as rationals reduces every partial sum, a gcd of numbers of the size of the common denominator
/// per term: on the big-coefficient LPs of issue 31 (40 components sharing a denominator of ~8,800
/// bits) `lp::Model::objective_value` spent 5% of a whole `dpcert lp` run there.
pub(crate) fn dot<'a>(
    pairs: impl Iterator<Item = (&'a Rational, &'a Rational)> + Clone,
) -> Rational {
    let terms = || {
        pairs
            .clone()
            .filter(|(aj, xj)| **aj != 0u32 && **xj != 0u32)
    };
    let (mut da, mut dx) = (Natural::from(1u32), Natural::from(1u32));
    for (aj, xj) in terms() {
        lcm_assign_divisible(&mut da, aj.denominator_ref());
        lcm_assign_divisible(&mut dx, xj.denominator_ref());
    }
    let sum: Integer = terms()
        .map(|(aj, xj)| numerator_over(aj, &da) * numerator_over(xj, &dx))
        .sum();
    Rational::from(sum) / Rational::from(da * dx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `dot` by hand, then against the term-by-term rational sum.
    #[test]
    fn dot_by_hand() {
        let r = |n: i64, d: i64| Rational::from_signeds(n, d);
        // 1/2·2/3 + (−3/4)·4/5 + 5·0 = 1/3 − 3/5 = −4/15.
        assert_eq!(
            dot([r(1, 2), r(-3, 4), r(5, 1)]
                .iter()
                .zip(&[r(2, 3), r(4, 5), r(0, 1)])),
            r(-4, 15)
        );
        // Shared denominators: 1/7·(2/7) + 3·(5/7) = 2/49 + 105/49 = 107/49.
        assert_eq!(
            dot([r(1, 7), r(3, 1)].iter().zip(&[r(2, 7), r(5, 7)])),
            r(107, 49)
        );
        assert_eq!(dot(std::iter::empty()), 0u32);
        assert_eq!(dot([r(0, 1)].iter().zip(&[r(1, 3)])), 0u32);
    }

    proptest! {
        #[test]
        fn dot_is_the_rational_sum(
            pairs in prop::collection::vec(((-50i64..50, 1i64..30), (-50i64..50, 1i64..30)), 0..12)
        ) {
            let a: Vec<Rational> = pairs.iter().map(|((n, d), _)| Rational::from_signeds(*n, *d)).collect();
            let x: Vec<Rational> = pairs.iter().map(|(_, (n, d))| Rational::from_signeds(*n, *d)).collect();
            let mut naive = Rational::from(0u32);
            for (aj, xj) in a.iter().zip(&x) {
                naive += aj * xj;
            }
            prop_assert_eq!(dot(a.iter().zip(&x)), naive);
        }
    }

    /// `numerator_over` by hand: −3/4 over 12 is −9, 0 over 5 is 0, 7 over 3 is 21.
    #[test]
    fn numerator_over_by_hand() {
        let r = |n: i64, d: i64| Rational::from_signeds(n, d);
        assert_eq!(numerator_over(&r(-3, 4), &Natural::from(12u32)), -9);
        assert_eq!(numerator_over(&r(0, 1), &Natural::from(5u32)), 0);
        assert_eq!(numerator_over(&r(7, 1), &Natural::from(3u32)), 21);
    }

    /// Literal table, then Pascal's rule as the naive reference.
    #[test]
    fn binomial_table_and_pascal() {
        for (n, k, want) in [
            (0, 0, 1u64),
            (5, 2, 10),
            (10, 3, 120),
            (4, 5, 0),
            (60, 30, 118264581564861424),
        ] {
            assert_eq!(binomial(n, k), Natural::from(want), "C({n},{k})");
        }
        for n in 1..40u64 {
            for k in 1..=n {
                assert_eq!(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k));
            }
        }
    }
}
