//! Literal tables of small grid compositions worked by hand, and a naive reference (issue 42
//! item 7). The containment tests in `grid`'s own module cannot see a bound moved by a few
//! units of `2^-63`, a slot shifted by one, or a pruned tail sent to the wrong side: every
//! such change still contains the exact value. Here the masses are dyadic and the grid is
//! `b = 2` (or small), so every fixed-point value below is exact and the whole grid PLD, its
//! `δ` at each grid point, its least exponent for a `δ` and its coefficients are compared
//! number by number.

use super::*;
use crate::testutil::q;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// `x·2^-63` for a rational `x` that is a multiple of `2^-63` (the tables' masses).
fn fx(x: &Rational) -> u64 {
    let lo = fixed(x, Side::Lower);
    assert_eq!(lo, fixed(x, Side::Upper), "{x} is not a multiple of 2^-63");
    lo
}

fn pld(side: Side, lo: i64, m: &[u64], inf: u64) -> GridPld {
    GridPld {
        side,
        lo,
        m: m.to_vec(),
        inf,
        pruned: 0,
    }
}

/// P = (1/2, 1/2), Q = (1/4, 3/4): ratios 2 and 2/3. On `b = 2` rounded up they are `2^1`
/// and `2^0`, rounded down `2^1` and `2^-1`. Two uses, by hand:
/// * upper: exponents 0, 1, 2 with masses 1/4, 1/2, 1/4;
/// * lower: exponents −2, 0, 2 with masses 1/4, 1/2, 1/4 (the odd slots empty).
///
/// Three uses: upper 1/8, 3/8, 3/8, 1/8 at 0..=3; lower the same at −3, −1, 1, 3.
#[test]
fn two_letter_compositions_by_hand() {
    let pair = PairLoss::of_rows(&[q(1, 2), q(1, 2)], &[q(1, 4), q(3, 4)]);
    let g = Grid::new(1).unwrap();
    let (e, h, f, t, th) = (ONE / 8, ONE / 4, ONE / 2, ONE / 4, 3 * (ONE / 8));
    for (k, side, lo, m) in [
        (1, Side::Upper, 0, vec![f, f]),
        (1, Side::Lower, -1, vec![f, 0, f]),
        (2, Side::Upper, 0, vec![h, f, t]),
        (2, Side::Lower, -2, vec![h, 0, f, 0, t]),
        (3, Side::Upper, 0, vec![e, th, th, e]),
        (3, Side::Lower, -3, vec![e, 0, th, 0, th, 0, e]),
    ] {
        let c = GridPld::compose(&[(pair.clone(), k)], &g, side, 0).unwrap();
        assert_eq!(
            (c.lo, &c.m, c.inf, c.pruned),
            (lo, &m, 0, 0),
            "k = {k}, {side:?}"
        );
        assert_eq!(c.hi(), lo + m.len() as i64 - 1);
    }
}

/// `δ(b^j) = m_∞ + Σ_{J > j} m_J (1 − 2^{j−J})` on the two-use PLDs above, by hand:
/// upper: j = −1: 1/4·1/2 + 1/2·3/4 + 1/4·7/8 = 23/32; j = 0: 1/2·1/2 + 1/4·3/4 = 7/16;
/// j = 1: 1/4·1/2 = 1/8; j ≥ 2: 0. Lower: j = −1: 1/2·1/2 + 1/4·7/8 = 15/32; j = 0:
/// 1/4·3/4 = 3/16; j = 1: 1/8; j = 2: 0. The least exponent with `δ(b^j) ≤ δ` follows.
#[test]
fn deltas_and_least_exponents_by_hand() {
    let pair = PairLoss::of_rows(&[q(1, 2), q(1, 2)], &[q(1, 4), q(3, 4)]);
    let g = Grid::new(1).unwrap();
    for (side, table) in [
        (
            Side::Upper,
            [q(23, 32), q(7, 16), q(1, 8), q(0, 1), q(0, 1)],
        ),
        (
            Side::Lower,
            [q(15, 32), q(3, 16), q(1, 8), q(0, 1), q(0, 1)],
        ),
    ] {
        let c = GridPld::compose(&[(pair.clone(), 2)], &g, side, 0).unwrap();
        let mut coefs = Coefs::new(&g, side);
        for (j, want) in (-1i64..).zip(&table) {
            assert_eq!(&c.delta_at(j, &mut coefs), want, "{side:?}, j = {j}");
        }
        // far below every slot: δ(b^j) → Σ m_J (1 − 2^{j−J}), still below 1
        assert!(c.delta_at(-20, &mut coefs) < q(1, 1));
        let least = |d: Rational| c.least_exponent(&d, &mut Coefs::new(&g, side));
        // δ large enough at t = 1
        assert_eq!(least(q(1, 2)), Some(0));
        assert_eq!(least(table[1].clone()), Some(0));
        // just below δ(b^0): the next exponent
        assert_eq!(least(&table[1] - q(1, 1 << 40)), Some(1));
        assert_eq!(least(q(1, 8)), Some(1));
        assert_eq!(least(q(1, 10)), Some(2));
        assert_eq!(least(q(0, 1)), Some(2));
    }
}

