//! The automorphism group: generators, order and orbits, by individualisation and equitable
//! refinement (the method of McKay's nauty, without its pruning refinements).
//!
//! * An ordered colouring is refined to the coarsest *equitable* one by colour refinement: the new
//!   colour of `v` is the rank of its signature (old colour, sorted multiset of neighbour colours).
//!   The process only depends on the colour classes, so it commutes with every isomorphism:
//!   refine(σ·π) = σ·refine(π).
//! * Base: individualise the first vertex b_k of the first non-singleton cell of π_k and refine,
//!   giving π_{k+1}, until the colouring is discrete.
//! * Orbit–stabiliser chain: with G_k the pointwise stabiliser of b_0..b_{k−1},
//!   |Aut| = Π_k |b_k^{G_k}|. For each k (deepest first) and each w in b_k's cell of π_k that is not
//!   yet reached from b_k by the generators found so far (all of which lie in G_k), a backtracking
//!   search decides whether some σ ∈ G_k maps b_k to w; found σ are checked to be automorphisms and
//!   become generators. The generators therefore generate Aut (Schreier–Sims argument).

use super::graph::{Graph, Perm};
use malachite::Natural;
use serde::Serialize;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// The automorphism group of a graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AutGroup {
    /// Generators (each checked to be an automorphism; none is the identity).
    pub generators: Vec<Perm>,
    /// |Aut|, exact when it fits in u128 (saturates at `u128::MAX`; see [`AutGroup::order_natural`]).
    pub order: u128,
    /// The orbits of Aut on the vertices, each sorted, ordered by least element.
    pub orbits: Vec<Vec<usize>>,
    /// The base b_0, b_1, … used by the search.
    pub base: Vec<usize>,
    /// |b_k^{G_k}| for each base point: the order is their product.
    pub basic_orbit_sizes: Vec<usize>,
}

impl AutGroup {
    /// The exact order as a natural number (product of the basic orbit sizes).
    pub fn order_natural(&self) -> Natural {
        self.basic_orbit_sizes
            .iter()
            .fold(Natural::from(1u32), |acc, &s| acc * Natural::from(s))
    }

    /// Whether Aut has a single orbit (the graph is vertex-transitive).
    pub fn is_transitive(&self) -> bool {
        self.orbits.len() == 1
    }
}

/// An ordered colouring (colour = cell index) and the trace of the refinement that produced it.
#[derive(Clone, Debug)]
pub(crate) struct Colouring {
    pub col: Vec<usize>,
    pub cells: usize,
    pub trace: Vec<u64>,
}

impl Colouring {
    pub fn unit(n: usize) -> Colouring {
        Colouring {
            col: vec![0; n],
            cells: 1,
            trace: Vec::new(),
        }
    }

    fn discrete(&self) -> bool {
        self.cells == self.col.len()
    }

    /// Split `x` off its cell: `x` keeps the colour, the rest of its cell and all later cells
    /// move up by one.
    fn individualise(&self, x: usize) -> Colouring {
        let c = self.col[x];
        let col = self
            .col
            .iter()
            .enumerate()
            .map(|(v, &d)| {
                if d > c || (d == c && v != x) {
                    d + 1
                } else {
                    d
                }
            })
            .collect();
        Colouring {
            col,
            cells: self.cells + 1,
            trace: Vec::new(),
        }
    }

    /// Refine to the coarsest equitable colouring finer than `self` (colour refinement), recording a
    /// hash of each round's sorted signature list in `trace`.
    pub fn refine(mut self, g: &Graph) -> Colouring {
        let n = g.n();
        loop {
            let sigs: Vec<(usize, Vec<usize>)> = (0..n)
                .map(|v| {
                    let mut s: Vec<usize> = g.neighbours(v).iter().map(|&u| self.col[u]).collect();
                    s.sort_unstable();
                    (self.col[v], s)
                })
                .collect();
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by(|&a, &b| sigs[a].cmp(&sigs[b]));
            let mut new = vec![0; n];
            let mut h = DefaultHasher::new();
            let mut rank = 0;
            for (i, &v) in order.iter().enumerate() {
                if i > 0 && sigs[v] != sigs[order[i - 1]] {
                    rank += 1;
                    sigs[order[i - 1]].hash(&mut h);
                    i.hash(&mut h);
                }
                new[v] = rank;
            }
            if let Some(&last) = order.last() {
                sigs[last].hash(&mut h);
            }
            self.trace.push(h.finish());
            let cells = rank + 1;
            self.col = new;
            if cells == self.cells {
                return self;
            }
            self.cells = cells;
        }
    }

