//! Cross-document consistency checks of `shared/claims/cross-document.md` (XDOC-1 … XDOC-10)
//! between the Cuff–Yu slides (seed 000), the information-theory article (seed 001) and
//! Vadhan's notes (seed 003); manifest `theorems/cross-document.toml`.
//!
//! Each check evaluates the statements of two or three documents on the same instances,
//! under the readings stated in the per-document manifests, and reports whether they agree.
//! Readings of the article (ART-*) used here are stated per check.

use crate::claim::instances::{default_pair_cells, fmt_pair, simplex_pairs, PairCell};
use crate::claim::instances::{fmt_rows, fmt_vec, r, simplex, t_set, t_small};
use crate::claim::mechanism_grid::{default_mechanism_families, MechanismFamily};
use crate::claim::scan::{DScan, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::{capacity_bracket_exact, mutual_information_of_rows};
use crate::measure::{
    dp_capacity_bound_bits_at_eps_one, mi_dp_bound_from_tv, tight_conversion_pair,
    tight_delta_conversion, tv_bound_of_close_pair,
};
use crate::measure::{
    entropy, hockey_stick_divergence, hockey_stick_two_sided, max_ratio, max_ratio_two_sided, tv,
    ExtRational,
};
use crate::mechanism::database::{product_randomized_response, DatabaseMechanism};
use crate::mechanism::{erasure, truncated_geometric};
use crate::num::interval::{refine, Interval, DEFAULT_SCHEDULE};
use crate::num::loglin::LogLinear;
use crate::num::poly::Poly;
use crate::num::{Decision, Rational};
use std::cmp::Ordering;
use std::fmt;

fn outcome(ok: bool) -> Outcome {
    if ok {
        Outcome::Holds
    } else {
        Outcome::Fails
    }
}

/// Instances of XDOC-1.
#[derive(Clone, Debug)]
pub enum X1 {
    Symbolic,
    Cell(PairCell),
}

impl fmt::Display for X1 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            X1::Symbolic => f.write_str("rational functions of t"),
            X1::Cell(c) => write!(f, "{c}"),
        }
    }
}

/// XDOC-1: the largest TV of (ε,0)-close pairs according to VAD-4(a) (`(t−1)/(t+1)`), CY-11
/// at δ = 0, ε' = 0 (`1 − 2/(t+1)`) and CY-9 (TV read as half-L1, i.e. `δ_{P,Q}(1)`).
/// Symbolic: `(t−1)/(t+1) − (1 − 2/(t+1))` is the zero rational function. Cells: CY-11's
/// formula evaluated exactly equals VAD's; every close grid pair has `δ_{P,Q}(1) = TV ≤` it;
/// the grid maximum is reported (attained when the RR pair lies on the grid).
fn check_x1(inst: &X1) -> Check {
    match inst {
        X1::Symbolic => {
            // (t−1)(t+1) − ((t+1) − 2)(t+1) over the common denominator (t+1)².
            let tm1 = Poly::from_ints(&[-1, 1]);
            let tp1 = Poly::from_ints(&[1, 1]);
            let cy = &tp1 - &Poly::from_ints(&[2]);
            let diff = &(&tm1 * &tp1) - &(&cy * &tp1);
            Check::new(
                "VAD-4(a) (t-1)/(t+1)  =  CY-11 at delta=0, eps'=0: 1 - 2/(t+1) (numerator of the difference)",
                Value::text(diff.to_string_var("t"), ""),
                Value::text("0", "0"),
                Method::Polynomial,
                outcome(diff.is_zero()),
            )
        }
        X1::Cell(cell) => {
            let t = &cell.t;
            let vad = (t - r(1, 1)) / (t + r(1, 1));
            let cy11 = tight_delta_conversion(t, &r(1, 1), &r(0, 1));
            let mut s = Scan::le();
            let mut best = r(0, 1);
            let mut cy9 = true;
            for (p, q) in simplex_pairs(cell) {
                if !max_ratio_two_sided(&p, &q).at_most(t) {
                    continue;
                }
                let d = tv(&p, &q);
                if hockey_stick_two_sided(&p, &q, &r(1, 1)) != d {
                    cy9 = false;
                }
                if d > best {
                    best = d.clone();
                }
                s.push(d, vad.clone(), || fmt_pair(&p, &q));
            }
            let mut c = s.finish(
                "TV of (eps,0)-close grid pairs (CY-9 half-L1)  vs  VAD-4(a) = CY-11 bound",
                Method::Exact,
            );
            let agree = cy11 == vad && cy9;
            if !agree {
                c.outcome = Outcome::Fails;
            }
            c.note = format!(
                "{}; CY-11 formula = {cy11}, VAD-4(a) = {vad}, grid maximum {best} (attained: {}); under the full-L1 reading of CY-9 the bound would read 2(t-1)/(t+1)",
                c.note,
                best == vad
            );
            c
        }
    }
}

