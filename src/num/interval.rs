//! Certified interval arithmetic with malachite `Float` endpoints rounded outward.
//!
//! An [`Interval`] `[lo, hi]` *encloses* a real number: every operation returns an interval
//! that contains the exact result for every choice of arguments in the operand intervals.
//! Lower endpoints are rounded toward −∞ (`Floor`), upper endpoints toward +∞ (`Ceiling`),
//! at the interval's working precision `prec` (bits of mantissa). The elementary functions
//! (`ln`, `exp`, `sqrt`) use malachite's correctly rounded `*_prec_round` functions with
//! directed rounding; they are cross-checked in the tests against an independent rational
//! Taylor series with an explicit remainder bound.
//!
//! Comparisons return a [`Decision`]: `True`/`False` only when the enclosures separate,
//! `Unknown` otherwise. [`refine`] retries a decision on a precision schedule.

use super::Decision;
use malachite::base::num::basic::traits::{Infinity, NaN, NegativeInfinity, Zero};
use malachite::base::rounding_modes::RoundingMode::{self, Ceiling, Floor};
use malachite::rational::Rational;
use malachite::Float;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

mod elementary;
mod normal;

/// The default precision schedule of [`refine`]: 64, 128, …, 4096 bits.
pub const DEFAULT_SCHEDULE: [u64; 7] = [64, 128, 256, 512, 1024, 2048, 4096];

/// A closed interval `[lo, hi]` of reals with outward-rounded `Float` endpoints.
///
/// Endpoints may be infinite after overflow; a NaN endpoint (from `∞ − ∞`) makes every
/// comparison `Unknown`. Intervals are produced by the constructors and operations here,
/// which keep `lo ≤ hi`.
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    /// Lower endpoint (rounded down).
    pub lo: Float,
    /// Upper endpoint (rounded up).
    pub hi: Float,
    /// Working precision in bits for operations on this interval.
    pub prec: u64,
}

fn nan() -> Float {
    Float::NAN
}

/// Minimum that propagates NaN.
fn fmin(a: Float, b: Float) -> Float {
    if a.is_nan() || b.is_nan() {
        nan()
    } else if a <= b {
        a
    } else {
        b
    }
}

/// Maximum that propagates NaN.
fn fmax(a: Float, b: Float) -> Float {
    if a.is_nan() || b.is_nan() {
        nan()
    } else if a >= b {
        a
    } else {
        b
    }
}

fn float_of(q: &Rational, prec: u64, rm: RoundingMode) -> Float {
    Float::from_rational_prec_round_ref(q, prec, rm).0
}

impl Interval {
    /// `[lo, hi]` at precision `prec`; `None` unless `lo ≤ hi` (NaN rejected).
    pub fn new(lo: Float, hi: Float, prec: u64) -> Option<Interval> {
        (lo <= hi).then_some(Interval { lo, hi, prec })
    }

    /// The smallest enclosure of `q` at precision `prec` (a point when `q` is representable).
    pub fn from_rational(q: &Rational, prec: u64) -> Interval {
        Interval {
            lo: float_of(q, prec, Floor),
            hi: float_of(q, prec, Ceiling),
            prec,
        }
    }

    /// The enclosure of the integer `n`.
    pub fn from_i64(n: i64, prec: u64) -> Interval {
        Interval::from_rational(&Rational::from(n), prec)
    }

    /// An enclosure of `[a, b]` for rationals `a ≤ b`.
    pub fn from_rationals(a: &Rational, b: &Rational, prec: u64) -> Option<Interval> {
        (a <= b).then(|| Interval {
            lo: float_of(a, prec, Floor),
            hi: float_of(b, prec, Ceiling),
            prec,
        })
    }

    /// The point interval of an exact `Float` (kept exactly, whatever its precision).
    pub fn point(x: Float, prec: u64) -> Interval {
        Interval {
            lo: x.clone(),
            hi: x,
            prec,
        }
    }

    /// True when either endpoint is NaN (the enclosure carries no information).
    pub fn is_nan(&self) -> bool {
        self.lo.is_nan() || self.hi.is_nan()
    }

    /// True when the interval contains the rational `q`.
    pub fn contains_rational(&self, q: &Rational) -> bool {
        !self.is_nan() && self.lo <= *q && self.hi >= *q
    }

    /// True when the interval contains the whole interval `o`.
    pub fn contains(&self, o: &Interval) -> bool {
        !self.is_nan() && !o.is_nan() && self.lo <= o.lo && self.hi >= o.hi
    }

    /// True when the interval contains zero.
    pub fn contains_zero(&self) -> bool {
        self.contains_rational(&Rational::ZERO)
    }

    /// `hi − lo`, rounded up (∞ or NaN for unbounded or invalid intervals).
    pub fn width(&self) -> Float {
        self.hi
            .sub_prec_round_ref_ref(&self.lo, self.prec, Ceiling)
            .0
    }

    /// `hi − lo` exactly, as a rational; `None` for infinite or NaN endpoints.
    pub fn width_rational(&self) -> Option<Rational> {
        Some(self.hi_rational()? - self.lo_rational()?)
    }

