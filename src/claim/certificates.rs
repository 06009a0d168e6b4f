//! Certificates of claims (docs/certificates.md, "The `claim` record"; issue 44 items 1, 2 and
//! 6): for each claim `verify` decides, one document `ID.cert.json` holding a `claim` record
//! (its outcome, the instance labels with their count and hash, the counterexample's exact
//! sides) and every instance's records (`certify::compare`, `certify::log_linear`, built only
//! while `certify::recording()`).
//!
//! A claim is *certified* only when every instance its outcome rests on has a record for every
//! method that decided it, and the records that carry a truth value agree with the outcome.
//! Otherwise the `claim` record says `"certified": false` and why (`missing`: a short reason the
//! checker's `--summary` counts by); nothing is claimed that no record shows.

use super::verdict::Report;
use super::{Check, Method, Outcome, Records};
use crate::certify::Record;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;

/// Record kinds that decide a comparison: those whose `holds` field states its truth (the
/// checker recomputes it), `sturm`, accepted only when its comparison holds on its domain, and
/// `empty_range`, a `forall` over a range of `t` accepted only when the range is empty.
const DECIDING: &[&str] = &[
    "empty_range",
    "compare",
    "log_linear",
    "enclosure",
    "events",
    "graph",
    "graphs",
    "induced",
    "sturm",
    "refinement",
];

/// The truth a deciding record states (`sturm`, `empty_range`: true, the only truth they can
/// be accepted with; `refinement`: `same_hyper` in that variant, else `refines`).
fn truth(r: &Record) -> Option<bool> {
    match (kind(r), r.json()) {
        ("sturm" | "empty_range", _) => Some(true),
        ("refinement", Some(r)) => r.get("same_hyper").unwrap_or(&r["refines"]).as_bool(),
        _ => r.holds(),
    }
}

/// Is `r` a deciding record that states a false truth? (What shows a `where` filter's atom
/// false: `lang::excluded`.)
pub(crate) fn shows_false(r: &Record) -> bool {
    DECIDING.contains(&kind(r)) && truth(r) == Some(false)
}

/// The record kinds that certify a step decided by `m` (one of them is needed) in an instance
/// that `holds` (or fails), or why there is none.
fn kind_of(m: &Method, holds: bool) -> Result<&'static [&'static str], &'static str> {
    match m {
        // An `events` or `induced` record recomputes both exact forms of every instance it shows;
        // a `refinement` record decides `refines` and `same_hyper` exactly (issue 44 item 6);
        // a `forall` over an empty range of t, which decides nothing else, by `empty_range`.
        Method::Exact => Ok(&["compare", "events", "induced", "refinement", "empty_range"]),
        // Two log-linear forms are compared by a `log_linear` record; a form and a rational
        // (never equal unless the form is rational) by certified enclosures, an `enclosure`
        // record (issue 44 item 6: CY-14, CY-16, XDOC-2).
        Method::LogLinear => Ok(&["log_linear", "enclosure"]),
        Method::Interval { .. } => Ok(&["enclosure"]),
        Method::LpCertificate => Ok(&["lp"]),
        Method::Polynomial if holds => Ok(&["sturm"]),
        // A comparison in t that fails is shown at a rational t by both sides' exact values.
        Method::Polynomial => Ok(&["sturm", "compare"]),
        // An exhaustive search produces values (a maximum over events, a count); the step that
        // decides is their comparison, shown by `compare` records (the search itself, like any
        // computation of a compared side, is in the trusted base: docs/soundness.md), or an
        // `events` record, whose checker enumerates the events itself, or a `graph` record
        // (a graph's structure, which the checker recounts from its edges), a `graphs` record (a
        // list or census of graphs with the properties the claim relates), or an `induced` record
        // (a query's answer relation and channels, recomputed from their definitions).
        Method::Enumeration => Ok(&["compare", "events", "graph", "graphs", "induced"]),
        Method::Combined(_) => Err("combined"),
    }
}

/// An exact comparison of a finite value with `+∞` is shown by a `log_linear` record with that
/// side `"+inf"` (a `compare` record holds rationals only); issue 44 item 6 (XDOC-11).
fn infinite(m: &Method, r: &Record) -> bool {
    matches!(m, Method::Exact)
        && kind(r) == "log_linear"
        && r.json()
            .is_some_and(|r| r["lhs"] == "+inf" || r["rhs"] == "+inf")
}

fn methods(m: &Method) -> Vec<&Method> {
    match m {
        Method::Combined(ms) => ms.iter().flat_map(methods).collect(),
        m => vec![m],
    }
}

fn kind(r: &Record) -> &str {
    r.kind()
}

