//! Derived questions of the claims file that need LP-DP / LP-I optima (X4, X6, X7, X10) and the
//! achievability claim S12, decided with explicit certificates checked row by row.
//!
//! **The LP-DP certificate on the T1a range (new, checked exactly).** For α ≤ α̃ write
//! p_X = Σ_{y0} p_Y(y0) π_{α,y0} with p_Y = G_α⁻¹p_X ≥ 0 (π_{α,y0}(x) = α^{d(x,y0)}/Z, the Gibbs
//! vertex priors). Dual point of LP-DP at E = 1/α:
//!   u_x = Σ_{y0} p_Y(y0) π_{α,y0}(x) d(x,y0),
//!   λ_{(a,b),y} = Σ_{y0} p_Y(y0) π_{α,y0}(a) · [a, b differ in a row i with a_i = y_i ≠ y0_i = b_i],
//! on the rows E W(b,y) − W(a,y) ≥ 0. Its objective Σ_x u_x equals h(ε) (every π_{α,y0} has mean
//! distance h from y0), so D_d*(ε) ≥ h(ε); with ℰ_d, D_d*(ε) = h(ε). Every dual row
//! u_x + E Σ_a λ_{(a,x),y} − Σ_b λ_{(x,b),y} ≤ p_X(x) d(x,y) is checked exactly (they are tight,
//! since E·π_{α,y0}(a) = π_{α,y0}(x) for a one step further from y0).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::core::{
    distortion, dp_level, e_d, e_i, gibbs_normaliser, gibbs_p_y, ident_level, optimal_distortion,
    pw, q, qi, r_x, random_mech, Lcg, Space,
};
use super::inst::{grid_nm_alpha_prior, NmAlphaPrior};
use super::lp_bounds::{
    below_eps_x_record, farkas_lpi_rec, in_range, lpi_lower_rec, outside_range, range_holds_record,
    vacuous, Records,
};
use super::mech::grid_in_range;
use super::prior::{threshold, threshold_is, Threshold};
use crate::claim::scan::Tally;
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::num::Rational;
use std::cmp::Ordering;

fn fam(
    id: &'static str,
    grid: fn() -> Vec<NmAlphaPrior>,
    check: fn(&NmAlphaPrior) -> Check,
) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid,
        beyond: Some(super::inst::nm_alpha_prior_beyond),
        check,
    }
    .boxed()
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam("WYZ-X4", grid_x4, x4),
        fam("WYZ-X6", grid_nm_alpha_prior, x6),
        fam("WYZ-X7", grid_x7, x7),
        fam("WYZ-X7-corrected", grid_in_range, x7_corrected),
        Family {
            id: "WYZ-X10",
            grid: grid_x10,
            beyond: Some(x10_beyond),
            check: x10,
        }
        .boxed(),
        fam("WYZ-S12", grid_in_range, s12),
    ]
}

/// X4 grid: the default grid plus, for each prior, α = 1/r_X and a rational point of (α̃, 1/r_X).
fn grid_x4() -> Vec<NmAlphaPrior> {
    let mut v = grid_nm_alpha_prior();
    let mut extra = Vec::new();
    for i in v.iter().filter(|i| i.alpha == q(1, 2)) {
        let sp = Space::new(i.n, i.m);
        let r = r_x(&sp, &i.prior.p)
            .ratio
            .into_finite()
            .expect("full support");
        let top = qi(1) / &r;
        if let Threshold::Root(mut root, _) = threshold(&sp, &i.prior.p) {
            root.refine_to(&q(1, 1000));
            for alpha in [top.clone(), (&root.hi + &top) / qi(2)] {
                if alpha > root.hi && alpha <= top {
                    extra.push(NmAlphaPrior {
                        n: i.n,
                        m: i.m,
                        alpha,
                        prior: i.prior.clone(),
                    });
                }
            }
        }
    }
    v.extend(extra);
    v
}

/// Certified lower bound D_d*(ε) ≥ h(ε) on the T1a range by the mixture dual (module doc).
pub fn lpdp_range_cert(sp: &Space, alpha: &Rational, p: &[Rational]) -> Result<Rational, String> {
    lpdp_range_cert_rec(sp, alpha, p).map(|(v, _)| v)
}

