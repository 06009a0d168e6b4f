//! Running a claim's grid, aggregating the verdict (docs/design.md "Verdicts and reports") and
//! rendering the report as text (people, snapshots) or JSON (machines).
//!
//! Order is deterministic: failing instances first (smallest instance label first, then grid
//! order), then undecided ones, then holding ones in grid order.

use super::forall::ForAll;
use super::manifest::ManifestClaim;
use super::{Check, ClaimChecker, Method, Outcome, Value};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Duration;

/// How many instances of each outcome a rendered report shows (the counts are always complete).
pub const SHOWN_FAILS: usize = 10;
/// Undecided instances a rendered report shows.
pub const SHOWN_UNDECIDED: usize = 10;
/// Holding instances a rendered report shows.
pub const SHOWN_HOLDS: usize = 3;
/// Out-of-range instances a rendered report shows.
pub const SHOWN_OUT_OF_RANGE: usize = 1;

/// Per-outcome instance counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Instances that hold.
    pub holds: usize,
    /// Instances that fail.
    pub fails: usize,
    /// Instances no certified bound could separate.
    pub undecided: usize,
    /// Instances that cannot be checked as written.
    pub not_checkable: usize,
    /// Instances outside the statement's hypotheses (counted, exercised nothing).
    pub out_of_range: usize,
    /// Checks that broke (panicked).
    pub error: usize,
    /// Claims proved on a whole domain (a verdict only; see `claim::forall`).
    pub holds_for_all: usize,
}

impl Counts {
    /// Count one more `o`.
    pub fn add(&mut self, o: Outcome) {
        match o {
            Outcome::Holds => self.holds += 1,
            Outcome::Fails => self.fails += 1,
            Outcome::Undecided => self.undecided += 1,
            Outcome::NotCheckable => self.not_checkable += 1,
            Outcome::OutOfRange => self.out_of_range += 1,
            Outcome::Error => self.error += 1,
            Outcome::HoldsForAll => self.holds_for_all += 1,
        }
    }

    /// `a holds, b fails, c undecided`, followed by the other counts only where non-zero (so
    /// reports of claims that have none read as before).
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{} holds, {} fails, {} undecided",
            self.holds, self.fails, self.undecided
        );
        for (n, what) in [
            (self.holds_for_all, "holds for all (certified)"),
            (self.not_checkable, "not checkable"),
            (self.out_of_range, "out of range (not exercised)"),
            (self.error, "error"),
        ] {
            if n > 0 {
                let _ = write!(s, ", {n} {what}");
            }
        }
        s
    }
}

/// The verdict of one claim on its default grid, with its evidence.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Claim ID.
    pub id: String,
    /// The paper's slug (empty without a manifest entry).
    pub paper: String,
    /// The claim's title (from its manifest entry).
    pub title: String,
    /// The verdict on the default grid.
    pub verdict: Outcome,
    /// The manifest's `expect`, when the claim has a manifest entry.
    pub expect: Option<Outcome>,
    /// Instances checked.
    pub instances: usize,
    /// Instances per outcome.
    pub counts: Counts,
    /// Distinct methods used, sorted.
    pub methods: Vec<String>,
    /// Every check, ordered: fails (smallest first), undecided, holds (grid order).
    pub checks: Vec<Check>,
    /// The checked certificate of a `holds-for-all` verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub for_all: Option<super::forall::ForAllEvidence>,
    /// Wall time (not rendered in snapshots).
    #[serde(skip)]
    pub elapsed: Duration,
}

/// Order checks per the module doc: the order of their indices is sorted, then each check is
/// moved once (sorting the checks themselves moved each of thousands some log n times: issue 44
/// item 2).
pub fn order_checks(checks: Vec<Check>) -> Vec<Check> {
    let severity = |i: &usize| checks[*i].outcome.severity();
    let mut order: Vec<usize> = (0..checks.len()).collect();
    // stable: grid order within a severity
    order.sort_by_key(severity);
    let fails = Outcome::Fails.severity();
    let from = order.partition_point(|i| severity(i) < fails);
    let to = order.partition_point(|i| severity(i) <= fails);
    order[from..to].sort_by_key(|&i| (checks[i].instance.len(), &checks[i].instance, i));
    let mut slots: Vec<Option<Check>> = checks.into_iter().map(Some).collect();
    order
        .into_iter()
        .map(|i| slots[i].take().expect("each index once"))
        .collect()
}

