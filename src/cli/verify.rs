//! `dpcert verify [ID ...] [--paper SLUG] [--json|--markdown] [--jobs N]`:
//! [`crate::claim::commands::verify`] on a pool of `--jobs` threads, printed.

use super::error::{CliError, CliResult};
use super::exit;
use super::jobs::pool;
use super::list::claims_error;
use super::output::print_json;
use super::progress::Progress;
use crate::claim::commands::{self, VerifyQuery};
use crate::params::Jobs;
use std::sync::atomic::{AtomicU64, Ordering};

/// Run claims on their default grids; exit 0 iff every verdict equals its manifest `expect`.
#[derive(clap::Args)]
pub struct Args {
    /// Claim IDs (default: all registered claims).
    ids: Vec<String>,
    #[arg(long)]
    paper: Option<String>,
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the Markdown summary table of one paper (needs --paper).
    #[arg(long)]
    markdown: bool,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = Jobs::parse)]
    jobs: Option<Jobs>,
    /// Write DIR/<ID>.cert.json for every claim run (docs/certificates.md), for
    /// `python3 checker/dpcert_check.py DIR`.
    /// (with --shard: DIR/<ID>.shard-K-of-N.cert.json).
    #[arg(long, value_name = "DIR")]
    certificates: Option<std::path::PathBuf>,
    /// Run only the K-th of N deterministic parts of every claim's grid (the indices i with
    /// i % N == K − 1; 1 <= K <= N) and write shard certificates for `dpcert merge`
    /// (docs/sharding.md). The verdicts printed are the shard's; exit 0 once it ran.
    #[arg(long, value_parser = crate::claim::search::parse_shard)]
    shard: Option<(usize, usize)>,
    /// With --shard: one certificate document holding every claim's shard record.
    #[arg(long, value_name = "FILE", requires = "shard")]
    certificate: Option<std::path::PathBuf>,
}

/// `dpcert verify`.
pub fn run(a: &Args) -> CliResult {
    if a.markdown && a.paper.is_none() {
        return Err(CliError::usage(
            "--markdown needs --paper SLUG (one table per paper)",
        ));
    }
    let q = VerifyQuery {
        ids: a.ids.clone(),
        paper: a.paper.clone(),
        certificates: a.certificates.clone(),
        shard: a.shard,
        certificate: a.certificate.clone(),
    };
    let progress = Progress::bar("verify", 0, !(a.json || a.markdown));
    let done = AtomicU64::new(0);
    let r = pool(a.jobs).install(|| {
        commands::verify(&crate::papers::registry(), &q, &|r, n| {
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.set(d, n as u64, &r.id);
        })
    });
    progress.finish();
    let r = r.map_err(claims_error)?;
    if let (Some(dir), Some(n)) = (&a.certificates, r.certified) {
        eprintln!(
            "certificates: {} written to {}, {n} certified (every instance has a record)",
            r.reports.len(),
            dir.display()
        );
    }
    if let Some(md) = r.to_markdown().filter(|_| a.markdown) {
        print!("{md}");
    } else if a.json {
        print_json(&r.to_json())?;
    } else {
        print!("{}", r.to_text());
        if std::env::var_os("DPCERT_TIMES").is_some() {
            let mut t: Vec<_> = r.reports.iter().collect();
            t.sort_by_key(|r| std::cmp::Reverse(r.elapsed));
            for r in t.iter().take(10) {
                eprintln!("{:>10.3?}  {}", r.elapsed, r.id);
            }
        }
    }
    Ok(if r.all_match() {
        exit::OK
    } else {
        exit::MISMATCH
    })
}
