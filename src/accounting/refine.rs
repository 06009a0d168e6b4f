//! The worst ordered pair of a channel by grid enclosures ([`super::grid`]), on grids refined
//! until each query is answered to a requested width (or decided, for a check) or a time limit
//! is reached.
//!
//! Over the pairs, `δ(ε) = max_pairs δ_pair(ε)` and `ε(δ) = max_pairs ε_pair(δ)` (Dwork–Roth
//! Def. 2.4), so the worst pair's enclosure is `[max of the lower ends, max of the upper ends]`.
//! A pair whose upper end lies below the best lower end cannot be the worst: it is dropped
//! before the next, finer grid (its true value is below the best lower end, which is below the
//! worst true value), so only the candidates are refined. The stopping rule and the choice of
//! the next grid use floating-point estimates of the width (hints: they decide how much work is
//! done, never a bound).

use super::grid::{eps_of, ext_le, GridError, PairGrid, TBounds, PRUNE_ULPS};
use super::worst::{pair_classes, Class};
use crate::num::{LogLinear, Rational};
use crate::prob::Channel;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// How far to refine.
#[derive(Clone, Debug)]
pub struct RefineOptions {
    /// Stop when every width is at most this part of its upper end (ε for a δ, δ at an ε).
    pub width: f64,
    /// Start no grid whose predicted finish is past this.
    pub time_limit: Duration,
    /// The first (coarse) grid `N`.
    pub first_n: u64,
    /// Pruning budget per step and tail ([`PRUNE_ULPS`]).
    pub prune: u64,
}

impl Default for RefineOptions {
    fn default() -> Self {
        RefineOptions {
            width: 1e-3,
            time_limit: Duration::from_secs(60),
            first_n: 32,
            prune: PRUNE_ULPS,
        }
    }
}

/// The questions asked (as `dpcert compose` asks them).
#[derive(Clone, Debug, Default)]
pub struct GridQueries {
    /// The smallest ε with δ(ε) ≤ this δ.
    pub delta: Option<Rational>,
    /// δ at each of these rational ε.
    pub eps: Vec<Rational>,
    /// δ at this rational `t = e^ε`.
    pub t: Option<Rational>,
    /// Does `(ε, δ)` hold?
    pub check: Option<(Rational, Rational)>,
    /// δ at each of these increasing rational `t` (the ends of `compose --curve-t`'s
    /// enclosure pieces, issue 46 item 4); not held to the width.
    pub curve: Vec<Rational>,
}

/// An enclosure of the worst pair's smallest ε for a δ: `ε ∈ [lo, hi]` (`None` = `+∞`), each
/// end `J·ln b` exactly.
#[derive(Clone, Debug)]
pub struct EpsEnclosure {
    /// `ε ≥ lo` (`None`: ε = ∞, the mass at infinite loss exceeds δ for some pair).
    pub lo: Option<LogLinear>,
    /// `ε ≤ hi` (`None`: no finite upper bound at this grid).
    pub hi: Option<LogLinear>,
    /// The pair attaining the lower end.
    pub lo_pair: (usize, usize),
    /// The pair attaining the upper end.
    pub hi_pair: (usize, usize),
}

/// An enclosure of the worst pair's δ at one point: `δ ∈ [lo, hi]`, both exact rationals.
#[derive(Clone, Debug)]
pub struct DeltaEnclosure {
    /// Lower end.
    pub lo: Rational,
    /// Upper end.
    pub hi: Rational,
    /// The pair attaining the lower end.
    pub lo_pair: (usize, usize),
    /// The pair attaining the upper end.
    pub hi_pair: (usize, usize),
}

/// One grid tried: `N`, the pairs composed on it, and the seconds it took.
#[derive(Clone, Debug)]
pub struct Round {
    /// The grid `b = 1 + 1/N`.
    pub n: u64,
    /// Distinct pair PLDs composed on it.
    pub pairs: usize,
    /// Wall-clock seconds.
    pub secs: f64,
}

