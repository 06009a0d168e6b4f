//! Divergence and information bounds of the Cuff–Yu slides "Simple Claim", "Tightest
//! Claim", "Pinsker", "Relative entropy to Mutual Information", "Mutual Information to Total
//! Variation" and "Finite Alphabet" (CY-12, CY-13, CY-14, CY-15, CY-15b, CY-16, CY-17,
//! CY-17a, CY-17b). All information quantities in nats.
//!
//! Method per comparison: KL, entropies, mutual information and `h(δ)` with rational δ are
//! exact log-linear forms; a comparison of two such forms, or of a form with a rational,
//! is decided exactly (`LogLinear` sign). Capacities are bracketed (CB) and the bracket end
//! that decides is named in the report.

use crate::claim::instances::{
    default_pair_cells, fmt_pair, pair_cells_beyond, simplex_pairs, PairCell,
};
use crate::claim::instances::{fmt_rows, r, simplex, t_set, SplitMix};
use crate::claim::scan::DScan;
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::mi_dp_bound_from_tv;
use crate::measure::{binary_entropy, capacity_bracket_exact, mutual_information_of_rows};
use crate::measure::{entropy, kl, max_ratio_two_sided, tv};
use crate::num::loglin::LogLinear;
use crate::num::poly::Poly;
use crate::num::{Decision, Rational};
use std::cmp::Ordering;
use std::fmt;

/// The CY-13 factor `(t−1)(1−1/t)/((t−1)+(1−1/t))`, computed as printed.
pub fn cy13_factor(t: &Rational) -> Rational {
    let one = r(1, 1);
    let a = t - &one;
    let b = &one - &one / t;
    (&a * &b) / (&a + &b)
}

/// Instances of CY-12 / CY-13: the symbolic simplification, a grid cell, or the RR pair.
#[derive(Clone, Debug)]
pub enum KlInst {
    Simplify,
    Cell(PairCell),
    Attain(Rational),
}

impl fmt::Display for KlInst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KlInst::Simplify => f.write_str("factor simplification as rational functions of t"),
            KlInst::Cell(c) => write!(f, "{c}"),
            KlInst::Attain(t) => write!(f, "randomized-response pair t={t}"),
        }
    }
}

fn kl_grid() -> Vec<KlInst> {
    let mut v = vec![KlInst::Simplify];
    v.extend(default_pair_cells().into_iter().map(KlInst::Cell));
    v.extend(t_set().into_iter().map(KlInst::Attain));
    v
}

fn kl_beyond(s: usize) -> Vec<KlInst> {
    pair_cells_beyond(s).into_iter().map(KlInst::Cell).collect()
}

/// Both KL directions of every (ε,0)-close pair of the cell (two-sided ratio `t_P ≤ t`)
/// against the bound `c(t_P)·ln t_P` at the pair's *own* level `ε_P = ln t_P`, the smallest ε
/// at which the pair is (ε,0)-close: the statement's strongest instance for that pair (the
/// bound `c(t) ln t` is increasing in t, so the cell's t is implied).
fn kl_cell(cell: &PairCell, coef: fn(&Rational) -> Rational, label: &str) -> Check {
    let t = &cell.t;
    let mut s = DScan::new();
    for (p, q) in simplex_pairs(cell) {
        let crate::measure::ExtRational::Finite(own) = max_ratio_two_sided(&p, &q) else {
            continue;
        };
        // t_P = 1 means P = Q: D = 0 = the bound (the printed factor is 0/0 there); skipped so
        // the closest comparison reported is a pair with something to compare.
        if own > *t || own == 1u32 {
            continue;
        }
        let bound = LogLinear::term(&coef(&own), &own);
        for (a, b, dir) in [(&p, &q, "D(P||Q)"), (&q, &p, "D(Q||P)")] {
            let d = kl(a, b).expect("(eps,0)-close pairs have equal supports");
            s.push(
                LogLinear::decide_le(&d, &bound),
                LogLinear::approx_f64(&d) - LogLinear::approx_f64(&bound),
                || Value::log_linear(&d),
                || Value::log_linear(&bound),
                || format!("{} {dir} at its own ratio t_P = {own}", fmt_pair(&p, &q)),
            );
        }
    }
    s.finish(
        format!("D(P||Q), D(Q||P) over (eps,0)-close pairs P != Q  <=  {label}, with t = the pair's own max ratio t_P"),
        Method::LogLinear,
    )
}