fn x1_grid() -> Vec<X1> {
    let mut v = vec![X1::Symbolic];
    v.extend(default_pair_cells().into_iter().map(X1::Cell));
    v
}

/// Instances of XDOC-2: a privacy level t (rational), or ε = 1 (t = e).
#[derive(Clone, Debug)]
pub enum X2 {
    T(Rational),
    EpsOne,
}

impl fmt::Display for X2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            X2::T(t) => write!(f, "t={t}"),
            X2::EpsOne => f.write_str("eps=1 (ART-35)"),
        }
    }
}

/// `dpcert search` beyond [`x2_grid`]: levels `1 + 1/(8+s)` and `10 + s`.
fn x2_beyond(s: usize) -> Vec<X2> {
    vec![
        X2::T(r(1, 1) + r(1, 8 + s as i64)),
        X2::T(r(10 + s as i64, 1)),
    ]
}

fn x2_grid() -> Vec<X2> {
    let mut v: Vec<X2> = t_set().into_iter().map(X2::T).collect();
    v.push(X2::EpsOne);
    v
}

/// XDOC-2 under the reading "the article's numbers are upper bounds on leakage": CY-13 (via
/// CY-3a) bounds the Shannon capacity of ε-DP channels by ε·tanh(ε/2), which is ≤ ε (ART-34
/// "capacity of ε", read as an upper bound) and ≤ ε²/2 (ART-34 "proportional to ε²"), both
/// exact; binary RR gives a certified lower bound. At ε = 1 the article's "1.44 bits" is
/// 1 nat = 1/ln 2 bits (checked to the printed digits: 1.435 ≤ 1/ln 2 < 1.445), an upper
/// bound consistent with C_1 ≤ tanh(1/2) nats. `achievable = true` checks instead the reading
/// "these rates are attained by Shannon capacity" (ART-34 "could achieve a capacity of ε",
/// ART-35 "1.44 bits per query").
fn check_x2_with(inst: &X2, achievable: bool) -> Check {
    match inst {
        X2::T(t) => {
            let one = r(1, 1);
            let c = (t - &one) / (t + &one);
            let bound = LogLinear::term(&c, t);
            let eps = LogLinear::ln(t);
            // tanh(ε/2) ≤ ε/2 ⇔ (t−1)/(t+1) ≤ ln(t)/2, so ε tanh(ε/2) ≤ ε²/2.
            let quad = LogLinear::term(&r(1, 2), t).cmp_rational(&c) != Ordering::Less;
            let below_eps = (&bound - &eps).signum() == Ordering::Less;
            let z = t + &one;
            let rr = vec![vec![t / &z, &one / &z], vec![&one / &z, t / &z]];
            let br = capacity_bracket_exact(&rr);
            let lower_ok = LogLinear::decide_le(&br.lower, &bound) == Decision::True;
            if achievable {
                // "could achieve a capacity of ε": needs sup C_1 = ε, but sup C_1 ≤ ε tanh(ε/2) < ε.
                Check::new(
                    "reading 'capacity eps is achieved': sup C_1 over eps-DP channels <= eps tanh(eps/2)  <  eps",
                    Value::log_linear(&bound),
                    Value::log_linear(&eps),
                    Method::LogLinear,
                    outcome(!below_eps),
                )
                .with_note("the CY-13/CY-3a bound eps tanh(eps/2) is strictly below eps, so no eps-DP channel has Shannon capacity eps")
            } else {
                Check::new(
                    "CY-13 bound eps tanh(eps/2)  <=  eps (ART-34 upper-bound reading) and <= eps^2/2; RR capacity below it",
                    Value::log_linear(&bound),
                    Value::log_linear(&eps),
                    Method::LogLinear,
                    outcome(below_eps && quad && lower_ok),
                )
                .with_note(format!(
                    "binary RR capacity bracket [{}, {}]",
                    br.lower.to_decimal_string(8),
                    br.upper.to_decimal_string(8)
                ))
            }
        }
        X2::EpsOne => {
            // 1/ln 2 to the printed digits: 1.435 <= 1/ln 2 < 1.445 ⇔ 1/1.445 < ln 2 <= 1/1.435.
            let ln2 = LogLinear::ln(&r(2, 1));
            let digits_ok = ln2.cmp_rational(&r(1000, 1445)) == Ordering::Greater
                && ln2.cmp_rational(&r(1000, 1435)) != Ordering::Greater;
            let printed = r(144, 100);
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
            if achievable {
                Check::new(
                    "reading 'C_1 of a 1-DP channel reaches 1.44 bits': C_1 <= tanh(1/2) nats in bits  vs  1.44",
                    Value::text("tanh(1/2)/ln 2", shown),
                    Value::rational(&printed),
                    Method::Interval { bits },
                    if d == Decision::Unknown {
                        Outcome::Undecided
                    } else {
                        outcome(d == Decision::False)
                    },
                )
                .with_note("CY-13/CY-3a cap the Shannon capacity of eps=1 channels at tanh(1/2) = 0.4621 nats = 0.6667 bits, below 1.44 bits; 1.44 bits = 1 nat is the C_inf (max-information) value")
            } else {
                Check::new(
                    "1 nat = 1/ln 2 bits rounds to 1.44, and C_1 <= tanh(1/2)/ln 2 bits < 1.44 (consistent as an upper bound)",
                    Value::text("tanh(1/2)/ln 2", shown),
                    Value::rational(&printed),
                    Method::Combined(vec![Method::LogLinear, Method::Interval { bits }]),
                    if d == Decision::Unknown {
                        Outcome::Undecided
                    } else {
                        outcome(d == Decision::True && digits_ok)
                    },
                )
                .with_note(format!("1/ln 2 in [1.435, 1.445): {digits_ok}"))
            }
        }
    }
}

