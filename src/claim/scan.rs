//! Aggregating many exact comparisons of one grid cell into one [`Check`].
//!
//! A grid cell (e.g. "all pairs of `Δ_3^6` at t = 2") holds hundreds of exact comparisons
//! `lhs REL rhs`. The cell's check reports the first failing comparison in enumeration order
//! (the smallest counterexample of the cell) when there is one, and otherwise the comparison
//! that came closest to failing (largest `lhs − rhs`), with the number of comparisons made.

use super::report::relation_holds;
use crate::certify::IntoRecord;
use crate::claim::{Check, Method, Outcome, Value};
use crate::num::{LogLinear, Rational};

/// A running scan of comparisons `lhs ≤ rhs` (or `lhs < rhs` when `strict`).
pub struct Scan {
    strict: bool,
    count: usize,
    closest: Option<(Rational, Rational, Rational, String)>,
    first_fail: Option<(Rational, Rational, String)>,
    fails: usize,
    /// One `compare` record per comparison, while certificates are recorded.
    records: super::Records,
}

impl Scan {
    /// A scan of `lhs ≤ rhs` comparisons.
    pub fn le() -> Scan {
        Scan {
            strict: false,
            count: 0,
            closest: None,
            first_fail: None,
            fails: 0,
            records: Default::default(),
        }
    }

    /// A scan of `lhs < rhs` comparisons.
    pub fn lt() -> Scan {
        Scan {
            strict: true,
            ..Scan::le()
        }
    }

    /// Record one comparison; `witness` describes the instance (only built when needed).
    pub fn push(&mut self, lhs: Rational, rhs: Rational, witness: impl FnOnce() -> String) {
        self.count += 1;
        let ok = if self.strict { lhs < rhs } else { lhs <= rhs };
        if crate::certify::recording() {
            let rel = if self.strict { "<" } else { "<=" };
            let (l, r) = (crate::num::fmt::exact(&lhs), crate::num::fmt::exact(&rhs));
            self.records.push(crate::certify::compare(&l, rel, &r, ok));
        }
        let gap = &lhs - &rhs;
        if !ok {
            self.fails += 1;
            if self.first_fail.is_none() {
                let w = witness();
                self.first_fail = Some((lhs.clone(), rhs.clone(), w.clone()));
                self.closest = Some((gap, lhs, rhs, w));
            }
            return;
        }
        let better = match &self.closest {
            None => true,
            Some((g, ..)) => gap > *g,
        };
        if better && self.first_fail.is_none() {
            self.closest = Some((gap, lhs, rhs, witness()));
        }
    }

    /// Whether every comparison held so far.
    pub fn ok(&self) -> bool {
        self.first_fail.is_none()
    }

    /// The check for the whole cell. `compared` names the comparison (with `max` semantics).
    pub fn finish(self, compared: impl Into<String>, method: Method) -> Check {
        let rel = if self.strict { "<" } else { "<=" };
        let records = self.records;
        let mut c = match (self.first_fail, self.closest) {
            (Some((l, r, w)), _) => Check::new(
                format!("{}  {rel}  (first failure)", compared.into()),
                Value::rational(&l),
                Value::rational(&r),
                method,
                Outcome::Fails,
            )
            .with_note(format!(
                "counterexample: {w}; lhs - rhs = {}; {} of {} comparisons fail",
                &l - &r,
                self.fails,
                self.count
            )),
            (None, Some((g, l, r, w))) => Check::new(
                format!("{}  {rel}  (closest case)", compared.into()),
                Value::rational(&l),
                Value::rational(&r),
                method,
                Outcome::Holds,
            )
            .with_note(format!(
                "{} comparisons hold; closest: {w} (lhs - rhs = {g})",
                self.count
            )),
            (None, None) => Check::new(
                compared,
                Value::text("-", "-"),
                Value::text("-", "-"),
                method,
                Outcome::OutOfRange,
            )
            .with_note("no comparisons in this cell: nothing in it meets the statement's hypothesis (counted out of range)"),
        };
        c.records = records;
        c
    }
}

/// A check that counts agreements of two exact predicates (a definition-equivalence).
pub struct Agree {
    count: usize,
    both: usize,
    first_disagree: Option<String>,
    /// The `compare` records of [`Agree::push_compare`] (issue 44 item 6).
    records: super::Records,
    /// Instances pushed as booleans (no record): while any, no record is attached.
    unrecorded: usize,
    /// `unrecorded` at the last [`Agree::shown_by`]: the instances before it keep their state.
    unrecorded_before: usize,
}

impl Agree {
    pub fn new() -> Agree {
        Agree {
            count: 0,
            both: 0,
            first_disagree: None,
            records: Default::default(),
            unrecorded: 0,
            unrecorded_before: 0,
        }
    }

    /// Record one instance of an identity or bound `lhs rel rhs` between two exact rationals
    /// (the paper's form against the value built from the definitions), decided here with its
    /// `compare` record; the witness is reported as is when it fails.
    pub fn push_compare(
        &mut self,
        lhs: &Rational,
        rel: &str,
        rhs: &Rational,
        witness: impl FnOnce() -> String,
    ) {
        let ok = decide_recorded(&mut self.records, lhs, rel, rhs);
        self.push_ok(ok, witness);
        self.unrecorded -= 1;
    }

    /// Record one instance that holds (`ok`) by the comparisons of `records` (a
    /// [`Decider`]'s: `None` leaves the instance, and so the cell, without records).
    pub fn push_recorded(
        &mut self,
        ok: bool,
        records: Option<impl IntoIterator<Item = impl IntoRecord>>,
        witness: impl FnOnce() -> String,
    ) {
        self.push_ok(ok, witness);
        if let Some(r) = records {
            self.records.extend(r);
            self.unrecorded -= 1;
        }
    }

    /// [`Agree::push`] with the records that show both forms' values (a [`Decider`]'s: every
    /// record true exactly when `a == b`); `None` leaves the instance unrecorded.
    pub fn push_pair_recorded(
        &mut self,
        a: bool,
        b: bool,
        records: Option<impl IntoIterator<Item = impl IntoRecord>>,
        witness: impl FnOnce() -> String,
    ) {
        self.push(a, b, witness);
        if let Some(r) = records {
            self.records.extend(r);
            self.unrecorded -= 1;
        }
    }

    /// Record one instance where the two forms give `a` and `b`.
    pub fn push(&mut self, a: bool, b: bool, witness: impl FnOnce() -> String) {
        self.count += 1;
        self.unrecorded += 1;
        if a && b {
            self.both += 1;
        }
        if a != b && self.first_disagree.is_none() {
            self.first_disagree = Some(format!("{} (forms give {a} vs {b})", witness()));
        }
    }

    /// Record one instance of an identity that either holds (`ok`) or not; the witness is
    /// reported as is when it fails.
    pub fn push_ok(&mut self, ok: bool, witness: impl FnOnce() -> String) {
        self.count += 1;
        self.unrecorded += 1;
        if ok {
            self.both += 1;
        } else if self.first_disagree.is_none() {
            self.first_disagree = Some(witness());
        }
    }

