//! Tests of the grid enclosure: literal exponents and grid values, the bounds contain the exact
//! δ of `compose` (literal and random compositions, heavy pruning), the width shrinks as the grid
//! gets finer, fixed-point rounding and kernels by hand, and the errors. The number-by-number
//! tables are in `grid_by_hand.rs`.

use super::*;
use crate::accounting::compose::compose;
use crate::measure::ExtRational;
use crate::testutil::q;
use malachite::base::num::arithmetic::traits::Pow;
use proptest::prelude::*;

fn rr(t: i64) -> PairLoss {
    PairLoss::of_rows(&[q(t, t + 1), q(1, t + 1)], &[q(1, t + 1), q(t, t + 1)])
}

/// `b^j` exactly.
fn pow(g: &Grid, j: i64) -> Rational {
    g.base().clone().pow(j)
}

#[test]
fn literal_exponents() {
    let g = Grid::new(1).unwrap(); // b = 2
    for (r, up, down) in [
        (q(2, 1), 1, 1),
        (q(3, 1), 2, 1),
        (q(1, 1), 0, 0),
        (q(1, 3), -1, -2),
        (q(1, 4), -2, -2),
        (q(5, 4), 1, 0),
    ] {
        assert_eq!(g.ceil_exponent(&r), up, "{r}");
        assert_eq!(g.floor_exponent(&r), down, "{r}");
    }
    // b = 11/10: (11/10)^7 = 1.9487171 < 2 < (11/10)^8 = 2.14358881.
    let g = Grid::new(10).unwrap();
    assert_eq!(g.ceil_exponent(&q(2, 1)), 8);
    assert_eq!(g.floor_exponent(&q(2, 1)), 7);
    // ln 2 = 0.693…: 7·ln(1.1) = 0.667 ≤ 0.693 < 8·ln(1.1) = 0.762.
    assert_eq!(g.floor_exponent_of_eps(&q(693, 1000)), 7);
    assert_eq!(g.floor_exponent_of_eps(&q(0, 1)), 0);
    assert_eq!(Grid::new(0).unwrap_err(), GridError::BadGrid(0));
}

/// Binary RR at t = 2 on the grid b = 2 (N = 1): the losses ±ln 2 lie on the grid, so the
/// two sides differ only by fixed-point rounding. By hand, k = 2: atoms 4/9 at ratio 4,
/// 4/9 at 1, 1/9 at 1/4; δ(t = 2) = 4/9·(1 − 2/4) = 2/9.
#[test]
fn literal_on_grid() {
    let pg = PairGrid::new(&[(rr(2), 2)], 1, PRUNE_ULPS).unwrap();
    let (lo, hi) = pg.delta_at_exponent(1);
    let want = q(2, 9);
    assert!(lo <= want && want <= hi, "{lo} {hi}");
    let tiny = Rational::from_unsigneds(1u64, 1u64 << 58);
    assert!(&hi - &lo < tiny);
    // δ(t = 1) = 4/9·(1 − 1/4) = 1/3 (the atom at ratio 1 gives 0).
    let (lo, hi) = pg.delta_at_exponent(0);
    assert!(lo <= q(1, 3) && q(1, 3) <= hi);
    // The smallest t with δ ≤ 2/9 is 2 (δ is 1/3 at t = 1 and linear in between):
    // the enclosure [b^0, b^1] or tighter must contain it.
    let tb = pg.t_for_delta(&q(2, 9));
    assert!(tb.lo.unwrap() <= 1 && tb.hi.unwrap() >= 1, "{tb:?}");
}

/// The exact δ at rational t of the exact composition (naive reference: the exact path).
fn exact_delta(uses: &[(PairLoss, u64)], t: &Rational) -> Rational {
    compose(uses).unwrap().delta_at_t(t).delta
}

