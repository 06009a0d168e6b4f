//! (ε,δ)-closeness and its special cases: Cuff–Yu slides "Differential Privacy", "Weaker DP",
//! "(ε,δ)-closeness", "Special Cases", "Relation to Detection Theory", "Tightest (ε,δ)
//! Conversion" (claims CY-D1, CY-D2, CY-D5, CY-8, CY-9, CY-10, CY-11).
//!
//! Everything here is a rational function of the probabilities and of t = e^ε, decided exactly.

use crate::claim::instances::{
    default_pair_cells, fmt_pair, fmt_rows, pair_cells_beyond, r, simplex_pairs, t_set, PairCell,
};
use crate::claim::scan::{Agree, Decider, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome};
use crate::measure::{
    event_probability, hockey_stick_divergence, hockey_stick_two_sided, max_ratio_two_sided,
    tight_conversion_pair, tight_delta_conversion, tv, ExtRational,
};
use crate::num::Rational;
use std::fmt;

/// CY-D1 (slide "Differential Privacy"): `p(y|x) ≤ e^ε p(y|x')` for all y and both orders
/// (pointwise form) agrees with the same constraint on every event (set form), for the
/// two-row channels (x, x') given by every pair of the cell.
fn check_d1(cell: &PairCell) -> Check {
    let t = &cell.t;
    let mut a = Agree::new();
    for (p, q) in simplex_pairs(cell) {
        let pointwise = max_ratio_two_sided(&p, &q).at_most(t);
        let events = (0..1u64 << p.len()).all(|m| {
            event_probability(&p, m) <= t * event_probability(&q, m)
                && event_probability(&q, m) <= t * event_probability(&p, m)
        });
        a.push(pointwise, events, || {
            format!("W={}", fmt_rows(&[p.clone(), q.clone()]))
        });
    }
    a.shown_by(|| events_record(cell, &[r(0, 1)]));
    a.finish(
        "forall y: W(y|x) <= t W(y|x') (both orders)  <=>  forall events A: W(A|x) <= t W(A|x')",
        Method::Combined(vec![Method::Enumeration, Method::Exact]),
    )
}

/// The `events` record of a cell: every ordered pair of `Δ_k^N` (so both orders of each) at
/// its `t` and `deltas`.
fn events_record(cell: &PairCell, deltas: &[Rational]) -> Option<serde_json::Value> {
    let rows = crate::claim::instances::simplex(cell.k, cell.n);
    crate::measure::events::record(&rows, None, std::slice::from_ref(&cell.t), deltas)
}

/// CY-D2 (slide "Weaker DP"): `max_A [P(A) − t·Q(A)]` over all `2^|Y|` events equals the sum
/// of positive parts `Σ (P − tQ)^+`, so `(ε,δ)`-DP is `δ_{W_x→W_x'}(t) ≤ δ`.
fn check_d2(cell: &PairCell) -> Check {
    let t = &cell.t;
    let mut s = Scan::le();
    let mut s2 = Scan::le();
    for (p, q) in simplex_pairs(cell) {
        let naive = (0..1u64 << p.len())
            .map(|m| event_probability(&p, m) - t * event_probability(&q, m))
            .max()
            .expect("at least the empty event");
        let h = hockey_stick_divergence(&p, &q, t);
        // Equality as two inequalities, so a mismatch either way is reported.
        s.push(naive.clone(), h.clone(), || fmt_pair(&p, &q));
        s2.push(h, naive, || fmt_pair(&p, &q));
    }
    let ok2 = s2.ok();
    let mut c = s.finish(
        "max over events A of P(A) - t Q(A)  vs  sum of (P - tQ)^+",
        Method::Combined(vec![Method::Enumeration, Method::Exact]),
    );
    if !ok2 {
        c.outcome = crate::claim::Outcome::Fails;
        c.note = format!(
            "positive-part sum exceeds the event maximum somewhere; {}",
            c.note
        );
    } else {
        c.note = format!("equal on every pair (both inequalities); {}", c.note);
    }
    c
}

