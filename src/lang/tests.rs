//! The claim language end to end: a literal table of claims and their verdicts, errors at the
//! right column, and the evaluator against the library on random channels (proptest).

use super::*;
use crate::claim::Outcome;
use crate::measure;
use crate::prob::{Channel, Dist};
use crate::testutil::q;
use proptest::prelude::*;

fn verdict(src: &str) -> Verdict {
    let c = parse(src).unwrap_or_else(|e| panic!("{}", e.render(src)));
    check(&c, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(src)))
}

/// (claim, outcome, instances in the product).
#[test]
fn literal_table_of_verdicts() {
    let table: &[(&str, Outcome, u64)] = &[
        // exact rationals, decimals read exactly
        ("0.1 + 0.2 = 3/10", Outcome::Holds, 1),
        ("1/3 + 1/3 + 1/3 = 1 and 2^-2 = 0.25", Outcome::Holds, 1),
        ("1e-3 = 1/1000", Outcome::Holds, 1),
        ("1/3 > 0.3333333333333333333333", Outcome::Holds, 1),
        // log-linear: exact zero test and exact sign
        ("log2(8) = 3", Outcome::Holds, 1),
        ("ln(6) = ln(2) + ln(3)", Outcome::Holds, 1),
        ("log2(3) < 1.585 and log2(3) > 1.5849", Outcome::Holds, 1),
        ("h(1/2) = 1", Outcome::Holds, 1),
        ("exp(ln(3) + ln(2)) = 6", Outcome::Holds, 1),
        // enclosures: decided when they separate
        ("e > 2.718281828 and e < 2.718281829", Outcome::Holds, 1),
        ("sqrt(2) < 1.4143 and sqrt(4) = 2", Outcome::Holds, 1),
        ("sqrt(2) * sqrt(2) = 2", Outcome::Undecided, 1),
        // infinity
        ("inf > 10^100 and log2(inf) = inf", Outcome::Holds, 1),
        // domains and quantifiers
        ("forall k in 1..5: k^2 >= k", Outcome::Holds, 5),
        ("forall k in 1..5: k^2 <= 10", Outcome::Fails, 5),
        ("exists k in {2, 3, 5}: k^2 = 9", Outcome::Holds, 3),
        ("exists k in {2, 3, 5}: k^2 = 7", Outcome::Fails, 3),
        (
            "forall k in 1..4 where k != 2: 1/(k-2) != 0",
            Outcome::Holds,
            4,
        ),
        ("forall k in 1..3: 1/(k-2) > 0", Outcome::Fails, 3),
        (
            "sum(i in 1..4: i) = 10 and max(i in {3, 7, 5}: i) = 7",
            Outcome::Holds,
            1,
        ),
        ("let x = 3; forall k in 1..x: k <= x", Outcome::Holds, 3),
        ("forall a in 1..3, b in a..3: a <= b", Outcome::Holds, 3),
        // library measures
        (
            "forall W in channels(2, 2, denom 4): dp(W) >= 1",
            Outcome::Holds,
            25,
        ),
        (
            "dp(rr(3, 5/2)) = 5/2 and dp(geometric(4, 3), path(4)) = 3",
            Outcome::Holds,
            1,
        ),
        (
            "forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))",
            Outcome::Holds,
            25,
        ),
        (
            "forall W in channels(2, 3, denom 3): mi(uniform(2), W) <= min_leakage(uniform(2), W)",
            Outcome::Holds,
            100,
        ),
        (
            "forall W in channels(2, 2, denom 4): mi(uniform(2), W) <= 1/2",
            Outcome::Fails,
            25,
        ),
        (
            "forall p in dists(3, denom 3): entropy(p) <= log2(3)",
            Outcome::Holds,
            10,
        ),
        (
            "forall p in dists(2, denom 4), r in dists(2, denom 4): tv(p, r) <= sqrt(kl(p, r) / 2)",
            Outcome::Holds,
            25,
        ),
        (
            "forall G in connected_graphs(4): is_vt(G) => is_regular(G)",
            Outcome::Holds,
            6,
        ),
        (
            "forall G in connected_graphs(4): is_regular(G)",
            Outcome::Fails,
            6,
        ),
        (
            "is_dr(petersen) and diameter(petersen) = 2 and is_vt_plus(hamming(2, 3))",
            Outcome::Holds,
            1,
        ),
        ("capacity(rr(2, 3)) = 1 - h(1/4)", Outcome::Holds, 1),
        (
            "max_utility(uniform(3), complete(3), 2) = 1/2",
            Outcome::Holds,
            1,
        ),
        // symbolic t (Sturm)
        (
            "forall t > 1: (t - 1)/(t + 1) = 1 - 2/(t + 1)",
            Outcome::Holds,
            1,
        ),
        (
            "forall t >= 1: t/(t + 1) >= 1/2 and t^2 >= 2*t - 1",
            Outcome::Holds,
            1,
        ),
        ("forall t in (1, 3): t < 2", Outcome::Fails, 1),
        (
            "forall k in 2..4, t > 1: t/(t + k - 1) > 1/k",
            Outcome::Holds,
            3,
        ),
    ];
    for (src, want, total) in table {
        let v = verdict(src);
        assert_eq!(v.outcome, *want, "{src}: {}", report::render(&v));
        assert_eq!(v.total, *total, "{src}");
    }
}

