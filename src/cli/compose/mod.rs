//! `dpcert compose MECH --k K [--adjacency SPEC] [--eps E1,..] [--delta D] [--t T]
//! [--check EPS,DELTA] [--json]`, or `MECH1:K1,MECH2:K2,…` for a heterogeneous sequence:
//! parsing and printing only; the answer is [`crate::accounting::answer`].
//!
//! Exit codes: 0 done (`--check`: holds), 1 `--check` fails, 2 usage (a bad flag value,
//! `--k 0`, k past the limit), 3 a bad file, or an undecided comparison, 4 `--time-limit`.

mod continuous;
mod spec;

use super::error::{CliError, CliResult};
use super::exit;
use super::progress::Progress;
use crate::accounting::answer::{answer, ComposeQuery, GridOptions, Neighbours};
use crate::graph::Graph;
use crate::params::{
    parse_eps_delta, Alpha, Delta, Eps, MemoryLimit, Sensitivity, Subsample, TRange, TimeLimit,
    Uses, Width, T,
};
use crate::prob::Adjacency;
use std::path::Path;

/// `--eps E1,E2,…`: the list, each ε ≥ 0.
#[derive(Clone, Debug)]
pub struct EpsList(Vec<Eps>);

fn eps_list(s: &str) -> Result<EpsList, crate::params::ParamError> {
    Eps::parse_list(s).map(EpsList)
}

/// `--rdp A1,A2,…`: Rényi orders, each rational in (1, 10000].
#[derive(Clone, Debug)]
pub struct AlphaList(Vec<Alpha>);

fn alpha_list(s: &str) -> Result<AlphaList, crate::params::ParamError> {
    Alpha::parse_list(s).map(AlphaList)
}

