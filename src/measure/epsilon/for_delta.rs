//! The smallest ε for a given δ: per pair, on the linear piece of `δ_pair(t)` that reaches δ
//! (rational `t`, so `ε = ln t` exactly); over many pairs, with integer screens that leave the
//! exact walk to the pairs that can bind ([`DeltaSearch`]).

use super::rows::{row_ints, row_naturals, SmallRow};
use crate::measure::dp::ordered_pairs;
use crate::measure::ExtRational;
use crate::num::{Natural, Rational};
use crate::prob::Channel;
use malachite::base::num::basic::traits::{One, Zero};
use std::cell::OnceCell;
use std::collections::BinaryHeap;

/// The smallest `t = e^ε ≥ 1` with `δ(t) ≤ δ`, exact (`∞` when no finite ε reaches δ), and the
/// ordered pair that binds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpsForDelta {
    /// The δ asked for.
    pub delta: Rational,
    /// `e^ε` of the smallest ε.
    pub t: ExtRational,
    /// The ordered pair `(x, x')` that binds it.
    pub pair: (usize, usize),
}

/// For one ordered pair, the smallest `t ≥ 1` with `Σ_y (p_y − t q_y)^+ ≤ δ`: walk the
/// breakpoints `p_y/q_y > 1` downwards keeping `f(t) = A − tB` on the current piece. The
/// breakpoints come off a heap (built in linear time), so a small δ, crossed near the largest
/// ratios, costs `O(k)` rather than a full sort.
pub(super) fn pair_t_for_delta(p: &[Rational], q: &[Rational], delta: &Rational) -> ExtRational {
    let mut a = Rational::ZERO; // mass where q = 0: never removed by a finite t
    let mut ratios: Vec<(Rational, usize)> = Vec::new();
    for (y, (py, qy)) in p.iter().zip(q).enumerate() {
        if *py == 0u32 {
            continue;
        }
        if *qy == 0u32 {
            a += py;
        } else if py > qy {
            ratios.push((py / qy, y));
        }
    }
    if a > *delta {
        return ExtRational::Infinite;
    }
    let mut heap = BinaryHeap::from(ratios);
    let mut b = Rational::ZERO;
    while let Some((r, y)) = heap.pop() {
        // On [r, previous breakpoint], f(t) = a − t b; f(r) > δ puts the crossing above r.
        if &a - &r * &b > *delta {
            return ExtRational::Finite((&a - delta) / &b);
        }
        a += &p[y];
        b += &q[y];
    }
    if &a - &b > *delta {
        ExtRational::Finite((&a - delta) / &b)
    } else {
        ExtRational::Finite(Rational::ONE)
    }
}

/// The smallest ε ≥ 0 (as `t = e^ε`, exact) for which `w` is (ε, δ)-DP on `adj` (both
/// orientations), for a rational `δ ≥ 0`: the largest of the pairs' smallest `t`, since
/// `δ(t) ≤ δ` iff every pair's term is (Dwork–Roth Def. 2.4). [`DeltaSearch`] does the work.
pub fn eps_for_delta(w: &Channel, adj: &[(usize, usize)], delta: &Rational) -> EpsForDelta {
    DeltaSearch::new(w, delta).scan(adj, None)
}

/// [`eps_for_delta`] over many neighbour pairs (issue 42 item 10: it took 7.7× a plain audit on
/// 256 × 256). The answer is the largest pair's smallest `t`; a pair beats the current best `T`
/// iff its `δ_pair(T) = Σ_y (p_y − T q_y)^+` is above δ (`δ_pair` is non-increasing and
/// continuous, so `t_pair ≤ T ⇔ δ_pair(T) ≤ δ`). That test is a sum of integer cross products
/// over each row's common denominator — in `u128` when it fits, else in `Natural` — with no
/// division and no gcd; only a pair that passes it gets the exact walk of its breakpoints
/// ([`pair_t_for_delta`]). Same value and same first binding pair as pair-by-pair.
pub struct DeltaSearch<'a> {
    w: &'a Channel,
    delta: Rational,
    /// Row `x` over its common denominator in `u64` ([`row_ints`]), made on first use.
    small: Vec<OnceCell<Option<SmallRow>>>,
    /// The same in `Natural`s, made when a pair does not fit `u128`.
    big: Vec<OnceCell<(Natural, Vec<Natural>)>>,
    /// How many pairs got the exact walk (a test counts them).
    pub(super) walks: std::cell::Cell<usize>,
}

