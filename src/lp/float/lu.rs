//! A sparse LU factorisation of a square matrix in floating point, for the float dual simplex
//! ([`crate::lp::float::simplex`]): hints only, never a decision.
//!
//! Right-looking Gaussian elimination with the Markowitz pivot choice and threshold partial
//! pivoting (Markowitz 1957; Suhl & Suhl, "Computing sparse LU factorizations for large-scale
//! linear programming bases", ORSA J. Computing 2(4), 1990): among the few columns and rows
//! with the fewest entries, the entry with the smallest `(r − 1)(c − 1)` whose magnitude is at
//! least [`THRESHOLD`] times its column's largest. A simplex basis is mostly slack columns
//! (singletons, no fill) and, on the ε-DP channel LPs, two-entry rows, so the elimination is
//! nearly triangular. The exact counterpart is [`crate::lp::exact::lu`]; this one keeps no rationals.
//!
//! `P A Q = L U` is kept as the pivot sequence `(r_k, c_k)`: the multipliers of step `k`
//! (`b_i −= l_ik b_{r_k}`), and row `r_k` of the active matrix at step `k` (the row of `U`).

use crate::lp::float::sparse_vec::SparseVec;

/// The least ratio of a pivot to the largest entry of its column in the active matrix.
const THRESHOLD: f64 = 0.1;

/// Entries below this (absolute) are not pivots: the matrix is taken as singular.
const TINY: f64 = 1e-11;

/// Columns and rows of the fewest entries examined per pivot choice.
const SEARCH: usize = 4;

/// `P A Q = L U` of a square sparse matrix (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct FloatLu {
    /// Pivot `k`: its row and column.
    prow: Vec<usize>,
    pcol: Vec<usize>,
    /// Multipliers of step `k`: `(row, l)` in `lidx/lval[lstart[k]..lstart[k + 1]]`.
    lstart: Vec<usize>,
    lidx: Vec<usize>,
    lval: Vec<f64>,
    /// The steps with multipliers, in order: the solves skip the others (most steps of a
    /// simplex basis are its slacks' unit columns, issue 42 item 8).
    lsteps: Vec<usize>,
    /// Row `r_k` of `U` without its pivot: `(column, u)` in `uidx/uval[ustart[k]..]`; and the
    /// pivot.
    ustart: Vec<usize>,
    uidx: Vec<usize>,
    uval: Vec<f64>,
    udiag: Vec<f64>,
    /// Steps `0..singletons` pivot column singletons (the basic slacks' unit columns): an
    /// identity block up to scaling, whose rows of `U` hold entries of kernel columns only
    /// (HiGHS's `HFactor` likewise factors only the kernel of a basis and takes its basic
    /// slacks as trivial; issue 42 item 8).
    singletons: usize,
    /// The entries of `U` again by column, `(row, u)` in `srow/sval[sstart[c]..sstart[c +
    /// 1]]` (HiGHS's `HFactor` keeps `U` both ways too), so that the forward solve passes a
    /// column of `U` only where the solution has a non-zero entry, rather than every entry of
    /// every row of `U` (issue 42 item 8, sixth round); the singleton steps are then passed
    /// only where an entry falls on their rows.
    sstart: Vec<usize>,
    srow: Vec<usize>,
    sval: Vec<f64>,
    /// The step of each row and of each column.
    step_of_row: Vec<usize>,
    /// By row: the column of the singleton step on it (`usize::MAX` for a kernel row) and
    /// its pivot, so that the forward solve's pass of the singleton steps reads in order
    /// rather than through the steps (issue 42 item 8, seventh round).
    single_col: Vec<usize>,
    single_diag: Vec<f64>,
    /// The singleton steps again as `(row, column, pivot)` in the order of their rows, for the
    /// forward solve's pass over a dense `b` (issue 42 item 8, eighth round: read through
    /// [`FloatLu::single_col`] every kernel row was a branch, mispredicted, and so was every
    /// zero of `b`: half the solve's own time on P_160).
    singles: Vec<(usize, usize, f64)>,
    step_of_col: Vec<usize>,
}

