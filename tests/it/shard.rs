//! Shards that prove coverage (issue 44 item 5): `verify --shard K/N` and `check --shard K/N`
//! write shard certificates; `dpcert merge` (alias `search-merge`) merges them to the unsharded
//! verdict and refuses (exit 1) a missing, duplicated or mismatched shard and a counterexample
//! that does not re-check.

use crate::common::{dpcert, scratch_dir};
use serde_json::Value;
use std::path::PathBuf;

fn read(p: &PathBuf) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// Run `verify ID --shard k/n --certificate FILE` for every k; the files.
fn verify_shards(tag: &str, id: &str, n: usize) -> Vec<PathBuf> {
    let dir = scratch_dir(&format!("shard-{tag}"));
    (1..=n)
        .map(|k| {
            let f = dir.join(format!("{id}-{k}.json"));
            let shard = format!("{k}/{n}");
            let (code, _, err) = dpcert(&[
                "verify",
                id,
                "--shard",
                &shard,
                "--certificate",
                f.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{err}");
            f
        })
        .collect()
}

fn merge(files: &[&PathBuf]) -> (i32, Value, String) {
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let (code, out, err) = dpcert(&args);
    (code, serde_json::from_str(&out).unwrap_or(Value::Null), err)
}

/// A claim that holds: the merge of three shards has the unsharded verdict and instance count,
/// and its stream hash is the unsharded certificate's instance hash (every label, in order).
#[test]
fn merged_shards_equal_the_unsharded_run() {
    let id = "AACP-D2";
    let dir = scratch_dir("shard-whole");
    let (code, _, err) = dpcert(&["verify", id, "--certificates", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let whole = read(&dir.join(format!("{id}.cert.json")));
    let claim = &whole["records"][0];
    assert_eq!(claim["outcome"], "holds");
    let files = verify_shards("holds", id, 3);
    let (code, m, err) = merge(&files.iter().collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    let c = &m["claims"][0];
    assert_eq!(c["outcome"], "holds");
    assert_eq!(c["instances"], claim["instances"]["count"]);
    assert_eq!(c["ran"], claim["instances"]["count"]);
    assert_eq!(c["sha256"], claim["instances"]["sha256"]);
    // the shards split the grid i % 3 == k - 1
    let s2 = read(&files[1]);
    assert_eq!(s2["records"][0]["indices"][0], 1);
    assert_eq!(s2["records"][0]["indices"][1], 4);
}

/// A claim that fails: the merged verdict and the number of failing instances are the
/// unsharded run's, every counterexample re-checked.
#[test]
fn a_failing_claim_merges_to_its_counterexamples() {
    let id = "WYZ-S5";
    let (_, out, _) = dpcert(&["verify", id, "--json"]);
    let whole: Value = serde_json::from_str(&out).unwrap();
    let w = &whole["claims"][0];
    let files = verify_shards("fails", id, 2);
    let (code, m, err) = merge(&files.iter().collect::<Vec<_>>());
    assert_eq!(code, 0, "the verdict equals the manifest's expect: {err}");
    let c = &m["claims"][0];
    assert_eq!(c["outcome"], w["verdict"]);
    assert_eq!(c["counts"]["fails"], w["counts"]["fails"]);
    let cx = c["counterexamples"].as_array().unwrap();
    assert_eq!(Some(cx.len() as u64), w["counts"]["fails"].as_u64());
    assert!(cx.iter().all(|x| x["rechecked"] == true));
}

/// Refusals, each exit 1 with the reason: a missing shard, a shard given twice, a shard of
/// another split, version or claim, a tampered counterexample, a tampered label.
#[test]
fn merge_refuses_missing_duplicate_mismatched_and_tampered_shards() {
    let files = verify_shards("refuse", "WYZ-S5", 3);
    let dir = scratch_dir("shard-refuse");
    let (f1, f2, f3) = (&files[0], &files[1], &files[2]);
    let refused = |fs: &[&PathBuf], why: &str| {
        let (code, _, err) = merge(fs);
        assert_eq!(code, 1, "{why}: {err}");
        assert!(err.contains(why), "{why}: {err}");
    };
    refused(&[f1, f2], "missing shard(s) 3/3");
    refused(&[f1, f2, f3, f2], "already given by");
    // One field of shard 3 changed: each must be refused.
    let tampered = |name: &str, edit: &dyn Fn(&mut Value)| {
        let mut d = read(f3);
        edit(&mut d["records"][0]);
        let p = dir.join(name);
        std::fs::write(&p, d.to_string()).unwrap();
        p
    };
    let t = tampered("hash.json", &|r| r["claim_hash"] = "00".into());
    refused(&[f1, f2, &t], "claim_hash");
    let t = tampered("version.json", &|r| r["dpcert_version"] = "0.0.0".into());
    refused(&[f1, f2, &t], "dpcert_version");
    let t = tampered("n.json", &|r| r["n"] = 4.into());
    refused(&[f1, f2, &t], "differs");
    let t = tampered("cx.json", &|r| {
        r["counterexamples"][0]["rhs"] = "1/2".into();
    });
    refused(&[f1, f2, &t], "does not re-check");
    let t = tampered("label.json", &|r| r["labels"][0] = "n=9".into());
    refused(&[f1, f2, &t], "disagree");
    let t = tampered("short.json", &|r| {
        for key in ["labels", "indices"] {
            r[key].as_array_mut().unwrap().pop();
        }
        let n = r["count"].as_u64().unwrap();
        r["count"] = (n - 1).into();
    });
    refused(&[f1, f2, &t], "disagree");
    // the untouched three still merge
    let (code, _, err) = merge(&[f1, f2, f3]);
    assert_eq!(code, 0, "{err}");
}

/// `check --shard`: the merge of an expression's shards gives `check`'s verdict; every
/// shard's counterexample re-checks; an `exists` claim cannot be sharded (exit 2).
#[test]
fn check_shards_merge_to_the_unsharded_verdict() {
    let dir = scratch_dir("shard-check");
    for (expr, verdict) in [
        ("forall n in 1..30, m in 1..4: n*m <= 100", "fails"),
        ("forall n in 1..30, m in 1..4: n*m <= 120", "holds"),
    ] {
        let (code, out, _) = dpcert(&["check", expr, "--json"]);
        let whole: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(whole["outcome"], verdict, "{code}");
        let files: Vec<PathBuf> = (1..=2)
            .map(|k| {
                let f = dir.join(format!("{verdict}-{k}.json"));
                let shard = format!("{k}/2");
                let (code, _, err) = dpcert(&[
                    "check",
                    expr,
                    "--shard",
                    &shard,
                    "--certificate",
                    f.to_str().unwrap(),
                ]);
                assert_eq!(code, 0, "{err}");
                f
            })
            .collect();
        let (code, m, err) = merge(&files.iter().collect::<Vec<_>>());
        assert_eq!(code, i32::from(verdict == "fails"), "{err}");
        assert_eq!(m["claims"][0]["outcome"], verdict);
    }
    let (code, _, err) = dpcert(&["check", "exists n in 1..5: n = 3", "--shard", "1/2"]);
    assert_eq!(code, 2, "{err}");
    for bad in ["0/2", "3/2", "2"] {
        let (code, _, _) = dpcert(&["verify", "AACP-D2", "--shard", bad]);
        assert_eq!(code, 2, "{bad}");
    }
}

/// `check 'EXPR' --shard K/N` for every K into `dir`, then `merge --json`: (exit, merged claim).
fn check_shards_merged(dir: &std::path::Path, tag: &str, expr: &str, n: usize) -> (i32, Value) {
    let files: Vec<PathBuf> = (1..=n)
        .map(|k| {
            let f = dir.join(format!("{tag}-{k}-of-{n}.json"));
            let shard = format!("{k}/{n}");
            let args = ["check", expr, "--shard", &shard, "--certificate"];
            let (code, _, err) = dpcert(&[&args[..], &[f.to_str().unwrap()]].concat());
            assert_eq!(code, 0, "{expr} {shard}: {err}");
            f
        })
        .collect();
    let (code, m, err) = merge(&files.iter().collect::<Vec<_>>());
    assert!(code == 0 || code == 1, "{expr} over {n}: {err}");
    (code, m["claims"][0].clone())
}

/// Issue 44 item 5, a hostile review: a failure before an error in grid order. `check` stops
/// at its first failing instance (k = -1, index 0) and never sees the division by zero at
/// k = 0 (index 1): `fails`. Shard 2/2 holds the error and a later failure (index 3); merged
/// by summed counts, where an error outranks a failure, the verdict was `error`. The merge
/// now counts an error only below the least counterexample index.
#[test]
fn a_failure_before_an_error_merges_to_fails() {
    let dir = scratch_dir("shard-review");
    let expr = "forall k in -1..2, m in 0..0: k <= min((5 / k), sum(i1 in 1..m: m))";
    let (code, out, _) = dpcert(&["check", expr, "--json"]);
    let whole: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, &whole["outcome"]), (1, &"fails".into()));
    assert_eq!(whole["counterexample"]["index"], 0);
    let (code, c) = check_shards_merged(&dir, "review", expr, 2);
    assert_eq!(code, 1);
    assert_eq!(c["outcome"], "fails", "{c}");
    assert_eq!(c["counterexamples"][0]["index"], 0, "{c}");
    // shard 2/2 lists its error instance, which the checker verifies
    let s2 = read(&dir.join("review-2-of-2.json"));
    assert_eq!(s2["records"][0]["error_indices"], serde_json::json!([1]));
    assert_eq!(s2["records"][0]["outcome"], "error");
}

/// Differential: claims over i in 0..7 (index = i) that fail at the indices F and break
/// (division by zero, an `error` instance) at the indices E — an error first, a failure first,
/// both in one shard or in different ones, several of each, none — merged from N = 1..4
/// shards: the merged verdict and first counterexample are the unsharded `check`'s, and an
/// error decides exactly when one comes before the first failure (the rule worked by hand in
/// the table's last column).
#[test]
fn merged_verdict_equals_the_unsharded_one_wherever_failures_and_errors_lie() {
    let dir = scratch_dir("shard-differential");
    // (F, E, the unsharded verdict worked by hand); 100 lies outside the grid
    let cases: [(&[i64], &[i64], &str); 10] = [
        (&[100], &[100], "holds"),
        (&[4], &[1], "error"),       // error first, different shards of 2
        (&[2], &[5], "fails"),       // failure first, different shards of 2
        (&[3], &[1], "error"),       // both in shard 2 of 2, error first
        (&[1], &[3], "fails"),       // both in shard 2 of 2, failure first
        (&[0], &[1], "fails"),       // adjacent, failure first
        (&[100], &[6], "error"),     // errors only
        (&[6], &[100], "fails"),     // failures only
        (&[5, 6], &[3, 7], "error"), // several, an error before the first failure
        (&[0, 5], &[6, 7], "fails"), // several, every error after the first failure
    ];
    let zero_at = |xs: &[i64]| -> String {
        xs.iter()
            .map(|x| format!("(i - {x})"))
            .collect::<Vec<_>>()
            .join("*")
    };
    for (t, (fails, errors, want)) in cases.iter().enumerate() {
        let expr = format!(
            "forall i in 0..7: {} + 0/({}) != 0",
            zero_at(fails),
            zero_at(errors)
        );
        let (_, out, _) = dpcert(&["check", &expr, "--json"]);
        let whole: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(whole["outcome"], *want, "{expr}");
        for n in 1..=4 {
            let (code, c) = check_shards_merged(&dir, &format!("c{t}"), &expr, n);
            assert_eq!(c["outcome"], whole["outcome"], "{expr} over {n}: {c}");
            assert_eq!(code, i32::from(*want != "holds"), "{expr} over {n}");
            let first = &c["counterexamples"][0];
            assert_eq!(
                first["index"], whole["counterexample"]["index"],
                "{expr} over {n}"
            );
            if !whole["counterexample"].is_null() {
                assert_eq!(first["lhs"], whole["counterexample"]["lhs"]["exact"]);
            }
        }
    }
}

/// A shard's `error_indices` must be sorted, distinct indices of its instances, as many as
/// its error count: a tampered list is refused (exit 1), the untouched shards merge.
#[test]
fn merge_refuses_tampered_error_indices() {
    let dir = scratch_dir("shard-errors");
    let expr = "forall i in 0..7: (i - 6) + 0/((i - 1)*(i - 3)) != 0";
    let (code, c) = check_shards_merged(&dir, "e", expr, 2);
    assert_eq!((code, &c["outcome"]), (1, &"error".into()), "{c}");
    let f1 = dir.join("e-1-of-2.json");
    let f2 = dir.join("e-2-of-2.json");
    assert_eq!(
        read(&f2)["records"][0]["error_indices"],
        serde_json::json!([1, 3])
    );
    for (name, list) in [
        ("unsorted", serde_json::json!([3, 1])),
        ("repeated", serde_json::json!([1, 1])),
        ("outside", serde_json::json!([1, 2])),
        ("short", serde_json::json!([1])),
        ("missing", Value::Null),
    ] {
        let mut d = read(&f2);
        d["records"][0]["error_indices"] = list;
        let p = dir.join(format!("e-{name}.json"));
        std::fs::write(&p, d.to_string()).unwrap();
        let (code, _, err) = merge(&[&f1, &p]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(err.contains("error_indices"), "{name}: {err}");
    }
}

/// The `search-merge` alias now refuses a missing search shard (exit 1; it printed the gap
/// and exited 0 before) and a shard given twice (exit 1, was 3), and re-checks the
/// counterexample.
#[test]
fn search_merge_alias_refuses_a_missing_shard() {
    let dir = scratch_dir("shard-search");
    let files: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let shard = format!("{k}/2");
            let (code, out, err) = dpcert(&[
                "search",
                "WYZ-S5",
                "--max-size",
                "2",
                "--shard",
                &shard,
                "--json",
            ]);
            assert_eq!(code, 0, "{err}");
            let f = dir.join(format!("s{k}.json"));
            std::fs::write(&f, out).unwrap();
            f
        })
        .collect();
    let (f1, f2) = (files[0].to_str().unwrap(), files[1].to_str().unwrap());
    let (code, _, err) = dpcert(&["search-merge", f1]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("missing shard(s) 2/2"), "{err}");
    let (code, _, err) = dpcert(&["search-merge", f1, f1]);
    assert_eq!(code, 1, "{err}");
    let (code, out, err) = dpcert(&["merge", f1, f2]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("re-checked"), "{out}");
    // a counterexample whose side was changed does not re-check
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(f1).unwrap()).unwrap();
    let which = if v["result"] == "fails" { 0 } else { 1 };
    let mut path = files[which].clone();
    if which == 1 {
        v = serde_json::from_str(&std::fs::read_to_string(f2).unwrap()).unwrap();
    }
    v["counterexample"]["instance"] = "n=99".into();
    path.set_extension("tampered.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let other = if which == 0 { f2 } else { f1 };
    let (code, _, err) = dpcert(&["search-merge", path.to_str().unwrap(), other]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("does not re-check"), "{err}");
}
