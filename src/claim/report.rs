//! What one instance check returns, and how outcomes aggregate into a verdict.

use crate::certify::{IntoRecord, Record};
use crate::num::{Decision, LogLinear, Rational};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The outcome of one instance, or the verdict of a whole claim.
///
/// Besides the three decisions of docs/design.md there are three bookkeeping outcomes, so that a
/// verdict says on how many instances a statement was actually exercised:
/// * `OutOfRange` — the instance lies outside the statement's hypotheses (e.g. a distortion beyond
///   the theorem's range); it is counted and shown, but exercises nothing.
/// * `NotCheckable` — there is no mathematical content to check (a definition, a figure absent
///   from the source, an informal remark); the reason is in the note. Not the same as
///   `Undecided`, which means a certified bound was too weak.
/// * `HoldsForAll` — a claim's verdict (never one instance's) when the grid holds and a
///   symbolic certificate that dpcert checked proves the statement on a whole domain
///   (`claim::forall`). Counted apart from `Holds`, which means *holds on the grid*.
/// * `Error` — the check itself broke (it panicked, or the claim produced no instance at all).
///   An error never equals any manifest `expect`, so `dpcert verify` exits 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Every instance of the default grid holds.
    Holds,
    /// Holds on the grid, and a certificate dpcert checks proves it for every instance.
    HoldsForAll,
    /// An instance fails, with an exact counterexample.
    Fails,
    /// No instance fails, but some certified bound was too weak to separate.
    Undecided,
    /// The statement cannot be checked as written (the reason is in the note).
    NotCheckable,
    /// Outside the statement's hypotheses: counted, exercises nothing.
    OutOfRange,
    /// The checker broke (a bug, never a verdict).
    Error,
}

impl Outcome {
    /// `true` → holds, `false` → fails: a statement decided exactly.
    pub fn from_holds(ok: bool) -> Outcome {
        if ok {
            Outcome::Holds
        } else {
            Outcome::Fails
        }
    }

    /// `True` → holds, `False` → fails, `Unknown` → undecided.
    pub fn from_decision(d: Decision) -> Outcome {
        match d {
            Decision::True => Outcome::Holds,
            Decision::False => Outcome::Fails,
            Decision::Unknown => Outcome::Undecided,
        }
    }

    /// Aggregate per docs/design.md: error if any check broke, fails if any fails, undecided if any
    /// is undecided, not-checkable if any is not checkable, holds if at least one instance was
    /// exercised and held. Instances out of range do not count; a claim with no exercised
    /// instance at all (none, or every one out of range) is an error, never "holds".
    pub fn aggregate<'a>(outcomes: impl IntoIterator<Item = &'a Outcome>) -> Outcome {
        let mut seen = [false; 7];
        for o in outcomes {
            seen[o.severity()] = true;
        }
        [
            Outcome::Error,
            Outcome::Fails,
            Outcome::Undecided,
            Outcome::NotCheckable,
            Outcome::Holds,
        ]
        .into_iter()
        .find(|o| seen[o.severity()])
        .unwrap_or(Outcome::Error)
    }

    /// Rank used for aggregation and report order: error first, out of range last.
    pub fn severity(self) -> usize {
        match self {
            Outcome::Error => 0,
            Outcome::Fails => 1,
            Outcome::Undecided => 2,
            Outcome::NotCheckable => 3,
            Outcome::Holds => 4,
            Outcome::OutOfRange => 5,
            Outcome::HoldsForAll => 6,
        }
    }

    /// The kebab-case name (`holds`, `holds-for-all`, `fails`, …), as in manifests.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Holds => "holds",
            Outcome::HoldsForAll => "holds-for-all",
            Outcome::Fails => "fails",
            Outcome::Undecided => "undecided",
            Outcome::NotCheckable => "not-checkable",
            Outcome::OutOfRange => "out-of-range",
            Outcome::Error => "error",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How an instance was decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Big-rational arithmetic.
    Exact,
    /// Sign of a polynomial / rational function on an interval by Sturm sequences.
    Polynomial,
    /// Exact comparison of log-linear forms.
    LogLinear,
    /// Certified interval enclosure at the given working precision (bits).
    Interval {
        /// Working precision in bits.
        bits: u64,
    },
    /// An exact LP optimum whose primal/dual (or Farkas) certificate was re-checked.
    LpCertificate,
    /// A finite exhaustive search (graphs, automorphisms, events) done exactly.
    Enumeration,
    /// Several of the above; listed in the order used.
    Combined(Vec<Method>),
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Exact => f.write_str("exact"),
            Method::Polynomial => f.write_str("polynomial"),
            Method::LogLinear => f.write_str("log-linear"),
            Method::Interval { bits } => write!(f, "interval@{bits}"),
            Method::LpCertificate => f.write_str("lp-certificate"),
            Method::Enumeration => f.write_str("enumeration"),
            Method::Combined(ms) => {
                let parts: Vec<String> = ms.iter().map(|m| m.to_string()).collect();
                f.write_str(&parts.join("+"))
            }
        }
    }
}

