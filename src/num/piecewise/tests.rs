//! Issue 46, item 1: piecewise rational functions by hand (literal table), against pointwise
//! exact arithmetic at rational points (naive reference), and property tests.

use super::*;
use crate::testutil::q;
use proptest::prelude::*;

fn dom(lo: Rational, lo_open: bool, hi: Option<(Rational, bool)>) -> Domain {
    Domain {
        name: "t".into(),
        lo,
        lo_open,
        hi,
    }
}

fn t() -> RatFn {
    RatFn::x()
}

fn c(n: i64, d: i64) -> RatFn {
    RatFn::constant(q(n, d))
}

fn pw(d: &Domain, f: RatFn) -> Piecewise {
    Piecewise::from_ratfn(d, f).unwrap()
}

fn root(coeffs: &[i64], lo: Rational, hi: Rational) -> RealRoot {
    RealRoot::roots_in(&Poly::from_ints(coeffs), &lo, &hi).remove(0)
}

#[test]
fn comparing_algebraic_numbers_by_hand() {
    let sqrt2 = root(&[-2, 0, 1], q(1, 1), q(2, 1));
    // √2 again, as the positive root of t^4 − 4 = (t² − 2)(t² + 2)
    let sqrt2b = root(&[-4, 0, 0, 0, 1], q(0, 1), q(3, 1));
    let sqrt3 = root(&[-3, 0, 1], q(1, 1), q(2, 1));
    assert_eq!(sqrt2.cmp_root(&sqrt2b), Ordering::Equal);
    assert_eq!(sqrt2.cmp_root(&sqrt3), Ordering::Less);
    assert_eq!(sqrt3.cmp_root(&sqrt2b), Ordering::Greater);
    assert_eq!(
        sqrt2.cmp_root(&RealRoot::rational(q(7, 5))),
        Ordering::Greater
    );
    assert_eq!(
        RealRoot::rational(q(3, 2)).cmp_root(&sqrt2),
        Ordering::Greater
    );
    assert_eq!(
        RealRoot::rational(q(3, 2)).cmp_root(&RealRoot::rational(q(3, 2))),
        Ordering::Equal
    );
    // a rational root given by a polynomial of degree 2 is equal to the rational
    let two = root(&[-6, 1, 1], q(1, 1), q(3, 1)); // (t − 2)(t + 3)
    assert_eq!(two.cmp_root(&RealRoot::rational(q(2, 1))), Ordering::Equal);
}

/// (function, domain, breakpoints as text, values at points) worked by hand.
#[test]
fn literal_table() {
    let above1 = dom(q(1, 1), false, None);
    // max(t, 2) on t >= 1: 2 up to t = 2, then t
    let f = pw(&above1, t()).max(&Piecewise::constant(&above1, q(2, 1)));
    assert_eq!(f.to_string(), "{2 for t <= 2; t for t >= 2}");
    assert_eq!(f.eval(&q(3, 2)), Some(q(2, 1)));
    assert_eq!(f.eval(&q(5, 1)), Some(q(5, 1)));
    assert_eq!(f.eval(&q(1, 2)), None);
    // min(t, 1/t) on t > 0: t up to 1, then 1/t
    let pos = dom(q(0, 1), true, None);
    let g = pw(&pos, t()).min(&pw(&pos, c(1, 1).checked_div(&t()).unwrap()));
    assert_eq!(g.breaks().len(), 1);
    assert_eq!(g.breaks()[0].as_rational(), Some(&q(1, 1)));
    assert_eq!(g.eval(&q(1, 3)), Some(q(1, 3)));
    assert_eq!(g.eval(&q(3, 1)), Some(q(1, 3)));
    // |t² − 2| on [0, 2]: a breakpoint at √2, named by its polynomial
    let d02 = dom(q(0, 1), false, Some((q(2, 1), false)));
    let h = pw(&d02, &(&t() * &t()) - &c(2, 1)).abs();
    assert_eq!(h.pieces().len(), 2);
    assert!(h.to_string().contains("the root of t^2 - 2 in ("), "{h}");
    assert_eq!(h.eval(&q(1, 1)), Some(q(1, 1)));
    assert_eq!(h.eval(&q(2, 1)), Some(q(2, 1)));
    assert_eq!(h.eval(&q(0, 1)), Some(q(2, 1)));
    // max of three lines: max(1, t − 1, 3 − t) on [0, 4]: 3 − t to 2, 1 to... no: at t = 2
    // both lines are 1; 3 − t ≥ 1 for t ≤ 2, t − 1 ≥ 1 for t ≥ 2
    let d04 = dom(q(0, 1), false, Some((q(4, 1), false)));
    let m = Piecewise::constant(&d04, q(1, 1))
        .max(&pw(&d04, &t() - &c(1, 1)))
        .max(&pw(&d04, &c(3, 1) - &t()));
    assert_eq!(m.to_string(), "{-t + 3 for t <= 2; t - 1 for t >= 2}");
    // sums and products keep the breakpoints: max(t,2) + min(t,2) = t + 2 (one piece)
    let s = f.add(&pw(&above1, t()).min(&Piecewise::constant(&above1, q(2, 1))));
    assert_eq!(s.to_string(), "t + 2");
    let p = f.mul(&Piecewise::constant(&above1, q(3, 1)));
    assert_eq!(p.eval(&q(4, 1)), Some(q(12, 1)));
}

