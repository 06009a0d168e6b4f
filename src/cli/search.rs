//! `dpcert search ID [--max-size N] [--shard K/N] [--json]`:
//! [`crate::claim::commands::search`] on a pool of `--jobs` threads, printed.

use super::error::CliResult;
use super::exit;
use super::jobs::pool;
use super::list::claims_error;
use super::output::print_json;
use super::progress::Progress;
use crate::claim::commands::{self, SearchQuery};
use crate::params::{Jobs, SearchSize, TimeLimit};

/// `--shard K/N`, 1 <= K <= N.
fn shard(s: &str) -> Result<(usize, usize), String> {
    crate::claim::search::parse_shard(s)
}

/// Look for a counterexample beyond the default grid, growing the instance size
/// (deterministic: the families are seeded, so a run is reproducible).
#[derive(clap::Args)]
pub struct Args {
    id: String,
    /// Largest search size, 1 to 64.
    #[arg(long, default_value = "3", value_parser = SearchSize::parse)]
    max_size: SearchSize,
    /// Stop before the next size once this many seconds have passed (above 0, at most one
    /// year).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    budget_secs: Option<TimeLimit>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = Jobs::parse)]
    jobs: Option<Jobs>,
    /// Check only the K-th of N deterministic parts of every size (K/N, 1 <= K <= N).
    #[arg(long, value_parser = shard)]
    shard: Option<(usize, usize)>,
    #[arg(long)]
    json: bool,
}

/// `dpcert search`: exit 0 whether or not a counterexample is found.
pub fn run(a: &Args) -> CliResult {
    let q = SearchQuery {
        id: a.id.clone(),
        max_size: a.max_size,
        budget: a.budget_secs.map(|l| l.duration()),
        shard: a.shard,
    };
    let progress = Progress::bar("search", a.max_size.get() as u64, !a.json);
    let r = pool(a.jobs).install(|| {
        commands::search(&crate::papers::registry(), &q, &|size, n| {
            progress.tick(&format!("size {size}: {n} instances"))
        })
    });
    progress.finish();
    let r = r.map_err(claims_error)?;
    if a.json {
        print_json(&r.to_json())?;
    } else {
        print!("{}", r.to_text());
    }
    Ok(exit::OK)
}
