//! An expression claim as a [`ClaimChecker`]: a manifest entry with `expr` and no Rust checker
//! is registered like any other claim, so `verify`, `show`, the snapshots and the generated
//! tables treat it the same way. Its grid is the expression's own domains; each instance is one
//! report row ([`super::run::run_checks`]). Its search family (`dpcert search`) is the
//! expression with its domains grown ([`super::grow`]).

use super::{grow, parse, run, Claim, Options};
use crate::claim::certificates::CertRecord;
use crate::claim::manifest::{self, Manifest};
use crate::claim::{error_check, Check, ClaimChecker};
use std::collections::BTreeSet;

/// A claim stated in the claim language.
pub struct ExprChecker {
    pub id: String,
    pub source: String,
    claim: Result<Claim, String>,
}

impl ExprChecker {
    pub fn new(id: &str, source: &str) -> ExprChecker {
        ExprChecker {
            id: id.to_string(),
            source: source.to_string(),
            claim: parse(source).map_err(|e| e.render(source)),
        }
    }
}

impl ClaimChecker for ExprChecker {
    fn id(&self) -> &str {
        &self.id
    }
    fn check_grid(&self) -> Vec<Check> {
        let claim = match &self.claim {
            Ok(c) => c,
            Err(e) => return vec![error_check(format!("the expression does not parse: {e}"))],
        };
        match run::run_checks(claim, &Options::default()) {
            Ok((_, checks)) => checks,
            Err(e) => vec![error_check(e.render(&self.source))],
        }
    }
    fn grid_len(&self) -> usize {
        self.check_grid().len()
    }
    /// The instances `keep` accepts ([`run::run_selected`]); a claim that does not parse or
    /// cannot start is one `error` row, instance 0, as in [`Self::check_grid`]. A `forall`
    /// claim stops at its first counterexample (the rows end there), so a failing shard may
    /// hold fewer rows than its share.
    fn grid_select(&self, keep: &(dyn Fn(usize) -> bool + Sync)) -> (usize, Vec<(usize, Check)>) {
        let one_error = |why: String| {
            (
                1,
                keep(0).then(|| (0, error_check(why))).into_iter().collect(),
            )
        };
        let claim = match &self.claim {
            Ok(c) => c,
            Err(e) => return one_error(format!("the expression does not parse: {e}")),
        };
        let mut rows = Vec::new();
        let keep_u64 = |i: u64| usize::try_from(i).is_ok_and(keep);
        match run::run_selected(claim, &Options::default(), &keep_u64, &mut |i, c| {
            rows.push((i as usize, c))
        }) {
            Ok(v) => (usize::try_from(v.total).unwrap_or(usize::MAX), rows),
            Err(e) => one_error(e.render(&self.source)),
        }
    }
    fn search_size(&self, size: usize) -> Option<Vec<Check>> {
        self.search_select(size, &|_| true)
            .map(|v| v.into_iter().map(|(_, c)| c).collect())
    }
    fn has_search_family(&self) -> bool {
        self.claim.as_ref().is_ok_and(grow::has_family)
    }
    /// The claim's domains grown to search size `size` (sizes and denominators, see
    /// [`grow`]), the first counterexample shrunk.
    fn search_select(
        &self,
        size: usize,
        keep: &(dyn Fn(usize) -> bool + Sync),
    ) -> Option<Vec<(usize, Check)>> {
        grow::search_select(self.claim.as_ref().ok()?, size, keep)
    }
    /// The evaluator stops at the first failing instance ([`run`]), so a shard sees only its
    /// own first one: a search chooses by index ([`crate::claim::search::merge`] then agrees
    /// with an unsplit search) and `dpcert merge` counts an error only before the first
    /// failure ([`crate::claim::shard::merge`]).
    fn stops_at_first_failure(&self) -> bool {
        true
    }
}

/// The `exists` at the top of a claim (under its `let`s), if any: its verdict rests on a
/// witness, which neither a shard nor a grid certificate shows.
fn exists_at_top(claim: &super::Claim) -> bool {
    let mut top = &claim.expr;
    while let super::ast::ExprKind::Let { body, .. } = &top.kind {
        top = body;
    }
    matches!(
        &top.kind,
        super::ast::ExprKind::Quant {
            q: super::ast::Quant::Exists,
            ..
        }
    )
}

