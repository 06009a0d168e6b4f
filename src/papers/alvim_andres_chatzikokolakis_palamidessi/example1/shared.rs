//! The definitions the claim groups of `example1` share (issue 43, item 1: out of
//! `example1.rs`, which the groups imported whole while it listed them, a circle).

pub(crate) use super::super::common::{
    dp_violation, fmt_matrix, master_lp, matrix_utility, r, tight_matrix, undecided, uniform, Rows,
};
pub(crate) use crate::claim::scan::Agree;
pub(crate) use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
pub(crate) use crate::graph::Graph;
pub(crate) use crate::num::algebraic::RealField;
pub(crate) use crate::num::{parse_rational, Interval, Poly, RatFn, Rational};
pub(crate) use malachite::base::num::arithmetic::traits::Pow;
pub(crate) use malachite::base::num::basic::traits::One;
pub(crate) use std::cmp::Ordering;
pub(crate) use std::fmt;

/// The printed M1 of Table 1 (rows = true answer A..F, columns = reported answer).
pub(crate) const M1_PRINTED: [[&str; 6]; 6] = [
    ["0.535", "0.060", "0.052", "0.046", "0.040", "0.267"],
    ["0.465", "0.069", "0.060", "0.053", "0.046", "0.307"],
    ["0.405", "0.060", "0.069", "0.060", "0.053", "0.353"],
    ["0.353", "0.053", "0.060", "0.069", "0.060", "0.405"],
    ["0.307", "0.046", "0.053", "0.060", "0.069", "0.465"],
    ["0.267", "0.040", "0.046", "0.052", "0.060", "0.535"],
];

/// The printed M2: 2/7 on the diagonal, 1/7 elsewhere.
pub(crate) fn m2_printed() -> Rows {
    (0..6)
        .map(|i| {
            (0..6)
                .map(|j| if i == j { r(2, 7) } else { r(1, 7) })
                .collect()
        })
        .collect()
}

pub(crate) fn m1_printed() -> Rows {
    M1_PRINTED
        .iter()
        .map(|row| {
            row.iter()
                .map(|s| parse_rational(s).expect("literal"))
                .collect()
        })
        .collect()
}

/// The prior of the non-uniform comparison: p(A) = p(F) = 1/10, p(B..E) = 1/5.
pub(crate) fn prior_g() -> Vec<Rational> {
    vec![r(1, 10), r(1, 5), r(1, 5), r(1, 5), r(1, 5), r(1, 10)]
}

/// `Q(β)`, `β = 2^{1/5}`, with the isolating interval of β refined to width 2^-120 once.
pub(crate) fn field() -> RealField {
    let mut f = RealField::new(Poly::from_ints(&[-2, 0, 0, 0, 0, 1]), &r(1, 1), &r(2, 1))
        .expect("x^5 - 2 has one root in (1, 2)");
    f.root
        .refine_to(&(Rational::ONE / Rational::from(2u32).pow(120u64)));
    f
}

/// The exact M1 in `Q(β)` (entries as polynomials in β), from the truncated geometric formula
/// with `α = 1/β`.
pub(crate) fn m1_exact(f: &RealField) -> Vec<Vec<Poly>> {
    let alpha = f.inv(&f.gen()).expect("β invertible");
    let one = Poly::one();
    let inv_1pa = f.inv(&(&one + &alpha)).expect("1+α invertible");
    let mid = f.mul(&(&one - &alpha), &inv_1pa);
    (0..6usize)
        .map(|i| {
            (0..6usize)
                .map(|j| match j {
                    0 => f.mul(&f.pow(&alpha, i as u64), &inv_1pa),
                    5 => f.mul(&f.pow(&alpha, 5 - i as u64), &inv_1pa),
                    _ => f.mul(&f.pow(&alpha, i.abs_diff(j) as u64), &mid),
                })
                .collect()
        })
        .collect()
}

