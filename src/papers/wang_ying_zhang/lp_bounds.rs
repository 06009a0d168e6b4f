//! The certified LP bounds of Theorem 1 (Wang–Ying–Zhang), shared by its claims and the
//! derived ones: the LP-I and LP-DP lower bounds by dual points checked row by row, the Farkas
//! certificate that LP-I is infeasible below r_X (Lemma 3), and the tests of the theorem's
//! range (issue 43, item 7: out of `theorem1.rs`, by concept).

use super::core::{e_i, optimal_distortion, q, qi, r_x, Rows, Space};
use super::inst::NmAlphaPrior;
use super::lemma1::{certify_lpr, mu};
use crate::claim::Check;
use crate::num::Rational;

/// Certified lower bound on D_i*(ε) at α (prior-free): the objective of the LP-R dual point
/// (u = h(ε) from the paper's closed form, κ_l from Lemma 1) once it is checked feasible at every
/// vertex for every output centre y0. The bound is therefore the closed form h(ε); what is
/// certified is that it is a valid lower bound (dual feasibility), not its value. With it, the
/// `lp` record of LP-R at centre 0 (`lp_records::lpr`; every other centre is its image under a
/// translation of H(n, m); `None` while not recording).
pub fn lpi_lower_rec(sp: &Space, alpha: &Rational) -> Result<(Rational, Records), String> {
    let mut bound: Option<Rational> = None;
    let mut records = Vec::new();
    for y0 in 0..sp.size {
        let c = certify_lpr(sp, alpha, y0);
        if let Some(f) = c.tally.first_failure {
            return Err(format!("LP-I dual row at y={y0}: {f}"));
        }
        if y0 == 0 {
            records.push(c.record);
        }
        bound = Some(match bound {
            Some(b) if b <= c.dual => b,
            _ => c.dual,
        });
    }
    bound
        .map(|b| (b, records))
        .ok_or_else(|| "empty space".to_string())
}

/// The `lp` records a bound rests on (one per LP; `None` where none was built).
pub type Records = Vec<Option<serde_json::Value>>;

/// Certified lower bound on D_d*(ε) at α: Ok(h(ε+ε_X)) when every LP-DP dual row checks,
/// with the `lp` record (a `bound` answer) of its dual point.
pub fn lpdp_lower_rec(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
) -> Result<(Rational, Records), String> {
    let r = r_x(sp, p)
        .ratio
        .into_finite()
        .ok_or("prior without full support")?;
    let hp = lpdp_lower_with(sp, alpha, p, &r)?;
    let tp = alpha / &r;
    let kappa = |l: usize| mu(sp, &tp, l) / (qi(l as i64) * sp.n_l(l));
    let u: Vec<Rational> = p.iter().map(|px| px * &hp).collect();
    let lambda = |a: usize, b: usize, y: usize| {
        let lb = sp.d(b, y);
        if lb == sp.d(a, y) + 1 {
            kappa(lb) * &r * &p[b]
        } else {
            qi(0)
        }
    };
    let rec = super::lp_records::lpdp(sp, alpha, p, &u, lambda, None);
    Ok((hp, vec![rec]))
}

/// The LP-DP dual point built with prior constant `r` (= r_X for the claim), every row checked.
pub(crate) fn lpdp_lower_with(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
    r: &Rational,
) -> Result<Rational, String> {
    let r = r.clone();
    let e = qi(1) / alpha;
    let tp = alpha / &r; // e^{-(ε+ε_X)}
    let kappa: Vec<Rational> = (0..=sp.n + 1)
        .map(|l| {
            if l == 0 || l > sp.n {
                qi(0)
            } else {
                mu(sp, &tp, l) / (qi(l as i64) * sp.n_l(l))
            }
        })
        .collect();
    if kappa.iter().any(|k| *k < 0u32) {
        return Err("negative multiplier".into());
    }
    let hp = optimal_distortion(sp.n, sp.m, &tp);
    for y in 0..sp.size {
        for x in 0..sp.size {
            let lx = sp.d(x, y);
            let mut lhs = &p[x] * &hp;
            for (w, _) in sp.neighbours(x) {
                let lw = sp.d(w, y);
                if lw + 1 == lx {
                    // row (a = w, b = x): E·λ with λ = κ'_{lx} r_X p(x)
                    lhs += &e * &kappa[lx] * &r * &p[x];
                } else if lw == lx + 1 {
                    // row (a = x, b = w): −λ with λ = κ'_{lx+1} r_X p(w)
                    lhs -= &kappa[lx + 1] * &r * &p[w];
                }
            }
            if lhs > &p[x] * qi(lx as i64) {
                return Err(format!("LP-DP dual row (x={x}, y={y})"));
            }
        }
    }
    Ok(hp)
}

