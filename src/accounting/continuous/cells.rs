//! The loss cells of one use of the continuous mechanisms, every mass a certified enclosure:
//! the Poisson-subsampled Gaussian (both orders of the add/remove pair; `q = 1` is the
//! Gaussian mechanism) and the Laplace mechanism.

use super::fixed::{Cells, PREC};
use crate::num::interval::Interval;
use crate::num::Rational;
use malachite::base::num::arithmetic::traits::Floor;
use malachite::base::num::basic::traits::{NegativeInfinity as _, One, Zero};

/// The Poisson-subsampled Gaussian with noise `σ` (in units of the sensitivity) and rate `q`:
/// `P = (1 − q)·N(0, σ²) + q·N(1, σ²)` and `Q = N(0, σ²)` (adding the record) and the reverse
/// order (removing it). The loss of the adding order at output `x` is
/// `ℓ(x) = ln(1 − q + q·e^{(2x − 1)/(2σ²)})`, increasing in `x`, with inverse
/// `x(ℓ) = σ²·ln((e^ℓ − 1 + q)/q) + 1/2` for `ℓ > ln(1 − q)` (`−∞` below).
#[derive(Clone, Debug)]
pub struct SubsampledGaussian {
    /// `σ / D`.
    pub sigma: Rational,
    /// The sampling rate, in (0, 1].
    pub q: Rational,
}

/// The CDFs at the grid's loss points `ℓ_j = j·h`, `j = j0..=j1`: `Φ(x_j/σ)` and
/// `Φ((x_j − 1)/σ)`.
struct Boundaries {
    j0: i64,
    f0: Vec<Interval>,
    f1: Vec<Interval>,
}

impl SubsampledGaussian {
    /// `x(ℓ)` for `ℓ = j·h`, enclosed (lower end `−∞` where `e^ℓ − 1 + q ≤ 0` may hold).
    fn x_of(&self, ell: &Rational) -> Interval {
        let s2 = &self.sigma * &self.sigma;
        let half = Rational::from_signeds(1, 2);
        if self.q == 1u32 {
            return Interval::from_rational(&(&s2 * ell + half), PREC);
        }
        let t = Interval::exp_rational(ell, PREC)
            .sub(&Interval::from_rational(&(Rational::ONE - &self.q), PREC));
        let inv_q = Rational::ONE / &self.q;
        let x = |v: &malachite::Float| -> malachite::Float {
            if *v <= 0u32 {
                return malachite::Float::NEGATIVE_INFINITY;
            }
            let r = Interval::point(v.clone(), PREC)
                .mul_rational(&inv_q)
                .ln()
                .expect("positive")
                .mul_rational(&s2)
                .add(&Interval::from_rational(&half, PREC));
            r.lo
        };
        if t.hi <= 0u32 {
            let ninf = malachite::Float::NEGATIVE_INFINITY;
            return Interval::new(ninf.clone(), ninf, PREC).expect("−∞ ≤ −∞");
        }
        let hi = {
            let r = Interval::point(t.hi.clone(), PREC)
                .mul_rational(&inv_q)
                .ln()
                .expect("positive")
                .mul_rational(&s2)
                .add(&Interval::from_rational(&half, PREC));
            r.hi
        };
        Interval::new(x(&t.lo), hi, PREC).expect("lo ≤ hi")
    }

    /// A float hint of the loss beyond which the adding order's P-tail is below about
    /// `2^-66` (a choice of range, never a decision: the tail is enclosed and accounted).
    fn top_loss_hint(&self) -> f64 {
        let s = crate::num::fmt::to_f64(&self.sigma);
        let q = crate::num::fmt::to_f64(&self.q);
        let x = 1.0 + 9.6 * s;
        let l = ((1.0 - q) + q * ((2.0 * x - 1.0) / (2.0 * s * s)).exp()).ln();
        if l.is_finite() {
            l.max(0.01)
        } else {
            1e3
        }
    }

