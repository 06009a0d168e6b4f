//! The LPs of Lemma 1 and Theorem 1 as `lp` records (issue 44 items 1 and 6): the models that
//! `lemma1::certify_lpr`, `lemma1::chain_lp` and `lp_bounds::farkas_lpi` certify by hand, built
//! as an [`lp::Model`] with the same primal, dual or Farkas point, so that the independent
//! checker re-checks every row and variable (docs/certificates.md, "The `lp` record").
//!
//! A record is built only while certificates are recorded, and only for a certificate that
//! [`crate::lp::lp_record`] (dpcert's `lp::check`) accepted; `None` otherwise, so a step whose
//! record is missing leaves its instance uncertified, never half-certified.

use super::core::{gibbs_normaliser, optimal_distortion, pw, qi, Rows, Space};
use crate::lp::{bound_record, lp_record, Certificate, Cmp, Model, Sense};
use crate::num::Rational;
use serde_json::Value;

/// The most rows an LP written out as a full model may have. LP-R at centre 0 is written by
/// level instead ([`lpr_levels`]): on the largest Hamming graphs of WYZ-L1's grid it has up to
/// 6,481 rows, and its full models made each of the four WYZ-L1 claims' certificates 90 MB,
/// `verify --certificates` 5.3 times as slow as `verify` and its peak memory 13.8 GB. An LP
/// above the limit gets no record, so its claim is not certified (never half-certified); every
/// other WYZ LP written in full has at most a few hundred rows.
const MAX_RECORDED_ROWS: usize = 2_000;

/// The `lp` record of `model` with `cert`, when certificates are recorded, the model has at
/// most [`MAX_RECORDED_ROWS`] rows and `lp::check` accepts it.
fn record(id: String, source: &str, model: &Model, cert: &Certificate) -> Option<Value> {
    if model.rows().len() > MAX_RECORDED_ROWS {
        return None;
    }
    lp_record(&id, source, model, model.rows().len(), cert).ok()
}

/// LP-R at the centre `y0` (App. A, eqs (20)–(24) for one output): minimise
/// `Σ_x d(x, y0) p_x` over `p ≥ 0` with `Σ_x p_x = 1` (row `mass`) and `p_a − e^ε p_b ≤ 0` on
/// every ordered pair of neighbours (row `pair_a_b`). Its certificate is Lemma 1's: the Gibbs
/// posterior `α^{d(x,y0)}/Z` and the dual `u = h(ε)` on `mass`, `−κ_l` on the outward rows
/// (`a` at level `l − 1`, `b` at level `l`), 0 on the others, with `κ_l = μ_l / (l N_l)` given
/// by level in `kappa`. With `outward_only`, the LP keeps only the outward rows (eq (35),
/// WYZ-L1.s2).
pub fn lpr(
    sp: &Space,
    alpha: &Rational,
    y0: usize,
    kappa: &[Rational],
    outward_only: bool,
) -> Option<Value> {
    if !crate::certify::recording() {
        return None;
    }
    let e = qi(1) / alpha;
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let mut model = Model::new(Sense::Minimize);
    let vars: Vec<_> = (0..sp.size)
        .map(|x| model.add_var(format!("p{x}")))
        .collect();
    let obj: Vec<_> = (0..sp.size)
        .map(|x| (vars[x], qi(sp.d(x, y0) as i64)))
        .collect();
    model.set_objective(&obj);
    let ones: Vec<_> = vars.iter().map(|v| (*v, qi(1))).collect();
    model.add_named_row("mass", &ones, Cmp::Eq, qi(1));
    let mut dual = vec![optimal_distortion(sp.n, sp.m, alpha)];
    for (a, b) in sp.ordered_pairs() {
        let (la, lb) = (sp.d(a, y0), sp.d(b, y0));
        if outward_only && lb != la + 1 {
            continue;
        }
        model.add_named_row(
            format!("pair_{a}_{b}"),
            &[(vars[a], qi(1)), (vars[b], -e.clone())],
            Cmp::Le,
            qi(0),
        );
        dual.push(if lb == la + 1 {
            -kappa[lb].clone()
        } else {
            qi(0)
        });
    }
    let primal: Vec<Rational> = (0..sp.size).map(|x| pw(alpha, sp.d(x, y0)) / &zz).collect();
    let cert = Certificate::Optimal {
        value: dual[0].clone(),
        primal,
        dual,
    };
    let rows = if outward_only { " (outward rows)" } else { "" };
    let id = format!("LP-R{rows} n={} m={} alpha={alpha} y0={y0}", sp.n, sp.m);
    record(id, "Wang-Ying-Zhang LP-R (Lemma 1)", &model, &cert)
}

