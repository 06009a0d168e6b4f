//! The definitions of Wang–Ying–Zhang on mechanisms (§II and App. A, eqs (1)–(15) and
//! (26)–(30)): WYZ-D2, WYZ-D3, WYZ-D4, WYZ-D5, WYZ-D6, WYZ-D7, WYZ-D8, WYZ-D9, WYZ-D10 (mechanisms,
//! DP and identifiability, mutual information, distortion, the problems PD-I and PD-DP), WYZ-D15,
//! WYZ-D16 (the mechanisms ℰ_i, ℰ_d) and WYZ-D17 (convexity of I in W).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::shared::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam("WYZ-D2", d2),
        fam("WYZ-D3", d3),
        fam("WYZ-D4", d4),
        fam_small("WYZ-D5", d5),
        fam("WYZ-D6", d6),
        fam("WYZ-D7", d7),
        fam("WYZ-D8", d8),
        fam("WYZ-D9", d9),
        fam("WYZ-D10", d10),
        fam("WYZ-D15", d15),
        fam("WYZ-D16", d16),
        fam("WYZ-D17", d17),
    ]
}

/// D2 (Def 1): a mechanism on ℛ = 𝒟ⁿ is a row-stochastic N×N matrix; E_d and (where the
/// prior is in range) E_i are.
fn d2(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    tally.compare_all(row_stochastic(&e_d(&sp, &i.alpha)), || "E_d".into());
    if let Some((w, _)) = e_i(&sp, &i.alpha, &i.prior.p) {
        tally.compare_all(row_stochastic(&w), || "E_i".into());
    }
    for w in rand_mechs(&sp, 3, true) {
        tally.compare_all(row_stochastic(&w), || "random".into());
    }
    tally.finish(
        "mechanisms are row-stochastic",
        Method::Exact,
        "E_d, E_i, 4 random",
    )
}

/// D3 (Def 2, eq (1)): the posterior-form level over y with p_Y(y) > 0 equals the joint form.
fn d3(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 5, true);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let py = output_distribution(p, w);
        let mut best: Option<Rational> = Some(qi(1));
        'outer: for (x, xp) in sp.ordered_pairs() {
            for y in 0..sp.size {
                if py[y] == 0u32 {
                    continue;
                }
                let a = &p[x] * &w[x][y] / &py[y];
                let b = &p[xp] * &w[xp][y] / &py[y];
                if b == 0u32 {
                    if a > 0u32 {
                        best = None;
                        break 'outer;
                    }
                    continue;
                }
                let r = a / b;
                if best.as_ref().is_some_and(|v| r > *v) {
                    best = Some(r);
                }
            }
        }
        let joint = ident_level(&sp, p, w).ratio.finite().cloned();
        tally.compare_ext(best.as_ref(), "=", joint.as_ref(), || {
            format!("mechanism #{k}: {best:?} vs {joint:?}")
        });
    }
    tally.finish(
        "posterior-form identifiability level (y with p_Y>0) = joint-form level",
        Method::Exact,
        "4 random mechanisms with zeros and E_d; reading: y with p_Y(y) > 0",
    )
}

/// D4 (Def 3, eq (2)): W is ε-DP at e^ε = its DP level L, and the bound is attained (so not
/// at any smaller e^ε).
fn d4(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 7, false);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let lv = dp_level(&sp, w);
        let l = lv
            .ratio
            .finite()
            .cloned()
            .expect("positive mechanisms have finite level");
        // (2) at every (x ~ x', y) at once: the largest W(y|x) − L·W(y|x') is ≤ 0; it is
        // 0 exactly when (2) is tight somewhere, i.e. the level is attained.
        let worst = sp
            .ordered_pairs()
            .into_iter()
            .flat_map(|(x, xp)| (0..sp.size).map(move |y| (x, xp, y)))
            .map(|(x, xp, y)| &w[x][y] - &l * &w[xp][y])
            .max()
            .expect("a pair");
        tally.compare(&worst, "<=", &qi(0), || format!("#{k} (2) at L"));
        tally.compare(&worst, "=", &qi(0), || format!("#{k}: level not attained"));
    }
    tally.finish(
        "(2) holds at e^eps = DP level and is attained",
        Method::Exact,
        "4 random positive mechanisms and E_d",
    )
}

