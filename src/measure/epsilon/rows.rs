//! A channel row over its common denominator, as integers: the sums of the many-pair searches
//! without a gcd per term.

use crate::num::{Natural, Rational};
use malachite::base::num::arithmetic::traits::Gcd;
use malachite::base::num::basic::traits::One;

/// Row `r` over its common denominator, in `Natural`s (see [`row_ints`] for `u64`).
pub(super) fn row_naturals(r: &[Rational]) -> (Natural, Vec<Natural>) {
    let den = r.iter().fold(Natural::ONE, |d, a| {
        let ad = a.denominator_ref();
        let g = (&d).gcd(ad);
        d * (ad / g)
    });
    let nums = r
        .iter()
        .map(|a| a.numerator_ref() * (&den / a.denominator_ref()))
        .collect();
    (den, nums)
}

/// A row over its common denominator in `u64`: `(D, N)` with `W(y|x) = N[y] / D`.
pub(super) type SmallRow = (u64, Vec<u64>);

/// Row `r` over its common denominator, when everything fits in `u64`.
pub(super) fn row_ints(r: &[Rational]) -> Option<(u64, Vec<u64>)> {
    let mut den: u64 = 1;
    for a in r {
        let d = u64::try_from(a.denominator_ref()).ok()?;
        den = den.checked_mul(d / gcd_u64(den, d))?;
    }
    let nums = r
        .iter()
        .map(|a| {
            let n = u64::try_from(a.numerator_ref()).ok()?;
            let d = u64::try_from(a.denominator_ref()).ok()?;
            n.checked_mul(den / d)
        })
        .collect::<Option<Vec<u64>>>()?;
    Some((den, nums))
}

pub(super) fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
