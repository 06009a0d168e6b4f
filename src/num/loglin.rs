//! Log-linear forms `Σ c_k ln r_k` with rational `c_k` and positive rational `r_k`.
//!
//! These express entropies, KL divergences, mutual information and `eps = ln t` exactly.
//!
//! **Zero test (exact).** Write every `r_k = n_k / d_k` and collect the integers `n_k, d_k > 1`
//! with coefficients `±c_k`. Refine them to a *gcd-free basis*: while two integers `a, b`
//! share a factor `g = gcd(a, b) > 1`, rewrite `c ln a + c' ln b` as
//! `c ln(a/g) + (c + c') ln g + c' ln(b/g)` (no factorisation is needed, and each step lowers
//! `Σ log` of the integers, so it terminates). At the end the integers `b_j` are pairwise
//! coprime and `> 1`, and the form equals `Σ e_j ln b_j`. These logarithms are linearly
//! independent over Q: `Σ e_j ln b_j = 0` with (cleared) integer `e_j` means
//! `Π_{e_j>0} b_j^{e_j} = Π_{e_j<0} b_j^{−e_j}`, two coprime integers that are equal, so both
//! are 1 and every `e_j = 0`. Hence the form is zero iff every `e_j` is zero.
//!
//! **Sign (exact, always decides).** A non-zero form has a non-zero value, so certified
//! enclosures at doubling precision eventually exclude 0.
//!
//! **Comparison with a rational `q`.** `Σ c_k ln r_k = (1/D) ln R` for a positive rational
//! `R = Π r_k^{D c_k}` (`D` a common denominator of the `c_k`). If it equalled a rational
//! `q ≠ 0`, then `R = e^{Dq}` would be a rational value of `e` at a non-zero rational,
//! contradicting the Hermite–Lindemann theorem (`e^a` is transcendental for algebraic
//! `a ≠ 0`). So the form equals `q` only when `q = 0` and the form is zero; otherwise the
//! difference is non-zero and refinement decides it. This is the one theorem relied on
//! beyond unique factorisation.

use super::fmt::to_f64;
use super::interval::Interval;
use super::ln_cache::LnCache;
use super::Decision;
use malachite::base::num::arithmetic::traits::{Abs, Gcd};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::rational::Rational;
use malachite::Natural;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// The precision at which [`LogLinear::signum`] starts refining.
const START_PREC: u64 = 64;

/// A log-linear form `Σ c_k ln r_k` (rational `c_k ≠ 0`, rational `r_k > 0`, `r_k ≠ 1`).
///
/// Equality (`==`) and order (`cmp`, `<`) are those of the real values, decided exactly.
#[derive(Clone, Debug, Default)]
pub struct LogLinear {
    /// argument `r` → coefficient `c`
    terms: BTreeMap<Rational, Rational>,
}

impl LogLinear {
    /// The zero form.
    pub fn zero() -> LogLinear {
        LogLinear::default()
    }

    /// `c ln r`; `None` when `r ≤ 0`.
    pub fn try_term(c: &Rational, r: &Rational) -> Option<LogLinear> {
        if *r <= 0u32 {
            return None;
        }
        let mut f = LogLinear::zero();
        f.add_term(c.clone(), r.clone());
        Some(f)
    }

    /// `c ln r`.
    ///
    /// # Panics
    /// If `r ≤ 0` (use [`LogLinear::try_term`] for untrusted input).
    pub fn term(c: &Rational, r: &Rational) -> LogLinear {
        LogLinear::try_term(c, r).expect("LogLinear::term: ln of a non-positive rational")
    }

    /// `ln r`.
    ///
    /// # Panics
    /// If `r ≤ 0` (use [`LogLinear::try_term`] for untrusted input).
    pub fn ln(r: &Rational) -> LogLinear {
        LogLinear::term(&Rational::ONE, r)
    }

    fn add_term(&mut self, c: Rational, r: Rational) {
        if c == 0u32 || r == 1u32 {
            return;
        }
        let vanished = {
            let e = self.terms.entry(r.clone()).or_insert(Rational::ZERO);
            *e += c;
            *e == 0u32
        };
        if vanished {
            self.terms.remove(&r);
        }
    }

