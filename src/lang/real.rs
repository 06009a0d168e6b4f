//! The numbers of the claim language, each kept in the most exact form the kernel decides:
//!
//! * [`Num::Rat`] — an exact rational (malachite);
//! * [`Num::Inf`] — `+∞` (a DP ratio where a zero faces a non-zero, `ln` of it, `inf`);
//! * [`Num::Log`] — `c + N + B / ln 2` with log-linear forms `N` (nats) and `B` (bits,
//!   the `ln` form of a `log2` quantity). Compared exactly: when `B = 0` by
//!   [`LogLinear::cmp_rational`] (Baker/Hermite–Lindemann, see `num::loglin`), when `N = 0` by the
//!   sign of the log-linear form `B + c ln 2`; only a mix of both goes to intervals;
//! * [`Num::Bracket`] — a quantity known between two exact log-linear ends (Shannon capacity,
//!   `measure::capacity_bracket_exact`);
//! * [`Num::Enc`] — anything else (`exp` of a non-zero rational, `sqrt`, products of logarithms):
//!   a certified enclosure at any working precision, refined along
//!   [`crate::num::interval::DEFAULT_SCHEDULE`];
//! * [`Num::T`] — a rational function of the symbolic `t`, decided for every `t` of its range by
//!   Sturm sequences;
//! * [`Num::P`] — a piecewise rational function of the symbolic `t` on its range, with exact
//!   breakpoints (a measure of a mechanism in `t`: `max` makes pieces; issue 46, item 2),
//!   decided piece by piece by Sturm sequences.
//!
//! No operation rounds: each either stays exact or moves to an enclosure that is outward rounded.

use crate::measure::binary_entropy;
use crate::num::interval::{Interval, DEFAULT_SCHEDULE};
use crate::num::piecewise::Piecewise;
use crate::num::{Decision, LogLinear, RatFn, Rational};
use malachite::base::num::arithmetic::traits::{Abs, CheckedSqrt, Pow};
use malachite::base::num::basic::traits::{One, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// `c + nats + bits / ln 2`.
#[derive(Clone, Debug, Default)]
pub struct LogVal {
    pub c: Rational,
    pub nats: LogLinear,
    pub bits: LogLinear,
}

/// A certified enclosure at a given working precision (`None` when it cannot be formed at that
/// precision, e.g. a divisor whose enclosure still contains 0).
pub type EncFn = Arc<dyn Fn(u64) -> Option<Interval> + Send + Sync>;

#[derive(Clone)]
pub enum Num {
    Rat(Rational),
    Inf,
    Log(LogVal),
    Bracket(Box<LogVal>, Box<LogVal>),
    Enc(EncFn),
    T(RatFn),
    P(Arc<Piecewise>),
}

/// How a comparison was decided (for the report's `methods`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum How {
    Exact,
    LogLinear,
    Interval(u64),
}

impl fmt::Display for How {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            How::Exact => f.write_str("exact"),
            How::LogLinear => f.write_str("log-linear"),
            How::Interval(b) => write!(f, "interval@{b}"),
        }
    }
}

/// What to write instead of `ln`/`log2` of a function of `t`: both are increasing.
pub const LN_MONOTONE: &str = "; ln and log2 are increasing, so compare their arguments instead: ln(a) <= ln(b) iff a <= b, log2(a) <= c iff a <= 2^c (and ε = ln t: state the claim in t = e^ε)";

fn not_rational_in_t(what: &str) -> String {
    format!("not rational in t: {what} of an expression in the symbolic t (only + - * / and ^ integer are)")
}

/// A piecewise function as a number: one piece is a rational function of `t` ([`Num::T`]).
pub fn piecewise_num(p: Piecewise) -> Num {
    match p.as_ratfn() {
        Some(f) => Num::T(f.clone()),
        None => Num::P(Arc::new(p)),
    }
}