    /// Show every instance pushed since the last call by one record of a kind that recomputes both forms
    /// of every instance from the objects it carries (`measure::events::record`), built only
    /// while certificates are recorded; attached when there is one and its `holds` is this
    /// agreement's own verdict so far (else the instances stay unrecorded). Issue 44 item 6.
    pub fn shown_by(&mut self, record: impl FnOnce() -> Option<serde_json::Value>) {
        if crate::certify::recording() {
            let rec = record().unwrap_or_default();
            if rec["holds"] == serde_json::Value::Bool(self.first_disagree.is_none()) {
                self.records.push(rec);
                self.unrecorded = self.unrecorded_before;
            }
            self.unrecorded_before = self.unrecorded;
        }
    }

    /// The check: both forms agree on every instance.
    pub fn finish(self, compared: impl Into<String>, method: Method) -> Check {
        if self.count == 0 {
            return crate::claim::out_of_range(format!(
                "{}: no instance in this cell meets the statement's hypothesis",
                compared.into()
            ));
        }
        let ok = self.first_disagree.is_none();
        let mut c = Check::new(
            compared,
            Value::text(format!("{} instances", self.count), ""),
            Value::text(format!("{} satisfy both forms", self.both), ""),
            method,
            Outcome::from_holds(ok),
        );
        if self.unrecorded == 0 {
            c.records = self.records;
        }
        match self.first_disagree {
            Some(w) => c.with_note(format!("counterexample: {w}")),
            None => c.with_note(format!(
                "the two forms agree on all {} instances",
                self.count
            )),
        }
    }
}

impl Default for Agree {
    fn default() -> Self {
        Agree::new()
    }
}

/// A running scan of comparisons decided elsewhere (log-linear signs, certified intervals),
/// each with a floating-point hint of its margin used only to pick the closest case to show.
pub struct DScan {
    count: usize,
    fails: usize,
    undecided: usize,
    first_fail: Option<(Value, Value, String)>,
    first_undecided: Option<(Value, Value, String)>,
    closest: Option<(f64, Value, Value, String)>,
    /// The records of the comparisons, while certificates are recorded; `None` once a
    /// comparison came without one (the cell is then not certified). Every push takes its
    /// records (issue 44 item 6: the boolean push that dropped the cell's records is gone).
    records: Option<super::Records>,
}

impl DScan {
    pub fn new() -> DScan {
        DScan {
            count: 0,
            fails: 0,
            undecided: 0,
            first_fail: None,
            first_undecided: None,
            closest: None,
            records: Some(Default::default()),
        }
    }

    /// Count one comparison decided `d` (`True` = the claimed relation holds) with a hint
    /// `gap ≈ lhs − rhs` (larger = closer to failing); its records are the caller's.
    fn push_decided(
        &mut self,
        d: crate::num::Decision,
        gap: f64,
        lhs: impl FnOnce() -> Value,
        rhs: impl FnOnce() -> Value,
        witness: impl FnOnce() -> String,
    ) {
        use crate::num::Decision;
        self.count += 1;
        match d {
            Decision::False => {
                self.fails += 1;
                if self.first_fail.is_none() {
                    self.first_fail = Some((lhs(), rhs(), witness()));
                }
            }
            Decision::Unknown => {
                self.undecided += 1;
                if self.first_undecided.is_none() {
                    self.first_undecided = Some((lhs(), rhs(), witness()));
                }
            }
            Decision::True => {
                let gap = if gap.is_nan() { f64::NEG_INFINITY } else { gap };
                if closer(gap, &self.closest) {
                    self.closest = Some((gap, lhs(), rhs(), witness()));
                }
            }
        }
    }

    /// Continue this scan with the comparisons of `later`, a scan of what comes after them in
    /// the enumeration order: the counts add up, the first failure (undecided case) is this
    /// scan's if it has one, the closest case is the first of largest hint, the records
    /// follow in order. So scans of consecutive parts, built in parallel
    /// ([`crate::claim::par_in_order`]) and appended in order, give the check of one scan over
    /// the whole (issue 44 item 5). The hints are totally ordered for that: a NaN hint counts
    /// as `-∞` in [`DScan::push_decided`] (before, a first NaN hint stuck as the closest case).
    pub fn append(&mut self, later: DScan) {
        self.count += later.count;
        self.fails += later.fails;
        self.undecided += later.undecided;
        if self.first_fail.is_none() {
            self.first_fail = later.first_fail;
        }
        if self.first_undecided.is_none() {
            self.first_undecided = later.first_undecided;
        }
        if let Some(c) = later.closest {
            if closer(c.0, &self.closest) {
                self.closest = Some(c);
            }
        }
        match (&mut self.records, later.records) {
            (Some(v), Some(r)) => v.extend(r),
            _ => self.records = None,
        }
    }

    /// The scan of `push(scan, item)` over every item in order, built in parallel: scans of
    /// consecutive items appended in order ([`crate::claim::par_fold_in_order`]).
    pub fn par_over<T: Sync>(items: &[T], push: impl Fn(&mut DScan, &T) + Sync + Send) -> DScan {
        crate::claim::par_fold_in_order(items, DScan::new, push, DScan::append)
    }

    /// Record one comparison decided `d` with its records (the `enclosure` records of
    /// [`crate::certify::enclosure::decide`], or a [`Decider`]'s); `None` when some part has
    /// none, and the cell is then not certified. `gap` only picks the closest case to show.
    /// Issue 44 items 1 and 6.
    pub fn push_recorded(
        &mut self,
        d: crate::num::Decision,
        records: Option<impl IntoIterator<Item = impl IntoRecord>>,
        gap: f64,
        lhs: impl FnOnce() -> Value,
        rhs: impl FnOnce() -> Value,
        witness: impl FnOnce() -> String,
    ) {
        match (records, &mut self.records) {
            (Some(r), Some(v)) => v.extend(r),
            _ => self.records = None,
        }
        self.push_decided(d, gap, lhs, rhs, witness);
    }

    /// Record the comparison `lhs rel rhs` (`=` or `<=`) of two extended log-linear values
    /// (`None` = `+∞`, as in [`crate::measure::renyi::extended_le`]); `gap` is the hint to
    /// show the closest case. Decided exactly, with its `log_linear` record (a side `+∞`
    /// written `"+inf"`: [`crate::certify::log_linear_ext`]). Issue 44 item 6.
    pub fn push_ext(
        &mut self,
        lhs: &Option<crate::num::LogLinear>,
        rel: &str,
        rhs: &Option<crate::num::LogLinear>,
        gap: f64,
        witness: impl FnOnce() -> String,
    ) {
        let ext = |v: &Option<crate::num::LogLinear>| match v {
            Some(f) => Value::log_linear(f),
            None => Value::text("+inf", "+inf"),
        };
        let ok = ext_holds(lhs, rel, rhs);
        record_ext(&mut self.records, lhs, rel, rhs, ok);
        self.push_decided(
            crate::num::Decision::from_bool(ok),
            gap,
            || ext(lhs),
            || ext(rhs),
            witness,
        );
    }

