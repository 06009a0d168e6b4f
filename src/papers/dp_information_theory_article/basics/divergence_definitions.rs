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
                        let mut st = Decider::new();
                        let ok = st.ext(&norm, "=", &renyi_divergence(o, p, qq));
                        a.push_recorded(ok, st.records(), || {
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
                    let mut st = Decider::new();
                    let ok = st.ext(&ess, "=", &renyi_divergence(RenyiOrder::Inf, p, qq));
                    a.push_recorded(ok, st.records(), || {
                        format!("alpha=inf P={} Q={}", fmt_vec(p), fmt_vec(qq))
                    });
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
                        // Its records: the ratios equal, and KL = ln c.
                        let mut st = Decider::new();
                        let ok = ratios.iter().all(|r| st.rat(r, "=", &ratios[0]))
                            && st.log(&k, "=", &LogLinear::ln(&ratios[0]));
                        s.push_recorded(
                            Decision::from_bool(ok),
                            st.records(),
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
                    // Its records: the `enclosure` records of D_(1-h) <= KL <= D_(1+h) (issue 44
                    // item 6), each giving the decision made.
                    let mut st = Decider::new();
                    let kk = crate::certify::enclosure::Enc::log_linear(&k);
                    st.enclosed_as(d, div_enc(p, qq, &lo_a), "<=", Some(kk.clone()));
                    st.enclosed_as(d, Some(kk), "<=", div_enc(p, qq, &hi_a));
                    s.push_recorded(
                        d,
                        st.records(),
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
                s.push_ext(&zero, "<=", d, -dh(d), || {
                    format!("{} nonnegativity at alpha={}", w(), orders[i])
                });
                let is_zero = extended_eq(d, &zero);
                let mut st = Decider::new();
                equal_or_where_not(&mut st, p, qq);
                st.ext(d, if p == qq { "=" } else { "!=" }, &zero);
                s.push_recorded(
                    Decision::from_bool(is_zero == (p == qq)),
                    st.records(),
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
                s.push_ext(
                    &ds[i - 1],
                    "<=",
                    &ds[i],
                    dh(&ds[i - 1]) - dh(&ds[i]),
                    || format!("{}: D_{} <= D_{}", w(), orders[i - 1], orders[i]),
                );
            }
            // α = 1/2 between D_0 and D_1 (certified intervals; exact when P = Q, when the
            // supports are disjoint (D_{1/2} = ∞) or when p/q is constant on supp P (every
            // D_α with α > 0 equals D_0 = ln c)).
            let d1 = &ds[usize::from(alpha0)];
            let mut st = Decider::new();
            let (dec, what) =
                half_order(p, qq, d1, if alpha0 { Some(&ds[0]) } else { None }, &mut st);
            s.push_recorded(
                dec,
                st.records(),
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

/// Whether `P = Q`, decided entrywise with `compare` records on `st`: every `p_i = q_i`, or
/// the first `p_i != q_i` (issue 44 item 6).
fn equal_or_where_not(st: &mut Decider, p: &[Rational], qq: &[Rational]) -> bool {
    match p.iter().zip(qq).find(|(x, y)| x != y) {
        Some((x, y)) => !st.rat(x, "!=", y),
        None => p.iter().zip(qq).all(|(x, y)| st.rat(x, "=", y)),
    }
}

/// The α = 1/2 links of ART-2: `D_{1/2} ≥ 0` with equality iff P = Q, `D_{1/2} ≤ D_1`, and (with
/// `d0`) `D_0 ≤ D_{1/2}`. Returns the decision and a description of the link decided; `st`
/// gets the step's records (issue 44 item 6): the exact facts of the first three cases, and in
/// the last the `enclosure` records of `D_{1/2}` ([`div_enc`]) against 0, `D_1` and `D_0`.
pub(super) fn half_order(
    p: &[Rational],
    qq: &[Rational],
    d1: &Div,
    d0: Option<&Div>,
    st: &mut Decider,
) -> (Decision, String) {
    let half = q(1, 2);
    if p == qq {
        equal_or_where_not(st, p, qq);
        return (Decision::True, "D_1/2 = 0 exactly (P = Q)".into());
    }
    let common = p.iter().zip(qq).any(|(x, y)| *x > 0u32 && *y > 0u32);
    let zero = Rational::from(0u32);
    if !common {
        // D_{1/2} = ∞ = D_1 = D_0: Σ p q = 0 (so Σ √(pq) = 0), and D_1 = ∞.
        let overlap: Rational = p.iter().zip(qq).map(|(x, y)| x * y).sum();
        st.rat(&overlap, "=", &zero);
        return (
            Decision::from_bool(st.ext(d1, "=", &None)),
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
        for r in &ratios {
            st.rat(r, "=", &ratios[0]);
        }
        let ok = st.ext(d1, "=", &c)
            & d0.is_none_or(|d| st.ext(d, "=", &c))
            & st.rat(&ratios[0], ">", &Rational::from(1u32));
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
    if crate::certify::recording() {
        use crate::certify::enclosure::Enc;
        // A common support point: Σ p q > 0, so D_{1/2} is finite.
        let overlap: Rational = p.iter().zip(qq).map(|(x, y)| x * y).sum();
        st.rat(&overlap, ">", &zero);
        let dh = div_enc(p, qq, &half).expect("a common support point");
        let mut links = vec![(Enc::q(&zero), dh.clone())];
        match d1 {
            Some(f) => links.push((dh.clone(), Enc::log_linear(f))),
            None => {
                st.ext(&Some(LogLinear::zero()), "<", d1);
            }
        }
        match d0 {
            Some(Some(f)) => links.push((Enc::log_linear(f), dh)),
            Some(None) => {
                st.unrecorded(false);
            }
            None => {}
        }
        for (a, b) in links {
            st.enclosed_as(dec, Some(a), "<", Some(b));
        }
    }
    (
        dec,
        format!(
            "0 < D_1/2 < D_1{} (interval@{bits})",
            if d0.is_some() { ", D_0 < D_1/2" } else { "" }
        ),
    )
}

/// `D_a(P‖Q)` at a rational order `a ≠ 1` as an enclosure tree (issue 44 item 6):
/// `(1/(a−1)) ln Σ p·exp((a−1) ln(p/q))` over the points where `p, q > 0` (with `q = 0 < p`,
/// `None` when `a > 1`: the divergence is infinite; a point with `p = 0` adds nothing when
/// `a > 0`). `None` when no point has `p, q > 0` (`D_a = ∞` for `a > 0`).
pub(super) fn div_enc(
    p: &[Rational],
    qq: &[Rational],
    a: &Rational,
) -> Option<crate::certify::enclosure::Enc> {
    use crate::certify::enclosure::Enc;
    let am1 = a - Rational::from(1u32);
    let mut terms = Vec::new();
    for (x, y) in p.iter().zip(qq) {
        if *x > 0u32 && *y == 0u32 && am1 > 0u32 {
            return None;
        }
        if *x > 0u32 && *y > 0u32 {
            let pow = Enc::fun(
                "exp",
                Enc::bin("*", Enc::q(&am1), Enc::fun("ln", Enc::q(&(x / y)))),
            );
            terms.push(Enc::bin("*", Enc::q(x), pow));
        }
    }
    let sum = terms.into_iter().reduce(|s, t| Enc::bin("+", s, t))?;
    Some(Enc::bin("/", Enc::fun("ln", sum), Enc::q(&am1)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table of [`div_enc`] against hand values: `D_2((1/2, 1/2)‖(1/4, 3/4)) =
    /// ln(1/4·4 + 1/4·4/3) = ln(4/3)`; `D_{1/2}(P‖P) = 0`; `D_{1/2}((1, 0)‖(1/2, 1/2)) =
    /// −2 ln √(1/2) = ln 2`; none for `q = 0 < p` above order 1, nor for disjoint supports.
    #[test]
    fn div_enc_table() {
        // The tree's enclosure meets the exact value's.
        let meets = |t: crate::certify::enclosure::Enc, want: &LogLinear| {
            let (a, b) = (t.eval(128).unwrap(), want.enclose(128));
            a.lo_rational().unwrap() <= b.hi_rational().unwrap()
                && b.lo_rational().unwrap() <= a.hi_rational().unwrap()
        };
        let (p, qq) = (vec![q(1, 2), q(1, 2)], vec![q(1, 4), q(3, 4)]);
        assert!(meets(
            div_enc(&p, &qq, &q(2, 1)).unwrap(),
            &LogLinear::ln(&q(4, 3))
        ));
        assert!(!meets(
            div_enc(&p, &qq, &q(2, 1)).unwrap(),
            &LogLinear::ln(&q(5, 4))
        ));
        assert!(meets(
            div_enc(&p, &p, &q(1, 2)).unwrap(),
            &LogLinear::zero()
        ));
        let (one0, half) = (vec![q(1, 1), q(0, 1)], vec![q(1, 2), q(1, 2)]);
        assert!(meets(
            div_enc(&one0, &half, &q(1, 2)).unwrap(),
            &LogLinear::ln(&q(2, 1))
        ));
        assert!(div_enc(&half, &one0, &q(2, 1)).is_none());
        assert!(div_enc(&one0, &[q(0, 1), q(1, 1)], &q(1, 2)).is_none());
    }

    /// ART-2's α = 1/2 link with its records (issue 44 item 6): every record true when the
    /// link holds (the interval case: `enclosure` records of 0 < D_1/2 < D_1 and D_0 < D_1/2;
    /// P = Q: `compare` records of the entries), and none where `D_1` is given wrongly.
    #[test]
    fn half_order_records_its_links() {
        crate::certify::start_recording();
        let (p, qq) = (vec![q(1, 2), q(1, 2)], vec![q(1, 4), q(3, 4)]);
        let d1 = renyi_divergence(RenyiOrder::One, &p, &qq);
        let d0 = renyi_divergence(RenyiOrder::Zero, &p, &qq);
        let mut st = Decider::new();
        let (d, _) = half_order(&p, &qq, &d1, Some(&d0), &mut st);
        assert_eq!(d, Decision::True);
        let recs = st.records().unwrap();
        let kinds: Vec<_> = recs.iter().map(|r| r["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["compare", "enclosure", "enclosure", "enclosure"]);
        assert!(recs.iter().all(|r| r["holds"] == true));
        let mut st = Decider::new();
        assert_eq!(
            half_order(&p, &p, &Some(LogLinear::zero()), None, &mut st).0,
            Decision::True
        );
        let recs = st.records().unwrap();
        assert!(
            recs.len() == 2
                && recs
                    .iter()
                    .all(|r| r["kind"] == "compare" && r["holds"] == true)
        );
        // A wrong D_1 (below D_1/2 ≈ 0.0694): the decision is false, and the step has no
        // records (its links do not all give that decision), so it is not certified.
        let low = Some(LogLinear::term(&q(1, 100), &q(2, 1)));
        let mut st = Decider::new();
        assert_eq!(half_order(&p, &qq, &low, None, &mut st).0, Decision::False);
        assert!(st.records().is_none());
    }
}
