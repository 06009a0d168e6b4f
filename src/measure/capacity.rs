//! Shannon capacity `C(W) = max_π I(π; W)` as a certified bracket.
//!
//! For every input distribution π, `I(π; W) ≤ C(W)` (definition), and for every output
//! distribution `q` whose support covers every row, `C(W) ≤ max_x D(W_x ‖ q)`: for every π,
//! `I(π; W) = Σ_x π(x) D(W_x ‖ q) − D(πW ‖ q) ≤ max_x D(W_x ‖ q)` (the "golden formula",
//! Csiszár–Körner, *Information Theory*, 2nd ed., and the min-max radius characterisation
//! `C = min_q max_x D(W_x‖q)`, Gallager 1968, Thm 4.5.1). Both ends are
//! computed exactly-then-enclosed at a rational π and `q = πW`; the π comes from a
//! Blahut–Arimoto run in `f64` (Blahut 1972, Arimoto 1972), used only as a hint and then
//! rounded to a rational, so the bracket is sound whatever the hint.

use super::capacity_hint::{capacity_hint, FloatChannel};
use super::info::{kl, mutual_information};
use crate::num::fmt::to_f64;
use crate::num::{Decision, Interval, LnCache, LogLinear, Rational};
use crate::prob::{Channel, Dist};

/// Working precision (bits) of the enclosures.
const PREC: u64 = 192;

/// A certified bracket `lo() ≤ C(W) ≤ hi()` (nats).
#[derive(Clone, Debug)]
pub struct CapacityBracket {
    /// The rational input π certifying the lower end.
    pub input: Dist,
    /// The rational output `q = πW` certifying the upper end.
    pub output: Dist,
    /// Enclosure of `I(π; W)`.
    pub lower: Interval,
    /// Enclosure of `max_x D(W_x ‖ q)`: `[max_x lo_x, max_x hi_x]`.
    pub upper: Interval,
    /// An input `x` with the largest upper end of `D(W_x ‖ q)`.
    pub upper_row: usize,
    /// Blahut–Arimoto iterations used for the hint.
    pub iterations: usize,
}

impl CapacityBracket {
    /// Certified lower bound on `C(W)` (nats).
    pub fn lo(&self) -> Rational {
        self.lower.lo_rational().expect("finite enclosure")
    }

    /// Certified upper bound on `C(W)` (nats).
    pub fn hi(&self) -> Rational {
        self.upper.hi_rational().expect("finite enclosure")
    }

    /// `hi() − lo()`.
    pub fn width(&self) -> Rational {
        self.hi() - self.lo()
    }

    /// The lower end as an exact log-linear form `I(π; W)`.
    pub fn lower_form(&self, w: &Channel) -> LogLinear {
        mutual_information(&self.input, w)
    }
}

/// Blahut–Arimoto iterates in `f64` (a hint only; never decides anything): returns the input
/// distribution after at most `max_iters` steps or once the `f64` gap
/// `max_x D(W_x‖πW) − I(π; W)` drops below `tol`, and the number of steps.
fn blahut_arimoto_hint(w: &Channel, max_iters: usize, tol: f64) -> (Vec<f64>, usize) {
    let rows = w.rows();
    let n = rows.len();
    let k = rows.first().map_or(0, Vec::len);
    let wf: Vec<Vec<f64>> = rows
        .iter()
        .map(|r| r.iter().map(to_f64).collect())
        .collect();
    // Σ_y W ln W per row.
    let neg_h: Vec<f64> = wf
        .iter()
        .map(|r| r.iter().filter(|&&a| a > 0.0).map(|&a| a * a.ln()).sum())
        .collect();
    let mut p = vec![1.0 / n as f64; n];
    let mut q = vec![0.0; k];
    let mut d = vec![0.0; n];
    let mut lnq = vec![0.0; k];
    for it in 0..max_iters {
        q.iter_mut().for_each(|v| *v = 0.0);
        for (px, r) in p.iter().zip(&wf) {
            for (qy, a) in q.iter_mut().zip(r) {
                *qy += px * a;
            }
        }
        for (l, qy) in lnq.iter_mut().zip(&q) {
            *l = if *qy > 0.0 { qy.ln() } else { 0.0 };
        }
        for x in 0..n {
            let cross: f64 = wf[x]
                .iter()
                .zip(&lnq)
                .filter(|(a, _)| **a > 0.0)
                .map(|(a, l)| a * l)
                .sum();
            d[x] = neg_h[x] - cross;
        }
        let dmax = d.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let i: f64 = p.iter().zip(&d).map(|(a, b)| a * b).sum();
        if dmax - i < tol {
            return (p, it);
        }
        // Hint heuristic: an input whose mass has collapsed and whose divergence is clearly
        // below the current I cannot be in the optimal support for long; dropping it turns
        // Blahut–Arimoto's slow sublinear tail into geometric convergence. Soundness does not
        // depend on this (the bracket is certified afterwards at whatever input results).
        let prune = it % 256 == 255;
        let mut z = 0.0;
        for (px, dx) in p.iter_mut().zip(&d) {
            if prune && *px < 1e-9 && *dx < i - 1e-6 {
                *px = 0.0;
            }
            *px *= (dx - dmax).exp();
            z += *px;
        }
        p.iter_mut().for_each(|v| *v /= z);
    }
    (p, max_iters)
}

