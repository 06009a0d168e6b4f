//! Dixon's p-adic solve of a dense square rational system (issue 31): the exact systems of the
//! float-guided solver ([`crate::lp::guided`], step 3) on dense LPs with big coefficients.
//!
//! J. D. Dixon, *Exact solution of linear equations using p-adic expansions*, Numer. Math. 40
//! (1982) 137–141. With every row scaled to integers (row `i` times the lcm `L_i` of its
//! denominators, which leaves the solutions unchanged), `B x = w` with `B` an integer `n × n`
//! matrix: invert `B` modulo a word prime `p` once; then `n` digits of the `p`-adic expansion
//! of `x` per step, `x_k = B⁻¹ r_k mod p`, `r_{k+1} = (r_k − B x_k) / p` (an exact division,
//! since `B x_k ≡ r_k mod p`), so that after `k` steps `X = Σ x_i p^i` satisfies
//! `B X ≡ w (mod p^k)`. Rational reconstruction (Wang's half-extended Euclid, Collins–Encarnación
//! 1995) turns `X mod p^k` into fractions once `p^k` exceeds `2·N·D` for the solution's
//! numerators `N` and denominator `D`; it is tried at growing `k` (early termination: the
//! solutions of the guided LPs are far smaller than Hadamard's bound, which only caps `k`).
//!
//! **Nothing here is trusted**: an answer is returned only once `B·x = w` is proved in integers
//! (the candidate on one common denominator `d`: `B·t = w·d`). Since issue 42 item 8 the proof
//! is by size where it can be: every division of the lifting is checked to be exact, so
//! `B·X + p^k·r_k = w` holds exactly and `B·t − w·d ≡ 0 (mod p^k)`; when the bit counts of
//! `B`, `t`, `w` and `d` put every `|B_i·t − w_i·d|` below `p^k` it is zero (`below_modulus`),
//! and `B·t` (the dominant cost of the last attempt on `--big 160 --shape mixed`) is not
//! computed; otherwise (a small `d`) it is. `B` is non-singular
//! modulo `p`, hence over the rationals, so the verified answer is *the* solution — the same
//! the exact LU of [`crate::lp::exact::lu`] finds. Every other case (not square, singular modulo `p`,
//! no reconstruction within Hadamard's bound) returns `None` and the caller falls back to the
//! LU, which also decides inconsistency. The LP answer is judged by the certificate checker
//! anyway.
//!
//! Cost: one `n³` inverse modulo `p`, then per step `n²` word products and `n²` products of a
//! row's integer by a word ([`Lifting::step`]), and one reconstruction per attempt — against
//! the LU's `n³/3` rational operations, each a gcd of numbers that grow to the size of the
//! solution.
//!
//! Measured (`cargo test --lib dixon_timing -- --ignored --nocapture`, a fully dense 40 × 40
//! system of random `±10^12/10^9` fractions whose solution is near Hadamard's bound: 1,324
//! steps, load ~8): 0.72 s against 6.9 s for the exact LU. With attempts every 1.5× steps the
//! lifting took 0.15 s and the reconstructions 0.63 s (the half-extended Euclid here is the
//! plain quadratic one; the failed attempts at 303–1,021 steps cost 0.42 s), hence attempts at
//! doubling step counts now (0.52 s, one run).
//!
//! The reconstruction's Euclid now takes Lehmer's steps ([`wang`]): on `--big 40 --shape
//! mixed` (two 18 × 18 systems of ~520-bit integer rows whose solutions are near Hadamard's
//! bound, 296 steps, denominators of ~8,800 bits) a failed attempt at 256 steps went from
//! 7–25 ms to ~0.8 ms and the final one from 6–10 ms to ~3.4 ms (of which ~1.7 ms are the
//! components, four of which need their own reconstruction, 0.4 ms the exact check and
//! ~1.3 ms the gcds of the fractions); a solve is now ~10.5 ms, 2.8 ms of it the lifting.
//! The common denominator (one reconstruction, then `d·x_j mod p^k` for the others) was
//! already in [`reconstruct`].
//! Accumulating `Σ x_i p^i` as the digits came (quadratic) was replaced by halving at each
//! attempt ([`from_digits`]).
//!
//! Issue 42 item 8 (2026-11-29; `--big 160 --shape mixed`: two 84 × 84 systems of ~2,600-bit
//! integer rows, ~5,600 steps, solutions of ~170,000-bit numerators and denominators; at
//! main's `bd7567c` 83% of `dpcert lp` was these systems): the lifting runs in machine words
//! ([`Lifting`]: two's complement rows, no allocation; it was `n²` `Integer::add_mul_assign`
//! per step, ~35% of the run); the last attempt's `B·t` is replaced by the size argument of
//! `below_modulus` (a premature attempt is refused by size, not by computing `B·t`); the
//! attempts follow a float estimate of the solution's size ([`estimated_steps`]; before,
//! attempts at doubling counts lifted all 7,172 steps of Hadamard's bound after a failed one
//! at 4,096). With the checker's leading-bits test and the divisibility shortcut of the lcms
//! (`lp::certificate`, `num::lcm_assign_divisible`), the CPU time of `dpcert lp FILE`
//! (`perf stat -e task-clock`, three runs each, main's binary then this one, load ~12):
//! `--big 40` 21 → 17 ms, `--big 80` 251 → 184 ms, `--big 120` 1,810 → 1,237 ms, `--big 160`
//! 7.3 → 5.0 s. What is left at 160 (`perf record`): the lifting ~40%, the gcds that reduce
//! `t_j / d` to lowest terms (`Rational::from_integers`, 168 gcds of ~170,000-bit numbers)
//! ~16%, the checker's tight rows ~15%, printing the certificate ~9%. The lifting's work is
//! `n²·(bits of B)/64` word products per step, and the steps grow as `n·(bits of B)`: a
//! faster kernel needs fewer, larger products (multi-modular or FFT matrix products, as
//! FLINT's `fmpz_mat` solvers do), not a tighter loop.
//!
//! The residual update of a step is now by columns of equal weight ([`sub_dot`], product
//! scanning over `B` stored limb-major) instead of one `mpn_submul_1` per entry: the same
//! `n²·width` word products, no longer chained by carries. On 84 × 84 with 43-limb entries
//! (the `--big 160` systems; a standalone copy of both kernels, `rustc -C opt-level=3`, six
//! interleaved rounds of 300 steps at load ~8.5) 304–394 ms became 174–271 ms, ~1.4×; it
//! executes more instructions (callgrind: `solve_square`'s own count on `--big 80` 647 M →
//! 869 M), so instruction counts understate it.
//!
//! No attempt in the last quarter of the steps before Hadamard's bound (2026-11-26, replaced
//! by the estimate above in issue 42 item 8): on
//! `--big 40 --shape mixed` the attempt at 256 of 298 steps failed after 8.5 ms, because a
//! wrong first component led every other one into its own reconstruction, where lifting the
//! remaining 42 steps and the final attempt cost ~6 ms. The two solves went from 22.8 to
//! 17.1 ms (`RAYON_NUM_THREADS=1 dpcert lp FILE --stats`, "exact systems", one thread), the
//! process from 320 M to 268 M instructions (`perf stat -e instructions:u`, three runs each).

