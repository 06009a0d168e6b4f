//! Row generation: solve an LP with many rows, few of which bind at the optimum, on a growing
//! subset of its rows (issue 42 item 9: the optimal-mechanism LP on H(4, 3) with a prior
//! without symmetry has 6,561 variables and 52,569 rows, and gave no answer in 150 s).
//!
//! Start from the rows `initial` keeps; solve that sub-LP; add every row its optimum violates;
//! repeat until it violates none (Dantzig–Fulkerson–Johnson's cutting planes, the lazy
//! constraints of Applegate–Bixby–Chvátal–Cook's TSP codes). The sub-LP's optimum is then the
//! full LP's: its point is feasible for every row, and its dual, extended by 0 on the rows left
//! out, is dual feasible for the full LP with the same objective — so the answer is an ordinary
//! certificate of the full model, which [`check`] re-checks there. A sub-LP that is infeasible
//! proves the full LP infeasible the same way (its Farkas vector extended by 0). A sub-LP that
//! is unbounded proves nothing: the full model is then solved directly.
//!
//! **Rounds in floats.** A sub-LP is first solved by the float dual simplex only
//! ([`crate::lp::float::refine::Refiner`]), and its rows are added while its float point
//! violates some row by more than [`FLOAT_TOL`]; only a sub-LP whose float point violates no
//! row is solved exactly ([`guided::solve_with_hint`], from that same float run: the float
//! solve is not repeated), and its exact point is checked against every row left out, exactly.
//! Rows it violates join, and the rounds go on. The exact answer decides; the floats only
//! choose which rows to keep.
//!
//! **A warm float run.** Each float round goes on from the last round's optimal basis
//! ([`Refiner::add_rows`]: the rows it broke are appended with their slacks basic, which keeps
//! the basis dual feasible, and the dual simplex removes the new primal infeasibilities), as
//! HiGHS's `addRows` keeps its basis (`appendBasicRowsToBasis`). The sub-LP's rows are therefore
//! kept in the run's order (the initial rows, then each round's), and the exact round's model is
//! built in that order. H(4, 3) with the prior ∝ 1..81 and the identity gain (`dpcert optimal
//! --graph hamming:4,3 --t 2 --prior examples/prior81.csv --gain identity`, release, load ~12
//! on the 2-core machine): 15 rounds on 17,577 → 21,975 of 52,569 rows, 12,714 float pivots in
//! the first round and 310–2,874 in each of the others (34,769 in all), the exact round's
//! guess certified as guessed; 33.0 s wall, 14.7 s CPU (then, timed with the other instances of
//! [`crate::optimal`]'s threshold, 44.6 / 48.0 / 51.8 s wall, 15.0 / 15.6 / 15.9 s CPU, load
//! 11–13). Each round solved from the slack basis (before) gave no answer within 240–300 s.
//!
//! **A dual-feasible objective.** The float dual simplex needs a dual-feasible slack basis
//! (costs ≥ 0 in a minimisation), which a gain to maximise does not give. The objective is
//! shifted by multiples of the equality rows first ([`Shift`]): `c' = c − A_Eᵀ μ`, offset
//! `+ b_E·μ`, equal to `c·x` wherever `A_E x = b_E`, so the shifted LP has the same feasible
//! points and values, and a dual `y'` of it is the dual `y' + μ` of the given LP (`Aᵀ(y' + μ)
//! = Aᵀy' + A_Eᵀμ` against `c = c' + A_Eᵀμ`; `b·(y' + μ) = b·y' + b_E·μ`; the multipliers of
//! `=` rows have no sign). On the channel LPs (each variable in one stochastic row) the identity
//! gain `π(x)[y = x]` becomes `−π(x)[y ≠ x]`, the probability of a wrong guess.
//!
//! Ported from the WIP commit of branch `lead42lazy` (each round solved exactly from scratch,
//! with the float hint from microlp on gain objectives: no answer within the target).

#![allow(clippy::result_large_err)]

use super::certificate::check;
use super::float::budget::Budget;
use super::float::refine::Refiner;
use super::guided::{self, GuidedStats, Hint};
use super::model::{Certificate, Cmp, Model, Sense};
use super::options::Options;
use super::solve::LpError;
use crate::num::fmt::to_f64;
use crate::num::Rational;
use std::time::{Duration, Instant};

