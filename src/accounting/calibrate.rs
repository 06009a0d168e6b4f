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
use super::continuous::{Continuous, ContinuousQuery, ContinuousReport};
use crate::num::Rational;
use crate::params::{Delta, Eps, Resolution, Sensitivity, Subsample, Uses};
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
    /// The query's sensitivity `D` (`gaussian`, `laplace`; the discrete families get it from
    /// `build`).
    pub sensitivity: Sensitivity,
}

/// The report that decided a grid point: `compose`'s for the finite and discrete
/// mechanisms, the continuous enclosure's for `gaussian` and `laplace` (both are the `compose`
/// document of that point).
#[derive(Clone, Debug)]
pub enum PointReport {
    /// [`super::answer::answer`]'s report.
    Compose(Box<ComposeReport>),
    /// [`super::continuous::answer`]'s report.
    Continuous(Box<ContinuousReport>),
}

impl PointReport {
    /// The `--check` verdict (`None`: undecided).
    pub fn verdict(&self) -> Option<bool> {
        match self {
            PointReport::Compose(r) => r.check(),
            PointReport::Continuous(r) => r.check(),
        }
        .expect("--check asked")
    }

    /// The compose report in words.
    pub fn to_text(&self) -> String {
        match self {
            PointReport::Compose(r) => r.to_text(),
            PointReport::Continuous(r) => r.to_text(),
        }
    }

