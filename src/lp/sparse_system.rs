//! Exact solution of sparse linear systems `A x = b` over the rationals (issue 14).
//!
//! The float-guided LP solver ([`super::guided`]) turns a floating-point guess of the optimal
//! basis into two square-or-rectangular sparse systems (the tight rows on the positive variables,
//! and the dual equations on the columns of zero reduced cost) and solves them here exactly.
//!
//! Method: Gaussian elimination in rationals with a Markowitz-style pivot order (a row of fewest
//! non-zeros, then in it the column occurring in fewest active rows), which on the ε-DP channel
//! LPs eliminates the two-term rows `t·p(y|x) = p(y|x')` first and keeps the fill-in to the
//! stochastic rows. Rows that become `0 = 0` are redundant and dropped; a row `0 = c` with
//! `c != 0` makes the system inconsistent. Columns that are never pivoted are free and set to 0,
//! so the answer is one solution (the basic one for this pivot order), not a description of all.

use crate::num::Rational;
use std::collections::BTreeSet;

/// A sparse row: `(column, coefficient)` sorted by column, no zeros.
pub type SparseRow = Vec<(usize, Rational)>;

/// One solution of `rows · x = rhs` in `n_cols` unknowns (free unknowns are 0), or `None` when
/// the system is inconsistent. Rows must be sorted by column, without zero coefficients.
pub fn solve(n_cols: usize, rows: Vec<SparseRow>, rhs: Vec<Rational>) -> Option<Vec<Rational>> {
    solve_near(vec![Rational::from(0u32); n_cols], rows, rhs)
}

/// [`solve`] with the free unknowns set to `defaults` instead of 0 (one entry per unknown): the
/// solution of the system that agrees with `defaults` on the unknowns the system leaves free.
pub fn solve_near(
    defaults: Vec<Rational>,
    mut rows: Vec<SparseRow>,
    mut rhs: Vec<Rational>,
) -> Option<Vec<Rational>> {
    let n_cols = defaults.len();
    assert_eq!(rows.len(), rhs.len(), "one right-hand side per row");
    let m = rows.len();
    // Active rows by (non-zeros, index); which active rows hold each column (may be stale:
    // membership is re-checked when used); how many active rows hold each column.
    let mut by_size: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut col_rows: Vec<Vec<usize>> = vec![Vec::new(); n_cols];
    let mut col_count = vec![0usize; n_cols];
    for (r, row) in rows.iter().enumerate() {
        if row.is_empty() {
            if rhs[r] != 0u32 {
                return None;
            }
            continue;
        }
        by_size.insert((row.len(), r));
        for (c, _) in row {
            col_rows[*c].push(r);
            col_count[*c] += 1;
        }
    }
    let mut active = vec![true; m];
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    while let Some(&(size, p)) = by_size.iter().next() {
        by_size.remove(&(size, p));
        active[p] = false;
        let q = rows[p]
            .iter()
            .map(|(c, _)| *c)
            .min_by_key(|c| (col_count[*c], *c))
            .expect("active rows are non-empty");
        for (c, _) in &rows[p] {
            col_count[*c] -= 1;
        }
        pivots.push((p, q));
        let prow = std::mem::take(&mut rows[p]);
        let pivot = &prow[prow
            .binary_search_by_key(&q, |(c, _)| *c)
            .expect("pivot column")]
        .1;
        let targets: Vec<usize> = std::mem::take(&mut col_rows[q]);
        let mut seen_target = BTreeSet::new();
        for r in targets {
            if !active[r] || !seen_target.insert(r) {
                continue;
            }
            let Ok(at) = rows[r].binary_search_by_key(&q, |(c, _)| *c) else {
                continue;
            };
            let f = &rows[r][at].1 / pivot;
            by_size.remove(&(rows[r].len(), r));
            let (merged, added, removed) = subtract_multiple(&rows[r], &f, &prow);
            for c in added {
                col_rows[c].push(r);
                col_count[c] += 1;
            }
            for c in removed {
                col_count[c] -= 1;
            }
            rows[r] = merged;
            let db = &f * &rhs[p];
            rhs[r] -= db;
            if rows[r].is_empty() {
                active[r] = false;
                if rhs[r] != 0u32 {
                    return None;
                }
            } else {
                by_size.insert((rows[r].len(), r));
            }
        }
        rows[p] = prow;
    }
    let mut x = defaults;
    for &(p, q) in pivots.iter().rev() {
        let mut s = rhs[p].clone();
        let mut pivot = None;
        for (c, a) in &rows[p] {
            if *c == q {
                pivot = Some(a);
            } else if x[*c] != 0u32 {
                s -= a * &x[*c];
            }
        }
        x[q] = s / pivot.expect("pivot column");
    }
    Some(x)
}

