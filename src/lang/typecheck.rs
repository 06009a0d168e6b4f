//! The checker that runs before anything is evaluated: an unknown name (with the nearest
//! known names), a wrong argument (`mi` of a graph), a non-boolean claim are refused with the
//! column, exit 2, before any instance runs. Apart from the types themselves ([`super::types`]),
//! which the function table ([`super::builtins`]) is written in (issue 43, item 1: no circle).

use super::ast::*;
use super::builtins::{self, BUILTINS};
use super::error::LangError;
use super::in_t;
use super::types::{Base, Ty, CONSTANTS};

fn suggest(name: &str, extra: &[String]) -> String {
    let known = BUILTINS
        .iter()
        .map(|b| b.name)
        .chain(CONSTANTS.iter().map(|c| c.0))
        .chain(extra.iter().map(String::as_str))
        .chain(["sum", "max", "min", "inf", "e"]);
    let near = crate::suggest::nearest(name, known, 4, true);
    if near.is_empty() {
        String::new()
    } else {
        format!(" (nearest: {})", near.join(", "))
    }
}

/// Type-check a claim: it must be a truth value.
pub fn check_claim(e: &Expr) -> Result<(), LangError> {
    let mut env = Vec::new();
    let t = type_of(e, &mut env)?;
    if t != Ty::Bool {
        return Err(LangError::typ(
            e.span,
            format!("a claim must be a statement (true or false), this is {t}"),
        ));
    }
    Ok(())
}

fn expect(e: &Expr, env: &mut Vec<(String, Ty)>, want: Ty, what: &str) -> Result<(), LangError> {
    let t = type_of(e, env)?;
    if t != want {
        return Err(LangError::typ(
            e.span,
            format!("{what} must be {want}, found {t}"),
        ));
    }
    Ok(())
}

