//! A `forall` over an empty range of the symbolic `t` (`t in [3, 1]`, `t in [0, 0)`): true
//! whatever its body, as over an empty finite domain (docs/claim-language.md, "Domains"). Its
//! certificate is the `empty_range` record (docs/certificates.md): the range's own ends, from
//! which the checker decides that no real `t` lies in it. A top-level instance whose every
//! tuple of binders stops at such a range binds nothing: it is *vacuous*, counted apart as
//! the `where`-excluded instances are, never as exercised ([`Reach`]).

use super::symbolic::SymRange;
use crate::certify;
use serde_json::{json, Value};

/// The `domain` object of a record about the range `r` (`empty_range`, `sturm`): `lo`, `hi`
/// as exact rationals (`hi: null` is `+∞`), and whether each is open.
pub(super) fn domain(r: &SymRange) -> Value {
    json!({
        "lo": certify::rational(&r.lo),
        "lo_open": r.lo_open,
        "hi": r.hi.as_ref().map(|(h, _)| certify::rational(h)),
        "hi_open": r.hi.as_ref().is_some_and(|(_, o)| *o),
    })
}

/// The `empty_range` record of `r`, which must be empty: a `forall` over it holds, a deciding
/// record whose truth is true (as a `sturm` record's).
pub(super) fn record(r: &SymRange) -> Value {
    debug_assert!(r.is_empty(), "{r} is not empty");
    json!({
        "kind": "empty_range",
        "id": format!("empty_range: {r}"),
        "variable": r.name,
        "domain": domain(r),
    })
}

/// What the claim's top-level quantifier met at one instance, past its instance binders
/// (`run::eval_counted`): whether some tuple of its binders reached the filter and body, and
/// whether some range of `t` was empty. An instance that reached none and met an empty range
/// is vacuous.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Reach {
    pub bound: bool,
    pub empty: bool,
}

impl Reach {
    pub fn vacuous(self) -> bool {
        self.empty && !self.bound
    }
}
