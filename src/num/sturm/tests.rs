//! Tests of the Sturm machinery: root counts, signs on intervals, isolation and signs at algebraic
//! numbers against naive references (dense sampling, known roots) and literal tables.

use super::*;
use crate::num::poly::RatFn;
use malachite::base::num::arithmetic::traits::Pow;
use proptest::prelude::*;
use SignOnInterval::*;

use crate::testutil::q;
fn z(n: i64) -> Rational {
    Rational::from(n)
}

#[test]
fn count_table() {
    // (poly, lo, hi, roots in (lo,hi], [lo,hi], (lo,hi))
    let table: Vec<(Vec<i64>, i64, i64, usize, usize, usize)> = vec![
        (vec![-1, 0, 1], -2, 2, 2, 2, 2),   // t^2 - 1
        (vec![-1, 0, 1], -1, 1, 1, 2, 0),   // roots at both ends
        (vec![1, 0, 1], -10, 10, 0, 0, 0),  // t^2 + 1
        (vec![0, 0, 0, 1], -1, 1, 1, 1, 1), // t^3, triple root at 0
        (vec![-2, 0, 1], 0, 2, 1, 1, 1),    // sqrt 2
        (vec![6, -5, 1], 2, 3, 1, 2, 0),    // (t-2)(t-3)
        (vec![1, -2, 1], 0, 1, 1, 1, 0),    // (t-1)^2
    ];
    for (c, lo, hi, ho, cl, op) in table {
        let p = Poly::from_ints(&c);
        assert_eq!(count_real_roots(&p, &z(lo), &z(hi)), ho, "{p} ({lo},{hi}]");
        assert_eq!(
            count_real_roots_closed(&p, &z(lo), &z(hi)),
            cl,
            "{p} [{lo},{hi}]"
        );
        assert_eq!(
            count_real_roots_open(&p, &z(lo), &z(hi)),
            op,
            "{p} ({lo},{hi})"
        );
    }
    assert_eq!(count_all_real_roots(&Poly::from_ints(&[0, -1, 0, 1])), 3);
}

#[test]
fn sign_on_table() {
    let table: Vec<(Vec<i64>, Range, SignOnInterval)> = vec![
        (vec![-1, 0, 1], Range::open(z(-1), z(1)), Negative),
        (vec![-1, 0, 1], Range::closed(z(-1), z(1)), NonPositive),
        (vec![-1, 0, 1], Range::closed(z(0), z(2)), Mixed),
        (vec![1, -2, 1], Range::closed(z(0), z(2)), NonNegative),
        (vec![1, -2, 1], Range::open_closed(z(1), z(2)), Positive),
        (vec![1, 0, 1], Range::closed(z(-5), z(5)), Positive),
        (vec![0], Range::closed(z(0), z(1)), IdenticallyZero),
        (vec![0, 1], Range::closed(z(0), z(0)), IdenticallyZero),
        (vec![0, 1], Range::open_closed(z(0), z(1)), Positive),
        (vec![0, -1], Range::closed(z(0), z(1)), NonPositive),
        (vec![-2, 0, 1], Range::closed(z(0), z(2)), Mixed),
        (vec![-2, 0, 1], Range::closed(q(3, 2), z(2)), Positive),
    ];
    for (c, r, s) in table {
        let p = Poly::from_ints(&c);
        assert_eq!(sign_on(&p, &r), s, "{p} on {r}");
    }
    assert_eq!(sign_from(&Poly::from_ints(&[-3, 1]), &z(3), true), Positive);
    assert_eq!(
        sign_from(&Poly::from_ints(&[-3, 1]), &z(3), false),
        NonNegative
    );
    assert_eq!(sign_from(&Poly::from_ints(&[-3, 1]), &z(2), false), Mixed);
    // (t − 1)/t on (0, 1]: non-positive, zero at 1; on [0, 1] it has a pole.
    let f = RatFn::new(Poly::from_ints(&[-1, 1]), Poly::x()).unwrap();
    assert_eq!(
        sign_on_ratfn(&f, &Range::open_closed(z(0), z(1))),
        Some(NonPositive)
    );
    assert_eq!(sign_on_ratfn(&f, &Range::closed(z(0), z(1))), None);
    assert_eq!(sign_on_ratfn(&f, &Range::open(z(1), z(2))), Some(Positive));
}

/// Binomial coefficient (naive).
fn binom(n: u64, k: u64) -> Rational {
    let mut r = Rational::ONE;
    for i in 0..k {
        r = r * Rational::from(n - i) / Rational::from(i + 1);
    }
    r
}

