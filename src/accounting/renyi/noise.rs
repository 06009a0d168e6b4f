//! Rényi DP and zCDP of the noise mechanisms of `compose` (issue 45 item 1 for
//! `gaussian:SIGMA`, `laplace:B` and `dgaussian:SIGMA`), `k` uses each, query sensitivity `D`.
//! Every value is exact or an outward-rounded enclosure (no `f64`).
//!
//! - Gaussian: `D_α(N(0, σ²) ‖ N(D, σ²)) = αD²/(2σ²)` (Mironov 2017, Prop. 7), rational; so
//!   `ρ = kD²/(2σ²)` exactly (Bun–Steinke 2016, Prop. 1.6).
//! - Laplace, `μ = D/b`: `D_α = ln S_α/(α − 1)` with
//!   `S_α = (α e^{(α−1)μ} + (α − 1) e^{−αμ})/(2α − 1)` (Mironov 2017, Prop. 6; the integral of
//!   `p^α q^{1−α}` over `x < 0`, `0 < x < μ`, `x > μ`), the same for both orders (the map
//!   `x ↦ μ − x`); ρ by the branch-and-bound of [`super::branch_and_bound`] with
//!   `D_∞ = μ` and the KL divergence `μ + e^{−μ} − 1` as its lower end at α → 1.
//! - Discrete Gaussian, pair `(0, d)`: completing the square,
//!   `P(z)^α Q(z)^{1−α} = e^{α(α−1)d²/(2σ²)}·e^{−(z+(α−1)d)²/(2σ²)}/Z`, so with
//!   `θ(c) = Σ_z e^{−(z+c)²/(2σ²)}` (period 1), `c = frac((α − 1)d)`:
//!   `D_α = αd²/(2σ²) + ln(θ(c)/θ(0))/(α − 1)`. When `(α − 1)d` is an integer (every integer
//!   α) `D_α = αd²/(2σ²)` exactly; otherwise `θ(c)`, `θ(0)` are enclosed
//!   ([`DGauss::theta`]). `θ(c) ≤ θ(0)` for every real `c` (Poisson summation:
//!   `θ(c) = √(2π)σ Σ_k e^{−2π²σ²k²} cos(2πkc)`; Canonne–Kamath–Steinke 2020, proof of
//!   Prop. 5), so `D_α/α ≤ d²/(2σ²)` at every real α > 1 with equality at integer α:
//!   `ρ = Σ_i k_i D²/(2σ_i²)` exactly. The ratio's enclosure is clamped to `≤ 1` by that fact.

use super::{branch_and_bound, Divergence, RdpAt, Zcdp, PREC};
use crate::accounting::dgauss::DGauss;
use crate::num::{Interval, Rational};
use malachite::base::num::arithmetic::traits::Floor;
use malachite::base::num::basic::traits::{One, Zero};

/// The witness of a continuous mechanism's answers: its two neighbouring query values `0`, `D`.
const PAIR: (usize, usize) = (0, 1);

fn rational(v: Rational) -> Divergence {
    let e = Interval::from_rational(&v, PREC);
    Divergence::Rational(v, e)
}

/// `D_α` of `k` uses of the Gaussian mechanism, exactly.
pub fn gaussian_rdp(alpha: &Rational, sigma: &Rational, d: &Rational, k: u64) -> RdpAt {
    RdpAt {
        alpha: alpha.clone(),
        value: rational(alpha * Rational::from(k) * d * d / (Rational::from(2u32) * sigma * sigma)),
        witness: PAIR,
    }
}

/// ρ of `k` uses of the Gaussian mechanism, exactly.
pub fn gaussian_zcdp(sigma: &Rational, d: &Rational, k: u64) -> Zcdp {
    Zcdp::Exact {
        rho: Rational::from(k) * d * d / (Rational::from(2u32) * sigma * sigma),
        witness: PAIR,
        why: "D_alpha/alpha = k*D^2/(2 sigma^2) at every alpha (Mironov 2017, Prop. 7)".into(),
    }
}

/// `D_α` of one use of the Laplace mechanism at `μ = D/b`, enclosed (module doc).
pub fn laplace_divergence(alpha: &Rational, mu: &Rational) -> Interval {
    let am1 = alpha - Rational::ONE;
    let a = Interval::exp_rational(&(&am1 * mu), PREC).mul_rational(alpha);
    let b = Interval::exp_rational(&(-(alpha * mu)), PREC).mul_rational(&am1);
    let s = a
        .add(&b)
        .mul_rational(&(Rational::ONE / (Rational::from(2u32) * alpha - Rational::ONE)))
        .clamp_to(Some(&Rational::ONE), None);
    s.ln()
        .expect("S >= 1")
        .mul_rational(&(Rational::ONE / am1))
        .clamp_to(Some(&Rational::ZERO), Some(mu))
}

/// `D_α` of `k` uses of the Laplace mechanism.
pub fn laplace_rdp(alpha: &Rational, b: &Rational, d: &Rational, k: u64) -> RdpAt {
    RdpAt {
        alpha: alpha.clone(),
        value: Divergence::Enclosed(
            laplace_divergence(alpha, &(d / b)).mul_rational(&Rational::from(k)),
        ),
        witness: PAIR,
    }
}

