//! Claims of `shared/claims/vadhan.md`; manifest `theorems/vadhan.toml`.

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
