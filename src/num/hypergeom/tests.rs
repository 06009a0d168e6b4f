//! Literal table of classical identities, wrong certificates rejected, and the terms checked
//! against a naive reference (binomials from `num::binomial`, sums added up instance by
//! instance).

use super::*;
use crate::num::binomial;
use crate::testutil::q;
use proptest::prelude::*;

fn c(v: i64) -> MPoly {
    MPoly::constant(Rational::from(v))
}
fn v(x: &str) -> MPoly {
    MPoly::var(x)
}
fn rf(p: MPoly) -> MRatFn {
    MRatFn::from_poly(p)
}
fn one() -> MRatFn {
    rf(MPoly::one())
}
/// `x = (m − 1) t`, the weight of one changed coordinate in a Hamming sphere.
fn x() -> MRatFn {
    rf(v("m").sub(&c(1)).mul(&v("t")))
}
fn one_plus_x() -> MRatFn {
    rf(c(1).add(&v("m").sub(&c(1)).mul(&v("t"))))
}

/// `F(n,k) = C(n,k) x^k (1+x)^(−n)`: the binomial theorem `Σ_k C(n,k) x^k = (1+x)^n`, normalised.
fn binomial_f() -> Term {
    Term::new(
        one(),
        MPoly::one(),
        binomial_facts(0, 0),
        vec![(x(), Lin::new(0, 1, 0)), (one_plus_x(), Lin::new(-1, 0, 0))],
    )
    .unwrap()
}

/// Its WZ mate `G(n,k) = −C(n,k−1) x^k (1+x)^(−n−1)` (R(n,k) = −k/((1+x)(n+1−k))).
fn binomial_g() -> Term {
    Term::new(
        one().mul(&rf(c(-1))),
        MPoly::one(),
        binomial_facts(0, -1),
        vec![
            (x(), Lin::new(0, 1, 0)),
            (one_plus_x(), Lin::new(-1, 0, -1)),
        ],
    )
    .unwrap()
}

/// `F(n,k) = k C(n,k) x^(k−1) / (n (1+x)^(n−1))` with `1/n = (n−1)!/n!`: the first moment of
/// a Hamming sphere sum, `Σ_k k C(n,k) x^k = n x (1+x)^(n−1)` for `n ≥ 1`.
fn moment_f() -> Term {
    Term::new(
        one(),
        v("k"),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, 0), -1),
            (Lin::new(1, -1, 0), -1),
        ],
        vec![
            (x(), Lin::new(0, 1, -1)),
            (one_plus_x(), Lin::new(-1, 0, 1)),
        ],
    )
    .unwrap()
}

fn moment_g() -> Term {
    Term::new(
        rf(c(-1)),
        MPoly::one(),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, -2), -1),
            (Lin::new(1, -1, 1), -1),
        ],
        vec![
            (x(), Lin::new(0, 1, -1)),
            (one_plus_x(), Lin::new(-1, 0, 0)),
        ],
    )
    .unwrap()
}

/// `Σ_k C(n,k)^2 = C(2n,n)`: `F = n!^4/(k!^2 (n−k)!^2 (2n)!)`, and its WZ mate from
/// R(n,k) = −k^2 (3n − 2k + 3)/(2 (2n+1) (n−k+1)^2), written as the term
/// `G = −(3n−2k+3)/2 · n!^4 / ((k−1)!^2 (n−k+1)!^2 (2n+1)!)`. (The sign was first written
/// the other way, from memory; the checker refused it on the line k = 0.)
fn vandermonde_f() -> Term {
    Term::new(
        one(),
        MPoly::one(),
        vec![
            (Lin::new(1, 0, 0), 4),
            (Lin::new(0, 1, 0), -2),
            (Lin::new(1, -1, 0), -2),
            (Lin::new(2, 0, 0), -1),
        ],
        vec![],
    )
    .unwrap()
}

fn vandermonde_g() -> Term {
    Term::new(
        rf(c(-1)),
        v("n")
            .scale(&q(3, 2))
            .sub(&v("k"))
            .add(&MPoly::constant(q(3, 2))),
        vec![
            (Lin::new(1, 0, 0), 4),
            (Lin::new(0, 1, -1), -2),
            (Lin::new(1, -1, 1), -2),
            (Lin::new(2, 0, 1), -1),
        ],
        vec![],
    )
    .unwrap()
}

