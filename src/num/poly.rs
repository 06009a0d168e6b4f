//! Univariate polynomials and rational functions over Q.
//!
//! [`Poly`] stores dense coefficients low→high and is always normalised (no trailing
//! zero coefficients; the zero polynomial has no coefficients). Every operation is
//! exact. [`RatFn`] is a quotient of two polynomials in lowest terms with a monic
//! denominator. The variable prints as `t` (the papers' `t = e^eps`).

use malachite::base::num::arithmetic::traits::{Abs, Gcd, Lcm, Sign};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::rational::Rational;
use malachite::Natural;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A polynomial with rational coefficients, dense low→high, without trailing zeros.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Poly {
    coeffs: Vec<Rational>,
}

impl Poly {
    /// The polynomial `Σ coeffs[i] t^i`; trailing zeros are dropped.
    pub fn new(coeffs: Vec<Rational>) -> Poly {
        let mut p = Poly { coeffs };
        p.normalise();
        p
    }

    /// Convenience: coefficients given as integers, low→high.
    pub fn from_ints(coeffs: &[i64]) -> Poly {
        Poly::new(coeffs.iter().map(|&c| Rational::from(c)).collect())
    }

    /// The zero polynomial.
    pub fn zero() -> Poly {
        Poly { coeffs: Vec::new() }
    }

    /// The constant polynomial 1.
    pub fn one() -> Poly {
        Poly::constant(Rational::ONE)
    }

    /// The constant polynomial `c`.
    pub fn constant(c: Rational) -> Poly {
        Poly::new(vec![c])
    }

    /// The variable `t`.
    pub fn x() -> Poly {
        Poly::monomial(Rational::ONE, 1)
    }

    /// `c t^k`.
    pub fn monomial(c: Rational, k: usize) -> Poly {
        let mut coeffs = vec![Rational::ZERO; k];
        coeffs.push(c);
        Poly::new(coeffs)
    }

    fn normalise(&mut self) {
        while self.coeffs.last().is_some_and(|c| *c == 0u32) {
            self.coeffs.pop();
        }
    }

    /// Coefficients low→high (empty for the zero polynomial).
    pub fn coeffs(&self) -> &[Rational] {
        &self.coeffs
    }

    /// The coefficient of `t^i` (zero beyond the degree).
    pub fn coeff(&self, i: usize) -> Rational {
        self.coeffs.get(i).cloned().unwrap_or(Rational::ZERO)
    }

