//! Tests of the exact LP: a literal table of hand-solved LPs, every status, Beale's cycling
//! example, tampered certificates, and a property test against brute-force vertex enumeration.

use super::exact::simplex::{solve_with_stats, solve_with_ties, Ties};
use super::guided::solve;
use super::*;
use crate::num::{parse_rational, Rational};
use proptest::prelude::*;

/// CPLEX LP text of `c` (the objective) and `rows` (`(a, cmp, b)`, `cmp` 0/1/2 for `<=`/`>=`/`=`)
/// over `x0, x1, …`, with `bounds` (a `Bounds` section, or empty) before `End`: the random LPs
/// of the property tests in `guided`, `float::simplex` and `float::refine`.
pub(super) fn lp_text(
    maximize: bool,
    c: &[i32],
    rows: &[(Vec<i32>, u8, i32)],
    bounds: &str,
) -> String {
    let term = |k: i32, j: usize| format!(" {} {} x{j}", if k < 0 { "-" } else { "+" }, k.abs());
    let mut s = format!("{}\n obj:", if maximize { "Maximize" } else { "Minimize" });
    for (j, k) in c.iter().enumerate() {
        s += &term(*k, j);
    }
    s += "\nSubject To\n";
    for (i, (a, cmp, b)) in rows.iter().enumerate() {
        s += &format!(" r{i}:");
        for (j, k) in a.iter().enumerate() {
            s += &term(*k, j);
        }
        s += &format!(" {} {b}\n", ["<=", ">=", "="][*cmp as usize]);
    }
    s + bounds + "End\n"
}

/// Random LPs whose slack basis is dual feasible (costs ≥ 0 in a minimisation), 1–5 variables
/// and 1–6 rows of every kind: the property tests of `float::simplex` and `float::refine`.
pub(super) fn arb_dual_feasible_lp() -> impl Strategy<Value = String> {
    (1usize..=5).prop_flat_map(|n| {
        (
            prop::collection::vec(0i32..=4, n),
            prop::collection::vec(
                (prop::collection::vec(-3i32..=3, n), 0u8..3, -2i32..=5),
                1..=6,
            ),
        )
            .prop_map(move |(c, rows)| lp_text(false, &c, &rows, ""))
    })
}

fn q(s: &str) -> Rational {
    parse_rational(s).unwrap()
}

/// Build a model from dense literals: objective `c`, rows `(a, cmp, b)`.
fn build(sense: Sense, c: &[&str], rows: &[(&[&str], Cmp, &str)]) -> Model {
    let mut m = Model::new(sense);
    let vars: Vec<Var> = (0..c.len()).map(|j| m.add_var(format!("x{j}"))).collect();
    let obj: Vec<(Var, Rational)> = vars.iter().zip(c).map(|(v, s)| (*v, q(s))).collect();
    m.set_objective(&obj);
    for (a, cmp, b) in rows {
        let terms: Vec<(Var, Rational)> =
            vars.iter().zip(a.iter()).map(|(v, s)| (*v, q(s))).collect();
        m.add_row(&terms, *cmp, q(b));
    }
    m
}

use Cmp::{Eq as E, Ge as G, Le as L};
use Sense::{Maximize as Max, Minimize as Min};

type Lp = (
    Sense,
    &'static [&'static str],
    &'static [(&'static [&'static str], Cmp, &'static str)],
);

