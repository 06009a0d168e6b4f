//! Claims of `docs/claims-cuff-yu.md` (Cuff & Yu, "Differential Privacy as a Mutual
//! Information Constraint", slides; seed `000_0bb9e3adef7bb504.txt`); manifest
//! `theorems/cuff-yu.toml`.
//!
//! Submodules group the slides: `closeness` ((ε,δ)-closeness, its special cases and the
//! tightest conversion). Instance grids and printing are `crate::claim::instances`, distribution
//! quantities `crate::measure`.

pub(crate) mod closeness;
pub(crate) mod composition;
pub(crate) mod divergence;
pub(crate) mod noise;
pub(crate) mod ordering;

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(closeness::claims());
    v.extend(divergence::claims());
    v.extend(ordering::claims());
    v.extend(composition::claims());
    v.extend(noise::claims());
    v
}
