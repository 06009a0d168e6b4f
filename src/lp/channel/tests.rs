//! Tests of the channel LPs: the reduced LP's optimum and lifted certificate against the full
//! model's on the benchmark graphs.

use super::*;
use crate::graph::automorphism::hamming_automorphism_generators;
use crate::lp::bench_models::{cycle_adjacency, max_diagonal_channel, pd_dp_channel};

fn pd_dp(n: usize, m: usize, t: Rational) -> ChannelLp {
    pd_dp_channel(n, m, &t)
}

/// The reduced solve equals the full solve of `model()`, for both senses.
#[test]
fn reduced_equals_full() {
    for (n, m) in [(2, 2), (3, 2), (2, 3)] {
        for t in [
            Rational::from_signeds(2i32, 1i32),
            Rational::from_signeds(10i32, 9i32),
        ] {
            let lp = pd_dp(n, m, t.clone());
            let full = solve(&lp.model()).unwrap();
            let red = lp
                .solve_reduced(&hamming_automorphism_generators(n, m))
                .unwrap();
            assert_eq!(red.value.as_ref(), full.value(), "H({n},{m}) t={t}");
            assert_eq!(red.var_orbits, n + 1);
            // The lifted point is a channel of the full model.
            let k = lp.adjacency.len();
            let x: Vec<Rational> = (0..k * k).map(|i| red.p(k, i / k, i % k).clone()).collect();
            assert_eq!(lp.model().objective_value(&x), red.value.clone().unwrap());
            // The independent checker accepts the lifted certificate on the full model.
            crate::lp::check(&lp.model(), &red.full_solution().unwrap()).unwrap();
            // The streamed re-check rejects tampered certificates.
            let mut bad = red.clone();
            bad.value = Some(red.value.clone().unwrap() + Rational::from(1u32));
            assert!(lp.verify(&bad).is_err());
            let mut bad = red.clone();
            bad.stoch_duals[0] += Rational::from(1u32);
            assert!(lp.verify(&bad).is_err());
            let mut bad = red.clone();
            bad.orbit_values[0] += Rational::from_signeds(1i32, 7i32);
            assert!(lp.verify(&bad).is_err());
            // An orbit map that merges pairs of different weight is refused.
            let mut bad = red.clone();
            bad.pair_orbit = vec![0; k * k];
            assert!(lp.verify(&bad).is_err());
        }
    }
    // Maximise the diagonal on C6 under its dihedral group.
    let lp = max_diagonal_channel(&cycle_adjacency(6), &Rational::from_signeds(3i32, 1i32));
    let rot: Vec<usize> = (0..6).map(|v| (v + 1) % 6).collect();
    let refl: Vec<usize> = (0..6).map(|v| (6 - v) % 6).collect();
    let red = lp.solve_reduced(&[rot, refl]).unwrap();
    assert_eq!(red.value.as_ref(), solve(&lp.model()).unwrap().value());
    assert!(red.note().contains("invariance checked"));
}

#[test]
fn non_automorphisms_and_non_invariant_weights_are_refused() {
    let lp = pd_dp(2, 2, Rational::from_signeds(2i32, 1i32));
    // H(2,2) is the 4-cycle 0-1-3-2; swapping only 0 and 1 is not an automorphism.
    assert!(matches!(
        lp.solve_reduced(&[vec![1, 0, 2, 3]]),
        Err(SymmetryError::RowNotMapped { .. })
    ));
    // A graph automorphism that moves the weights: give vertex 0 a special weight.
    let mut lp2 = lp.clone();
    lp2.weights[0][0] = Rational::from(5u32);
    assert!(matches!(
        lp2.solve_reduced(&[vec![1, 0, 3, 2]]),
        Err(SymmetryError::ObjectiveNotInvariant { .. })
    ));
    assert!(matches!(
        lp.solve_reduced(&[vec![0, 0, 1, 2]]),
        Err(SymmetryError::NotAPermutation { .. })
    ));
}
