//! `compose gaussian:SIGMA | laplace:B` as one library call: [`answer`] takes a validated
//! [`ContinuousQuery`] and returns a [`ContinuousReport`] (text and the `compose` JSON
//! document).

use super::cells::{floor_index, laplace_cells, SubsampledGaussian, SubsampledLaplace};
use super::closed::{eps_by_bisection, gaussian_delta, laplace_delta, laplace_eps};
use super::fixed::{Cells, Decay, Measure};
use crate::accounting::answer::Band;
use crate::accounting::grid::Side;
use crate::num::Rational;
use malachite::base::num::arithmetic::traits::Ceiling;
use malachite::base::num::basic::traits::{One, Zero};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The continuous mechanism.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Continuous {
    /// The Gaussian mechanism `N(f(x), σ²)`.
    Gaussian {
        /// σ > 0.
        sigma: Rational,
    },
    /// The Laplace mechanism `Lap(f(x), b)`.
    Laplace {
        /// b > 0.
        b: Rational,
    },
}

impl Continuous {
    /// The mechanism of a spec `gaussian:SIGMA` or `laplace:B` (σ, b in
    /// [`crate::params::Scale`]'s range, else why not), `None` for any other spec: one reader
    /// for `compose`, `calibrate` and Python.
    pub fn parse(spec: &str) -> Option<Result<Continuous, String>> {
        let (name, rest) = spec.split_once(':')?;
        let scale = |what: &str| {
            crate::params::Scale::parse_named(what, rest)
                .map(|s| s.value().clone())
                .map_err(|e| format!("`{spec}`: {e}"))
        };
        match name {
            "gaussian" => Some(scale("sigma").map(|sigma| Continuous::Gaussian { sigma })),
            "laplace" => Some(scale("b").map(|b| Continuous::Laplace { b })),
            _ => None,
        }
    }
}

/// What is asked (every number already range-checked by [`crate::params`]).
#[derive(Clone, Debug)]
pub struct ContinuousQuery {
    /// The spec as written (`gaussian:1`).
    pub spec: String,
    /// The mechanism.
    pub mech: Continuous,
    /// The sensitivity `D > 0`: neighbours' query values differ by at most `D`.
    pub sensitivity: Rational,
    /// Uses.
    pub k: u64,
    /// Poisson subsampling rate (add/remove neighbours), if any.
    pub poisson: Option<Rational>,
    /// ε values: δ(ε) enclosed.
    pub eps: Vec<Rational>,
    /// δ: ε(δ) enclosed.
    pub delta: Option<Rational>,
    /// (ε, δ) to check.
    pub check: Option<(Rational, Rational)>,
    /// The relative width asked for.
    pub width: Rational,
    /// Discretised path: no finer grid is started after this.
    pub time: Duration,
    /// `--rdp` orders (each `> 1`) and `--zcdp` ([`crate::accounting::renyi::noise`]).
    pub rdp: Vec<Rational>,
    /// `--zcdp`.
    pub zcdp: bool,
    /// δ for every `t = e^ε` in `[T1, T2]` as certified bands (`--curve-t`, issue 46).
    pub curve_t: Option<crate::params::TRange>,
}

impl ContinuousQuery {
    /// `k` uses of `mech` with every option at its default (sensitivity 1, no subsampling,
    /// nothing asked, relative width 1/100, 60 s for the discretised path): callers set what
    /// they ask with struct update syntax, so the defaults live here once.
    pub fn new(spec: impl Into<String>, mech: Continuous, k: u64) -> ContinuousQuery {
        ContinuousQuery {
            spec: spec.into(),
            mech,
            sensitivity: Rational::ONE,
            k,
            poisson: None,
            eps: vec![],
            delta: None,
            check: None,
            width: Rational::from_unsigneds(1u32, 100u32),
            time: Duration::from_secs(60),
            rdp: vec![],
            zcdp: false,
            curve_t: None,
        }
    }
}

/// Bands of the continuous mechanisms' curve: their δ is cheap at a point, so the bands are
/// four times finer than the grid enclosure's and look like a curve when drawn.
pub const CURVE_PIECES: usize = 4 * crate::accounting::answer::GRID_PIECES;