    /// Record the exact comparison `lhs rel rhs` of two rationals, with its `compare` record;
    /// `gap` only picks the closest case to show.
    pub fn push_rat(
        &mut self,
        lhs: &Rational,
        rel: &str,
        rhs: &Rational,
        gap: f64,
        witness: impl FnOnce() -> String,
    ) {
        let ok = decide_recorded(&mut self.records, lhs, rel, rhs);
        self.push_decided(
            crate::num::Decision::from_bool(ok),
            gap,
            || Value::rational(lhs),
            || Value::rational(rhs),
            witness,
        );
    }

    /// Record the log-linear comparison `lhs ≤ rhs`, decided exactly
    /// ([`crate::num::LogLinear::decide_le`]); the float gap only picks the closest case to show.
    pub fn push_log_le(
        &mut self,
        lhs: &crate::num::LogLinear,
        rhs: &crate::num::LogLinear,
        witness: impl FnOnce() -> String,
    ) {
        self.push_log(lhs, "<=", rhs, witness);
    }

    /// Record the log-linear comparison `lhs rel rhs` (`=`, `<=`, `<`, `>=`, `>`), decided
    /// exactly (the forms' [`Ord`]), with its `log_linear` record while certificates are
    /// recorded; the float gap `lhs − rhs` only picks the closest case to show.
    pub fn push_log(
        &mut self,
        lhs: &crate::num::LogLinear,
        rel: &str,
        rhs: &crate::num::LogLinear,
        witness: impl FnOnce() -> String,
    ) {
        self.push_log_gap(lhs, rel, rhs, None, witness);
    }

    fn push_log_gap(
        &mut self,
        lhs: &crate::num::LogLinear,
        rel: &str,
        rhs: &crate::num::LogLinear,
        gap: Option<f64>,
        witness: impl FnOnce() -> String,
    ) {
        use crate::num::Decision;
        let ok = self.decide_log(lhs, rel, rhs);
        self.push_decided(
            Decision::from_bool(ok),
            gap.unwrap_or_else(|| LogLinear::approx_f64(lhs) - LogLinear::approx_f64(rhs)),
            || Value::log_linear(lhs),
            || Value::log_linear(rhs),
            witness,
        );
    }

    /// The check for the whole cell.
    pub fn finish(mut self, compared: impl Into<String>, method: Method) -> Check {
        let records = self.records.take().unwrap_or_default();
        let mut c = self.finish_check(compared, method);
        c.records = records;
        c
    }

    fn finish_check(self, compared: impl Into<String>, method: Method) -> Check {
        let compared = compared.into();
        if let Some((l, r, w)) = self.first_fail {
            return Check::new(
                format!("{compared}  (first failure)"),
                l,
                r,
                method,
                Outcome::Fails,
            )
            .with_note(format!(
                "counterexample: {w}; {} of {} comparisons fail",
                self.fails, self.count
            ));
        }
        if let Some((l, r, w)) = self.first_undecided {
            return Check::new(
                format!("{compared}  (undecided)"),
                l,
                r,
                method,
                Outcome::Undecided,
            )
            .with_note(format!(
                "not separated at the precision budget: {w}; {} of {} undecided",
                self.undecided, self.count
            ));
        }
        match self.closest {
            Some((_, l, r, w)) => Check::new(
                format!("{compared}  (closest case)"),
                l,
                r,
                method,
                Outcome::Holds,
            )
            .with_note(format!("{} comparisons hold; closest: {w}", self.count)),
            None => Check::new(
                compared,
                Value::text("-", "-"),
                Value::text("-", "-"),
                method,
                Outcome::OutOfRange,
            )
            .with_note("no comparisons in this cell: nothing in it meets the statement's hypothesis (counted out of range)"),
        }
    }
}

/// Whether a case of hint `gap` replaces `closest` as the case closest to failing: the first
/// of largest hint is kept (ties keep the earlier case).
fn closer<T>(gap: f64, closest: &Option<(f64, T, T, String)>) -> bool {
    match closest {
        None => true,
        Some((g, ..)) => gap > *g,
    }
}

impl Default for DScan {
    fn default() -> Self {
        DScan::new()
    }
}

/// Accumulates many exact sub-checks of one instance; the first failure is kept as witness.
pub struct Tally {
    pub checked: usize,
    pub failed: usize,
    pub first_failure: Option<String>,
    /// The `compare` records of the sub-checks made by [`Tally::compare`] (issue 44 item 6).
    records: super::Records,
    /// Sub-checks made by [`Tally::check`] (a boolean, no record): while any, no record is
    /// attached, so the instance stays uncertified rather than half-certified.
    unrecorded: usize,
}

impl Tally {
    pub fn new() -> Tally {
        Tally {
            checked: 0,
            failed: 0,
            first_failure: None,
            records: Default::default(),
            unrecorded: 0,
        }
    }

    /// Record one exact sub-check `lhs rel rhs` of two rationals, decided here, with its
    /// `compare` record; `what` is built only on failure.
    pub fn compare(
        &mut self,
        lhs: &Rational,
        rel: &str,
        rhs: &Rational,
        what: impl FnOnce() -> String,
    ) {
        let ok = decide_recorded(&mut self.records, lhs, rel, rhs);
        self.tick(ok, what);
    }

    /// Record one exact sub-check made of several comparisons `lhs rel rhs` of rationals (it
    /// holds when all do: a matrix is row-stochastic), each with its `compare` record; `what`
    /// is built only on failure.
    pub fn compare_all<'a>(
        &mut self,
        items: impl IntoIterator<Item = (Rational, &'a str, Rational)>,
        what: impl FnOnce() -> String,
    ) {
        let mut ok = true;
        for (lhs, rel, rhs) in items {
            ok &= decide_recorded(&mut self.records, &lhs, rel, &rhs);
        }
        self.tick(ok, what);
    }

    /// Record one exact sub-check given only as its truth `ok` (no certificate record);
    /// `what` is built only on failure.
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.unrecorded += 1;
        self.tick(ok, what);
    }

    /// Attach the records of a step decided and ticked elsewhere in this tally (the `lp`
    /// records of a certified LP whose value a [`Tally::compare`] compares, issue 44 item 1);
    /// a `None` (none was built) leaves the instance uncertified while certificates are
    /// recorded, as [`Tally::check`] does.
    pub fn attach(&mut self, recs: impl IntoIterator<Item = Option<serde_json::Value>>) {
        for r in recs {
            match r {
                Some(r) => self.records.push(r),
                None => self.unrecorded += usize::from(crate::certify::recording()),
            }
        }
    }

    /// Record one sub-check decided elsewhere as `ok`, shown by `recs` (the `sturm` records of
    /// a polynomial step, issue 44 item 6); none while certificates are recorded leaves the
    /// instance uncertified, as [`Tally::check`] does.
    pub fn check_shown(
        &mut self,
        ok: bool,
        recs: impl IntoIterator<Item = impl IntoRecord>,
        what: impl FnOnce() -> String,
    ) {
        let before = self.records.len();
        self.records.extend(recs);
        let none = self.records.len() == before;
        self.unrecorded += usize::from(none && crate::certify::recording());
        self.tick(ok, what);
    }

    fn tick(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.failed += 1;
            if self.first_failure.is_none() {
                self.first_failure = Some(what());
            }
        }
    }

    /// The instance check: lhs = number of sub-checks that fail, rhs = 0. A tally with no
    /// sub-check is an `error` row, never a vacuous `holds`.
    pub fn finish(self, compared: impl Into<String>, method: Method, summary: &str) -> Check {
        if self.checked == 0 {
            return super::error_check(format!(
                "no sub-check ran ({}{}{summary})",
                compared.into(),
                if summary.is_empty() { "" } else { ": " }
            ));
        }
        let outcome = if self.failed == 0 {
            Outcome::Holds
        } else {
            Outcome::Fails
        };
        let mut c = Check::new(
            compared,
            Value::text(
                format!("{} of {} fail", self.failed, self.checked),
                self.failed.to_string(),
            ),
            Value::text("0 fail", "0"),
            method,
            outcome,
        );
        c.note = match self.first_failure {
            Some(f) => format!("first failure: {f}"),
            None => summary.to_string(),
        };
        if self.unrecorded == 0 {
            c.records = self.records;
        }
        c
    }
}

