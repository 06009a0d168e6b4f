//! What `compose` is asked ([`ComposeQuery`]: the mechanisms, the neighbour relation, the
//! queries as [`crate::params`] types, the limits) and why it may not answer
//! ([`AnswerError`]).

use crate::mechanism::randomized_response;
use crate::num::Rational;
use crate::params::bytes_text;
use crate::params::{Alpha, Delta, Eps, Subsample, TRange, TimeLimit, Uses, Width, T};
use crate::prob::Adjacency;
use crate::prob::Channel;
use std::borrow::Cow;
use std::fmt;
use std::time::Duration;

/// Bytes per matrix cell held once (an exact rational and its share of the row); `audit`'s
/// [`crate::audit::memory_estimate`] counts more per cell, for the copies an audit holds.
pub const CELL_BYTES: u128 = std::mem::size_of::<Rational>() as u128 + 16;
/// Bytes per neighbour pair of an adjacency list (as [`crate::audit::memory_estimate`]).
pub(super) const PAIR_BYTES: u128 = 16;
/// Bytes per letter of a pair PLD held while grouping the ordered pairs: the letter's two
/// rationals, its output list and its copy in the grouping key.
pub(super) const LETTER_BYTES: u128 = 4 * std::mem::size_of::<Rational>() as u128 + 48;

/// What a mechanism of the sequence is: an exact channel, or K-ary randomized response kept
/// as its two parameters (its K × K matrix is built only when a sequence needs it).
#[derive(Clone, Debug)]
pub enum Source {
    /// A channel read from a file or built.
    Channel(Channel),
    /// K-ary randomized response at `t = e^ε`, checked when built ([`Mechanism::rr`]).
    Rr {
        /// The number of inputs (and outputs).
        k: usize,
        /// `t = e^ε`.
        t: Rational,
    },
    /// The discrete Gaussian `dgaussian:SIGMA` on ℤ with whole sensitivity `d` (issue 45 item
    /// 3): no matrix (its support is ℤ); its inputs are the query values `0..=d`, and it is
    /// composed by the grid enclosure only ([`crate::accounting::dgauss`]).
    DGaussian {
        /// σ.
        sigma: Rational,
        /// The sensitivity.
        d: u64,
    },
}

/// One mechanism of the sequence, with the name it is reported by.
#[derive(Clone, Debug)]
pub struct Mechanism {
    /// How it was given (`rr:2:3`, a file name, …).
    pub spec: String,
    /// Its matrix or parameters.
    pub source: Source,
}

impl Mechanism {
    /// A channel.
    pub fn channel(spec: impl Into<String>, w: Channel) -> Mechanism {
        Mechanism {
            spec: spec.into(),
            source: Source::Channel(w),
        }
    }

    /// K-ary randomized response at `t = e^ε`, its parameters checked on the 2 × 2 case (the
    /// K × K matrix is built only if a sequence with another mechanism needs it).
    pub fn rr(
        spec: impl Into<String>,
        k: usize,
        t: Rational,
    ) -> Result<Mechanism, crate::mechanism::MechanismError> {
        randomized_response(k.min(2), &t)?;
        Ok(Mechanism {
            spec: spec.into(),
            source: Source::Rr { k, t },
        })
    }

    /// Its number of inputs.
    pub fn n_inputs(&self) -> usize {
        match &self.source {
            Source::Channel(w) => w.n_inputs(),
            Source::Rr { k, .. } => *k,
            Source::DGaussian { d, .. } => *d as usize + 1,
        }
    }

    /// Matrix cells it holds (or would hold as a channel).
    pub(super) fn cells(&self) -> u128 {
        match &self.source {
            Source::Channel(w) => w.n_inputs() as u128 * w.n_outputs() as u128,
            Source::Rr { k, .. } => *k as u128 * *k as u128,
            Source::DGaussian { .. } => 0,
        }
    }

    /// Its channel: borrowed when given as one, built from the parameters for randomized
    /// response.
    pub(super) fn matrix(&self) -> Cow<'_, Channel> {
        match &self.source {
            Source::Channel(w) => Cow::Borrowed(w),
            Source::Rr { k, t } => {
                Cow::Owned(randomized_response(*k, t).expect("checked when built"))
            }
            Source::DGaussian { .. } => {
                unreachable!("answer sends the discrete Gaussian to its own path")
            }
        }
    }
}

