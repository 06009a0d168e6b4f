//! Proper hypergeometric terms in two integer variables `n`, `k` (with symbolic parameters such
//! as `m`, `t`) and a checker for identities between them that holds for **every** integer
//! point, including the boundaries where a term vanishes: the kernel of *holds for every n*
//! (issue 32, docs/design.md "Layers").
//!
//! A [`Term`] is written in closed form,
//!
//! ```text
//!   T(n, k) = c · P(n, k) · Π_i (a_i n + b_i k + c_i)!^(e_i) · Π_j B_j^(α_j n + β_j k + γ_j)
//! ```
//!
//! with `c` and the bases `B_j` rational functions of the parameters and `P` a polynomial. Its
//! shift quotients `T(n+1,k)/T(n,k)`, `T(n,k+1)/T(n,k)` are rational functions ([`Term::ratio`])
//! and its value at an integer point is computed as a term ([`Term::value`]), never by putting
//! the point into a quotient that may have a pole there. The convention at the boundary is the
//! one of the binomial coefficient: `1/j! = 0` for a negative integer `j` (the reciprocal Gamma
//! function), so `C(n, k) = n!/(k!(n−k)!)` is `0` for `k < 0` or `k > n`. To keep every term
//! defined, a factorial in the numerator may depend on `n` only and must have a non-negative
//! argument on the domain, and a factorial in the denominator has `b ∈ {−1, 0, 1}`.
//!
//! [`check_identity`] decides `Σ_i T_i(n, k) = 0` for every integer `n ≥ n0` and every integer
//! `k` (as rational functions of the parameters). Where a term is regular (every factorial
//! argument ≥ 0) the quotient of two regular terms is a rational function; where it is not, it
//! is 0. The `k`-line of each `n` is cut at the points where some denominator factorial changes
//! sign; these are lines `k = s·n + b` in the `(n, k)` plane, in a fixed order for `n ≥ N*`:
//! * between two lines of different slope (and beyond the outermost ones) the set of regular
//!   terms is constant on a two-dimensional cell, and their sum is checked as a rational
//!   identity in `(n, k)` after dividing by one of them;
//! * between two lines of the same slope lie finitely many lines `k = s·n + b + j`; on each the
//!   regular terms' sum is checked as a rational identity in `n`;
//! * every `n0 ≤ n < N*` is checked by itself the same way, with the finite stretches of `k`
//!   evaluated term by term.
//!
//! [`check_wz`] proves `Σ_k F(n, k) = 1` for `n ≥ n0` from a WZ mate `G` (Wilf–Zeilberger,
//! Petkovšek–Wilf–Zeilberger, *A = B* (1996), Theorem 7.1.1): `F(n+1,k) − F(n,k) =
//! G(n,k+1) − G(n,k)` checked by [`check_identity`] (so at every integer point, the boundaries
//! included), `F` and `G` of finite support in `k` (a denominator factorial with `b = +1` and
//! one with `b = −1`), and `Σ_k F(n0, k) = 1` summed term by term. Then the sum telescopes:
//! `Σ_k F(n+1,k) − Σ_k F(n,k) = Σ_k (G(n,k+1) − G(n,k)) = 0`.
//!
//! A certificate is checked, never trusted: whoever writes `G` (by hand, from Gosper's or
//! Zeilberger's algorithm, or a guess), nothing is accepted until these checks pass.

use super::mpoly::{MPoly, MRatFn};
use super::Rational;
use malachite::base::num::basic::traits::One;
use std::fmt;

/// The integer-linear form `n·n + k·k + c` in the two summation variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lin {
    pub n: i64,
    pub k: i64,
    pub c: i64,
}

impl Lin {
    /// `a·n + b·k + c`.
    pub const fn new(a: i64, b: i64, c: i64) -> Lin {
        Lin { n: a, k: b, c }
    }

    /// The value at the integer point `(n, k)`.
    pub fn at(self, n: i64, k: i64) -> i64 {
        self.n * n + self.k * k + self.c
    }

    /// The form after `n → n + 1`.
    pub fn shift_n(self) -> Lin {
        Lin {
            c: self.c + self.n,
            ..self
        }
    }

    /// The form after `k → k + 1`.
    pub fn shift_k(self) -> Lin {
        Lin {
            c: self.c + self.k,
            ..self
        }
    }

    /// The form as a polynomial in the variables `n`, `k`.
    pub fn to_mpoly(self) -> MPoly {
        MPoly::var("n")
            .scale(&Rational::from(self.n))
            .add(&MPoly::var("k").scale(&Rational::from(self.k)))
            .add(&MPoly::constant(Rational::from(self.c)))
    }
}

