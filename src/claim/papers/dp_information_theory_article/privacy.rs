//! The article's privacy notion over joint dataset distributions, group privacy and
//! composition, the coding sketch and the numeric claims (ART-D7, 29, 30, 30b, 30c, 31, 32,
//! 21, 33, 34, 35, 36, 37).
//!
//! Semantics of "ε-private at level α" (§0 of the catalogue): (A) the article's ART-D7, a sup
//! over ALL joint distributions P_D of the dataset; (B) one row random and the other rows fixed
//! (as CY-D3). Each claim states which it checks.

#![allow(clippy::needless_range_loop)]

use super::core::{
    channels, dh, diameter, dv, eq, le, mi, outcome, q, s_alpha, Div, Named, Order, ORDERS,
};
use crate::claim::instances::{fmt_rows, fmt_vec, simplex, t_set, SplitMix};
use crate::claim::mechanism_grid::{default_mechanism_families, MechanismFamily};
use crate::claim::scan::{Agree, DScan, Scan};
use crate::claim::{undecided_because, Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::dp_capacity_bound_bits_at_eps_one;
use crate::measure::{capacity_bracket_exact, output_distribution};
use crate::measure::{
    event_probability, hockey_stick_two_sided, kl, max_ratio, max_ratio_two_sided, ExtRational,
};
use crate::mechanism::database::DatabaseMechanism;
use crate::num::interval::{refine, Interval, DEFAULT_SCHEDULE};
use crate::num::loglin::LogLinear;
use crate::num::{Decision, RatFn, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use std::cmp::Ordering;
use std::fmt;

/// The channel from row `i` to Y under a joint `P_D` over the databases of `mech`:
/// `(P(x_i), P(y | x_i) = Σ_{x: x_i} P_D(x) M(x)(y) / P(x_i))` (rows of probability-zero
/// values are set to the first database's row; they carry no weight).
fn row_channel(
    mech: &DatabaseMechanism,
    pd: &[Rational],
    i: usize,
) -> (Vec<Rational>, Vec<Vec<Rational>>) {
    let k = mech.outputs();
    let mut px = vec![Rational::from(0u32); mech.m];
    let mut rows = vec![vec![Rational::from(0u32); k]; mech.m];
    for (x, p) in pd.iter().enumerate() {
        let a = mech.digits(x)[i];
        px[a] += p.clone();
        for y in 0..k {
            rows[a][y] += p * &mech.rows[x][y];
        }
    }
    for a in 0..mech.m {
        if px[a] > 0u32 {
            for y in 0..k {
                rows[a][y] /= &px[a];
            }
        } else {
            rows[a] = mech.rows[0].clone();
        }
    }
    (px, rows)
}

/// `I_α(X_i; Y)` under the joint `P_D`.
fn mi_row(o: Order, mech: &DatabaseMechanism, pd: &[Rational], i: usize) -> Div {
    let (px, w) = row_channel(mech, pd, i);
    mi(o, &px, &w)
}

/// The two-point joint `(1−η) δ_b + η δ_a` over databases.
fn two_point(size: usize, a: usize, b: usize, eta: &Rational) -> Vec<Rational> {
    let mut pd = vec![Rational::from(0u32); size];
    pd[b] += Rational::from(1u32) - eta;
    pd[a] += eta.clone();
    pd
}

/// Semantics (A) at α = ∞ for row i: the exact sup `ln max M(x)(y)/M(x')(y)` over databases
/// with `x_i ≠ x'_i` (upper bound: `P(y|x_i)/P(y)` is a ratio of mixtures of rows with
/// different row-i values... bounded by that max; approached by two-point joints), and the best
/// two-point witness at η.
fn level_a(mech: &DatabaseMechanism, i: usize, eta: &Rational) -> (ExtRational, Div, String) {
    let mut up = ExtRational::Finite(Rational::from(1u32));
    let mut wit: Div = Some(LogLinear::zero());
    let mut wtxt = String::new();
    for a in 0..mech.size() {
        for b in 0..mech.size() {
            if mech.digits(a)[i] == mech.digits(b)[i] {
                continue;
            }
            let r = max_ratio(&mech.rows[a], &mech.rows[b]);
            up = match (up, r) {
                (ExtRational::Infinite, _) | (_, ExtRational::Infinite) => ExtRational::Infinite,
                (ExtRational::Finite(x), ExtRational::Finite(y)) => {
                    ExtRational::Finite(if x >= y { x } else { y })
                }
            };
            let pd = two_point(mech.size(), a, b, eta);
            let v = mi_row(Order::Inf, mech, &pd, i);
            if le(&v, &wit) == Decision::False {
                wit = v;
                wtxt = format!(
                    "P_D = (1-eta) delta_{:?} + eta delta_{:?}",
                    mech.digits(b),
                    mech.digits(a)
                );
            }
        }
    }
    (up, wit, wtxt)
}

fn ratio_div(r: &ExtRational) -> Div {
    match r {
        ExtRational::Finite(x) => Some(LogLinear::ln(x)),
        ExtRational::Infinite => None,
    }
}

/// ART-D7 (l.492–505), semantics (A): "it is ε-private precisely when it is ε-private at all
/// levels". For each mechanism with its exact per-row DP level L (ε = ln L), the article's level
/// at α = ∞ (ε-private at all levels ⇔ at α = ∞, by ART-14) is compared with ln L: agreement
/// is certified when the exact sup `ln max ratio over x_i ≠ x'_i` is ≤ ln L, disagreement when
/// a two-point joint (η = 2^-20) gives `I_∞(X_i;Y) > ln L` exactly.
fn check_d7(fam: &MechanismFamily) -> Check {
    let eta = Rational::from_unsigneds(1u64, 1u64 << 20);
    let mut a = Agree::new();
    let mut open: Option<String> = None;
    for mech in fam.build() {
        let ExtRational::Finite(l) = mech.level() else {
            continue;
        };
        let eps = Some(LogLinear::ln(&l));
        let mut dp_private_at_all_levels = true;
        let mut note = String::new();
        for i in 0..mech.n {
            let (up, wit, wtxt) = level_a(&mech, i, &eta);
            if le(&ratio_div(&up), &eps) == Decision::True {
                continue;
            }
            if le(&wit, &eps) == Decision::False {
                dp_private_at_all_levels = false;
                note = format!(
                    "row {}: {wtxt}, eta = 2^-20: I_inf(X_i;Y) = {} > eps = ln {l} = {}; sup = ln {up}",
                    i + 1,
                    dv(&wit).decimal,
                    dv(&eps).decimal
                );
                break;
            }
            // Sup above ln L but the η = 2^-20 witness not above it: not decided.
            if open.is_none() {
                open = Some(format!(
                    "{mech}: row {} sup ln {up} > eps but witness not separated",
                    i + 1
                ));
            }
        }
        a.push(true, dp_private_at_all_levels, || format!("{mech}: {note}"));
    }
    let mut c = a.finish(
        "eps-DP (eps = ln exact level)  <=>  eps-private at all levels (sup over all joint P_D, alpha = inf)",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    );
    if let (Some(w), Outcome::Holds) = (open, c.outcome) {
        c.outcome = Outcome::Undecided;
        c.note = format!("{}; undecided: {w}", c.note);
    }
    c
}

/// ART-D7 under semantics (B) (one row random, the rest fixed; also product P_D): the level at
/// α = ∞ is the max over row channels of the diameter (= C_∞, ART-12), equal to ln L exactly;
/// at product joints of the grid `I_∞(X_i;Y) ≤ ln L`.
fn check_d7_fixed(fam: &MechanismFamily) -> Check {
    let mut a = Agree::new();
    for mech in fam.build() {
        let ExtRational::Finite(l) = mech.level() else {
            continue;
        };
        let eps: Div = Some(LogLinear::ln(&l));
        let mut best: Div = Some(LogLinear::zero());
        for (_, w) in mech.row_slices() {
            let d = diameter(Order::Inf, &w);
            if le(&d, &best) == Decision::False {
                best = d;
            }
        }
        let mut ok = eq(&best, &eps);
        if mech.n == 2 && mech.m == 2 {
            for p1 in simplex(2, 4) {
                for p2 in simplex(2, 4) {
                    let pd: Vec<Rational> = (0..4).map(|x| &p1[x / 2] * &p2[x % 2]).collect();
                    for i in 0..2 {
                        ok &= le(&mi_row(Order::Inf, &mech, &pd, i), &eps) == Decision::True;
                    }
                }
            }
        }
        a.push_ok(ok, || format!("{mech}"));
    }
    a.finish(
        "fixed-rest level at alpha = inf = max row diameter = ln L; product-P_D values <= ln L",
        Method::Exact,
    )
}

fn fams_binary() -> Vec<MechanismFamily> {
    let mut v: Vec<MechanismFamily> = vec![
        MechanismFamily::Rr {
            n: 2,
            m: 2,
            t: q(2, 1),
        },
        MechanismFamily::Rr {
            n: 2,
            m: 2,
            t: q(5, 4),
        },
        MechanismFamily::Rr {
            n: 3,
            m: 2,
            t: q(2, 1),
        },
    ];
    v.extend(
        default_mechanism_families()
            .into_iter()
            .filter(|f| match f {
                MechanismFamily::Rr { .. } => false,
                MechanismFamily::Sym { .. } => true,
                MechanismFamily::Rand { n, m, .. } => *n >= 2 && *m == 2,
            }),
    );
    v
}

/// A joint over `n` binary rows and `ny` outputs, flattened as `(x_1 … x_n, y)`.
#[derive(Clone, Debug)]
struct Joint {
    n: usize,
    ny: usize,
    p: Vec<Rational>,
}

impl Joint {
    fn get(&self, x: usize, y: usize) -> &Rational {
        &self.p[x * self.ny + y]
    }

    /// Bits of x (row 1 most significant).
    fn bit(&self, x: usize, i: usize) -> usize {
        (x >> (self.n - 1 - i)) & 1
    }

    /// `Σ_{prefix} P(prefix) S_α(P_{X_i Y|prefix} ‖ P_{X_i|prefix} P_{Y|prefix})` with the prefix
    /// `X_1..X_{i−1}` (i is 0-based): the article's conditional Rényi MI, exponentiated. With
    /// `whole`, X_i is replaced by the whole `X^n` and there is no prefix.
    fn cond_s(&self, i: usize, al: u64, whole: bool) -> Rational {
        let mut total = Rational::from(0u32);
        let nprefix = if whole { 1 } else { 1usize << i };
        for pre in 0..nprefix {
            // Joint of (X_i, Y) (or (X^n, Y)) restricted to the prefix.
            let kx = if whole { 1usize << self.n } else { 2 };
            let mut j = vec![vec![Rational::from(0u32); self.ny]; kx];
            for x in 0..1usize << self.n {
                if !whole && (i > 0 && (x >> (self.n - i)) != pre) {
                    continue;
                }
                let xi = if whole { x } else { self.bit(x, i) };
                for y in 0..self.ny {
                    j[xi][y] += self.get(x, y).clone();
                }
            }
            let pp: Rational = j.iter().flatten().cloned().sum();
            if pp == 0u32 {
                continue;
            }
            let px: Vec<Rational> = j
                .iter()
                .map(|r| r.iter().cloned().sum::<Rational>() / &pp)
                .collect();
            let py: Vec<Rational> = (0..self.ny)
                .map(|y| j.iter().map(|r| r[y].clone()).sum::<Rational>() / &pp)
                .collect();
            let flat: Vec<Rational> = j.iter().flatten().map(|v| v / &pp).collect();
            let prod: Vec<Rational> = px
                .iter()
                .flat_map(|a| py.iter().map(move |b| a * b))
                .collect();
            total += &pp * s_alpha(&flat, &prod, al).expect("joint << product");
        }
        total
    }

    /// The α = 1 analogue: `Σ_prefix P(prefix) I(X_i;Y|prefix)` (log-linear).
    fn cond_kl(&self, i: usize, whole: bool) -> LogLinear {
        let mut total = LogLinear::zero();
        let nprefix = if whole { 1 } else { 1usize << i };
        for pre in 0..nprefix {
            let kx = if whole { 1usize << self.n } else { 2 };
            let mut j = vec![vec![Rational::from(0u32); self.ny]; kx];
            for x in 0..1usize << self.n {
                if !whole && (i > 0 && (x >> (self.n - i)) != pre) {
                    continue;
                }
                let xi = if whole { x } else { self.bit(x, i) };
                for y in 0..self.ny {
                    j[xi][y] += self.get(x, y).clone();
                }
            }
            let pp: Rational = j.iter().flatten().cloned().sum();
            if pp == 0u32 {
                continue;
            }
            let px: Vec<Rational> = j
                .iter()
                .map(|r| r.iter().cloned().sum::<Rational>() / &pp)
                .collect();
            let py: Vec<Rational> = (0..self.ny)
                .map(|y| j.iter().map(|r| r[y].clone()).sum::<Rational>() / &pp)
                .collect();
            let flat: Vec<Rational> = j.iter().flatten().map(|v| v / &pp).collect();
            let prod: Vec<Rational> = px
                .iter()
                .flat_map(|a| py.iter().map(move |b| a * b))
                .collect();
            total = &total + &kl(&flat, &prod).expect("finite").scale(&pp);
        }
        total
    }
}

impl fmt::Display for Joint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P(x^{},y)={}", self.n, fmt_vec(&self.p))
    }
}

