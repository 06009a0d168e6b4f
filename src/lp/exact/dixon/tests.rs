//! Tests of Dixon's solve: a literal table, the reduction and Wang's reconstruction against naive
//! references, and agreement with the exact LU on random systems.

use super::*;
use crate::lp::exact::lu::Elimination;
use crate::lp::exact::sparse::from_dense as sparse;
use crate::testutil::q;
use malachite::base::num::arithmetic::traits::ModInverse;
use proptest::prelude::*;

/// Literal table: hand-solved systems; a singular and a non-square one are declined.
#[test]
fn table() {
    // 2x + y = 3, x - y = 0 -> x = y = 1.
    let a = vec![vec![q(2, 1), q(1, 1)], vec![q(1, 1), q(-1, 1)]];
    assert_eq!(
        solve_square(2, &sparse(&a), &[q(3, 1), q(0, 1)]),
        Some(vec![q(1, 1), q(1, 1)])
    );
    // The DP chain t·p0 = p1, t·p1 = p2, p0 + p1 + p2 = 1 at t = 1/2: (4/7, 2/7, 1/7).
    let a = vec![
        vec![q(1, 2), q(-1, 1), q(0, 1)],
        vec![q(0, 1), q(1, 2), q(-1, 1)],
        vec![q(1, 1), q(1, 1), q(1, 1)],
    ];
    assert_eq!(
        solve_square(3, &sparse(&a), &[q(0, 1), q(0, 1), q(1, 1)]),
        Some(vec![q(4, 7), q(2, 7), q(1, 7)])
    );
    // (10^12/(10^9+7)) x = 1 -> x = (10^9+7)/10^12; a 1 x 1 with a huge solution.
    let a = vec![vec![Rational::from_signeds(
        1_000_000_000_000i64,
        1_000_000_007,
    )]];
    assert_eq!(
        solve_square(1, &sparse(&a), &[q(1, 1)]),
        Some(vec![Rational::from_signeds(
            1_000_000_007i64,
            1_000_000_000_000
        )])
    );
    let singular = vec![vec![q(1, 1), q(2, 1)], vec![q(2, 1), q(4, 1)]];
    assert_eq!(
        solve_square(2, &sparse(&singular), &[q(1, 1), q(2, 1)]),
        None
    );
    let wide = vec![vec![q(1, 1), q(2, 1)]];
    assert_eq!(solve_square(2, &sparse(&wide), &[q(1, 1)]), None);
    // A determinant divisible by P: singular modulo P, declined (the LU answers).
    let p = Rational::from(P);
    let mod_p_singular = vec![vec![p.clone(), q(0, 1)], vec![q(0, 1), q(1, 1)]];
    assert_eq!(
        solve_square(2, &sparse(&mod_p_singular), &[q(1, 1), q(1, 1)]),
        None
    );
}

/// The folding reduction against `%` on the extremes and a spread of products.
#[test]
fn reduce_agrees_with_the_remainder() {
    let m = P as u128;
    let mut cases = vec![
        0u128,
        1,
        m - 1,
        m,
        m + 1,
        2 * m,
        (m - 1) * (m - 1),
        (1u128 << 127) - 1,
    ];
    let mut x = 0x9E37_79B9_7F4A_7C15u128;
    for _ in 0..1000 {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1) & ((1u128 << 127) - 1);
        cases.push(x);
    }
    for c in cases {
        assert_eq!(reduce(c) as u128, c % m, "{c}");
    }
    assert_eq!(
        dot_mod(&vec![P - 1; 70], &vec![P - 1; 70]),
        (70u128 % m) as u64
    );
}