impl fmt::Display for Lin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_mpoly().to_string())
    }
}

/// A proper hypergeometric term (see the module doc).
#[derive(Clone, Debug)]
pub struct Term {
    /// A rational function of the parameters (no `n`, `k`).
    pub coeff: MRatFn,
    /// A polynomial in `n`, `k` and the parameters.
    pub poly: MPoly,
    /// `(argument, exponent)`: the factor `argument!^exponent`.
    pub facts: Vec<(Lin, i32)>,
    /// `(base, exponent)`: the factor `base^exponent`, the base a non-zero rational function of
    /// the parameters.
    pub powers: Vec<(MRatFn, Lin)>,
}

/// Where a term stands at an integer point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every factorial argument is ≥ 0: the closed form applies.
    Regular,
    /// A denominator factorial has a negative argument: the term is 0.
    Zero,
}

fn is_param_only(p: &MPoly) -> bool {
    p.vars().iter().all(|v| v != "n" && v != "k")
}

impl Term {
    /// A term, validated: the coefficient and the bases are free of `n`, `k`; the bases are
    /// not identically zero; a numerator factorial does not involve `k`; a denominator
    /// factorial has `b ∈ {−1, 0, 1}`.
    pub fn new(
        coeff: MRatFn,
        poly: MPoly,
        facts: Vec<(Lin, i32)>,
        powers: Vec<(MRatFn, Lin)>,
    ) -> Result<Term, String> {
        if !is_param_only(&coeff.num) || !is_param_only(&coeff.den) {
            return Err(format!("the coefficient {coeff} involves n or k"));
        }
        for (b, _) in &powers {
            if !is_param_only(&b.num) || !is_param_only(&b.den) {
                return Err(format!("the power base {b} involves n or k"));
            }
            if b.is_zero() {
                return Err(format!("the power base {b} is zero"));
            }
        }
        for (l, e) in &facts {
            if *e > 0 && l.k != 0 {
                return Err(format!(
                    "the numerator factorial ({l})! involves k (its value could be undefined)"
                ));
            }
            if l.k.abs() > 1 {
                return Err(format!(
                    "the factorial ({l})! has k-coefficient {} (only -1, 0, 1 are supported)",
                    l.k
                ));
            }
        }
        let facts = facts.into_iter().filter(|(_, e)| *e != 0).collect();
        Ok(Term {
            coeff,
            poly,
            facts,
            powers,
        })
    }

    /// The term `−self`.
    pub fn neg(&self) -> Term {
        Term {
            coeff: MRatFn::from_poly(MPoly::constant(-Rational::ONE)).mul(&self.coeff),
            ..self.clone()
        }
    }

    /// `self · o`: coefficients and polynomials multiply, factorials and powers are joined
    /// (a factor's value is 0 where one of its denominator factorials has a negative argument,
    /// so the product's closed form vanishes exactly where one of the factors does).
    pub fn mul(&self, o: &Term) -> Result<Term, String> {
        let mut facts = self.facts.clone();
        facts.extend(o.facts.iter().cloned());
        let mut powers = self.powers.clone();
        powers.extend(o.powers.iter().cloned());
        Term::new(
            self.coeff.mul(&o.coeff),
            self.poly.mul(&o.poly),
            facts,
            powers,
        )
    }

    /// `T(n + 1, k)`.
    pub fn shift_n(&self) -> Term {
        self.map_lins("n", Lin::shift_n)
    }

    /// `T(n, k + 1)`.
    pub fn shift_k(&self) -> Term {
        self.map_lins("k", Lin::shift_k)
    }

    fn map_lins(&self, var: &str, f: fn(Lin) -> Lin) -> Term {
        Term {
            coeff: self.coeff.clone(),
            poly: self.poly.shift(var),
            facts: self.facts.iter().map(|(l, e)| (f(*l), *e)).collect(),
            powers: self
                .powers
                .iter()
                .map(|(b, l)| (b.clone(), f(*l)))
                .collect(),
        }
    }

    /// `T(n, c)`: the term on the line `k = c` (a term in `n` alone).
    pub fn at_k(&self, c: i64) -> Term {
        self.on_line(0, c)
    }

