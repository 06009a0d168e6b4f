//! `dpcert compose MECH --k K [--adjacency SPEC] [--eps E1,..] [--delta D] [--t T]
//! [--check EPS,DELTA] [--json]`, or `MECH1:K1,MECH2:K2,…` for a heterogeneous sequence:
//! parsing and printing only; the accounting is [`crate::accounting`].
//!
//! MECH is a mechanism file as `dpcert audit` reads it (CSV or JSON of exact literals) or a
//! named mechanism: `rr:K:T` (K-ary randomized response at `t = e^ε = T`), `geometric:K:T`
//! (the truncated geometric on `{0..K−1}`, adjacency `path:K` unless `--adjacency` says
//! otherwise), `kov:T:D` (the Kairouz–Oh–Viswanath pair of an (ln T, D)-DP mechanism).
//! Exit codes: 0 done (`--check`: holds), 1 `--check` fails, 2 usage (a bad flag value,
//! `--k 0`, `--delta ≥ 1`, k past the limit), 3 a bad file, or an undecided comparison.

use super::audit::{adjacency, read_rows, Fail};
use super::exit;
use super::progress::Progress;
use crate::accounting::refine::{
    eps_width, refine, DeltaEnclosure, GridAnswers, GridQueries, RefineOptions,
};
use crate::accounting::worst::{worst_delta_at_eps, worst_delta_at_t, worst_t_for_delta};
use crate::accounting::{
    compose_on_pairs, ComposeError, Composed, Event, PairComposition, MAX_USES,
};
use crate::audit::Adjacency;
use crate::graph::Graph;
use crate::measure::epsilon::cmp_with_exp;
use crate::measure::ExtRational;
use crate::mechanism::{randomized_response, truncated_geometric};
use crate::num::fmt::{abbreviate, decimal};
use crate::num::LogLinear;
use crate::num::{parse_rational, Interval, Rational};
use crate::prob::Channel;
use serde_json::{json, Value};
use std::cmp::Ordering;
use std::path::Path;
use std::time::Instant;

/// Decimal digits printed.
const DIGITS: usize = 12;
/// The δ of `--delta` when no query is given.
const DEFAULT_DELTA: &str = "1/100000";

/// Options of the subcommand, as given on the command line.
pub struct ComposeArgs<'a> {
    pub mech: &'a str,
    pub k: Option<&'a str>,
    pub adjacency: Option<&'a str>,
    pub eps: Option<&'a str>,
    pub delta: Option<&'a str>,
    pub t: Option<&'a str>,
    pub check: Option<&'a str>,
    /// Use the grid enclosure even when the exact composition fits.
    pub enclosure: bool,
    /// Grid enclosure: the relative width asked for.
    pub width: Option<&'a str>,
    /// Grid enclosure: the time limit in seconds.
    pub time_limit: Option<f64>,
    pub json: bool,
}

fn usage(msg: String) -> Fail {
    Fail(exit::USAGE, msg)
}

/// Run the subcommand; returns the exit code.
pub fn run(args: &ComposeArgs) -> i32 {
    match run_inner(args) {
        Ok(code) => code,
        Err(Fail(code, msg)) => {
            eprintln!("dpcert compose: {msg}");
            code
        }
    }
}

/// One mechanism of the sequence.
struct Mech {
    spec: String,
    channel: Channel,
    /// The adjacency a named mechanism implies (`path:K` for the geometric).
    natural_adjacency: Option<String>,
}

fn named_rational(spec: &str, s: &str) -> Result<Rational, Fail> {
    parse_rational(s).map_err(|e| usage(format!("`{spec}`: {s}: {e}")))
}