/// The points of a curve and, per point `t`, rationals `e_lo ≤ ln t ≤ e_hi` (`e_lo ≥ 0`): δ
/// is non-increasing in ε, so `δ(t) ≤ δ_hi(e_lo)` and `δ(t) ≥ δ_lo(e_hi)`.
fn curve_points(r: &crate::params::TRange) -> Vec<(Rational, Rational, Rational)> {
    crate::accounting::answer::band_points(r.lo(), r.hi(), CURVE_PIECES)
        .into_iter()
        .map(|t| {
            let ln = crate::num::Interval::ln_rational(&t, 128).expect("t >= 1 > 0");
            let lo = ln.lo_rational().expect("finite").max(Rational::ZERO);
            let hi = ln.hi_rational().expect("finite").max(Rational::ZERO);
            (t, lo, hi)
        })
        .collect()
}

/// δ at each point, enclosed: the lower end of `at(e_hi)`, the upper of `at(e_lo)` (`at(ε)`
/// encloses δ(ε)).
fn point_enclosures(
    pts: &[(Rational, Rational, Rational)],
    at: impl Fn(&Rational) -> (Rational, Rational),
) -> Vec<(Rational, Rational)> {
    pts.iter().map(|(_, el, eh)| (at(eh).0, at(el).1)).collect()
}

/// The bands between consecutive points from their enclosures.
fn curve_bands(pts: &[(Rational, Rational, Rational)], enc: &[(Rational, Rational)]) -> Vec<Band> {
    let ts: Vec<Rational> = pts.iter().map(|(t, _, _)| t.clone()).collect();
    crate::accounting::answer::bands(&ts, enc)
}

/// δ below this is not held to the width in the discretised path's stopping rule (a hint: the
/// tail budget's rounding, about `2^-42` per product, dominates there).
const CURVE_WIDTH_FLOOR: f64 = 1e-8;

/// One refinement round of the discretised path.
#[derive(Clone, Debug)]
pub struct Round {
    /// The grid step.
    pub h: Rational,
    /// Slots of the composed measures (largest).
    pub slots: usize,
    /// Seconds taken.
    pub secs: f64,
}

/// The answers, each an enclosure `[lo, hi]` of rationals.
#[derive(Clone, Debug)]
pub struct ContinuousReport {
    query: ContinuousQuery,
    /// `"closed_form"` or `"discretised_enclosure"`.
    pub mode: &'static str,
    /// The source of the formula or method, in words.
    pub method: String,
    /// `ε(δ)`: `None` for the upper end means `+∞` (not bounded on this grid).
    pub eps_for_delta: Option<(Rational, Option<Rational>)>,
    /// `δ(ε)` per ε asked.
    pub delta_at_eps: Vec<(Rational, Rational)>,
    /// The check: δ(ε) enclosed and the verdict (`None` undecided).
    pub check: Option<((Rational, Rational), Option<bool>)>,
    /// The discretisation's rounds (empty for closed forms).
    pub rounds: Vec<Round>,
    /// The width asked for was reached.
    pub satisfied: bool,
    /// `--curve-t`'s certified bands, left to right.
    pub curve: Option<Vec<Band>>,
    /// Wall time.
    pub elapsed: Duration,
    /// `--rdp`, `--zcdp`, with their conversions beside `eps_for_delta`.
    pub renyi: Option<crate::accounting::answer::RenyiReport>,
}

/// Why the question was not answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContinuousError(pub String);

impl std::fmt::Display for ContinuousError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ContinuousError {}

fn rel_ok(lo: &Rational, hi: &Rational, w: &Rational) -> bool {
    hi - lo <= w * hi
}

/// Both orders' composed measures on one grid.
struct Composed {
    h: Rational,
    sides: Vec<(Measure, Measure)>, // per order: (upper, lower)
}

