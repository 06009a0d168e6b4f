//! Claims of `shared/claims/cuff-yu.md`; manifest `theorems/cuff-yu.toml`.

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
