//! The exact answers of `compose`: each query asked of every class's exact composition, the
//! worst ordered pair kept, and their text and JSON.

use super::format::{
    digits_for, enclosure_json, enclosure_text, eps_of_t, event_json, ln, pair_json, setup_json,
    short, what_is_composed, DIGITS, VACUOUS,
};
use super::query::{AnswerError, ComposeQuery, Setup};
use crate::accounting::worst::{worst_delta_at_eps, worst_delta_at_t, worst_t_for_delta};
use crate::accounting::{DeltaAtT, DeltaEps, PairComposition, TForDelta};
use crate::measure::epsilon::{cmp_with_exp, DeltaAtEps, Unseparated};
use crate::measure::ExtRational;
use crate::num::fmt::decimal;
use crate::num::{Interval, Rational};
use crate::params::{Delta, Eps, T};
use serde_json::{json, Value};
use std::cmp::Ordering;

/// `compose`'s answers from the exact compositions. Each answer keeps the index (into
/// `pairs`) of the composition that attains it.
#[derive(Clone, Debug)]
pub struct ExactReport {
    pub(crate) setup: Setup,
    /// One exact composition per class of ordered pairs with the same PLD.
    pub pairs: Vec<PairComposition>,
    /// The smallest `e^ε` with δ(ε) ≤ δ.
    pub eps_for_delta: Option<(Delta, usize, TForDelta)>,
    /// δ(ε) = A − B·e^ε at each ε, with its certified enclosure.
    pub delta_at_eps: Vec<(Eps, usize, DeltaEps, Interval)>,
    /// δ at `t = e^ε`.
    pub delta_at_t: Option<(T, usize, DeltaAtT)>,
    /// `--check EPS,DELTA`.
    pub check: Option<Check>,
    /// `--rdp`, `--zcdp` (issue 45 item 1).
    pub renyi: Option<super::RenyiReport>,
    /// δ(t) on `--curve-t`'s range as exact pieces (issue 46 item 4).
    pub curve: Option<crate::accounting::ComposeCurve>,
}

/// `--check EPS,DELTA` decided exactly, with both margins.
#[derive(Clone, Debug)]
pub struct Check {
    /// The ε checked.
    pub eps: Eps,
    /// The δ checked.
    pub delta: Delta,
    /// Whether the composition is (ε, δ)-DP: `e^ε ≥` the smallest `t` for δ.
    pub holds: bool,
    /// δ − δ(ε), certified; δ(ε) attained by `pairs[at_eps]`.
    pub delta_margin: Interval,
    /// The composition attaining δ(ε).
    pub at_eps: usize,
    /// ε − ε(δ), certified (`None`: −∞, the infinite-loss mass is above δ); ε(δ) bound by
    /// `pairs[for_delta]`.
    pub eps_margin: Option<Interval>,
    /// The composition bounding ε(δ).
    pub for_delta: usize,
}

/// A certified enclosure of `A − B·e^ε`, refined until its width is below a 2^-40 part of
/// its lower end (or 16,384 bits).
fn enclose_form(f: &DeltaAtEps) -> Interval {
    let mut prec = 256;
    loop {
        let e = f.enclose(prec);
        let tight = match (e.lo_rational(), e.width_rational()) {
            (Some(lo), Some(w)) => lo > 0u32 && w * Rational::from(1u64 << 40) < lo,
            _ => false,
        };
        if tight || prec >= 16384 || f.rational().is_some() {
            return e;
        }
        prec *= 4;
    }
}

fn undecided(e: Unseparated) -> AnswerError {
    AnswerError::Input(e.to_string())
}

