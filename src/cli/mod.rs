//! Argument parsing and printing only; every computation lives in the library layers.

mod audit;
mod calibrate;
mod check;
mod command;
mod compose;
mod deadline;
mod error;
mod graph;
mod jobs;
mod list;
mod lp;
mod mechanism_arg;
mod merge;
mod optimal;
mod output;
mod progress;
mod refines;
mod search;
mod show;
mod verify;

pub use command::run;

/// Exit codes of the CLI contract (docs/design.md).
pub(crate) mod exit {
    /// Every verdict equals its `expect`.
    pub const OK: i32 = 0;
    /// A verdict differs from its `expect`.
    pub const MISMATCH: i32 = 1;
    /// Usage error.
    pub const USAGE: i32 = 2;
    /// Bad input (a file the user gave).
    pub const BAD_INPUT: i32 = 3;
    /// `--time-limit` (every long command: `lp`, `audit`, `compose`, `check`, `graph`, …): the
    /// limit passed before an answer
    /// (nothing printed on stdout; the answer is unknown, not "infeasible").
    pub const TIME_LIMIT: i32 = 4;
}
