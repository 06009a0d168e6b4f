//! `dpcert audit FILE [--adjacency SPEC] [--prior FILE|uniform] [--t T] [--eps E,..]
//! [--delta D] [--units bits|nats] [--rationalize DENOM] [--gain FILE] [--time-limit SECS]
//! [--max-memory SIZE] [--json]`: parsing and printing only; the report is
//! [`crate::audit::audit_watched`].
//!
//! Before allocating, the audit's memory is estimated ([`crate::audit::memory_estimate`]) and
//! an audit above `--max-memory` (default 4 GiB) is refused with exit 3; past `--time-limit`
//! it stops with exit 4 and names the stage it was in. Progress on stderr names the stage.
//!
//! FILE is CSV (one row per input) or JSON (`{"rows": [["1/2","1/2"], ...]}`) of exact
//! literals. SPEC is `complete` (default: every pair of inputs adjacent), a generator spec of
//! `dpcert graph` (`hamming:N,M`, `cycle:K`, `path:K`, …) or an edge-list file. Bad input
//! exits 3 with the file, row and column; a bad flag value exits 2.

use super::exit;
use super::progress::Progress;
use crate::audit::{
    audit_watched, bytes_text, memory_estimate, Adjacency, AuditError, Options, Units, Watch,
    DEFAULT_MAX_MEMORY,
};
use crate::graph::SpecError;
use crate::num::fmt::{abbreviate, decimal};
use crate::num::{parse_rational, Rational};
use crate::prob::io::{
    read_channel, read_dist, read_matrix, shape_of_file, ReadError, ReadOptions, Shape,
};
use crate::prob::rationalize::{Rationalized, Rounding};
use crate::prob::{Dist, ProbError};
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

/// Options of the subcommand, as given on the command line.
pub struct AuditArgs<'a> {
    pub file: &'a Path,
    pub adjacency: Option<&'a str>,
    pub prior: Option<&'a str>,
    pub t: Option<&'a str>,
    /// Comma-separated exact ε values.
    pub eps: Option<&'a str>,
    pub delta: Option<&'a str>,
    pub units: Option<&'a str>,
    /// `--rationalize DENOM|auto`, as given (parsed by [`Rounding::parse`]).
    pub rationalize: Option<&'a str>,
    /// A gain-function matrix file (rows = guesses, columns = secrets).
    pub gain: Option<&'a Path>,
    /// Seconds before giving up (exit [`exit::TIME_LIMIT`]); checked by
    /// [`super::lp::parse_time_limit`].
    pub time_limit: Option<f64>,
    /// `--max-memory SIZE` as given (bytes, or with a K/M/G/T suffix in powers of 1024).
    pub max_memory: Option<&'a str>,
    pub json: bool,
    /// Print each stage's wall time on stderr.
    pub stats: bool,
}

/// `--max-memory SIZE`: a positive number of bytes, with an optional binary suffix
/// `K`, `M`, `G`, `T` (`8G` = 8 GiB, `1.5G`, `500M`).
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (num, scale) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let scale: u64 = match c.to_ascii_uppercase() {
                'K' => 1 << 10,
                'M' => 1 << 20,
                'G' => 1 << 30,
                'T' => 1 << 40,
                _ => return Err(format!("`{s}`: the suffix must be K, M, G or T")),
            };
            (&t[..i], scale)
        }
        _ => (t, 1),
    };
    // f64 only to read a size such as 1.5G; the limit is a whole number of bytes.
    let v: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a size (bytes, or 512M, 8G, ...)"))?;
    let bytes = v * scale as f64;
    if bytes.is_finite() && bytes >= 1.0 && bytes < 2f64.powi(63) {
        Ok(bytes as u64)
    } else {
        Err(format!("`{s}`: must be at least 1 byte and below 8 EiB"))
    }
}

pub(crate) struct Fail(pub(crate) i32, pub(crate) String);

fn usage(msg: String) -> Fail {
    Fail(exit::USAGE, msg)
}

fn bad_input(msg: String) -> Fail {
    Fail(exit::BAD_INPUT, msg)
}

