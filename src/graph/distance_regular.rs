//! Distance-regularity (AACP Definition 2, standard reading of D8): a connected graph of diameter
//! D is distance-regular when for all v, w with d(v, w) = i the numbers
//! c_i = |G_{i-1}(v) ∩ G_1(w)| (i = 1..D) and b_i = |G_{i+1}(v) ∩ G_1(w)| (i = 0..D-1)
//! do not depend on the pair. The intersection array is {b_0, …, b_{D-1}; c_1, …, c_D}.

use super::graph::Graph;
use serde::Serialize;
use std::fmt;

/// The intersection array {b_0..b_{D-1}; c_1..c_D} of a distance-regular graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IntersectionArray {
    /// b_0, …, b_{D-1}.
    pub b: Vec<usize>,
    /// c_1, …, c_D.
    pub c: Vec<usize>,
}

impl IntersectionArray {
    /// The diameter D.
    pub fn diameter(&self) -> usize {
        self.b.len()
    }

    /// The sphere sizes k_0..k_D implied by the array: k_0 = 1, k_{i+1} = k_i b_i / c_{i+1}
    /// (standard consequence of D8; these must equal the distance profile of every vertex).
    pub fn sphere_sizes(&self) -> Vec<usize> {
        let mut k = vec![1usize];
        for i in 0..self.b.len() {
            k.push(k[i] * self.b[i] / self.c[i]);
        }
        k
    }

    /// a_i = k − b_i − c_i for i = 0..D (with c_0 = 0, b_D = 0).
    pub fn a(&self) -> Vec<usize> {
        let k = self.b.first().copied().unwrap_or(0);
        (0..=self.diameter())
            .map(|i| {
                let bi = self.b.get(i).copied().unwrap_or(0);
                let ci = if i == 0 { 0 } else { self.c[i - 1] };
                k - bi - ci
            })
            .collect()
    }
}

impl fmt::Display for IntersectionArray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let j = |v: &[usize]| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "{{{};{}}}", j(&self.b), j(&self.c))
    }
}

/// Why a graph is not distance-regular; every variant can be re-checked from the distances alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DrWitness {
    /// `u` and `v` lie in different components (d = ∞).
    Disconnected {
        /// A vertex.
        u: usize,
        /// A vertex not reachable from `u`.
        v: usize,
    },
    /// Two pairs at the same distance `i` whose `b_i` (`which = "b"`) or `c_i` (`which = "c"`)
    /// counts differ: `count1` for `(pair1.0, pair1.1)`, `count2` for `(pair2.0, pair2.1)`.
    Differing {
        /// `'b'` or `'c'`: which intersection number differs.
        which: char,
        /// The distance `i` of both pairs.
        distance: usize,
        /// The first pair.
        pair1: (usize, usize),
        /// Its count.
        count1: usize,
        /// The second pair.
        pair2: (usize, usize),
        /// Its count (different from `count1`).
        count2: usize,
    },
}

/// The graph is not distance-regular, with a witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotDistanceRegular {
    /// What shows it.
    pub witness: DrWitness,
}

impl NotDistanceRegular {
    /// The reason with each vertex written by `name` (e.g. the edge-list file's labels).
    pub fn describe(&self, name: impl Fn(usize) -> String) -> String {
        match &self.witness {
            DrWitness::Disconnected { u, v } => {
                format!(
                    "disconnected: no path between {} and {}",
                    name(*u),
                    name(*v)
                )
            }
            DrWitness::Differing {
                which,
                distance,
                pair1,
                count1,
                pair2,
                count2,
            } => format!(
                "{which}_{distance} differs: pair ({},{}) has {count1}, pair ({},{}) has {count2}",
                name(pair1.0),
                name(pair1.1),
                name(pair2.0),
                name(pair2.1)
            ),
        }
    }
}

impl fmt::Display for NotDistanceRegular {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|v| v.to_string()))
    }
}

