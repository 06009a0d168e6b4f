//! `dpcert search`: the counterexample search beyond a claim's default grid (grow the search
//! size 1, 2, ... and stop at the first size with a failing instance), the merge of a search
//! split into shards, and counterexample shrinking (a greedy shrink over a claim-supplied list
//! of simpler candidates, in the spirit of proptest's shrinking but deterministic and exact).
//!
//! The CLI (`cli::claims`) only parses the flags and prints what [`search`] and [`merge`]
//! return.

use super::{Check, ClaimChecker, Outcome};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use crate::params::MAX_SEARCH_SIZE;

/// Limits of one search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Search sizes 1..=max_size.
    pub max_size: usize,
    /// Wall-clock budget for the whole search, the default-grid check included. No instance
    /// starts once it has passed (instances already running finish).
    pub budget: Option<Duration>,
    /// `(k, n)`: check only the instances of index i with i % n == k - 1 (`--shard K/N`).
    pub shard: Option<(usize, usize)>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Found {
    pub tried: usize,
    pub undecided: usize,
    /// The first failing instance of the default grid, if the claim already fails there.
    pub grid_failure: Option<Check>,
    /// The counterexample, with the search size and the index it was found at.
    pub counterexample: Option<Counterexample>,
    /// How the counterexample was chosen among a size's failing instances
    /// ([`ClaimChecker::search_first_by_index`]).
    pub first_by_index: bool,
    /// Why the search stopped.
    pub note: String,
    /// The budget ran out before `max_size` was searched.
    pub out_of_budget: bool,
}

/// A failing instance of a search family.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The search size.
    pub size: usize,
    /// Its index among the instances of that size, in the family's order (the order that
    /// `--shard K/N` splits: shard K runs the indices i with i % N == K − 1).
    pub index: usize,
    /// Its report row (shrunk, for a family that shrinks).
    pub check: Check,
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// `max_size` outside 1..=[`MAX_SEARCH_SIZE`].
    BadSize(usize),
    /// The claim has no family beyond its default grid.
    NoFamily,
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::BadSize(s) => write!(
                f,
                "--max-size must be 1 to {MAX_SEARCH_SIZE} (search sizes start at 1), got {s}"
            ),
            SearchError::NoFamily => write!(f, "no search family beyond its default grid"),
        }
    }
}

/// Search `checker`'s family: its default grid first (a claim that already fails there is
/// reported as such, so "no counterexample beyond the grid" is never read as "no
/// counterexample"), then sizes 1, 2, ..., `max_size`, stopping at the first size with a
/// failing instance. Of that size's failing instances the first by (length of the instance
/// text, instance text, index) is reported, or the first by index when the claim says so
/// ([`ClaimChecker::search_first_by_index`]). `progress(size, instances)` is called after each
/// size. Runs on the current rayon pool.
pub fn search(
    checker: &dyn ClaimChecker,
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Found, SearchError> {
    if !(1..=MAX_SEARCH_SIZE).contains(&opts.max_size) {
        return Err(SearchError::BadSize(opts.max_size));
    }
    if !checker.has_search_family() {
        return Err(SearchError::NoFamily);
    }
    // The clock starts before the grid: the budget bounds the whole command (issue 31 item 5
    // measured `search CY-13 --budget-secs 15` at 25.5 s when it started after the grid and
    // was only looked at between sizes).
    let start = Instant::now();
    // a budget past what an `Instant` can hold is no budget (not an overflow panic)
    let deadline = opts.budget.and_then(|b| start.checked_add(b));
    let grid_failure = checker
        .check_grid()
        .into_iter()
        .find(|c| c.outcome == Outcome::Fails);
    let (k, n) = opts.shard.unwrap_or((1, 1));
    let cut = AtomicBool::new(false);
    // An instance is run when it is in this shard and the budget has not passed; one the
    // deadline turns away marks the size as cut short.
    let keep = |i: usize| {
        if i % n != k - 1 {
            return false;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            cut.store(true, Ordering::Relaxed);
            return false;
        }
        true
    };
    let mut found = Found {
        tried: 0,
        undecided: 0,
        grid_failure,
        counterexample: None,
        first_by_index: checker.search_first_by_index(),
        note: format!("searched sizes 1..={}", opts.max_size),
        out_of_budget: false,
    };
    let secs = |d: Duration| format!("{}s", d.as_secs_f64());
    for size in 1..=opts.max_size {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            found.note = format!(
                "budget of {} reached before size {size}",
                secs(opts.budget.unwrap_or_default())
            );
            found.out_of_budget = true;
            break;
        }
        let checks = checker
            .search_select(size, &keep)
            .ok_or(SearchError::NoFamily)?;
        progress(size, checks.len());
        found.tried += checks.len();
        found.undecided += checks
            .iter()
            .filter(|(_, c)| c.outcome == Outcome::Undecided)
            .count();
        let failing = checks
            .into_iter()
            .filter(|(_, c)| c.outcome == Outcome::Fails);
        let first = if found.first_by_index {
            failing.min_by_key(|(i, _)| *i)
        } else {
            failing.min_by(|(i, a), (j, b)| {
                (a.instance.len(), &a.instance, i).cmp(&(b.instance.len(), &b.instance, j))
            })
        };
        let was_cut = cut.load(Ordering::Relaxed);
        if let Some((index, check)) = first {
            found.counterexample = Some(Counterexample { size, index, check });
            found.note = if was_cut {
                format!(
                    "stopped at size {size} with a counterexample; the budget of {} cut the size short, so a smaller one of this size may exist",
                    secs(opts.budget.unwrap_or_default())
                )
            } else {
                format!("stopped at the first size with a counterexample ({size})")
            };
            break;
        }
        if was_cut {
            found.note = format!(
                "budget of {} reached during size {size} (part of it searched)",
                secs(opts.budget.unwrap_or_default())
            );
            found.out_of_budget = true;
            break;
        }
    }
    Ok(found)
}

