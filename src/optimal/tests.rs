//! The optimal mechanism's tests: by-hand optima, the re-checks, the remaps.

use super::*;
use crate::testutil::q;
use proptest::prelude::*;

fn dist(v: &[(i64, i64)]) -> Dist {
    Dist::new(v.iter().map(|&(a, b)| q(a, b)).collect()).unwrap()
}

/// Issue 29's example: a 5-input path at e^ε = 2, prior (1/2, 1/4, 1/8, 1/16, 1/16), the
/// identity gain: 25/48, attained by the truncated geometric mechanism.
#[test]
fn path_five_identity_gain() {
    let g = Graph::path(5);
    let prior = dist(&[(1, 2), (1, 4), (1, 8), (1, 16), (1, 16)]);
    let o = optimal(&Problem {
        graph: &g,
        t: T::new(q(2, 1)).unwrap(),
        prior: prior.clone(),
        objective: Objective::identity_gain(5),
    })
    .unwrap();
    assert_eq!(o.value, q(25, 48));
    assert!(o.level.at_most(&q(2, 1)));
    let geo = &o.comparisons[0];
    assert_eq!(geo.name, "truncated geometric mechanism");
    assert_eq!(geo.gap, Some(q(0, 1)));
    assert!(geo
        .sentence("gain")
        .starts_with("the optimum is attained by"));
    // The prior is not symmetric under the reflection: the full LP.
    assert!(matches!(o.method, Method::Full { .. }));
}

/// Literal table: uniform prior on K_k with the identity gain is randomized response's
/// t/(t + k − 1) (AACP Thm 6.2 with n_0 = 1, n_1 = k − 1), found by the orbit reduction.
#[test]
fn complete_graph_uniform_is_randomized_response() {
    for (k, t, v) in [
        (2, q(3, 1), q(3, 4)),
        (3, q(2, 1), q(1, 2)),
        (4, q(5, 2), q(5, 11)),
    ] {
        let g = Graph::complete(k);
        let o = optimal(&Problem {
            graph: &g,
            t: T::new(t).unwrap(),
            prior: Dist::uniform(k),
            objective: Objective::identity_gain(k),
        })
        .unwrap();
        assert_eq!(o.value, v, "K{k}");
        assert!(matches!(o.method, Method::Reduced { .. }), "K{k}");
        let rr = o
            .comparisons
            .iter()
            .find(|c| c.name == "randomized response")
            .unwrap();
        assert_eq!(rr.gap, Some(q(0, 1)));
    }
}

/// A loss, minimised: the abs loss on P3 at t = 2 with a uniform prior. Below the truncated
/// geometric mechanism's expected loss or equal to it (GRS: it is optimal after remapping,
/// which for abs loss and a uniform prior on P3 needs none).
#[test]
fn abs_loss_on_a_path_is_at_most_geometric() {
    let g = Graph::path(3);
    let o = optimal(&Problem {
        graph: &g,
        t: T::new(q(2, 1)).unwrap(),
        prior: Dist::uniform(3),
        objective: Objective::abs_loss(3),
    })
    .unwrap();
    let geo = &o.comparisons[0];
    assert!(geo.gap.as_ref().unwrap() >= &q(0, 1));
    assert_eq!(
        Objective::abs_loss(3).expected(&Dist::uniform(3), &o.mechanism),
        o.value
    );
}

/// Issue 42 item 14, Ghosh–Roughgarden–Sundararajan (STOC 2009, Thm 1.2): on a count query
/// (the path, the truncated geometric mechanism) the geometric mechanism followed by its
/// best remap attains the optimum for any prior and a loss non-decreasing in |y − x|. The
/// remapped value is compared with the LP optimum, for several sizes, levels and priors.
#[test]
fn remapped_geometric_attains_the_optimum_on_a_path() {
    let mut raw_gaps = 0;
    for (k, t) in [
        (3, q(2, 1)),
        (4, q(3, 2)),
        (5, q(2, 1)),
        (6, q(3, 1)),
        (7, q(5, 4)),
    ] {
        // π(x) ∝ (x + 1)²: no symmetry, so the full LP.
        let s: i64 = (1..=k as i64).map(|i| i * i).sum();
        let skewed = dist(&(1..=k as i64).map(|i| (i * i, s)).collect::<Vec<_>>());
        for prior in [Dist::uniform(k), skewed] {
            let g = Graph::path(k);
            let o = optimal(&Problem {
                graph: &g,
                t: T::new(t.clone()).unwrap(),
                prior,
                objective: Objective::abs_loss(k),
            })
            .unwrap();
            let geo = o
                .comparisons
                .iter()
                .find(|c| c.name == "truncated geometric mechanism")
                .unwrap();
            let Some(BestRemap::Found(r)) = &geo.remap else {
                panic!("k = {k}: {:?}", geo.remap)
            };
            assert_eq!(r.value, o.value, "k = {k}, t = {t}");
            assert_eq!(r.gap, q(0, 1));
            if *geo.gap.as_ref().unwrap() > 0u32 {
                raw_gaps += 1;
                assert!(geo.sentence("loss").contains("it attains the optimum"));
            }
        }
    }
    // The raw mechanism is beaten in some of these cases: the remap is what closes the gap.
    assert!(raw_gaps > 0);
}

