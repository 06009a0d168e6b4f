//! `answer` against hand-computed values (binary randomized response at t = 3, used twice:
//! P = (9, 3, 3, 1)/16, Q = (1, 3, 3, 9)/16), and its JSON against docs/json.md's shapes.

use super::*;
use crate::num::parse_rational;
use crate::num::Rational;
use crate::params::{Delta, Eps, Uses, T};

fn q(s: &str) -> Rational {
    parse_rational(s).unwrap()
}

fn rr2_twice() -> ComposeQuery {
    ComposeQuery::new(vec![(
        Mechanism::rr("rr:2:3", 2, q("3")).unwrap(),
        Uses::new(2).unwrap(),
    )])
}

#[test]
fn rr_twice_by_hand() {
    // δ(t) = Σ max(P − tQ, 0): t = 3 → 9/16 − 3/16 = 3/8; t = 9 → 0; t = 1 → (9 − 1)/16 = 1/2.
    for (t, want) in [("3", "3/8"), ("9", "0"), ("1", "1/2"), ("2", "7/16")] {
        let mut query = rr2_twice();
        query.t = Some(T::parse(t).unwrap());
        let ComposeReport::Exact(r) = answer(&query, &|_| {}).unwrap() else {
            panic!("exact expected");
        };
        assert_eq!(r.delta_at_t.unwrap().2.delta, q(want), "t = {t}");
    }
    // The smallest e^ε for δ = 3/8 is 3 (δ is decreasing in t); for δ = 0 it is 9.
    for (d, want) in [("3/8", "3"), ("0", "9")] {
        let mut query = rr2_twice();
        query.delta = Some(Delta::parse(d).unwrap());
        let doc = answer(&query, &|_| {}).unwrap().to_json();
        assert_eq!(doc["eps_for_delta"]["e_eps"], want, "delta = {d}");
        assert_eq!(doc["eps_for_delta"]["eps"]["exact"], format!("ln({want})"));
    }
}

#[test]
fn delta_one_is_vacuous_not_refused() {
    let mut query = rr2_twice();
    query.delta = Some(Delta::parse("1").unwrap());
    let r = answer(&query, &|_| {}).unwrap();
    let doc = r.to_json();
    assert_eq!(doc["eps_for_delta"]["vacuous"], true);
    assert_eq!(doc["eps_for_delta"]["e_eps"], "1");
    assert!(r.to_text().contains("vacuous"), "{}", r.to_text());
    // The grid enclosure says so too.
    query.grid.force = true;
    let r = answer(&query, &|_| {}).unwrap();
    assert!(matches!(r, ComposeReport::Grid(_)));
    assert_eq!(r.to_json()["eps_for_delta"]["vacuous"], true);
    assert!(r.to_text().contains("vacuous"), "{}", r.to_text());
    query.grid.force = false;
    // Any (ε, 1) holds.
    query.delta = None;
    query.check = Some((Eps::parse("0").unwrap(), Delta::parse("1").unwrap()));
    assert_eq!(answer(&query, &|_| {}).unwrap().check(), Some(Some(true)));
}

#[test]
fn check_holds_and_fails_at_the_boundary() {
    // Twice rr at t = 3 is (ln 9, 0)-DP and not (ln 9 − something, 0): e^2 < 9 < e^3.
    for (eps, d, holds) in [("3", "0", true), ("2", "0", false), ("1", "3/8", false)] {
        let mut query = rr2_twice();
        query.check = Some((Eps::parse(eps).unwrap(), Delta::parse(d).unwrap()));
        assert_eq!(
            answer(&query, &|_| {}).unwrap().check(),
            Some(Some(holds)),
            "({eps}, {d})"
        );
    }
}

#[test]
fn the_errors_say_what_is_wrong() {
    let mut query = rr2_twice();
    query.uses.clear();
    assert!(matches!(
        answer(&query, &|_| {}),
        Err(AnswerError::Query(_))
    ));
    let mut query = rr2_twice();
    query.uses.push((
        Mechanism::rr("rr:3:3", 3, q("3")).unwrap(),
        Uses::new(1).unwrap(),
    ));
    let e = answer(&query, &|_| {}).unwrap_err();
    assert!(
        matches!(e, AnswerError::Input(_)) && e.to_string().contains("same inputs"),
        "{e}"
    );
}