/// An infinite loss by hand: P = (1/2, 1/4, 1/4), Q = (1/2, 1/2, 0). Letters: ratio 1 (mass
/// 1/2, exponent 0) and 1/2 (mass 1/4, exponent −1 on both sides); `P(Q = 0) = 1/4`. Two uses:
/// finite mass (3/4)² = 9/16 at exponents −2, −1, 0 with 1/16, 1/4, 1/4, and `m_∞ = 7/16`,
/// which is `δ` at every `t ≥ 1`: the least exponent for `δ < 7/16` is none.
#[test]
fn infinite_loss_by_hand() {
    let pair = PairLoss::of_rows(&[q(1, 2), q(1, 4), q(1, 4)], &[q(1, 2), q(1, 2), q(0, 1)]);
    let g = Grid::new(1).unwrap();
    for side in [Side::Upper, Side::Lower] {
        let c = GridPld::compose(&[(pair.clone(), 2)], &g, side, 0).unwrap();
        assert_eq!(c.lo, -2, "{side:?}");
        assert_eq!(c.m, vec![ONE / 16, ONE / 4, ONE / 4], "{side:?}");
        assert_eq!(c.inf, fx(&q(7, 16)), "{side:?}");
        let mut coefs = Coefs::new(&g, side);
        assert_eq!(c.delta_at(0, &mut coefs), q(7, 16));
        // j = −1: 7/16 + 1/4·1/2 = 9/16
        assert_eq!(c.delta_at(-1, &mut coefs), q(9, 16));
        assert_eq!(c.least_exponent(&q(1, 4), &mut coefs), None);
        assert_eq!(c.least_exponent(&q(7, 16), &mut coefs), Some(0));
    }
    // Every output with infinite loss (or none under P): the kernel is empty, all mass at +∞.
    let all_inf = PairLoss::of_rows(&[q(1, 1), q(0, 1)], &[q(0, 1), q(1, 1)]);
    for side in [Side::Upper, Side::Lower] {
        let c = GridPld::compose(&[(all_inf.clone(), 3)], &g, side, 0).unwrap();
        assert_eq!((c.m.clone(), c.inf), (vec![0], ONE), "{side:?}");
        assert_eq!(c.delta_at(5, &mut Coefs::new(&g, side)), q(1, 1));
    }
}

/// A heterogeneous sequence: one use of the pair above on `b = 2` (upper: 1/2 at 0 and 1),
/// then one of binary RR at t = 4 (ratios 4 and 1/4: exponents ±2 on both sides, masses 4/5
/// and 1/5 — not dyadic, so the product is rounded once per slot towards the side).
#[test]
fn a_sequence_rounds_once_per_slot() {
    let a = PairLoss::of_rows(&[q(1, 2), q(1, 2)], &[q(1, 4), q(3, 4)]);
    let rr4 = PairLoss::of_rows(&[q(4, 5), q(1, 5)], &[q(1, 5), q(4, 5)]);
    let g = Grid::new(1).unwrap();
    for side in [Side::Upper, Side::Lower] {
        let c = GridPld::compose(&[(a.clone(), 1), (rr4.clone(), 1)], &g, side, 0).unwrap();
        let (four, one) = (fixed(&q(4, 5), side), fixed(&q(1, 5), side));
        let (half_four, half_one) = (mul(ONE / 2, four, side), mul(ONE / 2, one, side));
        match side {
            // exponents {0, 1} + {−2, 2} = −2, −1, 2, 3 (slots 0 and 1 empty)
            Side::Upper => {
                assert_eq!(c.lo, -2);
                assert_eq!(c.m, vec![half_one, half_one, 0, 0, half_four, half_four]);
            }
            // exponents {−1, 1} + {−2, 2} = −3, −1, 1, 3
            Side::Lower => {
                assert_eq!(c.lo, -3);
                assert_eq!(c.m, vec![half_one, 0, half_one, 0, half_four, 0, half_four]);
            }
        }
    }
    // the two roundings differ by one unit where the product is not a multiple of 2^-63
    assert_eq!(
        mul(ONE / 2, fixed(&q(4, 5), Side::Upper), Side::Upper),
        mul(ONE / 2, fixed(&q(4, 5), Side::Lower), Side::Lower) + 1
    );
}

