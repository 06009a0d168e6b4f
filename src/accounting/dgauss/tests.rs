//! The discrete Gaussian's certified enclosures (issue 45 item 3) against naive references:
//! exact rational sums on a large window for the Cuff–Yu bound, and `f64` sums (a reference
//! with a stated tolerance, never a decision) for the σ-parameterised enclosures.

use super::*;
use crate::testutil::q;

fn scale(s: Rational) -> Scale {
    Scale::new("sigma", s).unwrap()
}

/// `δ` of `(N_Z(0, σ²), N_Z(d, σ²))` at `e^ε`, in `f64`, summed on `|z| ≤ 60σ + d`.
fn naive_f64(sigma: f64, d: i64, eps: f64) -> f64 {
    let w = |z: i64| (-(z * z) as f64 / (2.0 * sigma * sigma)).exp();
    let m = (60.0 * sigma) as i64 + d;
    let z: f64 = (-m..=m).map(w).sum();
    (-m..=m)
        .map(|y| (w(y) / z - eps.exp() * w(y - d) / z).max(0.0))
        .sum()
}

/// The Cuff–Yu bound is above the truth: the truth is at least the exact window sum at
/// K' = 30 over `Z_{30} + 2·q^{31²}/(1 − q^{63})` (an upper bound of Z), computed here by hand.
#[test]
fn cuff_yu_bound_is_above_an_exact_lower_bound() {
    for (qq, t) in [
        (q(9, 10), q(2, 1)),
        (q(1, 2), q(3, 2)),
        (q(19, 20), q(2, 1)),
    ] {
        let ub = delta_upper_q(&qq, &t, 40);
        let k = 30i64;
        let pw = |e: i64| (&qq).pow(e as u64);
        let window: Rational = (-k..=k)
            .map(|y| crate::measure::positive_part(pw(y * y) - &t * pw((y - 1) * (y - 1))))
            .sum();
        let z_up: Rational = (-k..=k).map(|z| pw(z * z)).sum::<Rational>()
            + Rational::from(2u32) * pw((k + 1) * (k + 1)) / (Rational::ONE - pw(2 * k + 3));
        let lower = window / z_up;
        assert!(lower <= ub, "q={qq} t={t}");
        // And close: the two differ by the tails only.
        assert!(&ub - &lower < q(1, 1_000_000_000), "q={qq} t={t}");
    }
}

/// The masses enclose a distribution: Σ lo ≤ 1 ≤ Σ hi + outside, and the enclosure is tight.
#[test]
fn masses_enclose_a_distribution() {
    for s in [q(1, 2), q(1, 1), q(7, 3), q(20, 1)] {
        let g = DGauss::new(&scale(s.clone())).unwrap();
        let m = g.window();
        let lo: Rational = (-m..=m).map(|z| g.mass(z).0).sum();
        let hi: Rational = (-m..=m).map(|z| g.mass(z).1).sum::<Rational>() + g.outside();
        assert!(lo <= 1u32 && hi >= 1u32, "sigma={s}");
        assert!(hi - lo < q(1, 1 << 60), "sigma={s}");
        assert!(g.outside() < q(1, 1 << 60), "sigma={s}");
    }
}

/// Single use: the direct enclosure contains the `f64` reference (tolerance 1e-12) and is
/// narrow; a literal point: σ = 1, d = 1, ε = 1 gives 0.14135133940562…
#[test]
fn single_use_contains_the_reference() {
    for (s, sf, d, e) in [
        (q(1, 1), 1.0, 1u64, q(1, 1)),
        (q(1, 1), 1.0, 1, q(0, 1)),
        (q(1, 2), 0.5, 1, q(3, 2)),
        (q(3, 1), 3.0, 2, q(1, 2)),
        (q(5, 1), 5.0, 1, q(1, 10)),
    ] {
        let g = DGauss::new(&scale(s.clone())).unwrap();
        let (lo, hi) = delta_single(&g, d, &e);
        let r = naive_f64(sf, d as i64, crate::num::fmt::to_f64(&e));
        let (lo_f, hi_f) = (crate::num::fmt::to_f64(&lo), crate::num::fmt::to_f64(&hi));
        assert!(
            lo_f <= r + 1e-12 && r - 1e-12 <= hi_f,
            "sigma={s} d={d} eps={e}: {lo_f} {r} {hi_f}"
        );
        assert!(hi_f - lo_f < 1e-15, "sigma={s} d={d} eps={e}");
    }
    let g = DGauss::new(&scale(q(1, 1))).unwrap();
    let (lo, hi) = delta_single(&g, 1, &q(1, 1));
    assert!(lo <= q(14135133940563, 100000000000000) && q(14135133940562, 100000000000000) <= hi);
}

