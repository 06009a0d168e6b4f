//! The noise mechanisms' Rényi divergences against naive references in exact rationals: `e^x`
//! bounded by its Taylor sum with an explicit remainder, the discrete Gaussian's power sum
//! `Σ_z P(z)^α Q(z)^{1−α}` summed from its definition on a window with an explicit tail bound,
//! the Laplace power sum integrated region by region. Literal tables for the closed forms.

use super::*;
use crate::params::Scale;
use crate::testutil::q;
use malachite::base::num::arithmetic::traits::Ceiling;

/// `e^x` for a rational `x`, bracketed in exact rationals: for `y = |x|`,
/// `T_N(y) ≤ e^y ≤ T_N(y) + y^{N+1}/(N+1)!·1/(1 − y/(N+2))` (`T_N` the Taylor sum,
/// `N + 2 > 2y`); `e^{−y} = 1/e^y`.
fn exp_ref(x: &Rational) -> (Rational, Rational) {
    let y = if *x < 0u32 { -x.clone() } else { x.clone() };
    let mut n = 40u64;
    while Rational::from(2u32) * &y >= n + 2 {
        n += 20;
    }
    n += 60;
    let mut term = Rational::ONE;
    let mut sum = Rational::ZERO;
    for j in 0..=n {
        sum += &term;
        term = term * &y / Rational::from(j + 1);
    }
    // `term` is now y^{N+1}/(N+1)!.
    let rem = term / (Rational::ONE - &y / Rational::from(n + 2));
    let (lo, hi) = (sum.clone(), sum + rem);
    if *x < 0u32 {
        (Rational::ONE / hi, Rational::ONE / lo)
    } else {
        (lo, hi)
    }
}

/// `Σ_{m ≥ m0} e^{−m²/s2} ≤ e^{−m0²/s2}/(1 − e^{−m0/s2})` (`m² ≥ m0·m`), an upper bound.
fn gauss_tail(m0: i64, s2: &Rational) -> Rational {
    let head = exp_ref(&(-Rational::from(m0 * m0) / s2)).1;
    let r = exp_ref(&(-Rational::from(m0) / s2)).1;
    head / (Rational::ONE - r)
}

/// The discrete Gaussian's `S_α = Σ_z P(z)^α Q(z)^{1−α}` for `P = N_Z(0, σ²)`,
/// `Q = N_Z(d, σ²)`, bracketed: `P^α Q^{1−α} = e^{−E(z)}/Z` with
/// `E(z) = (α z² + (1 − α)(z − d)²)/(2σ²)` from the definition, summed on `|z| ≤ r`; the tail
/// uses `E(z) = (z + c')²/(2σ²) − A` (`c' = (α − 1)d`, `A = α(α − 1)d²/(2σ²)`) only to bound
/// what is left out.
fn power_sum_ref(sigma: &Rational, d: i64, alpha: &Rational, r: i64) -> (Rational, Rational) {
    let s2 = Rational::from(2u32) * sigma * sigma;
    let one = Rational::ONE;
    let dd = Rational::from(d);
    let (mut num_lo, mut num_hi, mut z_lo, mut z_hi) = (
        Rational::ZERO,
        Rational::ZERO,
        Rational::ZERO,
        Rational::ZERO,
    );
    for z in -r..=r {
        let zz = Rational::from(z);
        let e = (alpha * &zz * &zz + (&one - alpha) * (&zz - &dd) * (&zz - &dd)) / &s2;
        let (lo, hi) = exp_ref(&-e);
        num_lo += lo;
        num_hi += hi;
        let (lo, hi) = exp_ref(&(-(&zz * &zz) / &s2));
        z_lo += lo;
        z_hi += hi;
    }
    let cp = (alpha - &one) * &dd;
    let a = alpha * (alpha - &one) * &dd * &dd / &s2;
    let m0 = r + 1 - i64::try_from(&Ceiling::ceiling(cp)).unwrap();
    assert!(m0 >= 1);
    num_hi += Rational::from(2u32) * exp_ref(&a).1 * gauss_tail(m0, &s2);
    z_hi += Rational::from(2u32) * gauss_tail(r + 1, &s2);
    (num_lo / z_hi, num_hi / z_lo)
}

fn dgauss(sigma: &Rational) -> DGauss {
    DGauss::new(&Scale::new("sigma", sigma.clone()).unwrap()).unwrap()
}