use super::sparse::SparseRow;
use crate::num::fmt::to_f64;
use crate::num::{numerator_over, Integer, Natural, Rational};
use malachite::base::num::arithmetic::traits::{
    AddMulAssign, DivMod, FloorSqrt, LcmAssign, Mod, Pow,
};
use malachite::base::num::logic::traits::SignificantBits;

/// The prime modulus: the Mersenne prime `2^61 − 1` (products of two residues fit in `u128`).
const P: u64 = (1 << 61) - 1;

/// The solution of the square system `rows · x = rhs` (`n` unknowns, `n` rows) when it is
/// non-singular modulo [`P`], verified exactly; `None` in every other case (see the module
/// docs: the caller then uses the LU).
pub fn solve_square(n: usize, rows: &[SparseRow], rhs: &[Rational]) -> Option<Vec<Rational>> {
    if rows.len() != n || rhs.len() != n || n == 0 {
        return None;
    }
    let (b, w, lcm_bits) = integer_rows(n, rows, rhs);
    let inverse = inverse_mod_p(&b)?;
    // Hadamard: |det B| and every Cramer numerator are at most Π_i (‖row_i‖ with w_i), whose
    // log2 is at most Σ_i (bits of the row's largest entry + log2(n + 1) / 2 + 1).
    let half_log = (usize::BITS - n.leading_zeros()) as u64 / 2 + 1;
    let bound_bits: u64 = b
        .iter()
        .zip(&w)
        .map(|(row, wi)| {
            let top = row.iter().chain([wi]).map(|v| v.significant_bits()).max();
            top.unwrap_or(0) + half_log
        })
        .sum();
    // p^k > 2·N·D needs k·61 > 2·bound_bits + 1.
    let max_steps = (2 * bound_bits + 2) / 61 + 2;
    let mut lifting = Lifting::new(&b, &w);
    // The p-adic digits of x, one vector per step (combined only when a reconstruction is
    // tried: adding each digit times p^k as it comes is quadratic in the number of steps).
    let mut digits: Vec<Vec<u64>> = Vec::new();
    let estimate = estimated_steps(n, rows, &lcm_bits).map(|e| e.min(max_steps));
    let mut next_attempt = 8u64;
    for step in 1..=max_steps {
        digits.push(lifting.step(&inverse)?);
        let attempt = step == max_steps || step == next_attempt;
        if step == next_attempt {
            next_attempt = later_attempt(step, max_steps, estimate);
        }
        if attempt {
            let mut powers = std::collections::BTreeMap::new();
            let modulus = power_of_p(digits.len(), &mut powers);
            // Each component's sum only when the reconstruction reaches it: a premature
            // attempt usually stops at the first.
            let sums = (0..n).map(|j| {
                let column: Vec<u64> = digits.iter().map(|d| d[j]).collect();
                Integer::from(from_digits(&column, &mut powers))
            });
            let proof = if step == max_steps {
                Proof::SizeOrProduct
            } else {
                Proof::Size
            };
            if let Some(solution) = reconstruct(sums, &modulus, &b, &w, proof, true) {
                return Some(solution);
            }
        }
    }
    None
}

