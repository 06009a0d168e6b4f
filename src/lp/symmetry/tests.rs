//! Tests of the symmetry reduction: invariance refused where it fails, and orbit-averaged optima
//! equal to the full LP's on the benchmark channel LPs.

use super::*;
use crate::graph::automorphism::hamming_automorphism_generators;
use crate::lp::bench_models::{cycle_adjacency, max_diagonal_dp, pd_dp_hamming};
use crate::lp::guided::solve;

fn q(n: i64, d: u64) -> Rational {
    Rational::from(n) / Rational::from(d)
}

fn hamming_generators(n: usize, m: usize) -> Vec<Vec<usize>> {
    hamming_automorphism_generators(n, m)
        .iter()
        .map(|g| pair_action(g))
        .collect()
}

/// The reduced solve agrees with the full solve, and the orbits of pairs are the Hamming
/// distances (n + 1 of them).
#[test]
fn hamming_reduction_matches_full_solve() {
    let t = q(2, 1);
    for (n, m) in [(2, 2), (3, 2), (2, 3)] {
        let model = pd_dp_hamming(n, m, &t);
        let full = solve(&model).unwrap();
        let red = solve_symmetric(&model, &hamming_generators(n, m)).unwrap();
        assert_eq!(red.solution.value(), full.value(), "H({n},{m})");
        assert_eq!(red.var_orbits, n + 1, "H({n},{m})");
        assert!(red.note().contains("invariance checked"));
    }
}

/// Rotations and the reflection of C6 acting on pairs.
#[test]
fn cycle_reduction_matches_full_solve() {
    let t = q(3, 1);
    let model = max_diagonal_dp(&cycle_adjacency(6), &t);
    let rot: Vec<usize> = (0..6).map(|v| (v + 1) % 6).collect();
    let refl: Vec<usize> = (0..6).map(|v| (6 - v) % 6).collect();
    let red = solve_symmetric(&model, &[pair_action(&rot), pair_action(&refl)]).unwrap();
    assert_eq!(red.solution.value(), solve(&model).unwrap().value());
    // Pairs of C6 up to its dihedral group: by cyclic distance 0..=3.
    assert_eq!(red.var_orbits, 4);
}

#[test]
fn non_symmetries_are_refused() {
    let t = q(2, 1);
    let model = pd_dp_hamming(2, 2, &t);
    // Swapping two vertices that are not related by an automorphism: 0 <-> 1 only.
    let bad = pair_action(&[1, 0, 2, 3]);
    assert!(matches!(
        solve_symmetric(&model, &[bad]),
        Err(SymmetryError::ObjectiveNotInvariant { .. } | SymmetryError::RowNotMapped { .. })
    ));
    let not_perm = vec![0; model.n_vars()];
    assert!(matches!(
        solve_symmetric(&model, &[not_perm]),
        Err(SymmetryError::NotAPermutation { .. })
    ));
    // A map that keeps the objective but not the rows: reverse the outputs of the diagonal
    // LP of C6 only on input 0.
    let model = max_diagonal_dp(&cycle_adjacency(6), &t);
    let mut g: Vec<usize> = (0..36).collect();
    g.swap(1, 2);
    assert!(matches!(
        solve_symmetric(&model, &[g]),
        Err(SymmetryError::RowNotMapped { .. })
    ));
}

#[test]
fn infeasible_and_unbounded_lift() {
    // x0 + x1 <= -1 is symmetric under the swap and infeasible.
    let mut m = Model::new(crate::lp::Sense::Minimize);
    let a = m.add_var("a");
    let b = m.add_var("b");
    m.add_row(&[(a, q(1, 1)), (b, q(1, 1))], Cmp::Le, q(-1, 1));
    let r = solve_symmetric(&m, &[vec![1, 0]]).unwrap();
    assert_eq!(r.solution.status(), "infeasible");
    // max a + b with a - b free of rows: unbounded.
    let mut m = Model::new(crate::lp::Sense::Maximize);
    let a = m.add_var("a");
    let b = m.add_var("b");
    m.set_objective(&[(a, q(1, 1)), (b, q(1, 1))]);
    m.add_row(&[(a, q(1, 1)), (b, q(1, 1))], Cmp::Ge, q(1, 1));
    let r = solve_symmetric(&m, &[vec![1, 0]]).unwrap();
    assert_eq!(r.solution.status(), "unbounded");
}

use proptest::prelude::*;

/// Random LPs made symmetric under swapping x0 and x1 (each row is added with its image,
/// the objective has c0 = c1): the reduced solve has the status and optimum of the full one.
fn arb_symmetric() -> impl Strategy<Value = Model> {
    (2usize..=4).prop_flat_map(|n| {
        (
            any::<bool>(),
            -3i32..=3,
            prop::collection::vec(-3i32..=3, n - 2),
            prop::collection::vec(
                (prop::collection::vec(-3i32..=3, n), 0u8..3, -4i32..=6),
                0..=3,
            ),
        )
            .prop_map(move |(max, c01, c_rest, rows)| {
                let sense = if max {
                    crate::lp::Sense::Maximize
                } else {
                    crate::lp::Sense::Minimize
                };
                let mut m = Model::new(sense);
                let v: Vec<Var> = (0..n).map(|j| m.add_var(format!("x{j}"))).collect();
                let mut obj = vec![(v[0], q(c01.into(), 1)), (v[1], q(c01.into(), 1))];
                obj.extend(
                    c_rest
                        .iter()
                        .enumerate()
                        .map(|(j, c)| (v[j + 2], q((*c).into(), 1))),
                );
                m.set_objective(&obj);
                for (a, cmp, b) in rows {
                    let cmp = [Cmp::Le, Cmp::Ge, Cmp::Eq][cmp as usize];
                    let row: Vec<(Var, Rational)> = v
                        .iter()
                        .zip(&a)
                        .map(|(x, k)| (*x, q((*k).into(), 1)))
                        .collect();
                    let mut image = row.clone();
                    image[0].0 = v[1];
                    image[1].0 = v[0];
                    m.add_row(&row, cmp, q(b.into(), 1));
                    m.add_row(&image, cmp, q(b.into(), 1));
                }
                m
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn reduction_agrees_with_full_solve(m in arb_symmetric()) {
        let mut swap: Vec<usize> = (0..m.n_vars()).collect();
        swap.swap(0, 1);
        let red = solve_symmetric(&m, &[swap]).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let full = solve(&m).unwrap();
        prop_assert_eq!(red.solution.status(), full.status());
        prop_assert_eq!(red.solution.value(), full.value());
    }
}
