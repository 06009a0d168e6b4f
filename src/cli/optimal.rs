//! `dpcert optimal --graph SPEC --t T --prior FILE|uniform (--loss hamming|abs|graph|FILE |
//! --gain identity|FILE) [--json]`: parsing and printing only; the answer is
//! [`crate::optimal::optimal`].
//!
//! The text output is itself a CSV file `dpcert audit` reads: the report is on `#` comment
//! lines and the mechanism follows, one row per secret (`dpcert optimal … > m.csv; dpcert audit
//! m.csv --adjacency SPEC`). The `--json` output has the mechanism under `"rows"`, which `audit`
//! reads too.

use super::exit;
use super::graph::load;
use super::progress::Progress;
use crate::graph::Graph;
use crate::num::fmt::decimal;
use crate::num::{parse_rational, Rational};
use crate::optimal::{optimal, BestRemap, Objective, Optimum, Problem, REMAP_WORK_LIMIT};
use crate::prob::io;
use crate::prob::Dist;
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Options of the subcommand, as given on the command line.
pub struct OptimalArgs<'a> {
    pub graph: &'a str,
    pub t: &'a str,
    pub prior: &'a str,
    pub loss: Option<&'a str>,
    pub gain: Option<&'a str>,
    pub json: bool,
}

struct Fail(i32, String);

/// The most vertices `optimal` takes: H(6,3) (729 vertices, 531,441 LP variables) is solved by
/// the orbit reduction in seconds; beyond about two thousand the k² variables alone are more
/// than an answer can be printed for.
pub const MAX_VERTICES: usize = 2048;

/// Run the subcommand; returns the exit code.
pub fn run(args: &OptimalArgs) -> i32 {
    match run_inner(args) {
        Ok(()) => exit::OK,
        Err(Fail(code, msg)) => {
            eprintln!("dpcert optimal: {msg}");
            code
        }
    }
}

fn read_matrix(path: &Path) -> Result<Vec<Vec<Rational>>, Fail> {
    io::read_matrix(path).map_err(|e| Fail(exit::BAD_INPUT, e.to_string()))
}

/// A file flag's value must name an existing file (else a usage error naming the choices).
fn existing(flag: &str, value: &str, choices: &str) -> Result<(), Fail> {
    if Path::new(value).exists() {
        Ok(())
    } else {
        Err(Fail(
            exit::USAGE,
            format!("--{flag} {value}: neither {choices} nor an existing file"),
        ))
    }
}

fn prior(spec: &str, k: usize) -> Result<Dist, Fail> {
    if spec == "uniform" {
        return Ok(Dist::uniform(k));
    }
    existing("prior", spec, "`uniform`")?;
    io::read_dist(Path::new(spec), &io::ReadOptions::default())
        .map(|(d, _)| d)
        .map_err(|e| Fail(exit::BAD_INPUT, e.to_string()))
}

/// The objective, and what its matrix is in words (the output says which distance a loss
/// uses: issue 42 item 15).
fn objective(a: &OptimalArgs, g: &Graph) -> Result<(Objective, String), Fail> {
    let k = g.n();
    let o = match (a.loss, a.gain) {
        (Some(_), Some(_)) | (None, None) => Err(Fail(
            exit::USAGE,
            "give exactly one of --loss hamming|abs|graph|FILE and --gain identity|FILE".into(),
        )),
        (Some("abs"), None) => Ok(Objective::abs_loss(k)),
        (Some("graph"), None) => Objective::graph_loss(g).map_err(|(y, x)| {
            Fail(
                exit::BAD_INPUT,
                format!(
                    "--loss graph: --graph {} is disconnected (no path between vertices {} and \
                     {}), so the graph distance is not finite there",
                    a.graph,
                    g.label(y),
                    g.label(x)
                ),
            )
        }),
        (Some("hamming"), None) => match g.hamming_params() {
            Some((n, m)) => Ok(Objective::hamming_loss(n, m)),
            None => Err(Fail(
                exit::USAGE,
                "--loss hamming needs --graph hamming:N,M (the secrets are words; for a 0/1 \
                 loss use --gain identity)"
                    .into(),
            )),
        },
        (Some(f), None) => {
            existing("loss", f, "`hamming`, `abs`, `graph`")?;
            Ok(Objective::Loss(read_matrix(Path::new(f))?))
        }
        (None, Some("identity")) => Ok(Objective::identity_gain(k)),
        (None, Some(f)) => {
            existing("gain", f, "`identity`")?;
            Ok(Objective::Gain(read_matrix(Path::new(f))?))
        }
    }?;
    let words = match (a.loss, a.gain) {
        (Some("abs"), _) => "loss(y, x) = |y - x|, the distance of the vertex indices (the graph \
                             distance only on the path 0-1-...-(k-1))"
            .to_string(),
        (Some("graph"), _) => format!(
            "loss(y, x) = d(y, x), the shortest-path distance in {}",
            a.graph
        ),
        (Some("hamming"), _) => "loss(y, x) = the Hamming distance of the words y and x (the \
                                 shortest-path distance in the Hamming graph)"
            .to_string(),
        (Some(f), _) => {
            format!("loss(y, x) = row y, column x of {f} (rows = outputs, columns = secrets)")
        }
        (_, Some("identity")) => {
            "gain(y, x) = 1 if y = x else 0, the identity gain (reporting the secret)".to_string()
        }
        (_, Some(f)) => {
            format!("gain(y, x) = row y, column x of {f} (rows = outputs, columns = secrets)")
        }
        (None, None) => unreachable!("refused above"),
    };
    Ok((o, words))
}