/// CY-12 ("Simple Claim"): `P ≈(ε,0) Q ⇒ D(P‖Q), D(Q‖P) ≤ ε` nats.
fn check_12(cell: &PairCell) -> Check {
    kl_cell(cell, |_| r(1, 1), "eps = ln t")
}

/// CY-13 ("Tightest Claim"): `P ≈(ε,0) Q ⇒ D ≤ ε·(e^ε−1)(1−e^{−ε})/((e^ε−1)+(1−e^{−ε}))`.
/// The factor is first simplified exactly to `(t−1)/(t+1) = tanh(ε/2)` (a polynomial identity
/// after clearing denominators); validity is LL-exact on grid pairs; tightness: the RR pair
/// `(t/(1+t), 1/(1+t))`, `(1/(1+t), t/(1+t))` attains the bound with equality.
fn check_13(inst: &KlInst) -> Check {
    match inst {
        KlInst::Simplify => {
            // Multiply numerator and denominator of the printed factor by t:
            // N(t) = (t−1)(t−1), D(t) = (t−1)t + (t−1); claim N/D = (t−1)/(t+1),
            // i.e. N(t)(t+1) − D(t)(t−1) ≡ 0.
            let tm1 = Poly::from_ints(&[-1, 1]);
            let tp1 = Poly::from_ints(&[1, 1]);
            let t = Poly::x();
            let num = &tm1 * &tm1;
            let den = &(&tm1 * &t) + &tm1;
            let diff = &(&num * &tp1) - &(&den * &tm1);
            Check::new(
                "(t-1)(1-1/t)/((t-1)+(1-1/t)) = (t-1)/(t+1): N(t)(t+1) - D(t)(t-1) is the zero polynomial",
                Value::text(diff.to_string_var("t"), ""),
                Value::text("0", "0"),
                Method::Polynomial,
                if diff.is_zero() {
                    Outcome::Holds
                } else {
                    Outcome::Fails
                },
            )
            .with_note(format!(
                "N(t) = {}, D(t) = {}; the bound is eps tanh(eps/2)",
                num.to_string_var("t"),
                den.to_string_var("t")
            ))
        }
        KlInst::Cell(cell) => kl_cell(cell, cy13_factor, "(t-1)(1-1/t)/((t-1)+(1-1/t)) ln t"),
        KlInst::Attain(t) => {
            let one = r(1, 1);
            let z = t + &one;
            let p = vec![t / &z, &one / &z];
            let q = vec![&one / &z, t / &z];
            let d = kl(&p, &q).expect("full support");
            let bound = LogLinear::term(&cy13_factor(t), t);
            Check::new(
                "D(RR_t(0) || RR_t(1))  =  factor(t) ln t",
                Value::log_linear(&d),
                Value::log_linear(&bound),
                Method::LogLinear,
                if d == bound {
                    Outcome::Holds
                } else {
                    Outcome::Fails
                },
            )
            .with_note(format!("witness {}", fmt_pair(&p, &q)))
        }
    }
}

/// CY-12 instances: the grid cells (no simplification or attainment needed).
fn check_12_inst(inst: &KlInst) -> Check {
    match inst {
        KlInst::Cell(c) => check_12(c),
        _ => Check::new(
            "not part of CY-12",
            Value::text("-", ""),
            Value::text("-", ""),
            Method::Exact,
            Outcome::Holds,
        ),
    }
}

fn kl12_grid() -> Vec<KlInst> {
    default_pair_cells().into_iter().map(KlInst::Cell).collect()
}

/// CY-14 (Pinsker): `TV ≤ √(D/2)` for every pair with finite D, as `2·TV² ≤ D(P‖Q)`
/// (TV half-L1, D in nats): a log-linear form against a rational, decided exactly.
fn check_14(cell: &PairCell) -> Check {
    let mut s = DScan::new();
    for (p, q) in simplex_pairs(cell) {
        let Some(d) = kl(&p, &q) else { continue };
        let d_tv = tv(&p, &q);
        let lhs = r(2, 1) * &d_tv * &d_tv;
        let ok = d.cmp_rational(&lhs) != Ordering::Less;
        s.push(
            Decision::from_bool(ok),
            crate::num::fmt::to_f64(&lhs) - LogLinear::approx_f64(&d),
            || Value::rational(&lhs),
            || Value::log_linear(&d),
            || fmt_pair(&p, &q),
        );
    }
    s.finish("2 TV(P,Q)^2  <=  D(P||Q)", Method::LogLinear)
}

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

