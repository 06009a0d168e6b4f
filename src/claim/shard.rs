//! Shards that prove coverage (issue 44 item 5, the cube-and-conquer pattern): `verify --shard
//! K/N` and `check --shard K/N` run the instances of index `i` (in grid order) with
//! `i % N == K − 1` and write a *shard record* (docs/certificates.md, "The `shard` record"):
//! the claim hash, the dpcert version, K/N, the instance range, the count, the labels and their
//! SHA-256 (the stream hash), the outcome counts, every counterexample with its exact sides and
//! the indices of the instances in error. [`merge`] accepts a set of shard records only when
//! they cover the claim exactly once (no missing, duplicated or mismatched shard) and every
//! counterexample re-checks in-process, and merges them to the unsharded run's verdict: for a
//! claim that [stops at its first failure](ClaimChecker::stops_at_first_failure), an error
//! counts only before the first failing instance in grid order (docs/sharding.md, "The merged
//! verdict").

use super::verdict::Report;
use super::{Check, ClaimChecker, Outcome};
use crate::certify::sha256_hex;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The version a shard record names; [`merge`] refuses a shard of another.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The hash that names a claim across shards: SHA-256 of the dpcert version, the command
/// (`verify` or `check`), the claim ID and its statement (the manifest's statement, grid and
/// expression, or the checked expression), one per line.
pub fn claim_hash(command: &str, id: &str, statement: &str) -> String {
    sha256_hex(format!("dpcert {VERSION}\n{command}\n{id}\n{statement}").as_bytes())
}

/// What the claim hash of a `check` claim covers: its expression and its `expect` (a claim of
/// `check --file`), so a merge cannot be handed another expectation.
pub fn check_statement(expr: &str, expect: Option<&str>) -> String {
    match expect {
        Some(e) => format!("{expr}\nexpect: {e}"),
        None => expr.to_string(),
    }
}

/// The stream hash of instance labels: SHA-256 of each label followed by a newline, in index
/// order (for a claim that holds, the `claim` record's `instances.sha256` of an unsharded run).
/// The labels stream into the hasher: no text of them all is built (issue 44 item 2).
pub fn labels_hash<'a>(labels: impl IntoIterator<Item = &'a str>) -> String {
    let mut h = crate::certify::Sha256::new();
    for l in labels {
        h.update(l.as_bytes());
        h.update(b"\n");
    }
    h.hex()
}

/// How many of `0..total` shard `k` of `n` holds (`i % n == k − 1`).
pub fn share(total: usize, k: usize, n: usize) -> usize {
    if k == 0 || k > total {
        0
    } else {
        (total - k) / n + 1
    }
}

/// What identifies a claim in a shard record.
#[derive(Clone, Debug)]
pub struct Claim<'a> {
    /// `verify` or `check`.
    pub command: &'a str,
    /// The claim ID (`expr` for `check 'EXPR'`).
    pub id: &'a str,
    /// What [`claim_hash`] hashes besides the ID.
    pub statement: &'a str,
    /// The expression of a `check` claim (the merge re-checks with it).
    pub expr: Option<&'a str>,
}