    /// Degree; `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.len().checked_sub(1)
    }

    /// True for the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.coeffs.is_empty()
    }

    /// True when the polynomial is a constant (including zero).
    pub fn is_constant(&self) -> bool {
        self.coeffs.len() <= 1
    }

    /// Leading coefficient; `None` for the zero polynomial.
    pub fn leading_coeff(&self) -> Option<&Rational> {
        self.coeffs.last()
    }

    /// Value at `x`, by Horner's rule (exact).
    pub fn eval(&self, x: &Rational) -> Rational {
        let mut acc = Rational::ZERO;
        for c in self.coeffs.iter().rev() {
            acc *= x;
            acc += c;
        }
        acc
    }

    /// Sign of the value at `x` (exact).
    pub fn sign_at(&self, x: &Rational) -> Ordering {
        self.eval(x).sign()
    }

    /// `c * self`.
    pub fn scale(&self, c: &Rational) -> Poly {
        if *c == 0u32 {
            return Poly::zero();
        }
        Poly {
            coeffs: self.coeffs.iter().map(|a| a * c).collect(),
        }
    }

    /// Quotient and remainder of Euclidean division: `self = q * d + r`, `deg r < deg d`.
    /// Returns `None` when `d` is zero.
    pub fn checked_div_rem(&self, d: &Poly) -> Option<(Poly, Poly)> {
        let dd = d.degree()?;
        let lead = d.coeffs[dd].clone();
        let mut r = self.coeffs.clone();
        if r.len() <= dd {
            return Some((Poly::zero(), self.clone()));
        }
        let mut q = vec![Rational::ZERO; r.len() - dd];
        for k in (0..q.len()).rev() {
            let c = &r[k + dd] / &lead;
            if c != 0u32 {
                for (j, dj) in d.coeffs.iter().enumerate() {
                    r[k + j] -= &c * dj;
                }
            }
            q[k] = c;
        }
        r.truncate(dd);
        Some((Poly::new(q), Poly::new(r)))
    }

    /// Quotient and remainder of Euclidean division: `self = q * d + r`, `deg r < deg d`.
    ///
    /// # Panics
    /// If `d` is the zero polynomial (use [`Poly::checked_div_rem`] to get `None` instead).
    pub fn div_rem(&self, d: &Poly) -> (Poly, Poly) {
        self.checked_div_rem(d)
            .expect("Poly::div_rem: division by the zero polynomial")
    }

    /// Remainder of Euclidean division by a non-zero `d` (panics on zero, as `div_rem`).
    pub fn rem(&self, d: &Poly) -> Poly {
        self.div_rem(d).1
    }

    /// Exact quotient `self / d` when `d` divides `self`; `None` otherwise (or if `d = 0`).
    pub fn exact_div(&self, d: &Poly) -> Option<Poly> {
        let (q, r) = self.checked_div_rem(d)?;
        r.is_zero().then_some(q)
    }

    /// This polynomial divided by its leading coefficient (zero stays zero).
    pub fn monic(&self) -> Poly {
        match self.leading_coeff() {
            None => Poly::zero(),
            Some(l) => self.scale(&(Rational::ONE / l)),
        }
    }

    /// A positive rational multiple of `self` with coprime integer coefficients
    /// (same sign everywhere as `self`; keeps Sturm sequences small).
    pub fn primitive_positive(&self) -> Poly {
        if self.is_zero() {
            return Poly::zero();
        }
        let mut den = Natural::ONE;
        let mut num = Natural::ZERO;
        for c in &self.coeffs {
            den = den.lcm(c.denominator_ref());
            num = num.gcd(c.numerator_ref());
        }
        self.scale(&Rational::from_naturals(den, num))
    }

    /// Monic greatest common divisor (zero when both are zero), by the Euclidean algorithm.
    pub fn gcd(&self, other: &Poly) -> Poly {
        let (mut a, mut b) = (self.primitive_positive(), other.primitive_positive());
        while !b.is_zero() {
            let r = a.rem(&b).primitive_positive();
            a = b;
            b = r;
        }
        a.monic()
    }

    /// The formal derivative.
    pub fn derivative(&self) -> Poly {
        Poly::new(
            self.coeffs
                .iter()
                .enumerate()
                .skip(1)
                .map(|(i, c)| c * Rational::from(i))
                .collect(),
        )
    }

    /// The square-free part `self / gcd(self, self')` (monic; zero stays zero): same distinct
    /// roots, each simple.
    pub fn square_free(&self) -> Poly {
        if self.is_constant() {
            return self.monic();
        }
        let g = self.gcd(&self.derivative());
        self.exact_div(&g)
            .expect("gcd divides the polynomial")
            .monic()
    }

    /// `self^n` by repeated squaring.
    pub fn pow(&self, n: u64) -> Poly {
        let mut result = Poly::one();
        let mut base = self.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = &result * &base;
            }
            n >>= 1;
            if n > 0 {
                base = &base * &base;
            }
        }
        result
    }

    /// Composition `self(inner(t))`, by Horner's rule.
    pub fn compose(&self, inner: &Poly) -> Poly {
        let mut acc = Poly::zero();
        for c in self.coeffs.iter().rev() {
            acc = &(&acc * inner) + &Poly::constant(c.clone());
        }
        acc
    }

    /// Render with a chosen variable name, e.g. `3/2*x^2 - x + 1`.
    pub fn to_string_var(&self, var: &str) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut out = String::new();
        for (i, c) in self.coeffs.iter().enumerate().rev() {
            if *c == 0u32 {
                continue;
            }
            let neg = *c < 0u32;
            let a = c.clone().abs();
            if out.is_empty() {
                if neg {
                    out.push('-');
                }
            } else {
                out.push_str(if neg { " - " } else { " + " });
            }
            let mono = match i {
                0 => String::new(),
                1 => var.to_string(),
                _ => format!("{var}^{i}"),
            };
            if i == 0 {
                out.push_str(&a.to_string());
            } else if a == 1u32 {
                out.push_str(&mono);
            } else {
                out.push_str(&format!("{a}*{mono}"));
            }
        }
        out
    }
}

impl fmt::Display for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_var("t"))
    }
}

impl Add<&Poly> for &Poly {
    type Output = Poly;
    fn add(self, o: &Poly) -> Poly {
        let n = self.coeffs.len().max(o.coeffs.len());
        Poly::new((0..n).map(|i| self.coeff(i) + o.coeff(i)).collect())
    }
}

