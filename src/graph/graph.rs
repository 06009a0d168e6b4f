//! The [`Graph`] type: a simple undirected graph on vertices `0..n`.
//!
//! petgraph stores the graph (`UnGraph`, node index = vertex); a sorted adjacency list is kept next
//! to it for the hot loops (BFS, refinement), which only read it.

use petgraph::graph::{NodeIndex, UnGraph};
use std::fmt;

/// A permutation of the vertex set: `p[v]` is the image of vertex `v`.
pub type Perm = Vec<usize>;

/// A simple undirected graph on vertices `0..n` (no loops, no multiple edges).
#[derive(Clone, Debug)]
pub struct Graph {
    pub(crate) inner: UnGraph<(), ()>,
    pub(crate) adj: Vec<Vec<usize>>,
    /// Optional vertex labels (edge-list files keep the user's tokens).
    pub(crate) labels: Option<Vec<String>>,
    /// `Some((n, m))` when the graph was built by [`Graph::hamming`].
    pub(crate) hamming: Option<(usize, usize)>,
    /// `Some(moduli)` when a generator built the graph as a Cayley graph of
    /// Z_{m_0} × … × Z_{m_{r−1}} (see [`super::cayley`]; checked before any use).
    pub(crate) cayley: Option<Vec<usize>>,
    pub(crate) name: String,
}

/// Why a list of edges does not define a simple graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// An endpoint is not in `0..n`.
    VertexOutOfRange {
        /// The edge as given.
        edge: (usize, usize),
        /// The number of vertices.
        n: usize,
    },
    /// An edge `{v, v}`.
    SelfLoop {
        /// The vertex with a loop.
        vertex: usize,
    },
    /// The same edge given twice.
    DuplicateEdge {
        /// The repeated edge.
        edge: (usize, usize),
    },
    /// The graph has no vertices.
    Empty,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::VertexOutOfRange { edge, n } => {
                write!(
                    f,
                    "edge {}-{} has an endpoint outside 0..{}",
                    edge.0, edge.1, n
                )
            }
            GraphError::SelfLoop { vertex } => write!(f, "self-loop at vertex {vertex}"),
            GraphError::DuplicateEdge { edge } => {
                write!(f, "duplicate edge {}-{}", edge.0, edge.1)
            }
            GraphError::Empty => write!(f, "the graph has no vertices"),
        }
    }
}

impl std::error::Error for GraphError {}

