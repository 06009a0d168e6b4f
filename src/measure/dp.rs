//! Differential-privacy level and the hockey-stick divergence.
//!
//! Dwork–Roth, *The Algorithmic Foundations of Differential Privacy*, Def. 2.4: `W` is
//! (ε, δ)-DP on an adjacency iff `P(W(x) ∈ A) ≤ e^ε P(W(x') ∈ A) + δ` for every neighbour pair
//! (both orientations) and event `A`. With δ = 0 the smallest `e^ε` is the largest pointwise
//! ratio `W(y|x) / W(y|x')` ([`dp_level`]); for a given `t = e^ε` the smallest δ is the
//! hockey-stick divergence `max_A P(A) − t Q(A) = Σ_y (P(y) − t Q(y))^+` ([`hockey_stick`]),
//! attained by `A = {y : P(y) > t Q(y)}`.

use super::ExtRational;
use crate::num::Rational;
use crate::prob::Channel;
use malachite::base::num::basic::traits::{One, Zero};

/// The exact DP level of a channel on an adjacency: `ratio = e^ε = max W(y|x)/W(y|x')` over
/// neighbour pairs in both orientations and outputs, `∞` when some `W(y|x) > 0 = W(y|x')`.
/// `pair = (x, x')` and `output = y` attain it (the first in pair order, then orientation,
/// then output). With no neighbour pair the level is 1 and the witness `(0, 0)`, `0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DpLevel {
    /// `e^ε ≥ 1`, exactly; `∞` when a zero faces a non-zero.
    pub ratio: ExtRational,
    /// The ordered pair `(x, x')` attaining it.
    pub pair: (usize, usize),
    /// The output `y` attaining it.
    pub output: usize,
}

/// The exact DP level `e^ε` (≥ 1) of `w` on the neighbour pairs `adj` (unordered; both
/// orientations are checked). See [`DpLevel`].
///
/// # Panics
/// If a pair names an input `≥ w.n_inputs()` (callers validate user input first).
pub fn dp_level(w: &Channel, adj: &[(usize, usize)]) -> DpLevel {
    max_ratio_rows(w.rows(), adj)
}

/// Both orientations `(x, x')` and `(x', x)` of every unordered neighbour pair, in order.
pub(crate) fn ordered_pairs(adj: &[(usize, usize)]) -> impl Iterator<Item = (usize, usize)> + '_ {
    adj.iter().flat_map(|&(a, b)| [(a, b), (b, a)])
}

/// The largest ratio `rows[x][y] / rows[x'][y]` over neighbour pairs in both orientations
/// (`∞` when a zero faces a non-zero, `0/0` skipped), with the first attaining witness; shared
/// by [`dp_level`] (rows = `W(·|x)`) and `identifiability_level` (rows = `π(x) W(·|x)`).
pub(crate) fn max_ratio_rows(rows: &[Vec<Rational>], adj: &[(usize, usize)]) -> DpLevel {
    if is_complete(adj, rows.len()) {
        max_ratio_complete(rows)
    } else {
        max_ratio_over_ordered_pairs(rows, ordered_pairs(adj))
    }
}