/// A named mechanism (`rr:K:T`, `geometric:K:T`, `kov:T:D`) or a mechanism file.
fn mechanism(spec: &str) -> Result<Mech, Fail> {
    let parts: Vec<&str> = spec.split(':').collect();
    let size = |s: &str| {
        s.parse::<usize>()
            .map_err(|_| usage(format!("`{spec}`: {s} is not a number of inputs")))
    };
    let named = |channel: Channel, adj: Option<String>| Mech {
        spec: spec.to_string(),
        channel,
        natural_adjacency: adj,
    };
    let bad = |e: crate::mechanism::MechanismError| usage(format!("`{spec}`: {e}"));
    match parts.as_slice() {
        ["rr", k, t] => {
            let w = randomized_response(size(k)?, &named_rational(spec, t)?).map_err(bad)?;
            Ok(named(w, None))
        }
        ["geometric", k, t] => {
            let n = size(k)?;
            let w = truncated_geometric(n, &named_rational(spec, t)?).map_err(bad)?;
            Ok(named(w, Some(format!("path:{n}"))))
        }
        ["kov", t, d] => {
            let (t, d) = (named_rational(spec, t)?, named_rational(spec, d)?);
            if t < 1u32 || !(0u32..=1u32).contains(&d) {
                return Err(usage(format!(
                    "`{spec}`: needs T = e^eps >= 1 and 0 <= D <= 1"
                )));
            }
            let rows = crate::accounting::kov::kov_rows(&t, &d).to_vec();
            Ok(named(
                Channel::new(rows).expect("KOV rows are distributions"),
                None,
            ))
        }
        [name, ..] if ["rr", "geometric", "kov"].contains(name) => Err(usage(format!(
            "`{spec}`: expected rr:K:T, geometric:K:T or kov:T:D"
        ))),
        _ => {
            let path = Path::new(spec);
            if !path.exists() {
                return Err(usage(format!(
                    "`{spec}`: neither a mechanism file nor rr:K:T, geometric:K:T, kov:T:D"
                )));
            }
            let rows = read_rows(path)?;
            let channel = Channel::new(rows).map_err(|e| {
                Fail(
                    exit::BAD_INPUT,
                    format!("{spec}: {}", crate::prob::io::MatrixError::from(e)),
                )
            })?;
            Ok(Mech {
                spec: spec.to_string(),
                channel,
                natural_adjacency: None,
            })
        }
    }
}

fn parse_k(flag: &str, s: &str) -> Result<u64, Fail> {
    let k: u64 = s
        .trim()
        .parse()
        .map_err(|_| usage(format!("{flag} {s}: expected a whole number of uses >= 1")))?;
    if k == 0 {
        return Err(usage(format!(
            "{flag} 0: k must be at least 1 (nothing is composed)"
        )));
    }
    Ok(k)
}

/// The sequence: `MECH` with `--k K`, or `MECH1:K1,MECH2:K2,…`.
fn sequence(a: &ComposeArgs) -> Result<Vec<(Mech, u64)>, Fail> {
    if let Some(k) = a.k {
        return Ok(vec![(mechanism(a.mech)?, parse_k("--k", k)?)]);
    }
    let mut out = Vec::new();
    for item in a.mech.split(',') {
        let (spec, k) = item.rsplit_once(':').ok_or_else(|| {
            usage(format!(
                "`{item}`: give --k K, or a sequence MECH1:K1,MECH2:K2 (uses after the last colon)"
            ))
        })?;
        let m = match mechanism(spec) {
            Ok(m) => m,
            // `rr:2:3` alone reads as `rr:2` used 3 times; say what is missing instead.
            Err(_) if mechanism(item).is_ok() => {
                return Err(usage(format!(
                    "`{item}`: give the number of uses with --k K (or MECH:K in a sequence)"
                )))
            }
            Err(e) => return Err(e),
        };
        out.push((m, parse_k(&format!("`{item}`:"), k)?));
    }
    Ok(out)
}

fn flag_rational(flag: &str, s: &str) -> Result<Rational, Fail> {
    parse_rational(s.trim()).map_err(|e| usage(format!("--{flag} {}: {e}", abbreviate(s))))
}

fn check_eps(flag: &str, e: Rational) -> Result<Rational, Fail> {
    if e < 0u32 {
        return Err(usage(format!(
            "--{flag} {}: eps must be >= 0",
            abbreviate(&e.to_string())
        )));
    }
    Ok(e)
}

fn check_delta(flag: &str, d: Rational) -> Result<Rational, Fail> {
    if !(0u32..1u32).contains(&d) {
        return Err(usage(format!(
            "--{flag} {}: delta must be in [0, 1) (every mechanism is (0, 1)-DP; delta = 0 asks for pure eps)",
            abbreviate(&d.to_string())
        )));
    }
    Ok(d)
}

/// The parsed queries.
struct Queries {
    eps: Vec<Rational>,
    delta: Option<Rational>,
    t: Option<Rational>,
    check: Option<(Rational, Rational)>,
}