/// `Σ_z max_i π_i M[i][z]` for an M over `Q(β)`, with exact comparisons (enclosures first,
/// the exact sign when they overlap).
pub(crate) fn utility_exact(f: &RealField, m: &[Vec<Poly>], prior: &[Rational]) -> Poly {
    let w = Rational::ONE / Rational::from(2u32).pow(100u64);
    let mut total = Poly::zero();
    for z in 0..6 {
        let mut best: Option<(Poly, (Rational, Rational))> = None;
        for i in 0..6 {
            let v = &m[i][z] * &prior[i];
            let e = f.enclose(&v, &w);
            best = match best {
                None => Some((v, e)),
                Some((b, be)) => {
                    let bigger = if e.0 > be.1 {
                        true
                    } else if e.1 < be.0 {
                        false
                    } else {
                        f.cmp(&v, &b) == Ordering::Greater
                    };
                    if bigger {
                        Some((v, e))
                    } else {
                        Some((b, be))
                    }
                }
            };
        }
        total = &total + &best.expect("six rows").0;
    }
    total
}

/// A single-instance label.
#[derive(Clone, Debug)]
pub struct Label(pub &'static str);

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

pub(crate) fn one() -> Vec<Label> {
    vec![Label("Example 1")]
}

/// `a(β)` as an expression tree of the `enclosure` record, with `β = 2^{1/5} = exp(ln 2 / 5)`
/// (Horner's scheme): the checker encloses it with its own series (issue 44 item 6).
pub(crate) fn enc_of(a: &Poly) -> crate::certify::enclosure::Enc {
    use crate::certify::enclosure::Enc;
    let beta = || {
        let ln2 = Enc::fun("ln", Enc::q(&Rational::from(2u32)));
        Enc::fun("exp", Enc::bin("/", ln2, Enc::q(&Rational::from(5u32))))
    };
    let mut cs = a.coeffs().iter().rev();
    let lead = cs.next().cloned().unwrap_or_default();
    cs.fold(Enc::q(&lead), |acc, c| {
        Enc::bin("+", Enc::bin("*", acc, beta()), Enc::q(c))
    })
}

/// The records of "`printed` (a non-negative decimal) is the rounding of `x`": `x ≥ p − h` and
/// `x < p + h`, `h` half a unit of its last digit, each decided with its record (`compare` for
/// a rational `x`, `enclosure` for `a(β)`); `None` when not recorded, when an enclosure does
/// not separate, or when their conjunction is not `expected` (the verdict's own decision).
pub(crate) fn rounding_records(
    x: Result<&Rational, &Poly>,
    printed: &str,
    expected: bool,
) -> Option<Vec<serde_json::Value>> {
    use crate::certify::enclosure::{decide, Enc};
    use crate::num::Decision;
    if !crate::certify::recording() {
        return None;
    }
    let p = crate::num::parse_rational(printed).ok()?;
    let digits = printed.split('.').nth(1).map_or(0, str::len) as u64;
    let h = Rational::from_signeds(1i32, 2i32) / Rational::from(10u32).pow(digits);
    let mut recs = Vec::new();
    let mut all = true;
    for (rel, bound) in [(">=", &p - &h), ("<", &p + &h)] {
        all &= match x {
            Ok(q) => crate::claim::scan::compare_recorded(&mut recs, q, rel, &bound),
            Err(a) => match decide(&enc_of(a), rel, &Enc::q(&bound)) {
                (Decision::Unknown, ..) | (_, _, None) => return None,
                (d, _, Some(rec)) => {
                    recs.push(rec);
                    d == Decision::True
                }
            },
        };
    }
    (all == expected).then_some(recs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact M1 against a naive reference: entries evaluated from rational bounds on
    /// α = 2^{-1/5} (0.8705 < α < 0.8706) bracket the field's correctly rounded decimals.
    #[test]
    fn m1_exact_matches_interval_reference() {
        let f = field();
        let m = m1_exact(&f);
        let (lo, hi) = (r(8705, 10000), r(8706, 10000));
        let one = Rational::ONE;
        for i in 0..6usize {
            for j in 0..6usize {
                let entry = |a: &Rational| -> Rational {
                    match j {
                        0 => a.clone().pow(i as u64) / (&one + a),
                        5 => a.clone().pow(5 - i as u64) / (&one + a),
                        _ => a.clone().pow(i.abs_diff(j) as u64) * (&one - a) / (&one + a),
                    }
                };
                let (e_lo, e_hi) = f.enclose(&m[i][j], &r(1, 1_000_000_000));
                let (x, y) = (entry(&lo), entry(&hi));
                let (ref_lo, ref_hi) = if x < y { (x, y) } else { (y, x) };
                assert!(
                    e_hi >= ref_lo - r(1, 1000) && e_lo <= ref_hi + r(1, 1000),
                    "[{i}][{j}]"
                );
            }
        }
    }
}
