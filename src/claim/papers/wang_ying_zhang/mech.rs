//! Mechanism-level claims of Wang–Ying–Zhang: the definitions D2–D10, D15–D17, the main-text
//! facts S1–S3, S7 (mechanism part), S10, S15, Lemmas 4 and 5, and the derived X5, X9.
//! Everything is exact: mechanisms are rational matrices at rational t = e^{−ε}.

use super::core::{
    binom, distortion, dp_level, e_d, e_i, gibbs_forward, gibbs_normaliser, gibbs_p_y, ident_level,
    optimal_distortion, pw, q, qi, r_x, random_mech, row_normaliser, Lcg, Mech, Space,
};
use super::inst::{grid_nmtp, nmtp_beyond, Nmtp, Tally};
use super::prior::{threshold, Threshold};
use crate::claim::{Check, ClaimChecker, Family, Method};
use crate::measure::{entropy, mutual_information_of_rows, output_distribution};
use crate::num::{Poly, Rational};

fn fam(id: &'static str, check: fn(&Nmtp) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_nmtp,
        beyond: Some(nmtp_beyond),
        check,
    }
    .boxed()
}

fn fam_small(id: &'static str, check: fn(&Nmtp) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: || {
            grid_nmtp()
                .into_iter()
                .filter(|i| i.m.pow(i.n as u32) <= 8)
                .collect()
        },
        beyond: None,
        check,
    }
    .boxed()
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
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
        fam_small("WYZ-S1", s1),
        fam("WYZ-S2", s2),
        fam("WYZ-S3", s3),
        fam("WYZ-S10", s10),
        fam("WYZ-S15", s15),
        Family {
            id: "WYZ-L4",
            grid: grid_in_range,
            beyond: Some(nmtp_beyond),
            check: l4,
        }
        .boxed(),
        fam("WYZ-L5", l5),
        fam("WYZ-X5", x5),
        fam("WYZ-X9", x9),
    ]
}

/// A rational t inside the T1a range (0, t̃] of the prior: t̃ itself when rational, else the
/// lower end of an isolating interval refined to width 1/1000 (and > 0).
pub fn t_in_range(sp: &Space, p: &[Rational]) -> Rational {
    match threshold(sp, p) {
        Threshold::WholeInterval => q(1, 2),
        Threshold::Root(mut r, _) => {
            if let Some(v) = r.as_rational() {
                return v.clone();
            }
            r.refine_to(&q(1, 1000));
            while r.lo <= 0u32 && r.as_rational().is_none() {
                r.bisect();
            }
            r.as_rational().cloned().unwrap_or(r.lo.clone())
        }
    }
}

/// The default grid plus, for every prior, t = a rational point of (0, t̃] (t̃ itself for
/// product priors, where p_Y has zeros).
pub fn grid_in_range() -> Vec<Nmtp> {
    let mut v = grid_nmtp();
    let mut extra = Vec::new();
    for i in v.iter().filter(|i| i.t == q(1, 2)) {
        let sp = Space::new(i.n, i.m);
        extra.push(Nmtp {
            n: i.n,
            m: i.m,
            t: t_in_range(&sp, &i.prior.p),
            prior: i.prior.clone(),
        });
    }
    v.extend(extra);
    v
}

fn rand_mechs(sp: &Space, seed: u64, zeros: bool) -> Vec<Mech> {
    let mut rng = Lcg(seed);
    (0..4)
        .map(|_| random_mech(&mut rng, sp.size, sp.size, 4, zeros))
        .collect()
}

fn row_stochastic(w: &Mech) -> bool {
    w.iter()
        .all(|r| r.iter().all(|v| *v >= 0u32) && r.iter().sum::<Rational>() == 1u32)
}

/// D2 (Def 1): a mechanism on ℛ = 𝒟ⁿ is a row-stochastic N×N matrix; E_d and (where the
/// prior is in range) E_i are.
fn d2(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut t = Tally::new();
    t.check(row_stochastic(&e_d(&sp, &i.t)), || "E_d".into());
    if let Some((w, _)) = e_i(&sp, &i.t, &i.prior.p) {
        t.check(row_stochastic(&w), || "E_i".into());
    }
    for w in rand_mechs(&sp, 3, true) {
        t.check(row_stochastic(&w), || "random".into());
    }
    t.finish(
        "mechanisms are row-stochastic",
        Method::Exact,
        "E_d, E_i, 4 random",
    )
}

