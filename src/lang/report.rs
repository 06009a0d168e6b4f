//! Text rendering of a [`Verdict`] (the JSON form is its serde serialisation).

use super::run::{InstanceReport, Verdict};
use crate::claim::Outcome;

fn instance(r: &InstanceReport, out: &mut String) {
    for (n, v) in &r.bindings {
        out.push_str(&format!("  {n} = {v}\n"));
    }
    if !r.compared.is_empty() {
        out.push_str(&format!("  compared: {}\n", r.compared));
    }
    if let Some(l) = &r.lhs {
        out.push_str(&format!("  lhs    = {}  (≈ {})\n", l.exact, l.decimal));
    }
    if let Some(x) = &r.rhs {
        out.push_str(&format!("  rhs    = {}  (≈ {})\n", x.exact, x.decimal));
    }
    if let Some(m) = &r.margin {
        out.push_str(&format!(
            "  margin = lhs - rhs = {}  (≈ {})\n",
            m.exact, m.decimal
        ));
    }
    if let Some(w) = &r.why {
        out.push_str(&format!("  why: {w}\n"));
    }
}

/// The verdict for people: the outcome line, then the evidence.
pub fn render(v: &Verdict) -> String {
    let mut out = String::new();
    let methods = if v.methods.is_empty() {
        String::new()
    } else {
        format!("; methods: {}", v.methods.join(", "))
    };
    let mut filtered = if v.filtered > 0 {
        format!(", {} excluded by `where`", v.filtered)
    } else {
        String::new()
    };
    if v.vacuous > 0 {
        // a top-level range of the symbolic variable that is empty: counted apart, as `where`
        filtered.push_str(&format!(", {} vacuous (empty range)", v.vacuous));
    }
    let of = |n: u64| {
        if n == v.total {
            format!("{n}")
        } else {
            format!("{n} of {}", v.total)
        }
    };
    match v.outcome {
        Outcome::Holds if v.exists => {
            out.push_str(&format!(
                "holds: a witness at instance {} ({} checked{filtered}{methods})\n",
                v.first.as_ref().map_or(0, |f| f.index + 1),
                of(v.checked)
            ));
            if let Some(f) = &v.first {
                instance(f, &mut out);
            }
        }
        Outcome::Holds => {
            out.push_str(&format!(
                "holds: {} instances ({} exercised{filtered}{methods}) in {} ms\n",
                of(v.checked),
                v.holds,
                v.millis
            ));
        }
        Outcome::Fails if v.exists => {
            out.push_str(&format!(
                "fails: no instance of {} is a witness{filtered}{methods}\n",
                v.total
            ));
        }
        Outcome::Fails => {
            let f = v.first.as_ref();
            out.push_str(&format!(
                "fails: counterexample at instance {} of {} in enumeration order ({} held before it{filtered}{methods})\n",
                f.map_or(0, |f| f.index + 1),
                v.total,
                v.holds
            ));
            if let Some(f) = f {
                instance(f, &mut out);
            }
        }
        Outcome::Undecided => {
            if let Some(why) = v.stopped.as_ref().filter(|_| v.timed_out) {
                out.push_str(&format!("undecided: the budget ran out after {} of {} instances ({} held{methods}), in {why}\n", v.checked, v.total, v.holds));
            } else if v.timed_out {
                out.push_str(&format!("undecided: the time budget ran out after {} of {} instances ({} held{methods})\n", v.checked, v.total, v.holds));
            } else {
                out.push_str(&format!("undecided: {} of {} instances undecided ({} held{filtered}{methods}); the first:\n", v.undecided, v.checked, v.holds));
            }
            if let Some(f) = &v.first_undecided {
                instance(f, &mut out);
            }
        }
        _ => {
            if let Some((r, e)) = &v.first_error {
                out.push_str(&format!(
                    "error: {} of {} instances could not be evaluated; the first (instance {}):\n",
                    v.errors,
                    v.checked,
                    r.index + 1
                ));
                instance(r, &mut out);
                for line in e.lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            } else {
                out.push_str(&format!(
                    "error: no instance was exercised ({} instances{filtered})\n",
                    v.total
                ));
                if v.vacuous > 0 {
                    out.push_str("  the range of the symbolic variable was empty in every instance not excluded (its lower end above its upper end, or equal to it at an open end): a typo in a range?\n");
                }
            }
        }
    }
    out
}

