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

use super::audit::{adjacency, memory_flag, over_memory, read_rows, Fail};
use super::exit;
use super::progress::Progress;
use crate::accounting::compose::memory_estimate;
use crate::accounting::refine::{
    eps_width, refine_classes, DeltaEnclosure, GridAnswers, GridQueries, RefineOptions,
};
use crate::accounting::worst::{worst_delta_at_eps, worst_delta_at_t, worst_t_for_delta};
use crate::accounting::{
    compose_classes, pair_classes, Class, ComposeError, Composed, Event, PairComposition, PairLoss,
    MAX_USES,
};
use crate::audit::{bytes_text, Adjacency, NoNeighbourPairs};
use crate::graph::Graph;
use crate::measure::epsilon::cmp_with_exp;
use crate::measure::ExtRational;
use crate::mechanism::{randomized_response, truncated_geometric};
use crate::num::fmt::{abbreviate, decimal};
use crate::num::LogLinear;
use crate::num::{parse_rational, Interval, Rational};
use crate::prob::Channel;
use serde_json::{json, Value};
use std::borrow::Cow;
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
    /// Grid enclosure: start no finer grid predicted to end after this many seconds (the old
    /// soft `--time-limit` of `compose`, now `--enclosure-secs`).
    pub enclosure_secs: Option<f64>,
    /// Give up after this many seconds: exit 4, nothing on stdout (as `lp`, `audit`, `check`).
    pub time_limit: Option<f64>,
    /// `--max-memory SIZE` as given (as `audit --max-memory`).
    pub max_memory: Option<&'a str>,
    pub json: bool,
}

fn usage(msg: String) -> Fail {
    Fail(exit::USAGE, msg)
}

/// Run the subcommand; returns the exit code. With `--time-limit SECS` a watchdog ends the
/// process with exit 4 (nothing on stdout) once SECS have passed, wherever the composition is:
/// the exact walk and the grid have no inner checks to wait for.
pub fn run(args: &ComposeArgs) -> i32 {
    if let Some(secs) = args.time_limit {
        super::deadline::arm("compose", secs);
    }
    match run_inner(args) {
        Ok(code) => code,
        Err(Fail(code, msg)) => {
            let _done = super::deadline::finishing();
            eprintln!("dpcert compose: {msg}");
            code
        }
    }
}

/// What a mechanism of the sequence is: an exact channel, or K-ary randomized response kept
/// as its two parameters (its K × K matrix is built only when a sequence needs it).
enum Source {
    Channel(Channel),
    Rr { k: usize, t: Rational },
}

/// One mechanism of the sequence.
struct Mech {
    spec: String,
    source: Source,
    /// The adjacency a named mechanism implies (`path:K` for the geometric).
    natural_adjacency: Option<String>,
}

impl Mech {
    fn n_inputs(&self) -> usize {
        match &self.source {
            Source::Channel(w) => w.n_inputs(),
            Source::Rr { k, .. } => *k,
        }
    }

    /// Matrix cells it holds (or would hold as a channel).
    fn cells(&self) -> u128 {
        match &self.source {
            Source::Channel(w) => w.n_inputs() as u128 * w.n_outputs() as u128,
            Source::Rr { k, .. } => *k as u128 * *k as u128,
        }
    }

    /// Its channel: borrowed when read from a file (its memory was counted once), built from
    /// the parameters for randomized response.
    fn channel(&self) -> Cow<'_, Channel> {
        match &self.source {
            Source::Channel(w) => Cow::Borrowed(w),
            Source::Rr { k, t } => {
                Cow::Owned(randomized_response(*k, t).expect("checked when parsed"))
            }
        }
    }
}

/// Bytes per matrix cell held once (an exact rational and its share of the row); `audit`'s
/// [`crate::audit::memory_estimate`] counts more per cell, for the copies an audit holds.
const CELL_BYTES: u128 = std::mem::size_of::<Rational>() as u128 + 16;
/// Bytes per neighbour pair of an adjacency list (as [`crate::audit::memory_estimate`]).
const PAIR_BYTES: u128 = 16;
/// Bytes per letter of a pair PLD held while grouping the ordered pairs: the letter's two
/// rationals, its output list and its copy in the grouping key.
const LETTER_BYTES: u128 = 4 * std::mem::size_of::<Rational>() as u128 + 48;

