//! All simple graphs on n <= 6 vertices up to isomorphism (1, 2, 4, 11, 34, 156 for n = 1..6;
//! connected: 1, 1, 2, 6, 21, 112), used to test claims outside their hypotheses.
//!
//! A graph is encoded by its adjacency bitmask over the pairs (i, j), i < j, in lexicographic
//! order; it is listed iff its mask is the least among the masks of all its relabellings
//! (brute force over the n! permutations, with early exit; n <= 6 makes this cheap). The list is
//! computed once per n and cached.

use super::graph::Graph;
use std::sync::OnceLock;

/// The largest n accepted.
pub const MAX_N: usize = 6;

fn pair_index(n: usize) -> Vec<Vec<usize>> {
    // pair (i, j), i < j, has index i*n - i(i+1)/2 + (j - i - 1)
    let k = |i: usize, j: usize| i * n - i * (i + 1) / 2 + (j - i - 1);
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    if i == j {
                        usize::MAX
                    } else {
                        k(i.min(j), i.max(j))
                    }
                })
                .collect()
        })
        .collect()
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn rec(cur: &mut Vec<usize>, used: &mut [bool], out: &mut Vec<Vec<usize>>) {
        if cur.len() == used.len() {
            out.push(cur.clone());
            return;
        }
        for v in 0..used.len() {
            if !used[v] {
                used[v] = true;
                cur.push(v);
                rec(cur, used, out);
                cur.pop();
                used[v] = false;
            }
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::new(), &mut vec![false; n], &mut out);
    out
}

/// The canonical masks for `n` vertices (least mask in each isomorphism class), increasing.
fn canonical_masks(n: usize) -> Vec<u32> {
    let idx = pair_index(n);
    let pairs = n * n.saturating_sub(1) / 2;
    // for each permutation, where bit k goes
    let maps: Vec<Vec<usize>> = permutations(n)
        .into_iter()
        .map(|p| {
            let mut map = Vec::with_capacity(pairs);
            for i in 0..n {
                for j in i + 1..n {
                    map.push(idx[p[i]][p[j]]);
                }
            }
            map
        })
        .collect();
    (0u32..1 << pairs)
        .filter(|&mask| {
            maps.iter().all(|map| {
                let mut img = 0u32;
                for (k, &t) in map.iter().enumerate() {
                    img |= ((mask >> k) & 1) << t;
                }
                img >= mask
            })
        })
        .collect()
}

fn graph_of_mask(n: usize, mask: u32) -> Graph {
    let mut edges = Vec::new();
    let mut k = 0;
    for i in 0..n {
        for j in i + 1..n {
            if mask >> k & 1 == 1 {
                edges.push((i, j));
            }
            k += 1;
        }
    }
    Graph::from_simple_edges(n, &edges, format!("G{n}#{mask}"))
}

/// All graphs on `n` vertices (1 <= n <= 6) up to isomorphism, one representative per class
/// (the least adjacency mask), in increasing mask order; named `G{n}#{mask}`.
pub fn all_graphs(n: usize) -> Vec<Graph> {
    assert!(
        (1..=MAX_N).contains(&n),
        "all_graphs(n) needs 1 <= n <= {MAX_N}"
    );
    static CACHE: [OnceLock<Vec<u32>>; MAX_N + 1] = [const { OnceLock::new() }; MAX_N + 1];
    CACHE[n]
        .get_or_init(|| canonical_masks(n))
        .iter()
        .map(|&m| graph_of_mask(n, m))
        .collect()
}

/// The connected graphs among [`all_graphs`]`(n)`.
pub fn all_connected_graphs(n: usize) -> Vec<Graph> {
    all_graphs(n)
        .into_iter()
        .filter(Graph::is_connected)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::algo::is_isomorphic;

    #[test]
    fn counts_match_oeis() {
        // OEIS A000088 and A001349
        let all: Vec<usize> = (1..=6).map(|n| all_graphs(n).len()).collect();
        let conn: Vec<usize> = (1..=6).map(|n| all_connected_graphs(n).len()).collect();
        assert_eq!(all, [1, 2, 4, 11, 34, 156]);
        assert_eq!(conn, [1, 1, 2, 6, 21, 112]);
    }

    /// Reference: petgraph's VF2 says the representatives are pairwise non-isomorphic.
    #[test]
    fn representatives_pairwise_non_isomorphic() {
        for n in 1..=5 {
            let gs = all_graphs(n);
            for i in 0..gs.len() {
                for j in i + 1..gs.len() {
                    assert!(!is_isomorphic(gs[i].as_petgraph(), gs[j].as_petgraph()));
                }
            }
        }
    }
}