/// The certificate of claim `src` named `id`, from a run made here while recording (what
/// `check --certificate` writes; [`records_of`]).
#[cfg(test)]
pub fn certificate(id: &str, src: &str) -> Result<Vec<serde_json::Value>, String> {
    certificate_under(id, src, &Options::default())
}

/// [`certificate`] under the limits `opts`.
#[cfg(test)]
fn certificate_under(
    id: &str,
    src: &str,
    opts: &Options,
) -> Result<Vec<serde_json::Value>, String> {
    let claim = parse(src).map_err(|e| e.render(src))?;
    crate::certify::start_recording();
    let (v, checks) =
        run::run_keeping(&claim, opts, &|_, _| {}, true).map_err(|e| e.render(src))?;
    let recs = records_of(id, &claim, &v, checks)?;
    Ok(recs.into_iter().map(CertRecord::into_value).collect())
}

const EXISTS: &str =
    "an `exists` claim's verdict rests on its witness; no certificate format shows one yet";

/// The certificate of `claim` named `id` (issue 44 item 2; `check 'EXPR' --certificate`,
/// `check --file F --certificates DIR`) from the run that decided it, made while recording
/// (its verdict `v` and instance rows `checks`; [`super::CheckReport::take_certificate`]): for
/// a `forall t RANGE` claim that holds, its `sturm` records ([`super::sturm_records`]);
/// otherwise the `claim` record of [`crate::claim::certificates::take_claim_records`] (outcome,
/// instance labels and hash, counterexample) followed by each instance's `compare`,
/// `log_linear` and `sturm` records. Refused (with the reason) for an `exists` claim and a
/// verdict other than holds or fails.
pub(super) fn records_of(
    id: &str,
    claim: &Claim,
    v: &super::Verdict,
    checks: Vec<Check>,
) -> Result<Vec<CertRecord>, String> {
    if exists_at_top(claim) {
        return Err(EXISTS.into());
    }
    match v.outcome {
        crate::claim::Outcome::Holds => {
            if let Ok(records) = super::sturm_records(&claim.source) {
                return Ok(records.into_iter().map(CertRecord::Own).collect());
            }
        }
        crate::claim::Outcome::Fails => {}
        o => return Err(format!("the claim's verdict is {o}")),
    }
    let mut report =
        crate::claim::verdict::Report::from_checks(id, None, checks, std::time::Duration::ZERO);
    Ok(crate::claim::certificates::take_claim_records(&mut report))
}

/// One shard of `dpcert check --shard K/N` (issue 44 item 5): the instances i (in enumeration
/// order) with i % N == K − 1 of the claim `src` ([`crate::claim::shard::run`]), its report
/// and its certificate records (the `shard` record first; `expect` added for the merge). An
/// `exists` claim is refused (its witness may lie in any shard, so a shard decides nothing);
/// a claim that does not parse is refused with the rendered error.
pub fn shard(
    id: &str,
    src: &str,
    expect: Option<&str>,
    kn: (usize, usize),
) -> Result<(crate::claim::verdict::Report, Vec<serde_json::Value>), String> {
    let claim = parse(src).map_err(|e| e.render(src))?;
    if exists_at_top(&claim) {
        return Err(
            "--shard splits a `forall` claim: an `exists` claim's witness may lie in any shard"
                .into(),
        );
    }
    let checker = ExprChecker::new(id, src);
    let statement = crate::claim::shard::check_statement(src, expect);
    let c = crate::claim::shard::Claim {
        command: "check",
        id,
        statement: &statement,
        expr: Some(src),
    };
    let (report, mut recs) = crate::claim::shard::run(&checker, &c, None, kn);
    if let Some(e) = expect {
        recs[0]["expect"] = serde_json::json!(e);
    }
    Ok((report, recs))
}

/// `dpcert merge` ([`crate::claim::commands::merge`]) with `check` shards re-checked by their
/// expression's checker.
pub fn merge(
    checkers: &[Box<dyn ClaimChecker>],
    files: &[(String, String)],
) -> Result<crate::claim::commands::MergeReport, crate::claim::commands::ClaimsError> {
    crate::claim::commands::merge(checkers, files, &|id, e| Box::new(ExprChecker::new(id, e)))
}

