//! A symbolic real `t` ranging over an interval: a comparison of two rational functions of `t`
//! is decided for every `t` of the interval at once by the sign of their difference
//! (`num::sturm::sign_on_ratfn`, Sturm sequences with exact root isolation; docs/design.md, "The
//! exact kernel", case 2). A failure is reported with a rational `t` where it fails.

use super::ast::Rel;
use crate::num::fmt::decimal;
use crate::num::sturm::{cauchy_bound, sign_on_ratfn, Range, RealRoot, SignOnInterval};
use crate::num::{Decision, Poly, RatFn, Rational};
use malachite::base::num::arithmetic::traits::Abs;
use malachite::base::num::basic::traits::One;
use std::cmp::Ordering;

/// The range of the symbolic `t`: `lo < t` (or `≤`), optionally `t < hi` (or `≤`) — the
/// domain of a piecewise function of `t` ([`crate::num::piecewise::Domain`]; one type, so the
/// two cannot drift apart).
pub use crate::num::piecewise::Domain as SymRange;

impl SymRange {
    /// The bounded range on which the sign of `f` is the sign on the whole (possibly
    /// unbounded) range: past the Cauchy bound of `num·den` and of `den` nothing changes sign.
    pub(super) fn bounded_for(&self, f: &RatFn) -> Range {
        let (hi, hi_open) = match &self.hi {
            Some((h, o)) => (h.clone(), *o),
            None => {
                let b = cauchy_bound(&f.sign_poly())
                    .max(cauchy_bound(&f.den))
                    .max(self.lo.clone().abs() + Rational::ONE);
                (b, false)
            }
        };
        Range {
            lo: self.lo.clone(),
            hi,
            lo_open: self.lo_open,
            hi_open,
        }
    }

    /// The range cut where the roots of `p` stop: itself when bounded, else up to the Cauchy
    /// bound of `p` (closed; no root lies at or beyond it).
    fn bounded_for_roots(&self, p: &Poly) -> Range {
        let (hi, hi_open) = match &self.hi {
            Some((h, o)) => (h.clone(), *o),
            None => (
                cauchy_bound(p).max(self.lo.clone().abs() + Rational::ONE),
                false,
            ),
        };
        Range {
            lo: self.lo.clone(),
            hi,
            lo_open: self.lo_open,
            hi_open,
        }
    }

    /// A division by `divisor` (a rational function of `t`, every earlier division already
    /// checked) is defined at every `t` of the range: an error naming the least `t` where the
    /// divisor vanishes — exactly when rational, else as the root of a polynomial in an
    /// isolating interval — or saying that it vanishes everywhere (issue 42, item 1).
    ///
    /// This runs at the division, before the quotient is reduced to lowest terms: `(t-2)/(t^2-4)`
    /// on `[2, 3]` is an error at `t = 2`, as it is for every integer `k` in `2..3`, though the
    /// quotient reduces to `1/(t+2)`. Checking each division suffices: if every earlier divisor
    /// is non-zero on the range, every value so far is defined there and equals its reduced
    /// form, so the divisor vanishes at a point of the range exactly where its reduced numerator
    /// does (its reduced denominator has no root there).
    pub fn check_divisor(&self, divisor: &RatFn) -> Result<(), String> {
        // the divisor is written out only for an error: this runs at every division
        let shown = || ratfn_var(divisor, &self.name);
        if divisor.is_zero() {
            return Err(format!(
                "division by zero: the divisor {} is 0 for every {self}",
                shown()
            ));
        }
        let Some(root) = RealRoot::least_in(&divisor.num, &self.bounded_for_roots(&divisor.num))
        else {
            return Ok(());
        };
        let at = match root.as_rational() {
            Some(q) => format!("{} = {q}", self.name),
            None => {
                let mut fine = root.clone();
                fine.refine_to(&Rational::from_unsigneds(1u64, 10u64.pow(12)));
                let mid = (&fine.lo + &fine.hi) / Rational::from(2u32);
                format!(
                    "{name} = the root of {} in ({}, {}) ({name} ≈ {})",
                    root.poly.to_string_var(&self.name),
                    root.lo,
                    root.hi,
                    decimal(&mid, 10),
                    name = self.name,
                )
            }
        };
        Err(format!(
            "division by zero at {at}: the divisor {} is 0 there ({self})",
            shown()
        ))
    }

    /// Decide `f rel 0` for every `t` in the range: `True` when it holds everywhere, `False`
    /// (with a rational `t` where it fails, when the sampled points find one) otherwise. An
    /// error when `f` has a pole in the range.
    pub fn decide(&self, f: &RatFn, rel: Rel) -> Result<(Decision, Option<Rational>), String> {
        // an empty range (`[1, 1)`, `(2, 1]`) holds vacuously: its sign class is "identically
        // zero", which `>` would otherwise fail (found by issue 46's claims over t)
        if self.bounded_for(f).is_empty() {
            return Ok((Decision::True, None));
        }
        if holds_with(self.sign(f)?, rel) {
            return Ok((Decision::True, None));
        }
        let witness = self.samples().into_iter().find(|x| {
            f.eval(x)
                .is_some_and(|v| !rel.holds_for(v.cmp(&Rational::from(0))))
        });
        Ok((Decision::False, witness))
    }

