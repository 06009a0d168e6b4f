//! Exact arithmetic in a real number field `Q(β) = Q[x]/(p)`, with `β` a chosen real root of `p`
//! (isolated by Sturm sequences, [`RealRoot`]).
//!
//! Elements are polynomials of degree `< deg p` in `β`. Addition and multiplication are exact
//! (reduction modulo `p`); the inverse uses the extended Euclidean algorithm (it exists when
//! `p` is irreducible, or more generally when the element's polynomial is coprime to `p`).
//! The sign of an element `q(β)` is decided exactly by [`RealRoot::sign_of`]; rational
//! enclosures come from interval evaluation over the isolating interval of `β`.
//! AACP Example 1 needs this: its truncated geometric mechanism on six answers has parameter
//! `α = 2^{-1/5}`.

use super::poly::Poly;
use super::sturm::RealRoot;
use crate::num::Rational;
use malachite::base::num::arithmetic::traits::Pow;
use std::cmp::Ordering;

/// A real number field `Q(β)`, `β` the root of `modulus` isolated by `root`.
#[derive(Clone, Debug)]
pub struct RealField {
    pub modulus: Poly,
    pub root: RealRoot,
}

/// Extended Euclid: `(g, s)` with `s·a ≡ g (mod b)`, `g = gcd(a, b)` (monic).
fn xgcd_left(a: &Poly, b: &Poly) -> (Poly, Poly) {
    let (mut r0, mut r1) = (a.clone(), b.clone());
    let (mut s0, mut s1) = (Poly::one(), Poly::zero());
    while !r1.is_zero() {
        let (q, r) = r0.div_rem(&r1);
        let s2 = &s0 - &(&q * &s1);
        r0 = std::mem::replace(&mut r1, r);
        s0 = std::mem::replace(&mut s1, s2);
    }
    let lc = r0.leading_coeff().cloned().unwrap_or(Rational::from(1u32));
    let inv = Rational::from(1u32) / lc;
    (r0.scale(&inv), s0.scale(&inv))
}

/// `[lo, hi]` hull of the products of two rational intervals.
fn imul(a: &(Rational, Rational), b: &(Rational, Rational)) -> (Rational, Rational) {
    let p = [&a.0 * &b.0, &a.0 * &b.1, &a.1 * &b.0, &a.1 * &b.1];
    let lo = p.iter().min().cloned().expect("four products");
    let hi = p.iter().max().cloned().expect("four products");
    (lo, hi)
}

impl RealField {
    /// The field of the unique root of `modulus` in the open interval `(lo, hi)`; `None` when
    /// that interval does not hold exactly one root.
    pub fn new(modulus: Poly, lo: &Rational, hi: &Rational) -> Option<RealField> {
        let mut roots = RealRoot::roots_in(&modulus, lo, hi);
        (roots.len() == 1).then(|| RealField {
            modulus,
            root: roots.remove(0),
        })
    }

    /// The generator `β`.
    pub fn gen(&self) -> Poly {
        Poly::x().rem(&self.modulus)
    }

    /// A rational as a field element.
    pub fn rational(&self, q: &Rational) -> Poly {
        Poly::constant(q.clone())
    }

    /// `a·b`.
    pub fn mul(&self, a: &Poly, b: &Poly) -> Poly {
        (a * b).rem(&self.modulus)
    }

    /// `a^k`.
    pub fn pow(&self, a: &Poly, k: u64) -> Poly {
        let mut out = Poly::one();
        for _ in 0..k {
            out = self.mul(&out, a);
        }
        out
    }

    /// `1/a`, or `None` when `a` is not invertible (`a = 0`, or a common factor with `p`).
    pub fn inv(&self, a: &Poly) -> Option<Poly> {
        let (g, s) = xgcd_left(&a.rem(&self.modulus), &self.modulus);
        (g.is_constant() && !g.is_zero()).then(|| s.rem(&self.modulus))
    }

    /// `a/b`.
    pub fn div(&self, a: &Poly, b: &Poly) -> Option<Poly> {
        Some(self.mul(a, &self.inv(b)?))
    }

    /// The exact sign of `a(β)`.
    pub fn sign(&self, a: &Poly) -> Ordering {
        self.root.sign_of(a)
    }

