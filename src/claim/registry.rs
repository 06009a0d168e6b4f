//! The registry is handed its claims (issue 43, item 1): the framework knows no paper, so the
//! papers (`crate::papers::registry`) give it their checkers and their *holds for all*
//! certificates, and [`with_certificates`] attaches each certificate to the checker of its
//! claim ([`ClaimChecker::certificate`]), where [`super::verdict::run`] finds it.

use super::forall::ForAll;
use super::{Check, ClaimChecker};
use std::collections::BTreeMap;

/// A checker with the certificate that lifts its grid verdict to `holds-for-all`.
struct Certified {
    checker: Box<dyn ClaimChecker>,
    certificate: ForAll,
}

impl ClaimChecker for Certified {
    fn id(&self) -> &str {
        self.checker.id()
    }
    fn check_grid(&self) -> Vec<Check> {
        self.checker.check_grid()
    }
    fn grid_len(&self) -> usize {
        self.checker.grid_len()
    }
    fn grid_select(&self, keep: &(dyn Fn(usize) -> bool + Sync)) -> (usize, Vec<(usize, Check)>) {
        self.checker.grid_select(keep)
    }
    fn search_size(&self, size: usize) -> Option<Vec<Check>> {
        self.checker.search_size(size)
    }
    fn has_search_family(&self) -> bool {
        self.checker.has_search_family()
    }
    fn search_select(
        &self,
        size: usize,
        keep: &(dyn Fn(usize) -> bool + Sync),
    ) -> Option<Vec<(usize, Check)>> {
        self.checker.search_select(size, keep)
    }
    fn search_first_by_index(&self) -> bool {
        self.checker.search_first_by_index()
    }
    fn stops_at_first_failure(&self) -> bool {
        self.checker.stops_at_first_failure()
    }
    fn certificate(&self) -> Option<&ForAll> {
        Some(&self.certificate)
    }
}

/// `checkers` in their order, each with the certificate of its claim ID attached, and the
/// certificates whose ID no checker has (a registry that drops one would silently lose a
/// `holds-for-all`; the papers' tests require this list to be empty).
pub fn with_certificates(
    checkers: Vec<Box<dyn ClaimChecker>>,
    certificates: Vec<ForAll>,
) -> (Vec<Box<dyn ClaimChecker>>, Vec<ForAll>) {
    let mut by_id: BTreeMap<&'static str, ForAll> =
        certificates.into_iter().map(|c| (c.id, c)).collect();
    let checkers = checkers
        .into_iter()
        .map(|checker| match by_id.remove(checker.id()) {
            Some(certificate) => Box::new(Certified {
                checker,
                certificate,
            }) as Box<dyn ClaimChecker>,
            None => checker,
        })
        .collect();
    (checkers, by_id.into_values().collect())
}
