//! Exact two-phase simplex on a dictionary (compact tableau) of rationals.
//!
//! Internal form: minimise `σ c·x` (`σ = -1` for `Maximize`); each row is multiplied by `f_i = ±1`
//! so that its right-hand side is `>= 0` (a `>=` row with `b = 0` is flipped to `<=`, which saves
//! an artificial variable). A `<=` row gets a basic slack, a `>=` row a surplus and an artificial,
//! an `=` row an artificial. Phase 1 minimises the sum of artificials; phase 2 the objective.
//! Artificial variables never (re-)enter the basis; their columns stay in the dictionary only so
//! that the duals can be read off as reduced costs of the unit columns.
//!
//! Pricing: Dantzig's most negative reduced cost; ratio-test ties go to the largest pivot
//! element ([`Ties`]). When a basis repeats within a run of degenerate pivots (a cycle), Bland's
//! smallest-index rule takes over until a pivot makes progress. The objective strictly decreases
//! at every non-degenerate pivot, a degenerate run without a repeated basis is finite, and Bland's
//! rule cannot cycle, so this terminates.
//!
//! Every answer of [`solve_from_scratch`] has passed [`check`]: the certificate is re-verified from the model.

#![allow(clippy::result_large_err)]

#[cfg(test)]
use crate::lp::certificate::{check, CertificateError};
use crate::lp::exact::anti_cycling::CycleGuard;
use crate::lp::model::{Certificate, Cmp, Model, Sense};
use crate::num::Rational;
use std::time::Instant;

#[cfg(test)]
/// Solve with the exact dictionary simplex from scratch and re-check the certificate; an error
/// means the solver produced a certificate the independent checker rejects (a bug), never a
/// wrong answer. (The reference for [`crate::lp::guided::solve`], which is what `lp::solve` is.)
pub fn solve_from_scratch(model: &Model) -> Result<Certificate, CertificateError> {
    let solution = solve_unchecked(model);
    check(model, &solution)?;
    Ok(solution)
}

#[cfg(test)]
/// Solve exactly without re-checking (for tests of the checker itself and for benchmarks).
pub fn solve_unchecked(model: &Model) -> Certificate {
    solve_with_stats(model).0
}

/// How much work a solve took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Pivots in both phases.
    pub pivots: usize,
    /// Of those, pivots chosen by Bland's rule (after a cycle was detected).
    pub bland_pivots: usize,
}

/// Tie-breaking in the ratio test outside Bland mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The largest pivot element, then the smallest basic index (the default).
    #[default]
    LargestPivot,
    /// The smallest basic index (the textbook rule, under which Beale's example cycles).
    SmallestIndex,
}

#[cfg(test)]
/// [`solve_unchecked`] and the work it took.
pub fn solve_with_stats(model: &Model) -> (Certificate, SolveStats) {
    solve_with_ties(model, Ties::default())
}

#[cfg(test)]
/// [`solve_with_stats`] with a chosen tie-breaking rule (the answer is the same LP optimum; the
/// path and the work differ).
pub fn solve_with_ties(model: &Model, ties: Ties) -> (Certificate, SolveStats) {
    run(model, ties, None).expect("no deadline")
}

/// [`solve_with_stats`] that gives up (`None`) once `deadline` has passed (checked at every
/// pivot).
pub fn solve_with_deadline(
    model: &Model,
    deadline: Option<Instant>,
) -> Option<(Certificate, SolveStats)> {
    run(model, Ties::default(), deadline)
}

fn run(model: &Model, ties: Ties, deadline: Option<Instant>) -> Option<(Certificate, SolveStats)> {
    let mut t = Dictionary::new(model);
    t.ties = ties;
    t.deadline = deadline;
    let solution = t.run()?;
    let stats = SolveStats {
        pivots: t.pivots,
        bland_pivots: t.bland_pivots,
    };
    Some((solution, stats))
}