/// A row is violated in floats when `a·x − b` exceeds this, relative to the largest of 1, `|b|`
/// and the row's terms `|a_j x_j|`: about a thousand times the float dual simplex's own primal
/// tolerance, so that its rounding never adds a row, while a row the exact solve would break
/// by less is added by the exact check instead.
const FLOAT_TOL: f64 = 1e-7;

/// Rounds solved in floats only, after which a sub-LP is solved exactly even if its float
/// point still violates rows (a safeguard; on the channel LPs the rounds end within ten).
const MAX_FLOAT_ROUNDS: usize = 50;

/// Rounds in all, after which the full model is solved directly (a safeguard: every round
/// adds at least one row, so the rounds end anyway, but perhaps only with every row).
const MAX_ROUNDS: usize = 100;

/// One round of a row-generated solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// Rows of the sub-LP.
    pub rows: usize,
    /// Whether it was solved exactly (otherwise in floats only).
    pub exact: bool,
    /// Float dual simplex pivots it took (from the last round's basis, or from the slack
    /// basis).
    pub pivots: usize,
    /// Rows its optimum violated, added for the next round.
    pub added: usize,
    /// Its time.
    pub time: Duration,
}

/// What the rounds of a row-generated solve did, for the report.
#[derive(Clone, Debug, Default)]
pub struct LazyStats {
    /// The rounds, in order.
    pub rounds: Vec<Round>,
    /// The guided solver's summary of the last exact solve.
    pub last: String,
    /// Set when the rows ran out of use and the full model was solved directly, with why.
    pub fallback: Option<String>,
}

impl LazyStats {
    /// One line: the rounds and their sizes.
    pub fn summary(&self, full: usize) -> String {
        let sizes: Vec<String> = (self.rounds.iter())
            .map(|r| format!("{}{}", r.rows, if r.exact { " (exact)" } else { "" }))
            .collect();
        let pivots: usize = self.rounds.iter().map(|r| r.pivots).sum();
        let rounds = format!(
            "row generation: {} round{} on {} of {full} rows, {pivots} float pivots",
            self.rounds.len(),
            if self.rounds.len() == 1 { "" } else { "s" },
            sizes.join(" → ")
        );
        match &self.fallback {
            Some(why) => format!("{rounds}; gave up ({why}); solved with all {full} rows"),
            None => rounds,
        }
    }
}

/// The shift `μ` (one entry per row, 0 off the `=` rows) that makes the costs of the
/// minimisation `sign·c'` non-negative where an `=` row with positive coefficients can (see
/// the module docs), and the shifted model.
struct Shift {
    mu: Vec<Rational>,
    model: Model,
}

impl Shift {
    /// For each `=` row whose coefficients are all positive, in order, `ν = min_j (sign·c'_j /
    /// a_j)` when it is negative (`sign` 1 for a minimisation, −1 for a maximisation; `c'` the
    /// costs shifted by the rows before), then `μ = sign·ν`. Any `μ` gives the same LP; this
    /// one only decides whether the float dual simplex can start.
    fn new(model: &Model) -> Shift {
        let sign = match model.sense() {
            Sense::Minimize => Rational::from(1u32),
            Sense::Maximize => Rational::from(-1i32),
        };
        let mut cost: Vec<Rational> = model.objective().iter().map(|c| &sign * c).collect();
        let mut mu = vec![Rational::from(0u32); model.n_rows()];
        let mut offset = model.objective_offset().clone();
        for (i, row) in model.rows().iter().enumerate() {
            if row.cmp != Cmp::Eq || row.coeffs.iter().any(|(_, a)| *a <= 0u32) {
                continue;
            }
            let Some(nu) = row.coeffs.iter().map(|(j, a)| &cost[*j] / a).min() else {
                continue;
            };
            if nu >= 0u32 {
                continue;
            }
            for (j, a) in &row.coeffs {
                cost[*j] -= &nu * a;
            }
            mu[i] = &sign * &nu;
            offset += &mu[i] * &row.rhs;
        }
        let mut shifted = model.clone();
        let terms: Vec<(super::model::Var, Rational)> = (cost.into_iter().enumerate())
            .map(|(j, c)| (super::model::Var(j), &sign * c))
            .collect();
        shifted.set_objective(&terms);
        shifted.set_objective_offset(offset);
        Shift { mu, model: shifted }
    }