/// Hand-solved LPs with their exact optimum (derivation in the comment).
const OPTIMA: &[(&str, Lp, &str)] = &[
    // 2x+y=4, x+3y=6 meet at (6/5, 8/5).
    (
        "two-row max",
        (
            Max,
            &["1", "1"],
            &[(&["2", "1"], L, "4"), (&["1", "3"], L, "6")],
        ),
        "14/5",
    ),
    // x+2y=2, 3x+y=3 meet at (4/5, 3/5); the axis vertices (2,0),(0,3) cost 2 and 3.
    (
        "covering min",
        (
            Min,
            &["1", "1"],
            &[(&["1", "2"], G, "2"), (&["3", "1"], G, "3")],
        ),
        "7/5",
    ),
    // cost = 1 + x + 2y on the simplex with x >= y + 1/3: (1/3, 0, 2/3).
    (
        "equality",
        (
            Min,
            &["2", "3", "1"],
            &[(&["1", "1", "1"], E, "1"), (&["1", "-1", "0"], G, "1/3")],
        ),
        "4/3",
    ),
    // Wyndor glass: (2, 6).
    (
        "wyndor",
        (
            Max,
            &["3", "5"],
            &[
                (&["1", "0"], L, "4"),
                (&["0", "2"], L, "12"),
                (&["3", "2"], L, "18"),
            ],
        ),
        "36",
    ),
    // -x <= -5/2 is x >= 5/2.
    (
        "negative rhs",
        (Min, &["1"], &[(&["-1"], L, "-5/2")]),
        "5/2",
    ),
    // The second equality is twice the first (redundant row, artificial stays basic).
    (
        "redundant equality",
        (
            Min,
            &["1", "1"],
            &[
                (&["1", "1"], E, "1"),
                (&["2", "2"], E, "2"),
                (&["1", "-1"], L, "0"),
            ],
        ),
        "1",
    ),
    (
        "max of negative",
        (Max, &["-1", "-1"], &[(&["1", "1"], G, "3")]),
        "-3",
    ),
    ("no rows", (Min, &["1", "0"], &[]), "0"),
    // y >= x, y <= 1/2.
    (
        "zero-rhs ge",
        (
            Max,
            &["1", "0"],
            &[(&["-1", "1"], G, "0"), (&["0", "1"], L, "1/2")],
        ),
        "1/2",
    ),
    // Decimal literals are exact: 0.1 x1 + 0.2 x2 <= 0.3, maximise x2.
    (
        "decimals",
        (Max, &["0", "1"], &[(&["0.1", "0.2"], L, "0.3")]),
        "3/2",
    ),
    // Beale (1955): cycles under Dantzig's rule with naive ties; optimum at x = (1, 0, 1, 0).
    (
        "beale",
        (
            Min,
            &["-3/4", "20", "-1/2", "6"],
            &[
                (&["1/4", "-8", "-1", "9"], L, "0"),
                (&["1/2", "-12", "-1/2", "3"], L, "0"),
                (&["0", "0", "1", "0"], L, "1"),
            ],
        ),
        "-5/4",
    ),
    // Degenerate vertex with three tight rows in the plane: x+y<=1, x<=1, x+2y<=1, max x+y.
    (
        "degenerate",
        (
            Max,
            &["1", "1"],
            &[
                (&["1", "1"], L, "1"),
                (&["1", "0"], L, "1"),
                (&["1", "2"], L, "1"),
            ],
        ),
        "1",
    ),
];

