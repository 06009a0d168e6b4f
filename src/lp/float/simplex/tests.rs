//! Tests of the float dual simplex: hand-solved LPs, and agreement with the exact simplex on random
//! dual feasible LPs.

use super::*;
use crate::lp::exact::revised::{solve_from, Ending};
use crate::lp::{check, parse_lp, solve_from_scratch};
use proptest::prelude::*;

fn model(text: &str) -> Model {
    parse_lp(text).unwrap().model
}

fn optimum(model: &Model) -> (Vec<f64>, Vec<f64>) {
    match solve(model, &Budget::unlimited()) {
        Outcome::Optimal { x, y, .. } => (x, y),
        other => panic!("{other:?}"),
    }
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(u, v)| (u - v).abs() < 1e-9)
}

/// `pivot_row` lists each variable once, even when its terms cancel to an exact 0 midway:
/// with `ρ = (1, 1, 1)` at the slack basis, `α_x = 1 − 1 + 1 = 1` and `α_y = 1 + 1 − 2 = 0`.
/// (Listed twice, a variable's reduced cost was updated twice in a pivot: the float dual
/// simplex then ended at "a singular basis" on P_40 and C_40.)
#[test]
fn a_pivot_row_lists_each_variable_once() {
    let m = model(
        "Minimize\n obj: x + y\nSubject To\n a: x + y <= 1\n b: - x + y <= 1\n c: x - 2 y <= 1\nEnd\n",
    );
    let run = Run::new(&m).unwrap();
    let mut row = PivotRow::new(2 + 3);
    run.pivot_row(&[1.0, 1.0, 1.0], &[0, 1, 2], &mut row);
    let mut touched = row.touched.clone();
    touched.sort();
    touched.dedup();
    assert_eq!(touched.len(), row.touched.len(), "{:?}", row.touched);
    assert_eq!((row.alpha[0], row.alpha[1]), (1.0, 0.0));
    row.clear();
    assert!(row.touched.is_empty() && row.alpha.iter().all(|&a| a == 0.0));
    assert!(row.in_row.iter().all(|&b| !b));
}

/// LPs solved by hand: their optimal point and multipliers (in `crate::lp::model`'s signs).
#[test]
fn literal_table() {
    let cases: [(&str, &[f64], &[f64]); 4] = [
        // min x + 2y, x + y >= 1: x = 1; y_1 = 1.
        (
            "Minimize\n obj: x + 2 y\nSubject To\n a: x + y >= 1\nEnd\n",
            &[1.0, 0.0],
            &[1.0],
        ),
        // min 3x + 2y, x + y = 2, x - y <= 0: y = 2 alone (cost 4) against x = y = 1 (5).
        (
            "Minimize\n obj: 3 x + 2 y\nSubject To\n a: x + y = 2\n b: x - y <= 0\nEnd\n",
            &[0.0, 2.0],
            &[2.0, 0.0],
        ),
        // min x + y, x + 2y >= 2, 2x + y >= 2: x = y = 2/3; y = (1/3, 1/3).
        (
            "Minimize\n obj: x + y\nSubject To\n a: x + 2 y >= 2\n b: 2 x + y >= 2\nEnd\n",
            &[2.0 / 3.0, 2.0 / 3.0],
            &[1.0 / 3.0, 1.0 / 3.0],
        ),
        // max -x - y, x + y >= 1, x <= 1/2 (costs <= 0 in a maximisation): value -1 on the
        // edge x + y = 1; multipliers: row a (>= in a max: y <= 0) -1, row b (<= in a max:
        // y >= 0) 0.
        (
            "Maximize\n obj: - x - y\nSubject To\n a: x + y >= 1\n b: x <= 1/2\nEnd\n",
            &[0.5, 0.5],
            &[-1.0, 0.0],
        ),
    ];
    for (text, x, y) in cases {
        let m = model(text);
        let (gx, gy) = optimum(&m);
        // The last case has a tie (x = 1/2, y = 1/2 or x = 0, y = 1): compare objectives.
        let obj: f64 = m
            .objective()
            .iter()
            .zip(&gx)
            .map(|(c, v)| to_f64(c) * v)
            .sum();
        let want: f64 = m
            .objective()
            .iter()
            .zip(x)
            .map(|(c, v)| to_f64(c) * v)
            .sum();
        assert!((obj - want).abs() < 1e-12, "{text}: {gx:?}");
        if text.starts_with("Minimize") {
            assert!(close(&gx, x), "{text}: {gx:?}");
        }
        assert!(close(&gy, y), "{text}: {gy:?}");
    }
}