#[test]
fn literal_table_of_wz_pairs() {
    for (name, f, g, n0) in [
        ("binomial theorem", binomial_f(), binomial_g(), 0),
        ("first moment", moment_f(), moment_g(), 1),
        (
            "sum of squares of binomials",
            vandermonde_f(),
            vandermonde_g(),
            0,
        ),
    ] {
        let p = check_wz(&f, &g, n0).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(p.identity.cells >= 3, "{name}: {p:?}");
        assert!(p.identity.lines >= 1, "{name}: boundary lines {p:?}");
    }
}

#[test]
fn wrong_certificates_are_rejected() {
    // off by a sign
    let e = check_wz(&binomial_f(), &binomial_g().neg(), 0).unwrap_err();
    assert!(e.contains("not an identity"), "{e}");
    // the wrong shift (G's support one step off): the interior identity fails
    let mut off = binomial_g();
    off.facts = binomial_facts(0, -2);
    assert!(check_wz(&binomial_f(), &off, 0).is_err());
    // a certificate that is right on every two-dimensional cell but wrong on the boundary
    // line k = n + 1 (an extra term that lives only there): only the line check catches it
    let spike = Term::new(
        one(),
        MPoly::one(),
        vec![(Lin::new(-1, 1, -1), -1), (Lin::new(1, -1, 1), -1)],
        vec![],
    )
    .unwrap();
    let pascal = |extra: Option<&Term>| {
        let mut ts = vec![
            Term::new(one(), MPoly::one(), binomial_facts(1, 0), vec![]).unwrap(),
            Term::new(rf(c(-1)), MPoly::one(), binomial_facts(0, 0), vec![]).unwrap(),
            Term::new(rf(c(-1)), MPoly::one(), binomial_facts(0, -1), vec![]).unwrap(),
        ];
        ts.extend(extra.cloned());
        check_identity(&ts, 0)
    };
    assert!(pascal(None).is_ok());
    let e = pascal(Some(&spike)).unwrap_err();
    assert!(e.contains("line k = n + 1"), "{e}");
    // the same spike added to the WZ mate
    let bad_g = binomial_g();
    let spiky_g = Term::new(
        one(),
        MPoly::one(),
        vec![(Lin::new(-1, 1, -1), -1), (Lin::new(1, -1, 1), -1)],
        vec![
            (x(), Lin::new(0, 1, 0)),
            (one_plus_x(), Lin::new(-1, 0, -1)),
        ],
    )
    .unwrap();
    let e = check_identity(
        &[
            binomial_f().shift_n(),
            binomial_f().neg(),
            bad_g.shift_k().neg(),
            bad_g.clone(),
            spiky_g.shift_k().neg(),
            spiky_g,
        ],
        0,
    )
    .unwrap_err();
    assert!(e.contains("line"), "{e}");
    // a wrong right-hand side: Σ_k C(n,k) x^k = (1+x)^(n+1) is false at n = 0
    let mut wrong_rhs = binomial_f();
    wrong_rhs.powers[1].1 = Lin::new(-1, 0, -1);
    assert!(check_wz(&wrong_rhs, &binomial_g(), 0).is_err());
    // an infinite support is refused (the telescoping needs finitely many terms)
    let no_support = Term::new(one(), MPoly::one(), vec![(Lin::new(0, 1, 0), -1)], vec![]).unwrap();
    let e = check_wz(&no_support, &no_support, 0).unwrap_err();
    assert!(e.contains("finite support"), "{e}");
    // a first moment claimed from n = 0, where (n − 1)! is undefined
    let e = check_wz(&moment_f(), &moment_g(), 0).unwrap_err();
    assert!(e.contains("not defined"), "{e}");
}

#[test]
fn bad_terms_are_refused() {
    assert!(Term::new(one(), MPoly::one(), vec![(Lin::new(0, 1, 0), 1)], vec![]).is_err());
    assert!(Term::new(one(), MPoly::one(), vec![(Lin::new(1, 2, 0), -1)], vec![]).is_err());
    assert!(Term::new(rf(v("n")), MPoly::one(), vec![], vec![]).is_err());
    assert!(Term::new(
        one(),
        MPoly::one(),
        vec![],
        vec![(rf(MPoly::zero()), Lin::new(1, 0, 0))]
    )
    .is_err());
    // 2n! over n! is not a rational multiple
    let a = Term::new(one(), MPoly::one(), vec![(Lin::new(2, 0, 0), 1)], vec![]).unwrap();
    let b = Term::new(one(), MPoly::one(), vec![(Lin::new(1, 0, 0), 1)], vec![]).unwrap();
    assert!(a.ratio(&b).is_err());
}