    /// `T(n, s·n + c)`: the term on the line `k = s·n + c` (a term in `n` alone).
    pub fn on_line(&self, s: i64, c: i64) -> Term {
        let fix = |l: Lin| Lin::new(l.n + l.k * s, 0, l.c + l.k * c);
        let k = Lin::new(s, 0, c).to_mpoly();
        Term {
            coeff: self.coeff.clone(),
            poly: self.poly.substitute("k", &k),
            facts: self.facts.iter().map(|(l, e)| (fix(*l), *e)).collect(),
            powers: self
                .powers
                .iter()
                .map(|(b, l)| (b.clone(), fix(*l)))
                .collect(),
        }
    }

    /// The status at the integer point `(n, k)`; `Err` if a numerator factorial has a negative
    /// argument (the term is undefined there).
    pub fn status(&self, n: i64, k: i64) -> Result<Status, String> {
        let mut st = Status::Regular;
        for (l, e) in &self.facts {
            if l.at(n, k) < 0 {
                if *e > 0 {
                    return Err(format!("({l})! at n = {n}, k = {k} is undefined"));
                }
                st = Status::Zero;
            }
        }
        Ok(st)
    }

    /// The value at the integer point `(n, k)`, as a rational function of the parameters,
    /// computed from the closed form (`1/j! = 0` for `j < 0`).
    pub fn value(&self, n: i64, k: i64) -> Result<MRatFn, String> {
        if self.status(n, k)? == Status::Zero {
            return Ok(MRatFn::from_poly(MPoly::zero()));
        }
        let nq = Rational::from(n);
        let kq = Rational::from(k);
        let p = self.poly.specialize("n", &nq).specialize("k", &kq);
        let mut v = self.coeff.mul(&MRatFn::from_poly(p));
        for (l, e) in &self.facts {
            let f = MPoly::constant(Rational::from(factorial(l.at(n, k))));
            v = power(&v, &MRatFn::from_poly(f), i64::from(*e));
        }
        for (b, l) in &self.powers {
            v = power(&v, b, l.at(n, k));
        }
        Ok(v)
    }

    /// `self / bare(reference)` as a rational function of `n`, `k` and the parameters, where
    /// `bare` drops the reference's polynomial factor (so nothing is divided by a polynomial
    /// that may vanish at an integer point). Valid at every point where both terms are
    /// regular. `Err` when the quotient is not rational (the factorials or powers do not
    /// match up to integer shifts).
    pub fn ratio(&self, reference: &Term) -> Result<MRatFn, String> {
        let mut r = self
            .coeff
            .div(&reference.coeff)
            .ok_or_else(|| "the reference term has a zero coefficient".to_string())?
            .mul(&MRatFn::from_poly(self.poly.clone()));
        // Factorials: per slope (a, b), the numerator and denominator copies pair up in order.
        let mut slopes: Vec<(i64, i64)> = self
            .facts
            .iter()
            .chain(&reference.facts)
            .map(|(l, _)| (l.n, l.k))
            .collect();
        slopes.sort();
        slopes.dedup();
        for (a, b) in slopes {
            let (mut num, mut den) = (Vec::new(), Vec::new());
            let copies =
                |facts: &[(Lin, i32)], sign: i32, num: &mut Vec<i64>, den: &mut Vec<i64>| {
                    for (l, e) in facts.iter().filter(|(l, _)| (l.n, l.k) == (a, b)) {
                        let e = sign * e;
                        let into = if e > 0 { &mut *num } else { &mut *den };
                        into.extend(std::iter::repeat_n(l.c, e.unsigned_abs() as usize));
                    }
                };
            copies(&self.facts, 1, &mut num, &mut den);
            copies(&reference.facts, -1, &mut num, &mut den);
            if num.len() != den.len() {
                return Err(format!(
                    "the factorials of slope ({a} n + {b} k) do not cancel: the quotient is not rational"
                ));
            }
            num.sort();
            den.sort();
            let base = Lin::new(a, b, 0).to_mpoly();
            for (cn, cd) in num.into_iter().zip(den) {
                // (L + cn)! / (L + cd)! = Π_{j = cd+1}^{cn} (L + j), or its reciprocal.
                let (hi, lo, up) = if cn >= cd {
                    (cn, cd, true)
                } else {
                    (cd, cn, false)
                };
                let mut p = MPoly::one();
                for j in lo + 1..=hi {
                    p = p.mul(&base.add(&MPoly::constant(Rational::from(j))));
                }
                let f = MRatFn::from_poly(p);
                r = if up {
                    r.mul(&f)
                } else {
                    r.div(&f).expect("a product of linear factors is non-zero")
                };
            }
        }
        // Powers: per base, the exponents must differ by a constant.
        let mut bases: Vec<(MRatFn, Lin)> = Vec::new();
        let mut add = |b: &MRatFn, l: Lin, sign: i64| {
            let l = Lin::new(sign * l.n, sign * l.k, sign * l.c);
            match bases.iter_mut().find(|(x, _)| x.equals(b)) {
                Some((_, acc)) => *acc = Lin::new(acc.n + l.n, acc.k + l.k, acc.c + l.c),
                None => bases.push((b.clone(), l)),
            }
        };
        for (b, l) in &self.powers {
            add(b, *l, 1);
        }
        for (b, l) in &reference.powers {
            add(b, *l, -1);
        }
        for (b, l) in bases {
            if b.equals(&MRatFn::from_poly(MPoly::one())) {
                continue; // 1^e = 1 for every integer e
            }
            if l.n != 0 || l.k != 0 {
                return Err(format!(
                    "the powers of {b} do not cancel: the quotient is not rational"
                ));
            }
            r = power(&r, &b, l.c);
        }
        Ok(r)
    }
}

