//! A mechanism argument of `refines` (and `audit`'s FILE): a mechanism file as `audit` reads
//! it, or a spec the library builds (`crate::mechanism::spec`).

use super::error::CliError;
use crate::prob::io::{read_channel, ReadOptions};
use crate::prob::Channel;
use std::path::Path;

/// The channel named by `arg`: a spec, else a file (exit 3 when it cannot be read).
pub(crate) fn channel(arg: &str) -> Result<Channel, CliError> {
    if let Some(w) = crate::mechanism::spec::parse(arg) {
        return w.map_err(|e| CliError::usage(e.to_string()));
    }
    read_channel(Path::new(arg), &ReadOptions::default())
        .map(|(w, _)| w)
        .map_err(|e| CliError::bad_input(e.to_string()))
}
