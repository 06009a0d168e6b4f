//! Exact linear programming with checked certificates (issue 5).
//!
//! * [`model`] — the builder: variables `x >= 0`, rows `<=`/`>=`/`=`, minimise or maximise.
//! * [`guided`] — [`solve`]: a floating-point solve ([`float_hint`]) guesses the optimal basis,
//!   its equations are solved exactly ([`lu`]) and repaired until the checker accepts them;
//!   otherwise exact pivots of the revised simplex ([`revised`]) from the basis nearest the float
//!   optimum; the exact dictionary simplex from scratch as the last resort.
//! * [`lu`] — exact sparse Gaussian elimination that keeps its row operations (solve `A x = b`
//!   and `Aᵀ y = w` with one factorisation).
//! * [`revised`] — the exact revised simplex on the slack form, started from any basis.
//! * [`simplex`] — an exact two-phase dictionary simplex returning an optimum with primal and
//!   dual points, a Farkas certificate of infeasibility, or a feasible point and an improving
//!   ray (the reference in tests).
//! * [`certificate`] — the independent checker; [`solve`] runs it on every answer.
//! * [`lp_format`] — the CPLEX LP text format (common subset) with exact coefficients.
//! * [`symmetry`] — orbit-averaged LPs under a checked group of variable permutations.
//! * [`channel`] — ε-DP channel LPs on a graph (`p(y|x)`, row-stochastic, DP on neighbours) and
//!   their symmetry reduction without building the full model (H(6,3): 531,441 variables).
//! * [`bench_models`] — the benchmark LPs (AACP diagonal, WYZ PD-DP) built from definitions.
//!
//! ```
//! use dpcert::lp::{self, Cmp, Model, Sense, Solution};
//! use dpcert::num::Rational;
//! let mut m = Model::new(Sense::Maximize);
//! let x = m.add_var("x");
//! let y = m.add_var("y");
//! m.set_objective(&[(x, Rational::from(1u32)), (y, Rational::from(1u32))]);
//! m.add_row(&[(x, Rational::from(2u32)), (y, Rational::from(1u32))], Cmp::Le, Rational::from(4u32));
//! m.add_row(&[(x, Rational::from(1u32)), (y, Rational::from(3u32))], Cmp::Le, Rational::from(6u32));
//! let sol = lp::solve(&m).unwrap();
//! assert_eq!(sol.value(), Some(&Rational::from_signeds(14i32, 5i32)));
//! lp::check(&m, &sol).unwrap();
//! ```

mod anti_cycling;
pub mod bench_models;
pub mod certificate;
pub mod channel;
pub mod float_hint;
pub mod guided;
pub mod lp_format;
pub mod lu;
pub mod model;
pub mod revised;
pub mod simplex;
pub mod symmetry;

pub use certificate::{check, checked_note, CertificateError};
pub use channel::{ChannelLp, ReducedChannelSolution};
pub use guided::{solve, solve_within, GuidedStats, SolveError, WarmStart};
pub use lp_format::{parse_lp, write_lp, LpFile, LpFormatError};
pub use model::{Cmp, Constraint, Model, Row, Sense, Solution, Var};
pub use simplex::{
    solve_from_scratch, solve_unchecked, solve_with_stats, solve_with_ties, SolveStats, Ties,
};
pub use symmetry::{solve_symmetric, solve_symmetric_within, SymmetricSolution, SymmetryError};

#[cfg(test)]
mod tests;
