//! Rényi DP and zero-concentrated DP of a composition, and their conversions to (ε, δ)
//! (issue 45 item 1).
//!
//! For an ordered neighbour pair with output distributions `(P, Q)` the Rényi divergence of
//! order `α > 1` is `D_α = ln S_α/(α − 1)` with the power sum `S_α = Σ_{P>0} P^α Q^{1−α}`
//! (Mironov 2017, Def. 3; `+∞` when some `P > 0 = Q`). It depends on the pair only through its
//! letters ([`PairLoss`]: outputs with one likelihood ratio pool their masses, and `P^α Q^{1−α}`
//! is additive over outputs of one ratio), and it is additive under composition with fresh
//! randomness: the power sum of a product is the product of the power sums, so `k` uses of a
//! pair have `D_α = k·D_α(pair)` (Mironov 2017, Prop. 1). The worst case is the maximum over
//! ordered pairs, which [`rdp`] names.
//!
//! - At integer α, `S_α` is rational and `D_α` an exact log-linear form; at rational α it is
//!   enclosed, `S_α = Σ Q·exp(α·ln(P/Q))` with every term outward-rounded.
//! - ρ-zCDP (Bun–Steinke 2016, Def. 1.1): `ρ = sup_{α>1} D_α/α`, by interval branch-and-bound
//!   over α ([`zcdp`]): `D_α` is nondecreasing in α (van Erven–Harremoës 2014, Thm 3), so on
//!   `[a, b]` `D_α/α ≤ D_b/a`, and on `[a, ∞)` `D_α/α ≤ D_∞/a`; the limit at α → 1 is the
//!   KL divergence, exact, a lower end. No closed form is used: the answer is the enclosure.
//! - Conversions to (ε, δ) at `δ ∈ (0, 1)`: the classical `ε = D_α + ln(1/δ)/(α−1)` (Mironov
//!   2017, Prop. 3), the sharper `ε = D_α + ln(1/δ)/(α−1) + ln(1 − 1/α) − ln(α)/(α−1)`
//!   (Canonne–Kamath–Steinke 2020, Prop. 12; Balle et al. 2020, Thm 21 — the one Opacus and
//!   TF-Privacy print), and from zCDP `ε = ρ + 2√(ρ ln(1/δ))` (Bun–Steinke 2016, Prop. 1.3).
//!   A negative ε is raised to 0 ((ε, δ)-DP only weakens as ε grows).

use super::{Class, PairLoss};
use crate::num::{Interval, LogLinear, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::{One, Zero};
use malachite::base::num::logic::traits::SignificantBits;
use malachite::Float;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Working precision of the enclosures (bits).
pub const PREC: u64 = 192;

/// `D_α` of a composition at one order: `+∞`, exact, or enclosed.
#[derive(Clone, Debug)]
pub enum Divergence {
    /// Some ordered pair has an output with `P > 0 = Q`.
    Infinite,
    /// Exact (integer α): the log-linear form `Σ k_i/(α−1)·ln S_i` and its enclosure.
    Exact(LogLinear, Interval),
    /// Enclosed (non-integer α).
    Enclosed(Interval),
    /// Exact and rational (the Gaussian's `αD²/(2σ²)`, the discrete Gaussian's at integer α:
    /// [`noise`]), with its enclosure.
    Rational(Rational, Interval),
}

impl Divergence {
    /// The enclosure (`None` for `+∞`).
    pub fn enclosure(&self) -> Option<&Interval> {
        match self {
            Divergence::Infinite => None,
            Divergence::Exact(_, i) | Divergence::Enclosed(i) | Divergence::Rational(_, i) => {
                Some(i)
            }
        }
    }
}

/// `D_α` of the composition at one order, with the ordered pair that attains it (for an
/// enclosure: the pair with the highest upper end).
#[derive(Clone, Debug)]
pub struct RdpAt {
    /// α.
    pub alpha: Rational,
    /// `max over ordered pairs of Σ k_i D_α(W_i(x) ‖ W_i(x'))`.
    pub value: Divergence,
    /// The ordered pair `(x, x')` that attains it.
    pub witness: (usize, usize),
}

/// The Rényi power sum `S_α = Σ P^α Q^{1−α}` of a pair at integer `α ≥ 2`, exactly (`None`:
/// `+∞`, some `P > 0 = Q`).
pub fn power_sum(pl: &PairLoss, alpha: u64) -> Option<Rational> {
    if pl.inf > 0u32 {
        return None;
    }
    Some(
        pl.letters
            .iter()
            .map(|l| (&l.p).pow(alpha) / (&l.q).pow(alpha - 1))
            .sum(),
    )
}

/// Bytes the exact power sums at integer α would hold: α times the bits of each letter's
/// masses (the numerator and denominator of `P^α/Q^{α−1}`), summed over the letters of every
/// class, plus the sum's common denominator.
pub fn power_sum_bytes(classes: &[Class], alpha: u64) -> u128 {
    let bits = |q: &Rational| {
        (q.numerator_ref().significant_bits() + q.denominator_ref().significant_bits()) as u128
    };
    let mut total: u128 = 0;
    for (_, uses, _) in classes {
        for (pl, _) in uses {
            let letter_bits: u128 = pl.letters.iter().map(|l| bits(&l.p) + bits(&l.q)).sum();
            // The sum over letters has a denominator up to the product of theirs.
            total = total.saturating_add(2 * alpha as u128 * letter_bits / 8);
        }
    }
    total
}

/// The letters of a pair ready for evaluation at many orders: `(Q, ln(P/Q))` enclosed once.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// `(Q-mass, ln ratio)` per letter; `None` when the pair has infinite loss.
    letters: Option<Vec<(Interval, Interval)>>,
    /// `ln max P/Q` (`D_∞`), `None` when infinite.
    d_inf: Option<Interval>,
    /// KL divergence `Σ P ln(P/Q)` (the limit of `D_α` as α → 1), exact.
    kl: Option<LogLinear>,
}