/// `acc · b^e` for an integer `e` (`b` non-zero when `e < 0`).
fn power(acc: &MRatFn, b: &MRatFn, e: i64) -> MRatFn {
    let (f, e) = if e >= 0 {
        (b.clone(), e)
    } else {
        (b.recip().expect("a non-zero base"), -e)
    };
    let e = u32::try_from(e).expect("an exponent that fits in u32");
    acc.mul(&MRatFn {
        num: f.num.pow(e),
        den: f.den.pow(e),
        ..f
    })
}

fn factorial(j: i64) -> malachite::Natural {
    use malachite::base::num::arithmetic::traits::Factorial;
    malachite::Natural::factorial(u64::try_from(j).expect("a non-negative argument"))
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let one = MRatFn::from_poly(MPoly::one());
        if !self.coeff.equals(&one) {
            parts.push(format!("({})", self.coeff));
        }
        if self.poly != MPoly::one() {
            parts.push(format!("({})", self.poly));
        }
        let num: Vec<String> = self
            .facts
            .iter()
            .filter(|(_, e)| *e > 0)
            .map(|(l, e)| fact_str(*l, *e))
            .collect();
        let den: Vec<String> = self
            .facts
            .iter()
            .filter(|(_, e)| *e < 0)
            .map(|(l, e)| fact_str(*l, -e))
            .collect();
        match (num.is_empty(), den.is_empty()) {
            (true, true) => {}
            (false, true) => parts.push(num.join(" ")),
            (true, false) => parts.push(format!("1/({})", den.join(" "))),
            (false, false) => parts.push(format!("{}/({})", num.join(" "), den.join(" "))),
        }
        for (b, l) in &self.powers {
            parts.push(format!("({b})^({l})"));
        }
        if parts.is_empty() {
            parts.push("1".into());
        }
        f.write_str(&parts.join(" · "))
    }
}

fn fact_str(l: Lin, e: i32) -> String {
    if e == 1 {
        format!("({l})!")
    } else {
        format!("(({l})!)^{e}")
    }
}

/// A breakpoint line `k = s·n + b` of the `k`-line (see the module doc).
type Line = (i64, i64);

/// How [`check_identity`] covered the plane: for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityProof {
    /// From this `n` on, the breakpoints are in their final order.
    pub n_star: i64,
    /// Two-dimensional cells checked as rational identities in `(n, k)`.
    pub cells: usize,
    /// Lines `k = s·n + b` checked as rational identities in `n`.
    pub lines: usize,
    /// Points `n0 ≤ n < N*` checked one by one.
    pub small_n: usize,
}

/// The sums of the regular terms (by `status`), one per class of terms whose quotients are
/// rational, each divided by its class's first term (without its polynomial factor). The whole
/// sum vanishes where every class sum does.
fn sum_regular(
    terms: &[Term],
    status: impl Fn(&Term) -> Result<Status, String>,
) -> Result<Vec<MRatFn>, String> {
    let mut classes: Vec<(&Term, MRatFn)> = Vec::new();
    'terms: for t in terms {
        if status(t)? == Status::Zero {
            continue;
        }
        for (reference, s) in classes.iter_mut() {
            if let Ok(r) = t.ratio(reference) {
                *s = s.add(&r);
                continue 'terms;
            }
        }
        let own = t.ratio(t)?;
        classes.push((t, own));
    }
    Ok(classes.into_iter().map(|(_, s)| s).collect())
}