/// CY-15: if `D(W_{x1}‖W_{x2}) ≤ ε` for all x1, x2 then `I(X;Y) ≤ ε` for every P_X, with
/// ε := the largest pairwise D. Also reported: the intermediate
/// `Σ P(x)P(x') D(W_x‖W_x')`, which is ≥ I (convexity) and ≤ ε.
fn check_15(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    let mut convex_ok = true;
    for w in cell.build() {
        let mut eps: Option<LogLinear> = Some(LogLinear::zero());
        for a in &w {
            for b in &w {
                eps = match (eps, kl(a, b)) {
                    (Some(e), Some(d)) => Some(if d > e { d } else { e }),
                    _ => None,
                };
            }
        }
        // Infinite ε: the hypothesis holds for no finite ε.
        let Some(eps) = eps else { continue };
        for prior in simplex(w.len(), 4) {
            let i = mutual_information_of_rows(&prior, &w);
            let mut avg = LogLinear::zero();
            for (pa, a) in prior.iter().zip(&w) {
                for (pb, b) in prior.iter().zip(&w) {
                    let d = kl(a, b).expect("finite");
                    avg = &avg + &d.scale(&(pa * pb));
                }
            }
            if LogLinear::decide_le(&i, &avg) != Decision::True
                || LogLinear::decide_le(&avg, &eps) != Decision::True
            {
                convex_ok = false;
            }
            s.push(
                LogLinear::decide_le(&i, &eps),
                LogLinear::approx_f64(&i) - LogLinear::approx_f64(&eps),
                || Value::log_linear(&i),
                || Value::log_linear(&eps),
                || {
                    format!(
                        "W={} prior={}",
                        fmt_rows(&w),
                        crate::claim::instances::fmt_vec(&prior)
                    )
                },
            );
        }
    }
    let mut c = s.finish(
        "I(P_X; W)  <=  eps = max_{x1,x2} D(W_x1 || W_x2)",
        Method::LogLinear,
    );
    c.note = format!(
        "{}; intermediate I <= sum P(x)P(x') D(W_x||W_x') <= eps on every instance: {convex_ok}",
        c.note
    );
    if !convex_ok && c.outcome == Outcome::Holds {
        c.note = format!("{} (the intermediate chain is not a claim)", c.note);
    }
    c
}

/// CY-15b (the hint "radius of information ball"): `C_1(W) ≤ min_{x2} max_{x1} D(W_x1‖W_x2)`.
/// Decided with the CB bracket: holds when the certified upper bound `max_x D(W_x‖πW)` is at
/// most the right side, fails when the certified lower bound `I(π;W)` exceeds it.
fn check_15b(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    for w in cell.build() {
        let mut rhs: Option<LogLinear> = None;
        for b in &w {
            let mut worst: Option<LogLinear> = Some(LogLinear::zero());
            for a in &w {
                worst = match (worst, kl(a, b)) {
                    (Some(e), Some(d)) => Some(if d > e { d } else { e }),
                    _ => None,
                };
            }
            if let Some(x) = worst {
                rhs = Some(match rhs {
                    Some(y) if y <= x => y,
                    _ => x,
                });
            }
        }
        let Some(rhs) = rhs else { continue };
        let br = capacity_bracket_exact(&w);
        // Holds when the Blahut–Arimoto radius bound is already below the right side; the
        // right side is itself the radius bound at Q = W_x2 (Gallager/Csiszár), so the only
        // way to fail is a certified lower bound above it.
        let (d, how) = if LogLinear::decide_le(&br.upper, &rhs) == Decision::True {
            (Decision::True, "upper bound at Q = pi W")
        } else if LogLinear::decide_le(&br.lower, &rhs) == Decision::False {
            (
                Decision::False,
                "lower bound I(pi; W) exceeds the right side",
            )
        } else {
            (
                Decision::True,
                "radius bound at Q = W_x2 (the optimal output is a row)",
            )
        };
        s.push(
            d,
            LogLinear::approx_f64(&br.lower) - LogLinear::approx_f64(&rhs),
            || Value::log_linear(&br.lower),
            || Value::log_linear(&rhs),
            || format!("W={} ({how}; upper bound {})", fmt_rows(&w), br.upper),
        );
    }
    s.finish(
        "C_1(W) (certified lower bound shown)  <=  min_x2 max_x1 D(W_x1||W_x2)",
        Method::LogLinear,
    )
}

