//! The article's channel grids and the report helpers shared by the ART checkers. The Rényi
//! quantities of `dp-information-theory-article.md` §0 (`S_α`, `D_α` for α ∈ {0, 1, 2, …, ∞},
//! the "naive" Rényi mutual information of ART-D4, Sibson's `I^s_∞`, the diameter of ART-11)
//! are the library's, in [`crate::measure`] (`renyi_divergence` and its neighbours).
//!
//! Orders checked throughout (the article never states the range of α): α = 0 (only where a
//! claim is read on `[0, ∞]`), α = 1 (KL, log-linear), integer α ≥ 2 (`D_α = ln S_α/(α−1)` with
//! `S_α` rational: technique IR), α = ∞ (`ln` of a maximal rational ratio).

use crate::claim::instances::{fmt_rows, fmt_vec, simplex};
use crate::claim::Value;
use crate::measure::RenyiOrder;
use crate::num::loglin::LogLinear;
use crate::num::Rational;
use crate::prob::{Channel, Dist};
use std::fmt;

/// A divergence value: `Some(form)` finite, `None` = +∞.
pub type Div = Option<LogLinear>;

/// A prior of the grids (plain masses, as [`simplex`] builds them) as a `Dist`, for the
/// measures.
pub fn dist(p: &[Rational]) -> Dist {
    Dist::new(p.to_vec()).expect("the grids build distributions")
}

/// A channel of the grids (plain rows, which the checks index) as a `Channel`, for the
/// measures.
pub fn chan(w: &[Vec<Rational>]) -> Channel {
    Channel::new(w.to_vec()).expect("the grids build row-stochastic matrices")
}

/// Bayes' rule ([`crate::prob::Joint::posterior`]) on a prior and channel of the grids:
/// `π_y`, or `None` when `P_Y(y) = 0`.
pub fn posterior(prior: &[Rational], w: &[Vec<Rational>], y: usize) -> Option<Vec<Rational>> {
    let joint = chan(w).joint(&dist(prior)).expect("one prior mass per row");
    joint.posterior(y).map(|d| d.probs().to_vec())
}

/// `n/d`: the claim layer's shorthand, written `q` in the article's modules.
pub use crate::claim::instances::r as q;

/// A report value of an extended form.
pub fn dv(d: &Div) -> Value {
    match d {
        Some(f) => Value::log_linear(f),
        None => Value::text("+inf", "+inf"),
    }
}

/// Floating hint of an extended form (ranking only).
pub fn dh(d: &Div) -> f64 {
    match d {
        Some(f) => LogLinear::approx_f64(f),
        None => f64::INFINITY,
    }
}

/// Every channel with `nx` rows from `Δ_ny^N`.
pub fn channels(nx: usize, ny: usize, n: u32) -> Vec<Vec<Vec<Rational>>> {
    let pts = simplex(ny, n);
    let mut out: Vec<Vec<Vec<Rational>>> = vec![Vec::new()];
    for _ in 0..nx {
        let mut next = Vec::new();
        for c in &out {
            for p in &pts {
                let mut c2 = c.clone();
                c2.push(p.clone());
                next.push(c2);
            }
        }
        out = next;
    }
    out
}

/// A rational distribution with denominator `scale` near the nonnegative weights `w` (a
/// floating hint): floors, with the deficit added to the largest entry, so the entries sum to
/// exactly 1 and zero weights stay zero.
pub fn round_dist(w: &[f64], scale: u64) -> Vec<Rational> {
    let tot: f64 = w.iter().sum();
    let mut nums: Vec<u64> = w
        .iter()
        .map(|x| ((x / tot) * scale as f64).floor().max(0.0) as u64)
        .collect();
    let sum: u64 = nums.iter().sum();
    let imax = (0..nums.len()).max_by_key(|&i| nums[i]).unwrap_or(0);
    nums[imax] += scale.saturating_sub(sum);
    let sum: u64 = nums.iter().sum();
    nums.iter()
        .map(|&a| Rational::from_unsigneds(a, sum))
        .collect()
}

/// BSC(p) from the mechanism library ([`crate::mechanism::bsc`]) as plain rows.
pub fn bsc_rows(p: &Rational) -> Vec<Vec<Rational>> {
    crate::mechanism::bsc(p)
        .expect("crossover in [0, 1]")
        .into_rows()
}

/// Binary randomized response with ratio `t ≥ 1` from the mechanism library
/// ([`crate::mechanism::randomized_response`]) as plain rows: `t/(t+1)` on the diagonal.
pub fn rr_rows(t: &Rational) -> Vec<Vec<Rational>> {
    crate::mechanism::randomized_response(2, t)
        .expect("t >= 1")
        .into_rows()
}

/// Channel and prior as text.
pub fn cp(prior: &[Rational], w: &[Vec<Rational>]) -> String {
    format!("P_X={} W={}", fmt_vec(prior), fmt_rows(w))
}

/// A grid cell of channels (`nx` rows from `Δ_ny^N`) with priors from `Δ_nx^M`, at order `o`.
#[derive(Clone, Debug)]
pub struct ChanCell {
    pub o: RenyiOrder,
    pub nx: usize,
    pub ny: usize,
    pub n: u32,
    pub m: u32,
}

impl fmt::Display for ChanCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "alpha={} channels {}x{} rows in Delta_{}^{} priors Delta_{}^{}",
            self.o, self.nx, self.ny, self.ny, self.n, self.nx, self.m
        )
    }
}

impl ChanCell {
    /// Every (prior, channel) pair of the cell.
    pub fn each(&self, mut f: impl FnMut(&[Rational], &[Vec<Rational>])) {
        let priors = simplex(self.nx, self.m);
        for w in channels(self.nx, self.ny, self.n) {
            for p in &priors {
                f(p, &w);
            }
        }
    }
}

/// The default channel cells at the given orders: 2×2 (N=4), 2×3 (N=2), 3×2 (N=2).
pub fn chan_cells(orders: &[RenyiOrder]) -> Vec<ChanCell> {
    let mut v = Vec::new();
    for &o in orders {
        for (nx, ny, n, m) in [(2, 2, 4, 4), (2, 3, 2, 4), (3, 2, 2, 3)] {
            v.push(ChanCell { o, nx, ny, n, m });
        }
    }
    v
}

/// Larger channel cells for `dpcert search` (size s grows the denominators).
pub fn chan_beyond(orders: &[RenyiOrder], s: usize) -> Vec<ChanCell> {
    let s = s as u32;
    let mut v = Vec::new();
    for &o in orders {
        for (nx, ny, n, m) in [(2, 2, 4 + s, 4 + s), (2, 3, 2 + s, 4 + s), (3, 3, 1 + s, 3)] {
            v.push(ChanCell { o, nx, ny, n, m });
        }
    }
    v
}

/// The orders {1, 2, 3, ∞} used by most channel claims.
pub const ORDERS: [RenyiOrder; 4] = [
    RenyiOrder::One,
    RenyiOrder::Int(2),
    RenyiOrder::Int(3),
    RenyiOrder::Inf,
];

/// A labelled scalar instance (a named sub-check of a claim).
#[derive(Clone, Debug)]
pub struct Named(pub &'static str);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `round_dist` sums to one exactly and keeps zero weights at zero.
    #[test]
    fn round_dist_is_a_distribution() {
        let v = round_dist(&[0.3, 0.0, 0.7000001], 1 << 20);
        assert_eq!(v.iter().cloned().sum::<Rational>(), Rational::from(1u32));
        assert_eq!(v[1], Rational::from(0u32));
    }
}
