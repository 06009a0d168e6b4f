//! The domain of a *holds for all* claim and its sign certificates (issue 43, item 7: out of
//! `forall.rs`, by concept).

use crate::num::mpoly::{MPoly, MRatFn};
use crate::num::Rational;

/// A domain: each variable with its lower bound, strict or not (`α > 0`, `m ≥ 2`, `n ≥ 1`).
#[derive(Clone, Debug)]
pub struct Domain {
    /// `(variable, lower bound, strict)`.
    pub lows: Vec<(&'static str, Rational, bool)>,
    /// How the domain reads (with any upper bounds the claim carries but no sign step uses).
    pub text: String,
}

impl Domain {
    /// `p` with every variable shifted to its lower bound, `x = low + s_x` (`s_x ≥ 0`), or
    /// `None` when a variable of `p` has no bound on the domain.
    fn shifted(&self, p: &MPoly) -> Option<MPoly> {
        if p.vars()
            .iter()
            .any(|v| !self.lows.iter().any(|(x, _, _)| x == v))
        {
            return None;
        }
        let mut q = p.clone();
        for (x, lo, _) in &self.lows {
            q = q.substitute(x, &MPoly::var(x).add(&MPoly::constant(lo.clone())));
        }
        Some(q)
    }

    /// `p > 0` on the domain, certified: with `x = low + s_x` (`s_x ≥ 0`, `> 0` if strict) every
    /// coefficient in the `s` is ≥ 0 and some monomial in the strict variables alone is > 0.
    /// `false` means "not certified".
    pub fn positive(&self, p: &MPoly) -> bool {
        let Some(q) = self.shifted(p) else {
            return false;
        };
        let strict: Vec<&str> = self
            .lows
            .iter()
            .filter(|(_, _, s)| *s)
            .map(|(x, _, _)| *x)
            .collect();
        q.terms().all(|(_, c)| *c >= 0u32)
            && q.terms()
                .any(|(m, c)| *c > 0u32 && m.keys().all(|v| strict.contains(&v.as_str())))
    }

    /// `p ≥ 0` on the domain, certified: with `x = low + s_x` every coefficient in the `s` is
    /// `≥ 0`. `false` means "not certified".
    pub fn nonnegative(&self, p: &MPoly) -> bool {
        self.shifted(p)
            .is_some_and(|q| q.terms().all(|(_, c)| *c >= 0u32))
    }

    /// The numerator and every denominator ([`MRatFn::denominators`]: the divisors' too, so a
    /// denominator that a division moved into the numerator is not lost) are certified
    /// positive on the domain.
    pub fn positive_ratfn(&self, r: &MRatFn) -> bool {
        self.positive(&r.num) && self.denominators_positive(r).is_ok()
    }

    /// Every denominator of `r` ([`MRatFn::denominators`]) is certified positive on the
    /// domain; `Err` names the first that is not (issue 42, item 1: `1/(1/(n − 2))` reduces to
    /// `n − 2` but is undefined at `n = 2`).
    pub fn denominators_positive(&self, r: &MRatFn) -> Result<(), String> {
        match r.denominators().find(|d| !self.positive(d)) {
            Some(d) => Err(format!(
                "the denominator of {r} ({d}) is not certified positive on {}",
                self.text
            )),
            None => Ok(()),
        }
    }
}
