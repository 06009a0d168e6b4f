//! Lemma 1 of Wang–Ying–Zhang (App. A, eqs (31)–(42), l.240–418): the relaxed problem R-PD
//! has optimal value h(ε) = n(m−1)t/(1+(m−1)t), prior-free; every proof step; the derived
//! certificate X12 and uniqueness X11.
//!
//! LP-R (per output y0): minimise Σ_x d(x,y0) p(x) subject to Σ p = 1, p ≥ 0 and
//! p(a) ≤ E p(b) for every ordered neighbour pair (a, b). Its optimum is certified by a primal
//! point (the Gibbs posterior (41), feasibility checked on every enumerated constraint) and a
//! dual point (u = h, multipliers κ_l = μ_l/(l N_l) on the outward edges between spheres l−1
//! and l, every dual constraint checked exactly at every vertex) with equal objectives.

use super::core::{
    g_poly, gibbs_normaliser, optimal_distortion, pw, q, qi, row_normaliser, sphere_gf, Lcg, Space,
};
use super::inst::{nm_beyond, nm_upto, Nm, Nmt, Tally};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::num::sturm::{sign_on, Range, SignOnInterval};
use crate::num::{Poly, Rational};
use std::fmt;

/// t grid of the Lemma 1 checks (t = 1 is ε = 0).
fn lemma_t() -> Vec<Rational> {
    vec![q(1, 3), q(1, 2), q(2, 3), q(1, 1)]
}

fn grid_l1() -> Vec<Nmt> {
    let mut v = Vec::new();
    for nm in nm_upto(81) {
        for t in lemma_t() {
            v.push(Nmt {
                n: nm.n,
                m: nm.m,
                t,
            });
        }
    }
    v
}

fn beyond_l1(k: usize) -> Vec<Nmt> {
    let mut v = Vec::new();
    for nm in nm_beyond(k) {
        for t in lemma_t() {
            v.push(Nmt {
                n: nm.n,
                m: nm.m,
                t,
            });
        }
    }
    v
}

/// Small grid for the posterior-level proof steps: m^n ≤ 27.
fn grid_steps() -> Vec<Nmt> {
    let mut v = Vec::new();
    for nm in nm_upto(27) {
        for t in lemma_t() {
            v.push(Nmt {
                n: nm.n,
                m: nm.m,
                t,
            });
        }
    }
    v
}

fn fam_l1(id: &'static str, check: fn(&Nmt) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_l1,
        beyond: Some(beyond_l1),
        check,
    }
    .boxed()
}

fn fam_steps(id: &'static str, check: fn(&Nmt) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_steps,
        beyond: Some(beyond_l1),
        check,
    }
    .boxed()
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam_l1("WYZ-L1", l1),
        fam_l1("WYZ-L1.C1", l1c1),
        fam_steps("WYZ-L1.s1", l1s1),
        fam_steps("WYZ-L1.s2", l1s2),
        fam_steps("WYZ-L1.s4", l1s4),
        fam_steps("WYZ-L1.s5", l1s5),
        fam_steps("WYZ-L1.eq38", l1eq38),
        fam_steps("WYZ-L1.s6", l1s6),
        fam_steps("WYZ-L1.s7", l1s7),
        fam_steps("WYZ-L1.s7-corrected", l1s7_corrected),
        fam_steps("WYZ-L1.s8", l1s8),
        fam_steps("WYZ-L1.s9", l1s9),
        fam_steps("WYZ-L1.eq39", l1eq39),
        fam_steps("WYZ-L1.s10", l1s10),
        fam_steps("WYZ-L1.s11", l1s11),
        fam_steps("WYZ-L1.s11-corrected", l1s11_corrected),
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

// ---------------------------------------------------------------------------------------------
// The certificate of Lemma 1.

/// S_j(t) = Σ_{k≤j} N_k t^k (h − k), the partial sums behind the candidate dual (X12).
fn s_partial(sp: &Space, t: &Rational, j: usize) -> Rational {
    let hh = optimal_distortion(sp.n, sp.m, t);
    (0..=j)
        .map(|k| sp.n_l(k) * pw(t, k) * (&hh - qi(k as i64)))
        .sum()
}

/// μ_l = E^{l−1} Σ_{k<l} N_k t^k (h − k) for l = 1..n, μ_{n+1} = 0 (claims file X12).
pub fn mu(sp: &Space, t: &Rational, l: usize) -> Rational {
    if l == 0 || l > sp.n {
        return qi(0);
    }
    pw(&(qi(1) / t), l - 1) * s_partial(sp, t, l - 1)
}

/// The result of certifying LP-R at (n, m, t, y0).
pub struct LprCert {
    /// Primal objective of the Gibbs posterior.
    pub primal: Rational,
    /// Dual objective u.
    pub dual: Rational,
    /// Number of constraints checked and the first violation, if any.
    pub tally: Tally,
}

