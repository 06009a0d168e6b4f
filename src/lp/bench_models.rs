//! The LPs of issue 5's benchmarks, built from their definitions (used by `benches/lp.rs`, the
//! `bench/` comparison with HiGHS, and the size tests).
//!
//! Both are LPs over channels `p(y|x)` on the vertices of a graph, with `t = e^ε ≥ 1` and ε-DP
//! written linearly as `p(y|x) <= t·p(y|x')` for every ordered pair of neighbours `(x, x')` and
//! every output `y` (see [`ChannelLp`]).

use super::channel::ChannelLp;
use super::model::{Model, Sense};
use crate::measure::hamming_distance_base_m;
use crate::num::Rational;

/// The Hamming graph H(n, m): vertices `D^n` with `D = {0..m-1}` (index = base-m digits, most
/// significant first), adjacent when they differ in exactly one coordinate. Returns the
/// adjacency lists.
pub fn hamming_adjacency(n: usize, m: usize) -> Vec<Vec<usize>> {
    let size = m.pow(n as u32);
    (0..size)
        .map(|v| {
            let mut out = Vec::new();
            let mut place = 1;
            for _ in 0..n {
                let digit = (v / place) % m;
                for d in 0..m {
                    if d != digit {
                        out.push(v - digit * place + d * place);
                    }
                }
                place *= m;
            }
            out.sort_unstable();
            out
        })
        .collect()
}

/// The cycle C_k as adjacency lists.
pub fn cycle_adjacency(k: usize) -> Vec<Vec<usize>> {
    (0..k)
        .map(|v| {
            let mut a = vec![(v + 1) % k, (v + k - 1) % k];
            a.sort_unstable();
            a.dedup();
            a
        })
        .collect()
}

/// Alvim et al.-style utility LP as a [`ChannelLp`]: maximise the (uniform-prior) weighted
/// diagonal `Σ_x p(x|x) / k` over row-stochastic ε-DP channels on the graph.
pub fn max_diagonal_channel(adj: &[Vec<usize>], t: &Rational) -> ChannelLp {
    let k = adj.len();
    let w = Rational::from_unsigneds(1u32, k as u32);
    let weights = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    if x == y {
                        w.clone()
                    } else {
                        Rational::from(0u32)
                    }
                })
                .collect()
        })
        .collect();
    ChannelLp {
        adjacency: adj.to_vec(),
        t: t.clone(),
        sense: Sense::Maximize,
        weights,
    }
}

/// [`max_diagonal_channel`] as a [`Model`].
pub fn max_diagonal_dp(adj: &[Vec<usize>], t: &Rational) -> Model {
    max_diagonal_channel(adj, t).model()
}

/// Wang–Ying–Zhang's PD-DP LP as a [`ChannelLp`]: minimise the expected Hamming distortion
/// `Σ_x π(x) Σ_y p(y|x) d_H(x, y)` for the uniform prior over ε-DP channels on H(n, m).
pub fn pd_dp_channel(n: usize, m: usize, t: &Rational) -> ChannelLp {
    let adjacency = hamming_adjacency(n, m);
    let k = adjacency.len();
    let weights = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    Rational::from_unsigneds(hamming_distance_base_m(x, y, n, m) as u64, k as u64)
                })
                .collect()
        })
        .collect();
    ChannelLp {
        adjacency,
        t: t.clone(),
        sense: Sense::Minimize,
        weights,
    }
}

/// [`pd_dp_channel`] as a [`Model`].
pub fn pd_dp_hamming(n: usize, m: usize, t: &Rational) -> Model {
    pd_dp_channel(n, m, t).model()
}

/// The path P_k as adjacency lists (`i ~ i+1`).
pub fn path_adjacency(k: usize) -> Vec<Vec<usize>> {
    (0..k)
        .map(|v| {
            let mut a = Vec::new();
            if v > 0 {
                a.push(v - 1);
            }
            if v + 1 < k {
                a.push(v + 1);
            }
            a
        })
        .collect()
}

/// Issue 14's "mechanism under a non-uniform prior" LP as a [`ChannelLp`]: minimise the expected
/// absolute error `Σ_x π(x) Σ_y p(y|x) |x - y|` over ε-DP channels on the path P_k, with the
/// linear prior `π(x) = 2(x+1) / (k(k+1))` (no symmetry to exploit).
pub fn path_distortion_channel(k: usize, t: &Rational) -> ChannelLp {
    let total = (k * (k + 1) / 2) as u64;
    let weights = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| Rational::from_unsigneds(((x + 1) * x.abs_diff(y)) as u64, total))
                .collect()
        })
        .collect();
    ChannelLp {
        adjacency: path_adjacency(k),
        t: t.clone(),
        sense: Sense::Minimize,
        weights,
    }
}
