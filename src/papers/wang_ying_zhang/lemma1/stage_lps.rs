//! The a-decomposition and the stage LPs of Lemma 1's lower bound (App. A, eq (39),
//! l.299–343): WYZ-L1.s7, WYZ-L1.s7-corrected, WYZ-L1.s8, WYZ-L1.s9, WYZ-L1.eq39, WYZ-L1.s10,
//! WYZ-L1.s11 and WYZ-L1.s11-corrected.
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::super::sturm_steps::moment_check;
use super::shared::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam_steps("WYZ-L1.s7", l1s7),
        fam_steps("WYZ-L1.s7-corrected", l1s7_corrected),
        fam_steps("WYZ-L1.s8", l1s8),
        fam_steps("WYZ-L1.s9", l1s9),
        fam_steps("WYZ-L1.eq39", l1eq39),
        fam_steps("WYZ-L1.s10", l1s10),
        fam_steps("WYZ-L1.s11", l1s11),
        fam_steps("WYZ-L1.s11-corrected", l1s11_corrected),
    ]
}

/// The pieces of the a-decomposition (l.299–303): a, w_l = N_l α^l / Σ_{k<n} N_k α^k.
fn a_decomp(sp: &Space, alpha: &Rational, pl: &[Rational]) -> (Rational, Vec<Rational>) {
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let a = &pl[sp.n] - sp.n_l(sp.n) * pw(alpha, sp.n) / &zz;
    let denom: Rational = (0..sp.n).map(|k| sp.n_l(k) * pw(alpha, k)).sum();
    let w = (0..=sp.n)
        .map(|l| sp.n_l(l) * pw(alpha, l) / &denom)
        .collect();
    (a, w)
}

/// L1.s7 as printed (l.299–303): Σ_{l=0}^n l P_l ≥ Σ_{l=0}^{n} l (P_l + a w_l) + n N_n α^n/Z
/// (the right-hand sum runs to n, as printed).
fn l1s7(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        let (a, w) = a_decomp(&sp, &i.alpha, &pl);
        let lhs: Rational = (0..=sp.n).map(|l| qi(l as i64) * &pl[l]).sum();
        let rhs: Rational = (0..=sp.n)
            .map(|l| qi(l as i64) * (&pl[l] + &a * &w[l]))
            .sum::<Rational>()
            + qi(sp.n as i64) * sp.n_l(sp.n) * pw(&i.alpha, sp.n) / &zz;
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
/// Σ_{l≤n} l P_l ≥ Σ_{l<n} l (P_l + a w_l) + n N_n α^n/Z, with a ≥ 0.
fn l1s7_corrected(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        let (a, w) = a_decomp(&sp, &i.alpha, &pl);
        tally.compare(&a, ">=", &qi(0), || format!("#{k}: a = {a} < 0"));
        let lhs: Rational = (0..=sp.n).map(|l| qi(l as i64) * &pl[l]).sum();
        let rhs: Rational = (0..sp.n)
            .map(|l| qi(l as i64) * (&pl[l] + &a * &w[l]))
            .sum::<Rational>()
            + qi(sp.n as i64) * sp.n_l(sp.n) * pw(&i.alpha, sp.n) / &zz;
        tally.compare(&lhs, ">=", &rhs, || format!("#{k}: {lhs} < {rhs}"));
    }
    tally.finish(
        "corrected a-decomposition (sum over l <= n-1)",
        Method::Exact,
        "9 feasible posteriors; a >= 0",
    )
}

/// L1.s8 (l.305–315): {P_l + a w_l}_{l<n} is feasible for the Q-LP.
fn l1s8(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let e = qi(1) / &i.alpha;
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let mass = qi(1) - sp.n_l(sp.n) * pw(&i.alpha, sp.n) / &zz;
    let mut tally = Tally::new();
    for (k, p) in ps.iter().enumerate() {
        let pl = levels(&sp, p, 0);
        let (a, w) = a_decomp(&sp, &i.alpha, &pl);
        let qv: Vec<Rational> = (0..sp.n).map(|l| &pl[l] + &a * &w[l]).collect();
        tally.compare_all(qv.iter().map(|v| (v.clone(), ">=", qi(0))), || {
            format!("#{k} sign")
        });
        tally.compare(&qv.iter().sum::<Rational>(), "=", &mass, || {
            format!("#{k} mass")
        });
        for l in 1..sp.n {
            tally.compare(
                &(&qv[l - 1] / sp.n_l(l - 1)),
                "<=",
                &(&e * &qv[l] / sp.n_l(l)),
                || format!("#{k} ratio l={l}"),
            );
        }
    }
    tally.finish(
        "{P_l + a w_l}_{l<n} is Q-LP feasible",
        Method::Exact,
        "9 feasible posteriors",
    )
}

fn q_lp(sp: &Space, alpha: &Rational, top: usize) -> Result<ChainLp, String> {
    // Stage LP on levels 0..top with mass Σ_{j≤top} N_j α^j / Z.
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let w: Vec<Rational> = (0..=top).map(|l| sp.n_l(l)).collect();
    let mass: Rational = (0..=top)
        .map(|j| sp.n_l(j) * pw(alpha, j))
        .sum::<Rational>()
        / &zz;
    chain_lp(&w, alpha, &mass)
}

