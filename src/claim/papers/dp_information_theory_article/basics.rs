//! Divergence definitions and their properties, entropies, the Rényi mutual information,
//! posteriors and tail bounds (ART-D1, D2, 1, D3, 2, 3, 41, D4, D5, 4, 5, 14, 15, 16, 17, 18,
//! 19, 19b, 20, 22, 23, 40).

#![allow(clippy::needless_range_loop)]

use super::core::{
    bsc_rows, chan_beyond, chan_cells, cp, dh, dv, method, outcome, q, ChanCell, Div, Named, ORDERS,
};
use crate::claim::instances::{
    default_pair_cells, fmt_pair, pair_cells_beyond, simplex_pairs, PairCell,
};
use crate::claim::instances::{fmt_vec, simplex};
use crate::claim::scan::{Agree, DScan, Scan};
use crate::claim::{undecided_because, Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::{
    binary_entropy, capacity_bracket_exact, mutual_information_of_rows, output_distribution,
};
use crate::measure::{entropy, event_probability, hockey_stick_divergence, kl, max_ratio};
use crate::measure::{
    extended_eq, extended_le, joint_flat, product_flat, renyi_diameter, renyi_divergence,
    renyi_mutual_information, renyi_power_sum, RenyiOrder,
};
use crate::num::interval::{refine, Interval, DEFAULT_SCHEDULE};
use crate::num::loglin::LogLinear;
use crate::num::{Decision, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use std::cmp::Ordering;
use std::fmt;

/// ART-D1 (l.172): `P(E) ≤ t·Q(E)` for every event E ⇔ `max_ω p/q ≤ t` (as CY-D1).
fn check_d1(cell: &PairCell) -> Check {
    let mut a = Agree::new();
    for (p, qq) in simplex_pairs(cell) {
        let events = (0..1u64 << p.len())
            .all(|m| event_probability(&p, m) <= &cell.t * event_probability(&qq, m));
        a.push(events, max_ratio(&p, &qq).at_most(&cell.t), || {
            fmt_pair(&p, &qq)
        });
    }
    a.finish(
        "for all events E: P(E) <= t Q(E)   <=>   max_w P(w)/Q(w) <= t",
        Method::Enumeration,
    )
}

/// ART-D2 (l.191, l.1070): `P(E) ≤ t·Q(E) + δ` ∀E ⇔ `δ_{P→Q}(t) ≤ δ` (as CY-D2), δ ∈ {0, 1/8, 1/4}.
fn check_d2(cell: &PairCell) -> Check {
    let mut a = Agree::new();
    for d in [q(0, 1), q(1, 8), q(1, 4)] {
        for (p, qq) in simplex_pairs(cell) {
            let events = (0..1u64 << p.len())
                .all(|m| event_probability(&p, m) <= &cell.t * event_probability(&qq, m) + &d);
            a.push(
                events,
                hockey_stick_divergence(&p, &qq, &cell.t) <= d,
                || format!("{} delta={d}", fmt_pair(&p, &qq)),
            );
        }
    }
    a.finish(
        "for all events E: P(E) <= t Q(E) + delta   <=>   sum (P - tQ)^+ <= delta",
        Method::Enumeration,
    )
}

/// Pairs of `Δ_k^N` for the divergence-order claims.
#[derive(Clone, Debug)]
pub struct Pairs {
    pub k: usize,
    pub n: u32,
}

impl fmt::Display for Pairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pairs of Delta_{}^{}", self.k, self.n)
    }
}

fn pair_grid() -> Vec<Pairs> {
    vec![
        Pairs { k: 2, n: 6 },
        Pairs { k: 3, n: 4 },
        Pairs { k: 4, n: 3 },
    ]
}

fn pair_beyond(s: usize) -> Vec<Pairs> {
    let s = s as u32;
    vec![
        Pairs { k: 2, n: 6 + 2 * s },
        Pairs { k: 3, n: 4 + s },
        Pairs { k: 5, n: 2 + s },
    ]
}

/// `D_α(P‖Q)` for fractional α by certified intervals: `ln Σ_{p>0} exp(α ln p + (1−α) ln q)/(α−1)`.
/// Requires `q > 0` wherever `p > 0` and α ≠ 1.
fn enclose_div(p: &[Rational], qq: &[Rational], a: &Rational, prec: u64) -> Option<Interval> {
    let one = Rational::from(1u32);
    let mut s = Interval::from_i64(0, prec);
    for (x, y) in p.iter().zip(qq) {
        if *x > 0u32 {
            if *y == 0u32 {
                if *a < 1u32 {
                    continue;
                }
                return None;
            }
            let lx = Interval::ln_rational(x, prec)?.mul_rational(a);
            let ly = Interval::ln_rational(y, prec)?.mul_rational(&(&one - a));
            s = s.add(&lx.add(&ly).exp());
        }
    }
    Some(s.ln()?.mul_rational(&(&one / (a - &one))))
}

/// Instances of ART-D3.
#[derive(Clone, Debug)]
pub enum D3 {
    /// Norm form = standard form on pairs of `Δ_k^N`, integer α and α = 0, exactly.
    Norm(Pairs),
    /// α → 1: `D_{1−h} ≤ KL ≤ D_{1+h}` with `h = 2^-j` (certified intervals).
    Limit(u32),
}

impl fmt::Display for D3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            D3::Norm(p) => write!(f, "norm form, alpha in {{0,2,3,4,inf}}, {p}"),
            D3::Limit(j) => write!(f, "alpha = 1 -+ 2^-{j}, full-support pairs of Delta_3^4"),
        }
    }
}