/// [`lpdp_range_cert`] with the `lp` record of LP-DP at `1/α`: the mixture dual with ℰ_d as the
/// primal (an `optimal` answer of value h(ε); `lp_records::lpdp`).
pub fn lpdp_range_cert_rec(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
) -> Result<(Rational, Records), String> {
    let py = gibbs_p_y(sp, alpha, p).ok_or("alpha = 1 with a non-uniform prior")?;
    if py.iter().any(|v| *v < 0u32) {
        return Err("outside the range (p_Y has a negative entry)".into());
    }
    let e = qi(1) / alpha;
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let pi = |y0: usize, x: usize| pw(alpha, sp.d(x, y0)) / &zz;
    let support: Vec<usize> = (0..sp.size).filter(|&y| py[y] > 0u32).collect();
    // λ for the row (a, b, y).
    let lambda = |a: usize, b: usize, y: usize| -> Rational {
        let i = (0..sp.n)
            .find(|&r| sp.pts[a][r] != sp.pts[b][r])
            .expect("neighbours");
        let mut s = qi(0);
        for &y0 in &support {
            if sp.pts[a][i] == sp.pts[y][i]
                && sp.pts[y][i] != sp.pts[y0][i]
                && sp.pts[b][i] == sp.pts[y0][i]
            {
                s += &py[y0] * pi(y0, a);
            }
        }
        s
    };
    let u: Vec<Rational> = (0..sp.size)
        .map(|x| {
            support
                .iter()
                .map(|&y0| &py[y0] * pi(y0, x) * qi(sp.d(x, y0) as i64))
                .sum()
        })
        .collect();
    for y in 0..sp.size {
        for x in 0..sp.size {
            let mut lhs = u[x].clone();
            for (w, _) in sp.neighbours(x) {
                lhs += &e * lambda(w, x, y);
                lhs -= lambda(x, w, y);
            }
            if lhs > &p[x] * qi(sp.d(x, y) as i64) {
                return Err(format!("dual row (x={x}, y={y}) violated"));
            }
        }
    }
    let obj: Rational = u.iter().sum();
    let hh = optimal_distortion(sp.n, sp.m, alpha);
    if obj != hh {
        return Err(format!("dual objective {obj} != h {hh}"));
    }
    let ed = e_d(sp, alpha);
    let rec = super::lp_records::lpdp(sp, alpha, p, &u, lambda, Some(&ed));
    Ok((obj, vec![rec]))
}

/// X7 grid: the in-range grid plus Gibbs vertex priors at their own threshold α̃ = α.
fn grid_x7() -> Vec<NmAlphaPrior> {
    let mut v = grid_in_range();
    for s in super::core::small_spaces() {
        for alpha in super::core::alpha_grid() {
            v.push(NmAlphaPrior {
                n: s.n,
                m: s.m,
                alpha: alpha.clone(),
                prior: super::core::gibbs_vertex(&s, &alpha, 0),
            });
        }
    }
    v
}

/// The best 0-DP (constant-output) distortion min_y Σ_x p(x) d(x,y).
fn best_constant(sp: &Space, p: &[Rational]) -> Rational {
    (0..sp.size)
        .map(|y| {
            (0..sp.size)
                .map(|x| &p[x] * qi(sp.d(x, y) as i64))
                .sum::<Rational>()
        })
        .min()
        .unwrap()
}

/// Is α exactly the threshold α̃ of the prior (a root of some P_y where the range ends)?
fn at_threshold(sp: &Space, alpha: &Rational, p: &[Rational]) -> bool {
    match threshold(sp, p) {
        Threshold::WholeInterval => false,
        Threshold::Root(r, _) => r.cmp_rational(alpha) == Ordering::Equal,
    }
}

