use super::*;
use crate::lp::{solve, ChannelLp, Cmp, Sense};
use proptest::prelude::*;

fn q(n: i64, d: i64) -> Rational {
    Rational::from_signeds(n, d)
}

/// max x + y, x + y <= 4, x <= 3, y <= 3, x - y <= 10 (never binds): 4 by hand. Started from
/// no row at all, the first sub-LP is unbounded: the full model is solved directly. Started
/// from the first row, x + y <= 4 alone is optimal at a point that breaks x <= 3 or y <= 3 only
/// when the solver puts all of 4 on one variable: either way the answer is 4.
#[test]
fn literal_table() {
    let mut m = Model::new(Sense::Maximize);
    let (x, y) = (m.add_var("x"), m.add_var("y"));
    m.set_objective(&[(x, q(1, 1)), (y, q(1, 1))]);
    m.add_row(&[(x, q(1, 1)), (y, q(1, 1))], Cmp::Le, q(4, 1));
    m.add_row(&[(x, q(1, 1))], Cmp::Le, q(3, 1));
    m.add_row(&[(y, q(1, 1))], Cmp::Le, q(3, 1));
    m.add_row(&[(x, q(1, 1)), (y, q(-1, 1))], Cmp::Le, q(10, 1));
    for initial in [
        [false, false, false, false],
        [true, false, false, false],
        [true, true, true, true],
    ] {
        let (c, stats) = solve_lazy(&m, &initial, &Options::default()).unwrap();
        assert_eq!(c.value(), Some(&q(4, 1)), "{initial:?}");
        assert_eq!(stats.fallback.is_some(), initial == [false; 4]);
    }
    // Infeasible: x >= 5 against x <= 3; the Farkas vector is spread to every row.
    m.add_row(&[(x, q(1, 1))], Cmp::Ge, q(5, 1));
    let (c, _) = solve_lazy(&m, &[false, true, false, false, true], &Options::default()).unwrap();
    assert!(matches!(c, Certificate::Infeasible { ref farkas } if farkas.len() == 5));
}

/// The channel LP of `adjacency` at `t` with the weights `w[x][y]`.
fn channel(adjacency: Vec<Vec<usize>>, t: Rational, sense: Sense, w: Vec<Vec<Rational>>) -> Model {
    ChannelLp {
        adjacency,
        t,
        sense,
        weights: w,
    }
    .model()
}

/// Only the stochastic rows: the rows row generation starts from on a channel LP.
fn stochastic(model: &Model) -> Vec<bool> {
    model.rows().iter().map(|r| r.cmp == Cmp::Eq).collect()
}

/// Optimal mechanisms worked by hand on the path 0 − 1 − 2 with the prior (1/4, 1/2, 1/4),
/// started from the stochastic rows alone (whose optimum reports the secret and breaks ε-DP
/// rows). Write a = W(0|0), b = W(1|1), c = W(2|2).
///
/// * Identity gain at t = 3: ε-DP gives W(0|1) ≥ a/3, W(2|1) ≥ c/3, so b ≤ 1 − a/3 − c/3 (row
///   1), and W(1|0) ≥ b/3, W(2|0) ≥ c/9, so a + b/3 + c/9 ≤ 1 (row 0; row 2 likewise). The
///   LP is symmetric under 0 ↔ 2, so some optimum has a = c: maximise a/2 + b/2 with b ≤ 1 −
///   2a/3 and 10a/9 + b/3 ≤ 1, whose vertices (0, 1), (3/4, 1/2), (9/10, 0) give 1/2, 5/8,
///   9/20; (3/4, 1/2) is attained (rows (3/4, 1/6, 1/12), (1/4, 1/2, 1/4), (1/12, 1/6, 3/4)),
///   so the optimum is 5/8.
/// * Loss |x − y| at t = 2: x = 0 loses at least 1 − a, x = 2 at least 1 − c, x = 1 at least
///   W(0|1) + W(2|1) ≥ a/2 + c/2, so the expected loss is at least (1 − a)/4 + (1 − c)/4 +
///   (a + c)/4 = 1/2, which reporting 1 always attains: the optimum is 1/2.
#[test]
fn channel_lps_worked_by_hand() {
    let path = vec![vec![1], vec![0, 2], vec![1]];
    let prior = [q(1, 4), q(1, 2), q(1, 4)];
    let gain: Vec<Vec<Rational>> = (0..3)
        .map(|x| {
            (0..3)
                .map(|y| if x == y { prior[x].clone() } else { q(0, 1) })
                .collect()
        })
        .collect();
    let loss: Vec<Vec<Rational>> = (0..3)
        .map(|x| {
            (0..3)
                .map(|y| &prior[x] * q(x.abs_diff(y) as i64, 1))
                .collect()
        })
        .collect();
    for (sense, w, t, value) in [
        (Sense::Maximize, gain, q(3, 1), q(5, 8)),
        (Sense::Minimize, loss, q(2, 1), q(1, 2)),
    ] {
        let m = channel(path.clone(), t, sense, w);
        let (c, stats) = solve_lazy(&m, &stochastic(&m), &Options::default()).unwrap();
        assert_eq!(c.value(), Some(&value), "{sense:?}");
        assert!(stats.rounds.len() >= 2, "{:?}", stats.rounds);
        assert!(
            stats.rounds.last().unwrap().rows < m.n_rows(),
            "{:?}",
            stats.rounds
        );
        check(&m, &c).unwrap();
    }
}

