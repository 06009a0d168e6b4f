//! Closed forms, certified: the k-fold Gaussian mechanism (a Gaussian with
//! `μ = √k·D/σ`; Balle–Wang 2018, Thm 8: `δ(ε) = Φ(μ/2 − ε/μ) − e^ε·Φ(−μ/2 − ε/μ)`) and one
//! use of the Laplace mechanism (`δ(ε) = max(0, 1 − e^{(ε − ε₀)/2})`, `ε₀ = D/b`).

use crate::num::interval::Interval;
use crate::num::Rational;
use malachite::base::num::basic::traits::{One, Zero};

/// The enclosure is refined until its relative width is below `2^-REL_BITS` (or the
/// precision reaches [`MAX_PREC`]).
const REL_BITS: u64 = 48;
/// The highest working precision tried.
pub const MAX_PREC: u64 = 4096;

/// `δ(ε)` of the Gaussian pair with `μ² = mu2`, at working precision `prec` (may be a
/// little below 0 or above 1 through rounding: the caller clamps).
pub fn gaussian_delta_prec(mu2: &Rational, eps: &Rational, prec: u64) -> Interval {
    let mu = Interval::from_rational(mu2, prec).sqrt().expect("μ² > 0");
    let half_mu = mu.mul_rational(&Rational::from_signeds(1, 2));
    let e_over = Interval::from_rational(eps, prec)
        .checked_div(&mu)
        .expect("μ > 0");
    let a = half_mu.sub(&e_over);
    let b = half_mu.neg().sub(&e_over);
    a.normal_cdf()
        .sub(&Interval::exp_rational(eps, prec).mul(&b.normal_cdf()))
}

/// `δ(ε)` of the Gaussian pair, enclosed to about 48 bits (relative) or at `MAX_PREC`:
/// `[lo, hi]` rationals with `0 ≤ lo ≤ hi ≤ 1`.
pub fn gaussian_delta(mu2: &Rational, eps: &Rational) -> (Rational, Rational) {
    let mut prec = 128;
    loop {
        let d = gaussian_delta_prec(mu2, eps, prec);
        let lo = d
            .lo_rational()
            .unwrap_or(Rational::ZERO)
            .max(Rational::ZERO);
        let hi = d.hi_rational().unwrap_or(Rational::ONE).min(Rational::ONE);
        let tight = &hi - &lo <= &lo / Rational::from(1u64 << REL_BITS);
        if tight || prec >= MAX_PREC {
            return (lo, hi);
        }
        prec *= 2;
    }
}

/// An enclosure `[lo, hi]` of the smallest `ε ≥ 0` with `δ(ε) ≤ delta`, for a non-increasing
/// `δ` given by its enclosures `f(ε) = (lo, hi)`: certified bisection on dyadic `ε`
/// (`δ_hi(ε) ≤ δ` moves the upper end, `δ_lo(ε) > δ` the lower one) until
/// `hi − lo ≤ width·hi`; at an undecided midpoint the points `mid ± width·hi/4` are tried
/// and the search ends. `None` when no `ε ≤ 2^20` is shown to
/// have `δ(ε) ≤ δ`.
pub fn eps_by_bisection(
    delta: &Rational,
    width: &Rational,
    f: &dyn Fn(&Rational) -> (Rational, Rational),
) -> Option<(Rational, Rational)> {
    let (_, hi0) = f(&Rational::ZERO);
    if hi0 <= *delta {
        return Some((Rational::ZERO, Rational::ZERO));
    }
    let mut lo = Rational::ZERO;
    let mut hi = Rational::ONE;
    loop {
        let (l, h) = f(&hi);
        if h <= *delta {
            break;
        }
        if l > *delta {
            lo = hi.clone();
        }
        hi *= Rational::from(2u32);
        if hi > (1u64 << 20) {
            return None;
        }
    }
    while &hi - &lo > width * &hi {
        let mid = (&lo + &hi) / Rational::from(2u32);
        let (l, h) = f(&mid);
        if h <= *delta {
            hi = mid;
        } else if l > *delta {
            lo = mid;
        } else {
            // Undecided at mid: ε lies within the enclosure's reach of mid; try mid ± r with
            // 2r within the width asked for.
            let r = width * &hi / Rational::from(4u32);
            let (up, down) = (&mid + &r, &mid - &r);
            if f(&up).1 <= *delta {
                hi = up;
            }
            if down > lo && f(&down).0 > *delta {
                lo = down;
            }
            break;
        }
    }
    Some((lo, hi))
}

/// `δ(ε)` of one use of the Laplace mechanism with `ε₀ = D/b`: `1 − e^{(ε − ε₀)/2}` for
/// `ε < ε₀`, else 0 (exact 0 then), enclosed.
pub fn laplace_delta(eps0: &Rational, eps: &Rational) -> (Rational, Rational) {
    if eps >= eps0 {
        return (Rational::ZERO, Rational::ZERO);
    }
    let x = (eps - eps0) / Rational::from(2u32);
    let d = Interval::from_i64(1, 256).sub(&Interval::exp_rational(&x, 256));
    (
        d.lo_rational().expect("finite").max(Rational::ZERO),
        d.hi_rational().expect("finite"),
    )
}

/// The smallest `ε ≥ 0` with `δ(ε) ≤ δ` for one use of the Laplace mechanism:
/// `max(0, ε₀ + 2·ln(1 − δ))`, enclosed (`δ < 1`).
pub fn laplace_eps(eps0: &Rational, delta: &Rational) -> (Rational, Rational) {
    if *delta >= 1u32 {
        return (Rational::ZERO, Rational::ZERO);
    }
    if *delta == 0u32 {
        return (eps0.clone(), eps0.clone());
    }
    let l = Interval::ln_rational(&(Rational::ONE - delta), 256).expect("1 − δ > 0");
    let e = Interval::from_rational(eps0, 256).add(&l.mul_rational(&Rational::from(2u32)));
    (
        e.lo_rational().expect("finite").max(Rational::ZERO),
        e.hi_rational().expect("finite").max(Rational::ZERO),
    )
}