/// D3 (Def 2, eq (1)): the posterior-form level over y with p_Y(y) > 0 equals the joint form.
fn d3(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 5, true);
    ws.push(e_d(&sp, &i.t));
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
        t.check(best == joint, || {
            format!("mechanism #{k}: {best:?} vs {joint:?}")
        });
    }
    t.finish(
        "posterior-form identifiability level (y with p_Y>0) = joint-form level",
        Method::Exact,
        "4 random mechanisms with zeros and E_d; reading: y with p_Y(y) > 0",
    )
}

/// D4 (Def 3, eq (2)): W is ε-DP at e^ε = its DP level L, and the bound is attained (so not
/// at any smaller e^ε).
fn d4(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 7, false);
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let lv = dp_level(&sp, w);
        let l = lv
            .ratio
            .finite()
            .cloned()
            .expect("positive mechanisms have finite level");
        let mut attained = false;
        for (x, xp) in sp.ordered_pairs() {
            for y in 0..sp.size {
                t.check(w[x][y] <= &l * &w[xp][y], || format!("#{k} (2) at L"));
                attained |= w[x][y] == &l * &w[xp][y];
            }
        }
        t.check(attained, || format!("#{k}: level not attained"));
    }
    t.finish(
        "(2) holds at e^eps = DP level and is attained",
        Method::Exact,
        "4 random positive mechanisms and E_d",
    )
}

/// Pr{Y ∈ S | x} for a bitmask S.
fn set_prob(w: &Mech, x: usize, s: usize) -> Rational {
    (0..w[x].len())
        .filter(|y| s >> y & 1 == 1)
        .map(|y| w[x][y].clone())
        .sum()
}

/// The set-form level max_{x~x', S} Pr(S|x)/Pr(S|x') (None = ∞).
fn set_level(sp: &Space, w: &Mech) -> Option<Rational> {
    let mut best = qi(1);
    for (x, xp) in sp.ordered_pairs() {
        for s in 1..(1usize << sp.size) {
            let a = set_prob(w, x, s);
            let b = set_prob(w, xp, s);
            if b == 0u32 {
                if a > 0u32 {
                    return None;
                }
                continue;
            }
            best = best.max(a / b);
        }
    }
    Some(best)
}

/// D5 (eq (3)): (2) at e^ε = L implies Pr{Y∈S|x} ≤ e^ε Pr{Y∈S|x'} for every S ⊆ ℛ.
fn d5(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 9, true);
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let l = dp_level(&sp, w).ratio.finite().cloned();
        if let Some(l) = l {
            for (x, xp) in sp.ordered_pairs() {
                for s in 1..(1usize << sp.size) {
                    t.check(set_prob(w, x, s) <= &l * set_prob(w, xp, s), || {
                        format!("#{k} S={s:b}")
                    });
                }
            }
        }
    }
    t.finish(
        "(2) at e^eps = L  =>  (3) for all 2^N events",
        Method::Enumeration,
        "4 random mechanisms and E_d; all subsets",
    )
}

/// S1 (l.89): on ℛ = 𝒟ⁿ the set-form level equals the pointwise level (both directions).
fn s1(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 11, true);
    ws.extend(rand_mechs(&sp, 12, false));
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let a = set_level(&sp, w);
        let b = dp_level(&sp, w).ratio.finite().cloned();
        t.check(a == b, || {
            format!("#{k}: set level {a:?} vs pointwise {b:?}")
        });
    }
    t.finish(
        "max over events = max over singletons",
        Method::Enumeration,
        "8 random mechanisms (4 with zeros) and E_d; all 2^N events",
    )
}