    /// The stored terms `(r, c)`, sorted by `r` (as built, not reduced).
    pub fn terms(&self) -> impl Iterator<Item = (&Rational, &Rational)> {
        self.terms.iter()
    }

    /// Number of stored terms.
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    /// True when no term is stored (the form is then zero; a form with terms may still be
    /// zero — use [`LogLinear::is_zero`]).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// `c · self`.
    pub fn scale(&self, c: &Rational) -> LogLinear {
        if *c == 0u32 {
            return LogLinear::zero();
        }
        LogLinear {
            terms: self.terms.iter().map(|(r, k)| (r.clone(), k * c)).collect(),
        }
    }

    /// The same form over a pairwise coprime basis: `Σ e_j ln b_j` with integers `b_j > 1`
    /// pairwise coprime and `e_j ≠ 0`, sorted by `b_j` (see the module documentation).
    pub fn coprime_basis_form(&self) -> Vec<(Natural, Rational)> {
        let mut work: Vec<(Natural, Rational)> = Vec::new();
        for (r, c) in &self.terms {
            work.push((r.numerator_ref().clone(), c.clone()));
            work.push((r.denominator_ref().clone(), -c));
        }
        let mut basis: BTreeMap<Natural, Rational> = BTreeMap::new();
        while let Some((n, c)) = work.pop() {
            if n == 1u32 || c == 0u32 {
                continue;
            }
            let shared = basis.keys().find_map(|k| {
                let g = (&n).gcd(k);
                (g != 1u32).then(|| (k.clone(), g))
            });
            match shared {
                None => {
                    basis.insert(n, c);
                }
                Some((k, g)) => {
                    let ck = basis.remove(&k).expect("key present");
                    work.push((&k / &g, ck.clone()));
                    work.push((&n / &g, c.clone()));
                    work.push((g, ck + c));
                }
            }
        }
        basis.into_iter().collect()
    }