impl LogVal {
    fn constant(c: Rational) -> LogVal {
        LogVal {
            c,
            ..LogVal::default()
        }
    }
    fn scale(&self, q: &Rational) -> LogVal {
        LogVal {
            c: &self.c * q,
            nats: self.nats.scale(q),
            bits: self.bits.scale(q),
        }
    }
    fn add(&self, o: &LogVal) -> LogVal {
        LogVal {
            c: &self.c + &o.c,
            nats: &self.nats + &o.nats,
            bits: &self.bits + &o.bits,
        }
    }
    fn into_num(self) -> Num {
        if self.nats.is_empty() && self.bits.is_empty() {
            Num::Rat(self.c)
        } else {
            Num::Log(self)
        }
    }
    /// The exact sign when the form is all nats or all bits (then it always decides).
    fn exact_sign(&self) -> Option<Ordering> {
        if self.bits.is_empty() {
            Some(self.nats.cmp_rational(&-self.c.clone()))
        } else if self.nats.is_empty() {
            // sign(c + B/ln 2) = sign(B + c ln 2)
            let f = &self.bits + &LogLinear::term(&self.c, &Rational::from(2u32));
            Some(f.signum())
        } else {
            None
        }
    }
    fn enclose(&self, prec: u64) -> Option<Interval> {
        let mut i = Interval::from_rational(&self.c, prec);
        if !self.nats.is_empty() {
            i = i.add(&self.nats.enclose(prec));
        }
        if !self.bits.is_empty() {
            i = i.add(&self.bits.enclose(prec).checked_div(&Interval::ln2(prec))?);
        }
        Some(i)
    }
}

impl fmt::Display for LogVal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.c != 0u32 {
            parts.push(self.c.to_string());
        }
        if !self.nats.is_empty() {
            parts.push(self.nats.to_string());
        }
        if !self.bits.is_empty() {
            parts.push(format!("({})/ln(2)", self.bits));
        }
        if parts.is_empty() {
            parts.push("0".into());
        }
        f.write_str(&parts.join(" + "))
    }
}

impl From<Rational> for Num {
    fn from(q: Rational) -> Num {
        Num::Rat(q)
    }
}

impl Num {
    pub fn int(n: i64) -> Num {
        Num::Rat(Rational::from(n))
    }

    /// The log-linear view of a rational or log-linear number.
    fn as_log(&self) -> Option<LogVal> {
        match self {
            Num::Rat(q) => Some(LogVal::constant(q.clone())),
            Num::Log(l) => Some(l.clone()),
            _ => None,
        }
    }

    pub fn is_symbolic(&self) -> bool {
        matches!(self, Num::T(_) | Num::P(_))
    }

    /// This number as a piecewise function on the domain of `like` (a rational, a rational
    /// function of `t`, or a piecewise function); `None` for anything else.
    pub fn to_piecewise(&self, like: &Piecewise) -> Option<Result<Piecewise, String>> {
        let d = like.domain();
        Some(match self {
            Num::Rat(q) => Ok(Piecewise::constant(d, q.clone())),
            Num::T(f) => Piecewise::from_ratfn(d, f.clone()).map_err(|e| e.0),
            Num::P(p) => Ok(p.as_ref().clone()),
            _ => return None,
        })
    }

    /// `op` on two numbers one of which is piecewise, on its domain; `None` when neither is.
    fn pw_op(
        &self,
        o: &Num,
        what: &str,
        op: impl Fn(&Piecewise, &Piecewise) -> Result<Piecewise, String>,
    ) -> Option<Result<Num, String>> {
        let like = match (self, o) {
            (Num::P(p), _) | (_, Num::P(p)) => p.clone(),
            _ => return None,
        };
        let (Some(a), Some(b)) = (self.to_piecewise(&like), o.to_piecewise(&like)) else {
            return Some(Err(not_rational_in_t(what)));
        };
        Some(
            a.and_then(|a| b.and_then(|b| op(&a, &b)))
                .map(piecewise_num),
        )
    }