/// Why instance `c` is not certified (a short reason key and a sentence), or `None` when its
/// records show its outcome.
fn gap(c: &Check) -> Option<(String, String)> {
    let need = match c.outcome {
        Outcome::Holds => true,
        Outcome::Fails => false,
        // Outside the statement's hypotheses, shown by a record the checker recomputes; or
        // vacuous, its top-level range of t shown empty (`lang::vacuous`).
        Outcome::OutOfRange
            if c.records
                .iter()
                .any(|r| matches!(kind(r), "out_of_range" | "empty_range")) =>
        {
            return None
        }
        o => return Some((format!("outcome:{o}"), format!("an instance is {o}"))),
    };
    for m in methods(&c.method) {
        match kind_of(m, need) {
            Err(why) => {
                return Some((
                    format!("method:{why}"),
                    format!("method {m} has no record kind"),
                ))
            }
            Ok(ks)
                if !c
                    .records
                    .iter()
                    .any(|r| ks.contains(&kind(r)) || infinite(m, r)) =>
            {
                let k = ks.join(" or ");
                return Some((format!("method:{m}"), format!("method {m}: no {k} record")));
            }
            Ok(_) => {}
        }
    }
    // A step that rests on another (a channel's DP level, an LP optimum) names its kinds in
    // `rests_on` (certify::rests_on); each must be among the instance's records (issue 44).
    let unmet = c.records.iter().find_map(|r| {
        r.json()?["rests_on"].as_array()?.iter().find_map(|k| {
            let k = k.as_str().unwrap_or("");
            (!c.records.iter().any(|o| kind(o) == k)).then(|| k.to_string())
        })
    });
    if let Some(k) = unmet {
        return Some((
            format!("rests-on:{k}"),
            format!("a step rests on a {k} record the instance lacks"),
        ));
    }
    let truths: Vec<bool> = c
        .records
        .iter()
        .filter(|r| DECIDING.contains(&kind(r)))
        .filter_map(|r| truth(r))
        .collect();
    // A counterexample is shown by a false record with its sides (a compare record's sides
    // are exact rationals; a form's are shown as text only; an instance whose sides are not
    // two rationals, a tally of sub-checks, is shown by any false sub-comparison).
    let sides = |r: &Record| kind(r) != "compare" || !exact_sides(c) || same_sides(r, c);
    let shown = if need {
        !truths.is_empty() && truths.iter().all(|t| *t)
    } else {
        c.records
            .iter()
            .any(|r| DECIDING.contains(&kind(r)) && truth(r) == Some(false) && sides(r))
    };
    (!shown).then(|| {
        (
            "records:disagree".into(),
            format!("its records do not show that it {}", c.outcome),
        )
    })
}

/// Are the instance's sides two exact rationals (not a tally or text)?
fn exact_sides(c: &Check) -> bool {
    [&c.lhs.exact, &c.rhs.exact]
        .iter()
        .all(|s| crate::num::parse_rational(s).is_ok())
}

fn same_sides(r: &Record, c: &Check) -> bool {
    r.sides() == Some((c.lhs.exact.as_str(), c.rhs.exact.as_str()))
}

/// The counterexample's sides in the `claim` record: the instance's own when they are two
/// rationals, else those of its first false `compare` record (the sub-comparison that fails).
fn counterexample_sides(c: &Check) -> (Value, Value) {
    let false_cmp = c
        .records
        .iter()
        .find(|r| kind(r) == "compare" && r.holds() == Some(false));
    match false_cmp {
        Some(r) if !exact_sides(c) => (r["lhs"].clone(), r["rhs"].clone()),
        _ => (json!(c.lhs.exact), json!(c.rhs.exact)),
    }
}

/// The `claim` record of a report: its outcome, its instances (labels, count, hash), whether
/// it is certified and, when not, why (`missing`, `why`); a failure's counterexample sides.
fn claim_record(r: &Report) -> Value {
    let labels: Vec<&str> = r.checks.iter().map(|c| c.instance.as_str()).collect();
    // Which instances the outcome rests on: all of them for holds, the counterexample for fails.
    let resting: Vec<(usize, &Check)> = match r.verdict {
        Outcome::Holds | Outcome::HoldsForAll => r.checks.iter().enumerate().collect(),
        Outcome::Fails => r.checks.iter().enumerate().take(1).collect(),
        _ => Vec::new(),
    };
    let mut gaps: Vec<(usize, String, String)> = resting
        .iter()
        .filter_map(|(i, c)| gap(c).map(|(k, w)| (*i, k, w)))
        .collect();
    if resting.is_empty() {
        let v = r.verdict;
        gaps.push((0, format!("outcome:{v}"), format!("the verdict is {v}")));
    } else if r.verdict == Outcome::HoldsForAll
        && !matches!(&r.for_all, Some(fa) if fa.uncertified.is_empty() && !fa.records.is_empty())
    {
        gaps.push((
            0,
            "for-all".into(),
            "the holds-for-all certificate has no record".into(),
        ));
    }
    let mut claim = json!({
        "kind": "claim",
        "id": r.id,
        "claim": r.id,
        "outcome": r.verdict.as_str(),
        "certified": gaps.is_empty(),
        "instances": {"count": labels.len(), "sha256": super::shard::labels_hash(labels.iter().copied()), "labels": labels},
    });
    if let Some((i, key, why)) = gaps.first() {
        claim["missing"] = json!(key);
        claim["why"] = json!(format!(
            "{} of {} instances without a certifying record; first {:?}: {why}",
            gaps.len(),
            resting.len().max(1),
            labels.get(*i).copied().unwrap_or("")
        ));
    }
    if r.verdict == Outcome::Fails {
        let (lhs, rhs) = counterexample_sides(&r.checks[0]);
        claim["counterexample"] = json!({"instance": 0, "lhs": lhs, "rhs": rhs});
    }
    claim
}

