//! Issue 46, item 2: claims about mechanisms and measures in the symbolic t, decided for every
//! t, by hand; and against the same claim at rational points of the range (naive reference).
//! (A file of its own, as `symbolic/poles.rs`: it calls `lang`.)

use crate::claim::Outcome;
use crate::lang::{check, parse, Options, Verdict};
use proptest::prelude::*;

fn verdict(src: &str) -> Verdict {
    let c = parse(src).unwrap_or_else(|e| panic!("{}", e.render(src)));
    check(&c, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(src)))
}

/// The failing t (as printed), when the claim fails.
fn witness(v: &Verdict) -> Option<String> {
    v.first.as_ref().and_then(|f| {
        f.bindings
            .iter()
            .find(|(n, _)| n == "t")
            .map(|(_, x)| x.clone())
    })
}

/// (claim, outcome, the failing t or a substring of the error).
#[test]
fn literal_table() {
    use Outcome::*;
    let table: &[(&str, Outcome, &str)] = &[
        // the two examples: 3t/(t+2) − (t+1)/2 = −(t−1)(t−2)/(2(t+2)) > 0 on (1, 2)
        (
            "forall t > 1: mult_leakage(uniform(3), rr(3, t)) = 3*t/(t+2)",
            Holds,
            "",
        ),
        (
            "forall t > 1: mult_leakage(uniform(3), rr(3, t)) <= (t+1)/2",
            Fails,
            "5/4",
        ),
        // from t = 2 on it holds (equality at 2)
        (
            "forall t >= 2: mult_leakage(uniform(3), rr(3, t)) <= (t+1)/2",
            Holds,
            "",
        ),
        ("forall t >= 1: dp(rr(4, t)) = t", Holds, ""),
        ("forall t > 1: dp(geometric(4, t), path(4)) = t", Holds, ""),
        // on the complete graph the geometric mechanism's level is t^(n−1)
        ("forall t > 1: dp(geometric(3, t)) = t^2", Holds, ""),
        ("forall t > 1: ident(uniform(2), rr(2, t)) = t", Holds, ""),
        // δ of rr(2, t) at e^ε = 2: max(0, (t − 2)/(t + 1)), a breakpoint at t = 2
        (
            "forall t >= 1: delta(rr(2, t), 2) = max(0, (t - 2)/(t + 1))",
            Holds,
            "",
        ),
        ("forall t >= 1: delta(rr(2, t), 2) = 0", Fails, "3"),
        // δ(t) of a fixed channel: (3 − t)/4 up to t = 3
        (
            "forall t >= 1: delta(channel(dist(3/4, 1/4), dist(1/4, 3/4)), t) = max(0, (3 - t)/4)",
            Holds,
            "",
        ),
        (
            "forall t >= 1: tv(rr(2, t)[0], rr(2, t)[1]) = (t - 1)/(t + 1)",
            Holds,
            "",
        ),
        (
            "forall t >= 1: distortion(uniform(3), rr(3, t)) = 2/(t + 2)",
            Holds,
            "",
        ),
        (
            "forall t >= 1: post_vuln(dist(1/t, 1 - 1/t), rr(2, t)) >= 1/2",
            Holds,
            "",
        ),
        ("forall t in [1, 4]: max(t, 2) >= 2", Holds, ""),
        ("forall t in [1, 4]: min(t, 2) >= 3/2", Fails, "5/4"),
        // an irrational failing point, named by its polynomial
        (
            "forall t in [1, 2]: abs(t^2 - 2) > 0",
            Fails,
            "the root of t^2 - 2",
        ),
        // a fold's max over a domain, in t
        (
            "forall t > 1: max(i in 0..2: post_vuln(point(3, i), rr(3, t))) = 1",
            Holds,
            "",
        ),
        // a parameter that is a function of t
        ("forall t > 1: dp(rr(2, t^2)) = t^2", Holds, ""),
        // errors naming the point: t below 1, a 0/0 DP ratio at t = 1, a negative mass
        (
            "forall t >= 1/2: dp(rr(2, t)) = t",
            Error,
            "below 1 at t = 3/4",
        ),
        (
            "forall t >= 1: dp(geometric(3, t), path(3)) = t",
            Error,
            "division by zero at t = 1",
        ),
        (
            "forall t >= 0: len(dist(t/2, 1 - t/2)) = 2",
            Error,
            "negative at t = 3",
        ),
        (
            "forall t >= 1: len(dist(1/t, 1/t)) = 2",
            Error,
            "not 1, at t = 3/2",
        ),
        (
            "forall t in [1, 3]: 1/max(t - 2, 0) > 0",
            Error,
            "division by zero at t = 1",
        ),
    ];
    for (src, want, what) in table {
        let v = verdict(src);
        assert_eq!(v.outcome, *want, "{src}: {:?}", v.first_error);
        match want {
            Fails => {
                let w = witness(&v).unwrap_or_default();
                assert!(w.contains(what), "{src}: witness {w}");
            }
            Error => {
                let (_, m) = v.first_error.clone().unwrap();
                assert!(m.contains(what), "{src}: {m}");
            }
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// A measure of a mechanism in t against `(a·t + b)/(t + c)` over `t > 1`, decided for
    /// every t, against the same comparison at rational points (a `holds` holds at each; a
    /// failing point makes it fail; a rational witness fails pointwise).
    #[test]
    fn symbolic_agrees_with_pointwise(
        which in 0usize..6,
        k in 2u32..=4,
        a in -3i64..=4,
        b in -3i64..=6,
        c in 0i64..=3,
        rel in 0usize..3,
    ) {
        let lhs = match which {
            0 => format!("mult_leakage(uniform({k}), rr({k}, t))"),
            1 => format!("post_vuln(point({k}, 0), geometric({k}, t))"),
            2 => format!("dp(geometric({k}, t), path({k}))"),
            3 => format!("delta(rr({k}, t), 3/2)"),
            4 => format!("distortion(uniform({k}), geometric({k}, t))"),
            _ => format!("tv(rr({k}, t)[0], geometric({k}, t)[1])"),
        };
        let op = ["<=", ">=", "="][rel];
        let body = format!("{lhs} {op} ({a}*t + {b})/(t + {c})");
        let symbolic = verdict(&format!("forall t > 1: {body}"));
        let mut any_fail = false;
        for x in ["11/10", "5/4", "3/2", "2", "5/2", "3", "7/2", "5", "8", "20"] {
            match verdict(&format!("let t = {x}; {body}")).outcome {
                Outcome::Fails => any_fail = true,
                Outcome::Holds => {}
                o => prop_assert!(false, "{} at {}: {:?}", body, x, o),
            }
        }
        match symbolic.outcome {
            Outcome::Holds => prop_assert!(!any_fail, "{} holds but fails at a point", body),
            Outcome::Fails => {
                let w = witness(&symbolic).unwrap();
                if !w.contains("root") {
                    prop_assert_eq!(verdict(&format!("let t = {w}; {body}")).outcome, Outcome::Fails, "{} at {}", body, w);
                }
            }
            o => prop_assert!(false, "{}: {:?}", body, o),
        }
        if any_fail {
            prop_assert_eq!(symbolic.outcome, Outcome::Fails, "{}", body);
        }
    }
}

/// Issue 46, item 6: every claim of `examples/claims-in-t.toml` (claims of the six manifests
/// restated for every t) reaches its `expect`, and at least ten are restated.
#[test]
fn claims_over_t_reach_their_expect() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/claims-in-t.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let m = crate::claim::manifest::parse(&path, &text).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(m.claims.len() >= 10, "{} claims", m.claims.len());
    for c in &m.claims {
        let src = c.expr.as_deref().expect("every entry has an expr");
        assert!(
            src.contains(" >= 1:")
                || src.contains(" > 0:")
                || src.contains(" > 1:")
                || src.contains(" in [1, "),
            "{}: a symbolic t",
            c.id
        );
        let v = verdict(src);
        assert_eq!(v.outcome, c.expect, "{}: {:?}", c.id, v.first_error);
    }
}