/// Run the subcommand; returns the exit code.
pub fn run(args: &AuditArgs) -> i32 {
    match run_inner(args) {
        Ok(()) => exit::OK,
        Err(Fail(code, msg)) => {
            eprintln!("dpcert audit: {msg}");
            code
        }
    }
}

/// Resolve `--adjacency` ([`Adjacency::resolve`]) against the number of inputs, with the
/// edge-list warnings.
pub(crate) fn adjacency(
    spec: Option<&str>,
    n: usize,
    file: &Path,
) -> Result<(Adjacency, Vec<String>), Fail> {
    let spec = spec.unwrap_or("complete");
    let (adj, warnings) = Adjacency::resolve(spec, n).map_err(|e| match e {
        SpecError::Generator(e) => usage(format!("--adjacency {e}")),
        SpecError::NotFound(_) => usage(format!("--adjacency `{spec}`: neither `complete`, a graph spec (hamming:N,M, cycle:K, path:K, ...) nor an existing edge-list file")),
        e => bad_input(e.to_string()),
    })?;
    if adj.n != n {
        return Err(bad_input(format!(
            "--adjacency `{spec}` has {} vertices but {} has {n} rows (one per input)",
            adj.n,
            file.display()
        )));
    }
    Ok((adj, warnings))
}

/// The rows of a matrix file.
pub(crate) fn read_rows(path: &Path) -> Result<Vec<Vec<Rational>>, Fail> {
    read_matrix(path).map_err(|e| bad_input(e.to_string()))
}

/// `--rationalize`, parsed (a usage error for anything but `auto` or a positive integer).
fn rounding(a: &AuditArgs) -> Result<Option<Rounding>, Fail> {
    a.rationalize
        .map(|s| Rounding::parse(s).map_err(|e| usage(format!("--rationalize {e}"))))
        .transpose()
}

fn prior(
    spec: Option<&str>,
    n: usize,
    file: &Path,
    read_options: &ReadOptions,
) -> Result<(Option<Dist>, Option<Rationalized>), Fail> {
    let p = match spec {
        None => return Ok((None, None)),
        Some("uniform") => return Ok((Some(Dist::uniform(n)), None)),
        Some(p) => Path::new(p),
    };
    // One row or one column, rounded as one distribution.
    let (d, conv) = read_dist(p, read_options).map_err(|e| bad_input(e.to_string()))?;
    if d.len() != n {
        return Err(bad_input(format!(
            "{}: prior of length {}, expected {n} (one mass per row of {})",
            p.display(),
            d.len(),
            file.display()
        )));
    }
    Ok((Some(d), conv))
}

fn flag_rational(flag: &str, s: &str) -> Result<Rational, Fail> {
    parse_rational(s).map_err(|e| usage(format!("--{flag} {}: {e}", abbreviate(s))))
}

fn options(a: &AuditArgs) -> Result<Options, Fail> {
    let mut o = Options::default();
    if let Some(s) = a.t {
        o.t = Some(flag_rational("t", s)?);
    }
    if let Some(list) = a.eps {
        for s in list.split(',').map(str::trim) {
            o.eps.push(flag_rational("eps", s)?);
        }
    }
    if let Some(s) = a.delta {
        o.delta = Some(flag_rational("delta", s)?);
    }
    // Ranges are the library's rule; the message names the flag.
    o.check_parameters().map_err(|e| {
        let (flag, value) = match &e {
            AuditError::TBelowOne(v) => ("t", v),
            AuditError::NegativeEps(v) => ("eps", v),
            AuditError::DeltaOutOfRange(v) => ("delta", v),
            _ => return usage(e.to_string()),
        };
        usage(format!("--{flag} {}: {e}", abbreviate(&value.to_string())))
    })?;
    o.units = match a.units {
        None | Some("bits") => Units::Bits,
        Some("nats") => Units::Nats,
        Some(u) => {
            return Err(usage(format!(
                "--units {}: expected `bits` or `nats`",
                abbreviate(u)
            )))
        }
    };
    rounding(a)?;
    Ok(o)
}