/// Round a float hint to a rational distribution with denominator `2^60`, every entry at
/// least `2^-60` (so that `πW` covers every row's support).
fn rationalise(p: &[f64]) -> Dist {
    let scale: u64 = 1 << 60;
    let n = p.len();
    let mut nums: Vec<u64> = p
        .iter()
        .map(|&a| {
            let v = (a.clamp(0.0, 1.0) * scale as f64).round();
            (v as u64).clamp(1, scale)
        })
        .collect();
    let total: u128 = nums.iter().map(|&a| a as u128).sum();
    let imax = (0..n).max_by_key(|&i| nums[i]).unwrap_or(0);
    if total > scale as u128 {
        let excess = (total - scale as u128) as u64;
        nums[imax] -= excess.min(nums[imax] - 1);
    } else {
        nums[imax] += (scale as u128 - total) as u64;
    }
    Dist::new(
        nums.iter()
            .map(|&a| Rational::from_unsigneds(a, scale))
            .collect(),
    )
    .expect("entries sum to 2^60 / 2^60")
}

/// The bracket certified at one rational input `π` (with `q = πW`): `lower = I(π; W)`,
/// `upper = max_x D(W_x ‖ q)`. `None` when `q` misses some row's support (then the upper end
/// is infinite; give π full support).
pub fn capacity_bracket_at(w: &Channel, input: &Dist) -> Option<CapacityBracket> {
    if input.len() != w.n_inputs() {
        return None;
    }
    let q = crate::prob::output_rows(input.probs(), w.rows());
    // The q(y) have large numerators and denominators: enclose each, then take ln of the
    // enclosure (one logarithm per output); the entries share small integers ([`LnCache`]).
    let lnq: Vec<Option<Interval>> = q
        .iter()
        .map(|a| Interval::from_rational(a, PREC).ln())
        .collect();
    let zero = Rational::from(0u32);
    let ds = if w.n_inputs() * w.n_outputs() >= FIXED_POINT_CELLS {
        divergences_fixed(w.rows(), &q, &lnq).or_else(|| divergences(w.rows(), &q, &lnq))?
    } else {
        divergences(w.rows(), &q, &lnq)?
    };
    let mut lower = Interval::from_i64(0, PREC);
    for (p, d) in input.probs().iter().zip(&ds) {
        if *p != 0u32 {
            lower = &lower + &d.mul_rational(p);
        }
    }
    // I(π; W) ≥ 0.
    let lower = lower.clamp_to(Some(&zero), None);
    let upper_row = (0..ds.len())
        .max_by(|&a, &b| ds[a].hi.partial_cmp(&ds[b].hi).expect("no NaN"))
        .unwrap_or(0);
    let mut upper = ds[upper_row].clone();
    for d in &ds {
        if d.lo > upper.lo {
            upper.lo = d.lo.clone();
        }
    }
    Some(CapacityBracket {
        input: input.clone(),
        output: Dist::new(q).expect("πW is a distribution"),
        lower,
        upper,
        upper_row,
        iterations: 0,
    })
}

