//! `compose --rdp A1,A2,… --zcdp` (issue 45 item 1): the Rényi divergences and ρ-zCDP of the
//! composition ([`crate::accounting::renyi`]), each converted to (ε, δ) and printed beside the
//! ε(δ) of the privacy loss distribution, so the cost of the conversion shows.

use super::format::{enclosure_json, pair_json, DIGITS};
use super::query::ComposeQuery;
use crate::accounting::renyi::{self, Divergence, RdpAt, Zcdp};
use crate::accounting::Class;
use crate::num::{Interval, Rational};
use serde_json::{json, Value};

/// Bits of relative width ρ is refined to (2^-40 ≈ 1e-12), and the most orders evaluated
/// (the chord bound is second order in a box's width, so tens of orders usually suffice).
const ZCDP_WIDTH_BITS: u64 = 40;
const ZCDP_MAX_EVALUATIONS: usize = 20_000;

/// The Rényi answers and their conversions.
#[derive(Clone, Debug)]
pub struct RenyiReport {
    /// `D_α` at each order asked.
    pub orders: Vec<RdpAt>,
    /// ρ-zCDP, when asked.
    pub zcdp: Option<Zcdp>,
    /// The δ of the conversions (`None` when δ is 0 or 1: no conversion applies).
    pub delta: Option<Rational>,
    /// ε(δ) of the privacy loss distribution at that δ: how it was found (`exact`, `certified
    /// enclosure`) and its enclosure (`None`: `+∞` or unbounded above).
    pub pld_eps: Option<(&'static str, Option<Interval>)>,
}

/// The answers, when `--rdp` or `--zcdp` was asked.
pub(super) fn answer(q: &ComposeQuery, classes: &[Class]) -> Option<RenyiReport> {
    if q.rdp.is_empty() && !q.zcdp {
        return None;
    }
    let orders: Vec<Rational> = q.rdp.iter().map(|a| a.value().clone()).collect();
    let delta = q
        .delta
        .as_ref()
        .map(|d| d.value().clone())
        .filter(|d| *d > 0u32 && *d < 1u32);
    Some(RenyiReport {
        orders: renyi::rdp(classes, &orders, q.max_memory),
        zcdp: q
            .zcdp
            .then(|| renyi::zcdp(classes, ZCDP_WIDTH_BITS, ZCDP_MAX_EVALUATIONS)),
        delta,
        pld_eps: None,
    })
}

fn dec(i: &Interval) -> String {
    i.to_decimal_string(DIGITS)
}

/// One conversion: its ε at each order, the best (smallest upper end).
struct Converted {
    per_order: Vec<Option<Interval>>,
    best: Option<(usize, Interval)>,
}

impl RenyiReport {
    fn convert(&self, f: fn(&Interval, &Rational, &Rational) -> Interval) -> Option<Converted> {
        let delta = self.delta.as_ref()?;
        let per_order: Vec<Option<Interval>> = self
            .orders
            .iter()
            .map(|r| r.value.enclosure().map(|d| f(d, &r.alpha, delta)))
            .collect();
        let best = per_order
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().map(|e| (i, e.clone())))
            .min_by(|a, b| a.1.hi.partial_cmp(&b.1.hi).expect("finite ends"));
        Some(Converted { per_order, best })
    }

    fn zcdp_eps(&self) -> Option<Interval> {
        Some(renyi::eps_zcdp(
            &self.zcdp.as_ref()?.enclosure()?,
            self.delta.as_ref()?,
        ))
    }

    /// What a conversion costs over the PLD's ε(δ): `conversion − pld`, certified.
    fn cost(&self, e: &Interval) -> Option<Interval> {
        match &self.pld_eps {
            Some((_, Some(p))) => Some(e.sub(p)),
            _ => None,
        }
    }

    fn cost_text(&self, e: &Interval) -> String {
        self.cost(e)
            .map(|c| format!(" (conversion cost over the PLD's eps: {})", dec(&c)))
            .unwrap_or_default()
    }

