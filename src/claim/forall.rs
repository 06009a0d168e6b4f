//! *Holds for all*: symbolic certificates that lift a claim from its grid to a whole domain
//! (every n ≥ 1, every m ≥ 2, every t = e^ε ≥ 1, every α = e^{−ε} > 0 …; issue 32, DESIGN.md
//! "Verdicts").
//!
//! A [`ForAll`] names a claim, its domain, the hypotheses it rests on (structural facts such as
//! the sphere sizes of H(n, m), printed with the claim IDs that establish them on the grid) and
//! a list of [`Part`]s, each a statement with the [`Step`] that proves it: a WZ pair
//! ([`hypergeom::check_wz`]), a closed partial sum ([`hypergeom::check_partial_sum`]), an
//! identity of terms at every integer point ([`hypergeom::check_identity`]), a rational
//! identity (exact zero test), a sign certificate (every coefficient of the polynomial
//! shifted to the domain's corner is ≥ 0; strict or not), or a parametric LP duality
//! certificate for a symmetry-reduced LP family ([`lp`]: a primal and a dual point in closed
//! form, whose reduced costs, rows, signs and objective are checked with the steps above).
//! Nothing is trusted: [`lift`] re-checks every step each run.
//!
//! The grid stays as a cross-check: [`lift`] upgrades a report to `holds-for-all` only when the
//! grid itself holds, and every part is also evaluated term by term at the claim's grid
//! instances (the sum added up, the rational function evaluated) — a route that does not go
//! through the certificate. A certificate that fails, or disagrees with the grid, makes the
//! claim an `error` row, never a silent fallback.

pub mod lp;

use super::verdict::Report;
use super::{Check, Method, Outcome, Value};
use crate::num::hypergeom::{self, Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn, Point};
use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;
use serde::Serialize;

/// A domain: each variable with its lower bound, strict or not (`α > 0`, `m ≥ 2`, `n ≥ 1`).
#[derive(Clone, Debug)]
pub struct Domain {
    /// `(variable, lower bound, strict)`.
    pub lows: Vec<(&'static str, Rational, bool)>,
    /// How the domain reads (with any upper bounds the claim carries but no sign step uses).
    pub text: String,
}

impl Domain {
    /// `p` with every variable shifted to its lower bound, `x = low + s_x` (`s_x ≥ 0`), or
    /// `None` when a variable of `p` has no bound on the domain.
    fn shifted(&self, p: &MPoly) -> Option<MPoly> {
        if p.vars()
            .iter()
            .any(|v| !self.lows.iter().any(|(x, _, _)| x == v))
        {
            return None;
        }
        let mut q = p.clone();
        for (x, lo, _) in &self.lows {
            q = q.substitute(x, &MPoly::var(x).add(&MPoly::constant(lo.clone())));
        }
        Some(q)
    }

    /// `p > 0` on the domain, certified: with `x = low + s_x` (`s_x ≥ 0`, `> 0` if strict) every
    /// coefficient in the `s` is ≥ 0 and some monomial in the strict variables alone is > 0.
    /// `false` means "not certified".
    pub fn positive(&self, p: &MPoly) -> bool {
        let Some(q) = self.shifted(p) else {
            return false;
        };
        let strict: Vec<&str> = self
            .lows
            .iter()
            .filter(|(_, _, s)| *s)
            .map(|(x, _, _)| *x)
            .collect();
        q.terms().all(|(_, c)| *c >= 0u32)
            && q.terms()
                .any(|(m, c)| *c > 0u32 && m.keys().all(|v| strict.contains(&v.as_str())))
    }

    /// `p ≥ 0` on the domain, certified: with `x = low + s_x` every coefficient in the `s` is
    /// `≥ 0`. `false` means "not certified".
    pub fn nonnegative(&self, p: &MPoly) -> bool {
        self.shifted(p)
            .is_some_and(|q| q.terms().all(|(_, c)| *c >= 0u32))
    }

    /// The numerator and every denominator ([`MRatFn::denominators`]: the divisors' too, so a
    /// denominator that a division moved into the numerator is not lost) are certified
    /// positive on the domain.
    pub fn positive_ratfn(&self, r: &MRatFn) -> bool {
        self.positive(&r.num) && self.denominators_positive(r).is_ok()
    }

