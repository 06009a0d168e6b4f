//! `dpcert optimal`'s one library call (issue 43 item 2): an [`OptimalQuery`] (the graph, `t`,
//! the prior and the objective already read and validated) in, an [`OptimalReport`] out, which
//! prints itself as the CSV-with-`#`-comments that `audit` reads and as the one JSON schema.

use super::{
    abs_differs_from_distance, optimal, BestRemap, Objective, OptimalError, Optimum, Problem,
    REMAP_WORK_LIMIT,
};
use crate::graph::Graph;
use crate::json::{document, exact};
use crate::num::fmt::decimal;
use crate::num::Rational;
use crate::params::T;
use crate::prob::Dist;
use serde_json::{json, Value};
use std::fmt;
use std::time::Instant;

/// The most vertices `optimal` takes: H(6,3) (729 vertices, 531,441 LP variables) is solved by
/// the orbit reduction in seconds; beyond about two thousand the k² variables alone are more
/// than an answer can be printed for.
pub const MAX_VERTICES: usize = 2048;

/// The objective as the command line names it (`--loss …` or `--gain …`).
#[derive(Clone, Debug)]
pub enum ObjectiveChoice {
    /// `--loss hamming`: the Hamming distance of the words (needs a Hamming graph).
    HammingLoss,
    /// `--loss abs`: `|y − x|` of the vertex indices.
    AbsLoss,
    /// `--loss graph`: the shortest-path distance in the graph.
    GraphLoss,
    /// `--loss FILE`: a matrix read from `file` (rows = outputs, columns = secrets).
    LossMatrix {
        /// The file, for the report.
        file: String,
        /// Its rows.
        rows: Vec<Vec<Rational>>,
    },
    /// `--gain identity`: the probability of reporting the secret.
    IdentityGain,
    /// `--gain FILE`: a matrix read from `file` (rows = guesses/outputs, columns = secrets).
    GainMatrix {
        /// The file, for the report.
        file: String,
        /// Its rows.
        rows: Vec<Vec<Rational>>,
    },
}

/// An optimal-mechanism problem as `dpcert optimal` is asked it.
#[derive(Clone, Debug)]
pub struct OptimalQuery {
    /// The neighbour relation on the secrets.
    pub graph: Graph,
    /// How the graph was given (`path:5`, a file), for the report.
    pub graph_spec: String,
    /// The warnings of reading the graph.
    pub warnings: Vec<String>,
    /// `t = e^ε ≥ 1`.
    pub t: T,
    /// The prior on the secrets.
    pub prior: Dist,
    /// What to optimise.
    pub objective: ObjectiveChoice,
}

/// Why `optimal` gave no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryError {
    /// More than [`MAX_VERTICES`] vertices (a usage error).
    TooLarge {
        /// The graph spec.
        spec: String,
        /// Its vertices.
        vertices: usize,
    },
    /// `--loss hamming` on a graph that is not `hamming:N,M` (a usage error).
    NotHamming,
    /// `--loss graph` on a disconnected graph: no path between the labels `y` and `x`.
    Disconnected {
        /// The graph spec.
        spec: String,
        /// A label on one side.
        y: String,
        /// A label on the other side.
        x: String,
    },
    /// The problem itself was refused or failed ([`OptimalError`]).
    Optimal(OptimalError),
}

