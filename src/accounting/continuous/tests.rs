//! Tests of the continuous accounting: literal tables (mpmath 1.3 at 50 digits), the
//! discretised path against the closed forms (q = 1 is the Gaussian; one Laplace use), the
//! order of the two sides, and the DP-SGD probe.

use super::cells::{laplace_cells, SubsampledGaussian};
use super::closed::{eps_by_bisection, gaussian_delta, laplace_delta};
use super::fixed::{Decay, Measure};
use super::*;
use crate::accounting::grid::Side;
use crate::num::{parse_rational, Rational};
use std::time::Duration;

fn q(s: &str) -> Rational {
    parse_rational(s).unwrap()
}

fn near(lo: &Rational, hi: &Rational, want: &str, rel: &str) -> bool {
    let w = q(want);
    let slack = &w * q(rel);
    lo <= &(&w + &slack) && hi >= &(&w - &slack)
}

/// δ of the Gaussian with μ = 1 (mpmath): at ε = 0 it is 2Φ(1/2) − 1.
#[test]
fn gaussian_closed_form_table() {
    let mu2 = q("1");
    for (eps, want) in [
        ("0", "0.3829249225480262072754092212166754797672"),
        ("1/2", "0.2384217081348766283181561631543515024459"),
        ("1", "0.1269367375066439458008296247577668804151"),
        ("2", "0.02092363582111373141960376258709922521294"),
    ] {
        let (lo, hi) = gaussian_delta(&mu2, &q(eps));
        assert!(near(&lo, &hi, want, "1e-35"), "δ({eps}) ∈ [{lo}, {hi}]");
        assert!(&hi - &lo <= &lo * q("1e-13"), "δ({eps}) too wide");
    }
}

/// ε(δ) by certified bisection contains the ε whose δ the table gives: δ(1) for μ = 1.
#[test]
fn gaussian_eps_by_bisection_contains_table_eps() {
    let mu2 = q("1");
    let f = |e: &Rational| gaussian_delta(&mu2, e);
    // δ(1) = 0.12693673750664394580…: its ε is 1; a δ just above and just below bracket it.
    let (lo, hi) = eps_by_bisection(&q("0.1269367375"), &q("1e-9"), &f).unwrap();
    assert!(
        lo <= q("1") + q("1e-8") && hi >= q("1") - q("1e-8"),
        "[{lo}, {hi}]"
    );
    assert!(&hi - &lo <= &hi * q("1e-9"));
    // δ(1) to 20 digits: ε is within 1e-19 of 1, so δ is undecided at the first midpoint
    // (ε = 1); the search must still end narrow (it returned [0, 2] before mid ± r).
    let (lo, hi) = eps_by_bisection(&q("0.12693673750664394580"), &q("1e-9"), &f).unwrap();
    assert!(lo <= q("1") && hi >= q("1"), "[{lo}, {hi}]");
    assert!(&hi - &lo <= &hi * q("1e-9"), "[{lo}, {hi}]");
    // δ ≥ δ(0) = 0.3829…: ε = 0 exactly.
    assert_eq!(
        eps_by_bisection(&q("0.39"), &q("1e-9"), &f),
        Some((q("0"), q("0")))
    );
}

/// One Laplace use at ε₀ = 1 (mpmath): δ(0) = 1 − e^{−1/2}, δ(1/2) = 1 − e^{−1/4}.
#[test]
fn laplace_closed_form_table() {
    for (eps, want) in [
        ("0", "0.3934693402873665763962004650088195465581"),
        ("1/2", "0.2211992169285951317548297330216793527032"),
    ] {
        let (lo, hi) = laplace_delta(&q("1"), &q(eps));
        assert!(near(&lo, &hi, want, "1e-35"), "δ({eps}) ∈ [{lo}, {hi}]");
    }
    assert_eq!(laplace_delta(&q("1"), &q("1")), (q("0"), q("0")));
}

fn composed(c: &super::fixed::Cells, k: u64) -> (Measure, Measure) {
    (
        c.kernel(Side::Upper).power(k, 1 << 10).unwrap(),
        c.kernel(Side::Lower).power(k, 1 << 10).unwrap(),
    )
}

fn bracket(m: &(Measure, Measure), h: &Rational, j: i64) -> (Rational, Rational) {
    (
        m.1.delta_at(j, &mut Decay::new(h, Side::Lower)),
        m.0.delta_at(j, &mut Decay::new(h, Side::Upper)),
    )
}