    /// Members of colour `c`.
    fn cell(&self, c: usize) -> Vec<usize> {
        (0..self.col.len()).filter(|&v| self.col[v] == c).collect()
    }

    fn compatible(&self, other: &Colouring) -> bool {
        self.cells == other.cells && self.trace == other.trace
    }
}

/// The stabiliser chain of colourings along the base.
struct Chain<'g> {
    g: &'g Graph,
    /// π_0, …, π_L (π_L discrete).
    levels: Vec<Colouring>,
    /// b_0, …, b_{L−1}.
    base: Vec<usize>,
}

impl<'g> Chain<'g> {
    fn new(g: &'g Graph) -> Chain<'g> {
        let mut levels = vec![Colouring::unit(g.n()).refine(g)];
        let mut base = Vec::new();
        loop {
            let pi = levels.last().expect("non-empty");
            if pi.discrete() {
                break;
            }
            let mut size = vec![0usize; pi.cells];
            for &c in &pi.col {
                size[c] += 1;
            }
            let c = (0..pi.cells).find(|&c| size[c] > 1).expect("not discrete");
            let b = (0..g.n())
                .find(|&v| pi.col[v] == c)
                .expect("cell non-empty");
            base.push(b);
            let next = pi.individualise(b).refine(g);
            levels.push(next);
        }
        Chain { g, levels, base }
    }

    /// Some σ fixing b_0..b_{k−1} with σ(b_k) = w, if one exists (exhaustive backtracking).
    fn find(&self, k: usize, w: usize) -> Option<Perm> {
        let r = self.levels[k].individualise(w).refine(self.g);
        if !r.compatible(&self.levels[k + 1]) {
            return None;
        }
        self.extend(k + 1, &r)
    }

    fn extend(&self, j: usize, r: &Colouring) -> Option<Perm> {
        let pi = &self.levels[j];
        if j == self.base.len() {
            // both discrete: colour c of π_L ↦ the vertex of colour c in r
            let mut of_colour = vec![0; r.cells];
            for (v, &c) in r.col.iter().enumerate() {
                of_colour[c] = v;
            }
            let sigma: Perm = pi.col.iter().map(|&c| of_colour[c]).collect();
            return self.g.is_automorphism(&sigma).then_some(sigma);
        }
        let c = pi.col[self.base[j]];
        for y in r.cell(c) {
            let r2 = r.individualise(y).refine(self.g);
            if r2.compatible(&self.levels[j + 1]) {
                if let Some(s) = self.extend(j + 1, &r2) {
                    return Some(s);
                }
            }
        }
        None
    }
}

/// The orbit of `x` under the group generated by `gens`, as a membership vector.
pub(crate) fn orbit_of(n: usize, gens: &[Perm], x: usize) -> Vec<bool> {
    let mut seen = vec![false; n];
    seen[x] = true;
    let mut stack = vec![x];
    while let Some(u) = stack.pop() {
        for g in gens {
            if !seen[g[u]] {
                seen[g[u]] = true;
                stack.push(g[u]);
            }
        }
    }
    seen
}

/// The orbits of the group generated by `gens` on `0..n`: sorted, ordered by least element.
pub fn orbits(n: usize, gens: &[Perm]) -> Vec<Vec<usize>> {
    let mut done = vec![false; n];
    let mut out = Vec::new();
    for v in 0..n {
        if !done[v] {
            let o: Vec<usize> = orbit_of(n, gens, v)
                .iter()
                .enumerate()
                .filter(|(_, &b)| b)
                .map(|(u, _)| u)
                .collect();
            for &u in &o {
                done[u] = true;
            }
            out.push(o);
        }
    }
    out
}

impl Graph {
    /// The automorphism group (module documentation): generators, exact order, orbits.
    pub fn automorphisms(&self) -> AutGroup {
        let n = self.n();
        // Aut(G) = Aut(complement of G); refinement is much cheaper on the sparser of the two
        // (K_256: seconds instead of minutes).
        if 2 * self.m() > n * n.saturating_sub(1) / 2 {
            let complement = self.complement();
            let aut = complement.search_automorphisms();
            for s in &aut.generators {
                assert!(
                    self.is_automorphism(s),
                    "internal: generator is not an automorphism"
                );
            }
            return aut;
        }
        self.search_automorphisms()
    }

