//! `dpcert show ID [--json]`: [`crate::claim::commands::show`], printed. Exit 0 when the
//! verdict equals `expect`, 1 otherwise, 2 for an unknown ID.

use super::error::CliResult;
use super::exit;
use super::list::claims_error;
use super::output::print_json;
use super::progress::Progress;
use crate::claim::commands;

/// One claim in full: statement, source, reading, grid, why, verdict and the whole report.
#[derive(clap::Args)]
pub struct Args {
    id: String,
    #[arg(long)]
    json: bool,
}

/// `dpcert show`.
pub fn run(a: &Args) -> CliResult {
    let progress = Progress::spinner("show", !a.json);
    let r = commands::show(&crate::papers::registry(), &a.id, &|m| progress.phase(m));
    progress.finish();
    let r = r.map_err(claims_error)?;
    if a.json {
        print_json(&r.to_json())?;
    } else {
        print!("{}", r.to_text());
    }
    Ok(if r.matches() {
        exit::OK
    } else {
        exit::MISMATCH
    })
}