/// The discretised path through q = 1 is the Gaussian mechanism: both orders' bounds at grid
/// points ε = j·h contain the closed form with μ² = k/σ², the upper above the lower; and
/// the gap shrinks when h is halved.
#[test]
fn discretised_gaussian_contains_the_closed_form() {
    let g = SubsampledGaussian {
        sigma: q("2"),
        q: q("1"),
    };
    let k = 4u64;
    let mu2 = Rational::from(k) / q("4");
    let mut last_gap = None;
    for steps in [16u64, 32] {
        let h = Rational::from_unsigneds(1u64, steps);
        let (add, remove) = g.cells(&h);
        for c in [&add, &remove] {
            let m = composed(c, k);
            let mut gap = Rational::from(0u32);
            for j in [0i64, steps as i64 / 2, steps as i64, 2 * steps as i64] {
                let eps = Rational::from(j) * &h;
                let (lo, hi) = bracket(&m, &h, j);
                let (clo, chi) = gaussian_delta(&mu2, &eps);
                assert!(lo <= hi, "lower above upper at ε = {eps}");
                assert!(
                    lo <= chi && hi >= clo,
                    "ε = {eps}: [{lo}, {hi}] misses [{clo}, {chi}]"
                );
                gap = gap.max(hi - lo);
            }
            if std::ptr::eq(c, &add) {
                if let Some(g0) = &last_gap {
                    assert!(gap < *g0, "gap {gap} did not shrink from {g0}");
                }
                last_gap = Some(gap);
            }
        }
    }
}

/// k-fold Laplace through the discretised path: k = 1 contains the closed form; k = 2 lies
/// between the pure bound (δ(2ε₀) = 0) and the upper bound of one use composed naively
/// (δ_2(ε) ≤ 1 − (1 − δ_1(ε/2))² is not used: only the exact facts δ_2(0) = TV of the
/// product pair ≥ δ_1(0) and δ_2 at 2ε₀ = 0 are checked).
#[test]
fn discretised_laplace() {
    let eps0 = q("1");
    let c = laplace_cells(&eps0, 32);
    let h = c.h.clone();
    let m = composed(&c, 1);
    for j in [0i64, 8, 16, 31] {
        let eps = Rational::from(j) * &h;
        let (lo, hi) = bracket(&m, &h, j);
        let (clo, chi) = laplace_delta(&eps0, &eps);
        assert!(
            lo <= chi && hi >= clo,
            "ε = {eps}: [{lo}, {hi}] vs [{clo}, {chi}]"
        );
        assert!(&hi - &lo <= q("1/1000"), "ε = {eps}: [{lo}, {hi}] too wide");
    }
    let m2 = composed(&c, 2);
    let (lo, hi) = bracket(&m2, &h, 64);
    assert_eq!(lo, q("0"));
    assert!(hi <= q("1e-15"), "δ_2(2ε₀) ≤ {hi}");
    let (lo2, _) = bracket(&m2, &h, 0);
    let (_, hi1) = laplace_delta(&eps0, &q("0"));
    assert!(lo2 >= hi1 - q("1/1000"));
}

/// Pessimistic ≥ optimistic for the subsampled Gaussian, at every grid point asked, for both
/// orders and several k.
#[test]
fn subsampled_upper_above_lower() {
    let g = SubsampledGaussian {
        sigma: q("1"),
        q: q("1/10"),
    };
    let h = q("1/64");
    let (add, remove) = g.cells(&h);
    for c in [&add, &remove] {
        for k in [1u64, 3, 10] {
            let m = composed(c, k);
            for j in [0i64, 16, 64, 128] {
                let (lo, hi) = bracket(&m, &h, j);
                assert!(lo <= hi, "k = {k}, j = {j}: {lo} > {hi}");
            }
        }
    }
}

/// The Poisson-subsampled Laplace mechanism (issue 45 item 3), one use, ε₀ = 1, q = 1/2:
/// δ(ε) of the worse order, by mpmath 1.3 quadrature at 40 digits (`quad` of
/// `(p − e^ε·g)_+` over the pieces split at 0, ε₀/4, …, ε₀, both orders; the adding order is
/// the larger here). At ε = 0 it is the total variation `q·(1 − e^{−ε₀/2})` of both orders.
#[test]
fn subsampled_laplace_table() {
    let mut qy = gaussian_query("1", 1, Some("1/2"));
    qy.mech = Continuous::Laplace { b: q("1") };
    qy.delta = None;
    qy.eps = vec![q("0"), q("1/10"), q("1/2")];
    qy.width = q("1/1000");
    let r = answer(&qy).unwrap();
    assert_eq!(r.mode, "discretised_enclosure");
    for ((lo, hi), want) in r.delta_at_eps.iter().zip([
        "0.196734670143683288198100232504409773279",
        "0.1663610133239635302800511473291836289632",
        "0.04033111852290486322833348253332676434611",
    ]) {
        assert!(near(lo, hi, want, "1e-30"), "[{lo}, {hi}] ∌ {want}");
        assert!(hi - lo <= hi * q("1/1000"), "[{lo}, {hi}] too wide");
    }
    // q = 1 is the Laplace mechanism itself: its closed form.
    qy.poisson = Some(q("1"));
    assert_eq!(answer(&qy).unwrap().mode, "closed_form");
}

