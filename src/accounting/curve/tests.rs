//! `worst_delta_curve` against the pointwise answers (naive references): δ(t) at every
//! breakpoint and midpoint equals `worst_delta_at_t`, the δ of the enumerated product
//! channels, and at a rational ε the piece holding `e^ε` is `compose --eps`'s `A − B·e^ε`.

use super::*;
use crate::accounting::worst::{compose_on_pairs, worst_delta_at_eps, worst_delta_at_t};
use crate::measure::complete_pairs;
use crate::measure::epsilon::cmp_with_exp;
use crate::mechanism::{randomized_response, truncated_geometric};
use crate::prob::Channel;
use crate::testutil::{channel_of, q};
use proptest::prelude::*;
use std::cmp::Ordering;

fn pcs(w: &Channel, k: u64, adj: &[(usize, usize)]) -> Vec<PairComposition> {
    compose_on_pairs(&[(w, k)], adj, |_, _| {}).unwrap()
}

/// The k-fold product channel, enumerated (naive).
fn power(w: &Channel, k: u64) -> Vec<Vec<Rational>> {
    let mut rows: Vec<Vec<Rational>> = w.rows().to_vec();
    for _ in 1..k {
        rows = rows
            .iter()
            .zip(w.rows())
            .map(|(a, b)| {
                a.iter()
                    .flat_map(|u| b.iter().map(move |v| u * v))
                    .collect()
            })
            .collect();
    }
    rows
}

/// `max_{(x,x')} Σ_y (P^k(y|x) − t·P^k(y|x'))^+` by enumeration.
fn naive_delta(rows: &[Vec<Rational>], adj: &[(usize, usize)], t: &Rational) -> Rational {
    let mut best = Rational::from(0u32);
    for &(a, b) in adj {
        for (x, y) in [(a, b), (b, a)] {
            let mut d = Rational::from(0u32);
            for (p, r) in rows[x].iter().zip(&rows[y]) {
                let v = p - t * r;
                if v > 0u32 {
                    d += v;
                }
            }
            if d > best {
                best = d;
            }
        }
    }
    best
}

/// Every breakpoint and midpoint of `c` against the pointwise answer and the enumeration.
fn check_points(
    c: &ComposeCurve,
    p: &[PairComposition],
    rows: &[Vec<Rational>],
    adj: &[(usize, usize)],
) {
    assert_eq!(c.pieces[0].lo, c.lo);
    assert_eq!(c.pieces.last().unwrap().hi, c.hi);
    for w in c.pieces.windows(2) {
        assert_eq!(w[0].hi, w[1].lo, "contiguous");
        // Continuous at the breakpoint.
        assert_eq!(w[0].at(&w[0].hi), w[1].at(&w[1].lo));
    }
    for piece in &c.pieces {
        assert!(piece.lo < piece.hi);
        let mid = (&piece.lo + &piece.hi) / Rational::from(2u32);
        for t in [&piece.lo, &mid, &piece.hi] {
            let want = naive_delta(rows, adj, t);
            assert_eq!(piece.at(t), want, "t = {t}");
            assert_eq!(worst_delta_at_t(p, t).unwrap().1.delta, want, "t = {t}");
        }
        // The event's masses are the line's.
        assert_eq!((&piece.event.p, &piece.event.q), (&piece.a, &piece.b));
    }
}

/// Literal table: binary randomized response at t = 3, k = 2: the ratios are 9, 1, 1/9; by
/// hand, on [1, 9] the event is "both answers equal x": P = 9/16, Q = 1/16, so
/// δ = 9/16 − t/16; beyond 9, δ = 0.
#[test]
fn literal_rr_twice() {
    let w = randomized_response(2, &q(3, 1)).unwrap();
    let adj = complete_pairs(2);
    let p = pcs(&w, 2, &adj);
    let c = worst_delta_curve(&p, &q(1, 1), &q(12, 1)).unwrap();
    let got: Vec<(Rational, Rational, Rational, Rational)> = c
        .pieces
        .iter()
        .map(|x| (x.lo.clone(), x.hi.clone(), x.a.clone(), x.b.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (q(1, 1), q(9, 1), q(9, 16), q(1, 16)),
            (q(9, 1), q(12, 1), q(0, 1), q(0, 1)),
        ]
    );
    // A range inside one piece is one piece.
    let c = worst_delta_curve(&p, &q(2, 1), &q(3, 1)).unwrap();
    assert_eq!(c.pieces.len(), 1);
    assert_eq!(c.at(&q(3, 1)), Some(q(6, 16)));
    // k = 3: ratios 27, 3, 1/3, 1/27: breakpoints 3 and 27 inside [1, 30].
    let c = worst_delta_curve(&pcs(&w, 3, &adj), &q(1, 1), &q(30, 1)).unwrap();
    let ends: Vec<Rational> = c.pieces.iter().map(|x| x.hi.clone()).collect();
    assert_eq!(ends, vec![q(3, 1), q(27, 1), q(30, 1)]);
    // On [1, 3]: the event "at least 2 of 3 equal x": P = (27 + 3·9)/64, Q = (1 + 3·3)/64.
    assert_eq!((&c.pieces[0].a, &c.pieces[0].b), (&q(54, 64), &q(10, 64)));
}

