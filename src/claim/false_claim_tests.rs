//! A deliberately false claim (kept here, not in `theorems/`): the pipeline must refute it with
//! an exact counterexample, and the greedy shrinker must reduce a large failing instance to the
//! minimal one.
//!
//! Claim (false): for every rational p in [0, 1], p(1 - p) <= 3/16. It fails exactly for
//! p in (1/4, 3/4); the fraction of smallest denominator there is 1/2.

use crate::claim::search::shrink;
use crate::claim::verdict::Report;
use crate::claim::{Check, Family, Outcome};
use crate::num::Rational;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
struct P(Rational);

impl fmt::Display for P {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p={}", self.0)
    }
}

fn q(n: i64, d: i64) -> Rational {
    Rational::from_signeds(n, d)
}

/// All p = a/d in [0,1] in lowest terms with denominator exactly d.
fn with_denominator(d: usize) -> Vec<P> {
    let d = d as u64;
    (0..=d)
        .map(|a| Rational::from_unsigneds(a, d))
        .filter(|r| *r.denominator_ref() == d)
        .map(P)
        .collect()
}

fn check(p: &P) -> Check {
    let lhs = &p.0 * (Rational::from(1) - &p.0);
    Check::rationals("p(1-p) <= 3/16", &lhs, "<=", &q(3, 16))
}

fn family() -> Family<P> {
    Family {
        id: "FALSE-1",
        grid: || (1..=6).flat_map(with_denominator).collect(),
        beyond: Some(with_denominator),
        check,
    }
}

/// Simpler candidates: every fraction in [0,1] with a smaller denominator.
fn simpler(p: &P) -> Vec<P> {
    let d = usize::try_from(p.0.denominator_ref()).expect("small denominator");
    (1..d).flat_map(with_denominator).collect()
}

#[test]
fn verdict_is_fails_with_smallest_counterexample_first() {
    let c = family().boxed();
    let r = Report::from_checks(c.id(), None, c.check_grid(), Default::default());
    assert_eq!(r.verdict, Outcome::Fails);
    let w = r.witness().expect("a counterexample");
    assert_eq!(w.instance, "p=1/2");
    assert_eq!(w.lhs.exact, "1/4");
    assert_eq!(w.note, "lhs - rhs = 1/16");
}

#[test]
fn search_by_size_stops_at_denominator_two() {
    let c = family().boxed();
    let first = (1..=10)
        .find_map(|size| {
            let fails: Vec<_> = c
                .search_select(size, &|_| true)
                .expect("family")
                .into_iter()
                .filter(|(_, ch)| ch.outcome == Outcome::Fails)
                .collect();
            fails.into_iter().next().map(|(_, ch)| (size, ch))
        })
        .expect("refuted");
    assert_eq!(first.0, 2);
    assert_eq!(first.1.instance, "p=1/2");
}

#[test]
fn shrink_reaches_the_minimal_counterexample() {
    let fails = |p: &P| check(p).outcome == Outcome::Fails;
    let start = P(q(37, 80));
    assert!(fails(&start));
    let (small, steps) = shrink(start, simpler, fails);
    assert!(steps >= 1);
    assert_eq!(small, P(q(1, 2)));
    // Minimal: no instance with a smaller denominator fails.
    assert!(simpler(&small).iter().all(|p| !fails(p)));
}

#[test]
fn shards_partition_each_size() {
    let c = family().boxed();
    let all: Vec<usize> = c
        .search_select(7, &|_| true)
        .unwrap()
        .iter()
        .map(|x| x.0)
        .collect();
    let mut union: Vec<usize> = (1..=3)
        .flat_map(|k| {
            c.search_select(7, &move |i| i % 3 == k - 1)
                .unwrap()
                .into_iter()
                .map(|x| x.0)
        })
        .collect();
    union.sort();
    assert_eq!(union, all);
}
