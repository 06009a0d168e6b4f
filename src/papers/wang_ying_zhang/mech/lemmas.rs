//! Lemmas 4 and 5 of Wang–Ying–Zhang (App. B, l.478–496: ℰ_i and ℰ_d attain h(ε)) and the
//! derived claims on the two mechanisms: WYZ-L4, WYZ-L5, WYZ-X5 (DP and identifiability levels
//! within ε_X of each other) and WYZ-X9 (tensor structure and spectrum of G_α).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::shared::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "WYZ-L4",
            grid: grid_in_range,
            beyond: Some(nm_alpha_prior_beyond),
            check: l4,
        }
        .boxed(),
        fam("WYZ-L5", l5),
        fam("WYZ-X5", x5),
        fam("WYZ-X9", x9),
    ]
}

/// L4 (l.478–488): for ε ≥ ε̃_X (α ≤ α̃): ℰ_i is valid, its posterior on y with p_Y(y) > 0 is the
/// Gibbs posterior (41), it is ε-identifiable, and E d = h(ε). Instances with α > α̃ are outside
/// the statement (reported, vacuous).
fn l4(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let Some((w, py)) = e_i(&sp, &i.alpha, p) else {
        let what = "alpha > alpha~ (p_Y^(alpha) has a negative entry)";
        return crate::papers::wang_ying_zhang::lp_bounds::outside_range(&sp, &i.alpha, p, what);
    };
    let mut tally = Tally::new();
    tally.compare_all(row_stochastic(&w), || "validity".into());
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let pyw = output_distribution(p, &w);
    tally.compare_vec(&pyw, &py, || "output marginal".into());
    for y in 0..sp.size {
        if py[y] == 0u32 {
            continue;
        }
        for x in 0..sp.size {
            let post = &p[x] * &w[x][y] / &py[y];
            tally.compare(&post, "=", &(pw(&i.alpha, sp.d(x, y)) / &zz), || {
                format!("posterior ({x},{y})")
            });
        }
    }
    let lv = ident_level(&sp, p, &w).ratio.finite().cloned();
    tally.compare_ext(lv.as_ref(), "<=", Some(&(qi(1) / &i.alpha)), || {
        format!("level {lv:?}")
    });
    let d = distortion(&sp, p, &w);
    tally.compare(&d, "=", &optimal_distortion(sp.n, sp.m, &i.alpha), || {
        format!("distortion {d}")
    });
    let zeros = py.iter().filter(|v| **v == 0u32).count();
    tally.finish(
        "E_i valid, posterior Gibbs, identifiability ratio <= e^eps, distortion h",
        Method::Exact,
        &format!("in range; p_Y has {zeros} zero entries (posterior read on p_Y>0)"),
    )
}

/// L5 (l.490–496): ℰ_d has DP level exactly ε (attained) and distortion h(ε) for every prior.
fn l5(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let w = e_d(&sp, &i.alpha);
    let mut tally = Tally::new();
    let level = dp_level(&sp, &w);
    let lv = level.ratio.finite().cloned();
    tally.compare_ext(lv.as_ref(), "=", Some(&(qi(1) / &i.alpha)), || {
        format!("level {lv:?}")
    });
    let d = distortion(&sp, &i.prior.p, &w);
    tally.compare(&d, "=", &optimal_distortion(sp.n, sp.m, &i.alpha), || {
        format!("distortion {d}")
    });
    let ((x, xp), y) = (level.pair, level.output);
    tally.finish(
        "DP ratio of E_d = e^eps; distortion = h",
        Method::Exact,
        &format!(
            "attained at x={} x'={} y={}",
            super::super::core::show_pt(&sp, x),
            super::super::core::show_pt(&sp, xp),
            super::super::core::show_pt(&sp, y)
        ),
    )
}

