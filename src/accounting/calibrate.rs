//! `dpcert calibrate` as one library call (issue 45 item 5): the smallest noise (σ or b) — or
//! the largest level `e^ε` (`rr:K`, `dlaplace`) — on the grid `R·ℕ` for which `k` uses are
//! certified `(ε, δ)`-DP, by the same question `compose --check EPS,DELTA` asks
//! ([`super::answer::answer`]) of the mechanism `NAME:VALUE` at each grid point asked, with the
//! compose report of the answer as its certificate and the next grid point shown to fail (or
//! left undecided by the grid enclosure).
//!
//! # Why a search finds it
//! The parameter orders the mechanisms by post-processing, so the set of grid points that hold
//! is an interval ending at the answer:
//! - `rr:K` at `t < t'` is K-ary randomized response at `t'` followed by K-ary randomized
//!   response at a suitable `s` (the family is closed under composition: its matrices are
//!   `a·I + b·J`);
//! - `dlaplace` at `T < T'`: with `α = 1/T > α' = 1/T'` the discrete Laplace law `DL(α)` is
//!   `DL(α') + N` for independent `N` whose weights are the convolution of `(−α', 1 + α'², −α')`
//!   with `α^{|n|}`, i.e. `1 + α'² − 2αα'` at `0` and `α^{|n|−1}(α − α')(1 − αα') > 0`
//!   elsewhere (all non-negative);
//! - `gaussian` (σ < σ': add independent `N(0, σ'² − σ²)`) and `laplace` (b < b': the
//!   characteristic function ratio `(1 + b²θ²)/(1 + b'²θ²)` is that of the mixture
//!   `(b/b')²·δ₀ + (1 − (b/b')²)·Lap(b')`);
//! - `dgaussian`: no such argument is used (a sum of discrete Gaussians is not one); the
//!   report then claims only what it checked: the point certified and its neighbour not.
//!
//! So every point checked is decided by `compose --check` itself (exact, or the certified grid
//! enclosure); monotonicity only justifies skipping the points between them (doubling, then
//! bisection). An undecided point counts as not certified.

use super::answer::{answer, AnswerError, ComposeQuery, ComposeReport, GridOptions, Mechanism};
use crate::num::Rational;
use crate::params::{Delta, Eps, Resolution, Subsample, Uses};
use malachite::base::num::arithmetic::traits::{Ceiling, Floor};
use serde_json::{json, Value};

/// Which way the parameter goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// A noise scale (σ, b): larger is more private; the answer is the smallest that holds.
    Noise,
    /// A level `e^ε` (rr, dlaplace): larger is less private; the answer is the largest.
    Level,
}

/// A family `calibrate` searches: its name, which way it goes, its smallest valid parameter
/// (`min`, `strict`: `> min` rather than `≥ min`) and whether the post-processing order is
/// proved for it (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// `rr:K`, `dlaplace`, `dgaussian`, `gaussian`, `laplace`.
    pub name: String,
    /// Which way.
    pub direction: Direction,
    /// The parameter's lower end.
    pub min: Rational,
    /// Whether the lower end is excluded.
    pub strict: bool,
    /// Whether the parameter orders the mechanisms by post-processing (module doc).
    pub monotone: bool,
    /// The parameter's name in a report.
    pub parameter: &'static str,
}

impl Family {
    /// The family a name gives (`rr:K` with `K ≥ 2`, `dlaplace`, `dgaussian`, `gaussian`,
    /// `laplace`), or why not.
    pub fn of_name(name: &str) -> Result<Family, String> {
        let f = |direction, min: u32, strict, monotone, parameter| Family {
            name: name.to_string(),
            direction,
            min: Rational::from(min),
            strict,
            monotone,
            parameter,
        };
        match name.split(':').collect::<Vec<_>>().as_slice() {
            ["rr", k] if k.parse::<usize>().is_ok_and(|k| k >= 2) => {
                Ok(f(Direction::Level, 1, false, true, "t = e^eps"))
            }
            ["dlaplace"] => Ok(f(Direction::Level, 1, true, true, "T = e^(1/scale)")),
            ["dgaussian"] => Ok(f(Direction::Noise, 0, true, false, "sigma")),
            ["gaussian"] => Ok(f(Direction::Noise, 0, true, true, "sigma")),
            ["laplace"] => Ok(f(Direction::Noise, 0, true, true, "b")),
            _ => Err(format!(
                "`{name}`: calibrate takes gaussian, laplace, dgaussian, dlaplace or rr:K (K >= 2)"
            )),
        }
    }

    /// The spec `NAME:VALUE`.
    pub fn spec(&self, value: &Rational) -> String {
        format!("{}:{value}", self.name)
    }
}