impl Sub<&Poly> for &Poly {
    type Output = Poly;
    fn sub(self, o: &Poly) -> Poly {
        let n = self.coeffs.len().max(o.coeffs.len());
        Poly::new((0..n).map(|i| self.coeff(i) - o.coeff(i)).collect())
    }
}

impl Mul<&Poly> for &Poly {
    type Output = Poly;
    fn mul(self, o: &Poly) -> Poly {
        if self.is_zero() || o.is_zero() {
            return Poly::zero();
        }
        let mut c = vec![Rational::ZERO; self.coeffs.len() + o.coeffs.len() - 1];
        for (i, a) in self.coeffs.iter().enumerate() {
            if *a == 0u32 {
                continue;
            }
            for (j, b) in o.coeffs.iter().enumerate() {
                c[i + j] += a * b;
            }
        }
        Poly::new(c)
    }
}

impl Mul<&Rational> for &Poly {
    type Output = Poly;
    fn mul(self, c: &Rational) -> Poly {
        self.scale(c)
    }
}

impl Neg for &Poly {
    type Output = Poly;
    fn neg(self) -> Poly {
        Poly {
            coeffs: self.coeffs.iter().map(|c| -c).collect(),
        }
    }
}

impl Neg for Poly {
    type Output = Poly;
    fn neg(self) -> Poly {
        -&self
    }
}

/// Forward the by-value and mixed forms of a by-reference binary operator.
macro_rules! forward_binop {
    ($ty:ty, $rhs:ty, $trait:ident, $method:ident) => {
        impl $trait<$rhs> for $ty {
            type Output = $ty;
            fn $method(self, o: $rhs) -> $ty {
                (&self).$method(&o)
            }
        }
        impl $trait<&$rhs> for $ty {
            type Output = $ty;
            fn $method(self, o: &$rhs) -> $ty {
                (&self).$method(o)
            }
        }
        impl $trait<$rhs> for &$ty {
            type Output = $ty;
            fn $method(self, o: $rhs) -> $ty {
                self.$method(&o)
            }
        }
    };
}
pub(crate) use forward_binop;

forward_binop!(Poly, Poly, Add, add);
forward_binop!(Poly, Poly, Sub, sub);
forward_binop!(Poly, Poly, Mul, mul);
forward_binop!(Poly, Rational, Mul, mul);

/// A rational function `num / den` over Q, in lowest terms with a monic denominator.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RatFn {
    pub num: Poly,
    pub den: Poly,
}

impl RatFn {
    /// `num / den` reduced to lowest terms (monic denominator); `None` when `den = 0`.
    pub fn new(num: Poly, den: Poly) -> Option<RatFn> {
        if den.is_zero() {
            return None;
        }
        let g = num.gcd(&den);
        let (num, den) = if g.is_zero() || g.is_constant() {
            (num, den)
        } else {
            (
                num.exact_div(&g).expect("gcd divides"),
                den.exact_div(&g).expect("gcd divides"),
            )
        };
        let l = Rational::ONE / den.leading_coeff().expect("den non-zero");
        Some(RatFn {
            num: num.scale(&l),
            den: den.scale(&l),
        })
    }

    /// The polynomial `p` as `p / 1`.
    pub fn from_poly(p: Poly) -> RatFn {
        RatFn {
            num: p,
            den: Poly::one(),
        }
    }

    /// The constant `c`.
    pub fn constant(c: Rational) -> RatFn {
        RatFn::from_poly(Poly::constant(c))
    }

    /// The variable `t`.
    pub fn x() -> RatFn {
        RatFn::from_poly(Poly::x())
    }

    /// True when identically zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// Value at `x`; `None` when the denominator vanishes there.
    pub fn eval(&self, x: &Rational) -> Option<Rational> {
        let d = self.den.eval(x);
        if d == 0u32 {
            None
        } else {
            Some(self.num.eval(x) / d)
        }
    }

    /// `1 / self`; `None` when `self` is zero.
    pub fn recip(&self) -> Option<RatFn> {
        RatFn::new(self.den.clone(), self.num.clone())
    }

    /// `self / o`; `None` when `o` is identically zero.
    pub fn checked_div(&self, o: &RatFn) -> Option<RatFn> {
        RatFn::new(&self.num * &o.den, &self.den * &o.num)
    }

    /// `self^n` for an integer `n` (negative powers invert); `None` for `0^negative`.
    pub fn pow(&self, n: i64) -> Option<RatFn> {
        let base = if n < 0 { self.recip()? } else { self.clone() };
        let k = n.unsigned_abs();
        Some(RatFn {
            num: base.num.pow(k),
            den: base.den.pow(k),
        })
    }

