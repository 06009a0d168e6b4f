//! The inverse of the float dual simplex's basis between refactorisations (issue 42 item 8):
//! the [`FloatLu`] of the basis when it was factored, and the exchanges since, each kept in
//! whichever of two product forms has fewer entries. Hints only: nothing here decides anything.
//!
//! An exchange puts the column `a_q` at position `r` in place of `a_p`: `B' = B + (a_q − a_p)
//! e_rᵀ`. With `α = B⁻¹ a_q` (the entering column, `α_r` the pivot) and `ρ = B⁻ᵀ e_r` (the
//! pivotal row of `B⁻¹`, which the dual simplex computes anyway):
//!
//! * **product form** (Dantzig & Orchard-Hays 1954): `B'⁻¹ = E B⁻¹`, `E` the identity with
//!   column `r` replaced by `(−α_i/α_r, …, 1/α_r, …)`; it keeps the entries of `α`;
//! * **alternate product form** (Huangfu & Hall, "Novel update techniques for the revised
//!   simplex method", Comput. Optim. Appl. 60, 2015; `UPDATE_METHOD_APF` of HiGHS's
//!   `HFactor`): `B' = (I + u ρᵀ) B` with `u = a_q − a_p`, so `B'⁻¹ = B⁻¹ (I − u ρᵀ/α_r)`
//!   (`1 + ρᵀu = α_r − 1 + 1`); it keeps the entries of `u` (those of two columns of the LP)
//!   and of `ρ`.
//!
//! The solves pass an exchange at the cost of its entries, and the entering columns of the
//! ε-DP LPs are dense (on P_60 ~2,500 non-zeros of 7,140 rows) where their `u` has ~26 and
//! `ρ` is often much sparser, so each exchange is kept in the form with fewer entries. Product
//! forms multiply `B₀⁻¹` on the left and alternate ones on the right, in the order they came:
//! `B⁻¹ = E_k ⋯ E_1 B₀⁻¹ F_1 ⋯ F_k` (an `E_i` or an `F_i` per exchange).
//!
//! Issue 42 item 8, per-pivot round (lp42v, 2026-11-29): `perf --call-graph dwarf` on P_160
//! (main's code, line tables only; 5,780 samples of an 18 s run at load ~5) put the
//! refactorisations at 17.7% of the run (21% of the hint; [`FloatLu::factor`] 13.8%), the
//! two solves at 16.6% (`ftran`) and 12.3% (`btran`), the exchanges 8.9%, and 3.4% in
//! `realloc` (1.1% of it the copies of `by_row` growing again after each refactorisation,
//! one push at a time). The exchanges' entries now sit in one arena, and the arena, `by_row`
//! and `G` keep their room across refactorisations ([`Inverse::refactored`]); the Markowitz
//! search of [`FloatLu::factor`] stops examining candidates once it holds a pivot of cost 0.
//! Both give the same numbers (the same pivots and the same output of `dpcert lp` on P_60,
//! P_100, P_160, H(5,2), H(6,2), D_80). CPU seconds of the whole `dpcert lp --stats`, main's
//! binary and this one interleaved (`/tmp/lp42q_meas.py`, load 5.6–7.0 with builds beside
//! them), seven runs each: P_160 median 12.27 s → 11.66 s (runs 10.75–13.96 / 10.61–14.08,
//! HiGHS's solve 2.77 s in three of them); within the noise elsewhere: P_100 3.40 / 3.25 s
//! (three runs), 2.52 / 2.61 s (four), H(6,2) 10.72 / 10.98 s (three), P_60 0.854 / 0.876 s
//! and H(5,2) 0.433 / 0.456 s (nine, load 4–5). P_160 stays ~4× HiGHS at this load. What
//! was not done: the kernel's `U` solved hyper-sparsely (the seventh round's densities stand:
//! `α` at 15% passes the kernel in full under HiGHS's own switch), and [`FloatLu`]'s buffers
//! kept across refactorisations (its ~20 arrays of `m`, allocated and zeroed per
//! factorisation; not measured apart).

use crate::lp::float::lu::FloatLu;
use crate::lp::float::sparse_vec::SparseVec;

/// [`Inverse::ftran`] passes the alternate product forms by rows where `b` lists fewer than
/// `1 / ROW_WISE` of the rows (HiGHS likewise switches to its hyper-sparse solves below a
/// density of 10%).
const ROW_WISE: usize = 10;

