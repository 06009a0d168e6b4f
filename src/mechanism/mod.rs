//! Named mechanisms as exact channels ([`crate::prob::Channel`]).
//!
//! Convention (the same as `dpcert audit --t`, [`crate::measure::delta_at`] and
//! [`crate::measure::epsilon`]): the privacy parameter is `t = e^ε ≥ 1`; entries are powers of
//! `1/t`, so a rational `t` gives rational entries. The DP level
//! ([`crate::measure::dp_level`]) of these mechanisms is then stated as a power of `t`.
//! A paper that works in `e^{−ε}` (Wang–Ying–Zhang's Gibbs weight `α`) names it apart and passes
//! `t = 1/α` at its own boundary.

pub mod database;
pub(crate) mod in_t;
pub mod spec;

use crate::num::Rational;
use crate::prob::{Channel, ProbError};
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::{One, Zero};
use std::collections::VecDeque;
use std::fmt;

/// A parameter outside a mechanism's domain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MechanismError(pub String);

impl fmt::Display for MechanismError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MechanismError {}

fn bad(s: impl Into<String>) -> MechanismError {
    MechanismError(s.into())
}

/// A channel from an explicit matrix (validated; see [`Channel::new`]).
pub fn from_matrix(rows: Vec<Vec<Rational>>) -> Result<Channel, ProbError> {
    Channel::new(rows)
}

/// Why `t` is not a privacy parameter `e^ε` with `ε ≥ 0` (finite).
fn check_t(what: &str, t: &Rational) -> Result<Rational, MechanismError> {
    if *t < 1u32 {
        return Err(bad(format!("{what} needs t = e^eps >= 1, got {t}")));
    }
    Ok(Rational::ONE / t)
}

/// k-ary randomized response with `t = e^ε ≥ 1`: `W(x|x) = t/(t + k − 1)` and
/// `W(y|x) = 1/(t + k − 1)` for `y ≠ x` (Warner 1965; Kairouz–Oh–Viswanath 2016, eq. (5)).
/// Its DP level on any adjacency with an edge is exactly `t`.
pub fn randomized_response(k: usize, t: &Rational) -> Result<Channel, MechanismError> {
    if k == 0 {
        return Err(bad("randomized response needs k ≥ 1"));
    }
    let t = &check_t("randomized response", t)?;
    let z = Rational::ONE + Rational::from(k as u64 - 1) * t;
    let on = Rational::ONE / &z;
    let off = t / &z;
    let rows = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| if x == y { on.clone() } else { off.clone() })
                .collect()
        })
        .collect();
    Ok(Channel::new(rows).expect("rows sum to 1"))
}

/// Binary symmetric channel with crossover probability `p ∈ [0, 1]`.
pub fn bsc(p: &Rational) -> Result<Channel, MechanismError> {
    if *p < 0u32 || *p > 1u32 {
        return Err(bad(format!("BSC crossover must be in [0, 1], got {p}")));
    }
    let s = Rational::ONE - p;
    Ok(Channel::new(vec![vec![s.clone(), p.clone()], vec![p.clone(), s]]).expect("stochastic"))
}

/// The `k`-ary erasure channel with erasure probability `e ∈ [0, 1]`: input `x ∈ {0, …, k−1}`
/// is output unchanged with probability `1 − e` and as `⊥` (output index `k`) with
/// probability `e` (Cover–Thomas §7.1.5; `k = 2` is the binary erasure channel).
pub fn erasure(k: usize, e: &Rational) -> Result<Channel, MechanismError> {
    if *e < 0u32 || *e > 1u32 {
        return Err(bad(format!(
            "erasure probability must be in [0, 1], got {e}"
        )));
    }
    if k == 0 {
        return Err(bad("erasure channel needs k ≥ 1"));
    }
    let keep = Rational::ONE - e;
    let rows = (0..k)
        .map(|x| {
            let mut row = vec![Rational::ZERO; k + 1];
            row[x] = keep.clone();
            row[k] = e.clone();
            row
        })
        .collect();
    Ok(Channel::new(rows).expect("stochastic"))
}