impl Report {
    /// Build from already computed checks (grid order).
    pub fn from_checks(
        id: &str,
        meta: Option<&ManifestClaim>,
        checks: Vec<Check>,
        elapsed: Duration,
    ) -> Report {
        let verdict = Outcome::aggregate(checks.iter().map(|c| &c.outcome));
        let mut counts = Counts::default();
        for c in &checks {
            counts.add(c.outcome);
        }
        // each distinct method named once (a grid of thousands of instances has a few)
        let mut distinct: Vec<&Method> = Vec::new();
        for c in &checks {
            if !distinct.contains(&&c.method) {
                distinct.push(&c.method);
            }
        }
        let mut methods: Vec<String> = distinct.iter().map(|m| m.to_string()).collect();
        methods.sort();
        methods.dedup();
        Report {
            id: id.to_string(),
            paper: meta.map(|m| m.paper.clone()).unwrap_or_default(),
            title: meta.map(|m| m.title.clone()).unwrap_or_default(),
            verdict,
            expect: meta.map(|m| m.expect),
            instances: checks.len(),
            counts,
            methods,
            checks: order_checks(checks),
            for_all: None,
            elapsed,
        }
    }

    /// Does the verdict equal the manifest's `expect`? (`false` without a manifest entry.)
    pub fn matches(&self) -> bool {
        self.expect == Some(self.verdict)
    }

    /// The first check that decides against "holds": an error, the smallest counterexample, or
    /// the first undecided or not-checkable instance.
    pub fn witness(&self) -> Option<&Check> {
        self.checks.first().filter(|c| {
            !matches!(
                c.outcome,
                Outcome::Holds | Outcome::HoldsForAll | Outcome::OutOfRange
            )
        })
    }

    /// The checks a rendered report shows (see `SHOWN_*`).
    pub fn shown(&self) -> Vec<&Check> {
        let mut out = Vec::new();
        for (o, n) in [
            (Outcome::Error, SHOWN_FAILS),
            (Outcome::Fails, SHOWN_FAILS),
            (Outcome::Undecided, SHOWN_UNDECIDED),
            (Outcome::NotCheckable, SHOWN_UNDECIDED),
            (Outcome::Holds, SHOWN_HOLDS),
            (Outcome::OutOfRange, SHOWN_OUT_OF_RANGE),
        ] {
            out.extend(self.checks.iter().filter(|c| c.outcome == o).take(n));
        }
        out
    }

    /// Text for people (and the insta snapshots): exact values first, then decimals.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let expect = match self.expect {
            Some(e) if e == self.verdict => format!("{e} (as expected)"),
            Some(e) => format!("{e} — MISMATCH"),
            None => "no manifest entry — MISMATCH".to_string(),
        };
        let _ = writeln!(s, "claim    {}  ({})", self.id, self.paper);
        if !self.title.is_empty() {
            let _ = writeln!(s, "title    {}", self.title);
        }
        let _ = writeln!(s, "verdict  {}", self.verdict);
        let _ = writeln!(s, "expect   {expect}");
        let _ = writeln!(
            s,
            "instances {}: {}",
            self.instances,
            self.counts.describe()
        );
        let _ = writeln!(s, "methods  {}", self.methods.join(", "));
        if let Some(fa) = &self.for_all {
            render_for_all(&mut s, fa);
        }
        let shown = self.shown();
        if shown.len() < self.checks.len() {
            let _ = writeln!(
                s,
                "showing {} of {} instances (failing and undecided first)",
                shown.len(),
                self.checks.len()
            );
        }
        for c in shown {
            s.push('\n');
            render_check(&mut s, c);
        }
        s
    }

    /// JSON for machines (pretty, deterministic); includes every check.
    /// A compared side known only as an enclosure is `{"exact", "enclosure": {"lo", "hi"}}`
    /// (docs/json.md), not a `"decimal"` string `"[lo, hi]"`.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("report serialises");
        enclosures_as_objects(&mut v);
        v
    }

    /// One Markdown table row: claim, verdict, method, instances, evidence.
    pub fn markdown_row(&self) -> String {
        let esc = |s: &str| s.replace('|', "\\|").replace('\n', " ");
        let evidence = match self.witness() {
            Some(b) => format!(
                "{}: {} — {} vs {}{}",
                b.instance,
                b.compared,
                b.lhs.exact,
                b.rhs.exact,
                if b.note.is_empty() {
                    String::new()
                } else {
                    format!("; {}", b.note)
                }
            ),
            None => String::new(),
        };
        format!(
            "| {} | {} | **{}** | {} | {} | {} |",
            self.id,
            esc(&self.title),
            self.verdict,
            self.methods.join(", "),
            self.instances,
            esc(&evidence)
        )
    }
}