/// One record of a claim's certificate as it is written: the `claim` record, or a record an
/// instance (or the for-all certificate) built, with the fields that place it in the claim
/// (`claim`, `id`, and `instance` or `for_all`; [`Placed`]).
#[derive(Clone, Debug)]
pub enum CertRecord {
    /// A record written as it is (the `claim` record, a `sturm` record).
    Own(Value),
    /// A record written with the fields that place it.
    Placed(Placed),
}

/// A record and where it stands in claim `claim`: written as the record with `claim`, an `id`
/// (that of its first instance `is[0]` and place `k` there, or `for-all#k`) and its `instance`
/// (the index, or the list of every instance it shows when it is the same record in several:
/// [`Runs`]) or `for_all`. The fields are written beside the record's own, in key order, when
/// it is serialised, rather than inserted into it (issue 44 item 2: inserting them into
/// thousands of records, and freeing them, was a tenth of the certificates' cost); a field of
/// the record's own with one of these names is replaced, as an insertion would.
#[derive(Clone, Debug)]
pub struct Placed {
    rec: Arc<Record>,
    claim: Arc<str>,
    at: Place,
}

#[derive(Clone, Debug)]
enum Place {
    Instances { is: Vec<usize>, k: usize },
    ForAll { k: usize },
}

/// A placing field's value.
enum Field<'a> {
    Str(&'a str),
    Id(&'a str, &'a Place),
    Instances(&'a [usize]),
    True,
}

impl serde::Serialize for Field<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Field::Str(x) => s.serialize_str(x),
            // `{claim}/{is[0]}#{k}` and `{claim}/for-all#{k}`, without the formatting machinery
            // (issue 44 item 2: a certificate writes thousands of them)
            Field::Id(claim, at) => {
                let mut id = String::with_capacity(claim.len() + 24);
                id.push_str(claim);
                id.push('/');
                let k = match at {
                    Place::Instances { is, k } => {
                        crate::num::fmt::push_u64(&mut id, is[0] as u64);
                        k
                    }
                    Place::ForAll { k } => {
                        id.push_str("for-all");
                        k
                    }
                };
                id.push('#');
                crate::num::fmt::push_u64(&mut id, *k as u64);
                s.serialize_str(&id)
            }
            Field::Instances([i]) => s.serialize_u64(*i as u64),
            Field::Instances(is) => s.collect_seq(is.iter()),
            Field::True => s.serialize_bool(true),
        }
    }
}

impl Placed {
    /// The placing fields, in key order.
    fn fields(&self) -> [(&'static str, Field<'_>); 3] {
        let claim = ("claim", Field::Str(&self.claim));
        let id = ("id", Field::Id(&self.claim, &self.at));
        match &self.at {
            Place::Instances { is, .. } => [claim, id, ("instance", Field::Instances(is))],
            Place::ForAll { .. } => [claim, ("for_all", Field::True), id],
        }
    }
}

impl CertRecord {
    /// The record as one JSON value, the placing fields inserted (what is written: the tests'
    /// view). A record no other instance points to any more is moved, not copied.
    pub fn into_value(self) -> Value {
        let p = match self {
            CertRecord::Own(v) => return v,
            CertRecord::Placed(p) => p,
        };
        let mut fields = Vec::new();
        for (key, f) in p.fields() {
            fields.push((key, serde_json::to_value(f).expect("a field is JSON")));
        }
        let mut rec = Arc::unwrap_or_clone(p.rec).into_value();
        for (key, v) in fields {
            rec[key] = v;
        }
        rec
    }
}

impl serde::Serialize for CertRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let p = match self {
            CertRecord::Own(v) => return v.serialize(s),
            CertRecord::Placed(p) => p,
        };
        let Some(own) = p.rec.entries() else {
            return self.clone().into_value().serialize(s);
        };
        // two sorted lists merged: the record's own fields and the placing ones
        let mut map = s.serialize_map(None)?;
        let mut own = own.peekable();
        for (key, f) in p.fields() {
            while let Some((k, v)) = own.next_if(|(k, _)| *k <= key) {
                if k != key {
                    map.serialize_entry(k, &v)?;
                }
            }
            map.serialize_entry(key, &f)?;
        }
        for (k, v) in own {
            map.serialize_entry(k, &v)?;
        }
        map.end()
    }
}

