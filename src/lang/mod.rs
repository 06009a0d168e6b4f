//! The claim language: a statement about DP and information quantities typed once and
//! decided exactly (issue 28; grammar, functions and enumeration orders in
//! `docs/claim-language.md`).
//!
//! ```
//! use dpcert::lang::{check, parse, Options};
//! use dpcert::claim::Outcome;
//!
//! let claim = parse("forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))").unwrap();
//! let verdict = check(&claim, &Options::default()).unwrap();
//! assert_eq!(verdict.outcome, Outcome::Holds);
//! assert_eq!(verdict.total, 25);
//! ```
//!
//! Layers: `lexer` → `parser` (`ast`) → `typecheck` against `types` (unknown names with the
//! nearest ones, argument types) → `eval` over `value`s whose numbers are `real::Num`
//! (exact rational, exact log-linear, certified enclosure, or a rational function of a
//! symbolic `t` decided by Sturm, `symbolic`) → `run` (instances over the domains of `value`, in
//! parallel, first counterexample in the domains' order) → `report` (text and JSON).

pub(crate) mod ast;
pub(crate) mod budget;
pub(crate) mod builtins;
pub(crate) mod checker;
pub(crate) mod decided;
pub(crate) mod error;
pub(crate) mod eval;
mod excluded;
pub(crate) mod grow;
pub(crate) mod hoist;
mod in_t;
mod labels;
pub(crate) mod lexer;
pub(crate) mod parser;
pub(crate) mod quant;
pub(crate) mod real;
pub(crate) mod report;
pub(crate) mod run;
pub(crate) mod stack;
mod sturm_claim;
pub(crate) mod sturm_record;
pub(crate) mod symbolic;
pub(crate) mod typecheck;
pub(crate) mod types;
mod vacuous;
pub(crate) mod value;

pub use ast::Claim;
pub use error::{LangError, Stage};
pub use report::{check_document, render, CheckReport};
pub use run::{InstanceReport, Options, Verdict};
pub use stack::STACK;
pub use sturm_claim::{recorded_sturm, sturm_records, with_sturm};

use stack::{on_big_stack, INLINE_SOURCE};

/// The claim language's functions: `(name, usage, definition)` for each, in the order of
/// `docs/claim-language.md`'s table.
///
/// ```
/// let (_, usage, doc) = dpcert::lang::functions().find(|f| f.0 == "log2").unwrap();
/// assert_eq!(usage, "log2(x)");
/// assert!(doc.starts_with("base-2 logarithm"));
/// ```
pub fn functions() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    builtins::BUILTINS.iter().map(|b| (b.name, b.usage, b.doc))
}

/// Parse and type-check `src`. Errors carry the span; [`LangError::render`] shows the column
/// with a caret. A long source is parsed on a thread with a large stack ([`STACK`]).
pub fn parse(src: &str) -> Result<Claim, LangError> {
    if src.len() <= INLINE_SOURCE {
        parse_here(src)
    } else {
        on_big_stack(|| parse_here(src))
    }
}

fn parse_here(src: &str) -> Result<Claim, LangError> {
    let expr = parser::parse(src)?;
    typecheck::check_claim(&expr)?;
    typecheck::check_symbolic(&expr)?;
    Ok(Claim {
        source: src.to_string(),
        expr,
    })
}

/// Decide a claim on every instance of its domains (see `run::run`). An error only when the
/// claim is refused before running (its domains exceed `opts.max_instances`, or a domain or a
/// `let` at the top cannot be evaluated); an instance whose evaluation breaks is reported in
/// the verdict.
pub fn check(claim: &Claim, opts: &Options) -> Result<Verdict, LangError> {
    run::run(claim, opts, &|_, _| {})
}

#[cfg(test)]
mod excluded_tests;
#[cfg(test)]
mod limit_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vacuous_tests;
