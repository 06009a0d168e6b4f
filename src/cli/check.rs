//! `dpcert check 'EXPR'` and `dpcert check --file CLAIMS.toml`: parse flags, run
//! `lang`, print. Exit 0 holds, 1 fails, 2 a parse or type error (or a usage error),
//! 3 undecided (or an instance that could not be evaluated, or a domain past the budget),
//! 4 the time or instance budget ran out before a verdict.
//!
//! Each claim is parsed and run on a thread of its own with a [`STACK`]-byte stack (every pass
//! over the syntax tree recurses once per level, up to the parser's depth limits), watched
//! from the calling thread: with `--budget-secs S`, when one exact operation that does not
//! look at the clock (a Sturm sequence of a huge polynomial) keeps the run past `S` plus 10%
//! (at least 100 ms), the claim is reported as stopped (exit 4) without waiting for it (issue
//! 42, items 2 and 3). A run given up this way keeps its thread busy until the process ends
//! (with `--file`, while the next claims run).

use super::exit;
use super::progress::Progress;
use crate::claim::Outcome;
use crate::lang::{self, report, LangError, Options, Stage, Verdict};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The stack of the thread that parses and runs one claim, and of its workers.
pub const STACK: usize = lang::STACK;

/// Flags of `dpcert check`.
pub struct CheckArgs<'a> {
    pub expr: Option<&'a str>,
    pub file: Option<&'a std::path::Path>,
    pub json: bool,
    pub budget_secs: Option<u64>,
    pub jobs: Option<usize>,
    pub max_instances: Option<u64>,
}

/// The exit code of a verdict.
pub fn code_of(v: &Verdict) -> i32 {
    match v.outcome {
        Outcome::Holds => exit::OK,
        Outcome::Fails => exit::MISMATCH,
        Outcome::Undecided if v.timed_out => exit::TIME_LIMIT,
        _ => exit::BAD_INPUT,
    }
}

fn code_of_error(e: &LangError) -> i32 {
    match e.stage {
        Stage::Parse | Stage::Type => exit::USAGE,
        Stage::Budget | Stage::Eval => exit::BAD_INPUT,
        Stage::Limit => exit::TIME_LIMIT,
    }
}

fn options(a: &Flags) -> Options {
    let mut o = Options::default();
    if let Some(m) = a.max_instances {
        o.max_instances = m;
    }
    o.budget = a.budget_secs.map(Duration::from_secs);
    o
}

/// The flags a claim's run needs, owned (the run has a thread of its own).
#[derive(Clone, Copy)]
struct Flags {
    json: bool,
    budget_secs: Option<u64>,
    jobs: Option<usize>,
    max_instances: Option<u64>,
}

/// What one claim's run prints and returns: the exit code, the JSON record, the text for
/// stdout and for stderr (printed by the caller, so a run given up by the watch prints nothing).
struct Ran {
    code: i32,
    json: serde_json::Value,
    out: String,
    err: String,
}

/// A parse, type or run error for stderr, with the claim's label and the column marked.
fn error_text(src: &str, label: Option<&str>, e: &lang::LangError) -> String {
    format!(
        "{}error: {}\n",
        label.map(|l| format!("{l}: ")).unwrap_or_default(),
        e.render(src)
    )
}

fn error_json(src: &str, label: Option<&str>, e: &LangError) -> serde_json::Value {
    serde_json::json!({"id": label, "expr": src, "error": e.render(src), "stage": format!("{:?}", e.stage).to_lowercase()})
}

/// Run one expression on a thread of its own, watched (see the module doc); prints its
/// output and returns the exit code and the JSON record.
fn run_expr(src: &str, a: &CheckArgs, label: Option<&str>) -> (i32, serde_json::Value) {
    let flags = Flags {
        json: a.json,
        budget_secs: a.budget_secs,
        jobs: a.jobs,
        max_instances: a.max_instances,
    };
    let done = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::channel();
    let spawned = {
        let (src, label, done) = (src.to_string(), label.map(str::to_string), done.clone());
        std::thread::Builder::new()
            .name("check".into())
            .stack_size(STACK)
            .spawn(move || {
                let _ = tx.send(run_claim(&src, flags, label.as_deref(), &done));
            })
    };
    let ran = match spawned {
        Err(_) => Some(run_claim(src, flags, label, &done)),
        // past the budget by 10% (at least 100 ms): the run is given up
        Ok(_) => match a
            .budget_secs
            .map(Duration::from_secs)
            .and_then(|b| b.checked_add((b / 10).max(Duration::from_millis(100))))
        {
            Some(b) => rx.recv_timeout(b).ok(),
            None => rx.recv().ok(),
        },
    };
    let ran = ran.unwrap_or_else(|| {
        let secs = a.budget_secs.unwrap_or(0);
        let msg = format!(
            "the time budget of {secs} s ran out (--time-limit) inside one exact operation that does not look at the clock, after {} instances; no verdict",
            done.load(Ordering::Relaxed)
        );
        Ran {
            code: exit::TIME_LIMIT,
            json: serde_json::json!({"id": label, "expr": src, "error": msg, "stage": "limit"}),
            out: String::new(),
            err: format!(
                "{}error: stopped: {msg}\n",
                label.map(|l| format!("{l}: ")).unwrap_or_default()
            ),
        }
    });
    if !a.json {
        print!("{}", ran.out);
        eprint!("{}", ran.err);
    }
    (ran.code, ran.json)
}

