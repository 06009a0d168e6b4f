//! The builtins on arguments that depend on the symbolic `t` (issue 46, item 2): mechanisms
//! (`rr(k, t)`, `geometric(n, t)`, `dist`/`channel` with masses rational in `t`) and measures
//! (`dp`, `delta`, `ident`, `bayes_vuln`, `post_vuln`, `mult_leakage`, `tv`, `distortion`,
//! `max`, `min`, `abs`) as piecewise rational functions of `t` on the binder's range
//! ([`crate::num::piecewise`], by [`crate::mechanism::in_t`] and [`crate::measure::in_t`]).
//! A point of the range where a value is not defined (a pole, a DP ratio with a zero below)
//! is an error naming it. Logarithmic measures stay refused ([`refusal`]).

use super::builtins::{self, count};
use super::real::{piecewise_num, Num};
use super::symbolic::SymRange;
use super::value::Value;
use crate::measure::in_t as m;
use crate::num::piecewise::{show_point, Domain, Piecewise};
use crate::num::Rational;
use malachite::base::num::basic::traits::One;
use std::cmp::Ordering;
use std::sync::Arc;

/// The largest mechanism built in `t` (inputs): every entry is a piecewise function.
const MAX_SIZE: u64 = 64;

/// The builtins that take arguments depending on `t` and give a piecewise function (or a
/// mechanism in `t`).
pub const IN_T: &[&str] = &[
    "rr",
    "geometric",
    "dist",
    "channel",
    "dp",
    "delta",
    "ident",
    "bayes_vuln",
    "post_vuln",
    "mult_leakage",
    "tv",
    "distortion",
    "max",
    "min",
    "abs",
    "rows",
    "cols",
    "len",
];

/// Why the builtin `name` cannot take an argument in the symbolic `t`, with the monotone
/// reformulation that makes the claim rational where there is one.
pub fn refusal(name: &str) -> String {
    let how = match name {
        "ln" | "log2" => "ln and log2 are increasing: compare their arguments instead (ln(a) <= ln(b) iff a <= b; log2(a) <= c iff a <= 2^c); ε = ln t, so state the claim in t = e^ε",
        "min_leakage" => "min_leakage(p, W) = log2(mult_leakage(p, W)) and log2 is increasing: compare mult_leakage(p, W) with 2^c instead",
        "min_capacity" => "min_capacity(W) = log2(mult_leakage(uniform(n), W)) for n = rows(W), and log2 is increasing: compare mult_leakage(uniform(n), W) with 2^c instead",
        "mi" | "entropy" | "kl" | "renyi" | "capacity" | "h" => "a logarithmic measure (a sum of p·ln p terms) has no monotone reformulation that is rational in t; check it at rational t (`forall t in {2, 3, 4}: ...`)",
        "exp" | "sqrt" | "to_nats" | "to_bits" => "the result is not a rational function of t",
        "dp_k" | "delta_k" => "k-fold composition in t is not supported yet (issue 46, item 4); check it at rational t",
        "max_utility" => "the utility LP in t (a parametric LP) is not supported yet (issue 46, item 3); check it at rational t",
        _ => "its value is not a piecewise rational function of t",
    };
    format!("not rational in t: `{name}` of an expression in the symbolic t ({how})")
}

/// The binder's range as the domain of a piecewise function (the same type).
pub fn domain(r: &SymRange) -> Domain {
    r.clone()
}

/// Does the value depend on the symbolic `t`?
pub fn depends(v: &Value) -> bool {
    match v {
        Value::Num(n) => n.is_symbolic(),
        Value::TChan(_) | Value::TDist(_) => true,
        _ => false,
    }
}

fn num(v: &Value, d: &Domain, what: &str) -> Result<Piecewise, String> {
    match v {
        Value::Num(Num::Rat(q)) => Ok(Piecewise::constant(d, q.clone())),
        Value::Num(n) => n
            .to_piecewise(&Piecewise::constant(d, Rational::ONE))
            .unwrap_or_else(|| {
                Err(format!(
                    "{what} must be exact: a rational or a rational function of {}, got {}",
                    d.name,
                    n.exact_string()
                ))
            }),
        _ => Err(format!("{what} must be a number")),
    }
}