/// Decide `Σ_i terms[i](n, k) = 0` for every integer `n ≥ n0` and every integer `k`, as rational
/// functions of the parameters (see the module doc). `Err` says which cell, line or point
/// failed, or why the terms are outside what the checker covers.
pub fn check_identity(terms: &[Term], n0: i64) -> Result<IdentityProof, String> {
    let all_facts: Vec<(Lin, i32)> = terms.iter().flat_map(|t| t.facts.clone()).collect();
    for (l, e) in &all_facts {
        if *e > 0 && (l.n < 0 || l.at(n0, 0) < 0) {
            return Err(format!(
                "the numerator factorial ({l})! is not defined for every n ≥ {n0}"
            ));
        }
    }
    // Breakpoints: b = +1: regular iff k ≥ −a n − c; b = −1: regular iff k < a n + c + 1.
    let mut lines: Vec<Line> = all_facts
        .iter()
        .filter(|(l, _)| l.k != 0)
        .map(|(l, _)| {
            if l.k == 1 {
                (-l.n, -l.c)
            } else {
                (l.n, l.c + 1)
            }
        })
        .collect();
    lines.sort();
    lines.dedup();
    // N*: every k-free form has its final sign, and lines of different slope are strictly
    // ordered by slope.
    let mut n_star = n0;
    for (l, _) in all_facts.iter().filter(|(l, _)| l.k == 0) {
        let settled = match l.n.signum() {
            1 => (-l.c).div_euclid(l.n) + 1,
            -1 => l.c.div_euclid(-l.n) + 1,
            _ => n0,
        };
        n_star = n_star.max(settled);
    }
    for (i, &(s1, b1)) in lines.iter().enumerate() {
        for &(s2, b2) in &lines[i + 1..] {
            if s2 > s1 {
                n_star = n_star.max((b1 - b2).div_euclid(s2 - s1) + 1);
            }
        }
    }
    let at = |(s, b): Line, n: i64| s * n + b;
    let mut proof = IdentityProof {
        n_star,
        cells: 0,
        lines: 0,
        small_n: 0,
    };
    // n ≥ N*: cells and lines.
    let zero_or = |rs: Vec<MRatFn>, what: String| match rs.into_iter().find(|r| !r.is_zero()) {
        None => Ok(()),
        Some(r) => Err(format!("not an identity on {what}: the sum is {r}")),
    };
    let cell_check = |k_sample: i64, what: String| -> Result<(), String> {
        let s = sum_regular(terms, |t| t.status(n_star, k_sample))?;
        zero_or(s, what)
    };
    if lines.is_empty() {
        cell_check(0, format!("the plane n ≥ {n_star}"))?;
        proof.cells += 1;
    } else {
        let first = lines[0];
        cell_check(
            at(first, n_star) - 1,
            format!("the cell k < {}", Lin::new(first.0, 0, first.1)),
        )?;
        let last = *lines.last().expect("non-empty");
        cell_check(
            at(last, n_star),
            format!("the cell k ≥ {}", Lin::new(last.0, 0, last.1)),
        )?;
        proof.cells += 2;
        for w in lines.windows(2) {
            let (p, q) = (w[0], w[1]);
            if p.0 == q.0 {
                for j in 0..q.1 - p.1 {
                    let (s, b) = (p.0, p.1 + j);
                    let r = sum_regular(terms, |t| t.status(n_star, at((s, b), n_star)))?;
                    let on_line = Lin::new(s, 0, b).to_mpoly();
                    zero_or(
                        r.iter().map(|c| c.substitute("k", &on_line)).collect(),
                        format!("the line k = {} (n ≥ {n_star})", Lin::new(s, 0, b)),
                    )?;
                    proof.lines += 1;
                }
            } else {
                cell_check(
                    at(p, n_star),
                    format!(
                        "the cell {} ≤ k < {}",
                        Lin::new(p.0, 0, p.1),
                        Lin::new(q.0, 0, q.1)
                    ),
                )?;
                proof.cells += 1;
            }
        }
    }
    // n0 ≤ n < N*: one n at a time.
    for n in n0..n_star {
        let nq = MPoly::constant(Rational::from(n));
        let mut pts: Vec<i64> = lines.iter().map(|&l| at(l, n)).collect();
        pts.sort();
        pts.dedup();
        let ends: Vec<i64> = match (pts.first(), pts.last()) {
            (Some(a), Some(b)) => vec![a - 1, *b],
            _ => vec![0],
        };
        for k in ends {
            let r = sum_regular(terms, |t| t.status(n, k))?;
            zero_or(
                r.iter().map(|c| c.substitute("n", &nq)).collect(),
                format!("an end of the k-line at n = {n}"),
            )?;
        }
        if let (Some(a), Some(b)) = (pts.first(), pts.last()) {
            for k in *a..*b {
                let mut s = MRatFn::from_poly(MPoly::zero());
                for t in terms {
                    s = s.add(&t.value(n, k)?);
                }
                zero_or(vec![s], format!("the point n = {n}, k = {k}"))?;
            }
        }
        proof.small_n += 1;
    }
    Ok(proof)
}