    /// The sign of `f` on the range (Sturm, [`Self::bounded_for`]); an error when `f` has a
    /// pole there.
    pub(super) fn sign(&self, f: &RatFn) -> Result<SignOnInterval, String> {
        sign_on_ratfn(f, &self.bounded_for(f)).ok_or_else(|| {
            format!("the difference has a pole (a zero denominator) for some {self}")
        })
    }

    /// Rational points of the range tried, in this order, for a failing `t`.
    fn samples(&self) -> Vec<Rational> {
        let mut v = Vec::new();
        let lo = &self.lo;
        if !self.lo_open {
            v.push(lo.clone());
        }
        match &self.hi {
            Some((hi, hi_open)) => {
                for k in 1..256u64 {
                    v.push(lo + (hi - lo) * Rational::from_unsigneds(k, 256u64));
                }
                if !hi_open {
                    v.push(hi.clone());
                }
            }
            None => {
                for k in 1..=200u64 {
                    v.push(lo + Rational::from_unsigneds(k, 4u64));
                }
                for j in 3..=20u64 {
                    v.push(lo + Rational::from_unsigneds(1u64, 1u64 << j));
                }
                for e in 3..=12u32 {
                    v.push(lo + Rational::from(10u64.pow(e)));
                }
            }
        }
        v.retain(|x| self.contains(x));
        v
    }
}

/// Does `f rel 0` hold at every point where `f` has the sign `sign`?
pub(super) fn holds_with(sign: SignOnInterval, rel: Rel) -> bool {
    let possible: &[Ordering] = match sign {
        SignOnInterval::Positive => &[Ordering::Greater],
        SignOnInterval::Negative => &[Ordering::Less],
        SignOnInterval::IdenticallyZero => &[Ordering::Equal],
        SignOnInterval::NonNegative => &[Ordering::Equal, Ordering::Greater],
        SignOnInterval::NonPositive => &[Ordering::Less, Ordering::Equal],
        SignOnInterval::Mixed => &[Ordering::Less, Ordering::Equal, Ordering::Greater],
    };
    possible.iter().all(|s| rel.holds_for(*s))
}

/// `f` written in the variable `var`.
fn ratfn_var(f: &RatFn, var: &str) -> String {
    if f.den == Poly::one() {
        f.num.to_string_var(var)
    } else {
        format!(
            "({}) / ({})",
            f.num.to_string_var(var),
            f.den.to_string_var(var)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::q;

    fn t() -> RatFn {
        RatFn::x()
    }

    #[test]
    fn decides_for_every_t_and_finds_a_witness() {
        let above_one = SymRange {
            name: "t".into(),
            lo: q(1, 1),
            lo_open: true,
            hi: None,
        };
        // (t-1)/(t+1) - (1 - 2/(t+1)) = 0 for every t
        let one = RatFn::constant(q(1, 1));
        let a = (&t() - &one).checked_div(&(&t() + &one)).unwrap();
        let b = &one
            - &RatFn::constant(q(2, 1))
                .checked_div(&(&t() + &one))
                .unwrap();
        assert_eq!(
            above_one.decide(&(&a - &b), Rel::Eq).unwrap().0,
            Decision::True
        );
        // t - 2 >= 0 fails for t in (1, 2): witness inside
        let f = &t() - &RatFn::constant(q(2, 1));
        let (d, w) = above_one.decide(&f, Rel::Ge).unwrap();
        assert_eq!(d, Decision::False);
        let w = w.unwrap();
        assert!(w > q(1, 1) && w < q(2, 1));
        // 1/(t - 3) has a pole at 3
        let g = RatFn::new(Poly::from_ints(&[1]), Poly::from_ints(&[-3, 1])).unwrap();
        assert!(above_one.decide(&g, Rel::Gt).is_err());
        let bounded = SymRange {
            name: "t".into(),
            lo: q(1, 1),
            lo_open: false,
            hi: Some((q(2, 1), true)),
        };
        assert_eq!(bounded.decide(&g, Rel::Lt).unwrap().0, Decision::True);
    }
}

#[cfg(test)]
mod poles;

#[cfg(test)]
mod empty {
    use super::*;
    use crate::testutil::q;

    /// An empty range holds vacuously for every relation; a range of one point does not.
    #[test]
    fn an_empty_range_holds_vacuously() {
        let f = &RatFn::x() - &RatFn::constant(q(5, 1));
        for (lo, lo_open, hi, hi_open) in [
            (1, false, 1, true),
            (1, true, 1, false),
            (2, true, 1, false),
        ] {
            let r = SymRange {
                name: "t".into(),
                lo: q(lo, 1),
                lo_open,
                hi: Some((q(hi, 1), hi_open)),
            };
            for rel in [Rel::Gt, Rel::Eq, Rel::Lt] {
                assert_eq!(r.decide(&f, rel).unwrap().0, Decision::True, "{r} {rel:?}");
            }
        }
        let point = SymRange {
            name: "t".into(),
            lo: q(1, 1),
            lo_open: false,
            hi: Some((q(1, 1), false)),
        };
        assert_eq!(point.decide(&f, Rel::Gt).unwrap().0, Decision::False);
        assert_eq!(point.decide(&f, Rel::Lt).unwrap().0, Decision::True);
    }
}