    /// The `compose` document.
    pub fn to_json(&self) -> Value {
        match self {
            PointReport::Compose(r) => r.to_json(),
            PointReport::Continuous(r) => r.to_json(),
        }
    }
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
    pub report: PointReport,
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

/// The continuous mechanism of a family at a value (`gaussian`, `laplace`), `None` for the
/// others.
fn continuous_of(name: &str, value: &Rational) -> Option<Continuous> {
    match name {
        "gaussian" => Some(Continuous::Gaussian {
            sigma: value.clone(),
        }),
        "laplace" => Some(Continuous::Laplace { b: value.clone() }),
        _ => None,
    }
}

/// Ask `compose --check` at one spec: the continuous enclosure for `gaussian`/`laplace`,
/// [`answer`] on the mechanism `build` makes otherwise.
fn decide(
    q: &CalibrateQuery,
    value: &Rational,
    spec: &str,
    build: &dyn Fn(&str) -> Result<Mechanism, AnswerError>,
) -> Result<PointReport, AnswerError> {
    let check = (q.eps.clone(), q.delta.clone());
    if let Some(mech) = continuous_of(&q.family.name, value) {
        let poisson = match &q.subsample {
            None => None,
            Some(Subsample::Poisson(p)) => Some(p.clone()),
            Some(Subsample::Fixed { .. }) => {
                return Err(AnswerError::Query(format!(
                    "`{spec}`: --subsample fixed:M:N is not built for the continuous mechanisms (poisson:Q is)"
                )))
            }
        };
        let cq = ContinuousQuery {
            sensitivity: q.sensitivity.value().clone(),
            poisson,
            check: Some((check.0.value().clone(), check.1.value().clone())),
            width: q.grid.width.value().clone(),
            time: q.grid.time.duration(),
            ..ContinuousQuery::new(spec, mech, q.k.get())
        };
        let r = super::continuous::answer(&cq)
            .map_err(|e| AnswerError::Query(format!("`{spec}`: {e}")))?;
        return Ok(PointReport::Continuous(Box::new(r)));
    }
    let mut cq = ComposeQuery::new(vec![(build(spec)?, q.k)]);
    cq.check = Some(check);
    cq.subsample = q.subsample.clone();
    cq.grid = q.grid.clone();
    cq.max_memory = q.max_memory;
    Ok(PointReport::Compose(Box::new(answer(&cq, &|_| {})?)))
}

/// Search the grid. `build` makes the mechanism of a spec `NAME:VALUE` (the CLI passes
/// `compose`'s reader; Python [`super::named`]'s); `gaussian` and `laplace` are asked of
/// [`super::continuous::answer`] directly. `phase` is told each point asked.
///
/// One search for both directions: the points on the *starting side* (for a level: holds;
/// for a noise: not certified) form an initial run of grid indices from the first one. From a
/// start index (the first, or a hint) the search gallops — doubling the index while on the
/// starting side, halving it while off — to a bracket, then bisects between the last point on
/// that side and the first past it. The answer is the certified one of those two.
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
    // Where the search starts (a hint; every point is decided by compose --check): for the
    // Poisson-subsampled Gaussian, the Gaussian's own calibrated σ (subsampling only adds
    // privacy, so the answer is at most that), sparing the costly tiny σ near the grid's start.
    let hint = match (&f.name[..], &q.subsample) {
        ("gaussian", Some(Subsample::Poisson(_))) => {
            let plain = CalibrateQuery {
                subsample: None,
                ..q.clone()
            };
            calibrate(&plain, build, phase)?
                .best
                .and_then(|p| u64::try_from(&(&p.value / r).floor()).ok())
                .unwrap_or(first)
        }
        _ => first,
    };
    let mut tried = Vec::new();
    let mut ask = |n: u64| -> Result<Point, AnswerError> {
        let value = Rational::from(n) * r;
        let spec = f.spec(&value);
        phase(&format!("checking {spec}"));
        let report = decide(q, &value, &spec, build)?;
        let verdict = report.verdict();
        tried.push((value.clone(), verdict));
        Ok(Point {
            value,
            spec,
            verdict,
            report,
        })
    };
    let level = f.direction == Direction::Level;
    // The starting side: holds for a level, not certified for a noise.
    let starting = |p: &Point| (p.verdict == Some(true)) == level;
    let start = hint.max(first);
    let p = ask(start)?;
    // A bracket: the last index on the starting side and the first past it.
    let bracket = if starting(&p) {
        // Gallop up: double the index until a point leaves the starting side.
        let (mut inside, mut inside_p) = (start, p);
        loop {
            if inside > 1u64 << MAX_DOUBLINGS {
                break Err(inside_p);
            }
            let n = inside * 2;
            let p = ask(n)?;
            if !starting(&p) {
                break Ok(((inside, inside_p), (n, p)));
            }
            (inside, inside_p) = (n, p);
        }
    } else {
        // Gallop down: halve the index until a point is on the starting side.
        let (mut outside, mut outside_p) = (start, p);
        loop {
            if outside == first {
                break Err(outside_p);
            }
            let n = (outside / 2).max(first);
            let p = ask(n)?;
            if starting(&p) {
                break Ok(((n, p), (outside, outside_p)));
            }
            (outside, outside_p) = (n, p);
        }
    };
    let (best, next, note) = match bracket {
        // The first grid point is past the starting side.
        Err(p) if !starting(&p) => {
            if level {
                let note = "the smallest level on the grid is not certified";
                (None, Some(p), Some(note.to_string()))
            } else {
                let note = "the smallest grid point is certified";
                (Some(p), None, Some(note.to_string()))
            }
        }
        // Doubling ran out on the starting side.
        Err(p) => {
            if level {
                let note = format!(
                    "certified up to the grid point {} without a failure",
                    p.value
                );
                (Some(p), None, Some(note))
            } else {
                let note = format!("not certified at any grid point up to {}", p.value);
                (None, Some(p), Some(note))
            }
        }
        Ok(((mut inside, mut inside_p), (mut outside, mut outside_p))) => {
            while outside - inside > 1 {
                let mid = inside + (outside - inside) / 2;
                let p = ask(mid)?;
                if starting(&p) {
                    (inside, inside_p) = (mid, p);
                } else {
                    (outside, outside_p) = (mid, p);
                }
            }
            if level {
                (Some(inside_p), Some(outside_p), None)
            } else {
                (Some(outside_p), Some(inside_p), None)
            }
        }
    };
    Ok(CalibrateReport {
        query: q.clone(),
        best,
        next,
        tried,
        note,
    })
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
            "{} grid points decided by compose --check (exact, or a certified enclosure); {}\n",
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
