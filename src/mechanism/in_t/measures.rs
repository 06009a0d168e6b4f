//! Issue 46, item 2: the measures of `measure::in_t` by hand on the mechanisms in t, and
//! against the rational measures of the rational mechanisms at rational points (naive
//! reference). Here, above both layers.

use super::{randomized_response, truncated_geometric};
use crate::measure::in_t::*;
use crate::measure::{self as m, complete_pairs};
use crate::num::piecewise::{Domain, Piecewise};
use crate::num::{RatFn, Rational};
use crate::prob::{Channel, Dist};
use crate::testutil::{self, q};
use proptest::prelude::*;

fn above1() -> Domain {
    Domain {
        name: "t".into(),
        lo: q(1, 1),
        lo_open: false,
        hi: None,
    }
}

/// `t > 1`: the geometric mechanism's inner entries (t − 1)/(t + 1) are 0 at t = 1, where the
/// rational DP level skips their 0/0 (not a rational function of t there).
fn past1() -> Domain {
    Domain {
        name: "t".into(),
        lo: q(1, 1),
        lo_open: true,
        hi: None,
    }
}

fn t(d: &Domain) -> Piecewise {
    Piecewise::from_ratfn(d, RatFn::x()).unwrap()
}

fn consts(d: &Domain, v: &[Rational]) -> Vec<Piecewise> {
    v.iter()
        .map(|x| Piecewise::constant(d, x.clone()))
        .collect()
}

fn rows_of(d: &Domain, w: &Channel) -> Vec<Vec<Piecewise>> {
    w.rows().iter().map(|r| consts(d, r)).collect()
}

#[test]
fn literal_table() {
    let d = above1();
    let rr3 = randomized_response(3, &t(&d)).unwrap();
    let u3 = consts(&d, Dist::uniform(3).probs());
    // the example: mult_leakage(uniform(3), rr(3, t)) = 3t/(t+2)
    assert_eq!(
        min_entropy_leakage(&d, &u3, &rr3).unwrap().to_string(),
        "(3*t) / (t + 2)"
    );
    assert_eq!(
        posterior_vulnerability(&d, &u3, &rr3).to_string(),
        "(t) / (t + 2)"
    );
    assert_eq!(
        dp_level(&d, &rr3, &complete_pairs(3)).unwrap().to_string(),
        "t"
    );
    assert_eq!(
        identifiability_level(&d, &u3, &rr3, &complete_pairs(3))
            .unwrap()
            .to_string(),
        "t"
    );
    // error probability of rr(3): 2/(t+2)
    assert_eq!(
        expected_hamming_distortion(&d, &u3, &rr3, 1, 3).to_string(),
        "(2) / (t + 2)"
    );
    // δ of rr(2, t) at e^ε = 2: (t/(t+1) − 2/(t+1))^+ = 0 up to t = 2, then (t − 2)/(t + 1)
    let rr2 = randomized_response(2, &t(&d)).unwrap();
    let two = Piecewise::constant(&d, q(2, 1));
    assert_eq!(
        delta_at(&d, &rr2, &complete_pairs(2), &two).to_string(),
        "{0 for t <= 2; (t - 2) / (t + 1) for t >= 2}"
    );
    // δ(t) of a fixed channel: rows (3/4, 1/4), (1/4, 3/4): (3 − t)/4 up to t = 3, then 0
    let bsc = testutil::channel_of(&[&[(3, 4), (1, 4)], &[(1, 4), (3, 4)]]);
    assert_eq!(
        delta_at(&d, &rows_of(&d, &bsc), &complete_pairs(2), &t(&d)).to_string(),
        "{-1/4*t + 3/4 for t <= 3; 0 for t >= 3}"
    );
    // tv of the two rows of rr(2, t): (t − 1)/(t + 1)
    assert_eq!(tv(&d, &rr2[0], &rr2[1]).to_string(), "(t - 1) / (t + 1)");
    // rows (1, 0) and (1 − 1/t, 1/t): at t = 1 a 0 faces a 0 (the ratio is skipped there, not
    // a rational function of t): an error naming t = 1, never a value that skips it
    let one = Piecewise::constant(&d, q(1, 1));
    let inv = one.div(&t(&d)).unwrap();
    let w = vec![
        vec![one.clone(), Piecewise::constant(&d, q(0, 1))],
        vec![one.sub(&inv), inv],
    ];
    let e = dp_level(&d, &w, &complete_pairs(2)).unwrap_err();
    assert!(e.0.contains("at t = 1"), "{e}");
}

