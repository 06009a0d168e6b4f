//! Symbolic certificates of Lemma 1 per (n, m), derived from its proof: WYZ-X11 (uniqueness
//! of the LP-R optimiser, by strict complementary slackness) and WYZ-X12 (the candidate dual
//! of LP-L, feasible for every α in (0, 1]).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::super::sturm_steps::{poly_text, sturm_check};
use super::shared::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "WYZ-X11",
            grid: x_grid,
            beyond: Some(x_beyond),
            check: x11,
        }
        .boxed(),
        Family {
            id: "WYZ-X12",
            grid: x_grid,
            beyond: Some(x_beyond),
            check: x12,
        }
        .boxed(),
    ]
}

fn x_grid() -> Vec<Nm> {
    let mut v = Vec::new();
    for n in 1..=8 {
        for m in 2..=5 {
            v.push(Nm { n, m });
        }
    }
    v
}

fn x_beyond(k: usize) -> Vec<Nm> {
    let mut v = Vec::new();
    for n in 1..=8 + 6 * k {
        for m in 2..=5 + k {
            if n > 8 + 6 * (k - 1) || m > 4 + k {
                v.push(Nm { n, m });
            }
        }
    }
    v
}

/// g · S_j(α) as a polynomial in α: Σ_{k≤j} N_k α^k (n(m−1)α − k g).
fn gs_poly(sp: &Space, j: usize) -> Poly {
    let gp = g_poly(sp.m, 1);
    let nm_alpha = Poly::new(vec![qi(0), qi((sp.n * (sp.m - 1)) as i64)]);
    let mut acc = Poly::zero();
    for k in 0..=j {
        let term = &(&nm_alpha - &(&gp * &qi(k as i64))) * &Poly::monomial(sp.n_l(k), k);
        acc = &acc + &term;
    }
    acc
}

/// `g · S_j(α)` in the claim language as the sum of its terms `N_k t^k (n(m−1)t − k g)`, unexpanded.
fn gs_text(sp: &Space, j: usize) -> String {
    let (nm, m1) = (sp.n * (sp.m - 1), sp.m - 1);
    let terms: Vec<String> = (0..=j)
        .map(|k| format!("({})*t^{k}*({nm}*t - {k}*(1 + {m1}*t))", sp.n_l(k)))
        .collect();
    terms.join(" + ")
}

/// Unit interval (0, 1] for ε ∈ [0, ∞).
fn unit() -> Range {
    Range::open_closed(qi(0), qi(1))
}

