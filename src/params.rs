//! Validated parameters: the range rule of every number a user gives dpcert, in one place
//! (issue 43 item 2).
//!
//! The CLI's value parsers, the library's query types and the Python package all build these
//! types and nothing else, so a range (δ ∈ [0, 1], t ≥ 1, …) is written once. Each type has
//! `parse` (an exact literal: `1/3`, `0.25`, `2e-3`) and `new` (a value already exact); both
//! answer a message that names the rule, never a panic.

use crate::num::fmt::abbreviate;
use crate::num::{parse_rational, Rational};
use std::fmt;
use std::time::Duration;

/// A parameter outside its range, or not a literal of the right kind: the message names the
/// parameter, the rule and the value given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError(pub String);

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParamError {}

fn exact(name: &str, s: &str) -> Result<Rational, ParamError> {
    parse_rational(s.trim()).map_err(|e| ParamError(format!("{name} `{}`: {e}", abbreviate(s))))
}

/// A value in a message, abbreviated when long (`--delta=1e100000` must not print 100,000
/// digits).
fn shown(q: &Rational) -> String {
    abbreviate(&q.to_string())
}

/// δ ∈ [0, 1] of (ε, δ)-DP. δ = 0 asks for pure ε; δ = 1 is vacuous (every mechanism is
/// (0, 1)-DP), which a report says in words rather than refusing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delta(Rational);