    fn boundaries(&self, h: &Rational) -> Boundaries {
        let top = self.top_loss_hint();
        let hf = crate::num::fmt::to_f64(h);
        let j1 = (top / hf).ceil() as i64 + 1;
        let j0 = if self.q == 1u32 {
            -j1
        } else {
            // Below ln(1 − q) every x is −∞: one grid point below it is enough.
            let l = (1.0 - crate::num::fmt::to_f64(&self.q)).ln();
            (l / hf).floor() as i64 - 2
        };
        let inv_s = Rational::ONE / &self.sigma;
        let one = Interval::from_i64(1, PREC);
        let mut f0 = Vec::with_capacity((j1 - j0 + 1) as usize);
        let mut f1 = Vec::with_capacity((j1 - j0 + 1) as usize);
        for j in j0..=j1 {
            let x = self.x_of(&(Rational::from(j) * h));
            f0.push(x.mul_rational(&inv_s).normal_cdf_absolute());
            f1.push(x.sub(&one).mul_rational(&inv_s).normal_cdf_absolute());
        }
        Boundaries { j0, f0, f1 }
    }

    /// The cells of both orders on the grid `h`: (adding, removing).
    pub fn cells(&self, h: &Rational) -> (Cells, Cells) {
        let b = self.boundaries(h);
        let n = b.f0.len();
        let one = Interval::from_i64(1, PREC);
        let q = Interval::from_rational(&self.q, PREC);
        let p0 = one.sub(&q);
        let diff = |f: &[Interval], i: usize| clamp(f[i + 1].sub(&f[i]));
        let mix_cdf = |i: usize| p0.mul(&b.f0[i]).add(&q.mul(&b.f1[i]));
        let gauss: Vec<Interval> = (0..n - 1).map(|i| diff(&b.f0, i)).collect();
        let mix: Vec<Interval> = (0..n - 1)
            .map(|i| clamp(p0.mul(&gauss[i]).add(&q.mul(&diff(&b.f1, i)))))
            .collect();
        let add = Cells {
            h: h.clone(),
            jmin: b.j0,
            p: mix.clone(),
            q: gauss.clone(),
            atoms: vec![],
            below: clamp(mix_cdf(0)),
            above: clamp(one.sub(&mix_cdf(n - 1))),
        };
        // Removing: loss −ℓ under N(0, σ²); the cell (ih, (i+1)h] is ℓ ∈ [−(i+1)h, −ih).
        let mut rp = gauss;
        let mut rq = mix;
        rp.reverse();
        rq.reverse();
        let j1 = b.j0 + n as i64 - 1;
        let remove = Cells {
            h: h.clone(),
            jmin: -j1,
            p: rp,
            q: rq,
            atoms: vec![],
            below: clamp(one.sub(&b.f0[n - 1])),
            above: clamp(b.f0[0].clone()),
        };
        (add, remove)
    }
}

fn clamp(i: Interval) -> Interval {
    i.clamp_to(Some(&Rational::ZERO), Some(&Rational::ONE))
}

/// The Laplace mechanism with `ε₀ = D/b` (scale 1, shift `ε₀`): `P = Lap(0, 1)`,
/// `Q = Lap(ε₀, 1)`. The loss `|x − ε₀| − |x|` is `ε₀` for `x ≤ 0` (P-mass 1/2), `−ε₀` for
/// `x ≥ ε₀` (P-mass `e^{−ε₀}/2`) and `ε₀ − 2x` between; the pair is symmetric (the map
/// `x ↦ ε₀ − x` exchanges P and Q), so one order suffices. On the grid `h = ε₀/M` the atoms
/// are grid points.
pub fn laplace_cells(eps0: &Rational, m: u64) -> Cells {
    let h = eps0 / Rational::from(m);
    let half = Rational::from_signeds(1, 2);
    let mi = m as i64;
    let mut p = Vec::new();
    let mut q = Vec::new();
    // Cell (ih, (i+1)h] ↔ x ∈ [(ε₀ − (i+1)h)/2, (ε₀ − ih)/2).
    for i in -mi..mi {
        let xa = (eps0 - Rational::from(i + 1) * &h) * &half;
        let xb = (eps0 - Rational::from(i) * &h) * &half;
        let ea = Interval::exp_rational(&-xa.clone(), PREC);
        let eb = Interval::exp_rational(&-xb.clone(), PREC);
        p.push(clamp(ea.sub(&eb).mul_rational(&half)));
        let qa = Interval::exp_rational(&(&xa - eps0), PREC);
        let qb = Interval::exp_rational(&(&xb - eps0), PREC);
        q.push(clamp(qb.sub(&qa).mul_rational(&half)));
    }
    let lower_atom = Interval::exp_rational(&-eps0.clone(), PREC).mul_rational(&half);
    Cells {
        h,
        jmin: -mi,
        p,
        q,
        atoms: vec![
            (mi, Interval::from_rational(&half, PREC)),
            (-mi, lower_atom),
        ],
        below: Interval::from_i64(0, PREC),
        above: Interval::from_i64(0, PREC),
    }
}

