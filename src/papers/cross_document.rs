//! Cross-document consistency checks of `shared/claims/cross-document.md` (XDOC-1 … XDOC-10)
//! between the Cuff–Yu slides (seed 000), the information-theory article (seed 001) and
//! Vadhan's notes (seed 003); manifest `theorems/cross-document.toml`.
//!
//! Each check evaluates the statements of two or three documents on the same instances,
//! under the readings stated in the per-document manifests, and reports whether they agree.
//! Readings of the article (ART-*) used here are stated per check.
//!
//! Claim groups: `bounds` (XDOC-1, XDOC-2: closeness and capacity bounds), `notions` (XDOC-3 …
//! XDOC-6: the privacy notions and definitions of the documents on the same instances) and
//! `fixtures` (XDOC-7 … XDOC-10: erasure, composition, noise and the canonical pair).

use crate::claim::instances::{default_pair_cells, fmt_pair, simplex_pairs, PairCell};
use crate::claim::instances::{fmt_rows, fmt_vec, r, simplex, t_set, t_small};
use crate::claim::mechanism_grid::{default_mechanism_families, MechanismFamily};
use crate::claim::scan::{DScan, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::{capacity_bracket_exact, mutual_information};
use crate::measure::{
    dp_capacity_bound_bits_at_eps_one_below, mi_dp_bound_from_tv, tight_conversion_pair,
    tight_delta_conversion, tv_bound_of_close_pair,
};
use crate::measure::{
    entropy, hockey_stick_divergence, hockey_stick_two_sided, max_ratio, max_ratio_two_sided, tv,
    ExtRational,
};
use crate::mechanism::database::{product_randomized_response, DatabaseMechanism};
use crate::mechanism::{erasure, truncated_geometric};
use crate::num::loglin::LogLinear;
use crate::num::poly::Poly;
use crate::num::{Decision, Rational};
use crate::prob::{Channel, Dist};
use std::cmp::Ordering;
use std::fmt;

mod bounds;
mod fixtures;
mod notions;

/// Largest ratio `max_y M(x)(y)/M(x')(y)` over database pairs selected by `pick(x, x')`.
fn level_over(mech: &DatabaseMechanism, pick: impl Fn(&[usize], &[usize]) -> bool) -> ExtRational {
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

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(bounds::claims());
    v.extend(notions::claims());
    v.extend(fixtures::claims());
    v
}