/// What `calibrate` is asked.
#[derive(Clone, Debug)]
pub struct CalibrateQuery {
    /// The family.
    pub family: Family,
    /// Uses.
    pub k: Uses,
    /// The (ε, δ) to certify.
    pub eps: Eps,
    /// δ.
    pub delta: Delta,
    /// `--subsample`, as for `compose`.
    pub subsample: Option<Subsample>,
    /// The grid step `R`.
    pub resolution: Resolution,
    /// The grid enclosure's knobs (for mechanisms past the exact limits).
    pub grid: GridOptions,
    /// As for `compose`.
    pub max_memory: u64,
}

/// One grid point asked: its parameter, the verdict (`None`: undecided) and the compose report.
#[derive(Clone, Debug)]
pub struct Point {
    /// `n·R`.
    pub value: Rational,
    /// `NAME:VALUE`.
    pub spec: String,
    /// `compose --check`'s verdict.
    pub verdict: Option<bool>,
    /// Its report (the certificate of the verdict).
    pub report: ComposeReport,
}

/// The answer.
#[derive(Clone, Debug)]
pub struct CalibrateReport {
    /// The question.
    pub query: CalibrateQuery,
    /// The certified grid point (smallest noise or largest level); `None` when none was found.
    pub best: Option<Point>,
    /// The next grid point past it (or the first one when none holds), not certified.
    pub next: Option<Point>,
    /// Every point asked, in order, with its verdict.
    pub tried: Vec<(Rational, Option<bool>)>,
    /// Why the search stopped without an answer, if it did.
    pub note: Option<String>,
}

/// The most doublings of the search (`2^60·R` is far past any parameter a composition
/// distinguishes).
const MAX_DOUBLINGS: u32 = 60;

/// Search the grid. `build` makes the mechanism of a spec `NAME:VALUE` (the CLI passes
/// `compose`'s reader; Python [`super::named`]'s); `phase` is told each point asked.
pub fn calibrate(
    q: &CalibrateQuery,
    build: &dyn Fn(&str) -> Result<Mechanism, AnswerError>,
    phase: &(dyn Fn(&str) + Sync),
) -> Result<CalibrateReport, AnswerError> {
    let r = q.resolution.value();
    let f = &q.family;
    // The first grid index inside the family's range.
    let first: u64 = {
        let x = &f.min / r;
        let n = if f.strict {
            Rational::from(x.floor()) + Rational::from(1u32)
        } else {
            Rational::from(x.ceiling())
        };
        u64::try_from(&n).ok().filter(|n| *n >= 1).unwrap_or(1)
    };
    let mut tried = Vec::new();
    let ask = |n: u64, tried: &mut Vec<(Rational, Option<bool>)>| -> Result<Point, AnswerError> {
        let value = Rational::from(n) * r;
        let spec = f.spec(&value);
        phase(&format!("checking {spec}"));
        let mut cq = ComposeQuery::new(vec![(build(&spec)?, q.k)]);
        cq.check = Some((q.eps.clone(), q.delta.clone()));
        cq.subsample = q.subsample.clone();
        cq.grid = q.grid.clone();
        cq.max_memory = q.max_memory;
        let report = answer(&cq, &|_| {})?;
        let verdict = report.check().expect("--check asked");
        tried.push((value.clone(), verdict));
        Ok(Point {
            value,
            spec,
            verdict,
            report,
        })
    };
    let holds = |p: &Point| p.verdict == Some(true);
    let finish = |best, next, tried, note| {
        Ok(CalibrateReport {
            query: q.clone(),
            best,
            next,
            tried,
            note,
        })
    };
    match f.direction {
        Direction::Level => {
            // Holds on an initial run of indices from `first`: the largest.
            let p0 = ask(first, &mut tried)?;
            if !holds(&p0) {
                return finish(
                    None,
                    Some(p0),
                    tried,
                    Some("the smallest level on the grid is not certified".into()),
                );
            }
            let (mut good, mut good_p) = (first, p0);
            let mut step = 1u64;
            let (mut bad, mut bad_p) = loop {
                if step > 1u64 << MAX_DOUBLINGS {
                    let note = format!(
                        "certified up to the grid point {} without a failure",
                        good_p.value
                    );
                    return finish(Some(good_p), None, tried, Some(note));
                }
                let n = first + step;
                let p = ask(n, &mut tried)?;
                if holds(&p) {
                    good = n;
                    good_p = p;
                    step *= 2;
                } else {
                    break (n, p);
                }
            };
            while bad - good > 1 {
                let mid = good + (bad - good) / 2;
                let p = ask(mid, &mut tried)?;
                if holds(&p) {
                    (good, good_p) = (mid, p);
                } else {
                    (bad, bad_p) = (mid, p);
                }
            }
            finish(Some(good_p), Some(bad_p), tried, None)
        }
        Direction::Noise => {
            // Holds from some index on: the smallest.
            let mut n = first;
            let mut doublings = 0;
            let mut last_bad: Option<(u64, Point)> = None;
            let (mut good, mut good_p) = loop {
                let p = ask(n, &mut tried)?;
                if holds(&p) {
                    break (n, p);
                }
                doublings += 1;
                if doublings > MAX_DOUBLINGS || n >= 1u64 << 62 {
                    let note = format!("not certified at any grid point up to {}", p.value);
                    return finish(None, Some(p), tried, Some(note));
                }
                last_bad = Some((n, p));
                n *= 2;
            };
            let Some((mut bad, mut bad_p)) = last_bad else {
                return finish(
                    Some(good_p),
                    None,
                    tried,
                    Some("the smallest grid point is certified".into()),
                );
            };
            while good - bad > 1 {
                let mid = bad + (good - bad) / 2;
                let p = ask(mid, &mut tried)?;
                if holds(&p) {
                    (good, good_p) = (mid, p);
                } else {
                    (bad, bad_p) = (mid, p);
                }
            }
            finish(Some(good_p), Some(bad_p), tried, None)
        }
    }
}