/// Enclosures of `D(W_x ‖ q) = Σ_y W(y|x) ln(W(y|x)/q_y)` for every row, term by term in
/// interval arithmetic at [`PREC`] bits (`lnq` encloses `ln q_y`); `None` when some
/// `W(y|x) > 0 = q_y` (the divergence is infinite). The reference for [`divergences_fixed`].
fn divergences(
    rows: &[Vec<Rational>],
    q: &[Rational],
    lnq: &[Option<Interval>],
) -> Option<Vec<Interval>> {
    let mut lns = LnCache::new(PREC);
    let zero = Rational::from(0u32);
    let mut ds = Vec::with_capacity(rows.len());
    for row in rows {
        let mut acc = Interval::from_i64(0, PREC);
        for ((a, l), qy) in row.iter().zip(lnq).zip(q) {
            // a ln(a/q) is exactly 0 when a = 0 or a = q(y).
            if *a == 0u32 || a == qy {
                continue;
            }
            let lq = l.as_ref()?;
            let la = lns.ln(a).expect("a > 0");
            acc = &acc + &(&la - lq).mul_rational(a);
        }
        // D(W_x ‖ q) ≥ 0 (Gibbs' inequality): the enclosure never reaches below 0.
        ds.push(acc.clamp_to(Some(&zero), None));
    }
    Some(ds)
}

/// Channels with at least this many cells take [`divergences_fixed`]; smaller ones keep the
/// `2^-180`-wide enclosures of [`divergences`] (a symmetric channel's bracket at the uniform
/// input is then narrower than `10^-40`, which claims and tests rely on), where the time is
/// small anyway.
const FIXED_POINT_CELLS: usize = 1 << 12;

/// Fraction bits of the fixed-point logarithms in [`divergences_fixed`].
const FIX_BITS: u64 = 120;

/// `[⌊2^FIX_BITS·lo⌋, ⌈2^FIX_BITS·hi⌉]` of an enclosure, when both fit an `i128`.
fn fixed_point(i: &Interval) -> Option<(i128, i128)> {
    use malachite::base::num::conversion::traits::RoundingFrom;
    use malachite::base::rounding_modes::RoundingMode::{Ceiling, Floor};
    use malachite::Integer;
    if !i.lo.is_finite() || !i.hi.is_finite() {
        return None;
    }
    let lo = Integer::rounding_from(&(&i.lo << FIX_BITS), Floor).0;
    let hi = Integer::rounding_from(&(&i.hi << FIX_BITS), Ceiling).0;
    Some((i128::try_from(&lo).ok()?, i128::try_from(&hi).ok()?))
}

