//! Tests of the steps, the domain's sign certificates and the shared certificates.

use super::sums::one;
use super::*;
use crate::num::hypergeom::{self, Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn, Point};
use crate::num::Rational;
use crate::testutil::q;

fn dom() -> Domain {
    nm_alpha_domain(1, "n >= 1, m >= 2, alpha > 0")
}

#[test]
fn sign_certificates() {
    let d = dom();
    // (m − 1) α > 0 needs the strict α; m − 2 vanishes at the corner
    assert!(d.positive(&var("m").sub(&int(1)).mul(&var("alpha"))));
    assert!(!d.positive(&var("m").sub(&int(2))));
    assert!(!d.positive(&var("m").sub(&int(2)).mul(&var("alpha"))));
    assert!(d.positive(&int(1).add(&var("m").sub(&int(1)).mul(&var("alpha")))));
    assert!(!d.positive(&var("alpha").sub(&int(1))));
    assert!(!d.positive(&var("z")));
    let _ = q(1, 1);
}

#[test]
fn shared_certificates_check_and_wrong_ones_fail() {
    let d = dom();
    let w = rf(var("m").sub(&int(1)).mul(&var("alpha")));
    for s in [
        binomial_theorem(w.clone(), one()),
        binomial_moment(w.clone(), one()),
    ] {
        s.check(&d).unwrap();
        for (n, at) in nm_points(&[(1, 2), (3, 2), (2, 3), (4, 5)]) {
            s.cross_check(n, &at).unwrap();
        }
    }
    // a wrong moment: n a (a+b)^n is refused
    if let Step::Wz { mut f, g, n0 } = binomial_moment(w.clone(), one()) {
        f.powers[2].1 = Lin::new(-1, 0, 0);
        assert!(Step::Wz { f, g, n0 }.check(&d).is_err());
    }
    // a rational "identity" that is false, and a denominator that may vanish
    let h = Step::Rational {
        lhs: rf(var("m")),
        rhs: rf(var("m").add(&int(1))),
    };
    assert!(h.check(&d).is_err());
    let pole = Step::Rational {
        lhs: MRatFn::new(var("m"), var("m").sub(&int(2))).unwrap(),
        rhs: MRatFn::new(var("m"), var("m").sub(&int(2))).unwrap(),
    };
    assert!(pole
        .check(&d)
        .unwrap_err()
        .contains("not certified positive"));
}

/// Issue 42, item 1: a cross-check at an instance where a denominator vanishes is an error
/// (it was skipped: `(m − 3)/(m − 3) = 1` "agreed" at m = 3), and so is a term's.
#[test]
fn a_cross_check_at_a_pole_is_an_error() {
    let m3 = || rf(var("m").sub(&int(3)));
    let step = Step::Rational {
        lhs: m3().div(&m3()).unwrap(),
        rhs: one(),
    };
    let at = |m: i64| -> Point { [("m".to_string(), Rational::from(m))].into() };
    step.cross_check(1, &at(4)).unwrap();
    let e = step.cross_check(1, &at(3)).unwrap_err();
    assert!(e.contains("vanishes"), "{e}");
    let e = binomial_theorem(one().div(&m3()).unwrap(), one())
        .cross_check(2, &at(3))
        .unwrap_err();
    assert!(e.contains("vanishes"), "{e}");
}

/// Issue 42, item 1: a denominator that a division moved into the numerator still counts.
/// `1/(1/(m − 2))` is `m − 2` as a rational function but undefined at `m = 2`, which
/// `m ≥ 2` contains; `(m − 1)/(1/(m − 1))` is defined everywhere there. Each step was
/// accepted on `m − 2` before the divisors were kept.
#[test]
fn a_cancelled_denominator_is_still_checked() {
    let d = dom();
    let inv = |p: MPoly| one().div(&rf(p)).unwrap();
    let over_inv = |p: MPoly| one().div(&inv(p)).unwrap();
    let m2 = || var("m").sub(&int(2));
    let m1 = || var("m").sub(&int(1));
    assert!(over_inv(m2()).equals(&rf(m2())));
    let steps = [
        Step::Rational {
            lhs: over_inv(m2()),
            rhs: rf(m2()),
        },
        Step::Rational {
            lhs: rf(m2()),
            rhs: over_inv(m2()),
        },
        Step::NonNegative { r: over_inv(m2()) },
        Step::Positive {
            r: over_inv(m2()).add(&one()),
        },
    ];
    for s in &steps {
        let e = s.check(&d).unwrap_err();
        assert!(e.contains("(m - 2) is not certified positive"), "{e}");
    }
    // a coefficient and a power base with a cancelled denominator
    let coeff = Term::new(over_inv(m2()).add(&one()), MPoly::one(), vec![], vec![]).unwrap();
    let e = Step::Terms {
        terms: vec![coeff.clone(), coeff.neg()],
        n0: 0,
    }
    .check(&d)
    .unwrap_err();
    assert!(e.contains("(m - 2) is not certified positive"), "{e}");
    let e = binomial_theorem(over_inv(m2()).add(&one()), one())
        .check(&d)
        .unwrap_err();
    assert!(e.contains("power base"), "{e}");
    // where the divisor's denominator is positive, the same steps check
    let ok = Step::Rational {
        lhs: over_inv(m1()),
        rhs: rf(m1()),
    };
    ok.check(&d).unwrap();
    Step::Positive { r: over_inv(m1()) }.check(&d).unwrap();
}

