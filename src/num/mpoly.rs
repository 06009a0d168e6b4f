//! Sparse multivariate polynomials and rational functions over Q in named variables
//! (`n`, `m`, `t`, `l`, `k`, …): the kernel of *holds for every n* (issue 32, docs/design.md
//! "Layers").
//!
//! [`MPoly`] maps monomials (variable → exponent, variables sorted by name) to non-zero rational
//! coefficients, so equality is equality of polynomials and the zero test is exact
//! ([`MPoly::is_zero`]). [`MRatFn`] is a quotient kept unreduced (multivariate gcds are not
//! needed to decide anything): `a/b = c/d` iff `a·d − b·c` expands to zero. It also keeps the
//! denominators that a division moves into the numerator ([`MRatFn::divisors`]), so a check on
//! a domain sees every denominator of the expression as written (issue 42, item 1).
//!
//! Operations: ring arithmetic, evaluation at rational points, substitution of a polynomial for
//! a variable, specialisation, the shift `x → x + 1` (the operator of summation certificates),
//! the univariate view for Sturm's method, and a sign certificate on a domain of lower bounds
//! ([`MPoly::positive_above`]).

#[cfg(test)]
use super::poly::Poly;
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::One;
use malachite::base::num::basic::traits::Zero;
use malachite::rational::Rational;
use std::collections::BTreeMap;
use std::fmt;

/// A monomial: variable names with positive exponents, sorted by name.
pub type Monomial = BTreeMap<String, u32>;

/// A point: a rational value for each variable it names.
pub type Point = BTreeMap<String, Rational>;

/// A polynomial over Q in named variables (no zero coefficients stored).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MPoly {
    terms: BTreeMap<Monomial, Rational>,
}

impl MPoly {
    /// The zero polynomial.
    pub fn zero() -> MPoly {
        MPoly::default()
    }

    /// The constant `c`.
    pub fn constant(c: Rational) -> MPoly {
        let mut p = MPoly::zero();
        p.add_term(Monomial::new(), c);
        p
    }

    /// The constant 1.
    pub fn one() -> MPoly {
        MPoly::constant(Rational::ONE)
    }

    /// The variable `name`.
    pub fn var(name: &str) -> MPoly {
        let mut m = Monomial::new();
        m.insert(name.to_string(), 1);
        let mut p = MPoly::zero();
        p.add_term(m, Rational::ONE);
        p
    }

    fn add_term(&mut self, m: Monomial, c: Rational) {
        use std::collections::btree_map::Entry;
        if c == 0u32 {
            return;
        }
        match self.terms.entry(m) {
            Entry::Vacant(e) => {
                e.insert(c);
            }
            Entry::Occupied(mut e) => {
                *e.get_mut() += c;
                if *e.get() == 0u32 {
                    e.remove();
                }
            }
        }
    }