    /// Exact zero test (gcd-free basis; no factorisation).
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty() || self.coprime_basis_form().is_empty()
    }

    /// A certified enclosure of the value at working precision `prec` (bits) that never
    /// crosses the value's exact sign: when the sum of the terms' enclosures contains 0, the
    /// sign is decided exactly ([`LogLinear::signum_with_prec`]) and the enclosure clipped to
    /// it, so a zero form is `[0, 0]` (not `[-1e-20, 1e-20]`) and a positive one has `lo ≥ 0`.
    pub fn enclose(&self, prec: u64) -> Interval {
        self.enclose_by(prec, |r| Interval::ln_rational(r, prec))
    }

    /// [`LogLinear::enclose`] with the logarithms of small numerators and denominators shared
    /// (`LnCache`): far fewer logarithms for forms with many terms such as the mutual
    /// information of a channel (its enclosure may be a few ulps wider).
    pub fn enclose_cached(&self, prec: u64) -> Interval {
        let mut lns = LnCache::new(prec);
        self.enclose_by(prec, |r| lns.ln(r))
    }

    fn enclose_by(&self, prec: u64, mut ln: impl FnMut(&Rational) -> Option<Interval>) -> Interval {
        let mut acc = Interval::from_i64(0, prec);
        for (r, c) in &self.terms {
            let l = ln(r).expect("r > 0");
            acc = &acc + &l.mul_rational(c);
        }
        if acc.contains_zero() {
            acc = acc.with_sign(self.signum());
        }
        acc
    }

    fn enclose_basis(basis: &[(Natural, Rational)], prec: u64) -> Interval {
        let mut acc = Interval::from_i64(0, prec);
        for (b, e) in basis {
            let l = Interval::ln_rational(&Rational::from(b.clone()), prec).expect("b > 1");
            acc = &acc + &l.mul_rational(e);
        }
        acc
    }

    /// The exact sign of the value and the precision (bits) that separated it from zero
    /// (0 when the form is exactly zero). Always terminates (see the module documentation).
    pub fn signum_with_prec(&self) -> (Ordering, u64) {
        let basis = self.coprime_basis_form();
        if basis.is_empty() {
            return (Ordering::Equal, 0);
        }
        let mut prec = START_PREC;
        loop {
            if let Some(s) = LogLinear::enclose_basis(&basis, prec).signum() {
                if s != Ordering::Equal {
                    return (s, prec);
                }
            }
            prec *= 2;
        }
    }

    /// The exact sign of the value (`Equal` iff the form is zero).
    pub fn signum(&self) -> Ordering {
        self.signum_with_prec().0
    }

    /// Exact comparison of the form with a rational `q` (the sign of `self − q`), and the
    /// precision used. Relies on Hermite–Lindemann when `q ≠ 0` (module documentation).
    pub fn cmp_rational_with_prec(&self, q: &Rational) -> (Ordering, u64) {
        if *q == 0u32 {
            return self.signum_with_prec();
        }
        let basis = self.coprime_basis_form();
        let mut prec = START_PREC;
        loop {
            let v = LogLinear::enclose_basis(&basis, prec);
            if let Some(s) = v.cmp_rational(q) {
                if s != Ordering::Equal {
                    return (s, prec);
                }
            }
            prec *= 2;
        }
    }

    /// Exact comparison of the form with a rational `q` (the sign of `self − q`).
    pub fn cmp_rational(&self, q: &Rational) -> Ordering {
        self.cmp_rational_with_prec(q).0
    }

    /// `self ≤ other`, decided exactly (the [`Ord`] comparison, as a `Decision`).
    pub fn decide_le(&self, other: &LogLinear) -> Decision {
        Decision::from_bool(self <= other)
    }

    /// A rough `f64` value of the form, `Σ c·ln(r)` in floating point: a hint for ranking or
    /// ordering work only, never used to decide (use [`LogLinear::signum`] or [`Ord`]).
    pub fn approx_f64(&self) -> f64 {
        self.terms
            .iter()
            .map(|(r, c)| to_f64(c) * to_f64(r).ln())
            .sum()
    }

    /// Render with a decimal enclosure, e.g. `ln(2) - ln(3) ∈ [-0.406, -0.405]`.
    pub fn to_decimal_string(&self, digits: usize) -> String {
        let prec = (digits as u64 * 4 + 64).max(START_PREC);
        self.enclose(prec).to_decimal_string(digits)
    }
}

/// The gcd-free basis of the integers `> 1` among `xs`: pairwise coprime, sorted, and every
/// `x` a product of powers of its elements (Bach–Driscoll–Shallit's refinement; the
/// composition's atoms in `accounting::basis` and the `log_linear` certificate records use it).
pub(crate) fn gcd_free_basis(xs: &[Natural]) -> Vec<Natural> {
    let mut work: Vec<Natural> = xs.iter().filter(|x| **x > 1u32).cloned().collect();
    let mut basis: Vec<Natural> = Vec::new();
    while let Some(n) = work.pop() {
        if n == 1u32 {
            continue;
        }
        match basis.iter().position(|b| (&n).gcd(b) != 1u32) {
            None => basis.push(n),
            Some(i) => {
                // b·n > (b/g)·(n/g)·g: the product falls at every step, so this ends.
                let b = basis.swap_remove(i);
                let g = (&n).gcd(&b);
                work.push(&b / &g);
                work.push(&n / &g);
                work.push(g);
            }
        }
    }
    basis.sort();
    basis
}

