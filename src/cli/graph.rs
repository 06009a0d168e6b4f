//! `dpcert graph SPEC [--json]`: distance-regularity, automorphisms, vertex-transitivity and VT+ of
//! a named graph (`hamming:3,2`, `petersen`, …; see [`Graph::from_spec`]) or an edge-list file
//! (format in [`crate::graph::edge_list`]).

use super::exit;
use super::progress::Progress;
use crate::graph::{Graph, VtPlus};
use serde_json::{json, Value};
use std::path::Path;

/// Default search budget for VT+ (group elements enumerated, and backtracking nodes); `--vt-budget`.
pub const VT_PLUS_LIMIT: usize = 100_000;

/// Build the graph named by `spec`: a generator spec, else a file path, with the edge-list
/// warnings (prefixed by the file name; see [`Graph::from_edge_list_with_warnings`]). Returns
/// the exit code and message on failure (2 for a bad spec or a missing file, 3 for a malformed
/// file).
pub fn load(spec: &str) -> Result<(Graph, Vec<String>), (i32, String)> {
    match Graph::from_spec(spec) {
        Err(e) => return Err((exit::USAGE, format!("bad graph spec: {e}"))),
        Ok(Some(g)) => return Ok((g, Vec::new())),
        Ok(None) => {}
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err((
            exit::USAGE,
            format!(
                "`{spec}` is neither a graph spec (hamming:N,M, cycle:K, path:K, complete:K, \
                 bipartite:A,B, star:K, hypercube:D, circulant:N,S,.., petersen, prism, rook:K, \
                 shrikhande, tetrahedral) nor an existing file"
            ),
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| {
        (
            exit::BAD_INPUT,
            format!("{}: cannot read: {e}", path.display()),
        )
    })?;
    let name = path.display().to_string();
    Graph::from_edge_list_with_warnings(&text)
        .map(|(g, w)| {
            let w = w.into_iter().map(|w| format!("{name}: {w}")).collect();
            (g.with_name(name.clone()), w)
        })
        .map_err(|e| (exit::BAD_INPUT, format!("{name}: {e}")))
}

/// Most vertices `dpcert graph` analyses: all-pairs distances and the refinements keep about
/// 130 bytes per vertex pair (measured: 507 MB at 2,000 vertices), so 6,000 vertices need about
/// 4.7 GB. Larger graphs are refused before any allocation.
pub const MAX_ANALYSIS_VERTICES: usize = 6_000;

/// Run the subcommand with a VT+ search budget; returns the exit code.
pub fn run(spec: &str, json: bool, vt_budget: usize) -> i32 {
    let (g, warnings) = match load(spec) {
        Ok(g) => g,
        Err((code, msg)) => {
            eprintln!("dpcert graph: {msg}");
            return code;
        }
    };
    if g.n() > MAX_ANALYSIS_VERTICES {
        eprintln!(
            "dpcert graph: {spec}: {} vertices; the analysis keeps all-pairs distances (about 130 bytes per pair), so more than {MAX_ANALYSIS_VERTICES} vertices are refused",
            g.n()
        );
        return if Path::new(spec).exists() {
            exit::BAD_INPUT
        } else {
            exit::USAGE
        };
    }
    let progress = Progress::spinner("graph", true);
    let mut doc = to_json(&g, vt_budget, &progress);
    progress.finish();
    for w in &warnings {
        eprintln!("dpcert graph: warning: {w}");
    }
    if !warnings.is_empty() {
        doc["warnings"] = json!(warnings);
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&doc).expect("JSON"));
    } else {
        print_text(&doc);
    }
    exit::OK
}

/// The `--json` document; `progress` names each phase as it starts.
pub fn to_json(g: &Graph, vt_budget: usize, progress: &Progress) -> Value {
    progress.phase(&format!("{} vertices: distances", g.n()));
    let connected = g.is_connected();
    let diameter = g.diameter();
    let profile = g.distance_profile(0);
    let constant_profile = g.has_constant_distance_profile();
    progress.phase("distance-regularity (intersection array)");
    let ia = g.intersection_array();
    progress.phase("automorphism group");
    let aut = g.automorphisms();
    progress.phase("vertex-transitivity");
    let vt = g.vertex_transitivity();
    progress.phase(&format!("VT+ search (budget {vt_budget})"));
    let vtp = g.vt_plus(vt_budget);
    progress.phase("writing");
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

fn print_text(doc: &Value) {
    let s = |k: &str| match &doc[k] {
        Value::Null => "none".to_string(),
        v => v.to_string(),
    };
    println!(
        "graph               {}",
        doc["graph"].as_str().unwrap_or("")
    );
    println!("vertices            {}", s("vertices"));
    if doc["named_labels"] == Value::Bool(true) {
        // Named labels are numbered in order of first appearance: print the numbering.
        let labels: Vec<String> = doc["labels"]
            .as_array()
            .map(|a| {
                a.iter()
                    .enumerate()
                    .map(|(i, l)| format!("{i}={}", l.as_str().unwrap_or("")))
                    .collect()
            })
            .unwrap_or_default();
        println!("labels (index=label) {}", labels.join(" "));
    }
    println!("edges               {}", s("edges"));
    println!("connected           {}", s("connected"));
    println!("regular degree      {}", s("regular_degree"));
    println!("diameter            {}", s("diameter"));
    println!("distance profile(0) {}", s("distance_profile_0"));
    match &doc["intersection_array"] {
        Value::Null => println!(
            "distance-regular    no: {}",
            doc["not_distance_regular_witness"]["reason"]
                .as_str()
                .unwrap_or("")
        ),
        a => println!(
            "distance-regular    yes, intersection array {{{} ; {}}}",
            a["b"], a["c"]
        ),
    }
    println!(
        "|Aut|               {}",
        doc["aut_order"].as_str().unwrap_or("")
    );
    println!(
        "orbits              {}",
        doc["orbits"].as_array().map_or(0, |o| o.len())
    );
    match &doc["not_vertex_transitive_witness"] {
        Value::Null => println!(
            "vertex-transitive   yes ({} generators, each checked)",
            doc["aut_generators"].as_array().map_or(0, |o| o.len())
        ),
        w => {
            let l = &doc["not_vertex_transitive_witness_labels"];
            println!(
                "vertex-transitive   no: vertices {} and {}: {}",
                l[0].as_str().unwrap_or(""),
                l[1].as_str().unwrap_or(""),
                w["reason"].as_str().unwrap_or("")
            )
        }
    }
    // `vt_plus` is true, false or the string "undecided"; printed as yes / no / undecided.
    let (answer, why) = match &doc["vt_plus"] {
        Value::Bool(true) => {
            println!(
                "VT+                 yes (witness of {} automorphisms, checked)",
                s("vertices")
            );
            return;
        }
        Value::Bool(false) => ("no", doc["vt_plus_why"].as_str().unwrap_or("")),
        v => (
            v.as_str().unwrap_or("undecided"),
            doc["vt_plus_why"].as_str().unwrap_or(""),
        ),
    };
    println!("VT+                 {answer}: {why}");
}
