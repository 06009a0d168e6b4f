//! The papers: one module per source document, each exporting its `claims()` (and, where it
//! has them, `forall::certificates()`), and [`registry`], which hands them to the claim
//! framework (issue 43, item 1: `crate::claim` knows no paper).
//!
//! Paper modules are leaves: they are written against the library (`crate::measure`,
//! `crate::mechanism`, `crate::lp`, `crate::num`, `crate::prob`, `crate::graph`) and the claim
//! framework (`crate::claim`), never against another paper. A definition two papers need
//! belongs in the library or the framework; `papers_are_leaves` below fails when a paper names
//! another.

mod alvim_andres_chatzikokolakis_palamidessi;
mod cross_document;
mod cuff_yu;
mod dp_information_theory_article;
mod vadhan;
mod wang_ying_zhang;

use crate::claim::forall::ForAll;
use crate::claim::registry::with_certificates;
use crate::claim::ClaimChecker;

/// Every registered claim checker: the papers' Rust checkers (each with its *holds for all*
/// certificate, where it has one), then the manifest claims stated only as an expression
/// (`expr`, the claim language).
pub fn registry() -> Vec<Box<dyn ClaimChecker>> {
    let (mut v, _) = with_certificates(claims(), certificates());
    let ids = v.iter().map(|c| c.id().to_string()).collect();
    v.extend(crate::lang::checker::expression_only(&ids));
    v
}

/// The papers' Rust claim checkers, in a deterministic order (by document, then as registered).
pub(crate) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(alvim_andres_chatzikokolakis_palamidessi::claims());
    v.extend(cross_document::claims());
    v.extend(cuff_yu::claims());
    v.extend(dp_information_theory_article::claims());
    v.extend(vadhan::claims());
    v.extend(wang_ying_zhang::claims());
    v
}

/// Every *holds for all* certificate (`claim::forall`), across all papers.
pub(crate) fn certificates() -> Vec<ForAll> {
    let mut v = Vec::new();
    v.extend(alvim_andres_chatzikokolakis_palamidessi::forall::certificates());
    v.extend(dp_information_theory_article::forall::certificates());
    v.extend(wang_ying_zhang::forall::certificates());
    v
}

/// The module names of the papers (the files `papers/<name>.rs` and directories `papers/<name>/`).
#[cfg(test)]
const PAPERS: [&str; 6] = [
    "alvim_andres_chatzikokolakis_palamidessi",
    "cross_document",
    "cuff_yu",
    "dp_information_theory_article",
    "vadhan",
    "wang_ying_zhang",
];

/// Which other papers a paper's source text names (`papers::<b>`, or `super::<b>` from any
/// depth, the other way to reach a sibling module), as `(file, line, b)`.
#[cfg(test)]
fn cross_paper_references(paper: &str, file: &str, text: &str) -> Vec<(String, usize, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for other in PAPERS.iter().filter(|b| **b != paper) {
            if line.contains(&format!("papers::{other}"))
                || line.contains(&format!("super::{other}"))
            {
                found.push((file.to_string(), i + 1, other.to_string()));
            }
        }
    }
    found
}

#[cfg(test)]
mod leaf_tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn rust_files(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.extend(rust_files(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
        out
    }

    /// No file of paper `a` names `papers::<b>` for another paper `b`.
    #[test]
    fn papers_are_leaves() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/papers");
        let mut found = Vec::new();
        let mut files = 0;
        for paper in PAPERS {
            let mut paths = vec![root.join(format!("{paper}.rs"))];
            let dir = root.join(paper);
            if dir.is_dir() {
                paths.extend(rust_files(&dir));
            }
            for path in paths {
                let text = std::fs::read_to_string(&path).unwrap();
                files += 1;
                found.extend(cross_paper_references(
                    paper,
                    &path.display().to_string(),
                    &text,
                ));
            }
        }
        assert!(
            files > PAPERS.len(),
            "the paper sources were not found under {root:?}"
        );
        assert!(found.is_empty(), "papers name other papers: {found:#?}");
    }

    /// The scanner sees a cross-paper import, and not a paper naming itself.
    #[test]
    fn the_leaf_scanner_finds_a_cross_paper_import() {
        let text = "use crate::papers::cuff_yu::info::h;\nuse super::core;\n";
        assert_eq!(
            cross_paper_references("vadhan", "x.rs", text),
            vec![("x.rs".to_string(), 1, "cuff_yu".to_string())]
        );
        assert!(cross_paper_references("cuff_yu", "x.rs", text).is_empty());
        let relative = "fn f() { super::super::vadhan::claims(); }\n";
        assert_eq!(
            cross_paper_references("cuff_yu", "y.rs", relative),
            vec![("y.rs".to_string(), 1, "vadhan".to_string())]
        );
    }
}

#[cfg(test)]
mod certificate_tests {
    use super::*;

    /// Every certificate checks, agrees with its grid cross-check instances, and belongs to a
    /// registered claim (one that no checker takes would lose its `holds-for-all` silently).
    #[test]
    fn every_registered_certificate_checks_and_has_its_claim() {
        let certs = certificates();
        assert!(certs.len() >= 14, "{} certificates", certs.len());
        for c in &certs {
            let ev = c.check().unwrap_or_else(|e| panic!("{}: {e}", c.id));
            assert_eq!(ev.parts.len(), c.parts.len());
        }
        let (_, orphans) = with_certificates(claims(), certs);
        let orphans: Vec<&str> = orphans.iter().map(|c| c.id).collect();
        assert!(
            orphans.is_empty(),
            "certificates without a claim: {orphans:?}"
        );
    }
}

#[cfg(test)]
mod expression_tests;
#[cfg(test)]
mod mutation_tests;
#[cfg(test)]
mod parallel_tests;

/// The `holds_for_all` records of every certificate (issue 44; `claim::forall::record`) are
/// what the independent checker's fixture holds (`checker/tests/fixtures/holds_for_all.cert.json`;
/// `DPCERT_REGENERATE=1` rewrites it), and the checker accepts them.
#[cfg(test)]
mod certificate_records {
    #[test]
    fn every_holds_for_all_record_is_the_fixture_and_the_checker_accepts_it() {
        let (mut records, mut left) = (Vec::new(), Vec::new());
        for c in super::certificates() {
            let ev = c.check().unwrap_or_else(|e| panic!("{}: {e}", c.id));
            records.extend(ev.records);
            if !ev.uncertified.is_empty() {
                left.push(c.id);
            }
        }
        eprintln!(
            "holds_for_all: {} records; claims with a part left uncertified: {left:?}",
            records.len()
        );
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/checker/tests/fixtures/holds_for_all.cert.json"
        );
        let mut doc = crate::certify::document(records.clone());
        doc["producer"] = serde_json::Value::Null;
        if std::env::var_os("DPCERT_REGENERATE").is_some() {
            crate::certify::write(std::path::Path::new(path), records).unwrap();
        }
        let text =
            std::fs::read_to_string(path).expect("the fixture (DPCERT_REGENERATE=1 writes it)");
        let mut committed: serde_json::Value = serde_json::from_str(&text).unwrap();
        committed["producer"] = serde_json::Value::Null;
        assert!(
            committed == doc,
            "the fixture is not what dpcert writes: DPCERT_REGENERATE=1 rewrites it"
        );
        let Ok(run) = std::process::Command::new("python3")
            .args(["checker/dpcert_check.py", path])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
        else {
            eprintln!("note: no python3 on PATH; the independent checker was not run");
            return;
        };
        let out = String::from_utf8_lossy(&run.stdout);
        assert_eq!(run.status.code(), Some(0), "{out}");
    }
}