fn at(m: i64, t: (i64, i64)) -> crate::num::mpoly::Point {
    [("m".to_string(), q(m, 1)), ("t".to_string(), q(t.0, t.1))]
        .into_iter()
        .collect()
}

/// The terms against the naive reference: `C(n,k) x^k/(1+x)^n` from `num::binomial`, and the
/// sums added up at each `n` equal 1 (symbolically in m, t).
#[test]
fn terms_against_the_naive_reference() {
    let f = binomial_f();
    for n in 0..9i64 {
        let mut s = MRatFn::from_poly(MPoly::zero());
        for k in -2..n + 3 {
            let val = f.value(n, k).unwrap();
            s = s.add(&val);
            let p = at(4, (1, 2));
            let xv = q(3, 2);
            let want = if (0..=n).contains(&k) {
                Rational::from(binomial(n as u64, k as u64)) * xv.clone().pow_i(k)
                    / (Rational::from(1) + xv).pow_i(n)
            } else {
                Rational::from(0)
            };
            assert_eq!(val.eval(&p), Some(want), "n={n} k={k}");
        }
        assert!(s.equals(&one()), "n = {n}: {s}");
        if n >= 1 {
            let mut s = MRatFn::from_poly(MPoly::zero());
            for k in 0..=n {
                s = s.add(&moment_f().value(n, k).unwrap());
            }
            assert!(s.equals(&one()), "moment n = {n}: {s}");
        }
    }
}

trait PowI {
    fn pow_i(self, e: i64) -> Rational;
}
impl PowI for Rational {
    fn pow_i(self, e: i64) -> Rational {
        use malachite::base::num::arithmetic::traits::Pow;
        Pow::pow(self, e)
    }
}

proptest! {
    /// The quotient of two terms, where both are regular, equals the quotient of their values.
    #[test]
    fn ratios_agree_with_values(n in 0i64..8, k in 0i64..8, m in 2i64..5, tn in 1i64..4, td in 1i64..4) {
        let p = at(m, (tn, td));
        for (a, b) in [
            (binomial_f().shift_n(), binomial_f()),
            (binomial_g().shift_k(), binomial_f()),
            (vandermonde_g(), vandermonde_f()),
            (moment_g().shift_n(), moment_f()),
        ] {
            let (Ok(Status::Regular), Ok(Status::Regular)) = (a.status(n, k), b.status(n, k)) else { continue };
            let r = a.ratio(&b).unwrap();
            let mut pk = p.clone();
            pk.insert("n".into(), Rational::from(n));
            pk.insert("k".into(), Rational::from(k));
            let bare = Term { poly: MPoly::one(), ..b.clone() };
            let lhs = a.value(n, k).unwrap().eval(&p);
            let rhs = r.eval(&pk).zip(bare.value(n, k).unwrap().eval(&p)).map(|(x, y)| x * y);
            prop_assert_eq!(lhs, rhs);
        }
    }
}

/// `Term::mul` against the naive product of values, boundaries included.
#[test]
fn product_of_terms_is_the_product_of_values() {
    let t = MRatFn::from_poly(MPoly::var("t"));
    let a = Term::new(
        MRatFn::from_poly(MPoly::one()),
        MPoly::var("k"),
        binomial_facts(0, 0),
        vec![(t.clone(), Lin::new(0, 1, 0))],
    )
    .unwrap();
    let b = Term::new(
        MRatFn::from_poly(MPoly::constant(q(1, 3))),
        MPoly::one(),
        binomial_facts(0, -1),
        vec![(t, Lin::new(1, -1, 0))],
    )
    .unwrap();
    let ab = a.mul(&b).unwrap();
    for n in 0..5 {
        for k in -2..=n + 2 {
            let want = a.value(n, k).unwrap().mul(&b.value(n, k).unwrap());
            assert!(ab.value(n, k).unwrap().equals(&want), "n={n} k={k}");
        }
    }
}