/// The type of `e` under `env` (innermost binding last).
pub fn type_of(e: &Expr, env: &mut Vec<(String, Ty)>) -> Result<Ty, LangError> {
    match &e.kind {
        ExprKind::Num(_) | ExprKind::Inf | ExprKind::E => Ok(Ty::Num),
        ExprKind::Hoisted(_) => Err(LangError::typ(
            e.span,
            "internal: a hoisted value is type-checked before hoisting",
        )),
        ExprKind::Var(name) => {
            if let Some((_, t)) = env.iter().rev().find(|(n, _)| n == name) {
                return Ok(*t);
            }
            if let Some((_, t)) = CONSTANTS.iter().find(|(n, _)| n == name) {
                return Ok(*t);
            }
            if BUILTINS.iter().any(|b| b.name == name) {
                return Err(LangError::typ(
                    e.span,
                    format!("`{name}` is a function: call it as {name}(...)"),
                ));
            }
            let names: Vec<String> = env.iter().map(|(n, _)| n.clone()).collect();
            Err(LangError::typ(
                e.span,
                format!("unknown name `{name}`{}", suggest(name, &names)),
            ))
        }
        ExprKind::Neg(a) => {
            expect(a, env, Ty::Num, "the operand of `-`")?;
            Ok(Ty::Num)
        }
        ExprKind::Not(a) => {
            expect(a, env, Ty::Bool, "the operand of `not`")?;
            Ok(Ty::Bool)
        }
        ExprKind::Bin(op, a, b) => match op {
            BinOp::And | BinOp::Or | BinOp::Implies => {
                expect(a, env, Ty::Bool, "each side of a logical operator")?;
                expect(b, env, Ty::Bool, "each side of a logical operator")?;
                Ok(Ty::Bool)
            }
            _ => {
                expect(a, env, Ty::Num, "each side of an arithmetic operator")?;
                expect(b, env, Ty::Num, "each side of an arithmetic operator")?;
                Ok(Ty::Num)
            }
        },
        ExprKind::Cmp(_, a, b) => {
            expect(a, env, Ty::Num, "each side of a comparison")?;
            expect(b, env, Ty::Num, "each side of a comparison")?;
            Ok(Ty::Bool)
        }
        ExprKind::Call {
            name,
            name_span,
            args,
            named,
        } => {
            let Some(b) = BUILTINS.iter().find(|b| b.name == name) else {
                let names: Vec<String> = env.iter().map(|(n, _)| n.clone()).collect();
                return Err(LangError::typ(
                    *name_span,
                    format!("unknown function `{name}`{}", suggest(name, &names)),
                ));
            };
            let mut tys = Vec::new();
            for a in args {
                tys.push(type_of(a, env)?);
            }
            for (k, v) in named {
                if !b.named.contains(&k.as_str()) {
                    return Err(LangError::typ(
                        v.span,
                        format!("`{name}` takes no `{k}` argument; usage: {}", b.usage),
                    ));
                }
                expect(v, env, Ty::Num, &format!("`{k}`"))?;
            }
            for k in b.named {
                if !named.iter().any(|(n, _)| n == k) {
                    return Err(LangError::typ(
                        e.span,
                        format!("`{name}` needs `{k} D`; usage: {}", b.usage),
                    ));
                }
            }
            if let Some(ret) = builtins::signature_match(b, &tys) {
                return Ok(ret);
            }
            if !b.sigs.iter().any(|s| s.0.len() == tys.len()) {
                return Err(LangError::typ(
                    e.span,
                    format!(
                        "`{name}` does not take {} arguments; usage: {}",
                        tys.len(),
                        b.usage
                    ),
                ));
            }
            // point at the first argument whose type fits no signature of that arity
            let span = args
                .iter()
                .zip(&tys)
                .enumerate()
                .find(|(i, (_, t))| {
                    !b.sigs
                        .iter()
                        .any(|s| s.0.len() == tys.len() && s.0.get(*i) == Some(t))
                })
                .map_or(e.span, |(_, (a, _))| a.span);
            let got: Vec<String> = tys.iter().map(|t| t.to_string()).collect();
            Err(LangError::typ(
                span,
                format!(
                    "`{name}` cannot take ({}); usage: {}",
                    got.join(", "),
                    b.usage
                ),
            ))
        }
        ExprKind::Index(a, i) => {
            let t = type_of(a, env)?;
            expect(i, env, Ty::Num, "an index")?;
            match t {
                Ty::Chan => Ok(Ty::Dist),
                Ty::Dist => Ok(Ty::Num),
                _ => Err(LangError::typ(
                    a.span,
                    format!("only channels (W[i] is row i) and distributions (p[i]) can be indexed, this is {t}"),
                )),
            }
        }
        ExprKind::Set(items) => {
            let mut base = None;
            for it in items {
                let t = type_of(it, env)?;
                let Some(b) = t.base() else {
                    return Err(LangError::typ(
                        it.span,
                        format!("a set holds numbers, channels, distributions or graphs, not {t}"),
                    ));
                };
                if base.is_some_and(|x| x != b) {
                    return Err(LangError::typ(
                        it.span,
                        "the elements of a set must all have one type",
                    ));
                }
                base = Some(b);
            }
            Ok(Ty::Set(base.unwrap_or(Base::Num)))
        }
        ExprKind::IntRange(a, b) => {
            expect(a, env, Ty::Num, "the start of a range")?;
            expect(b, env, Ty::Num, "the end of a range")?;
            Ok(Ty::Set(Base::Num))
        }
        ExprKind::Quant {
            binders,
            filter,
            body,
            ..
        } => {
            let mark = env.len();
            for bd in binders {
                let t = binder_type(bd, env)?;
                env.push((bd.name.clone(), t));
            }
            if let Some(f) = filter {
                expect(f, env, Ty::Bool, "the `where` condition")?;
            }
            let r = expect(body, env, Ty::Bool, "the body of a quantifier");
            env.truncate(mark);
            r.map(|_| Ty::Bool)
        }
        ExprKind::Let { name, value, body } => {
            let t = type_of(value, env)?;
            env.push((name.clone(), t));
            let r = type_of(body, env);
            env.pop();
            r
        }
        ExprKind::Fold {
            var, domain, body, ..
        } => {
            let d = type_of(domain, env)?;
            let Ty::Set(b) = d else {
                return Err(LangError::typ(
                    domain.span,
                    format!("expected a domain to range over, found {d}"),
                ));
            };
            env.push((var.clone(), Ty::of_base(b)));
            let r = expect(body, env, Ty::Num, "the body of sum/max/min");
            env.pop();
            r.map(|_| Ty::Num)
        }
    }
}

fn binder_type(bd: &Binder, env: &mut Vec<(String, Ty)>) -> Result<Ty, LangError> {
    match &bd.range {
        Range::In(d) => match type_of(d, env)? {
            Ty::Set(b) => Ok(Ty::of_base(b)),
            t => Err(LangError::typ(
                d.span,
                format!(
                    "`{}` must range over a domain (a set, a..b, channels(..), ...), found {t}",
                    bd.name
                ),
            )),
        },
        Range::Symbolic { lo, hi, .. } => {
            expect(lo, env, Ty::Num, "the lower end of a symbolic range")?;
            if let Some((h, _)) = hi {
                expect(h, env, Ty::Num, "the upper end of a symbolic range")?;
            }
            Ok(Ty::Num)
        }
    }
}