/// `⌊x⌋` of a rational (a helper for grid indices).
pub fn floor_index(x: &Rational) -> i64 {
    i64::try_from(&x.floor()).unwrap_or(if *x > 0u32 { i64::MAX } else { i64::MIN })
}

/// The Poisson-subsampled Laplace mechanism (issue 45 item 3) with `ε₀ = D/b` (scale 1, shift
/// `ε₀`) and rate `q` in (0, 1): `P = (1 − q)·Lap(0, 1) + q·Lap(ε₀, 1)` and `Q = Lap(0, 1)`
/// (adding the record), and the reverse order (removing it). The adding order's loss at `x` is
/// `ℓ(x) = ln(1 − q + q·e^{|x| − |x − ε₀|})`: the atom `L₋ = ln(1 − q + q·e^{−ε₀})` on `x ≤ 0`
/// (P-mass `(1 − q)/2 + q·e^{−ε₀}/2`, Q-mass `1/2`), the atom `L₊ = ln(1 − q + q·e^{ε₀})` on
/// `x ≥ ε₀` (P-mass `(1 − q)·e^{−ε₀}/2 + q/2`, Q-mass `e^{−ε₀}/2`), increasing between, with
/// `e^{2x − ε₀} = v(ℓ) = (e^ℓ − 1 + q)/q`. On `[x_a, x_b] ⊆ [0, ε₀]` the Q-mass is
/// `(e^{−x_a} − e^{−x_b})/2` and `Lap(ε₀, 1)`'s is `(e^{x_b − ε₀} − e^{x_a − ε₀})/2`, with
/// `e^{−x} = e^{−ε₀/2}/√v` and `e^{x − ε₀} = e^{−ε₀/2}·√v`. The atoms are never grid points
/// (`e^{jh} = 1 − q + q·e^{±ε₀}` is impossible for rational `jh`, `q`, `ε₀ ≠ 0` by
/// Lindemann–Weierstrass), so the cell holding each is decided by refining its enclosure, and
/// each atom is counted in its cell's P- and Q-masses (the kernels need only a cell's masses
/// and that its losses lie in it).
#[derive(Clone, Debug)]
pub struct SubsampledLaplace {
    /// `ε₀ = D/b`.
    pub eps0: Rational,
    /// The sampling rate, in (0, 1).
    pub q: Rational,
}

impl SubsampledLaplace {
    /// `L₋` (`sign` −1) or `L₊` (`sign` 1), enclosed at `prec` bits.
    fn atom_loss(&self, sign: i64, prec: u64) -> Option<Interval> {
        Interval::exp_rational(&(Rational::from(sign) * &self.eps0), prec)
            .mul_rational(&self.q)
            .add(&Interval::from_rational(&(Rational::ONE - &self.q), prec))
            .ln()
    }

    /// The index `j` of the cell `(jh, (j+1)h]` holding `L₋` or `L₊`: `⌊L/h⌋`, decided by
    /// refining the enclosure (`None` only if 4096 bits do not separate `L/h` from an integer).
    fn cell_of(&self, sign: i64, h: &Rational) -> Option<i64> {
        let inv_h = Rational::ONE / h;
        [128u64, 256, 512, 1024, 2048, 4096]
            .iter()
            .find_map(|&prec| {
                let x = self.atom_loss(sign, prec)?.mul_rational(&inv_h);
                let lo_r = Rational::try_from(&x.lo).ok()?;
                let lo = floor_index(&lo_r);
                let hi = floor_index(&Rational::try_from(&x.hi).ok()?);
                // `jh < L ≤ (j+1)h`: the enclosure strictly inside one open cell.
                (lo == hi && lo_r != lo).then_some(lo)
            })
    }