/// [`divergences`] in integer arithmetic, for rows whose common denominator `d` is below
/// `2^32` (`None` otherwise, and where [`divergences`] answers `None`): with the integers
/// `c_y = d·W(y|x)`, over the outputs `E` where `W(y|x) = q_y` (exact zeros) left out,
/// `D(W_x ‖ q) = (1/d) Σ_{y∉E} c_y (ln c_y − ln q_y) − (s/d) ln d` with `s = Σ_{y∉E} c_y`.
/// `ln c_y` and `ln q_y` are taken as `2^-120`-fixed-point enclosures (floor of the lower end,
/// ceiling of the upper), and the weighted sums of their ends are exact integer sums in two
/// `i128` halves, so each row costs one exact division instead of a `Float` interval product
/// per cell (the per-cell products were 5 of the 9 s of a 1024×1024 audit's bracket, issue
/// 31). The enclosures are `2^-118`-wide instead of `2^-180`; the printed 18 digits are not.
fn divergences_fixed(
    rows: &[Vec<Rational>],
    q: &[Rational],
    lnq: &[Option<Interval>],
) -> Option<Vec<Interval>> {
    use malachite::base::num::arithmetic::traits::LcmAssign;
    use malachite::{Integer, Natural};
    let k = q.len();
    if k >= 1 << 30 {
        return None;
    }
    let lq: Vec<Option<(i128, i128)>> = lnq
        .iter()
        .map(|l| l.as_ref().and_then(fixed_point))
        .collect();
    let mut lns = LnCache::new(PREC);
    let mut ln_int = std::collections::HashMap::<u64, (i128, i128)>::new();
    let zero = Rational::from(0u32);
    let scale = Integer::from(1u32) << FIX_BITS;
    let mut ds = Vec::with_capacity(rows.len());
    for row in rows {
        let mut d = Natural::from(1u32);
        for a in row {
            d.lcm_assign(a.denominator_ref());
        }
        let d = u64::try_from(&d).ok().filter(|&d| d < 1 << 32)?;
        // Σ c_y·v_y for the lower and upper ends v_y of ln c_y − ln q_y, each as
        // (Σ c·(v >> 64), Σ c·(v mod 2^64)): |v >> 64| < 2^63 and c < 2^32, so neither half
        // overflows for fewer than 2^30 outputs.
        let (mut lo_hi, mut lo_lo, mut hi_hi, mut hi_lo) = (0i128, 0u128, 0i128, 0u128);
        let mut s = 0u64;
        for ((a, l), qy) in row.iter().zip(&lq).zip(q) {
            if *a == 0u32 || a == qy {
                continue;
            }
            let (l_lo, l_hi) = (*l)?;
            let c = u64::try_from(a.numerator_ref()).ok()?
                * (d / u64::try_from(a.denominator_ref()).ok()?);
            s += c;
            let (c_lo, c_hi) = match ln_int.get(&c) {
                Some(v) => *v,
                None => {
                    let v = fixed_point(&lns.ln(&Rational::from(c)).expect("c ≥ 1"))?;
                    ln_int.insert(c, v);
                    v
                }
            };
            let (v_lo, v_hi) = (c_lo.checked_sub(l_hi)?, c_hi.checked_sub(l_lo)?);
            let c = c as i128;
            lo_hi += c * (v_lo >> 64);
            lo_lo += c as u128 * (v_lo as u128 & u64::MAX as u128);
            hi_hi += c * (v_hi >> 64);
            hi_lo += c as u128 * (v_hi as u128 & u64::MAX as u128);
        }
        if s == 0 {
            ds.push(Interval::from_i64(0, PREC));
            continue;
        }
        let sum = |h: i128, l: u128| (Integer::from(h) << 64u64) + Integer::from(l);
        let den = Rational::from(d) * Rational::from(scale.clone());
        let lo = Rational::from(sum(lo_hi, lo_lo)) / &den;
        let hi = Rational::from(sum(hi_hi, hi_lo)) / &den;
        let ln_d = lns
            .ln(&Rational::from(d))
            .expect("d ≥ 1")
            .mul_rational(&Rational::from_unsigneds(s, d));
        let terms = Interval::from_rationals(&lo, &hi, PREC).expect("lo ≤ hi");
        ds.push((&terms - &ln_d).clamp_to(Some(&zero), None));
    }
    Some(ds)
}

/// A certified Shannon-capacity bracket (nats), aiming at width `target` (e.g. `10^-12`):
/// Blahut–Arimoto hints (in `f64`) for up to a work budget, rounded to a rational input, then
/// [`capacity_bracket_at`]; the uniform input is tried too (exact for symmetric channels) and
/// the better end of each kind kept. The returned width may exceed `target` when the hint does
/// not converge within the budget; the bracket is sound either way.
pub fn capacity_bracket(w: &Channel, target: &Rational) -> CapacityBracket {
    capacity_bracket_within(w, target, &|| true)
}

/// [`capacity_bracket`] that asks `keep_going` now and then during the float hint (a
/// deadline): when it answers false, the bracket is certified at the hint found so far.
pub fn capacity_bracket_within(
    w: &Channel,
    target: &Rational,
    keep_going: &dyn Fn() -> bool,
) -> CapacityBracket {
    let (hint, iterations) = capacity_float_hint(w, target, keep_going);
    capacity_bracket_certified(w, target, &hint, iterations)
}

/// The float hint of [`capacity_bracket_within`] (never trusted): an input distribution and
/// the Blahut–Arimoto steps it took.
pub(crate) fn capacity_float_hint(
    w: &Channel,
    target: &Rational,
    keep_going: &dyn Fn() -> bool,
) -> (Vec<f64>, usize) {
    let cells = (w.n_inputs() * w.n_outputs()).max(1);
    let max_iters = (200_000_000 / cells).clamp(2_000, 200_000);
    let tol = (to_f64(target) / 4.0).max(1e-14);
    capacity_hint(&FloatChannel::new(w.rows()), max_iters, tol, keep_going)
}