/// Ten subsampled Laplace uses, checked from both sides: the upper kernel's δ is at least the
/// lower one's at every grid point, and the orders' enclosures contain one use's composed
/// pure bound: `10·L₊` is the largest loss, so δ(10·ε₀) = 0 (ε₀ = 1 ≥ L₊ = ln(1 − q + q·e)).
#[test]
fn subsampled_laplace_ten_uses() {
    let mut qy = gaussian_query("1", 10, Some("1/100"));
    qy.mech = Continuous::Laplace { b: q("1") };
    qy.delta = Some(q("1/100000"));
    qy.eps = vec![q("10"), q("0")];
    let r = answer(&qy).unwrap();
    assert_eq!(r.delta_at_eps[0], (q("0"), q("0")));
    // δ(0) is the total variation of 10 uses: at most 10·q·(1 − e^{−1/2}) < 0.04.
    let (lo, hi) = &r.delta_at_eps[1];
    assert!(lo <= hi && *hi < q("0.04") && *lo > q("0"), "[{lo}, {hi}]");
    let (elo, ehi) = r.eps_for_delta.clone().unwrap();
    assert!(elo <= ehi.unwrap());
}

/// `--check` on the discretised path stops once the verdict is decided: a δ(ε) far below
/// the δ asked needs no relative width (it refined to the time budget before: 53 s for
/// DP-SGD with 100 steps in release).
#[test]
fn check_stops_when_decided() {
    let mut qy = gaussian_query("1", 10, Some("1/100"));
    qy.delta = None;
    qy.check = Some((q("1"), q("1/100000")));
    let r = answer(&qy).unwrap();
    assert_eq!(r.check(), Some(Some(true)));
    assert_eq!(r.rounds.len(), 1, "{}", r.to_text());
}

fn gaussian_query(sigma: &str, k: u64, poisson: Option<&str>) -> ContinuousQuery {
    let mech = Continuous::Gaussian { sigma: q(sigma) };
    ContinuousQuery {
        poisson: poisson.map(q),
        delta: Some(q("1/100000")),
        time: Duration::from_secs(600),
        ..ContinuousQuery::new(format!("gaussian:{sigma}"), mech, k)
    }
}

/// The DP-SGD probe (timing; `cargo test --release -- --ignored dpsgd_probe --nocapture`).
#[test]
#[ignore]
fn dpsgd_probe() {
    for sigma in ["4/5", "1", "2"] {
        let t = std::time::Instant::now();
        let r = answer(&gaussian_query(sigma, 10_000, Some("1/100"))).unwrap();
        eprintln!(
            "σ = {sigma}: {:.2} s\n{}",
            t.elapsed().as_secs_f64(),
            r.to_text()
        );
    }
}

/// The bands of a curve: consecutive from T1 to T2, `lo ≤ hi`.
fn bands_of(r: &ContinuousReport, lo: &str, hi: &str) -> Vec<crate::accounting::answer::Band> {
    let b = r.curve.clone().expect("a curve");
    assert_eq!((&b[0].t_lo, &b[b.len() - 1].t_hi), (&q(lo), &q(hi)));
    for w in b.windows(2) {
        assert_eq!(w[0].t_hi, w[1].t_lo);
    }
    assert!(b.iter().all(|p| p.t_lo < p.t_hi && p.lo <= p.hi));
    b
}

