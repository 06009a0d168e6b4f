//! The claim registry's commands as library calls (issue 43 item 2): `list`, `show`,
//! `verify`, `search` and `search-merge` each take their query and return a report with
//! `to_text` and `to_json` (docs/json.md); the CLI parses and prints, the Python package
//! returns the same JSON. The claims are handed in (`checkers`: the registry's), so the
//! framework names no paper (issue 43 item 1).

use super::manifest::{self, Manifest, ManifestClaim};
use super::verdict::{self, Report};
use super::{search, shard, ClaimChecker, Outcome};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// Why a claims command did not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimsError {
    /// An unknown id or paper, a search without a family: a usage error.
    Usage(String),
    /// A manifest or a file that cannot be read: bad input.
    Input(String),
    /// `merge` refuses a missing, duplicated or mismatched shard, or a counterexample that
    /// does not re-check (exit 1; issue 44 item 5).
    Refused(String),
}

impl fmt::Display for ClaimsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimsError::Usage(m) | ClaimsError::Input(m) | ClaimsError::Refused(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for ClaimsError {}

/// The manifests: the `DPCERT_THEOREMS` directory, else the ones compiled in
/// ([`manifest::load_default`]).
pub fn load_manifests() -> Result<Vec<Manifest>, ClaimsError> {
    manifest::load_default().map_err(|e| ClaimsError::Input(format!("bad manifest: {e}")))
}

fn by_id(ms: &[Manifest]) -> BTreeMap<String, ManifestClaim> {
    ms.iter()
        .flat_map(|m| m.claims.iter().cloned())
        .map(|c| (c.id.clone(), c))
        .collect()
}

fn unknown_id(id: &str, checkers: &[Box<dyn ClaimChecker>]) -> ClaimsError {
    let near = super::nearest_ids(id, checkers.iter().map(|c| c.id()), 5);
    ClaimsError::Usage(format!(
        "no claim `{id}`; nearest IDs: {} (see `dpcert list`)",
        near.join(", ")
    ))
}

fn check_paper(slug: Option<&str>, ms: &[Manifest]) -> Result<(), ClaimsError> {
    match slug {
        Some(p) if !ms.iter().any(|m| m.paper.slug == p) => {
            let slugs: Vec<&str> = ms.iter().map(|m| m.paper.slug.as_str()).collect();
            Err(ClaimsError::Usage(format!(
                "no paper `{p}`; known: {}",
                slugs.join(", ")
            )))
        }
        _ => Ok(()),
    }
}

/// One row of `list`.
#[derive(Clone, Debug)]
pub struct ListRow {
    /// The claim's id.
    pub id: String,
    /// Its paper's slug (empty when no manifest names it).
    pub paper: String,
    /// The manifest's title.
    pub title: String,
    /// The manifest's `expect` (`none` when no manifest names it).
    pub expect: String,
    /// Whether `dpcert search` has a family beyond the grid.
    pub search_family: bool,
}

/// `dpcert list`: the registered claims, of one paper or all.
#[derive(Clone, Debug)]
pub struct ListReport {
    /// One row per claim, in registry order.
    pub rows: Vec<ListRow>,
}

/// The claims `checkers` (of the paper `paper` when given).
pub fn list(
    checkers: &[Box<dyn ClaimChecker>],
    paper: Option<&str>,
) -> Result<ListReport, ClaimsError> {
    let ms = load_manifests()?;
    check_paper(paper, &ms)?;
    let meta = by_id(&ms);
    let rows = checkers
        .iter()
        .filter_map(|c| {
            let m = meta.get(c.id());
            let slug = m.map(|m| m.paper.as_str()).unwrap_or("");
            (paper.is_none_or(|p| p == slug)).then(|| ListRow {
                id: c.id().to_string(),
                paper: slug.to_string(),
                title: m.map(|m| m.title.clone()).unwrap_or_default(),
                expect: m.map_or("none".into(), |m| m.expect.as_str().to_string()),
                search_family: c.has_search_family(),
            })
        })
        .collect();
    Ok(ListReport { rows })
}

impl ListReport {
    /// A table, its columns as wide as their longest entry.
    pub fn to_text(&self) -> String {
        let width = |f: fn(&ListRow) -> &str, head: &str| {
            self.rows
                .iter()
                .map(|r| f(r).chars().count())
                .chain([head.len()])
                .max()
                .unwrap_or(0)
        };
        let (wi, wp, we) = (
            width(|r| &r.id, "ID"),
            width(|r| &r.paper, "PAPER"),
            width(|r| &r.expect, "EXPECT"),
        );
        let mut s = format!(
            "{:<wi$} {:<wp$} {:<we$} {:<6} TITLE\n",
            "ID", "PAPER", "EXPECT", "SEARCH"
        );
        for r in &self.rows {
            s.push_str(&format!(
                "{:<wi$} {:<wp$} {:<we$} {:<6} {}\n",
                r.id,
                r.paper,
                r.expect,
                if r.search_family { "yes" } else { "-" },
                r.title
            ));
        }
        s
    }

    /// `{"claims": [{"id", "paper", "title", "expect", "search_family"}]}`.
    pub fn to_json(&self) -> Value {
        let rows: Vec<Value> = self
            .rows
            .iter()
            .map(|r| {
                json!({"id": r.id, "paper": r.paper, "title": r.title, "expect": r.expect,
                       "search_family": r.search_family})
            })
            .collect();
        crate::json::document("list", json!({ "claims": rows }))
    }
}

/// `dpcert show ID`: the manifest entry and the full report of a run on the default grid.
#[derive(Clone, Debug)]
pub struct ShowReport {
    /// The manifest entry, when a manifest names the claim.
    pub manifest: Option<ManifestClaim>,
    /// The paper's citation.
    pub citation: Option<String>,
    /// `file:line` of the entry, relative to the working directory when below it.
    pub manifest_file: Option<String>,
    /// Whether `dpcert search` has a family beyond the grid.
    pub search_family: bool,
    /// The run on the default grid.
    pub report: Report,
}

/// Run the claim `id` on its default grid, with its manifest entry. `phase` is told what runs.
pub fn show(
    checkers: &[Box<dyn ClaimChecker>],
    id: &str,
    phase: &dyn Fn(&str),
) -> Result<ShowReport, ClaimsError> {
    let ms = load_manifests()?;
    let checker = checkers
        .iter()
        .find(|c| c.id() == id)
        .ok_or_else(|| unknown_id(id, checkers))?;
    let meta = by_id(&ms);
    let m = meta.get(id);
    let paper = m.and_then(|c| ms.iter().find(|p| p.paper.slug == c.paper));
    let cwd = std::env::current_dir().unwrap_or_default();
    let file = |p: &Manifest| {
        p.path
            .strip_prefix(&cwd)
            .unwrap_or(&p.path)
            .display()
            .to_string()
    };
    phase(&format!("checking {id} on its default grid"));
    let report = verdict::run(checker.as_ref(), m);
    Ok(ShowReport {
        manifest: m.cloned(),
        citation: paper.map(|p| p.paper.cite()),
        manifest_file: paper.map(|p| format!("{}:{}", file(p), m.map_or(0, |c| c.line))),
        search_family: checker.has_search_family(),
        report,
    })
}

impl ShowReport {
    /// Whether the verdict is the manifest's `expect`.
    pub fn matches(&self) -> bool {
        self.report.matches()
    }

    /// The entry, line by line, then the report.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        if let Some(c) = &self.manifest {
            s.push_str(&format!("{}  {}\n", c.id, c.title));
            if let (Some(cite), Some(f)) = (&self.citation, &self.manifest_file) {
                s.push_str(&format!("paper     {cite}\nmanifest  {f}\n"));
            }
            s.push_str(&format!("source    {}\n", c.source));
            s.push_str(&format!("statement {}\n", c.statement));
            if let Some(e) = &c.expr {
                s.push_str(&format!("expr      {e}\n"));
            }
            s.push_str(&format!("kind      {}\n", c.kind.name()));
            s.push_str(&format!("grid      {}\n", c.grid));
            s.push_str(&format!("expect    {}\n", c.expect));
            if let Some(w) = &c.why {
                s.push_str(&format!("why       {w}\n"));
            }
        }
        s.push_str(&format!(
            "search    {}\n\n",
            if self.search_family {
                "a family beyond the grid (`dpcert search ID`)"
            } else {
                "no family beyond the grid"
            }
        ));
        s.push_str(&self.report.to_text());
        s
    }

    /// `{"manifest", "citation", "manifest_file", "search_family", "report"}`.
    pub fn to_json(&self) -> Value {
        crate::json::document(
            "show",
            json!({
                "manifest": self.manifest,
                "citation": self.citation,
                "manifest_file": self.manifest_file,
                "search_family": self.search_family,
                "report": self.report.to_json(),
            }),
        )
    }
}

