//! `dpcert refines A B [--time-limit SECS] [--certificate OUT] [--json]`: whether A is a post-processing of B
//! (A = B·R for a channel R, so A never leaks more than B) — exit 0 with R, exit 1 with a prior
//! and a gain function under which A leaks more (issue 47 item 1). The one call is
//! [`crate::qif::refinement::run`].
//!
//! A and B are mechanism files (CSV or JSON of exact literals, one row per secret, as `audit`
//! reads them) or the specs `expmech:GRAPH:T` and `geoind:K:T`. Channels on different numbers
//! of secrets, and unreadable files, exit 3.

use super::error::{CliError, CliResult};
use super::exit;
use crate::params::TimeLimit;
use crate::qif::refinement::{self, RefinesError, RefinesQuery};

/// Whether A is a post-processing of B (A = B·R): exit 0 with R, exit 1 with a prior and gain
/// function under which A leaks more than B, exit 3 for channels on different secrets.
#[derive(clap::Args)]
pub struct Args {
    /// The channel that may be the post-processing: a mechanism file or `expmech:GRAPH:T`,
    /// `geoind:K:T`.
    a: String,
    /// The channel it may be a post-processing of.
    b: String,
    /// Give up after SECS seconds (exit 4).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    time_limit: Option<TimeLimit>,
    /// Write the answer's certificate (a `refinement` record, docs/certificates.md) to OUT, for
    /// the independent checker `checker/dpcert_check.py`.
    #[arg(long, value_name = "OUT")]
    certificate: Option<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

/// Read both channels, decide, print; exit 0 refines, 1 does not.
pub fn run(a: Args) -> CliResult {
    let query = RefinesQuery {
        a: super::mechanism_arg::channel(&a.a)?,
        b: super::mechanism_arg::channel(&a.b)?,
        a_name: a.a.clone(),
        b_name: a.b.clone(),
        time_limit: a.time_limit,
    };
    let report = refinement::run(&query).map_err(|e| match e {
        RefinesError::TimeLimit => CliError::time_limit(format!("refines: {e}")),
        RefinesError::Inputs { .. } => CliError::bad_input(format!("{} and {}: {e}", a.a, a.b)),
        e => CliError::bad_input(e.to_string()),
    })?;
    if let Some(out) = &a.certificate {
        crate::certify::write(out, vec![report.record.clone()])
            .map_err(|e| CliError::bad_input(format!("--certificate {}: {e}", out.display())))?;
    }
    if a.json {
        super::output::print_json(&report.to_json())?;
    } else {
        print!("{}", report.to_text());
    }
    Ok(if report.answer.holds() {
        exit::OK
    } else {
        exit::MISMATCH
    })
}
