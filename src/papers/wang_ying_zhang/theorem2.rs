//! Theorem 2 of Wang–Ying–Zhang (l.222–230): ℰ_i at ε = h⁻¹(D) solves PD-MIP on the T1a range,
//! its KKT steps T2.1–T2.5, the Lagrangian derivative A1, the rate–distortion identification
//! S11, the derived Shannon-lower-bound certificate X8, and the figures F1–F3.
//!
//! Optimality is certified without KKT: I(X;Y) of ℰ_i (an exact log-linear form, nats) equals
//! SLB(D) = H(X) − n ln(1+(m−1)α) − εD at α = α_D, and SLB is a lower bound for every channel
//! with E d ≤ D: the dual point c(x) = 1/(p_X(x)Z) satisfies Σ_x p_X(x)c(x)α^{d(x,y)} = 1 for
//! every y (checked exactly), which is the standard rate–distortion dual bound
//! I ≥ Σ_x p_X ln c(x)^{-1}·… = H(X) − n ln Z^{1/n} − εD (Csiszár's dual; also checked on
//! random channels).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::core::{
    alpha_of_d, distortion, e_i, gibbs_normaliser, optimal_distortion, pw, q, qi, random_mech,
    row_normaliser, Lcg, Rows, Space,
};
use super::inst::{Nm, NmAlphaPrior};
use super::mech::grid_in_range;
use super::prior::row_marginals_if_product;
use crate::claim::not_checkable;
use crate::claim::scan::Tally;
use crate::claim::{Check, ClaimChecker, Family, Method};
use crate::measure::{entropy, mutual_information_of_rows, output_distribution};
use crate::num::{LogLinear, Rational};

fn fam(id: &'static str, check: fn(&NmAlphaPrior) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_in_range,
        beyond: Some(super::inst::nm_alpha_prior_beyond),
        check,
    }
    .boxed()
}

fn not_checkable_fam(id: &'static str, check: fn(&Nm) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: || vec![Nm { n: 1, m: 2 }],
        beyond: None,
        check,
    }
    .boxed()
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam("WYZ-T2", t2),
        fam("WYZ-T2.1", t21),
        fam("WYZ-T2.2", t22),
        fam("WYZ-T2.3", t23),
        fam("WYZ-T2.4", t24),
        not_checkable_fam("WYZ-T2.5", |_| {
            not_checkable("a logical step (Slater + convexity); the tool's certificate for T2 is the Shannon lower bound (weak duality), which needs no constraint qualification")
        }),
        fam("WYZ-A1", a1),
        fam("WYZ-S11", s11),
        fam("WYZ-X8", x8),
        not_checkable_fam("WYZ-F1", |_| {
            not_checkable("Figure 1 is not in the source text (caption only); its content is WYZ-S13 and WYZ-T2")
        }),
        not_checkable_fam("WYZ-F2", |_| {
            not_checkable(
                "Figure 2 is not in the source text (caption only); the band it shows is WYZ-S13",
            )
        }),
        not_checkable_fam("WYZ-F3", |_| {
            not_checkable("Figure 3 is not in the source text (caption only); its content is WYZ-S8 and WYZ-S9")
        }),
    ]
}

/// SLB(D) at α: H(X) − n ln(1+(m−1)α) + D ln α (−εD = D ln α), nats.
fn slb(sp: &Space, p: &[Rational], alpha: &Rational, d: &Rational) -> LogLinear {
    let hx = entropy(p);
    let a = LogLinear::term(&qi(sp.n as i64), &row_normaliser(sp.m, alpha));
    let b = LogLinear::term(d, alpha);
    &(&hx - &a) + &b
}

/// n·H_m(D/n) = −D ln(δ/(m−1)) − (n−D) ln(1−δ), δ = D/n (m-ary entropy, nats).
fn n_hm(sp: &Space, d: &Rational) -> LogLinear {
    let n = qi(sp.n as i64);
    let delta = d / &n;
    let mut f = LogLinear::zero();
    if *d > 0u32 {
        f = &f - &LogLinear::term(d, &(&delta / qi(sp.m as i64 - 1)));
    }
    if delta < 1u32 {
        f = &f - &LogLinear::term(&(&n - d), &(qi(1) - &delta));
    }
    f
}

