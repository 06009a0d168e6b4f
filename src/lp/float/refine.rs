//! Iterative refinement of the float dual simplex's basis (issue 31 item 3), after Gleixner,
//! Steffy & Wolter, "Iterative refinement for linear programming", INFORMS J. Computing 28(3),
//! 2016 (SoPlex's exact mode), on the primal side only. Hints only: nothing here decides
//! anything; the basis it ends with is handed to the exact phases, which prove or repair it.
//!
//! The float dual simplex of [`crate::lp::float::simplex`] reads every basic value above
//! `−FIRST_PRIMAL_TOL` (1e-7, absolute; since issue 42 item 8's ninth round, 1e-9 before) as
//! feasible in its first solve, so on the channel LPs, whose optimal columns decay
//! geometrically along the path (values down to ~10^-49 on P_50 at e^ε = 10), its optimum is
//! right down to ~1e-7 and blind below. Refinement looks deeper, one scale at a time:
//!
//! 1. the point `z` of the current basis (every variable of the slack form `A x + s = b`,
//!    non-basic ones exactly at their bounds) is a vector of dyadic rationals, so its residual
//!    `r = b − A x − s` and its bound violations `max(l − z, z − u, 0)` are computed exactly;
//! 2. with `S` their largest magnitude and `Δ = 2^k` the power of two with `Δ S ∈ [1, 2)`, the
//!    scaled residual problem — `A δ_x + δ_s = Δ r`, `Δ (l − z) ≤ δ ≤ Δ (u − z)` — has
//!    violations of order 1, and is solved by the float dual simplex from the current basis
//!    ([`Run::restate`]): the costs do not change, so the basis's reduced costs do not either,
//!    and it stays dual feasible;
//! 3. `z ← z + δ/Δ` exactly (the non-basic variables exactly at their bounds), and again.
//!
//! Each round sees violations down to `PRIMAL_TOL · S` (`PRIMAL_TOL` 1e-9, set by
//! [`Run::restate`]), about 30 bits below the last; a round
//! that needs no pivot only sharpens `z`. Refinement stops after [`QUIET_ROUNDS`] rounds in a
//! row without a pivot, after [`MAX_ROUNDS`] rounds, when `z` is exact (no residual, no
//! violation), or when `Δ` would leave the range of `f64`. The dual side is not refined: the
//! reduced costs are the first solve's, so the basis is dual feasible to the float tolerance
//! only, and [`crate::lp::guided`] checks it exactly before the exact pivots start from it.
//!
//! Measured (2026-11-27, `dpcert lp --stats` on the LPs of issue 31 at e^ε = 10, load ~4;
//! pivots of the first solve, then of each round):
//!
//! | LP | first solve | rounds | the exact phases after |
//! |---|---|---|---|
//! | P_50 | 1,037 | 379, 135, 127, 35, 0, 0 | the refined guess certifies |
//! | P_40 | 703 | 198, 132, 35, 0, 0 | the refined guess certifies |
//! | C_40 | 760 | 298, 12, 0, 0 | the refined basis is optimal: 0 exact pivots |
//!
//! P_50 went from 35.1 s (678 exact dual pivots from the float dual's basis) to 0.68 s in
//! all, the float hint with its refinement 0.6 s of it (medians of 3, main's binary
//! interleaved; figures in [`crate::lp::guided`]). A round costs its float pivots and one exact
//! residual (`dot` per row, on dyadic rationals that grow by ~50 bits a round).

use crate::lp::float::budget::Budget;
use crate::lp::float::simplex::{Outcome, Run};
use crate::lp::model::{Cmp, Constraint, Model};
use crate::num::fmt::{exact_f64, to_f64};
use crate::num::{dot, Rational};

/// Rounds in a row without a pivot after which refinement stops.
const QUIET_ROUNDS: usize = 2;

/// The most refinement rounds.
const MAX_ROUNDS: usize = 40;

/// The largest scale exponent `k` of `Δ = 2^k` (bounds of order `Δ` must stay finite).
const MAX_SCALE_BITS: i64 = 900;

/// The float dual simplex's optimum, refined.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Refined {
    /// The float dual simplex's answer at the last basis (its `x` the refined point, rounded).
    pub outcome: Outcome,
    /// Pivots of the first solve, and of each refinement round.
    pub first_pivots: usize,
    pub round_pivots: Vec<usize>,
    /// Why refinement stopped.
    pub stop: &'static str,
}