/// X7 as titled (claims file X7): for 0 < D ≤ h(ε̃_X), ε_d*(D) = ε_i*(D) = h⁻¹(D). The D-side
/// D_d*(ε) = h(ε) for ε ≥ ε̃_X is certified (mixture dual + ℰ_d). At the endpoint D = h(ε̃_X)
/// (α = α̃ rational) the ε-side is decided by the 0-DP mechanisms: if a constant output has
/// distortion ≤ D then ε_d*(D) = 0, which differs from h⁻¹(D) = ε̃_X when ε̃_X > 0.
fn x7(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    if in_range(&sp, i).is_none() {
        return outside_range(&sp, &i.alpha, p, "alpha > alpha~");
    }
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    if let Err(e) = lpdp_range_cert(&sp, &i.alpha, p) {
        return crate::claim::undecided_because(format!(
            "the mixture-dual certificate of D_d*(eps) = h(eps) was not accepted: {e}"
        ));
    }
    if at_threshold(&sp, &i.alpha, p) && i.alpha < 1u32 {
        let c = best_constant(&sp, p);
        if c <= hh {
            let mut fails = Check::new(
                "eps_d*(D) at D = h(eps~_X)  =  h^-1(D) = eps~_X",
                Value::text("0", "0"),
                Value::text(format!("ln({})", qi(1) / &i.alpha), ""),
                Method::Combined(vec![Method::Exact, Method::LpCertificate]),
                Outcome::Fails,
            );
            // Shown by: the constant output's distortion c <= D (so eps_d*(D) = 0), the
            // certified D-side LP, and 0 = ln(1/alpha~) false (alpha~ < 1).
            if crate::certify::recording() {
                let zero = crate::num::LogLinear::zero();
                let ln = crate::num::LogLinear::term(&qi(1), &(qi(1) / &i.alpha));
                let recs = lpdp_range_cert_rec(&sp, &i.alpha, p).map_or(vec![None], |(_, r)| r);
                let le =
                    crate::certify::compare(&c.to_string(), "<=", &hh.to_string(), true).into();
                let ne = crate::certify::log_linear(&zero, "=", &ln, false);
                super::lp_records::attach(&mut fails, [Some(le), ne].into_iter().chain(recs));
            }
            return fails.with_note(format!(
                "endpoint D = h(eps~_X) = {hh}: a constant output (0-DP) has distortion {c} <= D, so eps_d*(D) = 0 < h^-1(D) = ln(1/alpha~) with alpha~ = {}; the D-side D_d*(eps) = h(eps) for eps >= eps~_X still holds (WYZ-X7-corrected)",
                i.alpha
            ));
        }
    }
    let mut c = Check::rationals("certified D_d*(eps)  =  h(eps)", &hh, "=", &hh);
    c.method = Method::LpCertificate;
    if let Ok((_, recs)) = lpdp_range_cert_rec(&sp, &i.alpha, p) {
        super::lp_records::attach(&mut c, recs);
    }
    c.with_note("mixture dual of LP-DP (value h) checked on every row; E_d attains h")
}