/// Certify LP-R (and, with `outward_only`, LP-R restricted to the outward constraints (35))
/// at (n, m, t) for output y0: primal Gibbs posterior feasibility on every enumerated
/// constraint, dual feasibility of (u = h, κ) at every vertex, and the two objectives.
pub fn certify_lpr(sp: &Space, t: &Rational, y0: usize) -> LprCert {
    let e = qi(1) / t;
    let zz = gibbs_normaliser(sp.n, sp.m, t);
    let p: Vec<Rational> = (0..sp.size).map(|x| pw(t, sp.d(x, y0)) / &zz).collect();
    let mut tally = Tally::new();
    // Primal feasibility (eqs (20)–(24) for one y): every ordered pair, mass, sign.
    let mass: Rational = p.iter().sum();
    tally.check(mass == 1u32, || format!("primal mass {mass}"));
    for (a, b) in sp.ordered_pairs() {
        tally.check(p[a] <= &e * &p[b], || format!("primal p({a}) > E p({b})"));
    }
    let primal: Rational = (0..sp.size).map(|x| &p[x] * qi(sp.d(x, y0) as i64)).sum();
    // Dual: u = h; κ_l on each outward pair (a at level l−1, b at level l): constraint
    // E p(b) − p(a) ≥ 0 with multiplier κ_l ≥ 0.
    let u = optimal_distortion(sp.n, sp.m, t);
    let kappa: Vec<Rational> = (0..=sp.n + 1)
        .map(|l| {
            if l == 0 || l > sp.n {
                qi(0)
            } else {
                mu(sp, t, l) / (qi(l as i64) * sp.n_l(l))
            }
        })
        .collect();
    for (l, k) in kappa.iter().enumerate() {
        tally.check(*k >= 0u32, || format!("kappa_{l} = {k} < 0"));
    }
    for x in 0..sp.size {
        let lx = sp.d(x, y0);
        // Σ over constraints containing p(x): as b (outer end) coefficient E·κ_{lx};
        // as a (inner end, x at level lx, b at lx+1) coefficient −κ_{lx+1}.
        let mut lhs = u.clone();
        for (w, _) in sp.neighbours(x) {
            let lw = sp.d(w, y0);
            if lw + 1 == lx {
                lhs += &e * &kappa[lx];
            } else if lw == lx + 1 {
                lhs -= &kappa[lx + 1];
            }
        }
        tally.check(lhs <= qi(lx as i64), || {
            format!("dual constraint at x={x}: {lhs} > d = {lx}")
        });
    }
    LprCert {
        primal,
        dual: u,
        tally,
    }
}

/// Centres y0 to certify: all of them for N ≤ 27, else 0 and the far corner.
fn centres(sp: &Space) -> Vec<usize> {
    if sp.size <= 27 {
        (0..sp.size).collect()
    } else {
        vec![0, sp.size - 1]
    }
}

fn lpr_check(i: &Nmt, compared: &str) -> Check {
    let sp = Space::new(i.n, i.m);
    let hh = optimal_distortion(i.n, i.m, &i.t);
    let mut all = Tally::new();
    let mut primal = qi(0);
    for y0 in centres(&sp) {
        let c = certify_lpr(&sp, &i.t, y0);
        all.checked += c.tally.checked;
        all.failed += c.tally.failed;
        if all.first_failure.is_none() {
            all.first_failure = c.tally.first_failure.clone();
        }
        all.check(c.primal == c.dual, || {
            format!("y0={y0}: primal {} != dual {}", c.primal, c.dual)
        });
        primal = c.primal;
    }
    if all.failed > 0 {
        return all.finish(compared, Method::LpCertificate, "");
    }
    Check::rationals(compared, &primal, "=", &hh)
        .with_note(format!(
            "LP-R optimum certified for {} centre(s): primal Gibbs posterior and dual (u=h, kappa_l=mu_l/(l N_l)) checked on {} constraints",
            centres(&sp).len(),
            all.checked
        ))
}

/// L1 (eq (31)): D*_relaxed(ε) = h(ε), prior-free, via the certified LP-R optimum.
fn l1(i: &Nmt) -> Check {
    let mut c = lpr_check(i, "certified LP-R optimum  =  h(eps) (32)");
    c.method = Method::LpCertificate;
    c
}

/// L1.C1 (eq (33)): every R-PD-feasible posterior has Σ_x p(x|y)d(x,y) ≥ h (dual certificate),
/// also evaluated on random feasible posteriors.
fn l1c1(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let hh = optimal_distortion(i.n, i.m, &i.t);
    let mut t = Tally::new();
    for y0 in centres(&sp) {
        let c = certify_lpr(&sp, &i.t, y0);
        t.check(c.tally.failed == 0 && c.dual >= hh, || {
            format!("y0={y0}: dual certificate {:?}", c.tally.first_failure)
        });
    }
    for p in feasible_posteriors(&sp, &i.t, 6, 11) {
        let v: Rational = (0..sp.size).map(|x| &p[x] * qi(sp.d(x, 0) as i64)).sum();
        t.check(v >= hh, || format!("posterior with value {v} < h"));
    }
    t.finish(
        "every feasible posterior: sum_x p(x|y) d(x,y) >= h (dual certificate + samples)",
        Method::LpCertificate,
        "dual certificate of LP-R checked at every centre; 6 random feasible posteriors",
    )
}