/// D6 (eq (4), nats): I(X;Y) = H(X) + H(Y) − H(X,Y), exactly.
fn d6(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 13, true);
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let mi = mutual_information_of_rows(p, w);
        let py = output_distribution(p, w);
        let joint: Vec<Rational> = (0..sp.size)
            .flat_map(|x| (0..sp.size).map(move |y| (x, y)))
            .map(|(x, y)| &p[x] * &w[x][y])
            .collect();
        let alt = &(&entropy(p) + &entropy(&py)) - &entropy(&joint);
        t.check(mi == alt, || format!("#{k}"));
    }
    t.finish(
        "I(X;Y) by (4) = H(X)+H(Y)-H(X,Y) (nats, exact log-linear)",
        Method::LogLinear,
        "4 random mechanisms and E_d",
    )
}

/// D7 (eq (5)): E d(X,Y) = Σ_l l Pr{d(X,Y) = l}.
fn d7(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 15, true);
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let mut lv = vec![qi(0); sp.n + 1];
        for x in 0..sp.size {
            for y in 0..sp.size {
                lv[sp.d(x, y)] += &p[x] * &w[x][y];
            }
        }
        let alt: Rational = lv.iter().enumerate().map(|(l, v)| qi(l as i64) * v).sum();
        t.check(distortion(&sp, p, w) == alt, || format!("#{k}"));
    }
    t.finish(
        "(5) = mean of d(X,Y) by levels",
        Method::Exact,
        "4 random and E_d",
    )
}

/// D8 (eqs (6), (7)): feasible sets are nested (an ε-DP / ε-identifiable mechanism is ε'-private
/// for ε' ≥ ε), so D*(ε) is nonincreasing; convention D*(ε) = +∞ when no mechanism is
/// ε-private (LP-I at e^ε < r_X, see WYZ-L3).
fn d8(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut t = Tally::new();
    let w = e_d(&sp, &i.t);
    let dp = dp_level(&sp, &w).ratio.finite().cloned().unwrap();
    let id = ident_level(&sp, p, &w).ratio.finite().cloned().unwrap();
    for e in [q(11, 10), q(2, 1), q(10, 1)] {
        let e2 = &e * (qi(1) / &i.t);
        t.check(dp <= e2, || "DP nested".into());
        t.check(id <= &e * &id, || "ident nested".into());
    }
    t.check(dp == qi(1) / &i.t, || "level of E_d".into());
    t.finish(
        "eps-private => eps'-private for eps' >= eps",
        Method::Exact,
        "E_d at t and e^eps' in {11/10, 2, 10} x 1/t",
    )
}

/// D9 (eqs (8)–(12)): the joint form of PD-I: for q = p_X W, Σ_y q = p_X (11), the posterior
/// form of the objective equals Σ q d, and (9) holds on y with p_Y > 0.
fn d9(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 17, true);
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let py = output_distribution(p, w);
        let mut obj_post = qi(0);
        for y in 0..sp.size {
            if py[y] == 0u32 {
                continue;
            }
            let post: Vec<Rational> = (0..sp.size).map(|x| &p[x] * &w[x][y] / &py[y]).collect();
            t.check(post.iter().sum::<Rational>() == 1u32, || {
                format!("#{k} (9) y={y}")
            });
            for x in 0..sp.size {
                obj_post += &py[y] * &post[x] * qi(sp.d(x, y) as i64);
            }
        }
        for x in 0..sp.size {
            let s: Rational = (0..sp.size).map(|y| &p[x] * &w[x][y]).sum();
            t.check(s == p[x], || format!("#{k} (11) x={x}"));
        }
        t.check(py.iter().sum::<Rational>() == 1u32, || "sum p_Y".into());
        t.check(obj_post == distortion(&sp, p, w), || {
            format!("#{k} objective")
        });
    }
    t.finish(
        "PD-I posterior form = joint form (objective, (9), (11))",
        Method::Exact,
        "4 random and E_d",
    )
}

/// D10 (eqs (13)–(15)): PD-DP is feasible at every ε ≥ 0: W(x,·) = uniform has DP level 1 and
/// distortion n(m−1)/m for every prior.
fn d10(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let w: Mech = vec![vec![q(1, sp.size as i64); sp.size]; sp.size];
    let mut t = Tally::new();
    t.check(
        dp_level(&sp, &w).ratio.finite().cloned() == Some(qi(1)),
        || "level".into(),
    );
    let d = distortion(&sp, &i.prior.p, &w);
    t.check(d == q((sp.n * (sp.m - 1)) as i64, sp.m as i64), || {
        format!("distortion {d}")
    });
    t.finish(
        "uniform rows: 0-DP with distortion n(m-1)/m",
        Method::Exact,
        "",
    )
}