    /// The complement graph (same vertices; u ~ v iff u ≁ v, u ≠ v).
    pub fn complement(&self) -> Graph {
        let n = self.n();
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if !self.adjacent(u, v) {
                    edges.push((u, v));
                }
            }
        }
        Graph::from_simple_edges(n, &edges, format!("complement of {}", self.name))
    }

    fn search_automorphisms(&self) -> AutGroup {
        let n = self.n();
        let chain = Chain::new(self);
        let mut gens: Vec<Perm> = Vec::new();
        let mut sizes = vec![0; chain.base.len()];
        for k in (0..chain.base.len()).rev() {
            let b = chain.base[k];
            let pi = &chain.levels[k];
            let mut reached = orbit_of(n, &gens, b);
            let mut failed = vec![false; n];
            for w in pi.cell(pi.col[b]) {
                if reached[w] || failed[w] {
                    continue;
                }
                match chain.find(k, w) {
                    Some(s) => {
                        gens.push(s);
                        reached = orbit_of(n, &gens, b);
                    }
                    None => {
                        // no σ ∈ G_k maps b to w, hence none maps b to w's G_k-orbit either
                        for (u, f) in orbit_of(n, &gens, w).into_iter().enumerate() {
                            failed[u] |= f;
                        }
                    }
                }
            }
            sizes[k] = reached.iter().filter(|&&x| x).count();
        }
        let order = sizes
            .iter()
            .try_fold(1u128, |acc, &s| acc.checked_mul(s as u128))
            .unwrap_or(u128::MAX);
        AutGroup {
            orbits: orbits(n, &gens),
            generators: gens,
            order,
            base: chain.base,
            basic_orbit_sizes: sizes,
        }
    }
}

/// The colour classes of the refined unit colouring: two vertices in different classes lie in
/// different orbits of Aut (refinement commutes with automorphisms).
pub fn refined_cells(g: &Graph) -> Vec<usize> {
    Colouring::unit(g.n()).refine(g).col
}