fn ln_bracket(lo: &Rational, hi: &Rational, am1: &Rational) -> Interval {
    let inv = Rational::ONE / am1;
    Interval::ln_rational(lo, PREC)
        .unwrap()
        .mul_rational(&inv)
        .hull(&Interval::ln_rational(hi, PREC).unwrap().mul_rational(&inv))
}

fn tiny() -> Rational {
    Rational::ONE / Rational::from(10u64.pow(18)) / Rational::from(10u64.pow(7))
}

fn width(i: &Interval) -> Rational {
    i.hi_rational().unwrap() - i.lo_rational().unwrap()
}

/// `D_α` of the discrete Gaussian (one use, pair `(0, d)`) agrees with the naive power sum at
/// non-integer and integer orders: the enclosures intersect and both are narrower than 1e-25.
/// Below: at a non-integer `(α − 1)d` it is strictly below `αd²/(2σ²)`; at an integer one it
/// is exactly that.
#[test]
fn dgaussian_divergence_matches_the_naive_power_sum() {
    for (sigma, r) in [(q(1, 1), 16), (q(3, 2), 22)] {
        let g = dgauss(&sigma);
        for d in [1i64, 2] {
            for alpha in [q(3, 2), q(4, 3), q(5, 2), q(3, 1)] {
                let (s_lo, s_hi) = power_sum_ref(&sigma, d, &alpha, r);
                let am1 = &alpha - Rational::ONE;
                let reference = ln_bracket(&s_lo, &s_hi, &am1);
                let got = dgaussian_pair(&[(&g, 1)], d as u64, &alpha);
                let e = got.enclosure().unwrap();
                assert!(
                    e.intersect(&reference).is_some(),
                    "sigma {sigma} d {d} alpha {alpha}: {e:?} vs {reference:?}"
                );
                assert!(
                    width(e) < tiny() && width(&reference) < tiny(),
                    "{e:?} {reference:?}"
                );
                let bound =
                    &alpha * Rational::from(d * d) / (Rational::from(2u32) * &sigma * &sigma);
                let shift_integer = (&am1 * Rational::from(d)).denominator_ref() == &1u32;
                match &got {
                    Divergence::Rational(v, _) => {
                        assert!(shift_integer);
                        assert_eq!(*v, bound);
                    }
                    Divergence::Enclosed(e) => {
                        assert!(!shift_integer);
                        assert!(e.hi_rational().unwrap() < bound, "{e:?} vs {bound}");
                    }
                    v => panic!("{v:?}"),
                }
            }
        }
    }
}

/// `k` uses and a sequence: `Σ k_i D_α(σ_i)`, the worst pair `(0, D)`; ρ exactly, literal.
#[test]
fn dgaussian_sequences_and_zcdp_literal() {
    let (g1, g2) = (dgauss(&q(1, 1)), dgauss(&q(3, 2)));
    // α = 2, D = 2: 3·2·4/2 + 2·2·4/(9/2) = 12 + 32/9 = 140/9.
    let r = dgaussian_rdp(&[(&g1, 3), (&g2, 2)], 2, &q(2, 1));
    assert_eq!(r.witness, (0, 2));
    match &r.value {
        Divergence::Rational(v, _) => assert_eq!(*v, q(140, 9)),
        v => panic!("{v:?}"),
    }
    // α = 3/2, D = 1 (c = 1/2): below 3/2·(3/2 + 2/(9/2)) = 9/4 + 2/3, against the reference.
    let r = dgaussian_rdp(&[(&g1, 3), (&g2, 2)], 1, &q(3, 2));
    let e = r.value.enclosure().unwrap();
    let mut reference = Interval::from_i64(0, PREC);
    for (sigma, k, rr) in [(q(1, 1), 3u32, 16), (q(3, 2), 2, 22)] {
        let (lo, hi) = power_sum_ref(&sigma, 1, &q(3, 2), rr);
        reference = reference.add(&ln_bracket(&lo, &hi, &q(1, 2)).mul_rational(&Rational::from(k)));
    }
    assert!(e.intersect(&reference).is_some(), "{e:?} {reference:?}");
    assert!(e.hi_rational().unwrap() < q(9, 4) + q(2, 3));
    match dgaussian_zcdp(&[(&g1, 3), (&g2, 2)], 2) {
        // 3·4/2 + 2·4/(9/2) = 6 + 16/9.
        Zcdp::Exact { rho, witness, .. } => {
            assert_eq!(rho, q(70, 9));
            assert_eq!(witness, (0, 2));
        }
        z => panic!("{z:?}"),
    }
}