/// `row - f·prow` as a sorted sparse row, with the columns that appeared and disappeared.
fn subtract_multiple(
    row: &[(usize, Rational)],
    f: &Rational,
    prow: &[(usize, Rational)],
) -> (SparseRow, Vec<usize>, Vec<usize>) {
    let mut out = Vec::with_capacity(row.len() + prow.len());
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < row.len() || j < prow.len() {
        let ci = row.get(i).map_or(usize::MAX, |e| e.0);
        let cj = prow.get(j).map_or(usize::MAX, |e| e.0);
        if ci < cj {
            out.push(row[i].clone());
            i += 1;
        } else if cj < ci {
            out.push((cj, -(f * &prow[j].1)));
            added.push(cj);
            j += 1;
        } else {
            let v = &row[i].1 - f * &prow[j].1;
            if v == 0u32 {
                removed.push(ci);
            } else {
                out.push((ci, v));
            }
            i += 1;
            j += 1;
        }
    }
    (out, added, removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::Rational;
    use proptest::prelude::*;

    use crate::testutil::q;

    fn sparse(dense: &[Vec<Rational>]) -> Vec<SparseRow> {
        dense
            .iter()
            .map(|r| {
                r.iter()
                    .enumerate()
                    .filter(|(_, a)| **a != 0u32)
                    .map(|(c, a)| (c, a.clone()))
                    .collect()
            })
            .collect()
    }

    fn residual_zero(dense: &[Vec<Rational>], b: &[Rational], x: &[Rational]) -> bool {
        dense.iter().zip(b).all(|(row, bi)| {
            let mut s = Rational::from(0u32);
            for (a, xi) in row.iter().zip(x) {
                s += a * xi;
            }
            s == *bi
        })
    }

    /// Naive reference: dense Gauss–Jordan with the first non-zero pivot; `None` if inconsistent.
    fn naive_consistent(dense: &[Vec<Rational>], b: &[Rational]) -> bool {
        let mut a: Vec<Vec<Rational>> = dense.to_vec();
        let mut b = b.to_vec();
        let n = a.first().map_or(0, |r| r.len());
        let mut r0 = 0;
        for c in 0..n {
            let Some(p) = (r0..a.len()).find(|&r| a[r][c] != 0u32) else {
                continue;
            };
            a.swap(r0, p);
            b.swap(r0, p);
            for r in 0..a.len() {
                if r != r0 && a[r][c] != 0u32 {
                    let f = &a[r][c] / &a[r0][c];
                    let pivot_row = a[r0].clone();
                    for (v, p) in a[r].iter_mut().zip(&pivot_row) {
                        *v -= &f * p;
                    }
                    let d = &f * &b[r0];
                    b[r] -= d;
                }
            }
            r0 += 1;
        }
        (r0..a.len()).all(|r| b[r] == 0u32)
    }

    /// Literal table: a unique solution, a redundant row, an inconsistent system, a free column.
    #[test]
    fn table() {
        // 2x + y = 3, x - y = 0  ->  x = y = 1.
        let a = vec![vec![q(2, 1), q(1, 1)], vec![q(1, 1), q(-1, 1)]];
        assert_eq!(
            solve(2, sparse(&a), vec![q(3, 1), q(0, 1)]),
            Some(vec![q(1, 1), q(1, 1)])
        );
        // The DP chain t·p0 = p1, t·p1 = p2, p0 + p1 + p2 = 1 at t = 1/2: p = (4/7, 2/7, 1/7).
        let a = vec![
            vec![q(1, 2), q(-1, 1), q(0, 1)],
            vec![q(0, 1), q(1, 2), q(-1, 1)],
            vec![q(1, 1), q(1, 1), q(1, 1)],
        ];
        assert_eq!(
            solve(3, sparse(&a), vec![q(0, 1), q(0, 1), q(1, 1)]),
            Some(vec![q(4, 7), q(2, 7), q(1, 7)])
        );
        // x + y = 1 twice (redundant), and once more inconsistent.
        let a = vec![vec![q(1, 1), q(1, 1)], vec![q(2, 1), q(2, 1)]];
        let x = solve(2, sparse(&a), vec![q(1, 1), q(2, 1)]).unwrap();
        assert!(residual_zero(&a, &[q(1, 1), q(2, 1)], &x));
        assert_eq!(solve(2, sparse(&a), vec![q(1, 1), q(3, 1)]), None);
        // 0 = 1 as a row of its own.
        assert_eq!(solve(1, vec![vec![]], vec![q(1, 1)]), None);
    }

    proptest! {
        /// On random small dense-ish systems: consistent exactly when the naive reference says
        /// so, and then the answer satisfies every row exactly.
        #[test]
        fn agrees_with_naive(
            entries in prop::collection::vec(-3i64..=3, 1..=30),
            cols in 1usize..=5,
            rhs in prop::collection::vec(-4i64..=4, 1..=6),
            from_point in any::<bool>(),
        ) {
            let rows_n = (entries.len() / cols).clamp(1, 6);
            let dense: Vec<Vec<Rational>> = (0..rows_n)
                .map(|r| (0..cols).map(|c| q(*entries.get(r * cols + c).unwrap_or(&0), 1)).collect())
                .collect();
            // Half the cases take b = A·x0 (consistent by construction).
            let b: Vec<Rational> = if from_point {
                let x0: Vec<Rational> = (0..cols).map(|c| q(*rhs.get(c).unwrap_or(&1), 2)).collect();
                dense.iter().map(|row| {
                    let mut s = Rational::from(0u32);
                    for (a, x) in row.iter().zip(&x0) { s += a * x; }
                    s
                }).collect()
            } else {
                (0..rows_n).map(|r| q(*rhs.get(r).unwrap_or(&0), 1)).collect()
            };
            let got = solve(cols, sparse(&dense), b.clone());
            prop_assert_eq!(got.is_some(), naive_consistent(&dense, &b));
            if let Some(x) = got {
                prop_assert!(residual_zero(&dense, &b, &x));
            }
        }
    }
}
