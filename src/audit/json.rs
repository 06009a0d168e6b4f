//! The JSON report of an audit, in the one schema of `docs/json.md` (issue 43 item 4): exact
//! values as strings, every enclosure `{"lo", "hi"[, "exact"]}` in the report's `"units"`.

use super::measures::Report;
use super::{CAP_DIGITS, DIGITS, MI_DIGITS, PREC};
use crate::json::{document, exact, interval};
use crate::measure::{DpLevel, ExtRational};
use crate::num::fmt::{decimal, decimal_round};
use crate::num::Rational;
use crate::prob::Dist;
use malachite::base::rounding_modes::RoundingMode;
use serde_json::{json, Map, Value};

fn dist_strings(d: &Dist) -> Vec<String> {
    d.probs().iter().map(|q| q.to_string()).collect()
}

/// ε = ln(e^ε): `{"lo", "hi", "exact": "ln(e^ε)"}`, or `null` when `e^ε` is infinite.
fn eps_json(t: &ExtRational) -> Value {
    match t {
        ExtRational::Infinite => Value::Null,
        ExtRational::Finite(q) => crate::json::eps_of_ratio(q, DIGITS),
    }
}

fn level_json(l: &DpLevel) -> Value {
    json!({
        "e_eps": l.ratio.to_string(),
        "eps": eps_json(&l.ratio),
        "witness": {"x": l.pair.0, "x_prime": l.pair.1, "y": l.output},
    })
}

