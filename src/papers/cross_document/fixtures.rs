//! Cross-document fixtures: the erasure family (XDOC-7), composition of randomized response
//! (XDOC-8), the noise fixtures of CY-1, CY-2 and ART-20 (XDOC-9) and CY-11's canonical pair as
//! ART-36's mixture (XDOC-10).

use super::shared::*;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "XDOC-7",
            grid: || vec![Param("delta", r(1, 4)), Param("delta", r(1, 100))],
            beyond: None,
            check: |p: &Param| check_x7(&p.1),
        }
        .boxed(),
        Family {
            id: "XDOC-8",
            grid: || t_small().into_iter().map(|t| Param("t", t)).collect(),
            beyond: None,
            check: |p: &Param| check_x8(&p.1),
        }
        .boxed(),
        Family {
            id: "XDOC-9",
            grid: || vec![Param("s", r(2, 1)), Param("s", r(5, 4))],
            beyond: None,
            check: |p: &Param| check_x9(&p.1),
        }
        .boxed(),
        Family {
            id: "XDOC-10",
            grid: x10_grid,
            beyond: None,
            check: |i: &TD| check_x10(&(i.0.clone(), i.1.clone())),
        }
        .boxed(),
    ]
}

/// XDOC-7: on the k-ary erasure family (δ fixed, k = 2..10): exact (ε,δ) parameters
/// (two-sided hockey-stick = δ at every t), `C_1 = δ ln k` exactly, below CY-17's
/// `2h(δ) + 2δ ln(k+1)` and CY-4's `2h(τ) + 2τ ln(k+1)` (finite-alphabet bounds, growing with
/// k), and increasing without bound in k (CY-3d; ART-35's "unbounded rate with probability
/// δ" read as: with probability δ the output reveals the row, whose alphabet can grow).
fn check_x7(delta: &Rational) -> Check {
    let mut s = DScan::new();
    let mut prev: Option<LogLinear> = None;
    for k in 2..=10usize {
        let w = erasure(k, &(r(1, 1) - delta)).expect("δ ∈ [0, 1]");
        // Each comparison with its record (issue 44 item 6).
        let mut st = Decider::new();
        let exact_dp = t_set().iter().all(|t| {
            st.rat(
                &hockey_stick_two_sided(&w.rows()[0], &w.rows()[1], t),
                "=",
                delta,
            )
        });
        let c = LogLinear::term(delta, &Rational::from(k as u64));
        let br = capacity_bracket_exact(&w);
        let exact_c = st.log(&br.lower, "=", &c) && st.log(&br.upper, "=", &c);
        let cy17 = mi_dp_bound_from_tv(delta, k + 1);
        let t = r(2, 1);
        let cy4 = mi_dp_bound_from_tv(&tv_bound_of_close_pair(&t, delta), k + 1);
        let grows = prev.as_ref().is_none_or(|p| st.log(&c, ">", p));
        let below17 = st.log(&c, "<=", &cy17);
        let below4 = st.log(&c, "<=", &cy4);
        s.push_recorded(
            Decision::from_bool(exact_dp && exact_c && grows && below17 && below4),
            st.records(),
            LogLinear::approx_f64(&c) - LogLinear::approx_f64(&cy17),
            || Value::log_linear(&c),
            || Value::log_linear(&cy17),
            || format!("k={k} W={}", fmt_rows(w.rows())),
        );
        prev = Some(c);
    }
    s.finish(
        "erasure: C_1 = delta ln k (exact) <= CY-17 and CY-4 bounds, increasing in k",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

/// XDOC-8: composition on k independent RR copies of one bit (k = 1..4): CY-5's level t^k is
/// exact; CY-6's subadditivity `I(X;Y_1..Y_k) ≤ Σ I(X;Y_j)` holds at every grid prior; ART-30
/// at α = ∞ (level stays ∞, ε adds up) gives the same t^k; ART-29 at α = ∞ (group privacy):
/// for per-row RR on n = 3 rows the largest ratio between databases at Hamming distance d is
/// exactly t^d. The level t^k is also taken from the exact PLD composition
/// ([`crate::accounting::query::level`]): equal to the enumerated level at k = 1..4, and checked
/// alone at k = 50 and 1000.
fn check_x8(t: &Rational) -> Check {
    let one = crate::prob::Channel::new(product_randomized_response(1, 2, t).rows)
        .expect("RR rows are distributions");
    let accounted = |k: u64| crate::accounting::query::level(&[(&one, k)], &[(0, 1)]);
    let mut ok = true;
    let mut notes = Vec::new();
    let mut joint = one.clone();
    // Each comparison with its record (issue 44 item 6); an infinite or failed level has none.
    let mut st = Decider::new();
    let rat_eq = |st: &mut Decider, got: Option<&ExtRational>, want: &Rational| match got {
        Some(ExtRational::Finite(x)) => st.rat(x, "=", want),
        _ => st.unrecorded(false),
    };
    for k in 1..=4u32 {
        if k > 1 {
            joint = joint.parallel(&one).expect("same inputs");
        }
        let mut lvl = r(1, 1);
        for a in joint.rows() {
            for b in joint.rows() {
                if let ExtRational::Finite(q) = max_ratio(a, b) {
                    if q > lvl {
                        lvl = q;
                    }
                }
            }
        }
        use malachite::base::num::arithmetic::traits::Pow;
        let want = t.pow(k as u64);
        ok &= st.rat(&lvl, "=", &want);
        ok &= rat_eq(&mut st, accounted(k as u64).as_ref().ok(), &lvl);
        for prior in simplex(2, 4) {
            let prior = Dist::new(prior).expect("simplex point");
            let total = mutual_information(&prior, &joint);
            let single = mutual_information(&prior, &one).scale(&Rational::from(k));
            ok &= st.log(&total, "<=", &single);
        }
        notes.push(format!("k={k}: level {lvl}"));
    }
    for k in [50u64, 1000] {
        use malachite::base::num::arithmetic::traits::Pow;
        let lvl = accounted(k);
        ok &= rat_eq(&mut st, lvl.as_ref().ok(), &t.pow(k));
        notes.push(format!(
            "k={k} (exact PLD composition): level {}",
            match lvl {
                Ok(l) if l == ExtRational::Finite(t.pow(k)) => "t^k".to_string(),
                Ok(l) => crate::num::fmt::abbreviate(&l.to_string()),
                Err(e) => e.to_string(),
            }
        ));
    }
    let rr3 = product_randomized_response(3, 2, t);
    for d in 1..=3usize {
        let lvl = level_over(&rr3, |a, b| {
            a.iter().zip(b).filter(|(x, y)| x != y).count() == d
        });
        use malachite::base::num::arithmetic::traits::Pow;
        ok &= rat_eq(&mut st, Some(&lvl), &t.pow(d as u64));
        notes.push(format!("group distance {d}: {lvl}"));
    }
    let mut c = Check::new(
        "k RR copies: level t^k (CY-5 = ART-30 at alpha=inf), MI subadditive (CY-6), group privacy t^d (ART-29 at alpha=inf)",
        Value::text(notes.join("; "), ""),
        Value::text("t^k, t^d", ""),
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
        Outcome::from_holds(ok),
    );
    c.records = st.records().unwrap_or_default();
    c
}

/// XDOC-9: the noise fixtures of CY-1, CY-2 and ART-20: the clamped geometric mechanism has
/// exact level t (finite), the truncated discrete Gaussian's exact level grows with the
/// window, and the Gaussian privacy loss is a non-constant polynomial (unbounded) — CY-2 and
/// ART-20 agree that Gaussian noise is not ε-DP.
fn check_x9(s: &Rational) -> Check {
    let w = truncated_geometric(7, s).expect("s ≥ 1").rows().to_vec();
    let mut lvl = r(1, 1);
    for f in 0..6 {
        if let ExtRational::Finite(q) = max_ratio_two_sided(&w[f], &w[f + 1]) {
            if q > lvl {
                lvl = q;
            }
        }
    }
    // Each comparison with its record (issue 44 item 6).
    let mut st = Decider::new();
    let geo_ok = st.rat(&lvl, "=", s);
    use malachite::base::num::arithmetic::traits::Pow;
    let q = r(9, 10);
    let mut levels = Vec::new();
    for k in 1..=5i64 {
        let row = |f: i64| {
            let v: Vec<Rational> = (-k..=k)
                .map(|y| (&q).pow(((y - f) * (y - f)) as u64))
                .collect();
            let z: Rational = v.iter().cloned().sum();
            v.into_iter().map(|x| x / &z).collect::<Vec<_>>()
        };
        match max_ratio_two_sided(&row(0), &row(1)) {
            ExtRational::Finite(x) => levels.push(x),
            ExtRational::Infinite => levels.push(r(0, 1)),
        }
    }
    let grows = levels.windows(2).all(|p| st.rat(&p[1], ">", &p[0]));
    let loss = Poly::new(vec![r(-1, 2), r(1, 1)]);
    // Unbounded: degree 1, its coefficient of y non-zero (an exact comparison).
    let unbounded = st.rat(&loss.coeff(1), "!=", &r(0, 1)) && loss.degree() == Some(1);
    let mut c = Check::new(
        "clamped geometric level = t (CY-1); truncated Gaussian level increasing in K and Gaussian loss unbounded (CY-2, ART-20)",
        Value::rational(&lvl),
        Value::rational(s),
        Method::Exact,
        Outcome::from_holds(geo_ok && grows && unbounded),
    )
    .with_note(format!(
        "truncated discrete Gaussian q=9/10 levels K=1..5: {}",
        levels
            .iter()
            .map(|l| crate::num::fmt::decimal(l, 6))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    c.records = st.records().unwrap_or_default();
    c
}

/// XDOC-10: CY-11's canonical pair is the mixture `(1−δ)·g + δ·h` of ART-36, with g the
/// randomized-response pair (ε-DP) padded to four outputs and h the revealing pair
/// (e_0 vs e_3); ART-36's conclusion ((ε,δ)-closeness) holds with equality.
fn check_x10(inst: &(Rational, Rational)) -> Check {
    let (t, delta) = inst;
    let one = r(1, 1);
    let (p, q) = tight_conversion_pair(t, delta);
    let z = t + &one;
    let g0 = vec![r(0, 1), t / &z, &one / &z, r(0, 1)];
    let g1 = vec![r(0, 1), &one / &z, t / &z, r(0, 1)];
    let h0 = vec![one.clone(), r(0, 1), r(0, 1), r(0, 1)];
    let h1 = vec![r(0, 1), r(0, 1), r(0, 1), one.clone()];
    let mix = |g: &[Rational], h: &[Rational]| -> Vec<Rational> {
        g.iter()
            .zip(h)
            .map(|(a, b)| (&one - delta) * a + delta * b)
            .collect()
    };
    let mut st = Decider::new();
    let mut is_mixture = true;
    for (m, want) in mix(&g0, &h0)
        .iter()
        .zip(&p)
        .chain(mix(&g1, &h1).iter().zip(&q))
    {
        is_mixture &= st.rat(m, "=", want);
    }
    let g_dp = match max_ratio_two_sided(&g0, &g1) {
        ExtRational::Finite(x) => st.rat(&x, "<=", t),
        ExtRational::Infinite => st.unrecorded(false),
    };
    let close = st.rat(&hockey_stick_divergence(&p, &q, t), "=", delta)
        && st.rat(&hockey_stick_divergence(&q, &p, t), "=", delta);
    let mut c = Check::new(
        "P* = (1-delta) g0 + delta e_0, Q* = (1-delta) g1 + delta e_3 with g eps-DP; delta_{P*,Q*}(t) = delta",
        Value::text(fmt_pair(&p, &q), ""),
        Value::text(format!("g = {} / {}", fmt_vec(&g0), fmt_vec(&g1)), ""),
        Method::Exact,
        Outcome::from_holds(is_mixture && g_dp && close),
    )
    .with_note(format!(
        "mixture: {is_mixture}; g eps-DP: {g_dp}; (eps,delta)-close with equality: {close}"
    ));
    c.records = st.records().unwrap_or_default();
    c
}

/// Instance wrapper for XDOC-10 (t, δ).
#[derive(Clone, Debug)]
pub struct TD(pub Rational, pub Rational);

impl fmt::Display for TD {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t={} delta={}", self.0, self.1)
    }
}

/// XDOC-10's instances: every small t with δ ∈ {1/100, 1/10, 1/2}.
fn x10_grid() -> Vec<TD> {
    let mut v = Vec::new();
    for t in t_small() {
        for d in [r(1, 100), r(1, 10), r(1, 2)] {
            v.push(TD(t.clone(), d));
        }
    }
    v
}

/// Instance wrapper for a single rational parameter.
#[derive(Clone, Debug)]
pub struct Param(pub &'static str, pub Rational);

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_pair_is_a_mixture() {
        assert_eq!(check_x10(&(r(2, 1), r(1, 10))).outcome, Outcome::Holds);
    }
}
