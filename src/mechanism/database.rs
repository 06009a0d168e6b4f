//! Database mechanisms `M : 𝒳^n → Δ(𝒴)` on a finite alphabet `𝒳` (`|𝒳| = m`): one output
//! distribution per database `x ∈ 𝒳^n`, neighbours at Hamming distance one (Dwork–Roth,
//! *The Algorithmic Foundations of Differential Privacy*, Def. 2.4; Vadhan, *The Complexity of
//! Differential Privacy*, Def. 1.1), and per-row randomized response with independent coins.

use crate::measure::{max_ratio, ExtRational};
use crate::num::fmt::fmt_rows;
use crate::num::Rational;
use crate::prob::Channel;
use malachite::base::num::basic::traits::One;
use std::fmt;

/// A mechanism on `𝒳^n` with `|𝒳| = m`: `rows[x]` is `M(x)`, databases indexed in base m
/// with row 1 as the most significant digit.
#[derive(Clone, Debug)]
pub struct DatabaseMechanism {
    /// Database size (rows).
    pub n: usize,
    /// Size of the row alphabet `𝒳`.
    pub m: usize,
    /// `rows[x]` = the output distribution `M(x)` of database `x`.
    pub rows: Vec<Vec<Rational>>,
    /// How the mechanism was built (reproduces it together with `rows`).
    pub name: String,
}

impl fmt::Display for DatabaseMechanism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} n={} |X|={} M={}",
            self.name,
            self.n,
            self.m,
            fmt_rows(&self.rows)
        )
    }
}

impl DatabaseMechanism {
    /// The digits (rows) of database index `x`.
    pub fn digits(&self, x: usize) -> Vec<usize> {
        let mut d = vec![0; self.n];
        let mut v = x;
        for i in (0..self.n).rev() {
            d[i] = v % self.m;
            v /= self.m;
        }
        d
    }

    /// Database index of digits.
    pub fn index(&self, d: &[usize]) -> usize {
        d.iter().fold(0, |acc, &a| acc * self.m + a)
    }

    /// Number of databases `m^n`.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// Every ordered neighbour pair `(x, x')` (differ in exactly one row), with that row.
    pub fn neighbours(&self) -> Vec<(usize, usize, usize)> {
        let mut v = Vec::new();
        for x in 0..self.size() {
            let d = self.digits(x);
            for i in 0..self.n {
                for a in 0..self.m {
                    if a != d[i] {
                        let mut e = d.clone();
                        e[i] = a;
                        v.push((x, self.index(&e), i));
                    }
                }
            }
        }
        v
    }

    /// Exact DP level `e^ε = max over neighbours and outputs of M(x)(y)/M(x')(y)`
    /// (1 when there are no neighbours; ∞ when a zero meets a nonzero).
    pub fn level(&self) -> ExtRational {
        let mut best = ExtRational::Finite(Rational::ONE);
        for (x, xp, _) in self.neighbours() {
            let q = max_ratio(&self.rows[x], &self.rows[xp]);
            best = best.max(q);
        }
        best
    }

    /// Parallel composition on the same databases (outputs independent given the database,
    /// Dwork–Roth Thm 3.14): `M(x) ⊗ M'(x)`, named `(M) x (M')`. `other` must be on the same
    /// `𝒳^n`.
    pub fn parallel(&self, other: &DatabaseMechanism) -> DatabaseMechanism {
        assert_eq!(
            (self.n, self.m),
            (other.n, other.m),
            "parallel needs the same X^n"
        );
        DatabaseMechanism {
            n: self.n,
            m: self.m,
            rows: crate::prob::parallel_rows(&self.rows, &other.rows),
            name: format!("({}) x ({})", self.name, other.name),
        }
    }

    /// Output alphabet size.
    pub fn outputs(&self) -> usize {
        self.rows[0].len()
    }

    /// The row channels of the mechanism: for each position `i` and each assignment `x_{-i}`
    /// of the other rows (in lexicographic order), the channel whose input `a ∈ 𝒳` is row `i`,
    /// `W_a = M(x_{-i} with x_i = a)`, labelled `i=<1-based i> x_-i=<digits>`. The DP level
    /// of `M` is the largest level of these channels on the complete graph.
    pub fn row_slices(&self) -> Vec<(String, Vec<Vec<Rational>>)> {
        let rest_count = self.m.pow(self.n.saturating_sub(1) as u32);
        let mut out = Vec::with_capacity(self.n * rest_count);
        for i in 0..self.n {
            for rest_index in 0..rest_count {
                let mut rest = vec![0; self.n - 1];
                let mut v = rest_index;
                for j in (0..self.n - 1).rev() {
                    rest[j] = v % self.m;
                    v /= self.m;
                }
                let rows = (0..self.m)
                    .map(|a| {
                        let mut d = rest.clone();
                        d.insert(i, a);
                        self.rows[self.index(&d)].clone()
                    })
                    .collect();
                out.push((format!("i={} x_-i={rest:?}", i + 1), rows));
            }
        }
        out
    }