/// The range-restricted (truncated) geometric mechanism on the line `{0, …, k−1}` with
/// `t = e^ε ≥ 1` (Ghosh–Roughgarden–Sundararajan, *Universally Utility-Maximizing Privacy
/// Mechanisms*, STOC 2009, §2). With `α = 1/t`: the two-sided geometric noise
/// `(1−α)/(1+α) α^{|d|}` with the mass beyond either end moved onto that end, so
/// `W(y|x) = (1−α)/(1+α) α^{|x−y|}` for `0 < y < k−1` and `α^{|x−y|}/(1+α)` for
/// `y ∈ {0, k−1}`. Its DP level on the path is exactly `t` (for `k ≥ 2`).
pub fn truncated_geometric(k: usize, t: &Rational) -> Result<Channel, MechanismError> {
    if k == 0 {
        return Err(bad("truncated geometric needs k ≥ 1"));
    }
    let t = &check_t("truncated geometric", t)?;
    if k == 1 {
        return Ok(Channel::identity(1));
    }
    let one_t = Rational::ONE + t;
    let inner = (Rational::ONE - t) / &one_t;
    let rows = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    let p = t.pow(x.abs_diff(y) as u64);
                    if y == 0 || y == k - 1 {
                        p / &one_t
                    } else {
                        p * &inner
                    }
                })
                .collect()
        })
        .collect();
    Ok(Channel::new(rows).expect("rows sum to 1"))
}

/// Breadth-first distances on `n` vertices with the given undirected edges (`None` =
/// unreachable).
pub fn distances_from_edges(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<Option<usize>>> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    (0..n)
        .map(|s| {
            let mut d = vec![None; n];
            d[s] = Some(0);
            let mut queue = VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                let du = d[u].unwrap_or(0);
                for &v in &adj[u] {
                    if d[v].is_none() {
                        d[v] = Some(du + 1);
                        queue.push_back(v);
                    }
                }
            }
            d
        })
        .collect()
}

/// The exponential mechanism on a graph given by its distance matrix, with `t = e^ε ≥ 1`:
/// `W(y|x) = t^{−d(x,y)} / Σ_{y'} t^{−d(x,y')}` (McSherry–Talwar 2007 with score `−d(x, y)`;
/// the form `exp(−ε d)/Z` of Wang–Ying–Zhang 2016, §IV). Unreachable outputs get 0.
pub fn exponential_on_distances(
    dist: &[Vec<Option<usize>>],
    t: &Rational,
) -> Result<Channel, MechanismError> {
    let t = &check_t("exponential mechanism", t)?;
    if dist.is_empty() {
        return Err(bad("exponential mechanism needs at least one vertex"));
    }
    let rows = dist
        .iter()
        .map(|dr| {
            let w: Vec<Rational> = dr
                .iter()
                .map(|d| d.map_or(Rational::ZERO, |d| t.pow(d as u64)))
                .collect();
            let z: Rational = w.iter().sum();
            w.into_iter().map(|a| a / &z).collect()
        })
        .collect();
    Channel::new(rows).map_err(|e| bad(format!("distance matrix: {e}")))
}

/// [`exponential_on_distances`] on the graph with vertices `0..n` and the given edges.
pub fn exponential_on_edges(
    n: usize,
    edges: &[(usize, usize)],
    t: &Rational,
) -> Result<Channel, MechanismError> {
    if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| a >= n || b >= n) {
        return Err(bad(format!("edge ({a}, {b}) outside 0..{n}")));
    }
    exponential_on_distances(&distances_from_edges(n, edges), t)
}

