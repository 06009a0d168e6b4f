//! The `events` record (docs/certificates.md; issue 44 item 6): a definition by events
//! ("`P(E) ≤ t·Q(E) + δ` for every event `E`") against its pointwise form, for every ordered
//! pair of a set of distributions. The record carries the distributions, the `t`s and `δ`s, not
//! the `2^|Y|` events: the checker enumerates them itself, so one record shows a whole grid
//! cell of ART-D1/D2, CY-D1/D5, VAD-D3/D4 and VAD-5.

use super::{event_probabilities, hockey_stick_divergence, max_ratio, max_ratio_over_events};
use crate::num::Rational;
use serde_json::{json, Value};

/// Whether, for every ordered pair `(P, Q) = (rows[i], rows[j])` of `pairs` (`None`: all, `P =
/// Q` included), every `t ∈ ts` and `δ ∈ deltas`, the event forms over all events and over the
/// proper ones agree with `Σ_y (P(y) − t·Q(y))⁺ ≤ δ`, and `max_E P(E)/Q(E) = max_y P(y)/Q(y)`:
/// the condition the record states, decided here by dpcert's own measures.
pub fn agree(
    rows: &[Vec<Rational>],
    pairs: Option<&[(usize, usize)]>,
    ts: &[Rational],
    deltas: &[Rational],
) -> bool {
    let all: Vec<(usize, usize)>;
    let pairs = match pairs {
        Some(p) => p,
        None => {
            all = (0..rows.len())
                .flat_map(|i| (0..rows.len()).map(move |j| (i, j)))
                .collect();
            &all
        }
    };
    pairs.iter().all(|&(i, j)| {
        let (p, q) = (&rows[i], &rows[j]);
        let (p_events, q_events) = (event_probabilities(p), event_probabilities(q));
        let full = p_events.len() - 1;
        ts.iter().all(|t| {
            let gap = |m: usize| &p_events[m] - t * &q_events[m];
            let proper = (0..full).map(gap).max().expect("the empty event");
            let every = gap(full).max(proper.clone());
            let h = hockey_stick_divergence(p, q, t);
            deltas
                .iter()
                .all(|d| (every <= *d) == (proper <= *d) && (proper <= *d) == (h <= *d))
        }) && max_ratio_over_events(p, q) == max_ratio(p, q)
    })
}

/// The most outputs whose events the checker enumerates (`2^12` events a pair).
pub const MAX_OUTPUTS: usize = 12;

/// The `events` record of `rows`, `pairs` (`None`: every ordered pair, written `"all"`), `ts`
/// and `deltas`, with `holds` decided by [`agree`]; `None` above [`MAX_OUTPUTS`] outputs.
pub fn record(
    rows: &[Vec<Rational>],
    pairs: Option<&[(usize, usize)]>,
    ts: &[Rational],
    deltas: &[Rational],
) -> Option<Value> {
    if rows.first().is_none_or(|r| r.len() > MAX_OUTPUTS) {
        return None;
    }
    let q = |v: &[Rational]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    Some(json!({
        "kind": "events",
        "rows": rows.iter().map(|r| q(r)).collect::<Vec<_>>(),
        "pairs": pairs.map_or(json!("all"), |p| json!(p.iter().map(|&(i, j)| [i, j]).collect::<Vec<_>>())),
        "t": q(ts),
        "delta": q(deltas),
        "holds": agree(rows, pairs, ts, deltas),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> Rational {
        Rational::from_signeds(a, b)
    }

    /// Worked by hand: P = (1/2, 1/2), Q = (1/4, 3/4), t = 3/2: the event {0} gives
    /// 1/2 − 3/8 = 1/8 = Σ (P − tQ)⁺; so δ = 1/8 holds both ways and δ = 0 neither; the ratio
    /// maxima are both 2. The forms agree on every pair; at `t = 1/2 < 1` and `δ = 1/4` the
    /// whole space (gap 1/2) splits the all-event form from the proper one (gap 1/4) for P = P.
    #[test]
    fn the_forms_agree_and_the_record_carries_the_objects() {
        let rows = vec![vec![q(1, 2), q(1, 2)], vec![q(1, 4), q(3, 4)]];
        let (ts, ds) = ([q(3, 2)], [q(0, 1), q(1, 8)]);
        assert!(agree(&rows, None, &ts, &ds));
        assert!(!agree(&rows, Some(&[(0, 0)]), &[q(1, 2)], &[q(1, 4)]));
        let r = record(&rows, Some(&[(0, 1)]), &ts, &ds).unwrap();
        assert_eq!(r["pairs"], json!([[0, 1]]));
        assert_eq!(
            (r["rows"][1][1].as_str(), r["holds"].as_bool()),
            (Some("3/4"), Some(true))
        );
        assert_eq!(record(&rows, None, &ts, &ds).unwrap()["pairs"], "all");
        assert!(record(&[vec![q(1, 13); 13]], None, &ts, &ds).is_none());
    }
}