/// `lhs rel rhs` decided exactly (`rel` one of `=`, `!=`, `<=`, `<`, `>=`, `>`).
/// Decide `lhs rel rhs` exactly and, while certificates are recorded, keep its `compare`
/// record (the one place `Agree` and `Tally` do both).
fn decide_recorded(
    records: &mut impl RecordSink,
    lhs: &Rational,
    rel: &str,
    rhs: &Rational,
) -> bool {
    let ok = relation_holds(lhs, rel, rhs);
    if crate::certify::recording() {
        let (l, r) = (crate::num::fmt::exact(lhs), crate::num::fmt::exact(rhs));
        records.put(crate::certify::compare(&l, rel, &r, ok));
    }
    ok
}

/// Where a decided comparison's record goes: a check's [`super::Records`] (kept typed), or a
/// list of JSON values (a sub-check that adds fields to its records, such as `rests_on`).
pub trait RecordSink {
    /// Keep the record.
    fn put(&mut self, r: crate::certify::Record);
}

impl RecordSink for super::Records {
    fn put(&mut self, r: crate::certify::Record) {
        self.push(r);
    }
}

/// A step's records, `None` once one came without a record (the new one is then dropped).
impl RecordSink for Option<super::Records> {
    fn put(&mut self, r: crate::certify::Record) {
        if let Some(v) = self {
            v.push(r);
        }
    }
}

impl RecordSink for Vec<serde_json::Value> {
    fn put(&mut self, r: crate::certify::Record) {
        self.push(r.into_value());
    }
}

/// Sub-checks of compound values, each decided here with its record (issue 44 item 6): a
/// log-linear comparison, an extended (`+∞`-possible) comparison, a vector identity. A step
/// that cannot carry a record is decided without one (the instance is then not certified).
impl Tally {
    /// `lhs rel rhs` of two log-linear forms, decided exactly (the forms' order) with its
    /// `log_linear` record; `what` is built only on failure.
    pub fn compare_log(
        &mut self,
        lhs: &crate::num::LogLinear,
        rel: &str,
        rhs: &crate::num::LogLinear,
        what: impl FnOnce() -> String,
    ) {
        let ok = log_holds(lhs, rel, rhs);
        if crate::certify::recording() {
            match crate::certify::log_linear(lhs, rel, rhs, ok) {
                Some(rec) => self.records.push(rec),
                None => self.unrecorded += 1,
            }
        }
        self.tick(ok, what);
    }

    /// `lhs rel rhs` (`=` or `<=`) of two extended rationals (`None` = `+∞`): two finite sides
    /// as [`Tally::compare`]; with a side `+∞`, decided here with the `log_linear` record of
    /// `ln lhs rel ln rhs` (that side `"+inf"`; `ln` is increasing, so the order is the same),
    /// or without a record when the finite side is not positive (issue 44 item 1: WYZ-D3).
    pub fn compare_ext(
        &mut self,
        lhs: Option<&Rational>,
        rel: &str,
        rhs: Option<&Rational>,
        what: impl FnOnce() -> String,
    ) {
        match (lhs, rhs) {
            (Some(a), Some(b)) => self.compare(a, rel, b, what),
            _ => {
                let ok = match rel {
                    "=" => lhs.is_none() && rhs.is_none(),
                    "<=" => rhs.is_none(),
                    _ => panic!("unknown relation {rel} on extended values"),
                };
                let ln = |v: Option<&Rational>| v.filter(|r| **r > 0u32).map(LogLinear::ln);
                let (a, b) = (ln(lhs), ln(rhs));
                if a.is_some() != lhs.is_some() || b.is_some() != rhs.is_some() {
                    return self.check(ok, what);
                }
                if crate::certify::recording() {
                    match crate::certify::log_linear_ext(a.as_ref(), rel, b.as_ref(), ok) {
                        Some(rec) => self.records.push(rec),
                        None => self.unrecorded += 1,
                    }
                }
                self.tick(ok, what)
            }
        }
    }

    /// The vectors `lhs` and `rhs` are equal entrywise, one `compare` record per entry
    /// (vectors of different lengths differ, without a record).
    pub fn compare_vec(
        &mut self,
        lhs: &[Rational],
        rhs: &[Rational],
        what: impl FnOnce() -> String,
    ) {
        if lhs.len() != rhs.len() {
            return self.check(false, what);
        }
        self.compare_all(
            lhs.iter()
                .zip(rhs)
                .map(|(a, b)| (a.clone(), "=", b.clone())),
            what,
        );
    }
}

/// The comparisons of one step, each decided exactly here with its record (issue 44 item 6):
/// a step made of several comparisons of rationals or log-linear forms, joined by exact logic
/// on their truths, is shown by their records ([`Decider::records`]), and only when it made at
/// least one and each has one.
pub struct Decider {
    records: Option<super::Records>,
    made: usize,
}

impl Decider {
    pub fn new() -> Decider {
        Decider {
            records: Some(Default::default()),
            made: 0,
        }
    }

    /// `lhs rel rhs` for two rationals, decided exactly, with its `compare` record.
    pub fn rat(&mut self, lhs: &Rational, rel: &str, rhs: &Rational) -> bool {
        self.made += 1;
        decide_recorded(&mut self.records, lhs, rel, rhs)
    }

    /// `lhs rel rhs` for two log-linear forms, decided exactly (their [`Ord`]), with its
    /// `log_linear` record.
    pub fn log(&mut self, lhs: &LogLinear, rel: &str, rhs: &LogLinear) -> bool {
        self.made += 1;
        decide_log_into(&mut self.records, lhs, rel, rhs)
    }

    /// `C ≤ bound` for a capacity in the certified bracket `br`, as
    /// [`crate::measure::ExactCapacityBracket::capacity_at_most`] decides it, by recorded
    /// comparisons: true when `upper ≤ bound`, false when `lower > bound`, else unknown.
    pub fn capacity_at_most(
        &mut self,
        br: &crate::measure::ExactCapacityBracket,
        bound: &LogLinear,
    ) -> crate::num::Decision {
        use crate::num::Decision;
        if self.log(&br.upper, "<=", bound) {
            Decision::True
        } else if !self.log(&br.lower, "<=", bound) {
            Decision::False
        } else {
            Decision::Unknown
        }
    }

