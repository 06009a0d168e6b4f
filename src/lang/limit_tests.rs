//! Issue 42, items 2, 3 and 6 in the library: the depth limits of the parser, the budget that
//! every enumeration step and every exact power counts against, and short messages about huge
//! numbers. (The command line's side — exit codes, `--file`, the watch — is in
//! `tests/it/check_limits.rs`.)

use super::budget::EVERY;
use super::parser::{MAX_DEPTH, MAX_NESTING};
use super::*;
use crate::claim::Outcome;
use std::time::{Duration, Instant};

fn opts(max_instances: u64, secs: Option<f64>) -> Options {
    Options {
        max_instances,
        budget: secs.map(Duration::from_secs_f64),
    }
}

/// Instances of `forall a in 1..A: forall b in 1..B: sum(i in 1..C: i*b) > 0`, counted naively:
/// `A` outer instances, `A·B` inner ones, `A·B·C` sum steps.
fn naive_count(a: u64, b: u64, c: u64) -> u64 {
    let mut n = 0;
    for _ in 0..a {
        n += 1;
        for _ in 0..b {
            n += 1;
            for _ in 0..c {
                n += 1;
            }
        }
    }
    n
}

/// `--max-instances` counts every instance of every binder: a limit at the naive count lets the
/// claim hold, a limit below it by more than the meters' batching stops it (a `Limit` verdict:
/// undecided, timed out, with the inner binder named).
#[test]
fn max_instances_counts_every_binder() {
    for (a, b, c) in [(1u64, 1u64, 1u64), (2, 3, 4), (3, 10, 10), (5, 1, 40)] {
        let src = format!("forall a in 1..{a}: forall b in 1..{b}: sum(i in 1..{c}: i*b) > 0");
        let claim = parse(&src).unwrap();
        let n = naive_count(a, b, c);
        let v = check(&claim, &opts(n, None)).unwrap();
        assert_eq!(v.outcome, Outcome::Holds, "{src} at its count {n}");
        // one thread: the count is exact to within one batch
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        if n > EVERY + 1 {
            let v = pool.install(|| check(&claim, &opts(n - EVERY - 1, None)).unwrap());
            assert_eq!(v.outcome, Outcome::Undecided, "{src} below {n}");
            assert!(v.timed_out);
            let why = v.stopped.unwrap_or_default();
            assert!(why.contains("instance budget"), "{why}");
        }
    }
}

/// A budget spent before a top-level instance starts names that instance by its bindings
/// (with several workers, one can find the budget spent by another's inner loop). On one
/// thread: instance (1, 7) counts 1 and its sum's 7 steps (fewer than a meter's batch, handed
/// over when its meter is dropped), so the next instance finds 8 of the 6 spent as it starts.
#[test]
fn a_budget_spent_before_an_instance_names_the_instance() {
    let claim = parse("forall a in 1..3, c in 7..8: sum(i in 1..7: i * a) > 0").unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let v = pool.install(|| check(&claim, &opts(6, None)).unwrap());
    assert_eq!(v.outcome, Outcome::Undecided);
    let why = v.stopped.unwrap_or_default();
    assert!(why.contains("instance budget"), "{why}");
    assert!(
        why.contains("as the instance a = 1, c = 8 was to start"),
        "{why}"
    );
}

/// The inner loops stop within a small time budget (0.3 s here; the assertion allows
/// a loaded machine ten times that), with what was being enumerated.
#[test]
fn inner_loops_stop_at_the_deadline() {
    for (src, var) in [
        ("sum(i in 1..1000000000000: i) > 0", "`i`"),
        ("forall n in 1..2, x in 1..(1000000000000*n): x > 0", "`x`"),
        (
            "forall n in 1..3: exists x in 1..1000000000000: x < 0",
            "`x`",
        ),
    ] {
        let claim = parse(src).unwrap();
        let start = Instant::now();
        let why = match check(&claim, &opts(u64::MAX, Some(0.3))) {
            Err(e) => {
                assert_eq!(e.stage, Stage::Limit, "{src}: {}", e.message);
                e.message
            }
            Ok(v) => {
                assert!(v.timed_out && v.outcome == Outcome::Undecided, "{src}");
                v.stopped.unwrap_or_default()
            }
        };
        assert!(start.elapsed() < Duration::from_secs(3), "{src}");
        assert!(
            why.contains("time budget") && why.contains(var),
            "{src}: {why}"
        );
    }
}

/// Powers: the exponent's limit and the result's estimated size, decided before computing;
/// messages name the real fault and abbreviate huge numbers.
#[test]
fn powers_are_sized_before_they_are_computed() {
    let table: &[(&str, Result<Outcome, &str>)] = &[
        ("2^100000 > 2^99999", Ok(Outcome::Holds)),
        ("(1/2)^-100000 = 2^100000", Ok(Outcome::Holds)),
        ("forall t > 1: (t + 1)^3 >= 1", Ok(Outcome::Holds)),
        ("2^100001 > 1", Err("exponent 100001 is too large")),
        ("2^2^2^2^2^2 > 1", Err("(19729 digits) is too large")),
        ("2^(1/2) > 1", Err("needs an integer exponent, got 1/2")),
        ("(2^1000)^100000 > 1", Err("too large to compute exactly")),
        (
            "forall t > 1: (t + 1)^5000 >= 1",
            Err("too large to compute exactly"),
        ),
    ];
    for (src, want) in table {
        // a closed power is computed (and refused) before the instances run
        let r = check(&parse(src).unwrap(), &Options::default());
        match want {
            Ok(o) => assert_eq!(r.unwrap().outcome, *o, "{src}"),
            Err(msg) => {
                let text = match r {
                    Ok(v) => v.first_error.map(|(_, e)| e).or(v.stopped),
                    Err(e) => Some(e.render(src)),
                }
                .unwrap_or_default();
                assert!(text.contains(msg), "{src}: {text}");
                assert!(text.len() < 600, "{src}: {} bytes", text.len());
            }
        }
    }
}

/// Each recursive construct just past the parser's nesting limit, or a tree past the depth
/// limit, is a parse error naming the limit — found without overflowing the test thread's
/// stack, even 50,000 levels deep.
#[test]
fn deep_input_is_a_parse_error_with_the_limit() {
    let deep = 50_000;
    let cases = [
        format!("{}1{} > 0", "(".repeat(deep), ")".repeat(deep)),
        format!("{}1 > 0", "not ".repeat(deep)),
        format!("{}1{} > 0", "abs(".repeat(deep), ")".repeat(deep)),
        format!("1{} = 1", "^1".repeat(deep)),
        format!("{}1 > 0", "forall a in 1..1: ".repeat(deep)),
        format!("1{} > 0", " + 1".repeat(deep)),
    ];
    for src in &cases {
        let e = parse(src).unwrap_err();
        assert_eq!(e.stage, Stage::Parse);
        let limit = if src.starts_with("1 +") {
            MAX_DEPTH
        } else {
            MAX_NESTING
        };
        assert!(
            e.message
                .contains(&format!("more than {limit} levels deep")),
            "{}",
            e.message
        );
    }
    // a flat sum of 2,000 terms is within both limits and holds
    let src = format!("1{} = 2000", " + 1".repeat(1999));
    let v = check(&parse(&src).unwrap(), &Options::default()).unwrap();
    assert_eq!(v.outcome, Outcome::Holds);
}
