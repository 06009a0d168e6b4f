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
//! table, a δ for the smallest ε, and the units (bits by default, or nats) of the information
//! quantities. ε itself is always a natural logarithm (`t = e^ε`).

use crate::graph::{Graph, SpecError};
use crate::measure::epsilon::{
    DeltaAtEps, DeltaSearch, EpsForDelta, ExpEps, PairScan, Unseparated,
};
use crate::measure::{self, complete_pairs, CapacityBracket, DeltaAt, DpLevel, ExtRational};
use crate::num::fmt::{abbreviate, decimal, decimal_round};
use crate::num::{Interval, LogLinear, Rational};
use crate::prob::{Channel, Dist};
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::fmt;
use std::time::{Duration, Instant};

/// Digits of the printed decimals.
const DIGITS: usize = 12;

/// The note under a text report in which [`shown`] shortened a fraction.
const SHORTENED: &str =
    "(fractions of more than 60 characters are shown as decimals; --json prints them exactly)\n";

/// A rational of the text report: exact when short, else its decimal and its length, so that a
/// 1024 × 1024 audit does not print fractions of thousands of digits (`--json` keeps every
/// value exact, and [`SHORTENED`] says so under the report).
fn shown(q: &Rational) -> String {
    let exact = q.to_string();
    if exact.len() <= crate::num::fmt::ECHO_LIMIT {
        exact
    } else {
        format!(
            "≈ {} ({}-character fraction)",
            decimal(q, DIGITS),
            exact.len()
        )
    }
}
/// Digits of the mutual-information enclosure.
const MI_DIGITS: usize = 36;
/// The longest exact mutual-information form the text report prints (`--json` always has it).
const MI_FORM_LIMIT: usize = 160;
/// Digits of the capacity enclosure.
const CAP_DIGITS: usize = 18;
/// Working precision (bits) of the enclosures.
const PREC: u64 = 256;

/// A neighbour relation on the inputs `0..n`: unordered pairs, both orientations checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjacency {
    /// How it was given (`complete:3`, `hamming:2,2`, a file name, ...).
    pub name: String,
    /// Number of inputs (vertices).
    pub n: usize,
    /// The neighbour pairs `{x, x'}`, each once (both orientations are checked).
    pub pairs: Vec<(usize, usize)>,
    /// `(n, m)` when the inputs are the words of `[m]^n` under Hamming adjacency (enables the
    /// expected Hamming distortion).
    pub hamming: Option<(usize, usize)>,
    /// For a graph read from an edge list with named labels: the label of each input.
    pub labels: Option<Vec<String>>,
}

impl Adjacency {
    /// Every pair of the `n` inputs adjacent (the usual "any two databases" reading).
    pub fn complete(n: usize) -> Adjacency {
        Adjacency {
            name: format!("complete:{n}"),
            n,
            pairs: complete_pairs(n),
            hamming: None,
            labels: None,
        }
    }

    /// The edges of `g`; input `v` is vertex `v` (for integer edge-list labels, the label itself).
    pub fn of_graph(name: impl Into<String>, g: &Graph) -> Adjacency {
        Adjacency {
            name: name.into(),
            n: g.n(),
            pairs: g.edges(),
            hamming: g.hamming_params(),
            labels: g
                .has_named_labels()
                .then(|| (0..g.n()).map(|v| g.label(v)).collect()),
        }
    }

    /// `complete` ([`Adjacency::complete`] on the `n` inputs) or a graph named as
    /// [`crate::graph::resolve`] reads it (a generator spec such as `cycle:5`, or an edge-list
    /// file), with the edge-list warnings. Whether the graph has `n` vertices is checked by
    /// [`audit_with`] ([`AuditError::AdjacencySize`]).
    pub fn resolve(spec: &str, n: usize) -> Result<(Adjacency, Vec<String>), SpecError> {
        if spec == "complete" {
            return Ok((Adjacency::complete(n), Vec::new()));
        }
        let (g, warnings) = crate::graph::resolve(spec)?;
        Ok((Adjacency::of_graph(spec, &g), warnings))
    }
}

/// A neighbour relation without a single pair: a graph without edges, or one input (a
/// one-row mechanism). Every privacy level holds vacuously on it and no pair can witness one,
/// so `audit`, `compose` and `optimal` refuse it with this one message (issue 42 item 13: `audit`
/// used to report `e^eps = 1` "attained at x = 0, x' = 0", a pair that is no pair).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoNeighbourPairs {
    /// How the relation was given (`complete:1`, a file name, ...).
    pub name: String,
    /// Number of inputs (vertices).
    pub n: usize,
}

impl NoNeighbourPairs {
    /// `Err` when the relation `name` on `n` inputs has no pair (`pairs` = its number of
    /// neighbour pairs).
    pub fn check(name: &str, n: usize, pairs: usize) -> Result<(), NoNeighbourPairs> {
        if pairs == 0 {
            Err(NoNeighbourPairs {
                name: name.to_string(),
                n,
            })
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for NoNeighbourPairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = if self.n <= 1 {
            format!("there is {} input (a one-row mechanism)", self.n)
        } else {
            format!(
                "the adjacency `{}` has no edge between its {} inputs",
                self.name, self.n
            )
        };
        write!(
            f,
            "no neighbouring pairs: {why}, so every privacy level would hold vacuously and no \
             pair could witness one (a neighbour relation needs two inputs and an edge between \
             them)"
        )
    }
}

impl std::error::Error for NoNeighbourPairs {}

impl Adjacency {
    /// [`NoNeighbourPairs::check`] on this relation.
    pub fn require_pairs(&self) -> Result<(), NoNeighbourPairs> {
        NoNeighbourPairs::check(&self.name, self.n, self.pairs.len())
    }
}

/// Units of the information quantities (leakage, mutual information, capacity).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Units {
    #[default]
    /// Base-2 logarithms.
    Bits,
    /// Natural logarithms.
    Nats,
}

