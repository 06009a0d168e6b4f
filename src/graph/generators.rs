//! Named graphs: Hamming graphs H(n,m), cycles, paths, cliques, complete bipartite graphs,
//! hypercubes, circulants, Petersen, the triangular prism, rook's graphs, the Shrikhande graph, and
//! the graphs drawn in the figures of Alvim–Andrés–Chatzikokolakis–Palamidessi (AACP, §3–§5).
//!
//! Parameters are checked by [`Graph::from_spec`] (the CLI's entry point); the constructors assert
//! them, since calling them with nonsense parameters is a programming error.

use super::graph::Graph;

impl Graph {
    /// The Hamming graph H(n, m) = K_m □ … □ K_m (n factors): vertices are the databases
    /// `x ∈ {0..m-1}^n`, adjacent iff they differ in exactly one coordinate (AACP §2.1, D1; WYZ
    /// §II). Vertex index = the base-m number with digits `x_0 x_1 … x_{n-1}`, most significant
    /// first, so the vertex order is the lexicographic order of the databases; see
    /// [`Graph::hamming_label`]. Requires `m >= 1` and `m^n` to fit in `usize`.
    pub fn hamming(n: usize, m: usize) -> Graph {
        assert!(m >= 1, "H(n,m) needs m >= 1");
        let size = m.checked_pow(n as u32).expect("m^n overflows usize");
        let mut edges = Vec::with_capacity(size * n * (m - 1) / 2);
        let mut place = 1usize; // m^(n-1-k) for coordinate k, walking from the last coordinate
        for _ in 0..n {
            for v in 0..size {
                let digit = (v / place) % m;
                for d in digit + 1..m {
                    edges.push((v, v + (d - digit) * place));
                }
            }
            place *= m;
        }
        let mut g = Graph::from_simple_edges(size, &edges, format!("H({n},{m})"));
        g.hamming = Some((n, m));
        g.cayley = Some(vec![m; n]);
        g
    }

    /// `Some((n, m))` when this graph was built by [`Graph::hamming`] (or [`Graph::hypercube`],
    /// [`Graph::rook`]).
    pub fn hamming_params(&self) -> Option<(usize, usize)> {
        self.hamming
    }

    /// The database `x = (x_0, …, x_{n-1})` of vertex `v` of H(n, m): the base-m digits of `v`, most
    /// significant first. Panics when the graph is not a Hamming graph.
    pub fn hamming_label(&self, v: usize) -> Vec<usize> {
        let (n, m) = self
            .hamming
            .expect("hamming_label on a graph that is not H(n,m)");
        hamming_digits(n, m, v)
    }

    /// The vertex of H(n, m) whose database is `x` (inverse of [`Graph::hamming_label`]).
    pub fn hamming_index(&self, x: &[usize]) -> usize {
        let (_, m) = self
            .hamming
            .expect("hamming_index on a graph that is not H(n,m)");
        x.iter().fold(0, |acc, &d| acc * m + d)
    }

    /// The cycle C_k (k >= 3): `i ~ i+1 mod k`.
    pub fn cycle(k: usize) -> Graph {
        assert!(k >= 3, "C_k needs k >= 3");
        let edges: Vec<_> = (0..k).map(|i| (i, (i + 1) % k)).collect();
        Graph::from_simple_edges(k, &edges, format!("C{k}")).cayley_of(&[k])
    }

    /// Label the graph as a Cayley graph of Z_{m_0} × … (see [`super::cayley`]).
    fn cayley_of(mut self, moduli: &[usize]) -> Graph {
        self.cayley = Some(moduli.to_vec());
        self
    }

    /// The path P_k on k >= 1 vertices: `i ~ i+1`.
    pub fn path(k: usize) -> Graph {
        assert!(k >= 1, "P_k needs k >= 1");
        let edges: Vec<_> = (1..k).map(|i| (i - 1, i)).collect();
        Graph::from_simple_edges(k, &edges, format!("P{k}"))
    }

    /// The complete graph K_k (k >= 1).
    pub fn complete(k: usize) -> Graph {
        assert!(k >= 1, "K_k needs k >= 1");
        let mut edges = Vec::new();
        for i in 0..k {
            for j in i + 1..k {
                edges.push((i, j));
            }
        }
        Graph::from_simple_edges(k, &edges, format!("K{k}")).cayley_of(&[k])
    }

