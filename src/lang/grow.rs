//! `dpcert search` for an expression claim (issue 28, item 3): its domains grown beyond the
//! ones it states, and a counterexample shrunk toward smaller denominators.
//!
//! **Growing.** The literal arguments of the domain constructors are the knobs: the sizes of
//! `channels(r, c, denom D)` (r, c), `dists(k, denom D)` (k), `graphs(n)` and
//! `connected_graphs(n)` (n), and every `denom D`. At growth `(g, d)` every size knob is
//! increased by `g` and every denominator by `d` (all together, so sizes the claim ties to each
//! other, such as a channel's rows and a prior's points, stay tied). Search size `s` runs the
//! variants `(g, s − g)` for `g = 0, 1, …, s` (denominators first); a claim without size knobs
//! has only `(0, s)`, one without denominators only `(s, 0)`. So a counterexample found at
//! `(g, d)` has the least size growth among the variants whose denominator growth is at most
//! `d` (every `(g', d')` with `g' + d' < g + d` was searched before). A variant with more
//! instances than [`SEARCH_MAX_INSTANCES`], or whose domains cannot be built (`graphs(7)`), is
//! skipped. Integer ranges and sets are not grown: they are often a list of parameters whose
//! meaning a larger range would change (`forall j in 0..32: let x = j/32; …`).
//!
//! **Shrinking.** The first counterexample of the first failing variant (in the variant's
//! enumeration order) is shrunk greedily ([`crate::claim::search::shrink`]): each channel or
//! distribution bound by an instance variable is rounded to every smaller denominator (largest
//! remainder rounding, row by row), and the first rounding that still fails replaces it, until
//! none does. Each value's common denominator strictly decreases, so this ends. The shrunk
//! instance is decided again from scratch ([`super::run::check_values`]); it is reported with
//! the instance it came from and the grown claim, which `dpcert check` reproduces.

use super::ast::{Expr, ExprKind, Span};
use super::run::{check_values, instance_values, run_selected};
use super::value::Value;
use super::{parse, Claim, Options};
use crate::claim::search::shrink;
use crate::claim::{Check, Outcome};
use crate::num::Rational;
use crate::prob::{Channel, Dist};
use malachite::base::num::arithmetic::traits::{Floor, Lcm};
use malachite::Natural;
use std::sync::Arc;

/// The largest variant a search runs (a grown domain's product past it is skipped).
pub const SEARCH_MAX_INSTANCES: u64 = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Knob {
    Size,
    Denom,
}

/// The literal arguments of the claim's domain constructors, with their spans.
fn knobs(e: &Expr, out: &mut Vec<(Span, Knob, u64)>) {
    if let ExprKind::Call {
        name, args, named, ..
    } = &e.kind
    {
        let sizes = match name.as_str() {
            "channels" => 2,
            "dists" | "graphs" | "connected_graphs" => 1,
            _ => 0,
        };
        let lit = |a: &Expr| match &a.kind {
            ExprKind::Num(q) => u64::try_from(q).ok(),
            _ => None,
        };
        for a in args.iter().take(sizes) {
            if let Some(v) = lit(a) {
                out.push((a.span, Knob::Size, v));
            }
        }
        if sizes > 0 {
            for (k, a) in named {
                if let (true, Some(v)) = (k == "denom", lit(a)) {
                    out.push((a.span, Knob::Denom, v));
                }
            }
        }
    }
    e.for_each_child(&mut |c| knobs(c, out));
}

/// Which knobs a claim has: (sizes, denominators).
pub fn growable(claim: &Claim) -> (bool, bool) {
    let mut k = Vec::new();
    knobs(&claim.expr, &mut k);
    (
        k.iter().any(|x| x.1 == Knob::Size),
        k.iter().any(|x| x.1 == Knob::Denom),
    )
}

/// Whether `dpcert search` has a family for this claim: it has a knob and is not an `exists`
/// (whose failing instances are not counterexamples).
pub fn has_family(claim: &Claim) -> bool {
    let (s, d) = growable(claim);
    let mut top = &claim.expr;
    while let ExprKind::Let { body, .. } = &top.kind {
        top = body;
    }
    let exists = matches!(
        &top.kind,
        ExprKind::Quant {
            q: super::ast::Quant::Exists,
            ..
        }
    );
    (s || d) && !exists
}

/// The claim's source with its sizes grown by `g` and its denominators by `d`.
pub fn grown_source(claim: &Claim, g: u64, d: u64) -> String {
    let mut k = Vec::new();
    knobs(&claim.expr, &mut k);
    k.sort_by_key(|x| std::cmp::Reverse(x.0.start));
    let mut s = claim.source.clone();
    for (span, knob, v) in k {
        let add = if knob == Knob::Size { g } else { d };
        s.replace_range(span.start..span.end, &(v + add).to_string());
    }
    s
}

