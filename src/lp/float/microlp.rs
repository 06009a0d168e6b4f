//! A floating-point solve of a [`Model`], used only as a hint (issue 14).
//!
//! The exact solver ([`crate::lp::guided`]) asks for the primal and the dual optimum in floating
//! point, reads off which variables are positive, which rows are tight and which dual multipliers
//! are non-zero, and then solves and checks that guess exactly. Nothing here decides anything: a
//! wrong hint only costs time (the exact repair and, at worst, the exact simplex from scratch).
//!
//! The float solver is [`microlp`], a sparse revised simplex with LU updates in pure Rust. It was
//! chosen because it builds with cargo alone (HiGHS and CLP need cmake or a C++ toolchain and
//! system libraries), handles the sizes of issue 14 (thousands of rows and columns) in well under
//! a second, and is maintained (a fork of the archived `minilp`). It reports primal values only,
//! so the dual hint is a second float solve of the dual LP written out below.
//!
//! Tried and not kept (2026-11-27, issue 31 item 3, branch lphint38): on the path LP P60
//! (`bench/lp_vs_highs.py --path 60 --t 1/2`, 3,600 columns, 7,140 rows) the hint is the whole
//! run (2.35 of 2.39 s): microlp 0.6 takes 2.6 s for the primal and 3.5 s for the dual alone
//! (load ~4), side by side. microlp 0.7 (scaling, presolve) takes 1.0–1.5 s for the primal but
//! 3.6 s for the full dual; the primal first and then the dual restricted by complementary
//! slackness at the float point (multipliers of clearly slack rows left out, the dual
//! constraints of clearly positive columns made equations; 0.55–1.25 s) gave P60 6.2 → 3.6 s at
//! load ~4 but only 2.47 → 2.39 s at load ~1.3 (9.7× → 9.2× HiGHS), made the hint of the H(3,3)
//! LPs of `examples/guided_stress` slower (0.7's primal 1.3–1.9 s against 0.7–0.9 s for 0.6's
//! two solves; +3.4 s over the 60 cases) and `--dense 80 --shape mixed` ~1 ms slower, and
//! changed the float vertices the warm starts of [`crate::lp::guided`] begin from (0.7's default
//! tolerance 1e-7 reads more of the geometric tails as zero). Also no gain: the restricted dual
//! without the equations (3.1–3.3 s), 0.7's tolerance at 1e-9/1e-10 (slower), its presolve
//! off, the `≤ 0` multipliers negated, and racing the primal against the dual in 50 ms slices.
//!
//! Since 2026-11-27 (issue 31 item 3, branch lphint39) these two solves are the fallback: LPs
//! whose slack basis is dual feasible take the float dual simplex of [`crate::lp::float::simplex`]
//! (primal and prices in one solve; P60 0.82–0.85 s against 4.03–4.35 s, figures in
//! [`crate::lp::guided`]). Tried and not kept there: no float hint at all, the exact dual simplex of
//! [`crate::lp::exact::revised`] from the slack basis (dual feasible on P60): 5,072 dual pivots, 101 s
//! (`dpcert lp P60.lp`, load ~1.5) — its exact pivots cost ~20 ms each, against ~0.4 ms for a
//! float one.

use crate::lp::model::{Cmp, Model, Sense};
use crate::num::fmt::to_f64;
use microlp::{ComparisonOp, OptimizationDirection, Problem};
use std::time::Instant;

/// What the float solver said about an LP.
#[derive(Clone, Debug, PartialEq)]
pub enum FloatAnswer {
    /// An (approximately) optimal point, one value per variable (or per row for the dual).
    Optimal(Vec<f64>),
    Infeasible,
    Unbounded,
    /// The float solver gave up: time limit, numerical trouble, or a panic inside it.
    Failed(String),
}

fn op(cmp: Cmp) -> ComparisonOp {
    match cmp {
        Cmp::Le => ComparisonOp::Le,
        Cmp::Ge => ComparisonOp::Ge,
        Cmp::Eq => ComparisonOp::Eq,
    }
}

