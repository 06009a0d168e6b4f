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

use crate::lp::float::lu::FloatLu;

/// One exchange since the factorisation (see the module docs).
#[derive(Clone, Debug)]
enum Exchange {
    /// Product form: the position `r`, the pivot `α_r` and the other entries `(position,
    /// α_i)` of the entering column.
    Column(usize, f64, Vec<(usize, f64)>),
    /// Alternate product form: the pivot `α_r`, `u = a_q − a_p` and `ρ`, both by row (`u` may
    /// list a row twice: its two terms then add up).
    Row(f64, Vec<(usize, f64)>, Vec<(usize, f64)>),
}

/// `B⁻¹` as [`FloatLu`] and the exchanges since (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Inverse {
    lu: FloatLu,
    /// The exchanges in the order they came.
    exchanges: Vec<Exchange>,
    /// Their entries in all.
    nonzeros: usize,
}

impl Inverse {
    /// The inverse of the factored basis, with no exchange yet.
    pub(crate) fn new(lu: FloatLu) -> Inverse {
        Inverse {
            lu,
            exchanges: Vec::new(),
            nonzeros: 0,
        }
    }

    /// Exchanges since the factorisation.
    pub(crate) fn exchanges(&self) -> usize {
        self.exchanges.len()
    }

    /// Entries of the exchanges, and of the factors.
    pub(crate) fn nonzeros(&self) -> (usize, usize) {
        (self.nonzeros, self.lu.nonzeros())
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
        let eta = sparse(alpha, r);
        self.nonzeros += eta.len();
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
        let u: Vec<(usize, f64)> = entering
            .iter()
            .copied()
            .chain(leaving.iter().map(|&(i, a)| (i, -a)))
            .collect();
        let rho = sparse(rho, usize::MAX);
        self.nonzeros += u.len() + rho.len();
        self.exchanges.push(Exchange::Row(pivot, u, rho));
    }

    /// `x = B⁻¹ b` (`b` by row, `x` by position, every entry written), with `b` as scratch.
    pub(crate) fn ftran_into(&self, b: &mut [f64], x: &mut [f64]) {
        for exchange in self.exchanges.iter().rev() {
            if let Exchange::Row(pivot, u, rho) = exchange {
                let s = rho.iter().map(|&(i, a)| a * b[i]).sum::<f64>() / pivot;
                if s != 0.0 {
                    for &(i, a) in u {
                        b[i] -= a * s;
                    }
                }
            }
        }
        self.lu.solve_into(b, x);
        for exchange in &self.exchanges {
            if let Exchange::Column(r, pivot, eta) = exchange {
                let xr = x[*r] / pivot;
                if xr != 0.0 {
                    for &(i, a) in eta {
                        x[i] -= a * xr;
                    }
                }
                x[*r] = xr;
            }
        }
    }

    /// `y = B⁻ᵀ c` (`c` by position, `y` by row, every entry written), with `c` as scratch.
    pub(crate) fn btran_into(&self, c: &mut [f64], y: &mut [f64]) {
        for exchange in self.exchanges.iter().rev() {
            if let Exchange::Column(r, pivot, eta) = exchange {
                let mut v = c[*r];
                for &(i, a) in eta {
                    v -= a * c[i];
                }
                c[*r] = v / pivot;
            }
        }
        self.lu.solve_transposed_into(c, y);
        for exchange in &self.exchanges {
            if let Exchange::Row(pivot, u, rho) = exchange {
                let s = u.iter().map(|&(i, a)| a * y[i]).sum::<f64>() / pivot;
                if s != 0.0 {
                    for &(i, a) in rho {
                        y[i] -= a * s;
                    }
                }
            }
        }
    }
}

/// A solve's result (dense) and the positions of its non-zero entries.
pub(crate) type Solved<'a> = (&'a [f64], &'a [usize]);

/// The listed entries of `v` but the one at `skip`.
fn sparse((v, listed): Solved, skip: usize) -> Vec<(usize, f64)> {
    listed
        .iter()
        .filter(|&&i| i != skip)
        .map(|&i| (i, v[i]))
        .collect()
}

#[cfg(test)]
mod tests;
