//! Exact fixtures shared by the claim checkers (moved here from the Cuff–Yu module, issue 15): the rational
//! instance grids of the catalogues (simplices `Δ_k^N`, the t-set, seeded rational mechanisms)
//! and printing of distributions and channels so that every instance can be reproduced.
//!
//! Distribution quantities themselves (hockey-stick δ, TV, DP level) come from
//! `crate::measure`; this module only builds and prints instances.

use crate::num::Rational;
use std::fmt;

/// `n/d` as an exact rational.
pub fn r(n: i64, d: i64) -> Rational {
    Rational::from_signeds(n, d)
}

/// The catalogue's t-set `{9/8, 5/4, 3/2, 2, 3, 4, 10}` (t = e^ε), §0 of `cuff-yu.md`.
pub fn t_set() -> Vec<Rational> {
    vec![
        r(9, 8),
        r(5, 4),
        r(3, 2),
        r(2, 1),
        r(3, 1),
        r(4, 1),
        r(10, 1),
    ]
}

/// A smaller t-set for the heavier default grids: `{5/4, 2, 4}`.
pub fn t_small() -> Vec<Rational> {
    vec![r(5, 4), r(2, 1), r(4, 1)]
}

/// Every point of the grid simplex `Δ_k^N = {p ∈ (ℕ/N)^k : Σ p = 1}` in lexicographic order
/// of the numerators (first coordinate largest first).
///
/// This is [`crate::claim::families::simplex`] in reverse (its order is ascending).
pub fn simplex(k: usize, n: u32) -> Vec<Vec<Rational>> {
    let mut points = crate::claim::families::simplex(k, u64::from(n));
    points.reverse();
    points
}

pub use crate::num::fmt::{fmt_rows, fmt_vec};

/// A grid cell: all pairs (P, Q) of `Δ_k^N` at privacy level `t`.
#[derive(Clone, Debug)]
pub struct PairCell {
    pub k: usize,
    pub n: u32,
    pub t: Rational,
}

impl fmt::Display for PairCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pairs of simplex k={} N={} t={}", self.k, self.n, self.t)
    }
}

/// Cells k ∈ {2,3} with N = 6 and k = 4 with N = 4, over `ts`.
fn pair_cells(ts: Vec<Rational>) -> Vec<PairCell> {
    let mut v = Vec::new();
    for t in ts {
        for (k, n) in [(2, 6), (3, 6), (4, 4)] {
            v.push(PairCell { k, n, t: t.clone() });
        }
    }
    v
}

/// Larger cells for `dpcert search`: size s gives k ∈ {2,3,4} with N = 6 + s (k=4: 4 + s).
pub fn pair_cells_beyond(s: usize) -> Vec<PairCell> {
    let mut v = Vec::new();
    for t in t_set() {
        for (k, n) in [(2, 6 + s as u32), (3, 6 + s as u32), (4, 4 + s as u32)] {
            v.push(PairCell { k, n, t: t.clone() });
        }
    }
    v
}

/// The default cells over the small t-set.
pub fn default_pair_cells() -> Vec<PairCell> {
    pair_cells(t_small())
}

/// Every ordered pair `(P, Q)` of the cell's simplex (`P` outer, both in [`simplex`] order).
pub fn simplex_pairs(cell: &PairCell) -> Vec<(Vec<Rational>, Vec<Rational>)> {
    let pts = simplex(cell.k, cell.n);
    let mut v = Vec::with_capacity(pts.len() * pts.len());
    for p in &pts {
        for q in &pts {
            v.push((p.clone(), q.clone()));
        }
    }
    v
}

/// `P=(…) Q=(…)`: a pair as an instance label.
pub fn fmt_pair(p: &[Rational], q: &[Rational]) -> String {
    format!("P={} Q={}", fmt_vec(p), fmt_vec(q))
}

/// A 64-bit linear congruential generator (Knuth's MMIX multiplier and increment) for the
/// seeded grids of the AACP and WYZ modules; [`SplitMix`] is the better generator for new grids
/// (this one stays because the recorded seeds and snapshots were made with it).
pub struct Lcg(pub u64);

impl Lcg {
    /// The next value in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

/// A small deterministic generator (SplitMix64) for seeded random rational instances.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A random point of `Δ_k^N` (numerators summing to N), possibly with zeros.
    pub fn dist(&mut self, k: usize, n: u32) -> Vec<Rational> {
        // Stars and bars: choose k-1 cut points in 0..=n.
        let mut cuts: Vec<u64> = (0..k - 1).map(|_| self.below(n as u64 + 1)).collect();
        cuts.sort_unstable();
        let mut out = Vec::with_capacity(k);
        let mut prev = 0u64;
        for c in cuts {
            out.push(Rational::from_unsigneds(c - prev, n as u64));
            prev = c;
        }
        out.push(Rational::from_unsigneds(n as u64 - prev, n as u64));
        out
    }

    /// A random point of `Δ_k^N` with every entry positive (requires N ≥ k).
    pub fn full_dist(&mut self, k: usize, n: u32) -> Vec<Rational> {
        let m = n - k as u32;
        self.dist(k, m)
            .into_iter()
            .map(|x| (x * Rational::from(m) + Rational::from(1u32)) / Rational::from(n))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Naive reference: the LCG recurrence `x ← a·x + c mod 2^64` in 128-bit arithmetic, and
    /// its high bits reduced into the range.
    #[test]
    fn lcg_matches_its_recurrence() {
        let (a, c) = (6364136223846793005u128, 1442695040888963407u128);
        for seed in [0u64, 1, 42, u64::MAX] {
            let (mut rng, mut x) = (Lcg(seed), seed as u128);
            for bound in [1u64, 2, 7, 1000, u64::MAX] {
                x = (a * x + c) % (1u128 << 64);
                assert_eq!(rng.below(bound), ((x >> 33) as u64) % bound);
            }
        }
    }

    /// |Δ_k^N| = C(N+k-1, k-1), and every point sums to one.
    #[test]
    fn simplex_sizes() {
        let table = [(2, 4, 5), (3, 6, 28), (4, 4, 35), (3, 1, 3), (1, 5, 1)];
        for (k, n, size) in table {
            let pts = simplex(k, n);
            assert_eq!(pts.len(), size, "k={k} N={n}");
            for p in &pts {
                assert_eq!(p.iter().cloned().sum::<Rational>(), Rational::from(1u32));
                assert!(p.iter().all(|x| *x >= 0u32));
            }
        }
    }

    #[test]
    fn random_dists_are_distributions() {
        let mut g = SplitMix(7);
        for _ in 0..200 {
            let p = g.dist(3, 8);
            assert_eq!(p.iter().cloned().sum::<Rational>(), Rational::from(1u32));
            assert!(p.iter().all(|x| *x >= 0u32));
            let q = g.full_dist(4, 9);
            assert_eq!(q.iter().cloned().sum::<Rational>(), Rational::from(1u32));
            assert!(q.iter().all(|x| *x > 0u32));
        }
    }

    #[test]
    fn printing() {
        assert_eq!(fmt_vec(&[r(1, 2), r(1, 2)]), "(1/2, 1/2)");
        assert_eq!(
            fmt_rows(&[vec![r(1, 1), r(0, 1)], vec![r(1, 3), r(2, 3)]]),
            "[(1, 0); (1/3, 2/3)]"
        );
    }
}
