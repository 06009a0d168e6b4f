//! `dpcert compose` as one library call (issue 43 item 2): [`answer`] takes a validated
//! [`ComposeQuery`] (the mechanisms already read or built, every number a [`crate::params`]
//! type) and returns a [`ComposeReport`] with `to_text` and `to_json`. The CLI parses and
//! prints it; the Python package converts its arguments and returns the same JSON.
//!
//! The work: the neighbour pairs (their memory checked before they are listed), the ordered
//! pairs grouped by privacy loss distribution, the exact composition of each class when it
//! fits in the limits ([`super::worst`]), else the certified grid enclosure
//! ([`super::refine`]); then each query answered for the worst ordered pair.

mod certificate;
mod curve;
mod dgauss;
mod enclosure;
mod exact;
mod format;
mod query;
mod renyi;

use super::refine::{refine_classes, RefineOptions};
use super::{compose_classes, pair_classes, Class, ComposeError, PairLoss, MAX_USES};
use crate::params::{bytes_text, Subsample};
use crate::prob::Channel;
use crate::prob::{Adjacency, NoNeighbourPairs};
use query::{Pairs, Setup, LETTER_BYTES, PAIR_BYTES};
use std::borrow::Cow;
use std::time::{Duration, Instant};

pub use certificate::CERTIFICATE_MAX_WORK;
pub(crate) use curve::{band_csv, band_figure, band_json, band_points, band_text, bands};
pub use curve::{exact_series, Band, EnclosurePiece, GRID_PIECES};
pub use enclosure::GridReport;
pub use exact::ExactReport;
pub use query::{
    within_memory, AnswerError, ComposeQuery, GridOptions, Mechanism, Neighbours, Source,
    CELL_BYTES,
};
pub use renyi::RenyiReport;

/// The report: exact, or by the certified grid enclosure.
#[derive(Clone, Debug)]
pub enum ComposeReport {
    /// Every answer exact.
    Exact(Box<ExactReport>),
    /// Certified bounds from the grid enclosure.
    Grid(Box<GridReport>),
}

impl ComposeReport {
    /// The `--check` verdict: `Some(Some(holds))`, `Some(None)` undecided (grid only), `None`
    /// when not asked.
    pub fn check(&self) -> Option<Option<bool>> {
        match self {
            ComposeReport::Exact(r) => r.check.as_ref().map(|c| Some(c.holds)),
            ComposeReport::Grid(r) => r.check(),
        }
    }

    /// The report in words, one line per answer, ending with the time taken.
    pub fn to_text(&self) -> String {
        match self {
            ComposeReport::Exact(r) => r.to_text(),
            ComposeReport::Grid(r) => r.to_text(),
        }
    }

    /// `--curve-t`'s pieces as CSV (`None` without `--curve-t`): exact
    /// `t_lo,t_hi,a,b,exact_piece,…`, or `t_lo,t_hi,lo,hi,…` on the grid enclosure.
    pub fn curve_csv(&self) -> Option<String> {
        match self {
            ComposeReport::Exact(r) => r.curve.as_ref().map(curve::exact_csv),
            ComposeReport::Grid(r) => r
                .curve
                .as_ref()
                .map(|(_, _, p)| curve::band_csv(p.iter().map(|p| &p.band))),
        }
    }

    /// `--curve-t`'s curve as a figure for [`crate::plot`] (`None` without `--curve-t`): the
    /// exact pieces, or the certified band of the grid enclosure.
    pub fn curve_figure(&self, title: &str) -> Option<crate::plot::Figure> {
        match self {
            ComposeReport::Exact(r) => r.curve.as_ref().map(|c| curve::exact_figure(title, c)),
            ComposeReport::Grid(r) => r
                .curve
                .as_ref()
                .map(|(_, _, p)| curve::band_figure(title, p.iter().map(|p| &p.band))),
        }
    }

    /// The `compose` document of docs/json.md.
    pub fn to_json(&self) -> serde_json::Value {
        crate::json::document(
            "compose",
            match self {
                ComposeReport::Exact(r) => r.to_json(),
                ComposeReport::Grid(r) => r.to_json(),
            },
        )
    }
}

/// The complete relation on `n` inputs, refused before it is listed when its pairs alone are
/// above the memory limit.
fn complete_within_memory(q: &ComposeQuery, n: usize) -> Result<Adjacency, AnswerError> {
    let unordered = n as u128 * (n as u128).saturating_sub(1) / 2;
    within_memory(
        &q.uses[0].0.spec,
        unordered * PAIR_BYTES,
        &format!(
            "the list of {unordered} neighbour pairs of complete:{n}: give a sparser --adjacency"
        ),
        q.max_memory,
    )?;
    Ok(Adjacency::complete(n))
}