/// k uses on the grid: the enclosure contains the single-use direct enclosure (k = 1) and the
/// `f64` product-space reference (k = 2), at ε where both are away from 0.
#[test]
fn grid_enclosure_contains_the_references() {
    let s = q(1, 1);
    let g = DGauss::new(&scale(s)).unwrap();
    let pg = pair_grid(&[(&g, 1)], 1, 4096, 0).unwrap();
    for e in [q(0, 1), q(1, 2), q(1, 1)] {
        let (glo, ghi) = pg.delta_at_eps(&e);
        let (lo, hi) = delta_single(&g, 1, &e);
        assert!(glo <= hi && lo <= ghi, "eps={e}");
    }
    // Two uses: Σ_{z1, z2} (P1 P2 − e^ε Q1 Q2)^+ in f64.
    let w = |z: i64| (-(z * z) as f64 / 2.0).exp();
    let zs: Vec<i64> = (-40..=41).collect();
    let zn: f64 = (-60..=60).map(w).sum();
    for e in [0.5f64, 1.0] {
        let mut r = 0.0;
        for &a in &zs {
            for &b in &zs {
                let p = w(a) * w(b) / zn / zn;
                let qv = w(a - 1) * w(b - 1) / zn / zn;
                r += (p - e.exp() * qv).max(0.0);
            }
        }
        let pg = pair_grid(&[(&g, 2)], 1, 4096, 0).unwrap();
        let eq = if e == 0.5 { q(1, 2) } else { q(1, 1) };
        let (glo, ghi) = pg.delta_at_eps(&eq);
        let (lo_f, hi_f) = (crate::num::fmt::to_f64(&glo), crate::num::fmt::to_f64(&ghi));
        assert!(
            lo_f <= r + 1e-12 && r <= hi_f + 1e-12,
            "eps={e}: {lo_f} {r} {hi_f}"
        );
        assert!(hi_f - lo_f < 1e-2, "eps={e}: {lo_f} {hi_f}");
    }
}

/// A window past the limit is refused, not allocated.
#[test]
fn too_wide_is_refused() {
    assert!(DGauss::new(&scale(q(1_000_000, 1))).is_err());
}

/// Canonne–Kamath–Steinke's zCDP at integer orders: `S_α = Σ_z P(z)^α Q(z)^{1−α}` for the pair
/// `(0, d)` equals `e^{α(α−1)d²/(2σ²)}` (completing the square: the sum is a shifted theta sum
/// with an integer shift). Enclosed here from the windowed weights of the module (tails put on
/// both sides), so `D_α/α = d²/(2σ²)` is checked, not assumed.
#[test]
fn cks_zcdp_at_integer_orders() {
    for (s, d) in [(q(1, 1), 1u64), (q(3, 2), 1), (q(2, 1), 2)] {
        let g = DGauss::new(&scale(s.clone())).unwrap();
        let m = g.window();
        let s2 = Rational::from(2u32) * &s * &s;
        for alpha in 2u64..=4 {
            // P^α Q^{1−α} = e^κ·w(z − c)/Z with c = −(α − 1)d, κ = α(α−1)d²/(2σ²): summed on
            // the window |z − c| ≤ M, the rest at most e^κ·2·tail/Z (the module's tail bound).
            let want = enclose_exp(&(Rational::from(alpha * (alpha - 1) * d * d) / &s2));
            let c = -(((alpha - 1) * d) as i64);
            let mut lo = Rational::ZERO;
            let mut hi = Rational::ZERO;
            for z in c - m..=c + m {
                let e = -(Rational::from(alpha) * Rational::from(z * z)
                    - Rational::from(alpha - 1) * Rational::from((z - d as i64) * (z - d as i64)))
                    / &s2;
                let (a, b) = enclose_exp(&e);
                lo += a;
                hi += b;
            }
            hi += &want.1 * Rational::from(2u32) * &g.tail;
            let (lo, hi) = (lo / &g.z_hi, hi / &g.z_lo);
            assert!(
                lo <= want.1 && want.0 <= hi,
                "sigma={s} d={d} alpha={alpha}"
            );
            assert!(&hi - &lo < q(1, 1 << 30), "sigma={s} d={d} alpha={alpha}");
        }
    }
}
