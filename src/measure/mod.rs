//! Privacy and leakage measures of a [`crate::prob::Channel`], each an exact rational, an exact
//! log-linear form ([`crate::num::LogLinear`]) or a certified enclosure — never an `f64`.
//!
//! Conventions for the privacy parameter (stated again on every function):
//! - DP levels ([`dp_level`], [`identifiability_level`]) are returned as the ratio `e^ε ≥ 1`.
//! - The hockey-stick divergence [`hockey_stick`] / [`delta_at`] takes `t = e^ε` (so `t ≥ 1`
//!   for the usual (ε, δ) reading; any `t ≥ 0` is accepted).
//! - [`epsilon`] speaks ε itself: δ at a rational ε with the exact `e^ε`, the smallest ε for a
//!   given δ.
//! - Mechanisms in [`crate::mechanism`] take the same `t = e^ε ≥ 1`.
//!
//! Adjacency: a neighbour relation on the inputs is given as a list of unordered pairs
//! `&[(usize, usize)]`; both orientations are always checked. [`complete_pairs`] gives every
//! pair (the `dpcert audit` default).
//!
//! # Example
//! Binary randomized response at `t = e^ε = 3` (rows `(3/4, 1/4)` and `(1/4, 3/4)`): its DP
//! level is exactly 3, and under the uniform prior its mutual information is, by hand,
//! `Σ_x ½ Σ_y W(y|x) ln(W(y|x)/½) = ¾·ln 3 − ln 2` nats, an exact log-linear form.
//! ```
//! use dpcert::measure::{complete_pairs, dp_level, mutual_information, ExtRational};
//! use dpcert::mechanism::randomized_response;
//! use dpcert::num::LogLinear;
//! use dpcert::{parse_rational, Dist};
//!
//! let q = |s: &str| parse_rational(s).unwrap();
//! let rr = randomized_response(2, &q("3")).unwrap();
//! assert_eq!(rr.entry(0, 0), &q("3/4"));
//! assert_eq!(dp_level(&rr, &complete_pairs(2)).ratio, ExtRational::Finite(q("3")));
//! let mi = mutual_information(&Dist::uniform(2), &rr);
//! let by_hand = &LogLinear::term(&q("3/4"), &q("3")) - &LogLinear::ln(&q("2"));
//! assert_eq!(mi, by_hand);
//! println!("I(X;Y) = {mi} ≈ {:.4} nats", mi.approx_f64());
//! ```

mod bounds;
mod capacity;
mod capacity_hint;
pub(crate) use capacity::{capacity_bracket_certified, capacity_float_hint};
pub(crate) use capacity_hint::capacity_newton_limit;
mod delta_curve;
mod divergence;
mod dp;
pub mod epsilon;
pub(crate) mod events;
mod ident;
pub(crate) mod in_t;
mod info;
mod metric;
mod qif;
mod renyi;

pub(crate) use bounds::tv_bound_of_close_pair;
pub use bounds::{
    dp_capacity_bound_bits_at_eps_one, dp_capacity_bound_bits_at_eps_one_vs, mi_dp_bound_from_tv,
    tight_conversion_pair, tight_delta_conversion,
};
pub use capacity::{
    capacity_bracket, capacity_bracket_at, capacity_bracket_exact, capacity_bracket_within,
    CapacityBracket, ExactCapacityBracket,
};
pub use delta_curve::{delta_curve, delta_curve_partial, CurvePiece, DeltaCurve, PartialCurve};
pub(crate) use delta_curve::{envelope, Seg};
pub(crate) use divergence::positive_part;
pub use divergence::{
    event_probabilities, event_probability, hockey_stick_divergence, hockey_stick_two_sided,
    l1_distance, max_ratio, max_ratio_over_events, max_ratio_two_sided,
};
pub(crate) use dp::max_ratio_over_ordered_pairs;
pub use dp::{delta_at, dp_level, hockey_stick, tv, DeltaAt, DpLevel, HockeyStick};
pub(crate) use dp::{is_complete, max_ratio_rows};
pub(crate) use ident::expected_distortion_rows;
#[cfg(any(test, feature = "bench-models"))]
pub(crate) use ident::hamming_distance_base_m;
pub use ident::{expected_distortion, expected_hamming_distortion, identifiability_level};
pub use info::{
    binary_entropy, conditional_entropy, entropy, kl, mutual_information, mutual_information_hy,
};
pub(crate) use info::{mutual_information_of_rows, output_distribution};
pub use metric::{metric_privacy_level, Metric, MetricError, MetricLevel};
pub use qif::{
    add_leakage, bayes_risk, bayes_vulnerability, g_vulnerability, guessing_entropy, l_uncertainty,
    min_capacity, min_entropy_leakage, mult_capacity_on_support, mult_leakage,
    posterior_bayes_risk, posterior_g_vulnerability, posterior_guessing_entropy,
    posterior_l_uncertainty, posterior_vulnerability,
};
pub(crate) use qif::{column_max_sum, weighted_column_max_sum};
pub(crate) use renyi::{
    extended_eq, extended_le, product_flat, renyi_entropy_power_sum, renyi_power_sum,
};
pub use renyi::{
    renyi_diameter, renyi_divergence, renyi_mutual_information, sibson_mutual_information_inf,
    RenyiOrder,
};