impl Prepared {
    /// Prepare a pair.
    pub fn new(pl: &PairLoss) -> Prepared {
        if pl.inf > 0u32 {
            return Prepared {
                letters: None,
                d_inf: None,
                kl: None,
            };
        }
        let letters = pl
            .letters
            .iter()
            .map(|l| {
                (
                    Interval::from_rational(&l.q, PREC),
                    Interval::ln_rational(&l.ratio(), PREC).expect("ratio > 0"),
                )
            })
            .collect();
        let max_ratio = pl.letters.first().map_or(Rational::ONE, |l| l.ratio());
        let mut kl = LogLinear::zero();
        for l in &pl.letters {
            kl = &kl + &LogLinear::term(&l.p, &l.ratio());
        }
        Prepared {
            letters: Some(letters),
            d_inf: Some(Interval::ln_rational(&max_ratio, PREC).expect("ratio > 0")),
            kl: Some(kl),
        }
    }

    /// An enclosure of `D_α` at rational `α > 1` (`None`: `+∞`).
    pub fn divergence(&self, alpha: &Rational) -> Option<Interval> {
        let letters = self.letters.as_ref()?;
        let mut s = Interval::from_i64(0, PREC);
        for (q, ln_ratio) in letters {
            s = s.add(&q.mul(&ln_ratio.mul_rational(alpha).exp()));
        }
        // S_α ≥ 1 for α > 1 (D_α ≥ 0): the enclosure keeps that exact fact.
        let s = s.clamp_to(Some(&Rational::ONE), None);
        let am1 = alpha - Rational::ONE;
        Some(
            s.ln()?
                .mul_rational(&(Rational::ONE / am1))
                .clamp_to(Some(&Rational::ZERO), None),
        )
    }
}

/// One class's uses prepared: `(pair prepared, k)`.
type PreparedClass = ((usize, usize), Vec<(Prepared, u64)>);

fn prepare(classes: &[Class]) -> Vec<PreparedClass> {
    classes
        .iter()
        .map(|(pair, uses, _)| {
            (
                *pair,
                uses.iter().map(|(pl, k)| (Prepared::new(pl), *k)).collect(),
            )
        })
        .collect()
}

fn k_times(i: &Interval, k: u64) -> Interval {
    i.mul_rational(&Rational::from(k))
}