/// X5: (a) ε-DP ⇒ (ε+ε_X)-identifiable; (b) ε-identifiable ⇒ (ε+ε_X)-DP; (c) identifiability
/// level of ℰ_d = ε + ε_X; (d) DP level of ℰ_i = ε + ε_X when the attaining pair (x, x') with
/// p_X(x')/p_X(x) = r_X has some y with p_Y(y) > 0 and d(x,y) < d(x',y) (condition checked).
fn x5(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite().expect("full support");
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 27, false);
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let dp = dp_level(&sp, w).ratio.finite().cloned().unwrap();
        let id = ident_level(&sp, p, w).ratio.finite().cloned().unwrap();
        tally.compare(&id, "<=", &(&dp * &r), || format!("#{k} (a)"));
        tally.compare(&dp, "<=", &(&id * &r), || format!("#{k} (b)"));
    }
    let ed = ident_level(&sp, p, &e_d(&sp, &i.alpha))
        .ratio
        .finite()
        .cloned()
        .unwrap();
    tally.compare(&ed, "=", &(qi(1) / &i.alpha * &r), || "(c)".into());
    let mut note = String::from("(d) outside range");
    if let Some((w, py)) = e_i(&sp, &i.alpha, p) {
        let lv = dp_level(&sp, &w).ratio.finite().cloned().unwrap();
        // Condition: some ordered pair (x, x') with p(x')/p(x) = r_X and y with p_Y(y) > 0,
        // y_i = x_i on the differing row (d(x,y) < d(x',y)).
        let cond = sp.ordered_pairs().iter().any(|&(x, xp)| {
            &p[xp] / &p[x] == r && (0..sp.size).any(|y| py[y] > 0u32 && sp.d(x, y) < sp.d(xp, y))
        });
        if cond {
            tally.compare(&lv, "=", &(qi(1) / &i.alpha * &r), || {
                format!("(d) level {lv}")
            });
            note = "(d) condition holds; DP ratio of E_i = e^eps r_X".into();
        } else {
            tally.compare(&lv, "<=", &(qi(1) / &i.alpha * &r), || "(d) upper".into());
            note = format!("(d) condition fails; DP ratio {lv} <= e^eps r_X");
        }
    }
    tally.finish(
        "(a),(b) on random mechanisms; (c) ident(E_d) = e^eps r_X; (d) DP(E_i) = e^eps r_X",
        Method::Exact,
        &note,
    )
}