/// A compared quantity: its exact form first, then a decimal for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Value {
    /// Exact form: `p/q`, a polynomial, a log-linear form, or a certified interval `[lo, hi]`.
    pub exact: String,
    /// A decimal rendering (printing only; never used to decide).
    pub decimal: String,
}

impl Value {
    /// An exact rational, with a 20-digit decimal.
    pub fn rational(q: &Rational) -> Value {
        Value {
            exact: q.to_string(),
            decimal: decimal(q, 20),
        }
    }

    /// An exact log-linear form (e.g. `1/2 ln(2) - ln(3)`), with a certified 20-digit enclosure.
    pub fn log_linear(f: &LogLinear) -> Value {
        Value::text(f.to_string(), f.to_decimal_string(20))
    }

    /// Free-form exact text (a formula, a graph, a matrix) and its decimal, if any.
    pub fn text(exact: impl Into<String>, decimal: impl Into<String>) -> Value {
        Value {
            exact: exact.into(),
            decimal: decimal.into(),
        }
    }
}

/// Render a rational as a decimal with `digits` digits after the point, rounded to nearest
/// (ties away from zero), exactly. (Lives in the kernel as [`crate::num::fmt::decimal`].)
pub use crate::num::fmt::decimal;

thread_local! {
    static MUTATION: std::cell::RefCell<Option<Rational>> = const { std::cell::RefCell::new(None) };
}

#[cfg(test)]
/// Run `f` with the mutation hook on (this thread only; for the mutation test in
/// `tests/it/mutation.rs`): inside, [`Check::rationals`] moves the claimed side `rhs` of every
/// inequality by the relative amount `delta` in the direction that makes the claim *stronger*
/// (`<=`, `<`: rhs·(1 ∓ delta) towards −∞; `>=`, `>`: towards +∞; `=`: rhs + delta·|rhs|).
/// A sound pipeline must then report `fails` wherever a bound was attained or an identity has a
/// non-zero side. Claims compared by other means are unaffected.
pub fn with_mutation<R>(delta: Rational, f: impl FnOnce() -> R) -> R {
    MUTATION.with(|m| *m.borrow_mut() = Some(delta));
    let r = f();
    MUTATION.with(|m| *m.borrow_mut() = None);
    r
}

fn mutate(rel: &str, rhs: &Rational) -> Option<Rational> {
    let delta = MUTATION.with(|m| m.borrow().clone())?;
    let step = &delta * if *rhs >= 0 { rhs.clone() } else { -rhs.clone() };
    match rel {
        "<=" | "<" => Some(rhs - step),
        ">=" | ">" | "=" | "==" => Some(rhs + step),
        _ => None,
    }
}

/// `lhs rel rhs` for two exact rationals, `rel` one of `=` (`==`), `!=`, `<=`, `<`, `>=`, `>`
/// (a relation the claim's code writes; any other is a programming error).
pub(crate) fn relation_holds(lhs: &Rational, rel: &str, rhs: &Rational) -> bool {
    match rel {
        "=" | "==" => lhs == rhs,
        "!=" => lhs != rhs,
        "<=" => lhs <= rhs,
        "<" => lhs < rhs,
        ">=" => lhs >= rhs,
        ">" => lhs > rhs,
        _ => panic!("unknown relation {rel}"),
    }
}

/// The result of checking one instance of a claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The instance, in a form that reproduces it (e.g. `n=2 m=3 t=1/2`). Filled from the
    /// instance's `Display` when left empty.
    pub instance: String,
    /// What was compared, e.g. `LP optimum D*(t)  =  h(eps)`.
    pub compared: String,
    /// Left and right sides (for non-comparison checks, `lhs` holds the witness).
    pub lhs: Value,
    /// Right side.
    pub rhs: Value,
    /// How the comparison was decided.
    pub method: Method,
    /// This instance's outcome.
    pub outcome: Outcome,
    /// Extra evidence: the witness, the certificate summary, the margin by which it fails.
    pub note: String,
    /// The certificate records (docs/certificates.md, [`crate::certify`]) of the steps that
    /// decided this instance, each already re-checked by dpcert; empty where none is written yet.
    #[serde(skip)]
    pub records: Records,
}

