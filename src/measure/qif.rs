//! Quantitative information flow (QIF) in the min-entropy / g-leakage style, exact rationals.
//!
//! Smith, *On the Foundations of Quantitative Information Flow* (FoSSaCS 2009): prior Bayes
//! vulnerability `V(π) = max_x π(x)`, posterior `V(π, W) = Σ_y max_x π(x) W(y|x)`, min-entropy
//! leakage `log2(V(π, W) / V(π))`; Braun–Chatzikokolakis–Palamidessi (MFPS 2009) /
//! Köpf–Smith (CSF 2010): min-capacity `log2 Σ_y max_x W(y|x)`, attained at the uniform prior.
//! Alvim et al., *Measuring Information Leakage using Generalized Gain Functions* (CSF 2012):
//! g-vulnerability. The functions return the exact rational *argument* of `log2` (libqif's
//! "multiplicative" leakage); take `log2` only for printing.

use crate::num::Rational;
use crate::prob::{Channel, Dist};
use malachite::base::num::basic::traits::Zero;

/// Prior Bayes vulnerability `V(π) = max_x π(x)` (Smith 2009, Def. 2).
pub fn bayes_vulnerability(prior: &Dist) -> Rational {
    prior
        .probs()
        .iter()
        .max()
        .cloned()
        .unwrap_or(Rational::ZERO)
}

/// Posterior Bayes vulnerability `V(π, W) = Σ_y max_x π(x) W(y|x)` (Smith 2009, Def. 3).
/// `prior` must have one mass per input.
pub fn posterior_vulnerability(prior: &Dist, w: &Channel) -> Rational {
    weighted_column_max_sum(prior.probs(), w.rows())
}

/// `Σ_y max_x c(x)·m[x][y]` for any matrix `m` (one weight per row; not checked): the posterior
/// Bayes vulnerability when `m` is a channel and `c` a prior; also the utility of a matrix
/// that need not be a channel (a printed, rounded table: Alvim et al. eq. (1)).
pub(crate) fn weighted_column_max_sum(c: &[Rational], m: &[Vec<Rational>]) -> Rational {
    let cols = m.first().map_or(0, Vec::len);
    (0..cols)
        .map(|y| {
            c.iter()
                .zip(m)
                .map(|(p, r)| p * &r[y])
                .max()
                .unwrap_or(Rational::ZERO)
        })
        .sum()
}

/// Multiplicative min-entropy leakage `V(π, W) / V(π)` — the exact argument of `log2` in
/// Smith's leakage `H∞(π) − H∞(π|W)` (Smith 2009, Def. 4). At least 1.
pub fn min_entropy_leakage(prior: &Dist, w: &Channel) -> Rational {
    posterior_vulnerability(prior, w) / bayes_vulnerability(prior)
}

/// Min-capacity argument `Σ_y max_x W(y|x)`: the largest min-entropy leakage ratio over all
/// priors, attained at the uniform prior (Braun et al. 2009, Thm 5.1; Köpf–Smith 2010).
/// The min-entropy capacity is `log2` of this, exactly.
pub fn min_capacity(w: &Channel) -> Rational {
    column_max_sum(w.rows())
}

/// `Σ_y max_x m[x][y]` for any matrix `m` (not necessarily a channel): the min-capacity
/// argument of a channel, Smith's posterior vulnerability `Σ_y max_x P(x, y)` of a joint.
pub(crate) fn column_max_sum(m: &[Vec<Rational>]) -> Rational {
    let cols = m.first().map_or(0, Vec::len);
    (0..cols)
        .map(|y| m.iter().map(|r| &r[y]).max().cloned().unwrap_or_default())
        .sum()
}

/// Prior g-vulnerability `V_g(π) = max_w Σ_x π(x) g(w, x)` for a gain matrix `g` (rows =
/// guesses w, columns = secrets x) (Alvim et al. 2012, Def. 3.2).
pub fn g_vulnerability(prior: &Dist, g: &[Vec<Rational>]) -> Rational {
    g.iter()
        .map(|gw| {
            gw.iter()
                .zip(prior.probs())
                .map(|(a, p)| a * p)
                .sum::<Rational>()
        })
        .max()
        .unwrap_or(Rational::ZERO)
}

