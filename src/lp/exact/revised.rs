//! Exact revised simplex, started from any basis (issue 14): the warm start of the float-guided
//! solver ([`crate::lp::guided`]) when the guessed optimal pattern does not certify.
//!
//! Slack form: row `i` reads `a_i·x + σ_i s_i = b_i` with `s_i >= 0`, `σ_i = +1` on `<=` rows and
//! `−1` on `>=` rows; on `=` rows `s_i` is fixed at 0 (it may be basic, at value 0, but never
//! enters). Every variable's only finite bound is 0, so a non-basic variable is 0 and a basis
//! determines the point. A basis is kept as the basic structural variables `S` and the rows
//! `P` whose slack is *not* basic; with `|P| = |S|` the basis matrix is non-singular exactly when
//! its kernel `K = A_{P,S}` is, and every basis system reduces to one with `K`:
//!
//! * values: `K x_S = b_P`, then `s_i = σ_i (b_i − a_i·x)` off `P`;
//! * prices: `y_i = σ_i c_{s_i}` off `P`, then `Kᵀ y_P = c_S − A_{P̄,S}ᵀ y_{P̄}`;
//! * the entering column `a_q`: `K d_S = (a_q)_P`, then `d_{s_i} = σ_i ((a_q)_i − a_i·d_S)`.
//!
//! `K` is factored exactly ([`crate::lp::exact::lu`]) once per pivot, for the prices and the entering
//! column; the basic point is computed from scratch only at the start and for the answer, and
//! between pivots updated exactly (`v − θ d` for the basic variables, `θ` for the entering
//! one). On P_40 at e^ε = 10 (949 pivots, `perf`, 2026-11-26) the from-scratch point was a
//! quarter of the time (every slack's `a_i·x` alone 18%); the update costs one product per
//! entry of the entering column, and P_40 went from 18.9 s to 15.4 s (medians of 3, interleaved,
//! load 7–8). (Keeping the exchanges in product
//! form between factorisations, with the basic values updated exactly, was measured on
//! 2026-11-25 and not kept: 30–38% faster where the numbers stay small (P_40 at t = 1/2, H(3,3)
//! at t = 1/2) but 20–30% slower where they grow (C_27 and C_40 at t = 1/10), whatever the
//! refactorisation interval, fixed or timed.) From a primal-infeasible basis the first phase
//! minimises the sum of infeasibilities (a basic variable below 0, or a basic fixed slack away
//! from 0, costs ∓1; the ratio test also stops where an infeasible variable reaches its bound);
//! then the second phase minimises the objective. Pricing is Dantzig's; when a basis repeats
//! within a run of degenerate pivots (a cycle), Bland's rule takes over until a pivot makes
//! progress (the anti-cycling rule of [`crate::lp::exact::simplex`], shared with it).
//!
//! Dantzig's choice is made in floats from the exact prices ([`Run::float_entering`]; the prices
//! themselves stay exact) and the chosen variable's reduced cost is confirmed exactly; only when
//! floats see no candidate, or their candidate is not improving exactly, are all the reduced costs
//! computed exactly, so optimality and the Farkas certificate are decided exactly as before.
//! Measured 2026-11-26 (`cargo run --release --features bench-models --example guided_stress --
//! path 40 10`, `-- cycle 40 10`; the base binary and this one interleaved, 3 runs each, load 8–10
//! with other builds and this worktree's test build running, so the absolute times are 2–3× a quiet
//! machine's): P_40 455 + 312 pivots, 20.4 / 32.6 / 35.7 s (median 32.6) → 452 + 278 pivots, 21.6 /
//! 22.8 / 32.1 s (median 22.8); C_40 447 + 82 pivots, 70.9 / 73.5 / 68.9 s (median 70.9) → 451 +
//! 77, 70.6 / 66.9 / 36.1 s (median 66.9). The floats come from the top 64 bits of each price's
//! numerator and denominator ([`approx_f64`]): with the correctly rounded conversion (a full
//! division per price) the float pricing was *slower* on P_40 (medians 26.4 → 34.5 s, same load;
//! the conversion alone was 7.4% of the `perf` profile) though faster on C_40 (25.8 → 22.5 s). What
//! is left (`perf`, P_40): the transposed solve for the prices ~31%, refactoring the kernel every
//! pivot ~23%, the entering column's solve ~8%, the remainder mostly malachite's gcd inside the
//! rational updates.
//!
//! **Dual simplex first** (issue 31, 2026-11-26): from a basis that is dual feasible but not
//! primal feasible — the float dual's basis of [`crate::lp::guided`], or a slack basis with costs
//! ≥ 0 — [`Run::dual_phase`] pivots as the dual simplex does: a basic variable off its bound
//! leaves (proposed by float values, confirmed exactly as `ρ·b` with `ρ` its row of `B⁻¹`), the
//! entering variable minimises the dual ratio `d_j / |α_j|` (exact `α = ρ·A`, float reduced
//! costs from float prices refreshed exactly every [`DUAL_REFRESH`] pivots; ties to the largest
//! `|α_j|`), so the bases stay dual feasible up to that rounding, and the primal phases then
//! start from a primal-feasible basis (on the random channel LPs they confirm it optimal
//! without a pivot). With the exact ratio test (exact prices solved every pivot) the dual
//! pivots were 45–60% slower: P_40 6.04 s → 4.12 s, C_40 8.28 s → 5.27 s with float prices
//! (one run each, load 5, the same binary), the same number of dual pivots ±3 and no primal
//! pivot after either. It is a choice of basis only: the answer and its certificate come from
//! the primal phases as before. On the channel LPs of issue 31 the float primal cannot see the
//! geometric tails (values down to 10^-38 on P_40 at e^ε = 10), and the float dual stops at a
//! vertex of the dual polytope short of the optimum by about the tails' weight (P_40: 642
//! non-zero float multipliers where the exact optimum found has 1,267; objective 3e-9 below).
//! That vertex's basis is dual feasible exactly, and the dual simplex from it needs fewer and
//! cheaper pivots than the primal phases from the float primal's basis (figures in
//! [`crate::lp::guided`]).
//!
//! Tried and not kept (2026-11-27, issue 31 item 3; the code is commit `ea171dc` of branch
//! `lpdual39`, reverted): the dual pivots in big floats (malachite `Float`), the kernel
//! refactored every pivot in floats (this module's elimination made generic over the scalar),
//! the basic values solved afresh, `ρ` by the transposed solve, `α` from the rows where `ρ` is
//! non-zero, the reduced costs updated; the exact dual and primal phases then started from the
//! basis reached. A difference is read as zero when it is below the rounding noise, and where
//! that noise lies decides everything: (a) relative to the operands at 256 bits (zero below
//! `2^-216` of the larger), the float solve of C_40's starting basis was wrong in 1,084 of its
//! 4,840 values, by up to 10^13 — the Markowitz elimination's growth (10^40 along the
//! `t·p = p'` chains) leaves noise far above that; (b) a running error bound per number (first
//! order, in `f64`) made the float kernels singular at 256 bits and `ρ` wrong in the 13th digit
//! at 1,024; (c) relative to the operands at 1,024 bits (zero below `2^-624`) it is right — `ρ`
//! equal to the exact one to 1e-20 on C_40's first 114 pivots — and the float pivots alone reach
//! the optimum (C_40 281, P_40 348, no exact pivot after), but at 15.7 and 17 ms a pivot (C_40
//! 4.8 s, P_40 6.4 s against 3.3–4.2 s here, one run each, load ~5); (d) at 512 bits (zero below
//! `2^-312`) a pivot costs 8–11 ms (C_40: the float factorisation 45%, the values 16%, `ρ` and
//! the price refresh 25%, `α` 3%) but a pivot on a noise `α` leaves a singular float kernel after
//! 127 (P_40) and 260 (C_40) pivots, and on C_40 the exact phases from there did not finish in
//! 200 s. So a big-float pivot costs about what an exact one does on these LPs (the rationals of
//! P_40 are not yet large); what would pay is not refactoring (an LU update, in floats or exact)
//! and a pivoting rule for the float factorisation that bounds the growth (threshold pivoting),
//! so that fewer bits, and then `f64`, would do.
//!
//! Where an exact dual pivot's time goes (2026-11-27, P_40 at e^ε = 10, 354 dual pivots, timers
//! around each step, one run, load ~5): refactoring the kernel 1.65 s, the transposed solves
//! for `ρ` 1.31 s (363 of them: 9 proposals were not infeasible exactly), `α` 0.23 s, the value
//! refreshes 0.21 s, the price refreshes 0.18 s, of 3.63 s. `ρ` has 638 non-zeros on average
//! (of 3,160 rows), its largest entry 1,149 bits (numerator and denominator) on average; the
//! last ~20 of a kernel's 650–960 elimination pivots (the stochastic rows once the `t·p = p'`
//! chains are eliminated: rows of 6–11 entries, factors up to 800–1,600 bits) take 70–90% of
//! its factorisation (6.6 of 7.7 ms). `perf` (flat, the whole `dpcert lp`): malachite's gcds
//! 38% of the samples, malloc/free 13%, `Elimination::new` itself 7%. The dual pivots are not
//! a matter of pricing: the starting basis has 39 (P_40) and 52 (C_40) infeasible basic
//! variables, and their number falls by one every ~9 pivots (most pivots make other basic
//! variables infeasible); with the float values refreshed exactly every pivot instead of every
//! [`DUAL_REFRESH`], the pivots were 353 and 285 (and the time doubled: 7.4 and 10.9 s, one
//! run), with dual Devex below 353 and 284.
//!
//! Tried and not kept (2026-11-27, issue 31 item 3, branch `lpexact40`, each reverted after its
//! commit; medians of 3 of the exact revised simplex's time in `dpcert lp --stats`, interleaved
//! with main's binary at `cfcb916`, load ~4–5; main: P_40 3,629 ms, 354 dual pivots; C_40 4,960 ms,
//! 283): (a, commit `376b7bc`) dual Devex for the leaving variable (Koberstein's thesis §3.3.2, the
//! weights of [`crate::lp::float::simplex`]), with the entering column `B⁻¹a_q` solved exactly each
//! pivot to update the weights and the float values: 353 and 284 pivots, 4,781 and 7,735 ms — the
//! pricing saves nothing, the extra solve costs 30–55%; (b, `9d9e1a3`) the product form of the
//! inverse read by rows, only in the dual phase (refactor with the value refresh, every 32 pivots;
//! `ρ_j = ρ_{j−1} − (ρ_{j−1}·a_{q_j}) π_j` with `π_j` the entering variable's row of `B_j⁻¹`, so no
//! column solve is needed): the same 354 and 283 pivots (the same bases, as it must),
//! factorisations 1.65 → 0.18 s on P_40 but `ρ` 1.31 → 13.1 s, in all 15,383 and 49,546 ms —
//! `ρ_{j−1}·a_{q_j}` was non-zero in 2,262 of 2,950 steps, and one update `ρ −= c π_j` of ~640
//! entries of ~1,150 bits with unrelated denominators costs ~5.8 ms, more than the transposed solve
//! it replaces (3.7 ms); (c, `7b7e842`) the elimination on integer rows with a rational scale
//! ([`crate::lp::exact::lu`]'s docs): 4,224 and 5,190 ms. All three leave rationals of ~1,000 bits whose gcds
//! are the cost. What should pay is integer-preserving (roundoff-error-free) arithmetic, where the
//! entries of `B⁻¹` share the denominator `det B` and every division is exact: the sparse REF LU
//! (Lourenco, Chen, Moreno-Centeno & Davis 2019, "Exact solution of sparse linear systems via
//! left-looking roundoff-error-free LU factorization in time proportional to arithmetic work", SIAM
//! J. Matrix Anal. Appl.) and its column-replacement updates (Escobedo & Moreno-Centeno 2017,
//! "Roundoff-error-free basis updates of LU factorizations for the efficient validation of
//! optimality certificates", SIAM J. Matrix Anal. Appl., which also shows that a naive
//! delete–insert update lets the bit-lengths grow).
//!
//! Every answer carries its certificate for the caller to [`crate::lp::check`]: an exact primal-dual
//! pair, the first phase's prices as a Farkas certificate, or an improving ray; the pivot cap
//! and the deadline end the run without one.

