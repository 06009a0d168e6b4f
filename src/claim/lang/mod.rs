//! The claim language: a statement about DP and information quantities typed once and
//! decided exactly (issue 28; grammar, functions and enumeration orders in
//! `docs/claim-language.md`).
//!
//! ```
//! use dpcert::claim::lang::{check, parse, Options};
//! use dpcert::claim::Outcome;
//!
//! let claim = parse("forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))").unwrap();
//! let verdict = check(&claim, &Options::default()).unwrap();
//! assert_eq!(verdict.outcome, Outcome::Holds);
//! assert_eq!(verdict.total, 25);
//! ```
//!
//! Layers: `lexer` → `parser` (`ast`) → `types` (static check: unknown names with the
//! nearest ones, argument types) → `eval` over `value`s whose numbers are `real::Num`
//! (exact rational, exact log-linear, certified enclosure, or a rational function of a
//! symbolic `t` decided by Sturm, `symbolic`) → `run` (instances over `domains`, in
//! parallel, first counterexample in the domains' order) → `report` (text and JSON).

pub(crate) mod ast;
pub(crate) mod budget;
pub(crate) mod builtins;
pub(crate) mod checker;
pub(crate) mod domains;
pub(crate) mod error;
pub(crate) mod eval;
pub(crate) mod grow;
pub(crate) mod hoist;
pub(crate) mod lexer;
pub(crate) mod parser;
pub(crate) mod real;
pub(crate) mod report;
pub(crate) mod run;
pub(crate) mod symbolic;
pub(crate) mod types;
pub(crate) mod value;

pub use error::{LangError, Stage};
pub use report::{check_document, render, CheckReport};
pub use run::{InstanceReport, Options, Verdict};

/// A parsed and type-checked claim.
#[derive(Clone, Debug)]
pub struct Claim {
    /// The claim's text as given.
    pub source: String,
    pub(crate) expr: ast::Expr,
}

/// The claim language's functions: `(name, usage, definition)` for each, in the order of
/// `docs/claim-language.md`'s table.
///
/// ```
/// let (_, usage, doc) = dpcert::claim::lang::functions().find(|f| f.0 == "log2").unwrap();
/// assert_eq!(usage, "log2(x)");
/// assert!(doc.starts_with("base-2 logarithm"));
/// ```
pub fn functions() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    builtins::BUILTINS.iter().map(|b| (b.name, b.usage, b.doc))
}

/// The stack of the threads that parse and run a long or deep claim (issue 42, item 2): every
/// pass over the syntax tree recurses once per level, up to [`parser::MAX_NESTING`] and
/// [`parser::MAX_DEPTH`] levels. Measured on the test profile (opt-level 1, `dpcert check` with
/// smaller stacks until it aborted): up to 7 KiB a level for nested parentheses or calls (the
/// parser's dozen precedence levels) and 2.2 KiB for a flat sum (evaluation), so 1,000 and
/// 4,000 levels need 7 and 9 MiB; 64 MiB (address space, touched only as used) leaves a
/// margin of seven.
pub const STACK: usize = 64 << 20;

/// Sources up to this many bytes (so at most 128 levels deep) parse on the caller's stack.
const INLINE_SOURCE: usize = 256;

/// `f` on a thread with a [`STACK`]-byte stack (on this one if no thread can be started).
pub(crate) fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let slot = std::sync::Mutex::new(Some(f));
    let take = || slot.lock().ok().and_then(|mut g| g.take());
    let ran = std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("dpcert-deep".into())
            .stack_size(STACK)
            .spawn_scoped(s, || take().map(|f| f()));
        match spawned.map(|h| h.join()) {
            Ok(Ok(r)) => r,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => None,
        }
    });
    match ran {
        Some(r) => r,
        None => (take().expect("not run: no thread started"))(),
    }
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
    types::check_claim(&expr)?;
    types::check_symbolic(&expr)?;
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
mod limit_tests;
#[cfg(test)]
mod tests;