    /// Every denominator of `r` ([`MRatFn::denominators`]) is certified positive on the
    /// domain; `Err` names the first that is not (issue 42, item 1: `1/(1/(n − 2))` reduces to
    /// `n − 2` but is undefined at `n = 2`).
    pub fn denominators_positive(&self, r: &MRatFn) -> Result<(), String> {
        match r.denominators().find(|d| !self.positive(d)) {
            Some(d) => Err(format!(
                "the denominator of {r} ({d}) is not certified positive on {}",
                self.text
            )),
            None => Ok(()),
        }
    }
}

/// How a part is proved.
#[derive(Clone, Debug)]
pub enum Step {
    /// `Σ_k f(n, k) = 1` for every integer `n ≥ n0`, by the WZ mate `g`.
    Wz { f: Term, g: Term, n0: i64 },
    /// `Σ_{k<l} summand(n, k) = Σ closed(n, l)` for every `n ≥ n0`, `l ≥ 0`.
    PartialSum {
        summand: Term,
        closed: Vec<Term>,
        n0: i64,
    },
    /// `Σ terms(n, k) = 0` at every integer point with `n ≥ n0`.
    Terms { terms: Vec<Term>, n0: i64 },
    /// `lhs = rhs` as rational functions (the domain keeps every denominator positive).
    Rational { lhs: MRatFn, rhs: MRatFn },
    /// `r > 0` on the domain (numerator and denominator certified positive).
    Positive { r: MRatFn },
    /// `r ≥ 0` on the domain (numerator certified `≥ 0`, denominator `> 0`).
    NonNegative { r: MRatFn },
    /// A symmetry-reduced LP family whose optimum is `V(n)` for every `n ≥ n0`, by a primal
    /// and a dual point in closed form ([`lp::OrbitLpCertificate`]).
    OrbitLp(Box<lp::OrbitLpCertificate>),
    /// `term(n, k) > 0` for every `n ≥ n0` and `lo(n) ≤ k ≤ hi(n)` (no upper end: `hi = None`).
    PositiveTerm {
        term: Term,
        n0: i64,
        lo: Lin,
        hi: Option<Lin>,
    },
}

/// One proved statement of a claim.
#[derive(Clone, Debug)]
pub struct Part {
    pub statement: String,
    pub step: Step,
}

/// A claim's certificate for a whole domain.
pub struct ForAll {
    pub id: &'static str,
    pub domain: Domain,
    /// Named hypotheses the parts rest on, each with the claim IDs that check it on the grid.
    pub hypotheses: Vec<String>,
    pub parts: Vec<Part>,
    /// Grid instances for the cross-check: values of the integer variable `n` and of the
    /// parameters (those left out stay symbolic).
    pub cross: Vec<(i64, Point)>,
}

/// What a report shows of a checked certificate.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ForAllEvidence {
    pub domain: String,
    pub hypotheses: Vec<String>,
    pub parts: Vec<PartEvidence>,
    /// How many grid instances the parts were cross-checked at.
    pub cross_checked: usize,
    /// How: every part's closed forms evaluated term by term there, and, for a parametric LP
    /// part, the reduced LP built and solved exactly at that instance.
    pub cross_check_how: String,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PartEvidence {
    pub statement: String,
    pub method: String,
    pub certificate: String,
    pub checked: String,
}

fn zero() -> MRatFn {
    MRatFn::from_poly(MPoly::zero())
}

fn params_positive(d: &Domain, tm: &Term) -> Result<(), String> {
    for (b, _) in &tm.powers {
        if !d.positive_ratfn(b) {
            return Err(format!(
                "the power base {b} is not certified positive on {}",
                d.text
            ));
        }
    }
    if !tm.coeff.is_zero() {
        d.denominators_positive(&tm.coeff)?;
    }
    Ok(())
}

impl Step {
    /// Check the step; `Ok` gives (method, certificate, what was checked).
    pub fn check(&self, d: &Domain) -> Result<(String, String, String), String> {
        match self {
            Step::Wz { f, g, n0 } => {
                params_positive(d, f)?;
                params_positive(d, g)?;
                let p = hypergeom::check_wz(f, g, *n0)?;
                Ok((
                    "wz-certificate".into(),
                    format!("F(n,k) = {f}; G(n,k) = {g}"),
                    format!(
                        "F(n+1,k) - F(n,k) = G(n,k+1) - G(n,k) at every integer point n >= {n0} ({} cells, {} boundary lines as rational identities, n < {} one by one); F, G of finite support; sum_k F({n0},k) = 1",
                        p.identity.cells, p.identity.lines, p.identity.n_star
                    ),
                ))
            }
            Step::PartialSum {
                summand,
                closed,
                n0,
            } => {
                params_positive(d, summand)?;
                for a in closed {
                    params_positive(d, a)?;
                }
                let p = hypergeom::check_partial_sum(summand, closed, *n0)?;
                let a: Vec<String> = closed.iter().map(|tm| tm.to_string()).collect();
                Ok((
                    "gosper-certificate".into(),
                    format!("s(n,k) = {summand}; A(n,l) = {}", a.join(" + ")),
                    format!(
                        "A(n,l+1) - A(n,l) = s(n,l) at every integer point n >= {n0} ({} cells, {} boundary lines); A(n,0) = 0",
                        p.cells, p.lines
                    ),
                ))
            }
            Step::Terms { terms, n0 } => {
                for tm in terms {
                    params_positive(d, tm)?;
                }
                let p = hypergeom::check_identity(terms, *n0)?;
                let ts: Vec<String> = terms.iter().map(|tm| tm.to_string()).collect();
                Ok((
                    "term-identity".into(),
                    format!("{} = 0", ts.join(" + ")),
                    format!(
                        "at every integer point n >= {n0} ({} cells, {} boundary lines, n < {} one by one)",
                        p.cells, p.lines, p.n_star
                    ),
                ))
            }
            Step::Rational { lhs, rhs } => {
                d.denominators_positive(lhs)?;
                d.denominators_positive(rhs)?;
                if !lhs.equals(rhs) {
                    return Err(format!("{lhs} and {rhs} differ as rational functions"));
                }
                Ok((
                    "rational-identity".into(),
                    format!("{lhs} = {rhs}"),
                    "cross-multiplied difference expands to 0; denominators positive on the domain"
                        .into(),
                ))
            }
            Step::Positive { r } => {
                d.denominators_positive(r)?;
                if !d.positive(&r.num) {
                    return Err(format!("{r} is not certified positive on {}", d.text));
                }
                Ok((
                    "sign-certificate".into(),
                    format!("{r} > 0"),
                    "numerator and denominator: every coefficient >= 0 after shifting to the domain's corner".into(),
                ))
            }
            Step::NonNegative { r } => {
                d.denominators_positive(r)?;
                if !d.nonnegative(&r.num) {
                    return Err(format!("{r} is not certified non-negative on {}", d.text));
                }
                Ok((
                    "sign-certificate".into(),
                    format!("{r} >= 0"),
                    "numerator: every coefficient >= 0 after shifting to the domain's corner; denominator positive".into(),
                ))
            }
            Step::OrbitLp(c) => c.check(d),
            Step::PositiveTerm { term, n0, lo, hi } => {
                params_positive(d, term)?;
                if !d.positive(&term.coeff.num) {
                    return Err(format!("{} is not certified positive", term.coeff));
                }
                // Every factorial argument is ≥ 0 on the range: a linear form is smallest at
                // an end of [lo(n), hi(n)], and an end is a linear form in n.
                let range = match hi {
                    Some(hi) => format!("{lo} <= k <= {hi}"),
                    None => format!("k >= {lo}"),
                };
                if hi.is_none() && term.facts.iter().any(|(l, _)| l.k != 0) {
                    return Err("a factorial in k needs an upper end of the range".into());
                }
                for (l, _) in &term.facts {
                    for end in [Some(lo), hi.as_ref()].into_iter().flatten() {
                        let on = Lin::new(l.n + l.k * end.n, 0, l.c + l.k * end.c);
                        if on.n < 0 || on.at(*n0, 0) < 0 {
                            return Err(format!(
                                "({l})! is not regular for every n >= {n0}, {range}"
                            ));
                        }
                    }
                }
                // The polynomial on n = n0 + s, k = lo(n) + s' (s, s' ≥ 0).
                let mut dom = d.clone();
                dom.lows.retain(|(x, _, _)| *x != "n" && *x != "k");
                let kk = MPoly::var("k").add(&lo.to_mpoly());
                let p = term.poly.substitute("k", &kk);
                dom.lows.push(("n", Rational::from(*n0), false));
                dom.lows.push(("k", Rational::ZERO, false));
                if !dom.positive(&p) {
                    return Err(format!(
                        "the polynomial {} is not certified positive for n >= {n0}, k >= {lo}",
                        term.poly
                    ));
                }
                Ok((
                    "sign-certificate".into(),
                    format!("{term} > 0"),
                    format!("a product of positive factors for n >= {n0}, {range} (factorials regular, bases and polynomial positive)"),
                ))
            }
        }
    }

