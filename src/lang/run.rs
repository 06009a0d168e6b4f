//! Running a claim: the outermost quantifier's binders become the instances (their domains'
//! product, in the domains' order, first binder slowest), counted before anything runs and
//! refused past the budget; instances run in parallel (rayon) in chunks, in order, stopping
//! after the chunk with the first counterexample (`forall`) or witness (`exists`).

use super::ast::Claim;
use super::ast::*;
use super::budget::Budget;
use super::decided::Const;
use super::decided::{Detail, Methods};
use super::error::{abbreviate, LangError, Stage};
use super::eval::{Env, Evaluator};
use super::hoist::{hoist, Hoisted};
use super::labels::ChunkLabels;
use super::real::Num;
use super::value::Domain;
use super::value::Value;
use crate::claim::{Check, Method, Outcome, Value as ReportValue};
use crate::num::Decision;
use malachite::Natural;
use rayon::prelude::*;
use serde::Serialize;
use std::time::{Duration, Instant};

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Refuse (before starting) a claim whose outermost quantifier has more instances than
    /// this, and stop a run once it has counted more instances than this, every instance of
    /// every binder included: nested `forall`/`exists` and each step of `sum`/`max`/`min`
    /// (issue 42, item 3).
    pub max_instances: u64,
    /// Stop after this long, inner loops included; the verdict is then undecided unless a
    /// counterexample was found. None: no time limit.
    pub budget: Option<Duration>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_instances: 5_000_000,
            budget: None,
        }
    }
}

/// A compared quantity as reported: exact form and a decimal, and for a quantity known through
/// a certified enclosure (a logarithm, a square root, ...) the enclosure's outward-rounded
/// decimal ends, which the JSON writes as `{"lo", "hi"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shown {
    pub exact: String,
    pub decimal: String,
    pub enclosure: Option<(String, String)>,
}

impl Shown {
    /// Digits after the point of a reported decimal.
    const DIGITS: usize = 20;

    fn of(n: &Num) -> Shown {
        use crate::num::fmt::decimal_round;
        use malachite::base::rounding_modes::RoundingMode::{Ceiling, Floor};
        let interval = match n {
            Num::Rat(_) | Num::Inf | Num::T(_) => None,
            _ => n.enclose(128),
        };
        let enclosure = interval.as_ref().and_then(|i| {
            Some((
                decimal_round(&i.lo_rational()?, Shown::DIGITS, Floor),
                decimal_round(&i.hi_rational()?, Shown::DIGITS, Ceiling),
            ))
        });
        Shown {
            exact: n.exact_string(),
            decimal: match &interval {
                Some(i) => i.to_decimal_string(Shown::DIGITS),
                None => n.decimal_string(),
            },
            enclosure,
        }
    }
}

/// One instance as reported: every bound variable, and the comparison that decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InstanceReport {
    /// 0-based position in the enumeration order.
    pub index: u64,
    /// Each bound variable with its value, as `(name, value)` in binding order.
    pub bindings: Vec<(String, String)>,
    /// The comparison that decided the instance, as text.
    pub compared: String,
    /// Its left side, exactly and in decimals (when it has one).
    pub lhs: Option<Shown>,
    /// Its right side, exactly and in decimals (when it has one).
    pub rhs: Option<Shown>,
    /// `lhs − rhs` when both are finite.
    pub margin: Option<Shown>,
    /// Why the instance is undecided or broke, when it is.
    pub why: Option<String>,
}

/// The verdict of a claim with the evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Holds, fails, undecided, …, for the whole claim.
    pub outcome: Outcome,
    /// `forall` (or a plain statement) / `exists` at the top.
    pub exists: bool,
    /// Instances in the domains' product.
    pub total: u64,
    /// Instances evaluated (all of them unless stopped early).
    pub checked: u64,
    /// Of those, excluded by `where`.
    pub filtered: u64,
    /// Of those, vacuous: the top-level quantifier's range of the symbolic `t` is empty
    /// there, so it binds nothing (counted apart, as `filtered`; [`super::vacuous`]).
    pub vacuous: u64,
    /// Instances that hold.
    pub holds: u64,
    /// Instances that fail.
    pub fails: u64,
    /// Instances no certified bound could separate.
    pub undecided: u64,
    /// Instances whose evaluation broke.
    pub errors: u64,
    /// The decision methods used (exact, log-linear, interval@bits, polynomial), sorted.
    pub methods: Vec<String>,
    /// The first failing instance (`forall`) or the first witness (`exists`).
    pub first: Option<InstanceReport>,
    /// The first undecided instance, if any.
    pub first_undecided: Option<InstanceReport>,
    /// The first instance whose evaluation broke, with the error (rendered with its column).
    pub first_error: Option<(InstanceReport, String)>,
    /// The time (or instance) budget ran out before every instance was checked.
    pub timed_out: bool,
    /// What ran out, and what was being enumerated then and how far it got (rendered with the
    /// column), when an instance was stopped by the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Wall-clock time of the run, in milliseconds.
    pub millis: u64,
}