/// Run shard `k` of `n` of `checker`'s grid: its report (the shard's instances only, the grid
/// verdict before any *holds for all* lift) and its certificate records, the `shard` record
/// first, then each instance's records (written only while [`crate::certify::recording`]).
pub fn run(
    checker: &dyn ClaimChecker,
    claim: &Claim,
    meta: Option<&super::manifest::ManifestClaim>,
    (k, n): (usize, usize),
) -> (Report, Vec<Value>) {
    let t0 = std::time::Instant::now();
    let (total, rows) = checker.grid_select(&|i| i % n == k - 1);
    let labels: Vec<&str> = rows.iter().map(|(_, c)| c.instance.as_str()).collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, c) in &rows {
        *counts.entry(c.outcome.as_str()).or_default() += 1;
    }
    let counterexamples: Vec<Value> = rows
        .iter()
        .filter(|(_, c)| c.outcome == Outcome::Fails)
        .map(|(i, c)| counterexample(*i, c))
        .collect();
    let errors: Vec<usize> = rows
        .iter()
        .filter(|(_, c)| c.outcome == Outcome::Error)
        .map(|(i, _)| *i)
        .collect();
    let mut rec = json!({
        "kind": "shard",
        "id": format!("{}/shard-{k}-of-{n}", claim.id),
        "claim": claim.id,
        "command": claim.command,
        "claim_hash": claim_hash(claim.command, claim.id, claim.statement),
        "dpcert_version": VERSION,
        "shard": format!("{k}/{n}"),
        "k": k,
        "n": n,
        "range": {"total": total, "offset": k - 1, "stride": n},
        "count": rows.len(),
        "complete": rows.len() == share(total, k, n),
        "indices": rows.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
        "labels": labels,
        "sha256": labels_hash(labels.iter().copied()),
        "counts": counts,
        "outcome": Outcome::aggregate(rows.iter().map(|(_, c)| &c.outcome)).as_str(),
        "counterexamples": counterexamples,
        "error_indices": errors,
    });
    if let Some(e) = claim.expr {
        rec["expr"] = json!(e);
    }
    let mut out = vec![rec];
    for (i, c) in &rows {
        for (j, r) in c.records.iter().enumerate() {
            let mut r = r.value().clone();
            r["id"] = json!(format!("{}/{i}#{j}", claim.id));
            r["claim"] = json!(claim.id);
            r["instance"] = json!(i);
            out.push(r);
        }
    }
    let checks = rows.into_iter().map(|(_, c)| c).collect();
    let report = Report::from_checks(checker.id(), meta, checks, t0.elapsed());
    (report, out)
}

/// A counterexample as a shard record lists it: its grid index, label, comparison and exact
/// sides.
fn counterexample(i: usize, c: &Check) -> Value {
    json!({"index": i, "instance": c.instance, "compared": c.compared,
           "lhs": c.lhs.exact, "rhs": c.rhs.exact})
}

/// The claim a merge re-checks against: its checker (`verify`: the registry's; `check`: the
/// expression's), its hash as this dpcert computes it, and the manifest's `expect`.
pub struct Resolved<'a> {
    /// The claim's checker.
    pub checker: Checker<'a>,
    /// [`claim_hash`] as this dpcert computes it.
    pub claim_hash: String,
    /// The verdict the merge compares with.
    pub expect: Option<Outcome>,
}

/// A borrowed (registry) or owned (expression) checker.
pub enum Checker<'a> {
    /// A registry claim's.
    Borrowed(&'a dyn ClaimChecker),
    /// An expression's, built for the merge.
    Owned(Box<dyn ClaimChecker>),
}

impl Checker<'_> {
    fn get(&self) -> &dyn ClaimChecker {
        match self {
            Checker::Borrowed(c) => *c,
            Checker::Owned(c) => c.as_ref(),
        }
    }
}

/// One claim merged from its shards.
#[derive(Clone, Debug)]
pub struct MergedClaim {
    /// The claim ID.
    pub id: String,
    /// `verify` or `check`.
    pub command: String,
    /// N.
    pub shards: usize,
    /// Instances in the claim's grid.
    pub total: usize,
    /// Instances run over all shards.
    pub count: usize,
    /// Instances per outcome, summed over the shards.
    pub counts: BTreeMap<String, usize>,
    /// The merged verdict (lifted to `holds-for-all` when the grid holds and the claim's
    /// certificate checks, as `verify` does).
    pub outcome: Outcome,
    /// The verdict expected (the manifest's; `holds` for `check 'EXPR'`).
    pub expect: Option<Outcome>,
    /// The stream hash of every label in grid order; `None` when a shard stopped at its
    /// counterexample (a `check` shard), so not every instance ran.
    pub sha256: Option<String>,
    /// Every counterexample, re-checked: `(file, record)`, in grid order (the first is the
    /// unsharded run's).
    pub counterexamples: Vec<(String, Value)>,
}

fn field<'v>(file: &str, rec: &'v Value, key: &str) -> Result<&'v Value, String> {
    match &rec[key] {
        Value::Null => Err(format!("{file}: shard record without `{key}`")),
        v => Ok(v),
    }
}

