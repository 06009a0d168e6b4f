//! Stress the float-guided exact LP solver on random ε-DP channel LPs (issue 14 follow-up).
//!
//! Deterministic (fixed LCG seed): paths and cycles on 8–27 vertices and H(2..3, 2..3), t in
//! {1/10, …, 9/10}, minimise or maximise random small rational weights. Each case runs
//! `lp::guided::solve_with_limits` (every LP through the float hint, a deadline per solve) and
//! the exact simplex from scratch (5 s deadline), compares the optima when both answer, and
//! prints where the guided time went.
//!
//!     cargo run --release --example guided_stress            # 60 cases, 20 s per guided solve
//!     cargo run --release --example guided_stress -- 27      # only case 27
//!     DPCERT_STRESS_SECS=60 cargo run --release --example guided_stress   # 60 s per solve
//!     cargo run --release --example guided_stress -- path 40 1/10  # one LP: P_40 at t = 1/10
//!     cargo run --release --example guided_stress -- cycle 40 1/10 min out.lp   # and write it
//!
//! The one-LP form (issue 31's frontier: `path 40 1/10`, `cycle 40 1/10`, `path 50 1/10`) takes
//! a graph (`path K`, `cycle K`), t, optionally `min` (the default) or `max`, and optionally a
//! file to write the LP to (for `bench/lp_vs_highs.py FILE`); the weights come from the same
//! generator, seeded afresh. It prints the guided solve only (from scratch takes minutes there).
//!
//! On 2026-11-25, before the exact revised simplex from the float basis (`lp::revised`), 8 of
//! the 60 cases (e.g. 4: C_27 at t = 1/10; 27: H(3,3) at t = 1/2) had no certified answer within
//! 20 s: the repairs stalled and the exact simplex from scratch needed more. With it, every case
//! certifies; the summary line of each case says what answered and where the time went.
use dpcert::lp::bench_models::{cycle_adjacency, hamming_adjacency, path_adjacency};
use dpcert::lp::guided::{solve_with_limits, Limits};
use dpcert::lp::{simplex, write_lp, ChannelLp, Sense};
use dpcert::num::Rational;
use std::time::{Duration, Instant};

/// The generator of every case's choices (a fixed LCG).
fn generator() -> impl FnMut() -> u32 {
    let mut seed: u64 = 12345;
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    }
}

/// Random small rational weights `(next() % 7) / (1 + next() % 5)`, `k × k`.
fn weights(k: usize, next: &mut impl FnMut() -> u32) -> Vec<Vec<Rational>> {
    (0..k)
        .map(|_| {
            (0..k)
                .map(|_| Rational::from_unsigneds(next() % 7, 1 + next() % 5))
                .collect()
        })
        .collect()
}

/// One named LP: `path K T [min|max] [FILE]` or `cycle K T [min|max] [FILE]`.
fn one(args: &[String]) {
    let usage = "usage: guided_stress (path|cycle) K T [min|max] [FILE]";
    let k: usize = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let adjacency = match args[0].as_str() {
        "path" => path_adjacency(k),
        "cycle" => cycle_adjacency(k),
        _ => panic!("{usage}"),
    };
    let t: Rational = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    let sense = match args.get(3).map(String::as_str) {
        None | Some("min") => Sense::Minimize,
        Some("max") => Sense::Maximize,
        _ => panic!("{usage}"),
    };
    let model = ChannelLp {
        adjacency,
        t: t.clone(),
        sense,
        weights: weights(k, &mut generator()),
    }
    .model();
    if let Some(file) = args.get(4) {
        std::fs::write(file, write_lp(&model)).expect("writable file");
    }
    let t0 = Instant::now();
    let (solution, stats) = solve_with_limits(&model, &Limits::default()).expect("certified");
    println!(
        "{} {k} t={t} {sense:?}: {} vars, {} rows, {}, {:.2?} ({})",
        args[0],
        model.n_vars(),
        model.n_rows(),
        solution.status(),
        t0.elapsed(),
        stats.summary()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() > 1 {
        return one(&args);
    }
    let only: Option<usize> = args.first().map(|a| a.parse().expect("a case number"));
    let mut next = generator();
    let secs: u64 = std::env::var("DPCERT_STRESS_SECS")
        .ok()
        .map_or(20, |s| s.parse().expect("seconds"));
    let (mut fallbacks, mut timeouts, n_cases) = (0, 0, 60);
    for case in 0..n_cases {
        let kind = next() % 3;
        let adjacency = match kind {
            0 => path_adjacency(8 + (next() % 20) as usize),
            1 => cycle_adjacency(8 + (next() % 20) as usize),
            _ => hamming_adjacency(2 + (next() % 2) as usize, 2 + (next() % 2) as usize),
        };
        let k = adjacency.len();
        let t = Rational::from_unsigneds(1 + next() % 9, 10);
        let sense = if next().is_multiple_of(2) {
            Sense::Minimize
        } else {
            Sense::Maximize
        };
        let weights = weights(k, &mut next);
        if only.is_some_and(|o| o != case) {
            continue;
        }
        let model = ChannelLp {
            adjacency,
            t: t.clone(),
            sense,
            weights,
        }
        .model();
        let what = format!("case {case}: k={k} kind={kind} t={t} {sense:?}");
        let limits = Limits {
            deadline: Some(Instant::now() + Duration::from_secs(secs)),
            ..Limits::default()
        };
        let t0 = Instant::now();
        let Ok((guided, stats)) = solve_with_limits(&model, &limits) else {
            timeouts += 1;
            println!("{what}: no certified answer within {secs} s");
            continue;
        };
        let guided_time = t0.elapsed();
        let t0 = Instant::now();
        let scratch = simplex::solve_with_deadline(&model, Some(t0 + Duration::from_secs(5)));
        if let Some((s, _)) = &scratch {
            assert_eq!(guided.value(), s.value(), "{what}");
        }
        fallbacks += usize::from(stats.fallback.is_some());
        println!(
            "{what}: guided {guided_time:.2?} ({}), from scratch {}",
            stats.summary(),
            if scratch.is_some() {
                format!("{:.2?}", t0.elapsed())
            } else {
                "> 5 s".into()
            }
        );
    }
    println!("{timeouts} without an answer in {secs} s, {fallbacks} answered by the fallback");
}