/// ℰ_i by formula (26) without filtering (entries may be negative when p_Y is).
fn e_i_raw(sp: &Space, t: &Rational, p: &[Rational], py: &[Rational]) -> Mech {
    let zz = gibbs_normaliser(sp.n, sp.m, t);
    (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| &py[y] * pw(t, sp.d(x, y)) / (&p[x] * &zz))
                .collect()
        })
        .collect()
}

/// D15 (eq (26)): with p_Y = G_t⁻¹p_X (verified by the direct product), the rows of ℰ_i sum
/// to 1, and ℰ_i ≥ 0 iff p_Y ≥ 0.
fn d15(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut t = Tally::new();
    let py = gibbs_p_y(&sp, &i.t, p).expect("t < 1");
    t.check(gibbs_forward(&sp, &i.t, &py) == *p, || {
        "G_t p_Y != p_X".into()
    });
    let w = e_i_raw(&sp, &i.t, p, &py);
    for (x, row) in w.iter().enumerate() {
        t.check(row.iter().sum::<Rational>() == 1u32, || format!("row {x}"));
    }
    let nonneg = w.iter().all(|r| r.iter().all(|v| *v >= 0u32));
    let py_nonneg = py.iter().all(|v| *v >= 0u32);
    t.check(nonneg == py_nonneg, || "nonnegativity <=> p_Y >= 0".into());
    t.finish(
        "E_i rows sum to 1 (G_t p_Y = p_X); E_i >= 0 <=> p_Y >= 0",
        Method::Exact,
        &format!("p_Y >= 0: {py_nonneg}"),
    )
}

/// D16 (eq (27)): ℰ_d entries t^{d}/Z > 0 with rows summing to 1.
fn d16(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let w = e_d(&sp, &i.t);
    let mut t = Tally::new();
    t.check(row_stochastic(&w), || "rows".into());
    t.check(w.iter().all(|r| r.iter().all(|v| *v > 0u32)), || {
        "positivity".into()
    });
    t.finish("E_d is a channel", Method::Exact, "")
}

/// D17 (eqs (28)–(30)): I(p_X, W) is convex in W: midpoint convexity on random pairs, exact.
fn d17(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let ws = rand_mechs(&sp, 19, true);
    let mut t = Tally::new();
    for a in 0..ws.len() {
        for b in (a + 1)..ws.len() {
            let mid: Mech = (0..sp.size)
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
            t.check(lhs <= rhs, || format!("pair ({a},{b})"));
        }
    }
    t.finish(
        "I(mid) <= (I(W1)+I(W2))/2",
        Method::LogLinear,
        "6 pairs of random channels",
    )
}

/// S2 (l.89): the DP level is a function of W alone; the identifiability level is not
/// (witnessed on the same mechanism under different priors when the prior is not uniform).
fn s2(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut t = Tally::new();
    for w in rand_mechs(&sp, 21, false) {
        let a = dp_level(&sp, &w).ratio.finite().cloned();
        // The same matrix read under the uniform prior and under this prior: DP level equal.
        let u = super::core::uniform(&sp);
        let i1 = ident_level(&sp, &u.p, &w).ratio.finite().cloned();
        let i2 = ident_level(&sp, &i.prior.p, &w).ratio.finite().cloned();
        t.check(
            a == dp_level(&sp, &w.clone()).ratio.finite().cloned(),
            || "DP level".into(),
        );
        t.check(i1 == a, || {
            "uniform prior: identifiability = DP level".into()
        });
        let _ = i2;
    }
    t.finish(
        "DP level depends on W only",
        Method::Exact,
        "4 random mechanisms; under the uniform prior the identifiability level equals it (S7)",
    )
}