#[test]
fn literal_table_of_optima() {
    for (name, (sense, c, rows), want) in OPTIMA {
        let m = build(*sense, c, rows);
        let sol = solve(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(sol.value(), Some(&q(want)), "{name}: {sol:?}");
    }
}

#[test]
fn infeasible_gets_a_checked_farkas_certificate() {
    let table: &[(&str, Lp)] = &[
        (
            "x+y<=1, x+y>=2",
            (
                Min,
                &["1", "1"],
                &[(&["1", "1"], L, "1"), (&["1", "1"], G, "2")],
            ),
        ),
        ("x = -1", (Max, &["1"], &[(&["1"], E, "-1")])),
        (
            "x-y>=1, y-x>=1",
            (
                Min,
                &["0", "0"],
                &[(&["1", "-1"], G, "1"), (&["-1", "1"], G, "1")],
            ),
        ),
    ];
    for (name, (sense, c, rows)) in table {
        let m = build(*sense, c, rows);
        let sol = solve(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(sol.status(), "infeasible", "{name}: {sol:?}");
    }
}

#[test]
fn unbounded_gets_a_checked_ray() {
    let table: &[(&str, Lp)] = &[
        (
            "max x, x-y<=1",
            (Max, &["1", "0"], &[(&["1", "-1"], L, "1")]),
        ),
        (
            "min -x-y, x=y",
            (Min, &["-1", "-1"], &[(&["1", "-1"], E, "0")]),
        ),
        ("max x, x>=3", (Max, &["1"], &[(&["1"], G, "3")])),
    ];
    for (name, (sense, c, rows)) in table {
        let m = build(*sense, c, rows);
        let sol = solve(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(sol.status(), "unbounded", "{name}: {sol:?}");
    }
}

#[test]
fn checked_note_states_the_optimum_and_refuses_a_bad_certificate() {
    let (_, (s, c, r), _) = OPTIMA[0];
    let m = build(s, c, r);
    let sol = solve(&m).unwrap();
    let note = checked_note(&m, &sol).unwrap();
    assert!(note.contains("exact LP optimum 14/5"), "{note}");
    let bad = Certificate::Optimal {
        value: q("3"),
        primal: vec![q("6/5"), q("8/5")],
        dual: vec![q("2/5"), q("1/5")],
    };
    assert!(checked_note(&m, &bad).is_err());
}

#[test]
fn optimal_certificate_is_the_expected_one() {
    // max x+y, 2x+y<=4, x+3y<=6: primal (6/5, 8/5), dual (2/5, 1/5) (y solves 2a+b=1, a+3b=1).
    let (_, (s, c, r), _) = OPTIMA[0];
    let sol = solve(&build(s, c, r)).unwrap();
    assert_eq!(
        sol,
        Certificate::Optimal {
            value: q("14/5"),
            primal: vec![q("6/5"), q("8/5")],
            dual: vec![q("2/5"), q("1/5")],
        }
    );
}

/// Corrupt a certificate in one entry; the checker must reject every corruption listed.
#[test]
fn checker_rejects_tampered_certificates() {
    for (name, (sense, c, rows), _) in OPTIMA {
        let m = build(*sense, c, rows);
        let sol = solve(&m).unwrap();
        let Certificate::Optimal {
            value,
            primal,
            dual,
        } = sol
        else {
            unreachable!()
        };
        // Wrong objective.
        let bad = Certificate::Optimal {
            value: &value + q("1/7"),
            primal: primal.clone(),
            dual: dual.clone(),
        };
        assert!(check(&m, &bad).is_err(), "{name}: wrong value accepted");
        // One dual entry changed on a row with b_i != 0 changes b·y.
        for (i, row) in m.rows().iter().enumerate() {
            if row.rhs != 0u32 {
                let mut y = dual.clone();
                y[i] += q("1/3");
                let bad = Certificate::Optimal {
                    value: value.clone(),
                    primal: primal.clone(),
                    dual: y,
                };
                assert!(
                    check(&m, &bad).is_err(),
                    "{name}: perturbed dual {i} accepted"
                );
            }
        }
        // One primal entry changed where c_j != 0 changes c·x.
        for (j, cj) in m.objective().iter().enumerate() {
            if *cj != 0u32 {
                let mut x = primal.clone();
                x[j] += q("1/2");
                let bad = Certificate::Optimal {
                    value: value.clone(),
                    primal: x,
                    dual: dual.clone(),
                };
                assert!(
                    check(&m, &bad).is_err(),
                    "{name}: perturbed primal {j} accepted"
                );
            }
        }
    }
    // A dual sign error that keeps b·y: max x, x <= 1, -x <= 0 ... use min x, x >= 1 with y=(1)
    // replaced by a negative multiplier on a >= row.
    let m = build(Min, &["1"], &[(&["1"], G, "1"), (&["1"], G, "0")]);
    let bad = Certificate::Optimal {
        value: q("1"),
        primal: vec![q("1")],
        dual: vec![q("2"), q("-1")],
    };
    assert!(matches!(
        check(&m, &bad),
        Err(CertificateError::MultiplierSign { .. })
    ));
    // Farkas and ray certificates negated.
    let m = build(
        Min,
        &["1", "1"],
        &[(&["1", "1"], L, "1"), (&["1", "1"], G, "2")],
    );
    let Certificate::Infeasible { farkas } = solve(&m).unwrap() else {
        panic!()
    };
    let bad = Certificate::Infeasible {
        farkas: farkas.iter().map(|v| -v).collect(),
    };
    assert!(check(&m, &bad).is_err());
    let mut zeroed = farkas.clone();
    zeroed[0] = q("0");
    assert!(check(&m, &Certificate::Infeasible { farkas: zeroed }).is_err());
    let m = build(Max, &["1", "0"], &[(&["1", "-1"], L, "1")]);
    let Certificate::Unbounded { point, ray } = solve(&m).unwrap() else {
        panic!()
    };
    let bad = Certificate::Unbounded {
        point: point.clone(),
        ray: ray.iter().map(|v| -v).collect(),
    };
    assert!(check(&m, &bad).is_err());
    let bad = Certificate::Unbounded {
        point: vec![q("2"), q("0")],
        ray,
    };
    assert!(check(&m, &bad).is_err(), "infeasible point accepted");
}

// ---- naive reference: enumerate vertices by solving every square subsystem exactly ----

/// Solve the square system `M x = r` by Gaussian elimination; `None` if singular.
fn gauss(mut mat: Vec<Vec<Rational>>, mut rhs: Vec<Rational>) -> Option<Vec<Rational>> {
    let n = rhs.len();
    for col in 0..n {
        let piv = (col..n).find(|&r| mat[r][col] != 0u32)?;
        mat.swap(col, piv);
        rhs.swap(col, piv);
        for r in 0..n {
            if r != col && mat[r][col] != 0u32 {
                let f = &mat[r][col] / &mat[col][col];
                let pivot_row = mat[col].clone();
                for (k, pv) in pivot_row.iter().enumerate().skip(col) {
                    mat[r][k] -= &f * pv;
                }
                let v = &f * &rhs[col];
                rhs[r] -= v;
            }
        }
    }
    Some((0..n).map(|i| &rhs[i] / &mat[i][i]).collect())
}

fn feasible(m: &Model, x: &[Rational]) -> bool {
    x.iter().all(|v| *v >= 0u32) && m.rows().iter().all(|r| r.cmp.holds(&r.activity(x), &r.rhs))
}

/// Best objective over all vertices of `{x >= 0, rows}`, or `None` if there is no vertex
/// (the region is contained in the orthant, so it has a vertex iff it is non-empty).
fn best_vertex(m: &Model) -> Option<Rational> {
    let n = m.n_vars();
    // Hyperplanes: every row as an equality, and every x_j = 0.
    let mut planes: Vec<(Vec<Rational>, Rational)> = Vec::new();
    for r in m.rows() {
        let mut a = vec![q("0"); n];
        for (j, c) in &r.coeffs {
            a[*j] = c.clone();
        }
        planes.push((a, r.rhs.clone()));
    }
    for j in 0..n {
        let mut a = vec![q("0"); n];
        a[j] = q("1");
        planes.push((a, q("0")));
    }
    let mut best: Option<Rational> = None;
    let k = planes.len();
    for mask in 0u32..(1 << k) {
        if mask.count_ones() as usize != n {
            continue;
        }
        let chosen: Vec<usize> = (0..k).filter(|i| mask & (1 << i) != 0).collect();
        let mat = chosen.iter().map(|&i| planes[i].0.clone()).collect();
        let rhs = chosen.iter().map(|&i| planes[i].1.clone()).collect();
        if let Some(x) = gauss(mat, rhs) {
            if feasible(m, &x) {
                let v = m.objective_value(&x);
                best = Some(match (best, m.sense()) {
                    (None, _) => v,
                    (Some(b), Sense::Minimize) => {
                        if v < b {
                            v
                        } else {
                            b
                        }
                    }
                    (Some(b), Sense::Maximize) => {
                        if v > b {
                            v
                        } else {
                            b
                        }
                    }
                });
            }
        }
    }
    best
}

fn arb_model() -> impl Strategy<Value = Model> {
    (1usize..=4, 0usize..=4).prop_flat_map(|(n, rows)| {
        (
            any::<bool>(),
            prop::collection::vec(-3i32..=3, n),
            prop::collection::vec(
                (prop::collection::vec(-3i32..=3, n), 0u8..3, -4i32..=6),
                rows,
            ),
        )
            .prop_map(move |(max, c, rs)| {
                let mut m = Model::new(if max { Max } else { Min });
                let vars: Vec<Var> = (0..n).map(|j| m.add_var(format!("x{j}"))).collect();
                let obj: Vec<_> = vars
                    .iter()
                    .zip(&c)
                    .map(|(v, k)| (*v, Rational::from(*k)))
                    .collect();
                m.set_objective(&obj);
                for (a, cmp, b) in rs {
                    let terms: Vec<_> = vars
                        .iter()
                        .zip(&a)
                        .map(|(v, k)| (*v, Rational::from(*k)))
                        .collect();
                    let cmp = [L, G, E][cmp as usize];
                    m.add_row(&terms, cmp, Rational::from(b));
                }
                m
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `write_lp` then `parse_lp` gives the same LP: same status and optimum.
    #[test]
    fn lp_format_round_trip(m in arb_model()) {
        let text = write_lp(&m);
        let back = parse_lp(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let a = solve(&m).unwrap();
        let b = solve(&back.model).unwrap();
        prop_assert_eq!(a.status(), b.status(), "{}", text);
        prop_assert_eq!(a.value(), b.value(), "{}", text);
    }

    /// Every answer passes the checker, agrees with brute-force vertex enumeration, and a
    /// wrong claimed optimum is rejected.
    #[test]
    fn random_small_lps_match_vertex_enumeration(m in arb_model(), textbook in any::<bool>()) {
        let ties = if textbook { Ties::SmallestIndex } else { Ties::LargestPivot };
        let (sol, _) = solve_with_ties(&m, ties);
        check(&m, &sol).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let reference = best_vertex(&m);
        match &sol {
            Certificate::Optimal { value, primal, dual } => {
                prop_assert_eq!(Some(value), reference.as_ref());
                let bad = Certificate::Optimal { value: value + Rational::from(1u32), primal: primal.clone(), dual: dual.clone() };
                prop_assert!(check(&m, &bad).is_err());
            }
            Certificate::Infeasible { .. } => prop_assert!(reference.is_none()),
            Certificate::Unbounded { .. } => prop_assert!(reference.is_some()),
        }
    }
}

/// Beale's example makes Dantzig's rule with textbook ties cycle (six degenerate pivots back to
/// the start basis): the repeat is detected, Bland's rule breaks the cycle, and the optimum is
/// found. The default ties reach it without cycling.
#[test]
fn beale_cycle_is_detected_and_broken() {
    let (_, (sense, c, rows), want) = OPTIMA.iter().find(|(n, _, _)| *n == "beale").unwrap();
    let m = build(*sense, c, rows);
    let (sol, stats) = solve_with_ties(&m, Ties::SmallestIndex);
    assert!(
        stats.bland_pivots > 0,
        "{stats:?}: the cycle was not entered"
    );
    assert_eq!(sol.value(), Some(&q(want)));
    check(&m, &sol).unwrap();
    let (sol, _) = solve_with_stats(&m);
    assert_eq!(sol.value(), Some(&q(want)));
    check(&m, &sol).unwrap();
}

/// Literal case: `numbered` numbers the chosen positions, and `submatrix` keeps the chosen rows
/// on the numbered variables only, renumbered (x1 is left out; row 0 is not asked for).
#[test]
fn submatrix_keeps_the_numbered_variables() {
    let mut m = Model::new(Min);
    let x: Vec<Var> = (0..3).map(|j| m.add_var(format!("x{j}"))).collect();
    m.add_row(&[(x[0], q("1"))], L, q("1"));
    m.add_row(
        &[(x[0], q("2")), (x[1], q("3")), (x[2], q("-1/2"))],
        E,
        q("0"),
    );
    let (vars, number) = model::numbered(&[true, false, true]);
    assert_eq!(vars, vec![0, 2]);
    assert_eq!(number, vec![0, usize::MAX, 1]);
    assert_eq!(
        m.submatrix(&[1], &number),
        vec![vec![(0, q("2")), (1, q("-1/2"))]]
    );
}