#[test]
fn a_counterexample_is_the_first_in_order_with_both_sides_exact() {
    let v = verdict("forall W in channels(2, 2, denom 4): mi(uniform(2), W) <= 1/2");
    let f = v.first.unwrap();
    // the first channel in lexicographic order with I > 1/2 bit: rows (0, 1), (3/4, 1/4)
    // (I = h(3/8) - h(1/4)/2 ≈ 0.549); every earlier one held
    assert_eq!(f.bindings[0].1, "[(0, 1), (3/4, 1/4)]");
    let w = Channel::new(vec![vec![q(0, 1), q(1, 1)], vec![q(3, 4), q(1, 4)]]).unwrap();
    let mi = measure::mutual_information(&Dist::uniform(2), &w);
    assert_eq!(f.lhs.unwrap().exact, format!("({mi})/ln(2)"));
    assert_eq!(f.rhs.unwrap().exact, "1/2");
    assert_eq!(v.holds, f.index);
    let s = verdict("forall t in (1, 3): t < 2").first.unwrap();
    assert_eq!(s.bindings, vec![("t".to_string(), "2".to_string())]);
}

/// (claim, stage, 1-based column, substring of the message).
#[test]
fn errors_point_at_the_column() {
    let table: &[(&str, Stage, usize, &str)] = &[
        (
            "forall W in channels(2,2,denom 4): mii(uniform(2), W) <= 1",
            Stage::Type,
            36,
            "nearest: mi",
        ),
        (
            "forall G in graphs(4): mi(G, G) <= 1",
            Stage::Type,
            27,
            "usage: mi(p, W)",
        ),
        ("1 + 2", Stage::Type, 1, "must be a statement"),
        ("1 < 2 < 3", Stage::Parse, 7, "do not chain"),
        ("forall k in 1..3 k > 0", Stage::Parse, 18, "`:`"),
        (
            "forall W in channels(2, 2): dp(W) > 0",
            Stage::Type,
            13,
            "denom",
        ),
        ("2 $ 3 > 1", Stage::Parse, 3, "unexpected character"),
        ("dp(rr(2, 3) > 1", Stage::Parse, 16, "`)`"),
        (
            "forall x in 1..2: y > 0",
            Stage::Type,
            19,
            "unknown name `y`",
        ),
        ("petersen[0] > 1", Stage::Type, 1, "indexed"),
        // not rational in t, known from the text: refused before running (exit 2)
        (
            "forall t > 1: ln(t) <= t - 1",
            Stage::Type,
            15,
            "not rational in t: `ln`",
        ),
        // (`dp(rr(2, s))` and `max(i in 1..2: i*t)` are piecewise rational in t: issue 46)
        (
            "forall t > 1: let s = t^2; mi(uniform(2), rr(2, s)) <= s",
            Stage::Type,
            28,
            "not rational in t: `mi`",
        ),
        ("forall t > 1: 2^t > 2", Stage::Type, 17, "an exponent"),
        (
            "forall t > 1: min_leakage(uniform(2), rr(2, t)) <= 1",
            Stage::Type,
            15,
            "compare mult_leakage(p, W) with 2^c instead",
        ),
        (
            "forall t > 1: dp_k(rr(2, t), 2) >= t",
            Stage::Type,
            15,
            "not rational in t: `dp_k`",
        ),
    ];
    for (src, stage, col, msg) in table {
        let e = parse(src).expect_err(src);
        assert_eq!(e.stage, *stage, "{src}: {e}");
        assert_eq!(e.column(src).1, *col, "{src}: {}", e.render(src));
        assert!(e.message.contains(msg), "{src}: {}", e.message);
        assert!(e.render(src).contains('^'));
    }
    // refused before running, with the count
    let c = parse("forall W in channels(4, 4, denom 8): dp(W) >= 1").unwrap();
    let e = check(&c, &Options::default()).unwrap_err();
    assert_eq!(e.stage, Stage::Budget);
    assert!(e.message.contains("741200625 instances"), "{}", e.message);
    // what depends on t only through + - * / ^ and sum is not refused
    for ok in [
        "forall t > 1: sum(i in 0..2: t^i) = 1 + t + t^2",
        "forall t > 1, k in 1..2: uniform(2)[k - 1] * t > 0",
        "forall t > 1: let s = t^2; s >= t",
        "forall t > 1: forall k in {1, 2}: k*t > 0",
    ] {
        assert_eq!(verdict(ok).outcome, Outcome::Holds, "{ok}");
    }
    // an instance's own error is reported, the others still run
    let v = verdict("forall k in 1..3: 1/(k-2) != 5");
    assert_eq!((v.outcome, v.errors, v.holds), (Outcome::Error, 1, 2));
}

