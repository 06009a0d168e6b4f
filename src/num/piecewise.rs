//! Piecewise rational functions of one real variable `t` (issue 46, item 1): a continuous
//! function on an interval of `t` (its [`Domain`], possibly unbounded above) that is a rational
//! function on each piece, the pieces meeting at exact breakpoints — real algebraic numbers
//! ([`RealRoot`]: rationals, or a root of a square-free polynomial in an isolating interval),
//! compared exactly.
//!
//! Sums, differences, products, quotients, `max`, `min` and `abs` of such functions are again
//! such functions: breakpoints only come from `max`/`min` (where the two sides cross, a root of
//! their difference), so every value is continuous on its domain and two adjacent pieces agree
//! at their breakpoint. A quotient whose divisor vanishes at a point of the closed range is an
//! error naming the least such point (never skipped; issue 42, item 1's lesson), as is a
//! function made of a rational function with a pole in the range.
//!
//! The sign on the whole domain ([`Piecewise::signs`]) is decided piece by piece by Sturm
//! sequences: the roots of the piece's numerator are isolated in the piece and the sign is read
//! at one rational point of each gap between them. No decision uses floating point.

use super::poly::{Poly, RatFn};
use super::sturm::{cauchy_bound, RealRoot};
use malachite::base::num::arithmetic::traits::{Abs, Sign};
use malachite::base::num::basic::traits::One;
use malachite::rational::Rational;
use std::cmp::Ordering;
use std::fmt;

/// The interval of `t` a piecewise function is defined on: `lo < t` (or `≤`), optionally
/// `t < hi` (or `≤`); `name` is how `t` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    pub name: String,
    pub lo: Rational,
    pub lo_open: bool,
    pub hi: Option<(Rational, bool)>,
}

impl Domain {
    /// True when no `t` lies in the domain.
    pub fn is_empty(&self) -> bool {
        match &self.hi {
            None => false,
            Some((h, h_open)) => *h < self.lo || (*h == self.lo && (self.lo_open || *h_open)),
        }
    }

    /// True when `x` lies in the domain.
    pub fn contains(&self, x: &Rational) -> bool {
        let above = if self.lo_open {
            *x > self.lo
        } else {
            *x >= self.lo
        };
        above
            && match &self.hi {
                None => true,
                Some((h, true)) => x < h,
                Some((h, false)) => x <= h,
            }
    }
}

impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.hi {
            None => write!(
                f,
                "{} {} {}",
                self.name,
                if self.lo_open { ">" } else { ">=" },
                self.lo
            ),
            Some((hi, hi_open)) => write!(
                f,
                "{} in {}{}, {}{}",
                self.name,
                if self.lo_open { "(" } else { "[" },
                self.lo,
                hi,
                if *hi_open { ")" } else { "]" }
            ),
        }
    }
}

/// A point of the domain where something goes wrong, named exactly (a pole, a zero divisor).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PwError(pub String);

impl fmt::Display for PwError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `x` written for people: exactly when rational, else its polynomial, isolating interval and
/// a decimal (printing only).
pub fn show_point(x: &RealRoot, var: &str) -> String {
    match x.as_rational() {
        Some(q) => q.to_string(),
        None => {
            let mut fine = x.clone();
            fine.refine_to(&Rational::from_unsigneds(1u64, 10u64.pow(12)));
            let mid = (&fine.lo + &fine.hi) / Rational::from(2u32);
            format!(
                "the root of {} in ({}, {}) (≈ {})",
                x.poly.to_string_var(var),
                x.lo,
                x.hi,
                super::fmt::decimal(&mid, 10)
            )
        }
    }
}

/// A continuous function, rational on each piece: `pieces[i]` holds from `breaks[i−1]` to
/// `breaks[i]` (the domain's ends outside), breakpoints strictly increasing and strictly inside
/// the domain.
#[derive(Clone, Debug)]
pub struct Piecewise {
    domain: Domain,
    breaks: Vec<RealRoot>,
    pieces: Vec<RatFn>,
}

/// One piece's range: its left end (a breakpoint, or the domain's `lo`), its right end (`None`:
/// unbounded), each with whether it is left out.
struct Span {
    lo: RealRoot,
    lo_open: bool,
    hi: Option<(RealRoot, bool)>,
}

impl Span {
    fn is_point(&self) -> bool {
        matches!(&self.hi, Some((h, _)) if h.cmp_root(&self.lo) == Ordering::Equal)
    }
}

