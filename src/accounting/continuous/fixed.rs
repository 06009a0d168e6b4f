//! Sound discretisation of a continuous privacy loss distribution on the uniform grid `j·h`
//! (`h` rational), masses as fixed-point integers (`2^-63` units) rounded outward, and exact
//! integer convolution (issue 45 item 3). The argument is in docs/accounting.md, "Continuous
//! mechanisms"; in short, with `u = e^{−ℓ}` and the P-mass distribution of `u`:
//! `δ(ε) = ∫ (1 − e^ε·u)_+ dμ(u)`, a non-negative, non-increasing, convex function of `u`.
//! Call `ν` *above* `μ` when `∫ f dμ ≤ ∫ f dν` for every such `f`. Adding mass, moving mass
//! to a smaller `u` (a larger loss, `+∞` included) and mean-preserving spreads in `u` go
//! up; composition multiplies `u`s of independent uses, and `u ↦ f(u·v)` is again such an `f`,
//! so the order passes through convolution.
//! * *upper*: each cell `(jh, (j+1)h]` of the loss with P-mass `P` and Q-mass `Q` is split
//!   between its ends keeping both masses (`a + b = P`, `a·e^{−jh} + b·e^{−(j+1)h} = Q`; a
//!   mean-preserving spread: "connect the dots", Doroshenko–Ghazi–Kamath–Kumar–Manurangsi,
//!   PETS 2022), each end's mass rounded up; the tail above the range goes to `+∞`, below it
//!   to the lowest grid point;
//! * *lower*: each cell is first merged to one atom at its Jensen point `ln(P/Q)` (a
//!   post-processing of the output: it can only lose information), then atoms are contracted
//!   onto grid points — part of a cell's atom goes down to `jh`, where its slack
//!   `P·e^{−jh} − Q ≥ 0` pays for lifting part of the cell below it up to `jh` (merging parts of
//!   atoms into one at their mean is a mean-preserving contraction); masses rounded down; the
//!   tail above the range is moved down to the top grid point, the tail below dropped.
//!
//! Both kernels are within `O(h²)` of the truth per use (not `O(h)` as with rounding every
//! loss to a grid point), so `k` uses stay close for moderate `h`.

use crate::accounting::grid::Side;
use crate::num::interval::Interval;
use crate::num::{Natural, Rational};
use malachite::base::num::arithmetic::traits::{Ceiling, Floor, Square};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::base::rounding_modes::RoundingMode;
use malachite::Float;

/// Fraction bits of the fixed-point masses.
pub const FRAC: u32 = 63;
/// `1` in fixed point.
pub const ONE: u64 = 1 << FRAC;
/// Working precision of the per-cell arithmetic (bits).
pub const PREC: u64 = 128;

/// The loss of one use on the grid `j·h`: cells `(jh, (j+1)h]` for `j = jmin..jmin + p.len()`.
#[derive(Clone, Debug)]
pub struct Cells {
    /// The grid step.
    pub h: Rational,
    /// The index of the first cell.
    pub jmin: i64,
    /// P-mass of each cell.
    pub p: Vec<Interval>,
    /// Q-mass of each cell (same event).
    pub q: Vec<Interval>,
    /// P-mass sitting exactly at a grid loss `j·h` (atoms), by index.
    pub atoms: Vec<(i64, Interval)>,
    /// P-mass with loss at most `jmin·h` (atoms excluded).
    pub below: Interval,
    /// P-mass with loss above the last cell's top (`+∞` included).
    pub above: Interval,
}

/// A discretised loss distribution, one side: `m[i]` at loss `(lo + i)·h`, plus `+∞`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Which bound it gives.
    pub side: Side,
    /// Index of `m[0]`.
    pub lo: i64,
    /// Fixed-point masses.
    pub m: Vec<u64>,
    /// Fixed-point mass at `+∞` (upper side only).
    pub inf: u64,
    /// Fixed-point mass pruned (moved or dropped), for the report.
    pub pruned: u128,
}

/// `⌈x·2^63⌉` (upper) or `⌊x·2^63⌋` (lower) of a Float, clamped to `[0, 2·ONE]`.
fn to_fixed(x: &Float, side: Side) -> u64 {
    if x.is_nan() || *x <= 0u32 {
        return 0;
    }
    let r = Rational::try_from(&(x.clone() << FRAC)).unwrap_or(Rational::from(u64::MAX));
    let n = match side {
        Side::Upper => r.ceiling(),
        Side::Lower => r.floor(),
    };
    u64::try_from(&n).unwrap_or(u64::MAX)
}