/// The neighbour relation composed on.
#[derive(Clone, Debug)]
pub enum Neighbours {
    /// Every pair of inputs (never listed for a sequence of randomized responses: every
    /// ordered pair has the same PLD).
    Complete,
    /// A relation already resolved on the inputs.
    Given(Adjacency),
}

/// The grid enclosure's knobs.
#[derive(Clone, Debug)]
pub struct GridOptions {
    /// Use it even when the exact composition fits.
    pub force: bool,
    /// Refine until each answer's relative width is at most this.
    pub width: Width,
    /// Start no finer grid predicted to end after this (a soft limit: a wider answer).
    pub time: TimeLimit,
}

impl Default for GridOptions {
    fn default() -> GridOptions {
        GridOptions {
            force: false,
            width: Width::default(),
            time: TimeLimit::from_secs(60.0).expect("in range"),
        }
    }
}

/// What `compose` is asked: the sequence, the relation, the queries, the limits.
#[derive(Clone, Debug)]
pub struct ComposeQuery {
    /// The mechanisms in order, each with its number of uses (all on the same inputs).
    pub uses: Vec<(Mechanism, Uses)>,
    /// The neighbour relation.
    pub neighbours: Neighbours,
    /// δ(ε) = A − B·e^ε at each ε.
    pub eps: Vec<Eps>,
    /// The smallest ε with δ(ε) ≤ δ.
    pub delta: Option<Delta>,
    /// δ at `t = e^ε`.
    pub t: Option<T>,
    /// δ(t) for every `t` in `[T1, T2]` as exact pieces `a − b·t` (`--curve-t`, issue 46
    /// item 4); certified bounds per piece on the grid enclosure.
    pub curve_t: Option<TRange>,
    /// Does the composition satisfy (ε, δ)-DP?
    pub check: Option<(Eps, Delta)>,
    /// `D_α` of the composition at these orders (`--rdp`, issue 45 item 1).
    pub rdp: Vec<Alpha>,
    /// ρ-zCDP of the composition (`--zcdp`).
    pub zcdp: bool,
    /// Compose the subsampled mechanisms instead (`--subsample`, issue 45 item 2).
    pub subsample: Option<Subsample>,
    /// The grid enclosure's knobs.
    pub grid: GridOptions,
    /// Refuse what would hold more bytes than this (exact atoms past it: the grid instead).
    pub max_memory: u64,
}

impl ComposeQuery {
    /// The δ asked when no query is given.
    pub fn default_delta() -> Delta {
        Delta::parse("1/100000").expect("in range")
    }

    /// A query with the defaults (complete relation, δ = 1/100000, the default limits).
    pub fn new(uses: Vec<(Mechanism, Uses)>) -> ComposeQuery {
        ComposeQuery {
            uses,
            neighbours: Neighbours::Complete,
            eps: Vec::new(),
            delta: None,
            t: None,
            curve_t: None,
            check: None,
            rdp: Vec::new(),
            zcdp: false,
            subsample: None,
            grid: GridOptions::default(),
            max_memory: crate::params::DEFAULT_MAX_MEMORY,
        }
    }
}

/// Why `compose` did not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// The question is outside what is composed (no mechanism, too many uses): a usage error.
    Query(String),
    /// The input cannot be composed (different input counts, no neighbour pair, over the
    /// memory limit, a comparison no precision separates): bad input.
    Input(String),
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::Query(m) | AnswerError::Input(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for AnswerError {}

/// Refuse what would hold more than `limit` bytes: `need` bytes, mostly `what`, for `subject`.
pub fn within_memory(subject: &str, need: u128, what: &str, limit: u64) -> Result<(), AnswerError> {
    if need <= limit as u128 {
        return Ok(());
    }
    let need = u64::try_from(need).unwrap_or(u64::MAX);
    Err(AnswerError::Input(format!(
        "{subject}: composing needs about {} ({what}), above the limit of {}; raise it with \
         --max-memory (e.g. --max-memory {}G)",
        bytes_text(need),
        bytes_text(limit),
        need.div_ceil(1 << 30)
    )))
}

/// The neighbour relation composed on: its name, its number of ordered pairs, and the pair list
/// (`None` for the complete relation of an all-randomized-response sequence, never listed).
#[derive(Clone, Debug)]
pub(crate) struct Pairs {
    pub name: String,
    pub ordered: u128,
    pub adj: Option<Adjacency>,
}

/// What both reports begin with: the sequence and the relation.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub uses: Vec<(String, u64)>,
    pub pairs: Pairs,
    /// From the call to the end of the answers.
    pub elapsed: Duration,
}