fn queries(a: &ComposeArgs) -> Result<Queries, Fail> {
    let mut q = Queries {
        eps: Vec::new(),
        delta: None,
        t: None,
        check: None,
    };
    if let Some(list) = a.eps {
        for s in list.split(',') {
            q.eps.push(check_eps("eps", flag_rational("eps", s)?)?);
        }
    }
    if let Some(s) = a.delta {
        q.delta = Some(check_delta("delta", flag_rational("delta", s)?)?);
    }
    if let Some(s) = a.t {
        let t = flag_rational("t", s)?;
        if t < 1u32 {
            return Err(usage(format!(
                "--t {}: t = e^eps must be >= 1",
                abbreviate(s)
            )));
        }
        q.t = Some(t);
    }
    if let Some(s) = a.check {
        let (e, d) = s
            .split_once(',')
            .ok_or_else(|| usage(format!("--check {}: expected EPS,DELTA", abbreviate(s))))?;
        q.check = Some((
            check_eps("check", flag_rational("check", e)?)?,
            check_delta("check", flag_rational("check", d)?)?,
        ));
    }
    if q.eps.is_empty() && q.delta.is_none() && q.t.is_none() && q.check.is_none() {
        q.delta = Some(parse_rational(DEFAULT_DELTA).expect("literal"));
    }
    Ok(q)
}

/// An exact rational, abbreviated in text when long (the whole value is in `--json`).
fn short(q: &Rational) -> String {
    abbreviate(&q.to_string())
}

/// `ln t` as a certified decimal enclosure.
fn ln_decimal(t: &Rational) -> String {
    Interval::ln_rational(t, 256)
        .expect("t >= 1")
        .to_decimal_string(DIGITS)
}

/// A certified enclosure of `A − B·e^ε`, refined until its width is below a 2^-40 part of
/// its lower end (or 16,384 bits).
fn enclose_form(f: &crate::measure::epsilon::DeltaAtEps) -> Interval {
    let mut prec = 256;
    loop {
        let e = f.enclose(prec);
        let tight = match (e.lo_rational(), e.width_rational()) {
            (Some(lo), Some(w)) => lo > 0u32 && w * Rational::from(1u64 << 40) < lo,
            _ => false,
        };
        if tight || prec >= 16384 || f.rational().is_some() {
            return e;
        }
        prec *= 4;
    }
}

/// Digits after the point that show [`DIGITS`] significant digits of a small positive `x`
/// (so a δ of 1e-12 is not printed as 0.000000000001).
fn digits_for(x: &Rational) -> usize {
    let mut zeros = 0;
    let mut y = x.clone();
    while y > 0u32 && y < 1u32 && zeros < 4000 {
        y *= Rational::from(10u32);
        if y < 1u32 {
            zeros += 1;
        } else {
            break;
        }
    }
    DIGITS + zeros
}

/// A certified enclosure in decimal, with [`DIGITS`] significant digits when it is small.
fn enclosure_text(i: &Interval) -> String {
    let digits = i.lo_rational().map_or(DIGITS, |lo| digits_for(&lo));
    i.to_decimal_string(digits)
}

fn pair_json(p: (usize, usize)) -> Value {
    json!([p.0, p.1])
}

fn event_json(c: &Composed, e: &Event) -> Value {
    json!({
        "words": c.describe(e),
        "atoms": e.atoms,
        "p_mass": e.p.to_string(),
        "q_mass": e.q.to_string(),
    })
}

fn what_is_composed(seq: &[(Mech, u64)], adj: &Adjacency, pcs: &[PairComposition]) -> String {
    what_is_composed_n(seq, adj, pcs.len())
}

fn what_is_composed_n(seq: &[(Mech, u64)], adj: &Adjacency, classes: usize) -> String {
    let uses: Vec<String> = seq
        .iter()
        .map(|(m, k)| format!("{k} × {}", m.spec))
        .collect();
    let ordered = 2 * adj.pairs.len();
    format!(
        "composed: {} on the same ordered neighbour pair (x, x') every use (fresh randomness, every answer observed); the worst of the {ordered} ordered pairs of {} ({} distinct privacy loss distributions). Choosing the pair adaptively from earlier answers gives nothing more for randomized response and the truncated geometric (checked by enumeration for small k); for other mechanisms this is the fixed-pair worst case.",
        uses.join(" then "),
        adj.name,
        classes
    )
}