/// What `dpcert verify` runs.
#[derive(Clone, Debug, Default)]
pub struct VerifyQuery {
    /// Claim ids (all registered claims when empty).
    pub ids: Vec<String>,
    /// Only this paper's claims.
    pub paper: Option<String>,
    /// Write `DIR/<ID>.cert.json` for every claim run (issue 44 item 2); with `shard`,
    /// `DIR/<ID>.shard-K-of-N.cert.json`.
    pub certificates: Option<std::path::PathBuf>,
    /// `(k, n)`: run only the grid indices i with i % n == k − 1 of every claim selected (issue
    /// 44 item 5); the reports then hold the shard's instances only.
    pub shard: Option<(usize, usize)>,
    /// With `shard`: one certificate document holding every claim's shard records.
    pub certificate: Option<std::path::PathBuf>,
}

/// `dpcert verify`: each claim's report on its default grid.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// One per claim run, in registry order.
    pub reports: Vec<Report>,
    /// The paper's manifest when `--paper` was given (for the Markdown table).
    pub paper: Option<Manifest>,
    /// With `certificates`: how many of the claims run are certified (every instance their
    /// verdict rests on has a record; [`super::certificates`]).
    pub certified: Option<usize>,
    /// The shard run (`--shard K/N`): each report holds that shard's instances only, so no
    /// verdict is compared with its `expect` (`dpcert merge` does).
    pub shard: Option<(usize, usize)>,
}

