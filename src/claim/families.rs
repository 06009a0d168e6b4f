//! Instance families shared by the paper modules (issue 6): rational t grids, priors, the
//! rational simplices Δ_k^N and all channels of a shape on a denominator grid. Graph families
//! (Hamming graphs, all graphs up to 6 vertices) live in `crate::graph`.

use crate::num::Rational;

/// Every rational a/den with lo < a/den < hi (open interval), in increasing order.
pub fn t_grid(lo: &Rational, hi: &Rational, den: u64) -> Vec<Rational> {
    let mut out: Vec<Rational> = Vec::new();
    let mut a = 0u64;
    loop {
        let t = Rational::from_unsigneds(a, den);
        if &t >= hi {
            return out;
        }
        if &t > lo {
            out.push(t);
        }
        a += 1;
    }
}

/// Δ_k^N: every probability vector of length `k` whose entries are multiples of 1/N, in
/// lexicographic order of the numerators. |Δ_k^N| = C(N+k-1, k-1).
pub fn simplex(k: usize, n: u64) -> Vec<Vec<Rational>> {
    fn rec(k: usize, left: u64, n: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<Rational>>) {
        if k == 1 {
            cur.push(left);
            out.push(
                cur.iter()
                    .map(|&a| Rational::from_unsigneds(a, n))
                    .collect(),
            );
            cur.pop();
            return;
        }
        for a in 0..=left {
            cur.push(a);
            rec(k - 1, left - a, n, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    if k > 0 && n > 0 {
        rec(k, n, n, &mut Vec::new(), &mut out);
    }
    out
}

/// Δ_k^N restricted to full support (every entry > 0).
pub fn full_support_simplex(k: usize, n: u64) -> Vec<Vec<Rational>> {
    simplex(k, n)
        .into_iter()
        .filter(|p| p.iter().all(|x| *x > 0))
        .collect()
}

/// The uniform prior on `k` points.
pub fn uniform(k: usize) -> Vec<Rational> {
    vec![Rational::from_unsigneds(1u64, k as u64); k]
}

/// A product prior on D^n (index = base-m digits, digit 0 least significant, as
/// `Graph::hamming`): the product of `marginal` over the n rows.
pub fn product(marginal: &[Rational], n: usize) -> Vec<Rational> {
    let m = marginal.len();
    let size = m.pow(n as u32);
    (0..size)
        .map(|mut v| {
            let mut p = Rational::from(1u32);
            for _ in 0..n {
                p *= &marginal[v % m];
                v /= m;
            }
            p
        })
        .collect()
}

/// Near point mass at `i`: 1 - (k-1)·eps on `i`, eps elsewhere (needs (k-1)·eps < 1).
pub fn near_point_mass(k: usize, i: usize, eps: &Rational) -> Vec<Rational> {
    let big = Rational::from(1u32) - eps * Rational::from(k as u64 - 1);
    (0..k)
        .map(|j| if j == i { big.clone() } else { eps.clone() })
        .collect()
}

/// A seeded pseudo-random full-support point of Δ_k^N (a deterministic SplitMix64 choice
/// among `full_support_simplex(k, n)`); `None` when N < k.
pub fn random_full_support(k: usize, n: u64, seed: u64) -> Option<Vec<Rational>> {
    let all = full_support_simplex(k, n);
    if all.is_empty() {
        return None;
    }
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    Some(all[(z % all.len() as u64) as usize].clone())
}

/// Every channel with `rows` inputs and `cols` outputs whose rows lie in Δ_cols^N
/// (|Δ|^rows channels, rows in lexicographic order).
pub fn channels(rows: usize, cols: usize, n: u64) -> Vec<Vec<Vec<Rational>>> {
    let points = simplex(cols, n);
    let mut out: Vec<Vec<Vec<Rational>>> = vec![Vec::new()];
    for _ in 0..rows {
        let mut next = Vec::with_capacity(out.len() * points.len());
        for prefix in &out {
            for p in &points {
                let mut c = prefix.clone();
                c.push(p.clone());
                next.push(c);
            }
        }
        out = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binom(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// |Δ_k^N| = C(N+k-1, k-1), against a literal table and the formula.
    #[test]
    fn simplex_counts() {
        for (k, n, want) in [(1, 3, 1), (2, 6, 7), (3, 6, 28), (4, 4, 35), (3, 1, 3)] {
            assert_eq!(simplex(k, n).len(), want, "k={k} N={n}");
        }
        for k in 1..=4usize {
            for n in 1..=6u64 {
                let s = simplex(k, n);
                assert_eq!(s.len() as u64, binom(n + k as u64 - 1, k as u64 - 1));
                for p in &s {
                    assert_eq!(p.iter().sum::<Rational>(), Rational::from(1u32));
                }
                // Full support: C(N-1, k-1) points.
                let fs = full_support_simplex(k, n).len() as u64;
                let want = if n >= k as u64 {
                    binom(n - 1, k as u64 - 1)
                } else {
                    0
                };
                assert_eq!(fs, want, "k={k} N={n}");
            }
        }
    }

    #[test]
    fn channel_counts_and_priors() {
        assert_eq!(channels(2, 2, 3).len(), 16);
        assert_eq!(channels(3, 2, 2).len(), 27);
        let p = product(
            &[Rational::from_signeds(1, 3), Rational::from_signeds(2, 3)],
            2,
        );
        assert_eq!(p[3], Rational::from_signeds(4, 9));
        assert_eq!(p.iter().sum::<Rational>(), Rational::from(1u32));
        assert_eq!(uniform(4).iter().sum::<Rational>(), Rational::from(1u32));
        let q = near_point_mass(3, 1, &Rational::from_signeds(1, 100));
        assert_eq!(q[1], Rational::from_signeds(98, 100));
        let r = random_full_support(3, 6, 7).unwrap();
        assert_eq!(r, random_full_support(3, 6, 7).unwrap());
        assert!(r.iter().all(|x| *x > 0));
        let t = t_grid(&Rational::from(0u32), &Rational::from(1u32), 4);
        assert_eq!(t.len(), 3);
    }
}
