//! `dpcert audit FILE [--adjacency SPEC] [--prior FILE|uniform] [--t T] [--json]`: every
//! measure of a user's mechanism, exact first, decimals after. Parsing and printing only; the
//! measures live in `crate::measure`.
//!
//! FILE is CSV (one row per input) or JSON (`{"rows": [["1/2","1/2"], ...]}`) of exact
//! literals. SPEC is `complete` (default: every pair of inputs adjacent), a generator spec of
//! `dpcert graph` (`hamming:N,M`, `cycle:K`, `path:K`, …) or an edge-list file. `--t` is
//! `t = e^ε` for the (ε, δ) profile. Bad input exits 3 with the file, row and column.

use super::exit;
use crate::graph::Graph;
use crate::measure::{self, complete_pairs, CapacityBracket, DeltaAt, DpLevel, ExtRational};
use crate::num::fmt::{decimal, decimal_round};
use crate::num::{parse_rational, Interval, Rational};
use crate::prob::io::{parse_channel, parse_dist};
use crate::prob::{Channel, Dist};
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use serde_json::{json, Value};
use std::path::Path;

/// Digits of the printed decimals (for people only).
const DIGITS: usize = 12;
/// Digits of the mutual-information enclosure (width ≤ 1e-30 needs more than 30).
const MI_DIGITS: usize = 36;
/// Digits of the capacity enclosure.
const CAP_DIGITS: usize = 18;

/// Options of the subcommand.
pub struct AuditArgs<'a> {
    pub file: &'a Path,
    pub adjacency: Option<&'a str>,
    pub prior: Option<&'a str>,
    pub t: Option<&'a str>,
    pub json: bool,
}

struct Fail(i32, String);

/// Run the subcommand; returns the exit code.
pub fn run(args: &AuditArgs) -> i32 {
    match audit(args) {
        Ok(out) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&out.json).expect("JSON of strings")
                );
            } else {
                print!("{}", out.text);
            }
            exit::OK
        }
        Err(Fail(code, msg)) => {
            eprintln!("dpcert audit: {msg}");
            code
        }
    }
}

struct Output {
    json: Value,
    text: String,
}

fn read(path: &Path) -> Result<String, Fail> {
    std::fs::read_to_string(path).map_err(|e| {
        Fail(
            exit::BAD_INPUT,
            format!("{}: cannot read: {e}", path.display()),
        )
    })
}

/// The adjacency's name, its neighbour pairs, for Hamming adjacency `(n, m)`, and the row each
/// named label of an edge-list file stands for.
type Adjacency = (
    String,
    Vec<(usize, usize)>,
    Option<(usize, usize)>,
    Option<Vec<String>>,
);

/// Resolve `--adjacency` against the number of inputs.
fn adjacency(spec: Option<&str>, n: usize, file: &Path) -> Result<Adjacency, Fail> {
    let spec = spec.unwrap_or("complete");
    if spec == "complete" {
        return Ok((format!("complete:{n}"), complete_pairs(n), None, None));
    }
    let g: Graph = match Graph::from_spec(spec) {
        Ok(Some(g)) => g,
        Err(e) => return Err(Fail(exit::USAGE, format!("--adjacency {e}"))),
        Ok(None) => {
            let p = Path::new(spec);
            if !p.exists() {
                return Err(Fail(
                    exit::USAGE,
                    format!("--adjacency `{spec}`: neither `complete`, a graph spec (hamming:N,M, cycle:K, path:K, ...) nor an existing edge-list file"),
                ));
            }
            let text = read(p)?;
            Graph::from_edge_list(&text)
                .map_err(|e| Fail(exit::BAD_INPUT, format!("{spec}: {e}")))?
        }
    };
    if g.n() != n {
        return Err(Fail(
            exit::BAD_INPUT,
            format!(
                "--adjacency `{spec}` has {} vertices but {} has {n} rows (one per input)",
                g.n(),
                file.display()
            ),
        ));
    }
    let labels = g
        .has_named_labels()
        .then(|| (0..g.n()).map(|v| g.label(v)).collect());
    Ok((spec.to_string(), g.edges(), g.hamming_params(), labels))
}

