//! Certified accounting for the continuous mechanisms (issue 45 item 3): `gaussian:SIGMA` and
//! `laplace:B` with sensitivity `D`, used `k` times, and the Poisson-subsampled Gaussian
//! (DP-SGD). Every answer is an interval that contains the true value:
//! * closed forms ([`closed`]): the k-fold Gaussian (Balle–Wang 2018, Thm 8) and one use of
//!   the Laplace mechanism, enclosed with the certified `Φ` and `exp`; `ε(δ)` by certified
//!   bisection;
//! * otherwise ([`fixed`], [`cells`]): the loss of one use cut into cells of width `h`, each
//!   cell's masses enclosed, a dominating (upper) and a dominated (lower) kernel in fixed
//!   point, composed `k` times by exact integer products; refined (halving `h`) until the
//!   relative width asked for or the time budget. docs/accounting.md states the argument.

pub mod cells;
pub mod closed;
pub mod fixed;
mod report;

pub use report::{answer, Continuous, ContinuousQuery, ContinuousReport, Round, CURVE_PIECES};

#[cfg(test)]
mod tests;
