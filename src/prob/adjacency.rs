//! A neighbour relation on the inputs of a mechanism (issue 43 item 2: moved here from `audit`,
//! since `audit`, `compose`, `optimal` and the Python package all read it).

use crate::graph::{Graph, SpecError};
use std::fmt;

/// Every unordered pair `{x, x'}` of `0..n` (the complete adjacency), in lexicographic order.
pub fn complete_pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

/// A neighbour relation on the inputs `0..n`: unordered pairs, both orientations checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjacency {
    /// How it was given (`complete:3`, `hamming:2,2`, a file name, ...).
    pub name: String,
    /// Number of inputs (vertices).
    pub n: usize,
    /// The neighbour pairs `{x, x'}`, each once (both orientations are checked).
    pub pairs: Vec<(usize, usize)>,
    /// `(n, m)` when the inputs are the words of `[m]^n` under Hamming adjacency (enables the
    /// expected Hamming distortion).
    pub hamming: Option<(usize, usize)>,
    /// For a graph read from an edge list with named labels: the label of each input.
    pub labels: Option<Vec<String>>,
}

impl Adjacency {
    /// Every pair of the `n` inputs adjacent (the usual "any two databases" reading).
    pub fn complete(n: usize) -> Adjacency {
        Adjacency {
            name: format!("complete:{n}"),
            n,
            pairs: complete_pairs(n),
            hamming: None,
            labels: None,
        }
    }

    /// The edges of `g`; input `v` is vertex `v` (for integer edge-list labels, the label itself).
    pub fn of_graph(name: impl Into<String>, g: &Graph) -> Adjacency {
        Adjacency {
            name: name.into(),
            n: g.n(),
            pairs: g.edges(),
            hamming: g.hamming_params(),
            labels: g
                .has_named_labels()
                .then(|| (0..g.n()).map(|v| g.label(v)).collect()),
        }
    }

    /// `complete` ([`Adjacency::complete`] on the `n` inputs) or a graph named as
    /// [`crate::graph::resolve`] reads it (a generator spec such as `cycle:5`, or an edge-list
    /// file), with the edge-list warnings. Whether the graph has `n` vertices is checked by
    /// `crate::audit::audit_with` (`AuditError::AdjacencySize`).
    pub fn resolve(spec: &str, n: usize) -> Result<(Adjacency, Vec<String>), SpecError> {
        if spec == "complete" {
            return Ok((Adjacency::complete(n), Vec::new()));
        }
        let (g, warnings) = crate::graph::resolve(spec)?;
        Ok((Adjacency::of_graph(spec, &g), warnings))
    }
}

/// A neighbour relation without a single pair: a graph without edges, or one input (a
/// one-row mechanism). Every privacy level holds vacuously on it and no pair can witness one,
/// so `audit`, `compose` and `optimal` refuse it with this one message (issue 42 item 13: `audit`
/// used to report `e^eps = 1` "attained at x = 0, x' = 0", a pair that is no pair).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoNeighbourPairs {
    /// How the relation was given (`complete:1`, a file name, ...).
    pub name: String,
    /// Number of inputs (vertices).
    pub n: usize,
}

impl NoNeighbourPairs {
    /// `Err` when the relation `name` on `n` inputs has no pair (`pairs` = its number of
    /// neighbour pairs).
    pub fn check(name: &str, n: usize, pairs: usize) -> Result<(), NoNeighbourPairs> {
        if pairs == 0 {
            Err(NoNeighbourPairs {
                name: name.to_string(),
                n,
            })
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for NoNeighbourPairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = if self.n <= 1 {
            format!("there is {} input (a one-row mechanism)", self.n)
        } else {
            format!(
                "the adjacency `{}` has no edge between its {} inputs",
                self.name, self.n
            )
        };
        write!(
            f,
            "no neighbouring pairs: {why}, so every privacy level would hold vacuously and no \
             pair could witness one (a neighbour relation needs two inputs and an edge between \
             them)"
        )
    }
}

impl std::error::Error for NoNeighbourPairs {}

impl Adjacency {
    /// [`NoNeighbourPairs::check`] on this relation.
    pub fn require_pairs(&self) -> Result<(), NoNeighbourPairs> {
        NoNeighbourPairs::check(&self.name, self.n, self.pairs.len())
    }
}