/// D5 (eq (3)): (2) at e^ε = L implies Pr{Y∈S|x} ≤ e^ε Pr{Y∈S|x'} for every S ⊆ ℛ.
fn d5(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 9, true);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let l = dp_level(&sp, w).ratio.finite().cloned();
        if let Some(l) = l {
            // One sub-check per pair: the largest Pr{S|x} − L·Pr{S|x'} over the 2^N − 1
            // events is ≤ 0 (its `compare` record; the search over events is trusted).
            for (x, xp) in sp.ordered_pairs() {
                let gap = (1..(1u64 << sp.size))
                    .map(|s| event_probability(&w[x], s) - &l * event_probability(&w[xp], s))
                    .max()
                    .expect("N >= 1");
                tally.compare(&gap, "<=", &qi(0), || format!("#{k} ({x},{xp})"));
            }
        }
    }
    tally.finish(
        "(2) at e^eps = L  =>  (3) for all 2^N events",
        Method::Enumeration,
        "4 random mechanisms and E_d; all subsets",
    )
}

/// D6 (eq (4), nats): I(X;Y) = H(X) + H(Y) − H(X,Y), exactly.
fn d6(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 13, true);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let mi = mutual_information_of_rows(p, w);
        let py = output_distribution(p, w);
        let joint: Vec<Rational> = (0..sp.size)
            .flat_map(|x| (0..sp.size).map(move |y| (x, y)))
            .map(|(x, y)| &p[x] * &w[x][y])
            .collect();
        let alt = &(&entropy(p) + &entropy(&py)) - &entropy(&joint);
        tally.compare_log(&mi, "=", &alt, || format!("#{k}"));
    }
    tally.finish(
        "I(X;Y) by (4) = H(X)+H(Y)-H(X,Y) (nats, exact log-linear)",
        Method::LogLinear,
        "4 random mechanisms and E_d",
    )
}

/// D7 (eq (5)): E d(X,Y) = Σ_l l Pr{d(X,Y) = l}.
fn d7(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 15, true);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let mut lv = vec![qi(0); sp.n + 1];
        for x in 0..sp.size {
            for y in 0..sp.size {
                lv[sp.d(x, y)] += &p[x] * &w[x][y];
            }
        }
        let alt: Rational = lv.iter().enumerate().map(|(l, v)| qi(l as i64) * v).sum();
        tally.compare(&distortion(&sp, p, w), "=", &alt, || format!("#{k}"));
    }
    tally.finish(
        "(5) = mean of d(X,Y) by levels",
        Method::Exact,
        "4 random and E_d",
    )
}

/// D8 (eqs (6), (7)): feasible sets are nested (an ε-DP / ε-identifiable mechanism is ε'-private
/// for ε' ≥ ε), so D*(ε) is nonincreasing; convention D*(ε) = +∞ when no mechanism is
/// ε-private (LP-I at e^ε < r_X, see WYZ-L3).
fn d8(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let w = e_d(&sp, &i.alpha);
    let dp = dp_level(&sp, &w).ratio.finite().cloned().unwrap();
    let id = ident_level(&sp, p, &w).ratio.finite().cloned().unwrap();
    for e in [q(11, 10), q(2, 1), q(10, 1)] {
        let e2 = &e * (qi(1) / &i.alpha);
        tally.compare(&dp, "<=", &e2, || "DP nested".into());
        tally.compare(&id, "<=", &(&e * &id), || "ident nested".into());
    }
    tally.compare(&dp, "=", &(qi(1) / &i.alpha), || "level of E_d".into());
    tally.finish(
        "eps-private => eps'-private for eps' >= eps",
        Method::Exact,
        "E_d at alpha and e^eps' in {11/10, 2, 10} x 1/alpha",
    )
}

/// D9 (eqs (8)–(12)): the joint form of PD-I: for q = p_X W, Σ_y q = p_X (11), the posterior
/// form of the objective equals Σ q d, and (9) holds on y with p_Y > 0.
fn d9(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 17, true);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let py = output_distribution(p, w);
        let mut obj_post = qi(0);
        for y in 0..sp.size {
            if py[y] == 0u32 {
                continue;
            }
            let post: Vec<Rational> = (0..sp.size).map(|x| &p[x] * &w[x][y] / &py[y]).collect();
            tally.compare(&post.iter().sum::<Rational>(), "=", &qi(1), || {
                format!("#{k} (9) y={y}")
            });
            for x in 0..sp.size {
                obj_post += &py[y] * &post[x] * qi(sp.d(x, y) as i64);
            }
        }
        for x in 0..sp.size {
            let s: Rational = (0..sp.size).map(|y| &p[x] * &w[x][y]).sum();
            tally.compare(&s, "=", &p[x], || format!("#{k} (11) x={x}"));
        }
        tally.compare(&py.iter().sum::<Rational>(), "=", &qi(1), || {
            "sum p_Y".into()
        });
        tally.compare(&obj_post, "=", &distortion(&sp, p, w), || {
            format!("#{k} objective")
        });
    }
    tally.finish(
        "PD-I posterior form = joint form (objective, (9), (11))",
        Method::Exact,
        "4 random and E_d",
    )
}

