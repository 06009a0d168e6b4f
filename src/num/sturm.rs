//! Sturm sequences: exact real-root counting, sign of a polynomial on an interval,
//! real-root isolation, and the sign of a polynomial at a real algebraic number.
//!
//! Everything works on the square-free part of the polynomial, so counts are of
//! *distinct* real roots. Sturm's theorem (square-free `p`, `a < b`): the number of roots
//! in the half-open interval `(a, b]` is `V(a) − V(b)`, where `V(x)` is the number of sign
//! changes (zeros dropped) in the Sturm sequence evaluated at `x`.

use super::poly::{Poly, RatFn};
use malachite::base::num::arithmetic::traits::{Abs, Sign};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use malachite::rational::Rational;
use malachite::Integer;
use std::cmp::Ordering;
use std::fmt;

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

/// A real algebraic number: the unique root of the square-free `poly` in the open
/// interval `(lo, hi)`, or the rational `lo` when `lo = hi`.
#[derive(Clone, Debug)]
pub struct RealRoot {
    /// Square-free defining polynomial.
    pub poly: Poly,
    pub lo: Rational,
    pub hi: Rational,
    sturm: Sturm,
}

impl RealRoot {
    /// The roots of `p` in `[lo, hi]`, in increasing order.
    pub fn roots_in(p: &Poly, lo: &Rational, hi: &Rational) -> Vec<RealRoot> {
        let sturm = Sturm::new(p);
        let width = (hi - lo).max(Rational::ONE);
        isolate_with(&sturm, lo, hi, &width)
            .into_iter()
            .map(|(a, b)| RealRoot {
                poly: sturm.square_free(),
                lo: a,
                hi: b,
                sturm: sturm.clone(),
            })
            .collect()
    }

    /// The least root of `p` in the range `r` (its open ends respected), with a rational root
    /// made exact ([`RealRoot::exact_if_rational`]); `None` when `p` has none there, or is zero
    /// (every point is a root: the caller says so). The poles of a symbolic division (issue 42,
    /// item 1) are named by it.
    pub fn least_in(p: &Poly, r: &Range) -> Option<RealRoot> {
        if p.is_zero() || r.is_empty() {
            return None;
        }
        // An inexact isolating interval lies inside [lo, hi] and holds its root strictly inside:
        // in the range whatever its ends; an exact one is checked against the ends.
        let mut root = RealRoot::roots_in(p, &r.lo, &r.hi)
            .into_iter()
            .find(|x| x.as_rational().is_none_or(|q| r.contains(q)))?;
        root.exact_if_rational();
        Some(root)
    }

    /// Make the root exact when it is rational. A rational root `u/v` (lowest terms) of the
    /// primitive integer polynomial with leading coefficient `L` has `v | L`, so it is a multiple
    /// of `1/L`; an open interval narrower than `1/L` holds at most one, which is tried.
    pub fn exact_if_rational(&mut self) {
        if self.as_rational().is_some() {
            return;
        }
        let prim = self.poly.primitive_positive();
        let l = prim
            .leading_coeff()
            .expect("a root's polynomial is not zero")
            .clone()
            .abs();
        let step = Rational::ONE / &l;
        self.refine_to(&(&step / Rational::from(2u32)));
        if self.as_rational().is_some() {
            return;
        }
        let (c, _) = Integer::rounding_from(&self.hi * &l, RoundingMode::Floor);
        let c = Rational::from(c) / &l;
        if c > self.lo && c < self.hi && self.poly.sign_at(&c) == Ordering::Equal {
            self.lo = c.clone();
            self.hi = c;
        }
    }

    /// The rational value, when the root is known exactly.
    pub fn as_rational(&self) -> Option<&Rational> {
        (self.lo == self.hi).then_some(&self.lo)
    }

    /// Halve the isolating interval once (it may become exact).
    pub fn bisect(&mut self) {
        if self.lo == self.hi {
            return;
        }
        let m = (&self.lo + &self.hi) / Rational::from(2u32);
        if self.poly.sign_at(&m) == Ordering::Equal {
            self.lo = m.clone();
            self.hi = m;
        } else if self.sturm.count_open(&self.lo, &m) == 1 {
            self.hi = m;
        } else {
            self.lo = m;
        }
    }

