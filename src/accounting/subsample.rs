//! Subsampled mechanisms, built exactly (issue 45 item 2): `compose --subsample poisson:Q` and
//! `--subsample fixed:M:N` turn each mechanism of the sequence into a mechanism whose rows are
//! the subsampled output distributions and whose neighbour pairs are the subsampled pairs; the
//! result is composed like any other (exactly, or by the grid enclosure). docs/accounting.md
//! states the couplings:
//!
//! - **Poisson, add/remove neighbours** (rate `Q ∈ (0, 1]`): data sets `D ∪ {r}` and `D`; the
//!   record is in the sample with probability `Q`. For each ordered neighbour pair `(x, x')` of
//!   the base relation (x: the input with the record, x': without), the subsampled output
//!   distributions are `Q·W_x + (1 − Q)·W_x'` and `W_x'`; both orders of that pair are
//!   composed (adding and removing the record). New row `n + 2i` is the mixture for the i-th
//!   pair `{a, b}` read as `(a, b)`, row `n + 2i + 1` for `(b, a)`; its neighbour is row `b`
//!   (resp. `a`).
//! - **M of N without replacement, substitution neighbours** (`γ = M/N`): the coupling of
//!   Balle–Barthe–Gaboardi 2018 (proof of Thm 9): the index sets of the two samples are drawn
//!   together; with probability `1 − γ` the differing record is not drawn and both samples are
//!   the same input `z`; with probability `γ` it is, and the index set is coupled with the one
//!   that replaces it by another drawn record, so the samples are `x ≠ x'` (a neighbour pair)
//!   and `z` differs from each in one record: `z` is `x`, `x'` or an input adjacent to both.
//!   The subsampled pair is `(γ·W_x + (1 − γ)·W_z, γ·W_x' + (1 − γ)·W_z)`, every such `z`
//!   taken (the worst case over the data). Row `(x, z)` holds `γ·W_x + (1 − γ)·W_z`.
//!
//! As everywhere in `compose`, each use sees the same pair (dp-accounting's convention for its
//! sampled events: a dominating pair per use). With the pure level `e^ε` of the base
//! mechanism, Balle–Barthe–Gaboardi's amplification `e^{ε'} ≤ 1 + Q(e^ε − 1)` is checked on
//! both constructions in the tests, and is attained by randomized response.

use crate::num::Rational;
use crate::params::Subsample;
use crate::prob::{Adjacency, Channel};
use malachite::base::num::basic::traits::One;
use std::collections::{BTreeSet, HashMap};

/// The rows a subsampled mechanism has at most (its memory is this times the outputs),
/// for `n` inputs and the base relation's pairs: `n + 2·|pairs|` for Poisson; for fixed-size
/// sampling two rows per pair per `z` (at most `2 + min(deg a, deg b)` values of `z`).
pub fn rows_bound(s: &Subsample, n: usize, pairs: &[(usize, usize)]) -> u128 {
    match s {
        Subsample::Poisson(_) => n as u128 + 2 * pairs.len() as u128,
        Subsample::Fixed { .. } => {
            let mut deg = vec![0u128; n];
            for &(a, b) in pairs {
                deg[a] += 1;
                deg[b] += 1;
            }
            pairs
                .iter()
                .map(|&(a, b)| 2 * (2 + deg[a].min(deg[b])))
                .sum()
        }
    }
}

/// The subsampled mechanism's rows and relation, as a builder shared by every mechanism of a
/// sequence (all use the same rows): each row is `γ·W_x + (1 − γ)·W_z` for a key `(x, z)`.
#[derive(Clone, Debug)]
pub struct Plan {
    /// `(x, z)` of each row.
    keys: Vec<(usize, usize)>,
    /// The rate `γ`.
    rate: Rational,
    /// The subsampled relation on the rows.
    pub adjacency: Adjacency,
}

impl Plan {
    /// The plan for `s` on the base relation `base` (its `n` inputs).
    pub fn new(s: &Subsample, base: &Adjacency) -> Plan {
        let n = base.n;
        let mut keys: Vec<(usize, usize)> = (0..n).map(|x| (x, x)).collect();
        let mut index: HashMap<(usize, usize), usize> = (0..n).map(|x| ((x, x), x)).collect();
        let mut row = |key: (usize, usize), keys: &mut Vec<(usize, usize)>| {
            *index.entry(key).or_insert_with(|| {
                keys.push(key);
                keys.len() - 1
            })
        };
        let mut pairs = Vec::new();
        let name = match s {
            Subsample::Poisson(q) => {
                for &(a, b) in &base.pairs {
                    for (x, xp) in [(a, b), (b, a)] {
                        let mixed = row((x, xp), &mut keys);
                        pairs.push((mixed, xp));
                    }
                }
                format!(
                    "{} under poisson:{q} subsampling (row {n} + 2i is Q·W_a + (1 − Q)·W_b for the i-th pair {{a, b}}, paired with b; row {n} + 2i + 1 the same with a and b swapped)",
                    base.name
                )
            }
            Subsample::Fixed { m, n: big } => {
                let mut nbrs: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
                for &(a, b) in &base.pairs {
                    nbrs[a].insert(b);
                    nbrs[b].insert(a);
                }
                for &(a, b) in &base.pairs {
                    let common = nbrs[a].intersection(&nbrs[b]).copied();
                    let zs: BTreeSet<usize> = [a, b].into_iter().chain(common).collect();
                    for z in zs {
                        let (ra, rb) = (row((a, z), &mut keys), row((b, z), &mut keys));
                        pairs.push((ra, rb));
                    }
                }
                format!(
                    "{} under fixed:{m}:{big} subsampling (substitution; each row past {n} is γ·W_x + (1 − γ)·W_z, γ = {m}/{big}, for a pair {{x, x'}} and z = x, x' or a common neighbour)",
                    base.name
                )
            }
        };
        Plan {
            adjacency: Adjacency {
                name,
                n: keys.len(),
                pairs,
                hamming: None,
                labels: None,
            },
            keys,
            rate: s.rate(),
        }
    }

    /// Rows of the subsampled mechanism.
    pub fn rows(&self) -> usize {
        self.keys.len()
    }

    /// The subsampled mechanism of `w` (on the base relation's inputs).
    pub fn apply(&self, w: &Channel) -> Channel {
        let rest = Rational::ONE - &self.rate;
        let rows = w.rows();
        let out = self
            .keys
            .iter()
            .map(|&(x, z)| {
                if x == z {
                    rows[x].clone()
                } else {
                    rows[x]
                        .iter()
                        .zip(&rows[z])
                        .map(|(a, b)| &self.rate * a + &rest * b)
                        .collect()
                }
            })
            .collect();
        Channel::new(out).expect("mixtures of distributions are distributions")
    }
}

#[cfg(test)]
mod tests;