/// `dp_k` and `delta_k` (k uses composed exactly): values worked by hand, and their errors.
/// Binary RR at t = 3 has rows (3/4, 1/4): k uses have level 3^k; at k = 2 the outcome "both
/// answers equal the input" has ratio 9 (P = 9/16, Q = 1/16), the mixed ones ratio 1, so
/// δ(1) = 9/16 − 1/16 = 1/2, δ(3) = 9/16 − 3/16 = 3/8 and the smallest t with δ ≤ 3/8 is 3.
/// Z = rows (1/2, 1/2), (0, 1): after 3 uses the pair (0, 1) has P-mass 1 − (1/2)^3 = 7/8 at
/// infinite loss, the pair (1, 0) one atom of ratio 8 with δ(1) = 1 − 1/8.
#[test]
fn composition_builtins() {
    let z = "let Z = channel(dist(1/2, 1/2), dist(0, 1));";
    for src in [
        "dp_k(rr(2, 3), 1) = dp(rr(2, 3)) and dp_k(rr(2, 3), 1000) = 3^1000".to_string(),
        "delta_k(rr(2, 3), 2, 1) = 1/2 and delta_k(rr(2, 3), 2, 3) = 3/8".to_string(),
        "dp_k(rr(2, 3), 2, 3/8) = 3 and dp_k(rr(2, 3), 2, 1/2) = 1".to_string(),
        "forall k in 1..6: dp_k(geometric(3, 2), path(3), k) = 2^k".to_string(),
        "delta_k(rr(4, 3), complete(4), 1, 2) = delta(rr(4, 3), 2)".to_string(),
        format!("{z} dp_k(Z, 3) = inf and dp_k(Z, 3, 1/2) = inf and dp_k(Z, 3, 9/10) = 1"),
        format!("{z} delta_k(Z, 3, 100) = 7/8 and delta_k(Z, 3, 1) = 7/8"),
    ] {
        let v = verdict(&src);
        assert_eq!(v.outcome, Outcome::Holds, "{src}: {}", report::render(&v));
    }
    assert_eq!(
        verdict("dp_k(rr(2, 3), 1000) = 3^1000 + 1").outcome,
        Outcome::Fails
    );
    for (src, msg) in [
        ("dp_k(rr(2, 3), 0) = 1", "at least 1"),
        ("dp_k(rr(2, 3), 1/2) = 1", "non-negative integer"),
        ("dp_k(rr(2, 3), 2, 1) = 1", "delta must be in [0, 1)"),
        ("dp_k(rr(2, 3), 2, -1/2) = 1", "delta must be in [0, 1)"),
        ("delta_k(rr(2, 3), 2, 1/2) = 1", "at least 1"),
        ("dp_k(rr(2, 3), 2000000) = 1", "larger than"),
        ("dp_k(rr(3, 3), complete(2), 2) = 1", "sizes differ"),
    ] {
        let v = verdict(src);
        assert_eq!(v.outcome, Outcome::Error, "{src}");
        let (_, e) = v.first_error.expect(src);
        assert!(e.contains(msg), "{src}: {e}");
    }
    let e = parse("dp_k(rr(2, 3)) = 1").expect_err("arity");
    assert!(e.message.contains("usage: dp_k"), "{}", e.message);
}