/// `Σ k_i·(value of pair i)` over one class's uses (`None`: `+∞`).
fn class_sum(
    uses: &[(Prepared, u64)],
    f: impl Fn(&Prepared) -> Option<Interval>,
) -> Option<Interval> {
    let mut s = Interval::from_i64(0, PREC);
    for (p, k) in uses {
        s = s.add(&k_times(&f(p)?, *k));
    }
    Some(s)
}

/// The enclosure of `max(a, b)` from enclosures of `a` and `b`.
fn max_enclosure(a: &Interval, b: &Interval) -> Interval {
    let lo = if a.lo >= b.lo { &a.lo } else { &b.lo };
    let hi = if a.hi >= b.hi { &a.hi } else { &b.hi };
    Interval::new(lo.clone(), hi.clone(), PREC).expect("max of ordered ends")
}

/// The worst class's value (`None`: `+∞`) and its pair (the highest upper end).
fn worst(
    classes: &[PreparedClass],
    f: impl Fn(&Prepared) -> Option<Interval>,
) -> (Option<Interval>, (usize, usize)) {
    let mut best: Option<(Interval, (usize, usize))> = None;
    for (pair, uses) in classes {
        let Some(v) = class_sum(uses, &f) else {
            return (None, *pair);
        };
        best = Some(match best {
            None => (v, *pair),
            Some((b, bp)) => {
                let m = max_enclosure(&b, &v);
                (m, if v.hi > b.hi { *pair } else { bp })
            }
        });
    }
    let (v, p) = best.expect("at least one class");
    (Some(v), p)
}

/// `D_α` of the composition (the classes of ordered pairs with their uses) at each order:
/// exact at integer α when the power sums fit in `max_memory` bytes
/// ([`power_sum_bytes`]), else enclosed.
pub fn rdp(classes: &[Class], orders: &[Rational], max_memory: u64) -> Vec<RdpAt> {
    let prepared = prepare(classes);
    orders
        .iter()
        .map(|alpha| {
            let int = (alpha.denominator_ref() == &1u32)
                .then(|| u64::try_from(alpha.numerator_ref()).ok())
                .flatten()
                .filter(|&a| power_sum_bytes(classes, a) <= max_memory as u128);
            if let Some(a) = int {
                return exact_rdp(classes, alpha, a);
            }
            let (v, witness) = worst(&prepared, |p| p.divergence(alpha));
            RdpAt {
                alpha: alpha.clone(),
                value: v.map_or(Divergence::Infinite, Divergence::Enclosed),
                witness,
            }
        })
        .collect()
}

/// `D_α` at integer `α ≥ 2`, exactly: the form `Σ k_i/(α−1)·ln S_i` of each class, the largest
/// decided exactly ([`LogLinear`]'s order).
fn exact_rdp(classes: &[Class], alpha: &Rational, a: u64) -> RdpAt {
    let c = Rational::ONE / Rational::from(a - 1);
    let mut best: Option<(LogLinear, (usize, usize))> = None;
    for (pair, uses, _) in classes {
        let mut form = LogLinear::zero();
        for (pl, k) in uses {
            let Some(s) = power_sum(pl, a) else {
                return RdpAt {
                    alpha: alpha.clone(),
                    value: Divergence::Infinite,
                    witness: *pair,
                };
            };
            form = &form + &LogLinear::term(&(&c * Rational::from(*k)), &s);
        }
        if best
            .as_ref()
            .is_none_or(|(b, _)| form.cmp(b) == Ordering::Greater)
        {
            best = Some((form, *pair));
        }
    }
    let (form, witness) = best.expect("at least one class");
    let enc = form.enclose(PREC).clamp_to(Some(&Rational::ZERO), None);
    RdpAt {
        alpha: alpha.clone(),
        value: Divergence::Exact(form, enc),
        witness,
    }
}