fn vacuous(sp: &Space, i: &NmAlphaPrior) -> Check {
    let what = "alpha > alpha~ (D > h(eps~_X))";
    super::lp_bounds::outside_range(sp, &i.alpha, &i.prior.p, what)
}

/// Σ_x α^{d(x,y)}/Z = 1 for every y: the dual constraint of the SLB certificate (X8(a)), one
/// sub-check of `tally` with a `compare` record per y.
fn slb_dual_identity(tally: &mut Tally, sp: &Space, alpha: &Rational, what: &str) {
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    tally.compare_all(
        (0..sp.size).map(|y| {
            let s = (0..sp.size)
                .map(|x| pw(alpha, sp.d(x, y)) / &zz)
                .sum::<Rational>();
            (s, "=", qi(1))
        }),
        || what.to_string(),
    );
}

fn rand_channels(sp: &Space, seed: u64) -> Vec<Rows> {
    let mut rng = Lcg(seed);
    (0..3)
        .map(|_| random_mech(&mut rng, sp.size, sp.size, 4, true))
        .collect()
}

/// T2: for 0 < D ≤ h(ε̃_X), ℰ_i at ε = h⁻¹(D) solves PD-MIP: it is feasible with E d = D, and
/// I(ℰ_i) = SLB(D), a lower bound for every feasible channel (dual identity checked; bound also
/// checked on random channels).
fn t2(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let Some((w, _)) = e_i(&sp, &i.alpha, p) else {
        return vacuous(&sp, i);
    };
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    tally.compare(&alpha_of_d(sp.n, sp.m, &d), "=", &i.alpha, || {
        "alpha_D".into()
    });
    tally.compare(&distortion(&sp, p, &w), "=", &d, || "distortion".into());
    let mi = mutual_information_of_rows(p, &w);
    let bound = slb(&sp, p, &i.alpha, &d);
    tally.compare_log(&mi, "=", &bound, || "I(E_i) != SLB(D)".into());
    slb_dual_identity(&mut tally, &sp, &i.alpha, "dual identity");
    for (k, v) in rand_channels(&sp, 51).iter().enumerate() {
        let dv = distortion(&sp, p, v);
        tally.compare_log(
            &mutual_information_of_rows(p, v),
            ">=",
            &slb(&sp, p, &i.alpha, &dv),
            || format!("random #{k}"),
        );
    }
    tally.finish(
        "I(E_i at alpha_D) = SLB(D) <= I(W) for every W with E d <= D",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        &format!("D = {d}; I = {}", mi.to_decimal_string(12)),
    )
}

/// T2.1 (l.226): ℰ_i at ε = h⁻¹(D) satisfies (28)–(30), with (28) tight.
fn t21(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let Some((w, _)) = e_i(&sp, &i.alpha, &i.prior.p) else {
        return vacuous(&sp, i);
    };
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    for row in &w {
        let min = row.iter().min().expect("N >= 1");
        tally.compare(min, ">=", &qi(0), || "(30)".into());
        tally.compare(&row.iter().sum::<Rational>(), "=", &qi(1), || "(29)".into());
    }
    let dist = distortion(&sp, &i.prior.p, &w);
    tally.compare(&dist, "=", &d, || format!("(28) {dist} vs {d}"));
    tally.finish("(28) tight, (29), (30)", Method::Exact, "E d = D exactly")
}