fn named_rational(spec: &str, s: &str) -> Result<Rational, Fail> {
    parse_rational(s).map_err(|e| usage(format!("`{spec}`: {s}: {e}")))
}

/// A named mechanism (`rr:K:T`, `geometric:K:T`, `kov:T:D`) or a mechanism file (refused
/// before it is read when its cells alone are above `limit` bytes).
fn mechanism(spec: &str, limit: u64) -> Result<Mech, Fail> {
    let parts: Vec<&str> = spec.split(':').collect();
    let size = |s: &str| {
        s.parse::<usize>()
            .map_err(|_| usage(format!("`{spec}`: {s} is not a number of inputs")))
    };
    let named = |channel: Channel, adj: Option<String>| Mech {
        spec: spec.to_string(),
        source: Source::Channel(channel),
        natural_adjacency: adj,
    };
    let bad = |e: crate::mechanism::MechanismError| usage(format!("`{spec}`: {e}"));
    match parts.as_slice() {
        ["rr", k, t] => {
            let (k, t) = (size(k)?, named_rational(spec, t)?);
            // The parameters are checked on the 1 × 1 (or 2 × 2) case; the K × K matrix is
            // built only if a sequence with another mechanism needs it.
            randomized_response(k.min(2), &t).map_err(bad)?;
            Ok(Mech {
                spec: spec.to_string(),
                source: Source::Rr { k, t },
                natural_adjacency: None,
            })
        }
        ["geometric", k, t] => {
            let n = size(k)?;
            within_memory(
                &format!("`{spec}`"),
                n as u128 * n as u128 * CELL_BYTES,
                "its matrix",
                limit,
            )?;
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
            // The shape counted from the bytes bounds what the matrix will hold.
            let cells = crate::prob::io::shape_of_file(path)
                .map_err(|e| Fail(exit::BAD_INPUT, e.to_string()))?
                .cells();
            within_memory(spec, cells * CELL_BYTES, "its matrix", limit)?;
            let rows = read_rows(path)?;
            let channel = Channel::new(rows).map_err(|e| {
                Fail(
                    exit::BAD_INPUT,
                    format!("{spec}: {}", crate::prob::io::MatrixError::from(e)),
                )
            })?;
            Ok(Mech {
                spec: spec.to_string(),
                source: Source::Channel(channel),
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
fn sequence(a: &ComposeArgs, limit: u64) -> Result<Vec<(Mech, u64)>, Fail> {
    if let Some(k) = a.k {
        return Ok(vec![(mechanism(a.mech, limit)?, parse_k("--k", k)?)]);
    }
    let mut out = Vec::new();
    for item in a.mech.split(',') {
        let (spec, k) = item.rsplit_once(':').ok_or_else(|| {
            usage(format!(
                "`{item}`: give --k K, or a sequence MECH1:K1,MECH2:K2 (uses after the last colon)"
            ))
        })?;
        let m = match mechanism(spec, limit) {
            Ok(m) => m,
            // `rr:2:3` alone reads as `rr:2` used 3 times; say what is missing instead.
            Err(_) if mechanism(item, limit).is_ok() => {
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

/// The neighbour relation composed on: its name, its number of ordered pairs, and the pair list
/// (`None` for the complete relation of an all-randomized-response sequence, which is never
/// listed: every ordered pair has the same PLD).
struct Pairs {
    name: String,
    ordered: u128,
    adj: Option<Adjacency>,
}

fn what_is_composed(seq: &[(Mech, u64)], pairs: &Pairs, classes: usize) -> String {
    let uses: Vec<String> = seq
        .iter()
        .map(|(m, k)| format!("{k} × {}", m.spec))
        .collect();
    format!(
        "composed: {} on the same ordered neighbour pair (x, x') every use (fresh randomness, every answer observed); the worst of the {} ordered pairs of {} ({} distinct privacy loss distributions). Choosing the pair adaptively from earlier answers gives nothing more for randomized response and the truncated geometric (checked by enumeration for small k); for other mechanisms this is the fixed-pair worst case.",
        uses.join(" then "),
        pairs.ordered,
        pairs.name,
        classes
    )
}

/// Refuse (exit 3) what would hold more than `limit` bytes: `need` bytes, mostly `what`.
fn within_memory(subject: &str, need: u128, what: &str, limit: u64) -> Result<(), Fail> {
    if need <= limit as u128 {
        return Ok(());
    }
    let need = u64::try_from(need).unwrap_or(u64::MAX);
    Err(over_memory(
        subject,
        "composing",
        need,
        &format!(" ({what})"),
        limit,
    ))
}

/// The neighbour relation on the `n` inputs, its memory checked before it is listed.
fn neighbour_pairs(
    a: &ComposeArgs,
    seq: &[(Mech, u64)],
    n: usize,
    limit: u64,
) -> Result<Pairs, Fail> {
    let adj_spec = a
        .adjacency
        .map(str::to_string)
        .or_else(|| seq.iter().find_map(|(m, _)| m.natural_adjacency.clone()));
    let all_rr = seq
        .iter()
        .all(|(m, _)| matches!(m.source, Source::Rr { .. }));
    let complete = adj_spec.as_deref().is_none_or(|s| s == "complete");
    let unordered = n as u128 * (n as u128).saturating_sub(1) / 2;
    if complete && all_rr {
        NoNeighbourPairs::check(&format!("complete:{n}"), n, unordered as usize)
            .map_err(|e| Fail(exit::BAD_INPUT, format!("{}: {e}", seq[0].0.spec)))?;
        return Ok(Pairs {
            name: format!("complete:{n}"),
            ordered: 2 * unordered,
            adj: None,
        });
    }
    if complete {
        within_memory(
            &seq[0].0.spec,
            unordered * PAIR_BYTES,
            &format!("the list of {unordered} neighbour pairs of complete:{n}: give a sparser --adjacency"),
            limit,
        )?;
    }
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
    // One rule for every command (issue 42 item 13): no neighbour pair is bad input.
    adj.require_pairs()
        .map_err(|e| Fail(exit::BAD_INPUT, format!("{}: {e}", seq[0].0.spec)))?;
    Ok(Pairs {
        name: adj.name.clone(),
        ordered: 2 * adj.pairs.len() as u128,
        adj: Some(adj),
    })
}

/// The ordered pairs grouped by their PLDs. A sequence of randomized responses is one class
/// whatever K ([`PairLoss::randomized_response`], no matrix: issue 42 item 4); otherwise the
/// matrices are built and every ordered pair's PLD read off them, after the memory they take
/// is checked.
fn classes(seq: &[(Mech, u64)], pairs: &Pairs, limit: u64) -> Result<Vec<Class>, Fail> {
    if let Some(uses) = seq
        .iter()
        .map(|(m, k)| match &m.source {
            Source::Rr { k: size, t } => Some((*size, t, *k)),
            Source::Channel(_) => None,
        })
        .collect::<Option<Vec<_>>>()
        // A pair (x, x) (no reader makes one) has another PLD: left to the matrix path.
        .filter(|_| {
            pairs
                .adj
                .as_ref()
                .is_none_or(|a| a.pairs.iter().all(|(x, y)| x != y))
        })
    {
        let ordered: Vec<(usize, usize)> = match &pairs.adj {
            None => vec![(0, 1)],
            Some(adj) => adj
                .pairs
                .iter()
                .flat_map(|&(a, b)| [(a, b), (b, a)])
                .collect(),
        };
        let (x, xp) = ordered[0];
        let pld = uses
            .iter()
            .map(|(size, t, k)| (PairLoss::randomized_response(*size, t, x, xp), *k))
            .collect();
        return Ok(vec![((x, xp), pld, ordered[1..].to_vec())]);
    }
    let adj = pairs
        .adj
        .as_ref()
        .expect("listed unless all randomized response");
    let cells: u128 = seq.iter().map(|(m, _)| m.cells()).sum();
    let outputs: u128 = seq
        .iter()
        .map(|(m, _)| m.cells() / m.n_inputs().max(1) as u128)
        .sum();
    let need = cells * CELL_BYTES + pairs.ordered * outputs * LETTER_BYTES;
    within_memory(
        &seq[0].0.spec,
        need,
        &format!(
            "the matrices and the privacy loss distributions of {} ordered pairs",
            pairs.ordered
        ),
        limit,
    )?;
    let chans: Vec<(Cow<Channel>, u64)> = seq.iter().map(|(m, k)| (m.channel(), *k)).collect();
    let refs: Vec<(&Channel, u64)> = chans.iter().map(|(w, k)| (w.as_ref(), *k)).collect();
    Ok(pair_classes(&refs, &adj.pairs))
}

fn run_inner(a: &ComposeArgs) -> Result<i32, Fail> {
    let start = Instant::now();
    let qs = queries(a)?;
    let limit = memory_flag(a.max_memory)?;
    let seq = sequence(a, limit)?;
    let n = seq[0].0.n_inputs();
    if let Some((m, _)) = seq.iter().find(|(m, _)| m.n_inputs() != n) {
        return Err(Fail(
            exit::BAD_INPUT,
            format!(
                "{} has {} inputs but {} has {n}: every mechanism of a sequence runs on the same inputs",
                m.spec,
                m.n_inputs(),
                seq[0].0.spec
            ),
        ));
    }
    let width = grid_width(a)?;
    let total: u128 = seq.iter().map(|(_, k)| *k as u128).sum();
    if total > MAX_USES as u128 {
        return Err(usage(ComposeError::TooManyUses(total).to_string()));
    }
    let pairs = neighbour_pairs(a, &seq, n, limit)?;
    let progress = Progress::spinner("compose", true);
    progress.phase("grouping the neighbour pairs by privacy loss distribution");
    let classes = classes(&seq, &pairs, limit)?;
    let exact = if a.enclosure {
        Err("not tried (--enclosure)".to_string())
    } else {
        exact_compositions(&classes, limit, &progress)?
    };
    let pcs = match exact {
        Ok(pcs) => pcs,
        Err(reason) => {
            let g = GridRun {
                seq: &seq,
                classes: &classes,
                pairs: &pairs,
                reason,
                width,
                start,
            };
            return run_grid(a, &qs, &g, &progress);
        }
    };
    progress.phase("answering");
    let mut text = vec![what_is_composed(&seq, &pairs, pcs.len())];
    let mut j = json!({
        "uses": seq.iter().map(|(m, k)| json!({"mechanism": m.spec, "k": k})).collect::<Vec<_>>(),
        "adjacency": pairs.name,
        "what_is_composed": "the same ordered neighbour pair every use; worst ordered pair",
    });
    let mut pairs_json = Vec::new();
    for pc in &pcs {
        let c = &pc.composed;
        let also = if pairs.adj.is_none() {
            " (every ordered pair has this PLD: randomized response is symmetric)".to_string()
        } else if pc.same_as.is_empty() {
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
            "same_as_every_pair": pairs.adj.is_none(),
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
        let form = r.form.text(short);
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

/// The exact composition of every class, or why the grid enclosure answers instead (past the
/// work limits, or above `limit` bytes: [`memory_estimate`], summed over the classes kept).
fn exact_compositions(
    classes: &[Class],
    limit: u64,
    progress: &Progress,
) -> Result<Result<Vec<PairComposition>, String>, Fail> {
    let mut need: u128 = 0;
    for (_, uses, _) in classes {
        need = need.saturating_add(memory_estimate(uses).map_err(|e| usage(e.to_string()))?);
    }
    if need > limit as u128 {
        return Ok(Err(format!(
            "refused: the exact atoms would hold about {}, above the memory limit of {} (--max-memory)",
            bytes_text(u64::try_from(need).unwrap_or(u64::MAX)),
            bytes_text(limit)
        )));
    }
    match compose_classes(classes.to_vec(), |i, n| {
        progress.phase(&format!("{i} of {n} pair PLDs composed"));
    }) {
        Ok(pcs) => Ok(Ok(pcs)),
        Err(e @ ComposeError::TooLarge { .. }) => Ok(Err(format!("refused: {e}"))),
        Err(e) => Err(usage(e.to_string())),
    }
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
    classes: &'a [Class],
    pairs: &'a Pairs,
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
        time_limit: std::time::Duration::from_secs_f64(a.enclosure_secs.unwrap_or(60.0)),
        ..RefineOptions::default()
    };
    let ans: GridAnswers = refine_classes(g.classes, &gq, &opts, |m| progress.phase(m))
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
        what_is_composed(g.seq, g.pairs, ans.classes),
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
        "adjacency": g.pairs.name,
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
                ": the claimed delta lies inside it — a finer grid (--width, --enclosure-secs) may decide"
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
            "note: the width asked for ({}) was not reached before the time limit (--enclosure-secs); the enclosure above is sound but wider",
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
    // Past this point the report is printed whole: the watchdog waits for it.
    let _done = super::deadline::finishing();
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
