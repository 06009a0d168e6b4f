use super::*;

fn q(n: i64, d: i64) -> Rational {
    Rational::from_signeds(n, d)
}

/// min −x − y s.t. x + t·y ≤ 3, x ≤ 2, y ≤ 1: for t ≤ 1 both at their bounds (value −3); for
/// t ≥ 1 x = 2, y = 1/t (value −2 − 1/t). By hand.
fn toy() -> ParamModel {
    let c = |a: i64| Affine::constant(q(a, 1));
    ParamModel {
        cost: vec![q(-1, 1), q(-1, 1)],
        rows: vec![
            ParamRow {
                coeffs: vec![(0, c(1)), (1, Affine::times_t(q(1, 1)))],
                cmp: Cmp::Le,
                rhs: q(3, 1),
            },
            ParamRow {
                coeffs: vec![(0, c(1))],
                cmp: Cmp::Le,
                rhs: q(2, 1),
            },
            ParamRow {
                coeffs: vec![(1, c(1))],
                cmp: Cmp::Le,
                rhs: q(1, 1),
            },
        ],
    }
}

/// A deadline already passed: the sweep answers at once with no piece and `complete: false`
/// (issue 46, `optimal --curve-t --time-limit`); without one it covers the range.
#[test]
fn a_passed_deadline_gives_the_pieces_so_far() {
    let past = std::time::Instant::now();
    let sol = solve_parametric(&toy(), &q(1, 2), &q(2, 1), Some(past)).unwrap();
    assert!(!sol.complete && sol.pieces.is_empty());
    let sol = solve_parametric(&toy(), &q(1, 2), &q(2, 1), None).unwrap();
    assert!(sol.complete && !sol.pieces.is_empty());
}

#[test]
fn the_toy_lp_has_its_hand_derived_pieces() {
    let sol = solve_parametric(&toy(), &q(1, 2), &q(2, 1), None).unwrap();
    let values: Vec<(Rational, Rational)> = sol
        .pieces
        .iter()
        .map(|p| {
            (
                p.value.eval(&q(1, 2)).unwrap(),
                p.value.eval(&q(2, 1)).unwrap(),
            )
        })
        .collect();
    // −3 on [1/2, 1]; −2 − 1/t on [1, 2] (the pieces may split further only by basis)
    assert_eq!(sol.pieces.first().unwrap().lo.as_rational(), Some(&q(1, 2)));
    assert_eq!(sol.pieces.last().unwrap().hi.as_rational(), Some(&q(2, 1)));
    let at = |t: Rational| {
        let p = sol
            .pieces
            .iter()
            .find(|p| {
                p.lo.cmp_rational(&t) != Ordering::Greater
                    && p.hi.cmp_rational(&t) != Ordering::Less
            })
            .unwrap();
        p.value.eval(&t).unwrap()
    };
    assert_eq!(at(q(3, 4)), q(-3, 1));
    assert_eq!(at(q(1, 1)), q(-3, 1));
    assert_eq!(at(q(3, 2)), q(-8, 3));
    assert_eq!(at(q(2, 1)), q(-5, 2));
    assert!(values.len() >= 2);
    let b: Vec<_> = sol.pieces.windows(2).map(|w| w[0].hi.clone()).collect();
    assert!(b.iter().any(|x| x.as_rational() == Some(&q(1, 1))));
}

#[test]
fn simplest_between_picks_small_denominators() {
    for (l, u, want) in [
        (q(1, 1), q(3, 1), q(2, 1)),
        (q(1, 1), q(2, 1), q(3, 2)),
        (q(3, 2), q(2, 1), q(5, 3)),
        (q(1, 3), q(1, 2), q(2, 5)),
        (q(0, 1), q(1, 100), q(1, 101)),
    ] {
        let s = simplest_between(&l, &u);
        assert!(l < s && s < u, "{l} {u} {s}");
        assert_eq!(s, want, "({l}, {u})");
    }
}

#[test]
fn a_piece_that_is_not_optimal_on_its_range_is_refused() {
    let m = toy();
    let sol = solve_parametric(&m, &q(1, 2), &q(2, 1), None).unwrap();
    // the piece of t ≥ 1 stretched to 1/2: y = 1/t > 1 there, the row y ≤ 1 fails
    let mut p = sol.pieces.last().unwrap().clone();
    p.lo = RealRoot::rational(q(1, 2));
    let e = check_piece(&m, &p).unwrap_err();
    assert!(e.contains("fails"), "{e}");
}
