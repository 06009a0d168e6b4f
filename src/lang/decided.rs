//! What an evaluation decides and how (issue 43, item 1: out of `eval`, so that `hoist`, which
//! evaluates constants, and `eval`, which reads them, form no circle): the decision routes an
//! instance used ([`Methods`]), a three-valued statement ([`Truth`]) with the comparison that
//! decided it ([`Detail`]), and a value computed once ([`Const`]).

use super::real::{How, Num};
use super::value::Value;
use crate::num::Decision;

/// The methods an instance used (a bit set; `bits` is the largest interval precision).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Methods {
    pub mask: u8,
    pub bits: u64,
}

pub(super) const M_EXACT: u8 = 1;
pub(super) const M_LOG: u8 = 2;
pub(super) const M_INTERVAL: u8 = 4;
pub(super) const M_POLY: u8 = 8;
pub(super) const M_LP: u8 = 16;
pub(super) const M_ENUM: u8 = 32;

impl Methods {
    pub(super) fn add(&mut self, h: How) {
        match h {
            How::Exact => self.mask |= M_EXACT,
            How::LogLinear => self.mask |= M_LOG,
            How::Interval(b) => {
                self.mask |= M_INTERVAL;
                self.bits = self.bits.max(b);
            }
        }
    }
    pub fn merge(&mut self, o: Methods) {
        self.mask |= o.mask;
        self.bits = self.bits.max(o.bits);
    }
    pub fn names(&self) -> Vec<String> {
        let mut v = Vec::new();
        for (bit, name) in [
            (M_EXACT, "exact"),
            (M_LOG, "log-linear"),
            (M_POLY, "polynomial (Sturm)"),
            (M_LP, "lp-certificate"),
            (M_ENUM, "enumeration"),
        ] {
            if self.mask & bit != 0 {
                v.push(name.to_string());
            }
        }
        if self.mask & M_INTERVAL != 0 {
            v.push(format!("interval@{}", self.bits));
        }
        v
    }
}

/// Why a statement is not `True`: the comparison (or predicate) and the values it compared.
#[derive(Clone)]
pub struct Detail {
    /// The source text of the comparison.
    pub compared: String,
    pub lhs: Option<Num>,
    pub rhs: Option<Num>,
    /// Bindings of inner quantifiers (and a failing symbolic `t`), `name = value`.
    pub witness: Vec<(String, String)>,
    /// Why undecided, or a note.
    pub why: Option<String>,
}

/// A three-valued statement.
#[derive(Clone)]
pub struct Truth {
    pub d: Decision,
    /// Decided for every value of the symbolic `t` (not pointwise).
    pub sym: bool,
    pub detail: Option<Box<Detail>>,
}

impl Truth {
    pub(super) fn plain(d: Decision) -> Truth {
        Truth {
            d,
            sym: false,
            detail: None,
        }
    }
}

/// A value computed once, with the methods its evaluation used (merged into every instance
/// that reads it, so the reported methods do not depend on hoisting).
#[derive(Clone)]
pub struct Const {
    pub value: Value,
    pub methods: Methods,
}