/// The remap does not always reach the optimum: randomized response on a path with the
/// abs loss (its outputs carry no notion of distance) stays above it after remapping.
#[test]
fn remapped_randomized_response_on_a_path_stays_above() {
    let k = 5;
    let g = Graph::path(k);
    let o = optimal(&Problem {
        graph: &g,
        t: T::new(q(2, 1)).unwrap(),
        prior: Dist::uniform(k),
        objective: Objective::abs_loss(k),
    })
    .unwrap();
    let rr = o
        .comparisons
        .iter()
        .find(|c| c.name == "randomized response")
        .unwrap();
    let Some(BestRemap::Found(r)) = &rr.remap else {
        panic!("{:?}", rr.remap)
    };
    assert!(r.gap > 0u32, "{r:?}");
    assert!(r.value <= *rr.value.as_ref().unwrap());
    assert!(rr.sentence("loss").contains("still"));
    // Off the path: AACP's mechanism on the 5-cycle (abs loss on the indices), remapped,
    // stays above the optimum too.
    let g = Graph::cycle(5);
    let o = optimal(&Problem {
        graph: &g,
        t: T::new(q(2, 1)).unwrap(),
        prior: Dist::uniform(5),
        objective: Objective::abs_loss(5),
    })
    .unwrap();
    let aacp = o
        .comparisons
        .iter()
        .find(|c| c.name.contains("AACP"))
        .unwrap();
    let Some(BestRemap::Found(r)) = &aacp.remap else {
        panic!("{:?}", aacp.remap)
    };
    assert!(
        r.gap > 0u32 && r.value < *aacp.value.as_ref().unwrap(),
        "{r:?}"
    );
}

/// Naive reference for [`best_remap`]: every deterministic remap of the `k` outputs (an
/// optimal LP vertex is one), and the remap LP solved by the exact solver.
fn remap_by_enumeration(obj: &Objective, prior: &Dist, w: &Channel) -> Rational {
    let k = w.n_outputs();
    let mut best: Option<Rational> = None;
    for code in 0..k.pow(k as u32) {
        let map: Vec<usize> = (0..k).map(|y| (code / k.pow(y as u32)) % k).collect();
        let rows = w
            .rows()
            .iter()
            .map(|r| {
                let mut out = vec![q(0, 1); k];
                for (y, a) in r.iter().enumerate() {
                    out[map[y]] += a;
                }
                out
            })
            .collect();
        let v = obj.expected(prior, &Channel::new(rows).unwrap());
        best = Some(match (best, obj) {
            (None, _) => v,
            (Some(b), Objective::Loss(_)) => b.min(v),
            (Some(b), Objective::Gain(_)) => b.max(v),
        });
    }
    best.unwrap()
}

fn remap_by_lp(obj: &Objective, prior: &Dist, w: &Channel) -> Rational {
    let k = w.n_outputs();
    let m = obj.matrix();
    let mut model = lp::Model::new(obj.sense());
    let mut costs = Vec::new();
    for y in 0..k {
        let vars: Vec<lp::Var> = (0..k).map(|z| model.add_var(format!("r{y}_{z}"))).collect();
        for (z, v) in vars.iter().enumerate() {
            let c: Rational = (0..w.n_inputs())
                .map(|x| prior.p(x) * &w.rows()[x][y] * &m[z][x])
                .sum();
            costs.push((*v, c));
        }
        let ones: Vec<_> = vars.iter().map(|v| (*v, q(1, 1))).collect();
        model.add_row(&ones, lp::Cmp::Eq, q(1, 1));
    }
    model.set_objective(&costs);
    lp::solve(&model, &lp::Options::default())
        .unwrap()
        .value()
        .unwrap()
        .clone()
}

#[test]
fn bad_problems_are_errors() {
    let g = Graph::path(3);
    let base = Problem {
        graph: &g,
        t: T::new(q(2, 1)).unwrap(),
        prior: Dist::uniform(3),
        objective: Objective::identity_gain(3),
    };
    let e = |p: Problem| optimal(&p).unwrap_err();
    assert!(matches!(
        e(Problem {
            prior: Dist::uniform(2),
            ..base.clone()
        }),
        OptimalError::PriorLength { len: 2, .. }
    ));
    assert!(matches!(
        e(Problem {
            objective: Objective::identity_gain(2),
            ..base.clone()
        }),
        OptimalError::ObjectiveShape { rows: 2, .. }
    ));
}

