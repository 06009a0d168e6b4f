//! Entropies and the Rényi mutual information: the entropy order (ART-41), the definitions and
//! the chain of orders (ART-D4, D5, 4, 14), the BSC example (ART-5) and posteriors (ART-15, 16,
//! 17, 18, 19).

use super::divergence_definitions::Pairs;
use super::shared::*;

/// Rényi entropies `H_∞ ≤ H_3 ≤ H_2 ≤ H ≤ H_0` of one distribution, as forms.
pub(super) fn entropies(p: &[Rational]) -> Vec<(String, LogLinear)> {
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
pub(super) fn check_41_with(pc: &Pairs, largest: bool) -> Check {
    let mut s = DScan::new();
    for p in simplex(pc.k, pc.n) {
        let hs = entropies(&p);
        if largest {
            let (a, b) = (&hs[0].1, &hs[4].1);
            s.push_log(a, "=", b, || format!("P={}: H_inf < H_0", fmt_vec(&p)));
        } else {
            for i in 1..hs.len() {
                let (a, b) = (&hs[i - 1].1, &hs[i].1);
                s.push_log(a, "<=", b, || {
                    format!("P={}: {} <= {}", fmt_vec(&p), hs[i - 1].0, hs[i].0)
                });
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

pub(super) fn check_41(pc: &Pairs) -> Check {
    check_41_with(pc, false)
}

pub(super) fn check_41_largest(pc: &Pairs) -> Check {
    check_41_with(pc, true)
}

/// ART-D4 (l.297): `I_α(X;Y) = D_α(P_XY‖P_X P_Y)` is symmetric: equals `D_α(P_YX‖P_Y P_X)`.
pub(super) fn check_d4(cell: &ChanCell) -> Check {
    let mut a = Agree::new();
    cell.each(|prior, w| {
        let py = output_rows(prior, w);
        let ny = py.len();
        let jt = joint_rows(prior, w).concat();
        let mut jt_t = Vec::new();
        for y in 0..ny {
            for x in 0..prior.len() {
                jt_t.push(jt[x * ny + y].clone());
            }
        }
        let swapped = renyi_divergence(cell.o, &jt_t, &product_flat(&py, prior));
        let mut st = Decider::new();
        let ok = st.ext_eq(
            &renyi_mutual_information(cell.o, &dist(prior), &chan(w)),
            &swapped,
        );
        a.push_recorded(ok, st.records(), || cp(prior, w));
    });
    // Extended log-linear values at every order (issue 44 item 6: labelled as decided).
    a.finish("I_alpha(X;Y)  =  I_alpha(Y;X)", Method::LogLinear)
}

/// ART-D5 (l.322): at α = 1 the article's `I_1 = D(P_XY‖P_XP_Y)` is Shannon's
/// `I(X;Y) = Σ_x π(x) D(W_x‖P_Y)` (exact), so `C_1` is Shannon's capacity.
pub(super) fn check_d5(cell: &ChanCell) -> Check {
    let mut a = Agree::new();
    cell.each(|prior, w| {
        let shannon = mutual_information(&dist(prior), &chan(w));
        let mut st = Decider::new();
        let ok = st.ext_eq(
            &renyi_mutual_information(RenyiOrder::One, &dist(prior), &chan(w)),
            &Some(shannon),
        );
        a.push_recorded(ok, st.records(), || cp(prior, w));
    });
    a.finish(
        "D(P_XY || P_X P_Y)  =  sum_x P(x) D(W_x || P_Y)",
        Method::LogLinear,
    )
}

/// A pointwise chain `I_{o_0}(P_X) ≤ I_{o_1}(P_X) ≤ …` on a channel cell.
pub(super) fn chain(cell: &ChanCell, orders: &[RenyiOrder], what: &str) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let v: Vec<Div> = orders
            .iter()
            .map(|&o| renyi_mutual_information(o, &dist(prior), &chan(w)))
            .collect();
        for i in 1..v.len() {
            s.push_ext(&v[i - 1], "<=", &v[i], dh(&v[i - 1]) - dh(&v[i]), || {
                format!("{}: I_{} <= I_{}", cp(prior, w), orders[i - 1], orders[i])
            });
        }
    });
    // Extended log-linear comparisons, each with its record (issue 44 item 6).
    s.finish(what.to_string(), Method::LogLinear)
}

pub(super) fn one_cell_grid() -> Vec<ChanCell> {
    chan_cells(&[RenyiOrder::Inf])
}

pub(super) fn one_cell_beyond(s: usize) -> Vec<ChanCell> {
    chan_beyond(&[RenyiOrder::Inf], s)
}

/// ART-4 (l.327): `C_α` nondecreasing in α. Checked pointwise: `I_1 ≤ I_2 ≤ I_3 ≤ I_5 ≤ I_∞` at
/// every grid prior; the sup of pointwise larger functions is larger.
pub(super) fn check_4(cell: &ChanCell) -> Check {
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
pub(super) fn check_14(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let top = renyi_mutual_information(RenyiOrder::Inf, &dist(prior), &chan(w));
        for o in [
            RenyiOrder::Zero,
            RenyiOrder::One,
            RenyiOrder::Int(2),
            RenyiOrder::Int(3),
        ] {
            let v = renyi_mutual_information(o, &dist(prior), &chan(w));
            s.push_ext(&v, "<=", &top, dh(&v) - dh(&top), || {
                format!("{}: I_{o} <= I_inf", cp(prior, w))
            });
        }
    });
    s.finish("I_alpha <= I_inf, alpha in {0,1,2,3}", Method::LogLinear)
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
pub(super) fn check_5(p: &Rational) -> Check {
    let w = bsc_rows(p);
    let mut st = Decider::new();
    let one = Rational::from(1u32);
    let mut stoch = true;
    for r in &w {
        stoch &= st.rat(&r.iter().cloned().sum::<Rational>(), "=", &one);
    }
    let br = capacity_bracket_exact(&chan(&w));
    let want = &LogLinear::ln(&q(2, 1)) - &binary_entropy(p);
    let closed = st.log(&br.lower, "=", &want) && st.log(&br.upper, "=", &want);
    let mut c = Check::new(
        "C_1(BSC(p)) bracket [I(pi), max_x D(W_x||pi W)]  =  ln 2 - h(p)",
        Value::log_linear(&br.lower),
        Value::log_linear(&want),
        Method::LogLinear,
        Outcome::from_holds(stoch && closed),
    )
    .with_note("bracket closed exactly at the uniform prior; AWGN (continuous) not checked");
    c.records = st.records().unwrap_or_default();
    c
}

/// ART-15 (l.552): `D_∞(P_{X|y}‖P_X) ≤ I_∞(X;Y) ≤ C_∞ = ε` for every y with `P(y) > 0`; C_∞ is
/// the diameter (ART-12) and ε the channel's exact DP level `ln max W(y|x)/W(y|x')`, so
/// "= ε" holds with ε the tight level (and "≤ ε" for any larger ε).
pub(super) fn check_15(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let i_inf = renyi_mutual_information(RenyiOrder::Inf, &dist(prior), &chan(w));
        let c_inf = renyi_diameter(RenyiOrder::Inf, &chan(w));
        let py = output_rows(prior, w);
        for y in 0..py.len() {
            if py[y] == 0u32 {
                continue;
            }
            let d = renyi_divergence(
                RenyiOrder::Inf,
                &posterior(prior, w, y).expect("P(y) > 0"),
                prior,
            );
            s.push_ext(&d, "<=", &i_inf, dh(&d) - dh(&i_inf), || {
                format!("{} y={y}: D_inf(P_X|y || P_X) <= I_inf", cp(prior, w))
            });
        }
        s.push_ext(&i_inf, "<=", &c_inf, dh(&i_inf) - dh(&c_inf), || {
            format!("{}: I_inf <= C_inf = eps", cp(prior, w))
        });
    });
    s.finish(
        "D_inf(P_X|y || P_X) <= I_inf(X;Y) <= C_inf = eps (DP level of W)",
        Method::LogLinear,
    )
}