    /// The terms (monomial, non-zero coefficient) in monomial order.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &Rational)> {
        self.terms.iter()
    }

    /// Exactly zero (every coefficient of the expansion vanishes).
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The variables that occur.
    pub fn vars(&self) -> Vec<String> {
        let mut v: Vec<String> = self.terms.keys().flat_map(|m| m.keys().cloned()).collect();
        v.sort();
        v.dedup();
        v
    }

    #[cfg(test)]
    /// Total degree (`None` for zero).
    pub fn degree(&self) -> Option<u32> {
        self.terms.keys().map(|m| m.values().sum()).max()
    }

    /// Degree in one variable (0 if absent; `None` for zero).
    pub fn degree_in(&self, x: &str) -> Option<u32> {
        self.terms
            .keys()
            .map(|m| m.get(x).copied().unwrap_or(0))
            .max()
    }

    /// `self + o`.
    pub fn add(&self, o: &MPoly) -> MPoly {
        let mut r = self.clone();
        for (m, c) in &o.terms {
            r.add_term(m.clone(), c.clone());
        }
        r
    }

    /// `−self`.
    pub fn neg(&self) -> MPoly {
        MPoly {
            terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect(),
        }
    }

    /// `self − o`.
    pub fn sub(&self, o: &MPoly) -> MPoly {
        self.add(&o.neg())
    }

    /// `q · self`.
    pub fn scale(&self, q: &Rational) -> MPoly {
        if *q == 0u32 {
            return MPoly::zero();
        }
        MPoly {
            terms: self.terms.iter().map(|(m, c)| (m.clone(), c * q)).collect(),
        }
    }

    /// `self · o`.
    pub fn mul(&self, o: &MPoly) -> MPoly {
        let mut r = MPoly::zero();
        for (ma, ca) in &self.terms {
            for (mb, cb) in &o.terms {
                let mut m = ma.clone();
                for (x, e) in mb {
                    *m.entry(x.clone()).or_insert(0) += e;
                }
                r.add_term(m, ca * cb);
            }
        }
        r
    }

    /// `self^k` by repeated squaring (`self^0 = 1`).
    pub fn pow(&self, mut k: u32) -> MPoly {
        let mut base = self.clone();
        let mut acc = MPoly::one();
        while k > 0 {
            if k & 1 == 1 {
                acc = acc.mul(&base);
            }
            k >>= 1;
            if k > 0 {
                base = base.mul(&base);
            }
        }
        acc
    }

    /// The value at `point`; `None` when a variable of the polynomial has no value there.
    pub fn eval(&self, point: &Point) -> Option<Rational> {
        let mut s = Rational::ZERO;
        for (m, c) in &self.terms {
            let mut v = c.clone();
            for (x, e) in m {
                v *= point.get(x)?.pow(u64::from(*e));
            }
            s += v;
        }
        Some(s)
    }

    /// `self` with the polynomial `by` in place of the variable `x`.
    pub fn substitute(&self, x: &str, by: &MPoly) -> MPoly {
        let mut r = MPoly::zero();
        let mut powers: Vec<MPoly> = vec![MPoly::one()];
        for (m, c) in &self.terms {
            let e = m.get(x).copied().unwrap_or(0) as usize;
            while powers.len() <= e {
                let next = powers.last().expect("non-empty").mul(by);
                powers.push(next);
            }
            let mut rest = m.clone();
            rest.remove(x);
            let mut t = MPoly::zero();
            t.add_term(rest, c.clone());
            r = r.add(&t.mul(&powers[e]));
        }
        r
    }

    /// The coefficient of `x^i` (a polynomial in the other variables).
    pub fn coeff_in(&self, x: &str, i: u32) -> MPoly {
        let mut out = MPoly::zero();
        for (m, c) in &self.terms {
            if m.get(x).copied().unwrap_or(0) == i {
                let mut rest = m.clone();
                rest.remove(x);
                let mut t = MPoly::zero();
                t.add_term(rest, c.clone());
                out = out.add(&t);
            }
        }
        out
    }

    /// `self` with `x = value`.
    pub fn specialize(&self, x: &str, value: &Rational) -> MPoly {
        self.substitute(x, &MPoly::constant(value.clone()))
    }

    /// The shift `x → x + 1`: `self(…, x + 1, …)`.
    pub fn shift(&self, x: &str) -> MPoly {
        self.substitute(x, &MPoly::var(x).add(&MPoly::one()))
    }

    #[cfg(test)]
    /// The univariate polynomial in `x` (for Sturm's method), when `x` is the only variable
    /// (or the polynomial is constant).
    pub fn to_poly(&self, x: &str) -> Option<Poly> {
        let mut coeffs: Vec<Rational> = Vec::new();
        for (m, c) in &self.terms {
            if m.keys().any(|v| v != x) {
                return None;
            }
            let e = m.get(x).copied().unwrap_or(0) as usize;
            if coeffs.len() <= e {
                coeffs.resize(e + 1, Rational::ZERO);
            }
            coeffs[e] += c;
        }
        Some(Poly::new(coeffs))
    }

    #[cfg(test)]
    /// A sign certificate on a domain of lower bounds: `true` only if `self > 0` at every point
    /// with `x ≥ lower(x)` for each `(x, lower)` in `lows` (every variable of `self` must have a
    /// bound). Checked by the substitution `x = lower + s` with `s ≥ 0`: when every coefficient
    /// of the result is `≥ 0` and the constant term is `> 0`, each term is non-negative on the
    /// domain and the constant is positive. `false` means "not certified", not "not positive".
    pub fn positive_above(&self, lows: &[(&str, Rational)]) -> bool {
        let vars = self.vars();
        if vars.iter().any(|v| !lows.iter().any(|(x, _)| x == v)) {
            return false;
        }
        let mut p = self.clone();
        for (x, lo) in lows {
            p = p.substitute(x, &MPoly::var(x).add(&MPoly::constant(lo.clone())));
        }
        let constant_positive = p.terms.get(&Monomial::new()).is_some_and(|c| *c > 0u32);
        constant_positive && p.terms.values().all(|c| *c >= 0u32)
    }
}