/// X7-corrected: D_d*(ε) = h(ε) for every ε ≥ ε̃_X (D-side, certified), hence
/// ε_d*(D) = ε_i*(D) = h⁻¹(D) for 0 < D < h(ε̃_X) (strictly inside the range).
fn x7_corrected(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    if in_range(&sp, i).is_none() {
        return outside_range(&sp, &i.alpha, p, "alpha > alpha~");
    }
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    match lpdp_range_cert_rec(&sp, &i.alpha, p) {
        Ok((v, recs)) => {
            tally.compare(&v, "=", &hh, || "value".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    let ed = distortion(&sp, p, &e_d(&sp, &i.alpha));
    tally.compare(&ed, "=", &hh, || "E_d".into());
    tally.finish(
        "D_d*(eps) = h(eps) for eps >= eps~_X (certified both ways)",
        Method::LpCertificate,
        "mixture dual of LP-DP checked on every row; upper bound E_d",
    )
}

/// X4: for ε ∈ [ε_X, ε̃_X) (α̃ < α ≤ 1/r_X), D_i*(ε) > h(ε) strictly. Certificate: an LP-I
/// point of value h would make every column with mass an LP-R optimum, i.e. the Gibbs posterior
/// (unique: X11, all κ_l > 0 on (0,1] by Sturm), so p_X = G_α p_Y with p_Y ≥ 0 — but the exact
/// range test finds p_Y^{(α)} = G_α⁻¹ p_X with a negative entry (G_α invertible for α < 1).
fn x4(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite().expect("full support");
    let e = qi(1) / &i.alpha;
    if in_range(&sp, i).is_some() || e < r {
        let mut c = vacuous("alpha <= alpha~ or e^eps < r_X");
        c.records
            .extend(match range_holds_record(&sp, &i.alpha, p) {
                Some(rec) => Some(rec),
                None => below_eps_x_record(&sp, &i.alpha, p),
            });
        return c;
    }
    let mut tally = Tally::new();
    let py = gibbs_p_y(&sp, &i.alpha, p);
    match py.as_ref().and_then(|v| v.iter().min()) {
        Some(least) => tally.compare(least, "<", &qi(0), || "range test".into()),
        None => tally.check(false, || "range test".into()),
    }
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((lb, recs)) => {
            let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
            tally.compare(&lb, ">=", &hh, || "LP-I certificate".into());
            tally.attach(recs);
        }
        Err(_) => tally.check(false, || "LP-I certificate".into()),
    }
    // Uniqueness of the LP-R optimum: every κ_l > 0 on (0,1] (as WYZ-X11).
    for l in 1..=sp.n {
        let s = super::lemma1::mu(&sp, &i.alpha, l);
        tally.compare(&s, ">", &qi(0), || format!("kappa_{l} not positive"));
    }
    tally.finish(
        "D_i*(eps) > h(eps) strictly on [eps_X, eps~_X)",
        Method::Combined(vec![Method::LpCertificate, Method::Exact]),
        "equality would force Gibbs columns (X11) and p_Y = G_alpha^-1 p_X >= 0, refuted exactly",
    )
}

/// X6: the sandwich ε_i*(D) − ε_X ≤ ε_d*(D) ≤ ε_i*(D) holds for every D ∈ (0, n]. D-side at every
/// ε: D_i*(ε + ε_X) ≤ D_d*(ε) (every ε-DP W gives q = p_X W with q(x,y) ≤ e^{ε+ε_X} q(x',y): the
/// prior ratio p(x) ≤ r_X p(x') is checked on every pair, and on random DP mechanisms the
/// identifiability level is ≤ DP level · r_X) and D_d*(ε) ≤ h(ε) ≤ D_i*(ε) (ℰ_d; LP-I
/// certificate, +∞ when infeasible).
fn x6(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite().expect("full support");
    let mut tally = Tally::new();
    for (x, xp) in sp.ordered_pairs() {
        tally.compare(&p[x], "<=", &(&r * &p[xp]), || "prior ratio".into());
    }
    let mut rng = Lcg(61);
    for k in 0..3 {
        let w = random_mech(&mut rng, sp.size, sp.size, 4, false);
        let dl = dp_level(&sp, &w).ratio.finite().cloned().unwrap();
        let il = ident_level(&sp, p, &w).ratio.finite().cloned().unwrap();
        tally.compare(&il, "<=", &(&dl * &r), || format!("#{k} inclusion"));
    }
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    tally.compare(&distortion(&sp, p, &e_d(&sp, &i.alpha)), "=", &hh, || {
        "E_d".into()
    });
    match lpi_lower_rec(&sp, &i.alpha) {
        Ok((v, recs)) => {
            tally.compare(&v, ">=", &hh, || "LP-I".into());
            tally.attach(recs);
        }
        Err(e) => tally.check(false, || e),
    }
    tally.finish(
        "D_i*(eps+eps_X) <= D_d*(eps) <= h(eps) <= D_i*(eps) at every eps",
        Method::Combined(vec![Method::Exact, Method::LpCertificate]),
        "sandwich holds for all D (not only on the T1a range)",
    )
}

/// X10 grid: (n, m) = (1, 2), priors p = (k, 10−k)/10 and the grid α, plus E = r_X.
fn grid_x10() -> Vec<NmAlphaPrior> {
    x10_priors(10)
}

/// `dpcert search` beyond [`grid_x10`]: the priors with denominator `10 + 2s − 1` (odd, so all
/// new), same α set.
fn x10_beyond(s: usize) -> Vec<NmAlphaPrior> {
    x10_priors(9 + 2 * s as i64)
}

/// (n, m) = (1, 2), priors `(d − k, k)/d` for `1 ≤ k ≤ d/2`, α in the grid and `α = 1/r_X`.
fn x10_priors(d: i64) -> Vec<NmAlphaPrior> {
    let sp = Space::new(1, 2);
    let mut v = Vec::new();
    for k in 1..=d / 2 {
        let prior = super::core::Prior {
            label: if d == 10 {
                format!("p{k}")
            } else {
                format!("p{k}/{d}")
            },
            p: vec![q(d - k, d), q(k, d)],
        };
        let r = r_x(&sp, &prior.p).ratio.into_finite().unwrap();
        let mut alphas = vec![q(1, 10), q(1, 3), q(1, 2), q(2, 3), q(9, 10), qi(1) / &r];
        alphas.dedup();
        for alpha in alphas {
            v.push(NmAlphaPrior {
                n: 1,
                m: 2,
                alpha,
                prior: prior.clone(),
            });
        }
    }
    v
}

/// X10: for (n, m) = (1, 2): D_d*(ε) = min(p_min, 1/(1+e^ε)); D_i*(ε) = 1/(1+e^ε) for
/// e^ε ≥ p_max/p_min and +∞ below; ε̃_X = ε_X. Every prior is the Gibbs vertex prior at
/// α' = 1/r_X, so the mixture dual at α' gives D_d*(r_X) ≥ p_min, and D_d* is nonincreasing.
fn x10(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(1, 2);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite().unwrap();
    let e = qi(1) / &i.alpha;
    let pmin = p.iter().min().unwrap().clone();
    let hh = optimal_distortion(1, 2, &i.alpha);
    let mut tally = Tally::new();
    tally.compare(&hh, "=", &(qi(1) / (qi(1) + &e)), || "h = 1/(1+E)".into());
    // ε̃_X = ε_X: α̃ = 1/r_X, shown by sturm records of the P_y (issue 44 item 6).
    let th = threshold(&sp, p);
    let th_ok = match &th {
        Threshold::WholeInterval => r == 1u32,
        Threshold::Root(rt, _) => rt.cmp_rational(&(qi(1) / &r)) == Ordering::Equal,
    };
    let recs = th_ok
        .then(|| threshold_is(&sp, p, &th, &(qi(1) / &r)))
        .flatten();
    tally.check_shown(th_ok, recs.unwrap_or_default(), || "eps~_X != eps_X".into());
    let dd = pmin.clone().min(hh.clone());
    // Upper bounds: E_d and the best constant output.
    tally.compare(&distortion(&sp, p, &e_d(&sp, &i.alpha)), "=", &hh, || {
        "E_d".into()
    });
    tally.compare(&best_constant(&sp, p), "=", &pmin, || {
        "constant output".into()
    });
    // Lower bound, each with the lp record of its certificate.
    let lower = |tally: &mut Tally,
                 got: Result<(Rational, Records), String>,
                 rel,
                 want: &Rational,
                 what: &str| match got {
        Ok((v, recs)) => {
            tally.compare(&v, rel, want, || format!("{what}: {v} vs {want}"));
            tally.attach(recs);
        }
        Err(er) => tally.check(false, || er),
    };
    if e >= r {
        lower(
            &mut tally,
            lpdp_range_cert_rec(&sp, &i.alpha, p),
            ">=",
            &dd,
            "D_d* lower (in range)",
        );
        lower(
            &mut tally,
            lpi_lower_rec(&sp, &i.alpha),
            "=",
            &hh,
            "D_i* lower",
        );
        match e_i(&sp, &i.alpha, p) {
            Some((w, _)) => {
                tally.compare(&distortion(&sp, p, &w), "=", &hh, || "E_i attains".into())
            }
            None => tally.check(false, || "E_i attains".into()),
        }
    } else {
        lower(
            &mut tally,
            lpdp_range_cert_rec(&sp, &(qi(1) / &r), p),
            ">=",
            &dd,
            "D_d*(r_X) >= D_d*",
        );
        match farkas_lpi_rec(&sp, p, &e) {
            Ok((_, recs)) => {
                let recs: Option<Vec<_>> = recs.into_iter().collect();
                tally.check_shown(true, recs.unwrap_or_default(), || "LP-I infeasible".into());
            }
            Err(er) => tally.check(false, || format!("LP-I infeasible: {er}")),
        }
    }
    tally.finish(
        "(1,2): D_d* = min(p_min, 1/(1+E)); D_i* = 1/(1+E) iff E >= r_X else +inf",
        Method::LpCertificate,
        &format!("D_d* = {dd}"),
    )
}

/// S12 (l.212): the RD-optimal mechanism ℰ_i at α_D has DP level ε with
/// ε_d*(D) ≤ ε ≤ ε_d*(D) + ε_X. Reading: D in the T2 range. Left: ℰ_i is ε-DP with distortion D.
/// Right: strictly inside the range (p_Y^{(α_D)} > 0 entrywise) ε_d*(D) = h⁻¹(D) (X7-corrected)
/// and the DP ratio of ℰ_i is ≤ e^{h⁻¹(D)} r_X (checked); at the endpoint (p_Y has zeros) the
/// certified lower bound ε_d*(D) ≥ max{h⁻¹(D) − ε_X, 0} is used, undecided if insufficient.
fn s12(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let Some((w, py)) = e_i(&sp, &i.alpha, p) else {
        return outside_range(&sp, &i.alpha, p, "alpha > alpha~");
    };
    let r = r_x(&sp, p).ratio.into_finite().unwrap();
    let e = qi(1) / &i.alpha;
    let l = dp_level(&sp, &w).ratio.finite().cloned();
    let Some(l) = l else {
        return Check::new(
            "DP level of E_i",
            Value::text("+inf", ""),
            Value::text("finite", ""),
            Method::Exact,
            Outcome::Fails,
        );
    };
    let interior = py.iter().all(|v| *v > 0u32);
    let mut recs = Vec::new();
    let bound = if interior {
        match lpdp_range_cert_rec(&sp, &i.alpha, p) {
            Ok((_, r)) => recs = r,
            Err(_) => {
                return crate::claim::undecided_because(
                    "the mixture-dual certificate of eps_d*(D) = h^-1(D) was not accepted",
                )
            }
        }
        &e * &r
    } else {
        (&e / &r).max(qi(1)) * &r
    };
    // At the endpoint, L <= r_X needs only eps_d*(D) >= 0 (an `Exact` comparison with its
    // record, issue 44 item 6), not the closed-form bound, which rests on T1c for every eps.
    if l <= bound && (interior || l > r) {
        let mut c = Check::rationals(
            "DP ratio of E_i at alpha_D  <=  e^{eps_d*(D) + eps_X} (certified lower bound)",
            &l,
            "<=",
            &bound,
        );
        c.method = Method::Combined(vec![Method::Exact, Method::LpCertificate]);
        super::lp_records::attach(&mut c, recs);
        c.with_note(if interior {
            "interior: eps_d*(D) = h^-1(D) certified"
        } else {
            "endpoint: eps_d* >= max(h^-1(D) - eps_X, 0)"
        })
    } else {
        s12_endpoint_by_lp(&sp, p, &w, &l, &r)
    }
}

/// S12 at an endpoint where the closed-form bound on ε_d*(D) is too weak: decide
/// `L <= e^{ε_d*(D)} r_X` with the exact LP-DP optimum D_d* (eq. (10)). With `s = L / r_X`:
/// D_d* is nonincreasing in ε, so `D_d*(ln s) > D` gives ε_d*(D) >= ln s (holds), and a level
/// `s' < s` with `D_d*(ln s') <= D` gives ε_d*(D) <= ln s' < ln s (fails, with the witness).
fn s12_endpoint_by_lp(
    sp: &Space,
    p: &[Rational],
    w: &super::core::Rows,
    l: &Rational,
    r: &Rational,
) -> Check {
    let d = distortion(sp, p, w);
    let s = l / r;
    let compared = "DP ratio L of E_i at alpha_D  <=  e^{eps_d*(D) + eps_X}, decided with the exact LP-DP optimum D_d*";
    let method = Method::Combined(vec![Method::Exact, Method::LpCertificate]);
    if s <= 1u32 {
        return Check::rationals(compared, l, "<=", r).with_note("L <= r_X and eps_d*(D) >= 0");
    }
    let (at_s, record) = match lpdp_optimum_rec(sp, &s, p) {
        Ok(v) => v,
        Err(e) => return crate::claim::undecided_because(e),
    };
    if at_s > d {
        let mut c = Check::rationals(compared, l, "<=", &(&s * r));
        c.method = method;
        // Shown by the LP-DP optimum at e^eps = s (its `lp` record) and D_d*(ln s) > D.
        if crate::certify::recording() {
            let above = crate::certify::compare(&at_s.to_string(), ">", &d.to_string(), true);
            let above = crate::certify::rests_on(above, &["lp"]);
            super::lp_records::attach(&mut c, [Some(above), record]);
        }
        return c.with_note(format!(
            "endpoint, D = {d}: exact LP gives D_d*(e^eps = L/r_X = {s}) = {at_s} > D, so eps_d*(D) >= ln {s} (D_d* is nonincreasing) and L = {s} r_X <= e^(eps_d*(D)) r_X"
        ));
    }
    for k in 1..=12u32 {
        let below = &s - (&s - qi(1)) / Rational::from(2u32.pow(k));
        match lpdp_optimum(sp, &below, p) {
            Ok(v) if v <= d => {
                return Check::new(
                    compared,
                    Value::rational(l),
                    Value::text(format!("<= {} (e^eps_d* <= {below})", &below * r), ""),
                    method,
                    Outcome::Fails,
                )
                .with_note(format!(
                    "endpoint, D = {d}: exact LP gives D_d*(e^eps = {below}) = {v} <= D, so eps_d*(D) <= ln {below} < ln(L/r_X)"
                ))
            }
            Ok(_) => {}
            Err(e) => return crate::claim::undecided_because(e),
        }
    }
    crate::claim::undecided_because(format!(
        "endpoint, D = {d}: D_d*(e^eps = L/r_X = {s}) = {at_s} <= D, but no level in 12 halvings below L/r_X reaches D"
    ))
}

/// D_d*(ε), the LP-DP optimum (eq. (10)): the least expected Hamming distortion
/// `Σ p(x) W(y|x) d(x,y)` over mechanisms with `W(y|x) <= e^ε W(y|x')` on neighbouring
/// databases, for `ratio = e^ε >= 1`; exact, with the primal and dual certificate re-checked on
/// every row and variable by the LP layer.
pub fn lpdp_optimum(sp: &Space, ratio: &Rational, p: &[Rational]) -> Result<Rational, String> {
    lpdp_optimum_rec(sp, ratio, p).map(|(v, _)| v)
}

/// [`lpdp_optimum`] with, while certificates are recorded, the `lp` record of the full LP-DP
/// and its (lifted) certificate, re-checked by `lp::lp_record` before it is written.
fn lpdp_optimum_rec(
    sp: &Space,
    ratio: &Rational,
    p: &[Rational],
) -> Result<(Rational, Option<serde_json::Value>), String> {
    let adjacency = (0..sp.size)
        .map(|x| {
            let mut a: Vec<usize> = sp.neighbours(x).into_iter().map(|(y, _)| y).collect();
            a.sort_unstable();
            a
        })
        .collect();
    let weights = (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| &p[x] * Rational::from(sp.d(x, y)))
                .collect()
        })
        .collect();
    let lp = crate::lp::ChannelLp {
        adjacency,
        t: ratio.clone(), // the crate's t = e^ε (= E = 1/α), not α
        sense: crate::lp::Sense::Minimize,
        weights,
    };
    let sol = lp
        .solve_reduced(&[])
        .map_err(|e| format!("LP-DP at e^eps = {ratio}: {e:?}"))?;
    let record = match (crate::certify::recording(), sol.full_solution()) {
        (true, Some(cert)) => {
            let model = lp.model();
            let id = format!("LP-DP n={} m={} e^eps={ratio}", sp.n, sp.m);
            let source = "Wang-Ying-Zhang LP-DP (eq (10))";
            crate::lp::lp_record(&id, source, &model, model.rows().len(), &cert).ok()
        }
        _ => None,
    };
    let value = sol
        .value
        .ok_or_else(|| format!("LP-DP at e^eps = {ratio}: status {}", sol.status))?;
    Ok((value, record))
}