// ---------------------------------------------------------------------------------------------
// Feasible posteriors for the proof steps.

/// Is p feasible for R-PD at E for one y: p ≥ 0, Σ p = 1, p(a) ≤ E p(b) for a ~ b.
fn rpd_feasible(sp: &Space, t: &Rational, p: &[Rational]) -> bool {
    let e = qi(1) / t;
    p.iter().all(|v| *v >= 0u32)
        && p.iter().sum::<Rational>() == 1u32
        && sp.ordered_pairs().iter().all(|&(a, b)| p[a] <= &e * &p[b])
}

/// Random R-PD-feasible posteriors: convex mixtures of Gibbs posteriors t'^{d(x,z)}/Z(t') with
/// t' ∈ {t, (1+t)/2, 1} (each feasible at t since 1/t' ≤ 1/t) and random centres z; plus the
/// Gibbs posterior at y = 0. Feasibility is re-checked exactly.
pub fn feasible_posteriors(
    sp: &Space,
    t: &Rational,
    count: usize,
    seed: u64,
) -> Vec<Vec<Rational>> {
    let mut rng = Lcg(seed * 7919 + sp.size as u64);
    let zz = gibbs_normaliser(sp.n, sp.m, t);
    let mut out = vec![(0..sp.size)
        .map(|x| pw(t, sp.d(x, 0)) / &zz)
        .collect::<Vec<_>>()];
    let ts = [t.clone(), (qi(1) + t) / qi(2), qi(1)];
    for _ in 0..count {
        let mut acc = vec![qi(0); sp.size];
        let mut wsum = qi(0);
        for _ in 0..3 {
            let tp = &ts[rng.next(3) as usize];
            let c = rng.next(sp.size as u64) as usize;
            let w = qi(rng.next(5) as i64 + 1);
            let zp = gibbs_normaliser(sp.n, sp.m, tp);
            for (x, a) in acc.iter_mut().enumerate() {
                *a += &w * pw(tp, sp.d(x, c)) / &zp;
            }
            wsum += w;
        }
        let p: Vec<Rational> = acc.into_iter().map(|v| v / &wsum).collect();
        assert!(
            rpd_feasible(sp, t, &p),
            "mixture of Gibbs posteriors must be feasible"
        );
        out.push(p);
    }
    out
}

/// Level masses P_l = Pr{X ∈ 𝒩_l(y) | Y = y} (l.263).
fn levels(sp: &Space, p: &[Rational], y: usize) -> Vec<Rational> {
    let mut pl = vec![qi(0); sp.n + 1];
    for x in 0..sp.size {
        pl[sp.d(x, y)] += &p[x];
    }
    pl
}

fn posts(i: &Nmt) -> (Space, Vec<Vec<Rational>>) {
    let sp = Space::new(i.n, i.m);
    let ps = feasible_posteriors(&sp, &i.t, 8, 3);
    (sp, ps)
}

/// L1.s1 (l.263–265): Σ_x p(x|y) d(x,y) = Σ_l l P_l, on feasible and on arbitrary posteriors.
fn l1s1(i: &Nmt) -> Check {
    let (sp, mut ps) = posts(i);
    let mut rng = Lcg(17);
    for _ in 0..3 {
        let w: Vec<Rational> = (0..sp.size).map(|_| qi(rng.next(9) as i64)).collect();
        let s: Rational = w.iter().sum::<Rational>() + qi(1);
        let mut w: Vec<Rational> = w.into_iter().map(|v| v / &s).collect();
        w[0] += qi(1) / &s;
        ps.push(w);
    }
    let mut t = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        for y in [0, sp.size - 1] {
            let lhs: Rational = (0..sp.size).map(|x| &p[x] * qi(sp.d(x, y) as i64)).sum();
            let rhs: Rational = levels(&sp, p, y)
                .iter()
                .enumerate()
                .map(|(l, v)| qi(l as i64) * v)
                .sum();
            t.check(lhs == rhs, || format!("posterior #{k} y={y}"));
        }
    }
    t.finish(
        "sum_x p(x|y)d(x,y) = sum_l l P_l",
        Method::Exact,
        "12 posteriors (9 feasible, 3 arbitrary), y in {0, last}",
    )
}