    /// A certificate of the shifted model as one of the given model: `y' + μ` for a dual.
    fn undo(&self, certificate: Certificate) -> Certificate {
        match certificate {
            Certificate::Optimal {
                value,
                primal,
                dual,
            } => Certificate::Optimal {
                value,
                primal,
                dual: dual.into_iter().zip(&self.mu).map(|(y, m)| y + m).collect(),
            },
            other => other,
        }
    }
}

/// Spread a vector over the sub-LP's rows (`order[k]` the row of entry `k`) to every one of
/// the `rows` rows of the model, 0 on the others.
fn spread(rows: usize, order: &[usize], v: Vec<Rational>) -> Vec<Rational> {
    assert_eq!(order.len(), v.len(), "one entry per kept row");
    let mut all = vec![Rational::from(0u32); rows];
    for (&i, vi) in order.iter().zip(v) {
        all[i] = vi;
    }
    all
}

/// A row in floats: its terms, its comparison and its right-hand side.
type FloatRow = (Vec<(usize, f64)>, Cmp, f64);

/// The rows, in floats, to find the rows a float point violates.
struct FloatRows {
    rows: Vec<FloatRow>,
}

impl FloatRows {
    fn new(model: &Model) -> FloatRows {
        let rows = (model.rows().iter())
            .map(|r| {
                let a = r.coeffs.iter().map(|(j, a)| (*j, to_f64(a))).collect();
                (a, r.cmp, to_f64(&r.rhs))
            })
            .collect();
        FloatRows { rows }
    }

    /// The rows left out (`!active`) that `x` violates by more than [`FLOAT_TOL`].
    fn violated(&self, active: &[bool], x: &[f64]) -> Vec<usize> {
        (self.rows.iter().enumerate())
            .filter(|(i, _)| !active[*i])
            .filter(|(_, (a, cmp, b))| {
                let (mut ax, mut scale) = (0.0, 1f64.max(b.abs()));
                for (j, aj) in a {
                    let term = aj * x[*j];
                    ax += term;
                    scale = scale.max(term.abs());
                }
                let tol = FLOAT_TOL * scale;
                match cmp {
                    Cmp::Le => ax - b > tol,
                    Cmp::Ge => b - ax > tol,
                    Cmp::Eq => (ax - b).abs() > tol,
                }
            })
            .map(|(i, _)| i)
            .collect()
    }
}

/// The rows left out (`!active`) that `x` violates, exactly.
fn violated_exactly(model: &Model, active: &[bool], x: &[Rational]) -> Vec<usize> {
    (model.rows().iter().enumerate())
        .filter(|(i, r)| !active[*i] && !r.cmp.holds(&r.activity(x), &r.rhs))
        .map(|(i, _)| i)
        .collect()
}

/// The float dual simplex on `sub`: its run at the optimum, or `None` (it does not apply, or
/// failed: the exact solve then makes its own hint). At its tight primal tolerance
/// ([`crate::lp::float::simplex::Run::tighten`]), a thousandth of [`FLOAT_TOL`]. A panic inside it (a bug; it decides
/// nothing) costs only the hint, as in [`guided`].
fn float_solve(sub: &Model, options: &Options) -> Option<Refiner> {
    let budget = Budget::new(options.float_budget, options.deadline);
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        Refiner::new(sub, &budget, true)
    }))
    .ok()?
    .ok()
}

/// The float run of a round's sub-LP: the last round's run with the rows it broke added
/// ([`Refiner::add_rows`]: the dual simplex goes on from its optimal basis), or a run from the
/// slack basis on `order`'s rows when there is none (the first round, a round after an exact
/// one) or adding failed. `None` when the float dual simplex fails here too: the exact solve
/// then makes its own hint. A panic (a bug; it decides nothing) costs only the hint.
fn float_round(
    model: &Model,
    order: &[usize],
    warm: Option<(Refiner, Vec<usize>)>,
    options: &Options,
) -> Option<Refiner> {
    if let Some((mut refiner, added)) = warm {
        let budget = Budget::new(options.float_budget, options.deadline);
        let rows = added.iter().map(|&i| &model.rows()[i]);
        let grown = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            refiner.add_rows(rows, &budget)
        }));
        if let Ok(Ok(())) = grown {
            return Some(refiner);
        }
    }
    float_solve(&model.with_rows_in(order), options)
}

