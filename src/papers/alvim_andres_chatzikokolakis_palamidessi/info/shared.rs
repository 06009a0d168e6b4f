//! The definitions the claim groups of `info` share (issue 43, item 1: out of
//! `info.rs`, which the groups imported whole while it listed them, a circle).

pub(crate) use super::super::common::{
    dp_violation, fmt_matrix, fmt_vec, matrix_utility, r, Lcg, Rows,
};
use crate::certify::Record;
pub(crate) use crate::claim::families::{channels, simplex};
pub(crate) use crate::claim::scan::{Agree, Scan};
pub(crate) use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
pub(crate) use crate::graph::Graph;
pub(crate) use crate::measure::column_max_sum;
pub(crate) use crate::measure::{min_capacity, min_entropy_leakage, posterior_vulnerability};
pub(crate) use crate::num::Rational;
pub(crate) use crate::prob::{Channel, Dist};
pub(crate) use malachite::base::num::arithmetic::traits::{Floor, Pow};
pub(crate) use malachite::base::num::basic::traits::{One, Zero};
use std::collections::HashSet;
pub(crate) use std::fmt;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// shared instance generators

/// A seeded random probability vector of length `k` with numerators in `0..=den` (zeros allowed
/// when `zeros`), normalised.
pub(crate) fn random_dist(rng: &mut Lcg, k: usize, den: u64, zeros: bool) -> Vec<Rational> {
    loop {
        let w: Vec<u64> = (0..k)
            .map(|_| {
                if zeros {
                    rng.below(den + 1)
                } else {
                    1 + rng.below(den)
                }
            })
            .collect();
        let s: u64 = w.iter().sum();
        if s > 0 {
            return w.iter().map(|&a| Rational::from_unsigneds(a, s)).collect();
        }
    }
}

/// A seeded random `n × m` row-stochastic matrix (zeros allowed).
pub(crate) fn random_channel(rng: &mut Lcg, n: usize, m: usize, den: u64) -> Rows {
    (0..n).map(|_| random_dist(rng, m, den, true)).collect()
}

/// A shape of random instances: `count` seeded random `(prior, channel)` pairs.
#[derive(Clone, Debug)]
pub struct Shape {
    pub n: usize,
    pub m: usize,
    pub count: usize,
    pub seed: u64,
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} seeded random {}x{} channels and priors (numerators 0..=6, zeros allowed; seed {})",
            self.count, self.n, self.m, self.seed
        )
    }
}

impl Shape {
    /// The instances: `(prior, channel)`; every third prior is the uniform one.
    pub(crate) fn build(&self) -> Vec<(Vec<Rational>, Rows)> {
        let mut rng = Lcg(self.seed);
        (0..self.count)
            .map(|i| {
                let prior = if i % 3 == 0 {
                    vec![Rational::from_unsigneds(1u64, self.n as u64); self.n]
                } else {
                    random_dist(&mut rng, self.n, 6, true)
                };
                (prior, random_channel(&mut rng, self.n, self.m, 6))
            })
            .collect()
    }
}

pub(crate) fn shapes(count: usize) -> Vec<Shape> {
    [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5)]
        .into_iter()
        .enumerate()
        .map(|(i, (n, m))| Shape {
            n,
            m,
            count,
            seed: 1000 + i as u64,
        })
        .collect()
}

pub(crate) fn shapes_beyond(size: usize) -> Vec<Shape> {
    (0..4)
        .map(|i| Shape {
            n: size + 1,
            m: size + 1 + i,
            count: 40,
            seed: 7000 + 10 * size as u64 + i as u64,
        })
        .collect()
}

/// Smith's eq. (1), first form, from the joint: `Σ_y p(y)·max_x p(x|y)`, with the posterior
/// `p(x|y) = p(x,y)/p(y)` computed by Bayes; outputs with `p(y) = 0` contribute nothing.
pub(crate) fn posterior_form(joint: &Rows) -> Rational {
    let cols = joint.first().map_or(0, Vec::len);
    let mut total = Rational::ZERO;
    for y in 0..cols {
        let py: Rational = joint.iter().map(|row| &row[y]).sum();
        if py == 0u32 {
            continue;
        }
        let best = joint
            .iter()
            .map(|row| &row[y] / &py)
            .max()
            .expect("non-empty");
        total += &py * best;
    }
    total
}

pub(crate) fn v0(prior: &[Rational]) -> Rational {
    prior.iter().max().cloned().unwrap_or(Rational::ZERO)
}

pub(crate) fn combined() -> Method {
    Method::Combined(vec![Method::Enumeration, Method::Exact])
}

/// Two agreement scans reported as one check (fails if either fails); it carries their records
/// (a record both show, once) only when both have some (a part without records leaves the check
/// uncertified).
pub(crate) fn both(a: Check, b: Check, compared: &str) -> Check {
    let outcome = Outcome::aggregate(&[a.outcome, b.outcome]);
    // a shared record is found by its text, once per record (a scan of `a` for each of
    // `b`'s records was quadratic: 27,000 records, three quarters of AACP-F2-corrected's
    // certificate run; issue 44 item 2)
    let text = |r: &Arc<Record>| serde_json::to_string(&**r).ok();
    let records: Vec<Arc<Record>> = if a.records.is_empty() || b.records.is_empty() {
        Vec::new()
    } else {
        let in_a: HashSet<String> = a.records.iter().filter_map(text).collect();
        let new_in_b = (b.records.iter()).filter(|r| text(r).is_none_or(|t| !in_a.contains(&t)));
        a.records.iter().chain(new_in_b).cloned().collect()
    };
    let mut c = Check::new(
        compared,
        a.lhs.clone(),
        a.rhs.clone(),
        a.method.clone(),
        outcome,
    )
    .with_note(format!(
        "(1) {}: {} / {}; {} | (2) {}: {} / {}; {}",
        a.compared, a.lhs.exact, a.rhs.exact, a.note, b.compared, b.lhs.exact, b.rhs.exact, b.note
    ));
    c.records = records.into();
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `both` carries the records of its parts, a shared one once, and none when a part has
    /// none (that part's instances would otherwise pass for certified).
    #[test]
    fn both_carries_records_only_when_both_parts_have_some() {
        let rec = |k: &str| serde_json::json!({"kind": k, "holds": true});
        let part = |recs: Vec<serde_json::Value>| {
            let mut c = Check::rationals("a", &r(1, 2), "<=", &r(1, 1));
            c.records = recs.into();
            c
        };
        let c = both(
            part(vec![rec("events")]),
            part(vec![rec("events"), rec("compare")]),
            "x",
        );
        assert_eq!(c.records, vec![rec("events"), rec("compare")].into());
        assert!(both(part(vec![rec("events")]), part(vec![]), "x")
            .records
            .is_empty());
        assert!(both(part(vec![]), part(vec![rec("events")]), "x")
            .records
            .is_empty());
    }
}