/// A cell of random joints for the chain rule.
#[derive(Clone, Debug)]
pub struct ChainCell {
    pub n: usize,
    pub ny: usize,
    /// `r_i = α_i − 1` (0 = the α = 1 chain rule).
    pub r: Vec<u64>,
    pub count: usize,
    pub seed: u64,
}

impl fmt::Display for ChainCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} binary rows |Y|={} alpha_i - 1 = {:?} ({} seeded joints, denominators 12, seed {}, plus XOR and copy joints)",
            self.n, self.ny, self.r, self.count, self.seed
        )
    }
}

fn joints(c: &ChainCell) -> Vec<Joint> {
    let size = (1usize << c.n) * c.ny;
    let mut g = SplitMix(c.seed);
    let mut v: Vec<Joint> = (0..c.count)
        .map(|_| Joint {
            n: c.n,
            ny: c.ny,
            p: g.dist(size, 12),
        })
        .collect();
    // XOR of uniform rows (Y = parity, |Y| ≥ 2) and a copy of row 1.
    let mut xor = vec![Rational::from(0u32); size];
    let mut copy = vec![Rational::from(0u32); size];
    let u = Rational::from_unsigneds(1u64, 1u64 << c.n);
    for x in 0..1usize << c.n {
        xor[x * c.ny + (x.count_ones() as usize % 2)] = u.clone();
        copy[x * c.ny + (x >> (c.n - 1))] = u.clone();
    }
    v.push(Joint {
        n: c.n,
        ny: c.ny,
        p: xor,
    });
    v.push(Joint {
        n: c.n,
        ny: c.ny,
        p: copy,
    });
    v
}

/// ART-31 (l.938–956): `I_α(X^n;Y) ≤ Σ_i I_{α_i}(X_i;Y|X^{(i−1)})` with
/// `1/(α−1) = Σ 1/(α_i−1)` (range checked: α_i > 1, where Hölder applies; and α = 1, where it
/// is the chain-rule identity). With `r = α − 1`, `r_i = α_i − 1` integers the comparison
/// `(1/r) ln S ≤ Σ (1/r_i) ln S_i` is exact (log-linear of rationals).
fn check_31(c: &ChainCell) -> Check {
    let mut s = DScan::new();
    for j in joints(c) {
        if c.r.iter().all(|&x| x == 0) {
            let lhs = j.cond_kl(0, true);
            let mut rhs = LogLinear::zero();
            for i in 0..c.n {
                rhs = &rhs + &j.cond_kl(i, false);
            }
            s.push(
                Decision::from_bool((&lhs - &rhs).is_zero()),
                -1.0,
                || Value::log_linear(&lhs),
                || Value::log_linear(&rhs),
                || format!("{j}"),
            );
            continue;
        }
        let inv: Rational = c.r.iter().map(|&x| Rational::from_unsigneds(1u64, x)).sum();
        let r = Rational::from(1u32) / inv;
        let al = Rational::from(1u32) + &r;
        let al_int = u64::try_from(&al).expect("harmonic choices give an integer alpha");
        let lhs = LogLinear::term(&(Rational::from(1u32) / &r), &j.cond_s(0, al_int, true));
        let mut rhs = LogLinear::zero();
        for (i, &ri) in c.r.iter().enumerate() {
            rhs = &rhs
                + &LogLinear::term(
                    &Rational::from_unsigneds(1u64, ri),
                    &j.cond_s(i, ri + 1, false),
                );
        }
        s.push(
            Decision::from_bool(lhs <= rhs),
            LogLinear::approx_f64(&lhs) - LogLinear::approx_f64(&rhs),
            || Value::log_linear(&lhs),
            || Value::log_linear(&rhs),
            || format!("{j}"),
        );
    }
    s.finish(
        format!(
            "I_alpha(X^n;Y) <= sum_i I_(alpha_i)(X_i;Y|X^(i-1)), alpha_i - 1 = {:?}",
            c.r
        ),
        Method::LogLinear,
    )
}

