//! `dpcert check 'EXPR'` and `dpcert check --file CLAIMS.toml`: parse flags, run
//! `claim::lang`, print. Exit 0 holds, 1 fails, 2 a parse or type error (or a usage error),
//! 3 undecided (or an instance that could not be evaluated, or a domain past the budget),
//! 4 the time budget ran out before a verdict.

use super::exit;
use super::progress::Progress;
use crate::claim::lang::{self, report, LangError, Options, Stage, Verdict};
use crate::claim::Outcome;
use std::time::Duration;

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
    }
}

fn options(a: &CheckArgs) -> Options {
    let mut o = Options::default();
    if let Some(m) = a.max_instances {
        o.max_instances = m;
    }
    o.budget = a.budget_secs.map(Duration::from_secs);
    o
}

/// Run one expression; returns the exit code.
/// A parse, type or run error on stderr, with the claim's label and the column marked.
fn print_error(src: &str, label: Option<&str>, e: &lang::LangError) {
    eprintln!(
        "{}error: {}",
        label.map(|l| format!("{l}: ")).unwrap_or_default(),
        e.render(src)
    );
}

fn run_expr(src: &str, a: &CheckArgs, label: Option<&str>) -> (i32, serde_json::Value) {
    let claim = match lang::parse(src) {
        Ok(c) => c,
        Err(e) => {
            if !a.json {
                print_error(src, label, &e);
            }
            return (
                code_of_error(&e),
                serde_json::json!({"id": label, "expr": src, "error": e.render(src), "stage": format!("{:?}", e.stage).to_lowercase()}),
            );
        }
    };
    let progress = Progress::bar("check", 0, !a.json);
    let tick = |done: u64, total: u64| {
        progress.set(done, total, "instances");
    };
    let r = super::claims::pool(a.jobs).install(|| lang::run::run(&claim, &options(a), &tick));
    progress.finish();
    match r {
        Err(e) => {
            if !a.json {
                print_error(src, label, &e);
            }
            (
                code_of_error(&e),
                serde_json::json!({"id": label, "expr": src, "error": e.render(src), "stage": format!("{:?}", e.stage).to_lowercase()}),
            )
        }
        Ok(v) => {
            if !a.json {
                if let Some(l) = label {
                    print!("{l}: ");
                }
                print!("{}", report::render(&v));
            }
            let mut j = serde_json::to_value(&v).unwrap_or_default();
            if let Some(o) = j.as_object_mut() {
                o.insert("id".into(), serde_json::json!(label));
                o.insert("expr".into(), serde_json::json!(src));
            }
            (code_of(&v), j)
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
/// its `expect` like `verify` (exit 0 when every verdict equals its `expect`, 1 otherwise).
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