/// The message of a use of the symbolic `t` that no evaluation can decide.
fn not_rational(span: Span, what: &str) -> LangError {
    LangError::typ(
        span,
        format!("not rational in t: {what} of an expression in the symbolic t (only + - * / and ^ integer are; a measure is piecewise in t)"),
    )
}

/// Refuse, before running, what is not a (piecewise) rational function of a symbolic `t`
/// (issue 28): a function outside [`in_t::IN_T`] (`ln(t)`, `mi(p, rr(2, t))`; [`in_t::refusal`]
/// says which monotone reformulation makes it rational, where one does), an index, a range end
/// or a fold's domain, or an exponent, that depends on `t`. `+ - * /`, `^` with an integer
/// exponent, `sum`, `max`/`min`/`abs`, the mechanisms `rr`, `geometric`, `dist`, `channel` and
/// the measures of [`in_t`] keep a piecewise rational function of `t` (issue 46, item 2); the
/// evaluator refuses the same cases per instance, this finds them from the text alone.
pub fn check_symbolic(e: &Expr) -> Result<(), LangError> {
    depends_on_t(e, &mut Vec::new()).map(|_| ())
}

/// Whether `e` depends on a symbolic `t` (`scope`: the names in scope, innermost last, each
/// with whether its value depends on `t`), or the first use that cannot be rational in `t`.
fn depends_on_t(e: &Expr, scope: &mut Vec<(String, bool)>) -> Result<bool, LangError> {
    let dep = |x: &Expr, scope: &mut Vec<(String, bool)>| depends_on_t(x, scope);
    Ok(match &e.kind {
        ExprKind::Num(_) | ExprKind::Inf | ExprKind::E | ExprKind::Hoisted(_) => false,
        ExprKind::Var(n) => scope
            .iter()
            .rev()
            .find(|(m, _)| m == n)
            .is_some_and(|(_, d)| *d),
        ExprKind::Neg(a) | ExprKind::Not(a) => dep(a, scope)?,
        ExprKind::Bin(op, a, b) => {
            let (da, db) = (dep(a, scope)?, dep(b, scope)?);
            if *op == BinOp::Pow && db {
                return Err(not_rational(b.span, "an exponent"));
            }
            da || db
        }
        ExprKind::Cmp(_, a, b) => dep(a, scope)? | dep(b, scope)?,
        ExprKind::Call {
            name, args, named, ..
        } => {
            let mut d = false;
            for a in args.iter().chain(named.iter().map(|(_, v)| v)) {
                d |= dep(a, scope)?;
            }
            // mechanisms and measures in t are piecewise rational (issue 46, item 2)
            if d && !in_t::IN_T.contains(&name.as_str()) {
                return Err(LangError::typ(e.span, in_t::refusal(name)));
            }
            d
        }
        ExprKind::Index(a, i) => {
            if dep(i, scope)? {
                return Err(not_rational(e.span, "an index"));
            }
            dep(a, scope)?
        }
        ExprKind::IntRange(a, b) => {
            if dep(a, scope)? || dep(b, scope)? {
                return Err(not_rational(e.span, "a range end"));
            }
            false
        }
        ExprKind::Set(items) => {
            let mut d = false;
            for it in items {
                d |= dep(it, scope)?;
            }
            d
        }
        ExprKind::Quant {
            binders,
            filter,
            body,
            ..
        } => {
            let mark = scope.len();
            for b in binders {
                let d = match &b.range {
                    Range::In(dom) => dep(dom, scope)?,
                    Range::Symbolic { lo, hi, .. } => {
                        dep(lo, scope)?;
                        if let Some((h, _)) = hi {
                            dep(h, scope)?;
                        }
                        true
                    }
                };
                scope.push((b.name.clone(), d));
            }
            let mut d = false;
            if let Some(f) = filter {
                d |= dep(f, scope)?;
            }
            d |= dep(body, scope)?;
            scope.truncate(mark);
            d
        }
        ExprKind::Let { name, value, body } => {
            let d = dep(value, scope)?;
            scope.push((name.clone(), d));
            let r = dep(body, scope);
            scope.pop();
            r?
        }
        ExprKind::Fold {
            f,
            var,
            domain,
            body,
            ..
        } => {
            if dep(domain, scope)? {
                return Err(not_rational(domain.span, "the domain of sum/max/min"));
            }
            scope.push((var.clone(), false));
            let d = dep(body, scope);
            scope.pop();
            // max/min of functions of t are piecewise rational (issue 46, item 2)
            let _ = f;
            d?
        }
    })
}