/// S3 (l.101): I = 0 for constant rows (X ⫫ Y); I ≤ H(X) on random channels; I = H(X) for Y = X
/// and for injective f; reading "if" (checked also: a non-injective f gives I < H(X)).
fn s3(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let hx = entropy(p);
    let mut t = Tally::new();
    let row = random_mech(&mut Lcg(23), 1, sp.size, 5, false).remove(0);
    let indep: Mech = vec![row; sp.size];
    t.check(mutual_information_of_rows(p, &indep).is_zero(), || {
        "independent".into()
    });
    for w in rand_mechs(&sp, 25, true) {
        t.check(mutual_information_of_rows(p, &w) <= hx, || {
            "I > H(X)".into()
        });
    }
    let ident: Mech = (0..sp.size)
        .map(|x| (0..sp.size).map(|y| qi((x == y) as i64)).collect())
        .collect();
    t.check(mutual_information_of_rows(p, &ident) == hx, || {
        "Y = X".into()
    });
    let perm: Mech = (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| qi((y == (x + 1) % sp.size) as i64))
                .collect()
        })
        .collect();
    t.check(mutual_information_of_rows(p, &perm) == hx, || {
        "injective f".into()
    });
    let merge: Mech = (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| qi((y == x.min(sp.size - 2)) as i64))
                .collect()
        })
        .collect();
    t.check(mutual_information_of_rows(p, &merge) < hx, || {
        "non-injective f".into()
    });
    t.finish(
        "I=0 if independent; I <= H(X); = H(X) for injective f; < for non-injective",
        Method::LogLinear,
        "4 random channels",
    )
}

/// S10 (l.206): ℰ_d is the exponential mechanism with score −d. Reading 1: weights exp(ε'q)
/// with ε' = ε give ℰ_d exactly. Reading 2 (standard, exp(ε' q/(2Δq)), Δq = 1): weights
/// exp(−ε' d/2) equal ℰ_d iff ε' = 2ε, whose generic guarantee (ε'-DP = 2ε) is twice the exact
/// DP level ε of ℰ_d (computed).
fn s10(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let w = e_d(&sp, &i.t);
    let mut t = Tally::new();
    for x in 0..sp.size {
        let norm: Rational = (0..sp.size).map(|y| pw(&i.t, sp.d(x, y))).sum();
        for y in 0..sp.size {
            // exp(ε·(−d)) = t^d; reading 2 with ε' = 2ε: exp(−ε' d/2) = t^d as well.
            t.check(w[x][y] == pw(&i.t, sp.d(x, y)) / &norm, || {
                format!("({x},{y})")
            });
        }
    }
    t.check(
        dp_level(&sp, &w).ratio.finite().cloned() == Some(qi(1) / &i.t),
        || "exact level".into(),
    );
    t.finish(
        "E_d = exponential mechanism with score -d (entrywise)",
        Method::Exact,
        "reading exp(eps q): eps' = eps; reading exp(eps' q/(2 Dq)): eps' = 2 eps, generic guarantee 2 eps vs exact DP level eps",
    )
}

/// S15 (l.37) quantified: the identifiability level of ℰ_d at ε is exactly ε + ε_X.
fn s15(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let (r, _) = r_x(&sp, p);
    let r = r.expect("full support");
    let lv = ident_level(&sp, p, &e_d(&sp, &i.t))
        .ratio
        .finite()
        .cloned()
        .expect("finite");
    Check::rationals(
        "identifiability ratio of E_d  =  e^eps * e^eps_X",
        &lv,
        "=",
        &(qi(1) / &i.t * &r),
    )
}