/// Run the selected claims; `done(report, selected)` is told each as it finishes, with the
/// number of claims selected (on the caller's rayon pool).
pub fn verify(
    checkers: &[Box<dyn ClaimChecker>],
    q: &VerifyQuery,
    done: &(dyn Fn(&Report, usize) + Sync),
) -> Result<VerifyReport, ClaimsError> {
    let ms = load_manifests()?;
    let meta = by_id(&ms);
    if let Some(id) = q
        .ids
        .iter()
        .find(|id| !checkers.iter().any(|c| c.id() == *id))
    {
        return Err(unknown_id(id, checkers));
    }
    check_paper(q.paper.as_deref(), &ms)?;
    let selected: Vec<&dyn ClaimChecker> = checkers
        .iter()
        .map(|c| c.as_ref())
        .filter(|c| q.ids.is_empty() || q.ids.iter().any(|i| i == c.id()))
        .filter(|c| {
            q.paper
                .as_deref()
                .is_none_or(|p| meta.get(c.id()).map(|c| c.paper.as_str()).unwrap_or("") == p)
        })
        .collect();
    let n = selected.len();
    if q.certificates.is_some() || q.certificate.is_some() {
        crate::certify::start_recording();
    }
    if let Some(kn) = q.shard {
        return verify_shard(&selected, &meta, q, kn, &|r| done(r, n));
    }
    if let Some(dir) = &q.certificates {
        std::fs::create_dir_all(dir).map_err(|e| {
            ClaimsError::Input(format!(
                "cannot write a certificate: {}: {e}",
                dir.display()
            ))
        })?;
    }
    // Each claim's certificate is written as soon as its report is done, on the worker that
    // ran it, and its records dropped (issue 44 item 2: memory and time of --certificates).
    let certified = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(None::<String>);
    let reports = verdict::run_all(
        &selected,
        |id| meta.get(id).cloned(),
        |r| {
            if let Some(dir) = &q.certificates {
                match super::certificates::write_claim(dir, r) {
                    Ok(c) => {
                        certified.fetch_add(usize::from(c), std::sync::atomic::Ordering::Relaxed);
                    }
                    Err(e) => {
                        failed
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(e);
                    }
                }
            }
            done(r, n)
        },
    );
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(ClaimsError::Input(format!(
            "cannot write a certificate: {e}"
        )));
    }
    let certified = q.certificates.as_ref().map(|_| certified.into_inner());
    let paper = q
        .paper
        .as_ref()
        .and_then(|p| ms.into_iter().find(|m| &m.paper.slug == p));
    Ok(VerifyReport {
        reports,
        paper,
        certified,
        shard: None,
    })
}

