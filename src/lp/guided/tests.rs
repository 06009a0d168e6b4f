//! Tests of the float-guided solve: every path (guessed, repaired, refined, warm-started, from
//! scratch) on hand-made and benchmark LPs, and agreement with the exact simplex from scratch on
//! random LPs.

use super::hint::{float_budget, float_pattern, MICROLP_HINT};
use super::*;
use crate::lp::bench_models::{
    cycle_adjacency, max_diagonal_dp, path_adjacency, path_distortion_channel, pd_dp_hamming,
};
use crate::lp::float::microlp;
use crate::lp::model::{Cmp, Sense};
use crate::lp::{parse_lp, solve_from_scratch, ChannelLp};
use crate::num::Rational;
use proptest::prelude::*;
use std::time::Duration;

/// `f()` with microlp's two solves as the float hint.
fn with_microlp_hint<T>(f: impl FnOnce() -> T) -> T {
    MICROLP_HINT.set(true);
    let out = f();
    MICROLP_HINT.set(false);
    out
}

/// A short float budget, so that a float solve that cycles ends soon.
fn forced() -> Options {
    Options {
        float_budget: Duration::from_millis(300),
        ..Options::default()
    }
}

/// Same status and exact optimum through both paths, and both certificates check.
/// The channel LP of the cycle C_k at e^ε = 10 that minimises the weights' loss.
fn cycle_lp_at_ten(k: usize, weights: Vec<Vec<Rational>>) -> Model {
    ChannelLp {
        adjacency: cycle_adjacency(k),
        t: Rational::from_unsigneds(10u32, 1u32),
        sense: Sense::Minimize,
        weights,
    }
    .model()
}

fn agree(model: &Model) -> Result<GuidedStats, String> {
    agree_within(model, &forced())
}

/// [`agree`] under the given options.
fn agree_within(model: &Model, options: &Options) -> Result<GuidedStats, String> {
    let (guided, stats) = solve_with_options(model, options).map_err(|e| e.to_string())?;
    let reference = solve_from_scratch(model).map_err(|e| e.to_string())?;
    check(model, &guided).map_err(|e| e.to_string())?;
    if guided.status() != reference.status() || guided.value() != reference.value() {
        return Err(format!(
            "guided {} {:?} vs from scratch {} {:?}",
            guided.status(),
            guided.value(),
            reference.status(),
            reference.value()
        ));
    }
    Ok(stats)
}

/// The benchmark LPs certify from the float basis itself, with no exact pivot: PD-DP on
/// H(3,2) and H(2,3), and the weighted diagonal on the path P_8.
#[test]
fn benchmark_lps_certify_from_the_float_basis() {
    let t = Rational::from_signeds(2i32, 1i32);
    for (name, model) in [
        ("pd_dp H(3,2)", pd_dp_hamming(3, 2, &t)),
        ("pd_dp H(2,3)", pd_dp_hamming(2, 3, &t)),
        ("diagonal P8", max_diagonal_dp(&path_adjacency(8), &t)),
    ] {
        // The default float budget, so that a busy machine (tests run in parallel) cannot
        // turn this into a fallback.
        let stats =
            agree_within(&model, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(stats.fallback, None, "{name}: {}", stats.summary());
        assert_eq!(stats.rounds, 1, "{name}: {}", stats.summary());
        assert_eq!(stats.path(), "float guess, certified as guessed");
    }
}

/// Issue 31's cliff: small LPs take the float-guided path too. A dense 20 × 20 covering LP
/// (min c·x, A x ≥ b, entries from a fixed LCG) is answered by the float guess, at the
/// optimum of the dictionary simplex from scratch (which needs dozens of pivots on it, and
/// hundreds at 80 × 80).
#[test]
fn small_dense_lps_take_the_float_guided_path() {
    let mut seed: u64 = 31;
    let mut next = |lo: u32, hi: u32| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Rational::from(lo + (seed >> 33) as u32 % (hi - lo + 1))
    };
    let k = 20;
    let mut model = Model::new(Sense::Minimize);
    let vars: Vec<_> = (0..k).map(|j| model.add_var(format!("x{j}"))).collect();
    let objective: Vec<_> = vars.iter().map(|v| (*v, next(1, 99))).collect();
    model.set_objective(&objective);
    for _ in 0..k {
        let row: Vec<_> = vars.iter().map(|v| (*v, next(1, 99))).collect();
        model.add_row(&row, Cmp::Ge, next(100, 9999));
    }
    let stats = agree_within(&model, &Options::default()).unwrap();
    assert_eq!(stats.fallback, None, "{}", stats.summary());
    assert!(
        stats.path().starts_with("float guess"),
        "{}",
        stats.summary()
    );
}

