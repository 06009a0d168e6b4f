//! `dpcert check 'EXPR'` and `dpcert check --file CLAIMS.toml`: parse flags, run
//! [`CheckReport::run`], print. Exit 0 holds, 1 fails, 2 a parse or type error (or a usage
//! error), 3 undecided (or an instance that could not be evaluated, or a domain past the
//! budget), 4 the time or instance budget ran out before a verdict.
//!
//! Each claim is parsed and run on a thread of its own with a [`STACK`]-byte stack (every pass
//! over the syntax tree recurses once per level, up to the parser's depth limits), watched
//! from the calling thread: with `--time-limit S`, when one exact operation that does not
//! look at the clock (a Sturm sequence of a huge polynomial) keeps the run past `S` plus 10%
//! (at least 100 ms), the claim is reported as stopped (exit 4) without waiting for it (issue
//! 42, items 2 and 3). A run given up this way keeps its thread busy until the process ends
//! (with `--file`, while the next claims run).

use super::error::{CliError, CliResult};
use super::exit;
use super::jobs::pool;
use super::output::print_json;
use super::progress::Progress;
use crate::claim::certificates::CertRecord;
use crate::claim::Outcome;
use crate::lang::{self, check_document, CheckReport, Options, Stage};
use crate::params::{Jobs, TimeLimit};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The stack of the thread that parses and runs one claim, and of its workers.
pub const STACK: usize = lang::STACK;

/// Decide a claim written in the claim language (docs/claim-language.md), e.g.
/// 'forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))'.
/// Exit 0 holds, 1 fails, 2 parse/type error, 3 undecided, 4 time budget ran out.
#[derive(clap::Args)]
pub struct Args {
    /// The claim (omit with --file); it may start with `-` ('-1 < 0').
    #[arg(allow_hyphen_values = true)]
    expr: Option<String>,
    /// Run every `expr` claim of a manifest (same format as theorems/*.toml) against its
    /// `expect`.
    #[arg(long, conflicts_with = "expr")]
    file: Option<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
    /// Give up after SECS seconds (exit 4), above 0 and at most one year. `--budget-secs` is the
    /// old name.
    #[arg(
        long = "time-limit",
        visible_alias = "budget-secs",
        value_name = "SECS",
        value_parser = TimeLimit::parse
    )]
    time_limit: Option<TimeLimit>,
    /// Worker threads (1 to 256; default: all cores).
    #[arg(long, value_parser = Jobs::parse)]
    jobs: Option<Jobs>,
    /// Refuse, before starting, a claim whose outermost quantifier has more instances than
    /// this, and stop (exit 4) once a run has counted more, every instance of every binder
    /// included: nested `forall`/`exists` and each step of `sum`/`max`/`min` (default
    /// 5000000).
    #[arg(long)]
    max_instances: Option<u64>,
    /// Write a certificate of a claim that holds or fails to FILE (docs/certificates.md, issue
    /// 44): one `sturm` record per comparison of a `forall t RANGE: … and …` claim that holds;
    /// for a grid claim its `claim` record and each instance's `compare`/`log_linear` records
    /// (recorded by the run that decides it). An `exists` claim gets none (exit 3, with the
    /// reason). With --shard: the shard certificate for `dpcert merge` (docs/sharding.md).
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    certificate: Option<std::path::PathBuf>,
    /// With --file: write DIR/<ID>.cert.json for every claim of the file (with --shard:
    /// DIR/<ID>.shard-K-of-N.cert.json).
    #[arg(long, value_name = "DIR", requires = "file")]
    certificates: Option<std::path::PathBuf>,
    /// Run only the K-th of N deterministic parts of a `forall` claim's instances (the indices
    /// i with i % N == K − 1; 1 <= K <= N) for `dpcert merge`; exit 0 once it ran.
    #[arg(long, value_parser = crate::claim::search::parse_shard)]
    shard: Option<(usize, usize)>,
}

/// The exit code of one claim's report.
fn code_of(r: &CheckReport) -> i32 {
    match &r.result {
        Ok(v) => match v.outcome {
            Outcome::Holds => exit::OK,
            Outcome::Fails => exit::MISMATCH,
            Outcome::Undecided if v.timed_out => exit::TIME_LIMIT,
            _ => exit::BAD_INPUT,
        },
        Err((Stage::Parse | Stage::Type, _)) => exit::USAGE,
        Err((Stage::Budget | Stage::Eval, _)) => exit::BAD_INPUT,
        Err((Stage::Limit, _)) => exit::TIME_LIMIT,
    }
}

fn options(a: &Args) -> Options {
    let mut o = Options::default();
    if let Some(m) = a.max_instances {
        o.max_instances = m;
    }
    o.budget = a.time_limit.map(|l| l.duration());
    o
}

