//! Exact Rényi quantities of the article (`dp-information-theory-article.md` §0): `S_α`,
//! `D_α` for α ∈ {0, 1, 2, 3, …, ∞} as exact log-linear forms (`None` = +∞), the article's
//! "naive" Rényi mutual information `I_α(X;Y) = D_α(P_XY‖P_X P_Y)` (ART-D4), Sibson's closed
//! form at α = ∞, channel grids, and the report helpers shared by the ART checkers.
//!
//! Orders checked throughout (the article never states the range of α): α = 0 (only where a
//! claim is read on `[0, ∞]`), α = 1 (KL, log-linear), integer α ≥ 2 (`D_α = ln S_α/(α−1)` with
//! `S_α` rational: technique IR), α = ∞ (`ln` of a maximal rational ratio).

use crate::claim::instances::{fmt_rows, fmt_vec, simplex};
use crate::claim::{Method, Outcome, Value};
use crate::measure::output_distribution;
use crate::measure::{kl, max_ratio, ExtRational};
use crate::num::loglin::LogLinear;
use crate::num::{Decision, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use std::fmt;

/// A Rényi order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// `D_0(P‖Q) = −ln Q(supp P)`.
    Zero,
    /// `D_1 = KL`.
    One,
    /// Integer order `α ≥ 2`.
    Int(u64),
    /// `D_∞ = ln max_{p>0} p/q`.
    Inf,
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Order::Zero => f.write_str("0"),
            Order::One => f.write_str("1"),
            Order::Int(a) => write!(f, "{a}"),
            Order::Inf => f.write_str("inf"),
        }
    }
}

/// A divergence value: `Some(form)` finite, `None` = +∞.
pub type Div = Option<LogLinear>;

/// `n/d`: the claim layer's shorthand, written `q` in the article's modules.
pub use crate::claim::instances::r as q;

/// `S_α(P‖Q) = Σ_{p>0} p^α q^{1−α}` for integer α ≥ 1; `None` when some `p > 0 = q`.
pub fn s_alpha(p: &[Rational], qv: &[Rational], a: u64) -> Option<Rational> {
    let mut s = Rational::from(0u32);
    for (x, y) in p.iter().zip(qv) {
        if *x > 0u32 {
            if *y == 0u32 {
                return None;
            }
            s += x.pow(a) / y.pow(a - 1);
        }
    }
    Some(s)
}

/// `D_α(P‖Q)` in nats as an exact log-linear form (`None` = +∞), ART-D3 / §0.
pub fn div(o: Order, p: &[Rational], qv: &[Rational]) -> Div {
    match o {
        Order::Zero => {
            let m: Rational = p
                .iter()
                .zip(qv)
                .filter(|(x, _)| **x > 0u32)
                .map(|(_, y)| y.clone())
                .sum();
            if m == 0u32 {
                None
            } else {
                Some(-LogLinear::ln(&m))
            }
        }
        Order::One => kl(p, qv),
        Order::Int(a) => {
            let s = s_alpha(p, qv, a)?;
            Some(LogLinear::term(&Rational::from_unsigneds(1, a - 1), &s))
        }
        Order::Inf => match max_ratio(p, qv) {
            ExtRational::Finite(r) => Some(LogLinear::ln(&r)),
            ExtRational::Infinite => None,
        },
    }
}

/// `a ≤ b` on extended values, decided exactly (log-linear sign).
pub fn le(a: &Div, b: &Div) -> Decision {
    match (a, b) {
        (_, None) => Decision::True,
        (None, Some(_)) => Decision::False,
        (Some(x), Some(y)) => LogLinear::decide_le(x, y),
    }
}

/// `a = b` on extended values, decided exactly.
pub fn eq(a: &Div, b: &Div) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).is_zero(),
        _ => false,
    }
}

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

/// The joint `P_XY(x, y) = π(x) W(y|x)`, flattened row-major.
pub fn joint(prior: &[Rational], w: &[Vec<Rational>]) -> Vec<Rational> {
    let mut v = Vec::new();
    for (p, row) in prior.iter().zip(w) {
        for e in row {
            v.push(p * e);
        }
    }
    v
}

/// The product `P_X × Q_Y`, flattened row-major.
pub fn product(prior: &[Rational], qy: &[Rational]) -> Vec<Rational> {
    let mut v = Vec::new();
    for p in prior {
        for e in qy {
            v.push(p * e);
        }
    }
    v
}

/// The article's Rényi mutual information `I_α(X;Y) = D_α(P_XY ‖ P_X P_Y)` (ART-D4, l.297).
pub fn mi(o: Order, prior: &[Rational], w: &[Vec<Rational>]) -> Div {
    let py = output_distribution(prior, w);
    div(o, &joint(prior, w), &product(prior, &py))
}

/// Sibson's `I^s_∞ = ln Σ_y max_{x ∈ supp P_X} W(y|x)` (ART-6 at α = ∞; ART-7, ART-38).
pub fn sibson_inf(prior: &[Rational], w: &[Vec<Rational>]) -> LogLinear {
    let k = w[0].len();
    let z: Rational = (0..k)
        .map(|y| {
            w.iter()
                .zip(prior)
                .filter(|(_, p)| **p > 0u32)
                .map(|(row, _)| row[y].clone())
                .max()
                .unwrap_or_default()
        })
        .sum();
    LogLinear::ln(&z)
}

