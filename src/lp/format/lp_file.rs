//! A parsed LP file: the model in `x >= 0` form, the file's variables over it, and the error
//! of a malformed file.

use crate::lp::model::{Model, Var};
use crate::num::Rational;
use std::fmt;

/// A malformed model: the 1-based line and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LpFormatError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for LpFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for LpFormatError {}

pub(super) fn fail<T>(line: usize, reason: impl Into<String>) -> Result<T, LpFormatError> {
    Err(LpFormatError {
        line,
        reason: reason.into(),
    })
}

/// An original variable of the file as `offset + Σ sign · x'_k` over model variables `x' >= 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct FileVar {
    pub name: String,
    pub offset: Rational,
    pub parts: Vec<(Var, Rational)>,
}

/// A parsed LP file: the `x >= 0` model and the map back to the file's variables.
#[derive(Clone, Debug, PartialEq)]
pub struct LpFile {
    /// The model: every variable `x ≥ 0` (bounds and free variables substituted, see the module docs).
    pub model: Model,
    /// The file's variables in order of first appearance.
    pub vars: Vec<FileVar>,
    /// The first `n_constraints` rows of the model are the file's constraints, in order; the
    /// rest are upper bounds.
    pub n_constraints: usize,
    /// Readings that are valid but probably not meant: a variable that appears exactly once in
    /// the whole file (a misspelt name silently makes a new variable).
    pub warnings: Vec<String>,
}

impl LpFile {
    /// Values of the file's variables at a model point.
    pub fn values(&self, x: &[Rational]) -> Vec<(String, Rational)> {
        self.vars
            .iter()
            .map(|v| {
                let mut s = v.offset.clone();
                for (k, sign) in &v.parts {
                    s += sign * &x[k.0];
                }
                (v.name.clone(), s)
            })
            .collect()
    }

    /// A model ray as a direction in the file's variables (offsets do not apply).
    pub fn direction(&self, r: &[Rational]) -> Vec<(String, Rational)> {
        self.vars
            .iter()
            .map(|v| {
                let mut s = Rational::from(0u32);
                for (k, sign) in &v.parts {
                    s += sign * &r[k.0];
                }
                (v.name.clone(), s)
            })
            .collect()
    }
}
