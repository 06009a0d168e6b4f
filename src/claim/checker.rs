//! The checker-facing API (issue 43, item 1: out of `claim/mod.rs`, which only re-exports, so
//! that the modules that use it form no circle with it): the [`ClaimChecker`] trait every
//! registered claim implements, [`Family`] (a claim as typed instances and one check), and the
//! rows a check returns when it cannot decide.

use super::forall::ForAll;
use super::{Check, Method, Outcome, Value};
use std::fmt::Display;

/// A claim checker, erased over its instance type.
pub trait ClaimChecker: Send + Sync {
    /// Claim ID as in the claim specification (and `docs/claims-*.md`), e.g. `WYZ-T1a`.
    fn id(&self) -> &str;
    /// Check every instance of the default grid, in grid order.
    fn check_grid(&self) -> Vec<Check>;
    /// Number of instances in the default grid.
    fn grid_len(&self) -> usize;
    /// The number of instances of the default grid and those whose index (in grid order)
    /// `keep` accepts, checked, as `(i, check)` in index order: one shard of `verify --shard
    /// K/N` and the re-check of one counterexample by `dpcert merge` (issue 44 item 5). The
    /// default runs the whole grid and filters.
    fn grid_select(&self, keep: &(dyn Fn(usize) -> bool + Sync)) -> (usize, Vec<(usize, Check)>) {
        let all = self.check_grid();
        let n = all.len();
        (
            n,
            all.into_iter()
                .enumerate()
                .filter(|(i, _)| keep(*i))
                .collect(),
        )
    }
    /// Instances of search size `size` (size 1, 2, ... grows without bound), checked.
    /// `None` when the claim has no family beyond its default grid.
    fn search_size(&self, size: usize) -> Option<Vec<Check>>;
    /// Whether `dpcert search` has a family beyond the default grid for this claim.
    fn has_search_family(&self) -> bool;
    /// The instances of search size `size` whose index `i` (in the family's order) satisfies
    /// `keep(i)`, checked (in parallel where possible), returned as `(i, check)` in index order.
    /// Used by `dpcert search --shard K/N`; the default runs the whole size and filters.
    fn search_select(
        &self,
        size: usize,
        keep: &(dyn Fn(usize) -> bool + Sync),
    ) -> Option<Vec<(usize, Check)>> {
        Some(
            self.search_size(size)?
                .into_iter()
                .enumerate()
                .filter(|(i, _)| keep(*i))
                .collect(),
        )
    }
    /// Whether [`Self::grid_select`] and [`Self::search_select`] stop at the first failing
    /// instance in index order and count nothing after it (an expression claim:
    /// `lang::run` breaks there). The grid's verdict is then the aggregate of the instances up
    /// to that failure only (an error after it is not seen), and `dpcert merge` reads its
    /// shards by the same rule (docs/sharding.md, "The merged verdict"). `false` (the default):
    /// every instance runs and counts.
    fn stops_at_first_failure(&self) -> bool {
        false
    }
    /// How `dpcert search` picks the first counterexample of a size: `false` the least by
    /// (length of the instance text, instance text, index), `true` the least index. A claim
    /// that [stops at its first failing instance](Self::stops_at_first_failure) says `true` (the
    /// default follows it): only the index order is the same in every shard of a split search.
    fn search_first_by_index(&self) -> bool {
        self.stops_at_first_failure()
    }
    /// The claim's *holds for all* certificate, where the registry was handed one
    /// (`registry::with_certificates`); [`super::verdict::run`] lifts the grid's verdict with
    /// it.
    fn certificate(&self) -> Option<&ForAll> {
        None
    }
}

/// A claim checker over instances of type `I`.
///
/// `check` must build every quantity from the definitions (enumerate the databases, the
/// neighbour pairs, the LP) and compare with the paper's formula; never copy an expected number.
pub(crate) struct Family<I> {
    pub id: &'static str,
    /// The default grid (what `dpcert verify` and `cargo test` run).
    pub grid: fn() -> Vec<I>,
    /// Instances of search size `k` for `dpcert search`; `None` if there is no larger family.
    pub beyond: Option<fn(usize) -> Vec<I>>,
    /// Check one instance.
    pub check: fn(&I) -> Check,
}

impl<I: Display + Send + Sync + 'static> Family<I> {
    /// Erase the instance type.
    pub(crate) fn boxed(self) -> Box<dyn ClaimChecker> {
        Box::new(self)
    }
}

impl<I: Display + Send + Sync + 'static> ClaimChecker for Family<I> {
    fn id(&self) -> &str {
        self.id
    }
    /// In parallel on the current pool (issue 44 item 5: `verify --jobs N` splits one
    /// claim's instances across workers, so the longest claim is no longer one thread's work),
    /// in grid order.
    fn check_grid(&self) -> Vec<Check> {
        self.grid_select(&|_| true)
            .1
            .into_iter()
            .map(|(_, c)| c)
            .collect()
    }
    fn grid_select(&self, keep: &(dyn Fn(usize) -> bool + Sync)) -> (usize, Vec<(usize, Check)>) {
        let instances = (self.grid)();
        let n = instances.len();
        (
            n,
            par_select(n, keep, &|i| run_one(&self.check, &instances[i])),
        )
    }
    fn grid_len(&self) -> usize {
        (self.grid)().len()
    }
    fn has_search_family(&self) -> bool {
        self.beyond.is_some()
    }

    fn search_size(&self, size: usize) -> Option<Vec<Check>> {
        let beyond = self.beyond?;
        Some(
            beyond(size)
                .iter()
                .map(|i| run_one(&self.check, i))
                .collect(),
        )
    }
    fn search_select(
        &self,
        size: usize,
        keep: &(dyn Fn(usize) -> bool + Sync),
    ) -> Option<Vec<(usize, Check)>> {
        let beyond = self.beyond?;
        let instances = beyond(size);
        Some(par_select(instances.len(), keep, &|i| {
            run_one(&self.check, &instances[i])
        }))
    }
}