    /// The lower endpoint as an exact rational (`None` if infinite or NaN).
    pub fn lo_rational(&self) -> Option<Rational> {
        Rational::try_from(&self.lo).ok()
    }

    /// The upper endpoint as an exact rational (`None` if infinite or NaN).
    pub fn hi_rational(&self) -> Option<Rational> {
        Rational::try_from(&self.hi).ok()
    }

    /// The same enclosure with a different working precision for later operations.
    pub fn with_prec(mut self, prec: u64) -> Interval {
        self.prec = prec;
        self
    }

    fn p(&self, o: &Interval) -> u64 {
        self.prec.max(o.prec)
    }

    /// `self + o`.
    pub fn add(&self, o: &Interval) -> Interval {
        let prec = self.p(o);
        Interval {
            lo: self.lo.add_prec_round_ref_ref(&o.lo, prec, Floor).0,
            hi: self.hi.add_prec_round_ref_ref(&o.hi, prec, Ceiling).0,
            prec,
        }
    }

    /// `self − o`.
    pub fn sub(&self, o: &Interval) -> Interval {
        let prec = self.p(o);
        Interval {
            lo: self.lo.sub_prec_round_ref_ref(&o.hi, prec, Floor).0,
            hi: self.hi.sub_prec_round_ref_ref(&o.lo, prec, Ceiling).0,
            prec,
        }
    }

    /// `−self` (exact).
    pub fn neg(&self) -> Interval {
        Interval {
            lo: -self.hi.clone(),
            hi: -self.lo.clone(),
            prec: self.prec,
        }
    }

    /// `self × o`.
    pub fn mul(&self, o: &Interval) -> Interval {
        let prec = self.p(o);
        let pairs = [
            (&self.lo, &o.lo),
            (&self.lo, &o.hi),
            (&self.hi, &o.lo),
            (&self.hi, &o.hi),
        ];
        let mut lo: Option<Float> = None;
        let mut hi: Option<Float> = None;
        for (a, b) in pairs {
            let d = a.mul_prec_round_ref_ref(b, prec, Floor).0;
            let u = a.mul_prec_round_ref_ref(b, prec, Ceiling).0;
            lo = Some(match lo {
                None => d,
                Some(l) => fmin(l, d),
            });
            hi = Some(match hi {
                None => u,
                Some(h) => fmax(h, u),
            });
        }
        Interval {
            lo: lo.expect("four products"),
            hi: hi.expect("four products"),
            prec,
        }
    }

    /// `self × q` for a rational `q`.
    pub fn mul_rational(&self, q: &Rational) -> Interval {
        self.mul(&Interval::from_rational(q, self.prec))
    }

    /// `1 / self`; `None` when the interval contains zero (or is NaN).
    pub fn recip(&self) -> Option<Interval> {
        if self.is_nan() || self.contains_zero() {
            return None;
        }
        Some(Interval {
            lo: self.hi.reciprocal_prec_round_ref(self.prec, Floor).0,
            hi: self.lo.reciprocal_prec_round_ref(self.prec, Ceiling).0,
            prec: self.prec,
        })
    }

    /// `self / o`; `None` when `o` contains zero.
    pub fn checked_div(&self, o: &Interval) -> Option<Interval> {
        if o.is_nan() || o.contains_zero() {
            return None;
        }
        let prec = self.p(o);
        let pairs = [
            (&self.lo, &o.lo),
            (&self.lo, &o.hi),
            (&self.hi, &o.lo),
            (&self.hi, &o.hi),
        ];
        let mut lo = Float::INFINITY;
        let mut hi = Float::NEGATIVE_INFINITY;
        for (a, b) in pairs {
            lo = fmin(lo, a.div_prec_round_ref_ref(b, prec, Floor).0);
            hi = fmax(hi, a.div_prec_round_ref_ref(b, prec, Ceiling).0);
        }
        Some(Interval { lo, hi, prec })
    }

    /// The intersection with `o`, `None` when disjoint.
    pub fn intersect(&self, o: &Interval) -> Option<Interval> {
        let lo = fmax(self.lo.clone(), o.lo.clone());
        let hi = fmin(self.hi.clone(), o.hi.clone());
        Interval::new(lo, hi, self.p(o))
    }

    /// The smallest interval containing both.
    pub fn hull(&self, o: &Interval) -> Interval {
        Interval {
            lo: fmin(self.lo.clone(), o.lo.clone()),
            hi: fmax(self.hi.clone(), o.hi.clone()),
            prec: self.p(o),
        }
    }