fn end(i: &Interval, side: Side) -> u64 {
    match side {
        Side::Upper => to_fixed(&i.hi, side),
        Side::Lower => to_fixed(&i.lo, side),
    }
}

fn clamp0(i: Interval) -> Interval {
    i.clamp_to(Some(&Rational::ZERO), None)
}

impl Cells {
    /// The index one past the last cell's top grid point.
    pub fn jmax(&self) -> i64 {
        self.jmin + self.p.len() as i64
    }

    /// The kernel of one use towards `side` (see the module docs).
    pub fn kernel(&self, side: Side) -> Measure {
        let (jmin, jmax) = self
            .atoms
            .iter()
            .fold((self.jmin, self.jmax()), |(a, b), (j, _)| {
                (a.min(*j), b.max(*j))
            });
        let mut m = vec![0u64; (jmax - jmin + 1) as usize];
        let at = |j: i64| (j - jmin) as usize;
        let e_h = Interval::exp_rational(&-self.h.clone(), PREC);
        let one = Interval::from_i64(1, PREC);
        let one_minus = one.sub(&e_h);
        let mut inf = 0u64;
        match side {
            Side::Upper => {
                for (i, (p, q)) in self.p.iter().zip(&self.q).enumerate() {
                    let j = self.jmin + i as i64;
                    let ejh = Interval::exp_rational(&(Rational::from(j) * &self.h), PREC);
                    let qs = q.mul(&ejh);
                    let a = clamp0(qs.sub(&p.mul(&e_h)).checked_div(&one_minus).expect("h > 0"));
                    let b = clamp0(p.sub(&qs).checked_div(&one_minus).expect("h > 0"));
                    // Neither part exceeds P.
                    let cap = end(p, side);
                    m[at(j)] += end(&a, side).min(cap);
                    m[at(j + 1)] += end(&b, side).min(cap);
                }
                m[at(self.jmin)] += end(&self.below, side);
                inf = end(&self.above, side);
            }
            Side::Lower => {
                let n = self.p.len();
                // s: slack at the cell's floor, d: deficit at its top.
                let mut s = Vec::with_capacity(n);
                let mut d = Vec::with_capacity(n);
                for (i, (p, q)) in self.p.iter().zip(&self.q).enumerate() {
                    let j = self.jmin + i as i64;
                    let e0 = Interval::exp_rational(&-(Rational::from(j) * &self.h), PREC);
                    let e1 = e0.mul(&e_h);
                    let sl = p.mul(&e0).sub(q);
                    let de = q.sub(&p.mul(&e1));
                    s.push(if sl.lo > 0u32 { sl.lo } else { Float::ZERO });
                    d.push(if de.hi > 0u32 { de.hi } else { Float::ZERO });
                }
                // x[i]: the fraction of cell i's atom sent down to its floor; the rest is lifted
                // to the top. Group at the floor of cell i: x[i]·s[i] ≥ (1 − x[i−1])·d[i−1].
                let fp = 64;
                let mut x: Vec<Float> = vec![Float::ONE; n];
                for i in 1..n {
                    let free = Float::ONE
                        .sub_prec_round_ref_ref(&x[i - 1], fp, RoundingMode::Ceiling)
                        .0;
                    let need = free
                        .mul_prec_round_ref_ref(&d[i - 1], fp, RoundingMode::Ceiling)
                        .0;
                    if need == 0u32 {
                        x[i] = Float::ZERO;
                    } else if s[i] > 0u32 && need <= s[i] {
                        x[i] = need
                            .div_prec_round_ref_ref(&s[i], fp, RoundingMode::Ceiling)
                            .0;
                        if x[i] > 1u32 {
                            x[i] = Float::ONE;
                        }
                    } else {
                        // Lift only what cell i can pay for: 1 − x[i−1] ≤ s[i]/d[i−1].
                        x[i] = Float::ONE;
                        let can = s[i]
                            .div_prec_round_ref_ref(&d[i - 1], fp, RoundingMode::Floor)
                            .0;
                        let least = Float::ONE
                            .sub_prec_round_ref_ref(&can, fp, RoundingMode::Ceiling)
                            .0;
                        if least > x[i - 1] {
                            x[i - 1] = least;
                        }
                    }
                }
                if let Some(last) = x.last_mut() {
                    *last = Float::ONE;
                }
                for (i, p) in self.p.iter().enumerate() {
                    let j = self.jmin + i as i64;
                    let plo = if p.lo > 0u32 {
                        p.lo.clone()
                    } else {
                        Float::ZERO
                    };
                    let down = plo
                        .mul_prec_round_ref_ref(&x[i], PREC, RoundingMode::Floor)
                        .0;
                    let rest = Float::ONE
                        .sub_prec_round_ref_ref(&x[i], PREC, RoundingMode::Floor)
                        .0;
                    let up = plo
                        .mul_prec_round_ref_ref(&rest, PREC, RoundingMode::Floor)
                        .0;
                    m[at(j)] += to_fixed(&down, side);
                    m[at(j + 1)] += to_fixed(&up, side);
                }
                m[at(self.jmax())] += end(&self.above, side);
            }
        }
        for (j, w) in &self.atoms {
            m[at(*j)] += end(w, side);
        }
        let mut k = Measure {
            side,
            lo: jmin,
            m,
            inf,
            pruned: 0,
        };
        k.trim();
        k
    }
}