    /// `lhs = rhs` for two extended log-linear values (`None` = `+∞`), with its `log_linear`
    /// record (a side `+∞` written `"+inf"`).
    pub fn ext_eq(&mut self, lhs: &Option<LogLinear>, rhs: &Option<LogLinear>) -> bool {
        self.ext(lhs, "=", rhs)
    }

    /// `lhs rel rhs` (`=`, `!=`, `<=`, `<`, `>=`, `>`) for two extended log-linear values,
    /// with its record.
    pub fn ext(&mut self, lhs: &Option<LogLinear>, rel: &str, rhs: &Option<LogLinear>) -> bool {
        self.made += 1;
        let ok = ext_holds(lhs, rel, rhs);
        record_ext(&mut self.records, lhs, rel, rhs, ok);
        ok
    }

    /// `lhs rel rhs` (`<`, `<=`, `>`, `>=`) for a log-linear form and a rational, decided by
    /// certified enclosures with its `enclosure` record; should they not separate within
    /// their budget, decided exactly ([`LogLinear::cmp_rational`]) without a record.
    pub fn log_vs_rat(&mut self, lhs: &LogLinear, rel: &str, rhs: &Rational) -> bool {
        use crate::certify::enclosure::{decide, Enc};
        use crate::num::Decision;
        use std::cmp::Ordering::{Greater, Less};
        if lhs.is_zero() {
            // The zero form is the rational 0 (enclosures never show an equality).
            return self.rat(&Rational::from(0u32), rel, rhs);
        }
        self.made += 1;
        match decide(&Enc::log_linear(lhs), rel, &Enc::q(rhs)) {
            (Decision::Unknown, ..) => {
                self.records = None;
                let ord = lhs.cmp_rational(rhs);
                match rel {
                    "<" => ord == Less,
                    "<=" => ord != Greater,
                    ">" => ord == Greater,
                    _ => ord != Less,
                }
            }
            (d, _, rec) => {
                match (rec, &mut self.records) {
                    (Some(r), Some(v)) => v.push(r),
                    _ if crate::certify::recording() => self.records = None,
                    _ => {}
                }
                d == Decision::True
            }
        }
    }

    /// A comparison decided by [`crate::certify::enclosure::decide`]: its decision `d` and
    /// `enclosure` record (none when undecided).
    pub fn enclosed(
        &mut self,
        d: crate::num::Decision,
        rec: Option<serde_json::Value>,
    ) -> crate::num::Decision {
        self.made += 1;
        match (rec, &mut self.records) {
            (Some(r), Some(v)) => v.push(r),
            _ if crate::certify::recording() => self.records = None,
            _ => {}
        }
        d
    }

    /// The `enclosure` record of `lhs rel rhs` (`<`, `<=`, `>`, `>=`) for a step already
    /// decided `d` another way (certified intervals of the same quantity): kept when the
    /// enclosures give `d`; a side not given, `d` unknown or another decision leave the step
    /// without records. Decided only while certificates are recorded; returns `d`.
    pub fn enclosed_as(
        &mut self,
        d: crate::num::Decision,
        lhs: Option<crate::certify::enclosure::Enc>,
        rel: &str,
        rhs: Option<crate::certify::enclosure::Enc>,
    ) -> crate::num::Decision {
        if !crate::certify::recording() {
            return d;
        }
        match (lhs, rhs) {
            (Some(a), Some(b)) if d != crate::num::Decision::Unknown => {
                let (d2, _, rec) = crate::certify::enclosure::decide(&a, rel, &b);
                if d2 == d {
                    self.enclosed(d2, rec);
                } else {
                    self.records = None;
                }
            }
            _ => self.records = None,
        }
        d
    }

    /// A part of the step decided `ok` without a comparison (an infinite side, a search): the
    /// step then has no records.
    pub fn unrecorded(&mut self, ok: bool) -> bool {
        self.records = None;
        ok
    }

    /// The records of the comparisons made; `None` when none was made or one has none.
    pub fn records(self) -> Option<super::Records> {
        self.records.filter(|_| self.made > 0)
    }
}

impl Default for Decider {
    fn default() -> Self {
        Decider::new()
    }
}

/// `lhs rel rhs` for two log-linear forms decided by [`log_holds`], its `log_linear` record
/// pushed onto `records` while certificates are recorded; a comparison with no record (a form
/// the record cannot carry) leaves the step with none (`records` becomes `None`).
fn decide_log_into(
    records: &mut Option<super::Records>,
    lhs: &LogLinear,
    rel: &str,
    rhs: &LogLinear,
) -> bool {
    let ok = log_holds(lhs, rel, rhs);
    if crate::certify::recording() {
        match (crate::certify::log_linear(lhs, rel, rhs, ok), records) {
            (Some(rec), Some(v)) => v.push(rec),
            (_, r) => *r = None,
        }
    }
    ok
}

/// `lhs rel rhs` (`=`, `!=`, `<=`, `<`, `>=`, `>`) for two extended log-linear values (`None` =
/// `+∞`): two finite sides by [`log_holds`]; `+∞` is equal only to itself and above every form
/// (as the checker orders them: the sign of `[lhs = +∞] − [rhs = +∞]`).
fn ext_holds(lhs: &Option<LogLinear>, rel: &str, rhs: &Option<LogLinear>) -> bool {
    match (lhs, rhs) {
        (Some(a), Some(b)) => log_holds(a, rel, b),
        _ => ord_holds(lhs.is_none().cmp(&rhs.is_none()), rel),
    }
}

/// Push the `log_linear` record of an extended comparison onto `records` while certificates
/// are recorded (`records` becomes `None` when the record cannot be built).
fn record_ext(
    records: &mut Option<super::Records>,
    lhs: &Option<LogLinear>,
    rel: &str,
    rhs: &Option<LogLinear>,
    ok: bool,
) {
    if crate::certify::recording() {
        match (
            crate::certify::log_linear_ext(lhs.as_ref(), rel, rhs.as_ref(), ok),
            records,
        ) {
            (Some(rec), Some(v)) => v.push(rec),
            (_, r) => *r = None,
        }
    }
}

/// `lhs rel rhs` (`=`, `!=`, `<=`, `<`, `>=`, `>`) for two log-linear forms, by their exact
/// [`Ord`].
fn log_holds(lhs: &LogLinear, rel: &str, rhs: &LogLinear) -> bool {
    ord_holds(lhs.cmp(rhs), rel)
}

/// Whether `rel` holds between two values ordered `ord`.
fn ord_holds(ord: std::cmp::Ordering, rel: &str) -> bool {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match rel {
        "=" => ord == Equal,
        "!=" => ord != Equal,
        "<=" => ord != Greater,
        "<" => ord == Less,
        ">=" => ord != Less,
        ">" => ord == Greater,
        _ => panic!("unknown relation {rel}"),
    }
}

/// Issue 44 item 6 (AACP/VAD coverage): sub-checks whose exact comparisons are many, or
/// made outside `Agree`.
impl Agree {
    /// Record one instance decided by the comparisons in `records` (made with
    /// [`compare_recorded`]): it holds when `ok`, which must be the conjunction of the
    /// records' truths. An instance with no record counts as unrecorded.
    pub fn push_records(
        &mut self,
        ok: bool,
        records: impl IntoIterator<Item = impl IntoRecord>,
        witness: impl FnOnce() -> String,
    ) {
        self.push_ok(ok, witness);
        let before = self.records.len();
        self.records.extend(records);
        if self.records.len() > before {
            self.unrecorded -= 1;
        }
    }