/// Issue 31 item 3: the path LP (costs ≥ 0, so the slack basis is dual feasible) takes the
/// float dual simplex's hint, one solve for the point and the prices, and certifies as
/// guessed, at the optimum microlp's two solves lead to.
#[test]
fn the_path_lp_takes_the_float_dual_simplex() {
    let t = Rational::from_signeds(2i32, 1i32);
    let model = path_distortion_channel(20, &t).model();
    let (guided, stats) = solve_with_options(&model, &Options::default()).unwrap();
    assert!(
        stats.hint.starts_with("float dual simplex"),
        "{}",
        stats.hint
    );
    assert_eq!(
        stats.path(),
        "float guess, certified as guessed",
        "{}",
        stats.summary()
    );
    check(&model, &guided).unwrap();
    let (reference, stats) =
        with_microlp_hint(|| solve_with_options(&model, &Options::default())).unwrap();
    assert!(stats.hint.starts_with("microlp"), "{}", stats.hint);
    assert_eq!(guided.value(), reference.value());
}

/// The float hint's budget: small LPs get milliseconds (a cycling float solve must not stall
/// them), large ones the whole [`Options::float_budget`].
#[test]
fn the_float_budget_grows_with_the_lp() {
    let options = Options::default();
    let text = "Minimize\n obj: x + y\nSubject To\n a: x + y = 1\n b: 2 x + 2 y = 2\nEnd\n";
    let tiny = parse_lp(text).unwrap().model;
    // (2 rows + 2 columns) × 4 non-zeros = 16 µs over the 10 ms floor.
    assert_eq!(
        float_budget(&tiny, &options),
        Duration::from_millis(10) + Duration::from_micros(16)
    );
    let t = Rational::from_signeds(1i32, 2i32);
    let p60 = path_distortion_channel(60, &t).model();
    assert_eq!(float_budget(&p60, &options), options.float_budget);
}

/// The path LP of issue 14 on P_40 (1,600 variables): the float solver reads the columns'
/// geometric tails as zero; the support closure restores them and the guess certifies
/// without the exact simplex, at the same optimum.
#[test]
fn the_support_closure_recovers_the_tails_the_float_solver_drops() {
    let t = Rational::from_signeds(2i32, 1i32);
    let model = path_distortion_channel(40, &t).model();
    // The default float budget (a minute), so that a busy machine cannot turn this into a
    // fallback.
    let (guided, stats) = solve_with_options(&model, &Options::default()).unwrap();
    let reference = solve_from_scratch(&model).unwrap();
    assert_eq!(guided.value(), reference.value());
    assert_eq!(stats.fallback, None, "{}", stats.summary());
}

