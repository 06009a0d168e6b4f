//! What an audit is asked: the options (prior, gain, t, ε list, δ, units) and why an audit
//! could not be run.

use crate::measure::epsilon::Unseparated;
use crate::num::{Interval, Rational};
use crate::params::{Delta, Eps, TRange, TimeLimit, T};
use crate::prob::adjacency::NoNeighbourPairs;
use crate::prob::rationalize::{Rationalized, Rounding};
use crate::prob::{Adjacency, Channel, Dist};
use std::fmt;

use super::PREC;

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
    /// `bits` or `nats` (`--units`).
    pub fn parse(s: &str) -> Result<Units, String> {
        match s.trim() {
            "bits" => Ok(Units::Bits),
            "nats" => Ok(Units::Nats),
            u => Err(format!(
                "{}: expected `bits` or `nats`",
                crate::num::fmt::abbreviate(u)
            )),
        }
    }

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
    pub(super) fn convert_nats(self, i: &Interval) -> Interval {
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
    pub t: Option<T>,
    /// Exact `ε ≥ 0` values: report δ(ε) = A − B·e^ε for each.
    pub eps: Vec<Eps>,
    /// `1 ≤ T1 < T2`: report δ(t) on `[T1, T2]` as exact pieces `a − b·t` (issue 46 item 4).
    pub curve_t: Option<TRange>,
    /// `0 ≤ δ ≤ 1`: report the smallest ε (as exact `e^ε`) with δ(ε) ≤ δ; δ = 1 is reported
    /// as vacuous.
    pub delta: Option<Delta>,
    /// Units of the information quantities in the report (bits by default).
    pub units: Units,
    /// Width (in nats) the Shannon-capacity bracket aims for.
    pub capacity_width: Rational,
    /// A gain function `g(w, x)` (rows = guesses `w`, columns = secrets = inputs `x`): report
    /// the g-vulnerabilities and g-leakages ([`GainMeasures`]).
    pub gain: Option<Vec<Vec<Rational>>>,
    /// A loss function `l(w, x)` (rows = guesses, columns = secrets): report the prior and
    /// posterior l-uncertainty and the l-leakage ([`super::LossMeasures`], issue 47 item 2).
    pub loss: Option<Vec<Vec<Rational>>>,
    /// A metric on the secrets, with its name (`FILE`, `graph`, `line`, `grid:K`): report the
    /// exact smallest ε of ε·d-privacy (issue 47 item 3).
    pub metric: Option<(String, crate::measure::Metric)>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prior: None,
            t: None,
            eps: Vec::new(),
            curve_t: None,
            delta: None,
            units: Units::Bits,
            capacity_width: Rational::from_signeds(1i64, 1_000_000_000_000i64),
            gain: None,
            loss: None,
            metric: None,
        }
    }
}

/// Where the audited matrix came from, for the report: the file name and what
/// `--rationalize` changed in it and in the prior file, and the warnings of reading them.
#[derive(Clone, Debug, Default)]
pub struct Source {
    /// The mechanism file (`None` for a channel built in code).
    pub file: Option<String>,
    /// Each file `--rationalize` changed (the mechanism, the prior), in that order.
    pub rationalized: Vec<Rationalization>,
    /// Warnings of reading the inputs (edge-list labels, rationalization), printed on stderr
    /// and kept in `"warnings"`.
    pub warnings: Vec<String>,
}

/// What `--rationalize` changed in one file.
#[derive(Clone, Debug)]
pub struct Rationalization {
    /// The file.
    pub file: String,
    /// How it was rounded.
    pub how: Rounding,
    /// How many entries changed and the largest change.
    pub change: Rationalized,
}

/// An audit to run ([`super::run`]): the channel, the neighbour relation and the options, every
/// parameter already validated ([`crate::params`]), and where the channel came from.
#[derive(Clone, Debug)]
pub struct Query {
    /// The mechanism.
    pub channel: Channel,
    /// The neighbour relation on its inputs.
    pub adjacency: Adjacency,
    /// What to compute beyond the defaults.
    pub options: Options,
    /// Give up ([`AuditError::TimeLimit`]) once this has passed.
    pub time_limit: Option<TimeLimit>,
    /// The file and its conversions, for the report.
    pub source: Source,
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
    /// The loss matrix has no row, or row `row` (0-based) has `len` entries, not one per input.
    LossShape {
        /// The 0-based loss row at fault.
        row: usize,
        /// Its number of entries.
        len: usize,
        /// Inputs (rows) of the channel.
        rows: usize,
    },
    /// The metric has `points` points but the channel `rows` inputs.
    MetricSize {
        /// Points of the metric.
        points: usize,
        /// Inputs (rows) of the channel.
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
            AuditError::Unseparated(u) => write!(f, "{u}"),
            AuditError::GainShape { row, len, rows } => write!(
                f,
                "gain matrix row {} (1-based) has {len} entries, expected {rows} (one column per \
                 secret = per row of the channel; rows are guesses)",
                row + 1
            ),
            AuditError::LossShape { row, len, rows } => write!(
                f,
                "loss matrix row {} (1-based) has {len} entries, expected {rows} (one column per \
                 secret = per row of the channel; rows are guesses)",
                row + 1
            ),
            AuditError::MetricSize { points, rows } => write!(
                f,
                "the metric is on {points} points but the channel has {rows} rows (one per secret)"
            ),
            AuditError::NoPairs(e) => write!(f, "{e}"),
            AuditError::TimeLimit { stage } => {
                write!(f, "time limit reached during {stage}, before the report was complete")
            }
        }
    }
}

impl std::error::Error for AuditError {}
