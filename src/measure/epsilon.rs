//! Speaking ε: the δ of a channel at a given ε (with the exact `e^ε`), the smallest ε for a
//! given δ, and δ(ε) tables.
//!
//! Dwork–Roth, *The Algorithmic Foundations of Differential Privacy*, Def. 2.4, with
//! `t = e^ε ≥ 1` (the convention of the whole crate): the smallest δ at `t` is
//! `δ(t) = max over ordered neighbour pairs (x, x') of Σ_y (W(y|x) − t W(y|x'))^+`
//! ([`super::delta_at`]). Each term is convex, non-increasing and piecewise linear in `t`, with
//! breakpoints at the likelihood ratios `W(y|x)/W(y|x')`. Two consequences make both directions
//! exact:
//! * at a rational `ε ≠ 0`, `e^ε` is irrational (Lindemann–Weierstrass), so no likelihood ratio
//!   equals it; once each ratio is compared with `e^ε` by certified enclosures, `δ(ε)` is the
//!   exact form `A − B·e^ε` with rational `A`, `B` ([`delta_at_eps`]);
//! * for a rational δ, the smallest `t` with `δ(t) ≤ δ` is rational: it lies on one linear
//!   piece, `t = (A − δ)/B` ([`eps_for_delta`]). The smallest ε is then `ln t` exactly.

use super::dp::ordered_pairs;
use super::ExtRational;
use crate::num::{Interval, Natural, Rational};
use crate::prob::Channel;
use malachite::base::num::arithmetic::traits::Gcd;
use malachite::base::num::basic::traits::{One, Zero};
use std::cell::OnceCell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fmt;

/// Precisions (bits) tried, in order, when comparing a rational with `e^ε`.
const PRECISIONS: [u64; 8] = [64, 128, 256, 512, 1024, 4096, 16384, 65536];

/// A comparison with `e^ε` that 65,536-bit enclosures could not separate (a ratio within about
/// `2^-65000` of `e^ε`; never seen in practice, reported instead of guessed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unseparated {
    /// The ratio compared with `e^ε`.
    pub ratio: Rational,
    /// The ε.
    pub eps: Rational,
}

impl fmt::Display for Unseparated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "could not separate {} from e^{} with 65536-bit enclosures",
            crate::num::fmt::abbreviate(&self.ratio.to_string()),
            self.eps
        )
    }
}

impl std::error::Error for Unseparated {}

/// The exact comparison of `r` with `e^ε` for `ε ≥ 0` (`r` of any sign). At `ε = 0` it is
/// rational; otherwise `e^ε` is irrational and enclosures of growing precision separate them.
pub fn cmp_with_exp(r: &Rational, eps: &Rational) -> Result<Ordering, Unseparated> {
    ExpEps::new(eps).compare(r)
}

/// `e^ε` for many comparisons ([`cmp_with_exp`]): enclosed once at 64 bits, which separates
/// almost every rational; only a rational the first enclosure cannot separate goes through the
/// precision schedule. A δ(ε) table compares every likelihood ratio of every neighbour pair with
/// `e^ε`: recomputing `e^ε` for each made `audit --eps` cubic (issue 31: 356 s on 200×200).
#[derive(Clone, Debug)]
pub struct ExpEps {
    eps: Rational,
    /// `None` at `ε = 0` (`e^0 = 1` is compared exactly).
    first: Option<Interval>,
}

impl ExpEps {
    /// `e^ε` for a rational `ε ≥ 0`, ready to be compared with rationals.
    pub fn new(eps: &Rational) -> ExpEps {
        ExpEps {
            eps: eps.clone(),
            first: (*eps != 0u32).then(|| Interval::exp_rational(eps, PRECISIONS[0])),
        }
    }

    /// The exact comparison of `r` with `e^ε`.
    pub fn compare(&self, r: &Rational) -> Result<Ordering, Unseparated> {
        let Some(first) = &self.first else {
            return Ok(r.cmp(&Rational::ONE));
        };
        if *r <= 0u32 {
            return Ok(Ordering::Less);
        }
        if let Some(o) = first.cmp_rational(r) {
            return Ok(o.reverse());
        }
        for &prec in &PRECISIONS[1..] {
            if let Some(o) = Interval::exp_rational(&self.eps, prec).cmp_rational(r) {
                return Ok(o.reverse());
            }
        }
        Err(Unseparated {
            ratio: r.clone(),
            eps: self.eps.clone(),
        })
    }

    /// Is `A1 − B1 s > A2 − B2 s` at `s = e^ε`? Decided exactly (see the module documentation).
    pub(crate) fn greater(
        &self,
        (a1, b1): (&Rational, &Rational),
        (a2, b2): (&Rational, &Rational),
    ) -> Result<bool, Unseparated> {
        let db = b1 - b2;
        if db == 0u32 {
            return Ok(a1 > a2);
        }
        // da − s·db > 0  ⇔  s < da/db (db > 0)  or  s > da/db (db < 0).
        let o = self.compare(&((a1 - a2) / &db))?;
        Ok(if db > 0u32 {
            o == Ordering::Greater
        } else {
            o == Ordering::Less
        })
    }
}

