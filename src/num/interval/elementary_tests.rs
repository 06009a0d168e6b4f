//! Tests of the `ln q` / `e^q` enclosures: the `Ceiling` end taken as the successor of the
//! `Floor` end must give the same bits as malachite's own `Ceiling` evaluation (the naive
//! reference, which is what `ln_rational` and `exp_rational` computed before).

use super::*;
use crate::testutil::q;
use malachite::base::num::arithmetic::traits::PowerOf2;
use malachite::float::ComparableFloat;
use proptest::prelude::*;

#[derive(Clone, Copy, Debug)]
enum Fun {
    Ln,
    Exp,
}

/// malachite's correctly rounded `ln x` or `e^x` at `prec` in direction `rm`.
fn eval(fun: Fun, x: &Rational, prec: u64, rm: RoundingMode) -> (Float, std::cmp::Ordering) {
    match fun {
        Fun::Ln => Float::ln_rational_prec_round_ref(x, prec, rm),
        Fun::Exp => Float::exp_rational_prec_round_ref(x, prec, rm),
    }
}

/// The naive reference: both ends evaluated by malachite, one call per direction.
fn two_calls(fun: Fun, x: &Rational, prec: u64) -> Interval {
    Interval {
        lo: eval(fun, x, prec, Floor).0,
        hi: eval(fun, x, prec, Ceiling).0,
        prec,
    }
}

/// Bit-for-bit equality: value, sign of zero and precision of both ends, and the precision.
fn same_bits(a: &Interval, b: &Interval) -> bool {
    ComparableFloat(a.lo.clone()) == ComparableFloat(b.lo.clone())
        && ComparableFloat(a.hi.clone()) == ComparableFloat(b.hi.clone())
        && a.prec == b.prec
}

/// `floor_and_successor` on the `Floor` result, with a `Ceiling` fallback that records whether
/// it ran, and the public function, both against the two calls. Returns whether the fallback
/// ran (so a test can insist that the successor path was the one checked).
fn check(fun: Fun, x: &Rational, prec: u64) -> Result<bool, TestCaseError> {
    let reference = two_calls(fun, x, prec);
    let mut fell_back = false;
    let fast = Interval::floor_and_successor(
        eval(fun, x, prec, Floor),
        || {
            fell_back = true;
            eval(fun, x, prec, Ceiling).0
        },
        prec,
    );
    prop_assert!(
        same_bits(&fast, &reference),
        "{fun:?} {x} at {prec}: {fast:?} ≠ {reference:?}"
    );
    let public = match fun {
        Fun::Ln => Interval::ln_rational(x, prec).unwrap(),
        Fun::Exp => Interval::exp_rational(x, prec),
    };
    prop_assert!(same_bits(&public, &reference), "{fun:?} {x} at {prec}");
    Ok(fell_back)
}

/// The exact value of an interval end.
fn r(f: &Float) -> Rational {
    Rational::try_from(f).unwrap()
}