fn render_for_all(s: &mut String, fa: &super::forall::ForAllEvidence) {
    let _ = writeln!(s, "for all  {}", fa.domain);
    for h in &fa.hypotheses {
        let _ = writeln!(s, "  hypothesis   {h}");
    }
    for p in &fa.parts {
        let _ = writeln!(s, "  proved       {}", p.statement);
        let _ = writeln!(s, "    method       {}", p.method);
        let _ = writeln!(s, "    certificate  {}", p.certificate);
        let _ = writeln!(s, "    checked      {}", p.checked);
    }
    let _ = writeln!(
        s,
        "  cross-check  {} at {} grid instances; the grid holds",
        fa.cross_check_how, fa.cross_checked
    );
}

fn render_check(s: &mut String, c: &Check) {
    let _ = writeln!(s, "[{}] {}", c.outcome, c.instance);
    let _ = writeln!(s, "  compared {}", c.compared);
    let _ = writeln!(s, "  lhs      {}", c.lhs.exact);
    let _ = writeln!(s, "  rhs      {}", c.rhs.exact);
    if !c.lhs.decimal.is_empty() || !c.rhs.decimal.is_empty() {
        let _ = writeln!(s, "  decimal  {}  vs  {}", c.lhs.decimal, c.rhs.decimal);
    }
    let _ = writeln!(s, "  method   {}", c.method);
    if !c.note.is_empty() {
        let _ = writeln!(s, "  note     {}", c.note);
    }
}

/// Run one claim's default grid.
pub fn run(checker: &dyn ClaimChecker, meta: Option<&ManifestClaim>) -> Report {
    let t0 = std::time::Instant::now();
    let mut checks =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| checker.check_grid()))
            .unwrap_or_else(|_| vec![super::error_check("building the default grid panicked")]);
    if checks.is_empty() {
        checks.push(super::error_check(
            "the default grid has no instance: nothing was checked",
        ));
    }
    let report = Report::from_checks(checker.id(), meta, checks, t0.elapsed());
    match checker.certificate() {
        Some(cert) => lift(report, cert),
        None => report,
    }
}

fn certificate_error(why: String) -> Check {
    Check::new(
        "the for-all certificate",
        Value::text("-", ""),
        Value::text("-", ""),
        Method::Exact,
        Outcome::Error,
    )
    .with_note(why)
}

/// Upgrade a grid report (moved here from `claim::forall`, which now knows no report) to `holds-for-all` when its claim has a certificate that checks and
/// the grid holds; a certificate that fails, or a grid that does not hold, is an error row.
pub fn lift(report: Report, cert: &ForAll) -> Report {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cert.check()))
        .unwrap_or_else(|_| Err("checking the certificate panicked".into()));
    let why = match (result, report.verdict) {
        (Ok(ev), Outcome::Holds) => {
            let mut r = report;
            r.verdict = Outcome::HoldsForAll;
            r.for_all = Some(ev);
            return r;
        }
        (Ok(_), v) => format!(
            "the for-all certificate checks, but the grid's verdict is {v}: one of them is wrong"
        ),
        (Err(e), _) => format!("the for-all certificate was rejected: {e}"),
    };
    let mut checks = report.checks.clone();
    checks.push(certificate_error(why));
    let expect = report.expect;
    let mut r = Report::from_checks(&report.id, None, checks, report.elapsed);
    r.paper = report.paper;
    r.title = report.title;
    r.expect = expect;
    r
}

