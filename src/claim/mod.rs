//! Claims as first-class objects: the checker-facing API, the registry, verdicts, reports.
//!
//! A claim checker is a `Family` of typed instances: a default grid, optionally a family of
//! larger instances for `dpcert search`, and a function that checks one instance and returns a
//! [`Check`]. `Family::boxed` erases the instance type so all claims live in one registry.

pub mod certificates;
pub(crate) mod checker;
pub mod commands;
pub(crate) mod families;
pub(crate) mod forall;
pub(crate) mod instances;
pub mod manifest;
pub(crate) mod mechanism_grid;
pub(crate) mod registry;
pub(crate) mod report;
pub(crate) mod scan;
pub(crate) mod search;
pub(crate) mod shard;
pub mod verdict;

pub use checker::ClaimChecker;
pub(crate) use checker::{
    error_check, not_checkable, out_of_range, par_fold_in_order, par_in_order, undecided_because,
    Family,
};
pub use report::{Check, Method, Outcome, Records, Value};

/// The `k` IDs of `known` nearest to `id` by case-insensitive edit distance (ties by name):
/// the suggestion for an unknown claim ID, in the CLI and the Python package alike.
pub fn nearest_ids<'a>(
    id: &str,
    known: impl IntoIterator<Item = &'a str>,
    k: usize,
) -> Vec<&'a str> {
    crate::suggest::nearest(id, known, k, false)
}

#[cfg(test)]
mod false_claim_tests;
