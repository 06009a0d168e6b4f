//! Every `--json` of `compose`, `check`, `list`, `show`, `verify`, `search` and `search-merge`
//! against docs/json.md (issue 43 item 4): a table of inputs that reaches every optional block
//! of each document, each output handed to [`checked`], and the block the input is there
//! for looked up (so a row that stops producing its block fails).

use super::common::{dpcert, scratch_file};
use super::json_schema::checked;
use serde_json::Value;

/// Run `args` (ending in `--json`), check the exit code and the schema; the document.
fn doc(args: &[&str], code: i32) -> Value {
    let (c, out, err) = dpcert(args);
    assert_eq!(c, code, "{args:?}: {err}");
    checked(&out, args[0])
}

/// The value at a `/`-separated path (`eps_for_delta/eps/lo`, `claims/0/id`); it must exist.
fn at<'a>(d: &'a Value, path: &str) -> &'a Value {
    let v = d.pointer(&format!("/{path}")).unwrap_or(&Value::Null);
    assert!(!v.is_null(), "no {path} in {d}");
    v
}

/// `calibrate --json` (issue 45 item 5): both points, with their compose documents.
#[test]
fn calibrate_json_follows_the_schema() {
    let d = doc(
        &[
            "calibrate",
            "rr:2",
            "--k",
            "2",
            "--eps",
            "1",
            "--delta",
            "1/100",
            "--json",
        ],
        0,
    );
    for path in [
        "best/value",
        "best/compose/check/verdict",
        "next/verdict",
        "tried/0/value",
    ] {
        at(&d, path);
    }
    let d = doc(
        &[
            "calibrate",
            "gaussian",
            "--k",
            "2",
            "--eps",
            "1",
            "--delta",
            "1/100",
            "--json",
        ],
        0,
    );
    at(&d, "best/compose/check/delta_enclosure/hi");
    let d = doc(
        &["compose", "dgaussian:2", "--k", "2", "--eps", "1", "--json"],
        0,
    );
    at(&d, "delta_at_eps/0/enclosure/hi");
}

#[test]
fn compose_json_follows_the_schema() {
    // (arguments, exit code, a block the row is there for)
    let rows: &[(&[&str], i32, &str)] = &[
        (
            &["rr:2:3", "--k", "3", "--eps", "0,1,1/2"],
            0,
            "delta_at_eps/2/enclosure/hi",
        ),
        (
            &["rr:2:3", "--k", "3", "--eps", "1"],
            0,
            "delta_at_eps/0/witness/x_prime",
        ),
        (
            &["rr:2:3", "--k", "3", "--delta", "0"],
            0,
            "eps_for_delta/eps/exact",
        ),
        (
            &["rr:2:3", "--k", "3", "--delta", "1"],
            0,
            "eps_for_delta/vacuous",
        ),
        (
            &["rr:2:3", "--k", "3", "--delta", "1/100"],
            0,
            "eps_for_delta/event/words",
        ),
        (&["rr:2:3", "--k", "3"], 0, "eps_for_delta/e_eps"),
        (&["rr:2:3", "--k", "2", "--t", "3"], 0, "delta_at_t/delta"),
        (
            &["rr:2:3", "--k", "5", "--check", "1,1/10"],
            1,
            "check/delta_margin/lo",
        ),
        (
            &["rr:2:3", "--k", "5", "--check", "10,0"],
            0,
            "check/eps_margin/hi",
        ),
        (
            &["kov:2:1/10", "--k", "2", "--delta", "0", "--check", "1,0"],
            1,
            "pairs/0/infinite_loss_mass",
        ),
        (&["rr:2:3:1,rr:3:2:2"], 3, ""),
        (&["rr:2:3:1,rr:2:2:2", "--eps", "1"], 0, "uses/1/k"),
        (
            &[
                "examples/rr.csv",
                "--k",
                "2",
                "--delta",
                "1/10",
                "--adjacency",
                "complete",
            ],
            0,
            "pairs/0/pair/x",
        ),
        (
            &[
                "rr:2:3",
                "--k",
                "10",
                "--enclosure",
                "--eps",
                "1",
                "--t",
                "2",
                "--delta",
                "1/1000",
                "--check",
                "20,1/10",
            ],
            0,
            "delta_at_eps/0/enclosure/lo",
        ),
        (
            &["rr:2:3", "--k", "10", "--enclosure", "--t", "2"],
            0,
            "delta_at_t/hi_witness/x",
        ),
        (
            &["rr:2:3", "--k", "10", "--enclosure", "--check", "20,1/10"],
            0,
            "check/delta_enclosure/hi",
        ),
        (
            &["rr:2:3", "--k", "10", "--enclosure"],
            0,
            "eps_for_delta/eps/lo",
        ),
        (
            &["rr:2:3", "--k", "10", "--rdp", "2,3/2", "--zcdp"],
            0,
            "renyi/orders/1/eps_cks/hi",
        ),
        (
            &["rr:2:3", "--k", "10", "--zcdp", "--delta", "1/1000"],
            0,
            "renyi/zcdp/cost/lo",
        ),
        (
            &["rr:2:3", "--k", "10", "--enclosure", "--rdp", "4"],
            0,
            "renyi/pld_eps/eps/hi",
        ),
        (
            &["dgaussian:1", "--k", "2", "--rdp", "3/2", "--zcdp"],
            0,
            "renyi/zcdp/why",
        ),
        (&["gaussian:2", "--k", "3", "--zcdp"], 0, "renyi/zcdp/exact"),
        // Issue 46 item 4: the curve, exact and by the grid enclosure.
        (
            &["rr:2:3", "--k", "3", "--curve-t", "1,30"],
            0,
            "curve/pieces/1/witness/event/words",
        ),
        (
            &["rr:2:3", "--k", "3", "--curve-t", "1,30"],
            0,
            "curve/pieces/0/eps_hi/hi",
        ),
        (
            &["rr:2:3", "--k", "3", "--enclosure", "--curve-t", "1,30"],
            0,
            "curve/pieces/2/hi_witness/x",
        ),
    ];
    for (args, code, block) in rows {
        let mut a = vec!["compose"];
        a.extend_from_slice(args);
        a.push("--json");
        if *code == 3 {
            // a sequence on different inputs: an error, nothing on stdout
            let (c, out, _) = dpcert(&a);
            assert_eq!((c, out.as_str()), (3, ""), "{a:?}");
            continue;
        }
        let d = doc(&a, *code);
        at(&d, block);
    }
}