    /// Record one instance that holds when every `lhs rel rhs` does (an identity with several
    /// sides), each decided with its `compare` record.
    pub fn push_compare_all<'a>(
        &mut self,
        items: impl IntoIterator<Item = (&'a Rational, &'a str, &'a Rational)>,
        witness: impl FnOnce() -> String,
    ) {
        let mut records = super::Records::default();
        let mut ok = true;
        for (lhs, rel, rhs) in items {
            ok &= decide_recorded(&mut records, lhs, rel, rhs);
        }
        self.push_records(ok, records, witness);
    }
}

impl DScan {
    /// `lhs rel rhs` (`=`, `<=`, `<`, `>=`, `>`) decided exactly (the forms' [`Ord`]), with its
    /// `log_linear` record while certificates are recorded.
    fn decide_log(&mut self, lhs: &LogLinear, rel: &str, rhs: &LogLinear) -> bool {
        decide_log_into(&mut self.records, lhs, rel, rhs)
    }

    /// [`DScan::push_log`] with the hint `gap` (larger = closer to failing) and the right
    /// side shown as `rhs_shown` (a side described in words): decided and recorded alike.
    pub fn push_log_shown(
        &mut self,
        lhs: &LogLinear,
        rel: &str,
        rhs: &LogLinear,
        gap: f64,
        rhs_shown: impl FnOnce() -> Value,
        witness: impl FnOnce() -> String,
    ) {
        let ok = self.decide_log(lhs, rel, rhs);
        self.push_decided(
            crate::num::Decision::from_bool(ok),
            gap,
            || Value::log_linear(lhs),
            rhs_shown,
            witness,
        );
    }
}

/// `lhs rel rhs` decided exactly, its `compare` record pushed onto `records` while
/// certificates are recorded (for a sub-check that gathers its own evidence).
pub(crate) fn compare_recorded(
    records: &mut impl RecordSink,
    lhs: &Rational,
    rel: &str,
    rhs: &Rational,
) -> bool {
    decide_recorded(records, lhs, rel, rhs)
}

impl Default for Tally {
    fn default() -> Self {
        Tally::new()
    }
}

#[cfg(test)]
mod tests {
    /// A [`Decider`] step: every comparison leaves a record with its truth; an infinite side or
    /// no comparison leaves none (issue 44 item 6).
    #[test]
    fn a_decider_records_each_comparison_or_none() {
        use super::{Decider, LogLinear, Rational};
        crate::certify::start_recording();
        let (a, b) = (Rational::from(1u32), Rational::from(2u32));
        let mut st = Decider::new();
        assert!(!st.rat(&b, "<=", &a));
        assert!(st.log(&LogLinear::ln(&a), "<", &LogLinear::ln(&b)));
        let r = st.records().unwrap();
        assert_eq!(
            (r[0]["relation"].as_str(), r[0]["holds"].as_bool()),
            (Some("<="), Some(false))
        );
        assert_eq!(
            (r[1]["kind"].as_str(), r[1]["holds"].as_bool()),
            (Some("log_linear"), Some(true))
        );
        // An infinite side is recorded as "+inf": equal only to itself, above every form.
        let mut st = Decider::new();
        assert!(st.ext_eq(&None, &None));
        assert!(!st.ext_eq(&Some(LogLinear::ln(&b)), &None));
        let r = st.records().unwrap();
        assert_eq!(
            (r[0]["lhs"].as_str(), r[0]["holds"].as_bool()),
            (Some("+inf"), Some(true))
        );
        assert_eq!(
            (r[1]["rhs"].as_str(), r[1]["holds"].as_bool()),
            (Some("+inf"), Some(false))
        );
        let mut d = DScan::new();
        d.push_ext(&Some(LogLinear::ln(&b)), "<=", &None, 0.0, String::new);
        d.push_ext(&None, "<=", &Some(LogLinear::ln(&b)), 0.0, String::new);
        let c = d.finish("x", crate::claim::Method::LogLinear);
        assert_eq!(c.outcome, crate::claim::Outcome::Fails);
        let truths: Vec<_> = c.records.iter().map(|r| r["holds"].as_bool()).collect();
        assert_eq!(truths, [Some(true), Some(false)]);
        assert!(Decider::new().records().is_none());
    }

    /// Issue 44 item 6: every relation between extended values (`None` = `+∞`), decided as
    /// the checker orders them (`+∞` above every form, equal only to itself); naive reference:
    /// the order of `(is +∞, value)` pairs. Before, `<`, `!=`, `>`, `>=` panicked.
    #[test]
    fn extended_relations_all_decide_and_record() {
        use super::{Decider, LogLinear, Rational};
        crate::certify::start_recording();
        let ln = |n: u32| Some(LogLinear::ln(&Rational::from(n)));
        let vals = [ln(2), ln(3), None];
        let key = |v: &Option<LogLinear>| (v.is_none(), v.as_ref().map(LogLinear::approx_f64));
        for a in &vals {
            for b in &vals {
                let (ka, kb) = (key(a), key(b));
                let ord = ka.partial_cmp(&kb).unwrap();
                for (rel, want) in [
                    ("=", ord.is_eq()),
                    ("!=", ord.is_ne()),
                    ("<", ord.is_lt()),
                    ("<=", ord.is_le()),
                    (">", ord.is_gt()),
                    (">=", ord.is_ge()),
                ] {
                    let mut st = Decider::new();
                    assert_eq!(st.ext(a, rel, b), want, "{ka:?} {rel} {kb:?}");
                    let r = &st.records().unwrap()[0];
                    assert_eq!(
                        (r["relation"].as_str(), r["holds"].as_bool()),
                        (Some(rel), Some(want))
                    );
                    assert_eq!(r["lhs"] == "+inf", a.is_none());
                }
            }
        }
    }

    /// A tally or agreement carries its `compare` records only when every sub-check made one
    /// (a boolean sub-check leaves the instance without records, never half-certified).
    #[test]
    fn records_only_when_every_subcheck_has_one() {
        use crate::num::Rational;
        crate::certify::start_recording();
        let (a, b) = (Rational::from(1u32), Rational::from(2u32));
        let mut t = Tally::new();
        t.compare(&a, "<", &b, String::new);
        t.compare(&b, "=", &b, String::new);
        let c = t.finish("x", Method::Exact, "");
        assert_eq!(c.outcome, Outcome::Holds);
        assert_eq!(c.records.len(), 2);
        assert_eq!(c.records[0]["relation"], "<");
        assert_eq!(c.records[0]["lhs"], "1");
        let mut t = Tally::new();
        t.compare_all(
            [(a.clone(), ">=", a.clone()), (b.clone(), "<", a.clone())],
            || "w".into(),
        );
        let c = t.finish("x", Method::Exact, "");
        assert_eq!((c.outcome, c.records.len()), (Outcome::Fails, 2));
        assert_eq!(c.lhs.exact, "1 of 1 fail");
        let mut t = Tally::new();
        t.compare(&a, "<", &b, String::new);
        t.check(true, String::new);
        assert!(t.finish("x", Method::Exact, "").records.is_empty());
        let mut t = Tally::new();
        t.compare(&b, "<=", &a, || "w".into());
        let c = t.finish("x", Method::Exact, "");
        assert_eq!(c.outcome, Outcome::Fails);
        assert_eq!(c.records[0]["holds"], false);

        let mut g = Agree::new();
        g.push_compare(&a, "=", &a, String::new);
        g.push_compare(&a, ">", &b, || "w".into());
        let c = g.finish("x", Method::Exact);
        assert_eq!(c.outcome, Outcome::Fails);
        assert_eq!(c.records.len(), 2);
        assert_eq!(c.records[1]["holds"], false);
        let mut g = Agree::new();
        g.push_compare(&a, "=", &a, String::new);
        g.push_ok(true, String::new);
        assert!(g.finish("x", Method::Exact).records.is_empty());
    }

