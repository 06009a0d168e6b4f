//! Rényi DP, zCDP and the conversions: values worked by hand, the brute-force Rényi diameter of
//! the rows ([`crate::measure::renyi_diameter`], not the letters) as the naive reference,
//! monotonicity in α, and the conversions against the exact ε(δ) of the PLD.

use super::*;
use crate::accounting::worst::{compose_on_pairs, pair_classes, worst_t_for_delta};
use crate::measure::{renyi_diameter, ExtRational, RenyiOrder};
use crate::mechanism::{randomized_response, truncated_geometric};
use crate::prob::adjacency::complete_pairs;
use crate::prob::Channel;
use crate::testutil::{channel, q};
use proptest::prelude::*;

fn classes_of(w: &Channel, k: u64) -> Vec<Class> {
    pair_classes(&[(w, k)], &complete_pairs(w.n_inputs()))
}

fn rr(k: usize, t: i64) -> Channel {
    randomized_response(k, &Rational::from(t)).unwrap()
}

fn exact_form(r: &RdpAt) -> &LogLinear {
    match &r.value {
        Divergence::Exact(f, _) => f,
        v => panic!("expected exact, got {v:?}"),
    }
}

/// Binary randomized response at t = 3, P = (3/4, 1/4), Q = (1/4, 3/4), by hand:
/// S_2 = (9/16)/(1/4) + (1/16)/(3/4) = 9/4 + 1/12 = 7/3; S_3 = (27/64)/(1/16) + (1/64)/(9/16) =
/// 27/4 + 1/36 = 61/9; at α = 3/2, S = (3/4)^{3/2}·2 + (1/4)^{3/2}·(2/√3) = 3√3/4 + 1/(4√3) =
/// 5/(2√3), so D_{3/2} = 2·ln(5/(2√3)) = 2 ln 5 − 2 ln 2 − ln 3; 10 uses multiply by 10.
#[test]
fn binary_rr_by_hand() {
    let classes = classes_of(&rr(2, 3), 10);
    let r = rdp(&classes, &[q(2, 1), q(3, 1), q(3, 2)], u64::MAX);
    assert_eq!(*exact_form(&r[0]), LogLinear::term(&q(10, 1), &q(7, 3)));
    assert_eq!(*exact_form(&r[1]), LogLinear::term(&q(5, 1), &q(61, 9)));
    let Divergence::Enclosed(e) = &r[2].value else {
        panic!("3/2 is not an integer order")
    };
    let want = &(&LogLinear::term(&q(20, 1), &q(5, 1)) - &LogLinear::term(&q(20, 1), &q(2, 1)))
        - &LogLinear::term(&q(10, 1), &q(3, 1));
    let w = want.enclose(PREC);
    assert!(e.lo <= w.hi && w.lo <= e.hi, "{e} vs {w}");
    assert!(e.width_rational().unwrap() < q(1, 1_000_000_000));
}

/// Infinite loss: a pair with an output of `P > 0 = Q` has `D_α = +∞` and no finite ρ.
#[test]
fn infinite_loss_is_infinite() {
    let w = crate::testutil::channel_of(&[&[(1, 2), (1, 2)], &[(0, 1), (1, 1)]]);
    let classes = classes_of(&w, 3);
    for r in rdp(&classes, &[q(2, 1), q(5, 2)], u64::MAX) {
        assert!(matches!(r.value, Divergence::Infinite), "{r:?}");
    }
    assert!(matches!(zcdp(&classes, 20, 1000), Zcdp::Infinite));
}

/// The identity-free mechanism (every row equal) has D_α = 0 and ρ = 0 exactly.
#[test]
fn constant_mechanism_is_zero() {
    let w = crate::testutil::channel_of(&[&[(1, 3), (2, 3)], &[(1, 3), (2, 3)]]);
    let classes = classes_of(&w, 5);
    let r = rdp(&classes, &[q(2, 1)], u64::MAX);
    assert!(exact_form(&r[0]).is_zero());
    let Zcdp::Bounded { enclosure, .. } = zcdp(&classes, 20, 1000) else {
        panic!()
    };
    assert_eq!(
        enclosure.cmp_rational(&Rational::ZERO),
        Some(Ordering::Equal)
    );
}

/// Past the memory limit the integer order is enclosed, not exact, and the enclosure holds the
/// exact value.
#[test]
fn memory_limit_falls_back_to_the_enclosure() {
    let classes = classes_of(&rr(3, 5), 4);
    let exact = rdp(&classes, &[q(8, 1)], u64::MAX);
    let enclosed = rdp(&classes, &[q(8, 1)], 1);
    let Divergence::Enclosed(e) = &enclosed[0].value else {
        panic!("1 byte is not enough for an exact power sum")
    };
    let x = exact_form(&exact[0]).enclose(PREC);
    assert!(e.lo <= x.hi && x.lo <= e.hi);
}