use super::anti_cycling::CycleGuard;
use super::lu::Elimination;
use super::sparse::SparseRow;
use crate::lp::model::{numbered, Cmp, Model, Sense, Solution};
use crate::num::fmt::to_f64;
use crate::num::Rational;
use floats::approx_f64;
use std::time::Instant;

mod floats;
mod pricing;

/// A basis of the slack form (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Basis {
    /// Basic structural variables (`S`).
    pub structural: Vec<bool>,
    /// Rows whose slack is basic (the complement of `P`).
    pub slack: Vec<bool>,
}

impl Basis {
    /// Every slack basic: the cold start.
    pub fn slacks(model: &Model) -> Basis {
        Basis {
            structural: vec![false; model.n_vars()],
            slack: vec![true; model.n_rows()],
        }
    }

    /// A basis near a guessed optimal pattern: as many `support` variables as the `priced`
    /// rows (those the guessed prices make non-zero) can carry, pivoted on priced rows (an exact
    /// elimination of `A_{priced,support}` picks an independent set of each); every other row
    /// keeps its slack basic. Non-singular by construction. (Pivoting on every tight row instead
    /// took 10% more pivots and 40% more time on the 60 LPs of `examples/guided_stress`.)
    pub fn from_pattern(model: &Model, support: &[bool], priced: &[bool]) -> Basis {
        let mut basis = Basis::slacks(model);
        let (vars, index) = numbered(support);
        let (rows, _) = numbered(priced);
        let sparse = model.submatrix(&rows, &index);
        for &(p, q) in Elimination::new(vars.len(), sparse).pivots() {
            basis.structural[vars[q]] = true;
            basis.slack[rows[p]] = false;
        }
        basis
    }
}