    /// A decided comparison's record is the same JSON in either sink: typed in a check's
    /// `Records`, or a value in a list of values (a step that adds `rests_on`); 1/2 < 2/3 by
    /// hand.
    #[test]
    fn a_recorded_comparison_is_the_same_in_either_sink() {
        use crate::num::Rational;
        crate::certify::start_recording();
        let (a, b) = (Rational::from_signeds(1, 2), Rational::from_signeds(2, 3));
        let (mut typed, mut values) = (crate::claim::Records::default(), Vec::new());
        assert!(compare_recorded(&mut typed, &a, "<", &b));
        assert!(!compare_recorded(&mut values, &b, "<", &a));
        assert!(typed[0].json().is_none(), "kept typed");
        let want = serde_json::json!({"kind": "compare", "lhs": "1/2", "relation": "<", "rhs": "2/3", "holds": true});
        assert_eq!(serde_json::to_value(&*typed[0]).unwrap(), want);
        let want = serde_json::json!({"kind": "compare", "lhs": "2/3", "relation": "<", "rhs": "1/2", "holds": false});
        assert_eq!(values, [want]);
    }

    /// Issue 44 item 6: `push_compare_all` is one instance with a record per comparison (it
    /// fails when one does); `push_records` without a record leaves the instance unrecorded;
    /// `push_log_shown` keeps its `log_linear` record and shows the side given.
    #[test]
    fn several_comparisons_make_one_recorded_instance() {
        use crate::num::{LogLinear, Rational};
        crate::certify::start_recording();
        let (a, b) = (Rational::from(1u32), Rational::from(2u32));
        let mut g = Agree::new();
        g.push_compare_all([(&a, "<", &b), (&b, "=", &b)], String::new);
        let c = g.finish("x", Method::Exact);
        assert_eq!((c.outcome, c.records.len()), (Outcome::Holds, 2));
        assert_eq!(c.lhs.exact, "1 instances");
        let mut g = Agree::new();
        g.push_compare_all([(&a, "<", &b), (&b, "<", &a)], || "w".into());
        let c = g.finish("x", Method::Exact);
        assert_eq!(c.outcome, Outcome::Fails);
        assert_eq!(c.records[1]["holds"], false);
        let mut g = Agree::new();
        g.push_records(true, Vec::<serde_json::Value>::new(), String::new);
        assert!(g.finish("x", Method::Exact).records.is_empty());
        let mut d = DScan::new();
        let two = LogLinear::ln(&b);
        d.push_log_shown(
            &two,
            ">",
            &LogLinear::zero(),
            0.0,
            || Value::text("0", ""),
            String::new,
        );
        let c = d.finish("x", Method::LogLinear);
        assert_eq!((c.outcome, c.rhs.exact.as_str()), (Outcome::Holds, "0"));
        assert_eq!(c.records[0]["kind"], "log_linear");
        assert_eq!(c.records[0]["holds"], true);
    }

    use super::*;

    /// The compound sub-checks of issue 44 item 6: a log-linear comparison carries its
    /// `log_linear` record; an extended comparison its `compare` record when both sides are
    /// finite and a `log_linear` record with a side `+∞`; a vector identity one
    /// `compare` record per entry, and vectors of different lengths differ.
    #[test]
    fn compound_subchecks_carry_their_records() {
        use crate::num::LogLinear;
        crate::certify::start_recording();
        let q = |a: i64| Rational::from(a);
        // ln 4 = 2 ln 2 exactly; ln 2 < ln 3; (naive: 4 = 2^2, 2 < 3).
        let (ln4, two_ln2) = (LogLinear::term(&q(1), &q(4)), LogLinear::term(&q(2), &q(2)));
        let (ln2, ln3) = (LogLinear::ln(&q(2)), LogLinear::ln(&q(3)));
        for (a, rel, b, holds) in [
            (&ln4, "=", &two_ln2, true),
            (&ln2, "<", &ln3, true),
            (&ln3, "<=", &ln2, false),
            (&ln3, ">=", &ln2, true),
        ] {
            let mut t = Tally::new();
            t.compare_log(a, rel, b, || "w".into());
            let c = t.finish("x", Method::LogLinear, "");
            assert_eq!(c.outcome, Outcome::from_holds(holds), "{rel}");
            assert_eq!(c.records.len(), 1);
            assert_eq!(c.records[0]["kind"], "log_linear");
            assert_eq!(c.records[0]["holds"], holds);
        }
        let (zero, one, two) = (q(0), q(1), q(2));
        // (lhs, rel, rhs, holds, the record's kind): a side +∞ is a log_linear record of the
        // logarithms with that side "+inf" (issue 44 item 1); ln 0 has none.
        for (a, rel, b, holds, kind) in [
            (Some(&one), "<=", Some(&two), true, Some("compare")),
            (Some(&two), "=", Some(&two), true, Some("compare")),
            (Some(&two), "<=", None, true, Some("log_linear")),
            (None, "=", None, true, Some("log_linear")),
            (None, "<=", Some(&two), false, Some("log_linear")),
            (Some(&one), "=", None, false, Some("log_linear")),
            (Some(&zero), "<=", None, true, None),
        ] {
            let mut t = Tally::new();
            t.compare_ext(a, rel, b, || "w".into());
            let c = t.finish("x", Method::Exact, "");
            assert_eq!(c.outcome, Outcome::from_holds(holds), "{a:?} {rel} {b:?}");
            let kinds: Vec<_> = c.records.iter().map(|r| r["kind"].as_str()).collect();
            assert_eq!(
                kinds,
                kind.map(Some).into_iter().collect::<Vec<_>>(),
                "{a:?} {rel} {b:?}"
            );
            if kind == Some("log_linear") {
                let r = &c.records[0];
                assert_eq!(
                    (r["lhs"] == "+inf", r["rhs"] == "+inf"),
                    (a.is_none(), b.is_none())
                );
                assert_eq!(r["holds"], holds);
            }
        }
        let mut t = Tally::new();
        t.compare_vec(&[q(1), q(2)], &[q(1), q(2)], || "w".into());
        t.compare_vec(&[q(1), q(3)], &[q(1), q(2)], || "second".into());
        let c = t.finish("x", Method::Exact, "");
        assert_eq!((c.outcome, c.records.len()), (Outcome::Fails, 4));
        assert_eq!(c.lhs.exact, "1 of 2 fail");
        assert_eq!(c.note, "first failure: second");
        let mut t = Tally::new();
        t.compare_vec(&[q(1)], &[q(1), q(2)], || "w".into());
        let c = t.finish("x", Method::Exact, "");
        assert_eq!((c.outcome, c.records.len()), (Outcome::Fails, 0));
    }