impl Dictionary<'_> {
    /// The answer, or `None` if the deadline passed.
    fn run(&mut self) -> Option<Certificate> {
        let t = self;
        let model = t.model;
        if t.n_artificial_basic() > 0 {
            t.optimize();
            if t.timed_out {
                return None;
            }
            if t.unbounded_column.is_some() {
                // Phase 1 is bounded below by 0; the entering test cannot fail there.
                unreachable!("phase 1 is bounded");
            }
            if t.z > 0u32 {
                return Some(Certificate::Infeasible {
                    farkas: t.multipliers(true),
                });
            }
            t.drive_out_artificials();
        }
        t.start_phase2();
        t.optimize();
        if t.timed_out {
            return None;
        }
        let x = t.point();
        if let Some(q) = t.unbounded_column {
            return Some(Certificate::Unbounded {
                point: x,
                ray: t.ray(q),
            });
        }
        let y = t.multipliers(false);
        Some(Certificate::Optimal {
            value: model.objective_value(&x),
            primal: x,
            dual: y,
        })
    }
}

/// What kind of variable an internal id is: original `j < n`, the slack/surplus of row `i`
/// (`n + i`), or the artificial of row `i` (`n + m + i`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Original(usize),
    Slack(usize),
    Artificial(usize),
}

struct Dictionary<'a> {
    model: &'a Model,
    n: usize,
    m: usize,
    /// Internal row type after the flip (`Le`, `Ge` or `Eq`) and the flip `f_i = ±1`.
    kind: Vec<Cmp>,
    flipped: Vec<bool>,
    /// Basic variable id of each row; variable id of each column.
    basis: Vec<usize>,
    cols: Vec<usize>,
    /// `x_basis[r] = beta[r] - Σ_k a[r][k] x_cols[k]`.
    a: Vec<Vec<Rational>>,
    beta: Vec<Rational>,
    /// Objective `z + Σ_k d[k] x_cols[k]` of the current phase.
    d: Vec<Rational>,
    z: Rational,
    phase1: bool,
    unbounded_column: Option<usize>,
    pivots: usize,
    bland_pivots: usize,
    ties: Ties,
    deadline: Option<Instant>,
    timed_out: bool,
}