/// zCDP of binary randomized response at t = 3 against a dense sweep of `D_α/α` in f64 (the
/// naive reference, evaluated from the closed form of the two-point power sum), and the
/// classical bounds KL ≤ ρ ≤ ε²/2 (Bun–Steinke 2016, Prop. 1.4; ε = ln 3).
#[test]
fn binary_rr_zcdp_against_a_sweep() {
    let Zcdp::Bounded {
        enclosure,
        converged,
        ..
    } = zcdp(&classes_of(&rr(2, 3), 1), 30, 100_000)
    else {
        panic!()
    };
    assert!(converged);
    let (p, qq) = (0.75f64, 0.25f64);
    let mut sup = 0.5 * 3f64.ln(); // KL, the limit at α → 1
    let mut a = 1.0001f64;
    while a < 60.0 {
        let s = p.powf(a) * qq.powf(1.0 - a) + qq.powf(a) * p.powf(1.0 - a);
        sup = sup.max(s.ln() / (a - 1.0) / a);
        a += 0.0005;
    }
    let (lo, hi) = (
        crate::num::fmt::to_f64(&enclosure.lo_rational().unwrap()),
        crate::num::fmt::to_f64(&enclosure.hi_rational().unwrap()),
    );
    assert!(
        lo <= sup + 1e-9 && sup <= hi + 1e-9,
        "[{lo}, {hi}] vs {sup}"
    );
    assert!(hi - lo < 1e-6 * hi);
    let eps = 3f64.ln();
    assert!(hi <= eps * eps / 2.0 && lo >= 0.5 * 3f64.ln() - 1e-12);
}

/// The conversions on 100 uses of binary randomized response at t = 3, δ = 1e-5: each is an
/// upper bound on the exact ε(δ) of the PLD, and CKS is below the classical one.
#[test]
fn conversions_bound_the_exact_eps() {
    let w = rr(2, 3);
    let classes = classes_of(&w, 100);
    let pcs = compose_on_pairs(&[(&w, 100)], &complete_pairs(2), |_, _| {}).unwrap();
    let delta = q(1, 100_000);
    let ExtRational::Finite(t) = worst_t_for_delta(&pcs, &delta).unwrap().1.t else {
        panic!()
    };
    let exact = Interval::ln_rational(&t, PREC).unwrap();
    for r in rdp(&classes, &[q(2, 1), q(4, 1), q(16, 1), q(33, 2)], u64::MAX) {
        let d = r.value.enclosure().unwrap();
        let c = eps_classical(d, &r.alpha, &delta);
        let k = eps_cks(d, &r.alpha, &delta);
        assert!(c.hi >= exact.lo && k.hi >= exact.lo, "α = {}", r.alpha);
        assert!(k.hi <= c.hi, "α = {}", r.alpha);
    }
    let Zcdp::Bounded { enclosure, .. } = zcdp(&classes, 30, 100_000) else {
        panic!()
    };
    assert!(eps_zcdp(&enclosure, &delta).hi >= exact.lo);
}

