//! The float hint behind the certified capacity bracket ([`super::capacity_bracket`]): an input
//! distribution close to a capacity-achieving one, found in `f64` and never trusted — the
//! bracket is certified afterwards at whatever input this proposes.
//!
//! Blahut–Arimoto (Blahut 1972, Arimoto 1972: `p_x ← p_x e^{D(W_x‖pW)} / Σ`) converges linearly
//! at best, and sublinearly while inputs outside the optimal support die out: a random 64×64
//! channel needs about 60,000 steps for a gap of `2.5·10^-13` nats. The optimum is characterised
//! by the Kuhn–Tucker conditions (Gallager 1968, Thm 4.5.1; Cover–Thomas Thm 7.2.1 / Problem
//! 7.28): `D(W_x‖pW) = C` on the support `S` of `p` and `≤ C` off it. Once a few Blahut–Arimoto
//! steps have sorted the inputs by `D(W_x‖pW)`, Newton's method on the square system
//! `D(W_x‖pW) − C = 0 (x ∈ S), Σ_S p_x = 1` converges quadratically; an active-set loop drops an
//! input whose mass turns negative and adds one whose divergence exceeds `C`. A random 64×64
//! channel is then polished to a gap of about `10^-15` after 10 Blahut–Arimoto steps.

use crate::num::fmt::to_f64;
use crate::num::Rational;
use rayon::prelude::*;

/// Blahut–Arimoto step counts after which a Newton polish is tried.
const POLISH_AT: [usize; 9] = [10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000];
/// Newton iterations per support guess (quadratic convergence takes a handful from a good
/// guess; a guess that needs more is usually wrong).
const NEWTON_STEPS: usize = 16;
/// Support guesses (active-set rounds) per polish.
const ACTIVE_SET_ROUNDS: usize = 64;
/// The largest support polished by Newton's method (its dense system costs `m³` operations
/// and `8m²` bytes); larger supports stay with Blahut–Arimoto.
const NEWTON_MAX_SUPPORT: usize = 1024;

/// Channels (and Newton eliminations) with at least this many cells share their loops among
/// rayon's threads; below it the threads cost more than they save.
const PARALLEL_CELLS: usize = 1 << 16;
/// Outputs per worker when `q = pW` is summed in parallel.
const OUTPUT_BLOCK: usize = 64;

/// The largest Newton system the hint of an `n`-input channel builds (for memory estimates).
pub fn capacity_newton_limit(n: usize) -> usize {
    n.min(NEWTON_MAX_SUPPORT) + 1
}

/// A channel in `f64` with `Σ_y W ln W` per row.
pub(crate) struct FloatChannel {
    rows: Vec<Vec<f64>>,
    neg_h: Vec<f64>,
    k: usize,
}

impl FloatChannel {
    pub(crate) fn new(rows: &[Vec<Rational>]) -> FloatChannel {
        let rows: Vec<Vec<f64>> = rows
            .iter()
            .map(|r| r.iter().map(to_f64).collect())
            .collect();
        let neg_h = rows
            .iter()
            .map(|r| r.iter().filter(|&&a| a > 0.0).map(|&a| a * a.ln()).sum())
            .collect();
        let k = rows.first().map_or(0, Vec::len);
        FloatChannel { rows, neg_h, k }
    }

    fn n(&self) -> usize {
        self.rows.len()
    }

    /// Is the channel large enough to share its loops among rayon's threads?
    fn parallel(&self) -> bool {
        self.n() * self.k >= PARALLEL_CELLS
    }

    /// `q = pW` and `d_x = D(W_x ‖ q)` (`+∞` where `W_x` puts mass on a `q_y = 0`).
    /// In parallel on a large channel with the same bits as in sequence: a worker owns a block
    /// of outputs (each `q_y` summed over `x` in order) or one row's divergence.
    fn divergences(&self, p: &[f64], q: &mut [f64], d: &mut [f64]) {
        let fill = |y0: usize, qs: &mut [f64]| {
            qs.iter_mut().for_each(|v| *v = 0.0);
            for (px, r) in p.iter().zip(&self.rows) {
                if *px != 0.0 {
                    for (qy, a) in qs.iter_mut().zip(&r[y0..]) {
                        *qy += px * a;
                    }
                }
            }
        };
        let lnq = |q: &[f64]| -> Vec<f64> { q.iter().map(|v| v.ln()).collect() };
        let div = |lnq: &[f64], (dx, (r, nh)): (&mut f64, (&Vec<f64>, &f64))| {
            let cross: f64 = r
                .iter()
                .zip(lnq)
                .filter(|(a, _)| **a > 0.0)
                .map(|(a, l)| a * l)
                .sum();
            *dx = nh - cross;
        };
        if self.parallel() {
            q.par_chunks_mut(OUTPUT_BLOCK)
                .enumerate()
                .for_each(|(i, qs)| fill(i * OUTPUT_BLOCK, qs));
            let lnq = lnq(q);
            d.par_iter_mut()
                .zip(self.rows.par_iter().zip(self.neg_h.par_iter()))
                .for_each(|c| div(&lnq, c));
        } else {
            fill(0, q);
            let lnq = lnq(q);
            d.iter_mut()
                .zip(self.rows.iter().zip(&self.neg_h))
                .for_each(|c| div(&lnq, c));
        }
    }

