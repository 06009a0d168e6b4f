//! The accounting layer against brute force: every output sequence of k ≤ 8 uses enumerated,
//! the product distributions built from the definition, and δ computed by the one-use measures
//! of [`crate::measure`] (hockey-stick sums, `eps_for_delta`, `delta_at_eps`); adaptive choice
//! of the neighbour pair enumerated over all strategies; properties on random channels.

use super::compose::compose;
use super::pld::PairLoss;
use super::worst::{compose_on_pairs, worst_delta_at_eps, worst_delta_at_t, worst_t_for_delta};
use crate::measure::epsilon::{delta_at_eps, eps_for_delta};
use crate::measure::{hockey_stick, ExtRational};
use crate::mechanism::{randomized_response, truncated_geometric};
use crate::num::Rational;
use crate::prob::Channel;
use crate::testutil::{channel, q};
use malachite::base::num::basic::traits::One;
use proptest::prelude::*;

/// The product distribution of `rows[0] × rows[1] × …` over all output sequences.
fn product(rows: &[&[Rational]]) -> Vec<Rational> {
    let mut out = vec![Rational::ONE];
    for r in rows {
        out = out
            .iter()
            .flat_map(|a| r.iter().map(move |b| a * b))
            .collect();
    }
    out
}

/// `seq` = (channel, uses); the composed rows of inputs `x` and `x'` by enumeration.
fn brute_rows(seq: &[(&Channel, u64)], x: usize, xp: usize) -> (Vec<Rational>, Vec<Rational>) {
    let mut p: Vec<&[Rational]> = Vec::new();
    let mut r: Vec<&[Rational]> = Vec::new();
    for (w, k) in seq {
        for _ in 0..*k {
            p.push(&w.rows()[x]);
            r.push(&w.rows()[xp]);
        }
    }
    (product(&p), product(&r))
}

use crate::testutil::channel_of as ch;

/// Mechanisms of the brute-force table, with the largest k enumerated.
fn table() -> Vec<(&'static str, Channel, u64)> {
    vec![
        (
            "binary RR t=3",
            randomized_response(2, &q(3, 1)).unwrap(),
            8,
        ),
        ("3-ary RR t=2", randomized_response(3, &q(2, 1)).unwrap(), 6),
        (
            "geometric 3 t=2",
            truncated_geometric(3, &q(2, 1)).unwrap(),
            5,
        ),
        (
            "zero against mass",
            ch(&[&[(1, 10), (9, 10), (0, 1)], &[(0, 1), (1, 2), (1, 2)]]),
            6,
        ),
        (
            "two bases",
            ch(&[&[(1, 2), (3, 10), (1, 5)], &[(1, 4), (1, 10), (13, 20)]]),
            5,
        ),
        (
            "KOV pair t=2 delta=1/10",
            Channel::new(super::kov::kov_rows(&q(2, 1), &q(1, 10)).to_vec()).unwrap(),
            4,
        ),
    ]
}

fn ts() -> Vec<Rational> {
    [
        (1, 1),
        (11, 10),
        (3, 2),
        (2, 1),
        (3, 1),
        (4, 1),
        (9, 1),
        (10, 1),
        (27, 1),
        (100, 1),
    ]
    .iter()
    .map(|&(n, d)| q(n, d))
    .collect()
}

