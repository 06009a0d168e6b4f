//! The steps that prove a part of a *holds for all* claim, each checked exactly on the domain
//! and cross-checked at grid instances by another route (issue 43, item 7: out of
//! `forall.rs`, by concept).

use super::Domain;
use crate::num::hypergeom::{self, Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn, Point};
use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;
use std::sync::Arc;

/// A certificate that is checked through steps of its own (the parametric LP family of
/// `forall::lp`). A trait, so that the steps need not name the LP module that is built from
/// them (issue 43, item 1: no import circle).
pub trait Compound: std::fmt::Debug + Send + Sync {
    /// Check on the domain; `Ok` gives (method, certificate, what was checked).
    fn check(&self, d: &Domain) -> Result<(String, String, String), String>;
    /// Evaluate at one grid instance by another route; `Err` on disagreement.
    fn cross_check(&self, n: i64, at: &Point) -> Result<(), String>;
    /// The step's certificate record data (`step` and its fields; issue 44), or `None`.
    fn record(&self) -> Option<serde_json::Value> {
        None
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
    /// and a dual point in closed form (`forall::lp::OrbitLpCertificate`, checked through
    /// steps of its own: a [`Compound`]).
    OrbitLp(Arc<dyn Compound>),
    /// `term(n, k) > 0` for every `n ≥ n0` and `lo(n) ≤ k ≤ hi(n)` (no upper end: `hi = None`).
    PositiveTerm {
        term: Term,
        n0: i64,
        lo: Lin,
        hi: Option<Lin>,
    },
}

pub(super) fn zero() -> MRatFn {
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
