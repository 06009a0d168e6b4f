//! δ(t) of an exact composition over a range of `t = e^ε` as exact pieces `δ = a − b·t`
//! (issue 46 item 4: `dpcert compose … --curve-t T1,T2`).
//!
//! For one ordered pair, `δ(t) = P(∞) + Σ_{r > t} (P_r − t·Q_r)` over the composed PLD's atoms
//! (likelihood ratio `r`, masses `P_r`, `Q_r`): linear in `t` between consecutive ratios, so
//! the breakpoints inside the range are the atoms' ratios — exact rationals — and each piece's
//! `a`, `b` are the P- and Q-masses of the atoms above it. The worst ordered pair's δ is the
//! upper envelope of the pairs' lines ([`crate::measure::envelope`]), whose further breakpoints
//! are where two lines cross, `(a − a')/(b − b')`, again rational. No decision uses floating
//! point.

use super::compose::Composed;
use super::delta::{walk, Event};
use super::worst::PairComposition;
use crate::measure::{envelope, Seg};
use crate::num::Rational;
use std::fmt;

/// The most pieces one pair's curve (and the envelope) may have: past it the range is refused
/// (a composed PLD can have millions of ratios in a range; printing them all helps no one).
pub const MAX_CURVE_PIECES: usize = 10_000;

/// One piece of the worst pair's δ: `δ(t) = a − b·t` for `t ∈ [lo, hi]`; `pair` is the index
/// (into the compositions) of the first pair attaining it, `event` the attaining event inside
/// the piece (the atoms with ratio `≥ hi`). The type of `audit --curve-t`'s pieces.
pub type ComposeCurvePiece = crate::measure::CurvePiece<usize, Event>;

/// The worst ordered pair's δ on `[lo, hi]` as consecutive exact pieces (the first starts at
/// `lo`, each where the one before ends): [`crate::measure::DeltaCurve`] with a composition's
/// witnesses.
pub type ComposeCurve = crate::measure::DeltaCurve<usize, Event>;

/// Why no curve: more than [`MAX_CURVE_PIECES`] pieces in the range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyPieces {
    /// The most pieces allowed.
    pub cap: usize,
    /// The range asked.
    pub lo: Rational,
    /// Its right end.
    pub hi: Rational,
}

impl fmt::Display for TooManyPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "delta(t) on [{}, {}] has more than {} exact pieces (likelihood ratios in the range): give a narrower --curve-t",
            crate::num::fmt::abbreviate(&self.lo.to_string()),
            crate::num::fmt::abbreviate(&self.hi.to_string()),
            self.cap
        )
    }
}

impl std::error::Error for TooManyPieces {}

impl Composed {
    /// The atom's likelihood ratio `(p/den_p)/(q/den_q)`.
    fn ratio(&self, at: &super::Atom) -> Rational {
        Rational::from_naturals(&at.p * &self.den_q, &at.q * &self.den_p)
    }

    /// This composition's δ on `[lo, hi]` (`0 ≤ lo < hi`) as pieces right to left, each with
    /// its event: the walk takes the atoms with ratio `≥ hi`, then one atom per breakpoint.
    fn curve_pieces(
        &self,
        lo: &Rational,
        hi: &Rational,
        cap: usize,
    ) -> Result<Vec<(Rational, Rational, Event)>, TooManyPieces> {
        let (hn, hd) = (hi.numerator_ref(), hi.denominator_ref());
        let (lhs, rhs) = (&self.den_q * hd, &self.den_p * hn);
        // ratio < hi ⇔ p·den_q·hd < hn·q·den_p: exact integers.
        let (mut prefix, _) = walk(self, |_, _, at| &at.p * &lhs < &at.q * &rhs);
        let mut right = hi.clone();
        let mut out = Vec::new();
        loop {
            let next = prefix.cur.atom().map(|at| self.ratio(at));
            let left = match &next {
                Some(r) if r > lo => r.clone(),
                _ => lo.clone(),
            };
            out.push((left.clone(), right, self.event(&prefix)));
            if out.len() > cap {
                return Err(TooManyPieces {
                    cap,
                    lo: lo.clone(),
                    hi: hi.clone(),
                });
            }
            if left == *lo {
                break;
            }
            prefix.take();
            right = left;
        }
        out.reverse();
        Ok(out)
    }
}

/// The largest δ(t) over the compositions `pcs` (at least one), for every `t ∈ [lo, hi]`, as
/// exact pieces; on ties the first composition is kept.
///
/// # Panics
/// Unless `0 ≤ lo < hi` and `pcs` is not empty.
pub fn worst_delta_curve(
    pcs: &[PairComposition],
    lo: &Rational,
    hi: &Rational,
) -> Result<ComposeCurve, TooManyPieces> {
    capped(pcs, lo, hi, MAX_CURVE_PIECES)
}

/// [`worst_delta_curve`] refusing more than `cap` pieces (the tests use a small cap).
fn capped(
    pcs: &[PairComposition],
    lo: &Rational,
    hi: &Rational,
    cap: usize,
) -> Result<ComposeCurve, TooManyPieces> {
    assert!(
        *lo >= 0u32 && lo < hi && !pcs.is_empty(),
        "a curve needs 0 <= lo < hi"
    );
    let mut events: Vec<Vec<(Rational, Rational, Event)>> = Vec::with_capacity(pcs.len());
    let mut env: Option<Vec<Seg>> = None;
    for (i, pc) in pcs.iter().enumerate() {
        let pieces = pc.composed.curve_pieces(lo, hi, cap)?;
        let segs: Vec<Seg> = pieces
            .iter()
            .map(|(l, h, e)| Seg {
                lo: l.clone(),
                hi: h.clone(),
                a: e.p.clone(),
                b: e.q.clone(),
                // The index stands in for the pair: the envelope only compares and keeps it.
                pair: (i, 0),
            })
            .collect();
        events.push(pieces);
        env = Some(match env {
            None => segs,
            Some(acc) => envelope(&acc, &segs),
        });
        if env.as_ref().is_some_and(|e| e.len() > cap) {
            return Err(TooManyPieces {
                cap,
                lo: lo.clone(),
                hi: hi.clone(),
            });
        }
    }
    let pieces = env
        .expect("a composition")
        .into_iter()
        .map(|s| {
            let pair = s.pair.0;
            // The pair's own piece holding this one: its event is the piece's.
            let own = &events[pair];
            let k = own.partition_point(|(_, h, _)| *h < s.hi);
            ComposeCurvePiece {
                event: own[k].2.clone(),
                lo: s.lo,
                hi: s.hi,
                a: s.a,
                b: s.b,
                pair,
            }
        })
        .collect();
    Ok(ComposeCurve {
        lo: lo.clone(),
        hi: hi.clone(),
        pieces,
    })
}

#[cfg(test)]
mod tests;
