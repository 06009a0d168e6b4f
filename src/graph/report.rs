//! The analysis of a graph as one JSON document (`dpcert graph --json`, Python `graph()`):
//! connectivity, diameter, distance profile, distance-regularity (intersection array or a
//! witness against), the automorphism group, vertex-transitivity (certificate or witness) and
//! VT+ (AACP Definition 3) under a search budget.

use super::graph::Graph;
use super::vt_plus::VtPlus;
use serde_json::{json, Value};

/// Default search budget for VT+ (group elements enumerated, and backtracking nodes); `--vt-budget`.
pub const VT_PLUS_LIMIT: usize = 100_000;

/// Most vertices `dpcert graph` analyses: all-pairs distances and the refinements keep about
/// 130 bytes per vertex pair (measured: 507 MB at 2,000 vertices), so 6,000 vertices need about
/// 4.7 GB. Larger graphs are refused before any allocation.
pub const MAX_ANALYSIS_VERTICES: usize = 6_000;

/// The document of `dpcert graph --json` (and of the Python `graph()`): every property above
/// with its witness; `phase` is told the name of each phase as it starts (for a progress line).
pub fn analysis_json(g: &Graph, vt_budget: usize, phase: &dyn Fn(&str)) -> Value {
    phase(&format!("{} vertices: distances", g.n()));
    let connected = g.is_connected();
    let diameter = g.diameter();
    let profile = g.distance_profile(0);
    let constant_profile = g.has_constant_distance_profile();
    phase("distance-regularity (intersection array)");
    let ia = g.intersection_array();
    phase("automorphism group");
    let aut = g.automorphisms();
    phase("vertex-transitivity");
    let vt = g.vertex_transitivity();
    phase(&format!("VT+ search (budget {vt_budget})"));
    let vtp = g.vt_plus(vt_budget);
    phase("writing");
    let (vt_plus, vt_plus_witness, vt_plus_why) = match vtp {
        VtPlus::Witness(w) => (json!(true), json!(w), Value::Null),
        VtPlus::NoneExhaustive => (
            json!(false),
            Value::Null,
            json!(if vt.is_err() {
                "not vertex-transitive (VT+ implies VT)"
            } else {
                "exhaustive search over Aut found no sharply transitive set"
            }),
        ),
        VtPlus::Undecided { why } => (json!("undecided"), Value::Null, json!(why)),
    };
    json!({
        "graph": g.name(),
        "vertices": g.n(),
        "edges": g.m(),
        "labels": (0..g.n()).map(|v| g.label(v)).collect::<Vec<_>>(),
        "named_labels": g.has_named_labels(),
        "edge_list": g.edges().iter().map(|&(u, v)| [g.label(u), g.label(v)]).collect::<Vec<_>>(),
        "connected": connected,
        "regular_degree": g.regular_degree(),
        "diameter": diameter,
        "distance_profile_0": profile,
        "constant_distance_profile": constant_profile,
        "distance_regular": ia.is_ok(),
        "intersection_array": ia.as_ref().ok().map(|a| json!({"b": a.b, "c": a.c})),
        "not_distance_regular_witness": ia.as_ref().err().map(|e| json!({
            "witness": e.witness,
            "reason": e.describe(|v| g.label(v)),
        })),
        "aut_order": aut.order_natural().to_string(),
        "aut_generators": aut.generators,
        "orbits": aut.orbits,
        "vertex_transitive": vt.is_ok(),
        "not_vertex_transitive_witness": vt.as_ref().err(),
        "not_vertex_transitive_witness_labels": vt.as_ref().err().map(|w| [g.label(w.u), g.label(w.v)]),
        "vt_plus": vt_plus,
        "vt_plus_witness": vt_plus_witness,
        "vt_plus_why": vt_plus_why,
        "vt_plus_limit": vt_budget,
    })
}