/// `prune` by hand, budget 3 units, masses (1, 2, 100, 3, 1) at exponents 5..=9: the top run
/// is (1) (adding 3 would make 4 > 3), the bottom run (1, 2) (total exactly 3). Upper: the top
/// goes to `+∞`, the bottom onto the lowest kept slot; lower: both dropped.
#[test]
fn prune_by_hand() {
    for (side, m, inf) in [
        (Side::Upper, vec![103, 3], 11),
        (Side::Lower, vec![100, 3], 10),
    ] {
        let mut p = pld(side, 5, &[1, 2, 100, 3, 1], 10);
        p.prune(3);
        assert_eq!((p.lo, &p.m, p.inf, p.pruned), (7, &m, inf, 4), "{side:?}");
    }
    // A top run that totals exactly the budget is pruned; one slot always stays.
    for (side, inf) in [(Side::Upper, 3), (Side::Lower, 0)] {
        let mut p = pld(side, 0, &[5, 2, 1], 0);
        p.prune(3);
        assert_eq!(
            (p.lo, &p.m, p.inf, p.pruned),
            (0, &vec![5], inf, 3),
            "{side:?}"
        );
        let mut p = pld(side, 4, &[1, 1, 1], 0);
        p.prune(100);
        assert_eq!((p.lo, p.m.len(), p.pruned), (4, 1, 2), "{side:?}");
    }
    // Budget 0 removes only empty tails.
    let mut p = pld(Side::Upper, -1, &[0, 0, 7, 0, 9, 0], 0);
    p.prune(0);
    assert_eq!((p.lo, &p.m, p.inf, p.pruned), (1, &vec![7, 0, 9], 0, 0));
}

/// `c_d = 1 − b^{−d}` in fixed point, by hand. `b = 2`: exact, `c_1 = 1/2`, `c_2 = 3/4`,
/// `c_63 = 1 − 2^-63`; past that the upper side takes 1 and the lower side stays at
/// `1 − 2^-63`. `b = 3/2` (N = 2): `2^64 ≡ 1 (mod 3)`, so the upper `x_1 = ⌊2^64/3⌋` gives
/// `c_1 = (2^63 + 1)/3` (rounded up) and the lower `x_1 = ⌈2^64/3⌉` gives `(2^63 − 2)/3`;
/// `x_2 = ⌊x_1·2/3⌋ = (2^65 − 5)/9`, so `c_2 = (5·2^63 + 5)/9`.
#[test]
fn coefficients_by_hand() {
    let g1 = Grid::new(1).unwrap();
    for side in [Side::Upper, Side::Lower] {
        let mut c = Coefs::new(&g1, side);
        assert_eq!(c.get(0), 0);
        assert_eq!(c.get(1), ONE / 2);
        assert_eq!(c.get(2), 3 * (ONE / 4));
        assert_eq!(c.get(63), ONE - 1);
    }
    let (mut up, mut down) = (Coefs::new(&g1, Side::Upper), Coefs::new(&g1, Side::Lower));
    for d in [64, 65, 1000] {
        assert_eq!(up.get(d), ONE, "d = {d}");
        assert_eq!(down.get(d), ONE - 1, "d = {d}");
    }
    let g2 = Grid::new(2).unwrap();
    let (mut up, mut down) = (Coefs::new(&g2, Side::Upper), Coefs::new(&g2, Side::Lower));
    assert_eq!(up.get(1), (ONE + 1) / 3);
    assert_eq!(down.get(1), (ONE - 2) / 3);
    assert_eq!(up.get(2) as u128, (5 * ONE as u128 + 5) / 9);
    assert_eq!(up.get(Coefs::CAP + 1), ONE);
}

/// The coefficients against the exact `1 − (N/(N+1))^d`: the upper ones never below, the lower
/// ones never above, both within `d + 1` units (one rounding per step), both non-decreasing.
#[test]
fn coefficients_bracket_the_exact_values() {
    for n in [1u64, 2, 3, 10, 1000] {
        let g = Grid::new(n).unwrap();
        let (mut up, mut down) = (Coefs::new(&g, Side::Upper), Coefs::new(&g, Side::Lower));
        let ratio = Rational::from_unsigneds(n, n + 1);
        let mut pow = Rational::ONE;
        let (mut last_up, mut last_down) = (0, 0);
        for d in 0..300u64 {
            let exact = (Rational::ONE - &pow) * Rational::from(ONE);
            let (u, l) = (up.get(d), down.get(d));
            assert!(u >= exact, "N = {n}, d = {d}");
            assert!(l <= exact, "N = {n}, d = {d}");
            assert!(u - l <= 2 * (d + 1), "N = {n}, d = {d}: {u} - {l}");
            assert!(u >= last_up && l >= last_down);
            (last_up, last_down) = (u, l);
            pow *= &ratio;
        }
    }
}