/// Worked by hand: the floats of precision `p` in `[2^(e−1), 2^e)` are spaced `2^(e−p)`.
/// Several ends sit on a binade boundary, where the successor changes exponent.
#[test]
fn literal_table() {
    // (x, prec, lo, hi)
    let ln_table = [
        // ln 2 = 0.6931…: at 1 bit the floats are powers of 2.
        (q(2, 1), 1, q(1, 2), q(1, 1)),
        (q(2, 1), 2, q(1, 2), q(3, 4)),
        (q(2, 1), 3, q(5, 8), q(3, 4)),
        // ln ½ = −0.6931…: the successor of −1 at 1 bit is −½.
        (q(1, 2), 1, q(-1, 1), q(-1, 2)),
        (q(1, 2), 3, q(-3, 4), q(-5, 8)),
        // ln ⅜ = −0.9808… (e^−1 = 0.3679 < ⅜ < e^−⅞ = 0.4169): the successor of −1 at 3 bits
        // is −⅞, in the binade below.
        (q(3, 8), 3, q(-1, 1), q(-7, 8)),
        // ln 5/2 = 0.9163… (e^⅞ = 2.399 < 5/2 < e): the successor of ⅞ at 3 bits is 1.
        (q(5, 2), 3, q(7, 8), q(1, 1)),
        // ln 3/5 = −0.5108… (malachite's documented example).
        (q(3, 5), 5, q(-17, 32), q(-1, 2)),
    ];
    for (x, prec, lo, hi) in ln_table {
        let i = Interval::ln_rational(&x, prec).unwrap();
        assert_eq!((r(&i.lo), r(&i.hi)), (lo, hi), "ln {x} at {prec}");
        assert_eq!((i.lo.get_prec(), i.hi.get_prec()), (Some(prec), Some(prec)));
        assert!(
            !check(Fun::Ln, &x, prec).unwrap(),
            "ln {x} fell back to a second evaluation"
        );
    }
    let exp_table = [
        // e = 2.718…: at 2 bits the floats in [2, 4) are 2 and 3.
        (q(1, 1), 2, q(2, 1), q(3, 1)),
        // e^−1 = 0.3679…: at 2 bits, ¼ and ⅜ in [¼, ½).
        (q(-1, 1), 2, q(1, 4), q(3, 8)),
        // e^½ = 1.6487…
        (q(1, 2), 3, q(3, 2), q(7, 4)),
        // e^⅔ = 1.9477…: the successor of 7/4 at 3 bits is 2.
        (q(2, 3), 3, q(7, 4), q(2, 1)),
        // e^−7/10 = 0.4966…: the successor of 7/16 at 3 bits is ½.
        (q(-7, 10), 3, q(7, 16), q(1, 2)),
    ];
    for (x, prec, lo, hi) in exp_table {
        let i = Interval::exp_rational(&x, prec);
        assert_eq!((r(&i.lo), r(&i.hi)), (lo, hi), "exp {x} at {prec}");
        assert!(
            !check(Fun::Exp, &x, prec).unwrap(),
            "exp {x} fell back to a second evaluation"
        );
    }
    // A tiny argument: e^(±2^−100) at 53 bits is within half an ulp of 1.
    let tiny = Rational::power_of_2(-100i64);
    let i = Interval::exp_rational(&tiny, 53);
    let ulp = Rational::power_of_2(-52i64);
    assert_eq!((r(&i.lo), r(&i.hi)), (q(1, 1), q(1, 1) + ulp));
    let i = Interval::exp_rational(&-tiny, 53);
    let half_ulp = Rational::power_of_2(-53i64);
    assert_eq!((r(&i.lo), r(&i.hi)), (q(1, 1) - half_ulp, q(1, 1)));
    // Exact results are points and take no successor.
    assert_eq!(
        Interval::ln_rational(&q(1, 1), 64),
        Some(Interval::from_i64(0, 64))
    );
    assert_eq!(
        Interval::exp_rational(&q(0, 1), 64),
        Interval::from_i64(1, 64)
    );
    assert_eq!(Interval::ln_rational(&q(0, 1), 64), None);
    assert_eq!(Interval::ln_rational(&q(-1, 2), 64), None);
}

/// Overflow and underflow of `e^q` clamp the `Floor` end (to the largest float or to 0), so
/// the `Ceiling` end is evaluated, not stepped to.
#[test]
fn exp_clamps_take_the_second_evaluation() {
    for x in [Rational::power_of_2(40i64), -Rational::power_of_2(40i64)] {
        for prec in [1u64, 53, 200] {
            assert!(check(Fun::Exp, &x, prec).unwrap(), "exp {x} at {prec}");
        }
    }
}