/// A record of instances `is` at place `k` of claim `claim`.
fn in_instances(rec: Arc<Record>, claim: &Arc<str>, is: Vec<usize>, k: usize) -> CertRecord {
    CertRecord::Placed(Placed {
        rec,
        claim: claim.clone(),
        at: Place::Instances { is, k },
    })
}

/// The `k`-th record of the claim's symbolic certificate, with its `claim` and `for_all`.
fn in_for_all(rec: Value, claim: &Arc<str>, k: usize) -> CertRecord {
    CertRecord::Placed(Placed {
        rec: Arc::new(rec.into()),
        claim: claim.clone(),
        at: Place::ForAll { k },
    })
}

/// The instances' records (the `i`-th list is instance `i`'s) as the certificate holds them
/// ([`in_instances`]), a record equal to the one at the same place `k` of the instance before
/// written once for the run of consecutive instances that have it (issue 44 item 2: ACC-2's
/// `where dp(W) <= 2`, refuted by W's infinite level, is one record for W's 8 `(k, s)`
/// instances, not 8; it was 7 times the run without certificates). A record is written when
/// its run ends, so the instances stream through with one instance's records held.
struct Runs {
    claim: Arc<str>,
    instances: std::iter::Enumerate<std::vec::IntoIter<Records>>,
    /// At each place `k`: the record of the run not yet ended there, and its instances.
    open: Vec<Option<(Arc<Record>, Vec<usize>)>>,
    ended: std::collections::VecDeque<CertRecord>,
}

impl Runs {
    /// The runs of `checks` (instance `i`'s records the `i`-th list) of claim `claim`.
    fn new(claim: Arc<str>, checks: Vec<Records>) -> Self {
        Runs {
            claim,
            instances: checks.into_iter().enumerate(),
            open: Vec::new(),
            ended: Default::default(),
        }
    }
}

impl Iterator for Runs {
    type Item = CertRecord;
    fn next(&mut self) -> Option<CertRecord> {
        loop {
            if let Some(rec) = self.ended.pop_front() {
                return Some(rec);
            }
            let Some((i, recs)) = self.instances.next() else {
                // every run ends with the last instance
                let open = std::mem::take(&mut self.open).into_iter().enumerate();
                for (k, (rec, is)) in open.filter_map(|(k, o)| Some((k, o?))) {
                    self.ended.push_back(in_instances(rec, &self.claim, is, k));
                }
                return self.ended.pop_front();
            };
            let n = recs.len();
            for (k, rec) in recs.into_iter().enumerate() {
                if k == self.open.len() {
                    self.open.push(None);
                }
                match &mut self.open[k] {
                    Some((same, is)) if *same == rec => is.push(i),
                    slot => {
                        if let Some((done, is)) = slot.replace((rec, vec![i])) {
                            self.ended.push_back(in_instances(done, &self.claim, is, k));
                        }
                    }
                }
            }
            // a place this instance does not fill ends its run
            for k in n..self.open.len() {
                if let Some((done, is)) = self.open[k].take() {
                    self.ended.push_back(in_instances(done, &self.claim, is, k));
                }
            }
        }
    }
}

/// Every record of one claim's certificate: the `claim` record first, then, when it is
/// certified, each instance's records ([`Runs`]) and the for-all records
/// (`claim`, `for_all` and an `id` added), moved out of the report. A claim not certified gets
/// its `claim` record only (saying why): its instances' records would certify nothing, and
/// writing them cost a third of the bytes and of the checker's time over every claim (issue 44
/// item 2). Whether it is certified comes first.
fn take_records(r: &mut Report) -> (bool, impl Iterator<Item = CertRecord>) {
    let claim = claim_record(r);
    let certified = claim["certified"] == json!(true);
    let mut checks: Vec<Records> = r
        .checks
        .iter_mut()
        .map(|c| std::mem::take(&mut c.records))
        .collect();
    // the symbolic certificate's records (`claim::forall::record`), none when a part has none
    let mut for_all = match r.for_all.as_mut() {
        Some(fa) if fa.uncertified.is_empty() => std::mem::take(&mut fa.records),
        _ => Vec::new(),
    };
    if !certified {
        checks.clear();
        for_all.clear();
    }
    let id: Arc<str> = r.id.as_str().into();
    let instances = Runs::new(id.clone(), checks);
    let for_all = for_all
        .into_iter()
        .enumerate()
        .map(move |(k, rec)| in_for_all(rec, &id, k));
    let records = std::iter::once(CertRecord::Own(claim))
        .chain(instances)
        .chain(for_all);
    (certified, records)
}

/// [`take_claim_records`] of a copy of `r` (the tests' view; the commands take the records).
#[cfg(test)]
pub(crate) fn claim_records(r: &Report) -> Vec<Value> {
    let recs = take_claim_records(&mut r.clone());
    recs.into_iter().map(CertRecord::into_value).collect()
}

/// Every record of one claim's certificate (`take_records`: the claim record, the instances'
/// records in runs, the for-all records), taken out of `r`, as they are written.
pub fn take_claim_records(r: &mut Report) -> Vec<CertRecord> {
    take_records(r).1.collect()
}

