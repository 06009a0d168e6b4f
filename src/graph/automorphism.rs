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
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A multiply–rotate hasher (the Fx hash of rustc) for grouping equal signatures in
/// [`Colouring::refine`]: fast on the long `usize` slices there; collisions only cost time,
/// since keys are compared in full.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FastHash = BuildHasherDefault<Fx>;

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
    ///
    /// Each round, the new colour of `v` is the rank of its signature (colour, sorted list of
    /// neighbour colours) among the distinct signatures in lexicographic order. The lists are
    /// written in increasing colour order (vertices visited by colour), so none is sorted, and
    /// equal signatures are grouped by hashing: a round is O(n + m) plus the sort of the
    /// distinct signatures (at most one per new cell), instead of sorting n lists.
    pub fn refine(mut self, g: &Graph) -> Colouring {
        let n = g.n();
        let mut start = Vec::with_capacity(n + 1);
        start.push(0usize);
        for v in 0..n {
            start.push(start[v] + g.degree(v));
        }
        let mut lists = vec![0usize; start[n]];
        let mut fill = vec![0usize; n];
        let mut by_colour = vec![0usize; n];
        let mut key_of = vec![0usize; n];
        loop {
            // Vertices in increasing colour (counting sort), then each one's colour appended to
            // its neighbours' lists: every list comes out sorted.
            let mut first = vec![0usize; self.cells + 1];
            for &c in &self.col {
                first[c + 1] += 1;
            }
            for c in 0..self.cells {
                first[c + 1] += first[c];
            }
            for v in 0..n {
                let c = self.col[v];
                by_colour[first[c]] = v;
                first[c] += 1;
            }
            fill.copy_from_slice(&start[..n]);
            for &u in &by_colour {
                for &v in g.neighbours(u) {
                    lists[fill[v]] = self.col[u];
                    fill[v] += 1;
                }
            }
            let sig = |v: usize| (self.col[v], &lists[start[v]..start[v + 1]]);
            // One key per distinct signature, with its multiplicity.
            let mut keys: HashMap<(usize, &[usize]), usize, FastHash> =
                HashMap::with_capacity_and_hasher(self.cells + 1, FastHash::default());
            let mut reps: Vec<(usize, usize)> = Vec::new(); // (a vertex, count)
            for (v, key) in key_of.iter_mut().enumerate() {
                let next = reps.len();
                let k = *keys.entry(sig(v)).or_insert(next);
                if k == next {
                    reps.push((v, 0));
                }
                reps[k].1 += 1;
                *key = k;
            }
            let mut order: Vec<usize> = (0..reps.len()).collect();
            order.sort_by(|&a, &b| sig(reps[a].0).cmp(&sig(reps[b].0)));
            let mut rank_of_key = vec![0usize; reps.len()];
            // The trace: each signature that ends a run, the position where the next run
            // starts, and the last signature (the same bytes as hashing the sorted list).
            let mut h = DefaultHasher::new();
            let mut position = 0;
            for (rank, &k) in order.iter().enumerate() {
                rank_of_key[k] = rank;
                position += reps[k].1;
                sig(reps[k].0).hash(&mut h);
                if rank + 1 < order.len() {
                    position.hash(&mut h);
                }
            }
            self.trace.push(h.finish());
            let cells = order.len();
            drop(keys);
            let new: Vec<usize> = key_of.iter().map(|&k| rank_of_key[k]).collect();
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

/// The automorphism search stopped at its work budget (see [`Graph::automorphisms_within`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The budget, in refinement work units (one unit per vertex and per edge end per round).
    pub budget: u64,
}

/// The stabiliser chain of colourings along the base.
struct Chain<'g> {
    g: &'g Graph,
    /// π_0, …, π_L (π_L discrete).
    levels: Vec<Colouring>,
    /// b_0, …, b_{L−1}.
    base: Vec<usize>,
    /// Refinement work so far: (n + 2m) per round.
    work: std::cell::Cell<u64>,
    budget: u64,
}