/// δ(t) of every ordered pair equals the hockey-stick of the enumerated product rows, and the
/// event attains it; the worst pair, ε for δ and δ at ε equal the one-use measures applied to
/// the enumerated 2-row channel.
#[test]
fn brute_force_k_fold() {
    for (name, w, kmax) in table() {
        let n = w.n_inputs();
        let adj = crate::measure::complete_pairs(n);
        for k in 1..=kmax {
            for &(a, b) in &adj {
                for (x, xp) in [(a, b), (b, a)] {
                    let (p, r) = brute_rows(&[(&w, k)], x, xp);
                    let c =
                        compose(&[(PairLoss::of_rows(&w.rows()[x], &w.rows()[xp]), k)]).unwrap();
                    for t in ts() {
                        let d = c.delta_at_t(&t);
                        assert_eq!(
                            d.delta,
                            hockey_stick(&p, &r, &t).delta,
                            "{name} k={k} ({x},{xp}) t={t}"
                        );
                        assert_eq!(&d.event.p - &t * &d.event.q, d.delta);
                    }
                    // At every breakpoint too (the ratios of the composition).
                    for at in c.atoms() {
                        let (pm, qm) = c.masses(&at);
                        let t = pm / qm;
                        assert_eq!(c.delta_at_t(&t).delta, hockey_stick(&p, &r, &t).delta);
                    }
                }
            }
            // The worst pair against the measures of the enumerated channel, pair by pair.
            let pcs = compose_on_pairs(&[(&w, k)], &adj, |_, _| {}).unwrap();
            for &(a, b) in &adj {
                let (p, r) = brute_rows(&[(&w, k)], a, b);
                let two = Channel::new(vec![p, r]).unwrap();
                let only: Vec<_> = pcs
                    .iter()
                    .filter(|pc| {
                        std::iter::once(pc.pair)
                            .chain(pc.same_as.iter().copied())
                            .any(|o| o == (a, b) || o == (b, a))
                    })
                    .cloned()
                    .collect();
                let pair_pcs: Vec<_> = [(a, b), (b, a)]
                    .iter()
                    .map(|&(x, xp)| super::worst::PairComposition {
                        pair: (x, xp),
                        same_as: vec![],
                        composed: compose(&[(PairLoss::of_rows(&w.rows()[x], &w.rows()[xp]), k)])
                            .unwrap(),
                    })
                    .collect();
                assert!(!only.is_empty());
                for dn in [0i64, 1, 5, 50, 200, 999] {
                    let delta = q(dn, 1000);
                    let want = eps_for_delta(&two, &[(0, 1)], &delta).t;
                    let got = worst_t_for_delta(&pair_pcs, &delta).unwrap().1.t;
                    assert_eq!(got, want, "{name} k={k} delta={delta}");
                }
                for en in [0i64, 1, 5, 10, 25] {
                    let eps = q(en, 5);
                    let want = delta_at_eps(&two, &[(0, 1)], &eps).unwrap();
                    let got = worst_delta_at_eps(&pair_pcs, &eps).unwrap().unwrap().1.form;
                    // Same value: A − B e^ε equal as forms (e^ε is irrational for ε ≠ 0).
                    if eps == 0u32 {
                        assert_eq!(&got.a - &got.b, &want.a - &want.b);
                    } else {
                        assert_eq!((got.a, got.b), (want.a, want.b), "{name} k={k} eps={eps}");
                    }
                }
            }
            // The channel-level worst δ(t) is the largest over every ordered pair.
            for t in ts() {
                let want = adj
                    .iter()
                    .flat_map(|&(a, b)| [(a, b), (b, a)])
                    .map(|(x, xp)| {
                        let (p, r) = brute_rows(&[(&w, k)], x, xp);
                        hockey_stick(&p, &r, &t).delta
                    })
                    .max()
                    .unwrap();
                assert_eq!(worst_delta_at_t(&pcs, &t).unwrap().1.delta, want);
            }
        }
    }
}

/// Heterogeneous sequences against the enumerated products.
#[test]
fn brute_force_heterogeneous() {
    let rr = randomized_response(2, &q(3, 1)).unwrap();
    let rr2 = randomized_response(2, &q(2, 1)).unwrap();
    let z = ch(&[&[(1, 10), (9, 10), (0, 1)], &[(0, 1), (1, 2), (1, 2)]]);
    let bsc = ch(&[&[(3, 5), (2, 5)], &[(1, 5), (4, 5)]]);
    for seq in [
        vec![(&rr, 2u64), (&rr2, 3)],
        vec![(&rr, 1), (&z, 2), (&bsc, 2)],
        vec![(&bsc, 3), (&rr2, 1), (&rr, 1)],
    ] {
        let pcs = compose_on_pairs(&seq, &[(0, 1)], |_, _| {}).unwrap();
        for t in ts() {
            let want = [(0, 1), (1, 0)]
                .iter()
                .map(|&(x, xp)| {
                    let (p, r) = brute_rows(&seq, x, xp);
                    hockey_stick(&p, &r, &t).delta
                })
                .max()
                .unwrap();
            assert_eq!(worst_delta_at_t(&pcs, &t).unwrap().1.delta, want);
        }
        let (p, r) = brute_rows(&seq, 0, 1);
        let two = Channel::new(vec![p, r]).unwrap();
        for dn in [0i64, 1, 30, 300] {
            let delta = q(dn, 1000);
            assert_eq!(
                worst_t_for_delta(&pcs, &delta).unwrap().1.t,
                eps_for_delta(&two, &[(0, 1)], &delta).t
            );
        }
    }
}

