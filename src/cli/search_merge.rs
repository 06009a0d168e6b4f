//! `dpcert search-merge FILE...`: read the `--json` outputs of `dpcert search ID --shard K/N`
//! and print [`crate::claim::commands::search_merge`]. Exit 0, 2 for a usage error, 3 for a
//! bad file.

use super::error::{CliError, CliResult};
use super::exit;
use super::list::claims_error;
use super::output::print_json;
use crate::claim::commands;

/// Merge the `--json` outputs of `search ID --shard K/N` (one file per shard).
#[derive(clap::Args)]
pub struct Args {
    files: Vec<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

/// `dpcert search-merge`.
pub fn run(a: &Args) -> CliResult {
    let mut texts = Vec::new();
    for f in &a.files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(f)
            .map_err(|e| CliError::bad_input(format!("{name}: cannot read: {e}")))?;
        texts.push((name, text));
    }
    let r = commands::search_merge(&texts).map_err(claims_error)?;
    if a.json {
        print_json(&r.to_json())?;
    } else {
        print!("{}", r.to_text());
    }
    Ok(exit::OK)
}