/// A gcd-free basis of the integers `> 1` among the numerators and denominators of the terms
/// of `forms` (pairwise coprime, each `> 1`, sorted), and every such integer with its exponents
/// over the basis (the certificate's factorisation, checked by multiplication: issue 44).
/// Unlike [`LogLinear::coprime_basis_form`], no integer is dropped, so every term factors.
pub fn factored_basis<'a>(
    forms: impl IntoIterator<Item = &'a LogLinear>,
) -> (Vec<Natural>, Vec<(Natural, Vec<u64>)>) {
    let mut ints: Vec<Natural> = forms
        .into_iter()
        .flat_map(|f| f.terms.keys())
        .flat_map(|r| [r.numerator_ref().clone(), r.denominator_ref().clone()])
        .filter(|n| *n > 1u32)
        .collect();
    ints.sort();
    ints.dedup();
    let basis = gcd_free_basis(&ints);
    let factors = ints
        .into_iter()
        .map(|n| {
            let mut m = n.clone();
            let exps = basis
                .iter()
                .map(|b| {
                    let mut e = 0;
                    while &m % b == 0u32 {
                        m /= b;
                        e += 1;
                    }
                    e
                })
                .collect();
            debug_assert!(m == 1u32, "{n} factors over the basis");
            (n, exps)
        })
        .collect();
    (basis, factors)
}

impl PartialEq for LogLinear {
    fn eq(&self, other: &LogLinear) -> bool {
        (self - other).is_zero()
    }
}

impl Eq for LogLinear {}

impl Ord for LogLinear {
    /// Exact comparison of two forms: the sign of `self − other` (always decides).
    fn cmp(&self, other: &LogLinear) -> Ordering {
        (self - other).signum()
    }
}

impl PartialOrd for LogLinear {
    fn partial_cmp(&self, other: &LogLinear) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl LogLinear {
    /// The form written with `log` for the logarithm: `ln` gives [`fmt::Display`]'s text; `log2`
    /// writes the same coefficients and arguments as `Σ c_k log2 r_k`, which is the form
    /// divided by `ln 2` — the value in bits when the form is in nats (issue 42 item 16: an
    /// exact form in the unit of its enclosure).
    pub fn written_with(&self, log: &str) -> String {
        if self.terms.is_empty() {
            return "0".into();
        }
        let mut out = String::new();
        for (i, (r, c)) in self.terms.iter().enumerate() {
            let neg = *c < 0u32;
            out += match (i == 0, neg) {
                (true, true) => "-",
                (true, false) => "",
                (false, true) => " - ",
                (false, false) => " + ",
            };
            let a = c.clone().abs();
            if a != 1u32 {
                out += &format!("{a}*");
            }
            out += &format!("{log}({r})");
        }
        out
    }
}

impl fmt::Display for LogLinear {
    /// Terms in increasing order of argument, e.g. `2*ln(2) - 1/2*ln(3/5)`; `0` for no terms.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written_with("ln"))
    }
}

impl Add<&LogLinear> for &LogLinear {
    type Output = LogLinear;
    fn add(self, o: &LogLinear) -> LogLinear {
        let mut out = self.clone();
        for (r, c) in &o.terms {
            out.add_term(c.clone(), r.clone());
        }
        out
    }
}

impl Sub<&LogLinear> for &LogLinear {
    type Output = LogLinear;
    fn sub(self, o: &LogLinear) -> LogLinear {
        let mut out = self.clone();
        for (r, c) in &o.terms {
            out.add_term(-c, r.clone());
        }
        out
    }
}

impl Mul<&Rational> for &LogLinear {
    type Output = LogLinear;
    fn mul(self, c: &Rational) -> LogLinear {
        self.scale(c)
    }
}

impl Neg for &LogLinear {
    type Output = LogLinear;
    fn neg(self) -> LogLinear {
        self.scale(&Rational::from(-1i32))
    }
}

impl Neg for LogLinear {
    type Output = LogLinear;
    fn neg(self) -> LogLinear {
        -&self
    }
}

super::poly::forward_binop!(LogLinear, LogLinear, Add, add);
super::poly::forward_binop!(LogLinear, LogLinear, Sub, sub);
super::poly::forward_binop!(LogLinear, Rational, Mul, mul);

#[cfg(test)]
mod tests {
    use super::*;
    use malachite::base::num::arithmetic::traits::Pow;
    use proptest::prelude::*;

    use crate::testutil::q;
    fn ln(n: i64, d: i64) -> LogLinear {
        LogLinear::ln(&q(n, d))
    }