impl<'a> Dictionary<'a> {
    fn new(model: &'a Model) -> Dictionary<'a> {
        let n = model.n_vars();
        let m = model.n_rows();
        let mut kind = Vec::with_capacity(m);
        let mut flipped = Vec::with_capacity(m);
        for row in model.rows() {
            let flip = row.rhs < 0u32 || (row.rhs == 0u32 && row.cmp == Cmp::Ge);
            let k = match (row.cmp, flip) {
                (Cmp::Le, true) => Cmp::Ge,
                (Cmp::Ge, true) => Cmp::Le,
                (c, _) => c,
            };
            kind.push(k);
            flipped.push(flip);
        }
        // Columns: original variables, then surplus columns of internal >= rows.
        let mut cols: Vec<usize> = (0..n).collect();
        for (i, k) in kind.iter().enumerate() {
            if *k == Cmp::Ge {
                cols.push(n + i);
            }
        }
        let zero = Rational::from(0u32);
        let mut a = vec![vec![zero.clone(); cols.len()]; m];
        let mut beta = Vec::with_capacity(m);
        let mut basis = Vec::with_capacity(m);
        let mut surplus_col = n;
        for (i, row) in model.rows().iter().enumerate() {
            for (j, c) in &row.coeffs {
                a[i][*j] = if flipped[i] { -c } else { c.clone() };
            }
            beta.push(if flipped[i] {
                -&row.rhs
            } else {
                row.rhs.clone()
            });
            match kind[i] {
                Cmp::Le => basis.push(n + i),
                Cmp::Ge => {
                    // x_art = b - a·x + s: the surplus enters with coefficient -1.
                    a[i][surplus_col] = Rational::from(-1i32);
                    surplus_col += 1;
                    basis.push(n + m + i);
                }
                Cmp::Eq => basis.push(n + m + i),
            }
        }
        // The artificial columns of `=` and `>=` rows are not present at the start (all basic);
        // they are appended when they leave the basis.
        let ncols = cols.len();
        let mut t = Dictionary {
            model,
            n,
            m,
            kind,
            flipped,
            basis,
            cols,
            a,
            beta,
            d: vec![zero.clone(); ncols],
            z: zero,
            phase1: true,
            unbounded_column: None,
            pivots: 0,
            bland_pivots: 0,
            ties: Ties::default(),
            deadline: None,
            timed_out: false,
        };
        t.price();
        t
    }

    fn kind_of(&self, id: usize) -> Kind {
        if id < self.n {
            Kind::Original(id)
        } else if id < self.n + self.m {
            Kind::Slack(id - self.n)
        } else {
            Kind::Artificial(id - self.n - self.m)
        }
    }

    /// Cost of a variable in the current phase (internal minimisation).
    fn cost(&self, id: usize) -> Rational {
        match self.kind_of(id) {
            Kind::Artificial(_) if self.phase1 => Rational::from(1u32),
            Kind::Original(j) if !self.phase1 => {
                let c = &self.model.objective()[j];
                match self.model.sense() {
                    Sense::Minimize => c.clone(),
                    Sense::Maximize => -c,
                }
            }
            _ => Rational::from(0u32),
        }
    }

    /// Recompute reduced costs and objective from scratch for the current phase.
    fn price(&mut self) {
        let cb: Vec<Rational> = self.basis.iter().map(|&v| self.cost(v)).collect();
        self.z = Rational::from(0u32);
        for (r, c) in cb.iter().enumerate() {
            if *c != 0u32 {
                self.z += c * &self.beta[r];
            }
        }
        for k in 0..self.cols.len() {
            let mut dk = self.cost(self.cols[k]);
            for (r, c) in cb.iter().enumerate() {
                if *c != 0u32 && self.a[r][k] != 0u32 {
                    dk -= c * &self.a[r][k];
                }
            }
            self.d[k] = dk;
        }
    }

    fn n_artificial_basic(&self) -> usize {
        self.basis
            .iter()
            .filter(|&&v| matches!(self.kind_of(v), Kind::Artificial(_)))
            .count()
    }

    fn may_enter(&self, k: usize) -> bool {
        !matches!(self.kind_of(self.cols[k]), Kind::Artificial(_))
    }

    /// The current basis as a set (the dictionary is a function of it).
    fn basis_set(&self) -> Vec<usize> {
        let mut b = self.basis.clone();
        b.sort_unstable();
        b
    }

    /// Run the simplex method of the current phase to optimality (or an unbounded column),
    /// Dantzig's rule with Bland's after a repeated basis ([`CycleGuard`]).
    fn optimize(&mut self) {
        let mut guard = CycleGuard::default();
        loop {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.timed_out = true;
                return;
            }
            let bland = guard.bland_at(&self.basis_set());
            let mut enter: Option<usize> = None;
            for k in 0..self.cols.len() {
                if self.d[k] >= 0u32 || !self.may_enter(k) {
                    continue;
                }
                enter = match enter {
                    None => Some(k),
                    Some(e) => {
                        let better = if bland {
                            self.cols[k] < self.cols[e]
                        } else {
                            self.d[k] < self.d[e]
                                || (self.d[k] == self.d[e] && self.cols[k] < self.cols[e])
                        };
                        Some(if better { k } else { e })
                    }
                };
            }
            let Some(q) = enter else { return };
            // Ratio test: min beta[r] / a[r][q] over a[r][q] > 0. Ties: Bland's smallest basic
            // id in Bland mode; otherwise the largest pivot element (then smallest id), which
            // on the highly degenerate DP LPs cuts the pivots several-fold (WYZ PD-DP on
            // H(4,2) at t = 9/10: 9630 -> 1694 pivots).
            let mut leave: Option<(usize, Rational)> = None;
            for r in 0..self.m {
                if self.a[r][q] <= 0u32 {
                    continue;
                }
                let ratio = &self.beta[r] / &self.a[r][q];
                let better = match &leave {
                    None => true,
                    Some((p, best)) => {
                        let smaller_id = self.basis[r] < self.basis[*p];
                        ratio < *best
                            || (ratio == *best
                                && if bland || self.ties == Ties::SmallestIndex {
                                    smaller_id
                                } else {
                                    self.a[r][q] > self.a[*p][q]
                                        || (self.a[r][q] == self.a[*p][q] && smaller_id)
                                })
                    }
                };
                if better {
                    leave = Some((r, ratio));
                }
            }
            let Some((p, ratio)) = leave else {
                self.unbounded_column = Some(q);
                return;
            };
            if ratio != 0u32 {
                guard.progressed();
            }
            self.pivots += 1;
            if bland {
                self.bland_pivots += 1;
            }
            self.pivot(p, q);
        }
    }