/// Literal table, by hand: binary RR at t = 3.
/// k = 1: δ(1) = 1/2, δ(2) = 3/4 − 2/4 = 1/4, ε for δ = 1/8 is t = (3/4 − 1/8)/(1/4) = 5/2.
/// k = 2: atoms (9/16, 1/16) at 9, (6/16, 6/16) at 1: δ(3) = 9/16 − 3/16 = 3/8; δ(1) = 1/2.
/// k = 3: atoms at 27, 3: δ(3) = 27/64 − 3/64 = 3/8, δ(2) = 54/64 − 2·10/64 = 17/32.
#[test]
fn literal_rr() {
    let pair = PairLoss::of_rows(&[q(3, 4), q(1, 4)], &[q(1, 4), q(3, 4)]);
    for (k, t, want) in [
        (1u64, q(1, 1), q(1, 2)),
        (1, q(2, 1), q(1, 4)),
        (2, q(3, 1), q(3, 8)),
        (2, q(1, 1), q(1, 2)),
        (3, q(3, 1), q(3, 8)),
        (3, q(2, 1), q(17, 32)),
        (3, q(27, 1), q(0, 1)),
    ] {
        assert_eq!(
            compose(&[(pair.clone(), k)]).unwrap().delta_at_t(&t).delta,
            want
        );
    }
    let c = compose(&[(pair.clone(), 1)]).unwrap();
    assert_eq!(c.t_for_delta(&q(1, 8)).t, ExtRational::Finite(q(5, 2)));
    assert_eq!(c.t_for_delta(&q(0, 1)).t, ExtRational::Finite(q(3, 1)));
    let c3 = compose(&[(pair, 3)]).unwrap();
    // δ = 0 is pure ε: the largest ratio 27.
    assert_eq!(c3.t_for_delta(&q(0, 1)).t, ExtRational::Finite(q(27, 1)));
    let e = c3.delta_at_t(&q(2, 1)).event;
    assert_eq!(c3.describe(&e), "at least 2 of 3 answers in {0}");
}

/// The search over prefixes summed by binary splitting (issue 42 item 5) answers exactly as the
/// walk atom by atom: every δ(t), δ(ε) and smallest t for δ, with its event, for small k and
/// several two-letter pairs (one with an infinite-loss letter), run both ways.
#[test]
fn binomial_search_equals_the_walk() {
    use super::delta::JUMP_FROM_IN_TESTS;
    let pairs = [
        PairLoss::of_rows(&[q(3, 4), q(1, 4)], &[q(1, 4), q(3, 4)]),
        PairLoss::of_rows(&[q(2, 3), q(1, 3)], &[q(1, 5), q(4, 5)]),
        PairLoss::of_rows(&[q(1, 10), q(1, 2), q(2, 5)], &[q(0, 1), q(1, 4), q(3, 4)]),
    ];
    let ts = [q(1, 1), q(3, 2), q(2, 1), q(3, 1), q(10, 1), q(1000, 1)];
    let deltas = [q(0, 1), q(1, 1000), q(1, 10), q(1, 3), q(9, 10)];
    let run = |c: &super::compose::Composed| {
        let at_t: Vec<_> = ts.iter().map(|t| c.delta_at_t(t)).collect();
        let at_eps: Vec<_> = [q(0, 1), q(1, 2), q(2, 1)]
            .iter()
            .map(|e| c.delta_at_eps(e))
            .collect();
        let for_delta: Vec<_> = deltas.iter().map(|d| c.t_for_delta(d)).collect();
        (at_t, at_eps, for_delta)
    };
    for pair in &pairs {
        for k in [1u64, 2, 3, 7, 40, 129] {
            let c = compose(&[(pair.clone(), k)]).unwrap();
            assert!(
                c.binomial().is_some(),
                "a two-letter pair streams binomial atoms"
            );
            JUMP_FROM_IN_TESTS.with(|j| j.set(Some(u64::MAX)));
            let walked = run(&c);
            JUMP_FROM_IN_TESTS.with(|j| j.set(Some(0)));
            let searched = run(&c);
            JUMP_FROM_IN_TESTS.with(|j| j.set(None));
            assert_eq!(walked, searched, "k = {k}");
        }
    }
}

