//! The Bayesian definition: Vadhan §4, Propositions 1 and 2, their proofs and the remark on
//! statistical distance (VAD-P1, VAD-P1 converse, VAD-P2(a), VAD-P2(b), VAD-7, and the
//! printed proof of Proposition 2).
//!
//! Reading of "output y of M(x)": y ranges over the support of `M(X_i, x_{-i})` (the outputs
//! with positive probability under the prior), where the posterior is defined.

use crate::claim::instances::{fmt_vec, r, simplex, t_set};
use crate::claim::mechanism_grid::{
    default_mechanism_families, infinite_level_record, mechanism_families_beyond, MechanismFamily,
};
use crate::claim::scan::{Agree, Decider, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::{tv, ExtRational};
use crate::mechanism::database::DatabaseMechanism;
use crate::num::Rational;
use crate::prob::{Channel, Dist, Joint};
use std::fmt;

fn priors(m: usize) -> Vec<Dist> {
    simplex(m, if m == 2 { 12 } else { 8 })
        .into_iter()
        .map(|p| Dist::new(p).expect("a simplex point"))
        .collect()
}

/// A channel from rows of a mechanism (each row a distribution by construction).
fn channel(rows: Vec<Vec<Rational>>) -> Channel {
    Channel::new(rows).expect("a mechanism's rows are distributions")
}

/// The joint of `prior` and `w` (same number of inputs by construction).
fn joint(w: &Channel, prior: &Dist) -> Joint {
    w.joint(prior).expect("one prior mass per input")
}

/// The uniform prior on `{x_i, x'_i}` and the channel of those two rows of `w`.
fn two_point(w: &[Vec<Rational>], a: usize, b: usize) -> (Dist, Channel) {
    (Dist::uniform(2), channel(vec![w[a].clone(), w[b].clone()]))
}

/// VAD-P1 (Proposition 1): for ε-DP M (ε = ln L, L the exact level), every prior π and every
/// y with `P(y) > 0`: `D_∞(π‖π_y) ≤ ε` and `D_∞(π_y‖π) ≤ ε`. Both directions are computed from
/// the posterior by their definitions (max over the support of the first argument).
fn check_p1(fam: &MechanismFamily) -> Check {
    let mut s = Scan::le();
    let mechs = fam.build();
    for mech in &mechs {
        let ExtRational::Finite(level) = mech.level() else {
            continue;
        };
        for (label, w) in mech.row_channels() {
            for prior in priors(mech.m) {
                let joint = joint(&w, &prior);
                for y in 0..mech.outputs() {
                    let Some(post) = joint.posterior(y) else {
                        continue;
                    };
                    for (a, b) in [(prior.probs(), post.probs()), (post.probs(), prior.probs())] {
                        let d = crate::measure::max_ratio(a, b);
                        let lhs = match d {
                            ExtRational::Finite(v) => v,
                            ExtRational::Infinite => &level + r(1, 1),
                        };
                        s.push(lhs, level.clone(), || {
                            format!("{mech} {label} prior={} y={y}", fmt_vec(prior.probs()))
                        });
                    }
                }
            }
        }
    }
    let mut c = s.finish(
        "exp D_inf(prior || posterior), exp D_inf(posterior || prior)  vs  e^eps = L",
        Method::Exact,
    );
    // No finite-level mechanism in the cell: its record shows every level infinite.
    if c.outcome == Outcome::OutOfRange {
        c.records.extend(infinite_level_record(&mechs));
    }
    c
}

/// A prior violating the Bayesian bound at level t when `L > t`: `π = (1−η)δ_b + ηδ_a` at the
/// pair (a, b) and output y attaining the level, with η = 2^{-j} decreasing until
/// `π_y(a)/π(a) = W_a(y)/((1−η)W_b(y) + ηW_a(y)) > t`.
#[allow(clippy::needless_range_loop)]
fn violating_prior(mech: &DatabaseMechanism, t: &Rational) -> Option<String> {
    for (label, w) in mech.row_slices() {
        for a in 0..mech.m {
            for b in 0..mech.m {
                for y in 0..mech.outputs() {
                    let (wa, wb) = (&w[a][y], &w[b][y]);
                    if a == b || *wa == 0u32 || (*wb > 0u32 && wa / wb <= *t) {
                        continue;
                    }
                    let mut eta = r(1, 2);
                    for _ in 0..200 {
                        let ratio = wa / ((r(1, 1) - &eta) * wb + &eta * wa);
                        if ratio > *t {
                            return Some(format!(
                                "{label}: prior eta={eta} on x_i={a}, 1-eta on x_i={b}, y={y}: posterior/prior = {ratio} > t"
                            ));
                        }
                        eta /= Rational::from(2u32);
                    }
                }
            }
        }
    }
    None
}

/// VAD-P1 converse: "Bayesian bounds at level t for all priors, x, i, y" ⇔ "L ≤ t", for every
/// t of the t-set. The Bayesian side is decided on the grid priors together with the
/// two-point priors `(1−η)δ_{x'} + ηδ_x`, η = 2^{-j} (the sequence of the converse).
fn check_p1_converse(fam: &MechanismFamily) -> Check {
    let mut agree = Agree::new();
    for mech in fam.build() {
        let level = mech.level();
        for t in t_set() {
            let mut bayes_ok = true;
            'grid: for (_, w) in mech.row_channels() {
                for prior in priors(mech.m) {
                    let joint = joint(&w, &prior);
                    for y in 0..mech.outputs() {
                        let Some(post) = joint.posterior(y) else {
                            continue;
                        };
                        let (p, q) = (prior.probs(), post.probs());
                        let ok = crate::measure::max_ratio(p, q).at_most(&t)
                            && crate::measure::max_ratio(q, p).at_most(&t);
                        if !ok {
                            bayes_ok = false;
                            break 'grid;
                        }
                    }
                }
            }
            if bayes_ok && violating_prior(&mech, &t).is_some() {
                bayes_ok = false;
            }
            agree.push(bayes_ok, level.at_most(&t), || {
                format!("{mech} t={t} L={level}")
            });
        }
    }
    agree.finish(
        "posterior within e^{+-eps} of the prior for all priors and y  <=>  L <= t",
        Method::Exact,
    )
}