/// One line saying what `--rationalize` changed (never silent).
fn conversion_line(path: &Path, how: &Rounding, r: &Rationalized) -> String {
    format!(
        "{}: rationalized to {how}: {} changed, largest change {} (≈ {}) at row {}, column {} (1-based)\n",
        path.display(),
        crate::num::fmt::count(r.changed, "entry", "entries"),
        r.largest_change,
        decimal(&r.largest_change, 20),
        r.at.0 + 1,
        r.at.1 + 1
    )
}

fn conversion_json(how: &Rounding, r: &Rationalized) -> serde_json::Value {
    json!({
        "method": how.to_string(),
        "denominator": (r.denom > 0).then_some(r.denom),
        "changed": r.changed,
        "largest_change": r.largest_change.to_string(),
        "at": {"row": r.at.0 + 1, "column": r.at.1 + 1},
    })
}

/// Refuse an audit whose [`memory_estimate`] is above `limit`, before allocating it; `what`
/// names the matrix (`10000000 rows × 2 columns`).
fn check_memory(
    file: &Path,
    what: &str,
    (n, k): (usize, usize),
    pairs: usize,
    limit: u64,
) -> Result<(), Fail> {
    let need = memory_estimate(n, k, pairs);
    if need <= limit {
        return Ok(());
    }
    let pair_list = (pairs as u64).saturating_mul(16);
    let why = if pair_list > need / 2 {
        format!(
            " ({} of it the list of {pairs} neighbour pairs: give a sparser --adjacency)",
            bytes_text(pair_list)
        )
    } else {
        String::new()
    };
    Err(over_memory(
        &file.display().to_string(),
        &format!("auditing {what}"),
        need,
        &why,
        limit,
    ))
}

/// The refusal (exit 3) of `subject`'s `doing`, which needs about `need` bytes (`why` says of
/// what), above `--max-memory`'s `limit`: one wording for `audit` and `compose`.
pub(crate) fn over_memory(subject: &str, doing: &str, need: u64, why: &str, limit: u64) -> Fail {
    bad_input(format!(
        "{subject}: {doing} needs about {}{why}, above the limit of {}; raise it with \
         --max-memory (e.g. --max-memory {}G)",
        bytes_text(need),
        bytes_text(limit),
        need.div_ceil(1 << 30)
    ))
}

/// `--max-memory SIZE`, or the default [`DEFAULT_MAX_MEMORY`] (a usage error when unreadable).
pub(crate) fn memory_flag(flag: Option<&str>) -> Result<u64, Fail> {
    match flag {
        None => Ok(DEFAULT_MAX_MEMORY),
        Some(s) => parse_memory(s).map_err(|e| usage(format!("--max-memory {e}"))),
    }
}