/// L1.s2 (eq (35)): p(u|y) ≤ e^ε p(v|y) for u ∈ 𝒩_{l−1}(y), v ∈ 𝒩_1(u) ∩ 𝒩_l(y) on feasible
/// posteriors; and the LP-R restricted to these outward constraints has optimum h (the dual
/// certificate of L1 uses only outward constraints; the Gibbs posterior is feasible).
fn l1s2(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.t;
    let mut t = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        for u in 0..sp.size {
            for (v, _) in sp.neighbours(u) {
                if sp.d(v, 0) == sp.d(u, 0) + 1 {
                    t.check(p[u] <= &e * &p[v], || format!("posterior #{k} u={u} v={v}"));
                }
            }
        }
    }
    let c = certify_lpr(&sp, &i.t, 0);
    t.check(c.tally.failed == 0 && c.primal == c.dual, || {
        "outward-only LP certificate".into()
    });
    t.finish(
        "(35) on feasible posteriors; outward-only LP optimum = h",
        Method::Combined(vec![Method::Exact, Method::LpCertificate]),
        &format!(
            "outward-only LP-R value {} = h (certificate uses only (35) rows)",
            c.dual
        ),
    )
}

/// L1.s4 (eqs (36), (37)): the first display after (35), (36) and (37), on feasible posteriors.
fn l1s4(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.t;
    let y = 0usize;
    let mut t = Tally::new();
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
            t.check(first_lhs <= &e * &first_rhs, || {
                format!("#{k} l={l} display after (35)")
            });
            t.check(&c * &pl[l - 1] <= &e * &rhs36, || {
                format!("#{k} l={l} (36)")
            });
            t.check(rhs36 == qi(l as i64) * &pl[l], || {
                format!("#{k} l={l} (37)")
            });
        }
    }
    t.finish(
        "display after (35), (36) and (37)",
        Method::Exact,
        "9 feasible posteriors, y = 0",
    )
}

/// L1.s5 (l.282–284): N_l by enumeration, and P_{l−1}/N_{l−1} ≤ e^ε P_l/N_l.
fn l1s5(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.t;
    let mut t = Tally::new();
    let ones = vec![qi(1); sp.size];
    let counts = levels(&sp, &ones, 0);
    for l in 0..=sp.n {
        t.check(counts[l] == sp.n_l(l), || format!("|N_{l}|"));
    }
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        for l in 1..=sp.n {
            t.check(
                &pl[l - 1] / sp.n_l(l - 1) <= &e * &pl[l] / sp.n_l(l),
                || format!("#{k} l={l}"),
            );
        }
    }
    t.finish(
        "N_l = C(n,l)(m-1)^l; P_{l-1}/N_{l-1} <= e^eps P_l/N_l",
        Method::Exact,
        "9 feasible posteriors",
    )
}

/// L1.eq38: P_l ≤ (N_l/N_n) e^{(n−l)ε} P_n.
fn l1eq38(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.t;
    let mut t = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        for l in 0..=sp.n {
            let rhs = sp.n_l(l) / sp.n_l(sp.n) * pw(&e, sp.n - l) * &pl[sp.n];
            t.check(pl[l] <= rhs, || format!("#{k} l={l}"));
        }
    }
    t.finish(
        "P_l <= (N_l/N_n) e^{(n-l)eps} P_n (38)",
        Method::Exact,
        "9 feasible posteriors",
    )
}

/// L1.s6 (l.290–297): Σ N_l t^l = (1+(m−1)t)ⁿ (polynomial identity), the summed form
/// 1 ≤ P_n Σ N_l t^l/(N_n t^n), and P_n ≥ N_n t^n/Z.
fn l1s6(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let tt = &i.t;
    let mut t = Tally::new();
    t.check(sphere_gf(sp.n, sp.m) == g_poly(sp.m, sp.n as u64), || {
        "binomial identity".into()
    });
    let zz = gibbs_normaliser(sp.n, sp.m, tt);
    let nn = sp.n_l(sp.n) * pw(tt, sp.n);
    let sum_nl: Rational = (0..=sp.n).map(|l| sp.n_l(l) * pw(tt, l)).sum();
    for (k, p) in ps.iter().enumerate() {
        let pn = levels(&sp, p, 0)[sp.n].clone();
        t.check(qi(1) <= &pn * &sum_nl / &nn, || format!("#{k} summed (38)"));
        t.check(pn >= &nn / &zz, || {
            format!("#{k}: P_n = {pn} < N_n t^n / Z")
        });
    }
    t.finish(
        "P_n >= N_n e^{-n eps}/(1+(m-1)e^{-eps})^n",
        Method::Combined(vec![Method::Polynomial, Method::Exact]),
        "identity in Q[t]; 9 feasible posteriors",
    )
}

/// The pieces of the a-decomposition (l.299–303): a, w_l = N_l t^l / Σ_{k<n} N_k t^k.
fn a_decomp(sp: &Space, t: &Rational, pl: &[Rational]) -> (Rational, Vec<Rational>) {
    let zz = gibbs_normaliser(sp.n, sp.m, t);
    let a = &pl[sp.n] - sp.n_l(sp.n) * pw(t, sp.n) / &zz;
    let denom: Rational = (0..sp.n).map(|k| sp.n_l(k) * pw(t, k)).sum();
    let w = (0..=sp.n).map(|l| sp.n_l(l) * pw(t, l) / &denom).collect();
    (a, w)
}

