//! Subsampling: the Poisson pair of binary randomized response by hand, the rate-1 cases equal
//! to the base mechanism, and Balle–Barthe–Gaboardi's amplification `1 + Q(e^ε − 1)` as a
//! property (with its tightness on randomized response).

use super::*;
use crate::measure::{max_ratio, ExtRational};
use crate::mechanism::randomized_response;
use crate::testutil::{channel, q};
use proptest::prelude::*;

/// The pure level `max e^ε` over the ordered pairs of `adj` (`None`: infinite).
fn pure_level(w: &Channel, adj: &[(usize, usize)]) -> Option<Rational> {
    let rows = w.rows();
    let mut best = Rational::ONE;
    for &(a, b) in adj {
        for (x, y) in [(a, b), (b, a)] {
            match max_ratio(&rows[x], &rows[y]) {
                ExtRational::Finite(r) => best = best.max(r),
                ExtRational::Infinite => return None,
            }
        }
    }
    Some(best)
}

/// Binary randomized response at t = 3, Q = 1/4, by hand: the mixture for (0, 1) is
/// 1/4·(3/4, 1/4) + 3/4·(1/4, 3/4) = (3/8, 5/8), paired with (1/4, 3/4): ratios 3/2 and 5/6,
/// reversed 2/3 and 6/5, so the pure level is 3/2 = 1 + Q(t − 1) (BBG, attained).
#[test]
fn poisson_rr_by_hand() {
    let w = randomized_response(2, &q(3, 1)).unwrap();
    let plan = Plan::new(&Subsample::Poisson(q(1, 4)), &Adjacency::complete(2));
    let ws = plan.apply(&w);
    assert_eq!(ws.rows()[2], vec![q(3, 8), q(5, 8)]);
    assert_eq!(ws.rows()[3], vec![q(5, 8), q(3, 8)]);
    assert_eq!(plan.adjacency.pairs, vec![(2, 1), (3, 0)]);
    assert_eq!(pure_level(&ws, &plan.adjacency.pairs), Some(q(3, 2)));
}

/// Fixed 1 of 2 (γ = 1/2) on binary randomized response at t = 3, complete:2 (no common
/// neighbour): z = 0 gives ((3/4, 1/4), (1/2, 1/2)), z = 1 gives ((1/2, 1/2), (1/4, 3/4)); the
/// ratios are 3/2 and 1/2, reversed 2/3 and 2, so the pure level is 2 = 1 + γ(t − 1).
#[test]
fn fixed_rr_by_hand() {
    let w = randomized_response(2, &q(3, 1)).unwrap();
    let plan = Plan::new(&Subsample::Fixed { m: 1, n: 2 }, &Adjacency::complete(2));
    let ws = plan.apply(&w);
    assert_eq!(plan.rows(), 4);
    let rows: Vec<(Vec<Rational>, Vec<Rational>)> = plan
        .adjacency
        .pairs
        .iter()
        .map(|&(a, b)| (ws.rows()[a].clone(), ws.rows()[b].clone()))
        .collect();
    assert_eq!(
        rows,
        vec![
            (vec![q(3, 4), q(1, 4)], vec![q(1, 2), q(1, 2)]),
            (vec![q(1, 2), q(1, 2)], vec![q(1, 4), q(3, 4)]),
        ]
    );
    assert_eq!(pure_level(&ws, &plan.adjacency.pairs), Some(q(2, 1)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// BBG amplification on random mechanisms: the subsampled pure level is at most
    /// 1 + γ(e^ε − 1) (Poisson on add/remove pairs, fixed-size on substitution pairs of the
    /// complete relation), and the bound is attained by K-ary randomized response.
    #[test]
    fn amplification_bound(w in channel(3, 3, 6), num in 1u64..12, fixed in any::<bool>()) {
        let rate = Rational::from_unsigneds(num, 12u64);
        let s = if fixed {
            Subsample::Fixed { m: num, n: 12 }
        } else {
            Subsample::Poisson(rate.clone())
        };
        let base = Adjacency::complete(3);
        let plan = Plan::new(&s, &base);
        prop_assert_eq!(plan.rows() as u128 <= rows_bound(&s, 3, &base.pairs), true);
        let ws = plan.apply(&w);
        if let Some(t) = pure_level(&w, &base.pairs) {
            let bound = Rational::ONE + &rate * (t - Rational::ONE);
            let got = pure_level(&ws, &plan.adjacency.pairs).expect("finite below a finite base");
            prop_assert!(got <= bound, "{} > {}", got, bound);
        }
    }

    #[test]
    fn amplification_is_attained_by_rr(k in 2usize..5, t in 2i64..9, num in 1u64..12, fixed in any::<bool>()) {
        let rate = Rational::from_unsigneds(num, 12u64);
        let s = if fixed {
            Subsample::Fixed { m: num, n: 12 }
        } else {
            Subsample::Poisson(rate.clone())
        };
        let w = randomized_response(k, &Rational::from(t)).unwrap();
        let plan = Plan::new(&s, &Adjacency::complete(k));
        let got = pure_level(&plan.apply(&w), &plan.adjacency.pairs).unwrap();
        prop_assert_eq!(got, Rational::ONE + &rate * Rational::from(t - 1));
    }

    /// Rate 1 (poisson:1, fixed:N:N) changes nothing: every subsampled pair is a base pair.
    #[test]
    fn rate_one_is_the_base(w in channel(3, 3, 6), fixed in any::<bool>()) {
        let s = if fixed { Subsample::Fixed { m: 7, n: 7 } } else { Subsample::Poisson(Rational::ONE) };
        let base = Adjacency::complete(3);
        let plan = Plan::new(&s, &base);
        let ws = plan.apply(&w);
        for &(a, b) in &plan.adjacency.pairs {
            let (ra, rb) = (&ws.rows()[a], &ws.rows()[b]);
            let is_base = base.pairs.iter().any(|&(x, y)| {
                let (wx, wy) = (&w.rows()[x], &w.rows()[y]);
                (ra == wx && rb == wy) || (ra == wy && rb == wx) || (ra == rb && (ra == wx || ra == wy))
            });
            prop_assert!(is_base, "pair ({}, {})", a, b);
        }
    }
}