impl Found {
    /// The command that reproduces the counterexample.
    pub fn reproduce(&self, id: &str) -> Option<String> {
        self.counterexample
            .as_ref()
            .map(|c| format!("dpcert search {id} --max-size {}", c.size))
    }

    /// The `--json` form (what [`merge`] reads back): `index` is the counterexample's index
    /// at its size, `first_by` how it was chosen (`"index"` or `"instance"`, see [`search`]).
    pub fn to_json(&self, id: &str, shard: Option<(usize, usize)>) -> Value {
        let c = self.counterexample.as_ref();
        json!({
            "id": id,
            "tried": self.tried,
            "undecided": self.undecided,
            "shard": shard.map(|(k, n)| format!("{k}/{n}")),
            "grid_fails": self.grid_failure.as_ref().map(|c| c.instance.clone()),
            "result": if self.counterexample.is_some() { "fails" } else { "no counterexample" },
            "size": c.map(|c| c.size),
            "index": c.map(|c| c.index),
            "first_by": if self.first_by_index { "index" } else { "instance" },
            "counterexample": c.map(|c| &c.check),
            "reproduce": self.reproduce(id),
            "note": self.note,
        })
    }
}

/// Parse `K/N` with 1 <= K <= N.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("--shard `{s}`: expected K/N, e.g. 2/8"))?;
    let k: usize = k
        .trim()
        .parse()
        .map_err(|_| format!("--shard `{s}`: K is not a number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("--shard `{s}`: N is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("--shard `{s}`: need 1 <= K <= N"));
    }
    Ok((k, n))
}

/// The merge of the `--json` outputs of one search split into shards.
#[derive(Clone, Debug)]
pub struct Merged {
    pub id: String,
    /// N of `--shard K/N`.
    pub shards: usize,
    /// The shards given (K of each).
    pub given: usize,
    pub missing: Vec<String>,
    pub tried: u64,
    pub undecided: u64,
    /// The file and the document of the counterexample the unsplit search reports.
    pub found: Option<(String, Value)>,
    pub notes: Vec<String>,
}