/// The lifting's integers in machine words: every row of `B` and the residual `r` in two's
/// complement over `width` limbs (sign-extended), wide enough for every `r − B·x` of a step,
/// so that `r ← (r − B·x) / p` is `n²·width` word products ([`sub_dot`]) and `n` exact
/// divisions by `p` ([`div_exact_p`]), with no allocation and no sign or length to track
/// (issue 42 item 8: it was `n²` `Integer::add_mul_assign`).
struct Lifting {
    n: usize,
    width: usize,
    /// Limb `k` of entry `(i, j)` of `B` at `(i·width + k)·n + j`: row `i`'s limbs of one
    /// weight side by side, as [`sub_dot`] reads them.
    b: Vec<u64>,
    /// Row `i` of `r` at `i·width`.
    r: Vec<u64>,
    /// `2^(64·width) mod P`, for the residue of a negative number.
    wrap: u64,
}

impl Lifting {
    fn new(b: &[Vec<Integer>], w: &[Integer]) -> Lifting {
        let n = w.len();
        let bits = |v: &Integer| v.significant_bits();
        let b_bits = b.iter().flatten().map(bits).max().unwrap_or(0);
        let w_bits = w.iter().map(bits).max().unwrap_or(0);
        let log_n = u64::from(usize::BITS - n.leading_zeros());
        // |r| ≤ max(|w|, n·|B|·P/(P−1)) by induction, and |r − B·x| < |r| + n·|B|·2^61: below
        // 2^(max(w_bits, b_bits + log_n + 61) + 2); one more bit for the sign.
        let needed = w_bits.max(b_bits + log_n + 61) + 3;
        let width = usize::try_from(needed.div_ceil(64)).expect("a width in words");
        let mut out = Lifting {
            n,
            width,
            b: Vec::with_capacity(n * n * width),
            r: Vec::with_capacity(n * width),
            wrap: (0..width).fold(1, |acc, _| mul_mod(acc, 8)),
        };
        let mut row_limbs = Vec::with_capacity(n * width);
        for row in b {
            row_limbs.clear();
            for v in row {
                push_twos_complement(&mut row_limbs, v, width);
            }
            for k in 0..width {
                out.b.extend(row_limbs.iter().skip(k).step_by(width));
            }
        }
        for v in w {
            push_twos_complement(&mut out.r, v, width);
        }
        out
    }

