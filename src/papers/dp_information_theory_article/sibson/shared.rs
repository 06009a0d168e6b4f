//! The definitions the claim groups of `sibson` share (issue 43, item 1: out of
//! `sibson.rs`, which the groups imported whole while it listed them, a circle).

#![allow(clippy::needless_range_loop)]
pub(super) use super::super::basics::bsc_ps;
pub(crate) use super::super::core::bsc_rows;
pub(crate) use super::super::core::{chan, dist};
pub(crate) use super::super::core::{
    chan_beyond, chan_cells, channels, cp, dh, dv, q, ChanCell, Div,
};
pub(crate) use crate::claim::instances::{fmt_vec, simplex};
pub(crate) use crate::claim::mechanism_grid::{default_mechanism_families, MechanismFamily};
pub(crate) use crate::claim::scan::{Agree, DScan, Decider};
pub(crate) use crate::claim::{Check, ClaimChecker, Family, Method, Value};
pub(crate) use crate::measure::ExtRational;
pub(crate) use crate::measure::{binary_entropy, capacity_bracket_exact};
pub(crate) use crate::measure::{
    extended_eq, extended_le, product_flat, renyi_diameter, renyi_divergence,
    renyi_mutual_information, renyi_power_sum, sibson_mutual_information_inf, RenyiOrder,
};
pub(crate) use crate::num::fmt::to_f64;
pub(crate) use crate::num::interval::{refine, Interval, DEFAULT_SCHEDULE};
pub(crate) use crate::num::loglin::LogLinear;
pub(crate) use crate::num::poly::Poly;
pub(crate) use crate::num::sturm::{sign_on, Range, SignOnInterval};
pub(crate) use crate::num::{Decision, Rational};
pub(crate) use crate::prob::{joint_rows, output_rows};
pub(crate) use malachite::base::num::arithmetic::traits::{CheckedRoot, Pow};
pub(crate) use std::cmp::Ordering;
pub(crate) use std::fmt;

/// `A(y) = Σ_x P(x) W(y|x)^α`.
pub fn sib_a(prior: &[Rational], w: &[Vec<Rational>], al: u64) -> Vec<Rational> {
    (0..w[0].len())
        .map(|y| {
            prior
                .iter()
                .zip(w)
                .map(|(p, r)| p * r[y].clone().pow(al))
                .sum()
        })
        .collect()
}

/// `Z^α` exactly when every nonzero `A(y)/A(y_0)` is a perfect α-th power.
pub fn z_pow_exact(a: &[Rational], al: u64) -> Option<Rational> {
    let nz: Vec<&Rational> = a.iter().filter(|x| **x > 0u32).collect();
    let a0 = nz.first()?;
    let mut sum = Rational::from(0u32);
    for x in &nz {
        sum += (*x / *a0).checked_root(al)?;
    }
    Some(*a0 * sum.pow(al))
}

/// Sibson's minimiser `Q*(y) = A(y)^{1/α}/Z` when it is rational (every nonzero `A(y)/A(y_0)`
/// a perfect α-th power).
pub fn q_star_exact(a: &[Rational], al: u64) -> Option<Vec<Rational>> {
    let a0 = a.iter().find(|x| **x > 0u32)?;
    let c: Vec<Rational> = a
        .iter()
        .map(|x| {
            if *x > 0u32 {
                (x / a0).checked_root(al)
            } else {
                Some(Rational::from(0u32))
            }
        })
        .collect::<Option<Vec<Rational>>>()?;
    let tot: Rational = c.iter().cloned().sum();
    Some(c.into_iter().map(|x| x / &tot).collect())
}

/// Certified enclosure of `Z^α = (Σ_y exp(ln A(y)/α))^α`.
pub fn z_pow_enclose(a: &[Rational], al: u64, prec: u64) -> Option<Interval> {
    let inv = Rational::from_unsigneds(1, al);
    let mut s = Interval::from_i64(0, prec);
    for x in a.iter().filter(|x| **x > 0u32) {
        s = s.add(&Interval::ln_rational(x, prec)?.mul_rational(&inv).exp());
    }
    s.powi(al as i64)
}

/// Decide `Z^α ≤ rhs` (exact or certified; see the module doc). Returns the decision, whether
/// it was an exact equality, and the bits used (0 = exact).
pub fn zpow_le(a: &[Rational], al: u64, rhs: &Rational) -> (Decision, bool, u64) {
    if let Some(z) = z_pow_exact(a, al) {
        return (Decision::from_bool(z <= *rhs), z == *rhs, 0);
    }
    let (d, bits) = refine(
        |prec| match z_pow_enclose(a, al, prec) {
            Some(iv) => iv.le(&Interval::from_rational(rhs, prec)),
            None => Decision::Unknown,
        },
        &DEFAULT_SCHEDULE,
    );
    (d, false, bits)
}

/// [`zpow_le`] with the step's record on `st` (issue 44 item 6): a `compare` record `Z^α ≤ rhs`
/// when `Z^α` is rational, else the `enclosure` record of the same comparison after the α-th
/// root, `Σ_y exp(ln A(y)/α) ≤ exp(ln(rhs)/α)`; none (the step unrecorded) when undecided or
/// when the enclosures do not give the same decision.
pub fn zpow_le_recorded(
    a: &[Rational],
    al: u64,
    rhs: &Rational,
    st: &mut Decider,
) -> (Decision, bool, u64) {
    use crate::certify::enclosure::Enc;
    let (d, eq, bits) = zpow_le(a, al, rhs);
    if let Some(z) = z_pow_exact(a, al) {
        st.rat(&z, "<=", rhs);
    } else {
        let z = z_enc(a, al).unwrap_or_else(|| Enc::q(&Rational::from(0u32)));
        let root = (*rhs > 0u32).then(|| root_enc(rhs, al));
        st.enclosed_as(d, Some(z), "<=", root);
    }
    (d, eq, bits)
}

/// `x^{1/α} = exp(ln x · (1/α))` as an enclosure tree (`x > 0`).
pub fn root_enc(x: &Rational, al: u64) -> crate::certify::enclosure::Enc {
    use crate::certify::enclosure::Enc;
    let inv = Enc::q(&Rational::from_unsigneds(1, al));
    Enc::fun("exp", Enc::bin("*", Enc::fun("ln", Enc::q(x)), inv))
}

/// `Z = Σ_y A(y)^{1/α}` (over `A(y) > 0`) as an enclosure tree; `None` when every `A(y)` is 0.
pub fn z_enc(a: &[Rational], al: u64) -> Option<crate::certify::enclosure::Enc> {
    use crate::certify::enclosure::Enc;
    a.iter()
        .filter(|x| **x > 0u32)
        .map(|x| root_enc(x, al))
        .reduce(|s, t| Enc::bin("+", s, t))
}