/// Run many claims in parallel (rayon's current pool); the result is in the input order.
/// `on_done` is called once per finished claim (progress bars).
pub fn run_all(
    checkers: &[&dyn ClaimChecker],
    meta: impl Fn(&str) -> Option<ManifestClaim> + Sync,
    on_done: impl Fn(&mut Report) + Sync,
) -> Vec<Report> {
    checkers
        .par_iter()
        .map(|c| {
            let m = meta(c.id());
            let mut r = run(*c, m.as_ref());
            on_done(&mut r);
            r
        })
        .collect()
}

/// One line for a docs table: the domain, the certificates' methods, the hypotheses.
fn for_all_summary(fa: &super::forall::ForAllEvidence) -> String {
    let mut methods: Vec<&str> = fa.parts.iter().map(|p| p.method.as_str()).collect();
    methods.dedup();
    let mut s = format!(
        "for all {} ({} parts: {}; the grid holds and agrees)",
        fa.domain,
        fa.parts.len(),
        methods.join(", ")
    );
    for h in &fa.hypotheses {
        let _ = write!(s, "; hypothesis: {h}");
    }
    s
}

/// What each verdict means (docs pages, `dpcert show`).
pub const VERDICT_LEGEND: &str = "**holds-for-all**: the grid holds and a symbolic certificate that dpcert checked (a WZ pair, a closed partial sum, a term identity at every integer point, a rational identity or a sign certificate) proves the statement on the whole stated domain, under the named hypotheses (structural facts checked on the grid). **holds**: the statement is true on every instance of the stated grid (exact arithmetic, a separating certified enclosure or a checked LP certificate); not a proof beyond the grid. **fails**: an exact counterexample on the grid. **undecided**: a certified bound was too weak to separate. **not checkable**: a definition, an absent figure or an informal remark; nothing to decide. **out of range**: an instance outside the statement's hypotheses, counted apart and never as holds.";

/// The Markdown page `docs/claims-<slug>.md` for one manifest: one row per manifest claim
/// (claim, title, kind, verdict, method, instances, counterexample / reason). `reports` must
/// contain the manifest's claims; claims without a report are listed as `no checker`.
pub fn markdown_table(m: &super::manifest::Manifest, reports: &[Report]) -> String {
    let esc = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut rows = String::new();
    for c in &m.claims {
        let kind = c.kind.name();
        match reports.iter().find(|r| r.id == c.id) {
            Some(r) => {
                *counts.entry(r.verdict.as_str()).or_default() += 1;
                let evidence = match (&c.why, r.witness()) {
                    _ if r.for_all.is_some() => {
                        r.for_all.as_ref().map(for_all_summary).unwrap_or_default()
                    }
                    (Some(w), _) => w.clone(),
                    (None, Some(b)) => format!(
                        "{}: {} — {} vs {}",
                        b.instance, b.compared, b.lhs.exact, b.rhs.exact
                    ),
                    (None, None) => String::new(),
                };
                let _ = writeln!(
                    rows,
                    "| {} | {} | {} | {} | {} | {kind} | **{}** | {} | {} | {} |",
                    c.id,
                    esc(&c.title),
                    esc(&c.source),
                    esc(&c.statement),
                    esc(&c.grid),
                    r.verdict,
                    r.methods.join(", "),
                    r.instances,
                    esc(&evidence)
                );
            }
            None => {
                *counts.entry("no checker").or_default() += 1;
                let _ = writeln!(
                    rows,
                    "| {} | {} | {} | {} | {} | {kind} | no checker | | | |",
                    c.id,
                    esc(&c.title),
                    esc(&c.source),
                    esc(&c.statement),
                    esc(&c.grid)
                );
            }
        }
    }
    let summary: Vec<String> = counts.iter().map(|(k, v)| format!("{v} {k}")).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Claims: {} (`{}`)\n\nGenerated by `dpcert verify --paper {} --markdown` (script `scripts/gen-docs.sh`) from `theorems/{}.toml` and a run of every checker on its default grid; do not edit by hand.\n",
        m.paper.title, m.paper.slug, m.paper.slug, m.paper.slug
    );
    let _ = writeln!(out, "Source: {}.\n", m.paper.cite());
    let _ = writeln!(out, "Verdicts: {}.\n", summary.join(", "));
    let _ = writeln!(out, "{VERDICT_LEGEND}\n");
    let _ = writeln!(
        out,
        "| ID | claim | source | statement checked | grid | kind | verdict | method | instances | counterexample / reason |\n|---|---|---|---|---|---|---|---|---|---|"
    );
    out.push_str(&rows);
    out
}