impl Delta {
    /// δ, when `0 ≤ δ ≤ 1`.
    pub fn new(d: Rational) -> Result<Delta, ParamError> {
        #[allow(clippy::manual_range_contains)] // a Rational against u32 bounds: no `contains`
        if d < 0u32 || d > 1u32 {
            Err(ParamError(format!(
                "delta must be in [0, 1], got {}",
                shown(&d)
            )))
        } else {
            Ok(Delta(d))
        }
    }
    /// δ from an exact literal.
    pub fn parse(s: &str) -> Result<Delta, ParamError> {
        Delta::new(exact("delta", s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
    /// δ = 1: every mechanism satisfies (0, 1)-DP, so the smallest ε is 0 and says nothing.
    pub fn is_vacuous(&self) -> bool {
        self.0 == 1u32
    }
}

/// `t = e^ε ≥ 1`, exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct T(Rational);

impl T {
    /// t, when `t ≥ 1`.
    pub fn new(t: Rational) -> Result<T, ParamError> {
        if t >= 1u32 {
            Ok(T(t))
        } else {
            Err(ParamError(format!(
                "t = e^eps must be >= 1, got {}",
                shown(&t)
            )))
        }
    }
    /// t from an exact literal.
    pub fn parse(s: &str) -> Result<T, ParamError> {
        T::new(exact("t", s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
}

/// A range `T1,T2` of `t = e^ε` for a curve (`--curve-t`, issue 46 item 4): two [`T`]s
/// (so `T1 ≥ 1`) with `T1 < T2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TRange {
    lo: T,
    hi: T,
}

impl TRange {
    /// `[lo, hi]`, when `1 ≤ lo < hi`.
    pub fn new(lo: Rational, hi: Rational) -> Result<TRange, ParamError> {
        if lo >= hi {
            return Err(ParamError(format!(
                "the range T1,T2 of t = e^eps must have T1 < T2, got {},{}",
                shown(&lo),
                shown(&hi)
            )));
        }
        Ok(TRange {
            lo: T::new(lo)?,
            hi: T::new(hi)?,
        })
    }
    /// `T1,T2` from two exact literals.
    pub fn parse(s: &str) -> Result<TRange, ParamError> {
        let (lo, hi) = s.split_once(',').ok_or_else(|| {
            ParamError(format!(
                "`{}`: expected T1,T2 (two exact t = e^eps, 1 <= T1 < T2)",
                abbreviate(s)
            ))
        })?;
        TRange::new(exact("t", lo)?, exact("t", hi)?)
    }
    /// `T1`.
    pub fn lo(&self) -> &Rational {
        self.lo.value()
    }
    /// `T2`.
    pub fn hi(&self) -> &Rational {
        self.hi.value()
    }
}

/// An exact `ε ≥ 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eps(Rational);

impl Eps {
    /// ε, when `ε ≥ 0`.
    pub fn new(e: Rational) -> Result<Eps, ParamError> {
        if e >= 0u32 {
            Ok(Eps(e))
        } else {
            Err(ParamError(format!("eps must be >= 0, got {}", shown(&e))))
        }
    }
    /// ε from an exact literal.
    pub fn parse(s: &str) -> Result<Eps, ParamError> {
        Eps::new(exact("eps", s)?)
    }
    /// A comma-separated list of ε (`0.5,1,2`), in the order given.
    pub fn parse_list(s: &str) -> Result<Vec<Eps>, ParamError> {
        s.split(',').map(Eps::parse).collect()
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
}

/// The largest Rényi order `--rdp` accepts: past it `D_α` is within `ln(1/δ)/(α−1)` of `D_∞`
/// for every δ a user asks, and an exact power sum at integer α has α times the bits of a mass.
pub const MAX_RENYI_ORDER: u64 = 10_000;

/// A Rényi order α of `compose --rdp` (issue 45 item 1): a rational with `1 < α ≤`
/// [`MAX_RENYI_ORDER`] (α = 1 is KL and α ≤ 1 is no Rényi-DP order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alpha(Rational);

impl Alpha {
    /// α, when `1 < α ≤ MAX_RENYI_ORDER`.
    pub fn new(a: Rational) -> Result<Alpha, ParamError> {
        if a <= 1u32 || a > MAX_RENYI_ORDER {
            Err(ParamError(format!(
                "a Renyi order alpha must be > 1 and <= {MAX_RENYI_ORDER}, got {}",
                shown(&a)
            )))
        } else {
            Ok(Alpha(a))
        }
    }
    /// α from an exact literal.
    pub fn parse(s: &str) -> Result<Alpha, ParamError> {
        Alpha::new(exact("alpha", s)?)
    }
    /// A comma-separated list of orders (`2,3,4,8`, `3/2`), in the order given.
    pub fn parse_list(s: &str) -> Result<Vec<Alpha>, ParamError> {
        s.split(',').map(Alpha::parse).collect()
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
}

/// `--subsample` of `compose` (issue 45 item 2): Poisson sampling with rate `Q ∈ (0, 1]`
/// (add/remove neighbours), or `M` of `N` records without replacement (`1 ≤ M ≤ N`,
/// substitution neighbours; the rate is `M/N`). `N` is at most [`MAX_SUBSAMPLE_N`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subsample {
    /// `poisson:Q`.
    Poisson(Rational),
    /// `fixed:M:N`.
    Fixed {
        /// Records sampled.
        m: u64,
        /// Records in the data set.
        n: u64,
    },
}

/// The largest data set size `fixed:M:N` accepts.
pub const MAX_SUBSAMPLE_N: u64 = 1 << 40;

impl Subsample {
    /// `poisson:Q` or `fixed:M:N`.
    pub fn parse(s: &str) -> Result<Subsample, ParamError> {
        let parts: Vec<&str> = s.trim().split(':').collect();
        match parts.as_slice() {
            ["poisson", q] => {
                let q = exact("subsampling rate Q", q)?;
                if q <= 0u32 || q > 1u32 {
                    return Err(ParamError(format!(
                        "poisson:Q needs a rate Q in (0, 1], got {}",
                        shown(&q)
                    )));
                }
                Ok(Subsample::Poisson(q))
            }
            ["fixed", m, n] => {
                let whole = |x: &str| x.trim().parse::<u64>().ok();
                match (whole(m), whole(n)) {
                    (Some(m), Some(n)) if 1 <= m && m <= n && n <= MAX_SUBSAMPLE_N => {
                        Ok(Subsample::Fixed { m, n })
                    }
                    _ => Err(ParamError(format!(
                        "fixed:M:N needs whole numbers 1 <= M <= N <= {MAX_SUBSAMPLE_N}, got `{}`",
                        abbreviate(s)
                    ))),
                }
            }
            _ => Err(ParamError(format!(
                "`{}`: a subsampling is poisson:Q (rate Q in (0, 1]) or fixed:M:N (M of N records)",
                abbreviate(s)
            ))),
        }
    }
    /// The rate: `Q`, or `M/N`.
    pub fn rate(&self) -> Rational {
        match self {
            Subsample::Poisson(q) => q.clone(),
            Subsample::Fixed { m, n } => Rational::from_unsigneds(*m, *n),
        }
    }
}

/// The most seconds a time limit may be: one year.
pub const MAX_TIME_LIMIT_SECS: f64 = 31_536_000.0;

/// A time limit: more than 0 and at most [`MAX_TIME_LIMIT_SECS`] seconds. Passing it gives up
/// (nothing decided); it is a wall-clock budget, not part of any decision, so `f64` seconds are
/// fine here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLimit(Duration);

impl TimeLimit {
    /// A limit of `secs` seconds, when in range.
    pub fn from_secs(secs: f64) -> Result<TimeLimit, ParamError> {
        if secs.is_finite() && secs > 0.0 && secs <= MAX_TIME_LIMIT_SECS {
            Duration::try_from_secs_f64(secs)
                .map(TimeLimit)
                .map_err(|e| ParamError(format!("{secs} seconds: {e}")))
        } else {
            Err(ParamError(format!(
                "a time limit must be a number of seconds above 0 and at most \
                 {MAX_TIME_LIMIT_SECS} (one year), got {secs}"
            )))
        }
    }
    /// `0.5`, `60`, `1e3`.
    pub fn parse(s: &str) -> Result<TimeLimit, ParamError> {
        let v: f64 = s
            .trim()
            .parse()
            .map_err(|_| ParamError(format!("`{s}` is not a number of seconds")))?;
        // The message quotes the literal given: `1e308` printed as an f64 is 309 digits.
        TimeLimit::from_secs(v).map_err(|_| {
            ParamError(format!(
                "a time limit must be a number of seconds above 0 and at most \
                 {MAX_TIME_LIMIT_SECS} (one year), got `{}`",
                s.trim()
            ))
        })
    }
    /// The limit.
    pub fn duration(&self) -> Duration {
        self.0
    }
}

/// The most uses `compose` composes exactly or by the grid enclosure.
pub const MAX_USES: u64 = 1_000_000;

/// A number of uses `k` of a mechanism in a composition: `1 ≤ k ≤` [`MAX_USES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uses(u64);

impl Uses {
    /// k, when in range.
    pub fn new(k: u64) -> Result<Uses, ParamError> {
        if (1..=MAX_USES).contains(&k) {
            Ok(Uses(k))
        } else {
            Err(ParamError(format!(
                "k (the number of uses) must be 1 to {MAX_USES}, got {k}"
            )))
        }
    }
    /// k from a decimal integer.
    pub fn parse(s: &str) -> Result<Uses, ParamError> {
        let k: u64 = s.trim().parse().map_err(|_| {
            ParamError(format!(
                "k `{s}` is not a whole number of uses (1 to {MAX_USES})"
            ))
        })?;
        Uses::new(k)
    }
    /// The value.
    pub fn get(&self) -> u64 {
        self.0
    }
}

/// The default `--max-memory`: 4 GiB (`audit`, `compose`, `graph`).
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// A memory ceiling (`--max-memory SIZE`): at least 1 byte and below 8 EiB, written as bytes or
/// with a binary suffix `K`, `M`, `G`, `T` (`8G` = 8 GiB, `1.5G`, `500M`). Work estimated above
/// it is refused before allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit(u64);

impl Default for MemoryLimit {
    fn default() -> MemoryLimit {
        MemoryLimit(DEFAULT_MAX_MEMORY)
    }
}

impl MemoryLimit {
    /// A limit of `bytes`, when at least 1.
    pub fn new(bytes: u64) -> Result<MemoryLimit, ParamError> {
        if (1..1 << 63).contains(&bytes) {
            Ok(MemoryLimit(bytes))
        } else {
            Err(ParamError(format!(
                "a memory limit must be at least 1 byte and below 8 EiB, got {bytes}"
            )))
        }
    }
    /// `4096`, `512M`, `1.5G`.
    pub fn parse(s: &str) -> Result<MemoryLimit, ParamError> {
        let t = s.trim();
        let (num, scale) = match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() => {
                let scale: u64 = match c.to_ascii_uppercase() {
                    'K' => 1 << 10,
                    'M' => 1 << 20,
                    'G' => 1 << 30,
                    'T' => 1 << 40,
                    _ => {
                        return Err(ParamError(format!(
                            "`{s}`: the suffix must be K, M, G or T"
                        )))
                    }
                };
                (&t[..i], scale)
            }
            _ => (t, 1),
        };
        // f64 only to read a size such as 1.5G; the limit is a whole number of bytes.
        let v: f64 = num
            .trim()
            .parse()
            .map_err(|_| ParamError(format!("`{s}` is not a size (bytes, or 512M, 8G, ...)")))?;
        let bytes = v * scale as f64;
        if bytes.is_finite() && bytes >= 1.0 && bytes < 2f64.powi(63) {
            Ok(MemoryLimit(bytes as u64))
        } else {
            Err(ParamError(format!(
                "`{s}`: must be at least 1 byte and below 8 EiB"
            )))
        }
    }
    /// The limit in bytes.
    pub fn bytes(&self) -> u64 {
        self.0
    }
}

/// `bytes` for people: `3.2 GiB`, `512.0 MiB`, `900 bytes`.
pub fn bytes_text(bytes: u64) -> String {
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

/// Work estimated above `--max-memory`, refused before allocating (exit 3): one wording for
/// `audit`, `compose` and `graph`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryError {
    /// The file or spec refused.
    pub subject: String,
    /// What it would have done (`auditing 3 inputs × 2 outputs`).
    pub doing: String,
    /// The estimate, bytes.
    pub need: u64,
    /// What most of it is, when one part dominates (` (… of it the list of …)`), or empty.
    pub why: String,
    /// The limit, bytes.
    pub limit: u64,
}

impl MemoryError {
    /// `Err` when `need` is above `limit`.
    pub fn check(
        subject: &str,
        doing: &str,
        need: u64,
        why: &str,
        limit: MemoryLimit,
    ) -> Result<(), MemoryError> {
        if need <= limit.bytes() {
            Ok(())
        } else {
            Err(MemoryError {
                subject: subject.to_string(),
                doing: doing.to_string(),
                need,
                why: why.to_string(),
                limit: limit.bytes(),
            })
        }
    }
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} needs about {}{}, above the limit of {}; raise it with --max-memory (e.g. \
             --max-memory {}G)",
            self.subject,
            self.doing,
            bytes_text(self.need),
            self.why,
            bytes_text(self.limit),
            self.need.div_ceil(1 << 30)
        )
    }
}

impl std::error::Error for MemoryError {}

/// The relative width the grid enclosure of `compose` refines to: a rational in
/// `[1e-9, 1)` (default 1/1000). The stopping rule reads it as an `f64` (a budget, not a
/// decision: the enclosure is certified whatever the width).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Width(Rational);

impl Width {
    /// w, when `1e-9 ≤ w < 1`.
    pub fn new(w: Rational) -> Result<Width, ParamError> {
        if w < Rational::from_unsigneds(1u32, 1_000_000_000u32) || w >= 1u32 {
            Err(ParamError(format!(
                "width {}: a relative width in [1e-9, 1)",
                shown(&w)
            )))
        } else {
            Ok(Width(w))
        }
    }
    /// w from an exact literal.
    pub fn parse(s: &str) -> Result<Width, ParamError> {
        Width::new(exact("width", s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
    /// The value as the stopping rule reads it.
    pub fn as_f64(&self) -> f64 {
        crate::num::fmt::to_f64(&self.0)
    }
}

impl Default for Width {
    fn default() -> Width {
        Width(Rational::from_unsigneds(1u32, 1000u32))
    }
}

/// A positive rational noise scale: the Gaussian's and the discrete Gaussian's `σ`
/// (`gaussian:SIGMA`, `dgaussian:SIGMA`) and the Laplace scale `b` (`laplace:B`) (issue 45 item
/// 3): a rational in `(0, 10^6]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scale(Rational);

impl Scale {
    /// x, when `0 < x ≤ 10^6`; `what` names it in the error.
    pub fn new(what: &str, x: Rational) -> Result<Scale, ParamError> {
        if x <= 0u32 || x > 1_000_000u32 {
            Err(ParamError(format!(
                "{what} {}: must be a rational in (0, 1000000]",
                shown(&x)
            )))
        } else {
            Ok(Scale(x))
        }
    }
    /// A named scale (`sigma`, `b`) from an exact literal.
    pub fn parse_named(what: &str, s: &str) -> Result<Scale, ParamError> {
        Scale::new(what, exact(what, s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
}

impl Default for Scale {
    fn default() -> Scale {
        Scale(Rational::from(1u32))
    }
}

/// The most worker threads `--jobs` accepts. Each thread is an OS thread with its own stack;
/// 99,999,999 of them hung (and under an address-space limit panicked in the pool builder),
/// and past the machine's cores more threads only add contention.
pub const MAX_JOBS: usize = 256;

/// A number of worker threads: `1 ≤ jobs ≤` [`MAX_JOBS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jobs(usize);

impl Jobs {
    /// jobs, when in range.
    pub fn new(j: usize) -> Result<Jobs, ParamError> {
        if (1..=MAX_JOBS).contains(&j) {
            Ok(Jobs(j))
        } else {
            Err(ParamError(format!("jobs must be 1 to {MAX_JOBS}, got {j}")))
        }
    }
    /// jobs from a decimal integer.
    pub fn parse(s: &str) -> Result<Jobs, ParamError> {
        let j: usize = s.trim().parse().map_err(|_| {
            ParamError(format!(
                "jobs `{s}` is not a whole number of threads (1 to {MAX_JOBS})"
            ))
        })?;
        Jobs::new(j)
    }
    /// The value.
    pub fn get(&self) -> usize {
        self.0
    }
}

/// The largest search size (search families grow at least exponentially in the size; no
/// family is meaningful this far out).
pub const MAX_SEARCH_SIZE: usize = 64;

/// The largest instance size `search --max-size` grows to (see
/// [`MAX_SEARCH_SIZE`]): `1 ≤ size ≤` it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSize(usize);

impl SearchSize {
    /// size, when in range.
    pub fn new(n: usize) -> Result<SearchSize, ParamError> {
        let max = MAX_SEARCH_SIZE;
        if (1..=max).contains(&n) {
            Ok(SearchSize(n))
        } else {
            Err(ParamError(format!("max size must be 1 to {max}, got {n}")))
        }
    }
    /// size from a decimal integer.
    pub fn parse(s: &str) -> Result<SearchSize, ParamError> {
        let n: usize = s
            .trim()
            .parse()
            .map_err(|_| ParamError(format!("max size `{s}` is not a whole number")))?;
        SearchSize::new(n)
    }
    /// The value.
    pub fn get(&self) -> usize {
        self.0
    }
}

/// `--sensitivity D` of the noise mechanisms (issue 45 item 3): a rational `D > 0`, default 1.
/// The discrete mechanisms (`dlaplace`, `dgaussian`) need a whole `D` ([`Sensitivity::whole`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sensitivity(Rational);

impl Default for Sensitivity {
    fn default() -> Sensitivity {
        Sensitivity(Rational::from(1u32))
    }
}

impl Sensitivity {
    /// D, when `0 < D ≤ 10^6`.
    pub fn new(d: Rational) -> Result<Sensitivity, ParamError> {
        if d > 0u32 && d <= 1_000_000u32 {
            Ok(Sensitivity(d))
        } else {
            Err(ParamError(format!(
                "the sensitivity D must be a rational in (0, 1000000], got {}",
                shown(&d)
            )))
        }
    }
    /// D from an exact literal.
    pub fn parse(s: &str) -> Result<Sensitivity, ParamError> {
        Sensitivity::new(exact("sensitivity", s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
    /// D as a whole number of steps of ℤ (the discrete mechanisms), up to [`MAX_WHOLE_SENSITIVITY`].
    pub fn whole(&self, what: &str) -> Result<u64, ParamError> {
        use malachite::base::num::conversion::traits::IsInteger;
        match u64::try_from(self.0.numerator_ref()) {
            Ok(d) if self.0.is_integer() && d <= MAX_WHOLE_SENSITIVITY => Ok(d),
            _ => Err(ParamError(format!(
                "{what} needs a whole sensitivity D in 1..={MAX_WHOLE_SENSITIVITY}, got {}",
                shown(&self.0)
            ))),
        }
    }
}

/// The largest whole sensitivity of a discrete mechanism (its pairs are `(0, d)`, `d ≤ D`).
pub const MAX_WHOLE_SENSITIVITY: u64 = 10_000;

/// The base `T = e^{1/scale} > 1` of the two-sided geometric (discrete Laplace) noise
/// `P(z) ∝ T^{−|z|}` (`dlaplace:T`, issue 45 item 3). `T = 1` is no distribution on ℤ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometricBase(Rational);

impl GeometricBase {
    /// T, when `T > 1`.
    pub fn new(t: Rational) -> Result<GeometricBase, ParamError> {
        if t > 1u32 {
            Ok(GeometricBase(t))
        } else {
            Err(ParamError(format!(
                "the discrete Laplace base T = e^(1/scale) must be > 1, got {}",
                shown(&t)
            )))
        }
    }
    /// T from an exact literal.
    pub fn parse(s: &str) -> Result<GeometricBase, ParamError> {
        GeometricBase::new(exact("T", s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
}

/// `calibrate --resolution R` (issue 45 item 5): the grid step `R > 0` of the calibrated
/// parameter, default 1/100.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution(Rational);

impl Default for Resolution {
    fn default() -> Resolution {
        Resolution(Rational::from_unsigneds(1u32, 100))
    }
}

impl Resolution {
    /// R, when `R > 0`.
    pub fn new(r: Rational) -> Result<Resolution, ParamError> {
        if r > 0u32 {
            Ok(Resolution(r))
        } else {
            Err(ParamError(format!(
                "the resolution R must be > 0, got {}",
                shown(&r)
            )))
        }
    }
    /// R from an exact literal.
    pub fn parse(s: &str) -> Result<Resolution, ParamError> {
        Resolution::new(exact("resolution", s)?)
    }
    /// The value.
    pub fn value(&self) -> &Rational {
        &self.0
    }
}

/// `EPS,DELTA` of a privacy claim to check: an [`Eps`] and a [`Delta`].
pub fn parse_eps_delta(s: &str) -> Result<(Eps, Delta), ParamError> {
    let (e, d) = s
        .split_once(',')
        .ok_or_else(|| ParamError(format!("`{s}`: expected EPS,DELTA")))?;
    Ok((Eps::parse(e)?, Delta::parse(d)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (literal, accepted?) for each rule; the boundaries on both sides.
    #[test]
    fn ranges_table() {
        for (s, ok) in [
            ("0", true),
            ("1", true),
            ("1/2", true),
            ("-1/100", false),
            ("101/100", false),
            ("x", false),
        ] {
            assert_eq!(Delta::parse(s).is_ok(), ok, "delta {s}");
        }
        for (s, ok) in [("1", true), ("3/2", true), ("99/100", false), ("0", false)] {
            assert_eq!(T::parse(s).is_ok(), ok, "t {s}");
        }
        for (s, ok) in [
            ("1,2", true),
            ("3/2, 4", true),
            ("99/100,2", false),
            ("2,2", false),
            ("3,2", false),
            ("2", false),
            ("1,2,3", false),
            ("1,x", false),
            (",2", false),
        ] {
            assert_eq!(TRange::parse(s).is_ok(), ok, "curve-t {s}");
        }
        for (s, ok) in [("0", true), ("2.5", true), ("-1/3", false)] {
            assert_eq!(Eps::parse(s).is_ok(), ok, "eps {s}");
        }
        for (s, ok) in [
            ("2", true),
            ("3/2", true),
            ("1.0001", true),
            ("10000", true),
            ("1", false),
            ("1/2", false),
            ("-3", false),
            ("10001", false),
            ("x", false),
        ] {
            assert_eq!(Alpha::parse(s).is_ok(), ok, "alpha {s}");
        }
        assert_eq!(Alpha::parse_list("2,3/2,8").map(|v| v.len()), Ok(3));
        for (s, ok) in [
            ("poisson:1/100", true),
            ("poisson:1", true),
            ("poisson:0", false),
            ("poisson:11/10", false),
            ("poisson:-1/2", false),
            ("fixed:1:1", true),
            ("fixed:10:1000", true),
            ("fixed:0:10", false),
            ("fixed:11:10", false),
            ("fixed:1:2000000000000", false),
            ("fixed:1/2:3", false),
            ("bernoulli:1/2", false),
            ("poisson", false),
        ] {
            assert_eq!(Subsample::parse(s).is_ok(), ok, "subsample {s}");
        }
        assert_eq!(
            Subsample::parse("fixed:10:1000").unwrap().rate(),
            Rational::from_unsigneds(1u32, 100u32)
        );
        assert!(Alpha::parse_list("2,1,8").is_err());
        for (s, ok) in [
            ("0.5", true),
            ("31536000", true),
            ("0", false),
            ("31536001", false),
            ("nan", false),
            ("inf", false),
        ] {
            assert_eq!(TimeLimit::parse(s).is_ok(), ok, "time limit {s}");
        }
        for (s, ok) in [
            ("1", true),
            ("1000000", true),
            ("0", false),
            ("1000001", false),
            ("2.5", false),
        ] {
            assert_eq!(Uses::parse(s).is_ok(), ok, "k {s}");
        }
        for (s, bytes) in [
            ("1", Some(1)),
            ("512M", Some(512 << 20)),
            ("1.5G", Some(3 << 29)),
            ("8g", Some(8 << 30)),
            ("0", None),
            ("0.5", None),
            ("8E", None),
            ("9000000T", None),
            ("x", None),
        ] {
            assert_eq!(
                MemoryLimit::parse(s).ok().map(|m| m.bytes()),
                bytes,
                "size {s}"
            );
        }
        for (s, ok) in [
            ("1/1000", true),
            ("1/1000000000", true),
            ("1/1000000001", false),
            ("0", false),
            ("1", false),
            ("999/1000", true),
        ] {
            assert_eq!(Width::parse(s).is_ok(), ok, "width {s}");
        }
        for (s, ok) in [
            ("1", true),
            ("1/2", true),
            ("1000000", true),
            ("0", false),
            ("-1", false),
            ("1000001", false),
            ("x", false),
        ] {
            assert_eq!(Sensitivity::parse(s).is_ok(), ok, "sensitivity {s}");
            assert_eq!(Scale::parse_named("sigma", s).is_ok(), ok, "sigma {s}");
        }
        for (s, ok) in [("1", true), ("256", true), ("0", false), ("257", false)] {
            assert_eq!(Jobs::parse(s).is_ok(), ok, "jobs {s}");
        }
        for (s, ok) in [("1", true), ("64", true), ("0", false), ("65", false)] {
            assert_eq!(SearchSize::parse(s).is_ok(), ok, "max size {s}");
        }
        for (s, ok) in [
            ("1,1/100", true),
            ("0,1", true),
            ("1", false),
            ("-1,0", false),
            ("1,2", false),
        ] {
            assert_eq!(parse_eps_delta(s).is_ok(), ok, "eps,delta {s}");
        }
    }

    #[test]
    fn delta_one_is_vacuous_and_kept() {
        let d = Delta::parse("1").unwrap();
        assert!(d.is_vacuous());
        assert!(!Delta::parse("999/1000").unwrap().is_vacuous());
    }

    #[test]
    fn errors_name_the_rule_and_value() {
        let e = Delta::parse("3/2").unwrap_err().to_string();
        assert!(e.contains("[0, 1]") && e.contains("3/2"), "{e}");
        let e = TimeLimit::parse("1e308").unwrap_err().to_string();
        assert!(e.contains("`1e308`") && e.len() < 200, "{e}");
        let e = Eps::parse_list("1,-1").unwrap_err().to_string();
        assert!(e.contains(">= 0") && e.contains("-1"), "{e}");
        let e = TRange::parse("1/2,2").unwrap_err().to_string();
        assert!(e.contains(">= 1") && e.contains("1/2"), "{e}");
        let e = TRange::parse("3,2").unwrap_err().to_string();
        assert!(e.contains("T1 < T2") && e.contains("3,2"), "{e}");
        let e = TRange::parse("3").unwrap_err().to_string();
        assert!(e.contains("`3`") && e.contains("T1,T2"), "{e}");
        // A huge value is abbreviated in the message, not printed whole.
        for s in ["1e100000", "-1e100000", "1e-100000x"] {
            let e = Delta::parse(s).unwrap_err().to_string();
            assert!(e.len() < 300, "{} bytes", e.len());
        }
    }
}

/// The range rules of issue 45's noise parameters: (literal, accepted?), boundaries both sides.
#[cfg(test)]
mod noise_ranges {
    use super::*;

    #[test]
    fn noise_ranges_table() {
        for (s, ok) in [("1", true), ("1/2", true), ("0", false), ("-1", false)] {
            assert_eq!(Sensitivity::parse(s).is_ok(), ok, "sensitivity {s}");
            assert_eq!(Scale::parse_named("sigma", s).is_ok(), ok, "sigma {s}");
            assert_eq!(Resolution::parse(s).is_ok(), ok, "resolution {s}");
        }
        for (s, ok) in [
            ("2", true),
            ("101/100", true),
            ("1", false),
            ("1/2", false),
            ("0", false),
        ] {
            assert_eq!(GeometricBase::parse(s).is_ok(), ok, "T {s}");
        }
        let whole = |s: &str| Sensitivity::parse(s).unwrap().whole("dlaplace");
        assert_eq!(whole("3"), Ok(3));
        assert!(whole("3/2").is_err() && whole("10001").is_err());
        assert_eq!(
            Resolution::default().value(),
            &Rational::from_unsigneds(1u32, 100)
        );
    }
}