fn verdict_word(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "holds",
        Some(false) => "fails",
        None => "undecided",
    }
}

impl CalibrateReport {
    /// The report in words: the answer, its certificate (the compose report), the next point.
    pub fn to_text(&self) -> String {
        let q = &self.query;
        let f = &q.family;
        let mut s = format!(
            "calibrate {}: {} uses, (eps, delta) = ({}, {}), grid {} = n*{}{}\n",
            f.name,
            q.k.get(),
            q.eps.value(),
            q.delta.value(),
            f.parameter,
            q.resolution.value(),
            q.subsample
                .as_ref()
                .map(|s| format!(", subsampled {s:?}"))
                .unwrap_or_default()
        );
        let which = match f.direction {
            Direction::Noise => "smallest",
            Direction::Level => "largest",
        };
        match &self.best {
            Some(b) => {
                s.push_str(&format!(
                    "{which} certified: {} = {} ({}), compose --check {},{}: holds\n",
                    f.parameter,
                    b.value,
                    crate::num::fmt::decimal(&b.value, 6),
                    q.eps.value(),
                    q.delta.value()
                ));
                s.push_str("certificate (the compose report at this point):\n");
                for line in b.report.to_text().lines() {
                    s.push_str(&format!("  | {line}\n"));
                }
            }
            None => s.push_str("no grid point certified\n"),
        }
        if let Some(n) = &self.next {
            s.push_str(&format!(
                "next grid point {} = {}: {}\n",
                f.parameter,
                n.value,
                verdict_word(n.verdict)
            ));
            for line in n
                .report
                .to_text()
                .lines()
                .filter(|l| l.contains("check") || l.contains("delta"))
            {
                s.push_str(&format!("  | {line}\n"));
            }
        }
        if let Some(note) = &self.note {
            s.push_str(&format!("note: {note}\n"));
        }
        s.push_str(&format!(
            "{} grid points checked exactly by compose --check; {}\n",
            self.tried.len(),
            if f.monotone {
                "the parameter orders the mechanisms by post-processing (docs/accounting.md), so no grid point past the answer is certified"
            } else {
                "no monotonicity is used for this family: only the two points shown are claimed"
            }
        ));
        s
    }

    /// The `calibrate` document of docs/json.md.
    pub fn to_json(&self) -> Value {
        let q = &self.query;
        let point = |p: &Point| {
            json!({
                "value": p.value.to_string(),
                "spec": p.spec,
                "verdict": verdict_word(p.verdict),
                "compose": p.report.to_json(),
            })
        };
        crate::json::document(
            "calibrate",
            json!({
                "family": q.family.name,
                "parameter": q.family.parameter,
                "direction": match q.family.direction { Direction::Noise => "smallest noise", Direction::Level => "largest level" },
                "k": q.k.get(),
                "eps": q.eps.value().to_string(),
                "delta": q.delta.value().to_string(),
                "resolution": q.resolution.value().to_string(),
                "monotone": q.family.monotone,
                "best": self.best.as_ref().map(point),
                "next": self.next.as_ref().map(point),
                "tried": self.tried.iter().map(|(v, d)| json!({"value": v.to_string(), "verdict": verdict_word(*d)})).collect::<Vec<_>>(),
                "note": self.note,
            }),
        )
    }
}

#[cfg(test)]
mod tests;
