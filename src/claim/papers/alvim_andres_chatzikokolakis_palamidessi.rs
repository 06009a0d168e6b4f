//! Claims of `shared/claims/alvim-andres-chatzikokolakis-palamidessi.md`; manifest `theorems/alvim-andres-chatzikokolakis-palamidessi.toml`.

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