impl Units {
    /// `"bits"` or `"nats"`.
    pub fn name(self) -> &'static str {
        match self {
            Units::Bits => "bits",
            Units::Nats => "nats",
        }
    }

    /// The logarithm of these units: `log2` or `ln`.
    pub fn log(self) -> &'static str {
        match self {
            Units::Bits => "log2",
            Units::Nats => "ln",
        }
    }

    /// An enclosure in nats converted to these units.
    fn convert_nats(self, i: &Interval) -> Interval {
        match self {
            Units::Nats => i.clone(),
            Units::Bits => i.checked_div(&Interval::ln2(PREC)).expect("ln 2 > 0"),
        }
    }
}

/// What to compute beyond the defaults.
#[derive(Clone, Debug)]
pub struct Options {
    /// The prior on the inputs (identifiability needs one; leakage and MI use uniform without).
    pub prior: Option<Dist>,
    /// `t = e^ε ≥ 1`: report δ(t) exactly.
    pub t: Option<Rational>,
    /// Exact `ε ≥ 0` values: report δ(ε) = A − B·e^ε for each.
    pub eps: Vec<Rational>,
    /// `0 ≤ δ ≤ 1`: report the smallest ε (as exact `e^ε`) with δ(ε) ≤ δ.
    pub delta: Option<Rational>,
    /// Units of the information quantities in the report (bits by default).
    pub units: Units,
    /// Width (in nats) the Shannon-capacity bracket aims for.
    pub capacity_width: Rational,
    /// A gain function `g(w, x)` (rows = guesses `w`, columns = secrets = inputs `x`): report
    /// the g-vulnerabilities and g-leakages ([`GainMeasures`]).
    pub gain: Option<Vec<Vec<Rational>>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prior: None,
            t: None,
            eps: Vec::new(),
            delta: None,
            units: Units::Bits,
            capacity_width: Rational::from_signeds(1i64, 1_000_000_000_000i64),
            gain: None,
        }
    }
}

impl Options {
    /// The privacy parameters are in range: `t ≥ 1`, every `ε ≥ 0`, `0 ≤ δ ≤ 1`.
    pub fn check_parameters(&self) -> Result<(), AuditError> {
        if let Some(t) = self.t.as_ref().filter(|t| **t < 1u32) {
            return Err(AuditError::TBelowOne(t.clone()));
        }
        if let Some(e) = self.eps.iter().find(|e| **e < 0u32) {
            return Err(AuditError::NegativeEps(e.clone()));
        }
        if let Some(d) = self.delta.as_ref().filter(|d| **d < 0u32 || **d > 1u32) {
            return Err(AuditError::DeltaOutOfRange(d.clone()));
        }
        Ok(())
    }
}

/// Why an audit could not be run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuditError {
    /// The adjacency has `vertices` vertices but the channel `rows` inputs.
    AdjacencySize {
        /// Vertices of the adjacency.
        vertices: usize,
        /// Inputs (rows) of the channel.
        rows: usize,
    },
    /// A pair names an input outside `0..rows`.
    PairOutOfRange {
        /// The pair, as given.
        pair: (usize, usize),
        /// Inputs (rows) of the channel.
        rows: usize,
    },
    /// The prior has `len` masses but the channel `rows` inputs.
    PriorLength {
        /// Masses in the prior.
        len: usize,
        /// Inputs (rows) of the channel.
        rows: usize,
    },
    /// `t = e^ε` below 1 (ε would be negative).
    TBelowOne(Rational),
    /// A negative ε.
    NegativeEps(Rational),
    /// δ outside [0, 1].
    DeltaOutOfRange(Rational),
    /// A comparison with `e^ε` that the certified layer could not separate.
    Unseparated(Unseparated),
    /// The gain matrix has no row, or row `row` (0-based) has `len` entries, not one per input.
    GainShape {
        /// The 0-based gain row at fault.
        row: usize,
        /// Its number of entries.
        len: usize,
        /// Inputs (rows) of the channel: the entries every gain row needs.
        rows: usize,
    },
    /// The adjacency has no neighbour pair ([`NoNeighbourPairs`]).
    NoPairs(NoNeighbourPairs),
    /// The `Watch`'s deadline passed during `stage`.
    TimeLimit {
        /// The stage that was running, e.g. `delta at eps = 1`.
        stage: String,
    },
}

impl fmt::Display for AuditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuditError::AdjacencySize { vertices, rows } => write!(
                f,
                "the adjacency has {vertices} vertices but the channel has {rows} rows (one per input)"
            ),
            AuditError::PairOutOfRange { pair, rows } => write!(
                f,
                "neighbour pair ({}, {}) names an input outside 0..{rows}",
                pair.0, pair.1
            ),
            AuditError::PriorLength { len, rows } => write!(
                f,
                "prior of length {len}, expected {rows} (one mass per row)"
            ),
            AuditError::TBelowOne(t) => {
                let t = abbreviate(&t.to_string());
                write!(f, "t = e^eps = {t} must be at least 1 (eps ≥ 0)")
            }
            AuditError::NegativeEps(e) => {
                write!(f, "eps = {} must be ≥ 0", abbreviate(&e.to_string()))
            }
            AuditError::DeltaOutOfRange(d) => {
                write!(f, "delta = {} must be in [0, 1]", abbreviate(&d.to_string()))
            }
            AuditError::Unseparated(u) => write!(f, "{u}"),
            AuditError::GainShape { row, len, rows } => write!(
                f,
                "gain matrix row {} (1-based) has {len} entries, expected {rows} (one column per \
                 secret = per row of the channel; rows are guesses)",
                row + 1
            ),
            AuditError::NoPairs(e) => write!(f, "{e}"),
            AuditError::TimeLimit { stage } => {
                write!(f, "time limit reached during {stage}, before the report was complete")
            }
        }
    }
}

impl std::error::Error for AuditError {}