#[test]
fn signs_and_decisions_by_hand() {
    let above1 = dom(q(1, 1), true, None);
    // (t − 1)(t − 2) on t > 1: negative on (1, 2), 0 at 2, positive beyond
    let f = pw(&above1, RatFn::from_poly(Poly::from_ints(&[2, -3, 1])));
    let signs = f.signs();
    let kinds: Vec<Ordering> = signs.iter().map(|(s, _)| *s).collect();
    assert!(kinds.contains(&Ordering::Less) && kinds.contains(&Ordering::Greater));
    let zero = signs.iter().find(|(s, _)| *s == Ordering::Equal).unwrap();
    assert_eq!(zero.1.as_rational(), Some(&q(2, 1)));
    // f ≥ 0 fails with a rational t in (1, 2)
    let w = f.decide(|s| s != Ordering::Less).unwrap();
    let w = w.as_rational().unwrap().clone();
    assert!(w > q(1, 1) && w < q(2, 1));
    // f > −1/4 holds everywhere: the minimum is −1/4 at t = 3/2 — equality there, so ≥ holds
    let g = f.add(&Piecewise::constant(&above1, q(1, 4)));
    assert!(g.decide(|s| s != Ordering::Less).is_none());
    let w = g.decide(|s| s == Ordering::Greater).unwrap();
    assert_eq!(w.as_rational(), Some(&q(3, 2)));
    // on [1, 2) the zero at 2 is left out: (t − 1)(t − 2) < 0 fails only at t = 1
    let d = dom(q(1, 1), false, Some((q(2, 1), true)));
    let h = pw(&d, RatFn::from_poly(Poly::from_ints(&[2, -3, 1])));
    assert_eq!(
        h.decide(|s| s == Ordering::Less).unwrap().as_rational(),
        Some(&q(1, 1))
    );
    // an empty domain: vacuous
    let empty = dom(q(2, 1), true, Some((q(2, 1), false)));
    assert!(Piecewise::constant(&empty, q(-1, 1))
        .decide(|s| s == Ordering::Greater)
        .is_none());
    // a one-point domain
    let one = dom(q(2, 1), false, Some((q(2, 1), false)));
    let k = pw(&one, &t() - &c(2, 1));
    assert_eq!(
        k.decide(|s| s == Ordering::Greater).unwrap().as_rational(),
        Some(&q(2, 1))
    );
    // an irrational witness: t² − 2 ≠ 0 fails only at √2
    let d12 = dom(q(1, 1), false, Some((q(2, 1), false)));
    let s = pw(&d12, &(&t() * &t()) - &c(2, 1));
    let w = s.decide(|s| s != Ordering::Equal).unwrap();
    assert!(w.as_rational().is_none());
    assert!(show_point(&w, "t").contains("≈ 1.4142135624"));
}

#[test]
fn poles_are_errors_naming_the_point() {
    let d13 = dom(q(1, 1), false, Some((q(3, 1), false)));
    let e = Piecewise::constant(&d13, q(1, 1))
        .div(&pw(&d13, &t() - &c(2, 1)))
        .unwrap_err();
    assert!(e.0.contains("division by zero at t = 2"), "{e}");
    let e = Piecewise::from_ratfn(
        &d13,
        RatFn::new(Poly::one(), Poly::from_ints(&[-2, 0, 1])).unwrap(),
    )
    .unwrap_err();
    assert!(
        e.0.contains("a pole at t = the root of t^2 - 2 in ("),
        "{e}"
    );
    // the pole at an end that is left out is no pole
    let open = dom(q(2, 1), true, Some((q(3, 1), false)));
    assert!(Piecewise::constant(&open, q(1, 1))
        .div(&pw(&open, &t() - &c(2, 1)))
        .is_ok());
    // a divisor that is zero on a whole piece: max(t − 2, 0) on [1, 3] vanishes from 1
    let z = pw(&d13, &t() - &c(2, 1)).max(&Piecewise::constant(&d13, q(0, 1)));
    let e = Piecewise::constant(&d13, q(1, 1)).div(&z).unwrap_err();
    assert!(e.0.contains("division by zero at t = 1"), "{e}");
    // a zero at an irrational breakpoint: |t² − 2| on [1, 3]
    let a = pw(&d13, &(&t() * &t()) - &c(2, 1)).abs();
    let e = Piecewise::constant(&d13, q(1, 1)).div(&a).unwrap_err();
    assert!(e.0.contains("the root of t^2 - 2"), "{e}");
}

