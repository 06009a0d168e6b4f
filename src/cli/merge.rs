//! `dpcert merge FILE...` (alias `search-merge`): merge the shard certificates of `verify
//! --shard K/N` / `check --shard K/N`, or the `--json` outputs of `search --shard K/N`, and
//! print [`crate::lang::checker::merge`]. Exit 0 when every merged verdict equals its `expect`
//! (a search: when merged), 1 otherwise or when a shard is missing, duplicated or mismatched or
//! a counterexample does not re-check (issue 44 item 5), 2 for a usage error, 3 for a bad file.

use super::error::{CliError, CliResult};
use super::exit;
use super::list::claims_error;
use super::output::print_json;

/// Merge shards: every shard present once, every counterexample re-checked.
#[derive(clap::Args)]
pub struct Args {
    files: Vec<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

/// `dpcert merge`.
pub fn run(a: &Args) -> CliResult {
    let mut texts = Vec::new();
    for f in &a.files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(f)
            .map_err(|e| CliError::bad_input(format!("{name}: cannot read: {e}")))?;
        texts.push((name, text));
    }
    let r =
        crate::lang::checker::merge(&crate::papers::registry(), &texts).map_err(claims_error)?;
    if a.json {
        print_json(&r.to_json())?;
    } else {
        print!("{}", r.to_text());
    }
    Ok(if r.all_match() {
        exit::OK
    } else {
        exit::MISMATCH
    })
}