fn check_contains(uses: &[(PairLoss, u64)], n: u64, prune: u64) {
    let pg = PairGrid::new(uses, n, prune).unwrap();
    let g = &pg.grid;
    let exact = compose(uses).unwrap();
    for t in [q(1, 1), q(3, 2), q(4, 1), q(20, 1)] {
        let (lo, hi) = pg.delta_at_t(&t);
        let d = exact_delta(uses, &t);
        assert!(lo <= d && d <= hi, "t = {t}: {lo} <= {d} <= {hi}");
    }
    for j in [0i64, 1, 3, 10] {
        let (lo, hi) = pg.delta_at_exponent(j);
        let d = exact.delta_at_t(&pow(g, j)).delta;
        assert!(lo <= d && d <= hi, "j = {j}");
    }
    for eps in [q(0, 1), q(1, 2), q(2, 1)] {
        let (lo, hi) = pg.delta_at_eps(&eps);
        let f = exact.delta_at_eps(&eps).form;
        // lo ≤ A − B e^ε ≤ hi, decided exactly: B e^ε vs A − lo and A − hi.
        if f.b > 0u32 {
            let le = |x: &Rational| {
                crate::measure::epsilon::cmp_with_exp(&((&f.a - x) / &f.b), &eps).unwrap()
            };
            assert_ne!(le(&lo), Ordering::Less, "eps = {eps}: lo above");
            assert_ne!(le(&hi), Ordering::Greater, "eps = {eps}: hi below");
        } else {
            assert!(lo <= f.a && f.a <= hi);
        }
    }
    for delta in [q(1, 10), q(1, 100), q(1, 10000), q(0, 1)] {
        let tb = pg.t_for_delta(&delta);
        let t = exact.t_for_delta(&delta).t;
        match (&t, tb.lo, tb.hi) {
            (ExtRational::Infinite, None, _) => {}
            (ExtRational::Infinite, Some(_), None) => {}
            (ExtRational::Finite(t), Some(lo), hi) => {
                assert!(pow(g, lo) <= *t, "δ = {delta}: b^{lo} > {t}");
                if let Some(hi) = hi {
                    assert!(*t <= pow(g, hi), "δ = {delta}: {t} > b^{hi}");
                }
            }
            other => panic!("δ = {delta}: {other:?}"),
        }
        if let (Some(lo), Some(hi)) = (tb.lo, tb.hi) {
            assert!(lo <= hi);
        }
    }
}

#[test]
fn contains_exact_rr_and_heterogeneous() {
    for n in [1, 3, 16, 100] {
        check_contains(&[(rr(3), 7)], n, PRUNE_ULPS);
        check_contains(&[(rr(2), 3), (rr(5), 4)], n, PRUNE_ULPS);
    }
    // Infinite loss: a zero against mass 1/10.
    let z = PairLoss::of_rows(&[q(1, 10), q(9, 10), q(0, 1)], &[q(0, 1), q(1, 2), q(1, 2)]);
    check_contains(&[(z, 3)], 8, PRUNE_ULPS);
}

/// Pruning with a huge budget (2^55 units, about 0.4% of the mass per step and tail)
/// still brackets the exact values.
#[test]
fn heavy_pruning_stays_sound() {
    let p = PairLoss::of_rows(
        &[q(1, 2), q(3, 10), q(1, 5)],
        &[q(1, 4), q(1, 10), q(13, 20)],
    );
    check_contains(&[(p.clone(), 8)], 20, 1 << 55);
    check_contains(&[(rr(3), 10)], 20, 1 << 55);
    let pg = PairGrid::new(&[(p, 8)], 20, 1 << 55).unwrap();
    assert!(pg.upper.pruned > 0 && pg.lower.pruned > 0);
}

/// The ε gap shrinks as the grid gets finer (about k·ln b).
#[test]
fn width_shrinks_with_n() {
    let p = PairLoss::of_rows(
        &[q(1, 2), q(3, 10), q(1, 5)],
        &[q(1, 4), q(1, 10), q(13, 20)],
    );
    let width = |n: u64| {
        let pg = PairGrid::new(&[(p.clone(), 12)], n, PRUNE_ULPS).unwrap();
        let tb = pg.t_for_delta(&q(1, 1000));
        let ln_b = Grid::new(n).unwrap().loss(1).approx_f64();
        (tb.hi.unwrap() - tb.lo.unwrap()) as f64 * ln_b
    };
    let (w8, w64, w512) = (width(8), width(64), width(512));
    assert!(w8 > w64 && w64 > w512, "{w8} {w64} {w512}");
    // About k + 1 grid steps apart (k = 12).
    assert!(w512 <= 16.0 * (1.0f64 / 512.0).ln_1p());
}

/// Fixed-point rounding by hand: `2^63 ≡ 2 (mod 3)`, so `⌊2^63/3⌋ = (2^63 − 2)/3` and
/// `⌈2^63/3⌉ = (2^63 + 1)/3`; dyadic values are exact on both sides. `round` takes a value in
/// units of `2^-126` (a product of two fixed-point numbers) to units of `2^-63`.
#[test]
fn fixed_point_rounding_by_hand() {
    assert_eq!(fixed(&q(1, 3), Side::Lower), (ONE - 2) / 3);
    assert_eq!(fixed(&q(1, 3), Side::Upper), (ONE + 1) / 3);
    for side in [Side::Lower, Side::Upper] {
        assert_eq!(fixed(&q(1, 2), side), ONE / 2);
        assert_eq!(fixed(&q(0, 1), side), 0);
        assert_eq!(fixed(&q(1, 1), side), ONE);
        // 3·2^-63, exactly representable: no rounding either way
        assert_eq!(round(3 * ONE as u128, side), 3);
        assert_eq!(mul(ONE / 2, ONE / 2, side), ONE / 4);
    }
    // one unit of 2^-126 above 3·2^-63: down to 3, up to 4
    assert_eq!(round(3 * ONE as u128 + 1, Side::Lower), 3);
    assert_eq!(round(3 * ONE as u128 + 1, Side::Upper), 4);
    assert_eq!(round(1, Side::Lower), 0);
    assert_eq!(round(1, Side::Upper), 1);
    // (1/3 up)·(1/2) = (2^63 + 1)/6 units of 2^-63: not an integer, so up and down differ by 1
    let third = fixed(&q(1, 3), Side::Upper);
    assert_eq!(mul(third, ONE / 2, Side::Upper), third / 2 + 1);
    assert_eq!(mul(third, ONE / 2, Side::Lower), third / 2);
}

