//! `dpcert lp FILE --certificate OUT` (issue 44, first slice; docs/certificates.md): every
//! example LP gets a certificate document that the independent checker
//! (`checker/dpcert_check.py`) accepts, and the checker's committed fixtures are exactly what
//! dpcert writes today.

use crate::common::{dpcert, scratch_dir};
use std::path::Path;
use std::process::Command;

/// The repository's example LPs that dpcert answers (tests/fixtures/lp/malformed.lp is refused).
const LPS: &[&str] = &[
    "examples/small.lp",
    "tests/fixtures/lp/bounds.lp",
    "tests/fixtures/lp/infeasible.lp",
    "tests/fixtures/lp/not_symmetric.lp",
    "tests/fixtures/lp/symmetric.lp",
    "tests/fixtures/lp/two_rows.lp",
    "tests/fixtures/lp/unbounded.lp",
    "checker/tests/fixtures/equality.lp",
];

fn read_json(p: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Write the certificate of `lp` to `out`; the document.
fn certify(lp: &str, out: &Path) -> serde_json::Value {
    let (code, _, err) = dpcert(&["lp", lp, "--certificate", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{lp}: {err}");
    read_json(out)
}

#[test]
fn every_example_lp_gets_a_certificate_the_checker_accepts() {
    let dir = scratch_dir("certificates");
    for lp in LPS {
        let stem = Path::new(lp).file_stem().unwrap().to_str().unwrap();
        let doc = certify(lp, &dir.join(format!("{stem}.cert.json")));
        assert_eq!(doc["certificate_version"], 1, "{lp}");
        let rec = &doc["records"][0];
        assert_eq!(rec["kind"], "lp", "{lp}");
        assert_eq!(rec["source"], *lp);
        // The record's status is the one `lp --json` reports.
        let (_, out, _) = dpcert(&["lp", lp, "--json"]);
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(rec["answer"]["status"], report["status"], "{lp}");
    }
    let python = Command::new("python3").arg("--version").output();
    if python.is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return;
    }
    let run = Command::new("python3")
        .arg("checker/dpcert_check.py")
        .arg(&dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run the checker");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!("{} file(s) checked, 0 rejection(s)", LPS.len())),
        "{stdout}"
    );
}

/// The checker's fixtures (`checker/tests/fixtures/*.cert.json`) are what `dpcert lp
/// --certificate` writes for the LP files beside them; regenerate them (from that folder, so
/// that `source` is the bare file name) when this fails after an intended change.
#[test]
fn checker_fixtures_are_what_dpcert_writes() {
    let dir = scratch_dir("certificates-fixtures");
    for stem in ["two_rows", "infeasible", "unbounded", "equality"] {
        let lp = format!("checker/tests/fixtures/{stem}.lp");
        let mut now = certify(&lp, &dir.join(format!("{stem}.cert.json")));
        let mut committed = read_json(Path::new(&format!(
            "{}/checker/tests/fixtures/{stem}.cert.json",
            env!("CARGO_MANIFEST_DIR")
        )));
        for doc in [&mut now, &mut committed] {
            doc["records"][0]["source"] = serde_json::Value::Null;
            doc["producer"] = serde_json::Value::Null;
        }
        assert_eq!(now, committed, "{stem}");
    }
}

#[test]
fn no_certificate_for_a_refused_file_and_a_clear_error_for_an_unwritable_one() {
    let dir = scratch_dir("certificates-refused");
    let out = dir.join("malformed.cert.json");
    let (code, _, err) = dpcert(&[
        "lp",
        "tests/fixtures/lp/malformed.lp",
        "--certificate",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(!out.exists());
    let bad = dir.join("no-such-dir").join("x.cert.json");
    let (code, _, err) = dpcert(&[
        "lp",
        "tests/fixtures/lp/two_rows.lp",
        "--certificate",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("cannot write") && err.contains("x.cert.json"),
        "{err}"
    );
    // `check --file --certificates DIR` where one claim's file cannot be written (a directory
    // stands at its path): the other claims are written, the run exits 3 (it exited 0)
    let certs = dir.join("file-certs");
    let blocked = certs.join("VAD-4(a)-t.cert.json");
    std::fs::create_dir_all(&blocked).unwrap();
    let (code, _, err) = dpcert(&[
        "check",
        "--file",
        "examples/claims-in-t.toml",
        "--certificates",
        certs.to_str().unwrap(),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("VAD-4(a)-t") && err.contains("cannot write"),
        "{err}"
    );
    assert!(std::fs::read_dir(&certs).unwrap().count() > 2);
}

/// The `sturm` fixtures of the checker's tests: (file stem, claim). `dpcert check --certificate`
/// writes them (issue 44 item 1); `DPCERT_REGENERATE=1` rewrites the committed copies.
const STURM: &[(&str, &str)] = &[
    (
        "sturm_unbounded",
        "forall t > 1: (t - 1)/(t + 1) = 1 - 2/(t + 1)",
    ),
    (
        "sturm_closed",
        "forall t in [0, 1]: t*(1 - t) >= 0 and t^2 <= t",
    ),
    (
        "sturm_open_end",
        "forall t in (2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)",
    ),
    (
        "sturm_powers",
        "forall t >= 0: (t + 1)^-2 > 0 and t/(t + 1) < 1",
    ),
];

/// The `empty_range` fixtures of the checker's tests (checker/tests/test_empty_range.py): (file
/// stem, claim), by `dpcert check --certificate`; `DPCERT_REGENERATE=1` rewrites them. A top-level
/// range of t empty at n = 3, 4 (vacuous instances), and a nested one empty at each k.
const EMPTY_RANGE: &[(&str, &str)] = &[
    ("empty_range_top", "forall n in 1..4, t in [n, 3): t < 3"),
    (
        "empty_range_nested",
        "forall k in 1..2: forall t in (k, 1]: 0 > 1",
    ),
];

fn run_checker(path: &Path) -> (Option<i32>, String) {
    let run = Command::new("python3")
        .arg("checker/dpcert_check.py")
        .arg(path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run the checker");
    (
        run.status.code(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
    )
}

/// Runs `verify --certificates DIR IDS` (exit 0), checks that each claim's `claim` record says
/// certified, and returns each claim's records (the `claim` record first).
fn verify_certified(dir: &Path, ids: &[&str]) -> Vec<Vec<serde_json::Value>> {
    let mut args = vec!["verify", "--certificates", dir.to_str().unwrap()];
    args.extend(ids);
    let (code, _, err) = dpcert(&args);
    assert_eq!(code, 0, "{err}");
    ids.iter()
        .map(|id| {
            let doc = read_json(&dir.join(format!("{id}.cert.json")));
            let recs = doc["records"].as_array().unwrap().clone();
            assert_eq!(recs[0]["certified"], true, "{id}: {}", recs[0]);
            recs
        })
        .collect()
}

/// The independent checker accepts every certificate in `dir` and counts `n` claims, all
/// certified (skipped, with a note, where python3 is missing).
fn checker_certifies_all(dir: &Path, n: usize) {
    if let Some(stdout) = checker_summary(dir) {
        let want = format!("claims: {n} certified, 0 not certified");
        assert!(stdout.contains(&want), "{stdout}");
    }
}

/// `dpcert_check.py --summary DIR`'s output, after asserting that it accepted every file
/// (None, with a note, where python3 is missing).
fn checker_summary(dir: &Path) -> Option<String> {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return None;
    }
    let run = Command::new("python3")
        .args(["checker/dpcert_check.py", "--summary"])
        .arg(dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run the checker");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert_eq!(run.status.code(), Some(0), "{stdout}");
    Some(stdout)
}

/// The `graph` fixtures: (file stem, spec) for `dpcert graph SPEC --certificate`.
const GRAPHS: &[(&str, &str)] = &[
    ("graph_petersen", "petersen"),
    ("graph_hamming", "hamming:3,2"),
    ("graph_cycle", "cycle:7"),
];

#[test]
fn check_and_graph_write_certificates_that_the_checker_accepts_and_the_fixtures_are_them() {
    let dir = scratch_dir("certificates-sturm");
    let regenerate = std::env::var_os("DPCERT_REGENERATE").is_some();
    let runs = STURM
        .iter()
        .map(|(stem, claim)| (*stem, "sturm", vec!["check", claim]))
        .chain(
            GRAPHS
                .iter()
                .map(|(stem, spec)| (*stem, "graph", vec!["graph", spec])),
        )
        .chain(
            EMPTY_RANGE
                .iter()
                .map(|(stem, claim)| (*stem, "claim", vec!["check", claim])),
        );
    for (stem, kind, mut args) in runs {
        let out = dir.join(format!("{stem}.cert.json"));
        args.extend(["--certificate", out.to_str().unwrap()]);
        let (code, _, err) = dpcert(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let mut now = read_json(&out);
        let recs = now["records"].as_array().unwrap();
        if kind == "claim" {
            // a claim record, certified, then its instances' records, some `empty_range`
            assert_eq!(recs[0]["certified"], true, "{args:?}");
            assert!(recs.iter().any(|r| r["kind"] == "empty_range"), "{args:?}");
        } else {
            assert!(recs.iter().all(|r| r["kind"] == kind), "{args:?}");
        }
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("checker/tests/fixtures")
            .join(format!("{stem}.cert.json"));
        if regenerate {
            std::fs::copy(&out, &fixture).unwrap();
        }
        let mut committed = read_json(&fixture);
        now["producer"] = serde_json::Value::Null;
        committed["producer"] = serde_json::Value::Null;
        assert_eq!(
            now, committed,
            "{stem}: DPCERT_REGENERATE=1 rewrites the fixture"
        );
        if kind == "graph" {
            let rec = &now["records"][0];
            assert_eq!(rec["vertex_transitive"], true, "{stem}");
            assert!(rec["intersection_array"].is_object(), "{stem}");
        }
    }
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return;
    }
    let (code, stdout) = run_checker(&dir);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "{} file(s) checked, 0 rejection(s)",
            STURM.len() + GRAPHS.len() + EMPTY_RANGE.len()
        )),
        "{stdout}"
    );
    // The holds_for_all records (written by src/papers.rs's test) pass too.
    let (code, stdout) = run_checker(Path::new("checker/tests/fixtures/holds_for_all.cert.json"));
    assert_eq!(code, Some(0), "{stdout}");
}

/// The 0/0 claim of issue 44 gets no certificate, nor an `exists` claim (exit 3 with the
/// reason); a symbolic claim that fails at a rational t gets one (exit 1 with the verdict), its
/// counterexample a false `compare` record of both sides there (issue 44 item 6; before, none).
#[test]
fn check_certifies_no_zero_over_zero_and_no_exists_but_a_failure_in_t() {
    let dir = scratch_dir("certificates-sturm-refused");
    let out = dir.join("x.cert.json");
    let o = out.to_str().unwrap();
    let (code, _, err) = dpcert(&[
        "check",
        "forall t in [2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)",
        "--certificate",
        o,
    ]);
    assert_ne!(code, 0, "{err}");
    assert!(!out.exists());
    let (code, _, err) = dpcert(&["check", "forall t in [0, 1]: t <= 1/2", "--certificate", o]);
    assert_eq!(code, 1, "{err}");
    let recs = read_json(&out)["records"].as_array().unwrap().clone();
    let cx = &recs[0]["counterexample"];
    assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
    // the failing t is the right side's 1/2 against a larger t of [0, 1]
    assert_eq!(cx["rhs"], "1/2");
    let t: Vec<i64> = cx["lhs"]
        .as_str()
        .unwrap()
        .split('/')
        .map(|x| x.parse().unwrap())
        .collect();
    let (n, d) = (t[0], *t.get(1).unwrap_or(&1));
    assert!(2 * n > d && n <= d, "{cx}");
    assert!(recs
        .iter()
        .any(|r| r["kind"] == "compare" && r["holds"] == false));
    std::fs::remove_file(&out).unwrap();
    let (code, _, err) = dpcert(&["check", "exists k in 1..3: k > 2", "--certificate", o]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("no certificate written") && err.contains("exists"),
        "{err}"
    );
    assert!(!out.exists());
}

/// Issue 44 item 2: a grid claim of the claim language gets a certificate (it was refused with
/// exit 3): its `claim` record and each instance's deciding records, `compare` for rationals
/// and `log_linear` for a comparison of logarithms; a failing one carries its counterexample's
/// exact sides. `check --file F --certificates DIR` writes one per claim. The checker accepts
/// them all, and every claim here is certified, the 21 of the two example files included.
#[test]
fn check_writes_certificates_of_grid_claims_that_the_checker_accepts() {
    let dir = scratch_dir("certificates-grid");
    let cases = [
        (
            "exact",
            "forall k in 1..3, j in 1..2: k*j <= 6",
            0,
            "compare",
        ),
        (
            "loglinear",
            "forall n in 2..5: log2(n) <= n - 1",
            0,
            "log_linear",
        ),
        ("fails", "forall k in 1..4: k*k <= 9", 1, "compare"),
    ];
    for (stem, claim, want, kind) in cases {
        let out = dir.join(format!("{stem}.cert.json"));
        let (code, _, err) = dpcert(&["check", claim, "--certificate", out.to_str().unwrap()]);
        assert_eq!(code, want, "{claim}: {err}");
        let doc = read_json(&out);
        let recs = doc["records"].as_array().unwrap();
        assert_eq!(recs[0]["kind"], "claim", "{claim}");
        assert_eq!(recs[0]["certified"], true, "{claim}: {}", recs[0]);
        assert!(recs[1..].iter().all(|r| r["kind"] == kind), "{claim}");
        if want == 1 {
            assert_eq!(recs[0]["counterexample"]["lhs"], "16");
            assert_eq!(recs[0]["counterexample"]["rhs"], "9");
        }
    }
    let files = dir.join("files");
    certify_example_files(&files);
    assert!(std::fs::read_dir(&files).unwrap().count() > 2);
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return;
    }
    let (code, stdout) = run_checker(&dir);
    assert_eq!(code, Some(0), "{stdout}");
    // issue 44 item 6: every claim of both files, `where` filters (WYZ-D4-t,
    // QIF-refinement-theorem, -antisymmetry), `refines` and `same_hyper` included
    checker_certifies_all(&files, 21);
}

/// Claims decided by certified enclosures (VAD-3, ART-35's Shannon reading: `enclosure`
/// records) and by steps of several comparisons (CY-4's limit, XDOC-10: `claim::scan::Decider`)
/// are certified, and the checker accepts them; the enclosure record of a counterexample said
/// to hold is rejected (issue 44 items 1 and 6; none of the four was certified before).
#[test]
fn verify_certifies_enclosures_and_several_comparison_steps() {
    let dir = scratch_dir("certificates-enclosures");
    let ids = ["VAD-3", "ART-35-reading-shannon", "CY-4", "XDOC-10"];
    verify_certified(&dir, &ids);
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return;
    }
    let check = || {
        let run = Command::new("python3")
            .args(["checker/dpcert_check.py", "--summary"])
            .arg(&dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("run the checker");
        (
            run.status.code(),
            String::from_utf8_lossy(&run.stdout).to_string(),
        )
    };
    let (status, stdout) = check();
    assert_eq!(status, Some(0), "{stdout}");
    assert!(
        stdout.contains("claims: 4 certified, 0 not certified"),
        "{stdout}"
    );
    let path = dir.join("ART-35-reading-shannon.cert.json");
    let mut doc = read_json(&path);
    for rec in doc["records"].as_array_mut().unwrap() {
        if rec["kind"] == "enclosure" {
            rec["holds"] = true.into();
        }
    }
    std::fs::write(&path, doc.to_string()).unwrap();
    let (status, stdout) = check();
    assert_eq!(status, Some(1), "{stdout}");
    assert!(stdout.contains("ART-35-reading-shannon"), "{stdout}");
}

/// `verify --certificates DIR` (issue 44 item 2) on a claim that holds by exact comparison
/// (CY-5: the level of k RR copies <= t^k), one that fails (VAD-1: a strict bound attained,
/// SD = 1/10), one that holds by log-linear comparisons (CY-15), one decided by LPs (WYZ-S12,
/// whose endpoint instances carry an exact comparison or an LP-DP record: issue 44 item 6) and
/// a definition (WYZ-F1, nothing to prove): one `ID.cert.json` each, and the independent checker
/// accepts all five, counting the definition as not certified.
#[test]
fn verify_writes_claim_certificates_the_checker_accepts() {
    let dir = scratch_dir("certificates-claims");
    let ids = ["CY-5", "VAD-1", "CY-15", "WYZ-S12", "WYZ-F1"];
    let mut args = vec!["verify", "--certificates", dir.to_str().unwrap()];
    args.extend(ids);
    let (code, _, err) = dpcert(&args);
    assert_eq!(code, 0, "{err}");
    let claim = |id: &str| read_json(&dir.join(format!("{id}.cert.json")))["records"][0].clone();
    let (holds, fails, lp) = (claim("CY-5"), claim("VAD-1"), claim("WYZ-S12"));
    assert_eq!(
        (&holds["outcome"], &holds["certified"]),
        (&"holds".into(), &true.into())
    );
    assert_eq!(fails["outcome"], "fails");
    assert_eq!(fails["certified"], true, "{fails}");
    // VAD-1 claims SD < 1/10 strictly; the attained 1/10 is its counterexample, exactly.
    assert_eq!(fails["counterexample"]["lhs"], "1/10");
    assert_eq!(fails["counterexample"]["rhs"], "1/10");
    assert_eq!(claim("CY-15")["certified"], true);
    assert_eq!(lp["certified"], true, "{lp}");
    assert_eq!(claim("WYZ-F1")["missing"], "outcome:not-checkable");
    let Some(stdout) = checker_summary(&dir) else {
        return;
    };
    assert!(
        stdout.contains("5 file(s) checked, 0 rejection(s)")
            && stdout.contains("claims: 4 certified, 1 not certified")
            && stdout.contains("outcome:not-checkable: WYZ-F1"),
        "{stdout}"
    );
    // A tampered copy (the counterexample's record said to hold) is rejected.
    let path = dir.join("VAD-1.cert.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    for rec in doc["records"].as_array_mut().unwrap() {
        if rec["kind"] == "compare" && rec["holds"] == false {
            rec["holds"] = true.into();
        }
    }
    std::fs::write(&path, doc.to_string()).unwrap();
    let run = Command::new("python3")
        .args(["checker/dpcert_check.py"])
        .arg(&path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run the checker");
    assert_eq!(run.status.code(), Some(1));
}

/// The fixtures of `optimal`, `audit` and `compose --certificate` (issue 44 item 2): (file
/// stem, record kind, arguments). `DPCERT_REGENERATE=1` rewrites the committed copies.
const COMMANDS: &[(&str, &str, &[&str])] = &[
    (
        "dp_channel_reduced",
        "dp_channel",
        &[
            "optimal", "--graph", "path:5", "--t", "2", "--prior", "uniform", "--gain", "identity",
        ],
    ),
    (
        "dp_channel_full",
        "dp_channel",
        &[
            "optimal",
            "--graph",
            "path:5",
            "--t",
            "3",
            "--prior",
            "examples/prior5.csv",
            "--loss",
            "abs",
        ],
    ),
    (
        "dp_level_w3",
        "dp_level",
        &[
            "audit",
            "examples/w3.csv",
            "--eps",
            "0,1/2,1",
            "--delta",
            "1/10",
            "--t",
            "2",
        ],
    ),
    (
        "dp_level_zeros",
        "dp_level",
        &[
            "audit",
            "checker/tests/fixtures/zeros.csv",
            "--eps",
            "1/3",
            "--delta",
            "1",
        ],
    ),
    (
        "composition_rr",
        "composition",
        &[
            "compose", "rr:2:3", "--k", "10", "--eps", "0,1/2,1", "--delta", "1/1000", "--t", "2",
        ],
    ),
    (
        "composition_sequence",
        "composition",
        &[
            "compose",
            "examples/w3.csv:2,rr:3:2:3",
            "--eps",
            "1",
            "--delta",
            "1/100",
            "--t",
            "3/2",
        ],
    ),
];

#[test]
fn optimal_audit_and_compose_write_certificates_that_the_checker_accepts() {
    let dir = scratch_dir("certificates-commands");
    let regenerate = std::env::var_os("DPCERT_REGENERATE").is_some();
    for (stem, kind, args) in COMMANDS {
        let out = dir.join(format!("{stem}.cert.json"));
        let mut args = args.to_vec();
        args.extend(["--certificate", out.to_str().unwrap()]);
        let (code, _, err) = dpcert(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let mut now = read_json(&out);
        assert_eq!(now["records"][0]["kind"], *kind, "{stem}");
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("checker/tests/fixtures")
            .join(format!("{stem}.cert.json"));
        if regenerate {
            std::fs::copy(&out, &fixture).unwrap();
        }
        let mut committed = read_json(&fixture);
        now["producer"] = serde_json::Value::Null;
        committed["producer"] = serde_json::Value::Null;
        assert_eq!(
            now, committed,
            "{stem}: DPCERT_REGENERATE=1 rewrites the fixture"
        );
    }
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return;
    }
    let (code, stdout) = run_checker(&dir);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "{} file(s) checked, 0 rejection(s)",
            COMMANDS.len()
        )),
        "{stdout}"
    );
}

/// No certificate for the grid enclosure or a composition too large to recompute (exit 3,
/// with the reason), and none written.
#[test]
fn compose_certifies_no_grid_enclosure_and_no_large_support() {
    let dir = scratch_dir("certificates-commands-refused");
    let out = dir.join("x.cert.json");
    let o = out.to_str().unwrap();
    for (args, why) in [
        (
            vec![
                "compose",
                "rr:2:3",
                "--k",
                "10",
                "--enclosure",
                "--eps",
                "1",
            ],
            "grid enclosure",
        ),
        (
            vec!["compose", "rr:2:3", "--k", "2000", "--eps", "1"],
            "products",
        ),
    ] {
        let mut args = args;
        args.extend(["--certificate", o]);
        let (code, _, err) = dpcert(&args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(
            err.contains("no certificate written") && err.contains(why),
            "{err}"
        );
        assert!(!out.exists());
    }
}

/// Wang–Ying–Zhang claims whose sub-checks were booleans (issue 44 item 6) are certified by
/// the records of the values they compare: an exact identity (WYZ-D16: E_d's rows and least
/// entry), log-linear ones (WYZ-S3: mutual information against H(X)), an enumeration
/// (WYZ-D18: sphere sizes) and equivalences recorded on one side (WYZ-S4); the independent
/// checker accepts them. Before, each said `certified: false` (`method:exact`, ...).
#[test]
fn wang_ying_zhang_subchecks_are_certified() {
    let dir = scratch_dir("certificates-wyz");
    let ids = ["WYZ-D16", "WYZ-S3", "WYZ-D18", "WYZ-S4"];
    for (id, recs) in ids.iter().zip(verify_certified(&dir, &ids)) {
        let kinds: Vec<&str> = recs[1..]
            .iter()
            .filter_map(|r| r["kind"].as_str())
            .collect();
        let want = if *id == "WYZ-S3" {
            "log_linear"
        } else {
            "compare"
        };
        assert!(kinds.contains(&want), "{id}: {kinds:?}");
    }
    checker_certifies_all(&dir, 4);
}

/// Issue 44 item 6: claims decided by enumeration are certified by records that carry the
/// objects, from which the checker recomputes both sides: an `events` record per grid cell
/// (ART-D1, VAD-5: the checker enumerates the events of every pair) and a `graph` record of
/// H(n, m) per instance (WYZ-G2: its intersection array; AACP-P1: also VT+). Before, each said
/// `certified: false` (`method:enumeration`).
#[test]
fn enumeration_claims_are_certified_by_events_and_graph_records() {
    let dir = scratch_dir("certificates-enumeration");
    let ids = [
        ("ART-D1", "events"),
        ("VAD-5", "events"),
        ("WYZ-G2", "graph"),
        ("AACP-P1", "graph"),
    ];
    let names: Vec<&str> = ids.iter().map(|(id, _)| *id).collect();
    for (&(id, kind), recs) in ids.iter().zip(verify_certified(&dir, &names)) {
        assert!(
            recs[1..]
                .iter()
                .all(|r| r["kind"] == kind && r["holds"] == true),
            "{id}"
        );
    }
    checker_certifies_all(&dir, 4);
}

/// Issue 44 items 1 and 6: AACP's graph claims decided by enumeration are certified by `graphs`
/// records (a census of every graph on n vertices, or named graphs, with the claim's
/// implications, which the checker decides on every graph from the definitions), or by `graph`
/// records (H(u, v)'s edges rebuilt by the checker, its lines as maximal cliques; the Figure 1
/// and 2 graphs' arrays, rotations and VT+ sets). Before, each said `certified: false`
/// (`method:enumeration`); AACP-D8 and G5 fail, shown by the false record of their
/// counterexamples (2K2; H(1, 3) = K3, whose Aut the checker enumerates). D9, G3 and
/// G5-corrected joined later (VT+ witnesses, the Latin-square graph's census values, and
/// `single_orbit: false` by the checker's circulant-labelling search).
#[test]
fn aacp_graph_claims_are_certified_by_graphs_and_graph_records() {
    let dir = scratch_dir("certificates-aacp-graphs");
    let ids = [
        "AACP-D1",
        "AACP-D7",
        "AACP-D8",
        "AACP-D8-corrected",
        "AACP-D10",
        "AACP-D11",
        "AACP-G1",
        "AACP-G2",
        "AACP-G4",
        "AACP-G5",
        "AACP-G6",
        "AACP-G7",
        "AACP-X-06",
        "AACP-C-clique",
        "AACP-D9",
        "AACP-G3",
        "AACP-G5-corrected",
    ];
    for (id, recs) in ids.iter().zip(verify_certified(&dir, &ids)) {
        assert!(
            recs[1..]
                .iter()
                .all(|r| r["kind"] == "graphs" || r["kind"] == "graph"),
            "{id}"
        );
    }
    let d8 = read_json(&dir.join("AACP-D8.cert.json"));
    assert_eq!(d8["records"][0]["outcome"], "fails");
    assert_eq!(d8["records"][1]["holds"], false, "{}", d8["records"][1]);
    checker_certifies_all(&dir, 17);
}

/// Issue 44 item 6 (branch c44pred): AACP-F2-corrected's equivalence "V = V0 iff one
/// prior-optimal guess is optimal for every output" is shown on every instance by true
/// `compare` records of both sides (V = V0 or V > V0; each prior-optimal guess equal to the
/// column maximum at every output, or below it at one), and "independent => V = V0" by V = V0.
/// Before, the cell pushed booleans and said `certified: false` (`method:enumeration`).
#[test]
fn aacp_f2_corrected_sides_are_certified_by_compare_records() {
    let dir = scratch_dir("certificates-aacp-f2-corrected");
    let recs = verify_certified(&dir, &["AACP-F2-corrected"]);
    assert!(recs[0][1..]
        .iter()
        .all(|r| r["kind"] == "compare" && r["holds"] == true));
    assert!(recs[0][1..].iter().any(|r| r["relation"] == ">"));
    checker_certifies_all(&dir, 1);
}

/// `compose --certificate` per mechanism (issue 45 item 3): the finite ones (randomized
/// response, the discrete Laplace, and both subsamplings, whose record must hold the
/// subsampled rows: before, it held the base rows with the subsampled pairs and the checker
/// rejected it) get a `composition` record the checker accepts; the discrete Gaussian, the
/// Gaussian, Laplace and DP-SGD have no record kind yet: a usage error (exit 2) naming that,
/// and no file.
#[test]
fn compose_certificate_per_mechanism() {
    let dir = scratch_dir("certificates-compose-mechanisms");
    let written: &[&[&str]] = &[
        &["rr:2:3", "--k", "10"],
        &["dlaplace:2", "--k", "5"],
        &["dlaplace:2", "--k", "3", "--sensitivity", "2"],
        &["rr:2:3", "--k", "4", "--subsample", "poisson:1/4"],
        &["rr:3:3", "--k", "3", "--subsample", "fixed:2:4"],
    ];
    for (i, args) in written.iter().enumerate() {
        let out = dir.join(format!("m{i}.cert.json"));
        let mut a = vec!["compose"];
        a.extend_from_slice(args);
        a.extend(["--eps", "1", "--certificate", out.to_str().unwrap()]);
        let (code, _, err) = dpcert(&a);
        assert_eq!(code, 0, "{a:?}: {err}");
        assert_eq!(read_json(&out)["records"][0]["kind"], "composition");
    }
    if Command::new("python3").arg("--version").output().is_ok() {
        let (code, stdout) = run_checker(&dir);
        assert_eq!(code, Some(0), "{stdout}");
    }
    let out = dir.join("refused.cert.json");
    for (args, what) in [
        (&["dgaussian:2", "--k", "3"][..], "discrete Gaussian"),
        (&["gaussian:2", "--k", "3"], "continuous mechanism"),
        (&["laplace:1", "--k", "1"], "continuous mechanism"),
        (
            &["gaussian:1", "--k", "10", "--subsample", "poisson:1/100"],
            "continuous mechanism",
        ),
    ] {
        let mut a = vec!["compose"];
        a.extend_from_slice(args);
        a.extend(["--certificate", out.to_str().unwrap()]);
        let (code, _, err) = dpcert(&a);
        assert_eq!(code, 2, "{a:?}: {err}");
        assert!(
            err.contains("no checker record kind") && err.contains(what),
            "{err}"
        );
        assert!(!out.exists());
    }
}

/// Issue 44 items 1 and 6 (branch c44vad): VAD and CY claims certified by the record kinds that
/// exist. CY-12's cells without a close pair P != Q and VAD-C1.1's cell of infinite-level
/// mechanisms carry `out_of_range` records (`close_pair`, `finite_dp_level`) the checker
/// recomputes; CY-9-reading-L1's counterexample is its first disagreement's false `compare`
/// record; VAD-4(a)'s `tanh(ε/2) ≤ ε/2` is an `enclosure` record. Before, each said
/// `certified: false` (`outcome:out-of-range`, `method:exact`, `method:log-linear`). Branch
/// c44pred added VAD-C1.2 (its cell of infinite simulation levels: every DP level infinite)
/// VAD-P2(a) and VAD-D6 (both sides of each equivalence shown by true `compare` records: an
/// infinite level by its `dp_level` record; a simulator by its constraints, an empty box by
/// the bound that fails).
#[test]
fn vadhan_and_cuff_yu_empty_cells_and_counterexamples_are_certified() {
    let dir = scratch_dir("certificates-c44vad");
    let ids = [
        ("CY-12", "close_pair"),
        ("VAD-C1.1", "finite_dp_level"),
        ("CY-9-reading-L1", ""),
        ("VAD-4(a)", ""),
        ("VAD-C1.2", "finite_dp_level"),
        ("VAD-P2(a)", ""),
        ("VAD-D6", ""),
    ];
    let names: Vec<&str> = ids.iter().map(|(id, _)| *id).collect();
    for (&(id, hypothesis), recs) in ids.iter().zip(verify_certified(&dir, &names)) {
        if !hypothesis.is_empty() {
            assert!(recs.iter().any(|r| r["hypothesis"] == hypothesis), "{id}");
        }
    }
    let doc = read_json(&dir.join("CY-9-reading-L1.cert.json"));
    let cx = &doc["records"][0]["counterexample"];
    assert_eq!(
        (cx["lhs"].as_str(), cx["rhs"].as_str()),
        (Some("1/3"), Some("1/4"))
    );
    checker_certifies_all(&dir, 7);
}

/// VAD-P1-converse, the last checkable claim not certified (`method:exact`), is certified by
/// `induced` records of fact `bayes` (issue 44 item 6): one per distinct row channel and t of
/// each cell, all true, from which the checker recomputes the posteriors of the grid and
/// two-point priors against the channel's level.
#[test]
fn vad_p1_converse_is_certified_by_bayes_records() {
    let dir = scratch_dir("certificates-bayes");
    let recs = verify_certified(&dir, &["VAD-P1-converse"]).remove(0);
    assert!(recs.len() > 1);
    for r in &recs[1..] {
        assert_eq!(
            (r["kind"].as_str(), r["fact"].as_str(), r["holds"].as_bool()),
            (Some("induced"), Some("bayes"), Some(true)),
            "{r}"
        );
    }
    checker_certifies_all(&dir, 1);
}

/// Wang–Ying–Zhang's polynomial steps carry `sturm` records (issue 44 item 6): the identities
/// and signs in `α` of L2.s2 and X11, the threshold `α̃ ≤ 1/r_X` of X3 and `α̃ = 1/r_X` of X10
/// (none certified before: `method:polynomial`, `method:lp-certificate`); a sturm record whose
/// relation no longer follows from its sign is rejected.
#[test]
fn verify_certifies_wyz_polynomial_steps_by_sturm_records() {
    let dir = scratch_dir("certificates-wyz-sturm");
    let ids = ["WYZ-L2.s2", "WYZ-X11", "WYZ-X3", "WYZ-X10"];
    for (id, recs) in ids.iter().zip(verify_certified(&dir, &ids)) {
        assert!(recs.iter().any(|r| r["kind"] == "sturm"), "{id}");
    }
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: no python3 on PATH; the independent checker was not run");
        return;
    }
    let (status, stdout) = run_checker(&dir);
    assert_eq!(status, Some(0), "{stdout}");
    // X3's `P_y < 0 on (a, c]` said to be `P_y > 0`.
    let path = dir.join("WYZ-X3.cert.json");
    let mut doc = read_json(&path);
    let rec = doc["records"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|r| r["kind"] == "sturm" && r["rel"] == "<")
        .expect("a sturm record of P_y < 0");
    rec["rel"] = ">".into();
    std::fs::write(&path, doc.to_string()).unwrap();
    let (status, stdout) = run_checker(&dir);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(stdout.contains("WYZ-X3"), "{stdout}");
}

/// WYZ-X1, WYZ-D12, WYZ-S5 and CY-2 are certified (issue 44 item 6; before: `method:exact`,
/// `method:polynomial`): X1's and D12's feasibility at each sample and D12's `P_z(α̃) ≥ 0` by
/// `sturm` records (some on a point `[v, v]`), S5's failure by `P_y < 0` on (0, 1) and the false
/// `compare` of the claim at α = 1, CY-2 by `enclosure` and `dp_level` records. A point record
/// moved off the threshold, and the false comparison said to hold, are rejected.
#[test]
fn verify_certifies_wyz_thresholds_and_cy2() {
    let dir = scratch_dir("certificates-wyz-thresholds");
    let ids = ["WYZ-X1", "WYZ-D12", "WYZ-S5", "CY-2"];
    let recs = verify_certified(&dir, &ids);
    let has = |i: usize, kind: &str| recs[i].iter().any(|r| r["kind"] == kind);
    assert!(has(0, "sturm") && has(0, "compare"));
    assert!(has(1, "sturm") && has(2, "sturm"));
    assert!(has(3, "enclosure") && has(3, "dp_level"));
    assert_eq!(recs[2][0]["outcome"], "fails");
    checker_certifies_all(&dir, 4);
    if Command::new("python3").arg("--version").output().is_err() {
        return;
    }
    // D12: `P_y = 0` at the threshold v, moved to 1/1000 (where P_y > 0).
    let tamper = |id: &str,
                  pick: &dyn Fn(&serde_json::Value) -> bool,
                  edit: &dyn Fn(&mut serde_json::Value)| {
        let path = dir.join(format!("{id}.cert.json"));
        let mut doc = read_json(&path);
        let rec = doc["records"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|r| pick(r));
        edit(rec.unwrap_or_else(|| panic!("{id}: no record to tamper with")));
        std::fs::write(&path, doc.to_string()).unwrap();
        let (status, stdout) = run_checker(&path);
        assert_eq!(status, Some(1), "{id}: {stdout}");
    };
    tamper(
        "WYZ-D12",
        &|r| r["kind"] == "sturm" && r["rel"] == "=" && r["domain"]["lo"] == r["domain"]["hi"],
        &|r| {
            r["domain"]["lo"] = "1/1000".into();
            r["domain"]["hi"] = "1/1000".into();
        },
    );
    // S5: the claim at α = 1 (least mass = largest) said to hold.
    tamper(
        "WYZ-S5",
        &|r| r["kind"] == "compare" && r["holds"] == false,
        &|r| r["holds"] = true.into(),
    );
}

/// Issue 44 item 6: the article's claims whose `DScan` cells pushed booleans without records
/// (ART-2, its α = 0 reading, 9, 12, 13, D3) or whose instances had none (ART-25-corrected's
/// α = 1 and ∞ and its exhibited inputs) are certified: exact facts as `compare` records,
/// divergences as `log_linear` ones (`+inf` sides too), the α = 1/2 and α = 1 ± h orders and
/// Sibson's `Z` as `enclosure` ones, the exhibited input's neighbourhood as `sturm` ones.
/// ART-2-reading-alpha0 fails, shown by the false `D_0 != 0` record of its counterexample.
/// Before, each said `certified: false` (`method:exact`, `method:log-linear`).
#[test]
fn article_scan_claims_are_certified() {
    let dir = scratch_dir("certificates-article-scans");
    let ids = [
        "ART-2",
        "ART-2-reading-alpha0",
        "ART-9",
        "ART-12",
        "ART-13",
        "ART-D3",
        "ART-25-corrected",
    ];
    for (id, recs) in ids.iter().zip(verify_certified(&dir, &ids)) {
        let kinds: Vec<&str> = recs[1..]
            .iter()
            .filter_map(|r| r["kind"].as_str())
            .collect();
        let want: &[&str] = match *id {
            "ART-2" | "ART-9" | "ART-D3" => &["compare", "log_linear", "enclosure"],
            "ART-25-corrected" => &["compare", "log_linear", "sturm"],
            _ => &["compare", "log_linear"],
        };
        for k in want {
            assert!(kinds.contains(k), "{id}: no {k} record");
        }
    }
    let a0 = read_json(&dir.join("ART-2-reading-alpha0.cert.json"));
    let recs = a0["records"].as_array().unwrap();
    assert_eq!(recs[0]["outcome"], "fails");
    assert!(recs[1..].iter().any(|r| r["relation"] == "!="
        && r["holds"] == false
        && r["lhs"] == serde_json::json!([])));
    checker_certifies_all(&dir, 7);
}

/// `check --file F --certificates DIR` on the claims over t and the QIF theorems, each run
/// exiting 0.
fn certify_example_files(dir: &std::path::Path) {
    for f in ["examples/claims-in-t.toml", "examples/qif-theorems.toml"] {
        let (code, _, err) = dpcert(&[
            "check",
            "--file",
            f,
            "--certificates",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{f}: {err}");
    }
}

/// Issue 44 item 6: `check --file F --certificates DIR` on the claims over t and the QIF
/// theorems. Every comparison in t writes `sturm` records (one per piece of a piecewise side),
/// a counterexample in t a `compare` record of both sides' exact values, so every claim over t
/// whose steps are Sturm sign decisions is certified and the checker accepts all of them.
/// Before, 5 of the 21 were certified (none of the claims below) and ISSUE46-RR3-t had none.
#[test]
fn check_file_certifies_the_claims_over_t() {
    let dir = scratch_dir("certificates-in-t");
    certify_example_files(&dir);
    // each one's steps are Sturm sign decisions (ISSUE46-RR3-t: a counterexample at t = 5/4)
    let in_t = [
        "AACP-E4b-t",
        "AACP-Ex1c-t",
        "AACP-P2t-t",
        "CY-11-t",
        "VAD-4(a)-t",
        "VAD-4(b)-t",
        "WYZ-D8-t",
        "WYZ-L5-t",
        "WYZ-S7-t",
        "XDOC-1-t",
        "XDOC-10-t",
        "ISSUE46-RR3-t",
    ];
    for id in in_t {
        let doc = read_json(&dir.join(format!("{id}.cert.json")));
        let recs = doc["records"].as_array().unwrap();
        assert_eq!(recs[0]["certified"], true, "{id}: {}", recs[0]);
        assert!(recs.iter().any(|r| r["kind"] == "sturm"), "{id}");
    }
    let rr3 = read_json(&dir.join("ISSUE46-RR3-t.cert.json"));
    let cx = &rr3["records"][0]["counterexample"];
    // at t = 5/4: 3t/(t+2) = 15/13 against (t+1)/2 = 9/8
    assert_eq!(
        (cx["lhs"].as_str(), cx["rhs"].as_str()),
        (Some("15/13"), Some("9/8"))
    );
    let Some(stdout) = checker_summary(&dir) else {
        return;
    };
    let certified: usize = stdout
        .split("claims: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count: {stdout}"));
    assert!(certified >= 5 + in_t.len(), "{stdout}");
}

/// A certificate does not depend on the number of workers or on the machine's load: the LP
/// claims whose certificates varied between runs (their float hint's wall-clock deadline ran
/// out under load, and the exact simplex found another optimal vertex) give the same bytes at
/// `--jobs 1` and `--jobs 4`, run twice.
#[test]
fn verify_certificates_are_the_same_bytes_at_any_number_of_workers() {
    let ids = ["AACP-X-01", "AACP-X-03", "AACP-T6.2"];
    let dirs: Vec<_> = ["1", "4", "4"]
        .iter()
        .enumerate()
        .map(|(k, jobs)| {
            let dir = scratch_dir(&format!("certificates-jobs-{k}"));
            let mut args = vec![
                "verify",
                "--jobs",
                jobs,
                "--certificates",
                dir.to_str().unwrap(),
            ];
            args.extend(ids);
            let (code, _, err) = dpcert(&args);
            assert_eq!(code, 0, "{err}");
            dir
        })
        .collect();
    for id in ids {
        let file = format!("{id}.cert.json");
        let first = std::fs::read(dirs[0].join(&file)).unwrap();
        for dir in &dirs[1..] {
            assert!(
                first == std::fs::read(dir.join(&file)).unwrap(),
                "{id} differs in {dir:?}"
            );
        }
    }
}
