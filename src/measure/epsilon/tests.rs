//! Tests of speaking ε: δ at ε and ε for δ against naive references (every pair, every breakpoint)
//! and literal tables, and the many-pair searches against pair-by-pair.

use super::for_delta::pair_t_for_delta;
use super::*;
use crate::measure::delta_at;
use crate::measure::ExtRational;
use crate::num::Natural;
use malachite::base::num::arithmetic::traits::Pow;

/// Reference for [`eps_for_delta`] on one rational candidate: is `w` (ln t, δ)-DP?
fn is_eps_delta_dp(w: &Channel, adj: &[(usize, usize)], t: &Rational, delta: &Rational) -> bool {
    delta_at(w, adj, t).delta <= *delta
}
use crate::measure::complete_pairs;
use proptest::prelude::*;

use crate::testutil::q;

use crate::testutil::channel_of as ch;

/// Binary randomized response with t = 2: δ(ε) = (2/3 − e^ε/3)^+.
#[test]
fn literal_table() {
    let rr = ch(&[&[(2, 3), (1, 3)], &[(1, 3), (2, 3)]]);
    let adj = complete_pairs(2);
    let d = delta_at_eps(&rr, &adj, &q(1, 2)).unwrap();
    assert_eq!((d.a.clone(), d.b.clone()), (q(2, 3), q(1, 3)));
    assert_eq!(d.to_string(), "2/3 - 1/3·e^(1/2)");
    // 2/3 − e^{1/2}/3 = 0.117092...
    assert_eq!(
        d.enclose(128).cmp_rational(&q(1170, 10000)),
        Some(Ordering::Greater)
    );
    assert_eq!(
        d.enclose(128).cmp_rational(&q(1171, 10000)),
        Some(Ordering::Less)
    );
    let d = delta_at_eps(&rr, &adj, &q(1, 1)).unwrap(); // e > 2
    assert_eq!(d.rational(), Some(q(0, 1)));
    let d = delta_at_eps(&rr, &adj, &q(0, 1)).unwrap(); // TV
    assert_eq!(d.rational(), Some(q(1, 3)));
    let e = eps_for_delta(&rr, &adj, &q(1, 6));
    assert_eq!(e.t, ExtRational::Finite(q(3, 2)));
    assert_eq!(
        eps_for_delta(&rr, &adj, &q(0, 1)).t,
        ExtRational::Finite(q(2, 1))
    );
    // Both orientations bind at t = 2: the first, (0, 1), is reported.
    assert_eq!(eps_for_delta(&rr, &adj, &q(0, 1)).pair, (0, 1));
    assert_eq!(
        eps_for_delta(&rr, &adj, &q(1, 2)).t,
        ExtRational::Finite(q(1, 1))
    );
    // A zero facing mass 1/10: no finite ε below δ = 1/10.
    let z = ch(&[&[(1, 10), (9, 10)], &[(0, 1), (1, 1)]]);
    let adj = complete_pairs(2);
    assert_eq!(eps_for_delta(&z, &adj, &q(1, 20)).t, ExtRational::Infinite);
    assert_eq!(
        eps_for_delta(&z, &adj, &q(1, 10)).t,
        ExtRational::Finite(q(1, 1))
    );
    assert_eq!(cmp_with_exp(&q(2718, 1000), &q(1, 1)), Ok(Ordering::Less));
    assert_eq!(
        cmp_with_exp(&q(2719, 1000), &q(1, 1)),
        Ok(Ordering::Greater)
    );
    assert_eq!(cmp_with_exp(&q(1, 1), &q(0, 1)), Ok(Ordering::Equal));
    // `greater` is strict: equal forms are not greater (ties keep the first witness);
    // with B1 ≠ B2 it compares A1 − B1·e with A2 − B2·e at e = 2.718…
    let e = ExpEps::new(&q(1, 1));
    let (one, two, three) = (q(1, 1), q(2, 1), q(3, 1));
    assert_eq!(e.greater((&one, &one), (&one, &one)), Ok(false));
    assert_eq!(e.greater((&two, &one), (&one, &one)), Ok(true));
    assert_eq!(e.greater((&three, &one), (&one, &q(0, 1))), Ok(false)); // 3 − e < 1
    assert_eq!(e.greater((&one, &q(0, 1)), (&three, &one)), Ok(true));
    assert_eq!(e.greater((&three, &q(0, 1)), (&three, &one)), Ok(true)); // 3 > 3 − e
                                                                         // The message of an unseparated comparison names the ratio and ε.
    let u = Unseparated {
        ratio: q(2718, 1000),
        eps: q(1, 1),
    };
    assert_eq!(
        u.to_string(),
        "could not separate 1359/500 from e^1 with 65536-bit enclosures"
    );
}