impl Composed {
    fn new(orders: &[Cells], k: u64, h: &Rational) -> Result<Composed, ContinuousError> {
        let mut sides = Vec::new();
        for c in orders {
            let up = c.kernel(Side::Upper);
            let lo = c.kernel(Side::Lower);
            let e = |e| ContinuousError(format!("discretised composition: {e:?}"));
            sides.push((
                up.power(k, PRUNE).map_err(e)?,
                lo.power(k, PRUNE).map_err(e)?,
            ));
        }
        Ok(Composed {
            h: h.clone(),
            sides,
        })
    }

    fn slots(&self) -> usize {
        self.sides
            .iter()
            .map(|(u, l)| u.m.len().max(l.m.len()))
            .max()
            .unwrap_or(0)
    }

    /// δ(ε) ∈ [max lower, max upper] over the orders.
    fn delta(&self, eps: &Rational) -> (Rational, Rational) {
        let x = eps / &self.h;
        let j_floor = floor_index(&x);
        let j_ceil = i64::try_from(&x.ceiling()).unwrap_or(i64::MAX);
        let mut lo = Rational::ZERO;
        let mut hi = Rational::ZERO;
        for (u, l) in &self.sides {
            let du = u.delta_at(j_floor, &mut Decay::new(&self.h, Side::Upper));
            let dl = l.delta_at(j_ceil, &mut Decay::new(&self.h, Side::Lower));
            hi = hi.max(du);
            lo = lo.max(dl);
        }
        (lo, hi.min(Rational::ONE))
    }

    /// ε(δ) ∈ [lo, hi] (hi `None`: +∞).
    fn eps(&self, delta: &Rational) -> (Rational, Option<Rational>) {
        let mut lo = Rational::ZERO;
        let mut hi = Some(Rational::ZERO);
        for (u, l) in &self.sides {
            let ju = u.least_index(delta, &mut Decay::new(&self.h, Side::Upper));
            hi = match (hi, ju) {
                (Some(a), Some(j)) => Some(a.max(Rational::from(j) * &self.h)),
                _ => None,
            };
            // δ_lower(jh) > δ at j = least − 1 gives ε > (least − 1)·h.
            if let Some(j) = l.least_index(delta, &mut Decay::new(&self.h, Side::Lower)) {
                lo = lo.max(Rational::from((j - 1).max(0)) * &self.h);
            } else {
                // Even the lower measure's +∞ mass exceeds δ (none on the lower side): no
                // lower end beyond its top.
                lo = lo.max(Rational::from(l.hi().max(0)) * &self.h);
            }
        }
        (lo, hi)
    }
}

/// Per-product tail budget (fixed point, `2^-43 ≈ 1.1e-13` per tail): the upper side rounds
/// every occupied slot up to at least one unit, so a smaller budget lets the support grow with
/// every squaring; what is pruned stays accounted (moved to `+∞` or dropped), so this costs
/// tightness only (at most `2^-42` of δ per product).
const PRUNE: u64 = 1 << 20;

/// δ(ε) enclosed by a closed form.
type DeltaFn = Box<dyn Fn(&Rational) -> (Rational, Rational)>;