/// CY-D5 (slide "(ε,δ)-closeness"): the two-sided event definition agrees with
/// `δ_{P,Q}(t) ≤ δ` for every δ of a grid (δ ∈ {0, 1/8, ..., 1}).
fn check_d5(cell: &PairCell) -> Check {
    let t = &cell.t;
    let mut a = Agree::new();
    let deltas: Vec<Rational> = (0..=8).map(|i| r(i, 8)).collect();
    for (p, q) in simplex_pairs(cell) {
        let h = hockey_stick_two_sided(&p, &q, t);
        for d in &deltas {
            let by_events = (0..1u64 << p.len()).all(|m| {
                event_probability(&p, m) <= t * event_probability(&q, m) + d
                    && event_probability(&q, m) <= t * event_probability(&p, m) + d
            });
            a.push(by_events, h <= *d, || {
                format!("{} delta={d}", fmt_pair(&p, &q))
            });
        }
    }
    a.shown_by(|| events_record(cell, &deltas));
    a.finish(
        "forall A: P(A) <= tQ(A)+delta and Q(A) <= tP(A)+delta  <=>  delta_{P,Q}(t) <= delta",
        Method::Combined(vec![Method::Enumeration, Method::Exact]),
    )
}

/// CY-8 (slide "Special Cases"): `P ≈(ε,0) Q ⇔ |ln dP/dQ(a)| ≤ ε ∀a`.
///
/// Convention checked here: points with `P(a) = Q(a) = 0` carry no ratio and are skipped;
/// `P(a) > 0 = Q(a)` (or the reverse) gives `|ln dP/dQ(a)| = ∞`. With `zero_zero_violates`
/// the other convention is checked: a point with `P(a) = Q(a) = 0` has an undefined ratio,
/// which counts as violating the right-hand side.
fn check_8_with(cell: &PairCell, zero_zero_violates: bool) -> Check {
    let t = &cell.t;
    let mut a = Agree::new();
    for (p, q) in simplex_pairs(cell) {
        let lhs = hockey_stick_two_sided(&p, &q, t) == 0u32;
        let rhs = p.iter().zip(&q).all(|(x, y)| {
            if *x == 0u32 && *y == 0u32 {
                !zero_zero_violates
            } else if *x == 0u32 || *y == 0u32 {
                false
            } else {
                let ratio = x / y;
                ratio <= *t && ratio * t >= 1u32
            }
        });
        let records = iff_records_8(&p, &q, t, zero_zero_violates, lhs == rhs);
        a.push_pair_recorded(lhs, rhs, records, || fmt_pair(&p, &q));
    }
    let conv = if zero_zero_violates {
        "0/0 points violate"
    } else {
        "0/0 points skipped, x/0 = inf"
    };
    a.finish(
        format!("delta_{{P,Q}}(t) = 0  <=>  1/t <= P(a)/Q(a) <= t for all a ({conv})"),
        Method::Exact,
    )
}

/// The records of one CY-8 instance (issue 44 item 6): two or three `compare` records instead
/// of one per point. `δ_{P,Q}(t) = 0` or `> 0`, then the right side as one number: with
/// `M = max_a max(P(a) − t Q(a), Q(a) − t P(a))` (a 0/0 point gives 0), every ratio is in
/// `[1/t, t]` (x/0 = ∞ outside) iff `M ≤ 0`; in the 0/0-violates reading also `z = 0`, `z` the
/// number of 0/0 points. Recorded as the left side predicts, so every record is true iff the
/// two sides agree (`agree`); `None` if not (never half-recorded).
fn iff_records_8(
    p: &[Rational],
    q: &[Rational],
    t: &Rational,
    zero_zero_violates: bool,
    agree: bool,
) -> Option<crate::claim::Records> {
    let zero = r(0, 1);
    let h = hockey_stick_two_sided(p, q, t);
    let m = p
        .iter()
        .zip(q)
        .flat_map(|(x, y)| [x - t * y, y - t * x])
        .max()
        .unwrap_or_default();
    let z = Rational::from(
        p.iter()
            .zip(q)
            .filter(|(x, y)| **x == 0u32 && **y == 0u32)
            .count(),
    );
    // Branch on the values, record only the relations the left side predicts.
    let mut st = Decider::new();
    let shown = if h == zero {
        st.rat(&h, "=", &zero);
        st.rat(&m, "<=", &zero) && (!zero_zero_violates || st.rat(&z, "=", &zero))
    } else {
        st.rat(&h, ">", &zero);
        if m <= zero && zero_zero_violates && z > zero {
            st.rat(&z, ">", &zero)
        } else {
            st.rat(&m, ">", &zero)
        }
    };
    st.records().filter(|_| shown == agree)
}

