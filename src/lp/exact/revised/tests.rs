//! Tests of the exact revised simplex: a literal table against the dictionary simplex, and its dual
//! simplex from dual feasible bases.

use super::floats::screen_ratios;
use super::*;
use crate::lp::check;
use crate::lp::exact::simplex;
use crate::num::fmt::to_f64;
use crate::testutil::q;
use proptest::prelude::*;

fn optimum(model: &Model, basis: Basis) -> Option<Rational> {
    match solve_from(model, basis, 10_000, None).0 {
        Ending::Solved(sol) => {
            check(model, &sol).expect("the revised simplex's answer is certified");
            sol.value().cloned()
        }
        Ending::Stopped => None,
    }
}

/// Literal table: max x + y s.t. 2x + y <= 4, x + 3y <= 6 is 14/5 (at x = 6/5, y = 8/5)
/// from the slack basis and from the optimal basis; min x + y s.t. x + y >= 1, x - y = 0 is
/// 1 (an `=` row and a `>=` row: the slack basis is infeasible, phase 1 runs).
#[test]
fn table() {
    let mut m = Model::new(Sense::Maximize);
    let x = m.add_var("x");
    let y = m.add_var("y");
    m.set_objective(&[(x, q(1, 1)), (y, q(1, 1))]);
    m.add_row(&[(x, q(2, 1)), (y, q(1, 1))], Cmp::Le, q(4, 1));
    m.add_row(&[(x, q(1, 1)), (y, q(3, 1))], Cmp::Le, q(6, 1));
    assert_eq!(optimum(&m, Basis::slacks(&m)), Some(q(14, 5)));
    let at_optimum = Basis::from_pattern(&m, &[true, true], &[true, true]);
    assert_eq!(at_optimum.slack, vec![false, false]);
    let (ending, stats) = solve_from(&m, at_optimum, 100, None);
    assert!(matches!(ending, Ending::Solved(Solution::Optimal { .. })));
    assert_eq!(stats.phase1_pivots + stats.phase2_pivots, 0);

    let mut m = Model::new(Sense::Minimize);
    let x = m.add_var("x");
    let y = m.add_var("y");
    m.set_objective(&[(x, q(1, 1)), (y, q(1, 1))]);
    m.add_row(&[(x, q(1, 1)), (y, q(1, 1))], Cmp::Ge, q(1, 1));
    m.add_row(&[(x, q(1, 1)), (y, q(-1, 1))], Cmp::Eq, q(0, 1));
    assert_eq!(optimum(&m, Basis::slacks(&m)), Some(q(1, 1)));
    // Infeasible: x + y <= -1.
    let mut m = Model::new(Sense::Minimize);
    let x = m.add_var("x");
    m.add_row(&[(x, q(1, 1))], Cmp::Le, q(-1, 1));
    let Ending::Solved(infeasible) = solve_from(&m, Basis::slacks(&m), 100, None).0 else {
        panic!("stopped")
    };
    assert_eq!(infeasible.status(), "infeasible");
    check(&m, &infeasible).unwrap();
    // Unbounded: max x s.t. x >= 1.
    let mut m = Model::new(Sense::Maximize);
    let x = m.add_var("x");
    m.set_objective(&[(x, q(1, 1))]);
    m.add_row(&[(x, q(1, 1))], Cmp::Ge, q(1, 1));
    let Ending::Solved(unbounded) = solve_from(&m, Basis::slacks(&m), 100, None).0 else {
        panic!("stopped")
    };
    assert_eq!(unbounded.status(), "unbounded");
    check(&m, &unbounded).unwrap();
}

