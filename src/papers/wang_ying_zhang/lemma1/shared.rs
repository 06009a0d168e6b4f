//! The definitions the claim groups of `lemma1` share (issue 43, item 1: out of
//! `lemma1.rs`, which the groups imported whole while it listed them, a circle).

pub(crate) use super::super::core::{
    g_poly, gibbs_normaliser, optimal_distortion, pw, q, qi, row_normaliser, sphere_gf, Lcg, Space,
};
pub(crate) use super::super::inst::{nm_beyond, nm_upto, Nm, NmAlpha};
pub(crate) use crate::claim::scan::Tally;
pub(crate) use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
pub(crate) use crate::num::sturm::{sign_on, Range, SignOnInterval};
pub(crate) use crate::num::{Poly, Rational};
pub(crate) use std::fmt;

/// α grid of the Lemma 1 checks (α = 1 is ε = 0).
pub(crate) fn lemma_t() -> Vec<Rational> {
    vec![q(1, 3), q(1, 2), q(2, 3), q(1, 1)]
}

pub(crate) fn grid_l1() -> Vec<NmAlpha> {
    let mut v = Vec::new();
    for nm in nm_upto(81) {
        for alpha in lemma_t() {
            v.push(NmAlpha {
                n: nm.n,
                m: nm.m,
                alpha,
            });
        }
    }
    v
}

pub(crate) fn beyond_l1(k: usize) -> Vec<NmAlpha> {
    let mut v = Vec::new();
    for nm in nm_beyond(k) {
        for alpha in lemma_t() {
            v.push(NmAlpha {
                n: nm.n,
                m: nm.m,
                alpha,
            });
        }
    }
    v
}

/// Small grid for the posterior-level proof steps: m^n ≤ 27.
pub(crate) fn grid_steps() -> Vec<NmAlpha> {
    let mut v = Vec::new();
    for nm in nm_upto(27) {
        for alpha in lemma_t() {
            v.push(NmAlpha {
                n: nm.n,
                m: nm.m,
                alpha,
            });
        }
    }
    v
}

pub(crate) fn fam_l1(id: &'static str, check: fn(&NmAlpha) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_l1,
        beyond: Some(beyond_l1),
        check,
    }
    .boxed()
}

pub(crate) fn fam_steps(id: &'static str, check: fn(&NmAlpha) -> Check) -> Box<dyn ClaimChecker> {
    Family {
        id,
        grid: grid_steps,
        beyond: Some(beyond_l1),
        check,
    }
    .boxed()
}

// ---------------------------------------------------------------------------------------------
// The certificate of Lemma 1.

/// S_j(α) = Σ_{k≤j} N_k α^k (h − k), the partial sums behind the candidate dual (X12).
pub(crate) fn s_partial(sp: &Space, alpha: &Rational, j: usize) -> Rational {
    let hh = optimal_distortion(sp.n, sp.m, alpha);
    (0..=j)
        .map(|k| sp.n_l(k) * pw(alpha, k) * (&hh - qi(k as i64)))
        .sum()
}

/// μ_l = E^{l−1} Σ_{k<l} N_k α^k (h − k) for l = 1..n, μ_{n+1} = 0 (claims file X12).
pub fn mu(sp: &Space, alpha: &Rational, l: usize) -> Rational {
    if l == 0 || l > sp.n {
        return qi(0);
    }
    pw(&(qi(1) / alpha), l - 1) * s_partial(sp, alpha, l - 1)
}

/// The result of certifying LP-R at (n, m, α, y0).
pub struct LprCert {
    /// Primal objective of the Gibbs posterior.
    pub primal: Rational,
    /// Dual objective u.
    pub dual: Rational,
    /// Number of constraints checked and the first violation, if any.
    pub tally: Tally,
    /// The `lp` record of LP-R at this centre when it is 0 (while certificates are recorded
    /// and the certificate checked); by symmetry it certifies every centre.
    pub record: Option<serde_json::Value>,
    /// The multipliers κ_l by level (κ_0 = κ_{n+1} = 0).
    pub kappa: Vec<Rational>,
}