enum One {
    Holds(Methods),
    Filtered,
    /// The top-level range of `t` is empty at this instance ([`super::vacuous::Reach`]).
    Vacuous,
    Fails(Methods, Option<Box<Detail>>),
    Undecided(Methods, Option<Box<Detail>>),
    Error(LangError),
    /// The budget ran out during this instance ([`Stage::Limit`]).
    Stopped(LangError),
}

/// The top of a claim: lets peeled, then a quantifier split into the instance binders (whose
/// domains do not depend on each other) and the rest.
struct Plan<'a> {
    env: Env,
    exists: bool,
    binders: Vec<&'a Binder>,
    domains: Vec<Domain>,
    /// The remaining binders (a dependent or symbolic one and after), evaluated per instance.
    rest: &'a [Binder],
    filter: Option<&'a Expr>,
    body: &'a Expr,
}

fn mentions(e: &Expr, names: &[&str]) -> bool {
    let mut found = false;
    visit(e, &mut |x| {
        if let ExprKind::Var(n) = &x.kind {
            found |= names.contains(&n.as_str());
        }
    });
    found
}

fn visit(e: &Expr, f: &mut impl FnMut(&Expr)) {
    f(e);
    e.for_each_child(&mut |c| visit(c, f));
}

fn plan<'a>(
    src: &str,
    e: &'a Expr,
    consts: &[Const],
    budget: Option<&Budget>,
) -> Result<Plan<'a>, LangError> {
    let mut ev = Evaluator::with_consts(src, consts).metered(budget);
    let mut env = Env::new();
    let mut cur = e;
    while let ExprKind::Let { name, value, body } = &cur.kind {
        let v = ev.eval(value, &mut env)?;
        env.push((name.clone(), v));
        cur = body;
    }
    let ExprKind::Quant {
        q,
        binders,
        filter,
        body,
    } = &cur.kind
    else {
        return Ok(Plan {
            env,
            exists: false,
            binders: Vec::new(),
            domains: Vec::new(),
            rest: &[],
            filter: None,
            body: cur,
        });
    };
    let mut taken: Vec<&Binder> = Vec::new();
    let mut domains = Vec::new();
    for b in binders {
        let Range::In(d) = &b.range else { break };
        let names: Vec<&str> = taken.iter().map(|x| x.name.as_str()).collect();
        if mentions(d, &names) {
            break;
        }
        domains.push(ev.domain(d, &mut env)?);
        taken.push(b);
    }
    let n = taken.len();
    Ok(Plan {
        env,
        exists: *q == Quant::Exists,
        binders: taken,
        domains,
        rest: &binders[n..],
        filter: filter.as_deref(),
        body,
    })
}

fn report(index: u64, bindings: Vec<(String, String)>, d: Option<Box<Detail>>) -> InstanceReport {
    let mut r = InstanceReport {
        index,
        bindings,
        compared: String::new(),
        lhs: None,
        rhs: None,
        margin: None,
        why: None,
    };
    if let Some(d) = d {
        r.bindings.extend(d.witness.iter().cloned());
        r.compared = d.compared.clone();
        r.lhs = d.lhs.as_ref().map(Shown::of);
        r.rhs = d.rhs.as_ref().map(Shown::of);
        if let (Some(a), Some(b)) = (&d.lhs, &d.rhs) {
            if !matches!(a, Num::Inf) && !matches!(b, Num::Inf) {
                r.margin = a.sub(b).ok().map(|m| Shown::of(&m));
            }
        }
        r.why = d.why.clone();
    }
    r
}

/// Trees up to this deep run on the caller's threads (a few hundred KiB of stack at most).
const INLINE_DEPTH: usize = 200;

