//! Run-time values: numbers ([`Num`]), truth values, the library's own objects (a
//! [`Channel`], a [`Dist`], a [`Graph`]) and finite domains, one module because a domain is a
//! value and lists values (issue 43, item 1: `domains` and `value` formed a circle).
//!
//! Finite domains and their enumeration order (the order in which a counterexample is "first"):
//!
//! * `a..b` — the integers `a, a+1, …, b`.
//! * `{x, y, z}` — as written.
//! * `dists(k, denom D)` — every distribution on `k` points with masses `n_i / D`: the
//!   compositions `(n_0, …, n_{k−1})` of `D` into `k` non-negative parts, in lexicographic order
//!   (`(0, …, 0, D)` first, `(D, 0, …, 0)` last); `C(D+k−1, k−1)` elements.
//! * `channels(r, c, denom D)` — every row-stochastic `r × c` matrix with entries `n / D`: each row
//!   is one of the compositions above; matrices in lexicographic order of their rows (row 0
//!   varies slowest); `C(D+c−1, c−1)^r` elements.
//! * `graphs(n)`, `connected_graphs(n)` — one graph per isomorphism class on `n ≤ 6` vertices,
//!   in increasing order of the least adjacency mask (`graph::enumerate`).
//!
//! Domains are indexed, not materialised: element `i` of `channels(3, 3, denom 6)` is decoded
//! from `i` in mixed radix, so a sweep needs no memory beyond one instance per thread.

use super::real::Num;
use crate::graph::Graph;
use crate::num::piecewise::Piecewise;
use crate::num::{binomial, Decision, Rational};
use crate::prob::{Channel, Dist};
use malachite::Natural;
use std::fmt;
use std::sync::Arc;

#[derive(Clone)]
pub enum Value {
    Num(Num),
    Bool(Decision),
    Chan(Arc<Channel>),
    Dist(Arc<Dist>),
    Graph(Arc<Graph>),
    Set(Domain),
    /// A channel whose entries are functions of the symbolic `t` (`rr(3, t)`; issue 46, item 2).
    TChan(Arc<Vec<Vec<Piecewise>>>),
    /// A distribution whose masses are functions of the symbolic `t`.
    TDist(Arc<Vec<Piecewise>>),
}

/// `(a, b, …)`, each element by its `Display`, written straight into `f` (labels of
/// `check --certificates` format one per instance: issue 44 item 2).
fn row<T: fmt::Display>(f: &mut fmt::Formatter<'_>, r: &[T]) -> fmt::Result {
    f.write_str("(")?;
    for (k, q) in r.iter().enumerate() {
        if k > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{q}")?;
    }
    f.write_str(")")
}

/// `[row, row, …]` ([`row`]).
fn rows<R: AsRef<[T]>, T: fmt::Display>(f: &mut fmt::Formatter<'_>, rs: &[R]) -> fmt::Result {
    f.write_str("[")?;
    for (k, r) in rs.iter().enumerate() {
        if k > 0 {
            f.write_str(", ")?;
        }
        row(f, r.as_ref())?;
    }
    f.write_str("]")
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Num(n) => f.write_str(&n.exact_string()),
            Value::Bool(d) => write!(f, "{d:?}"),
            Value::Chan(w) => rows(f, w.rows()),
            Value::Dist(p) => row(f, p.probs()),
            Value::Graph(g) => {
                let edges: Vec<String> =
                    g.edges().iter().map(|(a, b)| format!("{a}-{b}")).collect();
                write!(
                    f,
                    "{} ({} vertices; edges {})",
                    g.name(),
                    g.n(),
                    if edges.is_empty() {
                        "none".to_string()
                    } else {
                        edges.join(" ")
                    }
                )
            }
            Value::Set(d) => write!(f, "a domain of {} elements", d.len()),
            Value::TChan(w) => rows(f, w),
            Value::TDist(p) => row(f, p),
        }
    }
}

/// The largest number of rows (compositions) a `dists`/`channels` domain may list.
const MAX_ROWS: u64 = 5_000_000;

#[derive(Clone)]
pub enum Domain {
    Items(Arc<Vec<Value>>),
    /// `lo..=hi` (empty when `hi < lo`).
    Ints {
        lo: i64,
        hi: i64,
    },
    /// Distributions on `k` points with denominator `D` (one composition per element).
    Dists(Arc<Vec<Vec<Rational>>>),
    /// `r`-row channels whose rows are the given compositions.
    Channels {
        rows: Arc<Vec<Vec<Rational>>>,
        r: u32,
    },
}

/// The compositions of `d` into `k` non-negative parts, lexicographic, as masses `n_i / d`.
pub fn compositions(k: usize, d: u64) -> Vec<Vec<Rational>> {
    fn go(k: usize, left: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if k == 1 {
            cur.push(left);
            out.push(cur.clone());
            cur.pop();
            return;
        }
        for n in 0..=left {
            cur.push(n);
            go(k - 1, left - n, cur, out);
            cur.pop();
        }
    }
    let mut out: Vec<Vec<u64>> = Vec::new();
    if k == 0 {
        return Vec::new();
    }
    go(k, d, &mut Vec::new(), &mut out);
    out.into_iter()
        .map(|v| {
            v.into_iter()
                .map(|n| Rational::from_unsigneds(n, d))
                .collect()
        })
        .collect()
}