/// `--loss abs` on a graph that is not the path 0-1-...-(k-1): the index distance is not the
/// graph's, said with a pair where they differ (issue 42 item 15).
fn abs_warning(a: &OptimalArgs, g: &Graph) -> Option<String> {
    if a.loss != Some("abs") {
        return None;
    }
    let (x, y, d) = crate::optimal::abs_differs_from_distance(g)?;
    Some(format!(
        "--loss abs is |y - x| of the vertex indices, not the distance in --graph {}, which is \
         not the path 0-1-...-{}: |{x} - {y}| = {} but the graph distance between {} and {} is \
         {}; --loss graph uses the shortest-path distance",
        a.graph,
        g.n().saturating_sub(1),
        x.abs_diff(y),
        g.label(x),
        g.label(y),
        d.map_or("infinite (no path)".to_string(), |d| d.to_string())
    ))
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
fn remap_json(r: Option<&BestRemap>, optimum: &Rational) -> serde_json::Value {
    match r {
        None => serde_json::Value::Null,
        Some(BestRemap::Skipped { work }) => json!({
            "computed": false,
            "why": format!("{work} integer products, above the limit of {REMAP_WORK_LIMIT}"),
        }),
        Some(BestRemap::Found(r)) => json!({
            "computed": true,
            "map": r.map,
            "value": r.value.to_string(),
            "gap": r.gap.to_string(),
            "attains_optimum": r.value == *optimum,
            "certificate": r.note,
        }),
    }
}

fn run_inner(a: &OptimalArgs) -> Result<(), Fail> {
    let t = parse_rational(a.t).map_err(|e| Fail(exit::USAGE, format!("--t {}: {e}", a.t)))?;
    if t < 1u32 {
        return Err(Fail(
            exit::USAGE,
            format!("--t {}: t = e^eps must be at least 1 (eps ≥ 0)", a.t),
        ));
    }
    let (g, mut warnings) =
        load(a.graph).map_err(|(code, msg)| Fail(code, format!("--graph {msg}")))?;
    if g.n() > MAX_VERTICES {
        return Err(Fail(
            exit::USAGE,
            format!(
                "--graph {}: {} vertices; the LP has one variable per (secret, output) pair, so \
                 more than {MAX_VERTICES} vertices are refused",
                a.graph,
                g.n()
            ),
        ));
    }
    let (objective, objective_words) = objective(a, &g)?;
    warnings.extend(abs_warning(a, &g));
    for w in &warnings {
        eprintln!("dpcert optimal: warning: {w}");
    }
    let pi = prior(a.prior, g.n())?;
    let progress = Progress::spinner("optimal", true);
    progress.phase(&format!("{} vertices, {} edges", g.n(), g.m()));
    let start = Instant::now();
    let answer = optimal(&Problem {
        graph: &g,
        t: t.clone(),
        prior: pi,
        objective: objective.clone(),
    });
    let secs = start.elapsed().as_secs_f64();
    progress.finish();
    let o = answer.map_err(|e| {
        use crate::optimal::OptimalError as E;
        let code = match e {
            E::PriorLength { .. } | E::ObjectiveShape { .. } => exit::BAD_INPUT,
            E::TBelowOne(_) => exit::USAGE,
            _ => exit::BAD_INPUT,
        };
        Fail(code, e.to_string())
    })?;
    let kind = objective.kind();
    let goal = match objective {
        Objective::Loss(_) => "minimum expected loss",
        Objective::Gain(_) => "maximum expected gain",
    };
    if a.json {
        let j = json!({
            "graph": {"spec": a.graph, "vertices": g.n(), "edges": g.m()},
            "t": t.to_string(),
            "objective": kind,
            "objective_definition": objective_words,
            "optimum": o.value.to_string(),
            "optimum_decimal": decimal(&o.value, 12),
            "dp_level": o.level.to_string(),
            "method": o.method.describe(),
            "comparisons": o.comparisons.iter().map(|c| json!({
                "mechanism": c.name,
                "dp_level": c.level.to_string(),
                "value": c.value.as_ref().map(ToString::to_string),
                "gap": c.gap.as_ref().map(ToString::to_string),
                "best_remap": remap_json(c.remap.as_ref(), &o.value),
                "sentence": c.sentence(kind),
            })).collect::<Vec<_>>(),
            "indices": "0-based: row x = secret (vertex) x, column y = output y",
            "rows": rows_strings(&o),
            "seconds": format!("{secs:.3}"),
            "warnings": warnings,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&j).expect("JSON of strings")
        );
    } else {
        let mut out = format!(
            "# optimal mechanism on {} ({} vertices, {} edges) at t = e^eps = {t}\n",
            a.graph,
            g.n(),
            g.m()
        );
        out += &format!("# objective: {objective_words}\n");
        out += &format!("# {goal}: {} (≈ {})\n", o.value, decimal(&o.value, 12));
        out += &format!("# its DP level on the graph: e^eps = {}\n", o.level);
        out += &format!("# solved by {}\n", o.method.describe());
        for c in &o.comparisons {
            out += &format!("# {}\n", c.sentence(kind));
        }
        out += &format!("# time: {secs:.3} s\n");
        out += "# the mechanism (0-based: row x = secret/vertex x, column y = output y); `dpcert audit` reads this file\n";
        for r in rows_strings(&o) {
            out += &r.join(",");
            out.push('\n');
        }
        print!("{out}");
    }
    Ok(())
}
