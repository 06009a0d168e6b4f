//! The README's transcripts are tests (issue 42 item 17): every ```console block of README.md is
//! run against the built `dpcert` from the repository root and its output (stdout and stderr)
//! compared with the text shown, so the README cannot drift from what dpcert prints. `...` on a
//! line of its own stands for any lines, `[..]` for any text within a line (used for timings).
//! After an intended change of output: `TRYCMD=overwrite cargo test --test it readme::`, then
//! read the README's diff before committing it.

use std::path::Path;

#[test]
fn readme_transcripts() {
    trycmd::TestCases::new()
        .register_bin("dpcert", Path::new(env!("CARGO_BIN_EXE_dpcert")))
        .case("README.md");
}

/// `examples/m5.csv`, which the README audits, is exactly the mechanism that the README's
/// `optimal` example prints (its rows, after the `#` report lines).
#[test]
fn the_shipped_m5_is_the_optimal_example_output() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dpcert"))
        .args(["optimal", "--graph", "path:5", "--t", "2"])
        .args(["--prior", "examples/prior5.csv", "--gain", "identity"])
        .output()
        .expect("dpcert runs");
    assert!(out.status.success());
    let rows = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(str::to_owned)
            .collect()
    };
    let shipped = std::fs::read_to_string("examples/m5.csv").expect("examples/m5.csv");
    let printed = String::from_utf8(out.stdout).expect("utf-8");
    assert!(!rows(&printed).is_empty());
    assert_eq!(rows(&shipped), rows(&printed));
}