    /// A certified enclosure at `prec` bits; `None` for `∞`, a symbolic value, or when it cannot
    /// be formed at this precision.
    pub fn enclose(&self, prec: u64) -> Option<Interval> {
        match self {
            Num::Rat(q) => Some(Interval::from_rational(q, prec)),
            Num::Inf | Num::T(_) | Num::P(_) => None,
            Num::Log(l) => l.enclose(prec),
            Num::Bracket(lo, hi) => Some(lo.enclose(prec)?.hull(&hi.enclose(prec)?)),
            Num::Enc(f) => f(prec),
        }
    }

    /// An enclosure closure for any finite, non-symbolic number.
    fn enc_fn(&self) -> EncFn {
        let me = self.clone();
        Arc::new(move |p| me.enclose(p))
    }

    fn lift1(&self, f: impl Fn(&Interval) -> Option<Interval> + Send + Sync + 'static) -> Num {
        let a = self.enc_fn();
        Num::Enc(Arc::new(move |p| f(&a(p)?)))
    }

    fn lift2(
        &self,
        o: &Num,
        f: impl Fn(&Interval, &Interval) -> Option<Interval> + Send + Sync + 'static,
    ) -> Num {
        let (a, b) = (self.enc_fn(), o.enc_fn());
        Num::Enc(Arc::new(move |p| f(&a(p)?, &b(p)?)))
    }

    fn sym_pair(&self, o: &Num, what: &str) -> Result<Option<(RatFn, RatFn)>, String> {
        match (self, o) {
            (Num::T(a), Num::T(b)) => Ok(Some((a.clone(), b.clone()))),
            (Num::T(a), Num::Rat(q)) => Ok(Some((a.clone(), RatFn::constant(q.clone())))),
            (Num::Rat(q), Num::T(b)) => Ok(Some((RatFn::constant(q.clone()), b.clone()))),
            (Num::T(_), _) | (_, Num::T(_)) => Err(not_rational_in_t(what)),
            _ => Ok(None),
        }
    }

    pub fn add(&self, o: &Num) -> Result<Num, String> {
        if let Some(r) = self.pw_op(o, "a sum with a non-rational term", |a, b| Ok(a.add(b))) {
            return r;
        }
        if let Some((a, b)) = self.sym_pair(o, "a sum with a non-rational term")? {
            return Ok(Num::T(&a + &b));
        }
        Ok(match (self, o) {
            (Num::Rat(a), Num::Rat(b)) => Num::Rat(a + b),
            (Num::Inf, _) | (_, Num::Inf) => Num::Inf,
            (Num::Bracket(lo, hi), x) | (x, Num::Bracket(lo, hi)) if x.as_log().is_some() => {
                let x = x.as_log().unwrap_or_default();
                Num::Bracket(Box::new(lo.add(&x)), Box::new(hi.add(&x)))
            }
            _ => match (self.as_log(), o.as_log()) {
                (Some(a), Some(b)) => a.add(&b).into_num(),
                _ => self.lift2(o, |a, b| Some(a.add(b))),
            },
        })
    }

    pub fn neg(&self) -> Result<Num, String> {
        Ok(match self {
            Num::Rat(q) => Num::Rat(-q.clone()),
            Num::Inf => return Err("-inf is not a value of the language (only +inf)".into()),
            Num::Log(l) => Num::Log(l.scale(&-Rational::ONE)),
            Num::Bracket(lo, hi) => Num::Bracket(
                Box::new(hi.scale(&-Rational::ONE)),
                Box::new(lo.scale(&-Rational::ONE)),
            ),
            Num::T(f) => Num::T(-f),
            Num::P(p) => Num::P(Arc::new(p.neg())),
            Num::Enc(_) => self.lift1(|a| Some(a.neg())),
        })
    }

    pub fn sub(&self, o: &Num) -> Result<Num, String> {
        if matches!(o, Num::Inf) {
            return Err(
                "subtracting inf is undefined here (inf - x is inf; x - inf is not a value)".into(),
            );
        }
        self.add(&o.neg()?)
    }