/// `g(d) = ln 2 − h((1−d)/2)`: the capacity of the binary symmetric channel whose rows are at
/// total variation d (CY-16's bound, in monotone form).
pub fn bsc_capacity_at_tv(d: &Rational) -> LogLinear {
    &LogLinear::ln(&r(2, 1)) - &binary_entropy(&((r(1, 1) - d) / r(2, 1)))
}

/// Jensen–Shannon divergence `½D(P‖M) + ½D(Q‖M)`, `M = (P+Q)/2` — the mutual information of
/// the two-row channel (P; Q) at the uniform prior.
pub fn jensen_shannon(p: &[Rational], q: &[Rational]) -> LogLinear {
    mutual_information_of_rows(&[r(1, 2), r(1, 2)], &[p.to_vec(), q.to_vec()])
}

/// Instances of CY-16.
#[derive(Clone, Debug)]
pub enum Cy16 {
    /// JS(P,Q) ≥ g(TV(P,Q)) on all pairs of a simplex (this certifies the claim for every
    /// channel whose rows come from the cell, since C_1 ≥ JS of any two rows).
    Js { k: usize, n: u32 },
    /// BSC with crossover (1−d)/2: C_1 = g(d) exactly, so the bound is attained.
    Tight(Rational),
    /// `g(d) ≥ d²/2` at d = j/n (the `≤ √(2ε)` part), for j = 0..n.
    Sqrt(u32),
}

impl fmt::Display for Cy16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy16::Js { k, n } => write!(f, "JS lemma on pairs of simplex k={k} N={n}"),
            Cy16::Tight(d) => write!(f, "BSC attaining d={d}"),
            Cy16::Sqrt(n) => write!(f, "sqrt bound at d = j/{n}"),
        }
    }
}

fn cy16_grid() -> Vec<Cy16> {
    let mut v = vec![
        Cy16::Js { k: 2, n: 12 },
        Cy16::Js { k: 3, n: 6 },
        Cy16::Js { k: 4, n: 4 },
        Cy16::Js { k: 5, n: 3 },
        Cy16::Js { k: 6, n: 2 },
    ];
    for d in [r(1, 10), r(1, 4), r(1, 2), r(3, 4), r(9, 10)] {
        v.push(Cy16::Tight(d));
    }
    v.push(Cy16::Sqrt(64));
    v
}

fn cy16_beyond(s: usize) -> Vec<Cy16> {
    vec![
        Cy16::Js {
            k: 3,
            n: 6 + s as u32,
        },
        Cy16::Js {
            k: 4,
            n: 4 + s as u32,
        },
        Cy16::Sqrt(64 * (s as u32 + 1)),
    ]
}

