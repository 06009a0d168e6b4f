//! Tests of `lang::hoist`, through the language's entry points (a file of their own: as an
//! inline module they made `hoist` import `lang`, a circle; issue 43, item 1).

use super::*;
use crate::lang::parser;

/// The hoisted subterms of `src`, as source text, in the order they were hoisted.
fn hoisted_texts(src: &str) -> Vec<String> {
    let e = parser::parse(src).unwrap();
    let h = hoist(src, &e, None).unwrap();
    let mut out = Vec::new();
    collect(&h.expr, src, &mut out);
    out
}

fn collect(e: &Expr, src: &str, out: &mut Vec<String>) {
    if let ExprKind::Hoisted(_) = e.kind {
        out.push(src[e.span.start..e.span.end].to_string());
        return;
    }
    e.for_each_child(&mut |c| collect(c, src, out));
}

/// A literal table: which subterms are closed (hoisted) and which depend on a binder.
#[test]
fn closed_subterms_literal_table() {
    for (src, want) in [
        (
            "forall W in channels(2, 2, denom 4): mult_leakage(uniform(2), W) <= dp(W)",
            vec!["channels(2, 2, denom 4)", "uniform(2)"],
        ),
        // depends on the fold variable: not hoisted; the fold's domain is
        (
            "forall k in 1..3: sum(i in 0..4: i*k) >= 0",
            vec!["1..3", "0..4"],
        ),
        // a whole fold that uses only its own variable is closed
        (
            "forall k in 1..3: sum(i in 0..4: i) >= k",
            vec!["1..3", "sum(i in 0..4: i)"],
        ),
        // a top-level let is a constant; an inner let shadowing it is not
        (
            "let U = uniform(2); forall k in 1..2: let U = point(2, k - 1); bayes_vuln(U) <= 1",
            vec!["1..2"],
        ),
        (
            "let U = uniform(2); forall k in 1..2: bayes_vuln(U) <= k",
            vec!["1..2", "bayes_vuln(U)"],
        ),
        // an error is left in place, for the instance to report with its column
        // (its divisor `(1 - 1)` is closed and evaluates: hoisted; the division is not)
        ("forall k in 1..3: 1/(1 - 1) != k", vec!["1..3", "(1 - 1)"]),
        // the symbolic t is a binder
        ("forall t > 1: t*ln(2) > ln(2)", vec!["ln(2)", "ln(2)"]),
        ("is_dr(petersen)", vec!["is_dr(petersen)"]),
    ] {
        let want: Vec<String> = want.into_iter().map(String::from).collect();
        assert_eq!(hoisted_texts(src), want, "{src}");
    }
}

/// Naive reference: the verdict (and every count) is the same with and without hoisting.
#[test]
fn hoisting_does_not_change_the_verdict() {
    use crate::lang::{parse, run, Options};
    for src in [
        "forall W in channels(2, 2, denom 4): mult_leakage(uniform(2), W) <= dp(W)",
        "forall W in channels(2, 2, denom 4): mi(uniform(2), W) <= 1/2",
        "forall k in 1..3: 1/(k - 2) != 5",
        "forall k in 1..3: 1/(1 - 1) != k",
        "forall n in 2..4, G in connected_graphs(n): is_vt_plus(G) => is_dr(G)",
        "exists W in channels(2, 2, denom 4): dp(W) = 3",
        "forall t in (1, 3): t^2 < 4",
        "forall u in 1..2, t in {3/2, 2}: max_utility(uniform(2^u), hamming(u, 2), t) = (t/(t + 1))^u",
    ] {
        let c = parse(src).unwrap();
        let with = run::run(&c, &Options::default(), &|_, _| {}).unwrap();
        let without = run::run_unhoisted(&c, &Options::default()).unwrap();
        let strip = |mut v: run::Verdict| {
            v.millis = 0;
            v
        };
        assert_eq!(strip(with), strip(without), "{src}");
    }
}
