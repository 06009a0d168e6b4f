//! AACP §2.1 and §3 (graph structure): the database domain `V^Ind` and its adjacency (D1, C1),
//! graph basics and automorphisms (D7, G1), distance-regularity (D8, two readings), VT+ (D9),
//! single-orbit automorphisms (D10, G2, G5, G7), constant distance profiles (D11), the class
//! diagram of Figure 4 (G3), Proposition 1 (P1), the figures' graphs (G4, G6, G8), the distance
//! profile of H(u, v) (E4, eq. (4)) and the per-individual cliques of §5 (C-clique).
//!
//! Readings: automorphisms are permutations of the vertex set 𝒱 (the text writes 𝒳); the
//! standard reading of Definition 2 (connected; `c_i = |G_{i−1}(v) ∩ G_1(w)|`,
//! `b_i = |G_{i+1}(v) ∩ G_1(w)|` independent of the pair at distance i) unless a check says
//! otherwise; VT+ = a sharply transitive set of n automorphisms (Definition 3).

use super::common::{latin_cyclic5, latin_non_group5};
use crate::claim::scan::Agree;
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::graph::vt_plus::{compose, enumerate_group};
use crate::graph::{all_connected_graphs, all_graphs, Graph, Perm, VtPlus};
use petgraph::algo::is_isomorphic;
use std::collections::BTreeSet;
use std::fmt;

/// Budget for VT+ searches and group enumerations in the default grids.
const LIMIT: usize = 200_000;

// ---------------------------------------------------------------------------------------------
// test graphs

/// A named test graph (or a family of them), reproducible from its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    Hamming(usize, usize),
    Complete(usize),
    Cycle(usize),
    Path(usize),
    Star(usize),
    Circulant(usize, Vec<usize>),
    Petersen,
    /// Johnson graph J(n, k): k-subsets of {0..n-1}, adjacent iff they share k − 1 elements.
    Johnson(usize, usize),
    /// The Latin-square graph of the cyclic square of order 5 (`(r + c) mod 5`).
    LatinCyclic5,
    /// The Latin-square graph of the non-group square 12345/24153/35421/41532/53214.
    LatinNonGroup5,
    /// Two disjoint copies of K2.
    TwoK2,
    /// Every graph on n vertices up to isomorphism (`connected` only, or all).
    All {
        n: usize,
        connected: bool,
    },
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Hamming(u, v) => write!(f, "H({u},{v})"),
            Spec::Complete(n) => write!(f, "K{n}"),
            Spec::Cycle(n) => write!(f, "C{n}"),
            Spec::Path(n) => write!(f, "P{n}"),
            Spec::Star(k) => write!(f, "star K(1,{k})"),
            Spec::Circulant(n, s) => {
                let l: Vec<String> = s.iter().map(|x| x.to_string()).collect();
                write!(f, "C{n}({})", l.join(","))
            }
            Spec::Petersen => write!(f, "Petersen"),
            Spec::Johnson(n, k) => write!(f, "J({n},{k})"),
            Spec::LatinCyclic5 => write!(f, "Latin-square graph, cyclic order 5"),
            Spec::LatinNonGroup5 => {
                write!(f, "Latin-square graph, 12345/24153/35421/41532/53214")
            }
            Spec::TwoK2 => write!(f, "2K2"),
            Spec::All { n, connected } => write!(
                f,
                "all {}graphs on {n} vertices",
                if *connected { "connected " } else { "" }
            ),
        }
    }
}

impl Spec {
    fn graphs(&self) -> Vec<Graph> {
        match self {
            Spec::All { n, connected } => {
                if *connected {
                    all_connected_graphs(*n)
                } else {
                    all_graphs(*n)
                }
            }
            other => vec![other.graph()],
        }
    }

    fn graph(&self) -> Graph {
        match self {
            Spec::Hamming(u, v) => Graph::hamming(*u, *v),
            Spec::Complete(n) => Graph::complete(*n),
            Spec::Cycle(n) => Graph::cycle(*n),
            Spec::Path(n) => Graph::path(*n),
            Spec::Star(k) => Graph::star(*k),
            Spec::Circulant(n, s) => Graph::circulant(*n, s),
            Spec::Petersen => Graph::petersen(),
            Spec::Johnson(n, k) => johnson(*n, *k),
            Spec::LatinCyclic5 => latin_cyclic5(),
            Spec::LatinNonGroup5 => latin_non_group5(),
            Spec::TwoK2 => Graph::from_edges(4, &[(0, 1), (2, 3)])
                .expect("2K2")
                .with_name("2K2"),
            Spec::All { .. } => panic!("a family, use graphs()"),
        }
    }
}

/// J(n, k) built from its definition.
fn johnson(n: usize, k: usize) -> Graph {
    let sets: Vec<u32> = (0u32..1 << n)
        .filter(|s| s.count_ones() as usize == k)
        .collect();
    let mut edges = Vec::new();
    for i in 0..sets.len() {
        for j in i + 1..sets.len() {
            if (sets[i] & sets[j]).count_ones() as usize == k - 1 {
                edges.push((i, j));
            }
        }
    }
    Graph::from_edges(sets.len(), &edges)
        .expect("simple")
        .with_name(format!("J({n},{k})"))
}

/// The graphs of the catalogue's §11 and G3 lists that are small enough for every default grid.
fn named_graphs() -> Vec<Spec> {
    vec![
        Spec::Complete(4),
        Spec::Hamming(3, 2),
        Spec::Petersen,
        Spec::Cycle(5),
        Spec::Cycle(6),
        Spec::Complete(6),
        Spec::Circulant(6, vec![2, 3]),
        Spec::Circulant(7, vec![1, 2]),
        Spec::Circulant(8, vec![1, 2]),
        Spec::Hamming(2, 3),
        Spec::Hamming(4, 2),
        Spec::Path(3),
        Spec::Path(4),
        Spec::Star(3),
        Spec::TwoK2,
    ]
}

// ---------------------------------------------------------------------------------------------
// permutations and groups

fn inverse(p: &Perm) -> Perm {
    let mut q = vec![0; p.len()];
    for (i, &x) in p.iter().enumerate() {
        q[x] = i;
    }
    q
}

/// All elements of Aut(g), when there are at most `limit`.
fn aut_elements(g: &Graph, limit: usize) -> Option<Vec<Perm>> {
    enumerate_group(g.n(), &g.automorphisms().generators, limit)
}

/// The orbit of `v` under σ by the paper's definition: `{v, σ(v), …, σ^{k−1}(v)}`, k least with
/// `σ^k(v) = v`.
fn orbit_of(sigma: &Perm, v: usize) -> Vec<usize> {
    let mut out = vec![v];
    let mut w = sigma[v];
    while w != v {
        out.push(w);
        w = sigma[w];
    }
    out
}

/// Whether σ is a single n-cycle (one orbit).
fn single_cycle(sigma: &Perm) -> bool {
    sigma.is_empty() || orbit_of(sigma, 0).len() == sigma.len()
}

/// The rotation `i ↦ i + 1 mod n`.
fn rotation(n: usize) -> Perm {
    (0..n).map(|i| (i + 1) % n).collect()
}

/// `σ^0, …, σ^{n−1}`.
fn powers(sigma: &Perm) -> Vec<Perm> {
    let n = sigma.len();
    let mut out: Vec<Perm> = vec![(0..n).collect()];
    for i in 1..n {
        out.push(compose(sigma, &out[i - 1]));
    }
    out
}