/// A pair with a zero against mass: δ never goes below the +∞ mass 1 − (9/10)^k.
#[test]
fn infinite_loss_floor() {
    let pair = PairLoss::of_rows(&[q(1, 10), q(9, 10)], &[q(0, 1), q(1, 1)]);
    let c = compose(&[(pair, 2)]).unwrap();
    assert_eq!(c.inf, q(19, 100));
    assert_eq!(c.t_for_delta(&q(1, 10)).t, ExtRational::Infinite);
    assert_eq!(c.t_for_delta(&q(19, 100)).t, ExtRational::Finite(q(1, 1)));
    assert_eq!(c.delta_at_t(&q(1000, 1)).delta, q(19, 100));
    let e = c.delta_at_t(&q(1000, 1)).event;
    assert!(c.describe(&e).contains("some answer in {0}"));
}

/// Adaptive choice of the ordered pair at each use (from the answers so far), enumerated over
/// every strategy: the worst δ(t) equals the fixed-pair worst case for these mechanisms.
#[test]
fn adaptive_pair_choice_gives_nothing_more() {
    // (channel, adjacency, k)
    let cases = [
        (
            randomized_response(2, &q(3, 1)).unwrap(),
            vec![(0, 1)],
            3u32,
        ),
        (
            randomized_response(3, &q(2, 1)).unwrap(),
            crate::measure::complete_pairs(3),
            2,
        ),
        (
            truncated_geometric(3, &q(2, 1)).unwrap(),
            vec![(0, 1), (1, 2)],
            2,
        ),
    ];
    for (w, adj, k) in cases {
        let ordered: Vec<(usize, usize)> =
            adj.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        let m = w.n_outputs();
        // A strategy picks a pair for every history of length < k: Σ m^i histories.
        let histories: usize = (0..k).map(|i| m.pow(i)).sum();
        let pcs = compose_on_pairs(&[(&w, k as u64)], &adj, |_, _| {}).unwrap();
        let n_strategies = ordered.len().pow(histories as u32);
        for t in ts() {
            let fixed = worst_delta_at_t(&pcs, &t).unwrap().1.delta;
            let mut best = Rational::from(0u32);
            for s in 0..n_strategies {
                // Decode the strategy: digit h (base |ordered|) is the pair after history h.
                let choice = |h: usize| ordered[(s / ordered.len().pow(h as u32)) % ordered.len()];
                let mut delta = Rational::from(0u32);
                for o in 0..m.pow(k) {
                    let (mut p, mut r) = (Rational::ONE, Rational::ONE);
                    let (mut h, mut base) = (0usize, 0usize);
                    for i in 0..k {
                        let y = (o / m.pow(k - 1 - i)) % m;
                        let (x, xp) = choice(base + h);
                        p *= w.entry(x, y);
                        r *= w.entry(xp, y);
                        base += m.pow(i);
                        h = h * m + y;
                    }
                    let d = p - &t * r;
                    if d > 0u32 {
                        delta += d;
                    }
                }
                if delta > best {
                    best = delta;
                }
            }
            assert_eq!(best, fixed, "t = {t}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// δ is non-increasing in t; k uses are at least as bad as k − 1; ε for δ inverts δ at t.
    #[test]
    fn properties(w in channel(2, 3, 6), k in 2u64..6, a in 0u32..12, b in 0u32..12) {
        let adj = [(0usize, 1usize)];
        let pk = compose_on_pairs(&[(&w, k)], &adj, |_, _| {}).unwrap();
        let pk1 = compose_on_pairs(&[(&w, k - 1)], &adj, |_, _| {}).unwrap();
        let (lo, hi) = (a.min(b), a.max(b));
        let tlo = Rational::from_unsigneds(4 + lo, 4u32);
        let thi = Rational::from_unsigneds(4 + hi, 4u32);
        let dlo = worst_delta_at_t(&pk, &tlo).unwrap().1.delta;
        let dhi = worst_delta_at_t(&pk, &thi).unwrap().1.delta;
        prop_assert!(dhi <= dlo);
        prop_assert!(worst_delta_at_t(&pk1, &tlo).unwrap().1.delta <= dlo);
        for pc in &pk {
            let c = &pc.composed;
            let d = c.delta_at_t(&tlo).delta;
            match c.t_for_delta(&d).t {
                ExtRational::Infinite => prop_assert!(false, "finite delta at a finite t"),
                ExtRational::Finite(t) => {
                    prop_assert!(t <= tlo);
                    prop_assert_eq!(c.delta_at_t(&t).delta, d.clone());
                    if d > c.inf {
                        prop_assert_eq!(t, tlo.clone());
                    }
                }
            }
        }
    }
}