/// `δ(ε) = A − B·e^ε` exactly, with the ordered pair `(x, x')` and event
/// `{y : W(y|x) > e^ε W(y|x')}` attaining it (Dwork–Roth Def. 2.4 at `t = e^ε`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeltaAtEps {
    /// The ε asked for.
    pub eps: Rational,
    /// `A = W(event | x)`.
    pub a: Rational,
    /// `B = W(event | x')`.
    pub b: Rational,
    /// The ordered pair `(x, x')` attaining it.
    pub pair: (usize, usize),
    /// The event, sorted.
    pub event: Vec<usize>,
}

impl DeltaAtEps {
    /// The exact value when it is rational (`B = 0`, or `ε = 0`).
    pub fn rational(&self) -> Option<Rational> {
        if self.b == 0u32 || self.eps == 0u32 {
            Some(&self.a - &self.b)
        } else {
            None
        }
    }

    /// The exact sign of `A − B·e^ε`: for `B > 0` it is the comparison of `A/B` with `e^ε`
    /// ([`cmp_with_exp`], never equal at `ε ≠ 0` since `e^ε` is irrational).
    pub fn signum(&self) -> Result<Ordering, Unseparated> {
        match self.rational() {
            Some(q) => Ok(q.cmp(&Rational::ZERO)),
            None if self.b < 0u32 => Ok(cmp_with_exp(&(&self.a / &self.b), &self.eps)?.reverse()),
            None => cmp_with_exp(&(&self.a / &self.b), &self.eps),
        }
    }

    /// A certified enclosure of `A − B·e^ε` that never crosses its exact sign
    /// ([`DeltaAtEps::signum`]) nor its trivial upper bound `A` (for `B ≥ 0`; `A ≤ 1` as a
    /// probability): rows within `10^-146` of `e^ε` give `[0, 1e-146…]`, not `[-1e-12, 1e-12]`.
    /// As the maximum over events, which include the empty one, `δ(ε) ≥ 0` anyway.
    pub fn enclose(&self, prec: u64) -> Interval {
        if let Some(q) = self.rational() {
            return Interval::from_rational(&q, prec);
        }
        let raw = Interval::from_rational(&self.a, prec)
            .sub(&Interval::exp_rational(&self.eps, prec).mul_rational(&self.b));
        let raw = if self.b >= 0u32 {
            raw.clamp_to(None, Some(&self.a))
        } else {
            raw
        };
        match self.signum() {
            Ok(s) if raw.contains_zero() => raw.with_sign(s),
            _ => raw,
        }
    }
}

impl DeltaAtEps {
    /// `A − B·e^ε` (or the rational value) with each rational written by `show` (`dpcert
    /// compose` abbreviates long ones): the one printing of this form, for `audit` and
    /// `compose` alike (issue 42 item 16). `e^(1/2)`, not `e^1/2` (which reads as e^1 / 2); an
    /// integer ε needs no brackets.
    pub fn text(&self, show: impl Fn(&Rational) -> String) -> String {
        match self.rational() {
            Some(q) => show(&q),
            None if *self.eps.denominator_ref() == 1u32 => {
                format!("{} - {}·e^{}", show(&self.a), show(&self.b), self.eps)
            }
            None => format!("{} - {}·e^({})", show(&self.a), show(&self.b), self.eps),
        }
    }
}

impl fmt::Display for DeltaAtEps {
    /// `A − B·e^ε` (or the rational value): [`DeltaAtEps::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(|q| q.to_string()))
    }
}

/// One ordered pair's hockey-stick at `e^ε`: `(A, B, event)` with `δ = A − B e^ε`.
fn pair_at_eps(
    p: &[Rational],
    q: &[Rational],
    e: &ExpEps,
) -> Result<(Rational, Rational, Vec<usize>), Unseparated> {
    let (mut a, mut b, mut event) = (Rational::ZERO, Rational::ZERO, Vec::new());
    for (y, (py, qy)) in p.iter().zip(q).enumerate() {
        if *py == 0u32 {
            continue;
        }
        // y is in the event iff P(y) > e^ε Q(y), i.e. Q(y) = 0 or P(y)/Q(y) > e^ε.
        let inside = *qy == 0u32 || e.compare(&(py / qy))? == Ordering::Greater;
        if inside {
            a += py;
            b += qy;
            event.push(y);
        }
    }
    Ok((a, b, event))
}

/// Is `A1 − B1 s > A2 − B2 s` at `s = e^ε`? Decided exactly ([`ExpEps::greater`]).
pub(crate) fn greater_at_eps(
    first: (&Rational, &Rational),
    second: (&Rational, &Rational),
    eps: &Rational,
) -> Result<bool, Unseparated> {
    ExpEps::new(eps).greater(first, second)
}