fn chain_grid() -> Vec<ChainCell> {
    let mut v = Vec::new();
    for (n, r) in [
        (2, vec![0, 0]),
        (2, vec![2, 2]),
        (2, vec![3, 6]),
        (2, vec![4, 4]),
        (2, vec![6, 3]),
        (3, vec![3, 3, 3]),
        (3, vec![0, 0, 0]),
    ] {
        for ny in [2, 3] {
            v.push(ChainCell {
                n,
                ny,
                r: r.clone(),
                count: 30,
                seed: 31 + ny as u64,
            });
        }
    }
    v
}

fn chain_beyond(s: usize) -> Vec<ChainCell> {
    chain_grid()
        .into_iter()
        .map(|mut c| {
            c.count = 200 * s;
            c.seed += 1000 * s as u64;
            c
        })
        .collect()
}

/// ART-32 (l.958–975): with X = row 2, Z = row 1: the article's conditional MI computed from its
/// definition `E_{P_XYZ}[(dP_{XY|Z}/dP_{X|Z}P_{Y|Z})^{α−1}]` (sum over (x, y, z)) equals
/// `Σ_z P(z) e^{(α−1) I_α(X;Y|Z=z)}`, and is `≤ max_z I_α(X;Y|Z=z)`; each `I_α(X;Y|Z=z)` is the
/// unconditional I_α at the joint `P_{XY|Z=z}` (the point mass on Z allowed by the article's sup
/// over P_D), so the conditional sup is at most the unconditional one.
fn check_32(c: &ChainCell) -> Check {
    let al = c.r[0] + 1;
    let mut s = Scan::le();
    for j in joints(c) {
        // Direct definition: Σ_{z,x,y} P(x,y,z) (P(x,y|z)/(P(x|z)P(y|z)))^{α−1}.
        let mut direct = Rational::from(0u32);
        let mut per_z = Vec::new();
        for z in 0..2usize {
            let pz: Rational = (0..2)
                .flat_map(|x| (0..j.ny).map(move |y| (x, y)))
                .map(|(x, y)| j.get(z * 2 + x, y).clone())
                .sum();
            if pz == 0u32 {
                continue;
            }
            let pxz: Vec<Rational> = (0..2)
                .map(|x| {
                    (0..j.ny)
                        .map(|y| j.get(z * 2 + x, y).clone())
                        .sum::<Rational>()
                        / &pz
                })
                .collect();
            let pyz: Vec<Rational> = (0..j.ny)
                .map(|y| {
                    (0..2)
                        .map(|x| j.get(z * 2 + x, y).clone())
                        .sum::<Rational>()
                        / &pz
                })
                .collect();
            let mut sz = Rational::from(0u32);
            for x in 0..2 {
                for y in 0..j.ny {
                    let pxyz = j.get(z * 2 + x, y);
                    if *pxyz > 0u32 {
                        let ratio = (pxyz / &pz) / (&pxz[x] * &pyz[y]);
                        direct += pxyz * ratio.clone().pow(al - 1);
                        sz += (pxyz / &pz) * ratio.pow(al - 1);
                    }
                }
            }
            per_z.push((pz, sz));
        }
        let mix: Rational = per_z.iter().map(|(p, s)| p * s).sum();
        let mx = per_z
            .iter()
            .map(|(_, s)| s.clone())
            .max()
            .unwrap_or_default();
        let ident = direct == mix && direct == j.cond_s(1, al, false);
        if !ident {
            s.push(Rational::from(1u32), Rational::from(0u32), || {
                format!("{j}: identity fails")
            });
        }
        s.push(mix, mx, || format!("{j}"));
    }
    s.finish(
        format!("e^((alpha-1) I_alpha(X;Y|Z)) = sum_z P(z) e^((alpha-1) I_alpha(X;Y|Z=z)) <= max_z, alpha = {al}"),
        Method::Exact,
    )
}

/// Binary-row families for `dpcert search` (the Vadhan beyond families with binary rows).
fn fams_binary_beyond(s: usize) -> Vec<MechanismFamily> {
    crate::claim::mechanism_grid::mechanism_families_beyond(s)
        .into_iter()
        .filter(|f| match f {
            MechanismFamily::Rr { n, m, .. } | MechanismFamily::Rand { n, m, .. } => {
                *n >= 2 && *m == 2
            }
            MechanismFamily::Sym { .. } => true,
        })
        .collect()
}

fn cond_beyond(s: usize) -> Vec<ChainCell> {
    cond_grid()
        .into_iter()
        .map(|mut c| {
            c.count = 200 * s;
            c.seed += 1000 * s as u64;
            c
        })
        .collect()
}

fn cond_grid() -> Vec<ChainCell> {
    let mut v = Vec::new();
    for r in [1u64, 2, 4] {
        for ny in [2, 3] {
            v.push(ChainCell {
                n: 2,
                ny,
                r: vec![r],
                count: 40,
                seed: 77 + ny as u64,
            });
        }
    }
    v
}

/// Instances of ART-29.
#[derive(Clone, Debug)]
pub enum G29 {
    /// Level arithmetic `1/(α'−1) = n/(α−1)`.
    Levels,
    /// α = ∞, fixed-rest group privacy on a family.
    Group(MechanismFamily),
    /// The lemma chain at harmonic orders on joints of 2 rows (semantics A).
    Chain(ChainCell),
}

impl fmt::Display for G29 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            G29::Levels => f.write_str("level arithmetic alpha' = 1 + (alpha-1)/n"),
            G29::Group(fam) => write!(f, "alpha=inf group privacy on {fam}"),
            G29::Chain(c) => write!(f, "semantics A chain on {c}"),
        }
    }
}

/// ART-29 (l.862–885, derivation 938–985): group privacy with level shift.
/// - Levels: `α' = 1 + (α−1)/n` satisfies `1/(α'−1) = Σ_{i≤n} 1/(α−1)`; α = ∞ ↦ ∞ (kε); α = 1
///   stays 1 (as a limit; exact arithmetic on α ∈ {2, 3, 5, 9}, n ∈ {2, 3}).
/// - α = ∞, fixed rest (standard group privacy): for databases at Hamming distance k the
///   likelihood ratio is ≤ L^k (L = exact per-row level), attained by product RR at k = n.
/// - Semantics (A): per joint P_D and harmonic orders, `I_α(X^2;Y) ≤ I_{α_1}(X_1;Y) +
///   max_{x_1} I_{α_2}(X_2;Y|X_1 = x_1)`, each term a value of the row-i functional at some
///   P_D (the conditional one at the point mass on X_1), hence ≤ ε_1 + ε_2 (the derivation's
///   steps ART-31 and ART-32).
fn check_29(g: &G29) -> Check {
    match g {
        G29::Levels => {
            let mut ok = true;
            for a in [2u64, 3, 5, 9] {
                for n in [2u64, 3] {
                    let alpha = Rational::from(a);
                    let one = Rational::from(1u32);
                    let ap = &one + (&alpha - &one) / Rational::from(n);
                    ok &= &one / (&ap - &one) == Rational::from(n) / (&alpha - &one);
                }
            }
            Check::new(
                "1/(alpha'-1) = n/(alpha-1) for alpha' = 1 + (alpha-1)/n",
                Value::text("alpha in {2,3,5,9}, n in {2,3}", ""),
                Value::text("", ""),
                Method::Exact,
                outcome(ok),
            )
        }
        G29::Group(fam) => {
            let mut s = Scan::le();
            let mut tight = true;
            for mech in fam.build() {
                let ExtRational::Finite(l) = mech.level() else {
                    continue;
                };
                let mut best_at_n = Rational::from(1u32);
                for a in 0..mech.size() {
                    for b in 0..mech.size() {
                        let k = mech
                            .digits(a)
                            .iter()
                            .zip(mech.digits(b))
                            .filter(|(x, y)| **x != *y)
                            .count();
                        if let ExtRational::Finite(r) = max_ratio(&mech.rows[a], &mech.rows[b]) {
                            if k == mech.n && r > best_at_n {
                                best_at_n = r.clone();
                            }
                            s.push(r, l.clone().pow(k as u64), || {
                                format!(
                                    "{mech} x={:?} x'={:?} k={k}",
                                    mech.digits(a),
                                    mech.digits(b)
                                )
                            });
                        }
                    }
                }
                if mech.name.starts_with("product-RR") {
                    tight &= best_at_n == l.pow(mech.n as u64);
                }
            }
            let mut c = s.finish(
                "likelihood ratio at Hamming distance k  <=  L^k",
                Method::Exact,
            );
            if !tight {
                c.outcome = Outcome::Fails;
            }
            c.note = format!("{}; product RR attains L^n: {tight}", c.note);
            c
        }
        G29::Chain(c) => {
            let (r1, r2) = (c.r[0], c.r[1]);
            let r = Rational::from(1u32)
                / (Rational::from_unsigneds(1u64, r1) + Rational::from_unsigneds(1u64, r2));
            let al = u64::try_from(&(Rational::from(1u32) + &r)).expect("integer alpha");
            let mut s = DScan::new();
            for j in joints(c) {
                let lhs = LogLinear::term(&(Rational::from(1u32) / &r), &j.cond_s(0, al, true));
                let t1 = LogLinear::term(
                    &Rational::from_unsigneds(1u64, r1),
                    &j.cond_s(0, r1 + 1, false),
                );
                // max over x_1 of I_{α_2}(X_2;Y|X_1=x_1): the joint restricted to x_1, renormalised.
                let mut t2 = LogLinear::zero();
                for x1 in 0..2usize {
                    let mut sub = vec![Rational::from(0u32); 2 * j.ny];
                    for x2 in 0..2 {
                        for y in 0..j.ny {
                            sub[x2 * j.ny + y] = j.get(x1 * 2 + x2, y).clone();
                        }
                    }
                    let m: Rational = sub.iter().cloned().sum();
                    if m == 0u32 {
                        continue;
                    }
                    let sub: Vec<Rational> = sub.iter().map(|v| v / &m).collect();
                    let jj = Joint {
                        n: 1,
                        ny: j.ny,
                        p: sub,
                    };
                    let v = LogLinear::term(
                        &Rational::from_unsigneds(1u64, r2),
                        &jj.cond_s(0, r2 + 1, false),
                    );
                    if v > t2 {
                        t2 = v;
                    }
                }
                let rhs = &t1 + &t2;
                s.push(
                    Decision::from_bool(lhs <= rhs),
                    LogLinear::approx_f64(&lhs) - LogLinear::approx_f64(&rhs),
                    || Value::log_linear(&lhs),
                    || Value::log_linear(&rhs),
                    || format!("{j}"),
                );
            }
            s.finish(
                "I_alpha(X^2;Y) <= I_(alpha_1)(X_1;Y) + max_x1 I_(alpha_2)(X_2;Y|X_1=x1)",
                Method::LogLinear,
            )
        }
    }
}

