//! The one entry point of the exact LP solver: [`solve`] a [`Model`] under [`Options`], get a
//! [`Solution`] whose [`Certificate`] the independent checker ([`super::check`]) has accepted,
//! or an [`LpError`].
//!
//! Behind it (crate-private): the float-guided solve ([`super::guided`]: a float hint, exact
//! sparse solves, repairs, the exact revised simplex from the float basis, the exact dictionary
//! simplex as the last resort) and, with [`Options::symmetry`], the orbit-averaged LP
//! ([`super::symmetry`]) whose lifted certificate is re-checked on the full model.

#![allow(clippy::result_large_err)]

use super::certificate::CertificateError;
use super::guided::{self, SolveError};
use super::model::{Certificate, Model};
use super::options::Options;
use super::symmetry::{self, SymmetryError};
use crate::num::Rational;
use std::fmt;
use std::time::{Duration, Instant};

/// Where the time of a solve went. Always collected: it costs a few clock reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Wall-clock time of the whole solve, checks included.
    pub elapsed: Duration,
    /// One line for people: what answered (float-guided systems, revised simplex, simplex from
    /// scratch, or the symmetry reduction with its orbit counts) and where the time went.
    pub summary: String,
}

/// A certified answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The optimum with its primal and dual points, the Farkas certificate of infeasibility, or
    /// a feasible point and an improving ray; accepted by [`super::check`] on the model solved.
    pub certificate: Certificate,
    /// Where the time went.
    pub stats: Stats,
}

impl Solution {
    /// `optimal`, `infeasible` or `unbounded`.
    pub fn status(&self) -> &'static str {
        self.certificate.status()
    }

    /// The optimum, if there is one.
    pub fn value(&self) -> Option<&Rational> {
        self.certificate.value()
    }
}

/// Why [`solve`] gave no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum LpError {
    /// The deadline passed before a certified answer was found.
    TimeLimit,
    /// The solver's certificate was rejected by the checker: a solver bug, never a wrong answer.
    Certificate(CertificateError),
    /// [`Options::symmetry`] was refused: a generator is not a permutation of the variables or
    /// does not map the model to itself.
    Symmetry(SymmetryError),
}

impl fmt::Display for LpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LpError::TimeLimit => write!(f, "time limit reached before a certified answer"),
            LpError::Certificate(e) => write!(
                f,
                "the solver's certificate was rejected by the checker: {e}"
            ),
            LpError::Symmetry(e) => write!(f, "symmetry refused: {e}"),
        }
    }
}

impl std::error::Error for LpError {}

impl From<SolveError> for LpError {
    fn from(e: SolveError) -> LpError {
        match e {
            SolveError::TimeLimit => LpError::TimeLimit,
            SolveError::Certificate(e) => LpError::Certificate(e),
        }
    }
}

impl From<CertificateError> for LpError {
    fn from(e: CertificateError) -> LpError {
        LpError::Certificate(e)
    }
}

impl From<SymmetryError> for LpError {
    fn from(e: SymmetryError) -> LpError {
        match e {
            SymmetryError::TimeLimit => LpError::TimeLimit,
            SymmetryError::Certificate(e) => LpError::Certificate(e),
            e => LpError::Symmetry(e),
        }
    }
}

/// Solve `model` exactly under `options`; every answer has passed the independent certificate
/// checker ([`super::check`]) on `model` itself.
///
/// ```
/// use dpcert::lp::{self, Certificate, Cmp, Model, Options, Sense};
/// use dpcert::num::Rational;
/// let q = |n: i32, d: i32| Rational::from_signeds(n, d);
/// // maximise x + y subject to 2x + y <= 4, x + 3y <= 6, x, y >= 0
/// let mut m = Model::new(Sense::Maximize);
/// let (x, y) = (m.add_var("x"), m.add_var("y"));
/// m.set_objective(&[(x, q(1, 1)), (y, q(1, 1))]);
/// m.add_row(&[(x, q(2, 1)), (y, q(1, 1))], Cmp::Le, q(4, 1));
/// m.add_row(&[(x, q(1, 1)), (y, q(3, 1))], Cmp::Le, q(6, 1));
/// let sol = lp::solve(&m, &Options::default()).unwrap();
/// let Certificate::Optimal { value, primal, dual } = &sol.certificate else { panic!() };
/// assert_eq!(*value, q(14, 5));
/// assert_eq!(*primal, vec![q(6, 5), q(8, 5)]);
/// assert_eq!(*dual, vec![q(2, 5), q(1, 5)]); // the shadow prices prove optimality
/// lp::check(&m, &sol.certificate).unwrap(); // re-checkable by anyone
/// ```
pub fn solve(model: &Model, options: &Options) -> Result<Solution, LpError> {
    let started = Instant::now();
    let (certificate, summary) = match &options.symmetry {
        None => {
            let (certificate, stats) = guided::solve_with_options(model, options)?;
            (certificate, stats.summary())
        }
        Some(generators) => {
            let s = symmetry::solve_symmetric_with_options(model, generators, options)?;
            let note = s.note();
            (s.solution, note)
        }
    };
    Ok(Solution {
        certificate,
        stats: Stats {
            elapsed: started.elapsed(),
            summary,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::{check, Cmp, Sense};

    fn q(n: i64, d: i64) -> Rational {
        Rational::from_signeds(n, d)
    }

    /// min x + y s.t. x + y >= 1, x <= 2, y <= 2: optimum 1 (by hand); swapping x and y maps the
    /// model to itself.
    fn small() -> Model {
        let mut m = Model::new(Sense::Minimize);
        let (x, y) = (m.add_var("x"), m.add_var("y"));
        m.set_objective(&[(x, q(1, 1)), (y, q(1, 1))]);
        m.add_row(&[(x, q(1, 1)), (y, q(1, 1))], Cmp::Ge, q(1, 1));
        m.add_row(&[(x, q(1, 1))], Cmp::Le, q(2, 1));
        m.add_row(&[(y, q(1, 1))], Cmp::Le, q(2, 1));
        m
    }

    #[test]
    fn every_option_gives_the_same_certified_optimum() {
        let m = small();
        let swap = vec![vec![1, 0]];
        for options in [
            Options::default(),
            Options {
                float_hint: false,
                ..Options::default()
            },
            Options {
                symmetry: Some(swap.clone()),
                ..Options::default()
            },
        ] {
            let sol = solve(&m, &options).unwrap();
            assert_eq!(sol.value(), Some(&q(1, 1)), "{options:?}");
            check(&m, &sol.certificate).unwrap();
            assert!(!sol.stats.summary.is_empty());
        }
    }

    #[test]
    fn a_past_deadline_is_a_time_limit() {
        let options = Options {
            deadline: Some(Instant::now()),
            ..Options::default()
        };
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(solve(&small(), &options), Err(LpError::TimeLimit));
    }

    #[test]
    fn a_generator_that_is_not_a_symmetry_is_refused() {
        // min x s.t. x + y >= 1: swapping x and y changes the objective.
        let mut m = Model::new(Sense::Minimize);
        let (x, y) = (m.add_var("x"), m.add_var("y"));
        m.set_objective(&[(x, q(1, 1))]);
        m.add_row(&[(x, q(1, 1)), (y, q(1, 1))], Cmp::Ge, q(1, 1));
        let options = Options {
            symmetry: Some(vec![vec![1, 0]]),
            ..Options::default()
        };
        assert!(matches!(
            solve(&m, &options),
            Err(LpError::Symmetry(
                SymmetryError::ObjectiveNotInvariant { .. }
            ))
        ));
    }
}
