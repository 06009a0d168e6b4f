//! The `dp_level` certificate record of an audit (issue 44 item 2; docs/certificates.md): the
//! mechanism, its neighbour pairs, the exact level `e^ε` with its witness, and the δ answers
//! asked (`--t`, `--eps`, `--delta`) with their witness pairs, all exact, for a checker that
//! recomputes the level over every pair and output and each δ from the pairs' hockey-stick
//! events.

use super::measures::Report;
use crate::certify::rational;
use crate::prob::Channel;
use serde_json::{json, Value};

/// The most (ordered pair, output) cells whose ratios a `dp_level` record asks the checker to
/// recompute: an audit above it gets no certificate (the checker should answer in seconds).
pub const CERTIFICATE_MAX_CELLS: u128 = 2_000_000;

impl Report {
    /// The `dp_level` record of this audit of `w` (`id` names it), or why none is written.
    pub fn certificate_record(&self, id: &str, w: &Channel) -> Result<Value, String> {
        let cells = 2 * self.adjacency.pairs.len() as u128 * w.n_outputs() as u128;
        if cells > CERTIFICATE_MAX_CELLS {
            return Err(format!(
                "{cells} (ordered pair, output) cells, above the {CERTIFICATE_MAX_CELLS} the \
                 checker recomputes a dp_level record for"
            ));
        }
        let pair = |p: (usize, usize)| json!([p.0, p.1]);
        let rows: Vec<Vec<Value>> = w
            .rows()
            .iter()
            .map(|r| r.iter().map(rational).collect())
            .collect();
        Ok(json!({
            "kind": "dp_level",
            "id": id,
            "rows": rows,
            "pairs": self.adjacency.pairs.iter().map(|&p| pair(p)).collect::<Vec<_>>(),
            "e_eps": self.dp.ratio.to_string(),
            "witness": {"x": self.dp.pair.0, "x_prime": self.dp.pair.1, "y": self.dp.output},
            "delta_at_t": self.delta_at_t.iter().map(|(t, d)| json!({
                "t": rational(t), "delta": rational(&d.delta), "witness": pair(d.pair),
            })).collect::<Vec<_>>(),
            "delta_at_eps": self.delta_at_eps.iter().map(|d| json!({
                "eps": rational(&d.eps), "a": rational(&d.a), "b": rational(&d.b),
                "witness": pair(d.pair),
            })).collect::<Vec<_>>(),
            "eps_for_delta": self.eps_for_delta.iter().map(|e| json!({
                "delta": rational(&e.delta), "e_eps": e.t.to_string(),
                // δ = 1 holds at e^ε = 1 on every pair: the audit names none, any one binds
                "witness": pair(if e.delta == 1u32 { self.adjacency.pairs[0] } else { e.pair }),
            })).collect::<Vec<_>>(),
        }))
    }
}
