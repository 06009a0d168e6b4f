//! The CLI contract of `dpcert list/verify/search/check` (docs/design.md): JSON parses, exit codes
//! 0/2/3, nearest IDs for an unknown ID, file:line for a broken manifest, a pole of a symbolic
//! claim named.

use std::process::Command;

fn dpcert() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dpcert"))
}

#[test]
fn verify_json_parses_and_matches() {
    let out = dpcert()
        .args(["verify", "--paper", "cuff-yu", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(v["all_match"], true);
    assert!(!v["claims"].as_array().unwrap().is_empty());
}

#[test]
fn unknown_id_is_a_usage_error_with_nearest_ids() {
    let out = dpcert().args(["verify", "CY-D9"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nearest IDs") && err.contains("CY-D1"),
        "{err}"
    );
}

#[test]
fn broken_manifest_is_bad_input_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("dpcert-bad-manifest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("x.toml"),
        "[paper]\nslug = \"x\"\ntitle = \"t\"\nauthors = []\nseed = \"s\"\n\n[[claim]]\nid = = \"X-1\"\n",
    )
    .unwrap();
    let out = dpcert()
        .args(["verify"])
        .env("DPCERT_THEOREMS", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("x.toml:8:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn list_json_parses() {
    let out = dpcert().args(["list", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["claims"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["expect"] != "none"));
}

#[test]
fn search_says_when_the_grid_already_fails_and_finds_one_beyond() {
    let out = dpcert()
        .args(["search", "VAD-C1.1-reading-noindex", "--max-size", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("already fails on its own grid"), "{text}");
    assert!(text.contains("counterexample at search size 1"), "{text}");
}

#[test]
fn search_usage_errors() {
    // --max-size 0 searches nothing: a usage error, not "no counterexample".
    let zero = dpcert()
        .args(["search", "WYZ-S5", "--max-size", "0"])
        .output()
        .unwrap();
    assert_eq!(zero.status.code(), Some(2));
    // --seed is gone: the search families are deterministic.
    let seed = dpcert()
        .args(["search", "WYZ-S5", "--seed", "3"])
        .output()
        .unwrap();
    assert_eq!(seed.status.code(), Some(2));
    // A claim without a family beyond its grid says so.
    let none = dpcert().args(["search", "AACP-Ex1g"]).output().unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no search family"));
}

#[test]
fn list_says_which_claims_have_a_search_family() {
    let out = dpcert().args(["list", "--json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let family = |id: &str| {
        v["claims"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .map(|r| r["search_family"].clone())
    };
    assert_eq!(
        family("AACP-C-always6"),
        Some(serde_json::Value::Bool(true))
    );
    assert_eq!(family("AACP-Ex1g"), Some(serde_json::Value::Bool(false)));
}

/// Issue 16: `dpcert show ID` prints the manifest entry (statement, source, grid, why, expect,
/// citation) and the full report; the JSON carries the same; an unknown ID exits 2.
#[test]
fn show_prints_entry_and_report() {
    let out = dpcert().args(["show", "AACP-Ex1g"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for want in [
        "statement ",
        "source    section 6, Example 1",
        "grid      ",
        "why       the exact U(M1)",
        "expect    fails",
        "ICALP 2011",
        "verdict  fails",
        "[fails] Example 1",
    ] {
        assert!(text.contains(want), "missing `{want}` in\n{text}");
    }
    let out = dpcert()
        .args(["show", "WYZ-D1", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["manifest"]["id"], "WYZ-D1");
    assert_eq!(v["report"]["verdict"], "holds");
    assert!(v["manifest_file"]
        .as_str()
        .unwrap()
        .contains("wang-ying-zhang.toml:"));
    let out = dpcert().args(["show", "AACP-Exlg"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("AACP-Ex1g"));
}

/// Issue 16: a search split over a job array with `--shard K/N` merges back to the answer of
/// the unsplit search (same size, same instance), with every shard accounted for.
#[test]
fn sharded_search_merges_to_the_unsplit_answer() {
    let dir = std::env::temp_dir().join(format!("dpcert-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = dpcert().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let whole = run(&["search", "WYZ-S5", "--max-size", "2", "--json"]);
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let v = run(&[
            "search",
            "WYZ-S5",
            "--max-size",
            "2",
            "--shard",
            &shard,
            "--json",
        ]);
        let f = dir.join(format!("s{k}.json"));
        std::fs::write(&f, v.to_string()).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let mut args = vec!["search-merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = run(&args);
    assert_eq!(merged["result"], whole["result"]);
    assert_eq!(merged["size"], whole["size"]);
    assert_eq!(
        merged["counterexample"]["instance"],
        whole["counterexample"]["instance"]
    );
    assert_eq!(merged["missing_shards"].as_array().unwrap().len(), 0);
    // A shard given twice is refused (exit 1 since issue 44 item 5; it was 3).
    let out = dpcert()
        .args(["search-merge", &files[0], &files[0]])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 26: a JSON input that gives a key twice is refused with the key's name (exit 3), not
/// read as its last occurrence.
#[test]
fn search_merge_refuses_a_duplicate_key() {
    let dir = std::env::temp_dir().join(format!("dpcert-dup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("dup.json");
    std::fs::write(
        &f,
        r#"{"id": "WYZ-S5", "tried": 3, "result": "no counterexample", "tried": 5}"#,
    )
    .unwrap();
    let out = dpcert()
        .args(["search-merge", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("duplicate key \"tried\""), "{err}");
}

/// Issue 42, item 1: a removable singularity inside a symbolic range is an error (exit 3) that
/// names the point; with the point left out of the range the identity holds (exit 0).
#[test]
fn check_a_pole_inside_a_symbolic_range_is_bad_input_naming_the_point() {
    let out = dpcert()
        .args(["check", "forall t in [2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)"])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("division by zero at t = 2: the divisor t^2 - 4 is 0 there"),
        "{text}"
    );
    let out = dpcert()
        .args(["check", "forall t in (2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

/// A hostile review: a claim whose every top-level range of the symbolic t is empty exercised
/// nothing, like `forall k in 3..2` (exit 3, naming the empty range; it said "holds: 1
/// instances (1 exercised)", exit 0); with some instances exercised the rest are counted apart
/// as vacuous (exit 0); nested, an empty range holds (exit 0); `exists` over an empty integer
/// domain has no witness (exit 1). The JSON counts them as `vacuous`.
#[test]
fn check_an_empty_symbolic_range_exercises_nothing() {
    let cases: &[(&str, i32, &str)] = &[
        (
            "forall k in 3..2: k > 0",
            3,
            "no instance was exercised (0 instances)",
        ),
        (
            "forall t in [3, 2]: t > 5",
            3,
            "no instance was exercised (1 instances, 1 vacuous (empty range))",
        ),
        (
            "forall t in [3, 3): t > 5",
            3,
            "range of the symbolic variable was empty",
        ),
        (
            "forall n in 1..5, t in [n, 3]: t <= 3",
            0,
            "holds: 5 instances (3 exercised, 2 vacuous (empty range);",
        ),
        ("forall t in [3, 3]: t > 5", 1, "fails"),
        (
            "forall k in 1..2: forall t in (k, 1]: 0 > 1",
            0,
            "(2 exercised)",
        ),
        (
            "exists k in 3..2: k > 0",
            1,
            "no instance of 0 is a witness",
        ),
    ];
    for (claim, code, says) in cases {
        let out = dpcert().args(["check", claim]).output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(*code), "{claim}: {text}");
        assert!(text.contains(says), "{claim}: {text}");
    }
    let out = dpcert()
        .args(["check", "--json", "forall n in 1..5, t in [n, 3): t < 3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let counts = ["total", "checked", "holds", "vacuous", "filtered"].map(|k| v[k].clone());
    assert_eq!(counts, [5, 5, 2, 3, 0].map(serde_json::Value::from), "{v}");
}

/// Issue 42 item 5: `check --time-limit SECS` gives up with exit 4 (one meaning of
/// `--time-limit` on every long command); `--budget-secs` is still accepted as its old name.
#[test]
fn check_time_limit_and_its_old_name() {
    let out = dpcert()
        .args([
            "check",
            "--time-limit",
            "1",
            "--max-instances",
            "1000000000",
            "forall n in 1..100000000: n >= 1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Where the clock is read decides the wording: inside an instance's budget ("the time
    // budget of 1 s ran out (--time-limit)") or between the grid's chunks, which run in
    // parallel since issue 44 item 5 ("the time budget ran out after N of M instances").
    assert!(
        stdout.contains("the time budget of 1 s ran out (--time-limit)")
            || stdout.contains("undecided: the time budget ran out after"),
        "{stdout}"
    );
    let out = dpcert()
        .args(["check", "--budget-secs", "5", "dp(rr(2, 3)) = 3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}