    /// The lines of the text report.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        let classical = self.convert(renyi::eps_classical);
        let cks = self.convert(renyi::eps_cks);
        for (i, r) in self.orders.iter().enumerate() {
            let conv = match (&classical, &cks) {
                (Some(c), Some(k)) => match (&c.per_order[i], &k.per_order[i]) {
                    (Some(c), Some(k)) => format!(
                        "; to (eps, delta): classical eps ∈ {}, CKS eps ∈ {}",
                        dec(c),
                        dec(k)
                    ),
                    _ => String::new(),
                },
                _ => String::new(),
            };
            let (x, xp) = r.witness;
            out.push(match &r.value {
                Divergence::Infinite => format!(
                    "Renyi DP at alpha = {}: D_alpha = inf (an output with P > 0 = Q) at x = {x}, x' = {xp}",
                    r.alpha
                ),
                Divergence::Exact(f, e) => format!(
                    "Renyi DP at alpha = {}: D_alpha = {f} (exact) ∈ {}; attained at x = {x}, x' = {xp}{conv}",
                    r.alpha,
                    dec(e)
                ),
                Divergence::Enclosed(e) => format!(
                    "Renyi DP at alpha = {}: D_alpha ∈ {} (certified enclosure); upper end from x = {x}, x' = {xp}{conv}",
                    r.alpha,
                    dec(e)
                ),
                Divergence::Rational(d, e) => format!(
                    "Renyi DP at alpha = {}: D_alpha = {d} (exact) ∈ {}; attained at x = {x}, x' = {xp}{conv}",
                    r.alpha,
                    dec(e)
                ),
            });
        }
        match &self.zcdp {
            None => {}
            Some(Zcdp::Infinite) => out.push(
                "zCDP: rho = inf (some pair has infinite privacy loss: D_alpha = inf for every alpha > 1)"
                    .into(),
            ),
            Some(Zcdp::Bounded {
                enclosure,
                lower_at,
                witness,
                evaluations,
                converged,
            }) => out.push(format!(
                "zCDP: rho = sup_alpha D_alpha/alpha ∈ {} (certified, interval branch-and-bound over alpha, {evaluations} orders{}); lower end {} at x = {}, x' = {}",
                dec(enclosure),
                if *converged { "" } else { ", evaluation budget reached: the enclosure is sound but wider" },
                lower_at.as_ref().map_or("the limit alpha -> 1 (KL divergence)".to_string(), |a| format!("D_alpha/alpha at alpha = {a}")),
                witness.0,
                witness.1
            )),
            Some(Zcdp::Exact { rho, witness, why }) => out.push(format!(
                "zCDP: rho = sup_alpha D_alpha/alpha = {rho} (exact: {why}) ∈ {}; attained at x = {}, x' = {}",
                dec(&Interval::from_rational(rho, renyi::PREC)),
                witness.0,
                witness.1
            )),
        }
        let Some(delta) = &self.delta else {
            if !self.orders.is_empty() || self.zcdp.is_some() {
                out.push(
                    "conversions to (eps, delta): none (they need 0 < delta < 1; give --delta)"
                        .into(),
                );
            }
            return out;
        };
        out.push(match &self.pld_eps {
            Some((how, Some(e))) => {
                format!("eps(delta = {delta}) from the privacy loss distribution: {} ({how})", dec(e))
            }
            Some((how, None)) => {
                format!("eps(delta = {delta}) from the privacy loss distribution: inf or unbounded above ({how})")
            }
            None => format!("eps(delta = {delta}) from the privacy loss distribution: not computed"),
        });
        for (name, conv) in [
            (
                "classical RDP conversion (Mironov 2017, Prop. 3)",
                &classical,
            ),
            (
                "CKS RDP conversion (Canonne-Kamath-Steinke 2020, Prop. 12)",
                &cks,
            ),
        ] {
            if let Some(Converted {
                best: Some((i, e)), ..
            }) = conv
            {
                out.push(format!(
                    "{name}, best of the orders given (alpha = {}): eps ∈ {}{}",
                    self.orders[*i].alpha,
                    dec(e),
                    self.cost_text(e)
                ));
            }
        }
        if let Some(e) = self.zcdp_eps() {
            out.push(format!(
                "zCDP conversion (Bun-Steinke 2016, Prop. 1.3), eps = rho + 2 sqrt(rho ln(1/delta)): eps ∈ {}{}",
                dec(&e),
                self.cost_text(&e)
            ));
        }
        out
    }

    /// The `renyi` object of docs/json.md.
    pub fn to_json(&self) -> Value {
        let classical = self.convert(renyi::eps_classical);
        let cks = self.convert(renyi::eps_cks);
        let at = |c: &Option<Converted>, i: usize| {
            c.as_ref()
                .and_then(|c| c.per_order[i].as_ref())
                .map(enclosure_json)
        };
        let orders: Vec<Value> = self
            .orders
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let (exact, div) = match &r.value {
                    Divergence::Infinite => (Value::Null, json!("inf")),
                    Divergence::Exact(f, e) => (json!(f.to_string()), enclosure_json(e)),
                    Divergence::Enclosed(e) => (Value::Null, enclosure_json(e)),
                    Divergence::Rational(d, e) => (json!(d.to_string()), enclosure_json(e)),
                };
                json!({
                    "alpha": crate::json::exact(&r.alpha),
                    "divergence": div,
                    "exact": exact,
                    "witness": pair_json(r.witness),
                    "eps_classical": at(&classical, i),
                    "eps_cks": at(&cks, i),
                })
            })
            .collect();
        let best = |c: &Option<Converted>| {
            c.as_ref().and_then(|c| c.best.as_ref()).map(|(i, e)| {
                json!({
                    "alpha": crate::json::exact(&self.orders[*i].alpha),
                    "eps": enclosure_json(e),
                    "cost": self.cost(e).map(|c| crate::json::interval(&c, DIGITS, None)),
                })
            })
        };
        let zcdp = self.zcdp.as_ref().map(|z| match z {
            Zcdp::Infinite => json!({"rho": "inf"}),
            Zcdp::Bounded {
                enclosure,
                lower_at,
                witness,
                evaluations,
                converged,
            } => json!({
                "rho": enclosure_json(enclosure),
                "lower_at_alpha": lower_at.as_ref().map(crate::json::exact),
                "witness": pair_json(*witness),
                "evaluations": evaluations,
                "converged": converged,
                "eps": self.zcdp_eps().map(|e| enclosure_json(&e)),
                "cost": self.zcdp_eps().and_then(|e| self.cost(&e)).map(|c| crate::json::interval(&c, DIGITS, None)),
            }),
            Zcdp::Exact { rho, witness, why } => json!({
                "rho": enclosure_json(&Interval::from_rational(rho, renyi::PREC)),
                "exact": rho.to_string(),
                "why": why,
                "witness": pair_json(*witness),
                "eps": self.zcdp_eps().map(|e| enclosure_json(&e)),
                "cost": self.zcdp_eps().and_then(|e| self.cost(&e)).map(|c| crate::json::interval(&c, DIGITS, None)),
            }),
        });
        json!({
            "delta": self.delta.as_ref().map(crate::json::exact),
            "orders": orders,
            "zcdp": zcdp,
            "pld_eps": self.pld_eps.as_ref().map(|(how, e)| json!({
                "how": how,
                "eps": e.as_ref().map(enclosure_json),
            })),
            "best_classical": best(&classical),
            "best_cks": best(&cks),
        })
    }
}
