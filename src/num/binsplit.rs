//! Partial sums of the binomial expansion by binary splitting (issue 42 item 5: `compose
//! rr:2:3 --k 1000000`).
//!
//! `Σ_{j=j0}^{k} C(k, j) a^j b^{k−j}` has terms of about `k·log2 max(a, b)` bits; adding them one
//! by one (the recurrence `T_{j+1} = T_j·(k−j)·a / ((j+1)·b)`) costs a pass over such a number
//! per term, quadratic in `k`. Binary splitting (Haible–Papanikolaou, *Fast multiprecision
//! evaluation of series of rational numbers*, 1998, §2) groups the ratios of consecutive terms
//! into a product tree, so the sum costs `O(M(n) log n)` for `n`-bit numbers (`M` the cost of a
//! multiplication): the walk of a composition can then jump to any prefix of its atoms.

use super::{binomial, Natural};
use malachite::base::num::arithmetic::traits::{DivExact, Pow};
use malachite::base::num::basic::traits::{One, Zero};

/// Below this many terms a range is summed by the plain recurrence (fewer small allocations).
const LEAF: u64 = 16;

/// `(P, Q, T)` of the ratios `p(l)/q(l)` for `l` in `[lo, hi)`: `P = Π p(l)`, `Q = Π q(l)` and
/// `T/Q = Σ_{i=lo}^{hi−1} Π_{l=lo}^{i} p(l)/q(l)` (Haible–Papanikolaou's recursion).
fn split(
    lo: u64,
    hi: u64,
    p: &impl Fn(u64) -> Natural,
    q: &impl Fn(u64) -> Natural,
) -> (Natural, Natural, Natural) {
    if hi - lo <= LEAF {
        // Σ_{i} Π_{l ≤ i} p/q over a short range: T = Σ_i (Π_{l≤i} p(l)) (Π_{l>i} q(l)).
        let mut pp = Natural::ONE;
        let mut qq = Natural::ONE;
        let mut t = Natural::ZERO;
        for l in lo..hi {
            let (pl, ql) = (p(l), q(l));
            // Invariant: t/qq = Σ_{i<l} Π_{m≤i} p/q over [lo, l).
            t *= &ql;
            pp *= pl;
            qq *= ql;
            t += &pp;
        }
        return (pp, qq, t);
    }
    let mid = lo + (hi - lo) / 2;
    let (p1, q1, t1) = split(lo, mid, p, q);
    let (p2, q2, t2) = split(mid, hi, p, q);
    let t = t1 * &q2 + &p1 * t2;
    (p1 * p2, q1 * q2, t)
}

/// `Σ_{j=j0}^{k} C(k, j)·a^j·b^{k−j}` exactly (`0` when `j0 > k`), by binary splitting.
#[cfg(test)]
fn binomial_tail(k: u64, j0: u64, a: &Natural, b: &Natural) -> Natural {
    binomial_range(k, j0, k, a, b)
}

/// `Σ_{j=j0}^{j1} C(k, j)·a^j·b^{k−j}` exactly (`j1` capped at `k`; `0` for an empty range), by
/// binary splitting.
pub(crate) fn binomial_range(k: u64, j0: u64, j1: u64, a: &Natural, b: &Natural) -> Natural {
    let j1 = j1.min(k);
    if j0 > j1 {
        return Natural::ZERO;
    }
    // a = 0 leaves the term j = 0 only, b = 0 the term j = k only (0^0 = 1).
    if *a == 0u32 {
        return if j0 == 0 { b.pow(k) } else { Natural::ZERO };
    }
    if *b == 0u32 {
        return if j1 == k { a.pow(k) } else { Natural::ZERO };
    }
    let first = binomial(k, j0) * a.pow(j0) * b.pow(k - j0);
    let n = j1 - j0;
    if n == 0 {
        return first;
    }
    // T_{j0+l} / T_{j0+l−1} = (k − j0 − l + 1)·a / ((j0 + l)·b), for l = 1..n.
    let p = |l: u64| Natural::from(k - j0 - l + 1) * a;
    let q = |l: u64| Natural::from(j0 + l) * b;
    let (_, qq, t) = split(1, n + 1, &p, &q);
    // Σ = first·(1 + T/Q), an integer: the division is exact.
    (first * (&qq + t)).div_exact(qq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The naive sum, term by term.
    fn naive(k: u64, j0: u64, a: u64, b: u64) -> Natural {
        (j0..=k)
            .map(|j| binomial(k, j) * Natural::from(a).pow(j) * Natural::from(b).pow(k - j))
            .fold(Natural::ZERO, |s, t| s + t)
    }

    /// Worked by hand: (3 + 1)^4 = 256 over every j; from j = 3: 4·27 + 81 = 189; j0 > k: 0.
    #[test]
    fn literal_table() {
        let n = |x: u64| Natural::from(x);
        let cases: [(u64, u64, u64, u64, u64); 6] = [
            (4, 0, 3, 1, 256),
            (4, 3, 3, 1, 189),
            (4, 4, 3, 1, 81),
            (4, 5, 3, 1, 0),
            (3, 1, 1, 0, 1), // only j = 3 survives b = 0: 1^3
            (3, 0, 0, 2, 8), // only j = 0 survives a = 0: 2^3
        ];
        for (k, j0, a, b, want) in cases {
            assert_eq!(
                binomial_tail(k, j0, &n(a), &n(b)),
                n(want),
                "k={k} j0={j0} a={a} b={b}"
            );
        }
    }

    /// Past the leaf size the product tree is used: the whole expansion is (a + b)^k.
    #[test]
    fn whole_expansion_is_a_power() {
        for k in [17u64, 64, 100, 333] {
            let (a, b) = (Natural::from(3u32), Natural::from(5u32));
            assert_eq!(binomial_tail(k, 0, &a, &b), Natural::from(8u32).pow(k));
        }
    }

    proptest! {
        #[test]
        fn a_range_is_a_difference_of_tails(k in 0u64..80, j0 in 0u64..85, len in 0u64..85, a in 0u64..5, b in 0u64..5) {
            let (a, b) = (Natural::from(a), Natural::from(b));
            let j1 = j0 + len;
            let whole = binomial_range(k, j0, j1, &a, &b) + binomial_tail(k, j1 + 1, &a, &b);
            prop_assert_eq!(whole, binomial_tail(k, j0, &a, &b));
        }

        #[test]
        fn agrees_with_the_naive_sum(k in 0u64..120, j0 in 0u64..125, a in 0u64..7, b in 0u64..7) {
            prop_assert_eq!(binomial_tail(k, j0, &Natural::from(a), &Natural::from(b)), naive(k, j0, a, b));
        }
    }
}