/// Is α in the T1a range (p_Y^{(α)} ≥ 0, i.e. ε ≥ ε̃_X, by X1)?
pub(crate) fn in_range(sp: &Space, i: &NmAlphaPrior) -> Option<(Rows, Vec<Rational>)> {
    e_i(sp, &i.alpha, &i.prior.p)
}

/// A rational α'' slightly above α (e^{ε''} slightly below e^ε), capped at 1.
pub(crate) fn alpha_above(alpha: &Rational) -> Rational {
    (alpha * q(101, 100)).min(qi(1))
}

/// An instance outside the statement's hypotheses: reported and counted as out of range.
pub(crate) fn vacuous(what: &str) -> Check {
    crate::claim::out_of_range(what)
}

/// An instance outside Theorem 1/2's range ε ≥ ε̃_X (ℰ_i undefined: [`in_range`] is `None`),
/// with the `out_of_range` record that shows it (issue 44 item 6; [`range_fails_record`]).
pub(crate) fn outside_range(sp: &Space, alpha: &Rational, p: &[Rational], what: &str) -> Check {
    let mut c = vacuous(what);
    c.records.extend(range_fails_record(sp, alpha, p));
    c
}

/// The `out_of_range` record (docs/certificates.md) of an instance where ℰ_i is undefined:
/// `p_X` lacks full support, or α = 1 and `p_X` is not uniform (no `p_Y` solves
/// `G_1 p_Y = p_X`), or α < 1 and `p_Y = G_α⁻¹ p_X` (given; `G_α` is invertible) has a
/// negative entry. `None` while not recording, or when the hypothesis holds.
pub(crate) fn range_fails_record(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
) -> Option<serde_json::Value> {
    range_record(sp, alpha, p, "wyz_gibbs_range")
}

/// The `out_of_range` record of an instance whose statement needs α > α̃ (ε < ε̃_X: WYZ-T1b,
/// X4) where ℰ_i is defined: `p_Y = G_α⁻¹ p_X ≥ 0` (`wyz_gibbs_outside`; issue 44 item 1).
/// `None` while not recording, or when α > α̃.
pub(crate) fn range_holds_record(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
) -> Option<serde_json::Value> {
    range_record(sp, alpha, p, "wyz_gibbs_outside")
}

/// The `out_of_range` record of an instance whose statement needs `e^ε ≥ r_X` (WYZ-X4) where
/// `1/α < r_X`: the neighbours `(x, x')` attaining r_X, with `α p_X(x) > p_X(x')`
/// (`wyz_eps_x`). `None` while not recording, or when `1/α ≥ r_X`.
pub(crate) fn below_eps_x_record(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
) -> Option<serde_json::Value> {
    let (a, b) = r_x(sp, p).pair;
    if !crate::certify::recording() || alpha * &p[a] <= p[b] {
        return None;
    }
    let mut rec = range_record_fields(sp, alpha, p, "wyz_eps_x");
    rec["pair"] = serde_json::json!([a, b]);
    Some(rec)
}

