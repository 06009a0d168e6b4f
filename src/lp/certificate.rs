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
//!
//! **Arithmetic.** Every sum is taken in integers, once per row or column, instead of adding
//! rationals term by term (a gcd of ever larger numbers at each step: on the dense 40 × 40 LP
//! with 10^12/10^9 coefficients of `bench/lp_vs_highs.py --big 40 --shape mixed` that was
//! 0.15 s of a 0.42 s solve, issue 31). A point `v` is put on one common denominator,
//! `v_j = n_j / D` with `D` the lcm of its denominators ([`OverCommon`]); for a row (or column,
//! or the objective) `a` with right-hand side `r`, `L` is the lcm of the denominators of `r` and
//! of the `a_j` met by a non-zero `v_j`. Then `L·D·(a·v − r) = Σ_j (L·a_j)·n_j − (L·r)·D`, every
//! factor an integer, and `L·D > 0`, so the integer on the right has the sign of `a·v − r`: the
//! comparison `a·v ≤ r` (`≥`, `=`) is decided exactly by the sign of an integer
//! ([`excess_sign`], which reads it from the leading bits of the point where a bound on the
//! rest proves it). Values that are reported or compared for equality (the objectives
//! `c·x` and `b·y`) are summed the same way by [`crate::num::dot`] (both vectors on their
//! common denominators, one reduction at the end), the same rational as the term-by-term sum.
//! Nothing is rounded and no comparison is weakened: the checker accepts and refuses exactly
//! what the term-by-term sums did (the naive `num-rational` reference in the tests checks
//! that), and an error carries the same exact numbers (recomputed term by term, on the failure
//! path only).

// The error carries the exact numbers at fault; it is returned at most once per check.
#![allow(clippy::result_large_err)]

use super::model::{Certificate, Cmp, Model, Sense};
use crate::num::{dot, lcm_assign_divisible, numerator_over, Integer, Natural, Rational};
use malachite::base::num::arithmetic::traits::{AddMulAssign, LcmAssign, Sign};
use malachite::base::num::logic::traits::SignificantBits;
use std::cmp::Ordering;
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
    rows_hold(model, "primal point", x, false)
}

/// Every row holds at `v` (`a_i·v cmp b_i`), or with `homogeneous` its homogeneous version
/// (`a_i·v cmp 0`, for a ray).
fn rows_hold(model: &Model, what: &'static str, v: &[Rational], homogeneous: bool) -> Check {
    let common = OverCommon::new(v);
    let zero = Rational::from(0u32);
    for row in model.rows() {
        let rhs = if homogeneous { &zero } else { &row.rhs };
        let terms = row.coeffs.iter().map(|(j, a)| (a, *j));
        if !holds(row.cmp, excess_sign(terms, rhs, &common)) {
            return Err(CertificateError::Row {
                what,
                row: row.name.clone(),
                lhs: row.activity(v),
                cmp: row.cmp,
                rhs: rhs.clone(),
            });
        }
    }
    Ok(())
}

/// Whether `lhs cmp rhs` holds, given the ordering of `lhs` against `rhs`.
fn holds(cmp: Cmp, ord: Ordering) -> bool {
    match cmp {
        Cmp::Le => ord != Ordering::Greater,
        Cmp::Ge => ord != Ordering::Less,
        Cmp::Eq => ord == Ordering::Equal,
    }
}

/// A vector on one common denominator: `v_j = num[j] / den`, `den` the lcm of the
/// denominators of the `v_j` (so `den > 0`); with the leading bits of each, for
/// [`excess_sign`]: `top[j] = ⌊num[j] / 2^shift⌋`, `top_den = ⌊den / 2^shift⌋`.
struct OverCommon {
    num: Vec<Integer>,
    den: Natural,
    top: Vec<Integer>,
    top_den: Integer,
    shift: u64,
}

/// Bits of the largest of a point's numerators and denominator kept in [`OverCommon::top`].
const TOP_BITS: u64 = 128;

impl OverCommon {
    fn new(v: &[Rational]) -> OverCommon {
        let mut den = Natural::from(1u32);
        for r in v {
            lcm_assign_divisible(&mut den, r.denominator_ref());
        }
        let num: Vec<Integer> = v.iter().map(|r| numerator_over(r, &den)).collect();
        let bits = num.iter().map(|n| n.significant_bits()).max().unwrap_or(0);
        let shift = bits.max(den.significant_bits()).saturating_sub(TOP_BITS);
        OverCommon {
            top: num.iter().map(|n| n >> shift).collect(),
            top_den: Integer::from(&den >> shift),
            num,
            den,
            shift,
        }
    }
}

