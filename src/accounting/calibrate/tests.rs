//! `calibrate` (issue 45 item 5): grid answers derived by hand from closed forms.

use super::*;
use crate::testutil::q;

fn query(family: Family, eps: Rational, delta: Rational) -> CalibrateQuery {
    CalibrateQuery {
        family,
        k: Uses::new(1).unwrap(),
        eps: Eps::new(eps).unwrap(),
        delta: Delta::new(delta).unwrap(),
        subsample: None,
        resolution: Resolution::default(),
        grid: GridOptions::default(),
        max_memory: 1 << 30,
        sensitivity: crate::params::Sensitivity::default(),
    }
}

fn named(spec: &str) -> Result<Mechanism, AnswerError> {
    super::super::named::parse(spec, &crate::params::Sensitivity::default(), 1 << 30).unwrap()
}

/// One use at (1, 0): randomized response and the discrete Laplace (D = 1) are pure ln t, so
/// the largest t on the grid 1/100 with t ≤ e = 2.71828… is 271/100, and 272/100 fails.
#[test]
fn level_families_by_hand() {
    for name in ["rr:2", "rr:5", "dlaplace"] {
        let f = Family::of_name(name).unwrap();
        let r = calibrate(&query(f, q(1, 1), q(0, 1)), &named, &|_| {}).unwrap();
        assert_eq!(r.best.as_ref().unwrap().value, q(271, 100), "{name}");
        assert_eq!(r.next.as_ref().unwrap().value, q(272, 100), "{name}");
        assert_eq!(r.next.as_ref().unwrap().verdict, Some(false), "{name}");
    }
    // δ = 1 is vacuous: every level holds, and the search says it found no failure.
    let f = Family::of_name("rr:2").unwrap();
    let r = calibrate(&query(f, q(0, 1), q(1, 1)), &named, &|_| {}).unwrap();
    assert!(r.next.is_none() && r.note.is_some());
}

/// The noise direction, on a family whose level is `1 + 1/σ` (built by the test): (1, 0) holds
/// iff `σ ≥ 1/(e − 1) = 0.58197…`, so the smallest σ on the grid is 59/100 and 58/100 fails.
#[test]
fn noise_direction_by_hand() {
    let f = Family {
        name: "fake".into(),
        direction: Direction::Noise,
        min: q(0, 1),
        strict: true,
        monotone: true,
        parameter: "sigma",
    };
    let build = |spec: &str| {
        let s = crate::num::parse_rational(spec.strip_prefix("fake:").unwrap()).unwrap();
        Mechanism::rr(spec, 2, q(1, 1) + q(1, 1) / s).map_err(|e| AnswerError::Query(e.to_string()))
    };
    let r = calibrate(&query(f.clone(), q(1, 1), q(0, 1)), &build, &|_| {}).unwrap();
    assert_eq!(r.best.as_ref().unwrap().value, q(59, 100));
    assert_eq!(r.next.as_ref().unwrap().value, q(58, 100));
    // ε = 10: e^10 ≥ 101 = 1 + 1/(1/100): the first grid point holds.
    let r = calibrate(&query(f, q(10, 1), q(0, 1)), &build, &|_| {}).unwrap();
    assert_eq!(r.best.as_ref().unwrap().value, q(1, 100));
    assert!(r.next.is_none());
}

/// Unknown names and rr:K with K < 2 are refused.
#[test]
fn bad_names() {
    for name in ["gauss", "rr:1", "rr:x", "dlaplace:2"] {
        assert!(Family::of_name(name).is_err(), "{name}");
    }
}