/// A rational strictly between `x < y` (isolating intervals halved until they separate).
pub(crate) fn between(x: &RealRoot, y: &RealRoot) -> Rational {
    let (mut x, mut y) = (x.clone(), y.clone());
    loop {
        let (u, l) = (x.hi.clone(), y.lo.clone());
        let x_exact = x.as_rational().is_some();
        let y_exact = y.as_rational().is_some();
        // x ≤ u and l ≤ y, each strictly unless exact
        if u < l || (u == l && !x_exact && !y_exact) {
            return (u + l) / Rational::from(2u32);
        }
        // overlapping, or one exact end meeting the other's interval: halve (an exact side stays)
        x.bisect();
        y.bisect();
    }
}

/// The distinct roots of `p` (not zero) in the span, increasing; `ends`: whether a root at a
/// closed end counts.
fn roots_in_span(p: &Poly, s: &Span, ends: bool) -> Vec<RealRoot> {
    let wlo = s.lo.lo.clone();
    let whi = match &s.hi {
        Some((h, _)) => h.hi.clone(),
        None => cauchy_bound(p).max(s.lo.hi.clone().abs() + Rational::ONE),
    };
    RealRoot::roots_in(p, &wlo, &whi)
        .into_iter()
        .filter(|r| {
            let above = match r.cmp_root(&s.lo) {
                Ordering::Greater => true,
                Ordering::Equal => ends && !s.lo_open,
                Ordering::Less => false,
            };
            let below = match &s.hi {
                None => true,
                Some((h, open)) => match r.cmp_root(h) {
                    Ordering::Less => true,
                    Ordering::Equal => ends && !open,
                    Ordering::Greater => false,
                },
            };
            above && below
        })
        .map(|mut r| {
            r.exact_if_rational();
            r
        })
        .collect()
}

/// One rational point in each gap of the span left by the sorted points `cuts` (inside it).
fn gap_samples(s: &Span, cuts: &[RealRoot]) -> Vec<Rational> {
    if s.is_point() {
        return Vec::new();
    }
    let mut ends: Vec<&RealRoot> = vec![&s.lo];
    ends.extend(cuts.iter());
    let mut out = Vec::new();
    for w in ends.windows(2) {
        if w[0].cmp_root(w[1]) == Ordering::Less {
            out.push(between(w[0], w[1]));
        }
    }
    let last = ends.last().expect("the left end");
    match &s.hi {
        None => out.push(last.hi.clone() + Rational::ONE),
        Some((h, _)) => {
            if last.cmp_root(h) == Ordering::Less {
                out.push(between(last, h));
            }
        }
    }
    out
}

impl Piecewise {
    /// The rational function `f` on the domain: an error naming the least point of the domain
    /// where its denominator vanishes.
    pub fn from_ratfn(domain: &Domain, f: RatFn) -> Result<Piecewise, PwError> {
        let pw = Piecewise {
            domain: domain.clone(),
            breaks: Vec::new(),
            pieces: vec![f],
        };
        if !domain.is_empty() {
            let s = pw.span(0);
            if let Some(r) = roots_in_span(&pw.pieces[0].den, &s, true).first() {
                return Err(PwError(format!(
                    "a pole at {} = {}: the denominator {} is 0 there ({domain})",
                    domain.name,
                    show_point(r, &domain.name),
                    pw.pieces[0].den.to_string_var(&domain.name)
                )));
            }
        }
        Ok(pw)
    }

    /// The constant `c`.
    pub fn constant(domain: &Domain, c: Rational) -> Piecewise {
        Piecewise {
            domain: domain.clone(),
            breaks: Vec::new(),
            pieces: vec![RatFn::constant(c)],
        }
    }

    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    /// The breakpoints, increasing.
    pub fn breaks(&self) -> &[RealRoot] {
        &self.breaks
    }

    /// The rational function of each piece, left to right.
    pub fn pieces(&self) -> &[RatFn] {
        &self.pieces
    }

    /// The one rational function, when there is a single piece.
    pub fn as_ratfn(&self) -> Option<&RatFn> {
        (self.pieces.len() == 1).then(|| &self.pieces[0])
    }

    fn span(&self, i: usize) -> Span {
        let (lo, lo_open) = if i == 0 {
            (
                RealRoot::rational(self.domain.lo.clone()),
                self.domain.lo_open,
            )
        } else {
            (self.breaks[i - 1].clone(), false)
        };
        let hi = if i + 1 == self.pieces.len() {
            self.domain
                .hi
                .as_ref()
                .map(|(h, o)| (RealRoot::rational(h.clone()), *o))
        } else {
            Some((self.breaks[i].clone(), false))
        };
        Span { lo, lo_open, hi }
    }

