//! `dpcert graph`'s one library call (issue 43 item 2): a [`GraphQuery`] (the graph already
//! read, the budgets) in, the [`Analysis`] out, refused before starting when its memory
//! estimate is above the limit; [`Analysis::to_text`] is the text report.

use super::graph::Graph;
use super::report::{analysis_within, memory_estimate, Analysis};
use crate::params::MemoryError;
use crate::params::MemoryLimit;
use serde_json::{json, Value};

/// A graph to analyse and the budgets of the analysis.
pub struct GraphQuery {
    /// The graph, as [`crate::graph::resolve`] read it.
    pub graph: Graph,
    /// The warnings of reading it (edge-list labels), kept in the document's `"warnings"`.
    pub warnings: Vec<String>,
    /// VT+ search budget ([`super::VT_PLUS_LIMIT`] by default).
    pub vt_budget: usize,
    /// Work budget of the automorphism search on a graph with checked translations
    /// ([`super::AUT_WORK_LIMIT`] by default).
    pub aut_budget: u64,
    /// Refuse a graph whose analysis is estimated above this ([`memory_estimate`]).
    pub max_memory: MemoryLimit,
}

/// Analyse `q.graph` ([`analysis_within`]), telling `phase` each phase as it starts; refused
/// with [`MemoryError`] when [`memory_estimate`] is above `q.max_memory`.
pub fn run(q: &GraphQuery, phase: &dyn Fn(&str)) -> Result<Analysis, MemoryError> {
    let g = &q.graph;
    MemoryError::check(
        &format!("{}: {} vertices, {} edges", g.name(), g.n(), g.m()),
        "the analysis",
        memory_estimate(g),
        "",
        q.max_memory,
    )?;
    let mut doc = analysis_within(g, q.vt_budget, q.aut_budget, q.max_memory.bytes(), phase);
    if !q.warnings.is_empty() {
        doc.insert("warnings", json!(q.warnings));
    }
    Ok(doc)
}

impl Analysis {
    /// The text report: one property a line, with its witness or certificate in words.
    pub fn to_text(&self) -> String {
        let doc = self.summary();
        let s = |k: &str| match &doc[k] {
            Value::Null => "none".to_string(),
            v => v.to_string(),
        };
        let mut out = format!(
            "graph               {}\n",
            doc["graph"].as_str().unwrap_or("")
        );
        out += &format!("vertices            {}\n", s("vertices"));
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
            out += &format!("labels (index=label) {}\n", labels.join(" "));
        }
        out += &format!("edges               {}\n", s("edges"));
        out += &format!("connected           {}\n", s("connected"));
        out += &format!("regular degree      {}\n", s("regular_degree"));
        out += &format!("diameter            {}\n", s("diameter"));
        out += &format!("distance profile(0) {}\n", s("distance_profile_0"));
        out += &match &doc["intersection_array"] {
            Value::Null => format!(
                "distance-regular    no: {}\n",
                doc["not_distance_regular_witness"]["reason"]
                    .as_str()
                    .unwrap_or("")
            ),
            a => format!(
                "distance-regular    yes, intersection array {{{} ; {}}}\n",
                a["b"], a["c"]
            ),
        };
        out += &match doc["aut_order"].as_str() {
            Some(order) => format!("|Aut|               {order}\n"),
            None => format!(
                "|Aut|               {}\n",
                doc["aut_why"].as_str().unwrap_or("not computed")
            ),
        };
        out += &format!(
            "orbits              {}\n",
            doc["orbits"].as_array().map_or(0, |o| o.len())
        );
        out += &match &doc["not_vertex_transitive_witness"] {
            Value::Null if doc["aut_order"].is_null() => {
                "vertex-transitive   yes (translations, each generator checked)\n".to_string()
            }
            Value::Null => format!(
                "vertex-transitive   yes ({} generators, each checked)\n",
                doc["aut_generators"].as_array().map_or(0, |o| o.len())
            ),
            w => {
                let l = &doc["not_vertex_transitive_witness_labels"];
                format!(
                    "vertex-transitive   no: vertices {} and {}: {}\n",
                    l[0].as_str().unwrap_or(""),
                    l[1].as_str().unwrap_or(""),
                    w["reason"].as_str().unwrap_or("")
                )
            }
        };
        // `vt_plus` is true, false or the string "undecided"; printed as yes / no / undecided.
        let why = doc["vt_plus_why"].as_str().unwrap_or("");
        out += &match &doc["vt_plus"] {
            Value::Bool(true) => format!(
                "VT+                 yes (witness of {} automorphisms, checked)\n",
                s("vertices")
            ),
            Value::Bool(false) => format!("VT+                 no: {why}\n"),
            v => format!(
                "VT+                 {}: {why}\n",
                v.as_str().unwrap_or("undecided")
            ),
        };
        out
    }
}
