//! The elementary functions of an [`Interval`], each rounded outward: `ln`, `exp`, `sqrt`,
//! integer powers, `ln 2`, enclosures of `ln q` and `e^q` for a rational `q`, and the binary
//! entropy `h` with its inverse on `[0, 1/2]`.

use super::{fmax, fmin, Interval};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::base::num::logic::traits::SignificantBits;
use malachite::base::rounding_modes::RoundingMode::{self, Ceiling, Floor, Nearest};
use malachite::rational::Rational;
use malachite::Float;
use std::cell::RefCell;
use std::collections::HashMap;

/// The memo of [`Interval::ln_rational`] holds at most this many enclosures per thread; it is
/// emptied when full.
const LN_MEMO_ENTRIES: usize = 4096;
/// Only a `q` whose numerator and denominator have at most this many bits together is kept.
const LN_MEMO_MAX_BITS: u64 = 1024;
/// Only enclosures of at most this precision are kept, so that the memo holds at most
/// `2 · LN_MEMO_ENTRIES · LN_MEMO_MAX_PREC` bits of floats (16 MiB) per thread, whatever
/// precision a refinement reaches.
const LN_MEMO_MAX_PREC: u64 = 1 << 14;

thread_local! {
    /// `ln q` enclosures by precision, then by `q`: the exact comparisons of log-linear forms
    /// (`loglin`) enclose `ln b` for the same few small integers `b` over and over (863 calls
    /// for 88 distinct `(b, prec)` in `check --file examples/accounting-theorems.toml`), and an
    /// evaluation costs tens of microseconds. A hit returns the very interval an evaluation
    /// would, so nothing downstream can tell.
    static LN_MEMO: RefCell<HashMap<u64, HashMap<Rational, Interval>>> =
        RefCell::new(HashMap::new());
}

impl Interval {
    /// An enclosure of `ln q` for a positive rational `q` (tighter than `from_rational(q).ln()`);
    /// `None` when `q ≤ 0`. Remembered per thread (see `LN_MEMO`).
    pub fn ln_rational(q: &Rational, prec: u64) -> Option<Interval> {
        if *q <= 0u32 {
            return None;
        }
        if *q == 1u32 {
            return Some(Interval::from_i64(0, prec));
        }
        let kept = prec <= LN_MEMO_MAX_PREC
            && q.numerator_ref().significant_bits() + q.denominator_ref().significant_bits()
                <= LN_MEMO_MAX_BITS;
        if kept {
            let hit = LN_MEMO.with(|m| m.borrow().get(&prec).and_then(|t| t.get(q)).cloned());
            if hit.is_some() {
                return hit;
            }
        }
        let v = Interval::floor_and_successor(
            Float::ln_rational_prec_round_ref(q, prec, Floor),
            || Float::ln_rational_prec_round_ref(q, prec, Ceiling).0,
            prec,
        );
        if kept {
            LN_MEMO.with(|m| {
                let mut m = m.borrow_mut();
                if m.values().map(HashMap::len).sum::<usize>() >= LN_MEMO_ENTRIES {
                    m.clear();
                }
                m.entry(prec).or_default().insert(q.clone(), v.clone());
            });
        }
        Some(v)
    }

    /// An enclosure of `e^q` for a rational `q`.
    pub fn exp_rational(q: &Rational, prec: u64) -> Interval {
        if *q == 0u32 {
            return Interval::from_i64(1, prec);
        }
        Interval::floor_and_successor(
            Float::exp_rational_prec_round_ref(q, prec, Floor),
            || Float::exp_rational_prec_round_ref(q, prec, Ceiling).0,
            prec,
        )
    }

    /// The interval from a correctly rounded `Floor` result `(lo, ordering)` at `prec` to the
    /// correctly rounded `Ceiling` result of the same real number, which `ceiling` computes.
    ///
    /// When `lo` is inexact (`ordering` is `Less`), it is the largest `prec`-bit float below the
    /// real number `x`, so the next `prec`-bit float above `lo` lies above `x` and no float lies
    /// strictly between them: it *is* the `Ceiling` result, and stepping up one ulp
    /// (`Float::increment`, which crosses a binade like MPFR's `nextabove`) gives the same bits
    /// without a second evaluation — half the cost of `ln q` and `e^q`, whose evaluations
    /// recompute `π` and `ln 2` each time. An exact, zero, infinite or range-edge `lo` (an
    /// overflow or underflow clamp) takes the second evaluation instead.
    fn floor_and_successor(
        (lo, ordering): (Float, std::cmp::Ordering),
        ceiling: impl FnOnce() -> Float,
        prec: u64,
    ) -> Interval {
        let interior = |e: i32| Float::MIN_EXPONENT < e && e < Float::MAX_EXPONENT;
        let hi = match lo.get_exponent() {
            Some(e) if ordering == std::cmp::Ordering::Less && interior(e) => {
                let mut hi = lo.clone();
                hi.increment();
                hi
            }
            _ => ceiling(),
        };
        Interval { lo, hi, prec }
    }