impl fmt::Display for MPoly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        // Higher total degree first, then the monomial order.
        let mut terms: Vec<(&Monomial, &Rational)> = self.terms.iter().collect();
        terms.sort_by_key(|(m, _)| std::cmp::Reverse(m.values().sum::<u32>()));
        let mut first = true;
        for (m, c) in terms {
            let (sign, abs) = if *c < 0u32 {
                ("-", -c)
            } else {
                ("+", c.clone())
            };
            if first {
                if sign == "-" {
                    f.write_str("-")?;
                }
            } else {
                write!(f, " {sign} ")?;
            }
            first = false;
            let vars: Vec<String> = m
                .iter()
                .map(|(x, e)| {
                    if *e == 1 {
                        x.clone()
                    } else {
                        format!("{x}^{e}")
                    }
                })
                .collect();
            match (abs == 1u32, vars.is_empty()) {
                (_, true) => write!(f, "{abs}")?,
                (true, false) => write!(f, "{}", vars.join("*"))?,
                (false, false) => write!(f, "{abs}*{}", vars.join("*"))?,
            }
        }
        Ok(())
    }
}

/// A rational function `num / den` in named variables, kept unreduced, with the denominators
/// that a division moved into its numerator (`a / (c/d)` is `a·d / c`: where `d` vanishes the
/// quotient as written is undefined, though `a·d / c` has a value there). `den` and `divisors`
/// together are every polynomial that must not vanish for the value to be defined; a check on
/// a domain looks at both ([`MRatFn::denominators`]; issue 42, item 1).
#[derive(Clone, Debug)]
pub struct MRatFn {
    pub num: MPoly,
    pub den: MPoly,
    /// The denominators of the divisors met (non-constant ones only), in the order met.
    pub divisors: Vec<MPoly>,
}

/// `a` followed by the members of `b` that `a` lacks.
fn union(a: &[MPoly], b: &[MPoly]) -> Vec<MPoly> {
    let mut out = a.to_vec();
    for p in b {
        if !out.contains(p) {
            out.push(p.clone());
        }
    }
    out
}

impl MRatFn {
    /// `num / den`; `None` when `den` is the zero polynomial.
    pub fn new(num: MPoly, den: MPoly) -> Option<MRatFn> {
        (!den.is_zero()).then_some(MRatFn {
            num,
            den,
            divisors: Vec::new(),
        })
    }

    /// The polynomial `p` as `p / 1`.
    pub fn from_poly(p: MPoly) -> MRatFn {
        MRatFn {
            num: p,
            den: MPoly::one(),
            divisors: Vec::new(),
        }
    }