/// Answer the question.
pub fn answer(q: &ContinuousQuery) -> Result<ContinuousReport, ContinuousError> {
    let start = Instant::now();
    let mut eps = q.eps.clone();
    let renyi_asked = !q.rdp.is_empty() || q.zcdp;
    if renyi_asked && q.poisson.as_ref().is_some_and(|p| *p != 1u32) {
        return Err(ContinuousError(
            "--rdp/--zcdp with --subsample: no certified Renyi divergence of the \
             Poisson-subsampled mechanism yet (only of gaussian:SIGMA and laplace:B alone)"
                .into(),
        ));
    }
    let delta = q.delta.clone().or_else(|| {
        (q.eps.is_empty() && q.check.is_none() && q.curve_t.is_none() || renyi_asked)
            .then(|| Rational::from_unsigneds(1u32, 100000u32))
    });
    if let Some((e, _)) = &q.check {
        eps.push(e.clone());
    }
    let d = &q.sensitivity;
    let mut r = ContinuousReport {
        query: q.clone(),
        mode: "closed_form",
        method: String::new(),
        eps_for_delta: None,
        delta_at_eps: vec![],
        check: None,
        rounds: vec![],
        satisfied: true,
        curve: None,
        elapsed: Duration::ZERO,
        renyi: None,
    };
    let pts = q.curve_t.as_ref().map(curve_points).unwrap_or_default();
    let closed: Option<DeltaFn> = match (&q.mech, &q.poisson) {
        (Continuous::Gaussian { sigma }, p) if p.as_ref().is_none_or(|p| *p == 1u32) => {
            let mu2 = Rational::from(q.k) * d * d / (sigma * sigma);
            r.method = format!(
                "k-fold Gaussian = one Gaussian with mu = sqrt(k)*D/sigma, mu^2 = {mu2}; delta(eps) = Phi(mu/2 - eps/mu) - e^eps*Phi(-mu/2 - eps/mu) (Balle-Wang 2018, Thm 8), certified Phi"
            );
            Some(Box::new(move |e: &Rational| gaussian_delta(&mu2, e)))
        }
        (Continuous::Laplace { b }, p) if q.k == 1 && p.as_ref().is_none_or(|p| *p == 1u32) => {
            let eps0 = d / b;
            r.method = format!(
                "one Laplace use, eps0 = D/b = {eps0}: delta(eps) = max(0, 1 - e^((eps - eps0)/2)), eps(delta) = max(0, eps0 + 2 ln(1 - delta))"
            );
            Some(Box::new(move |e: &Rational| laplace_delta(&eps0, e)))
        }
        _ => None,
    };
    if let Some(f) = closed {
        for e in &eps {
            r.delta_at_eps.push(f(e));
        }
        if q.curve_t.is_some() {
            r.curve = Some(curve_bands(&pts, &point_enclosures(&pts, &*f)));
        }
        if let Some(dl) = &delta {
            r.eps_for_delta = Some(match &q.mech {
                Continuous::Laplace { b } => {
                    let (lo, hi) = laplace_eps(&(d / b), dl);
                    (lo, Some(hi))
                }
                Continuous::Gaussian { .. } => {
                    let w = q
                        .width
                        .clone()
                        .min(Rational::from_unsigneds(1u32, 1u32 << 30));
                    match eps_by_bisection(dl, &w, &*f) {
                        Some((lo, hi)) => (lo, Some(hi)),
                        None => (Rational::ZERO, None),
                    }
                }
            });
        }
    } else {
        r.mode = "discretised_enclosure";
        discretised(q, &eps, delta.as_ref(), &pts, &mut r, start)?;
    }
    if let Some((e, dl)) = &q.check {
        let enc = r.delta_at_eps.pop().expect("the check's ε was appended");
        let verdict = if enc.1 <= *dl {
            Some(true)
        } else if enc.0 > *dl {
            Some(false)
        } else {
            None
        };
        let _ = e;
        r.check = Some((enc, verdict));
    }
    if renyi_asked {
        r.renyi = Some(renyi(q, delta.as_ref(), &r.eps_for_delta));
    }
    r.query.delta = delta;
    r.elapsed = start.elapsed();
    Ok(r)
}

/// `--rdp`/`--zcdp` of `k` uses ([`crate::accounting::renyi::noise`]), beside `ε(δ)`.
fn renyi(
    q: &ContinuousQuery,
    delta: Option<&Rational>,
    pld: &Option<(Rational, Option<Rational>)>,
) -> crate::accounting::answer::RenyiReport {
    use crate::accounting::renyi::noise;
    let d = &q.sensitivity;
    let prec = crate::accounting::renyi::PREC;
    crate::accounting::answer::RenyiReport {
        orders: q
            .rdp
            .iter()
            .map(|a| match &q.mech {
                Continuous::Gaussian { sigma } => noise::gaussian_rdp(a, sigma, d, q.k),
                Continuous::Laplace { b } => noise::laplace_rdp(a, b, d, q.k),
            })
            .collect(),
        zcdp: q.zcdp.then(|| match &q.mech {
            Continuous::Gaussian { sigma } => noise::gaussian_zcdp(sigma, d, q.k),
            Continuous::Laplace { b } => noise::laplace_zcdp(b, d, q.k, 40, 20_000),
        }),
        delta: delta.filter(|d| **d > 0u32 && **d < 1u32).cloned(),
        pld_eps: pld.as_ref().map(|(lo, hi)| {
            (
                "certified enclosure",
                hi.as_ref()
                    .and_then(|hi| crate::num::Interval::from_rationals(lo, hi, prec)),
            )
        }),
    }
}