/// How a run of the revised simplex ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// An answer with its certificate, for the caller to check: an optimal vertex with its
    /// prices; or, when the first phase ends above zero, its prices as a Farkas certificate
    /// (they price every column at most 0 and the right-hand side at the sum of
    /// infeasibilities); or a feasible vertex and the edge along which no basic variable
    /// blocks an improving entering variable, as an improving ray.
    Solved(Solution),
    /// The pivot cap or the deadline came first.
    Stopped,
}

/// Work done by a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RevisedStats {
    /// Pivots of the first phase (towards feasibility) and of the second (towards optimality).
    pub phase1_pivots: usize,
    pub phase2_pivots: usize,
    /// Of all pivots, those chosen by Bland's rule.
    pub bland_pivots: usize,
    /// Pivots of the dual simplex before the first phase ([`Run::dual_phase`]).
    pub dual_pivots: usize,
    /// The largest kernel factored (basic structural variables).
    pub largest_kernel: usize,
}

/// Run the exact revised simplex on `model` from `basis` (which must be non-singular, as
/// [`Basis::from_pattern`] and [`Basis::slacks`] are) for at most `max_pivots` pivots of the
/// dual simplex (when `basis` is dual feasible) and as many of the primal phases, or until
/// `deadline`.
pub fn solve_from(
    model: &Model,
    basis: Basis,
    max_pivots: usize,
    deadline: Option<Instant>,
) -> (Ending, RevisedStats) {
    let mut run = Run::new(model, basis);
    let ending = run.optimise(max_pivots, deadline);
    (ending, run.stats)
}