/// Items grouped by their count of entries, with lazy deletion: an item may sit in the bucket
/// of an old count too (it is checked against the current count when read).
struct Buckets(Vec<Vec<usize>>);

impl Buckets {
    fn push(&mut self, item: usize, count: usize) {
        if count < self.0.len() {
            self.0[count].push(item);
        }
    }

    /// Up to `want` live items of count `k` into `found` (`live(item)` is its current count,
    /// or `None` once pivoted); stale entries are dropped on the way. `found` is the caller's,
    /// reused (issue 42 item 8, eighth round: not an allocation per search).
    fn live(
        &mut self,
        k: usize,
        want: usize,
        live: impl Fn(usize) -> Option<usize>,
        found: &mut Vec<usize>,
    ) {
        let bucket = &mut self.0[k];
        found.clear();
        let mut at = 0;
        while at < bucket.len() && found.len() < want {
            let item = bucket[at];
            if live(item) == Some(k) && !found.contains(&item) {
                found.push(item);
                at += 1;
            } else {
                bucket.swap_remove(at);
            }
        }
    }
}

impl FloatLu {
    /// Factor the `n × n` matrix whose column `c` has the entries `columns[c]` as `(row,
    /// value)` pairs (at most one per row); `None` if it is singular (no acceptable pivot above
    /// [`TINY`]).
    ///
    /// Column singletons are pivoted first, without the Markowitz search (issue 42 item 8): a
    /// simplex basis of the ε-DP LPs is mostly slack columns (unit columns, one per row), whose
    /// pivots have no multipliers and whose rows of `U` are the rows of the matrix without
    /// them, so only the *kernel* — the other columns on the rows no singleton took — is built
    /// and eliminated (on H(6,2), ≤ 4,096 basic structurals among 24,640 rows).
    pub(crate) fn factor<C: AsRef<[(usize, f64)]>>(n: usize, columns: &[C]) -> Option<FloatLu> {
        debug_assert_eq!(columns.len(), n);
        let mut lu = FloatLu {
            prow: Vec::with_capacity(n),
            pcol: Vec::with_capacity(n),
            lstart: vec![0],
            lidx: Vec::new(),
            lval: Vec::new(),
            lsteps: Vec::new(),
            ustart: vec![0],
            uidx: Vec::new(),
            uval: Vec::new(),
            udiag: Vec::with_capacity(n),
            singletons: 0,
            sstart: vec![0; n + 1],
            srow: Vec::new(),
            sval: Vec::new(),
            step_of_row: Vec::new(),
            step_of_col: Vec::new(),
            single_col: Vec::new(),
            single_diag: Vec::new(),
            singles: Vec::new(),
        };
        // The singleton pivots: a column with one non-zero entry, on a row no earlier
        // singleton took (a second singleton on that row is left to the kernel, where it is an
        // empty column: the matrix is singular).
        let mut row_done = vec![false; n];
        let mut col_done = vec![false; n];
        for (c, col) in columns.iter().enumerate() {
            let mut entries = col.as_ref().iter().filter(|(_, v)| *v != 0.0);
            if let (Some(&(i, v)), None) = (entries.next(), entries.next()) {
                if v.abs() >= TINY && !row_done[i] {
                    row_done[i] = true;
                    col_done[c] = true;
                    lu.prow.push(i);
                    lu.pcol.push(c);
                    lu.udiag.push(v);
                }
            }
        }
        // Their rows of `U` (the kernel columns' entries on those rows), in pivot order; the
        // kernel's entries by rows, with values, and by columns, the rows (those already
        // pivoted are skipped when read).
        lu.singletons = lu.prow.len();
        let mut step = vec![usize::MAX; n];
        for (k, &r) in lu.prow.iter().enumerate() {
            step[r] = k;
        }
        let mut rows: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
        let mut cols: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut ucount = vec![0usize; lu.prow.len() + 1];
        for (c, col) in columns.iter().enumerate() {
            if col_done[c] {
                continue;
            }
            for &(i, v) in col.as_ref() {
                if v == 0.0 {
                    continue;
                }
                if row_done[i] {
                    ucount[step[i] + 1] += 1;
                } else {
                    rows[i].push((c, v));
                    cols[c].push(i);
                }
            }
        }
        for k in 0..lu.prow.len() {
            ucount[k + 1] += ucount[k];
        }
        lu.uidx = vec![0; ucount[lu.prow.len()]];
        lu.uval = vec![0.0; ucount[lu.prow.len()]];
        let mut fill = ucount.clone();
        for (c, col) in columns.iter().enumerate() {
            if col_done[c] {
                continue;
            }
            for &(i, v) in col.as_ref() {
                if v != 0.0 && row_done[i] {
                    let at = &mut fill[step[i]];
                    lu.uidx[*at] = c;
                    lu.uval[*at] = v;
                    *at += 1;
                }
            }
        }
        lu.ustart = ucount;
        lu.lstart = vec![0; lu.prow.len() + 1];
        // Each kernel column's largest entry at the start: the threshold of a row singleton.
        let first_max: Vec<f64> = rows.iter().fold(vec![0.0f64; n], |mut max, row| {
            for &(c, v) in row {
                max[c] = max[c].max(v.abs());
            }
            max
        });
        let mut col_count: Vec<usize> = cols.iter().map(Vec::len).collect();
        let mut col_buckets = Buckets(vec![Vec::new(); n + 1]);
        let mut row_buckets = Buckets(vec![Vec::new(); n + 1]);
        for (c, &count) in col_count.iter().enumerate() {
            if !col_done[c] {
                col_buckets.push(c, count);
            }
        }
        for (i, row) in rows.iter().enumerate() {
            if !row_done[i] {
                row_buckets.push(i, row.len());
            }
        }
        // Scatter of the pivot row, and marks of the columns a row holds.
        let mut work = vec![0.0f64; n];
        let mut in_pivot_row = vec![false; n];
        let mut seen = vec![usize::MAX; n];
        let value = |rows: &[Vec<(usize, f64)>], i: usize, c: usize| {
            rows[i]
                .iter()
                .find(|(j, _)| *j == c)
                .map_or(0.0, |(_, v)| *v)
        };
        let mut entries: Vec<(usize, f64)> = Vec::new();
        let mut cands: Vec<usize> = Vec::with_capacity(SEARCH);
        for _ in lu.prow.len()..n {
            // The pivot: Markowitz among the sparsest columns and rows.
            let mut best: Option<(usize, usize, usize)> = None; // (cost, row, col)
            let mut examined = 0;
            for k in 1..=n {
                let live_col = |c: usize| (!col_done[c]).then(|| col_count[c]);
                col_buckets.live(k, SEARCH, live_col, &mut cands);
                // A pivot of cost 0 is not beaten (a later one must cost less to replace
                // it): the candidates are still drawn from their buckets, as their stale
                // entries are dropped on the way (so the pivots are the same as before), but
                // not examined (issue 42 item 8, ninth round: a column singleton was examined
                // with up to three others, each a search of its rows, before it was taken).
                let zero = |best: Option<(usize, usize, usize)>| best.is_some_and(|b| b.0 == 0);
                for &c in &cands {
                    if zero(best) {
                        break;
                    }
                    examined += 1;
                    // The column's live entries, each found in its row once (issue 42 item 8,
                    // seventh round: the largest and then each entry were two searches of
                    // the rows, a third of the factorisation on P_160); a column
                    // singleton's entry is its largest.
                    entries.clear();
                    let mut max = 0.0f64;
                    for &i in cols[c].iter().filter(|&&i| !row_done[i]) {
                        let v = value(&rows, i, c).abs();
                        max = max.max(v);
                        entries.push((i, v));
                    }
                    if k == 1 {
                        max = 0.0;
                    }
                    for &(i, v) in &entries {
                        if v >= TINY && v >= THRESHOLD * max {
                            let cost = (rows[i].len() - 1) * (k - 1);
                            if best.is_none_or(|b| cost < b.0) {
                                best = Some((cost, i, c));
                            }
                        }
                    }
                }
                // Row singletons (no fill), against their column's first largest entry; longer
                // rows are reached through their columns (the current largest entry of each
                // column of a row scans those columns' rows: most of a factorisation's time).
                cands.clear();
                if k == 1 {
                    let live_row = |i: usize| (!row_done[i]).then(|| rows[i].len());
                    row_buckets.live(k, SEARCH, live_row, &mut cands);
                }
                for &i in &cands {
                    if zero(best) {
                        break;
                    }
                    examined += 1;
                    for &(c, v) in &rows[i] {
                        let v = v.abs();
                        if v >= TINY && v >= THRESHOLD * first_max[c] {
                            let cost = (k - 1) * (col_count[c] - 1);
                            if best.is_none_or(|b| cost < b.0) {
                                best = Some((cost, i, c));
                            }
                        }
                    }
                }
                if best.is_some_and(|b| b.0 <= (k - 1) * (k - 1) || examined >= SEARCH) {
                    break;
                }
            }
            let (_, r, c) = best?;
            // Eliminate: row r leaves the active matrix as a row of U.
            row_done[r] = true;
            col_done[c] = true;
            let pivot_row = std::mem::take(&mut rows[r]);
            let mut pivot = 0.0;
            for &(j, v) in &pivot_row {
                if j == c {
                    pivot = v;
                } else {
                    lu.uidx.push(j);
                    lu.uval.push(v);
                    work[j] = v;
                    in_pivot_row[j] = true;
                    col_count[j] -= 1;
                    col_buckets.push(j, col_count[j]);
                }
            }
            // Column c leaves the active matrix (no fill can enter it).
            for i in std::mem::take(&mut cols[c]) {
                if row_done[i] {
                    continue;
                }
                let Some(at) = rows[i].iter().position(|(j, _)| *j == c) else {
                    continue;
                };
                let l = rows[i].swap_remove(at).1 / pivot;
                lu.lidx.push(i);
                lu.lval.push(l);
                for (j, v) in rows[i].iter_mut() {
                    seen[*j] = i;
                    if in_pivot_row[*j] {
                        *v -= l * work[*j];
                    }
                }
                for &(j, w) in &pivot_row {
                    if j != c && seen[j] != i {
                        rows[i].push((j, -l * w));
                        cols[j].push(i);
                        col_count[j] += 1;
                        col_buckets.push(j, col_count[j]);
                    }
                }
                row_buckets.push(i, rows[i].len());
            }
            for &(j, _) in &pivot_row {
                in_pivot_row[j] = false;
            }
            if lu.lidx.len() > lu.lstart[lu.prow.len()] {
                lu.lsteps.push(lu.prow.len());
            }
            lu.prow.push(r);
            lu.pcol.push(c);
            lu.udiag.push(pivot);
            lu.lstart.push(lu.lidx.len());
            lu.ustart.push(lu.uidx.len());
        }
        lu.step_of_row = vec![0; n];
        lu.step_of_col = vec![0; n];
        lu.single_col = vec![usize::MAX; n];
        lu.single_diag = vec![0.0; n];
        for k in 0..n {
            lu.step_of_row[lu.prow[k]] = k;
            lu.step_of_col[lu.pcol[k]] = k;
            if k < lu.singletons {
                lu.single_col[lu.prow[k]] = lu.pcol[k];
                lu.single_diag[lu.prow[k]] = lu.udiag[k];
            }
        }
        lu.singles = (0..n)
            .filter(|&i| lu.single_col[i] != usize::MAX)
            .map(|i| (i, lu.single_col[i], lu.single_diag[i]))
            .collect();
        lu.index_u_by_columns();
        Some(lu)
    }