/// The answers on the last grid.
#[derive(Clone, Debug)]
pub struct GridAnswers {
    /// The last grid's `N`.
    pub n: u64,
    /// Every grid tried.
    pub rounds: Vec<Round>,
    /// Distinct pair PLDs of the channel.
    pub classes: usize,
    /// ε for `queries.delta`.
    pub eps_for_delta: Option<EpsEnclosure>,
    /// δ at each `queries.eps`.
    pub delta_at_eps: Vec<DeltaEnclosure>,
    /// δ at `queries.t`.
    pub delta_at_t: Option<DeltaEnclosure>,
    /// δ at each of `queries.curve`.
    pub curve: Vec<DeltaEnclosure>,
    /// δ at the checked ε, and the verdict: `Some(true)` holds, `Some(false)` fails, `None`
    /// undecided (the claimed δ lies between the ends).
    pub check: Option<(DeltaEnclosure, Option<bool>)>,
    /// Every requested width reached (and the check decided).
    pub satisfied: bool,
    /// Largest pruned mass of one side of one pair on the last grid (fixed point `2^-63`).
    pub pruned: u128,
}

/// `x ≥ y` for extended values (`None` = `+∞`).
fn ext_ge(x: &Option<LogLinear>, y: &Option<LogLinear>) -> bool {
    ext_le(y, x)
}

fn eps_enclosure(
    grids: &[(usize, PairGrid)],
    pairs: &[(usize, usize)],
    delta: &Rational,
) -> EpsEnclosure {
    let mut best: Option<EpsEnclosure> = None;
    for (i, g) in grids {
        let TBounds { lo, hi } = g.t_for_delta(delta);
        let (lo, hi) = (eps_of(g.grid.n, lo), eps_of(g.grid.n, hi));
        let pair = pairs[*i];
        match &mut best {
            None => {
                best = Some(EpsEnclosure {
                    lo,
                    hi,
                    lo_pair: pair,
                    hi_pair: pair,
                })
            }
            Some(b) => {
                if !ext_ge(&b.lo, &lo) {
                    b.lo = lo;
                    b.lo_pair = pair;
                }
                if !ext_ge(&b.hi, &hi) {
                    b.hi = hi;
                    b.hi_pair = pair;
                }
            }
        }
    }
    best.expect("a pair")
}

fn delta_enclosure(
    grids: &[(usize, PairGrid)],
    pairs: &[(usize, usize)],
    f: impl Fn(&PairGrid) -> (Rational, Rational),
) -> (DeltaEnclosure, Vec<(usize, Rational)>) {
    let mut best: Option<DeltaEnclosure> = None;
    let mut his = Vec::new();
    for (i, g) in grids {
        let (lo, hi) = f(g);
        let pair = pairs[*i];
        his.push((*i, hi.clone()));
        match &mut best {
            None => {
                best = Some(DeltaEnclosure {
                    lo,
                    hi,
                    lo_pair: pair,
                    hi_pair: pair,
                })
            }
            Some(b) => {
                if lo > b.lo {
                    b.lo = lo;
                    b.lo_pair = pair;
                }
                if hi > b.hi {
                    b.hi = hi;
                    b.hi_pair = pair;
                }
            }
        }
    }
    (best.expect("a pair"), his)
}

/// Relative width `(hi − lo)/hi` of a δ enclosure, as a float (a hint for the stopping rule).
fn delta_width(d: &DeltaEnclosure) -> f64 {
    if d.hi == 0u32 {
        return 0.0;
    }
    crate::num::fmt::to_f64(&((&d.hi - &d.lo) / &d.hi))
}

/// Relative width of an ε enclosure (`∞` without a finite upper end; 0 when ε is certainly ∞).
pub fn eps_width(e: &EpsEnclosure) -> f64 {
    match (&e.lo, &e.hi) {
        (None, _) => 0.0,
        (Some(_), None) => f64::INFINITY,
        (Some(lo), Some(hi)) => {
            let h = hi.approx_f64();
            if h <= 0.0 {
                0.0
            } else {
                (h - lo.approx_f64()) / h
            }
        }
    }
}