/// A compared side as docs/json.md writes it: `{"exact", "decimal"}`, or, when the side is
/// only known as an enclosure, `{"exact": null, "enclosure": {"lo", "hi"}}` (an exact form is
/// never an enclosure written as a string).
fn shown_json(v: &super::run::Shown) -> serde_json::Value {
    match &v.enclosure {
        Some((lo, hi)) => serde_json::json!({
            "exact": (!v.exact.starts_with("enclosure")).then_some(&v.exact),
            "enclosure": {"lo": lo, "hi": hi},
        }),
        None => serde_json::json!({"exact": v.exact, "decimal": v.decimal}),
    }
}

/// One instance as docs/json.md writes it: the bindings as an array of `{"name", "value"}`.
fn instance_json(r: &InstanceReport) -> serde_json::Value {
    serde_json::json!({
        "index": r.index,
        "bindings": r.bindings.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "compared": r.compared,
        "lhs": r.lhs.as_ref().map(shown_json),
        "rhs": r.rhs.as_ref().map(shown_json),
        "margin": r.margin.as_ref().map(shown_json),
        "why": r.why,
    })
}

impl Verdict {
    /// The verdict for people ([`render`]).
    pub fn to_text(&self) -> String {
        render(self)
    }

    /// The verdict as docs/json.md's `check` result (issue 43 item 4): the first failing
    /// instance of a `forall` is `"counterexample"`, the first instance of an `exists` that
    /// holds is `"witness"`; bindings are arrays of `{"name", "value"}`.
    pub fn to_json(&self) -> serde_json::Value {
        let first = self.first.as_ref().map(instance_json);
        let mut j = serde_json::json!({
            "outcome": self.outcome,
            "exists": self.exists,
            "total": self.total,
            "checked": self.checked,
            "filtered": self.filtered,
            "vacuous": self.vacuous,
            "holds": self.holds,
            "fails": self.fails,
            "undecided": self.undecided,
            "errors": self.errors,
            "methods": self.methods,
            "counterexample": if self.exists { None } else { first.clone() },
            "witness": if self.exists { first } else { None },
            "first_undecided": self.first_undecided.as_ref().map(instance_json),
            "first_error": self.first_error.as_ref().map(|(i, e)| {
                let mut v = instance_json(i);
                v["error"] = serde_json::json!(e);
                v
            }),
            "timed_out": self.timed_out,
            "millis": self.millis,
        });
        if let Some(s) = &self.stopped {
            j["stopped"] = serde_json::json!(s);
        }
        j
    }
}

/// What `dpcert check` answers for one claim (issue 43 item 2): the verdict, or the error
/// that stopped the claim before one (a parse or type error, a refused domain, the budget).
#[derive(Clone, Debug)]
pub struct CheckReport {
    /// The claim's id (with `--file`), for labels.
    pub id: Option<String>,
    /// The claim as written.
    pub expr: String,
    /// The verdict, or the error rendered with its column and its stage.
    pub result: Result<Verdict, (super::Stage, String)>,
    /// With `--file`: the manifest's `expect` (`holds`, `fails`, …).
    pub expect: Option<String>,
    /// While certificates are recorded ([`crate::certify::recording`]): the run's instance
    /// rows with their records, for [`Self::take_certificate`]; otherwise empty.
    pub checks: Vec<crate::claim::Check>,
}