/// Every measure of one channel on one adjacency (see [`audit_with`]).
#[derive(Clone, Debug)]
pub struct Report {
    /// Inputs (rows) of the channel.
    pub inputs: usize,
    /// Outputs (columns) of the channel.
    pub outputs: usize,
    /// The neighbour relation the privacy measures were taken on.
    pub adjacency: Adjacency,
    /// The prior given in the options (`None`: uniform was used where a prior is needed).
    pub prior: Option<Dist>,
    /// Units of the information quantities (leakages, mutual information, capacity).
    pub units: Units,
    /// ε-DP level as `e^ε` (Dwork–Roth Def. 2.4 with δ = 0), with a witness.
    pub dp: DpLevel,
    /// δ at `t = e^ε` (hockey-stick divergence), exact.
    pub delta_at_t: Option<(Rational, DeltaAt)>,
    /// δ(ε) = A − B·e^ε at each requested ε.
    pub delta_at_eps: Vec<DeltaAtEps>,
    /// The smallest ε for the requested δ.
    pub eps_for_delta: Option<EpsForDelta>,
    /// Multiplicative min-entropy leakage `V(π, W) / V(π)` (uniform prior without one).
    pub min_entropy_leakage: Rational,
    /// Bayes vulnerabilities and leakages (uniform prior without one).
    pub bayes: BayesMeasures,
    /// g-vulnerabilities and g-leakages for the gain in the options.
    pub gain: Option<GainMeasures>,
    /// Multiplicative min-capacity `Σ_y max_x W(y|x)`.
    pub min_capacity: Rational,
    /// `I(X; Y)` in nats as an exact log-linear form (uniform prior without one).
    pub mutual_information: LogLinear,
    /// Shannon capacity in nats, certified bracket.
    pub capacity: CapacityBracket,
    /// The width (nats) the capacity bracket aimed for ([`Options::capacity_width`]).
    pub capacity_width: Rational,
    /// Identifiability level `e^ε` (needs a prior).
    pub identifiability: Option<DpLevel>,
    /// Expected Hamming distortion of the identity estimator (Hamming adjacency only).
    pub distortion: Option<Rational>,
}

/// Bayes vulnerability and leakage of a channel for a prior, with libqif's names (Smith,
/// *On the Foundations of Quantitative Information Flow*, FoSSaCS 2009; Alvim et al.,
/// *Additive and multiplicative notions of leakage, and their capacities*, CSF 2014).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BayesMeasures {
    /// `V(π) = max_x π(x)`.
    pub prior: Rational,
    /// `V(π, W) = Σ_y max_x π(x) W(y|x)`.
    pub posterior: Rational,
    /// `V(π, W) − V(π)`.
    pub add_leakage: Rational,
    /// `V(π, W) / V(π)`.
    pub mult_leakage: Rational,
    /// `Σ_y max_{x ∈ supp π} W(y|x)`: the largest multiplicative g-leakage over every gain
    /// `g ≥ 0` for this prior (the miracle theorem; [`measure::mult_capacity_on_support`]).
    pub mult_capacity: Rational,
}

impl BayesMeasures {
    /// The measures of `w` under `prior` (every value exact).
    pub fn of(prior: &Dist, w: &Channel) -> BayesMeasures {
        let v0 = measure::bayes_vulnerability(prior);
        let v1 = measure::posterior_vulnerability(prior, w);
        BayesMeasures {
            add_leakage: measure::add_leakage(&v0, &v1),
            mult_leakage: measure::mult_leakage(&v0, &v1).expect("max of a distribution > 0"),
            mult_capacity: measure::mult_capacity_on_support(prior, w),
            prior: v0,
            posterior: v1,
        }
    }
}

/// g-vulnerability and g-leakage of a channel for a prior and a gain function `g(w, x)`
/// (Alvim, Chatzikokolakis, Palamidessi, Smith, *Measuring Information Leakage using
/// Generalized Gain Functions*, CSF 2012, Defs. 3.2–3.3 and §IV; libqif's `g_vuln`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GainMeasures {
    /// Number of guesses (rows of the gain matrix).
    pub guesses: usize,
    /// `V_g(π) = max_w Σ_x π(x) g(w, x)`.
    pub prior: Rational,
    /// `V_g(π, W) = Σ_y max_w Σ_x π(x) W(y|x) g(w, x)`.
    pub posterior: Rational,
    /// Additive g-leakage `V_g(π, W) − V_g(π)`.
    pub add_leakage: Rational,
    /// `V_g(π, W) / V_g(π)`; `None` when `V_g(π) = 0`.
    pub mult_leakage: Option<Rational>,
    /// Every entry of `g` is `≥ 0`: then `mult_leakage ≤` [`BayesMeasures::mult_capacity`]
    /// (the miracle theorem of CSF 2014), reported as the multiplicative g-capacity bound.
    pub non_negative: bool,
}

impl GainMeasures {
    /// The measures of `w` under `prior` and the gain `g` (rows = guesses, columns = inputs).
    pub fn of(prior: &Dist, w: &Channel, g: &[Vec<Rational>]) -> Result<GainMeasures, AuditError> {
        let n = w.n_inputs();
        if g.is_empty() {
            return Err(AuditError::GainShape {
                row: 0,
                len: 0,
                rows: n,
            });
        }
        if let Some((row, r)) = g.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(AuditError::GainShape {
                row,
                len: r.len(),
                rows: n,
            });
        }
        let v0 = measure::g_vulnerability(prior, g);
        let v1 = measure::posterior_g_vulnerability(prior, w, g);
        Ok(GainMeasures {
            guesses: g.len(),
            add_leakage: measure::add_leakage(&v0, &v1),
            mult_leakage: measure::mult_leakage(&v0, &v1),
            non_negative: g.iter().flatten().all(|a| *a >= 0u32),
            prior: v0,
            posterior: v1,
        })
    }
}