    /// Exact comparison of `a(β)` and `b(β)`.
    pub fn cmp(&self, a: &Poly, b: &Poly) -> Ordering {
        self.sign(&(a - b))
    }

    /// A rational interval `[lo, hi]` containing `a(β)`, from the isolating interval of `β`
    /// refined to width `width` and interval Horner evaluation.
    pub fn enclose(&self, a: &Poly, width: &Rational) -> (Rational, Rational) {
        let mut root = self.root.clone();
        root.refine_to(width);
        let x = (root.lo.clone(), root.hi.clone());
        let mut acc = (Rational::from(0u32), Rational::from(0u32));
        for c in a.coeffs().iter().rev() {
            let m = imul(&acc, &x);
            acc = (m.0 + c, m.1 + c);
        }
        acc
    }

    /// `a(β)` rounded to `digits` decimals (half away from zero), decided exactly: the
    /// candidate from an enclosure is confirmed by two exact sign tests against the rounding
    /// boundaries, refining until they agree.
    pub fn decimal(&self, a: &Poly, digits: usize) -> String {
        let scale = Rational::from(10u32).pow(digits as u64);
        let half = Rational::from_signeds(1i32, 2i32);
        let mut w = Rational::from_signeds(1i32, 1000i32) / &scale;
        loop {
            let (lo, hi) = self.enclose(a, &w);
            let mid = (&lo + &hi) * &half;
            let cand = crate::num::fmt::decimal(&mid, digits);
            let k = crate::num::parse_rational(&cand).expect("decimal parses");
            let lower = &k - &half / &scale;
            let upper = &k + &half / &scale;
            let s_lo = self.cmp(a, &self.rational(&lower));
            let s_hi = self.cmp(a, &self.rational(&upper));
            let pos = k >= 0u32;
            let lower_ok = s_lo == Ordering::Greater || (s_lo == Ordering::Equal && pos);
            let upper_ok = s_hi == Ordering::Less || (s_hi == Ordering::Equal && !pos);
            if lower_ok && upper_ok {
                return cand;
            }
            w /= Rational::from(1024u32);
        }
    }

    /// `a(β)` as text: the polynomial in `b` and a 12-digit decimal.
    pub fn show(&self, a: &Poly, var: &str) -> String {
        format!("{} ≈ {}", a.to_string_var(var), self.decimal(a, 12))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testutil::q;

    fn fifth_root_of_two() -> RealField {
        RealField::new(Poly::from_ints(&[-2, 0, 0, 0, 0, 1]), &q(1, 1), &q(2, 1)).unwrap()
    }

    /// Literal table: identities that hold in Q(2^{1/5}).
    #[test]
    fn fifth_root_identities() {
        let f = fifth_root_of_two();
        let b = f.gen();
        assert_eq!(f.pow(&b, 5), Poly::constant(q(2, 1)));
        let one_plus = &Poly::one() + &b;
        let inv = f.inv(&one_plus).unwrap();
        assert_eq!(f.mul(&inv, &one_plus), Poly::one());
        assert_eq!(f.sign(&(&b - &Poly::constant(q(115, 100)))), Ordering::Less);
        assert_eq!(
            f.sign(&(&b - &Poly::constant(q(114, 100)))),
            Ordering::Greater
        );
        assert_eq!(f.decimal(&b, 6), "1.148698");
        assert_eq!(f.decimal(&f.inv(&b).unwrap(), 5), "0.87055");
        assert!(f.inv(&Poly::zero()).is_none());
    }

    /// Naive reference: enclosures contain the value that the rational square root bisection
    /// gives in Q(√2), and exact rationals round as `fmt::decimal` does.
    #[test]
    fn sqrt_two_enclosure_and_rounding() {
        let f = RealField::new(Poly::from_ints(&[-2, 0, 1]), &q(1, 1), &q(2, 1)).unwrap();
        let b = f.gen();
        let (lo, hi) = f.enclose(&b, &q(1, 1_000_000));
        assert!(&lo * &lo < 2u32 && &hi * &hi > 2u32);
        assert_eq!(f.mul(&b, &b), Poly::constant(q(2, 1)));
        for (v, d) in [(q(1, 8), 2), (q(-2, 3), 3), (q(5, 2), 0)] {
            assert_eq!(
                f.decimal(&Poly::constant(v.clone()), d),
                crate::num::fmt::decimal(&v, d)
            );
        }
    }
}
