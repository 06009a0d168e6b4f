//! Mechanism-level claims of Wang–Ying–Zhang: the definitions D2–D10, D15–D17, the main-text
//! facts S1–S3, S7 (mechanism part), S10, S15, Lemmas 4 and 5, and the derived X5, X9.
//! Everything is exact: mechanisms are rational matrices at rational α = e^{−ε}.
//!
//! This module holds the families, the in-range grid and the random mechanisms shared by the
//! claim groups: `definitions` (D2–D10, D15–D17), `facts` (S1, S2, S3, S10, S15) and `lemmas`
//! (L4, L5, X5, X9).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

mod definitions;
mod facts;
mod lemmas;
mod shared;

pub(crate) use shared::*;

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(definitions::claims());
    v.extend(facts::claims());
    v.extend(lemmas::claims());
    v
}