/// The default ceiling of [`memory_estimate`] in `dpcert audit` (`--max-memory` raises it).
pub(crate) const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// The peak memory (bytes, an estimate) of an audit of an `n × k` channel on `pairs` neighbour
/// pairs, to refuse before allocating: per matrix cell the exact entry, the prior-weighted copy
/// (identifiability), a term of the exact mutual-information form and the float copy of the
/// capacity hint; 16 bytes per neighbour pair (the list itself: the complete adjacency on
/// 32,000 inputs is 8 GB); the Newton system of the capacity hint. Rationals with large
/// numerators and denominators take more than counted here.
pub(crate) fn memory_estimate(n: usize, k: usize, pairs: usize) -> u64 {
    let cells = (n as u64).saturating_mul(k as u64);
    let per_cell = 4 * std::mem::size_of::<Rational>() as u64 + 64;
    let newton = measure::capacity_newton_limit(n) as u64;
    cells
        .saturating_mul(per_cell)
        .saturating_add((pairs as u64).saturating_mul(16))
        .saturating_add(newton.saturating_mul(newton).saturating_mul(8))
}

/// `bytes` for people: `3.2 GiB`, `512.0 MiB`, `900 bytes`.
pub(crate) fn bytes_text(bytes: u64) -> String {
    const UNITS: [(&str, u64); 4] = [
        ("TiB", 1 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
    ];
    for (name, size) in UNITS {
        if bytes >= size {
            // f64 only to print.
            return format!("{:.1} {name}", bytes as f64 / size as f64);
        }
    }
    format!("{bytes} bytes")
}

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

/// Neighbour pairs per step of a pair loop: between steps the deadline is checked and the
/// stage reported.
const PAIRS_PER_STEP: usize = 2048;

/// How a long audit reports its stages and when it gives up ([`audit_watched`]).
#[derive(Default)]
pub(crate) struct Watch<'a> {
    /// Stop with [`AuditError::TimeLimit`] once this instant has passed (checked between
    /// stages, every [`PAIRS_PER_STEP`] neighbour pairs, and during the capacity hint).
    pub deadline: Option<Instant>,
    /// Told the stage as it starts (`"delta at eps = 1: 4,096 / 65,280 neighbour pairs"`).
    pub stage: Option<&'a dyn Fn(&str)>,
    /// Each stage's name and start, in order ([`Watch::enter`]; `dpcert audit --stats`).
    pub starts: RefCell<Vec<(String, Instant)>>,
}

impl Watch<'_> {
    /// Start `stage`: record when, tell [`Watch::stage`], check the deadline.
    pub(crate) fn enter(&self, stage: &str) -> Result<(), AuditError> {
        self.mark(stage);
        self.step(stage)
    }

    /// Record that `stage` starts now (for [`Watch::stage_times`]), nothing else.
    pub(crate) fn mark(&self, stage: &str) {
        self.starts
            .borrow_mut()
            .push((stage.to_string(), Instant::now()));
    }

    /// The wall time of each stage entered so far, the last one ending now.
    pub(crate) fn stage_times(&self) -> Vec<(String, Duration)> {
        let starts = self.starts.borrow();
        let now = Instant::now();
        starts
            .iter()
            .enumerate()
            .map(|(i, (name, t))| {
                let end = starts.get(i + 1).map_or(now, |s| s.1);
                (name.clone(), end.duration_since(*t))
            })
            .collect()
    }

    /// Progress within the current stage: tell [`Watch::stage`], check the deadline.
    fn step(&self, stage: &str) -> Result<(), AuditError> {
        if let Some(f) = self.stage {
            f(stage);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(AuditError::TimeLimit {
                stage: stage.to_string(),
            });
        }
        Ok(())
    }

    fn in_time(&self) -> bool {
        self.deadline.is_none_or(|d| Instant::now() < d)
    }

    /// `measure` over the pairs in steps of [`PAIRS_PER_STEP`], keeping a step's result when
    /// `better(step, best)`: with a strict `better` this is the first attaining witness, as
    /// one pass over every pair would report it.
    /// A result that `settled` accepts cannot be beaten (a level or `e^ε` of `∞`): the
    /// remaining pairs are skipped.
    fn over_pairs<T>(
        &self,
        stage: &str,
        pairs: &[(usize, usize)],
        measure: impl Fn(&[(usize, usize)]) -> Result<T, AuditError>,
        better: impl Fn(&T, &T) -> Result<bool, AuditError>,
        settled: impl Fn(&T) -> bool,
    ) -> Result<T, AuditError> {
        let mut best: Option<T> = None;
        let total = crate::num::fmt::count(pairs.len(), "neighbour pair", "neighbour pairs");
        self.enter(stage)?;
        for (i, step) in pairs.chunks(PAIRS_PER_STEP).enumerate() {
            if best.as_ref().is_some_and(&settled) {
                break;
            }
            self.step(&format!("{stage}: {} of {total}", i * PAIRS_PER_STEP))?;
            let r = measure(step)?;
            best = match best {
                Some(b) if !better(&r, &b)? => Some(b),
                _ => Some(r),
            };
        }
        match best {
            Some(b) => Ok(b),
            None => measure(&[]),
        }
    }
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
    opts.check_parameters()?;
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
    let delta_at_t = match &opts.t {
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
    for eps in &opts.eps {
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
    let eps_for_delta = match &opts.delta {
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
        inputs: n,
        outputs: w.n_outputs(),
        adjacency: adjacency.clone(),
        prior: opts.prior.clone(),
        units: opts.units,
        dp,
        delta_at_t,
        delta_at_eps,
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
    })
}

/// `ln r` as a decimal (ε from `e^ε`).
fn ln_decimal(r: &ExtRational) -> String {
    match r {
        ExtRational::Infinite => "inf".into(),
        ExtRational::Finite(q) => Interval::ln_rational(q, 128)
            .map(|i| i.to_decimal_string(DIGITS))
            .unwrap_or_else(|| "?".into()),
    }
}

/// Outward-rounded `[lo, hi]` decimal strings of an enclosure.
fn outward(i: &Interval, digits: usize) -> [String; 2] {
    [
        decimal_round(
            &i.lo_rational().expect("finite"),
            digits,
            RoundingMode::Floor,
        ),
        decimal_round(
            &i.hi_rational().expect("finite"),
            digits,
            RoundingMode::Ceiling,
        ),
    ]
}

fn dist_strings(d: &Dist) -> Vec<String> {
    d.probs().iter().map(|q| q.to_string()).collect()
}

