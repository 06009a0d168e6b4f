//! (in progress)

use crate::claim::ClaimChecker;

/// The claim checkers of this module.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