/// The δ(ε) row is the shared shape of docs/json.md: exact form, `a`, `b`, the rational when
/// it is one, the enclosure, the witness; at ε = 0 δ is rational (A − B).
#[test]
fn compose_delta_row_is_the_shared_shape() {
    let d = doc(
        &["compose", "rr:2:3", "--k", "2", "--eps", "0,1", "--json"],
        0,
    );
    let row0 = at(&d, "delta_at_eps/0");
    // ε = 0: δ = TV of (9,3,3,1)/16 and (1,3,3,9)/16 = 1/2, by hand.
    assert_eq!(row0["exact_rational"], "1/2");
    let row1 = at(&d, "delta_at_eps/1");
    assert!(row1["exact_rational"].is_null());
    for k in ["eps", "delta", "a", "b", "enclosure", "witness", "event"] {
        assert!(!row1[k].is_null(), "{k} in {row1}");
    }
    assert!(row1.get("A").is_none() && row1.get("pair").is_none());
}

fn manifest(exprs: &[(&str, &str)]) -> String {
    let mut s =
        "[paper]\nslug = \"p\"\ntitle = \"T\"\nauthors = [\"A\"]\nseed = \"s.txt\"\n".to_string();
    for (i, (expr, expect)) in exprs.iter().enumerate() {
        s.push_str(&format!(
            "\n[[claim]]\nid = \"P-{i}\"\ntitle = \"t\"\nsource = \"s\"\nstatement = \"x\"\nkind = \"bound\"\ngrid = \"g\"\nexpect = \"{expect}\"\nwhy = \"w\"\nexpr = '{expr}'\n"
        ));
    }
    s
}

#[test]
fn check_json_follows_the_schema() {
    let rows: &[(&str, i32, &str)] = &[
        (
            "forall W in channels(2, 2, denom 2): dp(W) >= 1",
            0,
            "outcome",
        ),
        (
            "forall W in channels(2, 2, denom 2): dp(W) <= 2",
            1,
            "counterexample/bindings/0/name",
        ),
        (
            "exists W in channels(2, 2, denom 2): dp(W) = 1",
            0,
            "witness/index",
        ),
        (
            "sqrt(2) * sqrt(2) = 2",
            3,
            "first_undecided/lhs/enclosure/lo",
        ),
        ("dpp(rr(2, 3)) = 3", 2, "error"),
        ("forall W in channels(2, 2, denom 4): mi(W) <= ", 2, "stage"),
    ];
    for (expr, code, block) in rows {
        let d = doc(&["check", expr, "--json"], *code);
        at(&d, block);
        assert_eq!(d["expr"], *expr);
        assert!(d.get("first").is_none(), "{d}");
    }
    let f = scratch_file(
        "json_schema_claims",
        "claims.toml",
        &manifest(&[
            ("forall W in channels(2, 2, denom 2): dp(W) <= 2", "fails"),
            ("1 < 2", "holds"),
            ("1 > 2", "holds"),
        ]),
    );
    let d = doc(&["check", "--file", f.to_str().unwrap(), "--json"], 1);
    assert_eq!(at(&d, "claims/0/as_expected"), true);
    assert_eq!(at(&d, "claims/2/as_expected"), false);
    assert_eq!(at(&d, "claims/1/id"), "P-1");
}

#[test]
fn claims_commands_json_follow_the_schema() {
    let d = doc(&["list", "--json"], 0);
    at(&d, "claims/0/search_family");
    let d = doc(&["list", "--paper", "cuff-yu", "--json"], 0);
    assert!(at(&d, "claims")
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["paper"] == "cuff-yu"));
    for id in ["WYZ-D1", "CY-D1"] {
        let d = doc(&["show", id, "--json"], 0);
        at(&d, "report");
        at(&d, "manifest/id");
    }
    let d = doc(&["verify", "CY-D1", "WYZ-D1", "VAD-3", "--json"], 0);
    assert_eq!(at(&d, "claims").as_array().unwrap().len(), 3);
    assert_eq!(at(&d, "all_match"), true);
    // search: a counterexample (WYZ-S5 fails at size 2) and a shard of it, then the merge
    let d = doc(&["search", "WYZ-S5", "--max-size", "2", "--json"], 0);
    at(&d, "counterexample");
    let mut files = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let (c, out, err) = dpcert(&[
            "search",
            "WYZ-S5",
            "--max-size",
            "2",
            "--shard",
            &shard,
            "--json",
        ]);
        assert_eq!(c, 0, "{err}");
        checked(&out, "search");
        files.push(scratch_file(
            "json_schema_claims",
            &format!("s{k}.json"),
            &out,
        ));
    }
    let mut a = vec!["search-merge"];
    a.extend(files.iter().map(|f| f.to_str().unwrap()));
    a.push("--json");
    let d = doc(&a, 0);
    at(&d, "counterexample");
    let d = doc(
        &[
            "search",
            "VAD-C1.1-reading-noindex",
            "--max-size",
            "1",
            "--json",
        ],
        0,
    );
    at(&d, "tried");
}