/// Checkers for the manifest claims that have an `expr` and whose ID no Rust checker uses.
/// Unreadable manifests give none (the caller reports the manifest error itself).
pub fn expression_only(rust_ids: &BTreeSet<String>) -> Vec<Box<dyn ClaimChecker>> {
    let ms: Vec<Manifest> = manifest::load_default().unwrap_or_default();
    ms.iter()
        .flat_map(|m| &m.claims)
        .filter(|c| !rust_ids.contains(&c.id))
        .filter_map(|c| c.expr.as_deref().map(|e| ExprChecker::new(&c.id, e)))
        .map(|c| Box::new(c) as Box<dyn ClaimChecker>)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::ExprChecker;
    use crate::claim::search::{merge, search, Options};
    use crate::claim::ClaimChecker;
    use serde_json::json;

    /// `dpcert merge` gives the unsharded verdict (the naive reference: the report of the
    /// whole grid, as `verify` makes it) for both kinds of claim, over N = 1..4 shards. Instance
    /// i of 0..8 fails at 0 and 5 and breaks (an `error`) at 3: written in Rust, every instance
    /// runs and the error decides (`error`); in the claim language the run stops at index 0
    /// and never sees the error (`fails`). Either way the first counterexample is index 0.
    #[test]
    fn merged_shards_give_the_unsharded_verdict_of_either_kind_of_claim() {
        use crate::claim::shard::{self, Checker, Claim, Resolved};
        use crate::claim::verdict::Report;
        use crate::claim::{error_check, Check, Family, Outcome};
        use crate::num::Rational;
        let rust = Family {
            id: "X-order",
            grid: || (0..8u32).collect(),
            beyond: None,
            check: |&i: &u32| match i {
                3 => error_check("broken"),
                _ => {
                    let bad = Rational::from(u32::from(i == 0 || i == 5));
                    Check::rationals("[i in {0, 5}] <= 0", &bad, "<=", &Rational::from(0u32))
                }
            },
        }
        .boxed();
        let expr = ExprChecker::new("X-order", "forall i in 0..7: i*(i - 5) + 0/(i - 3) != 0");
        let claim = Claim {
            command: "verify",
            id: "X-order",
            statement: "s",
            expr: None,
        };
        for (checker, want) in [
            (rust.as_ref(), Outcome::Error),
            (&expr as &dyn ClaimChecker, Outcome::Fails),
        ] {
            let whole =
                Report::from_checks("X-order", None, checker.check_grid(), Default::default());
            assert_eq!(whole.verdict, want);
            for n in 1..=4 {
                let records: Vec<(String, serde_json::Value)> = (1..=n)
                    .map(|k| {
                        (
                            format!("s{k}"),
                            shard::run(checker, &claim, None, (k, n)).1.swap_remove(0),
                        )
                    })
                    .collect();
                let resolve = |_: &str, _: &serde_json::Value| {
                    Ok(Resolved {
                        checker: Checker::Borrowed(checker),
                        claim_hash: shard::claim_hash("verify", "X-order", "s"),
                        expect: None,
                    })
                };
                let merged = shard::merge(&records, &resolve).unwrap();
                assert_eq!(merged[0].outcome, want, "{want} over {n}");
                assert_eq!(merged[0].counterexamples[0].1["index"], 0, "{n}");
            }
        }
    }

    /// Issue 28's leftover: an expression claim's search stops at its first failing instance,
    /// so each shard reports its own first one. Here the claim fails at `x=100 p=(1,0)` (index
    /// 3 at search size 1, the unsplit answer, in shard 1/3) and at `x=5 p=(0,1)` (index 4,
    /// shard 2/3, a shorter text that a text-first merge would pick); merged by index, the
    /// three shards give the unsplit search's counterexample, index and all.
    #[test]
    fn three_shards_merge_to_the_unsplit_first_counterexample() {
        let c = ExprChecker::new(
            "T-1",
            "forall x in {100, 5}, p in dists(2, denom 2): not (x = 100 and p[0] = 1) and not (x = 5 and p[0] = 0)",
        );
        assert!(c.search_first_by_index());
        let opts = |shard| Options {
            max_size: 2,
            budget: None,
            shard,
        };
        let whole = search(&c, &opts(None), &|_, _| {}).unwrap();
        let w = whole.counterexample.clone().unwrap();
        assert_eq!((w.size, w.index), (1, 3));
        assert!(w.check.instance.contains("x=100"), "{}", w.check.instance);
        let docs: Vec<(String, serde_json::Value)> = (1..=3)
            .map(|k| {
                let f = search(&c, &opts(Some((k, 3))), &|_, _| {}).unwrap();
                (format!("s{k}"), f.to_json("T-1", Some((k, 3))))
            })
            .collect();
        // the shard that holds index 4 reports a shorter instance than the unsplit answer
        let short = &docs[1].1;
        assert_eq!(short["index"], json!(4));
        assert!(
            short["counterexample"]["instance"].as_str().unwrap().len() < w.check.instance.len()
        );
        let m = merge(&docs).unwrap();
        let (from, v) = m.found.clone().unwrap();
        assert_eq!(from, "s1");
        assert_eq!(v["index"], json!(3));
        assert_eq!(v["first_by"], json!("index"));
        assert_eq!(v["counterexample"]["instance"], json!(w.check.instance));
        assert_eq!(m.to_json()["index"], json!(3));
        // shards chosen two different ways are refused
        let mut mixed = docs.clone();
        mixed[2].1["first_by"] = json!("instance");
        assert!(merge(&mixed).unwrap_err().starts_with("s3: first_by"));
    }

    /// The kinds of a certificate's records, and each `sturm` record's domain as `lo..hi`
    /// (`lo..` without an upper end).
    fn shape(recs: &[serde_json::Value]) -> (Vec<String>, Vec<String>) {
        let kinds = recs.iter().map(|r| r["kind"].as_str().unwrap().to_string());
        let domains = recs.iter().filter(|r| r["kind"] == "sturm").map(|r| {
            let d = &r["domain"];
            format!(
                "{}..{}",
                d["lo"].as_str().unwrap(),
                d["hi"].as_str().unwrap_or("")
            )
        });
        (kinds.collect(), domains.collect())
    }

    /// Issue 44 item 2: a certificate is built from the run that decided the claim, a
    /// comparison in t from the values that run gave its leaves, and is what the claim got
    /// before (a literal table of the records `dpcert check 'EXPR' --certificate` wrote on main
    /// at 821e126, when the claim ran twice and every leaf was computed again): a whole claim
    /// of numbers and t is its `sturm` records; a claim with a builtin, its `claim` record and
    /// one `sturm` record per piece of its sides (a piece cut where a piecewise leaf breaks:
    /// `max(t, 1)` at 1; `abs(t - 1)` at 1 and `max(t, 1/2)` at 1/2); the finite builtin
    /// `mult_leakage` on either side; a counterexample, its `compare` record.
    #[test]
    fn certificates_of_claims_in_t_keep_their_records() {
        let table: &[(&str, &[&str], &[&str])] = &[
            (
                "forall t >= 1: t^2 >= 1 and 1/t <= 1",
                &["sturm", "sturm"],
                &["1..", "1.."],
            ),
            (
                "forall k in 1..2, t >= 0: max(t, 1)/k >= 1/k",
                &["claim", "sturm", "sturm", "sturm", "sturm"],
                &["0..1", "1..", "0..1", "1.."],
            ),
            (
                "forall t >= 1: tv(dist(t/(1+t), 1/(1+t)), dist(1/(1+t), t/(1+t))) = (t - 1)/(t + 1)",
                &["claim", "sturm"],
                &["1.."],
            ),
            (
                "forall t >= 1: mult_leakage(uniform(2), rr(2, t)) <= 2",
                &["claim", "sturm"],
                &["1.."],
            ),
            (
                "forall t >= 1: 1 <= mult_leakage(uniform(2), rr(2, t)) + 0",
                &["claim", "sturm"],
                &["1.."],
            ),
            ("forall t > 1: t <= 2", &["claim", "compare"], &[]),
            (
                "forall t >= 1: sum(k in 1..3: k*t) = 6*t",
                &["claim", "sturm"],
                &["1.."],
            ),
            (
                "forall t in [0, 2]: abs(t - 1) + max(t, 1/2) >= 1/2",
                &["claim", "sturm", "sturm", "sturm"],
                &["0..1/2", "1/2..1", "1..2"],
            ),
        ];
        for (src, kinds, domains) in table {
            let recs = super::certificate("T", src).unwrap();
            assert_eq!(shape(&recs), (strings(kinds), strings(domains)), "{src}");
            if recs[0]["kind"] == "claim" {
                assert_eq!(recs[0]["certified"], true, "{src}: {}", recs[0]);
            }
        }
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    /// Issue 44 item 2: a leaf of a comparison in t is computed once, by the run, not again for
    /// its `sturm` record: a `sum`, and a finite builtin facing a number (`mult_leakage`, whose
    /// value the evaluator computes outside `eval`) with a `sum` in its argument. The
    /// 100 steps of the `sum` count against the instance budget of 150 once (about 101 with the
    /// instance); computed again for the record, they passed it and the record was lost (the
    /// verdict stayed).
    #[test]
    fn a_leaf_in_t_is_computed_once_for_its_record() {
        let opts = crate::lang::Options {
            max_instances: 150,
            ..crate::lang::Options::default()
        };
        for src in [
            "forall t >= 1: sum(k in 1..100: t) = 100*t",
            "forall t >= 1: mult_leakage(uniform(2), rr(2, t + sum(k in 1..100: 0*t))) <= 2",
        ] {
            let recs = super::certificate_under("L", src, &opts).unwrap();
            assert_eq!(recs[0]["outcome"], "holds", "{src}: {}", recs[0]);
            let (kinds, _) = shape(&recs);
            assert_eq!(kinds, ["claim", "sturm"], "{src}");
        }
    }

    /// Issue 44 item 6: a comparison in t inside an instance gets one record per piece of its
    /// piecewise sides (`max(t, 1)` has a break at t = 1), the claim's own divisions as tree
    /// nodes and a leaf's value as num/den; a counterexample at a rational t, both sides'
    /// exact values; the 0/0 claim stays without a certificate.
    #[test]
    fn comparisons_in_t_inside_instances_are_recorded_piece_by_piece() {
        let recs = super::certificate(
            "P",
            "forall k in 1..2, t >= 0: max(t, 1)/k >= 1/k and max(t, 1) <= t + 1",
        )
        .unwrap();
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
        let sturm: Vec<&serde_json::Value> = recs.iter().filter(|r| r["kind"] == "sturm").collect();
        // 2 instances × 2 comparisons × 2 pieces; `max(t, 1) <= t + 1`'s 2 are the same in both
        // instances, so each is written once, for both (issue 44 item 2)
        let shown = |r: &serde_json::Value| r["instance"].as_array().map_or(1, Vec::len);
        assert_eq!(sturm.iter().map(|r| shown(r)).sum::<usize>(), 8);
        assert_eq!(sturm.len(), 6);
        let first = sturm[0];
        assert_eq!(first["domain"]["lo"], "0");
        assert_eq!(first["domain"]["hi"], "1");
        assert_eq!(first["lhs"], json!(["/", "1", "1"]), "{first}");
        assert_eq!(sturm[1]["domain"]["lo"], "1");
        assert_eq!(sturm[1]["domain"]["hi"], serde_json::Value::Null);
        assert_eq!(sturm[1]["lhs"], json!(["/", ["*", "1", ["t"]], "1"]));
        let fails = super::certificate("F", "forall t > 1: t <= 2").unwrap();
        assert_eq!(fails[0]["certified"], true, "{}", fails[0]);
        let cx = &fails[0]["counterexample"];
        let cmp = fails.iter().find(|r| r["kind"] == "compare").unwrap();
        assert_eq!((&cmp["lhs"], &cmp["rhs"]), (&cx["lhs"], &cx["rhs"]));
        assert_eq!(cmp["holds"], false);
        let zero = super::certificate(
            "Z",
            "forall k in 1..2, t in [2, 3]: (t - 2)/(t^2 - 4) = 1/(t + 2)",
        );
        assert!(zero.map_or(true, |r| r[0]["certified"] != true));
    }
}