/// Issue 26 (mutants that survived the module's tests): the exact sign, the enclosure's
/// clipping and the display of `A − B·e^ε`, literal values by hand; `e = 2.71828…`.
#[test]
fn exact_form_sign_enclosure_display() {
    let form = |a: Rational, b: Rational, eps: Rational| DeltaAtEps {
        eps,
        a,
        b,
        pair: (0, 1),
        event: vec![0],
    };
    // (A, B, ε, sign of A − B·e^ε): B > 0, B < 0 (A/B and A·B on the wrong side of e),
    // and the rational cases B = 0 and ε = 0.
    for (a, b, eps, sign) in [
        (q(3, 1), q(1, 1), q(1, 1), Ordering::Greater), // 3 − e
        (q(3, 1), q(2, 1), q(1, 1), Ordering::Less),    // 3 − 2e
        (q(-3, 1), q(-2, 1), q(1, 1), Ordering::Greater), // −3 + 2e
        (q(-3, 1), q(-1, 1), q(1, 1), Ordering::Less),  // −3 + e
        (q(1, 4), q(0, 1), q(1, 1), Ordering::Greater),
        (q(1, 4), q(1, 4), q(0, 1), Ordering::Equal),
    ] {
        let f = form(a.clone(), b.clone(), eps);
        assert_eq!(f.signum(), Ok(sign), "{a} - {b}·e");
        // The enclosure has that sign and contains no point of the other.
        let i = f.enclose(64);
        match sign {
            Ordering::Greater => assert!(i.lo_rational().unwrap() > 0u32, "{a} - {b}·e"),
            Ordering::Less => assert!(i.hi_rational().unwrap() < 0u32, "{a} - {b}·e"),
            Ordering::Equal => assert!(i.contains_rational(&Rational::ZERO)),
        }
    }
    // −3 + 2e = 2.43656…: the enclosure of a B < 0 form is not clipped to A = −3.
    let i = form(q(-3, 1), q(-2, 1), q(1, 1)).enclose(64);
    let (lo, hi) = (i.lo_rational().unwrap(), i.hi_rational().unwrap());
    assert!(
        q(2436, 1000) < lo && lo <= hi && hi < q(2437, 1000),
        "[{lo}, {hi}]"
    );
    // B = 10^-100 > 0: A − B·e is below A = 1/3, and the enclosure's upper end is at most
    // A's own upper end at that precision (a float cannot be 1/3 itself).
    let tiny = crate::num::parse_rational(&format!("1/1{}", "0".repeat(100))).unwrap();
    let i = form(q(1, 3), tiny, q(1, 1)).enclose(64);
    let a_hi = Interval::from_rational(&q(1, 3), 64).hi_rational().unwrap();
    assert!(i.hi_rational().unwrap() <= a_hi);
    assert!(i.lo_rational().unwrap() < q(1, 3));
    // Display: an integer ε without brackets, a fraction with them.
    assert_eq!(form(q(2, 3), q(1, 3), q(1, 1)).to_string(), "2/3 - 1/3·e^1");
    assert_eq!(
        form(q(2, 3), q(1, 3), q(1, 2)).to_string(),
        "2/3 - 1/3·e^(1/2)"
    );
    // greater_at_eps is ExpEps::greater at ε: 3 − e > 1 − 0 is false, 1 > 3 − e true.
    let (one, three, zero) = (q(1, 1), q(3, 1), q(0, 1));
    assert_eq!(
        greater_at_eps((&three, &one), (&one, &zero), &one),
        Ok(false)
    );
    assert_eq!(
        greater_at_eps((&one, &zero), (&three, &one), &one),
        Ok(true)
    );
}