impl Report {
    /// The report as a `dpcert audit --json` document (`docs/json.md`, section `audit`).
    pub fn to_json(&self) -> Value {
        let u = self.units.name();
        let log = self.units.log();
        let prior = self.prior_name();
        let mut j = Map::new();
        if let Some(f) = &self.source.file {
            j.insert("file".into(), json!(f));
        }
        j.insert(
            "shape".into(),
            json!({"inputs": self.inputs, "outputs": self.outputs}),
        );
        let labels = self.adjacency.labels.as_ref().map(|l| {
            l.iter()
                .enumerate()
                .map(|(row, label)| json!({"label": label, "row": row}))
                .collect::<Vec<_>>()
        });
        j.insert(
            "adjacency".into(),
            json!({"spec": self.adjacency.name, "pairs": self.adjacency.pairs.len(), "labels": labels}),
        );
        j.insert("units".into(), json!(u));
        j.insert("dp".into(), level_json(&self.dp));
        if let Some((t, d)) = &self.delta_at_t {
            j.insert(
                "delta_at_t".into(),
                json!({
                    "t": exact(t),
                    "delta": exact(&d.delta),
                    "delta_decimal": decimal(&d.delta, DIGITS),
                    "witness": {"x": d.pair.0, "x_prime": d.pair.1, "event": d.event},
                }),
            );
        }
        if !self.delta_at_eps.is_empty() {
            let rows: Vec<Value> = self
                .delta_at_eps
                .iter()
                .map(|d| {
                    json!({
                        "eps": exact(&d.eps),
                        "delta": d.to_string(),
                        "a": exact(&d.a),
                        "b": exact(&d.b),
                        "exact_rational": d.rational().map(|q| q.to_string()),
                        "enclosure": interval(&Report::delta_eps_interval(d), DIGITS, None),
                        "witness": {"x": d.pair.0, "x_prime": d.pair.1, "event": d.event},
                    })
                })
                .collect();
            j.insert("delta_at_eps".into(), Value::Array(rows));
        }
        if let Some(c) = &self.delta_curve {
            j.insert("curve".into(), super::curve::json(c));
        }
        if let Some(e) = &self.eps_for_delta {
            let mut v = json!({
                "delta": exact(&e.delta),
                "e_eps": e.t.to_string(),
                "eps": eps_json(&e.t),
                "binding_pair": {"x": e.pair.0, "x_prime": e.pair.1},
            });
            if e.delta == 1u32 {
                // δ = 1 holds for every mechanism at ε = 0: no pair binds it.
                v["vacuous"] = json!(true);
                v["binding_pair"] = Value::Null;
            }
            j.insert("eps_for_delta".into(), v);
        }
        let log_of = |r| interval(&self.log_interval(r), DIGITS, Some(format!("{log}({})", r)));
        j.insert(
            "min_entropy".into(),
            json!({
                "prior": prior,
                "leakage_ratio": exact(&self.min_entropy_leakage),
                "leakage": log_of(&self.min_entropy_leakage),
                "capacity_ratio": exact(&self.min_capacity),
                "capacity": log_of(&self.min_capacity),
            }),
        );
        let b = &self.bayes;
        j.insert(
            "bayes".into(),
            json!({
                "prior_name": prior,
                "prior": exact(&b.prior),
                "posterior": exact(&b.posterior),
                "add_leakage": exact(&b.add_leakage),
                "mult_leakage": exact(&b.mult_leakage),
                "mult_capacity": exact(&b.mult_capacity),
                "risk_prior": exact(&(Rational::from(1u32) - &b.prior)),
                "risk_posterior": exact(&(Rational::from(1u32) - &b.posterior)),
            }),
        );
        j.insert(
            "guessing_entropy".into(),
            json!({
                "prior_name": prior,
                "prior": exact(&self.guessing_entropy.0),
                "posterior": exact(&self.guessing_entropy.1),
            }),
        );
        if let Some(l) = &self.loss {
            j.insert(
                "l_leakage".into(),
                json!({
                    "prior_name": prior,
                    "guesses": l.guesses,
                    "prior": exact(&l.prior),
                    "posterior": exact(&l.posterior),
                    "add_leakage": exact(&l.add_leakage),
                    "mult_leakage": l.mult_leakage.as_ref().map(exact),
                }),
            );
        }
        if let Some((name, m)) = &self.metric {
            let eps = m
                .eps()
                .map(|e| interval(&e.enclose(PREC), DIGITS, Some(e.written_with("ln"))));
            j.insert(
                "metric_privacy".into(),
                json!({
                    "metric": name,
                    "eps": eps,
                    "ratio": m.ratio.to_string(),
                    "distance": exact(&m.distance),
                    "witness": m.witness.map(|(x, x2, y)| json!({"x": x, "x_prime": x2, "y": y})),
                }),
            );
        }
        if let Some(g) = &self.gain {
            j.insert(
                "g_leakage".into(),
                json!({
                    "prior_name": prior,
                    "guesses": g.guesses,
                    "prior": exact(&g.prior),
                    "posterior": exact(&g.posterior),
                    "add_leakage": exact(&g.add_leakage),
                    "mult_leakage": g.mult_leakage.as_ref().map(exact),
                    "non_negative": g.non_negative,
                    "mult_capacity": g.non_negative.then(|| exact(&b.mult_capacity)),
                }),
            );
        }
        j.insert(
            "mutual_information".into(),
            json!({
                "prior": prior,
                "value": interval(&self.mi_interval(), MI_DIGITS, Some(self.mi_exact())),
                "terms": self.mutual_information.len(),
                "log": log,
            }),
        );
        let width = self.capacity.width();
        j.insert(
            "capacity".into(),
            json!({
                "value": interval(&self.capacity_interval(), CAP_DIGITS, None),
                "width_nats": decimal_round(&width, 20, RoundingMode::Ceiling),
                "target_width_nats": exact(&self.capacity_width),
                "met": width <= self.capacity_width,
                "input": dist_strings(&self.capacity.input),
                "output": dist_strings(&self.capacity.output),
                "lower_is": "I(input; W)",
                "upper_is": format!("max_x D(W_x || output), attained at x = {}", self.capacity.upper_row),
                "hint_iterations": self.capacity.iterations,
            }),
        );
        if let Some(l) = &self.identifiability {
            j.insert("identifiability".into(), level_json(l));
        }
        if let Some(d) = &self.distortion {
            j.insert(
                "distortion".into(),
                json!({"prior": prior, "expected_hamming": exact(d), "decimal": decimal(d, DIGITS)}),
            );
        }
        if !self.source.rationalized.is_empty() {
            let conversions: Vec<Value> = self
                .source
                .rationalized
                .iter()
                .map(|r| {
                    let c = &r.change;
                    json!({
                        "file": r.file,
                        "method": r.how.to_string(),
                        "denominator": (c.denom > 0).then(|| c.denom.to_string()),
                        "changed": c.changed,
                        "largest_change": exact(&c.largest_change),
                        "at": {"row": c.at.0 + 1, "column": c.at.1 + 1},
                    })
                })
                .collect();
            j.insert("rationalized".into(), Value::Array(conversions));
        }
        if !self.source.warnings.is_empty() {
            j.insert("warnings".into(), json!(self.source.warnings));
        }
        document("audit", Value::Object(j))
    }
}