/// The certified part of [`capacity_bracket_within`]: the bracket at the rounded `hint`, and
/// at the uniform input too when the hint took no step or missed `target`.
pub(crate) fn capacity_bracket_certified(
    w: &Channel,
    target: &Rational,
    hint: &[f64],
    iterations: usize,
) -> CapacityBracket {
    let n = w.n_inputs();
    let ba = capacity_bracket_at(w, &rationalise(hint)).expect("full-support input");
    if iterations > 0 && ba.width() <= *target {
        return CapacityBracket { iterations, ..ba };
    }
    // The uniform input is exact where the hint stopped at once (symmetric channels, equal
    // rows: capacity exactly 0), and a second chance when the hint missed the target.
    let uni = capacity_bracket_at(w, &Dist::uniform(n)).expect("full-support input");
    let (lower_src, upper_src) = (
        if uni.lower.lo > ba.lower.lo {
            &uni
        } else {
            &ba
        },
        if uni.upper.hi < ba.upper.hi {
            &uni
        } else {
            &ba
        },
    );
    CapacityBracket {
        input: lower_src.input.clone(),
        output: upper_src.output.clone(),
        lower: lower_src.lower.clone(),
        upper: upper_src.upper.clone(),
        upper_row: upper_src.upper_row,
        iterations,
    }
}

/// A capacity bracket with exact ends, `lower ≤ C(W) ≤ upper` (nats): `lower = I(π; W)` and
/// `upper = max_x D(W_x ‖ πW)` as log-linear forms at a rational input `π` with denominator
/// `2^16` (the bounds of the module documentation). Exact ends can be compared exactly with
/// other log-linear forms (a paper's formula), at the price of a looser bracket than
/// [`capacity_bracket`]'s; the small denominator keeps the forms short enough to print.
#[derive(Clone, Debug)]
pub struct ExactCapacityBracket {
    /// `I(π; W)`.
    pub lower: LogLinear,
    /// `max_x D(W_x ‖ πW)`.
    pub upper: LogLinear,
    /// The rational input `π` of the better lower end.
    pub prior: Vec<Rational>,
}

impl ExactCapacityBracket {
    /// Decide `C ≤ bound` from the bracket: true when the upper end is certified `≤ bound`,
    /// false when the lower end is certified `> bound`, unknown otherwise.
    pub fn capacity_at_most(&self, bound: &LogLinear) -> Decision {
        if LogLinear::decide_le(&self.upper, bound) == Decision::True {
            Decision::True
        } else if LogLinear::decide_le(&self.lower, bound) == Decision::False {
            Decision::False
        } else {
            Decision::Unknown
        }
    }
}

/// The exact bracket at one rational input `π`: `I(π; W)` and `max_x D(W_x ‖ πW)`.
fn exact_bracket_at(prior: Dist, w: &Channel) -> ExactCapacityBracket {
    let lower = mutual_information(&prior, w);
    let q = crate::prob::output_rows(prior.probs(), w.rows());
    let upper = w
        .rows()
        .iter()
        .map(|row| kl(row, &q).expect("every row is covered by πW when π > 0"))
        .reduce(|u, d| if d > u { d } else { u })
        .unwrap_or_default();
    ExactCapacityBracket {
        lower,
        upper,
        prior: prior.probs().to_vec(),
    }
}

/// [`ExactCapacityBracket`] of the channel `w`: the better ends of the brackets at a
/// Blahut–Arimoto hint (400 steps, rounded to denominator `2^16`, every entry at least
/// `2^-16`) and at the uniform input (exact for symmetric channels).
pub fn capacity_bracket_exact(w: &Channel) -> ExactCapacityBracket {
    let (hint, _) = blahut_arimoto_hint(w, 400, 0.0);
    let scale: u64 = 1 << 16;
    let n = w.n_inputs();
    let mut nums: Vec<u64> = hint
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
    let prior = Dist::new(
        nums.iter()
            .map(|&a| Rational::from_unsigneds(a, scale))
            .collect(),
    )
    .expect("entries sum to 2^16 / 2^16");
    let ba = exact_bracket_at(prior, w);
    let uni = exact_bracket_at(Dist::uniform(n), w);
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
    ExactCapacityBracket {
        lower,
        upper,
        prior,
    }
}