#[test]
fn infeasible_and_not_dual_feasible() {
    let infeasible =
        model("Minimize\n obj: x + y\nSubject To\n a: x + y >= 2\n b: x + y <= 1\nEnd\n");
    assert_eq!(
        solve(&infeasible, &Budget::unlimited()),
        Outcome::Infeasible
    );
    let negative_cost = model("Minimize\n obj: x - y\nSubject To\n a: x + y <= 1\nEnd\n");
    assert_eq!(
        solve(&negative_cost, &Budget::unlimited()),
        Outcome::NotDualFeasible
    );
    let max_positive = model("Maximize\n obj: x\nSubject To\n a: x <= 1\nEnd\n");
    assert_eq!(
        solve(&max_positive, &Budget::unlimited()),
        Outcome::NotDualFeasible
    );
}

// Random dual-feasible LPs (costs ≥ 0, rows of every kind): the float optimum agrees with
// the exact simplex from scratch (the naive reference) to 1e-6, and an LP the exact
// simplex finds infeasible is found infeasible.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_the_exact_simplex(text in crate::lp::tests::arb_dual_feasible_lp()) {
        let m = model(&text);
        let reference = solve_from_scratch(&m).unwrap();
        match (solve(&m, &Budget::unlimited()), reference.value()) {
            (Outcome::Optimal { basis, x, y, .. }, Some(value)) => {
                let obj: f64 = m.objective().iter().zip(&x).map(|(c, v)| to_f64(c) * v).sum();
                prop_assert!((obj - to_f64(value)).abs() < 1e-6, "{obj} vs {value}\n{text}");
                let dual: f64 = m.rows().iter().zip(&y).map(|(r, v)| to_f64(&r.rhs) * v).sum();
                prop_assert!((dual - to_f64(value)).abs() < 1e-6, "dual {dual} vs {value}\n{text}");
                // The basis, given to the exact revised simplex, certifies at that optimum.
                let (Ending::Solved(exact), _) = solve_from(&m, basis, 1000, None) else {
                    return Err(TestCaseError::fail(format!("stopped\n{text}")));
                };
                prop_assert!(check(&m, &exact).is_ok(), "{text}");
                prop_assert_eq!(exact.value(), Some(value), "{}", text);
            }
            (Outcome::Infeasible, None) => {
                prop_assert_eq!(reference.status(), "infeasible", "{}", text);
            }
            (Outcome::Failed(e), _) => prop_assert!(false, "failed: {e}\n{text}"),
            (got, _) => prop_assert!(false, "{got:?} vs {}\n{text}", reference.status()),
        }
    }
}

/// Rows added to a solved run (issue 42 item 9): min x + y, x + 2y ≥ 2 is optimal at y = 1
/// (x = 0); the row 2x + y ≥ 2 that point breaks is added, its slack basic and out of bounds,
/// and the dual simplex goes on to x = y = 2/3 with prices (1/3, 1/3), the optimum of both
/// rows worked by hand in `literal_table`. A row the point keeps adds no pivot.
#[test]
fn added_rows_continue_from_the_basis() {
    let first = model("Minimize\n obj: x + y\nSubject To\n a: x + 2 y >= 2\nEnd\n");
    let both =
        model("Minimize\n obj: x + y\nSubject To\n a: x + 2 y >= 2\n b: 2 x + y >= 2\nEnd\n");
    let mut run = Run::new(&first).unwrap();
    run.optimise(&Budget::unlimited()).unwrap();
    assert!(close(&run.point_and_prices().0, &[0.0, 1.0]));
    let pivots = run.pivots();
    run.add_rows(&both.rows()[1..]).unwrap();
    assert_eq!(run.dims(), (2, 2));
    run.optimise(&Budget::unlimited()).unwrap();
    let (x, y) = run.point_and_prices();
    assert!(close(&x, &[2.0 / 3.0, 2.0 / 3.0]), "{x:?}");
    assert!(close(&y, &[1.0 / 3.0, 1.0 / 3.0]), "{y:?}");
    assert!(run.pivots() > pivots);
    let pivots = run.pivots();
    let slack = model("Minimize\n obj: x + y\nSubject To\n c: x + y <= 5\nEnd\n");
    run.add_rows(slack.rows()).unwrap();
    run.optimise(&Budget::unlimited()).unwrap();
    assert_eq!(run.pivots(), pivots);
    assert!(close(
        &run.point_and_prices().1,
        &[1.0 / 3.0, 1.0 / 3.0, 0.0]
    ));
}