/// Parse and run one claim (on the watched thread).
fn run_claim(src: &str, a: Flags, label: Option<&str>, done: &AtomicU64) -> Ran {
    let claim = match lang::parse(src) {
        Ok(c) => c,
        Err(e) => {
            return Ran {
                code: code_of_error(&e),
                json: error_json(src, label, &e),
                out: String::new(),
                err: error_text(src, label, &e),
            }
        }
    };
    let progress = Progress::bar("check", 0, !a.json);
    let tick = |d: u64, total: u64| {
        done.store(d, Ordering::Relaxed);
        progress.set(d, total, "instances");
    };
    let r = super::claims::pool(a.jobs).install(|| lang::run::run(&claim, &options(&a), &tick));
    progress.finish();
    match r {
        Err(e) => Ran {
            code: code_of_error(&e),
            json: error_json(src, label, &e),
            out: String::new(),
            err: error_text(src, label, &e),
        },
        Ok(v) => {
            let mut out = String::new();
            if let Some(l) = label {
                out.push_str(&format!("{l}: "));
            }
            out.push_str(&report::render(&v));
            let mut j = serde_json::to_value(&v).unwrap_or_default();
            if let Some(o) = j.as_object_mut() {
                o.insert("id".into(), serde_json::json!(label));
                o.insert("expr".into(), serde_json::json!(src));
            }
            Ran {
                code: code_of(&v),
                json: j,
                out,
                err: String::new(),
            }
        }
    }
}

/// `dpcert check`.
pub fn run(a: &CheckArgs) -> i32 {
    match (a.expr, a.file) {
        (Some(src), None) => {
            let (code, j) = run_expr(src, a, None);
            if a.json {
                println!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
            }
            code
        }
        (None, Some(path)) => run_file(path, a),
        _ => {
            eprintln!("error: give one claim expression ('forall W in channels(2, 2, denom 4): ...') or --file CLAIMS.toml");
            exit::USAGE
        }
    }
}

/// `dpcert check --file F`: every `[[claim]]` of a manifest that has an `expr`, compared with
/// its `expect` like `verify` (exit 0 when every verdict equals its `expect`, 1 otherwise; 2
/// when one does not parse, else 4 when a budget stopped one).
fn run_file(path: &std::path::Path, a: &CheckArgs) -> i32 {
    let m = match crate::claim::manifest::load(path) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let mut out = Vec::new();
    let mut worst = exit::OK;
    let mut n = 0;
    for c in &m.claims {
        let Some(src) = c.expr.as_deref() else {
            continue;
        };
        n += 1;
        let (code, mut j) = run_expr(src, a, Some(&c.id));
        let got = j
            .get("outcome")
            .and_then(|o| o.as_str())
            .unwrap_or("error")
            .to_string();
        let ok = got == c.expect.as_str();
        if !a.json {
            println!(
                "  expect {}: {}",
                c.expect,
                if ok { "ok" } else { "DIFFERS" }
            );
        }
        if let Some(o) = j.as_object_mut() {
            o.insert("expect".into(), serde_json::json!(c.expect.as_str()));
            o.insert("as_expected".into(), serde_json::json!(ok));
        }
        out.push(j);
        if code == exit::USAGE {
            worst = exit::USAGE;
        } else if code == exit::TIME_LIMIT && worst != exit::USAGE {
            worst = exit::TIME_LIMIT;
        } else if !ok && worst == exit::OK {
            worst = exit::MISMATCH;
        }
    }
    if n == 0 {
        eprintln!("error: {}: no [[claim]] has an `expr`", path.display());
        return exit::BAD_INPUT;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    }
    worst
}