    /// One step: the digit vector `x = B⁻¹·r mod P`, and `r ← (r − B·x) / P`; `None` if a
    /// division is not exact (`inverse` is not `B⁻¹ mod P`: it cannot happen, and is checked
    /// since [`reconstruct`]'s proof rests on `B·X + P^k·r = w` holding exactly).
    fn step(&mut self, inverse: &[Vec<u64>]) -> Option<Vec<u64>> {
        let (n, width) = (self.n, self.width);
        let residues: Vec<u64> = self
            .r
            .chunks_exact(width)
            .map(|r| residue(r, self.wrap))
            .collect();
        let x: Vec<u64> = inverse.iter().map(|row| dot_mod(row, &residues)).collect();
        let mut s = vec![0u64; width];
        for (r, row) in self
            .r
            .chunks_exact_mut(width)
            .zip(self.b.chunks_exact(n * width))
        {
            s.copy_from_slice(r);
            sub_dot(&mut s, row, &x);
            if residue(&s, self.wrap) != 0 {
                return None;
            }
            div_exact_p(&s, r);
        }
        Some(x)
    }
}

/// `v` in two's complement over `width` limbs, appended to `out` (`|v| < 2^(64·width − 1)`).
fn push_twos_complement(out: &mut Vec<u64>, v: &Integer, width: usize) {
    let mut limbs = v.unsigned_abs_ref().to_limbs_asc();
    assert!(
        limbs.len() <= width,
        "dixon: {} limbs in a width of {width}",
        limbs.len()
    );
    limbs.resize(width, 0);
    if *v < 0u32 {
        let mut carry = true;
        for l in &mut limbs {
            let (sum, c) = (!*l).overflowing_add(u64::from(carry));
            *l = sum;
            carry = c;
        }
    }
    out.extend_from_slice(&limbs);
}

/// `s ← s − Σ_j a_j·x_j mod 2^(64·len)` (`len = s.len()`) for digits `x_j < P` and numbers
/// `a_j` in two's complement over `len` limbs, stored limb-major: limb `k` of `a_j` at
/// `a[k·x.len() + j]`. Modulo `2^(64·len)` the two's complement products are the signed ones.
///
/// By columns of equal weight (product scanning): the `x.len()` products of weight `k` are
/// summed into a 192-bit accumulator, whose low word is limb `k` of the dot product and whose
/// rest carries to weight `k + 1`; then one subtraction. Row by row (`mpn_submul_1` per entry,
/// until 2026-11-29) each product waited for the previous one's carry and `s` was read and
/// written once per entry; here the products of a column are independent, and the inner loop
/// reads two contiguous word arrays.
fn sub_dot(s: &mut [u64], a: &[u64], x: &[u64]) {
    let n = x.len();
    // The dot product's limbs so far are subtracted from `s` as they come, with a borrow.
    let mut carry: u128 = 0;
    let mut borrow = false;
    for (k, sl) in s.iter_mut().enumerate() {
        let column = &a[k * n..(k + 1) * n];
        // Products are below 2^125 (x_j < 2^61): eight of them sum below 2^128.
        let (mut lo, mut hi) = (carry, 0u64);
        for (ac, xc) in column.chunks(8).zip(x.chunks(8)) {
            let part: u128 = ac
                .iter()
                .zip(xc)
                .map(|(a, v)| u128::from(*a) * u128::from(*v))
                .sum();
            let (sum, over) = lo.overflowing_add(part);
            lo = sum;
            hi += u64::from(over);
        }
        let (d, b1) = sl.overflowing_sub(lo as u64);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *sl = d;
        borrow = b1 || b2;
        // The column's sum over 2^64: (lo >> 64) + hi·2^64, below 2^(64 + 64).
        carry = (lo >> 64) + (u128::from(hi) << 64);
    }
}

/// The residue modulo `P` of the two's complement number `s` (`wrap = 2^(64·len) mod P`).
fn residue(s: &[u64], wrap: u64) -> u64 {
    let mut acc = 0u64;
    for l in s.iter().rev() {
        // acc < 2^61: below 2^125 + 2^64 < 2^127.
        acc = reduce((u128::from(acc) << 64) + u128::from(*l));
    }
    if s.last().is_some_and(|top| *top >> 63 == 1) {
        add_mod(acc, P - wrap)
    } else {
        acc
    }
}

/// `P⁻¹ mod 2^64` (Newton's iteration doubles the correct low bits; `P` is its own inverse
/// modulo 8).
const P_INV: u64 = {
    let mut inv = P;
    let mut k = 0;
    while k < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(P.wrapping_mul(inv)));
        k += 1;
    }
    inv
};