/// An instance's certificate records ([`crate::certify::Record`]: a JSON value, or a typed
/// `compare` or `out_of_range` record), each shared ([`Arc`]): a record that many instances
/// show (a channel's infinite DP level, `lang::builtins::infinite_level_record`, for every
/// instance of that channel) is one allocation that they point to, not a copy each, and the
/// certificate's writer finds two instances' records the same by their address before
/// comparing them (issue 44 item 2: allocation was most of `check --certificates`' cost).
/// `push` and `extend` take JSON values, records or shared records; the rest is the `Vec`'s.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records(Vec<Arc<Record>>);

impl Records {
    /// Add a record (a `serde_json::Value`, a record, or one already shared).
    pub fn push(&mut self, r: impl IntoRecord) {
        self.0.push(r.into_record());
    }

    /// Add records (values, records, or shared ones).
    pub fn extend<R: IntoRecord>(&mut self, rs: impl IntoIterator<Item = R>) {
        self.0.extend(rs.into_iter().map(IntoRecord::into_record));
    }

    /// The records as a list.
    pub fn into_vec(self) -> Vec<Arc<Record>> {
        self.0
    }
}

impl std::ops::Deref for Records {
    type Target = Vec<Arc<Record>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Records {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<R: IntoRecord> From<Vec<R>> for Records {
    fn from(rs: Vec<R>) -> Records {
        rs.into_iter().collect()
    }
}

impl<R: IntoRecord> FromIterator<R> for Records {
    fn from_iter<I: IntoIterator<Item = R>>(rs: I) -> Records {
        Records(rs.into_iter().map(IntoRecord::into_record).collect())
    }
}

impl IntoIterator for Records {
    type Item = Arc<Record>;
    type IntoIter = std::vec::IntoIter<Arc<Record>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Records {
    type Item = &'a Arc<Record>;
    type IntoIter = std::slice::Iter<'a, Arc<Record>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Check {
    /// A check with empty instance label (filled in by the framework) and no note.
    pub fn new(
        compared: impl Into<String>,
        lhs: Value,
        rhs: Value,
        method: Method,
        outcome: Outcome,
    ) -> Check {
        Check {
            instance: String::new(),
            compared: compared.into(),
            lhs,
            rhs,
            method,
            outcome,
            note: String::new(),
            records: Records::default(),
        }
    }

    /// The check with each repeated record dropped, the first kept: a cell that makes the same
    /// comparison many times (over priors, outputs, simulator constraints) needs its record
    /// once (issue 44 item 2: certificate size).
    pub fn without_repeated_records(mut self) -> Check {
        let mut seen = std::collections::HashSet::new();
        // the compact text, serialised straight into one string (a typed record's `Display`
        // serialises it and then copies it through the formatter)
        self.records
            .retain(|r| serde_json::to_string(&**r).map_or(true, |text| seen.insert(text)));
        self
    }

    /// Compare two exact rationals with `rel` (one of `=`, `<=`, `<`, `>=`, `>`).
    pub fn rationals(
        compared: impl Into<String>,
        lhs: &Rational,
        rel: &str,
        rhs: &Rational,
    ) -> Check {
        let mutated = mutate(rel, rhs);
        let rhs = mutated.as_ref().unwrap_or(rhs);
        let ok = relation_holds(lhs, rel, rhs);
        let mut c = Check::new(
            compared,
            Value::rational(lhs),
            Value::rational(rhs),
            Method::Exact,
            Outcome::from_holds(ok),
        );
        if !ok {
            c.note = format!("lhs - rhs = {}", lhs - rhs);
        }
        if crate::certify::recording() {
            let record = crate::certify::compare(&c.lhs.exact, rel, &c.rhs.exact, ok);
            c.records.push(record);
        }
        c
    }

    /// Attach a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Check {
        self.note = note.into();
        self
    }

    /// Set the instance label explicitly.
    pub fn at(mut self, instance: impl Into<String>) -> Check {
        self.instance = instance.into();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Repeated records go, the first of each stays, the order is kept: [a, b, a, c, b] → [a, b, c].
    #[test]
    fn repeated_records_are_dropped_in_order() {
        let rec = |id: &str| serde_json::json!({"kind": "compare", "lhs": id});
        let mut c = Check::new(
            "x",
            Value::rational(&Rational::from(0u32)),
            Value::rational(&Rational::from(0u32)),
            Method::Exact,
            Outcome::Holds,
        );
        c.records = ["a", "b", "a", "c", "b"].map(rec).to_vec().into();
        assert_eq!(
            c.without_repeated_records().records,
            ["a", "b", "c"].map(rec).to_vec().into()
        );
    }

    #[test]
    fn aggregate_order() {
        use Outcome::*;
        assert_eq!(Outcome::aggregate(&[Holds, Holds]), Holds);
        assert_eq!(Outcome::aggregate(&[Holds, Undecided]), Undecided);
        assert_eq!(Outcome::aggregate(&[Undecided, Fails]), Fails);
        assert_eq!(Outcome::aggregate(&[Fails, Error]), Error);
        assert_eq!(Outcome::aggregate(&[NotCheckable]), NotCheckable);
        assert_eq!(Outcome::aggregate(&[Holds, NotCheckable]), NotCheckable);
        assert_eq!(Outcome::aggregate(&[Holds, OutOfRange]), Holds);
        assert_eq!(Outcome::aggregate(&[OutOfRange, Undecided]), Undecided);
        // Nothing exercised is an error, never a vacuous "holds".
        assert_eq!(Outcome::aggregate(&[]), Error);
        assert_eq!(Outcome::aggregate(&[OutOfRange, OutOfRange]), Error);
        // The two conversions every decided comparison goes through.
        assert_eq!(
            [Outcome::from_holds(true), Outcome::from_holds(false)],
            [Holds, Fails]
        );
        assert_eq!(
            [Decision::True, Decision::False, Decision::Unknown].map(Outcome::from_decision),
            [Holds, Fails, Undecided]
        );
    }

    /// The names manifests and reports use (cargo-mutants: `as_str` → "" and the `Display`
    /// impls → empty survived the module's own tests; the snapshots in `tests/it` caught them).
    #[test]
    fn names_as_printed() {
        use Outcome::*;
        let all = [
            Holds,
            HoldsForAll,
            Fails,
            Undecided,
            NotCheckable,
            OutOfRange,
            Error,
        ];
        let names = all.map(|o| o.to_string());
        assert_eq!(
            names,
            [
                "holds",
                "holds-for-all",
                "fails",
                "undecided",
                "not-checkable",
                "out-of-range",
                "error"
            ]
        );
        let m = Method::Combined(vec![Method::Exact, Method::Interval { bits: 128 }]);
        assert_eq!(m.to_string(), "exact+interval@128");
        assert_eq!(Method::LpCertificate.to_string(), "lp-certificate");
    }

    /// `Check::rationals` on every relation, at, below and above the bound.
    #[test]
    fn rationals_every_relation() {
        let r = |a: i64, rel: &str, b: i64| {
            Check::rationals("x", &Rational::from(a), rel, &Rational::from(b)).outcome
        };
        use Outcome::{Fails as F, Holds as H};
        let table = [
            ("=", [F, H, F]),
            ("==", [F, H, F]),
            ("<=", [H, H, F]),
            ("<", [H, F, F]),
            (">=", [F, H, H]),
            (">", [F, F, H]),
            ("!=", [H, F, H]),
        ];
        for (rel, want) in table {
            assert_eq!([r(1, rel, 2), r(2, rel, 2), r(3, rel, 2)], want, "{rel}");
        }
    }

    /// The mutation hook moves the claimed side by `delta·|rhs|` towards the stronger claim,
    /// only inside `with_mutation`, and leaves `!=` alone (worked by hand: rhs = ∓4, δ = 1/4).
    #[test]
    fn mutation_hook_strengthens_the_claim() {
        let q = |a: i64, b: i64| Rational::from_signeds(a, b);
        assert_eq!(mutate("<=", &q(4, 1)), None);
        with_mutation(q(1, 4), || {
            assert_eq!(mutate("<=", &q(4, 1)), Some(q(3, 1)));
            assert_eq!(mutate("<", &q(-4, 1)), Some(q(-5, 1)));
            assert_eq!(mutate(">=", &q(4, 1)), Some(q(5, 1)));
            assert_eq!(mutate(">", &q(-4, 1)), Some(q(-3, 1)));
            assert_eq!(mutate("=", &q(-4, 1)), Some(q(-3, 1)));
            assert_eq!(mutate("==", &q(0, 1)), Some(q(0, 1)));
            assert_eq!(mutate("!=", &q(4, 1)), None);
            // An attained bound now fails; a strict margin larger than delta still holds.
            let c = |a: i64, rel: &str, b: i64| {
                Check::rationals("x", &Rational::from(a), rel, &Rational::from(b)).outcome
            };
            assert_eq!(c(4, "<=", 4), Outcome::Fails);
            assert_eq!(c(2, "<=", 4), Outcome::Holds);
            assert_eq!(c(4, "=", 4), Outcome::Fails);
        });
        assert_eq!(mutate(">=", &q(4, 1)), None);
    }
}