/// `on_line(s, c)` against the naive reference: the 2-D term's value at `k = s·n + c`, on lines
/// of every slope the checks use (and steeper), inside and outside the support.
#[test]
fn terms_on_lines_are_the_values_on_the_lines() {
    for t in [binomial_f(), binomial_g(), moment_f(), vandermonde_f()] {
        for s in -1..=2i64 {
            for c0 in -2..=2i64 {
                let line = t.on_line(s, c0);
                for n in 0..6i64 {
                    let (on, want) = (line.value(n, 0), t.value(n, s * n + c0));
                    match (on, want) {
                        (Ok(a), Ok(b)) => assert!(a.equals(&b), "{t}: s={s} c={c0} n={n}"),
                        (a, b) => assert_eq!(a.is_err(), b.is_err(), "{t}: s={s} c={c0} n={n}"),
                    }
                }
            }
        }
    }
}

/// A quotient whose powers of one base differ by a non-constant exponent (in `n` alone or in
/// `k` alone) is not rational, and `ratio` says so; a constant difference is `x^c`.
#[test]
fn ratios_of_powers_that_do_not_cancel_are_refused() {
    let power_term = |e: Lin| Term::new(one(), MPoly::one(), vec![], vec![(x(), e)]).unwrap();
    let bare = Term::new(one(), MPoly::one(), vec![], vec![]).unwrap();
    for e in [Lin::new(0, 1, 0), Lin::new(1, 0, 0), Lin::new(1, -1, 2)] {
        let err = power_term(e).ratio(&bare).unwrap_err();
        assert!(err.contains("do not cancel"), "{err}");
    }
    // x^(k+2) / x^k = x^2 = ((m − 1) t)^2.
    let r = power_term(Lin::new(0, 1, 2))
        .ratio(&power_term(Lin::new(0, 1, 0)))
        .unwrap();
    assert!(r.equals(&x().mul(&x())), "{r}");
}

/// Factorials free of `k` change regularity at some `n`, and `check_identity` must look past
/// that point. By hand: `1/(n−5)!` is 0 for `n < 5` and not afterwards, so `Σ = 1/(n−5)!` is no
/// identity for `n ≥ 0`; `1/(5−n)! − c(n)/(5−n)!` with `c(n) = 1 + n(n−1)…(n−5)` is 0 at every
/// `n ≥ 0` (at `n ≤ 5` because `c(n) = 1`, beyond because both vanish), though not as a rational
/// function.
#[test]
fn factorials_free_of_k_are_followed_to_their_final_sign() {
    let rising = Lin::new(1, 0, -5);
    let falling = Lin::new(-1, 0, 5);
    let over = |l: Lin, coeff: i64, poly: MPoly| {
        Term::new(rf(c(coeff)), poly, vec![(l, -1)], vec![]).unwrap()
    };
    let err = check_identity(&[over(rising, 1, MPoly::one())], 0).unwrap_err();
    assert!(err.contains("not an identity"), "{err}");
    // 1/(2n−5)! is regular from n = 3 (⌊5/2⌋ + 1), not from n = 2.
    let err = check_identity(&[over(Lin::new(2, 0, -5), 1, MPoly::one())], 0).unwrap_err();
    assert!(err.contains("not an identity"), "{err}");
    let mut c_n = MPoly::one();
    for j in 0..=5 {
        c_n = c_n.mul(&v("n").sub(&c(j)));
    }
    let c_n = c(1).add(&c_n);
    let proof =
        check_identity(&[over(falling, 1, MPoly::one()), over(falling, -1, c_n)], 0).unwrap();
    assert_eq!(proof.small_n, 6, "n = 0..5 one by one");
    assert_eq!(
        (proof.n_star, proof.cells, proof.lines),
        (6, 1, 0),
        "no line: one cell"
    );
}