/// D10 (eqs (13)–(15)): PD-DP is feasible at every ε ≥ 0: W(x,·) = uniform has DP level 1 and
/// distortion n(m−1)/m for every prior.
fn d10(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let w: Rows = vec![vec![q(1, sp.size as i64); sp.size]; sp.size];
    let mut tally = Tally::new();
    let level = dp_level(&sp, &w).ratio;
    tally.compare_ext(level.finite(), "=", Some(&qi(1)), || "level".into());
    let d = distortion(&sp, &i.prior.p, &w);
    let printed = q((sp.n * (sp.m - 1)) as i64, sp.m as i64);
    tally.compare(&d, "=", &printed, || format!("distortion {d}"));
    tally.finish(
        "uniform rows: 0-DP with distortion n(m-1)/m",
        Method::Exact,
        "",
    )
}

/// ℰ_i by formula (26) without filtering (entries may be negative when p_Y is).
fn e_i_raw(sp: &Space, alpha: &Rational, p: &[Rational], py: &[Rational]) -> Rows {
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| &py[y] * pw(alpha, sp.d(x, y)) / (&p[x] * &zz))
                .collect()
        })
        .collect()
}

/// D15 (eq (26)): with p_Y = G_α⁻¹p_X (verified by the direct product), the rows of ℰ_i sum
/// to 1, and ℰ_i ≥ 0 iff p_Y ≥ 0.
fn d15(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let py = gibbs_p_y(&sp, &i.alpha, p).expect("alpha < 1");
    tally.compare_vec(&gibbs_forward(&sp, &i.alpha, &py), p, || {
        "G_alpha p_Y != p_X".into()
    });
    let w = e_i_raw(&sp, &i.alpha, p, &py);
    for (x, row) in w.iter().enumerate() {
        tally.compare(&row.iter().sum::<Rational>(), "=", &qi(1), || {
            format!("row {x}")
        });
    }
    // E_i ≥ 0 ⇔ p_Y ≥ 0: the smallest entries of both are on the same side of 0 (the side
    // of p_Y's, so both records hold exactly when the equivalence does at this instance).
    let min_w = w.iter().flatten().min().expect("N >= 1").clone();
    let min_py = py.iter().min().expect("N >= 1").clone();
    let py_nonneg = min_py >= 0u32;
    let side = if py_nonneg { ">=" } else { "<" };
    tally.compare_all([(min_w, side, qi(0)), (min_py, side, qi(0))], || {
        "nonnegativity <=> p_Y >= 0".into()
    });
    tally.finish(
        "E_i rows sum to 1 (G_alpha p_Y = p_X); E_i >= 0 <=> p_Y >= 0",
        Method::Exact,
        &format!("p_Y >= 0: {py_nonneg}"),
    )
}

/// D16 (eq (27)): ℰ_d entries α^{d}/Z > 0 with rows summing to 1.
fn d16(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let w = e_d(&sp, &i.alpha);
    let mut tally = Tally::new();
    tally.compare_all(row_stochastic(&w), || "rows".into());
    let min = w.iter().flatten().min().expect("N >= 1");
    tally.compare(min, ">", &qi(0), || "positivity".into());
    tally.finish("E_d is a channel", Method::Exact, "")
}

/// D17 (eqs (28)–(30)): I(p_X, W) is convex in W: midpoint convexity on random pairs, exact.
fn d17(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let ws = rand_mechs(&sp, 19, true);
    let mut tally = Tally::new();
    for a in 0..ws.len() {
        for b in (a + 1)..ws.len() {
            let mid: Rows = (0..sp.size)
                .map(|x| {
                    (0..sp.size)
                        .map(|y| (&ws[a][x][y] + &ws[b][x][y]) / qi(2))
                        .collect()
                })
                .collect();
            let lhs = mutual_information_of_rows(p, &mid);
            let rhs = (&mutual_information_of_rows(p, &ws[a])
                + &mutual_information_of_rows(p, &ws[b]))
                .scale(&q(1, 2));
            tally.compare_log(&lhs, "<=", &rhs, || format!("pair ({a},{b})"));
        }
    }
    tally.finish(
        "I(mid) <= (I(W1)+I(W2))/2",
        Method::LogLinear,
        "6 pairs of random channels",
    )
}