/// Exact (eps, delta) after k uses of a mechanism (or a sequence MECH1:K1,MECH2:K2): the
/// exact privacy loss distribution of the composition, delta(eps) = A - B*e^eps, the
/// smallest eps for a delta (exact e^eps), and the event that attains it.
#[derive(clap::Args)]
pub struct Args {
    /// A mechanism file (as `audit` reads it), `rr:K:T`, `geometric:K:T`, `kov:T:D`,
    /// `dlaplace:T` (two-sided geometric noise on the integers, P(z) ~ T^-|z|, T > 1) or
    /// `dgaussian:SIGMA` (discrete Gaussian); without --k, a sequence `MECH1:K1,MECH2:K2,...`;
    /// or the continuous `gaussian:SIGMA`, `laplace:B` (with --k; certified enclosures).
    mech: String,
    /// Number of uses (1 to 1,000,000).
    #[arg(long, value_parser = Uses::parse)]
    k: Option<Uses>,
    /// Neighbour relation (as for `audit`; default `complete`, `path:K` for geometric).
    #[arg(long)]
    adjacency: Option<String>,
    /// Exact eps >= 0 (comma-separated list): delta(eps) = A - B*e^eps.
    #[arg(long, value_parser = eps_list)]
    eps: Option<EpsList>,
    /// delta in [0, 1]: the smallest eps with delta(eps) <= delta (default 1/100000 when no
    /// other query is given; 0 = pure eps; 1 is vacuous and said so).
    #[arg(long, value_parser = Delta::parse)]
    delta: Option<Delta>,
    /// t = e^eps >= 1: delta(t) exactly.
    #[arg(long, value_parser = T::parse)]
    t: Option<T>,
    /// T1,T2 (exact, 1 <= T1 < T2): delta(t) for every t = e^eps in [T1, T2] as exact pieces
    /// a - b*t between exact breakpoints (certified bounds per piece on the grid enclosure),
    /// eps = ln t shown beside.
    #[arg(long, value_name = "T1,T2", value_parser = TRange::parse)]
    curve_t: Option<TRange>,
    /// Print only the --curve-t pieces, as CSV (t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,
    /// delta_at_t_hi; on the grid enclosure t_lo,t_hi,lo,hi,lo_decimal,hi_decimal).
    #[arg(long, requires = "curve_t", conflicts_with = "json")]
    csv: bool,
    /// Draw the --curve-t curve to FILE.svg (delta against eps = ln t, log scale,
    /// breakpoints marked; the certified band on the grid enclosure).
    #[arg(long, value_name = "FILE.svg", requires = "curve_t")]
    plot: Option<std::path::PathBuf>,
    /// EPS,DELTA: does the composition satisfy (EPS, DELTA)-DP? Exit 0 holds, 1 fails
    /// (3 undecided, in the grid enclosure only).
    #[arg(long, value_name = "EPS,DELTA", value_parser = parse_eps_delta)]
    check: Option<(Eps, Delta)>,
    /// Renyi DP of the composition at these orders (comma-separated rationals > 1): D_alpha,
    /// exact at integer orders, certified otherwise, with the worst ordered pair, converted to
    /// (eps, delta) at --delta (default 1/100000) beside the PLD's exact eps.
    #[arg(long, value_name = "A1,A2,...", value_parser = alpha_list)]
    rdp: Option<AlphaList>,
    /// rho-zCDP of the composition (rho = sup_alpha D_alpha/alpha, certified by branch-and-bound
    /// over alpha), converted to (eps, delta) at --delta.
    #[arg(long)]
    zcdp: bool,
    /// Compose the subsampled mechanism: poisson:Q (rate Q in (0, 1], add/remove neighbours:
    /// the pair (Q*W_x + (1-Q)*W_x', W_x') and its reverse) or fixed:M:N (M of N records
    /// without replacement, substitution neighbours); built exactly (docs/accounting.md).
    #[arg(long, value_name = "poisson:Q|fixed:M:N", value_parser = Subsample::parse)]
    subsample: Option<Subsample>,
    /// Use the certified grid enclosure (bounds) even when the exact composition fits
    /// (it is used automatically when the exact support is past the limits).
    #[arg(long)]
    enclosure: bool,
    /// Grid enclosure: refine until the relative width of each answer is at most this, in
    /// [1e-9, 1) (default 1/1000).
    #[arg(long, value_parser = Width::parse)]
    width: Option<Width>,
    /// Grid enclosure: start no finer grid predicted to end after this many seconds
    /// (default 60; a soft limit: the answer is a wider enclosure, exit 0; formerly
    /// `compose --time-limit`).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    enclosure_secs: Option<TimeLimit>,
    /// Give up after SECS seconds (exit 4, nothing on stdout).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    time_limit: Option<TimeLimit>,
    /// Refuse (exit 3) a composition whose matrices or neighbour pairs are estimated above
    /// SIZE: bytes or 512M, 8G, ... (default 4G), as `audit --max-memory`; exact atoms
    /// above it are answered by the grid enclosure instead.
    #[arg(long, value_name = "SIZE", value_parser = MemoryLimit::parse)]
    max_memory: Option<MemoryLimit>,
    /// The query's sensitivity D (default 1): a whole number at least 1 under dlaplace /
    /// dgaussian noise (every pair of query values at distance 1..D is composed), a rational
    /// in (0, 10^6] under gaussian / laplace noise.
    #[arg(long, value_name = "D", value_parser = Sensitivity::parse)]
    sensitivity: Option<Sensitivity>,
    #[arg(long)]
    json: bool,
    /// Write a certificate to FILE (docs/certificates.md, issue 44): the matrices, the
    /// neighbour pairs and the exact answers, for a checker that composes them itself (the
    /// exact path on small supports only; exit 3 otherwise, with the reason; exit 2 for
    /// dgaussian, gaussian and laplace, which have no record kind yet).
    #[arg(long, value_name = "FILE")]
    certificate: Option<std::path::PathBuf>,
}

impl Args {
    /// The plot's title: what is composed (`rr:2:3, k = 10`, with the subsampling).
    fn mech_title(&self) -> String {
        let sub = match &self.subsample {
            None => String::new(),
            Some(crate::params::Subsample::Poisson(q)) => format!(", poisson:{q}"),
            Some(crate::params::Subsample::Fixed { m, n }) => format!(", fixed:{m}:{n}"),
        };
        match &self.k {
            Some(k) => format!("{}, k = {}{sub}", self.mech, k.get()),
            None => format!("{}{sub}", self.mech),
        }
    }
}