fn uint(file: &str, rec: &Value, key: &str) -> Result<usize, String> {
    field(file, rec, key)?
        .as_u64()
        .and_then(|x| usize::try_from(x).ok())
        .ok_or_else(|| format!("{file}: `{key}` is not a count"))
}

/// A list of grid indices (`indices`, `error_indices`), every entry a count.
fn index_list(file: &str, rec: &Value, key: &str) -> Result<Vec<usize>, String> {
    let bad = || format!("{file}: `{key}` is not a list of indices");
    field(file, rec, key)?
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|x| {
            x.as_u64()
                .and_then(|x| usize::try_from(x).ok())
                .ok_or_else(bad)
        })
        .collect()
}

/// Merge shard records `(file, record)`: grouped by claim, each group must name one claim hash
/// (the one this dpcert computes), one version, one N and one total, hold every K of 1..=N
/// exactly once, each shard its share of the range (or fewer when it stopped at a
/// counterexample) with labels that match its stream hash, and every counterexample must
/// re-check: the instance at that index, run again here, fails with the same label and exact
/// sides; each shard's `error_indices` must be sorted, distinct indices of its instances, as
/// many as it counts errors. The merged verdict is the unsharded run's: the outcome counts
/// summed and aggregated, except that for a claim that [stops at its first
/// failure](ClaimChecker::stops_at_first_failure) an error counts only when its index is below
/// the least counterexample index (the unsharded run stops there and never sees a later one;
/// each shard ran every index of its range below its own first failure, so every error below
/// the least one is listed). An error names the file and what is wrong; nothing is merged then.
pub fn merge<'a>(
    records: &[(String, Value)],
    resolve: &dyn Fn(&str, &Value) -> Result<Resolved<'a>, String>,
) -> Result<Vec<MergedClaim>, String> {
    let mut groups: BTreeMap<String, Vec<&(String, Value)>> = BTreeMap::new();
    for fr in records {
        let id = field(&fr.0, &fr.1, "claim")?
            .as_str()
            .ok_or_else(|| format!("{}: `claim` is not a string", fr.0))?;
        groups.entry(id.to_string()).or_default().push(fr);
    }
    if groups.is_empty() {
        return Err("merge needs at least one shard record".into());
    }
    groups
        .into_iter()
        .map(|(id, g)| merge_claim(&id, &g, resolve))
        .collect()
}

