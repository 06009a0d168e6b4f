//! Speaking ε: the δ of a channel at a given ε (with the exact `e^ε`), the smallest ε for a
//! given δ, and δ(ε) tables.
//!
//! Dwork–Roth, *The Algorithmic Foundations of Differential Privacy*, Def. 2.4, with
//! `t = e^ε ≥ 1` (the convention of the whole crate): the smallest δ at `t` is
//! `δ(t) = max over ordered neighbour pairs (x, x') of Σ_y (W(y|x) − t W(y|x'))^+`
//! ([`super::delta_at`]). Each term is convex, non-increasing and piecewise linear in `t`, with
//! breakpoints at the likelihood ratios `W(y|x)/W(y|x')`. Two consequences make both directions
//! exact:
//! * at a rational `ε ≠ 0`, `e^ε` is irrational (Lindemann–Weierstrass), so no likelihood ratio
//!   equals it; once each ratio is compared with `e^ε` by certified enclosures, `δ(ε)` is the
//!   exact form `A − B·e^ε` with rational `A`, `B` ([`delta_at_eps`]);
//! * for a rational δ, the smallest `t` with `δ(t) ≤ δ` is rational: it lies on one linear
//!   piece, `t = (A − δ)/B` ([`eps_for_delta`]). The smallest ε is then `ln t` exactly.
//!
//! Here: the comparison with `e^ε` ([`ExpEps`]) and δ at ε pair by pair; `for_delta`: ε for δ
//! ([`DeltaSearch`] over many pairs); `pair_scan`: δ at ε over many pairs ([`PairScan`]);
//! `rows`: a row over its common denominator in integers, for both.

use super::dp::ordered_pairs;
use crate::num::{Interval, Rational};
use crate::prob::Channel;
use malachite::base::num::basic::traits::{One, Zero};
use std::cmp::Ordering;
use std::fmt;

mod for_delta;
mod pair_scan;
mod rows;

pub use for_delta::{eps_for_delta, DeltaSearch, EpsForDelta};
pub use pair_scan::{EpsScan, PairScan};

/// Precisions (bits) tried, in order, when comparing a rational with `e^ε`.
const PRECISIONS: [u64; 8] = [64, 128, 256, 512, 1024, 4096, 16384, 65536];

/// A comparison with `e^ε` that 65,536-bit enclosures could not separate (a ratio within about
/// `2^-65000` of `e^ε`; never seen in practice, reported instead of guessed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unseparated {
    /// The ratio compared with `e^ε`.
    pub ratio: Rational,
    /// The ε.
    pub eps: Rational,
}

impl fmt::Display for Unseparated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "could not separate {} from e^{} with 65536-bit enclosures",
            crate::num::fmt::abbreviate(&self.ratio.to_string()),
            self.eps
        )
    }
}

impl std::error::Error for Unseparated {}

/// The exact comparison of `r` with `e^ε` for `ε ≥ 0` (`r` of any sign). At `ε = 0` it is
/// rational; otherwise `e^ε` is irrational and enclosures of growing precision separate them.
pub fn cmp_with_exp(r: &Rational, eps: &Rational) -> Result<Ordering, Unseparated> {
    ExpEps::new(eps).compare(r)
}

/// `e^ε` for many comparisons ([`cmp_with_exp`]): enclosed once at 64 bits, which separates
/// almost every rational; only a rational the first enclosure cannot separate goes through the
/// precision schedule. A δ(ε) table compares every likelihood ratio of every neighbour pair with
/// `e^ε`: recomputing `e^ε` for each made `audit --eps` cubic (issue 31: 356 s on 200×200).
#[derive(Clone, Debug)]
pub struct ExpEps {
    eps: Rational,
    /// `None` at `ε = 0` (`e^0 = 1` is compared exactly).
    first: Option<Interval>,
}

impl ExpEps {
    /// `e^ε` for a rational `ε ≥ 0`, ready to be compared with rationals.
    pub fn new(eps: &Rational) -> ExpEps {
        ExpEps {
            eps: eps.clone(),
            first: (*eps != 0u32).then(|| Interval::exp_rational(eps, PRECISIONS[0])),
        }
    }

    /// The exact comparison of `r` with `e^ε`.
    pub fn compare(&self, r: &Rational) -> Result<Ordering, Unseparated> {
        let Some(first) = &self.first else {
            return Ok(r.cmp(&Rational::ONE));
        };
        if *r <= 0u32 {
            return Ok(Ordering::Less);
        }
        if let Some(o) = first.cmp_rational(r) {
            return Ok(o.reverse());
        }
        for &prec in &PRECISIONS[1..] {
            if let Some(o) = Interval::exp_rational(&self.eps, prec).cmp_rational(r) {
                return Ok(o.reverse());
            }
        }
        Err(Unseparated {
            ratio: r.clone(),
            eps: self.eps.clone(),
        })
    }

    /// Is `A1 − B1 s > A2 − B2 s` at `s = e^ε`? Decided exactly (see the module documentation).
    pub(crate) fn greater(
        &self,
        (a1, b1): (&Rational, &Rational),
        (a2, b2): (&Rational, &Rational),
    ) -> Result<bool, Unseparated> {
        let db = b1 - b2;
        if db == 0u32 {
            return Ok(a1 > a2);
        }
        // da − s·db > 0  ⇔  s < da/db (db > 0)  or  s > da/db (db < 0).
        let o = self.compare(&((a1 - a2) / &db))?;
        Ok(if db > 0u32 {
            o == Ordering::Greater
        } else {
            o == Ordering::Less
        })
    }
}