/// LP-R at centre 0 as an `lp` record with `lp_r` in place of the model (docs/certificates.md,
/// "`lp_r`"; issue 44 item 6): the checker rebuilds LP-R on H(n, m) at `t = e^ε = 1/α` itself
/// and checks the certificate of [`lpr`] (Gibbs point `α^l/Z`, dual `u = h` on `mass`, `−κ_l`
/// on the outward rows, 0 on the others) given by level `l` and by the levels `(l_a, l_b)` of a
/// row's ends, once for each distinct key of a row or variable. A few hundred bytes, where the
/// full model of LP-R on H(1, 81) has 6,481 rows. Call it only after `lemma1::certify_lpr`
/// accepted that certificate at centre 0 (it checks every row and every vertex's dual row,
/// the checker's conditions, exactly).
pub fn lpr_levels(sp: &Space, alpha: &Rational, kappa: &[Rational]) -> Option<Value> {
    if !crate::certify::recording() {
        return None;
    }
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let primal: serde_json::Map<String, Value> = (0..=sp.n)
        .map(|l| (l.to_string(), Value::from((pw(alpha, l) / &zz).to_string())))
        .collect();
    let u = optimal_distortion(sp.n, sp.m, alpha);
    let mut dual = serde_json::Map::new();
    dual.insert("mass".into(), Value::from(u.to_string()));
    for (a, b) in sp.ordered_pairs() {
        let (la, lb) = (sp.d(a, 0), sp.d(b, 0));
        let y = if lb == la + 1 {
            -kappa[lb].clone()
        } else {
            qi(0)
        };
        dual.insert(format!("{la},{lb}"), Value::from(y.to_string()));
    }
    Some(serde_json::json!({
        "kind": "lp",
        "id": format!("LP-R n={} m={} alpha={alpha} y0=0", sp.n, sp.m),
        "source": "Wang-Ying-Zhang LP-R (Lemma 1)",
        "lp_r": {"n": sp.n, "m": sp.m, "t": (qi(1) / alpha).to_string()},
        "answer": {"status": "optimal", "value": u.to_string(), "primal": primal, "dual": dual},
    }))
}

/// The chain LP of `lemma1::chain_lp` in the level masses `Q_l` (its rows as there, in
/// `r_l = Q_l / W_l`): minimise `Σ_l l Q_l` with `Σ_l Q_l = M` (row `mass`) and
/// `e^ε Q_l / W_l − Q_{l−1} / W_{l−1} ≥ 0` (row `chain_l`, `l = 1..k`); primal `qs`, dual `u` on
/// `mass` and `μ_l` on `chain_l` (the dual row of `Q_l` is that of `r_l` divided by `W_l`).
pub fn chain(
    weights: &[Rational],
    alpha: &Rational,
    mass: &Rational,
    qs: &[Rational],
    u: &Rational,
    mus: &[Rational],
) -> Option<Value> {
    if !crate::certify::recording() {
        return None;
    }
    let e = qi(1) / alpha;
    let mut model = Model::new(Sense::Minimize);
    let vars: Vec<_> = (0..weights.len())
        .map(|l| model.add_var(format!("Q{l}")))
        .collect();
    let obj: Vec<_> = vars
        .iter()
        .enumerate()
        .map(|(l, v)| (*v, qi(l as i64)))
        .collect();
    model.set_objective(&obj);
    let ones: Vec<_> = vars.iter().map(|v| (*v, qi(1))).collect();
    model.add_named_row("mass", &ones, Cmp::Eq, mass.clone());
    let mut dual = vec![u.clone()];
    for l in 1..weights.len() {
        model.add_named_row(
            format!("chain_{l}"),
            &[
                (vars[l], &e / &weights[l]),
                (vars[l - 1], -(qi(1) / &weights[l - 1])),
            ],
            Cmp::Ge,
            qi(0),
        );
        dual.push(mus[l].clone());
    }
    let value: Rational = qs.iter().enumerate().map(|(l, v)| qi(l as i64) * v).sum();
    let cert = Certificate::Optimal {
        value,
        primal: qs.to_vec(),
        dual,
    };
    let id = format!("chain LP k={} alpha={alpha} mass={mass}", weights.len() - 1);
    record(
        id,
        "Wang-Ying-Zhang stage LP (Lemma 1, eq (39))",
        &model,
        &cert,
    )
}

