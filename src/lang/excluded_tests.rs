//! Tests of [`super::excluded`] (issue 44 item 6): what an instance a `where` filter excludes
//! keeps, by hand and against a naive reference (a module apart: they run claims through
//! `run`, which calls `excluded`).

use super::{parse, run::run_checks, Options};
use crate::claim::{Check, Outcome};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The report rows of `src`, run with records on.
fn rows(src: &str) -> Vec<Check> {
    crate::certify::start_recording();
    let claim = parse(src).unwrap();
    run_checks(&claim, &Options::default()).unwrap().1
}

fn kinds(c: &Check) -> Vec<String> {
    let kind = |r: &Value| r["kind"].as_str().unwrap_or("").to_string();
    c.records.iter().map(|r| kind(r)).collect()
}

/// Issue 44 item 6, by hand: `k = 3, 4` fail the second atom `k <= 2` (the first, `k >= 1`,
/// holds), so each keeps that atom's false `compare` record beside the `where` record, and
/// the claim is certified; `k = 1, 2` keep the filter's true records with the body's.
#[test]
fn an_excluded_instance_keeps_the_false_record_of_its_atom() {
    let checks = rows("forall k in 1..4 where k >= 1 and k <= 2: k < 3");
    let out: Vec<(Outcome, Vec<String>)> = checks.iter().map(|c| (c.outcome, kinds(c))).collect();
    let cmp = || "compare".to_string();
    let both = vec![cmp(), cmp(), cmp()];
    let excluded = vec![cmp(), "out_of_range".to_string()];
    assert_eq!(
        out,
        vec![
            (Outcome::Holds, both.clone()),
            (Outcome::Holds, both),
            (Outcome::OutOfRange, excluded.clone()),
            (Outcome::OutOfRange, excluded),
        ]
    );
    let (atom, w) = (&checks[2].records[0], &checks[2].records[1]);
    assert_eq!((&atom["lhs"], &atom["rhs"]), (&json!("3"), &json!("2")));
    assert_eq!(atom["holds"], false);
    assert_eq!(w["hypothesis"], "where");
    assert_eq!(
        (&w["filter"], &w["atom"]),
        (&json!("k >= 1 and k <= 2"), &json!("k <= 2"))
    );
    assert!(certified("forall k in 1..4 where k >= 1 and k <= 2: k < 3"));
}

/// `dp(W) < inf` false: W's infinite level, as the `out_of_range` record `finite_dp_level`
/// with W's `dp_level` record (witness: a positive entry against 0); `refines` and
/// `same_hyper` false: their `refinement` records beside the `where` record.
#[test]
fn infinite_levels_and_refinements_show_their_atoms_false() {
    let checks = rows("forall W in channels(2, 2, denom 2) where dp(W) < inf: dp(W) >= 1");
    let excluded: Vec<&Check> = checks
        .iter()
        .filter(|c| c.outcome == Outcome::OutOfRange)
        .collect();
    // rows (1/2, 1/2), (1, 0) or (0, 1), each with its own zeros: the level is finite only
    // when both rows are equal, so 6 of the 9 channels have an infinite level
    assert_eq!(excluded.len(), 6);
    for c in &excluded {
        assert_eq!(kinds(c), ["out_of_range"], "{}", c.instance);
        let r = &c.records[0];
        assert_eq!(r["hypothesis"], "finite_dp_level");
        assert_eq!(r["mechanisms"][0]["e_eps"], "inf");
    }
    // A = RR(3)·R has rows 3/4 R0 + 1/4 R1 and 1/4 R0 + 3/4 R1: with entries in {0, 1/2, 1}
    // only R0 = R1, so the 3 constant channels refine RR(3) and the other 6 are excluded
    let src = "forall A in channels(2, 2, denom 2) \
               where same_hyper(uniform(2), A, A) and refines(A, rr(2, 3)): \
               same_hyper(uniform(2), A, channel(dist(1/2, 1/2), dist(1/2, 1/2)))";
    let checks = rows(src);
    let excluded: Vec<&Check> = checks
        .iter()
        .filter(|c| c.outcome == Outcome::OutOfRange)
        .collect();
    assert_eq!(excluded.len(), 6);
    for c in excluded {
        assert_eq!(kinds(c), ["refinement", "out_of_range"], "{}", c.instance);
        assert_eq!(c.records[0]["refines"], false);
    }
    assert!(certified(src));
}

