use super::*;
use crate::measure::{complete_pairs, delta_at};
use crate::testutil::{channel, channel_of, q};
use proptest::prelude::*;

/// `(lo, hi, a, b, pair, event)` of each piece.
type Row = (
    Rational,
    Rational,
    Rational,
    Rational,
    (usize, usize),
    Vec<usize>,
);

fn rows(c: &DeltaCurve) -> Vec<Row> {
    c.pieces
        .iter()
        .map(|p| {
            (
                p.lo.clone(),
                p.hi.clone(),
                p.a.clone(),
                p.b.clone(),
                p.pair,
                p.event.clone(),
            )
        })
        .collect()
}

/// Worked by hand.
/// - Binary randomized response at e^ε = 3: for (0, 1), y = 0 is active while
///   3/4 − t/4 > 0, so δ = (3 − t)/4 on [1, 3] and 0 beyond; (1, 0) is the same line, so the
///   first pair is kept.
/// - Rows P = (1/2, 3/10, 1/5), Q = (1/10, 1/5, 7/10): (0, 1) has ratios 5, 3/2, 2/7, so
///   δ = 4/5 − 3t/10 on [1, 3/2], 1/2 − t/10 on [3/2, 5], 0 beyond; (1, 0) has ratios 1/5,
///   2/3, 7/2, so δ = 7/10 − t/5 on [1, 7/2]. At t = 1 both are TV = 1/2; (1, 0) is above
///   until the lines 7/10 − t/5 and 1/2 − t/10 cross at t = 2, where both are 3/10.
#[test]
fn literal_curves() {
    let rr = channel_of(&[&[(3, 4), (1, 4)], &[(1, 4), (3, 4)]]);
    let c = delta_curve(&rr, &[(0, 1)], &q(1, 1), &q(4, 1));
    assert_eq!(
        rows(&c),
        vec![
            (q(1, 1), q(3, 1), q(3, 4), q(1, 4), (0, 1), vec![0]),
            (q(3, 1), q(4, 1), q(0, 1), q(0, 1), (0, 1), vec![]),
        ]
    );
    assert_eq!((c.lo.clone(), c.hi.clone()), (q(1, 1), q(4, 1)));
    // A range inside one piece is one piece.
    let c = delta_curve(&rr, &[(0, 1)], &q(3, 2), &q(2, 1));
    assert_eq!(
        rows(&c),
        vec![(q(3, 2), q(2, 1), q(3, 4), q(1, 4), (0, 1), vec![0])]
    );
    let m = channel_of(&[&[(1, 2), (3, 10), (1, 5)], &[(1, 10), (1, 5), (7, 10)]]);
    let c = delta_curve(&m, &[(0, 1)], &q(1, 1), &q(6, 1));
    assert_eq!(
        rows(&c),
        vec![
            (q(1, 1), q(2, 1), q(7, 10), q(1, 5), (1, 0), vec![2]),
            (q(2, 1), q(5, 1), q(1, 2), q(1, 10), (0, 1), vec![0]),
            (q(5, 1), q(6, 1), q(0, 1), q(0, 1), (0, 1), vec![]),
        ]
    );
    // (0, 1)'s own breakpoint 3/2 lies under (1, 0)'s line: it is no breakpoint of δ, which
    // is 7/10 − 3/10 there, not (0, 1)'s 7/20.
    let c = delta_curve(&m, &[(0, 1)], &q(1, 1), &q(3, 1));
    assert_eq!(c.pieces.len(), 2);
    assert_eq!(c.at(&q(3, 2)), Some(q(2, 5)));
    // A zero facing a positive mass: that output adds its mass for every t (no breakpoint).
    let z = channel_of(&[&[(1, 2), (1, 2)], &[(1, 1), (0, 1)]]);
    let c = delta_curve(&z, &[(0, 1)], &q(1, 1), &q(10, 1));
    // (0, 1): 1/2 for every t (y = 1); (1, 0): 1 − t/2 on [1, 2], below it past t = 1.
    assert_eq!(
        rows(&c),
        vec![(q(1, 1), q(10, 1), q(1, 2), q(0, 1), (0, 1), vec![1])]
    );
}

