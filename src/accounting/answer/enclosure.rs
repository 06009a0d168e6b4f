//! The answers of `compose` by the certified grid enclosure ([`crate::accounting::refine`]):
//! lower and upper bounds, not the exact `A − B·e^ε`, and their text and JSON.

use super::format::{
    enclosure_json, enclosure_text, pair_json, setup_json, what_is_composed, DIGITS, VACUOUS,
};
use super::query::{ComposeQuery, Setup};
use crate::accounting::refine::{eps_width, DeltaEnclosure, EpsEnclosure, GridAnswers};
use crate::num::{Interval, LogLinear, Rational};
use crate::params::{Delta, Eps, T};
use serde_json::{json, Value};

/// `compose`'s answers by the grid enclosure.
#[derive(Clone, Debug)]
pub struct GridReport {
    pub(crate) setup: Setup,
    /// Why the exact composition was not used.
    pub why_not_exact: String,
    /// The relative width asked for.
    pub width: f64,
    /// The queries asked (as [`ComposeQuery`]).
    pub delta: Option<Delta>,
    /// The ε of the δ(ε) rows.
    pub eps: Vec<Eps>,
    /// The t of δ(t).
    pub t: Option<T>,
    /// The (ε, δ) checked.
    pub check: Option<(Eps, Delta)>,
    /// The answers on the last grid.
    pub answers: GridAnswers,
    /// `--rdp`, `--zcdp` (issue 45 item 1).
    pub renyi: Option<super::RenyiReport>,
    /// `--curve-t`'s range and its pieces, each with certified bounds (issue 46 item 4).
    pub curve: Option<(Rational, Rational, Vec<super::curve::EnclosurePiece>)>,
}

/// The certified enclosure of `ε ∈ [lo, hi]` (`hi = None`: `+∞`; `lo = None`: `ε = +∞`).
pub(super) fn eps_interval(e: &EpsEnclosure) -> Option<Interval> {
    match (&e.lo, &e.hi) {
        (Some(l), Some(h)) => Some(l.enclose(256).hull(&h.enclose(256))),
        _ => None,
    }
}

fn eps_text(lo: &Option<LogLinear>, hi: &Option<LogLinear>) -> String {
    match (lo, hi) {
        (None, _) => "[inf, inf]".to_string(),
        (Some(l), None) => {
            let d = l.enclose(256).to_decimal_string(DIGITS);
            let low = d.trim_start_matches('[').split(',').next().unwrap_or("0");
            format!("[{low}, inf]")
        }
        (Some(l), Some(h)) => l
            .enclose(256)
            .hull(&h.enclose(256))
            .to_decimal_string(DIGITS),
    }
}

fn delta_interval(d: &DeltaEnclosure) -> Interval {
    Interval::from_rational(&d.lo, 256).hull(&Interval::from_rational(&d.hi, 256))
}

/// The text line of one δ enclosure: `delta at WHERE: delta ∈ [lo, hi] …` and the pair of the
/// upper end.
fn delta_line(at: &str, d: &DeltaEnclosure) -> String {
    format!(
        "delta at {at}: delta ∈ {} (certified enclosure); upper end from x = {}, x' = {}",
        enclosure_text(&delta_interval(d)),
        d.hi_pair.0,
        d.hi_pair.1
    )
}

fn delta_json(d: &DeltaEnclosure) -> Value {
    json!({
        "lower": crate::json::exact(&d.lo),
        "upper": crate::json::exact(&d.hi),
        "enclosure": enclosure_json(&delta_interval(d)),
        "lo_witness": pair_json(d.lo_pair),
        "hi_witness": pair_json(d.hi_pair),
    })
}

fn word(v: &Option<bool>) -> &'static str {
    match v {
        Some(true) => "holds",
        Some(false) => "fails",
        None => "undecided",
    }
}

impl GridReport {
    pub(super) fn new(
        q: &ComposeQuery,
        setup: Setup,
        why_not_exact: String,
        answers: GridAnswers,
    ) -> GridReport {
        GridReport {
            setup,
            why_not_exact,
            width: q.grid.width.as_f64(),
            delta: q.delta.clone(),
            eps: q.eps.clone(),
            t: q.t.clone(),
            check: q.check.clone(),
            curve: q.curve_t.as_ref().map(|r| {
                let points = super::curve::grid_points(r.lo(), r.hi());
                let pieces = super::curve::enclosure_pieces(&points, &answers.curve);
                (r.lo().clone(), r.hi().clone(), pieces)
            }),
            answers,
            renyi: None,
        }
    }

    /// The `--check` verdict (`None` inside: undecided on the last grid).
    pub fn check(&self) -> Option<Option<bool>> {
        self.answers.check.as_ref().map(|(_, v)| *v)
    }

