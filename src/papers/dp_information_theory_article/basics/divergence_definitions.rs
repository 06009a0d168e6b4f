//! Divergence definitions and their basic properties: ε-closeness by events and by ratios, the
//! Rényi divergence's definition, its order-0 reading and its monotonicity in the order
//! (ART-D1, D2, D3, 2, 3).

use super::shared::*;

/// ART-D1 (l.172): `P(E) ≤ t·Q(E)` for every event E ⇔ `max_ω p/q ≤ t` (as CY-D1).
pub(super) fn check_d1(cell: &PairCell) -> Check {
    let mut a = Agree::new();
    for (p, qq) in simplex_pairs(cell) {
        let events = (0..1u64 << p.len())
            .all(|m| event_probability(&p, m) <= &cell.t * event_probability(&qq, m));
        a.push(events, max_ratio(&p, &qq).at_most(&cell.t), || {
            fmt_pair(&p, &qq)
        });
    }
    a.shown_by(|| events_record(cell, &[q(0, 1)]));
    a.finish(
        "for all events E: P(E) <= t Q(E)   <=>   max_w P(w)/Q(w) <= t",
        Method::Enumeration,
    )
}

/// ART-D2 (l.191, l.1070): `P(E) ≤ t·Q(E) + δ` ∀E ⇔ `δ_{P→Q}(t) ≤ δ` (as CY-D2), δ ∈ {0, 1/8, 1/4}.
pub(super) fn check_d2(cell: &PairCell) -> Check {
    let mut a = Agree::new();
    let deltas = [q(0, 1), q(1, 8), q(1, 4)];
    for d in &deltas {
        for (p, qq) in simplex_pairs(cell) {
            let events = (0..1u64 << p.len())
                .all(|m| event_probability(&p, m) <= &cell.t * event_probability(&qq, m) + d);
            a.push(
                events,
                hockey_stick_divergence(&p, &qq, &cell.t) <= *d,
                || format!("{} delta={d}", fmt_pair(&p, &qq)),
            );
        }
    }
    a.shown_by(|| events_record(cell, &deltas));
    a.finish(
        "for all events E: P(E) <= t Q(E) + delta   <=>   sum (P - tQ)^+ <= delta",
        Method::Enumeration,
    )
}

/// The `events` record of a cell: every ordered pair of `Δ_k^N` at its `t` and `deltas`.
fn events_record(cell: &PairCell, deltas: &[Rational]) -> Option<serde_json::Value> {
    let rows = simplex(cell.k, cell.n);
    crate::measure::events::record(&rows, None, std::slice::from_ref(&cell.t), deltas)
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

pub(super) fn pair_grid() -> Vec<Pairs> {
    vec![
        Pairs { k: 2, n: 6 },
        Pairs { k: 3, n: 4 },
        Pairs { k: 4, n: 3 },
    ]
}

pub(super) fn pair_beyond(s: usize) -> Vec<Pairs> {
    let s = s as u32;
    vec![
        Pairs { k: 2, n: 6 + 2 * s },
        Pairs { k: 3, n: 4 + s },
        Pairs { k: 5, n: 2 + s },
    ]
}

/// `D_α(P‖Q)` for fractional α by certified intervals: `ln Σ_{p>0} exp(α ln p + (1−α) ln q)/(α−1)`.
/// Requires `q > 0` wherever `p > 0` and α ≠ 1.
pub(super) fn enclose_div(
    p: &[Rational],
    qq: &[Rational],
    a: &Rational,
    prec: u64,
) -> Option<Interval> {
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
pub(super) fn check_d3(inst: &D3) -> Check {
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

pub(super) fn d3_grid() -> Vec<D3> {
    vec![D3::Norm(Pairs { k: 3, n: 4 }), D3::Limit(4), D3::Limit(10)]
}

/// ART-2 (l.243) on pairs: `D_α ≥ 0`, nondecreasing in α, `= 0 ⇔ P = Q`. Orders
/// `α ∈ {1, 2, 3, 4, ∞}` (range read: α ∈ (0, ∞]); with `alpha0` also α = 0 (range [0, ∞]).
pub(super) fn check_2_with(pc: &Pairs, alpha0: bool) -> Check {
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
pub(super) fn half_order(
    p: &[Rational],
    qq: &[Rational],
    d1: &Div,
    d0: Option<&Div>,
) -> (Decision, String) {
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

pub(super) fn check_2(pc: &Pairs) -> Check {
    check_2_with(pc, false)
}

pub(super) fn check_2_alpha0(pc: &Pairs) -> Check {
    check_2_with(pc, true)
}

/// Distributions of `Δ_k^N`.
pub(super) fn dist_grid() -> Vec<Pairs> {
    vec![
        Pairs { k: 2, n: 8 },
        Pairs { k: 3, n: 6 },
        Pairs { k: 4, n: 4 },
    ]
}

/// ART-3 (detail 3): `H(P) = ln n − D(P‖U_n)` and `H_α(P) = ln n − D_α(P‖U_n)` for
/// α ∈ {2, 3, 5, ∞} (`H_α = ln S_α(P)/(1−α)`, `H_∞ = −ln max P`), exactly.
pub(super) fn check_3(pc: &Pairs) -> Check {
    let mut a = Agree::new();
    let n = pc.k as u64;
    let lnn = LogLinear::ln(&Rational::from(n));
    let u = vec![Rational::from_unsigneds(1, n); pc.k];
    for p in simplex(pc.k, pc.n) {
        let d1 = renyi_divergence(RenyiOrder::One, &p, &u).expect("U has full support");
        let mut st = Decider::new();
        let ok = st.log(&(&lnn - &d1), "=", &entropy(&p));
        a.push_recorded(ok, st.records(), || format!("alpha=1 P={}", fmt_vec(&p)));
        for al in [2u64, 3, 5] {
            let sp: Rational = p.iter().map(|x| x.pow(al)).sum();
            let ha = LogLinear::term(&-Rational::from_unsigneds(1, al - 1), &sp);
            let d = renyi_divergence(RenyiOrder::Int(al), &p, &u).expect("finite");
            let mut st = Decider::new();
            let ok = st.log(&(&lnn - &d), "=", &ha);
            a.push_recorded(ok, st.records(), || format!("alpha={al} P={}", fmt_vec(&p)));
        }
        let mx = p.iter().max().expect("nonempty").clone();
        let hinf = -LogLinear::ln(&mx);
        let d = renyi_divergence(RenyiOrder::Inf, &p, &u).expect("finite");
        let mut st = Decider::new();
        let ok = st.log(&(&lnn - &d), "=", &hinf);
        a.push_recorded(ok, st.records(), || format!("alpha=inf P={}", fmt_vec(&p)));
    }
    a.finish(
        "H_alpha(P)  =  ln n - D_alpha(P || U_n), alpha in {1,2,3,5,inf}",
        Method::LogLinear,
    )
}