impl Refined {
    /// One line for `--stats`: "float dual simplex, 1037 pivots; 4 refinement rounds, 61
    /// pivots (…)".
    pub(crate) fn summary(&self) -> String {
        let rounds = self.round_pivots.len();
        let pivots: usize = self.round_pivots.iter().sum();
        format!(
            "float dual simplex, {} pivots; {rounds} refinement round{}, {pivots} pivots ({:?}; {})",
            self.first_pivots,
            if rounds == 1 { "" } else { "s" },
            self.round_pivots,
            self.stop
        )
    }
}

/// The float dual simplex at its optimum, to be refined on demand.
pub(crate) struct Refiner {
    run: Run,
}

impl Refiner {
    /// The float dual simplex from the slack basis, until `budget` is spent at most; its failure
    /// (or a verdict of infeasibility) as the outcome. `tight`: at the refinement's primal
    /// tolerance from the start ([`Run::tighten`]) rather than the first solve's looser one.
    pub(crate) fn new(model: &Model, budget: &Budget, tight: bool) -> Result<Refiner, Outcome> {
        let mut run = Run::new(model)?;
        if tight {
            run.tighten();
        }
        run.optimise(budget)?;
        Ok(Refiner { run })
    }

    /// `rows` added to the LP, and the dual simplex continued from the optimal basis to the
    /// new optimum ([`Run::add_rows`]; the rounds of row generation, issue 42 item 9): the
    /// model it is refined on later has those rows after its own, in this order.
    pub(crate) fn add_rows<'a>(
        &mut self,
        rows: impl IntoIterator<Item = &'a Constraint>,
        budget: &Budget,
    ) -> Result<(), Outcome> {
        self.run.add_rows(rows)?;
        self.run.optimise(budget)
    }

    /// Its pivots.
    pub(crate) fn pivots(&self) -> usize {
        self.run.pivots()
    }

    /// Its optimum, unrefined: the point and the prices.
    pub(crate) fn optimum(&self) -> (Vec<f64>, Vec<f64>) {
        self.run.point_and_prices()
    }

    /// Refinement rounds until one of the stops of the module docs, or `budget` is spent; a failure
    /// in a round ends the refinement at the basis the run holds.
    pub(crate) fn refine(mut self, model: &Model, budget: &Budget) -> Refined {
        let first_pivots = self.run.pivots();
        let run = &mut self.run;
        let mut point = Point::new(model, run);
        let mut round_pivots = Vec::new();
        let mut quiet = 0;
        let stop = loop {
            if round_pivots.len() >= MAX_ROUNDS {
                break "round cap";
            }
            if budget.spent() {
                break "time limit";
            }
            let residual = point.residual();
            let Some(k) = point.scale_bits(&residual) else {
                break "exact";
            };
            if k > MAX_SCALE_BITS {
                break "scale cap";
            }
            let (rhs, lower, upper) = point.scaled_problem(&residual, k);
            let before = run.pivots();
            if run.restate(rhs, lower, upper).is_err() || run.optimise(budget).is_err() {
                // The run still holds a basis of the LP (a hint): go on with it.
                break "a failed round";
            }
            let pivots = run.pivots() - before;
            round_pivots.push(pivots);
            point.correct(run, k);
            quiet = if pivots == 0 { quiet + 1 } else { 0 };
            if quiet >= QUIET_ROUNDS {
                break "no pivot";
            }
        };
        // The refined point, rounded: its tails (far below the first solve's tolerance) are
        // what the guess of `crate::lp::guided` reads its support from. The prices are the
        // basis's.
        let mut outcome = run.optimal();
        if let Outcome::Optimal { x, .. } = &mut outcome {
            *x = point.z[..point.n].iter().map(to_f64).collect();
        }
        Refined {
            outcome,
            first_pivots,
            round_pivots,
            stop,
        }
    }
}

/// The exact point of a basis of the slack form and what it needs from the model.
struct Point<'a> {
    model: &'a Model,
    n: usize,
    /// Every variable's value (structurals, then slacks): dyadic rationals.
    z: Vec<Rational>,
    /// Whether each variable is basic (the non-basic ones sit exactly at their bounds).
    basic: Vec<bool>,
}

