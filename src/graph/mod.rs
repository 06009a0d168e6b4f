//! Graphs (issue 3): simple undirected graphs on vertices `0..n`, stored in petgraph.
//!
//! One concept per module:
//! * `graph` — the [`Graph`] type and basic queries (neighbours, edges, connectivity);
//! * `generators` — Hamming graphs H(n,m), cycles, paths, cliques, complete bipartite graphs,
//!   hypercubes, Petersen, the triangular prism, rook's graphs, the Shrikhande graph, circulants and
//!   the graphs drawn in the AACP paper's figures;
//! * `edge_list` — the edge-list file format, with errors naming the line and the reason;
//! * `spec` — [`resolve`]: a generator spec or an edge-list file, as users name graphs;
//! * `report` — the whole analysis of a graph as one JSON document (`dpcert graph --json`);
//! * `enumerate` — all graphs on up to 6 vertices up to isomorphism;
//! * `cayley` — the translations of the named Cayley graphs (Hamming, cycles, circulants,
//!   cliques), checked on the edges: vertex-transitivity and a VT+ witness without an n² table;
//! * `distance` — all-pairs BFS distances, diameter, distance profile n_d(r);
//! * `distance_regular` — intersection arrays, or a witness that the graph is not distance-regular;
//! * `automorphism` — automorphism group (generators, order, orbits) by individualisation and
//!   equitable refinement;
//! * `transitivity` — vertex-transitivity with a certificate or a witness;
//! * `vt_plus` — VT+ (AACP Definition 3): a sharply transitive set of automorphisms.

pub(crate) mod automorphism;
pub(crate) mod cayley;
pub(crate) mod certificate;
pub(crate) mod command;
pub(crate) mod distance;
pub(crate) mod distance_regular;
pub(crate) mod edge_list;
pub(crate) mod enumerate;
pub(crate) mod generators;
#[allow(clippy::module_inception)]
pub(crate) mod graph;
pub(crate) mod report;
pub(crate) mod spec;
pub(crate) mod transitivity;
pub(crate) mod vt_plus;

pub use automorphism::{hamming_automorphism_generators, AutGroup, OverBudget};
pub use command::{run, GraphQuery};
pub use distance_regular::{DrWitness, IntersectionArray, NotDistanceRegular};
pub use edge_list::EdgeListError;
pub use enumerate::{all_connected_graphs, all_graphs};
pub use graph::{Graph, GraphError, Perm};
pub use report::{
    analysis, analysis_json, analysis_within, memory_estimate, Analysis, AUT_WORK_LIMIT,
    DEFAULT_MAX_MEMORY, VT_PLUS_LIMIT,
};
pub use spec::{resolve, SpecError};
pub use transitivity::{NotVtWitness, VtCertificate};
pub use vt_plus::VtPlus;