    /// Evaluate the step's statement at one instance by another route (the sum added up term
    /// by term, the rational functions evaluated); `Err` on disagreement, and where a
    /// denominator vanishes at the instance (issue 42, item 1: it was read as 0).
    pub fn cross_check(&self, n: i64, at: &Point) -> Result<(), String> {
        let spec = |r: &MRatFn| -> Result<MRatFn, String> {
            spec_all(r, at)
                .ok_or_else(|| format!("at n = {n}: a denominator of {r} vanishes at {at:?}"))
        };
        let sum = |ts: &[Term], k: i64| -> Result<MRatFn, String> {
            let mut s = zero();
            for tm in ts {
                s = s.add(&tm.value(n, k)?);
            }
            spec(&s)
        };
        match self {
            Step::Wz { f, n0, .. } => {
                if n < *n0 {
                    return Ok(());
                }
                let (lo, hi) = hypergeom::support(f, n).ok_or("no finite support")?;
                let mut s = zero();
                for k in lo..=hi {
                    s = s.add(&spec(&f.value(n, k)?)?);
                }
                if !s.equals(&MRatFn::from_poly(MPoly::one())) {
                    return Err(format!("at n = {n}: sum_k F(n,k) = {s}"));
                }
            }
            Step::PartialSum {
                summand,
                closed,
                n0,
            } => {
                if n < *n0 {
                    return Ok(());
                }
                let mut acc = zero();
                for l in 0..=n + 2 {
                    if !acc.equals(&sum(closed, l)?) {
                        return Err(format!("at n = {n}, l = {l}: the partial sum differs"));
                    }
                    acc = acc.add(&spec(&summand.value(n, l)?)?);
                }
            }
            Step::Terms { terms, n0 } => {
                if n < *n0 {
                    return Ok(());
                }
                for k in -2..=n + 2 {
                    if !sum(terms, k)?.is_zero() {
                        return Err(format!("at n = {n}, k = {k}: the terms do not cancel"));
                    }
                }
            }
            Step::Rational { lhs, rhs } => {
                let mut pt = at.clone();
                pt.insert("n".into(), Rational::from(n));
                let spec = |r: &MRatFn| {
                    spec_all(r, &pt)
                        .ok_or_else(|| format!("at n = {n}: a denominator of {r} vanishes"))
                };
                let (a, b) = (spec(lhs)?, spec(rhs)?);
                if !a.equals(&b) {
                    return Err(format!("at n = {n}: {a} != {b}"));
                }
            }
            Step::OrbitLp(c) => c.cross_check(n, at)?,
            Step::Positive { .. } | Step::NonNegative { .. } | Step::PositiveTerm { .. } => {}
        }
        Ok(())
    }
}

fn spec_all(r: &MRatFn, at: &Point) -> Option<MRatFn> {
    let mut r = r.clone();
    for (x, v) in at {
        r = r.specialize(x, v)?;
    }
    Some(r)
}

impl ForAll {
    /// Check every part and cross-check it at the grid instances.
    pub fn check(&self) -> Result<ForAllEvidence, String> {
        let mut parts = Vec::new();
        for p in &self.parts {
            let (method, certificate, checked) = p
                .step
                .check(&self.domain)
                .map_err(|e| format!("{}: {e}", p.statement))?;
            for (n, at) in &self.cross {
                p.step
                    .cross_check(*n, at)
                    .map_err(|e| format!("{}: cross-check {e}", p.statement))?;
            }
            parts.push(PartEvidence {
                statement: p.statement.clone(),
                method,
                certificate,
                checked,
            });
        }
        let lp = self
            .parts
            .iter()
            .any(|p| matches!(p.step, Step::OrbitLp(_)));
        Ok(ForAllEvidence {
            domain: self.domain.text.clone(),
            hypotheses: self.hypotheses.clone(),
            parts,
            cross_checked: self.cross.len(),
            cross_check_how: if lp {
                "every part evaluated term by term, and the reduced LP solved exactly (lp::solve)"
            } else {
                "every part evaluated term by term"
            }
            .to_string(),
        })
    }
}

fn certificate_error(why: String) -> Check {
    Check::new(
        "the for-all certificate",
        Value::text("-", ""),
        Value::text("-", ""),
        Method::Exact,
        Outcome::Error,
    )
    .with_note(why)
}

/// Upgrade a grid report to `holds-for-all` when its claim has a certificate that checks and
/// the grid holds; a certificate that fails, or a grid that does not hold, is an error row.
pub fn lift(report: Report, cert: &ForAll) -> Report {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cert.check()))
        .unwrap_or_else(|_| Err("checking the certificate panicked".into()));
    let why = match (result, report.verdict) {
        (Ok(ev), Outcome::Holds) => {
            let mut r = report;
            r.verdict = Outcome::HoldsForAll;
            r.for_all = Some(ev);
            return r;
        }
        (Ok(_), v) => format!(
            "the for-all certificate checks, but the grid's verdict is {v}: one of them is wrong"
        ),
        (Err(e), _) => format!("the for-all certificate was rejected: {e}"),
    };
    let mut checks = report.checks.clone();
    checks.push(certificate_error(why));
    let expect = report.expect;
    let mut r = Report::from_checks(&report.id, None, checks, report.elapsed);
    r.paper = report.paper;
    r.title = report.title;
    r.expect = expect;
    r
}