fn neighbour_pairs(q: &ComposeQuery, n: usize) -> Result<Pairs, AnswerError> {
    let subject = &q.uses[0].0.spec;
    let all_rr = q
        .uses
        .iter()
        .all(|(m, _)| matches!(m.source, Source::Rr { .. }));
    let adj = match &q.neighbours {
        Neighbours::Given(a) => a.clone(),
        Neighbours::Complete => {
            let unordered = n as u128 * (n as u128).saturating_sub(1) / 2;
            if all_rr {
                NoNeighbourPairs::check(&format!("complete:{n}"), n, unordered as usize)
                    .map_err(|e| AnswerError::Input(format!("{subject}: {e}")))?;
                return Ok(Pairs {
                    name: format!("complete:{n}"),
                    ordered: 2 * unordered,
                    adj: None,
                });
            }
            complete_within_memory(q, n)?
        }
    };
    // One rule for every command (issue 42 item 13): no neighbour pair is bad input.
    adj.require_pairs()
        .map_err(|e| AnswerError::Input(format!("{subject}: {e}")))?;
    Ok(Pairs {
        name: adj.name.clone(),
        ordered: 2 * adj.pairs.len() as u128,
        adj: Some(adj),
    })
}

/// The query on the subsampled mechanisms ([`super::subsample`]): the base relation resolved,
/// the rows the subsampled mechanisms will hold checked against the memory limit, then each
/// mechanism's subsampled channel built on the subsampled relation.
fn subsampled(q: &ComposeQuery, s: &Subsample, n: usize) -> Result<ComposeQuery, AnswerError> {
    let subject = &q.uses[0].0.spec;
    let base = match &q.neighbours {
        Neighbours::Given(a) => a.clone(),
        Neighbours::Complete => complete_within_memory(q, n)?,
    };
    base.require_pairs()
        .map_err(|e| AnswerError::Input(format!("{subject}: {e}")))?;
    let rows = super::subsample::rows_bound(s, n, &base.pairs);
    let cells: u128 = q
        .uses
        .iter()
        .map(|(m, _)| m.cells() + rows * (m.cells() / n.max(1) as u128))
        .sum();
    within_memory(
        subject,
        cells * CELL_BYTES + 2 * rows * PAIR_BYTES,
        &format!("the {rows} rows of the subsampled mechanisms"),
        q.max_memory,
    )?;
    let plan = super::subsample::Plan::new(s, &base);
    let mut out = q.clone();
    out.uses = q
        .uses
        .iter()
        .map(|(m, k)| {
            (
                Mechanism::channel(m.spec.clone(), plan.apply(&m.matrix())),
                *k,
            )
        })
        .collect();
    out.neighbours = Neighbours::Given(plan.adjacency);
    Ok(out)
}

