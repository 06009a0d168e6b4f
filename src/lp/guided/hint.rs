//! The guided solve's float side (step 1 of [`super`]): the float hint's budget, the choice
//! between the float dual simplex (refined later if its guess does not certify) and microlp's
//! two solves, and the float solver's own pattern of non-zeros.

use super::stats::GuidedStats;
use crate::lp::float::budget::Budget;
use crate::lp::float::microlp::{self, FloatAnswer};
use crate::lp::float::refine;
use crate::lp::float::simplex as float_simplex;
use crate::lp::model::{Cmp, Model};
use crate::lp::options::Options;
use std::time::Duration;

#[cfg(test)]
thread_local! {
    /// Whether [`float_hint`] skips the float dual simplex (on this thread), so that the
    /// paths after microlp's hint stay tested on LPs the dual simplex now answers.
    pub(super) static MICROLP_HINT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The float hint's budget on `model`, in CPU time of the solving thread (issue 42 item 8: it
/// was wall-clock time, and load decided the answer path): 10 ms plus 1 µs per (rows +
/// columns) × non-zeros, at most [`Options::float_budget`]. A float simplex takes about (rows +
/// columns) × non-zeros × 10 ns (P60: 10,800 × 18,000 entries, 1.8 s), so this leaves it a hundred times that; what
/// it bounds is the float simplex cycling on a degenerate LP, which would otherwise stall a
/// 3-row LP (`lp::tests`' redundant equality) for the whole [`Options::float_budget`] — small
/// LPs have taken this path since issue 31, and the exact revised simplex answers them from
/// the slack basis at once.
pub(super) fn float_budget(model: &Model, options: &Options) -> Duration {
    let nonzeros: usize = model.rows().iter().map(|r| r.coeffs.len()).sum();
    let work = (model.n_rows() + model.n_vars()).saturating_mul(nonzeros);
    let estimate = Duration::from_millis(10).saturating_add(Duration::from_micros(
        u64::try_from(work).unwrap_or(u64::MAX),
    ));
    estimate.min(options.float_budget)
}

/// [`float_budget`] from now on this thread, and the solve's deadline: the float hint's and its
/// refinement's [`Budget`] (read on this thread).
pub(super) fn hint_budget(model: &Model, options: &Options) -> Budget {
    Budget::new(float_budget(model, options), options.deadline)
}

/// The float hint: the float dual simplex ([`float_simplex`]) where the slack basis is dual
/// feasible, its basis giving the primal point and the prices in one solve (within half of
/// the CPU time `budget` leaves); otherwise, or if it fails, microlp's primal and dual solves
/// side by side ([`microlp`], on the wall clock: they run on two threads). Records which in
/// `stats.hint`.
pub(super) fn float_hint(
    model: &Model,
    budget: &Budget,
    stats: &mut GuidedStats,
) -> (FloatAnswer, FloatAnswer, Option<refine::Refiner>) {
    #[cfg(test)]
    let forced = MICROLP_HINT.get();
    #[cfg(not(test))]
    let forced = false;
    // Half the budget, so that microlp has the other half if the dual simplex fails.
    let half = budget.half();
    // A panic inside our own float solver (a bug; it decides nothing) must cost only the hint,
    // as microlp's panics do in `microlp::run`.
    let outcome = if forced {
        Err(float_simplex::Outcome::Failed("skipped by a test".into()))
    } else {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            refine::Refiner::new(model, &half, false)
        }))
        .unwrap_or_else(|_| Err(float_simplex::Outcome::Failed("it panicked".into())))
    };
    let why = match outcome {
        Ok(refiner) => {
            stats.hint = format!("float dual simplex, {} pivots", refiner.pivots());
            let (x, y) = refiner.optimum();
            return (
                FloatAnswer::Optimal(x),
                FloatAnswer::Optimal(y),
                Some(refiner),
            );
        }
        Err(float_simplex::Outcome::Infeasible) => {
            stats.hint = "float dual simplex: infeasible".into();
            let not_solved = FloatAnswer::Failed("not solved".into());
            return (FloatAnswer::Infeasible, not_solved, None);
        }
        Err(float_simplex::Outcome::NotDualFeasible) => "slack basis not dual feasible".to_string(),
        Err(float_simplex::Outcome::Failed(why)) => format!("float dual simplex: {why}"),
        Err(float_simplex::Outcome::Optimal { .. }) => unreachable!("an optimum is a run"),
    };
    stats.hint = format!("microlp primal and dual; {why}");
    let deadline = budget.wall_deadline();
    let (primal, dual) = side_by_side(
        || microlp::primal(model, deadline),
        || microlp::dual(model, deadline),
    );
    (primal, dual, None)
}

/// The float solver's own pattern: the variables its primal makes non-zero, and the rows its
/// dual prices (every `=` row among them).
pub(super) fn float_pattern(model: &Model, x: &[f64], y: &[f64]) -> (Vec<bool>, Vec<bool>) {
    let support = x.iter().map(|v| *v != 0.0).collect();
    let priced = model
        .rows()
        .iter()
        .zip(y)
        .map(|(row, yi)| row.cmp == Cmp::Eq || *yi != 0.0)
        .collect();
    (support, priced)
}

/// `(a(), b())`, with `a` on a scoped thread of its own while this thread runs `b`; a panic in
/// `a` is passed on. Not `rayon::join`: a join caller that waits may run another task of the
/// pool meanwhile (another test's or claim's long float solve), and then an LP's float budget
/// runs out while its own solves wait. With `rayon::join` for the exact pair,
/// `benchmark_lps_certify_from_the_float_basis` failed 3 times in 7 runs of `cargo test --lib
/// lp::` (its float hint took 1,333 ms of a tiny LP); with a scoped thread, 0 in 7.
pub(super) fn side_by_side<A: Send, B>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B,
) -> (A, B) {
    std::thread::scope(|s| {
        let a = s.spawn(a);
        let b = b();
        let a = a.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        (a, b)
    })
}
