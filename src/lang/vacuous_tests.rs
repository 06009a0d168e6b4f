//! The tests of [`super::vacuous`] (a module of their own, as `excluded_tests`: they run whole
//! claims through `lang`, which a test inside `vacuous` would import from below).

use crate::claim::Outcome;
use crate::lang::{check, parse, Options};

/// A claim's verdict, by hand: the outcome (its exit-code class: holds 0, fails 1, error
/// 3), the instances, those exercised (that held), those vacuous (a top-level range of t
/// empty), those in error.
type Row = (&'static str, Outcome, u64, u64, u64, u64);

/// A hostile review: `forall t in [3, 2]: t > 5` said "holds: 1 instances (1 exercised)"
/// though nothing was, where `forall k in 3..2: k > 0` is the error "no instance was
/// exercised". An instance whose top-level range of t is empty is vacuous, counted apart;
/// none exercised is that error. Nested, a `forall` over an empty range holds, as over an
/// empty finite domain; `exists` of a symbolic t is refused whatever its range.
#[test]
fn an_empty_top_level_range_is_vacuous_and_a_nested_one_holds() {
    use Outcome::{Error, Fails, Holds};
    let table: &[Row] = &[
        // top level, the whole claim: empty (both kinds of end), one point, not empty
        ("forall t in [3, 2]: t > 5", Error, 1, 0, 1, 0),
        ("forall t in [0, 0): -4 >= 3", Error, 1, 0, 1, 0),
        ("forall t in (1, 1]: 0/0 = 1", Error, 1, 0, 1, 0),
        ("forall t in [3, 2], k in 1..2: k > 5", Error, 1, 0, 1, 0),
        ("let a = 3; forall t in [a, 2]: t > 5", Error, 1, 0, 1, 0),
        ("forall t in [1, 1]: t > 5", Fails, 1, 0, 0, 0),
        ("forall t in [1, 1]: t < 5", Holds, 1, 1, 0, 0),
        ("forall t in [1, 2]: t < 5", Holds, 1, 1, 0, 0),
        ("forall t > 3: t > 3", Holds, 1, 1, 0, 0),
        // as `forall k in 3..2` (0 instances) and `exists k in 3..2` (no witness)
        ("forall k in 3..2: k > 0", Error, 0, 0, 0, 0),
        ("exists k in 3..2: k > 0", Fails, 0, 0, 0, 0),
        // top level, empty at some instances: n = 4, 5 (and 3 with an open end)
        ("forall n in 1..5, t in [n, 3]: t <= 3", Holds, 5, 3, 2, 0),
        ("forall n in 1..5, t in [n, 3): t < 3", Holds, 5, 2, 3, 0),
        ("forall n in 4..5, t in [n, 3]: 0 > 1", Error, 2, 0, 2, 0),
        // vacuous at n = 1, then the point [1, 1] fails
        (
            "forall n in 1..3, t in [3 - n, 1]: t < 1",
            Fails,
            3,
            0,
            1,
            0,
        ),
        // a binder between: vacuous only when every k stops at an empty range (n = 2, 3)
        (
            "forall n in 1..3, k in n..3, t in [k, 2): t < 2",
            Holds,
            3,
            1,
            2,
            0,
        ),
        (
            "forall n in 1..3, k in 1..n, t in [k, 2]: t <= 2",
            Holds,
            3,
            3,
            0,
            0,
        ),
        // nested: holds vacuously, whatever its body, and the instance is exercised
        (
            "forall k in 1..2: forall t in (k, 1]: 0 > 1",
            Holds,
            2,
            2,
            0,
            0,
        ),
        (
            "forall k in 1..2: forall t in (1, k]: 0 > 1",
            Fails,
            2,
            1,
            0,
            0,
        ),
        ("(forall t in [3, 2]: t > 5) and 1 < 2", Holds, 1, 1, 0, 0),
        (
            "forall k in 1..3: k > 1 => forall t in [k, 2]: t <= 2",
            Holds,
            3,
            3,
            0,
            0,
        ),
        (
            "forall k in 2..3: forall j in 1..2, t in [k, j): 0 > 1",
            Holds,
            2,
            2,
            0,
            0,
        ),
        ("not (forall t in [3, 2]: t > 5)", Fails, 1, 0, 0, 0),
        (
            "exists k in 1..2: forall t in [k, 1): t > 5",
            Holds,
            2,
            1,
            0,
            0,
        ),
        // `exists` of a symbolic t: refused (not pointwise), empty range or not
        ("exists t in [3, 2]: t > 5", Error, 1, 0, 0, 1),
        ("exists t in [1, 2]: t > 5", Error, 1, 0, 0, 1),
        ("exists n in 1..2, t in [n, 1): t > 5", Error, 2, 0, 0, 2),
    ];
    for &(src, outcome, total, holds, vacuous, errors) in table {
        let c = parse(src).unwrap_or_else(|e| panic!("{}", e.render(src)));
        let v = check(&c, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(src)));
        let got = (v.outcome, v.total, v.holds, v.vacuous, v.errors);
        assert_eq!(got, (outcome, total, holds, vacuous, errors), "{src}");
        let text = v.to_text();
        assert_eq!(
            text.contains("vacuous (empty range)"),
            vacuous > 0,
            "{src}: {text}"
        );
        if outcome == Error && vacuous > 0 {
            assert!(text.contains("no instance was exercised"), "{text}");
            assert!(
                text.contains("range of the symbolic variable was empty"),
                "{text}"
            );
        }
        assert_eq!(v.to_json()["vacuous"], vacuous, "{src}");
    }
}

/// Every empty range decided writes its `empty_range` record (the domain's ends, exact,
/// and whether each is open): a vacuous instance is certified by it alone, a nested one
/// beside the body's records; an instance that reached its body writes none for a range
/// that was not empty.
#[test]
fn an_empty_range_is_certified_by_its_record() {
    let certified = |src: &str| {
        let recs = super::checker::certificate("x", src).unwrap();
        assert_eq!(recs[0]["kind"], "claim", "{src}");
        assert_eq!(recs[0]["certified"], true, "{src}: {}", recs[0]);
        let empty: Vec<(serde_json::Value, serde_json::Value)> = recs
            .iter()
            .filter(|r| r["kind"] == "empty_range")
            .map(|r| (r["instance"].clone(), r["domain"].clone()))
            .collect();
        empty
    };
    let dom = |lo: &str, lo_open: bool, hi: &str, hi_open: bool| serde_json::json!({"lo": lo, "lo_open": lo_open, "hi": hi, "hi_open": hi_open});
    let v = certified("forall n in 1..5, t in [n, 3]: t <= 3");
    let want = [
        (3, dom("4", false, "3", false)),
        (4, dom("5", false, "3", false)),
    ];
    assert_eq!(v, want.map(|(i, d)| (serde_json::json!(i), d)));
    let v = certified("forall k in 1..3: (forall t in (k, 2]: t > 1) and k > 0");
    let want = [
        (1, dom("2", true, "2", false)),
        (2, dom("3", true, "2", false)),
    ];
    assert_eq!(v, want.map(|(i, d)| (serde_json::json!(i), d)));
    // no other record: the instance is certified by its empty range alone
    let v = certified("forall k in 1..2: forall t in [k, 1): 0/0 > 1");
    assert_eq!(v.len(), 2);
    // one point (k = 2) is not empty: sturm records only
    assert!(certified("forall k in 1..2: forall t in [k, 2]: t <= 2").is_empty());
}