impl CheckReport {
    /// Parse and decide `src` (on this thread; a long source is parsed on a big stack).
    /// `tick(done, total)` is told the instances checked.
    /// While certificates are recorded, the report keeps the instance rows and their records.
    pub fn run(src: &str, opts: &super::Options, tick: &(dyn Fn(u64, u64) + Sync)) -> CheckReport {
        let rows = crate::certify::recording();
        let (result, checks) =
            match super::parse(src).and_then(|c| super::run::run_keeping(&c, opts, tick, rows)) {
                Ok((v, checks)) => (Ok(v), checks),
                Err(e) => (Err((e.stage, e.render(src))), Vec::new()),
            };
        CheckReport {
            id: None,
            expr: src.to_string(),
            result,
            expect: None,
            checks,
        }
    }

    /// The certificate records of this claim named `id` ([`super::checker::records_of`]),
    /// built from the run that gave this report (its rows are taken): `check --certificate`
    /// and `check --file F --certificates DIR` (issue 44 item 2). `Err` says why there is
    /// none; also when the run did not record.
    pub fn take_certificate(
        &mut self,
        id: &str,
    ) -> Result<Vec<crate::claim::certificates::CertRecord>, String> {
        let v = match &self.result {
            Ok(v) => v,
            Err((_, e)) => return Err(e.clone()),
        };
        if !crate::certify::recording() {
            return Err("the run did not record certificates".into());
        }
        let claim = super::parse(&self.expr).map_err(|e| e.render(&self.expr))?;
        let checks = std::mem::take(&mut self.checks);
        super::checker::records_of(id, &claim, v, checks)
    }

    /// The outcome's name (`holds`, `fails`, …), or `error`.
    pub fn outcome(&self) -> &str {
        match &self.result {
            Ok(v) => v.outcome.as_str(),
            Err(_) => "error",
        }
    }

    /// With `--file`: whether the outcome is the manifest's `expect`.
    pub fn as_expected(&self) -> Option<bool> {
        self.expect.as_ref().map(|e| e == self.outcome())
    }

    /// The verdict (on stdout) in words, labelled with the id; an error is [`Self::error_text`].
    pub fn to_text(&self) -> String {
        let label = self
            .id
            .as_ref()
            .map(|l| format!("{l}: "))
            .unwrap_or_default();
        let mut out = match &self.result {
            Ok(v) => format!("{label}{}", v.to_text()),
            Err(_) => String::new(),
        };
        if let Some(ok) = self.as_expected() {
            let expect = self.expect.as_deref().unwrap_or("");
            out.push_str(&format!(
                "  expect {expect}: {}\n",
                if ok { "ok" } else { "DIFFERS" }
            ));
        }
        out
    }

    /// The error for stderr (`ID: error: …`), when the claim has no verdict.
    pub fn error_text(&self) -> Option<String> {
        let label = self
            .id
            .as_ref()
            .map(|l| format!("{l}: "))
            .unwrap_or_default();
        self.result
            .as_ref()
            .err()
            .map(|(_, e)| format!("{label}error: {e}\n"))
    }

    /// One claim's object: `id`, `expr`, the verdict's keys or `error` and `stage`, and with
    /// `--file` `expect` and `as_expected`.
    pub fn to_json(&self) -> serde_json::Value {
        let mut j = match &self.result {
            Ok(v) => v.to_json(),
            Err((stage, e)) => serde_json::json!({
                "error": e,
                "stage": format!("{stage:?}").to_lowercase(),
            }),
        };
        j["id"] = serde_json::json!(self.id);
        j["expr"] = serde_json::json!(self.expr);
        if let Some(ok) = self.as_expected() {
            j["expect"] = serde_json::json!(self.expect);
            j["as_expected"] = serde_json::json!(ok);
        }
        j
    }
}

/// `dpcert check --json`: one claim's document, or with `--file` `{"claims": [...]}`.
pub fn check_document(reports: &[CheckReport], file: bool) -> serde_json::Value {
    let body = if file {
        serde_json::json!({"claims": reports.iter().map(CheckReport::to_json).collect::<Vec<_>>()})
    } else {
        reports
            .first()
            .map(CheckReport::to_json)
            .unwrap_or_default()
    };
    crate::json::document("check", body)
}
