//! `dpcert lp FILE [--json]` on the fixtures in `tests/fixtures/lp/`.

use std::process::Command;

fn dpcert(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dpcert"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run dpcert");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn optimal_json_has_the_exact_certificate() {
    let (code, out, err) = dpcert(&["lp", "tests/fixtures/lp/two_rows.lp", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "optimal");
    assert_eq!(v["objective"], "14/5");
    assert_eq!(v["values"]["x"], "6/5");
    assert_eq!(v["values"]["y"], "8/5");
    assert_eq!(v["duals"]["c1"], "2/5");
    assert_eq!(v["duals"]["c2"], "1/5");
    assert_eq!(v["certificate_checked"], true);
}

#[test]
fn text_output_states_the_recheck() {
    let (code, out, _) = dpcert(&["lp", "tests/fixtures/lp/two_rows.lp"]);
    assert_eq!(code, 0);
    assert!(out.contains("status: optimal"), "{out}");
    assert!(out.contains("objective: 14/5"), "{out}");
    assert!(out.contains("certificate re-checked: ok"), "{out}");
}

#[test]
fn infeasible_and_unbounded_statuses() {
    let (code, out, _) = dpcert(&["lp", "tests/fixtures/lp/infeasible.lp", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "infeasible");
    assert_eq!(v["farkas"]["low"], "1");
    assert_eq!(v["farkas"]["high"], "-1");
    let (code, out, _) = dpcert(&["lp", "tests/fixtures/lp/unbounded.lp", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "unbounded");
    assert_eq!(v["certificate_checked"], true);
}

#[test]
fn bounds_and_exact_literals() {
    let (code, out, err) = dpcert(&["lp", "tests/fixtures/lp/bounds.lp", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["objective"], "-83/14");
    assert_eq!(v["values"]["x"], "2");
    assert_eq!(v["values"]["y"], "-4");
    assert_eq!(v["values"]["z"], "1");
    assert_eq!(v["values"]["w"], "-10");
    // The upper bound of x = 2 + x' is the row x.ub: x' <= 3 (slack, so its dual is 0).
    assert_eq!(v["duals"]["x.ub"], "0");
}

#[test]
fn unbounded_ray_is_printed_in_file_variables() {
    let (code, out, _) = dpcert(&["lp", "tests/fixtures/lp/unbounded.lp", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // max x s.t. x - y <= 1: the ray must keep x - y <= 0 and increase x.
    assert_eq!(v["ray"]["x"], "1");
    assert_eq!(v["ray"]["y"], "1");
    assert_eq!(v["values"]["x"], "1");
}

#[test]
fn malformed_file_exits_3_with_the_line() {
    let (code, out, err) = dpcert(&["lp", "tests/fixtures/lp/malformed.lp"]);
    assert_eq!(code, 3, "{out}");
    assert!(err.contains("malformed.lp: line 5:"), "{err}");
}

#[test]
fn missing_file_exits_3_with_the_path() {
    let (code, _, err) = dpcert(&["lp", "tests/fixtures/lp/no_such_file.lp"]);
    assert_eq!(code, 3);
    assert!(err.contains("no_such_file.lp"), "{err}");
}
