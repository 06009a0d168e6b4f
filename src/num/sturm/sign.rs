//! The sign of a polynomial, or of a rational function, on an interval (a [`Range`] with open or
//! closed ends, possibly unbounded), decided exactly by root counts.

use super::{isolate_with, Sturm};
use crate::num::poly::{Poly, RatFn};
use malachite::rational::Rational;
use std::cmp::Ordering;
use std::fmt;

/// A bounded interval of the real line with each end open or closed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    pub lo: Rational,
    pub hi: Rational,
    pub lo_open: bool,
    pub hi_open: bool,
}

impl Range {
    /// `[lo, hi]`.
    pub fn closed(lo: Rational, hi: Rational) -> Range {
        Range {
            lo,
            hi,
            lo_open: false,
            hi_open: false,
        }
    }

    /// `(lo, hi)`.
    pub fn open(lo: Rational, hi: Rational) -> Range {
        Range {
            lo,
            hi,
            lo_open: true,
            hi_open: true,
        }
    }

    /// `(lo, hi]`.
    pub fn open_closed(lo: Rational, hi: Rational) -> Range {
        Range {
            lo,
            hi,
            lo_open: true,
            hi_open: false,
        }
    }

    /// True when the range contains no point.
    pub fn is_empty(&self) -> bool {
        self.lo > self.hi || (self.lo == self.hi && (self.lo_open || self.hi_open))
    }

    /// True when `x` lies in the range.
    pub fn contains(&self, x: &Rational) -> bool {
        let above = if self.lo_open {
            *x > self.lo
        } else {
            *x >= self.lo
        };
        let below = if self.hi_open {
            *x < self.hi
        } else {
            *x <= self.hi
        };
        above && below
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}, {}{}",
            if self.lo_open { '(' } else { '[' },
            self.lo,
            self.hi,
            if self.hi_open { ')' } else { ']' }
        )
    }
}

/// The sign of a polynomial over a whole range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SignOnInterval {
    /// `p(x) > 0` for every `x` in the range.
    Positive,
    /// `p(x) < 0` for every `x` in the range.
    Negative,
    /// `p(x) = 0` for every `x` in the range (`p = 0`, or the range is a single root,
    /// or the range is empty — vacuously).
    IdenticallyZero,
    /// `p(x) ≥ 0` on the range, with at least one zero and at least one positive value.
    NonNegative,
    /// `p(x) ≤ 0` on the range, with at least one zero and at least one negative value.
    NonPositive,
    /// `p` takes both signs on the range.
    Mixed,
}

impl SignOnInterval {
    /// True when `p ≥ 0` on the whole range.
    pub fn is_nonnegative(self) -> bool {
        matches!(
            self,
            SignOnInterval::Positive
                | SignOnInterval::NonNegative
                | SignOnInterval::IdenticallyZero
        )
    }
}

fn sign_class(s: Ordering) -> SignOnInterval {
    match s {
        Ordering::Greater => SignOnInterval::Positive,
        Ordering::Less => SignOnInterval::Negative,
        Ordering::Equal => SignOnInterval::IdenticallyZero,
    }
}

/// The sign of `p` on the whole range `r` (exact, by Sturm sequences and root isolation).
///
/// The distinct roots of `p` in the closure of `r` are isolated; between consecutive roots
/// `p` has constant sign, read off at one rational sample point per gap.
pub fn sign_on(p: &Poly, r: &Range) -> SignOnInterval {
    if p.is_zero() || r.is_empty() {
        return SignOnInterval::IdenticallyZero;
    }
    if r.lo == r.hi {
        return sign_class(p.sign_at(&r.lo));
    }
    let sturm = Sturm::new(p);
    // Width: anything works for correctness; take the full length so isolation stops early.
    let width = &r.hi - &r.lo;
    let roots = isolate_with(&sturm, &r.lo, &r.hi, &width);
    if roots.is_empty() {
        let mid = (&r.lo + &r.hi) / Rational::from(2u32);
        return sign_class(p.sign_at(&mid));
    }
    // Sample points, one per maximal root-free gap of [lo, hi]; a point equal to a
    // non-root endpoint of the hull has the sign of the adjacent gap by continuity.
    let mut samples: Vec<Rational> = Vec::new();
    let two = Rational::from(2u32);
    let (a0, b0) = &roots[0];
    if !(a0 == b0 && *a0 == r.lo) {
        samples.push((&r.lo + a0) / &two);
    }
    for w in roots.windows(2) {
        samples.push((&w[0].1 + &w[1].0) / &two);
    }
    let (al, bl) = roots.last().expect("non-empty");
    if !(al == bl && *bl == r.hi) {
        samples.push((bl + &r.hi) / &two);
    }
    let mut pos = false;
    let mut neg = false;
    for s in &samples {
        match p.sign_at(s) {
            Ordering::Greater => pos = true,
            Ordering::Less => neg = true,
            Ordering::Equal => unreachable!("sample points avoid the isolated roots"),
        }
    }
    // Roots inside the range proper (an exact root at an open end does not count; an
    // isolating interval touching an open end holds a root strictly inside).
    let root_in_range = roots.iter().any(|(a, b)| a != b || r.contains(a));
    match (pos, neg, root_in_range) {
        (true, true, _) => SignOnInterval::Mixed,
        (true, false, true) => SignOnInterval::NonNegative,
        (true, false, false) => SignOnInterval::Positive,
        (false, true, true) => SignOnInterval::NonPositive,
        (false, true, false) => SignOnInterval::Negative,
        (false, false, _) => SignOnInterval::IdenticallyZero,
    }
}

/// The sign of a rational function on a range; `None` when its denominator vanishes
/// somewhere in the range (a pole, so the question is ill-posed there). Otherwise the sign
/// of `num / den` equals the sign of `num · den` at every point of the range.
pub fn sign_on_ratfn(f: &RatFn, r: &Range) -> Option<SignOnInterval> {
    if r.is_empty() {
        return Some(SignOnInterval::IdenticallyZero);
    }
    let poles = if r.lo == r.hi {
        usize::from(f.den.sign_at(&r.lo) == Ordering::Equal)
    } else {
        let s = Sturm::new(&f.den);
        let mut n = s.count_open(&r.lo, &r.hi);
        if !r.lo_open && f.den.sign_at(&r.lo) == Ordering::Equal {
            n += 1;
        }
        if !r.hi_open && f.den.sign_at(&r.hi) == Ordering::Equal {
            n += 1;
        }
        n
    };
    (poles == 0).then(|| sign_on(&f.sign_poly(), r))
}

#[cfg(test)]
/// The sign of `p` on `[a, +∞)` (`a_open = false`) or `(a, +∞)` (`a_open = true`).
pub fn sign_from(p: &Poly, a: &Rational, a_open: bool) -> SignOnInterval {
    use super::cauchy_bound;
    use malachite::base::num::arithmetic::traits::Abs;
    use malachite::base::num::basic::traits::One;
    if p.is_zero() {
        return SignOnInterval::IdenticallyZero;
    }
    // All roots lie in (−B, B) with B the Cauchy bound; beyond B the sign is that of the
    // leading coefficient.
    let b = cauchy_bound(p).max(a.abs() + Rational::ONE);
    sign_on(
        p,
        &Range {
            lo: a.clone(),
            hi: b,
            lo_open: a_open,
            hi_open: false,
        },
    )
}