// Random dual-feasible LPs solved on their first `k` rows, then the others added to the run:
// the same optimum as the exact simplex from scratch on all rows (the naive reference), and
// the run's basis certifies there exactly; an LP found infeasible is infeasible.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn added_rows_reach_the_optimum_of_all_rows(
        text in crate::lp::tests::arb_dual_feasible_lp(),
        split in 0usize..6,
    ) {
        let m = model(&text);
        let k = split.min(m.n_rows());
        let first = m.with_rows_in(&(0..k).collect::<Vec<_>>());
        let mut run = Run::new(&first).unwrap();
        prop_assume!(run.optimise(&Budget::unlimited()).is_ok());
        let reference = solve_from_scratch(&m).unwrap();
        let outcome = run
            .add_rows(&m.rows()[k..])
            .and_then(|()| run.optimise(&Budget::unlimited()));
        match (outcome, reference.value()) {
            (Ok(()), Some(value)) => {
                let Outcome::Optimal { basis, x, .. } = run.optimal() else { unreachable!() };
                let obj: f64 = m.objective().iter().zip(&x).map(|(c, v)| to_f64(c) * v).sum();
                prop_assert!((obj - to_f64(value)).abs() < 1e-6, "{obj} vs {value}\n{text}");
                let (Ending::Solved(exact), _) = solve_from(&m, basis, 1000, None) else {
                    return Err(TestCaseError::fail(format!("stopped\n{text}")));
                };
                prop_assert_eq!(exact.value(), Some(value), "{}", text);
            }
            (Err(Outcome::Infeasible), None) => {
                prop_assert_eq!(reference.status(), "infeasible", "{}", text);
            }
            (got, _) => prop_assert!(false, "{got:?} vs {}\n{text}", reference.status()),
        }
    }
}

/// Whether every row of `run` holds the entries of `m`'s row (the same `(column, value)`
/// pairs, in any order) with the non-basic structurals' entries first, up to `row_split`:
/// the naive reference of [`Run::repartition`].
fn partitioned_by_the_basis(run: &Run, m: &Model) -> bool {
    m.rows().iter().enumerate().all(|(i, row)| {
        let (start, split, end) = (run.row_start[i], run.row_split[i], run.row_start[i + 1]);
        let mut got: Vec<(usize, f64)> = run.row_entries[start..end].to_vec();
        let mut want: Vec<(usize, f64)> = row.coeffs.iter().map(|(j, a)| (*j, to_f64(a))).collect();
        got.sort_by(|a, b| a.partial_cmp(b).unwrap());
        want.sort_by(|a, b| a.partial_cmp(b).unwrap());
        got == want
            && run.row_entries[start..split]
                .iter()
                .all(|e| !run.basic[e.0])
            && run.row_entries[split..end].iter().all(|e| run.basic[e.0])
    })
}