    pub fn mul(&self, o: &Num) -> Result<Num, String> {
        if let Some(r) = self.pw_op(o, "a product with a non-rational factor", |a, b| {
            Ok(a.mul(b))
        }) {
            return r;
        }
        if let Some((a, b)) = self.sym_pair(o, "a product with a non-rational factor")? {
            return Ok(Num::T(&a * &b));
        }
        Ok(match (self, o) {
            (Num::Rat(a), Num::Rat(b)) => Num::Rat(a * b),
            (Num::Inf, x) | (x, Num::Inf) => match x.sign_exact() {
                Some(Ordering::Greater) | None if matches!(x, Num::Inf) => Num::Inf,
                Some(Ordering::Greater) => Num::Inf,
                _ => return Err("inf times a number that is not certainly positive".into()),
            },
            (Num::Rat(q), Num::Log(l)) | (Num::Log(l), Num::Rat(q)) => l.scale(q).into_num(),
            (Num::Rat(q), Num::Bracket(lo, hi)) | (Num::Bracket(lo, hi), Num::Rat(q)) => {
                let (a, b) = (lo.scale(q), hi.scale(q));
                if *q >= 0u32 {
                    Num::Bracket(Box::new(a), Box::new(b))
                } else {
                    Num::Bracket(Box::new(b), Box::new(a))
                }
            }
            _ => self.lift2(o, |a, b| Some(a.mul(b))),
        })
    }

    pub fn div(&self, o: &Num) -> Result<Num, String> {
        if let Some(r) = self.pw_op(o, "a quotient with a non-rational part", |a, b| {
            a.div(b).map_err(|e| e.0)
        }) {
            return r;
        }
        if let Some((a, b)) = self.sym_pair(o, "a quotient with a non-rational part")? {
            return a
                .checked_div(&b)
                .map(Num::T)
                .ok_or_else(|| "division by zero (the divisor is 0 for every t)".to_string());
        }
        match o {
            Num::Rat(q) if *q == 0u32 => return Err("division by zero".into()),
            Num::Rat(q) => {
                let r = Rational::ONE / q;
                return match self {
                    Num::Inf if *q > 0u32 => Ok(Num::Inf),
                    Num::Inf => Err("inf divided by a negative number".into()),
                    _ => self.mul(&Num::Rat(r)),
                };
            }
            Num::Inf => {
                return match self {
                    Num::Inf => Err("inf / inf is undefined".into()),
                    _ => Ok(Num::Rat(Rational::ZERO)),
                }
            }
            _ => {}
        }
        if matches!(self, Num::Inf) {
            return Err("inf divided by a non-rational number".into());
        }
        Ok(self.lift2(o, |a, b| a.checked_div(b)))
    }

    /// `self^n` for an integer `n`.
    pub fn powi(&self, n: i64) -> Result<Num, String> {
        Ok(match self {
            Num::Rat(q) => {
                if *q == 0u32 && n < 0 {
                    return Err("division by zero (0 to a negative power)".into());
                }
                Num::Rat(q.clone().pow(n))
            }
            Num::T(f) => Num::T(
                f.pow(n)
                    .ok_or_else(|| "division by zero (0 to a negative power)".to_string())?,
            ),
            Num::P(p) => {
                let mut acc = Piecewise::constant(p.domain(), Rational::ONE);
                for _ in 0..n.unsigned_abs() {
                    acc = acc.mul(p);
                }
                if n < 0 {
                    acc = Piecewise::constant(p.domain(), Rational::ONE)
                        .div(&acc)
                        .map_err(|e| e.0)?;
                }
                piecewise_num(acc)
            }
            Num::Inf if n > 0 => Num::Inf,
            Num::Inf if n == 0 => Num::int(1),
            Num::Inf => Num::Rat(Rational::ZERO),
            _ => self.lift1(move |a| a.powi(n)),
        })
    }

    /// Natural logarithm: exact (log-linear) for a positive rational.
    pub fn ln(&self) -> Result<Num, String> {
        Ok(match self {
            Num::Rat(q) if *q <= 0u32 => return Err(format!("ln of {q} (not positive)")),
            Num::Rat(q) => Num::Log(LogVal {
                nats: LogLinear::ln(q),
                ..LogVal::default()
            })
            .normalised(),
            Num::Inf => Num::Inf,
            Num::T(_) | Num::P(_) => return Err(not_rational_in_t("ln") + LN_MONOTONE),
            _ => self.lift1(|a| a.ln()),
        })
    }

