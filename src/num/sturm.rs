//! Sturm sequences: exact real-root counting, sign of a polynomial on an interval,
//! real-root isolation, and the sign of a polynomial at a real algebraic number.
//!
//! Everything works on the square-free part of the polynomial, so counts are of
//! *distinct* real roots. Sturm's theorem (square-free `p`, `a < b`): the number of roots
//! in the half-open interval `(a, b]` is `V(a) − V(b)`, where `V(x)` is the number of sign
//! changes (zeros dropped) in the Sturm sequence evaluated at `x`.

use super::poly::Poly;
use malachite::base::num::arithmetic::traits::{Abs, Sign};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::rational::Rational;
use std::cmp::Ordering;

mod real_root;
mod sign;

pub use real_root::RealRoot;
#[cfg(test)]
pub use sign::sign_from;
pub use sign::{sign_on, sign_on_ratfn, Range, SignOnInterval};

/// The Sturm sequence of the square-free part of `p`: `p0 = sqf(p)`, `p1 = p0'`,
/// `p_{k+1} = −rem(p_{k−1}, p_k)` (each scaled by a positive constant to keep it small).
/// Empty for the zero polynomial.
pub fn sturm_sequence(p: &Poly) -> Vec<Poly> {
    if p.is_zero() {
        return Vec::new();
    }
    let p0 = p.square_free().primitive_positive();
    let p1 = p0.derivative().primitive_positive();
    let mut seq = vec![p0];
    if p1.is_zero() {
        return seq;
    }
    seq.push(p1);
    loop {
        let n = seq.len();
        let r = (-seq[n - 2].rem(&seq[n - 1])).primitive_positive();
        if r.is_zero() {
            break;
        }
        seq.push(r);
    }
    seq
}

fn count_changes(signs: impl Iterator<Item = Ordering>) -> usize {
    let mut last = Ordering::Equal;
    let mut n = 0;
    for s in signs {
        if s == Ordering::Equal {
            continue;
        }
        if last != Ordering::Equal && s != last {
            n += 1;
        }
        last = s;
    }
    n
}

/// Sign changes of the sequence at `x`.
fn variations_at(seq: &[Poly], x: &Rational) -> usize {
    count_changes(seq.iter().map(|p| p.sign_at(x)))
}

/// Sign changes of the sequence at +∞ (`plus = true`) or −∞.
fn variations_at_infinity(seq: &[Poly], plus: bool) -> usize {
    count_changes(seq.iter().map(|p| {
        let s = p.leading_coeff().map_or(Ordering::Equal, |c| c.sign());
        let odd = p.degree().unwrap_or(0) % 2 == 1;
        if !plus && odd {
            s.reverse()
        } else {
            s
        }
    }))
}

/// A precomputed Sturm sequence, for many counts on the same polynomial.
#[derive(Clone, Debug)]
pub struct Sturm {
    seq: Vec<Poly>,
}

impl Sturm {
    /// The Sturm sequence of the square-free part of `p`.
    pub fn new(p: &Poly) -> Sturm {
        Sturm {
            seq: sturm_sequence(p),
        }
    }

    /// The square-free polynomial the sequence starts with (zero for `p = 0`).
    pub fn square_free(&self) -> Poly {
        self.seq.first().cloned().unwrap_or_default()
    }

    /// Distinct real roots in `(lo, hi]` (zero when `lo ≥ hi`).
    pub fn count_half_open(&self, lo: &Rational, hi: &Rational) -> usize {
        if lo >= hi || self.seq.is_empty() {
            return 0;
        }
        variations_at(&self.seq, lo) - variations_at(&self.seq, hi)
    }

    /// Distinct real roots in `(lo, hi)`.
    pub fn count_open(&self, lo: &Rational, hi: &Rational) -> usize {
        let c = self.count_half_open(lo, hi);
        if c > 0 && self.seq[0].sign_at(hi) == Ordering::Equal {
            c - 1
        } else {
            c
        }
    }

    /// Distinct real roots in `[lo, hi]`.
    pub fn count_closed(&self, lo: &Rational, hi: &Rational) -> usize {
        if lo > hi || self.seq.is_empty() {
            return 0;
        }
        let at_lo = usize::from(self.seq[0].sign_at(lo) == Ordering::Equal);
        self.count_half_open(lo, hi) + at_lo
    }

    /// Distinct real roots on the whole real line.
    pub fn count_all(&self) -> usize {
        if self.seq.is_empty() {
            return 0;
        }
        variations_at_infinity(&self.seq, false) - variations_at_infinity(&self.seq, true)
    }
}

