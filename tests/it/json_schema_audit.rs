//! Issue 43 item 4: every `--json` of `audit`, `optimal`, `graph` and `lp` follows the one
//! schema (docs/json.md). Each case runs the command over inputs chosen to produce every
//! optional block, hands the output to [`checked`], and asserts the block is there in the
//! documented shape (a table: a block missing from the output fails its row).

use crate::common::{dpcert, scratch_file};
use crate::json_schema::checked;
use serde_json::Value;

const M: &str = "json_schema_audit";

/// `doc` at a `/`-separated path (`"dp/eps/lo"`; an integer is an array index).
fn at<'a>(doc: &'a Value, path: &str) -> &'a Value {
    path.split('/').fold(doc, |v, k| match k.parse::<usize>() {
        Ok(i) => &v[i],
        Err(_) => &v[k],
    })
}

/// Run `dpcert ARGS --json`; exit 0 and a document of `command` that passes the schema.
fn run(args: &[&str], command: &str) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = dpcert(&all);
    assert_eq!(code, 0, "dpcert {all:?}: {err}");
    checked(&out, command)
}

#[test]
fn audit_every_block_follows_the_schema() {
    let gain = scratch_file(M, "gain.csv", "1,0\n0,1\n");
    let gain = gain.to_str().unwrap();
    let named = scratch_file(M, "named.txt", "alice bob\n");
    let named = named.to_str().unwrap();
    let prior = scratch_file(M, "prior.csv", "0.30000000000000004, 0.7\n");
    let prior = prior.to_str().unwrap();
    // (arguments, paths that must hold a string, paths that must be an enclosure)
    let cases: Vec<(Vec<&str>, Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["audit", "examples/rr.csv"],
            vec!["dp/e_eps", "min_entropy/leakage_ratio", "units", "file"],
            vec![
                "dp/eps",
                "min_entropy/leakage",
                "min_entropy/capacity",
                "mutual_information/value",
                "capacity/value",
            ],
        ),
        (
            vec!["audit", "examples/rr.csv", "--t", "2"],
            vec!["delta_at_t/t", "delta_at_t/delta"],
            vec![],
        ),
        (
            vec!["audit", "examples/rr.csv", "--eps", "0,1/2,1"],
            vec![
                "delta_at_eps/1/eps",
                "delta_at_eps/1/delta",
                "delta_at_eps/1/a",
                "delta_at_eps/1/b",
                "delta_at_eps/0/exact_rational",
            ],
            vec!["delta_at_eps/0/enclosure", "delta_at_eps/1/enclosure"],
        ),
        (
            vec!["audit", "examples/rr.csv", "--curve-t", "1,4"],
            vec![
                "curve/t_lo",
                "curve/t_hi",
                "curve/pieces/0/a",
                "curve/pieces/0/b",
                "curve/pieces/0/exact",
                "curve/pieces/1/delta_at_t_lo",
            ],
            vec![
                "curve/eps_hi",
                "curve/pieces/0/eps_hi",
                "curve/pieces/1/eps_lo",
            ],
        ),
        (
            vec!["audit", "examples/rr.csv", "--delta", "1/4"],
            vec!["eps_for_delta/delta", "eps_for_delta/e_eps"],
            vec!["eps_for_delta/eps"],
        ),
        (
            vec!["audit", "examples/rr.csv", "--delta", "1"],
            vec!["eps_for_delta/delta", "eps_for_delta/e_eps"],
            vec!["eps_for_delta/eps"],
        ),
        (
            vec!["audit", "examples/rr.csv", "--gain", gain],
            vec![
                "g_leakage/prior",
                "g_leakage/posterior",
                "g_leakage/mult_leakage",
            ],
            vec![],
        ),
        (
            vec!["audit", "examples/rr.csv", "--prior", "uniform"],
            vec!["identifiability/e_eps"],
            vec!["identifiability/eps"],
        ),
        (
            vec!["audit", "examples/rr.csv", "--units", "nats"],
            vec!["mutual_information/value/exact"],
            vec!["mutual_information/value"],
        ),
        (
            vec!["audit", "examples/rr.csv", "--adjacency", named],
            vec!["adjacency/labels/0/label", "adjacency/labels/1/label"],
            vec![],
        ),
        (
            vec![
                "audit",
                "examples/numpy.csv",
                "--rationalize",
                "1000",
                "--prior",
                prior,
            ],
            vec![
                "rationalized/0/file",
                "rationalized/0/largest_change",
                "rationalized/1/file",
                "warnings/0",
            ],
            vec![],
        ),
        (
            vec!["audit", "examples/cycle6.csv", "--adjacency", "hamming:1,6"],
            vec!["distortion/expected_hamming"],
            vec![],
        ),
    ];
    for (args, strings, enclosures) in cases {
        let doc = run(&args, "audit");
        for p in strings {
            assert!(at(&doc, p).is_string(), "{args:?}: {p} is {}", at(&doc, p));
        }
        for p in enclosures {
            let e = at(&doc, p);
            assert!(
                e["lo"].is_string() && e["hi"].is_string(),
                "{args:?}: {p} is {e}"
            );
        }
    }
}

