//! Claims of `docs/claims-dp-information-theory-article.md` ("Differential Privacy and
//! Information Theory: How to Secure Data with a Broken Wifi Connection", seed
//! `001_95e182e852d5dbef.txt`); manifest `theorems/dp-information-theory-article.toml`.
//!
//! Submodules: `core` (exact Rényi divergences and mutual information, channel grids),
//! `basics` (definitions, divergence properties, posteriors, tail bounds), `sibson`
//! (Sibson's MI, radius/diameter, the BSC examples), `privacy` (the article's privacy notion,
//! group privacy and composition, coding and numeric claims).

pub(crate) mod basics;
pub(crate) mod core;
pub(crate) mod forall;
pub(crate) mod privacy;
pub(crate) mod sibson;

use crate::claim::ClaimChecker;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(basics::claims());
    v.extend(sibson::claims());
    v.extend(privacy::claims());
    v
}

/// Prints every verdict of this document with its timing and the deciding check
/// (`cargo test --lib dp_information_theory_article::report -- --ignored --nocapture`).
#[cfg(test)]
mod report {
    use crate::claim::Outcome;

    #[test]
    #[ignore]
    fn print_verdicts() {
        for k in super::claims() {
            let t0 = std::time::Instant::now();
            let checks = k.check_grid();
            let v = Outcome::aggregate(checks.iter().map(|c| &c.outcome));
            println!("{} {} {:?}", k.id(), v, t0.elapsed());
            // ART_SEARCH=k also runs the beyond families of sizes 1..=k (what `dpcert search` runs).
            let k_max: usize = std::env::var("ART_SEARCH")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            for size in 1..=k_max {
                let t1 = std::time::Instant::now();
                if let Some(cs) = k.search_size(size) {
                    let v = Outcome::aggregate(cs.iter().map(|c| &c.outcome));
                    println!(
                        "   search size {size}: {v} ({} instances, {:?})",
                        cs.len(),
                        t1.elapsed()
                    );
                    for c in cs.iter().filter(|c| c.outcome != Outcome::Holds).take(2) {
                        println!("      [{}] {} | {}", c.outcome, c.instance, c.note);
                    }
                }
            }
            for c in &checks {
                if c.outcome != Outcome::Holds || std::env::var("ART_ALL").is_ok() {
                    println!(
                        "   [{}] {} | {} | {} vs {} | {}",
                        c.outcome, c.instance, c.compared, c.lhs.decimal, c.rhs.decimal, c.note
                    );
                }
            }
        }
    }
}

/// Guard for `theorems/dp-information-theory-article.toml`: every manifest ID has a checker,
/// every ART checker has a manifest entry, every non-holding expectation carries a `why`, and
/// every default-grid verdict equals its `expect`.
#[cfg(test)]
mod manifest_guard {
    use crate::claim::Outcome;

    #[test]
    fn manifest_matches_checkers_and_verdicts() {
        let reg = super::claims();
        let path = format!(
            "{}/theorems/dp-information-theory-article.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("manifest readable");
        let doc: toml::Value = toml::from_str(&text).expect("manifest parses");
        let claims = doc["claim"].as_array().expect("[[claim]] entries");
        let mut ids = Vec::new();
        for c in claims {
            let id = c["id"].as_str().expect("id");
            let expect = c["expect"].as_str().expect("expect");
            assert!(!ids.iter().any(|i| i == id), "duplicate manifest id {id}");
            ids.push(id.to_string());
            // holds-for-all is the grid's holds lifted by a checked certificate (claim::forall;
            // verify and the snapshots hold the lift to the manifest): the grid itself holds.
            let grid_expect = if expect == "holds-for-all" {
                "holds"
            } else {
                expect
            };
            assert!(
                grid_expect == "holds" || c.get("why").is_some(),
                "{id} expects {expect} without a why"
            );
            let checker = reg
                .iter()
                .find(|k| k.id() == id)
                .unwrap_or_else(|| panic!("{id} has no checker"));
            let checks = checker.check_grid();
            let verdict = Outcome::aggregate(checks.iter().map(|c| &c.outcome));
            assert_eq!(verdict.as_str(), grid_expect, "grid verdict of {id}");
        }
        for k in &reg {
            assert!(
                ids.iter().any(|i| i == k.id()),
                "checker {} has no manifest entry",
                k.id()
            );
        }
    }
}