/// A random expression tree of piecewise operations over small rational functions.
#[derive(Clone, Debug)]
enum E {
    Lin(i64, i64),
    Quad(i64, i64, i64),
    Add(Box<E>, Box<E>),
    Mul(Box<E>, Box<E>),
    Max(Box<E>, Box<E>),
    Min(Box<E>, Box<E>),
    Abs(Box<E>),
}

fn arb_e() -> impl Strategy<Value = E> {
    let leaf = prop_oneof![
        (-4i64..=4, -4i64..=4).prop_map(|(a, b)| E::Lin(a, b)),
        (-3i64..=3, -3i64..=3, -2i64..=2).prop_map(|(a, b, c)| E::Quad(a, b, c)),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| E::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| E::Mul(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| E::Max(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| E::Min(Box::new(a), Box::new(b))),
            inner.prop_map(|a| E::Abs(Box::new(a))),
        ]
    })
}

fn build(e: &E, d: &Domain) -> Piecewise {
    match e {
        E::Lin(a, b) => pw(d, RatFn::from_poly(Poly::from_ints(&[*b, *a]))),
        E::Quad(a, b, c) => pw(d, RatFn::from_poly(Poly::from_ints(&[*c, *b, *a]))),
        E::Add(a, b) => build(a, d).add(&build(b, d)),
        E::Mul(a, b) => build(a, d).mul(&build(b, d)),
        E::Max(a, b) => build(a, d).max(&build(b, d)),
        E::Min(a, b) => build(a, d).min(&build(b, d)),
        E::Abs(a) => build(a, d).abs(),
    }
}

/// The naive reference: the same expression in exact rationals at one point.
fn naive(e: &E, x: &Rational) -> Rational {
    match e {
        E::Lin(a, b) => Rational::from(*a) * x + Rational::from(*b),
        E::Quad(a, b, c) => {
            Rational::from(*a) * x * x + Rational::from(*b) * x + Rational::from(*c)
        }
        E::Add(a, b) => naive(a, x) + naive(b, x),
        E::Mul(a, b) => naive(a, x) * naive(b, x),
        E::Max(a, b) => naive(a, x).max(naive(b, x)),
        E::Min(a, b) => naive(a, x).min(naive(b, x)),
        E::Abs(a) => naive(a, x).abs(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The piecewise value equals the pointwise exact value at rational points of the domain
    /// (breakpoints included where rational); every sign seen at a point is among `signs()`
    /// (so a `holds` is never contradicted by a point); a rational witness shows its sign.
    #[test]
    fn piecewise_agrees_with_pointwise(e in arb_e(), lo in -3i64..=1, len in 1i64..=4, open in any::<bool>()) {
        let d = dom(q(lo, 1), open, Some((q(lo + len, 1), false)));
        let f = build(&e, &d);
        let signs = f.signs();
        for j in 0..=32i64 {
            let x = q(lo, 1) + q(j * len, 32);
            if !d.contains(&x) {
                continue;
            }
            let want = naive(&e, &x);
            prop_assert_eq!(f.eval(&x), Some(want.clone()), "{:?} at {}: {}", e, x, f);
            prop_assert!(signs.iter().any(|(s, _)| *s == want.sign()), "{:?} at {}", e, x);
        }
        for b in f.breaks() {
            if let Some(x) = b.as_rational() {
                prop_assert_eq!(f.eval(x), Some(naive(&e, x)));
            }
        }
        for (s, w) in &signs {
            if let Some(x) = w.as_rational() {
                prop_assert!(d.contains(x));
                prop_assert_eq!(naive(&e, x).sign(), *s, "{:?} at {}", e, x);
            } else {
                // an irrational witness is a zero: the piece's numerator vanishes there
                prop_assert_eq!(*s, Ordering::Equal);
            }
        }
        // breakpoints are strictly increasing and strictly inside
        for w in f.breaks().windows(2) {
            prop_assert_eq!(w[0].cmp_root(&w[1]), Ordering::Less);
        }
    }

    /// On an unbounded domain, far points agree too (the last piece reaches past every root).
    #[test]
    fn unbounded_domain_agrees(e in arb_e(), lo in -2i64..=2) {
        let d = dom(q(lo, 1), true, None);
        let f = build(&e, &d);
        let signs = f.signs();
        for x in [q(lo, 1) + q(1, 7), q(lo + 1, 1), q(lo + 3, 2), q(lo + 10, 1), q(1000, 1)] {
            let want = naive(&e, &x);
            prop_assert_eq!(f.eval(&x), Some(want.clone()));
            prop_assert!(signs.iter().any(|(s, _)| *s == want.sign()));
        }
    }
}