fn check_8(cell: &PairCell) -> Check {
    check_8_with(cell, false)
}

fn check_8_zero_zero(cell: &PairCell) -> Check {
    check_8_with(cell, true)
}

/// CY-9 (slide "Special Cases"): `P ≈(0,δ) Q ⇔ ‖P − Q‖_TV ≤ δ` for every δ, i.e.
/// `δ_{P,Q}(1) = ‖P − Q‖_TV`. `full_l1` selects the normalisation `Σ|P − Q|` instead of
/// the half-L1 `max_A |P(A) − Q(A)|`.
fn check_9_with(cell: &PairCell, full_l1: bool) -> Check {
    let one = r(1, 1);
    let mut a = Agree::new();
    let mut disagreement = None;
    let deltas: Vec<Rational> = (0..=8).map(|i| r(i, 8)).collect();
    for (p, q) in simplex_pairs(cell) {
        let h = hockey_stick_two_sided(&p, &q, &one);
        let d_tv = if full_l1 {
            crate::measure::l1_distance(&p, &q)
        } else {
            tv(&p, &q)
        };
        // One `compare` record `δ_{P,Q}(1) = TV` shows agreement at every δ (issue 44 item 6);
        // a pair where they differ is left unrecorded (its per-δ records would be 18 a pair,
        // 15 MB for the full-L1 reading, which fails: a disagreement has no exact sides).
        let mut st = Decider::new();
        let same = h == d_tv;
        if same {
            st.rat(&h, "=", &d_tv);
        }
        let mut first = Some(st.records());
        for d in &deltas {
            let (a_, b_) = (h <= *d, d_tv <= *d);
            if a_ != b_ && disagreement.is_none() {
                // The first disagreement: both sides' comparisons with δ, one of them false.
                let mut st = Decider::new();
                st.rat(&h, "<=", d);
                st.rat(&d_tv, "<=", d);
                disagreement = st.records();
            }
            let records = match (same, first.take()) {
                (false, _) => None,
                (true, Some(r)) => r,
                (true, None) => Some(Default::default()),
            };
            a.push_pair_recorded(a_, b_, records, || {
                format!("{} delta={d}", fmt_pair(&p, &q))
            });
        }
    }
    let norm = if full_l1 {
        "sum |P-Q| (full L1)"
    } else {
        "max_A |P(A)-Q(A)| = half L1"
    };
    let mut c = a.finish(
        format!("delta_{{P,Q}}(1) <= delta  <=>  ||P-Q||_TV <= delta, TV read as {norm}"),
        Method::Exact,
    );
    // A failing cell is shown by its first disagreement (the cell's counterexample).
    if c.outcome == Outcome::Fails {
        c.records = disagreement.unwrap_or_default();
    }
    c
}

fn check_9(cell: &PairCell) -> Check {
    check_9_with(cell, false)
}

fn check_9_l1(cell: &PairCell) -> Check {
    check_9_with(cell, true)
}