/// [`solve_from`], also returning the basis the run ended at: on an optimum, an optimal basis
/// (the parametric LP of issue 46 item 3 reads its kernel as a system over Q(t)).
pub fn solve_from_keeping_basis(
    model: &Model,
    basis: Basis,
    max_pivots: usize,
    deadline: Option<Instant>,
) -> (Ending, Basis) {
    let mut run = Run::new(model, basis);
    let ending = run.optimise(max_pivots, deadline);
    (ending, run.basis)
}

/// Dual pivots between exact recomputations of the float basic values ([`Run::dual_phase`]).
const DUAL_REFRESH: usize = 32;

/// Whether `basis` (non-singular) is dual feasible: no non-basic variable has a negative exact
/// reduced cost at its prices (the condition for [`solve_from`] to start with the dual simplex).
pub fn dual_feasible(model: &Model, basis: &Basis) -> bool {
    let mut run = Run::new(model, basis.clone());
    let pt = run.factor();
    let y = run.prices(&pt, &|v| run.objective(v));
    run.exact_entering(&y, false, true).is_none()
}

/// A variable of the slack form: structural `j < n`, or the slack of row `i` as `n + i`.
type VarId = usize;

struct Run<'a> {
    model: &'a Model,
    n: usize,
    /// Column `j` of `A`: `(row, a_ij)`.
    cols: Vec<SparseRow>,
    /// The objective to minimise: `c` for `Minimize`, `−c` for `Maximize`.
    cost: Vec<Rational>,
    /// `cols` and `cost` in floats, for pricing hints ([`Run::float_entering`]).
    cols_f64: Vec<Vec<(usize, f64)>>,
    cost_f64: Vec<f64>,
    basis: Basis,
    stats: RevisedStats,
}