/// The rows' partition by hand (issue 42 item 8): `a: x + y + z <= 1`, `b: x - z <= 1` at the
/// slack basis list every structural before the split; `y` enters for `a`'s slack: row `a` is
/// `x, z | y` (y swapped to the end), row `b` unchanged; `x` enters for `y`: `a` is `z, y |
/// x` (`x` swapped with the last non-basic entry `z`, then `y` with the first basic one, `x`),
/// `b` is `z | x`.
#[test]
fn a_literal_repartition() {
    let m =
        model("Minimize\n obj: x + y + z\nSubject To\n a: x + y + z <= 1\n b: x - z <= 1\nEnd\n");
    let mut run = Run::new(&m).unwrap();
    let entries = |run: &Run, i: usize| -> (Vec<usize>, Vec<usize>) {
        let (start, split, end) = (run.row_start[i], run.row_split[i], run.row_start[i + 1]);
        let names =
            |range: std::ops::Range<usize>| run.row_entries[range].iter().map(|e| e.0).collect();
        (names(start..split), names(split..end))
    };
    assert_eq!(entries(&run, 0), (vec![0, 1, 2], vec![]));
    assert_eq!(entries(&run, 1), (vec![0, 2], vec![]));
    (run.basic[1], run.basic[3]) = (true, false);
    run.repartition(1, 3);
    assert_eq!(entries(&run, 0), (vec![0, 2], vec![1]));
    assert_eq!(entries(&run, 1), (vec![0, 2], vec![]));
    (run.basic[0], run.basic[1]) = (true, false);
    run.repartition(0, 1);
    assert_eq!(entries(&run, 0), (vec![2, 1], vec![0]));
    assert_eq!(entries(&run, 1), (vec![2], vec![0]));
    assert!(partitioned_by_the_basis(&run, &m));
}

proptest! {
    /// Random exchanges of a basic and a non-basic variable (structural or slack), each kept
    /// by [`Run::repartition`]: the rows stay the model's rows, partitioned by the basis as it
    /// now is (the naive reference above), and [`Run::index_basis`] rebuilds the same split.
    #[test]
    fn rows_stay_partitioned_by_the_basis(
        text in crate::lp::tests::arb_dual_feasible_lp(),
        swaps in prop::collection::vec((any::<usize>(), any::<usize>()), 0..30),
    ) {
        let m = model(&text);
        let mut run = Run::new(&m).unwrap();
        let total = run.n + run.m;
        for (a, b) in swaps {
            let basic: Vec<usize> = (0..total).filter(|&v| run.basic[v]).collect();
            let other: Vec<usize> = (0..total).filter(|&v| !run.basic[v]).collect();
            let (leaving, entering) = (basic[a % basic.len()], other[b % other.len()]);
            (run.basic[entering], run.basic[leaving]) = (true, false);
            run.repartition(entering, leaving);
            prop_assert!(partitioned_by_the_basis(&run, &m), "{text}");
        }
        let split = run.row_split.clone();
        for (v, &b) in run.basic.iter().enumerate() {
            run.position[v] = if b { 0 } else { usize::MAX };
        }
        run.index_basis();
        prop_assert_eq!(split, run.row_split.clone());
    }
}

/// The position [`Run::leaving`] must pick, by a scan of every position (the naive reference
/// of its list): the largest violation squared over the weight, `None` if none is violated.
fn leaving_by_scan(run: &Run) -> Option<(f64, f64)> {
    (0..run.m)
        .filter_map(|p| {
            run.violation(p)
                .map(|(v, dir)| (v * v / run.weights[p], dir))
        })
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap())
}

/// The leaving row by hand (issue 42 item 8's list): rows `x + y >= 2` (slack bounds `(−∞,
/// 0]`), `x - y <= 1` and `x = 3`; at the slack basis the values are `(2, 1, 3)`, so rows 0
/// (`2 > 0` by 2, direction −1) and 2 (`3 > 0` by 3) are out of bounds, row 1 is not; with
/// the weights `(1, 1, 4)` row 0 leaves (4/1 > 9/4); once row 0's value is set to `0` and
/// noted, row 2 does, and the list has dropped row 0.
#[test]
fn a_literal_leaving_row() {
    let m = model(
        "Minimize\n obj: x + y\nSubject To\n a: x + y >= 2\n b: x - y <= 1\n c: x = 3\nEnd\n",
    );
    let mut run = Run::new(&m).unwrap();
    assert_eq!(run.xb, vec![2.0, 1.0, 3.0]);
    assert_eq!(run.infeasible, vec![0, 2]);
    run.weights = vec![1.0, 1.0, 4.0];
    assert_eq!(run.leaving(), Some((0, -1.0)));
    run.xb[0] = 0.0;
    run.note_value(0);
    assert_eq!(run.leaving(), Some((2, -1.0)));
    assert_eq!(run.infeasible, vec![2]);
    assert!(!run.listed[0] && run.listed[2]);
    run.xb[2] = 0.0;
    assert_eq!(run.leaving(), None);
    assert!(run.infeasible.is_empty());
}