fn prior(spec: Option<&str>, n: usize, file: &Path) -> Result<Option<Dist>, Fail> {
    match spec {
        None => Ok(None),
        Some("uniform") => Ok(Some(Dist::uniform(n))),
        Some(p) => {
            let text = read(Path::new(p))?;
            let d = parse_dist(&text).map_err(|e| Fail(exit::BAD_INPUT, format!("{p}: {e}")))?;
            if d.len() != n {
                return Err(Fail(
                    exit::BAD_INPUT,
                    format!(
                        "{p}: prior of length {}, expected {n} (one mass per row of {})",
                        d.len(),
                        file.display()
                    ),
                ));
            }
            Ok(Some(d))
        }
    }
}

fn ext(r: &ExtRational) -> String {
    r.to_string()
}

/// `ln r` as a decimal (ε from `e^ε`).
fn ln_decimal(r: &ExtRational) -> String {
    match r {
        ExtRational::Infinite => "inf".into(),
        ExtRational::Finite(q) => Interval::ln_rational(q, 128)
            .map(|i| i.to_decimal_string(DIGITS))
            .unwrap_or_else(|| "?".into()),
    }
}

/// `log2 q` enclosure as `[lo, hi]` decimal strings.
fn log2_decimal(q: &Rational) -> Vec<String> {
    let l = Interval::ln_rational(q, 160).expect("q > 0");
    let i = l.checked_div(&Interval::ln2(160)).expect("ln 2 > 0");
    outward(&i, DIGITS)
}

fn outward(i: &Interval, digits: usize) -> Vec<String> {
    vec![
        decimal_round(
            &i.lo_rational().expect("finite"),
            digits,
            RoundingMode::Floor,
        ),
        decimal_round(
            &i.hi_rational().expect("finite"),
            digits,
            RoundingMode::Ceiling,
        ),
    ]
}

fn level_json(l: &DpLevel) -> Value {
    json!({
        "e_eps": ext(&l.ratio),
        "eps": ln_decimal(&l.ratio),
        "witness": {"x": l.pair.0, "x_prime": l.pair.1, "y": l.output},
    })
}

fn level_text(name: &str, l: &DpLevel) -> String {
    let dec = match &l.ratio {
        ExtRational::Finite(q) => format!(" (≈ {})", decimal(q, DIGITS)),
        ExtRational::Infinite => String::new(),
    };
    format!(
        "{name}: e^eps = {}{dec}, eps = {}; attained at x = {}, x' = {}, y = {} (W(y|x)/W(y|x'))\n",
        ext(&l.ratio),
        ln_decimal(&l.ratio),
        l.pair.0,
        l.pair.1,
        l.output
    )
}

fn dist_strings(d: &Dist) -> Vec<String> {
    d.probs().iter().map(|q| q.to_string()).collect()
}