/// An LP whose float guess does not certify, even after repairs (the channel LP on the
/// 15-cycle at t = 1/10 with uneven weights, whose columns span ten orders of magnitude):
/// the revised simplex from the float dual's basis finishes it, without the exact simplex
/// from scratch, with a certified optimum. (That basis is optimal as it stands: no pivot.
/// Before issue 31's dual simplex the primal phases took pivots from the float primal's
/// basis here.)
#[test]
fn a_guess_that_does_not_certify_is_finished_by_the_revised_simplex() {
    let k = 15;
    let weights = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    Rational::from_unsigneds(((3 * x + 5 * y) % 7) as u32, (1 + (x * y) % 4) as u32)
                })
                .collect()
        })
        .collect();
    let model = cycle_lp_at_ten(k, weights);
    // The float dual simplex's hint certifies as guessed.
    let (guided, stats) = solve_with_options(&model, &Options::default()).unwrap();
    assert_eq!(stats.path(), "float guess, certified as guessed");
    assert!(
        stats.hint.starts_with("float dual simplex"),
        "{}",
        stats.hint
    );
    check(&model, &guided).unwrap();
    // microlp's does not.
    let (guided, stats) =
        with_microlp_hint(|| solve_with_options(&model, &Options::default())).unwrap();
    assert!(stats.warm_start.is_some(), "{}", stats.summary());
    assert!(stats.rounds > 1, "{}", stats.summary());
    assert_eq!(
        stats.path(),
        "exact revised simplex from the float dual's basis",
        "{}",
        stats.summary()
    );
    assert_eq!(stats.fallback, None, "{}", stats.summary());
    // The optimum is proved by its certificate (the exact simplex from scratch needs ~20 s
    // on this LP in the test profile).
    check(&model, &guided).unwrap();
}

/// Issue 31: a channel LP with geometric tails (C_12 at e^ε = 10, the weights
/// `(r % 7) / (1 + r % 5)` of `examples/guided_stress`' generator) on which the
/// primal-support guess fails (its equations are inconsistent: the float solver reads the
/// tails, down to 10^-11 here, as zero). The float dual's basis is dual feasible and the
/// dual simplex alone reaches an optimal basis, which the primal phases confirm without a
/// pivot, at the optimum of the exact simplex from scratch (the steps of the guided solve
/// one by one: its path depends on the float budget, which a busy machine can exhaust).
#[test]
fn the_float_duals_basis_is_finished_by_the_dual_simplex() {
    let mut seed: u64 = 12345;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    let k = 12;
    let weights = (0..k)
        .map(|_| {
            (0..k)
                .map(|_| Rational::from_unsigneds(next() % 7, 1 + next() % 5))
                .collect()
        })
        .collect();
    let model = cycle_lp_at_ten(k, weights);
    // The steps of `guided_attempt`, without its float budget (so that a busy machine
    // cannot end the float solves early and change the path).
    let (FloatAnswer::Optimal(x), FloatAnswer::Optimal(y)) =
        (microlp::primal(&model, None), microlp::dual(&model, None))
    else {
        panic!("the float solver answers C_12")
    };
    let guess = Guess::from_floats(&model, &x, &y);
    // The primal-support guess does not certify (its repairs end in inconsistent
    // equations).
    if let Some((primal, dual)) = guess.exact(&model, &x, &y) {
        let candidate = Solution::Optimal {
            value: model.objective_value(&primal),
            primal,
            dual,
        };
        assert!(check(&model, &candidate).is_err(), "the guess certifies");
    }
    let (support, priced) = float_pattern(&model, &x, &y);
    let (basis, from) = warm_basis(
        &model,
        None,
        &support,
        &guess.tight_cols,
        &priced,
        "test".into(),
    );
    assert_eq!(from, "the float dual's basis (test)");
    let (Ending::Solved(guided), warm) = revised::solve_from(&model, basis, 1000, None) else {
        panic!("stopped")
    };
    check(&model, &guided).unwrap();
    assert!(warm.dual_pivots > 0, "{warm:?}");
    assert_eq!(warm.phase1_pivots + warm.phase2_pivots, 0, "{warm:?}");
    let reference = solve_from_scratch(&model).unwrap();
    assert_eq!(guided.value(), reference.value());
    // And the whole guided solve agrees.
    agree_within(&model, &Options::default()).unwrap();
}