impl<'g> Chain<'g> {
    fn new(g: &'g Graph, budget: u64) -> Result<Chain<'g>, OverBudget> {
        let mut chain = Chain {
            g,
            levels: Vec::new(),
            base: Vec::new(),
            work: std::cell::Cell::new(0),
            budget,
        };
        let unit = chain.refine(Colouring::unit(g.n()))?;
        chain.levels.push(unit);
        loop {
            let pi = chain.levels.last().expect("non-empty");
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
            let next = chain.refine(pi.individualise(b))?;
            chain.base.push(b);
            chain.levels.push(next);
        }
        Ok(chain)
    }

    /// [`Colouring::refine`], counting its work against the budget.
    fn refine(&self, c: Colouring) -> Result<Colouring, OverBudget> {
        let before = c.trace.len() as u64;
        let r = c.refine(self.g);
        let rounds = r.trace.len() as u64 - before;
        let per_round = (self.g.n() + 2 * self.g.m()) as u64;
        self.work.set(
            self.work
                .get()
                .saturating_add(rounds.saturating_mul(per_round)),
        );
        if self.work.get() > self.budget {
            return Err(OverBudget {
                budget: self.budget,
            });
        }
        Ok(r)
    }

    /// Some σ fixing b_0..b_{k−1} with σ(b_k) = w, if one exists (exhaustive backtracking).
    fn find(&self, k: usize, w: usize) -> Result<Option<Perm>, OverBudget> {
        let r = self.refine(self.levels[k].individualise(w))?;
        if !r.compatible(&self.levels[k + 1]) {
            return Ok(None);
        }
        self.extend(k + 1, &r)
    }

    fn extend(&self, j: usize, r: &Colouring) -> Result<Option<Perm>, OverBudget> {
        let pi = &self.levels[j];
        if j == self.base.len() {
            // both discrete: colour c of π_L ↦ the vertex of colour c in r
            let mut of_colour = vec![0; r.cells];
            for (v, &c) in r.col.iter().enumerate() {
                of_colour[c] = v;
            }
            let sigma: Perm = pi.col.iter().map(|&c| of_colour[c]).collect();
            return Ok(self.g.is_automorphism(&sigma).then_some(sigma));
        }
        let c = pi.col[self.base[j]];
        for y in r.cell(c) {
            let r2 = self.refine(r.individualise(y))?;
            if r2.compatible(&self.levels[j + 1]) {
                if let Some(s) = self.extend(j + 1, &r2)? {
                    return Ok(Some(s));
                }
            }
        }
        Ok(None)
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
        self.automorphisms_within(u64::MAX)
            .expect("no budget to exceed")
    }

    /// [`Graph::automorphisms`], or `Err` once the refinements have done more than `budget`
    /// units of work (n + 2m a round): the search is a chain of base length L whose every level
    /// refines down the rest of the chain, about L²/2 refinements (H(2,77): L = 153), so its
    /// cost, unlike the rest of the analysis, is not near-linear.
    pub fn automorphisms_within(&self, budget: u64) -> Result<AutGroup, OverBudget> {
        let n = self.n();
        // Aut(G) = Aut(complement of G); refinement is much cheaper on the sparser of the two
        // (K_256: seconds instead of minutes).
        if 2 * self.m() > n * n.saturating_sub(1) / 2 {
            let complement = self.complement();
            let aut = complement.search_automorphisms(budget)?;
            for s in &aut.generators {
                assert!(
                    self.is_automorphism(s),
                    "internal: generator is not an automorphism"
                );
            }
            return Ok(aut);
        }
        self.search_automorphisms(budget)
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

    fn search_automorphisms(&self, budget: u64) -> Result<AutGroup, OverBudget> {
        let n = self.n();
        let chain = Chain::new(self, budget)?;
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
                match chain.find(k, w)? {
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
        Ok(AutGroup {
            orbits: orbits(n, &gens),
            generators: gens,
            order,
            base: chain.base,
            basic_orbit_sizes: sizes,
        })
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
