//! `dpcert graph SPEC [--json]`: distance-regularity, automorphisms, vertex-transitivity and VT+ of
//! a named graph (`hamming:3,2`, `petersen`, …; see [`Graph::from_spec`]) or an edge-list file
//! (format in [`crate::graph::edge_list`]).

use super::audit::parse_memory;
use super::exit;
use super::progress::Progress;
use crate::audit::bytes_text;
use crate::graph::report::{analysis_within, memory_estimate, DEFAULT_MAX_MEMORY};
use crate::graph::{resolve, Graph};
use serde_json::{json, Value};
use std::io::Write;

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

/// Run the subcommand with a VT+ search budget and an optional `--max-memory`; returns the exit
/// code. The analysis's memory is estimated first ([`memory_estimate`]); above the limit the
/// graph is refused with exit 3, naming the estimate and the flag.
pub fn run(
    spec: &str,
    json: bool,
    vt_budget: usize,
    aut_budget: u64,
    max_memory: Option<&str>,
) -> i32 {
    let limit = match max_memory.map(parse_memory) {
        None => DEFAULT_MAX_MEMORY,
        Some(Ok(l)) => l,
        Some(Err(e)) => {
            eprintln!("dpcert graph: --max-memory {e}");
            return exit::USAGE;
        }
    };
    let (g, warnings) = match load(spec) {
        Ok(g) => g,
        Err((code, msg)) => {
            eprintln!("dpcert graph: {msg}");
            return code;
        }
    };
    let need = memory_estimate(&g);
    if need > limit {
        eprintln!(
            "dpcert graph: {spec}: {} vertices, {} edges: the analysis needs about {}, above the \
             limit of {}; raise it with --max-memory (e.g. --max-memory {}G)",
            g.n(),
            g.m(),
            bytes_text(need),
            bytes_text(limit),
            need.div_ceil(1 << 30),
        );
        return exit::BAD_INPUT;
    }
    let progress = Progress::spinner("graph", true);
    let mut doc = analysis_within(&g, vt_budget, aut_budget, limit, &|phase| {
        progress.phase(phase)
    });
    progress.finish();
    for w in &warnings {
        eprintln!("dpcert graph: warning: {w}");
    }
    if !warnings.is_empty() {
        doc.insert("warnings", json!(warnings));
    }
    if json {
        // Written as it is serialised: the VT+ witness of a Cayley graph is n² numbers.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        if serde_json::to_writer_pretty(&mut out, &doc)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush())
            .is_err()
        {
            return exit::BAD_INPUT;
        }
    } else {
        print_text(&doc.summary());
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
    match doc["aut_order"].as_str() {
        Some(order) => println!("|Aut|               {order}"),
        None => println!(
            "|Aut|               {}",
            doc["aut_why"].as_str().unwrap_or("not computed")
        ),
    }
    println!(
        "orbits              {}",
        doc["orbits"].as_array().map_or(0, |o| o.len())
    );
    match &doc["not_vertex_transitive_witness"] {
        Value::Null if doc["aut_order"].is_null() => {
            println!("vertex-transitive   yes (translations, each generator checked)")
        }
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
