//! The exact solvers: every number they produce is an exact rational, and every answer they give
//! carries a certificate for [`crate::lp::check`].
//!
//! * `revised` — the revised simplex from any basis (the warm start after the float hint): a
//!   [`revised::Basis`], its dual simplex and primal phases, its pricing in `revised::pricing`;
//! * `simplex` — the two-phase dictionary simplex from scratch (the last resort, and the
//!   reference the tests compare with);
//! * `lu` — exact sparse elimination (the basis factors of `revised`, the guessed systems of
//!   [`crate::lp::guided`]), with Dixon's p-adic solve (`dixon`) for dense square systems;
//! * `sparse` — the sparse rows both take; `anti_cycling` — the rule both simplex methods share.

mod anti_cycling;
mod dixon;
pub(crate) mod lu;
pub(crate) mod revised;
pub(crate) mod simplex;
pub(crate) mod sparse;
