//! `dpcert list`, `dpcert verify`, `dpcert search`: argument handling and printing over
//! `claim::{manifest, verdict, registry}`. Each function returns the process exit code.

use super::exit;
use super::progress::Progress;
use crate::claim::manifest::{self, Manifest, ManifestClaim};
use crate::claim::verdict::{self, Report};
use crate::claim::{registry, Check, ClaimChecker, Outcome};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn load_manifests() -> Result<Vec<Manifest>, i32> {
    let dir = std::env::var_os("DPCERT_THEOREMS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(manifest::default_dir);
    manifest::load_all(&dir).map_err(|e| {
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

/// Levenshtein distance, case-insensitive (one helper with the claim language's suggestions).
pub use crate::claim::lang::types::edit_distance;

/// The `k` known IDs nearest to `id` by edit distance (ties by name).
pub fn nearest<'a>(id: &str, known: impl IntoIterator<Item = &'a str>, k: usize) -> Vec<&'a str> {
    let mut v: Vec<(usize, &str)> = known
        .into_iter()
        .map(|c| (edit_distance(id, c), c))
        .collect();
    v.sort();
    v.into_iter().take(k).map(|(_, c)| c).collect()
}

fn unknown_id(id: &str, checkers: &[Box<dyn ClaimChecker>]) -> i32 {
    let near = nearest(id, checkers.iter().map(|c| c.id()), 5);
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

/// The largest `search --max-size` (search families grow at least exponentially in the size;
/// no family is meaningful this far out).
pub const MAX_SEARCH_SIZE: usize = 64;

/// A thread pool of `jobs` threads (clamped to `1..=MAX_JOBS`; default: rayon's, one per core).
/// A pool that cannot be built falls back to the global pool instead of panicking.
/// A pool of `jobs` worker threads (clamped to 1..=[`MAX_JOBS`]; one thread if the system
/// refuses more).
pub(crate) fn pool(jobs: Option<usize>) -> rayon::ThreadPool {
    let mut b = rayon::ThreadPoolBuilder::new();
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
    let progress = Progress::bar(selected.len() as u64, !a.quiet);
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

/// Parse `K/N` with 1 <= K <= N.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("--shard `{s}`: expected K/N, e.g. 2/8"))?;
    let k: usize = k
        .trim()
        .parse()
        .map_err(|_| format!("--shard `{s}`: K is not a number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("--shard `{s}`: N is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("--shard `{s}`: need 1 <= K <= N"));
    }
    Ok((k, n))
}

/// `dpcert search ID ...`: grows the search size 1, 2, ... up to `--max-size` (or the budget),
/// stops at the first size with a failing instance and prints the smallest one.
pub fn search(a: &SearchArgs) -> i32 {
    let checkers = registry();
    let Some(checker) = checkers.iter().find(|c| c.id() == a.id) else {
        return unknown_id(&a.id, &checkers);
    };
    if !(1..=MAX_SEARCH_SIZE).contains(&a.max_size) {
        eprintln!(
            "error: --max-size must be 1 to {MAX_SEARCH_SIZE} (search sizes start at 1), got {}",
            a.max_size
        );
        return exit::USAGE;
    }
    if !checker.has_search_family() {
        eprintln!(
            "error: claim `{}` has no search family beyond its default grid (`dpcert list` shows which claims have one; `dpcert verify {}` runs its grid)",
            a.id, a.id
        );
        return exit::USAGE;
    }
    // The default grid first: a claim that already fails there is reported as such, so "no
    // counterexample beyond the grid" is never read as "no counterexample".
    let grid_failure = pool(a.jobs)
        .install(|| checker.check_grid())
        .into_iter()
        .find(|c| c.outcome == Outcome::Fails);
    if let (Some(c), false) = (&grid_failure, a.json) {
        println!(
            "{}: already fails on its own grid at {} (`dpcert verify {}` shows the report); searching beyond it",
            a.id, c.instance, a.id
        );
    }
    let start = Instant::now();
    let budget = a.budget_secs.map(Duration::from_secs);
    let (k, n) = a.shard.unwrap_or((1, 1));
    let keep = move |i: usize| i % n == k - 1;
    let mut tried = 0usize;
    let mut undecided = 0usize;
    let mut found: Option<(usize, Check)> = None;
    let mut reason = format!("searched sizes 1..={}", a.max_size);
    let progress = Progress::bar(a.max_size as u64, !a.json);
    for size in 1..=a.max_size {
        if budget.is_some_and(|b| start.elapsed() > b) {
            reason = format!(
                "budget of {}s reached before size {size}",
                budget.unwrap().as_secs()
            );
            break;
        }
        let Some(checks) = pool(a.jobs).install(|| checker.search_select(size, &keep)) else {
            progress.finish();
            eprintln!(
                "error: claim `{}` has no search family beyond its default grid",
                a.id
            );
            return exit::USAGE;
        };
        progress.tick(&format!("size {size}: {} instances", checks.len()));
        tried += checks.len();
        undecided += checks
            .iter()
            .filter(|(_, c)| c.outcome == Outcome::Undecided)
            .count();
        let mut fails: Vec<(usize, Check)> = checks
            .into_iter()
            .filter(|(_, c)| c.outcome == Outcome::Fails)
            .collect();
        fails.sort_by(|(i, a), (j, b)| {
            (a.instance.len(), &a.instance, i).cmp(&(b.instance.len(), &b.instance, j))
        });
        if let Some((i, c)) = fails.into_iter().next() {
            found = Some((size, c));
            let _ = i;
            reason = format!("stopped at the first size with a counterexample ({size})");
            break;
        }
    }
    progress.finish();
    let reproduce = found
        .as_ref()
        .map(|(size, _)| format!("dpcert search {} --max-size {size}", a.id));
    if a.json {
        let out = serde_json::json!({
            "id": a.id,
            "tried": tried,
            "undecided": undecided,
            "shard": a.shard.map(|(k, n)| format!("{k}/{n}")),
            "grid_fails": grid_failure.as_ref().map(|c| c.instance.clone()),
            "result": found.as_ref().map(|_| "fails").unwrap_or("no counterexample"),
            "size": found.as_ref().map(|(s, _)| *s),
            "counterexample": found.as_ref().map(|(_, c)| c),
            "reproduce": reproduce,
            "note": reason,
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
    } else {
        match &found {
            Some((size, c)) => {
                println!("{}: counterexample at search size {size}", a.id);
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
                println!("reproduce {}", reproduce.clone().unwrap_or_default());
            }
            None => println!(
                "{}: no counterexample in {tried} instances ({undecided} undecided); {reason}",
                a.id
            ),
        }
    }
    exit::OK
}

/// `dpcert search-merge FILE...`: combine the `--json` outputs of `dpcert search ID --shard K/N`
/// (one per job of an array). Every shard 1..N of one claim must be present exactly once; the
/// merged answer is the counterexample the unsplit search reports (smallest size, then the
/// shortest, least instance), with `tried` and `undecided` summed. Exit 0, 2 for a usage error, 3 for a bad file.
pub fn search_merge(files: &[std::path::PathBuf], json: bool) -> i32 {
    use serde_json::Value;
    let mut docs: Vec<(String, Value)> = Vec::new();
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
            Ok(v) if v["id"].is_string() && v["tried"].is_u64() => docs.push((name, v)),
            Ok(_) => {
                eprintln!("error: {name}: not the --json output of `dpcert search`");
                return exit::BAD_INPUT;
            }
            Err(e) => {
                eprintln!("error: {name}: invalid JSON: {e}");
                return exit::BAD_INPUT;
            }
        }
    }
    let Some((_, first)) = docs.first() else {
        eprintln!("error: search-merge needs at least one file");
        return exit::USAGE;
    };
    let id = first["id"].as_str().unwrap_or("").to_string();
    let mut shards: BTreeMap<usize, String> = BTreeMap::new();
    let mut total = None;
    for (name, v) in &docs {
        if v["id"] != first["id"] {
            eprintln!("error: {name}: claim {} differs from {id}", v["id"]);
            return exit::BAD_INPUT;
        }
        let (k, n) = match v["shard"].as_str().map(parse_shard) {
            Some(Ok(kn)) => kn,
            _ => (1, 1),
        };
        if *total.get_or_insert(n) != n {
            eprintln!(
                "error: {name}: shard {k}/{n} does not split into {} like the others",
                total.unwrap_or(n)
            );
            return exit::BAD_INPUT;
        }
        if let Some(other) = shards.insert(k, name.clone()) {
            eprintln!("error: {name}: shard {k}/{n} already given by {other}");
            return exit::BAD_INPUT;
        }
    }
    let n = total.unwrap_or(1);
    let missing: Vec<String> = (1..=n)
        .filter(|k| !shards.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    let sum = |key: &str| {
        docs.iter()
            .map(|(_, v)| v[key].as_u64().unwrap_or(0))
            .sum::<u64>()
    };
    let found = docs
        .iter()
        .filter(|(_, v)| v["result"] == "fails")
        // The unsplit search's choice: smallest size, then shortest and least instance text.
        .min_by_key(|(_, v)| {
            let inst = v["counterexample"]["instance"].as_str().unwrap_or("");
            (
                v["size"].as_u64().unwrap_or(u64::MAX),
                inst.len(),
                inst.to_string(),
            )
        });
    let out = serde_json::json!({
        "id": id,
        "shards": n,
        "missing_shards": missing,
        "tried": sum("tried"),
        "undecided": sum("undecided"),
        "result": if found.is_some() { "fails" } else { "no counterexample" },
        "size": found.map(|(_, v)| v["size"].clone()),
        "counterexample": found.map(|(_, v)| v["counterexample"].clone()),
        "from": found.map(|(f, _)| f.clone()),
        "reproduce": found.map(|(_, v)| v["reproduce"].clone()),
        "notes": docs.iter().map(|(f, v)| format!("{f}: {}", v["note"].as_str().unwrap_or(""))).collect::<Vec<_>>(),
    });
    if json {
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
    } else {
        match found {
            Some((f, v)) => {
                let c = &v["counterexample"];
                println!(
                    "{id}: counterexample at search size {} (from {f})",
                    v["size"]
                );
                println!("instance  {}", c["instance"].as_str().unwrap_or(""));
                println!("compared  {}", c["compared"].as_str().unwrap_or(""));
                println!("reproduce {}", v["reproduce"].as_str().unwrap_or(""));
            }
            None => println!(
                "{id}: no counterexample in {} instances over {} shard(s) ({} undecided)",
                sum("tried"),
                shards.len(),
                sum("undecided")
            ),
        }
        if !missing.is_empty() {
            println!(
                "missing shards: {} (the merged answer covers only the shards given)",
                missing.join(", ")
            );
        }
    }
    exit::OK
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_table() {
        for (a, b, d) in [
            ("", "", 0),
            ("abc", "abc", 0),
            ("WYZ-T1a", "wyz-t1a", 0),
            ("kitten", "sitting", 3),
            ("CY-D1", "CY-D2", 1),
            ("", "abc", 3),
        ] {
            assert_eq!(edit_distance(a, b), d, "{a} {b}");
        }
    }

    #[test]
    fn shard_parsing() {
        assert_eq!(parse_shard("2/8"), Ok((2, 8)));
        for bad in ["0/3", "4/3", "x/3", "3", "1/0"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn nearest_ids() {
        let known = ["CY-D1", "CY-D2", "WYZ-T1a", "VAD-1"];
        assert_eq!(nearest("CY-D3", known, 2), ["CY-D1", "CY-D2"]);
    }
}