    /// The value at a rational `x` of the domain (`None` outside it).
    pub fn eval(&self, x: &Rational) -> Option<Rational> {
        if !self.domain.contains(x) {
            return None;
        }
        let i = self
            .breaks
            .iter()
            .take_while(|b| b.cmp_rational(x) == Ordering::Less)
            .count();
        self.pieces[i].eval(x)
    }

    /// Both functions on their common refinement: the merged breakpoints and, per piece, the
    /// pair of rational functions.
    fn refine(&self, o: &Piecewise) -> (Vec<RealRoot>, Vec<(RatFn, RatFn)>) {
        let (mut i, mut j) = (0, 0);
        let mut breaks = Vec::new();
        let mut pairs = vec![(self.pieces[0].clone(), o.pieces[0].clone())];
        while i < self.breaks.len() || j < o.breaks.len() {
            let c = match (self.breaks.get(i), o.breaks.get(j)) {
                (Some(a), Some(b)) => a.cmp_root(b),
                (Some(_), None) => Ordering::Less,
                _ => Ordering::Greater,
            };
            match c {
                Ordering::Less => {
                    breaks.push(self.breaks[i].clone());
                    i += 1;
                }
                Ordering::Greater => {
                    breaks.push(o.breaks[j].clone());
                    j += 1;
                }
                Ordering::Equal => {
                    breaks.push(self.breaks[i].clone());
                    i += 1;
                    j += 1;
                }
            }
            pairs.push((self.pieces[i].clone(), o.pieces[j].clone()));
        }
        (breaks, pairs)
    }

    /// Adjacent pieces with the same rational function merged.
    fn simplified(mut self) -> Piecewise {
        let mut breaks = Vec::new();
        let mut pieces: Vec<RatFn> = vec![self.pieces[0].clone()];
        for (b, f) in self.breaks.drain(..).zip(self.pieces.drain(..).skip(1)) {
            if pieces.last() != Some(&f) {
                breaks.push(b);
                pieces.push(f);
            }
        }
        Piecewise {
            domain: self.domain,
            breaks,
            pieces,
        }
    }

    fn zip(&self, o: &Piecewise, f: impl Fn(&RatFn, &RatFn) -> RatFn) -> Piecewise {
        let (breaks, pairs) = self.refine(o);
        Piecewise {
            domain: self.domain.clone(),
            breaks,
            pieces: pairs.iter().map(|(a, b)| f(a, b)).collect(),
        }
        .simplified()
    }

    pub fn add(&self, o: &Piecewise) -> Piecewise {
        self.zip(o, |a, b| a + b)
    }

    pub fn sub(&self, o: &Piecewise) -> Piecewise {
        self.zip(o, |a, b| a - b)
    }

    pub fn mul(&self, o: &Piecewise) -> Piecewise {
        self.zip(o, |a, b| a * b)
    }

    pub fn neg(&self) -> Piecewise {
        Piecewise {
            domain: self.domain.clone(),
            breaks: self.breaks.clone(),
            pieces: self.pieces.iter().map(|f| -f).collect(),
        }
    }

    /// The least point of the domain where the function is 0, if any (`Some` of the left end
    /// when it is 0 on a whole piece).
    pub fn least_zero(&self) -> Option<RealRoot> {
        if self.domain.is_empty() {
            return None;
        }
        for (i, f) in self.pieces.iter().enumerate() {
            let s = self.span(i);
            if f.is_zero() {
                return Some(if s.lo_open {
                    RealRoot::rational(gap_samples(&s, &[]).remove(0))
                } else {
                    s.lo
                });
            }
            if let Some(r) = roots_in_span(&f.num, &s, true).into_iter().next() {
                return Some(r);
            }
        }
        None
    }

    /// `self / o`: an error naming the least point of the domain where `o` is 0.
    pub fn div(&self, o: &Piecewise) -> Result<Piecewise, PwError> {
        if let Some(z) = o.least_zero() {
            let name = &self.domain.name;
            return Err(PwError(format!(
                "division by zero at {name} = {}: the divisor {o} is 0 there ({})",
                show_point(&z, name),
                self.domain
            )));
        }
        Ok(self.zip(o, |a, b| a.checked_div(b).expect("o has no zero")))
    }

