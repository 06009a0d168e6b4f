//! The standard normal CDF `Φ(x) = P(N(0, 1) ≤ x)` as an outward-rounded enclosure (issue 45
//! item 3): the Gaussian mechanism's `δ(ε)` (Balle–Wang 2018, Thm 8) and the Poisson-subsampled
//! Gaussian's interval masses are differences of `Φ` values.
//!
//! At an exact point `x`:
//! * `|x| < X₀`: Marsaglia's series `Φ(x) = 1/2 + φ(x)·Σ_{n≥0} x^{2n+1}/(2n+1)!!` (Marsaglia,
//!   *Evaluating the normal distribution*, J. Stat. Softw. 11(4), 2004, eq. 2), whose terms all
//!   have the sign of `x` (no cancellation inside the sum). Consecutive terms have ratio
//!   `x²/(2n+3)`, decreasing in `n`; once it is at most 1/2 the tail after the last term taken
//!   is at most twice the next term, which is added to the upper end. The working precision
//!   carries `x²/(2 ln 2)` guard bits, so `1/2 − φ·S` keeps its relative accuracy in the tail.
//! * `|x| ≥ X₀` (with `X₀² / 2 ≥ (prec + 8)·ln 2`): the upper tail `Q(y) = 1 − Φ(y)`, `y = |x|`,
//!   from the asymptotic series `Q(y) = φ(y)·Σ_{n=0}^{N} (−1)^n (2n−1)!!/y^{2n+1} + R_N` whose
//!   remainder has the sign of the first omitted term and is smaller in magnitude
//!   (Abramowitz–Stegun 7.1.23–7.1.24, for erfc at real argument): consecutive partial sums
//!   bracket `Q(y)/φ(y)`. Terms are summed while they decrease (`2n+1 < y²`); the smallest one
//!   is about `e^{−y²/2}` relative, below `2^-prec` at `X₀`. `Φ(x) = Q(−x)` for `x ≤ −X₀`, and
//!   `1 − Q(x)` for `x ≥ X₀`.
//!
//! For an interval argument `[a, b]`: `Φ` is increasing, so `Φ([a, b]) ⊆ [Φ(a)↓, Φ(b)↑]`.

use super::Interval;
use malachite::base::num::arithmetic::traits::{Ceiling as _, PowerOf2 as _};
use malachite::base::num::basic::traits::NaN as _;
use malachite::base::rounding_modes::RoundingMode::{Ceiling, Floor};
use malachite::rational::Rational;
use malachite::Float;

/// `φ(x) = e^{−x²/2}/√(2π)` at an exact point, enclosed at `prec`.
fn density(x: &Float, prec: u64) -> Interval {
    let xi = Interval::point(x.clone(), prec);
    let half_sq = xi.mul(&xi).mul_rational(&Rational::from_signeds(-1, 2));
    let inv_sqrt_tau = Interval {
        lo: Float::one_over_sqrt_tau_prec_round(prec, Floor).0,
        hi: Float::one_over_sqrt_tau_prec_round(prec, Ceiling).0,
        prec,
    };
    half_sq.exp().mul(&inv_sqrt_tau)
}

/// `X₀²`: from here on the asymptotic series is used (see the module docs).
fn tail_start_sq(prec: u64) -> Rational {
    // 2·(prec + 8)·ln 2 < 1.3863·(prec + 8) ≤ (139/100)(prec + 8).
    Rational::from_unsigneds(139 * (prec + 8), 100)
}

/// `Φ(x)` at an exact point, enclosed; `prec` is the precision of the result: relative
/// (`relative`, also in the lower tail) or absolute (an error of about `2^-prec`, cheaper:
/// what interval masses need).
fn cdf_point(x: &Float, prec: u64, relative: bool) -> Interval {
    if x.is_nan() {
        return Interval {
            lo: Float::NAN,
            hi: Float::NAN,
            prec,
        };
    }
    if x.is_infinite() {
        let v = if *x > 0u32 { 1 } else { 0 };
        return Interval::from_i64(v, prec);
    }
    let xq = Rational::try_from(x).expect("a finite Float");
    let sq = &xq * &xq;
    let y = abs(x);
    if sq >= tail_start_sq(prec) {
        let q = upper_tail(&y, prec + 16);
        let r = if *x < 0u32 {
            q
        } else {
            Interval::from_i64(1, prec + 16).sub(&q)
        };
        return r.with_prec(prec).round_to(prec);
    }
    // Guard bits for the cancellation in 1/2 − φ·S at x < 0: x²/(2 ln 2) < 0.73·x².
    let guard = if relative && *x < 0u32 {
        u64::try_from(&(sq * Rational::from_unsigneds(73u32, 100u32)).ceiling())
            .expect("x² < 1.39·(prec + 8)")
            + 32
    } else {
        16
    };
    let wp = prec + guard;
    // S(y) = Σ y^{2n+1}/(2n+1)!!, all terms positive: lower and upper sums with directed
    // rounding (each step is monotone in its non-negative inputs).
    let y2_lo = y.square_prec_round_ref(wp, Floor).0;
    let y2_hi = y.square_prec_round_ref(wp, Ceiling).0;
    let (mut t_lo, mut t_hi) = (y.clone(), y.clone());
    let (mut s_lo, mut s_hi) = (y.clone(), y.clone());
    let mut n: u64 = 0;
    if y != 0u32 {
        loop {
            let d = Float::from(2 * n + 3);
            t_lo = t_lo
                .mul_prec_round_ref_ref(&y2_lo, wp, Floor)
                .0
                .div_prec_round(d.clone(), wp, Floor)
                .0;
            t_hi = t_hi
                .mul_prec_round_ref_ref(&y2_hi, wp, Ceiling)
                .0
                .div_prec_round(d, wp, Ceiling)
                .0;
            n += 1;
            // The ratio of the term after t_n to t_n is y²/(2n+3) ≤ 1/2 ⇔ 2y² ≤ 2n+3, and
            // it decreases with n: the tail from t_n on is at most 2·t_n.
            let ratio_ok = (y2_hi.clone() << 1u32) <= 2 * n + 3;
            if ratio_ok && t_hi <= s_lo.clone() >> (wp + 4) {
                s_hi = s_hi.add_prec_round_ref_ref(&(t_hi << 1u32), wp, Ceiling).0;
                break;
            }
            s_lo = s_lo.add_prec_round_ref_ref(&t_lo, wp, Floor).0;
            s_hi = s_hi.add_prec_round_ref_ref(&t_hi, wp, Ceiling).0;
        }
    }
    let sum = Interval {
        lo: s_lo,
        hi: s_hi,
        prec: wp,
    };
    let t = density(&y, wp).mul(&sum);
    let half = Interval::from_rational(&Rational::from_signeds(1, 2), wp);
    let r = if *x < 0u32 {
        half.sub(&t)
    } else {
        half.add(&t)
    };
    r.round_to(prec)
}

