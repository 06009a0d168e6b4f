//! A certified *enclosure* of δ(ε) for compositions whose exact support is too large: the
//! privacy losses rounded to a grid, the masses in fixed point with directed rounding. This is
//! a different kind of answer from [`super::compose`]'s exact `A − B·e^ε`: a pair of bounds
//! `lower ≤ δ(ε) ≤ upper` (and `ε_lo ≤ ε(δ) ≤ ε_hi`), each a sound bound, with a gap that
//! shrinks as the grid gets finer.
//!
//! # Why the bounds hold
//! Write the privacy loss of one use as `L = ln(P(y)/Q(y))` under `y ~ P` (`+∞` when
//! `Q(y) = 0`). For `t = e^ε`, `δ_k(t) = E[g_t(L_1 + … + L_k)]` with
//! `g_t(ℓ) = (1 − t·e^{−ℓ})_+` (Balle et al., *Improving the Gaussian mechanism*, 2018, Thm 1;
//! `g_t(+∞) = 1`), and `g_t` is non-negative and non-decreasing. Say a measure `μ` is
//! *dominated* by `ν` (`μ ≼ ν`) when `∫ g dμ ≤ ∫ g dν` for every non-negative non-decreasing
//! `g`. Then (i) adding mass, (ii) moving mass to a larger loss (`+∞` included) and
//! (iii) convolving — `μ ≼ ν` and `κ ≼ κ'` give `μ * κ ≼ ν * κ'`, because `x ↦ g(x + y)` is
//! again non-negative and non-decreasing — all preserve `≼`. The grid is `b = 1 + 1/N`:
//! * *upper*: each single-use loss `ln r` is rounded **up** to `j·ln b` with `j` the least
//!   integer such that `b^j ≥ r` (an exact comparison), each mass rounded **up** in fixed
//!   point, the top tail of the composed distribution moved to `+∞` and its bottom tail
//!   clamped upwards; every step is (i) or (ii), so the exact PLD is dominated by the computed
//!   one and `δ_k(t) ≤ Σ_J m_J (1 − t·b^{−J})_+ + m_∞` with the coefficients rounded up;
//! * *lower*: losses rounded **down** (the greatest `j` with `b^j ≤ r`), masses rounded
//!   **down**, both tails dropped, coefficients rounded down: the computed PLD is dominated by
//!   the exact one, so its `δ` is a lower bound.
//!
//! This is the pessimistic/optimistic discretisation of Meiser–Mohammadi (*Tight on budget?*,
//! CCS 2018, §5) and Koskela–Jälkö–Honkela (*Computing tight DP guarantees using FFT*,
//! AISTATS 2020, §4), with every rounding directed and no floating point: the composed grid
//! PLD lives on the integers `J` (loss `J·ln b`), built by `k` exact convolutions with the (at
//! most as many letters as outputs) single-use grid PLD, masses as `u64` multiples of `2^-63`
//! whose products are summed exactly in `u128` and rounded once per slot.
//!
//! Since the upper losses exceed the lower ones by one grid step per use (for ratios off the
//! grid), the two curves are about `k·ln b` apart in ε: `N ≈ k / (width·ε)` buys a relative
//! width `width`. δ at a rational `t` is bracketed between the grid points `b^J ≤ t < b^{J+1}`
//! (δ is non-increasing in `t`), so `δ(t) ∈ [δ_lower(b^{J+1}), δ_upper(b^J)]`.

use super::pld::PairLoss;
use crate::num::fmt::to_f64;
use crate::num::{LogLinear, Natural, Rational};
use malachite::base::num::basic::traits::One;
use std::cmp::Ordering;
use std::fmt;

/// Fraction bits of the fixed-point masses: the integer `m` stands for `m·2^-63`.
pub const FRAC: u32 = 63;
/// `1` in fixed point.
pub const ONE: u64 = 1 << FRAC;
/// Default pruning budget, per composition step and per tail, in units of `2^-63`
/// (`2^10·2^-63 ≈ 1.1e-16`): a tail whose mass is at most this is moved to `+∞` (upper, top),
/// clamped (upper, bottom) or dropped (lower).
pub const PRUNE_ULPS: u64 = 1 << 10;
/// The finest grid accepted (`b = 1 + 1/N`; products `x·N` stay in `u128`).
pub const MAX_N: u64 = 1 << 32;
/// The most slots a composed grid PLD may hold (two `u64` arrays and a `u128` buffer).
pub const MAX_SLOTS: usize = 8_000_000;