/// Definition 3 literally: for every vertex v, `{σ_i(v)} = 𝒱` (n perms).
fn vt_plus_def(n: usize, perms: &[Perm]) -> bool {
    perms.len() == n
        && (0..n).all(|v| perms.iter().map(|s| s[v]).collect::<BTreeSet<_>>().len() == n)
}

/// The Latin-square form: `L[i][v] = σ_i(v)` has every row and every column a permutation.
fn latin(n: usize, perms: &[Perm]) -> bool {
    let is_perm = |xs: Vec<usize>| {
        let mut seen = vec![false; n];
        xs.len() == n
            && xs
                .iter()
                .all(|&x| x < n && !std::mem::replace(&mut seen[x], true))
    };
    perms.len() == n
        && perms.iter().all(|s| is_perm(s.clone()))
        && (0..n).all(|v| is_perm(perms.iter().map(|s| s[v]).collect()))
}

/// The normalised form: with `τ_i = σ_0^{-1} σ_i` (so `τ_0 = id`), every `τ_i^{-1} τ_j`, i ≠ j,
/// is fixed-point-free.
fn normalised_fpf(n: usize, perms: &[Perm]) -> bool {
    if perms.len() != n {
        return false;
    }
    let s0 = inverse(&perms[0]);
    let tau: Vec<Perm> = perms.iter().map(|s| compose(&s0, s)).collect();
    for i in 0..n {
        let ti = inverse(&tau[i]);
        for (j, tj) in tau.iter().enumerate() {
            if i != j && compose(&ti, tj).iter().enumerate().any(|(v, &x)| v == x) {
                return false;
            }
        }
    }
    true
}

/// Search for an automorphism that is a single n-cycle, by labelling the vertices along the
/// cycle `v_0 = 0, v_1, …` so that adjacency depends only on `(j − i) mod n` (a circulant
/// labelling). `Ok(Some(σ))` (σ re-checked), `Ok(None)` exhaustive, `Err(())` budget exhausted.
fn find_n_cycle(g: &Graph, budget: usize) -> Result<Option<Perm>, ()> {
    let n = g.n();
    if n <= 1 {
        return Ok(Some((0..n).collect()));
    }
    struct S<'a> {
        g: &'a Graph,
        n: usize,
        order: Vec<usize>,
        used: Vec<bool>,
        nodes: usize,
        budget: usize,
    }
    impl S<'_> {
        fn run(&mut self) -> Result<bool, ()> {
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(());
            }
            let k = self.order.len();
            if k == self.n {
                return Ok(true);
            }
            for w in 0..self.n {
                if self.used[w] {
                    continue;
                }
                // adjacency of (v_i, w) must be f(k − i) = A(v_0, v_{k−i})
                let ok = (1..k).all(|i| {
                    self.g.adjacent(self.order[i], w)
                        == self.g.adjacent(self.order[0], self.order[k - i])
                }) && (2 * k <= self.n
                    || self.g.adjacent(self.order[0], w)
                        == self.g.adjacent(self.order[0], self.order[self.n - k]));
                if !ok {
                    continue;
                }
                self.used[w] = true;
                self.order.push(w);
                if self.run()? {
                    return Ok(true);
                }
                self.order.pop();
                self.used[w] = false;
            }
            Ok(false)
        }
    }
    let mut s = S {
        g,
        n,
        order: vec![0],
        used: vec![false; n],
        nodes: 0,
        budget,
    };
    s.used[0] = true;
    if !s.run()? {
        return Ok(None);
    }
    let mut sigma = vec![0; n];
    for i in 0..n {
        sigma[s.order[i]] = s.order[(i + 1) % n];
    }
    assert!(
        g.is_automorphism(&sigma) && single_cycle(&sigma),
        "internal: n-cycle witness failed its re-check"
    );
    Ok(Some(sigma))
}

/// Whether Aut(g) has an n-cycle element: by enumerating Aut when it has at most `limit`
/// elements, else by [`find_n_cycle`]. Returns (answer or None = undecided, how).
pub(crate) fn has_n_cycle(g: &Graph, limit: usize) -> (Option<Option<Perm>>, String) {
    let aut = g.automorphisms();
    if aut.order <= limit as u128 {
        if let Some(els) = enumerate_group(g.n(), &aut.generators, limit) {
            let found = els.iter().find(|s| single_cycle(s)).cloned();
            return (
                Some(found),
                format!("all {} automorphisms enumerated", els.len()),
            );
        }
    }
    match find_n_cycle(g, limit) {
        Ok(x) => (Some(x), "circulant-labelling backtracking search".into()),
        Err(()) => (None, format!("search budget {limit} exhausted")),
    }
}

fn fmt_perm(p: &Perm) -> String {
    let e: Vec<String> = p.iter().map(|x| x.to_string()).collect();
    format!("[{}]", e.join(" "))
}

fn enumeration() -> Method {
    Method::Enumeration
}

fn verdict(ok: bool) -> Outcome {
    if ok {
        Outcome::Holds
    } else {
        Outcome::Fails
    }
}

/// One structural check: `lhs` = what was found, `rhs` = what was claimed.
fn structural(compared: &str, found: String, claimed: String, ok: bool, note: String) -> Check {
    Check::new(
        compared,
        Value::text(found, ""),
        Value::text(claimed, ""),
        enumeration(),
        verdict(ok),
    )
    .with_note(note)
}

// ---------------------------------------------------------------------------------------------
// AACP-D1, AACP-C1: the database domain

/// An instance (u, v) = (|Ind|, |V|).
#[derive(Clone, Debug)]
pub struct Uv {
    pub u: usize,
    pub v: usize,
}

impl fmt::Display for Uv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "u={} v={}", self.u, self.v)
    }
}

fn uv_grid(max_size: usize, with_degenerate: bool) -> Vec<Uv> {
    let mut out = Vec::new();
    if with_degenerate {
        out.push(Uv { u: 0, v: 3 });
        out.push(Uv { u: 3, v: 1 });
    }
    for u in 1..=12 {
        for v in 2usize..=64 {
            if v.checked_pow(u as u32).is_some_and(|s| s <= max_size) {
                out.push(Uv { u, v });
            }
        }
    }
    out
}

/// `dpcert search` beyond `uv_grid(max_size, _)`: the (u, v) with `max·2^(s−1) < v^u ≤ max·2^s`.
fn uv_beyond(max_size: usize, s: usize) -> Vec<Uv> {
    let lo = max_size << (s - 1);
    uv_grid(max_size << s, false)
        .into_iter()
        .filter(|p| p.v.pow(p.u as u32) > lo)
        .collect()
}

/// All databases `V^Ind` by an odometer over `{0..v−1}^u` (first individual most significant).
fn databases(u: usize, v: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if v == 0 {
        return out;
    }
    let mut x = vec![0; u];
    loop {
        out.push(x.clone());
        let mut k = u;
        loop {
            if k == 0 {
                return out;
            }
            k -= 1;
            x[k] += 1;
            if x[k] < v {
                break;
            }
            x[k] = 0;
        }
    }
}

/// AACP-D1: the graph built from the definition (databases, "differ in exactly one individual")
/// has the same edge set as `Graph::hamming(u, v)` under the identical labelling.
fn check_d1(p: &Uv) -> Check {
    let dbs = databases(p.u, p.v);
    let g = Graph::hamming(p.u, p.v);
    let mut def_edges = BTreeSet::new();
    for (i, x) in dbs.iter().enumerate() {
        for y in dbs.iter().skip(i + 1) {
            if x.iter().zip(y).filter(|(a, b)| a != b).count() == 1 {
                def_edges.insert((g.hamming_index(x), g.hamming_index(y)));
            }
        }
    }
    let lib: BTreeSet<(usize, usize)> = g
        .edges()
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let ok = def_edges == lib && dbs.len() == g.n();
    structural(
        "edges of (V^Ind, differ in exactly one individual)  =  edges of H(u,v)",
        format!(
            "{} databases, {} adjacent pairs",
            dbs.len(),
            def_edges.len()
        ),
        format!(
            "H({},{}): {} vertices, {} edges",
            p.u,
            p.v,
            g.n(),
            lib.len()
        ),
        ok,
        format!(
            "identical labelling (base-v digits, first individual most significant); edge sets {}",
            if ok { "equal" } else { "differ" }
        ),
    )
}