/// ART-D3 (l.222, details 245–285): `D_α = log ‖dP/dQ‖_{P,α−1}` equals
/// `(1/(α−1)) ln Σ p^α q^{1−α}`; α → 1 gives KL, α = ∞ gives `ln ess sup dP/dQ`.
/// Range read: α ∈ [0, 1) ∪ (1, ∞] for the norm form (sums over supp P; at α = 0 the norm has
/// exponent −1 and gives `−ln Q(supp P)`), α = 1 only as the limit.
fn check_d3(inst: &D3) -> Check {
    match inst {
        D3::Norm(pc) => {
            let mut a = Agree::new();
            let pts = simplex(pc.k, pc.n);
            for p in &pts {
                for qq in &pts {
                    for al in [0u64, 2, 3, 4] {
                        // E_P[(p/q)^{α−1}] over supp P; None when a ratio is infinite (α > 1).
                        let mut e = Some(Rational::from(0u32));
                        for (x, y) in p.iter().zip(qq) {
                            if *x == 0u32 {
                                continue;
                            }
                            if al == 0 {
                                e = e.map(|v| v + y.clone());
                            } else if *y == 0u32 {
                                e = None;
                            } else if let Some(v) = e.as_mut() {
                                *v += x * (x / y).pow(al - 1);
                            }
                        }
                        let norm: Div = match (al, e) {
                            (0, Some(v)) if v > 0u32 => Some(-LogLinear::ln(&v)),
                            (0, _) => None,
                            (_, Some(v)) => {
                                Some(LogLinear::term(&Rational::from_unsigneds(1, al - 1), &v))
                            }
                            (_, None) => None,
                        };
                        let o = if al == 0 {
                            RenyiOrder::Zero
                        } else {
                            RenyiOrder::Int(al)
                        };
                        a.push_ok(extended_eq(&norm, &renyi_divergence(o, p, qq)), || {
                            format!("alpha={al} P={} Q={}", fmt_vec(p), fmt_vec(qq))
                        });
                    }
                    // α = ∞: ess sup_P dP/dQ = max over supp P.
                    let ess: Div = {
                        let mut best: Option<Rational> = Some(Rational::from(0u32));
                        for (x, y) in p.iter().zip(qq) {
                            if *x > 0u32 {
                                if *y == 0u32 {
                                    best = None;
                                    break;
                                }
                                let r = x / y;
                                if let Some(b) = best.as_mut() {
                                    if r > *b {
                                        *b = r;
                                    }
                                }
                            }
                        }
                        best.map(|b| LogLinear::ln(&b))
                    };
                    a.push_ok(
                        extended_eq(&ess, &renyi_divergence(RenyiOrder::Inf, p, qq)),
                        || format!("alpha=inf P={} Q={}", fmt_vec(p), fmt_vec(qq)),
                    );
                }
            }
            a.finish(
                "log ||dP/dQ||_{P,alpha-1}  =  (1/(alpha-1)) ln sum p^alpha q^(1-alpha)  (alpha in {0,2,3,4}); ln ess sup = D_inf",
                Method::Combined(vec![Method::Exact, Method::LogLinear]),
            )
        }
        D3::Limit(j) => {
            let hh = Rational::from_unsigneds(1u64, 1u64 << j);
            let one = Rational::from(1u32);
            let (lo_a, hi_a) = (&one - &hh, &one + &hh);
            let pts = simplex(3, 4);
            let full: Vec<&Vec<Rational>> =
                pts.iter().filter(|v| v.iter().all(|x| *x > 0u32)).collect();
            let mut s = DScan::new();
            let mut widest = String::new();
            let mut maxbits = 64u64;
            for p in &pts {
                for qq in &full {
                    let k = kl(p, qq).expect("q has full support");
                    // Exact case: p/q constant (= c) on supp P gives D_α = ln c for every α.
                    let ratios: Vec<Rational> = p
                        .iter()
                        .zip(qq.iter())
                        .filter(|(x, _)| **x > 0u32)
                        .map(|(x, y)| x / y)
                        .collect();
                    if ratios.iter().all(|r| *r == ratios[0]) {
                        s.push(
                            Decision::True,
                            0.0,
                            || Value::log_linear(&k),
                            || Value::text("ln c", ""),
                            || {
                                format!(
                                    "P={} Q={} (p/q constant: every D_alpha = KL exactly)",
                                    fmt_vec(p),
                                    fmt_vec(qq)
                                )
                            },
                        );
                        continue;
                    }
                    let (d, bits) = refine(
                        |prec| {
                            let (Some(lo), Some(hi)) = (
                                enclose_div(p, qq, &lo_a, prec),
                                enclose_div(p, qq, &hi_a, prec),
                            ) else {
                                return Decision::Unknown;
                            };
                            let kk = k.enclose(prec);
                            lo.le(&kk).and(kk.le(&hi))
                        },
                        &DEFAULT_SCHEDULE,
                    );
                    maxbits = maxbits.max(bits);
                    if widest.is_empty() && !k.is_zero() {
                        if let (Some(lo), Some(hi)) = (
                            enclose_div(p, qq, &lo_a, 128),
                            enclose_div(p, qq, &hi_a, 128),
                        ) {
                            widest = format!(
                                "e.g. P={} Q={}: D_(1-h) in {}, KL = {}, D_(1+h) in {} ({} bits)",
                                fmt_vec(p),
                                fmt_vec(qq),
                                lo.to_decimal_string(8),
                                k.to_decimal_string(8),
                                hi.to_decimal_string(8),
                                bits
                            );
                        }
                    }
                    s.push(
                        d,
                        0.0,
                        || Value::log_linear(&k),
                        || Value::text("bracket", ""),
                        || format!("P={} Q={}", fmt_vec(p), fmt_vec(qq)),
                    );
                }
            }
            let mut c = s.finish(
                format!("D_(1-h) <= KL <= D_(1+h), h = 1/{}", 1u64 << j),
                Method::Interval { bits: maxbits },
            );
            c.note = format!("{}; {widest}", c.note);
            c
        }
    }
}

fn d3_grid() -> Vec<D3> {
    vec![D3::Norm(Pairs { k: 3, n: 4 }), D3::Limit(4), D3::Limit(10)]
}

