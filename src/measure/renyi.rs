//! Rényi divergences of every order α ∈ {0, 1, 2, 3, …, ∞} and the information quantities built
//! on them, as exact log-linear forms in nats; `None` stands for `+∞` throughout (as for
//! [`kl`]).
//!
//! - `D_α(P‖Q)` (Rényi 1961; van Erven–Harremoës 2014, eq. (1), Thm 4 for α = 0, 1, ∞):
//!   `D_0 = −ln Q(supp P)`, `D_1 = KL`, `D_α = ln S_α/(α−1)` with the rational power sum
//!   `S_α = Σ_{P>0} P^α Q^{1−α}` for integer α ≥ 2, `D_∞ = ln max_{P>0} P/Q`. Every value is
//!   exact: the argument of each logarithm is rational.
//! - The "naive" Rényi mutual information `D_α(P_XY ‖ P_X × P_Y)` (the DP/information-theory
//!   article, ART-D4) and Sibson's `I^s_∞ = ln Σ_y max_{x ∈ supp P_X} W(y|x)` (Sibson 1969;
//!   Verdú 2015, eq. (51)).
//! - The Rényi diameter of a channel, `sup_{x,x'} D_α(W_x‖W_{x'})` (the article's ART-11).
//!
//! Extended values are compared exactly with [`extended_le`] / [`extended_eq`] (the
//! log-linear layer's gcd-free-basis zero test and certified sign).

use super::{kl, max_ratio, ExtRational};
use crate::num::{Decision, LogLinear, Rational};
use crate::prob::{Channel, Dist};
use malachite::base::num::arithmetic::traits::Pow;
use std::fmt;

/// A Rényi order α: 0, 1, an integer ≥ 2, or ∞ (the orders at which `D_α` is exactly
/// log-linear over rational distributions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenyiOrder {
    /// `D_0(P‖Q) = −ln Q(supp P)`.
    Zero,
    /// `D_1 = KL`.
    One,
    /// Integer order `α ≥ 2`.
    Int(u64),
    /// `D_∞ = ln max_{P>0} P/Q`.
    Inf,
}

impl fmt::Display for RenyiOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenyiOrder::Zero => f.write_str("0"),
            RenyiOrder::One => f.write_str("1"),
            RenyiOrder::Int(a) => write!(f, "{a}"),
            RenyiOrder::Inf => f.write_str("inf"),
        }
    }
}

/// The Rényi power sum `S_α(P‖Q) = Σ_{P(y)>0} P(y)^α Q(y)^{1−α}` for integer `α ≥ 1`
/// (van Erven–Harremoës 2014, eq. (1)); `None` when some `P(y) > 0 = Q(y)`.
pub fn renyi_power_sum(p: &[Rational], q: &[Rational], alpha: u64) -> Option<Rational> {
    let mut s = Rational::from(0u32);
    for (a, b) in p.iter().zip(q) {
        if *a > 0u32 {
            if *b == 0u32 {
                return None;
            }
            s += a.pow(alpha) / b.pow(alpha - 1);
        }
    }
    Some(s)
}

/// The power sum of the Rényi entropy, `Σ_x P(x)^α`, for integer `α ≥ 0` (Rényi 1961:
/// `H_α(P) = ln(Σ P^α)/(1−α)`; exact, so comparisons of `H_α` reduce to comparisons of these
/// rationals after exponentiating).
pub fn renyi_entropy_power_sum(p: &[Rational], alpha: u64) -> Rational {
    p.iter().map(|x| x.pow(alpha)).sum()
}

/// The Rényi divergence `D_α(P‖Q)` in nats, exact (`None` = `+∞`; van Erven–Harremoës 2014,
/// eq. (1) and Thm 4). `RenyiOrder::Int(α)` needs `α ≥ 2`.
pub fn renyi_divergence(order: RenyiOrder, p: &[Rational], q: &[Rational]) -> Option<LogLinear> {
    match order {
        RenyiOrder::Zero => {
            let mass: Rational = p
                .iter()
                .zip(q)
                .filter(|(a, _)| **a > 0u32)
                .map(|(_, b)| b)
                .sum();
            if mass == 0u32 {
                None
            } else {
                Some(-LogLinear::ln(&mass))
            }
        }
        RenyiOrder::One => kl(p, q),
        RenyiOrder::Int(a) => {
            assert!(
                a >= 2,
                "RenyiOrder::Int needs an order of at least 2, got {a}"
            );
            let s = renyi_power_sum(p, q, a)?;
            Some(LogLinear::term(&Rational::from_unsigneds(1, a - 1), &s))
        }
        RenyiOrder::Inf => match max_ratio(p, q) {
            ExtRational::Finite(r) => Some(LogLinear::ln(&r)),
            ExtRational::Infinite => None,
        },
    }
}