/// What a `verify` claim's hash covers: the manifest's statement, grid and expression.
fn statement_of(m: Option<&ManifestClaim>) -> String {
    m.map(|m| {
        format!(
            "{}\n{}\n{}",
            m.statement,
            m.grid,
            m.expr.as_deref().unwrap_or("")
        )
    })
    .unwrap_or_default()
}

/// `verify --shard K/N`: every selected claim's shard ([`shard::run`]), its records written
/// to `--certificates DIR` (one file per claim) or `--certificate FILE` (one document).
fn verify_shard(
    selected: &[&dyn ClaimChecker],
    meta: &BTreeMap<String, ManifestClaim>,
    q: &VerifyQuery,
    kn: (usize, usize),
    done: &(dyn Fn(&Report) + Sync),
) -> Result<VerifyReport, ClaimsError> {
    use rayon::prelude::*;
    let runs: Vec<(Report, Vec<Value>)> = selected
        .par_iter()
        .map(|c| {
            let m = meta.get(c.id());
            let statement = statement_of(m);
            let claim = shard::Claim {
                command: "verify",
                id: c.id(),
                statement: &statement,
                expr: None,
            };
            let r = shard::run(*c, &claim, m, kn);
            done(&r.0);
            r
        })
        .collect();
    let write = |path: &std::path::Path, recs: Vec<Value>| {
        crate::certify::write(path, recs)
            .map_err(|e| ClaimsError::Input(format!("cannot write {}: {e}", path.display())))
    };
    if let Some(dir) = &q.certificates {
        std::fs::create_dir_all(dir)
            .map_err(|e| ClaimsError::Input(format!("cannot write {}: {e}", dir.display())))?;
        for (r, recs) in &runs {
            let f = dir.join(format!("{}.shard-{}-of-{}.cert.json", r.id, kn.0, kn.1));
            write(&f, recs.clone())?;
        }
    }
    if let Some(f) = &q.certificate {
        write(f, runs.iter().flat_map(|(_, recs)| recs.clone()).collect())?;
    }
    Ok(VerifyReport {
        reports: runs.into_iter().map(|(r, _)| r).collect(),
        paper: None,
        certified: None,
        shard: Some(kn),
    })
}

impl VerifyReport {
    /// Every verdict equals its `expect` (a shard run: always, see [`Self::shard`]).
    pub fn all_match(&self) -> bool {
        self.shard.is_some() || self.reports.iter().all(|r| r.matches())
    }