/// A checked WZ proof of `Σ_k F(n, k) = 1` for every integer `n ≥ n0`.
#[derive(Clone, Debug)]
#[allow(dead_code)] // n0 and initial_support record what was checked; no caller reads them yet
pub struct WzProof {
    pub n0: i64,
    pub identity: IdentityProof,
    /// The support of `F(n0, ·)` that was summed.
    pub initial_support: (i64, i64),
}

/// The `k`-range outside which `t(n, ·)` vanishes, from its denominator factorials with
/// `b = ±1`; `None` if it has no finite support in `k`.
pub fn support(t: &Term, n: i64) -> Option<(i64, i64)> {
    let lo = t
        .facts
        .iter()
        .filter(|(l, e)| *e < 0 && l.k == 1)
        .map(|(l, _)| -l.n * n - l.c)
        .max()?;
    let hi = t
        .facts
        .iter()
        .filter(|(l, e)| *e < 0 && l.k == -1)
        .map(|(l, _)| l.n * n + l.c)
        .min()?;
    Some((lo, hi))
}

/// Check the WZ certificate `g` for `Σ_k f(n, k) = 1`, `n ≥ n0` (see the module doc).
pub fn check_wz(f: &Term, g: &Term, n0: i64) -> Result<WzProof, String> {
    for (name, t) in [("F", f), ("G", g)] {
        if support(t, n0).is_none() {
            return Err(format!(
                "{name} = {t} has no finite support in k (a denominator factorial with +k and one with -k are needed)"
            ));
        }
    }
    let identity = check_identity(&[f.shift_n(), f.neg(), g.shift_k().neg(), g.clone()], n0)
        .map_err(|e| format!("F(n+1,k) - F(n,k) = G(n,k+1) - G(n,k) fails: {e}"))?;
    let (lo, hi) = support(f, n0).expect("checked above");
    let mut s = MRatFn::from_poly(MPoly::zero());
    for k in lo..=hi {
        s = s.add(&f.value(n0, k)?);
    }
    if !s.equals(&MRatFn::from_poly(MPoly::one())) {
        return Err(format!("the initial value: sum_k F({n0}, k) = {s}, not 1"));
    }
    Ok(WzProof {
        n0,
        identity,
        initial_support: (lo, hi),
    })
}

/// Check a closed form of a partial sum (Gosper's form of an indefinite sum):
/// `Σ_{k=0}^{l−1} s(n, k) = Σ_j A_j(n, l)` for every `n ≥ n0` and `l ≥ 0`, by
/// `A(n, l+1) − A(n, l) = s(n, l)` at every integer point ([`check_identity`]) and
/// `A(n, 0) = 0` for every `n ≥ n0`; induction on `l` does the rest.
pub fn check_partial_sum(
    summand: &Term,
    closed: &[Term],
    n0: i64,
) -> Result<IdentityProof, String> {
    let mut ts: Vec<Term> = closed.iter().map(Term::shift_k).collect();
    ts.extend(closed.iter().map(Term::neg));
    ts.push(summand.neg());
    let p =
        check_identity(&ts, n0).map_err(|e| format!("A(n,l+1) - A(n,l) = s(n,l) fails: {e}"))?;
    let at0: Vec<Term> = closed.iter().map(|a| a.at_k(0)).collect();
    check_identity(&at0, n0).map_err(|e| format!("A(n,0) = 0 fails: {e}"))?;
    Ok(p)
}

/// The binomial coefficient `C(n + dn, k + dk)` as factorials (`dn`, `dk` integer shifts).
pub fn binomial_facts(dn: i64, dk: i64) -> Vec<(Lin, i32)> {
    vec![
        (Lin::new(1, 0, dn), 1),
        (Lin::new(0, 1, dk), -1),
        (Lin::new(1, -1, dn - dk), -1),
    ]
}

#[cfg(test)]
mod tests;
