//! The guessed optimal pattern (steps 2, 3 and 5 of [`super`]): the support and the priced rows
//! read from the float pair and closed through homogeneous rows, its equations solved exactly,
//! and its repair from what the exact pair violates.

use super::hint::{float_pattern, side_by_side};
use crate::lp::exact::lu;
use crate::lp::exact::sparse::SparseRow;
use crate::lp::model::{numbered, Cmp, Model, Sense};
use crate::num::fmt::{exact_f64, to_f64};
use crate::num::Rational;

/// Relative tolerance for reading a float as zero (hints only).
pub(super) const TOL: f64 = 1e-9;

/// The guessed complementary-slackness pattern (see the module docs).
pub(super) struct Guess {
    /// Variables that may be non-zero.
    pub(super) support: Vec<bool>,
    /// Rows that are tight at the primal point.
    pub(super) tight: Vec<bool>,
    /// Rows that may carry a non-zero multiplier (tight rows, by complementary slackness).
    pub(super) priced: Vec<bool>,
    /// Columns whose dual constraint is tight.
    pub(super) tight_cols: Vec<bool>,
}

/// `|v| <= TOL·scale` with `scale >= 1`.
pub(super) fn near_zero(v: f64, scale: f64) -> bool {
    v.abs() <= TOL * scale.max(1.0)
}

impl Guess {
    pub(super) fn from_floats(model: &Model, x: &[f64], y: &[f64]) -> Guess {
        let (support, priced) = float_pattern(model, x, y);
        // Rows tight at the float point, relative to the size of their terms; every priced
        // row is tight by complementary slackness.
        let tight = model
            .rows()
            .iter()
            .zip(&priced)
            .map(|(row, p)| {
                let (mut lhs, mut scale) = (0.0f64, to_f64(&row.rhs).abs());
                for (j, a) in &row.coeffs {
                    let term = to_f64(a) * x[*j];
                    lhs += term;
                    scale += term.abs();
                }
                *p || near_zero(lhs - to_f64(&row.rhs), scale)
            })
            .collect();
        // Reduced costs c_j - (Aᵀy)_j, with the size of the terms as the scale.
        let mut aty = vec![0.0f64; model.n_vars()];
        let mut scale = vec![0.0f64; model.n_vars()];
        for (row, yi) in model.rows().iter().zip(y) {
            for (j, a) in &row.coeffs {
                let term = to_f64(a) * yi;
                aty[*j] += term;
                scale[*j] += term.abs();
            }
        }
        let tight_cols = model
            .objective()
            .iter()
            .enumerate()
            .map(|(j, c)| {
                let c = to_f64(c);
                near_zero(c - aty[j], scale[j] + c.abs())
            })
            .collect();
        let mut guess = Guess {
            support,
            tight,
            priced,
            tight_cols,
        };
        guess.close_support(model, x);
        guess
    }