fn check_at_points(
    d: &Domain,
    prior: &Dist,
    w_t: &[Vec<Piecewise>],
    at: impl Fn(&Rational) -> Channel,
) -> Result<(), TestCaseError> {
    let k = prior.len();
    let adj = complete_pairs(k);
    let p_t = consts(d, prior.probs());
    let dp = dp_level(d, w_t, &adj).unwrap();
    let id = identifiability_level(d, &p_t, w_t, &adj);
    let ml = min_entropy_leakage(d, &p_t, w_t).unwrap();
    let pv = posterior_vulnerability(d, &p_t, w_t);
    let dist = expected_hamming_distortion(d, &p_t, w_t, 1, k);
    let s = Piecewise::constant(d, q(3, 2));
    let del = delta_at(d, w_t, &adj, &s);
    let del_t = delta_at(d, w_t, &adj, &t(d));
    let tv01 = tv(d, &w_t[0], &w_t[k - 1]);
    for x in [
        q(11, 10),
        q(6, 5),
        q(3, 2),
        q(2, 1),
        q(5, 2),
        q(4, 1),
        q(9, 1),
    ] {
        let w = at(&x);
        let fin = |r: m::ExtRational| match r {
            m::ExtRational::Finite(v) => Some(v),
            m::ExtRational::Infinite => None,
        };
        prop_assert_eq!(dp.eval(&x), fin(m::dp_level(&w, &adj).ratio));
        if let Ok(id) = &id {
            prop_assert_eq!(
                id.eval(&x),
                fin(m::identifiability_level(prior, &w, &adj).ratio)
            );
        }
        prop_assert_eq!(ml.eval(&x), Some(m::min_entropy_leakage(prior, &w)));
        prop_assert_eq!(pv.eval(&x), Some(m::posterior_vulnerability(prior, &w)));
        prop_assert_eq!(
            dist.eval(&x),
            m::expected_hamming_distortion(prior, &w, 1, k)
        );
        prop_assert_eq!(del.eval(&x), Some(m::delta_at(&w, &adj, &q(3, 2)).delta));
        prop_assert_eq!(del_t.eval(&x), Some(m::delta_at(&w, &adj, &x).delta));
        prop_assert_eq!(tv01.eval(&x), Some(m::tv(&w.rows()[0], &w.rows()[k - 1])));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// rr and geometric at every size 2..4, under random priors: every measure in t equals the
    /// rational measure of the rational mechanism at rational points.
    #[test]
    fn mechanisms_agree_with_pointwise(k in 2usize..=4, prior in testutil::dist(4, 6), geo in any::<bool>()) {
        let d = past1();
        let prior = Dist::new({
            let mut p = prior[..k].to_vec();
            let s: Rational = p.iter().sum();
            if s == 0u32 { p[0] = q(1, 1); } else { for x in &mut p { *x /= &s; } }
            p
        }).unwrap();
        let w_t = if geo {
            truncated_geometric(k, &t(&d)).unwrap()
        } else {
            randomized_response(k, &t(&d)).unwrap()
        };
        check_at_points(&d, &prior, &w_t, |x| if geo {
            crate::mechanism::truncated_geometric(k, x).unwrap()
        } else {
            crate::mechanism::randomized_response(k, x).unwrap()
        })?;
    }

    /// A user channel rational in t: the mixture (1/t)·A + (1 − 1/t)·B of two channels with
    /// positive entries.
    #[test]
    fn mixtures_agree_with_pointwise(a in testutil::channel(3, 3, 5), b in testutil::channel(3, 3, 5), prior in testutil::dist(3, 4)) {
        // every entry made positive: (e + 1) / (row sum + columns)
        let pos = |c: &Channel| {
            Channel::new(
                c.rows()
                    .iter()
                    .map(|r| r.iter().map(|e| (e + q(1, 1)) / q(4, 1)).collect())
                    .collect(),
            )
            .unwrap()
        };
        let (a, b) = (pos(&a), pos(&b));
        let d = past1();
        let one = Piecewise::constant(&d, q(1, 1));
        let lam = one.div(&t(&d)).unwrap();
        let mu = one.sub(&lam);
        let w_t: Vec<Vec<Piecewise>> = (0..3).map(|x| (0..3).map(|y| {
            lam.mul(&Piecewise::constant(&d, a.entry(x, y).clone())).add(&mu.mul(&Piecewise::constant(&d, b.entry(x, y).clone())))
        }).collect()).collect();
        let prior = Dist::new(prior).unwrap();
        check_at_points(&d, &prior, &w_t, |x| {
            let l = q(1, 1) / x;
            Channel::new((0..3).map(|i| (0..3).map(|j| &l * a.entry(i, j) + (q(1, 1) - &l) * b.entry(i, j)).collect()).collect()).unwrap()
        })?;
    }
}