    /// Base-2 logarithm: exact (a bits form) for a positive rational.
    pub fn log2(&self) -> Result<Num, String> {
        Ok(match self {
            Num::Rat(q) if *q <= 0u32 => return Err(format!("log2 of {q} (not positive)")),
            Num::Rat(q) => Num::Log(LogVal {
                bits: LogLinear::ln(q),
                ..LogVal::default()
            })
            .normalised(),
            Num::Inf => Num::Inf,
            Num::T(_) | Num::P(_) => return Err(not_rational_in_t("log2") + LN_MONOTONE),
            _ => self.lift1(|a| a.ln()?.checked_div(&Interval::ln2(a.prec))),
        })
    }

    /// `e^x`: exact when `x = Σ c_k ln r_k` with integer `c_k` (then `Π r_k^{c_k}`), else an
    /// enclosure.
    pub fn exp(&self) -> Result<Num, String> {
        match self {
            Num::Rat(q) if *q == 0u32 => return Ok(Num::int(1)),
            Num::Rat(q) => {
                let q = q.clone();
                return Ok(Num::Enc(Arc::new(move |p| {
                    Some(Interval::exp_rational(&q, p))
                })));
            }
            Num::Log(l) if l.c == 0u32 && l.bits.is_empty() => {
                let mut prod = Rational::ONE;
                let mut all_int = true;
                for (r, c) in l.nats.terms() {
                    match i64::try_from(c) {
                        Ok(k) => prod *= r.clone().pow(k),
                        Err(_) => all_int = false,
                    }
                }
                if all_int {
                    return Ok(Num::Rat(prod));
                }
            }
            Num::Inf => return Ok(Num::Inf),
            Num::T(_) | Num::P(_) => return Err(not_rational_in_t("exp")),
            _ => {}
        }
        Ok(self.lift1(|a| Some(a.exp())))
    }

    /// Square root: exact for the square of a rational, else an enclosure.
    pub fn sqrt(&self) -> Result<Num, String> {
        match self {
            Num::Rat(q) if *q < 0u32 => Err(format!("sqrt of {q} (negative)")),
            Num::Rat(q) => Ok(match q.clone().checked_sqrt() {
                Some(r) => Num::Rat(r),
                None => self.lift1(|a| a.sqrt()),
            }),
            Num::Inf => Ok(Num::Inf),
            Num::T(_) | Num::P(_) => Err(not_rational_in_t("sqrt")),
            _ => Ok(self.lift1(|a| a.sqrt())),
        }
    }

    /// Binary entropy in bits `h(p) = −p log2 p − (1−p) log2(1−p)` (Cover–Thomas eq. (2.5));
    /// exact (a bits form) for a rational `p ∈ [0, 1]`.
    pub fn h(&self) -> Result<Num, String> {
        match self {
            Num::Rat(q) if *q < 0u32 || *q > 1u32 => Err(format!("h({q}): not in [0, 1]")),
            Num::Rat(q) => Ok(LogVal {
                bits: binary_entropy(q),
                ..LogVal::default()
            }
            .into_num()),
            Num::T(_) | Num::P(_) => Err(not_rational_in_t("h")),
            Num::Inf => Err("h(inf)".into()),
            _ => Ok(self.lift1(|a| a.binary_entropy()?.checked_div(&Interval::ln2(a.prec)))),
        }
    }

    pub fn normalised(self) -> Num {
        match self {
            Num::Log(l) => l.into_num(),
            n => n,
        }
    }

    /// The exact sign when the kernel decides it without enclosures.
    fn sign_exact(&self) -> Option<Ordering> {
        match self {
            Num::Rat(q) => Some(q.cmp(&Rational::ZERO)),
            Num::Inf => Some(Ordering::Greater),
            Num::Log(l) => l.exact_sign(),
            _ => None,
        }
    }