/// `a ≤ b` on extended values (`None` = `+∞`), decided exactly (log-linear sign).
pub fn extended_le(a: &Option<LogLinear>, b: &Option<LogLinear>) -> Decision {
    match (a, b) {
        (_, None) => Decision::True,
        (None, Some(_)) => Decision::False,
        (Some(x), Some(y)) => LogLinear::decide_le(x, y),
    }
}

/// `a = b` on extended values (`None` = `+∞`), decided exactly (gcd-free-basis zero test).
pub fn extended_eq(a: &Option<LogLinear>, b: &Option<LogLinear>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).is_zero(),
        _ => false,
    }
}

/// The product `P_X × Q_Y`, flattened row-major.
pub fn product_flat(px: &[Rational], qy: &[Rational]) -> Vec<Rational> {
    px.iter()
        .flat_map(|p| qy.iter().map(move |e| p * e))
        .collect()
}

/// The "naive" Rényi mutual information `I_α(X;Y) = D_α(P_XY ‖ P_X × P_Y)` (the
/// DP/information-theory article, ART-D4, l.297); at α = 1 it is Shannon's mutual information.
/// `prior` must have one mass per input.
pub fn renyi_mutual_information(order: RenyiOrder, prior: &Dist, w: &Channel) -> Option<LogLinear> {
    let (p, rows) = (prior.probs(), w.rows());
    let joint = crate::prob::joint_rows(p, rows).concat();
    let py = crate::prob::output_rows(p, rows);
    renyi_divergence(order, &joint, &product_flat(p, &py))
}

/// Sibson's mutual information of order ∞, `I^s_∞(X;Y) = ln Σ_y max_{x ∈ supp P_X} W(y|x)`
/// (Sibson 1969; Verdú 2015, eq. (51); the article's ART-6 at α = ∞, ART-7, ART-38): the
/// logarithm of the multiplicative capacity on the prior's support
/// ([`super::mult_capacity_on_support`]). `prior` must have one mass per input.
pub fn sibson_mutual_information_inf(prior: &Dist, w: &Channel) -> LogLinear {
    LogLinear::ln(&super::mult_capacity_on_support(prior, w))
}