impl<'a> DeltaSearch<'a> {
    /// The search for `δ` on `w`.
    pub fn new(w: &'a Channel, delta: &Rational) -> DeltaSearch<'a> {
        DeltaSearch {
            w,
            delta: delta.clone(),
            small: (0..w.n_inputs()).map(|_| OnceCell::new()).collect(),
            big: (0..w.n_inputs()).map(|_| OnceCell::new()).collect(),
            walks: std::cell::Cell::new(0),
        }
    }

    fn small(&self, x: usize) -> Option<&SmallRow> {
        self.small[x]
            .get_or_init(|| row_ints(&self.w.rows()[x]))
            .as_ref()
    }

    fn big(&self, x: usize) -> &(Natural, Vec<Natural>) {
        self.big[x].get_or_init(|| row_naturals(&self.w.rows()[x]))
    }

    /// Is `δ_pair(t) ≤ δ` for the ordered pair `(x, x')` at the rational `t ≥ 1`? Exact: with
    /// `t = a/b`, `δ = c/d`, `p = P/D`, `q = Q/D'`, it reads
    /// `d · Σ_y (b D' P_y − a D Q_y)^+ ≤ c · b D D'`.
    fn at_most_delta(&self, x: usize, xp: usize, t: &Rational) -> bool {
        let (a, b) = (t.numerator_ref(), t.denominator_ref());
        let (c, d) = (self.delta.numerator_ref(), self.delta.denominator_ref());
        if let (Some((dx, px)), Some((dxp, qx))) = (self.small(x), self.small(xp)) {
            let small = |n: &Natural| u128::try_from(n).ok();
            if let (Some(a), Some(b), Some(c), Some(d)) = (small(a), small(b), small(c), small(d)) {
                if let Some(ok) = at_most_u128(px, qx, *dx as u128, *dxp as u128, (a, b), (c, d)) {
                    return ok;
                }
            }
        }
        let (dx, px) = self.big(x);
        let (dxp, qx) = self.big(xp);
        let (u, v) = (b * dxp, a * dx);
        let mut sum = Natural::ZERO;
        for (p, q) in px.iter().zip(qx) {
            let (l, r) = (p * &u, q * &v);
            if l > r {
                sum += l - r;
            }
        }
        d * sum <= c * b * dx * dxp
    }

    /// The smallest `t` over the ordered pairs of `adj`, starting from `start` (the best of
    /// earlier pairs: a pair replaces it only when strictly larger, so the binding pair is the
    /// first attaining one).
    pub fn scan(&self, adj: &[(usize, usize)], start: Option<EpsForDelta>) -> EpsForDelta {
        let mut best = start.unwrap_or_else(|| EpsForDelta {
            delta: self.delta.clone(),
            t: ExtRational::Finite(Rational::ONE),
            pair: (0, 0),
        });
        let rows = self.w.rows();
        for (x, xp) in ordered_pairs(adj) {
            let ExtRational::Finite(bt) = &best.t else {
                break; // no later pair is strictly larger
            };
            if self.at_most_delta(x, xp, bt) {
                continue;
            }
            let t = pair_t_for_delta(&rows[x], &rows[xp], &self.delta);
            self.walks.set(self.walks.get() + 1);
            debug_assert!(t > best.t, "δ_pair(T) > δ puts the pair's t above T");
            if t > best.t {
                best.t = t;
                best.pair = (x, xp);
            }
        }
        best
    }
}

/// [`DeltaSearch::at_most_delta`] in `u128`; `None` when a product or the sum overflows.
fn at_most_u128(
    px: &[u64],
    qx: &[u64],
    dx: u128,
    dxp: u128,
    (a, b): (u128, u128),
    (c, d): (u128, u128),
) -> Option<bool> {
    let u = b.checked_mul(dxp)?;
    let v = a.checked_mul(dx)?;
    let mut sum: u128 = 0;
    for (&p, &q) in px.iter().zip(qx) {
        let l = (p as u128).checked_mul(u)?;
        let r = (q as u128).checked_mul(v)?;
        if l > r {
            sum = sum.checked_add(l - r)?;
        }
    }
    let lhs = d.checked_mul(sum)?;
    let rhs = c.checked_mul(b)?.checked_mul(dx)?.checked_mul(dxp)?;
    Some(lhs <= rhs)
}
