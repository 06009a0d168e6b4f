//! Metric (d-)privacy (issue 47 item 3): a channel `W` is `ε·d`-private when
//! `W(y|x) ≤ e^{ε·d(x,x')} W(y|x')` for every pair of secrets and every output (Chatzikokolakis,
//! Andrés, Bordenabe, Palamidessi, *Broadening the scope of differential privacy using metrics*,
//! PETS 2013). The smallest such `ε` is `max_{x ≠ x'} ln(max_y W(y|x)/W(y|x')) / d(x, x')`: one
//! log-linear term `(1/d)·ln r` per pair, compared exactly through the log-linear kernel (never
//! a float). With the discrete metric it is the ε-DP level on the complete adjacency.
//!
//! [`Metric`] is a validated (pseudo)metric on the secrets `0..n`: square, non-negative, zero on
//! the diagonal, symmetric, and obeying the triangle inequality; [`MetricError`] names the entry
//! at fault. Distinct secrets at distance 0 are allowed (a pseudometric): they must then have
//! equal rows, else the level is infinite.

// The errors carry the exact entries at fault (rationals): large, and rare.
#![allow(clippy::result_large_err)]

use super::{max_ratio, ExtRational};
use crate::num::{LogLinear, Rational};
use crate::prob::Channel;
use std::cmp::Ordering;
use std::fmt;

/// A validated (pseudo)metric on `0..n`: `d[x][x']`, exact rationals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metric {
    d: Vec<Vec<Rational>>,
}

/// Why a matrix is not a metric (0-based indices; the text prints them 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MetricError {
    /// No rows.
    Empty,
    /// Row `row` has `len` entries, not `n` (a metric is square).
    NotSquare {
        /// The row at fault.
        row: usize,
        /// Its entries.
        len: usize,
        /// The number of rows.
        n: usize,
    },
    /// `d(x, y) < 0`.
    Negative {
        /// Row.
        x: usize,
        /// Column.
        y: usize,
        /// The entry.
        value: Rational,
    },
    /// `d(x, x) ≠ 0`.
    Diagonal {
        /// The secret.
        x: usize,
        /// The entry.
        value: Rational,
    },
    /// `d(x, y) ≠ d(y, x)`.
    Asymmetric {
        /// Row.
        x: usize,
        /// Column.
        y: usize,
        /// `d(x, y)`.
        xy: Rational,
        /// `d(y, x)`.
        yx: Rational,
    },
    /// `d(x, z) > d(x, y) + d(y, z)`.
    Triangle {
        /// First.
        x: usize,
        /// Through.
        y: usize,
        /// Last.
        z: usize,
        /// `d(x, z)`.
        xz: Rational,
        /// `d(x, y) + d(y, z)`.
        through: Rational,
    },
    /// A graph metric on a disconnected graph (`d = ∞` between components).
    Disconnected {
        /// A secret.
        x: usize,
        /// One it cannot reach.
        y: usize,
    },
}

impl fmt::Display for MetricError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MetricError::Empty => write!(f, "the metric has no rows"),
            MetricError::NotSquare { row, len, n } => write!(
                f,
                "not a metric: row {} has {len} entries, expected {n} (a metric is square: one \
                 row and one column per secret)",
                row + 1
            ),
            MetricError::Negative { x, y, value } => write!(
                f,
                "not a metric: row {}, column {}: negative distance {value}",
                x + 1,
                y + 1
            ),
            MetricError::Diagonal { x, value } => write!(
                f,
                "not a metric: row {0}, column {0}: d(x, x) = {value}, must be 0",
                x + 1
            ),
            MetricError::Asymmetric { x, y, xy, yx } => write!(
                f,
                "not a metric: asymmetric: row {}, column {} is {xy} but row {1}, column {0} is \
                 {yx}",
                x + 1,
                y + 1
            ),
            MetricError::Triangle {
                x,
                y,
                z,
                xz,
                through,
            } => write!(
                f,
                "not a metric: triangle inequality broken: d({0}, {2}) = {xz} > d({0}, {1}) + \
                 d({1}, {2}) = {through} (1-based secrets)",
                x + 1,
                y + 1,
                z + 1
            ),
            MetricError::Disconnected { x, y } => write!(
                f,
                "the graph is disconnected: secrets {} and {} are at distance ∞; give a metric \
                 file",
                x + 1,
                y + 1
            ),
        }
    }
}

impl std::error::Error for MetricError {}