/// Summary of a set of reports, for the end of a text run.
pub fn summary(reports: &[Report]) -> String {
    let mut c = Counts::default();
    let mut mism = Vec::new();
    for r in reports {
        c.add(r.verdict);
        if !r.matches() {
            mism.push(format!(
                "{} ({} , expect {})",
                r.id,
                r.verdict,
                r.expect.map(|e| e.as_str()).unwrap_or("none")
            ));
        }
    }
    let mut s = format!(
        "{} claims: {}; {} differ from expect",
        reports.len(),
        c.describe(),
        mism.len()
    );
    for m in mism {
        let _ = write!(s, "\n  MISMATCH {m}");
    }
    s
}

/// Rewrite every side written `"[lo, hi]"` of two decimals — an interval's outward-rounded
/// decimal ends, under `"decimal"` or `"exact"` — as `"enclosure": {"lo", "hi"}`, the one
/// shape of docs/json.md (issue 43 item 4); an exact side that was one becomes `null`.
fn enclosures_as_objects(v: &mut serde_json::Value) {
    fn ends(d: Option<&serde_json::Value>) -> Option<serde_json::Value> {
        let (lo, hi) = d?
            .as_str()?
            .strip_prefix('[')?
            .strip_suffix(']')?
            .split_once(", ")?;
        let decimal = |s: &str| crate::num::parse_rational(s).is_ok() && !s.contains('/');
        (decimal(lo) && decimal(hi)).then(|| serde_json::json!({"lo": lo, "hi": hi}))
    }
    match v {
        serde_json::Value::Object(o) => {
            if let Some(e) = ends(o.get("decimal")) {
                o.remove("decimal");
                o.insert("enclosure".into(), e);
            }
            if let Some(e) = ends(o.get("exact")) {
                o.insert("exact".into(), serde_json::Value::Null);
                o.entry("enclosure").or_insert(e);
            }
            o.values_mut().for_each(enclosures_as_objects);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(enclosures_as_objects),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::{Method, Value};
    use crate::num::Rational;

    fn chk(inst: &str, o: Outcome) -> Check {
        let mut c = Check::new(
            "x",
            Value::text("a", ""),
            Value::text("b", ""),
            Method::Exact,
            o,
        );
        c.instance = inst.into();
        c
    }

    #[test]
    fn ordering_fails_smallest_first() {
        use Outcome::*;
        let v = order_checks(vec![
            chk("h1", Holds),
            chk("n=10", Fails),
            chk("u", Undecided),
            chk("n=2", Fails),
            chk("h0", Holds),
        ]);
        let names: Vec<&str> = v.iter().map(|c| c.instance.as_str()).collect();
        assert_eq!(names, ["n=2", "n=10", "u", "h1", "h0"]);
    }

    proptest::proptest! {
        /// Naive reference: a stable sort by (severity, and between failing checks their
        /// labels' length and text), which keeps grid order otherwise.
        #[test]
        fn ordering_is_the_stable_sort_by_severity_and_failing_label(
            rows in proptest::collection::vec((0usize..4, 0u8..4), 0..20)
        ) {
            use Outcome::*;
            let outcomes = [Holds, Fails, Undecided, OutOfRange];
            let labels = ["n=2", "n=10", "n=3", "m"];
            let checks: Vec<Check> = rows
                .iter()
                .map(|&(o, l)| chk(labels[l as usize], outcomes[o]))
                .collect();
            let mut want: Vec<(usize, &Check)> = checks.iter().enumerate().collect();
            want.sort_by(|(_, a), (_, b)| {
                let fails = a.outcome == Fails && b.outcome == Fails;
                a.outcome.severity().cmp(&b.outcome.severity()).then_with(|| {
                    if fails {
                        (a.instance.len(), &a.instance).cmp(&(b.instance.len(), &b.instance))
                    } else {
                        std::cmp::Ordering::Equal
                    }
                })
            });
            let want: Vec<(String, Outcome)> =
                want.iter().map(|(_, c)| (c.instance.clone(), c.outcome)).collect();
            let got: Vec<(String, Outcome)> =
                order_checks(checks.clone()).into_iter().map(|c| (c.instance, c.outcome)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }

    /// A panic inside one instance's check is that instance's `error` row (the other instances
    /// still run), and a claim whose grid is empty is an `error`, never a vacuous "holds".
    #[test]
    fn panics_and_empty_grids_are_errors() {
        use crate::claim::Family;
        let panicky = Family {
            id: "X-panic",
            grid: || vec![1u32, 2, 3],
            beyond: None,
            check: |&i: &u32| {
                assert!(i != 2, "instance two is broken");
                let q = Rational::from(i);
                Check::rationals("i <= 3", &q, "<=", &Rational::from(3u32))
            },
        }
        .boxed();
        let r = run(panicky.as_ref(), None);
        assert_eq!(r.verdict, Outcome::Error);
        assert_eq!((r.counts.error, r.counts.holds), (1, 2));
        let w = r.witness().expect("the error row comes first");
        assert_eq!(w.instance, "2");
        assert!(w.note.contains("instance two is broken"), "{}", w.note);
        assert!(r
            .to_text()
            .contains("2 holds, 0 fails, 0 undecided, 1 error"));

        let empty = Family {
            id: "X-empty",
            grid: Vec::<u32>::new,
            beyond: None,
            check: |_: &u32| unreachable!("no instance"),
        }
        .boxed();
        let r = run(empty.as_ref(), None);
        assert_eq!(r.verdict, Outcome::Error);
        assert!(r.checks[0].note.contains("no instance"));
    }

    /// Out-of-range instances are counted apart and never make a verdict on their own.
    #[test]
    fn out_of_range_is_counted_apart() {
        use Outcome::*;
        let r = Report::from_checks(
            "X-range",
            None,
            vec![chk("a", OutOfRange), chk("b", Holds), chk("c", OutOfRange)],
            Duration::ZERO,
        );
        assert_eq!(r.verdict, Holds);
        assert_eq!((r.counts.holds, r.counts.out_of_range), (1, 2));
        assert!(r.witness().is_none());
        assert!(r
            .to_text()
            .contains("1 holds, 0 fails, 0 undecided, 2 out of range"));
        let only = Report::from_checks(
            "X-vacuous",
            None,
            vec![chk("a", OutOfRange)],
            Duration::ZERO,
        );
        assert_eq!(only.verdict, Error);
    }

    #[test]
    fn report_counts_and_verdict() {
        let q = |a, b| Rational::from_signeds(a, b);
        let checks = vec![
            Check::rationals("p", &q(1, 2), "<=", &q(2, 3)).at("a"),
            Check::rationals("p", &q(3, 2), "<=", &q(2, 3)).at("b"),
        ];
        let r = Report::from_checks("X-1", None, checks, Duration::ZERO);
        assert_eq!(r.verdict, Outcome::Fails);
        assert_eq!(r.counts.fails, 1);
        assert_eq!(r.witness().unwrap().instance, "b");
        assert!(!r.matches());
        let t = r.to_text();
        assert!(
            t.contains("[fails] b") && t.contains("lhs - rhs = 5/6"),
            "{t}"
        );
        let j = r.to_json();
        assert_eq!(j["verdict"], "fails");
        assert_eq!(j["checks"][0]["lhs"]["exact"], "3/2");
    }
}