/// [`Pricing`] by hand: a window of 100 pivots with 5 degenerate ones keeps steepest edge, the
/// next with 4 gives it up, for good (a later degenerate window does not bring it back).
#[test]
fn pricing_switches_after_a_window_with_few_degenerate_pivots() {
    let mut pricing = Pricing::new();
    assert!(pricing.steepest);
    for k in 0..WINDOW {
        pricing.count(k < DEGENERATE_LEAST);
    }
    assert!(pricing.steepest);
    for k in 0..WINDOW - 1 {
        pricing.count(k + 1 < DEGENERATE_LEAST);
    }
    assert!(pricing.steepest, "switches only at the end of a window");
    pricing.count(false);
    assert!(!pricing.steepest);
    for _ in 0..WINDOW {
        pricing.count(true);
    }
    assert!(!pricing.steepest);
}

proptest! {
    /// Random basic values moved one position at a time, each noted as a pivot notes it: the
    /// listed leaving row has the score a scan of every position finds (a tie may pick another
    /// position), its direction is its own violation's, and every violated position is listed.
    #[test]
    fn the_leaving_list_agrees_with_a_scan(
        text in crate::lp::tests::arb_dual_feasible_lp(),
        moves in prop::collection::vec((any::<usize>(), -4i32..=4, 1u32..=4), 0..40),
    ) {
        let mut run = Run::new(&model(&text)).unwrap();
        for (p, value, weight) in moves {
            let p = p % run.m;
            run.xb[p] = f64::from(value) / 2.0;
            run.weights[p] = f64::from(weight);
            run.note_value(p);
            let want = leaving_by_scan(&run);
            let got = run.leaving().map(|(p, dir)| {
                let (v, d) = run.violation(p).unwrap();
                prop_assert_eq!(d, dir);
                Ok(v * v / run.weights[p])
            }).transpose()?;
            prop_assert_eq!(got, want.map(|w| w.0), "{}", text);
            for q in 0..run.m {
                prop_assert!(run.violation(q).is_none() || run.listed[q]);
            }
        }
    }

    /// Steepest-edge weights after a run (the LPs here take fewer pivots than a [`WINDOW`], so
    /// steepest edge throughout) are at least `‖ρ_p‖²` for every position (equal but where the
    /// `k²` floor raised them), computed afresh by `btran` of `e_p` (the naive reference), to
    /// 1e-6 relative.
    #[test]
    fn steepest_edge_weights_are_the_row_norms(text in crate::lp::tests::arb_dual_feasible_lp()) {
        let mut run = Run::new(&model(&text)).unwrap();
        if run.optimise(&Budget::unlimited()).is_err() {
            return Ok(());
        }
        prop_assert!(run.pricing.steepest);
        for p in 0..run.m {
            let mut unit = vec![0.0; run.m];
            unit[p] = 1.0;
            let norm: f64 = run.btran(unit).iter().map(|v| v * v).sum();
            let w = run.weights[p];
            prop_assert!(w >= norm - 1e-6 * norm.max(1.0), "{w} vs {norm}\n{text}");
        }
    }
}

/// Steepest-edge weights worked by hand (the case `steepest_edge_weights_are_the_row_norms`
/// found): `min x2`, `r0: 2 x0 + x1 >= 1`, `r1: 3 x0 - x2 <= -1` takes three pivots (x0 for
/// r0's slack, x1 for r1's, x2 for x0) to the basis (x2, x1) with `B⁻¹ = [[0, −1], [1, 0]]`,
/// whose rows have norm 1; the last update gives position 1 `13/9 − 8/9 + 4/9 = 1`, below the
/// floor `k² = 4` (`k = α_1/α_r = −2`), so the weights end at (1, 4): the floor raises a
/// weight above its norm, never below.
#[test]
fn steepest_edge_weights_by_hand() {
    let m =
        model("Minimize\n obj: x2\nSubject To\n r0: 2 x0 + x1 >= 1\n r1: 3 x0 - x2 <= -1\nEnd\n");
    let mut run = Run::new(&m).unwrap();
    run.optimise(&Budget::unlimited()).unwrap();
    assert_eq!(run.pivots(), 3);
    for (w, want) in run.weights.iter().zip([1.0, 4.0]) {
        assert!((w - want).abs() < 1e-12, "{:?}", run.weights);
    }
}

