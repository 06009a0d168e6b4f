//! The evaluator: values by the exact kernel, statements three-valued ([`Decision`]) with the
//! comparison that decided them.
//!
//! Connectives follow Kleene's strong three-valued logic (`False and ? = False`,
//! `True or ? = True`). `forall` stops at its first failing instance (domains' order) and
//! remembers its first undecided one; `exists` stops at its first witness. Under a symbolic
//! `t` a comparison means "for every t in the range", so only `and`/`forall` combine such
//! statements (`or`, `not`, `=>` and `exists` of them are refused: they are not pointwise).
//!
//! A comparison evaluates both sides, left first; an error on either is the result. A call
//! of a builtin that is finite once its arguments pass their checks, facing `inf` where the
//! relation then holds (`mult_leakage(p, W) <= dp(W)` at an infinite DP ratio), has its
//! arguments evaluated and checked but its value not computed ([`Evaluator::comparison`]).

use super::ast::*;
use super::budget::{Budget, Meter};
use super::builtins;
use super::decided::{Const, Detail, Methods, Truth, M_ENUM, M_LP, M_POLY};
use super::error::{abbreviate, LangError};
use super::in_t;
use super::real::{bracket_decision, compare, piecewise_num, How, Num};
use super::symbolic::SymRange;
use super::value::{Domain, Value};
use crate::graph::Graph;
use crate::num::{Decision, Rational};
use malachite::base::num::conversion::traits::IsInteger;
use malachite::base::num::logic::traits::SignificantBits;
use std::sync::Arc;

/// Evaluation state of one thread: the source (for error spans and `compared` texts), the
/// symbolic range in force and the methods used so far.
pub struct Evaluator<'s> {
    pub src: &'s str,
    pub sym: Option<SymRange>,
    pub methods: Methods,
    /// The run's values computed once ([`ExprKind::Hoisted`] indexes them).
    consts: &'s [Const],
    /// The run's budget: every step of an enumeration counts (issue 42, item 3).
    pub(super) meter: Meter<'s>,
    /// The certificate records of the comparisons decided, while
    /// [`crate::certify::recording`] (issue 44 item 2).
    pub records: crate::claim::Records,
    /// While a comparison under the symbolic t is evaluated with certificates recorded: the
    /// leaves of its sides ([`super::sturm_record::leaves`], by address) with the values this
    /// evaluation gives them, from which [`Self::sturm_of`] builds the comparison's records
    /// without computing a builtin twice (issue 44 item 2).
    leaves: Vec<(usize, Option<Num>)>,
}

/// The largest exponent of `^`, in absolute value.
pub const MAX_EXPONENT: u64 = 100_000;

/// The largest result of `^` (estimated before it is computed), in bits: about 5 million
/// decimal digits, or a rational function of `t` with as many bits in its coefficients.
pub const MAX_POWER_BITS: u64 = 1 << 24;

pub type Env = Vec<(String, Value)>;

/// A call's argument values: positional, then named.
type ArgValues = (Vec<Value>, Vec<(String, Value)>);

/// A call's name, positional and named argument expressions.
type CallParts<'e> = (&'e str, &'e [Expr], &'e [(String, Expr)]);

pub(super) fn text(src: &str, s: Span) -> String {
    src.get(s.start..s.end).unwrap_or("").trim().to_string()
}

impl<'s> Evaluator<'s> {
    pub fn new(src: &'s str) -> Evaluator<'s> {
        Evaluator::with_consts(src, &[])
    }

    /// An evaluator that reads the hoisted values `consts` (see [`super::hoist`]).
    pub fn with_consts(src: &'s str, consts: &'s [Const]) -> Evaluator<'s> {
        Evaluator {
            src,
            sym: None,
            methods: Methods::default(),
            consts,
            meter: Meter::default(),
            records: Default::default(),
            leaves: Vec::new(),
        }
    }

