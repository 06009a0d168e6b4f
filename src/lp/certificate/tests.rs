//! The judge of every LP answer, tested with deliberately wrong certificates (issue 26): each
//! is one small step from a valid one — a zero Farkas vector, a dual off in one entry, a ray
//! that does not improve, a primal point outside one row by `10^-30` — and must be refused
//! with the error that names what is wrong, while the valid certificate next to it passes.
//! A proptest compares the checker with a naive dense re-implementation in `num-rational`.

use super::*;
use crate::lp::model::Var;
use crate::testutil::q;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use Cmp::{Eq as E, Ge as G, Le as L};
use Sense::{Maximize as Max, Minimize as Min};

/// `10^-30`: far below anything a float could see.
fn tiny() -> Rational {
    Rational::from_signeds(1, 10i64.pow(15)) * Rational::from_signeds(1, 10i64.pow(15))
}

/// Objective `c` (integers), rows `(a, cmp, b)`.
fn model(sense: Sense, c: &[i64], rows: &[(&[i64], Cmp, i64)]) -> Model {
    let mut m = Model::new(sense);
    let vars: Vec<Var> = (0..c.len()).map(|j| m.add_var(format!("x{j}"))).collect();
    let terms = |a: &[i64]| -> Vec<(Var, Rational)> {
        vars.iter()
            .zip(a)
            .map(|(v, k)| (*v, Rational::from(*k)))
            .collect()
    };
    m.set_objective(&terms(c));
    for (a, cmp, b) in rows {
        m.add_row(&terms(a), *cmp, Rational::from(*b));
    }
    m
}

fn optimal(value: Rational, primal: Vec<Rational>, dual: Vec<Rational>) -> Certificate {
    Certificate::Optimal {
        value,
        primal,
        dual,
    }
}

fn farkas(y: Vec<Rational>) -> Certificate {
    Certificate::Infeasible { farkas: y }
}

fn unbounded(point: Vec<Rational>, ray: Vec<Rational>) -> Certificate {
    Certificate::Unbounded { point, ray }
}

/// Which error a wrong certificate must get (by variant).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Want {
    Ok,
    Length,
    Negative,
    Row,
    MultiplierSign,
    DualConstraint,
    FarkasColumn,
    FarkasRhs,
    Objective,
    RayNotImproving,
}

fn kind(r: &Check) -> Want {
    match r {
        Ok(()) => Want::Ok,
        Err(CertificateError::Length { .. }) => Want::Length,
        Err(CertificateError::Negative { .. }) => Want::Negative,
        Err(CertificateError::Row { .. }) => Want::Row,
        Err(CertificateError::MultiplierSign { .. }) => Want::MultiplierSign,
        Err(CertificateError::DualConstraint { .. }) => Want::DualConstraint,
        Err(CertificateError::FarkasColumn { .. }) => Want::FarkasColumn,
        Err(CertificateError::FarkasRhs { .. }) => Want::FarkasRhs,
        Err(CertificateError::Objective { .. }) => Want::Objective,
        Err(CertificateError::RayNotImproving { .. }) => Want::RayNotImproving,
    }
}

