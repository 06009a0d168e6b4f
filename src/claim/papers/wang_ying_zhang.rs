//! Claims of `shared/claims/wang-ying-zhang.md`; manifest `theorems/wang-ying-zhang.toml`.

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