fn g29_grid() -> Vec<G29> {
    let mut v = vec![G29::Levels];
    for t in [q(5, 4), q(2, 1), q(4, 1)] {
        v.push(G29::Group(MechanismFamily::Rr {
            n: 2,
            m: 2,
            t: t.clone(),
        }));
        v.push(G29::Group(MechanismFamily::Rr { n: 3, m: 2, t }));
    }
    v.push(G29::Group(MechanismFamily::Rand {
        n: 2,
        m: 2,
        k: 3,
        big_n: 8,
        count: 40,
        seed: 3,
        full: true,
    }));
    for (r, ny) in [(vec![2, 2], 2), (vec![2, 2], 3), (vec![4, 4], 2)] {
        v.push(G29::Chain(ChainCell {
            n: 2,
            ny,
            r,
            count: 30,
            seed: 29,
        }));
    }
    v
}

/// Instances of ART-30: orders and a prior/channel grid.
#[derive(Clone, Debug)]
pub struct C30 {
    /// `(α_1, α_2) → α` as `r_i = α_i − 1`; empty = α = ∞ (same level); `[0, 0]` = α = 1.
    pub r: Vec<u64>,
}

impl fmt::Display for C30 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.r.is_empty() {
            f.write_str("alpha_1 = alpha_2 = inf, priors Delta_2^4, W_1, W_2 2x2 rows in Delta_2^3")
        } else {
            write!(
                f,
                "alpha_i - 1 = {:?}, priors Delta_2^4, W_1, W_2 2x2 rows in Delta_2^3",
                self.r
            )
        }
    }
}

/// Tensor product of two channels on the same input: rows `W_1(x) ⊗ W_2(x)`.
fn tensor_same(w1: &[Vec<Rational>], w2: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    w1.iter()
        .zip(w2)
        .map(|(a, b)| {
            a.iter()
                .flat_map(|u| b.iter().map(move |v| u * v))
                .collect()
        })
        .collect()
}

/// ART-30 (l.887–910, derivation 987–1010), single-row channel version: Y_1, Y_2 conditionally
/// independent given X. Per (prior, W_1, W_2): `I_α(X;Y_1Y_2) ≤ I_{α_1}(X;Y_1) +
/// max_{y_1} I_{α_2}(P_{X|y_1}; W_2)` (chain rule on the second argument via the symmetry of
/// I_α, and the channel X → Y_2 unchanged given Y_1), whose terms are ≤ C_{α_1}(W_1) and
/// C_{α_2}(W_2). At α = ∞: `C_∞(W_1 ⊗ W_2) = diam(W_1) + diam(W_2)` exactly (no level change).
/// The same-level comparison C_α(W⊗W) vs 2C_α(W) at finite α is not decided here.
fn check_30(c: &C30) -> Check {
    let priors = simplex(2, 4);
    let chans = channels(2, 2, 3);
    let mut s = DScan::new();
    for w1 in &chans {
        for w2 in &chans {
            let wt = tensor_same(w1, w2);
            if c.r.is_empty() {
                let lhs = diameter(Order::Inf, &wt);
                let (d1, d2) = (diameter(Order::Inf, w1), diameter(Order::Inf, w2));
                let rhs = match (&d1, &d2) {
                    (Some(a), Some(b)) => Some(a + b),
                    _ => None,
                };
                s.push(
                    Decision::from_bool(eq(&lhs, &rhs)),
                    -1.0,
                    || dv(&lhs),
                    || dv(&rhs),
                    || format!("W1={} W2={}", fmt_rows(w1), fmt_rows(w2)),
                );
                continue;
            }
            for prior in &priors {
                let py1 = output_distribution(prior, w1);
                let (lhs, rhs) = if c.r == [0, 0] {
                    let lhs = mi(Order::One, prior, &wt);
                    let mut t2: Div = Some(LogLinear::zero());
                    for y in 0..py1.len() {
                        if py1[y] > 0u32 {
                            let post = super::basics::posterior(prior, w1, y);
                            let v = mi(Order::One, &post, w2);
                            if le(&v, &t2) == Decision::False {
                                t2 = v;
                            }
                        }
                    }
                    let t1 = mi(Order::One, prior, w1);
                    (lhs, Some(&t1.expect("finite") + &t2.expect("finite")))
                } else {
                    let (r1, r2) = (c.r[0], c.r[1]);
                    let r = Rational::from(1u32)
                        / (Rational::from_unsigneds(1u64, r1) + Rational::from_unsigneds(1u64, r2));
                    let al = u64::try_from(&(Rational::from(1u32) + &r)).expect("integer alpha");
                    let lhs = mi(Order::Int(al), prior, &wt);
                    let t1 = mi(Order::Int(r1 + 1), prior, w1).expect("finite");
                    let mut t2 = LogLinear::zero();
                    for y in 0..py1.len() {
                        if py1[y] > 0u32 {
                            let post = super::basics::posterior(prior, w1, y);
                            let v = mi(Order::Int(r2 + 1), &post, w2).expect("finite");
                            if v > t2 {
                                t2 = v;
                            }
                        }
                    }
                    (lhs, Some(&t1 + &t2))
                };
                s.push(
                    le(&lhs, &rhs),
                    dh(&lhs) - dh(&rhs),
                    || dv(&lhs),
                    || dv(&rhs),
                    || {
                        format!(
                            "P_X={} W1={} W2={}",
                            fmt_vec(prior),
                            fmt_rows(w1),
                            fmt_rows(w2)
                        )
                    },
                );
            }
        }
    }
    s.finish(
        "I_alpha(X;Y1Y2) <= I_(alpha_1)(X;Y1) + max_y1 I_(alpha_2)(P_X|y1; W2)  (alpha = inf: C_inf(W1 x W2) = C_inf(W1) + C_inf(W2))",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

/// Instances of ART-30b: per-row RR levels t_1, t_2 (Y_1 on row 1, Y_2 on row 2).
#[derive(Clone, Debug)]
pub struct D30 {
    pub t1: Rational,
    pub t2: Rational,
}

impl fmt::Display for D30 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Y1 = RR_t1(X1), Y2 = RR_t2(X2), t1={} t2={}",
            self.t1, self.t2
        )
    }
}

fn rr2(t: &Rational) -> Vec<Vec<Rational>> {
    let z = t + Rational::from(1u32);
    vec![
        vec![t / &z, Rational::from(1u32) / &z],
        vec![Rational::from(1u32) / &z, t / &z],
    ]
}

/// The mechanism on 2 binary rows with output `(Y_1, Y_2)`, `Y_i = W_i(x_i)`.
fn disjoint_mech(w1: &[Vec<Rational>], w2: &[Vec<Rational>]) -> DatabaseMechanism {
    let rows = (0..4)
        .map(|x| {
            w1[x / 2]
                .iter()
                .flat_map(|u| w2[x % 2].iter().map(move |v| u * v))
                .collect()
        })
        .collect();
    DatabaseMechanism {
        n: 2,
        m: 2,
        rows,
        name: "disjoint(Y1 on row 1, Y2 on row 2)".into(),
    }
}

