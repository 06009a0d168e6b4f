//! The discrete Gaussian on ℤ (`dgaussian:SIGMA`, issue 45 item 3): `P(z) = w(z)/Z` with
//! `w(z) = e^{−z²/(2σ²)}`, `Z = Σ_z w(z)` (Canonne–Kamath–Steinke, *The discrete Gaussian for
//! differential privacy*, NeurIPS 2020, Def. 1), added to an integer query of sensitivity `D`.
//!
//! # What is certified, and why
//! The pair of query values `(0, d)` (every pair at distance `d ≤ D` is a translate; `(d, 0)`
//! has the same privacy loss distribution by `z ↦ d − z`) has privacy loss
//! `ℓ(z) = ln(P(z)/Q(z)) = (d² − 2zd)/(2σ²)` at output `z` — a **rational** — and P-mass
//! `w(z)/Z`, irrational. On the window `|z| ≤ M` every `w(z)` is enclosed by outward-rounded
//! `exp` ([`Interval::exp_rational`], 128 bits) and
//! `Z ∈ [Σ_{|z|≤M} w_lo, Σ_{|z|≤M} w_hi + 2·tail]`, where for `r = e^{−(2M+3)/(2σ²)}`
//! `Σ_{z>M} w(z) ≤ w(M+1)/(1 − r) = tail` (consecutive terms shrink by at least `r` past `M`).
//! The grid enclosure of [`super::grid`] then takes, for its *upper* side, each window loss
//! rounded up to the grid, each mass `w_hi/Z_lo` rounded up and the P-mass outside the window,
//! at most `2·tail/Z_lo`, put at `+∞`; for its *lower* side, losses rounded down, masses
//! `w_lo/Z_hi` rounded down, the outside dropped. Both are dominance steps of the grid module's
//! proof (more mass, larger losses for the upper; less mass, smaller losses for the lower), so
//! the k-fold enclosure contains the true `δ(ε)` exactly as for a finite mechanism.
//!
//! The single-use `δ(e^ε) = Σ_z (P(z) − e^ε Q(z))^+` is also enclosed directly
//! ([`delta_single`]): the positive terms are the `z` with `ℓ(z) > ε`, an exact comparison of
//! rationals, so `δ = P(Z ≤ z*) − e^ε·Q(Z ≤ z*)` with `z*` the last such `z`.
//!
//! The certified bound of the Cuff–Yu module (CY-2, rational `q = e^{−1/(2σ²)}`) is
//! [`delta_upper_q`], here so the paper module and `compose` share one tail argument.

use super::grid::{fixed, Grid, GridError, PairGrid, Side, ONE};
use crate::num::interval::Interval;
use crate::num::Rational;
use crate::params::{Scale, Sensitivity};
use malachite::base::num::arithmetic::traits::{Ceiling, Pow};
use malachite::base::num::basic::traits::{One, Zero};

/// Bits of the `exp` enclosures.
const PREC: u64 = 128;

/// The most window points per pair (`2M + 1`): σ up to about 50,000.
pub const MAX_WINDOW: u64 = 1_000_001;

/// The certified upper bound of `δ(t)` of the discrete Gaussian with weights `q^{y²}` (rational
/// `0 < q < 1`) for the query values `0, 1`, summed on the window `|y| ≤ k` (Cuff–Yu CY-2):
/// `δ(t) = (1/Z) Σ_y (q^{y²} − t q^{(y−1)²})^+`. Terms with `y > k` vanish
/// (`q^{y²} < q^{(y−1)²}`), the terms with `y < −k` are at most their first part, whose sum is
/// at most `q^{k²} q^{2k+1}/(1 − q^{2k+1})`, and `Z ≥ Z_k`. Exact rationals throughout.
pub fn delta_upper_q(q: &Rational, t: &Rational, k: u64) -> Rational {
    let k = k as i64;
    let one = Rational::ONE;
    let pw = |e: i64| q.pow(e as u64);
    let z_k: Rational = (-k..=k).map(|z| pw(z * z)).sum();
    let window: Rational = (-k..=k)
        .map(|y| crate::measure::positive_part(pw(y * y) - t * pw((y - 1) * (y - 1))))
        .sum();
    let qq = pw(2 * k + 1);
    let tail = pw(k * k) * &qq / (&one - &qq);
    (window + tail) / z_k
}

/// The discrete Gaussian with scale σ: its window and its enclosed weights.
#[derive(Clone, Debug)]
pub struct DGauss {
    /// `2σ²`.
    s2: Rational,
    /// The window `|z| ≤ m`.
    m: i64,
    /// `w(z)` enclosed, `z = −m..=m` (index `z + m`): lower and upper rational ends.
    w: Vec<(Rational, Rational)>,
    /// `Z ∈ [z_lo, z_hi]`.
    z_lo: Rational,
    z_hi: Rational,
    /// An upper bound of `Σ_{z>m} w(z)` (one side).
    tail: Rational,
}

