//! `compose` of the discrete Gaussian (`dgaussian:SIGMA`, issue 45 item 3): its ordered pairs
//! `(0, d)`, `d = 1..D` (every other pair is a translate or the mirror image), each composed by
//! the certified grid enclosure from the windowed, outward-rounded single-use PLD of
//! [`crate::accounting::dgauss`]. There is no exact path (the masses are irrational).

use super::enclosure::GridReport;
use super::query::{AnswerError, ComposeQuery, Neighbours, Source};
use super::query::{Pairs, Setup};
use crate::accounting::dgauss::{pair_grid, DGauss};
use crate::accounting::refine::{refine_grids, RefineOptions};
use crate::accounting::renyi::noise;
use crate::params::Scale;
use std::time::{Duration, Instant};

/// Answer `q`, a sequence of discrete Gaussians on one sensitivity.
pub(super) fn answer(
    q: &ComposeQuery,
    start: Instant,
    phase: &(dyn Fn(&str) + Sync),
) -> Result<GridReport, AnswerError> {
    let subject = &q.uses[0].0.spec;
    let refuse = |what: &str| {
        AnswerError::Query(format!(
            "{subject}: {what} is not available for the discrete Gaussian (its support is the \
             integers: it has no finite matrix)"
        ))
    };
    if q.subsample.is_some() {
        return Err(AnswerError::Query(format!(
            "{subject}: --subsample is not available for the discrete Gaussian: the subsampled \
             pair's privacy losses ln(1 - Q + Q*e^l) are irrational, and its grid kernels \
             (accounting::dgauss) place rational losses only; a certified loss enclosure per \
             output is what is missing"
        )));
    }
    if let Neighbours::Given(a) = &q.neighbours {
        if !a.name.starts_with("complete") {
            return Err(refuse("--adjacency other than complete"));
        }
    }
    let mut gaussians = Vec::new();
    let mut d_max = 0;
    for (m, k) in &q.uses {
        match &m.source {
            Source::DGaussian { sigma, d } => {
                let s = Scale::new("sigma", sigma.clone()).expect("checked when built");
                let g =
                    DGauss::new(&s).map_err(|e| AnswerError::Input(format!("{}: {e}", m.spec)))?;
                gaussians.push((g, k.get()));
                d_max = *d;
            }
            _ => {
                return Err(AnswerError::Query(format!(
                    "{subject}: a sequence mixing the discrete Gaussian with {} is not composed \
                     (the discrete Gaussian is composed alone)",
                    m.spec
                )))
            }
        }
    }
    let pairs: Vec<(usize, usize)> = (1..=d_max as usize).map(|d| (0, d)).collect();
    let gq = super::curve::grid_queries(q);
    let opts = RefineOptions {
        width: q.grid.width.as_f64(),
        time_limit: q.grid.time.duration(),
        ..RefineOptions::default()
    };
    let uses: Vec<(&DGauss, u64)> = gaussians.iter().map(|(g, k)| (g, *k)).collect();
    let ans = refine_grids(
        &pairs,
        |i, n| pair_grid(&uses, pairs[i].1 as u64, n, opts.prune),
        &gq,
        &opts,
        phase,
    )
    .map_err(|e| AnswerError::Query(e.to_string()))?;
    let n = d_max as u128 + 1;
    let setup = Setup {
        uses: q
            .uses
            .iter()
            .map(|(m, k)| (m.spec.clone(), k.get()))
            .collect(),
        pairs: Pairs {
            name: format!("query values 0..{d_max} (sensitivity {d_max}; pairs (0, d), d = 1..{d_max}, stand for all)"),
            ordered: n * (n - 1),
            adj: None,
        },
        elapsed: Duration::ZERO,
    };
    let renyi = (!q.rdp.is_empty() || q.zcdp).then(|| super::RenyiReport {
        orders: q
            .rdp
            .iter()
            .map(|a| noise::dgaussian_rdp(&uses, d_max, a.value()))
            .collect(),
        zcdp: q.zcdp.then(|| noise::dgaussian_zcdp(&uses, d_max)),
        delta: q
            .delta
            .as_ref()
            .map(|d| d.value().clone())
            .filter(|d| *d > 0u32 && *d < 1u32),
        pld_eps: ans
            .eps_for_delta
            .as_ref()
            .map(|e| ("certified enclosure", super::enclosure::eps_interval(e))),
    });
    let mut r = GridReport::new(
        q,
        setup,
        format!(
            "not available: the discrete Gaussian has irrational masses on the integers; certified window \
             |z| <= {} with the tail put at +infinity (upper) or dropped (lower)",
            gaussians[0].0.window()
        ),
        ans,
    );
    r.renyi = renyi;
    r.setup.elapsed = start.elapsed();
    Ok(r)
}