    /// Shrink the isolating interval to width at most `width`.
    pub fn refine_to(&mut self, width: &Rational) {
        while &self.hi - &self.lo > *width {
            self.bisect();
        }
    }

    /// Compare the root with the rational `x` (exact).
    pub fn cmp_rational(&self, x: &Rational) -> Ordering {
        if let Some(r) = self.as_rational() {
            return r.cmp(x);
        }
        if *x <= self.lo {
            return Ordering::Greater;
        }
        if *x >= self.hi {
            return Ordering::Less;
        }
        if self.poly.sign_at(x) == Ordering::Equal {
            return Ordering::Equal;
        }
        // x is strictly inside and not the root: the root is left of x iff (lo, x) holds it.
        if self.sturm.count_open(&self.lo, x) == 1 {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    /// The sign of `p` at this root (exact; always decides).
    ///
    /// If `gcd(p, poly)` vanishes at the root the answer is zero; otherwise the interval is
    /// refined until `p` has no root in its closure, and `p` is evaluated at an endpoint.
    pub fn sign_of(&self, p: &Poly) -> Ordering {
        if let Some(r) = self.as_rational() {
            return p.sign_at(r);
        }
        if p.is_zero() {
            return Ordering::Equal;
        }
        let g = p.gcd(&self.poly);
        if !g.is_constant() && Sturm::new(&g).count_open(&self.lo, &self.hi) == 1 {
            return Ordering::Equal;
        }
        let ps = Sturm::new(p);
        let mut root = self.clone();
        loop {
            if let Some(r) = root.as_rational() {
                return p.sign_at(r);
            }
            if ps.count_closed(&root.lo, &root.hi) == 0 {
                return p.sign_at(&root.lo);
            }
            root.bisect();
        }
    }
}

impl fmt::Display for RealRoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_rational() {
            Some(r) => write!(f, "{r}"),
            None => write!(f, "root of {} in ({}, {})", self.poly, self.lo, self.hi),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite::base::num::arithmetic::traits::Pow;
    use proptest::prelude::*;
    use SignOnInterval::*;

    use crate::testutil::q;
    fn z(n: i64) -> Rational {
        Rational::from(n)
    }

    #[test]
    fn count_table() {
        // (poly, lo, hi, roots in (lo,hi], [lo,hi], (lo,hi))
        let table: Vec<(Vec<i64>, i64, i64, usize, usize, usize)> = vec![
            (vec![-1, 0, 1], -2, 2, 2, 2, 2),   // t^2 - 1
            (vec![-1, 0, 1], -1, 1, 1, 2, 0),   // roots at both ends
            (vec![1, 0, 1], -10, 10, 0, 0, 0),  // t^2 + 1
            (vec![0, 0, 0, 1], -1, 1, 1, 1, 1), // t^3, triple root at 0
            (vec![-2, 0, 1], 0, 2, 1, 1, 1),    // sqrt 2
            (vec![6, -5, 1], 2, 3, 1, 2, 0),    // (t-2)(t-3)
            (vec![1, -2, 1], 0, 1, 1, 1, 0),    // (t-1)^2
        ];
        for (c, lo, hi, ho, cl, op) in table {
            let p = Poly::from_ints(&c);
            assert_eq!(count_real_roots(&p, &z(lo), &z(hi)), ho, "{p} ({lo},{hi}]");
            assert_eq!(
                count_real_roots_closed(&p, &z(lo), &z(hi)),
                cl,
                "{p} [{lo},{hi}]"
            );
            assert_eq!(
                count_real_roots_open(&p, &z(lo), &z(hi)),
                op,
                "{p} ({lo},{hi})"
            );
        }
        assert_eq!(count_all_real_roots(&Poly::from_ints(&[0, -1, 0, 1])), 3);
    }

    #[test]
    fn sign_on_table() {
        let table: Vec<(Vec<i64>, Range, SignOnInterval)> = vec![
            (vec![-1, 0, 1], Range::open(z(-1), z(1)), Negative),
            (vec![-1, 0, 1], Range::closed(z(-1), z(1)), NonPositive),
            (vec![-1, 0, 1], Range::closed(z(0), z(2)), Mixed),
            (vec![1, -2, 1], Range::closed(z(0), z(2)), NonNegative),
            (vec![1, -2, 1], Range::open_closed(z(1), z(2)), Positive),
            (vec![1, 0, 1], Range::closed(z(-5), z(5)), Positive),
            (vec![0], Range::closed(z(0), z(1)), IdenticallyZero),
            (vec![0, 1], Range::closed(z(0), z(0)), IdenticallyZero),
            (vec![0, 1], Range::open_closed(z(0), z(1)), Positive),
            (vec![0, -1], Range::closed(z(0), z(1)), NonPositive),
            (vec![-2, 0, 1], Range::closed(z(0), z(2)), Mixed),
            (vec![-2, 0, 1], Range::closed(q(3, 2), z(2)), Positive),
        ];
        for (c, r, s) in table {
            let p = Poly::from_ints(&c);
            assert_eq!(sign_on(&p, &r), s, "{p} on {r}");
        }
        assert_eq!(sign_from(&Poly::from_ints(&[-3, 1]), &z(3), true), Positive);
        assert_eq!(
            sign_from(&Poly::from_ints(&[-3, 1]), &z(3), false),
            NonNegative
        );
        assert_eq!(sign_from(&Poly::from_ints(&[-3, 1]), &z(2), false), Mixed);
        // (t − 1)/t on (0, 1]: non-positive, zero at 1; on [0, 1] it has a pole.
        let f = RatFn::new(Poly::from_ints(&[-1, 1]), Poly::x()).unwrap();
        assert_eq!(
            sign_on_ratfn(&f, &Range::open_closed(z(0), z(1))),
            Some(NonPositive)
        );
        assert_eq!(sign_on_ratfn(&f, &Range::closed(z(0), z(1))), None);
        assert_eq!(sign_on_ratfn(&f, &Range::open(z(1), z(2))), Some(Positive));
    }

    /// Binomial coefficient (naive).
    fn binom(n: u64, k: u64) -> Rational {
        let mut r = Rational::ONE;
        for i in 0..k {
            r = r * Rational::from(n - i) / Rational::from(i + 1);
        }
        r
    }

    /// A for-all-t proof: (1 + (m−1)t)^n − Σ_l C(n,l)(m−1)^l t^l is identically zero,
    /// and 1 + (m−1) t^n − t (a polynomial in t) is positive on (0, 1].
    #[test]
    fn binomial_identity_for_all_t() {
        for n in 1..=6u64 {
            for m in 2..=5i64 {
                let lhs = Poly::from_ints(&[1, m - 1]).pow(n);
                let mut rhs = Poly::zero();
                for l in 0..=n {
                    let c = binom(n, l) * Rational::from(m - 1).pow(l);
                    rhs = rhs + Poly::monomial(c, l as usize);
                }
                let diff = &lhs - &rhs;
                assert_eq!(sign_on(&diff, &Range::closed(z(0), z(1))), IdenticallyZero);
                assert!(diff.is_zero());
                // A wrong expansion (dropping the top term) is caught, with a root count.
                let wrong =
                    &lhs - &(&rhs - &Poly::monomial(Rational::from(m - 1).pow(n), n as usize));
                assert_eq!(sign_on(&wrong, &Range::open_closed(z(0), z(1))), Positive);
                // (1 + (m−1)t)^n − 1 − n(m−1)t ≥ 0 on (0,1], > 0 when n ≥ 2 (Bernoulli).
                let bern = &lhs - &Poly::from_ints(&[1, n as i64 * (m - 1)]);
                let expect = if n >= 2 { Positive } else { IdenticallyZero };
                assert_eq!(sign_on(&bern, &Range::open_closed(z(0), z(1))), expect);
            }
        }
    }

    #[test]
    fn isolation_and_algebraic_sign() {
        // (t^2 - 2)(t - 1/2)(t^2 + 1): roots -sqrt2, 1/2, sqrt2
        let p = Poly::from_ints(&[-2, 0, 1])
            * Poly::new(vec![q(-1, 2), z(1)])
            * Poly::from_ints(&[1, 0, 1]);
        let w = q(1, 1000);
        let roots = isolate_real_roots(&p, &w);
        assert_eq!(roots.len(), 3);
        for (a, b) in &roots {
            assert!(b - a <= w);
            if a != b {
                assert_ne!(p.sign_at(a), p.sign_at(b));
            }
        }
        let sqrt2 = RealRoot::roots_in(&Poly::from_ints(&[-2, 0, 1]), &z(0), &z(2)).remove(0);
        assert_eq!(sqrt2.cmp_rational(&q(141, 100)), Ordering::Greater);
        assert_eq!(sqrt2.cmp_rational(&q(142, 100)), Ordering::Less);
        // sign of t^2 - 2 at sqrt 2 is 0; of t - 7/5 positive; of 2t^2 - 3t ... at sqrt2: 4 - 3 sqrt2 < 0
        assert_eq!(
            sqrt2.sign_of(&Poly::from_ints(&[-2, 0, 1])),
            Ordering::Equal
        );
        assert_eq!(
            sqrt2.sign_of(&Poly::from_ints(&[-4, 0, 0, 0, 1])),
            Ordering::Equal
        );
        assert_eq!(
            sqrt2.sign_of(&Poly::new(vec![q(-7, 5), z(1)])),
            Ordering::Greater
        );
        assert_eq!(sqrt2.sign_of(&Poly::from_ints(&[4, -3])), Ordering::Less);
        // a rational root is found exactly
        let half = RealRoot::roots_in(&Poly::from_ints(&[-1, 2]), &z(0), &z(1)).remove(0);
        assert_eq!(half.as_rational(), Some(&q(1, 2)));
    }

    /// Naive reference: count sign changes of p on a fine grid (a lower bound on the
    /// number of roots of odd multiplicity).
    fn naive_sign_changes(p: &Poly, lo: i64, hi: i64, steps: i64) -> usize {
        let mut n = 0;
        let mut last = Ordering::Equal;
        for k in 0..=steps {
            let x = Rational::from(lo) + Rational::from_signeds(k * (hi - lo), steps);
            let s = p.sign_at(&x);
            if s != Ordering::Equal {
                if last != Ordering::Equal && s != last {
                    n += 1;
                }
                last = s;
            }
        }
        n
    }

    proptest! {
        #[test]
        fn roots_of_products_of_linears(rs in prop::collection::btree_set(-20i64..20, 0..6), extra in 0i64..3) {
            // p = Π (t - r/4) * (t^2 + extra + 1): the real roots are exactly the r/4.
            let mut p = Poly::from_ints(&[extra + 1, 0, 1]);
            for r in &rs {
                p = &p * &Poly::new(vec![-q(*r, 4), z(1)]);
            }
            prop_assert_eq!(count_all_real_roots(&p), rs.len());
            prop_assert_eq!(count_real_roots(&p, &z(-10), &z(10)), rs.len());
            let iso = isolate_real_roots(&p, &q(1, 64));
            prop_assert_eq!(iso.len(), rs.len());
            for ((a, b), r) in iso.iter().zip(rs.iter()) {
                let r = q(*r, 4);
                prop_assert!(*a <= r && r <= *b);
            }
            prop_assert!(naive_sign_changes(&p, -6, 6, 97) <= rs.len());
        }

        #[test]
        fn sign_on_agrees_with_samples(c in prop::collection::vec(-6i64..6, 1..6), lo in -4i64..4, len in 1i64..5) {
            let p = Poly::from_ints(&c);
            let r = Range::closed(z(lo), z(lo + len));
            let s = sign_on(&p, &r);
            for k in 0..=40 {
                let x = z(lo) + Rational::from_signeds(k * len, 40);
                let v = p.sign_at(&x);
                match s {
                    Positive => prop_assert_eq!(v, Ordering::Greater),
                    Negative => prop_assert_eq!(v, Ordering::Less),
                    NonNegative => prop_assert_ne!(v, Ordering::Less),
                    NonPositive => prop_assert_ne!(v, Ordering::Greater),
                    IdenticallyZero => prop_assert_eq!(v, Ordering::Equal),
                    Mixed => {}
                }
            }
            if s == Mixed {
                prop_assert!(naive_sign_changes(&p, lo, lo + len, 400) > 0 || p.degree().unwrap_or(0) >= 2);
            }
        }
    }

    /// `RealRoot::least_in` (issue 42, item 1): the least root in a range whose open ends are
    /// left out, a rational root exact even when the square-free part has degree > 1, an
    /// irrational one isolated. Roots worked by hand.
    #[test]
    fn least_root_in_a_range() {
        let r = |lo: (i64, u64), hi: (i64, u64), lo_open: bool, hi_open: bool| Range {
            lo: Rational::from_signeds(lo.0, lo.1 as i64),
            hi: Rational::from_signeds(hi.0, hi.1 as i64),
            lo_open,
            hi_open,
        };
        // (coefficients, range, the exact root or None for none)
        let exact: Vec<(Vec<i64>, Range, Option<Rational>)> = vec![
            (vec![-6, 1, 1], r((0, 1), (5, 1), false, false), Some(z(2))), // (t-2)(t+3)
            (
                vec![-6, 1, 1],
                r((-5, 1), (5, 1), false, false),
                Some(z(-3)),
            ),
            (vec![-1, 0, 1], r((1, 1), (2, 1), true, false), None), // t^2 - 1, 1 left out
            (vec![-1, 0, 1], r((1, 1), (2, 1), false, false), Some(z(1))),
            (vec![-1, 0, 1], r((-1, 1), (1, 1), true, true), None),
            (
                vec![-2, 3, -2, 3],
                r((0, 1), (1, 1), false, false),
                Some(q(2, 3)),
            ), // (3t-2)(t^2+1)
            (vec![1, -2, 1], r((0, 1), (2, 1), false, false), Some(z(1))), // (t-1)^2
            (vec![1, 0, 1], r((-10, 1), (10, 1), false, false), None),     // t^2 + 1
            (vec![0, 1], r((0, 1), (0, 1), false, false), Some(z(0))),     // one point
            (vec![-7, 1], r((0, 1), (7, 1), false, true), None),
        ];
        for (c, range, want) in exact {
            let p = Poly::from_ints(&c);
            let got = RealRoot::least_in(&p, &range);
            assert_eq!(
                got.as_ref().map(|x| x.as_rational().cloned()),
                want.map(Some),
                "{p} on {range}"
            );
        }
        // (3t − 1)(7t − 2)(t^2 − 2) on [0, 1]: 2/7 is the least, exactly
        let p = &(&Poly::from_ints(&[-1, 3]) * &Poly::from_ints(&[-2, 7]))
            * &Poly::from_ints(&[-2, 0, 1]);
        let x = RealRoot::least_in(&p, &Range::closed(z(0), z(1))).unwrap();
        assert_eq!(x.as_rational(), Some(&q(2, 7)));
        // t^2 − 2 on [1, 2]: an isolating interval around sqrt 2
        let x =
            RealRoot::least_in(&Poly::from_ints(&[-2, 0, 1]), &Range::closed(z(1), z(2))).unwrap();
        assert!(x.as_rational().is_none());
        assert!(&x.lo * &x.lo < z(2) && &x.hi * &x.hi > z(2), "{x}");
        assert!(RealRoot::least_in(&Poly::zero(), &Range::closed(z(0), z(1))).is_none());
    }

    proptest! {
        /// A rational root `u/v` of `(v t − u)(t^2 + c)` (`c > 0`, so the only real root) is
        /// found exactly by `least_in` on a range around it, whatever its denominator.
        #[test]
        fn a_rational_root_is_found_exactly(u in -50i64..=50, v in 1i64..=40, c in 1i64..=9) {
            let p = &Poly::from_ints(&[-u, v]) * &Poly::from_ints(&[c, 0, 1]);
            let root = Rational::from_signeds(u, v);
            let range = Range::closed(&root - z(1), &root + q(1, 3));
            let x = RealRoot::least_in(&p, &range).unwrap();
            prop_assert_eq!(x.as_rational(), Some(&root));
        }
    }
}