    /// [`FloatLu::sstart`] and the rest: the entries of `U` by column (a counting sort of
    /// its rows' entries).
    fn index_u_by_columns(&mut self) {
        let n = self.prow.len();
        let mut start = vec![0usize; n + 1];
        for &c in &self.uidx {
            start[c + 1] += 1;
        }
        for c in 0..n {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        self.srow = vec![0; self.uidx.len()];
        self.sval = vec![0.0; self.uidx.len()];
        for k in 0..n {
            for t in self.ustart[k]..self.ustart[k + 1] {
                let at = &mut fill[self.uidx[t]];
                self.srow[*at] = self.prow[k];
                self.sval[*at] = self.uval[t];
                *at += 1;
            }
        }
        self.sstart = start;
    }

    /// The order of the matrix.
    pub(crate) fn dim(&self) -> usize {
        self.prow.len()
    }

    /// Entries of `L` and `U`, without the pivots.
    pub(crate) fn nonzeros(&self) -> usize {
        self.lidx.len() + self.uidx.len()
    }

    /// The solution `x` (indexed by column) of `A x = b` (`b` indexed by row); the tests'
    /// entry.
    #[cfg(test)]
    pub(crate) fn solve(&self, b: Vec<f64>) -> Vec<f64> {
        let mut x = SparseVec::new(b.len());
        self.ftran(&mut SparseVec::from_dense(b), &mut x);
        x.val
    }

    /// [`FloatLu::solve`] on listed entries (issue 42 item 8): `b` (by row) is cleared, `x`
    /// (by column) must be zero and gets the solution with its entries listed (or its list
    /// given up past its density, see [`SparseVec`]). The steps of `L` and `U` of the kernel
    /// are passed in order, a column of `U` only where the solution is non-zero; the singleton
    /// steps only where `b` or the kernel's solution puts a non-zero entry on their rows.
    pub(crate) fn ftran(&self, b: &mut SparseVec, x: &mut SparseVec) {
        for &k in &self.lsteps {
            let v = b.val[self.prow[k]];
            if v != 0.0 {
                let at = self.lstart[k]..self.lstart[k + 1];
                b.sub_split(&self.lidx[at.clone()], &self.lval[at], v);
            }
        }
        for k in (self.singletons..self.prow.len()).rev() {
            let v = b.val[self.prow[k]];
            if v != 0.0 {
                let c = self.pcol[k];
                let xc = v / self.udiag[k];
                x.set(c, xc);
                // Column c of U (on the rows of earlier steps).
                let at = self.sstart[c]..self.sstart[c + 1];
                b.sub_split(&self.srow[at.clone()], &self.sval[at], xc);
            }
        }
        match b.list() {
            Some(list) => {
                for &i in list {
                    let c = self.single_col[i];
                    if c != usize::MAX && b.val[i] != 0.0 {
                        x.set(c, b.val[i] / self.single_diag[i]);
                    }
                }
            }
            // Past its density (see [`SparseVec`]) `b` is passed in full, in order, each
            // singleton step's entry written without a branch on it (its column holds no
            // entry of `x` yet: the kernel's steps write only theirs).
            None => {
                for &(i, c, d) in &self.singles {
                    let v = b.val[i];
                    // `v / 1.0` is `v`: the slacks' unit columns skip the division.
                    let q = if d == 1.0 { v } else { v / d };
                    x.put_new(c, if q != 0.0 { q } else { 0.0 });
                }
            }
        }
        b.clear();
    }

    /// The solution `y` (indexed by row) of `Aᵀ y = c` (`c` indexed by column); the tests'
    /// entry.
    #[cfg(test)]
    pub(crate) fn solve_transposed(&self, c: Vec<f64>) -> Vec<f64> {
        let mut y = SparseVec::new(c.len());
        self.btran(&mut SparseVec::from_dense(c), &mut y);
        y.val
    }

    /// [`FloatLu::solve_transposed`] on listed entries: `c` (by column) is cleared, `y` (by
    /// row) must be zero and gets the solution with its entries listed. The singleton steps
    /// are passed only where `c` has an entry on their columns (their rows of `U` reach kernel
    /// columns only), the kernel's steps in order.
    pub(crate) fn btran(&self, c: &mut SparseVec, y: &mut SparseVec) {
        // The singleton steps where `c` has an entry; the entries they add fall on kernel
        // columns, and those listed before stay listed if `c` gives its list up midway.
        let singleton = |c: &mut SparseVec, y: &mut SparseVec, k: usize| {
            let v = c.val[self.pcol[k]] / self.udiag[k];
            if v != 0.0 {
                y.set(self.prow[k], v);
                let at = self.ustart[k]..self.ustart[k + 1];
                c.sub_split(&self.uidx[at.clone()], &self.uval[at], v);
            }
        };
        match c.list().map(<[usize]>::len) {
            Some(listed) => {
                for t in 0..listed {
                    let k = self.step_of_col[c.nth_listed(t)];
                    if k < self.singletons {
                        singleton(c, y, k);
                    }
                }
            }
            // Past its density `c` is passed in full, in order (the singleton steps are
            // independent of one another).
            None => {
                for p in 0..c.val.len() {
                    let k = self.step_of_col[p];
                    if c.val[p] != 0.0 && k < self.singletons {
                        singleton(c, y, k);
                    }
                }
            }
        }
        for k in self.singletons..self.prow.len() {
            let v = c.val[self.pcol[k]] / self.udiag[k];
            if v != 0.0 {
                y.set(self.prow[k], v);
                let at = self.ustart[k]..self.ustart[k + 1];
                c.sub_split(&self.uidx[at.clone()], &self.uval[at], v);
            }
        }
        for &k in self.lsteps.iter().rev() {
            let i = self.prow[k];
            let mut v = y.val[i];
            for t in self.lstart[k]..self.lstart[k + 1] {
                v -= self.lval[t] * y.val[self.lidx[t]];
            }
            y.set(i, v);
        }
        c.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `A x` for `A` given by columns.
    fn times(columns: &[Vec<(usize, f64)>], x: &[f64]) -> Vec<f64> {
        let mut b = vec![0.0; columns.len()];
        for (c, col) in columns.iter().enumerate() {
            for &(i, v) in col {
                b[i] += v * x[c];
            }
        }
        b
    }

    /// `Aᵀ y`.
    fn times_transposed(columns: &[Vec<(usize, f64)>], y: &[f64]) -> Vec<f64> {
        columns
            .iter()
            .map(|col| col.iter().map(|&(i, v)| v * y[i]).sum())
            .collect()
    }

    /// A 3 × 3 matrix solved by hand: `[[2, 1, 0], [0, 1, 1], [1, 0, 3]]`, `b = (3, 2, 4)` has
    /// `x = (1, 1, 1)`; `Aᵀ y = (3, 2, 4)` has `y = (1, 1, 1)` too (the column sums).
    #[test]
    fn a_literal_system() {
        let columns = vec![
            vec![(0, 2.0), (2, 1.0)],
            vec![(0, 1.0), (1, 1.0)],
            vec![(1, 1.0), (2, 3.0)],
        ];
        let lu = FloatLu::factor(3, &columns).unwrap();
        for v in lu.solve(vec![3.0, 2.0, 4.0]) {
            assert!((v - 1.0).abs() < 1e-14, "{v}");
        }
        for v in lu.solve_transposed(vec![3.0, 2.0, 4.0]) {
            assert!((v - 1.0).abs() < 1e-14, "{v}");
        }
    }

    /// A matrix with a zero column, and one with two equal rows: singular.
    #[test]
    fn singular_matrices_are_refused() {
        let zero_col = vec![vec![(0, 1.0)], vec![], vec![(2, 1.0)]];
        assert!(FloatLu::factor(3, &zero_col).is_none());
        let equal_rows = vec![vec![(0, 1.0), (1, 1.0)], vec![(0, 2.0), (1, 2.0)]];
        assert!(FloatLu::factor(2, &equal_rows).is_none());
    }

    /// A basis-like matrix with two unit columns (slacks of rows 0 and 2) and a 2 × 2 kernel
    /// on rows 1 and 3 (issue 42 item 8's singleton pass): `[[1, 0, 2, 0], [0, 0, 3, 1], [0,
    /// 1, 4, 0], [0, 0, 1, 2]]` (columns: slack 0, slack 2, then two structurals) with `x =
    /// (1, 2, 1, 1)` gives `b = (3, 4, 6, 3)`, worked by hand; `Aᵀ y = (1, 2, 14, 3)` has
    /// `y = (1, 1, 2, 1)`.
    #[test]
    fn unit_columns_then_a_kernel() {
        let columns = vec![
            vec![(0, 1.0)],
            vec![(2, 1.0)],
            vec![(0, 2.0), (1, 3.0), (2, 4.0), (3, 1.0)],
            vec![(1, 1.0), (3, 2.0)],
        ];
        let lu = FloatLu::factor(4, &columns).unwrap();
        for (v, want) in lu
            .solve(vec![3.0, 4.0, 6.0, 3.0])
            .into_iter()
            .zip([1.0, 2.0, 1.0, 1.0])
        {
            assert!((v - want).abs() < 1e-14, "{v} vs {want}");
        }
        let y = lu.solve_transposed(vec![1.0, 2.0, 14.0, 3.0]);
        for (v, want) in y.into_iter().zip([1.0, 1.0, 2.0, 1.0]) {
            assert!((v - want).abs() < 1e-14, "{v} vs {want}");
        }
        // Two unit columns on one row: the second is an empty column of the kernel.
        let twice = vec![vec![(0, 1.0)], vec![(0, 1.0)], vec![(1, 1.0), (2, 1.0)]];
        assert!(FloatLu::factor(3, &twice).is_none());
        // A zero stored as an entry does not make a column a singleton.
        let zeros = vec![vec![(0, 1.0), (1, 0.0)], vec![(1, 2.0)]];
        let lu = FloatLu::factor(2, &zeros).unwrap();
        assert_eq!(lu.solve(vec![1.0, 4.0]), vec![1.0, 2.0]);
    }

    proptest! {
        /// Random sparse matrices with a dominant diagonal under a random permutation (so
        /// non-singular): both solves reproduce their right-hand sides.
        #[test]
        fn solves_reproduce_the_right_hand_side(
            n in 1usize..30,
            seed in any::<u64>(),
        ) {
            let mut s = seed | 1;
            let mut next = || { s ^= s << 13; s ^= s >> 7; s ^= s << 17; s };
            let perm: Vec<usize> = {
                let mut p: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() { p.swap(i, (next() % (i as u64 + 1)) as usize); }
                p
            };
            let columns: Vec<Vec<(usize, f64)>> = (0..n).map(|c| {
                let mut col = vec![(perm[c], 10.0 + (next() % 5) as f64)];
                for _ in 0..3 {
                    let i = (next() % n as u64) as usize;
                    if col.iter().all(|(r, _)| *r != i) {
                        col.push((i, (next() % 7) as f64 / 7.0 - 0.5));
                    }
                }
                col
            }).collect();
            let x: Vec<f64> = (0..n).map(|_| (next() % 100) as f64 / 10.0 - 5.0).collect();
            let lu = FloatLu::factor(n, &columns).expect("non-singular");
            let got = lu.solve(times(&columns, &x));
            for (a, b) in got.iter().zip(&x) { prop_assert!((a - b).abs() < 1e-9, "{a} vs {b}"); }
            let got = lu.solve_transposed(times_transposed(&columns, &x));
            for (a, b) in got.iter().zip(&x) { prop_assert!((a - b).abs() < 1e-9, "{a} vs {b}"); }
        }

        /// Simplex-basis-like matrices (issue 42 item 8): unit columns on a random set of rows
        /// (the basic slacks), the other columns with a dominant entry on the remaining rows
        /// under a random permutation and a few small entries on any row (so non-singular: block
        /// triangular with a diagonally dominant kernel); both solves reproduce their
        /// right-hand sides, computed by multiplying back.
        #[test]
        fn basis_like_solves_reproduce_the_right_hand_side(
            n in 1usize..40,
            seed in any::<u64>(),
        ) {
            let mut s = seed | 1;
            let mut next = || { s ^= s << 13; s ^= s >> 7; s ^= s << 17; s };
            let mut rows: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() { rows.swap(i, (next() % (i as u64 + 1)) as usize); }
            let slacks = (next() % (n as u64 + 1)) as usize;
            // Unit columns mostly, some scaled (a singleton step whose pivot is not 1).
            let scales = [1.0, 1.0, 1.0, -2.0, 0.5];
            let mut columns: Vec<Vec<(usize, f64)>> = rows[..slacks]
                .iter()
                .map(|&i| vec![(i, scales[(next() % 5) as usize])])
                .collect();
            for &r in &rows[slacks..] {
                let mut col = vec![(r, 10.0 + (next() % 5) as f64)];
                for _ in 0..3 {
                    let i = (next() % n as u64) as usize;
                    if col.iter().all(|(j, _)| *j != i) {
                        col.push((i, (next() % 7) as f64 / 7.0 - 0.5));
                    }
                }
                columns.push(col);
            }
            // The columns in a random order.
            for i in (1..n).rev() { columns.swap(i, (next() % (i as u64 + 1)) as usize); }
            let x: Vec<f64> = (0..n).map(|_| (next() % 100) as f64 / 10.0 - 5.0).collect();
            let lu = FloatLu::factor(n, &columns).expect("non-singular");
            let got = lu.solve(times(&columns, &x));
            for (a, b) in got.iter().zip(&x) { prop_assert!((a - b).abs() < 1e-9, "{a} vs {b}"); }
            let got = lu.solve_transposed(times_transposed(&columns, &x));
            for (a, b) in got.iter().zip(&x) { prop_assert!((a - b).abs() < 1e-9, "{a} vs {b}"); }
            // Sparse right-hand sides (issue 42 item 8's listed solves): a column of the
            // matrix solves to its unit vector, and `Aᵀ e_i` to `e_i`, with the non-zero
            // entries of the results listed.
            let j = (next() % n as u64) as usize;
            let unit = |k: usize| (0..n).map(|i| f64::from(u8::from(i == k))).collect::<Vec<_>>();
            for (got, want) in [
                (lu.solve(times(&columns, &unit(j))), unit(j)),
                (lu.solve_transposed(times_transposed(&columns, &unit(j))), unit(j)),
            ] {
                for (a, b) in got.iter().zip(&want) { prop_assert!((a - b).abs() < 1e-9, "{a} vs {b}"); }
            }
            // Sparse right-hand sides at every limit of the lists (given up at once, midway,
            // never): the answers multiply back to the right-hand sides, the inputs are
            // cleared, and the results' lists (where kept) hold each non-zero entry once.
            let b = times(&columns, &x);
            let c = times_transposed(&columns, &x);
            let mut sparse_b = vec![0.0; n];
            let mut sparse_c = vec![0.0; n];
            for _ in 0..3 {
                let i = (next() % n as u64) as usize;
                sparse_b[i] = b[i];
                sparse_c[i] = c[i];
            }
            for limit in [0, n / 3, n + 1] {
                for transposed in [false, true] {
                    let rhs = if transposed { &sparse_c } else { &sparse_b };
                    let mut input = SparseVec::from_dense_with_limit(rhs.clone(), limit);
                    let mut out = SparseVec::with_limit(n, limit);
                    if transposed { lu.btran(&mut input, &mut out) } else { lu.ftran(&mut input, &mut out) }
                    prop_assert_eq!(input.list(), Some(&[][..]));
                    prop_assert!(input.val.iter().all(|&v| v == 0.0));
                    let back = if transposed { times_transposed(&columns, &out.val) } else { times(&columns, &out.val) };
                    for (a, b) in back.iter().zip(rhs) {
                        prop_assert!((a - b).abs() < 1e-9, "{a} vs {b} at limit {limit}");
                    }
                    if let Some(list) = out.list() {
                        let mut seen = vec![false; n];
                        for &i in list { prop_assert!(!seen[i], "{i} listed twice"); seen[i] = true; }
                        for (i, &v) in out.val.iter().enumerate() { prop_assert!(v == 0.0 || seen[i], "{i} not listed"); }
                    }
                }
            }
        }
    }
}