    /// The basis of ln(6/4) and ln(9) - ln(10) is {2, 3, 5} (by hand: 6 = 2·3, 4 = 2², 9 = 3²,
    /// 10 = 2·5); every integer factors over it and no integer is dropped.
    #[test]
    fn factored_basis_by_hand() {
        let f = ln(6, 4);
        let g = &ln(9, 1) - &ln(10, 1);
        let (basis, factors) = factored_basis([&f, &g]);
        let n = |k: u32| Natural::from(k);
        assert_eq!(basis, vec![n(2), n(3), n(5)]);
        let want = vec![
            (n(2), vec![1, 0, 0]),
            (n(3), vec![0, 1, 0]),
            (n(9), vec![0, 2, 0]),
            (n(10), vec![1, 0, 1]),
        ];
        assert_eq!(factors, want);
        // 12 and 18 share 6: the basis refines to {2, 3}.
        let (b, _) = factored_basis([&(&ln(12, 1) + &ln(18, 1))]);
        assert_eq!(b, vec![n(2), n(3)]);
    }

    /// Issue 26 (mutants that survived `num::loglin`'s tests): storage, equality, order and
    /// the precision loop, literal values by hand.
    #[test]
    fn storage_equality_order_and_precision() {
        // ln 1 and 0·ln 2 store nothing; 3 ln 2 stores one term; ln 2 + ln 3 two.
        assert!(ln(1, 1).is_empty());
        assert_eq!(ln(1, 1).len(), 0);
        assert!(LogLinear::term(&q(0, 1), &q(2, 1)).is_empty());
        let f = LogLinear::term(&q(3, 1), &q(2, 1));
        assert_eq!(f.terms().collect::<Vec<_>>(), vec![(&q(2, 1), &q(3, 1))]);
        let g = &ln(2, 1) + &ln(3, 1);
        assert_eq!((g.len(), g.is_empty()), (2, false));
        // Equality and order are those of the values: ln 6 = ln 2 + ln 3, ln 2 < ln 3.
        assert!(ln(6, 1) == g && ln(2, 1) != ln(3, 1));
        assert_eq!(ln(2, 1).partial_cmp(&ln(3, 1)), Some(Ordering::Less));
        assert_eq!(ln(2, 1).decide_le(&ln(3, 1)), Decision::True);
        assert_eq!(ln(3, 1).decide_le(&ln(2, 1)), Decision::False);
        assert_eq!(ln(6, 1).decide_le(&g), Decision::True);
        // Negation, owned and borrowed: −ln 2 = ln(1/2).
        assert!(-ln(2, 1) == ln(1, 2) && -&ln(2, 1) == ln(1, 2));
        // ln(1 + 2^-100) ≈ 2^-100 > 0: its coprime-basis terms ln(2^100 + 1) and 100 ln 2 are
        // about 69.3 each, so 64 bits (ulp 2^-58 there) cannot separate it from 0. The working
        // precision doubles from 64, so the separating one is a power of two above 64.
        let two100 = Rational::from(2u32).pow(100u64);
        let tiny = LogLinear::ln(&((&two100 + Rational::ONE) / &two100));
        let (o, prec) = tiny.signum_with_prec();
        assert_eq!(o, Ordering::Greater);
        assert!(prec > 64 && prec.is_power_of_two(), "{prec}");
        // Against 2^-101 (half its value) the same: the separating precision is a doubling.
        let (o, prec) =
            tiny.cmp_rational_with_prec(&(Rational::ONE / (&two100 * Rational::from(2u32))));
        assert_eq!(o, Ordering::Greater);
        assert!(prec > 64 && prec.is_power_of_two(), "{prec}");
        // The float value is a hint only, but it is the value.
        assert!((ln(2, 1).approx_f64() - std::f64::consts::LN_2).abs() < 1e-12);
    }

