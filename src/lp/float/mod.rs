//! The float hint: floating-point solves that guess the optimal basis for the exact solvers.
//! Nothing here decides anything — a wrong hint costs time, never soundness.
//!
//! * `simplex` — a dual simplex from the slack basis (primal and dual in one solve), on the
//!   sparse float LU of `lu`, its basis inverse between refactorisations in `inverse`;
//! * `refine` — iterative refinement of its basis, exactly computed residuals solved again in
//!   float until the geometric tails below its tolerance are seen;
//! * `microlp` — microlp's primal and dual solves, where the slack basis is not dual feasible;
//! * `sparse_vec` — the solves' vectors with their non-zero entries listed;
//! * `budget` — their budget: CPU time of the solving thread, and the solve's deadline.
//!
//! [`crate::lp::guided`] chooses among them and turns the hint into exact systems.

pub(crate) mod budget;
mod inverse;
mod lu;
pub(crate) mod microlp;
pub(crate) mod refine;
pub(crate) mod simplex;
mod sparse_vec;