fn audit(a: &AuditArgs) -> Result<Output, Fail> {
    let file = a.file;
    let text = read(file)?;
    let w: Channel = parse_channel(&text)
        .map_err(|e| Fail(exit::BAD_INPUT, format!("{}: {e}", file.display())))?;
    let n = w.n_inputs();
    let (spec, pairs, hamming, labels) = adjacency(a.adjacency, n, file)?;
    let pi = prior(a.prior, n, file)?;
    let t = match a.t {
        None => None,
        Some(s) => {
            let t = parse_rational(s).map_err(|e| Fail(exit::USAGE, format!("--t {s}: {e}")))?;
            if t < 0u32 {
                return Err(Fail(exit::USAGE, format!("--t {s}: t = e^eps must be ≥ 0")));
            }
            Some(t)
        }
    };
    let eval_prior = pi.clone().unwrap_or_else(|| Dist::uniform(n));
    let prior_name = if pi.is_some() {
        "given prior"
    } else {
        "uniform prior"
    };

    let mut j = serde_json::Map::new();
    let mut out = String::new();
    j.insert("file".into(), json!(file.display().to_string()));
    j.insert(
        "shape".into(),
        json!({"inputs": n, "outputs": w.n_outputs()}),
    );
    j.insert(
        "adjacency".into(),
        json!({"spec": spec, "pairs": pairs.len(), "row_of_label": labels}),
    );
    out += &format!(
        "{}: {} inputs × {} outputs; adjacency {spec} ({} neighbour pairs); indices 0-based\n",
        file.display(),
        n,
        w.n_outputs(),
        pairs.len()
    );
    if let Some(l) = &labels {
        // Named labels are numbered in order of first appearance in the file: say so.
        let map: Vec<String> = l
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{l}→{i}"))
            .collect();
        out += &format!(
            "edge-list labels are names, numbered by first appearance; label→row: {}\n",
            map.join(" ")
        );
    }

    // DP level.
    let dp = measure::dp_level(&w, &pairs);
    j.insert("dp".into(), level_json(&dp));
    out += &level_text("DP level", &dp);

    // (ε, δ) at t.
    if let Some(t) = &t {
        let d: DeltaAt = measure::delta_at(&w, &pairs, t);
        j.insert(
            "delta_at_t".into(),
            json!({
                "t": t.to_string(),
                "delta": d.delta.to_string(),
                "delta_decimal": decimal(&d.delta, DIGITS),
                "witness": {"x": d.pair.0, "x_prime": d.pair.1, "event": d.event},
            }),
        );
        out += &format!(
            "delta at t = e^eps = {t}: {} (≈ {}); attained at x = {}, x' = {}, event A = {:?}\n",
            d.delta,
            decimal(&d.delta, DIGITS),
            d.pair.0,
            d.pair.1,
            d.event
        );
    }

    // Min-entropy.
    let leak = measure::min_entropy_leakage(&eval_prior, &w);
    let cap = measure::min_capacity(&w);
    j.insert(
        "min_entropy".into(),
        json!({
            "prior": prior_name,
            "leakage_ratio": leak.to_string(),
            "leakage_bits": log2_decimal(&leak),
            "capacity_ratio": cap.to_string(),
            "capacity_bits": log2_decimal(&cap),
        }),
    );
    let lb = log2_decimal(&leak);
    let cb = log2_decimal(&cap);
    out += &format!(
        "min-entropy leakage ({prior_name}): log2({leak}) ∈ [{}, {}] bits\nmin-entropy capacity: log2({cap}) ∈ [{}, {}] bits\n",
        lb[0], lb[1], cb[0], cb[1]
    );

    // Mutual information (exact log-linear form, enclosed).
    let mi = measure::mutual_information(&eval_prior, &w);
    let mi_enc = outward(&mi.enclose(256), MI_DIGITS);
    j.insert(
        "mutual_information".into(),
        json!({"prior": prior_name, "nats": mi_enc, "terms": mi.len()}),
    );
    out += &format!(
        "mutual information ({prior_name}): ∈ [{}, {}] nats ({} log terms, exact form available)\n",
        mi_enc[0],
        mi_enc[1],
        mi.len()
    );

    // Shannon capacity bracket.
    let target = Rational::from_signeds(1i64, 1_000_000_000_000i64);
    let b: CapacityBracket = measure::capacity_bracket(&w, &target);
    let enc = vec![
        decimal_round(&b.lo(), CAP_DIGITS, RoundingMode::Floor),
        decimal_round(&b.hi(), CAP_DIGITS, RoundingMode::Ceiling),
    ];
    let width = b.width();
    j.insert(
        "capacity".into(),
        json!({
            "nats": enc,
            "width": decimal_round(&width, 20, RoundingMode::Ceiling),
            "target_width": "1e-12",
            "met": width <= target,
            "input": dist_strings(&b.input),
            "output": dist_strings(&b.output),
            "lower_is": "I(input; W)",
            "upper_is": format!("max_x D(W_x || output), attained at x = {}", b.upper_row),
            "hint_iterations": b.iterations,
        }),
    );
    out += &format!(
        "Shannon capacity: ∈ [{}, {}] nats (width ≈ {:.2e}{}); certified by I(input;W) and max_x D(W_x||output) (x = {})\n",
        enc[0],
        enc[1],
        // f64 only to print the width compactly.
        f64::rounding_from(&width, RoundingMode::Ceiling).0,
        if width <= target { "" } else { ", above the 1e-12 target" },
        b.upper_row
    );

    // Identifiability.
    if let Some(p) = &pi {
        let l = measure::identifiability_level(p, &w, &pairs);
        j.insert("identifiability".into(), level_json(&l));
        out += &level_text("identifiability level", &l);
    }

    // Distortion.
    if let Some((hn, hm)) = hamming {
        if let Some(d) = measure::expected_hamming_distortion(&eval_prior, &w, hn, hm) {
            j.insert(
                "distortion".into(),
                json!({"prior": prior_name, "expected_hamming": d.to_string(), "decimal": decimal(&d, DIGITS)}),
            );
            out += &format!(
                "expected Hamming distortion ({prior_name}): {d} (≈ {})\n",
                decimal(&d, DIGITS)
            );
        }
    }
    Ok(Output {
        json: Value::Object(j),
        text: out,
    })
}