/// The counts (b, c) for the ordered pair (v, w) at distance `i = d(v,w)`:
/// c = |G_{i-1}(v) ∩ G_1(w)|, b = |G_{i+1}(v) ∩ G_1(w)|.
fn bc_counts(g: &Graph, dv: &[Option<usize>], w: usize) -> (usize, usize) {
    let i = dv[w].expect("pair in one component");
    let (mut b, mut c) = (0, 0);
    for &u in g.neighbours(w) {
        match dv[u] {
            Some(d) if d + 1 == i => c += 1,
            Some(d) if d == i + 1 => b += 1,
            _ => {}
        }
    }
    (b, c)
}

/// The first pair seen at a distance, with its (b, c) counts.
type FirstPair = ((usize, usize), usize, usize);

impl Graph {
    /// The intersection array, or a witness that the graph is not distance-regular (AACP Def. 2,
    /// standard reading: connected, and b_i, c_i independent of the pair). Every ordered pair is
    /// examined, root by root (one BFS at a time: O(n) memory, O(n·m) time).
    pub fn intersection_array(&self) -> Result<IntersectionArray, NotDistanceRegular> {
        self.intersection_array_from(0..self.n())
    }

    /// [`Graph::intersection_array`] for a graph known to be vertex-transitive (the caller has a
    /// checked certificate): the pairs (0, w) alone decide it, with one BFS.
    ///
    /// Brouwer–Cohen–Neumaier (*Distance-Regular Graphs*, §4.1): a connected graph is
    /// distance-regular iff for every vertex u and every i the counts
    /// c_i(u, w) = |G_{i−1}(u) ∩ G_1(w)| and b_i(u, w) = |G_{i+1}(u) ∩ G_1(w)| are the same for
    /// all w at distance i from u, with values independent of u. An automorphism σ with
    /// σ(0) = u maps each pair (0, w) to (u, σ(w)) keeping the distance and both counts, so under
    /// vertex-transitivity the counts from root 0 are those from every root: constant counts
    /// from 0 give the array, and a non-constant count from 0 is a witness against. The general
    /// scan visits root 0 first, so both give the same answer and the same witness.
    pub fn intersection_array_vertex_transitive(
        &self,
    ) -> Result<IntersectionArray, NotDistanceRegular> {
        self.intersection_array_from(0..self.n().min(1))
    }

    /// The scan of [`Graph::intersection_array`] over the pairs (v, w) with v in `roots`.
    fn intersection_array_from(
        &self,
        roots: std::ops::Range<usize>,
    ) -> Result<IntersectionArray, NotDistanceRegular> {
        // first pair seen at each distance, with its counts
        let mut first: Vec<Option<FirstPair>> = Vec::new();
        for v in roots {
            let dv = self.distances_from(v);
            for (w, dw) in dv.iter().enumerate() {
                let Some(i) = *dw else {
                    return Err(NotDistanceRegular {
                        witness: DrWitness::Disconnected { u: v, v: w },
                    });
                };
                let (b, c) = bc_counts(self, &dv, w);
                if first.len() <= i {
                    first.resize(i + 1, None);
                }
                match first[i] {
                    None => first[i] = Some(((v, w), b, c)),
                    Some((p, b1, c1)) => {
                        let differing = |which, count1, count2| NotDistanceRegular {
                            witness: DrWitness::Differing {
                                which,
                                distance: i,
                                pair1: p,
                                count1,
                                pair2: (v, w),
                                count2,
                            },
                        };
                        if b1 != b {
                            return Err(differing('b', b1, b));
                        }
                        if c1 != c {
                            return Err(differing('c', c1, c));
                        }
                    }
                }
            }
        }
        let d = first.len() - 1;
        let bc: Vec<(usize, usize)> = first
            .iter()
            .map(|x| x.map(|(_, b, c)| (b, c)).unwrap_or((0, 0)))
            .collect();
        Ok(IntersectionArray {
            b: (0..d).map(|i| bc[i].0).collect(),
            c: (1..=d).map(|i| bc[i].1).collect(),
        })
    }

    /// Whether the graph is distance-regular.
    pub fn is_distance_regular(&self) -> bool {
        self.intersection_array().is_ok()
    }
}