/// CY-10 (slide "Relation to Detection Theory", figure missing). Reading checked: `P ≈(ε,δ) Q`
/// iff every test A (type-I error α = P(A), type-II error β = Q(Aᶜ)) satisfies
/// `α + tβ ≥ 1−δ` and `tα + β ≥ 1−δ`. Randomised tests are convex combinations of
/// deterministic ones, and the linear constraints are tightest at the Neyman–Pearson vertices
/// (outcomes added in decreasing likelihood ratio), so the checker computes the smallest δ
/// admitted by the k+1 vertices of each direction and compares it with `δ_{P,Q}(t)`.
fn check_10(cell: &PairCell) -> Check {
    let t = &cell.t;
    let one = r(1, 1);
    let mut a = Agree::new();
    for (p, q) in simplex_pairs(cell) {
        let mut need = r(0, 1);
        for (u, v) in [(&p, &q), (&q, &p)] {
            // Sort outcomes by decreasing u/v (v = 0 first), ties in index order.
            // Outcomes with u = v = 0 add nothing and have no ratio: leave them out.
            let mut idx: Vec<usize> = (0..u.len())
                .filter(|&i| u[i] > 0u32 || v[i] > 0u32)
                .collect();
            idx.sort_by(|&i, &j| (&u[j] * &v[i]).cmp(&(&u[i] * &v[j])));
            let mut acc_u = r(0, 1);
            let mut acc_v = r(0, 1);
            // Vertex: rejection set B = first m outcomes; α = u(Bᶜ)... written as
            // 1 - u(B) + t v(B) >= 1 - δ  <=>  δ >= u(B) - t v(B).
            for m in 0..=idx.len() {
                if m > 0 {
                    acc_u += &u[idx[m - 1]];
                    acc_v += &v[idx[m - 1]];
                }
                let alpha = &one - &acc_u; // u(Bᶜ)
                let beta = acc_v.clone(); // v(B)
                let req = &one - (&alpha + t * &beta);
                if req > need {
                    need = req;
                }
            }
        }
        let h = hockey_stick_two_sided(&p, &q, t);
        a.push_compare(&need, "=", &h, || {
            format!("{} NP-vertex delta={need} hockey={h}", fmt_pair(&p, &q))
        });
    }
    a.finish(
        "min delta with all Neyman-Pearson vertices (alpha + t beta >= 1-delta, t alpha + beta >= 1-delta)  =  delta_{P,Q}(t)",
        Method::Exact,
    )
}

/// Instances of CY-11: validity on a grid cell, or tightness of the canonical pair.
#[derive(Clone, Debug)]
pub enum Cy11 {
    Valid(PairCell),
    Tight { t: Rational, delta: Rational },
}

impl fmt::Display for Cy11 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy11::Valid(c) => write!(f, "validity {c}"),
            Cy11::Tight { t, delta } => write!(f, "tightness canonical pair t={t} delta={delta}"),
        }
    }
}

/// Rational `t' ∈ [1, t]`: the endpoints and three interior points.
fn t_primes(t: &Rational) -> Vec<Rational> {
    (0..=4).map(|i| r(1, 1) + (t - r(1, 1)) * r(i, 4)).collect()
}

fn cy11_grid() -> Vec<Cy11> {
    let mut v: Vec<Cy11> = default_pair_cells().into_iter().map(Cy11::Valid).collect();
    for t in t_set() {
        for d in [r(0, 1), r(1, 10), r(1, 4), r(1, 2)] {
            v.push(Cy11::Tight {
                t: t.clone(),
                delta: d,
            });
        }
    }
    v
}

fn cy11_beyond(s: usize) -> Vec<Cy11> {
    pair_cells_beyond(s).into_iter().map(Cy11::Valid).collect()
}