    /// Every polynomial that must not vanish for the value as written to be defined: the
    /// denominator, then the denominators of the divisors met.
    pub fn denominators(&self) -> impl Iterator<Item = &MPoly> {
        std::iter::once(&self.den).chain(&self.divisors)
    }

    /// `self` with the divisors' denominators of `o` (and `extra`) joined to its own.
    fn joined(mut self, o: &MRatFn, extra: Option<&MPoly>) -> MRatFn {
        let mut d = union(&self.divisors, &o.divisors);
        if let Some(x) = extra.filter(|x| !x.vars().is_empty()) {
            d = union(&d, std::slice::from_ref(x));
        }
        self.divisors = d;
        self
    }

    /// Every polynomial of `self` mapped by `f` (the value and the conditions alike).
    fn map(&self, f: impl Fn(&MPoly) -> MPoly) -> MRatFn {
        MRatFn {
            num: f(&self.num),
            den: f(&self.den),
            divisors: self.divisors.iter().map(f).collect(),
        }
    }

    pub fn add(&self, o: &MRatFn) -> MRatFn {
        MRatFn {
            num: self.num.mul(&o.den).add(&o.num.mul(&self.den)),
            den: self.den.mul(&o.den),
            divisors: self.divisors.clone(),
        }
        .joined(o, None)
    }

    pub fn sub(&self, o: &MRatFn) -> MRatFn {
        self.add(&MRatFn {
            num: o.num.neg(),
            ..o.clone()
        })
    }

    pub fn mul(&self, o: &MRatFn) -> MRatFn {
        MRatFn {
            num: self.num.mul(&o.num),
            den: self.den.mul(&o.den),
            divisors: self.divisors.clone(),
        }
        .joined(o, None)
    }

    /// `self / o`; `None` when `o` is identically zero. The denominator of `o` moves into the
    /// numerator and is kept among the divisors.
    pub fn div(&self, o: &MRatFn) -> Option<MRatFn> {
        Some(
            MRatFn::new(self.num.mul(&o.den), self.den.mul(&o.num))?
                .joined(self, None)
                .joined(o, Some(&o.den)),
        )
    }

    /// `1 / self`; `None` when `self` is identically zero.
    pub fn recip(&self) -> Option<MRatFn> {
        MRatFn::from_poly(MPoly::one()).div(self)
    }

    /// Identically zero as a rational function (the numerator expands to zero).
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// Equal as rational functions: `a·d − b·c` expands to zero.
    pub fn equals(&self, o: &MRatFn) -> bool {
        self.num.mul(&o.den).sub(&o.num.mul(&self.den)).is_zero()
    }

    /// The value at `point`; `None` when a variable has no value or a denominator vanishes
    /// there (a pole, or a divisor's denominator: the value as written is undefined).
    pub fn eval(&self, point: &Point) -> Option<Rational> {
        for d in &self.divisors {
            if d.eval(point)? == 0u32 {
                return None;
            }
        }
        let d = self.den.eval(point)?;
        if d == 0u32 {
            return None;
        }
        Some(self.num.eval(point)? / d)
    }

    #[cfg(test)]
    /// The shift `x → x + 1`.
    pub fn shift(&self, x: &str) -> MRatFn {
        self.map(|p| p.shift(x))
    }

    /// The polynomial `by` put for `x` everywhere.
    pub fn substitute(&self, x: &str, by: &MPoly) -> MRatFn {
        self.map(|p| p.substitute(x, by))
    }

