//! The exact kernel: rationals, polynomials with Sturm sequences, multivariate polynomials and
//! rational functions in named variables, log-linear forms,
//! certified intervals, and the three-valued `Decision`.

pub(crate) mod algebraic;
pub(crate) mod decision;
pub(crate) mod fmt;
pub(crate) mod hypergeom;
pub(crate) mod interval;
pub(crate) mod ln_cache;
pub(crate) mod loglin;
pub(crate) mod mpoly;
pub(crate) mod parse;
pub(crate) mod poly;
pub(crate) mod sturm;

pub(crate) use decision::Decision;
pub use interval::Interval;
pub(crate) use ln_cache::LnCache;
pub use loglin::LogLinear;
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

#[cfg(test)]
mod tests {
    use super::*;

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
