//! The exact kernel: rationals, polynomials with Sturm sequences, multivariate polynomials and
//! rational functions in named variables, log-linear forms,
//! certified intervals, and the three-valued [`Decision`].

pub mod algebraic;
pub mod decision;
pub mod fmt;
pub mod hypergeom;
pub mod interval;
pub mod ln_cache;
pub mod loglin;
pub mod mpoly;
pub mod parse;
pub mod poly;
pub mod sturm;

pub use decision::Decision;
pub use interval::Interval;
pub use ln_cache::LnCache;
pub use loglin::LogLinear;
pub use malachite::rational::Rational;
pub use malachite::{Integer, Natural};
pub use parse::{parse_rational, ParseRationalError};
pub use poly::{Poly, RatFn};
pub use sturm::{Range, SignOnInterval};

/// The binomial coefficient `C(n, k)` (0 when `k > n`), exactly.
pub fn binomial(n: u64, k: u64) -> Natural {
    use malachite::base::num::arithmetic::traits::BinomialCoefficient;
    if k > n {
        return Natural::from(0u32);
    }
    Natural::binomial_coefficient(Natural::from(n), Natural::from(k))
}

#[cfg(test)]
mod tests {
    use super::*;

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