/// The smallest δ for which `w` is (ε, δ)-DP on the neighbour pairs `adj` (both orientations),
/// as the exact form `A − B·e^ε` (Dwork–Roth Def. 2.4). `ε ≥ 0` rational. With no pair, δ = 0.
pub fn delta_at_eps(
    w: &Channel,
    adj: &[(usize, usize)],
    eps: &Rational,
) -> Result<DeltaAtEps, Unseparated> {
    let mut best = DeltaAtEps {
        eps: eps.clone(),
        a: Rational::ZERO,
        b: Rational::ZERO,
        pair: (0, 0),
        event: Vec::new(),
    };
    let e = ExpEps::new(eps);
    let mut first = true;
    for (x, xp) in ordered_pairs(adj) {
        let (a, b, event) = pair_at_eps(&w.rows()[x], &w.rows()[xp], &e)?;
        if first || e.greater((&a, &b), (&best.a, &best.b))? {
            best = DeltaAtEps {
                eps: eps.clone(),
                a,
                b,
                pair: (x, xp),
                event,
            };
            first = false;
        }
    }
    Ok(best)
}

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
fn pair_t_for_delta(p: &[Rational], q: &[Rational], delta: &Rational) -> ExtRational {
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

/// Row `r` over its common denominator, in `Natural`s (see [`row_ints`] for `u64`).
fn row_naturals(r: &[Rational]) -> (Natural, Vec<Natural>) {
    let den = r.iter().fold(Natural::ONE, |d, a| {
        let ad = a.denominator_ref();
        let g = (&d).gcd(ad);
        d * (ad / g)
    });
    let nums = r
        .iter()
        .map(|a| a.numerator_ref() * (&den / a.denominator_ref()))
        .collect();
    (den, nums)
}

/// A row over its common denominator in `u64`: `(D, N)` with `W(y|x) = N[y] / D`.
type SmallRow = (u64, Vec<u64>);

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
    walks: std::cell::Cell<usize>,
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

/// δ(ε) over many neighbour pairs from one sort of each output's column (issue 31: `audit
/// --eps` compared every likelihood ratio of every pair with `e^ε`, `n²k` certified
/// comparisons). Sort column `y` ascending once; for an input `x`, the `x'` with
/// `W(y|x') < e^-ε W(y|x)` — those whose event contains `y` — are then a prefix of the sorted
/// column, found by binary search (`n k log n` certified comparisons per ε in all). A pair's
/// event is read off integer ranks, and its masses `A`, `B` are summed as integers over each
/// row's common denominator when they fit in 64 bits.
pub struct PairScan<'a> {
    w: &'a Channel,
    /// `order[y]`: the inputs sorted by `W(y|·)` ascending.
    order: Vec<Vec<u32>>,
    /// `rank[x][y]`: the position of `x` in `order[y]`.
    rank: Vec<Vec<u32>>,
    /// Row `x` as `(D, N)` with `W(y|x) = N[y] / D`, when `D` and every `N[y]` fit in `u64`.
    ints: Vec<Option<(u64, Vec<u64>)>>,
}

