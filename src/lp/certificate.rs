//! The independent certificate checker: re-verifies a [`Certificate`] from the [`Model`] alone, in
//! exact arithmetic, without looking at how the solver found it.
//!
//! * Optimal: the primal point is feasible (`x >= 0`, every row), the dual point is feasible
//!   (sign of each `y_i` by row type and sense, `Aᵀy <= c` for `Minimize` / `>= c` for
//!   `Maximize`), and `c·x = b·y = value` (strong duality; with weak duality this proves both
//!   points optimal).
//! * Infeasible: Farkas — `y_i <= 0` on `<=` rows, `>= 0` on `>=` rows, `Aᵀy <= 0`, `b·y > 0`.
//! * Unbounded: the point is feasible, the ray is `>= 0`, keeps every row (`a_i·r <= 0`, `>= 0`,
//!   `= 0` by row type) and strictly improves the objective.
//!
//! The sign conventions are spelled out in [`super::model`].

// The error carries the exact numbers at fault; it is returned at most once per check.
#![allow(clippy::result_large_err)]

use super::model::{Certificate, Cmp, Model, Sense};
use crate::num::Rational;
use std::fmt;

/// Why a certificate does not prove what it claims. Names the row or variable at fault.
#[derive(Clone, Debug, PartialEq)]
pub enum CertificateError {
    /// A vector has the wrong length.
    Length {
        /// Which vector.
        what: &'static str,
        /// Its required length.
        expected: usize,
        /// Its length.
        got: usize,
    },
    /// A primal (or ray) entry is negative.
    Negative {
        /// Which vector (primal or ray).
        what: &'static str,
        /// The variable.
        var: String,
        /// Its negative value.
        value: Rational,
    },
    /// A row does not hold at the primal point (or the ray leaves it).
    Row {
        /// Which point (primal or ray).
        what: &'static str,
        /// The row's name.
        row: String,
        /// `a·x` at the point.
        lhs: Rational,
        /// The row's comparison.
        cmp: Cmp,
        /// The row's right-hand side.
        rhs: Rational,
    },
    /// A dual / Farkas multiplier has the wrong sign for its row.
    MultiplierSign {
        /// Which multipliers (dual or Farkas).
        what: &'static str,
        /// The row's name.
        row: String,
        /// The multiplier.
        value: Rational,
    },
    /// The dual constraint of a variable fails: `(Aᵀy)_j` against `c_j`.
    DualConstraint {
        /// The variable.
        var: String,
        /// `(Aᵀy)_j`.
        aty: Rational,
        /// The comparison that fails.
        cmp: Cmp,
        /// The objective coefficient `c_j`.
        c: Rational,
    },
    /// `Aᵀy <= 0` fails for a Farkas certificate.
    FarkasColumn {
        /// The variable.
        var: String,
        /// `(Aᵀy)_j`, positive.
        aty: Rational,
    },
    /// `b·y > 0` fails for a Farkas certificate.
    FarkasRhs {
        /// `b·y`, not positive.
        bty: Rational,
    },
    /// Primal objective, dual objective and claimed value are not all equal.
    Objective {
        /// The certificate's value.
        claimed: Rational,
        /// `c·x` at the primal point.
        primal: Rational,
        /// `b·y` at the dual.
        dual: Rational,
    },
    /// The ray does not strictly improve the objective.
    RayNotImproving {
        /// `c·r`, the objective's change along the ray.
        cr: Rational,
    },
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CertificateError::*;
        match self {
            Length {
                what,
                expected,
                got,
            } => write!(f, "{what} has {got} entries, the model needs {expected}"),
            Negative { what, var, value } => write!(f, "{what} entry {var} = {value} is negative"),
            Row {
                what,
                row,
                lhs,
                cmp,
                rhs,
            } => write!(f, "{what}: row {row} fails: {lhs} {cmp} {rhs} is false"),
            MultiplierSign { what, row, value } => {
                write!(
                    f,
                    "{what} multiplier of row {row} = {value} has the wrong sign"
                )
            }
            DualConstraint { var, aty, cmp, c } => write!(
                f,
                "dual constraint of variable {var} fails: (A^T y) = {aty} {cmp} c = {c} is false"
            ),
            FarkasColumn { var, aty } => {
                write!(f, "Farkas: (A^T y) of variable {var} = {aty} is positive")
            }
            FarkasRhs { bty } => write!(f, "Farkas: b^T y = {bty} is not positive"),
            Objective {
                claimed,
                primal,
                dual,
            } => write!(
                f,
                "objectives differ: claimed {claimed}, primal c^T x = {primal}, dual b^T y = {dual}"
            ),
            RayNotImproving { cr } => write!(f, "ray does not improve the objective: c^T r = {cr}"),
        }
    }
}

impl std::error::Error for CertificateError {}

type Check = Result<(), CertificateError>;

fn length(what: &'static str, v: &[Rational], expected: usize) -> Check {
    if v.len() == expected {
        Ok(())
    } else {
        Err(CertificateError::Length {
            what,
            expected,
            got: v.len(),
        })
    }
}

/// `x >= 0` entrywise.
fn nonnegative(model: &Model, what: &'static str, x: &[Rational]) -> Check {
    for (j, v) in x.iter().enumerate() {
        if *v < 0u32 {
            return Err(CertificateError::Negative {
                what,
                var: model.var_names()[j].clone(),
                value: v.clone(),
            });
        }
    }
    Ok(())
}