impl<'a> Point<'a> {
    /// The run's point, exactly (its floats are dyadic rationals), non-basic variables at
    /// their bounds.
    fn new(model: &'a Model, run: &Run) -> Point<'a> {
        let (n, m) = run.dims();
        let mut point = Point {
            model,
            n,
            z: vec![Rational::from(0u32); n + m],
            basic: vec![false; n + m],
        };
        for (v, x) in run.point().into_iter().enumerate() {
            point.basic[v] = run.is_basic(v);
            if point.basic[v] {
                point.z[v] = exact_f64(x);
            }
        }
        point
    }

    /// The bounds of variable `v` in the slack form: `None` for an infinite one.
    fn bounds(&self, v: usize) -> (Option<Rational>, Option<Rational>) {
        let zero = || Some(Rational::from(0u32));
        if v < self.n {
            return (zero(), None);
        }
        match self.model.rows()[v - self.n].cmp {
            Cmp::Le => (zero(), None),
            Cmp::Ge => (None, zero()),
            Cmp::Eq => (zero(), zero()),
        }
    }

    /// The exact residual `b − A x − s`, by row.
    fn residual(&self) -> Vec<Rational> {
        let x = &self.z[..self.n];
        self.model
            .rows()
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let ax = dot(row.coeffs.iter().map(|(j, a)| (a, &x[*j])));
                &row.rhs - ax - &self.z[self.n + i]
            })
            .collect()
    }

    /// How far each variable is outside its bounds (0 inside).
    fn violations(&self) -> Vec<Rational> {
        (0..self.z.len())
            .map(|v| {
                let (lo, up) = self.bounds(v);
                let z = &self.z[v];
                match (lo, up) {
                    (Some(l), _) if *z < l => l - z,
                    (_, Some(u)) if *z > u => z - u,
                    _ => Rational::from(0u32),
                }
            })
            .collect()
    }

    /// `k` with `2^k · S ∈ [1, 2)`, `S` the largest residual or violation; `None` when both are
    /// zero (the point is the basis's exact, feasible point).
    fn scale_bits(&self, residual: &[Rational]) -> Option<i64> {
        let violations = self.violations();
        let all = || residual.iter().chain(&violations);
        let largest = all().map(|v| to_f64(v).abs()).fold(0.0f64, f64::max);
        if largest == 0.0 {
            // Values too small for an f64 are beyond the range cap.
            return all().any(|v| *v != 0u32).then_some(MAX_SCALE_BITS + 1);
        }
        Some(-i64::from(largest.log2().floor() as i32))
    }

    /// The scaled residual problem at `Δ = 2^k`: right-hand sides `Δ r` and bounds
    /// `Δ (l − z)`, `Δ (u − z)`, rounded to floats (a hint: the next round measures the
    /// rounding exactly).
    fn scaled_problem(&self, residual: &[Rational], k: i64) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let rhs = residual.iter().map(|r| to_f64(&(r << k))).collect();
        let (mut lower, mut upper) = (Vec::new(), Vec::new());
        for v in 0..self.z.len() {
            let (lo, up) = self.bounds(v);
            let shift = |b: Option<Rational>, inf: f64| {
                b.map_or(inf, |b| {
                    if self.basic[v] {
                        to_f64(&((b - &self.z[v]) << k))
                    } else {
                        0.0
                    }
                })
            };
            lower.push(shift(lo, f64::NEG_INFINITY));
            upper.push(shift(up, f64::INFINITY));
        }
        (rhs, lower, upper)
    }

    /// `z ← z + δ/Δ` with `δ` the run's point and `Δ = 2^k`; the non-basic variables exactly
    /// at their bounds.
    fn correct(&mut self, run: &Run, k: i64) {
        for (v, d) in run.point().into_iter().enumerate() {
            self.basic[v] = run.is_basic(v);
            if self.basic[v] {
                if d != 0.0 {
                    self.z[v] += exact_f64(d) >> k;
                }
            } else {
                let (lo, up) = self.bounds(v);
                self.z[v] = lo.or(up).expect("every variable has a finite bound");
            }
        }
    }
}

#[cfg(test)]
mod tests;
