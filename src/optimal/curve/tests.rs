//! The optimum against t: the hand-derived 2 × 2 literal, every breakpoint and midpoint against
//! the pointwise exact LP (the naive reference), continuity at the breakpoints.

use super::*;
use crate::optimal::{optimal, OptimalError, Problem};
use crate::params::T;
use crate::testutil::q;

fn range(a: Rational, b: Rational) -> TRange {
    TRange::new(a, b).unwrap()
}

fn pointwise(g: &Graph, prior: &Dist, o: &Objective, t: &Rational) -> Rational {
    optimal(&Problem {
        graph: g,
        t: T::new(t.clone()).unwrap(),
        prior: prior.clone(),
        objective: o.clone(),
    })
    .unwrap()
    .value
}

/// Two secrets, one edge, uniform prior: the least expected |y − x| is 1/(1 + t) (randomized
/// response reports the truth with t/(1 + t), by hand) and the identity gain t/(1 + t).
#[test]
fn two_by_two_is_one_over_one_plus_t() {
    let g = Graph::path(2);
    let prior = Dist::uniform(2);
    let c = optimal_curve(
        &g,
        &prior,
        &Objective::abs_loss(2),
        &range(q(1, 1), q(5, 1)),
        None,
    )
    .unwrap();
    assert_eq!(c.pieces.len(), 1);
    let want = RatFn::new(Poly::one(), Poly::new(vec![q(1, 1), q(1, 1)])).unwrap();
    assert_eq!(c.pieces[0].value, want);
    let c = optimal_curve(
        &g,
        &prior,
        &Objective::identity_gain(2),
        &range(q(1, 1), q(5, 1)),
        None,
    )
    .unwrap();
    let want = RatFn::new(Poly::x(), Poly::new(vec![q(1, 1), q(1, 1)])).unwrap();
    assert_eq!(c.pieces.len(), 1);
    assert_eq!(c.pieces[0].value, want);
}

/// Rational points of each piece: its ends when rational, the simplest point inside, and the
/// ends of an algebraic end's isolating interval that fall inside the piece.
fn probes(p: &CurvePiece) -> Vec<Rational> {
    let mut out = Vec::new();
    for e in [&p.lo, &p.hi] {
        match e.as_rational() {
            Some(r) => out.push(r.clone()),
            None => {
                let mut f = e.clone();
                f.refine_to(&q(1, 1000));
                out.extend([f.lo.clone(), f.hi.clone()]);
            }
        }
    }
    out.push(crate::num::piecewise::between(&p.lo, &p.hi));
    out.retain(|t| p.at(t).is_some());
    out
}

/// Every piece agrees with the exact LP at `t` at its rational ends and inside; adjacent pieces
/// agree at their breakpoint (the optimum is continuous in t): exactly at a rational one, by the
/// defining polynomial at an algebraic one. Returns the number of algebraic breakpoints.
fn check_against_pointwise(g: &Graph, prior: &Dist, o: &Objective, r: &TRange) -> usize {
    let c = optimal_curve(g, prior, o, r, None).unwrap();
    assert_eq!(c.pieces.first().unwrap().lo.as_rational(), Some(r.lo()));
    assert_eq!(c.pieces.last().unwrap().hi.as_rational(), Some(r.hi()));
    let mut algebraic = 0;
    for w in c.pieces.windows(2) {
        let b = &w[0].hi;
        assert_eq!(b.cmp_root(&w[1].lo), Ordering::Equal, "no gap, no overlap");
        let d = &w[0].value - &w[1].value;
        assert_ne!(
            d,
            RatFn::constant(q(0, 1)),
            "adjacent pieces are merged when equal"
        );
        match b.as_rational() {
            Some(t) => assert_eq!(w[0].value.eval(t), w[1].value.eval(t), "continuous at {t}"),
            None => {
                algebraic += 1;
                assert_eq!(
                    b.sign_of(&d.num),
                    Ordering::Equal,
                    "continuous at {}",
                    point_text(b)
                );
            }
        }
    }
    for p in &c.pieces {
        for t in probes(p) {
            assert_eq!(
                p.at(&t).unwrap(),
                pointwise(g, prior, o, &t),
                "{} at t = {t}",
                g.name()
            );
        }
    }
    algebraic
}