/// The Rényi diameter of a channel, `sup_{x,x'} D_α(W_x‖W_{x'})` over all ordered pairs of
/// rows (the article's ART-11); `None` = `+∞`.
pub fn renyi_diameter(order: RenyiOrder, w: &Channel) -> Option<LogLinear> {
    let mut best = Some(LogLinear::zero());
    for a in w.rows() {
        for b in w.rows() {
            let d = renyi_divergence(order, a, b);
            if extended_le(&d, &best) == Decision::False {
                best = d;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::{entropy, mutual_information};
    use super::*;
    use crate::testutil::{dist, q};
    use proptest::prelude::*;

    /// Literal values, each worked by hand.
    #[test]
    fn literal_table() {
        let p = [q(1, 2), q(1, 2)];
        let r = [q(1, 4), q(3, 4)];
        // S_2 = (1/4)/(1/4) + (1/4)/(3/4) = 4/3, so D_2 = ln(4/3).
        assert_eq!(renyi_power_sum(&p, &r, 2), Some(q(4, 3)));
        assert_eq!(
            renyi_divergence(RenyiOrder::Int(2), &p, &r),
            Some(LogLinear::ln(&q(4, 3)))
        );
        // D_∞ = ln max(2, 2/3) = ln 2.
        assert_eq!(
            renyi_divergence(RenyiOrder::Inf, &p, &r),
            Some(LogLinear::ln(&q(2, 1)))
        );
        // D_0 with supp P = {0, 1} of mass 1/2 under Q: ln 2.
        assert_eq!(
            renyi_divergence(
                RenyiOrder::Zero,
                &[q(1, 2), q(1, 2), q(0, 1)],
                &[q(1, 4), q(1, 4), q(1, 2)]
            ),
            Some(LogLinear::ln(&q(2, 1)))
        );
        // Disjoint supports: +∞ at every order > 0, and at order 0.
        for o in [
            RenyiOrder::Zero,
            RenyiOrder::One,
            RenyiOrder::Int(3),
            RenyiOrder::Inf,
        ] {
            assert_eq!(
                renyi_divergence(o, &[q(1, 1), q(0, 1)], &[q(0, 1), q(1, 1)]),
                None
            );
        }
        // The noiseless binary channel under the uniform prior: I_α = ln 2 for α ∈ {1, 2, ∞},
        // Sibson's I^s_∞ = ln 2, and the diameter is +∞.
        let p = Dist::new(p.to_vec()).unwrap();
        let id = Channel::identity(2);
        for o in [RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Inf] {
            assert_eq!(
                renyi_mutual_information(o, &p, &id),
                Some(LogLinear::ln(&q(2, 1)))
            );
        }
        assert_eq!(
            sibson_mutual_information_inf(&p, &id),
            LogLinear::ln(&q(2, 1))
        );
        assert_eq!(renyi_diameter(RenyiOrder::Inf, &id), None);
        // BSC(1/4): D_∞(W_0‖W_1) = ln 3, Sibson's I^s_∞ = ln(3/4 + 3/4) = ln(3/2).
        let bsc = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        assert_eq!(
            renyi_diameter(RenyiOrder::Inf, &bsc),
            Some(LogLinear::ln(&q(3, 1)))
        );
        assert_eq!(
            sibson_mutual_information_inf(&p, &bsc),
            LogLinear::ln(&q(3, 2))
        );
        // Σ P^2 of (1/2, 1/4, 1/4) = 1/4 + 1/16 + 1/16 = 3/8; Σ P^0 counts every entry.
        let p3 = [q(1, 2), q(1, 4), q(1, 4)];
        assert_eq!(renyi_entropy_power_sum(&p3, 2), q(3, 8));
        assert_eq!(renyi_entropy_power_sum(&p3, 0), q(3, 1));
        // It is the divergence power sum against the uniform distribution, scaled:
        // S_α(P‖U_k) = k^{α−1} Σ P^α.
        let u = [q(1, 3), q(1, 3), q(1, 3)];
        assert_eq!(renyi_power_sum(&p3, &u, 2), Some(q(9, 8)));
        assert_eq!(RenyiOrder::Inf.to_string(), "inf");
        assert_eq!(RenyiOrder::Int(7).to_string(), "7");
    }

    /// Naive reference for `D_α`, α ≥ 2: `ln(Σ p^α q^{1−α})/(α−1)` with the power written as a
    /// product loop.
    fn renyi_naive(p: &[Rational], r: &[Rational], alpha: u64) -> Option<LogLinear> {
        let mut s = Rational::from(0u32);
        for (a, b) in p.iter().zip(r) {
            if *a == 0u32 {
                continue;
            }
            if *b == 0u32 {
                return None;
            }
            let ratio = a / b;
            let mut term = b.clone();
            for _ in 0..alpha {
                term *= &ratio;
            }
            s += term;
        }
        Some(LogLinear::term(&Rational::from_unsigneds(1, alpha - 1), &s))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Integer orders against the naive reference; `D_α` is non-decreasing in α
        /// (van Erven–Harremoës Thm 3) from 0 through ∞ and `D_0 ≥ 0`; `D_α(P‖P) = 0`.
        #[test]
        fn orders_agree_and_are_monotone(p in dist(4, 5), r in dist(4, 5), a in 2u64..6) {
            let d = |o| renyi_divergence(o, &p, &r);
            prop_assert_eq!(d(RenyiOrder::Int(a)), renyi_naive(&p, &r, a));
            let chain = [
                d(RenyiOrder::Zero),
                d(RenyiOrder::One),
                d(RenyiOrder::Int(2)),
                d(RenyiOrder::Int(3)),
                d(RenyiOrder::Inf),
            ];
            prop_assert_eq!(extended_le(&Some(LogLinear::zero()), &chain[0]), Decision::True);
            for w in chain.windows(2) {
                prop_assert_eq!(extended_le(&w[0], &w[1]), Decision::True);
            }
            for o in [RenyiOrder::Zero, RenyiOrder::One, RenyiOrder::Int(a), RenyiOrder::Inf] {
                prop_assert!(extended_eq(&renyi_divergence(o, &p, &p), &Some(LogLinear::zero())));
            }
        }

        /// At α = 1 the naive Rényi MI is Shannon's; Sibson's I^s_∞ bounds it from above
        /// and H(X) bounds Shannon's.
        #[test]
        fn mutual_informations_are_ordered(px in dist(3, 4), w0 in dist(3, 4), w1 in dist(3, 4), w2 in dist(3, 4)) {
            let rows = Channel::new(vec![w0, w1, w2]).unwrap();
            let pi = Dist::new(px.clone()).unwrap();
            let shannon = mutual_information(&pi, &rows);
            prop_assert!(extended_eq(
                &renyi_mutual_information(RenyiOrder::One, &pi, &rows),
                &Some(shannon.clone())
            ));
            let sib = Some(sibson_mutual_information_inf(&pi, &rows));
            prop_assert_eq!(extended_le(&Some(shannon.clone()), &sib), Decision::True);
            prop_assert_eq!(extended_le(&Some(shannon), &Some(entropy(&px))), Decision::True);
        }
    }
}
