//! Shannon quantities as exact log-linear forms in nats (Cover–Thomas, *Elements of
//! Information Theory*, ch. 2): entropy, conditional entropy, KL divergence, mutual
//! information (Rényi divergences of every order are in [`super::renyi`]). Equal forms compare equal exactly ([`LogLinear`]'s gcd-free-basis zero test).

use crate::num::{LogLinear, Rational};
use crate::prob::{Channel, Dist};
use malachite::base::num::basic::traits::One;

/// `Σ` of many forms, merged pairwise (balanced) so that large sums stay `O(n log n)`.
pub fn sum_forms(mut forms: Vec<LogLinear>) -> LogLinear {
    if forms.is_empty() {
        return LogLinear::zero();
    }
    while forms.len() > 1 {
        let mut next = Vec::with_capacity(forms.len().div_ceil(2));
        let mut it = forms.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => next.push(&a + &b),
                None => next.push(a),
            }
        }
        forms = next;
    }
    forms.pop().unwrap_or_default()
}

/// Shannon entropy `H(P) = −Σ_y P(y) ln P(y)` (nats), exact.
pub fn entropy(p: &[Rational]) -> LogLinear {
    sum_forms(
        p.iter()
            .filter(|a| **a > 0u32)
            .map(|a| LogLinear::term(&-a, a))
            .collect(),
    )
}

/// `D(P‖Q) = Σ_{P(y)>0} P(y) ln(P(y)/Q(y))` (nats); `None` means `+∞` (some `P(y) > 0 = Q(y)`).
pub fn kl(p: &[Rational], q: &[Rational]) -> Option<LogLinear> {
    let mut terms = Vec::new();
    for (a, b) in p.iter().zip(q) {
        if *a > 0u32 {
            if *b == 0u32 {
                return None;
            }
            terms.push(LogLinear::term(a, &(a / b)));
        }
    }
    Some(sum_forms(terms))
}

/// Conditional entropy `H(Y|X) = Σ_x π(x) H(W(·|x))` (nats). `prior` must have one mass per
/// input (checked by callers via [`Channel::check_prior`]).
pub fn conditional_entropy(prior: &Dist, w: &Channel) -> LogLinear {
    sum_forms(
        prior
            .probs()
            .iter()
            .zip(w.rows())
            .filter(|(p, _)| **p > 0u32)
            .map(|(p, row)| entropy(row).scale(p))
            .collect(),
    )
}

/// Binary entropy `h(d) = −d ln d − (1−d) ln(1−d)` (nats), `h(0) = h(1) = 0`
/// (Cover–Thomas eq. (2.5)); `d ∈ [0, 1]`.
pub fn binary_entropy(d: &Rational) -> LogLinear {
    entropy(&[d.clone(), Rational::ONE - d])
}

/// The output distribution `P_Y(y) = Σ_x π(x) W(y|x)` on plain rows ([`Channel::output`] is
/// the public form; both are `crate::prob::output_rows`).
// The kernel on plain rows: the public form takes a Channel; the Wang–Ying–Zhang checkers call it
// directly on the matrices they index and build at each α (converting would copy every matrix).
pub(crate) fn output_distribution(prior: &[Rational], rows: &[Vec<Rational>]) -> Vec<Rational> {
    crate::prob::output_rows(prior, rows)
}

/// Mutual information `I(X;Y) = Σ_x π(x) D(W(·|x) ‖ P_Y)` (nats), exact (Cover–Thomas
/// eq. (2.28)); always finite. `prior` must have one mass per input.
pub fn mutual_information(prior: &Dist, w: &Channel) -> LogLinear {
    mutual_information_of_rows(prior.probs(), w.rows())
}

/// [`mutual_information`] on a prior and channel rows given as plain vectors (one mass per
/// row, each row a distribution; not checked).
// The kernel on plain rows: the public form takes a Channel; the Wang–Ying–Zhang checkers call it
// directly on the matrices they index and build at each α (converting would copy every matrix).
pub(crate) fn mutual_information_of_rows(prior: &[Rational], rows: &[Vec<Rational>]) -> LogLinear {
    let py = crate::prob::output_rows(prior, rows);
    let mut terms = Vec::new();
    for (p, row) in prior.iter().zip(rows) {
        if *p == 0u32 {
            continue;
        }
        for (a, b) in row.iter().zip(&py) {
            if *a > 0u32 {
                terms.push(LogLinear::term(&(p * a), &(a / b)));
            }
        }
    }
    sum_forms(terms)
}

