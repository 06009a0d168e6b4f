//! The privacy loss distribution (PLD) of one pair of output distributions.
//!
//! For a pair `(P, Q)` (the rows `W(·|x)`, `W(·|x')` of a mechanism for the ordered neighbour
//! pair `(x, x')`) the privacy loss of an output `y` is `ln(P(y)/Q(y))`
//! (Dwork–Rothblum, *Concentrated Differential Privacy*, 2016, Def. 3.1; Sommer–Meiser–Mohammadi,
//! *Privacy loss classes*, PoPETs 2019, Def. 3). Outputs with the same ratio are one *letter*
//! (their masses add): the hockey-stick `δ(t) = Σ_y (P(y) − t Q(y))^+` and every composition
//! depend on the pair only through these letters. Outputs with `Q(y) = 0 < P(y)` have loss `+∞`
//! (their P-mass is a floor for δ at every ε); outputs with `P(y) = 0` never count towards δ
//! (`P − tQ ≤ 0`) and are left out.

use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;
use std::collections::BTreeMap;

/// Outputs of one finite likelihood ratio `p/q`, with their total masses (`p, q > 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The outputs `y` with this ratio `P(y)/Q(y)`, sorted.
    pub outputs: Vec<usize>,
    /// Their total P-mass (`> 0`).
    pub p: Rational,
    /// Their total Q-mass (`> 0`).
    pub q: Rational,
}

impl Letter {
    /// The likelihood ratio `P(y)/Q(y)` of its outputs.
    pub fn ratio(&self) -> Rational {
        &self.p / &self.q
    }
}

/// The PLD of an ordered pair: its letters by descending ratio and the mass at `+∞`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairLoss {
    /// Finite-ratio letters, descending ratio.
    pub letters: Vec<Letter>,
    /// `P(Q = 0)`: the P-mass of outputs with infinite privacy loss.
    pub inf: Rational,
    /// The outputs with infinite privacy loss.
    pub inf_outputs: Vec<usize>,
}

impl PairLoss {
    /// The PLD of `(P, Q)` (same length; distributions, as the rows of a validated channel).
    pub fn of_rows(p: &[Rational], q: &[Rational]) -> PairLoss {
        let mut by_ratio: BTreeMap<Rational, Letter> = BTreeMap::new();
        let mut inf = Rational::ZERO;
        let mut inf_outputs = Vec::new();
        for (y, (py, qy)) in p.iter().zip(q).enumerate() {
            if *py == 0u32 {
                continue;
            }
            if *qy == 0u32 {
                inf += py;
                inf_outputs.push(y);
                continue;
            }
            let l = by_ratio.entry(py / qy).or_insert_with(|| Letter {
                outputs: Vec::new(),
                p: Rational::ZERO,
                q: Rational::ZERO,
            });
            l.outputs.push(y);
            l.p += py;
            l.q += qy;
        }
        PairLoss {
            letters: by_ratio.into_values().rev().collect(),
            inf,
            inf_outputs,
        }
    }

    /// The pair's masses without the output names (two pairs with the same key have the same
    /// PLD, so they compose to the same δ(ε)).
    pub fn key(&self) -> (Vec<(Rational, Rational)>, Rational) {
        (
            self.letters
                .iter()
                .map(|l| (l.p.clone(), l.q.clone()))
                .collect(),
            self.inf.clone(),
        )
    }

    /// True when the pair is ε-DP for some finite ε (no infinite privacy loss).
    pub fn is_finite(&self) -> bool {
        self.inf == 0u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::q;

    #[test]
    fn literal_letters() {
        // 4-ary randomized response at t = 3, pair (0, 1): ratios 3, 1 (outputs 2, 3), 1/3.
        let p = [q(1, 2), q(1, 6), q(1, 6), q(1, 6)];
        let r = [q(1, 6), q(1, 2), q(1, 6), q(1, 6)];
        let l = PairLoss::of_rows(&p, &r);
        let got: Vec<_> = l
            .letters
            .iter()
            .map(|l| (l.outputs.clone(), l.p.clone(), l.q.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                (vec![0], q(1, 2), q(1, 6)),
                (vec![2, 3], q(1, 3), q(1, 3)),
                (vec![1], q(1, 6), q(1, 2)),
            ]
        );
        assert!(l.is_finite());
        // A zero against a positive entry: loss +∞ with P-mass 1/10; P = 0 is dropped.
        let l = PairLoss::of_rows(&[q(1, 10), q(9, 10), q(0, 1)], &[q(0, 1), q(1, 2), q(1, 2)]);
        assert_eq!(l.inf, q(1, 10));
        assert_eq!(l.inf_outputs, vec![0]);
        assert_eq!(l.letters.len(), 1);
        assert_eq!(l.letters[0].ratio(), q(9, 5));
    }
}