/// ART-2 (l.243) on pairs: `D_α ≥ 0`, nondecreasing in α, `= 0 ⇔ P = Q`. Orders
/// `α ∈ {1, 2, 3, 4, ∞}` (range read: α ∈ (0, ∞]); with `alpha0` also α = 0 (range [0, ∞]).
fn check_2_with(pc: &Pairs, alpha0: bool) -> Check {
    let mut orders = vec![];
    if alpha0 {
        orders.push(RenyiOrder::Zero);
    }
    orders.extend([
        RenyiOrder::One,
        RenyiOrder::Int(2),
        RenyiOrder::Int(3),
        RenyiOrder::Int(4),
        RenyiOrder::Inf,
    ]);
    let pts = simplex(pc.k, pc.n);
    let zero: Div = Some(LogLinear::zero());
    let mut s = DScan::new();
    for p in &pts {
        for qq in &pts {
            let ds: Vec<Div> = orders.iter().map(|&o| renyi_divergence(o, p, qq)).collect();
            let w = || format!("P={} Q={}", fmt_vec(p), fmt_vec(qq));
            for (i, d) in ds.iter().enumerate() {
                s.push(
                    extended_le(&zero, d),
                    -dh(d),
                    || dv(&zero),
                    || dv(d),
                    || format!("{} nonnegativity at alpha={}", w(), orders[i]),
                );
                let is_zero = extended_eq(d, &zero);
                s.push(
                    Decision::from_bool(is_zero == (p == qq)),
                    -1.0,
                    || dv(d),
                    || Value::text("0 iff P = Q", ""),
                    || {
                        format!(
                            "{}: D_{} = 0 is {is_zero} but P = Q is {}",
                            w(),
                            orders[i],
                            p == qq
                        )
                    },
                );
            }
            for i in 1..ds.len() {
                s.push(
                    extended_le(&ds[i - 1], &ds[i]),
                    dh(&ds[i - 1]) - dh(&ds[i]),
                    || dv(&ds[i - 1]),
                    || dv(&ds[i]),
                    || format!("{}: D_{} <= D_{}", w(), orders[i - 1], orders[i]),
                );
            }
            // α = 1/2 between D_0 and D_1 (certified intervals; exact when P = Q, when the
            // supports are disjoint (D_{1/2} = ∞) or when p/q is constant on supp P (every
            // D_α with α > 0 equals D_0 = ln c)).
            let d1 = &ds[usize::from(alpha0)];
            let (dec, what) = half_order(p, qq, d1, if alpha0 { Some(&ds[0]) } else { None });
            s.push(
                dec,
                -1.0,
                || Value::text("D_1/2", ""),
                || dv(d1),
                || format!("{}: {what}", w()),
            );
        }
    }
    s.finish(
        format!(
            "D_alpha >= 0, nondecreasing in alpha, = 0 iff P = Q, alpha in {{{}}} and 1/2",
            orders
                .iter()
                .map(|o| o.to_string())
                .collect::<Vec<_>>()
                .join(",")
        ),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

/// The α = 1/2 links of ART-2: `D_{1/2} ≥ 0` with equality iff P = Q, `D_{1/2} ≤ D_1`, and (with
/// `d0`) `D_0 ≤ D_{1/2}`. Returns the decision and a description of the link decided.
fn half_order(p: &[Rational], qq: &[Rational], d1: &Div, d0: Option<&Div>) -> (Decision, String) {
    let half = q(1, 2);
    if p == qq {
        return (Decision::True, "D_1/2 = 0 exactly (P = Q)".into());
    }
    let common = p.iter().zip(qq).any(|(x, y)| *x > 0u32 && *y > 0u32);
    if !common {
        // D_{1/2} = ∞ = D_1 = D_0.
        return (
            Decision::from_bool(d1.is_none()),
            "disjoint supports: D_1/2 = inf".into(),
        );
    }
    let ratios: Vec<Rational> = p
        .iter()
        .zip(qq)
        .filter(|(x, _)| **x > 0u32)
        .filter_map(|(x, y)| if *y > 0u32 { Some(x / y) } else { None })
        .collect();
    let contained = p.iter().zip(qq).all(|(x, y)| *x == 0u32 || *y > 0u32);
    if contained && ratios.iter().all(|r| *r == ratios[0]) {
        // Every D_α (α > 0) and D_0 equal ln c; positive since P ≠ Q.
        let c = Some(LogLinear::ln(&ratios[0]));
        let ok = extended_eq(d1, &c) && d0.is_none_or(|d| extended_eq(d, &c)) && ratios[0] > 1u32;
        return (
            Decision::from_bool(ok),
            "p/q constant on supp P: D_0 = D_1/2 = D_1 = ln c > 0".into(),
        );
    }
    let (dec, bits) = refine(
        |prec| {
            let Some(dh) = enclose_div(p, qq, &half, prec) else {
                return Decision::Unknown;
            };
            let pos = Interval::from_i64(0, prec).lt(&dh);
            let upper = match d1 {
                None => Decision::True,
                Some(f) => dh.lt(&f.enclose(prec)),
            };
            let lower = match d0 {
                None => Decision::True,
                Some(None) => Decision::False,
                Some(Some(f)) => f.enclose(prec).lt(&dh),
            };
            pos.and(upper).and(lower)
        },
        &DEFAULT_SCHEDULE,
    );
    (
        dec,
        format!(
            "0 < D_1/2 < D_1{} (interval@{bits})",
            if d0.is_some() { ", D_0 < D_1/2" } else { "" }
        ),
    )
}

fn check_2(pc: &Pairs) -> Check {
    check_2_with(pc, false)
}

fn check_2_alpha0(pc: &Pairs) -> Check {
    check_2_with(pc, true)
}

/// Distributions of `Δ_k^N`.
fn dist_grid() -> Vec<Pairs> {
    vec![
        Pairs { k: 2, n: 8 },
        Pairs { k: 3, n: 6 },
        Pairs { k: 4, n: 4 },
    ]
}

/// ART-3 (detail 3): `H(P) = ln n − D(P‖U_n)` and `H_α(P) = ln n − D_α(P‖U_n)` for
/// α ∈ {2, 3, 5, ∞} (`H_α = ln S_α(P)/(1−α)`, `H_∞ = −ln max P`), exactly.
fn check_3(pc: &Pairs) -> Check {
    let mut a = Agree::new();
    let n = pc.k as u64;
    let lnn = LogLinear::ln(&Rational::from(n));
    let u = vec![Rational::from_unsigneds(1, n); pc.k];
    for p in simplex(pc.k, pc.n) {
        let d1 = renyi_divergence(RenyiOrder::One, &p, &u).expect("U has full support");
        a.push_ok((&(&lnn - &d1) - &entropy(&p)).is_zero(), || {
            format!("alpha=1 P={}", fmt_vec(&p))
        });
        for al in [2u64, 3, 5] {
            let sp: Rational = p.iter().map(|x| x.pow(al)).sum();
            let ha = LogLinear::term(&-Rational::from_unsigneds(1, al - 1), &sp);
            let d = renyi_divergence(RenyiOrder::Int(al), &p, &u).expect("finite");
            a.push_ok((&(&lnn - &d) - &ha).is_zero(), || {
                format!("alpha={al} P={}", fmt_vec(&p))
            });
        }
        let mx = p.iter().max().expect("nonempty").clone();
        let hinf = -LogLinear::ln(&mx);
        let d = renyi_divergence(RenyiOrder::Inf, &p, &u).expect("finite");
        a.push_ok((&(&lnn - &d) - &hinf).is_zero(), || {
            format!("alpha=inf P={}", fmt_vec(&p))
        });
    }
    a.finish(
        "H_alpha(P)  =  ln n - D_alpha(P || U_n), alpha in {1,2,3,5,inf}",
        Method::LogLinear,
    )
}

/// Rényi entropies `H_∞ ≤ H_3 ≤ H_2 ≤ H ≤ H_0` of one distribution, as forms.
fn entropies(p: &[Rational]) -> Vec<(String, LogLinear)> {
    let mx = p.iter().max().expect("nonempty").clone();
    let supp = p.iter().filter(|x| **x > 0u32).count() as u64;
    let ha = |al: u64| {
        let sp: Rational = p.iter().map(|x| x.pow(al)).sum();
        LogLinear::term(&-Rational::from_unsigneds(1, al - 1), &sp)
    };
    vec![
        ("H_inf".into(), -LogLinear::ln(&mx)),
        ("H_3".into(), ha(3)),
        ("H_2".into(), ha(2)),
        ("H_1".into(), entropy(p)),
        ("H_0".into(), LogLinear::ln(&Rational::from(supp))),
    ]
}

/// ART-41 (l.241, l.1161): the ordering `H_∞ ≤ H_3 ≤ H_2 ≤ H_1 ≤ H_0` (definitions:
/// `H_α = ln Σ p^α/(1−α)`, `H_∞ = −ln max p`, `H_0 = ln |supp P|`). With `largest`, the
/// reading "H_∞ is the max-entropy" with max-entropy := the largest Rényi entropy `H_0`:
/// `H_∞ = H_0`.
fn check_41_with(pc: &Pairs, largest: bool) -> Check {
    let mut s = DScan::new();
    for p in simplex(pc.k, pc.n) {
        let hs = entropies(&p);
        if largest {
            let (a, b) = (&hs[0].1, &hs[4].1);
            s.push(
                Decision::from_bool((b - a).is_zero()),
                LogLinear::approx_f64(a) - LogLinear::approx_f64(b),
                || Value::log_linear(a),
                || Value::log_linear(b),
                || format!("P={}: H_inf < H_0", fmt_vec(&p)),
            );
        } else {
            for i in 1..hs.len() {
                let (a, b) = (&hs[i - 1].1, &hs[i].1);
                s.push(
                    Decision::from_bool(a <= b),
                    LogLinear::approx_f64(a) - LogLinear::approx_f64(b),
                    || Value::log_linear(a),
                    || Value::log_linear(b),
                    || format!("P={}: {} <= {}", fmt_vec(&p), hs[i - 1].0, hs[i].0),
                );
            }
        }
    }
    s.finish(
        if largest {
            "reading 'H_inf is the max-entropy' (= the largest Renyi entropy H_0): H_inf = H_0"
        } else {
            "H_inf <= H_3 <= H_2 <= H_1 <= H_0 (H_inf is the smallest: Vadhan's min-entropy)"
        },
        Method::LogLinear,
    )
}

fn check_41(pc: &Pairs) -> Check {
    check_41_with(pc, false)
}

fn check_41_largest(pc: &Pairs) -> Check {
    check_41_with(pc, true)
}

/// ART-D4 (l.297): `I_α(X;Y) = D_α(P_XY‖P_X P_Y)` is symmetric: equals `D_α(P_YX‖P_Y P_X)`.
fn check_d4(cell: &ChanCell) -> Check {
    let mut a = Agree::new();
    cell.each(|prior, w| {
        let py = output_distribution(prior, w);
        let ny = py.len();
        let jt = joint_flat(prior, w);
        let mut jt_t = Vec::new();
        for y in 0..ny {
            for x in 0..prior.len() {
                jt_t.push(jt[x * ny + y].clone());
            }
        }
        let swapped = renyi_divergence(cell.o, &jt_t, &product_flat(&py, prior));
        a.push_ok(
            extended_eq(&renyi_mutual_information(cell.o, prior, w), &swapped),
            || cp(prior, w),
        );
    });
    a.finish("I_alpha(X;Y)  =  I_alpha(Y;X)", method(cell.o))
}

/// ART-D5 (l.322): at α = 1 the article's `I_1 = D(P_XY‖P_XP_Y)` is Shannon's
/// `I(X;Y) = Σ_x π(x) D(W_x‖P_Y)` (exact), so `C_1` is Shannon's capacity.
fn check_d5(cell: &ChanCell) -> Check {
    let mut a = Agree::new();
    cell.each(|prior, w| {
        let shannon = mutual_information_of_rows(prior, w);
        a.push_ok(
            extended_eq(
                &renyi_mutual_information(RenyiOrder::One, prior, w),
                &Some(shannon),
            ),
            || cp(prior, w),
        );
    });
    a.finish(
        "D(P_XY || P_X P_Y)  =  sum_x P(x) D(W_x || P_Y)",
        Method::LogLinear,
    )
}

/// A pointwise chain `I_{o_0}(P_X) ≤ I_{o_1}(P_X) ≤ …` on a channel cell.
fn chain(cell: &ChanCell, orders: &[RenyiOrder], what: &str) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let v: Vec<Div> = orders
            .iter()
            .map(|&o| renyi_mutual_information(o, prior, w))
            .collect();
        for i in 1..v.len() {
            s.push(
                extended_le(&v[i - 1], &v[i]),
                dh(&v[i - 1]) - dh(&v[i]),
                || dv(&v[i - 1]),
                || dv(&v[i]),
                || format!("{}: I_{} <= I_{}", cp(prior, w), orders[i - 1], orders[i]),
            );
        }
    });
    s.finish(
        what.to_string(),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

fn one_cell_grid() -> Vec<ChanCell> {
    chan_cells(&[RenyiOrder::Inf])
}

fn one_cell_beyond(s: usize) -> Vec<ChanCell> {
    chan_beyond(&[RenyiOrder::Inf], s)
}

/// ART-4 (l.327): `C_α` nondecreasing in α. Checked pointwise: `I_1 ≤ I_2 ≤ I_3 ≤ I_5 ≤ I_∞` at
/// every grid prior; the sup of pointwise larger functions is larger.
fn check_4(cell: &ChanCell) -> Check {
    chain(
        cell,
        &[
            RenyiOrder::One,
            RenyiOrder::Int(2),
            RenyiOrder::Int(3),
            RenyiOrder::Int(5),
            RenyiOrder::Inf,
        ],
        "I_1 <= I_2 <= I_3 <= I_5 <= I_inf at every grid prior (hence C_alpha nondecreasing)",
    )
}

/// ART-14 (l.487): `sup I_α ≤ sup I_∞`, pointwise `I_α ≤ I_∞`, α ∈ {0, 1, 2, 3}.
fn check_14(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let top = renyi_mutual_information(RenyiOrder::Inf, prior, w);
        for o in [
            RenyiOrder::Zero,
            RenyiOrder::One,
            RenyiOrder::Int(2),
            RenyiOrder::Int(3),
        ] {
            let v = renyi_mutual_information(o, prior, w);
            s.push(
                extended_le(&v, &top),
                dh(&v) - dh(&top),
                || dv(&v),
                || dv(&top),
                || format!("{}: I_{o} <= I_inf", cp(prior, w)),
            );
        }
    });
    s.finish(
        "I_alpha <= I_inf, alpha in {0,1,2,3}",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

/// The BSC parameters of the examples.
pub fn bsc_ps() -> Vec<Rational> {
    vec![
        q(1, 1000),
        q(1, 10),
        q(1, 5),
        q(1, 4),
        q(2, 5),
        q(9, 20),
        q(49, 100),
    ]
}

/// ART-5 (l.307–315): BSC(p) as a fixture: a row-stochastic channel whose Shannon capacity is
/// `ln 2 − h(p)` (certified bracket closed exactly at the uniform prior). AWGN is continuous
/// and not checked.
fn check_5(p: &Rational) -> Check {
    let w = bsc_rows(p);
    let stoch = w
        .iter()
        .all(|r| r.iter().cloned().sum::<Rational>() == 1u32);
    let br = capacity_bracket_exact(&w);
    let want = &LogLinear::ln(&q(2, 1)) - &binary_entropy(p);
    Check::new(
        "C_1(BSC(p)) bracket [I(pi), max_x D(W_x||pi W)]  =  ln 2 - h(p)",
        Value::log_linear(&br.lower),
        Value::log_linear(&want),
        Method::LogLinear,
        outcome(stoch && br.lower == want && br.upper == want),
    )
    .with_note("bracket closed exactly at the uniform prior; AWGN (continuous) not checked")
}

/// Posterior `P_{X|Y=y}` (requires `P_Y(y) > 0`).
pub fn posterior(prior: &[Rational], w: &[Vec<Rational>], y: usize) -> Vec<Rational> {
    let py: Rational = prior.iter().zip(w).map(|(p, r)| p * &r[y]).sum();
    prior.iter().zip(w).map(|(p, r)| p * &r[y] / &py).collect()
}

/// ART-15 (l.552): `D_∞(P_{X|y}‖P_X) ≤ I_∞(X;Y) ≤ C_∞ = ε` for every y with `P(y) > 0`; C_∞ is
/// the diameter (ART-12) and ε the channel's exact DP level `ln max W(y|x)/W(y|x')`, so
/// "= ε" holds with ε the tight level (and "≤ ε" for any larger ε).
fn check_15(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let i_inf = renyi_mutual_information(RenyiOrder::Inf, prior, w);
        let c_inf = renyi_diameter(RenyiOrder::Inf, w);
        let py = output_distribution(prior, w);
        for y in 0..py.len() {
            if py[y] == 0u32 {
                continue;
            }
            let d = renyi_divergence(RenyiOrder::Inf, &posterior(prior, w, y), prior);
            s.push(
                extended_le(&d, &i_inf),
                dh(&d) - dh(&i_inf),
                || dv(&d),
                || dv(&i_inf),
                || format!("{} y={y}: D_inf(P_X|y || P_X) <= I_inf", cp(prior, w)),
            );
        }
        s.push(
            extended_le(&i_inf, &c_inf),
            dh(&i_inf) - dh(&c_inf),
            || dv(&i_inf),
            || dv(&c_inf),
            || format!("{}: I_inf <= C_inf = eps", cp(prior, w)),
        );
    });
    s.finish(
        "D_inf(P_X|y || P_X) <= I_inf(X;Y) <= C_inf = eps (DP level of W)",
        method(RenyiOrder::Inf),
    )
}