/// Why a discrete Gaussian was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooWide(pub u128);

impl std::fmt::Display for TooWide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "its certified window would hold {} points (limit {MAX_WINDOW}): sigma too large",
            self.0
        )
    }
}

fn enclose_exp(x: &Rational) -> (Rational, Rational) {
    let i = Interval::exp_rational(x, PREC);
    (
        i.lo_rational().unwrap_or(Rational::ZERO),
        i.hi_rational().expect("e^x for x <= 0 is finite"),
    )
}

impl DGauss {
    /// The discrete Gaussian of scale σ, window `M = ⌈10σ⌉ + 2` (the tail is then below
    /// `e^{−50}·(1 + …)` of `Z`: negligible against the grid's `2^-63`, and bounded anyway).
    pub fn new(sigma: &Scale) -> Result<DGauss, TooWide> {
        let s = sigma.value();
        let s2 = Rational::from(2u32) * s * s;
        let m = Rational::from(10u32) * s;
        let m = u128::try_from(&m.ceiling())
            .unwrap_or(u128::MAX)
            .saturating_add(2);
        if 2 * m.min(u128::MAX / 4) + 1 > MAX_WINDOW as u128 {
            return Err(TooWide(2 * m.min(u128::MAX / 4) + 1));
        }
        let m = m as i64;
        let w: Vec<(Rational, Rational)> = (-m..=m)
            .map(|z| enclose_exp(&(-Rational::from(z * z) / &s2)))
            .collect();
        let z_lo: Rational = w.iter().map(|p| &p.0).sum();
        let w_next_hi = enclose_exp(&(-Rational::from((m + 1) * (m + 1)) / &s2)).1;
        let r_hi = enclose_exp(&(-Rational::from(2 * m + 3) / &s2)).1;
        let tail = if r_hi >= 1u32 {
            // Cannot happen for m ≥ 2 (2m + 3 > 0): kept sound anyway.
            Rational::from(1_000_000u32)
        } else {
            w_next_hi / (Rational::ONE - r_hi)
        };
        let z_hi: Rational =
            w.iter().map(|p| &p.1).sum::<Rational>() + Rational::from(2u32) * &tail;
        Ok(DGauss {
            s2,
            m,
            w,
            z_lo,
            z_hi,
            tail,
        })
    }

    /// The privacy loss `ℓ(z) = (d² − 2zd)/(2σ²)` of output `z` for the pair `(0, d)`.
    pub fn loss(&self, d: u64, z: i64) -> Rational {
        let d = d as i64;
        Rational::from(d * d - 2 * z * d) / &self.s2
    }

    /// `P(z) ∈ [lo, hi]` for `|z| ≤ M`.
    pub fn mass(&self, z: i64) -> (Rational, Rational) {
        let (lo, hi) = &self.w[(z + self.m) as usize];
        (lo / &self.z_hi, hi / &self.z_lo)
    }

    /// An upper bound of `P(|Z| > M)`.
    pub fn outside(&self) -> Rational {
        Rational::from(2u32) * &self.tail / &self.z_lo
    }

    /// The window `M`.
    pub fn window(&self) -> i64 {
        self.m
    }

    /// `2σ²`.
    pub fn s2(&self) -> &Rational {
        &self.s2
    }

    /// The shifted theta sum `θ(c) = Σ_{z∈ℤ} e^{−(z+c)²/(2σ²)}` at a rational `0 ≤ c < 1`,
    /// enclosed at `prec` bits (the Rényi divergence at non-integer orders:
    /// [`crate::accounting::renyi::noise`]). Terms `|z| ≤ M` by outward-rounded `exp`; the
    /// others have `|z + c| ≥ M`, their values `|z + c|` stepping by 1 away from 0 on each side,
    /// so consecutive terms shrink by at least `r = e^{−(2M+1)/(2σ²)}` and each side sums to at
    /// most `e^{−M²/(2σ²)}/(1 − r)`.
    pub fn theta(&self, c: &Rational, prec: u64) -> Interval {
        debug_assert!(*c >= 0u32 && *c < 1u32);
        let e = |x: Rational| Interval::exp_rational(&(-x / &self.s2), prec);
        let mut s = Interval::from_i64(0, prec);
        for z in -self.m..=self.m {
            let x = Rational::from(z) + c;
            s = s.add(&e(&x * &x));
        }
        let head = e(Rational::from(self.m * self.m));
        let r = e(Rational::from(2 * self.m + 1));
        let tail = head
            .mul_rational(&Rational::from(2u32))
            .checked_div(&Interval::from_i64(1, prec).sub(&r))
            .and_then(|t| t.hi_rational())
            .filter(|t| *t >= 0u32)
            // r < 1 for M ≥ 0 and the enclosure is tight: never reached, kept sound.
            .unwrap_or_else(|| Rational::from(1_000_000u32));
        s.add(&Interval::from_rationals(&Rational::ZERO, &tail, prec).expect("0 <= tail"))
    }

