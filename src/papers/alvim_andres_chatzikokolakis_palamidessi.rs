//! Claims of `docs/claims-alvim-andres-chatzikokolakis-palamidessi.md` (Alvim, Andrés,
//! Chatzikokolakis, Palamidessi, "On the relation between Differential Privacy and Quantitative
//! Information Flow"; seed `004_9b0233731f1712d6.txt`); manifest
//! `theorems/alvim-andres-chatzikokolakis-palamidessi.toml`.
//!
//! Readings used throughout (catalogue §0): `t = e^ε > 1`; ε-DP of a matrix on a graph in the
//! multiplicative form `M[i][j] <= t·M[h][j]` for every edge `i ~ h` (both orientations), so
//! zero entries are allowed; vulnerabilities `V(π, M) = Σ_z max_x π(x) M[x][z]` are compared
//! instead of entropies (log2 is strictly increasing); distances on a disconnected graph are
//! `∞` with `t^{-∞} = 0`.

// Matrix code indexes rows and columns by vertex; index loops say what they mean.
#![allow(clippy::needless_range_loop)]

pub(crate) mod common;
pub(crate) mod example1;
pub(crate) mod explore;
pub(crate) mod forall;
pub(crate) mod info;
pub(crate) mod leakage;
pub(crate) mod structure;
pub(crate) mod transform;
pub(crate) mod utility;

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(info::claims());
    v.extend(structure::claims());
    v.extend(transform::claims());
    v.extend(leakage::claims());
    v.extend(utility::claims());
    v.extend(example1::claims());
    v.extend(explore::claims());
    v
}