    /// `x · ln 2` (bits to nats): exact for a form in bits with no constant, else an
    /// enclosure.
    pub fn to_nats(&self) -> Result<Num, String> {
        match self {
            Num::Log(l) if l.c == 0u32 && l.nats.is_empty() => Ok(Num::Log(LogVal {
                nats: l.bits.clone(),
                ..LogVal::default()
            })),
            Num::Rat(q) if *q == 0u32 => Ok(self.clone()),
            Num::Inf => Ok(Num::Inf),
            Num::T(_) | Num::P(_) => Err(not_rational_in_t("to_nats")),
            _ => Ok(self.lift1(|a| Some(a.mul(&Interval::ln2(a.prec))))),
        }
    }

    /// `x / ln 2` (nats to bits): exact for a form in nats with no constant, else an enclosure.
    pub fn to_bits(&self) -> Result<Num, String> {
        match self {
            Num::Log(l) if l.c == 0u32 && l.bits.is_empty() => Ok(Num::Log(LogVal {
                bits: l.nats.clone(),
                ..LogVal::default()
            })),
            Num::Rat(q) if *q == 0u32 => Ok(self.clone()),
            Num::Inf => Ok(Num::Inf),
            Num::T(_) | Num::P(_) => Err(not_rational_in_t("to_bits")),
            _ => Ok(self.lift1(|a| a.checked_div(&Interval::ln2(a.prec)))),
        }
    }

    /// `|x|`.
    pub fn abs(&self) -> Result<Num, String> {
        match self {
            Num::Rat(q) => Ok(Num::Rat(q.clone().abs())),
            Num::T(_) | Num::P(_) => Err(not_rational_in_t("abs")),
            Num::Inf => Ok(Num::Inf),
            _ => match self.sign_exact() {
                Some(Ordering::Less) => self.neg(),
                Some(_) => Ok(self.clone()),
                None => Ok(self.lift1(|a| {
                    let n = a.neg();
                    Interval::from_rationals(
                        &(if a.contains_zero() {
                            Rational::ZERO
                        } else {
                            a.lo_rational()?.abs().min(a.hi_rational()?.abs())
                        }),
                        &a.hi_rational()?.max(n.hi_rational()?),
                        a.prec,
                    )
                })),
            },
        }
    }

    /// `min` (`want = Less`) or `max` (`want = Greater`) of two numbers: the one the exact
    /// comparison picks, or an enclosure of the extreme when they cannot be separated.
    pub fn extreme(&self, o: &Num, want: Ordering) -> Result<Num, String> {
        if self.is_symbolic() || o.is_symbolic() {
            return Err(not_rational_in_t(if want == Ordering::Less {
                "min"
            } else {
                "max"
            }));
        }
        let (d, _) = compare(self, o);
        match d {
            Some(s) if s == want || s == Ordering::Equal => Ok(self.clone()),
            Some(_) => Ok(o.clone()),
            None => Ok(self.lift2(o, move |a, b| {
                let pick = |x: Rational, y: Rational| {
                    if want == Ordering::Less {
                        x.min(y)
                    } else {
                        x.max(y)
                    }
                };
                Interval::from_rationals(
                    &pick(a.lo_rational()?, b.lo_rational()?),
                    &pick(a.hi_rational()?, b.hi_rational()?),
                    a.prec,
                )
            })),
        }
    }

    /// The exact form: `p/q`, the log-linear form, the polynomial in `t`, or an enclosure.
    pub fn exact_string(&self) -> String {
        match self {
            Num::Rat(q) => q.to_string(),
            Num::Inf => "inf".into(),
            Num::Log(l) => l.to_string(),
            Num::Bracket(lo, hi) => format!("between {lo} and {hi}"),
            Num::Enc(f) => f(128)
                .map(|i| format!("enclosure {}", i.to_decimal_string(30)))
                .unwrap_or_else(|| "enclosure (not formed at 128 bits)".into()),
            Num::T(f) => f.to_string(),
            Num::P(p) => p.to_string(),
        }
    }