/// CY-11: validity — for every pair and t, with δ := δ_{P,Q}(t), `δ_{P,Q}(t') ≤ δ'(t,t',δ)` at
/// five rational t' ∈ [1,t]; tightness — the canonical pair is (ε,δ)-close and attains δ'
/// exactly at every t', so no smaller δ' is valid for all (ε,δ)-close pairs.
fn check_11(inst: &Cy11) -> Check {
    match inst {
        Cy11::Valid(cell) => {
            let t = &cell.t;
            let tps = t_primes(t);
            let mut s = Scan::le();
            for (p, q) in simplex_pairs(cell) {
                let d = hockey_stick_two_sided(&p, &q, t);
                for tp in &tps {
                    s.push(
                        hockey_stick_two_sided(&p, &q, tp),
                        tight_delta_conversion(t, tp, &d),
                        || format!("{} t'={tp} delta={d}", fmt_pair(&p, &q)),
                    );
                }
            }
            s.finish(
                "delta_{P,Q}(t')  vs  1 - (t'+1)(1-delta)/(t+1) with delta = delta_{P,Q}(t), t' in {1, ..., t}",
                Method::Exact,
            )
        }
        Cy11::Tight { t, delta } => {
            let (p, q) = tight_conversion_pair(t, delta);
            let close = hockey_stick_two_sided(&p, &q, t);
            let mut detail = Vec::new();
            let mut st = Decider::new();
            let mut all_eq = st.rat(&close, "<=", delta);
            for tp in t_primes(t) {
                let got = hockey_stick_two_sided(&p, &q, &tp);
                let want = tight_delta_conversion(t, &tp, delta);
                all_eq &= st.rat(&got, "=", &want);
                detail.push(format!("t'={tp}: {got} vs {want}"));
            }
            let mut c = Check::new(
                "canonical pair: delta_{P*,Q*}(t) <= delta and delta_{P*,Q*}(t') = delta' at every t'",
                crate::claim::Value::text(fmt_pair(&p, &q), ""),
                crate::claim::Value::rational(&close),
                Method::Exact,
                crate::claim::Outcome::from_decision(crate::num::Decision::from_bool(all_eq)),
            )
            .with_note(format!(
                "delta_{{P*,Q*}}(t) = {close}; {}",
                detail.join("; ")
            ));
            c.records = st.records().unwrap_or_default();
            c
        }
    }
}

