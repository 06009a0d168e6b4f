//! The hyper-distribution as a value (issue 47 item 2): a channel `W` on a prior `π` induces a
//! distribution on posteriors, `[π ▷ W]` — each output `y` of positive probability contributes
//! its outer probability `p(y)` to the inner `π_y = π(·) W(y|·) / p(y)` (McIver, Meinicke,
//! Morgan, *Compositional closure for Bayes risk in probabilistic noninterference*, ICALP 2010;
//! Alvim et al., *The Science of Quantitative Information Flow*, 2020, ch. 4).
//!
//! The canonical form drops outputs of probability 0, merges outputs with equal posteriors
//! (adding their outer masses) and sorts the inners, so two channels have equal hypers exactly
//! when they leak the same to every adversary on `π` (the abstract channel): compared with `==`.

use crate::num::Rational;
use crate::prob::{Channel, Dist, ProbError};
use std::collections::BTreeMap;

/// A hyper-distribution in canonical form: `(outer, inner)` pairs, inners distinct and
/// sorted, outers positive and summing to 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hyper {
    inners: Vec<(Rational, Vec<Rational>)>,
}

impl Hyper {
    /// `[π ▷ W]` in canonical form; an error when `π` is not on `W`'s inputs.
    pub fn of(prior: &Dist, w: &Channel) -> Result<Hyper, ProbError> {
        let joint = w.joint(prior)?;
        let mut merged: BTreeMap<Vec<Rational>, Rational> = BTreeMap::new();
        for (_, outer, inner) in joint.posteriors() {
            *merged.entry(inner.probs().to_vec()).or_default() += outer;
        }
        Ok(Hyper {
            inners: merged
                .into_iter()
                .map(|(inner, outer)| (outer, inner))
                .collect(),
        })
    }

    /// The `(outer, inner)` pairs, inners in increasing lexicographic order.
    pub fn inners(&self) -> &[(Rational, Vec<Rational>)] {
        &self.inners
    }

    /// Number of distinct posteriors.
    pub fn len(&self) -> usize {
        self.inners.len()
    }

    /// Never true for a hyper of a valid prior and channel.
    pub fn is_empty(&self) -> bool {
        self.inners.is_empty()
    }

    /// `Σ outer · max inner`: the posterior Bayes vulnerability read off the hyper (equal to
    /// [`crate::measure::posterior_vulnerability`]; a hyper determines every leakage).
    pub fn bayes_vulnerability(&self) -> Rational {
        self.inners
            .iter()
            .map(|(o, i)| o * i.iter().max().cloned().unwrap_or_default())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::posterior_vulnerability;
    use crate::testutil::{channel, channel_of, dist, q};
    use proptest::prelude::*;

    #[test]
    fn literal_hypers() {
        // Two outputs with the same posterior (columns proportional) merge; a zero column drops.
        let w = channel_of(&[
            &[(1, 4), (1, 4), (1, 2), (0, 1)],
            &[(1, 8), (1, 8), (3, 4), (0, 1)],
        ]);
        let h = Hyper::of(&Dist::uniform(2), &w).unwrap();
        // Outputs 0, 1: p = 3/16 each, posterior (2/3, 1/3); output 2: p = 5/8, (2/5, 3/5).
        assert_eq!(
            h.inners(),
            &[
                (q(5, 8), vec![q(2, 5), q(3, 5)]),
                (q(3, 8), vec![q(2, 3), q(1, 3)]),
            ]
        );
        // The same channel with its columns permuted and merged by hand has the same hyper.
        let v = channel_of(&[&[(1, 2), (1, 2)], &[(3, 4), (1, 4)]]);
        assert_eq!(Hyper::of(&Dist::uniform(2), &v).unwrap(), h);
        // A point prior: one inner, the point itself.
        let h = Hyper::of(&Dist::point(2, 1), &w).unwrap();
        assert_eq!(h.inners(), &[(q(1, 1), vec![q(0, 1), q(1, 1)])]);
        assert!(Hyper::of(&Dist::uniform(3), &w).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Canonical: outers sum to 1, inners distinct; permuting or splitting the columns
        /// (a post-processing both ways) keeps the hyper; the Bayes vulnerability is the
        /// channel's.
        #[test]
        fn canonical_and_invariant(w in channel(3, 3, 4), p in dist(3, 4)) {
            let pi = Dist::new(p).unwrap();
            let h = Hyper::of(&pi, &w).unwrap();
            prop_assert_eq!(h.inners().iter().map(|(o, _)| o.clone()).sum::<Rational>(), Rational::from(1u32));
            prop_assert!(h.inners().windows(2).all(|p| p[0].1 < p[1].1));
            prop_assert!(h.inners().iter().all(|(o, _)| *o > 0u32));
            prop_assert_eq!(h.bayes_vulnerability(), posterior_vulnerability(&pi, &w));
            // Reverse the columns and split the first into halves.
            let rows: Vec<Vec<Rational>> = w.rows().iter().map(|r| {
                let mut out: Vec<Rational> = r.iter().rev().cloned().collect();
                let half = &out[0] / Rational::from(2u32);
                out[0] = half.clone();
                out.push(half);
                out
            }).collect();
            let v = Channel::new(rows).unwrap();
            prop_assert_eq!(Hyper::of(&pi, &v).unwrap(), h);
        }
    }
}
