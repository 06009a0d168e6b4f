//! Claims of `shared/claims/dp-information-theory-article.md`; manifest `theorems/dp-information-theory-article.toml`.

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