/// The ratio of a pair as printed in notes.
#[allow(dead_code)]
fn ratio_str(p: &[Rational], q: &[Rational]) -> String {
    match max_ratio_two_sided(p, q) {
        ExtRational::Finite(x) => x.to_string(),
        ExtRational::Infinite => "inf".into(),
    }
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-D1",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_d1,
        }
        .boxed(),
        Family {
            id: "CY-D2",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_d2,
        }
        .boxed(),
        Family {
            id: "CY-D5",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_d5,
        }
        .boxed(),
        Family {
            id: "CY-8",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_8,
        }
        .boxed(),
        Family {
            id: "CY-8-reading-00",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_8_zero_zero,
        }
        .boxed(),
        Family {
            id: "CY-9",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_9,
        }
        .boxed(),
        Family {
            id: "CY-9-reading-L1",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_9_l1,
        }
        .boxed(),
        Family {
            id: "CY-10",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_10,
        }
        .boxed(),
        Family {
            id: "CY-11",
            grid: cy11_grid,
            beyond: Some(cy11_beyond),
            check: check_11,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::Outcome;

    #[test]
    fn delta_prime_endpoints() {
        // t' = t gives δ' = δ; t' = 1 gives the TV bound (t − 1 + 2δ)/(t + 1).
        let t = r(3, 1);
        let d = r(1, 10);
        assert_eq!(tight_delta_conversion(&t, &t, &d), d);
        assert_eq!(
            tight_delta_conversion(&t, &r(1, 1), &d),
            (&t - r(1, 1) + r(2, 1) * &d) / (&t + r(1, 1))
        );
    }

    /// Issue 44 item 6: CY-8's instance records, checked against a literal table (worked by
    /// hand: `M = max(P − tQ, Q − tP)` over the points, `z` the 0/0 points): every record
    /// is true exactly when the two sides agree, and the records name the sides' values.
    #[test]
    fn cy8_records_show_both_sides() {
        crate::certify::start_recording();
        let v = |a: &[(i64, i64)]| a.iter().map(|&(n, d)| r(n, d)).collect::<Vec<_>>();
        // (P, Q, t, 0/0 violates, agree, [(lhs, relation, rhs, holds)])
        let table = [
            // δ = 0 and every ratio in [1/2, 2]: M = max(1/2 − 1, 1/2 − 1) = −1/2.
            (
                v(&[(1, 2), (1, 2)]),
                v(&[(1, 2), (1, 2)]),
                r(2, 1),
                false,
                true,
                vec![("0", "=", "0", true), ("-1/2", "<=", "0", true)],
            ),
            // δ > 0 and 3/4 > 2·1/4: M = 3/4 − 1/2 = 1/4 > 0.
            (
                v(&[(3, 4), (1, 4)]),
                v(&[(1, 4), (3, 4)]),
                r(2, 1),
                false,
                true,
                vec![("1/4", ">", "0", true), ("1/4", ">", "0", true)],
            ),
            // A 0/0 point: skipped (agree), or violating (disagree: z = 0 is false).
            (
                v(&[(1, 1), (0, 1)]),
                v(&[(1, 1), (0, 1)]),
                r(2, 1),
                false,
                true,
                vec![("0", "=", "0", true), ("0", "<=", "0", true)],
            ),
            (
                v(&[(1, 1), (0, 1)]),
                v(&[(1, 1), (0, 1)]),
                r(2, 1),
                true,
                false,
                vec![
                    ("0", "=", "0", true),
                    ("0", "<=", "0", true),
                    ("1", "=", "0", false),
                ],
            ),
        ];
        for (p, q, t, zz, agree, want) in table {
            let recs = iff_records_8(&p, &q, &t, zz, agree).expect("recorded");
            let got: Vec<_> = recs
                .iter()
                .map(|x| {
                    let s = |k: &str| x[k].as_str().unwrap_or("").to_string();
                    (
                        s("lhs"),
                        s("relation"),
                        s("rhs"),
                        x["holds"].as_bool().unwrap(),
                    )
                })
                .collect();
            let want: Vec<_> = want
                .into_iter()
                .map(|(a, b, c, d)| (a.to_string(), b.to_string(), c.to_string(), d))
                .collect();
            assert_eq!(got, want, "P={p:?} Q={q:?}");
            // Records that do not show the instance's agreement are never attached.
            assert!(iff_records_8(&p, &q, &t, zz, !agree).is_none());
        }
    }

    #[test]
    fn canonical_pair_is_tight() {
        let c = check_11(&Cy11::Tight {
            t: r(2, 1),
            delta: r(1, 4),
        });
        assert_eq!(c.outcome, Outcome::Holds, "{c:?}");
    }

    #[test]
    fn a_wrong_delta_prime_is_caught() {
        // The pair (1,0),(0,1) is (ε,1)-close; at δ = 1/2 claimed for it, validity would fail:
        // δ_{P,Q}(1) = 1 > δ'(t, 1, 1/2) < 1.
        let p = vec![r(1, 1), r(0, 1)];
        let q = vec![r(0, 1), r(1, 1)];
        let t = r(2, 1);
        assert!(
            hockey_stick_two_sided(&p, &q, &r(1, 1))
                > tight_delta_conversion(&t, &r(1, 1), &r(1, 2))
        );
    }

    #[test]
    fn l1_reading_fails_and_half_l1_holds() {
        let cell = PairCell {
            k: 2,
            n: 2,
            t: r(2, 1),
        };
        assert_eq!(check_9(&cell).outcome, Outcome::Holds);
        assert_eq!(check_9_l1(&cell).outcome, Outcome::Fails);
        assert_eq!(check_8(&cell).outcome, Outcome::Holds);
        assert_eq!(check_8_zero_zero(&cell).outcome, Outcome::Fails);
        assert_eq!(check_10(&cell).outcome, Outcome::Holds);
        assert_eq!(check_d2(&cell).outcome, Outcome::Holds);
    }
}
