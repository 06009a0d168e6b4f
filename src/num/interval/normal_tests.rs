//! Tests of the certified normal CDF: a literal table of `Φ` to 40 digits (mpmath 1.3,
//! `ncdf` at 50 digits, an independent implementation), an independent naive reference (the
//! alternating Taylor series of erf in exact rationals with its remainder bound), and
//! properties: monotone, `Φ(x) + Φ(−x) ∋ 1`, nested enclosures as the precision grows.

use super::*;
use crate::num::parse_rational;
use malachite::base::num::arithmetic::traits::Pow;
use proptest::prelude::*;

fn q(s: &str) -> Rational {
    parse_rational(s).unwrap()
}

/// The enclosure meets the 40-digit decimal `d` within 1e-38 relative, and is narrow.
fn agrees(got: &Interval, d: &Rational, prec: u64, what: &str) {
    let slack = d * Rational::from_signeds(1, 10).pow(38u64);
    let (lo, hi) = (got.lo_rational().unwrap(), got.hi_rational().unwrap());
    assert!(
        lo <= d + &slack && hi >= d - &slack,
        "{what}: {got} misses {d}"
    );
    // Relative width below 2^-(prec − 8).
    let w = hi - lo;
    assert!(
        w <= d * Rational::from_unsigneds(1u32, 2u32).pow(prec - 8),
        "{what}: {got} too wide at {prec} bits"
    );
}

/// `Φ` to 40 digits (mpmath `ncdf`, 50-digit working precision): both sides of zero, the
/// series range and the asymptotic tail (|x| ≥ X₀ at 64 bits is |x| ≥ 10.5).
const TABLE: [(&str, &str); 15] = [
    ("0.5", "0.6914624612740131036377046106083377398836"),
    ("1", "0.8413447460685429485852325456320379224779"),
    ("-1", "0.1586552539314570514147674543679620775221"),
    ("1.96", "0.9750021048517795658634157309591628099775"),
    ("2", "0.9772498680518207927997173628334665625282"),
    ("3", "0.9986501019683699054733481852324050226222"),
    ("-5", "2.866515718791939116737523328746453538544e-7"),
    ("-8.5", "9.479534822203318354151050467847551492826e-18"),
    ("8.5", "0.9999999999999999905204651777966816458489"),
    ("-10", "7.619853024160526065973343251599308363504e-24"),
    ("-20", "2.753624118606233695075622780857465332807e-89"),
    ("-40", "3.655893540915029703748985802688283665054e-350"),
    ("-0.001", "0.4996010577860889374154096775556730587315"),
    ("0", "0.5"),
    // 1 − 1.776…e-33: the enclosure must keep away from 1.
    ("12", "0.9999999999999999999999999999999982235179"),
];

#[test]
fn literal_table() {
    for prec in [64u64, 100, 128] {
        for (x, want) in TABLE {
            let got = Interval::normal_cdf_rational(&q(x), prec);
            agrees(&got, &q(want), prec, &format!("Φ({x}) at {prec} bits"));
        }
    }
}

/// The naive reference: `erf(z) = (2/√π) Σ (−1)^n z^{2n+1}/(n!(2n+1))` in exact rationals,
/// alternating with decreasing terms once `n > z²`, so the partial sums bracket it; `√π`
/// enclosed between two rationals; `Φ(x) = (1 + erf(x/√2))/2` with `x/√2` known exactly
/// for `x = s·√2`: the reference takes `z` rational and compares `Φ(z·√2)` through
/// an enclosure of `z·√2`.
fn naive_erf(z: &Rational, terms: u64) -> (Rational, Rational) {
    let z2 = z * z;
    let mut term = z.clone(); // (−1)^n z^{2n+1}/n!
    let mut sum = Rational::from(0u32);
    for n in 0..terms {
        sum += &term / Rational::from(2 * n + 1);
        term = -(&term * &z2) / Rational::from(n + 1);
    }
    let next = &term / Rational::from(2 * terms + 1);
    let (a, b) = (sum.clone(), &sum + &next);
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

#[test]
fn agrees_with_naive_taylor_reference() {
    // √π ∈ [177245385090551602729/10^20, 177245385090551602730/10^20].
    let sp_lo = q("1.77245385090551602729");
    let sp_hi = q("1.77245385090551602730");
    for z in ["1/10", "1/2", "1", "3/2", "2"] {
        let z = q(z);
        let (elo, ehi) = naive_erf(&z, 80);
        // erf(z) = (2/√π)·S: bounds from both ends.
        let two = Rational::from(2u32);
        let erf_lo = &two * &elo / &sp_hi;
        let erf_hi = &two * &ehi / &sp_lo;
        let phi_lo = (Rational::from(1u32) + erf_lo) / &two;
        let phi_hi = (Rational::from(1u32) + erf_hi) / &two;
        // Φ(z·√2) with z·√2 enclosed.
        let x = Interval::from_rational(&z, 160).mul(&Interval::from_i64(2, 160).sqrt().unwrap());
        let got = x.normal_cdf();
        assert!(
            got.lo_rational().unwrap() <= phi_hi && got.hi_rational().unwrap() >= phi_lo,
            "Φ({z}·√2): {got} vs [{phi_lo}, {phi_hi}]"
        );
        assert!(got.width_rational().unwrap() < q("1e-19"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Monotone, symmetric (`Φ(x) + Φ(−x) ∋ 1`), in [0, 1], and nested as precision grows.
    #[test]
    fn properties(n in -4000i64..4000, d in 1i64..200, prec in 40u64..140) {
        let x = Rational::from_signeds(n, d);
        let a = Interval::normal_cdf_rational(&x, prec);
        let b = Interval::normal_cdf_rational(&-x.clone(), prec);
        prop_assert!(a.add(&b).contains_rational(&Rational::from(1u32)));
        prop_assert!(a.lo >= 0u32 && a.hi <= 1u32);
        let y = &x + Rational::from_signeds(1, 1000);
        let c = Interval::normal_cdf_rational(&y, prec);
        // Φ(x) < Φ(y): the upper end of Φ(y) is at least the lower end of Φ(x).
        prop_assert!(c.hi >= a.lo);
        let fine = Interval::normal_cdf_rational(&x, prec + 64);
        // Both enclose Φ(x): they intersect; the finer is not wider.
        prop_assert!(fine.lo <= a.hi && a.lo <= fine.hi);
        prop_assert!(fine.width_rational().unwrap() <= a.width_rational().unwrap());
        // The absolute-error variant encloses the same value, within about 2^-prec.
        let ab = Interval::from_rational(&x, prec).normal_cdf_absolute();
        prop_assert!(ab.lo <= a.hi && a.lo <= ab.hi);
        prop_assert!(
            ab.width_rational().unwrap() <= Rational::from_unsigneds(1u32, 2u32).pow(prec - 4)
        );
        // An interval argument covers both ends.
        let both = Interval::from_rationals(&x, &y, prec).unwrap().normal_cdf();
        prop_assert!(both.lo <= a.lo && both.hi >= c.hi);
    }
}
