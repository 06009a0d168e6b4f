//! `dlaplace:T` (issue 45 item 3): literal values by hand, and the worst pair against a naive
//! reference summed on ℤ (a window and the closed-form tails), never the clamped matrix.

use super::*;
use crate::accounting::answer::{answer, ComposeQuery, ComposeReport};
use crate::num::Rational;
use crate::params::Uses;
use crate::testutil::q;
use malachite::base::num::arithmetic::traits::Pow;

fn delta_at_t(spec: &str, d: u64, k: u64, t: &Rational) -> Rational {
    let sens = Sensitivity::new(Rational::from(d)).unwrap();
    let m = parse(spec, &sens, 1 << 30).unwrap().unwrap();
    let mut cq = ComposeQuery::new(vec![(m, Uses::new(k).unwrap())]);
    cq.t = Some(T::new(t.clone()).unwrap());
    match answer(&cq, &|_| {}).unwrap() {
        ComposeReport::Exact(r) => r.delta_at_t.unwrap().2.delta,
        ComposeReport::Grid(_) => panic!("dlaplace is exact"),
    }
}

/// By hand: T = 2, D = 1: the pair (0, 1) has P = (2/3, 1/3), Q = (1/3, 2/3) on
/// {z ≤ 0, z ≥ 1}; twice, δ(t = 2) = 4/9 − 2·1/9 = 2/9. D = 2: the pair (0, 2) has P-masses
/// 2/3 (ratio 4), 1/6 (ratio 1), 1/6 (ratio 1/4): δ(2) = 2/3 − 2·1/6 = 1/3, δ(1) = TV = 1/2.
#[test]
fn literal_table() {
    for (spec, d, k, t, want) in [
        ("dlaplace:2", 1, 2, q(2, 1), q(2, 9)),
        ("dlaplace:2", 1, 2, q(1, 1), q(1, 3)),
        ("dlaplace:2", 1, 1, q(2, 1), q(0, 1)),
        ("dlaplace:2", 2, 1, q(2, 1), q(1, 3)),
        ("dlaplace:2", 2, 1, q(1, 1), q(1, 2)),
        ("dlaplace:2", 2, 1, q(4, 1), q(0, 1)),
    ] {
        assert_eq!(delta_at_t(spec, d, k, &t), want, "{spec} D={d} k={k} t={t}");
    }
}

/// δ_d(t) of the pair (0, d) on ℤ: Σ_{−W ≤ z ≤ d + W} (P(z) − tQ(z))^+ plus the left tail
/// `(1 − t T^{−d})^+ · c·T^{−W−1}/(1 − 1/T)` (ratio `T^d` there); the right tail has ratio
/// `T^{−d} ≤ 1 ≤ t` and adds nothing.
fn naive(tb: &Rational, d: i64, t: &Rational) -> Rational {
    let c = (tb - Rational::from(1u32)) / (tb + Rational::from(1u32));
    let p = |z: i64| &c / tb.pow(z.unsigned_abs());
    let w = 40i64;
    let mut s = Rational::from(0u32);
    for z in -w..=d + w {
        let x = p(z) - t * p(z - d);
        if x > 0u32 {
            s += x;
        }
    }
    let f = Rational::from(1u32) - t / tb.pow(d as u64);
    if f > 0u32 {
        s += f * &c / tb.pow((w + 1) as u64) / (Rational::from(1u32) - Rational::from(1u32) / tb);
    }
    s
}

#[test]
fn worst_pair_matches_naive_sum_on_z() {
    for tb in [q(2, 1), q(3, 2), q(5, 1)] {
        for d in 1..=3u64 {
            for t in [q(1, 1), q(6, 5), q(2, 1), q(3, 1)] {
                let want = (1..=d as i64).map(|e| naive(&tb, e, &t)).max().unwrap();
                let spec = format!("dlaplace:{tb}");
                assert_eq!(delta_at_t(&spec, d, 1, &t), want, "T={tb} D={d} t={t}");
            }
        }
    }
}

/// T ≤ 1, a non-whole sensitivity and a malformed spec are usage errors (`Query`).
#[test]
fn bad_input() {
    let one = Sensitivity::default();
    for spec in [
        "dlaplace:1",
        "dlaplace:1/2",
        "dlaplace:0",
        "dlaplace:x",
        "dgaussian:0",
        "dgaussian:-1",
        "rr:1:2",
        "rr:2:1/2",
    ] {
        assert!(
            matches!(parse(spec, &one, 1 << 30), Some(Err(AnswerError::Query(_)))),
            "{spec}"
        );
    }
    let half = Sensitivity::new(q(1, 2)).unwrap();
    assert!(matches!(
        parse("dlaplace:2", &half, 1 << 30),
        Some(Err(AnswerError::Query(_)))
    ));
    assert!(parse("gaussian:1", &one, 1 << 30).is_none());
    // Over the memory limit: refused as bad input before the matrix is built.
    let big = Sensitivity::new(q(10000, 1)).unwrap();
    assert!(matches!(
        parse("dlaplace:2", &big, 1 << 20),
        Some(Err(AnswerError::Input(_)))
    ));
}
