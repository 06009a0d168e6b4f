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