    /// The complete bipartite graph K_{a,b} (a + b >= 1): parts `0..a` and `a..a+b`.
    pub fn complete_bipartite(a: usize, b: usize) -> Graph {
        assert!(a + b >= 1, "K_(a,b) needs a + b >= 1");
        let mut edges = Vec::new();
        for i in 0..a {
            for j in a..a + b {
                edges.push((i, j));
            }
        }
        Graph::from_simple_edges(a + b, &edges, format!("K({a},{b})"))
    }

    /// The star K_{1,k}: centre 0.
    pub fn star(k: usize) -> Graph {
        Graph::complete_bipartite(1, k).with_name(format!("star K(1,{k})"))
    }

    /// The hypercube Q_d = H(d, 2).
    pub fn hypercube(d: usize) -> Graph {
        let mut g = Graph::hamming(d, 2);
        g.name = format!("Q{d}");
        g
    }

    /// The circulant graph C_n(S): `i ~ i ± s mod n` for s in `jumps` (each 1 <= s <= n/2).
    pub fn circulant(n: usize, jumps: &[usize]) -> Graph {
        assert!(n >= 1);
        let mut edges = Vec::new();
        for i in 0..n {
            for &s in jumps {
                assert!(s >= 1 && 2 * s <= n, "circulant jump {s} out of 1..=n/2");
                let j = (i + s) % n;
                // jump n/2 (n even) would list each edge twice
                if !(2 * s == n && j < i) {
                    edges.push((i, j));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let list: Vec<String> = jumps.iter().map(|s| s.to_string()).collect();
        Graph::from_simple_edges(n, &edges, format!("C{n}({})", list.join(","))).cayley_of(&[n])
    }

    /// The Petersen graph as the Kneser graph K(5,2): vertices are the 2-subsets of {0..4} in
    /// lexicographic order, adjacent iff disjoint (AACP Figure 1(c)).
    pub fn petersen() -> Graph {
        let mut pairs = Vec::new();
        for a in 0..5 {
            for b in a + 1..5 {
                pairs.push((a, b));
            }
        }
        let mut edges = Vec::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for (j, &(c, d)) in pairs.iter().enumerate().skip(i + 1) {
                if a != c && a != d && b != c && b != d {
                    edges.push((i, j));
                }
            }
        }
        Graph::from_simple_edges(10, &edges, "Petersen".into())
    }

    /// The triangular prism C3 □ K2: triangles {0,1,2} and {3,4,5}, rungs i ~ i+3.
    pub fn prism() -> Graph {
        let edges = [
            (0, 1),
            (1, 2),
            (0, 2),
            (3, 4),
            (4, 5),
            (3, 5),
            (0, 3),
            (1, 4),
            (2, 5),
        ];
        Graph::from_simple_edges(6, &edges, "prism".into())
    }

    /// The k×k rook's graph K_k □ K_k = H(2, k): cells of a k×k board, adjacent iff they share a
    /// row or a column. For k = 4 it is strongly regular (16,6,2,2), like the Shrikhande graph.
    pub fn rook(k: usize) -> Graph {
        let mut g = Graph::hamming(2, k);
        g.name = format!("rook {k}x{k}");
        g
    }

    /// The Shrikhande graph: the Cayley graph of Z_4 × Z_4 with connection set
    /// {±(1,0), ±(0,1), ±(1,1)}; vertex (a, b) has index 4a + b.
    pub fn shrikhande() -> Graph {
        let idx = |a: usize, b: usize| 4 * (a % 4) + (b % 4);
        let mut edges = Vec::new();
        for a in 0..4 {
            for b in 0..4 {
                for (da, db) in [(1, 0), (0, 1), (1, 1)] {
                    edges.push((idx(a, b), idx(a + da, b + db)));
                }
            }
        }
        Graph::from_simple_edges(16, &edges, "Shrikhande".into())
    }

    /// Parse a generator spec: `hamming:N,M`, `cycle:K`, `path:K`, `complete:K`,
    /// `bipartite:A,B`, `star:K`, `hypercube:D`, `circulant:N,S1,S2,..`, `petersen`, `prism`,
    /// `rook:K`, `shrikhande`, `tetrahedral`. Returns `Ok(None)` when `spec` is not of that form
    /// (the CLI then treats it as a file path), `Err` for a known name with bad parameters.
    pub fn from_spec(spec: &str) -> Result<Option<Graph>, String> {
        let (name, args) = match spec.split_once(':') {
            Some((a, b)) => (a, Some(b)),
            None => (spec, None),
        };
        let nums = |want: usize| -> Result<Vec<usize>, String> {
            let a =
                args.ok_or_else(|| format!("`{name}` needs {want} parameter(s), e.g. `{name}:3`"))?;
            let v: Result<Vec<usize>, _> =
                a.split(',').map(|s| s.trim().parse::<usize>()).collect();
            let v = v.map_err(|_| format!("`{spec}`: parameters must be non-negative integers"))?;
            if want != usize::MAX && v.len() != want {
                return Err(format!(
                    "`{spec}`: `{name}` takes {want} parameter(s), got {}",
                    v.len()
                ));
            }
            Ok(v)
        };
        let no_args = |g: Graph| -> Result<Option<Graph>, String> {
            match args {
                None => Ok(Some(g)),
                Some(_) => Err(format!("`{name}` takes no parameters")),
            }
        };
        use super::edge_list::MAX_VERTICES;
        let too_big = |v: Option<usize>| v.filter(|&s| s <= MAX_VERTICES).is_none();
        match name {
            "hamming" => {
                let p = nums(2)?;
                if p[1] == 0 {
                    return Err(format!("`{spec}`: H(n,m) needs m >= 1"));
                }
                if too_big(p[1].checked_pow(p[0] as u32)) {
                    return Err(format!("`{spec}`: more than {MAX_VERTICES} vertices"));
                }
                Ok(Some(Graph::hamming(p[0], p[1])))
            }
            "hypercube" => {
                let p = nums(1)?;
                if p[0] > 16 {
                    return Err(format!("`{spec}`: more than {MAX_VERTICES} vertices"));
                }
                Ok(Some(Graph::hypercube(p[0])))
            }
            "cycle" => {
                let p = nums(1)?;
                if p[0] < 3 || p[0] > MAX_VERTICES {
                    return Err(format!(
                        "`{spec}`: a cycle needs 3..={MAX_VERTICES} vertices"
                    ));
                }
                Ok(Some(Graph::cycle(p[0])))
            }
            "path" | "complete" | "star" => {
                let p = nums(1)?;
                let lo = if name == "star" { 0 } else { 1 };
                if p[0] < lo || p[0] > MAX_VERTICES {
                    return Err(format!("`{spec}`: size out of range {lo}..={MAX_VERTICES}"));
                }
                Ok(Some(match name {
                    "path" => Graph::path(p[0]),
                    "complete" => Graph::complete(p[0]),
                    _ => Graph::star(p[0]),
                }))
            }
            "bipartite" => {
                let p = nums(2)?;
                if p[0] + p[1] == 0 || p[0] + p[1] > MAX_VERTICES {
                    return Err(format!("`{spec}`: needs 1..={MAX_VERTICES} vertices"));
                }
                Ok(Some(Graph::complete_bipartite(p[0], p[1])))
            }
            "rook" => {
                let p = nums(1)?;
                if p[0] == 0 || p[0] > 256 {
                    return Err(format!("`{spec}`: rook:K needs 1 <= K <= 256"));
                }
                Ok(Some(Graph::rook(p[0])))
            }
            "circulant" => {
                let p = nums(usize::MAX)?;
                let (n, jumps) = (p[0], &p[1..]);
                if n == 0 || n > MAX_VERTICES {
                    return Err(format!("`{spec}`: needs 1..={MAX_VERTICES} vertices"));
                }
                if let Some(s) = jumps.iter().find(|&&s| s == 0 || 2 * s > n) {
                    return Err(format!("`{spec}`: jump {s} is not in 1..={}", n / 2));
                }
                Ok(Some(Graph::circulant(n, jumps)))
            }
            "petersen" => no_args(Graph::petersen()),
            "prism" => no_args(Graph::prism()),
            "shrikhande" => no_args(Graph::shrikhande()),
            "tetrahedral" => no_args(Graph::complete(4).with_name("tetrahedral K4")),
            _ => Ok(None),
        }
    }
}

/// The base-m digits of `v` (n of them, most significant first): the database of vertex `v` of
/// H(n, m).
pub fn hamming_digits(n: usize, m: usize, mut v: usize) -> Vec<usize> {
    let mut x = vec![0; n];
    for k in (0..n).rev() {
        x[k] = v % m;
        v /= m;
    }
    x
}

/// The graphs drawn in the figures of AACP (captions only survive in the source; see
/// the claim specification `alvim-andres-chatzikokolakis-palamidessi` §11), with the caption:
/// Fig. 1(a) tetrahedral K4, 1(b) cubical Q3, 1(c) Petersen, 2(a) cycles C3..C12, 2(b) the
/// degree-4 circulants C_n(1,2) for n = 5..12 (the figure's graph is unspecified), 2(c) K6,
/// 3(a) H(4,2), 3(b) H(3,3).
pub fn aacp_figure_graphs() -> Vec<(&'static str, Graph)> {
    let mut v = vec![
        ("Fig. 1(a) tetrahedral", Graph::complete(4)),
        ("Fig. 1(b) cubical", Graph::hypercube(3)),
        ("Fig. 1(c) Petersen", Graph::petersen()),
    ];
    for k in 3..=12 {
        v.push(("Fig. 2(a) cycle: degree 2", Graph::cycle(k)));
    }
    for k in 5..=12 {
        v.push(("Fig. 2(b) degree 4", Graph::circulant(k, &[1, 2])));
    }
    v.push(("Fig. 2(c) clique: degree 5", Graph::complete(6)));
    v.push(("Fig. 3(a) |Ind|=4, V={a,b}", Graph::hamming(4, 2)));
    v.push(("Fig. 3(b) |Ind|=3, V={a,b,c}", Graph::hamming(3, 3)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table: (graph, vertices, edges, regular degree).
    #[test]
    fn sizes_table() {
        let table: Vec<(Graph, usize, usize, Option<usize>)> = vec![
            (Graph::hamming(3, 2), 8, 12, Some(3)),
            (Graph::hamming(2, 3), 9, 18, Some(4)),
            (Graph::hamming(0, 5), 1, 0, Some(0)),
            (Graph::cycle(6), 6, 6, Some(2)),
            (Graph::path(4), 4, 3, None),
            (Graph::complete(5), 5, 10, Some(4)),
            (Graph::complete_bipartite(2, 3), 5, 6, None),
            (Graph::hypercube(4), 16, 32, Some(4)),
            (Graph::petersen(), 10, 15, Some(3)),
            (Graph::prism(), 6, 9, Some(3)),
            (Graph::rook(4), 16, 48, Some(6)),
            (Graph::shrikhande(), 16, 48, Some(6)),
            (Graph::circulant(8, &[1, 4]), 8, 12, Some(3)),
            (Graph::circulant(7, &[1, 2]), 7, 14, Some(4)),
        ];
        for (g, n, m, k) in table {
            assert_eq!((g.n(), g.m(), g.regular_degree()), (n, m, k), "{g}");
        }
    }

    /// Naive reference: H(n,m) adjacency = Hamming distance 1 between the digit vectors.
    #[test]
    fn hamming_matches_definition() {
        for (n, m) in [(1, 4), (2, 3), (3, 2), (3, 3), (4, 2)] {
            let g = Graph::hamming(n, m);
            for u in 0..g.n() {
                let xu = g.hamming_label(u);
                assert_eq!(g.hamming_index(&xu), u);
                for v in 0..g.n() {
                    let xv = g.hamming_label(v);
                    let diff = xu.iter().zip(&xv).filter(|(a, b)| a != b).count();
                    assert_eq!(g.adjacent(u, v), diff == 1, "H({n},{m}) {u} {v}");
                }
            }
        }
        assert_eq!(Graph::hamming(3, 2).hamming_label(6), vec![1, 1, 0]);
    }

    #[test]
    fn specs() {
        assert_eq!(Graph::from_spec("hamming:3,2").unwrap().unwrap().n(), 8);
        assert_eq!(
            Graph::from_spec("circulant:8,1,2").unwrap().unwrap().m(),
            16
        );
        assert!(Graph::from_spec("some/file.txt").unwrap().is_none());
        for bad in [
            "hamming:3",
            "cycle:2",
            "cycle",
            "hamming:a,b",
            "petersen:3",
            "circulant:6,4",
        ] {
            assert!(Graph::from_spec(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn aacp_figures_build() {
        assert_eq!(aacp_figure_graphs().len(), 24);
    }
}