/// The literal table: (name, model, certificate, what the checker must say).
fn table() -> Vec<(&'static str, Model, Certificate, Want)> {
    let t = tiny;
    // x0 + x1 <= 1 and x0 + x1 >= 2: y = (-1, 1) gives A^T y = 0, b.y = 1.
    let infeasible = model(Min, &[1, 1], &[(&[1, 1], L, 1), (&[1, 1], G, 2)]);
    // x0 = -1: on an equality row the Farkas multiplier has either sign.
    let eq_infeasible = model(Max, &[1], &[(&[1], E, -1)]);
    // max x0 + x1, 2x0 + x1 <= 4, x0 + 3x1 <= 6: (6/5, 8/5), dual (2/5, 1/5), both rows
    // and both dual constraints tight.
    let lp = model(Max, &[1, 1], &[(&[2, 1], L, 4), (&[1, 3], L, 6)]);
    let lp_min = model(Min, &[-1, -1], &[(&[2, 1], L, 4), (&[1, 3], L, 6)]);
    let x = || vec![q(6, 5), q(8, 5)];
    let y = || vec![q(2, 5), q(1, 5)];
    // min x0 + 5 with x0 >= 1: the offset is part of both objectives.
    let mut offset = model(Min, &[1], &[(&[1], G, 1)]);
    offset.set_objective_offset(Rational::from(5u32));
    // min x0 with x0 >= 1 and x0 >= 0: the dual (2, -1) keeps b.y = 2 but has a negative
    // multiplier on a >= row.
    let signs = model(Min, &[1], &[(&[1], G, 1), (&[1], G, 0)]);
    // max x0 with x0 - x1 <= 1: unbounded along (1, 1).
    let ray_le = model(Max, &[1, 0], &[(&[1, -1], L, 1)]);
    let ray_le_min = model(Min, &[1, 0], &[(&[1, -1], L, 1)]);
    // The same with an objective offset: the offset moves c.x, never c.r.
    let mut ray_offset = ray_le.clone();
    ray_offset.set_objective_offset(Rational::from(5u32));
    // min -x0 - x1 with x0 - x1 = 0; max x0 with x1 - x0 >= -1.
    let ray_eq = model(Min, &[-1, -1], &[(&[1, -1], E, 0)]);
    let ray_ge = model(Max, &[1, 0], &[(&[-1, 1], G, -1)]);
    let r1 = || Rational::from(1u32);
    let z = || Rational::from(0u32);
    vec![
        // ---- Farkas ----
        (
            "Farkas valid",
            infeasible.clone(),
            farkas(vec![-r1(), r1()]),
            Want::Ok,
        ),
        (
            "zero Farkas vector",
            infeasible.clone(),
            farkas(vec![z(), z()]),
            Want::FarkasRhs,
        ),
        (
            "Farkas with b.y = 0",
            infeasible.clone(),
            farkas(vec![-r1(), q(1, 2)]),
            Want::FarkasRhs,
        ),
        (
            "Farkas negated",
            infeasible.clone(),
            farkas(vec![r1(), -r1()]),
            Want::MultiplierSign,
        ),
        (
            "Farkas with A^T y = 10^-30 > 0",
            infeasible.clone(),
            farkas(vec![-r1(), r1() + t()]),
            Want::FarkasColumn,
        ),
        (
            "Farkas too long",
            infeasible.clone(),
            farkas(vec![-r1(), r1(), z()]),
            Want::Length,
        ),
        (
            "Farkas on = row, negative",
            eq_infeasible.clone(),
            farkas(vec![-r1()]),
            Want::Ok,
        ),
        (
            "Farkas on = row, wrong way",
            eq_infeasible.clone(),
            farkas(vec![r1()]),
            Want::FarkasColumn,
        ),
        (
            "Farkas for a feasible LP",
            lp.clone(),
            farkas(vec![r1(), r1()]),
            Want::MultiplierSign,
        ),
        // ---- optimal ----
        (
            "optimal valid",
            lp.clone(),
            optimal(q(14, 5), x(), y()),
            Want::Ok,
        ),
        (
            "optimal valid (min form)",
            lp_min.clone(),
            optimal(q(-14, 5), x(), vec![q(-2, 5), q(-1, 5)]),
            Want::Ok,
        ),
        (
            "value off by 10^-30",
            lp.clone(),
            optimal(q(14, 5) + t(), x(), y()),
            Want::Objective,
        ),
        (
            "dual up by 10^-30 in one entry (b.y moves)",
            lp.clone(),
            optimal(q(14, 5), x(), vec![q(2, 5), q(1, 5) + t()]),
            Want::Objective,
        ),
        (
            "dual down by 10^-30 in one entry (a dual row fails)",
            lp.clone(),
            optimal(q(14, 5), x(), vec![q(2, 5) - t(), q(1, 5)]),
            Want::DualConstraint,
        ),
        (
            "dual with one entry missing",
            lp.clone(),
            optimal(q(14, 5), x(), vec![q(2, 5)]),
            Want::Length,
        ),
        (
            "primal outside one row by 10^-30",
            lp.clone(),
            optimal(q(14, 5), vec![q(6, 5) + t(), q(8, 5)], y()),
            Want::Row,
        ),
        (
            "primal entry -10^-30",
            lp.clone(),
            optimal(z(), vec![-t(), z()], y()),
            Want::Negative,
        ),
        (
            "primal too short",
            lp.clone(),
            optimal(q(14, 5), vec![q(6, 5)], y()),
            Want::Length,
        ),
        (
            "feasible but not optimal primal",
            lp.clone(),
            optimal(q(2, 1), vec![r1(), r1()], y()),
            Want::Objective,
        ),
        (
            "a Maximize dual checked as Minimize",
            lp_min.clone(),
            optimal(q(-14, 5), x(), y()),
            Want::MultiplierSign,
        ),
        (
            "offset included",
            offset.clone(),
            optimal(q(6, 1), vec![r1()], vec![r1()]),
            Want::Ok,
        ),
        (
            "offset forgotten",
            offset.clone(),
            optimal(r1(), vec![r1()], vec![r1()]),
            Want::Objective,
        ),
        (
            "dual sign wrong, b.y kept",
            signs.clone(),
            optimal(r1(), vec![r1()], vec![q(2, 1), -r1()]),
            Want::MultiplierSign,
        ),
        (
            "dual sign right",
            signs,
            optimal(r1(), vec![r1()], vec![r1(), z()]),
            Want::Ok,
        ),
        // ---- unbounded ----
        (
            "ray valid",
            ray_le.clone(),
            unbounded(vec![z(), z()], vec![r1(), r1()]),
            Want::Ok,
        ),
        (
            "ray that does not improve (c.r = 0)",
            ray_le.clone(),
            unbounded(vec![z(), z()], vec![z(), r1()]),
            Want::RayNotImproving,
        ),
        (
            "ray that does not improve (minimising, c.r = 0)",
            ray_le_min.clone(),
            unbounded(vec![z(), z()], vec![z(), r1()]),
            Want::RayNotImproving,
        ),
        (
            "ray that worsens (minimising)",
            ray_le_min,
            unbounded(vec![z(), z()], vec![r1(), r1()]),
            Want::RayNotImproving,
        ),
        (
            "offset ray valid",
            ray_offset.clone(),
            unbounded(vec![z(), z()], vec![r1(), r1()]),
            Want::Ok,
        ),
        (
            "an objective offset does not make a ray improving",
            ray_offset,
            unbounded(vec![z(), z()], vec![z(), r1()]),
            Want::RayNotImproving,
        ),
        (
            "zero ray",
            ray_le.clone(),
            unbounded(vec![z(), z()], vec![z(), z()]),
            Want::RayNotImproving,
        ),
        (
            "ray leaving a <= row by 10^-30",
            ray_le.clone(),
            unbounded(vec![z(), z()], vec![r1(), r1() - t()]),
            Want::Row,
        ),
        (
            "ray with a negative entry",
            ray_le.clone(),
            unbounded(vec![z(), z()], vec![r1(), -r1()]),
            Want::Negative,
        ),
        (
            "ray too long",
            ray_le.clone(),
            unbounded(vec![z(), z()], vec![r1(), r1(), r1()]),
            Want::Length,
        ),
        (
            "unbounded from an infeasible point",
            ray_le,
            unbounded(vec![q(2, 1) + t(), r1()], vec![r1(), r1()]),
            Want::Row,
        ),
        (
            "ray on = row",
            ray_eq.clone(),
            unbounded(vec![z(), z()], vec![r1(), r1()]),
            Want::Ok,
        ),
        (
            "ray leaving = row by 10^-30",
            ray_eq,
            unbounded(vec![z(), z()], vec![r1(), r1() - t()]),
            Want::Row,
        ),
        (
            "ray on >= row",
            ray_ge.clone(),
            unbounded(vec![z(), z()], vec![r1(), r1()]),
            Want::Ok,
        ),
        (
            "ray leaving >= row by 10^-30",
            ray_ge,
            unbounded(vec![z(), z()], vec![r1(), r1() - t()]),
            Want::Row,
        ),
    ]
}