/// The SD-parameter grid of Proposition 2 (ε < 1/2 for P2(a), ε < 1 for P2(b)).
fn sd_eps() -> Vec<Rational> {
    vec![r(1, 20), r(1, 10), r(1, 5), r(1, 4), r(2, 5)]
}

/// Instances of VAD-P2(a) and VAD-P2(b): a mechanism family, or an attainment witness.
#[derive(Clone, Debug)]
pub enum P2 {
    MechanismFamily(MechanismFamily),
    Attain(Rational),
}

impl fmt::Display for P2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            P2::MechanismFamily(fam) => write!(f, "{fam}"),
            P2::Attain(x) => write!(f, "attainment witness parameter {x}"),
        }
    }
}

fn p2a_grid() -> Vec<P2> {
    let mut v: Vec<P2> = default_mechanism_families()
        .into_iter()
        .map(P2::MechanismFamily)
        .collect();
    v.extend(sd_eps().into_iter().map(P2::Attain));
    v
}

fn p2b_grid() -> Vec<P2> {
    let mut v: Vec<P2> = default_mechanism_families()
        .into_iter()
        .map(P2::MechanismFamily)
        .collect();
    // Square roots s of the likelihood ratio R = s²; the extremal prior 1/(1+s) is rational.
    v.extend([r(3, 2), r(2, 1), r(3, 1)].into_iter().map(P2::Attain));
    v
}

fn p2_beyond(s: usize) -> Vec<P2> {
    mechanism_families_beyond(s)
        .into_iter()
        .map(P2::MechanismFamily)
        .collect()
}

/// `lhs <= rhs`, recorded in `st` by the relation (`<=` or `>`) that holds: a `compare` record
/// true either way, so a predicate's value, true or false, is shown (issue 44 item 6).
fn shown_le(st: &mut Decider, lhs: &Rational, rhs: &Rational) -> bool {
    let le = lhs <= rhs;
    st.rat(lhs, if le { "<=" } else { ">" }, rhs);
    le
}

/// `level <= bound` shown in `st`: a finite level by [`shown_le`]; an infinite one (false) by
/// its `dp_level` record, which the checker recomputes (pushed onto `extra`).
fn level_at_most(
    st: &mut Decider,
    extra: &mut Vec<serde_json::Value>,
    mech: &DatabaseMechanism,
    bound: &Rational,
) -> bool {
    match mech.level() {
        ExtRational::Finite(l) => shown_le(st, &l, bound),
        ExtRational::Infinite => {
            match crate::claim::mechanism_grid::infinite_level_dp_record(mech) {
                Some(r) if crate::certify::recording() => extra.push(r),
                _ => {
                    st.unrecorded(false);
                }
            }
            false
        }
    }
}