fn level_json(l: &DpLevel) -> Value {
    json!({
        "e_eps": l.ratio.to_string(),
        "eps": ln_decimal(&l.ratio),
        "witness": {"x": l.pair.0, "x_prime": l.pair.1, "y": l.output},
    })
}

/// `; attained at x = …, x' = …, event A = [..]` (0-based outputs), or `; no event (δ = 0)` —
/// an empty event attains nothing.
fn attained(delta: &Rational, pair: (usize, usize), event: &[usize]) -> String {
    if *delta == 0u32 {
        "; no event has positive delta (every likelihood ratio is within e^eps)".into()
    } else {
        format!(
            "; attained at x = {}, x' = {}, event A = {event:?}",
            pair.0, pair.1
        )
    }
}

fn level_text(name: &str, l: &DpLevel) -> String {
    let dec = match &l.ratio {
        ExtRational::Finite(q) => format!(" (≈ {})", decimal(q, DIGITS)),
        ExtRational::Infinite => String::new(),
    };
    format!(
        "{name}: e^eps = {}{dec}, eps = {}; attained at x = {}, x' = {}, y = {} (W(y|x)/W(y|x'))\n",
        l.ratio,
        ln_decimal(&l.ratio),
        l.pair.0,
        l.pair.1,
        l.output
    )
}