/// Timing against the exact LU on a dense 40 x 40 system of 10^12/10^9 fractions (the
/// shape of `bench/lp_vs_highs.py --big 40`): `cargo test --lib dixon_timing --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn dixon_timing() {
    let mut state = 12_345u64;
    let mut next = |lo: u64, hi: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        lo + (state >> 11) % (hi - lo)
    };
    let n = 40;
    let a: Vec<Vec<Rational>> = (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    let v = Rational::from(next(100_000_000_000, 1_000_000_000_000))
                        / Rational::from(next(100_000_000, 1_000_000_000));
                    if next(0, 2) == 0 {
                        -v
                    } else {
                        v
                    }
                })
                .collect()
        })
        .collect();
    let b: Vec<Rational> = (0..n).map(|_| Rational::from(next(100, 10_000))).collect();
    let t = std::time::Instant::now();
    let x = solve_square(n, &sparse(&a), &b).expect("non-singular");
    let dixon = t.elapsed();
    let t = std::time::Instant::now();
    let y = Elimination::new(n, sparse(&a)).solve(b);
    let lu = t.elapsed();
    assert_eq!(x, y);
    eprintln!("dense 40x40 big: dixon {dixon:?}, exact LU {lu:?}");
}

/// Wang's reconstruction on a literal: 2/3 modulo 101 is 68 (3·68 = 204 = 2·101 + 2).
#[test]
fn wang_recovers_a_small_fraction() {
    let m = Natural::from(101u32);
    let bound = (&m >> 1u32).floor_sqrt();
    assert_eq!(
        wang(&Integer::from(68u32), &m, &bound),
        Some((Integer::from(2u32), Natural::from(3u32)))
    );
}

/// The naive reference for [`wang`]: the plain half-extended Euclid, one quotient at a
/// time (the method before Lehmer's steps).
fn wang_plain(u: &Integer, m: &Natural, bound: &Natural) -> Option<(Integer, Natural)> {
    let mut r0 = m.clone();
    let mut r1 = Natural::try_from(u.clone()).ok()?;
    let (mut t0, mut t1) = (Integer::from(0u32), Integer::from(1u32));
    while r1 >= *bound {
        let (q, r) = (&r0).div_mod(&r1);
        r0 = std::mem::replace(&mut r1, r);
        let t = t0 - Integer::from(q) * &t1;
        t0 = std::mem::replace(&mut t1, t);
    }
    if t1 == 0u32 || *t1.unsigned_abs_ref() >= *bound {
        return None;
    }
    let a = Integer::from(r1);
    Some(if t1 < 0u32 {
        (-a, t1.unsigned_abs_ref().clone())
    } else {
        (a, t1.unsigned_abs_ref().clone())
    })
}

/// Components with different denominators (1/2, 1/3, 5/7): the common denominator of the
/// first (2) does not fit the others, so the shortcut must fall back to a reconstruction
/// twice and raise the denominator to 42. `x + y = 5/6`, `y + z = 22/21`, `x + z = 17/14`
/// (by hand).
#[test]
fn components_with_different_denominators() {
    let a = vec![
        vec![q(1, 1), q(1, 1), q(0, 1)],
        vec![q(0, 1), q(1, 1), q(1, 1)],
        vec![q(1, 1), q(0, 1), q(1, 1)],
    ];
    assert_eq!(
        solve_square(3, &sparse(&a), &[q(5, 6), q(22, 21), q(17, 14)]),
        Some(vec![q(1, 2), q(1, 3), q(5, 7)])
    );
    // The same through `reconstruct` directly, at a modulus of P^2 and from the residues
    // n·d⁻¹ of the three fractions: diag(2, 3, 7)·x = (1, 1, 5).
    let m = Natural::from(P).pow(2);
    let residue = |n: u64, d: u64| {
        let inv = Natural::from(d).mod_inverse(&m).expect("d is prime to P");
        Integer::from(Natural::from(n) * inv % &m)
    };
    let diag = |i: usize, v: u32| {
        (0..3)
            .map(|j| Integer::from(if i == j { v } else { 0 }))
            .collect::<Vec<_>>()
    };
    let b = vec![diag(0, 2), diag(1, 3), diag(2, 7)];
    let with_w = |w: [u32; 3]| {
        let sums = [residue(1, 2), residue(1, 3), residue(5, 7)].into_iter();
        reconstruct(
            sums,
            &m,
            &b,
            &w.map(Integer::from),
            Proof::SizeOrProduct,
            false,
        )
    };
    assert_eq!(with_w([1, 1, 5]), Some(vec![q(1, 2), q(1, 3), q(5, 7)]));
    // A wrong candidate is refused by the exact check: w changed to (1, 1, 6).
    assert_eq!(with_w([1, 1, 6]), None);
}

