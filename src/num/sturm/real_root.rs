//! Real algebraic numbers: a [`RealRoot`] is the one root of a square-free polynomial in an
//! isolating interval; the sign of another polynomial at it is decided exactly.

use super::sign::Range;
use super::{isolate_with, Sturm};
use crate::num::poly::Poly;
use malachite::base::num::arithmetic::traits::Abs;
use malachite::base::num::basic::traits::One;
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use malachite::rational::Rational;
use malachite::Integer;
use std::cmp::Ordering;
use std::fmt;

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

    /// The rational `q` as an exact algebraic number (the root of `t − q`).
    pub fn rational(q: Rational) -> RealRoot {
        let poly = Poly::new(vec![-q.clone(), Rational::ONE]);
        RealRoot {
            sturm: Sturm::new(&poly),
            poly,
            lo: q.clone(),
            hi: q,
        }
    }

    /// Exact comparison of two real algebraic numbers (issue 46, item 1: the breakpoints of a
    /// piecewise function). Two irrational roots are equal exactly when the gcd of their
    /// polynomials has a root where their isolating intervals overlap (each interval holds one
    /// root of its polynomial, so that root is both); otherwise the intervals are halved until
    /// they are disjoint.
    pub fn cmp_root(&self, o: &RealRoot) -> Ordering {
        if let Some(q) = o.as_rational() {
            return self.cmp_rational(q);
        }
        if let Some(q) = self.as_rational() {
            return o.cmp_rational(q).reverse();
        }
        let (lo, hi) = ((&self.lo).max(&o.lo).clone(), (&self.hi).min(&o.hi).clone());
        if lo < hi {
            let g = self.poly.gcd(&o.poly);
            if !g.is_constant() && Sturm::new(&g).count_open(&lo, &hi) > 0 {
                return Ordering::Equal;
            }
        }
        let (mut a, mut b) = (self.clone(), o.clone());
        loop {
            if a.as_rational().is_some() || b.as_rational().is_some() {
                return a.cmp_root(&b);
            }
            if a.hi <= b.lo {
                return Ordering::Less;
            }
            if b.hi <= a.lo {
                return Ordering::Greater;
            }
            a.bisect();
            b.bisect();
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
