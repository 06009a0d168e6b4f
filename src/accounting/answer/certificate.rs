//! The `composition` certificate record of `compose` (issue 44 item 2; docs/certificates.md):
//! each mechanism's matrix and uses, the neighbour pairs, and the exact answers with their
//! witness pairs, for a checker that composes every pair's privacy loss distribution itself.
//! Only the exact path, and only where that recomputation is small; the grid enclosure's
//! bounds would need a record kind of their own.

use super::exact::ExactReport;
use super::{ComposeQuery, ComposeReport};
use crate::certify::rational;
use crate::prob::adjacency::complete_pairs;
use serde_json::{json, Value};

/// The most products (composed atoms × letters × uses, and ordered pairs × outputs) a
/// `composition` record asks the checker to recompute: a few seconds of Python fractions.
pub const CERTIFICATE_MAX_WORK: u128 = 1_000_000;

impl ComposeReport {
    /// The `composition` record of this answer to `q`, or why none is written.
    pub fn certificate_record(&self, q: &ComposeQuery) -> Result<Value, String> {
        match self {
            // The subsampled mechanisms are what was composed: their rows, not the base's
            // (rebuilt exactly as `answer` built them).
            ComposeReport::Exact(r) => match &q.subsample {
                None => r.certificate_record(q),
                Some(s) => r.certificate_record(
                    &super::subsampled(q, s, q.uses[0].0.n_inputs()).map_err(|e| e.to_string())?,
                ),
            },
            ComposeReport::Grid(_) => Err("the answer is the grid enclosure's certified bounds, \
                 which need a record kind of their own (not defined yet); only the exact \
                 composition is certified"
                .into()),
        }
    }
}

impl ExactReport {
    fn certificate_record(&self, q: &ComposeQuery) -> Result<Value, String> {
        let n = q.uses[0].0.n_inputs();
        let pairs = match &self.setup.pairs.adj {
            Some(a) => a.pairs.clone(),
            None => complete_pairs(n),
        };
        let outputs: u128 = q.uses.iter().map(|(m, _)| m.cells() / n as u128).sum();
        let mut work = 2 * pairs.len() as u128 * outputs;
        for pc in &self.pairs {
            for (pl, k) in &pc.composed.uses {
                let letters = pl.letters.len() as u128 + u128::from(pl.inf > 0u32);
                work += *k as u128 * u128::from(pc.composed.support()) * letters;
            }
        }
        if work > CERTIFICATE_MAX_WORK {
            return Err(format!(
                "recomputing this composition takes about {work} products, above the \
                 {CERTIFICATE_MAX_WORK} a composition record asks of the checker"
            ));
        }
        let pair = |p: (usize, usize)| json!([p.0, p.1]);
        let pcs = &self.pairs;
        Ok(json!({
            "kind": "composition",
            "id": self.setup.uses.iter().map(|(s, k)| format!("{s}:{k}")).collect::<Vec<_>>().join(","),
            "uses": q.uses.iter().map(|(m, k)| json!({
                "mechanism": m.spec,
                "k": k.get(),
                "rows": m.matrix().rows().iter()
                    .map(|r| r.iter().map(rational).collect::<Vec<_>>()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "pairs": pairs.iter().map(|&p| pair(p)).collect::<Vec<_>>(),
            "delta_at_t": self.delta_at_t.iter().map(|(t, i, r)| json!({
                "t": rational(t.value()), "delta": rational(&r.delta), "witness": pair(pcs[*i].pair),
            })).collect::<Vec<_>>(),
            "delta_at_eps": self.delta_at_eps.iter().map(|(eps, _, r, _)| json!({
                "eps": rational(eps.value()), "a": rational(&r.form.a), "b": rational(&r.form.b),
                "witness": pair(r.form.pair),
            })).collect::<Vec<_>>(),
            "eps_for_delta": self.eps_for_delta.iter().map(|(d, i, r)| json!({
                "delta": rational(d.value()), "e_eps": r.t.to_string(), "witness": pair(pcs[*i].pair),
            })).collect::<Vec<_>>(),
        }))
    }
}