/// The basis's point and factorisation.
struct Point {
    /// `P` (rows without a basic slack) and `S` (basic structurals), in increasing order, and
    /// each one's position in its list (`usize::MAX` when absent).
    p_rows: Vec<usize>,
    p_pos: Vec<usize>,
    s_vars: Vec<usize>,
    lu: Elimination,
    /// Values of the structural variables (0 off `S`) and of the slacks (0 on `P`).
    x: Vec<Rational>,
    s: Vec<Rational>,
}

impl<'a> Run<'a> {
    fn new(model: &'a Model, basis: Basis) -> Run<'a> {
        let n = model.n_vars();
        let mut cols: Vec<SparseRow> = vec![Vec::new(); n];
        for (i, row) in model.rows().iter().enumerate() {
            for (j, a) in &row.coeffs {
                cols[*j].push((i, a.clone()));
            }
        }
        let cost = match model.sense() {
            Sense::Minimize => model.objective().to_vec(),
            Sense::Maximize => model.objective().iter().map(|c| -c).collect(),
        };
        let cols_f64 = cols
            .iter()
            .map(|col| col.iter().map(|(i, a)| (*i, to_f64(a))).collect())
            .collect();
        let cost_f64 = cost.iter().map(to_f64).collect();
        Run {
            model,
            n,
            cols,
            cost,
            cols_f64,
            cost_f64,
            basis,
            stats: RevisedStats::default(),
        }
    }

    /// The second phase's cost of variable `v` (0 for a slack).
    fn objective(&self, v: VarId) -> Rational {
        if v < self.n {
            self.cost[v].clone()
        } else {
            Rational::from(0u32)
        }
    }

    /// `σ_i`: the coefficient of row `i`'s slack.
    fn sigma(&self, i: usize) -> Rational {
        Rational::from(if self.model.rows()[i].cmp == Cmp::Ge {
            -1i32
        } else {
            1
        })
    }

    fn fixed(&self, i: usize) -> bool {
        self.model.rows()[i].cmp == Cmp::Eq
    }

    /// Whether `v` is the slack of an `=` row (fixed at 0).
    fn fixed_var(&self, v: VarId) -> bool {
        v >= self.n && self.fixed(v - self.n)
    }

    /// Factor the kernel of the current basis and compute its basic point.
    fn point(&mut self) -> Point {
        let mut pt = self.factor();
        let (x, s) = self.basic_values(&pt);
        (pt.x, pt.s) = (x, s);
        pt
    }

    /// Factor the kernel of the current basis; the values are left empty (see
    /// [`Run::basic_values`] and [`Run::optimise`]'s update).
    fn factor(&mut self) -> Point {
        let slack_nonbasic: Vec<bool> = self.basis.slack.iter().map(|s| !s).collect();
        let (p_rows, p_pos) = numbered(&slack_nonbasic);
        let (s_vars, s_pos) = numbered(&self.basis.structural);
        let kernel = self.model.submatrix(&p_rows, &s_pos);
        self.stats.largest_kernel = self.stats.largest_kernel.max(s_vars.len());
        let lu = Elimination::new(s_vars.len(), kernel);
        Point {
            p_rows,
            p_pos,
            s_vars,
            lu,
            x: Vec::new(),
            s: Vec::new(),
        }
    }

    /// The basic point of a factored basis, from scratch: `K x_S = b_P`, then the slacks off
    /// `P` from their rows.
    fn basic_values(&self, pt: &Point) -> (Vec<Rational>, Vec<Rational>) {
        let rows = self.model.rows();
        let xs = pt
            .lu
            .solve(pt.p_rows.iter().map(|&i| rows[i].rhs.clone()).collect());
        let mut x = vec![Rational::from(0u32); self.n];
        for (&j, v) in pt.s_vars.iter().zip(xs) {
            x[j] = v;
        }
        let s = (0..rows.len())
            .map(|i| {
                if pt.p_pos[i] != usize::MAX {
                    Rational::from(0u32)
                } else {
                    self.sigma(i) * (&rows[i].rhs - rows[i].activity(&x))
                }
            })
            .collect();
        (x, s)
    }

    fn value<'p>(&self, pt: &'p Point, v: VarId) -> &'p Rational {
        if v < self.n {
            &pt.x[v]
        } else {
            &pt.s[v - self.n]
        }
    }

    fn value_mut<'p>(&self, pt: &'p mut Point, v: VarId) -> &'p mut Rational {
        if v < self.n {
            &mut pt.x[v]
        } else {
            &mut pt.s[v - self.n]
        }
    }

    fn is_basic(&self, v: VarId) -> bool {
        if v < self.n {
            self.basis.structural[v]
        } else {
            self.basis.slack[v - self.n]
        }
    }

    /// The basic variables, structurals first.
    fn basics(&self) -> Vec<VarId> {
        (0..self.n)
            .filter(|&j| self.basis.structural[j])
            .chain(
                (0..self.model.n_rows())
                    .filter(|&i| self.basis.slack[i])
                    .map(|i| self.n + i),
            )
            .collect()
    }

    /// The first phase's cost of a basic variable at `v`: −1 below its lower bound 0, +1 above
    /// the upper bound 0 of a fixed slack, else 0.
    fn infeasibility_cost(&self, var: VarId, v: &Rational) -> i32 {
        if *v < 0u32 {
            -1
        } else if *v > 0u32 && var >= self.n && self.fixed(var - self.n) {
            1
        } else {
            0
        }
    }

    /// Prices `y` for the costs `cb` of the basic variables (one per [`Run::basics`] entry,
    /// looked up by variable).
    fn prices(&self, pt: &Point, cb: &dyn Fn(VarId) -> Rational) -> Vec<Rational> {
        let m = self.model.n_rows();
        let mut y = vec![Rational::from(0u32); m];
        for i in (0..m).filter(|&i| self.basis.slack[i]) {
            y[i] = self.sigma(i) * cb(self.n + i);
        }
        let w: Vec<Rational> = pt
            .s_vars
            .iter()
            .map(|&j| {
                let mut w = cb(j);
                for (i, a) in &self.cols[j] {
                    if pt.p_pos[*i] == usize::MAX && y[*i] != 0u32 {
                        w -= a * &y[*i];
                    }
                }
                w
            })
            .collect();
        for (&i, v) in pt.p_rows.iter().zip(pt.lu.solve_transposed(w)) {
            y[i] = v;
        }
        y
    }

    /// `B⁻¹ a_q` for the entering variable `q`, as `(basic variable, entry)` pairs (non-zero
    /// entries only).
    fn direction(&self, pt: &Point, q: VarId) -> Vec<(VarId, Rational)> {
        let rows = self.model.rows();
        let column: SparseRow = if q < self.n {
            self.cols[q].clone()
        } else {
            vec![(q - self.n, self.sigma(q - self.n))]
        };
        let mut rhs = vec![Rational::from(0u32); pt.p_rows.len()];
        let mut off_p: Vec<(usize, Rational)> = Vec::new();
        for (i, a) in column {
            if pt.p_pos[i] != usize::MAX {
                rhs[pt.p_pos[i]] = a;
            } else {
                off_p.push((i, a));
            }
        }
        let ds = pt.lu.solve(rhs);
        // r_i = a_i·d_S for the rows off P.
        let mut r: Vec<Rational> = vec![Rational::from(0u32); rows.len()];
        let mut d = Vec::new();
        for (&j, dj) in pt.s_vars.iter().zip(&ds) {
            if *dj == 0u32 {
                continue;
            }
            for (i, a) in &self.cols[j] {
                if pt.p_pos[*i] == usize::MAX {
                    r[*i] += a * dj;
                }
            }
            d.push((j, dj.clone()));
        }
        for (i, a) in off_p {
            r[i] -= a;
        }
        // d_{s_i} = σ_i (a_qi − r_i) = −σ_i (r_i − a_qi).
        for i in (0..rows.len()).filter(|&i| self.basis.slack[i]) {
            if r[i] != 0u32 {
                d.push((self.n + i, -(self.sigma(i) * &r[i])));
            }
        }
        d
    }

    /// The dual simplex from a dual-feasible, primal-infeasible basis: each pivot takes a
    /// basic variable off its bound (proposed by float values, the one furthest from it;
    /// confirmed exactly as `x_r = ρ·b`, `ρ` its row of `B⁻¹`) out of the basis, and the
    /// entering variable is the one whose reduced cost reaches zero first along that row (the
    /// dual ratio test on the exact row `α = ρ·A` and float reduced costs), so the bases stay
    /// dual feasible up to the rounding of that choice. It stops at a primal-feasible basis,
    /// when the starting basis is not dual feasible exactly, when no variable can enter (the LP
    /// may be infeasible: the first phase below certifies it), at a repeated basis (no
    /// cycling), and at the pivot cap or the deadline. A choice of basis only: the answer and
    /// its certificate come from [`Run::optimise`]'s primal phases, which also repair whatever
    /// the floats got wrong.
    fn dual_phase(&mut self, max_pivots: usize, deadline: Option<Instant>) {
        let mut guard = CycleGuard::default();
        let m = self.model.n_rows();
        // The basic values in floats (structurals, then slacks), from the exact point every
        // DUAL_REFRESH pivots, stale in between: they only propose the leaving variable, whose
        // value is then computed exactly (`ρ·b`); a proposal that is not infeasible exactly is
        // corrected and the next one tried.
        let mut values: Vec<f64> = Vec::new();
        let mut prices: Vec<f64> = Vec::new();
        let mut since_refresh = DUAL_REFRESH;
        loop {
            if self.stats.dual_pivots >= max_pivots
                || deadline.is_some_and(|d| Instant::now() >= d)
                || guard.bland_at(&self.basis)
            {
                return;
            }
            let pt = self.factor();
            let mut fresh = false;
            // The leaving variable r (the basic one furthest from its bound, in floats), the
            // row r of B⁻¹ (ρ with Bᵀρ = e_r) and x_r = ρ·b exactly.
            let (r, rho, x_r) = loop {
                if since_refresh >= DUAL_REFRESH {
                    let (x, s) = self.basic_values(&pt);
                    values = x.iter().chain(&s).map(approx_f64).collect();
                    (since_refresh, fresh) = (0, true);
                }
                let leaving = self
                    .basics()
                    .into_iter()
                    .filter(|&b| values[b] < 0.0 || values[b] > 0.0 && self.fixed_var(b))
                    .fold(None, |best: Option<VarId>, b| match best {
                        Some(c) if values[c].abs() >= values[b].abs() => best,
                        _ => Some(b),
                    });
                let Some(r) = leaving else {
                    if fresh {
                        return;
                    }
                    since_refresh = DUAL_REFRESH;
                    continue;
                };
                let rho = self.prices(&pt, &|b| Rational::from(u32::from(b == r)));
                let x_r: Rational = rho
                    .iter()
                    .zip(self.model.rows())
                    .filter(|(ri, row)| **ri != 0u32 && row.rhs != 0u32)
                    .map(|(ri, row)| ri * &row.rhs)
                    .sum();
                if self.infeasibility_cost(r, &x_r) != 0 {
                    break (r, rho, x_r);
                }
                values[r] = approx_f64(&x_r);
                if values[r] < 0.0 || values[r] > 0.0 && self.fixed_var(r) {
                    // The float of a tiny value misleads: the exact one stands.
                    values[r] = 0.0;
                }
            };
            let below = x_r < 0u32;
            // The prices in floats: exact every DUAL_REFRESH pivots (at the first, with the
            // exact check that the basis is dual feasible), updated in floats in between.
            if fresh {
                let y = self.prices(&pt, &|b| self.objective(b));
                if self.stats.dual_pivots == 0 && self.exact_entering(&y, false, true).is_some() {
                    return;
                }
                prices = y.iter().map(approx_f64).collect();
            }
            // The dual ratio test: among the variables whose α_b has the sign that moves x_r
            // towards its bound (raising b moves x_r by −α_b), the least d_b / |α_b| (float
            // reduced costs, below 0 read as 0), ties to the largest |α_b|.
            let mut best: Option<(f64, VarId, f64, f64)> = None;
            for b in (0..self.n + m).filter(|&b| !(self.is_basic(b) || self.fixed_var(b))) {
                let alpha = -self.reduced_cost(&rho, true, b);
                if alpha == 0u32 || (alpha < 0u32) != below {
                    continue;
                }
                let (a, d) = (approx_f64(&alpha), self.float_reduced_cost(&prices, b));
                let ratio = d.max(0.0) / a.abs();
                if best.is_none_or(|(t, _, _, ba)| ratio < t || ratio == t && a.abs() > ba.abs()) {
                    best = Some((ratio, b, a, d));
                }
            }
            let Some((_, q, alpha_q, d_q)) = best else {
                return;
            };
            // The reduced costs move by −(d_q / α_q) α, the prices by +(d_q / α_q) ρ; x_r
            // reaches 0 when x_q = |x_r / α_q|.
            let step = d_q / alpha_q;
            for (yi, ri) in prices.iter_mut().zip(&rho) {
                if *ri != 0u32 {
                    *yi += step * approx_f64(ri);
                }
            }
            values[q] = (approx_f64(&x_r) / alpha_q).abs();
            values[r] = 0.0;
            self.set_basic(q, true);
            self.set_basic(r, false);
            self.stats.dual_pivots += 1;
            since_refresh += 1;
        }
    }

    fn optimise(&mut self, max_pivots: usize, deadline: Option<Instant>) -> Ending {
        self.dual_phase(max_pivots, deadline);
        let mut guard = CycleGuard::default();
        // The basic point after the last pivot, updated exactly from the one before (`None`
        // before the first pivot: computed from scratch).
        let mut updated: Option<(Vec<Rational>, Vec<Rational>)> = None;
        loop {
            let mut pt = match updated.take() {
                None => self.point(),
                Some((x, s)) => {
                    let mut pt = self.factor();
                    (pt.x, pt.s) = (x, s);
                    pt
                }
            };
            let basics = self.basics();
            let infeasible = basics
                .iter()
                .any(|&v| self.infeasibility_cost(v, self.value(&pt, v)) != 0);
            // The phase's objective at this basis and the cost of each basic variable.
            let cb = |v: VarId| -> Rational {
                if infeasible {
                    Rational::from(self.infeasibility_cost(v, self.value(&pt, v)))
                } else if v < self.n {
                    self.cost[v].clone()
                } else {
                    Rational::from(0u32)
                }
            };
            let bland = guard.bland_at(&self.basis);
            let y = self.prices(&pt, &cb);
            let Some(q) = self.entering(&y, infeasible, bland) else {
                if infeasible {
                    return Ending::Solved(Solution::Infeasible { farkas: y });
                }
                // The answer's point from scratch, not from the chain of updates (one solve).
                let (x, s) = self.basic_values(&pt);
                debug_assert!(x == pt.x && s == pt.s, "updated point drifted");
                return Ending::Solved(self.solution(x, y));
            };
            if self.stats.phase1_pivots + self.stats.phase2_pivots >= max_pivots
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                return Ending::Stopped;
            }
            let d = self.direction(&pt, q);
            let Some((leaving, theta)) = self.leaving(&pt, &d, infeasible, bland) else {
                if infeasible {
                    unreachable!("phase 1 always has a blocking variable");
                }
                // x_q grows without bound and the basic variables move by −d.
                let mut ray = vec![Rational::from(0u32); self.n];
                if q < self.n {
                    ray[q] = Rational::from(1u32);
                }
                for (v, dv) in d.into_iter().filter(|(v, _)| *v < self.n) {
                    ray[v] = -dv;
                }
                return Ending::Solved(Solution::Unbounded { point: pt.x, ray });
            };
            if theta != 0u32 {
                guard.progressed();
                // Basic values move by −θ d, the entering variable from 0 to θ; the leaving
                // one reaches its bound 0 exactly (θ is its ratio).
                for (v, dv) in &d {
                    let delta = &theta * dv;
                    *self.value_mut(&mut pt, *v) -= delta;
                }
                *self.value_mut(&mut pt, q) = theta;
            }
            *self.value_mut(&mut pt, leaving) = Rational::from(0u32);
            updated = Some((pt.x, pt.s));
            self.set_basic(q, true);
            self.set_basic(leaving, false);
            if infeasible {
                self.stats.phase1_pivots += 1;
            } else {
                self.stats.phase2_pivots += 1;
            }
            if bland {
                self.stats.bland_pivots += 1;
            }
        }
    }

    fn set_basic(&mut self, v: VarId, basic: bool) {
        if v < self.n {
            self.basis.structural[v] = basic;
        } else {
            self.basis.slack[v - self.n] = basic;
        }
    }

    /// The model's solution from the optimal point and the prices of the minimisation form
    /// (`y` of the model is `y` for `Minimize`, `−y` for `Maximize`; see [`crate::lp::model`]).
    fn solution(&self, x: Vec<Rational>, y: Vec<Rational>) -> Solution {
        let dual = match self.model.sense() {
            Sense::Minimize => y,
            Sense::Maximize => y.into_iter().map(|v| -v).collect(),
        };
        Solution::Optimal {
            value: self.model.objective_value(&x),
            primal: x,
            dual,
        }
    }
}

#[cfg(test)]
mod tests;