fn check_x2(inst: &X2) -> Check {
    check_x2_with(inst, false)
}

fn check_x2_achievable(inst: &X2) -> Check {
    check_x2_with(inst, true)
}

/// Largest ratio `max_y M(x)(y)/M(x')(y)` over database pairs selected by `pick(x, x')`.
fn level_over(mech: &DatabaseMechanism, pick: impl Fn(&[usize], &[usize]) -> bool) -> ExtRational {
    let mut best = ExtRational::Finite(r(1, 1));
    for x in 0..mech.size() {
        for xp in 0..mech.size() {
            if !pick(&mech.digits(x), &mech.digits(xp)) {
                continue;
            }
            let q = max_ratio(&mech.rows[x], &mech.rows[xp]);
            best = match (best, q) {
                (ExtRational::Infinite, _) | (_, ExtRational::Infinite) => ExtRational::Infinite,
                (ExtRational::Finite(a), ExtRational::Finite(b)) => {
                    ExtRational::Finite(if a >= b { a } else { b })
                }
            };
        }
    }
    best
}

/// XDOC-3: per mechanism on two (or three) binary rows, the levels under each notion:
/// per-row DP (exact), CY-D3 MI-DP (= max row-channel capacity, bracketed; CY-18: the same
/// for product priors), and the article's ART-D7 at α = ∞ with arbitrary joint P_D
/// (reading: `sup_{P_D} I_∞(X_1;Y) = ln max W(y|a,u)/W(y|b,v)` over databases with a ≠ b,
/// approached by priors putting vanishing mass on X_1 = a; a supremum, not attained).
/// Consistency checked for the protected row i = 1 (ε = its per-row DP level):
/// MI-DP level ≤ ε tanh(ε/2) ≤ ε ≤ ε_ART∞ (exact/log-linear).
fn check_x3(fam: &MechanismFamily) -> Check {
    let mut s = DScan::new();
    let mut report = Vec::new();
    for mech in fam.build() {
        // Everything for the protected row i = 1.
        let ExtRational::Finite(level) = level_over(&mech, |a, b| a[0] != b[0] && a[1..] == b[1..])
        else {
            continue;
        };
        let art = level_over(&mech, |a, b| a[0] != b[0]);
        let mut mi_upper = LogLinear::zero();
        for (label, w) in mech.row_slices() {
            if !label.starts_with("i=1") {
                continue;
            }
            let br = capacity_bracket_exact(&w);
            if br.upper > mi_upper {
                mi_upper = br.upper;
            }
        }
        let one = r(1, 1);
        let tanh = LogLinear::term(&((&level - &one) / (&level + &one)), &level);
        let art_ok = match &art {
            ExtRational::Finite(a) => *a >= level,
            ExtRational::Infinite => true,
        };
        let d = LogLinear::decide_le(&mi_upper, &tanh).and(Decision::from_bool(art_ok));
        if report.len() < 4 {
            report.push(format!(
                "{}: row-1 DP e^eps={level}, MI-DP <= {}, ART-D7(inf) e^eps={art}",
                mech.name,
                mi_upper.to_decimal_string(6)
            ));
        }
        s.push(
            d,
            LogLinear::approx_f64(&mi_upper) - LogLinear::approx_f64(&tanh),
            || Value::log_linear(&mi_upper),
            || Value::log_linear(&tanh),
            || format!("{mech}: ART-D7 at alpha=inf level {art}"),
        );
    }
    let mut c = s.finish(
        "MI-DP level (max row capacity)  <=  eps tanh(eps/2) <= eps <= ART-D7 level at alpha=inf",
        Method::Combined(vec![Method::LogLinear, Method::Exact]),
    );
    c.note = format!("{}; {}", c.note, report.join("; "));
    c
}