/// Posterior g-vulnerability `V_g(π, W) = Σ_y max_w Σ_x π(x) W(y|x) g(w, x)` (Alvim et al.
/// 2012, Def. 3.3). With `g` the identity this is [`posterior_vulnerability`].
pub fn posterior_g_vulnerability(prior: &Dist, w: &Channel, g: &[Vec<Rational>]) -> Rational {
    (0..w.n_outputs())
        .map(|y| {
            g.iter()
                .map(|gw| {
                    gw.iter()
                        .zip(prior.probs())
                        .zip(w.rows())
                        .map(|((a, p), r)| a * p * &r[y])
                        .sum::<Rational>()
                })
                .max()
                .unwrap_or(Rational::ZERO)
        })
        .sum()
}

/// Additive leakage `V(π, W) − V(π)` for a prior and a posterior vulnerability (Bayes or g):
/// Alvim, Chatzikokolakis, McIver, Morgan, Palamidessi, Smith, *Additive and multiplicative
/// notions of leakage, and their capacities* (CSF 2014), §III; libqif's `add_leakage`.
pub fn add_leakage(prior_vulnerability: &Rational, posterior_vulnerability: &Rational) -> Rational {
    posterior_vulnerability - prior_vulnerability
}

/// Multiplicative leakage `V(π, W) / V(π)` (Alvim et al. CSF 2014, §III; libqif's
/// `mult_leakage`); `None` when `V(π) = 0`, where the ratio is undefined.
pub fn mult_leakage(
    prior_vulnerability: &Rational,
    posterior_vulnerability: &Rational,
) -> Option<Rational> {
    (*prior_vulnerability != 0u32).then(|| posterior_vulnerability / prior_vulnerability)
}

/// Multiplicative capacity over every non-negative gain function for the fixed prior `π`:
/// `Σ_y max_{x ∈ supp π} W(y|x)`, the min-capacity of the rows in the support of `π` (Alvim et
/// al. CSF 2014, the "miracle" theorem: `V_g(π, W) / V_g(π)` is at most this for every gain
/// `g ≥ 0`, and the bound is attained). With a full-support prior it is [`min_capacity`].
pub fn mult_capacity_on_support(prior: &Dist, w: &Channel) -> Rational {
    let rows: Vec<Vec<Rational>> = prior
        .support()
        .into_iter()
        .map(|x| w.rows()[x].clone())
        .collect();
    column_max_sum(&rows)
}

/// Prior Bayes risk `1 − V(π)`: the probability that the best single guess is wrong (libqif's
/// `bayes_risk`; the l-uncertainty of the 0-1 loss).
pub fn bayes_risk(prior: &Dist) -> Rational {
    Rational::from(1u32) - bayes_vulnerability(prior)
}

/// Posterior Bayes risk `1 − V(π, W)`.
pub fn posterior_bayes_risk(prior: &Dist, w: &Channel) -> Rational {
    Rational::from(1u32) - posterior_vulnerability(prior, w)
}

/// `Σ_i i · m_(i)` for the masses sorted in decreasing order (`i` from 1): the expected number
/// of guesses of an adversary who tries the secrets from the likeliest down (Massey 1994).
fn guessing_sum(masses: &mut [Rational]) -> Rational {
    masses.sort_unstable_by(|a, b| b.cmp(a));
    masses
        .iter()
        .enumerate()
        .map(|(i, m)| Rational::from(i as u64 + 1) * m)
        .sum()
}

/// Guessing entropy `G(π) = Σ_i i · π_(i)` (Massey, *Guessing and entropy*, ISIT 1994; libqif's
/// `guess_entropy`), exact.
pub fn guessing_entropy(prior: &Dist) -> Rational {
    guessing_sum(&mut prior.probs().to_vec())
}

/// Posterior guessing entropy `G(π, W) = Σ_y p(y) G(π_y) = Σ_y Σ_i i · (π(·) W(y|·))_(i)`: the
/// expected number of guesses after seeing the output (Köpf–Basin, CCS 2007).
pub fn posterior_guessing_entropy(prior: &Dist, w: &Channel) -> Rational {
    (0..w.n_outputs())
        .map(|y| {
            let mut col: Vec<Rational> = prior
                .probs()
                .iter()
                .zip(w.rows())
                .map(|(p, r)| p * &r[y])
                .collect();
            guessing_sum(&mut col)
        })
        .sum()
}

/// Prior l-uncertainty `U_l(π) = min_w Σ_x π(x) l(w, x)` for a loss matrix `l` (rows =
/// guesses, columns = secrets): the least expected loss of one guess (Alvim et al., *The
/// Science of Quantitative Information Flow*, 2020, §3.2.8; libqif's `l_uncert`).
pub fn l_uncertainty(prior: &Dist, l: &[Vec<Rational>]) -> Rational {
    l.iter()
        .map(|lw| {
            lw.iter()
                .zip(prior.probs())
                .map(|(a, p)| a * p)
                .sum::<Rational>()
        })
        .min()
        .unwrap_or(Rational::ZERO)
}