/// Literal: min 2x + 3y s.t. x + y >= 4, x + 3y >= 6 is 9 (at x = 3, y = 1, where
/// both rows are tight; the other vertices (0, 4) and (6, 0) cost 12). The slack basis is
/// dual feasible (costs >= 0) and primal infeasible (both slacks at −4 and −6): the dual
/// simplex alone reaches the optimum, the primal phases confirm it without a pivot. A
/// negative cost makes the slack basis dual infeasible: no dual pivot, the primal phases
/// answer (max 2x + 3y there: unbounded).
#[test]
fn the_dual_simplex_starts_from_a_dual_feasible_basis() {
    let mut m = Model::new(Sense::Minimize);
    let x = m.add_var("x");
    let y = m.add_var("y");
    m.set_objective(&[(x, q(2, 1)), (y, q(3, 1))]);
    m.add_row(&[(x, q(1, 1)), (y, q(1, 1))], Cmp::Ge, q(4, 1));
    m.add_row(&[(x, q(1, 1)), (y, q(3, 1))], Cmp::Ge, q(6, 1));
    assert!(dual_feasible(&m, &Basis::slacks(&m)));
    let (ending, stats) = solve_from(&m, Basis::slacks(&m), 100, None);
    let Ending::Solved(sol) = ending else {
        panic!("stopped")
    };
    check(&m, &sol).unwrap();
    assert_eq!(sol.value(), Some(&q(9, 1)));
    assert_eq!(stats.dual_pivots, 2);
    assert_eq!(stats.phase1_pivots + stats.phase2_pivots, 0);

    let mut m = Model::new(Sense::Maximize);
    let x = m.add_var("x");
    let y = m.add_var("y");
    m.set_objective(&[(x, q(2, 1)), (y, q(3, 1))]);
    m.add_row(&[(x, q(1, 1)), (y, q(1, 1))], Cmp::Ge, q(4, 1));
    m.add_row(&[(x, q(1, 1)), (y, q(3, 1))], Cmp::Ge, q(6, 1));
    assert!(!dual_feasible(&m, &Basis::slacks(&m)));
    let (ending, stats) = solve_from(&m, Basis::slacks(&m), 100, None);
    let Ending::Solved(sol) = ending else {
        panic!("stopped")
    };
    assert_eq!(sol.status(), "unbounded");
    check(&m, &sol).unwrap();
    assert_eq!(stats.dual_pivots, 0);
}

/// The dual phase on small channel LPs with geometric tails (issue 14's distortion LP on the
/// path P_k at e^ε = t, minimised: the costs are >= 0, so the slack basis is dual feasible,
/// and the stochastic rows' fixed slacks at 1 make it primal infeasible): the dual simplex
/// alone reaches the optimum of the dictionary simplex from scratch, the primal phases
/// confirm it without a pivot, and the optimum has a tail (a positive value at most `1/t²`:
/// the rows `p(y|x) >= p(y|x') / t` decay it along the path).
#[test]
fn the_dual_phase_reaches_the_optimum_of_channel_lps_with_tails() {
    use crate::lp::bench_models::path_distortion_channel;
    for k in [3usize, 4, 5] {
        for t in [q(10, 1), q(2, 1)] {
            let m = path_distortion_channel(k, &t).model();
            assert!(dual_feasible(&m, &Basis::slacks(&m)));
            let (ending, stats) = solve_from(&m, Basis::slacks(&m), 10_000, None);
            let Ending::Solved(sol) = ending else {
                panic!("stopped")
            };
            check(&m, &sol).unwrap();
            let Solution::Optimal { primal, value, .. } = &sol else {
                panic!("P_{k} at t = {t}: {}", sol.status())
            };
            let reference = simplex::solve_unchecked(&m);
            assert_eq!(Some(value), reference.value(), "P_{k} at t = {t}");
            assert!(stats.dual_pivots > 0);
            let primal_pivots = stats.phase1_pivots + stats.phase2_pivots;
            assert_eq!(primal_pivots, 0, "P_{k} at t = {t}");
            let smallest = primal.iter().filter(|v| **v > 0u32).min().unwrap();
            assert!(smallest * &t * &t <= 1u32, "P_{k} at t = {t}: {smallest}");
        }
    }
}