    /// Exchange the basic variable of row `p` with the nonbasic variable of column `q`.
    fn pivot(&mut self, p: usize, q: usize) {
        let inv = Rational::from(1u32) / &self.a[p][q];
        let mut prow = std::mem::take(&mut self.a[p]);
        for (k, v) in prow.iter_mut().enumerate() {
            if k == q {
                *v = inv.clone();
            } else if *v != 0u32 {
                *v *= &inv;
            }
        }
        self.beta[p] *= &inv;
        let nz: Vec<usize> = (0..prow.len()).filter(|&k| prow[k] != 0u32).collect();
        let zero = Rational::from(0u32);
        for r in 0..self.m {
            if r == p || self.a[r][q] == 0u32 {
                continue;
            }
            let f = std::mem::replace(&mut self.a[r][q], zero.clone());
            let row = &mut self.a[r];
            for &k in &nz {
                row[k] -= &f * &prow[k];
            }
            let db = &f * &self.beta[p];
            self.beta[r] -= db;
        }
        if self.d[q] != 0u32 {
            let f = std::mem::replace(&mut self.d[q], zero);
            for &k in &nz {
                self.d[k] -= &f * &prow[k];
            }
            self.z += &f * &self.beta[p];
        }
        self.a[p] = prow;
        std::mem::swap(&mut self.basis[p], &mut self.cols[q]);
    }

    /// After a phase 1 that reached 0: pivot basic artificials (at value 0) out on any
    /// non-artificial column; an artificial that cannot leave marks a redundant row and stays
    /// basic at 0 (its row is zero on every column that may enter, so it never moves).
    fn drive_out_artificials(&mut self) {
        for r in 0..self.m {
            if !matches!(self.kind_of(self.basis[r]), Kind::Artificial(_)) {
                continue;
            }
            if let Some(k) =
                (0..self.cols.len()).find(|&k| self.may_enter(k) && self.a[r][k] != 0u32)
            {
                self.pivot(r, k);
            }
        }
    }

    fn start_phase2(&mut self) {
        self.phase1 = false;
        self.price();
    }

    /// The current basic solution, original variables only.
    fn point(&self) -> Vec<Rational> {
        let mut x = vec![Rational::from(0u32); self.n];
        for (r, &v) in self.basis.iter().enumerate() {
            if let Kind::Original(j) = self.kind_of(v) {
                x[j] = self.beta[r].clone();
            }
        }
        x
    }

    /// The improving direction of the unbounded column `q`, original variables only.
    fn ray(&self, q: usize) -> Vec<Rational> {
        let mut ray = vec![Rational::from(0u32); self.n];
        if let Kind::Original(j) = self.kind_of(self.cols[q]) {
            ray[j] = Rational::from(1u32);
        }
        for (r, &v) in self.basis.iter().enumerate() {
            if let Kind::Original(j) = self.kind_of(v) {
                ray[j] = -&self.a[r][q];
            }
        }
        ray
    }

    /// The simplex multipliers `y = c_B B⁻¹` of the current phase, mapped back to the model's
    /// rows and sign conventions (dual for phase 2, Farkas for phase 1).
    ///
    /// `y_i` is read off a unit column of row `i`: the slack `+e_i` (`d = -y_i`), the surplus
    /// `-e_i` (`d = y_i`) or the artificial `+e_i` (`d = cost - y_i`); a basic unit column has
    /// `d = 0`.
    fn multipliers(&self, farkas: bool) -> Vec<Rational> {
        let n = self.n;
        let m = self.m;
        let reduced = |id: usize| -> Rational {
            match self.cols.iter().position(|&v| v == id) {
                Some(k) => self.d[k].clone(),
                None => Rational::from(0u32),
            }
        };
        let mut y = Vec::with_capacity(m);
        for i in 0..m {
            let yi = match self.kind[i] {
                Cmp::Le => -reduced(n + i),
                Cmp::Ge => reduced(n + i),
                Cmp::Eq => self.cost(n + m + i) - reduced(n + m + i),
            };
            let mut yi = if self.flipped[i] { -yi } else { yi };
            if !farkas && self.model.sense() == Sense::Maximize {
                yi = -yi;
            }
            y.push(yi);
        }
        y
    }
}