/// The discretised path: Gaussian with Poisson subsampling, or k-fold Laplace; halving `h`
/// until every answer's relative width is at most the width asked for (each curve point's
/// too, where δ ≥ [`CURVE_WIDTH_FLOOR`]), or the next round is predicted to end past the time
/// budget.
fn discretised(
    q: &ContinuousQuery,
    eps: &[Rational],
    delta: Option<&Rational>,
    pts: &[(Rational, Rational, Rational)],
    r: &mut ContinuousReport,
    start: Instant,
) -> Result<(), ContinuousError> {
    let d = &q.sensitivity;
    // The first grid: finer for more uses (the gap is about k·h² per use).
    // The first grid, h = 1/128 (ε₀/128 for Laplace): cheap; the rounds halve it.
    let mut steps: u64 = 128;
    loop {
        let round_start = Instant::now();
        let (orders, h): (Vec<Cells>, Rational) = match &q.mech {
            Continuous::Gaussian { sigma } => {
                let g = SubsampledGaussian {
                    sigma: sigma / d,
                    q: q.poisson.clone().unwrap_or(Rational::ONE),
                };
                let h = Rational::from_unsigneds(1u64, steps);
                let (a, b) = g.cells(&h);
                r.method = format!(
                    "Poisson-subsampled Gaussian, sigma/D = {}, q = {}: loss cells of width h enclosed with the certified Phi; upper kernel by connect-the-dots, lower by contracting Jensen points onto the grid; exact integer composition; both orders (add, remove)",
                    g.sigma, g.q
                );
                (vec![a, b], h)
            }
            Continuous::Laplace { b } if q.poisson.as_ref().is_some_and(|p| *p != 1u32) => {
                let l = SubsampledLaplace {
                    eps0: d / b,
                    q: q.poisson.clone().expect("subsampled"),
                };
                // About `steps` cells across the loss's range `[L₋, L₊]`.
                let n = (steps as f64 / l.range_hint()).ceil().clamp(1.0, 1e15) as u64;
                let h = Rational::from_unsigneds(1u64, n);
                let (a, b) = l.cells(&h).ok_or_else(|| {
                    ContinuousError(
                        "subsampled Laplace: an atom's grid cell was not decided at 4096 bits"
                            .into(),
                    )
                })?;
                r.method = format!(
                    "Poisson-subsampled Laplace, eps0 = D/b = {}, q = {}: loss cells of width h (the atoms ln(1 - q + q e^(+-eps0)) counted in their cells) enclosed with certified exp; upper kernel by connect-the-dots, lower by contracting Jensen points onto the grid; exact integer composition; both orders (add, remove)",
                    l.eps0, l.q
                );
                (vec![a, b], h)
            }
            Continuous::Laplace { b } => {
                let eps0 = d / b;
                let c = laplace_cells(&eps0, steps);
                r.method = format!(
                    "k-fold Laplace, eps0 = D/b = {eps0}: loss cells of width h = eps0/{steps} (atoms at +-eps0 on the grid); upper kernel by connect-the-dots, lower by contracting Jensen points; exact integer composition"
                );
                let h = c.h.clone();
                (vec![c], h)
            }
        };
        let c = Composed::new(&orders, q.k, &h)?;
        r.delta_at_eps = eps.iter().map(|e| c.delta(e)).collect();
        r.eps_for_delta = delta.map(|dl| c.eps(dl));
        let enc = point_enclosures(pts, |e| c.delta(e));
        if q.curve_t.is_some() {
            r.curve = Some(curve_bands(pts, &enc));
        }
        let secs = round_start.elapsed().as_secs_f64();
        r.rounds.push(Round {
            h: h.clone(),
            slots: c.slots(),
            secs,
        });
        let w = &q.width;
        // The check's δ (appended last) needs only a verdict, not the width: a tiny δ(ε) far
        // below the δ asked would otherwise refine to the time budget.
        let asked = eps.len() - usize::from(q.check.is_some());
        let ok_d = r.delta_at_eps[..asked]
            .iter()
            .all(|(lo, hi)| rel_ok(lo, hi, w) || *hi == 0u32);
        let ok_c = enc
            .iter()
            .all(|(lo, hi)| rel_ok(lo, hi, w) || crate::num::fmt::to_f64(hi) < CURVE_WIDTH_FLOOR);
        let ok_e = match &r.eps_for_delta {
            None => true,
            Some((lo, Some(hi))) => rel_ok(lo, hi, w),
            Some((_, None)) => false,
        };
        let check_decided = match (&q.check, r.delta_at_eps.last()) {
            (Some((_, dl)), Some((lo, hi))) => *hi <= *dl || *lo > *dl,
            _ => true,
        };
        if ok_d && ok_e && ok_c && check_decided {
            r.satisfied = true;
            return Ok(());
        }
        // The next round (h halved) costs about 2.5 times this one.
        if start.elapsed().as_secs_f64() + 2.5 * secs > q.time.as_secs_f64() || steps >= 1 << 22 {
            r.satisfied = false;
            return Ok(());
        }
        steps *= 2;
    }
}