/// [`range_fails_record`] (`wyz_gibbs_range`: shown when α > α̃) or [`range_holds_record`]
/// (`wyz_gibbs_outside`: shown when α ≤ α̃).
fn range_record(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
    hypothesis: &str,
) -> Option<serde_json::Value> {
    let inside = e_i(sp, alpha, p).is_some();
    if !crate::certify::recording() || inside == (hypothesis == "wyz_gibbs_range") {
        return None;
    }
    let py = if *alpha < 1u32 && p.iter().all(|v| *v > 0u32) {
        let py = super::core::gibbs_p_y(sp, alpha, p)?;
        serde_json::json!(py.iter().map(|v| v.to_string()).collect::<Vec<_>>())
    } else {
        serde_json::Value::Null
    };
    let mut rec = range_record_fields(sp, alpha, p, hypothesis);
    rec["p_y"] = py;
    Some(rec)
}

fn range_record_fields(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
    hypothesis: &str,
) -> serde_json::Value {
    serde_json::json!({
        "kind": "out_of_range",
        "hypothesis": hypothesis,
        "n": sp.n,
        "m": sp.m,
        "alpha": alpha.to_string(),
        "p_x": p.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
    })
}

/// Farkas certificate that LP-I is infeasible at E < r_X: with (a, b) attaining r_X, the
/// combination Σ_y [E q(b,y) − q(a,y) ≥ 0] − E [Σ_y q(b,y) = p(b)] + [Σ_y q(a,y) = p(a)]
/// has every variable coefficient 0 and reads 0 ≥ p(a) − E p(b) > 0.
pub(crate) fn farkas_lpi(sp: &Space, p: &[Rational], e: &Rational) -> Result<Rational, String> {
    farkas_lpi_rec(sp, p, e).map(|(c, _)| c)
}

/// [`farkas_lpi`] with the `lp` record of the Farkas certificate (an `infeasible` answer).
pub(crate) fn farkas_lpi_rec(
    sp: &Space,
    p: &[Rational],
    e: &Rational,
) -> Result<(Rational, Records), String> {
    let level = r_x(sp, p);
    let (a, b) = level.pair;
    let r = level.ratio.into_finite().ok_or("no full support")?;
    if *e >= r {
        return Err("E >= r_X".into());
    }
    // Coefficients of every variable q(x,y) in the combination.
    let mut coeff = vec![vec![qi(0); sp.size]; sp.size];
    for y in 0..sp.size {
        coeff[b][y] += e;
        coeff[a][y] -= qi(1);
        coeff[b][y] -= e;
        coeff[a][y] += qi(1);
    }
    if coeff.iter().any(|row| row.iter().any(|c| *c != 0u32)) {
        return Err("combination leaves a variable".into());
    }
    let constant = &p[a] - e * &p[b];
    if constant > 0u32 {
        let rec = super::lp_records::lpi_infeasible(sp, p, e, a, b);
        Ok((constant, vec![rec]))
    } else {
        Err("no contradiction".into())
    }
}

#[cfg(test)]
mod tests {
    use super::super::lp_records::lpr;
    use super::*;
    use serde_json::Value;

    fn status(v: &Option<Value>) -> &str {
        v.as_ref().expect("a record")["answer"]["status"]
            .as_str()
            .unwrap()
    }

    /// Every LP of the module is written (and so accepted by `lp::check`) on H(2,2) at α = 1/2,
    /// with the values of the paper's closed forms: LP-R = h = n(m−1)α/(1+(m−1)α) = 2/3, the
    /// LP-DP bound h(ε + ε_X) at the uniform prior (ε_X = 0) = 2/3, and LP-I infeasible below
    /// r_X = 3 for the prior (3/8, 1/8, 3/8, 1/8).
    #[test]
    fn the_lps_of_lemma_1_and_theorem_1_are_written_as_accepted_records() {
        crate::certify::start_recording();
        let sp = Space::new(2, 2);
        let alpha = q(1, 2);
        let kappa: Vec<Rational> = (0..=sp.n + 1)
            .map(|l| match l {
                0 => qi(0),
                l if l > sp.n => qi(0),
                l => mu(&sp, &alpha, l) / (qi(l as i64) * sp.n_l(l)),
            })
            .collect();
        let rec = certify_lpr(&sp, &alpha, 0).record;
        assert_eq!(status(&rec), "optimal");
        assert_eq!(rec.unwrap()["answer"]["value"], "2/3");
        assert!(certify_lpr(&sp, &alpha, 1).record.is_none());
        for y0 in 0..sp.size {
            // Each centre's LP (outward rows) is accepted on its own too.
            assert_eq!(status(&lpr(&sp, &alpha, y0, &kappa, true)), "optimal");
        }
        let uniform = vec![q(1, 4); 4];
        let (b, recs) = lpdp_lower_rec(&sp, &alpha, &uniform).unwrap();
        assert_eq!((b, status(&recs[0])), (q(2, 3), "bound"));
        let p = vec![q(3, 8), q(1, 8), q(3, 8), q(1, 8)];
        let (_, recs) = farkas_lpi_rec(&sp, &p, &q(29, 10)).unwrap();
        assert_eq!(status(&recs[0]), "infeasible");
        let ws: Vec<Rational> = (0..3).map(|l| sp.n_l(l)).collect();
        let (_, qs, rec) = super::super::lemma1::chain_lp(&ws, &alpha, &qi(1)).unwrap();
        assert_eq!(status(&rec), "optimal");
        // Q_l = N_l α^l / (1 + α)^2 = (4, 4, 1)/9.
        assert_eq!(qs, vec![q(4, 9), q(4, 9), q(1, 9)]);
    }