    /// A tally keeps the first failure as its witness and counts every sub-check; with no
    /// sub-check it is an `error` row.
    #[test]
    fn tally_reports_the_first_failure() {
        let mut t = Tally::new();
        for k in 0..5 {
            t.check(k % 2 == 0, || format!("k={k}"));
        }
        let c = t.finish("even", Method::Exact, "");
        assert_eq!(c.outcome, Outcome::Fails);
        assert_eq!(c.lhs.exact, "2 of 5 fail");
        assert_eq!(c.note, "first failure: k=1");
        let ok = Tally::new();
        let mut ok2 = Tally::new();
        ok2.check(true, String::new);
        assert_eq!(
            ok2.finish("x", Method::Exact, "all").outcome,
            Outcome::Holds
        );
        assert_eq!(ok.finish("x", Method::Exact, "").outcome, Outcome::Error);
    }

    /// A scan or an agreement with nothing compared is out of range (counted apart), never a
    /// vacuous `holds`.
    #[test]
    fn empty_scans_are_out_of_range() {
        use crate::claim::{Method, Outcome};
        assert_eq!(
            DScan::new().finish("x", Method::Exact).outcome,
            Outcome::OutOfRange
        );
        assert_eq!(
            Agree::new().finish("x", Method::Exact).outcome,
            Outcome::OutOfRange
        );
    }

    fn r(n: i64, d: i64) -> Rational {
        Rational::from_signeds(n, d)
    }

    #[test]
    fn scan_reports_first_failure_and_closest() {
        let mut s = Scan::le();
        s.push(r(1, 2), r(1, 1), || "a".into());
        s.push(r(3, 4), r(1, 1), || "b".into());
        let c = s.finish("x", Method::Exact);
        assert_eq!(c.outcome, Outcome::Holds);
        assert!(c.note.contains("closest: b"));
        let mut s = Scan::le();
        s.push(r(1, 2), r(1, 1), || "a".into());
        s.push(r(2, 1), r(1, 1), || "b".into());
        s.push(r(3, 1), r(1, 1), || "c".into());
        let c = s.finish("x", Method::Exact);
        assert_eq!(c.outcome, Outcome::Fails);
        assert!(c.note.contains("counterexample: b"));
        assert!(c.note.contains("2 of 3"));
        let mut s = Scan::lt();
        s.push(r(1, 1), r(1, 1), || "eq".into());
        assert_eq!(s.finish("x", Method::Exact).outcome, Outcome::Fails);
    }

    /// Issue 44 item 6: `shown_by` covers the instances pushed since its last call, and only
    /// those: a segment without a record (none built, or one whose truth is not the verdict)
    /// leaves the cell without records although a later segment has one.
    #[test]
    fn a_record_shows_only_its_own_segment() {
        crate::certify::start_recording();
        let rec = |holds: bool| Some(serde_json::json!({"kind": "events", "holds": holds}));
        let mut a = Agree::new();
        a.push(true, true, String::new);
        a.shown_by(|| rec(true));
        a.push(false, false, String::new);
        a.shown_by(|| rec(true));
        assert_eq!(a.finish("x", Method::Exact).records.len(), 2);
        let mut a = Agree::new();
        a.push(true, true, String::new);
        a.shown_by(|| None);
        a.push(true, true, String::new);
        a.shown_by(|| rec(true));
        assert!(a.finish("x", Method::Exact).records.is_empty());
        let mut a = Agree::new();
        a.push(true, true, String::new);
        a.shown_by(|| rec(false));
        assert!(a.finish("x", Method::Exact).records.is_empty());
    }

    /// Issue 44 item 5: scans of consecutive parts appended in order are the scan of the whole
    /// (counts, first failure, first undecided, closest case, records in order) for every cut
    /// of each table into three parts; naive reference: one scan over the whole table. The
    /// first table has a NaN hint: a part starting at it kept the NaN case as its closest (a
    /// NaN is never below another hint) and lost the later, closer case 2.
    #[test]
    fn appended_scans_are_the_scan_of_the_whole() {
        use crate::num::Decision::{False, True, Unknown};
        crate::certify::start_recording();
        let tables = [
            vec![(True, 1.0, true), (True, f64::NAN, true), (True, 2.0, true)],
            vec![
                (True, f64::NAN, true),
                (True, -1.0, true),
                (True, 2.0, true),
                (True, 2.0, true),
                (Unknown, 5.0, true),
                (True, 0.0, true),
                (False, 0.0, true),
                (True, 3.0, true),
                (False, 1.0, true),
                (Unknown, 0.5, true),
            ],
            vec![
                (True, 0.0, true),
                (True, 4.0, false),
                (True, 2.0, true),
                (False, 0.0, true),
            ],
        ];
        let scan = |rows: &[(crate::num::Decision, f64, bool)], from: usize| {
            let mut s = DScan::new();
            for (i, (d, gap, recorded)) in rows.iter().enumerate() {
                let i = i + from;
                s.push_recorded(
                    *d,
                    recorded.then(|| vec![serde_json::json!(i)]),
                    *gap,
                    || Value::text(format!("lhs {i}"), ""),
                    || Value::text(format!("rhs {i}"), ""),
                    || format!("case {i}"),
                );
            }
            s
        };
        for table in &tables {
            let whole = scan(table, 0).finish("x", Method::LogLinear);
            let n = table.len();
            for a in 0..=n {
                for b in a..=n {
                    let part = |k: usize| match k {
                        0 => scan(&table[..a], 0),
                        1 => scan(&table[a..b], a),
                        _ => scan(&table[b..], b),
                    };
                    // Both groupings: (first, second), third and first, (second, third).
                    let mut left = part(0);
                    left.append(part(1));
                    left.append(part(2));
                    let mut right = part(1);
                    right.append(part(2));
                    let mut first = part(0);
                    first.append(right);
                    for got in [left, first] {
                        let got = got.finish("x", Method::LogLinear);
                        assert_eq!(got, whole, "cut at {a} and {b} of {table:?}");
                        assert_eq!(got.records, whole.records);
                    }
                }
            }
        }
        // The tables' own answers: the closest case of the largest hint, the NaN one last.
        let first = scan(&tables[0], 0).finish("x", Method::LogLinear);
        assert!(first.note.contains("closest: case 2"), "{}", first.note);
        let second = scan(&tables[1], 0).finish("x", Method::LogLinear);
        assert!(
            second.note.starts_with("counterexample: case 6;"),
            "{}",
            second.note
        );
        assert_eq!(second.records.len(), 10);
    }

    #[test]
    fn agree_detects_disagreement() {
        let mut a = Agree::new();
        a.push(true, true, || "x".into());
        a.push(false, true, || "y".into());
        let c = a.finish("f", Method::Exact);
        assert_eq!(c.outcome, Outcome::Fails);
        assert!(c.note.contains("y"));
    }
}