    /// The polynomial `num * den`, whose sign equals the sign of `self` wherever `den ≠ 0`
    /// (used to decide the sign of a rational function by Sturm sequences).
    pub fn sign_poly(&self) -> Poly {
        &self.num * &self.den
    }
}

impl fmt::Display for RatFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == Poly::one() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "({}) / ({})", self.num, self.den)
        }
    }
}

impl Add<&RatFn> for &RatFn {
    type Output = RatFn;
    fn add(self, o: &RatFn) -> RatFn {
        RatFn::new(&self.num * &o.den + &o.num * &self.den, &self.den * &o.den)
            .expect("product of non-zero denominators")
    }
}

impl Sub<&RatFn> for &RatFn {
    type Output = RatFn;
    fn sub(self, o: &RatFn) -> RatFn {
        RatFn::new(&self.num * &o.den - &o.num * &self.den, &self.den * &o.den)
            .expect("product of non-zero denominators")
    }
}

impl Mul<&RatFn> for &RatFn {
    type Output = RatFn;
    fn mul(self, o: &RatFn) -> RatFn {
        RatFn::new(&self.num * &o.num, &self.den * &o.den)
            .expect("product of non-zero denominators")
    }
}

impl Mul<&Rational> for &RatFn {
    type Output = RatFn;
    fn mul(self, c: &Rational) -> RatFn {
        RatFn {
            num: self.num.scale(c),
            den: self.den.clone(),
        }
    }
}

impl Neg for &RatFn {
    type Output = RatFn;
    fn neg(self) -> RatFn {
        RatFn {
            num: -&self.num,
            den: self.den.clone(),
        }
    }
}

impl Neg for RatFn {
    type Output = RatFn;
    fn neg(self) -> RatFn {
        -&self
    }
}

forward_binop!(RatFn, RatFn, Add, add);
forward_binop!(RatFn, RatFn, Sub, sub);
forward_binop!(RatFn, RatFn, Mul, mul);
forward_binop!(RatFn, Rational, Mul, mul);

#[cfg(test)]
mod tests {
    use super::*;
    use malachite::base::num::arithmetic::traits::Pow;
    use proptest::prelude::*;

    use crate::testutil::q;

    #[test]
    fn display_table() {
        let table: Vec<(Poly, &str)> = vec![
            (Poly::zero(), "0"),
            (Poly::from_ints(&[1]), "1"),
            (Poly::from_ints(&[-1]), "-1"),
            (
                Poly::new(vec![q(1, 1), q(-1, 1), q(3, 2)]),
                "3/2*t^2 - t + 1",
            ),
            (Poly::from_ints(&[0, 0, -1]), "-t^2"),
            (Poly::from_ints(&[0, 2, 0, 0]), "2*t"),
            (Poly::new(vec![q(-1, 3), q(0, 1), q(1, 1)]), "t^2 - 1/3"),
        ];
        for (p, s) in table {
            assert_eq!(p.to_string(), s);
        }
    }

    #[test]
    fn div_rem_gcd_table() {
        // (a, b, a div b, a rem b, monic gcd)
        type Row = (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>);
        let table: Vec<Row> = vec![
            // (t^2 - 1) / (t - 1) = t + 1
            (vec![-1, 0, 1], vec![-1, 1], vec![1, 1], vec![], vec![-1, 1]),
            // (t^3 + 1) / (t^2) = t rem 1
            (
                vec![1, 0, 0, 1],
                vec![0, 0, 1],
                vec![0, 1],
                vec![1],
                vec![1],
            ),
            // (t^2 + 3t + 2) vs (t^2 - 1): gcd t + 1
            (
                vec![2, 3, 1],
                vec![-1, 0, 1],
                vec![1],
                vec![3, 3],
                vec![1, 1],
            ),
            // smaller degree numerator
            (vec![5], vec![0, 1], vec![], vec![5], vec![1]),
        ];
        for (a, b, qq, r, g) in table {
            let (a, b) = (Poly::from_ints(&a), Poly::from_ints(&b));
            let (qq2, r2) = a.div_rem(&b);
            assert_eq!(qq2, Poly::from_ints(&qq), "{a} / {b}");
            assert_eq!(r2, Poly::from_ints(&r), "{a} rem {b}");
            assert_eq!(a.gcd(&b), Poly::from_ints(&g), "gcd({a}, {b})");
        }
        assert!(Poly::one().checked_div_rem(&Poly::zero()).is_none());
        assert_eq!(Poly::zero().gcd(&Poly::zero()), Poly::zero());
    }

