//! Argument parsing and printing only; every computation lives in the library layers.

mod audit;
mod check;
mod claims;
mod command;
mod compose;
mod deadline;
mod error;
mod graph;
mod lp;
mod optimal;
mod progress;

pub use command::run;

/// Print a `--json` document on stdout, pretty, written as it is serialised (a graph's VT+
/// witness is never held whole); exit 0, or 3 when stdout cannot be written.
pub(crate) fn print_json(doc: &impl serde::Serialize) -> error::CliResult {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    serde_json::to_writer_pretty(&mut out, doc)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush())
        .map(|()| exit::OK)
        .map_err(|e| error::CliError::bad_input(format!("cannot write the report: {e}")))
}

/// Exit codes of the CLI contract (DESIGN.md).
pub(crate) mod exit {
    /// Every verdict equals its `expect`.
    pub const OK: i32 = 0;
    /// A verdict differs from its `expect`.
    pub const MISMATCH: i32 = 1;
    /// Usage error.
    pub const USAGE: i32 = 2;
    /// Bad input (a file the user gave).
    pub const BAD_INPUT: i32 = 3;
    /// `--time-limit` (`lp`, `audit`, `compose`, `check`): the limit passed before an answer
    /// (nothing printed on stdout; the answer is unknown, not "infeasible").
    pub const TIME_LIMIT: i32 = 4;
}