/// ART-30b (l.905): disjoint rows ⇒ the combined query is max_i ε_i-private at level min_i α_i
/// (here α_i = ∞ for RR). Semantics (A) (`fixed = false`): ε_i = the A-level of Y_i alone
/// (= ln t_i: Y_i depends on x_i only, so over any joint its ratio is at most that of W_i);
/// the combined level for row 1 is compared with max ε_i through the two-point joint
/// `(1−η)δ_{00} + ηδ_{11}` (η = 2^-20), exactly. Semantics (B) (`fixed = true`): with x_2
/// fixed, the combined row-1 channel is `W_1 ⊗ W_2(x_2)` whose diameter at α ∈ {2, ∞} equals
/// that of W_1, ≤ max_i ε_i.
fn check_30b_with(d: &D30, fixed: bool) -> Check {
    let (w1, w2) = (rr2(&d.t1), rr2(&d.t2));
    let mech = disjoint_mech(&w1, &w2);
    let e1 = diameter(Order::Inf, &w1);
    let e2 = diameter(Order::Inf, &w2);
    let emax = if le(&e1, &e2) == Decision::True {
        e2
    } else {
        e1
    };
    if fixed {
        let mut ok = true;
        for o in [Order::Int(2), Order::Inf] {
            for x2 in 0..2 {
                let ch: Vec<Vec<Rational>> =
                    (0..2).map(|x1| mech.rows[x1 * 2 + x2].clone()).collect();
                ok &= eq(&diameter(o, &ch), &diameter(o, &w1));
                ok &= le(&diameter(o, &ch), &emax) == Decision::True;
            }
        }
        return Check::new(
            "fixed rest: combined row-1 diameter (alpha in {2, inf}) = diameter of W1 <= max_i eps_i",
            dv(&diameter(Order::Inf, &w1)),
            dv(&emax),
            Method::Combined(vec![Method::Exact, Method::LogLinear]),
            outcome(ok),
        );
    }
    let eta = Rational::from_unsigneds(1u64, 1u64 << 20);
    let pd = two_point(4, 3, 0, &eta);
    let combined = mi_row(Order::Inf, &mech, &pd, 0);
    let (up, _, _) = level_a(&mech, 0, &eta);
    Check::new(
        "sup over joint P_D of I_inf(X1; Y1 Y2)  <=  max_i eps_i",
        dv(&combined),
        dv(&emax),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        Outcome::from_decision(le(&combined, &emax)),
    )
    .with_note(format!(
        "P_D = (1-eta) delta_00 + eta delta_11, eta = 2^-20; the combined sup is ln {up} = eps_1 + eps_2 (correlated rows: Y2 reveals X1 through X2)"
    ))
}

fn check_30b(d: &D30) -> Check {
    check_30b_with(d, false)
}

fn check_30b_fixed(d: &D30) -> Check {
    check_30b_with(d, true)
}

/// `dpcert search` beyond [`d30_grid`]: level pairs `(1 + 1/(2+s), 3 + s)` and `(3 + s, 3 + s)`.
fn d30_beyond(s: usize) -> Vec<D30> {
    let big = q(3 + s as i64, 1);
    vec![
        D30 {
            t1: q(1, 1) + q(1, 2 + s as i64),
            t2: big.clone(),
        },
        D30 {
            t1: big.clone(),
            t2: big,
        },
    ]
}

fn d30_grid() -> Vec<D30> {
    let mut v = Vec::new();
    for (a, b) in [
        (q(2, 1), q(2, 1)),
        (q(5, 4), q(5, 4)),
        (q(2, 1), q(4, 1)),
        (q(9, 8), q(10, 1)),
    ] {
        v.push(D30 { t1: a, t2: b });
    }
    v
}

/// ART-30c (l.920): independent pairs tensorise: `I_α(X_1X_2;Y_1Y_2) = I_α(X_1;Y_1) +
/// I_α(X_2;Y_2)`, exactly for α ∈ {1, 2, 3, ∞}.
fn check_30c(o: &super::basics::OrderOnly) -> Check {
    let o = o.0;
    let priors = simplex(2, 3);
    let chans = channels(2, 2, 2);
    let mut a = Agree::new();
    for p1 in &priors {
        for p2 in &priors {
            for w1 in &chans {
                for w2 in &chans {
                    let prior: Vec<Rational> = p1
                        .iter()
                        .flat_map(|a| p2.iter().map(move |b| a * b))
                        .collect();
                    let w: Vec<Vec<Rational>> = w1
                        .iter()
                        .flat_map(|r1| {
                            w2.iter().map(move |r2| {
                                r1.iter()
                                    .flat_map(|u| r2.iter().map(move |v| u * v))
                                    .collect()
                            })
                        })
                        .collect();
                    let lhs = mi(o, &prior, &w);
                    let rhs = match (mi(o, p1, w1), mi(o, p2, w2)) {
                        (Some(a), Some(b)) => Some(&a + &b),
                        _ => None,
                    };
                    a.push_ok(eq(&lhs, &rhs), || {
                        format!(
                            "P1={} W1={} P2={} W2={}",
                            fmt_vec(p1),
                            fmt_rows(w1),
                            fmt_vec(p2),
                            fmt_rows(w2)
                        )
                    });
                }
            }
        }
    }
    a.finish(
        "I_alpha(X1X2;Y1Y2) = I_alpha(X1;Y1) + I_alpha(X2;Y2) for independent pairs",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

/// Instances of ART-21: BSC(p) with uniform input, window δ, block length n.
#[derive(Clone, Debug)]
pub struct T21 {
    pub p: Rational,
    pub delta: Rational,
    pub n: u64,
    /// The corrected window `e^{n(I ± δ)}` instead of the printed `e^{nI ± δ}`.
    pub scaled: bool,
}

impl fmt::Display for T21 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "BSC p={} delta={} n={}{}",
            self.p,
            self.delta,
            self.n,
            if self.scaled { " window n*delta" } else { "" }
        )
    }
}

fn binom(n: u64, k: u64) -> Rational {
    let mut c = Rational::from(1u32);
    for i in 0..k {
        c = c * Rational::from(n - i) / Rational::from(i + 1);
    }
    c
}

/// Whether k flips are in the window: `|k − np|·ln((1−p)/p) ≤ w` (w rational), exactly.
fn in_window(p: &Rational, n: u64, k: u64, w: &Rational) -> bool {
    let one = Rational::from(1u32);
    let dev = Rational::from(k) - Rational::from(n) * p;
    let dev = if dev < 0u32 { -dev } else { dev };
    LogLinear::term(&dev, &((&one - p) / p)).cmp_rational(w) != Ordering::Greater
}

/// ART-21 (l.634–675): the information density of BSC(p) with uniform input is
/// `i = k ln(2p) + (n−k) ln(2(1−p))`, and `i − nI = (np − k) ln((1−p)/p)`. As printed, the
/// typical set is `e^{nI−δ} ≤ P(x,y)/(P(x)P(y)) ≤ e^{nI+δ}`, "with probability ≥ 1−δ for n
/// large": `P(A^n_δ)` is an exact binomial sum compared with `1−δ`. (With the printed window
/// of fixed width 2δ/ln((1−p)/p) < 1 flip for the grid, at most one k qualifies and
/// `P(A) ≤ max_k P(k) → 0`.) The counting step `Σ_{x:(x,y)∈A} P(x) ≤ e^{−nI+δ}` is checked for
/// every y (log-linear), and holds. `scaled` checks the corrected window `e^{n(I±δ)}` at the
/// Chebyshev length `n ≥ p(1−p) ln²((1−p)/p)/δ³` (certified), where `P(A) ≥ 1−δ` is a theorem
/// and the exact sum agrees.
fn check_21(t: &T21) -> Check {
    let one = Rational::from(1u32);
    let w = if t.scaled {
        Rational::from(t.n) * &t.delta
    } else {
        t.delta.clone()
    };
    let mut pa = Rational::from(0u32);
    let mut count = Rational::from(0u32);
    for k in 0..=t.n {
        if in_window(&t.p, t.n, k, &w) {
            let c = binom(t.n, k);
            pa += &c * t.p.clone().pow(k) * (&one - &t.p).pow(t.n - k);
            count += c;
        }
    }
    // Counting: ln(count / 2^n) + n(ln 2 − h(p)) ≤ window (for every y the count is the same).
    let mut counting_ok = true;
    if count > 0u32 {
        let nn = Rational::from(t.n);
        let f = &(&LogLinear::ln(&(&count / Rational::from(2u32).pow(t.n)))
            + &LogLinear::term(&nn, &q(2, 1)))
            - &crate::measure::binary_entropy(&t.p).scale(&nn);
        counting_ok = f.cmp_rational(&w) != Ordering::Greater;
    }
    let target = &one - &t.delta;
    Check::new(
        "P(A^n_delta) >= 1 - delta (exact binomial sum);  sum_{x in A_y} P(x) <= e^{-nI + window}",
        Value::rational(&pa),
        Value::rational(&target),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        outcome(pa >= target && counting_ok),
    )
    .with_note(format!("counting step holds: {counting_ok}"))
}