    #[test]
    fn zero_forms() {
        let big = Rational::from(3u32).pow(200u64) / Rational::from(7u32).pow(150u64);
        let tiny = Rational::ONE / Rational::from(10u32).pow(300u64) * q(17, 1);
        let huge_prime_ish = Rational::from(2u32).pow(521u64) - Rational::ONE; // a Mersenne prime
        let zeros: Vec<LogLinear> = vec![
            ln(12, 1) - ln(2, 1).scale(&q(2, 1)) - ln(3, 1),
            ln(4, 1) - ln(2, 1) * q(2, 1),
            ln(8, 1) * q(1, 3) - ln(2, 1),
            ln(6, 35) - ln(2, 5) - ln(3, 7),
            LogLinear::ln(&big) + LogLinear::ln(&tiny) - LogLinear::ln(&(&big * &tiny)),
            LogLinear::ln(&huge_prime_ish) * q(2, 1)
                - LogLinear::ln(&huge_prime_ish.clone().pow(2u64)),
            LogLinear::ln(&(Rational::ONE / &big)) + LogLinear::ln(&big),
            ln(1, 1),
            LogLinear::zero(),
            // ln(a) + ln(b) − ln(ab) with overlapping factors
            ln(36, 25) + ln(10, 3) - ln(24, 5),
        ];
        for z in &zeros {
            assert!(z.is_zero(), "{z} should be zero");
            assert_eq!(z.signum(), Ordering::Equal, "{z}");
            assert!(z.coprime_basis_form().is_empty());
            // Issue 26: the enclosure of an exact zero is the point 0, not [-1e-20, 1e-20].
            assert_eq!(z.enclose(128).signum(), Some(Ordering::Equal), "{z}");
        }
    }

    #[test]
    fn sign_table() {
        let table: Vec<(LogLinear, Ordering)> = vec![
            (ln(2, 1), Ordering::Greater),
            (ln(1, 2), Ordering::Less),
            (ln(3, 1) - ln(2, 1), Ordering::Greater),
            // 2^10 = 1024 > 10^3 = 1000: 10 ln 2 − 3 ln 10 > 0, tiny
            (ln(2, 1) * q(10, 1) - ln(10, 1) * q(3, 1), Ordering::Greater),
            // 3^{1/2} vs 2^{4/5}: ln 3 / 2 − 4 ln 2 / 5 = 0.5493 − 0.5545 < 0
            (ln(3, 1) * q(1, 2) - ln(2, 1) * q(4, 5), Ordering::Less),
            // 2^{2^20} vs 2^{2^20}+1 needs high precision: ln(1 + 2^-1000)
            (
                LogLinear::ln(&(Rational::ONE + Rational::ONE / Rational::from(2u32).pow(1000u64))),
                Ordering::Greater,
            ),
        ];
        for (f, s) in table {
            assert_eq!(f.signum(), s, "{f}");
            // The enclosure stays on its side of 0 even at a precision too low to see it
            // (ln(1 + 2^-1000) at 64 bits).
            let e = f.enclose(64);
            let crosses = e.lo_rational().unwrap() < 0u32 && e.hi_rational().unwrap() > 0u32;
            assert!(!crosses && e.signum() != Some(s.reverse()), "{f}: {e}");
            assert_eq!(f.cmp(&LogLinear::zero()), s);
            assert_eq!((-&f).signum(), s.reverse());
        }
        let (_, bits) =
            LogLinear::ln(&(Rational::ONE + Rational::ONE / Rational::from(2u32).pow(1000u64)))
                .signum_with_prec();
        assert!(bits >= 64);
    }

    #[test]
    fn rational_comparisons() {
        assert_eq!(ln(2, 1).cmp_rational(&q(693, 1000)), Ordering::Greater);
        assert_eq!(ln(2, 1).cmp_rational(&q(694, 1000)), Ordering::Less);
        assert_eq!(ln(1, 1).cmp_rational(&q(0, 1)), Ordering::Equal);
        assert_eq!(ln(4, 1).cmp_rational(&q(0, 1)), Ordering::Greater);
        assert_eq!(ln(2, 3).cmp_rational(&q(-405, 1000)), Ordering::Less);
    }

