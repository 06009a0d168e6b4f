//! The certificate of `dpcert optimal` (issue 44 item 2; docs/certificates.md): one
//! `dp_channel` record holding the mechanism, the graph's edges, `t`, the prior, the loss or
//! gain matrix and the optimum, with the `lp` record of the full channel LP inside (for the
//! orbit-reduced path, its lifted certificate). The checker rebuilds the channel LP from those
//! data, checks the `lp` record, and that the mechanism is its primal: a channel, ε-DP on every
//! edge, of the stated expected loss or gain.

use super::command::objective;
use super::{OptimalQuery, OptimalReport, Solved};
use crate::certify::rational;
use crate::lp::lp_record;
use serde_json::{json, Value};

/// The most variables plus rows of the full channel LP a certificate writes (H(4, 3): 6,561
/// variables and 52,569 rows): the record holds every one, and the checker reads them all.
pub const CERTIFICATE_MAX_SIZE: usize = 100_000;

impl OptimalReport {
    /// The certificate's records for this answer to `q`, or why none is written.
    pub fn certificate_records(&self, q: &OptimalQuery) -> Result<Vec<Value>, String> {
        let o = &self.optimum;
        let k = self.vertices;
        let size = k * k + k + 2 * self.edges * k;
        if size > CERTIFICATE_MAX_SIZE {
            return Err(format!(
                "the full channel LP has {size} variables and rows, above the \
                 {CERTIFICATE_MAX_SIZE} a certificate holds (the orbit-reduced LP's own record \
                 kind is not defined yet)"
            ));
        }
        let cert = match &o.solved {
            Solved::Full(c) => c.clone(),
            Solved::Reduced(red) => red
                .full_solution()
                .ok_or("the reduced LP has no optimal solution")?,
        };
        let model = o.lp.model();
        let id = format!("optimal {} t={}", self.graph_spec, self.t.value());
        // lp_record re-checks the certificate on the full model and refuses one that fails
        let lp = lp_record(&id, &self.graph_spec, &model, model.rows().len(), &cert)
            .map_err(|e| format!("the channel LP's certificate failed its check: {e}"))?;
        let (objective, _) = objective(q).map_err(|e| e.to_string())?;
        let strings = |m: &[Vec<crate::num::Rational>]| -> Vec<Vec<Value>> {
            m.iter().map(|r| r.iter().map(rational).collect()).collect()
        };
        Ok(vec![json!({
            "kind": "dp_channel",
            "id": id,
            "t": rational(self.t.value()),
            "edges": q.graph.edges().iter().map(|&(a, b)| json!([a, b])).collect::<Vec<_>>(),
            "prior": q.prior.probs().iter().map(rational).collect::<Vec<_>>(),
            "objective": objective.kind(),
            "matrix": strings(objective.matrix()),
            "mechanism": strings(o.mechanism.rows()),
            "value": rational(&o.value),
            "lp": lp,
        })])
    }
}
