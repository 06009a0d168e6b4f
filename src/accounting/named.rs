//! The noise mechanisms named by a spec (issue 45 items 3 and 5): `rr:K:T`, `dlaplace:T` and
//! `dgaussian:SIGMA` ([`super::dgauss`]), each built from its spec in one place ([`parse`]),
//! so `compose`, `calibrate` and Python build the same mechanism.
//!
//! # `dlaplace:T` is exact
//! The two-sided geometric (discrete Laplace) noise on ℤ, `P(z) = ((T − 1)/(T + 1))·T^{−|z|}`
//! with `T = e^{1/scale} > 1`, added to an integer query of sensitivity `D`: the neighbour
//! pairs are the query values `(a, b)` with `|a − b| ≤ D`, and by translation `a, b ∈ {0..D}`.
//! For such a pair the likelihood ratio `T^{|z−b| − |z−a|}` is constant for `z ≤ 0` and for
//! `z ≥ D`, so the output clamped to `{0..D}` is a sufficient statistic: the pair's privacy
//! loss distribution is that of the clamped outputs, which are the rows of the truncated
//! geometric mechanism on `{0..D}` at `t = T` ([`crate::mechanism::truncated_geometric`]: the
//! mass beyond either end moved onto it). Mixtures of rows indexed in `{0..D}` (the subsampled
//! pairs of `--subsample`) keep that property. So `dlaplace:T` with `--sensitivity D` is that
//! `(D + 1) × (D + 1)` channel on the complete relation — every ordered pair at every distance
//! `1..D` — and composes exactly (finitely many losses `j·ln T`, `|j| ≤ D`, rational masses).

use super::answer::{within_memory, AnswerError, Mechanism, CELL_BYTES};
use crate::num::parse_rational;
use crate::params::{GeometricBase, Scale, Sensitivity, T};

/// The mechanism a spec names: `None` when it is none of `rr:K:T`, `dlaplace:T`,
/// `dgaussian:SIGMA`; a range error is [`AnswerError::Query`] (a usage error), a memory
/// refusal [`AnswerError::Input`]. `limit` bytes bound a matrix built.
pub fn parse(
    spec: &str,
    sensitivity: &Sensitivity,
    limit: u64,
) -> Option<Result<Mechanism, AnswerError>> {
    let usage = |e: String| AnswerError::Query(format!("`{spec}`: {e}"));
    let number = |s: &str| parse_rational(s).map_err(|e| usage(format!("{s}: {e}")));
    let parts: Vec<&str> = spec.split(':').collect();
    Some(match parts.as_slice() {
        ["rr", k, t] => (|| {
            let k = k
                .parse::<usize>()
                .ok()
                .filter(|k| *k >= 2)
                .ok_or_else(|| usage(format!("{k} is not a number of inputs >= 2")))?;
            let t = T::new(number(t)?).map_err(|e| usage(e.to_string()))?;
            Mechanism::rr(spec, k, t.value().clone()).map_err(|e| usage(e.to_string()))
        })(),
        ["dlaplace", t] => (|| {
            let t = GeometricBase::new(number(t)?).map_err(|e| usage(e.to_string()))?;
            dlaplace(spec, &t, sensitivity, limit)
        })(),
        ["dgaussian", s] => (|| {
            let s = Scale::new("sigma", number(s)?).map_err(|e| usage(e.to_string()))?;
            super::dgauss::mechanism(spec, &s, sensitivity)
        })(),
        _ => return None,
    })
}

/// `dlaplace:T` with sensitivity `D`: the truncated geometric channel on `{0..D}` at `t = T`
/// (module doc), composed on the complete relation. Its `(D + 1)²` cells are checked against
/// `limit` before they are built.
pub fn dlaplace(
    spec: &str,
    t: &GeometricBase,
    sensitivity: &Sensitivity,
    limit: u64,
) -> Result<Mechanism, AnswerError> {
    let d = sensitivity
        .whole("dlaplace")
        .map_err(|e| AnswerError::Query(format!("`{spec}`: {e}")))?;
    let n = d as usize + 1;
    within_memory(
        &format!("`{spec}`"),
        n as u128 * n as u128 * CELL_BYTES,
        "its clamped matrix",
        limit,
    )?;
    let w = crate::mechanism::truncated_geometric(n, t.value()).expect("T > 1");
    Ok(Mechanism::channel(spec, w))
}

#[cfg(test)]
mod tests;
