//! Quantifiers: `forall`/`exists` over a finite domain (in the domain's order, the first
//! failing instance or witness remembered with its bindings, every step counted against the
//! run's budget) or over a symbolic `t` (issue 43, item 7: out of `eval.rs`, by concept).

use super::ast::*;
use super::decided::{Detail, Truth};
use super::error::{abbreviate, LangError};
use super::eval::{text, Env, Evaluator};
use super::real::Num;
use super::symbolic::SymRange;
use super::vacuous::Reach;
use super::value::{Domain, Value};
use crate::num::{Decision, RatFn};

impl Evaluator<'_> {
    /// Count one step of an enumeration; past the budget, the error names the element.
    pub(super) fn step(
        &mut self,
        var: &str,
        de: &Expr,
        dom: &Domain,
        i: u64,
    ) -> Result<(), LangError> {
        self.meter.step().map_err(|why| {
            let v = dom.get(i).to_string();
            let at = if v.chars().count() <= 60 {
                format!(" ({var} = {v})")
            } else {
                String::new()
            };
            LangError::limit(
                de.span,
                format!(
                    "{why} while enumerating `{var}` over `{}`, at element {} of {}{at}",
                    text(self.src, de.span),
                    i + 1,
                    abbreviate(&dom.count().to_string()),
                ),
            )
        })
    }

    /// `forall`/`exists` over `binders[k..]`, then the filter and the body.
    pub fn quant(
        &mut self,
        q: Quant,
        binders: &[Binder],
        k: usize,
        filter: Option<&Expr>,
        body: &Expr,
        env: &mut Env,
    ) -> Result<Truth, LangError> {
        self.quant_reaching(q, binders, k, filter, body, env, None)
    }

    /// [`Self::quant`] of the claim's top-level quantifier past its instance binders
    /// (`binders`: the rest, evaluated in each instance), with what it met ([`Reach`]): an
    /// instance that bound no tuple because a range of `t` was empty is vacuous.
    pub(super) fn top_quant(
        &mut self,
        q: Quant,
        binders: &[Binder],
        filter: Option<&Expr>,
        body: &Expr,
        env: &mut Env,
    ) -> Result<(Truth, Reach), LangError> {
        let mut reach = Reach::default();
        let t = self.quant_reaching(q, binders, 0, filter, body, env, Some(&mut reach))?;
        Ok((t, reach))
    }

    #[allow(clippy::too_many_arguments)]
    fn quant_reaching(
        &mut self,
        q: Quant,
        binders: &[Binder],
        k: usize,
        filter: Option<&Expr>,
        body: &Expr,
        env: &mut Env,
        mut reach: Option<&mut Reach>,
    ) -> Result<Truth, LangError> {
        if k == binders.len() {
            if let Some(r) = reach {
                r.bound = true;
            }
            if let Some(f) = filter {
                let t = self.pointwise(f, env, "where")?;
                match t.d {
                    Decision::False => {
                        return Ok(Truth::plain(if q == Quant::Forall {
                            Decision::True
                        } else {
                            Decision::False
                        }))
                    }
                    Decision::Unknown => {
                        let mut t = t;
                        if let Some(d) = t.detail.as_mut() {
                            d.why = Some(format!(
                                "the `where` condition is undecided: {}",
                                d.why.clone().unwrap_or_default()
                            ));
                        }
                        return Ok(t);
                    }
                    Decision::True => {}
                }
            }
            let t = self.truth(body, env)?;
            if t.sym && q == Quant::Exists {
                return Err(self.err(body.span, "`exists` of a statement about the symbolic t is not supported (it is not pointwise)"));
            }
            return Ok(t);
        }
        let b = &binders[k];
        match &b.range {
            Range::Symbolic { lo, lo_open, hi } => {
                if q == Quant::Exists {
                    return Err(self.err(b.span, "a symbolic t is bound by `forall` only"));
                }
                if self.sym.is_some() {
                    return Err(self.err(b.span, "one symbolic variable at a time"));
                }
                let lo_v = self.rational(lo, env)?;
                let hi_v = match hi {
                    Some((h, open)) => Some((self.rational(h, env)?, *open)),
                    None => None,
                };
                let range = SymRange {
                    name: b.name.clone(),
                    lo: lo_v,
                    lo_open: *lo_open,
                    hi: hi_v,
                };
                if range.is_empty() {
                    // A `forall` over no t is true whatever its body, as over an empty finite
                    // domain: the body is not evaluated (a comparison without `t` in it,
                    // `-4 >= 3`, is no counterexample at a t that does not exist); its
                    // `empty_range` record shows the range empty.
                    if let Some(r) = reach {
                        r.empty = true;
                    }
                    if crate::certify::recording() {
                        self.records.push(super::vacuous::record(&range));
                    }
                    return Ok(Truth::plain(Decision::True));
                }
                self.sym = Some(range);
                env.push((b.name.clone(), Value::Num(Num::T(RatFn::x()))));
                let r = self.quant_reaching(q, binders, k + 1, filter, body, env, reach);
                env.pop();
                self.sym = None;
                let mut t = r?;
                t.sym = false; // decided for all t: an ordinary statement from here on
                Ok(t)
            }
            Range::In(de) => {
                let dom = self.domain(de, env)?;
                let mut first_unknown: Option<Truth> = None;
                let mut any_sym = false;
                for i in 0..dom.len() {
                    self.step(&b.name, de, &dom, i)?;
                    env.push((b.name.clone(), dom.get(i)));
                    let r = self.quant_reaching(
                        q,
                        binders,
                        k + 1,
                        filter,
                        body,
                        env,
                        reach.as_deref_mut(),
                    );
                    env.pop();
                    let mut t = r?;
                    any_sym |= t.sym;
                    let stop = match q {
                        Quant::Forall => t.d == Decision::False,
                        Quant::Exists => t.d == Decision::True,
                    };
                    if stop || (t.d == Decision::Unknown && first_unknown.is_none()) {
                        let det = t.detail.get_or_insert_with(|| {
                            Box::new(Detail {
                                compared: String::new(),
                                lhs: None,
                                rhs: None,
                                witness: Vec::new(),
                                why: None,
                            })
                        });
                        det.witness
                            .insert(0, (b.name.clone(), dom.get(i).to_string()));
                    }
                    if stop {
                        return Ok(t);
                    }
                    if t.d == Decision::Unknown && first_unknown.is_none() {
                        first_unknown = Some(t);
                    }
                }
                Ok(match first_unknown {
                    Some(t) => t,
                    None => Truth {
                        d: if q == Quant::Forall {
                            Decision::True
                        } else {
                            Decision::False
                        },
                        sym: any_sym,
                        detail: None,
                    },
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::claim::Outcome;
    use crate::lang::{check, parse, Options};

    /// A `forall` over an empty range of the symbolic `t` is true whatever its body: before,
    /// a comparison without `t` in it was decided as if some `t` existed (`forall t in [0, 0):
    /// -4 >= 3` failed, with a certified "counterexample"), while one with `t` in it held.
    /// Nested here (beside `0 < 1`): at the top of a claim the instance is vacuous, and a claim
    /// with none exercised an error ([`super::super::vacuous`]).
    /// (claim, outcome, the bindings of the counterexample when it fails, as `k=2`)
    #[test]
    fn a_forall_over_an_empty_symbolic_range_holds() {
        let table: &[(&str, Outcome, &str)] = &[
            (
                "(forall t in [0, 0): -4 >= 3) and 0 < 1",
                Outcome::Holds,
                "",
            ),
            (
                "(forall t in (1, 1]: 0/0 = 1) and 0 < 1",
                Outcome::Holds,
                "",
            ),
            (
                "(forall t in [5, 1]: t < 0 and 2 < 1) and 0 < 1",
                Outcome::Holds,
                "",
            ),
            (
                "(forall t in (2, 2): 1/(t - 2) > 0) and 0 < 1",
                Outcome::Holds,
                "",
            ),
            // a range of one point is not empty
            ("(forall t in [1, 1]: 0 > 1) and 0 < 1", Outcome::Fails, ""),
            // nested: empty at k = 1, the body decided (and false) at k = 2
            (
                "forall k in 1..2: forall t in (1, k]: 0 > 1",
                Outcome::Fails,
                "k=2",
            ),
            (
                "forall k in 1..2: forall t in (k, 1]: 0 > 1",
                Outcome::Holds,
                "",
            ),
        ];
        for (src, want, at) in table {
            let c = parse(src).unwrap_or_else(|e| panic!("{}", e.render(src)));
            let v = check(&c, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(src)));
            assert_eq!(v.outcome, *want, "{src}");
            if *want == Outcome::Fails {
                let b = &v.first.as_ref().expect("a counterexample").bindings;
                let b: Vec<String> = b.iter().map(|(n, x)| format!("{n}={x}")).collect();
                assert_eq!(b.join(" "), *at, "{src}");
            }
        }
    }
}