#[cfg(test)]
/// Number of distinct real roots of `p` in the half-open interval `(lo, hi]`.
/// (Zero when `lo ≥ hi`; for the zero polynomial, zero as well — test `p.is_zero()` first.)
pub fn count_real_roots(p: &Poly, lo: &Rational, hi: &Rational) -> usize {
    Sturm::new(p).count_half_open(lo, hi)
}

/// Number of distinct real roots of `p` in the closed interval `[lo, hi]`.
pub fn count_real_roots_closed(p: &Poly, lo: &Rational, hi: &Rational) -> usize {
    Sturm::new(p).count_closed(lo, hi)
}

#[cfg(test)]
/// Number of distinct real roots of `p` in the open interval `(lo, hi)`.
pub fn count_real_roots_open(p: &Poly, lo: &Rational, hi: &Rational) -> usize {
    Sturm::new(p).count_open(lo, hi)
}

/// Number of distinct real roots of `p` on the whole real line.
pub fn count_all_real_roots(p: &Poly) -> usize {
    Sturm::new(p).count_all()
}

/// Cauchy's bound `1 + max |a_i / a_n|`: every real root has absolute value below it.
pub fn cauchy_bound(p: &Poly) -> Rational {
    let Some(lead) = p.leading_coeff() else {
        return Rational::ONE;
    };
    let lead = lead.clone().abs();
    let m = p.coeffs()[..p.coeffs().len() - 1]
        .iter()
        .map(|c| c.clone().abs() / &lead)
        .max()
        .unwrap_or(Rational::ZERO);
    m + Rational::ONE
}

/// Isolating intervals for the distinct real roots of `q` in the closed `[lo, hi]`, sorted.
/// Each entry `(a, b)` is either an exact root (`a = b`) or an interval with `a < b`,
/// `b − a ≤ width`, `q(a) ≠ 0 ≠ q(b)` and exactly one root in `(a, b)`.
fn isolate_with(
    sturm: &Sturm,
    lo: &Rational,
    hi: &Rational,
    width: &Rational,
) -> Vec<(Rational, Rational)> {
    let q = sturm.square_free();
    let mut out = Vec::new();
    if q.is_zero() || lo > hi {
        return out;
    }
    if q.degree() == Some(1) {
        // A linear factor: the root is rational and exact.
        let r = -(q.coeff(0) / q.coeff(1));
        if *lo <= r && r <= *hi {
            out.push((r.clone(), r));
        }
        return out;
    }
    if q.sign_at(lo) == Ordering::Equal {
        out.push((lo.clone(), lo.clone()));
    }
    if lo == hi {
        return out;
    }
    let two = Rational::from(2u32);
    // Stack of open intervals (a, b) with their root counts; process left to right.
    let mut stack = vec![(lo.clone(), hi.clone(), sturm.count_open(lo, hi))];
    let mut found = Vec::new();
    while let Some((a, b, c)) = stack.pop() {
        if c == 0 {
            continue;
        }
        let ends_ok = q.sign_at(&a) != Ordering::Equal && q.sign_at(&b) != Ordering::Equal;
        if c == 1 && ends_ok && &b - &a <= *width {
            found.push((a, b));
            continue;
        }
        let m = (&a + &b) / &two;
        if q.sign_at(&m) == Ordering::Equal {
            found.push((m.clone(), m.clone()));
        }
        let cl = sturm.count_open(&a, &m);
        let cr = sturm.count_open(&m, &b);
        stack.push((m.clone(), b, cr));
        stack.push((a, m, cl));
    }
    found.sort();
    out.extend(found);
    if q.sign_at(hi) == Ordering::Equal {
        out.push((hi.clone(), hi.clone()));
    }
    out
}

#[cfg(test)]
/// Isolating intervals of width at most `width` (> 0) for all distinct real roots of `p`,
/// sorted. An exact rational root met on the way is returned as `(r, r)`; otherwise
/// `(a, b)` has `a < b`, `p(a) ≠ 0 ≠ p(b)` and exactly one root in between.
/// Empty for the zero polynomial.
pub fn isolate_real_roots(p: &Poly, width: &Rational) -> Vec<(Rational, Rational)> {
    let b = cauchy_bound(p);
    isolate_real_roots_in(p, &-b.clone(), &b, width)
}

#[cfg(test)]
/// As [`isolate_real_roots`], restricted to the closed interval `[lo, hi]`.
pub fn isolate_real_roots_in(
    p: &Poly,
    lo: &Rational,
    hi: &Rational,
    width: &Rational,
) -> Vec<(Rational, Rational)> {
    isolate_with(&Sturm::new(p), lo, hi, width)
}

#[cfg(test)]
mod tests;