/// `below_modulus` by hand: `B = (3)`, `w = (1)`, `t = (1)`, `d = 3`. `|B·t| < 2^(2 + 1 + 0)`
/// and `|w·d| < 2^(1 + 2)`, so the residual is below `2^4`: proved for a modulus of 5 bits
/// (16, 31), not of 4 (8, 15). Two unknowns add a bit (`n ≤ 2^1`): 16 no longer does.
#[test]
fn below_modulus_by_hand() {
    let i = |v: i64| Integer::from(v);
    let one = |m: u32| below_modulus(&[vec![i(3)]], &[i(1)], &[i(1)], &i(3), &Natural::from(m));
    assert!(one(16) && one(31));
    assert!(!one(8) && !one(15));
    let two = |m: u32| {
        below_modulus(
            &[vec![i(3), i(-2)]],
            &[i(1)],
            &[i(1), i(1)],
            &i(3),
            &Natural::from(m),
        )
    };
    assert!(two(32) && !two(16));
}

/// Naive reference: Gauss–Jordan in `num-rational` (first non-zero pivot); `None` if singular.
fn naive_solve(a: &[Vec<Rational>], b: &[Rational]) -> Option<Vec<Rational>> {
    use num_rational::BigRational;
    use num_traits::Zero;
    let big = |r: &Rational| -> BigRational { r.to_string().parse().expect("p or p/q") };
    let n = a.len();
    let mut m: Vec<Vec<BigRational>> = a
        .iter()
        .zip(b)
        .map(|(row, bi)| row.iter().chain([bi]).map(big).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).find(|&r| !m[r][c].is_zero())?;
        m.swap(c, p);
        let pivot = m[c][c].clone();
        for v in &mut m[c] {
            *v = &*v / &pivot;
        }
        for r in 0..n {
            if r != c && !m[r][c].is_zero() {
                let f = m[r][c].clone();
                let prow = m[c].clone();
                for (v, pv) in m[r].iter_mut().zip(&prow) {
                    *v = &*v - &f * pv;
                }
            }
        }
    }
    Some(
        m.iter()
            .map(|row| row[n].to_string().parse().expect("p or p/q"))
            .collect(),
    )
}

/// The `n × n` system of the property tests: entry `(r, c)` is `entries[r·w + c]` as `p/d`
/// (`w` the width `entries` was drawn for: `rhs.len()`), `b_r` is `rhs[r]`; with `singular`
/// = `Some(k)`, the last row is `k` times the first plus the second (rank below `n`, `n ≥ 2`).
fn square_system(
    entries: &[(i64, i64)],
    rhs: &[(i64, i64)],
    n: usize,
    singular: Option<Rational>,
) -> (Vec<Vec<Rational>>, Vec<Rational>) {
    let w = rhs.len();
    let mut a: Vec<Vec<Rational>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| Rational::from_signeds(entries[r * w + c].0, entries[r * w + c].1))
                .collect()
        })
        .collect();
    if let (Some(k), true) = (singular, n >= 2) {
        a[n - 1] = a[0].iter().zip(&a[1]).map(|(x, y)| x * &k + y).collect();
    }
    let b = (0..n)
        .map(|r| Rational::from_signeds(rhs[r].0, rhs[r].1))
        .collect();
    (a, b)
}