    /// One line per claim and the summary.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for r in &self.reports {
            let mark = match self.shard {
                Some((k, n)) => format!("shard {k}/{n}"),
                None if r.matches() => "ok ".into(),
                None => "MISMATCH".into(),
            };
            let w = r
                .witness()
                .map(|c| format!("  first: {} — {}", c.instance, c.note))
                .unwrap_or_default();
            s.push_str(&format!(
                "{mark} {:<28} {:<9} ({} instances; {}){}\n",
                r.id,
                r.verdict.as_str(),
                r.instances,
                r.methods.join(", "),
                if matches!(r.verdict, Outcome::Holds | Outcome::HoldsForAll) {
                    String::new()
                } else {
                    w
                }
            ));
        }
        s.push_str(&verdict::summary(&self.reports));
        s.push('\n');
        s
    }

    /// The Markdown summary table of the paper (`None` without `--paper`).
    pub fn to_markdown(&self) -> Option<String> {
        self.paper
            .as_ref()
            .map(|m| verdict::markdown_table(m, &self.reports))
    }

    /// `{"all_match", "claims": [report, …]}`.
    pub fn to_json(&self) -> Value {
        let v: Vec<Value> = self.reports.iter().map(|r| r.to_json()).collect();
        crate::json::document(
            "verify",
            json!({ "all_match": self.all_match(), "claims": v }),
        )
    }
}

/// What `dpcert search` looks for.
#[derive(Clone, Debug)]
pub struct SearchQuery {
    /// The claim.
    pub id: String,
    /// The largest size.
    pub max_size: crate::params::SearchSize,
    /// Stop before the next size once this has passed.
    pub budget: Option<Duration>,
    /// `(k, n)`: only instance indices i with i % n == k - 1.
    pub shard: Option<(usize, usize)>,
}

/// `dpcert search`: the counterexample found, or how far the search went.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The claim.
    pub id: String,
    /// The shard searched.
    pub shard: Option<(usize, usize)>,
    /// What was found.
    pub(crate) found: search::Found,
}

/// Search the claim's family up to the size asked; `tick(size, n)` is told each size done.
pub fn search(
    checkers: &[Box<dyn ClaimChecker>],
    q: &SearchQuery,
    tick: &(dyn Fn(usize, usize) + Sync),
) -> Result<SearchReport, ClaimsError> {
    let checker = checkers
        .iter()
        .find(|c| c.id() == q.id)
        .ok_or_else(|| unknown_id(&q.id, checkers))?;
    let opts = search::Options {
        max_size: q.max_size.get(),
        budget: q.budget,
        shard: q.shard,
    };
    let found = search::search(checker.as_ref(), &opts, tick).map_err(|e| match e {
        e @ search::SearchError::BadSize(_) => ClaimsError::Usage(e.to_string()),
        search::SearchError::NoFamily => ClaimsError::Usage(format!(
            "claim `{}` has no search family beyond its default grid (`dpcert list` shows which claims have one; `dpcert verify {}` runs its grid)",
            q.id, q.id
        )),
    })?;
    Ok(SearchReport {
        id: q.id.clone(),
        shard: q.shard,
        found,
    })
}

impl SearchReport {
    /// The counterexample (or the instances tried and why the search stopped).
    pub fn to_text(&self) -> String {
        let (id, found) = (&self.id, &self.found);
        let mut s = String::new();
        if let Some(c) = &found.grid_failure {
            s.push_str(&format!(
                "{id}: already fails on its own grid at {} (`dpcert verify {id}` shows the report); searching beyond it\n",
                c.instance
            ));
        }
        match &found.counterexample {
            Some(search::Counterexample {
                size,
                index,
                check: c,
            }) => {
                s.push_str(&format!(
                    "{id}: counterexample at search size {size} (instance #{index})\n"
                ));
                s.push_str(&format!("instance  {}\n", c.instance));
                s.push_str(&format!("compared  {}\n", c.compared));
                // A side without a value (a check that is not a comparison) is left out.
                for (name, side) in [("lhs", &c.lhs), ("rhs", &c.rhs)] {
                    match (side.exact.as_str(), side.decimal.as_str()) {
                        ("" | "none", "") => {}
                        (exact, "") => s.push_str(&format!("{name}       {exact}\n")),
                        (exact, dec) => s.push_str(&format!("{name}       {exact}   ({dec})\n")),
                    }
                }
                s.push_str(&format!("method    {}\n", c.method));
                if !c.note.is_empty() {
                    s.push_str(&format!("note      {}\n", c.note));
                }
                s.push_str(&format!(
                    "reproduce {}\n",
                    found.reproduce(id).unwrap_or_default()
                ));
            }
            None => s.push_str(&format!(
                "{id}: no counterexample in {} instances ({} undecided); {}\n",
                found.tried, found.undecided, found.note
            )),
        }
        s
    }