/// ART-16 (l.558): `E[D(P_{X|Y}‖P_X)] = I(X;Y) ≤ C_1`. Both readings of the expectation:
/// `E_Y` of `D(P_{X|y}‖P_X)` and `E_X` of `D(W_x‖P_Y)`; the bound by the certified capacity
/// bracket's upper end.
fn check_16(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let i1 = renyi_mutual_information(RenyiOrder::One, prior, w).expect("finite");
        let py = output_distribution(prior, w);
        let mut ey = LogLinear::zero();
        for (y, pyy) in py.iter().enumerate() {
            if *pyy > 0u32 {
                ey = &ey
                    + &kl(&posterior(prior, w, y), prior)
                        .expect("finite")
                        .scale(pyy);
            }
        }
        let mut ex = LogLinear::zero();
        for (p, row) in prior.iter().zip(w) {
            if *p > 0u32 {
                ex = &ex + &kl(row, &py).expect("finite").scale(p);
            }
        }
        s.push(
            Decision::from_bool((&ey - &i1).is_zero() && (&ex - &i1).is_zero()),
            -1.0,
            || Value::log_linear(&ey),
            || Value::log_linear(&i1),
            || format!("{}: E_Y / E_X identity", cp(prior, w)),
        );
        let up = capacity_bracket_exact(w).upper;
        s.push(
            Decision::from_bool(i1 <= up),
            LogLinear::approx_f64(&i1) - LogLinear::approx_f64(&up),
            || Value::log_linear(&i1),
            || Value::log_linear(&up),
            || format!("{}: I <= C_1 upper bracket", cp(prior, w)),
        );
    });
    s.finish(
        "E_Y[D(P_X|Y || P_X)] = E_X[D(W_X || P_Y)] = I_1(X;Y) <= C_1",
        Method::LogLinear,
    )
}