    /// `A_ab = Σ_y W(y|s_a) W(y|s_b) / q_y` for `b ≥ a` (row `a` holds `b = a, a + 1, …`), each
    /// entry one dot product in output order (the same bits in parallel).
    fn newton_matrix(&self, s: &[usize], inv_q: &[f64]) -> Vec<Vec<f64>> {
        let row = |a: usize| -> Vec<f64> {
            let wx: Vec<f64> = self.rows[s[a]]
                .iter()
                .zip(inv_q)
                .map(|(w, i)| w * i)
                .collect();
            // Four dot products at a time: each is still summed in output order (the same
            // bits), but four independent chains keep the floating-point adder busy where one
            // waits for each addition (the matrix was a third of a 1024×1024 audit's time).
            let mut out = Vec::with_capacity(s.len() - a);
            let mut blocks = s[a..].chunks_exact(4);
            for b in &mut blocks {
                let [r0, r1, r2, r3] = [b[0], b[1], b[2], b[3]].map(|z| &self.rows[z]);
                let mut acc = [0.0f64; 4];
                for ((((u, w0), w1), w2), w3) in wx.iter().zip(r0).zip(r1).zip(r2).zip(r3) {
                    acc[0] += u * w0;
                    acc[1] += u * w1;
                    acc[2] += u * w2;
                    acc[3] += u * w3;
                }
                out.extend(acc);
            }
            for &z in blocks.remainder() {
                out.push(wx.iter().zip(&self.rows[z]).map(|(u, w)| u * w).sum());
            }
            out
        };
        if self.parallel() {
            (0..s.len()).into_par_iter().map(row).collect()
        } else {
            (0..s.len()).map(row).collect()
        }
    }

    /// `max_x d_x − Σ_x p_x d_x`, the width of the (float) bracket at `p`.
    fn gap(p: &[f64], d: &[f64]) -> f64 {
        let dmax = d.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        dmax - p.iter().zip(d).map(|(a, b)| a * b).sum::<f64>()
    }

    /// Newton's method on `D(W_x‖pW) − C = 0 (x ∈ s), Σ_s p_x = 1` from `p0` restricted to
    /// `s`. When an iterate leaves the simplex (the support guess holds inputs the optimum does
    /// not use), `Err` names the inputs whose mass turned non-positive; when the system is
    /// singular, the input of `s` with the smallest divergence.
    fn newton(&self, p0: &[f64], s: &[usize]) -> Result<Vec<f64>, Vec<usize>> {
        let (n, m) = (self.n(), s.len());
        let mut p = vec![0.0; n];
        let total: f64 = s.iter().map(|&x| p0[x]).sum();
        for &x in s {
            p[x] = p0[x] / total;
        }
        let mut q = vec![0.0; self.k];
        let mut d = vec![0.0; n];
        let weakest = |d: &[f64]| {
            vec![*s
                .iter()
                .min_by(|&&a, &&b| d[a].total_cmp(&d[b]))
                .expect("non-empty support")]
        };
        for _ in 0..NEWTON_STEPS {
            self.divergences(&p, &mut q, &mut d);
            let c: f64 = s.iter().map(|&x| p[x] * d[x]).sum();
            // J = [[−A, −1], [1ᵀ, 0]] with A_xj = Σ_y W_xy W_jy / q_y; right side −F.
            let inv_q: Vec<f64> = q
                .iter()
                .map(|&v| if v > 0.0 { 1.0 / v } else { 0.0 })
                .collect();
            let mut j = vec![vec![0.0; m + 2]; m + 1];
            let upper = self.newton_matrix(s, &inv_q);
            for (a, &x) in s.iter().enumerate() {
                for (b, v) in (a..m).zip(&upper[a]) {
                    j[a][b] = -v;
                    j[b][a] = -v;
                }
                j[a][m] = -1.0;
                j[a][m + 1] = -(d[x] - c);
                j[m][a] = 1.0;
            }
            j[m][m + 1] = -(s.iter().map(|&x| p[x]).sum::<f64>() - 1.0);
            let step = solve(j).ok_or_else(|| weakest(&d))?;
            let mut largest = 0.0f64;
            for (a, &x) in s.iter().enumerate() {
                p[x] += step[a];
                largest = largest.max(step[a].abs());
            }
            let left: Vec<usize> = s
                .iter()
                .copied()
                .filter(|&x| p[x].is_nan() || p[x] <= 0.0)
                .collect();
            if !left.is_empty() {
                return Err(if left.len() < s.len() {
                    left
                } else {
                    weakest(&d)
                });
            }
            if largest < 1e-16 {
                break;
            }
        }
        Ok(p)
    }

