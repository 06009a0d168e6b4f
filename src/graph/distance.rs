//! All-pairs distances by breadth-first search, diameter, and the distance profile
//! n_d(r) = #{j : d(r, j) = d} (AACP §4, Theorem 4.1 and D11).

use super::graph::Graph;
use std::collections::VecDeque;

impl Graph {
    /// BFS distances from `source`: `None` for vertices in other components.
    pub fn distances_from(&self, source: usize) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.n()];
        dist[source] = Some(0);
        let mut queue = VecDeque::from([source]);
        while let Some(u) = queue.pop_front() {
            let du = dist[u].unwrap_or(0);
            for &w in self.neighbours(u) {
                if dist[w].is_none() {
                    dist[w] = Some(du + 1);
                    queue.push_back(w);
                }
            }
        }
        dist
    }

    /// All-pairs shortest-path distances (`None` = different components, distance ∞).
    pub fn distances(&self) -> Vec<Vec<Option<usize>>> {
        (0..self.n()).map(|v| self.distances_from(v)).collect()
    }

    /// The diameter D = max d(u, v); `None` when the graph is disconnected.
    pub fn diameter(&self) -> Option<usize> {
        let mut d = 0;
        for v in 0..self.n() {
            for x in self.distances_from(v) {
                d = d.max(x?);
            }
        }
        Some(d)
    }

    /// The distance profile of `v`: entry `d` is n_d(v) = #{j : d(v, j) = d}, for d = 0 up to the
    /// eccentricity of `v` in its component (vertices in other components are not counted).
    pub fn distance_profile(&self, v: usize) -> Vec<usize> {
        let mut prof = Vec::new();
        for d in self.distances_from(v).into_iter().flatten() {
            if prof.len() <= d {
                prof.resize(d + 1, 0);
            }
            prof[d] += 1;
        }
        prof
    }

    /// Whether every vertex has the same distance profile ("CDD" in the AACP claim specification,
    /// D11) and the graph is connected.
    pub fn has_constant_distance_profile(&self) -> bool {
        let p0 = self.distance_profile(0);
        self.is_connected() && (1..self.n()).all(|v| self.distance_profile(v) == p0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Naive reference: Floyd–Warshall.
    fn floyd(g: &Graph) -> Vec<Vec<Option<usize>>> {
        let n = g.n();
        let mut d = vec![vec![None; n]; n];
        for (u, row) in d.iter_mut().enumerate() {
            row[u] = Some(0);
            for &w in g.neighbours(u) {
                row[w] = Some(1);
            }
        }
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    if let (Some(a), Some(b)) = (d[i][k], d[k][j]) {
                        if d[i][j].is_none_or(|c| a + b < c) {
                            d[i][j] = Some(a + b);
                        }
                    }
                }
            }
        }
        d
    }

    #[test]
    fn bfs_matches_floyd_on_all_small_graphs() {
        for n in 1..=5 {
            for g in crate::graph::all_graphs(n) {
                assert_eq!(g.distances(), floyd(&g));
            }
        }
        for g in [Graph::petersen(), Graph::shrikhande(), Graph::hamming(3, 3)] {
            assert_eq!(g.distances(), floyd(&g));
        }
    }

    /// Literal table: diameter and distance profile of vertex 0.
    #[test]
    fn diameter_and_profile_table() {
        let table: Vec<(Graph, Option<usize>, Vec<usize>)> = vec![
            (Graph::petersen(), Some(2), vec![1, 3, 6]),
            (Graph::hamming(3, 2), Some(3), vec![1, 3, 3, 1]),
            (Graph::cycle(6), Some(3), vec![1, 2, 2, 1]),
            (Graph::cycle(7), Some(3), vec![1, 2, 2, 2]),
            (Graph::path(4), Some(3), vec![1, 1, 1, 1]),
            (Graph::complete(5), Some(1), vec![1, 4]),
            (Graph::prism(), Some(2), vec![1, 3, 2]),
            (Graph::rook(4), Some(2), vec![1, 6, 9]),
            (Graph::shrikhande(), Some(2), vec![1, 6, 9]),
            (Graph::from_edges(3, &[(0, 1)]).unwrap(), None, vec![1, 1]),
        ];
        for (g, d, p) in table {
            assert_eq!(g.diameter(), d, "{g}");
            assert_eq!(g.distance_profile(0), p, "{g}");
        }
        assert!(!Graph::path(3).has_constant_distance_profile());
        assert!(Graph::prism().has_constant_distance_profile());
    }

    /// Must show: sphere sizes of H(n,m) are N_l = C(n,l)(m-1)^l for every m^n <= 256.
    #[test]
    fn hamming_sphere_sizes() {
        for (n, m) in hamming_grid() {
            let g = Graph::hamming(n, m);
            assert_eq!(g.n(), m.pow(n as u32));
            assert_eq!(g.regular_degree(), Some(n * (m - 1)));
            for v in [0, g.n() / 2, g.n() - 1] {
                let prof = g.distance_profile(v);
                let expect: Vec<usize> = (0..=n)
                    .map(|l| binom(n, l) * (m - 1).pow(l as u32))
                    .filter(|&x| x > 0)
                    .collect();
                assert_eq!(prof, expect, "H({n},{m}) v={v}");
            }
        }
    }

    pub(crate) fn binom(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// Every (n, m) with n >= 1, m >= 2 and m^n <= 256.
    pub(crate) fn hamming_grid() -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for m in 2..=256usize {
            let mut n = 1;
            while m.pow(n as u32) <= 256 {
                v.push((n, m));
                n += 1;
            }
        }
        v
    }
}
