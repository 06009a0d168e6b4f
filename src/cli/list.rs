//! `dpcert list [--paper SLUG] [--json]`: [`crate::claim::commands::list`], printed.

use super::error::{CliError, CliResult};
use super::exit;
use crate::claim::commands::{self, ClaimsError};

/// List the registered claims (id, paper, expect, title).
#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    paper: Option<String>,
    #[arg(long)]
    json: bool,
}

/// A claims command's error: its exit code (2 usage, 3 bad input) and message.
pub(crate) fn claims_error(e: ClaimsError) -> CliError {
    match e {
        ClaimsError::Usage(m) => CliError::usage(m),
        ClaimsError::Input(m) => CliError::bad_input(m),
        ClaimsError::Refused(message) => CliError {
            code: super::exit::MISMATCH,
            message,
        },
    }
}

/// `dpcert list`.
pub fn run(a: &Args) -> CliResult {
    let r = commands::list(&crate::papers::registry(), a.paper.as_deref()).map_err(claims_error)?;
    if a.json {
        super::output::print_json(&r.to_json())?;
    } else {
        print!("{}", r.to_text());
    }
    Ok(exit::OK)
}