/// X12: the candidate dual of LP-L: u = h, μ_l = E^{l−1} Σ_{k<l} N_k α^k (h − k). Checked:
/// (i) μ_l ≥ 0 on (0,1] by Sturm (sign of g·S_{l−1}, as E^{l−1}, g > 0);
/// (ii) the last dual row E^n S_n = 0 identically (tight);
/// (iii) the rows l < n are tight by construction (μ_{l+1} = N_l(u − l) + E μ_l), checked
///       exactly at E ∈ {1, 11/10, 2, 7, 100} together with the LP-R edge identity
///       (n−l)(m−1)N_l = (l+1)N_{l+1} and agreement with the chain-LP certificate.
fn x12(i: &Nm) -> Check {
    let sp = Space::parameters_only(i.n, i.m);
    let mut tally = Tally::new();
    for l in 1..=sp.n {
        let p = gs_poly(&sp, l - 1);
        let s = sign_on(&p, &unit());
        sturm_check(
            &mut tally,
            s.is_nonnegative(),
            || format!("forall t in (0, 1]: {} >= 0", poly_text(&p)),
            || format!("mu_{l} changes sign on (0,1]: {s:?}"),
        );
    }
    // S_n = 0: the checker expands the sum of its terms itself.
    sturm_check(
        &mut tally,
        gs_poly(&sp, sp.n).is_zero(),
        || format!("forall t in (0, 1]: {} = 0", gs_text(&sp, sp.n)),
        || "last dual row not tight: S_n != 0".into(),
    );
    for l in 0..sp.n {
        tally.compare(
            &(qi(((sp.n - l) * (sp.m - 1)) as i64) * sp.n_l(l)),
            "=",
            &(qi(l as i64 + 1) * sp.n_l(l + 1)),
            || format!("edge identity l={l}"),
        );
    }
    for e in [q(1, 1), q(11, 10), q(2, 1), q(7, 1), q(100, 1)] {
        let alpha = qi(1) / &e;
        let u = optimal_distortion(sp.n, sp.m, &alpha);
        for l in 0..=sp.n {
            let lhs = sp.n_l(l) * &u + &e * mu(&sp, &alpha, l) - mu(&sp, &alpha, l + 1);
            let rhs = qi(l as i64) * sp.n_l(l);
            tally.compare(&lhs, "<=", &rhs, || format!("E={e} dual row {l}"));
            tally.compare(&lhs, "=", &rhs, || format!("E={e} row {l} not tight"));
        }
        let w: Vec<Rational> = (0..=sp.n).map(|l| sp.n_l(l)).collect();
        match chain_lp(&w, &alpha, &qi(1)) {
            Ok((v, _, rec)) => {
                tally.compare(&v, "=", &u, || format!("E={e}: LP-L optimum {v} != h"));
                tally.attach([rec]);
            }
            Err(er) => tally.check(false, || format!("E={e}: LP-L certificate {er}")),
        }
    }
    tally.finish(
        "candidate dual (u=h, mu_l) of LP-L feasible for all alpha in (0,1]; rows tight",
        Method::Combined(vec![Method::Polynomial, Method::LpCertificate]),
        "Sturm sign of g*S_{l-1} on (0,1]; S_n = 0 in Q[alpha]; exact at E in {1,11/10,2,7,100}",
    )
}

/// X11: uniqueness of the LP-R optimiser. With the certified dual (u = h, κ_l), strict
/// complementary slackness holds when every κ_l > 0 on (0,1] (Sturm: g·S_{l−1} Positive); then
/// every optimum satisfies p(a) = E p(b) on all outward edges, which (every vertex being
/// reachable from y0 by outward edges) forces p ∝ α^{d(x,y0)}: the Gibbs posterior. For PD-I
/// at ε ≥ ε̃_X each column with p_Y(y) > 0 is then Gibbs and p_Y = G_α⁻¹p_X is unique (α < 1),
/// so the joint q of ℰ_i is the unique optimiser.
fn x11(i: &Nm) -> Check {
    let sp = Space::parameters_only(i.n, i.m);
    let mut tally = Tally::new();
    for l in 1..=sp.n {
        let p = gs_poly(&sp, l - 1);
        let s = sign_on(&p, &unit());
        sturm_check(
            &mut tally,
            s == SignOnInterval::Positive,
            || format!("forall t in (0, 1]: {} > 0", poly_text(&p)),
            || format!("kappa_{l} not strictly positive on (0,1]: {s:?}"),
        );
    }
    // Reachability by outward edges: every vertex at level l ≥ 1 has l ≥ 1 inward neighbours
    // (G2, c_l = l), checked by enumeration for small spaces.
    if i.m.pow(i.n as u32) <= 256 {
        let full = Space::new(i.n, i.m);
        for x in 1..full.size {
            let lx = full.d(x, 0);
            let inward = full
                .neighbours(x)
                .iter()
                .filter(|(w, _)| full.d(*w, 0) + 1 == lx)
                .count();
            tally.compare(&qi(inward as i64), ">=", &qi(1), || {
                format!("x={x} unreachable")
            });
        }
    }
    tally.finish(
        "strict complementary slackness: all kappa_l > 0 on (0,1] => unique optimum (Gibbs)",
        Method::Polynomial,
        "Sturm sign of every kappa_l on (0,1]; outward reachability",
    )
}