/// ART-16 (l.558): `E[D(P_{X|Y}‖P_X)] = I(X;Y) ≤ C_1`. Both readings of the expectation:
/// `E_Y` of `D(P_{X|y}‖P_X)` and `E_X` of `D(W_x‖P_Y)`; the bound by the certified capacity
/// bracket's upper end.
pub(super) fn check_16(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let i1 = renyi_mutual_information(RenyiOrder::One, &dist(prior), &chan(w)).expect("finite");
        let py = output_rows(prior, w);
        let mut ey = LogLinear::zero();
        for (y, pyy) in py.iter().enumerate() {
            if *pyy > 0u32 {
                ey = &ey
                    + &kl(&posterior(prior, w, y).expect("P(y) > 0"), prior)
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
        let mut st = Decider::new();
        let same = st.log(&ey, "=", &i1) && st.log(&ex, "=", &i1);
        s.push_recorded(
            Decision::from_bool(same),
            st.records(),
            -1.0,
            || Value::log_linear(&ey),
            || Value::log_linear(&i1),
            || format!("{}: E_Y / E_X identity", cp(prior, w)),
        );
        let up = capacity_bracket_exact(&chan(w)).upper;
        s.push_log_le(&i1, &up, || {
            format!("{}: I <= C_1 upper bracket", cp(prior, w))
        });
    });
    s.finish(
        "E_Y[D(P_X|Y || P_X)] = E_X[D(W_X || P_Y)] = I_1(X;Y) <= C_1",
        Method::LogLinear,
    )
}

