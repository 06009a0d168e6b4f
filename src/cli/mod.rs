//! Argument parsing and printing only; every computation lives in the library layers.

pub mod audit;
pub mod check;
pub mod claims;
pub mod compose;
pub mod graph;
pub mod lp;
pub mod optimal;
pub mod progress;

/// Exit codes of the CLI contract (DESIGN.md).
pub mod exit {
    /// Every verdict equals its `expect`.
    pub const OK: i32 = 0;
    /// A verdict differs from its `expect`.
    pub const MISMATCH: i32 = 1;
    /// Usage error.
    pub const USAGE: i32 = 2;
    /// Bad input (a file the user gave).
    pub const BAD_INPUT: i32 = 3;
    /// `dpcert lp --time-limit`: the limit passed before a certified answer (nothing printed on
    /// stdout; the answer is unknown, not "infeasible").
    pub const TIME_LIMIT: i32 = 4;
}