/// The growths `(g, d)` of search size `size`, in the order they are searched.
pub fn variants(claim: &Claim, size: u64) -> Vec<(u64, u64)> {
    match growable(claim) {
        (true, true) => (0..=size).map(|g| (g, size - g)).collect(),
        (true, false) => vec![(size, 0)],
        (false, true) => vec![(0, size)],
        (false, false) => Vec::new(),
    }
}

/// The instances of search size `size` that `keep` accepts (indices run on across the
/// variants), checked; stops after the first variant with a counterexample, whose first
/// counterexample is replaced by its shrunk form. `None` for a claim without a family.
pub fn search_select(
    claim: &Claim,
    size: usize,
    keep: &(dyn Fn(usize) -> bool + Sync),
) -> Option<Vec<(usize, Check)>> {
    if !has_family(claim) {
        return None;
    }
    let opts = Options {
        max_instances: SEARCH_MAX_INSTANCES,
        budget: None,
    };
    let mut out: Vec<(usize, Check)> = Vec::new();
    let mut offset = 0u64;
    for (g, d) in variants(claim, size as u64) {
        let src = grown_source(claim, g, d);
        let Ok(c) = parse(&src) else { continue };
        let mut rows = Vec::new();
        let off = offset;
        let sel = |i: u64| keep((off + i) as usize);
        let Ok(v) = run_selected(&c, &opts, &sel, &mut |i, chk: Check| {
            // a row that holds is only counted: keep it small
            let chk = if chk.outcome == Outcome::Holds {
                Check::new(
                    "",
                    crate::claim::Value::text("", ""),
                    crate::claim::Value::text("", ""),
                    chk.method,
                    Outcome::Holds,
                )
            } else {
                chk
            };
            rows.push(((off + i) as usize, chk));
        }) else {
            continue; // too large, or a domain that cannot be built: skipped
        };
        offset += v.total;
        let first = v.first.as_ref().filter(|_| v.outcome == Outcome::Fails);
        if let Some(first) = first {
            if let Some(shrunk) = shrunk_check(&c, first.index) {
                let at = (off + first.index) as usize;
                if let Some(row) = rows.iter_mut().find(|(i, _)| *i == at) {
                    row.1 = shrunk;
                }
            }
            out.extend(rows);
            return Some(out);
        }
        out.extend(rows);
    }
    Some(out)
}

/// The counterexample at `index` of `claim`, shrunk, as a report row whose note says where it
/// came from. `None` when the instance cannot be rebuilt.
fn shrunk_check(claim: &Claim, index: u64) -> Option<Check> {
    let named = instance_values(claim, index).ok()??;
    let start: Vec<Value> = named.iter().map(|(_, v)| v.clone()).collect();
    let fails = |vals: &Vec<Value>| matches!(check_values(claim, vals), Ok((Outcome::Fails, _)));
    let (vals, steps) = shrink(start, simpler, fails);
    let (_, mut check) = check_values(claim, &vals).ok()?;
    let from: Vec<String> = named.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let origin = if steps == 0 {
        format!("found by `dpcert check '{}'`", claim.source)
    } else {
        format!(
            "shrunk in {steps} step(s) from {} (found by `dpcert check '{}'`)",
            from.join(" "),
            claim.source
        )
    };
    check.note = if check.note.is_empty() {
        origin
    } else {
        format!("{}; {origin}", check.note)
    };
    Some(check)
}

/// The common denominator of some rationals.
fn denominator<'a>(xs: impl IntoIterator<Item = &'a Rational>) -> Natural {
    xs.into_iter()
        .fold(Natural::from(1u32), |a, x| a.lcm(x.to_denominator()))
}

/// `row` (summing to 1) rounded to denominator `d` by largest remainder: each entry's floor
/// of `x·d`, the missing units to the largest remainders (ties to the lower index).
pub fn round_row(row: &[Rational], d: u64) -> Vec<Rational> {
    let dq = Rational::from(d);
    let scaled: Vec<Rational> = row.iter().map(|x| x * &dq).collect();
    let mut units: Vec<Natural> = scaled
        .iter()
        .map(|x| Natural::try_from(x.clone().floor()).unwrap_or_default())
        .collect();
    let have: Natural = units.iter().sum();
    let mut missing = u64::try_from(&(Natural::from(d) - have)).unwrap_or(0);
    let mut order: Vec<usize> = (0..row.len()).collect();
    let rem = |i: usize| &scaled[i] - Rational::from(units[i].clone());
    let rems: Vec<Rational> = order.iter().map(|&i| rem(i)).collect();
    order.sort_by(|&a, &b| rems[b].cmp(&rems[a]).then(a.cmp(&b)));
    for &i in &order {
        if missing == 0 {
            break;
        }
        units[i] += Natural::from(1u32);
        missing -= 1;
    }
    units.into_iter().map(|u| Rational::from(u) / &dq).collect()
}

