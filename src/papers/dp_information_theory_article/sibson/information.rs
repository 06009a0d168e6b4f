//! Sibson's mutual information at integer order and at ∞, its minimiser `Q*` and the strong
//! duality bracket (ART-D6, 6, 7, 8, 9).

use super::shared::*;
use crate::claim::Outcome;

/// `R(Q) = S_α(P_X W ‖ P_X × Q)` from the definition (`None` = ∞).
pub(super) fn r_of(
    prior: &[Rational],
    w: &[Vec<Rational>],
    qy: &[Rational],
    al: u64,
) -> Option<Rational> {
    renyi_power_sum(&joint_rows(prior, w).concat(), &product_flat(prior, qy), al)
}

/// A Sibson grid cell: channels × priors × output distributions Q at order α.
#[derive(Clone, Debug)]
pub struct SibCell {
    pub o: RenyiOrder,
    pub nx: usize,
    pub ny: usize,
    pub n: u32,
}

impl fmt::Display for SibCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "alpha={} channels {}x{} rows in Delta_{}^{}, priors Delta_{}^4, Q in Delta_{}^4",
            self.o, self.nx, self.ny, self.ny, self.n, self.nx, self.ny
        )
    }
}

pub(super) fn sib_grid() -> Vec<SibCell> {
    let mut v = Vec::new();
    for o in [RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Inf] {
        v.push(SibCell {
            o,
            nx: 2,
            ny: 2,
            n: 4,
        });
        v.push(SibCell {
            o,
            nx: 2,
            ny: 3,
            n: 2,
        });
    }
    v
}

pub(super) fn sib_beyond(s: usize) -> Vec<SibCell> {
    let mut v = Vec::new();
    for o in [
        RenyiOrder::Int(2),
        RenyiOrder::Int(3),
        RenyiOrder::Int(5),
        RenyiOrder::Inf,
    ] {
        v.push(SibCell {
            o,
            nx: 2,
            ny: 2,
            n: 4 + s as u32,
        });
        v.push(SibCell {
            o,
            nx: 3,
            ny: 3,
            n: 1 + s as u32,
        });
    }
    v
}

/// Sibson's minimiser at α = ∞: `Q*(y) ∝ max_{x ∈ supp} W(y|x)`.
pub(super) fn q_star_inf(prior: &[Rational], w: &[Vec<Rational>]) -> Vec<Rational> {
    let m: Vec<Rational> = (0..w[0].len())
        .map(|y| {
            w.iter()
                .zip(prior)
                .filter(|(_, p)| **p > 0u32)
                .map(|(r, _)| r[y].clone())
                .max()
                .unwrap_or_default()
        })
        .collect();
    let z: Rational = m.iter().cloned().sum();
    m.into_iter().map(|x| x / &z).collect()
}