    #[test]
    fn derivative_compose_square_free() {
        let p = Poly::from_ints(&[1, 2, 3]); // 3t^2 + 2t + 1
        assert_eq!(p.derivative(), Poly::from_ints(&[2, 6]));
        // p(t + 1) = 3t^2 + 8t + 6
        assert_eq!(
            p.compose(&Poly::from_ints(&[1, 1])),
            Poly::from_ints(&[6, 8, 3])
        );
        // (t-1)^3 (t+2)^2 has square-free part (t-1)(t+2) = t^2 + t - 2
        let f = Poly::from_ints(&[-1, 1]).pow(3) * Poly::from_ints(&[2, 1]).pow(2);
        assert_eq!(f.square_free(), Poly::from_ints(&[-2, 1, 1]));
    }

    #[test]
    fn ratfn_reduces() {
        // (t^2 - 1) / (2t - 2) = (t + 1)/2  → num (1/2)(t+1), den 1
        let r = RatFn::new(Poly::from_ints(&[-1, 0, 1]), Poly::from_ints(&[-2, 2])).unwrap();
        assert_eq!(r.den, Poly::one());
        assert_eq!(r.num, Poly::new(vec![q(1, 2), q(1, 2)]));
        assert_eq!(r.eval(&q(3, 1)), Some(q(2, 1)));
        let s = RatFn::new(Poly::one(), Poly::from_ints(&[0, 1])).unwrap(); // 1/t
        assert_eq!(s.eval(&Rational::ZERO), None);
        assert_eq!((&s * &RatFn::x()), RatFn::constant(Rational::ONE));
        assert!(RatFn::new(Poly::one(), Poly::zero()).is_none());
        assert_eq!(s.to_string(), "(1) / (t)");
    }

    /// Naive reference: evaluate a polynomial as Σ c_i x^i with explicit powers.
    fn naive_eval(c: &[Rational], x: &Rational) -> Rational {
        c.iter()
            .enumerate()
            .map(|(i, a)| a * x.clone().pow(i as u64))
            .fold(Rational::ZERO, |s, v| s + v)
    }

    fn arb_poly() -> impl Strategy<Value = Poly> {
        prop::collection::vec((-20i64..20, 1i64..6), 0..6)
            .prop_map(|v| Poly::new(v.into_iter().map(|(n, d)| q(n, d)).collect()))
    }

    fn arb_rat() -> impl Strategy<Value = Rational> {
        (-30i64..30, 1i64..8).prop_map(|(n, d)| q(n, d))
    }

    proptest! {
        #[test]
        fn ring_laws_by_evaluation(a in arb_poly(), b in arb_poly(), x in arb_rat()) {
            prop_assert_eq!((&a + &b).eval(&x), a.eval(&x) + b.eval(&x));
            prop_assert_eq!((&a - &b).eval(&x), a.eval(&x) - b.eval(&x));
            prop_assert_eq!((&a * &b).eval(&x), a.eval(&x) * b.eval(&x));
            prop_assert_eq!(a.eval(&x), naive_eval(a.coeffs(), &x));
            prop_assert_eq!(a.compose(&b).eval(&x), a.eval(&b.eval(&x)));
            prop_assert_eq!(a.pow(3).eval(&x), a.eval(&x).pow(3u64));
        }

        #[test]
        fn div_rem_identity(a in arb_poly(), b in arb_poly()) {
            prop_assume!(!b.is_zero());
            let (qq, r) = a.div_rem(&b);
            prop_assert_eq!(&(&qq * &b) + &r, a.clone());
            prop_assert!(r.is_zero() || r.degree() < b.degree());
            let g = a.gcd(&b);
            if !g.is_zero() {
                prop_assert!(a.rem(&g).is_zero() && b.rem(&g).is_zero());
                prop_assert_eq!(g.leading_coeff().cloned(), Some(Rational::ONE));
            }
            // gcd of (a*b, b) is monic b
            prop_assert_eq!((&a * &b).gcd(&b), b.monic());
        }

        #[test]
        fn ratfn_field_laws(a in arb_poly(), b in arb_poly(), c in arb_poly(), x in arb_rat()) {
            prop_assume!(!b.is_zero() && !c.is_zero());
            let f = RatFn::new(a.clone(), b.clone()).unwrap();
            let g = RatFn::new(c.clone(), b.clone()).unwrap();
            if let (Some(fx), Some(gx)) = (f.eval(&x), g.eval(&x)) {
                prop_assert_eq!((&f + &g).eval(&x), Some(&fx + &gx));
                prop_assert_eq!((&f - &g).eval(&x), Some(&fx - &gx));
                prop_assert_eq!((&f * &g).eval(&x), Some(&fx * &gx));
            }
        }
    }
}

