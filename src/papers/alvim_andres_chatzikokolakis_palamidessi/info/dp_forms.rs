//! AACP §2, Definition 1: ε-DP on a finite output set in its set form, the printed pointwise
//! quotient form and the multiplicative form of catalogue §0: AACP-D2 and AACP-C2.

use super::shared::*;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-D2",
            grid: dp_cells,
            beyond: Some(dp_cells_beyond),
            check: check_d2,
        }
        .boxed(),
        Family {
            id: "AACP-C2",
            grid: dp_cells,
            beyond: Some(dp_cells_beyond),
            check: check_c2,
        }
        .boxed(),
    ]
}

/// A DP test cell: all matrices with rows in Δ_cols^den on a graph, at one t.
#[derive(Clone, Debug)]
pub struct DpCell {
    pub graph: &'static str,
    pub cols: usize,
    pub den: u64,
    pub t: Rational,
}

impl fmt::Display for DpCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "all matrices on {} with rows in Delta_{}^{} (zeros included), t = {}",
            self.graph, self.cols, self.den, self.t
        )
    }
}

impl DpCell {
    fn graph(&self) -> Graph {
        match self.graph {
            "K2" => Graph::complete(2),
            "K3" => Graph::complete(3),
            "P3" => Graph::path(3),
            other => panic!("unknown DP cell graph {other}"),
        }
    }
}

fn dp_cells() -> Vec<DpCell> {
    let mut v = Vec::new();
    for t in [r(5, 4), r(2, 1), r(3, 1)] {
        v.push(DpCell {
            graph: "K2",
            cols: 2,
            den: 6,
            t: t.clone(),
        });
        v.push(DpCell {
            graph: "K2",
            cols: 3,
            den: 6,
            t: t.clone(),
        });
        v.push(DpCell {
            graph: "K2",
            cols: 4,
            den: 4,
            t,
        });
    }
    for g in ["P3", "K3"] {
        for t in [r(3, 2), r(2, 1)] {
            v.push(DpCell {
                graph: g,
                cols: 3,
                den: 3,
                t,
            });
        }
    }
    v
}

fn dp_cells_beyond(size: usize) -> Vec<DpCell> {
    vec![
        DpCell {
            graph: "K2",
            cols: 2 + size,
            den: 4,
            t: r(2, 1),
        },
        DpCell {
            graph: "P3",
            cols: 2 + size.min(2),
            den: 2 + size as u64,
            t: r(3, 2),
        },
    ]
}

/// Pointwise multiplicative form (catalogue §0): `M[i][z] <= t·M[h][z]` for every edge, both
/// orientations, every z.
fn dp_mult(m: &Rows, g: &Graph, t: &Rational) -> bool {
    dp_violation(m, g, t).is_none()
}

/// The printed quotient form `1/t <= M[i][z]/M[h][z] <= t` for every edge and z; `None` when
/// some quotient on an edge is undefined (a zero denominator).
fn dp_quotient(m: &Rows, g: &Graph, t: &Rational) -> Option<bool> {
    let inv = Rational::ONE / t;
    let mut ok = true;
    for (i, h) in g.edges() {
        for (a, b) in m[i].iter().zip(&m[h]) {
            if *b == 0u32 || *a == 0u32 {
                return None;
            }
            let q = a / b;
            ok &= inv <= q && q <= *t;
        }
    }
    Some(ok)
}

/// Definition 1's set form: `Pr[K(x) ∈ S] <= t·Pr[K(x') ∈ S]` for every ordered adjacent pair
/// and every `S ⊆ Z` (all `2^m` events, the empty and the full one included).
fn dp_sets(m: &Rows, g: &Graph, t: &Rational) -> bool {
    let cols = m[0].len();
    for (a, b) in g.edges() {
        for (x, xp) in [(a, b), (b, a)] {
            for s in 0u32..1 << cols {
                let pr = |row: &Vec<Rational>| -> Rational {
                    (0..cols).filter(|z| s >> z & 1 == 1).map(|z| &row[z]).sum()
                };
                if pr(&m[x]) > t * pr(&m[xp]) {
                    return false;
                }
            }
        }
    }
    true
}

