//! Theorem 1 of Wang–Ying–Zhang (eqs (18), (19)), Lemmas 2 and 3, and the main-text claims
//! built on them (S6–S9, S13, S14), decided on the D-side at rational α = e^{−ε} (claims file
//! §0.4): every bound is an exact comparison of certified LP values with h.
//!
//! Certificates (all checked exactly, row by row, on the enumerated LP):
//! - **LP-I lower bound** D_i*(ε) ≥ h(ε): dual point u_x = h for the rows Σ_y q(x,y) = p_X(x)
//!   and, for each y, the multipliers κ_l of the LP-R certificate (WYZ-L1) on the rows
//!   q(a,y) ≤ E q(b,y) with b one sphere further from y than a. Every dual row (x,y) is the
//!   LP-R vertex row, checked for every y. Prior-free (this is the relaxation S8).
//! - **LP-DP lower bound** D_d*(ε) ≥ h(ε+ε_X): dual point u_x = p_X(x) h(ε+ε_X) and multipliers
//!   λ_{(a,b),y} = κ'_l r_X p_X(b) from the LP-R certificate at e^{ε+ε_X} = E·r_X (the transfer
//!   (25)); every dual row (x,y): u_x + E Σ_a λ_{(a,x),y} − Σ_b λ_{(x,b),y} ≤ p_X(x) d(x,y).
//! - **Upper bounds** by the mechanisms ℰ_i (26) (when p_Y^{(α)} ≥ 0) and ℰ_d (27).
//! - **Infeasibility** of LP-I at E < r_X by a Farkas combination (Lemma 3).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::core::{
    distortion, dp_level, e_d, e_i, ident_level, optimal_distortion, q, qi, r_x, random_mech, Lcg,
    Rows, Space,
};
use super::inst::{grid_nm_alpha_prior, nm_alpha_prior_beyond, nm_upto, Nm, NmAlphaPrior};
use super::lemma1::certify_lpr;
use super::lp_bounds::{
    alpha_above, farkas_lpi, farkas_lpi_rec, in_range, lpdp_lower_rec, lpi_lower_rec,
    outside_range, range_holds_record, vacuous,
};
use super::mech::grid_in_range;
use super::sturm_steps::{poly_text, sturm_check};
use crate::claim::scan::Tally;
use crate::claim::{Check, ClaimChecker, Family, Method};
use crate::num::{Poly, Rational};

fn fam(
    id: &'static str,
    grid: fn() -> Vec<NmAlphaPrior>,
    check: fn(&NmAlphaPrior) -> Check,
) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid,
        beyond: Some(nm_alpha_prior_beyond),
        check,
    }
    .boxed()
}

/// A claim on (n, m) with mⁿ ≤ 9, beyond by [`super::inst::nm_beyond`].
fn fam_nm(id: &'static str, check: fn(&Nm) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: || nm_upto(9),
        beyond: Some(super::inst::nm_beyond),
        check,
    }
    .boxed()
}

fn grid_uniform() -> Vec<NmAlphaPrior> {
    grid_nm_alpha_prior()
        .into_iter()
        .filter(|i| i.prior.label == "uniform")
        .collect()
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam("WYZ-T1a", grid_in_range, t1a),
        fam("WYZ-S14", grid_in_range, s14),
        Family {
            id: "WYZ-S14-prior-free-range",
            grid: super::inst::grid_nm_alpha,
            beyond: Some(super::inst::nm_alpha_beyond),
            check: s14_prior_free,
        }
        .boxed(),
        fam("WYZ-T1b", grid_in_range, t1b),
        fam("WYZ-T1c", grid_nm_alpha_prior, t1c),
        fam("WYZ-T1d", grid_nm_alpha_prior, t1d),
        fam("WYZ-L2", grid_nm_alpha_prior, l2),
        fam("WYZ-L2.s1", grid_in_range, l2s1),
        fam_nm("WYZ-L2.s2", l2s2),
        fam("WYZ-L2.s3", grid_nm_alpha_prior, l2s3),
        fam("WYZ-L3", grid_nm_alpha_prior, l3),
        fam("WYZ-S6", grid_in_range, s6),
        fam("WYZ-S13", grid_in_range, s13),
        fam("WYZ-S7", grid_uniform, s7),
        fam("WYZ-S8", grid_nm_alpha_prior, s8),
        fam("WYZ-S9", grid_nm_alpha_prior, s9),
        fam_nm("WYZ-D13", d13),
        fam("WYZ-D14", grid_nm_alpha_first_prior, d14),
    ]
}

