//! `dpcert audit` end to end: exact outputs on small channels, and every kind of bad input
//! exits 3 with a one-line message naming the file, row and column (never a panic).

use crate::common::{dpcert, scratch_dir, scratch_file};
use std::path::PathBuf;

fn dir() -> PathBuf {
    scratch_dir("audit")
}

fn file(name: &str, text: &str) -> PathBuf {
    scratch_file("audit", name, text)
}

fn audit(args: &[&str]) -> (i32, String, String) {
    dpcert(&[&["audit"], args].concat())
}

#[test]
fn bsc_json_is_exact() {
    let f = file("bsc.csv", "3/4, 1/4\n0.25, 0.75\n");
    let (code, out, err) = audit(&[
        f.to_str().unwrap(),
        "--json",
        "--t",
        "2",
        "--prior",
        "uniform",
        "--adjacency",
        "hamming:1,2",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dp"]["e_eps"], "3");
    assert_eq!(v["delta_at_t"]["delta"], "1/4");
    assert_eq!(v["delta_at_t"]["witness"]["event"][0], 0);
    assert_eq!(v["min_entropy"]["leakage_ratio"], "3/2");
    assert_eq!(v["identifiability"]["e_eps"], "3");
    assert_eq!(v["distortion"]["expected_hamming"], "1/4");
    assert_eq!(v["capacity"]["met"], true);
    // Bits by default: I = 1 − h(1/4) bits = 0.18872187554086713609...
    let lo = &v["mutual_information"]["value"]["lo"];
    assert!(
        lo.as_str().unwrap().starts_with("0.1887218755408671360"),
        "{lo}"
    );
    assert_eq!(v["units"], "bits");
    // The input file is untouched.
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        "3/4, 1/4\n0.25, 0.75\n"
    );
}

#[test]
fn zero_facing_nonzero_is_infinite_and_json_input_works() {
    let f = file("z.json", r#"{"rows": [["1", "0"], ["1/2", "1/2"]]}"#);
    let (code, out, err) = audit(&[f.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dp"]["e_eps"], "inf");
    assert_eq!(v["dp"]["witness"]["x"], 1);
    assert_eq!(v["dp"]["witness"]["y"], 1);
    assert!(v.get("identifiability").is_none());
    assert!(v.get("delta_at_t").is_none());
}

#[test]
fn bad_inputs_exit_3_with_location() {
    let prior = file("prior3.csv", "1/3,1/3,1/3\n");
    let ok = file("ok.csv", "1/2,1/2\n1/2,1/2\n");
    let cases: Vec<(PathBuf, Vec<&str>, &str)> = vec![
        (
            file("sum.csv", "1/2,1/2\n1/2,2/5\n"),
            vec![],
            "row 2: row sums to 9/10",
        ),
        (
            file("neg.csv", "1/2,1/2\n3/2,-1/2\n"),
            vec![],
            "row 2, column 2 (1-based): negative",
        ),
        (
            file("ragged.csv", "1/2,1/2\n1\n"),
            vec![],
            "row 2: 1 entry, expected 2",
        ),
        (
            file("nan.csv", "1/2,x\n1/2,1/2\n"),
            vec![],
            "row 1, column 2 (1-based): not an exact",
        ),
        (file("empty.csv", ""), vec![], "empty"),
        (
            ok.clone(),
            vec!["--prior", prior.to_str().unwrap()],
            "prior of length 3, expected 2",
        ),
        (
            ok.clone(),
            vec!["--adjacency", "cycle:3"],
            "has 3 vertices but",
        ),
        (dir().join("missing.csv"), vec![], "cannot read"),
        // Issue 26: the last of two "rows" keys used to win silently.
        (
            file(
                "dup.json",
                r#"{"rows": [["1/2", "1/2"], [1, 0]], "rows": [[1, 0], [0, 1]]}"#,
            ),
            vec![],
            "duplicate key \"rows\"",
        ),
    ];
    for (path, extra, want) in cases {
        let mut args = vec![path.to_str().unwrap()];
        args.extend(extra);
        let (code, out, err) = audit(&args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(
            err.contains(path.file_name().unwrap().to_str().unwrap())
                || err.contains("prior3")
                || err.contains("ok.csv"),
            "{err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // Usage errors exit 2.
    let (code, _, _) = audit(&[ok.to_str().unwrap(), "--t", "abc"]);
    assert_eq!(code, 2);
    let (code, _, _) = audit(&[ok.to_str().unwrap(), "--adjacency", "nosuchspec"]);
    assert_eq!(code, 2);
}

/// Issue 16: integer labels in an edge list are row indices. `1 2` / `0 1` is the path 0-1-2,
/// so the level is the one on the path (recomputed below), never the level 5 between the
/// non-neighbours 0 and 2.
#[test]
fn edge_list_integer_labels_are_rows() {
    let w = file("w3.csv", "1/2,1/2\n1/3,2/3\n1/10,9/10\n");
    let p = file("p.txt", "1 2\n0 1\n");
    let (code, from_file, err) = audit(&[
        w.to_str().unwrap(),
        "--adjacency",
        p.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, from_spec, err) = audit(&[w.to_str().unwrap(), "--adjacency", "path:3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let a: serde_json::Value = serde_json::from_str(&from_file).unwrap();
    let b: serde_json::Value = serde_json::from_str(&from_spec).unwrap();
    assert_eq!(a["dp"], b["dp"]);
    // The level on the path 0-1-2, recomputed here with num-rational: max over the two edges,
    // both directions and both outputs of W(y|x)/W(y|x').
    use num_rational::Ratio;
    let rows = [[(1, 2), (1, 2)], [(1, 3), (2, 3)], [(1, 10), (9, 10)]];
    let r = |(n, d): (i64, i64)| Ratio::new(n, d);
    let mut best = Ratio::from_integer(0);
    for (x, y) in [(0, 1), (1, 2), (1, 0), (2, 1)] {
        for (&a, &b) in rows[x].iter().zip(&rows[y]) {
            best = best.max(r(a) / r(b));
        }
    }
    assert_eq!(a["dp"]["e_eps"], best.to_string());
    assert_eq!(best, Ratio::new(10, 3));
    let wit = (&a["dp"]["witness"]["x"], &a["dp"]["witness"]["x_prime"]);
    assert!(
        matches!(
            (wit.0.as_u64(), wit.1.as_u64()),
            (Some(1), Some(2)) | (Some(2), Some(1))
        ),
        "{wit:?}"
    );

    // Named labels: the numbering is printed.
    let named = file("named.txt", "b c\na b\n");
    let (code, out, err) = audit(&[w.to_str().unwrap(), "--adjacency", named.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("label→row: b→0 c→1 a→2"), "{out}");
}

/// Issue 16: JSON numbers are exact; a literal past f64 precision is not rounded to 1/2.
#[test]
fn json_number_past_f64_precision_is_rejected() {
    let f = file(
        "pastf64.json",
        r#"{"rows":[[0.50000000000000000001,0.5],[0.25,0.75]]}"#,
    );
    let (code, out, err) = audit(&[f.to_str().unwrap()]);
    assert_eq!(code, 3, "{out}");
    assert!(
        err.contains("row 1") && err.contains("not exactly 1"),
        "{err}"
    );
}

/// Issue 16: an edge list declaring an absurd vertex count is refused, not an allocation abort.
#[test]
fn huge_edge_list_is_refused() {
    let w = file("w2.csv", "1/2,1/2\n1/3,2/3\n");
    let g = file("huge.txt", "vertices 99999999999\n0 1\n");
    let (code, _, err) = audit(&[w.to_str().unwrap(), "--adjacency", g.to_str().unwrap()]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("more than 65536 vertices"), "{err}");
}

/// Issue 16: ε spoken directly. Randomized response W = [[3/4,1/4],[1/4,3/4]]: by the
/// definition δ(ε) = max over ordered pairs of Σ_y (W(y|x) − e^ε W(y|x'))^+ = 3/4 − e^ε/4 for
/// e^ε < 3 and 0 beyond; the smallest e^ε with δ ≤ 1/10 solves 3/4 − t/4 = 1/10.
#[test]
fn eps_table_and_eps_for_delta() {
    let f = file("rr.csv", "3/4,1/4\n1/4,3/4\n");
    let (code, out, err) = audit(&[
        f.to_str().unwrap(),
        "--eps",
        "0, 1, 2",
        "--delta",
        "1/10",
        "--json",
        "--units",
        "nats",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["delta_at_eps"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["exact_rational"], "1/2");
    assert_eq!(rows[1]["delta"], "3/4 - 1/4·e^1");
    // (3 − e)/4 = 0.0704295428852387...
    assert!(rows[1]["enclosure"]["lo"]
        .as_str()
        .unwrap()
        .starts_with("0.07042954288"));
    assert_eq!(rows[2]["exact_rational"], "0"); // e^2 > 3
    assert_eq!(v["eps_for_delta"]["e_eps"], "13/5");
    assert_eq!(v["units"], "nats");
    assert!(v["mutual_information"]["value"].is_object());
    // Issue 42 item 16: the exact form is in the JSON, in the units of the enclosure.
    assert_eq!(v["mutual_information"]["log"], "ln");
    let exact = v["mutual_information"]["value"]["exact"].as_str().unwrap();
    assert!(exact.contains("ln(") && !exact.contains("log2("), "{exact}");
    // Text form names the units and the exact form.
    let (code, out, _) = audit(&[f.to_str().unwrap(), "--eps", "1"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("delta at eps = 1: 3/4 - 1/4·e^1 ∈ [0.070429542885, 0.070429542886]"),
        "{out}"
    );
    assert!(out.contains("information in bits"), "{out}");
    let mi = out
        .lines()
        .find(|l| l.contains("mutual information"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        mi.contains("bits; exactly ") && mi.contains("log2("),
        "{mi}"
    );
}

/// Issue 16: bad flag values exit 2 with a message naming the flag; t = e^ε below 1 and 0 are
/// rejected (issue 43: by `crate::params`' one rule, in clap's message naming the flag).
#[test]
fn bad_flag_values_exit_2() {
    let f = file("rr2.csv", "3/4,1/4\n1/4,3/4\n");
    for (args, want) in [
        (
            vec!["--t", "0"],
            "'0' for '--t <T>': t = e^eps must be >= 1",
        ),
        (vec!["--t", "1/2"], "must be >= 1, got 1/2"),
        (vec!["--t=-1"], "must be >= 1, got -1"),
        (
            vec!["--eps", "1,-1"],
            "'--eps <EPS>': eps must be >= 0, got -1",
        ),
        (vec!["--eps", "e"], "'--eps <EPS>': eps `e`"),
        (vec!["--delta", "2"], "[0, 1]"),
        (vec!["--units", "hartleys"], "bits"),
        (vec!["--rationalize", "0"], "at least 1"),
        // Issue 46 item 4: the range of --curve-t, named with its value.
        (vec!["--curve-t", "1/2,2"], "must be >= 1, got 1/2"),
        (vec!["--curve-t", "3,2"], "T1 < T2, got 3,2"),
        (vec!["--curve-t", "2,2"], "T1 < T2, got 2,2"),
        (vec!["--curve-t", "2"], "`2`: expected T1,T2"),
        (vec!["--curve-t", "1,x"], "t `x`"),
        (vec!["--csv"], "--curve-t"),
        (vec!["--curve-t", "1,2", "--csv", "--json"], "--json"),
    ] {
        let mut all = vec![f.to_str().unwrap()];
        all.extend(args.iter().copied());
        let (code, out, err) = audit(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// Issue 16: float-written rows (numpy: 0.1 + 0.2 = 0.30000000000000004) are refused with a
/// pointer to `--rationalize`, which rounds them to k/DENOM and prints the largest change; a
/// row far from 1 stays an error.
#[test]
fn rationalize_is_explicit_and_reported() {
    let noisy = "0.1,0.2,0.7\n0.30000000000000004,0.3,0.4\n";
    let f = file("np.csv", noisy);
    let (code, _, err) = audit(&[f.to_str().unwrap()]);
    assert_eq!(code, 3);
    assert!(
        err.contains("row 2") && err.contains("--rationalize"),
        "{err}"
    );

    let (code, out, err) = audit(&[f.to_str().unwrap(), "--rationalize", "1000"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "rationalized to denominator 1000: 1 entry changed, largest change 1/25000000000000000"
        ),
        "{out}"
    );
    assert!(out.contains("row 2, column 1"), "{out}");
    // The audited channel is the rounded one: rows (1/10,1/5,7/10), (3/10,3/10,2/5), so the
    // level is max ratio 3 at output 0.
    let (code, out, _) = audit(&[f.to_str().unwrap(), "--rationalize", "1000", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dp"]["e_eps"], "3");
    assert_eq!(v["rationalized"][0]["file"], f.to_str().unwrap());
    assert_eq!(
        v["rationalized"][0]["largest_change"],
        "1/25000000000000000"
    );
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        noisy,
        "input untouched"
    );

    // A prior written as one column is rounded as one distribution.
    let column = file(
        "prior_col.csv",
        "0.33333333333333333\n0.66666666666666667\n",
    );
    let (code, out, err) = audit(&[
        f.to_str().unwrap(),
        "--rationalize",
        "3",
        "--prior",
        column.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let key = column.to_str().unwrap();
    let prior = v["rationalized"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["file"] == key)
        .unwrap_or_else(|| panic!("{key} not in {}", v["rationalized"]));
    assert_eq!(prior["largest_change"], "1/300000000000000000");

    let far = file("far.csv", "0.5,0.4\n0.5,0.5\n");
    let (code, _, err) = audit(&[far.to_str().unwrap(), "--rationalize", "1000"]);
    assert_eq!(code, 3);
    assert!(err.contains("row 1 sums to 9/10"), "{err}");
}

/// Issue 31: the complete adjacency on 6,000 inputs lists 17,997,000 pairs; with
/// `--max-memory 64M` the audit is refused before allocating them (exit 3, a message naming
/// the estimate, the pair list and the flag); a bad size is a usage error.
#[test]
fn memory_estimate_refuses_before_allocating() {
    let rows: String = (0..6000)
        .map(|i| if i % 2 == 0 { "1/2,1/2\n" } else { "1/3,2/3\n" })
        .collect();
    let f = file("wide.csv", &rows);
    let (code, out, err) = audit(&[f.to_str().unwrap(), "--max-memory", "64M"]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(err.contains("6000 inputs × 2 outputs needs about"), "{err}");
    assert!(err.contains("17997000 neighbour pairs"), "{err}");
    assert!(err.contains("above the limit of 64.0 MiB"), "{err}");
    assert!(err.contains("--max-memory"), "{err}");
    assert!(out.is_empty());
    for bad in ["0", "-1", "12Q", "lots"] {
        let flag = format!("--max-memory={bad}");
        let (code, _, err) = audit(&[f.to_str().unwrap(), &flag]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--max-memory"), "{bad}: {err}");
    }
}

/// Issue 31: `--time-limit` stops with exit 4 and names the stage; a generous limit changes
/// nothing.
#[test]
fn time_limit_exits_4_naming_the_stage() {
    let rows: String = (0..300)
        .map(|i| format!("{}/1000,{}/1000\n", 1 + i, 999 - i))
        .collect();
    let f = file("tall.csv", &rows);
    let (code, out, err) = audit(&[f.to_str().unwrap(), "--time-limit", "0.000001"]);
    assert_eq!(code, 4, "{out}{err}");
    assert!(err.contains("time limit reached during"), "{err}");
    assert!(out.is_empty());
    let (code, _, err) = audit(&[f.to_str().unwrap(), "--time-limit", "600", "--eps", "1/2,1"]);
    assert_eq!(code, 0, "{err}");
}

/// `--stats` prints one line per stage on stderr (reading, each measure, printing) and the
/// total; stdout is the same report as without it.
#[test]
fn stats_name_every_stage_and_leave_stdout_alone() {
    let f = file("stats.csv", "3/4, 1/4\n1/4, 3/4\n");
    let path = f.to_str().unwrap();
    let (code, plain, _) = audit(&[path, "--json"]);
    assert_eq!(code, 0);
    let (code, out, err) = audit(&[path, "--json", "--stats", "--eps", "1"]);
    assert_eq!(code, 0, "{err}");
    let with_eps = audit(&[path, "--json", "--eps", "1"]).1;
    assert_eq!(out, with_eps);
    assert_ne!(plain, with_eps);
    for stage in [
        "wall time per stage",
        "reading and parsing",
        "DP level",
        "delta at eps = 1",
        "mutual information",
        "Shannon capacity: float hint",
        "Shannon capacity: certified bracket",
        "printing the report",
        "in all",
    ] {
        assert!(err.contains(stage), "{stage} missing from:\n{err}");
    }
}

/// Issue 46 item 4: `--curve-t T1,T2` prints δ(t) as exact pieces. Binary randomized response
/// at e^ε = 3, by hand: δ(t) = 3/4 − t/4 on [1, 3] (the event {0} of x = 0 against x' = 1), 0
/// beyond; the rows P = (1/2, 3/10, 1/5), Q = (1/10, 1/5, 7/10): (1, 0)'s 7/10 − t/5 until it
/// crosses (0, 1)'s 1/2 − t/10 at t = 2, then that line until its ratio 5.
#[test]
fn curve_t_prints_exact_pieces() {
    let rr = file("rr_curve.csv", "3/4,1/4\n1/4,3/4\n");
    let rr = rr.to_str().unwrap();
    let (code, out, err) = audit(&[rr, "--curve-t", "1,4", "--csv"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,delta_at_t_hi\n\
         1,3,3/4,1/4,3/4 - 1/4*t,0.500000000000,0.000000000000\n\
         3,4,0,0,0,0.000000000000,0.000000000000\n"
    );
    let (code, out, err) = audit(&[rr, "--curve-t", "1,4"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("delta(t) for t = e^eps in [1, 4] (eps = ln t in [0.000000000000, 1.386294361120]), 2 pieces (exact; delta = a - b·t on each):\n"),
        "{out}"
    );
    assert!(
        out.contains("  t in [1, 3] (eps in [0.000000000000, 1.098612288669]): delta = 3/4 - 1/4·t, from 1/2 (≈ 0.500000000000) to 0 (≈ 0.000000000000); attained at x = 0, x' = 1, event A = [0]\n"),
        "{out}"
    );
    assert!(
        out.contains("  t in [3, 4] (eps in [1.098612288668, 1.386294361120]): delta = 0, from 0 (≈ 0.000000000000) to 0 (≈ 0.000000000000); no event has positive delta\n"),
        "{out}"
    );
    let m = file("m3_curve.csv", "1/2,3/10,1/5\n1/10,1/5,7/10\n");
    let (code, out, err) = audit(&[m.to_str().unwrap(), "--curve-t", "1,6", "--json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let c = &doc["curve"];
    assert_eq!(
        (c["t_lo"].as_str(), c["t_hi"].as_str()),
        (Some("1"), Some("6"))
    );
    let rows: Vec<(String, String, String, String, u64, u64)> = c["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap().to_string();
            let w = &p["witness"];
            (
                s("t_lo"),
                s("t_hi"),
                s("a"),
                s("b"),
                w["x"].as_u64().unwrap(),
                w["x_prime"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("1", "2", "7/10", "1/5", 1, 0),
        ("2", "5", "1/2", "1/10", 0, 1),
        ("5", "6", "0", "0", 0, 1),
    ];
    assert_eq!(rows.len(), want.len());
    for (got, want) in rows.iter().zip(want) {
        assert_eq!(
            (
                got.0.as_str(),
                got.1.as_str(),
                got.2.as_str(),
                got.3.as_str(),
                got.4,
                got.5
            ),
            want
        );
    }
    assert_eq!(c["pieces"][0]["exact"], "7/10 - 1/5*t");
    assert_eq!(c["pieces"][1]["delta_at_t_lo"], "3/10");
    assert_eq!(c["pieces"][1]["eps_lo"]["exact"], "ln(2)");
}