/// Why a discretised composition was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixedError {
    /// The measure's total mass is past 2 (the 128-bit slots could overflow).
    Mass,
    /// More slots than the memory allows.
    TooWide(u128),
}

/// The most slots one measure may hold.
pub const MAX_SLOTS: usize = 1 << 24;

impl Measure {
    /// Drop zero slots at both ends (exact: nothing moves).
    fn trim(&mut self) {
        let first = self.m.iter().position(|&x| x != 0).unwrap_or(self.m.len());
        if first == self.m.len() {
            self.m = vec![0];
            return;
        }
        let last = self
            .m
            .iter()
            .rposition(|&x| x != 0)
            .expect("a non-zero slot");
        self.m.truncate(last + 1);
        self.m.drain(..first);
        self.lo += first as i64;
    }

    /// Prune tails of at most `budget` each: upper: top to `+∞`, bottom up to the lowest kept
    /// slot; lower: both dropped.
    pub fn prune(&mut self, budget: u64) {
        crate::accounting::grid::prune_tails(
            self.side,
            &mut self.lo,
            &mut self.m,
            &mut self.inf,
            &mut self.pruned,
            budget,
        );
    }

    fn total(&self) -> u128 {
        self.m.iter().map(|&x| x as u128).sum()
    }

    /// The product (composition) of two measures of one side: an exact big-integer product
    /// (Kronecker substitution: slot `i` is bits `128·i ..`, and every coefficient is below
    /// `2^128` because the masses total at most 2), each slot rounded once towards the side.
    pub fn product(&self, o: &Measure) -> Result<Measure, FixedError> {
        let (ta, tb) = (self.total(), o.total());
        if ta > 2 * ONE as u128 || tb > 2 * ONE as u128 {
            return Err(FixedError::Mass);
        }
        let len = self.m.len() + o.m.len() - 1;
        if len > MAX_SLOTS {
            return Err(FixedError::TooWide(len as u128));
        }
        let pack = |m: &[u64]| {
            let mut limbs = Vec::with_capacity(2 * m.len());
            for &x in m {
                limbs.push(x);
                limbs.push(0);
            }
            Natural::from_owned_limbs_asc(limbs)
        };
        let a = pack(&self.m);
        let c = if std::ptr::eq(self, o) {
            a.square()
        } else {
            a * pack(&o.m)
        };
        let limbs = c.into_limbs_asc();
        let side = self.side;
        let m: Vec<u64> = (0..len)
            .map(|i| {
                let lo = limbs.get(2 * i).copied().unwrap_or(0) as u128;
                let hi = limbs.get(2 * i + 1).copied().unwrap_or(0) as u128;
                round(lo | (hi << 64), side)
            })
            .collect();
        // +∞: any pair with one infinite part, rounded up (upper; the lower side has none).
        let inf = if side == Side::Upper && (self.inf > 0 || o.inf > 0) {
            let n = Natural::from(self.inf) * Natural::from(tb + o.inf as u128)
                + Natural::from(o.inf) * Natural::from(ta);
            let r = Rational::from(n) / Rational::from(ONE);
            u64::try_from(&r.ceiling()).unwrap_or(u64::MAX)
        } else {
            0
        };
        let mut out = Measure {
            side,
            lo: self.lo + o.lo,
            m,
            inf,
            pruned: self.pruned + o.pruned,
        };
        out.trim();
        Ok(out)
    }