fn grid_nm_alpha_first_prior() -> Vec<NmAlphaPrior> {
    grid_uniform()
}

/// T1a (eq (18), first line): for 0 < D ≤ h(ε̃_X), ε_i*(D) = h⁻¹(D), attained by ℰ_i.
/// At D = h(α) (α = α_D): ℰ_i at α is valid, identifiability ratio ≤ 1/α_D, distortion D;
/// the LP-I certificate gives D_i* ≥ h at α and at α'' > α (so no level below h⁻¹(D) reaches
/// D); for every α the converse follows from the symbolic certificate WYZ-X12.
/// Convention: h⁻¹(0) = +∞ (D = 0 needs q(x,y) = 0 off the diagonal: identifiability ∞).
fn t1a(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let Some((w, _)) = in_range(&sp, i) else {
        return outside_range(&sp, &i.alpha, &i.prior.p, "alpha > alpha~ (D > h(eps~_X))");
    };
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    let lv = ident_level(&sp, &i.prior.p, &w).ratio.finite().cloned();
    match &lv {
        Some(v) => tally.compare(v, "<=", &(qi(1) / &i.alpha), || format!("level {lv:?}")),
        None => tally.check(false, || format!("level {lv:?}")),
    }
    let dist = distortion(&sp, &i.prior.p, &w);
    tally.compare(&dist, "=", &d, || {
        format!("distortion of E_i {dist} != h(eps) = {d}")
    });
    // The dual bound meets the distortion computed from E_i's matrix: a primal-dual pair, so
    // D_i*(eps) equals it exactly.
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            tally.compare(&lb, "=", &dist, || {
                format!("dual bound {lb} != distortion of E_i {dist}")
            });
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    let t2 = alpha_above(&i.alpha);
    if t2 != i.alpha {
        match lpi_lower_rec(&sp, &t2) {
            Ok((lb, recs)) => {
                tally.compare(&lb, ">", &dist, || "D_i* at smaller eps not above D".into());
                tally.attach(recs);
            }
            Err(e) => tally.check(false, || e),
        }
    }
    tally.finish(
        "E_i at alpha_D is eps-identifiable (ratio <= 1/alpha_D) with distortion (from its matrix) = h(eps) = D; the LP-R dual point (u = h(eps), kappa_l) is feasible at every vertex, so D_i*(eps) >= h(eps) = distortion of E_i, i.e. D_i*(eps) = D; the same dual at alpha'' > alpha gives D_i* > D",
        Method::Combined(vec![Method::Exact, Method::LpCertificate]),
        &format!(
            "D = {d}; identifiability ratio {}",
            lv.map(|v| v.to_string()).unwrap_or("inf".into())
        ),
    )
}

/// S14 (l.25), reading: the range is prior-dependent (D ≤ h(ε̃_X), as in T1a); checked as T1a
/// over every prior family of the grid.
fn s14(i: &NmAlphaPrior) -> Check {
    t1a(i)
}

/// S14, second reading: one range of D > 0 valid for every prior. Refuted at every D = h(α)
/// (0 < α < 1): the product prior with row 1 ∝ (1, 2/α, 2/α, …) (other rows uniform) has
/// r_X = 2/α, so LP-I is infeasible at e^ε = (99/100)·2/α > 1/α (Farkas, Lemma 3), whence
/// ε_i*(D) ≥ ln(1.98/α) > ln(1/α) = h⁻¹(D).
fn s14_prior_free(i: &super::inst::NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let hi = qi(2) / &i.alpha;
    let mut row: Vec<Rational> = (0..sp.m)
        .map(|a| if a == 0 { qi(1) } else { hi.clone() })
        .collect();
    let s: Rational = row.iter().sum();
    row.iter_mut().for_each(|v| *v /= &s);
    let mut rows = vec![vec![q(1, sp.m as i64); sp.m]; sp.n];
    rows[0] = row;
    let prior = super::core::product(&sp, "row0 ~ (1, 2/alpha, ...)", &rows);
    let r = r_x(&sp, &prior.p)
        .ratio
        .into_finite()
        .expect("full support");
    let e = &r * q(99, 100);
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    match farkas_lpi(&sp, &prior.p, &e) {
        Ok(_) if e > qi(1) / &i.alpha => Check::rationals(
            "lower bound e^{eps_i*(D)} >= (99/100) r_X  vs  e^{h^-1(D)} = 1/alpha",
            &e,
            "<=",
            &(qi(1) / &i.alpha),
        )
        .with_note(format!(
            "D = {d}: prior {} has r_X = {r}; LP-I infeasible at e^eps = {e} (Farkas), so eps_i*(D) > h^-1(D): no D > 0 works for every prior",
            prior
        )),
        Ok(_) => crate::claim::undecided_because(format!(
            "the Farkas bound (99/100) r_X = {e} does not exceed 1/alpha = {}",
            qi(1) / &i.alpha
        )),
        Err(er) => Tally::new().finish_failed(&er),
    }
}

