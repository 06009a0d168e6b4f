//! Anti-cycling for Dantzig's rule, shared by both exact simplex methods ([`crate::lp::exact::simplex`],
//! [`crate::lp::exact::revised`]).
//!
//! Dantzig's rule with deterministic ties is a function of the basis, so within a run of
//! degenerate pivots it cycles exactly when a basis repeats. The bases of the run are remembered
//! (hashed); at the first repeat (or hash collision) Bland's rule takes over until a pivot makes
//! progress. Bland's rule cannot cycle, and a run without a repeated basis is finite, so the
//! method terminates without Bland's slowness in general.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The bases of the current run of degenerate pivots, and whether Bland's rule is in force.
#[derive(Debug, Default)]
pub(super) struct CycleGuard {
    seen: HashSet<u64>,
    bland: bool,
}

impl CycleGuard {
    /// Record the basis about to be pivoted from; whether Bland's rule chooses the pivot.
    pub(super) fn bland_at(&mut self, basis: &impl Hash) -> bool {
        if !self.bland {
            let mut h = DefaultHasher::new();
            basis.hash(&mut h);
            if !self.seen.insert(h.finish()) {
                self.bland = true;
            }
        }
        self.bland
    }

    /// A pivot made progress (a non-zero step): the degenerate run is over.
    pub(super) fn progressed(&mut self) {
        self.seen.clear();
        self.bland = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal run: new bases keep Dantzig's rule, the first repeat switches to Bland's rule,
    /// which stays until progress; after progress the old bases no longer count.
    #[test]
    fn a_repeated_basis_switches_to_bland_until_progress() {
        let mut g = CycleGuard::default();
        assert!(!g.bland_at(&[0, 1]));
        assert!(!g.bland_at(&[0, 2]));
        assert!(g.bland_at(&[0, 1]));
        assert!(g.bland_at(&[1, 2]));
        g.progressed();
        assert!(!g.bland_at(&[0, 1]));
    }
}