/// Run one expression on a thread of its own, watched (see the module doc); prints its text
/// (unless `--json`) and returns its report.
fn run_expr(src: &str, a: &Args, id: Option<&str>, expect: Option<&str>) -> CheckReport {
    let done = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::channel();
    let (opts, jobs, show) = (options(a), a.jobs, !a.json);
    let run = {
        let (src, done) = (src.to_string(), done.clone());
        move || {
            let progress = Progress::bar("check", 0, show);
            let tick = |d: u64, total: u64| {
                done.store(d, Ordering::Relaxed);
                progress.set(d, total, "instances");
            };
            let r = pool(jobs).install(|| CheckReport::run(&src, &opts, &tick));
            progress.finish();
            r
        }
    };
    let spawned = std::thread::Builder::new()
        .name("check".into())
        .stack_size(STACK)
        .spawn(move || {
            let _ = tx.send(run());
        });
    let ran = match spawned {
        // no thread: run here, unwatched
        Err(_) => Some(CheckReport::run(src, &options(a), &|_, _| {})),
        // past the budget by 10% (at least 100 ms): the run is given up
        Ok(_) => match a
            .time_limit
            .map(|l| l.duration())
            .and_then(|b| b.checked_add((b / 10).max(Duration::from_millis(100))))
        {
            Some(b) => rx.recv_timeout(b).ok(),
            None => rx.recv().ok(),
        },
    };
    let mut r = ran.unwrap_or_else(|| CheckReport {
        id: None,
        expr: src.to_string(),
        result: Err((
            Stage::Limit,
            format!(
                "stopped: the time budget of {} s ran out (--time-limit) inside one exact operation that does not look at the clock, after {} instances; no verdict",
                a.time_limit.map_or(0.0, |l| l.duration().as_secs_f64()),
                done.load(Ordering::Relaxed)
            ),
        )),
        expect: None,
        checks: Vec::new(),
    });
    r.id = id.map(str::to_string);
    r.expect = expect.map(str::to_string);
    if !a.json {
        print!("{}", r.to_text());
        if let Some(e) = r.error_text() {
            eprint!("{e}");
        }
    }
    r
}

/// `dpcert check --shard K/N`: each claim's shard ([`lang::checker::shard`]), one line each
/// (or the shard records as JSON), its certificate written.
fn run_shard(a: &Args, kn: (usize, usize)) -> CliResult {
    let claims: Vec<(String, String, Option<String>)> = match (&a.expr, &a.file) {
        (Some(src), None) => vec![("expr".into(), src.clone(), None)],
        (None, Some(path)) => crate::claim::manifest::load(path)
            .map_err(|e| CliError::bad_input(e.to_string()))?
            .claims
            .into_iter()
            .filter_map(|c| Some((c.id, c.expr?, Some(c.expect.as_str().to_string()))))
            .collect(),
        _ => {
            return Err(CliError::usage(
                "give one claim expression or --file CLAIMS.toml",
            ))
        }
    };
    if a.certificate.is_some() || a.certificates.is_some() {
        crate::certify::start_recording();
    }
    let mut all = Vec::new();
    for (id, src, expect) in &claims {
        let (r, recs) = pool(a.jobs)
            .install(|| lang::checker::shard(id, src, expect.as_deref(), kn))
            .map_err(|e| CliError::usage(format!("{id}: {e}")))?;
        if !a.json {
            println!(
                "shard {}/{} of {id}: {} ({} instances; {})",
                kn.0,
                kn.1,
                r.verdict.as_str(),
                r.instances,
                r.counts.describe()
            );
        }
        if let Some(dir) = &a.certificates {
            let f = dir.join(format!("{id}.shard-{}-of-{}.cert.json", kn.0, kn.1));
            std::fs::create_dir_all(dir)
                .and_then(|_| crate::certify::write(&f, recs.clone()))
                .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", f.display())))?;
        }
        all.extend(recs);
    }
    if a.json {
        print_json(&crate::certify::document(all.clone()))?;
    }
    if let Some(f) = &a.certificate {
        crate::certify::write(f, all)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", f.display())))?;
    }
    Ok(exit::OK)
}

/// `dpcert check`.
pub fn run(a: &Args) -> CliResult {
    if let Some(kn) = a.shard {
        return run_shard(a, kn);
    }
    if a.certificate.is_some() || a.certificates.is_some() {
        // the run that decides a claim records its certificate (issue 44 item 2)
        crate::certify::start_recording();
    }
    match (&a.expr, &a.file) {
        (Some(src), None) => {
            let mut r = run_expr(src, a, None, None);
            if a.json {
                print_json(&check_document(std::slice::from_ref(&r), false))?;
            }
            if let Some(out) = &a.certificate {
                write_certificate(out, "expr", &mut r, false)?;
            }
            Ok(code_of(&r))
        }
        (None, Some(path)) => run_file(path, a),
        _ => Err(CliError::usage(
            "give one claim expression ('forall W in channels(2, 2, denom 4): ...') or --file CLAIMS.toml",
        )),
    }
}

