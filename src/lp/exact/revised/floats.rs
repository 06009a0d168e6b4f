//! The float screens of the revised simplex: hints that only save exact work, never a choice
//! the exact arithmetic does not confirm.

use crate::num::fmt::to_f64;
use crate::num::{Natural, Rational};
use malachite::base::num::conversion::traits::ExactFrom;
use malachite::base::num::logic::traits::SignificantBits;

/// `v` to a float within a relative `2^-52` or so, from the top 64 bits of its numerator and
/// denominator: a pricing hint only, several times cheaper than the correctly rounded
/// [`to_f64`] (which divides the full numbers) on the prices of a long run.
pub(super) fn approx_f64(v: &Rational) -> f64 {
    fn top(n: &Natural) -> (f64, i64) {
        let bits = n.significant_bits();
        if bits <= 64 {
            (u64::exact_from(n) as f64, 0)
        } else {
            let shift = bits - 64;
            (u64::exact_from(&(n >> shift)) as f64, shift as i64)
        }
    }
    if *v == 0u32 {
        return 0.0;
    }
    let (n, sn) = top(v.numerator_ref());
    let (d, sd) = top(v.denominator_ref());
    let magnitude = n / d * ((sn - sd) as f64).exp2();
    if *v < 0u32 {
        -magnitude
    } else {
        magnitude
    }
}

/// The candidates of a ratio test `value / d` that can attain the smallest ratio, found in
/// floats (a hint that only saves exact divisions): those within a relative `1e-9` of the
/// smallest float ratio. Rounding each of `value` and `d` to the nearest normal float errs by a
/// relative `2^-53`, so the exact minimisers and everything tied with them are always kept.
/// When some entry has no normal float (zero aside), every candidate is kept.
pub(super) fn screen_ratios<'r>(
    candidates: Vec<(usize, &'r Rational, &'r Rational)>,
) -> Vec<(usize, &'r Rational, &'r Rational)> {
    let ratios: Option<Vec<f64>> = candidates
        .iter()
        .map(|(_, value, d)| {
            if **value == 0u32 {
                return Some(0.0);
            }
            let (v, d) = (to_f64(value), to_f64(d));
            let r = v / d;
            (v.is_normal() && d.is_normal() && r.is_normal()).then_some(r)
        })
        .collect();
    let Some(ratios) = ratios else {
        return candidates;
    };
    let least = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    candidates
        .into_iter()
        .zip(ratios)
        .filter(|(_, r)| *r <= least * (1.0 + 1e-9))
        .map(|(c, _)| c)
        .collect()
}