fn run_inner(a: &AuditArgs) -> Result<(), Fail> {
    let opts_only = options(a)?;
    let how = rounding(a)?;
    let limit = memory_flag(a.max_memory)?;
    let deadline = a
        .time_limit
        .map(|s| {
            super::lp::parse_time_limit(&s.to_string())
                .map(|_| Instant::now() + Duration::from_secs_f64(s))
                .map_err(|e| usage(format!("--time-limit {e}")))
        })
        .transpose()?;
    let file = a.file;
    let mut watch = Watch {
        deadline,
        ..Watch::default()
    };
    watch.mark(&format!("reading and parsing {}", file.display()));
    // Before parsing: the shape counted from the bytes bounds what the matrix will hold (a
    // JSON file's cells as one row: its lines say nothing of the shape).
    let shape = shape_of_file(file).map_err(|e| bad_input(e.to_string()))?;
    let cells = match shape {
        Shape::Csv { rows, cols } => (rows, cols),
        Shape::Json { cells } => (1, cells),
    };
    check_memory(file, &shape.to_string(), cells, 0, limit)?;
    let read_options = ReadOptions {
        rationalize: how.clone(),
    };
    let (w, conv) = read_channel(file, &read_options).map_err(|e| {
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
        bad_input(format!("{e}{hint}"))
    })?;
    let n = w.n_inputs();
    let (what, dims) = (
        format!("{n} inputs × {} outputs", w.n_outputs()),
        (n, w.n_outputs()),
    );
    if a.adjacency.is_none_or(|s| s == "complete") {
        // The complete adjacency's pair list is quadratic: estimate before building it.
        check_memory(file, &what, dims, n * n.saturating_sub(1) / 2, limit)?;
    }
    watch.mark("building the adjacency");
    let (adj, mut warnings) = adjacency(a.adjacency, n, file)?;
    check_memory(file, &what, dims, adj.pairs.len(), limit)?;
    let (pi, prior_conv) = prior(a.prior, n, file, &read_options)?;
    let gain = a.gain.map(read_rows).transpose()?;
    let opts = Options {
        prior: pi,
        gain,
        ..opts_only
    };
    let progress = Progress::spinner("audit", true);
    progress.phase(&format!(
        "{} inputs × {} outputs, {} neighbour pairs",
        n,
        w.n_outputs(),
        adj.pairs.len()
    ));
    let stage = |s: &str| progress.phase(s);
    watch.stage = Some(&stage);
    let report = audit_watched(&w, &adj, &opts, &watch);
    progress.finish();
    let report = report.map_err(|e| match e {
        AuditError::Unseparated(_) => Fail(exit::MISMATCH, e.to_string()),
        AuditError::TimeLimit { .. } => Fail(
            exit::TIME_LIMIT,
            format!(
                "{}: {e} (--time-limit {} s; exit {})",
                file.display(),
                a.time_limit.unwrap_or_default(),
                exit::TIME_LIMIT
            ),
        ),
        AuditError::NoPairs(_) => bad_input(format!("{}: {e}", file.display())),
        AuditError::GainShape { .. } => bad_input(format!(
            "{}: {e}",
            a.gain.map_or(String::new(), |p| p.display().to_string())
        )),
        _ => bad_input(e.to_string()),
    })?;
    let conversions: Vec<(&Path, &Rationalized)> = [(file, conv.as_ref())]
        .into_iter()
        .chain(a.prior.map(Path::new).map(|p| (p, prior_conv.as_ref())))
        .filter_map(|(p, c)| c.map(|c| (p, c)))
        .collect();
    if let (Some(_), Some(how)) = (&conv, &how) {
        warnings.push(format!(
            "{}: every measure is of the matrix rationalized to {how}, not of the \
             values written: its DP level is the rounded matrix's, which need not be the level \
             the values were meant to have",
            file.display(),
        ));
    }
    for w in &warnings {
        eprintln!("dpcert audit: warning: {w}");
    }
    watch.mark("printing the report (enclosures to decimals)");
    if a.json {
        let mut j = report.to_json();
        j["file"] = json!(file.display().to_string());
        if !conversions.is_empty() {
            j["rationalized"] = conversions
                .iter()
                .filter_map(|(p, c)| {
                    let how = how.as_ref()?;
                    Some((p.display().to_string(), conversion_json(how, c)))
                })
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
        if !warnings.is_empty() {
            j["warnings"] = json!(warnings);
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&j).expect("JSON of strings")
        );
    } else {
        if let Some(how) = &how {
            for (p, c) in &conversions {
                print!("{}", conversion_line(p, how, c));
            }
        }
        if conv.is_some() {
            println!(
                "{}: the measures below are of the rationalized matrix (its DP level is the rounded matrix's)",
                file.display()
            );
        }
        print!("{}: {}", file.display(), report.to_text());
    }
    if a.stats {
        eprint!("{}", stats_text(&watch.stage_times()));
    }
    Ok(())
}

/// `--stats`: one line per stage with its wall time, then the total.
fn stats_text(times: &[(String, Duration)]) -> String {
    let total: Duration = times.iter().map(|t| t.1).sum();
    let mut out = String::from(
        "dpcert audit: wall time per stage (s)
",
    );
    for (name, d) in times.iter().chain([&("in all".to_string(), total)]) {
        out += &format!("{:>10.3}  {name}\n", d.as_secs_f64());
    }
    out
}