fn merge_claim<'a>(
    id: &str,
    group: &[&(String, Value)],
    resolve: &dyn Fn(&str, &Value) -> Result<Resolved<'a>, String>,
) -> Result<MergedClaim, String> {
    let (first_file, first) = group[0];
    let resolved = resolve(first_file, first)?;
    let n = uint(first_file, first, "n")?;
    let total = uint(first_file, &first["range"], "total")?;
    let command = first["command"].as_str().unwrap_or("").to_string();
    let checker = resolved.checker.get();
    let stops = checker.stops_at_first_failure();
    let mut errors: Vec<usize> = Vec::new();
    let mut by_k: BTreeMap<usize, &(String, Value)> = BTreeMap::new();
    let mut complete = true;
    for &fr in group {
        let (file, rec) = fr;
        let k = uint(file, rec, "k")?;
        for (key, want) in [
            ("dpcert_version", json!(VERSION)),
            ("claim_hash", json!(resolved.claim_hash)),
            ("command", json!(command)),
            ("n", json!(n)),
        ] {
            if rec[key] != want {
                return Err(format!(
                    "{file}: shard {k}/{} of {id}: {key} {} differs from {want}",
                    rec["n"], rec[key]
                ));
            }
        }
        if !(1..=n).contains(&k) {
            return Err(format!("{file}: shard {k}/{n} of {id}: need 1 <= K <= N"));
        }
        let range = json!({"total": total, "offset": k - 1, "stride": n});
        if rec["range"] != range {
            return Err(format!(
                "{file}: shard {k}/{n} of {id}: range {} is not {range}",
                rec["range"]
            ));
        }
        if let Some((other, _)) = by_k.insert(k, fr) {
            return Err(format!(
                "{file}: shard {k}/{n} of {id} already given by {other}"
            ));
        }
        // The labels, their indices and their hash agree; the count is the shard's share.
        let labels: Vec<&str> = field(file, rec, "labels")?
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let indices = index_list(file, rec, "indices")?;
        let count = uint(file, rec, "count")?;
        let expected: Vec<usize> = (k - 1..total).step_by(n).collect();
        let fails = rec["counts"]["fails"].as_u64().unwrap_or(0) > 0;
        if labels.len() != count
            || indices.len() != count
            || labels_hash(labels.iter().copied()) != rec["sha256"]
        {
            return Err(format!(
                "{file}: shard {k}/{n} of {id}: its count, indices, labels and sha256 disagree"
            ));
        }
        let prefix = indices.len() <= expected.len() && indices == expected[..indices.len()];
        if !prefix || (count < expected.len() && !(fails && stops)) {
            return Err(format!(
                "{file}: shard {k}/{n} of {id}: ran {count} of the {} instances of its range",
                expected.len()
            ));
        }
        // The instances in error: sorted, distinct, of this shard, as many as it counts.
        let errs = index_list(file, rec, "error_indices")?;
        if errs.windows(2).any(|w| w[0] >= w[1])
            || errs.iter().any(|i| indices.binary_search(i).is_err())
            || Some(errs.len() as u64) != rec["counts"].get("error").map_or(Some(0), Value::as_u64)
        {
            return Err(format!(
                "{file}: shard {k}/{n} of {id}: its error_indices and its error count disagree"
            ));
        }
        errors.extend(errs);
        complete &= count == expected.len();
    }
    let missing: Vec<String> = (1..=n)
        .filter(|k| !by_k.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{id}: missing shard(s) {} of {n}: the merge would cover only part of the claim",
            missing.join(", ")
        ));
    }
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut counterexamples = Vec::new();
    for (file, rec) in by_k.values().copied() {
        if let Some(c) = rec["counts"].as_object() {
            for (o, x) in c {
                *counts.entry(o.clone()).or_default() += x.as_u64().unwrap_or(0) as usize;
            }
        }
        let cx = rec["counterexamples"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if cx.len() as u64 != rec["counts"]["fails"].as_u64().unwrap_or(0) {
            return Err(format!(
                "{file}: {id}: {} counterexamples listed for {} failing instances",
                cx.len(),
                rec["counts"]["fails"]
            ));
        }
        for c in cx {
            recheck(checker, file, id, &c)?;
            counterexamples.push((file.clone(), c));
        }
    }
    counterexamples.sort_by_key(|(_, c)| c["index"].as_u64());
    let first_failure = counterexamples
        .first()
        .and_then(|(_, c)| c["index"].as_u64());
    let error_counts = errors
        .iter()
        .any(|&i| !stops || first_failure.is_none_or(|f| (i as u64) < f));
    let mut seen: Vec<Outcome> = Vec::new();
    for (name, _) in counts.iter().filter(|(_, x)| **x > 0) {
        let o = outcome_named(name).ok_or_else(|| format!("{id}: unknown outcome `{name}`"))?;
        if o != Outcome::Error || error_counts {
            seen.push(o);
        }
    }
    let mut outcome = Outcome::aggregate(&seen);
    if outcome == Outcome::Holds {
        if let Some(cert) = checker.certificate() {
            outcome = match cert.check() {
                Ok(_) => Outcome::HoldsForAll,
                Err(_) => Outcome::Error,
            };
        }
    }
    let sha256 = complete.then(|| {
        let mut all: Vec<(usize, &str)> = Vec::new();
        for (_, rec) in by_k.values().copied() {
            let idx = rec["indices"].as_array().into_iter().flatten();
            let lab = rec["labels"].as_array().into_iter().flatten();
            for (i, l) in idx.zip(lab) {
                all.push((i.as_u64().unwrap_or(0) as usize, l.as_str().unwrap_or("")));
            }
        }
        all.sort();
        labels_hash(all.into_iter().map(|(_, l)| l))
    });
    Ok(MergedClaim {
        id: id.to_string(),
        command,
        shards: n,
        total,
        count: counts.values().sum(),
        counts,
        outcome,
        expect: resolved.expect,
        sha256,
        counterexamples,
    })
}

