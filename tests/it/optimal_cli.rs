//! Issue 29 end to end: `dpcert optimal` (its output is a file `audit` reads), `audit --gain`,
//! and the warnings that replace silent readings (edge lists, LP files, `--rationalize`).

use crate::common::{dpcert as run, scratch_file};
use std::path::PathBuf;

fn file(name: &str, text: &str) -> PathBuf {
    scratch_file("optimal", name, text)
}

/// The example: P5 at e^ε = 2, prior (1/2, 1/4, 1/8, 1/16, 1/16), identity gain: 25/48,
/// the truncated geometric mechanism's value. The text output is read back by `audit`, whose
/// posterior Bayes vulnerability is the same 25/48 and whose DP level on the path is 2.
#[test]
fn optimal_round_trips_through_audit() {
    let prior = file("prior5.csv", "1/2 1/4 1/8 1/16 1/16\n");
    let p = prior.to_str().unwrap();
    let args = [
        "optimal", "--graph", "path:5", "--t", "2", "--prior", p, "--gain", "identity",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("# maximum expected gain: 25/48"), "{out}");
    assert!(
        out.contains("# the optimum is attained by the truncated geometric mechanism"),
        "{out}"
    );
    assert!(out.contains("certificate re-checked"), "{out}");
    let m = file("m5.csv", &out);
    let (code, a, err) = run(&[
        "audit",
        m.to_str().unwrap(),
        "--adjacency",
        "path:5",
        "--prior",
        p,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["bayes"]["posterior"], "25/48");
    assert_eq!(v["bayes"]["prior"], "1/2");
    assert_eq!(v["bayes"]["add_leakage"], "1/48");
    assert_eq!(v["dp"]["e_eps"], "2");
    // The JSON output has the mechanism under "rows": `audit` reads it as it is.
    let mut j = args.to_vec();
    j.push("--json");
    let (code, out, _) = run(&j);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimum"], "25/48");
    let mj = file("m5.json", &out);
    let (code, a, err) = run(&["audit", mj.to_str().unwrap(), "--prior", p, "--json"]);
    assert_eq!(code, 0, "{err}");
    let w: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(w["bayes"]["posterior"], "25/48");
}

/// Issue 42 item 14: on a count query (path:4, e^ε = 3/2, uniform prior, abs loss) the
/// truncated geometric mechanism is beaten as it is, and followed by its best remap it attains
/// the optimum (Ghosh–Roughgarden–Sundararajan), said in text and in `--json`, where the remap
/// rebuilt from its map has the optimum's value.
#[test]
fn best_remap_of_the_geometric_mechanism_attains_the_optimum() {
    let args = [
        "optimal", "--graph", "path:4", "--t", "3/2", "--prior", "uniform", "--loss", "abs",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .find(|l| l.contains("truncated geometric"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("the optimum beats the truncated geometric mechanism by"),
        "{line}"
    );
    assert!(line.contains("followed by its best remap ("), "{line}");
    assert!(line.contains("it attains the optimum"), "{line}");
    let mut j = args.to_vec();
    j.push("--json");
    let (code, out, err) = run(&j);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let geo = &v["comparisons"][0];
    assert_eq!(geo["mechanism"], "truncated geometric mechanism");
    assert_ne!(geo["gap"], "0");
    let r = &geo["best_remap"];
    assert_eq!(r["attains_optimum"], true, "{r}");
    assert_eq!(r["value"], v["optimum"]);
    assert_eq!(r["gap"], "0");
    assert!(
        r["certificate"].as_str().unwrap().contains("re-checked"),
        "{r}"
    );
    // The remap is a map of the 4 outputs into the 4 outputs.
    let map: Vec<u64> = r["map"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z.as_u64().unwrap())
        .collect();
    assert!(map.len() == 4 && map.iter().all(|&z| z < 4), "{map:?}");
}

/// Uniform prior on the Hamming graph H(2,2) (the 4-cycle): the orbit reduction is chosen and
/// said, and AACP's mechanism c·t^(-d) attains the optimum t²/(1+t)² = 4/9 at t = 2.
#[test]
fn symmetric_problems_use_the_orbit_reduction() {
    let (code, out, err) = run(&[
        "optimal",
        "--graph",
        "hamming:2,2",
        "--t",
        "2",
        "--prior",
        "uniform",
        "--gain",
        "identity",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("# maximum expected gain: 4/9"), "{out}");
    assert!(out.contains("orbit reduction (automatic"), "{out}");
    assert!(
        out.contains("the optimum is attained by the mechanism c·t^(-d(x,y)) of AACP eq. (6)"),
        "{out}"
    );
    // Expected Hamming loss, minimised: the same mechanism, 2·(1/3)(2/3)... = 2/3.
    let (code, out, err) = run(&[
        "optimal",
        "--graph",
        "hamming:2,2",
        "--t",
        "2",
        "--prior",
        "uniform",
        "--loss",
        "hamming",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("# minimum expected loss: 2/3"), "{out}");
}

#[test]
fn optimal_bad_input() {
    let prior3 = file("prior3.csv", "1/3,1/3,1/3\n");
    let gain = file("gain23.csv", "1,0,0\n0,1,0\n");
    let p3 = prior3.to_str().unwrap();
    let g = gain.to_str().unwrap();
    let table: &[(&[&str], i32, &str)] = &[
        (
            &[
                "--graph", "path:3", "--t", "1/2", "--prior", "uniform", "--gain", "identity",
            ],
            2,
            "t = e^eps must be >= 1",
        ),
        (
            &["--graph", "path:3", "--t", "2", "--prior", "uniform"],
            2,
            "exactly one of --loss",
        ),
        (
            &[
                "--graph", "path:3", "--t", "2", "--prior", "uniform", "--loss", "abs", "--gain",
                "identity",
            ],
            2,
            "exactly one",
        ),
        (
            &[
                "--graph", "path:4", "--t", "2", "--prior", p3, "--gain", "identity",
            ],
            3,
            "prior of length 3",
        ),
        (
            &["--graph", "path:3", "--t", "2", "--prior", p3, "--gain", g],
            3,
            "must be 3 × 3",
        ),
        (
            &[
                "--graph", "path:3", "--t", "2", "--prior", "uniform", "--loss", "hamming",
            ],
            2,
            "needs --graph hamming",
        ),
        (
            &[
                "--graph",
                "path:3",
                "--t",
                "2",
                "--prior",
                "nofile.csv",
                "--loss",
                "abs",
            ],
            2,
            "neither `uniform`",
        ),
    ];
    for (args, want, msg) in table {
        let mut a = vec!["optimal"];
        a.extend_from_slice(args);
        let (code, _, err) = run(&a);
        assert_eq!(code, *want, "{args:?}: {err}");
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// `audit --gain`: the g-vulnerabilities of RR(3) (e^ε = 3) under a uniform prior with a gain
/// that pays 2 for guessing 0, 1 for guessing 1 and 1/4 for not guessing; by hand: prior
/// max(1, 1/2, 1/4) = 1, posterior 3/4 + 3/8 = 9/8.
#[test]
fn audit_gain_is_exact() {
    let w = file("rr.csv", "3/4,1/4\n1/4,3/4\n");
    let g = file("g.csv", "2 0\n0 1\n1/4 1/4\n");
    let (code, out, err) = run(&[
        "audit",
        w.to_str().unwrap(),
        "--gain",
        g.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let gl = &v["g_leakage"];
    assert_eq!(gl["prior"], "1");
    assert_eq!(gl["posterior"], "9/8");
    assert_eq!(gl["add_leakage"], "1/8");
    assert_eq!(gl["mult_leakage"], "9/8");
    assert_eq!(gl["mult_capacity"], "3/2");
    let (code, out, _) = run(&["audit", w.to_str().unwrap(), "--gain", g.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains("g-vulnerability (uniform prior, 3 guesses): prior 1, posterior 9/8; add_leakage 1/8, mult_leakage 9/8; mult_capacity 3/2"),
        "{out}"
    );
    let bad = file("g3.csv", "1,0,0\n");
    let (code, _, err) = run(&[
        "audit",
        w.to_str().unwrap(),
        "--gain",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("g3.csv") && err.contains("row 1 (1-based) has 3 entries, expected 2"),
        "{err}"
    );
}

/// Valid but probably unmeant readings are warned about on stderr and in `--json`.
#[test]
fn silent_traps_warn() {
    // 3-subsets written as digits: integer labels, 346 vertices, disconnected.
    let edges = file("kneser.txt", "012 345\n013 245\n");
    let (code, out, err) = run(&["graph", edges.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning") && err.contains("leading zero"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["warnings"][0]
            .as_str()
            .unwrap()
            .contains("`012` is vertex 12"),
        "{v}"
    );
    // A misspelt LP variable.
    let lp = file(
        "typo.lp",
        "Maximize\n obj: x1 + 2 x2 + 3 x3\nSubject To\n c1: x1 + x2 + xx3 <= 4\n c2: x3 <= 1\n c3: x1 + x2 <= 3\nEnd\n",
    );
    let (code, out, err) = run(&["lp", lp.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("variable `xx3` appears only once"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["warnings"][0]
            .as_str()
            .unwrap()
            .contains("misspelling of `x3`"),
        "{v}"
    );
    // --rationalize says whose level is reported.
    let rr = file("rr_float.csv", "0.75,0.25000000000000001\n0.25,0.75\n");
    let (code, out, err) = run(&["audit", rr.to_str().unwrap(), "--rationalize", "1000000"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the measures below are of the rationalized matrix"),
        "{out}"
    );
    assert!(err.contains("warning"), "{err}");
    // numpy's savetxt default (spaces, scientific notation) is read.
    let np = file(
        "np.txt",
        "7.500000000000000000e-01 2.500000000000000000e-01\n2.5e-01 7.5e-01\n",
    );
    let (code, out, err) = run(&["audit", np.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dp"]["e_eps"], "3");
}

/// `list` aligns its columns on the longest entry of each.
#[test]
fn list_columns_align() {
    let (code, out, _) = run(&["list"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let col = |l: &str, word: &str| l.find(word);
    let header = lines[0];
    let (p, e) = (
        col(header, "PAPER").unwrap(),
        col(header, "EXPECT").unwrap(),
    );
    for l in &lines[1..] {
        // The paper slug starts under PAPER and the expectation under EXPECT.
        assert_eq!(l.chars().nth(p - 1), Some(' '), "{l}");
        assert_ne!(l.chars().nth(p), Some(' '), "{l}");
        assert_ne!(l.chars().nth(e), Some(' '), "{l}");
        assert_eq!(l.chars().nth(e - 1), Some(' '), "{l}");
    }
}

/// Issue 46 items 3–4: `optimal --curve-t T1,T2` prints the optimum for every t as exact
/// pieces. Two secrets, one edge, uniform prior, |y − x|: 1/(1 + t) by hand (randomized
/// response), one piece; path 0 − 1 − 2 with the graph loss breaks at the golden ratio.
#[test]
fn curve_t_prints_the_optimum_as_exact_pieces() {
    let base = [
        "optimal", "--graph", "path:2", "--prior", "uniform", "--loss", "abs",
    ];
    let with = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(extra);
        run(&a)
    };
    let (code, out, err) = with(&["--curve-t", "1,5", "--csv"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "t_lo,t_hi,exact_piece,t_lo_decimal,t_hi_decimal,value_at_t_lo,value_at_t_hi\n\
         1,5,1/(t+1),1.000000000000,5.000000000000,0.500000000000,0.166666666667\n"
    );
    let (code, out, err) = with(&["--curve-t", "1,5"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  t in [1, 5] (eps in [0.000000000000, 1.609437912435]): loss = 1 / (t + 1), from 1/2 (≈ 0.500000000000) to 1/6 (≈ 0.166666666667)\n"),
        "{out}"
    );
    let (code, out, err) = with(&["--curve-t", "1,5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let p = &doc["curve"]["pieces"][0];
    assert_eq!(p["t_lo"], "1");
    assert_eq!(p["exact"], "1 / (t + 1)");
    assert_eq!(p["value_at_t_hi"], "1/6");
    let (code, out, err) = run(&[
        "optimal",
        "--graph",
        "path:3",
        "--prior",
        "uniform",
        "--loss",
        "graph",
        "--curve-t",
        "1,10",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pieces = doc["curve"]["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 2);
    assert_eq!(pieces[0]["exact"], "2/3");
    assert_eq!(pieces[0]["t_hi"]["root_of"], "t^2 - t - 1");
    assert_eq!(pieces[1]["t_lo"], pieces[0]["t_hi"]);
    assert_eq!(pieces[1]["value_at_t_hi"], "7/55");
}

/// `--time-limit SECS` stops the sweep (issue 46): exit 4, the certified pieces found so far
/// printed with where they end; spent at once, none (covered up to T1 only). Without
/// `--curve-t` the flag is a usage error.
#[test]
fn curve_t_time_limit_prints_the_pieces_so_far() {
    let base = [
        "optimal",
        "--graph",
        "path:3",
        "--prior",
        "uniform",
        "--loss",
        "graph",
        "--curve-t",
        "1,10",
    ];
    let with = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(extra);
        run(&a)
    };
    let (code, out, err) = with(&["--time-limit", "1e-9"]);
    assert_eq!(code, 4, "{err}");
    assert!(out.contains("0 pieces"), "{out}");
    assert!(
        out.contains(
            "TIME LIMIT: the sweep stopped; the pieces cover t in [1, 1] only, not up to 10"
        ),
        "{out}"
    );
    assert!(
        err.contains("time limit: the pieces cover t in [1, 1] only"),
        "{err}"
    );
    let (code, out, _) = with(&["--time-limit", "1e-9", "--json"]);
    assert_eq!(code, 4);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["curve"]["complete"], false);
    assert_eq!(doc["curve"]["covered_to"], "1");
    // A generous limit changes nothing: both pieces, complete, exit 0.
    let (code, out, err) = with(&["--time-limit", "600", "--json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["curve"]["complete"], true);
    assert_eq!(doc["curve"]["covered_to"], "10");
    assert_eq!(doc["curve"]["pieces"].as_array().unwrap().len(), 2);
    for flag in [["--time-limit", "5"], ["--plot", "x.svg"]] {
        let mut a = vec![
            "optimal", "--graph", "path:3", "--prior", "uniform", "--loss", "graph", "--t", "2",
        ];
        a.extend(flag);
        let (code, out, err) = run(&a);
        assert_eq!(code, 2, "{flag:?}: {err}");
        assert!(
            out.is_empty() && err.contains("--curve-t"),
            "{flag:?}: {err}"
        );
    }
}

/// Bad ranges and flag mixes are usage errors (exit 2), never a curve that skips a point.
#[test]
fn curve_t_refuses_bad_ranges_and_flag_mixes() {
    let base = [
        "optimal", "--graph", "path:3", "--prior", "uniform", "--loss", "abs",
    ];
    for extra in [
        &["--curve-t", "2,1"][..],
        &["--curve-t", "1/2,2"],
        &["--curve-t", "2,2"],
        &["--curve-t", "1,2", "--t", "2"],
        &["--csv", "--t", "2"],
        &["--curve-t", "1,2", "--csv", "--json"],
        &[],
    ] {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(extra);
        let (code, _, err) = run(&a);
        assert_eq!(code, 2, "{extra:?}: {err}");
    }
}