fn run_inner(a: &ComposeArgs) -> Result<i32, Fail> {
    let start = Instant::now();
    let qs = queries(a)?;
    let seq = sequence(a)?;
    let n = seq[0].0.channel.n_inputs();
    if let Some((m, _)) = seq.iter().find(|(m, _)| m.channel.n_inputs() != n) {
        return Err(Fail(
            exit::BAD_INPUT,
            format!(
                "{} has {} inputs but {} has {n}: every mechanism of a sequence runs on the same inputs",
                m.spec,
                m.channel.n_inputs(),
                seq[0].0.spec
            ),
        ));
    }
    let adj_spec = a
        .adjacency
        .map(str::to_string)
        .or_else(|| seq.iter().find_map(|(m, _)| m.natural_adjacency.clone()));
    let adj = match adj_spec.as_deref() {
        Some(s) if s.starts_with("path:") && a.adjacency.is_none() => {
            Adjacency::of_graph(s, &Graph::path(n))
        }
        s => {
            let (adj, warnings) = adjacency(s, n, Path::new(&seq[0].0.spec))?;
            for w in &warnings {
                eprintln!("dpcert compose: warning: {w}");
            }
            adj
        }
    };
    // Every mechanism of the sequence runs on the first one's inputs (checked above).
    adj.require_pairs()
        .map_err(|e| Fail(exit::BAD_INPUT, format!("{}: {e}", seq[0].0.spec)))?;
    let width = grid_width(a)?;
    let progress = Progress::spinner("compose", true);
    let chans: Vec<(&Channel, u64)> = seq.iter().map(|(m, k)| (&m.channel, *k)).collect();
    let total: u128 = chans.iter().map(|(_, k)| *k as u128).sum();
    if total > MAX_USES as u128 {
        return Err(usage(ComposeError::TooManyUses(total).to_string()));
    }
    let exact = if a.enclosure {
        Err("not tried (--enclosure)".to_string())
    } else {
        match compose_on_pairs(&chans, &adj.pairs, |i, n| {
            progress.phase(&format!("{i} of {n} pair PLDs composed"));
        }) {
            Ok(pcs) => Ok(pcs),
            Err(e @ ComposeError::TooLarge { .. }) => Err(format!("refused: {e}")),
            Err(e) => return Err(usage(e.to_string())),
        }
    };
    let pcs = match exact {
        Ok(pcs) => pcs,
        Err(reason) => {
            let g = GridRun {
                seq: &seq,
                chans: &chans,
                adj: &adj,
                reason,
                width,
                start,
            };
            return run_grid(a, &qs, &g, &progress);
        }
    };
    progress.phase("answering");
    let mut text = vec![what_is_composed(&seq, &adj, &pcs)];
    let mut j = json!({
        "uses": seq.iter().map(|(m, k)| json!({"mechanism": m.spec, "k": k})).collect::<Vec<_>>(),
        "adjacency": adj.name,
        "what_is_composed": "the same ordered neighbour pair every use; worst ordered pair",
    });
    let mut pairs_json = Vec::new();
    for pc in &pcs {
        let c = &pc.composed;
        let also = if pc.same_as.is_empty() {
            String::new()
        } else {
            let v: Vec<String> = pc.same_as.iter().map(|p| format!("{p:?}")).collect();
            format!(" (same PLD as {})", v.join(", "))
        };
        let inf = if c.inf > 0u32 {
            format!(
                "; infinite privacy loss with probability {} (≈ {}): no eps reaches a delta below it",
                short(&c.inf),
                decimal(&c.inf, DIGITS)
            )
        } else {
            String::new()
        };
        text.push(format!(
            "pair x = {}, x' = {}{also}: {} distinct likelihood ratios (support){inf}",
            pc.pair.0,
            pc.pair.1,
            c.support()
        ));
        pairs_json.push(json!({
            "pair": pair_json(pc.pair),
            "same_as": pc.same_as.iter().map(|&p| pair_json(p)).collect::<Vec<_>>(),
            "support": c.support(),
            "infinite_loss_mass": c.inf.to_string(),
        }));
    }
    j["pairs"] = pairs_json.into();
    let undecided = |e: crate::measure::epsilon::Unseparated| Fail(exit::BAD_INPUT, e.to_string());
    if let Some(delta) = &qs.delta {
        let (i, r) = worst_t_for_delta(&pcs, delta).expect("a pair");
        let c = &pcs[i].composed;
        let pair = pcs[i].pair;
        match &r.t {
            ExtRational::Infinite => {
                text.push(format!(
                    "smallest eps with delta <= {delta}: none (eps = inf): the infinite-loss mass {} exceeds delta; bound by x = {}, x' = {}",
                    short(&c.inf), pair.0, pair.1
                ));
                j["eps_for_delta"] =
                    json!({"delta": delta.to_string(), "t": "inf", "pair": pair_json(pair)});
            }
            ExtRational::Finite(t) => {
                text.push(format!(
                    "smallest eps with delta <= {delta}: e^eps = {}, eps ∈ {}; bound by x = {}, x' = {}; event: {}",
                    short(t),
                    ln_decimal(t),
                    pair.0,
                    pair.1,
                    c.describe(&r.event)
                ));
                j["eps_for_delta"] = json!({
                    "delta": delta.to_string(),
                    "t": t.to_string(),
                    "eps_enclosure": ln_decimal(t),
                    "pair": pair_json(pair),
                    "event": event_json(c, &r.event),
                });
            }
        }
    }
    let mut eps_json = Vec::new();
    for eps in &qs.eps {
        let (i, r) = worst_delta_at_eps(&pcs, eps)
            .map_err(undecided)?
            .expect("a pair");
        let c = &pcs[i].composed;
        let enc = enclosure_text(&enclose_form(&r.form));
        let form = match r.form.rational() {
            Some(v) => short(&v),
            None => format!("{} - {}·e^{}", short(&r.form.a), short(&r.form.b), eps),
        };
        text.push(format!(
            "delta at eps = {eps}: {form} ∈ {enc}; attained at x = {}, x' = {}; event: {}",
            r.form.pair.0,
            r.form.pair.1,
            c.describe(&r.event)
        ));
        eps_json.push(json!({
            "eps": eps.to_string(),
            "a": r.form.a.to_string(),
            "b": r.form.b.to_string(),
            "enclosure": enc,
            "pair": pair_json(r.form.pair),
            "event": event_json(c, &r.event),
        }));
    }
    if !eps_json.is_empty() {
        j["delta_at_eps"] = eps_json.into();
    }
    if let Some(t) = &qs.t {
        let (i, r) = worst_delta_at_t(&pcs, t).expect("a pair");
        let c = &pcs[i].composed;
        text.push(format!(
            "delta at t = e^eps = {t}: {} (≈ {}); attained at x = {}, x' = {}; event: {}",
            short(&r.delta),
            decimal(&r.delta, digits_for(&r.delta)),
            pcs[i].pair.0,
            pcs[i].pair.1,
            c.describe(&r.event)
        ));
        j["delta_at_t"] = json!({
            "t": t.to_string(),
            "delta": r.delta.to_string(),
            "pair": pair_json(pcs[i].pair),
            "event": event_json(c, &r.event),
        });
    }
    let mut code = exit::OK;
    if let Some((eps, delta)) = &qs.check {
        let (i, tr) = worst_t_for_delta(&pcs, delta).expect("a pair");
        let holds = match &tr.t {
            ExtRational::Infinite => false,
            ExtRational::Finite(t) => cmp_with_exp(t, eps).map_err(undecided)? != Ordering::Greater,
        };
        let (k, dr) = worst_delta_at_eps(&pcs, eps)
            .map_err(undecided)?
            .expect("a pair");
        let margin = Interval::from_rational(delta, 256).sub(&enclose_form(&dr.form));
        let eps_margin = match &tr.t {
            ExtRational::Infinite => "-inf".to_string(),
            ExtRational::Finite(t) => Interval::from_rational(eps, 256)
                .sub(&Interval::ln_rational(t, 256).expect("t >= 1"))
                .to_decimal_string(DIGITS),
        };
        let verdict = if holds { "holds" } else { "fails" };
        text.push(format!(
            "check ({eps}, {delta})-DP after these uses: {verdict}; delta margin {delta} - delta(eps) ∈ {} (delta(eps) attained at x = {}, x' = {}); eps margin eps - eps(delta) ∈ {eps_margin} (bound by x = {}, x' = {})",
            margin.to_decimal_string(DIGITS),
            pcs[k].pair.0,
            pcs[k].pair.1,
            pcs[i].pair.0,
            pcs[i].pair.1,
        ));
        j["check"] = json!({
            "eps": eps.to_string(),
            "delta": delta.to_string(),
            "holds": holds,
            "delta_margin": margin.to_decimal_string(DIGITS),
            "eps_margin": eps_margin,
        });
        if !holds {
            code = exit::MISMATCH;
        }
    }
    print_report(text, j, start, &progress, a.json);
    Ok(code)
}

