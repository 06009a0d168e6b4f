//! `dpcert graph SPEC [--json]`: distance-regularity, automorphisms, vertex-transitivity and VT+ of
//! a named graph (`hamming:3,2`, `petersen`, …; see [`Graph::from_spec`]) or an edge-list file
//! (format in [`crate::graph::edge_list`]).

use super::exit;
use super::progress::Progress;
use crate::graph::report::{analysis_json, MAX_ANALYSIS_VERTICES};
use crate::graph::{resolve, Graph};
use serde_json::{json, Value};
use std::path::Path;

/// [`crate::graph::resolve`] with the CLI's exit code on failure (2 for a bad spec or a missing
/// file, 3 for a file that cannot be read or is malformed).
pub(crate) fn load(spec: &str) -> Result<(Graph, Vec<String>), (i32, String)> {
    resolve(spec).map_err(|e| {
        let code = if e.is_usage() {
            exit::USAGE
        } else {
            exit::BAD_INPUT
        };
        (code, e.to_string())
    })
}

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
    let mut doc = analysis_json(&g, vt_budget, &|phase| progress.phase(phase));
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
