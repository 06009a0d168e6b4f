//! `dpcert list`, `dpcert verify`, `dpcert search`: argument handling and printing over
//! `claim::{manifest, verdict, registry, search}`. Each function returns the process exit code.

use super::exit;
use super::progress::Progress;
use crate::claim::manifest::{self, Manifest, ManifestClaim};
use crate::claim::verdict::{self, Report};
use crate::claim::{search, ClaimChecker, Outcome};
use crate::papers::registry;
use std::collections::BTreeMap;
use std::time::Duration;

fn load_manifests() -> Result<Vec<Manifest>, i32> {
    manifest::load_default().map_err(|e| {
        eprintln!("error: bad manifest: {e}");
        exit::BAD_INPUT
    })
}

fn by_id(ms: &[Manifest]) -> BTreeMap<String, ManifestClaim> {
    ms.iter()
        .flat_map(|m| m.claims.iter().cloned())
        .map(|c| (c.id.clone(), c))
        .collect()
}

fn unknown_id(id: &str, checkers: &[Box<dyn ClaimChecker>]) -> i32 {
    let near = crate::claim::nearest_ids(id, checkers.iter().map(|c| c.id()), 5);
    eprintln!(
        "error: no claim `{id}`; nearest IDs: {} (see `dpcert list`)",
        near.join(", ")
    );
    exit::USAGE
}

fn unknown_paper(slug: &str, ms: &[Manifest]) -> i32 {
    let slugs: Vec<&str> = ms.iter().map(|m| m.paper.slug.as_str()).collect();
    eprintln!("error: no paper `{slug}`; known: {}", slugs.join(", "));
    exit::USAGE
}

/// Paper slug of a registered checker: from the manifest, or empty.
fn paper_of<'a>(id: &str, meta: &'a BTreeMap<String, ManifestClaim>) -> &'a str {
    meta.get(id).map(|c| c.paper.as_str()).unwrap_or("")
}

/// `dpcert list [--paper SLUG] [--json]`.
pub fn list(paper: Option<&str>, json: bool) -> i32 {
    let ms = match load_manifests() {
        Ok(m) => m,
        Err(code) => return code,
    };
    if let Some(p) = paper {
        if !ms.iter().any(|m| m.paper.slug == p) {
            return unknown_paper(p, &ms);
        }
    }
    let meta = by_id(&ms);
    let mut rows = Vec::new();
    for c in registry() {
        let m = meta.get(c.id());
        let slug = m.map(|m| m.paper.as_str()).unwrap_or("");
        if paper.is_some_and(|p| p != slug) {
            continue;
        }
        rows.push(serde_json::json!({
            "id": c.id(),
            "paper": slug,
            "title": m.map(|m| m.title.as_str()).unwrap_or(""),
            "expect": m.map(|m| m.expect.as_str()).unwrap_or("none"),
            "search_family": c.has_search_family(),
        }));
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&rows).expect("json"));
    } else {
        // Column widths from the longest entry (a fixed width misaligned on the longest slug).
        let width = |key: &str, head: &str| {
            rows.iter()
                .map(|r| r[key].as_str().unwrap_or("").chars().count())
                .chain([head.len()])
                .max()
                .unwrap_or(0)
        };
        let (wi, wp, we) = (
            width("id", "ID"),
            width("paper", "PAPER"),
            width("expect", "EXPECT"),
        );
        println!(
            "{:<wi$} {:<wp$} {:<we$} {:<6} TITLE",
            "ID", "PAPER", "EXPECT", "SEARCH"
        );
        for r in &rows {
            println!(
                "{:<wi$} {:<wp$} {:<we$} {:<6} {}",
                r["id"].as_str().unwrap_or(""),
                r["paper"].as_str().unwrap_or(""),
                r["expect"].as_str().unwrap_or(""),
                if r["search_family"].as_bool() == Some(true) {
                    "yes"
                } else {
                    "-"
                },
                r["title"].as_str().unwrap_or("")
            );
        }
    }
    exit::OK
}