/// `x >= 0` and every row holds at `x`.
fn primal_feasible(model: &Model, x: &[Rational]) -> Check {
    length("primal point", x, model.n_vars())?;
    nonnegative(model, "primal", x)?;
    for row in model.rows() {
        let lhs = row.activity(x);
        if !row.cmp.holds(&lhs, &row.rhs) {
            return Err(CertificateError::Row {
                what: "primal point",
                row: row.name.clone(),
                lhs,
                cmp: row.cmp,
                rhs: row.rhs.clone(),
            });
        }
    }
    Ok(())
}

/// `(Aᵀy)_j` for every variable `j`.
fn a_transpose_y(model: &Model, y: &[Rational]) -> Vec<Rational> {
    let mut aty = vec![Rational::from(0u32); model.n_vars()];
    for (row, yi) in model.rows().iter().zip(y) {
        if *yi != 0u32 {
            for (j, a) in &row.coeffs {
                aty[*j] += a * yi;
            }
        }
    }
    aty
}

/// `b·y`.
fn b_dot_y(model: &Model, y: &[Rational]) -> Rational {
    let mut s = Rational::from(0u32);
    for (row, yi) in model.rows().iter().zip(y) {
        s += &row.rhs * yi;
    }
    s
}

/// Multiplier `y_i` must be `>= 0` on rows of type `nonneg` and `<= 0` on rows of type `nonpos`.
fn multiplier_signs(model: &Model, what: &'static str, y: &[Rational], nonneg: Cmp) -> Check {
    for (row, yi) in model.rows().iter().zip(y) {
        let ok = match row.cmp {
            Cmp::Eq => true,
            c if c == nonneg => *yi >= 0u32,
            _ => *yi <= 0u32,
        };
        if !ok {
            return Err(CertificateError::MultiplierSign {
                what,
                row: row.name.clone(),
                value: yi.clone(),
            });
        }
    }
    Ok(())
}

/// Check a solution's certificate against the model. `Ok(())` means the claim is proved.
pub fn check(model: &Model, solution: &Certificate) -> Check {
    match solution {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => {
            primal_feasible(model, primal)?;
            length("dual", dual, model.n_rows())?;
            // Minimize: y >= 0 on >= rows, Aᵀy <= c. Maximize: y >= 0 on <= rows, Aᵀy >= c.
            let (nonneg, dual_cmp) = match model.sense() {
                Sense::Minimize => (Cmp::Ge, Cmp::Le),
                Sense::Maximize => (Cmp::Le, Cmp::Ge),
            };
            multiplier_signs(model, "dual", dual, nonneg)?;
            for (j, (aty, c)) in a_transpose_y(model, dual)
                .into_iter()
                .zip(model.objective())
                .enumerate()
            {
                if !dual_cmp.holds(&aty, c) {
                    return Err(CertificateError::DualConstraint {
                        var: model.var_names()[j].clone(),
                        aty,
                        cmp: dual_cmp,
                        c: c.clone(),
                    });
                }
            }
            let p = model.objective_value(primal);
            let d = b_dot_y(model, dual) + model.objective_offset();
            if p != *value || d != *value {
                return Err(CertificateError::Objective {
                    claimed: value.clone(),
                    primal: p,
                    dual: d,
                });
            }
            Ok(())
        }
        Certificate::Infeasible { farkas } => {
            length("Farkas certificate", farkas, model.n_rows())?;
            multiplier_signs(model, "Farkas", farkas, Cmp::Ge)?;
            for (j, aty) in a_transpose_y(model, farkas).into_iter().enumerate() {
                if aty > 0u32 {
                    return Err(CertificateError::FarkasColumn {
                        var: model.var_names()[j].clone(),
                        aty,
                    });
                }
            }
            let bty = b_dot_y(model, farkas);
            if bty <= 0u32 {
                return Err(CertificateError::FarkasRhs { bty });
            }
            Ok(())
        }
        Certificate::Unbounded { point, ray } => {
            primal_feasible(model, point)?;
            length("ray", ray, model.n_vars())?;
            nonnegative(model, "ray", ray)?;
            let zero = Rational::from(0u32);
            for row in model.rows() {
                let lhs = row.activity(ray);
                if !row.cmp.holds(&lhs, &zero) {
                    return Err(CertificateError::Row {
                        what: "ray",
                        row: row.name.clone(),
                        lhs,
                        cmp: row.cmp,
                        rhs: zero,
                    });
                }
            }
            let cr = model.objective_value(ray) - model.objective_offset();
            let improving = match model.sense() {
                Sense::Minimize => cr < 0u32,
                Sense::Maximize => cr > 0u32,
            };
            if !improving {
                return Err(CertificateError::RayNotImproving { cr });
            }
            Ok(())
        }
    }
}

/// Run [`check`] and, if it passes, return a one-line note for reports (`Method::LpCertificate`):
/// the status, the exact optimum and what was verified.
pub fn checked_note(model: &Model, solution: &Certificate) -> Result<String, CertificateError> {
    check(model, solution)?;
    let size = format!("{} variables, {} rows", model.n_vars(), model.n_rows());
    Ok(match solution {
        Certificate::Optimal { value, .. } => format!(
            "exact LP optimum {value} ({size}); certificate re-checked: primal feasible, dual feasible, equal objectives"
        ),
        Certificate::Infeasible { .. } => {
            format!("LP infeasible ({size}); Farkas certificate re-checked")
        }
        Certificate::Unbounded { .. } => format!(
            "LP unbounded ({size}); feasible point and improving ray re-checked"
        ),
    })
}

#[cfg(test)]
mod tests;