    /// This evaluator, counting its steps against `budget` (none: unlimited).
    pub fn metered(mut self, budget: Option<&'s Budget>) -> Evaluator<'s> {
        self.meter = Meter::new(budget);
        self
    }

    /// Count step `i` of enumerating `var` over `dom` (the expression `de`) against the
    /// run's budget; the error says what was being enumerated and how far it got.
    /// `base ^ b`: refused before it is computed when the exponent is not an integer, or its
    /// result would be larger than [`MAX_POWER_BITS`] (issue 42, items 3 and 6).
    fn power(&mut self, e: &Expr, base: Num, b: &Expr, exp: Num) -> Result<Num, LangError> {
        let q = match exp {
            Num::Rat(q) if q.is_integer() => q,
            n => {
                return Err(self.err(
                    b.span,
                    format!(
                        "`^` needs an integer exponent, got {} (write exp(x * ln(b)) for b^x)",
                        abbreviate(&n.exact_string())
                    ),
                ))
            }
        };
        let k = match i64::try_from(&q) {
            Ok(k) if k.unsigned_abs() <= MAX_EXPONENT => k,
            _ => {
                return Err(self.err(
                    b.span,
                    format!(
                        "the exponent {} is too large: `^` takes exponents up to {MAX_EXPONENT} in absolute value",
                        abbreviate(&q.to_string())
                    ),
                ))
            }
        };
        let k_abs = k.unsigned_abs();
        let bits = |x: &Rational| {
            x.numerator_ref().significant_bits() + x.denominator_ref().significant_bits()
        };
        // result size: |k| times the base's bits; a rational function's degree also grows |k|-fold
        let estimate = match &base {
            Num::Rat(x) => bits(x).saturating_mul(k_abs),
            Num::T(f) => {
                // (terms − 1)·|k| + 1 coefficients in numerator and denominator, each of about
                // |k| times (the largest coefficient's bits + log2 of the terms)
                let (n, d) = (f.num.coeffs().len() as u64, f.den.coeffs().len() as u64);
                let coef = f
                    .num
                    .coeffs()
                    .iter()
                    .chain(f.den.coeffs())
                    .map(bits)
                    .max()
                    .unwrap_or(1);
                let terms = (n.saturating_sub(1) + d.saturating_sub(1))
                    .saturating_mul(k_abs)
                    .saturating_add(2);
                let per_coef =
                    k_abs.saturating_mul(coef.saturating_add(64 - n.max(d).leading_zeros() as u64));
                terms.saturating_mul(per_coef)
            }
            _ => 0,
        };
        if estimate > MAX_POWER_BITS {
            return Err(LangError::limit(
                e.span,
                format!(
                    "this power is too large to compute exactly: about {estimate} bits, more than the limit of {MAX_POWER_BITS} bits"
                ),
            ));
        }
        if estimate > 1 << 16 {
            self.meter.check_time().map_err(|why| {
                LangError::limit(e.span, format!("{why} before computing this power"))
            })?;
        }
        if k < 0 {
            // a negative power divides: its base must not vanish on the symbolic range (item 1)
            self.check_divisor(&base, e.span)?;
        }
        base.powi(k).map_err(|m| self.err(e.span, m))
    }

    pub(super) fn err(&self, span: Span, msg: impl Into<String>) -> LangError {
        LangError::eval(span, msg)
    }

    fn num(&mut self, e: &Expr, env: &mut Env) -> Result<Num, LangError> {
        match self.eval(e, env)? {
            Value::Num(n) => Ok(n),
            _ => Err(self.err(e.span, "expected a number")),
        }
    }

    /// A divisor that is a function of the symbolic `t` must not vanish anywhere on its range
    /// (issue 42, item 1: checked at the division, before the quotient is reduced; see
    /// [`SymRange::check_divisor`]). Other divisors are checked by the arithmetic itself.
    fn check_divisor(&self, divisor: &Num, span: Span) -> Result<(), LangError> {
        match (divisor, &self.sym) {
            (Num::T(g), Some(range)) => range.check_divisor(g).map_err(|m| self.err(span, m)),
            _ => Ok(()),
        }
    }

    /// The value of `e` (kept when `e` is a leaf of the comparison in t being recorded).
    pub fn eval(&mut self, e: &Expr, env: &mut Env) -> Result<Value, LangError> {
        let v = self.value(e, env)?;
        if !self.leaves.is_empty() {
            if let Value::Num(n) = &v {
                self.keep_leaf(e, n);
            }
        }
        Ok(v)
    }

    /// `n`, the value of `e`, kept when `e` is a leaf awaiting its value ([`Self::leaves`]).
    fn keep_leaf(&mut self, e: &Expr, n: &Num) {
        let at = std::ptr::from_ref(e) as usize;
        if let Some((_, slot @ None)) = self.leaves.iter_mut().find(|(p, _)| *p == at) {
            *slot = Some(n.clone());
        }
    }

    fn value(&mut self, e: &Expr, env: &mut Env) -> Result<Value, LangError> {
        let at = |r: Result<Num, String>| r.map(Value::Num).map_err(|m| LangError::eval(e.span, m));
        match &e.kind {
            ExprKind::Num(q) => Ok(Value::Num(Num::Rat(q.clone()))),
            ExprKind::Inf => Ok(Value::Num(Num::Inf)),
            ExprKind::Hoisted(k) => {
                let c = self
                    .consts
                    .get(*k)
                    .ok_or_else(|| self.err(e.span, "internal: a hoisted value is missing"))?;
                self.methods.merge(c.methods);
                Ok(c.value.clone())
            }
            ExprKind::E => at(Num::int(1).exp()),
            ExprKind::Var(name) => {
                if let Some((_, v)) = env.iter().rev().find(|(n, _)| n == name) {
                    return Ok(v.clone());
                }
                match name.as_str() {
                    "petersen" => Ok(Value::Graph(Arc::new(Graph::petersen()))),
                    _ => Err(self.err(e.span, format!("unknown name `{name}`"))),
                }
            }
            ExprKind::Neg(a) => {
                let a = self.num(a, env)?;
                at(a.neg())
            }
            ExprKind::Bin(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div), a, b) => {
                let a = self.num(a, env)?;
                let bv = self.num(b, env)?;
                if *op == BinOp::Div {
                    self.check_divisor(&bv, b.span)?;
                }
                let b = bv;
                at(match op {
                    BinOp::Add => a.add(&b),
                    BinOp::Sub => a.sub(&b),
                    BinOp::Mul => a.mul(&b),
                    _ => a.div(&b),
                })
            }
            ExprKind::Bin(BinOp::Pow, a, b) => {
                let base = self.num(a, env)?;
                let exp = self.num(b, env)?;
                self.power(e, base, b, exp).map(Value::Num)
            }
            ExprKind::Call {
                name, args, named, ..
            } => {
                let (vals, nv) = self.call_args(args, named, env)?;
                self.apply(e, name, &vals, &nv)
            }
            ExprKind::Index(a, i) => {
                let v = self.eval(a, env)?;
                let iv = self.eval(i, env)?;
                let idx = builtins::count(&iv, "an index", u64::MAX)
                    .map_err(|m| self.err(i.span, m))? as usize;
                match v {
                    Value::Chan(w) => {
                        if idx >= w.n_inputs() {
                            return Err(self.err(
                                i.span,
                                format!(
                                    "row {idx} of a channel with {} rows (indices start at 0)",
                                    w.n_inputs()
                                ),
                            ));
                        }
                        Ok(Value::Dist(Arc::new(w.row(idx))))
                    }
                    Value::Dist(p) => {
                        if idx >= p.len() {
                            return Err(self.err(i.span, format!("entry {idx} of a distribution on {} points (indices start at 0)", p.len())));
                        }
                        Ok(Value::Num(Num::Rat(p.p(idx).clone())))
                    }
                    Value::TChan(w) if idx < w.len() => Ok(Value::TDist(Arc::new(w[idx].clone()))),
                    Value::TDist(p) if idx < p.len() => {
                        Ok(Value::Num(piecewise_num(p[idx].clone())))
                    }
                    Value::TChan(_) | Value::TDist(_) => Err(self.err(
                        i.span,
                        format!("index {idx} is out of range (indices start at 0)"),
                    )),
                    _ => Err(self.err(a.span, "only channels and distributions can be indexed")),
                }
            }
            ExprKind::Set(items) => {
                let mut v = Vec::with_capacity(items.len());
                for it in items {
                    v.push(self.eval(it, env)?);
                }
                Ok(Value::Set(Domain::Items(Arc::new(v))))
            }
            ExprKind::IntRange(a, b) => {
                let lo = self.int(a, env)?;
                let hi = self.int(b, env)?;
                Ok(Value::Set(Domain::Ints { lo, hi }))
            }
            ExprKind::Let { name, value, body } => {
                let v = self.eval(value, env)?;
                env.push((name.clone(), v));
                let r = self.eval(body, env);
                env.pop();
                r
            }
            ExprKind::Fold {
                f,
                var,
                domain,
                body,
                ..
            } => {
                let dom = self.domain(domain, env)?;
                let mut acc: Option<Num> = None;
                for i in 0..dom.len() {
                    self.step(var, domain, &dom, i)?;
                    env.push((var.clone(), dom.get(i)));
                    let x = self.num(body, env);
                    env.pop();
                    let x = x?;
                    acc = Some(match (acc, f) {
                        (None, _) => x,
                        (Some(s), Fold::Sum) => s.add(&x).map_err(|m| self.err(body.span, m))?,
                        (Some(s), Fold::Max) => self
                            .extreme(&s, &x, std::cmp::Ordering::Greater)
                            .map_err(|m| self.err(body.span, m))?,
                        (Some(s), Fold::Min) => self
                            .extreme(&s, &x, std::cmp::Ordering::Less)
                            .map_err(|m| self.err(body.span, m))?,
                    });
                }
                match (acc, f) {
                    (Some(x), _) => Ok(Value::Num(x)),
                    (None, Fold::Sum) => Ok(Value::Num(Num::int(0))),
                    (None, _) => Err(self.err(e.span, "max/min over an empty domain")),
                }
            }
            // statements used as values (`let ok = a <= b; ...`)
            _ => {
                let t = self.truth(e, env)?;
                if t.sym {
                    return Err(self.err(
                        e.span,
                        "a statement about the symbolic t cannot be stored in a variable",
                    ));
                }
                Ok(Value::Bool(t.d))
            }
        }
    }

