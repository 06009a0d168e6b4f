//! Writing a report on stdout.

use super::error::{CliError, CliResult};
use super::exit;

/// Print a `--json` document on stdout, pretty, written as it is serialised (a graph's VT+
/// witness is never held whole); exit 0, or 3 when stdout cannot be written.
pub(crate) fn print_json(doc: &impl serde::Serialize) -> CliResult {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    serde_json::to_writer_pretty(&mut out, doc)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush())
        .map(|()| exit::OK)
        .map_err(|e| CliError::bad_input(format!("cannot write the report: {e}")))
}