/// One use's single-use grid PLD as [`GridPld::compose_kernels`] takes it: the kernel
/// (exponent, fixed-point P-mass), the finite mass `1 − P(+∞)` in fixed point, the uses.
pub type Kernel = (Vec<(i64, u64)>, u64, u64);

/// Which bound a grid PLD gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Losses and masses rounded up: `δ` from it is an upper bound.
    Upper,
    /// Losses and masses rounded down: `δ` from it is a lower bound.
    Lower,
}

/// Why a grid enclosure was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// k = 0, or no use.
    NoUse,
    /// `N` is 0 or above [`MAX_N`].
    BadGrid(u64),
    /// The composed grid PLD would hold more than [`MAX_SLOTS`] slots.
    TooWide(u128),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::NoUse => write!(f, "k must be at least 1 (nothing is composed)"),
            GridError::BadGrid(n) => write!(f, "grid N = {n}: must be in 1..={MAX_N}"),
            GridError::TooWide(s) => write!(
                f,
                "the grid enclosure would hold {s} slots (limit {MAX_SLOTS}): a coarser grid or fewer uses"
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// The grid `b = 1 + 1/N` of privacy losses `J·ln b`.
#[derive(Clone, Debug)]
pub struct Grid {
    /// `N`.
    pub n: u64,
    b: Rational,
    /// `ln b` in floating point: a hint for the first exponent tried, never a decision.
    ln_b_hint: f64,
}

impl Grid {
    /// The grid `b = 1 + 1/n`.
    pub fn new(n: u64) -> Result<Grid, GridError> {
        if n == 0 || n > MAX_N {
            return Err(GridError::BadGrid(n));
        }
        Ok(Grid {
            n,
            b: Rational::from_unsigneds(n + 1, n),
            ln_b_hint: (1.0 / n as f64).ln_1p(),
        })
    }

    /// The base `b = (N + 1)/N`.
    #[cfg(test)]
    pub fn base(&self) -> &Rational {
        &self.b
    }

    /// `j·ln b`, exactly.
    pub fn loss(&self, j: i64) -> LogLinear {
        LogLinear::term(&Rational::from(j), &self.b)
    }

    /// A first guess for an exponent (a float hint; the callers certify it exactly).
    fn hint(&self, ln: f64) -> i64 {
        let j = ln / self.ln_b_hint;
        if j.is_finite() {
            j.clamp(-9e15, 9e15) as i64
        } else {
            0
        }
    }

    /// The least `j` with `b^j ≥ r`, for a rational `r > 0` (exact log-linear comparisons).
    pub fn ceil_exponent(&self, r: &Rational) -> i64 {
        let ln_r = LogLinear::ln(r);
        self.ceil_exponent_from(&ln_r, self.hint(ln_r.approx_f64()))
    }

    /// The least `j` with `j·ln b ≥ ln_r`, searched from the guess `j` (any integer: the answer
    /// does not depend on it, only the number of exact comparisons does).
    fn ceil_exponent_from(&self, ln_r: &LogLinear, mut j: i64) -> i64 {
        let ge = |j: i64| (&self.loss(j) - ln_r).signum() != Ordering::Less;
        while !ge(j) {
            j += 1;
        }
        while ge(j - 1) {
            j -= 1;
        }
        j
    }

    /// The greatest `j` with `b^j ≤ r`, for a rational `r > 0`.
    pub fn floor_exponent(&self, r: &Rational) -> i64 {
        let j = self.ceil_exponent(r);
        if (&self.loss(j) - &LogLinear::ln(r)).signum() == Ordering::Equal {
            j
        } else {
            j - 1
        }
    }

    /// The greatest `j` with `j·ln b ≤ ε`, for a rational `ε` (decided exactly:
    /// Hermite–Lindemann, as [`LogLinear::cmp_rational`]).
    pub fn floor_exponent_of_eps(&self, eps: &Rational) -> i64 {
        self.floor_exponent_of_eps_from(eps, self.hint(to_f64(eps)))
    }

    /// The greatest `j` with `j·ln b ≤ ε`, searched from the guess `j` (any integer).
    fn floor_exponent_of_eps_from(&self, eps: &Rational, mut j: i64) -> i64 {
        let le = |j: i64| self.loss(j).cmp_rational(eps) != Ordering::Greater;
        while !le(j) {
            j -= 1;
        }
        while le(j + 1) {
            j += 1;
        }
        j
    }
}

/// `⌊x·2^63⌋` or `⌈x·2^63⌉` for a rational `0 ≤ x ≤ 1`.
pub(crate) fn fixed(x: &Rational, side: Side) -> u64 {
    let num: Natural = x.numerator_ref() << FRAC;
    let den = x.denominator_ref();
    let q = match side {
        Side::Lower => &num / den,
        Side::Upper => (&num + den - Natural::ONE) / den,
    };
    u64::try_from(&q).expect("a probability is at most 1")
}

/// `x·y` for fixed-point `x, y` (`x·y < 2^128`), rounded towards `side`.
fn mul(x: u64, y: u64, side: Side) -> u64 {
    round(x as u128 * y as u128, side)
}

/// A `2^-126`-scaled exact value rounded to `2^-63`, towards `side`.
fn round(v: u128, side: Side) -> u64 {
    let r = match side {
        Side::Lower => v >> FRAC,
        Side::Upper => (v >> FRAC) + u128::from(v & (ONE as u128 - 1) != 0),
    };
    u64::try_from(r).expect("a mass below 2")
}

/// One use of a pair on the grid: per letter its exponent (rounded towards the side) and its
/// P-mass in fixed point; letters on one grid point merged.
fn kernel(pair: &PairLoss, grid: &Grid, side: Side) -> Vec<(i64, u64)> {
    let mut k: Vec<(i64, u64)> = pair
        .letters
        .iter()
        .map(|l| {
            let r = l.ratio();
            let j = match side {
                Side::Upper => grid.ceil_exponent(&r),
                Side::Lower => grid.floor_exponent(&r),
            };
            (j, fixed(&l.p, side))
        })
        .collect();
    k.sort();
    k.dedup_by(|b, a| {
        if a.0 == b.0 {
            a.1 += b.1;
            true
        } else {
            false
        }
    });
    k
}

/// A composed PLD on the grid, one side: `m[i]` is the mass at loss `(lo + i)·ln b`.
#[derive(Clone, Debug)]
pub struct GridPld {
    /// Which bound it gives.
    pub side: Side,
    /// The exponent of `m[0]`.
    pub lo: i64,
    /// Fixed-point masses (`2^-63`).
    pub m: Vec<u64>,
    /// Fixed-point mass at `+∞` (the infinite-loss mass; upper side: with the pruned top).
    pub inf: u64,
    /// Fixed-point mass pruned (moved to `+∞` or clamped on the upper side, dropped on the
    /// lower side), for the report.
    pub pruned: u128,
}

impl GridPld {
    /// The exponent of the last slot.
    pub fn hi(&self) -> i64 {
        self.lo + self.m.len() as i64 - 1
    }

    /// Compose `k_i` uses of each pair on `grid`, towards `side`, pruning tails of at most
    /// `prune` (fixed point) per step and end.
    pub fn compose(
        uses: &[(PairLoss, u64)],
        grid: &Grid,
        side: Side,
        prune: u64,
    ) -> Result<GridPld, GridError> {
        let against = match side {
            Side::Upper => Side::Lower,
            Side::Lower => Side::Upper,
        };
        let kernels: Vec<Kernel> = uses
            .iter()
            .map(|(p, k)| {
                (
                    kernel(p, grid, side),
                    fixed(&(Rational::ONE - &p.inf), against),
                    *k,
                )
            })
            .collect();
        GridPld::compose_kernels(&kernels, side, prune)
    }

    /// Compose single-use grid PLDs already rounded towards `side`: per use its kernel
    /// (exponent, fixed-point P-mass; sorted, merged), its finite mass `1 − P(+∞)` in fixed
    /// point rounded *against* the side, and its number of uses. What [`GridPld::compose`]
    /// does after rounding a [`PairLoss`]; the discrete Gaussian ([`super::dgauss`]) rounds its
    /// own (issue 45 item 3).
    pub fn compose_kernels(uses: &[Kernel], side: Side, prune: u64) -> Result<GridPld, GridError> {
        if uses.is_empty() || uses.iter().any(|(_, _, k)| *k == 0) {
            return Err(GridError::NoUse);
        }
        let against = match side {
            Side::Upper => Side::Lower,
            Side::Lower => Side::Upper,
        };
        // The finite mass left after all uses, `Π (1 − inf_i)^{k_i}`, rounded against the side
        // (so the mass at `+∞`, one minus it, is rounded with the side).
        let mut finite = ONE;
        for (_, f, k) in uses {
            let f = *f;
            for _ in 0..*k {
                finite = mul(finite, f, against).min(ONE);
                if finite == 0 {
                    break;
                }
            }
        }
        let mut pld = GridPld {
            side,
            lo: 0,
            m: vec![ONE],
            inf: ONE - finite,
            pruned: 0,
        };
        let mut acc: Vec<u128> = Vec::new();
        for (kn, _, k) in uses {
            if kn.is_empty() {
                // Every output of this use has infinite loss (or none under P).
                pld.m = vec![0];
                continue;
            }
            for _ in 0..*k {
                pld.step(kn, &mut acc)?;
                pld.prune(prune);
            }
        }
        Ok(pld)
    }

    /// One convolution with a use's kernel: exact `u128` sums of products, one directed
    /// rounding per slot.
    fn step(&mut self, kn: &[(i64, u64)], acc: &mut Vec<u128>) -> Result<(), GridError> {
        let jmin = kn[0].0;
        let width = (kn[kn.len() - 1].0 - jmin) as usize;
        let len = self.m.len() + width;
        if len > MAX_SLOTS {
            return Err(GridError::TooWide(len as u128));
        }
        acc.clear();
        acc.resize(len, 0);
        // Σ_l m[i]·w_l ≤ max m · Σ w_l < 2^64·2^64: no overflow (masses sum to about 1).
        for &(j, w) in kn {
            let off = (j - jmin) as usize;
            let w = w as u128;
            for (a, &x) in acc[off..off + self.m.len()].iter_mut().zip(&self.m) {
                *a += x as u128 * w;
            }
        }
        self.m.clear();
        self.m.extend(acc.iter().map(|&a| round(a, self.side)));
        self.lo += jmin;
        Ok(())
    }

    /// Prune the tails: the longest top and bottom runs of slots whose total is at most
    /// `budget` each (one slot always stays). Upper side: the top goes to `+∞` and the bottom
    /// is added to the lowest kept slot (larger losses, so `δ` can only grow); lower side:
    /// both are dropped (less mass, so `δ` can only shrink).
    fn prune(&mut self, budget: u64) {
        prune_tails(
            self.side,
            &mut self.lo,
            &mut self.m,
            &mut self.inf,
            &mut self.pruned,
            budget,
        );
    }

    /// `δ` of this side at `t = b^j`, exactly (a dyadic rational): `m_∞ + Σ_{J > j} m_J c_{J−j}`
    /// with `c_d = 1 − b^{−d}` rounded towards the side.
    pub fn delta_at(&self, j: i64, c: &mut Coefs) -> Rational {
        let mut sum: u128 = (self.inf as u128) << FRAC;
        let first = (j + 1 - self.lo).max(0);
        for (i, &x) in self.m.iter().enumerate().skip(first as usize) {
            if x != 0 {
                let d = self.lo + i as i64 - j;
                sum += x as u128 * c.get(d as u64) as u128;
            }
        }
        Rational::from(Natural::from(sum)) / Rational::from(Natural::ONE << (2 * FRAC))
    }

    /// The least `j ≥ 0` with this side's `δ(b^j) ≤ δ` (`None` when the mass at `+∞`
    /// exceeds δ: no finite j). `δ(b^j)` is non-increasing in `j` (the coefficients are
    /// non-decreasing in `d`), so a binary search finds it.
    pub fn least_exponent(&self, delta: &Rational, c: &mut Coefs) -> Option<i64> {
        let inf = Rational::from(self.inf) / Rational::from(ONE);
        if inf > *delta {
            return None;
        }
        let ok = |j: i64, c: &mut Coefs| self.delta_at(j, c) <= *delta;
        if ok(0, c) {
            return Some(0);
        }
        // δ(b^hi) is the +∞ mass alone (no slot above), which is ≤ δ.
        let (mut bad, mut good) = (0i64, self.hi().max(0));
        while good - bad > 1 {
            let mid = bad + (good - bad) / 2;
            if ok(mid, c) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        Some(good)
    }
}

/// The coefficients `c_d = 1 − b^{−d}` in fixed point, rounded towards a side, computed
/// lazily by `x_d = x_{d−1}·N/(N+1)` with each step rounded (down for the upper side's `x`,
/// so its `c` is rounded up; up for the lower side). Past [`Coefs::CAP`] the upper side uses
/// `1` (an upper bound) and the lower side its last value (`c` is non-decreasing).
#[derive(Clone, Debug)]
pub struct Coefs {
    side: Side,
    n: u64,
    x: Vec<u64>,
}

impl Coefs {
    /// Most coefficients stored.
    pub const CAP: u64 = 1 << 24;

    /// The coefficients of `grid` for `side`.
    pub fn new(grid: &Grid, side: Side) -> Coefs {
        Coefs {
            side,
            n: grid.n,
            x: vec![ONE],
        }
    }

    /// `c_d` (fixed point), rounded towards the side.
    pub fn get(&mut self, d: u64) -> u64 {
        let d = d.min(Self::CAP);
        while (self.x.len() as u64) <= d {
            let prev = *self.x.last().expect("x_0");
            if prev <= 1 {
                // Constant from here on: upper x goes to 0 (so c ≤ 1 = ONE is an upper bound),
                // lower x stays at 1 (ceil(N/(N+1)) = 1).
                return match self.side {
                    Side::Upper => ONE,
                    Side::Lower => ONE - prev,
                };
            }
            let prev = prev as u128;
            let num = prev * self.n as u128;
            let den = self.n as u128 + 1;
            let next = match self.side {
                Side::Upper => num / den,
                Side::Lower => num.div_ceil(den),
            };
            self.x.push(next as u64);
        }
        if d == Self::CAP && self.side == Side::Upper {
            return ONE;
        }
        ONE - self.x[d as usize]
    }
}

/// Both sides of one composition on one grid.
#[derive(Clone, Debug)]
pub struct PairGrid {
    /// The grid.
    pub grid: Grid,
    /// The upper-bound PLD.
    pub upper: GridPld,
    /// The lower-bound PLD.
    pub lower: GridPld,
}

/// An enclosure of the smallest `t = e^ε ≥ 1` with `δ(t) ≤ δ`, as grid exponents:
/// `t ∈ [b^lo, b^hi]` (`None` is `+∞`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TBounds {
    /// `t ≥ b^lo` (`None`: `t = ∞`, the mass at `+∞` exceeds δ).
    pub lo: Option<i64>,
    /// `t ≤ b^hi` (`None`: no finite upper bound from this grid).
    pub hi: Option<i64>,
}

impl PairGrid {
    /// Compose `uses` on the grid `1 + 1/n`, both sides.
    pub fn new(uses: &[(PairLoss, u64)], n: u64, prune: u64) -> Result<PairGrid, GridError> {
        let grid = Grid::new(n)?;
        let upper = GridPld::compose(uses, &grid, Side::Upper, prune)?;
        let lower = GridPld::compose(uses, &grid, Side::Lower, prune)?;
        Ok(PairGrid { grid, upper, lower })
    }

    /// Both sides from single-use kernels rounded by the caller ([`GridPld::compose_kernels`]).
    pub fn from_kernels(
        grid: Grid,
        upper: &[Kernel],
        lower: &[Kernel],
        prune: u64,
    ) -> Result<PairGrid, GridError> {
        let upper = GridPld::compose_kernels(upper, Side::Upper, prune)?;
        let lower = GridPld::compose_kernels(lower, Side::Lower, prune)?;
        Ok(PairGrid { grid, upper, lower })
    }

    /// `δ(b^j) ∈ [lower, upper]` (the tests' view of one grid point).
    #[cfg(test)]
    pub fn delta_at_exponent(&self, j: i64) -> (Rational, Rational) {
        let lo = self
            .lower
            .delta_at(j, &mut Coefs::new(&self.grid, Side::Lower));
        let hi = self
            .upper
            .delta_at(j, &mut Coefs::new(&self.grid, Side::Upper));
        (lo, hi)
    }

    /// `δ(e^ε) ∈ [lower, upper]` for a rational `ε` (bracketed by the grid points around it).
    pub fn delta_at_eps(&self, eps: &Rational) -> (Rational, Rational) {
        let j = self.grid.floor_exponent_of_eps(eps);
        self.bracket(j)
    }

    /// `δ(t) ∈ [lower, upper]` for a rational `t > 0`.
    pub fn delta_at_t(&self, t: &Rational) -> (Rational, Rational) {
        let j = self.grid.floor_exponent(t);
        self.bracket(j)
    }

    /// `b^j ≤ t < b^{j+1}`: `δ(t) ∈ [δ_lower(b^{j+1}), δ_upper(b^j)]`.
    fn bracket(&self, j: i64) -> (Rational, Rational) {
        let lo = self
            .lower
            .delta_at(j + 1, &mut Coefs::new(&self.grid, Side::Lower));
        let hi = self
            .upper
            .delta_at(j, &mut Coefs::new(&self.grid, Side::Upper));
        (lo, hi)
    }

    /// The smallest `t = e^ε ≥ 1` with `δ(t) ≤ δ`, enclosed.
    pub fn t_for_delta(&self, delta: &Rational) -> TBounds {
        let hi = self
            .upper
            .least_exponent(delta, &mut Coefs::new(&self.grid, Side::Upper));
        // δ_lower(b^{j−1}) > δ gives t > b^{j−1}; j = 0 gives only t ≥ 1 = b^0.
        let lo = self
            .lower
            .least_exponent(delta, &mut Coefs::new(&self.grid, Side::Lower))
            .map(|j| (j - 1).max(0));
        TBounds { lo, hi }
    }
}

/// `j·ln b_n` as an exact form, `None` for `+∞`.
pub fn eps_of(n: u64, j: Option<i64>) -> Option<LogLinear> {
    j.map(|j| Grid::new(n).expect("a valid grid").loss(j))
}

/// `a ≤ b` for extended log-linear values (`None` = `+∞`), exactly.
pub fn ext_le(a: &Option<LogLinear>, b: &Option<LogLinear>) -> bool {
    match (a, b) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(a), Some(b)) => a <= b,
    }
}