/// Generators of Aut(H(n, m)) = S_m ≀ S_n acting on the vertices of [`Graph::hamming`]: swap
/// and rotate the coordinates, and a transposition and an m-cycle of the symbols in one
/// coordinate (AACP §2.1). Known generators spare the automorphism search on large Hamming
/// graphs; users of them (the LP orbit reduction) re-check them anyway.
pub fn hamming_automorphism_generators(n: usize, m: usize) -> Vec<Perm> {
    let k = m.pow(n as u32);
    let digits = |v: usize| -> Vec<usize> { (0..n).map(|i| (v / m.pow(i as u32)) % m).collect() };
    let index =
        |d: &[usize]| -> usize { d.iter().enumerate().map(|(i, x)| x * m.pow(i as u32)).sum() };
    let map = |f: &dyn Fn(&mut Vec<usize>)| -> Vec<usize> {
        (0..k)
            .map(|v| {
                let mut d = digits(v);
                f(&mut d);
                index(&d)
            })
            .collect()
    };
    let mut gens = Vec::new();
    if n >= 2 {
        gens.push(map(&|d| d.swap(0, 1)));
        gens.push(map(&|d| d.rotate_left(1)));
    }
    if m >= 2 {
        gens.push(map(&|d| {
            d[0] = match d[0] {
                0 => 1,
                1 => 0,
                x => x,
            }
        }));
        gens.push(map(&|d| d[0] = (d[0] + 1) % m));
    }
    gens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::enumerate::all_graphs;
    use proptest::prelude::*;

    /// Naive reference: count the permutations that are automorphisms (n <= 7).
    fn brute_force(g: &Graph) -> (u128, Vec<Vec<usize>>) {
        let n = g.n();
        let mut count = 0u128;
        let mut autos = Vec::new();
        let mut p: Vec<usize> = (0..n).collect();
        // Heap's algorithm
        let mut c = vec![0; n];
        let mut visit = |p: &Vec<usize>| {
            if g.is_automorphism(p) {
                count += 1;
                autos.push(p.clone());
            }
        };
        visit(&p);
        let mut i = 0;
        while i < n {
            if c[i] < i {
                if i % 2 == 0 {
                    p.swap(0, i);
                } else {
                    p.swap(c[i], i);
                }
                visit(&p);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        (count, orbits(n, &autos))
    }

    fn factorial(n: u128) -> u128 {
        (1..=n).product()
    }

    /// Literal table of group orders.
    #[test]
    fn known_orders() {
        let table: Vec<(Graph, u128)> = vec![
            (Graph::petersen(), 120),
            (Graph::hypercube(3), 48),
            (Graph::hypercube(4), 384),
            (Graph::rook(4), 1152),
            (Graph::shrikhande(), 192),
            (Graph::prism(), 12),
            (Graph::hamming(3, 3), 1296),
            (Graph::hamming(4, 3), 31104),
            (Graph::complete_bipartite(2, 3), 12),
            (Graph::path(5), 2),
            (Graph::star(4), 24),
        ];
        for (g, order) in table {
            let a = g.automorphisms();
            assert_eq!(a.order, order, "{g}");
            assert_eq!(a.order_natural().to_string(), order.to_string());
            for s in &a.generators {
                assert!(g.is_automorphism(s), "{g}");
            }
        }
        for k in 3..=12 {
            assert_eq!(Graph::cycle(k).automorphisms().order, 2 * k as u128);
        }
        for k in 1..=9 {
            assert_eq!(
                Graph::complete(k).automorphisms().order,
                factorial(k as u128)
            );
        }
        assert_eq!(Graph::complete(40).automorphisms().order, u128::MAX);
        assert_eq!(
            Graph::complete(40)
                .automorphisms()
                .order_natural()
                .to_string(),
            "815915283247897734345611269596115894272000000000"
        );
    }

    /// The known generators of Aut(H(n,m)) are automorphisms and generate a group of order
    /// n!·(m!)^n (closure by breadth-first search on small cases).
    #[test]
    fn hamming_generators_generate_the_group() {
        for (n, m) in [(1, 3), (2, 2), (2, 3), (3, 2), (1, 4)] {
            let g = Graph::hamming(n, m);
            let gens = hamming_automorphism_generators(n, m);
            for p in &gens {
                for (u, v) in g.edges() {
                    assert!(
                        g.adjacent(p[u], p[v]),
                        "H({n},{m}): {p:?} moves edge {u}-{v}"
                    );
                }
            }
            let identity: Perm = (0..g.n()).collect();
            let mut seen = std::collections::HashSet::from([identity.clone()]);
            let mut queue = vec![identity];
            while let Some(a) = queue.pop() {
                for p in &gens {
                    let b: Perm = a.iter().map(|&x| p[x]).collect();
                    if seen.insert(b.clone()) {
                        queue.push(b);
                    }
                }
            }
            let fact = |k: usize| (1..=k).product::<usize>();
            assert_eq!(seen.len(), fact(n) * fact(m).pow(n as u32), "H({n},{m})");
        }
    }

    /// Must show: |Aut H(n,m)| = n!·(m!)^n for the Hamming graphs (wreath product S_m ≀ S_n; for
    /// m = 2 and n = 2, H(2,2) = C4 with order 8 = 2!·2!^2 as well).
    #[test]
    fn hamming_orders() {
        for (n, m) in [
            (1, 3),
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
            (5, 2),
            (4, 3),
            (8, 2),
        ] {
            let a = Graph::hamming(n, m).automorphisms();
            let want = factorial(n as u128) * factorial(m as u128).pow(n as u32);
            assert_eq!(a.order, want, "H({n},{m})");
            assert!(a.is_transitive());
        }
    }

    /// Against the brute-force reference on every graph up to 6 vertices.
    #[test]
    fn matches_brute_force_on_all_small_graphs() {
        for n in 1..=6 {
            for g in all_graphs(n) {
                let a = g.automorphisms();
                let (order, orbs) = brute_force(&g);
                assert_eq!(a.order, order, "{g}");
                assert_eq!(a.orbits, orbs, "{g}");
                for s in &a.generators {
                    assert!(g.is_automorphism(s));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Random graphs on 7 vertices: order and orbits equal the brute force; generators check.
        #[test]
        fn random_graphs_match_brute_force(bits in proptest::collection::vec(any::<bool>(), 21)) {
            let mut edges = Vec::new();
            let mut k = 0;
            for i in 0..7 { for j in i + 1..7 { if bits[k] { edges.push((i, j)); } k += 1; } }
            let g = Graph::from_edges(7, &edges).unwrap();
            let a = g.automorphisms();
            let (order, orbs) = brute_force(&g);
            prop_assert_eq!(a.order, order);
            prop_assert_eq!(a.orbits, orbs);
            for s in &a.generators { prop_assert!(g.is_automorphism(s)); }
        }
    }
}
