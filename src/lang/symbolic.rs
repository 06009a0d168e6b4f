//! A symbolic real `t` ranging over an interval: a comparison of two rational functions of `t`
//! is decided for every `t` of the interval at once by the sign of their difference
//! (`num::sturm::sign_on_ratfn`, Sturm sequences with exact root isolation; DESIGN.md, "The
//! exact kernel", case 2). A failure is reported with a rational `t` where it fails.

use super::ast::Rel;
use crate::num::fmt::decimal;
use crate::num::sturm::{cauchy_bound, sign_on_ratfn, Range, RealRoot, SignOnInterval};
use crate::num::{Decision, Poly, RatFn, Rational};
use malachite::base::num::arithmetic::traits::Abs;
use malachite::base::num::basic::traits::One;
use std::cmp::Ordering;
use std::fmt;

/// `lo < t` (or `≤`), optionally `t < hi` (or `≤`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymRange {
    pub name: String,
    pub lo: Rational,
    pub lo_open: bool,
    pub hi: Option<(Rational, bool)>,
}

impl fmt::Display for SymRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.hi {
            None => write!(
                f,
                "{} {} {}",
                self.name,
                if self.lo_open { ">" } else { ">=" },
                self.lo
            ),
            Some((hi, hi_open)) => write!(
                f,
                "{} in {}{}, {}{}",
                self.name,
                if self.lo_open { "(" } else { "[" },
                self.lo,
                hi,
                if *hi_open { ")" } else { "]" }
            ),
        }
    }
}

