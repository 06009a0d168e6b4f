//! The claim manifests `theorems/<slug>.toml` (format: docs/design.md, "theorems/").
//!
//! [`load`] reads one file, [`load_all`] every `*.toml` of a directory (sorted by file name) and
//! validates across files. Every error names the file, the line (from toml's byte span) and the
//! reason, so `dpcert verify` can exit 3 with a message a person can act on.

use super::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// What kind of statement a claim is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// `A = B` exactly.
    Identity,
    /// An inequality `A ≤ B`.
    Bound,
    /// A bound that is attained.
    Tightness,
    /// An optimum (value and optimiser).
    Optimality,
    /// `P ⇒ Q`.
    Implication,
    /// Two definitions agree.
    DefinitionEquivalence,
    /// A definition whose well-posedness or stated property is checked (used by several
    /// manifests besides the seven kinds the claim specification names).
    Definition,
    /// A number printed in the paper.
    PrintedValue,
}

impl Kind {
    /// The manifest spelling (`definition-equivalence`, `printed-value`, ...).
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

/// The `[paper]` table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paper {
    /// Short name, e.g. `wang-ying-zhang`.
    pub slug: String,
    /// The paper's title.
    pub title: String,
    /// The paper's authors.
    pub authors: Vec<String>,
    /// File name of the source text (the document the claims come from; not in the repository).
    pub seed: String,
    /// The full citation (authors, title, venue or date, as far as the source says).
    #[serde(default)]
    pub citation: String,
}

impl Paper {
    /// The citation, or "authors, title" when the manifest gives none.
    pub fn cite(&self) -> String {
        if !self.citation.is_empty() {
            self.citation.clone()
        } else if self.authors.is_empty() {
            self.title.clone()
        } else {
            format!("{}, {}", self.authors.join(", "), self.title)
        }
    }
}

/// One `[[claim]]` entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ManifestClaim {
    /// Claim ID, e.g. `WYZ-T1a`.
    pub id: String,
    /// One-line title.
    pub title: String,
    /// Where in the paper (section, equation, line).
    pub source: String,
    /// The statement as the paper makes it.
    pub statement: String,
    /// What kind of statement it is.
    pub kind: Kind,
    /// The default grid of instances, in words.
    pub grid: String,
    /// What the tool decided on the default grid.
    pub expect: Outcome,
    /// Required when `expect` is not `holds`.
    pub why: Option<String>,
    /// The claim in the claim language (`lang`), when it is stated as an expression.
    pub expr: Option<String>,
    /// The paper's slug (from `[paper]`).
    pub paper: String,
    /// 1-based line of the entry's `id` in its manifest.
    pub line: usize,
}

/// One parsed manifest file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Manifest {
    /// The manifest file.
    pub path: PathBuf,
    /// Its `[paper]` table.
    pub paper: Paper,
    /// Its `[[claim]]` entries, in file order.
    pub claims: Vec<ManifestClaim>,
}

/// A manifest that cannot be used: which file, which line (when known), why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    /// The manifest file.
    pub path: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.path.display(), l, self.reason),
            None => write!(f, "{}: {}", self.path.display(), self.reason),
        }
    }
}

impl std::error::Error for ManifestError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    paper: Paper,
    #[serde(default)]
    claim: Vec<RawClaim>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClaim {
    id: toml::Spanned<String>,
    title: String,
    source: String,
    statement: String,
    kind: Kind,
    grid: String,
    expect: Outcome,
    why: Option<String>,
    #[serde(default)]
    expr: Option<String>,
}