/// The most worker threads `--jobs` accepts. Each thread is an OS thread with its own stack;
/// 99,999,999 of them hung (and under an address-space limit panicked in the pool builder),
/// and past the machine's cores more threads only add contention.
pub const MAX_JOBS: usize = 256;

/// The largest `search --max-size` (see [`crate::claim::search::MAX_SEARCH_SIZE`]).
pub use crate::claim::search::MAX_SEARCH_SIZE;

/// A thread pool of `jobs` threads (clamped to `1..=MAX_JOBS`; default: rayon's, one per core).
/// A pool that cannot be built falls back to the global pool instead of panicking.
/// A pool of `jobs` worker threads (clamped to 1..=[`MAX_JOBS`]; one thread if the system
/// refuses more).
pub(crate) fn pool(jobs: Option<usize>) -> rayon::ThreadPool {
    // a claim's instances recurse once per level of its syntax tree (issue 42, item 2)
    let mut b = rayon::ThreadPoolBuilder::new().stack_size(super::check::STACK);
    if let Some(j) = jobs {
        b = b.num_threads(j.clamp(1, MAX_JOBS));
    }
    b.build()
        .or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build())
        .expect("a one-thread pool")
}

/// `dpcert show ID [--json]`: the manifest entry (statement, source, reading, grid, why,
/// expected verdict, citation) and the full report of a run on the default grid. Exit 0 when the
/// verdict equals `expect`, 1 otherwise, 2 for an unknown ID.
pub fn show(id: &str, json: bool) -> i32 {
    let ms = match load_manifests() {
        Ok(m) => m,
        Err(code) => return code,
    };
    let checkers = registry();
    let Some(checker) = checkers.iter().find(|c| c.id() == id) else {
        return unknown_id(id, &checkers);
    };
    let meta = by_id(&ms);
    let m = meta.get(id);
    let paper = m.and_then(|c| ms.iter().find(|p| p.paper.slug == c.paper));
    // The manifest's path relative to the working directory when it is below it.
    let cwd = std::env::current_dir().unwrap_or_default();
    let file = |p: &Manifest| {
        p.path
            .strip_prefix(&cwd)
            .unwrap_or(&p.path)
            .display()
            .to_string()
    };
    let progress = Progress::spinner("show", !json);
    progress.phase(&format!("checking {id} on its default grid"));
    let report = verdict::run(checker.as_ref(), m);
    progress.finish();
    if json {
        let out = serde_json::json!({
            "manifest": m,
            "citation": paper.map(|p| p.paper.cite()),
            "manifest_file": paper.map(|p| format!("{}:{}", file(p), m.map_or(0, |c| c.line))),
            "search_family": checker.has_search_family(),
            "report": report.to_json(),
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
    } else {
        if let Some(c) = m {
            println!("{}  {}", c.id, c.title);
            if let Some(p) = paper {
                println!("paper     {}", p.paper.cite());
                println!("manifest  {}:{}", file(p), c.line);
            }
            println!("source    {}", c.source);
            println!("statement {}", c.statement);
            if let Some(e) = &c.expr {
                println!("expr      {e}");
            }
            println!("kind      {}", c.kind.name());
            println!("grid      {}", c.grid);
            println!("expect    {}", c.expect);
            if let Some(w) = &c.why {
                println!("why       {w}");
            }
        }
        println!(
            "search    {}",
            if checker.has_search_family() {
                "a family beyond the grid (`dpcert search ID`)"
            } else {
                "no family beyond the grid"
            }
        );
        println!();
        print!("{}", report.to_text());
    }
    if report.matches() {
        exit::OK
    } else {
        exit::MISMATCH
    }
}

/// Options of `dpcert verify`.
pub struct VerifyArgs {
    pub ids: Vec<String>,
    pub paper: Option<String>,
    pub json: bool,
    pub markdown: bool,
    pub jobs: Option<usize>,
    pub quiet: bool,
}

/// `dpcert verify [ID ...] [--paper SLUG] [--json|--markdown] [--jobs N]`.
pub fn verify(a: &VerifyArgs) -> i32 {
    let ms = match load_manifests() {
        Ok(m) => m,
        Err(code) => return code,
    };
    let meta = by_id(&ms);
    let checkers = registry();
    for id in &a.ids {
        if !checkers.iter().any(|c| c.id() == id) {
            return unknown_id(id, &checkers);
        }
    }
    if let Some(p) = &a.paper {
        if !ms.iter().any(|m| &m.paper.slug == p) {
            return unknown_paper(p, &ms);
        }
    }
    if a.markdown && a.paper.is_none() {
        eprintln!("error: --markdown needs --paper SLUG (one table per paper)");
        return exit::USAGE;
    }
    let selected: Vec<&dyn ClaimChecker> = checkers
        .iter()
        .map(|c| c.as_ref())
        .filter(|c| a.ids.is_empty() || a.ids.iter().any(|i| i == c.id()))
        .filter(|c| {
            a.paper
                .as_deref()
                .is_none_or(|p| paper_of(c.id(), &meta) == p)
        })
        .collect();
    let progress = Progress::bar("verify", selected.len() as u64, !a.quiet);
    let reports: Vec<Report> = pool(a.jobs).install(|| {
        verdict::run_all(
            &selected,
            |id| meta.get(id).cloned(),
            |r| progress.tick(&r.id),
        )
    });
    progress.finish();
    let all_match = reports.iter().all(|r| r.matches());
    if a.markdown {
        let m = ms
            .iter()
            .find(|m| Some(&m.paper.slug) == a.paper.as_ref())
            .expect("paper checked above");
        print!("{}", verdict::markdown_table(m, &reports));
    } else if a.json {
        let v: Vec<serde_json::Value> = reports.iter().map(|r| r.to_json()).collect();
        let out = serde_json::json!({ "all_match": all_match, "claims": v });
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
    } else {
        for r in &reports {
            let mark = if r.matches() { "ok " } else { "MISMATCH" };
            let w = r
                .witness()
                .map(|c| format!("  first: {} — {}", c.instance, c.note))
                .unwrap_or_default();
            println!(
                "{mark} {:<28} {:<9} ({} instances; {}){}",
                r.id,
                r.verdict.as_str(),
                r.instances,
                r.methods.join(", "),
                if matches!(r.verdict, Outcome::Holds | Outcome::HoldsForAll) {
                    String::new()
                } else {
                    w
                }
            );
        }
        println!("{}", verdict::summary(&reports));
        if std::env::var_os("DPCERT_TIMES").is_some() {
            let mut t: Vec<&Report> = reports.iter().collect();
            t.sort_by_key(|r| std::cmp::Reverse(r.elapsed));
            for r in t.iter().take(10) {
                eprintln!("{:>10.3?}  {}", r.elapsed, r.id);
            }
        }
    }
    if all_match {
        exit::OK
    } else {
        exit::MISMATCH
    }
}

/// Options of `dpcert search`.
pub struct SearchArgs {
    pub id: String,
    pub max_size: usize,
    pub budget_secs: Option<u64>,
    pub jobs: Option<usize>,
    /// `(k, n)`: this process checks instance indices i with i % n == k - 1.
    pub shard: Option<(usize, usize)>,
    pub json: bool,
}

/// Parse `K/N` with 1 <= K <= N (see [`crate::claim::search::parse_shard`]).
pub use crate::claim::search::parse_shard;

/// `dpcert search ID ...`: [`search::search`] on the claim's family; prints the counterexample
/// (or how many instances were tried and why the search stopped).
pub fn search(a: &SearchArgs) -> i32 {
    let checkers = registry();
    let Some(checker) = checkers.iter().find(|c| c.id() == a.id) else {
        return unknown_id(&a.id, &checkers);
    };
    let opts = search::Options {
        max_size: a.max_size,
        budget: a.budget_secs.map(Duration::from_secs),
        shard: a.shard,
    };
    let progress = Progress::bar("search", a.max_size as u64, !a.json);
    let result = pool(a.jobs).install(|| {
        search::search(checker.as_ref(), &opts, &|size, n| {
            progress.tick(&format!("size {size}: {n} instances"))
        })
    });
    progress.finish();
    let found = match result {
        Ok(f) => f,
        Err(e @ search::SearchError::BadSize(_)) => {
            eprintln!("error: {e}");
            return exit::USAGE;
        }
        Err(search::SearchError::NoFamily) => {
            eprintln!(
                "error: claim `{}` has no search family beyond its default grid (`dpcert list` shows which claims have one; `dpcert verify {}` runs its grid)",
                a.id, a.id
            );
            return exit::USAGE;
        }
    };
    if a.json {
        let out = found.to_json(&a.id, a.shard);
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
        return exit::OK;
    }
    if let Some(c) = &found.grid_failure {
        println!(
            "{}: already fails on its own grid at {} (`dpcert verify {}` shows the report); searching beyond it",
            a.id, c.instance, a.id
        );
    }
    match &found.counterexample {
        Some(search::Counterexample {
            size,
            index,
            check: c,
        }) => {
            println!(
                "{}: counterexample at search size {size} (instance #{index})",
                a.id
            );
            println!("instance  {}", c.instance);
            println!("compared  {}", c.compared);
            // A side without a value (a check that is not a comparison) is left out, not
            // printed as `none ()`.
            for (name, side) in [("lhs", &c.lhs), ("rhs", &c.rhs)] {
                match (side.exact.as_str(), side.decimal.as_str()) {
                    ("" | "none", "") => {}
                    (exact, "") => println!("{name}       {exact}"),
                    (exact, dec) => println!("{name}       {exact}   ({dec})"),
                }
            }
            println!("method    {}", c.method);
            if !c.note.is_empty() {
                println!("note      {}", c.note);
            }
            println!("reproduce {}", found.reproduce(&a.id).unwrap_or_default());
        }
        None => println!(
            "{}: no counterexample in {} instances ({} undecided); {}",
            a.id, found.tried, found.undecided, found.note
        ),
    }
    exit::OK
}

/// `dpcert search-merge FILE...`: read the `--json` outputs of `dpcert search ID --shard K/N`
/// and print their [`search::merge`]. Exit 0, 2 for a usage error, 3 for a bad file.
pub fn search_merge(files: &[std::path::PathBuf], json: bool) -> i32 {
    if files.is_empty() {
        eprintln!("error: search-merge needs at least one file");
        return exit::USAGE;
    }
    let mut docs: Vec<(String, serde_json::Value)> = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {name}: cannot read: {e}");
                return exit::BAD_INPUT;
            }
        };
        match crate::prob::io::parse_json_unique_keys(&text) {
            Ok(v) => docs.push((name, v)),
            Err(e) => {
                eprintln!("error: {name}: invalid JSON: {e}");
                return exit::BAD_INPUT;
            }
        }
    }
    let m = match search::merge(&docs) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&m.to_json()).expect("json")
        );
    } else {
        match &m.found {
            Some((f, v)) => {
                let c = &v["counterexample"];
                println!(
                    "{}: counterexample at search size {} (instance #{}, from {f})",
                    m.id, v["size"], v["index"]
                );
                println!("instance  {}", c["instance"].as_str().unwrap_or(""));
                println!("compared  {}", c["compared"].as_str().unwrap_or(""));
                println!("reproduce {}", v["reproduce"].as_str().unwrap_or(""));
            }
            None => println!(
                "{}: no counterexample in {} instances over {} shard(s) ({} undecided)",
                m.id, m.tried, m.given, m.undecided
            ),
        }
        if !m.missing.is_empty() {
            println!(
                "missing shards: {} (the merged answer covers only the shards given)",
                m.missing.join(", ")
            );
        }
    }
    exit::OK
}