#[cfg(test)]
/// Re-check a witness from the distances alone (independent of the search order).
pub fn check_witness(g: &Graph, w: &DrWitness) -> bool {
    match *w {
        DrWitness::Disconnected { u, v } => g.distances_from(u)[v].is_none(),
        DrWitness::Differing {
            which,
            distance,
            pair1,
            count1,
            pair2,
            count2,
        } => {
            let count = |(v, w): (usize, usize)| {
                let dv = g.distances_from(v);
                (dv[w] == Some(distance)).then(|| {
                    let (b, c) = bc_counts(g, &dv, w);
                    if which == 'b' {
                        b
                    } else {
                        c
                    }
                })
            };
            count1 != count2 && count(pair1) == Some(count1) && count(pair2) == Some(count2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::distance::tests::hamming_grid;
    use proptest::prelude::*;

    fn ia(b: &[usize], c: &[usize]) -> Option<IntersectionArray> {
        Some(IntersectionArray {
            b: b.to_vec(),
            c: c.to_vec(),
        })
    }

    /// Literal table of known intersection arrays (None = not distance-regular).
    #[test]
    fn known_arrays() {
        let table: Vec<(Graph, Option<IntersectionArray>)> = vec![
            (Graph::petersen(), ia(&[3, 2], &[1, 1])),
            (Graph::hamming(3, 2), ia(&[3, 2, 1], &[1, 2, 3])),
            (Graph::cycle(6), ia(&[2, 1, 1], &[1, 1, 2])),
            (Graph::cycle(7), ia(&[2, 1, 1], &[1, 1, 1])),
            (Graph::cycle(3), ia(&[2], &[1])),
            (Graph::complete(5), ia(&[4], &[1])),
            (Graph::complete(1), ia(&[], &[])),
            (Graph::complete_bipartite(3, 3), ia(&[3, 2], &[1, 3])),
            (Graph::rook(4), ia(&[6, 3], &[1, 2])),
            (Graph::shrikhande(), ia(&[6, 3], &[1, 2])),
            (Graph::hypercube(4), ia(&[4, 3, 2, 1], &[1, 2, 3, 4])),
            (Graph::prism(), None),
            (Graph::path(3), None),
            (Graph::complete_bipartite(2, 3), None),
            (Graph::from_edges(4, &[(0, 1), (2, 3)]).unwrap(), None),
        ];
        for (g, want) in table {
            let got = g.intersection_array();
            assert_eq!(got.clone().ok(), want, "{g}");
            if let Err(e) = got {
                assert!(check_witness(&g, &e.witness), "{g}: {e}");
            }
        }
    }

    /// Must show: b_i = (n-i)(m-1), c_i = i for every H(n,m) with m^n <= 256.
    #[test]
    fn hamming_intersection_numbers() {
        for (n, m) in hamming_grid() {
            let a = Graph::hamming(n, m).intersection_array().unwrap();
            assert_eq!(a.b, (0..n).map(|i| (n - i) * (m - 1)).collect::<Vec<_>>());
            assert_eq!(a.c, (1..=n).collect::<Vec<_>>());
        }
    }

    /// DR ⇒ the array reproduces every vertex's distance profile; not DR ⇒ the witness re-checks.
    #[test]
    fn all_small_graphs_certificates_recheck() {
        for n in 1..=6 {
            for g in crate::graph::all_graphs(n) {
                match g.intersection_array() {
                    Ok(a) => {
                        for v in 0..g.n() {
                            assert_eq!(g.distance_profile(v), a.sphere_sizes());
                        }
                        assert_eq!(a.a().len(), a.diameter() + 1);
                    }
                    Err(e) => assert!(check_witness(&g, &e.witness)),
                }
            }
        }
    }

    proptest! {
        #[test]
        fn random_graph_certificates_recheck(n in 1usize..10, bits in proptest::collection::vec(any::<bool>(), 45)) {
            let mut edges = Vec::new();
            let mut k = 0;
            for i in 0..n { for j in i + 1..n { if bits[k] { edges.push((i, j)); } k += 1; } }
            let g = Graph::from_edges(n, &edges).unwrap();
            match g.intersection_array() {
                Ok(a) => for v in 0..n { prop_assert_eq!(g.distance_profile(v), a.sphere_sizes()); },
                Err(e) => prop_assert!(check_witness(&g, &e.witness)),
            }
        }
    }
}