/// The certified ρ of ρ-zCDP.
#[derive(Clone, Debug)]
pub enum Zcdp {
    /// `D_α = +∞` for every α > 1 (some pair has infinite privacy loss).
    Infinite,
    /// `ρ ∈ enclosure`.
    Bounded {
        /// The enclosure of `ρ = sup_{α>1} D_α/α`.
        enclosure: Interval,
        /// The order whose `D_α/α` gives the lower end (`None`: the limit α → 1, the KL
        /// divergence).
        lower_at: Option<Rational>,
        /// The pair whose value gives the lower end.
        witness: (usize, usize),
        /// Orders evaluated.
        evaluations: usize,
        /// Whether the relative width asked was reached (else the budget ran out first).
        converged: bool,
    },
    /// `ρ` exactly, with the argument that gives it ([`noise`]: the Gaussian's and the
    /// discrete Gaussian's `D_α/α` is at most a constant that integer orders attain).
    Exact {
        /// `ρ`.
        rho: Rational,
        /// The ordered pair that attains it.
        witness: (usize, usize),
        /// Why the supremum is `rho`, in words.
        why: String,
    },
}

impl Zcdp {
    /// The enclosure of ρ (`None`: `+∞`).
    pub fn enclosure(&self) -> Option<Interval> {
        match self {
            Zcdp::Infinite => None,
            Zcdp::Bounded { enclosure, .. } => Some(enclosure.clone()),
            Zcdp::Exact { rho, .. } => Some(Interval::from_rational(rho, PREC)),
        }
    }
}

/// A box `[a, b]` of orders (`b = None`: `+∞`) with `f(b)`'s upper end and the bound
/// `f(b)/a` on `D_α/α` over it; ordered by that bound.
struct Box {
    upper: Rational,
    a: Rational,
    fa: Float,
    b: Option<Rational>,
    fb: Float,
}

/// A second bound on `sup D_α/α` over `[a, b]` (`1 < a < b`) from convexity: `G(α) = (α − 1)·D_α
/// = ln S_α` is convex in α (a cumulant generating function; the maximum over pairs of convex
/// functions is convex), so on `[a, b]` it lies below the chord through the upper ends
/// `(a, (a−1)·fa)`, `(b, (b−1)·fb)`, and `D_α/α ≤ (u + vα)/(α(α − 1))` with the chord's `u + vα`.
/// That bound is maximal at `a`, `b` or a root of `vα² + 2uα − u`; each is enclosed. Its excess
/// is second order in `b − a` where `D_b/a` is first order. `None` when the enclosures do not
/// separate what is needed.
fn chord_bound(a: &Rational, fa: &Float, b: &Rational, fb: &Float) -> Option<Rational> {
    let upper_g = |x: &Rational, f: &Float| {
        Interval::point(
            Interval::point(f.clone(), PREC)
                .mul_rational(&(x - Rational::ONE))
                .hi,
            PREC,
        )
    };
    let (ga, gb) = (upper_g(a, fa), upper_g(b, fb));
    let v = gb.sub(&ga).mul_rational(&(Rational::ONE / (b - a)));
    if v.lo <= 0u32 {
        return None;
    }
    let u = ga.sub(&v.mul_rational(a));
    let h = |x: &Interval| {
        let den = x.mul(&x.sub(&Interval::from_i64(1, PREC)));
        u.add(&v.mul(x)).checked_div(&den)
    };
    let ab = Interval::from_rationals(a, b, PREC)?;
    let mut candidates = vec![
        h(&Interval::from_rational(a, PREC))?,
        h(&Interval::from_rational(b, PREC))?,
    ];
    let disc = u.mul(&u.add(&v));
    if disc.hi >= 0u32 {
        let root = disc.clamp_to(Some(&Rational::ZERO), None).sqrt()?;
        for r in [u.neg().add(&root), u.neg().sub(&root)] {
            if let Some(x) = r.checked_div(&v).and_then(|x| x.intersect(&ab)) {
                candidates.push(h(&x)?);
            }
        }
    }
    // A NaN end (no bound) refuses the chord bound.
    candidates
        .iter()
        .map(|c| Rational::try_from(&c.hi).ok())
        .collect::<Option<Vec<Rational>>>()?
        .into_iter()
        .max()
}