/// [`pair_t_for_delta`] by hand: P = (1/2, 1/2, 0), Q = (1/8, 3/8, 1/2), breakpoints 4 and
/// 4/3: `Σ (P − tQ)^+` is 1 − t/2 on [1, 4/3], 1/2 − t/8 on [4/3, 4], 0 above 4.
#[test]
fn pair_t_for_delta_by_hand() {
    let p = [q(1, 2), q(1, 2), q(0, 1)];
    let r = [q(1, 8), q(3, 8), q(1, 2)];
    for (delta, t) in [
        (q(0, 1), q(4, 1)),
        (q(1, 4), q(2, 1)),
        (q(1, 3), q(4, 3)), // exactly at the breakpoint
        (q(2, 5), q(6, 5)), // on the first piece: 1 − t/2 = 2/5
        (q(1, 2), q(1, 1)),
        (q(1, 1), q(1, 1)),
    ] {
        assert_eq!(
            pair_t_for_delta(&p, &r, &delta),
            ExtRational::Finite(t),
            "δ = {delta}"
        );
    }
    // Reversed, Q(2) = 1/2 faces P(2) = 0: mass 1/2 no finite t removes.
    assert_eq!(pair_t_for_delta(&r, &p, &q(1, 4)), ExtRational::Infinite);
    assert_eq!(
        pair_t_for_delta(&r, &p, &q(1, 2)),
        ExtRational::Finite(q(1, 1))
    );
}

/// Issue 26: rows whose likelihood ratio is within 2^-490 of e^ε. δ(1) = (r − e)/4 is
/// positive but invisible at 256 bits; the enclosure used to be [-1e-12, 1e-12].
#[test]
fn delta_just_above_zero_is_not_enclosed_below_zero() {
    let e_hi = Interval::exp_rational(&q(1, 1), 500).hi_rational().unwrap();
    let e_lo = Interval::exp_rational(&q(1, 1), 500).lo_rational().unwrap();
    let quarter = q(1, 4);
    let rows = |r: &Rational| {
        Channel::new(vec![
            vec![r * &quarter, Rational::ONE - r * &quarter],
            vec![quarter.clone(), q(3, 4)],
        ])
        .unwrap()
    };
    let adj = complete_pairs(2);
    let d = delta_at_eps(&rows(&e_hi), &adj, &q(1, 1)).unwrap();
    assert_eq!((d.pair, d.event.clone()), ((0, 1), vec![0]));
    assert_eq!(d.signum(), Ok(Ordering::Greater));
    for prec in [64, 128, 256] {
        let i = d.enclose(prec);
        assert!(i.lo_rational().unwrap() >= 0u32, "{prec}: {i}");
        // The true value is below 2^-490 / 4: the upper end is above it.
        assert!(i.hi_rational().unwrap() > 0u32, "{prec}: {i}");
        assert!(i.hi_rational().unwrap() <= d.a, "{prec}: {i}");
    }
    // Just below e the event is empty and δ is exactly 0.
    let d = delta_at_eps(&rows(&e_lo), &adj, &q(1, 1)).unwrap();
    assert_eq!(d.rational(), Some(q(0, 1)));
    assert_eq!(d.enclose(64).signum(), Some(Ordering::Equal));
    // A form that is negative (not a maximum over events) is clipped the other way.
    let neg = DeltaAtEps {
        eps: q(1, 1),
        a: &e_lo * &quarter,
        b: quarter.clone(),
        pair: (0, 1),
        event: vec![0],
    };
    assert_eq!(neg.signum(), Ok(Ordering::Less));
    assert!(neg.enclose(128).hi_rational().unwrap() <= 0u32);
}

