//! `dpcert lp FILE [--json]` on the fixtures in `tests/fixtures/lp/`.

use crate::common::dpcert;
use std::collections::BTreeMap;

/// A `--json` list of `{"name"|"row", "value"}` (docs/json.md, section `lp`) as a map from the
/// name to the exact value.
fn named(v: &serde_json::Value, list: &str) -> BTreeMap<String, String> {
    v[list]
        .as_array()
        .unwrap_or_else(|| panic!("{list} is not an array: {v}"))
        .iter()
        .map(|e| {
            let name = e
                .get("name")
                .or_else(|| e.get("row"))
                .and_then(|n| n.as_str());
            (
                name.expect("a name or a row").to_string(),
                e["value"].as_str().expect("an exact string").to_string(),
            )
        })
        .collect()
}

#[test]
fn optimal_json_has_the_exact_certificate() {
    let (code, out, err) = dpcert(&["lp", "tests/fixtures/lp/two_rows.lp", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "optimal");
    assert_eq!(v["objective"], "14/5");
    assert_eq!(named(&v, "values")["x"], "6/5");
    assert_eq!(named(&v, "values")["y"], "8/5");
    assert_eq!(named(&v, "duals")["c1"], "2/5");
    assert_eq!(named(&v, "duals")["c2"], "1/5");
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
    assert_eq!(named(&v, "farkas")["low"], "1");
    assert_eq!(named(&v, "farkas")["high"], "-1");
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
    assert_eq!(named(&v, "values")["x"], "2");
    assert_eq!(named(&v, "values")["y"], "-4");
    assert_eq!(named(&v, "values")["z"], "1");
    assert_eq!(named(&v, "values")["w"], "-10");
    // The upper bound of x = 2 + x' is the row x.ub: x' <= 3 (slack, so its dual is 0).
    assert_eq!(named(&v, "duals")["x.ub"], "0");
}

#[test]
fn unbounded_ray_is_printed_in_file_variables() {
    let (code, out, _) = dpcert(&["lp", "tests/fixtures/lp/unbounded.lp", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // max x s.t. x - y <= 1: the ray must keep x - y <= 0 and increase x.
    assert_eq!(named(&v, "ray")["x"], "1");
    assert_eq!(named(&v, "ray")["y"], "1");
    assert_eq!(named(&v, "values")["x"], "1");
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

/// Issue 14's LP on the path P_k (expected |x - y| under a linear prior, t = 1/2), as LP text.
fn path_lp(k: usize) -> String {
    let total = k * (k + 1) / 2;
    let mut s = String::from("Minimize\n obj:");
    for x in 0..k {
        for y in 0..k {
            if x != y {
                s += &format!(" + {}/{total} p_{x}_{y}", (x + 1) * x.abs_diff(y));
            }
        }
    }
    s += "\nSubject To\n";
    for x in 0..k {
        let terms: Vec<String> = (0..k).map(|y| format!("p_{x}_{y}")).collect();
        s += &format!(" stoch_{x}: {} = 1\n", terms.join(" + "));
    }
    for x in 0..k {
        for x2 in [x.wrapping_sub(1), x + 1] {
            if x2 < k {
                for y in 0..k {
                    s += &format!(" dp_{x}_{x2}_{y}: 1/2 p_{x}_{y} - p_{x2}_{y} <= 0\n");
                }
            }
        }
    }
    s + "End\n"
}

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    crate::common::scratch_file("cli-lp", name, text)
}

/// A large LP goes through the float-guided path; `--stats` says where the time went, and the
/// answer equals the exact simplex's (the library test compares the two paths).
#[test]
fn stats_name_the_float_guided_path() {
    let path = write_temp("path12.lp", &path_lp(12));
    let (code, out, err) = dpcert(&["lp", path.to_str().unwrap(), "--json", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("float hint"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "optimal");
    assert_eq!(v["certificate_checked"], true);
}

/// Past `--time-limit` nothing is printed on stdout and the exit code is 4; a limit that is not
/// a positive number is a usage error.
#[test]
fn time_limit_exits_4_without_an_answer() {
    let path = write_temp("path24.lp", &path_lp(24));
    let (code, out, err) = dpcert(&["lp", path.to_str().unwrap(), "--time-limit", "0.000001"]);
    assert_eq!(code, 4, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("time limit"), "{err}");
    for bad in ["0", "-1", "NaN", "soon"] {
        let (code, _, err) = dpcert(&["lp", "tests/fixtures/lp/two_rows.lp", "--time-limit", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
    }
}

/// `--symmetry` solves the orbit LP and lifts it; the optimum is the full LP's. A permutation
/// that is not a symmetry, or names an unknown variable, is refused with exit 3.
#[test]
fn symmetry_flag_reduces_and_refuses_non_symmetries() {
    let (code, out, err) = dpcert(&[
        "lp",
        "tests/fixtures/lp/symmetric.lp",
        "--json",
        "--stats",
        "--symmetry",
        "tests/fixtures/lp/symmetric.gens",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["objective"], "8/3");
    assert_eq!(named(&v, "values")["x"], "4/3");
    assert_eq!(named(&v, "values")["y"], "4/3");
    assert!(
        err.contains("symmetry reduction used: 2 variables -> 1 orbits"),
        "{err}"
    );
    let (code, _, err) = dpcert(&[
        "lp",
        "tests/fixtures/lp/not_symmetric.lp",
        "--symmetry",
        "tests/fixtures/lp/symmetric.gens",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("changes the objective coefficient"), "{err}");
    let (code, _, err) = dpcert(&[
        "lp",
        "tests/fixtures/lp/symmetric.lp",
        "--symmetry",
        "tests/fixtures/lp/unknown_var.gens",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("line 2: unknown variable \"z\""), "{err}");
}