/// Simpler instances: one channel or distribution rounded to a smaller denominator.
/// (`&Vec`: the signature [`shrink`] asks of an instance type `Vec<Value>`.)
#[allow(clippy::ptr_arg)]
fn simpler(vals: &Vec<Value>) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    for (j, v) in vals.iter().enumerate() {
        let rows: Vec<Vec<Rational>> = match v {
            Value::Chan(w) => w.rows().to_vec(),
            Value::Dist(p) => vec![p.probs().to_vec()],
            _ => continue,
        };
        let den = denominator(rows.iter().flatten());
        let den = u64::try_from(&den).unwrap_or(u64::MAX).min(1 << 16);
        for d in 1..den {
            let r: Vec<Vec<Rational>> = rows.iter().map(|x| round_row(x, d)).collect();
            if r == rows {
                continue;
            }
            let nv = match v {
                Value::Chan(_) => Channel::new(r).ok().map(|w| Value::Chan(Arc::new(w))),
                _ => Dist::new(r[0].clone())
                    .ok()
                    .map(|p| Value::Dist(Arc::new(p))),
            };
            if let Some(nv) = nv {
                let mut c = vals.clone();
                c[j] = nv;
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Rational {
        Rational::from_signeds(n, d)
    }

    #[test]
    fn grown_sources_literal_table() {
        let c = parse("forall W in channels(2, 3, denom 4), p in dists(2, denom 6): mi(p, W) >= 0")
            .unwrap();
        assert_eq!(variants(&c, 2), vec![(0, 2), (1, 1), (2, 0)]);
        assert_eq!(
            grown_source(&c, 1, 2),
            "forall W in channels(3, 4, denom 6), p in dists(3, denom 8): mi(p, W) >= 0"
        );
        // ranges and sets are not knobs; a non-literal argument is not either
        let c = parse("forall n in 2..4, G in connected_graphs(n): vertices(G) >= 1").unwrap();
        assert_eq!(growable(&c), (false, false));
        assert!(!has_family(&c));
        let c = parse("forall G in graphs(4): vertices(G) = 4").unwrap();
        assert_eq!(variants(&c, 3), vec![(3, 0)]);
        let c = parse("exists W in channels(2, 2, denom 4): dp(W) = 3").unwrap();
        assert!(!has_family(&c));
    }

    /// Largest remainder rounding: a literal table, and the naive property that every
    /// rounded row sums to 1 with entries within 1/d of the original.
    #[test]
    fn round_row_table_and_property() {
        assert_eq!(round_row(&[q(1, 3), q(2, 3)], 2), vec![q(1, 2), q(1, 2)]);
        assert_eq!(round_row(&[q(1, 6), q(5, 6)], 2), vec![q(0, 1), q(1, 1)]);
        assert_eq!(round_row(&[q(1, 2), q(1, 2)], 1), vec![q(1, 1), q(0, 1)]);
        assert_eq!(
            round_row(&[q(1, 3), q(1, 3), q(1, 3)], 2),
            vec![q(1, 2), q(1, 2), q(0, 1)]
        );
        for row in super::super::value::compositions(3, 7) {
            for d in 1..7u64 {
                let r = round_row(&row, d);
                assert_eq!(r.iter().sum::<Rational>(), q(1, 1));
                for (a, b) in row.iter().zip(&r) {
                    let diff = if a > b { a - b } else { b - a };
                    assert!(diff < q(1, d as i64), "{row:?} {d}");
                    assert!(denominator([b]) <= d);
                }
            }
        }
    }

    /// A claim that fails beyond its grid only: `W[0][0] != 1/5` holds on every channel with
    /// entries k/4 and fails first at denominator 5. The search finds it at size 1 (denom 5),
    /// and shrinking a counterexample found on a finer grid rounds it down to denominator 5.
    #[test]
    fn search_finds_and_shrinks_beyond_the_grid() {
        let c = parse("forall W in channels(2, 2, denom 4): W[0][0] != 1/5").unwrap();
        let checks = search_select(&c, 1, &|_| true).unwrap();
        let fails: Vec<&Check> = checks
            .iter()
            .map(|(_, c)| c)
            .filter(|c| c.outcome == Outcome::Fails)
            .collect();
        assert_eq!(fails.len(), 1);
        assert_eq!(fails[0].instance, "W=[(1/5, 4/5), (0, 1)]");
        // at denominator 10 the first counterexample is [(1/5, 4/5), (0, 1)] again (2/10);
        // a counterexample with a finer second row shrinks it to denominator 5
        let c10 = parse("forall W in channels(2, 2, denom 10): W[0][0] != 1/5").unwrap();
        let w = Channel::new(vec![vec![q(1, 5), q(4, 5)], vec![q(3, 10), q(7, 10)]]).unwrap();
        let start = vec![Value::Chan(Arc::new(w))];
        let fails = |v: &Vec<Value>| matches!(check_values(&c10, v), Ok((Outcome::Fails, _)));
        let (v, steps) = shrink(start, simpler, fails);
        assert!(steps >= 1);
        let Value::Chan(w) = &v[0] else { panic!() };
        assert_eq!(denominator(w.rows().iter().flatten()), Natural::from(5u32));
    }
}
