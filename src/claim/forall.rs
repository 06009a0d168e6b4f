//! *Holds for all*: symbolic certificates that lift a claim from its grid to a whole domain
//! (every n ≥ 1, every m ≥ 2, every t = e^ε ≥ 1, every α = e^{−ε} > 0 …; issue 32, docs/design.md
//! "Verdicts").
//!
//! A [`ForAll`] names a claim, its domain, the hypotheses it rests on (structural facts such as
//! the sphere sizes of H(n, m), printed with the claim IDs that establish them on the grid) and
//! a list of [`Part`]s, each a statement with the [`Step`] that proves it: a WZ pair
//! ([`hypergeom::check_wz`]), a closed partial sum ([`hypergeom::check_partial_sum`]), an
//! identity of terms at every integer point ([`hypergeom::check_identity`]), a rational
//! identity (exact zero test), a sign certificate (every coefficient of the polynomial
//! shifted to the domain's corner is ≥ 0; strict or not), or a parametric LP duality
//! certificate for a symmetry-reduced LP family ([`lp`]: a primal and a dual point in closed
//! form, whose reduced costs, rows, signs and objective are checked with the steps above).
//! Nothing is trusted: [`lift`] re-checks every step each run.
//!
//! The grid stays as a cross-check: [`lift`] upgrades a report to `holds-for-all` only when the
//! grid itself holds, and every part is also evaluated term by term at the claim's grid
//! instances (the sum added up, the rational function evaluated) — a route that does not go
//! through the certificate. A certificate that fails, or disagrees with the grid, makes the
//! claim an `error` row, never a silent fallback.
//!
//! Every checked step also gives a `holds_for_all` certificate record (issue 44; `record`,
//! docs/certificates.md) that the independent checker (`checker/`) re-checks with its own
//! arithmetic: [`ForAllEvidence::records`].

mod domain;
pub mod lp;
mod record;
mod step;
mod sums;
#[cfg(test)]
mod tests;

pub use domain::Domain;
pub use step::{Compound, Step};
pub use sums::{binomial_moment, binomial_theorem, int, nm_alpha_domain, nm_points, rf, var};

use crate::num::mpoly::Point;
use serde::Serialize;

/// One proved statement of a claim.
#[derive(Clone, Debug)]
pub struct Part {
    pub statement: String,
    pub step: Step,
}

/// A claim's certificate for a whole domain.
pub struct ForAll {
    pub id: &'static str,
    pub domain: Domain,
    /// Named hypotheses the parts rest on, each with the claim IDs that check it on the grid.
    pub hypotheses: Vec<String>,
    pub parts: Vec<Part>,
    /// Grid instances for the cross-check: values of the integer variable `n` and of the
    /// parameters (those left out stay symbolic).
    pub cross: Vec<(i64, Point)>,
}

/// What a report shows of a checked certificate.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ForAllEvidence {
    pub domain: String,
    pub hypotheses: Vec<String>,
    pub parts: Vec<PartEvidence>,
    /// How many grid instances the parts were cross-checked at.
    pub cross_checked: usize,
    /// How: every part's closed forms evaluated term by term there, and, for a parametric LP
    /// part, the reduced LP built and solved exactly at that instance.
    pub cross_check_how: String,
    /// The certificate records of the parts that have one (issue 44; `forall::record`), each
    /// built after its step was checked and cross-checked.
    #[serde(skip)]
    pub records: Vec<serde_json::Value>,
    /// The statements of the parts without a record (none today: every step kind has one; a
    /// [`Compound`] step may lack one).
    #[serde(skip)]
    pub uncertified: Vec<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PartEvidence {
    pub statement: String,
    pub method: String,
    pub certificate: String,
    pub checked: String,
}

impl ForAll {
    /// Check every part and cross-check it at the grid instances.
    pub fn check(&self) -> Result<ForAllEvidence, String> {
        let (mut parts, mut records, mut uncertified) = (Vec::new(), Vec::new(), Vec::new());
        for (i, p) in self.parts.iter().enumerate() {
            let (method, certificate, checked) = p
                .step
                .check(&self.domain)
                .map_err(|e| format!("{}: {e}", p.statement))?;
            for (n, at) in &self.cross {
                p.step
                    .cross_check(*n, at)
                    .map_err(|e| format!("{}: cross-check {e}", p.statement))?;
            }
            match record::record(self.id, i + 1, &p.statement, &self.domain, &p.step) {
                Some(r) => records.push(r),
                None => uncertified.push(p.statement.clone()),
            }
            parts.push(PartEvidence {
                statement: p.statement.clone(),
                method,
                certificate,
                checked,
            });
        }
        let lp = self
            .parts
            .iter()
            .any(|p| matches!(p.step, Step::OrbitLp(_)));
        Ok(ForAllEvidence {
            domain: self.domain.text.clone(),
            hypotheses: self.hypotheses.clone(),
            parts,
            cross_checked: self.cross.len(),
            cross_check_how: if lp {
                "every part evaluated term by term, and the reduced LP solved exactly (lp::solve)"
            } else {
                "every part evaluated term by term"
            }
            .to_string(),
            records,
            uncertified,
        })
    }
}
