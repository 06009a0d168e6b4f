//! The papers' Rust checkers against the same claims restated in the claim language (issue
//! 28, item 4): where both say *fails*, they agree on the counterexample. A test of the papers,
//! not of the language: it needs both.

use crate::claim::Outcome;
use crate::lang::value::Value;
use crate::lang::{check, parse, real, run, Claim, Options, Verdict};
use crate::prob::{Channel, Dist};
use crate::testutil::q;

fn verdict(src: &str) -> Verdict {
    let c = parse(src).unwrap_or_else(|e| panic!("{}", e.render(src)));
    check(&c, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(src)))
}

/// Issue 28, item 4: for the restated claims whose verdict is *fails*, the expression and the
/// Rust checker agree on the counterexample, not only on the verdict. The two enumerate
/// differently (the Rust checkers scan grids of their own and report one aggregated row), so
/// each row of the table states the correspondence and the test checks it:
/// - the Rust checker's first failing row names the instance given here (its note or instance
///   text contains it: the literal is read off the Rust checker's report, and the test fails
///   if that report changes);
/// - the expression, decided at that instance ([`run::check_values`], values outside the
///   expression's own domains allowed), fails too;
/// - `sides` (a claim typed in the language) pins the exact quantities both compare there.
///
/// AACP-Ex1g-M2-optimal has one instance in both: its exact sides are compared directly.
#[test]
fn failing_restated_claims_agree_on_the_counterexample() {
    let ms = crate::claim::manifest::builtin().unwrap();
    let expr_of = |id: &str| -> Claim {
        let e = ms
            .iter()
            .flat_map(|m| &m.claims)
            .find(|c| c.id == id)
            .and_then(|c| c.expr.clone())
            .unwrap_or_else(|| panic!("{id} has an expr"));
        parse(&e).unwrap()
    };
    let rust_first_failure = |id: &str| -> crate::claim::Check {
        let all = super::claims();
        let c = all.iter().find(|c| c.id() == id).unwrap();
        c.check_grid()
            .into_iter()
            .find(|c| c.outcome == Outcome::Fails)
            .unwrap_or_else(|| panic!("{id}: the Rust checker fails"))
    };
    let ch = |rows: &[&[(i64, i64)]]| {
        Value::Chan(std::sync::Arc::new(
            Channel::new(
                rows.iter()
                    .map(|r| r.iter().map(|&(n, d)| q(n, d)).collect())
                    .collect(),
            )
            .unwrap(),
        ))
    };
    let di = |xs: &[(i64, i64)]| {
        Value::Dist(std::sync::Arc::new(
            Dist::new(xs.iter().map(|&(n, d)| q(n, d)).collect()).unwrap(),
        ))
    };
    let num = |n, d| Value::Num(real::Num::Rat(q(n, d)));
    // (id, text in the Rust report, the instance as values, the sides both compare there)
    let table: Vec<(&str, &str, Vec<Value>, &str)> = vec![
        (
            // Rust: printed C_inf = Σ max = 5/4 vs C_inf = log2(5/4); the expression compares
            // min_capacity(W) (= log2 Σ max) with the multiplicative leakage at the uniform prior
            "AACP-F1",
            "M = [[3/4, 1/4], [1/2, 1/2]]",
            vec![ch(&[&[(3, 4), (1, 4)], &[(1, 2), (1, 2)]])],
            "let W = channel(dist(3/4, 1/4), dist(1/2, 1/2)); min_capacity(W) = log2(5/4) and mult_leakage(uniform(2), W) = 5/4",
        ),
        (
            // Rust: V(π, M) = V0(π) = 2/3 with X, Y dependent ('only if' fails)
            "AACP-F2",
            "pi = (1/3, 2/3), M = [[0, 1], [1/5, 4/5]]",
            vec![
                ch(&[&[(0, 1), (1, 1)], &[(1, 5), (4, 5)]]),
                di(&[(1, 3), (2, 3)]),
            ],
            "let W = channel(dist(0, 1), dist(1/5, 4/5)); let p = dist(1/3, 2/3); post_vuln(p, W) = 2/3 and bayes_vuln(p) = 2/3 and W[0][0] != W[1][0]",
        ),
        (
            // Rust reports P=(1,0), Q=(5/6,1/6); the expression enumerates the mirror image
            // P=(0,1), Q=(1/6,5/6) first (tv is invariant under swapping the two outcomes)
            "CY-9-reading-L1",
            "P=(1, 0) Q=(5/6, 1/6) delta=1/4",
            vec![di(&[(1, 1), (0, 1)]), di(&[(5, 6), (1, 6)]), num(1, 4)],
            "let P = dist(1, 0); let Q = dist(5/6, 1/6); tv(P, Q) <= 1/4 and not (2*tv(P, Q) <= 1/4) and 2*tv(dist(0, 1), dist(1/6, 5/6)) = 2*tv(P, Q)",
        ),
    ];
    for (id, text, values, sides) in &table {
        let rust = rust_first_failure(id);
        assert!(
            rust.note.contains(text) || rust.instance.contains(text),
            "{id}: the Rust checker's first counterexample changed: {} / {}",
            rust.instance,
            rust.note
        );
        let claim = expr_of(id);
        let (outcome, row) = run::check_values(&claim, values).unwrap();
        assert_eq!(
            outcome,
            Outcome::Fails,
            "{id} at the Rust instance: {row:?}"
        );
        assert_eq!(verdict(sides).outcome, Outcome::Holds, "{id}: {sides}");
    }
    // CY-9-reading-L1: at the Rust instance the expression compares the same exact sides as at
    // its own first counterexample (the mirror image)
    let claim = expr_of("CY-9-reading-L1");
    let own = check(&claim, &Options::default()).unwrap().first.unwrap();
    let (_, at_rust) = run::check_values(&claim, &table[2].2).unwrap();
    assert_eq!(
        (own.lhs.unwrap().exact, own.rhs.unwrap().exact),
        (at_rust.lhs.exact.clone(), at_rust.rhs.exact.clone())
    );
    // AACP-Ex1g-M2-optimal: one instance; Rust compares U(M2) = 2/7 with the certified LP
    // optimum 8/25, the expression the LP optimum with 2/7: the same two exact values
    let rust = rust_first_failure("AACP-Ex1g-M2-optimal");
    let v = check(&expr_of("AACP-Ex1g-M2-optimal"), &Options::default()).unwrap();
    let first = v.first.unwrap();
    assert_eq!(
        (first.rhs.unwrap().exact, first.lhs.unwrap().exact),
        (rust.lhs.exact, rust.rhs.exact)
    );
}