/// The statistical-distance hypothesis of Proposition 2 restricted to uniform two-point
/// priors on neighbouring row values (as in the printed proof), at SD level ε; each
/// `Δ ≤ ε` shown in `st` up to the first that fails.
fn hyp_two_point(mech: &DatabaseMechanism, eps: &Rational, st: &mut Decider) -> bool {
    for (_, w) in mech.row_slices() {
        for a in 0..mech.m {
            for b in (a + 1)..mech.m {
                let (prior2, w2) = two_point(&w, a, b);
                let joint = joint(&w2, &prior2);
                for y in 0..mech.outputs() {
                    let Some(post) = joint.posterior(y) else {
                        continue;
                    };
                    if !shown_le(st, &tv(prior2.probs(), post.probs()), eps) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// VAD-P2(a): with uniform two-point priors the hypothesis holds iff every neighbour
/// likelihood ratio is at most `(1+2ε)/(1−2ε)`; attainment: RR at exactly that ratio satisfies
/// the hypothesis and has DP level exactly `(1+2ε)/(1−2ε)`.
fn check_p2a(inst: &P2) -> Check {
    match inst {
        P2::MechanismFamily(fam) => {
            let mut agree = Agree::new();
            for mech in fam.build() {
                let level = mech.level();
                for eps in sd_eps() {
                    let bound = (r(1, 1) + r(2, 1) * &eps) / (r(1, 1) - r(2, 1) * &eps);
                    // Both sides shown by true records (issue 44 item 6), kept when they agree.
                    let (mut st, mut extra) = (Decider::new(), Vec::new());
                    let a = hyp_two_point(&mech, &eps, &mut st);
                    let b = level_at_most(&mut st, &mut extra, &mech, &bound);
                    debug_assert_eq!(b, level.at_most(&bound));
                    let recs = st.records().filter(|_| a == b).map(|mut v| {
                        v.extend(extra);
                        v
                    });
                    agree.push_pair_recorded(a, b, recs, || format!("{mech} eps={eps} L={level}"));
                }
            }
            agree.finish(
                "Delta(uniform two-point prior, posterior) <= eps for all neighbours and y  <=>  L <= (1+2eps)/(1-2eps)",
                Method::Exact,
            )
        }
        P2::Attain(eps) => {
            let bound = (r(1, 1) + r(2, 1) * eps) / (r(1, 1) - r(2, 1) * eps);
            let mech = crate::mechanism::database::product_randomized_response(1, 2, &bound);
            let mut st = Decider::new();
            let ok = hyp_two_point(&mech, eps, &mut st)
                && matches!(mech.level(), ExtRational::Finite(l) if st.rat(&l, "=", &bound));
            let mut c = Check::new(
                "RR at t = (1+2eps)/(1-2eps) satisfies the two-point hypothesis and has level exactly t",
                Value::text(format!("L = {}", mech.level()), ""),
                Value::rational(&bound),
                Method::Exact,
                Outcome::from_holds(ok),
            )
            .with_note(format!("witness {mech}"));
            // Every Δ <= ε and the level's equality, each with its `compare` record.
            if ok {
                c.records = st.records().unwrap_or_default().into();
            }
            c
        }
    }
}

/// VAD-P2(b): over all priors, `max_π Δ(π, π_y) = (√R−1)/(√R+1)` with R the largest ratio
/// `W_a(y)/W_b(y)` in the column y. Upper bound checked on grid priors (two- and three-point)
/// in squared form `(1+Δ)² ≤ R(1−Δ)²` (valid since Δ < 1 when R is finite); attainment
/// checked exactly when `R = s²` with s rational, at the prior `1/(1+s)` on the argmax.
fn check_p2b(inst: &P2) -> Check {
    match inst {
        P2::MechanismFamily(fam) => {
            let mut s = Scan::le();
            for mech in fam.build() {
                for (label, w) in mech.row_channels() {
                    for y in 0..mech.outputs() {
                        let col = w.column(y);
                        let mx = col.iter().max().expect("rows").clone();
                        let mn = col.iter().min().expect("rows").clone();
                        if mx == 0u32 {
                            continue;
                        }
                        for prior in priors(mech.m) {
                            let Some(post) = joint(&w, &prior).posterior(y) else {
                                continue;
                            };
                            let d = tv(prior.probs(), post.probs());
                            let one = r(1, 1);
                            let (lhs, rhs) = if mn == 0u32 {
                                // R = ∞: the bound is 1.
                                (d.clone(), one.clone())
                            } else {
                                let big_r = &mx / &mn;
                                let a = &one + &d;
                                let b = &one - &d;
                                (&a * &a, big_r * &b * &b)
                            };
                            s.push(lhs, rhs, || {
                                format!(
                                    "{mech} {label} y={y} prior={} Delta={d}",
                                    fmt_vec(prior.probs())
                                )
                            });
                        }
                    }
                }
            }
            s.finish(
                "(1+Delta)^2  vs  R (1-Delta)^2, i.e. Delta(prior, posterior) <= (sqrt R - 1)/(sqrt R + 1)",
                Method::Exact,
            )
        }
        P2::Attain(sq) => {
            let one = r(1, 1);
            let big_r = sq * sq;
            let z = &one + &big_r;
            let w = channel(vec![
                vec![&big_r / &z, &one / &z],
                vec![&one / &z, &big_r / &z],
            ]);
            let p = &one / (&one + sq);
            let prior = Dist::new(vec![p.clone(), &one - &p]).expect("p in (0, 1)");
            let post = joint(&w, &prior).posterior(0).expect("P(y) > 0");
            let d = tv(prior.probs(), post.probs());
            let want = (sq - &one) / (sq + &one);
            Check::rationals(
                format!("Delta at prior (1/(1+s), s/(1+s)) for W = RR with R = s^2 = {big_r}, y = 0  =  (s-1)/(s+1)"),
                &d,
                "=",
                &want,
            )
        }
    }
}

/// The printed proof of Proposition 2, for a uniform prior on `{x_i, x'_i}` and output y:
/// γ is defined by `Pr[X_i = x_i | y] = (1+γ)/2`. `corrected = false` checks the printed steps
/// `γ/2 = Δ` and `Pr[M(x')=y]/Pr[M(x)=y] = (1+γ)/(1−γ)`; `corrected = true` checks
/// `|γ|/2 = Δ` and `Pr[M(x')=y]/Pr[M(x)=y] = (1−γ)/(1+γ)`.
fn check_printed_with(fam: &MechanismFamily, corrected: bool) -> Check {
    let mut agree = Agree::new();
    for mech in fam.build() {
        for (label, w) in mech.row_slices() {
            for a in 0..mech.m {
                for b in 0..mech.m {
                    if a == b {
                        continue;
                    }
                    let (prior2, w2) = two_point(&w, a, b);
                    let joint = joint(&w2, &prior2);
                    for y in 0..mech.outputs() {
                        if *w2.entry(0, y) == 0u32 || *w2.entry(1, y) == 0u32 {
                            continue;
                        }
                        let post = joint.posterior(y).expect("P(y) > 0");
                        let gamma = r(2, 1) * post.p(0) - r(1, 1);
                        let delta = tv(prior2.probs(), post.probs());
                        let ratio = w2.entry(1, y) / w2.entry(0, y);
                        let one = r(1, 1);
                        let (half, formula) = if corrected {
                            use malachite::base::num::arithmetic::traits::Abs;
                            ((&gamma).abs() / r(2, 1), (&one - &gamma) / (&one + &gamma))
                        } else {
                            (&gamma / r(2, 1), (&one + &gamma) / (&one - &gamma))
                        };
                        // Both steps decided with their `compare` records (issue 44 item 6).
                        let mut st = Decider::new();
                        let ok = st.rat(&half, "=", &delta) & st.rat(&ratio, "=", &formula);
                        agree.push_recorded(ok, st.records(), || {
                            format!(
                                "{mech} {label} x_i={a} x'_i={b} y={y}: gamma={gamma}, Delta={delta}, Pr[M(x')=y]/Pr[M(x)=y]={ratio}, formula gives {formula}"
                            )
                        });
                    }
                }
            }
        }
    }
    let what = if corrected {
        "|gamma|/2 = Delta and Pr[M(x')=y]/Pr[M(x)=y] = (1-gamma)/(1+gamma)"
    } else {
        "printed steps gamma/2 = Delta and Pr[M(x')=y]/Pr[M(x)=y] = (1+gamma)/(1-gamma)"
    };
    agree.finish(what, Method::Exact)
}

fn check_printed(fam: &MechanismFamily) -> Check {
    check_printed_with(fam, false)
}

fn check_printed_corrected(fam: &MechanismFamily) -> Check {
    check_printed_with(fam, true)
}

/// VAD-7: `Δ(Bernoulli(1/2), Bernoulli((1+γ)/2)) = |γ|/2` for γ ∈ [−1, 1], so Δ ≤ ε forces
/// `|γ| ≤ 2ε` ("at most 2ε in the proof above").
fn check_7(n: &u32) -> Check {
    let mut s = Scan::le();
    let mut s2 = Scan::le();
    let n = *n as i64;
    for k in -n..=n {
        let gamma = r(k, n);
        let one = r(1, 1);
        let p = vec![r(1, 2), r(1, 2)];
        let q = vec![(&one + &gamma) / r(2, 1), (&one - &gamma) / r(2, 1)];
        let d = tv(&p, &q);
        use malachite::base::num::arithmetic::traits::Abs;
        let half = (&gamma).abs() / r(2, 1);
        s.push(d.clone(), half.clone(), || format!("gamma={gamma}"));
        s2.push(half, d, || format!("gamma={gamma}"));
    }
    let ok = s2.ok();
    let mut c = s.finish(
        "Delta(Bern(1/2), Bern((1+gamma)/2))  =  |gamma|/2 (both inequalities)",
        Method::Exact,
    );
    if !ok {
        c.outcome = Outcome::Fails;
    }
    c.note = format!(
        "{}; for gamma < 0 the value is -gamma/2, so the proof's 'gamma/2 = Delta' needs |gamma|",
        c.note
    );
    c
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "VAD-P1",
            grid: default_mechanism_families,
            beyond: Some(mechanism_families_beyond),
            check: check_p1,
        }
        .boxed(),
        Family {
            id: "VAD-P1-converse",
            grid: default_mechanism_families,
            beyond: Some(mechanism_families_beyond),
            check: check_p1_converse,
        }
        .boxed(),
        Family {
            id: "VAD-P2(a)",
            grid: p2a_grid,
            beyond: Some(p2_beyond),
            check: check_p2a,
        }
        .boxed(),
        Family {
            id: "VAD-P2(b)",
            grid: p2b_grid,
            beyond: Some(p2_beyond),
            check: check_p2b,
        }
        .boxed(),
        Family {
            id: "VAD-P2-printed-proof",
            grid: default_mechanism_families,
            beyond: Some(mechanism_families_beyond),
            check: check_printed,
        }
        .boxed(),
        Family {
            id: "VAD-P2-printed-proof-corrected",
            grid: default_mechanism_families,
            beyond: Some(mechanism_families_beyond),
            check: check_printed_corrected,
        }
        .boxed(),
        Family {
            id: "VAD-7",
            grid: || vec![8, 12, 30],
            beyond: Some(|s| vec![30 + 10 * s as u32]),
            check: check_7,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_ratio_is_inverted() {
        let fam = MechanismFamily::Rr {
            n: 1,
            m: 2,
            t: r(2, 1),
        };
        assert_eq!(check_printed(&fam).outcome, Outcome::Fails);
        assert_eq!(check_printed_corrected(&fam).outcome, Outcome::Holds);
    }

    #[test]
    fn bayes_rule_posterior_sums_to_one() {
        let w = channel(vec![vec![r(2, 3), r(1, 3)], vec![r(1, 4), r(3, 4)]]);
        let prior = Dist::new(vec![r(1, 3), r(2, 3)]).unwrap();
        // y = 0: P(0) = 2/9 + 1/6 = 7/18, posterior (2/9, 1/6) / (7/18) = (4/7, 3/7).
        assert_eq!(
            joint(&w, &prior).posterior(0).unwrap().probs(),
            &[r(4, 7), r(3, 7)]
        );
        for y in 0..2 {
            let p = joint(&w, &prior).posterior(y).expect("P(y) > 0");
            assert_eq!(p.probs().iter().cloned().sum::<Rational>(), r(1, 1));
        }
    }
}