/// AACP-C1: `|𝒳| = v^u`, counting the databases by enumeration.
fn check_c1(p: &Uv) -> Check {
    let count = databases(p.u, p.v).len() as u64;
    let claimed = (p.v as u64).pow(p.u as u32);
    Check::rationals(
        "|V^Ind| by enumeration  =  v^u",
        &crate::num::Rational::from(count),
        "=",
        &crate::num::Rational::from(claimed),
    )
    .with_note(format!("{count} databases enumerated"))
}

// ---------------------------------------------------------------------------------------------
// AACP-D7 and AACP-G1: automorphisms and orbits

/// Every permutation of `0..n` (Heap's algorithm order is irrelevant; lexicographic here).
fn all_perms(n: usize) -> Vec<Perm> {
    fn rec(cur: &mut Vec<usize>, used: &mut Vec<bool>, out: &mut Vec<Perm>) {
        let n = used.len();
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for x in 0..n {
            if !used[x] {
                used[x] = true;
                cur.push(x);
                rec(cur, used, out);
                cur.pop();
                used[x] = false;
            }
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::new(), &mut vec![false; n], &mut out);
    out
}

/// AACP-D7: for every graph on n vertices and every permutation σ of 𝒱, "x ∼ x′ ⇒ σx ∼ σx′"
/// (the printed one-way condition) agrees with "⇔" and with the library's `is_automorphism`.
fn check_d7(spec: &Spec) -> Check {
    let mut a = Agree::new();
    let mut autos = 0usize;
    for g in spec.graphs() {
        let n = g.n();
        let edges = g.edges();
        for s in all_perms(n) {
            let forward = edges.iter().all(|&(x, y)| g.adjacent(s[x], s[y]));
            let iff = (0..n).all(|x| (0..n).all(|y| g.adjacent(x, y) == g.adjacent(s[x], s[y])));
            autos += usize::from(forward);
            a.push(forward, iff && g.is_automorphism(&s) == iff, || {
                format!("{g} sigma = {}", fmt_perm(&s))
            });
        }
    }
    let mut c = a.finish(
        "x~x' => s(x)~s(x')  <=>  (x~x' <=> s(x)~s(x'))  (permutations of the vertex set V)",
        enumeration(),
    );
    c.note = format!(
        "{}; {autos} (graph, permutation) pairs are automorphisms",
        c.note
    );
    c
}

/// AACP-G1: for every automorphism σ (all of Aut enumerated), the orbits
/// `{v, σ(v), …, σ^{k−1}(v)}` partition 𝒱: every vertex lies in its own orbit, and two orbits are
/// equal or disjoint.
fn check_g1(spec: &Spec) -> Check {
    let mut a = Agree::new();
    let mut count = 0usize;
    for g in spec.graphs() {
        let n = g.n();
        let Some(els) = aut_elements(&g, LIMIT) else {
            return Check::new(
                "orbits partition V",
                Value::text("-", ""),
                Value::text("-", ""),
                enumeration(),
                Outcome::Undecided,
            )
            .with_note(format!("{g}: |Aut| above {LIMIT}"));
        };
        for s in &els {
            count += 1;
            let orbits: Vec<BTreeSet<usize>> = (0..n)
                .map(|v| orbit_of(s, v).into_iter().collect())
                .collect();
            let ok = (0..n).all(|v| orbits[v].contains(&v))
                && (0..n).all(|v| {
                    (0..n).all(|w| orbits[v] == orbits[w] || orbits[v].is_disjoint(&orbits[w]))
                });
            a.push_ok(ok, || format!("{g} sigma = {}", fmt_perm(s)));
        }
    }
    let mut c = a.finish(
        "orbits of the vertices under each automorphism sigma partition V",
        enumeration(),
    );
    c.note = format!("{}; {count} automorphisms", c.note);
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-D8: distance-regularity, literal and standard readings

/// `(b, c, first pair)` seen at a distance.
type Seen = Option<(usize, usize, (usize, usize))>;

/// The printed wording with x := v: for all v, w at finite distance i, `c_i = |G_{i−1}(v) ∩ N(w)|`
/// and `b_i = |G_{i+1}(v) ∩ N(v)|` do not depend on (v, w); connectivity is not required.
#[allow(clippy::needless_range_loop)]
fn dr_literal(g: &Graph) -> Result<(), String> {
    let d = g.distances();
    let mut seen: Vec<Seen> = Vec::new();
    for v in 0..g.n() {
        for w in 0..g.n() {
            let Some(i) = d[v][w] else { continue };
            let c = g
                .neighbours(w)
                .iter()
                .filter(|&&y| i >= 1 && d[v][y] == Some(i - 1))
                .count();
            let b = g
                .neighbours(v)
                .iter()
                .filter(|&&y| d[v][y] == Some(i + 1))
                .count();
            if seen.len() <= i {
                seen.resize(i + 1, None);
            }
            match seen[i] {
                None => seen[i] = Some((b, c, (v, w))),
                Some((b1, c1, p)) if (b1, c1) != (b, c) => {
                    return Err(format!(
                        "i={i}: pair {p:?} has (b,c)=({b1},{c1}), pair ({v},{w}) has ({b},{c})"
                    ))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// The standard reading, from the definition (a naive reference for the graph module):
/// connected, and `b_i = |G_{i+1}(v) ∩ N(w)|`, `c_i = |G_{i−1}(v) ∩ N(w)|` independent of the
/// pair. Returns `(b_0..b_{D−1}, c_1..c_D)`.
#[allow(clippy::needless_range_loop)]
fn dr_standard(g: &Graph) -> Result<(Vec<usize>, Vec<usize>), String> {
    let d = g.distances();
    let mut bc: Vec<Option<(usize, usize)>> = Vec::new();
    for v in 0..g.n() {
        for w in 0..g.n() {
            let Some(i) = d[v][w] else {
                return Err(format!("disconnected: {v}, {w}"));
            };
            let count = |want: Option<usize>| {
                g.neighbours(w)
                    .iter()
                    .filter(|&&y| want.is_some() && d[v][y] == want)
                    .count()
            };
            let b = count(Some(i + 1));
            let c = count(i.checked_sub(1));
            if bc.len() <= i {
                bc.resize(i + 1, None);
            }
            match bc[i] {
                None => bc[i] = Some((b, c)),
                Some(x) if x != (b, c) => {
                    return Err(format!("i={i}: (b,c) = {x:?} and ({b},{c}) at ({v},{w})"))
                }
                _ => {}
            }
        }
    }
    let bc: Vec<(usize, usize)> = bc.into_iter().map(|x| x.unwrap_or((0, 0))).collect();
    let dd = bc.len() - 1;
    Ok((
        (0..dd).map(|i| bc[i].0).collect(),
        (1..=dd).map(|i| bc[i].1).collect(),
    ))
}

/// The consequences of the standard reading on a DR graph: `b_0 = k`, `c_1 = 1`,
/// `n_0 = 1`, `n_{i+1} = n_i b_i / c_{i+1}` equal to the BFS profile of every vertex.
fn dr_consequences(g: &Graph, b: &[usize], c: &[usize]) -> bool {
    if g.n() == 1 {
        return b.is_empty();
    }
    let Some(k) = g.regular_degree() else {
        return false;
    };
    if b[0] != k || c[0] != 1 {
        return false;
    }
    let mut sizes = vec![1usize];
    for i in 0..b.len() {
        let num = sizes[i] * b[i];
        if !num.is_multiple_of(c[i]) {
            return false;
        }
        sizes.push(num / c[i]);
    }
    (0..g.n()).all(|v| g.distance_profile(v) == sizes)
}

/// AACP-D8: the printed wording (literal reading, x := v) and the standard reading define the
/// same graphs. Reports every graph of the cell on which they differ.
fn check_d8(spec: &Spec) -> Check {
    let mut differ = Vec::new();
    let (mut total, mut std_count, mut lit_count) = (0usize, 0usize, 0usize);
    for g in spec.graphs() {
        total += 1;
        let lit = dr_literal(&g).is_ok();
        let std = dr_standard(&g).is_ok();
        lit_count += usize::from(lit);
        std_count += usize::from(std);
        if lit != std {
            let why = match (dr_literal(&g), dr_standard(&g)) {
                (Ok(()), Err(e)) => format!("literal accepts, standard rejects ({e})"),
                (Err(e), Ok(_)) => format!("standard accepts, literal rejects ({e})"),
                _ => String::new(),
            };
            differ.push((
                g.is_connected(),
                format!("{} [edges {:?}]: {why}", g.name(), g.edges()),
            ));
        }
    }
    let ok = differ.is_empty();
    let note = if ok {
        format!("the readings agree on all {total} graphs")
    } else {
        let first = |conn: bool| {
            differ
                .iter()
                .find(|(c, _)| *c == conn)
                .map_or("none".to_string(), |(_, w)| w.clone())
        };
        format!(
            "counterexample: {}; the readings differ on {} of {total} graphs; first connected: {}; first disconnected: {}",
            differ[0].1,
            differ.len(),
            first(true),
            first(false)
        )
    };
    structural(
        "printed Definition 2 (x := v: b_i counts neighbours of v in G_(i+1)(v))  <=>  standard distance-regularity",
        format!("literal reading accepts {lit_count} of {total}"),
        format!("standard reading accepts {std_count} of {total}"),
        ok,
        note,
    )
}

/// AACP-D8-corrected: the standard reading, implemented from the definition, agrees with the
/// graph module's `intersection_array` (same array), and on DR graphs `b_0 = k`, `c_1 = 1`,
/// `n_{i+1} = n_i b_i / c_{i+1}` for every vertex.
fn check_d8_standard(spec: &Spec) -> Check {
    let mut a = Agree::new();
    let mut dr = Vec::new();
    for g in spec.graphs() {
        let mine = dr_standard(&g);
        let lib = g.intersection_array();
        let same = match (&mine, &lib) {
            (Ok((b, c)), Ok(arr)) => *b == arr.b && *c == arr.c,
            (Err(_), Err(_)) => true,
            _ => false,
        };
        let cons = match &mine {
            Ok((b, c)) => {
                dr.push(format!("{}: {{{b:?};{c:?}}}", g.name()));
                dr_consequences(&g, b, c)
            }
            Err(_) => true,
        };
        a.push_ok(same && cons, || {
            format!(
                "{}: naive {mine:?} vs module {lib:?}, consequences {cons}",
                g.name()
            )
        });
    }
    let mut c = a.finish(
        "standard reading (naive) = module intersection array; b_0 = k, c_1 = 1, n_(i+1) = n_i b_i / c_(i+1)",
        enumeration(),
    );
    let shown: Vec<String> = dr.iter().take(6).cloned().collect();
    c.note = format!(
        "{}; {} DR graphs{}{}",
        c.note,
        dr.len(),
        if shown.is_empty() { "" } else { ": " },
        shown.join(", ")
    );
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-D9: VT+

/// AACP-D9: on each graph, the three forms of VT+ (Definition 3; the Latin square
/// `L[i][v] = σ_i(v)`; normalised `σ_0 = id` with fixed-point-free `σ_i^{-1}σ_j`) agree on the
/// VT+ witness and on seeded random n-sets of automorphisms; every VT+ graph is VT.
fn check_d9(spec: &Spec) -> Check {
    let mut a = Agree::new();
    let (mut vtp, mut graphs, mut group_witness) = (0usize, 0usize, 0usize);
    let mut rng = super::common::Lcg(9);
    for g in spec.graphs() {
        graphs += 1;
        let n = g.n();
        let mut sets: Vec<Vec<Perm>> = Vec::new();
        match g.vt_plus(LIMIT) {
            VtPlus::Witness(w) => {
                vtp += 1;
                a.push_ok(g.is_vertex_transitive(), || format!("{g}: VT+ but not VT"));
                let closed = w
                    .iter()
                    .all(|x| w.iter().all(|y| w.contains(&compose(x, y))));
                group_witness += usize::from(closed);
                sets.push(w);
            }
            VtPlus::NoneExhaustive => {}
            VtPlus::Undecided { why } => {
                return Check::new(
                    "VT+ forms agree",
                    Value::text("-", ""),
                    Value::text("-", ""),
                    enumeration(),
                    Outcome::Undecided,
                )
                .with_note(format!("{g}: {why}"))
            }
        }
        if let Some(els) = aut_elements(&g, LIMIT) {
            for _ in 0..20 {
                sets.push(
                    (0..n)
                        .map(|_| els[rng.below(els.len() as u64) as usize].clone())
                        .collect(),
                );
            }
        }
        for s in sets {
            let def = vt_plus_def(n, &s);
            a.push(def, latin(n, &s), || format!("{g}: Latin form, set {s:?}"));
            a.push(def, normalised_fpf(n, &s), || {
                format!("{g}: normalised form, set {s:?}")
            });
        }
    }
    let mut c = a.finish(
        "{s_i(v)} = V for all v  <=>  L[i][v] = s_i(v) Latin  <=>  s_0^-1 s_i: id and pairwise fixed-point-free quotients; VT+ => VT",
        enumeration(),
    );
    c.note = format!(
        "{}; {vtp} of {graphs} graphs VT+ (witness re-checked), {group_witness} of the witnesses closed under composition",
        c.note
    );
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-D10: single-orbit automorphism ⇔ circulant

/// All circulants on n vertices (jump sets ⊆ {1..n/2}).
fn circulants(n: usize) -> Vec<Graph> {
    let half = n / 2;
    (0u32..1 << half)
        .map(|mask| {
            let jumps: Vec<usize> = (1..=half).filter(|s| mask >> (s - 1) & 1 == 1).collect();
            Graph::circulant(n, &jumps)
        })
        .collect()
}

/// AACP-D10: on every graph of the cell, "Aut has an n-cycle element" (all of Aut enumerated;
/// cross-checked by the circulant-labelling search) ⇔ "isomorphic to some C_n(S)" (VF2 against
/// every circulant on n vertices).
fn check_d10(spec: &Spec) -> Check {
    let mut a = Agree::new();
    let mut yes = 0usize;
    for g in spec.graphs() {
        let n = g.n();
        let (found, how) = has_n_cycle(&g, LIMIT);
        let Some(found) = found else {
            return Check::new(
                "single-orbit <=> circulant",
                Value::text("-", ""),
                Value::text("-", ""),
                enumeration(),
                Outcome::Undecided,
            )
            .with_note(format!("{g}: {how}"));
        };
        let search = find_n_cycle(&g, LIMIT);
        let circ = circulants(n.max(1))
            .iter()
            .any(|c| is_isomorphic(c.as_petgraph(), g.as_petgraph()));
        yes += usize::from(found.is_some());
        a.push(found.is_some(), circ, || format!("{} [{how}]", g.name()));
        a.push_ok(
            matches!(&search, Ok(x) if x.is_some() == found.is_some()),
            || format!("{}: enumeration and labelling search disagree", g.name()),
        );
    }
    let mut c = a.finish(
        "Aut has a single n-cycle element  <=>  G isomorphic to a circulant C_n(S)",
        enumeration(),
    );
    c.note = format!("{}; {yes} graphs have a single-orbit automorphism", c.note);
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-D11: constant distance distribution

/// AACP-D11: the module's `has_constant_distance_profile` agrees with the definition (the sorted
/// multiset `{d(r, j)}_j` is the same for every r, graph connected); DR ⇒ CDD and VT ⇒ CDD.
fn check_d11(spec: &Spec) -> Check {
    let mut a = Agree::new();
    let (mut cdd, mut neither, mut total) = (0usize, Vec::new(), 0usize);
    for g in spec.graphs() {
        total += 1;
        let d = g.distances();
        let multisets: Vec<Vec<Option<usize>>> = d
            .iter()
            .map(|row| {
                let mut r = row.clone();
                r.sort();
                r
            })
            .collect();
        let naive = g.is_connected() && multisets.iter().all(|m| *m == multisets[0]);
        let lib = g.has_constant_distance_profile();
        let dr = g.is_distance_regular();
        let vt = g.is_vertex_transitive();
        cdd += usize::from(naive);
        if naive && !dr && !vt {
            neither.push(g.name().to_string());
        }
        a.push(naive, lib, || {
            format!("{}: CDD definition vs module", g.name())
        });
        a.push_ok(!dr || naive, || format!("{}: DR but not CDD", g.name()));
        a.push_ok(!(vt && g.is_connected()) || naive, || {
            format!("{}: VT but not CDD", g.name())
        });
    }
    let mut c = a.finish(
        "CDD by definition = module; DR => CDD; VT (connected) => CDD",
        enumeration(),
    );
    c.note = format!(
        "{}; {cdd} of {total} CDD; CDD but neither DR nor VT: {}",
        c.note,
        if neither.is_empty() {
            "none".to_string()
        } else {
            neither.join(", ")
        }
    );
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-G2: single orbit ⇒ VT+

/// AACP-G2: for every circulant C_n(S) (S ≠ ∅) the rotation σ is a single-orbit automorphism and
/// `{σ^i}` is a VT+ set (Latin square of automorphisms); also every n-cycle automorphism of every
/// graph on n vertices (Aut enumerated) gives a VT+ set.
fn check_g2(n: &usize) -> Check {
    let n = *n;
    let mut a = Agree::new();
    let mut cnt = 0usize;
    for g in circulants(n).into_iter().skip(1) {
        let s = rotation(n);
        let ps = powers(&s);
        cnt += 1;
        a.push_ok(
            g.is_automorphism(&s)
                && single_cycle(&s)
                && latin(n, &ps)
                && ps.iter().all(|p| g.is_automorphism(p)),
            || format!("{}: rotation powers", g.name()),
        );
    }
    if n <= 6 {
        for g in all_graphs(n) {
            if let Some(els) = aut_elements(&g, LIMIT) {
                for s in els.iter().filter(|s| single_cycle(s)) {
                    cnt += 1;
                    let ps = powers(s);
                    a.push_ok(
                        latin(n, &ps) && ps.iter().all(|p| g.is_automorphism(p)),
                        || format!("{}: sigma {}", g.name(), fmt_perm(s)),
                    );
                }
            }
        }
    }
    let mut c = a.finish(
        "sigma a single-orbit automorphism  =>  {sigma^i : 0 <= i < n} is a VT+ set",
        enumeration(),
    );
    c.note = format!("{}; {cnt} single-orbit automorphisms checked", c.note);
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-G3: neither class contains the other; Hamming graphs in the intersection

/// The parts of the G3 statement, one instance each.
#[derive(Clone, Debug)]
pub enum G3Part {
    /// DR but not VT+, on the given graph.
    DrNotVtPlus(Spec),
    /// VT+ but not DR.
    VtPlusNotDr(Spec),
    /// Both DR and VT+.
    Both(Spec),
    /// Census of a family: counts by class.
    Census(Spec),
}

impl fmt::Display for G3Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            G3Part::DrNotVtPlus(s) => write!(f, "DR not VT+: {s}"),
            G3Part::VtPlusNotDr(s) => write!(f, "VT+ not DR: {s}"),
            G3Part::Both(s) => write!(f, "DR and VT+: {s}"),
            G3Part::Census(s) => write!(f, "census: {s}"),
        }
    }
}

fn g3_grid() -> Vec<G3Part> {
    let mut v = vec![
        G3Part::DrNotVtPlus(Spec::LatinNonGroup5),
        G3Part::VtPlusNotDr(Spec::Circulant(6, vec![2, 3])),
        G3Part::VtPlusNotDr(Spec::Circulant(7, vec![1, 2])),
        G3Part::Both(Spec::Hamming(2, 3)),
        G3Part::Both(Spec::Hamming(3, 2)),
        G3Part::Both(Spec::LatinCyclic5),
        G3Part::Both(Spec::Petersen),
    ];
    for n in 2..=6 {
        v.push(G3Part::Census(Spec::All { n, connected: true }));
    }
    v
}

fn vt_plus_answer(g: &Graph) -> Option<bool> {
    match g.vt_plus(LIMIT) {
        VtPlus::Witness(_) => Some(true),
        VtPlus::NoneExhaustive => Some(false),
        VtPlus::Undecided { .. } => None,
    }
}

fn class_line(g: &Graph) -> String {
    let dr = match g.intersection_array() {
        Ok(a) => format!("DR {a}"),
        Err(e) => format!("not DR ({e})"),
    };
    let vt = match g.vertex_transitivity() {
        Ok(_) => "VT".to_string(),
        Err(w) => format!("not VT ({})", w.reason),
    };
    let vtp = match g.vt_plus(LIMIT) {
        VtPlus::Witness(w) => format!(
            "VT+ (witness of {} automorphisms re-checked; sigma_1 = {})",
            w.len(),
            fmt_perm(&w[1.min(w.len() - 1)])
        ),
        VtPlus::NoneExhaustive => "not VT+ (no sharply transitive set)".to_string(),
        VtPlus::Undecided { why } => format!("VT+ undecided ({why})"),
    };
    format!("{dr}; {vt}; {vtp}")
}

/// AACP-G3: witnesses for each part (DR ⊄ VT+, VT+ ⊄ DR, DR ∩ VT+ ≠ ∅) and a census of the
/// connected graphs on n vertices.
fn check_g3(part: &G3Part) -> Check {
    let single = |s: &Spec, want_dr: bool, want_vtp: bool, what: &str| {
        let g = s.graph();
        let dr = g.is_distance_regular();
        match vt_plus_answer(&g) {
            None => Check::new(
                what,
                Value::text(class_line(&g), ""),
                Value::text("-", ""),
                enumeration(),
                Outcome::Undecided,
            ),
            Some(vtp) => structural(
                what,
                class_line(&g),
                format!(
                    "{}DR, {}VT+",
                    if want_dr { "" } else { "not " },
                    if want_vtp { "" } else { "not " }
                ),
                dr == want_dr && vtp == want_vtp,
                format!(
                    "{}: witness graph with {} vertices, {} edges",
                    g.name(),
                    g.n(),
                    g.m()
                ),
            ),
        }
    };
    match part {
        G3Part::DrNotVtPlus(s) => single(s, true, false, "a DR graph that is not VT+"),
        G3Part::VtPlusNotDr(s) => single(s, false, true, "a VT+ graph that is not DR"),
        G3Part::Both(s) => single(s, true, true, "a graph in DR and VT+"),
        G3Part::Census(s) => {
            let (mut dr, mut vtp, mut both, mut dr_only, mut vtp_only, mut und) =
                (0, 0, 0, 0, 0, 0);
            let gs = s.graphs();
            for g in &gs {
                let d = g.is_distance_regular();
                let Some(p) = vt_plus_answer(g) else {
                    und += 1;
                    continue;
                };
                dr += usize::from(d);
                vtp += usize::from(p);
                both += usize::from(d && p);
                dr_only += usize::from(d && !p);
                vtp_only += usize::from(p && !d);
            }
            Check::new(
                "class census (DR, VT+) of the connected graphs",
                Value::text(
                    format!(
                        "{} graphs: {dr} DR, {vtp} VT+, {both} both, {dr_only} DR only, {vtp_only} VT+ only",
                        gs.len()
                    ),
                    "",
                ),
                Value::text("report", ""),
                enumeration(),
                if und == 0 {
                    Outcome::Holds
                } else {
                    Outcome::Undecided
                },
            )
            .with_note(format!("{und} undecided VT+ searches"))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// AACP-P1, AACP-G8, AACP-E4, AACP-C-clique: Hamming graphs

/// The translations `σ_a(x) = x + a` (coordinatewise mod v) of H(u, v), built from the labels.
fn translations(g: &Graph, v: usize) -> Vec<Perm> {
    (0..g.n())
        .map(|a| {
            let da = g.hamming_label(a);
            (0..g.n())
                .map(|x| {
                    let y: Vec<usize> = g
                        .hamming_label(x)
                        .iter()
                        .zip(&da)
                        .map(|(p, q)| (p + q) % v)
                        .collect();
                    g.hamming_index(&y)
                })
                .collect()
        })
        .collect()
}

/// H(u, v) is DR (naive intersection numbers from every pair) and VT+ (translations: each an
/// automorphism, Latin square). Returns (ok, description).
fn hamming_dr_vtp(u: usize, v: usize) -> (bool, String) {
    let g = Graph::hamming(u, v);
    let dr = dr_standard(&g);
    let tr = translations(&g, v);
    let autos = tr.iter().all(|s| g.is_automorphism(s));
    let lat = latin(g.n(), &tr);
    let desc = match &dr {
        Ok((b, c)) => format!(
            "intersection array {{{}; {}}}, diameter {}; {} translations: automorphisms {autos}, Latin square {lat}",
            b.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","),
            c.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","),
            b.len(),
            tr.len()
        ),
        Err(e) => format!("not DR: {e}"),
    };
    (dr.is_ok() && autos && lat, desc)
}

/// AACP-P1: H(u, v) is distance-regular and VT+.
fn check_p1(p: &Uv) -> Check {
    let (ok, desc) = hamming_dr_vtp(p.u, p.v);
    structural(
        "H(u,v) distance-regular (all pairs) and VT+ (translations x -> x + a)",
        desc,
        "DR and VT+".into(),
        ok,
        if p.u == 0 || p.v == 1 {
            "degenerate: one vertex".into()
        } else {
            String::new()
        },
    )
}

fn binom(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// `C(u, d)·(v − 1)^d` for d = 0..u (eq. (4)).
fn e4_profile(u: usize, v: usize) -> Vec<usize> {
    (0..=u)
        .map(|d| binom(u, d) * (v - 1).pow(d as u32))
        .collect()
}

/// AACP-E4: `n_d(x) = C(u,d)(v−1)^d` for every vertex x (BFS from each), and `Σ n_d = v^u`.
fn check_e4(p: &Uv) -> Check {
    let g = Graph::hamming(p.u, p.v);
    let want = e4_profile(p.u, p.v);
    let bad = (0..g.n()).find(|&x| g.distance_profile(x) != want);
    let sum: usize = want.iter().sum();
    let ok = bad.is_none() && sum == p.v.pow(p.u as u32);
    structural(
        "BFS profile n_d(x) for every x  =  C(u,d)(v-1)^d;  sum_d n_d = v^u",
        match bad {
            Some(x) => format!("vertex {x}: {:?}", g.distance_profile(x)),
            None => format!("every vertex: {:?}", g.distance_profile(0)),
        },
        format!("{want:?} (sum {sum})"),
        ok,
        format!("BFS from all {} vertices", g.n()),
    )
}

/// AACP-G8: Figure 3's graphs, Q4 = H(4,2) and H(3,3): DR and VT+ (as P1) and profile as E4.
fn check_g8(p: &Uv) -> Check {
    let (ok, desc) = hamming_dr_vtp(p.u, p.v);
    let g = Graph::hamming(p.u, p.v);
    let want = e4_profile(p.u, p.v);
    let prof = (0..g.n()).all(|x| g.distance_profile(x) == want);
    structural(
        "Figure 3 graph: DR, VT+ (translations), n_d = C(u,d)(v-1)^d",
        desc,
        format!("DR, VT+, n_d = {want:?}"),
        ok && prof,
        format!("{} vertices, {} edges", g.n(), g.m()),
    )
}

/// AACP-C-clique: for every database x and individual i, `{x[i ↦ w] : w ∈ V}` is a clique of
/// size v (so within it n_0 = 1, n_1 = v − 1, n_d = 0 for d >= 2), and a maximal one.
fn check_clique(p: &Uv) -> Check {
    let g = Graph::hamming(p.u, p.v);
    let mut a = Agree::new();
    for x in 0..g.n() {
        let lx = g.hamming_label(x);
        for i in 0..p.u {
            let line: Vec<usize> = (0..p.v)
                .map(|w| {
                    let mut y = lx.clone();
                    y[i] = w;
                    g.hamming_index(&y)
                })
                .collect();
            let distinct = line.iter().collect::<BTreeSet<_>>().len() == p.v;
            let clique = line
                .iter()
                .all(|&a| line.iter().all(|&b| a == b || g.adjacent(a, b)));
            let maximal = (0..g.n())
                .filter(|y| !line.contains(y))
                .all(|y| !line.iter().all(|&z| g.adjacent(y, z)));
            a.push_ok(distinct && clique && maximal, || {
                format!(
                    "x = {lx:?}, i = {i}: distinct {distinct}, clique {clique}, maximal {maximal}"
                )
            });
        }
    }
    let mut c = a.finish(
        "{x[i -> w] : w in V} is a clique of size v (profile 1, v-1 within it), maximal",
        enumeration(),
    );
    c.note = format!("{}; {} (x, i) pairs", c.note, g.n() * p.u);
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-G4: hypercube

/// AACP-G4: H(n, 2) equals Q_n built from bit strings (x ~ x xor 2^k), identical labelling.
fn check_g4(n: &usize) -> Check {
    let n = *n;
    let size = 1usize << n;
    let mut q: BTreeSet<(usize, usize)> = BTreeSet::new();
    for x in 0..size {
        for k in 0..n {
            let y = x ^ (1 << k);
            q.insert((x.min(y), x.max(y)));
        }
    }
    let h: BTreeSet<(usize, usize)> = Graph::hamming(n, 2)
        .edges()
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    structural(
        "edges of ({a,b}^Ind, ~) with |Ind| = n  =  edges of Q_n (bit strings, flip one bit)",
        format!("{} edges", h.len()),
        format!("Q{n}: {} edges", q.len()),
        h == q,
        format!("2^{n} = {size} vertices, identical labelling"),
    )
}

// ---------------------------------------------------------------------------------------------
// AACP-G5: single-orbit automorphisms of H(u, v)

/// The set S* of Figure 4: |V| = 2 and |Ind| <= 2.
fn in_s_star(u: usize, v: usize) -> bool {
    v == 2 && u <= 2
}

/// The exception set the tool finds (G5-corrected): u = 1 (cliques K_v) or (u, v) = (2, 2).
fn in_corrected(u: usize, v: usize) -> bool {
    u == 1 || (u, v) == (2, 2)
}

fn factorial(n: usize) -> malachite::Natural {
    (1..=n as u64).fold(malachite::Natural::from(1u32), |a, k| {
        a * malachite::Natural::from(k)
    })
}

/// Decide whether H(u, v) has a single-orbit automorphism; also check |Aut| = (v!)^u·u!.
fn g5_decide(p: &Uv) -> (Option<bool>, String) {
    let g = Graph::hamming(p.u, p.v);
    let aut = g.automorphisms();
    let want = {
        let mut o = factorial(p.u);
        for _ in 0..p.u {
            o *= factorial(p.v);
        }
        o
    };
    let order_ok = aut.order_natural() == want;
    let (found, how) = has_n_cycle(&g, 100_000);
    let ans = found.as_ref().map(|f| f.is_some());
    let detail = match &found {
        Some(Some(s)) => format!("single-orbit automorphism {} ({how})", fmt_perm(s)),
        Some(None) => format!("no single-orbit automorphism ({how})"),
        None => format!("undecided ({how})"),
    };
    (
        if order_ok { ans } else { None },
        format!(
            "|Aut| = {} {} (v!)^u u! = {want}; {detail}",
            aut.order_natural(),
            if order_ok { "=" } else { "!=" }
        ),
    )
}

fn g5_grid() -> Vec<Uv> {
    uv_grid(27, false)
}

fn g5_beyond(size: usize) -> Vec<Uv> {
    // larger instances: v^u in (27·size, 27·(size+1)]
    uv_grid(27 * (size + 1), false)
        .into_iter()
        .filter(|p| p.v.pow(p.u as u32) > 27 * size)
        .collect()
}

fn check_g5_with(p: &Uv, corrected: bool) -> Check {
    let (ans, detail) = g5_decide(p);
    let claimed = if corrected {
        in_corrected(p.u, p.v)
    } else {
        in_s_star(p.u, p.v)
    };
    let set = if corrected {
        "u = 1 or (u,v) = (2,2)"
    } else {
        "S* = {|V| = 2, |Ind| <= 2}"
    };
    match ans {
        None => Check::new(
            format!("H(u,v) has a single-orbit automorphism  <=>  H(u,v) in {set}"),
            Value::text(detail.clone(), ""),
            Value::text("-", ""),
            enumeration(),
            Outcome::Undecided,
        ),
        Some(has) => structural(
            &format!("H(u,v) has a single-orbit automorphism  <=>  H(u,v) in {set}"),
            format!(
                "single-orbit automorphism: {}",
                if has { "yes" } else { "no" }
            ),
            format!(
                "in the exception set: {}",
                if claimed { "yes" } else { "no" }
            ),
            has == claimed,
            if has == claimed {
                detail
            } else {
                format!("counterexample: H({},{}): {detail}", p.u, p.v)
            },
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// AACP-G6, AACP-G7

/// AACP-G6: the three graphs of Figure 1 are DR with degree 3 (intersection arrays reported);
/// "tetrahedral graph" read as K4, with J(n,3) (the DR literature's name) also reported.
fn check_g6(spec: &Spec) -> Check {
    let g = spec.graph();
    let arr = g.intersection_array();
    let deg = g.regular_degree();
    let k4 = Graph::complete(4);
    let iso_k4 = g.n() == 4 && is_isomorphic(g.as_petgraph(), k4.as_petgraph());
    let mut note = match spec {
        Spec::Johnson(..) => format!(
            "reading 'tetrahedral graph' = J(n,3): isomorphic to K4: {iso_k4}; only n = 4 has degree 3"
        ),
        _ => String::new(),
    };
    let must_be_cubic = !matches!(spec, Spec::Johnson(n, _) if *n > 4);
    if matches!(spec, Spec::Petersen) {
        note = format!("Petersen VT+ search (not a paper claim): {}", match g.vt_plus(LIMIT) {
            VtPlus::Witness(w) => {
                let closed = w.iter().all(|x| w.iter().all(|y| w.contains(&compose(x, y))));
                format!("VT+ witness found ({} automorphisms, closed under composition: {closed}): {}", w.len(), w.iter().map(fmt_perm).collect::<Vec<_>>().join(" "))
            }
            VtPlus::NoneExhaustive => "no sharply transitive set of 10 automorphisms exists (exhaustive): the Petersen graph is VT but not VT+".into(),
            VtPlus::Undecided { why } => format!("undecided: {why}"),
        });
    }
    let ok = arr.is_ok() && (!must_be_cubic || deg == Some(3));
    structural(
        "distance-regular with degree 3 (Figure 1)",
        format!(
            "{}, degree {}",
            match &arr {
                Ok(a) => format!("DR, intersection array {a}"),
                Err(e) => format!("not DR: {e}"),
            },
            deg.map_or("irregular".into(), |d| d.to_string())
        ),
        if must_be_cubic {
            "DR, degree 3".into()
        } else {
            "DR (degree 3 not expected: J(n,3), n > 4, is only reported)".into()
        },
        ok,
        note,
    )
}

fn g6_grid() -> Vec<Spec> {
    vec![
        Spec::Complete(4),
        Spec::Hamming(3, 2),
        Spec::Petersen,
        Spec::Johnson(4, 3),
        Spec::Johnson(5, 3),
        Spec::Johnson(6, 3),
    ]
}

/// AACP-G7: Figure 2's graphs (cycles C3..C12; the 4-regular circulants C_n(a,b), n = 5..12;
/// K6) have the single-orbit automorphism i -> i + 1, hence VT+ via its powers; DR reported.
fn check_g7(spec: &Spec) -> Check {
    let g = spec.graph();
    let n = g.n();
    let s = rotation(n);
    let ps = powers(&s);
    let ok = g.is_automorphism(&s)
        && single_cycle(&s)
        && latin(n, &ps)
        && ps.iter().all(|p| g.is_automorphism(p));
    let deg = g.regular_degree();
    structural(
        "i -> i+1 is a single-orbit automorphism and {sigma^i} is a VT+ set",
        format!(
            "rotation automorphism and VT+: {ok}; degree {}; {}",
            deg.map_or("irregular".into(), |d| d.to_string()),
            match g.intersection_array() {
                Ok(a) => format!("DR {a}"),
                Err(_) => "not DR".into(),
            }
        ),
        "single-orbit, VT+".into(),
        ok,
        String::new(),
    )
}

/// `dpcert search` beyond [`g7_grid`]: the cycle and the 4-regular circulants on `12 + s`
/// vertices.
fn g7_beyond(s: usize) -> Vec<Spec> {
    let n = 12 + s;
    let mut v = vec![Spec::Cycle(n)];
    for a in 1..n {
        for b in a + 1..n {
            if 2 * b < n {
                v.push(Spec::Circulant(n, vec![a, b]));
            }
        }
    }
    v
}

fn g7_grid() -> Vec<Spec> {
    let mut v: Vec<Spec> = (3..=12).map(Spec::Cycle).collect();
    for n in 5..=12 {
        for a in 1..n {
            for b in a + 1..n {
                if 2 * b < n {
                    v.push(Spec::Circulant(n, vec![a, b]));
                }
            }
        }
    }
    v.push(Spec::Complete(6));
    v
}

// ---------------------------------------------------------------------------------------------
// grids

fn small_families() -> Vec<Spec> {
    let mut v: Vec<Spec> = (1..=6)
        .map(|n| Spec::All {
            n,
            connected: false,
        })
        .collect();
    v.extend(named_graphs());
    v
}

/// `dpcert search` beyond the families on at most 6 vertices: named connected graphs on
/// `6 + s` vertices (Hamming H(2, 3 + s), complete, cycle, path, star, (1,2)-circulant).
fn families_beyond(s: usize) -> Vec<Spec> {
    let n = 6 + s;
    vec![
        Spec::Hamming(2, 3 + s),
        Spec::Complete(n),
        Spec::Cycle(n),
        Spec::Path(n),
        Spec::Star(n - 1),
        Spec::Circulant(n, vec![1, 2]),
    ]
}

fn connected_families() -> Vec<Spec> {
    let mut v: Vec<Spec> = (1..=6).map(|n| Spec::All { n, connected: true }).collect();
    v.extend(named_graphs().into_iter().filter(|s| *s != Spec::TwoK2));
    v
}

/// The claim checkers of this module.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-D1",
            grid: || uv_grid(64, true),
            beyond: Some(|s| uv_grid(64 * (s + 1), false)),
            check: check_d1,
        }
        .boxed(),
        Family {
            id: "AACP-C1",
            grid: || uv_grid(4096, true),
            beyond: Some(|s| uv_beyond(4096, s)),
            check: check_c1,
        }
        .boxed(),
        Family {
            id: "AACP-D7",
            grid: || {
                (1..=6)
                    .map(|n| Spec::All {
                        n,
                        connected: false,
                    })
                    .collect()
            },
            beyond: None,
            check: check_d7,
        }
        .boxed(),
        Family {
            id: "AACP-D8",
            grid: small_families,
            beyond: Some(families_beyond),
            check: check_d8,
        }
        .boxed(),
        Family {
            id: "AACP-D8-corrected",
            grid: small_families,
            beyond: Some(families_beyond),
            check: check_d8_standard,
        }
        .boxed(),
        Family {
            id: "AACP-D9",
            grid: connected_families,
            beyond: Some(families_beyond),
            check: check_d9,
        }
        .boxed(),
        Family {
            id: "AACP-D10",
            grid: || {
                (1..=6)
                    .map(|n| Spec::All {
                        n,
                        connected: false,
                    })
                    .collect()
            },
            beyond: None,
            check: check_d10,
        }
        .boxed(),
        Family {
            id: "AACP-D11",
            grid: small_families,
            beyond: Some(families_beyond),
            check: check_d11,
        }
        .boxed(),
        Family {
            id: "AACP-G1",
            grid: connected_families,
            beyond: Some(families_beyond),
            check: check_g1,
        }
        .boxed(),
        Family {
            id: "AACP-G2",
            grid: || (3..=10).collect(),
            beyond: Some(|s| vec![10 + s]),
            check: check_g2,
        }
        .boxed(),
        Family {
            id: "AACP-G3",
            grid: g3_grid,
            beyond: None,
            check: check_g3,
        }
        .boxed(),
        Family {
            id: "AACP-G4",
            grid: || (1..=6).collect(),
            beyond: Some(|s| vec![6 + s]),
            check: check_g4,
        }
        .boxed(),
        Family {
            id: "AACP-G5",
            grid: g5_grid,
            beyond: Some(g5_beyond),
            check: |p| check_g5_with(p, false),
        }
        .boxed(),
        Family {
            id: "AACP-G5-corrected",
            grid: g5_grid,
            beyond: Some(g5_beyond),
            check: |p| check_g5_with(p, true),
        }
        .boxed(),
        Family {
            id: "AACP-G6",
            grid: g6_grid,
            beyond: None,
            check: check_g6,
        }
        .boxed(),
        Family {
            id: "AACP-G7",
            grid: g7_grid,
            beyond: Some(g7_beyond),
            check: check_g7,
        }
        .boxed(),
        Family {
            id: "AACP-G8",
            grid: || vec![Uv { u: 4, v: 2 }, Uv { u: 3, v: 3 }],
            beyond: None,
            check: check_g8,
        }
        .boxed(),
        Family {
            id: "AACP-P1",
            grid: || uv_grid(64, true),
            beyond: Some(|s| {
                uv_grid(64 << s, false)
                    .into_iter()
                    .filter(|p| p.v.pow(p.u as u32) > 64 << (s - 1))
                    .collect()
            }),
            check: check_p1,
        }
        .boxed(),
        Family {
            id: "AACP-E4",
            grid: || {
                uv_grid(1024, false)
                    .into_iter()
                    .filter(|p| p.u >= 2 || p.v <= 32)
                    .collect()
            },
            beyond: Some(|s| {
                uv_grid(1024 << s, false)
                    .into_iter()
                    .filter(|p| p.u >= 2 && p.v.pow(p.u as u32) > 1024 << (s - 1))
                    .collect()
            }),
            check: check_e4,
        }
        .boxed(),
        Family {
            id: "AACP-C-clique",
            grid: || uv_grid(256, false),
            beyond: Some(|s| uv_beyond(256, s)),
            check: check_clique,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table of intersection arrays (standard reading, naive implementation).
    #[test]
    fn intersection_arrays_table() {
        let table: Vec<(Graph, Vec<usize>, Vec<usize>)> = vec![
            (Graph::complete(4), vec![3], vec![1]),
            (Graph::hypercube(3), vec![3, 2, 1], vec![1, 2, 3]),
            (Graph::petersen(), vec![3, 2], vec![1, 1]),
            (Graph::cycle(6), vec![2, 1, 1], vec![1, 1, 2]),
            (Graph::hamming(2, 3), vec![4, 2], vec![1, 2]),
        ];
        for (g, b, c) in table {
            assert_eq!(dr_standard(&g), Ok((b, c)), "{g}");
        }
        assert!(dr_standard(&Graph::path(3)).is_err());
    }

    /// Naive reference for the n-cycle search: brute force over all permutations (n <= 6).
    #[test]
    fn n_cycle_search_matches_brute_force() {
        for n in 1..=6 {
            for g in all_graphs(n) {
                let brute = all_perms(n)
                    .into_iter()
                    .any(|s| single_cycle(&s) && g.is_automorphism(&s));
                let found = find_n_cycle(&g, 1_000_000).expect("budget");
                assert_eq!(found.is_some(), brute, "{g}");
            }
        }
    }

    /// The literal reading accepts a disconnected graph that the standard reading rejects.
    #[test]
    fn literal_reading_differs_on_2k2() {
        let g = Graph::from_edges(4, &[(0, 1), (2, 3)]).unwrap();
        assert!(dr_literal(&g).is_ok());
        assert!(dr_standard(&g).is_err());
    }

    #[test]
    fn vt_plus_forms_on_c4() {
        let ps = powers(&rotation(4));
        assert!(vt_plus_def(4, &ps) && latin(4, &ps) && normalised_fpf(4, &ps));
        let bad = vec![ps[0].clone(), ps[1].clone(), ps[1].clone(), ps[3].clone()];
        assert!(!vt_plus_def(4, &bad) && !latin(4, &bad) && !normalised_fpf(4, &bad));
    }
}
