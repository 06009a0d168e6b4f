//! The end of Lemma 1's proof (App. A, eqs (40)–(42), l.345–418): the lower bound WYZ-L1.eq40,
//! the Gibbs posterior's feasibility and value WYZ-L1.C2, the triangle step WYZ-L1.s12 (and
//! WYZ-L1.s12-corrected), the distortion identity WYZ-L1.s14 and the conclusion WYZ-L1.s15.

use super::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam_l1("WYZ-L1.eq40", l1eq40),
        fam_steps("WYZ-L1.C2", l1c2),
        Family {
            id: "WYZ-L1.s12",
            grid: || nm_upto(81),
            beyond: Some(nm_beyond),
            check: l1s12,
        }
        .boxed(),
        Family {
            id: "WYZ-L1.s12-corrected",
            grid: || nm_upto(27),
            beyond: Some(nm_beyond),
            check: l1s12_corrected,
        }
        .boxed(),
        fam_steps("WYZ-L1.s14", l1s14),
        fam_l1("WYZ-L1.s15", l1s15),
    ]
}

/// L1.eq40: D*_relaxed(ε) ≥ h(ε) (dual certificate of LP-R, weighted by any p_Y).
fn l1eq40(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let c = certify_lpr(&sp, &i.t, 0);
    let hh = optimal_distortion(i.n, i.m, &i.t);
    if c.tally.failed > 0 {
        return c
            .tally
            .finish("dual certificate", Method::LpCertificate, "");
    }
    let mut ch = Check::rationals(
        "certified dual lower bound of LP-R  >=  h(eps)",
        &c.dual,
        ">=",
        &hh,
    );
    ch.method = Method::LpCertificate;
    ch.with_note("dual feasible point (u = h, kappa) checked at every vertex; by vertex-transitivity every y")
}

/// L1.C2 (eqs (41), (42)): the Gibbs posterior with any p_Y is R-PD feasible with objective h.
fn l1c2(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let e = qi(1) / &i.t;
    let hh = optimal_distortion(i.n, i.m, &i.t);
    let mut t = Tally::new();
    let mut rng = Lcg(5);
    for trial in 0..3 {
        let w: Vec<Rational> = (0..sp.size).map(|_| qi(rng.below(4) as i64)).collect();
        let s: Rational = w.iter().sum();
        let py: Vec<Rational> = if s == 0u32 {
            vec![q(1, sp.size as i64); sp.size]
        } else {
            w.iter().map(|v| v / &s).collect()
        };
        let mut obj = qi(0);
        for y in 0..sp.size {
            let col: Vec<Rational> = (0..sp.size).map(|x| pw(&i.t, sp.d(x, y)) / &zz).collect();
            t.check(col.iter().sum::<Rational>() == 1u32, || {
                format!("y={y} mass")
            });
            for &(a, b) in sp.ordered_pairs().iter() {
                t.check(col[a] <= &e * &col[b], || format!("y={y} pair ({a},{b})"));
            }
            for x in 0..sp.size {
                obj += &py[y] * &col[x] * qi(sp.d(x, y) as i64);
            }
        }
        t.check(obj == hh, || {
            format!("trial {trial}: objective {obj} != h {hh}")
        });
    }
    t.finish(
        "Gibbs posterior (41) R-PD feasible and objective (42) = h",
        Method::Exact,
        "3 random p_Y (with zeros); every constraint enumerated",
    )
}

