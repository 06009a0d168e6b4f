//! Issue 28: the claim language's interpreter against the same check written by hand in Rust.
//! Both sweep all 21,952 channels of `channels(3, 3, denom 6)` (rows: the 28 compositions of 6
//! into 3 parts, as exact masses k/6) and decide the DP-ratio claim "the multiplicative
//! min-entropy leakage under the uniform prior is at most the DP ratio" exactly, on one thread.
//!
//! Run: `cargo bench -p dpcert-benches --bench lang -- --warm-up-time 1 --measurement-time 8`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dpcert::claim::Outcome;
use dpcert::lang::{check, parse, Options};
use dpcert::measure::{complete_pairs, dp_level, min_entropy_leakage, ExtRational};
use dpcert::num::Rational;
use dpcert::prob::{Channel, Dist};

const CLAIM: &str = "forall W in channels(3, 3, denom 6): mult_leakage(uniform(3), W) <= dp(W)";

/// The hand-written sweep: the same enumeration order and the same library calls. With
/// `both_sides` false it skips the leakage when the DP ratio is infinite (as a hand-written
/// loop would): the reference of the 2× target. The claim language evaluates both
/// sides of every comparison (an error on either side is that instance's error) but, facing
/// `inf`, checks `mult_leakage`'s arguments without computing its value (`eval::comparison`),
/// so it does the skipping loop's arithmetic plus the argument checks; `both_sides` true is
/// the loop that computes the leakage anyway, kept to show what computing it costs.
fn by_hand(both_sides: bool) -> bool {
    let d = 6u64;
    let mut rows = Vec::new();
    for a in 0..=d {
        for b in 0..=d - a {
            rows.push(vec![
                Rational::from_unsigneds(a, d),
                Rational::from_unsigneds(b, d),
                Rational::from_unsigneds(d - a - b, d),
            ]);
        }
    }
    let prior = Dist::uniform(3);
    let pairs = complete_pairs(3);
    for r0 in &rows {
        for r1 in &rows {
            for r2 in &rows {
                let w = Channel::new(vec![r0.clone(), r1.clone(), r2.clone()]).unwrap();
                let ok = if both_sides {
                    let lhs = min_entropy_leakage(&prior, &w);
                    match dp_level(&w, &pairs).ratio {
                        ExtRational::Infinite => true,
                        ExtRational::Finite(t) => lhs <= t,
                    }
                } else {
                    match dp_level(&w, &pairs).ratio {
                        ExtRational::Infinite => true,
                        ExtRational::Finite(t) => min_entropy_leakage(&prior, &w) <= t,
                    }
                };
                if !ok {
                    return false;
                }
            }
        }
    }
    true
}

fn bench(c: &mut Criterion) {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let claim = parse(CLAIM).unwrap();
    let mut g = c.benchmark_group("channels(3,3,denom 6) sweep");
    g.sample_size(10);
    g.bench_function("hand-written Rust", |b| {
        b.iter(|| assert!(black_box(by_hand(false))))
    });
    g.bench_function("hand-written Rust, both sides", |b| {
        b.iter(|| assert!(black_box(by_hand(true))))
    });
    g.bench_function("claim language", |b| {
        b.iter(|| {
            let v = one
                .install(|| check(black_box(&claim), &Options::default()))
                .unwrap();
            assert_eq!(v.outcome, Outcome::Holds);
            assert_eq!(v.holds, 21_952);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