/// X9: G_α = k_α^{⊗n}; ℰ_d = n independent m-ary randomized responses; the backward channel of
/// ℰ_i is the same per-row kernel; eigenvalues of G_α are g^{n−w}(1−α)^w/Z with multiplicity
/// C(n,w)(m−1)^w (eigenvectors built as tensor products and checked); G_α singular iff
/// α ∈ {1, −1/(m−1)} (roots of the eigenvalue numerators).
fn x9(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let alpha = &i.alpha;
    let gg = row_normaliser(sp.m, alpha);
    let k = |a: usize, b: usize| if a == b { qi(1) / &gg } else { alpha / &gg };
    let mut tally = Tally::new();
    let w = e_d(&sp, alpha);
    for x in 0..sp.size {
        for y in 0..sp.size {
            let prod: Rational = (0..sp.n).map(|r| k(sp.pts[x][r], sp.pts[y][r])).product();
            tally.compare(&w[x][y], "=", &prod, || format!("E_d tensor ({x},{y})"));
        }
    }
    if let Some((wi, py)) = e_i(&sp, alpha, &i.prior.p) {
        for y in 0..sp.size {
            if py[y] == 0u32 {
                continue;
            }
            for x in 0..sp.size {
                let post = &i.prior.p[x] * &wi[x][y] / &py[y];
                let prod: Rational = (0..sp.n).map(|r| k(sp.pts[x][r], sp.pts[y][r])).product();
                tally.compare(&post, "=", &prod, || format!("E_i backward ({x},{y})"));
            }
        }
    }
    // Eigenvectors: rows in S carry e_a − e_0 (a ≥ 1), others the all-ones vector.
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let mut counts = vec![0usize; sp.n + 1];
    let patterns = sp.size; // each pattern is a point of 𝒟ⁿ: coordinate 0 = ones, a ≥ 1 = e_a − e_0
    for pat in 0..patterns {
        let wdeg = sp.pts[pat].iter().filter(|&&a| a != 0).count();
        counts[wdeg] += 1;
        let v: Vec<Rational> = (0..sp.size)
            .map(|x| {
                (0..sp.n)
                    .map(|r| {
                        let a = sp.pts[pat][r];
                        let c = sp.pts[x][r];
                        if a == 0 || c == a {
                            qi(1)
                        } else if c == 0 {
                            qi(-1)
                        } else {
                            qi(0)
                        }
                    })
                    .product()
            })
            .collect();
        let lam = pw(&gg, sp.n - wdeg) * pw(&(qi(1) - alpha), wdeg) / &zz;
        let gv = gibbs_forward(&sp, alpha, &v);
        let lam_v: Vec<Rational> = v.iter().map(|b| &lam * b).collect();
        tally.compare_vec(&gv, &lam_v, || format!("eigvec {pat}"));
    }
    for (wd, c) in counts.iter().enumerate() {
        let mult = binom(sp.n, wd) * pw(&qi(sp.m as i64 - 1), wd);
        tally.compare(&qi(*c as i64), "=", &mult, || {
            format!("multiplicity w={wd}")
        });
    }
    // Singularity: the eigenvalue numerators (1+(m−1)α)^{n−w}(1−α)^w vanish only at
    // α = −1/(m−1) or α = 1: the count of distinct real roots, with the `sturm` records of
    // "no root" between and beyond the candidates (the negative half-line as num(−t) on
    // t > 1/(m−1)), and the value at each candidate (issue 44 item 1).
    let gpoly = Poly::new(vec![qi(1), qi(sp.m as i64 - 1)]);
    let omt = Poly::new(vec![qi(1), qi(-1)]);
    let (gneg, opt) = (
        Poly::new(vec![qi(1), qi(1 - sp.m as i64)]),
        Poly::new(vec![qi(1), qi(1)]),
    );
    let c = q(1, sp.m as i64 - 1);
    for wd in 0..=sp.n {
        let (a, b) = ((sp.n - wd) as u64, wd as u64);
        let num = &gpoly.pow(a) * &omt.pow(b);
        let cands = [-c.clone(), qi(1)];
        let vanish = cands.iter().filter(|c| num.eval(c) == 0u32).count();
        let distinct = crate::num::sturm::count_all_real_roots(&num);
        tally.compare(&qi(distinct as i64), "=", &qi(vanish as i64), || {
            format!("w={wd}: {distinct} real roots, {vanish} at 1 or -1/(m-1)")
        });
        for v in &cands {
            let rel = if num.eval(v) == 0u32 { "=" } else { "!=" };
            tally.compare(&num.eval(v), rel, &qi(0), || format!("w={wd} at {v}"));
        }
        let neg = (&gneg.pow(a) * &opt.pow(b)).to_string_var("t");
        let num = num.to_string_var("t");
        let recs: Vec<_> = [
            format!("forall t > 1: {num} != 0"),
            format!("forall t in (-{c}, 1): {num} != 0"),
            format!("forall t > {c}: {neg} != 0"),
        ]
        .iter()
        .flat_map(|s| crate::lang::recorded_sturm(s))
        .collect();
        let whole = recs.len() == 3 || !crate::certify::recording();
        tally.attach(recs.into_iter().map(Some).chain((!whole).then_some(None)));
    }
    tally.finish(
        "tensor structure of G_alpha, E_d, E_i; spectrum with multiplicities; singular iff alpha in {1, -1/(m-1)}",
        Method::Combined(vec![Method::Exact, Method::Polynomial]),
        "all m^n tensor eigenvectors checked",
    )
}
