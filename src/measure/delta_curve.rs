//! δ(t) of a fixed channel over a range of `t = e^ε` as exact pieces `δ = a − b·t`
//! (issue 46, item 4: `dpcert audit --curve-t T1,T2`).
//!
//! For one ordered pair, `δ_{x,x'}(t) = Σ_y (W(y|x) − t·W(y|x'))^+` is linear between the
//! likelihood ratios `W(y|x)/W(y|x')` (an output with `W(y|x') = 0` adds `W(y|x)` for every
//! `t`); the mechanism's δ is the upper envelope over ordered neighbour pairs, whose further
//! breakpoints are where two pairs' lines cross, `(a − a')/(b − b')`. So every breakpoint is
//! a rational and every piece is exact. A piece is a maximal range on which δ is one line *and*
//! one pair attains it (the first attaining pair in [`super::delta_at`]'s order), so a
//! breakpoint is where the slope changes or the attaining pair does.

use super::dp::ordered_pairs;
use crate::num::Rational;
use crate::prob::Channel;
use malachite::base::num::basic::traits::Zero;
use std::cmp::Ordering;

/// `δ(t) = a − b·t` for `t ∈ [lo, hi]`, attained by the ordered pair `(x, x')` with the event
/// `{y : W(y|x) > t·W(y|x')}` (the same for every `t` inside the piece). The witness types are
/// parameters: a channel's curve (`audit`) names the pair `(x, x')` and the outputs; a
/// composition's (`compose`, [`crate::accounting::ComposeCurve`]) the index of its pair
/// composition and the composed event — one type for both (issue 46).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurvePiece<P = (usize, usize), E = Vec<usize>> {
    /// The piece's left end.
    pub lo: Rational,
    /// The piece's right end (`> lo`).
    pub hi: Rational,
    /// The intercept: `δ = a − b·t`.
    pub a: Rational,
    /// The slope's magnitude (`≥ 0`: δ does not increase with t).
    pub b: Rational,
    /// The first attaining ordered pair `(x, x')` (or its index).
    pub pair: P,
    /// The attaining event inside the piece (outputs sorted, empty where δ = 0).
    pub event: E,
}

impl<P, E> CurvePiece<P, E> {
    /// `a − b·t`.
    pub fn at(&self, t: &Rational) -> Rational {
        &self.a - &self.b * t
    }
}

/// δ(t) for `t ∈ [lo, hi]` as consecutive pieces: the first starts at `lo`, each starts where
/// the one before ends, the last ends at `hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeltaCurve<P = (usize, usize), E = Vec<usize>> {
    /// The range's left end (`≥ 1` from the CLI; any `0 ≤ lo` is computed).
    pub lo: Rational,
    /// The range's right end (`> lo`).
    pub hi: Rational,
    /// The pieces, left to right.
    pub pieces: Vec<CurvePiece<P, E>>,
}

impl<P, E> DeltaCurve<P, E> {
    /// δ at `t ∈ [lo, hi]` read off the pieces (`None` outside the range).
    pub fn at(&self, t: &Rational) -> Option<Rational> {
        self.pieces
            .iter()
            .find(|p| p.lo <= *t && *t <= p.hi)
            .map(|p| p.at(t))
    }
}

/// A line on a range, attributed to a pair: the unit [`envelope`] merges (also
/// `compose --curve-t`'s, [`crate::accounting::curve`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seg {
    pub(crate) lo: Rational,
    pub(crate) hi: Rational,
    pub(crate) a: Rational,
    pub(crate) b: Rational,
    pub(crate) pair: (usize, usize),
}

impl Seg {
    fn at(&self, t: &Rational) -> Rational {
        &self.a - &self.b * t
    }
}

/// One pair's δ on `[lo, hi]` (`lo < hi`), cut at the ratios `p(y)/q(y)` inside the range.
fn pair_segments(
    p: &[Rational],
    q: &[Rational],
    lo: &Rational,
    hi: &Rational,
    pair: (usize, usize),
) -> Vec<Seg> {
    let mut cuts: Vec<Rational> = p
        .iter()
        .zip(q)
        .filter(|(a, b)| **a > 0u32 && **b > 0u32)
        .map(|(a, b)| a / b)
        .filter(|r| lo < r && r < hi)
        .collect();
    cuts.sort();
    cuts.dedup();
    let mut ends = vec![lo.clone()];
    ends.extend(cuts);
    ends.push(hi.clone());
    ends.windows(2)
        .map(|w| {
            // Inside (w0, w1) no ratio lies, so y is active iff its ratio is ≥ w1 (or ∞).
            let (mut a, mut b) = (Rational::ZERO, Rational::ZERO);
            for (py, qy) in p.iter().zip(q) {
                if *py > 0u32 && (*qy == 0u32 || py >= &(qy * &w[1])) {
                    a += py;
                    b += qy;
                }
            }
            Seg {
                lo: w[0].clone(),
                hi: w[1].clone(),
                a,
                b,
                pair,
            }
        })
        .collect()
}

