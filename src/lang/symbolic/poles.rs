//! Issue 42, item 1: a divisor that vanishes somewhere on the symbolic range is an error naming
//! the point, before the quotient is reduced; the same claim at a point of the range (or over
//! integers) is the naive reference.
//! (A file of its own: inline, it made `symbolic` import `lang`, a circle; issue 43, item 1.)

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