/// The ordered pairs grouped by their PLDs. A sequence of randomized responses is one class
/// whatever K ([`PairLoss::randomized_response`], no matrix: issue 42 item 4); otherwise the
/// matrices are built and every ordered pair's PLD read off them, after the memory they take
/// is checked.
fn classes(q: &ComposeQuery, pairs: &Pairs) -> Result<Vec<Class>, AnswerError> {
    if let Some(uses) = q
        .uses
        .iter()
        .map(|(m, k)| match &m.source {
            Source::Rr { k: size, t } => Some((*size, t, k.get())),
            Source::Channel(_) | Source::DGaussian { .. } => None,
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
    let cells: u128 = q.uses.iter().map(|(m, _)| m.cells()).sum();
    let outputs: u128 = q
        .uses
        .iter()
        .map(|(m, _)| m.cells() / m.n_inputs().max(1) as u128)
        .sum();
    let need = cells * CELL_BYTES + pairs.ordered * outputs * LETTER_BYTES;
    within_memory(
        &q.uses[0].0.spec,
        need,
        &format!(
            "the matrices and the privacy loss distributions of {} ordered pairs",
            pairs.ordered
        ),
        q.max_memory,
    )?;
    let chans: Vec<(Cow<Channel>, u64)> =
        q.uses.iter().map(|(m, k)| (m.matrix(), k.get())).collect();
    let refs: Vec<(&Channel, u64)> = chans.iter().map(|(w, k)| (w.as_ref(), *k)).collect();
    Ok(pair_classes(&refs, &adj.pairs))
}

/// The exact composition of every class, or why the grid enclosure answers instead (past the
/// work limits, or above the memory limit: [`super::compose::memory_estimate`], summed over
/// the classes kept).
fn exact_compositions(
    classes: &[Class],
    limit: u64,
    phase: &(dyn Fn(&str) + Sync),
) -> Result<Result<Vec<super::PairComposition>, String>, AnswerError> {
    let mut need: u128 = 0;
    for (_, uses, _) in classes {
        need = need.saturating_add(
            super::compose::memory_estimate(uses).map_err(|e| AnswerError::Query(e.to_string()))?,
        );
    }
    if need > limit as u128 {
        return Ok(Err(format!(
            "refused: the exact atoms would hold about {}, above the memory limit of {} (--max-memory)",
            bytes_text(u64::try_from(need).unwrap_or(u64::MAX)),
            bytes_text(limit)
        )));
    }
    match compose_classes(classes.to_vec(), |i, n| {
        phase(&format!("{i} of {n} pair PLDs composed"));
    }) {
        Ok(pcs) => Ok(Ok(pcs)),
        Err(e @ ComposeError::TooLarge { .. }) => Ok(Err(format!("refused: {e}"))),
        Err(e) => Err(AnswerError::Query(e.to_string())),
    }
}

/// Answer `q`: the exact composition when it fits, else the certified grid enclosure.
/// `phase` is told what is being done (for a progress line).
pub fn answer(
    q: &ComposeQuery,
    phase: &(dyn Fn(&str) + Sync),
) -> Result<ComposeReport, AnswerError> {
    let start = Instant::now();
    let Some((first, _)) = q.uses.first() else {
        return Err(AnswerError::Query(
            "compose needs at least one (mechanism, k)".into(),
        ));
    };
    let n = first.n_inputs();
    if let Some((m, _)) = q.uses.iter().find(|(m, _)| m.n_inputs() != n) {
        return Err(AnswerError::Input(format!(
            "{} has {} inputs but {} has {n}: every mechanism of a sequence runs on the same inputs",
            m.spec,
            m.n_inputs(),
            first.spec
        )));
    }
    let total: u128 = q.uses.iter().map(|(_, k)| k.get() as u128).sum();
    if total > MAX_USES as u128 {
        return Err(AnswerError::Query(
            ComposeError::TooManyUses(total).to_string(),
        ));
    }
    let mut q = Cow::Borrowed(q);
    if q.eps.is_empty()
        && q.delta.is_none()
        && q.t.is_none()
        && q.check.is_none()
        && q.curve_t.is_none()
    {
        q.to_mut().delta = Some(ComposeQuery::default_delta());
    }
    // The Rényi conversions are compared with the PLD's ε(δ): the default δ unless one is given.
    if (!q.rdp.is_empty() || q.zcdp) && q.delta.is_none() {
        q.to_mut().delta = Some(ComposeQuery::default_delta());
    }
    if q.uses
        .iter()
        .any(|(m, _)| matches!(m.source, Source::DGaussian { .. }))
    {
        return Ok(ComposeReport::Grid(Box::new(dgauss::answer(
            &q, start, phase,
        )?)));
    }
    let n = match &q.subsample {
        None => n,
        Some(s) => {
            let sub = subsampled(&q, s, n)?;
            let rows = sub.uses[0].0.n_inputs();
            q = Cow::Owned(sub);
            rows
        }
    };
    let pairs = neighbour_pairs(&q, n)?;
    phase("grouping the neighbour pairs by privacy loss distribution");
    let classes = classes(&q, &pairs)?;
    if !q.rdp.is_empty() || q.zcdp {
        phase("Renyi divergences of the neighbour pairs");
    }
    let renyi = renyi::answer(&q, &classes);
    let exact = if q.grid.force {
        Err("not tried (--enclosure)".to_string())
    } else {
        exact_compositions(&classes, q.max_memory, phase)?
    };
    let mut setup = Setup {
        uses: q
            .uses
            .iter()
            .map(|(m, k)| (m.spec.clone(), k.get()))
            .collect(),
        pairs,
        elapsed: Duration::ZERO,
    };
    match exact {
        Ok(pcs) => {
            phase("answering");
            let mut r = exact::answer(&q, setup, pcs)?;
            r.renyi = renyi.map(|mut rr| {
                rr.pld_eps = r.eps_for_delta.as_ref().map(|(_, _, t)| match &t.t {
                    crate::measure::ExtRational::Finite(t) => ("exact", Some(format::ln(t))),
                    crate::measure::ExtRational::Infinite => ("exact", None),
                });
                rr
            });
            r.setup.elapsed = start.elapsed();
            Ok(ComposeReport::Exact(Box::new(r)))
        }
        Err(reason) => {
            let gq = curve::grid_queries(&q);
            let opts = RefineOptions {
                width: q.grid.width.as_f64(),
                time_limit: q.grid.time.duration(),
                ..RefineOptions::default()
            };
            let ans = refine_classes(&classes, &gq, &opts, phase)
                .map_err(|e| AnswerError::Query(e.to_string()))?;
            let pld_eps = ans
                .eps_for_delta
                .as_ref()
                .map(|e| ("certified enclosure", enclosure::eps_interval(e)));
            setup.elapsed = start.elapsed();
            let mut r = GridReport::new(&q, setup, reason, ans);
            r.renyi = renyi.map(|mut rr| {
                rr.pld_eps = pld_eps;
                rr
            });
            Ok(ComposeReport::Grid(Box::new(r)))
        }
    }
}

#[cfg(test)]
mod tests;