/// The diameter `sup_{x,x'} D_α(W_x‖W_{x'})` (ART-11).
pub fn diameter(o: Order, w: &[Vec<Rational>]) -> Div {
    let mut best: Div = Some(LogLinear::zero());
    for a in w {
        for b in w {
            let d = div(o, a, b);
            if le(&d, &best) == Decision::False {
                best = d;
            }
        }
    }
    best
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

/// Channel and prior as text.
pub fn cp(prior: &[Rational], w: &[Vec<Rational>]) -> String {
    format!("P_X={} W={}", fmt_vec(prior), fmt_rows(w))
}

/// A grid cell of channels (`nx` rows from `Δ_ny^N`) with priors from `Δ_nx^M`, at order `o`.
#[derive(Clone, Debug)]
pub struct ChanCell {
    pub o: Order,
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
pub fn chan_cells(orders: &[Order]) -> Vec<ChanCell> {
    let mut v = Vec::new();
    for &o in orders {
        for (nx, ny, n, m) in [(2, 2, 4, 4), (2, 3, 2, 4), (3, 2, 2, 3)] {
            v.push(ChanCell { o, nx, ny, n, m });
        }
    }
    v
}

/// Larger channel cells for `dpcert search` (size s grows the denominators).
pub fn chan_beyond(orders: &[Order], s: usize) -> Vec<ChanCell> {
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
pub const ORDERS: [Order; 4] = [Order::One, Order::Int(2), Order::Int(3), Order::Inf];

/// Outcome of a boolean decision.
pub fn outcome(ok: bool) -> Outcome {
    if ok {
        Outcome::Holds
    } else {
        Outcome::Fails
    }
}

/// Method for an order: exact ratios at ∞ and integer orders, log-linear at 0 and 1.
pub fn method(o: Order) -> Method {
    match o {
        Order::Int(_) | Order::Inf => Method::Combined(vec![Method::Exact, Method::LogLinear]),
        _ => Method::LogLinear,
    }
}

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

    /// Literal values: D_2((1/2,1/2)‖(1/4,3/4)) = ln(1/4/(1/4)·… ) = ln(4/3), D_∞ = ln 2,
    /// D_0 of a smaller support, and the noiseless channel's I_α = ln 2.
    #[test]
    fn literal_table() {
        let p = [q(1, 2), q(1, 2)];
        let r = [q(1, 4), q(3, 4)];
        // S_2 = (1/4)/(1/4) + (1/4)/(3/4) = 4/3.
        assert_eq!(s_alpha(&p, &r, 2), Some(q(4, 3)));
        assert_eq!(div(Order::Int(2), &p, &r), Some(LogLinear::ln(&q(4, 3))));
        assert_eq!(div(Order::Inf, &p, &r), Some(LogLinear::ln(&q(2, 1))));
        assert_eq!(
            div(Order::Zero, &[q(1, 1), q(0, 1)], &r),
            Some(LogLinear::ln(&q(4, 1)))
        );
        assert_eq!(div(Order::Int(3), &r, &[q(1, 1), q(0, 1)]), None);
        let id = vec![vec![q(1, 1), q(0, 1)], vec![q(0, 1), q(1, 1)]];
        for o in ORDERS {
            assert!(eq(&mi(o, &p, &id), &Some(LogLinear::ln(&q(2, 1)))), "{o}");
        }
    }

    /// Naive reference: D_α by the norm form `(1/(α−1)) ln E_P[(p/q)^{α−1}]`.
    #[test]
    fn s_alpha_matches_norm_form() {
        let pts = simplex(3, 4);
        for a in 2..=4u64 {
            for p in &pts {
                for r in &pts {
                    let naive: Option<Rational> =
                        if p.iter().zip(r).any(|(x, y)| *x > 0u32 && *y == 0u32) {
                            None
                        } else {
                            Some(
                                p.iter()
                                    .zip(r)
                                    .filter(|(x, _)| **x > 0u32)
                                    .map(|(x, y)| x * (x / y).pow(a - 1))
                                    .sum(),
                            )
                        };
                    assert_eq!(s_alpha(p, r, a), naive);
                }
            }
        }
    }

    proptest::proptest! {
        /// D_α ≥ 0 and D_α(P‖P) = 0 on random binary pairs.
        #[test]
        fn nonneg(a in 0u32..=8, b in 1u32..=7) {
            let p = [Rational::from_unsigneds(a, 8), Rational::from_unsigneds(8 - a, 8)];
            let r = [Rational::from_unsigneds(b, 8), Rational::from_unsigneds(8 - b, 8)];
            for o in ORDERS {
                proptest::prop_assert_eq!(le(&Some(LogLinear::zero()), &div(o, &p, &r)), Decision::True);
                proptest::prop_assert!(eq(&div(o, &p, &p), &Some(LogLinear::zero())));
            }
        }
    }
}
