//! δ at ε over many neighbour pairs from one sort of each output's column ([`PairScan`]).

use super::rows::row_ints;
use super::{DeltaAtEps, ExpEps, Unseparated};
use crate::measure::dp::ordered_pairs;
use crate::num::{Natural, Rational};
use crate::prob::Channel;
use malachite::base::num::basic::traits::Zero;
use std::cmp::Ordering;

/// δ(ε) over many neighbour pairs from one sort of each output's column (issue 31: `audit
/// --eps` compared every likelihood ratio of every pair with `e^ε`, `n²k` certified
/// comparisons). Sort column `y` ascending once; for an input `x`, the `x'` with
/// `W(y|x') < e^-ε W(y|x)` — those whose event contains `y` — are then a prefix of the sorted
/// column, found by binary search (`n k log n` certified comparisons per ε in all). A pair's
/// event is read off integer ranks, and its masses `A`, `B` are summed as integers over each
/// row's common denominator when they fit in 64 bits.
pub struct PairScan<'a> {
    w: &'a Channel,
    /// `order[y]`: the inputs sorted by `W(y|·)` ascending.
    order: Vec<Vec<u32>>,
    /// `rank[x][y]`: the position of `x` in `order[y]`.
    rank: Vec<Vec<u32>>,
    /// Row `x` as `(D, N)` with `W(y|x) = N[y] / D`, when `D` and every `N[y]` fit in `u64`.
    pub(super) ints: Vec<Option<(u64, Vec<u64>)>>,
}

impl<'a> PairScan<'a> {
    /// The ordered pairs of `w`'s inputs, with their PLDs, for the ε and δ queries.
    pub fn new(w: &'a Channel) -> PairScan<'a> {
        let (n, k) = (w.n_inputs(), w.n_outputs());
        let rows = w.rows();
        let mut rank = vec![vec![0u32; k]; n];
        let order: Vec<Vec<u32>> = (0..k)
            .map(|y| {
                let mut o: Vec<u32> = (0..n as u32).collect();
                o.sort_by(|&a, &b| rows[a as usize][y].cmp(&rows[b as usize][y]));
                for (i, &x) in o.iter().enumerate() {
                    rank[x as usize][y] = i as u32;
                }
                o
            })
            .collect();
        let ints = rows.iter().map(|r| row_ints(r)).collect();
        PairScan {
            w,
            order,
            rank,
            ints,
        }
    }

    /// The thresholds at one ε: `thr[x][y]` = how many `x'` have `W(y|x') < e^-ε W(y|x)`
    /// (0 when `W(y|x) = 0`).
    pub fn at_eps(&self, eps: &Rational) -> Result<EpsScan<'_>, Unseparated> {
        let e = ExpEps::new(eps);
        let rows = self.w.rows();
        let (n, k) = (self.w.n_inputs(), self.w.n_outputs());
        let mut thr = vec![vec![0u32; k]; n];
        for (y, order) in self.order.iter().enumerate() {
            for x in 0..n {
                let p = &rows[x][y];
                if *p == 0u32 {
                    continue;
                }
                // The predicate "W(y|x') e^ε < p" holds on a prefix of the sorted column.
                let below = |i: usize| -> Result<bool, Unseparated> {
                    let q = &rows[order[i] as usize][y];
                    Ok(*q == 0u32 || e.compare(&(p / q))? == Ordering::Greater)
                };
                let (mut lo, mut hi) = (0, n);
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if below(mid)? {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                thr[x][y] = lo as u32;
            }
        }
        Ok(EpsScan { scan: self, e, thr })
    }
}

/// [`PairScan`] at one ε.
pub struct EpsScan<'a> {
    scan: &'a PairScan<'a>,
    e: ExpEps,
    thr: Vec<Vec<u32>>,
}

impl EpsScan<'_> {
    /// Is `y` in the event `{y : W(y|x) > e^ε W(y|x')}` of the ordered pair `(x, x')`?
    fn inside(&self, x: usize, xp: usize, y: usize) -> bool {
        self.scan.rank[xp][y] < self.thr[x][y]
    }

    /// `(A, B)` of the ordered pair: the masses of its event under `x` and `x'`.
    fn masses(&self, x: usize, xp: usize) -> (Rational, Rational) {
        let k = self.scan.w.n_outputs();
        match (&self.scan.ints[x], &self.scan.ints[xp]) {
            (Some((dx, nx)), Some((dxp, nxp))) => {
                let (mut a, mut b) = (0u128, 0u128);
                for y in (0..k).filter(|&y| self.inside(x, xp, y)) {
                    a += nx[y] as u128;
                    b += nxp[y] as u128;
                }
                (
                    Rational::from_naturals(Natural::from(a), Natural::from(*dx)),
                    Rational::from_naturals(Natural::from(b), Natural::from(*dxp)),
                )
            }
            _ => {
                let rows = self.scan.w.rows();
                let (mut a, mut b) = (Rational::ZERO, Rational::ZERO);
                for y in (0..k).filter(|&y| self.inside(x, xp, y)) {
                    a += &rows[x][y];
                    b += &rows[xp][y];
                }
                (a, b)
            }
        }
    }

    /// [`super::delta_at_eps`] on `adj` (same value, pair and event).
    pub fn delta(&self, adj: &[(usize, usize)]) -> Result<DeltaAtEps, Unseparated> {
        let mut best: Option<(Rational, Rational, (usize, usize))> = None;
        for (x, xp) in ordered_pairs(adj) {
            let (a, b) = self.masses(x, xp);
            let better = match &best {
                None => true,
                Some((ba, bb, _)) => self.e.greater((&a, &b), (ba, bb))?,
            };
            if better {
                best = Some((a, b, (x, xp)));
            }
        }
        let (a, b, pair) = best.unwrap_or((Rational::ZERO, Rational::ZERO, (0, 0)));
        let event = if adj.is_empty() {
            Vec::new()
        } else {
            (0..self.scan.w.n_outputs())
                .filter(|&y| self.inside(pair.0, pair.1, y))
                .collect()
        };
        Ok(DeltaAtEps {
            eps: self.e.eps.clone(),
            a,
            b,
            pair,
            event,
        })
    }

    /// The comparison with `e^ε` that orders pairs (`ExpEps::greater`).
    pub fn exp(&self) -> &ExpEps {
        &self.e
    }
}