    /// The report in words.
    pub fn to_text(&self) -> String {
        let ans = &self.answers;
        let n = ans.n;
        let rounds: Vec<String> = ans
            .rounds
            .iter()
            .map(|r| format!("N = {} ({} pair PLDs, {:.3} s)", r.n, r.pairs, r.secs))
            .collect();
        let pruned = crate::num::fmt::decimal(
            &(Rational::from(ans.pruned) / Rational::from(crate::accounting::grid::ONE)),
            3,
        );
        let mut text = vec![
            what_is_composed(&self.setup, ans.classes),
            format!(
                "exact composition {}; answered by a CERTIFIED GRID ENCLOSURE instead (lower and upper bounds, not the exact A - B·e^eps): every single-use privacy loss rounded up (upper bound) and down (lower bound) to a multiple of ln(1 + 1/N), masses in fixed point 2^-63 rounded outward (delta is non-decreasing in every loss)",
                self.why_not_exact
            ),
            format!(
                "grid N = {n} (b = {}/{n}); grids tried: {}; pruned mass per pair and side at most {pruned}",
                n + 1,
                rounds.join(", ")
            ),
        ];
        if let (Some(delta), Some(e)) = (&self.delta, &ans.eps_for_delta) {
            text.push(format!(
                "smallest eps with delta <= {}: eps ∈ {} (certified enclosure, relative width {:.2e}); upper end from x = {}, x' = {}, lower end from x = {}, x' = {}",
                delta.value(),
                eps_text(&e.lo, &e.hi),
                eps_width(e),
                e.hi_pair.0, e.hi_pair.1, e.lo_pair.0, e.lo_pair.1
            ));
            if delta.is_vacuous() {
                text.push(format!("note: {VACUOUS}"));
            }
        }
        for (eps, d) in self.eps.iter().zip(&ans.delta_at_eps) {
            text.push(delta_line(&format!("eps = {}", eps.value()), d));
        }
        if let (Some(t), Some(d)) = (&self.t, &ans.delta_at_t) {
            text.push(delta_line(&format!("t = e^eps = {}", t.value()), d));
        }
        if let (Some((eps, delta)), Some((d, verdict))) = (&self.check, &ans.check) {
            text.push(format!(
                "check ({}, {})-DP after these uses: {}; delta(eps) ∈ {} (certified enclosure{})",
                eps.value(),
                delta.value(),
                word(verdict),
                enclosure_text(&delta_interval(d)),
                if verdict.is_none() {
                    ": the claimed delta lies inside it — a finer grid (--width, --enclosure-secs) may decide"
                } else {
                    ""
                }
            ));
        }
        if !ans.satisfied {
            text.push(format!(
                "note: the width asked for ({}) was not reached before the time limit (--enclosure-secs); the enclosure above is sound but wider",
                self.width
            ));
        }
        if let Some((lo, hi, ps)) = &self.curve {
            text.extend(super::curve::enclosure_text(lo, hi, ps));
        }
        if let Some(r) = &self.renyi {
            text.extend(r.lines());
        }
        text.push(format!("time: {:.3} s", self.setup.elapsed.as_secs_f64()));
        text.join("\n") + "\n"
    }

    /// The body of the `compose` document (docs/json.md), without the header.
    pub fn to_json(&self) -> Value {
        let ans = &self.answers;
        let mut j = setup_json(&self.setup, "grid_enclosure");
        j.insert("why_not_exact".into(), json!(self.why_not_exact));
        j.insert("grid_n".into(), json!(ans.n));
        j.insert(
            "rounds".into(),
            ans.rounds
                .iter()
                .map(
                    |r| json!({"n": r.n, "pairs": r.pairs, "elapsed_ms": (r.secs * 1000.0) as u64}),
                )
                .collect::<Vec<_>>()
                .into(),
        );
        j.insert("satisfied".into(), json!(ans.satisfied));
        if let (Some(delta), Some(e)) = (&self.delta, &ans.eps_for_delta) {
            let mut v = json!({
                "delta": crate::json::exact(delta.value()),
                "eps": eps_interval(e).map(|i| crate::json::interval(&i, DIGITS, None)),
                "relative_width": format!("{:.2e}", eps_width(e)),
                "lo_exponent": e.lo.as_ref().map(|f| f.to_string()),
                "hi_exponent": e.hi.as_ref().map(|f| f.to_string()),
                "lo_witness": pair_json(e.lo_pair),
                "hi_witness": pair_json(e.hi_pair),
            });
            if delta.is_vacuous() {
                v["vacuous"] = json!(true);
            }
            j.insert("eps_for_delta".into(), v);
        }
        let rows: Vec<Value> = self
            .eps
            .iter()
            .zip(&ans.delta_at_eps)
            .map(|(eps, d)| {
                let mut v = delta_json(d);
                v["eps"] = crate::json::exact(eps.value());
                v
            })
            .collect();
        if !rows.is_empty() {
            j.insert("delta_at_eps".into(), rows.into());
        }
        if let (Some(t), Some(d)) = (&self.t, &ans.delta_at_t) {
            let mut v = delta_json(d);
            v["t"] = crate::json::exact(t.value());
            j.insert("delta_at_t".into(), v);
        }
        if let (Some((eps, delta)), Some((d, verdict))) = (&self.check, &ans.check) {
            j.insert(
                "check".into(),
                json!({
                    "eps": crate::json::exact(eps.value()),
                    "delta": crate::json::exact(delta.value()),
                    "holds": verdict,
                    "verdict": word(verdict),
                    "delta_enclosure": enclosure_json(&delta_interval(d)),
                }),
            );
        }
        if let Some((lo, hi, ps)) = &self.curve {
            j.insert("curve".into(), super::curve::enclosure_json(lo, hi, ps));
        }
        if let Some(r) = &self.renyi {
            j.insert("renyi".into(), r.to_json());
        }
        j.insert(
            "elapsed_ms".into(),
            json!(self.setup.elapsed.as_millis() as u64),
        );
        Value::Object(j)
    }
}
