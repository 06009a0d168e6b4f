//! Big floats of a fixed precision as the scalars of an elimination ([`super::lu::Scalar`]), for
//! the big-float dual simplex of [`super::float_dual`] (issue 31): hints only, never an answer.
//!
//! Every operation rounds to [`PREC`] bits (nearest). The exponent range is malachite's (about
//! `2^±2^30`), so the geometric tails of the channel LPs (10^-49 on P_50 at e^ε = 10) are
//! represented with full relative precision, where `f64`'s 53 bits read the differences of
//! O(1) numbers that should cancel as noise of size 10^-16. Each number carries a running bound
//! on its rounding error, and a subtraction whose result is within [`NOISE`] times its bound is
//! read as an exact zero: what is left is rounding noise, and keeping it would make fill-in (and
//! pivots on noise) the exact elimination does not have. (A noise threshold relative to the
//! operands alone, `2^-216` of the larger at 256 bits, was tried first: on C_40 at e^ε = 10 the
//! elimination's growth, up to 10^40 along the `t·p = p'` chains, left noise far above it, and
//! the float solve of the starting basis was wrong in 1,084 of its 4,840 values, by up to 10^13.)

use super::lu::Scalar;
use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode::Nearest;
use malachite::Float;

/// The precision in bits.
pub(crate) const PREC: u64 = 512;

/// The low bits of a difference below which it is read as cancellation noise (see the module
/// docs): a difference smaller than `2^-(PREC − NOISE_BITS)` times its larger operand is zero.
pub(crate) const NOISE_BITS: u64 = 200;

/// `q` rounded to [`PREC`] bits.
pub(crate) fn of(q: &Rational) -> Float {
    Float::from_rational_prec_ref(q, PREC).0
}

/// `v` rounded to the nearest `f64` (0 below its range, ±∞ above).
pub(crate) fn to_f64(v: &Float) -> f64 {
    f64::rounding_from(v, Nearest).0
}

/// The exponent of a non-zero float (`2^(e−1) ≤ |v| < 2^e`), very negative for zero.
fn exponent(v: &Float) -> i64 {
    v.get_exponent().map_or(i64::MIN / 2, i64::from)
}

impl Scalar for Float {
    fn zero() -> Self {
        Float::ZERO
    }
    fn is_zero(&self) -> bool {
        Float::is_zero(self)
    }
    fn times(&self, other: &Self) -> Self {
        self.mul_prec_ref_ref(other, PREC).0
    }
    fn over(&self, other: &Self) -> Self {
        self.div_prec_ref_ref(other, PREC).0
    }
    fn minus(&self, d: Self) -> Self {
        let r = self.sub_prec_ref_ref(&d, PREC).0;
        if exponent(&r) < exponent(self).max(exponent(&d)) - (PREC - NOISE_BITS) as i64 {
            Float::ZERO
        } else {
            r
        }
    }
    fn reduce(&mut self, d: Self) {
        *self = self.minus(d);
    }
    fn negate(self) -> Self {
        -self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::lu::{Elimination, SparseRow};
    use crate::testutil::q;
    use proptest::prelude::*;

    /// Literal table: `1/3` rounds to within `2^-256` relative; `1 − (1 − 2^-300)` is not
    /// noise at this size of operands only if it is above `2^-(256−40)`: `2^-300` is read as 0,
    /// `2^-100` is kept; products and quotients of tails keep their relative precision far below
    /// `f64`'s range of cancellation (`10^-49 · 10^-49`).
    #[test]
    fn table() {
        let third = of(&q(1, 3));
        let err = Rational::exact_from(&third) - q(1, 3);
        assert!(err.abs() * Rational::from(3u32) <= Rational::power_of_2(-256i64));
        let one = of(&q(1, 1));
        let tiny = Rational::power_of_2(-300i64);
        assert!(one.minus(one.minus(of(&tiny))).is_zero());
        let small = Rational::power_of_2(-100i64);
        assert_eq!(to_f64(&one.minus(one.minus(of(&small)))), 2f64.powi(-100));
        let tail = of(&(Rational::from(1u32) / Rational::from(10u32).pow(49u64)));
        let square = tail.times(&tail);
        assert!((to_f64(&square.over(&tail)) / 1e-49 - 1.0).abs() < 1e-15);
    }

    use malachite::base::num::arithmetic::traits::{Abs, Pow, PowerOf2};
    use malachite::base::num::conversion::traits::ExactFrom;

    proptest! {
        /// On random non-singular systems up to 5×5 with coefficients from 10^-6 to 10^6
        /// (the exact LU as the naive reference), the big-float solves of `A x = b` and
        /// `Aᵀ y = b` agree with the exact ones to a relative `2^-120` of the largest entry.
        #[test]
        fn solves_agree_with_the_exact_lu(
            entries in prop::collection::vec((-3i64..=3, -6i32..=6), 25),
            n in 1usize..=5,
            rhs in prop::collection::vec(-4i64..=4, 5),
        ) {
            let scale = |e: i32| Rational::from(10u32).pow(i64::from(e));
            let exact: Vec<SparseRow> = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| (c, q(entries[r * 5 + c].0, 1) * scale(entries[r * 5 + c].1)))
                        .filter(|(_, a)| *a != 0u32)
                        .collect()
                })
                .collect();
            let lu = Elimination::new(n, exact.clone());
            prop_assume!(lu.rank() == n);
            let floats: Vec<SparseRow<Float>> = exact
                .iter()
                .map(|row| row.iter().map(|(c, a)| (*c, of(a))).collect())
                .collect();
            let flu = Elimination::new(n, floats);
            prop_assert_eq!(flu.rank(), n);
            let b: Vec<Rational> = (0..n).map(|r| q(rhs[r], 1)).collect();
            let bf: Vec<Float> = b.iter().map(of).collect();
            for (x, xf) in [
                (lu.solve(b.clone()), flu.solve(bf.clone())),
                (lu.solve_transposed(b.clone()), flu.solve_transposed(bf.clone())),
            ] {
                let largest = x.iter().map(|v| v.abs()).max().unwrap();
                let tol = largest * Rational::power_of_2(-120i64);
                for (v, vf) in x.iter().zip(&xf) {
                    prop_assert!((Rational::exact_from(vf) - v).abs() <= tol);
                }
            }
        }
    }
}
