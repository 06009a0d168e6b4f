//! Exact sparse Gaussian elimination with the row operations kept (an LU factorisation in
//! product form), over the rationals (issue 14).
//!
//! [`Elimination::new`] eliminates a sparse matrix once; the recorded operations then solve
//! `A x = b` for any right-hand side ([`Elimination::solve_near`]) and, when `A` is square and
//! non-singular, `Aᵀ y = w` ([`Elimination::solve_transposed`]). The exact revised simplex
//! ([`crate::lp::exact::revised`]) factors its basis here once per pivot and solves three systems with it;
//! the float-guided solver ([`crate::lp::guided`]) solves its one-off systems with [`solve_near`].
//!
//! Pivot order (Markowitz-style): a row of fewest non-zeros, then in it the column occurring in
//! fewest active rows. On the ε-DP channel LPs this eliminates the two-term rows
//! `t·p(y|x) = p(y|x')` first and keeps the fill-in to the stochastic rows. Rows that become
//! empty are dependent on the pivot rows; columns never pivoted are free.
//!
//! In matrix terms: the operations `M = E_K ⋯ E_1` (each `E` is "row `r` −= `f` · row `p`") turn
//! `A` into `U = M A`, whose pivot rows are triangular in pivot order. `A x = b` is then
//! `U x = M b` (back substitution), and for square non-singular `A`, `Aᵀ y = w` is `y = Mᵀ u`
//! with `Uᵀ u = w` (forward substitution).
//!
//! Tried and not kept (2026-11-27, issue 31 item 3, commit `7b7e842` of branch `lpexact40`): each
//! row kept during the elimination as a rational scale times a primitive integer row, so that a row
//! operation is integer products (`a_pq · row − a_rq · prow`) and one content gcd instead of about
//! three gcds per entry, and the rows converted back to rationals at the end. On the dual phase's
//! kernels of P_40 at e^ε = 10 the factorisations went from 1.65 s to 2.35 s (the content gcds
//! 0.73 s of the 1.37 s of row operations; the rational factors `f` 0.37 s; the conversion back 0.16 s):
//! the exact revised simplex from 3,629 to 4,224 ms on P_40 and 4,960 to 5,190 ms on C_40 (medians
//! of 3, interleaved, load ~4–5). The content of a row is not known in advance as the previous
//! pivot is in Bareiss's dense elimination, so it costs a gcd over the row; a sparse
//! integer-preserving elimination needs that bookkeeping (see [`crate::lp::exact::revised`]'s docs).

use super::sparse::SparseRow;
use crate::num::Rational;
use std::collections::BTreeSet;

/// A sparse matrix after exact elimination: the row operations, the pivots and the pivot rows.
#[derive(Clone, Debug)]
pub struct Elimination {
    n_cols: usize,
    /// `(p, r, f)`: row `r` −= `f` · row `p`, in the order applied.
    ops: Vec<(usize, usize, Rational)>,
    /// `(row, column)` of each pivot, in the order chosen.
    pivots: Vec<(usize, usize)>,
    /// The rows of `U = M A` (pivot rows; dependent rows are empty).
    rows: Vec<SparseRow>,
}

impl Elimination {
    /// Eliminate `rows` (each sorted by column, without zeros) in `n_cols` unknowns.
    pub fn new(n_cols: usize, mut rows: Vec<SparseRow>) -> Elimination {
        let m = rows.len();
        // Active rows by (non-zeros, index); which active rows hold each column (may be stale:
        // membership is re-checked when used); how many active rows hold each column.
        let mut by_size: BTreeSet<(usize, usize)> = BTreeSet::new();
        let mut col_rows: Vec<Vec<usize>> = vec![Vec::new(); n_cols];
        let mut col_count = vec![0usize; n_cols];
        for (r, row) in rows.iter().enumerate() {
            if row.is_empty() {
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
        let mut ops = Vec::new();
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
                ops.push((p, r, f));
                if rows[r].is_empty() {
                    active[r] = false;
                } else {
                    by_size.insert((rows[r].len(), r));
                }
            }
            rows[p] = prow;
        }
        Elimination {
            n_cols,
            ops,
            pivots,
            rows,
        }
    }

    /// `(row, column)` of each pivot, in the order chosen: the pivot rows are independent, the
    /// pivot columns are independent, and the submatrix they cross is non-singular.
    pub fn pivots(&self) -> &[(usize, usize)] {
        &self.pivots
    }

    /// The rank of the matrix.
    pub fn rank(&self) -> usize {
        self.pivots.len()
    }