    /// `k` uses: repeated squaring, pruning `budget` per tail after each product.
    pub fn power(&self, k: u64, budget: u64) -> Result<Measure, FixedError> {
        let mut base = self.clone();
        let mut acc: Option<Measure> = None;
        let mut k = k;
        loop {
            if k & 1 == 1 {
                let mut next = match &acc {
                    None => base.clone(),
                    Some(a) => a.product(&base)?,
                };
                next.prune(budget);
                acc = Some(next);
            }
            k >>= 1;
            if k == 0 {
                break;
            }
            base = base.product(&base)?;
            base.prune(budget);
        }
        Ok(acc.expect("k ≥ 1"))
    }

    /// The index of the last slot.
    pub fn hi(&self) -> i64 {
        self.lo + self.m.len() as i64 - 1
    }
}

/// A `2^-126`-scaled exact value rounded to `2^-63` towards `side`.
fn round(v: u128, side: Side) -> u64 {
    let r = match side {
        Side::Lower => v >> FRAC,
        Side::Upper => (v >> FRAC) + u128::from(v & (ONE as u128 - 1) != 0),
    };
    u64::try_from(r).unwrap_or(u64::MAX)
}

/// `e^{−d·h}` for `d = 0, 1, …` in fixed point, towards a side: rounded down for the upper
/// side (so `1 − e^{−dh}` is rounded up) and up for the lower side, by `x_d = x_{d−1}·E`
/// with `E` the directed fixed-point `e^{−h}` and each step rounded the same way.
#[derive(Clone, Debug)]
pub struct Decay {
    side: Side,
    e: u128,
    x: Vec<u64>,
}

impl Decay {
    /// The factors of the grid `h`.
    pub fn new(h: &Rational, side: Side) -> Decay {
        let e = Interval::exp_rational(&-h.clone(), PREC);
        let e = match side {
            Side::Upper => to_fixed(&e.lo, Side::Lower),
            Side::Lower => to_fixed(&e.hi, Side::Upper),
        };
        Decay {
            side,
            e: e as u128,
            x: vec![ONE],
        }
    }

    /// `1 − e^{−dh}` in fixed point, towards the side.
    pub fn coef(&mut self, d: u64) -> u64 {
        while (self.x.len() as u64) <= d {
            let prev = *self.x.last().expect("x_0") as u128 * self.e;
            let next = match self.side {
                Side::Upper => prev >> FRAC,
                Side::Lower => prev.div_ceil(ONE as u128),
            };
            self.x.push(next as u64);
        }
        ONE.saturating_sub(self.x[d as usize])
    }
}

impl Measure {
    /// This side's `δ` at `ε = j·h`: `m_∞ + Σ_{J > j} m_J·(1 − e^{−(J−j)h})`, exactly (a
    /// dyadic rational).
    pub fn delta_at(&self, j: i64, c: &mut Decay) -> Rational {
        let mut sum: u128 = (self.inf as u128) << FRAC;
        let first = (j + 1 - self.lo).max(0);
        for (i, &x) in self.m.iter().enumerate().skip(first as usize) {
            if x != 0 {
                let d = self.lo + i as i64 - j;
                sum += x as u128 * c.coef(d as u64) as u128;
            }
        }
        Rational::from(Natural::from(sum)) / Rational::from(Natural::ONE << (2 * FRAC))
    }

    /// The least `j ≥ 0` with this side's `δ(jh) ≤ δ` (`None` when the `+∞` mass exceeds
    /// `δ`); `δ(jh)` is non-increasing in `j`.
    pub fn least_index(&self, delta: &Rational, c: &mut Decay) -> Option<i64> {
        if Rational::from(self.inf) / Rational::from(ONE) > *delta {
            return None;
        }
        if self.delta_at(0, c) <= *delta {
            return Some(0);
        }
        let (mut bad, mut good) = (0i64, self.hi().max(0));
        while good - bad > 1 {
            let mid = bad + (good - bad) / 2;
            if self.delta_at(mid, c) <= *delta {
                good = mid;
            } else {
                bad = mid;
            }
        }
        Some(good)
    }
}