fn x3_grid() -> Vec<MechanismFamily> {
    default_mechanism_families()
        .into_iter()
        .filter(|f| match f {
            MechanismFamily::Rr { m, .. } => *m == 2,
            MechanismFamily::Sym { .. } => true,
            MechanismFamily::Rand { n, m, .. } => *n >= 2 && *m == 2,
        })
        .collect()
}

/// XDOC-4: ART-15 (`D_∞(P_{X|y}‖P_X) ≤ I_∞(X;Y) ≤ C_∞ = ε`, with C_∞ read as the naive
/// `sup_P I_∞ = ln L` and "= ε" read as "≤ ε") and VAD-P1 (both directions ≤ ε) on the same
/// ε-DP row channels and priors: every link of both chains holds (exact).
fn check_x4(fam: &MechanismFamily) -> Check {
    let mut s = Scan::le();
    for mech in fam.build() {
        let ExtRational::Finite(level) = mech.level() else {
            continue;
        };
        for (label, w) in mech.row_slices() {
            for prior in simplex(mech.m, 6) {
                let py: Vec<Rational> = (0..mech.outputs())
                    .map(|y| prior.iter().zip(&w).map(|(p, row)| p * &row[y]).sum())
                    .collect();
                // I_∞(X;Y) = ln max over (x, y) with P(x) > 0, P(y) > 0 of W(y|x)/P(y).
                let mut i_inf = r(0, 1);
                for (y, pyv) in py.iter().enumerate() {
                    if *pyv == 0u32 {
                        continue;
                    }
                    let post_over_prior: Vec<Rational> = prior
                        .iter()
                        .zip(&w)
                        .filter(|(p, _)| **p > 0u32)
                        .map(|(_, row)| &row[y] / pyv)
                        .collect();
                    let prior_over_post: Option<Rational> = prior
                        .iter()
                        .zip(&w)
                        .filter(|(p, _)| **p > 0u32)
                        .map(|(_, row)| {
                            if row[y] == 0u32 {
                                None
                            } else {
                                Some(pyv / &row[y])
                            }
                        })
                        .try_fold(r(0, 1), |acc, v| v.map(|v| if v > acc { v } else { acc }));
                    let d_post = post_over_prior.iter().max().cloned().unwrap_or_default();
                    if d_post > i_inf {
                        i_inf = d_post.clone();
                    }
                    let label2 = || format!("{mech} {label} prior={} y={y}", fmt_vec(&prior));
                    s.push(d_post, level.clone(), label2);
                    match prior_over_post {
                        Some(v) => s.push(v, level.clone(), label2),
                        None => s.push(&level + r(1, 1), level.clone(), label2),
                    }
                }
                s.push(i_inf, level.clone(), || {
                    format!("{mech} {label} prior={}: I_inf vs C_inf", fmt_vec(&prior))
                });
            }
        }
    }
    s.finish(
        "exp of D_inf(post||prior), D_inf(prior||post) (VAD-P1), I_inf (ART-15)  vs  e^eps = L",
        Method::Exact,
    )
}

