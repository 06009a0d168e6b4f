//! Lemma 1's statement and the first steps of its lower bound (App. A, eqs (31)–(38),
//! l.240–297): WYZ-L1, WYZ-L1.C1 (the certified LP-R optimum and its dual bound), WYZ-L1.s1,
//! WYZ-L1.s2, WYZ-L1.s4, WYZ-L1.s5, WYZ-L1.eq38 and WYZ-L1.s6 (level masses P_l of feasible
//! posteriors).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::super::sturm_steps::sphere_sum_check;
use super::shared::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam_l1("WYZ-L1", l1),
        fam_l1("WYZ-L1.C1", l1c1),
        fam_steps("WYZ-L1.s1", l1s1),
        fam_steps("WYZ-L1.s2", l1s2),
        fam_steps("WYZ-L1.s4", l1s4),
        fam_steps("WYZ-L1.s5", l1s5),
        fam_steps("WYZ-L1.eq38", l1eq38),
        fam_steps("WYZ-L1.s6", l1s6),
    ]
}

/// L1 (eq (31)): D*_relaxed(ε) = h(ε), prior-free, via the certified LP-R optimum.
fn l1(i: &NmAlpha) -> Check {
    let mut c = lpr_check(i, "certified LP-R optimum  =  h(eps) (32)");
    c.method = Method::LpCertificate;
    c
}

/// L1.C1 (eq (33)): every R-PD-feasible posterior has Σ_x p(x|y)d(x,y) ≥ h (dual certificate),
/// also evaluated on random feasible posteriors.
fn l1c1(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let hh = optimal_distortion(i.n, i.m, &i.alpha);
    let mut tally = Tally::new();
    for y0 in centres(&sp) {
        let c = certify_lpr(&sp, &i.alpha, y0);
        if c.tally.failed == 0 {
            tally.compare(&c.dual, ">=", &hh, || {
                format!("y0={y0}: dual {} < h", c.dual)
            });
            tally.attach([c.record].into_iter().filter(|_| y0 == 0));
        } else {
            tally.check(false, || {
                format!("y0={y0}: dual certificate {:?}", c.tally.first_failure)
            });
        }
    }
    for p in feasible_posteriors(&sp, &i.alpha, 6, 11) {
        let v: Rational = (0..sp.size).map(|x| &p[x] * qi(sp.d(x, 0) as i64)).sum();
        tally.compare(&v, ">=", &hh, || format!("posterior with value {v} < h"));
    }
    tally.finish(
        "every feasible posterior: sum_x p(x|y) d(x,y) >= h (dual certificate + samples)",
        Method::LpCertificate,
        "dual certificate of LP-R checked at every centre; 6 random feasible posteriors",
    )
}

/// L1.s1 (l.263–265): Σ_x p(x|y) d(x,y) = Σ_l l P_l, on feasible and on arbitrary posteriors.
fn l1s1(i: &NmAlpha) -> Check {
    let (sp, mut ps) = posts(i);
    let mut rng = Lcg(17);
    for _ in 0..3 {
        let w: Vec<Rational> = (0..sp.size).map(|_| qi(rng.below(9) as i64)).collect();
        let s: Rational = w.iter().sum::<Rational>() + qi(1);
        let mut w: Vec<Rational> = w.into_iter().map(|v| v / &s).collect();
        w[0] += qi(1) / &s;
        ps.push(w);
    }
    let mut tally = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        for y in [0, sp.size - 1] {
            let lhs: Rational = (0..sp.size).map(|x| &p[x] * qi(sp.d(x, y) as i64)).sum();
            let rhs: Rational = levels(&sp, p, y)
                .iter()
                .enumerate()
                .map(|(l, v)| qi(l as i64) * v)
                .sum();
            tally.compare(&lhs, "=", &rhs, || format!("posterior #{k} y={y}"));
        }
    }
    tally.finish(
        "sum_x p(x|y)d(x,y) = sum_l l P_l",
        Method::Exact,
        "12 posteriors (9 feasible, 3 arbitrary), y in {0, last}",
    )
}

/// L1.s2 (eq (35)): p(u|y) ≤ e^ε p(v|y) for u ∈ 𝒩_{l−1}(y), v ∈ 𝒩_1(u) ∩ 𝒩_l(y) on feasible
/// posteriors; and the LP-R restricted to these outward constraints has optimum h (the dual
/// certificate of L1 uses only outward constraints; the Gibbs posterior is feasible).
fn l1s2(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.alpha;
    let mut tally = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        for u in 0..sp.size {
            for (v, _) in sp.neighbours(u) {
                if sp.d(v, 0) == sp.d(u, 0) + 1 {
                    tally.compare(&p[u], "<=", &(&e * &p[v]), || {
                        format!("posterior #{k} u={u} v={v}")
                    });
                }
            }
        }
    }
    let c = certify_lpr(&sp, &i.alpha, 0);
    if c.tally.failed == 0 {
        tally.compare(&c.primal, "=", &c.dual, || {
            "outward-only LP certificate".into()
        });
        let outward = super::super::lp_records::lpr(&sp, &i.alpha, 0, &c.kappa, true);
        tally.attach([outward]);
    } else {
        tally.check(false, || "outward-only LP certificate".into());
    }
    tally.finish(
        "(35) on feasible posteriors; outward-only LP optimum = h",
        Method::Combined(vec![Method::Exact, Method::LpCertificate]),
        &format!(
            "outward-only LP-R value {} = h (certificate uses only (35) rows)",
            c.dual
        ),
    )
}

