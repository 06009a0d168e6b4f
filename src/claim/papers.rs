//! One module per paper; each exports `claims()`.

use super::ClaimChecker;

/// All registered claim checkers, in a deterministic order.
pub fn all() -> Vec<Box<dyn ClaimChecker>> {
    Vec::new()
}