#[test]
fn deliberately_wrong_certificates_are_refused() {
    for (name, m, s, want) in table() {
        let got = check(&m, &s);
        assert_eq!(kind(&got), want, "{name}: {got:?}");
        assert_eq!(
            got.is_ok(),
            naive(&m, &s),
            "{name}: naive reference disagrees"
        );
        assert_eq!(checked_note(&m, &s).is_ok(), want == Want::Ok, "{name}");
    }
}

/// The refusal names the row or variable at fault and its exact numbers.
#[test]
fn errors_name_what_is_wrong() {
    let m = model(Min, &[1, 1], &[(&[1, 1], L, 1), (&[1, 1], G, 2)]);
    let e = check(&m, &farkas(vec![q(0, 1), q(0, 1)])).unwrap_err();
    assert_eq!(e.to_string(), "Farkas: b^T y = 0 is not positive");
    let m = model(Max, &[1, 1], &[(&[2, 1], L, 4), (&[1, 3], L, 6)]);
    let e = check(
        &m,
        &optimal(q(14, 5), vec![q(6, 5), q(8, 5)], vec![q(2, 5), q(-1, 5)]),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "dual multiplier of row r1 = -1/5 has the wrong sign"
    );
    let e = check(
        &m,
        &optimal(q(14, 5), vec![q(7, 5), q(8, 5)], vec![q(2, 5), q(1, 5)]),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "primal point: row r0 fails: 22/5 <= 4 is false"
    );
    // The reported (Aᵀy)_j is the exact column sum, worked by hand: with y = (2/5, 0),
    // (Aᵀy)_0 = 2·2/5 + 1·0 = 4/5 < c_0 = 1 (a zero multiplier contributes nothing).
    let e = check(
        &m,
        &optimal(q(14, 5), vec![q(6, 5), q(8, 5)], vec![q(2, 5), q(0, 1)]),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "dual constraint of variable x0 fails: (A^T y) = 4/5 >= c = 1 is false"
    );
    // y = (0, 2) on x0 + x1 <= 1, x0 + x1 >= 2: (Aᵀy)_0 = 1·0 + 1·2 = 2 > 0.
    let m = model(Min, &[1, 1], &[(&[1, 1], L, 1), (&[1, 1], G, 2)]);
    let e = check(&m, &farkas(vec![q(0, 1), q(2, 1)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Farkas: (A^T y) of variable x0 = 2 is positive"
    );
    let m = model(Max, &[1, 0], &[(&[1, -1], L, 1)]);
    let e = check(&m, &unbounded(vec![q(0, 1); 2], vec![q(0, 1), q(1, 1)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "ray does not improve the objective: c^T r = 0"
    );
}

// ---- naive reference: the conventions of `model`'s documentation, dense, in num-rational ----

fn big(r: &Rational) -> BigRational {
    r.to_string().parse().expect("malachite prints p or p/q")
}

fn bigs(v: &[Rational]) -> Vec<BigRational> {
    v.iter().map(big).collect()
}

/// Row `i` of `A` as a dense vector.
fn dense(m: &Model) -> Vec<Vec<BigRational>> {
    m.rows()
        .iter()
        .map(|row| {
            let mut a = vec![BigRational::zero(); m.n_vars()];
            for (j, v) in &row.coeffs {
                a[*j] = big(v);
            }
            a
        })
        .collect()
}

fn dot(a: &[BigRational], x: &[BigRational]) -> BigRational {
    a.iter().zip(x).map(|(p, q)| p * q).sum()
}

fn holds(cmp: Cmp, lhs: &BigRational, rhs: &BigRational) -> bool {
    match cmp {
        Cmp::Le => lhs <= rhs,
        Cmp::Ge => lhs >= rhs,
        Cmp::Eq => lhs == rhs,
    }
}

fn feasible(m: &Model, a: &[Vec<BigRational>], x: &[BigRational]) -> bool {
    x.len() == m.n_vars()
        && x.iter().all(|v| !v.is_negative())
        && m.rows()
            .iter()
            .zip(a)
            .all(|(row, ai)| holds(row.cmp, &dot(ai, x), &big(&row.rhs)))
}

/// `(Aᵀy)_j`.
fn column(a: &[Vec<BigRational>], y: &[BigRational], j: usize) -> BigRational {
    a.iter().zip(y).map(|(ai, yi)| &ai[j] * yi).sum()
}

fn naive(m: &Model, s: &Certificate) -> bool {
    let a = dense(m);
    let b: Vec<BigRational> = m.rows().iter().map(|r| big(&r.rhs)).collect();
    let c = bigs(m.objective());
    let offset = big(m.objective_offset());
    let min = m.sense() == Sense::Minimize;
    match s {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => {
            let (x, y, v) = (bigs(primal), bigs(dual), big(value));
            // Minimize: y_i >= 0 on >=, <= 0 on <=; Maximize the other way; = free.
            let sign_ok = m
                .rows()
                .iter()
                .zip(&y)
                .all(|(row, yi)| match (row.cmp, min) {
                    (Cmp::Eq, _) => true,
                    (Cmp::Ge, true) | (Cmp::Le, false) => !yi.is_negative(),
                    _ => !yi.is_positive(),
                });
            feasible(m, &a, &x)
                && y.len() == m.n_rows()
                && sign_ok
                && (0..m.n_vars()).all(|j| {
                    let col = column(&a, &y, j);
                    if min {
                        col <= c[j]
                    } else {
                        col >= c[j]
                    }
                })
                && dot(&c, &x) + &offset == v
                && dot(&b, &y) + &offset == v
        }
        Certificate::Infeasible { farkas } => {
            let y = bigs(farkas);
            y.len() == m.n_rows()
                && m.rows().iter().zip(&y).all(|(row, yi)| match row.cmp {
                    Cmp::Eq => true,
                    Cmp::Ge => !yi.is_negative(),
                    Cmp::Le => !yi.is_positive(),
                })
                && (0..m.n_vars()).all(|j| !column(&a, &y, j).is_positive())
                && dot(&b, &y).is_positive()
        }
        Certificate::Unbounded { point, ray } => {
            let (x, r) = (bigs(point), bigs(ray));
            let zero = BigRational::zero();
            let cr = dot(&c, &r);
            feasible(m, &a, &x)
                && r.len() == m.n_vars()
                && r.iter().all(|v| !v.is_negative())
                && m.rows()
                    .iter()
                    .zip(&a)
                    .all(|(row, ai)| holds(row.cmp, &dot(ai, &r), &zero))
                && if min {
                    cr.is_negative()
                } else {
                    cr.is_positive()
                }
        }
    }
}

fn arb_model() -> impl Strategy<Value = Model> {
    (1usize..=3, 0usize..=3).prop_flat_map(|(n, rows)| {
        (
            any::<bool>(),
            prop::collection::vec(-3i64..=3, n),
            prop::collection::vec(
                (prop::collection::vec(-3i64..=3, n), 0u8..3, -3i64..=4),
                rows,
            ),
            -2i64..=2,
        )
            .prop_map(move |(max, c, rs, off)| {
                let rows: Vec<(&[i64], Cmp, i64)> = rs
                    .iter()
                    .map(|(a, k, b)| (a.as_slice(), [L, G, E][*k as usize], *b))
                    .collect();
                let mut m = model(if max { Max } else { Min }, &c, &rows);
                m.set_objective_offset(Rational::from(off));
                m
            })
    })
}

/// Perturb entry `at` (modulo the lengths) of the certificate's part `part` by `delta`;
/// `part` 0 is the value (optimal) or the point (unbounded).
fn perturb(s: &Certificate, part: usize, at: usize, delta: &Rational) -> Certificate {
    let bump = |v: &[Rational]| -> Vec<Rational> {
        let mut v = v.to_vec();
        if !v.is_empty() {
            let k = at % v.len();
            v[k] += delta;
        }
        v
    };
    match s {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => match part % 3 {
            0 => optimal(value + delta, primal.clone(), dual.clone()),
            1 => optimal(value.clone(), bump(primal), dual.clone()),
            _ => optimal(value.clone(), primal.clone(), bump(dual)),
        },
        Certificate::Infeasible { farkas: y } => farkas(bump(y)),
        Certificate::Unbounded { point, ray } => match part % 2 {
            0 => unbounded(bump(point), ray.clone()),
            _ => unbounded(point.clone(), bump(ray)),
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The solver's certificate passes; one entry moved by 0, ±10^-30, ±1/3 or ±1 passes
    /// exactly when the naive reference accepts it (mostly not: every kind of wrong
    /// certificate is produced this way).
    #[test]
    fn checker_agrees_with_the_naive_reference(
        m in arb_model(),
        part in 0usize..3,
        at in 0usize..4,
        step in 0usize..7,
        scale in prop::sample::select(vec![0i64, 1, -1, 2]),
    ) {
        let s = crate::lp::guided::solve(&m).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert!(check(&m, &s).is_ok());
        prop_assert!(naive(&m, &s));
        let delta = match step {
            0 => Rational::from(0u32),
            1 | 2 => tiny(),
            3 | 4 => q(1, 3),
            _ => Rational::from(1u32),
        } * Rational::from(if step % 2 == 0 { scale } else { -scale });
        let bad = perturb(&s, part, at, &delta);
        prop_assert_eq!(check(&m, &bad).is_ok(), naive(&m, &bad), "{:?}", bad);
    }

    /// Random vectors (not from a solver) of every status: same answer as the reference.
    #[test]
    fn random_certificates_agree_with_the_naive_reference(
        m in arb_model(),
        status in 0usize..3,
        v in prop::collection::vec(-2i64..=2, 8),
    ) {
        let r = |k: usize| Rational::from(v[k % v.len()]);
        let vec_of = |len: usize, from: usize| (0..len).map(|k| r(from + k)).collect::<Vec<_>>();
        let s = match status {
            0 => optimal(r(7), vec_of(m.n_vars(), 0), vec_of(m.n_rows(), 3)),
            1 => farkas(vec_of(m.n_rows(), 1)),
            _ => unbounded(vec_of(m.n_vars(), 2), vec_of(m.n_vars(), 5)),
        };
        prop_assert_eq!(check(&m, &s).is_ok(), naive(&m, &s), "{:?}", s);
    }
}

/// `p / q` for big `p`, `q` (the shape of `bench/lp_vs_highs.py --big`).
fn frac(p: i64, q: i64) -> Rational {
    Rational::from_signeds(p, q)
}

/// Dense rows of fractions with pairwise different denominators, where the integer sums of
/// the checker (one common denominator per point, one lcm per row and column) meet numbers
/// far from their reduced form. By hand: `max Σ c_i x_i` with diagonal rows `a_i x_i <= b_i`
/// has the optimum `x_i = b_i / a_i`, `y_i = c_i / a_i`; a dense row `Σ d_j x_j <= 10^6` is
/// slack there (every `d_j x_j < 10^3`). Two dense rows `d·x <= 1` and `d·x >= 1 + 10^-30`
/// are infeasible with the Farkas vector `(-1, 1)` (`Aᵀy = 0` exactly, `b·y = 10^-30`).
#[test]
fn big_fractions_wrong_by_one_part_in_ten_to_the_thirty_are_refused() {
    let t = tiny;
    let a = [
        frac(999_999_999_989, 1_000_000_007),
        frac(-999_999_999_961, 999_999_937),
        frac(123_456_789_011, 987_654_319),
    ];
    let a = [a[0].clone(), -a[1].clone(), a[2].clone()];
    let b = [frac(9_999, 7), frac(1_234, 1_000_000_009), frac(5, 3)];
    let c = [frac(77, 13), frac(999_999_999_959, 100_000_007), frac(1, 1)];
    let d = [
        frac(987_654_321_001, 999_999_893),
        frac(-876_543_210_013, 999_999_929),
        frac(765_432_100_019, 999_999_883),
    ];
    let mut m = Model::new(Max);
    let vars: Vec<Var> = (0..3).map(|j| m.add_var(format!("x{j}"))).collect();
    let dense = |w: &[Rational]| -> Vec<(Var, Rational)> {
        vars.iter().copied().zip(w.iter().cloned()).collect()
    };
    m.set_objective(&dense(&c));
    for i in 0..3 {
        m.add_row(&[(vars[i], a[i].clone())], L, b[i].clone());
    }
    m.add_row(&dense(&d), L, Rational::from(1_000_000u32));
    let x: Vec<Rational> = (0..3).map(|i| &b[i] / &a[i]).collect();
    let mut y: Vec<Rational> = (0..3).map(|i| &c[i] / &a[i]).collect();
    y.push(Rational::from(0u32));
    let value: Rational = (0..3).map(|i| &c[i] * &x[i]).sum();
    let moved = |v: &[Rational], at: usize, by: Rational| -> Vec<Rational> {
        let mut v = v.to_vec();
        v[at] += by;
        v
    };
    let mut infeasible = Model::new(Min);
    let ivars: Vec<Var> = (0..3)
        .map(|j| infeasible.add_var(format!("x{j}")))
        .collect();
    let row: Vec<(Var, Rational)> = ivars.iter().copied().zip(d.iter().cloned()).collect();
    infeasible.add_row(&row, L, Rational::from(1u32));
    infeasible.add_row(&row, G, Rational::from(1u32) + t());
    let cases = vec![
        (
            "the optimum",
            m.clone(),
            optimal(value.clone(), x.clone(), y.clone()),
            Want::Ok,
        ),
        (
            "a primal point outside row 1 by 10^-30 / a_1",
            m.clone(),
            optimal(value.clone(), moved(&x, 1, t() / &a[1]), y.clone()),
            Want::Row,
        ),
        (
            "a dual 10^-30 short in one entry",
            m.clone(),
            optimal(value.clone(), x.clone(), moved(&y, 2, -t())),
            Want::DualConstraint,
        ),
        (
            "a dual 10^-30 over in one entry",
            m.clone(),
            optimal(value.clone(), x.clone(), moved(&y, 0, t())),
            Want::Objective,
        ),
        (
            "the claimed value 10^-30 off",
            m.clone(),
            optimal(&value + t(), x.clone(), y.clone()),
            Want::Objective,
        ),
        (
            "the slack dense row priced at 10^-30 (its negative d_1 breaks column 1)",
            m.clone(),
            optimal(value.clone(), x.clone(), moved(&y, 3, t())),
            Want::DualConstraint,
        ),
        (
            "the Farkas vector",
            infeasible.clone(),
            farkas(vec![q(-1, 1), q(1, 1)]),
            Want::Ok,
        ),
        (
            "a Farkas vector 10^-30 off in one entry",
            infeasible.clone(),
            farkas(vec![q(-1, 1), q(1, 1) + t()]),
            Want::FarkasColumn,
        ),
        (
            "the zero Farkas vector",
            infeasible,
            farkas(vec![q(0, 1); 2]),
            Want::FarkasRhs,
        ),
    ];
    for (name, m, s, want) in cases {
        let got = check(&m, &s);
        assert_eq!(kind(&got), want, "{name}: {got:?}");
        assert_eq!(
            got.is_ok(),
            naive(&m, &s),
            "{name}: naive reference disagrees"
        );
    }
}

/// `excess_sign` by hand where the leading bits decide and where they cannot: `v = (2^200/3)`
/// puts the point on `D = 3` with a 201-bit numerator, shifted by 73 bits. `3·v` against
/// `2^200` is tight (only the exact sum decides); against `2^200 ∓ 1` and `2^200 ± 2^-300`
/// it is one unit or far less off; against `1` it is far off.
#[test]
fn excess_sign_by_hand() {
    let two_200 = Rational::from(Natural::from(1u32) << 200u32);
    let tiny = Rational::from_naturals(Natural::from(1u32), Natural::from(1u32) << 300u32);
    let v = OverCommon::new(&[&two_200 / q(3, 1)]);
    assert_eq!(v.shift, 73);
    let three = q(3, 1);
    let sign = |r: &Rational| excess_sign([(&three, 0usize)].into_iter(), r, &v);
    assert_eq!(sign(&two_200), Ordering::Equal);
    assert_eq!(sign(&(&two_200 - q(1, 1))), Ordering::Greater);
    assert_eq!(sign(&(&two_200 + q(1, 1))), Ordering::Less);
    assert_eq!(sign(&(&two_200 + &tiny)), Ordering::Less);
    assert_eq!(sign(&(&two_200 - &tiny)), Ordering::Greater);
    assert_eq!(sign(&q(1, 1)), Ordering::Greater);
    assert_eq!(sign(&-&two_200), Ordering::Greater);
}

proptest! {
    /// `excess_sign` against the term-by-term sum in `num-rational`, on points of up to
    /// ~640-bit numerators and denominators (the leading bits decide unless the row is within
    /// about 2^-128 of tight) and `10^12/10^9` coefficients: a random right-hand side, the
    /// exact activity (tight: only the exact sum decides), and the activity moved by ±2^-400.
    #[test]
    fn excess_sign_agrees_with_the_naive_sum(
        coeffs in prop::collection::vec(
            (-1_000_000_000_000i64..=1_000_000_000_000, 1i64..=1_000_000_000), 1..6),
        nums in prop::collection::vec(prop::collection::vec(any::<u64>(), 1..10), 6),
        negative in prop::collection::vec(any::<bool>(), 6),
        den in prop::collection::vec(any::<u64>(), 1..10),
        rhs in (-1_000_000i64..=1_000_000, 1i64..=1_000),
        kind in 0usize..4,
    ) {
        let n = coeffs.len();
        let d = Natural::from_limbs_asc(&den) + Natural::from(1u32);
        let v: Vec<Rational> = (0..n)
            .map(|j| {
                let x = Rational::from_naturals(Natural::from_limbs_asc(&nums[j]), d.clone());
                if negative[j] { -x } else { x }
            })
            .collect();
        let a: Vec<Rational> = coeffs.iter().map(|&(p, d)| Rational::from_signeds(p, d)).collect();
        let activity: Rational = a.iter().zip(&v).map(|(x, y)| x * y).sum();
        let tiny = Rational::from_naturals(Natural::from(1u32), Natural::from(1u32) << 400u32);
        let r = match kind {
            0 => Rational::from_signeds(rhs.0, rhs.1),
            1 => activity.clone(),
            2 => &activity + &tiny,
            _ => &activity - &tiny,
        };
        let got = excess_sign(a.iter().zip(0..n), &r, &OverCommon::new(&v));
        let lhs = a.iter().zip(&v).fold(BigRational::zero(), |s, (x, y)| s + big(x) * big(y));
        prop_assert_eq!(got, lhs.cmp(&big(&r)));
    }
}
