//! Shannon quantities as exact log-linear forms (`crate::num::loglin::LogLinear`), and the
//! Shannon capacity bracket of a channel (`cuff-yu.md` §0, techniques LL and CB).
//!
//! KL and entropy are `crate::measure`'s. TEMPORARY (issue 15): binary entropy, mutual
//! information on plain vectors and the capacity bracket are still written here; they are
//! tested against `measure` in `papers::library_agreement`.

use crate::claim::Value;
use crate::measure::{entropy, kl};
use crate::num::fmt::to_f64;
use crate::num::loglin::LogLinear;
use crate::num::Rational;
use std::cmp::Ordering;

/// Binary entropy `h(d) = −d ln d − (1−d) ln(1−d)` (nats), `h(0) = h(1) = 0`.
pub fn h(d: &Rational) -> LogLinear {
    entropy(&[d.clone(), Rational::from(1u32) - d])
}

/// Output distribution `P_Y = Σ_x π(x) W_x`.
pub fn output(prior: &[Rational], w: &[Vec<Rational>]) -> Vec<Rational> {
    let k = w[0].len();
    (0..k)
        .map(|y| prior.iter().zip(w).map(|(p, row)| p * &row[y]).sum())
        .collect()
}

/// Mutual information `I(π; W) = Σ_x π(x) D(W_x ‖ P_Y)` in nats (always finite).
pub fn mutual_information(prior: &[Rational], w: &[Vec<Rational>]) -> LogLinear {
    let py = output(prior, w);
    let mut acc = LogLinear::zero();
    for (p, row) in prior.iter().zip(w) {
        if *p > 0u32 {
            let d = kl(row, &py).expect("W_x << P_Y when π(x) > 0");
            acc = &acc + &d.scale(p);
        }
    }
    acc
}

/// A log-linear form as a report value: the exact form and a 20-digit enclosure.
pub fn ll_value(f: &LogLinear) -> Value {
    Value::text(f.to_string(), f.to_decimal_string(20))
}

/// A rough floating-point value of a form (a hint for ranking only; never decides).
pub fn hint(f: &LogLinear) -> f64 {
    f.terms().map(|(r, c)| to_f64(c) * to_f64(r).ln()).sum()
}

/// A certified bracket `lower ≤ C_1(W) ≤ upper` of the Shannon capacity (nats):
/// `lower = I(π; W)` at a rational prior π, `upper = max_x D(W_x ‖ πW)` (the
/// Gallager/Csiszár radius bound, valid for every output distribution of full support on
/// the union of the rows' supports). π comes from a floating-point Blahut–Arimoto run
/// (a hint), rounded to rationals with every entry at least 2^-16.
#[derive(Clone, Debug)]
pub struct Bracket {
    pub lower: LogLinear,
    pub upper: LogLinear,
    pub prior: Vec<Rational>,
}

/// Blahut–Arimoto in f64 (hint only).
fn blahut_arimoto(w: &[Vec<Rational>], iters: usize) -> Vec<f64> {
    let wf: Vec<Vec<f64>> = w
        .iter()
        .map(|row| row.iter().map(to_f64).collect())
        .collect();
    let n = wf.len();
    let k = wf[0].len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..iters {
        let q: Vec<f64> = (0..k)
            .map(|y| (0..n).map(|x| p[x] * wf[x][y]).sum())
            .collect();
        let c: Vec<f64> = (0..n)
            .map(|x| {
                (0..k)
                    .filter(|&y| wf[x][y] > 0.0)
                    .map(|y| wf[x][y] * (wf[x][y] / q[y]).ln())
                    .sum::<f64>()
                    .exp()
            })
            .collect();
        let z: f64 = (0..n).map(|x| p[x] * c[x]).sum();
        for x in 0..n {
            p[x] = p[x] * c[x] / z;
        }
    }
    p
}

/// The bracket at one rational prior: `I(π; W)` and `max_x D(W_x ‖ πW)`.
fn bracket_at(prior: Vec<Rational>, w: &[Vec<Rational>]) -> Bracket {
    let lower = mutual_information(&prior, w);
    let q = output(&prior, w);
    let mut upper: Option<LogLinear> = None;
    for row in w {
        let d = kl(row, &q).expect("every row is covered by πW when π > 0");
        upper = Some(match upper {
            None => d,
            Some(u) => {
                if d.cmp(&u) == Ordering::Greater {
                    d
                } else {
                    u
                }
            }
        });
    }
    Bracket {
        lower,
        upper: upper.unwrap_or_default(),
        prior,
    }
}