/// ART-17 (l.563): `ln ‖e^{D_α(P_{X|Y}‖P_X)}‖_{L^{α−1}(P_Y)} = I_α(X;Y)`, i.e.
/// `Σ_y P(y) S_α(P_{X|y}‖P_X) = S_α(P_XY‖P_XP_Y)` for integer α (norm taken w.r.t. P_Y).
fn check_17(cell: &ChanCell) -> Check {
    let RenyiOrder::Int(al) = cell.o else {
        return undecided_because("integer orders only");
    };
    let mut a = Agree::new();
    cell.each(|prior, w| {
        let py = output_distribution(prior, w);
        let mut lhs = Some(Rational::from(0u32));
        for (y, pyy) in py.iter().enumerate() {
            if *pyy > 0u32 {
                let sa = renyi_power_sum(&posterior(prior, w, y), prior, al);
                lhs = match (lhs, sa) {
                    (Some(a), Some(b)) => Some(a + pyy * b),
                    _ => None,
                };
            }
        }
        let rhs = renyi_power_sum(&joint_flat(prior, w), &product_flat(prior, &py), al);
        a.push_ok(lhs == rhs, || cp(prior, w));
    });
    a.finish(
        "sum_y P(y) exp((alpha-1) D_alpha(P_X|y || P_X))  =  exp((alpha-1) I_alpha(X;Y))",
        Method::Exact,
    )
}

/// ART-18 (l.577, footnote 2): with ε = I_α exactly (the tightest hypothesis) and R = ln s,
/// `P_Y(D_α(P_{X|y}‖P_X) ≥ R) ≤ (e^{(α−1)ε} − 1)/(e^{(α−1)R} − 1)`, decided exactly for
/// integer α (event `S_α(P_{X|y}‖P_X) ≥ s^{α−1}`); at α = 1 the limit form `ε/R` (log-linear).
/// Range checked: α ∈ {1, 2, 3, 4}; s ∈ {9/8, 3/2, 2, 4}.
fn check_18(cell: &ChanCell) -> Check {
    let ss = [q(9, 8), q(3, 2), q(2, 1), q(4, 1)];
    let mut sc = DScan::new();
    cell.each(|prior, w| {
        let py = output_distribution(prior, w);
        let posts: Vec<(Rational, Vec<Rational>)> = (0..py.len())
            .filter(|&y| py[y] > 0u32)
            .map(|y| (py[y].clone(), posterior(prior, w, y)))
            .collect();
        for s in &ss {
            match cell.o {
                RenyiOrder::Int(al) => {
                    let t = renyi_power_sum(&joint_flat(prior, w), &product_flat(prior, &py), al)
                        .expect("finite");
                    let thr = s.pow(al - 1);
                    let pe: Rational = posts
                        .iter()
                        .filter(|(_, post)| {
                            renyi_power_sum(post, prior, al).expect("finite") >= thr
                        })
                        .map(|(pyy, _)| pyy.clone())
                        .sum();
                    let one = Rational::from(1u32);
                    let rhs = (&t - &one) / (&thr - &one);
                    sc.push(
                        Decision::from_bool(pe <= rhs),
                        0.0,
                        || Value::rational(&pe),
                        || Value::rational(&rhs),
                        || format!("{} R=ln {s}", cp(prior, w)),
                    );
                }
                _ => {
                    let i1 = renyi_mutual_information(RenyiOrder::One, prior, w).expect("finite");
                    let lr = LogLinear::ln(s);
                    let pe: Rational = posts
                        .iter()
                        .filter(|(_, post)| kl(post, prior).expect("finite") >= lr)
                        .map(|(pyy, _)| pyy.clone())
                        .sum();
                    // P(E) ≤ ε/R ⇔ P(E)·R ≤ ε.
                    let lhs = lr.scale(&pe);
                    sc.push(
                        ll_decide(&lhs, &i1),
                        0.0,
                        || Value::log_linear(&lhs),
                        || Value::log_linear(&i1),
                        || format!("{} R=ln {s} (alpha=1: P(E) R <= eps)", cp(prior, w)),
                    );
                }
            }
        }
    });
    sc.finish(
        "P_Y(D_alpha(P_X|y||P_X) >= R)  <=  (e^{(alpha-1)eps}-1)/(e^{(alpha-1)R}-1) with eps = I_alpha",
        method(cell.o),
    )
}