/// `compose gaussian:100 --k 10000 --curve-t` (prv_accountant's validation case, μ = 1): the
/// band holding e^ε holds the table's δ(ε) (mpmath, as above), and every band is narrow
/// (a few per cent: it draws as a curve).
#[test]
fn gaussian_curve_bands_hold_the_table() {
    let mut qy = gaussian_query("100", 10_000, None);
    qy.delta = None;
    qy.curve_t = Some(crate::params::TRange::new(q("1"), q("8")).unwrap());
    let r = answer(&qy).unwrap();
    assert!(r.eps_for_delta.is_none(), "only the curve was asked");
    let b = bands_of(&r, "1", "8");
    assert_eq!(b.len(), CURVE_PIECES);
    for p in &b {
        assert!(&p.hi - &p.lo <= &p.hi * q("1/20"), "wide band {p:?}");
    }
    for (eps, want) in [
        ("0", "0.3829249225480262072754092212166754797672"),
        ("1/2", "0.2384217081348766283181561631543515024459"),
        ("1", "0.1269367375066439458008296247577668804151"),
        ("2", "0.02092363582111373141960376258709922521294"),
    ] {
        let t = crate::num::fmt::to_f64(&q(eps)).exp();
        let inside: Vec<_> = b
            .iter()
            .filter(|p| {
                let (l, h) = (
                    crate::num::fmt::to_f64(&p.t_lo),
                    crate::num::fmt::to_f64(&p.t_hi),
                );
                l - 1e-9 <= t && t <= h + 1e-9
            })
            .collect();
        assert!(!inside.is_empty());
        for p in inside {
            assert!(near(&p.lo, &p.hi, want, "1e-30"), "δ({eps}) vs {p:?}");
        }
    }
    // CSV and the figure: one row and one band per piece.
    assert_eq!(r.curve_csv().unwrap().lines().count(), CURVE_PIECES + 1);
    let fig = r.curve_figure("g").unwrap();
    assert_eq!(fig.series[0].pieces.len(), CURVE_PIECES);
}

/// δ at a rational `t ≥ 1` of one use of the Poisson-subsampled Gaussian (σ = 1, rate
/// `rate`), both orders, from its closed form (the likelihood ratio is monotone in the output):
/// remove `q·Φ(1 − x*) + (1 − q − t)·Φ(−x*)`, `x* = ln((t − 1 + q)/q) + 1/2`; add
/// `Φ(x') − t·(q·Φ(x' − 1) + (1 − q)·Φ(x'))`, `x' = ln((1/t − 1 + q)/q) + 1/2` when
/// `1/t > 1 − q` (else 0). Enclosed with the certified Φ; the maximum of the two.
fn subsampled_reference(rate: &Rational, t: &Rational) -> (Rational, Rational) {
    use crate::num::Interval;
    let p = 256;
    let one = Rational::from(1u32);
    let half = Interval::from_rational(&q("1/2"), p);
    let ti = Interval::from_rational(t, p);
    let qi = Interval::from_rational(rate, p);
    let xs = Interval::ln_rational(&((t - &one + rate) / rate), p)
        .unwrap()
        .add(&half);
    let one_i = Interval::from_rational(&one, p);
    let remove = qi
        .mul(&one_i.sub(&xs).normal_cdf())
        .add(&Interval::from_rational(&(&one - rate - t), p).mul(&xs.neg().normal_cdf()));
    let mut lo = remove.lo_rational().unwrap();
    let mut hi = remove.hi_rational().unwrap();
    let inv = &one / t;
    if inv > &one - rate {
        let xp = Interval::ln_rational(&((&inv - &one + rate) / rate), p)
            .unwrap()
            .add(&half);
        let add = xp.normal_cdf().sub(
            &ti.mul(
                &qi.mul(&xp.sub(&one_i).normal_cdf())
                    .add(&one_i.sub(&qi).mul(&xp.normal_cdf())),
            ),
        );
        lo = lo.max(add.lo_rational().unwrap());
        hi = hi.max(add.hi_rational().unwrap());
    }
    (lo, hi)
}

/// The discretised path's curve (Poisson-subsampled Gaussian, one use, q = 1/2): every band
/// holds the closed form's δ at both its ends.
#[test]
fn subsampled_curve_bands_hold_the_closed_form() {
    let mut qy = gaussian_query("1", 1, Some("1/2"));
    qy.delta = None;
    qy.curve_t = Some(crate::params::TRange::new(q("1"), q("6")).unwrap());
    let r = answer(&qy).unwrap();
    assert_eq!(r.mode, "discretised_enclosure");
    let b = bands_of(&r, "1", "6");
    for p in &b {
        for t in [&p.t_lo, &p.t_hi] {
            let (rlo, rhi) = subsampled_reference(&q("1/2"), t);
            assert!(
                p.lo <= rhi && rlo <= p.hi,
                "t = {t}: [{rlo}, {rhi}] vs {p:?}"
            );
        }
    }
}