/// 1-based line of byte offset `pos` in `text`.
fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Parse manifest text; `path` is used in error messages only.
pub fn parse(path: &Path, text: &str) -> Result<Manifest, ManifestError> {
    let err = |line: Option<usize>, reason: String| ManifestError {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let raw: RawManifest = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start));
        err(line, e.message().trim().to_string())
    })?;
    let mut claims = Vec::with_capacity(raw.claim.len());
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for c in raw.claim {
        let line = line_of(text, c.id.span().start);
        let id = c.id.into_inner();
        if id.trim().is_empty() {
            return Err(err(Some(line), "empty claim id".into()));
        }
        // `--certificates DIR` writes `DIR/<id>.cert.json`: an id that is not one file name
        // (`../x` wrote outside DIR; `a/b` failed to write, after a run that exited 0)
        if id.contains(['/', '\\', '\0']) || id == "." || id == ".." {
            return Err(err(
                Some(line),
                format!("claim id `{id}` names files (DIR/<id>.cert.json): no `/`, `\\`, NUL, `.` or `..`"),
            ));
        }
        if let Some(first) = seen.insert(id.clone(), line) {
            return Err(err(
                Some(line),
                format!("duplicate claim id `{id}` (first at line {first})"),
            ));
        }
        if matches!(c.expect, Outcome::Error | Outcome::OutOfRange) {
            return Err(err(
                Some(line),
                format!(
                    "claim `{id}`: expect = \"{}\" is not a verdict (use holds, fails, undecided or not-checkable)",
                    c.expect
                ),
            ));
        }
        let why = c.why.filter(|w| !w.trim().is_empty());
        if !matches!(c.expect, Outcome::Holds | Outcome::HoldsForAll) && why.is_none() {
            return Err(err(
                Some(line),
                format!("claim `{id}`: expect = \"{}\" requires a `why`", c.expect),
            ));
        }
        claims.push(ManifestClaim {
            id,
            title: c.title,
            source: c.source,
            statement: c.statement,
            kind: c.kind,
            grid: c.grid,
            expect: c.expect,
            why,
            expr: c.expr,
            paper: raw.paper.slug.clone(),
            line,
        });
    }
    Ok(Manifest {
        path: path.to_path_buf(),
        paper: raw.paper,
        claims,
    })
}

/// Read and parse one manifest file.
pub fn load(path: impl AsRef<Path>) -> Result<Manifest, ManifestError> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| ManifestError {
        path: path.to_path_buf(),
        line: None,
        reason: format!("cannot read: {e}"),
    })?;
    parse(path, &text)
}