    /// `M v`: the row operations applied to a right-hand side.
    fn forward(&self, v: &mut [Rational]) {
        for (p, r, f) in &self.ops {
            if v[*p] != 0u32 {
                let d = f * &v[*p];
                v[*r] -= d;
            }
        }
    }

    /// One solution of `A x = rhs` that agrees with `defaults` on the unknowns the system
    /// leaves free (one default per unknown), or `None` when the system is inconsistent.
    pub fn solve_near(
        &self,
        defaults: Vec<Rational>,
        mut rhs: Vec<Rational>,
    ) -> Option<Vec<Rational>> {
        assert_eq!(defaults.len(), self.n_cols, "one default per unknown");
        assert_eq!(rhs.len(), self.rows.len(), "one right-hand side per row");
        self.forward(&mut rhs);
        if self
            .rows
            .iter()
            .zip(&rhs)
            .any(|(row, b)| row.is_empty() && *b != 0u32)
        {
            return None;
        }
        let mut x = defaults;
        for &(p, q) in self.pivots.iter().rev() {
            let mut s = std::mem::replace(&mut rhs[p], Rational::from(0u32));
            let mut pivot = None;
            for (c, a) in &self.rows[p] {
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

    /// The solution of `A x = rhs` for square non-singular `A`.
    ///
    /// # Panics
    /// If `A` is not square and non-singular (a programming error of the caller).
    pub fn solve(&self, rhs: Vec<Rational>) -> Vec<Rational> {
        self.assert_nonsingular();
        self.solve_near(vec![Rational::from(0u32); self.n_cols], rhs)
            .expect("a non-singular system is consistent")
    }

    /// The solution of `Aᵀ y = w` for square non-singular `A` (one entry of `w` per column, one
    /// of `y` per row).
    ///
    /// # Panics
    /// If `A` is not square and non-singular (a programming error of the caller).
    pub fn solve_transposed(&self, mut w: Vec<Rational>) -> Vec<Rational> {
        self.assert_nonsingular();
        assert_eq!(w.len(), self.n_cols, "one entry per column");
        // Uᵀ u = w, forward in pivot order (a pivot row holds its pivot column and columns
        // pivoted later).
        let mut u = vec![Rational::from(0u32); self.rows.len()];
        for &(p, q) in &self.pivots {
            if w[q] == 0u32 {
                continue;
            }
            let row = &self.rows[p];
            let at = row.binary_search_by_key(&q, |(c, _)| *c).expect("pivot");
            let up = std::mem::replace(&mut w[q], Rational::from(0u32)) / &row[at].1;
            for (c, a) in row {
                if *c != q {
                    w[*c] -= a * &up;
                }
            }
            u[p] = up;
        }
        // y = Mᵀ u = E_1ᵀ ⋯ E_Kᵀ u, where Eᵀ is "u_p −= f · u_r".
        for (p, r, f) in self.ops.iter().rev() {
            if u[*r] != 0u32 {
                let d = f * &u[*r];
                u[*p] -= d;
            }
        }
        u
    }

    fn assert_nonsingular(&self) {
        assert!(
            self.rows.len() == self.n_cols && self.rank() == self.n_cols,
            "lu: {}x{} matrix of rank {} is not square and non-singular",
            self.rows.len(),
            self.n_cols,
            self.rank()
        );
    }
}

/// One solution of `rows · x = rhs` that agrees with `defaults` on the unknowns the system
/// leaves free (one default per unknown), or `None` when it is inconsistent: the one-off form
/// of [`Elimination::solve_near`].
///
/// A dense square system of [`DIXON_MIN`] unknowns or more is first tried by Dixon's p-adic
/// solve ([`crate::lp::exact::dixon`]), which answers only when the system is non-singular, with the
/// same (unique) solution, verified exactly; otherwise the elimination answers.
pub fn solve_near(
    defaults: Vec<Rational>,
    rows: Vec<SparseRow>,
    rhs: Vec<Rational>,
) -> Option<Vec<Rational>> {
    let n = defaults.len();
    let nonzeros: usize = rows.iter().map(Vec::len).sum();
    if rows.len() == n && n >= DIXON_MIN && 2 * nonzeros >= n * n {
        if let Some(x) = super::dixon::solve_square(n, &rows, &rhs) {
            return Some(x);
        }
    }
    Elimination::new(n, rows).solve_near(defaults, rhs)
}

/// The fewest unknowns for which a dense square system goes to [`crate::lp::exact::dixon`] first.
pub const DIXON_MIN: usize = 8;

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
    use crate::lp::exact::sparse::from_dense as sparse;
    use crate::testutil::q;
    use proptest::prelude::*;

    fn mul(dense: &[Vec<Rational>], x: &[Rational]) -> Vec<Rational> {
        dense
            .iter()
            .map(|row| {
                let mut s = Rational::from(0u32);
                for (a, v) in row.iter().zip(x) {
                    s += a * v;
                }
                s
            })
            .collect()
    }

    fn transpose(dense: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
        let n = dense.first().map_or(0, |r| r.len());
        (0..n)
            .map(|c| dense.iter().map(|r| r[c].clone()).collect())
            .collect()
    }

    /// Naive reference: the determinant by cofactor expansion (small matrices only).
    fn det(a: &[Vec<Rational>]) -> Rational {
        if a.is_empty() {
            return Rational::from(1u32);
        }
        let mut s = Rational::from(0u32);
        for (c, a0c) in a[0].iter().enumerate() {
            if *a0c == 0u32 {
                continue;
            }
            let minor: Vec<Vec<Rational>> = a[1..]
                .iter()
                .map(|r| {
                    r.iter()
                        .enumerate()
                        .filter(|(k, _)| *k != c)
                        .map(|(_, v)| v.clone())
                        .collect()
                })
                .collect();
            let term = a0c * det(&minor);
            if c % 2 == 0 {
                s += term;
            } else {
                s -= term;
            }
        }
        s
    }

    fn solve(n_cols: usize, rows: Vec<SparseRow>, rhs: Vec<Rational>) -> Option<Vec<Rational>> {
        solve_near(vec![Rational::from(0u32); n_cols], rows, rhs)
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
    fn rectangular_table() {
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

    /// Literal table: the DP chain `t·p0 = p1, t·p1 = p2, p0 + p1 + p2 = 1` at `t = 1/2` has
    /// `p = (4/7, 2/7, 1/7)`; its transpose system `Aᵀ y = (1, 0, 0)` is checked by hand; a
    /// rank-deficient matrix has rank 1.
    #[test]
    fn table() {
        let a = vec![
            vec![q(1, 2), q(-1, 1), q(0, 1)],
            vec![q(0, 1), q(1, 2), q(-1, 1)],
            vec![q(1, 1), q(1, 1), q(1, 1)],
        ];
        let lu = Elimination::new(3, sparse(&a));
        assert_eq!(lu.rank(), 3);
        assert_eq!(
            lu.solve(vec![q(0, 1), q(0, 1), q(1, 1)]),
            vec![q(4, 7), q(2, 7), q(1, 7)]
        );
        // Aᵀ y = (1, 0, 0): y0/2 + y2 = 1, -y0 + y1/2 + y2 = 0, -y1 + y2 = 0
        // -> y1 = y2, y0 = 3 y2 / 2, 3 y2 / 4 + y2 = 1 -> y2 = 4/7.
        assert_eq!(
            lu.solve_transposed(vec![q(1, 1), q(0, 1), q(0, 1)]),
            vec![q(6, 7), q(4, 7), q(4, 7)]
        );
        let a = vec![vec![q(1, 1), q(2, 1)], vec![q(2, 1), q(4, 1)]];
        assert_eq!(Elimination::new(2, sparse(&a)).rank(), 1);
    }

    proptest! {
        /// On random small square matrices: non-singular exactly when the cofactor determinant
        /// is non-zero, and then both solves satisfy their systems exactly.
        #[test]
        fn square_solves_agree_with_naive(
            entries in prop::collection::vec(-3i64..=3, 16),
            n in 1usize..=4,
            rhs in prop::collection::vec(-4i64..=4, 4),
        ) {
            let a: Vec<Vec<Rational>> = (0..n)
                .map(|r| (0..n).map(|c| q(entries[r * 4 + c], 1)).collect())
                .collect();
            let b: Vec<Rational> = (0..n).map(|r| q(rhs[r], 1)).collect();
            let lu = Elimination::new(n, sparse(&a));
            prop_assert_eq!(lu.rank() == n, det(&a) != 0u32);
            if lu.rank() == n {
                let x = lu.solve(b.clone());
                prop_assert_eq!(mul(&a, &x), b.clone());
                let y = lu.solve_transposed(b.clone());
                prop_assert_eq!(mul(&transpose(&a), &y), b);
            }
        }
    }

    proptest! {
        /// On random small dense-ish systems: consistent exactly when the naive reference says
        /// so, and then the answer satisfies every row exactly.
        #[test]
        fn rectangular_agrees_with_naive(
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