/// Solve `model` by row generation from the rows `initial` keeps (`initial[i]` for row `i`).
/// Every answer is a certificate of the whole model that [`check`] accepted.
pub fn solve_lazy(
    model: &Model,
    initial: &[bool],
    options: &Options,
) -> Result<(Certificate, LazyStats), LpError> {
    assert_eq!(initial.len(), model.n_rows(), "one flag per row");
    let shift = Shift::new(model);
    let floats = FloatRows::new(model);
    let mut active = initial.to_vec();
    // The sub-LP's rows in the float run's order: the initial ones, then each round's.
    let mut order: Vec<usize> = (0..model.n_rows()).filter(|&i| initial[i]).collect();
    // The last float run and the rows its optimum broke, to go on from.
    let mut warm: Option<(Refiner, Vec<usize>)> = None;
    let mut stats = LazyStats::default();
    let mut float_rounds = 0;
    let certificate = loop {
        if options.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(LpError::TimeLimit);
        }
        if stats.rounds.len() >= MAX_ROUNDS {
            stats.fallback = Some(format!("{MAX_ROUNDS} rounds"));
            break solve_full(model, options, &mut stats)?;
        }
        let started = Instant::now();
        let rows = order.len();
        let before = warm.as_ref().map_or(0, |(r, _)| r.pivots());
        let refiner = float_round(&shift.model, &order, warm.take(), options);
        let pivots = refiner
            .as_ref()
            .map_or(0, |r| r.pivots().saturating_sub(before));
        let mut round = Round {
            rows,
            exact: false,
            added: 0,
            pivots,
            time: Duration::ZERO,
        };
        if let Some(run) = &refiner {
            let violated = floats.violated(&active, &run.optimum().0);
            if !violated.is_empty() && float_rounds < MAX_FLOAT_ROUNDS {
                float_rounds += 1;
                round.added = violated.len();
                round.time = started.elapsed();
                stats.rounds.push(round);
                for &i in &violated {
                    active[i] = true;
                }
                order.extend(&violated);
                warm = refiner.map(|run| (run, violated));
                continue;
            }
        }
        round.exact = true;
        let sub = shift.model.with_rows_in(&order);
        let (solution, guided_stats) = match refiner {
            Some(refiner) => {
                let summary = format!("float dual simplex, {} pivots", refiner.pivots());
                guided::solve_with_hint(&sub, options, Hint { refiner, summary })
            }
            None => guided::solve_with_options(&sub, options),
        }?;
        stats.last = guided_stats.summary();
        let answer = match solution {
            Certificate::Optimal { primal, dual, .. } => {
                let violated = violated_exactly(model, &active, &primal);
                if !violated.is_empty() {
                    round.added = violated.len();
                    round.time = started.elapsed();
                    stats.rounds.push(round);
                    for &i in &violated {
                        active[i] = true;
                    }
                    order.extend(violated);
                    continue;
                }
                shift.undo(Certificate::Optimal {
                    value: model.objective_value(&primal),
                    primal,
                    dual: spread(model.n_rows(), &order, dual),
                })
            }
            Certificate::Infeasible { farkas } => Certificate::Infeasible {
                farkas: spread(model.n_rows(), &order, farkas),
            },
            Certificate::Unbounded { .. } => {
                round.time = started.elapsed();
                stats.rounds.push(round);
                stats.fallback = Some("a sub-LP is unbounded".into());
                break solve_full(model, options, &mut stats)?;
            }
        };
        round.time = started.elapsed();
        stats.rounds.push(round);
        break answer;
    };
    check(model, &certificate).map_err(LpError::Certificate)?;
    Ok((certificate, stats))
}

/// The full model, solved directly (the fallback).
fn solve_full(
    model: &Model,
    options: &Options,
    stats: &mut LazyStats,
) -> Result<Certificate, LpError> {
    let (solution, guided_stats): (Certificate, GuidedStats) =
        guided::solve_with_options(model, options)?;
    stats.last = guided_stats.summary();
    Ok(solution)
}

#[cfg(test)]
mod tests;