/// Harris's two passes as written before issue 42 item 8's eighth round (each pass reads the
/// touched variables afresh): the reference for [`Run::entering`].
fn entering_by_two_scans(run: &Run, dir: f64, row: &PivotRow) -> Option<usize> {
    let candidate = |v: usize| -> Option<(f64, f64)> {
        let a = row.alpha[v];
        if a.abs() < PIVOT_TOL {
            return None;
        }
        match run.bound(v) {
            Bound::Lower if dir * a < 0.0 => Some((run.d[v].max(0.0), a.abs())),
            Bound::Upper if dir * a > 0.0 => Some(((-run.d[v]).max(0.0), a.abs())),
            _ => None,
        }
    };
    let bound = row
        .touched
        .iter()
        .filter_map(|&v| candidate(v))
        .fold(f64::INFINITY, |b, (d, a)| b.min((d + DUAL_TOL) / a));
    if bound == f64::INFINITY {
        return None;
    }
    let mut best: Option<(f64, usize)> = None;
    for &v in &row.touched {
        if let Some((d, a)) = candidate(v) {
            if d / a <= bound && best.is_none_or(|b| a > b.0) {
                best = Some((a, v));
            }
        }
    }
    best.map(|(_, v)| v)
}

proptest! {
    /// [`Run::entering`] against [`entering_by_two_scans`] on random pivot rows over an LP with
    /// variables of every kind of bound (structurals and `≤` slacks at their lower bound, `≥`
    /// slacks at their upper one, `=` slacks fixed), with random reduced costs, ties among
    /// the ratios and `|α|` included, in a random order, in either direction, the pivot row
    /// reused: the same entering variable.
    #[test]
    fn entering_agrees_with_two_scans(
        seed in any::<u64>(),
        dir in prop_oneof![Just(1.0), Just(-1.0)],
    ) {
        let m = model(
            "Minimize\n obj: x + y + z\nSubject To\n a: x + y <= 1\n b: y + z >= 1\n c: x + z = 1\n d: x - y <= 2\nEnd\n",
        );
        let mut run = Run::new(&m).unwrap();
        let vars = 3 + 4;
        let mut row = PivotRow::new(vars);
        let mut s = seed | 1;
        let mut next = || { s ^= s << 13; s ^= s >> 7; s ^= s << 17; s };
        for _ in 0..4 {
            row.clear();
            let mut order: Vec<usize> = (0..vars).collect();
            for i in (1..vars).rev() { order.swap(i, (next() % (i as u64 + 1)) as usize); }
            for &v in &order[..(next() % (vars as u64 + 1)) as usize] {
                // Small integers: equal ratios and equal |α| happen often; 0 and a tiny α too.
                let a = match next() % 7 { 0 => 0.0, 1 => 1e-12, k => k as f64 - 4.0 };
                (row.alpha[v], row.in_row[v]) = (a, true);
                row.touched.push(v);
                run.d[v] = (next() % 5) as f64 - 2.0;
            }
            let want = entering_by_two_scans(&run, dir, &row);
            prop_assert_eq!(run.entering(dir, &mut row), want);
        }
    }
}