/// Merge the `--json` outputs `(file name, document)` of `dpcert search ID --shard K/N`. Every
/// document must be one claim's search output, each shard at most once, all split into the
/// same N and chosen the same way (`first_by`); the merged counterexample is the one the
/// unsplit search reports: smallest size, then the least index (`first_by: "index"`) or the
/// shortest, least instance text and then the least index (`"instance"`; a document without
/// `first_by` is read as `"instance"`, one without `index` as the largest), with `tried` and
/// `undecided` summed. An error names the file.
pub fn merge(docs: &[(String, Value)]) -> Result<Merged, String> {
    for (name, v) in docs {
        if !(v["id"].is_string() && v["tried"].is_u64()) {
            return Err(format!("{name}: not the --json output of `dpcert search`"));
        }
    }
    let Some((_, first)) = docs.first() else {
        return Err("search-merge needs at least one file".to_string());
    };
    let id = first["id"].as_str().unwrap_or("").to_string();
    let mut shards: BTreeMap<usize, String> = BTreeMap::new();
    let mut total = None;
    for (name, v) in docs {
        if v["id"] != first["id"] {
            return Err(format!("{name}: claim {} differs from {id}", v["id"]));
        }
        let (k, n) = match v["shard"].as_str().map(parse_shard) {
            Some(Ok(kn)) => kn,
            _ => (1, 1),
        };
        if *total.get_or_insert(n) != n {
            return Err(format!(
                "{name}: shard {k}/{n} does not split into {} like the others",
                total.unwrap_or(n)
            ));
        }
        if let Some(other) = shards.insert(k, name.clone()) {
            return Err(format!("{name}: shard {k}/{n} already given by {other}"));
        }
        if first_by(v) != first_by(first) {
            return Err(format!(
                "{name}: first_by {} differs from {}",
                first_by(v),
                first_by(first)
            ));
        }
    }
    let by_index = first_by(first) == "index";
    let n = total.unwrap_or(1);
    let sum = |key: &str| docs.iter().map(|(_, v)| v[key].as_u64().unwrap_or(0)).sum();
    let found = docs
        .iter()
        .filter(|(_, v)| v["result"] == "fails")
        // The unsplit search's choice: smallest size, then the least index, or the shortest
        // and least instance text and then the least index.
        .min_by_key(|(_, v)| {
            let inst = v["counterexample"]["instance"].as_str().unwrap_or("");
            let (len, text) = if by_index {
                (0, String::new())
            } else {
                (inst.len(), inst.to_string())
            };
            (
                v["size"].as_u64().unwrap_or(u64::MAX),
                len,
                text,
                v["index"].as_u64().unwrap_or(u64::MAX),
            )
        })
        .cloned();
    Ok(Merged {
        id,
        shards: n,
        given: shards.len(),
        missing: (1..=n)
            .filter(|k| !shards.contains_key(k))
            .map(|k| format!("{k}/{n}"))
            .collect(),
        tried: sum("tried"),
        undecided: sum("undecided"),
        found,
        notes: docs
            .iter()
            .map(|(f, v)| format!("{f}: {}", v["note"].as_str().unwrap_or("")))
            .collect(),
    })
}

/// Re-check the counterexample of search document `v` (file `name`): run the instance at its
/// size and index again with `checkers`' claim and confirm it fails with the same label and
/// exact sides (`dpcert merge`, issue 44 item 5). An error names the file.
pub fn recheck(checkers: &[Box<dyn ClaimChecker>], name: &str, v: &Value) -> Result<(), String> {
    let id = v["id"].as_str().unwrap_or("");
    let checker = checkers
        .iter()
        .find(|c| c.id() == id)
        .ok_or_else(|| format!("{name}: claim {id} is unknown to this dpcert"))?;
    let (size, index) = match (v["size"].as_u64(), v["index"].as_u64()) {
        (Some(s), Some(i)) if (1..=MAX_SEARCH_SIZE as u64).contains(&s) => (s as usize, i as usize),
        _ => {
            return Err(format!(
                "{name}: a counterexample without its size and index"
            ))
        }
    };
    let c = &v["counterexample"];
    let again = checker
        .search_select(size, &|i| i == index)
        .and_then(|mut v| v.pop())
        .map(|(_, a)| a);
    match again {
        Some(a)
            if a.outcome == Outcome::Fails
                && c["instance"] == a.instance.as_str()
                && c["lhs"]["exact"] == a.lhs.exact.as_str()
                && c["rhs"]["exact"] == a.rhs.exact.as_str() =>
        {
            Ok(())
        }
        a => Err(format!(
            "{name}: {id}: the counterexample at size {size}, index {index} ({}) does not re-check: run again it is {}",
            c["instance"],
            a.map_or("no such instance".into(), |a| format!(
                "{} at {} with lhs {} and rhs {}",
                a.outcome, a.instance, a.lhs.exact, a.rhs.exact
            ))
        )),
    }
}

