//! Exact LP benchmarks (issue 5): each solve includes the independent certificate re-check.
//!
//! * the Alvim et al.-style LP "max weighted diagonal over row-stochastic ε-DP channels" on C6
//!   and H(2,3) at t = e^ε = 2;
//! * Wang–Ying–Zhang's PD-DP LP (uniform prior, t = e^ε = 2) on H(3,2) (64 variables), H(2,3)
//!   (81 variables), H(4,2) (256 variables, 1,024 inequalities) without symmetry reduction, and
//!   H(4,2), H(3,3), H(5,2), H(6,2) (4,096 variables, 24,640 rows), H(4,3) (6,561 variables,
//!   52,569 rows) with it (invariance check + reduced solve + lift + full re-check);
//! * H(4,3) and H(6,3) (531,441 variables, 6.4 million rows) through `ChannelLp::solve_reduced`,
//!   which never builds the full model.
//!
//! Run: `cargo bench -p dpcert-benches --bench lp -- --warm-up-time 1 --measurement-time 5`
//! (only the small ones: `cargo bench -p dpcert-benches --bench lp -- small`; the
//! benchmark models are not part of the library's API without that feature).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dpcert::graph::hamming_automorphism_generators;
use dpcert::lp::bench_models::{
    cycle_adjacency, hamming_adjacency, max_diagonal_dp, pd_dp_channel, pd_dp_hamming,
};
use dpcert::lp::{pair_action, solve, Model, Options, Solution};
use dpcert::num::Rational;

/// The float-guided exact solve with the default options (checked certificate included).
fn solve_default(model: &Model) -> Solution {
    solve(model, &Options::default()).unwrap()
}

/// The same through the orbit-averaged LP under `gens` (invariance check, reduced solve, lift,
/// re-check on the full model).
fn solve_symmetric(model: &Model, gens: &[Vec<usize>]) -> Solution {
    let options = Options {
        symmetry: Some(gens.to_vec()),
        ..Options::default()
    };
    solve(model, &options).unwrap()
}

fn benches(c: &mut Criterion) {
    let t = Rational::from_signeds(2i32, 1i32);
    let mut small = c.benchmark_group("small");
    small.sample_size(10);
    let cases = [
        ("aacp_diag_C6", max_diagonal_dp(&cycle_adjacency(6), &t)),
        (
            "aacp_diag_H(2,3)",
            max_diagonal_dp(&hamming_adjacency(2, 3), &t),
        ),
        ("wyz_pd_dp_H(3,2)", pd_dp_hamming(3, 2, &t)),
        ("wyz_pd_dp_H(2,3)", pd_dp_hamming(2, 3, &t)),
    ];
    for (name, model) in &cases {
        small.bench_function(*name, |b| b.iter(|| solve_default(black_box(model))));
    }
    small.finish();

    let mut sym = c.benchmark_group("symmetric");
    sym.sample_size(10);
    for (n, m) in [(4, 2), (3, 3), (5, 2), (6, 2), (4, 3)] {
        let model = pd_dp_hamming(n, m, &t);
        let gens: Vec<Vec<usize>> = hamming_automorphism_generators(n, m)
            .iter()
            .map(|g| pair_action(g))
            .collect();
        sym.bench_function(format!("wyz_pd_dp_H({n},{m})_reduced"), |b| {
            b.iter(|| solve_symmetric(black_box(&model), &gens))
        });
    }
    // Without building the full model: ChannelLp::solve_reduced (invariance checked on the
    // graph and weights, lifted certificate re-checked on all 6.4 million rows, streamed).
    for (n, m) in [(4, 3), (6, 3)] {
        let lp = pd_dp_channel(n, m, &t);
        let gens = hamming_automorphism_generators(n, m);
        sym.bench_function(format!("wyz_pd_dp_H({n},{m})_channel_reduced"), |b| {
            b.iter(|| lp.solve_reduced(black_box(&gens)).unwrap())
        });
    }
    sym.finish();

    let mut big = c.benchmark_group("large");
    big.sample_size(10);
    let model = pd_dp_hamming(4, 2, &t);
    big.bench_function("wyz_pd_dp_H(4,2)_full", |b| {
        b.iter(|| solve_default(black_box(&model)))
    });
    big.finish();
}

criterion_group!(lp, benches);
criterion_main!(lp);