    /// The active-set loop around [`FloatChannel::newton`], started from the inputs whose
    /// divergence is within `gap` of the largest. `None` when no support guess converges.
    fn polish(&self, p: &[f64], d: &[f64], gap: f64) -> Option<Vec<f64>> {
        let n = self.n();
        let dmax = d.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let mut inside: Vec<bool> = d.iter().map(|&v| v >= dmax - gap).collect();
        let mut q = vec![0.0; self.k];
        let mut dn = vec![0.0; n];
        for _ in 0..ACTIVE_SET_ROUNDS {
            let s: Vec<usize> = (0..n).filter(|&x| inside[x]).collect();
            if s.is_empty() || s.len() > NEWTON_MAX_SUPPORT {
                return None;
            }
            match self.newton(p, &s) {
                Err(out) => out.into_iter().for_each(|x| inside[x] = false),
                Ok(pn) => {
                    self.divergences(&pn, &mut q, &mut dn);
                    let c: f64 = s.iter().map(|&x| pn[x] * dn[x]).sum();
                    let mut added = false;
                    for x in 0..n {
                        if !inside[x] && (dn[x].is_nan() || dn[x] > c + 1e-15) {
                            inside[x] = true;
                            added = true;
                        }
                    }
                    if !added {
                        return Some(pn);
                    }
                }
            }
        }
        None
    }
}