    /// An enclosure of `ln 2`.
    pub fn ln2(prec: u64) -> Interval {
        Interval {
            lo: Float::ln_2_prec_round(prec, Floor).0,
            hi: Float::ln_2_prec_round(prec, Ceiling).0,
            prec,
        }
    }

    /// `x^n` for `x ≥ 0` rounded in direction `rm`, by repeated squaring (each step is
    /// monotone on non-negative numbers, so directed rounding at every step stays directed).
    fn pow_nonneg(x: &Float, n: u64, prec: u64, rm: RoundingMode) -> Float {
        let mut result = Float::ONE;
        let mut base = x.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = result.mul_prec_round_ref_ref(&base, prec, rm).0;
            }
            n >>= 1;
            if n > 0 {
                base = base.square_prec_round_ref(prec, rm).0;
            }
        }
        result
    }

    /// `self^n` for an integer `n`; `None` for a negative power of an interval containing 0.
    /// Even powers of an interval containing 0 give `[0, max(|lo|, |hi|)^n]`.
    pub fn powi(&self, n: i64) -> Option<Interval> {
        if self.is_nan() {
            return None;
        }
        if n < 0 {
            return self.powi(-n)?.recip();
        }
        let prec = self.prec;
        let k = n as u64;
        if k == 0 {
            return Some(Interval::from_i64(1, prec));
        }
        let zero = Float::ZERO;
        let up = |x: &Float| Interval::pow_nonneg(x, k, prec, Ceiling);
        let down = |x: &Float| Interval::pow_nonneg(x, k, prec, Floor);
        let odd = k % 2 == 1;
        Some(if self.lo >= zero {
            Interval {
                lo: down(&self.lo),
                hi: up(&self.hi),
                prec,
            }
        } else if self.hi <= zero {
            // x = −y with y in [−hi, −lo]
            let (ylo, yhi) = (-self.hi.clone(), -self.lo.clone());
            if odd {
                Interval {
                    lo: -up(&yhi),
                    hi: -down(&ylo),
                    prec,
                }
            } else {
                Interval {
                    lo: down(&ylo),
                    hi: up(&yhi),
                    prec,
                }
            }
        } else {
            let neg_lo = -self.lo.clone();
            if odd {
                Interval {
                    lo: -up(&neg_lo),
                    hi: up(&self.hi),
                    prec,
                }
            } else {
                Interval {
                    lo: Float::ZERO,
                    hi: up(&fmax(neg_lo, self.hi.clone())),
                    prec,
                }
            }
        })
    }

    /// `ln self`; `None` unless the interval is positive (`lo > 0`).
    pub fn ln(&self) -> Option<Interval> {
        if self.is_nan() || self.lo <= 0u32 {
            return None;
        }
        Some(Interval {
            lo: self.lo.ln_prec_round_ref(self.prec, Floor).0,
            hi: self.hi.ln_prec_round_ref(self.prec, Ceiling).0,
            prec: self.prec,
        })
    }

    /// `e^self`.
    pub fn exp(&self) -> Interval {
        Interval {
            lo: self.lo.exp_prec_round_ref(self.prec, Floor).0,
            hi: self.hi.exp_prec_round_ref(self.prec, Ceiling).0,
            prec: self.prec,
        }
    }

    /// `√self`; `None` when the interval has a negative lower end.
    pub fn sqrt(&self) -> Option<Interval> {
        if self.is_nan() || self.lo < 0u32 {
            return None;
        }
        Some(Interval {
            lo: self.lo.sqrt_prec_round_ref(self.prec, Floor).0,
            hi: self.hi.sqrt_prec_round_ref(self.prec, Ceiling).0,
            prec: self.prec,
        })
    }

    /// Enclosure of `h(x) = −x ln x − (1−x) ln(1−x)` at one exact point `x ∈ [0, 1]`.
    fn binary_entropy_point(x: &Float, prec: u64) -> Interval {
        if *x == 0u32 || *x == 1u32 {
            return Interval::from_i64(0, prec);
        }
        let xi = Interval::point(x.clone(), prec);
        let yi = Interval::from_i64(1, prec).sub(&xi);
        let a = xi.mul(&xi.ln().expect("0 < x"));
        let b = yi.mul(&yi.ln().expect("x < 1 so 1 − x rounded down stays > 0"));
        a.add(&b).neg()
    }

    /// The binary entropy `h(p) = −p ln p − (1−p) ln(1−p)` in nats, `h(0) = h(1) = 0`.
    ///
    /// `self` encloses a probability: it is intersected with `[0, 1]` first (sound because
    /// the true value lies there), and `None` is returned when it misses `[0, 1]`. Uses that
    /// `h` increases on `[0, 1/2]` and decreases on `[1/2, 1]`, and that `0 ≤ h ≤ ln 2`.
    pub fn binary_entropy(&self) -> Option<Interval> {
        let prec = self.prec;
        let unit = Interval::from_rationals(&Rational::ZERO, &Rational::ONE, prec)?;
        let p = self.intersect(&unit)?;
        let half = Rational::from_signeds(1, 2);
        let ha = Interval::binary_entropy_point(&p.lo, prec);
        let hb = Interval::binary_entropy_point(&p.hi, prec);
        let raw = if p.hi <= half {
            Interval {
                lo: ha.lo,
                hi: hb.hi,
                prec,
            }
        } else if p.lo >= half {
            Interval {
                lo: hb.lo,
                hi: ha.hi,
                prec,
            }
        } else {
            Interval {
                lo: fmin(ha.lo, hb.lo),
                hi: Interval::ln2(prec).hi,
                prec,
            }
        };
        let range = Interval {
            lo: Float::ZERO,
            hi: Interval::ln2(prec).hi,
            prec,
        };
        raw.intersect(&range)
    }

    /// The inverse of the binary entropy on the branch `[0, 1/2]`: an enclosure of the
    /// `p ∈ [0, 1/2]` with `h(p) = y` for every `y` in `self ∩ [0, ln 2]`.
    ///
    /// Certified bisection: a point `x` is a lower bound for `h⁻¹(c)` once the enclosure of
    /// `h(x)` lies at or below `c`, an upper bound once it lies at or above (h increases on
    /// `[0, 1/2]`). Bisection stops when an enclosure straddles the target or after `prec`
    /// halvings. `None` when `self` misses `[0, ln 2]`.
    pub fn inv_binary_entropy(&self) -> Option<Interval> {
        let prec = self.prec;
        if self.is_nan() {
            return None;
        }
        let ln2 = Interval::ln2(prec);
        if self.hi < 0u32 || self.lo > ln2.hi {
            return None;
        }
        let half = Float::from_rational_prec_round(Rational::from_signeds(1, 2), prec, Nearest).0;
        // Lower end: largest certified x with h(x) ≤ self.lo.
        let lo = if self.lo <= 0u32 {
            Float::ZERO
        } else {
            Interval::bisect_inv_h(&self.lo, prec, true, &half)
        };
        // Upper end: smallest certified x with h(x) ≥ self.hi.
        let hi = if self.hi >= ln2.lo {
            half.clone()
        } else {
            Interval::bisect_inv_h(&self.hi, prec, false, &half)
        };
        Interval::new(lo, hi, prec)
    }

    fn bisect_inv_h(c: &Float, prec: u64, lower: bool, half: &Float) -> Float {
        let mut a = Float::ZERO; // h(a) ≤ c
        let mut b = half.clone(); // h(b) ≥ c
        for _ in 0..prec {
            let m = a
                .add_prec_round_ref_ref(&b, prec + 1, Nearest)
                .0
                .div_prec_round(Float::from(2u32), prec + 1, Nearest)
                .0;
            if m <= a || m >= b {
                break;
            }
            let h = Interval::binary_entropy_point(&m, prec);
            if h.hi <= *c {
                a = m;
            } else if h.lo >= *c {
                b = m;
            } else {
                break;
            }
        }
        if lower {
            a
        } else {
            b
        }
    }
}

#[cfg(test)]
#[path = "elementary_tests.rs"]
mod tests;