fn ll_decide(a: &LogLinear, b: &LogLinear) -> Decision {
    Decision::from_bool(a <= b)
}

/// ART-19 (l.581–588): ε-DP (ε = the channel's exact level) ⇒
/// `D_α(P_{X|y}‖P_X) ≤ D_∞(P_{X|y}‖P_X) ≤ ε` for every y, α ∈ {1, 2, 3}.
fn check_19(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let eps = renyi_diameter(RenyiOrder::Inf, w);
        let py = output_distribution(prior, w);
        for y in 0..py.len() {
            if py[y] == 0u32 {
                continue;
            }
            let post = posterior(prior, w, y);
            let dinf = renyi_divergence(RenyiOrder::Inf, &post, prior);
            s.push(
                extended_le(&dinf, &eps),
                dh(&dinf) - dh(&eps),
                || dv(&dinf),
                || dv(&eps),
                || format!("{} y={y}: D_inf <= eps", cp(prior, w)),
            );
            for o in [RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Int(3)] {
                let d = renyi_divergence(o, &post, prior);
                s.push(
                    extended_le(&d, &dinf),
                    dh(&d) - dh(&dinf),
                    || dv(&d),
                    || dv(&dinf),
                    || format!("{} y={y}: D_{o} <= D_inf", cp(prior, w)),
                );
            }
        }
    });
    s.finish(
        "D_alpha(P_X|y||P_X) <= D_inf(P_X|y||P_X) <= eps (exact DP level)",
        method(RenyiOrder::Inf),
    )
}

/// Instances of ART-19b: order α and `r = 2^-k`.
#[derive(Clone, Debug)]
pub struct B19 {
    pub o: RenyiOrder,
    pub k: u32,
    /// The catalogue's family `(1−η, η, 0)/(1−η, 0, η)` (η = 1/8) instead of the power family.
    pub catalogue: bool,
}

impl fmt::Display for B19 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.catalogue {
            write!(
                f,
                "alpha={} catalogue family eta=1/8, prior (2^-{k}, 1 - 2^-{k})",
                self.o,
                k = self.k
            )
        } else {
            write!(f, "alpha={} r=2^-{}", self.o, self.k)
        }
    }
}

fn b19_grid() -> Vec<B19> {
    let mut v = Vec::new();
    for o in [
        RenyiOrder::One,
        RenyiOrder::Int(2),
        RenyiOrder::Int(3),
        RenyiOrder::Int(5),
    ] {
        for k in [2, 6, 12, 24] {
            v.push(B19 {
                o,
                k,
                catalogue: false,
            });
        }
    }
    for o in [RenyiOrder::One, RenyiOrder::Int(2)] {
        for k in [4, 16] {
            v.push(B19 {
                o,
                k,
                catalogue: true,
            });
        }
    }
    v
}

fn b19_beyond(s: usize) -> Vec<B19> {
    [RenyiOrder::Int(10), RenyiOrder::Int(20)]
        .into_iter()
        .map(|o| B19 {
            o,
            k: 12 * s as u32,
            catalogue: false,
        })
        .collect()
}

/// ART-19b (l.568–572): for α < ∞, `C_α ≤ ε` does not bound every posterior divergence.
/// Witness family (found for this check; the catalogue's `(1−η, η, 0)/(1−η, 0, η)` family has
/// `C_α = ∞` for α > 2): `W_0 = (1−r^a, r^a)`, `W_1 = (1−r^{a+1}, r^{a+1})` with a = max(α, 2),
/// prior `(r, 1−r)`, r = 2^-k. Per instance, exactly: `C_α ≤ diameter ≤ ln 2` (ART-11) while the
/// rare output y = 1 gives `D_α(P_{X|y=1}‖P_X) ≥ (k/2 − 1) ln 2`, unbounded in k.
fn check_19b(inst: &B19) -> Check {
    if inst.catalogue {
        return check_19b_catalogue(inst);
    }
    let a = match inst.o {
        RenyiOrder::Int(a) => a,
        _ => 2,
    };
    // 2^-k exactly (k grows with the search size: a u64 shift would overflow at k >= 64).
    let r = q(1, 2).pow(inst.k as u64);
    let one = Rational::from(1u32);
    let w0 = r.clone().pow(a);
    let w1 = r.clone().pow(a + 1);
    let w = vec![vec![&one - &w0, w0], vec![&one - &w1, w1]];
    let prior = vec![r.clone(), &one - &r];
    let diam = renyi_diameter(inst.o, &w);
    let ln2: Div = Some(LogLinear::ln(&q(2, 1)));
    let post = posterior(&prior, &w, 1);
    let d = renyi_divergence(inst.o, &post, &prior);
    let target: Div = Some(LogLinear::term(
        &(Rational::from(inst.k) / Rational::from(2u32) - &one),
        &q(2, 1),
    ));
    let ok = extended_le(&diam, &ln2).and(extended_le(&target, &d));
    Check::new(
        "C_alpha <= diameter <= ln 2  while  D_alpha(P_X|y=1 || P_X) >= (k/2 - 1) ln 2",
        dv(&diam),
        dv(&d),
        method(inst.o),
        Outcome::from_decision(ok),
    )
    .with_note(format!(
        "W={}, prior={}",
        super::core::cp(&prior, &w),
        fmt_vec(&prior)
    ))
}