/// A for-all-t proof: (1 + (m−1)t)^n − Σ_l C(n,l)(m−1)^l t^l is identically zero,
/// and 1 + (m−1) t^n − t (a polynomial in t) is positive on (0, 1].
#[test]
fn binomial_identity_for_all_t() {
    for n in 1..=6u64 {
        for m in 2..=5i64 {
            let lhs = Poly::from_ints(&[1, m - 1]).pow(n);
            let mut rhs = Poly::zero();
            for l in 0..=n {
                let c = binom(n, l) * Rational::from(m - 1).pow(l);
                rhs = rhs + Poly::monomial(c, l as usize);
            }
            let diff = &lhs - &rhs;
            assert_eq!(sign_on(&diff, &Range::closed(z(0), z(1))), IdenticallyZero);
            assert!(diff.is_zero());
            // A wrong expansion (dropping the top term) is caught, with a root count.
            let wrong = &lhs - &(&rhs - &Poly::monomial(Rational::from(m - 1).pow(n), n as usize));
            assert_eq!(sign_on(&wrong, &Range::open_closed(z(0), z(1))), Positive);
            // (1 + (m−1)t)^n − 1 − n(m−1)t ≥ 0 on (0,1], > 0 when n ≥ 2 (Bernoulli).
            let bern = &lhs - &Poly::from_ints(&[1, n as i64 * (m - 1)]);
            let expect = if n >= 2 { Positive } else { IdenticallyZero };
            assert_eq!(sign_on(&bern, &Range::open_closed(z(0), z(1))), expect);
        }
    }
}

#[test]
fn isolation_and_algebraic_sign() {
    // (t^2 - 2)(t - 1/2)(t^2 + 1): roots -sqrt2, 1/2, sqrt2
    let p = Poly::from_ints(&[-2, 0, 1])
        * Poly::new(vec![q(-1, 2), z(1)])
        * Poly::from_ints(&[1, 0, 1]);
    let w = q(1, 1000);
    let roots = isolate_real_roots(&p, &w);
    assert_eq!(roots.len(), 3);
    for (a, b) in &roots {
        assert!(b - a <= w);
        if a != b {
            assert_ne!(p.sign_at(a), p.sign_at(b));
        }
    }
    let sqrt2 = RealRoot::roots_in(&Poly::from_ints(&[-2, 0, 1]), &z(0), &z(2)).remove(0);
    assert_eq!(sqrt2.cmp_rational(&q(141, 100)), Ordering::Greater);
    assert_eq!(sqrt2.cmp_rational(&q(142, 100)), Ordering::Less);
    // sign of t^2 - 2 at sqrt 2 is 0; of t - 7/5 positive; of 2t^2 - 3t ... at sqrt2: 4 - 3 sqrt2 < 0
    assert_eq!(
        sqrt2.sign_of(&Poly::from_ints(&[-2, 0, 1])),
        Ordering::Equal
    );
    assert_eq!(
        sqrt2.sign_of(&Poly::from_ints(&[-4, 0, 0, 0, 1])),
        Ordering::Equal
    );
    assert_eq!(
        sqrt2.sign_of(&Poly::new(vec![q(-7, 5), z(1)])),
        Ordering::Greater
    );
    assert_eq!(sqrt2.sign_of(&Poly::from_ints(&[4, -3])), Ordering::Less);
    // a rational root is found exactly
    let half = RealRoot::roots_in(&Poly::from_ints(&[-1, 2]), &z(0), &z(1)).remove(0);
    assert_eq!(half.as_rational(), Some(&q(1, 2)));
}

/// Naive reference: count sign changes of p on a fine grid (a lower bound on the
/// number of roots of odd multiplicity).
fn naive_sign_changes(p: &Poly, lo: i64, hi: i64, steps: i64) -> usize {
    let mut n = 0;
    let mut last = Ordering::Equal;
    for k in 0..=steps {
        let x = Rational::from(lo) + Rational::from_signeds(k * (hi - lo), steps);
        let s = p.sign_at(&x);
        if s != Ordering::Equal {
            if last != Ordering::Equal && s != last {
                n += 1;
            }
            last = s;
        }
    }
    n
}