/// Is `adj` every pair of `0..n` in the order of [`super::complete_pairs`]?
pub(crate) fn is_complete(adj: &[(usize, usize)], n: usize) -> bool {
    adj.len() == n * n.saturating_sub(1) / 2
        && (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .zip(adj)
            .all(|(p, q)| p == *q)
}

/// [`max_ratio_rows`] on the complete adjacency in `O(n·k)` instead of `O(n²·k)`: over all
/// ordered pairs the largest ratio at output `y` is `max_x rows[x][y] / min_x rows[x][y]` (`∞`
/// when the minimum is 0 below a positive maximum), attained exactly by the pairs
/// `(x, x')` with `rows[x][y]` the column maximum (any positive entry, for `∞`) and
/// `rows[x'][y]` the minimum. The witness is the one the pair-by-pair scan reports: the least
/// key `(min(x, x'), max(x, x'), orientation, y)`, read off the smallest row index of each set.
fn max_ratio_complete(rows: &[Vec<Rational>]) -> DpLevel {
    let n = rows.len();
    let k = rows.first().map_or(0, Vec::len);
    let no_pair = DpLevel {
        ratio: ExtRational::Finite(Rational::ONE),
        pair: (0, 0),
        output: 0,
    };
    if n < 2 {
        return no_pair;
    }
    // Per output: (ratio, key) of its first attaining ordered pair, for ratios above 1.
    let mut best: Option<(ExtRational, (usize, usize, usize, usize))> = None;
    #[allow(clippy::needless_range_loop)] // column y is read across every row
    for y in 0..k {
        let col = |x: usize| &rows[x][y];
        let (mut hi, mut lo) = (0, 0);
        for x in 1..n {
            if col(x) > col(hi) {
                hi = x;
            }
            if col(x) < col(lo) {
                lo = x;
            }
        }
        if *col(hi) == 0u32 || col(hi) == col(lo) {
            continue; // ratios 0/0 or exactly 1 in this column
        }
        let ratio = ExtRational::ratio(col(hi), col(lo)).expect("positive maximum");
        // The smallest index of each attaining set (`hi`, `lo` are the first maximum and
        // minimum; for ∞ any positive entry attains).
        let u = if ratio.is_infinite() {
            (0..n).find(|&x| *col(x) > 0u32).expect("positive maximum")
        } else {
            hi
        };
        let key = if u < lo { (u, lo, 0, y) } else { (lo, u, 1, y) };
        let better = match &best {
            None => true,
            Some((r, kb)) => ratio > *r || (ratio == *r && key < *kb),
        };
        if better {
            best = Some((ratio, key));
        }
    }
    match best {
        Some((ratio, (a, b, o, y))) => DpLevel {
            ratio,
            pair: if o == 0 { (a, b) } else { (b, a) },
            output: y,
        },
        // Every column constant: the rows are equal, the level is 1, and the scan's witness
        // is pair (0, 1) at the first output row 0 puts mass on (none for all-zero rows).
        None => match (0..k).find(|&y| rows[0][y] > 0u32) {
            Some(y) => DpLevel {
                ratio: ExtRational::Finite(Rational::ONE),
                pair: (0, 1),
                output: y,
            },
            None => no_pair,
        },
    }
}

/// The largest ratio `rows[x][y] / rows[x'][y]` over the given ordered pairs `(x, x')` and
/// outputs, in that order (`∞` when a zero faces a non-zero, `0/0` skipped), with the first
/// attaining witness ([`DpLevel`]). For a neighbour relation enumerated in a paper's own
/// order, so that the reported witness is the paper's first.
pub fn max_ratio_over_ordered_pairs(
    rows: &[Vec<Rational>],
    pairs: impl IntoIterator<Item = (usize, usize)>,
) -> DpLevel {
    // Best ratio so far as (num, den) compared by cross-multiplication; den = 0 means ∞.
    let mut best_num = Rational::ONE;
    let mut best_den = Rational::ONE;
    let mut pair = (0, 0);
    let mut output = 0;
    let mut first = true;
    for (x, xp) in pairs {
        let (rx, rxp) = (&rows[x], &rows[xp]);
        for (y, (n, d)) in rx.iter().zip(rxp).enumerate() {
            if *n == 0u32 {
                continue; // ratio 0 or 0/0: never the maximum above 1
            }
            // n/d > best_num/best_den  ⇔  n·best_den > best_num·d (all non-negative).
            let better = if best_den == 0u32 {
                false
            } else if *d == 0u32 {
                true
            } else {
                n * &best_den > &best_num * d
            };
            if better || (first && n == d) {
                best_num = n.clone();
                best_den = d.clone();
                pair = (x, xp);
                output = y;
                first = false;
            }
        }
    }
    let ratio = if best_den == 0u32 {
        ExtRational::Infinite
    } else {
        ExtRational::Finite(best_num / best_den)
    };
    DpLevel {
        ratio,
        pair,
        output,
    }
}

/// `δ(t) = max_A P(A) − t Q(A)` and the attaining event `A = {y : P(y) > t Q(y)}` (sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HockeyStick {
    /// `δ(t)`, exact.
    pub delta: Rational,
    /// The attaining event `{y : P(y) > t Q(y)}`, sorted.
    pub event: Vec<usize>,
}