/// XDOC-5: the article's `ln ess sup_P dP/dQ` (P-almost everywhere: points with P = 0
/// ignored, `x/0 = ∞`), Vadhan's maximum over events T (events with `A(T) = 0` ignored) and
/// over points agree on every pair, including zeros and different supports. The alternative
/// Q-a.e. reading of the ess sup (points with Q = 0 ignored) is counted and reported.
fn check_x5(cell: &PairCell) -> Check {
    let mut s = Scan::le();
    let mut differs_q = 0usize;
    for (p, q) in simplex_pairs(cell) {
        let ess_p = max_ratio(&p, &q);
        let full = (1u64 << p.len()) - 1;
        let mut by_sets = ExtRational::Finite(r(0, 1));
        for m in 1..=full {
            let pa = crate::measure::event_probability(&p, m);
            let qa = crate::measure::event_probability(&q, m);
            if pa == 0u32 {
                continue;
            }
            let this = if qa == 0u32 {
                ExtRational::Infinite
            } else {
                ExtRational::Finite(pa / qa)
            };
            by_sets = match (by_sets, this) {
                (ExtRational::Infinite, _) | (_, ExtRational::Infinite) => ExtRational::Infinite,
                (ExtRational::Finite(x), ExtRational::Finite(y)) => {
                    ExtRational::Finite(if x >= y { x } else { y })
                }
            };
        }
        // Q-a.e. reading: ignore points with Q = 0.
        let q_ae = p
            .iter()
            .zip(&q)
            .filter(|(_, b)| **b > 0u32)
            .map(|(a, b)| a / b)
            .max()
            .map(ExtRational::Finite)
            .unwrap_or(ExtRational::Finite(r(0, 1)));
        if q_ae != ess_p {
            differs_q += 1;
        }
        let same = ess_p == by_sets;
        s.push(r(if same { 0 } else { 1 }, 1), r(0, 1), || {
            format!("{}: ess sup {ess_p}, sets {by_sets}", fmt_pair(&p, &q))
        });
    }
    let mut c = s.finish(
        "ART ess sup_P form = VAD set form = VAD point form (0 = agree)",
        Method::Combined(vec![Method::Enumeration, Method::Exact]),
    );
    c.note = format!(
        "{}; the Q-a.e. reading of the ess sup would differ on {differs_q} pairs (those with P > 0 = Q somewhere)",
        c.note
    );
    c
}

fn x5_grid() -> Vec<PairCell> {
    [(2, 6), (3, 4), (4, 3)]
        .into_iter()
        .map(|(k, n)| PairCell { k, n, t: r(1, 1) })
        .collect()
}

/// `S_α(P) = Σ p^α` for integer α.
fn s_alpha(p: &[Rational], a: u64) -> Rational {
    use malachite::base::num::arithmetic::traits::Pow;
    p.iter().map(|x| x.pow(a)).sum()
}