/// Mutual information in its second form `H(Y) − H(Y|X)` (Cover–Thomas eq. (2.39)); equal to
/// [`mutual_information`] exactly (tested with the exact zero test).
pub fn mutual_information_hy(prior: &Dist, w: &Channel) -> LogLinear {
    let py = crate::prob::output_rows(prior.probs(), w.rows());
    &entropy(&py) - &conditional_entropy(prior, w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{channel, dist, q};
    use proptest::prelude::*;

    #[test]
    fn literal_values() {
        // D((1/2,1/2) ‖ (1/4,3/4)) = ½ ln 2 + ½ ln(2/3).
        let d = kl(&[q(1, 2), q(1, 2)], &[q(1, 4), q(3, 4)]).unwrap();
        let want = &LogLinear::term(&q(1, 2), &q(2, 1)) + &LogLinear::term(&q(1, 2), &q(2, 3));
        assert_eq!(d, want);
        assert!(kl(&[q(1, 1), q(0, 1)], &[q(0, 1), q(1, 1)]).is_none());
        assert_eq!(entropy(&vec![q(1, 4); 4]), LogLinear::ln(&q(4, 1)));
        // h(1/2) = ln 2; h(0) = h(1) = 0; h(1/4) = 2 ln 2 − (3/4) ln 3.
        assert_eq!(binary_entropy(&q(1, 2)), LogLinear::ln(&q(2, 1)));
        assert!(binary_entropy(&q(0, 1)).is_zero() && binary_entropy(&q(1, 1)).is_zero());
        assert_eq!(
            binary_entropy(&q(1, 4)),
            &LogLinear::term(&q(2, 1), &q(2, 1)) - &LogLinear::term(&q(3, 4), &q(3, 1))
        );
        // BSC(1/4), uniform input: I = ln 2 − h(1/4).
        let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        let i = mutual_information(&Dist::uniform(2), &w);
        assert_eq!(i, &LogLinear::ln(&q(2, 1)) - &entropy(&[q(1, 4), q(3, 4)]));
        // Identity channel: I = H(X).
        let pi = Dist::new(vec![q(1, 6), q(1, 3), q(1, 2)]).unwrap();
        assert_eq!(
            mutual_information(&pi, &Channel::identity(3)),
            entropy(pi.probs())
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn mi_two_forms_agree_exactly(w in channel(3, 3, 5), p in dist(3, 4)) {
            let pi = Dist::new(p).unwrap();
            prop_assert!((&mutual_information(&pi, &w) - &mutual_information_hy(&pi, &w)).is_zero());
        }

        /// Against a naive `Σ_x π(x) D(W_x ‖ πW)` with the output distribution summed by
        /// hand, and the chain rule `H(X) + H(Y|X) = H(X,Y)`.
        #[test]
        fn mi_against_naive(w in channel(3, 3, 5), p in dist(3, 4)) {
            let rows = w.rows();
            let py: Vec<Rational> = (0..3)
                .map(|y| (0..3).map(|x| &p[x] * &rows[x][y]).sum())
                .collect();
            let pi = Dist::new(p.clone()).unwrap();
            let out = w.output(&pi).unwrap();
            prop_assert_eq!(out.probs(), &py[..]);
            let naive = sum_forms(
                p.iter()
                    .zip(rows)
                    .filter(|(a, _)| **a > 0u32)
                    .map(|(a, row)| kl(row, &py).unwrap().scale(a))
                    .collect(),
            );
            prop_assert_eq!(mutual_information(&pi, &w), naive);
            let joint: Vec<Rational> = (0..3)
                .flat_map(|x| (0..3).map(move |y| (x, y)))
                .map(|(x, y)| &p[x] * &rows[x][y])
                .collect();
            prop_assert_eq!(&entropy(&p) + &conditional_entropy(&pi, &w), entropy(&joint));
        }

        #[test]
        fn mi_symmetric(w in channel(3, 2, 5), p in dist(3, 4)) {
            // I(X;Y) = I(Y;X): read the joint the other way round.
            let pi = Dist::new(p).unwrap();
            let j = w.joint(&pi).unwrap();
            let py = j.marginal_y();
            let back: Vec<Vec<Rational>> = (0..2).map(|y| {
                (0..3).map(|x| if py.p(y).clone() == 0u32 { Rational::from(u32::from(x == 0)) }
                     else { &j.probs()[x][y] / py.p(y) }).collect()
            }).collect();
            let rev = Channel::new(back).unwrap();
            prop_assert_eq!(mutual_information(&pi, &w), mutual_information(&py, &rev));
        }

        #[test]
        fn kl_nonneg_and_zero_iff_equal(p in dist(4, 5), r in dist(4, 5)) {
            if let Some(d) = kl(&p, &r) {
                prop_assert!(d.signum() != std::cmp::Ordering::Less);
                prop_assert_eq!(d.is_zero(), p == r);
            }
        }
    }
}