/// Certify LP-R (and, with `outward_only`, LP-R restricted to the outward constraints (35))
/// at (n, m, α) for output y0: primal Gibbs posterior feasibility on every enumerated
/// constraint, dual feasibility of (u = h, κ) at every vertex, and the two objectives.
pub fn certify_lpr(sp: &Space, alpha: &Rational, y0: usize) -> LprCert {
    let e = qi(1) / alpha;
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let p: Vec<Rational> = (0..sp.size).map(|x| pw(alpha, sp.d(x, y0)) / &zz).collect();
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
    let u = optimal_distortion(sp.n, sp.m, alpha);
    let kappa: Vec<Rational> = (0..=sp.n + 1)
        .map(|l| {
            if l == 0 || l > sp.n {
                qi(0)
            } else {
                mu(sp, alpha, l) / (qi(l as i64) * sp.n_l(l))
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
    // One record, of centre 0: the translation x ↦ x − y0 (coordinatewise mod m) is an
    // automorphism of H(n, m) that keeps every distance to the centre, so it maps LP-R at 0
    // and its certificate onto LP-R at y0 (every centre is still checked here).
    let record = if y0 == 0 && tally.failed == 0 && primal == u {
        super::super::lp_records::lpr_levels(sp, alpha, &kappa)
    } else {
        None
    };
    LprCert {
        primal,
        dual: u,
        tally,
        record,
        kappa,
    }
}

/// Centres y0 to certify: all of them for N ≤ 27, else 0 and the far corner.
pub(crate) fn centres(sp: &Space) -> Vec<usize> {
    if sp.size <= 27 {
        (0..sp.size).collect()
    } else {
        vec![0, sp.size - 1]
    }
}

pub(crate) fn lpr_check(i: &NmAlpha, compared: &str) -> Check {
    let sp = Space::new(i.n, i.m);
    let hh = optimal_distortion(i.n, i.m, &i.alpha);
    let mut all = Tally::new();
    let mut primal = qi(0);
    let mut records = Vec::new();
    for y0 in centres(&sp) {
        let c = certify_lpr(&sp, &i.alpha, y0);
        if y0 == 0 {
            records.push(c.record.clone());
        }
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
    let mut c = Check::rationals(compared, &primal, "=", &hh);
    super::super::lp_records::attach(&mut c, records);
    c.with_note(format!(
            "LP-R optimum certified for {} centre(s): primal Gibbs posterior and dual (u=h, kappa_l=mu_l/(l N_l)) checked on {} constraints",
            centres(&sp).len(),
            all.checked
        ))
}

// ---------------------------------------------------------------------------------------------
// Feasible posteriors for the proof steps.

/// Is p feasible for R-PD at E for one y: p ≥ 0, Σ p = 1, p(a) ≤ E p(b) for a ~ b.
pub(crate) fn rpd_feasible(sp: &Space, alpha: &Rational, p: &[Rational]) -> bool {
    let e = qi(1) / alpha;
    p.iter().all(|v| *v >= 0u32)
        && p.iter().sum::<Rational>() == 1u32
        && sp.ordered_pairs().iter().all(|&(a, b)| p[a] <= &e * &p[b])
}

/// Random R-PD-feasible posteriors: convex mixtures of Gibbs posteriors α'^{d(x,z)}/Z(α') with
/// α' ∈ {α, (1+α)/2, 1} (each feasible at α since 1/α' ≤ 1/α) and random centres z; plus the
/// Gibbs posterior at y = 0. Feasibility is re-checked exactly.
pub fn feasible_posteriors(
    sp: &Space,
    alpha: &Rational,
    count: usize,
    seed: u64,
) -> Vec<Vec<Rational>> {
    let mut rng = Lcg(seed * 7919 + sp.size as u64);
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let mut out = vec![(0..sp.size)
        .map(|x| pw(alpha, sp.d(x, 0)) / &zz)
        .collect::<Vec<_>>()];
    let alphas = [alpha.clone(), (qi(1) + alpha) / qi(2), qi(1)];
    for _ in 0..count {
        let mut acc = vec![qi(0); sp.size];
        let mut wsum = qi(0);
        for _ in 0..3 {
            let tp = &alphas[rng.below(3) as usize];
            let c = rng.below(sp.size as u64) as usize;
            let w = qi(rng.below(5) as i64 + 1);
            let zp = gibbs_normaliser(sp.n, sp.m, tp);
            for (x, a) in acc.iter_mut().enumerate() {
                *a += &w * pw(tp, sp.d(x, c)) / &zp;
            }
            wsum += w;
        }
        let p: Vec<Rational> = acc.into_iter().map(|v| v / &wsum).collect();
        assert!(
            rpd_feasible(sp, alpha, &p),
            "mixture of Gibbs posteriors must be feasible"
        );
        out.push(p);
    }
    out
}

/// Level masses P_l = Pr{X ∈ 𝒩_l(y) | Y = y} (l.263).
pub(crate) fn levels(sp: &Space, p: &[Rational], y: usize) -> Vec<Rational> {
    let mut pl = vec![qi(0); sp.n + 1];
    for x in 0..sp.size {
        pl[sp.d(x, y)] += &p[x];
    }
    pl
}

pub(crate) fn posts(i: &NmAlpha) -> (Space, Vec<Vec<Rational>>) {
    let sp = Space::new(i.n, i.m);
    let ps = feasible_posteriors(&sp, &i.alpha, 8, 3);
    (sp, ps)
}

/// Certified optimum of the chain LP on levels 0..k with weights W_l and mass M:
/// minimise Σ l Q_l s.α. Q ≥ 0, Q_{l−1}/W_{l−1} ≤ E Q_l/W_l (l = 1..k), Σ Q_l = M.
/// Primal candidate Q_l = M W_l α^l / Σ_j W_j α^j; dual (u per unit mass, μ_l on the chain
/// rows) from complementary slackness, then every dual constraint and sign checked exactly.
/// Returns (value, Q*, the `lp` record of this certificate while certificates are recorded) or
/// the violated condition.
pub fn chain_lp(
    weights: &[Rational],
    alpha: &Rational,
    mass: &Rational,
) -> Result<ChainLp, String> {
    let k = weights.len() - 1;
    let e = qi(1) / alpha;
    let s: Rational = weights
        .iter()
        .enumerate()
        .map(|(j, w)| w * pw(alpha, j))
        .sum();
    let qs: Vec<Rational> = weights
        .iter()
        .enumerate()
        .map(|(j, w)| mass * w * pw(alpha, j) / &s)
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
    let record = super::super::lp_records::chain(weights, alpha, mass, &qs, &u, &mus);
    Ok((value, qs, record))
}

/// A certified chain-LP optimum: value, optimiser and its `lp` record (when recorded).
pub type ChainLp = (Rational, Vec<Rational>, Option<serde_json::Value>);

impl fmt::Display for LprCert {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "primal {} dual {}", self.primal, self.dual)
    }
}