#[cfg(test)]
#[path = "grid_by_hand.rs"]
mod by_hand;

#[cfg(test)]
mod tests;

/// Prune the tails of the fixed-point masses `m` (slot `i` at index `lo + i`) of at most
/// `budget` each, one slot always kept: on the upper side the top goes to `inf` (`+∞`) and the
/// bottom onto the lowest kept slot (larger losses: `δ` can only grow); on the lower side both
/// are dropped (less mass: `δ` can only shrink). `pruned` counts what moved or went. Shared by
/// [`GridPld`] and the continuous mechanisms' discretised measures.
pub(crate) fn prune_tails(
    side: Side,
    lo: &mut i64,
    m: &mut Vec<u64>,
    inf: &mut u64,
    pruned: &mut u128,
    budget: u64,
) {
    let mut top: u64 = 0;
    while m.len() > 1 {
        let last = *m.last().expect("non-empty");
        if top + last > budget {
            break;
        }
        top += last;
        m.pop();
    }
    let mut bottom: u64 = 0;
    let mut cut = 0;
    while cut + 1 < m.len() && bottom + m[cut] <= budget {
        bottom += m[cut];
        cut += 1;
    }
    if cut > 0 {
        m.drain(..cut);
        *lo += cut as i64;
    }
    if side == Side::Upper {
        *inf += top;
        m[0] += bottom;
    }
    *pruned += top as u128 + bottom as u128;
}