/// L4 (l.478–488): for ε ≥ ε̃_X (t ≤ t̃): ℰ_i is valid, its posterior on y with p_Y(y) > 0 is the
/// Gibbs posterior (41), it is ε-identifiable, and E d = h(ε). Instances with t > t̃ are outside
/// the statement (reported, vacuous).
fn l4(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let Some((w, py)) = e_i(&sp, &i.t, p) else {
        return crate::claim::out_of_range("t > t~ (p_Y^(t) has a negative entry)");
    };
    let mut t = Tally::new();
    t.check(row_stochastic(&w), || "validity".into());
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let pyw = output_distribution(p, &w);
    t.check(pyw == py, || "output marginal".into());
    for y in 0..sp.size {
        if py[y] == 0u32 {
            continue;
        }
        for x in 0..sp.size {
            let post = &p[x] * &w[x][y] / &py[y];
            t.check(post == pw(&i.t, sp.d(x, y)) / &zz, || {
                format!("posterior ({x},{y})")
            });
        }
    }
    let lv = ident_level(&sp, p, &w).ratio.finite().cloned();
    t.check(lv.as_ref().is_some_and(|v| *v <= qi(1) / &i.t), || {
        format!("level {lv:?}")
    });
    let d = distortion(&sp, p, &w);
    t.check(d == optimal_distortion(sp.n, sp.m, &i.t), || {
        format!("distortion {d}")
    });
    let zeros = py.iter().filter(|v| **v == 0u32).count();
    t.finish(
        "E_i valid, posterior Gibbs, identifiability ratio <= e^eps, distortion h",
        Method::Exact,
        &format!("in range; p_Y has {zeros} zero entries (posterior read on p_Y>0)"),
    )
}

/// L5 (l.490–496): ℰ_d has DP level exactly ε (attained) and distortion h(ε) for every prior.
fn l5(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let w = e_d(&sp, &i.t);
    let mut t = Tally::new();
    let level = dp_level(&sp, &w);
    let lv = level.ratio.finite().cloned();
    t.check(lv == Some(qi(1) / &i.t), || format!("level {lv:?}"));
    let d = distortion(&sp, &i.prior.p, &w);
    t.check(d == optimal_distortion(sp.n, sp.m, &i.t), || {
        format!("distortion {d}")
    });
    let ((x, xp), y) = (level.pair, level.output);
    t.finish(
        "DP ratio of E_d = e^eps; distortion = h",
        Method::Exact,
        &format!(
            "attained at x={} x'={} y={}",
            super::core::show_pt(&sp, x),
            super::core::show_pt(&sp, xp),
            super::core::show_pt(&sp, y)
        ),
    )
}

/// X5: (a) ε-DP ⇒ (ε+ε_X)-identifiable; (b) ε-identifiable ⇒ (ε+ε_X)-DP; (c) identifiability
/// level of ℰ_d = ε + ε_X; (d) DP level of ℰ_i = ε + ε_X when the attaining pair (x, x') with
/// p_X(x')/p_X(x) = r_X has some y with p_Y(y) > 0 and d(x,y) < d(x',y) (condition checked).
fn x5(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).0.expect("full support");
    let mut t = Tally::new();
    let mut ws = rand_mechs(&sp, 27, false);
    ws.push(e_d(&sp, &i.t));
    for (k, w) in ws.iter().enumerate() {
        let dp = dp_level(&sp, w).ratio.finite().cloned().unwrap();
        let id = ident_level(&sp, p, w).ratio.finite().cloned().unwrap();
        t.check(id <= &dp * &r, || format!("#{k} (a)"));
        t.check(dp <= &id * &r, || format!("#{k} (b)"));
    }
    let ed = ident_level(&sp, p, &e_d(&sp, &i.t))
        .ratio
        .finite()
        .cloned()
        .unwrap();
    t.check(ed == qi(1) / &i.t * &r, || "(c)".into());
    let mut note = String::from("(d) outside range");
    if let Some((w, py)) = e_i(&sp, &i.t, p) {
        let lv = dp_level(&sp, &w).ratio.finite().cloned().unwrap();
        // Condition: some ordered pair (x, x') with p(x')/p(x) = r_X and y with p_Y(y) > 0,
        // y_i = x_i on the differing row (d(x,y) < d(x',y)).
        let cond = sp.ordered_pairs().iter().any(|&(x, xp)| {
            &p[xp] / &p[x] == r && (0..sp.size).any(|y| py[y] > 0u32 && sp.d(x, y) < sp.d(xp, y))
        });
        if cond {
            t.check(lv == qi(1) / &i.t * &r, || format!("(d) level {lv}"));
            note = "(d) condition holds; DP ratio of E_i = e^eps r_X".into();
        } else {
            t.check(lv <= qi(1) / &i.t * &r, || "(d) upper".into());
            note = format!("(d) condition fails; DP ratio {lv} <= e^eps r_X");
        }
    }
    t.finish(
        "(a),(b) on random mechanisms; (c) ident(E_d) = e^eps r_X; (d) DP(E_i) = e^eps r_X",
        Method::Exact,
        &note,
    )
}