#[cfg(test)]
mod tests {
    use super::super::core::iid_linear;
    use super::*;

    /// S12 at `n`, `m`, `α` with the i.i.d. linear prior of issue 17.
    fn s12_at(n: usize, m: usize, alpha: Rational) -> Check {
        let prior = iid_linear(&Space::new(n, m));
        s12(&NmAlphaPrior { n, m, alpha, prior })
    }

    /// The S12 endpoint of the issue: n=1, m=3, p = (1/6, 1/3, 1/2), α = α~ = 1/4. The exact
    /// LP-DP optimum is nonincreasing in e^eps and meets the certified value h on the range, and
    /// the endpoint instance is decided (it was undecided with the closed-form bound alone).
    #[test]
    fn s12_endpoint_is_decided_by_the_exact_lp() {
        let sp = Space::new(1, 3);
        let p = iid_linear(&sp).p;
        let levels = [qi(1), q(3, 2), qi(2), qi(3), qi(4), qi(6)];
        let values: Vec<Rational> = levels
            .iter()
            .map(|e| lpdp_optimum(&sp, e, &p).unwrap())
            .collect();
        assert!(values.windows(2).all(|v| v[0] >= v[1]), "{values:?}");
        // On the T1a range (e^eps >= 1/α~ = 4) D_d* = h, as the mixture dual certifies.
        assert_eq!(values[4], lpdp_range_cert(&sp, &q(1, 4), &p).unwrap());
        // Literal table (values recomputed independently for issue 17).
        assert_eq!((&values[3], &values[4]), (&q(3, 8), &q(1, 3)));
        let c = s12_at(1, 3, q(1, 4));
        assert_eq!(c.outcome, Outcome::Holds, "{c:?}");
    }