    /// The larger (`want = Greater`) or smaller of the two at every `t`: on each piece of the
    /// common refinement the roots of the difference split it, and a rational point of each
    /// gap picks the side.
    pub fn extreme(&self, o: &Piecewise, want: Ordering) -> Piecewise {
        let (breaks, pairs) = self.refine(o);
        let refined = Piecewise {
            domain: self.domain.clone(),
            breaks,
            pieces: pairs.iter().map(|(a, _)| a.clone()).collect(),
        };
        if self.domain.is_empty() {
            return refined;
        }
        let mut out_breaks = Vec::new();
        let mut out_pieces = Vec::new();
        for (i, (a, b)) in pairs.iter().enumerate() {
            if i > 0 {
                out_breaks.push(refined.breaks[i - 1].clone());
            }
            let d = a - b;
            let s = refined.span(i);
            let cuts = if d.is_zero() {
                Vec::new()
            } else {
                roots_in_span(&d.num, &s, false)
            };
            let mut samples = gap_samples(&s, &cuts);
            if samples.is_empty() {
                // a one-point domain: the point itself decides
                samples.push(s.lo.lo.clone());
            }
            let pick = |x: &Rational| {
                let sd = d.eval(x).map_or(Ordering::Equal, |v| v.sign());
                if sd == want || sd == Ordering::Equal {
                    a.clone()
                } else {
                    b.clone()
                }
            };
            for (k, x) in samples.iter().enumerate() {
                if k > 0 {
                    out_breaks.push(cuts[k - 1].clone());
                }
                out_pieces.push(pick(x));
            }
        }
        Piecewise {
            domain: self.domain.clone(),
            breaks: out_breaks,
            pieces: out_pieces,
        }
        .simplified()
    }

    pub fn max(&self, o: &Piecewise) -> Piecewise {
        self.extreme(o, Ordering::Greater)
    }

    #[cfg(test)]
    pub fn min(&self, o: &Piecewise) -> Piecewise {
        self.extreme(o, Ordering::Less)
    }

    pub fn abs(&self) -> Piecewise {
        self.max(&self.neg())
    }

    /// Every sign the function takes on the domain, each with a point where it does (a
    /// rational sample inside a gap for `<`/`>`, a root for `=`), left to right. Empty for an
    /// empty domain.
    pub fn signs(&self) -> Vec<(Ordering, RealRoot)> {
        let mut out: Vec<(Ordering, RealRoot)> = Vec::new();
        if self.domain.is_empty() {
            return out;
        }
        for (i, f) in self.pieces.iter().enumerate() {
            let s = self.span(i);
            if s.is_point() {
                let v = f.eval(&s.lo.lo).map_or(Ordering::Equal, |v| v.sign());
                out.push((v, s.lo.clone()));
                continue;
            }
            let roots = if f.is_zero() {
                Vec::new()
            } else {
                roots_in_span(&f.num, &s, true)
            };
            let samples = gap_samples(&s, &roots);
            let mut here: Vec<(Ordering, RealRoot)> = Vec::new();
            for x in samples {
                let v = f.eval(&x).map_or(Ordering::Equal, |v| v.sign());
                here.push((v, RealRoot::rational(x)));
            }
            here.extend(roots.into_iter().map(|r| (Ordering::Equal, r)));
            for (sgn, w) in here {
                if !out.iter().any(|(o, _)| *o == sgn) {
                    out.push((sgn, w));
                }
            }
        }
        out
    }

    /// Whether `f rel 0` holds for every `t` of the domain (`holds` given as the test of a
    /// sign), and otherwise a point where it fails, rational whenever a gap shows it.
    pub fn decide(&self, holds: impl Fn(Ordering) -> bool) -> Option<RealRoot> {
        let bad: Vec<RealRoot> = self
            .signs()
            .into_iter()
            .filter(|(s, _)| !holds(*s))
            .map(|(_, w)| w)
            .collect();
        bad.iter()
            .find(|w| w.as_rational().is_some())
            .or(bad.first())
            .cloned()
    }
}

impl fmt::Display for Piecewise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.domain.name;
        let show = |g: &RatFn| {
            if g.den == Poly::one() {
                g.num.to_string_var(name)
            } else {
                format!(
                    "({}) / ({})",
                    g.num.to_string_var(name),
                    g.den.to_string_var(name)
                )
            }
        };
        if self.pieces.len() == 1 {
            return f.write_str(&show(&self.pieces[0]));
        }
        let mut parts = Vec::new();
        for (i, g) in self.pieces.iter().enumerate() {
            let lo = if i == 0 {
                None
            } else {
                Some(show_point(&self.breaks[i - 1], name))
            };
            let hi = self.breaks.get(i).map(|b| show_point(b, name));
            let range = match (lo, hi) {
                (None, Some(h)) => format!("{name} <= {h}"),
                (Some(l), None) => format!("{name} >= {l}"),
                (Some(l), Some(h)) => format!("{l} <= {name} <= {h}"),
                (None, None) => String::new(),
            };
            parts.push(format!("{} for {range}", show(g)));
        }
        write!(f, "{{{}}}", parts.join("; "))
    }
}

#[cfg(test)]
mod tests;
