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
//! **Nothing here is trusted**: an answer is returned only after `B·x = w` has been verified
//! in integers (the candidate on one common denominator `d`: `B·t = w·d`). `B` is non-singular
//! modulo `p`, hence over the rationals, so the verified answer is *the* solution — the same
//! the exact LU of [`crate::lp::exact::lu`] finds. Every other case (not square, singular modulo `p`,
//! no reconstruction within Hadamard's bound) returns `None` and the caller falls back to the
//! LU, which also decides inconsistency. The LP answer is judged by the certificate checker
//! anyway.
//!
//! Cost: one `n³` inverse modulo `p`, then per step `n²` word products and `n²` products of a
//! row's integer by a word, and one reconstruction per attempt — against the LU's `n³/3`
//! rational operations, each a gcd of numbers that grow to the size of the solution.
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
//! No attempt in the last quarter of the steps before Hadamard's bound (2026-11-26): on
//! `--big 40 --shape mixed` the attempt at 256 of 298 steps failed after 8.5 ms, because a
//! wrong first component led every other one into its own reconstruction, where lifting the
//! remaining 42 steps and the final attempt cost ~6 ms. The two solves went from 22.8 to
//! 17.1 ms (`RAYON_NUM_THREADS=1 dpcert lp FILE --stats`, "exact systems", one thread), the
//! process from 320 M to 268 M instructions (`perf stat -e instructions:u`, three runs each).

use super::sparse::SparseRow;
use crate::num::{numerator_over, Integer, Natural, Rational};
use malachite::base::num::arithmetic::traits::{
    AddMulAssign, DivExact, DivMod, FloorSqrt, LcmAssign, Mod, Pow,
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
    let (b, w) = integer_rows(n, rows, rhs);
    let inverse = inverse_mod_p(&b)?;
    let p = Integer::from(P);
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
    let mut residual = w.clone();
    // The p-adic digits of x, one vector per step (combined only when a reconstruction is
    // tried: adding each digit times p^k as it comes is quadratic in the number of steps).
    let mut digits: Vec<Vec<u64>> = Vec::new();
    let mut next_attempt = 8u64;
    for step in 1..=max_steps {
        let r: Vec<u64> = residual.iter().map(mod_p).collect();
        let x: Vec<u64> = inverse.iter().map(|row| dot_mod(row, &r)).collect();
        let xi: Vec<Integer> = x.iter().map(|v| Integer::from(*v)).collect();
        digits.push(x);
        for (ri, row) in residual.iter_mut().zip(&b) {
            let mut s = -std::mem::take(ri);
            for (a, v) in row.iter().zip(&xi) {
                if *v != 0u32 {
                    s.add_mul_assign(a, v);
                }
            }
            *ri = (-s).div_exact(&p);
        }
        // Attempts at doubling step counts, but none in the last quarter before the bound:
        // a failed attempt can cost as much as the final one (see the module docs).
        let attempt = step == max_steps || (step == next_attempt && 4 * step <= 3 * max_steps);
        if step == next_attempt {
            next_attempt = 2 * step;
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
            if let Some(solution) = reconstruct(sums, &modulus, &b, &w) {
                return Some(solution);
            }
        }
    }
    None
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

/// Row `i` of `rows` and `rhs_i`, times the lcm of their denominators: dense integer rows and
/// right-hand side with the same solutions.
fn integer_rows(
    n: usize,
    rows: &[SparseRow],
    rhs: &[Rational],
) -> (Vec<Vec<Integer>>, Vec<Integer>) {
    rows.iter()
        .zip(rhs)
        .map(|(row, r)| {
            let mut l = r.denominator_ref().clone();
            for (_, a) in row {
                l.lcm_assign(a.denominator_ref());
            }
            let mut dense = vec![Integer::from(0u32); n];
            for (j, a) in row {
                dense[*j] = numerator_over(a, &l);
            }
            (dense, numerator_over(r, &l))
        })
        .unzip()
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

/// The fractions `x` with `x ≡ digits_sum (mod modulus)` and `B x = w`, if the reconstructed
/// candidate passes the exact check `B·t = w·d`; the sums are drawn one by one, and not at all
/// past the first component that does not reconstruct.
fn reconstruct(
    digits_sum: impl ExactSizeIterator<Item = Integer>,
    modulus: &Natural,
    b: &[Vec<Integer>],
    w: &[Integer],
) -> Option<Vec<Rational>> {
    let half = modulus >> 1u32;
    let bound = (&half).floor_sqrt();
    let m = Integer::from(modulus.clone());
    // Numerators over the common denominator d, which grows as components need it.
    let mut d = Natural::from(1u32);
    let mut t: Vec<Integer> = Vec::with_capacity(digits_sum.len());
    for u in digits_sum {
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
    let di = Integer::from(d.clone());
    for (row, wi) in b.iter().zip(w) {
        let mut s = -(wi * &di);
        for (a, tj) in row.iter().zip(&t) {
            s.add_mul_assign(a, tj);
        }
        if s != 0u32 {
            return None;
        }
    }
    let dq = Rational::from(d);
    Some(t.into_iter().map(|tj| Rational::from(tj) / &dq).collect())
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
