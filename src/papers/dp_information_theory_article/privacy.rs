//! The article's privacy notion over joint dataset distributions, group privacy and
//! composition, the coding sketch and the numeric claims (ART-D7, 29, 30, 30b, 30c, 31, 32,
//! 21, 33, 34, 35, 36, 37).
//!
//! Semantics of "ε-private at level α" (§0 of the catalogue): (A) the article's ART-D7, a sup
//! over ALL joint distributions P_D of the dataset; (B) one row random and the other rows fixed
//! (as CY-D3). Each claim states which it checks.

#![allow(clippy::needless_range_loop)]

mod chain_rules;
mod composition;
mod numeric_claims;
mod shared;

pub(crate) use shared::*;

/// Instances of ART-21: BSC(p) with uniform input, window δ, block length n.
/// Instances of the same-level comparison: BSC(p) and order α.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v: Vec<Box<dyn ClaimChecker>> = Vec::new();
    v.extend(vec![
        Family {
            id: "ART-D7",
            grid: fams_binary,
            beyond: Some(fams_binary_beyond),
            check: check_d7,
        }
        .boxed(),
        Family {
            id: "ART-D7-reading-fixed-rest",
            grid: fams_binary,
            beyond: Some(fams_binary_beyond),
            check: check_d7_fixed,
        }
        .boxed(),
    ]);
    v.extend(composition::claims());
    v.extend(chain_rules::claims());
    v.extend(numeric_claims::claims());
    v
}