/// X9: G_t = k_t^{⊗n}; ℰ_d = n independent m-ary randomized responses; the backward channel of
/// ℰ_i is the same per-row kernel; eigenvalues of G_t are g^{n−w}(1−t)^w/Z with multiplicity
/// C(n,w)(m−1)^w (eigenvectors built as tensor products and checked); G_t singular iff
/// t ∈ {1, −1/(m−1)} (roots of the eigenvalue numerators).
fn x9(i: &Nmtp) -> Check {
    let sp = Space::new(i.n, i.m);
    let tt = &i.t;
    let gg = row_normaliser(sp.m, tt);
    let k = |a: usize, b: usize| if a == b { qi(1) / &gg } else { tt / &gg };
    let mut t = Tally::new();
    let w = e_d(&sp, tt);
    for x in 0..sp.size {
        for y in 0..sp.size {
            let prod: Rational = (0..sp.n).map(|r| k(sp.pts[x][r], sp.pts[y][r])).product();
            t.check(w[x][y] == prod, || format!("E_d tensor ({x},{y})"));
        }
    }
    if let Some((wi, py)) = e_i(&sp, tt, &i.prior.p) {
        for y in 0..sp.size {
            if py[y] == 0u32 {
                continue;
            }
            for x in 0..sp.size {
                let post = &i.prior.p[x] * &wi[x][y] / &py[y];
                let prod: Rational = (0..sp.n).map(|r| k(sp.pts[x][r], sp.pts[y][r])).product();
                t.check(post == prod, || format!("E_i backward ({x},{y})"));
            }
        }
    }
    // Eigenvectors: rows in S carry e_a − e_0 (a ≥ 1), others the all-ones vector.
    let zz = gibbs_normaliser(sp.n, sp.m, tt);
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
        let lam = pw(&gg, sp.n - wdeg) * pw(&(qi(1) - tt), wdeg) / &zz;
        let gv = gibbs_forward(&sp, tt, &v);
        t.check(gv.iter().zip(&v).all(|(a, b)| *a == &lam * b), || {
            format!("eigvec {pat}")
        });
    }
    for (wd, c) in counts.iter().enumerate() {
        t.check(
            qi(*c as i64) == binom(sp.n, wd) * pw(&qi(sp.m as i64 - 1), wd),
            || format!("multiplicity w={wd}"),
        );
    }
    // Singularity: the eigenvalue numerators (1+(m−1)t)^{n−w}(1−t)^w vanish only at
    // t = −1/(m−1) or t = 1.
    let gpoly = Poly::new(vec![qi(1), qi(sp.m as i64 - 1)]);
    let omt = Poly::new(vec![qi(1), qi(-1)]);
    for wd in 0..=sp.n {
        let num = &gpoly.pow((sp.n - wd) as u64) * &omt.pow(wd as u64);
        let cands = [q(-1, sp.m as i64 - 1), qi(1)];
        let vanish = cands.iter().filter(|c| num.eval(c) == 0u32).count();
        let distinct = crate::num::sturm::count_all_real_roots(&num);
        t.check(distinct == vanish, || {
            format!("w={wd}: {distinct} real roots, {vanish} at 1 or -1/(m-1)")
        });
    }
    t.finish(
        "tensor structure of G_t, E_d, E_i; spectrum with multiplicities; singular iff t in {1, -1/(m-1)}",
        Method::Combined(vec![Method::Exact, Method::Polynomial]),
        "all m^n tensor eigenvectors checked",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_prior_threshold_is_in_range() {
        let sp = Space::new(2, 2);
        let p = super::super::core::iid_linear(&sp).p;
        let t = t_in_range(&sp, &p);
        assert!(e_i(&sp, &t, &p).is_some());
        assert!(super::super::prior::row_marginals_if_product(&sp, &p).is_some());
    }
}
