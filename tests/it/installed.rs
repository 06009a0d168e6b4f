//! Issue 43, item 5: an installed binary needs no source tree. The manifests are compiled in
//! (build.rs); `DPCERT_THEOREMS` still names a directory of one's own.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch directory of this test (removed first: a rerun starts clean).
fn fresh_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dpcert-installed-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create a scratch directory");
    d
}

/// errno of "text file busy" on Linux and the BSDs.
const ETXTBSY: i32 = 26;

/// Run `bin ARGS` in `dir` with `DPCERT_THEOREMS` as given (unset when `None`).
fn run_in(bin: &Path, dir: &Path, theorems: Option<&Path>, args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(bin);
    cmd.args(args)
        .current_dir(dir)
        .env_remove("DPCERT_THEOREMS");
    if let Some(t) = theorems {
        cmd.env("DPCERT_THEOREMS", t);
    }
    // A binary copied a moment ago can fail to start with ETXTBSY ("text file busy"): a child
    // that another test thread forks meanwhile holds the copy's write descriptor until its own
    // exec. It is released within moments, so a short retry is the known remedy.
    let mut tries = 0;
    let out = loop {
        match cmd.output() {
            Err(e) if e.raw_os_error() == Some(ETXTBSY) && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => break other.expect("run dpcert"),
        }
    };
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The binary copied into a temporary directory and run from there, with `DPCERT_THEOREMS`
/// unset and the working directory outside the source tree: `list` names the repository's
/// claims and `verify` checks one.
#[test]
fn a_copied_binary_runs_without_the_source_tree() {
    let dir = fresh_dir("copy");
    let bin = dir.join(format!("dpcert{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_dpcert"), &bin).expect("copy the binary");
    let src = std::fs::canonicalize(env!("CARGO_MANIFEST_DIR")).unwrap();
    assert!(!std::fs::canonicalize(&dir).unwrap().starts_with(&src));
    let (code, out, err) = run_in(&bin, &dir, None, &["list"]);
    assert_eq!(code, 0, "{err}");
    for id in ["WYZ-T1a", "CY-5", "AACP-T4.1"] {
        assert!(out.contains(id), "{id} not listed:\n{out}");
    }
    let (code, out, err) = run_in(&bin, &dir, None, &["verify", "CY-5"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("CY-5") && out.contains("holds"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `DPCERT_THEOREMS` names a directory of one's own: its expression claim is listed and
/// verified, and the compiled-in manifests are not read.
#[test]
fn a_users_manifest_directory_is_read_instead() {
    let dir = fresh_dir("user");
    std::fs::write(
        dir.join("mine.toml"),
        r#"[paper]
slug = "mine"
title = "My notes"
authors = ["Me"]
seed = "none"

[[claim]]
id = "MINE-1"
title = "thirds"
source = "p. 1"
statement = "1/3 + 1/3 + 1/3 = 1"
kind = "identity"
grid = "one instance"
expect = "holds"
expr = "1/3 + 1/3 + 1/3 = 1"
"#,
    )
    .unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_dpcert"));
    let (code, out, err) = run_in(bin, &dir, Some(&dir), &["list"]);
    assert_eq!(code, 0, "{err}");
    let line = |id: &str| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("{id} not listed:\n{out}"))
            .to_string()
    };
    // the user's claim with its manifest's paper and expect; a compiled-in claim stays
    // registered (its checker is Rust) but has no manifest entry here: the repository's
    // manifests were not read
    let mine = line("MINE-1");
    assert!(mine.contains("mine") && mine.contains("holds"), "{mine}");
    let wyz = line("WYZ-T1a");
    assert!(
        wyz.contains("none") && !wyz.contains("wang-ying-zhang"),
        "{wyz}"
    );
    let (code, out, err) = run_in(bin, &dir, Some(&dir), &["verify", "MINE-1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("MINE-1") && out.contains("holds"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// No `CARGO_MANIFEST_DIR` in the library or the binary outside tests: a path baked in at
/// compile time is a path into a clone that may be gone (`theorems/` was read from there).
/// Allowed: a test-only file (`tests.rs`, `*_tests.rs`, under a `tests/` folder) and the lines
/// after a file's first `#[cfg(test)]` (where its test modules sit).
#[test]
fn no_source_path_outside_tests() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    assert!(files.len() > 50, "{} files under {src:?}", files.len());
    let mut found = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy();
        let test_file = name == "tests.rs"
            || name.ends_with("_tests.rs")
            || f.components().any(|c| c.as_os_str() == "tests");
        if test_file {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let tests_from = text.find("#[cfg(test)]").unwrap_or(text.len());
        for (at, _) in text.match_indices("CARGO_MANIFEST_DIR") {
            if at < tests_from {
                let line = text[..at].lines().count();
                found.push(format!("{}:{line}", f.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "CARGO_MANIFEST_DIR outside tests: {found:?}"
    );
}