/// `--certificate FILE`: the certificate of a claim that holds or fails, from the run that
/// decided it ([`CheckReport::take_certificate`]; every comparison re-decided before it is
/// written); pretty-printed, or `compact` (one line, as `verify --certificates` writes them:
/// `--certificates DIR`, whose files may hold thousands of records; issue 44 item 2).
fn write_certificate(
    out: &std::path::Path,
    id: &str,
    r: &mut CheckReport,
    compact: bool,
) -> Result<(), CliError> {
    let records = r.take_certificate(id);
    if ![Outcome::Holds, Outcome::Fails]
        .iter()
        .any(|o| r.outcome() == o.as_str())
    {
        eprintln!(
            "no certificate written: the claim's verdict is {}",
            r.outcome()
        );
        return Ok(());
    }
    let records = match records {
        Ok(records) => records,
        // a failing claim keeps its exit code 1; only a claim that holds must be certified
        Err(why) if r.outcome() == Outcome::Fails.as_str() => {
            eprintln!("no certificate written: {why}");
            return Ok(());
        }
        Err(why) => {
            return Err(CliError::bad_input(format!(
                "no certificate written: {why}"
            )))
        }
    };
    let written = if compact {
        crate::certify::write_compact(out, records.into_iter())
    } else {
        let records = records.into_iter().map(CertRecord::into_value).collect();
        crate::certify::write(out, records)
    };
    written.map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))
}

/// `dpcert check --file F`: every `[[claim]]` of a manifest that has an `expr`, compared with
/// its `expect` like `verify` (exit 0 when every verdict equals its `expect`, 1 otherwise; 2
/// when one does not parse, else 3 when a certificate asked for could not be written, else 4
/// when a budget stopped one).
///
/// With `--certificates DIR`, a claim's certificate is built and written on a thread of its
/// own while the next claim runs (issue 44 item 2: it was a fifth of the work, done on the main
/// thread while the workers waited); one is written at a time, in the manifest's order, so the
/// files and the messages are those of writing them in turn.
fn run_file(path: &std::path::Path, a: &Args) -> CliResult {
    let m = crate::claim::manifest::load(path).map_err(|e| CliError::bad_input(e.to_string()))?;
    let mut out = Vec::new();
    let mut worst = exit::OK;
    // a certificate asked for and not written is not a success (it exited 0)
    let mut unwritten = false;
    std::thread::scope(|s| -> Result<(), CliError> {
        // the claim whose certificate is being written, with its report and whether it was
        let mut writing: Option<std::thread::ScopedJoinHandle<(CheckReport, bool)>> = None;
        let mut finish =
            |out: &mut Vec<CheckReport>,
             w: Option<std::thread::ScopedJoinHandle<(CheckReport, bool)>>| {
                if let Some(w) = w {
                    let (r, written) = w.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
                    unwritten |= !written;
                    out.push(r);
                }
            };
        for c in &m.claims {
            let Some(src) = c.expr.as_deref() else {
                continue;
            };
            let mut r = run_expr(src, a, Some(&c.id), Some(c.expect.as_str()));
            let code = code_of(&r);
            if code == exit::USAGE {
                worst = exit::USAGE;
            } else if code == exit::TIME_LIMIT && worst != exit::USAGE {
                worst = exit::TIME_LIMIT;
            } else if r.as_expected() == Some(false) && worst == exit::OK {
                worst = exit::MISMATCH;
            }
            finish(&mut out, writing.take());
            let Some(dir) = &a.certificates else {
                out.push(r);
                continue;
            };
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", dir.display())))?;
            let f = dir.join(format!("{}.cert.json", c.id));
            let write = move || {
                let written = write_certificate(&f, &c.id, &mut r, true);
                if let Err(e) = &written {
                    eprintln!("{}: {e}", c.id);
                }
                (r, written.is_ok())
            };
            let thread = std::thread::Builder::new()
                .name("certificate".into())
                .stack_size(STACK);
            writing = Some(thread.spawn_scoped(s, write).map_err(|e| {
                CliError::bad_input(format!("cannot start writing a certificate: {e}"))
            })?);
        }
        finish(&mut out, writing.take());
        Ok(())
    })?;
    if unwritten && worst != exit::USAGE {
        worst = exit::BAD_INPUT;
    }
    if out.is_empty() {
        return Err(CliError::bad_input(format!(
            "{}: no [[claim]] has an `expr`",
            path.display()
        )));
    }
    if a.json {
        print_json(&check_document(&out, true))?;
    }
    Ok(worst)
}