/// ART-17 (l.563): `ln ‖e^{D_α(P_{X|Y}‖P_X)}‖_{L^{α−1}(P_Y)} = I_α(X;Y)`, i.e.
/// `Σ_y P(y) S_α(P_{X|y}‖P_X) = S_α(P_XY‖P_XP_Y)` for integer α (norm taken w.r.t. P_Y).
pub(super) fn check_17(cell: &ChanCell) -> Check {
    let RenyiOrder::Int(al) = cell.o else {
        return undecided_because("integer orders only");
    };
    let mut a = Agree::new();
    cell.each(|prior, w| {
        let py = output_rows(prior, w);
        let mut lhs = Some(Rational::from(0u32));
        for (y, pyy) in py.iter().enumerate() {
            if *pyy > 0u32 {
                let sa = renyi_power_sum(&posterior(prior, w, y).expect("P(y) > 0"), prior, al);
                lhs = match (lhs, sa) {
                    (Some(a), Some(b)) => Some(a + pyy * b),
                    _ => None,
                };
            }
        }
        let rhs = renyi_power_sum(
            &joint_rows(prior, w).concat(),
            &product_flat(prior, &py),
            al,
        );
        match (&lhs, &rhs) {
            (Some(x), Some(y)) => a.push_compare(x, "=", y, || cp(prior, w)),
            _ => a.push_ok(lhs == rhs, || cp(prior, w)),
        }
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
pub(super) fn check_18(cell: &ChanCell) -> Check {
    let ss = [q(9, 8), q(3, 2), q(2, 1), q(4, 1)];
    let mut sc = DScan::new();
    cell.each(|prior, w| {
        let py = output_rows(prior, w);
        let posts: Vec<(Rational, Vec<Rational>)> = (0..py.len())
            .filter(|&y| py[y] > 0u32)
            .map(|y| (py[y].clone(), posterior(prior, w, y).expect("P(y) > 0")))
            .collect();
        for s in &ss {
            match cell.o {
                RenyiOrder::Int(al) => {
                    let t = renyi_power_sum(
                        &joint_rows(prior, w).concat(),
                        &product_flat(prior, &py),
                        al,
                    )
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
                    sc.push_rat(&pe, "<=", &rhs, 0.0, || {
                        format!("{} R=ln {s}", cp(prior, w))
                    });
                }
                _ => {
                    let i1 = renyi_mutual_information(RenyiOrder::One, &dist(prior), &chan(w))
                        .expect("finite");
                    let lr = LogLinear::ln(s);
                    let pe: Rational = posts
                        .iter()
                        .filter(|(_, post)| kl(post, prior).expect("finite") >= lr)
                        .map(|(pyy, _)| pyy.clone())
                        .sum();
                    // P(E) ≤ ε/R ⇔ P(E)·R ≤ ε.
                    let lhs = lr.scale(&pe);
                    sc.push_ext(&Some(lhs), "<=", &Some(i1), 0.0, || {
                        format!("{} R=ln {s} (alpha=1: P(E) R <= eps)", cp(prior, w))
                    });
                }
            }
        }
    });
    sc.finish(
        "P_Y(D_alpha(P_X|y||P_X) >= R)  <=  (e^{(alpha-1)eps}-1)/(e^{(alpha-1)R}-1) with eps = I_alpha",
        // Rationals at an integer order, log-linear forms at 1 (issue 44 item 6).
        match cell.o {
            RenyiOrder::Int(_) => Method::Exact,
            _ => Method::LogLinear,
        },
    )
}

/// ART-19 (l.581–588): ε-DP (ε = the channel's exact level) ⇒
/// `D_α(P_{X|y}‖P_X) ≤ D_∞(P_{X|y}‖P_X) ≤ ε` for every y, α ∈ {1, 2, 3}.
pub(super) fn check_19(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let eps = renyi_diameter(RenyiOrder::Inf, &chan(w));
        let py = output_rows(prior, w);
        for y in 0..py.len() {
            if py[y] == 0u32 {
                continue;
            }
            let post = posterior(prior, w, y).expect("P(y) > 0");
            let dinf = renyi_divergence(RenyiOrder::Inf, &post, prior);
            s.push_ext(&dinf, "<=", &eps, dh(&dinf) - dh(&eps), || {
                format!("{} y={y}: D_inf <= eps", cp(prior, w))
            });
            for o in [RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Int(3)] {
                let d = renyi_divergence(o, &post, prior);
                s.push_ext(&d, "<=", &dinf, dh(&d) - dh(&dinf), || {
                    format!("{} y={y}: D_{o} <= D_inf", cp(prior, w))
                });
            }
        }
    });
    s.finish(
        "D_alpha(P_X|y||P_X) <= D_inf(P_X|y||P_X) <= eps (exact DP level)",
        Method::LogLinear,
    )
}