    /// A float hint of `L₊ − L₋` (the range of the loss), for the choice of the grid.
    pub fn range_hint(&self) -> f64 {
        let e = crate::num::fmt::to_f64(&self.eps0);
        let q = crate::num::fmt::to_f64(&self.q);
        ((1.0 - q + q * e.exp()).ln() - (1.0 - q + q * (-e).exp()).ln()).max(1e-9)
    }

    /// The cells of both orders on the grid `h`: (adding, removing); `None` when an atom's
    /// cell could not be decided.
    pub fn cells(&self, h: &Rational) -> Option<(Cells, Cells)> {
        let jm = self.cell_of(-1, h)?;
        let jp = self.cell_of(1, h)?;
        let half = Rational::from_signeds(1, 2);
        let one = Interval::from_i64(1, PREC);
        let q = Interval::from_rational(&self.q, PREC);
        let p0 = one.sub(&q);
        let e_m = Interval::exp_rational(&-self.eps0.clone(), PREC);
        let c = Interval::exp_rational(&(-&self.eps0 * &half), PREC);
        let inv_q = Rational::ONE / &self.q;
        // (e^{−x}, e^{x − ε₀}) at the output where the loss is `j·h` (interior grid points).
        let ends = |j: i64| -> (Interval, Interval) {
            let w = Interval::exp_rational(&(Rational::from(j) * h), PREC)
                .sub(&p0)
                .mul_rational(&inv_q)
                .clamp_to(Some(&Rational::ZERO), None)
                .sqrt()
                .expect("v ≥ 0");
            // `e^{−x} ∈ (0, 1]` on `x ≥ 0` when cancellation leaves `w`'s lower end at 0.
            let inv = c
                .checked_div(&w)
                .unwrap_or_else(|| Interval::from_i64(1, PREC).hull(&Interval::from_i64(0, PREC)));
            (inv, c.mul(&w))
        };
        let (mut p, mut qm) = (Vec::new(), Vec::new());
        for j in jm..=jp {
            let a = if j == jm {
                (one.clone(), e_m.clone())
            } else {
                ends(j)
            };
            let b = if j == jp {
                (e_m.clone(), one.clone())
            } else {
                ends(j + 1)
            };
            let gq = clamp(a.0.sub(&b.0).mul_rational(&half));
            let lq = clamp(b.1.sub(&a.1).mul_rational(&half));
            p.push(p0.mul(&gq).add(&q.mul(&lq)));
            qm.push(gq);
        }
        // The atoms, in their cells.
        let n = p.len();
        let low_p = p0.add(&q.mul(&e_m)).mul_rational(&half);
        let high_p = p0.mul(&e_m).add(&q).mul_rational(&half);
        p[0] = clamp(p[0].add(&low_p));
        qm[0] = clamp(qm[0].add(&Interval::from_rational(&half, PREC)));
        p[n - 1] = clamp(p[n - 1].add(&high_p));
        qm[n - 1] = clamp(qm[n - 1].add(&e_m.mul_rational(&half)));
        let zero = Interval::from_i64(0, PREC);
        let add = Cells {
            h: h.clone(),
            jmin: jm,
            p: p.clone(),
            q: qm.clone(),
            atoms: vec![],
            below: zero.clone(),
            above: zero.clone(),
        };
        // Removing: loss −ℓ under Lap(0, 1); the cell (jh, (j+1)h] becomes [−(j+1)h, −jh).
        p.reverse();
        qm.reverse();
        let remove = Cells {
            h: h.clone(),
            jmin: -(jp + 1),
            p: qm,
            q: p,
            atoms: vec![],
            below: zero.clone(),
            above: zero,
        };
        Some((add, remove))
    }
}