/// The LP over a joint or conditional matrix `v[x][y]` (variables `v_x_y`) of Theorem 1:
/// minimise `Σ_{x,y} c(x) d(x, y) v_x_y` with one row `marg_x`: `Σ_y v_x_y = rhs(x)` per `x`
/// and `pair_a_b_y`: `v_a_y − e^ε v_b_y ≤ 0` for every ordered pair of neighbours and every `y`
/// (in this order). LP-DP (eq (10)) is `c = p_X`, `rhs = 1`; LP-I (eq (11), the joint `q`) is
/// `c = 1`, `rhs = p_X`.
fn matrix_lp(sp: &Space, e: &Rational, c: &[Rational], rhs: &[Rational]) -> Model {
    let mut model = Model::new(Sense::Minimize);
    let k = sp.size;
    let vars: Vec<_> = (0..k * k)
        .map(|i| model.add_var(format!("v_{}_{}", i / k, i % k)))
        .collect();
    let obj: Vec<_> = (0..k * k)
        .map(|i| (vars[i], &c[i / k] * qi(sp.d(i / k, i % k) as i64)))
        .collect();
    model.set_objective(&obj);
    for x in 0..k {
        let row: Vec<_> = (0..k).map(|y| (vars[x * k + y], qi(1))).collect();
        model.add_named_row(format!("marg_{x}"), &row, Cmp::Eq, rhs[x].clone());
    }
    for (a, b) in sp.ordered_pairs() {
        for y in 0..k {
            let terms = [(vars[a * k + y], qi(1)), (vars[b * k + y], -e.clone())];
            model.add_named_row(format!("pair_{a}_{b}_{y}"), &terms, Cmp::Le, qi(0));
        }
    }
    model
}

/// The `lp` record of LP-DP at `e^ε = 1/α` (eq (10)) with the dual point `u_x` on `marg_x` and
/// `−λ(a, b, y)` on `pair_a_b_y` (the multiplier of `e^ε W(y|b) − W(y|a) ≥ 0`, as
/// `lp_bounds::lpdp_lower_with` and `derived::lpdp_range_cert` state their duals). With
/// `primal` (a mechanism `W[x][y]` of value `Σ u`) an `optimal` answer; without, a `bound`:
/// `D_d*(ε) ≥ Σ_x u_x`.
pub fn lpdp(
    sp: &Space,
    alpha: &Rational,
    p: &[Rational],
    u: &[Rational],
    lambda: impl Fn(usize, usize, usize) -> Rational,
    primal: Option<&Rows>,
) -> Option<Value> {
    if !crate::certify::recording() {
        return None;
    }
    let e = qi(1) / alpha;
    let model = matrix_lp(sp, &e, p, &vec![qi(1); sp.size]);
    let mut dual = u.to_vec();
    for (a, b) in sp.ordered_pairs() {
        dual.extend((0..sp.size).map(|y| -lambda(a, b, y)));
    }
    let id = format!("LP-DP n={} m={} alpha={alpha}", sp.n, sp.m);
    let source = "Wang-Ying-Zhang LP-DP (eq (10))";
    match primal {
        None => bound_record(&id, source, &model, &dual).ok(),
        Some(w) => {
            let cert = Certificate::Optimal {
                value: u.iter().sum(),
                primal: w.iter().flatten().cloned().collect(),
                dual,
            };
            record(id, source, &model, &cert)
        }
    }
}

/// The `lp` record that LP-I (eq (11), over the joint `q(x, y)`) is infeasible at `e^ε = e`
/// below `r_X` (Lemma 3, `lp_bounds::farkas_lpi`): with `(a, b)` attaining `r_X`, Farkas
/// multipliers `+1` on `marg_a`, `−e` on `marg_b` and `−1` on `pair_a_b_y` for every `y`
/// (every column cancels; `b·y = p(a) − e p(b) > 0`).
pub fn lpi_infeasible(
    sp: &Space,
    p: &[Rational],
    e: &Rational,
    a: usize,
    b: usize,
) -> Option<Value> {
    if !crate::certify::recording() {
        return None;
    }
    let model = matrix_lp(sp, e, &vec![qi(1); sp.size], p);
    let mut farkas = vec![qi(0); sp.size];
    farkas[a] = qi(1);
    farkas[b] = -e.clone();
    for (x, w) in sp.ordered_pairs() {
        let v = if (x, w) == (a, b) { qi(-1) } else { qi(0) };
        farkas.extend(std::iter::repeat_n(v, sp.size));
    }
    let id = format!("LP-I n={} m={} e^eps={e}", sp.n, sp.m);
    let cert = Certificate::Infeasible { farkas };
    record(id, "Wang-Ying-Zhang LP-I (eq (11), Lemma 3)", &model, &cert)
}

/// Attach the `lp` records of the LPs a check `c` rests on (issue 44 item 6); while
/// certificates are recorded, a record that was not built drops every record of `c`, which
/// leaves it uncertified rather than half-certified.
pub fn attach(c: &mut crate::claim::Check, recs: impl IntoIterator<Item = Option<Value>>) {
    if !crate::certify::recording() {
        return;
    }
    match recs.into_iter().collect::<Option<Vec<Value>>>() {
        Some(recs) => c.records.extend(recs),
        None => c.records.clear(),
    }
}