/// Every query of `q` on the exact compositions `pcs` (at least one).
pub(super) fn answer(
    q: &ComposeQuery,
    setup: Setup,
    pcs: Vec<PairComposition>,
) -> Result<ExactReport, AnswerError> {
    let eps_for_delta = q.delta.as_ref().map(|d| {
        let (i, r) = worst_t_for_delta(&pcs, d.value()).expect("a pair");
        (d.clone(), i, r)
    });
    let mut delta_at_eps = Vec::new();
    for eps in &q.eps {
        let (i, r) = worst_delta_at_eps(&pcs, eps.value())
            .map_err(undecided)?
            .expect("a pair");
        let enc = enclose_form(&r.form);
        delta_at_eps.push((eps.clone(), i, r, enc));
    }
    let delta_at_t = q.t.as_ref().map(|t| {
        let (i, r) = worst_delta_at_t(&pcs, t.value()).expect("a pair");
        (t.clone(), i, r)
    });
    let check = match &q.check {
        None => None,
        Some((eps, delta)) => {
            let (i, tr) = worst_t_for_delta(&pcs, delta.value()).expect("a pair");
            let holds = match &tr.t {
                ExtRational::Infinite => false,
                ExtRational::Finite(t) => {
                    cmp_with_exp(t, eps.value()).map_err(undecided)? != Ordering::Greater
                }
            };
            let (k, dr) = worst_delta_at_eps(&pcs, eps.value())
                .map_err(undecided)?
                .expect("a pair");
            let delta_margin =
                Interval::from_rational(delta.value(), 256).sub(&enclose_form(&dr.form));
            let eps_margin = match &tr.t {
                ExtRational::Infinite => None,
                ExtRational::Finite(t) => {
                    Some(Interval::from_rational(eps.value(), 256).sub(&ln(t)))
                }
            };
            Some(Check {
                eps: eps.clone(),
                delta: delta.clone(),
                holds,
                delta_margin,
                at_eps: k,
                eps_margin,
                for_delta: i,
            })
        }
    };
    let curve = match &q.curve_t {
        None => None,
        Some(r) => Some(
            crate::accounting::worst_delta_curve(&pcs, r.lo(), r.hi())
                .map_err(|e| AnswerError::Input(e.to_string()))?,
        ),
    };
    Ok(ExactReport {
        setup,
        pairs: pcs,
        eps_for_delta,
        delta_at_eps,
        delta_at_t,
        check,
        renyi: None,
        curve,
    })
}

impl ExactReport {
    fn pair_line(&self, pc: &PairComposition) -> String {
        let c = &pc.composed;
        let also = if self.setup.pairs.adj.is_none() {
            " (every ordered pair has this PLD: randomized response is symmetric)".to_string()
        } else if pc.same_as.is_empty() {
            String::new()
        } else {
            let v: Vec<String> = pc.same_as.iter().map(|p| format!("{p:?}")).collect();
            format!(" (same PLD as {})", v.join(", "))
        };
        let inf = if c.inf > 0u32 {
            format!(
                "; infinite privacy loss with probability {} (≈ {}): no eps reaches a delta below it",
                short(&c.inf),
                decimal(&c.inf, DIGITS)
            )
        } else {
            String::new()
        };
        format!(
            "pair x = {}, x' = {}{also}: {} distinct likelihood ratios (support){inf}",
            pc.pair.0,
            pc.pair.1,
            c.support()
        )
    }

    /// The report in words.
    pub fn to_text(&self) -> String {
        let pcs = &self.pairs;
        let mut text = vec![what_is_composed(&self.setup, pcs.len())];
        text.extend(pcs.iter().map(|pc| self.pair_line(pc)));
        if let Some((delta, i, r)) = &self.eps_for_delta {
            let c = &pcs[*i].composed;
            let pair = pcs[*i].pair;
            let delta = delta.value();
            text.push(match &r.t {
                ExtRational::Infinite => format!(
                    "smallest eps with delta <= {delta}: none (eps = inf): the infinite-loss mass {} exceeds delta; bound by x = {}, x' = {}",
                    short(&c.inf), pair.0, pair.1
                ),
                ExtRational::Finite(_) if *delta == 1u32 => {
                    format!("smallest eps with delta <= 1: eps = 0 ({VACUOUS})")
                }
                ExtRational::Finite(t) => format!(
                    "smallest eps with delta <= {delta}: e^eps = {}, eps ∈ {}; bound by x = {}, x' = {}; event: {}",
                    short(t),
                    ln(t).to_decimal_string(DIGITS),
                    pair.0,
                    pair.1,
                    c.describe(&r.event)
                ),
            });
        }
        for (eps, i, r, enc) in &self.delta_at_eps {
            text.push(format!(
                "delta at eps = {}: {} ∈ {}; attained at x = {}, x' = {}; event: {}",
                eps.value(),
                r.form.text(short),
                enclosure_text(enc),
                r.form.pair.0,
                r.form.pair.1,
                pcs[*i].composed.describe(&r.event)
            ));
        }
        if let Some((t, i, r)) = &self.delta_at_t {
            text.push(format!(
                "delta at t = e^eps = {}: {} (≈ {}); attained at x = {}, x' = {}; event: {}",
                t.value(),
                short(&r.delta),
                decimal(&r.delta, digits_for(&r.delta)),
                pcs[*i].pair.0,
                pcs[*i].pair.1,
                pcs[*i].composed.describe(&r.event)
            ));
        }
        if let Some(c) = &self.check {
            let eps_margin = c
                .eps_margin
                .as_ref()
                .map_or("-inf".to_string(), |m| m.to_decimal_string(DIGITS));
            text.push(format!(
                "check ({}, {})-DP after these uses: {}; delta margin {} - delta(eps) ∈ {} (delta(eps) attained at x = {}, x' = {}); eps margin eps - eps(delta) ∈ {eps_margin} (bound by x = {}, x' = {})",
                c.eps.value(),
                c.delta.value(),
                if c.holds { "holds" } else { "fails" },
                c.delta.value(),
                c.delta_margin.to_decimal_string(DIGITS),
                pcs[c.at_eps].pair.0,
                pcs[c.at_eps].pair.1,
                pcs[c.for_delta].pair.0,
                pcs[c.for_delta].pair.1,
            ));
        }
        if let Some(c) = &self.curve {
            text.extend(super::curve::exact_text(c, pcs));
        }
        if let Some(r) = &self.renyi {
            text.extend(r.lines());
        }
        text.push(format!("time: {:.3} s", self.setup.elapsed.as_secs_f64()));
        text.join("\n") + "\n"
    }