/// The sign of `a·v − r` (how `a·v` compares with `r`), for `terms` the pairs `(a_j, j)` of a
/// linear form `a` and the point `v` on one common denominator, `v_j = n_j / D`.
///
/// It is the sign of the integer `S = L·D·(a·v − r) = Σ_j A_j·n_j − R·D` (`L` the lcm of the
/// denominators of `r` and of the `a_j` with `n_j ≠ 0`, `A_j = L·a_j`, `R = L·r`; `L·D > 0`).
/// First from the leading bits (issue 42 item 8): with `n_j = 2^s·h_j + l_j`, `D = 2^s·h_D +
/// l_D` and `|l_j|, |l_D| < 2^s` ([`OverCommon`]), `S = 2^s·H + E` where `H = Σ_j A_j·h_j −
/// R·h_D` and `|E| < 2^s·M`, `M = Σ_j |A_j| + |R|`; so `|H| > M` gives `S` the sign of `H`.
/// Integers throughout, nothing rounded that is not bounded: a row far from tight is decided
/// with products of ~128-bit numbers. Otherwise (a tight row, an equation) `S` itself: on
/// `--big 160 --shape mixed` the 77 slack rows and 76 slack columns no longer take the 84
/// products of a row's ~2,600-bit integers by ~170,000-bit numerators each.
fn excess_sign<'a>(
    terms: impl Iterator<Item = (&'a Rational, usize)> + Clone,
    r: &Rational,
    v: &OverCommon,
) -> Ordering {
    let terms = terms.filter(|(_, j)| v.num[*j] != 0u32);
    let mut l = r.denominator_ref().clone();
    for (a, _) in terms.clone() {
        l.lcm_assign(a.denominator_ref());
    }
    let big_r = numerator_over(r, &l);
    let scaled: Vec<(Integer, usize)> = terms.map(|(a, j)| (numerator_over(a, &l), j)).collect();
    if v.shift > 0 {
        let mut h = -(&big_r * &v.top_den);
        let mut m = Integer::from(big_r.unsigned_abs_ref().clone());
        for (a, j) in &scaled {
            h.add_mul_assign(a, &v.top[*j]);
            m += Integer::from(a.unsigned_abs_ref().clone());
        }
        if h.unsigned_abs_ref() > m.unsigned_abs_ref() {
            return h.sign();
        }
    }
    let mut sum = -(big_r * Integer::from(&v.den));
    for (a, j) in &scaled {
        sum.add_mul_assign(a, &v.num[*j]);
    }
    sum.sign()
}

/// `(Aᵀy)_j` for every variable `j`, term by term (for error messages).
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

/// The first `(Aᵀy)_j` that fails `(Aᵀy)_j cmp w_j` (`w` the objective, or zero with `None`),
/// if any, decided in integers ([`excess_sign`] on each column).
fn first_failing_column(
    model: &Model,
    y: &[Rational],
    cmp: Cmp,
    w: Option<&[Rational]>,
) -> Option<usize> {
    let common = OverCommon::new(y);
    let mut columns: Vec<Vec<(&Rational, usize)>> = vec![Vec::new(); model.n_vars()];
    for (i, (row, n)) in model.rows().iter().zip(&common.num).enumerate() {
        if *n != 0u32 {
            for (j, a) in &row.coeffs {
                columns[*j].push((a, i));
            }
        }
    }
    let zero = Rational::from(0u32);
    columns.iter().enumerate().position(|(j, col)| {
        let r = w.map_or(&zero, |w| &w[j]);
        !holds(cmp, excess_sign(col.iter().copied(), r, &common))
    })
}

/// `b·y`.
fn b_dot_y(model: &Model, y: &[Rational]) -> Rational {
    dot(model.rows().iter().map(|row| &row.rhs).zip(y))
}

/// `c·x + offset`.
fn objective_value(model: &Model, x: &[Rational]) -> Rational {
    dot(model.objective().iter().zip(x)) + model.objective_offset()
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

/// The bound `b·y + offset` that a dual point `y` proves (a lower bound on the minimum, an
/// upper bound on the maximum), after checking its signs and every dual constraint: the dual
/// half of an `Optimal` certificate (the `bound` answer of an `lp` record, issue 44 item 1).
pub fn dual_bound(model: &Model, dual: &[Rational]) -> Result<Rational, CertificateError> {
    length("dual", dual, model.n_rows())?;
    // Minimize: y >= 0 on >= rows, Aᵀy <= c. Maximize: y >= 0 on <= rows, Aᵀy >= c.
    let (nonneg, dual_cmp) = match model.sense() {
        Sense::Minimize => (Cmp::Ge, Cmp::Le),
        Sense::Maximize => (Cmp::Le, Cmp::Ge),
    };
    multiplier_signs(model, "dual", dual, nonneg)?;
    if let Some(j) = first_failing_column(model, dual, dual_cmp, Some(model.objective())) {
        return Err(CertificateError::DualConstraint {
            var: model.var_names()[j].clone(),
            aty: a_transpose_y(model, dual).swap_remove(j),
            cmp: dual_cmp,
            c: model.objective()[j].clone(),
        });
    }
    Ok(b_dot_y(model, dual) + model.objective_offset())
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
            let d = dual_bound(model, dual)?;
            let p = objective_value(model, primal);
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
            if let Some(j) = first_failing_column(model, farkas, Cmp::Le, None) {
                return Err(CertificateError::FarkasColumn {
                    var: model.var_names()[j].clone(),
                    aty: a_transpose_y(model, farkas).swap_remove(j),
                });
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
            rows_hold(model, "ray", ray, true)?;
            let cr = objective_value(model, ray) - model.objective_offset();
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

pub mod export;
#[cfg(test)]
mod tests;
pub mod vipr;