fn rows(v: &Value, d: &Domain) -> Vec<Vec<Piecewise>> {
    match v {
        Value::Chan(w) => w
            .rows()
            .iter()
            .map(|r| {
                r.iter()
                    .map(|x| Piecewise::constant(d, x.clone()))
                    .collect()
            })
            .collect(),
        Value::TChan(w) => w.as_ref().clone(),
        _ => unreachable!("type-checked: a channel"),
    }
}

fn masses(v: &Value, d: &Domain) -> Vec<Piecewise> {
    match v {
        Value::Dist(p) => p
            .probs()
            .iter()
            .map(|x| Piecewise::constant(d, x.clone()))
            .collect(),
        Value::TDist(p) => p.as_ref().clone(),
        _ => unreachable!("type-checked: a distribution"),
    }
}

fn same_len(a: usize, b: usize, what: &str) -> Result<(), String> {
    if a != b {
        return Err(format!("{what}: sizes differ ({a} and {b})"));
    }
    Ok(())
}

/// `s ≥ 1` at every `t` of the domain, or an error naming a point where it is not.
fn at_least_one(s: &Piecewise, what: &str) -> Result<(), String> {
    let d = s.domain();
    match s
        .sub(&Piecewise::constant(d, Rational::ONE))
        .decide(|o| o != Ordering::Less)
    {
        None => Ok(()),
        Some(w) => Err(format!(
            "{what} must be at least 1 for every {d}; it is below 1 at {} = {}",
            d.name,
            show_point(&w, &d.name)
        )),
    }
}

/// A distribution's masses: non-negative at every `t`, summing to 1 at every `t`.
fn check_dist(p: &[Piecewise], d: &Domain) -> Result<(), String> {
    for (i, x) in p.iter().enumerate() {
        if let Some(w) = x.decide(|o| o != Ordering::Less) {
            return Err(format!(
                "dist(...): mass {i} = {x} is negative at {} = {}",
                d.name,
                show_point(&w, &d.name)
            ));
        }
    }
    let sum = p
        .iter()
        .fold(Piecewise::constant(d, Rational::from(0u32)), |a, x| {
            a.add(x)
        });
    if let Some(w) = sum
        .sub(&Piecewise::constant(d, Rational::ONE))
        .decide(|o| o == Ordering::Equal)
    {
        return Err(format!(
            "dist(...): the masses sum to {sum}, not 1, at {} = {}",
            d.name,
            show_point(&w, &d.name)
        ));
    }
    Ok(())
}

/// `min` (`want = Less`) or `max` of two numbers one of which depends on `t`.
pub fn extreme(a: &Num, b: &Num, want: Ordering, r: &SymRange) -> Result<Num, String> {
    let d = domain(r);
    let (x, y) = (
        num(&Value::Num(a.clone()), &d, "an argument of max/min")?,
        num(&Value::Num(b.clone()), &d, "an argument of max/min")?,
    );
    Ok(piecewise_num(x.extreme(&y, want)))
}