    #[test]
    fn display_table() {
        assert_eq!(LogLinear::zero().to_string(), "0");
        assert_eq!(ln(2, 1).to_string(), "ln(2)");
        assert_eq!((ln(2, 1) * q(-3, 2)).to_string(), "-3/2*ln(2)");
        assert_eq!((ln(2, 1) - ln(3, 5)).to_string(), "-ln(3/5) + ln(2)");
        assert_eq!(ln(2, 3).to_decimal_string(3), "[-0.406, -0.405]");
    }

    /// Naive reference for the zero test: factor every small integer by trial division and
    /// add up the prime exponents.
    fn naive_is_zero(terms: &[(i64, u64, u64)]) -> bool {
        let mut exps: BTreeMap<u64, i64> = BTreeMap::new();
        // coefficients are integers here, scaled to keep the reference simple
        let mut add = |mut n: u64, c: i64| {
            let mut p = 2;
            while n > 1 {
                while n.is_multiple_of(p) {
                    *exps.entry(p).or_insert(0) += c;
                    n /= p;
                }
                p += 1;
            }
        };
        for &(c, n, d) in terms {
            add(n, c);
            add(d, -c);
        }
        exps.values().all(|&e| e == 0)
    }

    fn form_of(terms: &[(i64, u64, u64)]) -> LogLinear {
        let mut f = LogLinear::zero();
        for &(c, n, d) in terms {
            f = f + LogLinear::term(&Rational::from(c), &Rational::from_unsigneds(n, d));
        }
        f
    }

    proptest! {
        #[test]
        fn zero_test_matches_factorisation(
            terms in prop::collection::vec((-3i64..=3, 1u64..40, 1u64..40), 0..6)
        ) {
            let f = form_of(&terms);
            prop_assert_eq!(f.is_zero(), naive_is_zero(&terms), "{}", f);
            // The enclosure of a zero form (by the factorisation reference) is [0, 0]; of any
            // other form it does not contain 0 in its interior.
            let e = f.enclose(64);
            if naive_is_zero(&terms) {
                prop_assert_eq!(e.signum(), Some(Ordering::Equal), "{}", f);
            } else {
                prop_assert!(e.lo_rational().unwrap() >= 0u32 || e.hi_rational().unwrap() <= 0u32, "{}: {}", f, e);
                prop_assert!(e.signum() != Some(Ordering::Equal), "{}", f);
            }
        }

        #[test]
        fn built_zero_forms(a in 1u64..1_000_000, b in 1u64..1_000_000, c in 1u64..1_000_000, k in 1i64..5) {
            // ln a + ln(b/c) − ln(ab/c) and k ln a − ln a^k
            let (a, bc) = (Rational::from(a), Rational::from_unsigneds(b, c));
            let f = LogLinear::ln(&a) + LogLinear::ln(&bc) - LogLinear::ln(&(&a * &bc));
            prop_assert!(f.is_zero());
            let g = LogLinear::ln(&a) * Rational::from(k) - LogLinear::ln(&a.clone().pow(k as u64));
            prop_assert!(g.is_zero());
            // perturbing by ln(1 + 1/big) makes it non-zero and positive
            let h = &f + &LogLinear::ln(&(Rational::ONE + Rational::ONE / (&a * Rational::from(1000u32))));
            prop_assert_eq!(h.signum(), Ordering::Greater);
        }

        #[test]
        fn sign_matches_1000_bit_evaluation(
            terms in prop::collection::vec((-5i64..=5, 1u64..200, 1u64..200), 1..8)
        ) {
            let f = form_of(&terms);
            let s = f.signum();
            let e = f.enclose(1000);
            match e.signum() {
                Some(Ordering::Greater) => prop_assert_eq!(s, Ordering::Greater),
                Some(Ordering::Less) => prop_assert_eq!(s, Ordering::Less),
                _ => prop_assert!(s == Ordering::Equal || e.contains_zero()),
            }
            if s == Ordering::Equal {
                prop_assert!(e.contains_zero());
            }
            // antisymmetry and consistency of cmp
            let g = form_of(&terms[..terms.len() / 2]);
            prop_assert_eq!(f.cmp(&g), g.cmp(&f).reverse());
        }
    }
}