/// The hockey-stick divergence `E_t(P‖Q) = max_A P(A) − t Q(A) = Σ_y (P(y) − t Q(y))^+`
/// with `t = e^ε ≥ 0` (Dwork–Roth Def. 2.4; Balle et al. 2018, Thm 1), exact, with the
/// attaining event. `p` and `q` must have the same length.
pub fn hockey_stick(p: &[Rational], q: &[Rational], t: &Rational) -> HockeyStick {
    let mut delta = Rational::ZERO;
    let mut event = Vec::new();
    for (y, (a, b)) in p.iter().zip(q).enumerate() {
        let d = a - t * b;
        if d > 0u32 {
            delta += d;
            event.push(y);
        }
    }
    HockeyStick { delta, event }
}

/// Total variation distance `TV(P, Q) = ½ Σ |P(y) − Q(y)| = δ(1)` (hockey-stick at t = 1).
pub fn tv(p: &[Rational], q: &[Rational]) -> Rational {
    hockey_stick(p, q, &Rational::ONE).delta
}

/// The smallest δ for which a mechanism is (ε, δ)-DP at `t = e^ε`, with its witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeltaAt {
    /// `δ`, exact.
    pub delta: Rational,
    /// The ordered pair `(x, x')` with `δ = E_t(W_x ‖ W_x')`.
    pub pair: (usize, usize),
    /// The attaining event `{y : W(y|x) > t W(y|x')}`.
    pub event: Vec<usize>,
}