/// CY-16 ("Mutual Information to Total Variation"): `max_{P_X} I ≤ ε ⇒ TV(W_x1, W_x2) ≤ δ' =
/// 1 − 2h^{-1}(ln 2 − ε) ≤ √(2ε)`, nats, TV half-L1, with δ' = 1 for ε ≥ ln 2. No h^{-1}:
/// for d = TV of two rows, `d ≤ δ'(ε)` ⇔ `g(d) ≤ ε` (h increasing on [0, ½]), and
/// `C_1 ≥ JS(W_x1, W_x2) ≥ g(d)` is certified per pair, LL-exact.
fn check_16(inst: &Cy16) -> Check {
    match inst {
        Cy16::Js { k, n } => {
            let pts = simplex(*k, *n);
            let mut s = DScan::new();
            for (i, p) in pts.iter().enumerate() {
                for q in &pts[i..] {
                    let j = jensen_shannon(p, q);
                    let gd = bsc_capacity_at_tv(&tv(p, q));
                    s.push(
                        LogLinear::decide_le(&gd, &j),
                        LogLinear::approx_f64(&gd) - LogLinear::approx_f64(&j),
                        || Value::log_linear(&gd),
                        || Value::log_linear(&j),
                        || fmt_pair(p, q),
                    );
                }
            }
            s.finish(
                "g(TV) = ln 2 - h((1-TV)/2)  <=  JS(P,Q) = I(uniform; (P;Q)) <= C_1",
                Method::LogLinear,
            )
        }
        Cy16::Tight(d) => {
            let one = r(1, 1);
            let p = (&one - d) / r(2, 1);
            let w = vec![vec![&one - &p, p.clone()], vec![p.clone(), &one - &p]];
            let br = capacity_bracket_exact(&w);
            let gd = bsc_capacity_at_tv(d);
            let ok = br.lower == gd && br.upper == gd && tv(&w[0], &w[1]) == *d;
            Check::new(
                "BSC((1-d)/2): capacity bracket [lower, upper] = g(d) exactly and TV = d",
                Value::log_linear(&br.upper),
                Value::log_linear(&gd),
                Method::LogLinear,
                if ok { Outcome::Holds } else { Outcome::Fails },
            )
            .with_note(format!(
                "W={}; lower = I(uniform) = {}, upper = max_x D(W_x||P_Y) = {}; with eps = C_1 the rows are at TV exactly delta'",
                fmt_rows(&w),
                br.lower,
                br.upper
            ))
        }
        Cy16::Sqrt(n) => {
            let mut s = DScan::new();
            for j in 0..=*n {
                let d = r(j as i64, *n as i64);
                let gd = bsc_capacity_at_tv(&d);
                let half_sq = &d * &d / r(2, 1);
                let ok = gd.cmp_rational(&half_sq) != Ordering::Less;
                s.push(
                    Decision::from_bool(ok),
                    crate::num::fmt::to_f64(&half_sq) - LogLinear::approx_f64(&gd),
                    || Value::rational(&half_sq),
                    || Value::log_linear(&gd),
                    || format!("d={d}"),
                );
            }
            let mut c = s.finish(
                "d^2/2  <=  g(d) = ln 2 - h((1-d)/2)  (equivalent to delta'(eps) <= sqrt(2 eps) at eps = g(d))",
                Method::LogLinear,
            );
            c.note = format!(
                "{}; grid evidence at rational d only (no continuity argument is mechanised)",
                c.note
            );
            c
        }
    }
}

/// Structured channel families for CY-17 / CY-4.
#[derive(Clone, Debug)]
pub enum Cy17Inst {
    Cell(ChanCell),
    /// k-ary symmetric channel `(1−δ)U + δ e_x`.
    Symmetric {
        k: usize,
        delta: Rational,
    },
    /// k-ary erasure: `Y = X` w.p. δ, else ⊥.
    Erasure {
        k: usize,
        delta: Rational,
    },
}

impl fmt::Display for Cy17Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy17Inst::Cell(c) => write!(f, "{c}"),
            Cy17Inst::Symmetric { k, delta } => write!(f, "{k}-ary symmetric delta={delta}"),
            Cy17Inst::Erasure { k, delta } => write!(f, "{k}-ary erasure delta={delta}"),
        }
    }
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

impl Cy17Inst {
    fn build(&self) -> Vec<Vec<Vec<Rational>>> {
        match self {
            Cy17Inst::Cell(c) => c.build(),
            Cy17Inst::Symmetric { k, delta } => vec![symmetric_channel(*k, delta)],
            Cy17Inst::Erasure { k, delta } => vec![erasure_channel(*k, delta)],
        }
    }
}

fn cy17_grid() -> Vec<Cy17Inst> {
    let mut v = vec![
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 2,
            n: 8,
        }),
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 3,
            n: 5,
        }),
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 4,
            n: 3,
        }),
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 3,
            k: 3,
            n: 2,
        }),
        Cy17Inst::Cell(ChanCell::Random {
            rows: 3,
            k: 4,
            n: 8,
            count: 30,
            seed: 17,
        }),
        Cy17Inst::Cell(ChanCell::Random {
            rows: 4,
            k: 5,
            n: 10,
            count: 20,
            seed: 18,
        }),
    ];
    for k in [2, 3, 5] {
        for delta in [r(1, 100), r(1, 10), r(1, 2), r(9, 10), r(1, 1)] {
            v.push(Cy17Inst::Symmetric {
                k,
                delta: delta.clone(),
            });
            v.push(Cy17Inst::Erasure { k, delta });
        }
    }
    v
}