/// Letters that land on one grid point are merged by adding their masses. By hand, on the
/// grid `b = 2`: P = (1/4, 1/4, 1/2), Q = (1/12, 1/16, 41/48) has the ratios 3, 4 and
/// 24/41; rounded up they are 2, 2 and 0 (`2^-1 < 24/41 ≤ 2^0`), rounded down 1, 2 and −1.
#[test]
fn kernels_by_hand() {
    let g = Grid::new(1).unwrap();
    let pair = PairLoss::of_rows(
        &[q(1, 4), q(1, 4), q(1, 2)],
        &[q(1, 12), q(1, 16), q(41, 48)],
    );
    assert_eq!(
        kernel(&pair, &g, Side::Upper),
        vec![(0, ONE / 2), (2, ONE / 2)]
    );
    assert_eq!(
        kernel(&pair, &g, Side::Lower),
        vec![(-1, ONE / 2), (1, ONE / 4), (2, ONE / 4)]
    );
}

/// The exponent searches walk from a float guess; their answer must not depend on it. The
/// naive reference: the least `j` with `b^j ≥ r` by exact powers, scanned.
#[test]
fn exponents_do_not_depend_on_the_guess() {
    for n in [1u64, 3, 10] {
        let g = Grid::new(n).unwrap();
        for r in [
            q(1, 1),
            q(2, 1),
            q(7, 3),
            q(1, 5),
            q(100, 99),
            pow(&g, 3),
            pow(&g, -2),
        ] {
            let naive = (-80i64..80).find(|&j| pow(&g, j) >= r).unwrap();
            let ln_r = LogLinear::ln(&r);
            for start in [-40, -3, 0, 1, 4, 40] {
                assert_eq!(
                    g.ceil_exponent_from(&ln_r, start),
                    naive,
                    "N = {n}, r = {r}"
                );
            }
            assert_eq!(g.ceil_exponent(&r), naive);
        }
        // the greatest j with j·ln b ≤ ε, against the naive scan of ln b^j ≤ ε, decided
        // exactly by cmp_rational
        for eps in [q(0, 1), q(1, 2), q(693, 1000), q(3, 1)] {
            let naive = (-80i64..80)
                .filter(|&j| g.loss(j).cmp_rational(&eps) != Ordering::Greater)
                .max()
                .unwrap();
            for start in [-40, -3, 0, 1, 4, 40] {
                assert_eq!(
                    g.floor_exponent_of_eps_from(&eps, start),
                    naive,
                    "N = {n}, ε = {eps}"
                );
            }
        }
    }
}

#[test]
fn errors() {
    assert_eq!(
        PairGrid::new(&[(rr(3), 0)], 10, PRUNE_ULPS).unwrap_err(),
        GridError::NoUse
    );
    assert_eq!(
        PairGrid::new(&[], 10, PRUNE_ULPS).unwrap_err(),
        GridError::NoUse
    );
    assert_eq!(
        PairGrid::new(&[(rr(3), 2)], 0, PRUNE_ULPS).unwrap_err(),
        GridError::BadGrid(0)
    );
}

fn dist(w: &[u8]) -> Vec<Rational> {
    let s: i64 = w.iter().map(|&x| x as i64).sum();
    w.iter().map(|&x| q(x as i64, s)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random pairs with 2–4 outputs (some zeros), k ≤ 6, several grids and pruning
    /// budgets: the enclosure brackets the exact composition and its ends are ordered.
    #[test]
    fn encloses_exact(
        p in proptest::collection::vec(0u8..7, 2..5),
        qq in proptest::collection::vec(1u8..7, 4),
        k in 1u64..7,
        n in prop_oneof![Just(2u64), Just(7), Just(50)],
        heavy in any::<bool>(),
    ) {
        let mut p = p;
        if p.iter().all(|&x| x == 0) { p[0] = 1; }
        let len = p.len();
        let pair = PairLoss::of_rows(&dist(&p), &dist(&qq[..len]));
        let prune = if heavy { 1 << 50 } else { PRUNE_ULPS };
        check_contains(&[(pair, k)], n, prune);
    }
}