/// Every rational where δ can bend: the pairs' likelihood ratios in the range.
fn ratios_in(w: &Channel, adj: &[(usize, usize)], lo: &Rational, hi: &Rational) -> Vec<Rational> {
    let mut out = vec![lo.clone(), hi.clone()];
    for (x, xp) in ordered_pairs(adj) {
        for (a, b) in w.rows()[x].iter().zip(&w.rows()[xp]) {
            if *b > 0u32 {
                let r = a / b;
                if lo < &r && &r < hi {
                    out.push(r);
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The curve's shape: contiguous pieces covering [lo, hi], continuous, non-increasing,
/// convex, no two adjacent pieces of one line and one pair; and against the naive reference
/// [`delta_at`] (one exact hockey-stick per pair at one t) at every breakpoint, at every
/// midpoint (value, pair and event) and at every likelihood ratio and its midpoints.
fn check(w: &Channel, adj: &[(usize, usize)], lo: &Rational, hi: &Rational) {
    let c = delta_curve(w, adj, lo, hi);
    let p = &c.pieces;
    assert!(!p.is_empty());
    assert_eq!(&p[0].lo, lo);
    assert_eq!(&p[p.len() - 1].hi, hi);
    for s in p {
        assert!(s.lo < s.hi, "empty piece {s:?}");
        assert!(s.b >= 0u32, "increasing piece {s:?}");
        assert!(s.at(&s.hi) >= 0u32, "negative δ {s:?}");
        let mid = (&s.lo + &s.hi) / Rational::from(2u32);
        let naive = delta_at(w, adj, &mid);
        assert_eq!(s.at(&mid), naive.delta, "midpoint {mid}");
        assert_eq!(s.pair, naive.pair, "pair at {mid}");
        assert_eq!(s.event, naive.event, "event at {mid}");
        for t in [&s.lo, &s.hi] {
            assert_eq!(s.at(t), delta_at(w, adj, t).delta, "at {t}");
        }
    }
    for ab in p.windows(2) {
        let (l, r) = (&ab[0], &ab[1]);
        assert_eq!(l.hi, r.lo, "gap");
        assert_eq!(l.at(&l.hi), r.at(&r.lo), "jump at {}", l.hi);
        assert!(l.b >= r.b, "not convex at {}", l.hi);
        assert!(
            (&l.a, &l.b, l.pair) != (&r.a, &r.b, r.pair),
            "unjoined at {}",
            l.hi
        );
    }
    let pts = ratios_in(w, adj, lo, hi);
    for t in pts.iter().chain(
        pts.windows(2)
            .map(|x| (&x[0] + &x[1]) / Rational::from(2u32))
            .collect::<Vec<_>>()
            .iter(),
    ) {
        assert_eq!(c.at(t), Some(delta_at(w, adj, t).delta), "at {t}");
    }
}

#[test]
fn literal_curves_against_the_naive_reference() {
    let m = channel_of(&[&[(1, 2), (3, 10), (1, 5)], &[(1, 10), (1, 5), (7, 10)]]);
    check(&m, &[(0, 1)], &q(1, 1), &q(6, 1));
    // Three inputs, a path: the pairs (0, 2) are not neighbours.
    let w = channel_of(&[
        &[(1, 2), (1, 4), (1, 4)],
        &[(1, 3), (1, 3), (1, 3)],
        &[(1, 8), (1, 8), (3, 4)],
    ]);
    check(&w, &[(0, 1), (1, 2)], &q(1, 1), &q(5, 1));
    check(&w, &complete_pairs(3), &q(1, 1), &q(7, 1));
    // No neighbour pair: δ = 0, attributed to (0, 0) as delta_at does.
    check(&w, &[], &q(1, 1), &q(2, 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_channels_give_exact_convex_curves(
        w in (2usize..=4, 2usize..=4).prop_flat_map(|(n, k)| channel(n, k, 6)),
        lo in 0u32..8,
        width in 1u32..24,
        complete in any::<bool>(),
    ) {
        let n = w.n_inputs();
        let adj: Vec<(usize, usize)> = if complete {
            complete_pairs(n)
        } else {
            (1..n).map(|i| (i - 1, i)).collect()
        };
        let lo = Rational::from(1u32) + Rational::from_unsigneds(lo, 2u32);
        let hi = &lo + Rational::from_unsigneds(width, 3u32);
        check(&w, &adj, &lo, &hi);
    }
}