/// Naive reference: on two vertices (one edge) every ε-DP channel is a convex combination of
/// the extreme points of the 2×2 ε-DP polytope; the optimum of a linear objective is at one
/// of them. The extreme points with W(0|0) = a, W(0|1) = b: (a, b) ∈ {(0,0), (1,1),
/// (t/(t+1), 1/(t+1)), (1/(t+1), t/(t+1))}.
fn two_point_reference(t: &Rational, pi: &Dist, obj: &Objective) -> Rational {
    let one = Rational::from(1u32);
    let s = &one + t;
    let pts = [
        (q(0, 1), q(0, 1)),
        (q(1, 1), q(1, 1)),
        (t / &s, &one / &s),
        (&one / &s, t / &s),
    ];
    let vals = pts.iter().map(|(a, b)| {
        let w = Channel::new(vec![vec![a.clone(), &one - a], vec![b.clone(), &one - b]]).unwrap();
        obj.expected(pi, &w)
    });
    match obj {
        Objective::Loss(_) => vals.min().unwrap(),
        Objective::Gain(_) => vals.max().unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// [`best_remap`] equals the best of every deterministic remap and the remap LP
    /// solved by the exact solver, for losses and gains of any sign.
    #[test]
    fn best_remap_matches_enumeration_and_the_lp(
        w in crate::testutil::channel(3, 3, 5),
        pi in crate::testutil::dist(3, 4),
        ms in proptest::collection::vec(-3i64..5, 9),
        gain in any::<bool>(),
    ) {
        let prior = Dist::new(pi).unwrap();
        let m: Vec<Vec<Rational>> = ms.chunks(3).map(|r| r.iter().map(|&a| q(a, 2)).collect()).collect();
        let obj = if gain { Objective::Gain(m) } else { Objective::Loss(m) };
        let Ok((map, value, _)) = best_remap(&obj, &prior, &w).unwrap() else {
            panic!("a 3 × 3 remap is within the work limit")
        };
        prop_assert_eq!(map.len(), 3);
        prop_assert_eq!(&value, &remap_by_enumeration(&obj, &prior, &w));
        prop_assert_eq!(&value, &remap_by_lp(&obj, &prior, &w));
    }

    #[test]
    fn two_vertices_match_the_extreme_points(
        tn in 1i64..9, td in 1i64..5, a in 1i64..9, gs in proptest::collection::vec(-3i64..4, 4),
        gain in any::<bool>(),
    ) {
        let t = q(tn + td, td);
        let pi = dist(&[(a, a + 3), (3, a + 3)]);
        let m = vec![vec![q(gs[0], 1), q(gs[1], 1)], vec![q(gs[2], 1), q(gs[3], 1)]];
        let obj = if gain { Objective::Gain(m) } else { Objective::Loss(m) };
        let g = Graph::path(2);
        let o = optimal(&Problem { graph: &g, t: T::new(t.clone()).unwrap(), prior: pi.clone(), objective: obj.clone() }).unwrap();
        prop_assert_eq!(&o.value, &two_point_reference(&t, &pi, &obj));
        prop_assert!(o.level.at_most(&t));
        // No named mechanism beats the optimum.
        for c in &o.comparisons {
            if let Some(gap) = &c.gap { prop_assert!(*gap >= 0u32); }
        }
    }
}

/// Row generation from [`initial_rows`] (issue 42 item 9, used from [`ROW_GENERATION_FROM`]
/// rows) against the full channel LP solved directly (the naive reference) on small graphs
/// with priors ∝ 1..k (no symmetry keeps them), for a gain and for losses: the same optimum,
/// and the answer's certificate is one of the full model ([`lp::solve_lazy`] checks it there).
#[test]
fn row_generation_agrees_with_the_full_lp() {
    let cases = [
        (
            Graph::hamming(3, 2),
            q(2, 1),
            Some(Objective::hamming_loss(3, 2)),
        ),
        (
            Graph::hamming(2, 3),
            q(3, 2),
            Some(Objective::hamming_loss(2, 3)),
        ),
        (Graph::cycle(6), q(2, 1), None),
        (Graph::path(5), q(3, 1), None),
    ];
    for (g, t, hamming) in cases {
        let k = g.n();
        let total = i64::try_from(k * (k + 1) / 2).unwrap();
        let prior = Dist::new((1..=k).map(|i| q(i as i64, total)).collect()).unwrap();
        let objectives = [Objective::identity_gain(k), Objective::abs_loss(k)];
        for objective in objectives.into_iter().chain(hamming.clone()) {
            let m = objective.matrix();
            let lp = ChannelLp {
                adjacency: (0..k).map(|v| g.neighbours(v).to_vec()).collect(),
                t: t.clone(),
                sense: objective.sense(),
                weights: (0..k)
                    .map(|x| (0..k).map(|y| prior.p(x) * &m[y][x]).collect())
                    .collect(),
            };
            let model = lp.model();
            let direct = lp::solve(&model, &lp::Options::default())
                .unwrap()
                .certificate;
            let (lazy, _) =
                lp::solve_lazy(&model, &initial_rows(&g, &lp), &lp::Options::default()).unwrap();
            assert!(direct.value().is_some(), "{k} {}", objective.kind());
            assert_eq!(lazy.value(), direct.value(), "{k} {}", objective.kind());
        }
    }
}
