//! The three questions a claim asks of `k` uses of a channel, on a neighbour relation, answered
//! exactly: δ at `t = e^ε`, the smallest `e^ε` for a δ, and the pure-DP level (the smallest
//! `e^ε` with δ = 0). These are what the seeds' composition claims and the claim language's
//! `compose_delta` / `compose_level` builtins ask; [`super::worst`] does the work.
//!
//! Each answer is the worst ordered neighbour pair's (Dwork–Roth, *The Algorithmic
//! Foundations of Differential Privacy*, Def. 2.4: a mechanism is (ε, δ)-DP iff every ordered
//! neighbour pair is), after `k` uses on that pair ([`super::compose`]).

use super::compose::ComposeError;
use super::worst::{compose_on_pairs, worst_delta_at_t, worst_t_for_delta, PairComposition};
use crate::measure::ExtRational;
use crate::num::Rational;
use crate::prob::Channel;
use malachite::base::num::basic::traits::{One, Zero};

fn composed(
    seq: &[(&Channel, u64)],
    adj: &[(usize, usize)],
) -> Result<Vec<PairComposition>, ComposeError> {
    compose_on_pairs(seq, adj, |_, _| {})
}

/// `max_{(x,x')} δ_{x,x'}(t)` of the composition `seq` (each channel `k_i` times), for a rational
/// `t ≥ 0`; `0` when `adj` is empty.
pub fn delta_at_t(
    seq: &[(&Channel, u64)],
    adj: &[(usize, usize)],
    t: &Rational,
) -> Result<Rational, ComposeError> {
    let pcs = composed(seq, adj)?;
    Ok(worst_delta_at_t(&pcs, t).map_or(Rational::ZERO, |(_, d)| d.delta))
}

/// The smallest `t = e^ε ≥ 1` with every ordered pair's `δ(t) ≤ δ`, for a rational `δ ≥ 0`
/// (`∞` when some pair's mass at infinite privacy loss exceeds δ); `1` when `adj` is empty.
pub fn t_for_delta(
    seq: &[(&Channel, u64)],
    adj: &[(usize, usize)],
    delta: &Rational,
) -> Result<ExtRational, ComposeError> {
    let pcs = composed(seq, adj)?;
    Ok(worst_t_for_delta(&pcs, delta).map_or(ExtRational::Finite(Rational::ONE), |(_, d)| d.t))
}

/// The exact pure-DP level `e^ε = max_{(x,x'), o} P^k(o)/Q^k(o)` of the composition (`∞` if some
/// output has probability 0 under one neighbour only): [`t_for_delta`] at δ = 0.
pub fn level(seq: &[(&Channel, u64)], adj: &[(usize, usize)]) -> Result<ExtRational, ComposeError> {
    t_for_delta(seq, adj, &Rational::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::complete_pairs;
    use crate::mechanism::{randomized_response, truncated_geometric};
    use crate::testutil::q;
    use malachite::base::num::arithmetic::traits::Pow;

    /// Literal values: binary RR at t = 3 (rows 3/4, 1/4): k uses have level 3^k; δ(1) of
    /// k = 2 is P(both answers equal the input) − Q(same) = 9/16 − 1/16 = 1/2; a zero entry
    /// makes the level infinite.
    #[test]
    fn literal_values() {
        let w = randomized_response(2, &q(3, 1)).unwrap();
        let adj = complete_pairs(2);
        for k in [1u64, 2, 3, 50, 1000] {
            assert_eq!(
                level(&[(&w, k)], &adj).unwrap(),
                ExtRational::Finite(q(3, 1).pow(k))
            );
        }
        assert_eq!(delta_at_t(&[(&w, 2)], &adj, &q(1, 1)).unwrap(), q(1, 2));
        // δ(3) of k = 2: only "both equal" has ratio 9 > 3: 9/16 − 3/16.
        assert_eq!(delta_at_t(&[(&w, 2)], &adj, &q(3, 1)).unwrap(), q(3, 8));
        // Smallest t with δ ≤ 3/8 is 3 (δ is strictly decreasing there).
        assert_eq!(
            t_for_delta(&[(&w, 2)], &adj, &q(3, 8)).unwrap(),
            ExtRational::Finite(q(3, 1))
        );
        let z = Channel::new(vec![vec![q(1, 2), q(1, 2)], vec![q(0, 1), q(1, 1)]]).unwrap();
        assert_eq!(level(&[(&z, 3)], &adj).unwrap(), ExtRational::Infinite);
        // Its +∞ mass after 3 uses is 1 − (1/2)^3 = 7/8: δ ≥ 7/8 at every t.
        assert_eq!(delta_at_t(&[(&z, 3)], &adj, &q(100, 1)).unwrap(), q(7, 8));
        // Heterogeneous: RR at 5/4 twice and RR at 3 once: level (5/4)^2·3.
        let w2 = randomized_response(2, &q(5, 4)).unwrap();
        assert_eq!(
            level(&[(&w2, 2), (&w, 1)], &adj).unwrap(),
            ExtRational::Finite(q(75, 16))
        );
        assert_eq!(level(&[(&w, 0)], &adj).unwrap_err(), ComposeError::NoUse);
    }

    /// The level of k uses of the truncated geometric on a path against the enumerated product
    /// channel's largest ratio (k ≤ 3, naive).
    #[test]
    fn level_equals_enumeration() {
        let w = truncated_geometric(3, &q(2, 1)).unwrap();
        let adj = vec![(0, 1), (1, 2)];
        let mut rows: Vec<Vec<Rational>> = w.rows().to_vec();
        for k in 1..=3u64 {
            if k > 1 {
                rows = rows
                    .iter()
                    .zip(w.rows())
                    .map(|(a, b)| {
                        a.iter()
                            .flat_map(|u| b.iter().map(move |v| u * v))
                            .collect()
                    })
                    .collect();
            }
            let mut want = q(1, 1);
            for &(a, b) in &adj {
                for (x, y) in [(a, b), (b, a)] {
                    for (p, r) in rows[x].iter().zip(&rows[y]) {
                        let ratio = p / r;
                        if ratio > want {
                            want = ratio;
                        }
                    }
                }
            }
            assert_eq!(
                level(&[(&w, k)], &adj).unwrap(),
                ExtRational::Finite(want),
                "k = {k}"
            );
        }
    }
}