/// `--width W` (default 1/1000): a rational in (0, 1), used as a float by the stopping rule.
fn grid_width(a: &ComposeArgs) -> Result<f64, Fail> {
    let Some(s) = a.width else {
        return Ok(1e-3);
    };
    let w = flag_rational("width", s)?;
    if w < Rational::from_unsigneds(1u32, 1_000_000_000u32) || w >= 1u32 {
        return Err(usage(format!(
            "--width {}: a relative width in [1e-9, 1)",
            abbreviate(s)
        )));
    }
    Ok(crate::num::fmt::to_f64(&w))
}

/// What the grid enclosure runs on.
struct GridRun<'a> {
    seq: &'a [(Mech, u64)],
    chans: &'a [(&'a Channel, u64)],
    adj: &'a Adjacency,
    /// Why the exact composition was not used.
    reason: String,
    width: f64,
    start: Instant,
}

/// The certified decimal enclosure `[lo, hi]` of `ε ∈ [lo, hi]` (`inf` for `+∞`).
fn eps_range(lo: &Option<LogLinear>, hi: &Option<LogLinear>) -> String {
    match (lo, hi) {
        (None, _) => "[inf, inf]".to_string(),
        (Some(l), None) => {
            let d = l.enclose(256).to_decimal_string(DIGITS);
            let low = d.trim_start_matches('[').split(',').next().unwrap_or("0");
            format!("[{low}, inf]")
        }
        (Some(l), Some(h)) => l
            .enclose(256)
            .hull(&h.enclose(256))
            .to_decimal_string(DIGITS),
    }
}

