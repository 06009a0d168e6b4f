//! Audit a mechanism: every privacy and leakage measure of a channel on a neighbour relation,
//! exact first, certified enclosures where a logarithm or `e^ε` is involved, decimals only for
//! people. This is the library behind `dpcert audit`; one call gives a [`Report`]:
//!
//! ```
//! use dpcert::audit::{audit, Adjacency};
//! use dpcert::num::parse_rational;
//! use dpcert::prob::Channel;
//!
//! let q = |s: &str| parse_rational(s).unwrap();
//! // Randomized response on one bit with t = e^ε = 3.
//! let w = Channel::new(vec![vec![q("3/4"), q("1/4")], vec![q("1/4"), q("3/4")]]).unwrap();
//! let report = audit(&w, &Adjacency::complete(2)).unwrap();
//! assert_eq!(report.dp.ratio.to_string(), "3"); // e^ε = 3, exactly
//! assert_eq!(report.min_capacity.to_string(), "3/2"); // min-capacity log2(3/2) bits
//! println!("{}", report.to_text());
//! ```
//!
//! [`audit_with`] takes [`Options`]: a prior, `t = e^ε` for δ(t), exact ε values for a δ(ε)
//! table, a range of `t` for δ(t) as exact pieces ([`crate::measure::delta_curve`]), a δ for the smallest ε (δ = 1 answered as vacuous), and the units (bits by default,
//! or nats) of the information quantities; each parameter is a [`crate::params`] type, so its
//! range is checked once, where it is built. ε itself is always a natural logarithm (`t = e^ε`).
//!
//! `dpcert audit` is one call, [`run`], with a [`Query`] (the channel and adjacency read, the
//! options, the time limit, the file's name and what `--rationalize` changed); the [`Report`]
//! prints itself (`to_text`, `to_json` in the schema of `docs/json.md`).
//!
//! The files by concept: `query` (what is asked, and why it can fail), `measures` (the report
//! and the QIF measures), `curve` (the printings of δ(t) as pieces), `memory` (the estimate
//! that refuses an audit before allocating),
//! `watch` (stages and the deadline), `text` and `json` (the two printings).

mod certificate;
mod curve;
mod json;
mod measures;
mod memory;
mod query;
#[cfg(test)]
mod tests;
mod text;
mod watch;

pub use crate::params::{bytes_text, MemoryError};
pub use crate::prob::adjacency::{Adjacency, NoNeighbourPairs};
pub use certificate::CERTIFICATE_MAX_CELLS;
pub use curve::{csv as curve_csv, figure as curve_figure};
pub use measures::{BayesMeasures, GainMeasures, LossMeasures, Report};
pub use memory::{check_memory, memory_estimate};
pub use query::{AuditError, Options, Query, Rationalization, Source, Units};
pub(crate) use watch::Watch;

use crate::measure::epsilon::{DeltaAtEps, DeltaSearch, ExpEps, PairScan};
use crate::measure::{self, DpLevel};
use crate::num::fmt::abbreviate;
use crate::params::{Delta, Eps, T};
use crate::prob::{Channel, Dist};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// Digits of the printed decimals.
const DIGITS: usize = 12;
/// Digits of the mutual-information enclosure.
const MI_DIGITS: usize = 36;
/// The longest exact mutual-information form the text report prints (`--json` always has it).
const MI_FORM_LIMIT: usize = 160;
/// Digits of the capacity enclosure.
const CAP_DIGITS: usize = 18;
/// Working precision (bits) of the enclosures.
const PREC: u64 = 256;

/// [`audit_with`] with the default [`Options`].
pub fn audit(w: &Channel, adjacency: &Adjacency) -> Result<Report, AuditError> {
    audit_with(w, adjacency, &Options::default())
}

/// Audit `w` on `adjacency` (see the module documentation).
pub fn audit_with(
    w: &Channel,
    adjacency: &Adjacency,
    opts: &Options,
) -> Result<Report, AuditError> {
    audit_watched(w, adjacency, opts, &Watch::default())
}