/// Rationals of every kind the checks meet: small fractions, huge and tiny numbers (a
/// numerator or denominator of thousands of bits), powers of 2, and numbers within `2^−k` of 1.
fn arb_q() -> impl Strategy<Value = Rational> {
    prop_oneof![
        (1u64..u64::MAX, 1u64..u64::MAX).prop_map(|(n, d)| Rational::from_unsigneds(n, d)),
        (1u64..1000, 1u64..1000, -3000i64..3000)
            .prop_map(|(n, d, k)| Rational::from_unsigneds(n, d) * Rational::power_of_2(k)),
        (-300i64..300).prop_map(Rational::power_of_2),
        (1u64..1000, 1i64..400, any::<bool>()).prop_map(|(n, k, below)| {
            let e = Rational::from(n) * Rational::power_of_2(-k);
            if below && e < 1u32 {
                Rational::ONE - e
            } else {
                Rational::ONE + e
            }
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Against the naive reference, and the successor path is the one taken (ln q and e^q
    /// are irrational for rational q ≠ 1 resp. ≠ 0, so the `Floor` end is never exact).
    #[test]
    fn successor_is_the_ceiling(x in arb_q(), prec in 1u64..300) {
        if x != 1u32 {
            prop_assert!(!check(Fun::Ln, &x, prec)?);
        }
        // e^x overflows past x ≈ 2^30 ln 2; keep the exponentials in range.
        if x < 1_000_000u32 {
            prop_assert!(!check(Fun::Exp, &x, prec)?);
            prop_assert!(!check(Fun::Exp, &-&x, prec)?);
        }
    }

    /// Floors on a binade boundary, by construction: a rational a hair below ln 2 has
    /// e^q = 2 − (tiny), whose floor is the all-ones float below 2 and whose ceiling is 2; a
    /// hair below e has ln q just under 1; a hair above e^−1 has ln q just above −1, whose floor
    /// is −1 and whose successor is in the binade below.
    #[test]
    fn successor_across_a_binade(prec in 1u64..300) {
        let w = prec + 20;
        let below_ln2 = r(&Float::ln_2_prec_round(w, Floor).0);
        prop_assert!(!check(Fun::Exp, &below_ln2, prec)?);
        prop_assert_eq!(r(&Interval::exp_rational(&below_ln2, prec).hi), q(2, 1));
        let below_e = r(&Float::exp_rational_prec_round_ref(&q(1, 1), w, Floor).0);
        prop_assert!(!check(Fun::Ln, &below_e, prec)?);
        prop_assert_eq!(r(&Interval::ln_rational(&below_e, prec).unwrap().hi), q(1, 1));
        let above_inv_e = r(&Float::exp_rational_prec_round_ref(&q(-1, 1), w, Ceiling).0);
        prop_assert!(!check(Fun::Ln, &above_inv_e, prec)?);
        let i = Interval::ln_rational(&above_inv_e, prec).unwrap();
        prop_assert_eq!(r(&i.lo), q(-1, 1));
        prop_assert!(r(&i.hi) > q(-1, 1));
    }
}

/// The number of enclosures in this thread's memo of `ln_rational`.
fn ln_memo_len() -> usize {
    LN_MEMO.with(|m| m.borrow().values().map(HashMap::len).sum())
}

fn in_memo(x: &Rational, prec: u64) -> Option<Interval> {
    LN_MEMO.with(|m| m.borrow().get(&prec).and_then(|t| t.get(x)).cloned())
}

/// The memo is consulted: a planted (wrong) entry is what `ln_rational` answers, until it is
/// removed. Without the planted entry the answer is the evaluated one, now remembered.
#[test]
fn memo_answers_from_its_entry() {
    let (x, prec) = (q(7, 3), 64);
    let planted = Interval::from_i64(5, prec);
    LN_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        m.entry(prec)
            .or_default()
            .insert(x.clone(), planted.clone())
    });
    assert!(same_bits(
        &Interval::ln_rational(&x, prec).unwrap(),
        &planted
    ));
    LN_MEMO.with(|m| m.borrow_mut().get_mut(&prec).unwrap().remove(&x));
    let evaluated = Interval::ln_rational(&x, prec).unwrap();
    assert!(same_bits(&evaluated, &two_calls(Fun::Ln, &x, prec)));
    assert!(same_bits(&in_memo(&x, prec).unwrap(), &evaluated));
}

/// The memo stays within its bound, and neither a `q` of more than `LN_MEMO_MAX_BITS` bits
/// nor a precision above `LN_MEMO_MAX_PREC` is kept.
#[test]
fn memo_is_bounded() {
    for n in 2..(LN_MEMO_ENTRIES as u64 + 10) {
        Interval::ln_rational(&Rational::from(n), 8).unwrap();
        assert!(ln_memo_len() <= LN_MEMO_ENTRIES);
    }
    let big = Rational::power_of_2(LN_MEMO_MAX_BITS as i64) + Rational::ONE;
    Interval::ln_rational(&big, 64).unwrap();
    assert!(in_memo(&big, 64).is_none());
    let fine = LN_MEMO_MAX_PREC + 1;
    let reference = two_calls(Fun::Ln, &q(3, 1), fine);
    assert!(same_bits(
        &Interval::ln_rational(&q(3, 1), fine).unwrap(),
        &reference
    ));
    assert!(in_memo(&q(3, 1), fine).is_none());
    assert!(in_memo(&q(3, 1), 64).is_none());
    Interval::ln_rational(&q(3, 1), 64).unwrap();
    assert!(in_memo(&q(3, 1), 64).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A first call (evaluated) and a second (from the memo when `q` is kept) both give the
    /// bits of the two-call reference.
    #[test]
    fn memo_keeps_the_bits(x in arb_q(), prec in 1u64..300) {
        if x != 1u32 {
            let reference = two_calls(Fun::Ln, &x, prec);
            let first = Interval::ln_rational(&x, prec).unwrap();
            let second = Interval::ln_rational(&x, prec).unwrap();
            prop_assert!(same_bits(&first, &reference) && same_bits(&second, &reference));
            let kept = x.numerator_ref().significant_bits() + x.denominator_ref().significant_bits()
                <= LN_MEMO_MAX_BITS;
            prop_assert_eq!(in_memo(&x, prec).is_some(), kept);
        }
    }
}