/// The shift of the objective by the stochastic rows: the identity gain π(x)[y = x] becomes
/// −π(x)[y ≠ x] with the offset Σ π(x) = 1, and a dual of the shifted model is one of the given
/// model after `undo` (by hand on one row: max x₀ s.t. x₀ + x₁ = 1 is 1, with dual 1).
#[test]
fn the_shift_keeps_the_lp() {
    let mut m = Model::new(Sense::Maximize);
    let (x0, x1) = (m.add_var("x0"), m.add_var("x1"));
    m.set_objective(&[(x0, q(1, 1))]);
    m.add_row(&[(x0, q(1, 1)), (x1, q(1, 1))], Cmp::Eq, q(1, 1));
    let shift = Shift::new(&m);
    assert_eq!(shift.model.objective(), &[q(0, 1), q(-1, 1)]);
    assert_eq!(shift.model.objective_offset(), &q(1, 1));
    assert_eq!(shift.mu, vec![q(1, 1)]);
    // The shifted model's optimum x = (1, 0) has the dual 0 there, the given model's 1.
    let shifted = Certificate::Optimal {
        value: q(1, 1),
        primal: vec![q(1, 1), q(0, 1)],
        dual: vec![q(0, 1)],
    };
    check(&shift.model, &shifted).unwrap();
    assert!(check(&m, &shifted).is_err());
    check(&m, &shift.undo(shifted)).unwrap();
    // A minimisation with costs >= 0 is left alone.
    let mut m = Model::new(Sense::Minimize);
    let x = m.add_var("x");
    m.set_objective(&[(x, q(2, 1))]);
    m.add_row(&[(x, q(1, 1))], Cmp::Eq, q(1, 1));
    assert_eq!(Shift::new(&m).model, m);
}

/// A connected graph on `k ≤ 5` vertices: a random spanning tree (each vertex `v > 0` joined
/// to one before it) plus random extra edges.
fn graph(k: usize, parents: &[usize], extra: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); k];
    let mut join = |a: usize, b: usize| {
        if a != b && !adj[a].contains(&b) {
            adj[a].push(b);
            adj[b].push(a);
        }
    };
    for v in 1..k {
        join(v, parents[v - 1] % v);
    }
    for &(a, b) in extra {
        join(a % k, b % k);
    }
    adj
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On random bounded LPs (a box x_j <= u_j kept from the start, random rows to generate),
    /// row generation finds the value the direct solve finds.
    #[test]
    fn agrees_with_the_direct_solve(
        n in 1usize..5,
        rows in prop::collection::vec((prop::collection::vec(-3i64..4, 4), 0i64..9), 0..7),
        c in prop::collection::vec(-3i64..4, 4),
    ) {
        let mut m = Model::new(Sense::Maximize);
        let vars: Vec<_> = (0..n).map(|j| m.add_var(format!("x{j}"))).collect();
        m.set_objective(&vars.iter().zip(&c).map(|(v, c)| (*v, q(*c, 1))).collect::<Vec<_>>());
        for v in &vars {
            m.add_row(&[(*v, q(1, 1))], Cmp::Le, q(5, 1));
        }
        for (a, b) in &rows {
            let terms: Vec<_> = vars.iter().zip(a).map(|(v, a)| (*v, q(*a, 1))).collect();
            m.add_row(&terms, Cmp::Le, q(*b, 1));
        }
        let initial: Vec<bool> = (0..m.n_rows()).map(|i| i < n).collect();
        let direct = solve(&m, &Options::default()).unwrap().certificate;
        let (lazy, _) = solve_lazy(&m, &initial, &Options::default()).unwrap();
        prop_assert_eq!(direct.status(), lazy.status());
        prop_assert_eq!(direct.value(), lazy.value());
    }

    /// Channel LPs on small random connected graphs with random priors, gains or losses and
    /// t: row generation from the stochastic rows finds exactly the full LP's optimum, and
    /// its certificate is one of the full model.
    #[test]
    fn channel_lps_agree_with_the_full_lp(
        k in 2usize..6,
        parents in prop::collection::vec(0usize..5, 4),
        extra in prop::collection::vec((0usize..5, 0usize..5), 0..4),
        prior in prop::collection::vec(1i64..6, 5),
        matrix in prop::collection::vec(0i64..4, 25),
        t in (1i64..5, 1i64..3),
        maximise in any::<bool>(),
    ) {
        let adjacency = graph(k, &parents, &extra);
        let weights: Vec<Vec<Rational>> = (0..k)
            .map(|x| (0..k).map(|y| q(prior[x] * matrix[x * 5 + y], 1)).collect())
            .collect();
        let sense = if maximise { Sense::Maximize } else { Sense::Minimize };
        let t = q(t.0 + t.1, t.1);
        let m = channel(adjacency, t, sense, weights);
        let direct = solve(&m, &Options::default()).unwrap().certificate;
        let (lazy, _) = solve_lazy(&m, &stochastic(&m), &Options::default()).unwrap();
        prop_assert_eq!(direct.value(), lazy.value());
        prop_assert!(check(&m, &lazy).is_ok());
    }
}
