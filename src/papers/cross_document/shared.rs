//! The definitions the claim groups of `cross_document` share (issue 43, item 1: out of
//! `cross_document.rs`, which the groups imported whole while it listed them, a circle).

pub(crate) use crate::claim::instances::{default_pair_cells, fmt_pair, simplex_pairs, PairCell};
pub(crate) use crate::claim::instances::{fmt_rows, fmt_vec, r, simplex, t_set, t_small};
pub(crate) use crate::claim::mechanism_grid::{default_mechanism_families, MechanismFamily};
pub(crate) use crate::claim::scan::{DScan, Decider, Scan};
pub(crate) use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
pub(crate) use crate::measure::{capacity_bracket_exact, mutual_information};
pub(crate) use crate::measure::{
    dp_capacity_bound_bits_at_eps_one_vs, mi_dp_bound_from_tv, tight_conversion_pair,
    tight_delta_conversion, tv_bound_of_close_pair,
};
pub(crate) use crate::measure::{
    entropy, hockey_stick_divergence, hockey_stick_two_sided, max_ratio, max_ratio_two_sided, tv,
    ExtRational,
};
pub(crate) use crate::mechanism::database::{product_randomized_response, DatabaseMechanism};
pub(crate) use crate::mechanism::{erasure, truncated_geometric};
pub(crate) use crate::num::loglin::LogLinear;
pub(crate) use crate::num::poly::Poly;
pub(crate) use crate::num::{Decision, Rational};
pub(crate) use crate::prob::{Channel, Dist};
pub(crate) use std::fmt;

/// Largest ratio `max_y M(x)(y)/M(x')(y)` over database pairs selected by `pick(x, x')`.
pub(crate) fn level_over(
    mech: &DatabaseMechanism,
    pick: impl Fn(&[usize], &[usize]) -> bool,
) -> ExtRational {
    let mut best = ExtRational::Finite(r(1, 1));
    for x in 0..mech.size() {
        for xp in 0..mech.size() {
            if !pick(&mech.digits(x), &mech.digits(xp)) {
                continue;
            }
            let q = max_ratio(&mech.rows[x], &mech.rows[xp]);
            best = best.max(q);
        }
    }
    best
}
