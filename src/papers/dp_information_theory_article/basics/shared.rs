//! The definitions the claim groups of `basics` share (issue 43, item 1: out of
//! `basics.rs`, which the groups imported whole while it listed them, a circle).

#![allow(clippy::needless_range_loop)]
pub(crate) use super::super::core::{
    bsc_rows, chan_beyond, chan_cells, cp, dh, dv, q, ChanCell, Div, Named, ORDERS,
};
pub(crate) use super::super::core::{chan, dist, posterior};
pub(crate) use crate::claim::instances::{
    default_pair_cells, fmt_pair, pair_cells_beyond, simplex_pairs, PairCell,
};
pub(crate) use crate::claim::instances::{fmt_vec, simplex};
pub(crate) use crate::claim::scan::{Agree, DScan, Decider, Scan};
pub(crate) use crate::claim::{
    undecided_because, Check, ClaimChecker, Family, Method, Outcome, Value,
};
pub(crate) use crate::measure::{binary_entropy, capacity_bracket_exact, mutual_information};
pub(crate) use crate::measure::{
    entropy, event_probability, hockey_stick_divergence, kl, max_ratio,
};
pub(crate) use crate::measure::{
    extended_eq, product_flat, renyi_diameter, renyi_divergence, renyi_mutual_information,
    renyi_power_sum, RenyiOrder,
};
pub(crate) use crate::num::interval::{refine, Interval, DEFAULT_SCHEDULE};
pub(crate) use crate::num::loglin::LogLinear;
pub(crate) use crate::num::{Decision, Rational};
pub(crate) use crate::prob::compose_rows;
pub(crate) use crate::prob::{joint_rows, output_rows};
pub(crate) use malachite::base::num::arithmetic::traits::Pow;
pub(crate) use std::fmt;