impl Metric {
    /// Validate `d` (square, `≥ 0`, zero diagonal, symmetric, triangle inequality), checking in
    /// that order and naming the first entry at fault.
    // Indices on both sides (`d[x][y]` against `d[y][x]`, `d[y][z]`): loops over indices read best.
    #[allow(clippy::needless_range_loop)]
    pub fn new(d: Vec<Vec<Rational>>) -> Result<Metric, MetricError> {
        let n = d.len();
        if n == 0 {
            return Err(MetricError::Empty);
        }
        if let Some((row, r)) = d.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(MetricError::NotSquare {
                row,
                len: r.len(),
                n,
            });
        }
        for x in 0..n {
            for y in 0..n {
                if d[x][y] < 0u32 {
                    return Err(MetricError::Negative {
                        x,
                        y,
                        value: d[x][y].clone(),
                    });
                }
            }
        }
        if let Some(x) = (0..n).find(|&x| d[x][x] != 0u32) {
            return Err(MetricError::Diagonal {
                x,
                value: d[x][x].clone(),
            });
        }
        for x in 0..n {
            for y in x + 1..n {
                if d[x][y] != d[y][x] {
                    return Err(MetricError::Asymmetric {
                        x,
                        y,
                        xy: d[x][y].clone(),
                        yx: d[y][x].clone(),
                    });
                }
            }
        }
        for x in 0..n {
            for y in 0..n {
                for z in 0..n {
                    let through = &d[x][y] + &d[y][z];
                    if d[x][z] > through {
                        return Err(MetricError::Triangle {
                            x,
                            y,
                            z,
                            xz: d[x][z].clone(),
                            through,
                        });
                    }
                }
            }
        }
        Ok(Metric { d })
    }

    /// The shortest-path metric of a connected graph (vertex `v` = secret `v`).
    pub fn of_graph(g: &crate::graph::Graph) -> Result<Metric, MetricError> {
        Metric::of_distances(&g.distances())
    }

    /// The metric of a shortest-path distance matrix (`None` = unreachable: an error).
    pub fn of_distances(rows: &[Vec<Option<usize>>]) -> Result<Metric, MetricError> {
        let mut d = Vec::with_capacity(rows.len());
        for (x, r) in rows.iter().enumerate() {
            let mut out = Vec::with_capacity(r.len());
            for (y, v) in r.iter().enumerate() {
                match v {
                    Some(v) => out.push(Rational::from(*v as u64)),
                    None => return Err(MetricError::Disconnected { x, y }),
                }
            }
            d.push(out);
        }
        Metric::new(d)
    }

    /// `|x − x'|` on `0..n` (the line).
    pub fn line(n: usize) -> Metric {
        Metric {
            d: (0..n)
                .map(|x| {
                    (0..n)
                        .map(|y| Rational::from(x.abs_diff(y) as u64))
                        .collect()
                })
                .collect(),
        }
    }

    /// The Manhattan metric `|i − i'| + |j − j'|` on the `k×k` grid, point `(i, j)` at index
    /// `i·k + j` (`geoind:K:T`'s secrets).
    pub fn grid(k: usize) -> Metric {
        let n = k * k;
        Metric {
            d: (0..n)
                .map(|x| {
                    (0..n)
                        .map(|y| {
                            Rational::from(
                                ((x / k).abs_diff(y / k) + (x % k).abs_diff(y % k)) as u64,
                            )
                        })
                        .collect()
                })
                .collect(),
        }
    }

    /// The discrete metric on `n` points (1 between distinct points).
    pub fn discrete(n: usize) -> Metric {
        Metric {
            d: (0..n)
                .map(|x| (0..n).map(|y| Rational::from(u32::from(x != y))).collect())
                .collect(),
        }
    }

    /// `d(x, y)`.
    pub fn d(&self, x: usize, y: usize) -> &Rational {
        &self.d[x][y]
    }

    /// Number of points.
    pub fn n(&self) -> usize {
        self.d.len()
    }

    /// The matrix.
    pub fn rows(&self) -> &[Vec<Rational>] {
        &self.d
    }
}

/// The smallest `ε` with `W` `ε·d`-private, exactly: `ε = ln(ratio) / distance`, attained at
/// `witness = (x, x', y)` (`W(y|x) / W(y|x') = ratio`, `d(x, x') = distance`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricLevel {
    /// `max_y W(y|x)/W(y|x')` at the binding pair (`∞` when `W(y|x') = 0 < W(y|x)`, or when
    /// `d(x, x') = 0` and the rows differ; 1 when no pair constrains).
    pub ratio: ExtRational,
    /// `d(x, x')` at the binding pair (1 when no pair constrains).
    pub distance: Rational,
    /// `(x, x', y)`, or `None` when `ε = 0` (every row equal).
    pub witness: Option<(usize, usize, usize)>,
}

