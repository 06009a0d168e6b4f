//! How a long audit reports its stages and when it gives up.

use super::query::AuditError;
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// Neighbour pairs per step of a pair loop: between steps the deadline is checked and the
/// stage reported.
const PAIRS_PER_STEP: usize = 2048;

/// How a long audit reports its stages and when it gives up ([`audit_watched`]).
#[derive(Default)]
pub(crate) struct Watch<'a> {
    /// Stop with [`AuditError::TimeLimit`] once this instant has passed (checked between
    /// stages, every [`PAIRS_PER_STEP`] neighbour pairs, and during the capacity hint).
    pub deadline: Option<Instant>,
    /// Told the stage as it starts (`"delta at eps = 1: 4,096 / 65,280 neighbour pairs"`).
    pub stage: Option<&'a dyn Fn(&str)>,
    /// Each stage's name and start, in order ([`Watch::enter`]; `dpcert audit --stats`).
    pub starts: RefCell<Vec<(String, Instant)>>,
}

impl Watch<'_> {
    /// Start `stage`: record when, tell [`Watch::stage`], check the deadline.
    pub(crate) fn enter(&self, stage: &str) -> Result<(), AuditError> {
        self.mark(stage);
        self.step(stage)
    }

    /// Record that `stage` starts now (for [`Watch::stage_times`]), nothing else.
    pub(crate) fn mark(&self, stage: &str) {
        self.starts
            .borrow_mut()
            .push((stage.to_string(), Instant::now()));
    }

    /// The wall time of each stage entered so far, the last one ending now.
    pub(crate) fn stage_times(&self) -> Vec<(String, Duration)> {
        let starts = self.starts.borrow();
        let now = Instant::now();
        starts
            .iter()
            .enumerate()
            .map(|(i, (name, t))| {
                let end = starts.get(i + 1).map_or(now, |s| s.1);
                (name.clone(), end.duration_since(*t))
            })
            .collect()
    }

    /// Progress within the current stage: tell [`Watch::stage`], check the deadline.
    pub(super) fn step(&self, stage: &str) -> Result<(), AuditError> {
        if let Some(f) = self.stage {
            f(stage);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(AuditError::TimeLimit {
                stage: stage.to_string(),
            });
        }
        Ok(())
    }

    pub(super) fn in_time(&self) -> bool {
        self.deadline.is_none_or(|d| Instant::now() < d)
    }

    /// `measure` over the pairs in steps of [`PAIRS_PER_STEP`], keeping a step's result when
    /// `better(step, best)`: with a strict `better` this is the first attaining witness, as
    /// one pass over every pair would report it.
    /// A result that `settled` accepts cannot be beaten (a level or `e^ε` of `∞`): the
    /// remaining pairs are skipped.
    pub(super) fn over_pairs<T>(
        &self,
        stage: &str,
        pairs: &[(usize, usize)],
        measure: impl Fn(&[(usize, usize)]) -> Result<T, AuditError>,
        better: impl Fn(&T, &T) -> Result<bool, AuditError>,
        settled: impl Fn(&T) -> bool,
    ) -> Result<T, AuditError> {
        let mut best: Option<T> = None;
        let total = crate::num::fmt::count(pairs.len(), "neighbour pair", "neighbour pairs");
        self.enter(stage)?;
        for (i, step) in pairs.chunks(PAIRS_PER_STEP).enumerate() {
            if best.as_ref().is_some_and(&settled) {
                break;
            }
            self.step(&format!("{stage}: {} of {total}", i * PAIRS_PER_STEP))?;
            let r = measure(step)?;
            best = match best {
                Some(b) if !better(&r, &b)? => Some(b),
                _ => Some(r),
            };
        }
        match best {
            Some(b) => Ok(b),
            None => measure(&[]),
        }
    }

    /// `measure` over the pairs in steps of [`PAIRS_PER_STEP`], each step's result joined to
    /// the ones before it (`join(earlier, later)`), as one pass over every pair would give.
    pub(super) fn fold_pairs<T>(
        &self,
        stage: &str,
        pairs: &[(usize, usize)],
        measure: impl Fn(&[(usize, usize)]) -> T,
        join: impl Fn(&T, &T) -> T,
    ) -> Result<T, AuditError> {
        let total = crate::num::fmt::count(pairs.len(), "neighbour pair", "neighbour pairs");
        self.enter(stage)?;
        let mut acc: Option<T> = None;
        for (i, step) in pairs.chunks(PAIRS_PER_STEP).enumerate() {
            self.step(&format!("{stage}: {} of {total}", i * PAIRS_PER_STEP))?;
            let r = measure(step);
            acc = Some(match acc {
                Some(a) => join(&a, &r),
                None => r,
            });
        }
        Ok(acc.unwrap_or_else(|| measure(&[])))
    }
}