/// How many compositions of `d` into `k` parts: `C(d + k − 1, k − 1)`.
pub fn composition_count(k: u64, d: u64) -> Natural {
    if k == 0 {
        return Natural::from(0u32);
    }
    binomial(d + k - 1, k - 1)
}

fn rows_domain(k: u64, d: u64) -> Result<Arc<Vec<Vec<Rational>>>, String> {
    if d == 0 {
        return Err("denom must be at least 1".into());
    }
    if k == 0 {
        return Err("a distribution needs at least one point".into());
    }
    let n = composition_count(k, d);
    if n > MAX_ROWS {
        return Err(format!(
            "{n} distributions on {k} points with denominator {d}: more than {MAX_ROWS}; use a smaller denominator"
        ));
    }
    Ok(Arc::new(compositions(k as usize, d)))
}

impl Domain {
    pub fn dists(k: u64, d: u64) -> Result<Domain, String> {
        Ok(Domain::Dists(rows_domain(k, d)?))
    }

    pub fn channels(r: u64, c: u64, d: u64) -> Result<Domain, String> {
        if r == 0 {
            return Err("a channel needs at least one row".into());
        }
        let r = u32::try_from(r).map_err(|_| format!("{r} rows is too many"))?;
        Ok(Domain::Channels {
            rows: rows_domain(c, d)?,
            r,
        })
    }

    /// The number of elements (exact; may exceed `u64` for a large channel domain).
    pub fn count(&self) -> Natural {
        match self {
            Domain::Items(v) => Natural::from(v.len() as u64),
            Domain::Ints { lo, hi } => {
                if hi < lo {
                    Natural::from(0u32)
                } else {
                    Natural::from((*hi as i128 - *lo as i128 + 1) as u128)
                }
            }
            Domain::Dists(rows) => Natural::from(rows.len() as u64),
            Domain::Channels { rows, r } => {
                let mut n = Natural::from(1u32);
                for _ in 0..*r {
                    n *= Natural::from(rows.len() as u64);
                }
                n
            }
        }
    }

    /// The number of elements when it fits a `u64`.
    pub fn len(&self) -> u64 {
        u64::try_from(&self.count()).unwrap_or(u64::MAX)
    }

    /// Element `i` (`i < len()`) in the documented order.
    pub fn get(&self, i: u64) -> Value {
        match self {
            Domain::Items(v) => v[i as usize].clone(),
            Domain::Ints { lo, .. } => Value::Num(super::real::Num::Rat(Rational::from(
                *lo as i128 + i as i128,
            ))),
            Domain::Dists(rows) => Value::Dist(Arc::new(
                Dist::new(rows[i as usize].clone())
                    .expect("a composition of D divided by D sums to 1"),
            )),
            Domain::Channels { rows, r } => {
                let base = rows.len() as u64;
                let mut idx = vec![0usize; *r as usize];
                let mut x = i;
                for slot in idx.iter_mut().rev() {
                    *slot = (x % base) as usize;
                    x /= base;
                }
                let m: Vec<Vec<Rational>> = idx.iter().map(|&j| rows[j].clone()).collect();
                // every row is a composition of D divided by D: row-stochastic by construction
                Value::Chan(Arc::new(Channel::from_valid_rows(m)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Naive reference: all k-tuples over 0..=d filtered by sum, in lexicographic order.
    fn naive(k: usize, d: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let total = (d + 1).pow(k as u32);
        for mut x in 0..total {
            let mut v = vec![0u64; k];
            for slot in v.iter_mut().rev() {
                *slot = x % (d + 1);
                x /= d + 1;
            }
            if v.iter().sum::<u64>() == d {
                out.push(v);
            }
        }
        out
    }

    #[test]
    fn compositions_agree_with_naive_order_and_count() {
        for k in 1..=4 {
            for d in 1..=6u64 {
                let got: Vec<Vec<Rational>> = compositions(k, d);
                let want: Vec<Vec<Rational>> = naive(k, d)
                    .into_iter()
                    .map(|v| {
                        v.into_iter()
                            .map(|n| Rational::from_unsigneds(n, d))
                            .collect()
                    })
                    .collect();
                assert_eq!(got, want, "k={k} d={d}");
                assert_eq!(
                    Natural::from(got.len() as u64),
                    composition_count(k as u64, d)
                );
            }
        }
    }

    #[test]
    fn channel_domain_is_row_major_lexicographic() {
        let d = Domain::channels(2, 2, 2).unwrap();
        // rows: (0,1), (1/2,1/2), (1,0); 9 channels, row 0 slowest
        assert_eq!(d.len(), 9);
        let Value::Chan(w) = d.get(1) else {
            panic!("channel")
        };
        assert_eq!(w.rows()[0], vec![Rational::from(0), Rational::from(1)]);
        assert_eq!(
            w.rows()[1],
            vec![Rational::from_signeds(1, 2), Rational::from_signeds(1, 2)]
        );
        assert_eq!(Domain::channels(3, 3, 6).unwrap().len(), 28u64.pow(3));
        assert!(Domain::dists(20, 60).is_err());
    }
}
