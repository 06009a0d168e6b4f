//! The `graph` certificate record (issue 44 item 1; docs/certificates.md): the graph as an
//! edge list, and for what `dpcert graph` proved of it the data a checker needs to re-check it
//! without trusting dpcert: automorphism generators and the orbit they cover for
//! vertex-transitivity, the intersection array for distance-regularity (the checker recomputes
//! the BFS layers from every vertex). Negative answers and |Aut| are not certified here.

use super::report::Analysis;
use super::Graph;
use serde_json::{json, Value};

impl Analysis {
    /// The `graph` record of `g` analysed as `self`.
    pub fn certificate_record(&self, g: &Graph) -> Value {
        let doc = self.summary();
        // vertex-transitive with the generators of the group dpcert computed (on a graph whose
        // automorphism search stopped at its budget the translations were checked instead:
        // those are not written, and vertex-transitivity is left uncertified)
        let vt = doc["vertex_transitive"] == json!(true) && !doc["aut_order"].is_null();
        json!({
            "kind": "graph",
            "id": g.name(),
            "vertices": g.n(),
            "edges": g.edges(),
            "automorphisms": if vt { doc["aut_generators"].clone() } else { json!([]) },
            "vertex_transitive": vt,
            "intersection_array": doc["intersection_array"],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::report::{analysis_within, AUT_WORK_LIMIT, VT_PLUS_LIMIT};

    #[test]
    fn the_petersen_graph_record_has_its_edges_generators_and_array() {
        let g = Graph::petersen();
        let a = analysis_within(&g, VT_PLUS_LIMIT, AUT_WORK_LIMIT, u64::MAX, &|_| {});
        let r = a.certificate_record(&g);
        assert_eq!(r["edges"].as_array().unwrap().len(), 15);
        assert_eq!(r["vertex_transitive"], json!(true));
        assert_eq!(r["intersection_array"], json!({"b": [3, 2], "c": [1, 1]}));
        assert!(!r["automorphisms"].as_array().unwrap().is_empty());
    }
}