use crate::num::Rational;
use std::cmp::Ordering;
use std::fmt;

/// A non-negative rational or `+∞` (a likelihood ratio where a zero faces a non-zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExtRational {
    /// A finite value.
    Finite(Rational),
    /// `+∞`.
    Infinite,
}

impl ExtRational {
    /// The finite value, if any.
    pub fn finite(&self) -> Option<&Rational> {
        match self {
            ExtRational::Finite(q) => Some(q),
            ExtRational::Infinite => None,
        }
    }

    /// The finite value by move, `None` for `+∞`.
    pub fn into_finite(self) -> Option<Rational> {
        match self {
            ExtRational::Finite(q) => Some(q),
            ExtRational::Infinite => None,
        }
    }

    /// `self ≤ t` for a finite `t` (`∞ ≤ t` is false).
    pub fn at_most(&self, t: &Rational) -> bool {
        match self {
            ExtRational::Finite(q) => q <= t,
            ExtRational::Infinite => false,
        }
    }

    /// True for `+∞`.
    pub fn is_infinite(&self) -> bool {
        matches!(self, ExtRational::Infinite)
    }

    /// `a / b` for `a, b ≥ 0` with `b = 0 < a` giving `∞`; `None` for `0/0`.
    pub fn ratio(a: &Rational, b: &Rational) -> Option<ExtRational> {
        if *b == 0u32 {
            if *a == 0u32 {
                None
            } else {
                Some(ExtRational::Infinite)
            }
        } else {
            Some(ExtRational::Finite(a / b))
        }
    }
}

impl Ord for ExtRational {
    fn cmp(&self, o: &ExtRational) -> Ordering {
        match (self, o) {
            (ExtRational::Infinite, ExtRational::Infinite) => Ordering::Equal,
            (ExtRational::Infinite, _) => Ordering::Greater,
            (_, ExtRational::Infinite) => Ordering::Less,
            (ExtRational::Finite(a), ExtRational::Finite(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for ExtRational {
    fn partial_cmp(&self, o: &ExtRational) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for ExtRational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtRational::Finite(q) => write!(f, "{q}"),
            ExtRational::Infinite => write!(f, "inf"),
        }
    }
}

pub use crate::prob::adjacency::complete_pairs;

/// [`dp_level`] on the edges of a graph (vertex `v` = input `v`); ratio = `e^ε`.
pub fn dp_level_on_graph(w: &crate::prob::Channel, g: &crate::graph::Graph) -> DpLevel {
    dp_level(w, &g.edges())
}

/// [`delta_at`] on the edges of a graph, with `t = e^ε`.
pub fn delta_at_on_graph(
    w: &crate::prob::Channel,
    g: &crate::graph::Graph,
    t: &Rational,
) -> DeltaAt {
    delta_at(w, &g.edges(), t)
}

/// [`identifiability_level`] on the edges of a graph; ratio = `e^ε`.
pub fn identifiability_on_graph(
    prior: &crate::prob::Dist,
    w: &crate::prob::Channel,
    g: &crate::graph::Graph,
) -> DpLevel {
    identifiability_level(prior, w, &g.edges())
}