/// The upper envelope of two functions given as segments covering the same range; where they
/// are equal `f`'s segment is kept (so folding keeps the first attaining pair). Adjacent
/// segments of one line and one pair are joined.
pub(crate) fn envelope(f: &[Seg], g: &[Seg]) -> Vec<Seg> {
    let mut out: Vec<Seg> = Vec::new();
    let mut push = |s: Seg| {
        if s.lo == s.hi {
            return;
        }
        match out.last_mut() {
            Some(l) if l.a == s.a && l.b == s.b && l.pair == s.pair => l.hi = s.hi,
            _ => out.push(s),
        }
    };
    let (mut i, mut j) = (0, 0);
    while i < f.len() && j < g.len() {
        let (u, v) = (&f[i], &g[j]);
        let lo = (&u.lo).max(&v.lo).clone();
        let hi = (&u.hi).min(&v.hi).clone();
        let (ds, de) = (u.at(&lo) - v.at(&lo), u.at(&hi) - v.at(&hi));
        let piece = |s: &Seg, lo: &Rational, hi: &Rational| Seg {
            lo: lo.clone(),
            hi: hi.clone(),
            ..s.clone()
        };
        if ds >= 0u32 && de >= 0u32 {
            push(piece(u, &lo, &hi));
        } else if ds <= 0u32 && de <= 0u32 {
            push(piece(v, &lo, &hi));
        } else {
            // Opposite strict signs at the ends: the lines cross once inside, where
            // a_u − b_u·t = a_v − b_v·t.
            let c = (&u.a - &v.a) / (&u.b - &v.b);
            let (first, second) = if ds > 0u32 { (u, v) } else { (v, u) };
            push(piece(first, &lo, &c));
            push(piece(second, &c, &hi));
        }
        match u.hi.cmp(&v.hi) {
            Ordering::Less => i += 1,
            Ordering::Greater => j += 1,
            Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// The pieces of the envelope of `pairs` (ordered pairs, in order) on `[lo, hi]`; with no pair,
/// one piece `0` attributed to `(0, 0)`, as [`super::delta_at`] answers.
fn segments_of(w: &Channel, pairs: &[(usize, usize)], lo: &Rational, hi: &Rational) -> Vec<Seg> {
    let rows = w.rows();
    pairs
        .iter()
        .map(|&(x, xp)| pair_segments(&rows[x], &rows[xp], lo, hi, (x, xp)))
        .reduce(|acc, s| envelope(&acc, &s))
        .unwrap_or_else(|| {
            vec![Seg {
                lo: lo.clone(),
                hi: hi.clone(),
                a: Rational::ZERO,
                b: Rational::ZERO,
                pair: (0, 0),
            }]
        })
}

/// A partial curve over some of the neighbour pairs, to be joined with [`DeltaCurve::join`]
/// (the audit computes it in steps, checking its deadline between them).
#[derive(Clone, Debug)]
pub struct PartialCurve(Vec<Seg>);

impl PartialCurve {
    /// The envelope of `self` (earlier pairs) and `later`: on ties `self`'s pair is kept.
    pub fn join(&self, later: &PartialCurve) -> PartialCurve {
        PartialCurve(envelope(&self.0, &later.0))
    }

    /// The finished curve of `w`: each piece with its pair's event.
    pub fn finish(self, w: &Channel) -> DeltaCurve {
        let (lo, hi) = (self.0[0].lo.clone(), self.0[self.0.len() - 1].hi.clone());
        let two = Rational::from(2u32);
        let pieces = self
            .0
            .into_iter()
            .map(|s| {
                let mid = (&s.lo + &s.hi) / &two;
                let (p, q) = (&w.rows()[s.pair.0], &w.rows()[s.pair.1]);
                let event = if s.a == 0u32 && s.b == 0u32 {
                    Vec::new()
                } else {
                    super::hockey_stick(p, q, &mid).event
                };
                CurvePiece {
                    lo: s.lo,
                    hi: s.hi,
                    a: s.a,
                    b: s.b,
                    pair: s.pair,
                    event,
                }
            })
            .collect();
        DeltaCurve { lo, hi, pieces }
    }
}

/// δ on `[lo, hi]` over the ordered pairs of the unordered `adj` (both orientations), not
/// yet finished (see [`PartialCurve`]).
///
/// # Panics
/// Unless `0 ≤ lo < hi` (the CLI's range rule, [`crate::params::TRange`], ensures `1 ≤ lo`).
pub fn delta_curve_partial(
    w: &Channel,
    adj: &[(usize, usize)],
    lo: &Rational,
    hi: &Rational,
) -> PartialCurve {
    assert!(*lo >= 0u32 && lo < hi, "a curve needs 0 <= lo < hi");
    let pairs: Vec<(usize, usize)> = ordered_pairs(adj).collect();
    PartialCurve(segments_of(w, &pairs, lo, hi))
}

/// δ(t) = max over ordered neighbour pairs of the hockey-stick divergence at `t`, for every
/// `t ∈ [lo, hi]`, as exact pieces (see the module documentation).
///
/// # Panics
/// Unless `0 ≤ lo < hi`.
pub fn delta_curve(
    w: &Channel,
    adj: &[(usize, usize)],
    lo: &Rational,
    hi: &Rational,
) -> DeltaCurve {
    delta_curve_partial(w, adj, lo, hi).finish(w)
}

#[cfg(test)]
mod tests;
