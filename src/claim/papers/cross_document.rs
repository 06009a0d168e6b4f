//! Claims of `shared/claims/cross-document.md`; manifest `theorems/cross-document.toml`.

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