impl SymRange {
    /// The bounded range on which the sign of `f` is the sign on the whole (possibly
    /// unbounded) range: past the Cauchy bound of `num·den` and of `den` nothing changes sign.
    fn bounded_for(&self, f: &RatFn) -> Range {
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

    pub fn contains(&self, x: &Rational) -> bool {
        let above = if self.lo_open {
            *x > self.lo
        } else {
            *x >= self.lo
        };
        let below = match &self.hi {
            None => true,
            Some((h, true)) => x < h,
            Some((h, false)) => x <= h,
        };
        above && below
    }

    /// Decide `f rel 0` for every `t` in the range: `True` when it holds everywhere, `False`
    /// (with a rational `t` where it fails, when the sampled points find one) otherwise. An
    /// error when `f` has a pole in the range.
    pub fn decide(&self, f: &RatFn, rel: Rel) -> Result<(Decision, Option<Rational>), String> {
        let sign = sign_on_ratfn(f, &self.bounded_for(f)).ok_or_else(|| {
            format!("the difference has a pole (a zero denominator) for some {self}")
        })?;
        let possible: &[Ordering] = match sign {
            SignOnInterval::Positive => &[Ordering::Greater],
            SignOnInterval::Negative => &[Ordering::Less],
            SignOnInterval::IdenticallyZero => &[Ordering::Equal],
            SignOnInterval::NonNegative => &[Ordering::Equal, Ordering::Greater],
            SignOnInterval::NonPositive => &[Ordering::Less, Ordering::Equal],
            SignOnInterval::Mixed => &[Ordering::Less, Ordering::Equal, Ordering::Greater],
        };
        if possible.iter().all(|s| rel.holds_for(*s)) {
            return Ok((Decision::True, None));
        }
        let witness = self.samples().into_iter().find(|x| {
            f.eval(x)
                .is_some_and(|v| !rel.holds_for(v.cmp(&Rational::from(0))))
        });
        Ok((Decision::False, witness))
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

/// Issue 42, item 1: a divisor that vanishes somewhere on the symbolic range is an error naming
/// the point, before the quotient is reduced; the same claim at a point of the range (or over
/// integers) is the naive reference.
#[cfg(test)]
mod poles {
    use crate::claim::Outcome;
    use crate::lang::{check, parse, Options, Verdict};
    use crate::num::parse_rational;
    use proptest::prelude::*;

    fn verdict(src: &str) -> Verdict {
        let c = parse(src).unwrap_or_else(|e| panic!("{}", e.render(src)));
        check(&c, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(src)))
    }

    /// The error message of an instance, or the outcome when there is none.
    fn error_of(src: &str) -> Result<String, Outcome> {
        let v = verdict(src);
        match (v.outcome, v.first_error) {
            (Outcome::Error, Some((_, m))) => Ok(m),
            (o, _) => Err(o),
        }
    }

    /// (claim, `Some(what the error names)` or `None` when it holds).
    #[test]
    fn literal_table_of_poles() {
        let table: &[(&str, Option<&str>)] = &[
            // the four of the issue: each reduced to a true identity before the fix
            (
                "forall t in [2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)",
                Some("division by zero at t = 2: the divisor t^2 - 4 is 0 there (t in [2, 3])"),
            ),
            (
                "forall t >= 1: (t^2 - 1)/(t - 1) = t + 1",
                Some("at t = 1: the divisor t - 1 is 0 there"),
            ),
            (
                "forall t >= 0: (t/t) = 1",
                Some("at t = 0: the divisor t is 0"),
            ),
            (
                "forall t >= 1: 0/(t-1) = 0",
                Some("at t = 1: the divisor t - 1"),
            ),
            // the integer version, as before
            (
                "forall k in 2..3: (k - 2)/(k^2 - 4) = 1/(k + 2)",
                Some("division by zero"),
            ),
            // an end that is left out is no pole
            ("forall t in (2, 3]: (t-2)/(t^2-4) = 1/(t+2)", None),
            ("forall t > 0: t/t = 1", None),
            ("forall t > 1: (t^2 - 1)/(t - 1) = t + 1", None),
            ("forall t in [-1, 1): 1/(t - 1) < 0", None),
            ("forall t in (0, 1]: (t^2 - t)/t = t - 1", None),
            // an irrational root: its polynomial and an isolating interval
            (
                "forall t in [1, 2]: 1/(t^2 - 2) != 0",
                Some("at t = the root of t^2 - 2 in ("),
            ),
            (
                "forall t >= 0: (t^2 - 3)/(t^2 - 3) = 1",
                Some("the root of t^2 - 3 in ("),
            ),
            // a rational root of a polynomial of degree 3 is named exactly
            (
                "forall t in [0, 1]: 1/((3*t - 2)*(t^2 + 1)) != 0",
                Some("at t = 2/3:"),
            ),
            // the least root is named, in the binder's own name
            (
                "forall x >= 0: (x^2 - 2*x)/(x*(x - 1)) = (x - 2)/(x - 1)",
                Some("at x = 0: the divisor x^2 - x is 0 there (x >= 0)"),
            ),
            // negative powers divide
            ("forall t >= 0: t^-1 > 0", Some("at t = 0: the divisor t")),
            ("forall t in [0, 1]: (t - 1/2)^-2 > 0", Some("at t = 1/2")),
            ("forall t > 0: t^-2 > 0", None),
            ("forall t >= 1: (t - 1)^0 = 1", None),
            // nested divisions: the inner one first; a divisor with a denominator
            (
                "forall t >= 0: 1/(1/(t - 1)) = t - 1",
                Some("at t = 1: the divisor t - 1"),
            ),
            ("forall t >= 2: 1/(1/(t - 1)) = t - 1", None),
            (
                "forall t in [1, 3]: 1/((t - 2)^2/(t + 1)) > 0",
                Some("at t = 2: the divisor (t^2 - 4*t + 4) / (t + 1)"),
            ),
            // a divisor that is zero everywhere
            (
                "forall t >= 0: 1/(t - t) = 0",
                Some("is 0 for every t >= 0"),
            ),
            // inside a sum, at a root that is not an integer
            (
                "forall t in [0, 1]: sum(i in 1..3: 1/(3*t - i)) != 0",
                Some("at t = 1/3:"),
            ),
            // a range of one point
            (
                "forall t in [2, 2]: (t - 2)/(t^2 - 4) = 1/4",
                Some("at t = 2:"),
            ),
            ("forall t in [3, 3]: (t - 2)/(t^2 - 4) = 1/5", None),
            // with an integer binder around it
            (
                "forall k in 1..3, t >= 0: (t - k)/(t^2 - k^2) = 1/(t + k)",
                Some("at t = 1:"),
            ),
            (
                "forall k in 1..3, t > 3: (t - k)/(t^2 - k^2) = 1/(t + k)",
                None,
            ),
        ];
        for (src, want) in table {
            match (error_of(src), want) {
                (Err(Outcome::Holds), None) => {}
                (Ok(m), Some(w)) if m.contains(w) => {}
                (got, _) => panic!("{src}: got {got:?}, want {want:?}"),
            }
        }
    }

    fn poly_text(c: &[i64]) -> String {
        let mut s = format!("({})", c[0]);
        for (i, a) in c.iter().enumerate().skip(1) {
            s.push_str(&format!(" + ({a})*t^{i}"));
        }
        format!("({s})")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// `p·(t − r) / (q·(t − r)) >= c` over a range, decided symbolically, against the same
        /// comparison at the points `lo + j·(hi − lo)/8` of the range (instance-wise exact
        /// arithmetic): a point where a divisor vanishes makes the symbolic run an error, and
        /// an error names a point where the pointwise run errs too (when it is rational); a
        /// symbolic `holds` holds at every point; a failing point makes it fail.
        #[test]
        fn symbolic_agrees_with_pointwise(
            p in proptest::collection::vec(-3i64..=3, 1..=3),
            mut q in proptest::collection::vec(-3i64..=3, 1..=3),
            r in -8i64..=8,
            c in -3i64..=3,
            lo in -3i64..=2,
            len in 1i64..=3,
            lo_open in any::<bool>(),
            hi_open in any::<bool>(),
        ) {
            if q.iter().all(|x| *x == 0) {
                q[0] = 1;
            }
            let r = format!("({r}/2)");
            let body = format!("{} * (t - {r}) / ({} * (t - {r})) >= {c}", poly_text(&p), poly_text(&q));
            let hi = lo + len;
            let range = format!(
                "{}{lo}, {hi}{}",
                if lo_open { "(" } else { "[" },
                if hi_open { ")" } else { "]" }
            );
            let symbolic = verdict(&format!("forall t in {range}: {body}"));
            let at = |x: &str| verdict(&format!("let t = {x}; {body}")).outcome;
            let mut any_error = false;
            let mut any_fail = false;
            for j in 0..=8i64 {
                if (j == 0 && lo_open) || (j == 8 && hi_open) {
                    continue;
                }
                let x = format!("({} + {j}*{len}/8)", lo);
                match at(&x) {
                    Outcome::Error => any_error = true,
                    Outcome::Fails => any_fail = true,
                    Outcome::Holds => {}
                    o => prop_assert!(false, "{body} at {x}: {o:?}"),
                }
            }
            if any_error {
                prop_assert_eq!(symbolic.outcome, Outcome::Error, "{} on {}", body, range);
            }
            match symbolic.outcome {
                Outcome::Error => {
                    let (_, m) = symbolic.first_error.clone().unwrap();
                    prop_assert!(m.contains("division by zero"), "{}", m);
                    let named = m.split("at t = ").nth(1).and_then(|s| s.split(':').next());
                    if let Some(v) = named.and_then(|s| parse_rational(s).ok()) {
                        prop_assert_eq!(at(&format!("({v})")), Outcome::Error, "{} at {}", body, v);
                    }
                }
                Outcome::Holds => prop_assert!(!any_fail, "{} holds on {} but fails at a point", body, range),
                Outcome::Fails => {
                    if let Some(w) = symbolic.first.as_ref().and_then(|f| f.bindings.iter().find(|(n, _)| n == "t").map(|(_, v)| v.clone())) {
                        prop_assert_eq!(at(&format!("({w})")), Outcome::Fails, "{} at {}", body, w);
                    }
                }
                o => prop_assert!(false, "{}: {:?}", body, o),
            }
        }
    }
}