/// The sign steps refuse what they cannot certify, on n ≥ 1, m ≥ 2, α > 0 (worked by hand;
/// every refusal here was accepted by a mutant of the checker that no test killed).
#[test]
fn sign_steps_refuse_what_is_not_certified() {
    let d = dom();
    let ratfn = |num: MPoly, den: MPoly| MRatFn::new(num, den).unwrap();
    // m − 2 ≥ 0 (zero at the corner m = 2); m − 3 and 2 − m are not; z has no bound.
    assert!(d.nonnegative(&var("m").sub(&int(2))));
    assert!(!d.nonnegative(&var("m").sub(&int(3))));
    assert!(!d.nonnegative(&int(2).sub(&var("m"))));
    assert!(!d.nonnegative(&var("z")));
    // NonNegative: the numerator may vanish, the denominator may not.
    let nonneg = |num, den| Step::NonNegative { r: ratfn(num, den) };
    assert!(nonneg(var("m").sub(&int(2)), var("n")).check(&d).is_ok());
    assert!(nonneg(var("m").sub(&int(3)), var("n")).check(&d).is_err());
    assert!(nonneg(var("n"), var("m").sub(&int(2))).check(&d).is_err());
    // Positive: the numerator and the denominator both.
    let pos = |num, den| Step::Positive { r: ratfn(num, den) };
    assert!(pos(var("m").sub(&int(1)), var("n")).check(&d).is_ok());
    assert!(pos(var("m").sub(&int(2)), var("n")).check(&d).is_err());
    assert!(pos(var("n"), var("m").sub(&int(2))).check(&d).is_err());
    // A power base or a coefficient's denominator that vanishes at m = 2.
    let e = binomial_theorem(rf(var("m").sub(&int(2))), one())
        .check(&d)
        .unwrap_err();
    assert!(e.contains("power base"), "{e}");
    let over_m_minus_2 = Term::new(
        ratfn(MPoly::one(), var("m").sub(&int(2))),
        MPoly::one(),
        vec![],
        vec![],
    )
    .unwrap();
    let e = Step::Terms {
        terms: vec![over_m_minus_2],
        n0: 0,
    }
    .check(&d)
    .unwrap_err();
    assert!(e.contains("the denominator of"), "{e}");
}

/// `PositiveTerm` by hand: C(n, k) > 0 on 0 ≤ k ≤ n and n! > 0 on k ≥ 0 (n ≥ 1) check;
/// `(n − k)!` on k ≤ n + 1 (−1 at the end), a factorial in k with no upper end, and the
/// polynomial n − 1 (zero at n = 1) are refused.
#[test]
fn positive_terms_by_hand() {
    let d = dom();
    let step = |poly: MPoly, facts: Vec<(Lin, i32)>, hi: Option<Lin>| Step::PositiveTerm {
        term: Term::new(one(), poly, facts, vec![]).unwrap(),
        n0: 1,
        lo: Lin::new(0, 0, 0),
        hi,
    };
    let n = Lin::new(1, 0, 0);
    let binomial = hypergeom::binomial_facts(0, 0);
    assert!(step(MPoly::one(), binomial.clone(), Some(n))
        .check(&d)
        .is_ok());
    assert!(step(MPoly::one(), vec![(n, 1)], None).check(&d).is_ok());
    let e = step(MPoly::one(), binomial.clone(), Some(Lin::new(1, 0, 1)))
        .check(&d)
        .unwrap_err();
    assert!(e.contains("is not regular"), "{e}");
    let e = step(MPoly::one(), binomial, None).check(&d).unwrap_err();
    assert!(e.contains("needs an upper end"), "{e}");
    let e = step(var("n").sub(&int(1)), vec![], Some(n))
        .check(&d)
        .unwrap_err();
    assert!(e.contains("is not certified positive"), "{e}");
}