fn t21_grid() -> Vec<T21> {
    let mut v = Vec::new();
    for delta in [q(1, 10), q(1, 2)] {
        for n in [10u64, 20, 40] {
            v.push(T21 {
                p: q(1, 4),
                delta: delta.clone(),
                n,
                scaled: false,
            });
        }
    }
    v
}

/// The Chebyshev length `⌈p(1−p) ln²((1−p)/p)/δ³⌉` (certified enclosure, rounded up from its
/// upper end; larger n only helps).
fn chebyshev_n(p: &Rational, delta: &Rational) -> u64 {
    let one = Rational::from(1u32);
    let prec = 128;
    let l = Interval::ln_rational(&((&one - p) / p), prec).expect("positive");
    let v = l
        .mul(&l)
        .mul_rational(&(p * (&one - p) / delta.clone().pow(3u64)));
    let hi = v.hi_rational().expect("finite");
    let (num, den) = (hi.numerator_ref().clone(), hi.denominator_ref().clone());
    let c = (num + &den - malachite::Natural::from(1u32)) / den;
    u64::try_from(&c).unwrap_or(u64::MAX)
}

fn t21c_grid() -> Vec<T21> {
    let mut v = Vec::new();
    for (p, delta) in [(q(1, 4), q(1, 2)), (q(1, 4), q(1, 4)), (q(1, 10), q(1, 4))] {
        let n0 = chebyshev_n(&p, &delta);
        for n in [n0, n0 + 1, 2 * n0] {
            v.push(T21 {
                p: p.clone(),
                delta: delta.clone(),
                n,
                scaled: true,
            });
        }
    }
    v
}

/// Readings of ART-34 / ART-35 at a privacy level t.
#[derive(Clone, Debug)]
pub struct Lvl(pub Rational);

impl fmt::Display for Lvl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t={}", self.0)
    }
}

/// ART-34 (l.1017–1024, l.203) under the readings: (i) "max capacity at α = 1 proportional to
/// ε²" for small ε: `ε²/16 ≤ C_1(binary RR_t) ≤ sup C_1 ≤ ε tanh(ε/2) ≤ ε²/2` (the sup bound is
/// CY-13 via CY-3a, decided in `theorems/cuff-yu.toml`; here `tanh(ε/2) ≤ ε/2` log-linear and
/// the RR lower bound by certified intervals); (ii) "could achieve a capacity of ε" and l.203
/// "proportional to ε" at α = ∞: `C_∞(RR_t) = diameter = ln t = ε` exactly (a supremum, ART-12).
fn check_34(l: &Lvl) -> Check {
    let t = &l.0;
    let one = Rational::from(1u32);
    let eps = LogLinear::ln(t);
    let c = (t - &one) / (t + &one);
    let tanh_ok = LogLinear::term(&q(1, 2), t).cmp_rational(&c) != Ordering::Less;
    let rr = rr2(t);
    let br = capacity_bracket_exact(&rr);
    let (d, bits) = refine(
        |prec| {
            let e = eps.enclose(prec);
            e.mul(&e)
                .mul_rational(&q(1, 16))
                .le(&br.lower.enclose(prec))
        },
        &DEFAULT_SCHEDULE,
    );
    let cinf = diameter(Order::Inf, &rr);
    let ok = Decision::from_bool(tanh_ok && eq(&cinf, &Some(eps.clone()))).and(d);
    Check::new(
        "eps^2/16 <= C_1(RR_t) <= eps tanh(eps/2) <= eps^2/2;  C_inf(RR_t) = eps",
        Value::log_linear(&br.lower),
        Value::log_linear(&eps),
        Method::Combined(vec![Method::LogLinear, Method::Interval { bits }]),
        Outcome::from_decision(ok),
    )
}

/// ART-34 read at α = 1: "in theory we could achieve a (Shannon) capacity of ε". Every ε-DP
/// channel has `C_1 ≤ ε tanh(ε/2)` (CY-13 via CY-3a, decided in `theorems/cuff-yu.toml`),
/// and `ε tanh(ε/2) < ε` exactly; the grid's ε-DP 2×2/2×3 channels' certified upper brackets are
/// also below ε.
fn check_34_shannon(l: &Lvl) -> Check {
    let t = &l.0;
    let one = Rational::from(1u32);
    let eps = LogLinear::ln(t);
    let bound = LogLinear::term(&((t - &one) / (t + &one)), t);
    let mut best = LogLinear::zero();
    for (nx, ny, n) in [(2, 2, 6), (2, 3, 4)] {
        for w in channels(nx, ny, n) {
            if let ExtRational::Finite(r) = max_ratio_two_sided(&w[0], &w[1]) {
                if r <= *t {
                    let u = capacity_bracket_exact(&w).upper;
                    if u > best {
                        best = u;
                    }
                }
            }
        }
    }
    let reached = eps <= bound;
    Check::new(
        "some eps-DP channel has C_1 = eps: needs eps <= sup C_1 <= eps tanh(eps/2)",
        Value::log_linear(&bound),
        Value::log_linear(&eps),
        Method::LogLinear,
        outcome(reached),
    )
    .with_note(format!("eps tanh(eps/2) < eps; largest certified C_1 upper bracket over the grid's eps-DP channels: {}", best.to_decimal_string(8)))
}

/// `dpcert search` beyond [`lvl_grid`]: one level closer to 1 and one further out per size.
fn lvl_beyond(s: usize) -> Vec<Lvl> {
    vec![
        Lvl(q(1, 1) + q(1, 8 * (s as i64 + 1))),
        Lvl(q(2 + s as i64, 1)),
    ]
}

fn lvl_grid() -> Vec<Lvl> {
    [q(9, 8), q(5, 4), q(3, 2), q(2, 1)]
        .into_iter()
        .map(Lvl)
        .collect()
}

/// ART-35 (l.1205–1218), reading "1.44 bits = C_∞ at ε = 1": 1 nat = 1/ln 2 bits rounds to 1.44
/// (`1/1.445 < ln 2 ≤ 1/1.435`, log-linear); `C_∞(RR_t) = ln t` exactly for every t of the
/// t-set, so at ε = 1 the α = ∞ capacity is 1 nat; with δ = 0.01 the CY-4 bound
/// `2h(τ) + 2τ ln m`, τ = (e − 1 + 0.02)/(e + 1), grows without bound in m (certified values
/// at m ∈ {2, 16, 256, 65536}; "unbounded rate with probability 1 %" read as: the output
/// alphabet may grow).
fn check_35(_: &Named) -> Check {
    let ln2 = LogLinear::ln(&q(2, 1));
    let digits_ok = ln2.cmp_rational(&q(1000, 1445)) == Ordering::Greater
        && ln2.cmp_rational(&q(1000, 1435)) != Ordering::Greater;
    let mut cinf_ok = true;
    for t in t_set() {
        cinf_ok &= eq(&diameter(Order::Inf, &rr2(&t)), &Some(LogLinear::ln(&t)));
    }
    let prec = 128;
    let e = Interval::exp_rational(&q(1, 1), prec);
    // At eps = 1 itself (t = e, irrational): symbolically, every ratio W(y|a)/W(y|b) of RR_t is
    // identically 1, t or 1/t, and e > 1 is certified, so C_inf(RR_e) = ln e = 1 nat.
    let at_e = rr_ratios_are_t_or_inverse() && e.gt(&Interval::from_i64(1, prec)) == Decision::True;
    let one = Interval::from_i64(1, prec);
    let tau = e
        .sub(&one)
        .add(&Interval::from_rational(&q(2, 100), prec))
        .checked_div(&e.add(&one));
    let mut vals = Vec::new();
    let mut increasing = true;
    let mut prev: Option<Interval> = None;
    if let Some(tau) = tau {
        for m in [2u64, 16, 256, 65536] {
            let hb = tau.binary_entropy();
            let lm = Interval::ln_rational(&Rational::from(m), prec);
            if let (Some(hb), Some(lm)) = (hb, lm) {
                let v = hb
                    .mul_rational(&q(2, 1))
                    .add(&tau.mul(&lm).mul_rational(&q(2, 1)));
                if let Some(p) = &prev {
                    increasing &= p.lt(&v) == Decision::True;
                }
                vals.push(format!("m={m}: {}", v.to_decimal_string(6)));
                prev = Some(v);
            } else {
                increasing = false;
            }
        }
    } else {
        increasing = false;
    }
    Check::new(
        "1/ln 2 in [1.435, 1.445) (1 nat = 1.44 bits) and C_inf(RR_t) = ln t (= 1 nat at eps = 1); CY-4 bound at delta = 0.01 grows with m",
        Value::text("1/ln 2", "1.442695"),
        Value::rational(&q(144, 100)),
        Method::Combined(vec![Method::LogLinear, Method::Interval { bits: prec }]),
        outcome(digits_ok && cinf_ok && at_e && increasing),
    )
    .with_note(format!(
        "C_inf(RR_t) = ln t on the rational t-set: {cinf_ok}; at t = e (eps = 1) symbolically: {at_e}; {}",
        vals.join("; ")
    ))
}