/// Run a parsed claim. `progress(done, total)` is called between chunks. A deeper claim than
/// [`INLINE_DEPTH`] runs in a pool of as many threads whose stacks are [`super::stack::STACK`] bytes
/// (issue 42, item 2); [`run_checks`] and [`run_selected`] run in the caller's pool, whose
/// stacks must be as large for a deep claim (the CLI's are).
pub fn run(
    claim: &Claim,
    opts: &Options,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Verdict, LangError> {
    run_keeping(claim, opts, progress, false).map(|(v, _)| v)
}

/// [`run`], and with `rows` also [`run_checks`]' instance rows with their certificate
/// records: `check --certificates` writes its certificates from the run that gave the
/// verdict instead of running the claim once more (issue 44 item 2).
pub(super) fn run_keeping(
    claim: &Claim,
    opts: &Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    rows: bool,
) -> Result<(Verdict, Vec<Check>), LangError> {
    let go = || {
        let mut checks = Vec::new();
        let mut push = |_, c| checks.push(c);
        let sink: Option<&mut dyn FnMut(u64, Check)> = if rows { Some(&mut push) } else { None };
        let v = run_inner(claim, opts, progress, None, sink, true)?;
        Ok((v, checks))
    };
    if super::parser::depth(&claim.expr).0 <= INLINE_DEPTH {
        return go();
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(rayon::current_num_threads())
        .stack_size(super::stack::STACK)
        .build();
    match pool {
        Ok(pool) => pool.install(go),
        Err(_) => go(),
    }
}

/// [`run`] without hoisting closed subterms: the naive reference the hoisting tests compare with.
#[cfg(test)]
pub(crate) fn run_unhoisted(claim: &Claim, opts: &Options) -> Result<Verdict, LangError> {
    run_inner(claim, opts, &|_, _| {}, None, None, false)
}

/// Run a parsed claim and return, besides the verdict, one [`Check`] per instance evaluated
/// (in enumeration order; instances excluded by `where` are `out-of-range` rows), so an
/// expression claim goes through the registry's report like any Rust checker.
pub fn run_checks(claim: &Claim, opts: &Options) -> Result<(Verdict, Vec<Check>), LangError> {
    let mut checks = Vec::new();
    let v = run_inner(
        claim,
        opts,
        &|_, _| {},
        None,
        Some(&mut |_, c| checks.push(c)),
        true,
    )?;
    Ok((v, checks))
}

/// Run only the instances whose index (in enumeration order) `keep` accepts, handing each
/// one's report row to `sink` with its index (`dpcert search --shard`, and its budget: an
/// instance `keep` turns away is not run). The verdict counts the instances run.
pub fn run_selected(
    claim: &Claim,
    opts: &Options,
    keep: &(dyn Fn(u64) -> bool + Sync),
    sink: &mut dyn FnMut(u64, Check),
) -> Result<Verdict, LangError> {
    run_inner(claim, opts, &|_, _| {}, Some(keep), Some(sink), true)
}

/// The values of the instance binders (the outermost quantifier's independent binders, see
/// the module doc) at instance `index`, with their names; `None` past the end.
pub fn instance_values(
    claim: &Claim,
    index: u64,
) -> Result<Option<Vec<(String, Value)>>, LangError> {
    let p = plan(&claim.source, &claim.expr, &[], None)?;
    let mut x = index;
    let mut vals = Vec::with_capacity(p.domains.len());
    for (b, d) in p.binders.iter().zip(&p.domains).rev() {
        let len = d.len();
        if len == 0 {
            return Ok(None);
        }
        vals.push((b.name.clone(), d.get(x % len)));
        x /= len;
    }
    if x > 0 {
        return Ok(None);
    }
    vals.reverse();
    Ok(Some(vals))
}

/// Decide the claim at one instance given by its values (the instance binders bound to
/// `values`, in order; the values need not lie in the binders' domains: `dpcert search`
/// shrinks a counterexample this way). Returns the outcome and the report row.
pub fn check_values(claim: &Claim, values: &[Value]) -> Result<(Outcome, Check), LangError> {
    let src = claim.source.as_str();
    let p = plan(src, &claim.expr, &[], None)?;
    if values.len() != p.binders.len() {
        return Err(LangError::eval(
            claim.expr.span,
            format!(
                "{} values for {} instance variables",
                values.len(),
                p.binders.len()
            ),
        ));
    }
    let bound: Vec<(String, Value)> = p
        .binders
        .iter()
        .map(|b| b.name.clone())
        .zip(values.iter().cloned())
        .collect();
    let names: Vec<(String, String)> = bound
        .iter()
        .map(|(n, v)| (n.clone(), v.to_string()))
        .collect();
    let (r, _) = eval_one(src, &[], &p, bound, None);
    let outcome = match &r {
        One::Holds(_) => Outcome::Holds,
        One::Filtered | One::Vacuous => Outcome::OutOfRange,
        One::Fails(..) => Outcome::Fails,
        One::Undecided(..) | One::Stopped(_) => Outcome::Undecided,
        One::Error(_) => Outcome::Error,
    };
    let body = src
        .get(p.body.span.start..p.body.span.end)
        .unwrap_or("")
        .trim();
    let inst = super::labels::label(&names);
    Ok((outcome, to_check(0, inst, || names, &r, body, src)))
}

/// The report's method for an instance's methods.
fn method_of(m: Methods) -> Method {
    let mut v = Vec::new();
    for (bit, method) in [
        (1u8, Method::Exact),
        (2, Method::LogLinear),
        (8, Method::Polynomial),
        (16, Method::LpCertificate),
        (32, Method::Enumeration),
        (4, Method::Interval { bits: m.bits }),
    ] {
        if m.mask & bit != 0 {
            v.push(method);
        }
    }
    match v.len() {
        0 => Method::Exact,
        1 => v.remove(0),
        _ => Method::Combined(v),
    }
}

fn shown_value(s: &Option<Shown>) -> ReportValue {
    s.as_ref().map_or_else(
        || ReportValue::text("-", ""),
        |x| ReportValue::text(x.exact.clone(), x.decimal.clone()),
    )
}

fn blank() -> ReportValue {
    ReportValue::text("-", "")
}

/// One instance as a report row, labelled `inst` ([`super::labels`]); `names` gives its
/// bindings as text, which a row that fails or is undecided shows.
fn to_check(
    i: u64,
    inst: String,
    names: impl FnOnce() -> Vec<(String, String)>,
    r: &One,
    body: &str,
    src: &str,
) -> Check {
    match r {
        One::Filtered => Check::new(
            "excluded by `where`",
            blank(),
            blank(),
            Method::Exact,
            Outcome::OutOfRange,
        )
        .at(inst),
        One::Vacuous => Check::new(
            "vacuous: the range of the symbolic variable is empty",
            blank(),
            blank(),
            Method::Exact,
            Outcome::OutOfRange,
        )
        .at(inst),
        One::Holds(m) => Check::new(body, blank(), blank(), method_of(*m), Outcome::Holds).at(inst),
        One::Fails(m, d) | One::Undecided(m, d) => {
            let names = names();
            let bound = names.len();
            let rep = report(i, names, d.clone());
            let outcome = if matches!(r, One::Fails(..)) {
                Outcome::Fails
            } else {
                Outcome::Undecided
            };
            let mut note = Vec::new();
            if let Some(m) = &rep.margin {
                note.push(format!("lhs - rhs = {}", m.exact));
            }
            if let Some(w) = &rep.why {
                note.push(w.clone());
            }
            let all: Vec<String> = rep
                .bindings
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            let inst = if all.len() > bound {
                all.join(" ")
            } else {
                inst
            };
            Check::new(
                rep.compared.clone(),
                shown_value(&rep.lhs),
                shown_value(&rep.rhs),
                method_of(*m),
                outcome,
            )
            .with_note(note.join("; "))
            .at(inst)
        }
        One::Error(e) => crate::claim::error_check(e.render(src)).at(inst),
        One::Stopped(e) => Check::new(
            "stopped by the budget",
            blank(),
            blank(),
            Method::Exact,
            Outcome::Undecided,
        )
        .with_note(e.render(src))
        .at(inst),
    }
}

/// Evaluate one instance: the plan's instance binders bound to `bound`, counted (with its
/// inner enumerations) against `budget`.
/// Returns the instance's result and the certificate records of the comparisons it decided
/// (while [`crate::certify::recording`]).
fn eval_one(
    src: &str,
    consts: &[Const],
    p: &Plan,
    bound: Vec<(String, Value)>,
    budget: Option<&Budget>,
) -> (One, crate::claim::Records) {
    let mut records = Default::default();
    let r = match eval_counted(src, consts, p, bound, budget, &mut records) {
        One::Error(e) if e.stage == Stage::Limit => One::Stopped(e),
        r => r,
    };
    (r, records)
}

fn eval_counted(
    src: &str,
    consts: &[Const],
    p: &Plan,
    bound: Vec<(String, Value)>,
    budget: Option<&Budget>,
    records: &mut crate::claim::Records,
) -> One {
    if let Some(b) = budget {
        if let Err(why) = b.spend(1) {
            // before the instance starts: name it by its bindings (the budget may run out
            // here in one worker while another is deep inside an inner loop)
            let at: Vec<String> = bound.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            let span = p.binders.first().map_or(p.body.span, |b| b.span);
            return One::Stopped(LangError::limit(
                span,
                format!("{why} as the instance {} was to start", at.join(", ")),
            ));
        }
    }
    let mut ev = Evaluator::with_consts(src, consts).metered(budget);
    let mut env = p.env.clone();
    env.extend(bound);
    // the filter applies once every binder is bound: here when nothing is left
    if p.rest.is_empty() {
        if let Some(f) = p.filter {
            match super::excluded::decide(&mut ev, f, &mut env) {
                Err(e) => return One::Error(e),
                Ok(t) if t.d == Decision::False => {
                    *records = std::mem::take(&mut ev.records); // what shows it excluded
                    return One::Filtered;
                }
                Ok(t) if t.d == Decision::Unknown => return One::Undecided(ev.methods, t.detail),
                Ok(_) => {}
            }
        }
    }
    let r = if p.rest.is_empty() {
        ev.truth(p.body, &mut env)
    } else {
        let q = if p.exists {
            Quant::Exists
        } else {
            Quant::Forall
        };
        match ev.top_quant(q, p.rest, p.filter, p.body, &mut env) {
            Ok((_, reach)) if reach.vacuous() => {
                *records = std::mem::take(&mut ev.records); // the `empty_range` records
                return One::Vacuous;
            }
            r => r.map(|(t, _)| t),
        }
    };
    *records = std::mem::take(&mut ev.records);
    match r {
        Err(e) => One::Error(e),
        Ok(t) => match t.d {
            Decision::True => One::Holds(ev.methods),
            Decision::False => One::Fails(ev.methods, t.detail),
            Decision::Unknown => One::Undecided(ev.methods, t.detail),
        },
    }
}

fn run_inner(
    claim: &Claim,
    opts: &Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    keep: Option<&(dyn Fn(u64) -> bool + Sync)>,
    mut sink: Option<&mut dyn FnMut(u64, Check)>,
    hoisting: bool,
) -> Result<Verdict, LangError> {
    let start = Instant::now();
    let budget = Budget::new(opts.budget, opts.max_instances);
    let budget = Some(&budget);
    let src = claim.source.as_str();
    // Count (and refuse past the budget) before anything else runs, hoisting included.
    let p = plan(src, &claim.expr, &[], budget)?;
    let counts: Vec<Natural> = p.domains.iter().map(Domain::count).collect();
    let total_n: Natural = counts.iter().fold(Natural::from(1u32), |a, c| a * c);
    if total_n > opts.max_instances {
        let parts: Vec<String> = counts.iter().map(|c| abbreviate(&c.to_string())).collect();
        let span = p.binders.first().map_or(claim.expr.span, |b| {
            b.span.to(match &b.range {
                Range::In(d) => d.span,
                _ => b.span,
            })
        });
        return Err(LangError::budget(
            span,
            format!(
                "this claim has {} instances{}; the limit is {} (--max-instances): use smaller domains (sizes, denominators) or raise the limit",
                abbreviate(&total_n.to_string()),
                if parts.len() > 1 { format!(" ({})", parts.join(" × ")) } else { String::new() },
                opts.max_instances
            ),
        ));
    }
    let hoisted = if hoisting {
        hoist(src, &claim.expr, budget)?
    } else {
        Hoisted {
            expr: claim.expr.clone(),
            consts: Vec::new(),
        }
    };
    let consts = hoisted.consts.as_slice();
    let p = plan(src, &hoisted.expr, consts, budget)?;
    let total = u64::try_from(&total_n).unwrap_or(u64::MAX);
    let lens: Vec<u64> = p.domains.iter().map(Domain::len).collect();
    let bind = |i: u64| -> Vec<(String, Value)> {
        let mut idx = vec![0u64; lens.len()];
        let mut x = i;
        for (slot, len) in idx.iter_mut().zip(&lens).rev() {
            *slot = x % len;
            x /= len;
        }
        p.binders
            .iter()
            .zip(&p.domains)
            .zip(idx)
            .map(|((b, d), j)| (b.name.clone(), d.get(j)))
            .collect()
    };
    let one = |i: u64| eval_one(src, consts, &p, bind(i), budget);
    let mut v = Verdict {
        outcome: Outcome::Error,
        exists: p.exists,
        total,
        checked: 0,
        filtered: 0,
        vacuous: 0,
        holds: 0,
        fails: 0,
        undecided: 0,
        errors: 0,
        methods: Vec::new(),
        first: None,
        first_undecided: None,
        first_error: None,
        timed_out: false,
        stopped: None,
        millis: 0,
    };
    let mut methods = Methods::default();
    let names = |i: u64| -> Vec<(String, String)> {
        bind(i)
            .into_iter()
            .map(|(n, v)| (n, v.to_string()))
            .collect()
    };
    let chunk = (rayon::current_num_threads() as u64 * 256).max(256);
    let rows = sink.is_some();
    let body = src
        .get(p.body.span.start..p.body.span.end)
        .unwrap_or("")
        .trim();
    let mut lo = 0u64;
    let mut stop = false;
    // the budget ran out in an instance: the rest of its chunk is read (a counterexample
    // there still counts), no further chunk starts
    let mut halted = false;
    while lo < total && !stop && !halted {
        if opts.budget.is_some_and(|b| start.elapsed() > b) {
            v.timed_out = true;
            break;
        }
        let hi = (lo + chunk).min(total);
        // each instance's report row is made on the worker that ran it (its label and
        // records), each binder's element formatted once for the chunk: the loop below, one
        // thread, only hands it on (issue 44 item 2)
        let binders = p.binders.iter().map(|b| b.name.as_str());
        let labels = rows.then(|| ChunkLabels::new(binders, &p.domains, &lens, lo, hi));
        let results: Vec<(u64, One, Option<Check>)> = (lo..hi)
            .into_par_iter()
            .filter(|&i| keep.is_none_or(|k| k(i)))
            .map(|i| {
                let (r, records) = one(i);
                let row = labels.as_ref().map(|l| Check {
                    records,
                    ..to_check(i, l.instance(i), || names(i), &r, body, src)
                });
                (i, r, row)
            })
            .collect();
        for (i, r, row) in results {
            if let (Some(sink), Some(c)) = (sink.as_deref_mut(), row) {
                sink(i, c);
            }
            if let One::Stopped(e) = r {
                v.timed_out = true;
                halted = true;
                if v.stopped.is_none() {
                    let at = format!("instance {} of {}", i + 1, total);
                    v.stopped = Some(format!("{at}: {}", e.render(src)));
                }
                continue;
            }
            v.checked += 1;
            match r {
                One::Filtered => v.filtered += 1,
                One::Vacuous => v.vacuous += 1,
                One::Holds(m) => {
                    methods.merge(m);
                    v.holds += 1;
                    if p.exists && v.first.is_none() {
                        v.first = Some(report(i, names(i), None));
                        stop = true;
                    }
                }
                One::Fails(m, d) => {
                    methods.merge(m);
                    v.fails += 1;
                    if !p.exists && v.first.is_none() {
                        v.first = Some(report(i, names(i), d));
                        stop = true;
                    }
                }
                One::Undecided(m, d) => {
                    methods.merge(m);
                    v.undecided += 1;
                    if v.first_undecided.is_none() {
                        v.first_undecided = Some(report(i, names(i), d));
                    }
                }
                One::Stopped(_) => {}
                One::Error(e) => {
                    v.errors += 1;
                    if v.first_error.is_none() {
                        v.first_error = Some((report(i, names(i), None), e.render(src)));
                    }
                }
            }
            if stop {
                break;
            }
        }
        lo = hi;
        progress(v.checked, total);
    }
    v.methods = methods.names();
    v.outcome = if v.errors > 0 {
        Outcome::Error
    } else if p.exists {
        if v.first.is_some() {
            Outcome::Holds
        } else if v.undecided > 0 || v.timed_out {
            Outcome::Undecided
        } else {
            Outcome::Fails
        }
    } else if v.fails > 0 {
        Outcome::Fails
    } else if v.undecided > 0 || v.timed_out {
        Outcome::Undecided
    } else if v.holds == 0 {
        Outcome::Error
    } else {
        Outcome::Holds
    };
    v.millis = start.elapsed().as_millis() as u64;
    Ok(v)
}
