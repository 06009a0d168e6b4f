//! `dpcert graph` end to end: one JSON spec, a malformed file (exit 3), a bad spec (exit 2).

use std::process::Command;

fn dpcert(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dpcert"))
        .args(args)
        .output()
        .expect("run dpcert")
}

#[test]
fn petersen_json() {
    let out = dpcert(&["graph", "petersen", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["vertices"], 10);
    assert_eq!(v["edges"], 15);
    assert_eq!(v["diameter"], 2);
    assert_eq!(v["distance_regular"], true);
    assert_eq!(
        v["intersection_array"],
        serde_json::json!({"b": [3, 2], "c": [1, 1]})
    );
    assert_eq!(v["not_distance_regular_witness"], serde_json::Value::Null);
    assert_eq!(v["aut_order"], "120");
    assert_eq!(v["vertex_transitive"], true);
    assert!(v.get("vt_plus").is_some());
}

#[test]
fn hamming_json_has_vt_plus_witness() {
    let out = dpcert(&["graph", "hamming:2,3", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["vt_plus"], true);
    assert_eq!(v["vt_plus_witness"].as_array().map(|a| a.len()), Some(9));
    assert_eq!(
        v["intersection_array"],
        serde_json::json!({"b": [4, 2], "c": [1, 2]})
    );
}

#[test]
fn prism_is_not_distance_regular() {
    let out = dpcert(&["graph", "prism", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["distance_regular"], false);
    assert_eq!(v["intersection_array"], serde_json::Value::Null);
    assert!(v["not_distance_regular_witness"].is_object());
}

#[test]
fn malformed_file_exits_3_with_line() {
    let dir = std::env::temp_dir().join(format!("dpcert-graph-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("loop.txt", "a b\nb b\n", "line 2"),
        ("dup.txt", "a b\nb a\n", "line 2"),
        ("empty.txt", "# x\n", "no vertices"),
        ("bad.txt", "a b c\n", "line 1"),
    ];
    for (name, text, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = dpcert(&["graph", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(3), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(name) && err.contains(want), "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_spec_exits_2() {
    for spec in ["hamming:3", "cycle:2", "no-such-graph-or-file"] {
        let out = dpcert(&["graph", spec]);
        assert_eq!(out.status.code(), Some(2), "{spec}");
    }
}

/// Issue 16: the VT+ budget is a flag; past it VT+ is undecided and says why.
#[test]
fn vt_budget_flag_bounds_the_search() {
    let out = dpcert(&["graph", "petersen", "--json", "--vt-budget", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["vt_plus"], "undecided");
    assert_eq!(v["vt_plus_limit"], 1);
    assert!(
        v["vt_plus_why"].as_str().unwrap().contains("limit 1"),
        "{v}"
    );
    // With the default budget the same search is decided.
    let out = dpcert(&["graph", "petersen", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["vt_plus"].is_boolean(), "{}", v["vt_plus"]);
}

/// `--aut-budget` bounds the automorphism search of a graph with checked translations: at 1
/// work unit |Aut| of H(3,3) is not computed and says why, while vertex-transitivity and VT+
/// still hold (certified by the translations); with the default budget |Aut| = 3!·(3!)^3 =
/// 1,296 (Aut H(d,q) = S_q ≀ S_d). A negative budget is a usage
/// error.
#[test]
fn aut_budget_flag_bounds_the_automorphism_search() {
    let out = dpcert(&["graph", "hamming:3,3", "--json", "--aut-budget", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let why = v["aut_why"].as_str().unwrap_or_default();
    assert!(
        why.contains("budget of 1 ") && why.contains("--aut-budget"),
        "{v}"
    );
    assert_eq!(v["vertex_transitive"], true, "{v}");
    assert_eq!(v["vt_plus"], true, "{v}");
    let out = dpcert(&["graph", "hamming:3,3", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["aut_order"], "1296", "{v}");
    assert!(v.get("aut_why").is_none(), "{v}");
    let out = dpcert(&["graph", "hamming:3,3", "--aut-budget", "-1"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 26: the text report prints VT+ as yes / no / undecided, never a quoted JSON string.
#[test]
fn vt_plus_line_has_no_quotes() {
    let table: &[(&[&str], &str)] = &[
        (
            &["graph", "petersen", "--vt-budget", "0"],
            "VT+                 undecided: ",
        ),
        (
            &["graph", "petersen"],
            "VT+                 yes (witness of 10 automorphisms",
        ),
        // The path is not vertex-transitive, so not VT+ either.
        (
            &["graph", "path:3"],
            "VT+                 no: not vertex-transitive",
        ),
    ];
    for (args, want) in table {
        let out = dpcert(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text.lines().find(|l| l.starts_with("VT+")).unwrap_or("");
        assert!(line.starts_with(want), "{args:?}: {line}");
        assert!(!line.contains('"'), "{args:?}: {line}");
    }
}

/// Issue 31: a graph whose analysis is estimated above `--max-memory` (default 4 GiB, as
/// `audit`) is refused before the analysis, with the estimate and the flag in the message
/// (exit 3); a malformed size is a usage error (exit 2).
#[test]
fn graph_above_the_memory_limit_is_refused() {
    let out = dpcert(&["graph", "hamming:3,3", "--max-memory", "1K"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("27 vertices") && err.contains("needs about") && err.contains("--max-memory"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // Issue 42 item 11: the VT+ search's group enumeration is not part of the refusal; past
    // what the limit leaves, VT+ is undecided and says so, with both flags (Petersen: the
    // linear part is about 10.8 KiB, the enumeration of its 120 automorphisms 26.3 KiB).
    let out = dpcert(&["graph", "petersen", "--max-memory", "16K"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("VT+                 undecided: not searched: enumerating 120 automorphisms")
            && text.contains("(raise --max-memory or lower --vt-budget)"),
        "{text}"
    );
    let out = dpcert(&[
        "graph",
        "petersen",
        "--max-memory",
        "16K",
        "--vt-budget",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("backtracking budget of 10 nodes")
            || text.contains("exceeds the enumeration limit 10"),
        "{text}"
    );
    for bad in ["0", "12Q", "-1"] {
        let out = dpcert(&["graph", "petersen", &format!("--max-memory={bad}")]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

/// Issue 31: past the old 6,000-vertex cap, a Cayley graph is answered through its checked
/// translations: H(8,3) (6,561 vertices) is distance-regular with the array of H(n,m)
/// (b_i = (n−i)(m−1), c_i = i, by hand) and VT+.
#[test]
fn hamming_8_3_is_answered() {
    let out = dpcert(&["graph", "hamming:8,3"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("vertices            6561"), "{text}");
    assert!(
        text.contains("intersection array {[16,14,12,10,8,6,4,2] ; [1,2,3,4,5,6,7,8]}"),
        "{text}"
    );
    assert!(text.contains("VT+                 yes"), "{text}");
}

/// Issue 42 item 11: a cycle of 3,000 vertices given as an edge list (no translations) was
/// refused by default ("needs about 4.5 GiB": `--vt-budget` × n words for a group enumeration
/// it does not need); it is answered, VT+ by the powers of the rotation (the product of the
/// two reflections the automorphism search gives), the witness checked here.
#[test]
fn edge_list_cycle_past_the_old_estimate_is_answered() {
    let n = 3000;
    let text: String = (0..n).map(|i| format!("{i} {}\n", (i + 1) % n)).collect();
    let f = crate::common::scratch_file("graph", "c3000.txt", &text);
    let out = dpcert(&["graph", f.to_str().unwrap(), "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["vt_plus"].clone(), v["aut_order"].clone()),
        (true.into(), "6000".into())
    );
    let w: Vec<Vec<usize>> = serde_json::from_value(v["vt_plus_witness"].clone()).unwrap();
    assert_eq!(w.len(), n);
    // AACP Definition 3 directly: each row an automorphism of the cycle (neighbours to
    // neighbours), and at every vertex the n images distinct.
    for s in &w {
        let mut sorted = s.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().copied().eq(0..n));
        assert!((0..n).all(|i| s[(i + 1) % n].abs_diff(s[i]) % (n - 2) == 1));
    }
    for v in 0..n {
        let mut seen = vec![false; n];
        assert!(w.iter().all(|s| !std::mem::replace(&mut seen[s[v]], true)));
    }
}

/// `graph --time-limit SECS` gives up with exit 4 and nothing on stdout (the searches' work
/// budgets bound counts, not time: `graph cycle:65536` ran past 400 s); an answer within the
/// limit is printed whole.
#[test]
fn graph_gives_up_at_its_time_limit() {
    let out = dpcert(&["graph", "cycle:65536", "--time-limit", "1"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("time limit"), "{err}");
    let out = dpcert(&["graph", "petersen", "--time-limit", "60"]);
    assert_eq!(out.status.code(), Some(0));
}