/// Every `*.toml` in `dir`, sorted by file name; claim ids must be unique across all files and
/// paper slugs unique.
pub fn load_all(dir: impl AsRef<Path>) -> Result<Vec<Manifest>, ManifestError> {
    let dir = dir.as_ref();
    let entries = std::fs::read_dir(dir).map_err(|e| ManifestError {
        path: dir.to_path_buf(),
        line: None,
        reason: format!("cannot read directory: {e}"),
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    across_files(paths.iter().map(load).collect::<Result<_, _>>()?)
}

// `BUILTIN`: the repository's `theorems/*.toml`, written by build.rs.
include!(concat!(env!("OUT_DIR"), "/theorems.rs"));

/// The manifests compiled into the binary (the repository's `theorems/*.toml` when it was
/// built; issue 43, item 5), validated like [`load_all`]'s. Errors name `theorems/<file>`.
pub fn builtin() -> Result<Vec<Manifest>, ManifestError> {
    let parsed = BUILTIN
        .iter()
        .map(|(name, text)| parse(&Path::new("theorems").join(name), text))
        .collect::<Result<_, _>>()?;
    across_files(parsed)
}

/// The manifests dpcert reads: those of the directory `DPCERT_THEOREMS` names, if it is set
/// (a person's own claims), else the ones compiled in ([`builtin`]).
pub fn load_default() -> Result<Vec<Manifest>, ManifestError> {
    match std::env::var_os("DPCERT_THEOREMS") {
        Some(dir) => load_all(PathBuf::from(dir)),
        None => builtin(),
    }
}

/// The checks across files: paper slugs and claim ids unique.
fn across_files(ms: Vec<Manifest>) -> Result<Vec<Manifest>, ManifestError> {
    let mut ids: BTreeMap<String, (PathBuf, usize)> = BTreeMap::new();
    let mut slugs: BTreeMap<String, PathBuf> = BTreeMap::new();
    for m in &ms {
        let p = &m.path;
        if let Some(prev) = slugs.insert(m.paper.slug.clone(), p.clone()) {
            return Err(ManifestError {
                path: p.clone(),
                line: None,
                reason: format!(
                    "paper slug `{}` already used by {}",
                    m.paper.slug,
                    prev.display()
                ),
            });
        }
        for c in &m.claims {
            if let Some((pp, pl)) = ids.insert(c.id.clone(), (p.clone(), c.line)) {
                return Err(ManifestError {
                    path: p.clone(),
                    line: Some(c.line),
                    reason: format!(
                        "claim id `{}` already defined at {}:{pl}",
                        c.id,
                        pp.display()
                    ),
                });
            }
        }
    }
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"[paper]
slug = "p"
title = "T"
authors = ["A"]
seed = "s.txt"

[[claim]]
id = "P-1"
title = "t"
source = "s"
statement = "x"
kind = "bound"
grid = "g"
expect = "holds"

[[claim]]
id = "P-2"
title = "t"
source = "s"
statement = "x"
kind = "printed-value"
grid = "g"
expect = "fails"
why = "n=1"
"#;

    fn parse_str(s: &str) -> Result<Manifest, ManifestError> {
        parse(Path::new("m.toml"), s)
    }

    #[test]
    fn parses_good() {
        let m = parse_str(GOOD).unwrap();
        assert_eq!(m.paper.slug, "p");
        assert_eq!(m.claims.len(), 2);
        assert_eq!(m.claims[0].line, 8);
        assert_eq!(m.claims[1].line, 17);
        assert_eq!(m.claims[1].expect, Outcome::Fails);
        assert_eq!(m.claims[1].kind, Kind::PrintedValue);
        assert_eq!(m.claims[1].why.as_deref(), Some("n=1"));
    }

    /// Each bad input: (edit of GOOD, expected line, substring of the reason).
    #[test]
    fn errors_table() {
        let table: [(String, Option<usize>, &str); 10] = [
            // an id is a file name in --certificates DIR
            (
                GOOD.replace("P-2", "../P-2"),
                Some(17),
                "claim id `../P-2` names files",
            ),
            (GOOD.replace("P-2", "é/ü"), Some(17), "names files"),
            (GOOD.replace("P-2", ".."), Some(17), "names files"),
            (
                GOOD.replace("expect = \"holds\"", "expect = \"error\""),
                Some(8),
                "not a verdict",
            ),
            (
                GOOD.replace("kind = \"bound\"", "kind = \"lemma\""),
                Some(12),
                "lemma",
            ),
            (
                GOOD.replace("expect = \"holds\"", "expect = \"true\""),
                Some(14),
                "true",
            ),
            (
                GOOD.replace("why = \"n=1\"\n", ""),
                Some(17),
                "requires a `why`",
            ),
            (
                GOOD.replace("P-2", "P-1"),
                Some(17),
                "duplicate claim id `P-1`",
            ),
            (
                GOOD.replace("title = \"t\"\nsource", "title = t\nsource"),
                Some(9),
                "",
            ),
            (
                GOOD.replace("grid = \"g\"\nexpect = \"holds\"", "expect = \"holds\""),
                Some(7),
                "grid",
            ),
        ];
        for (text, line, reason) in table {
            let e = parse_str(&text).unwrap_err();
            assert_eq!(e.line, line, "{e}");
            assert!(e.reason.contains(reason), "{e}");
            assert!(e.to_string().starts_with("m.toml:"), "{e}");
        }
    }

    #[test]
    fn repository_manifests_load() {
        let ms = load_all(repository_dir()).unwrap_or_else(|e| panic!("{e}"));
        assert!(!ms.is_empty());
    }

    fn repository_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("theorems")
    }

    /// Issue 43, item 5: the compiled-in manifests are the repository's, file for file (a file
    /// build.rs missed, or a stale copy, fails here), under `theorems/<file>`.
    #[test]
    fn builtin_manifests_are_the_repository_files() {
        let from_disk = load_all(repository_dir()).unwrap_or_else(|e| panic!("{e}"));
        let built_in = builtin().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(built_in.len(), from_disk.len());
        assert!(from_disk.len() >= 6, "{} manifests", from_disk.len());
        for (b, d) in built_in.iter().zip(&from_disk) {
            assert_eq!(
                b.path,
                Path::new("theorems").join(d.path.file_name().unwrap())
            );
            assert_eq!((&b.paper, &b.claims), (&d.paper, &d.claims));
        }
    }

    /// The checks across files hold for the compiled-in manifests as for a directory: a
    /// duplicated claim id or slug is refused, naming both places.
    #[test]
    fn duplicates_across_files_are_refused() {
        let one = parse_str(GOOD).unwrap();
        let mut other = one.clone();
        other.path = PathBuf::from("q.toml");
        let e = across_files(vec![one.clone(), other.clone()]).unwrap_err();
        assert!(e.reason.contains("paper slug `p` already used"), "{e}");
        other.paper.slug = "q".into();
        let e = across_files(vec![one, other]).unwrap_err();
        assert!(e.reason.contains("already defined at"), "{e}");
        assert_eq!(e.path, PathBuf::from("q.toml"));
    }
}
