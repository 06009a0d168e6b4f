//! Loop-invariant subterms, evaluated once per run (issue 28, item 6).
//!
//! A claim such as `forall W in channels(3, 3, denom 6): mult_leakage(uniform(3), W) <= dp(W)`
//! builds `uniform(3)` once per instance when interpreted naively. [`hoist`] walks the claim
//! once, tracking which variables the binders in scope bind (instance binders, inner
//! quantifiers, `let`, `sum`/`max`/`min`); a subterm whose free variables are none of them is
//! *closed*: its value is the same in every instance. Each maximal closed subterm that builds a
//! value (a call, arithmetic, an index, a set, a range, a fold, `e`, a constant such as
//! `petersen`) is evaluated once and replaced by [`ExprKind::Hoisted`], an index into the
//! table of values the evaluator reads.
//!
//! Soundness: hoisting changes when a value is computed, never which value: a closed subterm
//! has one value in every instance (evaluation is deterministic and depends only on the
//! environment). A subterm whose evaluation fails (division by zero, …) is left in place, so the
//! error is still reported by the instance that evaluates it, with its column; a subterm that
//! a short-circuit would skip costs one evaluation per run at most. Statements (comparisons,
//! connectives, quantifiers) are not hoisted: their evaluation carries the comparison that
//! decided them, which a report shows.

use super::ast::*;
use super::budget::Budget;
use super::decided::Const;
use super::error::{LangError, Stage};
use super::eval::{Env, Evaluator};
use std::collections::BTreeSet;

/// The claim with its closed subterms replaced by [`ExprKind::Hoisted`] indices into `consts`.
pub struct Hoisted {
    pub expr: Expr,
    pub consts: Vec<Const>,
}

/// Hoist the closed value subterms of `e`. Top-level `let`s are constants of the run: their
/// values are evaluated here (as [`super::run`] does) and subterms using them may be hoisted.
/// Their evaluation counts against the run's `budget`; `Err` when it runs out.
pub fn hoist(src: &str, e: &Expr, budget: Option<&Budget>) -> Result<Hoisted, LangError> {
    let mut h = Hoister {
        src,
        env: Env::new(),
        consts: Vec::new(),
        budget,
        stopped: None,
    };
    let expr = h.top(e);
    if let Some(stop) = h.stopped {
        return Err(stop);
    }
    Ok(Hoisted {
        expr,
        consts: h.consts,
    })
}

struct Hoister<'s> {
    src: &'s str,
    /// Values of the top-level `let`s (the constants closed subterms may use).
    env: Env,
    consts: Vec<Const>,
    budget: Option<&'s Budget>,
    /// The budget ran out while evaluating a subterm.
    stopped: Option<LangError>,
}

impl Hoister<'_> {
    fn top(&mut self, e: &Expr) -> Expr {
        if let ExprKind::Let { name, value, body } = &e.kind {
            let mut ev = Evaluator::new(self.src).metered(self.budget);
            let mut env = self.env.clone();
            let r = ev.eval(value, &mut env);
            if let Ok(v) = self.stop_on_limit(r) {
                self.env.push((name.clone(), v));
                let body = self.top(body);
                return Expr::new(
                    ExprKind::Let {
                        name: name.clone(),
                        value: value.clone(),
                        body: Box::new(body),
                    },
                    e.span,
                );
            }
            // a top-level `let` that does not evaluate: the run reports it; hoist nothing
            return e.clone();
        }
        self.go(e, &mut Vec::new())
    }

    /// `r`, remembering a [`Stage::Limit`] error (the budget ran out: the run stops).
    fn stop_on_limit<T>(&mut self, r: Result<T, LangError>) -> Result<T, ()> {
        r.map_err(|e| {
            if e.stage == Stage::Limit && self.stopped.is_none() {
                self.stopped = Some(e);
            }
        })
    }

    /// Rewrite `e` under the names `bound` by the binders in scope.
    fn go(&mut self, e: &Expr, bound: &mut Vec<String>) -> Expr {
        if self.stopped.is_none() && hoistable(e) && is_closed(e, bound) {
            let mut ev = Evaluator::new(self.src).metered(self.budget);
            let mut env = self.env.clone();
            let r = ev.eval(e, &mut env);
            if let Ok(value) = self.stop_on_limit(r) {
                self.consts.push(Const {
                    value,
                    methods: ev.methods,
                });
                return Expr::new(ExprKind::Hoisted(self.consts.len() - 1), e.span);
            }
        }
        let b = |h: &mut Self, x: &Expr, bound: &mut Vec<String>| Box::new(h.go(x, bound));
        let kind = match &e.kind {
            ExprKind::Num(_)
            | ExprKind::Inf
            | ExprKind::E
            | ExprKind::Var(_)
            | ExprKind::Hoisted(_) => e.kind.clone(),
            ExprKind::Neg(a) => ExprKind::Neg(b(self, a, bound)),
            ExprKind::Not(a) => ExprKind::Not(b(self, a, bound)),
            ExprKind::Bin(op, x, y) => ExprKind::Bin(*op, b(self, x, bound), b(self, y, bound)),
            ExprKind::Cmp(r, x, y) => ExprKind::Cmp(*r, b(self, x, bound), b(self, y, bound)),
            ExprKind::Index(x, y) => ExprKind::Index(b(self, x, bound), b(self, y, bound)),
            ExprKind::IntRange(x, y) => ExprKind::IntRange(b(self, x, bound), b(self, y, bound)),
            ExprKind::Call {
                name,
                name_span,
                args,
                named,
            } => ExprKind::Call {
                name: name.clone(),
                name_span: *name_span,
                args: args.iter().map(|a| self.go(a, bound)).collect(),
                named: named
                    .iter()
                    .map(|(k, v)| (k.clone(), self.go(v, bound)))
                    .collect(),
            },
            ExprKind::Set(items) => {
                ExprKind::Set(items.iter().map(|a| self.go(a, bound)).collect())
            }
            ExprKind::Quant {
                q,
                binders,
                filter,
                body,
            } => {
                let mark = bound.len();
                let mut nb = Vec::with_capacity(binders.len());
                for bd in binders {
                    // a binder's range sees the binders before it
                    let range = match &bd.range {
                        Range::In(d) => Range::In(self.go(d, bound)),
                        Range::Symbolic { lo, lo_open, hi } => Range::Symbolic {
                            lo: self.go(lo, bound),
                            lo_open: *lo_open,
                            hi: hi.as_ref().map(|(h, open)| (self.go(h, bound), *open)),
                        },
                    };
                    nb.push(Binder {
                        name: bd.name.clone(),
                        span: bd.span,
                        range,
                    });
                    bound.push(bd.name.clone());
                }
                let filter = filter.as_ref().map(|f| b(self, f, bound));
                let body = b(self, body, bound);
                bound.truncate(mark);
                ExprKind::Quant {
                    q: *q,
                    binders: nb,
                    filter,
                    body,
                }
            }
            ExprKind::Let { name, value, body } => {
                let value = b(self, value, bound);
                bound.push(name.clone());
                let body = b(self, body, bound);
                bound.pop();
                ExprKind::Let {
                    name: name.clone(),
                    value,
                    body,
                }
            }
            ExprKind::Fold {
                f,
                var,
                var_span,
                domain,
                body,
            } => {
                let domain = b(self, domain, bound);
                bound.push(var.clone());
                let body = b(self, body, bound);
                bound.pop();
                ExprKind::Fold {
                    f: *f,
                    var: var.clone(),
                    var_span: *var_span,
                    domain,
                    body,
                }
            }
        };
        Expr::new(kind, e.span)
    }
}