/// The naive reference: with dyadic masses every product is exact in `2^-63`, so the grid PLD
/// must equal the enumeration of all `k`-tuples of outputs, each at the sum of its outputs'
/// rounded exponents with the product of their masses.
fn enumerate(pair: &PairLoss, g: &Grid, side: Side, k: u64) -> BTreeMap<i64, Rational> {
    let letters: Vec<(i64, Rational)> = pair
        .letters
        .iter()
        .map(|l| {
            let r = l.ratio();
            let j = match side {
                Side::Upper => g.ceil_exponent(&r),
                Side::Lower => g.floor_exponent(&r),
            };
            (j, l.p.clone())
        })
        .collect();
    let mut out: BTreeMap<i64, Rational> = BTreeMap::from([(0, Rational::ONE)]);
    for _ in 0..k {
        let mut next = BTreeMap::new();
        for (j, m) in &out {
            for (lj, lm) in &letters {
                *next.entry(j + lj).or_insert_with(|| q(0, 1)) += m * lm;
            }
        }
        out = next;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn dyadic_compositions_equal_the_enumeration(
        p in proptest::collection::vec(0u8..5, 2..4),
        qq in proptest::collection::vec(1u8..5, 3),
        k in 1u64..5,
        n in prop_oneof![Just(1u64), Just(2), Just(3)],
        upper in any::<bool>(),
    ) {
        // masses in sixteenths: P's and Q's rows padded so each sums to 16/16
        let mut p = p;
        let used: u8 = p.iter().sum();
        prop_assume!(used < 16);
        p.push(16 - used);
        let mut qq = qq[..p.len() - 1].to_vec();
        let qused: u8 = qq.iter().sum();
        prop_assume!(qused < 16);
        qq.push(16 - qused);
        let row = |w: &[u8]| -> Vec<Rational> { w.iter().map(|&x| q(x as i64, 16)).collect() };
        let pair = PairLoss::of_rows(&row(&p), &row(&qq));
        let side = if upper { Side::Upper } else { Side::Lower };
        let g = Grid::new(n).unwrap();
        let c = GridPld::compose(&[(pair.clone(), k)], &g, side, 0).unwrap();
        let want = enumerate(&pair, &g, side, k);
        let got: BTreeMap<i64, Rational> = c
            .m
            .iter()
            .enumerate()
            .filter(|(_, &x)| x != 0)
            .map(|(i, &x)| (c.lo + i as i64, Rational::from(x) / Rational::from(ONE)))
            .collect();
        let want: BTreeMap<i64, Rational> = want.into_iter().filter(|(_, m)| *m != 0u32).collect();
        prop_assert_eq!(got, want);
        prop_assert_eq!(c.inf, 0);
    }
}

/// A convolution whose result would hold more than [`MAX_SLOTS`] slots is refused before it
/// allocates; exactly [`MAX_SLOTS`] is accepted (a one-slot PLD and a kernel spanning
/// `MAX_SLOTS − 1` grid steps).
#[test]
fn the_slot_limit_is_exact() {
    let mut acc = Vec::new();
    let w = MAX_SLOTS as i64 - 1;
    let mut p = pld(Side::Upper, 0, &[ONE], 0);
    p.step(&[(0, ONE / 2), (w, ONE / 2)], &mut acc).unwrap();
    assert_eq!(
        (p.m.len(), p.m[0], p.m[MAX_SLOTS - 1]),
        (MAX_SLOTS, ONE / 2, ONE / 2)
    );
    let mut p = pld(Side::Upper, 0, &[ONE], 0);
    assert_eq!(
        p.step(&[(0, ONE / 2), (w + 1, ONE / 2)], &mut acc),
        Err(GridError::TooWide(MAX_SLOTS as u128 + 1))
    );
}

/// At [`Coefs::CAP`] the sides part: the upper side takes `1`, the lower side keeps its stored
/// value. On the finest grid (`N = 2^32`) the coefficient there is far from 1:
/// `1 − (N/(N+1))^(2^24) ≈ 1 − e^(−1/256) ≈ 0.0039`, so the lower side's value must stay near it
/// (taking `1` there would be unsound), and the upper side's value just below the cap too.
#[test]
fn at_the_cap_the_sides_part() {
    let g = Grid::new(MAX_N).unwrap();
    let (mut up, mut down) = (Coefs::new(&g, Side::Upper), Coefs::new(&g, Side::Lower));
    assert_eq!(up.get(Coefs::CAP), ONE);
    assert_eq!(up.get(Coefs::CAP + 7), ONE);
    let below = up.get(Coefs::CAP - 1);
    assert!(below > ONE / 300 && below < ONE / 200, "{below}");
    let l = down.get(Coefs::CAP);
    assert!(l > ONE / 300 && l < ONE / 200, "{l}");
    assert_eq!(down.get(Coefs::CAP + 7), l);
}
