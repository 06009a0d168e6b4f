//! Identifiability under a prior and expected distortion.
//!
//! Wang–Ying–Zhang, *On the Relation Between Identifiability, Differential Privacy, and
//! Mutual-Information Privacy* (IEEE Trans. IT 2016), Definition 3: a mechanism is
//! ε-identifiable under prior π if `P(X = x | Y = y) ≤ e^ε P(X = x' | Y = y)` for all neighbours
//! `x, x'` and outputs `y` of positive probability; since `P_Y(y)` cancels, the level is the
//! largest ratio `π(x) W(y|x) / (π(x') W(y|x'))`. Distortion: WYZ §II, `E[d(X, Y)]` with the
//! Hamming distance between databases in `D^n`.

use super::dp::{max_ratio_rows, DpLevel};
use crate::num::Rational;
use crate::prob::{Channel, Dist};

/// The exact identifiability level `e^ε` (≥ 1) of `w` under `prior` on the neighbour pairs
/// `adj` (WYZ 2016, Def. 3), with the attaining `(x, x')` and `y`; `∞` when some `y` has a
/// posterior that is zero at one neighbour and positive at the other. `prior` must have one
/// mass per input.
pub fn identifiability_level(prior: &Dist, w: &Channel, adj: &[(usize, usize)]) -> DpLevel {
    let joint = crate::prob::joint_rows(prior.probs(), w.rows());
    max_ratio_rows(&joint, adj)
}

/// `E[d(X, Y)] = Σ_{x,y} π(x) W(y|x) d(x, y)` for a distortion function `d`.
pub fn expected_distortion(
    prior: &Dist,
    w: &Channel,
    d: impl Fn(usize, usize) -> Rational,
) -> Rational {
    expected_distortion_rows(prior.probs(), w.rows(), d)
}

/// [`expected_distortion`] on a prior and channel rows (one mass per row; not checked): the
/// one place it is computed.
// The kernel on plain rows: the public form takes a Channel; the Wang–Ying–Zhang checkers call it
// directly on the matrices they index and build at each α (converting would copy every matrix).
pub(crate) fn expected_distortion_rows(
    prior: &[Rational],
    rows: &[Vec<Rational>],
    d: impl Fn(usize, usize) -> Rational,
) -> Rational {
    let mut s = Rational::default();
    for (x, (p, row)) in prior.iter().zip(rows).enumerate() {
        if *p == 0u32 {
            continue;
        }
        for (y, a) in row.iter().enumerate() {
            if *a != 0u32 {
                s += p * a * d(x, y);
            }
        }
    }
    s
}

/// Hamming distance between the databases with indices `x` and `y` in `D^n`, `|D| = m`
/// (index = base-`m` digits, as in `Graph::hamming`).
pub fn hamming_distance_base_m(mut x: usize, mut y: usize, n: usize, m: usize) -> usize {
    let mut d = 0;
    for _ in 0..n {
        if x % m != y % m {
            d += 1;
        }
        x /= m;
        y /= m;
    }
    d
}

/// Expected Hamming distortion `E[d_H(X, Y)]` of a square channel on `D^n`, `|D| = m`
/// (WYZ 2016, §II; inputs and outputs both indexed by base-`m` digits). `None` when the channel
/// is not `m^n × m^n`.
pub fn expected_hamming_distortion(
    prior: &Dist,
    w: &Channel,
    n: usize,
    m: usize,
) -> Option<Rational> {
    let size = (m as u128).checked_pow(n as u32)?;
    if w.n_inputs() as u128 != size || w.n_outputs() as u128 != size {
        return None;
    }
    Some(expected_distortion(prior, w, |x, y| {
        Rational::from(hamming_distance_base_m(x, y, n, m) as u64)
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{complete_pairs, dp_level, ExtRational};
    use super::*;
    use crate::testutil::{channel, dist, q};
    use proptest::prelude::*;

    #[test]
    fn literal_values() {
        let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        let pi = Dist::new(vec![q(2, 3), q(1, 3)]).unwrap();
        // max ratio: (2/3·3/4)/(1/3·1/4) = 6.
        let l = identifiability_level(&pi, &w, &[(0, 1)]);
        assert_eq!(l.ratio, ExtRational::Finite(q(6, 1)));
        assert_eq!((l.pair, l.output), ((0, 1), 0));
        // BSC on D^1, m = 2: distortion = crossover probability.
        assert_eq!(expected_hamming_distortion(&pi, &w, 1, 2), Some(q(1, 4)));
        assert_eq!(hamming_distance_base_m(0b101, 0b010, 3, 2), 3);
        assert_eq!(hamming_distance_base_m(5, 8, 2, 3), 1);
        assert_eq!(expected_hamming_distortion(&pi, &w, 2, 2), None);
        assert_eq!(
            identifiability_level(&Dist::point(2, 0), &w, &[(0, 1)]).ratio,
            ExtRational::Infinite
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn uniform_prior_identifiability_is_dp(w in channel(3, 3, 6)) {
            let adj = complete_pairs(3);
            prop_assert_eq!(
                identifiability_level(&Dist::uniform(3), &w, &adj).ratio,
                dp_level(&w, &adj).ratio
            );
        }

        #[test]
        fn identity_has_zero_distortion(p in dist(4, 5)) {
            let pi = Dist::new(p).unwrap();
            prop_assert_eq!(
                expected_hamming_distortion(&pi, &Channel::identity(4), 2, 2),
                Some(Rational::default())
            );
        }
    }
}