/// The two primal tolerances worked by hand: `min x`, `r: x >= b`. At the slack basis `r`'s
/// slack (bounds `(−∞, 0]`) is `b`, above its bound by `b`: within the first solve's
/// [`FIRST_PRIMAL_TOL`] (1e-7) at `b = 5e-8`, so that solve takes no pivot and ends at `x = 0`
/// with price 0; beyond it at `b = 2e-7` (one pivot, `x = b`, price 1). Restated with the same
/// data ([`Run::restate`], [`PRIMAL_TOL`] 1e-9) both take the pivot to `x = b`.
#[test]
fn primal_tolerances_by_hand() {
    let cases: [(&str, f64, usize); 2] = [("1/20000000", 5e-8, 0), ("1/5000000", 2e-7, 1)];
    for (b, value, first_pivots) in cases {
        let m = model(&format!(
            "Minimize\n obj: x\nSubject To\n r: x >= {b}\nEnd\n"
        ));
        let mut run = Run::new(&m).unwrap();
        run.optimise(&Budget::unlimited()).unwrap();
        assert_eq!(run.pivots(), first_pivots, "{b}");
        let (x, y) = run.point_and_prices();
        let first = if first_pivots == 0 { 0.0 } else { value };
        assert!(
            close(&x, &[first]) && close(&y, &[first_pivots as f64]),
            "{b}: {x:?} {y:?}"
        );
        run.restate(run.rhs.clone(), run.lower.clone(), run.upper.clone())
            .unwrap();
        run.optimise(&Budget::unlimited()).unwrap();
        assert_eq!(run.pivots(), 1, "{b}");
        let (x, y) = run.point_and_prices();
        assert!(
            (x[0] - value).abs() <= 1e-15 * value && y == [1.0],
            "{b}: {x:?} {y:?}"
        );
    }
}

/// Random dual-feasible LPs with some right-hand sides scaled by `2^-k`, `k` in 20..32 (basic
/// values of 1e-6..1e-10, either side of [`FIRST_PRIMAL_TOL`] and [`PRIMAL_TOL`]).
fn arb_lp_with_small_values() -> impl Strategy<Value = String> {
    (
        crate::lp::tests::arb_dual_feasible_lp(),
        prop::collection::vec(prop::option::of(20u32..32), 6),
    )
        .prop_map(|(text, scales)| {
            let mut row = 0;
            let lines: Vec<String> = text
                .lines()
                .map(|line| {
                    if !line.starts_with(" r") {
                        return line.to_string();
                    }
                    row += 1;
                    match scales[row - 1] {
                        Some(k) => format!("{line}/{}", 1u64 << k),
                        None => line.to_string(),
                    }
                })
                .collect();
            lines.join("\n") + "\n"
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The first solve (at [`FIRST_PRIMAL_TOL`]) then the same LP restated (at [`PRIMAL_TOL`],
    /// as the refinement's rounds are) reaches the optimum of the exact simplex from scratch
    /// (the naive reference) to 1e-8, where the first solve alone is within its tolerance;
    /// the basis certifies there exactly.
    #[test]
    fn restated_runs_reach_the_tight_optimum(text in arb_lp_with_small_values()) {
        let m = model(&text);
        let reference = solve_from_scratch(&m).unwrap();
        let mut run = Run::new(&m).unwrap();
        let first = run.optimise(&Budget::unlimited());
        let Some(value) = reference.value() else {
            // Infeasible by less than the tolerance, the float solve may read it feasible.
            prop_assert!(!matches!(first, Err(Outcome::Failed(_))), "{first:?}\n{text}");
            return Ok(());
        };
        prop_assert!(first.is_ok(), "{first:?}\n{text}");
        let objective = |x: &[f64]| -> f64 {
            m.objective().iter().zip(x).map(|(c, v)| to_f64(c) * v).sum()
        };
        let value = to_f64(value);
        let x = run.point_and_prices().0;
        prop_assert!((objective(&x) - value).abs() < 1e-6, "{x:?} vs {value}\n{text}");
        run.restate(run.rhs.clone(), run.lower.clone(), run.upper.clone()).unwrap();
        prop_assert!(run.optimise(&Budget::unlimited()).is_ok(), "{text}");
        let Outcome::Optimal { basis, x, .. } = run.optimal() else { unreachable!() };
        prop_assert!((objective(&x) - value).abs() < 1e-8, "{x:?} vs {value}\n{text}");
        let (Ending::Solved(exact), _) = solve_from(&m, basis, 1000, None) else {
            return Err(TestCaseError::fail(format!("stopped\n{text}")));
        };
        prop_assert_eq!(exact.value(), reference.value(), "{}", text);
    }
}