/// Issue 44 item 2 (ACC-2's `where dp(W) <= 2`, 7 times the run without certificates): the
/// `finite_dp_level` record of a channel W whose level is infinite is built once for W's
/// instances (here 4 `(k, s)` each), not once per instance, held once (they point to it), and
/// written once for them, with their list. On one worker, so that W's instances run one after another on one thread;
/// 6 of the 9 channels have an infinite level (as above).
#[test]
fn the_record_of_an_infinite_level_is_built_held_and_written_once_per_channel() {
    let src = "forall W in channels(2, 2, denom 2), k in {2, 3}, s in {1, 2} where dp(W) <= 2: \
               delta_k(W, k, s) <= delta_k(rr(2, 2), k, s)";
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let (checks, built) = pool.install(|| {
        let before = super::builtins::LEVEL_RECORDS_BUILT.with(|n| n.get());
        let checks = rows(src);
        let after = super::builtins::LEVEL_RECORDS_BUILT.with(|n| n.get());
        (checks, after - before)
    });
    assert_eq!(built, 6);
    let excluded: Vec<&Check> = checks
        .iter()
        .filter(|c| c.outcome == Outcome::OutOfRange)
        .collect();
    assert_eq!(excluded.len(), 6 * 4);
    assert!(excluded.iter().all(|c| kinds(c) == ["out_of_range"]));
    // and held once (claim::Records): W's 4 instances point to one record, not a copy each
    let first = |c: &Check| c.records[0].clone();
    for w in excluded.chunks(4) {
        let same = w
            .iter()
            .all(|c| std::sync::Arc::ptr_eq(&first(c), &first(w[0])));
        assert!(same, "{}", w[0].instance);
    }
    assert!(!std::sync::Arc::ptr_eq(
        &first(excluded[0]),
        &first(excluded[4])
    ));
    let report =
        crate::claim::verdict::Report::from_checks("X", None, checks, std::time::Duration::ZERO);
    let recs = crate::claim::certificates::claim_records(&report);
    assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
    let levels: Vec<&Value> = recs
        .iter()
        .filter(|r| r["hypothesis"] == "finite_dp_level")
        .collect();
    assert_eq!(levels.len(), 6);
    for r in levels {
        let is = r["instance"].as_array().unwrap();
        assert_eq!(is.len(), 4, "{r}");
        let first = is[0].as_u64().unwrap();
        assert_eq!(
            is,
            &(first..first + 4).map(|i| json!(i)).collect::<Vec<_>>()
        );
    }
}

/// A filter that is not a conjunction of atoms (`or`, `not`) leaves an excluded instance
/// without records, so the claim is not certified; its verdict is the same.
#[test]
fn other_filters_are_not_certified() {
    for src in [
        "forall k in 1..4 where k <= 2 or k = 4: k < 5",
        "forall k in 1..4 where not (k >= 3): k < 3",
    ] {
        let checks = rows(src);
        assert!(checks
            .iter()
            .filter(|c| c.outcome == Outcome::OutOfRange)
            .all(|c| c.records.is_empty()));
        assert!(!certified(src), "{src}");
    }
}

fn certified(src: &str) -> bool {
    let report =
        crate::claim::verdict::Report::from_checks("X", None, rows(src), std::time::Duration::ZERO);
    crate::claim::certificates::claim_records(&report)[0]["certified"] == true
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    /// Naive reference: with `a·k <= b and c·j >= d` as the filter, the instances excluded
    /// are those where an atom is false, and each keeps the `compare` record of the first
    /// false atom (the one `and` stops at) with its two sides.
    #[test]
    fn excluded_instances_keep_the_first_false_atom(a in -3i64..4, b in -3i64..4, c in -3i64..4, d in -3i64..4) {
        let src = format!("forall k in 0..3, j in 0..2 where {a}*k <= {b} and {c}*j >= {d}: k + j >= 0");
        let checks = rows(&src);
        let mut i = 0;
        for k in 0..=3i64 {
            for j in 0..=2i64 {
                let row = &checks[i];
                i += 1;
                let first_false = if a * k > b {
                    Some((a * k, b))
                } else if c * j < d {
                    Some((c * j, d))
                } else {
                    None
                };
                match first_false {
                    None => prop_assert_eq!(row.outcome, Outcome::Holds),
                    Some((l, r)) => {
                        prop_assert_eq!(row.outcome, Outcome::OutOfRange);
                        prop_assert_eq!(kinds(row), vec!["compare".to_string(), "out_of_range".to_string()]);
                        let rec = &row.records[0];
                        prop_assert_eq!(&rec["lhs"], &json!(l.to_string()));
                        prop_assert_eq!(&rec["rhs"], &json!(r.to_string()));
                        prop_assert_eq!(&rec["holds"], &json!(false));
                    }
                }
            }
        }
    }
}