/// `(i, run(i))` for every `i < n` that `keep` selects, in index order, checked in parallel.
/// Not generic on purpose: the ~65 instance types of `Family` share this one rayon pipeline
/// instead of compiling one each (a tenth of the library's LLVM IR before; issue 31 item 6).
fn par_select(
    n: usize,
    keep: &(dyn Fn(usize) -> bool + Sync),
    run: &(dyn Fn(usize) -> Check + Sync),
) -> Vec<(usize, Check)> {
    use rayon::prelude::*;
    (0..n)
        .into_par_iter()
        .filter(|i| keep(*i))
        .map(|i| (i, run(i)))
        .collect()
}

/// `f` of every item, in the items' order, computed in parallel on the current pool: the one
/// way a claim's single instance splits its own loop across `verify --jobs N` workers (issue 44
/// item 5: AACP-Ex1g-general's 3,003 priors were one thread's work, the critical path of the
/// whole `verify`). The caller then folds the results in order, so the verdict, the first
/// counterexample and the records are those of the sequential loop.
pub(crate) fn par_in_order<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use rayon::prelude::*;
    items.par_iter().map(&f).collect()
}

/// The items folded by `step` into accumulators made by `init`, in parallel on the current
/// pool, each accumulator over consecutive items, and the accumulators joined in order by
/// `join` (`join(a, b)`: `b`'s items come after `a`'s). For a `join` that is associative and
/// whose accumulator of no item is neutral ([`super::scan::DScan::append`]), the result is the
/// sequential fold's; there are only a few accumulators per worker, so what an accumulator
/// costs (a scan's closest case shown) is paid a few times, not once per item (issue 44
/// item 5).
pub(crate) fn par_fold_in_order<T: Sync, A: Send>(
    items: &[T],
    init: impl Fn() -> A + Sync + Send,
    step: impl Fn(&mut A, &T) + Sync + Send,
    join: impl Fn(&mut A, A) + Sync + Send,
) -> A {
    use rayon::prelude::*;
    items
        .par_iter()
        .fold(&init, |mut a, item| {
            step(&mut a, item);
            a
        })
        .reduce(&init, |mut a, b| {
            join(&mut a, b);
            a
        })
}

/// Run one check, filling in the instance label if the checker left it empty. A panic inside
/// the check becomes that instance's `error` row (with the panic message), never an abort of
/// the whole run.
fn run_one<I: Display>(check: &fn(&I) -> Check, instance: &I) -> Check {
    let mut c = guarded(|| check(instance));
    if c.instance.is_empty() {
        c.instance = instance.to_string();
    }
    c
}

/// Run `f`; a panic becomes an `error` check whose note carries the panic message.
fn guarded(f: impl FnOnce() -> Check) -> Check {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string panic payload".to_string());
        error_check(format!("the check panicked: {msg}"))
    })
}

/// An `error` row: the check could not run (a bug in the checker, or an empty grid).
pub(crate) fn error_check(why: impl Into<String>) -> Check {
    Check::new(
        "check did not run",
        Value::text("-", ""),
        Value::text("-", ""),
        Method::Exact,
        Outcome::Error,
    )
    .with_note(why)
}

/// An `undecided` row with its reason: the tool could not decide this instance (e.g. a
/// certified bound too weak, an order the exact layer does not cover).
pub(crate) fn undecided_because(why: impl AsRef<str>) -> Check {
    Check::new(
        "undecided",
        Value::text("-", ""),
        Value::text("-", ""),
        Method::Exact,
        Outcome::Undecided,
    )
    .with_note(format!("undecided: {}", why.as_ref()))
}

/// An `out-of-range` row: the instance lies outside the statement's hypotheses (e.g. a
/// distortion beyond the theorem's range), so the statement says nothing there. Counted apart
/// from `holds`, so a verdict says on how many instances the statement was exercised.
pub(crate) fn out_of_range(why: impl AsRef<str>) -> Check {
    Check::new(
        "outside the statement's range",
        Value::text("-", ""),
        Value::text("-", ""),
        Method::Exact,
        Outcome::OutOfRange,
    )
    .with_note(format!("out of range: {}", why.as_ref()))
}

/// The one "not checkable" row (a definition, a figure absent from the source, an informal
/// remark): verdict `not-checkable`, with the reason in the note. Distinct from `undecided`,
/// which means a certified bound was too weak.
pub(crate) fn not_checkable(why: impl AsRef<str>) -> Check {
    Check::new(
        "not checkable",
        Value::text("-", ""),
        Value::text("-", ""),
        Method::Exact,
        Outcome::NotCheckable,
    )
    .with_note(format!("not checkable: {}", why.as_ref()))
}
