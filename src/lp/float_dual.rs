//! The dual simplex in big floats (issue 31 item 3): the first part of [`super::revised`]'s
//! dual phase, which only *chooses a basis*.
//!
//! From a basis that is dual feasible exactly (checked by the caller), each pivot takes the basic
//! variable furthest from its bound out of the basis and brings in the non-basic variable whose
//! reduced cost reaches zero first along its row (the dual ratio test), as the exact dual phase
//! of [`super::revised`] does, but every number is a [`PREC`]-bit float ([`super::bigfloat`]):
//! the kernel `K = A_{P,S}` is factored in floats every pivot ([`Elimination`] over `Float`),
//! the basic values are solved afresh (`K x_S = b_P`, then the slacks off `P`), `ρ` (the
//! leaving variable's row of `B⁻¹`) by the transposed solve, `α = ρ·A` from the rows where `ρ`
//! is non-zero, and the reduced costs are updated (`d −= (d_q / α_q) α`) and recomputed from
//! the prices every [`REFRESH`] pivots. It stops where the floats see no primal infeasibility
//! (then the exact dual phase confirms or continues), when no variable can enter, when the
//! float kernel is singular, at a repeated basis, and at the pivot cap or the deadline.
//!
//! Nothing here decides anything: the exact dual phase and the exact primal phases of
//! [`super::revised`] start from the basis reached, factor it exactly and pivot if it is not
//! optimal, and [`super::check`] judges the answer. A wrong float choice costs time only.

use super::anti_cycling::CycleGuard;
use super::bigfloat::{self, to_f64};
use super::lu::{Elimination, Scalar, SparseRow};
use super::model::{numbered, Cmp, Model};
use super::revised::Basis;
use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;
use malachite::Float;
use std::time::Instant;

/// Pivots between recomputations of the reduced costs from the prices.
const REFRESH: usize = 1;

/// A variable of the slack form: structural `j < n`, or the slack of row `i` as `n + i`.
type VarId = usize;

/// Pivot `basis` (dual feasible exactly) by the dual simplex in big floats for the minimisation
/// of `cost`; the number of pivots taken.
pub(super) fn pivot(
    model: &Model,
    cost: &[Rational],
    basis: &mut Basis,
    max_pivots: usize,
    deadline: Option<Instant>,
) -> usize {
    let mut run = FloatRun::new(model, cost, basis.clone());
    let pivots = run.pivot(max_pivots, deadline);
    *basis = run.basis;
    pivots
}

pub(super) fn debug_values(model: &Model, cost: &[Rational], basis: &Basis) -> Vec<f64> {
    let run = FloatRun::new(model, cost, basis.clone());
    let k = run.factor().expect("nonsingular");
    run.values(&k).iter().map(to_f64).collect()
}

struct FloatRun<'a> {
    model: &'a Model,
    n: usize,
    rows: Vec<SparseRow<Float>>,
    cols: Vec<SparseRow<Float>>,
    rhs: Vec<Float>,
    cost: Vec<Float>,
    /// Row `i`'s slack coefficient `σ_i` is −1 (a `>=` row).
    ge: Vec<bool>,
    basis: Basis,
}

/// The factored kernel of a basis: `P` (rows without a basic slack), `S` (basic structurals),
/// each one's position in its list (`usize::MAX` when absent).
struct Kernel {
    p_rows: Vec<usize>,
    p_pos: Vec<usize>,
    s_vars: Vec<usize>,
    lu: Elimination<Float>,
}