/// ART-D6 / ART-6 (l.346, 360–366): `min_Q D_α(P_X W‖P_X × Q) = (α/(α−1)) ln Z`, attained at
/// (Sibson's identity `R(Q) = Z^α S_α(Q*‖Q)` is checked exactly wherever Q* is rational)
/// `Q* ∝ (Σ_x P(x)W(y|x)^α)^{1/α}`. Per (prior, channel): every grid Q gives `R(Q) ≥ Z^α`
/// (never below the closed form); at α = ∞ the minimiser `Q* ∝ max_x W` is rational and
/// attains `ln Z` exactly; at integer α, Q* is attained exactly when rational, and otherwise a
/// rational rounding `Q_k` of Q* (2^-24 grid, f64 hint) certifies `R(Q_k) ≤ Z^α (1 + 2^-12)`,
/// so the closed form is the infimum.
pub(super) fn check_6(cell: &SibCell) -> Check {
    let mut s = DScan::new();
    let priors = simplex(cell.nx, 4);
    let qs = simplex(cell.ny, 4);
    let mut bits_max = 0u64;
    for w in channels(cell.nx, cell.ny, cell.n) {
        for prior in &priors {
            let wit = || cp(prior, &w);
            match cell.o {
                RenyiOrder::Inf => {
                    let z = Some(sibson_mutual_information_inf(&dist(prior), &chan(&w)));
                    let qs_ = q_star_inf(prior, &w);
                    let at = renyi_divergence(
                        RenyiOrder::Inf,
                        &joint_rows(prior, &w).concat(),
                        &product_flat(prior, &qs_),
                    );
                    s.push_ext(&at, "=", &z, -1.0, || format!("{}: value at Q*", wit()));
                    for qy in &qs {
                        let d = renyi_divergence(
                            RenyiOrder::Inf,
                            &joint_rows(prior, &w).concat(),
                            &product_flat(prior, qy),
                        );
                        s.push_ext(&z, "<=", &d, dh(&z) - dh(&d), || {
                            format!("{} Q={}", wit(), fmt_vec(qy))
                        });
                    }
                }
                RenyiOrder::Int(al) => {
                    let a = sib_a(prior, &w, al);
                    for qy in &qs {
                        let Some(rq) = r_of(prior, &w, qy, al) else {
                            continue;
                        };
                        // Each step with its record (issue 44 item 6).
                        let mut st = Decider::new();
                        let (d, _, bits) = zpow_le_recorded(&a, al, &rq, &mut st);
                        bits_max = bits_max.max(bits);
                        s.push_recorded(
                            d,
                            st.records(),
                            0.0,
                            || Value::text("Z^alpha", ""),
                            || Value::rational(&rq),
                            || format!("{} Q={}", wit(), fmt_vec(qy)),
                        );
                        // Sibson's identity R(Q) = Z^α S_α(Q*‖Q), exactly when Q* is rational.
                        if let (Some(zp), Some(qs)) = (z_pow_exact(&a, al), q_star_exact(&a, al)) {
                            let mut st = Decider::new();
                            let ok = match renyi_power_sum(&qs, qy, al) {
                                Some(sq) => st.rat(&(zp * sq), "=", &rq),
                                None => st.unrecorded(false),
                            };
                            s.push_recorded(
                                Decision::from_bool(ok),
                                st.records(),
                                -1.0,
                                || Value::rational(&rq),
                                || Value::text("Z^alpha S_alpha(Q*||Q)", ""),
                                || {
                                    format!(
                                        "{} Q={}: Sibson identity, Q* = {}",
                                        wit(),
                                        fmt_vec(qy),
                                        fmt_vec(&qs)
                                    )
                                },
                            );
                        }
                    }
                    // Attainment / infimum.
                    if z_pow_exact(&a, al).is_none() {
                        let inv = 1.0 / al as f64;
                        let roots: Vec<f64> = a.iter().map(|x| to_f64(x).powf(inv)).collect();
                        let qk = super::super::core::round_dist(&roots, 1u64 << 24);
                        if let Some(rq) = r_of(prior, &w, &qk, al) {
                            let tol =
                                Rational::from(1u32) + Rational::from_unsigneds(1u64, 1u64 << 12);
                            let (d, bits) = refine(
                                |prec| match z_pow_enclose(&a, al, prec) {
                                    Some(iv) => Interval::from_rational(&rq, prec)
                                        .le(&iv.mul_rational(&tol)),
                                    None => Decision::Unknown,
                                },
                                &DEFAULT_SCHEDULE,
                            );
                            bits_max = bits_max.max(bits);
                            // Its record: the same comparison after the α-th root,
                            // rq^(1/α) ≤ Z (1 + 2^-12)^(1/α) (issue 44 item 6).
                            let mut st = Decider::new();
                            {
                                use crate::certify::enclosure::Enc;
                                let root = |x: &Rational| root_enc(x, al);
                                let z = z_enc(&a, al).map(|z| Enc::bin("*", z, root(&tol)));
                                st.enclosed_as(d, Some(root(&rq)), "<=", z);
                            }
                            s.push_recorded(
                                d,
                                st.records(),
                                0.0,
                                || Value::rational(&rq),
                                || Value::text("Z^alpha (1 + 2^-12)", ""),
                                || format!("{}: rounded Q* = {}", wit(), fmt_vec(&qk)),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }
    s.finish(
        "D_alpha(P_X W || P_X x Q) >= (alpha/(alpha-1)) ln Z for grid Q, attained (or approached) at Q*",
        match cell.o {
            // Extended log-linear comparisons only (issue 44 item 6: labelled as decided).
            RenyiOrder::Inf => Method::LogLinear,
            _ => Method::Combined(vec![Method::Exact, Method::Interval { bits: bits_max.max(64) }]),
        },
    )
}

/// ART-D6 (l.346) read at α = ∞ only (the definition as a minimum, exact).
pub(super) fn check_d6(cell: &SibCell) -> Check {
    check_6(cell)
}

/// ART-7 (l.376–394) for BSC(p): (a) at every full-support grid prior Q* is uniform and
/// `I^s_∞ = ln(2 max(p, 1−p))`; (b) the worst case `sup_{P_X} I_∞ = ln max(p/(1−p), (1−p)/p)`
/// (the DP level): `I_∞ ≤` it at every grid prior, approached along `P_X = (1−η, η)`,
/// η = 2^-j (the value "P_Y = (p, 1−p)" is the limit η → 0 with Q = P_Y = W_0), never
/// attained; (c) along p = 2^-k: `ln 2 − I^s_∞ = −ln(1−p) ≤ 2p → 0` and the DP level
/// `ln((1−p)/p) ≥ (k−1) ln 2 → ∞`. Rates are per channel use.
pub(super) fn check_7(p: &Rational) -> Check {
    let one = Rational::from(1u32);
    let w = bsc_rows(p);
    let mx = if *p > &one - p { p.clone() } else { &one - p };
    let mn = &one - &mx;
    let sib = LogLinear::ln(&(Rational::from(2u32) * &mx));
    let dp = Some(LogLinear::ln(&(&mx / &mn)));
    let mut ok = true;
    // Every step with its record (issue 44 item 6).
    let mut st = Decider::new();
    for prior in simplex(2, 8) {
        let full = prior.iter().all(|x| *x > 0u32);
        if full {
            ok &= st.log(
                &sibson_mutual_information_inf(&dist(&prior), &chan(&w)),
                "=",
                &sib,
            );
            for qy in q_star_inf(&prior, &w) {
                ok &= st.rat(&qy, "=", &q(1, 2));
            }
        }
        let i = renyi_mutual_information(RenyiOrder::Inf, &dist(&prior), &chan(&w));
        // I_inf below the level, never equal to it: `i < dp`.
        ok &= match (&i, &dp) {
            (Some(a), Some(b)) => st.log(a, "<", b),
            _ => st.unrecorded(extended_le(&i, &dp) == Decision::True && !extended_eq(&i, &dp)),
        };
    }
    let mut prev: Div = Some(LogLinear::zero());
    let mut last = String::new();
    for j in 1..=20u32 {
        let eta = Rational::from_unsigneds(1u64, 1u64 << j);
        let prior = vec![&one - &eta, eta];
        let i = renyi_mutual_information(RenyiOrder::Inf, &dist(&prior), &chan(&w));
        ok &= st.ext(&prev, "<=", &i);
        if j == 20 {
            last = dv(&i).decimal;
        }
        prev = i;
    }
    // (c) limits along p = 2^-k.
    for k in 2..=12u32 {
        let pk = Rational::from_unsigneds(1u64, 1u64 << k);
        let gap = -LogLinear::ln(&(&one - &pk));
        ok &= st.log_vs_rat(&gap, "<=", &(Rational::from(2u32) * &pk));
        let lvl = LogLinear::ln(&((&one - &pk) / &pk));
        ok &= st.log(
            &LogLinear::term(&Rational::from(k - 1), &q(2, 1)),
            "<=",
            &lvl,
        );
    }
    let mut c = Check::new(
        "I^s_inf = ln(2 max(p,1-p)) (Q* uniform); sup_P I_inf = ln max(p/(1-p),(1-p)/p) approached, not attained; limits p -> 0",
        Value::log_linear(&sib),
        dv(&dp),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        Outcome::from_holds(ok),
    )
    .with_note(format!("I_inf at eta = 2^-20: {last}; rates per channel use"));
    c.records = st.records().unwrap_or_default();
    c
}

pub(super) fn bsc_grid7() -> Vec<Rational> {
    vec![q(1, 1000), q(1, 10), q(1, 4), q(2, 5)]
}

/// ART-8 (l.395–400): `I^s_α(P_X) ≤ I_α(P_X)` (Q = P_Y is feasible), α ∈ {2, 3, ∞}.
pub(super) fn check_8(cell: &SibCell) -> Check {
    let mut s = DScan::new();
    let mut bits_max = 0u64;
    let (mut by_exact, mut by_interval) = (false, false);
    for w in channels(cell.nx, cell.ny, cell.n) {
        for prior in simplex(cell.nx, 4) {
            match cell.o {
                RenyiOrder::Int(al) => {
                    let py = output_rows(&prior, &w);
                    let sv = r_of(&prior, &w, &py, al).expect("P_XY << P_X P_Y");
                    let a = sib_a(&prior, &w, al);
                    // With its record (issue 44 item 6): exact when Z^alpha is rational.
                    let mut st = Decider::new();
                    let (d, _, bits) = zpow_le_recorded(&a, al, &sv, &mut st);
                    bits_max = bits_max.max(bits);
                    if bits > 0 {
                        by_interval = true;
                    } else {
                        by_exact = true;
                    }
                    s.push_recorded(
                        d,
                        st.records(),
                        0.0,
                        || Value::text("Z^alpha", ""),
                        || Value::rational(&sv),
                        || cp(&prior, &w),
                    );
                }
                _ => {
                    let si = Some(sibson_mutual_information_inf(&dist(&prior), &chan(&w)));
                    let i = renyi_mutual_information(RenyiOrder::Inf, &dist(&prior), &chan(&w));
                    s.push_ext(&si, "<=", &i, dh(&si) - dh(&i), || cp(&prior, &w));
                }
            }
        }
    }
    s.finish(
        "I^s_alpha(P_X) <= I_alpha(P_X)  (Z^alpha <= S_alpha(P_XY||P_X P_Y))",
        // Labelled as decided (issue 44 item 6): extended log-linear comparisons at ∞; at an
        // integer order exact where Z^alpha is rational, by enclosures elsewhere.
        match (cell.o, by_exact, by_interval) {
            (RenyiOrder::Inf, ..) => Method::LogLinear,
            (_, true, false) => Method::Exact,
            (_, false, true) => Method::Interval {
                bits: bits_max.max(64),
            },
            _ => Method::Combined(vec![
                Method::Exact,
                Method::Interval {
                    bits: bits_max.max(64),
                },
            ]),
        },
    )
}

/// Strong duality of ART-9 for a binary-input channel at integer α, bracketed: the lower end
/// `I^s_α(P*) = ln Z(P*)^α/(α−1)` at a rational P* near the maximiser (Z is concave in the
/// input, so a floating ternary search is a sound hint), the upper end
/// `max_x D_α(W_x‖Q) = ln max_x S_α(W_x‖Q)/(α−1)` at the rational rounding Q of
/// `Q*(P*) ∝ A^{1/α}` (exact); certified `0 ≤ upper − lower ≤ 10^-6`.
pub(super) fn strong_duality_bracket(
    w: &[Vec<Rational>],
    al: u64,
    st: &mut Decider,
) -> (Decision, u64, String) {
    let wf: Vec<Vec<f64>> = w.iter().map(|r| r.iter().map(to_f64).collect()).collect();
    let inv = 1.0 / al as f64;
    let zf = |qq: f64| -> f64 {
        (0..wf[0].len())
            .map(|y| {
                ((1.0 - qq) * wf[0][y].powi(al as i32) + qq * wf[1][y].powi(al as i32)).powf(inv)
            })
            .sum()
    };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if zf(m1) < zf(m2) {
            lo = m1;
        } else {
            hi = m2;
        }
    }
    let scale = 1u64 << 40;
    let k = (((lo + hi) / 2.0) * scale as f64)
        .round()
        .clamp(1.0, (scale - 1) as f64) as u64;
    let prior = vec![
        Rational::from_unsigneds(scale - k, scale),
        Rational::from_unsigneds(k, scale),
    ];
    let a = sib_a(&prior, w, al);
    let roots: Vec<f64> = a.iter().map(|x| to_f64(x).powf(inv)).collect();
    let qy = super::super::core::round_dist(&roots, scale);
    let Some(m) = w
        .iter()
        .map(|row| renyi_power_sum(row, &qy, al))
        .collect::<Option<Vec<Rational>>>()
        .and_then(|v| v.into_iter().max())
    else {
        st.unrecorded(false);
        return (
            Decision::Unknown,
            0,
            "rounded Q* misses a row's support".into(),
        );
    };
    // lower ≤ upper ⇔ Z^α ≤ M; upper − lower ≤ 10^-6 ⇔ ln(M / Z^α) ≤ (α−1)·10^-6.
    let (weak, _, b1) = zpow_le_recorded(&a, al, &m, st);
    let tol = Rational::from(al - 1) * Rational::from_unsigneds(1u64, 1_000_000);
    let (close, b2) = refine(
        |prec| {
            let Some(z) = z_pow_enclose(&a, al, prec) else {
                return Decision::Unknown;
            };
            let Some(ratio) = Interval::from_rational(&m, prec).checked_div(&z) else {
                return Decision::Unknown;
            };
            match ratio.ln() {
                Some(l) => l.le(&Interval::from_rational(&tol, prec)),
                None => Decision::Unknown,
            }
        },
        &DEFAULT_SCHEDULE,
    );
    // Its record (issue 44 item 6): ln M − α ln Z ≤ tol by enclosures, the decision made.
    {
        use crate::certify::enclosure::Enc;
        let ln_ratio = z_enc(&a, al).filter(|_| m > 0u32).map(|z| {
            Enc::bin(
                "-",
                Enc::fun("ln", Enc::q(&m)),
                Enc::bin("*", Enc::q(&Rational::from(al)), Enc::fun("ln", z)),
            )
        });
        st.enclosed_as(close, ln_ratio, "<=", Some(Enc::q(&tol)));
    }
    let gap = z_pow_enclose(&a, al, 128)
        .and_then(|z| Interval::from_rational(&m, 128).checked_div(&z))
        .and_then(|r| r.ln())
        .map(|l| {
            l.mul_rational(&Rational::from_unsigneds(1, al - 1))
                .to_decimal_string(12)
        })
        .unwrap_or_default();
    (
        weak.and(close),
        b1.max(b2),
        format!("P* = (1 - {k}/2^40, {k}/2^40), gap in {gap}"),
    )
}

/// ART-9 (l.402): `sup_P I^s_α = inf_Q sup_x D_α(W_x‖Q)`.
/// - α = ∞, every grid channel: both sides equal `ln Σ_y max_x W(y|x)` exactly (attained at any
///   full-support P and at `Q* ∝ max_x W`); every grid Q has `max_x D_∞(W_x‖Q) ≥ ln Z`.
/// - integer α, every grid channel: weak duality `I^s_α(P) ≤ max_x D_α(W_x‖Q)` for all grid
///   (P, Q) (`Z^α ≤ R(Q) = Σ_x P(x) S_α(W_x‖Q) ≤ max_x S_α(W_x‖Q)`);
/// - integer α, symmetric channels (BSC(p), ternary RR): equality exactly at uniform P and Q;
/// - integer α, every binary-input grid channel: strong duality bracketed to within 10^-6
///   (see [`strong_duality_bracket`]).
pub(super) fn check_9(cell: &SibCell) -> Check {
    let mut s = DScan::new();
    let mut bits_max = 0u64;
    let qs = simplex(cell.ny, 4);
    let mut sym: Vec<Vec<Vec<Rational>>> = bsc_ps().iter().map(bsc_rows).collect();
    for t in [q(2, 1), q(5, 1)] {
        let z = &t + Rational::from(2u32);
        sym.push(
            (0..3)
                .map(|x| {
                    (0..3)
                        .map(|y| {
                            if x == y {
                                &t / &z
                            } else {
                                Rational::from(1u32) / &z
                            }
                        })
                        .collect()
                })
                .collect(),
        );
    }
    for w in channels(cell.nx, cell.ny, cell.n) {
        match cell.o {
            RenyiOrder::Inf => {
                let full = vec![Rational::from_unsigneds(1, w.len() as u64); w.len()];
                let lhs = Some(sibson_mutual_information_inf(&dist(&full), &chan(&w)));
                let qs_ = q_star_inf(&full, &w);
                let rad = |qy: &[Rational]| {
                    let mut best: Div = Some(LogLinear::zero());
                    for row in &w {
                        let d = renyi_divergence(RenyiOrder::Inf, row, qy);
                        if extended_le(&d, &best) == Decision::False {
                            best = d;
                        }
                    }
                    best
                };
                let at = rad(&qs_);
                s.push_ext(&lhs, "=", &at, -1.0, || format!("W={:?}: radius at Q*", w));
                for qy in &qs {
                    let r = rad(qy);
                    s.push_ext(&lhs, "<=", &r, dh(&lhs) - dh(&r), || {
                        format!("W={:?} Q={}", w, fmt_vec(qy))
                    });
                }
            }
            RenyiOrder::Int(al) => {
                for prior in simplex(cell.nx, 4) {
                    let a = sib_a(&prior, &w, al);
                    for qy in &qs {
                        let mx = w
                            .iter()
                            .map(|row| renyi_power_sum(row, qy, al))
                            .max_by(|x, y| match (x, y) {
                                (None, None) => Ordering::Equal,
                                (None, _) => Ordering::Greater,
                                (_, None) => Ordering::Less,
                                (Some(a), Some(b)) => a.cmp(b),
                            });
                        let Some(Some(mx)) = mx else { continue };
                        let mut st = Decider::new();
                        let (d, _, bits) = zpow_le_recorded(&a, al, &mx, &mut st);
                        bits_max = bits_max.max(bits);
                        s.push_recorded(
                            d,
                            st.records(),
                            0.0,
                            || Value::text("Z^alpha", ""),
                            || Value::rational(&mx),
                            || format!("{} Q={}", cp(&prior, &w), fmt_vec(qy)),
                        );
                    }
                }
            }
            _ => {}
        }
    }
    if let RenyiOrder::Int(al) = cell.o {
        if cell.nx == 2 {
            for w in channels(cell.nx, cell.ny, cell.n) {
                let mut st = Decider::new();
                let (d, bits, note) = strong_duality_bracket(&w, al, &mut st);
                bits_max = bits_max.max(bits);
                s.push_recorded(
                    d,
                    st.records(),
                    0.0,
                    || Value::text("I^s(P*)", ""),
                    || Value::text("radius at Q", ""),
                    || {
                        format!(
                            "W={}: strong duality bracket, {note}",
                            super::super::core::cp(&[], &w)
                        )
                    },
                );
            }
        }
        for w in &sym {
            let k = w.len() as u64;
            let u = vec![Rational::from_unsigneds(1, k); w.len()];
            let a = sib_a(&u, w, al);
            let z = z_pow_exact(&a, al);
            let rad = w
                .iter()
                .map(|row| renyi_power_sum(row, &u, al).expect("full support"))
                .max();
            // Its record: I^s_alpha(U) = (1/(alpha-1)) ln Z^alpha against the radius at U,
            // (1/(alpha-1)) ln max_x S_alpha(W_x||U), as log-linear forms (issue 44 item 6).
            let mut st = Decider::new();
            let c = Rational::from_unsigneds(1, al - 1);
            let ok = match (&z, &rad) {
                (Some(zv), Some(r)) if *zv > 0u32 && *r > 0u32 => {
                    st.log(&LogLinear::term(&c, zv), "=", &LogLinear::term(&c, r))
                }
                _ => st.unrecorded(false),
            };
            debug_assert_eq!(ok, z.is_some() && z == rad);
            s.push_recorded(
                Decision::from_bool(ok),
                st.records(),
                -1.0,
                || Value::text(format!("{z:?}"), ""),
                || Value::text(format!("{rad:?}"), ""),
                || format!("symmetric W={:?}: I^s(U) = radius at U", w),
            );
        }
    }
    s.finish(
        "sup_P I^s_alpha = inf_Q max_x D_alpha(W_x||Q): exact at alpha=inf and for symmetric channels; weak duality on the grid; binary-input strong duality bracketed within 1e-6",
        match cell.o {
            // Extended log-linear comparisons only (issue 44 item 6: labelled as decided).
            RenyiOrder::Inf => Method::LogLinear,
            _ => Method::Combined(vec![Method::Exact, Method::LogLinear, Method::Interval { bits: bits_max.max(64) }]),
        },
    )
}