fn delta_range(d: &DeltaEnclosure) -> String {
    let i = Interval::from_rational(&d.lo, 256).hull(&Interval::from_rational(&d.hi, 256));
    enclosure_text(&i)
}

/// The text line of one δ enclosure: `delta at WHERE: delta ∈ [lo, hi] …` and the pair of the
/// upper end.
fn delta_line(at: &str, d: &DeltaEnclosure) -> String {
    format!(
        "delta at {at}: delta ∈ {} (certified enclosure); upper end from x = {}, x' = {}",
        delta_range(d),
        d.hi_pair.0,
        d.hi_pair.1
    )
}

fn delta_enclosure_json(d: &DeltaEnclosure) -> Value {
    json!({
        "lo": d.lo.to_string(),
        "hi": d.hi.to_string(),
        "enclosure": delta_range(d),
        "lo_pair": pair_json(d.lo_pair),
        "hi_pair": pair_json(d.hi_pair),
    })
}

/// The queries answered by certified grid enclosures ([`crate::accounting::refine`]).
fn run_grid(a: &ComposeArgs, qs: &Queries, g: &GridRun, progress: &Progress) -> Result<i32, Fail> {
    let gq = GridQueries {
        delta: qs.delta.clone(),
        eps: qs.eps.clone(),
        t: qs.t.clone(),
        check: qs.check.clone(),
    };
    let opts = RefineOptions {
        width: g.width,
        time_limit: std::time::Duration::from_secs_f64(a.time_limit.unwrap_or(60.0)),
        ..RefineOptions::default()
    };
    let ans: GridAnswers = refine(g.chans, &g.adj.pairs, &gq, &opts, |m| progress.phase(m))
        .map_err(|e| usage(e.to_string()))?;
    let n = ans.n;
    let rounds: Vec<String> = ans
        .rounds
        .iter()
        .map(|r| format!("N = {} ({} pair PLDs, {:.3} s)", r.n, r.pairs, r.secs))
        .collect();
    let pruned = crate::num::fmt::decimal(
        &(Rational::from(ans.pruned) / Rational::from(crate::accounting::grid::ONE)),
        3,
    );
    let mut text = vec![
        what_is_composed_n(g.seq, g.adj, ans.classes),
        format!(
            "exact composition {}; answered by a CERTIFIED GRID ENCLOSURE instead (lower and upper bounds, not the exact A - B·e^eps): every single-use privacy loss rounded up (upper bound) and down (lower bound) to a multiple of ln(1 + 1/N), masses in fixed point 2^-63 rounded outward (delta is non-decreasing in every loss)",
            g.reason
        ),
        format!(
            "grid N = {n} (b = {}/{n}); grids tried: {}; pruned mass per pair and side at most {pruned}",
            n + 1,
            rounds.join(", ")
        ),
    ];
    let mut j = json!({
        "mode": "grid_enclosure",
        "exact": g.reason,
        "uses": g.seq.iter().map(|(m, k)| json!({"mechanism": m.spec, "k": k})).collect::<Vec<_>>(),
        "adjacency": g.adj.name,
        "what_is_composed": "the same ordered neighbour pair every use; worst ordered pair",
        "grid_n": n,
        "rounds": ans.rounds.iter().map(|r| json!({"n": r.n, "pairs": r.pairs, "seconds": r.secs})).collect::<Vec<_>>(),
        "satisfied": ans.satisfied,
    });
    if let (Some(delta), Some(e)) = (&qs.delta, &ans.eps_for_delta) {
        let w = eps_width(e);
        let range = eps_range(&e.lo, &e.hi);
        text.push(format!(
            "smallest eps with delta <= {delta}: eps ∈ {range} (certified enclosure, relative width {w:.2e}); upper end from x = {}, x' = {}, lower end from x = {}, x' = {}",
            e.hi_pair.0, e.hi_pair.1, e.lo_pair.0, e.lo_pair.1
        ));
        j["eps_for_delta"] = json!({
            "delta": delta.to_string(),
            "eps_enclosure": range,
            "relative_width": w,
            "lo_exponent": e.lo.as_ref().map(|f| f.to_string()),
            "hi_exponent": e.hi.as_ref().map(|f| f.to_string()),
            "hi_pair": pair_json(e.hi_pair),
            "lo_pair": pair_json(e.lo_pair),
        });
    }
    let mut eps_json = Vec::new();
    for (eps, d) in qs.eps.iter().zip(&ans.delta_at_eps) {
        text.push(delta_line(&format!("eps = {eps}"), d));
        let mut v = delta_enclosure_json(d);
        v["eps"] = json!(eps.to_string());
        eps_json.push(v);
    }
    if !eps_json.is_empty() {
        j["delta_at_eps"] = eps_json.into();
    }
    if let (Some(t), Some(d)) = (&qs.t, &ans.delta_at_t) {
        text.push(delta_line(&format!("t = e^eps = {t}"), d));
        let mut v = delta_enclosure_json(d);
        v["t"] = json!(t.to_string());
        j["delta_at_t"] = v;
    }
    let mut code = exit::OK;
    if let (Some((eps, delta)), Some((d, verdict))) = (&qs.check, &ans.check) {
        let word = match verdict {
            Some(true) => "holds",
            Some(false) => "fails",
            None => "undecided",
        };
        text.push(format!(
            "check ({eps}, {delta})-DP after these uses: {word}; delta(eps) ∈ {} (certified enclosure{})",
            delta_range(d),
            if verdict.is_none() {
                ": the claimed delta lies inside it — a finer grid (--width, --time-limit) may decide"
            } else {
                ""
            }
        ));
        j["check"] = json!({
            "eps": eps.to_string(),
            "delta": delta.to_string(),
            "holds": verdict,
            "verdict": word,
            "delta_enclosure": delta_range(d),
        });
        code = match verdict {
            Some(true) => exit::OK,
            Some(false) => exit::MISMATCH,
            None => exit::BAD_INPUT,
        };
    }
    if !ans.satisfied {
        text.push(format!(
            "note: the width asked for ({}) was not reached before the time limit; the enclosure above is sound but wider",
            g.width
        ));
    }
    print_report(text, j, g.start, progress, a.json);
    Ok(code)
}

/// Ends the spinner, adds the elapsed time, and prints the report as text or JSON.
fn print_report(
    mut text: Vec<String>,
    mut j: serde_json::Value,
    start: Instant,
    progress: &Progress,
    as_json: bool,
) {
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    text.push(format!("time: {secs:.3} s"));
    j["seconds"] = json!(secs);
    if as_json {
        println!(
            "{}",
            serde_json::to_string_pretty(&j).expect("JSON of strings")
        );
    } else {
        for line in text {
            println!("{line}");
        }
    }
}