impl<'a> FloatRun<'a> {
    fn new(model: &'a Model, cost: &[Rational], basis: Basis) -> FloatRun<'a> {
        let n = model.n_vars();
        let rows: Vec<SparseRow<Float>> = model
            .rows()
            .iter()
            .map(|row| {
                row.coeffs
                    .iter()
                    .map(|(j, a)| (*j, bigfloat::of(a)))
                    .collect()
            })
            .collect();
        let mut cols: Vec<SparseRow<Float>> = vec![Vec::new(); n];
        for (i, row) in rows.iter().enumerate() {
            for (j, a) in row {
                cols[*j].push((i, a.clone()));
            }
        }
        FloatRun {
            model,
            n,
            rows,
            cols,
            rhs: model.rows().iter().map(|r| bigfloat::of(&r.rhs)).collect(),
            cost: cost.iter().map(bigfloat::of).collect(),
            ge: model.rows().iter().map(|r| r.cmp == Cmp::Ge).collect(),
            basis,
        }
    }

    /// `σ_i v`.
    fn signed(&self, i: usize, v: Float) -> Float {
        if self.ge[i] {
            v.negate()
        } else {
            v
        }
    }

    fn fixed_var(&self, v: VarId) -> bool {
        v >= self.n && self.model.rows()[v - self.n].cmp == Cmp::Eq
    }

    fn is_basic(&self, v: VarId) -> bool {
        if v < self.n {
            self.basis.structural[v]
        } else {
            self.basis.slack[v - self.n]
        }
    }

    fn set_basic(&mut self, v: VarId, basic: bool) {
        if v < self.n {
            self.basis.structural[v] = basic;
        } else {
            self.basis.slack[v - self.n] = basic;
        }
    }

    /// The kernel factored in floats, `None` when the floats find it singular.
    fn factor(&self) -> Option<Kernel> {
        let slack_nonbasic: Vec<bool> = self.basis.slack.iter().map(|s| !s).collect();
        let (p_rows, p_pos) = numbered(&slack_nonbasic);
        let (s_vars, s_pos) = numbered(&self.basis.structural);
        let kernel: Vec<SparseRow<Float>> = p_rows
            .iter()
            .map(|&i| {
                self.rows[i]
                    .iter()
                    .filter(|(j, _)| s_pos[*j] != usize::MAX)
                    .map(|(j, a)| (s_pos[*j], a.clone()))
                    .collect()
            })
            .collect();
        let lu = Elimination::new(s_vars.len(), kernel);
        (p_rows.len() == s_vars.len() && lu.rank() == s_vars.len()).then_some(Kernel {
            p_rows,
            p_pos,
            s_vars,
            lu,
        })
    }

    /// `a_i·x` for a point given on its non-zero structurals.
    fn activity(&self, i: usize, x: &[Float]) -> Float {
        let mut s = Float::ZERO;
        for (j, a) in &self.rows[i] {
            if !x[*j].is_zero() {
                s.reduce(a.times(&x[*j]).negate());
            }
        }
        s
    }

    /// The basic values: structurals (0 off `S`), then slacks (0 on `P`).
    fn values(&self, k: &Kernel) -> Vec<Float> {
        let b: Vec<Float> = k.p_rows.iter().map(|&i| self.rhs[i].clone()).collect();
        let mut v = vec![Float::ZERO; self.n + self.rows.len()];
        for (&j, xj) in k.s_vars.iter().zip(k.lu.solve(b)) {
            v[j] = xj;
        }
        for i in (0..self.rows.len()).filter(|&i| k.p_pos[i] == usize::MAX) {
            let s = self.rhs[i].minus(self.activity(i, &v[..self.n]));
            v[self.n + i] = self.signed(i, s);
        }
        v
    }

    /// Prices `y` for the costs `cb` of the basic variables (`Bᵀ y = c_B`, reduced to the
    /// kernel as in [`super::revised`]).
    fn prices(&self, k: &Kernel, cb: &dyn Fn(VarId) -> Float) -> Vec<Float> {
        let m = self.rows.len();
        let mut y = vec![Float::ZERO; m];
        for i in (0..m).filter(|&i| self.basis.slack[i]) {
            y[i] = self.signed(i, cb(self.n + i));
        }
        let w: Vec<Float> = k
            .s_vars
            .iter()
            .map(|&j| {
                let mut w = cb(j);
                for (i, a) in &self.cols[j] {
                    if k.p_pos[*i] == usize::MAX && !y[*i].is_zero() {
                        w.reduce(a.times(&y[*i]));
                    }
                }
                w
            })
            .collect();
        for (&i, v) in k.p_rows.iter().zip(k.lu.solve_transposed(w)) {
            y[i] = v;
        }
        y
    }

    /// The reduced costs of every variable at prices `y` (0 for the basic ones).
    fn reduced_costs(&self, y: &[Float]) -> Vec<Float> {
        let mut d = vec![Float::ZERO; self.n + self.rows.len()];
        for j in (0..self.n).filter(|&j| !self.basis.structural[j]) {
            let mut dj = self.cost[j].clone();
            for (i, a) in &self.cols[j] {
                if !y[*i].is_zero() {
                    dj.reduce(a.times(&y[*i]));
                }
            }
            d[j] = dj;
        }
        for i in (0..self.rows.len()).filter(|&i| !self.basis.slack[i]) {
            d[self.n + i] = self.signed(i, y[i].clone()).negate();
        }
        d
    }

    /// `α_v = ρ·(column of v)` for the non-basic variables that may enter, non-zero only.
    fn alpha_row(&self, rho: &[Float]) -> Vec<(VarId, Float)> {
        let mut acc: Vec<Option<Float>> = vec![None; self.n];
        let mut touched = Vec::new();
        let mut out = Vec::new();
        for (i, ri) in rho.iter().enumerate().filter(|(_, r)| !r.is_zero()) {
            for (j, a) in &self.rows[i] {
                if self.basis.structural[*j] {
                    continue;
                }
                let t = a.times(ri);
                match &mut acc[*j] {
                    Some(s) => s.reduce(t.negate()),
                    slot @ None => {
                        *slot = Some(t);
                        touched.push(*j);
                    }
                }
            }
            if !self.basis.slack[i] && !self.fixed_var(self.n + i) {
                out.push((self.n + i, self.signed(i, ri.clone())));
            }
        }
        for j in touched {
            if let Some(a) = acc[j].take().filter(|a| !a.is_zero()) {
                out.push((j, a));
            }
        }
        out
    }

    fn pivot(&mut self, max_pivots: usize, deadline: Option<Instant>) -> usize {
        let mut guard = CycleGuard::default();
        let mut pivots = 0;
        let mut d: Vec<Float> = Vec::new();
        let mut tf = [0f64; 4];
        loop {
            if std::env::var_os("DPCERT_DEBUG").is_some() && pivots % 50 == 0 {
                eprintln!("times factor/values/prices/alpha {tf:?}");
            }
            if pivots >= max_pivots
                || deadline.is_some_and(|t| Instant::now() >= t)
                || guard.bland_at(&self.basis)
            {
                if std::env::var_os("DPCERT_DEBUG").is_some() {
                    eprintln!("cap/deadline/repeat");
                }
                return pivots;
            }
            let t0 = Instant::now();
            let kk = self.factor();
            tf[0] += t0.elapsed().as_secs_f64();
            let Some(k) = kk else {
                if std::env::var_os("DPCERT_DEBUG").is_some() {
                    eprintln!("singular");
                }
                return pivots;
            };
            let t0 = Instant::now();
            let values = self.values(&k);
            tf[1] += t0.elapsed().as_secs_f64();
            // The leaving variable: the basic one furthest from its bound.
            let leaving = (0..values.len())
                .filter(|&v| self.is_basic(v))
                .filter(|&v| values[v] < 0u32 || values[v] > 0u32 && self.fixed_var(v))
                .map(|v| (v, to_f64(&values[v]).abs()))
                .fold(None, |best: Option<(VarId, f64)>, (v, a)| match best {
                    Some((_, b)) if b >= a => best,
                    _ => Some((v, a)),
                });
            let Some((r, _)) = leaving else {
                return pivots;
            };
            if std::env::var_os("DPCERT_DEBUG").is_some() && pivots % 50 == 0 {
                let infeasible = (0..values.len())
                    .filter(|&v| self.is_basic(v))
                    .filter(|&v| values[v] < 0u32 || values[v] > 0u32 && self.fixed_var(v))
                    .count();
                let negd = d.iter().filter(|v| **v < 0u32).count();
                eprintln!("  float pivot {pivots}: {infeasible} infeasible, kernel {}, {negd} d<0, leaving {}", k.s_vars.len(), to_f64(&values[r]));
            }
            let below = values[r] < 0u32;
            let t0 = Instant::now();
            if pivots % REFRESH == 0 {
                let y = self.prices(&k, &|v| {
                    if v < self.n {
                        self.cost[v].clone()
                    } else {
                        Float::ZERO
                    }
                });
                d = self.reduced_costs(&y);
            }
            let one = Float::from(1u32);
            let rho = self.prices(&k, &|v| if v == r { one.clone() } else { Float::ZERO });
            tf[2] += t0.elapsed().as_secs_f64();
            let t0 = Instant::now();
            let alpha = self.alpha_row(&rho);
            tf[3] += t0.elapsed().as_secs_f64();
            // The dual ratio test: among the variables whose α has the sign that moves x_r
            // towards its bound (raising v moves x_r by −α_v), the least d_v / |α_v| (a
            // negative d read as 0), ties to the largest |α_v|.
            let mut best: Option<(f64, usize, f64)> = None;
            for (k, (v, a)) in alpha.iter().enumerate() {
                if (*a < 0u32) != below || self.fixed_var(*v) {
                    continue;
                }
                let a = to_f64(a).abs();
                let ratio = to_f64(&d[*v]).max(0.0) / a;
                if best.is_none_or(|(t, _, ba)| ratio < t || ratio == t && a > ba) {
                    best = Some((ratio, k, a));
                }
            }
            let Some((_, at, _)) = best else {
                if std::env::var_os("DPCERT_DEBUG").is_some() {
                    eprintln!("no entering");
                }
                return pivots;
            };
            let q = alpha[at].0;
            if std::env::var_os("DPCERT_DEBUG2").is_some() {
                // exact check of rho and alpha_q
                let slack_nonbasic: Vec<bool> = self.basis.slack.iter().map(|s| !s).collect();
                let (p_rows, p_pos) = numbered(&slack_nonbasic);
                let (s_vars, s_pos) = numbered(&self.basis.structural);
                let lu = Elimination::new(s_vars.len(), self.model.submatrix(&p_rows, &s_pos));
                let m = self.rows.len();
                let mut y = vec![Rational::from(0u32); m];
                if r >= self.n {
                    y[r - self.n] = Rational::from(if self.ge[r - self.n] { -1i32 } else { 1 });
                }
                let w: Vec<Rational> = s_vars
                    .iter()
                    .map(|&j| {
                        let mut w = Rational::from(u32::from(j == r));
                        for (i, a) in &self
                            .model
                            .rows()
                            .iter()
                            .enumerate()
                            .filter_map(|(i, row)| {
                                row.coeffs
                                    .iter()
                                    .find(|(jj, _)| *jj == j)
                                    .map(|(_, a)| (i, a.clone()))
                            })
                            .collect::<Vec<_>>()
                        {
                            if p_pos[*i] == usize::MAX && y[*i] != 0u32 {
                                w -= a * &y[*i];
                            }
                        }
                        w
                    })
                    .collect();
                for (&i, v) in p_rows.iter().zip(lu.solve_transposed(w)) {
                    y[i] = v;
                }
                let mut maxrel: f64 = 0.0;
                for (i, yi) in y.iter().enumerate() {
                    let e = crate::num::fmt::to_f64(yi);
                    let f = to_f64(&rho[i]);
                    if (e - f).abs() > 1e-20 * e.abs().max(1e-300) {
                        maxrel = maxrel.max((e - f).abs() / e.abs().max(1e-300));
                    }
                }
                let aq: Rational = if q >= self.n {
                    let i = q - self.n;
                    if self.ge[i] {
                        -y[i].clone()
                    } else {
                        y[i].clone()
                    }
                } else {
                    self.model
                        .rows()
                        .iter()
                        .enumerate()
                        .filter_map(|(i, row)| {
                            row.coeffs
                                .iter()
                                .find(|(jj, _)| *jj == q)
                                .map(|(_, a)| a * &y[i])
                        })
                        .sum()
                };
                eprintln!(
                    "pivot {pivots}: rho maxrel {maxrel:e}, alpha_q float {} exact {}",
                    to_f64(&alpha[at].1),
                    crate::num::fmt::to_f64(&aq)
                );
            }
            let step = d[q].over(&alpha[at].1);
            for (v, a) in &alpha {
                let change = step.times(a);
                d[*v].reduce(change);
            }
            d[q] = Float::ZERO;
            d[r] = step.negate();
            self.set_basic(q, true);
            self.set_basic(r, false);
            pivots += 1;
        }
    }
}