    /// A decimal for people (never used to decide).
    pub fn decimal_string(&self) -> String {
        match self {
            Num::Rat(q) => crate::num::fmt::decimal(q, 20),
            Num::Inf => "inf".into(),
            Num::T(_) | Num::P(_) => "(function of t)".into(),
            _ => self
                .enclose(128)
                .map(|i| i.to_decimal_string(20))
                .unwrap_or_else(|| "?".into()),
        }
    }
}

/// The sign of `a − b` with how it was decided, for finite or infinite non-symbolic numbers;
/// `None` when the enclosures did not separate within the schedule (or for `∞ − ∞`... which is
/// `Equal`). Exact for rationals and for log-linear numbers in one unit.
pub fn compare(a: &Num, b: &Num) -> (Option<Ordering>, How) {
    match (a, b) {
        (Num::Rat(x), Num::Rat(y)) => return (Some(x.cmp(y)), How::Exact),
        (Num::Inf, Num::Inf) => return (Some(Ordering::Equal), How::Exact),
        (Num::Inf, _) => return (Some(Ordering::Greater), How::Exact),
        (_, Num::Inf) => return (Some(Ordering::Less), How::Exact),
        _ => {}
    }
    if let (Some(x), Some(y)) = (a.as_log(), b.as_log()) {
        let d = x.add(&y.scale(&-Rational::ONE));
        if let Some(s) = d.exact_sign() {
            return (Some(s), How::LogLinear);
        }
    }
    let d = match a.sub(b) {
        Ok(d) => d,
        Err(_) => return (None, How::Interval(0)),
    };
    let mut last = 0;
    for &p in DEFAULT_SCHEDULE.iter() {
        last = p;
        if let Some(s) = d.enclose(p).and_then(|i| i.signum()) {
            return (Some(s), How::Interval(p));
        }
    }
    (None, How::Interval(last))
}

/// The certificate record of a decided comparison `a rel b` whose truth is `holds` (issue 44
/// item 2; docs/certificates.md): a `compare` record for two rationals; a `log_linear` record of
/// `a − b rel 0` when the difference is all nats without a constant (`N`) or all bits (`B + c
/// ln 2`, the form [`compare`] decides); `None` otherwise (an infinity, a mix of nats and bits,
/// nats with a constant, an enclosure), so the instance stays uncertified rather than claimed.
pub(crate) fn record_of(
    a: &Num,
    b: &Num,
    rel: &str,
    holds: bool,
) -> Option<crate::certify::Record> {
    if let (Num::Rat(x), Num::Rat(y)) = (a, b) {
        let (x, y) = (crate::num::fmt::exact(x), crate::num::fmt::exact(y));
        return Some(crate::certify::compare(&x, rel, &y, holds));
    }
    let d = a.as_log()?.add(&b.as_log()?.scale(&-Rational::ONE));
    let form = if d.bits.is_empty() && d.c == 0u32 {
        d.nats
    } else if d.nats.is_empty() {
        &d.bits + &LogLinear::term(&d.c, &Rational::from(2u32))
    } else {
        return None;
    };
    crate::certify::log_linear(&form, rel, &LogLinear::zero(), holds).map(Into::into)
}

/// The `log_linear` record of a finite `x` against `+∞` (`x rel +∞`, or `+∞ rel x` when
/// `!inf_right`), which holds for `<`, `<=`, `!=` (`>`, `>=`, `!=`): the finite side is `x`'s
/// form as [`record_of`] writes it (nats, or bits times `ln 2`: the same order against `+∞`),
/// the other `"+inf"`; `None` when `x` is not such a form (issue 44 item 6).
pub(crate) fn record_vs_inf(x: &Num, rel: &str, inf_right: bool) -> Option<serde_json::Value> {
    let v = x.as_log()?;
    let form = if v.bits.is_empty() && v.c == 0u32 {
        v.nats
    } else if v.nats.is_empty() {
        &v.bits + &LogLinear::term(&v.c, &Rational::from(2u32))
    } else {
        return None;
    };
    let (lhs, rhs) = if inf_right {
        (Some(&form), None)
    } else {
        (None, Some(&form))
    };
    crate::certify::log_linear_ext(lhs, rel, rhs, true)
}