    /// The rational function `by = a/b` put for `x`: numerator and denominator are multiplied
    /// by `b^deg` (`deg` their degree in `x`) so they stay polynomials; each divisor's
    /// denominator likewise, and `b` and the divisors of `by` join the divisors (where `b`
    /// vanishes `by` is undefined). `None` when the denominator becomes identically zero.
    pub fn substitute_ratfn(&self, x: &str, by: &MRatFn) -> Option<MRatFn> {
        let deg = |p: &MPoly| p.degree_in(x).unwrap_or(0);
        let hom = |p: &MPoly, d: u32| {
            let mut acc = MPoly::zero();
            for i in 0..=d {
                acc = acc.add(&p.coeff_in(x, i).mul(&by.num.pow(i)).mul(&by.den.pow(d - i)));
            }
            acc
        };
        let d = deg(&self.num).max(deg(&self.den));
        let r = MRatFn::new(hom(&self.num, d), hom(&self.den, d))?;
        let own: Vec<MPoly> = self.divisors.iter().map(|p| hom(p, deg(p))).collect();
        let r = MRatFn { divisors: own, ..r };
        Some(r.joined(by, Some(&by.den)))
    }

    /// `x = value`; `None` when a denominator (or a divisor's) becomes identically zero.
    pub fn specialize(&self, x: &str, value: &Rational) -> Option<MRatFn> {
        let r = self.map(|p| p.specialize(x, value));
        (!r.den.is_zero() && r.divisors.iter().all(|d| !d.is_zero())).then_some(r)
    }
}