/// `out ← s / P` for `s` a multiple of `P` in two's complement (GMP's `mpn_divexact_1`: Hensel
/// division, low limb first, exact modulo `2^(64·len)`).
fn div_exact_p(s: &[u64], out: &mut [u64]) {
    let mut borrow = 0u64;
    for (o, sl) in out.iter_mut().zip(s) {
        let (x, b) = sl.overflowing_sub(borrow);
        let q = x.wrapping_mul(P_INV);
        *o = q;
        borrow = ((u128::from(q) * u128::from(P)) >> 64) as u64 + u64::from(b);
    }
}

/// The step of the attempt after one at `step` (of at most `max_steps`). With an `estimate`
/// ([`estimated_steps`]): twice as many steps while that stays within a quarter of it (a
/// solution far smaller than its determinant), then the estimate, then a sixteenth of the
/// bound more each time. Without: twice as many steps within half the bound, then an eighth
/// of the bound more. The solutions of the big-coefficient LPs need ~78% of the bound
/// (`--big 160 --shape mixed`: ~5,600 of 7,172 steps); attempts only at doubling step
/// counts (before issue 42 item 8) lifted all 7,172 after a failed one at 4,096.
fn later_attempt(step: u64, max_steps: u64, estimate: Option<u64>) -> u64 {
    let doubled = 2 * step;
    match estimate {
        Some(e) if step < e => {
            if 4 * doubled <= e {
                doubled
            } else {
                e
            }
        }
        Some(_) => step + (max_steps / 16).max(1),
        None if doubled <= max_steps / 2 => doubled,
        None => step + (max_steps / 8).max(1),
    }
}

/// `Σ_k digits[k]·P^k`, by halves (`lo + P^h·hi`), with the powers of `P` cached.
fn from_digits(digits: &[u64], powers: &mut std::collections::BTreeMap<usize, Natural>) -> Natural {
    match digits.len() {
        0 => Natural::from(0u32),
        1 => Natural::from(digits[0]),
        len => {
            let h = len / 2;
            let lo = from_digits(&digits[..h], powers);
            let hi = from_digits(&digits[h..], powers);
            lo + hi * power_of_p(h, powers)
        }
    }
}

/// `P^k`, cached.
fn power_of_p(k: usize, powers: &mut std::collections::BTreeMap<usize, Natural>) -> Natural {
    powers
        .entry(k)
        .or_insert_with(|| Natural::from(P).pow(k as u64))
        .clone()
}

/// Row `i` of `rows` and `rhs_i`, times the lcm `L_i` of their denominators: dense integer
/// rows and right-hand side with the same solutions, and the bits of every `L_i`.
fn integer_rows(
    n: usize,
    rows: &[SparseRow],
    rhs: &[Rational],
) -> (Vec<Vec<Integer>>, Vec<Integer>, Vec<u64>) {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for (row, r) in rows.iter().zip(rhs) {
        let mut l = r.denominator_ref().clone();
        for (_, a) in row {
            l.lcm_assign(a.denominator_ref());
        }
        let mut dense = vec![Integer::from(0u32); n];
        for (j, a) in row {
            dense[*j] = numerator_over(a, &l);
        }
        out.0.push(dense);
        out.1.push(numerator_over(r, &l));
        out.2.push(l.significant_bits());
    }
    out
}

