//! AACP §2 (preliminaries): ε-DP on a finite output set (Def. 1, D2/C2), channels (D3), Rényi
//! and min-entropy (D4/C3), Smith's conditional min-entropy (D5, eq. (1)), leakage and capacity
//! (D6, F1), "H∞(X|Y) ≤ H∞(X) with equality iff independent" (F2), the one-try-attack reading
//! (F3), and binary-gain utility = posterior vulnerability (Prop. 3, P3).
//!
//! Every entropy is compared through the exact rational argument of `log2` (catalogue §0):
//! `H∞(X) = −log2 V₀(π)`, `H∞(X|Y) = −log2 V(π, M)`, `I∞ = log2(V(π, M)/V₀(π))`. No logarithm is
//! evaluated to decide anything.
//!
//! This module holds the random instances (`Shape`), Smith's posterior form and the helpers
//! shared by the claim groups: `dp_forms` (D2, C2), `entropies` (D3, D4, C3, D5, D6),
//! `capacity` (F1, F1-corrected) and `guessing` (F2, F2-corrected, F3, P3).

mod capacity;
mod dp_forms;
mod entropies;
mod guessing;
mod shared;

pub(crate) use shared::*;

/// The claim checkers of this module.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(dp_forms::claims());
    v.extend(entropies::claims());
    v.extend(capacity::claims());
    v.extend(guessing::claims());
    v
}