/// Posterior l-uncertainty `U_l(π, W) = Σ_y min_w Σ_x π(x) W(y|x) l(w, x)`. The l-leakage is
/// `U_l(π) − U_l(π, W)` (additive, `≥ 0`) or `U_l(π) / U_l(π, W)` (multiplicative).
pub fn posterior_l_uncertainty(prior: &Dist, w: &Channel, l: &[Vec<Rational>]) -> Rational {
    (0..w.n_outputs())
        .map(|y| {
            l.iter()
                .map(|lw| {
                    lw.iter()
                        .zip(prior.probs())
                        .zip(w.rows())
                        .map(|((a, p), r)| a * p * &r[y])
                        .sum::<Rational>()
                })
                .min()
                .unwrap_or(Rational::ZERO)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{channel, dist, q};
    use proptest::prelude::*;

    #[test]
    fn literal_values() {
        let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        assert_eq!(min_capacity(&w), q(3, 2));
        assert_eq!(min_entropy_leakage(&Dist::uniform(2), &w), q(3, 2));
        let pi = Dist::new(vec![q(9, 10), q(1, 10)]).unwrap();
        // Outputs: max(27/40, 1/40) + max(9/40, 3/40) = 9/10: no gain over guessing.
        assert_eq!(posterior_vulnerability(&pi, &w), q(9, 10));
        assert_eq!(min_entropy_leakage(&pi, &w), q(1, 1));
        assert_eq!(min_capacity(&Channel::identity(5)), q(5, 1));
        assert_eq!(add_leakage(&q(9, 10), &q(9, 10)), q(0, 1));
        assert_eq!(mult_leakage(&q(1, 2), &q(3, 4)), Some(q(3, 2)));
        assert_eq!(mult_leakage(&q(0, 1), &q(3, 4)), None);
        // A point prior sees one row: capacity 1 (nothing to learn).
        assert_eq!(mult_capacity_on_support(&Dist::point(2, 0), &w), q(1, 1));
        assert_eq!(mult_capacity_on_support(&pi, &w), q(3, 2));
        // A gain that rewards guessing 0 twice as much, and a "don't guess" row worth 1/4.
        let g = vec![
            vec![q(2, 1), q(0, 1)],
            vec![q(0, 1), q(1, 1)],
            vec![q(1, 4), q(1, 4)],
        ];
        let u = Dist::uniform(2);
        // Prior: max(1, 1/2, 1/4) = 1. Posterior: y=0: max(3/4, 1/8, 1/8) + y=1: max(1/4, 3/8, 1/8).
        assert_eq!(g_vulnerability(&u, &g), q(1, 1));
        assert_eq!(posterior_g_vulnerability(&u, &w, &g), q(9, 8));
    }

    fn identity_gain(n: usize) -> Vec<Vec<Rational>> {
        (0..n)
            .map(|i| (0..n).map(|j| Rational::from(u32::from(i == j))).collect())
            .collect()
    }

    #[test]
    fn risk_guessing_and_loss_by_hand() {
        let pi = Dist::new(vec![q(1, 2), q(1, 3), q(1, 6)]).unwrap();
        assert_eq!(bayes_risk(&pi), q(1, 2));
        // 1·1/2 + 2·1/3 + 3·1/6 = 5/3.
        assert_eq!(guessing_entropy(&pi), q(5, 3));
        assert_eq!(guessing_entropy(&Dist::uniform(4)), q(5, 2));
        // The identity leaks everything: one guess always suffices, no risk left.
        let id = Channel::identity(3);
        assert_eq!(posterior_guessing_entropy(&pi, &id), q(1, 1));
        assert_eq!(posterior_bayes_risk(&pi, &id), q(0, 1));
        // RR(3/4) on a uniform bit: y = 0 column (3/8, 1/8): 3/8 + 2/8 = 5/8, twice: 5/4.
        let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        assert_eq!(posterior_guessing_entropy(&Dist::uniform(2), &w), q(5, 4));
        assert_eq!(posterior_bayes_risk(&Dist::uniform(2), &w), q(1, 4));
        // The 0-1 loss is Bayes risk; |x − w| on {0, 1, 2} under π: guess 0 costs
        // 1/3 + 2/6 = 2/3, guess 1 costs 1/2 + 1/6 = 2/3, guess 2 costs 1 + 1/3 = 4/3.
        let abs = vec![
            vec![q(0, 1), q(1, 1), q(2, 1)],
            vec![q(1, 1), q(0, 1), q(1, 1)],
            vec![q(2, 1), q(1, 1), q(0, 1)],
        ];
        assert_eq!(l_uncertainty(&pi, &abs), q(2, 3));
        assert_eq!(posterior_l_uncertainty(&pi, &id, &abs), q(0, 1));
    }

    fn zero_one_loss(n: usize) -> Vec<Vec<Rational>> {
        (0..n)
            .map(|i| (0..n).map(|j| Rational::from(u32::from(i != j))).collect())
            .collect()
    }

    /// Naive guessing entropy: every permutation's expected number of guesses, the least.
    fn naive_guessing(masses: &[Rational]) -> Rational {
        let n = masses.len();
        let mut best: Option<Rational> = None;
        let mut perm: Vec<usize> = (0..n).collect();
        loop {
            let v: Rational = perm
                .iter()
                .enumerate()
                .map(|(i, &x)| Rational::from(i as u64 + 1) * &masses[x])
                .sum();
            if best.as_ref().is_none_or(|b| v < *b) {
                best = Some(v);
            }
            // next permutation
            let Some(i) = (0..n.saturating_sub(1))
                .rev()
                .find(|&i| perm[i] < perm[i + 1])
            else {
                break;
            };
            let j = (i + 1..n).rev().find(|&j| perm[j] > perm[i]).unwrap();
            perm.swap(i, j);
            perm[i + 1..].reverse();
        }
        best.unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn zero_one_loss_is_bayes_risk(w in channel(3, 3, 6), p in dist(3, 5)) {
            let pi = Dist::new(p).unwrap();
            let l = zero_one_loss(3);
            prop_assert_eq!(l_uncertainty(&pi, &l), bayes_risk(&pi));
            prop_assert_eq!(posterior_l_uncertainty(&pi, &w, &l), posterior_bayes_risk(&pi, &w));
        }

        /// Sorting is the best order (naive: every order), and observing never hurts.
        #[test]
        fn guessing_entropy_is_the_best_order(w in channel(4, 3, 5), p in dist(4, 5)) {
            let pi = Dist::new(p).unwrap();
            prop_assert_eq!(guessing_entropy(&pi), naive_guessing(pi.probs()));
            let post: Rational = (0..3).map(|y| {
                let col: Vec<Rational> = (0..4).map(|x| pi.p(x) * w.entry(x, y)).collect();
                naive_guessing(&col)
            }).sum();
            prop_assert_eq!(posterior_guessing_entropy(&pi, &w), post.clone());
            prop_assert!(post <= guessing_entropy(&pi));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn uniform_prior_attains_min_capacity(w in channel(3, 3, 6), p in dist(3, 5)) {
            let pi = Dist::new(p).unwrap();
            let l = min_entropy_leakage(&pi, &w);
            prop_assert!(l >= 1u32);
            prop_assert!(l <= min_capacity(&w));
            prop_assert_eq!(min_entropy_leakage(&Dist::uniform(3), &w), min_capacity(&w));
        }

        #[test]
        fn identity_gain_is_bayes(w in channel(3, 4, 6), p in dist(3, 5)) {
            let pi = Dist::new(p).unwrap();
            let g = identity_gain(3);
            prop_assert_eq!(g_vulnerability(&pi, &g), bayes_vulnerability(&pi));
            prop_assert_eq!(posterior_g_vulnerability(&pi, &w, &g), posterior_vulnerability(&pi, &w));
        }

        /// The miracle theorem, checked exactly on random non-negative gains: the
        /// multiplicative g-leakage never exceeds the capacity on the prior's support, and the
        /// additive leakage is never negative (posterior vulnerability ≥ prior).
        #[test]
        fn miracle_bound(w in channel(3, 3, 6), p in dist(3, 5), gs in proptest::collection::vec(0u32..5, 6)) {
            let pi = Dist::new(p).unwrap();
            let g: Vec<Vec<Rational>> = gs.chunks(3).map(|r| r.iter().map(|&a| Rational::from(a)).collect()).collect();
            let (v0, v1) = (g_vulnerability(&pi, &g), posterior_g_vulnerability(&pi, &w, &g));
            prop_assert!(add_leakage(&v0, &v1) >= 0u32);
            if let Some(m) = mult_leakage(&v0, &v1) {
                prop_assert!(m <= mult_capacity_on_support(&pi, &w));
            }
            prop_assert!(mult_capacity_on_support(&pi, &w) <= min_capacity(&w));
        }
    }
}
