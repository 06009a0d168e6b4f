//! Divergence and information bounds of the Cuff–Yu slides "Simple Claim", "Tightest
//! Claim", "Pinsker", "Relative entropy to Mutual Information", "Mutual Information to Total
//! Variation" and "Finite Alphabet" (CY-12, CY-13, CY-14, CY-15, CY-15b, CY-16, CY-17,
//! CY-17a, CY-17b). All information quantities in nats.
//!
//! Method per comparison: KL, entropies, mutual information and `h(δ)` with rational δ are
//! exact log-linear forms; a comparison of two such forms, or of a form with a rational,
//! is decided exactly (`LogLinear` sign). Capacities are bracketed (CB) and the bracket end
//! that decides is named in the report.
//!
//! This module holds the channel cells and the channel families shared by the claim groups (and
//! by `ordering`): `relative_entropy` (CY-12, CY-13, CY-14), `mutual_information` (CY-15,
//! CY-15b, CY-16) and `finite_alphabet` (CY-17, CY-17a, CY-17b).

mod finite_alphabet;
mod mutual_information;
mod relative_entropy;
mod shared;

pub(crate) use shared::*;

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(relative_entropy::claims());
    v.extend(mutual_information::claims());
    v.extend(finite_alphabet::claims());
    v
}