/// The `events` record of a cell (issue 44 item 6): every ordered pair of rows of
/// `Δ_cols^den` at the cell's `t`, `δ = 0`, with `quotient`. A matrix's forms are the conjunctions
/// of its edges' pair forms, so the pairs agreeing shows every matrix of the cell agreeing: the set
/// form with the multiplicative one (the checker enumerates the events) and, on a pair without
/// zeros, the quotient form `1/t <= P(z)/Q(z) <= t` with the multiplicative form both ways.
fn events_record(cell: &DpCell) -> Option<serde_json::Value> {
    let rows = simplex(cell.cols, cell.den);
    let t = std::slice::from_ref(&cell.t);
    let mut rec = crate::measure::events::record(&rows, None, t, &[Rational::ZERO])?;
    let k2 = Graph::complete(2);
    let quotient = rows.iter().all(|p| {
        rows.iter().all(|w| {
            let m = vec![p.clone(), w.clone()];
            dp_quotient(&m, &k2, &cell.t).is_none_or(|q| q == dp_mult(&m, &k2, &cell.t))
        })
    });
    rec["quotient"] = serde_json::Value::Bool(true);
    rec["holds"] = serde_json::Value::Bool(rec["holds"] == true && quotient);
    Some(rec)
}

/// AACP-D2: the printed pointwise rewrite ("considering both quotients") and the multiplicative
/// pointwise form agree wherever the quotients are defined; the number of matrices on which the
/// quotient form is undefined (a zero entry on an edge) is reported.
fn check_d2(cell: &DpCell) -> Check {
    let g = cell.graph();
    let mut a = Agree::new();
    let (mut undefined, mut undefined_dp) = (0usize, 0usize);
    for m in channels(g.n(), cell.cols, cell.den) {
        let mult = dp_mult(&m, &g, &cell.t);
        match dp_quotient(&m, &g, &cell.t) {
            Some(q) => a.push(q, mult, || fmt_matrix(&m)),
            None => {
                undefined += 1;
                undefined_dp += usize::from(mult);
            }
        }
    }
    a.shown_by(|| events_record(cell));
    let mut c = a.finish(
        "quotient form 1/t <= M[i][z]/M[h][z] <= t  <=>  multiplicative form M[i][z] <= t M[h][z] (both orientations), where the quotients are defined",
        combined(),
    );
    c.note = format!(
        "{}; the quotient form is undefined on {undefined} matrices (a zero on an edge), of which {undefined_dp} are eps-DP in the multiplicative reading (zeros shared along every edge)",
        c.note
    );
    c
}

/// AACP-C2: for finite Z, the set form over all `2^m` events ⇔ the pointwise multiplicative
/// form, and ⇔ the quotient form where that is defined.
fn check_c2(cell: &DpCell) -> Check {
    let g = cell.graph();
    let mut a = Agree::new();
    let mut b = Agree::new();
    for m in channels(g.n(), cell.cols, cell.den) {
        let sets = dp_sets(&m, &g, &cell.t);
        a.push(sets, dp_mult(&m, &g, &cell.t), || fmt_matrix(&m));
        if let Some(q) = dp_quotient(&m, &g, &cell.t) {
            b.push(sets, q, || fmt_matrix(&m));
        }
    }
    a.shown_by(|| events_record(cell));
    b.shown_by(|| events_record(cell));
    both(
        a.finish("set form <=> pointwise multiplicative form", combined()),
        b.finish(
            "set form <=> pointwise quotient form (matrices without zeros on edges)",
            combined(),
        ),
        "forall x~x', S subset Z: Pr[K(x) in S] <= t Pr[K(x') in S]  <=>  pointwise (multiplicative; quotient where defined)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 44 items 1 and 6: a C2 cell carries its `events` record (with `quotient`) once,
    /// though both parts show it, and D2 the same record; before, `both` dropped the records.
    #[test]
    fn c2_and_d2_cells_carry_one_events_record() {
        crate::certify::start_recording();
        let cell = DpCell {
            graph: "P3",
            cols: 2,
            den: 2,
            t: r(2, 1),
        };
        for c in [check_c2(&cell), check_d2(&cell)] {
            assert_eq!(c.outcome, Outcome::Holds);
            assert_eq!(c.records.len(), 1, "{:?}", c.records);
            let rec = &c.records[0];
            assert_eq!(
                (rec["kind"].as_str(), rec["quotient"].as_bool()),
                (Some("events"), Some(true))
            );
            // Δ_2^2 has 3 rows: (0, 1), (1/2, 1/2), (1, 0).
            assert_eq!(rec["rows"].as_array().map(Vec::len), Some(3));
            assert_eq!(rec["holds"], true);
        }
    }
}
