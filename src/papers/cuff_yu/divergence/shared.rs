//! The definitions the claim groups of `divergence` share (issue 43, item 1: out of
//! `divergence.rs`, which the groups imported whole while it listed them, a circle).

pub(crate) use crate::claim::instances::{
    default_pair_cells, fmt_pair, pair_cells_beyond, simplex_pairs, PairCell,
};
pub(crate) use crate::claim::instances::{fmt_rows, r, simplex, t_set, SplitMix};
pub(crate) use crate::claim::scan::{DScan, Decider};
pub(crate) use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
pub(crate) use crate::measure::mi_dp_bound_from_tv;
pub(crate) use crate::measure::{binary_entropy, capacity_bracket_exact, mutual_information};
pub(crate) use crate::measure::{entropy, kl, max_ratio_two_sided, tv};
pub(crate) use crate::num::loglin::LogLinear;
pub(crate) use crate::num::poly::Poly;
pub(crate) use crate::num::{Decision, Rational};
pub(crate) use crate::prob::{Channel, Dist};
pub(crate) use std::cmp::Ordering;
pub(crate) use std::fmt;

/// A grid of channels: all unordered tuples of `rows` rows from `Δ_k^N`, or seeded random.
#[derive(Clone, Debug)]
pub enum ChanCell {
    Grid {
        rows: usize,
        k: usize,
        n: u32,
    },
    Random {
        rows: usize,
        k: usize,
        n: u32,
        count: usize,
        seed: u64,
    },
}

impl fmt::Display for ChanCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanCell::Grid { rows, k, n } => {
                write!(f, "channels |X|={rows} |Y|={k}, rows in simplex N={n}")
            }
            ChanCell::Random {
                rows,
                k,
                n,
                count,
                seed,
            } => write!(
                f,
                "random channels |X|={rows} |Y|={k} N={n} count={count} seed={seed}"
            ),
        }
    }
}

impl ChanCell {
    pub fn build(&self) -> Vec<Vec<Vec<Rational>>> {
        match self {
            ChanCell::Grid { rows, k, n } => {
                let pts = simplex(*k, *n);
                let mut out = Vec::new();
                let mut idx = vec![0usize; *rows];
                loop {
                    out.push(idx.iter().map(|&i| pts[i].clone()).collect());
                    // Next non-decreasing index tuple.
                    let mut j = *rows;
                    loop {
                        if j == 0 {
                            return out;
                        }
                        j -= 1;
                        if idx[j] + 1 < pts.len() {
                            idx[j] += 1;
                            for l in j + 1..*rows {
                                idx[l] = idx[j];
                            }
                            break;
                        }
                    }
                }
            }
            ChanCell::Random {
                rows,
                k,
                n,
                count,
                seed,
            } => {
                let mut g = SplitMix(*seed);
                (0..*count)
                    .map(|_| (0..*rows).map(|_| g.dist(*k, *n)).collect())
                    .collect()
            }
        }
    }
}

/// `g(d) = ln 2 − h((1−d)/2)`: the capacity of the binary symmetric channel whose rows are at
/// total variation d (CY-16's bound, in monotone form).
pub fn bsc_capacity_at_tv(d: &Rational) -> LogLinear {
    &LogLinear::ln(&r(2, 1)) - &binary_entropy(&((r(1, 1) - d) / r(2, 1)))
}

/// The k-ary symmetric channel `(1−δ)U + δ e_x` (rows at TV exactly δ(1 − 0)... see tests).
pub fn symmetric_channel(k: usize, delta: &Rational) -> Vec<Vec<Rational>> {
    let u = r(1, k as i64);
    (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    let base = (r(1, 1) - delta) * &u;
                    if x == y {
                        base + delta
                    } else {
                        base
                    }
                })
                .collect()
        })
        .collect()
}

/// The k-ary erasure channel in Cuff–Yu's parameter: `Y = X` w.p. δ, `⊥` (last output)
/// otherwise, i.e. the library's [`crate::mechanism::erasure`] with erasure probability `1 − δ`.
pub fn erasure_channel(k: usize, delta: &Rational) -> Vec<Vec<Rational>> {
    crate::mechanism::erasure(k, &(r(1, 1) - delta))
        .expect("δ ∈ [0, 1]")
        .rows()
        .to_vec()
}

/// The matrix `w` as a channel for the measures: the checks build and index plain rows, and
/// every matrix they build is row-stochastic.
pub fn channel(w: &[Vec<Rational>]) -> Channel {
    Channel::new(w.to_vec()).expect("the checks build row-stochastic matrices")
}

/// The largest pairwise TV of a channel.
pub fn max_tv(w: &[Vec<Rational>]) -> Rational {
    let mut best = r(0, 1);
    for a in w {
        for b in w {
            let d = tv(a, b);
            if d > best {
                best = d;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_and_erasure_channels() {
        let w = symmetric_channel(3, &r(1, 2));
        assert_eq!(max_tv(&w), r(1, 2));
        let e = erasure_channel(4, &r(1, 3));
        assert_eq!(max_tv(&e), r(1, 3));
        for row in w.iter().chain(&e) {
            assert_eq!(row.iter().cloned().sum::<Rational>(), r(1, 1));
        }
    }

    #[test]
    fn g_is_bsc_capacity() {
        assert_eq!(bsc_capacity_at_tv(&r(1, 1)), LogLinear::ln(&r(2, 1)));
        assert!(bsc_capacity_at_tv(&r(0, 1)).is_zero());
    }
}