#[test]
fn paths_and_cycles_agree_with_the_pointwise_lp() {
    let r = range(q(1, 1), q(4, 1));
    for k in 3..=4 {
        let g = Graph::path(k);
        check_against_pointwise(&g, &Dist::uniform(k), &Objective::abs_loss(k), &r);
        check_against_pointwise(&g, &Dist::uniform(k), &Objective::identity_gain(k), &r);
    }
    let g = Graph::cycle(4);
    check_against_pointwise(
        &g,
        &Dist::uniform(4),
        &Objective::graph_loss(&g).unwrap(),
        &r,
    );
}

#[test]
fn a_non_uniform_prior_agrees_with_the_pointwise_lp() {
    let g = Graph::path(3);
    let prior = Dist::new(vec![q(1, 2), q(1, 3), q(1, 6)]).unwrap();
    check_against_pointwise(
        &g,
        &prior,
        &Objective::abs_loss(3),
        &range(q(1, 1), q(6, 1)),
    );
}

/// Path 0 − 1 − 2, uniform prior, the graph loss, by hand: reporting the middle vertex whatever
/// the secret costs 2/3, and is optimal until t = φ (the golden ratio, a root of t² − t − 1);
/// beyond, the optimum is (4t + 2)/(3t² + 3t), which is 2/3 at φ.
#[test]
fn path_three_breaks_at_the_golden_ratio() {
    let g = Graph::path(3);
    let o = Objective::graph_loss(&g).unwrap();
    let c = optimal_curve(&g, &Dist::uniform(3), &o, &range(q(1, 1), q(10, 1)), None).unwrap();
    assert_eq!(c.pieces.len(), 2);
    assert_eq!(c.pieces[0].value, RatFn::constant(q(2, 3)));
    let want = RatFn::new(
        Poly::new(vec![q(2, 1), q(4, 1)]),
        Poly::new(vec![q(0, 1), q(3, 1), q(3, 1)]),
    )
    .unwrap();
    assert_eq!(c.pieces[1].value, want);
    let b = &c.pieces[0].hi;
    assert_eq!(
        b.sign_of(&Poly::new(vec![q(-1, 1), q(-1, 1), q(1, 1)])),
        Ordering::Equal
    );
    assert_eq!(b.cmp_rational(&q(1618, 1000)), Ordering::Greater);
    assert_eq!(b.cmp_rational(&q(1619, 1000)), Ordering::Less);
}

/// Longer paths have algebraic breakpoints (roots of quintics on P_6); every piece agrees with
/// the exact LP at rational points, on both sides of each algebraic breakpoint.
#[test]
fn longer_paths_have_algebraic_breakpoints_that_agree_with_the_pointwise_lp() {
    let r = range(q(1, 1), q(3, 1));
    for k in 5..=6 {
        let g = Graph::path(k);
        let algebraic = check_against_pointwise(&g, &Dist::uniform(k), &Objective::abs_loss(k), &r);
        assert!(algebraic >= 2, "P_{k}: {algebraic}");
    }
}

#[test]
fn hamming_graphs_agree_with_the_pointwise_lp() {
    let r = range(q(1, 1), q(5, 1));
    for (n, m) in [(2, 2), (3, 2)] {
        let g = Graph::hamming(n, m);
        let k = g.n();
        check_against_pointwise(&g, &Dist::uniform(k), &Objective::hamming_loss(n, m), &r);
        check_against_pointwise(&g, &Dist::uniform(k), &Objective::identity_gain(k), &r);
    }
}

#[test]
fn bad_problems_are_refused_before_any_solve() {
    let g = Graph::path(3);
    let e = optimal_curve(
        &g,
        &Dist::uniform(2),
        &Objective::abs_loss(3),
        &range(q(1, 1), q(2, 1)),
        None,
    )
    .unwrap_err();
    assert!(matches!(e, OptimalError::PriorLength { .. }), "{e}");
}