impl fmt::Display for MRatFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == MPoly::one() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "({}) / ({})", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::q;
    use proptest::prelude::*;

    fn v(x: &str) -> MPoly {
        MPoly::var(x)
    }
    fn c(n: i64) -> MPoly {
        MPoly::constant(Rational::from(n))
    }
    fn pt(vals: &[(&str, Rational)]) -> Point {
        vals.iter()
            .map(|(x, r)| (x.to_string(), r.clone()))
            .collect()
    }

    #[test]
    fn literal_table() {
        // (n + 1)^2 − n^2 − 2n − 1 = 0
        let n = v("n");
        let e = n
            .add(&c(1))
            .pow(2)
            .sub(&n.pow(2))
            .sub(&n.scale(&q(2, 1)))
            .sub(&c(1));
        assert!(e.is_zero());
        // (1 + (m − 1) t) at m = 2 is 1 + t, shown high terms first
        let f = c(1).add(&v("m").sub(&c(1)).mul(&v("t")));
        assert_eq!(f.to_string(), "m*t - t + 1");
        assert_eq!(f.specialize("m", &q(2, 1)).to_string(), "t + 1");
        // the shift: n^2 → n^2 + 2n + 1
        assert_eq!(v("n").pow(2).shift("n").to_string(), "n^2 + 2*n + 1");
        // degrees and variables
        let g = v("n").pow(3).mul(&v("t")).add(&v("m"));
        assert_eq!(g.degree(), Some(4));
        assert_eq!(g.degree_in("n"), Some(3));
        assert_eq!(g.vars(), vec!["m", "n", "t"]);
        // evaluation, and a missing variable
        assert_eq!(
            g.eval(&pt(&[("n", q(2, 1)), ("t", q(1, 2)), ("m", q(3, 1))])),
            Some(q(7, 1))
        );
        assert_eq!(g.eval(&pt(&[("n", q(2, 1))])), None);
        // univariate view
        assert_eq!(
            f.specialize("m", &q(3, 1)).to_poly("t"),
            Some(Poly::from_ints(&[1, 2]))
        );
        assert_eq!(f.to_poly("t"), None);
    }

    /// Issue 42, item 1: a division keeps its divisor's denominator, so the value as written is
    /// undefined where that vanishes, though the unreduced quotient has a value there.
    #[test]
    fn a_division_keeps_the_divisors_denominator() {
        let n = v("n");
        let one = MRatFn::from_poly(c(1));
        // 1/(1/(n − 2)) = (n − 2)/1, undefined at n = 2
        let inner = one.div(&MRatFn::from_poly(n.sub(&c(2)))).unwrap();
        let r = one.div(&inner).unwrap();
        assert_eq!((r.num.clone(), r.den.clone()), (n.sub(&c(2)), c(1)));
        assert_eq!(r.divisors, vec![n.sub(&c(2))]);
        assert_eq!(r.eval(&pt(&[("n", q(2, 1))])), None);
        assert_eq!(r.eval(&pt(&[("n", q(3, 1))])), Some(q(1, 1)));
        assert!(r.specialize("n", &q(2, 1)).is_none());
        // carried through + − · and a later division, once each; constants are not kept
        let s = r
            .add(&r)
            .mul(&r)
            .sub(&one)
            .div(&MRatFn::from_poly(c(3)))
            .unwrap();
        assert_eq!(s.divisors, vec![n.sub(&c(2))]);
        assert_eq!(s.denominators().count(), 2);
        // x = (n − 1)/n in x^2/(x − 1): (n − 1)^2/(n·(−1)), with n kept among the divisors
        let x = v("x");
        let f = MRatFn::new(x.pow(2), x.sub(&c(1))).unwrap();
        let by = MRatFn::new(n.sub(&c(1)), n.clone()).unwrap();
        let g = f.substitute_ratfn("x", &by).unwrap();
        assert!(g.equals(&MRatFn::new(n.sub(&c(1)).pow(2), n.scale(&q(-1, 1))).unwrap()));
        assert!(g.divisors.contains(&n));
        assert_eq!(g.eval(&pt(&[("n", q(0, 1))])), None);
        for k in 1..6 {
            let at = pt(&[("n", q(k, 1))]);
            let xv = by.eval(&at).unwrap();
            assert_eq!(g.eval(&at), f.eval(&pt(&[("x", xv)])), "n = {k}");
        }
    }

    #[test]
    fn rational_functions() {
        // n/(n+1) + 1/(n+1) = 1
        let n = v("n");
        let a = MRatFn::new(n.clone(), n.add(&c(1))).unwrap();
        let b = MRatFn::new(c(1), n.add(&c(1))).unwrap();
        assert!(a.add(&b).equals(&MRatFn::from_poly(c(1))));
        assert!(a.add(&b).sub(&MRatFn::from_poly(c(1))).is_zero());
        // a pole is not a value
        assert_eq!(a.eval(&pt(&[("n", q(-1, 1))])), None);
        assert!(MRatFn::new(c(1), MPoly::zero()).is_none());
        assert!(a.div(&MRatFn::from_poly(MPoly::zero())).is_none());
        // specialising the denominator to zero is refused
        let p = MRatFn::new(c(1), n.sub(&c(2))).unwrap();
        assert!(p.specialize("n", &q(2, 1)).is_none());
        assert_eq!(a.shift("n").eval(&pt(&[("n", q(1, 1))])), Some(q(2, 3)));
    }

    #[test]
    fn positivity_certificates() {
        let (n, m, t) = (v("n"), v("m"), v("t"));
        // m − 1 > 0 for m ≥ 2; n(m − 1) + t > 0 for n ≥ 1, m ≥ 2, t ≥ 0
        assert!(m.sub(&c(1)).positive_above(&[("m", q(2, 1))]));
        let e = n.mul(&m.sub(&c(1))).add(&t);
        assert!(e.positive_above(&[("n", q(1, 1)), ("m", q(2, 1)), ("t", q(0, 1))]));
        // not certified: vanishes at the corner; a variable without a bound; a negative somewhere
        assert!(!m.sub(&c(2)).positive_above(&[("m", q(2, 1))]));
        assert!(!e.positive_above(&[("n", q(1, 1)), ("m", q(2, 1))]));
        assert!(!n.sub(&c(5)).positive_above(&[("n", q(1, 1))]));
        // true but beyond this certificate (n^2 − 3n + 3 > 0 everywhere): "not certified"
        let hard = n.pow(2).sub(&n.scale(&q(3, 1))).add(&c(3));
        assert!(!hard.positive_above(&[("n", q(0, 1))]));
    }

    fn small_poly() -> impl Strategy<Value = MPoly> {
        let vars = ["n", "m", "t"];
        prop::collection::vec((-4i64..5, 0u32..3, 0u32..3, 0u32..3), 0..5).prop_map(move |ts| {
            let mut p = MPoly::zero();
            for (k, a, b, e) in ts {
                let mono = v(vars[0])
                    .pow(a)
                    .mul(&v(vars[1]).pow(b))
                    .mul(&v(vars[2]).pow(e))
                    .scale(&Rational::from(k));
                p = p.add(&mono);
            }
            p
        })
    }

    fn point() -> impl Strategy<Value = Point> {
        (-5i64..6, 1i64..4, -5i64..6, 1i64..4, -5i64..6, 1i64..4)
            .prop_map(|(a, b, c2, d, e, f)| pt(&[("n", q(a, b)), ("m", q(c2, d)), ("t", q(e, f))]))
    }

    proptest! {
        /// Evaluation is a ring homomorphism: the exact operations agree with evaluating first.
        #[test]
        fn evaluation_is_a_homomorphism(a in small_poly(), b in small_poly(), x in point(), k in 0u32..4) {
            let ev = |p: &MPoly| p.eval(&x).unwrap();
            prop_assert_eq!(ev(&a.add(&b)), ev(&a) + ev(&b));
            prop_assert_eq!(ev(&a.sub(&b)), ev(&a) - ev(&b));
            prop_assert_eq!(ev(&a.mul(&b)), ev(&a) * ev(&b));
            prop_assert_eq!(ev(&a.pow(k)), ev(&a).pow(u64::from(k)));
            prop_assert!(a.sub(&a).is_zero());
        }

        /// Shift, substitution and specialisation agree with evaluation at the moved point.
        #[test]
        fn shift_and_substitution_agree_with_evaluation(a in small_poly(), b in small_poly(), x in point()) {
            let mut moved = x.clone();
            *moved.get_mut("n").unwrap() += Rational::ONE;
            prop_assert_eq!(a.shift("n").eval(&x), a.eval(&moved));
            let mut sub = x.clone();
            sub.insert("n".into(), b.eval(&x).unwrap());
            prop_assert_eq!(a.substitute("n", &b).eval(&x), a.eval(&sub));
            let tv = x["t"].clone();
            prop_assert_eq!(a.specialize("t", &tv).eval(&x), a.eval(&x));
        }

        /// The sign certificate is sound: never "positive" where a point of the domain gives ≤ 0.
        #[test]
        fn positivity_certificate_is_sound(a in small_poly(), dn in 0i64..20, dm in 0i64..20, dt in 0i64..20, den in 1i64..5) {
            let lows = [("n", q(1, 1)), ("m", q(2, 1)), ("t", q(0, 1))];
            if a.positive_above(&lows) {
                let x = pt(&[("n", q(1, 1) + q(dn, den)), ("m", q(2, 1) + q(dm, den)), ("t", q(dt, den))]);
                prop_assert!(a.eval(&x).unwrap() > 0u32);
            }
        }

        /// Rational functions: equality is decided exactly and agrees with evaluation away
        /// from poles.
        #[test]
        fn rational_function_arithmetic_agrees_with_evaluation(a in small_poly(), b in small_poly(), c2 in small_poly(), x in point()) {
            prop_assume!(!b.is_zero());
            let f = MRatFn::new(a.clone(), b.clone()).unwrap();
            let g = MRatFn::from_poly(c2.clone());
            if let (Some(fv), Some(gv)) = (f.eval(&x), g.eval(&x)) {
                prop_assert_eq!(f.add(&g).eval(&x), Some(&fv + &gv));
                prop_assert_eq!(f.mul(&g).eval(&x), Some(&fv * &gv));
            }
            // (a/b)·b = a exactly
            prop_assert!(f.mul(&MRatFn::from_poly(b)).equals(&MRatFn::from_poly(a)));
        }
    }
}