/// A guess at the steps the solution needs, in floats (issue 42 item 8; it only says when to
/// attempt a reconstruction, never what is proved): the solution's denominator divides
/// `det B = Π_i L_i · det A` and its numerators are about as large, so `p^k` must exceed about
/// `|det B|²`; `log2 |det A|` from a float elimination with partial pivoting, `log2 L_i` from
/// the bits of `L_i`, and a word of slack. `None` where the floats find `A` singular.
///
/// Without it the attempts came at doubling step counts, then every eighth of Hadamard's
/// bound: on `--big 160 --shape mixed` (84 × 84, the solution needs ~78% of the bound) three
/// attempts failed before one succeeded, each a half-extended Euclid on numbers of up to
/// 290,000 bits.
fn estimated_steps(n: usize, rows: &[SparseRow], lcm_bits: &[u64]) -> Option<u64> {
    let mut a = vec![vec![0f64; n]; n];
    for (dense, row) in a.iter_mut().zip(rows) {
        for (j, v) in row {
            dense[*j] = to_f64(v);
        }
    }
    let mut log2_det = 0f64;
    for c in 0..n {
        let p = (c..n).max_by(|&r, &s| a[r][c].abs().total_cmp(&a[s][c].abs()))?;
        if a[p][c] == 0.0 || !a[p][c].is_finite() {
            return None;
        }
        a.swap(c, p);
        let pivot_row = a[c].clone();
        log2_det += pivot_row[c].abs().log2();
        for row in &mut a[c + 1..] {
            let f = row[c] / pivot_row[c];
            if f != 0.0 {
                for (v, pv) in row[c..].iter_mut().zip(&pivot_row[c..]) {
                    *v -= f * pv;
                }
            }
        }
    }
    let det_bits = log2_det + lcm_bits.iter().sum::<u64>() as f64;
    let bits = 2.0 * det_bits + 64.0;
    if !bits.is_finite() || bits < 0.0 {
        return None;
    }
    Some((bits / 61.0).ceil() as u64 + 1)
}

fn mod_p(v: &Integer) -> u64 {
    let r = v.mod_op(Integer::from(P));
    u64::try_from(&r).expect("a residue modulo P fits in u64")
}

fn mul_mod(a: u64, b: u64) -> u64 {
    reduce(a as u128 * b as u128)
}

/// `x mod P` for `x < 2^127`, by folding (`2^61 ≡ 1 mod P`), without a 128-bit division.
fn reduce(x: u128) -> u64 {
    let m = P as u128;
    let x = (x & m) + (x >> 61); // < 2^61 + 2^66
    let x = ((x & m) + (x >> 61)) as u64; // < 2^61 + 2^5 < 2P
    if x >= P {
        x - P
    } else {
        x
    }
}

/// `Σ a_k v_k mod P` for residues `a_k, v_k < P`, reduced once per 32 products (each is below
/// 2^122, so 32 of them stay below 2^127).
fn dot_mod(a: &[u64], v: &[u64]) -> u64 {
    let mut out = 0u64;
    for (ac, vc) in a.chunks(32).zip(v.chunks(32)) {
        let s: u128 = ac
            .iter()
            .zip(vc)
            .map(|(x, y)| *x as u128 * *y as u128)
            .sum();
        out = add_mod(out, reduce(s));
    }
    out
}

fn add_mod(a: u64, b: u64) -> u64 {
    let s = a + b; // both below 2^61: no overflow
    if s >= P {
        s - P
    } else {
        s
    }
}

/// `a^(P−2) = a⁻¹ mod P` for `a ≠ 0`.
fn inv_mod(a: u64) -> u64 {
    let (mut base, mut e, mut acc) = (a, P - 2, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_mod(acc, base);
        }
        base = mul_mod(base, base);
        e >>= 1;
    }
    acc
}

/// `B⁻¹ mod P` by Gauss–Jordan, or `None` when `B` is singular modulo `P`.
fn inverse_mod_p(b: &[Vec<Integer>]) -> Option<Vec<Vec<u64>>> {
    let n = b.len();
    let mut a: Vec<Vec<u64>> = b
        .iter()
        .map(|row| row.iter().map(mod_p).collect())
        .collect();
    let mut inv: Vec<Vec<u64>> = (0..n)
        .map(|i| (0..n).map(|j| u64::from(i == j)).collect())
        .collect();
    for c in 0..n {
        let pr = (c..n).find(|&r| a[r][c] != 0)?;
        a.swap(c, pr);
        inv.swap(c, pr);
        let f = inv_mod(a[c][c]);
        for j in 0..n {
            a[c][j] = mul_mod(a[c][j], f);
            inv[c][j] = mul_mod(inv[c][j], f);
        }
        for r in 0..n {
            let g = a[r][c];
            if r == c || g == 0 {
                continue;
            }
            let neg = P - g;
            for j in 0..n {
                a[r][j] = add_mod(a[r][j], mul_mod(neg, a[c][j]));
                inv[r][j] = add_mod(inv[r][j], mul_mod(neg, inv[c][j]));
            }
        }
    }
    Some(inv)
}

