//! Mutation test (issue 6, "soundness of the pipeline"): for the registered bound, identity and
//! tightness claims that hold, strengthen the claimed side of every exact comparison by the factor 1 ∓ 1/1000
//! (`claim::report::with_mutation`); wherever the bound is attained on the default grid the
//! pipeline must now report `fails` with a counterexample. At least five claims must flip.

use super::registry;
use crate::claim::manifest::{self, Kind};
use crate::claim::report::with_mutation;
use crate::claim::verdict::Report;
use crate::claim::Outcome;
use crate::num::Rational;
use rayon::prelude::*;

#[test]
fn strengthened_bounds_are_refuted() {
    let ms = manifest::builtin().unwrap_or_else(|e| panic!("{e}"));
    let bounds: Vec<String> = ms
        .iter()
        .flat_map(|m| &m.claims)
        .filter(|c| {
            matches!(c.kind, Kind::Bound | Kind::Identity | Kind::Tightness)
                // holds-for-all claims hold on the grid too (claim::forall lifts only those).
                && matches!(c.expect, Outcome::Holds | Outcome::HoldsForAll)
        })
        .map(|c| c.id.clone())
        .collect();
    let reg = registry();
    // A pool of its own: the mutation hook is thread-local, and in the one test binary the
    // claim suite runs beside this test on rayon's global pool. A worker of that pool blocked
    // inside a mutated check could otherwise steal (and mutate) a job of the claim suite.
    let pool = rayon::ThreadPoolBuilder::new()
        .build()
        .expect("a thread pool");
    let flipped: Vec<(String, String)> = pool.install(|| {
        reg.par_iter()
            .filter(|c| bounds.iter().any(|b| b == c.id()))
            .filter_map(|c| {
                let checks = with_mutation(Rational::from_signeds(1, 1000), || c.check_grid());
                let r = Report::from_checks(c.id(), None, checks, Default::default());
                (r.verdict == Outcome::Fails).then(|| {
                    let w = r.witness().expect("a failing verdict has a counterexample");
                    assert!(!w.instance.is_empty() && !w.lhs.exact.is_empty());
                    (r.id.clone(), w.instance.clone())
                })
            })
            .collect()
    });
    eprintln!(
        "{} of {} bound/identity/tightness claims flip under mutation: {flipped:?}",
        flipped.len(),
        bounds.len()
    );
    assert!(flipped.len() >= 5, "only {flipped:?} flipped");
    // The bounds attained on their grids must be among them (CY-5, WYZ-L1.eq40, WYZ-T1c, and
    // AACP's LP-certified Theorems 4.1 / 5.1, attained with equality, and the T5.1 tightness).
    for id in [
        "CY-5",
        "WYZ-L1.eq40",
        "WYZ-T1c",
        "AACP-T4.1",
        "AACP-T5.1",
        "AACP-T5.1t",
    ] {
        assert!(flipped.iter().any(|(f, _)| f == id), "{id} did not flip");
    }
}
