//! Claims of `docs/claims-wang-ying-zhang.md` (Wang, Ying, Zhang, "On the Relation Between
//! Identifiability, Differential Privacy and Mutual-Information Privacy"; seed
//! `002_153cb4c1f2b34735.txt`); manifest `theorems/wang-ying-zhang.toml`.
//!
//! Convention throughout: the paper writes its kernel in `e^{−ε}` (`e^{−ε d(x,y)}`, eqs (26), (27),
//! (41)), so this module works in the Gibbs weight `α = e^{−ε}`, rational in (0, 1], in which the
//! kernel `α^{d(x,y)}` and its normaliser `(1+(m−1)α)ⁿ` are polynomials (the claims file calls it
//! `t`; here the name `t` is not used, because in the rest of the crate `t = e^ε ≥ 1`), and in
//! `E = 1/α = e^ε`, which is the crate's `t`: wherever this module hands a privacy level to the
//! crate (a DP or identifiability ratio, `lp::ChannelLp`) it is `E = 1/α`. Instance labels print
//! `alpha=…`. Logs are base e (nats).
//!
//! Submodules: `core` (the paper's objects), `inst` (instance types and check helpers),
//! `graph` (G*, L1.s3, L1.s13, D1, D18), `lemma1` (L1*, X11, X12).

// Databases are indices into 𝒟ⁿ; index loops mirror the paper's sums over x and y.
#![allow(clippy::needless_range_loop)]

pub(crate) mod core;
pub(crate) mod derived;
pub(crate) mod forall;
pub(crate) mod graph;
pub(crate) mod inst;
pub(crate) mod lemma1;
pub(crate) mod lp_bounds;
pub(crate) mod lp_records;
pub(crate) mod mech;
pub(crate) mod prior;
pub(crate) mod sturm_steps;
pub(crate) mod theorem1;
pub(crate) mod theorem2;

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(graph::claims());
    v.extend(lemma1::claims());
    v.extend(prior::claims());
    v.extend(mech::claims());
    v.extend(theorem1::claims());
    v.extend(theorem2::claims());
    v.extend(derived::claims());
    v
}

#[cfg(test)]
mod tests {
    use crate::claim::Outcome;

    /// Prints every verdict with its first non-holding instance (`--ignored --nocapture`).
    #[test]
    #[ignore]
    fn print_verdicts() {
        let filter = std::env::var("WYZ").unwrap_or_default();
        for c in super::claims() {
            if !c.id().contains(&filter) {
                continue;
            }
            let t0 = std::time::Instant::now();
            let checks = c.check_grid();
            let v = Outcome::aggregate(checks.iter().map(|c| &c.outcome));
            let nv = checks
                .iter()
                .filter(|c| c.compared.starts_with("outside"))
                .count();
            println!(
                "{} {} ({} inst, {nv} vacuous, {:?})",
                c.id(),
                v,
                checks.len(),
                t0.elapsed()
            );
            if let Some(bad) = checks.iter().find(|c| c.outcome != Outcome::Holds) {
                println!(
                    "   {} | {} | {} vs {} | {}",
                    bad.instance, bad.compared, bad.lhs.exact, bad.rhs.exact, bad.note
                );
            }
        }
    }

    /// Every `beyond` family of size 1 runs without panicking (`--ignored`: a few minutes).
    #[test]
    #[ignore]
    fn beyond_size_one_runs() {
        let filter = std::env::var("WYZ").unwrap_or_default();
        for c in super::claims() {
            if !c.id().contains(&filter) {
                continue;
            }
            let t0 = std::time::Instant::now();
            if let Some(checks) = c.search_size(1) {
                let v = Outcome::aggregate(checks.iter().map(|c| &c.outcome));
                println!(
                    "{} beyond(1): {} ({} inst, {:?})",
                    c.id(),
                    v,
                    checks.len(),
                    t0.elapsed()
                );
            }
        }
    }
}