    /// Issue 44 item 6: S12's endpoint instances carry the records that show them. Where the
    /// closed-form bound was used (it rests on T1c for every ε, which no record shows), `L <= r_X`
    /// needs only `ε_d*(D) >= 0`: an exact comparison (n=1, m=2, p = (1/3, 2/3), α = 1/2: L = 1,
    /// r_X = 2). Where the exact LP decides (the endpoint above), the `lp` record of LP-DP at
    /// `e^ε = L/r_X = 2` and the comparison `D_d*(ln 2) = 4/9 > D = 1/3` (values of issue 17).
    #[test]
    fn s12_endpoint_instances_carry_their_records() {
        crate::certify::start_recording();
        let kinds = |c: &Check| -> Vec<String> {
            let mut k: Vec<String> = c.records.iter().map(|r| r["kind"].to_string()).collect();
            k.sort();
            k
        };
        let c = s12_at(1, 2, q(1, 2));
        assert_eq!(
            (c.outcome, &c.method),
            (Outcome::Holds, &Method::Exact),
            "{c:?}"
        );
        assert_eq!((c.lhs.exact.as_str(), c.rhs.exact.as_str()), ("1", "2"));
        assert_eq!(kinds(&c), ["\"compare\""]);
        let c = s12_at(1, 3, q(1, 4));
        assert_eq!(c.outcome, Outcome::Holds, "{c:?}");
        assert_eq!(kinds(&c), ["\"compare\"", "\"compare\"", "\"lp\""]);
        let lp = c.records.iter().find(|r| r["kind"] == "lp").unwrap();
        assert_eq!(
            (&lp["answer"]["status"], &lp["answer"]["value"]),
            (&"optimal".into(), &"4/9".into())
        );
        let above = c
            .records
            .iter()
            .find(|r| r["relation"] == ">")
            .expect("D_d* > D");
        assert_eq!(
            (&above["lhs"], &above["rhs"], &above["holds"]),
            (&"4/9".into(), &"1/3".into(), &true.into())
        );
        assert_eq!(above["rests_on"], serde_json::json!(["lp"]));
    }

    /// The mixture dual is accepted inside the range and rejected outside it.
    #[test]
    fn mixture_dual_only_in_range() {
        let sp = Space::new(1, 3);
        let p = iid_linear(&sp).p; // (1/6, 1/3, 1/2): α~ = 1/4
        assert_eq!(
            lpdp_range_cert(&sp, &q(1, 4), &p),
            Ok(optimal_distortion(1, 3, &q(1, 4)))
        );
        assert_eq!(
            lpdp_range_cert(&sp, &q(1, 5), &p),
            Ok(optimal_distortion(1, 3, &q(1, 5)))
        );
        assert!(lpdp_range_cert(&sp, &q(1, 3), &p).is_err());
    }
}