/// ART-19b on the catalogue's family `W_0 = (1−η, η, 0)`, `W_1 = (1−η, 0, η)`, η = 1/8, at
/// α ∈ {1, 2}: `C_1 = η ln 2` (I_1 ≤ η ln 2 at every grid prior, equality at the uniform one) and
/// `I_2(π) = ln(1 + η)` at every grid prior in (0, 1) (closed form `S_2 = 1 + η`), so C_α stays
/// bounded, while the revealing output y = 1 gives `D_α(δ_0‖P_X) = ln(1/π) = k ln 2` at
/// π = 2^-k. (For α > 2 this family has `S_α = 1 − η + η(π^{2−α} + (1−π)^{2−α})`, unbounded:
/// C_α = ∞, so it is no witness there; the power family is.)
fn check_19b_catalogue(inst: &B19) -> Check {
    let eta = q(1, 8);
    let one = Rational::from(1u32);
    let zero = Rational::from(0u32);
    let w = vec![
        vec![&one - &eta, eta.clone(), zero.clone()],
        vec![&one - &eta, zero, eta.clone()],
    ];
    let cap: Div = match inst.o {
        RenyiOrder::One => Some(LogLinear::term(&eta, &q(2, 1))),
        _ => Some(LogLinear::ln(&(&one + &eta))),
    };
    let mut ok = true;
    for j in 1..16u64 {
        let prior = vec![
            Rational::from_unsigneds(j, 16),
            Rational::from_unsigneds(16 - j, 16),
        ];
        let i = renyi_mutual_information(inst.o, &prior, &w);
        ok &= match inst.o {
            RenyiOrder::One => {
                extended_le(&i, &cap) == Decision::True && (j != 8 || extended_eq(&i, &cap))
            }
            _ => extended_eq(&i, &cap),
        };
    }
    let pi = q(1, 2).pow(inst.k as u64);
    let prior = vec![pi.clone(), &one - &pi];
    let post = posterior(&prior, &w, 1);
    let d = renyi_divergence(inst.o, &post, &prior);
    ok &= extended_eq(
        &d,
        &Some(LogLinear::term(&Rational::from(inst.k), &q(2, 1))),
    );
    Check::new(
        "C_alpha bounded (alpha=1: eta ln 2; alpha=2: ln(1+eta))  while  D_alpha(P_X|y=1 || P_X) = k ln 2",
        dv(&cap),
        dv(&d),
        method(inst.o),
        outcome(ok),
    )
}

/// Readings of ART-20.
#[derive(Clone, Debug)]
pub struct G20 {
    pub half_gap: Rational,
}

impl fmt::Display for G20 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "means +-{} sigma, y = 100 sigma", self.half_gap)
    }
}

/// ART-20 (l.589–597): Gaussian noise is not ε-DP: the privacy loss
/// `L(y) = (μ−μ')(2y−μ−μ')/(2σ²)` (σ = 1) is an unbounded linear function of y, so for each
/// ε = ln t in the t-set, `y_t = (ε_upper + 1)/(μ−μ')`-style points with `L(y) > ln t` exist
/// (checked at y = ⌈t⌉/(μ−μ') + μ', exactly). Numeric reading: at y = 100σ the loss (10 nats
/// for means ±σ/20, 20 nats for means ±σ/10) gives posterior odds e^L ≥ 99 under equal priors,
/// i.e. ≥ 99 % certainty ("decent").
fn check_20(g: &G20) -> Check {
    let mu = g.half_gap.clone();
    let mup = -&mu;
    let gap = &mu - &mup;
    let loss = |y: &Rational| &gap * (Rational::from(2u32) * y - &mu - &mup) / Rational::from(2u32);
    let mut unbounded = true;
    for t in [q(9, 8), q(2, 1), q(10, 1)] {
        // y with L(y) = t (≥ ln t since t ≥ ln t + 1 > ln t).
        let y = (&t / &gap) + (&mu + &mup) / Rational::from(2u32);
        let l = loss(&y);
        unbounded &= LogLinear::ln(&t).cmp_rational(&l) == Ordering::Less;
    }
    let l100 = loss(&Rational::from(100u32));
    let decent = LogLinear::ln(&q(99, 1)).cmp_rational(&l100) != Ordering::Greater;
    Check::new(
        "L(y) unbounded (exceeds ln t for t in {9/8,2,10});  L(100 sigma) >= ln 99",
        Value::rational(&l100),
        Value::text("ln 99", "4.59511985"),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        outcome(unbounded && decent),
    )
    .with_note(format!(
        "privacy loss at y = 100 sigma: {l100} nats (likelihood ratio e^{l100})"
    ))
}

/// ART-22 (l.678–697): `C_1 ≤ C_α ≤ ε` for ε-private channels (ε = exact DP level),
/// pointwise `I_1 ≤ I_α ≤ ε` at grid priors, α ∈ {2, 3}.
fn check_22(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let eps = renyi_diameter(RenyiOrder::Inf, w);
        let i1 = renyi_mutual_information(RenyiOrder::One, prior, w);
        for o in [RenyiOrder::Int(2), RenyiOrder::Int(3)] {
            let ia = renyi_mutual_information(o, prior, w);
            s.push(
                extended_le(&i1, &ia),
                dh(&i1) - dh(&ia),
                || dv(&i1),
                || dv(&ia),
                || format!("{}: I_1 <= I_{o}", cp(prior, w)),
            );
            s.push(
                extended_le(&ia, &eps),
                dh(&ia) - dh(&eps),
                || dv(&ia),
                || dv(&eps),
                || format!("{}: I_{o} <= eps", cp(prior, w)),
            );
        }
    });
    s.finish(
        "I_1 <= I_alpha <= eps at every grid prior (alpha in {2,3})",
        method(RenyiOrder::Int(2)),
    )
}

/// Composition `g ∘ W` of channels.
pub fn compose(w: &[Vec<Rational>], g: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    w.iter().map(|row| output_distribution(row, g)).collect()
}

/// ART-23 (l.713–732): data processing both ways and symmetry, α ∈ {0, 1, 2, 3, ∞}:
/// `I_α(X; g(Y)) ≤ I_α(X;Y)`, `I_α(X';Y) ≤ I_α(X;Y)` for X'–X–Y, on 2×2 grid channels.
fn check_23(o: &OrderOnly) -> Check {
    let o = o.0;
    let pts = simplex(2, 2);
    let chans: Vec<Vec<Vec<Rational>>> = super::core::channels(2, 2, 2);
    let priors = simplex(2, 4);
    let mut s = DScan::new();
    for prior in &priors {
        for w in &chans {
            let base = renyi_mutual_information(o, prior, w);
            for g in &chans {
                let post = renyi_mutual_information(o, prior, &compose(w, g));
                s.push(
                    extended_le(&post, &base),
                    dh(&post) - dh(&base),
                    || dv(&post),
                    || dv(&base),
                    || {
                        format!(
                            "{} g={}: I(X;g(Y)) <= I(X;Y)",
                            cp(prior, w),
                            super::core::cp(prior, g)
                        )
                    },
                );
                // X' -> X via channel g (X' has prior `prior`), X -> Y via w.
                let px = output_distribution(prior, g);
                let base2 = renyi_mutual_information(o, &px, w);
                let pre = renyi_mutual_information(o, prior, &compose(g, w));
                s.push(
                    extended_le(&pre, &base2),
                    dh(&pre) - dh(&base2),
                    || dv(&pre),
                    || dv(&base2),
                    || {
                        format!(
                            "P_X'={} X'->X={:?} W={:?}: I(X';Y) <= I(X;Y)",
                            fmt_vec(prior),
                            g,
                            w
                        )
                    },
                );
            }
        }
    }
    let _ = pts;
    s.finish(
        "I_alpha(X; g(Y)) <= I_alpha(X;Y) and I_alpha(X';Y) <= I_alpha(X;Y)",
        method(o),
    )
}