impl QueryError {
    /// A flag the command line got wrong (exit 2), rather than bad input (exit 3).
    pub fn is_usage(&self) -> bool {
        matches!(self, QueryError::TooLarge { .. } | QueryError::NotHamming)
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::TooLarge { spec, vertices } => write!(
                f,
                "--graph {spec}: {vertices} vertices; the LP has one variable per (secret, output) \
                 pair, so more than {MAX_VERTICES} vertices are refused"
            ),
            QueryError::NotHamming => write!(
                f,
                "--loss hamming needs --graph hamming:N,M (the secrets are words; for a 0/1 loss \
                 use --gain identity)"
            ),
            QueryError::Disconnected { spec, y, x } => write!(
                f,
                "--loss graph: --graph {spec} is disconnected (no path between vertices {y} and \
                 {x}), so the graph distance is not finite there"
            ),
            QueryError::Optimal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for QueryError {}

/// The answer to an [`OptimalQuery`], with what it was asked.
#[derive(Clone, Debug)]
pub struct OptimalReport {
    /// How the graph was given.
    pub graph_spec: String,
    /// Vertices (secrets).
    pub vertices: usize,
    /// Edges (neighbour pairs).
    pub edges: usize,
    /// `t = e^ε`.
    pub t: T,
    /// `loss` or `gain`.
    pub kind: &'static str,
    /// What the objective's matrix is, in words (which distance a loss uses: issue 42 item 15).
    pub objective_definition: String,
    /// The optimum, its mechanism and the named mechanisms compared with it.
    pub optimum: Optimum,
    /// Wall seconds of the solve.
    pub seconds: f64,
    /// Warnings (reading the graph; `--loss abs` off a path).
    pub warnings: Vec<String>,
}

/// The objective of `q` and what its matrix is in words.
pub(super) fn objective(q: &OptimalQuery) -> Result<(Objective, String), QueryError> {
    objective_of(&q.graph, &q.graph_spec, &q.objective)
}

/// The objective `choice` on `g` (given as `spec`) and what its matrix is in words.
pub(super) fn objective_of(
    g: &Graph,
    spec: &str,
    choice: &ObjectiveChoice,
) -> Result<(Objective, String), QueryError> {
    let k = g.n();
    Ok(match choice {
        ObjectiveChoice::AbsLoss => (
            Objective::abs_loss(k),
            "loss(y, x) = |y - x|, the distance of the vertex indices (the graph distance only \
             on the path 0-1-...-(k-1))"
                .into(),
        ),
        ObjectiveChoice::GraphLoss => (
            Objective::graph_loss(g).map_err(|(y, x)| QueryError::Disconnected {
                spec: spec.to_string(),
                y: g.label(y),
                x: g.label(x),
            })?,
            format!("loss(y, x) = d(y, x), the shortest-path distance in {spec}"),
        ),
        ObjectiveChoice::HammingLoss => {
            let (n, m) = g.hamming_params().ok_or(QueryError::NotHamming)?;
            (
                Objective::hamming_loss(n, m),
                "loss(y, x) = the Hamming distance of the words y and x (the shortest-path \
                 distance in the Hamming graph)"
                    .into(),
            )
        }
        ObjectiveChoice::LossMatrix { file, rows } => (
            Objective::Loss(rows.clone()),
            format!("loss(y, x) = row y, column x of {file} (rows = outputs, columns = secrets)"),
        ),
        ObjectiveChoice::IdentityGain => (
            Objective::identity_gain(k),
            "gain(y, x) = 1 if y = x else 0, the identity gain (reporting the secret)".into(),
        ),
        ObjectiveChoice::GainMatrix { file, rows } => (
            Objective::Gain(rows.clone()),
            format!("gain(y, x) = row y, column x of {file} (rows = outputs, columns = secrets)"),
        ),
    })
}

/// `--loss abs` on a graph that is not the path 0-1-...-(k-1): the index distance is not the
/// graph's, said with a pair where they differ (issue 42 item 15).
fn abs_warning(q: &OptimalQuery) -> Option<String> {
    abs_warning_of(&q.graph, &q.graph_spec, &q.objective)
}

/// [`abs_warning`] for `choice` on `g` (given as `spec`).
pub(super) fn abs_warning_of(g: &Graph, spec: &str, choice: &ObjectiveChoice) -> Option<String> {
    if !matches!(choice, ObjectiveChoice::AbsLoss) {
        return None;
    }
    let (x, y, d) = abs_differs_from_distance(g)?;
    Some(format!(
        "--loss abs is |y - x| of the vertex indices, not the distance in --graph {}, which is \
         not the path 0-1-...-{}: |{x} - {y}| = {} but the graph distance between {} and {} is \
         {}; --loss graph uses the shortest-path distance",
        spec,
        g.n().saturating_sub(1),
        x.abs_diff(y),
        g.label(x),
        g.label(y),
        d.map_or("infinite (no path)".to_string(), |d| d.to_string())
    ))
}

/// Solve `q` ([`optimal`]): the optimum, re-checked, with the named mechanisms compared.
pub fn run(q: &OptimalQuery) -> Result<OptimalReport, QueryError> {
    let g = &q.graph;
    if g.n() > MAX_VERTICES {
        return Err(QueryError::TooLarge {
            spec: q.graph_spec.clone(),
            vertices: g.n(),
        });
    }
    let (objective, words) = objective(q)?;
    let mut warnings = q.warnings.clone();
    warnings.extend(abs_warning(q));
    let start = Instant::now();
    let optimum = optimal(&Problem {
        graph: g,
        t: q.t.clone(),
        prior: q.prior.clone(),
        objective: objective.clone(),
    })
    .map_err(QueryError::Optimal)?;
    Ok(OptimalReport {
        graph_spec: q.graph_spec.clone(),
        vertices: g.n(),
        edges: g.m(),
        t: q.t.clone(),
        kind: objective.kind(),
        objective_definition: words,
        optimum,
        seconds: start.elapsed().as_secs_f64(),
        warnings,
    })
}

fn rows_strings(o: &Optimum) -> Vec<Vec<String>> {
    o.mechanism
        .rows()
        .iter()
        .map(|r| r.iter().map(ToString::to_string).collect())
        .collect()
}

/// A named mechanism's best remap (issue 42 item 14): the map `output → reported output`,
/// its exact value and gap, and whether it attains the optimum; `null` when not comparable.
fn remap_json(r: Option<&BestRemap>, optimum: &Rational) -> Value {
    match r {
        None => Value::Null,
        Some(BestRemap::Skipped { work }) => json!({
            "computed": false,
            "why": format!("{work} integer products, above the limit of {REMAP_WORK_LIMIT}"),
        }),
        Some(BestRemap::Found(r)) => json!({
            "computed": true,
            "map": r.map,
            "value": exact(&r.value),
            "gap": exact(&r.gap),
            "attains_optimum": r.value == *optimum,
            "certificate": r.note,
        }),
    }
}

impl OptimalReport {
    /// The `dpcert optimal --json` document: the report keys beside the mechanism's `"rows"`,
    /// which `audit` reads as it is.
    pub fn to_json(&self) -> Value {
        let o = &self.optimum;
        document(
            "optimal",
            json!({
                "graph": {"spec": self.graph_spec, "vertices": self.vertices, "edges": self.edges},
                "t": exact(self.t.value()),
                "objective": self.kind,
                "objective_definition": self.objective_definition,
                "optimum": exact(&o.value),
                "optimum_decimal": decimal(&o.value, 12),
                "dp_level": o.level.to_string(),
                "method": o.method.describe(),
                "comparisons": o.comparisons.iter().map(|c| json!({
                    "mechanism": c.name,
                    "dp_level": c.level.to_string(),
                    "value": c.value.as_ref().map(exact),
                    "gap": c.gap.as_ref().map(exact),
                    "best_remap": remap_json(c.remap.as_ref(), &o.value),
                    "sentence": c.sentence(self.kind),
                })).collect::<Vec<_>>(),
                "indices": "0-based: row x = secret (vertex) x, column y = output y",
                "rows": rows_strings(o),
                "seconds": format!("{:.3}", self.seconds),
                "warnings": self.warnings,
            }),
        )
    }

    /// The text report: itself a CSV file `dpcert audit` reads, the report on `#` lines and the
    /// mechanism after them, one row per secret.
    pub fn to_text(&self) -> String {
        let o = &self.optimum;
        let goal = match self.kind {
            "loss" => "minimum expected loss",
            _ => "maximum expected gain",
        };
        let mut out = format!(
            "# optimal mechanism on {} ({} vertices, {} edges) at t = e^eps = {}\n",
            self.graph_spec,
            self.vertices,
            self.edges,
            self.t.value()
        );
        out += &format!("# objective: {}\n", self.objective_definition);
        out += &format!("# {goal}: {} (≈ {})\n", o.value, decimal(&o.value, 12));
        out += &format!("# its DP level on the graph: e^eps = {}\n", o.level);
        out += &format!("# solved by {}\n", o.method.describe());
        for c in &o.comparisons {
            out += &format!("# {}\n", c.sentence(self.kind));
        }
        out += &format!("# time: {:.3} s\n", self.seconds);
        out += "# the mechanism (0-based: row x = secret/vertex x, column y = output y); `dpcert audit` reads this file\n";
        for r in rows_strings(o) {
            out += &r.join(",");
            out.push('\n');
        }
        out
    }
}