/// Two-sided mechanism hockey-stick: `δ(t) = max over neighbour pairs and both orientations
/// of E_t(W_x ‖ W_x')`, with `t = e^ε` (Dwork–Roth Def. 2.4). The first attaining ordered pair
/// is reported; with no pair, δ = 0 and the witness is `(0, 0)` with the empty event.
pub fn delta_at(w: &Channel, adj: &[(usize, usize)], t: &Rational) -> DeltaAt {
    let mut best = DeltaAt {
        delta: Rational::ZERO,
        pair: (0, 0),
        event: Vec::new(),
    };
    let mut first = true;
    for (x, xp) in ordered_pairs(adj) {
        let h = hockey_stick(&w.rows()[x], &w.rows()[xp], t);
        if first || h.delta > best.delta {
            best = DeltaAt {
                delta: h.delta,
                pair: (x, xp),
                event: h.event,
            };
            first = false;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::complete_pairs;
    use super::*;
    use crate::testutil::{channel, channel_of, dist, q};
    use proptest::prelude::*;

    /// Naive reference for [`dp_level`]: the largest ratio `P_x(A) / P_x'(A)` over every
    /// event `A ⊆ Y` (all `2^|Y|` of them) and ordered neighbour pair — the event form of
    /// Dwork–Roth Def. 2.4 with δ = 0. Returns only the ratio (at least 1).
    fn dp_level_event_naive(w: &Channel, adj: &[(usize, usize)]) -> ExtRational {
        let k = w.n_outputs();
        let mut best = ExtRational::Finite(Rational::ONE);
        for (x, xp) in ordered_pairs(adj) {
            for mask in 1u64..(1u64 << k) {
                let ev = |r: &[Rational]| -> Rational {
                    (0..k).filter(|y| mask >> y & 1 == 1).map(|y| &r[y]).sum()
                };
                if let Some(r) = ExtRational::ratio(&ev(&w.rows()[x]), &ev(&w.rows()[xp])) {
                    if r > best {
                        best = r;
                    }
                }
            }
        }
        best
    }

    /// Naive reference for [`hockey_stick`]: the maximum of `P(A) − t Q(A)` over all
    /// `2^|Y|` events (the empty event gives 0).
    fn hockey_stick_naive(p: &[Rational], q: &[Rational], t: &Rational) -> Rational {
        let k = p.len();
        let mut best = Rational::ZERO;
        for mask in 0u64..(1u64 << k) {
            let v: Rational = (0..k)
                .filter(|y| mask >> y & 1 == 1)
                .map(|y| &p[y] - t * &q[y])
                .sum();
            if v > best {
                best = v;
            }
        }
        best
    }

    /// Naive reference for [`delta_at`]: max over ordered pairs of [`hockey_stick_naive`].
    fn delta_at_pairs_naive(w: &Channel, adj: &[(usize, usize)], t: &Rational) -> Rational {
        let mut best = Rational::ZERO;
        for (x, xp) in ordered_pairs(adj) {
            let d = hockey_stick_naive(&w.rows()[x], &w.rows()[xp], t);
            if d > best {
                best = d;
            }
        }
        best
    }

    #[test]
    fn literal_levels() {
        // (channel, adjacency, e^ε, witness)
        let bsc = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        let lvl = dp_level(&bsc, &[(0, 1)]);
        assert_eq!(lvl.ratio, ExtRational::Finite(q(3, 1)));
        assert_eq!((lvl.pair, lvl.output), ((0, 1), 0));
        let z = Channel::new(vec![vec![q(1, 1), q(0, 1)], vec![q(1, 2), q(1, 2)]]).unwrap();
        let lvl = dp_level(&z, &[(0, 1)]);
        assert_eq!(lvl.ratio, ExtRational::Infinite);
        assert_eq!((lvl.pair, lvl.output), ((1, 0), 1));
        // Constant channel: level exactly 1.
        let c = Channel::new(vec![vec![q(1, 3), q(2, 3)]; 3]).unwrap();
        assert_eq!(
            dp_level(&c, &complete_pairs(3)).ratio,
            ExtRational::Finite(q(1, 1))
        );
        // Only adjacent pairs count: rows 0 and 2 differ a lot but are not neighbours.
        let w = Channel::new(vec![
            vec![q(1, 1), q(0, 1)],
            vec![q(1, 2), q(1, 2)],
            vec![q(0, 1), q(1, 1)],
        ])
        .unwrap();
        assert_eq!(dp_level(&w, &[(0, 1)]).ratio, ExtRational::Infinite);
        assert!(dp_level(&w, &[(0, 1), (1, 2)]).ratio.is_infinite());
        // A prefix of the complete adjacency is not the complete adjacency: only (0, 1) counts
        // (level 2 at output 0), not the ∞ of rows 0 and 2.
        let w = channel_of(&[&[(1, 2), (1, 2)], &[(1, 4), (3, 4)], &[(0, 1), (1, 1)]]);
        let lvl = dp_level(&w, &[(0, 1)]);
        assert_eq!(lvl.ratio, ExtRational::Finite(q(2, 1)));
        assert_eq!((lvl.pair, lvl.output), ((0, 1), 0));
        assert!(dp_level(&w, &complete_pairs(3)).ratio.is_infinite());
        // Ties on the complete adjacency: the witness is the scan's first attaining pair, read
        // off the smallest index of a tied column maximum (rows 0, 1) or minimum (rows 1, 2).
        for (rows, witness) in [
            (
                channel_of(&[&[(1, 2), (1, 2)], &[(1, 2), (1, 2)], &[(1, 4), (3, 4)]]),
                (0, 2),
            ),
            (
                channel_of(&[&[(1, 2), (1, 2)], &[(1, 4), (3, 4)], &[(1, 4), (3, 4)]]),
                (0, 1),
            ),
        ] {
            let lvl = dp_level(&rows, &complete_pairs(3));
            assert_eq!(lvl.ratio, ExtRational::Finite(q(2, 1)));
            assert_eq!((lvl.pair, lvl.output), (witness, 0));
        }
    }

    #[test]
    fn literal_deltas() {
        let p = [q(1, 2), q(1, 2), q(0, 1)];
        let r = [q(1, 4), q(1, 4), q(1, 2)];
        assert_eq!(tv(&p, &r), q(1, 2));
        let h = hockey_stick(&p, &r, &q(3, 2));
        assert_eq!(h.delta, q(1, 4));
        assert_eq!(h.event, vec![0, 1]);
        // At t = 2, P(y) = t·Q(y) on outputs 0 and 1: δ = 0 and the event {y : P(y) > t Q(y)}
        // is empty (the inequality is strict).
        let h = hockey_stick(&p, &r, &q(2, 1));
        assert_eq!((h.delta, h.event), (q(0, 1), vec![]));
        // Both orientations of a symmetric pair give the same δ: the first, (0, 1), is the
        // witness. Binary symmetric channel 3/4 at t = 2: δ = 3/4 − 2·1/4 = 1/4 on output 0.
        let bsc = channel_of(&[&[(3, 4), (1, 4)], &[(1, 4), (3, 4)]]);
        let d = delta_at(&bsc, &[(0, 1)], &q(2, 1));
        assert_eq!((d.delta, d.pair, d.event), (q(1, 4), (0, 1), vec![0]));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn pointwise_equals_event_form(w in channel(3, 4, 6)) {
            let adj = complete_pairs(3);
            prop_assert_eq!(dp_level(&w, &adj).ratio, dp_level_event_naive(&w, &adj));
        }

        /// The `O(n·k)` complete-adjacency path agrees with the pair-by-pair scan, witness
        /// included, on channels and on prior-weighted rows (some all zero).
        #[test]
        fn complete_path_equals_scan(
            w in channel(4, 3, 4),
            weights in proptest::collection::vec(0u32..3, 4),
        ) {
            prop_assert!(is_complete(&complete_pairs(4), 4));
            prop_assert!(!is_complete(&complete_pairs(4)[1..], 4));
            let scan = |rows: &[Vec<Rational>]| {
                max_ratio_over_ordered_pairs(rows, ordered_pairs(&complete_pairs(rows.len())))
            };
            prop_assert_eq!(max_ratio_complete(w.rows()), scan(w.rows()));
            let weighted: Vec<Vec<Rational>> = w
                .rows()
                .iter()
                .zip(&weights)
                .map(|(r, &c)| r.iter().map(|a| a * Rational::from(c)).collect())
                .collect();
            prop_assert_eq!(max_ratio_complete(&weighted), scan(&weighted));
            // Every entry positive (each plus 1): finite ratios, so the witness is read off the
            // tied column maxima and minima (with zeros the level is mostly ∞, whose witness
            // is any positive entry).
            let positive: Vec<Vec<Rational>> = w
                .rows()
                .iter()
                .map(|r| r.iter().map(|a| a + Rational::ONE).collect())
                .collect();
            prop_assert_eq!(max_ratio_complete(&positive), scan(&positive));
            // Equal rows: level 1 at the first output row 0 uses.
            let same = vec![w.rows()[0].clone(); 3];
            prop_assert_eq!(max_ratio_complete(&same), scan(&same));
        }

        #[test]
        fn witness_attains_level(w in channel(3, 3, 5)) {
            let l = dp_level(&w, &complete_pairs(3));
            let (x, xp) = l.pair;
            prop_assert_eq!(
                ExtRational::ratio(w.entry(x, l.output), w.entry(xp, l.output)),
                Some(l.ratio)
            );
        }

        #[test]
        fn hockey_stick_sum_equals_event_max(p in dist(5, 7), r in dist(5, 7), tn in 0u32..12) {
            let t = Rational::from_unsigneds(tn, 4u32);
            let h = hockey_stick(&p, &r, &t);
            prop_assert_eq!(&h.delta, &hockey_stick_naive(&p, &r, &t));
            // The reported event attains it.
            let on_event: Rational = h.event.iter().map(|&y| &p[y] - &t * &r[y]).sum();
            prop_assert_eq!(on_event, h.delta);
        }

        #[test]
        fn delta_nonneg_nonincreasing_and_tv(w in channel(3, 3, 6), a in 0u32..10, b in 0u32..10) {
            let adj = complete_pairs(3);
            let (lo, hi) = (a.min(b), a.max(b));
            let tlo = Rational::from_unsigneds(4 + lo, 4u32);
            let thi = Rational::from_unsigneds(4 + hi, 4u32);
            let dlo = delta_at(&w, &adj, &tlo);
            let dhi = delta_at(&w, &adj, &thi);
            prop_assert!(dhi.delta >= 0u32);
            prop_assert!(dhi.delta <= dlo.delta);
            prop_assert_eq!(&dlo.delta, &delta_at_pairs_naive(&w, &adj, &tlo));
            // δ(1) is the largest TV between neighbours.
            let tvmax = adj.iter().map(|&(x, y)| tv(&w.rows()[x], &w.rows()[y])).max().unwrap();
            prop_assert_eq!(delta_at(&w, &adj, &Rational::ONE).delta, tvmax);
            // δ vanishes exactly from t = e^ε on.
            if let ExtRational::Finite(r) = dp_level(&w, &adj).ratio {
                prop_assert_eq!(delta_at(&w, &adj, &r).delta, Rational::ZERO);
            } else {
                prop_assert!(delta_at(&w, &adj, &Rational::from(1000u32)).delta > 0u32);
            }
        }
    }
}