/// How [`reconstruct`] proves its candidate `t / d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    /// The sums `X` satisfy `B·X ≡ w (mod modulus)` (the lifting's): by size alone
    /// ([`below_modulus`]), else refused (more steps make the modulus outgrow a right
    /// candidate; a wrong one is refused as soon as its denominator shows it cannot pass).
    Size,
    /// The same, else by computing `B·t` (the last attempt, or sums of unknown origin).
    SizeOrProduct,
}

/// The fractions `x` with `x ≡ digits_sum (mod modulus)` and `B x = w`, if the reconstructed
/// candidate `t / d` is proved to solve `B·t = w·d` (see [`Proof`]; the size needs the sums of
/// the lifting). The sums are drawn one by one, and not at all past the first component that
/// does not reconstruct.
fn reconstruct(
    digits_sum: impl ExactSizeIterator<Item = Integer>,
    modulus: &Natural,
    b: &[Vec<Integer>],
    w: &[Integer],
    proof: Proof,
    lifted: bool,
) -> Option<Vec<Rational>> {
    let half = modulus >> 1u32;
    let bound = (&half).floor_sqrt();
    let m = Integer::from(modulus.clone());
    // A premature candidate (Wang's answer from a modulus still too small) has a denominator
    // of about half the modulus's bits, and the next component that needs its own
    // reconstruction doubles it: `w·d` then outgrows the modulus, and with `Proof::Size` the
    // candidate is refused there instead of reconstructing every component (as many
    // half-extended Euclids as unknowns).
    let w_bits = w.iter().map(|v| v.significant_bits()).max().unwrap_or(0);
    let m_bits = modulus.significant_bits();
    // Numerators over the common denominator d, which grows as components need it.
    let mut d = Natural::from(1u32);
    let mut t: Vec<Integer> = Vec::with_capacity(digits_sum.len());
    for u in digits_sum {
        if proof == Proof::Size && w_bits + d.significant_bits() + 1 >= m_bits {
            return None;
        }
        let v = (u * Integer::from(d.clone())).mod_op(&m);
        let sym = if v > half { v - &m } else { v };
        if *sym.unsigned_abs_ref() < bound {
            t.push(sym);
            continue;
        }
        let (num, den) = wang(&sym.mod_op(&m), modulus, &bound)?;
        for tk in &mut t {
            *tk *= Integer::from(den.clone());
        }
        t.push(num);
        d *= den;
    }
    let di = Integer::from(d);
    if !(lifted && below_modulus(b, w, &t, &di, modulus)) {
        if proof == Proof::Size {
            return None;
        }
        for (row, wi) in b.iter().zip(w) {
            let mut s = -(wi * &di);
            for (a, tj) in row.iter().zip(&t) {
                s.add_mul_assign(a, tj);
            }
            if s != 0u32 {
                return None;
            }
        }
    }
    Some(
        t.into_iter()
            .map(|tj| Rational::from_integers(tj, di.clone()))
            .collect(),
    )
}

/// Whether every `|B_i·t − w_i·d| < modulus`, from bit counts alone. With `t ≡ d·X` (what
/// [`reconstruct`] makes of each component) and `B·X ≡ w (mod modulus)` (the lifting), every
/// `B_i·t − w_i·d ≡ 0 (mod modulus)`; below the modulus it is then `0`, so `B·t = w·d` is
/// proved without computing `B·t` (`n²` products of a row entry by a numerator of the size of
/// the solution: on `--big 160 --shape mixed`, 84 × 84 products of ~2,600 by ~170,000 bits).
/// It holds once `d` has more bits than a row of `B` (the modulus then exceeds `2·|t|·d`,
/// which the reconstruction needs anyway, by more than `|B_i|·n`).
fn below_modulus(
    b: &[Vec<Integer>],
    w: &[Integer],
    t: &[Integer],
    d: &Integer,
    modulus: &Natural,
) -> bool {
    let bits = |v: &Integer| v.significant_bits();
    let t_bits = t.iter().map(bits).max().unwrap_or(0);
    // n ≤ 2^log_n.
    let log_n = u64::from(usize::BITS - t.len().saturating_sub(1).leading_zeros());
    // modulus ≥ 2^(m_bits − 1).
    let m_bits = modulus.significant_bits();
    b.iter().zip(w).all(|(row, wi)| {
        let row_bits = row.iter().map(bits).max().unwrap_or(0);
        // |B_i·t| < 2^(row_bits + t_bits + log_n), |w_i·d| < 2^(bits(w_i) + bits(d)), and
        // their sum is below twice the larger.
        let sum_bits = (row_bits + t_bits + log_n).max(bits(wi) + bits(d)) + 1;
        sum_bits < m_bits
    })
}