/// By hand: D = 1, α = 2, δ = e^{-3} is not rational; take δ = 1/4: classical ε = 1 + ln 4;
/// CKS ε = 1 + ln 4 + ln(1/2) − ln 2 = 1; zCDP with ρ = 1/2: 1/2 + 2√(ln 4/2) = 1/2 + 2√(ln 2).
#[test]
fn conversions_by_hand() {
    let one = Interval::from_i64(1, PREC);
    let d = q(1, 4);
    let ln4 = Interval::ln_rational(&q(4, 1), PREC).unwrap();
    let c = eps_classical(&one, &q(2, 1), &d);
    assert!(c.contains(&one.add(&ln4)) || c.hi >= one.add(&ln4).lo && c.lo <= one.add(&ln4).hi);
    let k = eps_cks(&one, &q(2, 1), &d);
    assert_eq!(k.cmp_rational(&q(1, 1)), None);
    assert!(k.lo <= 1u32 && k.hi >= 1u32 && k.width_rational().unwrap() < q(1, 1 << 40));
    let z = eps_zcdp(&Interval::from_rational(&q(1, 2), PREC), &d);
    let want = 0.5 + 2.0 * 2f64.ln().sqrt();
    let (lo, hi) = (
        crate::num::fmt::to_f64(&z.lo_rational().unwrap()),
        crate::num::fmt::to_f64(&z.hi_rational().unwrap()),
    );
    assert!(lo <= want + 1e-12 && want <= hi + 1e-12);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// At integer α the exact form equals k times the brute-force Rényi diameter of the rows.
    #[test]
    fn integer_orders_match_the_diameter(w in channel(3, 3, 7), k in 1u64..20, a in 2u64..6) {
        let r = rdp(&classes_of(&w, k), &[Rational::from(a)], u64::MAX);
        match (renyi_diameter(RenyiOrder::Int(a), &w), &r[0].value) {
            (None, Divergence::Infinite) => {}
            (Some(d), Divergence::Exact(f, _)) => {
                prop_assert_eq!(&d.scale(&Rational::from(k)), f);
            }
            (d, v) => prop_assert!(false, "{:?} vs {:?}", d, v),
        }
    }

    /// D_α is nondecreasing in α: a rational order's enclosure lies between the exact values at
    /// the integers around it.
    #[test]
    fn rational_orders_are_between_the_integers(
        t in 2i64..9, n in 2usize..5, k in 1u64..50, num in 1u64..40, a in 2u64..6,
    ) {
        let w = truncated_geometric(n, &Rational::from(t)).unwrap();
        let classes = classes_of(&w, k);
        let frac = Rational::from(a) + Rational::from_unsigneds(num, 41u64);
        let r = rdp(&classes, &[Rational::from(a), frac, Rational::from(a + 1)], u64::MAX);
        let (lo, mid, hi) = (
            r[0].value.enclosure().unwrap(),
            r[1].value.enclosure().unwrap(),
            r[2].value.enclosure().unwrap(),
        );
        prop_assert!(mid.hi >= lo.lo && mid.lo <= hi.hi);
    }

    /// ρ encloses sup D_α/α: its upper end is above D_α/α at sampled orders, and its lower end
    /// is attained (below the upper end of some evaluated order or KL); ρ ≤ ε²/2 for
    /// randomized response at t = e^ε.
    #[test]
    fn zcdp_is_above_every_order(t in 2i64..20, n in 2usize..5, k in 1u64..30) {
        let w = rr(n, t);
        let classes = classes_of(&w, k);
        let Zcdp::Bounded { enclosure, .. } = zcdp(&classes, 24, 20_000) else {
            panic!()
        };
        for a in [q(11, 10), q(3, 2), q(2, 1), q(7, 2), q(10, 1), q(100, 1)] {
            let d = rdp(&classes, std::slice::from_ref(&a), u64::MAX);
            let v = d[0].value.enclosure().unwrap().mul_rational(&(Rational::ONE / &a));
            prop_assert!(enclosure.hi >= v.lo, "α = {}", a);
        }
        let eps = Interval::ln_rational(&Rational::from(t), PREC).unwrap();
        let bound = eps.mul(&eps).mul_rational(&Rational::from(k)).mul_rational(&q(1, 2));
        prop_assert!(enclosure.lo <= bound.hi);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    /// The chord bound is sound where the maximum is interior: on Poisson-subsampled random
    /// channels (positive entries, so every order is finite) ρ's upper end is above the
    /// certified `D_α/α` at forty orders from 21/20 to 400, and its lower end below the largest.
    #[test]
    fn zcdp_chord_bound_is_sound(w in channel(3, 3, 7), num in 1u64..10, k in 1u64..200) {
        use crate::accounting::subsample::Plan;
        use crate::params::Subsample;
        use crate::prob::Adjacency;
        prop_assume!(w.rows().iter().flatten().all(|x| *x > 0u32));
        let plan = Plan::new(&Subsample::Poisson(Rational::from_unsigneds(num, 10u64)), &Adjacency::complete(3));
        let ws = plan.apply(&w);
        let classes = pair_classes(&[(&ws, k)], &plan.adjacency.pairs);
        let Zcdp::Bounded { enclosure, converged, .. } = zcdp(&classes, 40, 20_000) else {
            panic!()
        };
        prop_assert!(converged);
        let orders: Vec<Rational> = (0..40u64)
            .map(|i| Rational::from_unsigneds(21u64, 20u64) * Rational::from_unsigneds(17u64, 16u64).pow(i * 2))
            .collect();
        for r in rdp(&classes, &orders, 0) {
            let v = r.value.enclosure().unwrap().mul_rational(&(Rational::ONE / &r.alpha));
            prop_assert!(enclosure.hi >= v.lo, "α = {}: {} below {}", r.alpha, enclosure, v);
        }
    }
}