/// The neighbour relation: `--adjacency`, else the one a named mechanism implies, else
/// complete.
fn neighbours(
    a: &Args,
    natural: Option<&str>,
    n: usize,
    first: &str,
) -> Result<Neighbours, CliError> {
    match (a.adjacency.as_deref(), natural) {
        (None | Some("complete"), None) | (Some("complete"), _) => Ok(Neighbours::Complete),
        (None, Some(s)) if s.starts_with("path:") => {
            Ok(Neighbours::Given(Adjacency::of_graph(s, &Graph::path(n))))
        }
        (s, natural) => {
            let (adj, warnings) = super::audit::adjacency(s.or(natural), n, Path::new(first))?;
            for w in &warnings {
                eprintln!("warning: {w}");
            }
            Ok(Neighbours::Given(adj))
        }
    }
}

/// `dpcert compose`. With `--time-limit SECS` a watchdog ends the process with exit 4 (nothing
/// on stdout) once SECS have passed, wherever the composition is: the exact walk and the grid
/// have no inner checks to wait for.
pub fn run(a: &Args) -> CliResult {
    if let Some(limit) = a.time_limit {
        super::deadline::arm("compose", limit.duration().as_secs_f64());
    }
    let r = answer_and_print(a);
    if r.is_err() {
        // The error is printed whole: the watchdog waits for it.
        let _done = super::deadline::finishing();
        return r;
    }
    r
}

fn answer_and_print(a: &Args) -> CliResult {
    if let Some(p) = &a.plot {
        crate::plot::check_path(p).map_err(|e| CliError::usage(e.to_string()))?;
    }
    if let Some(mech) = continuous::parse(&a.mech) {
        return run_continuous(a, mech?);
    }
    let limit = a.max_memory.unwrap_or_default().bytes();
    let seq = spec::sequence(
        &a.mech,
        a.k,
        limit,
        &a.sensitivity.clone().unwrap_or_default(),
    )?;
    // Only noise added to a query has a sensitivity: refuse it where it would be ignored.
    let noisy = |spec: &str| {
        ["dlaplace:", "dgaussian:"]
            .iter()
            .any(|p| spec.starts_with(p))
    };
    if a.sensitivity.is_some() && !seq.iter().any(|(m, _)| noisy(&m.mech.spec)) {
        return Err(CliError::usage(format!(
            "`{}`: --sensitivity applies to gaussian:SIGMA, laplace:B, dlaplace:T and dgaussian:SIGMA",
            a.mech
        )));
    }
    if a.certificate.is_some()
        && seq.iter().any(|(m, _)| {
            matches!(
                m.mech.source,
                crate::accounting::answer::Source::DGaussian { .. }
            )
        })
    {
        return Err(CliError::usage(format!(
            "`{}`: --certificate: no checker record kind holds the discrete Gaussian's answers \
             yet (grid enclosures of a windowed, outward-rounded privacy loss distribution); the \
             composition record holds exact compositions of finite matrices only",
            a.mech
        )));
    }
    let natural = seq.iter().find_map(|(m, _)| m.natural_adjacency.clone());
    let n = seq[0].0.mech.n_inputs();
    let first = seq[0].0.mech.spec.clone();
    let mut q = ComposeQuery::new(seq.into_iter().map(|(m, k)| (m.mech, k)).collect());
    q.eps = a.eps.clone().map(|l| l.0).unwrap_or_default();
    q.delta = a.delta.clone();
    q.t = a.t.clone();
    q.curve_t = a.curve_t.clone();
    q.check = a.check.clone();
    q.rdp = a.rdp.clone().map(|l| l.0).unwrap_or_default();
    q.zcdp = a.zcdp;
    q.subsample = a.subsample.clone();
    q.max_memory = limit;
    q.grid = GridOptions {
        force: a.enclosure,
        width: a.width.clone().unwrap_or_default(),
        time: a.enclosure_secs.unwrap_or(GridOptions::default().time),
    };
    // A sequence on different inputs is refused by `answer` before the relation is read.
    if q.uses.iter().all(|(m, _)| m.n_inputs() == n) {
        q.neighbours = neighbours(a, natural.as_deref(), n, &first)?;
    }
    let progress = Progress::spinner("compose", true);
    let report = answer(&q, &|m| progress.phase(m)).map_err(spec::answer_error)?;
    if let Some(out) = &a.certificate {
        let record = report
            .certificate_record(&q)
            .map_err(|e| CliError::bad_input(format!("no certificate written: {e}")))?;
        crate::certify::write(out, vec![record])
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))?;
    }
    if let (Some(path), Some(fig)) = (
        &a.plot,
        report.curve_figure(&format!("compose {}", a.mech_title())),
    ) {
        crate::plot::write_svg(&fig, path).map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    // Past this point the report is printed whole: the watchdog waits for it.
    let _done = super::deadline::finishing();
    progress.finish();
    if let (true, Some(csv)) = (a.csv, report.curve_csv()) {
        print!("{csv}");
    } else if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON of strings")
        );
    } else {
        print!("{}", report.to_text());
    }
    Ok(match report.check() {
        None | Some(Some(true)) => exit::OK,
        Some(Some(false)) => exit::MISMATCH,
        Some(None) => exit::BAD_INPUT,
    })
}