/// Issue 27 (one t convention): every builtin that takes a privacy parameter reads it as
/// `t = e^ε ≥ 1` and refuses an `e^{−ε}` in (0, 1) with the convention in the message; `t = 1`
/// (ε = 0) is accepted.
#[test]
fn every_t_argument_is_e_to_the_eps_at_least_1() {
    for src in [
        "dp(rr(2, 1/2)) = 2",
        "dp(geometric(3, 1/2)) = 2",
        "delta(rr(2, 3), 1/2) = 0",
        "delta_k(rr(2, 3), 1, 1/2) = 0",
        "max_utility(uniform(2), complete(2), 1/2) = 1",
    ] {
        let v = verdict(src);
        assert_eq!(v.outcome, Outcome::Error, "{src}");
        let (_, e) = v.first_error.expect(src);
        assert!(
            e.contains("t = e^eps must be at least 1, got 1/2"),
            "{src}: {e}"
        );
    }
    assert_eq!(verdict("dp(rr(2, 1)) = 1").outcome, Outcome::Holds);
}

/// A call of a finite-valued builtin facing `inf` (`mult_leakage(p, W) <= dp(W)` at an
/// infinite DP ratio) is checked, not computed: the verdict, the counts, the reported
/// instances, the methods and the errors are those of the same claim with the call written
/// `(0 + call)`, which the evaluator computes (the naive reference).
#[test]
fn a_call_facing_inf_is_checked_not_computed() {
    let calls = [
        "mult_leakage(uniform(K), W)",
        "min_leakage(uniform(K), W)",
        "post_vuln(uniform(K), W)",
        "mi(uniform(K), W)",
    ];
    let shapes = [
        "C <= dp(W)",
        "C < dp(W)",
        "C != dp(W)",
        "C > dp(W)",
        "C = dp(W)",
        "dp(W) >= C",
        "dp(W) > C",
        "dp(W) != C",
        "dp(W) <= C",
    ];
    let strip = |mut v: Verdict| {
        v.millis = 0;
        for r in [&mut v.first, &mut v.first_undecided].into_iter().flatten() {
            r.compared.clear();
        }
        if let Some((r, msg)) = &mut v.first_error {
            r.compared.clear();
            // the message without its rendered source line and caret
            *msg = msg.lines().next().unwrap_or("").to_string();
            *msg = msg.split(": ").skip(1).collect::<Vec<_>>().join(": ");
        }
        v
    };
    let mut errors = 0;
    for k in ["2", "3"] {
        for call in calls {
            for shape in shapes {
                let c = call.replace('K', k);
                let lazy = format!(
                    "forall W in channels(2, 2, denom 3): {}",
                    shape.replace('C', &c)
                );
                let eager = format!(
                    "forall W in channels(2, 2, denom 3): {}",
                    shape.replace('C', &format!("(0 + {c})"))
                );
                let (a, b) = (strip(verdict(&lazy)), strip(verdict(&eager)));
                assert_eq!(a, b, "{lazy}");
                errors += a.errors;
            }
        }
    }
    // uniform(3) against a channel with 2 inputs: every instance is an error, also where
    // dp(W) is infinite and the value is not needed
    assert_eq!(errors, 4 * 9 * 16);
    let v = verdict("forall W in channels(2, 2, denom 1): mult_leakage(uniform(3), W) <= dp(W)");
    let (_, msg) = v.first_error.unwrap();
    assert!(
        msg.contains("column 38") && msg.contains("sizes differ"),
        "{msg}"
    );
}

