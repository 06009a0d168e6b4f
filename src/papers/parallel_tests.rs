//! Issue 44 item 5: the claims whose instances split their own loop across the workers of
//! `verify --jobs N` ([`crate::claim::par_in_order`]) give the same checks on 1 and on 3
//! threads: verdicts, sides, notes (the first counterexample in the grid's order, the closest
//! case) and certificate records in the same order.

use super::registry;
use crate::claim::Outcome;

/// The claims split inside an instance, with each one's verdict on its grid.
const SPLIT: [(&str, Outcome); 4] = [
    ("AACP-Ex1g-general", Outcome::Fails),
    ("CY-18", Outcome::Holds),
    ("ART-13", Outcome::Holds),
    ("CY-3a", Outcome::Holds),
];

#[test]
fn split_claims_check_alike_on_one_and_three_threads() {
    crate::certify::start_recording();
    let reg = registry();
    for (id, verdict) in SPLIT {
        let claim = reg
            .iter()
            .find(|c| c.id() == id)
            .unwrap_or_else(|| panic!("{id} is registered"));
        let run = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool")
                .install(|| claim.check_grid())
        };
        let (one, three) = (run(1), run(3));
        assert_eq!(one.len(), three.len(), "{id}");
        for (a, b) in one.iter().zip(&three) {
            assert_eq!(a, b, "{id}: {}", a.instance);
            assert_eq!(a.records, b.records, "{id}: {}", a.instance);
        }
        let report =
            crate::claim::verdict::Report::from_checks(id, None, three, Default::default());
        assert_eq!(report.verdict, verdict, "{id}");
        assert!(
            one.iter().any(|c| !c.records.is_empty()),
            "{id} recorded nothing"
        );
    }
}