/// T2.2 (l.226): λ = h⁻¹(D) ≥ 0 (⇔ D ≤ n(m−1)/m ⇔ α_D ≤ 1), μ free, η = 0 ≥ 0; every D of
/// the T1a range has λ ≥ 0.
fn t22(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    if e_i(&sp, &i.alpha, &i.prior.p).is_none() {
        return vacuous(&sp, i);
    }
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let alpha_d = alpha_of_d(sp.n, sp.m, &d);
    let mut tally = Tally::new();
    tally.compare(&alpha_d, "<=", &qi(1), || "lambda < 0".into());
    let dmax = q((sp.n * (sp.m - 1)) as i64, sp.m as i64);
    tally.compare(&d, "<=", &dmax, || "D > n(m-1)/m".into());
    tally.finish(
        "lambda = ln(1/alpha_D) >= 0 on the range",
        Method::Exact,
        &format!("alpha_D = {alpha_d}"),
    )
}

/// T2.3 (l.226, l.504–515): stationarity p ln W − p ln p_Y + λ p d + μ − η = 0 with
/// μ(x) = p_X(x) ln[p_X(x)Z], λ = ln(1/α), η = 0; divided by p_X(x) and exponentiated:
/// W(y|x)·p_X(x)·Z / (p_Y(y) α^{d(x,y)}) = 1, checked exactly for every (x, y) with p_Y(y) > 0.
/// Pairs with p_Y(y) = 0 (at α = α̃) involve ln 0 and are reported as not evaluable.
fn t23(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let Some((w, py)) = e_i(&sp, &i.alpha, p) else {
        return vacuous(&sp, i);
    };
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    let mut skipped = 0;
    for y in 0..sp.size {
        if py[y] == 0u32 {
            skipped += sp.size;
            continue;
        }
        for x in 0..sp.size {
            let v = &w[x][y] * &p[x] * &zz / (&py[y] * pw(&i.alpha, sp.d(x, y)));
            tally.compare(&v, "=", &qi(1), || format!("({x},{y}): {v}"));
        }
    }
    tally.finish(
        "exp(stationarity / p_X(x)) = 1 for all (x,y) with p_Y(y) > 0",
        Method::Exact,
        &format!("{skipped} pairs with p_Y(y) = 0 not evaluable (ln 0)"),
    )
}

/// T2.4 (l.226): λ(E d − D) = 0 (E d = D exactly) and η·W = 0 (η = 0).
fn t24(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let Some((w, _)) = e_i(&sp, &i.alpha, &i.prior.p) else {
        return vacuous(&sp, i);
    };
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let gap = distortion(&sp, &i.prior.p, &w) - &d;
    Check::rationals(
        "E d - D (complementary slackness with lambda > 0)",
        &gap,
        "=",
        &qi(0),
    )
}

/// A1 (l.498–515): ∂J/∂W(y|x) = p_X(x) ln(W/p_Y) + λ p_X d + μ − η. The p_Y-dependence of J
/// cancels: Σ p W ln(W/p_Y) = Σ p W ln W − Σ_y p_Y ln p_Y (exact log-linear identity), whose
/// derivative is p(x)(ln W + 1) − p(x)(ln p_Y + 1); the cancelled term is
/// Σ_{x'} p(x')W(y|x')·p(x)/p_Y(y) = p(x) (exact). Checked on random interior channels.
fn a1(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let mut rng = Lcg(53);
    for k in 0..2 {
        let w = random_mech(&mut rng, sp.size, sp.size, 4, false);
        let py = output_distribution(p, &w);
        let mut lhs = LogLinear::zero();
        let mut wlnw = LogLinear::zero();
        for x in 0..sp.size {
            for y in 0..sp.size {
                let c = &p[x] * &w[x][y];
                lhs = &lhs + &LogLinear::term(&c, &(&w[x][y] / &py[y]));
                wlnw = &wlnw + &LogLinear::term(&c, &w[x][y]);
            }
        }
        let mut pylnpy = LogLinear::zero();
        for v in &py {
            pylnpy = &pylnpy + &LogLinear::term(v, v);
        }
        tally.compare_log(&lhs, "=", &(&wlnw - &pylnpy), || {
            format!("#{k} rearrangement")
        });
        for y in 0..sp.size {
            for x in 0..sp.size {
                let s: Rational =
                    (0..sp.size).map(|xp| &p[xp] * &w[xp][y]).sum::<Rational>() * &p[x] / &py[y];
                tally.compare(&s, "=", &p[x], || format!("#{k} cancellation ({x},{y})"));
            }
        }
    }
    tally.finish(
        "dJ/dW = p ln(W/p_Y) + lambda p d + mu - eta (p_Y-dependence cancels)",
        Method::Combined(vec![Method::LogLinear, Method::Exact]),
        "2 random interior channels",
    )
}