/// A search document's `first_by` (`"instance"` when absent).
fn first_by(v: &Value) -> &str {
    v["first_by"].as_str().unwrap_or("instance")
}

impl Merged {
    /// The `--json` form of `dpcert search-merge`.
    pub fn to_json(&self) -> Value {
        let f = self.found.as_ref();
        json!({
            "id": self.id,
            "shards": self.shards,
            "missing_shards": self.missing,
            "tried": self.tried,
            "undecided": self.undecided,
            "result": if f.is_some() { "fails" } else { "no counterexample" },
            "size": f.map(|(_, v)| v["size"].clone()),
            "index": f.map(|(_, v)| v["index"].clone()),
            "counterexample": f.map(|(_, v)| v["counterexample"].clone()),
            "from": f.map(|(name, _)| name.clone()),
            "reproduce": f.map(|(_, v)| v["reproduce"].clone()),
            "notes": self.notes,
        })
    }
}

/// Repeatedly replace `start` by the first candidate of `simpler(current)` that still `fails`,
/// until no candidate fails. `simpler` must return strictly simpler instances (so this ends).
/// Returns the shrunk instance and the number of shrink steps taken.
pub fn shrink<I>(
    start: I,
    simpler: impl Fn(&I) -> Vec<I>,
    fails: impl Fn(&I) -> bool,
) -> (I, usize) {
    let mut cur = start;
    let mut steps = 0;
    'outer: loop {
        for cand in simpler(&cur) {
            if fails(&cand) {
                cur = cand;
                steps += 1;
                continue 'outer;
            }
        }
        return (cur, steps);
    }
}

#[cfg(test)]
mod tests {
    use super::shrink;
    use super::{merge, parse_shard};
    use serde_json::json;

    #[test]
    fn shard_parsing() {
        assert_eq!(parse_shard("2/8"), Ok((2, 8)));
        for bad in ["0/3", "4/3", "x/3", "3", "1/0"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    /// The merge picks the unsplit search's counterexample (smallest size, then the shortest,
    /// least instance), sums the counts and names missing shards; bad inputs name the file.
    #[test]
    fn merge_literal_cases() {
        let doc = |shard: &str, size: Option<u64>, inst: &str, tried: u64| {
            json!({"id": "X-1", "tried": tried, "undecided": 1, "shard": shard,
                   "result": if size.is_some() { "fails" } else { "no counterexample" },
                   "size": size, "counterexample": size.map(|_| json!({"instance": inst})),
                   "reproduce": null, "note": "n"})
        };
        let docs = vec![
            ("a".to_string(), doc("1/4", Some(3), "x=1", 10)),
            ("b".to_string(), doc("2/4", Some(2), "x=22", 20)),
            ("c".to_string(), doc("3/4", Some(2), "x=3", 30)),
        ];
        let m = merge(&docs).unwrap();
        assert_eq!(m.tried, 60);
        assert_eq!(m.undecided, 3);
        assert_eq!(m.missing, vec!["4/4".to_string()]);
        let (from, v) = m.found.unwrap();
        assert_eq!((from.as_str(), v["size"].as_u64()), ("c", Some(2)));
        let dup = vec![docs[0].clone(), ("d".to_string(), doc("1/4", None, "", 1))];
        assert!(merge(&dup)
            .unwrap_err()
            .starts_with("d: shard 1/4 already given by a"));
        let other_n = vec![docs[0].clone(), ("e".to_string(), doc("1/3", None, "", 1))];
        assert!(merge(&other_n)
            .unwrap_err()
            .contains("does not split into 4"));
        assert!(merge(&[("f".to_string(), json!({"id": 3}))])
            .unwrap_err()
            .contains("f: not the --json output"));
        assert!(merge(&[]).is_err());
    }

    /// Shrink an integer counterexample of "n < 10" (fails for n >= 10) by halving and
    /// decrementing: reaches the boundary 10 exactly.
    #[test]
    fn shrinks_to_boundary() {
        let (n, steps) = shrink(1000u64, |&n| vec![n / 2, n.saturating_sub(1)], |&n| n >= 10);
        assert_eq!(n, 10);
        assert!(steps > 0);
    }
}