/// δ = 1 is answered, not refused, and said to be vacuous (issue 43 item 2).
#[test]
fn audit_delta_one_is_vacuous() {
    let doc = run(&["audit", "examples/rr.csv", "--delta", "1"], "audit");
    assert_eq!(doc["eps_for_delta"]["vacuous"], true, "{doc}");
    assert_eq!(doc["eps_for_delta"]["e_eps"], "1", "{doc}");
    assert!(doc["eps_for_delta"]["binding_pair"].is_null(), "{doc}");
    let doc = run(&["audit", "examples/rr.csv", "--delta", "1/2"], "audit");
    assert!(doc["eps_for_delta"].get("vacuous").is_none(), "{doc}");
    let (code, out, err) = dpcert(&["audit", "examples/rr.csv", "--delta", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("vacuous"), "{out}");
}

#[test]
fn optimal_loss_and_gain_follow_the_schema() {
    let loss = scratch_file(M, "loss.csv", "0,1,2\n1,0,1\n2,1,0\n");
    let loss = loss.to_str().unwrap();
    for args in [
        vec![
            "optimal", "--graph", "path:3", "--t", "2", "--prior", "uniform", "--gain", "identity",
        ],
        vec![
            "optimal", "--graph", "path:3", "--t", "2", "--prior", "uniform", "--loss", "abs",
        ],
        vec![
            "optimal", "--graph", "cycle:4", "--t", "3/2", "--prior", "uniform", "--loss", "graph",
        ],
        vec![
            "optimal",
            "--graph",
            "hamming:2,2",
            "--t",
            "2",
            "--prior",
            "uniform",
            "--loss",
            "hamming",
        ],
        vec![
            "optimal", "--graph", "path:3", "--t", "2", "--prior", "uniform", "--loss", loss,
        ],
    ] {
        let doc = run(&args, "optimal");
        for p in ["t", "optimum", "dp_level", "rows/0/0"] {
            assert!(at(&doc, p).is_string(), "{args:?}: {p} is {}", at(&doc, p));
        }
    }
}

/// `optimal --curve-t --json` (issue 46): the `curve` key of docs/json.md, a rational and an
/// algebraic breakpoint (path 0 − 1 − 2 breaks at the golden ratio).
#[test]
fn optimal_curve_follows_the_schema() {
    let doc = run(
        &[
            "optimal",
            "--graph",
            "path:3",
            "--curve-t",
            "1,10",
            "--prior",
            "uniform",
            "--loss",
            "graph",
        ],
        "optimal",
    );
    for p in [
        "objective",
        "objective_definition",
        "seconds",
        "curve/variable",
        "curve/t_lo",
        "curve/t_hi",
        "curve/pieces/0/t_lo",
        "curve/pieces/0/t_hi/root_of",
        "curve/pieces/0/t_hi/in/0",
        "curve/pieces/0/t_hi/decimal",
        "curve/pieces/0/eps/lo",
        "curve/pieces/0/exact",
        "curve/pieces/0/numerator",
        "curve/pieces/0/denominator",
        "curve/pieces/0/value_at_t_lo",
        "curve/pieces/0/value_at_t_lo_decimal",
        "curve/pieces/0/value_at_t_hi_decimal",
        "curve/pieces/1/value_at_t_hi",
    ] {
        assert!(at(&doc, p).is_string(), "{p} is {}", at(&doc, p));
    }
    assert!(at(&doc, "curve/pieces/0/value_at_t_hi").is_null());
    assert!(at(&doc, "curve/pieces/0/bases").is_u64());
    assert!(at(&doc, "curve/samples").is_u64());
    assert!(at(&doc, "curve/eps_lo").is_object());
}

/// The `optimal --json` document, header included, is a mechanism file `audit` reads.
#[test]
fn optimal_json_is_read_by_audit() {
    let (code, out, err) = dpcert(&[
        "optimal", "--graph", "path:3", "--t", "2", "--prior", "uniform", "--gain", "identity",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let m = scratch_file(M, "m.json", &out);
    let (code, _, err) = dpcert(&["audit", m.to_str().unwrap(), "--adjacency", "path:3"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn graph_specs_follow_the_schema() {
    let named = scratch_file(M, "g.txt", "a b\nb c\nc a\n");
    for spec in [
        "petersen",
        "hamming:2,3",
        "cycle:6",
        "path:4",
        named.to_str().unwrap(),
    ] {
        let doc = run(&["graph", spec], "graph");
        assert!(doc["vertices"].is_u64(), "{spec}: {doc}");
    }
}

#[test]
fn lp_statuses_follow_the_schema() {
    for (file, status, lists) in [
        ("examples/small.lp", "optimal", &["values", "duals"][..]),
        (
            "tests/fixtures/lp/infeasible.lp",
            "infeasible",
            &["farkas"][..],
        ),
        (
            "tests/fixtures/lp/unbounded.lp",
            "unbounded",
            &["values", "ray"][..],
        ),
    ] {
        let doc = run(&["lp", file], "lp");
        assert_eq!(doc["status"], status, "{file}: {doc}");
        for l in lists {
            let first = &doc[*l][0];
            assert!(first["value"].is_string(), "{file}: {l} is {}", doc[*l]);
            assert!(
                first["name"].is_string() || first["row"].is_string(),
                "{file}: {l} is {}",
                doc[*l]
            );
        }
    }
}