/// ρ of `k` uses of the Laplace mechanism by branch-and-bound over α.
pub fn laplace_zcdp(
    b: &Rational,
    d: &Rational,
    k: u64,
    width_bits: u64,
    max_evaluations: usize,
) -> Zcdp {
    let mu = d / b;
    let k = Rational::from(k);
    let f = |alpha: &Rational| (Some(laplace_divergence(alpha, &mu).mul_rational(&k)), PAIR);
    let dinf = Interval::from_rational(&(&mu * &k), PREC);
    let kl = Interval::exp_rational(&(-mu.clone()), PREC)
        .add(&Interval::from_rational(&(&mu - Rational::ONE), PREC))
        .mul_rational(&k);
    let kl_lo = kl
        .lo_rational()
        .unwrap_or(Rational::ZERO)
        .max(Rational::ZERO);
    branch_and_bound(&f, &dinf, (kl_lo, PAIR), width_bits, max_evaluations)
}

/// `Σ_i k_i·D_α` of the pair `(0, d)` under the discrete Gaussians `uses`: exact when
/// `(α − 1)d` is an integer, else enclosed (module doc).
fn dgaussian_pair(uses: &[(&DGauss, u64)], d: u64, alpha: &Rational) -> Divergence {
    let am1 = alpha - Rational::ONE;
    let shift = &am1 * Rational::from(d);
    let c = &shift - Rational::from(Floor::floor(shift.clone()));
    let d2 = Rational::from(d * d);
    let exact: Rational = uses
        .iter()
        .map(|(g, k)| Rational::from(*k) * alpha * &d2 / g.s2())
        .sum();
    if c == 0u32 {
        return rational(exact);
    }
    let mut correction = Interval::from_i64(0, PREC);
    for (g, k) in uses {
        let ratio = g
            .theta(&c, PREC)
            .checked_div(&g.theta(&Rational::ZERO, PREC))
            .expect("theta(0) >= 1")
            .clamp_to(None, Some(&Rational::ONE));
        let ln = ratio.ln().expect("theta(c) > 0");
        correction = correction.add(&ln.mul_rational(&(Rational::from(*k) / &am1)));
    }
    Divergence::Enclosed(
        Interval::from_rational(&exact, PREC)
            .add(&correction)
            .clamp_to(Some(&Rational::ZERO), Some(&exact)),
    )
}

/// `D_α` of a sequence of discrete Gaussians on query values at distance `1..=d_max`: the
/// largest over the pairs `(0, d)`. Pairs whose bound `α·Σ k_i d²/(2σ_i²)` is below the best
/// lower end found are skipped (that bound decreases with `d`).
pub fn dgaussian_rdp(uses: &[(&DGauss, u64)], d_max: u64, alpha: &Rational) -> RdpAt {
    let mut best: Option<(Divergence, u64)> = None;
    for d in (1..=d_max).rev() {
        if let Some((b, _)) = &best {
            let bound: Rational = uses
                .iter()
                .map(|(g, k)| Rational::from(*k) * alpha * Rational::from(d * d) / g.s2())
                .sum();
            let lo = b.enclosure().and_then(|e| e.lo_rational()).expect("finite");
            if bound <= lo {
                break;
            }
        }
        let v = dgaussian_pair(uses, d, alpha);
        best = Some(match best {
            None => (v, d),
            Some((b, bd)) => {
                let (be, ve) = (
                    b.enclosure().expect("finite"),
                    v.enclosure().expect("finite"),
                );
                match (&b, &v) {
                    (Divergence::Rational(x, _), Divergence::Rational(y, _)) => {
                        if y > x {
                            (v, d)
                        } else {
                            (b, bd)
                        }
                    }
                    _ => {
                        let m = super::max_enclosure(be, ve);
                        let d = if ve.hi > be.hi { d } else { bd };
                        (Divergence::Enclosed(m), d)
                    }
                }
            }
        });
    }
    let (value, d) = best.expect("d_max >= 1");
    RdpAt {
        alpha: alpha.clone(),
        value,
        witness: (0, d as usize),
    }
}

/// ρ of a sequence of discrete Gaussians on query values at distance up to `d_max`, exactly
/// (module doc).
pub fn dgaussian_zcdp(uses: &[(&DGauss, u64)], d_max: u64) -> Zcdp {
    let d2 = Rational::from(d_max * d_max);
    Zcdp::Exact {
        rho: uses
            .iter()
            .map(|(g, k)| Rational::from(*k) * &d2 / g.s2())
            .sum(),
        witness: (0, d_max as usize),
        why: "D_alpha/alpha <= sum k*D^2/(2 sigma^2) at every real alpha > 1, as theta(c) <= \
              theta(0) (Canonne-Kamath-Steinke 2020, Prop. 5), with equality at every integer \
              alpha"
            .into(),
    }
}

#[cfg(test)]
mod tests;
