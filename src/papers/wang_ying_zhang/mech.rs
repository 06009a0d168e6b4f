//! Mechanism-level claims of Wang–Ying–Zhang: the definitions D2–D10, D15–D17, the main-text
//! facts S1–S3, S7 (mechanism part), S10, S15, Lemmas 4 and 5, and the derived X5, X9.
//! Everything is exact: mechanisms are rational matrices at rational α = e^{−ε}.
//!
//! This module holds the families, the in-range grid and the random mechanisms shared by the
//! claim groups: `definitions` (D2–D10, D15–D17), `facts` (S1, S2, S3, S10, S15) and `lemmas`
//! (L4, L5, X5, X9).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::core::{
    binom, distortion, dp_level, e_d, e_i, gibbs_forward, gibbs_normaliser, gibbs_p_y, ident_level,
    optimal_distortion, pw, q, qi, r_x, random_mech, row_normaliser, Lcg, Rows, Space,
};
use super::inst::{grid_nm_alpha_prior, nm_alpha_prior_beyond, NmAlphaPrior};
use super::prior::{threshold, Threshold};
use crate::claim::scan::Tally;
use crate::claim::{Check, ClaimChecker, Family, Method};
use crate::measure::{
    entropy, event_probability, max_ratio_over_events, mutual_information_of_rows,
    output_distribution, ExtRational,
};
use crate::num::{Poly, Rational};

mod definitions;
mod facts;
mod lemmas;

fn fam(id: &'static str, check: fn(&NmAlphaPrior) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_nm_alpha_prior,
        beyond: Some(nm_alpha_prior_beyond),
        check,
    }
    .boxed()
}

fn fam_small(id: &'static str, check: fn(&NmAlphaPrior) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_small,
        beyond: None,
        check,
    }
    .boxed()
}

/// The default grid restricted to m^n ≤ 8 (the checks that enumerate all 2^N events).
fn grid_small() -> Vec<NmAlphaPrior> {
    grid_nm_alpha_prior()
        .into_iter()
        .filter(|i| i.m.pow(i.n as u32) <= 8)
        .collect()
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(definitions::claims());
    v.extend(facts::claims());
    v.extend(lemmas::claims());
    v
}

/// A rational α inside the T1a range (0, α̃] of the prior: α̃ itself when rational, else the
/// lower end of an isolating interval refined to width 1/1000 (and > 0).
pub fn alpha_in_range(sp: &Space, p: &[Rational]) -> Rational {
    match threshold(sp, p) {
        Threshold::WholeInterval => q(1, 2),
        Threshold::Root(mut r, _) => {
            if let Some(v) = r.as_rational() {
                return v.clone();
            }
            r.refine_to(&q(1, 1000));
            while r.lo <= 0u32 && r.as_rational().is_none() {
                r.bisect();
            }
            r.as_rational().cloned().unwrap_or(r.lo.clone())
        }
    }
}

/// The default grid plus, for every prior, α = a rational point of (0, α̃] (α̃ itself for
/// product priors, where p_Y has zeros).
pub fn grid_in_range() -> Vec<NmAlphaPrior> {
    let mut v = grid_nm_alpha_prior();
    let mut extra = Vec::new();
    for i in v.iter().filter(|i| i.alpha == q(1, 2)) {
        let sp = Space::new(i.n, i.m);
        extra.push(NmAlphaPrior {
            n: i.n,
            m: i.m,
            alpha: alpha_in_range(&sp, &i.prior.p),
            prior: i.prior.clone(),
        });
    }
    v.extend(extra);
    v
}

fn rand_mechs(sp: &Space, seed: u64, zeros: bool) -> Vec<Rows> {
    let mut rng = Lcg(seed);
    (0..4)
        .map(|_| random_mech(&mut rng, sp.size, sp.size, 4, zeros))
        .collect()
}

fn row_stochastic(w: &Rows) -> bool {
    w.iter()
        .all(|r| r.iter().all(|v| *v >= 0u32) && r.iter().sum::<Rational>() == 1u32)
}

/// The set-form level max_{x~x', S} Pr(S|x)/Pr(S|x') (Def 1 read over events S ⊆ Y).
fn set_level(sp: &Space, w: &Rows) -> ExtRational {
    sp.ordered_pairs()
        .into_iter()
        .map(|(x, xp)| max_ratio_over_events(&w[x], &w[xp]))
        .fold(ExtRational::Finite(qi(1)), Ord::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_prior_threshold_is_in_range() {
        let sp = Space::new(2, 2);
        let p = super::super::core::iid_linear(&sp).p;
        let alpha = alpha_in_range(&sp, &p);
        assert!(e_i(&sp, &alpha, &p).is_some());
        assert!(super::super::prior::row_marginals_if_product(&sp, &p).is_some());
    }
}
