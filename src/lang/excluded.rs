//! The records of an instance that a claim's `where` filter excludes (issue 44 item 6). While
//! certificates are recorded, a filter that is a conjunction of atoms (comparisons and calls,
//! joined by `and`) is decided atom by atom, as `and` decides it — left to right, stopping at
//! the first false atom — so that an excluded instance keeps the record of the atom that
//! excludes it: for `dp(W) < inf` found false, the `out_of_range` record `finite_dp_level`
//! (W's level is infinite: [`Evaluator::infinite_level`]), as it is; else the atom's own record
//! (the last it pushed) when it is a false deciding record (`compare`, `log_linear`,
//! `enclosure`, `refinement`), beside an `out_of_range` record `where` naming the filter and
//! the atom. Any other filter (`or`, `not`, `=>`, a quantifier, a `let`), or a false atom
//! without such a record, leaves the instance without records: it is then not certified.

use super::ast::{BinOp, Expr, ExprKind};
use super::decided::Truth;
use super::error::LangError;
use super::eval::{text, Env, Evaluator};
use crate::certify::{Record, Typed};
use crate::claim::Records;
use crate::num::Decision;
use std::sync::Arc;

/// The filter `f` decided as [`Evaluator::truth`] decides it. When it is false and records are
/// being built, `ev.records` holds only the records that show it false ([`exclusion`]).
pub(super) fn decide(ev: &mut Evaluator, f: &Expr, env: &mut Env) -> Result<Truth, LangError> {
    let atoms = if crate::certify::recording() {
        atoms(f)
    } else {
        None
    };
    let Some(atoms) = atoms else {
        let t = ev.truth(f, env)?;
        if t.d == Decision::False {
            ev.records.clear();
        }
        return Ok(t);
    };
    // `a and b`: false when `a` is (then `b` is not evaluated), else `a`'s decision and `b`'s,
    // with the detail of `b` unless `b` holds
    let mut acc = Truth::plain(Decision::True);
    for atom in atoms {
        let before = ev.records.len();
        let t = ev.truth(atom, env)?;
        if t.d == Decision::False {
            let level = match &atom.kind {
                ExprKind::Cmp(rel, a, b) => ev.infinite_level(*rel, a, b, env),
                _ => None,
            };
            let own = if level.is_some() || ev.records.len() == before {
                level
            } else {
                ev.records.pop()
            };
            let src = ev.src;
            ev.records = exclusion(own, || (text(src, f.span), text(src, atom.span)));
            return Ok(t);
        }
        acc = Truth {
            d: acc.d.and(t.d),
            sym: acc.sym || t.sym,
            detail: if t.d == Decision::True {
                acc.detail
            } else {
                t.detail
            },
        };
    }
    Ok(acc)
}

/// The atoms of `f` when it is a conjunction of comparisons and calls, in order.
fn atoms(f: &Expr) -> Option<Vec<&Expr>> {
    match &f.kind {
        ExprKind::Bin(BinOp::And, a, b) => {
            let mut v = atoms(a)?;
            v.extend(atoms(b)?);
            Some(v)
        }
        ExprKind::Cmp(..) | ExprKind::Call { .. } => Some(vec![f]),
        _ => None,
    }
}

/// What shows a filter false, given the record of its false atom: an `out_of_range` record as
/// it is; a false deciding record beside the `where` record naming the filter and the atom
/// (their text, `texts`, made only then); else nothing.
fn exclusion(own: Option<Arc<Record>>, texts: impl FnOnce() -> (String, String)) -> Records {
    match own {
        Some(r) if r.kind() == "out_of_range" => vec![r].into(),
        Some(r) if crate::claim::certificates::shows_false(&r) => {
            let (filter, atom) = texts();
            let w = Typed::Where { filter, atom };
            vec![r, Arc::new(w.into())].into()
        }
        _ => Records::default(),
    }
}
