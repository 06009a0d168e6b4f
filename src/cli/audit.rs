//! `dpcert audit FILE [--adjacency SPEC] [--prior FILE|uniform] [--t T] [--eps E,..]
//! [--curve-t T1,T2 [--csv]] [--delta D] [--units bits|nats] [--rationalize DENOM] [--gain FILE] [--time-limit SECS]
//! [--max-memory SIZE] [--json]`: the arguments, the files read through the library's readers,
//! the one call [`crate::audit::run`] and the printing (issue 43 items 2–3).
//!
//! Before allocating, the audit's memory is estimated ([`audit::check_memory`]) and an
//! audit above `--max-memory` (default 4 GiB) is refused with exit 3; past `--time-limit` it
//! stops with exit 4 and names the stage it was in. Progress on stderr names the stage.
//!
//! FILE is CSV (one row per input) or JSON (`{"rows": [["1/2","1/2"], ...]}`) of exact
//! literals. SPEC is `complete` (default: every pair of inputs adjacent), a generator spec of
//! `dpcert graph` (`hamming:N,M`, `cycle:K`, `path:K`, …) or an edge-list file. Bad input
//! exits 3 with the file, row and column; a bad flag value exits 2.

use super::error::{CliError, CliResult};
use super::exit;
use super::progress::Progress;
use crate::audit::{
    self, Adjacency, AuditError, MemoryError, Options, Query, Rationalization, Source, Units,
};
use crate::graph::SpecError;
use crate::measure::Metric;
use crate::num::Rational;
use crate::params::{Delta, Eps, MemoryLimit, TRange, TimeLimit, T};
use crate::prob::io::{
    read_channel, read_dist, read_matrix, shape_of_file, ReadError, ReadOptions, Shape,
};
use crate::prob::rationalize::{Rationalized, Rounding};
use crate::prob::{Dist, ProbError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Audit a mechanism file (CSV or JSON of exact fractions): DP level, (eps, delta), leakage,
/// capacity bracket, identifiability, distortion.
#[derive(clap::Args)]
pub struct Args {
    /// The channel: one row per input, exact literals ("3/7", "0.1"); or a spec
    /// `expmech:GRAPH:T`, `geoind:K:T`.
    file: PathBuf,
    /// Neighbour relation: `complete` (default), `hamming:N,M`, `cycle:K`, ... or an edge-list file.
    #[arg(long)]
    adjacency: Option<String>,
    /// Prior on the inputs: `uniform` or a file with one row (or column) of literals.
    #[arg(long)]
    prior: Option<String>,
    /// t = e^eps >= 1: report delta(t) exactly.
    #[arg(long, value_parser = T::parse)]
    t: Option<T>,
    /// Exact eps >= 0, or a comma-separated list (a delta(eps) table): delta = A - B*e^eps,
    /// exact form and certified enclosure.
    #[arg(long, value_parser = Eps::parse, value_delimiter = ',', num_args = 1)]
    eps: Option<Vec<Eps>>,
    /// T1,T2 (exact, 1 <= T1 < T2): report delta(t) for every t = e^eps in [T1, T2] as exact
    /// pieces a - b*t, with the attaining pair (eps = ln t shown beside).
    #[arg(long, value_name = "T1,T2", value_parser = TRange::parse)]
    curve_t: Option<TRange>,
    /// Print only the --curve-t pieces, as CSV (t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,
    /// delta_at_t_hi; the last two decimals).
    #[arg(long, requires = "curve_t", conflicts_with = "json")]
    csv: bool,
    /// Draw the --curve-t curve to FILE.svg (delta against eps = ln t, log scale,
    /// breakpoints marked).
    #[arg(long, value_name = "FILE.svg", requires = "curve_t")]
    plot: Option<std::path::PathBuf>,
    /// delta in [0, 1]: report the smallest eps (exact e^eps) with delta(eps) <= delta
    /// (delta = 1 is vacuous, and said so).
    #[arg(long, value_parser = Delta::parse)]
    delta: Option<Delta>,
    /// Units of leakage, mutual information and capacity: `bits` (default) or `nats`.
    #[arg(long, value_parser = Units::parse, default_value = "bits")]
    units: Units,
    /// Make float rows (summing to 1 +- 1e-16) of FILE and of a prior file exact: `DENOM`
    /// rounds every entry to k/DENOM by largest remainder; `auto` takes the simplest
    /// rational within 1/10^9 of each entry (0.42857142857142855 -> 3/7) and gives each
    /// row's remainder to its largest entry. The largest change is printed.
    #[arg(long, value_name = "DENOM|auto", value_parser = Rounding::parse)]
    rationalize: Option<Rounding>,
    /// A gain function (rows = guesses, columns = secrets, exact literals): report the
    /// prior/posterior g-vulnerability and the additive/multiplicative g-leakage.
    #[arg(long, value_name = "FILE")]
    gain: Option<PathBuf>,
    /// A loss function (rows = guesses, columns = secrets, exact literals), or `graph` (the
    /// shortest-path distance of --adjacency): report the prior/posterior l-uncertainty, the
    /// l-leakage, the Bayes risk and the guessing entropy.
    #[arg(long, value_name = "FILE|graph")]
    loss: Option<String>,
    /// A metric on the secrets: a square FILE (symmetric, zero diagonal, triangle inequality),
    /// `graph` (shortest-path distance of --adjacency), `line` (|x - x'|) or `grid:K` (Manhattan
    /// distance on the KxK grid of geoind:K:T): report the exact smallest eps of eps*d-privacy.
    #[arg(long, value_name = "FILE|graph|line|grid:K")]
    metric: Option<String>,
    /// Give up after SECS seconds (exit 4), naming the stage reached.
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    time_limit: Option<TimeLimit>,
    /// Refuse (exit 3) an audit whose estimated memory is above SIZE: bytes or 512M, 8G,
    /// ... (default 4G). The complete adjacency on n inputs lists n(n-1)/2 pairs.
    #[arg(long, value_name = "SIZE", value_parser = MemoryLimit::parse, default_value = "4G")]
    max_memory: MemoryLimit,
    #[arg(long)]
    json: bool,
    /// Write a certificate to FILE (docs/certificates.md, issue 44): the mechanism, its
    /// neighbour pairs, the exact DP level with its witness and the delta answers asked.
    #[arg(long, value_name = "FILE")]
    certificate: Option<PathBuf>,
    /// Print the wall time of each stage (reading, each measure, printing) on stderr.
    #[arg(long)]
    stats: bool,
}

/// Resolve `--adjacency` ([`Adjacency::resolve`]) against the number of inputs, with the
/// edge-list warnings (also `compose`'s).
pub(crate) fn adjacency(
    spec: Option<&str>,
    n: usize,
    file: &Path,
) -> Result<(Adjacency, Vec<String>), CliError> {
    let spec = spec.unwrap_or("complete");
    let (adj, warnings) = Adjacency::resolve(spec, n).map_err(|e| match e {
        SpecError::Generator(e) => CliError::usage(format!("--adjacency {e}")),
        SpecError::NotFound(_) => CliError::usage(format!("--adjacency `{spec}`: neither `complete`, a graph spec (hamming:N,M, cycle:K, path:K, ...) nor an existing edge-list file")),
        e => CliError::bad_input(e.to_string()),
    })?;
    if adj.n != n {
        return Err(CliError::bad_input(format!(
            "--adjacency `{spec}` has {} vertices but {} has {n} rows (one per input)",
            adj.n,
            file.display()
        )));
    }
    Ok((adj, warnings))
}

/// A file flag's value must name an existing file (else a usage error naming the choices).
fn existing_file(flag: &str, value: &str, choices: &str) -> Result<PathBuf, CliError> {
    let p = PathBuf::from(value);
    if p.exists() {
        Ok(p)
    } else {
        Err(CliError::usage(format!(
            "--{flag} {value}: neither {choices} nor an existing file"
        )))
    }
}

/// The shortest-path metric of the adjacency (exit 3 when it is disconnected).
fn graph_metric(adj: &Adjacency, flag: &str) -> Result<Metric, CliError> {
    let d = crate::mechanism::distances_from_edges(adj.n, &adj.pairs);
    Metric::of_distances(&d)
        .map_err(|e| CliError::bad_input(format!("{flag} (adjacency {}): {e}", adj.name)))
}

/// `--metric FILE|graph|line|grid:K`, with its name for the report; a matrix that is not a
/// metric exits 3 naming the entry.
fn metric(spec: &str, adj: &Adjacency) -> Result<(String, Metric), CliError> {
    let m = match spec {
        "graph" => graph_metric(adj, "--metric graph")?,
        "line" => Metric::line(adj.n),
        s if s.starts_with("grid:") => {
            let k: usize = s["grid:".len()..]
                .parse()
                .map_err(|_| CliError::usage(format!("--metric {s}: expected grid:K")))?;
            if k.checked_mul(k) != Some(adj.n) {
                return Err(CliError::bad_input(format!(
                    "--metric {s}: the {k}x{k} grid has {} points but the channel has {} rows",
                    k.saturating_mul(k),
                    adj.n
                )));
            }
            Metric::grid(k)
        }
        f => {
            let p = existing_file("metric", f, "`graph`, `line`, `grid:K`")?;
            Metric::new(read_rows(&p)?).map_err(|e| CliError::bad_input(format!("{f}: {e}")))?
        }
    };
    Ok((spec.to_string(), m))
}

/// The rows of a matrix file.
pub(crate) fn read_rows(path: &Path) -> Result<Vec<Vec<Rational>>, CliError> {
    read_matrix(path).map_err(|e| CliError::bad_input(e.to_string()))
}

fn prior(
    spec: Option<&str>,
    n: usize,
    file: &Path,
    read_options: &ReadOptions,
) -> Result<(Option<Dist>, Option<Rationalized>), CliError> {
    let p = match spec {
        None => return Ok((None, None)),
        Some("uniform") => return Ok((Some(Dist::uniform(n)), None)),
        Some(p) => Path::new(p),
    };
    // One row or one column, rounded as one distribution.
    let (d, conv) = read_dist(p, read_options).map_err(|e| CliError::bad_input(e.to_string()))?;
    if d.len() != n {
        return Err(CliError::bad_input(format!(
            "{}: prior of length {}, expected {n} (one mass per row of {})",
            p.display(),
            d.len(),
            file.display()
        )));
    }
    Ok((Some(d), conv))
}

/// A memory refusal is bad input (exit 3).
impl From<MemoryError> for CliError {
    fn from(e: MemoryError) -> CliError {
        CliError::bad_input(e.to_string())
    }
}

/// Read the files, audit, print.
pub fn run(a: Args) -> CliResult {
    if let Some(p) = &a.plot {
        crate::plot::check_path(p).map_err(|e| CliError::usage(e.to_string()))?;
    }
    let file = a.file.as_path();
    let name = file.display().to_string();
    let started = Instant::now();
    // Before parsing: the shape counted from the bytes bounds what the matrix will hold (a
    // JSON file's cells as one row: its lines say nothing of the shape).
    let read_options = ReadOptions {
        rationalize: a.rationalize.clone(),
    };
    let spec = file.to_str().and_then(crate::mechanism::spec::parse);
    let (w, conv) = if let Some(spec) = spec {
        (spec.map_err(|e| CliError::usage(e.to_string()))?, None)
    } else {
        let shape = shape_of_file(file).map_err(|e| CliError::bad_input(e.to_string()))?;
        let cells = match shape {
            Shape::Csv { rows, cols } => (rows, cols),
            Shape::Json { cells } => (1, cells),
        };
        audit::check_memory(&name, &shape.to_string(), cells, 0, a.max_memory)?;
        read_channel(file, &read_options).map_err(|e| {
        // A row that misses 1 by float noise has a way forward: say which.
        let hint = match &e {
            ReadError::Invalid {
                error: ProbError::RowSum { .. },
                ..
            } if a.rationalize.is_none() => {
                " (rows written from floats? --rationalize auto takes the simplest rational within 1/10^9 of each entry, --rationalize DENOM rounds every entry to k/DENOM; both report the largest change)"
            }
            _ => "",
        };
        CliError::bad_input(format!("{e}{hint}"))
    })?
    };
    let n = w.n_inputs();
    let what = format!("{n} inputs × {} outputs", w.n_outputs());
    let dims = (n, w.n_outputs());
    if a.adjacency.as_deref().is_none_or(|s| s == "complete") {
        // The complete adjacency's pair list is quadratic: estimate before building it.
        let pairs = n * n.saturating_sub(1) / 2;
        audit::check_memory(&name, &what, dims, pairs, a.max_memory)?;
    }
    let read_time = started.elapsed();
    let adjacency_start = Instant::now();
    let (adj, mut warnings) = adjacency(a.adjacency.as_deref(), n, file)?;
    audit::check_memory(&name, &what, dims, adj.pairs.len(), a.max_memory)?;
    let (pi, prior_conv) = prior(a.prior.as_deref(), n, file, &read_options)?;
    let gain = a.gain.as_deref().map(read_rows).transpose()?;
    let loss = match a.loss.as_deref() {
        None => None,
        Some("graph") => Some(graph_metric(&adj, "--loss graph")?.rows().to_vec()),
        Some(f) => Some(read_rows(&existing_file("loss", f, "`graph`")?)?),
    };
    let metric = a.metric.as_deref().map(|m| metric(m, &adj)).transpose()?;
    let adjacency_time = adjacency_start.elapsed();
    let how = a.rationalize.clone();
    let rationalized: Vec<Rationalization> = [(name.clone(), conv.clone())]
        .into_iter()
        .chain(a.prior.iter().map(|p| (p.clone(), prior_conv.clone())))
        .filter_map(|(file, c)| {
            Some(Rationalization {
                file,
                how: how.clone()?,
                change: c?,
            })
        })
        .collect();
    if let (Some(_), Some(how)) = (&conv, &how) {
        warnings.push(format!(
            "{name}: every measure is of the matrix rationalized to {how}, not of the \
             values written: its DP level is the rounded matrix's, which need not be the level \
             the values were meant to have",
        ));
    }
    let query = Query {
        channel: w,
        adjacency: adj,
        options: Options {
            prior: pi,
            gain,
            loss,
            metric,
            t: a.t,
            eps: a.eps.unwrap_or_default(),
            curve_t: a.curve_t,
            delta: a.delta,
            units: a.units,
            ..Options::default()
        },
        time_limit: a.time_limit,
        source: Source {
            file: Some(name.clone()),
            rationalized,
            warnings,
        },
    };
    let progress = Progress::spinner("audit", true);
    progress.phase(&format!(
        "{what}, {} neighbour pairs",
        query.adjacency.pairs.len()
    ));
    let answer = audit::run(&query, &|s| progress.phase(s));
    progress.finish();
    let (report, stage_times) = answer.map_err(|e| match e {
        AuditError::Unseparated(_) => CliError {
            code: exit::MISMATCH,
            message: e.to_string(),
        },
        AuditError::TimeLimit { .. } => CliError::time_limit(format!(
            "{name}: {e} (--time-limit {} s; exit {})",
            a.time_limit.map_or(0.0, |l| l.duration().as_secs_f64()),
            exit::TIME_LIMIT
        )),
        AuditError::NoPairs(_) => CliError::bad_input(format!("{name}: {e}")),
        AuditError::LossShape { .. } => {
            CliError::bad_input(format!("{}: {e}", a.loss.as_deref().unwrap_or_default()))
        }
        AuditError::GainShape { .. } => CliError::bad_input(format!(
            "{}: {e}",
            a.gain
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        )),
        _ => CliError::bad_input(e.to_string()),
    })?;
    for w in &report.source.warnings {
        eprintln!("dpcert audit: warning: {w}");
    }
    if let Some(out) = &a.certificate {
        let record = report
            .certificate_record(&name, &query.channel)
            .map_err(|e| CliError::bad_input(format!("{name}: no certificate written: {e}")))?;
        crate::certify::write(out, vec![record])
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))?;
    }
    if let (Some(path), Some(c)) = (&a.plot, &report.delta_curve) {
        let fig = audit::curve_figure(&format!("audit {name}"), c);
        crate::plot::write_svg(&fig, path).map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    let printing = Instant::now();
    if a.json {
        super::output::print_json(&report.to_json())?;
    } else if let (true, Some(c)) = (a.csv, &report.delta_curve) {
        print!("{}", audit::curve_csv(c));
    } else {
        print!("{}", report.to_text());
    }
    if a.stats {
        let mut times = vec![
            (format!("reading and parsing {name}"), read_time),
            ("building the adjacency".to_string(), adjacency_time),
        ];
        times.extend(stage_times);
        times.push((
            "printing the report (enclosures to decimals)".to_string(),
            printing.elapsed(),
        ));
        eprint!("{}", stats_text(&times));
    }
    Ok(exit::OK)
}

/// `--stats`: one line per stage with its wall time, then the total.
fn stats_text(times: &[(String, Duration)]) -> String {
    let total: Duration = times.iter().map(|t| t.1).sum();
    let mut out = String::from("dpcert audit: wall time per stage (s)\n");
    for (name, d) in times.iter().chain([&("in all".to_string(), total)]) {
        out += &format!("{:>10.3}  {name}\n", d.as_secs_f64());
    }
    out
}