// ---------------------------------------------------------------------------------------------
// Shared certificates of the Hamming sphere sums (used by more than one paper).

/// `MPoly` shorthand: the variable `x`.
pub fn var(x: &str) -> MPoly {
    MPoly::var(x)
}

/// `MPoly` shorthand: the integer constant `c`.
pub fn int(c: i64) -> MPoly {
    MPoly::constant(Rational::from(c))
}

/// The polynomial `p` as a rational function.
pub fn rf(p: MPoly) -> MRatFn {
    MRatFn::from_poly(p)
}

fn one() -> MRatFn {
    rf(MPoly::one())
}

/// The binomial theorem `Σ_k C(n,k) a^k b^(n−k) = (a+b)^n` normalised, `F(n,k) = C(n,k) a^k
/// b^(n−k) (a+b)^(−n)`, with its WZ mate `G(n,k) = −C(n,k−1) a^k b^(n−k+1) (a+b)^(−n−1)`
/// (R(n,k) = −k b/((a+b)(n+1−k)), whose pole at k = n + 1 is the boundary the checker
/// evaluates as a term). For `n ≥ 0`.
pub fn binomial_theorem(a: MRatFn, b: MRatFn) -> Step {
    let ab = a.add(&b);
    let f = Term::new(
        one(),
        MPoly::one(),
        hypergeom::binomial_facts(0, 0),
        vec![
            (a.clone(), Lin::new(0, 1, 0)),
            (b.clone(), Lin::new(1, -1, 0)),
            (ab.clone(), Lin::new(-1, 0, 0)),
        ],
    )
    .expect("a valid term");
    let g = Term::new(
        rf(int(-1)),
        MPoly::one(),
        hypergeom::binomial_facts(0, -1),
        vec![
            (a, Lin::new(0, 1, 0)),
            (b, Lin::new(1, -1, 1)),
            (ab, Lin::new(-1, 0, -1)),
        ],
    )
    .expect("a valid term");
    Step::Wz { f, g, n0: 0 }
}