/// Write `DIR/<ID>.cert.json` for one report (the document of [`take_claim_records`], compact:
/// a claim's certificate may hold many thousand records) and whether the claim is certified.
/// The records are moved out of the report and streamed to the file one at a time, so that
/// `verify` writes each claim's certificate as it finishes and keeps no record afterwards
/// (issue 44 item 2: the cost of `--certificates`). An error names the file.
pub fn write_claim(dir: &Path, r: &mut Report) -> Result<bool, String> {
    let path = dir.join(format!("{}.cert.json", r.id));
    let (certified, records) = take_records(r);
    crate::certify::write_compact(&path, records)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(certified)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::Rational;
    use std::time::Duration;

    fn q(a: i64, b: i64) -> Rational {
        Rational::from_signeds(a, b)
    }

    fn report(checks: Vec<Check>) -> Report {
        Report::from_checks("X-1", None, checks, Duration::ZERO)
    }

    /// A grid of exact comparisons that hold is certified; the records name their instance.
    #[test]
    fn exact_comparisons_certify_a_claim_that_holds() {
        crate::certify::start_recording();
        let r = report(vec![
            Check::rationals("a", &q(1, 2), "<=", &q(2, 3)).at("n=1"),
            Check::rationals("a", &q(2, 3), "==", &q(4, 6)).at("n=2"),
        ]);
        let recs = claim_records(&r);
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        assert_eq!(recs[0]["instances"]["count"], 2);
        assert_eq!(recs.len(), 3);
        assert_eq!(recs[2]["relation"], "=");
        assert_eq!(
            (recs[2]["instance"].clone(), recs[2]["lhs"].clone()),
            (json!(1), json!("2/3"))
        );
    }

    /// `write_claim` streams the text of `document(claim_records(r))` and takes the records
    /// out of the report; a claim not certified gets its `claim` record alone (issue 44 item
    /// 2: those records certified nothing and were a third of the bytes).
    #[test]
    fn a_written_certificate_is_the_document_and_uncertified_claims_hold_their_claim_record() {
        crate::certify::start_recording();
        let dir = std::env::temp_dir().join(format!("dpcert-write-claim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let holds = || {
            report(vec![
                Check::rationals("a", &q(1, 2), "<=", &q(2, 3)).at("n=1"),
                Check::rationals("a", &q(2, 3), "==", &q(4, 6)).at("n=2"),
            ])
        };
        let mut r = holds();
        let want = crate::certify::document(claim_records(&r)).to_string() + "\n";
        assert!(write_claim(&dir, &mut r).unwrap());
        let text = std::fs::read_to_string(dir.join("X-1.cert.json")).unwrap();
        assert_eq!(text, want);
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["records"].as_array().unwrap().len(), 3);
        assert!(r.checks.iter().all(|c| c.records.is_empty()));
        let mut r = holds();
        r.checks[1].records.clear(); // n=2 has no record: not certified
        assert!(!write_claim(&dir, &mut r).unwrap());
        let doc: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("X-1.cert.json")).unwrap())
                .unwrap();
        let recs = doc["records"].as_array().unwrap();
        assert_eq!(recs.len(), 1, "{doc}");
        assert_eq!(recs[0]["missing"], "method:exact", "{doc}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest::proptest! {
        /// Naive reference: a placed record is written as the text of its value with the
        /// placing fields inserted ([`CertRecord::into_value`]), compact and pretty, whatever
        /// fields of its own it has (one with a placing field's name is replaced).
        #[test]
        fn a_placed_record_is_written_as_its_value(
            own in proptest::collection::btree_map(
                proptest::sample::select(vec!["a", "claim", "for_all", "holds", "id", "instance", "kind", "z"]),
                0u8..3,
                0..6,
            ),
            is in proptest::collection::vec(0usize..1000, 1..4),
            k in 0usize..3,
            for_all in proptest::bool::ANY,
        ) {
            let rec: serde_json::Map<String, Value> =
                own.iter().map(|(key, x)| (key.to_string(), json!([x]))).collect();
            let at = if for_all { Place::ForAll { k } } else { Place::Instances { is, k } };
            let r = CertRecord::Placed(Placed { rec: Arc::new(Value::Object(rec).into()), claim: "C-1".into(), at });
            let v = r.clone().into_value();
            proptest::prop_assert_eq!(serde_json::to_string(&r).unwrap(), v.to_string());
            proptest::prop_assert_eq!(
                serde_json::to_string_pretty(&r).unwrap(),
                serde_json::to_string_pretty(&v).unwrap()
            );
        }
    }

    proptest::proptest! {
        /// A placed typed record is written as the text of its JSON value placed the same way
        /// (the reference: the JSON record's text with the placing fields inserted).
        #[test]
        fn a_placed_typed_record_is_written_as_its_placed_value(
            t in crate::certify::record::strategies::typed(),
            is in proptest::collection::vec(0usize..1000, 1..4),
            k in 0usize..3,
            for_all in proptest::bool::ANY,
        ) {
            let at = if for_all { Place::ForAll { k } } else { Place::Instances { is, k } };
            let placed = |rec: Record| CertRecord::Placed(Placed { rec: Arc::new(rec), claim: "C-1".into(), at: at.clone() });
            let typed = placed(t.clone().into());
            let reference = placed(t.to_value().into()).into_value();
            proptest::prop_assert_eq!(serde_json::to_string(&typed).unwrap(), reference.to_string());
            proptest::prop_assert_eq!(
                serde_json::to_string_pretty(&typed).unwrap(),
                serde_json::to_string_pretty(&reference).unwrap()
            );
            proptest::prop_assert_eq!(typed.into_value(), reference);
        }
    }

    /// A placed record's `id`, by hand: its claim, its first instance (or `for-all`) and its
    /// place.
    #[test]
    fn placing_ids_name_the_claim_the_instance_and_the_place() {
        let id = |at| {
            let rec = Arc::new(json!({"kind": "a"}).into());
            let r = CertRecord::Placed(Placed {
                rec,
                claim: "C-1".into(),
                at,
            });
            (
                serde_json::to_value(&r).unwrap()["id"].clone(),
                r.into_value()["id"].clone(),
            )
        };
        let table = [
            (
                Place::Instances {
                    is: vec![12, 13],
                    k: 3,
                },
                "C-1/12#3",
            ),
            (Place::Instances { is: vec![0], k: 0 }, "C-1/0#0"),
            (Place::ForAll { k: 10 }, "C-1/for-all#10"),
        ];
        for (at, want) in table {
            assert_eq!(id(at), (json!(want), json!(want)));
        }
    }

    /// The instances' records through [`Runs`]: (`id`, `instance`) of each written record.
    fn runs(checks: Vec<Vec<Value>>) -> Vec<Value> {
        let checks = checks.into_iter().map(Records::from).collect();
        let written: Vec<CertRecord> = Runs::new("R".into(), checks).collect();
        written.into_iter().map(CertRecord::into_value).collect()
    }

    fn ids_and_instances(recs: &[Value]) -> Vec<(String, Value)> {
        recs.iter()
            .map(|r| (r["id"].as_str().unwrap().to_string(), r["instance"].clone()))
            .collect()
    }

    /// Issue 44 item 2, by hand: a record equal to the one at its place in the instance
    /// before is written once for the run, with the list of its instances; a run ends at a
    /// different record, at an instance without that place, and at the last instance.
    #[test]
    fn a_record_repeated_by_consecutive_instances_is_written_once() {
        let (a, b, c) = (
            json!({"kind": "a"}),
            json!({"kind": "b"}),
            json!({"kind": "c"}),
        );
        // (each instance's records, the (id, instance) of each record written)
        type Case<'a> = (Vec<Vec<Value>>, Vec<(&'a str, Value)>);
        let table: Vec<Case> = vec![
            (
                vec![
                    vec![a.clone()],
                    vec![a.clone()],
                    vec![b.clone()],
                    vec![a.clone()],
                ],
                vec![
                    ("R/0#0", json!([0, 1])),
                    ("R/2#0", json!(2)),
                    ("R/3#0", json!(3)),
                ],
            ),
            (
                vec![
                    vec![a.clone(), b.clone()],
                    vec![a.clone(), c.clone()],
                    vec![a.clone()],
                ],
                vec![
                    ("R/0#1", json!(0)),
                    ("R/1#1", json!(1)),
                    ("R/0#0", json!([0, 1, 2])),
                ],
            ),
            (
                vec![
                    vec![],
                    vec![b.clone()],
                    vec![b.clone()],
                    vec![],
                    vec![b.clone()],
                ],
                vec![("R/1#0", json!([1, 2])), ("R/4#0", json!(4))],
            ),
            (vec![vec![], vec![]], vec![]),
        ];
        for (checks, want) in table {
            let want: Vec<(String, Value)> =
                want.into_iter().map(|(i, v)| (i.to_string(), v)).collect();
            let got = runs(checks.clone());
            assert_eq!(ids_and_instances(&got), want, "{checks:?}");
            assert!(got.iter().all(|r| r["claim"] == "R"));
        }
    }

    proptest::proptest! {
        /// Naive reference: every written record, put back into each instance it lists (a run
        /// of consecutive ones) at the place its `id` names, gives back every instance's
        /// records; one record is written per maximal run of equal records at a place.
        #[test]
        fn runs_give_back_every_instances_records(
            checks in proptest::collection::vec(proptest::collection::vec(0u8..3, 0..4), 0..12)
        ) {
            let checks: Vec<Vec<Value>> = checks
                .iter()
                .map(|recs| recs.iter().map(|x| json!({"kind": "k", "x": x})).collect())
                .collect();
            let written = runs(checks.clone());
            let mut back: Vec<Vec<(usize, Value)>> = vec![Vec::new(); checks.len()];
            for r in &written {
                let k: usize = r["id"].as_str().unwrap().split('#').nth(1).unwrap().parse().unwrap();
                let is: Vec<usize> = match &r["instance"] {
                    Value::Array(v) => v.iter().map(|i| i.as_u64().unwrap() as usize).collect(),
                    i => vec![i.as_u64().unwrap() as usize],
                };
                proptest::prop_assert!(is.windows(2).all(|w| w[1] == w[0] + 1), "{}", r);
                proptest::prop_assert!(is.len() != 1 || r["instance"].is_u64());
                let bare = json!({"kind": r["kind"], "x": r["x"]});
                for i in is {
                    back[i].push((k, bare.clone()));
                }
            }
            for (i, recs) in back.iter_mut().enumerate() {
                recs.sort_by_key(|(k, _)| *k);
                let recs: Vec<Value> = recs.iter().map(|(_, r)| r.clone()).collect();
                proptest::prop_assert_eq!(&recs, &checks[i], "instance {}", i);
            }
            // a run is as long as the records allow: one record per maximal run of equal
            // records at a place
            let mut maximal = 0;
            for (i, recs) in checks.iter().enumerate() {
                for (k, r) in recs.iter().enumerate() {
                    maximal += usize::from(i == 0 || checks[i - 1].get(k) != Some(r));
                }
            }
            proptest::prop_assert_eq!(written.len(), maximal);
        }
    }

    /// An exact comparison with `+∞` is certified by a `log_linear` record with that side
    /// `"+inf"`, and by no finite `log_linear` record (issue 44 item 6: XDOC-11).
    #[test]
    fn an_infinite_side_certifies_an_exact_comparison() {
        use crate::num::LogLinear;
        crate::certify::start_recording();
        let form = LogLinear::ln(&q(7, 6));
        for (rhs, certified) in [(None, true), (Some(&form), false)] {
            let mut c = Check::new(
                "a",
                crate::claim::Value::text("x", ""),
                crate::claim::Value::text("y", ""),
                Method::Exact,
                Outcome::Holds,
            );
            let rec = crate::certify::log_linear_ext(Some(&form), "<=", rhs, true);
            c.records = rec.into_iter().collect();
            let recs = claim_records(&report(vec![c.at("n=1")]));
            assert_eq!(recs[0]["certified"], certified, "{}", recs[0]);
        }
    }

    /// A failing claim carries its counterexample's exact sides, and its record is false.
    #[test]
    fn a_counterexample_is_certified_by_its_false_record() {
        crate::certify::start_recording();
        let r = report(vec![
            Check::rationals("a", &q(1, 2), "<=", &q(2, 3)).at("n=1"),
            Check::rationals("a", &q(3, 2), "<=", &q(2, 3)).at("n=2"),
        ]);
        let recs = claim_records(&r);
        assert_eq!(recs[0]["outcome"], "fails");
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        assert_eq!(recs[0]["counterexample"]["lhs"], "3/2");
        assert_eq!(recs[1]["holds"], false);
    }

    /// A count of sub-checks (sides that are not two rationals) fails by its false
    /// sub-comparison, whose sides the claim record then shows; a step whose record names a
    /// `rests_on` kind the instance lacks is not certified (issue 44).
    #[test]
    fn tallies_and_supporting_records() {
        crate::certify::start_recording();
        let mut t = crate::claim::scan::Agree::new();
        t.push_compare(&q(1, 2), "<=", &q(2, 3), String::new);
        t.push_compare(&q(1, 1), "<", &q(1, 1), String::new);
        let recs = claim_records(&report(vec![t.finish("a", Method::Exact).at("n=1")]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        assert_eq!(recs[0]["counterexample"]["lhs"], "1", "{}", recs[0]);
        let mut c = Check::rationals("a", &q(1, 2), "<=", &q(2, 3));
        let rec = crate::certify::rests_on((*c.records[0]).clone(), &["dp_level"]);
        c.records[0] = Arc::new(rec.into());
        let recs = claim_records(&report(vec![c.clone().at("n=1")]));
        assert_eq!(recs[0]["missing"], "rests-on:dp_level", "{}", recs[0]);
        c.records.push(json!({"kind": "dp_level"}));
        let recs = claim_records(&report(vec![c.at("n=1")]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
    }

    /// A `sturm` record decides its instance: accepted only when its comparison holds.
    #[test]
    fn a_sturm_record_decides() {
        crate::certify::start_recording();
        let mut c = Check::new(
            "identity in t",
            super::super::Value::text("0", "0"),
            super::super::Value::text("0", "0"),
            Method::Polynomial,
            Outcome::Holds,
        );
        let recs = claim_records(&report(vec![c.clone().at("t")]));
        assert_eq!(recs[0]["missing"], "method:polynomial", "{}", recs[0]);
        c.records = vec![json!({"kind": "sturm", "rel": "=", "sign": "zero"})].into();
        let recs = claim_records(&report(vec![c.at("t")]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
    }

    /// An enumeration is certified by the `compare` records of the values it produced, and
    /// only by them (issue 44 item 6).
    #[test]
    fn enumeration_by_its_compare_records() {
        crate::certify::start_recording();
        let mut en = Check::rationals("max over events", &q(1, 2), "=", &q(1, 2));
        en.method = Method::Combined(vec![Method::Enumeration, Method::Exact]);
        let recs = claim_records(&report(vec![en.clone().at("n=1")]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        en.records.clear();
        let recs = claim_records(&report(vec![en.at("n=1")]));
        assert_eq!(recs[0]["missing"], "method:enumeration", "{}", recs[0]);
    }

    /// Issue 44 item 6: one `events` record shows an enumeration-and-exact cell (both parts of
    /// its method); its truth must be the cell's outcome.
    #[test]
    fn an_events_record_shows_an_enumeration_cell() {
        crate::certify::start_recording();
        let rows = vec![vec![q(1, 2), q(1, 2)], vec![q(1, 4), q(3, 4)]];
        let rec = crate::measure::events::record(&rows, None, &[q(3, 2)], &[q(0, 1)]).unwrap();
        let mut c = Check::new(
            "forall events <=> pointwise",
            super::super::Value::text("4 instances", ""),
            super::super::Value::text("4 satisfy both forms", ""),
            Method::Combined(vec![Method::Enumeration, Method::Exact]),
            Outcome::Holds,
        );
        c.records = vec![rec.clone()].into();
        let recs = claim_records(&report(vec![c.clone().at("cell")]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        assert_eq!(
            (recs[1]["kind"].as_str(), recs[1]["pairs"].as_str()),
            (Some("events"), Some("all"))
        );
        Arc::make_mut(&mut c.records[0])["holds"] = json!(false);
        let recs = claim_records(&report(vec![c.at("cell")]));
        assert_eq!(recs[0]["missing"], "records:disagree", "{}", recs[0]);
    }

    /// Issue 44 item 6: a log-linear form compared with a rational is certified by its
    /// `enclosure` record (as by a `log_linear` one); an exact step still needs `compare`.
    #[test]
    fn a_log_linear_step_by_its_enclosure_record() {
        crate::certify::start_recording();
        let ln2 = crate::num::LogLinear::ln(&q(2, 1));
        let mut st = crate::claim::scan::Decider::new();
        assert!(st.log_vs_rat(&ln2, "<", &q(7, 10)));
        let mut c = Check::rationals("a", &q(1, 2), "<=", &q(2, 3));
        c.records = st.records().unwrap();
        assert_eq!(c.records[0]["kind"], "enclosure");
        c.method = Method::LogLinear;
        let recs = claim_records(&report(vec![c.clone().at("n=1")]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        c.method = Method::Exact;
        let recs = claim_records(&report(vec![c.at("n=1")]));
        assert_eq!(recs[0]["missing"], "method:exact", "{}", recs[0]);
    }

    /// Not certified: an LP step without an `lp` record, an enumeration, an undecided verdict,
    /// a record whose truth disagrees with the outcome.
    #[test]
    fn an_instance_out_of_range_is_certified_only_with_its_record() {
        crate::certify::start_recording();
        let holds = Check::rationals("a", &q(1, 2), "<=", &q(2, 3)).at("n=1");
        let bare = crate::claim::out_of_range("alpha > alpha~").at("n=2");
        let mut shown = bare.clone();
        shown
            .records
            .push(json!({"kind": "out_of_range", "hypothesis": "wyz_gibbs_range"}));
        let recs = claim_records(&report(vec![holds.clone(), bare]));
        assert_eq!(recs[0]["missing"], "outcome:out-of-range", "{}", recs[0]);
        let recs = claim_records(&report(vec![holds, shown]));
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        assert_eq!(recs[2]["kind"], "out_of_range");
    }

    #[test]
    fn gaps_are_named() {
        crate::certify::start_recording();
        let mut lp = Check::rationals("a", &q(1, 2), "<=", &q(2, 3));
        lp.method = Method::Combined(vec![Method::LpCertificate, Method::Exact]);
        // An enumeration whose outcome no compare record shows (a boolean search).
        let en = Check::new(
            "a",
            super::super::Value::text("-", ""),
            super::super::Value::text("-", ""),
            Method::Enumeration,
            Outcome::Holds,
        );
        let mut flipped = Check::rationals("a", &q(1, 2), "<=", &q(2, 3));
        flipped.outcome = Outcome::Fails;
        let undecided = crate::claim::undecided_because("too weak");
        for (c, key) in [
            (lp, "method:lp-certificate"),
            (en, "method:enumeration"),
            (flipped, "records:disagree"),
            (undecided, "outcome:undecided"),
        ] {
            let recs = claim_records(&report(vec![c.at("n=1")]));
            assert_eq!(recs[0]["certified"], false);
            assert_eq!(recs[0]["missing"], key, "{}", recs[0]);
        }
    }
}
