//! Measures of a channel whose entries are functions of the symbolic `t` (issue 46, item 2),
//! each a piecewise rational function of `t` ([`crate::num::piecewise`]) by the same formula as
//! the rational measure: `max` over the finite choices becomes the piecewise `max`, whose
//! breakpoints are exact. A ratio whose denominator vanishes at a point of the domain is an
//! error naming the point (there the rational measure is `∞`, or skips a `0/0`: not a rational
//! function of `t`); a denominator that is 0 for every `t` facing one that is 0 for every `t`
//! is skipped, as `0/0` is by [`super::dp_level`].

use super::dp::ordered_pairs;
use super::ident::hamming_distance_base_m;
use crate::num::piecewise::{Domain, Piecewise, PwError};
use crate::num::Rational;
use malachite::base::num::basic::traits::{One, Zero};

/// A channel's rows, each entry a function of `t`.
pub type Rows = [Vec<Piecewise>];

fn identically_zero(f: &Piecewise) -> bool {
    f.pieces().iter().all(|p| p.is_zero())
}

fn max_all(xs: impl IntoIterator<Item = Piecewise>) -> Option<Piecewise> {
    xs.into_iter().reduce(|a, b| a.max(&b))
}

/// `max(1, rows[x][y] / rows[x'][y])` over ordered neighbour pairs and outputs (`0/0` for
/// every `t` skipped) — [`super::dp_level`] (rows = `W`) and [`super::identifiability_level`]
/// (rows = `π(x)W(·|x)`).
fn max_ratio(d: &Domain, rows: &Rows, adj: &[(usize, usize)]) -> Result<Piecewise, PwError> {
    let mut best = Piecewise::constant(d, Rational::ONE);
    for (x, xp) in ordered_pairs(adj) {
        for (a, b) in rows[x].iter().zip(&rows[xp]) {
            if identically_zero(a) && identically_zero(b) {
                continue;
            }
            let r = a.div(b).map_err(|e| {
                PwError(format!(
                    "the ratio of rows {x} and {xp} is not a rational function of {}: {e} (there the ratio is infinite or 0/0)",
                    d.name
                ))
            })?;
            best = best.max(&r);
        }
    }
    Ok(best)
}

/// The DP level `e^ε = max W(y|x)/W(y|x')` over neighbours, as a function of `t`.
pub fn dp_level(d: &Domain, w: &Rows, adj: &[(usize, usize)]) -> Result<Piecewise, PwError> {
    max_ratio(d, w, adj)
}

/// The identifiability level `max π(x)W(y|x) / (π(x')W(y|x'))` over neighbours.
pub fn identifiability_level(
    d: &Domain,
    prior: &[Piecewise],
    w: &Rows,
    adj: &[(usize, usize)],
) -> Result<Piecewise, PwError> {
    let joint: Vec<Vec<Piecewise>> = prior
        .iter()
        .zip(w)
        .map(|(p, row)| row.iter().map(|e| p.mul(e)).collect())
        .collect();
    max_ratio(d, &joint, adj)
}

/// `Σ_y (P(y) − s·Q(y))^+`, the hockey-stick divergence at `s`.
pub fn hockey_stick(d: &Domain, p: &[Piecewise], q: &[Piecewise], s: &Piecewise) -> Piecewise {
    let zero = Piecewise::constant(d, Rational::ZERO);
    p.iter()
        .zip(q)
        .map(|(a, b)| a.sub(&s.mul(b)).max(&zero))
        .fold(zero.clone(), |acc, x| acc.add(&x))
}

/// The least δ with `W` (ε, δ)-DP at `e^ε = s`: the largest hockey-stick divergence over
/// ordered neighbour pairs (0 without pairs), as [`super::delta_at`].
pub fn delta_at(d: &Domain, w: &Rows, adj: &[(usize, usize)], s: &Piecewise) -> Piecewise {
    max_all(ordered_pairs(adj).map(|(x, xp)| hockey_stick(d, &w[x], &w[xp], s)))
        .unwrap_or_else(|| Piecewise::constant(d, Rational::ZERO))
}

/// Total variation `½ Σ |P − Q|` (the hockey stick at 1).
pub fn tv(d: &Domain, p: &[Piecewise], q: &[Piecewise]) -> Piecewise {
    hockey_stick(d, p, q, &Piecewise::constant(d, Rational::ONE))
}

/// Bayes vulnerability `max_x π(x)`.
pub fn bayes_vulnerability(d: &Domain, prior: &[Piecewise]) -> Piecewise {
    max_all(prior.iter().cloned()).unwrap_or_else(|| Piecewise::constant(d, Rational::ZERO))
}

/// Posterior Bayes vulnerability `Σ_y max_x π(x) W(y|x)` (Smith 2009, Def. 3).
pub fn posterior_vulnerability(d: &Domain, prior: &[Piecewise], w: &Rows) -> Piecewise {
    let cols = w.first().map_or(0, Vec::len);
    (0..cols)
        .map(|y| {
            max_all(prior.iter().zip(w).map(|(p, row)| p.mul(&row[y])))
                .unwrap_or_else(|| Piecewise::constant(d, Rational::ZERO))
        })
        .fold(Piecewise::constant(d, Rational::ZERO), |a, x| a.add(&x))
}

/// Multiplicative min-entropy leakage `V(π, W) / V(π)` (Smith 2009, Def. 4).
pub fn min_entropy_leakage(
    d: &Domain,
    prior: &[Piecewise],
    w: &Rows,
) -> Result<Piecewise, PwError> {
    posterior_vulnerability(d, prior, w).div(&bayes_vulnerability(d, prior))
}

/// Expected Hamming distortion `Σ π(x)W(y|x) d_H(x, y)` on words of length `n` over `m`
/// letters (as [`super::expected_hamming_distortion`]; the caller checks the shape).
pub fn expected_hamming_distortion(
    d: &Domain,
    prior: &[Piecewise],
    w: &Rows,
    n: usize,
    m: usize,
) -> Piecewise {
    let mut s = Piecewise::constant(d, Rational::ZERO);
    for (x, (p, row)) in prior.iter().zip(w).enumerate() {
        for (y, e) in row.iter().enumerate() {
            let h = hamming_distance_base_m(x, y, n, m);
            if h > 0 {
                let c = Piecewise::constant(d, Rational::from(h as u64));
                s = s.add(&p.mul(e).mul(&c));
            }
        }
    }
    s
}

// Tested with the mechanisms in t (`mechanism::in_t::measures`): the layers put the
// mechanisms above the measures.