/// Cross-check of the exact layer against an independent big-rational implementation
/// (num-rational / num-bigint): the same random expression must give the same value.
#[cfg(test)]
mod oracle_tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use proptest::prelude::*;

    fn to_num(q: &Rational) -> BigRational {
        let n: BigInt = q.numerator_ref().to_string().parse().expect("digits");
        let d: BigInt = q.denominator_ref().to_string().parse().expect("digits");
        let r = BigRational::new(n, d);
        if *q < 0u32 {
            -r
        } else {
            r
        }
    }

    fn same(a: &Rational, b: &BigRational) -> bool {
        to_num(a) == *b
    }

    #[derive(Clone, Debug)]
    enum Op {
        Add(i64, i64),
        Sub(i64, i64),
        Mul(i64, i64),
        Div(i64, i64),
        Square,
        Neg,
    }

    fn arb_op() -> impl Strategy<Value = Op> {
        let frac = (-1000i64..1000, 1i64..1000);
        prop_oneof![
            frac.clone().prop_map(|(n, d)| Op::Add(n, d)),
            frac.clone().prop_map(|(n, d)| Op::Sub(n, d)),
            frac.clone().prop_map(|(n, d)| Op::Mul(n, d)),
            frac.prop_map(|(n, d)| Op::Div(n, d)),
            Just(Op::Square),
            Just(Op::Neg),
        ]
    }

    proptest! {
        #[test]
        fn random_expressions_agree(start in (-1000i64..1000, 1i64..1000), ops in prop::collection::vec(arb_op(), 0..25)) {
            let mut a = Rational::from_signeds(start.0, start.1);
            let mut b = BigRational::new(start.0.into(), start.1.into());
            for op in &ops {
                match *op {
                    Op::Add(n, d) => { a += Rational::from_signeds(n, d); b += BigRational::new(n.into(), d.into()); }
                    Op::Sub(n, d) => { a -= Rational::from_signeds(n, d); b -= BigRational::new(n.into(), d.into()); }
                    Op::Mul(n, d) => { a *= Rational::from_signeds(n, d); b *= BigRational::new(n.into(), d.into()); }
                    Op::Div(n, d) => {
                        if n != 0 { a /= Rational::from_signeds(n, d); b /= BigRational::new(n.into(), d.into()); }
                    }
                    Op::Square => { a = &a * &a; b = &b * &b; }
                    Op::Neg => { a = -a; b = -b; }
                }
                prop_assert!(same(&a, &b), "{} vs {}", a, b);
            }
        }

        #[test]
        fn polynomial_products_and_values_agree(
            p in prop::collection::vec((-50i64..50, 1i64..20), 0..7),
            r in prop::collection::vec((-50i64..50, 1i64..20), 0..7),
            x in (-30i64..30, 1i64..10),
        ) {
            let pp = Poly::new(p.iter().map(|&(n, d)| Rational::from_signeds(n, d)).collect());
            let rr = Poly::new(r.iter().map(|&(n, d)| Rational::from_signeds(n, d)).collect());
            let bp: Vec<BigRational> = p.iter().map(|&(n, d)| BigRational::new(n.into(), d.into())).collect();
            let br: Vec<BigRational> = r.iter().map(|&(n, d)| BigRational::new(n.into(), d.into())).collect();
            // schoolbook product in num-rational
            let mut prod = vec![BigRational::from_integer(0.into()); (bp.len() + br.len()).saturating_sub(1)];
            for (i, a) in bp.iter().enumerate() {
                for (j, b) in br.iter().enumerate() {
                    prod[i + j] += a * b;
                }
            }
            let mine = &pp * &rr;
            for (k, c) in prod.iter().enumerate() {
                prop_assert!(same(&mine.coeff(k), c));
            }
            // value at x by explicit powers in num-rational
            let bx = BigRational::new(x.0.into(), x.1.into());
            let mut v = BigRational::from_integer(0.into());
            let mut pw = BigRational::from_integer(1.into());
            for c in &bp {
                v += c * &pw;
                pw *= &bx;
            }
            prop_assert!(same(&pp.eval(&Rational::from_signeds(x.0, x.1)), &v));
        }
    }
}