fn dec(x: &Rational) -> String {
    crate::num::fmt::decimal_round(x, 6, malachite::base::rounding_modes::RoundingMode::Nearest)
}

fn enc_text(lo: &Rational, hi: &Rational) -> String {
    use malachite::base::rounding_modes::RoundingMode::{Ceiling, Floor};
    format!(
        "[{}, {}]",
        crate::num::fmt::decimal_round(lo, 8, Floor),
        crate::num::fmt::decimal_round(hi, 8, Ceiling)
    )
}

fn enc_json(lo: &Rational, hi: &Rational) -> Value {
    crate::json::enclosure(lo, hi, 12, None)
}

fn word(v: &Option<bool>) -> &'static str {
    match v {
        Some(true) => "holds",
        Some(false) => "fails",
        None => "undecided",
    }
}

impl ContinuousReport {
    /// The `--check` verdict, as [`crate::accounting::answer::ComposeReport::check`].
    pub fn check(&self) -> Option<Option<bool>> {
        self.check.as_ref().map(|(_, v)| *v)
    }

    /// `--curve-t`'s bands as CSV (`None` without it), the grid enclosure's columns.
    pub fn curve_csv(&self) -> Option<String> {
        self.curve.as_ref().map(crate::accounting::answer::band_csv)
    }

    /// `--curve-t`'s certified band as a figure (`None` without it).
    pub fn curve_figure(&self, title: &str) -> Option<crate::plot::Figure> {
        self.curve
            .as_ref()
            .map(|b| crate::accounting::answer::band_figure(title, b))
    }

    fn adjacency(&self) -> String {
        let q = &self.query;
        match &q.poisson {
            Some(p) => format!(
                "add/remove one record, Poisson sampling q = {p}, query sensitivity D = {}; both orders",
                q.sensitivity
            ),
            None => format!("query values at distance at most D = {}", q.sensitivity),
        }
    }