impl PartialEq for Box {
    fn eq(&self, o: &Box) -> bool {
        self.upper == o.upper
    }
}
impl Eq for Box {}
impl PartialOrd for Box {
    fn partial_cmp(&self, o: &Box) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Box {
    fn cmp(&self, o: &Box) -> Ordering {
        self.upper.cmp(&o.upper)
    }
}

/// `D_∞` of the composition: `max over pairs Σ k_i ln max P/Q` (`None`: `+∞`).
fn d_inf(classes: &[PreparedClass]) -> Option<Interval> {
    worst(classes, |p| p.d_inf.clone()).0
}

fn float_rational(f: &Float) -> Rational {
    Rational::try_from(f).expect("a finite end")
}

/// ρ-zCDP by interval branch-and-bound over α (see the module doc), to a relative width of
/// `2^-width_bits` or `max_evaluations` orders evaluated, whichever comes first.
pub fn zcdp(classes: &[Class], width_bits: u64, max_evaluations: usize) -> Zcdp {
    let prepared = prepare(classes);
    let Some(dinf) = d_inf(&prepared) else {
        return Zcdp::Infinite;
    };
    let f = |alpha: &Rational| worst(&prepared, |p| p.divergence(alpha));
    // The lower end: the limit at α → 1 (exact KL of the worst class).
    let mut best_kl: Option<(LogLinear, (usize, usize))> = None;
    for (pair, uses) in &prepared {
        let mut form = LogLinear::zero();
        for (p, k) in uses {
            form = &form + &p.kl.as_ref().expect("finite").scale(&Rational::from(*k));
        }
        if best_kl
            .as_ref()
            .is_none_or(|(b, _)| form.cmp(b) == Ordering::Greater)
        {
            best_kl = Some((form, *pair));
        }
    }
    let (kl, kl_pair) = best_kl.expect("a class");
    let lower = float_rational(&kl.enclose(PREC).lo).max(Rational::ZERO);
    branch_and_bound(&f, &dinf, (lower, kl_pair), width_bits, max_evaluations)
}

/// `α ↦ (D_α enclosed (None: +∞), the ordered pair that attains it)`.
pub type OrderFn<'a> = dyn Fn(&Rational) -> (Option<Interval>, (usize, usize)) + 'a;

/// The branch-and-bound of [`zcdp`] for any `f(α) = (D_α enclosed, its pair)` (`None`: `+∞`)
/// that is nondecreasing in α with `(α − 1)·D_α` convex (every Rényi divergence, and sums
/// of them), `D_∞ ≤ dinf`, and a lower end of `lim_{α→1} D_α` (the KL divergence) with its
/// pair.
pub fn branch_and_bound(
    f: &OrderFn,
    dinf: &Interval,
    kl_lower: (Rational, (usize, usize)),
    width_bits: u64,
    max_evaluations: usize,
) -> Zcdp {
    let (mut lower, mut witness) = kl_lower;
    let mut lower_at: Option<Rational> = None;
    if dinf.hi == 0u32 {
        // Every pair has P = Q: D_α = 0 for every α.
        return Zcdp::Bounded {
            enclosure: Interval::from_i64(0, PREC),
            lower_at: None,
            witness,
            evaluations: 0,
            converged: true,
        };
    }
    // Boxes [a, b] with the bound min(f(b)/a, the chord bound); b = None is +∞ (f(∞) = D_∞).
    let upper_of = |a: &Rational, fb: &Float| {
        float_rational(
            &Interval::point(fb.clone(), PREC)
                .mul_rational(&(Rational::ONE / a))
                .hi,
        )
    };
    let bound = |a: &Rational, fa: &Float, b: &Option<Rational>, fb: &Float| {
        let crude = upper_of(a, fb);
        match b {
            Some(b) if *a > 1u32 => {
                chord_bound(a, fa, b, fb).map_or(crude.clone(), |c| c.min(crude))
            }
            _ => crude,
        }
    };
    let two = Rational::from(2u32);
    let f2 = f(&two).0.expect("finite");
    let zero = Float::from(0u32);
    let mut boxes = BinaryHeap::from([
        Box {
            upper: upper_of(&Rational::ONE, &f2.hi),
            a: Rational::ONE,
            fa: zero,
            b: Some(two.clone()),
            fb: f2.hi.clone(),
        },
        Box {
            upper: upper_of(&two, &dinf.hi),
            a: two.clone(),
            fa: f2.hi.clone(),
            b: None,
            fb: dinf.hi.clone(),
        },
    ]);
    let at2 = float_rational(&f2.mul_rational(&Rational::from_unsigneds(1u32, 2u32)).lo);
    if at2 > lower {
        lower = at2;
        lower_at = Some(two.clone());
        witness = f(&two).1;
    }
    let tol = Rational::ONE / Rational::from(1u64 << width_bits.min(62));
    let mut evaluations = 1;
    // The box of the largest upper bound is split until that bound is within the tolerance
    // of the lower end (every other box is below it).
    let (converged, upper) = loop {
        let Some(top) = boxes.pop() else {
            break (true, lower.clone());
        };
        if top.upper <= lower {
            break (true, lower.clone());
        }
        if &top.upper - &lower <= &tol * &lower {
            break (true, top.upper);
        }
        if evaluations >= max_evaluations {
            break (false, top.upper);
        }
        let Box { a, fa, b, fb, .. } = top;
        let m = match &b {
            Some(b) => (&a + b) / &two,
            None => &a * &two,
        };
        let (fm, pair) = f(&m);
        let fm = fm.expect("finite");
        evaluations += 1;
        let at_m = float_rational(&fm.mul_rational(&(Rational::ONE / &m)).lo);
        if at_m > lower {
            lower = at_m;
            lower_at = Some(m.clone());
            witness = pair;
        }
        let mb = Some(m.clone());
        boxes.push(Box {
            upper: bound(&a, &fa, &mb, &fm.hi),
            a,
            fa,
            b: mb,
            fb: fm.hi.clone(),
        });
        boxes.push(Box {
            upper: bound(&m, &fm.hi, &b, &fb),
            a: m,
            fa: fm.hi,
            b,
            fb,
        });
    };
    let upper = upper.max(lower.clone());
    Zcdp::Bounded {
        enclosure: Interval::from_rationals(&lower, &upper, PREC).expect("lower <= upper"),
        lower_at,
        witness,
        evaluations,
        converged,
    }
}

/// `ln(1/δ)` for `δ ∈ (0, 1)`.
fn ln_inv(delta: &Rational) -> Interval {
    Interval::ln_rational(delta, PREC).expect("delta > 0").neg()
}

fn at_least_zero(i: Interval) -> Interval {
    i.clamp_to(Some(&Rational::ZERO), None)
}

/// The classical conversion: `(α, D)`-RDP gives `(D + ln(1/δ)/(α−1), δ)`-DP (Mironov 2017,
/// Prop. 3). `δ ∈ (0, 1)`, `α > 1`.
pub fn eps_classical(d: &Interval, alpha: &Rational, delta: &Rational) -> Interval {
    let am1 = alpha - Rational::ONE;
    at_least_zero(d.add(&ln_inv(delta).mul_rational(&(Rational::ONE / am1))))
}

/// The conversion of Canonne–Kamath–Steinke 2020, Prop. 12 (Balle et al. 2020, Thm 21):
/// `ε = D + ln(1/δ)/(α−1) + ln(1 − 1/α) − ln(α)/(α−1)`. `δ ∈ (0, 1)`, `α > 1`.
pub fn eps_cks(d: &Interval, alpha: &Rational, delta: &Rational) -> Interval {
    let am1 = alpha - Rational::ONE;
    let inv = Rational::ONE / &am1;
    let ln_a = Interval::ln_rational(alpha, PREC).expect("alpha > 0");
    let ln_1m = Interval::ln_rational(&(&am1 / alpha), PREC).expect("alpha > 1");
    at_least_zero(
        d.add(&ln_inv(delta).mul_rational(&inv))
            .add(&ln_1m)
            .sub(&ln_a.mul_rational(&inv)),
    )
}

/// From ρ-zCDP: `ε = ρ + 2√(ρ ln(1/δ))` (Bun–Steinke 2016, Prop. 1.3), increasing in ρ, so
/// the enclosure of ρ gives one of ε. `δ ∈ (0, 1)`.
pub fn eps_zcdp(rho: &Interval, delta: &Rational) -> Interval {
    let rho = rho.clamp_to(Some(&Rational::ZERO), None);
    let root = rho
        .mul(&ln_inv(delta))
        .clamp_to(Some(&Rational::ZERO), None)
        .sqrt()
        .expect("non-negative");
    rho.add(&root.mul_rational(&Rational::from(2u32)))
}

pub mod noise;

#[cfg(test)]
mod tests;