    /// [`search::Found::to_json`] under the header (what `search-merge` reads back).
    pub fn to_json(&self) -> Value {
        crate::json::document("search", self.found.to_json(&self.id, self.shard))
    }
}

/// `dpcert merge` (alias `search-merge`): the merge of the shard certificates of `verify
/// --shard K/N` and `check --shard K/N`, or of the `--json` outputs of `search --shard K/N`.
#[derive(Clone, Debug)]
pub enum MergeReport {
    /// Search documents merged ([`search::merge`]), their counterexamples re-checked.
    Search(search::Merged),
    /// Shard records merged per claim ([`shard::merge`]).
    Shards(Vec<shard::MergedClaim>),
}

/// Merge the documents `(file name, text)`: shard certificates ([`shard::merge`]; `check`
/// shards are re-checked with `expr_checker(id, expr)`) or search outputs. Refused (exit 1) a
/// missing, duplicated or mismatched shard and a counterexample that does not re-check (issue
/// 44 item 5: a missing search shard was reported with exit 0 before); an error names the file.
pub fn merge(
    checkers: &[Box<dyn ClaimChecker>],
    files: &[(String, String)],
    expr_checker: &dyn Fn(&str, &str) -> Box<dyn ClaimChecker>,
) -> Result<MergeReport, ClaimsError> {
    if files.is_empty() {
        return Err(ClaimsError::Usage("merge needs at least one file".into()));
    }
    let docs = files
        .iter()
        .map(|(name, text)| {
            crate::prob::io::parse_json_unique_keys(text)
                .map(|v| (name.clone(), v))
                .map_err(|e| ClaimsError::Input(format!("{name}: invalid JSON: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let certs = docs
        .iter()
        .filter(|(_, v)| v.get("certificate_version").is_some())
        .count();
    if certs == 0 {
        return merge_search(checkers, &docs).map(MergeReport::Search);
    }
    let mut records = Vec::new();
    for (name, v) in &docs {
        if v["certificate_version"] != json!(crate::certify::CERTIFICATE_VERSION) {
            return Err(ClaimsError::Refused(format!(
                "{name}: certificate_version {}, this dpcert writes {}",
                v["certificate_version"],
                crate::certify::CERTIFICATE_VERSION
            )));
        }
        let shards: Vec<&Value> = v["records"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["kind"] == "shard")
            .collect();
        if shards.is_empty() {
            return Err(ClaimsError::Input(format!(
                "{name}: no shard record (write one with `verify --shard K/N --certificate FILE` or `check --shard K/N --certificate FILE`)"
            )));
        }
        records.extend(shards.into_iter().map(|r| (name.clone(), r.clone())));
    }
    let meta = by_id(&load_manifests()?);
    let resolve = |file: &str, rec: &Value| -> Result<shard::Resolved<'_>, String> {
        let id = rec["claim"].as_str().unwrap_or("");
        match rec["command"].as_str() {
            Some("verify") => {
                let c = checkers
                    .iter()
                    .find(|c| c.id() == id)
                    .ok_or_else(|| format!("{file}: claim {id} is unknown to this dpcert"))?;
                let m = meta.get(id);
                Ok(shard::Resolved {
                    checker: shard::Checker::Borrowed(c.as_ref()),
                    claim_hash: shard::claim_hash("verify", id, &statement_of(m)),
                    expect: m.map(|m| m.expect),
                })
            }
            Some("check") => {
                let expr = rec["expr"]
                    .as_str()
                    .ok_or_else(|| format!("{file}: check shard of {id} without `expr`"))?;
                Ok(shard::Resolved {
                    checker: shard::Checker::Owned(expr_checker(id, expr)),
                    claim_hash: shard::claim_hash(
                        "check",
                        id,
                        &shard::check_statement(expr, rec["expect"].as_str()),
                    ),
                    expect: Some(match rec["expect"].as_str() {
                        Some(e) => shard::outcome_named(e)
                            .ok_or_else(|| format!("{file}: bad expect {e:?}"))?,
                        None => Outcome::Holds,
                    }),
                })
            }
            _ => Err(format!(
                "{file}: shard record of {id} without a known `command`"
            )),
        }
    };
    shard::merge(&records, &resolve)
        .map(MergeReport::Shards)
        .map_err(ClaimsError::Refused)
}

/// The search path of [`merge`]: every shard present, every counterexample re-checked.
fn merge_search(
    checkers: &[Box<dyn ClaimChecker>],
    docs: &[(String, Value)],
) -> Result<search::Merged, ClaimsError> {
    for (name, v) in docs {
        if !(v["id"].is_string() && v["tried"].is_u64()) {
            return Err(ClaimsError::Input(format!(
                "{name}: not the --json output of `dpcert search` nor a shard certificate"
            )));
        }
    }
    let m = search::merge(docs).map_err(ClaimsError::Refused)?;
    if !m.missing.is_empty() {
        return Err(ClaimsError::Refused(format!(
            "{}: missing shard(s) {} of {}: the merge would cover only part of the search",
            m.id,
            m.missing.join(", "),
            m.shards
        )));
    }
    for (name, v) in docs.iter().filter(|(_, v)| v["result"] == "fails") {
        search::recheck(checkers, name, v).map_err(ClaimsError::Refused)?;
    }
    Ok(m)
}

impl MergeReport {
    /// Every merged claim's verdict equals its `expect` (a search merge: always).
    pub fn all_match(&self) -> bool {
        match self {
            MergeReport::Search(_) => true,
            MergeReport::Shards(cs) => cs.iter().all(|c| c.matches() != Some(false)),
        }
    }

    /// The merged counterexample (or the instances tried over the shards); one line per claim.
    pub fn to_text(&self) -> String {
        let m = match self {
            MergeReport::Search(m) => m,
            MergeReport::Shards(cs) => {
                let mut s: String = cs.iter().map(|c| c.to_text()).collect();
                s.push_str(&format!(
                    "merged {} claim(s): every shard present and matching, every counterexample re-checked\n",
                    cs.len()
                ));
                return s;
            }
        };
        match &m.found {
            Some((f, v)) => {
                let c = &v["counterexample"];
                format!(
                    "{}: counterexample at search size {} (instance #{}, from {f}; re-checked)\ninstance  {}\ncompared  {}\nreproduce {}\n",
                    m.id,
                    v["size"],
                    v["index"],
                    c["instance"].as_str().unwrap_or(""),
                    c["compared"].as_str().unwrap_or(""),
                    v["reproduce"].as_str().unwrap_or("")
                )
            }
            None => format!(
                "{}: no counterexample in {} instances over {} shard(s) ({} undecided)\n",
                m.id, m.tried, m.given, m.undecided
            ),
        }
    }

    /// [`search::Merged::to_json`] under the `search-merge` header, or `{"all_match",
    /// "claims"}` under the `merge` header.
    pub fn to_json(&self) -> Value {
        match self {
            MergeReport::Search(m) => crate::json::document("search-merge", m.to_json()),
            MergeReport::Shards(cs) => crate::json::document(
                "merge",
                json!({
                    "all_match": self.all_match(),
                    "claims": cs.iter().map(|c| c.to_json()).collect::<Vec<_>>(),
                }),
            ),
        }
    }
}