    /// The report in words.
    pub fn to_text(&self) -> String {
        let q = &self.query;
        let mut t = vec![format!(
            "{} used {} times; neighbours: {}; {}",
            q.spec,
            q.k,
            self.adjacency(),
            self.mode.replace('_', " ")
        )];
        t.push(format!("method: {}", self.method));
        if let (Some(dl), Some((lo, hi))) = (&q.delta, &self.eps_for_delta) {
            match hi {
                Some(hi) => t.push(format!(
                    "smallest eps with delta <= {dl}: eps ∈ {} (certified enclosure, relative width {})",
                    enc_text(lo, hi),
                    if *hi == 0u32 { "0".to_string() } else { dec(&((hi - lo) / hi)) }
                )),
                None => t.push(format!(
                    "smallest eps with delta <= {dl}: eps ≥ {} (no finite upper end on this grid)",
                    dec(lo)
                )),
            }
        }
        for (e, (lo, hi)) in q.eps.iter().zip(&self.delta_at_eps) {
            t.push(format!(
                "delta(eps = {e}) ∈ {} (certified enclosure)",
                enc_text(lo, hi)
            ));
        }
        if let (Some(r), Some(bands)) = (&q.curve_t, &self.curve) {
            t.extend(crate::accounting::answer::band_text(
                r.lo(),
                r.hi(),
                bands,
                &format!("from the {}", self.mode.replace('_', " ")),
            ));
        }
        if let (Some((e, dl)), Some(((lo, hi), v))) = (&q.check, &self.check) {
            t.push(format!(
                "check ({e}, {dl})-DP after these uses: {}; delta(eps) ∈ {}",
                word(v),
                enc_text(lo, hi)
            ));
        }
        for r in &self.rounds {
            t.push(format!(
                "grid h = {}: {} slots, {:.3} s",
                r.h, r.slots, r.secs
            ));
        }
        if !self.satisfied {
            t.push(format!(
                "note: the width asked for ({}) was not reached within the time budget (--enclosure-secs); the enclosures above are sound but wider",
                q.width
            ));
        }
        if let Some(rr) = &self.renyi {
            t.extend(rr.lines());
        }
        t.push(format!("time: {:.3} s", self.elapsed.as_secs_f64()));
        t.join("\n") + "\n"
    }

    /// The `compose` document (docs/json.md).
    pub fn to_json(&self) -> Value {
        let q = &self.query;
        let mut j = serde_json::Map::new();
        j.insert("mode".into(), json!(self.mode));
        j.insert("uses".into(), json!([{"mechanism": q.spec, "k": q.k}]));
        j.insert("sensitivity".into(), crate::json::exact(&q.sensitivity));
        j.insert(
            "subsample".into(),
            q.poisson
                .as_ref()
                .map(|p| json!(format!("poisson:{p}")))
                .unwrap_or(Value::Null),
        );
        j.insert("adjacency".into(), json!(self.adjacency()));
        j.insert("method".into(), json!(self.method));
        if let (Some(dl), Some((lo, hi))) = (&q.delta, &self.eps_for_delta) {
            j.insert(
                "eps_for_delta".into(),
                json!({
                    "delta": crate::json::exact(dl),
                    "eps": hi.as_ref().map(|hi| enc_json(lo, hi)),
                    "eps_lower": crate::json::exact(lo),
                    "relative_width": hi.as_ref().map(|hi| if *hi == 0u32 { "0".to_string() } else { dec(&((hi - lo) / hi)) }),
                }),
            );
        }
        let rows: Vec<Value> = q
            .eps
            .iter()
            .zip(&self.delta_at_eps)
            .map(|(e, (lo, hi))| {
                json!({
                    "eps": crate::json::exact(e),
                    "lower": crate::json::exact(lo),
                    "upper": crate::json::exact(hi),
                    "enclosure": enc_json(lo, hi),
                })
            })
            .collect();
        j.insert("delta_at_eps".into(), rows.into());
        if let (Some((e, dl)), Some(((lo, hi), v))) = (&q.check, &self.check) {
            j.insert(
                "check".into(),
                json!({
                    "eps": crate::json::exact(e),
                    "delta": crate::json::exact(dl),
                    "holds": v,
                    "verdict": word(v),
                    "delta_enclosure": enc_json(lo, hi),
                }),
            );
        }
        if let (Some(r), Some(bands)) = (&q.curve_t, &self.curve) {
            j.insert(
                "curve".into(),
                crate::accounting::answer::band_json(r.lo(), r.hi(), bands),
            );
        }
        j.insert(
            "rounds".into(),
            self.rounds
                .iter()
                .map(|r| json!({"h": r.h.to_string(), "slots": r.slots, "elapsed_ms": (r.secs * 1000.0) as u64}))
                .collect::<Vec<_>>()
                .into(),
        );
        j.insert("satisfied".into(), json!(self.satisfied));
        if let Some(rr) = &self.renyi {
            j.insert("renyi".into(), rr.to_json());
        }
        j.insert("elapsed_ms".into(), json!(self.elapsed.as_millis() as u64));
        crate::json::document("compose", Value::Object(j))
    }
}
