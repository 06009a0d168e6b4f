//! Edge-list files (`dpcert graph FILE`, `audit --adjacency FILE`): a graph or a located
//! refusal, never a panic; every edge of a parsed graph joins two of its vertices.
#![no_main]
use dpcert::graph::Graph;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(g) = Graph::from_edge_list(text) {
        for (u, v) in g.edges() {
            assert!(u < g.n() && v < g.n());
        }
    }
});