    /// The values of a call's arguments, positional then named, in source order.
    fn call_args(
        &mut self,
        args: &[Expr],
        named: &[(String, Expr)],
        env: &mut Env,
    ) -> Result<ArgValues, LangError> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a, env)?);
        }
        let mut nv = Vec::new();
        for (k, v) in named {
            nv.push((k.clone(), self.eval(v, env)?));
        }
        Ok((vals, nv))
    }

    /// The builtin `name` of the call `e` on argument values.
    fn apply(
        &mut self,
        e: &Expr,
        name: &str,
        vals: &[Value],
        nv: &[(String, Value)],
    ) -> Result<Value, LangError> {
        match name {
            "max_utility" => self.methods.mask |= M_LP,
            "is_dr" | "is_vt" | "is_vt_plus" | "graphs" | "connected_graphs" => {
                self.methods.mask |= M_ENUM
            }
            _ => {}
        }
        if let Some(range) = &self.sym {
            if vals
                .iter()
                .chain(nv.iter().map(|(_, v)| v))
                .any(in_t::depends)
            {
                return in_t::call(name, vals, nv, range).map_err(|m| self.err(e.span, m));
            }
        }
        if matches!(name, "refines" | "same_hyper") {
            let (v, record) = builtins::recorded(name, vals).map_err(|m| self.err(e.span, m))?;
            self.records.extend(record);
            return Ok(v);
        }
        builtins::call(name, vals, nv).map_err(|m| self.err(e.span, m))
    }

    /// `max`/`min` of two numbers (`want`), through `in_t` when one depends on the symbolic t.
    fn extreme(&self, a: &Num, b: &Num, want: std::cmp::Ordering) -> Result<Num, String> {
        match &self.sym {
            Some(range) if a.is_symbolic() || b.is_symbolic() => in_t::extreme(a, b, want, range),
            _ => a.extreme(b, want),
        }
    }

    /// `e` when it is a call of a builtin whose value is finite once its argument checks
    /// pass ([`builtins::finite_checks`]).
    fn finite_call(e: &Expr) -> Option<CallParts<'_>> {
        match &e.kind {
            ExprKind::Call {
                name, args, named, ..
            } if builtins::is_finite_valued(name) => {
                Some((name.as_str(), args.as_slice(), named.as_slice()))
            }
            _ => None,
        }
    }

    /// The comparison `a rel b`. Both sides are evaluated, `a` first, and an error on either
    /// is the result; but `x <= inf`, `x < inf`, `x != inf` (and `inf >= x`, `inf > x`,
    /// `inf != x`) hold for every finite `x`, so when `x` is a call of a builtin whose value is
    /// finite once its argument checks pass, `x` facing `inf` has its arguments evaluated and
    /// checked but its value is not computed (`mult_leakage(p, W) <= dp(W)` on a channel with
    /// an infinite DP ratio). Order, errors, verdicts and methods are those of computing it.
    pub fn comparison(
        &mut self,
        e: &Expr,
        rel: Rel,
        a: &Expr,
        b: &Expr,
        env: &mut Env,
    ) -> Result<Truth, LangError> {
        let recording = crate::certify::recording();
        let Some(range) = self.sym.as_ref().filter(|_| recording) else {
            return self.comparison_of(e, rel, a, b, env);
        };
        let mut leaves = Vec::new();
        super::sturm_record::leaves(a, &range.name, &mut leaves);
        super::sturm_record::leaves(b, &range.name, &mut leaves);
        let mine = leaves
            .into_iter()
            .map(|x| (std::ptr::from_ref(x) as usize, None))
            .collect();
        // a comparison inside a leaf keeps its own leaves, then gives these back
        let outer = std::mem::replace(&mut self.leaves, mine);
        let t = self.comparison_of(e, rel, a, b, env);
        let kept = std::mem::replace(&mut self.leaves, outer);
        let t = t?;
        if t.sym && t.d == Decision::True {
            // issue 44 item 6: an instance without them is not certified; the verdict stays
            let recs = self.aside(|ev| ev.sturm_of(e, rel, a, b, &kept, env));
            self.records.extend(recs.unwrap_or_default());
        }
        Ok(t)
    }

    /// `f`'s result, with the records and methods it added dropped: a value computed again
    /// for a certificate leaves the instance's records and methods as they were.
    fn aside<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let (n, methods) = (self.records.len(), self.methods);
        let r = f(self);
        self.records.truncate(n);
        self.methods = methods;
        r
    }

    /// The record of a comparison `dp(W) rel c` found false because W's level is `∞`
    /// (`dp(W) < c`, `<= c`, `= c` for a finite `c`; `dp(W) < inf`, `!= inf`; either side):
    /// the `out_of_range` record `finite_dp_level` ([`builtins::infinite_level_record`]; issue
    /// 44 item 6, WYZ-D4-t's and ACC-2's `where`). Asked only for a filter's atom
    /// ([`super::excluded`]), so that no other instance is taken for one outside the
    /// hypotheses. The call's arguments and `c` are computed again; `None` for any other
    /// comparison, or when the level is finite.
    pub(super) fn infinite_level(
        &mut self,
        rel: Rel,
        a: &Expr,
        b: &Expr,
        env: &mut Env,
    ) -> Option<Arc<crate::certify::Record>> {
        let dp_call = |x: &Expr| matches!(&x.kind, ExprKind::Call { name, .. } if name == "dp");
        let (call, other, rel) = match (dp_call(a), dp_call(b)) {
            (true, false) => (a, b, rel),
            (false, true) => (b, a, flip(rel)),
            _ => return None,
        };
        let ExprKind::Call { args, named, .. } = &call.kind else {
            return None;
        };
        let (c, vals) = self.aside(|ev| {
            let c = ev.num(other, env);
            (c, ev.call_args(args, named, env).map(|(v, _)| v))
        });
        let false_at_inf = match c.ok()? {
            Num::Inf => matches!(rel, Rel::Lt | Rel::Ne),
            _ => matches!(rel, Rel::Lt | Rel::Le | Rel::Eq),
        };
        builtins::infinite_level_record(&vals.ok().filter(|_| false_at_inf)?)
    }

    /// The `sturm` records of `a rel b`, which holds for every t of the range: the sides'
    /// trees as the claim writes them (`+ - * / ^` of numbers and t, every division visible to
    /// the checker), each other sub-expression (a call, a bound name) a leaf given by its value
    /// — a rational function of t, or piecewise: then one record per piece ([`sturm_record`]).
    /// A leaf's value is the one the comparison's evaluation gave it (`kept`, by address);
    /// one it did not give is computed here.
    fn sturm_of(
        &mut self,
        e: &Expr,
        rel: Rel,
        a: &Expr,
        b: &Expr,
        kept: &[(usize, Option<Num>)],
        env: &mut Env,
    ) -> Result<Vec<serde_json::Value>, String> {
        use super::sturm_record as sr;
        let range = self.sym.clone().ok_or("no symbolic range")?;
        let mut leaves = Vec::new();
        sr::leaves(a, &range.name, &mut leaves);
        sr::leaves(b, &range.name, &mut leaves);
        let mut vals = Vec::with_capacity(leaves.len());
        for x in &leaves {
            let at = std::ptr::from_ref(*x) as usize;
            let v = match kept.iter().find(|(p, _)| *p == at) {
                Some((_, Some(v))) => v.clone(),
                _ => self.num(x, env).map_err(|e| e.message)?,
            };
            vals.push((x.span, v));
        }
        let compared = text(self.src, e.span);
        let mut out = Vec::new();
        for piece in sr::pieces(&range, vals.iter().map(|(_, v)| v))? {
            if piece.is_empty() {
                continue; // nothing to show: it holds vacuously
            }
            let leaf = &mut |x: &Expr| match vals.iter().find(|(s, _)| *s == x.span) {
                Some((_, v)) => sr::leaf_on(&piece, v),
                None => Err(format!("`{}` is not a leaf", text(self.src, x.span))),
            };
            let lhs = sr::tree(self.src, Some(&piece), a, leaf)?;
            let rhs = sr::tree(self.src, Some(&piece), b, leaf)?;
            let (l, r) = ((lhs.0, &lhs.1), (rhs.0, &rhs.1));
            out.push(sr::record(&piece, l, rel, r, &compared, out.len() + 1)?);
        }
        Ok(out)
    }

    fn comparison_of(
        &mut self,
        e: &Expr,
        rel: Rel,
        a: &Expr,
        b: &Expr,
        env: &mut Env,
    ) -> Result<Truth, LangError> {
        // While certificates are recorded the finite side is computed after all, for its
        // `log_linear` record with the side `"+inf"` (issue 44 item 6: XDOC-11); an error in
        // computing it leaves the instance without a record, never changes the verdict.
        let holds = |ev: &mut Self, finite: Option<Result<Value, LangError>>, inf_right: bool| {
            ev.methods.add(How::Exact); // as `compare` of a finite number with inf
            if let Some(Ok(Value::Num(x))) = finite {
                if let Some(r) = super::real::record_vs_inf(&x, rel.text(), inf_right) {
                    ev.records.push(r);
                }
            }
            Ok(Truth::plain(Decision::True))
        };
        let recording = crate::certify::recording();
        if let Some((name, args, named)) = Self::finite_call(a) {
            if matches!(rel, Rel::Le | Rel::Lt | Rel::Ne) {
                let (vals, nv) = self.call_args(args, named, env)?;
                if let Some(Err(m)) = builtins::finite_checks(name, &vals) {
                    return Err(self.err(a.span, m));
                }
                let y = self.num(b, env)?;
                if matches!(y, Num::Inf) {
                    let x = recording.then(|| self.apply(a, name, &vals, &nv));
                    return holds(self, x, true);
                }
                let x = match self.apply(a, name, &vals, &nv)? {
                    Value::Num(x) => x,
                    _ => return Err(self.err(a.span, "expected a number")),
                };
                if !self.leaves.is_empty() {
                    self.keep_leaf(a, &x);
                }
                return self.compare(e, rel, x, y);
            }
        }
        let x = self.num(a, env)?;
        if matches!(x, Num::Inf) && matches!(rel, Rel::Ge | Rel::Gt | Rel::Ne) {
            if let Some((name, args, named)) = Self::finite_call(b) {
                let (vals, nv) = self.call_args(args, named, env)?;
                if let Some(Err(m)) = builtins::finite_checks(name, &vals) {
                    return Err(self.err(b.span, m));
                }
                let y = recording.then(|| self.apply(b, name, &vals, &nv));
                return holds(self, y, false);
            }
        }
        let y = self.num(b, env)?;
        self.compare(e, rel, x, y)
    }

    fn int(&mut self, e: &Expr, env: &mut Env) -> Result<i64, LangError> {
        match self.num(e, env)? {
            Num::Rat(q) => i64::try_from(&q).map_err(|_| {
                let what = if q.is_integer() {
                    "an integer of at most 64 bits"
                } else {
                    "an integer"
                };
                self.err(
                    e.span,
                    format!("expected {what}, got {}", abbreviate(&q.to_string())),
                )
            }),
            n => Err(self.err(
                e.span,
                format!("expected an integer, got {}", abbreviate(&n.exact_string())),
            )),
        }
    }

    /// The domain `e` denotes.
    pub fn domain(&mut self, e: &Expr, env: &mut Env) -> Result<Domain, LangError> {
        match self.eval(e, env)? {
            Value::Set(d) => Ok(d),
            _ => Err(self.err(e.span, "expected a domain")),
        }
    }

    /// The three-valued truth of the statement `e`.
    pub fn truth(&mut self, e: &Expr, env: &mut Env) -> Result<Truth, LangError> {
        match &e.kind {
            ExprKind::Cmp(rel, a, b) => self.comparison(e, *rel, a, b, env),
            ExprKind::Bin(BinOp::And, a, b) => {
                let x = self.truth(a, env)?;
                if x.d == Decision::False {
                    return Ok(x);
                }
                let y = self.truth(b, env)?;
                let sym = x.sym || y.sym;
                let d = x.d.and(y.d);
                let detail = if y.d != Decision::True {
                    y.detail
                } else {
                    x.detail
                };
                Ok(Truth { d, sym, detail })
            }
            ExprKind::Bin(BinOp::Or, a, b) => {
                let x = self.pointwise(a, env, "or")?;
                if x.d == Decision::True {
                    return Ok(x);
                }
                let y = self.pointwise(b, env, "or")?;
                let d = x.d.or(y.d);
                let detail = if y.d == Decision::Unknown || x.d != Decision::Unknown {
                    y.detail
                } else {
                    x.detail
                };
                Ok(Truth {
                    d,
                    sym: false,
                    detail,
                })
            }
            ExprKind::Bin(BinOp::Implies, a, b) => {
                let x = self.pointwise(a, env, "=>")?;
                match x.d {
                    Decision::False => Ok(Truth::plain(Decision::True)),
                    Decision::True => self.truth(b, env),
                    Decision::Unknown => {
                        let y = self.truth(b, env)?;
                        if y.d == Decision::True {
                            Ok(y)
                        } else {
                            Ok(Truth {
                                d: Decision::Unknown,
                                sym: y.sym,
                                detail: x.detail,
                            })
                        }
                    }
                }
            }
            ExprKind::Not(a) => {
                let x = self.pointwise(a, env, "not")?;
                Ok(Truth {
                    d: x.d.not(),
                    sym: false,
                    detail: x.detail,
                })
            }
            ExprKind::Quant {
                q,
                binders,
                filter,
                body,
            } => self.quant(*q, binders, 0, filter.as_deref(), body, env),
            ExprKind::Let { name, value, body } => {
                let v = self.eval(value, env)?;
                env.push((name.clone(), v));
                let r = self.truth(body, env);
                env.pop();
                r
            }
            _ => match self.eval(e, env)? {
                Value::Bool(d) => Ok(Truth {
                    d,
                    sym: false,
                    detail: (d != Decision::True).then(|| {
                        Box::new(Detail {
                            compared: text(self.src, e.span),
                            lhs: None,
                            rhs: None,
                            witness: Vec::new(),
                            why: (d == Decision::Unknown)
                                .then(|| "the predicate's search budget ran out".to_string()),
                        })
                    }),
                }),
                _ => Err(self.err(e.span, "expected a statement")),
            },
        }
    }

    /// A sub-statement whose truth must be pointwise (not "for every t").
    pub(super) fn pointwise(
        &mut self,
        e: &Expr,
        env: &mut Env,
        op: &str,
    ) -> Result<Truth, LangError> {
        let t = self.truth(e, env)?;
        if t.sym {
            return Err(self.err(
                e.span,
                format!("`{op}` of a statement about the symbolic t is not decided pointwise; only `and` and `forall` combine such statements"),
            ));
        }
        Ok(t)
    }

    fn compare(&mut self, e: &Expr, rel: Rel, x: Num, y: Num) -> Result<Truth, LangError> {
        let detail = |why: Option<String>, witness: Vec<(String, String)>, x: &Num, y: &Num| {
            Some(Box::new(Detail {
                compared: text(self.src, e.span),
                lhs: Some(x.clone()),
                rhs: Some(y.clone()),
                witness,
                why,
            }))
        };
        if x.is_symbolic() || y.is_symbolic() {
            let (Some(range), Ok(diff)) = (self.sym.clone(), x.sub(&y)) else {
                return Err(self.err(
                    e.span,
                    "a comparison with the symbolic t outside its binder",
                ));
            };
            if let Num::P(p) = &diff {
                return Ok(self.decide_piecewise(e, rel, p, &x, &y));
            }
            let Num::T(f) = diff else {
                return Err(self.err(e.span, "not rational in t"));
            };
            let (d, w) = range.decide(&f, rel).map_err(|m| self.err(e.span, m))?;
            self.methods.mask |= M_POLY;
            if d == Decision::True {
                return Ok(Truth {
                    d,
                    sym: true,
                    detail: None,
                });
            }
            let (witness, xs, ys) = match &w {
                Some(t) => (
                    vec![(range.name.clone(), t.to_string())],
                    at_t(&x, t),
                    at_t(&y, t),
                ),
                None => (Vec::new(), x.clone(), y.clone()),
            };
            self.record_counterexample(rel, &xs, &ys);
            let why = w
                .is_none()
                .then(|| format!("fails for some {range} (Sturm); no sampled point shows it"));
            return Ok(Truth {
                d,
                sym: true,
                detail: detail(why, witness, &xs, &ys),
            });
        }
        let (d, how) = match (&x, &y) {
            (Num::Bracket(lo, hi), b) => bracket_decision(lo, hi, b, rel),
            (a, Num::Bracket(lo, hi)) => {
                let (d, how) = bracket_decision(lo, hi, a, flip(rel));
                (d, how)
            }
            _ => match compare(&x, &y) {
                (Some(s), how) => (Decision::from_bool(rel.holds_for(s)), how),
                (None, how) => (Decision::Unknown, how),
            },
        };
        self.methods.add(how);
        if d != Decision::Unknown && crate::certify::recording() {
            let rel_text = rel.text();
            let holds = d == Decision::True;
            // a finite side against `inf` (`dp(W) < inf` that holds): as [`Self::comparison`]
            // records it for a builtin that is finite (WYZ-D4-t)
            let r = match (&x, &y) {
                (a, Num::Inf) if holds => {
                    super::real::record_vs_inf(a, rel_text, true).map(Into::into)
                }
                (Num::Inf, b) if holds => {
                    super::real::record_vs_inf(b, rel_text, false).map(Into::into)
                }
                _ => super::real::record_of(&x, &y, rel_text, holds),
            };
            if let Some(r) = r {
                self.records.push(r);
            }
        }
        if d == Decision::True {
            return Ok(Truth::plain(d));
        }
        let why = (d == Decision::Unknown).then(|| match (&x, &y) {
            (Num::Bracket(..), _) | (_, Num::Bracket(..)) => {
                "the capacity bracket contains the other side".to_string()
            }
            _ => format!("the enclosures did not separate up to {how}"),
        });
        Ok(Truth {
            d,
            sym: false,
            detail: detail(why, Vec::new(), &x, &y),
        })
    }

    /// `x rel y` for every t of the range, their difference `p` piecewise (issue 46, item 2):
    /// decided piece by piece ([`crate::num::piecewise::Piecewise::decide`]); a failure names an
    /// exact t, rational whenever an interval of failures shows one, else an algebraic number.
    fn decide_piecewise(
        &mut self,
        e: &Expr,
        rel: Rel,
        p: &crate::num::piecewise::Piecewise,
        x: &Num,
        y: &Num,
    ) -> Truth {
        self.methods.mask |= M_POLY;
        let Some(w) = p.decide(|s| rel.holds_for(s)) else {
            return Truth {
                d: Decision::True,
                sym: true,
                detail: None,
            };
        };
        let name = p.domain().name.clone();
        let (xs, ys) = match w.as_rational() {
            Some(t) => (at_t(x, t), at_t(y, t)),
            None => (x.clone(), y.clone()),
        };
        self.record_counterexample(rel, &xs, &ys);
        Truth {
            d: Decision::False,
            sym: true,
            detail: Some(Box::new(Detail {
                compared: text(self.src, e.span),
                lhs: Some(xs),
                rhs: Some(ys),
                witness: vec![(name.clone(), crate::num::piecewise::show_point(&w, &name))],
                why: None,
            })),
        }
    }

    /// A comparison in t that fails at a rational t: the exact values of both sides there, as
    /// a false `compare` record (issue 44 item 6); none at an irrational t.
    fn record_counterexample(&mut self, rel: Rel, x: &Num, y: &Num) {
        if let (Num::Rat(a), Num::Rat(b), true) = (x, y, crate::certify::recording()) {
            let r = crate::certify::compare(&a.to_string(), rel.text(), &b.to_string(), false);
            self.records.push(r);
        }
    }

    pub(super) fn rational(&mut self, e: &Expr, env: &mut Env) -> Result<Rational, LangError> {
        match self.num(e, env)? {
            Num::Rat(q) => Ok(q),
            n => Err(self.err(
                e.span,
                format!(
                    "the end of a symbolic range must be an exact rational, got {}",
                    n.exact_string()
                ),
            )),
        }
    }
}

/// `b rel a` as `a rel' b`.
fn flip(r: Rel) -> Rel {
    match r {
        Rel::Lt => Rel::Gt,
        Rel::Le => Rel::Ge,
        Rel::Gt => Rel::Lt,
        Rel::Ge => Rel::Le,
        r => r,
    }
}

/// A number at a rational value of the symbolic t (for reporting a failing t).
fn at_t(x: &Num, t: &Rational) -> Num {
    match x {
        Num::T(f) => f.eval(t).map_or_else(|| x.clone(), Num::Rat),
        Num::P(p) => p.eval(t).map_or_else(|| x.clone(), Num::Rat),
        _ => x.clone(),
    }
}