impl Graph {
    /// The simple graph on `0..n` with the given edges; rejects loops, repeated edges (in either
    /// orientation), out-of-range endpoints and `n = 0`.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        if n == 0 {
            return Err(GraphError::Empty);
        }
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in edges {
            if u >= n || v >= n {
                return Err(GraphError::VertexOutOfRange { edge: (u, v), n });
            }
            if u == v {
                return Err(GraphError::SelfLoop { vertex: u });
            }
            adj[u].push(v);
            adj[v].push(u);
        }
        for (u, list) in adj.iter_mut().enumerate() {
            list.sort_unstable();
            if let Some(w) = list.windows(2).find(|w| w[0] == w[1]) {
                return Err(GraphError::DuplicateEdge {
                    edge: (u.min(w[0]), u.max(w[0])),
                });
            }
        }
        let mut inner = UnGraph::with_capacity(n, edges.len());
        for _ in 0..n {
            inner.add_node(());
        }
        for &(u, v) in edges {
            inner.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
        }
        Ok(Graph {
            inner,
            adj,
            labels: None,
            hamming: None,
            cayley: None,
            name: format!("graph on {n} vertices"),
        })
    }

    /// Internal: build from edges that are known to be simple (generators).
    pub(crate) fn from_simple_edges(n: usize, edges: &[(usize, usize)], name: String) -> Graph {
        let mut g = Graph::from_edges(n, edges).expect("generator produced a non-simple graph");
        g.name = name;
        g
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.adj.len()
    }

    /// Number of edges.
    pub fn m(&self) -> usize {
        self.inner.edge_count()
    }

    /// A short human-readable name (`H(3,2)`, `Petersen`, `C6`, the file name, ...).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Rename (used by the CLI for file graphs).
    pub fn with_name(mut self, name: impl Into<String>) -> Graph {
        self.name = name.into();
        self
    }

    /// The neighbours of `v`, sorted increasingly.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adj[v]
    }

    /// Degree of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.adj[v].len()
    }

    /// `Some(k)` when every vertex has degree `k`.
    pub fn regular_degree(&self) -> Option<usize> {
        let k = self.degree(0);
        (0..self.n()).all(|v| self.degree(v) == k).then_some(k)
    }

    /// The edges `(u, v)` with `u < v`, sorted lexicographically.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut e = Vec::with_capacity(self.m());
        for u in 0..self.n() {
            for &v in &self.adj[u] {
                if u < v {
                    e.push((u, v));
                }
            }
        }
        e
    }

    /// Whether `u ~ v`.
    pub fn adjacent(&self, u: usize, v: usize) -> bool {
        self.adj[u].binary_search(&v).is_ok()
    }

    /// Whether the graph is connected (petgraph's union-find component count).
    pub fn is_connected(&self) -> bool {
        petgraph::algo::connected_components(&self.inner) == 1
    }

    /// The petgraph representation (node index `i` is vertex `i`).
    pub fn as_petgraph(&self) -> &UnGraph<(), ()> {
        &self.inner
    }

    /// The label of vertex `v`: the user's token for edge-list graphs, the index otherwise.
    pub fn label(&self, v: usize) -> String {
        match &self.labels {
            Some(l) => l[v].clone(),
            None => v.to_string(),
        }
    }

    /// Whether `p` is a permutation of `0..n` that maps edges to edges (for a finite graph this is
    /// the "iff" of AACP Definition D7, because `p` is a bijection on the finite edge set).
    pub fn is_automorphism(&self, p: &[usize]) -> bool {
        if p.len() != self.n() {
            return false;
        }
        let mut seen = vec![false; self.n()];
        for &x in p {
            if x >= self.n() || std::mem::replace(&mut seen[x], true) {
                return false;
            }
        }
        (0..self.n()).all(|u| self.adj[u].iter().all(|&v| self.adjacent(p[u], p[v])))
    }
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_edges_rejects_bad_input() {
        assert_eq!(Graph::from_edges(0, &[]).unwrap_err(), GraphError::Empty);
        assert_eq!(
            Graph::from_edges(3, &[(1, 1)]).unwrap_err(),
            GraphError::SelfLoop { vertex: 1 }
        );
        assert_eq!(
            Graph::from_edges(3, &[(0, 1), (1, 0)]).unwrap_err(),
            GraphError::DuplicateEdge { edge: (0, 1) }
        );
        assert!(matches!(
            Graph::from_edges(3, &[(0, 3)]).unwrap_err(),
            GraphError::VertexOutOfRange { .. }
        ));
    }

    #[test]
    fn basic_queries() {
        let g = Graph::from_edges(4, &[(0, 1), (2, 1), (2, 3)]).unwrap();
        assert_eq!(g.n(), 4);
        assert_eq!(g.m(), 3);
        assert_eq!(g.edges(), vec![(0, 1), (1, 2), (2, 3)]);
        assert_eq!(g.neighbours(1), &[0, 2]);
        assert!(g.adjacent(3, 2) && !g.adjacent(0, 3));
        assert!(g.is_connected());
        assert!(!Graph::from_edges(4, &[(0, 1), (2, 3)])
            .unwrap()
            .is_connected());
        assert!(g.is_automorphism(&[3, 2, 1, 0]));
        assert!(!g.is_automorphism(&[1, 0, 2, 3]));
        assert!(!g.is_automorphism(&[0, 0, 2, 3]));
    }
}