    /// The `out_of_range` record of n = 1, m = 2, α = 1/3, p_X = (4/5, 1/5): by hand
    /// p_Y = (p1 − α p2, p2 − α p1)/(1 − α) = (11/10, −1/10); none in range.
    #[test]
    fn an_instance_outside_the_range_has_its_record() {
        crate::certify::start_recording();
        let sp = Space::new(1, 2);
        let rec = range_fails_record(&sp, &q(1, 3), &[q(4, 5), q(1, 5)]).unwrap();
        assert_eq!(rec["p_y"], serde_json::json!(["11/10", "-1/10"]));
        assert!(range_fails_record(&sp, &q(1, 5), &[q(4, 5), q(1, 5)]).is_none());
        let at_one = range_fails_record(&sp, &qi(1), &[q(4, 5), q(1, 5)]).unwrap();
        assert!(at_one["p_y"].is_null());
    }

    /// The `lp_r` record of LP-R at centre 0 (issue 44 item 6) is the full model's certificate
    /// by level: lifted (`p_x` ← its level's value, `pair_a_b` ← the value of `(l_a, l_b)`), it
    /// is the answer of the full-model record that `lp::check` accepted (the naive reference),
    /// and its dual names exactly the level pairs of LP-R's rows.
    #[test]
    fn the_lp_r_record_is_the_full_lp_r_certificate_by_level() {
        crate::certify::start_recording();
        for (n, m) in [(1, 2), (1, 5), (2, 3), (3, 2), (2, 4)] {
            let sp = Space::new(n, m);
            for alpha in [q(1, 3), q(2, 3), qi(1)] {
                let c = certify_lpr(&sp, &alpha, 0);
                let levels = c.record.expect("an lp_r record");
                let full = lpr(&sp, &alpha, 0, &c.kappa, false).expect("lp::check accepts");
                let (la, fa) = (&levels["answer"], &full["answer"]);
                assert_eq!(levels["lp_r"]["t"], (qi(1) / &alpha).to_string());
                assert_eq!(
                    (&la["value"], &la["dual"]["mass"]),
                    (&fa["value"], &fa["dual"]["mass"])
                );
                for x in 0..sp.size {
                    let l = sp.d(x, 0).to_string();
                    assert_eq!(la["primal"][&l], fa["primal"][format!("p{x}")]);
                }
                let mut pairs = std::collections::BTreeSet::new();
                for (a, b) in sp.ordered_pairs() {
                    let key = format!("{},{}", sp.d(a, 0), sp.d(b, 0));
                    assert_eq!(
                        la["dual"][&key],
                        fa["dual"][format!("pair_{a}_{b}")],
                        "{key}"
                    );
                    pairs.insert(key);
                }
                let keys: std::collections::BTreeSet<String> =
                    la["dual"].as_object().unwrap().keys().cloned().collect();
                pairs.insert("mass".into());
                assert_eq!(keys, pairs, "n={n} m={m}");
            }
        }
    }
}