/// T1b (eq (18), second line): for D > h(ε̃_X), ε_i*(D) ≥ max{h⁻¹(D), ε_X}. D-side at
/// D = h(α) with α > α̃: LP-I is infeasible for e^ε < r_X (Farkas, Lemma 3) and D_i* ≥ h at α
/// and at α'' > α (certificates).
fn t1b(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    if in_range(&sp, i).is_some() {
        let mut c = vacuous("alpha <= alpha~ (T1a applies)");
        c.records
            .extend(range_holds_record(&sp, &i.alpha, &i.prior.p));
        return c;
    }
    let mut tally = Tally::new();
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            tally.compare(&lb, ">=", &d, || "lower bound".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    let t2 = alpha_above(&i.alpha);
    if t2 != i.alpha {
        match lpi_lower_rec(&sp, &t2) {
            Ok((lb, recs)) => {
                tally.compare(&lb, ">", &d, || "at smaller eps".into());
                tally.attach(recs);
            }
            Err(e) => tally.check(false, || e),
        }
    }
    let r = r_x(&sp, &i.prior.p)
        .ratio
        .into_finite()
        .expect("full support");
    if r > 1u32 {
        farkas_step(&mut tally, &sp, &i.prior.p, &(&r * q(99, 100)));
    }
    tally.finish(
        "D > h(eps~_X): infeasible below r_X (Farkas) and D_i* >= h (certificate)",
        Method::LpCertificate,
        &format!("D = {d}, r_X = {r}"),
    )
}

/// T1c (eq (19), left): ε_d*(D) ≥ max{h⁻¹(D) − ε_X, 0}, i.e. D_d*(ε) ≥ h(ε + ε_X) at every ε.
fn t1c(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let r = r_x(&sp, &i.prior.p)
        .ratio
        .into_finite()
        .expect("full support");
    let want = optimal_distortion(sp.n, sp.m, &(&i.alpha / &r));
    match lpdp_lower_rec(&sp, &i.alpha, &i.prior.p) {
        Ok((lb, recs)) => {
            let mut c = Check::rationals(
                "certified LP-DP lower bound  >=  h(eps + eps_X)",
                &lb,
                ">=",
                &want,
            );
            c.method = Method::LpCertificate;
            super::lp_records::attach(&mut c, recs);
            c.with_note(format!(
                "gap to the E_d upper bound h(eps) = {}",
                optimal_distortion(sp.n, sp.m, &i.alpha) - &lb
            ))
        }
        Err(e) => Tally::new().finish_failed(&e),
    }
}

/// T1d (eq (19), right): ε_d*(D) ≤ max{h⁻¹(D), 0}: ℰ_d at α_D has DP ratio 1/α_D and
/// distortion D = h(α_D) for every prior; for D ≥ n(m−1)/m, ℰ_d at α = 1 has level 0 and
/// distortion n(m−1)/m ≤ D.
fn t1d(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    for alpha in [i.alpha.clone(), qi(1)] {
        let w = e_d(&sp, &alpha);
        let lv = dp_level(&sp, &w).ratio.finite().cloned();
        tally.compare_ext(lv.as_ref(), "=", Some(&(qi(1) / &alpha)), || {
            format!("level at alpha={alpha}")
        });
        let d = distortion(&sp, &i.prior.p, &w);
        tally.compare(&d, "=", &optimal_distortion(sp.n, sp.m, &alpha), || {
            format!("distortion at alpha={alpha}")
        });
    }
    tally.finish(
        "E_d at alpha_D: DP ratio 1/alpha_D, distortion D; at alpha=1: level 0, distortion n(m-1)/m",
        Method::Exact,
        "",
    )
}

/// L2 (eqs (43), (44)): D_i*(ε) ≥ h(ε) and D_d*(ε) ≥ h(ε+ε_X) (both certified). Conventions:
/// h⁻¹(0) = +∞, h⁻¹(n) = −∞; for D > n(m−1)/m, h⁻¹(D) < 0 and (43) is trivial.
fn l2(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let r = r_x(&sp, &i.prior.p)
        .ratio
        .into_finite()
        .expect("full support");
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            let h = optimal_distortion(sp.n, sp.m, &i.alpha);
            tally.compare(&lb, ">=", &h, || "(43)".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    match lpdp_lower_rec(&sp, &i.alpha, &i.prior.p) {
        Ok((lb, recs)) => {
            let h = optimal_distortion(sp.n, sp.m, &(&i.alpha / &r));
            tally.compare(&lb, ">=", &h, || "(44)".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    tally.finish(
        "D_i*(eps) >= h(eps); D_d*(eps) >= h(eps+eps_X)",
        Method::LpCertificate,
        "dual certificates of LP-I and LP-DP",
    )
}

/// L2.s1 (l.432): D ≥ D_i*(ε) ≥ D*_relaxed(ε) = h(ε): in range with equality throughout (ℰ_i
/// attains h); outside the range the certified lower bound.
fn l2s1(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            tally.compare(&lb, "=", &hh, || "D_i* >= h".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    let c = certify_lpr(&sp, &i.alpha, 0);
    let both = [
        (c.primal.clone(), "=", hh.clone()),
        (c.dual.clone(), "=", hh.clone()),
    ];
    tally.compare_all(both, || "D_relaxed* = h".into());
    tally.attach([c.record]);
    if let Some((w, _)) = in_range(&sp, i) {
        tally.compare(&distortion(&sp, &i.prior.p, &w), "=", &hh, || {
            "E_i attains h".into()
        });
    }
    tally.finish(
        "D >= D_i*(eps) >= D_relaxed*(eps) = h(eps)",
        Method::LpCertificate,
        "",
    )
}

/// L2.s2 (l.434): h is strictly decreasing in ε (increasing in α): h(α) = n(m−1)α/g and
/// h(t2) − h(t1) = n(m−1)(t2 − t1)/(g1 g2) > 0; checked as the polynomial identity
/// n(m−1)t2·g1 − n(m−1)t1·g2 = n(m−1)(t2 − t1) and at grid pairs; for D > n(m−1)/m the
/// implication is trivial (h⁻¹(D) < 0 ≤ ε).
fn l2s2(i: &Nm) -> Check {
    let (n, m) = (i.n, i.m);
    let mut tally = Tally::new();
    let grid = [q(1, 10), q(1, 3), q(1, 2), q(2, 3), qi(1)];
    for a in 0..grid.len() {
        for b in (a + 1)..grid.len() {
            tally.compare(
                &optimal_distortion(n, m, &grid[a]),
                "<",
                &optimal_distortion(n, m, &grid[b]),
                || format!("{} {}", grid[a], grid[b]),
            );
        }
    }
    // Derivative of h(α) = n(m−1)α/(1+(m−1)α): numerator n(m−1) > 0.
    let num = Poly::new(vec![qi(0), qi((n * (m - 1)) as i64)]);
    let den = Poly::new(vec![qi(1), qi(m as i64 - 1)]);
    let deriv_num = &(&num.derivative() * &den) - &(&num * &den.derivative());
    // dh/dα = deriv_num / den² > 0 on (0, 1], the quotient rule's numerator re-expanded by
    // the checker from h's own numerator and denominator.
    let nm = n * (m - 1);
    sturm_check(
        &mut tally,
        deriv_num == Poly::constant(qi(nm as i64)),
        || {
            let (m1, d) = (m - 1, poly_text(&deriv_num));
            format!("forall t in (0, 1]: {nm}*(1 + {m1}*t) - {nm}*t*{m1} = {d} and ({d})/(1 + {m1}*t)^2 > 0")
        },
        || "derivative".into(),
    );
    tally.compare(
        &optimal_distortion(n, m, &qi(1)),
        "=",
        &q((n * (m - 1)) as i64, m as i64),
        || "h(0)".into(),
    );
    tally.finish(
        "h strictly decreasing in eps: dh/dt = n(m-1)/g^2 > 0",
        Method::Polynomial,
        "",
    )
}

/// L2.s3 (l.444): D_d*(ε) ≥ D_relaxed*(ε + ε_X): certificate, and on random mechanisms their
/// distortion ≥ h(level + ε_X).
fn l2s3(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let r = r_x(&sp, &i.prior.p)
        .ratio
        .into_finite()
        .expect("full support");
    lpdp_step(&mut tally, &sp, &i.alpha, &i.prior.p, &r, "certificate");
    let mut rng = Lcg(31);
    for k in 0..3 {
        let w = random_mech(&mut rng, sp.size, sp.size, 4, false);
        let lv = dp_level(&sp, &w).ratio.finite().cloned().unwrap();
        let d = distortion(&sp, &i.prior.p, &w);
        let h = optimal_distortion(sp.n, sp.m, &(qi(1) / (&lv * &r)));
        tally.compare(&d, ">=", &h, || format!("random #{k}"));
    }
    tally.finish(
        "D_d*(eps) >= D_relaxed*(eps + eps_X)",
        Method::LpCertificate,
        "certificate; 3 random mechanisms at their own level",
    )
}

/// L3 (eq (45)): ε_i*(D) ≥ ε_X: LP-I is infeasible at e^ε = r_X·99/100 (Farkas) and feasible at
/// e^ε = r_X (constant output); the summation step on random identifiable mechanisms.
fn l3(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite().expect("full support");
    let mut tally = Tally::new();
    if r > 1u32 {
        farkas_step(&mut tally, &sp, p, &(&r * q(99, 100)));
    }
    let w: Rows = (0..sp.size)
        .map(|_| (0..sp.size).map(|y| qi((y == 0) as i64)).collect())
        .collect();
    let lv = ident_level(&sp, p, &w).ratio.finite().cloned();
    match &lv {
        Some(v) => tally.compare(v, "=", &r, || format!("constant output level {lv:?}")),
        None => tally.check(false, || format!("constant output level {lv:?}")),
    }
    let mut rng = Lcg(37);
    for k in 0..3 {
        let w = random_mech(&mut rng, sp.size, sp.size, 4, false);
        let lv = ident_level(&sp, p, &w).ratio.finite().cloned().unwrap();
        for (x, xp) in sp.ordered_pairs() {
            tally.compare(&p[x], "<=", &(&lv * &p[xp]), || {
                format!("#{k} summation step")
            });
        }
    }
    // With r_X = 1 (a uniform prior) no e^ε is below r_X: no Farkas LP runs, and the instance
    // is decided by its exact comparisons alone (issue 44 item 1).
    let method = if r > 1u32 {
        Method::Combined(vec![Method::LpCertificate, Method::Exact])
    } else {
        Method::Exact
    };
    tally.finish(
        "LP-I infeasible for e^eps < r_X (Farkas); feasible at r_X",
        method,
        &format!("r_X = {r}"),
    )
}

/// The D-side chain of the corollary on the T1a range: D_i*(ε) = h(ε) ≥ D_d*(ε) ≥ h(ε+ε_X).
fn sandwich(i: &NmAlphaPrior, compared: &str) -> Check {
    let sp = Space::new(i.n, i.m);
    let Some((w, _)) = in_range(&sp, i) else {
        return outside_range(&sp, &i.alpha, &i.prior.p, "alpha > alpha~ (D > h(eps~_X))");
    };
    let mut tally = Tally::new();
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    let r = r_x(&sp, &i.prior.p)
        .ratio
        .into_finite()
        .expect("full support");
    tally.compare(&distortion(&sp, &i.prior.p, &w), "=", &hh, || "E_i".into());
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            tally.compare(&lb, "=", &hh, || "D_i* = h".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    let ed = e_d(&sp, &i.alpha);
    tally.compare(&distortion(&sp, &i.prior.p, &ed), "=", &hh, || {
        "E_d upper".into()
    });
    lpdp_step(&mut tally, &sp, &i.alpha, &i.prior.p, &r, "D_d* lower");
    tally.finish(
        compared,
        Method::LpCertificate,
        "D_i*(eps) = h(eps) >= D_d*(eps) >= h(eps+eps_X), hence 0 <= eps_i* - eps_d* <= eps_X",
    )
}

/// S6 (l.170): 0 ≤ ε_i*(D) − ε_d*(D) ≤ ε_X on 0 < D ≤ h(ε̃_X) (D = 0 excluded: ∞ − ∞).
fn s6(i: &NmAlphaPrior) -> Check {
    sandwich(i, "corollary on the T1a range (D-side chain)")
}

/// S13 (abstract, §1, Fig. 2, Conclusions), reading: the range is the T1a range D ≤ h(ε̃_X).
fn s13(i: &NmAlphaPrior) -> Check {
    sandwich(
        i,
        "sandwich eps_i* - eps_X <= eps_d* <= eps_i* on the T1a range",
    )
}

/// S7 (l.37, l.232): uniform p_X: the identifiability level of every mechanism equals its DP
/// level, and D_i*(ε) = D_d*(ε) = h(ε) at every ε (ε_X = 0, ε̃_X = 0).
fn s7(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    if !i.prior.is_uniform() {
        return vacuous("the prior is not uniform");
    }
    let mut tally = Tally::new();
    let mut rng = Lcg(41);
    for k in 0..4 {
        let w = random_mech(&mut rng, sp.size, sp.size, 4, true);
        let a = ident_level(&sp, p, &w).ratio.finite().cloned();
        let b = dp_level(&sp, &w).ratio.finite().cloned();
        tally.compare_ext(a.as_ref(), "=", b.as_ref(), || {
            format!("#{k}: {a:?} vs {b:?}")
        });
    }
    // Every step with its record (issue 44 item 1): the bounds' lp records, the values compared.
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    for (what, bound) in [
        ("D_i* lower", lpi_lower_rec(&sp, &i.alpha)),
        ("D_d* lower", lpdp_lower_rec(&sp, &i.alpha, p)),
    ] {
        match bound {
            Ok((lb, recs)) => {
                tally.compare(&lb, "=", &hh, || what.into());
                tally.attach(recs);
            }
            Err(e) => tally.check(false, || format!("{what}: {e}")),
        }
    }
    match e_i(&sp, &i.alpha, p) {
        Some((w, _)) => tally.compare(&distortion(&sp, p, &w), "=", &hh, || "E_i".into()),
        None => tally.check(false, || "E_i".into()),
    }
    tally.compare(&distortion(&sp, p, &e_d(&sp, &i.alpha)), "=", &hh, || {
        "E_d".into()
    });
    tally.finish(
        "uniform prior: ident. level = DP level; D_i* = D_d* = h",
        Method::Combined(vec![Method::Exact, Method::LpCertificate]),
        "4 random mechanisms with zeros",
    )
}

/// S8 (l.188): D_i*(ε) ≥ D*_relaxed(ε) — the LP-I dual certificate is the LP-R certificate at
/// every y; and every mechanism's distortion is ≥ h(its identifiability level).
fn s8(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let c = certify_lpr(&sp, &i.alpha, 0);
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            tally.compare(&lb, ">=", &c.primal, || "D_i* >= D_relaxed*".into());
            tally.attach(recs);
            tally.attach([c.record]);
        }
        Err(e) => tally.check(false, || e),
    }
    let mut rng = Lcg(43);
    for k in 0..3 {
        let w = random_mech(&mut rng, sp.size, sp.size, 4, false);
        let lv = ident_level(&sp, &i.prior.p, &w)
            .ratio
            .finite()
            .cloned()
            .unwrap();
        let d = distortion(&sp, &i.prior.p, &w);
        let h = optimal_distortion(sp.n, sp.m, &(qi(1) / &lv));
        tally.compare(&d, ">=", &h, || format!("random #{k}"));
    }
    tally.finish(
        "D_i*(eps) >= D_relaxed*(eps) (relaxing (11) to (23))",
        Method::LpCertificate,
        "reading: the unrendered label is constraint (11); certificate + 3 random mechanisms",
    )
}

/// S9 (eq (25)): for an ε_d-DP mechanism, q = p_X W satisfies q(x,y) ≤ e^{ε_d+ε_X} q(x',y);
/// D_d*(ε) ≥ D*_relaxed(ε + ε_X) (certificate).
fn s9(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite().expect("full support");
    let mut tally = Tally::new();
    let mut rng = Lcg(47);
    let mut ws: Vec<Rows> = (0..3)
        .map(|_| random_mech(&mut rng, sp.size, sp.size, 4, false))
        .collect();
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let lv = dp_level(&sp, w).ratio.finite().cloned().unwrap();
        for (x, xp) in sp.ordered_pairs() {
            tally.compare(&p[x], "<=", &(&r * &p[xp]), || "prior ratio".into());
            for y in 0..sp.size {
                let rhs = &lv * &r * &p[xp] * &w[xp][y];
                tally.compare(&(&p[x] * &w[x][y]), "<=", &rhs, || format!("#{k} (25)"));
            }
        }
    }
    lpdp_step(&mut tally, &sp, &i.alpha, p, &r, "certificate");
    tally.finish(
        "(25) on random mechanisms and E_d; D_d*(eps) >= h(eps+eps_X)",
        Method::Combined(vec![Method::Exact, Method::LpCertificate]),
        "",
    )
}

/// D13 (eqs (17), (32)): h(h⁻¹(D)) = D for 0 < D < n, as n(m−1)α_D/(1+(m−1)α_D) = D with
/// α_D = 1/((n/D − 1)(m−1)); and n/(1+E/(m−1)) = n(m−1)α/(1+(m−1)α) for E = 1/α.
fn d13(i: &Nm) -> Check {
    let (n, m) = (i.n, i.m);
    let mut tally = Tally::new();
    for k in 1..8 {
        let d = q((k * n) as i64, 8);
        let alpha_d = qi(1) / ((qi(n as i64) / &d - qi(1)) * qi(m as i64 - 1));
        tally.compare(&optimal_distortion(n, m, &alpha_d), "=", &d, || {
            format!("D={d}")
        });
        let alpha_form =
            qi((n * (m - 1)) as i64) * &alpha_d / (qi(1) + qi(m as i64 - 1) * &alpha_d);
        tally.compare(&alpha_form, "=", &d, || format!("alpha-form at D={d}"));
        // h^{-1}(D) >= 0 iff D <= n(m-1)/m iff α_D <= 1: both on the side of D's (so both
        // records hold exactly when the equivalence does at this D).
        let dmax = q((n * (m - 1)) as i64, m as i64);
        let side = if d <= dmax { "<=" } else { ">" };
        tally.compare_all([(alpha_d, side, qi(1)), (d.clone(), side, dmax)], || {
            "sign of h^-1".into()
        });
    }
    tally.finish(
        "h(h^-1(D)) = D; both forms of h agree",
        Method::Exact,
        "D in {n k/8 : k = 1..7}",
    )
}

/// D14 (eqs (20)–(24)): R-PD decouples over y; the per-y optimum is h for every centre y0.
fn d14(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    for y0 in 0..sp.size {
        let c = certify_lpr(&sp, &i.alpha, y0);
        if c.tally.failed == 0 {
            let both = [
                (c.primal.clone(), "=", hh.clone()),
                (c.dual.clone(), "=", hh.clone()),
            ];
            tally.compare_all(both, || format!("y0={y0}"));
            tally.attach([c.record].into_iter().filter(|_| y0 == 0));
        } else {
            tally.check(false, || format!("y0={y0}"));
        }
    }
    tally.finish(
        "LP-R(y0) optimum = h for every y0 (certified)",
        Method::LpCertificate,
        "every centre",
    )
}

/// The LP-DP lower bound `D_d*(ε) ≥ h(ε + ε_X)` as one sub-check, with its `lp` record (a
/// `bound` answer).
fn lpdp_step(
    tally: &mut Tally,
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
    r: &Rational,
    what: &str,
) {
    match lpdp_lower_rec(sp, alpha, p) {
        Ok((lb, recs)) => {
            let h = optimal_distortion(sp.n, sp.m, &(alpha / r));
            tally.compare(&lb, "=", &h, || what.into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
}

/// LP-I infeasible at `e^ε = e` (Farkas, Lemma 3) as one sub-check: the contradiction
/// `p(a) − e p(b) > 0` compared, with the `lp` record of the Farkas certificate.
fn farkas_step(tally: &mut Tally, sp: &Space, p: &[Rational], e: &Rational) {
    match farkas_lpi_rec(sp, p, e) {
        Ok((c, recs)) => {
            tally.compare(&c, ">", &qi(0), || "Farkas".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
}

/// Helper: a failed check from an error message.
trait FailWith {
    fn finish_failed(self, e: &str) -> Check;
}

impl FailWith for Tally {
    fn finish_failed(mut self, e: &str) -> Check {
        self.check(false, || e.to_string());
        self.finish("certificate", Method::LpCertificate, "")
    }
}

#[cfg(test)]
mod tests {
    use super::super::core::{iid_linear, uniform};
    use super::super::lp_bounds::lpdp_lower_with;
    use super::*;
    use crate::claim::Outcome;

    /// The LP-DP dual check is not vacuous: built without the prior factor (r = 1) it must be
    /// rejected for a non-uniform prior (it would claim D_d* >= h(eps) > true optimum).
    #[test]
    fn lpdp_dual_rejects_a_wrong_transfer() {
        let sp = Space::new(2, 2);
        let p = iid_linear(&sp).p;
        let alpha = q(1, 2);
        assert!(lpdp_lower_with(&sp, &alpha, &p, &qi(1)).is_err());
        assert!(lpdp_lower_rec(&sp, &alpha, &p).is_ok());
        assert!(lpdp_lower_with(&sp, &alpha, &uniform(&sp).p, &qi(1)).is_ok());
    }

    /// Instances outside a statement's range are counted out of range, never as `holds`: T1a
    /// (α <= α~) and T1b (α > α~) split every instance between them.
    #[test]
    fn out_of_range_instances_are_not_holds() {
        let inst = |n: usize,
                    m: usize,
                    alpha: Rational,
                    prior: fn(&Space) -> super::super::core::Prior| {
            let sp = Space::new(n, m);
            NmAlphaPrior {
                n,
                m,
                alpha,
                prior: prior(&sp),
            }
        };
        let inside = inst(1, 2, q(1, 2), uniform);
        assert_eq!(t1a(&inside).outcome, Outcome::Holds);
        assert_eq!(t1b(&inside).outcome, Outcome::OutOfRange);
        let beyond = inst(1, 3, q(9, 10), iid_linear);
        assert_eq!(t1a(&beyond).outcome, Outcome::OutOfRange);
        assert_eq!(t1b(&beyond).outcome, Outcome::Holds);
        // Each out-of-range instance carries the record that shows it (issue 44 item 1): T1b's
        // at α <= α~ the p_Y >= 0 that solves G p_Y = p_X (uniform p_X: p_Y = p_X), T1a's at
        // α > α~ the p_Y with a negative entry.
        crate::certify::start_recording();
        let hyp = |c: Check| {
            let r = c
                .records
                .iter()
                .find(|r| r["kind"] == "out_of_range")
                .cloned();
            r.map(|r| (r["hypothesis"].clone(), r["p_y"].clone()))
        };
        let (h, py) = hyp(t1b(&inside)).expect("T1b's record");
        assert_eq!(
            (h, py),
            (
                "wyz_gibbs_outside".into(),
                serde_json::json!(["1/2", "1/2"])
            )
        );
        assert_eq!(
            hyp(t1a(&beyond)).expect("T1a's record").0,
            "wyz_gibbs_range"
        );
        assert_eq!(hyp(t1b(&beyond)), None);
    }

    /// X4's other hypothesis, e^ε >= r_X: below it the record names the neighbours attaining
    /// r_X (p = (1, 2, 3)/6 on n = 1, m = 3: r_X = p(2)/p(0) = 3); none where 1/α >= r_X.
    #[test]
    fn below_eps_x_names_the_violating_pair() {
        use super::super::lp_bounds::below_eps_x_record;
        crate::certify::start_recording();
        let sp = Space::new(1, 3);
        let p = iid_linear(&sp).p;
        let rec = below_eps_x_record(&sp, &q(1, 2), &p).expect("e^eps = 2 < 3");
        assert_eq!(
            (&rec["hypothesis"], &rec["pair"]),
            (&"wyz_eps_x".into(), &serde_json::json!([2, 0]))
        );
        assert!(below_eps_x_record(&sp, &q(1, 3), &p).is_none());
        assert!(below_eps_x_record(&sp, &q(1, 4), &p).is_none());
    }

    /// A tally in which no sub-check ran is an error row, not a vacuous `holds`.
    #[test]
    fn empty_tally_is_an_error() {
        let c = Tally::new().finish("nothing", Method::Exact, "");
        assert_eq!(c.outcome, Outcome::Error);
    }

    #[test]
    fn farkas_only_below_r_x() {
        let sp = Space::new(1, 3);
        let p = iid_linear(&sp).p; // (1/6, 2/6, 3/6): r_X = 3
        assert!(farkas_lpi(&sp, &p, &q(29, 10)).is_ok());
        assert!(farkas_lpi(&sp, &p, &qi(3)).is_err());
    }
}