/// `dpcert audit`'s one library call (issue 43 item 2): audit `q` (every parameter already
/// validated), telling `stage` the name of each stage as it starts and giving up past the time
/// limit. The report carries `q.source`; beside it, each stage's wall time (`--stats`).
pub fn run(
    q: &Query,
    stage: &dyn Fn(&str),
) -> Result<(Report, Vec<(String, Duration)>), AuditError> {
    let watch = Watch {
        deadline: q
            .time_limit
            .and_then(|l| Instant::now().checked_add(l.duration())),
        stage: Some(stage),
        ..Watch::default()
    };
    let mut report = audit_watched(&q.channel, &q.adjacency, &q.options, &watch)?;
    report.source = q.source.clone();
    Ok((report, watch.stage_times()))
}

/// [`audit_with`], naming each stage to `watch` and stopping at its deadline.
pub(crate) fn audit_watched(
    w: &Channel,
    adjacency: &Adjacency,
    opts: &Options,
    watch: &Watch,
) -> Result<Report, AuditError> {
    let n = w.n_inputs();
    if adjacency.n != n {
        return Err(AuditError::AdjacencySize {
            vertices: adjacency.n,
            rows: n,
        });
    }
    if let Some(&pair) = adjacency.pairs.iter().find(|(a, b)| *a >= n || *b >= n) {
        return Err(AuditError::PairOutOfRange { pair, rows: n });
    }
    adjacency.require_pairs().map_err(AuditError::NoPairs)?;
    if let Some(p) = &opts.prior {
        if p.len() != n {
            return Err(AuditError::PriorLength {
                len: p.len(),
                rows: n,
            });
        }
    }
    let pairs = &adjacency.pairs[..];
    let complete = measure::is_complete(pairs, n);
    let eval_prior = opts.prior.clone().unwrap_or_else(|| Dist::uniform(n));
    if opts.gain.is_some() {
        watch.enter("g-vulnerability and g-leakage")?;
    }
    let gain = opts
        .gain
        .as_ref()
        .map(|g| GainMeasures::of(&eval_prior, w, g))
        .transpose()?;
    if opts.loss.is_some() {
        watch.enter("l-uncertainty and l-leakage")?;
    }
    let loss = opts
        .loss
        .as_ref()
        .map(|l| LossMeasures::of(&eval_prior, w, l))
        .transpose()?;
    let metric = match &opts.metric {
        None => None,
        Some((name, d)) => {
            if d.n() != n {
                return Err(AuditError::MetricSize {
                    points: d.n(),
                    rows: n,
                });
            }
            watch.enter("metric privacy level (every ordered pair)")?;
            Some((name.clone(), measure::metric_privacy_level(w, d)))
        }
    };
    // A level is the largest ratio: keep a later step only when strictly larger.
    let level_better = |a: &DpLevel, b: &DpLevel| Ok(a.ratio > b.ratio);
    let level_infinite = |l: &DpLevel| l.ratio.is_infinite();
    let dp = if complete {
        watch.enter("DP level (complete adjacency: column maxima and minima)")?;
        measure::dp_level(w, pairs)
    } else {
        watch.over_pairs(
            "DP level",
            pairs,
            |s| Ok(measure::dp_level(w, s)),
            level_better,
            level_infinite,
        )?
    };
    let delta_at_t = match opts.t.as_ref().map(T::value) {
        None => None,
        Some(t) => {
            let d = watch.over_pairs(
                &format!("delta at t = {}", abbreviate(&t.to_string())),
                pairs,
                |s| Ok(measure::delta_at(w, s, t)),
                |a, b| Ok(a.delta > b.delta),
                |_| false,
            )?;
            Some((t.clone(), d))
        }
    };
    let delta_curve = match &opts.curve_t {
        None => None,
        Some(r) => {
            let (lo, hi) = (r.lo(), r.hi());
            let c = watch.fold_pairs(
                &format!(
                    "delta(t) for t in [{}, {}]",
                    abbreviate(&lo.to_string()),
                    abbreviate(&hi.to_string())
                ),
                pairs,
                |s| measure::delta_curve_partial(w, s, lo, hi),
                |a, b| a.join(b),
            )?;
            Some(c.finish(w))
        }
    };
    let mut delta_at_eps = Vec::with_capacity(opts.eps.len());
    // Many pairs: sort each column once and read every pair's event off ranks ([`PairScan`]);
    // a few pairs are cheaper one by one.
    let log_n = usize::BITS - n.leading_zeros();
    let scan = (!opts.eps.is_empty() && 2 * pairs.len() > n * log_n as usize).then(|| {
        watch
            .enter("delta(eps): sorting each output's column once")
            .map(|_| PairScan::new(w))
    });
    let scan = scan.transpose()?;
    let unseparated = AuditError::Unseparated;
    for eps in opts.eps.iter().map(Eps::value) {
        let stage = format!("delta at eps = {}", abbreviate(&eps.to_string()));
        let e = ExpEps::new(eps);
        let greater = |a: &DeltaAtEps, b: &DeltaAtEps| {
            e.greater((&a.a, &a.b), (&b.a, &b.b)).map_err(unseparated)
        };
        delta_at_eps.push(match &scan {
            Some(scan) => {
                watch.enter(&format!("{stage}: thresholds by binary search"))?;
                let at = scan.at_eps(eps).map_err(unseparated)?;
                watch.over_pairs(
                    &stage,
                    pairs,
                    |s| at.delta(s).map_err(unseparated),
                    greater,
                    |_| false,
                )?
            }
            None => watch.over_pairs(
                &stage,
                pairs,
                |s| measure::epsilon::delta_at_eps(w, s, eps).map_err(unseparated),
                greater,
                |_| false,
            )?,
        });
    }
    let eps_for_delta = match opts.delta.as_ref().map(Delta::value) {
        None => None,
        Some(d) => {
            // Each step starts from the best so far, so that its pairs are tested against it.
            let search = DeltaSearch::new(w, d);
            let best = RefCell::new(None);
            Some(watch.over_pairs(
                &format!("smallest eps for delta = {}", abbreviate(&d.to_string())),
                pairs,
                |s| {
                    let r = search.scan(s, best.borrow().clone());
                    best.replace(Some(r.clone()));
                    Ok(r)
                },
                |a, b| Ok(a.t > b.t),
                |e| e.t.is_infinite(),
            )?)
        }
    };
    watch.enter("min-entropy and Bayes leakage")?;
    let min_entropy_leakage = measure::min_entropy_leakage(&eval_prior, w);
    let bayes = BayesMeasures::of(&eval_prior, w);
    let min_capacity = measure::min_capacity(w);
    watch.enter("guessing entropy")?;
    let guessing_entropy = (
        measure::guessing_entropy(&eval_prior),
        measure::posterior_guessing_entropy(&eval_prior, w),
    );
    watch.enter("mutual information (exact log-linear form)")?;
    // H(Y) − H(Y|X): one term per output and per distinct entry, where Σ_x π(x) D(W_x ‖ πW)
    // has one per cell with the large output masses in every argument.
    let mutual_information = measure::mutual_information_hy(&eval_prior, w);
    watch.enter("Shannon capacity: float hint")?;
    let target = &opts.capacity_width;
    let (hint, iterations) = measure::capacity_float_hint(w, target, &|| watch.in_time());
    watch.enter("Shannon capacity: certified bracket")?;
    let capacity = measure::capacity_bracket_certified(w, target, &hint, iterations);
    // The identifiability level is the DP level of the rows π(x) W(·|x)
    // ([`measure::identifiability_level`]), computed once and scanned in steps.
    let identifiability = match &opts.prior {
        None => None,
        Some(p) => {
            let joint = crate::prob::joint_rows(p.probs(), w.rows());
            Some(if complete {
                watch.enter("identifiability level (complete adjacency)")?;
                measure::max_ratio_rows(&joint, pairs)
            } else {
                watch.over_pairs(
                    "identifiability level",
                    pairs,
                    |s| Ok(measure::max_ratio_rows(&joint, s)),
                    level_better,
                    level_infinite,
                )?
            })
        }
    };
    watch.enter("expected Hamming distortion")?;
    let distortion = adjacency
        .hamming
        .and_then(|(hn, hm)| measure::expected_hamming_distortion(&eval_prior, w, hn, hm));
    Ok(Report {
        source: Source::default(),
        inputs: n,
        outputs: w.n_outputs(),
        adjacency: adjacency.clone(),
        prior: opts.prior.clone(),
        units: opts.units,
        dp,
        delta_at_t,
        delta_at_eps,
        delta_curve,
        eps_for_delta,
        min_entropy_leakage,
        bayes,
        gain,
        min_capacity,
        mutual_information,
        capacity,
        capacity_width: opts.capacity_width.clone(),
        identifiability,
        distortion,
        guessing_entropy,
        loss,
        metric,
    })
}