proptest! {
    /// Big coefficients (numerators to 10^12 over denominators to 10^9, the shape of
    /// `bench/lp_vs_highs.py --big`), singular systems included, against `num-rational`'s
    /// Gauss–Jordan: the solutions' common denominators outgrow the rows, so the answer is
    /// proved by `below_modulus` rather than by computing `B·t`.
    #[test]
    fn big_coefficients_agree_with_naive_gauss_jordan(
        entries in prop::collection::vec(
            (-1_000_000_000_000i64..=1_000_000_000_000, 1i64..=1_000_000_000), 49),
        n in 1usize..=7,
        rhs in prop::collection::vec((-1_000_000_000_000i64..=1_000_000_000_000, 1i64..=1_000), 7),
        singular in any::<bool>(),
    ) {
        let (a, b) = square_system(&entries, &rhs, n, singular.then(|| q(-7, 3)));
        let want = naive_solve(&a, &b);
        let got = solve_square(n, &sparse(&a), &b);
        prop_assert_eq!(got.is_some(), want.is_some());
        if let Some(x) = got {
            prop_assert_eq!(Some(x), want);
        }
    }

    /// Lehmer's steps give the plain Euclid's answer: random fractions `a/b` (reconstruction
    /// succeeds) and random residues (it mostly fails), at moduli from 2 to ~2^700.
    #[test]
    fn lehmer_wang_agrees_with_the_plain_one(
        limbs in prop::collection::vec(any::<u64>(), 1..12),
        a in any::<i64>(),
        b in 1u64..,
        u_limbs in prop::collection::vec(any::<u64>(), 1..12),
        fraction in any::<bool>(),
    ) {
        let m = Natural::from_limbs_asc(&limbs) + Natural::from(2u32);
        let bound = (&m >> 1u32).floor_sqrt();
        let mi = Integer::from(m.clone());
        let u = if fraction {
            // a·b⁻¹ mod m when b is invertible, else a residue all the same.
            let bi = Natural::from(b) % &m;
            match bi.mod_inverse(&m) {
                Some(inv) => (Integer::from(a) * Integer::from(inv)).mod_op(&mi),
                None => Integer::from(a).mod_op(&mi),
            }
        } else {
            Integer::from(Natural::from_limbs_asc(&u_limbs)).mod_op(&mi)
        };
        prop_assert_eq!(wang(&u, &m, &bound), wang_plain(&u, &m, &bound));
    }

    /// Against the exact LU on random small square systems, singular ones included: the
    /// p-adic solve answers exactly when the LU finds full rank (no determinant of these
    /// entries is divisible by 2^61 − 1), and then with the LU's solution.
    #[test]
    fn agrees_with_the_exact_lu(
        entries in prop::collection::vec((-30i64..=30, 1i64..=40), 36),
        n in 1usize..=6,
        rhs in prop::collection::vec((-50i64..=50, 1i64..=9), 6),
        singular in any::<bool>(),
    ) {
        let (a, b) = square_system(&entries, &rhs, n, singular.then(|| q(3, 2)));
        let lu = Elimination::new(n, sparse(&a));
        let got = solve_square(n, &sparse(&a), &b);
        prop_assert_eq!(got.is_some(), lu.rank() == n);
        if let Some(x) = got {
            prop_assert_eq!(x, lu.solve(b));
        }
    }
}

/// The value of a two's complement limb vector, for the word kernels' tests.
fn twos_value(limbs: &[u64]) -> Integer {
    let unsigned = Integer::from(Natural::from_limbs_asc(limbs));
    if limbs.last().is_some_and(|top| *top >> 63 == 1) {
        unsigned - Integer::from(Natural::from(1u32) << (64 * limbs.len() as u64))
    } else {
        unsigned
    }
}

/// The word kernels of the lifting by hand: `−1` is all ones; `5 − 3·2 = −1`; `−P / P = −1`;
/// the residue of `−1` is `P − 1`; `P_INV` inverts `P` modulo 2^64.
#[test]
fn word_kernels_by_hand() {
    assert_eq!(P.wrapping_mul(P_INV), 1);
    let mut v = Vec::new();
    push_twos_complement(&mut v, &Integer::from(-1), 3);
    assert_eq!(v, vec![u64::MAX; 3]);
    let wrap = (0..3).fold(1, |acc, _| mul_mod(acc, 8));
    assert_eq!(residue(&v, wrap), P - 1);
    let mut s = vec![5u64, 0, 0];
    sub_dot(&mut s, &[3, 0, 0], &[2]);
    assert_eq!(s, vec![u64::MAX; 3]);
    // 1 − (2·(−1) + 3·4) = −9, with a = (−1, 4) limb-major over 2 limbs: limb 0 of both, then
    // limb 1 of both.
    let mut s = vec![1u64, 0];
    sub_dot(&mut s, &[u64::MAX, 4, u64::MAX, 0], &[2, 3]);
    assert_eq!(twos_value(&s), Integer::from(-9));
    let mut minus_p = Vec::new();
    push_twos_complement(&mut minus_p, &-Integer::from(P), 3);
    let mut q = vec![0u64; 3];
    div_exact_p(&minus_p, &mut q);
    assert_eq!(q, vec![u64::MAX; 3]);
}