/// L1.s9 (l.317): Σ l P_l ≥ Σ_{l<n} l Q*_l + n N_n α^n/Z with Q* the certified Q-LP optimum.
fn l1s9(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    if sp.n < 2 {
        // For n = 1 the Q-LP has a single variable Q_0 = mass; value 0.
    }
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let (qv, _, rec) = match q_lp(&sp, &i.alpha, sp.n - 1) {
        Ok(v) => v,
        Err(e) => return Tally::new().finish_err(&e),
    };
    let mut tally = Tally::new();
    tally.attach([rec]);
    let bound = &qv + qi(sp.n as i64) * sp.n_l(sp.n) * pw(&i.alpha, sp.n) / &zz;
    for (k, p) in ps.iter().enumerate() {
        let lhs: Rational = levels(&sp, p, 0)
            .iter()
            .enumerate()
            .map(|(l, v)| qi(l as i64) * v)
            .sum();
        tally.compare(&lhs, ">=", &bound, || format!("#{k}: {lhs} < {bound}"));
    }
    tally.finish(
        "sum l P_l >= sum_{l<n} l Q*_l + n N_n alpha^n / Z",
        Method::Combined(vec![Method::LpCertificate, Method::Exact]),
        &format!("Q-LP optimum {qv} certified (primal + dual); 9 feasible posteriors"),
    )
}

/// L1.eq39 (l.323–329): Q*_l ≤ (N_l/N_{n−1}) E^{n−1−l} Q*_{n−1} and Q*_{n−1} ≥ N_{n−1}α^{n−1}/Z.
fn l1eq39(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let e = qi(1) / &i.alpha;
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let (_, qs, rec) = match q_lp(&sp, &i.alpha, sp.n - 1) {
        Ok(v) => v,
        Err(er) => return Tally::new().finish_err(&er),
    };
    let mut tally = Tally::new();
    tally.attach([rec]);
    let top = sp.n - 1;
    for l in 0..=top {
        let rhs = sp.n_l(l) / sp.n_l(top) * pw(&e, top - l) * &qs[top];
        tally.compare(&qs[l], "<=", &rhs, || format!("(39) at l={l}"));
    }
    let lb = sp.n_l(top) * pw(&i.alpha, top) / &zz;
    tally.compare(&qs[top], ">=", &lb, || {
        format!("Q*_(n-1) = {} < {lb}", qs[top])
    });
    tally.finish(
        "(39) and Q*_{n-1} >= N_{n-1} alpha^{n-1} / Z on the certified Q-LP optimum",
        Method::LpCertificate,
        "certified Q-LP optimiser",
    )
}

/// L1.s10 (l.331–339): stage by stage, the stage-k LP optimum equals Σ_{l≤k} l N_l α^l/Z with
/// optimiser N_l α^l/Z, and each stage inequality V_k ≥ V_{k−1} + k N_k α^k/Z holds.
fn l1s10(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let mut tally = Tally::new();
    let mut prev: Option<Rational> = None;
    for k in 0..=sp.n {
        match q_lp(&sp, &i.alpha, k) {
            Err(e) => tally.check(false, || format!("stage {k}: {e}")),
            Ok((v, qs, rec)) => {
                tally.attach([rec]);
                let want: Rational = (0..=k)
                    .map(|l| qi(l as i64) * sp.n_l(l) * pw(&i.alpha, l))
                    .sum::<Rational>()
                    / &zz;
                tally.compare(&v, "=", &want, || format!("stage {k} value {v} != {want}"));
                for (l, ql) in qs.iter().enumerate() {
                    tally.compare(ql, "=", &(sp.n_l(l) * pw(&i.alpha, l) / &zz), || {
                        format!("stage {k} Q_{l}")
                    });
                }
                if let Some(p) = &prev {
                    let rhs = p + qi(k as i64) * sp.n_l(k) * pw(&i.alpha, k) / &zz;
                    tally.compare(&v, ">=", &rhs, || format!("stage {k} inequality"));
                }
                prev = Some(v);
            }
        }
    }
    tally.finish(
        "stage LPs: certified optimum = sum_{l<=k} l N_l alpha^l / Z; recursion inequality",
        Method::LpCertificate,
        "every stage k = 0..n",
    )
}

/// L1.s11 as printed (l.341–343): Σ_l l P_l ≥ Σ_l l N_l e^{−(n−l)ε}/Z = h(ε).
fn l1s11(i: &NmAlpha) -> Check {
    let sp = Space::new(i.n, i.m);
    let zz = gibbs_normaliser(sp.n, sp.m, &i.alpha);
    let printed: Rational = (0..=sp.n)
        .map(|l| qi(l as i64) * sp.n_l(l) * pw(&i.alpha, sp.n - l))
        .sum::<Rational>()
        / &zz;
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
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

/// L1.s11-corrected: Σ_l l N_l e^{−lε}/Z = h(ε) as a polynomial identity in α, and
/// Σ l P_l ≥ h on feasible posteriors.
fn l1s11_corrected(i: &NmAlpha) -> Check {
    let (sp, ps) = posts(i);
    let mut tally = Tally::new();
    let lhs = Poly::new((0..=sp.n).map(|l| qi(l as i64) * sp.n_l(l)).collect());
    // Σ l N_l α^l · g = n(m−1)α · g^n  ⇔  Σ l N_l α^l / g^n = h.
    moment_check(&mut tally, &lhs, sp.n, sp.m, 1);
    let hh = optimal_distortion(sp.n, sp.m, &i.alpha);
    for (k, p) in ps.iter().enumerate() {
        let v: Rational = levels(&sp, p, 0)
            .iter()
            .enumerate()
            .map(|(l, v)| qi(l as i64) * v)
            .sum();
        tally.compare(&v, ">=", &hh, || format!("#{k}"));
    }
    tally.finish(
        "sum_l l N_l e^{-l eps}/Z = h (identity in alpha); sum l P_l >= h",
        Method::Combined(vec![Method::Polynomial, Method::Exact]),
        "polynomial identity; 9 feasible posteriors",
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
