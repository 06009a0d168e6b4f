//! `dpcert calibrate MECH --k K --eps E --delta D [--subsample …] [--resolution R]` (issue 45
//! item 5): parsing and printing only; the search is [`crate::accounting::calibrate`], each
//! grid point decided by `compose --check`'s library call on the mechanism `MECH:VALUE` read
//! by `compose`'s own reader.
//!
//! Exit codes: 0 a grid point certified, 1 none certified, 2 usage, 3 bad input, 4 time limit.

use super::error::{CliError, CliResult};
use super::exit;
use super::progress::Progress;
use crate::accounting::answer::{AnswerError, GridOptions};
use crate::accounting::calibrate::{calibrate, CalibrateQuery, Family};
use crate::params::{
    Delta, Eps, MemoryLimit, Resolution, Sensitivity, Subsample, TimeLimit, Uses, Width,
};

/// The smallest noise (sigma or b on the grid R*N) -- or for rr:K and dlaplace the largest
/// e^eps parameter -- for which K uses are certified (EPS, DELTA)-DP, with the compose --check
/// report as its certificate and the next grid point shown to fail (or undecided).
#[derive(clap::Args)]
pub struct Args {
    /// gaussian, laplace, dgaussian (the noise sigma or b is searched), dlaplace or rr:K
    /// (the level e^eps, T for dlaplace, is searched).
    mech: String,
    /// Number of uses (1 to 1,000,000).
    #[arg(long, value_parser = Uses::parse)]
    k: Uses,
    /// The eps to certify (exact, >= 0).
    #[arg(long, value_parser = Eps::parse)]
    eps: Eps,
    /// The delta to certify, in [0, 1].
    #[arg(long, value_parser = Delta::parse)]
    delta: Delta,
    /// As for compose: poisson:Q or fixed:M:N.
    #[arg(long, value_name = "poisson:Q|fixed:M:N", value_parser = Subsample::parse)]
    subsample: Option<Subsample>,
    /// The grid step R > 0 of the parameter (default 1/100).
    #[arg(long, value_parser = Resolution::parse)]
    resolution: Option<Resolution>,
    /// Sensitivity D of the query (as for compose; default 1).
    #[arg(long, value_name = "D", value_parser = Sensitivity::parse)]
    sensitivity: Option<Sensitivity>,
    /// Grid enclosure (mechanisms past the exact limits): relative width asked, as compose.
    #[arg(long, value_parser = Width::parse)]
    width: Option<Width>,
    /// As `compose --max-memory`.
    #[arg(long, value_name = "SIZE", value_parser = MemoryLimit::parse)]
    max_memory: Option<MemoryLimit>,
    /// Give up after SECS seconds (exit 4, nothing on stdout).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    time_limit: Option<TimeLimit>,
    #[arg(long)]
    json: bool,
}

/// `dpcert calibrate`.
pub fn run(a: &Args) -> CliResult {
    if let Some(limit) = a.time_limit {
        super::deadline::arm("calibrate", limit.duration().as_secs_f64());
    }
    let family = Family::of_name(&a.mech).map_err(CliError::usage)?;
    let limit = a.max_memory.unwrap_or_default().bytes();
    let sensitivity = a.sensitivity.clone().unwrap_or_default();
    let q = CalibrateQuery {
        sensitivity: sensitivity.clone(),
        family,
        k: a.k,
        eps: a.eps.clone(),
        delta: a.delta.clone(),
        subsample: a.subsample.clone(),
        resolution: a.resolution.clone().unwrap_or_default(),
        grid: GridOptions {
            width: a.width.clone().unwrap_or_default(),
            ..GridOptions::default()
        },
        max_memory: limit,
    };
    let build = |spec: &str| {
        super::compose::mechanism_of_spec(spec, limit, &sensitivity).map_err(|e| {
            if e.code == exit::USAGE {
                AnswerError::Query(e.message)
            } else {
                AnswerError::Input(e.message)
            }
        })
    };
    let progress = Progress::spinner("calibrate", true);
    let report = calibrate(&q, &build, &|m| progress.phase(m)).map_err(|e| match e {
        AnswerError::Query(m) => CliError::usage(m),
        AnswerError::Input(m) => CliError::bad_input(m),
    });
    let _done = super::deadline::finishing();
    progress.finish();
    let report = report?;
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON of strings")
        );
    } else {
        print!("{}", report.to_text());
    }
    Ok(if report.best.is_some() {
        exit::OK
    } else {
        exit::MISMATCH
    })
}
