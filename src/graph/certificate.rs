//! The `graph` certificate record (issue 44 item 1; docs/certificates.md): the graph as an
//! edge list, and for what `dpcert graph` proved of it the data a checker needs to re-check it
//! without trusting dpcert: automorphism generators and the orbit they cover for
//! vertex-transitivity, the intersection array for distance-regularity (the checker recomputes
//! the BFS layers from every vertex), and a VT+ witness (n automorphisms with distinct images at
//! every vertex). Negative answers and |Aut| are not certified here.

use super::report::Analysis;
use super::Graph;
use serde_json::{json, Value};

/// The largest graph whose VT+ witness (n² numbers) goes into its record.
const MAX_WITNESS_VERTICES: usize = 1024;

impl Analysis {
    /// The `graph` record of `g` analysed as `self`.
    pub fn certificate_record(&self, g: &Graph) -> Value {
        let doc = self.summary();
        // the VT+ witness as written by `graph --json` (explicit, powers of a cycle, or the
        // checked translations of a Cayley graph), for a graph small enough
        let vt_plus = (doc["vt_plus"] == json!(true) && g.n() <= MAX_WITNESS_VERTICES)
            .then(|| serde_json::to_value(self).ok())
            .flatten()
            .map(|d| d["vt_plus_witness"].clone())
            .filter(Value::is_array);
        // vertex-transitive by the generators of Aut, or else by the VT+ witness's
        // automorphisms (when the automorphism search stopped at its budget)
        let by_aut = doc["vertex_transitive"] == json!(true) && !doc["aut_order"].is_null();
        let automorphisms = match (&vt_plus, by_aut) {
            (_, true) => doc["aut_generators"].clone(),
            (Some(w), false) => w.clone(),
            (None, false) => json!([]),
        };
        json!({
            "kind": "graph",
            "id": g.name(),
            "vertices": g.n(),
            "edges": g.edges(),
            "automorphisms": automorphisms,
            "vertex_transitive": by_aut || vt_plus.is_some(),
            "intersection_array": doc["intersection_array"],
            "vt_plus": vt_plus,
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
        let c = Graph::cycle(5);
        let a = analysis_within(&c, VT_PLUS_LIMIT, AUT_WORK_LIMIT, u64::MAX, &|_| {});
        assert_eq!(
            a.certificate_record(&c)["vt_plus"]
                .as_array()
                .unwrap()
                .len(),
            5
        );
    }
}