/// `Q(y) = 1 − Φ(y)` for an exact `y ≥ X₀`, bracketed by consecutive partial sums of the
/// asymptotic series (A&S 7.1.24: the remainder is of the sign of, and smaller than, the first
/// omitted term).
fn upper_tail(y: &Float, wp: u64) -> Interval {
    let yi = Interval::point(y.clone(), wp);
    let inv = yi.recip().expect("y > 0");
    let inv2 = inv.mul(&inv);
    let mut term = inv.clone(); // (−1)^n (2n−1)!!/y^{2n+1}
    let mut sum = inv.clone();
    let mut n: u64 = 0;
    let yq = Rational::try_from(y).expect("finite");
    let y2 = &yq * &yq;
    let tiny = Float::power_of_2(-(wp as i64) - 8);
    loop {
        let next = term.mul(&inv2).mul_rational(&-Rational::from(2 * n + 1));
        n += 1;
        let mag = max_abs(&next);
        // Stop at a term below 2^-(wp+8) or once terms would start to grow (2n+1 ≥ y²).
        if mag <= tiny || y2 <= 2 * n + 1 {
            // The truth lies between `sum` and `sum + next`.
            let with = sum.add(&next);
            sum = sum.hull(&with);
            break;
        }
        sum = sum.add(&next);
        term = next;
    }
    density(y, wp).mul(&sum)
}

/// `|x|` (exact).
fn abs(x: &Float) -> Float {
    if *x < 0u32 {
        -x.clone()
    } else {
        x.clone()
    }
}

/// `max(|lo|, |hi|)` of an interval (exact).
fn max_abs(i: &Interval) -> Float {
    let (a, b) = (abs(&i.lo), abs(&i.hi));
    if a >= b {
        a
    } else {
        b
    }
}

impl Interval {
    /// The same enclosure with endpoints rounded outward to `prec` bits.
    fn round_to(&self, prec: u64) -> Interval {
        Interval {
            lo: Float::from_float_prec_round_ref(&self.lo, prec, Floor).0,
            hi: Float::from_float_prec_round_ref(&self.hi, prec, Ceiling).0,
            prec,
        }
    }

    /// An enclosure of the standard normal CDF `Φ` over this interval: `[Φ(lo)↓, Φ(hi)↑]`,
    /// each end accurate to about `prec` bits (relative, in the tails too); clamped to
    /// `[0, 1]`.
    pub fn normal_cdf(&self) -> Interval {
        self.normal_cdf_with(true)
    }

    /// [`Interval::normal_cdf`] with an absolute error of about `2^-prec` per end (cheaper in
    /// the lower tail, where no guard bits are added): for masses summed in fixed point.
    pub fn normal_cdf_absolute(&self) -> Interval {
        self.normal_cdf_with(false)
    }

    fn normal_cdf_with(&self, relative: bool) -> Interval {
        if self.is_nan() {
            return self.clone();
        }
        let lo = cdf_point(&self.lo, self.prec, relative);
        let hi = cdf_point(&self.hi, self.prec, relative);
        let zero = Rational::from(0u32);
        let one = Rational::from(1u32);
        Interval {
            lo: lo.lo,
            hi: hi.hi,
            prec: self.prec,
        }
        .clamp_to(Some(&zero), Some(&one))
    }

    /// `Φ(q)` for a rational `q`, enclosed at `prec`.
    pub fn normal_cdf_rational(q: &Rational, prec: u64) -> Interval {
        Interval::from_rational(q, prec + 16)
            .normal_cdf()
            .round_to(prec)
    }
}

#[cfg(test)]
#[path = "normal_tests.rs"]
mod tests;