/// L1.s4 (eqs (36), (37)): the first display after (35), (36) and (37), on feasible posteriors.
fn l1s4(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.alpha;
    let y = 0usize;
    let mut tally = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, y);
        for l in 1..=sp.n {
            let c = qi(((sp.n - l + 1) * (sp.m - 1)) as i64);
            let mut first_lhs = qi(0);
            let mut first_rhs = qi(0);
            let mut rhs36 = qi(0);
            for u in 0..sp.size {
                if sp.d(u, y) + 1 != l {
                    continue;
                }
                first_lhs += &c * &p[u];
                for (v, _) in sp.neighbours(u) {
                    if sp.d(v, y) == l {
                        first_rhs += &p[v];
                    }
                }
            }
            for v in 0..sp.size {
                if sp.d(v, y) != l {
                    continue;
                }
                for (u, _) in sp.neighbours(v) {
                    if sp.d(u, y) + 1 == l {
                        rhs36 += &p[v];
                    }
                }
            }
            tally.compare(&first_lhs, "<=", &(&e * &first_rhs), || {
                format!("#{k} l={l} display after (35)")
            });
            tally.compare(&(&c * &pl[l - 1]), "<=", &(&e * &rhs36), || {
                format!("#{k} l={l} (36)")
            });
            tally.compare(&rhs36, "=", &(qi(l as i64) * &pl[l]), || {
                format!("#{k} l={l} (37)")
            });
        }
    }
    tally.finish(
        "display after (35), (36) and (37)",
        Method::Exact,
        "9 feasible posteriors, y = 0",
    )
}

/// L1.s5 (l.282–284): N_l by enumeration, and P_{l−1}/N_{l−1} ≤ e^ε P_l/N_l.
fn l1s5(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.alpha;
    let mut tally = Tally::new();
    let ones = vec![qi(1); sp.size];
    let counts = levels(&sp, &ones, 0);
    for l in 0..=sp.n {
        tally.compare(&counts[l], "=", &sp.n_l(l), || format!("|N_{l}|"));
    }
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        for l in 1..=sp.n {
            tally.compare(
                &(&pl[l - 1] / sp.n_l(l - 1)),
                "<=",
                &(&e * &pl[l] / sp.n_l(l)),
                || format!("#{k} l={l}"),
            );
        }
    }
    tally.finish(
        "N_l = C(n,l)(m-1)^l; P_{l-1}/N_{l-1} <= e^eps P_l/N_l",
        Method::Exact,
        "9 feasible posteriors",
    )
}

/// L1.eq38: P_l ≤ (N_l/N_n) e^{(n−l)ε} P_n.
fn l1eq38(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.alpha;
    let mut tally = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        for l in 0..=sp.n {
            let rhs = sp.n_l(l) / sp.n_l(sp.n) * pw(&e, sp.n - l) * &pl[sp.n];
            tally.compare(&pl[l], "<=", &rhs, || format!("#{k} l={l}"));
        }
    }
    tally.finish(
        "P_l <= (N_l/N_n) e^{(n-l)eps} P_n (38)",
        Method::Exact,
        "9 feasible posteriors",
    )
}

/// L1.s6 (l.290–297): Σ N_l α^l = (1+(m−1)α)ⁿ (polynomial identity), the summed form
/// 1 ≤ P_n Σ N_l α^l/(N_n α^n), and P_n ≥ N_n α^n/Z.
fn l1s6(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let alpha = &i.alpha;
    let mut tally = Tally::new();
    sphere_sum_check(&mut tally, &sphere_gf(sp.n, sp.m), sp.n, sp.m);
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let nn = sp.n_l(sp.n) * pw(alpha, sp.n);
    let sum_nl: Rational = (0..=sp.n).map(|l| sp.n_l(l) * pw(alpha, l)).sum();
    for (k, p) in ps.iter().enumerate() {
        let pn = levels(&sp, p, 0)[sp.n].clone();
        tally.compare(&qi(1), "<=", &(&pn * &sum_nl / &nn), || {
            format!("#{k} summed (38)")
        });
        tally.compare(&pn, ">=", &(&nn / &zz), || {
            format!("#{k}: P_n = {pn} < N_n alpha^n / Z")
        });
    }
    tally.finish(
        "P_n >= N_n e^{-n eps}/(1+(m-1)e^{-eps})^n",
        Method::Combined(vec![Method::Polynomial, Method::Exact]),
        "identity in Q[alpha]; 9 feasible posteriors",
    )
}
