//! Instance families shared by the paper modules (issue 6): the uniform prior, the
//! rational simplices Δ_k^N and all channels of a shape on a denominator grid. Graph families
//! (Hamming graphs, all graphs up to 6 vertices) live in `crate::graph`.

use crate::num::Rational;

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

/// The uniform prior on `k` points.
pub fn uniform(k: usize) -> Vec<Rational> {
    vec![Rational::from_unsigneds(1u64, k as u64); k]
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
            }
        }
    }

    #[test]
    fn channel_counts_and_priors() {
        assert_eq!(channels(2, 2, 3).len(), 16);
        assert_eq!(channels(3, 2, 2).len(), 27);
        assert_eq!(uniform(4).iter().sum::<Rational>(), Rational::from(1u32));
    }
}
