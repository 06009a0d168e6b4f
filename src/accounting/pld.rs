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
use malachite::base::num::basic::traits::{One, Zero};
use std::collections::BTreeMap;
use std::fmt;

/// A set of outputs: listed, or every output of `0..n` but a few (the ratio-1 letter of K-ary
/// randomized response holds K − 2 outputs; listing them is what made `rr:100000000:2` abort,
/// issue 42 item 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outputs {
    /// These outputs, sorted.
    Listed(Vec<usize>),
    /// Every output of `0..n` except these (sorted).
    AllBut {
        /// The number of outputs of the mechanism.
        n: usize,
        /// The outputs left out, sorted.
        except: Vec<usize>,
    },
}

impl Outputs {
    /// The outputs, listed (tests and small sets: `AllBut` lists `n − |except|` of them).
    pub fn list(&self) -> Vec<usize> {
        match self {
            Outputs::Listed(v) => v.clone(),
            Outputs::AllBut { n, except } => (0..*n).filter(|y| !except.contains(y)).collect(),
        }
    }
}

/// `{0}`, `{2, 3}`, `every output but {0, 1}` or `every output`.
impl fmt::Display for Outputs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = |v: &[usize]| {
            let v: Vec<String> = v.iter().map(|y| y.to_string()).collect();
            format!("{{{}}}", v.join(", "))
        };
        match self {
            Outputs::Listed(v) => f.write_str(&set(v)),
            Outputs::AllBut { except, .. } if except.is_empty() => f.write_str("every output"),
            Outputs::AllBut { except, .. } => write!(f, "every output but {}", set(except)),
        }
    }
}

/// Outputs of one finite likelihood ratio `p/q`, with their total masses (`p, q > 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The outputs `y` with this ratio `P(y)/Q(y)`.
    pub outputs: Outputs,
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
        let mut by_ratio: BTreeMap<Rational, (Vec<usize>, Rational, Rational)> = BTreeMap::new();
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
            let l = by_ratio
                .entry(py / qy)
                .or_insert_with(|| (Vec::new(), Rational::ZERO, Rational::ZERO));
            l.0.push(y);
            l.1 += py;
            l.2 += qy;
        }
        PairLoss {
            letters: by_ratio
                .into_values()
                .rev()
                .map(|(outputs, p, q)| Letter {
                    outputs: Outputs::Listed(outputs),
                    p,
                    q,
                })
                .collect(),
            inf,
            inf_outputs,
        }
    }

    /// The PLD of the ordered pair `(x, x')` of K-ary randomized response at `t = e^ε ≥ 1`
    /// ([`crate::mechanism::randomized_response`]: `W(x|x) = t/(t + K − 1)`, `W(y|x) =
    /// 1/(t + K − 1)` otherwise), without its K × K matrix: output `x` has ratio `t`, output
    /// `x'` ratio `1/t`, the K − 2 others ratio 1 (masses `(K − 2)/(t + K − 1)` on both sides);
    /// at `t = 1` every output has ratio 1. Three letters whatever K (issue 42 item 4). Equal to
    /// [`PairLoss::of_rows`] on the matrix (tested). Needs `x ≠ x' < K` and `t ≥ 1`.
    pub fn randomized_response(k: usize, t: &Rational, x: usize, xp: usize) -> PairLoss {
        assert!(x != xp && x < k && xp < k && *t >= 1u32, "rr pair");
        let z = t + Rational::from(k - 1);
        let (on, off) = (t / &z, Rational::ONE / &z);
        let mut except = vec![x.min(xp), x.max(xp)];
        let letters = if *t == 1u32 {
            except.clear();
            vec![Letter {
                outputs: Outputs::AllBut { n: k, except },
                p: Rational::ONE,
                q: Rational::ONE,
            }]
        } else {
            let mut v = vec![Letter {
                outputs: Outputs::Listed(vec![x]),
                p: on.clone(),
                q: off.clone(),
            }];
            if k > 2 {
                let rest = Rational::from(k - 2) / &z;
                v.push(Letter {
                    outputs: Outputs::AllBut { n: k, except },
                    p: rest.clone(),
                    q: rest,
                });
            }
            v.push(Letter {
                outputs: Outputs::Listed(vec![xp]),
                p: off,
                q: on,
            });
            v
        };
        PairLoss {
            letters,
            inf: Rational::ZERO,
            inf_outputs: Vec::new(),
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
            .map(|l| (l.outputs.list(), l.p.clone(), l.q.clone()))
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

    /// The letters as lists: what two constructions must agree on.
    fn listed(l: &PairLoss) -> Vec<(Vec<usize>, Rational, Rational)> {
        l.letters
            .iter()
            .map(|l| (l.outputs.list(), l.p.clone(), l.q.clone()))
            .collect()
    }

    /// 4-ary RR at t = 3, pair (1, 3), by hand: z = 6; output 1 has (3/6, 1/6), outputs 0 and 2
    /// have (2/6, 2/6), output 3 has (1/6, 3/6); and t = 1 is one letter of every output.
    #[test]
    fn literal_randomized_response() {
        let l = PairLoss::randomized_response(4, &q(3, 1), 1, 3);
        assert_eq!(
            listed(&l),
            vec![
                (vec![1], q(1, 2), q(1, 6)),
                (vec![0, 2], q(1, 3), q(1, 3)),
                (vec![3], q(1, 6), q(1, 2)),
            ]
        );
        assert_eq!(l.letters[1].outputs.to_string(), "every output but {1, 3}");
        let one = PairLoss::randomized_response(3, &q(1, 1), 2, 0);
        assert_eq!(listed(&one), vec![(vec![0, 1, 2], q(1, 1), q(1, 1))]);
    }

    proptest::proptest! {
        /// The structured PLD of K-ary RR equals the one read off its K × K matrix
        /// ([`crate::mechanism::randomized_response`]), for every ordered pair.
        #[test]
        fn randomized_response_equals_the_matrix(
            k in 2usize..9, num in 1i64..40, den in 1i64..8, x in 0usize..9, dx in 1usize..9,
        ) {
            let t = q(num, den).max(q(1, 1));
            let (x, xp) = (x % k, (x + dx) % k);
            proptest::prop_assume!(x != xp);
            let w = crate::mechanism::randomized_response(k, &t).unwrap();
            let m = PairLoss::of_rows(&w.rows()[x], &w.rows()[xp]);
            let s = PairLoss::randomized_response(k, &t, x, xp);
            proptest::prop_assert_eq!(listed(&s), listed(&m));
            proptest::prop_assert_eq!(s.key(), m.key());
            proptest::prop_assert_eq!(s.inf_outputs, m.inf_outputs);
        }
    }
}