proptest! {
    #[test]
    fn roots_of_products_of_linears(rs in prop::collection::btree_set(-20i64..20, 0..6), extra in 0i64..3) {
        // p = Π (t - r/4) * (t^2 + extra + 1): the real roots are exactly the r/4.
        let mut p = Poly::from_ints(&[extra + 1, 0, 1]);
        for r in &rs {
            p = &p * &Poly::new(vec![-q(*r, 4), z(1)]);
        }
        prop_assert_eq!(count_all_real_roots(&p), rs.len());
        prop_assert_eq!(count_real_roots(&p, &z(-10), &z(10)), rs.len());
        let iso = isolate_real_roots(&p, &q(1, 64));
        prop_assert_eq!(iso.len(), rs.len());
        for ((a, b), r) in iso.iter().zip(rs.iter()) {
            let r = q(*r, 4);
            prop_assert!(*a <= r && r <= *b);
        }
        prop_assert!(naive_sign_changes(&p, -6, 6, 97) <= rs.len());
    }

    #[test]
    fn sign_on_agrees_with_samples(c in prop::collection::vec(-6i64..6, 1..6), lo in -4i64..4, len in 1i64..5) {
        let p = Poly::from_ints(&c);
        let r = Range::closed(z(lo), z(lo + len));
        let s = sign_on(&p, &r);
        for k in 0..=40 {
            let x = z(lo) + Rational::from_signeds(k * len, 40);
            let v = p.sign_at(&x);
            match s {
                Positive => prop_assert_eq!(v, Ordering::Greater),
                Negative => prop_assert_eq!(v, Ordering::Less),
                NonNegative => prop_assert_ne!(v, Ordering::Less),
                NonPositive => prop_assert_ne!(v, Ordering::Greater),
                IdenticallyZero => prop_assert_eq!(v, Ordering::Equal),
                Mixed => {}
            }
        }
        if s == Mixed {
            prop_assert!(naive_sign_changes(&p, lo, lo + len, 400) > 0 || p.degree().unwrap_or(0) >= 2);
        }
    }
}

/// `RealRoot::least_in` (issue 42, item 1): the least root in a range whose open ends are
/// left out, a rational root exact even when the square-free part has degree > 1, an
/// irrational one isolated. Roots worked by hand.
#[test]
fn least_root_in_a_range() {
    let r = |lo: (i64, u64), hi: (i64, u64), lo_open: bool, hi_open: bool| Range {
        lo: Rational::from_signeds(lo.0, lo.1 as i64),
        hi: Rational::from_signeds(hi.0, hi.1 as i64),
        lo_open,
        hi_open,
    };
    // (coefficients, range, the exact root or None for none)
    let exact: Vec<(Vec<i64>, Range, Option<Rational>)> = vec![
        (vec![-6, 1, 1], r((0, 1), (5, 1), false, false), Some(z(2))), // (t-2)(t+3)
        (
            vec![-6, 1, 1],
            r((-5, 1), (5, 1), false, false),
            Some(z(-3)),
        ),
        (vec![-1, 0, 1], r((1, 1), (2, 1), true, false), None), // t^2 - 1, 1 left out
        (vec![-1, 0, 1], r((1, 1), (2, 1), false, false), Some(z(1))),
        (vec![-1, 0, 1], r((-1, 1), (1, 1), true, true), None),
        (
            vec![-2, 3, -2, 3],
            r((0, 1), (1, 1), false, false),
            Some(q(2, 3)),
        ), // (3t-2)(t^2+1)
        (vec![1, -2, 1], r((0, 1), (2, 1), false, false), Some(z(1))), // (t-1)^2
        (vec![1, 0, 1], r((-10, 1), (10, 1), false, false), None),     // t^2 + 1
        (vec![0, 1], r((0, 1), (0, 1), false, false), Some(z(0))),     // one point
        (vec![-7, 1], r((0, 1), (7, 1), false, true), None),
    ];
    for (c, range, want) in exact {
        let p = Poly::from_ints(&c);
        let got = RealRoot::least_in(&p, &range);
        assert_eq!(
            got.as_ref().map(|x| x.as_rational().cloned()),
            want.map(Some),
            "{p} on {range}"
        );
    }
    // (3t − 1)(7t − 2)(t^2 − 2) on [0, 1]: 2/7 is the least, exactly
    let p =
        &(&Poly::from_ints(&[-1, 3]) * &Poly::from_ints(&[-2, 7])) * &Poly::from_ints(&[-2, 0, 1]);
    let x = RealRoot::least_in(&p, &Range::closed(z(0), z(1))).unwrap();
    assert_eq!(x.as_rational(), Some(&q(2, 7)));
    // t^2 − 2 on [1, 2]: an isolating interval around sqrt 2
    let x = RealRoot::least_in(&Poly::from_ints(&[-2, 0, 1]), &Range::closed(z(1), z(2))).unwrap();
    assert!(x.as_rational().is_none());
    assert!(&x.lo * &x.lo < z(2) && &x.hi * &x.hi > z(2), "{x}");
    assert!(RealRoot::least_in(&Poly::zero(), &Range::closed(z(0), z(1))).is_none());
}

proptest! {
    /// A rational root `u/v` of `(v t − u)(t^2 + c)` (`c > 0`, so the only real root) is
    /// found exactly by `least_in` on a range around it, whatever its denominator.
    #[test]
    fn a_rational_root_is_found_exactly(u in -50i64..=50, v in 1i64..=40, c in 1i64..=9) {
        let p = &Poly::from_ints(&[-u, v]) * &Poly::from_ints(&[c, 0, 1]);
        let root = Rational::from_signeds(u, v);
        let range = Range::closed(&root - z(1), &root + q(1, 3));
        let x = RealRoot::least_in(&p, &range).unwrap();
        prop_assert_eq!(x.as_rational(), Some(&root));
    }
}