/// Solve the dense system `[A | b]` (each row `m` coefficients then the right side) by Gaussian
/// elimination with partial pivoting; `None` when a pivot vanishes.
fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let m = a.len();
    for col in 0..m {
        let piv = (col..m).max_by(|&r, &s| a[r][col].abs().total_cmp(&a[s][col].abs()))?;
        if a[piv][col].is_nan() || a[piv][col].abs() <= 1e-300 {
            return None;
        }
        a.swap(col, piv);
        let (top, rest) = a.split_at_mut(col + 1);
        let pr = &top[col];
        // Each row's update is independent: the same bits in parallel.
        let eliminate = |row: &mut Vec<f64>| {
            let f = row[col] / pr[col];
            if f != 0.0 {
                for (v, u) in row[col..].iter_mut().zip(&pr[col..]) {
                    *v -= f * u;
                }
            }
        };
        if (m - col) * (m - col) >= PARALLEL_CELLS {
            rest.par_iter_mut().for_each(eliminate);
        } else {
            rest.iter_mut().for_each(eliminate);
        }
    }
    let mut x = vec![0.0; m];
    for r in (0..m).rev() {
        let s: f64 = (r + 1..m).map(|c| a[r][c] * x[c]).sum();
        x[r] = (a[r][m] - s) / a[r][r];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// An input distribution whose float gap `max_x D(W_x‖pW) − I(p; W)` is below `tol`, or the
/// best found within `max_iters` Blahut–Arimoto steps, and the number of steps taken: plain
/// steps, with a Newton polish ([`FloatChannel::polish`]) tried after each count of
/// `POLISH_AT`. `keep_going` is asked every 64 steps (a deadline); false stops with the
/// current iterate.
pub(crate) fn capacity_hint(
    w: &FloatChannel,
    max_iters: usize,
    tol: f64,
    keep_going: &dyn Fn() -> bool,
) -> (Vec<f64>, usize) {
    let n = w.n();
    let mut p = vec![1.0 / n as f64; n];
    let mut q = vec![0.0; w.k];
    let mut d = vec![0.0; n];
    for it in 0..max_iters {
        w.divergences(&p, &mut q, &mut d);
        let gap = FloatChannel::gap(&p, &d);
        if gap < tol || (it % 64 == 63 && !keep_going()) {
            return (p, it);
        }
        if POLISH_AT.contains(&it) {
            if let Some(pn) = w.polish(&p, &d, gap) {
                let mut dn = vec![0.0; n];
                w.divergences(&pn, &mut q, &mut dn);
                if FloatChannel::gap(&pn, &dn) < tol {
                    return (pn, it);
                }
            }
        }
        let dmax = d.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let mut z = 0.0;
        for (px, dx) in p.iter_mut().zip(&d) {
            *px *= (dx - dmax).exp();
            z += *px;
        }
        p.iter_mut().for_each(|v| *v /= z);
    }
    (p, max_iters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{channel, q};
    use proptest::prelude::*;

    /// Literal systems with their hand solutions.
    #[test]
    fn solve_literal_systems() {
        // 2x + y = 5, x − y = 1: x = 2, y = 1 (the first pivot is swapped in).
        let x = solve(vec![vec![1.0, -1.0, 1.0], vec![2.0, 1.0, 5.0]]).unwrap();
        assert!((x[0] - 2.0).abs() < 1e-15 && (x[1] - 1.0).abs() < 1e-15);
        assert_eq!(solve(vec![vec![1.0, 1.0, 1.0], vec![2.0, 2.0, 2.0]]), None);
    }

    /// The Z-channel's capacity-achieving input is `(3/5, 2/5)` at `p = 1/2` (`C = ln(5/4)`:
    /// Cover–Thomas Problem 7.8), found by the polish to float precision.
    #[test]
    fn z_channel_optimum() {
        let w = FloatChannel::new(&[vec![q(1, 1), q(0, 1)], vec![q(1, 2), q(1, 2)]]);
        let (p, _) = capacity_hint(&w, 100_000, 1e-15, &|| true);
        assert!(
            (p[0] - 0.6).abs() < 1e-12 && (p[1] - 0.4).abs() < 1e-12,
            "{p:?}"
        );
    }

    /// A useless input (a copy of a mixture of others) leaves the support: three rows where the
    /// middle one is the average of the outer ones; the optimum is `(1/2, 0, 1/2)`.
    #[test]
    fn mixture_row_leaves_the_support() {
        let w = FloatChannel::new(&[
            vec![q(1, 1), q(0, 1)],
            vec![q(1, 2), q(1, 2)],
            vec![q(0, 1), q(1, 1)],
        ]);
        let (p, it) = capacity_hint(&w, 100_000, 1e-14, &|| true);
        assert!(
            p[1] < 1e-12 && (p[0] - 0.5).abs() < 1e-12,
            "{p:?} after {it}"
        );
    }

    /// The blocked Newton matrix has the bits of one plain dot product per entry (a naive
    /// reference), on a support whose length is not a multiple of four.
    #[test]
    fn newton_matrix_against_plain_dot_products() {
        let rows: Vec<Vec<Rational>> = (0..7)
            .map(|x| {
                (0..5)
                    .map(|y| q(1 + ((x * 7 + y * 3) % 11) as i64, 60))
                    .collect()
            })
            .collect();
        let f = FloatChannel::new(&rows);
        let s = [0, 2, 3, 4, 5, 6];
        let inv_q: Vec<f64> = (0..5).map(|y| 1.0 / (1.0 + y as f64 / 7.0)).collect();
        let m = f.newton_matrix(&s, &inv_q);
        for (a, row) in m.iter().enumerate() {
            assert_eq!(row.len(), s.len() - a);
            for (b, v) in (a..s.len()).zip(row) {
                let mut want = 0.0;
                for (y, iq) in inv_q.iter().enumerate() {
                    want += f.rows[s[a]][y] * iq * f.rows[s[b]][y];
                }
                assert_eq!(v.to_bits(), want.to_bits(), "entry ({a}, {b})");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// The polished hint reaches a float gap that plain Blahut–Arimoto needs far more steps
        /// for, and is a distribution.
        #[test]
        fn hint_reaches_small_gap(w in channel(4, 5, 9)) {
            let f = FloatChannel::new(w.rows());
            let (p, _) = capacity_hint(&f, 200_000, 1e-13, &|| true);
            prop_assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            prop_assert!(p.iter().all(|&v| v >= 0.0));
            let mut qv = vec![0.0; f.k];
            let mut d = vec![0.0; f.n()];
            f.divergences(&p, &mut qv, &mut d);
            prop_assert!(FloatChannel::gap(&p, &d) < 1e-12, "gap {}", FloatChannel::gap(&p, &d));
        }
    }
}