#[cfg(test)]
mod tests {
    use super::super::info::entropy;
    use super::*;
    use crate::testutil::{channel, dist, q};
    use malachite::base::num::arithmetic::traits::{Pow, Reciprocal};
    use proptest::prelude::*;

    fn target() -> Rational {
        Rational::from_signeds(1, 1_000_000_000_000i64)
    }

    fn ln_encl(q: &[Rational]) -> Vec<Option<Interval>> {
        q.iter()
            .map(|a| Interval::from_rational(a, PREC).ln())
            .collect()
    }

    /// `D((1/2, 1/2) ‖ (1/4, 3/4)) = ½ ln 2 + ½ ln(2/3)` (by hand), a row equal to `q` gives an
    /// exact 0, and a row with mass where `q_y = 0` is infinite (`None`) on both paths.
    #[test]
    fn fixed_point_divergences_literal() {
        let q2 = [q(1, 4), q(3, 4)];
        let rows = vec![vec![q(1, 2), q(1, 2)], vec![q(1, 4), q(3, 4)]];
        let ds = divergences_fixed(&rows, &q2, &ln_encl(&q2)).unwrap();
        let want = &(&Interval::ln_rational(&q(2, 1), PREC).unwrap()
            + &Interval::ln_rational(&q(2, 3), PREC).unwrap())
            .mul_rational(&q(1, 2));
        assert!(ds[0].lo <= want.hi && want.lo <= ds[0].hi, "{ds:?}");
        assert!(ds[0].width_rational().unwrap() < Rational::from_signeds(1, 1i64 << 55).pow(2u64));
        assert_eq!(
            (ds[1].lo_rational(), ds[1].hi_rational()),
            (Some(q(0, 1)), Some(q(0, 1)))
        );
        let z = [q(1, 1), q(0, 1)];
        assert!(divergences_fixed(&rows, &z, &ln_encl(&z)).is_none());
        assert!(divergences(&rows, &z, &ln_encl(&z)).is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The fixed-point divergences and the interval reference are both enclosures of the
        /// same numbers: they intersect, and the fixed-point ones are at most 2^-110 wide.
        #[test]
        fn fixed_point_divergences_against_intervals(w in channel(4, 5, 40), p in dist(4, 30)) {
            // A full-support input, as the bracket uses (a zero mass is nudged to 1/1000).
            let p: Vec<Rational> = p.iter().map(|a| a + q(1, 1000)).collect();
            let total: Rational = p.iter().sum();
            let p: Vec<Rational> = p.iter().map(|a| a / &total).collect();
            let qv = crate::prob::output_rows(&p, w.rows());
            let l = ln_encl(&qv);
            let fast = divergences_fixed(w.rows(), &qv, &l).unwrap();
            let slow = divergences(w.rows(), &qv, &l).unwrap();
            let tiny = Rational::from_signeds(1, 1i64 << 55).pow(2u64);
            for (f, s) in fast.iter().zip(&slow) {
                prop_assert!(f.lo <= s.hi && s.lo <= f.hi, "{:?} vs {:?}", f, s);
                prop_assert!(f.width_rational().unwrap() <= tiny, "{:?}", f);
            }
        }
    }

    #[test]
    fn exact_bracket_of_bsc_is_closed() {
        // BSC(1/4): C = ln 2 − h(1/4), attained at the uniform input, so both exact ends are it.
        let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        let b = capacity_bracket_exact(&w);
        let c = &LogLinear::ln(&q(2, 1)) - &entropy(&[q(1, 4), q(3, 4)]);
        assert_eq!(b.lower, c);
        assert_eq!(b.upper, c);
        // C ≤ bound decided from either end; a bracket strictly around the bound is unknown.
        assert_eq!(b.capacity_at_most(&c), Decision::True);
        assert_eq!(b.capacity_at_most(&LogLinear::ln(&q(2, 1))), Decision::True);
        assert_eq!(
            b.capacity_at_most(&LogLinear::ln(&q(1, 1))),
            Decision::False
        );
        let open = ExactCapacityBracket {
            lower: LogLinear::ln(&q(1, 1)),
            upper: LogLinear::ln(&q(2, 1)),
            prior: vec![q(1, 2), q(1, 2)],
        };
        assert_eq!(
            open.capacity_at_most(&LogLinear::ln(&q(3, 2))),
            Decision::Unknown
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// The exact ends are ordered, the lower end is `I(π; W)` at the reported input, and
        /// they enclose the certified interval bracket's capacity (both are sound brackets of
        /// the same number, so they must overlap).
        #[test]
        fn exact_bracket_is_sound(w in channel(3, 3, 7)) {
            let b = capacity_bracket_exact(&w);
            prop_assert!(b.lower <= b.upper);
            prop_assert_eq!(&mutual_information(&Dist::new(b.prior.clone()).unwrap(), &w), &b.lower);
            let iv = capacity_bracket(&w, &target());
            prop_assert!(b.lower.cmp_rational(&iv.hi()) != std::cmp::Ordering::Greater);
            prop_assert!(b.upper.cmp_rational(&iv.lo()) != std::cmp::Ordering::Less);
        }
    }

    #[test]
    fn bsc_bracket_contains_closed_form() {
        // BSC(1/4): C = ln 2 − h(1/4), attained at the uniform input.
        let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
        let b = capacity_bracket(&w, &target());
        let c = &LogLinear::ln(&q(2, 1)) - &entropy(&[q(1, 4), q(3, 4)]);
        assert_ne!(c.cmp_rational(&b.lo()), std::cmp::Ordering::Less);
        assert_ne!(c.cmp_rational(&b.hi()), std::cmp::Ordering::Greater);
        assert!(b.width() < Rational::from(10u32).pow(40u64).reciprocal());
        assert_eq!(b.lower_form(&w), c);
    }

    /// Issue 26: equal rows carry no information; the bracket is the point 0, never
    /// `[-1e-18, 1e-18]`, and every bracket stays at or above 0.
    #[test]
    fn equal_rows_have_capacity_exactly_zero() {
        let rows = [
            vec![vec![q(1, 3), q(2, 3)], vec![q(1, 3), q(2, 3)]],
            vec![vec![q(1, 7), q(0, 1), q(6, 7)]; 3],
            vec![vec![q(1, 1)]; 2],
        ];
        for r in rows {
            let w = Channel::new(r).unwrap();
            let b = capacity_bracket(&w, &target());
            assert_eq!((b.lo(), b.hi()), (q(0, 1), q(0, 1)), "{w:?}");
        }
    }

    #[test]
    fn z_channel_bracket_is_narrow() {
        // Z-channel: C = ln(1 + (1−p) p^{p/(1−p)}) at p = 1/2: ln(5/4).
        let w = Channel::new(vec![vec![q(1, 1), q(0, 1)], vec![q(1, 2), q(1, 2)]]).unwrap();
        let b = capacity_bracket(&w, &target());
        let c = LogLinear::ln(&q(5, 4));
        assert_ne!(c.cmp_rational(&b.lo()), std::cmp::Ordering::Less);
        assert_ne!(c.cmp_rational(&b.hi()), std::cmp::Ordering::Greater);
        assert!(b.width() <= target(), "width {}", b.width());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn bracket_contains_i_at_every_rational_input(w in channel(3, 3, 6), p in dist(3, 5)) {
            let b = capacity_bracket(&w, &target());
            prop_assert!(b.lo() >= 0u32 && b.lo() <= b.hi());
            // I(π; W) ≤ C ≤ hi for every rational π.
            let i = mutual_information(&Dist::new(p).unwrap(), &w);
            prop_assert_ne!(i.cmp_rational(&b.hi()), std::cmp::Ordering::Greater);
        }

        #[test]
        fn bracket_shrinks_with_more_iterations(w in channel(3, 4, 7)) {
            let rough = capacity_bracket_at(&w, &rationalise(&blahut_arimoto_hint(&w, 3, 0.0).0)).unwrap();
            let fine = capacity_bracket(&w, &target());
            prop_assert!(fine.width() <= rough.width());
            // The two brackets intersect (both contain C).
            prop_assert!(fine.lo() <= rough.hi() && rough.lo() <= fine.hi());
        }
    }
}