/// L1.s7 as printed (l.299–303): Σ_{l=0}^n l P_l ≥ Σ_{l=0}^{n} l (P_l + a w_l) + n N_n t^n/Z
/// (the right-hand sum runs to n, as printed).
fn l1s7(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        let (a, w) = a_decomp(&sp, &i.t, &pl);
        let lhs: Rational = (0..=sp.n).map(|l| qi(l as i64) * &pl[l]).sum();
        let rhs: Rational = (0..=sp.n)
            .map(|l| qi(l as i64) * (&pl[l] + &a * &w[l]))
            .sum::<Rational>()
            + qi(sp.n as i64) * sp.n_l(sp.n) * pw(&i.t, sp.n) / &zz;
        if lhs < rhs {
            return Check::rationals(
                "sum_l l P_l  >=  printed right-hand side (sum to n)",
                &lhs,
                ">=",
                &rhs,
            )
            .with_note(format!(
                "posterior #{k} ({}); a = {a}; the printed sum to n counts the level-n term twice",
                if k == 0 {
                    "the Gibbs posterior at y=0"
                } else {
                    "a mixture of Gibbs posteriors"
                }
            ));
        }
    }
    Check::new(
        "sum_l l P_l >= printed rhs",
        Value::text("all hold", ""),
        Value::text("", ""),
        Method::Exact,
        Outcome::Holds,
    )
}

/// L1.s7-corrected: the right-hand sum runs over l ≤ n−1 (as in the next display, l.318):
/// Σ_{l≤n} l P_l ≥ Σ_{l<n} l (P_l + a w_l) + n N_n t^n/Z, with a ≥ 0.
fn l1s7_corrected(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let mut t = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        let (a, w) = a_decomp(&sp, &i.t, &pl);
        t.check(a >= 0u32, || format!("#{k}: a = {a} < 0"));
        let lhs: Rational = (0..=sp.n).map(|l| qi(l as i64) * &pl[l]).sum();
        let rhs: Rational = (0..sp.n)
            .map(|l| qi(l as i64) * (&pl[l] + &a * &w[l]))
            .sum::<Rational>()
            + qi(sp.n as i64) * sp.n_l(sp.n) * pw(&i.t, sp.n) / &zz;
        t.check(lhs >= rhs, || format!("#{k}: {lhs} < {rhs}"));
    }
    t.finish(
        "corrected a-decomposition (sum over l <= n-1)",
        Method::Exact,
        "9 feasible posteriors; a >= 0",
    )
}

/// L1.s8 (l.305–315): {P_l + a w_l}_{l<n} is feasible for the Q-LP.
fn l1s8(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.t;
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let mass = qi(1) - sp.n_l(sp.n) * pw(&i.t, sp.n) / &zz;
    let mut t = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        let (a, w) = a_decomp(&sp, &i.t, &pl);
        let qv: Vec<Rational> = (0..sp.n).map(|l| &pl[l] + &a * &w[l]).collect();
        t.check(qv.iter().all(|v| *v >= 0u32), || format!("#{k} sign"));
        t.check(qv.iter().sum::<Rational>() == mass, || format!("#{k} mass"));
        for l in 1..sp.n {
            t.check(
                &qv[l - 1] / sp.n_l(l - 1) <= &e * &qv[l] / sp.n_l(l),
                || format!("#{k} ratio l={l}"),
            );
        }
    }
    t.finish(
        "{P_l + a w_l}_{l<n} is Q-LP feasible",
        Method::Exact,
        "9 feasible posteriors",
    )
}

