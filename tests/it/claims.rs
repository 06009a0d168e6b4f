//! The claim-verification suite (docs/design.md "Who uses it"): every registered claim is run on its
//! default grid once (in parallel), then
//! (a) the manifests in `theorems/` and the registry must name the same claims and every verdict
//!     must equal its manifest `expect` (all mismatches listed in one failure message);
//! (b) each claim's text report is an insta snapshot `snapshots/<ID>.snap` (reviewed in PRs);
//! (c) no file in `snapshots/` may be stale (named after a claim that is not registered).
//!
//! Regenerate snapshots with `INSTA_UPDATE=always cargo test --test it claims::` and read the diff.

use dpcert::claim::manifest::{self, ManifestClaim};
use dpcert::claim::verdict::{self, Report};
use dpcert::claim::ClaimChecker;
use dpcert::papers::registry;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

fn manifest_claims() -> BTreeMap<String, ManifestClaim> {
    let ms = manifest::builtin().unwrap_or_else(|e| panic!("{e}"));
    ms.into_iter()
        .flat_map(|m| m.claims)
        .map(|c| (c.id.clone(), c))
        .collect()
}

/// Every registered claim's report, computed once per test binary.
fn reports() -> &'static [Report] {
    static REPORTS: OnceLock<Vec<Report>> = OnceLock::new();
    REPORTS.get_or_init(|| {
        let meta = manifest_claims();
        let checkers = registry();
        let refs: Vec<&dyn ClaimChecker> = checkers.iter().map(|b| b.as_ref()).collect();
        let mut reports = verdict::run_all(&refs, |id| meta.get(id).cloned(), |_| {});
        if std::env::var_os("DPCERT_TIMES").is_some() {
            let mut by_time: Vec<&Report> = reports.iter().collect();
            by_time.sort_by_key(|r| std::cmp::Reverse(r.elapsed));
            for r in by_time.iter().take(15) {
                eprintln!("{:>10.3?} {}", r.elapsed, r.id);
            }
        }
        reports.sort_by(|a, b| a.id.cmp(&b.id));
        reports
    })
}

#[test]
fn manifests_and_registry_agree() {
    let meta = manifest_claims();
    let mut problems = Vec::new();
    let registered: BTreeSet<String> = registry().iter().map(|c| c.id().to_string()).collect();
    let mut seen = BTreeSet::new();
    for id in registry().iter().map(|c| c.id().to_string()) {
        if !seen.insert(id.clone()) {
            problems.push(format!("{id}: registered twice"));
        }
    }
    for (id, c) in &meta {
        if !registered.contains(id) {
            problems.push(format!(
                "{id}: in theorems/{}.toml (line {}) but no checker is registered",
                c.paper, c.line
            ));
        }
    }
    for id in &registered {
        if !meta.contains_key(id) {
            problems.push(format!("{id}: registered checker without a manifest entry"));
        }
    }
    for r in reports() {
        if let Some(e) = r.expect {
            if e != r.verdict {
                let w = r
                    .witness()
                    .map(|c| format!(" — first: {} | {} | {}", c.instance, c.compared, c.note))
                    .unwrap_or_default();
                problems.push(format!(
                    "{}: verdict {} but manifest expects {e}{w}",
                    r.id, r.verdict
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problem(s) between theorems/ and the registry:\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

#[test]
fn snapshots_of_every_claim() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for r in reports() {
            insta::assert_snapshot!(r.id.clone(), r.to_text());
        }
    });
}

#[test]
fn no_stale_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    let registered: BTreeSet<String> = registry().iter().map(|c| c.id().to_string()).collect();
    let mut stale = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".snap.new") || name.ends_with(".pending-snap") {
                continue;
            }
            match name.strip_suffix(".snap") {
                Some(id) if registered.contains(id) => {}
                _ => stale.push(name),
            }
        }
    }
    stale.sort();
    assert!(
        stale.is_empty(),
        "stale files in snapshots/ (no registered claim of that name): {stale:?}"
    );
}