/// Wang's rational reconstruction: `(a, b)` with `a ≡ b·u (mod m)`, `|a| < bound`,
/// `0 < b < bound`, from the extended Euclid of `(m, u)` stopped at the first remainder below
/// `bound`; `None` if there is none (the candidate is then wrong or `m` too small).
///
/// The remainder sequence is the plain Euclid's, computed by Lehmer's method while the
/// remainders are far above `bound` (Knuth, TAOCP vol. 2, §4.5.2, Algorithm L): the quotients
/// of the leading 64 bits are simulated in machine words as long as they provably equal the
/// true ones, and the big remainders and cofactors are then updated once by the 2 × 2 matrix
/// of those steps. Near `bound` the steps are the plain ones, so the stop is the same.
fn wang(u: &Integer, m: &Natural, bound: &Natural) -> Option<(Integer, Natural)> {
    if *u < 0u32 {
        return None;
    }
    let bound = Integer::from(bound.clone());
    let bound_bits = bound.significant_bits();
    let mut r0 = Integer::from(m.clone());
    let mut r1 = u.clone();
    let (mut t0, mut t1) = (Integer::from(0u32), Integer::from(1u32));
    let mut lehmer = true;
    while r1 >= bound {
        if lehmer && r1.significant_bits() > bound_bits + 64 {
            let h = r0.significant_bits() - 64;
            let (a, b, c, d) = lehmer_matrix(top_word(&r0, h), top_word(&r1, h));
            if b != 0 {
                let combine = |x: i128, v: &Integer, y: i128, w: &Integer| {
                    Integer::from(x) * v + Integer::from(y) * w
                };
                let n0 = combine(a, &r0, b, &r1);
                if n0 >= bound {
                    let n1 = combine(c, &r0, d, &r1);
                    let s0 = combine(a, &t0, b, &t1);
                    t1 = combine(c, &t0, d, &t1);
                    (r0, r1, t0) = (n0, n1, s0);
                    continue;
                }
                // The round overshot the stop (it cannot, with 64 bits to spare; kept for
                // safety): plain steps from here on.
                lehmer = false;
            }
        }
        let (q, r) = (&r0).div_mod(&r1);
        r0 = std::mem::replace(&mut r1, r);
        let t = t0 - q * &t1;
        t0 = std::mem::replace(&mut t1, t);
    }
    if t1 == 0u32 || *t1.unsigned_abs_ref() >= *bound.unsigned_abs_ref() {
        return None;
    }
    let a = r1;
    Some(if t1 < 0u32 {
        (-a, t1.unsigned_abs_ref().clone())
    } else {
        (a, t1.unsigned_abs_ref().clone())
    })
}

/// `⌊v / 2^h⌋` for `0 ≤ v < 2^(h + 64)`, as a word.
fn top_word(v: &Integer, h: u64) -> u64 {
    u64::try_from(&(v >> h)).expect("the leading 64 bits")
}

/// Knuth's Algorithm L, steps L2–L3: the matrix `(a, b; c, d)` of the Euclid steps on the
/// leading words `(x, y)` whose quotient is certain for every pair of numbers with these
/// leading words (the quotients of `(x + a)/(y + c)` and `(x + b)/(y + d)` agree), so that the
/// true remainders after those steps are `a·r0 + b·r1` and `c·r0 + d·r1`; `b = 0` if no step
/// is certain.
fn lehmer_matrix(x: u64, y: u64) -> (i128, i128, i128, i128) {
    let (mut x, mut y) = (i128::from(x), i128::from(y));
    let (mut a, mut b, mut c, mut d) = (1i128, 0i128, 0i128, 1i128);
    loop {
        let (n1, d1, n2, d2) = (x + a, y + c, x + b, y + d);
        if d1 <= 0 || d2 <= 0 || n1 < 0 || n2 < 0 {
            break;
        }
        let q = n1 / d1;
        if q != n2 / d2 {
            break;
        }
        (a, b, c, d) = (c, d, a - q * c, b - q * d);
        (x, y) = (y, x - q * y);
    }
    (a, b, c, d)
}

#[cfg(test)]
mod tests;