    /// [`row_slices`](Self::row_slices) as channels, for the measures (each slice of a
    /// row-stochastic mechanism is a channel).
    ///
    /// # Panics
    /// If a row of the mechanism is not a distribution (every constructor here builds
    /// distributions).
    pub(crate) fn row_channels(&self) -> Vec<(String, Channel)> {
        self.row_slices()
            .into_iter()
            .map(|(label, rows)| {
                let w = Channel::new(rows).expect("a mechanism's rows are distributions");
                (label, w)
            })
            .collect()
    }
}

/// Per-row randomized response with independent coins: each row `x_i ∈ {0..m-1}` is reported
/// truthfully with weight t and each other value with weight 1 (k-ary RR), outputs in `𝒳^n`.
pub fn product_randomized_response(n: usize, m: usize, t: &Rational) -> DatabaseMechanism {
    let one = Rational::ONE;
    let z = t + Rational::from(m as u64 - 1);
    let size = m.pow(n as u32);
    let mut rows = Vec::with_capacity(size);
    let proto = DatabaseMechanism {
        n,
        m,
        rows: Vec::new(),
        name: String::new(),
    };
    for x in 0..size {
        let dx = proto.digits(x);
        let row: Vec<Rational> = (0..size)
            .map(|y| {
                let dy = proto.digits(y);
                dx.iter()
                    .zip(&dy)
                    .map(|(a, b)| if a == b { t / &z } else { &one / &z })
                    .product()
            })
            .collect();
        rows.push(row);
    }
    DatabaseMechanism {
        n,
        m,
        rows,
        name: format!("product-RR(t={t})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testutil::q;

    #[test]
    fn product_randomized_response_level_is_t() {
        for t in [q(2, 1), q(5, 4)] {
            let m = product_randomized_response(2, 2, &t);
            assert_eq!(m.level(), ExtRational::Finite(t.clone()));
            for row in &m.rows {
                assert_eq!(row.iter().cloned().sum::<Rational>(), q(1, 1));
            }
        }
    }

    #[test]
    fn neighbours_of_binary_pairs() {
        let m = product_randomized_response(2, 2, &q(2, 1));
        assert_eq!(m.neighbours().len(), 8);
        assert_eq!(m.digits(2), vec![1, 0]);
        assert_eq!(m.index(&[1, 1]), 3);
    }

    /// Literal table: on 𝒳² with |𝒳| = 3, the slice `i=2 x_-i=[1]` holds the databases
    /// (1,0), (1,1), (1,2) = indices 3, 4, 5.
    #[test]
    fn row_slices_literal() {
        let rows: Vec<Vec<Rational>> = (0..9).map(|x| vec![q(x, 8), q(8 - x, 8)]).collect();
        let m = DatabaseMechanism {
            n: 2,
            m: 3,
            rows,
            name: "t".into(),
        };
        let s = m.row_slices();
        assert_eq!(s.len(), 6);
        assert_eq!(s[4].0, "i=2 x_-i=[1]");
        assert_eq!(
            s[4].1,
            vec![m.rows[3].clone(), m.rows[4].clone(), m.rows[5].clone()]
        );
        assert_eq!(s[0].0, "i=1 x_-i=[0]");
        assert_eq!(
            s[0].1,
            vec![m.rows[0].clone(), m.rows[3].clone(), m.rows[6].clone()]
        );
    }

    proptest::proptest! {
        /// Against a naive grouping of the neighbour pairs: every slice's databases differ
        /// exactly at row i, and every database is in exactly one slice per position.
        #[test]
        fn row_slices_partition_each_position(n in 1usize..=3, m in 2usize..=3) {
            let size = m.pow(n as u32);
            let rows: Vec<Vec<Rational>> = (0..size).map(|x| vec![q(x as i64, 1)]).collect();
            let mech = DatabaseMechanism { n, m, rows, name: String::new() };
            let slices = mech.row_slices();
            proptest::prop_assert_eq!(slices.len(), n * size / m);
            let mut seen = vec![0usize; size];
            for (_, w) in &slices {
                let xs: Vec<usize> = w.iter().map(|row| usize::try_from(&row[0]).unwrap()).collect();
                for a in &xs {
                    seen[*a] += 1;
                    for b in &xs {
                        if a != b {
                            proptest::prop_assert!(mech.neighbours().iter().any(|(x, y, _)| x == a && y == b));
                        }
                    }
                }
            }
            proptest::prop_assert!(seen.iter().all(|&c| c == n));
        }
    }
}
