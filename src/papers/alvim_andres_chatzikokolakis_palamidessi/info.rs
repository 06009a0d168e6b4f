//! AACP §2 (preliminaries): ε-DP on a finite output set (Def. 1, D2/C2), channels (D3), Rényi
//! and min-entropy (D4/C3), Smith's conditional min-entropy (D5, eq. (1)), leakage and capacity
//! (D6, F1), "H∞(X|Y) ≤ H∞(X) with equality iff independent" (F2), the one-try-attack reading
//! (F3), and binary-gain utility = posterior vulnerability (Prop. 3, P3).
//!
//! Every entropy is compared through the exact rational argument of `log2` (catalogue §0):
//! `H∞(X) = −log2 V₀(π)`, `H∞(X|Y) = −log2 V(π, M)`, `I∞ = log2(V(π, M)/V₀(π))`. No logarithm is
//! evaluated to decide anything.
//!
//! This module holds the random instances (`Shape`), Smith's posterior form and the helpers
//! shared by the claim groups: `dp_forms` (D2, C2), `entropies` (D3, D4, C3, D5, D6),
//! `capacity` (F1, F1-corrected) and `guessing` (F2, F2-corrected, F3, P3).

use super::common::{dp_violation, fmt_matrix, fmt_vec, matrix_utility, r, Lcg, Rows};
use crate::claim::families::{channels, simplex};
use crate::claim::scan::{Agree, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::graph::Graph;
use crate::measure::column_max_sum;
use crate::measure::{min_capacity, min_entropy_leakage, posterior_vulnerability};
use crate::num::Rational;
use crate::prob::{Channel, Dist};
use malachite::base::num::arithmetic::traits::{Floor, Pow};
use malachite::base::num::basic::traits::{One, Zero};
use std::fmt;

mod capacity;
mod dp_forms;
mod entropies;
mod guessing;

// ---------------------------------------------------------------------------------------------
// shared instance generators

/// A seeded random probability vector of length `k` with numerators in `0..=den` (zeros allowed
/// when `zeros`), normalised.
fn random_dist(rng: &mut Lcg, k: usize, den: u64, zeros: bool) -> Vec<Rational> {
    loop {
        let w: Vec<u64> = (0..k)
            .map(|_| {
                if zeros {
                    rng.below(den + 1)
                } else {
                    1 + rng.below(den)
                }
            })
            .collect();
        let s: u64 = w.iter().sum();
        if s > 0 {
            return w.iter().map(|&a| Rational::from_unsigneds(a, s)).collect();
        }
    }
}

/// A seeded random `n × m` row-stochastic matrix (zeros allowed).
fn random_channel(rng: &mut Lcg, n: usize, m: usize, den: u64) -> Rows {
    (0..n).map(|_| random_dist(rng, m, den, true)).collect()
}

/// A shape of random instances: `count` seeded random `(prior, channel)` pairs.
#[derive(Clone, Debug)]
pub struct Shape {
    pub n: usize,
    pub m: usize,
    pub count: usize,
    pub seed: u64,
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} seeded random {}x{} channels and priors (numerators 0..=6, zeros allowed; seed {})",
            self.count, self.n, self.m, self.seed
        )
    }
}

impl Shape {
    /// The instances: `(prior, channel)`; every third prior is the uniform one.
    fn build(&self) -> Vec<(Vec<Rational>, Rows)> {
        let mut rng = Lcg(self.seed);
        (0..self.count)
            .map(|i| {
                let prior = if i % 3 == 0 {
                    vec![Rational::from_unsigneds(1u64, self.n as u64); self.n]
                } else {
                    random_dist(&mut rng, self.n, 6, true)
                };
                (prior, random_channel(&mut rng, self.n, self.m, 6))
            })
            .collect()
    }
}

fn shapes(count: usize) -> Vec<Shape> {
    [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5)]
        .into_iter()
        .enumerate()
        .map(|(i, (n, m))| Shape {
            n,
            m,
            count,
            seed: 1000 + i as u64,
        })
        .collect()
}

fn shapes_beyond(size: usize) -> Vec<Shape> {
    (0..4)
        .map(|i| Shape {
            n: size + 1,
            m: size + 1 + i,
            count: 40,
            seed: 7000 + 10 * size as u64 + i as u64,
        })
        .collect()
}

/// Smith's eq. (1), first form, from the joint: `Σ_y p(y)·max_x p(x|y)`, with the posterior
/// `p(x|y) = p(x,y)/p(y)` computed by Bayes; outputs with `p(y) = 0` contribute nothing.
fn posterior_form(joint: &Rows) -> Rational {
    let cols = joint.first().map_or(0, Vec::len);
    let mut total = Rational::ZERO;
    for y in 0..cols {
        let py: Rational = joint.iter().map(|row| &row[y]).sum();
        if py == 0u32 {
            continue;
        }
        let best = joint
            .iter()
            .map(|row| &row[y] / &py)
            .max()
            .expect("non-empty");
        total += &py * best;
    }
    total
}

fn v0(prior: &[Rational]) -> Rational {
    prior.iter().max().cloned().unwrap_or(Rational::ZERO)
}

fn combined() -> Method {
    Method::Combined(vec![Method::Enumeration, Method::Exact])
}

/// Two agreement scans reported as one check (fails if either fails).
fn both(a: Check, b: Check, compared: &str) -> Check {
    let outcome = Outcome::aggregate(&[a.outcome, b.outcome]);
    Check::new(
        compared,
        a.lhs.clone(),
        a.rhs.clone(),
        a.method.clone(),
        outcome,
    )
    .with_note(format!(
        "(1) {}: {} / {}; {} | (2) {}: {} / {}; {}",
        a.compared, a.lhs.exact, a.rhs.exact, a.note, b.compared, b.lhs.exact, b.rhs.exact, b.note
    ))
}

/// The claim checkers of this module.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(dp_forms::claims());
    v.extend(entropies::claims());
    v.extend(capacity::claims());
    v.extend(guessing::claims());
    v
}