/// The exponential mechanism `t^{−d(x,y)}/Z_x` on a [`crate::graph::Graph`] (graph distance,
/// `t = e^ε ≥ 1`); see [`exponential_on_distances`].
pub fn exponential_on_graph(
    g: &crate::graph::Graph,
    t: &Rational,
) -> Result<Channel, MechanismError> {
    exponential_on_distances(&g.distances(), t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{complete_pairs, dp_level, ExtRational};
    use proptest::prelude::*;

    use crate::testutil::q;

    fn path(k: usize) -> Vec<(usize, usize)> {
        (1..k).map(|i| (i - 1, i)).collect()
    }

    #[test]
    fn literal_matrices() {
        let rr = randomized_response(3, &q(2, 1)).unwrap();
        assert_eq!(rr.rows()[0], vec![q(1, 2), q(1, 4), q(1, 4)]);
        let g = truncated_geometric(3, &q(2, 1)).unwrap();
        assert_eq!(g.rows()[0], vec![q(2, 3), q(1, 6), q(1, 6)]);
        assert_eq!(g.rows()[1], vec![q(1, 3), q(1, 3), q(1, 3)]);
        let e = exponential_on_edges(3, &path(3), &q(2, 1)).unwrap();
        assert_eq!(e.rows()[0], vec![q(4, 7), q(2, 7), q(1, 7)]);
        assert_eq!(erasure(2, &q(1, 3)).unwrap().entry(1, 2), &q(1, 3));
        assert_eq!(
            erasure(3, &q(1, 4)).unwrap().rows()[1],
            vec![q(0, 1), q(3, 4), q(0, 1), q(1, 4)]
        );
        assert!(erasure(2, &q(5, 4)).is_err() && erasure(0, &q(1, 2)).is_err());
        assert!(bsc(&q(3, 2)).is_err());
        // t = e^eps below 1 (a negative eps, or the old e^-eps convention) is refused.
        for bad_t in [q(0, 1), q(1, 2), q(-1, 1)] {
            assert!(randomized_response(2, &bad_t).is_err());
            assert!(truncated_geometric(3, &bad_t).is_err());
            assert!(exponential_on_edges(3, &path(3), &bad_t).is_err());
        }
        assert!(exponential_on_edges(2, &[(0, 2)], &q(2, 1)).is_err());
        // Disconnected: no mass across components.
        let d = exponential_on_edges(3, &[(0, 1)], &q(2, 1)).unwrap();
        assert_eq!(d.entry(0, 2), &q(0, 1));
        // The graph form agrees with the edge-list form.
        let g = crate::graph::Graph::petersen();
        assert_eq!(
            exponential_on_graph(&g, &q(3, 1)).unwrap(),
            exponential_on_edges(g.n(), &g.edges(), &q(3, 1)).unwrap()
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn rr_level_is_exactly_t(k in 2usize..6, a in 1u32..20, b in 1u32..20) {
            let t = Rational::from_unsigneds(a.max(b), a.min(b));
            let w = randomized_response(k, &t).unwrap();
            prop_assert_eq!(dp_level(&w, &complete_pairs(k)).ratio, ExtRational::Finite(t));
        }

        #[test]
        fn geometric_level_on_path_is_t(k in 2usize..7, a in 1u32..20, b in 1u32..20) {
            let t = Rational::from_unsigneds(a.max(b), a.min(b));
            let w = truncated_geometric(k, &t).unwrap();
            prop_assert_eq!(dp_level(&w, &path(k)).ratio, ExtRational::Finite(t));
        }

        #[test]
        fn exponential_level_at_most_t_squared(k in 2usize..7, a in 1u32..20, b in 1u32..20) {
            // Exponential mechanism with a 1-Lipschitz score: e^ε ≤ t^2 on graph edges.
            let t = Rational::from_unsigneds(a.max(b), a.min(b));
            let e = path(k);
            let w = exponential_on_edges(k, &e, &t).unwrap();
            let bound = ExtRational::Finite(&t * &t);
            prop_assert!(dp_level(&w, &e).ratio <= bound);
        }
    }
}