#[test]
fn jobs_do_not_change_the_verdict() {
    let src =
        "forall W in channels(3, 3, denom 3) where dp(W) <= 2: mi(uniform(3), W) <= log2(dp(W))";
    let c = parse(src).unwrap();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut a = one.install(|| check(&c, &Options::default())).unwrap();
    let mut b = two.install(|| check(&c, &Options::default())).unwrap();
    a.millis = 0;
    b.millis = 0;
    assert_eq!(a, b);
}

fn channel() -> impl Strategy<Value = (Vec<Vec<(u64, u64)>>, u64)> {
    (2usize..=3, 2usize..=3, 2u64..=6).prop_flat_map(|(r, c, d)| {
        let row = proptest::collection::vec(0u64..=d, c - 1);
        (proptest::collection::vec(row, r), Just(d)).prop_map(move |(rows, d)| {
            let rows = rows
                .into_iter()
                .map(|cuts| {
                    let mut cuts = cuts;
                    cuts.sort();
                    let mut prev = 0;
                    let mut out = Vec::new();
                    for x in cuts.into_iter().chain([d]) {
                        out.push((x - prev, d));
                        prev = x;
                    }
                    out
                })
                .collect();
            (rows, d)
        })
    })
}

fn literal(rows: &[Vec<(u64, u64)>]) -> (String, Channel) {
    let text: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|(n, d)| format!("{n}/{d}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let w = Channel::new(
        rows.iter()
            .map(|r| r.iter().map(|(n, d)| q(*n as i64, *d as i64)).collect())
            .collect(),
    )
    .unwrap();
    (text.join(" ; "), w)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// The language's quantities equal the library's on random channels: the claim
    /// `quantity(W) = value` (value printed exactly from the library) holds, and
    /// `quantity(W) = value + 1/1000` fails. The channel is picked out of its domain by
    /// its position, so indexing the domain is checked too.
    #[test]
    fn quantities_agree_with_the_library((rows, d) in channel()) {
        let (_, w) = literal(&rows);
        let (r, c) = (w.n_inputs(), w.n_outputs());
        let dom = value::Domain::channels(r as u64, c as u64, d).unwrap();
        let idx = (0..dom.len()).find(|&i| matches!(dom.get(i), value::Value::Chan(ref x) if **x == w)).unwrap();
        let entries: Vec<String> = (0..r)
            .flat_map(|i| (0..c).map(move |j| (i, j)))
            .map(|(i, j)| format!("W[{i}][{j}] = {}", w.entry(i, j)))
            .collect();
        let pick = format!("forall W in channels({r}, {c}, denom {d}) where {}: ", entries.join(" and "));
        let prior = Dist::uniform(r);
        let dp = measure::dp_level(&w, &measure::complete_pairs(r)).ratio;
        let pv = measure::posterior_vulnerability(&prior, &w);
        for (expr, value) in [
            ("dp(W)", dp.to_string()),
            ("post_vuln(uniform(rows(W)), W)", pv.to_string()),
            ("mult_leakage(uniform(rows(W)), W)", measure::min_entropy_leakage(&prior, &w).to_string()),
            ("delta(W, 2)", measure::delta_at(&w, &measure::complete_pairs(r), &q(2, 1)).delta.to_string()),
        ] {
            let v = verdict(&format!("{pick}{expr} = {value}"));
            prop_assert_eq!(v.outcome, Outcome::Holds, "{} = {} at {}", expr, value, idx);
            prop_assert_eq!(v.holds, 1);
        }
        // mutual information (bits) against the library's exact form, both ways
        let mi = measure::mutual_information(&prior, &w);
        let lo = mi.enclose(128).lo_rational().unwrap() / crate::num::interval::Interval::ln2(128).hi_rational().unwrap();
        let hi = mi.enclose(128).hi_rational().unwrap() / crate::num::interval::Interval::ln2(128).lo_rational().unwrap();
        let v = verdict(&format!("{pick}mi(uniform(rows(W)), W) >= {lo} and mi(uniform(rows(W)), W) <= {hi}"));
        prop_assert_eq!(v.outcome, Outcome::Holds);
        if dp.is_infinite() {
            let v = verdict(&format!("{pick}dp(W) = inf"));
            prop_assert_eq!(v.outcome, Outcome::Holds);
        } else {
            let v = verdict(&format!("{pick}dp(W) = {dp} + 1/1000"));
            prop_assert_eq!(v.outcome, Outcome::Fails);
        }
    }
}