/// The rows of binary randomized response as rational functions of `t`
/// (`t/(1+t)`, `1/(1+t)`): is every ratio `W(y|a)/W(y|b)` identically `1`, `t` or `1/t`? Then
/// its max-divergence diameter is `ln max(t, 1/t)` at every real `t > 0`, irrational included.
fn rr_ratios_are_t_or_inverse() -> bool {
    let t = RatFn::x();
    let one = RatFn::constant(Rational::from(1u32));
    let Some(den) = (&t + &one).recip() else {
        return false;
    };
    let w = [[&t * &den, den.clone()], [den.clone(), &t * &den]];
    let Some(inv) = t.recip() else { return false };
    (0..2).all(|y| {
        (0..2).all(|a| {
            (0..2).all(|b| match w[a][y].checked_div(&w[b][y]) {
                Some(ratio) => [&one, &t, &inv].iter().any(|c| (&ratio - *c).is_zero()),
                None => false,
            })
        })
    })
}

/// ART-35 read as Shannon capacity: some 1-DP channel leaks 1.44 bits per query at α = 1. Every
/// 1-DP channel has `C_1 ≤ tanh(1/2)` nats (CY-13 via CY-3a) = 0.667 bits < 1.44 (certified).
fn check_35_shannon(_: &Named) -> Check {
    let printed = q(144, 100);
    let (d, bits) = refine(
        |prec| match dp_capacity_bound_bits_at_eps_one(prec) {
            Some(iv) => iv.lt(&Interval::from_rational(&printed, prec)),
            None => Decision::Unknown,
        },
        &DEFAULT_SCHEDULE,
    );
    let shown = dp_capacity_bound_bits_at_eps_one(128)
        .map(|iv| iv.to_decimal_string(6))
        .unwrap_or_default();
    Check::new(
        "C_1 of a 1-DP channel <= tanh(1/2)/ln 2 bits  vs  1.44 bits",
        Value::text("tanh(1/2)/ln 2", shown),
        Value::rational(&printed),
        Method::Interval { bits },
        match d {
            Decision::True => Outcome::Fails,
            Decision::False => Outcome::Holds,
            Decision::Unknown => Outcome::Undecided,
        },
    )
}

/// ART-36 (l.1086–1095): `f = (1−δ)g + δh` with g ε-DP ⇒ f is (ε, δ)-DP, with each displayed
/// step checked for every event: (1) `P(f∈E) = (1−δ)P(g∈E) + δP(h∈E)`; (2)
/// `≤ (1−δ)t P(g'∈E) + δP(h∈E)`; (3) `≤ t P(f'∈E) + δ`. g pairs: ε-DP pairs of Δ_3^4 at t;
/// h pairs: all pairs of Δ_3^2.
fn check_36(l: &Lvl) -> Check {
    let t = &l.0;
    let one = Rational::from(1u32);
    let gs: Vec<Vec<Rational>> = simplex(3, 4);
    let hs: Vec<Vec<Rational>> = simplex(3, 2);
    let mut a = Agree::new();
    for delta in [q(1, 10), q(1, 4)] {
        for g in &gs {
            for gp in &gs {
                if !max_ratio_two_sided(g, gp).at_most(t) {
                    continue;
                }
                for h in &hs {
                    for hp in &hs {
                        let f: Vec<Rational> = g
                            .iter()
                            .zip(h)
                            .map(|(x, y)| (&one - &delta) * x + &delta * y)
                            .collect();
                        let fp: Vec<Rational> = gp
                            .iter()
                            .zip(hp)
                            .map(|(x, y)| (&one - &delta) * x + &delta * y)
                            .collect();
                        let mut ok = hockey_stick_two_sided(&f, &fp, t) <= delta;
                        for m in 0..8u64 {
                            let s1 = (&one - &delta) * event_probability(g, m)
                                + &delta * event_probability(h, m);
                            let s2 = (&one - &delta) * t * event_probability(gp, m)
                                + &delta * event_probability(h, m);
                            let s3 = t * event_probability(&fp, m) + &delta;
                            ok &= event_probability(&f, m) == s1 && s1 <= s2 && s2 <= s3;
                        }
                        a.push_ok(ok, || {
                            format!(
                                "delta={delta} g={} g'={} h={} h'={}",
                                fmt_vec(g),
                                fmt_vec(gp),
                                fmt_vec(h),
                                fmt_vec(hp)
                            )
                        });
                    }
                }
            }
        }
    }
    a.finish(
        "mixture (1-delta) g + delta h is (eps,delta)-close, each displayed step per event",
        Method::Exact,
    )
}

/// ART-37 (l.1101): the mean number of tries of a geometric distribution with success
/// probability δ is 1/δ: the partial sums `Σ_{k≤K} k δ(1−δ)^{k−1}` equal
/// `(1 − (1−δ)^K (1 + Kδ))/δ` for K ≤ 60 (exact) and increase to 1/δ (the remainder
/// `(1−δ)^K(1+Kδ)/δ` is positive and → 0).
fn check_37(d: &Lvl) -> Check {
    let delta = &d.0;
    let one = Rational::from(1u32);
    let mut s = Rational::from(0u32);
    let mut ok = true;
    let mut rem_prev: Option<Rational> = None;
    for k in 1..=60u64 {
        s += Rational::from(k) * delta * (&one - delta).pow(k - 1);
        let closed = (&one - (&one - delta).pow(k) * (&one + Rational::from(k) * delta)) / delta;
        ok &= s == closed;
        let rem = &one / delta - &s;
        ok &= rem > 0u32;
        if let Some(p) = &rem_prev {
            ok &= rem < *p;
        }
        rem_prev = Some(rem);
    }
    Check::new(
        "sum_{k<=K} k delta (1-delta)^(k-1) = (1 - (1-delta)^K (1+K delta))/delta -> 1/delta",
        Value::rational(&s),
        Value::rational(&(&one / delta)),
        Method::Exact,
        outcome(ok),
    )
}

/// Instances of the same-level comparison: BSC(p) and order α.
#[derive(Clone, Debug)]
pub struct Same {
    pub p: Rational,
    pub al: u64,
    /// Inputs of `W × W` searched: `Δ_4^denominator`.
    pub denominator: u32,
}

impl fmt::Display for Same {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "BSC p={} alpha={}, inputs of W x W in Delta_4^{}",
            self.p, self.al, self.denominator
        )
    }
}

/// A certified rational upper bound B ≥ sup_{q∈[0,1]} S_α(q) of BSC(p) (so
/// `C_α(BSC) ≤ ln B/(α−1)`): B from a floating hint, certified by Sturm sequences
/// (`B·D(q) − N(q) ≥ 0` on [0, 1]).
fn s_sup_bound(p: &Rational, al: u64) -> Option<Rational> {
    use super::sibson::bsc_s_poly;
    use crate::num::fmt::to_f64;
    use crate::num::sturm::{sign_on, Range, SignOnInterval};
    let (n, d) = bsc_s_poly(p, al);
    let mut hint_max = 0f64;
    for j in 0..=1000u64 {
        let qq = Rational::from_unsigneds(j, 1000);
        let v = to_f64(&(n.eval(&qq) / d.eval(&qq)));
        if v > hint_max {
            hint_max = v;
        }
    }
    let scale = 1u64 << 32;
    let mut b = Rational::from_unsigneds((hint_max * scale as f64).ceil() as u64 + 1, scale);
    for _ in 0..8 {
        let g = &d.scale(&b) - &n;
        if matches!(
            sign_on(
                &g,
                &Range::closed(Rational::from(0u32), Rational::from(1u32))
            ),
            SignOnInterval::Positive
                | SignOnInterval::NonNegative
                | SignOnInterval::IdenticallyZero
        ) {
            return Some(b);
        }
        b *= Rational::from_unsigneds(1001u64, 1000);
    }
    None
}