/// A row whose denominators overflow `u64` when combined takes the rational path; the
/// scan equals the pair-by-pair [`delta_at_eps`], witness and event included.
#[test]
fn scan_with_big_denominators() {
    let big = (1u64 << 40) + 1;
    let (u, v) = (
        Rational::from_unsigneds(1, big),
        Rational::from_unsigneds(1, big + 2),
    );
    let w = Channel::new(vec![
        vec![u.clone(), v.clone(), Rational::ONE - &u - &v],
        vec![q(1, 3), q(1, 3), q(1, 3)],
        vec![q(1, 2), q(0, 1), q(1, 2)],
    ])
    .unwrap();
    let adj = complete_pairs(3);
    let scan = PairScan::new(&w);
    assert!(scan.ints[0].is_none() && scan.ints[1].is_some());
    for eps in [q(0, 1), q(1, 2), q(3, 1)] {
        assert_eq!(
            scan.at_eps(&eps).unwrap().delta(&adj).unwrap(),
            delta_at_eps(&w, &adj, &eps).unwrap()
        );
    }
    assert_eq!(
        scan.at_eps(&q(1, 1)).unwrap().delta(&[]).unwrap(),
        delta_at_eps(&w, &[], &q(1, 1)).unwrap()
    );
}

/// The reference for [`DeltaSearch`]: every ordered pair's exact walk, the first largest.
fn eps_for_delta_pair_by_pair(
    w: &Channel,
    adj: &[(usize, usize)],
    delta: &Rational,
) -> (ExtRational, (usize, usize), usize) {
    let (mut best, mut pair, mut records) = (ExtRational::Finite(Rational::ONE), (0, 0), 0);
    for (x, xp) in ordered_pairs(adj) {
        let t = pair_t_for_delta(&w.rows()[x], &w.rows()[xp], delta);
        if t > best {
            (best, pair, records) = (t, (x, xp), records + 1);
        }
    }
    (best, pair, records)
}

/// `w` mixed with the uniform row at weight `1/(10^30 + 7)`: the same shape of ratios with
/// 30-digit denominators, so that the `u128` test overflows and the `Natural` one runs.
fn widened(w: &Channel) -> Channel {
    let h = Rational::from_naturals(
        Natural::ONE,
        Natural::from(10u32).pow(30u64) + Natural::from(7u32),
    );
    let k = Rational::from(w.n_outputs());
    let rows = w
        .rows()
        .iter()
        .map(|r| {
            r.iter()
                .map(|a| a * (Rational::ONE - &h) + &h / &k)
                .collect()
        })
        .collect();
    Channel::new(rows).unwrap()
}

/// Issue 42 item 10: the pruned search walks the breakpoints of exactly the pairs that beat
/// every earlier pair (it walked every pair: 7.7× a plain audit on 256 × 256).
#[test]
fn delta_search_walks_only_the_records() {
    // The truncated geometric shape (2^-|x-y|, normalised) on 12 inputs: along x = 0 every
    // x' is a record; afterwards none is.
    let n = 12;
    let rows: Vec<Vec<Rational>> = (0..n)
        .map(|x: usize| {
            let r: Vec<Rational> = (0..n)
                .map(|y: usize| Rational::from_unsigneds(1u64, 1u64 << x.abs_diff(y)))
                .collect();
            let s: Rational = r.iter().sum();
            r.iter().map(|a| a / &s).collect()
        })
        .collect();
    let w = Channel::new(rows).unwrap();
    let adj = complete_pairs(n);
    for w in [w.clone(), widened(&w)] {
        for delta in [q(0, 1), q(1, 100_000), q(1, 10), q(1, 1)] {
            let search = DeltaSearch::new(&w, &delta);
            let got = search.scan(&adj, None);
            let (t, pair, records) = eps_for_delta_pair_by_pair(&w, &adj, &delta);
            assert_eq!((got.t, got.pair), (t, pair), "δ = {delta}");
            assert_eq!(search.walks.get(), records, "δ = {delta}");
            assert!(records < n, "δ = {delta}: {records} records");
        }
    }
}

