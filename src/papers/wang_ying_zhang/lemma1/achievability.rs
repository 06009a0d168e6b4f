//! The end of Lemma 1's proof (App. A, eqs (40)–(42), l.345–418): the lower bound WYZ-L1.eq40,
//! the Gibbs posterior's feasibility and value WYZ-L1.C2, the triangle step WYZ-L1.s12 (and
//! WYZ-L1.s12-corrected), the distortion identity WYZ-L1.s14 and the conclusion WYZ-L1.s15.
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::super::sturm_steps::moment_check;
use super::shared::*;

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
fn l1eq40(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let c = certify_lpr(&sp, &i.alpha, 0);
    let hh = optimal_distortion(i.n, i.m, &i.alpha);
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
    super::super::lp_records::attach(&mut ch, [c.record]);
    ch.with_note("dual feasible point (u = h, kappa) checked at every vertex; by vertex-transitivity every y")
}

/// L1.C2 (eqs (41), (42)): the Gibbs posterior with any p_Y is R-PD feasible with objective h.
fn l1c2(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let e = qi(1) / &i.alpha;
    let hh = optimal_distortion(i.n, i.m, &i.alpha);
    let mut tally = Tally::new();
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
            let col: Vec<Rational> = (0..sp.size)
                .map(|x| pw(&i.alpha, sp.d(x, y)) / &zz)
                .collect();
            tally.compare(&col.iter().sum::<Rational>(), "=", &qi(1), || {
                format!("y={y} mass")
            });
            // Every pair's constraint at once: the largest p(a|y) − e^ε p(b|y) over the
            // ordered pairs a ~ b is ≤ 0 (one `compare` record per column).
            let worst = sp
                .ordered_pairs()
                .iter()
                .map(|&(a, b)| &col[a] - &e * &col[b])
                .max()
                .expect("a pair");
            tally.compare(&worst, "<=", &qi(0), || format!("y={y} pairs"));
            for x in 0..sp.size {
                obj += &py[y] * &col[x] * qi(sp.d(x, y) as i64);
            }
        }
        tally.compare(&obj, "=", &hh, || {
            format!("trial {trial}: objective {obj} != h {hh}")
        });
    }
    tally.finish(
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
                        "x={} x'={} y={}: the triangle inequality gives the reverse d(x,y) >= d(x',y) - 1, which is what alpha^d(x,y) <= alpha^(d(x',y)-1) needs",
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
/// α^{d(x,y)} ≤ α^{d(x',y)−1} for α ∈ (0,1] and p(x|y) ≤ e^ε p(x'|y) for the Gibbs posterior.
fn l1s12_corrected(i: &Nm) -> Check {
    let sp = i.space();
    let mut tally = Tally::new();
    for alpha in [q(1, 3), q(1, 2), q(1, 1)] {
        let zz = gibbs_normaliser(sp.n, sp.m, &alpha);
        let e = qi(1) / &alpha;
        // Each of the three steps over every (x ~ x', y) at once: its largest
        // lhs − rhs is ≤ 0 (one `compare` record per step and α).
        let mut worst: [Option<Rational>; 3] = [None, None, None];
        for x in 0..sp.size {
            for (xp, _) in sp.neighbours(x) {
                for y in 0..sp.size {
                    let (a, b) = (sp.d(x, y), sp.d(xp, y));
                    let px = pw(&alpha, a) / &zz;
                    let pxp = pw(&alpha, b) / &zz;
                    let gaps = [
                        qi(b as i64) - qi(a as i64 + 1),
                        pw(&alpha, a) - &pw(&alpha, b) * &e,
                        px - &e * pxp,
                    ];
                    for (w, g) in worst.iter_mut().zip(gaps) {
                        if w.as_ref().is_none_or(|v| g > *v) {
                            *w = Some(g);
                        }
                    }
                }
            }
        }
        let steps = ["triangle", "alpha-step", "conclusion"];
        for (w, step) in worst.iter().zip(steps) {
            match w {
                Some(w) => tally.compare(w, "<=", &qi(0), || format!("{step} at alpha={alpha}")),
                None => tally.check(false, || format!("{step}: no pair")),
            }
        }
    }
    tally.finish(
        "d(x,y) >= d(x',y) - 1; alpha^d(x,y) <= alpha^(d(x',y)-1); p(x|y) <= e^eps p(x'|y)",
        Method::Enumeration,
        "all x ~ x', y; alpha in {1/3,1/2,1}",
    )
}

/// L1.s14 (l.397–410): Σ_l l C(n,l)(m−1)^l α^l = n(m−1)α(1+(m−1)α)^{n−1} (identity in Q[α]),
/// and the Gibbs-posterior distortion computed by enumeration equals h for random p_Y.
fn l1s14(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let lhs = Poly::new((0..=sp.n).map(|l| qi(l as i64) * sp.n_l(l)).collect());
    moment_check(&mut tally, &lhs, sp.n, sp.m, 0);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    for y in 0..sp.size {
        let v: Rational = (0..sp.size)
            .map(|x| pw(&i.alpha, sp.d(x, y)) * qi(sp.d(x, y) as i64))
            .sum::<Rational>()
            / &zz;
        tally.compare(&v, "=", &optimal_distortion(sp.n, sp.m, &i.alpha), || {
            format!("y={y}: {v}")
        });
    }
    let gg = row_normaliser(sp.m, &i.alpha);
    tally.compare(
        &(qi((sp.n * (sp.m - 1)) as i64) * &i.alpha / &gg),
        "=",
        &optimal_distortion(sp.n, sp.m, &i.alpha),
        || "final equality".into(),
    );
    tally.finish(
        "generating-function derivative identity; per-y distortion = h",
        Method::Combined(vec![Method::Polynomial, Method::Enumeration]),
        "identity in Q[alpha]; every y",
    )
}

/// L1.s15: D*_relaxed ≤ h and, with (40), D*_relaxed = h (both certificates).
fn l1s15(i: &NmAlpha) -> Check {
    lpr_check(i, "LP-R: upper bound (Gibbs) = lower bound (dual) = h")
}