/// The mechanism of one spec as `compose` reads it (every named mechanism and file), for
/// `calibrate`'s `NAME:VALUE` points (issue 45 item 5): one reader for both commands.
pub(super) fn mechanism_of_spec(
    spec: &str,
    limit: u64,
    sensitivity: &Sensitivity,
) -> Result<crate::accounting::answer::Mechanism, CliError> {
    Ok(
        spec::sequence(spec, Some(Uses::new(1).expect("1 use")), limit, sensitivity)?
            .remove(0)
            .0
            .mech,
    )
}

/// Answer and print; `mech` is the parsed spec.
fn run_continuous(a: &Args, mech: crate::accounting::continuous::Continuous) -> CliResult {
    let refuse = |flag: &str| {
        Err(CliError::usage(format!(
            "`{}`: {flag} does not apply to a continuous mechanism",
            a.mech
        )))
    };
    if a.adjacency.is_some() {
        return refuse("--adjacency");
    }
    if a.t.is_some() {
        return refuse("--t");
    }
    if a.certificate.is_some() {
        return Err(CliError::usage(format!(
            "`{}`: --certificate: no checker record kind holds a continuous mechanism's \
             answers yet (closed forms through the normal CDF, discretised loss kernels); the \
             composition record holds exact compositions of finite matrices only",
            a.mech
        )));
    }
    let poisson = match &a.subsample {
        None => None,
        Some(crate::params::Subsample::Poisson(q)) => Some(q.clone()),
        Some(crate::params::Subsample::Fixed { .. }) => return refuse("--subsample fixed:M:N"),
    };
    let k = a.k.as_ref().ok_or_else(|| {
        CliError::usage(format!("`{}`: give the number of uses with --k K", a.mech))
    })?;
    let defaults = crate::accounting::continuous::ContinuousQuery::new(&a.mech, mech, k.get());
    let q = crate::accounting::continuous::ContinuousQuery {
        sensitivity: a.sensitivity.clone().unwrap_or_default().value().clone(),
        poisson,
        eps: a
            .eps
            .clone()
            .map(|l| l.0.iter().map(|e| e.value().clone()).collect())
            .unwrap_or_default(),
        delta: a.delta.as_ref().map(|d| d.value().clone()),
        check: a
            .check
            .as_ref()
            .map(|(e, d)| (e.value().clone(), d.value().clone())),
        width: a
            .width
            .as_ref()
            .map_or(defaults.width.clone(), |w| w.value().clone()),
        time: a.enclosure_secs.map_or(defaults.time, |t| t.duration()),
        rdp: a
            .rdp
            .as_ref()
            .map(|l| l.0.iter().map(|x| x.value().clone()).collect())
            .unwrap_or_default(),
        zcdp: a.zcdp,
        curve_t: a.curve_t.clone(),
        ..defaults
    };
    let report = crate::accounting::continuous::answer(&q)
        .map_err(|e| CliError::usage(format!("`{}`: {e}", a.mech)))?;
    if let (Some(path), Some(fig)) = (
        &a.plot,
        report.curve_figure(&format!("compose {}", a.mech_title())),
    ) {
        crate::plot::write_svg(&fig, path).map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    let _done = super::deadline::finishing();
    if let (true, Some(csv)) = (a.csv, report.curve_csv()) {
        print!("{csv}");
    } else if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON of strings")
        );
    } else {
        print!("{}", report.to_text());
    }
    Ok(match report.check() {
        None | Some(Some(true)) => super::exit::OK,
        Some(Some(false)) => super::exit::MISMATCH,
        Some(None) => super::exit::BAD_INPUT,
    })
}