    /// Support propagation through homogeneous rows: in a row `a·x ≤ 0` (or `≥ 0`, or `= 0`) a
    /// positive variable on one side needs a positive variable on the other; when the other
    /// side has none, all of it is taken as positive and joins the support, and the row joins
    /// the equations. Positive to begin with are the variables the float point makes clearly
    /// non-zero (relative to its largest entry); repeated to a fixed point. On ε-DP rows
    /// `t·p(x,y) ≤ p(x',y)` this says a column positive somewhere is positive along every
    /// path, which recovers at once the geometric tails the float solver rounds to zero. A
    /// hint only: the exact solve and the checker decide.
    pub(super) fn close_support(&mut self, model: &Model, x: &[f64]) {
        let scale = x.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let mut positive: Vec<bool> = x.iter().map(|v| !near_zero(*v, scale)).collect();
        let homogeneous: Vec<usize> = (0..model.n_rows())
            .filter(|&i| model.rows()[i].rhs == 0u32)
            .collect();
        loop {
            let mut changed = false;
            for &i in &homogeneous {
                let row = &model.rows()[i];
                // Sides by sign: `pos·x ≤ neg·x` for `≤`; `≥` swaps them; `=` is both.
                let directions: &[bool] = match row.cmp {
                    Cmp::Le => &[true],
                    Cmp::Ge => &[false],
                    Cmp::Eq => &[true, false],
                };
                for &le in directions {
                    let driving = |j: usize, a: &Rational| positive[j] && (*a > 0u32) == le;
                    let meeting = |j: usize, a: &Rational| positive[j] && (*a > 0u32) != le;
                    if !row.coeffs.iter().any(|(j, a)| driving(*j, a))
                        || row.coeffs.iter().any(|(j, a)| meeting(*j, a))
                    {
                        continue;
                    }
                    for (j, a) in &row.coeffs {
                        if (*a > 0u32) != le {
                            positive[*j] = true;
                            if !self.support[*j] {
                                self.support[*j] = true;
                                self.tight[i] = true;
                                self.priced[i] = true;
                            }
                        }
                    }
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The exact pair: the primal from the tight rows (a vertex), else from the priced rows near
    /// the float point; the dual from the tight columns and the support, else from the tight
    /// columns near the float dual.
    pub(super) fn exact(
        &self,
        model: &Model,
        x: &[f64],
        y: &[f64],
    ) -> Option<(Vec<Rational>, Vec<Rational>)> {
        let with_support: Vec<bool> = (0..model.n_vars())
            .map(|j| self.tight_cols[j] || self.support[j])
            .collect();
        // The two systems are independent: solved side by side (on the dense big-coefficient
        // LPs of issue 31 each is a ~10 ms Dixon solve).
        let primal = || {
            self.primal_point(model, None, &self.tight)
                .or_else(|| self.primal_point(model, Some(x), &self.priced))
        };
        let dual = || {
            self.dual_point(model, None, &with_support)
                .or_else(|| self.dual_point(model, Some(y), &self.tight_cols))
        };
        let (primal, dual) = side_by_side(primal, dual);
        Some((primal?, dual?))
    }

    /// Solve `A_{T,S} x_S = b_T` exactly for the rows `rows_used`; `None` if inconsistent.
    /// Unknowns the equations leave free take `near` (the float point, or zero).
    pub(super) fn primal_point(
        &self,
        model: &Model,
        near: Option<&[f64]>,
        rows_used: &[bool],
    ) -> Option<Vec<Rational>> {
        let rows = model.rows();
        let tight: Vec<usize> = (0..rows.len()).filter(|&i| rows_used[i]).collect();
        // Primal: unknowns are the support variables, renumbered.
        let (support, index) = numbered(&self.support);
        let primal_rows = model.submatrix(&tight, &index);
        let primal_rhs = tight.iter().map(|&i| rows[i].rhs.clone()).collect();
        let xs = lu::solve_near(start(&support, near), primal_rows, primal_rhs)?;
        Some(scatter(&support, xs, model.n_vars()))
    }

    /// Solve `A_{R,C}ᵀ y_R = c_C` exactly for the columns `cols_used`; `None` if inconsistent.
    /// Unknowns the equations leave free take `near` (the float dual, or zero).
    pub(super) fn dual_point(
        &self,
        model: &Model,
        near: Option<&[f64]>,
        cols_used: &[bool],
    ) -> Option<Vec<Rational>> {
        let rows = model.rows();
        // Dual: unknowns are the multipliers of the priced rows; one equation per tight column.
        let (cols, col_pos) = numbered(cols_used);
        let priced: Vec<usize> = (0..rows.len()).filter(|&i| self.priced[i]).collect();
        let mut dual_rows: Vec<SparseRow> = vec![Vec::new(); cols.len()];
        for (k, &i) in priced.iter().enumerate() {
            for (j, a) in &rows[i].coeffs {
                if col_pos[*j] != usize::MAX {
                    dual_rows[col_pos[*j]].push((k, a.clone()));
                }
            }
        }
        let dual_rhs = cols.iter().map(|&j| model.objective()[j].clone()).collect();
        let ys = lu::solve_near(start(&priced, near), dual_rows, dual_rhs)?;
        Some(scatter(&priced, ys, rows.len()))
    }

    /// Adjust the pattern to what the exact pair violates; the number of defects found (rows,
    /// variables and columns changed), 0 if nothing changed.
    pub(super) fn repair(&mut self, model: &Model, x: &[Rational], y: &[Rational]) -> usize {
        let mut changed = 0;
        for (i, row) in model.rows().iter().enumerate() {
            if !self.priced[i] && !row.cmp.holds(&row.activity(x), &row.rhs) {
                // A violated row must be tight; it joins both equation sets, and its variables
                // may be non-zero (the float solver reads values below its tolerance as zero).
                self.tight[i] = true;
                self.priced[i] = true;
                for (j, _) in &row.coeffs {
                    self.support[*j] = true;
                }
                changed += 1;
            }
            if self.priced[i] && row.cmp != Cmp::Eq && !sign_ok(model.sense(), row.cmp, &y[i]) {
                self.priced[i] = false;
                changed += 1;
            }
        }
        for (s, xj) in self.support.iter_mut().zip(x) {
            if *s && *xj < 0u32 {
                *s = false;
                changed += 1;
            }
        }
        let mut aty = vec![Rational::from(0u32); model.n_vars()];
        for (row, yi) in model.rows().iter().zip(y) {
            if *yi != 0u32 {
                for (j, a) in &row.coeffs {
                    aty[*j] += a * yi;
                }
            }
        }
        for (j, c) in model.objective().iter().enumerate() {
            let ok = match model.sense() {
                Sense::Minimize => aty[j] <= *c,
                Sense::Maximize => aty[j] >= *c,
            };
            if !(ok || self.tight_cols[j] && self.support[j]) {
                self.tight_cols[j] = true;
                self.support[j] = true;
                changed += 1;
            }
        }
        changed
    }
}

/// Starting values of the unknowns at `positions`: the exact values of the floats `near` there,
/// or zeros.
pub(super) fn start(positions: &[usize], near: Option<&[f64]>) -> Vec<Rational> {
    positions
        .iter()
        .map(|&j| near.map_or_else(|| Rational::from(0u32), |v| exact_f64(v[j])))
        .collect()
}

/// A vector of length `len` with `values[k]` at `positions[k]` and zeros elsewhere.
pub(super) fn scatter(positions: &[usize], values: Vec<Rational>, len: usize) -> Vec<Rational> {
    let mut out = vec![Rational::from(0u32); len];
    for (&j, v) in positions.iter().zip(values) {
        out[j] = v;
    }
    out
}

/// The sign a multiplier of a `cmp` row must have (see [`crate::lp::model`]).
pub(super) fn sign_ok(sense: Sense, cmp: Cmp, y: &Rational) -> bool {
    match (sense, cmp) {
        (_, Cmp::Eq) => true,
        (Sense::Minimize, Cmp::Ge) | (Sense::Maximize, Cmp::Le) => *y >= 0u32,
        (Sense::Minimize, Cmp::Le) | (Sense::Maximize, Cmp::Ge) => *y <= 0u32,
    }
}