impl MetricLevel {
    /// `ε = (1/distance)·ln(ratio)`, an exact log-linear form; `None` when infinite.
    pub fn eps(&self) -> Option<LogLinear> {
        self.ratio
            .finite()
            .map(|r| LogLinear::term(&(Rational::from(1u32) / &self.distance), r))
    }
}

/// `a > b` for the levels `ln(a.0)/a.1` and `ln(b.0)/b.1` (finite ratios `≥ 1`, distances `> 0`):
/// the sign of the log-linear form `(1/a.1) ln a.0 − (1/b.1) ln b.0`, decided exactly.
fn greater(a: (&Rational, &Rational), b: (&Rational, &Rational)) -> bool {
    if a.1 == b.1 {
        return a.0 > b.0;
    }
    let one = Rational::from(1u32);
    let form = &LogLinear::term(&(&one / a.1), a.0) - &LogLinear::term(&(&one / b.1), b.0);
    form.signum() == Ordering::Greater
}

/// The exact smallest `ε` for which `w` is `ε·d`-private (module docs).
///
/// # Panics
/// If `d` is not on `w`'s inputs (callers check the sizes first).
pub fn metric_privacy_level(w: &Channel, d: &Metric) -> MetricLevel {
    assert_eq!(d.n(), w.n_inputs(), "one metric point per input");
    let rows = w.rows();
    let mut best = MetricLevel {
        ratio: ExtRational::Finite(Rational::from(1u32)),
        distance: Rational::from(1u32),
        witness: None,
    };
    let argmax = |x: usize, x2: usize, r: &ExtRational| {
        (0..w.n_outputs())
            .find(|&y| {
                rows[x][y] > 0u32
                    && ExtRational::ratio(&rows[x][y], &rows[x2][y]).as_ref() == Some(r)
            })
            .unwrap_or(0)
    };
    for x in 0..rows.len() {
        for x2 in 0..rows.len() {
            if x == x2 {
                continue;
            }
            let r = max_ratio(&rows[x], &rows[x2]);
            let dist = d.d(x, x2);
            if r.finite().is_some_and(|v| *v <= 1u32) {
                continue; // no ratio above 1: this ordered pair constrains nothing
            }
            let infinite = r.is_infinite() || *dist == 0u32;
            if infinite {
                let y = argmax(x, x2, &r);
                return MetricLevel {
                    ratio: ExtRational::Infinite,
                    distance: dist.clone(),
                    witness: Some((x, x2, y)),
                };
            }
            let rv = r.finite().expect("finite");
            let bv = best.ratio.finite().expect("finite so far");
            if best.witness.is_none() || greater((rv, dist), (bv, &best.distance)) {
                let y = argmax(x, x2, &r);
                best = MetricLevel {
                    ratio: r.clone(),
                    distance: dist.clone(),
                    witness: Some((x, x2, y)),
                };
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{complete_pairs, dp_level};
    use crate::testutil::{channel, channel_of, q};
    use proptest::prelude::*;

    fn m(rows: &[&[i64]]) -> Vec<Vec<Rational>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| q(v, 1)).collect())
            .collect()
    }

    /// `r^k` for a rational and a natural exponent.
    fn pow(r: &Rational, k: u64) -> Rational {
        (0..k).fold(Rational::from(1u32), |acc, _| acc * r)
    }

    #[test]
    fn bad_metrics_name_the_entry() {
        assert_eq!(
            Metric::new(m(&[&[0, 1], &[2, 0]])),
            Err(MetricError::Asymmetric {
                x: 0,
                y: 1,
                xy: q(1, 1),
                yx: q(2, 1)
            })
        );
        assert_eq!(
            Metric::new(m(&[&[0, -1], &[-1, 0]])),
            Err(MetricError::Negative {
                x: 0,
                y: 1,
                value: q(-1, 1)
            })
        );
        assert_eq!(
            Metric::new(m(&[&[0, 1, 5], &[1, 0, 1], &[5, 1, 0]])),
            Err(MetricError::Triangle {
                x: 0,
                y: 1,
                z: 2,
                xz: q(5, 1),
                through: q(2, 1)
            })
        );
        assert_eq!(
            Metric::new(m(&[&[1, 1], &[1, 0]])),
            Err(MetricError::Diagonal {
                x: 0,
                value: q(1, 1)
            })
        );
        assert!(matches!(
            Metric::new(m(&[&[0, 1], &[1]])),
            Err(MetricError::NotSquare {
                row: 1,
                len: 1,
                n: 2
            })
        ));
        let e = Metric::new(m(&[&[0, 1, 5], &[1, 0, 1], &[5, 1, 0]])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "not a metric: triangle inequality broken: d(1, 3) = 5 > d(1, 2) + d(2, 3) = 2 \
             (1-based secrets)"
        );
    }

    #[test]
    fn literal_levels() {
        // The truncated geometric on {0, 1, 2} at t = 2, with d = |x − x'|: rows
        // (2/3, 1/6, 1/6), (1/3, 1/3, 1/3), (1/6, 1/6, 2/3). Pair (0, 1): max ratio 2 at
        // distance 1; pair (0, 2): ratio 4 at distance 2 — both ln 2. The level is ln 2.
        let w = channel_of(&[
            &[(2, 3), (1, 6), (1, 6)],
            &[(1, 3), (1, 3), (1, 3)],
            &[(1, 6), (1, 6), (2, 3)],
        ]);
        let d = Metric::new(m(&[&[0, 1, 2], &[1, 0, 1], &[2, 1, 0]])).unwrap();
        let l = metric_privacy_level(&w, &d);
        assert_eq!(l.eps().unwrap(), LogLinear::ln(&q(2, 1)));
        assert_eq!(l.witness, Some((0, 1, 0)));
        // A metric of 1/2 between 0 and 1 doubles the level there: ln 2 / (1/2) = 2 ln 2.
        let d2 = Metric::new(vec![
            vec![q(0, 1), q(1, 2), q(3, 2)],
            vec![q(1, 2), q(0, 1), q(1, 1)],
            vec![q(3, 2), q(1, 1), q(0, 1)],
        ])
        .unwrap();
        assert_eq!(
            metric_privacy_level(&w, &d2).eps().unwrap(),
            LogLinear::term(&q(2, 1), &q(2, 1))
        );
        // A zero next to a positive entry: infinite.
        let z = channel_of(&[&[(1, 1), (0, 1)], &[(1, 2), (1, 2)]]);
        let l = metric_privacy_level(&z, &Metric::discrete(2));
        assert!(l.ratio.is_infinite());
        assert_eq!(l.witness, Some((1, 0, 1)));
        // Equal rows: 0.
        let c = channel_of(&[&[(1, 2), (1, 2)], &[(1, 2), (1, 2)]]);
        assert!(metric_privacy_level(&c, &Metric::discrete(2))
            .eps()
            .unwrap()
            .is_zero());
        // A pseudometric (d = 0 between distinct secrets) with differing rows: infinite.
        let p = Metric::new(m(&[&[0, 0], &[0, 0]])).unwrap();
        assert!(metric_privacy_level(&w_two(), &p).ratio.is_infinite());
    }

    fn w_two() -> Channel {
        channel_of(&[&[(3, 4), (1, 4)], &[(1, 4), (3, 4)]])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// With the discrete metric the level is the ε-DP level on the complete adjacency.
        #[test]
        fn discrete_metric_is_dp(w in channel(3, 3, 5)) {
            let l = metric_privacy_level(&w, &Metric::discrete(3));
            prop_assert_eq!(l.ratio, dp_level(&w, &complete_pairs(3)).ratio);
        }

        /// The naive reference, on integer metrics: `W(y|x)^D ≤ r^{d(x,x')}·W(y|x')^D` for
        /// every triple (the definition with `e^ε = r^{1/D}`, raised to the power `D`), with
        /// equality at the witness.
        #[test]
        #[allow(clippy::needless_range_loop)]
        fn level_is_the_smallest(
            w in channel(3, 3, 4),
            a in 1u64..4, b in 1u64..4, c in 1u64..4,
        ) {
            let rows = [[0, a, b], [a, 0, c], [b, c, 0]];
            let Ok(d) = Metric::new(rows.iter().map(|r| r.iter().map(|&v| Rational::from(v)).collect()).collect()) else {
                return Ok(());
            };
            let l = metric_privacy_level(&w, &d);
            let Some(r) = l.ratio.finite() else {
                let (x, x2, y) = l.witness.unwrap();
                prop_assert!(*w.entry(x2, y) == 0u32 && *w.entry(x, y) > 0u32);
                return Ok(());
            };
            let dd = u64::try_from(l.distance.numerator_ref()).unwrap();
            for x in 0..3 {
                for x2 in 0..3 {
                    for y in 0..3 {
                        let lhs = pow(w.entry(x, y), dd);
                        let rhs = pow(r, rows[x][x2]) * pow(w.entry(x2, y), dd);
                        prop_assert!(lhs <= rhs, "{x} {x2} {y}");
                    }
                }
            }
            if let Some((x, x2, y)) = l.witness {
                prop_assert_eq!(pow(w.entry(x, y), dd), pow(r, rows[x][x2]) * pow(w.entry(x2, y), dd));
            }
        }
    }
}