    /// The body of the `compose` document (docs/json.md), without the header.
    pub fn to_json(&self) -> Value {
        let pcs = &self.pairs;
        let mut j = setup_json(&self.setup, "exact");
        let every = self.setup.pairs.adj.is_none();
        j.insert(
            "pairs".into(),
            pcs.iter()
                .map(|pc| {
                    json!({
                        "pair": pair_json(pc.pair),
                        "same_as": pc.same_as.iter().map(|&p| pair_json(p)).collect::<Vec<_>>(),
                        "same_as_every_pair": every,
                        "support": pc.composed.support(),
                        "infinite_loss_mass": pc.composed.inf.to_string(),
                    })
                })
                .collect::<Vec<_>>()
                .into(),
        );
        if let Some((delta, i, r)) = &self.eps_for_delta {
            let mut e = json!({
                "delta": crate::json::exact(delta.value()),
                "witness": pair_json(pcs[*i].pair),
            });
            match &r.t {
                ExtRational::Infinite => {
                    e["e_eps"] = json!("inf");
                    e["eps"] = Value::Null;
                }
                ExtRational::Finite(t) => {
                    let (t, eps) = eps_of_t(t);
                    e["e_eps"] = t;
                    e["eps"] = eps;
                    e["event"] = event_json(&pcs[*i].composed, &r.event);
                }
            }
            if delta.is_vacuous() {
                e["vacuous"] = json!(true);
            }
            j.insert("eps_for_delta".into(), e);
        }
        if !self.delta_at_eps.is_empty() {
            let rows: Vec<Value> = self
                .delta_at_eps
                .iter()
                .map(|(eps, i, r, enc)| {
                    json!({
                        "eps": crate::json::exact(eps.value()),
                        "delta": r.form.to_string(),
                        "a": crate::json::exact(&r.form.a),
                        "b": crate::json::exact(&r.form.b),
                        "exact_rational": r.form.rational().map(|q| q.to_string()),
                        "enclosure": enclosure_json(enc),
                        "witness": pair_json(r.form.pair),
                        "event": event_json(&pcs[*i].composed, &r.event),
                    })
                })
                .collect();
            j.insert("delta_at_eps".into(), rows.into());
        }
        if let Some((t, i, r)) = &self.delta_at_t {
            j.insert(
                "delta_at_t".into(),
                json!({
                    "t": crate::json::exact(t.value()),
                    "delta": crate::json::exact(&r.delta),
                    "witness": pair_json(pcs[*i].pair),
                    "event": event_json(&pcs[*i].composed, &r.event),
                }),
            );
        }
        if let Some(c) = &self.check {
            j.insert(
                "check".into(),
                json!({
                    "eps": crate::json::exact(c.eps.value()),
                    "delta": crate::json::exact(c.delta.value()),
                    "holds": c.holds,
                    "verdict": if c.holds { "holds" } else { "fails" },
                    "delta_margin": crate::json::interval(&c.delta_margin, DIGITS, None),
                    "delta_witness": pair_json(pcs[c.at_eps].pair),
                    "eps_margin": c.eps_margin.as_ref().map(|m| crate::json::interval(m, DIGITS, None)),
                    "eps_witness": pair_json(pcs[c.for_delta].pair),
                }),
            );
        }
        if let Some(c) = &self.curve {
            j.insert("curve".into(), super::curve::exact_json(c, pcs));
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