fn cy17_beyond(s: usize) -> Vec<Cy17Inst> {
    vec![
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 3,
            n: 5 + s as u32,
        }),
        Cy17Inst::Cell(ChanCell::Random {
            rows: 3,
            k: 4,
            n: 12,
            count: 100,
            seed: 1700 + s as u64,
        }),
    ]
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

/// CY-17 ("Finite Alphabet"): `TV(W_x1, W_x2) ≤ δ ∀x1,x2 ⇒ I(X;Y) ≤ 2h(δ) + 2δ ln m`,
/// `m = min{|Y|, |X| + 1}` (reading: |X_i| is the channel's input alphabet). Checked for
/// δ = the largest pairwise TV (the tightest hypothesis) and δ = 1 (the bound is not monotone
/// in δ; on [δ_max, 1] its minimum is at one of these ends), via the CB upper bound.
fn check_17(inst: &Cy17Inst) -> Check {
    let mut s = DScan::new();
    for w in inst.build() {
        let m = w[0].len().min(w.len() + 1);
        let dmax = max_tv(&w);
        let br = capacity_bracket_exact(&w);
        for delta in [dmax.clone(), r(1, 1)] {
            let bound = mi_dp_bound_from_tv(&delta, m);
            let d = if LogLinear::decide_le(&br.upper, &bound) == Decision::True {
                Decision::True
            } else if LogLinear::decide_le(&br.lower, &bound) == Decision::False {
                Decision::False
            } else {
                Decision::Unknown
            };
            s.push(
                d,
                LogLinear::approx_f64(&br.upper) - LogLinear::approx_f64(&bound),
                || Value::log_linear(&br.upper),
                || Value::log_linear(&bound),
                || format!("W={} delta={delta} m={m}", fmt_rows(&w)),
            );
        }
    }
    s.finish(
        "capacity upper bound max_x D(W_x||pi W)  <=  2h(delta) + 2 delta ln m",
        Method::LogLinear,
    )
}

/// Instances of CY-17a: a simplex cell, or the attaining pair.
#[derive(Clone, Debug)]
pub enum FaInst {
    Cell { k: usize, n: u32 },
    Attain { k: usize, d: Rational },
}

impl fmt::Display for FaInst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaInst::Cell { k, n } => write!(f, "pairs of simplex k={k} N={n}"),
            FaInst::Attain { k, d } => write!(f, "attaining pair k={k} d={d}"),
        }
    }
}

fn fa_rhs(d: &Rational, k: usize) -> LogLinear {
    &LogLinear::term(d, &Rational::from(k as u64 - 1)) + &binary_entropy(d)
}

/// CY-17a (Fannes–Audenaert, classical): `|H(P) − H(Q)| ≤ d ln(|Ω|−1) + h(d)` for
/// `d = TV(P,Q) ≤ 1 − 1/|Ω|`; attained by `P = e_1`, `Q = (1−d, d/(k−1), ..., d/(k−1))`.
fn check_17a(inst: &FaInst) -> Check {
    match inst {
        FaInst::Cell { k, n } => {
            let pts = simplex(*k, *n);
            let cap = r(1, 1) - r(1, *k as i64);
            let mut s = DScan::new();
            for (i, p) in pts.iter().enumerate() {
                for q in &pts[i..] {
                    let d = tv(p, q);
                    if d > cap {
                        continue;
                    }
                    let rhs = fa_rhs(&d, *k);
                    let diff = &entropy(p) - &entropy(q);
                    let abs = if diff.signum() == Ordering::Less {
                        -diff
                    } else {
                        diff
                    };
                    s.push(
                        LogLinear::decide_le(&abs, &rhs),
                        LogLinear::approx_f64(&abs) - LogLinear::approx_f64(&rhs),
                        || Value::log_linear(&abs),
                        || Value::log_linear(&rhs),
                        || fmt_pair(p, q),
                    );
                }
            }
            s.finish("|H(P) - H(Q)|  <=  d ln(k-1) + h(d)", Method::LogLinear)
        }
        FaInst::Attain { k, d } => {
            let mut p = vec![r(0, 1); *k];
            p[0] = r(1, 1);
            let mut q = vec![d / Rational::from(*k as u64 - 1); *k];
            q[0] = r(1, 1) - d;
            let lhs = &entropy(&q) - &entropy(&p);
            let rhs = fa_rhs(d, *k);
            Check::new(
                "H(Q) - H(P) for P = e_1, Q = (1-d, d/(k-1), ...)  =  d ln(k-1) + h(d)",
                Value::log_linear(&lhs),
                Value::log_linear(&rhs),
                Method::LogLinear,
                if lhs == rhs && tv(&p, &q) == *d {
                    Outcome::Holds
                } else {
                    Outcome::Fails
                },
            )
            .with_note(format!("witness {}", fmt_pair(&p, &q)))
        }
    }
}