/// Row `r` over its common denominator, when everything fits in `u64`.
fn row_ints(r: &[Rational]) -> Option<(u64, Vec<u64>)> {
    let mut den: u64 = 1;
    for a in r {
        let d = u64::try_from(a.denominator_ref()).ok()?;
        den = den.checked_mul(d / gcd_u64(den, d))?;
    }
    let nums = r
        .iter()
        .map(|a| {
            let n = u64::try_from(a.numerator_ref()).ok()?;
            let d = u64::try_from(a.denominator_ref()).ok()?;
            n.checked_mul(den / d)
        })
        .collect::<Option<Vec<u64>>>()?;
    Some((den, nums))
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl<'a> PairScan<'a> {
    /// The ordered pairs of `w`'s inputs, with their PLDs, for the ε and δ queries.
    pub fn new(w: &'a Channel) -> PairScan<'a> {
        let (n, k) = (w.n_inputs(), w.n_outputs());
        let rows = w.rows();
        let mut rank = vec![vec![0u32; k]; n];
        let order: Vec<Vec<u32>> = (0..k)
            .map(|y| {
                let mut o: Vec<u32> = (0..n as u32).collect();
                o.sort_by(|&a, &b| rows[a as usize][y].cmp(&rows[b as usize][y]));
                for (i, &x) in o.iter().enumerate() {
                    rank[x as usize][y] = i as u32;
                }
                o
            })
            .collect();
        let ints = rows.iter().map(|r| row_ints(r)).collect();
        PairScan {
            w,
            order,
            rank,
            ints,
        }
    }

    /// The thresholds at one ε: `thr[x][y]` = how many `x'` have `W(y|x') < e^-ε W(y|x)`
    /// (0 when `W(y|x) = 0`).
    pub fn at_eps(&self, eps: &Rational) -> Result<EpsScan<'_>, Unseparated> {
        let e = ExpEps::new(eps);
        let rows = self.w.rows();
        let (n, k) = (self.w.n_inputs(), self.w.n_outputs());
        let mut thr = vec![vec![0u32; k]; n];
        for (y, order) in self.order.iter().enumerate() {
            for x in 0..n {
                let p = &rows[x][y];
                if *p == 0u32 {
                    continue;
                }
                // The predicate "W(y|x') e^ε < p" holds on a prefix of the sorted column.
                let below = |i: usize| -> Result<bool, Unseparated> {
                    let q = &rows[order[i] as usize][y];
                    Ok(*q == 0u32 || e.compare(&(p / q))? == Ordering::Greater)
                };
                let (mut lo, mut hi) = (0, n);
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if below(mid)? {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                thr[x][y] = lo as u32;
            }
        }
        Ok(EpsScan { scan: self, e, thr })
    }
}

/// [`PairScan`] at one ε.
pub struct EpsScan<'a> {
    scan: &'a PairScan<'a>,
    e: ExpEps,
    thr: Vec<Vec<u32>>,
}

impl EpsScan<'_> {
    /// Is `y` in the event `{y : W(y|x) > e^ε W(y|x')}` of the ordered pair `(x, x')`?
    fn inside(&self, x: usize, xp: usize, y: usize) -> bool {
        self.scan.rank[xp][y] < self.thr[x][y]
    }

    /// `(A, B)` of the ordered pair: the masses of its event under `x` and `x'`.
    fn masses(&self, x: usize, xp: usize) -> (Rational, Rational) {
        let k = self.scan.w.n_outputs();
        match (&self.scan.ints[x], &self.scan.ints[xp]) {
            (Some((dx, nx)), Some((dxp, nxp))) => {
                let (mut a, mut b) = (0u128, 0u128);
                for y in (0..k).filter(|&y| self.inside(x, xp, y)) {
                    a += nx[y] as u128;
                    b += nxp[y] as u128;
                }
                (
                    Rational::from_naturals(Natural::from(a), Natural::from(*dx)),
                    Rational::from_naturals(Natural::from(b), Natural::from(*dxp)),
                )
            }
            _ => {
                let rows = self.scan.w.rows();
                let (mut a, mut b) = (Rational::ZERO, Rational::ZERO);
                for y in (0..k).filter(|&y| self.inside(x, xp, y)) {
                    a += &rows[x][y];
                    b += &rows[xp][y];
                }
                (a, b)
            }
        }
    }

    /// [`delta_at_eps`] on `adj` (same value, pair and event).
    pub fn delta(&self, adj: &[(usize, usize)]) -> Result<DeltaAtEps, Unseparated> {
        let mut best: Option<(Rational, Rational, (usize, usize))> = None;
        for (x, xp) in ordered_pairs(adj) {
            let (a, b) = self.masses(x, xp);
            let better = match &best {
                None => true,
                Some((ba, bb, _)) => self.e.greater((&a, &b), (ba, bb))?,
            };
            if better {
                best = Some((a, b, (x, xp)));
            }
        }
        let (a, b, pair) = best.unwrap_or((Rational::ZERO, Rational::ZERO, (0, 0)));
        let event = if adj.is_empty() {
            Vec::new()
        } else {
            (0..self.scan.w.n_outputs())
                .filter(|&y| self.inside(pair.0, pair.1, y))
                .collect()
        };
        Ok(DeltaAtEps {
            eps: self.e.eps.clone(),
            a,
            b,
            pair,
            event,
        })
    }

    /// The comparison with `e^ε` that orders pairs (`ExpEps::greater`).
    pub fn exp(&self) -> &ExpEps {
        &self.e
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::delta_at;
    use malachite::base::num::arithmetic::traits::Pow;

    /// Reference for [`eps_for_delta`] on one rational candidate: is `w` (ln t, δ)-DP?
    fn is_eps_delta_dp(
        w: &Channel,
        adj: &[(usize, usize)],
        t: &Rational,
        delta: &Rational,
    ) -> bool {
        delta_at(w, adj, t).delta <= *delta
    }
    use crate::measure::complete_pairs;
    use proptest::prelude::*;

    use crate::testutil::q;

    use crate::testutil::channel_of as ch;

    /// Binary randomized response with t = 2: δ(ε) = (2/3 − e^ε/3)^+.
    #[test]
    fn literal_table() {
        let rr = ch(&[&[(2, 3), (1, 3)], &[(1, 3), (2, 3)]]);
        let adj = complete_pairs(2);
        let d = delta_at_eps(&rr, &adj, &q(1, 2)).unwrap();
        assert_eq!((d.a.clone(), d.b.clone()), (q(2, 3), q(1, 3)));
        assert_eq!(d.to_string(), "2/3 - 1/3·e^(1/2)");
        // 2/3 − e^{1/2}/3 = 0.117092...
        assert_eq!(
            d.enclose(128).cmp_rational(&q(1170, 10000)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            d.enclose(128).cmp_rational(&q(1171, 10000)),
            Some(Ordering::Less)
        );
        let d = delta_at_eps(&rr, &adj, &q(1, 1)).unwrap(); // e > 2
        assert_eq!(d.rational(), Some(q(0, 1)));
        let d = delta_at_eps(&rr, &adj, &q(0, 1)).unwrap(); // TV
        assert_eq!(d.rational(), Some(q(1, 3)));
        let e = eps_for_delta(&rr, &adj, &q(1, 6));
        assert_eq!(e.t, ExtRational::Finite(q(3, 2)));
        assert_eq!(
            eps_for_delta(&rr, &adj, &q(0, 1)).t,
            ExtRational::Finite(q(2, 1))
        );
        // Both orientations bind at t = 2: the first, (0, 1), is reported.
        assert_eq!(eps_for_delta(&rr, &adj, &q(0, 1)).pair, (0, 1));
        assert_eq!(
            eps_for_delta(&rr, &adj, &q(1, 2)).t,
            ExtRational::Finite(q(1, 1))
        );
        // A zero facing mass 1/10: no finite ε below δ = 1/10.
        let z = ch(&[&[(1, 10), (9, 10)], &[(0, 1), (1, 1)]]);
        let adj = complete_pairs(2);
        assert_eq!(eps_for_delta(&z, &adj, &q(1, 20)).t, ExtRational::Infinite);
        assert_eq!(
            eps_for_delta(&z, &adj, &q(1, 10)).t,
            ExtRational::Finite(q(1, 1))
        );
        assert_eq!(cmp_with_exp(&q(2718, 1000), &q(1, 1)), Ok(Ordering::Less));
        assert_eq!(
            cmp_with_exp(&q(2719, 1000), &q(1, 1)),
            Ok(Ordering::Greater)
        );
        assert_eq!(cmp_with_exp(&q(1, 1), &q(0, 1)), Ok(Ordering::Equal));
        // `greater` is strict: equal forms are not greater (ties keep the first witness);
        // with B1 ≠ B2 it compares A1 − B1·e with A2 − B2·e at e = 2.718…
        let e = ExpEps::new(&q(1, 1));
        let (one, two, three) = (q(1, 1), q(2, 1), q(3, 1));
        assert_eq!(e.greater((&one, &one), (&one, &one)), Ok(false));
        assert_eq!(e.greater((&two, &one), (&one, &one)), Ok(true));
        assert_eq!(e.greater((&three, &one), (&one, &q(0, 1))), Ok(false)); // 3 − e < 1
        assert_eq!(e.greater((&one, &q(0, 1)), (&three, &one)), Ok(true));
        assert_eq!(e.greater((&three, &q(0, 1)), (&three, &one)), Ok(true)); // 3 > 3 − e
                                                                             // The message of an unseparated comparison names the ratio and ε.
        let u = Unseparated {
            ratio: q(2718, 1000),
            eps: q(1, 1),
        };
        assert_eq!(
            u.to_string(),
            "could not separate 1359/500 from e^1 with 65536-bit enclosures"
        );
    }

    /// Issue 26 (mutants that survived the module's tests): the exact sign, the enclosure's
    /// clipping and the display of `A − B·e^ε`, literal values by hand; `e = 2.71828…`.
    #[test]
    fn exact_form_sign_enclosure_display() {
        let form = |a: Rational, b: Rational, eps: Rational| DeltaAtEps {
            eps,
            a,
            b,
            pair: (0, 1),
            event: vec![0],
        };
        // (A, B, ε, sign of A − B·e^ε): B > 0, B < 0 (A/B and A·B on the wrong side of e),
        // and the rational cases B = 0 and ε = 0.
        for (a, b, eps, sign) in [
            (q(3, 1), q(1, 1), q(1, 1), Ordering::Greater), // 3 − e
            (q(3, 1), q(2, 1), q(1, 1), Ordering::Less),    // 3 − 2e
            (q(-3, 1), q(-2, 1), q(1, 1), Ordering::Greater), // −3 + 2e
            (q(-3, 1), q(-1, 1), q(1, 1), Ordering::Less),  // −3 + e
            (q(1, 4), q(0, 1), q(1, 1), Ordering::Greater),
            (q(1, 4), q(1, 4), q(0, 1), Ordering::Equal),
        ] {
            let f = form(a.clone(), b.clone(), eps);
            assert_eq!(f.signum(), Ok(sign), "{a} - {b}·e");
            // The enclosure has that sign and contains no point of the other.
            let i = f.enclose(64);
            match sign {
                Ordering::Greater => assert!(i.lo_rational().unwrap() > 0u32, "{a} - {b}·e"),
                Ordering::Less => assert!(i.hi_rational().unwrap() < 0u32, "{a} - {b}·e"),
                Ordering::Equal => assert!(i.contains_rational(&Rational::ZERO)),
            }
        }
        // −3 + 2e = 2.43656…: the enclosure of a B < 0 form is not clipped to A = −3.
        let i = form(q(-3, 1), q(-2, 1), q(1, 1)).enclose(64);
        let (lo, hi) = (i.lo_rational().unwrap(), i.hi_rational().unwrap());
        assert!(
            q(2436, 1000) < lo && lo <= hi && hi < q(2437, 1000),
            "[{lo}, {hi}]"
        );
        // B = 10^-100 > 0: A − B·e is below A = 1/3, and the enclosure's upper end is at most
        // A's own upper end at that precision (a float cannot be 1/3 itself).
        let tiny = crate::num::parse_rational(&format!("1/1{}", "0".repeat(100))).unwrap();
        let i = form(q(1, 3), tiny, q(1, 1)).enclose(64);
        let a_hi = Interval::from_rational(&q(1, 3), 64).hi_rational().unwrap();
        assert!(i.hi_rational().unwrap() <= a_hi);
        assert!(i.lo_rational().unwrap() < q(1, 3));
        // Display: an integer ε without brackets, a fraction with them.
        assert_eq!(form(q(2, 3), q(1, 3), q(1, 1)).to_string(), "2/3 - 1/3·e^1");
        assert_eq!(
            form(q(2, 3), q(1, 3), q(1, 2)).to_string(),
            "2/3 - 1/3·e^(1/2)"
        );
        // greater_at_eps is ExpEps::greater at ε: 3 − e > 1 − 0 is false, 1 > 3 − e true.
        let (one, three, zero) = (q(1, 1), q(3, 1), q(0, 1));
        assert_eq!(
            greater_at_eps((&three, &one), (&one, &zero), &one),
            Ok(false)
        );
        assert_eq!(
            greater_at_eps((&one, &zero), (&three, &one), &one),
            Ok(true)
        );
    }

    /// [`pair_t_for_delta`] by hand: P = (1/2, 1/2, 0), Q = (1/8, 3/8, 1/2), breakpoints 4 and
    /// 4/3: `Σ (P − tQ)^+` is 1 − t/2 on [1, 4/3], 1/2 − t/8 on [4/3, 4], 0 above 4.
    #[test]
    fn pair_t_for_delta_by_hand() {
        let p = [q(1, 2), q(1, 2), q(0, 1)];
        let r = [q(1, 8), q(3, 8), q(1, 2)];
        for (delta, t) in [
            (q(0, 1), q(4, 1)),
            (q(1, 4), q(2, 1)),
            (q(1, 3), q(4, 3)), // exactly at the breakpoint
            (q(2, 5), q(6, 5)), // on the first piece: 1 − t/2 = 2/5
            (q(1, 2), q(1, 1)),
            (q(1, 1), q(1, 1)),
        ] {
            assert_eq!(
                pair_t_for_delta(&p, &r, &delta),
                ExtRational::Finite(t),
                "δ = {delta}"
            );
        }
        // Reversed, Q(2) = 1/2 faces P(2) = 0: mass 1/2 no finite t removes.
        assert_eq!(pair_t_for_delta(&r, &p, &q(1, 4)), ExtRational::Infinite);
        assert_eq!(
            pair_t_for_delta(&r, &p, &q(1, 2)),
            ExtRational::Finite(q(1, 1))
        );
    }

    /// Issue 26: rows whose likelihood ratio is within 2^-490 of e^ε. δ(1) = (r − e)/4 is
    /// positive but invisible at 256 bits; the enclosure used to be [-1e-12, 1e-12].
    #[test]
    fn delta_just_above_zero_is_not_enclosed_below_zero() {
        let e_hi = Interval::exp_rational(&q(1, 1), 500).hi_rational().unwrap();
        let e_lo = Interval::exp_rational(&q(1, 1), 500).lo_rational().unwrap();
        let quarter = q(1, 4);
        let rows = |r: &Rational| {
            Channel::new(vec![
                vec![r * &quarter, Rational::ONE - r * &quarter],
                vec![quarter.clone(), q(3, 4)],
            ])
            .unwrap()
        };
        let adj = complete_pairs(2);
        let d = delta_at_eps(&rows(&e_hi), &adj, &q(1, 1)).unwrap();
        assert_eq!((d.pair, d.event.clone()), ((0, 1), vec![0]));
        assert_eq!(d.signum(), Ok(Ordering::Greater));
        for prec in [64, 128, 256] {
            let i = d.enclose(prec);
            assert!(i.lo_rational().unwrap() >= 0u32, "{prec}: {i}");
            // The true value is below 2^-490 / 4: the upper end is above it.
            assert!(i.hi_rational().unwrap() > 0u32, "{prec}: {i}");
            assert!(i.hi_rational().unwrap() <= d.a, "{prec}: {i}");
        }
        // Just below e the event is empty and δ is exactly 0.
        let d = delta_at_eps(&rows(&e_lo), &adj, &q(1, 1)).unwrap();
        assert_eq!(d.rational(), Some(q(0, 1)));
        assert_eq!(d.enclose(64).signum(), Some(Ordering::Equal));
        // A form that is negative (not a maximum over events) is clipped the other way.
        let neg = DeltaAtEps {
            eps: q(1, 1),
            a: &e_lo * &quarter,
            b: quarter.clone(),
            pair: (0, 1),
            event: vec![0],
        };
        assert_eq!(neg.signum(), Ok(Ordering::Less));
        assert!(neg.enclose(128).hi_rational().unwrap() <= 0u32);
    }

    /// A row whose denominators overflow `u64` when combined takes the rational path; the
    /// scan equals the pair-by-pair [`delta_at_eps`], witness and event included.
    #[test]
    fn scan_with_big_denominators() {
        let big = (1u64 << 40) + 1;
        let (u, v) = (
            Rational::from_unsigneds(1, big),
            Rational::from_unsigneds(1, big + 2),
        );
        let w = Channel::new(vec![
            vec![u.clone(), v.clone(), Rational::ONE - &u - &v],
            vec![q(1, 3), q(1, 3), q(1, 3)],
            vec![q(1, 2), q(0, 1), q(1, 2)],
        ])
        .unwrap();
        let adj = complete_pairs(3);
        let scan = PairScan::new(&w);
        assert!(scan.ints[0].is_none() && scan.ints[1].is_some());
        for eps in [q(0, 1), q(1, 2), q(3, 1)] {
            assert_eq!(
                scan.at_eps(&eps).unwrap().delta(&adj).unwrap(),
                delta_at_eps(&w, &adj, &eps).unwrap()
            );
        }
        assert_eq!(
            scan.at_eps(&q(1, 1)).unwrap().delta(&[]).unwrap(),
            delta_at_eps(&w, &[], &q(1, 1)).unwrap()
        );
    }

    /// The reference for [`DeltaSearch`]: every ordered pair's exact walk, the first largest.
    fn eps_for_delta_pair_by_pair(
        w: &Channel,
        adj: &[(usize, usize)],
        delta: &Rational,
    ) -> (ExtRational, (usize, usize), usize) {
        let (mut best, mut pair, mut records) = (ExtRational::Finite(Rational::ONE), (0, 0), 0);
        for (x, xp) in ordered_pairs(adj) {
            let t = pair_t_for_delta(&w.rows()[x], &w.rows()[xp], delta);
            if t > best {
                (best, pair, records) = (t, (x, xp), records + 1);
            }
        }
        (best, pair, records)
    }

    /// `w` mixed with the uniform row at weight `1/(10^30 + 7)`: the same shape of ratios with
    /// 30-digit denominators, so that the `u128` test overflows and the `Natural` one runs.
    fn widened(w: &Channel) -> Channel {
        let h = Rational::from_naturals(
            Natural::ONE,
            Natural::from(10u32).pow(30u64) + Natural::from(7u32),
        );
        let k = Rational::from(w.n_outputs());
        let rows = w
            .rows()
            .iter()
            .map(|r| {
                r.iter()
                    .map(|a| a * (Rational::ONE - &h) + &h / &k)
                    .collect()
            })
            .collect();
        Channel::new(rows).unwrap()
    }

    /// Issue 42 item 10: the pruned search walks the breakpoints of exactly the pairs that beat
    /// every earlier pair (it walked every pair: 7.7× a plain audit on 256 × 256).
    #[test]
    fn delta_search_walks_only_the_records() {
        // The truncated geometric shape (2^-|x-y|, normalised) on 12 inputs: along x = 0 every
        // x' is a record; afterwards none is.
        let n = 12;
        let rows: Vec<Vec<Rational>> = (0..n)
            .map(|x: usize| {
                let r: Vec<Rational> = (0..n)
                    .map(|y: usize| Rational::from_unsigneds(1u64, 1u64 << x.abs_diff(y)))
                    .collect();
                let s: Rational = r.iter().sum();
                r.iter().map(|a| a / &s).collect()
            })
            .collect();
        let w = Channel::new(rows).unwrap();
        let adj = complete_pairs(n);
        for w in [w.clone(), widened(&w)] {
            for delta in [q(0, 1), q(1, 100_000), q(1, 10), q(1, 1)] {
                let search = DeltaSearch::new(&w, &delta);
                let got = search.scan(&adj, None);
                let (t, pair, records) = eps_for_delta_pair_by_pair(&w, &adj, &delta);
                assert_eq!((got.t, got.pair), (t, pair), "δ = {delta}");
                assert_eq!(search.walks.get(), records, "δ = {delta}");
                assert!(records < n, "δ = {delta}: {records} records");
            }
        }
    }

    fn channel() -> impl Strategy<Value = Channel> {
        (2usize..4, 2usize..4).prop_flat_map(|(n, k)| {
            proptest::collection::vec(proptest::collection::vec(0u32..6, k), n).prop_filter_map(
                "rows with mass",
                |rows| {
                    if rows.iter().any(|r| r.iter().all(|&c| c == 0)) {
                        return None;
                    }
                    let rows = rows
                        .iter()
                        .map(|r| {
                            let s: u32 = r.iter().sum();
                            r.iter().map(|&c| Rational::from_unsigneds(c, s)).collect()
                        })
                        .collect();
                    Channel::new(rows).ok()
                },
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The column-sort scan equals the pair-by-pair reference [`delta_at_eps`] (value,
        /// first attaining pair, event) on complete and partial adjacencies.
        #[test]
        fn scan_equals_pair_by_pair(w in channel(), e in 0u32..12, partial in any::<bool>()) {
            let n = w.n_inputs();
            let adj: Vec<(usize, usize)> = if partial {
                (1..n).map(|b| (b - 1, b)).collect()
            } else {
                complete_pairs(n)
            };
            let eps = Rational::from_unsigneds(e, 4u32);
            let scan = PairScan::new(&w);
            prop_assert_eq!(
                scan.at_eps(&eps).unwrap().delta(&adj).unwrap(),
                delta_at_eps(&w, &adj, &eps).unwrap()
            );
        }

        /// δ at e^ε lies between δ at the rational ends of an enclosure of e^ε (δ(t) is
        /// non-increasing), computed by the independent rational [`delta_at`].
        #[test]
        fn delta_at_eps_is_bracketed_by_rational_t(w in channel(), num in 0u32..40) {
            let eps = Rational::from_unsigneds(num, 10);
            let adj = complete_pairs(w.n_inputs());
            let d = delta_at_eps(&w, &adj, &eps).unwrap();
            let s = Interval::exp_rational(&eps, 256);
            let (lo, hi) = (s.lo_rational().unwrap(), s.hi_rational().unwrap());
            let upper = delta_at(&w, &adj, &lo).delta;
            let lower = delta_at(&w, &adj, &hi).delta;
            let e = d.enclose(256);
            prop_assert!(e.lo_rational().unwrap() <= upper);
            prop_assert!(e.hi_rational().unwrap() >= lower);
            // Issue 26: inside the trivial bounds, and on the side of 0 the exact sign says.
            prop_assert!(e.lo_rational().unwrap() >= 0u32 && e.hi_rational().unwrap() <= 1u32, "{}", e);
            match d.signum().unwrap() {
                Ordering::Equal => prop_assert_eq!(e.signum(), Some(Ordering::Equal)),
                Ordering::Greater => prop_assert!(upper > 0u32),
                Ordering::Less => prop_assert!(false, "a maximum over events is >= 0: {}", d),
            }
        }

        /// [`DeltaSearch`] equals the pair-by-pair walk (value and first binding pair), on
        /// small and 30-digit denominators (the `u128` and `Natural` tests), complete and
        /// partial adjacencies, in one scan or in two steps carrying the best.
        #[test]
        fn delta_search_equals_pair_by_pair(
            w in channel(), num in 0u32..20, wide in any::<bool>(), partial in any::<bool>(),
            cut in 0usize..4,
        ) {
            let w = if wide { widened(&w) } else { w };
            let n = w.n_inputs();
            let adj: Vec<(usize, usize)> = if partial {
                (1..n).map(|b| (b - 1, b)).collect()
            } else {
                complete_pairs(n)
            };
            let delta = Rational::from_unsigneds(num, 20);
            let (t, pair, _) = eps_for_delta_pair_by_pair(&w, &adj, &delta);
            let search = DeltaSearch::new(&w, &delta);
            let one = search.scan(&adj, None);
            prop_assert_eq!((&one.t, one.pair), (&t, pair));
            let cut = cut.min(adj.len());
            let first = search.scan(&adj[..cut], None);
            let two = search.scan(&adj[cut..], Some(first));
            prop_assert_eq!(two, one);
        }

        /// The smallest t is feasible and nothing below it is (checked by [`delta_at`]).
        #[test]
        fn eps_for_delta_is_the_smallest(w in channel(), num in 0u32..20) {
            let delta = Rational::from_unsigneds(num, 20);
            let adj = complete_pairs(w.n_inputs());
            match eps_for_delta(&w, &adj, &delta).t {
                ExtRational::Infinite => {
                    prop_assert!(!is_eps_delta_dp(&w, &adj, &Rational::from(1_000_000u32), &delta));
                }
                ExtRational::Finite(t) => {
                    prop_assert!(t >= 1u32);
                    prop_assert!(is_eps_delta_dp(&w, &adj, &t, &delta));
                    if t > 1u32 {
                        let below = &t - (&t - Rational::ONE) / Rational::from(1000u32);
                        prop_assert!(!is_eps_delta_dp(&w, &adj, &below, &delta));
                    }
                }
            }
        }
    }
}