/// S11 (l.210, l.214): ε_m*(D) is the rate–distortion function R(D) of p_X with distortion d.
/// On the T2 range both sides are certified equal to H(X) − nH_m(D/n) (attained by ℰ_i, lower
/// bound by the SLB); outside the range R(D) is not bracketed (instances vacuous).
fn s11(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let Some((w, _)) = e_i(&sp, &i.alpha, p) else {
        return vacuous(&sp, i);
    };
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    let rd = &entropy(p) - &n_hm(&sp, &d);
    tally.compare_log(&mutual_information_of_rows(p, &w), "=", &rd, || {
        "attained value".into()
    });
    tally.compare_log(&slb(&sp, p, &i.alpha, &d), "=", &rd, || {
        "SLB = closed form".into()
    });
    slb_dual_identity(&mut tally, &sp, &i.alpha, "dual identity");
    tally.finish(
        "PD-MIP value = R(D) = H(X) - n H_m(D/n) on the T2 range",
        Method::LogLinear,
        "upper bound attained by E_i; lower bound by the SLB dual",
    )
}

/// X8: (a) I ≥ H(X) − n ln(1+(m−1)α) − ε·E d for random channels and every grid α (and the dual
/// identity); (b) on the range I(ℰ_i at α_D) = H(X) − nH_m(D/n); (c) uniform: n[ln m − H_m(D/n)];
/// (d) i.i.d. rows π with D/n ≤ (m−1)π_min: n[H(π) − H_m(D/n)]. (e) uniqueness not checked.
fn x8(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    slb_dual_identity(&mut tally, &sp, &i.alpha, "(a) dual identity");
    for (k, v) in rand_channels(&sp, 57).iter().enumerate() {
        let dv = distortion(&sp, p, v);
        tally.compare_log(
            &mutual_information_of_rows(p, v),
            ">=",
            &slb(&sp, p, &i.alpha, &dv),
            || format!("(a) #{k}"),
        );
    }
    let d = optimal_distortion(sp.n, sp.m, &i.alpha);
    let mut note = "(a) only: alpha > alpha~".to_string();
    if let Some((w, _)) = e_i(&sp, &i.alpha, p) {
        let rd = &entropy(p) - &n_hm(&sp, &d);
        tally.compare_log(&mutual_information_of_rows(p, &w), "=", &rd, || {
            "(b)".into()
        });
        note = "(a), (b)".into();
        if i.prior.is_uniform() {
            let c = &LogLinear::term(&qi(sp.n as i64), &qi(sp.m as i64)) - &n_hm(&sp, &d);
            tally.compare_log(&c, "=", &rd, || "(c)".into());
            note.push_str(", (c)");
        }
        if let Some(rows) = row_marginals_if_product(&sp, p) {
            if rows.iter().all(|r| *r == rows[0]) {
                let pi = &rows[0];
                let pmin = pi.iter().min().unwrap();
                if &d / qi(sp.n as i64) <= qi(sp.m as i64 - 1) * pmin {
                    let c = &entropy(pi).scale(&qi(sp.n as i64)) - &n_hm(&sp, &d);
                    tally.compare_log(&c, "=", &rd, || "(d)".into());
                    note.push_str(", (d)");
                }
            }
        }
    }
    tally.finish(
        "Shannon lower bound and the closed form of eps_m*(D)",
        Method::LogLinear,
        &format!("{note}; (e) uniqueness not checked"),
    )
}