/// The outcome an instance count names (`holds`, `fails`, …).
pub fn outcome_named(name: &str) -> Option<Outcome> {
    [
        Outcome::Holds,
        Outcome::HoldsForAll,
        Outcome::Fails,
        Outcome::Undecided,
        Outcome::NotCheckable,
        Outcome::OutOfRange,
        Outcome::Error,
    ]
    .into_iter()
    .find(|o| o.as_str() == name)
}

/// Run the instance at a counterexample's index again and confirm it fails with the same label
/// and exact sides.
fn recheck(checker: &dyn ClaimChecker, file: &str, id: &str, c: &Value) -> Result<(), String> {
    let i = c["index"].as_u64().map(|x| x as usize);
    let again = i.and_then(|i| checker.grid_select(&|j| j == i).1.pop());
    let ok = again.as_ref().is_some_and(|(_, a)| {
        a.outcome == Outcome::Fails
            && c["instance"] == a.instance.as_str()
            && c["lhs"] == a.lhs.exact.as_str()
            && c["rhs"] == a.rhs.exact.as_str()
    });
    if ok {
        return Ok(());
    }
    let got = again.map_or("no such instance".to_string(), |(_, a)| {
        format!(
            "{} at {} with lhs {} and rhs {}",
            a.outcome, a.instance, a.lhs.exact, a.rhs.exact
        )
    });
    Err(format!(
        "{file}: {id}: the counterexample at index {} ({}: lhs {}, rhs {}) does not re-check: run again it is {got}",
        c["index"], c["instance"], c["lhs"], c["rhs"]
    ))
}

impl MergedClaim {
    /// Does the merged verdict equal the manifest's `expect` (`None` without one)?
    pub fn matches(&self) -> Option<bool> {
        self.expect.map(|e| e == self.outcome)
    }

    /// The `--json` form.
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "command": self.command,
            "shards": self.shards,
            "instances": self.total,
            "ran": self.count,
            "counts": self.counts,
            "outcome": self.outcome.as_str(),
            "expect": self.expect.map(Outcome::as_str),
            "sha256": self.sha256,
            "counterexamples": self.counterexamples.iter().map(|(f, c)| {
                let mut c = c.clone();
                c["file"] = json!(f);
                c["rechecked"] = json!(true);
                c
            }).collect::<Vec<_>>(),
        })
    }

    /// One line (and one per counterexample).
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{:<28} {:<13} ({} of {} instances over {} shards, every shard present; {} counterexample(s) re-checked){}\n",
            self.id,
            self.outcome.as_str(),
            self.count,
            self.total,
            self.shards,
            self.counterexamples.len(),
            match self.matches() {
                Some(false) => format!("  MISMATCH: expected {}", self.expect.map_or("", Outcome::as_str)),
                _ => String::new(),
            }
        );
        for (f, c) in self.counterexamples.iter().take(3) {
            s.push_str(&format!(
                "  counterexample #{} {} — lhs {} rhs {} (from {f})\n",
                c["index"],
                c["instance"].as_str().unwrap_or(""),
                c["lhs"].as_str().unwrap_or(""),
                c["rhs"].as_str().unwrap_or("")
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `share` against the naive count of `i % n == k − 1` over `0..total`; the shares of
    /// one split add up to the total.
    #[test]
    fn shares_count_the_indices_of_a_split() {
        for total in 0..20 {
            for n in 1..7 {
                let mut sum = 0;
                for k in 1..=n {
                    let naive = (0..total).filter(|i| i % n == k - 1).count();
                    assert_eq!(share(total, k, n), naive, "{total} {k}/{n}");
                    sum += naive;
                }
                assert_eq!(sum, total);
            }
        }
    }

    /// The stream hash is SHA-256 of the newline-terminated labels (the literal vector of
    /// "abc": the labels `a`, `bc` give "a\nbc\n").
    #[test]
    fn stream_hash_of_literal_labels() {
        assert_eq!(labels_hash(["a", "bc"]), sha256_hex(b"a\nbc\n"));
        assert_eq!(
            labels_hash(std::iter::empty()),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_ne!(
            claim_hash("verify", "X", "s"),
            claim_hash("check", "X", "s")
        );
    }
}