/// ART-30, "is the level change needed?" (l.910–920): the same-level statement
/// `C_α(W ⊗ W) ≤ 2 C_α(W)` for W = BSC(p). Decided exactly: a certified bound
/// `C_α(W) ≤ ln B/(α−1)` (Sturm) against `I_α(P; W⊗W) = ln S/(α−1)` at rational inputs P of the
/// product channel: `S > B²` refutes the same-level statement. When no grid input exceeds B²
/// the instance is undecided (the sup over the 3-simplex is not certified).
fn check_30_same(c: &Same) -> Check {
    let w = super::basics::bsc(&c.p);
    let ww = tensor_prod(&w, &w);
    let Some(b) = s_sup_bound(&c.p, c.al) else {
        return undecided_because("no certified bound on sup S_alpha");
    };
    let b2 = b.clone().pow(2u64);
    let mut best: Option<(Rational, Vec<Rational>)> = None;
    for prior in simplex(4, c.denominator) {
        let py = output_distribution(&prior, &ww);
        let jt = super::core::joint(&prior, &ww);
        let s = s_alpha(&jt, &super::core::product(&prior, &py), c.al).expect("finite");
        if best.as_ref().is_none_or(|(v, _)| s > *v) {
            best = Some((s, prior));
        }
    }
    let (s, arg) = best.expect("nonempty grid");
    let inv = Rational::from_unsigneds(1, c.al - 1);
    let lower = LogLinear::term(&inv, &s);
    let upper2 = LogLinear::term(&(&inv * Rational::from(2u32)), &b);
    let out = if s > b2 {
        Outcome::Fails
    } else {
        Outcome::Undecided
    };
    Check::new(
        "C_alpha(W x W) >= I_alpha(P*; W x W)  vs  2 C_alpha(W) <= 2 ln B/(alpha-1) (Sturm-certified B)",
        Value::log_linear(&lower),
        Value::log_linear(&upper2),
        Method::Combined(vec![Method::Polynomial, Method::Exact]),
        out,
    )
    .with_note(format!(
        "best grid input P* = {} of W x W; B = {b}; {}",
        fmt_vec(&arg),
        if out == Outcome::Fails {
            "the same-level statement fails: the level change is needed"
        } else {
            "no grid input exceeds 2 C_alpha(W): not decided"
        }
    ))
}

/// Product channel `W_1 ⊗ W_2` on input pairs `(x_1, x_2)` (row-major).
fn tensor_prod(w1: &[Vec<Rational>], w2: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    w1.iter()
        .flat_map(|r1| {
            w2.iter().map(move |r2| {
                r1.iter()
                    .flat_map(|u| r2.iter().map(move |v| u * v))
                    .collect()
            })
        })
        .collect()
}

fn same_grid() -> Vec<Same> {
    let mut v = Vec::new();
    for p in [q(1, 5), q(3, 10), q(1, 10)] {
        for al in [5u64, 3, 2] {
            v.push(Same {
                p: p.clone(),
                al,
                denominator: 12,
            });
        }
    }
    v
}

/// `dpcert search` beyond the grid at size s: crossovers 1/4 and 1/(6+s), orders 4 and 5+s,
/// inputs of `W × W` on the finer grid `Δ_4^{12+2s}`.
fn same_beyond(s: usize) -> Vec<Same> {
    let mut v = Vec::new();
    for p in [q(1, 4), q(1, 6 + s as i64)] {
        for al in [4u64, 5 + s as u64] {
            v.push(Same {
                p: p.clone(),
                al,
                denominator: 12 + 2 * s as u32,
            });
        }
    }
    v
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family { id: "ART-D7", grid: fams_binary, beyond: Some(fams_binary_beyond), check: check_d7 }.boxed(),
        Family { id: "ART-D7-reading-fixed-rest", grid: fams_binary, beyond: Some(fams_binary_beyond), check: check_d7_fixed }.boxed(),
        Family { id: "ART-29", grid: g29_grid, beyond: None, check: check_29 }.boxed(),
        Family {
            id: "ART-30",
            grid: || vec![C30 { r: vec![0, 0] }, C30 { r: vec![2, 2] }, C30 { r: vec![4, 4] }, C30 { r: vec![] }],
            beyond: None,
            check: check_30,
        }
        .boxed(),
        Family { id: "ART-30-same-level", grid: same_grid, beyond: Some(same_beyond), check: check_30_same }.boxed(),
        Family { id: "ART-30b", grid: d30_grid, beyond: Some(d30_beyond), check: check_30b }.boxed(),
        Family { id: "ART-30b-reading-fixed-rest", grid: d30_grid, beyond: Some(d30_beyond), check: check_30b_fixed }.boxed(),
        Family {
            id: "ART-30c",
            grid: || ORDERS.into_iter().map(super::basics::OrderOnly).collect(),
            beyond: None,
            check: check_30c,
        }
        .boxed(),
        Family { id: "ART-31", grid: chain_grid, beyond: Some(chain_beyond), check: check_31 }.boxed(),
        Family { id: "ART-32", grid: cond_grid, beyond: Some(cond_beyond), check: check_32 }.boxed(),
        Family { id: "ART-21", grid: t21_grid, beyond: Some(|s| vec![T21 { p: q(1, 4), delta: q(1, 10), n: 40 * s as u64 + 40, scaled: false }]), check: check_21 }.boxed(),
        Family { id: "ART-21-corrected", grid: t21c_grid, beyond: None, check: check_21 }.boxed(),
        Family {
            id: "ART-33",
            grid: || vec![Named("coding narrative")],
            beyond: None,
            check: |_| crate::claim::not_checkable("qualitative coding narrative ('to fix a broken wifi'); its quantitative parts are ART-22 and ART-34, and the sentence 'Because of composability, ... R nats of data from n rows ... using one query' does not say whether composability or group privacy is invoked"),
        }
        .boxed(),
        Family { id: "ART-34", grid: lvl_grid, beyond: Some(lvl_beyond), check: check_34 }.boxed(),
        Family { id: "ART-34-reading-shannon", grid: lvl_grid, beyond: Some(lvl_beyond), check: check_34_shannon }.boxed(),
        Family { id: "ART-35", grid: || vec![Named("eps = 1, delta = 0.01")], beyond: None, check: check_35 }.boxed(),
        Family { id: "ART-35-reading-shannon", grid: || vec![Named("eps = 1")], beyond: None, check: check_35_shannon }.boxed(),
        Family { id: "ART-36", grid: || vec![Lvl(q(2, 1)), Lvl(q(5, 4))], beyond: Some(|s| t_set().into_iter().skip(s - 1).take(1).map(Lvl).collect()), check: check_36 }.boxed(),
        Family { id: "ART-37", grid: || vec![Lvl(q(1, 100)), Lvl(q(1, 10)), Lvl(q(1, 2))], beyond: None, check: check_37 }.boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mechanism::database::product_randomized_response;

    /// Product RR on two rows: the two-point joint reveals row 1 through row 2 (level t^2).
    #[test]
    fn correlated_rows_reach_the_group_level() {
        let t = q(2, 1);
        let mech = product_randomized_response(2, 2, &t);
        let (up, wit, _) = level_a(&mech, 0, &Rational::from_unsigneds(1u64, 1u64 << 20));
        assert_eq!(up, ExtRational::Finite(q(4, 1)));
        assert_eq!(le(&wit, &Some(LogLinear::ln(&t))), Decision::False);
    }

    /// ART-35 at t = e rests on the symbolic ratios of RR_t, evaluated here at rational t too:
    /// the symbolic max ratio agrees with the exact diameter on the t-set.
    #[test]
    fn rr_ratios_symbolic_and_exact_agree() {
        assert!(rr_ratios_are_t_or_inverse());
        for t in t_set() {
            assert!(eq(
                &diameter(Order::Inf, &rr2(&t)),
                &Some(LogLinear::ln(&t))
            ));
        }
    }

    /// The chain rule at α = 1 is an identity on a literal joint (copy of row 1).
    #[test]
    fn chain_rule_identity_on_copy() {
        let c = ChainCell {
            n: 2,
            ny: 2,
            r: vec![0, 0],
            count: 0,
            seed: 0,
        };
        let j = joints(&c).pop().unwrap();
        assert!((&j.cond_kl(0, true) - &LogLinear::ln(&q(2, 1))).is_zero());
        assert!(j.cond_kl(1, false).is_zero());
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    /// The Sturm-certified bound dominates `S_α(q)` at every rational input of a fine grid.
    #[test]
    fn sup_bound_dominates() {
        for (p, al) in [(q(1, 5), 5u64), (q(1, 10), 3)] {
            let b = s_sup_bound(&p, al).unwrap();
            let (n, d) = super::super::sibson::bsc_s_poly(&p, al);
            for j in 0..=64u64 {
                let qq = Rational::from_unsigneds(j, 64);
                assert!(n.eval(&qq) / d.eval(&qq) <= b);
            }
        }
    }

    /// `round_dist` sums to one exactly and keeps zero weights at zero.
    #[test]
    fn round_dist_is_a_distribution() {
        let v = super::super::core::round_dist(&[0.3, 0.0, 0.7000001], 1 << 20);
        assert_eq!(v.iter().cloned().sum::<Rational>(), Rational::from(1u32));
        assert_eq!(v[1], Rational::from(0u32));
    }
}