/// `δ(ε) = A − B·e^ε` exactly, with the ordered pair `(x, x')` and event
/// `{y : W(y|x) > e^ε W(y|x')}` attaining it (Dwork–Roth Def. 2.4 at `t = e^ε`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeltaAtEps {
    /// The ε asked for.
    pub eps: Rational,
    /// `A = W(event | x)`.
    pub a: Rational,
    /// `B = W(event | x')`.
    pub b: Rational,
    /// The ordered pair `(x, x')` attaining it.
    pub pair: (usize, usize),
    /// The event, sorted.
    pub event: Vec<usize>,
}

impl DeltaAtEps {
    /// The exact value when it is rational (`B = 0`, or `ε = 0`).
    pub fn rational(&self) -> Option<Rational> {
        if self.b == 0u32 || self.eps == 0u32 {
            Some(&self.a - &self.b)
        } else {
            None
        }
    }

    /// The exact sign of `A − B·e^ε`: for `B > 0` it is the comparison of `A/B` with `e^ε`
    /// ([`cmp_with_exp`], never equal at `ε ≠ 0` since `e^ε` is irrational).
    pub fn signum(&self) -> Result<Ordering, Unseparated> {
        match self.rational() {
            Some(q) => Ok(q.cmp(&Rational::ZERO)),
            None if self.b < 0u32 => Ok(cmp_with_exp(&(&self.a / &self.b), &self.eps)?.reverse()),
            None => cmp_with_exp(&(&self.a / &self.b), &self.eps),
        }
    }

    /// A certified enclosure of `A − B·e^ε` that never crosses its exact sign
    /// ([`DeltaAtEps::signum`]) nor its trivial upper bound `A` (for `B ≥ 0`; `A ≤ 1` as a
    /// probability): rows within `10^-146` of `e^ε` give `[0, 1e-146…]`, not `[-1e-12, 1e-12]`.
    /// As the maximum over events, which include the empty one, `δ(ε) ≥ 0` anyway.
    pub fn enclose(&self, prec: u64) -> Interval {
        if let Some(q) = self.rational() {
            return Interval::from_rational(&q, prec);
        }
        let raw = Interval::from_rational(&self.a, prec)
            .sub(&Interval::exp_rational(&self.eps, prec).mul_rational(&self.b));
        let raw = if self.b >= 0u32 {
            raw.clamp_to(None, Some(&self.a))
        } else {
            raw
        };
        match self.signum() {
            Ok(s) if raw.contains_zero() => raw.with_sign(s),
            _ => raw,
        }
    }
}

impl DeltaAtEps {
    /// `A − B·e^ε` (or the rational value) with each rational written by `show` (`dpcert
    /// compose` abbreviates long ones): the one printing of this form, for `audit` and
    /// `compose` alike (issue 42 item 16). `e^(1/2)`, not `e^1/2` (which reads as e^1 / 2); an
    /// integer ε needs no brackets.
    pub fn text(&self, show: impl Fn(&Rational) -> String) -> String {
        match self.rational() {
            Some(q) => show(&q),
            None if *self.eps.denominator_ref() == 1u32 => {
                format!("{} - {}·e^{}", show(&self.a), show(&self.b), self.eps)
            }
            None => format!("{} - {}·e^({})", show(&self.a), show(&self.b), self.eps),
        }
    }
}

impl fmt::Display for DeltaAtEps {
    /// `A − B·e^ε` (or the rational value): [`DeltaAtEps::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(|q| q.to_string()))
    }
}

/// One ordered pair's hockey-stick at `e^ε`: `(A, B, event)` with `δ = A − B e^ε`.
fn pair_at_eps(
    p: &[Rational],
    q: &[Rational],
    e: &ExpEps,
) -> Result<(Rational, Rational, Vec<usize>), Unseparated> {
    let (mut a, mut b, mut event) = (Rational::ZERO, Rational::ZERO, Vec::new());
    for (y, (py, qy)) in p.iter().zip(q).enumerate() {
        if *py == 0u32 {
            continue;
        }
        // y is in the event iff P(y) > e^ε Q(y), i.e. Q(y) = 0 or P(y)/Q(y) > e^ε.
        let inside = *qy == 0u32 || e.compare(&(py / qy))? == Ordering::Greater;
        if inside {
            a += py;
            b += qy;
            event.push(y);
        }
    }
    Ok((a, b, event))
}

/// Is `A1 − B1 s > A2 − B2 s` at `s = e^ε`? Decided exactly ([`ExpEps::greater`]).
pub(crate) fn greater_at_eps(
    first: (&Rational, &Rational),
    second: (&Rational, &Rational),
    eps: &Rational,
) -> Result<bool, Unseparated> {
    ExpEps::new(eps).greater(first, second)
}

/// The smallest δ for which `w` is (ε, δ)-DP on the neighbour pairs `adj` (both orientations),
/// as the exact form `A − B·e^ε` (Dwork–Roth Def. 2.4). `ε ≥ 0` rational. With no pair, δ = 0.
pub fn delta_at_eps(
    w: &Channel,
    adj: &[(usize, usize)],
    eps: &Rational,
) -> Result<DeltaAtEps, Unseparated> {
    let mut best = DeltaAtEps {
        eps: eps.clone(),
        a: Rational::ZERO,
        b: Rational::ZERO,
        pair: (0, 0),
        event: Vec::new(),
    };
    let e = ExpEps::new(eps);
    let mut first = true;
    for (x, xp) in ordered_pairs(adj) {
        let (a, b, event) = pair_at_eps(&w.rows()[x], &w.rows()[xp], &e)?;
        if first || e.greater((&a, &b), (&best.a, &best.b))? {
            best = DeltaAtEps {
                eps: eps.clone(),
                a,
                b,
                pair: (x, xp),
                event,
            };
            first = false;
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests;