/// A subterm worth computing once: one that builds a value. Literals are as cheap to read as a
/// table entry; statements keep their evaluation (it carries the compared sides).
fn hoistable(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call { .. }
        | ExprKind::Neg(_)
        | ExprKind::Index(..)
        | ExprKind::Set(_)
        | ExprKind::IntRange(..)
        | ExprKind::Fold { .. }
        | ExprKind::E
        | ExprKind::Var(_) => true,
        ExprKind::Bin(op, ..) => matches!(
            op,
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow
        ),
        _ => false,
    }
}

/// Whether none of `e`'s free variables is one of `bound`.
fn is_closed(e: &Expr, bound: &[String]) -> bool {
    let mut fv = BTreeSet::new();
    free_vars(e, &mut Vec::new(), &mut fv);
    !fv.iter().any(|v| bound.contains(v))
}

/// The free variables of `e` (names not bound inside `e`; `inner` holds those that are).
pub fn free_vars(e: &Expr, inner: &mut Vec<String>, out: &mut BTreeSet<String>) {
    let mut go = |x: &Expr, inner: &mut Vec<String>| free_vars(x, inner, out);
    match &e.kind {
        ExprKind::Var(n) => {
            if !inner.contains(n) {
                out.insert(n.clone());
            }
        }
        ExprKind::Num(_) | ExprKind::Inf | ExprKind::E | ExprKind::Hoisted(_) => {}
        ExprKind::Neg(a) | ExprKind::Not(a) => go(a, inner),
        ExprKind::Bin(_, a, b)
        | ExprKind::Cmp(_, a, b)
        | ExprKind::Index(a, b)
        | ExprKind::IntRange(a, b) => {
            go(a, inner);
            go(b, inner);
        }
        ExprKind::Call { args, named, .. } => {
            args.iter().for_each(|a| go(a, inner));
            named.iter().for_each(|(_, a)| go(a, inner));
        }
        ExprKind::Set(items) => items.iter().for_each(|a| go(a, inner)),
        ExprKind::Quant {
            binders,
            filter,
            body,
            ..
        } => {
            let mark = inner.len();
            for bd in binders {
                match &bd.range {
                    Range::In(d) => go(d, inner),
                    Range::Symbolic { lo, hi, .. } => {
                        go(lo, inner);
                        if let Some((h, _)) = hi {
                            go(h, inner);
                        }
                    }
                }
                inner.push(bd.name.clone());
            }
            if let Some(f) = filter {
                go(f, inner);
            }
            go(body, inner);
            inner.truncate(mark);
        }
        ExprKind::Let { name, value, body } => {
            go(value, inner);
            inner.push(name.clone());
            go(body, inner);
            inner.pop();
        }
        ExprKind::Fold {
            var, domain, body, ..
        } => {
            go(domain, inner);
            inner.push(var.clone());
            go(body, inner);
            inner.pop();
        }
    }
}

#[cfg(test)]
mod tests;