/// `a` (numbers in two's complement over `width` limbs, one after another) limb-major, as
/// [`sub_dot`] reads them.
fn limb_major(a: &[u64], width: usize) -> Vec<u64> {
    (0..width)
        .flat_map(|k| a.iter().skip(k).step_by(width).copied())
        .collect()
}

proptest! {
    /// The word kernels against malachite's integers on random signed numbers of up to 6
    /// limbs in a width of 8: two's complement round trip, `s − Σ a_j·x_j` over up to 20 terms
    /// (full words and digits near `P`: columns of up to three chunks of eight products near
    /// 2^125), the residue modulo `P`, and the exact division of `s·P` by `P`.
    #[test]
    fn word_kernels_agree_with_integers(
        s_limbs in prop::collection::vec(any::<u64>(), 0..6),
        terms in prop::collection::vec(
            (prop::collection::vec(any::<u64>(), 0..6), any::<bool>(), 0u64..P), 0..20),
        s_negative in any::<bool>(),
    ) {
        let width = 8;
        let signed = |limbs: &[u64], negative: bool| {
            let m = Integer::from(Natural::from_limbs_asc(limbs));
            if negative { -m } else { m }
        };
        let s = signed(&s_limbs, s_negative);
        let mut sw = Vec::new();
        push_twos_complement(&mut sw, &s, width);
        prop_assert_eq!(twos_value(&sw), s.clone());
        let wrap = (0..width).fold(1, |acc, _| mul_mod(acc, 8));
        prop_assert_eq!(residue(&sw, wrap), mod_p(&s));
        let (mut aw, mut x, mut want) = (Vec::new(), Vec::new(), s.clone());
        for (limbs, negative, v) in &terms {
            let a = signed(limbs, *negative);
            push_twos_complement(&mut aw, &a, width);
            x.push(*v);
            want -= a * Integer::from(*v);
        }
        let mut diff = sw.clone();
        sub_dot(&mut diff, &limb_major(&aw, width), &x);
        prop_assert_eq!(twos_value(&diff), want.clone());
        prop_assert_eq!(residue(&diff, wrap), mod_p(&want));
        let mut multiple = Vec::new();
        push_twos_complement(&mut multiple, &(&s * Integer::from(P)), width);
        let mut q = vec![0u64; width];
        div_exact_p(&multiple, &mut q);
        prop_assert_eq!(twos_value(&q), s);
    }
}

/// The attempt schedule by hand: with an estimate of 100 steps, doubling while within a
/// quarter of it (8 → 16 → 25: the estimate), then a sixteenth of the 320-step bound; without
/// one, doubling within half the bound, then an eighth of it.
#[test]
fn attempt_schedule_by_hand() {
    let with = |s| later_attempt(s, 320, Some(100));
    assert_eq!(
        (with(8), with(16), with(32), with(100), with(120)),
        (16, 100, 100, 120, 140)
    );
    let without = |s| later_attempt(s, 320, None);
    assert_eq!((without(8), without(80), without(160)), (16, 160, 200));
}

/// The float estimate by hand: `diag(1024, 1024/3)` has `|det A| = 2^20/3` and row lcms 1 and
/// 3 (1 and 2 bits), so `2·(log2 det A + 3) + 64 ≈ 106.8` bits: 2 words of 61 bits and one
/// step more. A singular matrix has none.
#[test]
fn estimated_steps_by_hand() {
    let a = vec![vec![q(1024, 1), q(0, 1)], vec![q(0, 1), q(1024, 3)]];
    assert_eq!(estimated_steps(2, &sparse(&a), &[1, 2]), Some(3));
    let singular = vec![vec![q(1, 1), q(2, 1)], vec![q(2, 1), q(4, 1)]];
    assert_eq!(estimated_steps(2, &sparse(&singular), &[1, 1]), None);
}