proptest! {
    /// The float screen of the ratio test keeps every candidate attaining the exact
    /// smallest ratio, whatever the sizes (numerators and denominators up to 2^120, zeros).
    #[test]
    fn ratio_screen_keeps_the_exact_minimisers(
        parts in prop::collection::vec((0u128..1 << 120, 1u128..1 << 120, 1u128..1 << 120, 1u128..8), 1..12),
    ) {
        let values: Vec<(Rational, Rational)> = parts
            .iter()
            .map(|(a, b, c, k)| {
                let v = Rational::from(*a % 3 * *k) / Rational::from(*b);
                (v, Rational::from(*c) / Rational::from(*b % 5 + 1))
            })
            .collect();
        let candidates: Vec<(VarId, &Rational, &Rational)> =
            values.iter().enumerate().map(|(k, (v, d))| (k, v, d)).collect();
        let least = values.iter().map(|(v, d)| v / d).min().unwrap();
        let minimisers: Vec<VarId> = (0..values.len())
            .filter(|&k| &values[k].0 / &values[k].1 == least)
            .collect();
        let kept: Vec<VarId> = screen_ratios(candidates).iter().map(|c| c.0).collect();
        for k in minimisers {
            prop_assert!(kept.contains(&k));
        }
    }

    /// The pricing hint's conversion is within a relative 1e-15 of the correctly rounded
    /// float, whatever the sizes and signs (numerator and denominator up to ~2^240).
    #[test]
    fn approx_f64_is_close(
        a in 0u128.., b in 1u128.., c in 1u128..1 << 120, d in 1u128.., neg in any::<bool>(),
    ) {
        let num = Rational::from(a) * Rational::from(c);
        let v = num / (Rational::from(b) * Rational::from(d));
        let v = if neg { -v } else { v };
        let (approx, exact) = (approx_f64(&v), to_f64(&v));
        prop_assert!((approx - exact).abs() <= 1e-15 * exact.abs(), "{approx} vs {exact}");
    }

    /// On random LPs up to 5 rows by 6 variables (all row types, both senses, degenerate
    /// right-hand sides) the revised simplex from the slack basis and from a random
    /// pattern's basis ends like the exact dictionary simplex (the same status and optimum),
    /// and its certificate (optimality, Farkas or ray) passes the checker.
    #[test]
    fn agrees_with_the_dictionary_simplex(
        coeffs in prop::collection::vec(-3i64..=3, 30),
        rhs in prop::collection::vec(-2i64..=4, 5),
        cmps in prop::collection::vec(0u8..3, 5),
        cost in prop::collection::vec(-3i64..=3, 6),
        maximise in any::<bool>(),
        support in prop::collection::vec(any::<bool>(), 6),
        priced in prop::collection::vec(any::<bool>(), 5),
        rows in 1usize..=5,
        cols in 1usize..=6,
    ) {
        let mut m = Model::new(if maximise { Sense::Maximize } else { Sense::Minimize });
        let vars: Vec<_> = (0..cols).map(|j| m.add_var(format!("x{j}"))).collect();
        m.set_objective(&vars.iter().zip(&cost).map(|(v, c)| (*v, q(*c, 1))).collect::<Vec<_>>());
        for i in 0..rows {
            let terms: Vec<_> = (0..cols).map(|j| (vars[j], q(coeffs[i * 6 + j], 1))).collect();
            let cmp = [Cmp::Le, Cmp::Ge, Cmp::Eq][cmps[i] as usize];
            m.add_row(&terms, cmp, q(rhs[i], 1));
        }
        let reference = simplex::solve_unchecked(&m);
        let bases = [
            Basis::slacks(&m),
            Basis::from_pattern(&m, &support[..cols], &priced[..rows]),
        ];
        for basis in bases {
            let ending = solve_from(&m, basis, 10_000, None).0;
            match (&reference, ending) {
                (r, Ending::Solved(sol)) => {
                    prop_assert_eq!(sol.status(), r.status());
                    prop_assert_eq!(sol.value(), r.value());
                    if let Err(e) = check(&m, &sol) {
                        prop_assert!(false, "{} certificate rejected: {}", sol.status(), e);
                    }
                }
                (_, Ending::Stopped) => prop_assert!(false, "stopped"),
            }
        }
    }
}