/// Certified optimum of the chain LP on levels 0..k with weights W_l and mass M:
/// minimise Σ l Q_l s.t. Q ≥ 0, Q_{l−1}/W_{l−1} ≤ E Q_l/W_l (l = 1..k), Σ Q_l = M.
/// Primal candidate Q_l = M W_l t^l / Σ_j W_j t^j; dual (u per unit mass, μ_l on the chain
/// rows) from complementary slackness, then every dual constraint and sign checked exactly.
/// Returns (value, Q*) or the violated condition.
pub fn chain_lp(
    weights: &[Rational],
    t: &Rational,
    mass: &Rational,
) -> Result<(Rational, Vec<Rational>), String> {
    let k = weights.len() - 1;
    let e = qi(1) / t;
    let s: Rational = weights.iter().enumerate().map(|(j, w)| w * pw(t, j)).sum();
    let qs: Vec<Rational> = weights
        .iter()
        .enumerate()
        .map(|(j, w)| mass * w * pw(t, j) / &s)
        .collect();
    // Primal feasibility.
    if qs.iter().sum::<Rational>() != *mass || qs.iter().any(|v| *v < 0u32) {
        return Err("primal mass/sign".into());
    }
    for l in 1..=k {
        if &qs[l - 1] / &weights[l - 1] > &e * &qs[l] / &weights[l] {
            return Err(format!("primal chain row {l}"));
        }
    }
    let value: Rational = qs.iter().enumerate().map(|(l, v)| qi(l as i64) * v).sum();
    // In r_l = Q_l/W_l: min Σ l W_l r_l, Σ W_l r_l = M (u), E r_l − r_{l−1} ≥ 0 (μ_l ≥ 0).
    // Dual constraint for r_l: W_l u + E μ_l − μ_{l+1} ≤ l W_l (μ_0 = μ_{k+1} = 0).
    let u = &value / mass;
    let mut mus = vec![qi(0); k + 2];
    for l in 0..k {
        mus[l + 1] = &weights[l] * (&u - qi(l as i64)) + &e * &mus[l];
        if mus[l + 1] < 0u32 {
            return Err(format!("dual sign mu_{} = {}", l + 1, mus[l + 1]));
        }
    }
    for l in 0..=k {
        let lhs = &weights[l] * &u + &e * &mus[l] - &mus[l + 1];
        if lhs > qi(l as i64) * &weights[l] {
            return Err(format!("dual row {l}"));
        }
    }
    if &u * mass != value {
        return Err("duality gap".into());
    }
    Ok((value, qs))
}

fn q_lp(sp: &Space, t: &Rational, top: usize) -> Result<(Rational, Vec<Rational>), String> {
    // Stage LP on levels 0..top with mass Σ_{j≤top} N_j t^j / Z.
    let zz = gibbs_normaliser(sp.n, sp.m, t);
    let w: Vec<Rational> = (0..=top).map(|l| sp.n_l(l)).collect();
    let mass: Rational = (0..=top).map(|j| sp.n_l(j) * pw(t, j)).sum::<Rational>() / &zz;
    chain_lp(&w, t, &mass)
}

/// L1.s9 (l.317): Σ l P_l ≥ Σ_{l<n} l Q*_l + n N_n t^n/Z with Q* the certified Q-LP optimum.
fn l1s9(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    if sp.n < 2 {
        // For n = 1 the Q-LP has a single variable Q_0 = mass; value 0.
    }
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let (qv, _) = match q_lp(&sp, &i.t, sp.n - 1) {
        Ok(v) => v,
        Err(e) => return Tally::new().finish_err(&e),
    };
    let mut t = Tally::new();
    let bound = &qv + qi(sp.n as i64) * sp.n_l(sp.n) * pw(&i.t, sp.n) / &zz;
    for (k, p) in ps.iter().enumerate() {
        let lhs: Rational = levels(&sp, p, 0)
            .iter()
            .enumerate()
            .map(|(l, v)| qi(l as i64) * v)
            .sum();
        t.check(lhs >= bound, || format!("#{k}: {lhs} < {bound}"));
    }
    t.finish(
        "sum l P_l >= sum_{l<n} l Q*_l + n N_n t^n / Z",
        Method::Combined(vec![Method::LpCertificate, Method::Exact]),
        &format!("Q-LP optimum {qv} certified (primal + dual); 9 feasible posteriors"),
    )
}

/// L1.eq39 (l.323–329): Q*_l ≤ (N_l/N_{n−1}) E^{n−1−l} Q*_{n−1} and Q*_{n−1} ≥ N_{n−1}t^{n−1}/Z.
fn l1eq39(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let e = qi(1) / &i.t;
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let (_, qs) = match q_lp(&sp, &i.t, sp.n - 1) {
        Ok(v) => v,
        Err(er) => return Tally::new().finish_err(&er),
    };
    let mut t = Tally::new();
    let top = sp.n - 1;
    for l in 0..=top {
        let rhs = sp.n_l(l) / sp.n_l(top) * pw(&e, top - l) * &qs[top];
        t.check(qs[l] <= rhs, || format!("(39) at l={l}"));
    }
    let lb = sp.n_l(top) * pw(&i.t, top) / &zz;
    t.check(qs[top] >= lb, || format!("Q*_(n-1) = {} < {lb}", qs[top]));
    t.finish(
        "(39) and Q*_{n-1} >= N_{n-1} t^{n-1} / Z on the certified Q-LP optimum",
        Method::LpCertificate,
        "certified Q-LP optimiser",
    )
}