/// Lines of different slopes must be ordered before the cells are sampled. By hand:
/// `T = 1/((k−n−5)! (2n−20−k)!)` is regular exactly on `n + 5 ≤ k ≤ 2n − 20`, empty for
/// `n < 25` and not from `n = 25` on, so `Σ = T` is no identity for `n ≥ 0`. Its lines are
/// `k = n + 5` (`T` is 0 below it) and `k = 2n − 19` (0 from it on); they meet at `n = 24`, so
/// `N* = 25`, and only there does the cell between them hold a regular point (`n = 25, k = 30`).
/// A smaller `N*` samples that cell where it is empty and accepts the false identity.
#[test]
fn lines_of_different_slopes_are_ordered_before_the_cells_are_sampled() {
    let term = |coeff: i64| {
        let below = Lin::new(-1, 1, -5); // k − n − 5
        let above = Lin::new(2, -1, -20); // 2n − 20 − k
        Term::new(
            rf(c(coeff)),
            MPoly::one(),
            vec![(below, -1), (above, -1)],
            vec![],
        )
        .unwrap()
    };
    let err = check_identity(&[term(1)], 0).unwrap_err();
    assert!(err.contains("not an identity"), "{err}");
    // T − T = 0: below the cell, above it and in it (3 cells), and n = 0..24 point by point.
    let proof = check_identity(&[term(1), term(-1)], 0).unwrap();
    assert_eq!(
        (proof.n_star, proof.cells, proof.lines, proof.small_n),
        (25, 3, 0, 25)
    );
}

/// The proof's counts, by hand, where lines of one slope bound a strip checked line by line:
/// `T = 1/(k! (k−2)! (n−k)!)` has the lines `k = 0`, `k = 2` (slope 0) and `k = n + 1`; `N*`
/// is where `k = n + 1` passes `k = 2` for good (`n = 2`). Checked: the cells `k < 0`,
/// `2 ≤ k < n + 1` and `k ≥ n + 1`, the lines `k = 0` and `k = 1`, and `n = 0, 1` one by one.
#[test]
fn an_identity_proof_counts_what_it_checked() {
    let term = |coeff: i64| {
        let facts = vec![
            (Lin::new(0, 1, 0), -1),
            (Lin::new(0, 1, -2), -1),
            (Lin::new(1, -1, 0), -1),
        ];
        Term::new(rf(c(coeff)), MPoly::one(), facts, vec![]).unwrap()
    };
    let proof = check_identity(&[term(1), term(-1)], 0).unwrap();
    assert_eq!(
        (proof.n_star, proof.cells, proof.lines, proof.small_n),
        (2, 3, 2, 2)
    );
    let err = check_identity(&[term(1)], 0).unwrap_err();
    assert!(err.contains("not an identity"), "{err}");
}

/// `support` reads the `k`-range off the denominator factorials in `k` only. By hand:
/// `1/(k! (n−k)! (n−10)!)` at `n = 3` vanishes outside `0 ≤ k ≤ 3` (it vanishes everywhere,
/// as `1/(−7)! = 0`, but the range is the one its factorials in `k` give); `1/(k−2)!` alone
/// has no upper end. (A numerator factorial in `k` is refused by `Term::new`.)
#[test]
fn supports_by_hand() {
    let term = |facts: Vec<(Lin, i32)>| Term::new(one(), MPoly::one(), facts, vec![]).unwrap();
    let binomial_over = |extra: Vec<(Lin, i32)>| {
        let mut facts = vec![(Lin::new(0, 1, 0), -1), (Lin::new(1, -1, 0), -1)];
        facts.extend(extra);
        term(facts)
    };
    assert_eq!(support(&binomial_over(vec![]), 3), Some((0, 3)));
    assert_eq!(
        support(&binomial_over(vec![(Lin::new(1, 0, -10), -1)]), 3),
        Some((0, 3))
    );
    assert_eq!(support(&term(vec![(Lin::new(0, 1, -2), -1)]), 3), None);
    // 1/((k+n−7)! (2n−k−3)!) at n = 5: 0 unless 7 − n ≤ k ≤ 2n − 3, i.e. 2 ≤ k ≤ 7.
    let sloped = term(vec![(Lin::new(1, 1, -7), -1), (Lin::new(2, -1, -3), -1)]);
    assert_eq!(support(&sloped, 5), Some((2, 7)));
}

/// Between two lines of one slope every line is checked. By hand: `T = k/(k! (1−k)!)` is regular
/// on the lines `k = 0` and `k = 1` only (between `k = 0` and `k = 2`), 0 on `k = 0` (its
/// factor `k`) and 1 on `k = 1`: no identity, and only the line `k = 1` shows it.
#[test]
fn strips_between_parallel_lines_are_checked_line_by_line() {
    let t = Term::new(
        one(),
        v("k"),
        vec![(Lin::new(0, 1, 0), -1), (Lin::new(0, -1, 1), -1)],
        vec![],
    )
    .unwrap();
    let err = check_identity(&[t], 0).unwrap_err();
    assert!(err.contains("the line k = 1"), "{err}");
}