/// The builtin `name` on type-checked arguments at least one of which depends on `t`.
pub fn call(
    name: &str,
    a: &[Value],
    named: &[(String, Value)],
    r: &SymRange,
) -> Result<Value, String> {
    let _ = named;
    let d = &domain(r);
    let n = |p: Piecewise| Ok(Value::Num(piecewise_num(p)));
    let fail = |e: crate::num::piecewise::PwError| format!("{name}: {}", e.0);
    match name {
        "rr" | "geometric" => {
            let k = count(&a[0], "the size", MAX_SIZE)? as usize;
            let s = num(&a[1], d, "t = e^eps")?;
            let w = if name == "rr" {
                crate::mechanism::in_t::randomized_response(k, &s)
            } else {
                crate::mechanism::in_t::truncated_geometric(k, &s)
            }
            .map_err(|e| e.to_string())?;
            Ok(Value::TChan(Arc::new(w)))
        }
        "dist" => {
            let mut p = Vec::with_capacity(a.len());
            for (i, v) in a.iter().enumerate() {
                p.push(num(v, d, &format!("mass {i}"))?);
            }
            check_dist(&p, d)?;
            Ok(Value::TDist(Arc::new(p)))
        }
        "channel" => {
            let rows: Vec<Vec<Piecewise>> = a.iter().map(|v| masses(v, d)).collect();
            if rows.iter().any(|r| r.len() != rows[0].len()) {
                return Err("channel(...): every row must have the same length".into());
            }
            Ok(Value::TChan(Arc::new(rows)))
        }
        "dp" | "ident" | "delta" => {
            let (p, w, rest) = if name == "ident" {
                (Some(masses(&a[0], d)), rows(&a[1], d), &a[2..])
            } else {
                (None, rows(&a[0], d), &a[1..])
            };
            let (g, rest) = match rest.first() {
                Some(Value::Graph(g)) => (Some(g.as_ref()), &rest[1..]),
                _ => (None, rest),
            };
            let adj = builtins::adjacency_of(w.len(), g)?;
            match name {
                "dp" => n(m::dp_level(d, &w, &adj).map_err(fail)?),
                "ident" => {
                    let p = p.expect("ident has a prior");
                    same_len(p.len(), w.len(), "the prior and the channel's inputs")?;
                    n(m::identifiability_level(d, &p, &w, &adj).map_err(fail)?)
                }
                _ => {
                    let s = num(&rest[0], d, "t = e^eps")?;
                    at_least_one(&s, "delta's t = e^eps")?;
                    n(m::delta_at(d, &w, &adj, &s))
                }
            }
        }
        "bayes_vuln" => n(m::bayes_vulnerability(d, &masses(&a[0], d))),
        "post_vuln" | "mult_leakage" => {
            let (p, w) = (masses(&a[0], d), rows(&a[1], d));
            same_len(p.len(), w.len(), "the prior and the channel's inputs")?;
            if name == "post_vuln" {
                n(m::posterior_vulnerability(d, &p, &w))
            } else {
                n(m::min_entropy_leakage(d, &p, &w).map_err(fail)?)
            }
        }
        "tv" => {
            let (p, q) = (masses(&a[0], d), masses(&a[1], d));
            same_len(p.len(), q.len(), "tv")?;
            n(m::tv(d, &p, &q))
        }
        "distortion" => {
            let (p, w) = (masses(&a[0], d), rows(&a[1], d));
            same_len(p.len(), w.len(), "the prior and the channel's inputs")?;
            let (nn, mm) = if a.len() == 4 {
                (
                    count(&a[2], "n", 64)? as usize,
                    count(&a[3], "m", MAX_SIZE)? as usize,
                )
            } else {
                (1, w.len())
            };
            let size = (mm as u128).checked_pow(nn as u32);
            let cols = w.first().map_or(0, Vec::len);
            if size != Some(w.len() as u128) || size != Some(cols as u128) {
                return Err(format!("distortion: the channel must be {mm}^{nn} × {mm}^{nn} (square, inputs = outputs = words)"));
            }
            n(m::expected_hamming_distortion(d, &p, &w, nn, mm))
        }
        "max" | "min" => {
            let want = if name == "min" {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            let mut best = num(&a[0], d, "an argument")?;
            for x in &a[1..] {
                best = best.extreme(&num(x, d, "an argument")?, want);
            }
            n(best)
        }
        "abs" => n(num(&a[0], d, "the argument")?.abs()),
        "rows" => Ok(Value::Num(Num::int(rows(&a[0], d).len() as i64))),
        "cols" => Ok(Value::Num(Num::int(
            rows(&a[0], d).first().map_or(0, Vec::len) as i64,
        ))),
        "len" => Ok(Value::Num(Num::int(masses(&a[0], d).len() as i64))),
        _ => Err(refusal(name)),
    }
}

#[cfg(test)]
mod tests;