fn channel() -> impl Strategy<Value = Channel> {
    (2usize..4, 2usize..4).prop_flat_map(|(n, k)| {
        proptest::collection::vec(proptest::collection::vec(0u32..6, k), n).prop_filter_map(
            "rows with mass",
            |rows| {
                if rows.iter().any(|r| r.iter().all(|&c| c == 0)) {
                    return None;
                }
                let rows = rows
                    .iter()
                    .map(|r| {
                        let s: u32 = r.iter().sum();
                        r.iter().map(|&c| Rational::from_unsigneds(c, s)).collect()
                    })
                    .collect();
                Channel::new(rows).ok()
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The column-sort scan equals the pair-by-pair reference [`delta_at_eps`] (value,
    /// first attaining pair, event) on complete and partial adjacencies.
    #[test]
    fn scan_equals_pair_by_pair(w in channel(), e in 0u32..12, partial in any::<bool>()) {
        let n = w.n_inputs();
        let adj: Vec<(usize, usize)> = if partial {
            (1..n).map(|b| (b - 1, b)).collect()
        } else {
            complete_pairs(n)
        };
        let eps = Rational::from_unsigneds(e, 4u32);
        let scan = PairScan::new(&w);
        prop_assert_eq!(
            scan.at_eps(&eps).unwrap().delta(&adj).unwrap(),
            delta_at_eps(&w, &adj, &eps).unwrap()
        );
    }

    /// δ at e^ε lies between δ at the rational ends of an enclosure of e^ε (δ(t) is
    /// non-increasing), computed by the independent rational [`delta_at`].
    #[test]
    fn delta_at_eps_is_bracketed_by_rational_t(w in channel(), num in 0u32..40) {
        let eps = Rational::from_unsigneds(num, 10);
        let adj = complete_pairs(w.n_inputs());
        let d = delta_at_eps(&w, &adj, &eps).unwrap();
        let s = Interval::exp_rational(&eps, 256);
        let (lo, hi) = (s.lo_rational().unwrap(), s.hi_rational().unwrap());
        let upper = delta_at(&w, &adj, &lo).delta;
        let lower = delta_at(&w, &adj, &hi).delta;
        let e = d.enclose(256);
        prop_assert!(e.lo_rational().unwrap() <= upper);
        prop_assert!(e.hi_rational().unwrap() >= lower);
        // Issue 26: inside the trivial bounds, and on the side of 0 the exact sign says.
        prop_assert!(e.lo_rational().unwrap() >= 0u32 && e.hi_rational().unwrap() <= 1u32, "{}", e);
        match d.signum().unwrap() {
            Ordering::Equal => prop_assert_eq!(e.signum(), Some(Ordering::Equal)),
            Ordering::Greater => prop_assert!(upper > 0u32),
            Ordering::Less => prop_assert!(false, "a maximum over events is >= 0: {}", d),
        }
    }

    /// [`DeltaSearch`] equals the pair-by-pair walk (value and first binding pair), on
    /// small and 30-digit denominators (the `u128` and `Natural` tests), complete and
    /// partial adjacencies, in one scan or in two steps carrying the best.
    #[test]
    fn delta_search_equals_pair_by_pair(
        w in channel(), num in 0u32..20, wide in any::<bool>(), partial in any::<bool>(),
        cut in 0usize..4,
    ) {
        let w = if wide { widened(&w) } else { w };
        let n = w.n_inputs();
        let adj: Vec<(usize, usize)> = if partial {
            (1..n).map(|b| (b - 1, b)).collect()
        } else {
            complete_pairs(n)
        };
        let delta = Rational::from_unsigneds(num, 20);
        let (t, pair, _) = eps_for_delta_pair_by_pair(&w, &adj, &delta);
        let search = DeltaSearch::new(&w, &delta);
        let one = search.scan(&adj, None);
        prop_assert_eq!((&one.t, one.pair), (&t, pair));
        let cut = cut.min(adj.len());
        let first = search.scan(&adj[..cut], None);
        let two = search.scan(&adj[cut..], Some(first));
        prop_assert_eq!(two, one);
    }

    /// The smallest t is feasible and nothing below it is (checked by [`delta_at`]).
    #[test]
    fn eps_for_delta_is_the_smallest(w in channel(), num in 0u32..20) {
        let delta = Rational::from_unsigneds(num, 20);
        let adj = complete_pairs(w.n_inputs());
        match eps_for_delta(&w, &adj, &delta).t {
            ExtRational::Infinite => {
                prop_assert!(!is_eps_delta_dp(&w, &adj, &Rational::from(1_000_000u32), &delta));
            }
            ExtRational::Finite(t) => {
                prop_assert!(t >= 1u32);
                prop_assert!(is_eps_delta_dp(&w, &adj, &t, &delta));
                if t > 1u32 {
                    let below = &t - (&t - Rational::ONE) / Rational::from(1000u32);
                    prop_assert!(!is_eps_delta_dp(&w, &adj, &below, &delta));
                }
            }
        }
    }
}
