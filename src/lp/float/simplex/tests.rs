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