/// Issue 28, part 4: the claims of theorems/*.toml restated as `expr` (beside their Rust
/// checkers) reach the verdict the manifest records, which `tests/claims.rs` holds the Rust
/// checker to: both forms give the same verdict. At least 30, from all six manifests, with graph,
/// logarithmic, symbolic-t, LP and failing claims among them.
#[test]
fn manifest_expressions_reach_the_recorded_verdict() {
    let ms = crate::claim::manifest::builtin().unwrap();
    let mut n = 0;
    let mut papers = std::collections::BTreeSet::new();
    let mut fails = 0;
    let mut wrong = Vec::new();
    for m in &ms {
        for c in &m.claims {
            let Some(src) = c.expr.as_deref() else {
                continue;
            };
            n += 1;
            papers.insert(m.paper.slug.clone());
            let claim = parse(src).unwrap_or_else(|e| panic!("{}: {}", c.id, e.render(src)));
            let v = check(&claim, &Options::default())
                .unwrap_or_else(|e| panic!("{}: {}", c.id, e.render(src)));
            if v.outcome == Outcome::Fails {
                fails += 1;
                assert!(
                    v.first.is_some(),
                    "{}: a failure carries its counterexample",
                    c.id
                );
            }
            // An expression is checked on its domains (the grid); holds-for-all is that grid
            // verdict lifted by a certificate the expression does not carry.
            let grid_expect = if c.expect == Outcome::HoldsForAll {
                Outcome::Holds
            } else {
                c.expect
            };
            if v.outcome != grid_expect {
                wrong.push(format!(
                    "{}: expr {} but expect {}\n{}",
                    c.id,
                    v.outcome,
                    c.expect,
                    report::render(&v)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(n >= 30, "{n} expression claims");
    assert_eq!(
        papers.len(),
        ms.len(),
        "every manifest has expression claims"
    );
    assert!(fails >= 3);
}

/// docs/claim-language.md documents every function of the table (usage and definition).
#[test]
fn every_function_is_documented() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/claim-language.md"
    ))
    .unwrap();
    for b in builtins::BUILTINS {
        assert!(
            doc.contains(&format!("| `{}` | {} |", b.usage, b.doc)),
            "{} is not documented as in the table",
            b.name
        );
    }
}
