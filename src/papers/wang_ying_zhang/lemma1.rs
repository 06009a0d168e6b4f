//! Lemma 1 of Wang–Ying–Zhang (App. A, eqs (31)–(42), l.240–418): the relaxed problem R-PD
//! has optimal value h(ε) = n(m−1)α/(1+(m−1)α), prior-free; every proof step; the derived
//! certificate X12 and uniqueness X11.
//!
//! LP-R (per output y0): minimise Σ_x d(x,y0) p(x) subject to Σ p = 1, p ≥ 0 and
//! p(a) ≤ E p(b) for every ordered neighbour pair (a, b). Its optimum is certified by a primal
//! point (the Gibbs posterior (41), feasibility checked on every enumerated constraint) and a
//! dual point (u = h, multipliers κ_l = μ_l/(l N_l) on the outward edges between spheres l−1
//! and l, every dual constraint checked exactly at every vertex) with equal objectives.
//!
//! This module holds the grids, the LP-R certificate, the feasible posteriors and the chain LP
//! shared by the claim groups: `lower_bound` (L1, L1.C1, L1.s1–L1.s6), `stage_lps` (L1.s7–
//! L1.s11), `achievability` (L1.eq40, L1.C2, L1.s12–L1.s15) and `certificates` (X11, X12).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

mod achievability;
mod certificates;
mod lower_bound;
mod shared;
mod stage_lps;

pub(crate) use shared::*;

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(lower_bound::claims());
    v.extend(stage_lps::claims());
    v.extend(achievability::claims());
    v.extend(certificates::claims());
    v
}