impl Report {
    fn prior_name(&self) -> &'static str {
        if self.prior.is_some() {
            "given prior"
        } else {
            "uniform prior"
        }
    }

    /// `log r` (`r > 0` rational) in the report's units.
    fn log_enclosure(&self, r: &Rational) -> [String; 2] {
        let ln = Interval::ln_rational(r, PREC).expect("ratio > 0");
        outward(&self.units.convert_nats(&ln), DIGITS)
    }

    /// The exact mutual information in the report's units: `Σ c·log2(r)` in bits (the nats
    /// form over `ln 2`), `Σ c·ln(r)` in nats.
    fn mi_exact(&self) -> String {
        self.mutual_information.written_with(self.units.log())
    }

    fn mi_enclosure(&self) -> [String; 2] {
        outward(
            &self
                .units
                .convert_nats(&self.mutual_information.enclose_cached(PREC)),
            MI_DIGITS,
        )
    }

    fn capacity_enclosure(&self) -> [String; 2] {
        let nats = Interval::from_rationals(&self.capacity.lo(), &self.capacity.hi(), PREC)
            .expect("lo ≤ hi");
        outward(&self.units.convert_nats(&nats), CAP_DIGITS)
    }

    fn delta_eps_enclosure(d: &DeltaAtEps) -> [String; 2] {
        outward(&d.enclose(PREC), DIGITS)
    }

    /// The report as JSON: exact values as strings, enclosures as `[lo, hi]` decimal strings
    /// keyed by their units.
    pub fn to_json(&self) -> Value {
        let u = self.units.name();
        let prior = self.prior_name();
        let mut j = serde_json::Map::new();
        j.insert(
            "shape".into(),
            json!({"inputs": self.inputs, "outputs": self.outputs}),
        );
        j.insert(
            "adjacency".into(),
            json!({"spec": self.adjacency.name, "pairs": self.adjacency.pairs.len(), "row_of_label": self.adjacency.labels}),
        );
        j.insert("units".into(), json!(u));
        j.insert("dp".into(), level_json(&self.dp));
        if let Some((t, d)) = &self.delta_at_t {
            j.insert(
                "delta_at_t".into(),
                json!({
                    "t": t.to_string(),
                    "delta": d.delta.to_string(),
                    "delta_decimal": decimal(&d.delta, DIGITS),
                    "witness": {"x": d.pair.0, "x_prime": d.pair.1, "event": d.event},
                }),
            );
        }
        if !self.delta_at_eps.is_empty() {
            let rows: Vec<Value> = self
                .delta_at_eps
                .iter()
                .map(|d| {
                    json!({
                        "eps": d.eps.to_string(),
                        "delta": d.to_string(),
                        "A": d.a.to_string(),
                        "B": d.b.to_string(),
                        "exact_rational": d.rational().map(|q| q.to_string()),
                        "enclosure": Report::delta_eps_enclosure(d),
                        "witness": {"x": d.pair.0, "x_prime": d.pair.1, "event": d.event},
                    })
                })
                .collect();
            j.insert("delta_at_eps".into(), Value::Array(rows));
        }
        if let Some(e) = &self.eps_for_delta {
            j.insert(
                "eps_for_delta".into(),
                json!({
                    "delta": e.delta.to_string(),
                    "e_eps": e.t.to_string(),
                    "eps": ln_decimal(&e.t),
                    "binding_pair": {"x": e.pair.0, "x_prime": e.pair.1},
                }),
            );
        }
        j.insert(
            "min_entropy".into(),
            json!({
                "prior": prior,
                "leakage_ratio": self.min_entropy_leakage.to_string(),
                format!("leakage_{u}"): self.log_enclosure(&self.min_entropy_leakage),
                "capacity_ratio": self.min_capacity.to_string(),
                format!("capacity_{u}"): self.log_enclosure(&self.min_capacity),
            }),
        );
        let b = &self.bayes;
        j.insert(
            "bayes".into(),
            json!({
                "prior_name": prior,
                "prior": b.prior.to_string(),
                "posterior": b.posterior.to_string(),
                "add_leakage": b.add_leakage.to_string(),
                "mult_leakage": b.mult_leakage.to_string(),
                "mult_capacity": b.mult_capacity.to_string(),
            }),
        );
        if let Some(g) = &self.gain {
            j.insert(
                "g_leakage".into(),
                json!({
                    "prior_name": prior,
                    "guesses": g.guesses,
                    "prior": g.prior.to_string(),
                    "posterior": g.posterior.to_string(),
                    "add_leakage": g.add_leakage.to_string(),
                    "mult_leakage": g.mult_leakage.as_ref().map(ToString::to_string),
                    "non_negative": g.non_negative,
                    "mult_capacity": g.non_negative.then(|| b.mult_capacity.to_string()),
                }),
            );
        }
        j.insert(
            "mutual_information".into(),
            json!({
                "prior": prior,
                u: self.mi_enclosure(),
                "terms": self.mutual_information.len(),
                "exact": self.mi_exact(),
                "exact_log": self.units.log(),
            }),
        );
        let width = self.capacity.width();
        j.insert(
            "capacity".into(),
            json!({
                u: self.capacity_enclosure(),
                "width_nats": decimal_round(&width, 20, RoundingMode::Ceiling),
                "target_width_nats": self.capacity_width.to_string(),
                "met": width <= self.capacity_width,
                "input": dist_strings(&self.capacity.input),
                "output": dist_strings(&self.capacity.output),
                "lower_is": "I(input; W)",
                "upper_is": format!("max_x D(W_x || output), attained at x = {}", self.capacity.upper_row),
                "hint_iterations": self.capacity.iterations,
            }),
        );
        if let Some(l) = &self.identifiability {
            j.insert("identifiability".into(), level_json(l));
        }
        if let Some(d) = &self.distortion {
            j.insert(
                "distortion".into(),
                json!({"prior": prior, "expected_hamming": d.to_string(), "decimal": decimal(d, DIGITS)}),
            );
        }
        Value::Object(j)
    }

    /// The Bayes and g-leakage lines of [`Report::to_text`] (exact rationals, libqif's names).
    fn qif_text(&self) -> String {
        let prior = self.prior_name();
        let b = &self.bayes;
        let mut out = format!(
            "Bayes vulnerability ({prior}): prior {}, posterior {}; add_leakage {}, mult_leakage {}, mult_capacity (every gain ≥ 0, this prior) {}\n",
            shown(&b.prior),
            shown(&b.posterior),
            shown(&b.add_leakage),
            shown(&b.mult_leakage),
            shown(&b.mult_capacity)
        );
        if let Some(g) = &self.gain {
            let mult = match &g.mult_leakage {
                Some(m) => shown(m),
                None => "undefined (prior g-vulnerability 0)".into(),
            };
            let cap = if g.non_negative {
                format!(
                    "; mult_capacity {} ≥ mult_leakage (g ≥ 0, miracle theorem)",
                    shown(&b.mult_capacity)
                )
            } else {
                "; no capacity bound (g has a negative entry)".into()
            };
            out += &format!(
                "g-vulnerability ({prior}, {} guesses): prior {}, posterior {}; add_leakage {}, mult_leakage {mult}{cap}\n",
                g.guesses,
                shown(&g.prior),
                shown(&g.posterior),
                shown(&g.add_leakage)
            );
        }
        out
    }

    /// The report as text, one measure per line (indices 0-based).
    pub fn to_text(&self) -> String {
        let u = self.units.name();
        let prior = self.prior_name();
        let adj = &self.adjacency;
        let mut out = format!(
            "{} inputs × {} outputs; adjacency {} ({} neighbour pairs); indices 0-based; information in {u}\n",
            self.inputs,
            self.outputs,
            adj.name,
            adj.pairs.len()
        );
        if let Some(l) = &adj.labels {
            // Named labels are numbered in order of first appearance in the file: say so.
            let map: Vec<String> = l
                .iter()
                .enumerate()
                .map(|(i, l)| format!("{l}→{i}"))
                .collect();
            out += &format!(
                "edge-list labels are names, numbered by first appearance; label→row: {}\n",
                map.join(" ")
            );
        }
        out += &level_text("DP level", &self.dp);
        if let Some((t, d)) = &self.delta_at_t {
            out += &format!(
                "delta at t = e^eps = {t}: {} (≈ {}){}\n",
                d.delta,
                decimal(&d.delta, DIGITS),
                attained(&d.delta, d.pair, &d.event)
            );
        }
        for d in &self.delta_at_eps {
            let value = match d.rational() {
                Some(q) => format!("{q} (≈ {})", decimal(&q, DIGITS)),
                None => {
                    let [lo, hi] = Report::delta_eps_enclosure(d);
                    format!("{d} ∈ [{lo}, {hi}]")
                }
            };
            let zero = d.rational().filter(|q| *q == 0u32);
            let delta = zero.unwrap_or_else(|| Rational::from(1u32));
            out += &format!(
                "delta at eps = {}: {value}{}\n",
                d.eps,
                attained(&delta, d.pair, &d.event)
            );
        }
        if let Some(e) = &self.eps_for_delta {
            out += &format!(
                "smallest eps with delta ≤ {}: e^eps = {}, eps = {}; bound by x = {}, x' = {}\n",
                e.delta,
                e.t,
                ln_decimal(&e.t),
                e.pair.0,
                e.pair.1
            );
        }
        let lb = self.log_enclosure(&self.min_entropy_leakage);
        let cb = self.log_enclosure(&self.min_capacity);
        let log = self.units.log();
        out += &format!(
            "min-entropy leakage ({prior}): {log}({}) ∈ [{}, {}] {u}\nmin-entropy capacity: {log}({}) ∈ [{}, {}] {u}\n",
            shown(&self.min_entropy_leakage),
            lb[0],
            lb[1],
            shown(&self.min_capacity),
            cb[0],
            cb[1]
        );
        out += &self.qif_text();
        let mi = self.mi_enclosure();
        let terms = crate::num::fmt::count(self.mutual_information.len(), "log term", "log terms");
        let form = self.mi_exact();
        let exact = if form.len() <= MI_FORM_LIMIT {
            format!("; exactly {form} ({terms})")
        } else {
            format!(" ({terms}; the exact form is in --json: mutual_information.exact)")
        };
        out += &format!(
            "mutual information ({prior}): ∈ [{}, {}] {u}{exact}\n",
            mi[0], mi[1]
        );
        let cap = self.capacity_enclosure();
        let width = self.capacity.width();
        out += &format!(
            "Shannon capacity: ∈ [{}, {}] {u} (width ≈ {:.2e} nats{}); certified by I(input;W) and max_x D(W_x||output) (x = {})\n",
            cap[0],
            cap[1],
            // f64 only to print the width compactly.
            f64::rounding_from(&width, RoundingMode::Ceiling).0,
            if width <= self.capacity_width { "" } else { ", above the target" },
            self.capacity.upper_row
        );
        if let Some(l) = &self.identifiability {
            out += &level_text("identifiability level", l);
        }
        if let Some(d) = &self.distortion {
            out += &format!(
                "expected Hamming distortion ({prior}): {d} (≈ {})\n",
                decimal(d, DIGITS)
            );
        }
        if out.contains("-character fraction)") {
            out += SHORTENED;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::parse_rational;

    fn q(s: &str) -> Rational {
        parse_rational(s).unwrap()
    }

    fn rr3() -> Channel {
        Channel::new(vec![vec![q("3/4"), q("1/4")], vec![q("1/4"), q("3/4")]]).unwrap()
    }

    #[test]
    fn bad_options_are_errors() {
        let w = rr3();
        let adj = Adjacency::complete(2);
        let with = |o: Options| audit_with(&w, &adj, &o).unwrap_err();
        assert_eq!(
            with(Options {
                t: Some(q("1/2")),
                ..Options::default()
            }),
            AuditError::TBelowOne(q("1/2"))
        );
        assert_eq!(
            with(Options {
                eps: vec![q("1"), q("-1")],
                ..Options::default()
            }),
            AuditError::NegativeEps(q("-1"))
        );
        assert_eq!(
            with(Options {
                delta: Some(q("3/2")),
                ..Options::default()
            }),
            AuditError::DeltaOutOfRange(q("3/2"))
        );
        assert_eq!(
            with(Options {
                prior: Some(Dist::uniform(3)),
                ..Options::default()
            }),
            AuditError::PriorLength { len: 3, rows: 2 }
        );
        assert_eq!(
            audit(&w, &Adjacency::complete(3)).unwrap_err(),
            AuditError::AdjacencySize {
                vertices: 3,
                rows: 2
            }
        );
    }

    /// Randomized response with e^ε = 3, recomputed by hand from the definitions:
    /// δ(ε) = 3/4 − e^ε/4 for e^ε < 3 (0 beyond), so δ(0) = TV = 1/2 and the smallest e^ε
    /// with δ ≤ 1/4 solves 3/4 − t/4 = 1/4: t = 2.
    #[test]
    fn randomized_response_by_hand() {
        let w = rr3();
        let opts = Options {
            eps: vec![q("0"), q("1"), q("2")],
            delta: Some(q("1/4")),
            t: Some(q("2")),
            units: Units::Nats,
            ..Options::default()
        };
        let r = audit_with(&w, &Adjacency::complete(2), &opts).unwrap();
        assert_eq!(r.delta_at_eps[0].rational(), Some(q("1/2")));
        assert_eq!(
            (&r.delta_at_eps[1].a, &r.delta_at_eps[1].b),
            (&q("3/4"), &q("1/4"))
        );
        // e^2 > 3: nothing left.
        assert_eq!(r.delta_at_eps[2].rational(), Some(q("0")));
        assert_eq!(
            r.eps_for_delta.as_ref().unwrap().t,
            ExtRational::Finite(q("2"))
        );
        assert_eq!(r.delta_at_t.as_ref().unwrap().1.delta, q("1/4"));
        let text = r.to_text();
        assert!(
            text.contains("delta at eps = 1: 3/4 - 1/4·e^1 ∈ [0.070429542885, 0.070429542886]"),
            "{text}"
        );
        assert!(text.contains("information in nats"), "{text}");
        // δ(2) = 0: no event is named (it used to print `event A = []`).
        assert!(
            text.contains("delta at eps = 2: 0 (≈ 0.000000000000); no event has positive delta"),
            "{text}"
        );
        assert!(!text.contains("[]"), "{text}");
        // A fractional ε is bracketed: e^(1/2), not e^1/2.
        let half = audit_with(
            &w,
            &Adjacency::complete(2),
            &Options {
                eps: vec![q("1/2")],
                ..Options::default()
            },
        )
        .unwrap()
        .to_text();
        assert!(half.contains("3/4 - 1/4·e^(1/2) ∈"), "{half}");
        // Bits: log2(3/2) = 0.584962500721...
        let b = audit(&w, &Adjacency::complete(2)).unwrap().to_json();
        assert_eq!(b["min_entropy"]["capacity_bits"][0], "0.584962500721");
    }

    /// Every `[lo, hi]` enclosure in the JSON report, with its path (`capacity.bits`, ...).
    fn enclosures(v: &Value, path: &str, out: &mut Vec<(String, Rational, Rational)>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    enclosures(x, &format!("{path}.{k}"), out);
                }
            }
            Value::Array(a) => {
                let ends: Vec<Option<Rational>> = a
                    .iter()
                    .map(|x| x.as_str().and_then(|s| parse_rational(s).ok()))
                    .collect();
                match ends.as_slice() {
                    [Some(lo), Some(hi)] => out.push((path.into(), lo.clone(), hi.clone())),
                    _ => a.iter().for_each(|x| enclosures(x, path, out)),
                }
            }
            _ => {}
        }
    }

    /// Issue 26: two equal rows carry no information: mutual information and capacity print
    /// as exactly 0 (they were `[-1e-18, 1e-18]`).
    /// Long fractions are shown as decimals in the text, with the note, and exactly in JSON:
    /// W = (a, 1 − a; 1/2, 1/2) with a = 10^40/(10^40 + 1), so the Bayes posterior
    /// (a + 1/2)/2 = (3·10^40 + 1)/(4·(10^40 + 1)) has 83 characters.
    #[test]
    fn long_fractions_are_shown_as_decimals() {
        let a = q(
            "10000000000000000000000000000000000000000/10000000000000000000000000000000000000001",
        );
        let w = Channel::new(vec![
            vec![a.clone(), Rational::from(1u32) - &a],
            vec![q("1/2"), q("1/2")],
        ])
        .unwrap();
        let report = audit(&w, &Adjacency::complete(2)).unwrap();
        let posterior = q(
            "30000000000000000000000000000000000000001/40000000000000000000000000000000000000004",
        );
        assert_eq!(report.bayes.posterior, posterior);
        let text = report.to_text();
        assert!(
            text.contains("posterior ≈ 0.750000000000 (83-character fraction)"),
            "{text}"
        );
        assert!(text.ends_with(SHORTENED), "{text}");
        assert!(!text.contains(&posterior.to_string()), "{text}");
        let j = report.to_json();
        assert_eq!(j["bayes"]["posterior"], posterior.to_string(), "{j}");
        // Short fractions are printed whole, with no note.
        let text = audit(&rr3(), &Adjacency::complete(2)).unwrap().to_text();
        assert!(
            !text.contains("-character fraction") && !text.contains(SHORTENED),
            "{text}"
        );
    }

    /// [`LogLinear::written_with`]'s text read back (`c*log(r)` terms joined by ` + `, ` - `).
    fn read_form(s: &str, log: &str) -> LogLinear {
        let mut f = LogLinear::zero();
        if s == "0" {
            return f;
        }
        for tok in s.replace(" - ", " + -").split(" + ") {
            let (sign, tok) = match tok.strip_prefix('-') {
                Some(t) => (q("-1"), t),
                None => (q("1"), tok),
            };
            let (c, arg) = match tok.split_once('*') {
                Some((c, arg)) => (q(c), arg),
                None => (q("1"), tok),
            };
            let r = arg
                .strip_prefix(log)
                .and_then(|a| a.strip_prefix('('))
                .and_then(|a| a.strip_suffix(')'))
                .unwrap_or_else(|| panic!("{tok} in {s}"));
            f = &f + &LogLinear::term(&(sign * c), &q(r));
        }
        f
    }

    /// Issue 42 item 16: the exact mutual information is printed (text and JSON) in the units
    /// of its enclosure. Randomized response 3/4 on a uniform bit, by hand:
    /// I = ln 2 + 3/4 ln(3/4) + 1/4 ln(1/4) = 3/4 ln 3 − ln 2 nats = 3/4 log2 3 − log2 2 bits.
    #[test]
    fn mutual_information_exact_form_is_in_the_units() {
        let by_hand = &LogLinear::term(&q("3/4"), &q("3")) - &LogLinear::term(&q("1"), &q("2"));
        for units in [Units::Bits, Units::Nats] {
            let opts = Options {
                units,
                ..Options::default()
            };
            let r = audit_with(&rr3(), &Adjacency::complete(2), &opts).unwrap();
            let j = r.to_json();
            let exact = j["mutual_information"]["exact"].as_str().unwrap();
            assert_eq!(j["mutual_information"]["exact_log"], units.log());
            let other = if units == Units::Bits { "ln(" } else { "log2(" };
            assert!(!exact.contains(other), "{exact}");
            // The same coefficients and arguments under ln are the value in nats.
            assert_eq!(read_form(exact, units.log()), by_hand, "{exact}");
            let text = r.to_text();
            assert!(text.contains(&format!("; exactly {exact} (")), "{text}");
        }
        // A long form stays out of the text, which says where it is.
        let w = crate::testutil::channel_of(&[
            &[(1, 7), (2, 7), (4, 7)],
            &[(3, 11), (5, 11), (3, 11)],
            &[(6, 13), (1, 13), (6, 13)],
        ]);
        let r = audit(&w, &Adjacency::complete(3)).unwrap();
        let exact = r.to_json()["mutual_information"]["exact"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(exact.len() > MI_FORM_LIMIT, "{exact}");
        let text = r.to_text();
        assert!(!text.contains(&exact), "{text}");
        assert!(
            text.contains("; the exact form is in --json: mutual_information.exact)"),
            "{text}"
        );
    }

    #[test]
    fn equal_rows_print_zero_information() {
        let w = Channel::new(vec![vec![q("1/3"), q("2/3")], vec![q("1/3"), q("2/3")]]).unwrap();
        let j = audit(&w, &Adjacency::complete(2)).unwrap().to_json();
        for key in ["mutual_information", "capacity"] {
            let [lo, hi] = [&j[key]["bits"][0], &j[key]["bits"][1]]
                .map(|v| parse_rational(v.as_str().unwrap()).unwrap());
            assert_eq!((lo, hi), (q("0"), q("0")), "{key}: {}", j[key]);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Issue 26: no enclosure of the report crosses a trivial bound: information,
        /// leakage and capacity are at least 0, δ(ε) lies in [0, 1], every lower end is at
        /// most its upper end, and one with a known exact value contains it. Channels with two
        /// equal rows (information 0) are drawn on purpose.
        #[test]
        fn enclosures_respect_their_trivial_bounds(
            w in crate::testutil::channel(3, 3, 6),
            copy in proptest::prelude::any::<bool>(),
            eps in proptest::collection::vec(0u32..30, 0..3),
        ) {
            let w = if copy {
                let mut rows = w.rows().to_vec();
                rows[1] = rows[0].clone();
                rows[2] = rows[0].clone();
                Channel::new(rows).unwrap()
            } else {
                w
            };
            let opts = Options {
                eps: eps.iter().map(|&e| Rational::from_unsigneds(e, 10)).collect(),
                ..Options::default()
            };
            let r = audit_with(&w, &Adjacency::complete(3), &opts).unwrap();
            let mut found = Vec::new();
            enclosures(&r.to_json(), "", &mut found);
            proptest::prop_assert!(found.len() >= 4 + eps.len(), "{:?}", found);
            for (path, lo, hi) in &found {
                proptest::prop_assert!(*lo >= 0u32 && lo <= hi, "{}: [{}, {}]", path, lo, hi);
                if path.ends_with("enclosure") {
                    proptest::prop_assert!(*hi <= 1u32, "{}: [{}, {}]", path, lo, hi);
                }
            }
            if copy {
                let j = r.to_json();
                for key in ["mutual_information", "capacity"] {
                    let hi = parse_rational(j[key]["bits"][1].as_str().unwrap()).unwrap();
                    proptest::prop_assert_eq!(hi, Rational::from(0u32), "{}", key);
                }
            }
        }
    }
}
