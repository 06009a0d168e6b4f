//! A channel (or a sequence of channels) on a neighbour relation: one composition per ordered
//! pair, and the worst pair for each query.
//!
//! A mechanism is (ε, δ)-DP on an adjacency iff every ordered neighbour pair is (Dwork–Roth
//! Def. 2.4), so after k uses on the same pair δ(ε) is the largest of the pairs' δ(ε), and the
//! smallest ε for a δ the largest of the pairs' (the pair may differ from one ε to the next).
//! Ordered pairs whose PLDs coincide (every pair of randomized response) are composed once.

use super::compose::{compose, ComposeError, Composed};
use super::delta::{DeltaAtT, DeltaEps, TForDelta};
use super::pld::PairLoss;
use crate::measure::epsilon::{greater_at_eps, Unseparated};
use crate::num::Rational;
use crate::prob::Channel;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The composition of one ordered pair, and the other ordered pairs with the same PLD.
#[derive(Clone, Debug)]
pub struct PairComposition {
    /// The ordered pair `(x, x')` composed.
    pub pair: (usize, usize),
    /// The other ordered pairs whose PLD is the same (composed once, answered alike).
    pub same_as: Vec<(usize, usize)>,
    /// The exact composition of this pair's PLD.
    pub composed: Composed,
}

type Key = Vec<((Vec<(Rational, Rational)>, Rational), u64)>;

/// The first ordered pair of a PLD class, its uses, and the other pairs of the class.
pub type Class = ((usize, usize), Vec<(PairLoss, u64)>, Vec<(usize, usize)>);

/// Compose `k_i` uses of each channel (all on the same inputs), for every ordered pair of
/// `adj` (both orientations of each unordered pair). `progress(done, of)` is told each
/// distinct pair PLD composed.
pub fn compose_on_pairs(
    seq: &[(&Channel, u64)],
    adj: &[(usize, usize)],
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<PairComposition>, ComposeError> {
    compose_classes(pair_classes(seq, adj), progress)
}

/// Compose each class of ordered pairs ([`pair_classes`], or classes known from a mechanism's
/// symmetry, as every pair of randomized response is one class). `progress(done, of)` is told
/// each class composed.
pub fn compose_classes(
    firsts: Vec<Class>,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<PairComposition>, ComposeError> {
    let n = firsts.len();
    let done = AtomicUsize::new(0);
    // The classes are independent: composed in parallel (rayon), results in pair order.
    firsts
        .into_par_iter()
        .map(|(pair, uses, same_as)| {
            let composed = compose(&uses)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, n);
            Ok(PairComposition {
                pair,
                same_as,
                composed,
            })
        })
        .collect()
}

/// The ordered pairs of `adj` (both orientations) grouped by their PLDs under `seq`: per
/// class its first pair, its uses and the other pairs.
pub fn pair_classes(seq: &[(&Channel, u64)], adj: &[(usize, usize)]) -> Vec<Class> {
    let ordered: Vec<(usize, usize)> = adj.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut groups: BTreeMap<Key, usize> = BTreeMap::new();
    let mut firsts: Vec<Class> = Vec::new();
    for &(x, xp) in &ordered {
        let uses: Vec<(PairLoss, u64)> = seq
            .iter()
            .map(|(w, k)| (PairLoss::of_rows(&w.rows()[x], &w.rows()[xp]), *k))
            .collect();
        let key: Key = uses.iter().map(|(p, k)| (p.key(), *k)).collect();
        match groups.get(&key) {
            Some(&i) => firsts[i].2.push((x, xp)),
            None => {
                groups.insert(key, firsts.len());
                firsts.push(((x, xp), uses, Vec::new()));
            }
        }
    }
    firsts
}

/// The largest δ(t) over the pairs (the first attaining), with its index.
pub fn worst_delta_at_t(pcs: &[PairComposition], t: &Rational) -> Option<(usize, DeltaAtT)> {
    let mut best: Option<(usize, DeltaAtT)> = None;
    for (i, pc) in pcs.iter().enumerate() {
        let d = pc.composed.delta_at_t(t);
        if best.as_ref().is_none_or(|(_, b)| d.delta > b.delta) {
            best = Some((i, d));
        }
    }
    best
}

/// The largest δ(ε) = A − B·e^ε over the pairs, decided exactly, with its index.
pub fn worst_delta_at_eps(
    pcs: &[PairComposition],
    eps: &Rational,
) -> Result<Option<(usize, DeltaEps)>, Unseparated> {
    let mut best: Option<(usize, DeltaEps)> = None;
    for (i, pc) in pcs.iter().enumerate() {
        let mut d = pc.composed.delta_at_eps(eps);
        d.form.pair = pc.pair;
        let better = match &best {
            None => true,
            Some((_, b)) => greater_at_eps((&d.form.a, &d.form.b), (&b.form.a, &b.form.b), eps)?,
        };
        if better {
            best = Some((i, d));
        }
    }
    Ok(best)
}

/// The largest smallest-`t` over the pairs (the pair that binds ε for this δ), with its index.
pub fn worst_t_for_delta(pcs: &[PairComposition], delta: &Rational) -> Option<(usize, TForDelta)> {
    let mut best: Option<(usize, TForDelta)> = None;
    for (i, pc) in pcs.iter().enumerate() {
        let d = pc.composed.t_for_delta(delta);
        if best.as_ref().is_none_or(|(_, b)| d.t > b.t) {
            best = Some((i, d));
        }
    }
    best
}