/// XDOC-6: with `H_α(P) = ln S_α/(1−α)`, `H_∞ = −ln max P` (Vadhan's "min-entropy"; the
/// article's "max-entropy" at α = ∞) and `H_0 = ln |supp P|`:
/// `H_∞ ≤ H_3 ≤ H_2 ≤ H ≤ H_0`, decided exactly (integer orders rational after
/// exponentiating, Shannon by log-linear forms).
fn check_x6(cell: &PairCell) -> Check {
    let mut s = DScan::new();
    for p in simplex(cell.k, cell.n) {
        let mx = p.iter().max().expect("nonempty").clone();
        let s2 = s_alpha(&p, 2);
        let s3 = s_alpha(&p, 3);
        let supp = p.iter().filter(|x| **x > 0u32).count() as u64;
        // H_∞ ≤ H_3 ⇔ S_3 ≤ max^2; H_3 ≤ H_2 ⇔ S_3 ≥ S_2^2.
        let a = s3 <= &mx * &mx;
        let b = s3 >= &s2 * &s2;
        let h2 = -LogLinear::ln(&s2);
        let h = entropy(&p);
        let h0 = LogLinear::ln(&Rational::from(supp));
        let c = LogLinear::decide_le(&h2, &h);
        let d = LogLinear::decide_le(&h, &h0);
        let dec = Decision::from_bool(a && b).and(c).and(d);
        s.push(
            dec,
            LogLinear::approx_f64(&h2) - LogLinear::approx_f64(&h),
            || Value::log_linear(&h),
            || Value::log_linear(&h0),
            || format!("P={}", fmt_vec(&p)),
        );
    }
    s.finish(
        "H_inf <= H_3 <= H_2 <= H <= H_0 (values shown: H and H_0 at the closest case)",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

fn x6_grid() -> Vec<PairCell> {
    [(2, 12), (3, 8), (4, 6), (5, 4)]
        .into_iter()
        .map(|(k, n)| PairCell { k, n, t: r(1, 1) })
        .collect()
}

/// XDOC-7: on the k-ary erasure family (δ fixed, k = 2..10): exact (ε,δ) parameters
/// (two-sided hockey-stick = δ at every t), `C_1 = δ ln k` exactly, below CY-17's
/// `2h(δ) + 2δ ln(k+1)` and CY-4's `2h(τ) + 2τ ln(k+1)` (finite-alphabet bounds, growing with
/// k), and increasing without bound in k (CY-3d; ART-35's "unbounded rate with probability
/// δ" read as: with probability δ the output reveals the row, whose alphabet can grow).
fn check_x7(delta: &Rational) -> Check {
    let mut s = DScan::new();
    let mut prev: Option<LogLinear> = None;
    for k in 2..=10usize {
        let w = erasure(k, &(r(1, 1) - delta))
            .expect("δ ∈ [0, 1]")
            .rows()
            .to_vec();
        let exact_dp = t_set()
            .iter()
            .all(|t| hockey_stick_two_sided(&w[0], &w[1], t) == *delta);
        let c = LogLinear::term(delta, &Rational::from(k as u64));
        let br = capacity_bracket_exact(&w);
        let exact_c = br.lower == c && br.upper == c;
        let cy17 = mi_dp_bound_from_tv(delta, k + 1);
        let t = r(2, 1);
        let cy4 = mi_dp_bound_from_tv(&tv_bound_of_close_pair(&t, delta), k + 1);
        let grows = prev
            .as_ref()
            .is_none_or(|p| (&c - p).signum() == Ordering::Greater);
        let d = Decision::from_bool(exact_dp && exact_c && grows)
            .and(LogLinear::decide_le(&c, &cy17))
            .and(LogLinear::decide_le(&c, &cy4));
        s.push(
            d,
            LogLinear::approx_f64(&c) - LogLinear::approx_f64(&cy17),
            || Value::log_linear(&c),
            || Value::log_linear(&cy17),
            || format!("k={k} W={}", fmt_rows(&w)),
        );
        prev = Some(c);
    }
    s.finish(
        "erasure: C_1 = delta ln k (exact) <= CY-17 and CY-4 bounds, increasing in k",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

/// XDOC-8: composition on k independent RR copies of one bit (k = 1..4): CY-5's level t^k is
/// exact; CY-6's subadditivity `I(X;Y_1..Y_k) ≤ Σ I(X;Y_j)` holds at every grid prior; ART-30
/// at α = ∞ (level stays ∞, ε adds up) gives the same t^k; ART-29 at α = ∞ (group privacy):
/// for per-row RR on n = 3 rows the largest ratio between databases at Hamming distance d is
/// exactly t^d.
fn check_x8(t: &Rational) -> Check {
    let mut ok = true;
    let mut notes = Vec::new();
    let one = product_randomized_response(1, 2, t);
    let mut joint = one.rows.clone();
    for k in 1..=4u32 {
        if k > 1 {
            joint = joint
                .iter()
                .zip(&one.rows)
                .map(|(a, b)| {
                    a.iter()
                        .flat_map(|u| b.iter().map(move |v| u * v))
                        .collect()
                })
                .collect();
        }
        let mut lvl = r(1, 1);
        for a in &joint {
            for b in &joint {
                if let ExtRational::Finite(q) = max_ratio(a, b) {
                    if q > lvl {
                        lvl = q;
                    }
                }
            }
        }
        use malachite::base::num::arithmetic::traits::Pow;
        let want = t.pow(k as u64);
        ok &= lvl == want;
        for prior in simplex(2, 4) {
            let total = mutual_information_of_rows(&prior, &joint);
            let single = mutual_information_of_rows(&prior, &one.rows).scale(&Rational::from(k));
            ok &= LogLinear::decide_le(&total, &single) == Decision::True;
        }
        notes.push(format!("k={k}: level {lvl}"));
    }
    let rr3 = product_randomized_response(3, 2, t);
    for d in 1..=3usize {
        let lvl = level_over(&rr3, |a, b| {
            a.iter().zip(b).filter(|(x, y)| x != y).count() == d
        });
        use malachite::base::num::arithmetic::traits::Pow;
        let want = ExtRational::Finite(t.pow(d as u64));
        ok &= lvl == want;
        notes.push(format!("group distance {d}: {lvl}"));
    }
    Check::new(
        "k RR copies: level t^k (CY-5 = ART-30 at alpha=inf), MI subadditive (CY-6), group privacy t^d (ART-29 at alpha=inf)",
        Value::text(notes.join("; "), ""),
        Value::text("t^k, t^d", ""),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        outcome(ok),
    )
}

/// XDOC-9: the noise fixtures of CY-1, CY-2 and ART-20: the clamped geometric mechanism has
/// exact level t (finite), the truncated discrete Gaussian's exact level grows with the
/// window, and the Gaussian privacy loss is a non-constant polynomial (unbounded) — CY-2 and
/// ART-20 agree that Gaussian noise is not ε-DP.
fn check_x9(s: &Rational) -> Check {
    let w = truncated_geometric(7, s).expect("s ≥ 1").rows().to_vec();
    let mut lvl = r(1, 1);
    for f in 0..6 {
        if let ExtRational::Finite(q) = max_ratio_two_sided(&w[f], &w[f + 1]) {
            if q > lvl {
                lvl = q;
            }
        }
    }
    let geo_ok = lvl == *s;
    use malachite::base::num::arithmetic::traits::Pow;
    let q = r(9, 10);
    let mut levels = Vec::new();
    for k in 1..=5i64 {
        let row = |f: i64| {
            let v: Vec<Rational> = (-k..=k)
                .map(|y| (&q).pow(((y - f) * (y - f)) as u64))
                .collect();
            let z: Rational = v.iter().cloned().sum();
            v.into_iter().map(|x| x / &z).collect::<Vec<_>>()
        };
        match max_ratio_two_sided(&row(0), &row(1)) {
            ExtRational::Finite(x) => levels.push(x),
            ExtRational::Infinite => levels.push(r(0, 1)),
        }
    }
    let grows = levels.windows(2).all(|p| p[1] > p[0]);
    let loss = Poly::new(vec![r(-1, 2), r(1, 1)]);
    let unbounded = loss.degree() == Some(1);
    Check::new(
        "clamped geometric level = t (CY-1); truncated Gaussian level increasing in K and Gaussian loss unbounded (CY-2, ART-20)",
        Value::rational(&lvl),
        Value::rational(s),
        Method::Combined(vec![Method::Exact, Method::Polynomial]),
        outcome(geo_ok && grows && unbounded),
    )
    .with_note(format!(
        "truncated discrete Gaussian q=9/10 levels K=1..5: {}",
        levels
            .iter()
            .map(|l| crate::num::fmt::decimal(l, 6))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// XDOC-10: CY-11's canonical pair is the mixture `(1−δ)·g + δ·h` of ART-36, with g the
/// randomized-response pair (ε-DP) padded to four outputs and h the revealing pair
/// (e_0 vs e_3); ART-36's conclusion ((ε,δ)-closeness) holds with equality.
fn check_x10(inst: &(Rational, Rational)) -> Check {
    let (t, delta) = inst;
    let one = r(1, 1);
    let (p, q) = tight_conversion_pair(t, delta);
    let z = t + &one;
    let g0 = vec![r(0, 1), t / &z, &one / &z, r(0, 1)];
    let g1 = vec![r(0, 1), &one / &z, t / &z, r(0, 1)];
    let h0 = vec![one.clone(), r(0, 1), r(0, 1), r(0, 1)];
    let h1 = vec![r(0, 1), r(0, 1), r(0, 1), one.clone()];
    let mix = |g: &[Rational], h: &[Rational]| -> Vec<Rational> {
        g.iter()
            .zip(h)
            .map(|(a, b)| (&one - delta) * a + delta * b)
            .collect()
    };
    let is_mixture = mix(&g0, &h0) == p && mix(&g1, &h1) == q;
    let g_dp = max_ratio_two_sided(&g0, &g1).at_most(t);
    let close = hockey_stick_divergence(&p, &q, t) == *delta
        && hockey_stick_divergence(&q, &p, t) == *delta;
    Check::new(
        "P* = (1-delta) g0 + delta e_0, Q* = (1-delta) g1 + delta e_3 with g eps-DP; delta_{P*,Q*}(t) = delta",
        Value::text(fmt_pair(&p, &q), ""),
        Value::text(format!("g = {} / {}", fmt_vec(&g0), fmt_vec(&g1)), ""),
        Method::Exact,
        outcome(is_mixture && g_dp && close),
    )
    .with_note(format!(
        "mixture: {is_mixture}; g eps-DP: {g_dp}; (eps,delta)-close with equality: {close}"
    ))
}

/// Instance wrapper for XDOC-10 (t, δ).
#[derive(Clone, Debug)]
pub struct TD(pub Rational, pub Rational);

impl fmt::Display for TD {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t={} delta={}", self.0, self.1)
    }
}

/// Instance wrapper for a single rational parameter.
#[derive(Clone, Debug)]
pub struct Param(pub &'static str, pub Rational);

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.0, self.1)
    }
}

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "XDOC-1",
            grid: x1_grid,
            beyond: None,
            check: check_x1,
        }
        .boxed(),
        Family {
            id: "XDOC-2",
            grid: x2_grid,
            beyond: Some(x2_beyond),
            check: check_x2,
        }
        .boxed(),
        Family {
            id: "XDOC-2-reading-achievable",
            grid: x2_grid,
            beyond: Some(x2_beyond),
            check: check_x2_achievable,
        }
        .boxed(),
        Family {
            id: "XDOC-3",
            grid: x3_grid,
            beyond: None,
            check: check_x3,
        }
        .boxed(),
        Family {
            id: "XDOC-4",
            grid: default_mechanism_families,
            beyond: Some(crate::claim::mechanism_grid::mechanism_families_beyond),
            check: check_x4,
        }
        .boxed(),
        Family {
            id: "XDOC-5",
            grid: x5_grid,
            beyond: None,
            check: check_x5,
        }
        .boxed(),
        Family {
            id: "XDOC-6",
            grid: x6_grid,
            beyond: None,
            check: check_x6,
        }
        .boxed(),
        Family {
            id: "XDOC-7",
            grid: || vec![Param("delta", r(1, 4)), Param("delta", r(1, 100))],
            beyond: None,
            check: |p: &Param| check_x7(&p.1),
        }
        .boxed(),
        Family {
            id: "XDOC-8",
            grid: || t_small().into_iter().map(|t| Param("t", t)).collect(),
            beyond: None,
            check: |p: &Param| check_x8(&p.1),
        }
        .boxed(),
        Family {
            id: "XDOC-9",
            grid: || vec![Param("s", r(2, 1)), Param("s", r(5, 4))],
            beyond: None,
            check: |p: &Param| check_x9(&p.1),
        }
        .boxed(),
        Family {
            id: "XDOC-10",
            grid: || {
                let mut v = Vec::new();
                for t in t_small() {
                    for d in [r(1, 100), r(1, 10), r(1, 2)] {
                        v.push(TD(t.clone(), d));
                    }
                }
                v
            },
            beyond: None,
            check: |i: &TD| check_x10(&(i.0.clone(), i.1.clone())),
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::kl;

    #[test]
    fn canonical_pair_is_a_mixture() {
        assert_eq!(check_x10(&(r(2, 1), r(1, 10))).outcome, Outcome::Holds);
    }

    #[test]
    fn one_nat_is_about_1_44_bits_but_capacity_is_lower() {
        assert_eq!(check_x2(&X2::EpsOne).outcome, Outcome::Holds);
        assert_eq!(check_x2_achievable(&X2::EpsOne).outcome, Outcome::Fails);
    }

    #[test]
    fn kl_helper_is_used_consistently() {
        // D(P||Q) of the RR pair equals (t-1)/(t+1) ln t (the CY-13 bound used by XDOC-2).
        let t = r(3, 1);
        let p = vec![r(3, 4), r(1, 4)];
        let q = vec![r(1, 4), r(3, 4)];
        assert_eq!(kl(&p, &q).unwrap(), LogLinear::term(&r(1, 2), &t));
    }
}