    /// The single-use grid kernels of the pair `(0, d)` on `grid`: (upper, lower), each
    /// (kernel, finite mass in fixed point, 1 use) as [`super::grid::GridPld::compose_kernels`]
    /// takes them (module doc).
    pub fn kernels(&self, d: u64, grid: &Grid) -> [(Vec<(i64, u64)>, u64); 2] {
        let mut up: Vec<(i64, u64)> = Vec::with_capacity(self.w.len());
        let mut lo: Vec<(i64, u64)> = Vec::with_capacity(self.w.len());
        // Losses decrease in z by 2d/(2σ²) per step: exponents found from the previous one.
        for z in -self.m..=self.m {
            let l = self.loss(d, z);
            let (p_lo, p_hi) = self.mass(z);
            let jf = grid.floor_exponent_of_eps(&l);
            let jc = if l == 0u32 { jf } else { jf + 1 };
            up.push((jc, fixed(&p_hi.min(Rational::ONE), Side::Upper)));
            lo.push((jf, fixed(&p_lo, Side::Lower)));
        }
        let merge = |mut k: Vec<(i64, u64)>| {
            k.sort();
            k.dedup_by(|b, a| {
                if a.0 == b.0 {
                    a.1 = a.1.saturating_add(b.1);
                    true
                } else {
                    false
                }
            });
            k
        };
        let out = self.outside();
        let finite_up = if out >= 1u32 {
            0
        } else {
            fixed(&(Rational::ONE - out), Side::Lower)
        };
        [(merge(up), finite_up), (merge(lo), ONE)]
    }
}

/// The k-fold composition of a sequence of discrete Gaussians `(σ_i, k_i)` on the pair
/// `(0, d)`, enclosed on the grid `1 + 1/n` (both sides; module doc).
pub fn pair_grid(
    uses: &[(&DGauss, u64)],
    d: u64,
    n: u64,
    prune: u64,
) -> Result<PairGrid, GridError> {
    let grid = Grid::new(n)?;
    let mut upper = Vec::new();
    let mut lower = Vec::new();
    for (g, k) in uses {
        let [(ku, fu), (kl, fl)] = g.kernels(d, &grid);
        upper.push((ku, fu, *k));
        lower.push((kl, fl, *k));
    }
    PairGrid::from_kernels(grid, &upper, &lower, prune)
}

/// The single-use `δ(e^ε)` of the pair `(0, d)` at a rational `ε ≥ 0`, enclosed: `[lo, hi]`
/// (module doc).
pub fn delta_single(g: &DGauss, d: u64, eps: &Rational) -> (Rational, Rational) {
    // Positive terms: ℓ(z) > ε ⟺ z < (d² − 2σ²ε)/(2d), exactly.
    let (et_lo, et_hi) = enclose_exp(eps);
    let mut lo = Rational::ZERO;
    let mut hi = Rational::ZERO;
    for z in -g.m..=g.m {
        if g.loss(d, z) <= *eps {
            break;
        }
        let (p_lo, p_hi) = g.mass(z);
        let zq = z - d as i64;
        let (q_lo, q_hi) = if zq.abs() <= g.m {
            g.mass(zq)
        } else {
            (Rational::ZERO, g.outside())
        };
        lo += p_lo - &et_hi * q_hi;
        hi += p_hi - &et_lo * q_lo;
    }
    // Outputs below −M: their terms are at most their P-mass, at least 0.
    hi += g.outside() / Rational::from(2u32);
    (lo.max(Rational::ZERO), hi.min(Rational::ONE))
}

/// The discrete Gaussian `dgaussian:SIGMA` as a mechanism of `compose` (inputs: the query
/// values `0..=D`, every pair at distance `1..D`).
pub fn mechanism(
    spec: &str,
    sigma: &Scale,
    sensitivity: &Sensitivity,
) -> Result<super::answer::Mechanism, super::answer::AnswerError> {
    use super::answer::{AnswerError, Mechanism, Source};
    let d = sensitivity
        .whole("dgaussian")
        .map_err(|e| AnswerError::Query(format!("`{spec}`: {e}")))?;
    DGauss::new(sigma).map_err(|e| AnswerError::Input(format!("`{spec}`: {e}")))?;
    Ok(Mechanism {
        spec: spec.to_string(),
        source: Source::DGaussian {
            sigma: sigma.value().clone(),
            d,
        },
    })
}

#[cfg(test)]
mod tests;