/// One exchange since the factorisation (see the module docs), its entries in
/// [`Inverse::entries`] (issue 42 item 8, ninth round: one arena for all of them, kept across
/// refactorisations, rather than two or three vectors allocated per exchange).
#[derive(Clone, Copy, Debug)]
enum Exchange {
    /// Product form: the position `r`, the pivot `α_r` and the place of the other entries
    /// `(position, α_i)` of the entering column.
    Column(usize, f64, Span),
    /// Alternate product form: the pivot `α_r` and the places of `u = a_q − a_p` and `ρ`, both
    /// by row (`u` may list a row twice: its two terms then add up).
    Row(f64, Span, Span),
}

/// A range of [`Inverse::entries`]: its start and end.
type Span = (usize, usize);

/// `B⁻¹` as [`FloatLu`] and the exchanges since (see the module docs).
///
/// The alternate product forms' `ρ` are also kept by row (issue 42 item 8, fifth round): in
/// [`Inverse::ftran`] the `F_k` multiply `b` in turn, `s_k = ρ_kᵀ b⁽ᵏ⁾ / α_k` and `b⁽ᵏ⁻¹⁾ =
/// b⁽ᵏ⁾ − s_k u_k`, where a pass over each `ρ_k` costs all their entries (on P_160 most of a
/// solve) although `b` (an entering column) has a handful. With `t_k = ρ_kᵀ b` summed over
/// `b`'s listed rows and `G_jk = ρ_kᵀ u_j` (kept as the exchanges come), `s_k = (t_k −
/// Σ_{j>k} s_j G_jk) / α_k`: the same numbers, at the cost of `b`'s rows' entries of the `ρ`s.
#[derive(Clone, Debug)]
pub(crate) struct Inverse {
    lu: FloatLu,
    /// The exchanges in the order they came.
    exchanges: Vec<Exchange>,
    /// Their entries, each exchange's in one [`Span`].
    entries: Vec<(usize, f64)>,
    /// The `Row` exchanges in order: their index in `exchanges`.
    rows: Vec<usize>,
    /// `G_j·` (`ρ_kᵀ u_j` for the earlier `k < j`) of each `Row` exchange `j` in turn, at
    /// `j (j − 1) / 2`.
    g: Vec<f64>,
    /// The `ρ`s by row as linked lists: `head[i]` the last entry of row `i` (`usize::MAX`:
    /// none), each entry `(row exchange k, ρ_k[i], the row's entry before)`.
    head: Vec<usize>,
    by_row: Vec<(usize, f64, usize)>,
    /// [`sparse`]'s room, kept across exchanges.
    scratch: Vec<(usize, f64)>,
}