/// Decide `lo ≤ x ≤ hi`-style brackets against a number: the set of possible signs of `x − b`.
pub fn bracket_decision(
    lo: &LogVal,
    hi: &LogVal,
    b: &Num,
    rel: super::ast::Rel,
) -> (Decision, How) {
    let (sl, h1) = compare(&lo.clone().into_num(), b);
    let (sh, h2) = compare(&hi.clone().into_num(), b);
    let how = h1.max(h2);
    match (sl, sh) {
        (Some(l), Some(h)) => {
            // every sign between l and h is possible
            let possible: Vec<Ordering> = [Ordering::Less, Ordering::Equal, Ordering::Greater]
                .into_iter()
                .filter(|s| *s >= l && *s <= h)
                .collect();
            let possible = if lo.to_string() == hi.to_string() {
                vec![l]
            } else if l != h {
                possible
            } else {
                vec![l]
            };
            let all = possible.iter().all(|s| rel.holds_for(*s));
            let none = !possible.iter().any(|s| rel.holds_for(*s));
            (
                if all {
                    Decision::True
                } else if none {
                    Decision::False
                } else {
                    Decision::Unknown
                },
                how,
            )
        }
        _ => (Decision::Unknown, how),
    }
}

#[cfg(test)]
mod record_tests {
    use super::*;
    use serde_json::json;

    fn q(a: i64, b: i64) -> Rational {
        Rational::from_signeds(a, b)
    }

    fn log(c: Rational, nats: LogLinear, bits: LogLinear) -> Num {
        Num::Log(LogVal { c, nats, bits })
    }

    /// Issue 44 item 2, by hand: two rationals give a `compare` record; `ln 6` against
    /// `2 ln 3` (all nats, no constant) the form `ln 6 − 2 ln 3` against 0; `log2 3` against 1
    /// (all bits: `ln 3 / ln 2 − 1`) the form `ln 3 − ln 2` against 0; a mix of nats and
    /// bits, nats with a constant, and an infinity none.
    #[test]
    fn records_of_decided_comparisons() {
        let r = record_of(&Num::Rat(q(1, 2)), &Num::Rat(q(2, 3)), "<=", true).unwrap();
        assert_eq!(r["kind"], "compare");
        assert_eq!(
            (r["lhs"].clone(), r["rhs"].clone()),
            (json!("1/2"), json!("2/3"))
        );
        let zero = LogLinear::zero;
        let six = log(q(0, 1), LogLinear::ln(&q(6, 1)), zero());
        let nine = log(q(0, 1), LogLinear::term(&q(2, 1), &q(3, 1)), zero());
        let r = record_of(&six, &nine, "<=", true).unwrap();
        assert_eq!(r["kind"], "log_linear");
        assert_eq!(r["rhs"], json!([]));
        let mut lhs: Vec<Vec<String>> = serde_json::from_value(r["lhs"].clone()).unwrap();
        lhs.sort();
        assert_eq!(lhs, vec![vec!["-2", "3"], vec!["1", "6"]]);
        let log2_3 = log(q(0, 1), zero(), LogLinear::ln(&q(3, 1)));
        let r = record_of(&log2_3, &Num::Rat(q(1, 1)), ">", true).unwrap();
        let mut lhs: Vec<Vec<String>> = serde_json::from_value(r["lhs"].clone()).unwrap();
        lhs.sort();
        assert_eq!(lhs, vec![vec!["-1", "2"], vec!["1", "3"]]);
        let mixed = log(q(0, 1), LogLinear::ln(&q(2, 1)), LogLinear::ln(&q(3, 1)));
        assert!(record_of(&mixed, &Num::Rat(q(1, 1)), "<", true).is_none());
        let ln2 = log(q(0, 1), LogLinear::ln(&q(2, 1)), zero());
        assert!(record_of(&ln2, &Num::Rat(q(1, 2)), ">", true).is_none());
        assert!(record_of(&Num::Inf, &Num::Rat(q(1, 1)), ">", true).is_none());
    }
}