fn fa_grid() -> Vec<FaInst> {
    vec![
        FaInst::Cell { k: 2, n: 12 },
        FaInst::Cell { k: 3, n: 6 },
        FaInst::Cell { k: 4, n: 4 },
        FaInst::Cell { k: 5, n: 3 },
        FaInst::Attain { k: 3, d: r(1, 3) },
        FaInst::Attain { k: 4, d: r(1, 2) },
        FaInst::Attain { k: 5, d: r(4, 5) },
    ]
}

/// `(1+d) h(d/(1+d))`.
fn afw_term(d: &Rational) -> LogLinear {
    let one = r(1, 1);
    binary_entropy(&(d / (&one + d))).scale(&(&one + d))
}

/// A cell of CY-17b: all pairs of joints on `|X| × |Y|` with entries in `ℕ/N`.
#[derive(Clone, Debug)]
pub struct AfwCell {
    pub nx: usize,
    pub ny: usize,
    pub n: u32,
}

impl fmt::Display for AfwCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "joints |X|={} |Y|={} N={}", self.nx, self.ny, self.n)
    }
}

fn afw(nx: usize, ny: usize, n: u32) -> AfwCell {
    AfwCell { nx, ny, n }
}

/// CY-17b (Alicki–Fannes–Winter, classical): for joints P, Q on X×Y with d = TV(P,Q):
/// `|H(X|Y)_P − H(X|Y)_Q| ≤ 2d ln|X| + (1+d) h(d/(1+d))`.
fn check_17b(inst: &AfwCell) -> Check {
    let (nx, ny, n) = (inst.nx, inst.ny, inst.n);
    let pts = simplex(nx * ny, n);
    let cond = |p: &[Rational]| -> LogLinear {
        // joint index x*ny + y; H(X|Y) = H(X,Y) − H(Y).
        let py: Vec<Rational> = (0..ny)
            .map(|y| (0..nx).map(|x| p[x * ny + y].clone()).sum())
            .collect();
        &entropy(p) - &entropy(&py)
    };
    let conds: Vec<LogLinear> = pts.iter().map(|p| cond(p)).collect();
    let mut s = DScan::new();
    for (i, p) in pts.iter().enumerate() {
        for (j, q) in pts.iter().enumerate().skip(i) {
            let d = tv(p, q);
            let rhs = &LogLinear::term(&(r(2, 1) * &d), &Rational::from(nx as u64)) + &afw_term(&d);
            let diff = &conds[i] - &conds[j];
            let abs = if diff.signum() == Ordering::Less {
                -diff
            } else {
                diff
            };
            s.push(
                LogLinear::decide_le(&abs, &rhs),
                LogLinear::approx_f64(&abs) - LogLinear::approx_f64(&rhs),
                || Value::log_linear(&abs),
                || Value::log_linear(&rhs),
                || format!("joints (x-major) {}", fmt_pair(p, q)),
            );
        }
    }
    s.finish(
        "|H(X|Y)_P - H(X|Y)_Q|  <=  2d ln|X| + (1+d) h(d/(1+d))",
        Method::LogLinear,
    )
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-12",
            grid: kl12_grid,
            beyond: Some(kl_beyond),
            check: check_12_inst,
        }
        .boxed(),
        Family {
            id: "CY-13",
            grid: kl_grid,
            beyond: Some(kl_beyond),
            check: check_13,
        }
        .boxed(),
        Family {
            id: "CY-14",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_14,
        }
        .boxed(),
        Family {
            id: "CY-15",
            grid: || {
                vec![
                    ChanCell::Grid {
                        rows: 2,
                        k: 3,
                        n: 4,
                    },
                    ChanCell::Grid {
                        rows: 3,
                        k: 2,
                        n: 4,
                    },
                    ChanCell::Random {
                        rows: 3,
                        k: 3,
                        n: 8,
                        count: 20,
                        seed: 15,
                    },
                ]
            },
            beyond: Some(|s| {
                vec![ChanCell::Random {
                    rows: 3,
                    k: 4,
                    n: 8 + s as u32,
                    count: 50,
                    seed: 1500 + s as u64,
                }]
            }),
            check: check_15,
        }
        .boxed(),
        Family {
            id: "CY-15b",
            grid: || {
                vec![
                    ChanCell::Grid {
                        rows: 2,
                        k: 3,
                        n: 4,
                    },
                    ChanCell::Grid {
                        rows: 3,
                        k: 2,
                        n: 3,
                    },
                    ChanCell::Random {
                        rows: 3,
                        k: 3,
                        n: 8,
                        count: 20,
                        seed: 151,
                    },
                ]
            },
            beyond: Some(|s| {
                vec![ChanCell::Random {
                    rows: 3,
                    k: 4,
                    n: 8 + s as u32,
                    count: 50,
                    seed: 1510 + s as u64,
                }]
            }),
            check: check_15b,
        }
        .boxed(),
        Family {
            id: "CY-16",
            grid: cy16_grid,
            beyond: Some(cy16_beyond),
            check: check_16,
        }
        .boxed(),
        Family {
            id: "CY-17",
            grid: cy17_grid,
            beyond: Some(cy17_beyond),
            check: check_17,
        }
        .boxed(),
        Family {
            id: "CY-17a",
            grid: fa_grid,
            beyond: Some(|s| {
                vec![
                    FaInst::Cell {
                        k: 3,
                        n: 6 + s as u32,
                    },
                    FaInst::Cell {
                        k: 4,
                        n: 4 + s as u32,
                    },
                ]
            }),
            check: check_17a,
        }
        .boxed(),
        Family {
            id: "CY-17b",
            grid: || vec![afw(2, 2, 4), afw(3, 2, 3), afw(2, 3, 3)],
            beyond: Some(|s| vec![afw(2, 2, 4 + s as u32), afw(3, 2, 3 + s as u32)]),
            check: check_17b,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CY-13 is checked at each pair's own ratio: a bound 1% too strong is refuted by the RR
    /// pair (2/3, 1/3), (1/3, 2/3) (t_P = 2) in a cell whose t = 4 would have hidden it, and the
    /// printed bound holds there.
    #[test]
    fn kl_bound_is_checked_at_the_pairs_own_ratio() {
        let cell = PairCell {
            k: 2,
            n: 6,
            t: r(4, 1),
        };
        let too_strong = kl_cell(&cell, |t| cy13_factor(t) * r(99, 100), "x");
        assert_eq!(too_strong.outcome, Outcome::Fails);
        assert_eq!(kl_cell(&cell, cy13_factor, "x").outcome, Outcome::Holds);
    }

    #[test]
    fn factor_simplifies_to_tanh() {
        for t in t_set() {
            assert_eq!(cy13_factor(&t), (&t - r(1, 1)) / (&t + r(1, 1)));
        }
        assert_eq!(check_13(&KlInst::Simplify).outcome, Outcome::Holds);
    }

    #[test]
    fn a_too_small_kl_bound_is_caught() {
        // With the factor (t−1)/(2(t+1)) the RR pair violates the bound.
        let cell = PairCell {
            k: 2,
            n: 6,
            t: r(2, 1),
        };
        let c = kl_cell(&cell, |_| r(1, 6), "half the tight bound");
        assert_eq!(c.outcome, Outcome::Fails);
    }

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