impl Inverse {
    /// The inverse of the factored basis, with no exchange yet.
    pub(crate) fn new(lu: FloatLu) -> Inverse {
        let m = lu.dim();
        Inverse {
            lu,
            exchanges: Vec::new(),
            entries: Vec::new(),
            rows: Vec::new(),
            g: Vec::new(),
            head: vec![usize::MAX; m],
            by_row: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The inverse of a basis factored afresh (of any order: the simplex adds rows), with no
    /// exchange yet: as [`Inverse::new`], the room of the exchanges kept.
    pub(crate) fn refactored(&mut self, lu: FloatLu) {
        self.head.clear();
        self.head.resize(lu.dim(), usize::MAX);
        self.lu = lu;
        self.exchanges.clear();
        self.entries.clear();
        self.rows.clear();
        self.g.clear();
        self.by_row.clear();
    }

    /// Exchanges since the factorisation.
    pub(crate) fn exchanges(&self) -> usize {
        self.exchanges.len()
    }

    /// Entries of the exchanges, and of the factors.
    pub(crate) fn nonzeros(&self) -> (usize, usize) {
        (self.entries.len(), self.lu.nonzeros())
    }

    /// Record the exchange at position `r` with pivot `pivot`, from the entering column `alpha`
    /// (`B⁻¹ a_q`, by position), `rho` (`B⁻ᵀ e_r`, by row), each with the list of its non-zero
    /// entries (issue 42 item 8: no pass over all `m` entries), and the entering and leaving
    /// columns of the LP (by row): in the form with fewer entries.
    pub(crate) fn exchange(
        &mut self,
        r: usize,
        pivot: f64,
        (alpha, rho): (Solved, Solved),
        entering: &[(usize, f64)],
        leaving: &[(usize, f64)],
    ) {
        let row_len = rho.1.len() + entering.len() + leaving.len();
        if row_len < alpha.1.len() {
            self.push_row(pivot, rho, entering, leaving);
        } else {
            self.push_column(r, pivot, alpha);
        }
    }

    /// The exchange in product form.
    fn push_column(&mut self, r: usize, pivot: f64, alpha: Solved) {
        let start = self.entries.len();
        sparse(alpha, r, &mut self.scratch, &mut self.entries);
        let eta = (start, self.entries.len());
        self.exchanges.push(Exchange::Column(r, pivot, eta));
    }

    /// The exchange in alternate product form.
    fn push_row(
        &mut self,
        pivot: f64,
        rho: Solved,
        entering: &[(usize, f64)],
        leaving: &[(usize, f64)],
    ) {
        let start = self.entries.len();
        self.entries.extend_from_slice(entering);
        self.entries.extend(leaving.iter().map(|&(i, a)| (i, -a)));
        let u = (start, self.entries.len());
        sparse(rho, usize::MAX, &mut self.scratch, &mut self.entries);
        let rho = (u.1, self.entries.len());
        // `G_jk = ρ_kᵀ u_j` for the earlier `k`, through the rows of `u_j`.
        let j = self.rows.len();
        let g_start = self.g.len();
        self.g.resize(g_start + j, 0.0);
        let g = &mut self.g[g_start..];
        for &(i, a) in &self.entries[u.0..u.1] {
            let mut e = self.head[i];
            while e != usize::MAX {
                let (k, r, before) = self.by_row[e];
                g[k] += r * a;
                e = before;
            }
        }
        for &(i, a) in &self.entries[rho.0..rho.1] {
            self.by_row.push((j, a, self.head[i]));
            self.head[i] = self.by_row.len() - 1;
        }
        self.rows.push(self.exchanges.len());
        self.exchanges.push(Exchange::Row(pivot, u, rho));
    }

    /// The entries of a [`Span`].
    #[inline]
    fn span(&self, (start, end): Span) -> &[(usize, f64)] {
        &self.entries[start..end]
    }

    /// `x = B⁻¹ b` (`b` by row, `x` by position, every entry written), with `b` as scratch;
    /// the tests' and the refactorisation's entry.
    pub(crate) fn ftran_into(&self, b: &mut [f64], x: &mut [f64]) {
        let mut out = SparseVec::new(x.len());
        self.ftran(&mut SparseVec::from_dense(b.to_vec()), &mut out);
        x.copy_from_slice(&out.val);
    }

    /// `x = B⁻¹ b` on listed entries: `b` (by row) is cleared, `x` (by position) must be zero
    /// and gets the solution with its entries listed, or its list given up past its density
    /// ([`SparseVec::solved`] lists them again; issue 42 item 8).
    pub(crate) fn ftran(&self, b: &mut SparseVec, x: &mut SparseVec) {
        if b.list().is_some_and(|l| ROW_WISE * l.len() < b.val.len()) {
            self.apf_by_rows(b);
        } else {
            self.apf_in_order(b);
        }
        self.lu.ftran(b, x);
        for &exchange in &self.exchanges {
            if let Exchange::Column(r, pivot, eta) = exchange {
                let xr = x.val[r] / pivot;
                if xr != 0.0 {
                    x.sub_pairs(self.span(eta), xr);
                }
                x.set(r, xr);
            }
        }
    }

    /// The alternate product forms of [`Inverse::ftran`], newest first, each `ρ` read in
    /// order: for a dense `b` (the steepest-edge `τ = B⁻¹ ρ`, the basic values), where the
    /// lists by row would cost as much, read scattered (on H(5,2) the hint took twice as long
    /// that way).
    fn apf_in_order(&self, b: &mut SparseVec) {
        for &exchange in self.exchanges.iter().rev() {
            if let Exchange::Row(pivot, u, rho) = exchange {
                let s = self
                    .span(rho)
                    .iter()
                    .map(|&(i, a)| a * b.val[i])
                    .sum::<f64>()
                    / pivot;
                if s != 0.0 {
                    b.sub_pairs(self.span(u), s);
                }
            }
        }
    }

    /// The alternate product forms of [`Inverse::ftran`], newest first, through `t` and `G`
    /// (see [`Inverse`]), for a sparse `b`.
    fn apf_by_rows(&self, b: &mut SparseVec) {
        if self.rows.is_empty() {
            return;
        }
        let mut t = vec![0.0; self.rows.len()];
        for &i in b.list().expect("a listed b") {
            let bi = b.val[i];
            if bi == 0.0 {
                continue;
            }
            let mut e = self.head[i];
            while e != usize::MAX {
                let (k, r, before) = self.by_row[e];
                t[k] += r * bi;
                e = before;
            }
        }
        for j in (0..self.rows.len()).rev() {
            let Exchange::Row(pivot, u, _) = self.exchanges[self.rows[j]] else {
                unreachable!("rows lists the Row exchanges")
            };
            let s = t[j] / pivot;
            if s != 0.0 {
                let g = &self.g[j * j.saturating_sub(1) / 2..][..j];
                for (tk, gk) in t.iter_mut().zip(g) {
                    *tk -= s * gk;
                }
                b.sub_pairs(self.span(u), s);
            }
        }
    }

    /// `y = B⁻ᵀ c` (`c` by position, `y` by row, every entry written), with `c` as scratch;
    /// the tests' and the refactorisation's entry.
    pub(crate) fn btran_into(&self, c: &mut [f64], y: &mut [f64]) {
        let mut out = SparseVec::new(y.len());
        self.btran(&mut SparseVec::from_dense(c.to_vec()), &mut out);
        y.copy_from_slice(&out.val);
    }

    /// `y = B⁻ᵀ c` on listed entries: `c` (by position) is cleared, `y` (by row) must be zero
    /// and gets the solution with its entries listed (or its list given up, as in
    /// [`Inverse::ftran`]).
    pub(crate) fn btran(&self, c: &mut SparseVec, y: &mut SparseVec) {
        for &exchange in self.exchanges.iter().rev() {
            if let Exchange::Column(r, pivot, eta) = exchange {
                let mut v = c.val[r];
                for &(i, a) in self.span(eta) {
                    v -= a * c.val[i];
                }
                c.set(r, v / pivot);
            }
        }
        self.lu.btran(c, y);
        for &exchange in &self.exchanges {
            if let Exchange::Row(pivot, u, rho) = exchange {
                let s = self.span(u).iter().map(|&(i, a)| a * y.val[i]).sum::<f64>() / pivot;
                if s != 0.0 {
                    y.sub_pairs(self.span(rho), s);
                }
            }
        }
    }
}

/// A solve's result (dense) and the positions of its non-zero entries.
pub(crate) type Solved<'a> = (&'a [f64], &'a [usize]);

/// The listed entries of `v` but the one at `skip`, in order, onto `out` (a list kept as the solve wrote
/// it is in no order; each exchange is passed in every solve until the refactorisation, and
/// in order its reads and writes of the vectors go forward through memory). A list already in
/// order (as [`SparseVec::relist`] writes it, where the solve's result was dense) is read as
/// it stands; a long one out of order is found again by one pass over `v` without a branch
/// per entry, into `scratch` (`v.len()` places; issue 42 item 8, eighth round: the pass with
/// a branch per entry, mispredicted at the 7.5% density of P_160's `ρ`, was 6.7% of its run).
fn sparse(
    (v, listed): Solved,
    skip: usize,
    scratch: &mut Vec<(usize, f64)>,
    out: &mut Vec<(usize, f64)>,
) {
    let pick = |&i: &usize| i != skip && v[i] != 0.0;
    if listed.windows(2).all(|w| w[0] < w[1]) {
        out.extend(listed.iter().filter(|i| pick(i)).map(|&i| (i, v[i])));
        return;
    }
    if SORT_WISE * listed.len() > v.len() {
        scratch.resize(v.len(), (0, 0.0));
        let mut kept = 0;
        for (i, &a) in v.iter().enumerate() {
            scratch[kept] = (i, a);
            kept += usize::from(a != 0.0 && i != skip);
        }
        out.extend_from_slice(&scratch[..kept]);
        return;
    }
    let start = out.len();
    out.extend(listed.iter().filter(|i| pick(i)).map(|&i| (i, v[i])));
    out[start..].sort_unstable_by_key(|e| e.0);
}

/// [`sparse`] reads the whole vector in order, rather than sorting its list, where the list
/// holds more than `1 / SORT_WISE` of the entries (issue 42 item 8, seventh round: on P_160
/// the `ρ`s kept hold ~3,800 of 51,040 entries, and their sort was 4% of the run).
const SORT_WISE: usize = 32;

#[cfg(test)]
mod tests;