/// The first moment `Σ_k k C(n,k) a^k b^(n−k) = n a (a+b)^(n−1)` for `n ≥ 1`, normalised with
/// `1/n = (n−1)!/n!`: `F(n,k) = k (n−1)!/(k!(n−k)!) a^(k−1) b^(n−k) (a+b)^(1−n)`; its WZ mate is
/// the binomial theorem's at (n−1, k−1).
pub fn binomial_moment(a: MRatFn, b: MRatFn) -> Step {
    let ab = a.add(&b);
    let f = Term::new(
        one(),
        var("k"),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, 0), -1),
            (Lin::new(1, -1, 0), -1),
        ],
        vec![
            (a.clone(), Lin::new(0, 1, -1)),
            (b.clone(), Lin::new(1, -1, 0)),
            (ab.clone(), Lin::new(-1, 0, 1)),
        ],
    )
    .expect("a valid term");
    let g = Term::new(
        rf(int(-1)),
        MPoly::one(),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, -2), -1),
            (Lin::new(1, -1, 1), -1),
        ],
        vec![
            (a, Lin::new(0, 1, -1)),
            (b, Lin::new(1, -1, 1)),
            (ab, Lin::new(-1, 0, 0)),
        ],
    )
    .expect("a valid term");
    Step::Wz { f, g, n0: 1 }
}

/// Grid points `(n, {m})` for the cross-check.
pub fn nm_points(pairs: &[(i64, i64)]) -> Vec<(i64, Point)> {
    pairs
        .iter()
        .map(|&(n, m)| {
            let mut p = Point::new();
            p.insert("m".into(), Rational::from(m));
            (n, p)
        })
        .collect()
}

/// The domain `n ≥ n0, m ≥ 2, α > 0` of Wang–Ying–Zhang's Gibbs weight `α = e^{−ε}` (the variable
/// `alpha`; `α ≤ 1` also holds, which no step needs).
pub fn nm_alpha_domain(n0: i64, text: &str) -> Domain {
    Domain {
        lows: vec![
            ("n", Rational::from(n0), false),
            ("m", Rational::from(2), false),
            ("alpha", Rational::ZERO, true),
        ],
        text: text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