/// The Laplace power sum integrated by regions (`x < 0`, `0 < x < μ`, `x > μ`, density
/// `e^{−|x|}/2` against `e^{−|x−μ|}/2`): `e^{(α−1)μ}/2 + e^{−αμ}/2 +
/// (e^{(α−1)μ} − e^{−αμ})/(2(2α − 1))`, bracketed with [`exp_ref`].
fn laplace_ref(alpha: &Rational, mu: &Rational) -> (Rational, Rational) {
    let one = Rational::ONE;
    let (a_lo, a_hi) = exp_ref(&((alpha - &one) * mu));
    let (b_lo, b_hi) = exp_ref(&-(alpha * mu));
    let half = q(1, 2);
    let c = one.clone() / (Rational::from(2u32) * (Rational::from(2u32) * alpha - &one));
    (
        &half * &a_lo + &half * &b_lo + &c * (&a_lo - &b_hi),
        &half * &a_hi + &half * &b_hi + &c * (&a_hi - &b_lo),
    )
}

#[test]
fn laplace_divergence_matches_the_region_integral() {
    for mu in [q(1, 10), q(1, 1), q(5, 2)] {
        for alpha in [q(3, 2), q(2, 1), q(7, 3), q(10, 1)] {
            let (lo, hi) = laplace_ref(&alpha, &mu);
            let reference = ln_bracket(&lo, &hi, &(&alpha - Rational::ONE));
            let got = laplace_divergence(&alpha, &mu);
            assert!(got.intersect(&reference).is_some(), "{got:?} {reference:?}");
            assert!(width(&got) < tiny() && width(&reference) < tiny());
        }
        // k uses: k times; `b`, `D` enter only through μ = D/b.
        let r = laplace_rdp(&q(2, 1), &q(2, 1), &(&mu * q(2, 1)), 7);
        let one = laplace_divergence(&q(2, 1), &mu).mul_rational(&q(7, 1));
        assert!(r.value.enclosure().unwrap().intersect(&one).is_some());
    }
}

/// ρ of the Laplace mechanism: at least `D_α/α` at every order tried and the KL limit, at most
/// `μ²/2` (an ε-DP mechanism is `ε²/2`-zCDP: Bun–Steinke 2016, Prop. 1.4), and converged.
#[test]
fn laplace_zcdp_brackets_the_orders() {
    for (mu, k) in [(q(1, 2), 1u64), (q(1, 1), 3), (q(3, 1), 1)] {
        let Zcdp::Bounded {
            enclosure,
            converged,
            ..
        } = laplace_zcdp(&Rational::ONE, &mu, k, 40, 20_000)
        else {
            panic!()
        };
        assert!(converged);
        let kk = Rational::from(k);
        assert!(enclosure.hi_rational().unwrap() <= &kk * &mu * &mu / Rational::from(2u32));
        for alpha in [q(101, 100), q(3, 2), q(2, 1), q(5, 1), q(50, 1)] {
            let (lo, _) = laplace_ref(&alpha, &mu);
            let d_lo = Interval::ln_rational(&lo, PREC)
                .unwrap()
                .mul_rational(&(&kk / ((&alpha - Rational::ONE) * &alpha)));
            assert!(
                d_lo.lo_rational().unwrap() <= enclosure.hi_rational().unwrap(),
                "mu {mu} alpha {alpha}"
            );
        }
    }
}

/// The Gaussian's closed forms, literal.
#[test]
fn gaussian_literal() {
    // α = 5/2, σ = 2, D = 3, k = 4: 5/2·4·9/8 = 45/4.
    match gaussian_rdp(&q(5, 2), &q(2, 1), &q(3, 1), 4).value {
        Divergence::Rational(v, _) => assert_eq!(v, q(45, 4)),
        v => panic!("{v:?}"),
    }
    match gaussian_zcdp(&q(2, 1), &q(3, 1), 4) {
        Zcdp::Exact { rho, .. } => assert_eq!(rho, q(9, 2)),
        z => panic!("{z:?}"),
    }
}