/// Enclose the queries for `seq` on the ordered pairs of `adj`, refining the grid.
pub fn refine(
    seq: &[(&Channel, u64)],
    adj: &[(usize, usize)],
    queries: &GridQueries,
    opts: &RefineOptions,
    progress: impl Fn(&str) + Sync,
) -> Result<GridAnswers, GridError> {
    refine_classes(&pair_classes(seq, adj), queries, opts, progress)
}

/// [`refine`] on the pair classes ([`pair_classes`], or known from a mechanism's symmetry).
pub fn refine_classes(
    classes: &[Class],
    queries: &GridQueries,
    opts: &RefineOptions,
    progress: impl Fn(&str) + Sync,
) -> Result<GridAnswers, GridError> {
    let pairs: Vec<(usize, usize)> = classes.iter().map(|c| c.0).collect();
    refine_grids(
        &pairs,
        |i, n| PairGrid::new(&classes[i].1, n, opts.prune),
        queries,
        opts,
        progress,
    )
}

/// [`refine_classes`] on any classes of ordered pairs: `pairs[i]` names class `i` and
/// `grid(i, N)` composes it on the grid `1 + 1/N` (both sides), for classes whose single-use
/// PLD is not a [`super::PairLoss`] of exact rationals (the discrete Gaussian, [`super::dgauss`]).
pub fn refine_grids(
    pairs: &[(usize, usize)],
    grid: impl Fn(usize, u64) -> Result<PairGrid, GridError> + Sync,
    queries: &GridQueries,
    opts: &RefineOptions,
    progress: impl Fn(&str) + Sync,
) -> Result<GridAnswers, GridError> {
    let classes = pairs;
    let start = Instant::now();
    let mut cands: Vec<usize> = (0..classes.len()).collect();
    let mut n = opts.first_n;
    let mut rounds: Vec<Round> = Vec::new();
    let mut last: Option<GridAnswers> = None;
    loop {
        progress(&format!(
            "grid N = {n}: composing {} pair PLDs",
            cands.len()
        ));
        let t0 = Instant::now();
        let grids: Result<Vec<(usize, PairGrid)>, GridError> =
            cands.par_iter().map(|&i| Ok((i, grid(i, n)?))).collect();
        let grids = match (grids, &last) {
            (Ok(g), _) => g,
            // A finer grid that does not fit: keep the last answers.
            (Err(GridError::TooWide(_)), Some(_)) => break,
            (Err(e), _) => return Err(e),
        };
        rounds.push(Round {
            n,
            pairs: grids.len(),
            secs: t0.elapsed().as_secs_f64(),
        });
        let mut keep = vec![false; classes.len()];
        let mut satisfied = true;
        let mut factor: f64 = 4.0;
        let eps_for_delta = queries.delta.as_ref().map(|delta| {
            let e = eps_enclosure(&grids, classes, delta);
            for (i, g) in &grids {
                let hi = eps_of(g.grid.n, g.t_for_delta(delta).hi);
                if ext_ge(&hi, &e.lo) {
                    keep[*i] = true;
                }
            }
            let w = eps_width(&e);
            if w > opts.width {
                satisfied = false;
                // The width is about k·ln b: proportional to 1/N.
                factor = if w.is_finite() {
                    (w / opts.width * 1.25).max(2.0)
                } else {
                    8.0
                };
            }
            e
        });
        let mut delta_query = |f: &dyn Fn(&PairGrid) -> (Rational, Rational)| {
            let (d, his) = delta_enclosure(&grids, classes, f);
            for (i, hi) in his {
                if hi >= d.lo {
                    keep[i] = true;
                }
            }
            d
        };
        let delta_at_eps: Vec<DeltaEnclosure> = queries
            .eps
            .iter()
            .map(|eps| delta_query(&|g: &PairGrid| g.delta_at_eps(eps)))
            .collect();
        let delta_at_t = queries
            .t
            .as_ref()
            .map(|t| delta_query(&|g: &PairGrid| g.delta_at_t(t)));
        // The curve's points keep the pairs that may be worst there, as every query does.
        let curve: Vec<DeltaEnclosure> = queries
            .curve
            .iter()
            .map(|t| delta_query(&|g: &PairGrid| g.delta_at_t(t)))
            .collect();
        let check = queries.check.as_ref().map(|(eps, delta)| {
            let d = delta_query(&|g: &PairGrid| g.delta_at_eps(eps));
            let verdict = if d.hi <= *delta {
                Some(true)
            } else if d.lo > *delta {
                Some(false)
            } else {
                None
            };
            (d, verdict)
        });
        for d in delta_at_eps.iter().chain(&delta_at_t) {
            if delta_width(d) > opts.width {
                satisfied = false;
            }
        }
        if let Some((_, None)) = &check {
            satisfied = false;
        }
        let pruned = grids
            .iter()
            .map(|(_, g)| g.upper.pruned.max(g.lower.pruned))
            .max()
            .unwrap_or(0);
        last = Some(GridAnswers {
            n,
            rounds: rounds.clone(),
            classes: classes.len(),
            eps_for_delta,
            delta_at_eps,
            delta_at_t,
            curve,
            check,
            satisfied,
            pruned,
        });
        if satisfied {
            break;
        }
        let next: Vec<usize> = (0..classes.len()).filter(|&i| keep[i]).collect();
        let factor = factor.clamp(2.0, 64.0);
        // The work is about proportional to N (the array width) per pair.
        let predicted = rounds.last().map_or(0.0, |r| r.secs) * factor * next.len() as f64
            / cands.len().max(1) as f64;
        let next_n = (n as f64 * factor).ceil();
        if start.elapsed().as_secs_f64() + predicted > opts.time_limit.as_secs_f64()
            || next_n > super::grid::MAX_N as f64
        {
            break;
        }
        n = next_n as u64;
        cands = next;
    }
    let mut a = last.expect("one grid at least");
    a.rounds = rounds;
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounting::query;
    use crate::measure::{complete_pairs, ExtRational};
    use crate::mechanism::randomized_response;
    use crate::testutil::q;

    /// The test channel: three inputs whose six ordered pairs have distinct PLDs.
    fn three_by_three() -> Channel {
        Channel::new(vec![
            vec![q(1, 2), q(3, 10), q(1, 5)],
            vec![q(1, 4), q(1, 10), q(13, 20)],
            vec![q(1, 3), q(1, 3), q(1, 3)],
        ])
        .unwrap()
    }

    /// `d.lo ≤ δ(ε) ≤ d.hi` for the exact worst pair's `δ(ε) = A − B·e^ε` (the naive reference:
    /// the exact composition), decided exactly by `cmp_with_exp`.
    fn assert_brackets_exact_delta(
        d: &DeltaEnclosure,
        pcs: &[crate::accounting::PairComposition],
        eps: &Rational,
    ) {
        let (_, f) = crate::accounting::worst::worst_delta_at_eps(pcs, eps)
            .unwrap()
            .unwrap();
        let cmp = |x: &Rational| {
            crate::measure::epsilon::cmp_with_exp(&((&f.form.a - x) / &f.form.b), eps).unwrap()
        };
        assert_ne!(cmp(&d.lo), std::cmp::Ordering::Less, "{d:?}");
        assert_ne!(cmp(&d.hi), std::cmp::Ordering::Greater, "{d:?}");
    }

    /// The worst pair's δ enclosure is `[max of the lower ends, max of the upper ends]`, each end
    /// named by the pair attaining it, the first such pair on a tie (issue 42 item 7). The ends
    /// are a literal table keyed by each grid's `N` (the grids themselves do not matter here).
    #[test]
    fn delta_enclosure_by_hand() {
        let pair =
            crate::accounting::pld::PairLoss::of_rows(&[q(1, 2), q(1, 2)], &[q(1, 4), q(3, 4)]);
        let pg = |n: u64| PairGrid::new(&[(pair.clone(), 1)], n, 0).unwrap();
        let grids = vec![(0, pg(1)), (1, pg(2)), (2, pg(3))];
        let classes: Vec<Class> = [(0, 1), (0, 2), (1, 2)]
            .into_iter()
            .map(|p| (p, vec![(pair.clone(), 1)], vec![p]))
            .collect();
        let table = |g: &PairGrid| match g.grid.n {
            1 => (q(1, 4), q(1, 2)),
            2 => (q(3, 8), q(3, 8)),
            _ => (q(3, 8), q(1, 2)),
        };
        let pairs: Vec<(usize, usize)> = classes.iter().map(|c| c.0).collect();
        let (d, his) = delta_enclosure(&grids, &pairs, table);
        assert_eq!((&d.lo, d.lo_pair), (&q(3, 8), (0, 2)));
        assert_eq!((&d.hi, d.hi_pair), (&q(1, 2), (0, 1)));
        assert_eq!(his, vec![(0, q(1, 2)), (1, q(3, 8)), (2, q(1, 2))]);
        assert_eq!(delta_width(&d), 0.25);
    }

    /// ε(δ) over pairs, by hand on `b = 2` (the two-use PLDs of `grid_by_hand`): the pair
    /// P = (1/2, 1/2), Q = (1/4, 3/4) used twice has, for δ = 1/8, upper least exponent 1 and
    /// lower 1 (so `ε ∈ [0, ln 2]`), for δ = 1/10 exponents 2 and 2 (`ε ∈ [ln 2, 2 ln 2]`). A
    /// pair with 7/16 of its mass at infinite loss has `ε = ∞` for both: it is the worst pair
    /// whichever comes first.
    #[test]
    fn eps_enclosure_by_hand() {
        use crate::accounting::pld::PairLoss;
        let a = PairLoss::of_rows(&[q(1, 2), q(1, 2)], &[q(1, 4), q(3, 4)]);
        let inf = PairLoss::of_rows(&[q(1, 2), q(1, 4), q(1, 4)], &[q(1, 2), q(1, 2), q(0, 1)]);
        let ln2 = |j: i64| Some(LogLinear::term(&Rational::from(j), &q(2, 1)));
        let class = |p: (usize, usize), l: &PairLoss| (p, vec![(l.clone(), 2)], vec![p]);
        let classes = [class((0, 1), &a), class((1, 0), &inf)];
        let ga = (0, PairGrid::new(&classes[0].1, 1, 0).unwrap());
        let gi = (1, PairGrid::new(&classes[1].1, 1, 0).unwrap());
        let classes: Vec<(usize, usize)> = classes.iter().map(|c| c.0).collect();
        for (delta, lo, hi) in [(q(1, 8), 0, 1), (q(1, 10), 1, 2)] {
            let e = eps_enclosure(std::slice::from_ref(&ga), &classes, &delta);
            assert_eq!((&e.lo, &e.hi), (&ln2(lo), &ln2(hi)), "δ = {delta}");
            assert_eq!(eps_width(&e), if lo == 0 { 1.0 } else { 0.5 });
        }
        for grids in [vec![ga.clone(), gi.clone()], vec![gi, ga]] {
            let e = eps_enclosure(&grids, &classes, &q(1, 8));
            assert_eq!((&e.lo, &e.hi), (&None, &None));
            assert_eq!((e.lo_pair, e.hi_pair), ((1, 0), (1, 0)));
            assert_eq!(eps_width(&e), 0.0);
        }
    }

    /// A random-looking 3×3 channel on the complete adjacency: the refined worst-pair enclosure
    /// of ε(δ) contains the exact value and reaches the width asked.
    #[test]
    fn channel_enclosure_contains_exact() {
        let w = three_by_three();
        let adj = complete_pairs(3);
        let delta = q(1, 1000);
        let k = 9;
        let exact = match query::t_for_delta(&[(&w, k)], &adj, &delta).unwrap() {
            ExtRational::Finite(t) => t,
            ExtRational::Infinite => panic!("finite"),
        };
        let opts = RefineOptions {
            width: 1e-2,
            ..RefineOptions::default()
        };
        let qs = GridQueries {
            delta: Some(delta.clone()),
            eps: vec![q(1, 1)],
            check: Some((q(1, 1), q(1, 10))),
            ..GridQueries::default()
        };
        let a = refine(&[(&w, k)], &adj, &qs, &opts, |_| {}).unwrap();
        assert!(a.satisfied, "{a:?}");
        let e = a.eps_for_delta.unwrap();
        let ln_t = LogLinear::ln(&exact);
        assert!(e.lo.unwrap() <= ln_t && ln_t <= e.hi.unwrap());
        // δ(ε = 1) exactly, bracketed.
        let d = &a.delta_at_eps[0];
        assert!(d.lo <= d.hi);
        let pcs = crate::accounting::compose_on_pairs(&[(&w, k)], &adj, |_, _| {}).unwrap();
        assert_brackets_exact_delta(d, &pcs, &q(1, 1));
        // The check agrees with the exact answer.
        let exact_holds = pcs
            .iter()
            .all(|pc| pc.composed.holds(&q(1, 1), &q(1, 10)).unwrap());
        // `satisfied` above includes a decided check
        assert_eq!(a.check.unwrap().1, Some(exact_holds));
    }

    /// With only δ(ε) asked, the pairs kept for the next grid are those whose upper end reaches
    /// the best lower end: dropping the others is what makes refining sound and cheap, and
    /// keeping the wrong ones would leave no candidate (or drop the worst pair). The 3×3
    /// channel's six ordered pairs have distinct PLDs; refined to a width of 1e-4, the worst
    /// pair's δ(1) is still bracketed exactly (the exact path is the reference).
    #[test]
    fn only_the_pairs_that_can_be_worst_are_refined() {
        let w = three_by_three();
        let adj = complete_pairs(3);
        let k = 6;
        let qs = GridQueries {
            eps: vec![q(1, 1)],
            ..GridQueries::default()
        };
        let opts = RefineOptions {
            width: 1e-4,
            ..RefineOptions::default()
        };
        assert_eq!(pair_classes(&[(&w, k)], &adj).len(), 6);
        let a = refine(&[(&w, k)], &adj, &qs, &opts, |_| {}).unwrap();
        assert!(a.rounds.len() >= 2, "{:?}", a.rounds);
        // fewer pairs on the last grid than on the first: some were dropped
        assert!(
            a.rounds.last().unwrap().pairs < a.rounds[0].pairs,
            "{:?}",
            a.rounds
        );
        let pcs = crate::accounting::compose_on_pairs(&[(&w, k)], &adj, |_, _| {}).unwrap();
        assert_brackets_exact_delta(&a.delta_at_eps[0], &pcs, &q(1, 1));
    }

    /// Binary RR at t = 3, k = 100: the enclosure of ε(1e-5) contains the exact
    /// 90.7815385083… (the value, from the exact path) with relative width ≤ 1e-3.
    #[test]
    fn rr_k100_width() {
        let w = randomized_response(2, &q(3, 1)).unwrap();
        let adj = complete_pairs(2);
        let qs = GridQueries {
            delta: Some(q(1, 100000)),
            ..GridQueries::default()
        };
        let a = refine(&[(&w, 100)], &adj, &qs, &RefineOptions::default(), |_| {}).unwrap();
        let e = a.eps_for_delta.unwrap();
        assert!(eps_width(&e) <= 1e-3, "{e:?}");
        let lo = e.lo.unwrap().enclose(128);
        let hi = e.hi.unwrap().enclose(128);
        assert!(lo.hi_rational().unwrap() <= q(90781538508301, 1000000000000));
        assert!(hi.lo_rational().unwrap() >= q(90781538508302, 1000000000000));
    }
}