/// The capacity bracket of `w` (see [`Bracket`]): the better ends of the brackets at the
/// rounded Blahut–Arimoto prior and at the uniform prior (exact for symmetric channels).
pub fn capacity_bracket(w: &[Vec<Rational>]) -> Bracket {
    let hintp = blahut_arimoto(w, 400);
    let scale: u64 = 1 << 16;
    let n = w.len();
    let mut nums: Vec<u64> = hintp
        .iter()
        .map(|&p| ((p * scale as f64).round() as u64).max(1))
        .collect();
    // Fix the total to `scale` on the largest entry.
    let total: u64 = nums.iter().sum();
    let imax = (0..n).max_by_key(|&i| nums[i]).unwrap_or(0);
    if total > scale {
        nums[imax] -= (total - scale).min(nums[imax] - 1);
    } else {
        nums[imax] += scale - total;
    }
    let prior: Vec<Rational> = nums
        .iter()
        .map(|&a| Rational::from_unsigneds(a, scale))
        .collect();
    let ba = bracket_at(prior, w);
    let uni = bracket_at(vec![Rational::from_unsigneds(1u64, n as u64); n], w);
    let (lower, prior) = if uni.lower > ba.lower {
        (uni.lower, uni.prior)
    } else {
        (ba.lower, ba.prior)
    };
    let upper = if uni.upper < ba.upper {
        uni.upper
    } else {
        ba.upper
    };
    Bracket {
        lower,
        upper,
        prior,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::instances::r;

    #[test]
    fn literal_values() {
        // D((1/2,1/2) ‖ (1/4,3/4)) = ½ ln 2 + ½ ln(2/3).
        let d = kl(&[r(1, 2), r(1, 2)], &[r(1, 4), r(3, 4)]).unwrap();
        let want = &LogLinear::term(&r(1, 2), &r(2, 1)) + &LogLinear::term(&r(1, 2), &r(2, 3));
        assert_eq!(d, want);
        assert!(kl(&[r(1, 1), r(0, 1)], &[r(0, 1), r(1, 1)]).is_none());
        assert_eq!(h(&r(1, 2)), LogLinear::ln(&r(2, 1)));
        assert_eq!(entropy(&vec![r(1, 4); 4]), LogLinear::ln(&r(4, 1)));
    }

    #[test]
    fn bsc_capacity_is_bracketed_exactly() {
        // BSC(1/4): C = ln 2 − h(1/4), attained at the uniform prior.
        let w = vec![vec![r(3, 4), r(1, 4)], vec![r(1, 4), r(3, 4)]];
        let b = capacity_bracket(&w);
        let c = &LogLinear::ln(&r(2, 1)) - &h(&r(1, 4));
        assert_eq!(b.lower, c);
        assert_eq!(b.upper, c);
    }

    #[test]
    fn bracket_is_ordered_on_random_channels() {
        let mut g = crate::claim::instances::SplitMix(11);
        for _ in 0..20 {
            let w: Vec<Vec<Rational>> = (0..3).map(|_| g.dist(3, 7)).collect();
            let b = capacity_bracket(&w);
            assert!(b.lower <= b.upper);
            // I(π) = Σ π_x D(W_x‖πW) ≤ max_x D(W_x‖πW) for the same π: the naive identity.
            assert!(mutual_information(&b.prior, &w) <= b.upper);
        }
    }

    #[test]
    fn chain_rule_identity() {
        // H(X) + H(Y|X) = H(X,Y) on a literal joint.
        let joint = [r(1, 8), r(3, 8), r(1, 4), r(1, 4)];
        let px = [r(1, 2), r(1, 2)];
        let w = [vec![r(1, 4), r(3, 4)], vec![r(1, 2), r(1, 2)]];
        let hy_x = &entropy(&w[0]).scale(&r(1, 2)) + &entropy(&w[1]).scale(&r(1, 2));
        assert_eq!(&entropy(&px) + &hy_x, entropy(&joint));
    }
}