/// L1.s12 as printed (l.375–383): "by the triangle inequality d(x,y) ≤ d(x',y) − d(x',x)".
fn l1s12(i: &Nm) -> Check {
    let sp = i.space();
    for x in 0..sp.size {
        for (xp, _) in sp.neighbours(x) {
            for y in 0..sp.size {
                let lhs = sp.d(x, y) as i64;
                let rhs = sp.d(xp, y) as i64 - 1;
                if lhs > rhs {
                    return Check::rationals(
                        "d(x,y)  <=  d(x',y) - d(x',x) (printed step)",
                        &qi(lhs),
                        "<=",
                        &qi(rhs),
                    )
                    .with_note(format!(
                        "x={} x'={} y={}: the triangle inequality gives the reverse d(x,y) >= d(x',y) - 1, which is what t^d(x,y) <= t^(d(x',y)-1) needs",
                        super::super::core::show_pt(&sp, x),
                        super::super::core::show_pt(&sp, xp),
                        super::super::core::show_pt(&sp, y)
                    ));
                }
            }
        }
    }
    Check::new(
        "printed step",
        Value::text("holds", ""),
        Value::text("", ""),
        Method::Enumeration,
        Outcome::Holds,
    )
}

/// L1.s12-corrected: d(x,y) ≥ d(x',y) − d(x',x) (the triangle inequality), hence
/// t^{d(x,y)} ≤ t^{d(x',y)−1} for t ∈ (0,1] and p(x|y) ≤ e^ε p(x'|y) for the Gibbs posterior.
fn l1s12_corrected(i: &Nm) -> Check {
    let sp = i.space();
    let mut t = Tally::new();
    for tt in [q(1, 3), q(1, 2), q(1, 1)] {
        let zz = gibbs_normaliser(sp.n, sp.m, &tt);
        let e = qi(1) / &tt;
        for x in 0..sp.size {
            for (xp, _) in sp.neighbours(x) {
                for y in 0..sp.size {
                    let (a, b) = (sp.d(x, y), sp.d(xp, y));
                    t.check(a + 1 >= b, || format!("triangle x={x} x'={xp} y={y}"));
                    let px = pw(&tt, a) / &zz;
                    let pxp = pw(&tt, b) / &zz;
                    t.check(pw(&tt, a) <= &pw(&tt, b) * &e, || {
                        format!("t-step at {x},{xp},{y}")
                    });
                    t.check(px <= &e * pxp, || format!("conclusion at {x},{xp},{y}"));
                }
            }
        }
    }
    t.finish(
        "d(x,y) >= d(x',y) - 1; t^d(x,y) <= t^(d(x',y)-1); p(x|y) <= e^eps p(x'|y)",
        Method::Enumeration,
        "all x ~ x', y; t in {1/3,1/2,1}",
    )
}

/// L1.s14 (l.397–410): Σ_l l C(n,l)(m−1)^l t^l = n(m−1)t(1+(m−1)t)^{n−1} (identity in Q[t]),
/// and the Gibbs-posterior distortion computed by enumeration equals h for random p_Y.
fn l1s14(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut t = Tally::new();
    let lhs = Poly::new((0..=sp.n).map(|l| qi(l as i64) * sp.n_l(l)).collect());
    let rhs =
        &Poly::new(vec![qi(0), qi((sp.n * (sp.m - 1)) as i64)]) * &g_poly(sp.m, sp.n as u64 - 1);
    t.check(lhs == rhs, || format!("{lhs} != {rhs}"));
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    for y in 0..sp.size {
        let v: Rational = (0..sp.size)
            .map(|x| pw(&i.t, sp.d(x, y)) * qi(sp.d(x, y) as i64))
            .sum::<Rational>()
            / &zz;
        t.check(v == optimal_distortion(sp.n, sp.m, &i.t), || {
            format!("y={y}: {v}")
        });
    }
    let gg = row_normaliser(sp.m, &i.t);
    t.check(
        qi((sp.n * (sp.m - 1)) as i64) * &i.t / &gg == optimal_distortion(sp.n, sp.m, &i.t),
        || "final equality".into(),
    );
    t.finish(
        "generating-function derivative identity; per-y distortion = h",
        Method::Combined(vec![Method::Polynomial, Method::Enumeration]),
        "identity in Q[t]; every y",
    )
}

/// L1.s15: D*_relaxed ≤ h and, with (40), D*_relaxed = h (both certificates).
fn l1s15(i: &Nmt) -> Check {
    lpr_check(i, "LP-R: upper bound (Gibbs) = lower bound (dual) = h")
}