/// An infinite-loss output (a zero in the second row) keeps δ ≥ its mass for every t; a
/// channel whose pairs differ (the geometric on a path) has envelope breakpoints.
#[test]
fn infinite_mass_and_several_pairs() {
    let z = channel_of(&[&[(1, 2), (1, 2)], &[(0, 1), (1, 1)]]);
    let adj = complete_pairs(2);
    let p = pcs(&z, 3, &adj);
    let c = worst_delta_curve(&p, &q(1, 1), &q(100, 1)).unwrap();
    assert_eq!(c.pieces.last().unwrap().at(&q(100, 1)), q(7, 8));
    check_points(&c, &p, &power(&z, 3), &adj);

    let g = truncated_geometric(4, &q(2, 1)).unwrap();
    let adj = vec![(0, 1), (1, 2), (2, 3)];
    for k in 1..=3u64 {
        let p = pcs(&g, k, &adj);
        let c = worst_delta_curve(&p, &q(1, 1), &q(20, 1)).unwrap();
        check_points(&c, &p, &power(&g, k), &adj);
    }
}

/// At rational ε the piece holding `e^ε` has `compose --eps`'s form `A − B·e^ε`.
#[test]
fn pieces_agree_with_delta_at_eps() {
    let g = truncated_geometric(3, &q(3, 2)).unwrap();
    let adj = vec![(0, 1), (1, 2)];
    let p = pcs(&g, 4, &adj);
    let c = worst_delta_curve(&p, &q(1, 1), &q(8, 1)).unwrap();
    for e in 1..40 {
        let eps = q(e, 19); // up to e^2.05 ≈ 7.8 < 8
        let (_, d) = worst_delta_at_eps(&p, &eps).unwrap().unwrap();
        let piece = c
            .pieces
            .iter()
            .find(|x| {
                cmp_with_exp(&x.lo, &eps).unwrap() == Ordering::Less
                    && cmp_with_exp(&x.hi, &eps).unwrap() == Ordering::Greater
            })
            .expect("e^eps is irrational: strictly inside one piece");
        assert_eq!((&piece.a, &piece.b), (&d.form.a, &d.form.b), "eps = {eps}");
    }
}

/// Too many ratios in the range: refused, not truncated.
#[test]
fn too_many_pieces_refused() {
    // k = 20 at t = 2: the ratios are 2^j (j even), so [1, 2^20] has 10 pieces.
    let w = randomized_response(2, &q(2, 1)).unwrap();
    let adj = complete_pairs(2);
    let p = pcs(&w, 20, &adj);
    let top = Rational::from(1u32 << 20);
    assert_eq!(capped(&p, &q(1, 1), &top, 10).unwrap().pieces.len(), 10);
    let e = capped(&p, &q(1, 1), &top, 9).unwrap_err();
    assert!(
        e.to_string().contains("more than 9") && e.to_string().contains("narrower --curve-t"),
        "{e}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random 3 × 3 channels, k ≤ 3, every breakpoint and midpoint against the enumeration.
    #[test]
    fn random_channels_match_enumeration(
        w in crate::testutil::channel(3, 3, 6),
        k in 1u64..=3,
        hi in 2u32..40,
    ) {
        let adj = complete_pairs(3);
        let p = pcs(&w, k, &adj);
        let c = worst_delta_curve(&p, &q(1, 1), &Rational::from(hi)).unwrap();
        check_points(&c, &p, &power(&w, k), &adj);
    }
}
