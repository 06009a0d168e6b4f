//! Claims of `docs/claims-vadhan.md` (Vadhan, "Notes on the Definition of Differential
//! Privacy", 2013; seed `003_ab6863cc5677b341.txt`); manifest `theorems/vadhan.toml`.
//!
//! Reading used throughout (VAD-D1): databases are elements of `𝒳^n`, neighbours differ in
//! exactly one row, and mechanisms are exact row-stochastic matrices on finite alphabets.

pub(crate) mod bayes;
pub(crate) mod distance;
pub(crate) mod divergence;
pub(crate) mod mechanisms;
pub(crate) mod simulation;

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(distance::claims());
    v.extend(divergence::claims());
    v.extend(simulation::claims());
    v.extend(bayes::claims());
    v
}