fn direction(sense: Sense) -> OptimizationDirection {
    match sense {
        Sense::Minimize => OptimizationDirection::Minimize,
        Sense::Maximize => OptimizationDirection::Maximize,
    }
}

/// Run microlp, turning its panics and errors into [`FloatAnswer::Failed`].
fn run(problem: Problem, vars: Vec<microlp::Variable>, deadline: Option<Instant>) -> FloatAnswer {
    let mut problem = problem;
    if let Some(d) = deadline {
        let left = d.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return FloatAnswer::Failed("time limit".into());
        }
        problem.set_time_limit(left);
    }
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.solve()));
    match outcome {
        Err(_) => FloatAnswer::Failed("the float solver panicked".into()),
        Ok(Err(microlp::Error::Infeasible)) => FloatAnswer::Infeasible,
        Ok(Err(microlp::Error::Unbounded)) => FloatAnswer::Unbounded,
        Ok(Err(e)) => FloatAnswer::Failed(format!("{e:?}")),
        Ok(Ok(outcome)) => match outcome.solution() {
            Some(s) if s.status() == microlp::SolutionStatus::Optimal => {
                FloatAnswer::Optimal(vars.iter().map(|&v| s.var_value_raw(v)).collect())
            }
            _ => FloatAnswer::Failed("stopped before an optimum (time limit)".into()),
        },
    }
}

/// The primal LP in floating point: one value per variable.
pub fn primal(model: &Model, deadline: Option<Instant>) -> FloatAnswer {
    let mut p = Problem::new(direction(model.sense()));
    let vars: Vec<_> = model
        .objective()
        .iter()
        .map(|c| p.add_var(to_f64(c), (0.0, f64::INFINITY)))
        .collect();
    for row in model.rows() {
        let expr: Vec<_> = row
            .coeffs
            .iter()
            .map(|(j, a)| (vars[*j], to_f64(a)))
            .collect();
        p.add_constraint(expr, op(row.cmp), to_f64(&row.rhs));
    }
    run(p, vars, deadline)
}

/// The dual LP in floating point, in the sign conventions of [`crate::lp::model`]: one multiplier per
/// row. For `Minimize`: maximise `b·y` subject to `Aᵀy <= c`, `y_i >= 0` on `>=` rows, `<= 0` on
/// `<=` rows, free on `=` rows; for `Maximize`: minimise `b·y` subject to `Aᵀy >= c` with the
/// signs of `<=` and `>=` rows exchanged.
pub fn dual(model: &Model, deadline: Option<Instant>) -> FloatAnswer {
    let (sense, col_cmp) = match model.sense() {
        Sense::Minimize => (OptimizationDirection::Maximize, ComparisonOp::Le),
        Sense::Maximize => (OptimizationDirection::Minimize, ComparisonOp::Ge),
    };
    let mut p = Problem::new(sense);
    let nonneg_on = match model.sense() {
        Sense::Minimize => Cmp::Ge,
        Sense::Maximize => Cmp::Le,
    };
    let ys: Vec<_> = model
        .rows()
        .iter()
        .map(|row| {
            let bounds = match row.cmp {
                Cmp::Eq => (f64::NEG_INFINITY, f64::INFINITY),
                c if c == nonneg_on => (0.0, f64::INFINITY),
                _ => (f64::NEG_INFINITY, 0.0),
            };
            p.add_var(to_f64(&row.rhs), bounds)
        })
        .collect();
    let mut columns: Vec<Vec<(microlp::Variable, f64)>> = vec![Vec::new(); model.n_vars()];
    for (i, row) in model.rows().iter().enumerate() {
        for (j, a) in &row.coeffs {
            columns[*j].push((ys[i], to_f64(a)));
        }
    }
    for (j, col) in columns.into_iter().enumerate() {
        p.add_constraint(col, col_cmp, to_f64(&model.objective()[j]));
    }
    run(p, ys, deadline)
}
