//! An expression claim as a [`ClaimChecker`]: a manifest entry with `expr` and no Rust checker
//! is registered like any other claim, so `verify`, `show`, the snapshots and the generated
//! tables treat it the same way. Its grid is the expression's own domains; each instance is one
//! report row ([`super::run::run_checks`]). Its search family (`dpcert search`) is the
//! expression with its domains grown ([`super::grow`]).

use super::{grow, parse, run, Claim, Options};
use crate::claim::manifest::{self, Manifest};
use crate::claim::{error_check, Check, ClaimChecker};
use std::collections::BTreeSet;

/// A claim stated in the claim language.
pub struct ExprChecker {
    pub id: String,
    pub source: String,
    claim: Result<Claim, String>,
}

impl ExprChecker {
    pub fn new(id: &str, source: &str) -> ExprChecker {
        ExprChecker {
            id: id.to_string(),
            source: source.to_string(),
            claim: parse(source).map_err(|e| e.render(source)),
        }
    }
}

impl ClaimChecker for ExprChecker {
    fn id(&self) -> &str {
        &self.id
    }
    fn check_grid(&self) -> Vec<Check> {
        let claim = match &self.claim {
            Ok(c) => c,
            Err(e) => return vec![error_check(format!("the expression does not parse: {e}"))],
        };
        match run::run_checks(claim, &Options::default()) {
            Ok((_, checks)) => checks,
            Err(e) => vec![error_check(e.render(&self.source))],
        }
    }
    fn grid_len(&self) -> usize {
        self.check_grid().len()
    }
    fn search_size(&self, size: usize) -> Option<Vec<Check>> {
        self.search_select(size, &|_| true)
            .map(|v| v.into_iter().map(|(_, c)| c).collect())
    }
    fn has_search_family(&self) -> bool {
        self.claim.as_ref().is_ok_and(grow::has_family)
    }
    /// The claim's domains grown to search size `size` (sizes and denominators, see
    /// [`grow`]), the first counterexample shrunk.
    fn search_select(
        &self,
        size: usize,
        keep: &(dyn Fn(usize) -> bool + Sync),
    ) -> Option<Vec<(usize, Check)>> {
        grow::search_select(self.claim.as_ref().ok()?, size, keep)
    }
    /// The evaluator stops at the first failing instance of a chunk, so a shard sees only its
    /// own first one: choose by index ([`crate::claim::search::merge`] then agrees with an
    /// unsplit search).
    fn search_first_by_index(&self) -> bool {
        true
    }
}

/// The manifest directory the CLI reads (`DPCERT_THEOREMS`, else `theorems/`).
fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("DPCERT_THEOREMS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(manifest::default_dir)
}

/// Checkers for the manifest claims that have an `expr` and whose ID no Rust checker uses.
/// Unreadable manifests give none (the caller reports the manifest error itself).
pub fn expression_only(rust_ids: &BTreeSet<String>) -> Vec<Box<dyn ClaimChecker>> {
    let ms: Vec<Manifest> = manifest::load_all(manifest_dir()).unwrap_or_default();
    ms.iter()
        .flat_map(|m| &m.claims)
        .filter(|c| !rust_ids.contains(&c.id))
        .filter_map(|c| c.expr.as_deref().map(|e| ExprChecker::new(&c.id, e)))
        .map(|c| Box::new(c) as Box<dyn ClaimChecker>)
        .collect()
}