/// L1.s10 (l.331–339): stage by stage, the stage-k LP optimum equals Σ_{l≤k} l N_l t^l/Z with
/// optimiser N_l t^l/Z, and each stage inequality V_k ≥ V_{k−1} + k N_k t^k/Z holds.
fn l1s10(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let mut t = Tally::new();
    let mut prev: Option<Rational> = None;
    for k in 0..=sp.n {
        match q_lp(&sp, &i.t, k) {
            Err(e) => t.check(false, || format!("stage {k}: {e}")),
            Ok((v, qs)) => {
                let want: Rational = (0..=k)
                    .map(|l| qi(l as i64) * sp.n_l(l) * pw(&i.t, l))
                    .sum::<Rational>()
                    / &zz;
                t.check(v == want, || format!("stage {k} value {v} != {want}"));
                for (l, ql) in qs.iter().enumerate() {
                    t.check(*ql == sp.n_l(l) * pw(&i.t, l) / &zz, || {
                        format!("stage {k} Q_{l}")
                    });
                }
                if let Some(p) = &prev {
                    let rhs = p + qi(k as i64) * sp.n_l(k) * pw(&i.t, k) / &zz;
                    t.check(v >= rhs, || format!("stage {k} inequality"));
                }
                prev = Some(v);
            }
        }
    }
    t.finish(
        "stage LPs: certified optimum = sum_{l<=k} l N_l t^l / Z; recursion inequality",
        Method::LpCertificate,
        "every stage k = 0..n",
    )
}

/// L1.s11 as printed (l.341–343): Σ_l l P_l ≥ Σ_l l N_l e^{−(n−l)ε}/Z = h(ε).
fn l1s11(i: &Nmt) -> Check {
    let sp = Space::new(i.n, i.m);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.t);
    let printed: Rational = (0..=sp.n)
        .map(|l| qi(l as i64) * sp.n_l(l) * pw(&i.t, sp.n - l))
        .sum::<Rational>()
        / &zz;
    let hh = optimal_distortion(sp.n, sp.m, &i.t);
    if printed != hh {
        return Check::rationals("sum_l l N_l e^{-(n-l)eps} / Z  =  h(eps) (as printed)", &printed, "=", &hh)
            .with_note("the printed exponent -(n-l)eps gives the mean level of the reversed weights; with e^{-l eps} it equals h (see WYZ-L1.s11-corrected); at the Gibbs posterior sum l P_l = h < printed middle term when printed > h");
    }
    // Also the inequality with the printed middle term on feasible posteriors.
    let (sp2, ps) = posts(i);
    for (k, p) in ps.iter().enumerate() {
        let lhs: Rational = levels(&sp2, p, 0)
            .iter()
            .enumerate()
            .map(|(l, v)| qi(l as i64) * v)
            .sum();
        if lhs < printed {
            return Check::rationals("sum l P_l >= printed middle term", &lhs, ">=", &printed)
                .with_note(format!("posterior #{k}"));
        }
    }
    Check::rationals(
        "sum_l l N_l e^{-(n-l)eps} / Z  =  h(eps) (as printed)",
        &printed,
        "=",
        &hh,
    )
}