    /// The enclosure of a value that is also known, by an exact argument independent of
    /// `self`, to lie in `[lo, hi]` (`None`: no bound on that side): `self` with its ends moved
    /// inside those bounds (rounded outward). This keeps an enclosure from crossing a trivial
    /// bound (`0 ≤ I(X;Y)`, `δ ≤ 1`) or the exact sign of a form. If the bounds miss `self`
    /// entirely (impossible when both facts are true), `self` is returned unchanged.
    pub fn clamp_to(&self, lo: Option<&Rational>, hi: Option<&Rational>) -> Interval {
        let mut out = self.clone();
        if let Some(l) = lo.map(|l| float_of(l, self.prec, Floor)) {
            if out.lo < l {
                out.lo = l;
            }
        }
        if let Some(h) = hi.map(|h| float_of(h, self.prec, Ceiling)) {
            if out.hi > h {
                out.hi = h;
            }
        }
        if out.lo <= out.hi {
            out
        } else {
            self.clone()
        }
    }

    /// The enclosure of a value whose exact sign `s` is known: the part of `self` on that side
    /// of zero (`[0, 0]` for `Equal`). See [`Interval::clamp_to`].
    pub fn with_sign(&self, s: Ordering) -> Interval {
        let zero = Rational::ZERO;
        match s {
            Ordering::Greater => self.clamp_to(Some(&zero), None),
            Ordering::Less => self.clamp_to(None, Some(&zero)),
            Ordering::Equal => Interval::from_i64(0, self.prec),
        }
    }

    /// Certainly `self < o` → `True`; certainly `self ≥ o` → `False`; else `Unknown`.
    pub fn lt(&self, o: &Interval) -> Decision {
        if self.hi < o.lo {
            Decision::True
        } else if self.lo >= o.hi {
            Decision::False
        } else {
            Decision::Unknown
        }
    }

    /// Certainly `self ≤ o` → `True`; certainly `self > o` → `False`; else `Unknown`.
    pub fn le(&self, o: &Interval) -> Decision {
        if self.hi <= o.lo {
            Decision::True
        } else if self.lo > o.hi {
            Decision::False
        } else {
            Decision::Unknown
        }
    }

    /// `o < self`.
    pub fn gt(&self, o: &Interval) -> Decision {
        o.lt(self)
    }

    /// `o ≤ self`.
    pub fn ge(&self, o: &Interval) -> Decision {
        o.le(self)
    }

    /// The sign of every point of the interval, when it is the same for all
    /// (`Some(Equal)` only for the point interval `[0, 0]`).
    pub fn signum(&self) -> Option<Ordering> {
        if self.is_nan() {
            None
        } else if self.lo > 0u32 {
            Some(Ordering::Greater)
        } else if self.hi < 0u32 {
            Some(Ordering::Less)
        } else if self.lo == 0u32 && self.hi == 0u32 {
            Some(Ordering::Equal)
        } else {
            None
        }
    }

    /// The comparison of every point of the interval with the rational `q`, when it is
    /// the same for all.
    pub fn cmp_rational(&self, q: &Rational) -> Option<Ordering> {
        if self.is_nan() {
            None
        } else if self.lo > *q {
            Some(Ordering::Greater)
        } else if self.hi < *q {
            Some(Ordering::Less)
        } else if self.lo == *q && self.hi == *q {
            Some(Ordering::Equal)
        } else {
            None
        }
    }

    /// `[lo, hi]` in decimal with `digits` digits after the point, the lower end rounded
    /// down and the upper end rounded up (so the printed interval still encloses).
    pub fn to_decimal_string(&self, digits: usize) -> String {
        let end = |f: &Float, rm: RoundingMode| match Rational::try_from(f) {
            Ok(q) => super::fmt::decimal_round(&q, digits, rm),
            Err(_) => f.to_string(),
        };
        format!("[{}, {}]", end(&self.lo, Floor), end(&self.hi, Ceiling))
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal_string(20))
    }
}

impl Add<&Interval> for &Interval {
    type Output = Interval;
    fn add(self, o: &Interval) -> Interval {
        Interval::add(self, o)
    }
}

impl Sub<&Interval> for &Interval {
    type Output = Interval;
    fn sub(self, o: &Interval) -> Interval {
        Interval::sub(self, o)
    }
}

impl Mul<&Interval> for &Interval {
    type Output = Interval;
    fn mul(self, o: &Interval) -> Interval {
        Interval::mul(self, o)
    }
}

impl Neg for &Interval {
    type Output = Interval;
    fn neg(self) -> Interval {
        Interval::neg(self)
    }
}

impl Neg for Interval {
    type Output = Interval;
    fn neg(self) -> Interval {
        Interval::neg(&self)
    }
}

impl std::ops::Div<&Interval> for &Interval {
    /// `None` when the divisor contains zero.
    type Output = Option<Interval>;
    fn div(self, o: &Interval) -> Option<Interval> {
        self.checked_div(o)
    }
}

/// Retry a decision at increasing precision: returns the first `True`/`False` and the
/// precision that gave it, or `(Unknown, last precision)` when the schedule runs out.
/// Use [`DEFAULT_SCHEDULE`] unless a claim needs a different budget.
pub fn refine(f: impl Fn(u64) -> Decision, schedule: &[u64]) -> (Decision, u64) {
    let mut last = 0;
    for &prec in schedule {
        last = prec;
        let d = f(prec);
        if d != Decision::Unknown {
            return (d, prec);
        }
    }
    (Decision::Unknown, last)
}

#[cfg(test)]
mod tests;