/// An order as an instance.
#[derive(Clone, Debug)]
pub struct OrderOnly(pub RenyiOrder);

impl fmt::Display for OrderOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "alpha={}", self.0)
    }
}

/// ART-40 (footnote 5, l.1306), as printed: `P_XY(A×B) ≤ (e^{I_α} P_X(A) P_Y(B))^{α/(α−1)}`,
/// decided exactly for integer α by raising to the power (α−1)²:
/// `P^{(α−1)²} ≤ S^α (P_X(A)P_Y(B))^{α(α−1)}` with `S = e^{(α−1)I_α}`. With `corrected`, van
/// Erven–Harremoës' exponent `(α−1)/α`: `P^α ≤ S (P_X(A)P_Y(B))^{α−1}`.
fn check_40_with(cell: &ChanCell, corrected: bool) -> Check {
    let RenyiOrder::Int(al) = cell.o else {
        return undecided_because("integer orders only");
    };
    let mut sc = Scan::le();
    cell.each(|prior, w| {
        let py = output_distribution(prior, w);
        let jt = joint_flat(prior, w);
        let s = renyi_power_sum(&jt, &product_flat(prior, &py), al).expect("finite");
        let (nx, ny) = (prior.len(), py.len());
        for am in 1..1u64 << nx {
            for bm in 1..1u64 << ny {
                let pa = event_probability(prior, am);
                let pb = event_probability(&py, bm);
                let pab: Rational = (0..nx)
                    .filter(|x| am >> x & 1 == 1)
                    .flat_map(|x| {
                        (0..ny)
                            .filter(move |y| bm >> y & 1 == 1)
                            .map(move |y| (x, y))
                    })
                    .map(|(x, y)| jt[x * ny + y].clone())
                    .sum();
                let (lhs, rhs) = if corrected {
                    (pab.clone().pow(al), &s * (&pa * &pb).pow(al - 1))
                } else {
                    (
                        pab.clone().pow((al - 1) * (al - 1)),
                        s.clone().pow(al) * (&pa * &pb).pow(al * (al - 1)),
                    )
                };
                sc.push(lhs, rhs, || {
                    format!("{} A={am:b} B={bm:b} P(AxB)={pab}", cp(prior, w))
                });
            }
        }
    });
    sc.finish(
        if corrected {
            "P(AxB)^alpha <= e^{(alpha-1)I} (P_X(A)P_Y(B))^{alpha-1}  [exponent (alpha-1)/alpha]"
        } else {
            "P(AxB)^{(alpha-1)^2} <= e^{(alpha-1)alpha I} (P_X(A)P_Y(B))^{alpha(alpha-1)}  [printed exponent alpha/(alpha-1)]"
        },
        Method::Exact,
    )
}

fn check_40(cell: &ChanCell) -> Check {
    check_40_with(cell, false)
}

fn check_40_corrected(cell: &ChanCell) -> Check {
    check_40_with(cell, true)
}

fn int_cells() -> Vec<ChanCell> {
    chan_cells(&[RenyiOrder::Int(2), RenyiOrder::Int(3)])
}

fn int_beyond(s: usize) -> Vec<ChanCell> {
    chan_beyond(
        &[RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Int(5)],
        s,
    )
}

fn orders_grid() -> Vec<ChanCell> {
    chan_cells(&ORDERS)
}

fn orders_beyond(s: usize) -> Vec<ChanCell> {
    chan_beyond(&ORDERS, s)
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    fn cells() -> Vec<PairCell> {
        default_pair_cells()
    }
    vec![
        Family { id: "ART-D1", grid: cells, beyond: Some(pair_cells_beyond), check: check_d1 }.boxed(),
        Family { id: "ART-D2", grid: cells, beyond: Some(pair_cells_beyond), check: check_d2 }.boxed(),
        Family {
            id: "ART-1",
            grid: || vec![Named("informal gloss")],
            beyond: None,
            check: |_| crate::claim::not_checkable("informal explanation ('(eps,delta) is often explained as eps-private with probability 1-delta'); its formal direction is ART-36, the converse is not claimed"),
        }
        .boxed(),
        Family { id: "ART-D3", grid: d3_grid, beyond: None, check: check_d3 }.boxed(),
        Family { id: "ART-2", grid: pair_grid, beyond: Some(pair_beyond), check: check_2 }.boxed(),
        Family { id: "ART-2-reading-alpha0", grid: pair_grid, beyond: Some(pair_beyond), check: check_2_alpha0 }.boxed(),
        Family { id: "ART-3", grid: dist_grid, beyond: Some(pair_beyond), check: check_3 }.boxed(),
        Family { id: "ART-41", grid: dist_grid, beyond: Some(pair_beyond), check: check_41 }.boxed(),
        Family { id: "ART-41-reading-largest", grid: dist_grid, beyond: Some(pair_beyond), check: check_41_largest }.boxed(),
        Family { id: "ART-D4", grid: orders_grid, beyond: Some(orders_beyond), check: check_d4 }.boxed(),
        Family { id: "ART-D5", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_d5 }.boxed(),
        Family { id: "ART-4", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_4 }.boxed(),
        Family { id: "ART-5", grid: bsc_ps, beyond: None, check: check_5 }.boxed(),
        Family { id: "ART-14", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_14 }.boxed(),
        Family { id: "ART-15", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_15 }.boxed(),
        Family { id: "ART-16", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_16 }.boxed(),
        Family { id: "ART-17", grid: int_cells, beyond: Some(int_beyond), check: check_17 }.boxed(),
        Family {
            id: "ART-18",
            grid: || chan_cells(&[RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Int(4)]),
            beyond: Some(int_beyond),
            check: check_18,
        }
        .boxed(),
        Family { id: "ART-19", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_19 }.boxed(),
        Family { id: "ART-19b", grid: b19_grid, beyond: Some(b19_beyond), check: check_19b }.boxed(),
        Family {
            id: "ART-20",
            grid: || vec![G20 { half_gap: q(1, 20) }, G20 { half_gap: q(1, 10) }],
            beyond: None,
            check: check_20,
        }
        .boxed(),
        Family { id: "ART-22", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_22 }.boxed(),
        Family {
            id: "ART-23",
            grid: || [RenyiOrder::Zero, RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Inf].into_iter().map(OrderOnly).collect(),
            beyond: None,
            check: check_23,
        }
        .boxed(),
        Family { id: "ART-40", grid: int_cells, beyond: Some(int_beyond), check: check_40 }.boxed(),
        Family { id: "ART-40-corrected", grid: int_cells, beyond: Some(int_beyond), check: check_40_corrected }.boxed(),
    ]
}