/// L1.s11-corrected: Σ_l l N_l e^{−lε}/Z = h(ε) as a polynomial identity in t, and
/// Σ l P_l ≥ h on feasible posteriors.
fn l1s11_corrected(i: &Nmt) -> Check {
    let (sp, ps) = posts(i);
    let mut t = Tally::new();
    let lhs = Poly::new((0..=sp.n).map(|l| qi(l as i64) * sp.n_l(l)).collect());
    // Σ l N_l t^l · g = n(m−1)t · g^n  ⇔  Σ l N_l t^l / g^n = h.
    let left = &lhs * &g_poly(sp.m, 1);
    let right =
        &Poly::new(vec![qi(0), qi((sp.n * (sp.m - 1)) as i64)]) * &g_poly(sp.m, sp.n as u64);
    t.check(left == right, || "identity in Q[t]".into());
    let hh = optimal_distortion(sp.n, sp.m, &i.t);
    for (k, p) in ps.iter().enumerate() {
        let v: Rational = levels(&sp, p, 0)
            .iter()
            .enumerate()
            .map(|(l, v)| qi(l as i64) * v)
            .sum();
        t.check(v >= hh, || format!("#{k}"));
    }
    t.finish(
        "sum_l l N_l e^{-l eps}/Z = h (identity in t); sum l P_l >= h",
        Method::Combined(vec![Method::Polynomial, Method::Exact]),
        "polynomial identity; 9 feasible posteriors",
    )
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
        let w: Vec<Rational> = (0..sp.size).map(|_| qi(rng.next(4) as i64)).collect();
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
                        super::core::show_pt(&sp, x),
                        super::core::show_pt(&sp, xp),
                        super::core::show_pt(&sp, y)
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

// ---------------------------------------------------------------------------------------------
// X11, X12: symbolic certificates per (n, m).

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

/// g · S_j(t) as a polynomial in t: Σ_{k≤j} N_k t^k (n(m−1)t − k g).
fn gs_poly(sp: &Space, j: usize) -> Poly {
    let gp = g_poly(sp.m, 1);
    let nmt = Poly::new(vec![qi(0), qi((sp.n * (sp.m - 1)) as i64)]);
    let mut acc = Poly::zero();
    for k in 0..=j {
        let term = &(&nmt - &(&gp * &qi(k as i64))) * &Poly::monomial(sp.n_l(k), k);
        acc = &acc + &term;
    }
    acc
}

/// Unit interval (0, 1] for ε ∈ [0, ∞).
fn unit() -> Range {
    Range::open_closed(qi(0), qi(1))
}

/// X12: the candidate dual of LP-L: u = h, μ_l = E^{l−1} Σ_{k<l} N_k t^k (h − k). Checked:
/// (i) μ_l ≥ 0 on (0,1] by Sturm (sign of g·S_{l−1}, as E^{l−1}, g > 0);
/// (ii) the last dual row E^n S_n = 0 identically (tight);
/// (iii) the rows l < n are tight by construction (μ_{l+1} = N_l(u − l) + E μ_l), checked
///       exactly at E ∈ {1, 11/10, 2, 7, 100} together with the LP-R edge identity
///       (n−l)(m−1)N_l = (l+1)N_{l+1} and agreement with the chain-LP certificate.
fn x12(i: &Nm) -> Check {
    let sp = Space {
        n: i.n,
        m: i.m,
        size: 0,
        pts: Vec::new(),
    };
    let mut t = Tally::new();
    for l in 1..=sp.n {
        let s = sign_on(&gs_poly(&sp, l - 1), &unit());
        t.check(s.is_nonnegative(), || {
            format!("mu_{l} changes sign on (0,1]: {s:?}")
        });
    }
    t.check(gs_poly(&sp, sp.n).is_zero(), || {
        "last dual row not tight: S_n != 0".into()
    });
    for l in 0..sp.n {
        t.check(
            qi(((sp.n - l) * (sp.m - 1)) as i64) * sp.n_l(l) == qi(l as i64 + 1) * sp.n_l(l + 1),
            || format!("edge identity l={l}"),
        );
    }
    for e in [q(1, 1), q(11, 10), q(2, 1), q(7, 1), q(100, 1)] {
        let tt = qi(1) / &e;
        let u = optimal_distortion(sp.n, sp.m, &tt);
        for l in 0..=sp.n {
            let lhs = sp.n_l(l) * &u + &e * mu(&sp, &tt, l) - mu(&sp, &tt, l + 1);
            t.check(lhs <= qi(l as i64) * sp.n_l(l), || {
                format!("E={e} dual row {l}")
            });
            t.check(lhs == qi(l as i64) * sp.n_l(l), || {
                format!("E={e} row {l} not tight")
            });
        }
        let w: Vec<Rational> = (0..=sp.n).map(|l| sp.n_l(l)).collect();
        match chain_lp(&w, &tt, &qi(1)) {
            Ok((v, _)) => t.check(v == u, || format!("E={e}: LP-L optimum {v} != h")),
            Err(er) => t.check(false, || format!("E={e}: LP-L certificate {er}")),
        }
    }
    t.finish(
        "candidate dual (u=h, mu_l) of LP-L feasible for all t in (0,1]; rows tight",
        Method::Combined(vec![Method::Polynomial, Method::LpCertificate]),
        "Sturm sign of g*S_{l-1} on (0,1]; S_n = 0 in Q[t]; exact at E in {1,11/10,2,7,100}",
    )
}

/// X11: uniqueness of the LP-R optimiser. With the certified dual (u = h, κ_l), strict
/// complementary slackness holds when every κ_l > 0 on (0,1] (Sturm: g·S_{l−1} Positive); then
/// every optimum satisfies p(a) = E p(b) on all outward edges, which (every vertex being
/// reachable from y0 by outward edges) forces p ∝ t^{d(x,y0)}: the Gibbs posterior. For PD-I
/// at ε ≥ ε̃_X each column with p_Y(y) > 0 is then Gibbs and p_Y = G_t⁻¹p_X is unique (t < 1),
/// so the joint q of ℰ_i is the unique optimiser.
fn x11(i: &Nm) -> Check {
    let sp = Space {
        n: i.n,
        m: i.m,
        size: 0,
        pts: Vec::new(),
    };
    let mut t = Tally::new();
    for l in 1..=sp.n {
        let s = sign_on(&gs_poly(&sp, l - 1), &unit());
        t.check(s == SignOnInterval::Positive, || {
            format!("kappa_{l} not strictly positive on (0,1]: {s:?}")
        });
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
            t.check(inward >= 1, || format!("x={x} unreachable"));
        }
    }
    t.finish(
        "strict complementary slackness: all kappa_l > 0 on (0,1] => unique optimum (Gibbs)",
        Method::Polynomial,
        "Sturm sign of every kappa_l on (0,1]; outward reachability",
    )
}

/// Helper for chain-LP errors.
trait FinishErr {
    fn finish_err(self, e: &str) -> Check;
}

impl FinishErr for Tally {
    fn finish_err(mut self, e: &str) -> Check {
        self.check(false, || e.to_string());
        self.finish("certificate", Method::LpCertificate, "")
    }
}

impl fmt::Display for LprCert {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "primal {} dual {}", self.primal, self.dual)
    }
}