/// The closure on a chain `t·a ≤ b`, `t·b ≤ c` and an `=` row `d = e`: a clearly positive
/// `a` makes `b` and `c` support and their rows equations; a noise-sized `d` drives
/// nothing; a row already met on its other side adds nothing.
#[test]
fn support_closure_follows_homogeneous_rows() {
    let text = "Minimize\n obj: a + b + c + d + e + f\nSubject To\n r0: a + b + c + d + e + f = 1\n r1: 2 a - b <= 0\n r2: 2 b - c <= 0\n r3: d - e = 0\n r4: f - a <= 0\nEnd\n";
    let model = parse_lp(text).unwrap().model;
    let x = [0.5, 0.0, 0.0, 1e-18, 0.0, 0.25];
    let y = vec![0.0; model.n_rows()];
    let guess = Guess::from_floats(&model, &x, &y);
    assert_eq!(guess.support, [true, true, true, true, false, true]);
    // `=` rows are always equations; r1 and r2 joined through the closure.
    assert_eq!(guess.priced, [true, true, true, true, false]);
    assert_eq!(guess.tight, [true, true, true, true, false]);
}

/// A degenerate LP on which microlp cycles (a repeated equality makes its dual degenerate):
/// the budget ends the float solve and the exact revised simplex answers from the slack
/// basis. (The float dual simplex does not cycle on it: its guess certifies.)
#[test]
fn a_cycling_float_solve_is_answered_from_the_slack_basis() {
    let text = "Minimize\n obj: x + y\nSubject To\n a: x + y = 1\n b: 2 x + 2 y = 2\n c: x - y <= 0\nEnd\n";
    let file = parse_lp(text).unwrap();
    let stats = agree(&file.model).unwrap();
    assert!(
        stats.hint.starts_with("float dual simplex"),
        "{}",
        stats.hint
    );
    assert!(
        stats.path().starts_with("float guess"),
        "{}",
        stats.summary()
    );
    let stats = with_microlp_hint(|| agree(&file.model)).unwrap();
    assert_eq!(
        solve(&file.model).unwrap().value(),
        Some(&Rational::from(1u32))
    );
    assert_eq!(stats.fallback, None, "{}", stats.summary());
    let warm = stats.warm_start.as_ref().expect("the revised simplex ran");
    assert!(
        warm.from.starts_with("the slack basis (float solver"),
        "{}",
        stats.summary()
    );
    assert_eq!(stats.path(), "exact revised simplex from the slack basis");
}

/// LP text with free, bounded-below, bounded and fixed variables (the Bounds section), so
/// the model has split and shifted variables and upper-bound rows.
fn arb_lp_text() -> impl Strategy<Value = String> {
    let n = 1usize..=5;
    n.prop_flat_map(|n| {
        (
            any::<bool>(),
            prop::collection::vec(-3i32..=3, n),
            prop::collection::vec(
                (prop::collection::vec(-2i32..=2, n), 0u8..3, -3i32..=4),
                0..=6,
            ),
            prop::collection::vec(0u8..5, n),
        )
            .prop_map(move |(max, c, rows, bounds)| {
                let mut b = String::from("Bounds\n");
                for (j, kind) in bounds.iter().enumerate() {
                    b += &match kind {
                        0 => String::new(),
                        1 => format!(" x{j} free\n"),
                        2 => format!(" x{j} >= -2\n"),
                        3 => format!(" -1 <= x{j} <= 3\n"),
                        _ => format!(" x{j} = 1/2\n"),
                    };
                }
                crate::lp::tests::lp_text(max, &c, &rows, &b)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random LPs, many degenerate (small integer data, zero right-hand sides), infeasible
    /// and unbounded, with free and bounded variables: the float-guided path and the exact
    /// simplex from scratch give the same status and the same exact optimum.
    #[test]
    fn guided_and_from_scratch_agree(text in arb_lp_text()) {
        let file = parse_lp(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        agree(&file.model).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    }
}
