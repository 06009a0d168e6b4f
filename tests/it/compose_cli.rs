//! `dpcert compose`: exact values, the sequence form, `--check`, and the errors of the CLI
//! contract (exit 2 for a bad flag value, 3 for a bad file).

use crate::common::dpcert;

/// Binary randomized response at e^ε = 3, 100 uses: ε(1e-5) = 90.7815385083… (the value the
/// issue quotes), with the event in words and what was composed.
#[test]
fn binary_rr_k100() {
    let (code, out, _) = dpcert(&["compose", "rr:2:3", "--k", "100"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("eps ∈ [90.781538508301, 90.781538508302]"),
        "{out}"
    );
    assert!(out.contains("at least 92 of 100 answers in {0}"), "{out}");
    assert!(out.contains("same ordered neighbour pair"), "{out}");
    assert!(out.contains("101 distinct likelihood ratios"), "{out}");
}

/// k = 1 is the one-use audit: e^ε = 13/5 at δ = 1/10 (as `dpcert audit examples/rr.csv`).
#[test]
fn one_use_matches_audit() {
    let (code, out, _) = dpcert(&[
        "compose",
        "examples/rr.csv",
        "--k",
        "1",
        "--delta",
        "1/10",
        "--json",
    ]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["eps_for_delta"]["t"], "13/5");
}

/// `FILE:K,…` composes a sequence; δ(t) at t = 9 after rr(3) twice is 9/16 − 9·1/16 = 0 and
/// at t = 3 it is 3/8 (computed by hand: atoms 9/16 vs 1/16 at ratio 9).
#[test]
fn sequence_and_t() {
    let (code, out, _) = dpcert(&["compose", "rr:2:3:1,rr:2:3:1", "--t", "3", "--json"]);
    assert_eq!(code, 0, "{out}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["delta_at_t"]["delta"], "3/8");
    assert_eq!(j["uses"].as_array().unwrap().len(), 2);
}

/// `--check EPS,DELTA`: exit 0 when it holds, 1 when it fails, with the margins.
#[test]
fn check_holds_and_fails() {
    let (code, out, _) = dpcert(&["compose", "rr:2:3", "--k", "100", "--check", "91,1/100000"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("holds"));
    let (code, out, _) = dpcert(&["compose", "rr:2:3", "--k", "100", "--check", "90,1/100000"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("fails") && out.contains("eps margin"));
}

/// A zero against mass: δ's floor is the infinite-loss mass 1 − (9/10)^2 = 19/100, reported.
#[test]
fn infinite_loss_is_reported_not_an_error() {
    let f = "tests/fixtures/zero_against_mass.csv";
    let (code, out, _) = dpcert(&["compose", f, "--k", "2", "--delta", "1/10"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("none (eps = inf)"), "{out}");
    assert!(
        out.contains("infinite privacy loss with probability 19/100"),
        "{out}"
    );
}

#[test]
fn errors_follow_the_cli_contract() {
    for (args, code, says) in [
        (vec!["compose", "rr:2:3", "--k", "0"], 2, "at least 1"),
        (
            vec!["compose", "rr:2:3", "--k", "10", "--delta", "1"],
            2,
            "[0, 1)",
        ),
        (
            vec!["compose", "rr:2:3", "--k", "10", "--eps=-1"],
            2,
            ">= 0",
        ),
        (
            vec!["compose", "rr:2:3", "--k", "10", "--t", "1/2"],
            2,
            ">= 1",
        ),
        (vec!["compose", "rr:2:3", "--k", "2000000"], 2, "limit"),
        (vec!["compose", "rr:2:3"], 2, "--k"),
        (vec!["compose", "rr:2", "--k", "3"], 2, "rr:K:T"),
        (
            vec!["compose", "no/such/file.csv", "--k", "3"],
            2,
            "neither",
        ),
        (
            vec!["compose", "tests/fixtures/zero_against_mass.csv:1,rr:3:2:1"],
            3,
            "same inputs",
        ),
    ] {
        let (c, out, err) = dpcert(&args);
        assert_eq!(c, code, "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.is_empty());
    }
}
