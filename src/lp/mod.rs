//! Exact linear programming with checked certificates (issue 5).
//!
//! One entry point: [`solve`] a [`Model`] under [`Options`] (deadline, float hint, symmetry
//! generators) and get a [`Solution`] — a [`Certificate`] (optimum with primal and dual points,
//! Farkas certificate, or improving ray) that the independent checker [`check`] has accepted,
//! with [`Stats`] — or one [`LpError`].
//!
//! * `model` — the builder: variables `x >= 0`, rows `<=`/`>=`/`=`, minimise or maximise.
//! * `options`, `solve` — the entry point and what it may use.
//! * `certificate` — the independent checker; [`solve`] runs it on every answer.
//! * `format` — the file formats: the CPLEX LP text format (common subset) with exact
//!   coefficients, the JSON of an answer, the symmetry file of `dpcert lp --symmetry`.
//!
//! Inside (crate-private), grouped by concept:
//! * `guided` — the driver: the float hint guesses the optimal basis, its equations are solved
//!   exactly and repaired until the checker accepts them (`guided::guess`); otherwise exact
//!   pivots of the revised simplex from the basis nearest the float optimum; the exact
//!   dictionary simplex from scratch as the last resort.
//! * `float` — the float hint: a float dual simplex on a float LU, its iterative refinement,
//!   microlp's primal and dual solves. Hints only, never a decision.
//! * `exact` — the exact solvers: the revised simplex, the dictionary simplex, exact sparse LU
//!   and Dixon's p-adic solve.
//! * `lazy` — row generation: LPs with many rows of which few bind, solved on a growing subset
//!   of their rows, the answer a certificate of the whole model.
//! * `symmetry` solves orbit-averaged LPs under a checked group of variable permutations;
//!   `channel` builds the ε-DP channel LPs on a graph and reduces them by symmetry without
//!   building the full model; `bench_models` (tests, or the `bench-models` feature for
//!   `cargo bench` and the examples) builds the benchmark LPs from their definitions.
//!
//! ```
//! use dpcert::lp::{self, Cmp, Model, Options, Sense};
//! use dpcert::num::Rational;
//! let mut m = Model::new(Sense::Maximize);
//! let x = m.add_var("x");
//! let y = m.add_var("y");
//! m.set_objective(&[(x, Rational::from(1u32)), (y, Rational::from(1u32))]);
//! m.add_row(&[(x, Rational::from(2u32)), (y, Rational::from(1u32))], Cmp::Le, Rational::from(4u32));
//! m.add_row(&[(x, Rational::from(1u32)), (y, Rational::from(3u32))], Cmp::Le, Rational::from(6u32));
//! let sol = lp::solve(&m, &Options::default()).unwrap();
//! assert_eq!(sol.value(), Some(&Rational::from_signeds(14i32, 5i32)));
//! lp::check(&m, &sol.certificate).unwrap();
//! ```

#[cfg(any(test, feature = "bench-models"))]
pub mod bench_models;
pub(crate) mod certificate;
pub(crate) mod channel;
pub mod command;
pub(crate) mod exact;
pub(crate) mod float;
pub(crate) mod format;
pub(crate) mod guided;
mod lazy;
pub(crate) mod model;
mod options;
pub(crate) mod parametric;
mod solve;
pub(crate) mod symmetry;

pub(crate) use certificate::checked_note;
pub use certificate::export::{bound_record, lp_record};
pub use certificate::{check, dual_bound, CertificateError};
#[cfg(feature = "bench-models")]
pub use channel::ChannelLp;
#[cfg(not(feature = "bench-models"))]
pub(crate) use channel::ChannelLp;
pub(crate) use channel::ReducedChannelSolution;
#[cfg(test)]
pub(crate) use exact::simplex::solve_from_scratch;
pub use format::{parse_lp, write_lp, LpFile, LpFormatError};
pub use lazy::{solve_lazy, LazyStats, Round};
pub use model::{Certificate, Cmp, Constraint, Model, Row, Sense, Var};
pub use options::Options;
pub use solve::{solve, LpError, Solution, Stats};
#[cfg(feature = "bench-models")]
pub use symmetry::pair_action;
pub(crate) use symmetry::SymmetryError;

#[cfg(test)]
mod tests;
