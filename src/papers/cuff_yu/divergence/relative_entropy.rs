//! Cuff–Yu slides "Simple Claim", "Tightest Claim" and "Pinsker": KL divergence of (ε,0)-close
//! pairs (CY-12: ≤ ε; CY-13: ≤ ε tanh(ε/2), attained by randomized response) and Pinsker's
//! inequality (CY-14).

use super::shared::*;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-12",
            grid: kl12_grid,
            beyond: Some(kl_beyond),
            check: check_12_inst,
        }
        .boxed(),
        Family {
            id: "CY-13",
            grid: kl_grid,
            beyond: Some(kl_beyond),
            check: check_13,
        }
        .boxed(),
        Family {
            id: "CY-14",
            grid: default_pair_cells,
            beyond: Some(pair_cells_beyond),
            check: check_14,
        }
        .boxed(),
    ]
}

/// The CY-13 factor `(t−1)(1−1/t)/((t−1)+(1−1/t))`, computed as printed.
pub fn cy13_factor(t: &Rational) -> Rational {
    let one = r(1, 1);
    let a = t - &one;
    let b = &one - &one / t;
    (&a * &b) / (&a + &b)
}

/// Instances of CY-12 / CY-13: the symbolic simplification, a grid cell, or the RR pair.
#[derive(Clone, Debug)]
pub enum KlInst {
    Simplify,
    Cell(PairCell),
    Attain(Rational),
}

impl fmt::Display for KlInst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KlInst::Simplify => f.write_str("factor simplification as rational functions of t"),
            KlInst::Cell(c) => write!(f, "{c}"),
            KlInst::Attain(t) => write!(f, "randomized-response pair t={t}"),
        }
    }
}

fn kl_grid() -> Vec<KlInst> {
    let mut v = vec![KlInst::Simplify];
    v.extend(default_pair_cells().into_iter().map(KlInst::Cell));
    v.extend(t_set().into_iter().map(KlInst::Attain));
    v
}

fn kl_beyond(s: usize) -> Vec<KlInst> {
    pair_cells_beyond(s).into_iter().map(KlInst::Cell).collect()
}

/// Both KL directions of every (ε,0)-close pair of the cell (two-sided ratio `t_P ≤ t`)
/// against the bound `c(t_P)·ln t_P` at the pair's *own* level `ε_P = ln t_P`, the smallest ε
/// at which the pair is (ε,0)-close: the statement's strongest instance for that pair (the
/// bound `c(t) ln t` is increasing in t, so the cell's t is implied).
fn kl_cell(cell: &PairCell, coef: fn(&Rational) -> Rational, label: &str) -> Check {
    let t = &cell.t;
    let mut s = DScan::new();
    for (p, q) in simplex_pairs(cell) {
        let crate::measure::ExtRational::Finite(own) = max_ratio_two_sided(&p, &q) else {
            continue;
        };
        // t_P = 1 means P = Q: D = 0 = the bound (the printed factor is 0/0 there); skipped so
        // the closest comparison reported is a pair with something to compare.
        if own > *t || own == 1u32 {
            continue;
        }
        let bound = LogLinear::term(&coef(&own), &own);
        for (a, b, dir) in [(&p, &q, "D(P||Q)"), (&q, &p, "D(Q||P)")] {
            let d = kl(a, b).expect("(eps,0)-close pairs have equal supports");
            s.push_log_le(&d, &bound, || {
                format!("{} {dir} at its own ratio t_P = {own}", fmt_pair(&p, &q))
            });
        }
    }
    let mut c = s.finish(
        format!("D(P||Q), D(Q||P) over (eps,0)-close pairs P != Q  <=  {label}, with t = the pair's own max ratio t_P"),
        Method::LogLinear,
    );
    // No close pair P != Q in the cell: the checker re-enumerates Δ_k^N to see it (issue 44).
    if c.outcome == Outcome::OutOfRange && crate::certify::recording() {
        c.records.push(
            serde_json::json!({"kind": "out_of_range", "hypothesis": "close_pair",
            "k": cell.k, "n": cell.n, "t": t.to_string()}),
        );
    }
    c
}

/// CY-12 ("Simple Claim"): `P ≈(ε,0) Q ⇒ D(P‖Q), D(Q‖P) ≤ ε` nats.
fn check_12(cell: &PairCell) -> Check {
    kl_cell(cell, |_| r(1, 1), "eps = ln t")
}

/// CY-13 ("Tightest Claim"): `P ≈(ε,0) Q ⇒ D ≤ ε·(e^ε−1)(1−e^{−ε})/((e^ε−1)+(1−e^{−ε}))`.
/// The factor is first simplified exactly to `(t−1)/(t+1) = tanh(ε/2)` (a polynomial identity
/// after clearing denominators); validity is LL-exact on grid pairs; tightness: the RR pair
/// `(t/(1+t), 1/(1+t))`, `(1/(1+t), t/(1+t))` attains the bound with equality.
fn check_13(inst: &KlInst) -> Check {
    match inst {
        KlInst::Simplify => {
            // Multiply numerator and denominator of the printed factor by t:
            // N(t) = (t−1)(t−1), D(t) = (t−1)t + (t−1); claim N/D = (t−1)/(t+1),
            // i.e. N(t)(t+1) − D(t)(t−1) ≡ 0.
            let tm1 = Poly::from_ints(&[-1, 1]);
            let tp1 = Poly::from_ints(&[1, 1]);
            let t = Poly::x();
            let num = &tm1 * &tm1;
            let den = &(&tm1 * &t) + &tm1;
            let diff = &(&num * &tp1) - &(&den * &tm1);
            let c = Check::new(
                "(t-1)(1-1/t)/((t-1)+(1-1/t)) = (t-1)/(t+1): N(t)(t+1) - D(t)(t-1) is the zero polynomial",
                Value::text(diff.to_string_var("t"), ""),
                Value::text("0", "0"),
                Method::Polynomial,
                if diff.is_zero() {
                    Outcome::Holds
                } else {
                    Outcome::Fails
                },
            )
            .with_note(format!(
                "N(t) = {}, D(t) = {}; the bound is eps tanh(eps/2)",
                num.to_string_var("t"),
                den.to_string_var("t")
            ));
            // t > 1 (eps > 0): at t = 1 the printed factor is 0/0.
            crate::lang::with_sturm(
                c,
                "forall t > 1: (t - 1)*(1 - 1/t)/((t - 1) + (1 - 1/t)) = (t - 1)/(t + 1)",
            )
        }
        KlInst::Cell(cell) => kl_cell(cell, cy13_factor, "(t-1)(1-1/t)/((t-1)+(1-1/t)) ln t"),
        KlInst::Attain(t) => {
            let one = r(1, 1);
            let z = t + &one;
            let p = vec![t / &z, &one / &z];
            let q = vec![&one / &z, t / &z];
            let d = kl(&p, &q).expect("full support");
            let bound = LogLinear::term(&cy13_factor(t), t);
            let mut c = Check::new(
                "D(RR_t(0) || RR_t(1))  =  factor(t) ln t",
                Value::log_linear(&d),
                Value::log_linear(&bound),
                Method::LogLinear,
                if d == bound {
                    Outcome::Holds
                } else {
                    Outcome::Fails
                },
            )
            .with_note(format!("witness {}", fmt_pair(&p, &q)));
            if crate::certify::recording() {
                c.records
                    .extend(crate::certify::log_linear(&d, "=", &bound, d == bound));
            }
            c
        }
    }
}

/// CY-12 instances: the grid cells (no simplification or attainment needed).
fn check_12_inst(inst: &KlInst) -> Check {
    match inst {
        KlInst::Cell(c) => check_12(c),
        _ => Check::new(
            "not part of CY-12",
            Value::text("-", ""),
            Value::text("-", ""),
            Method::Exact,
            Outcome::Holds,
        ),
    }
}

fn kl12_grid() -> Vec<KlInst> {
    default_pair_cells().into_iter().map(KlInst::Cell).collect()
}

/// CY-14 (Pinsker): `TV ≤ √(D/2)` for every pair with finite D, as `2·TV² ≤ D(P‖Q)`
/// (TV half-L1, D in nats): a log-linear form against a rational, decided exactly.
fn check_14(cell: &PairCell) -> Check {
    let mut s = DScan::new();
    for (p, q) in simplex_pairs(cell) {
        let Some(d) = kl(&p, &q) else { continue };
        let d_tv = tv(&p, &q);
        let lhs = r(2, 1) * &d_tv * &d_tv;
        // By certified enclosures, with the `enclosure` record (issue 44 item 6).
        let mut st = Decider::new();
        let ok = st.log_vs_rat(&d, ">=", &lhs);
        s.push_recorded(
            Decision::from_bool(ok),
            st.records(),
            crate::num::fmt::to_f64(&lhs) - LogLinear::approx_f64(&d),
            || Value::rational(&lhs),
            || Value::log_linear(&d),
            || fmt_pair(&p, &q),
        );
    }
    s.finish("2 TV(P,Q)^2  <=  D(P||Q)", Method::LogLinear)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CY-13 is checked at each pair's own ratio: a bound 1% too strong is refuted by the RR
    /// pair (2/3, 1/3), (1/3, 2/3) (t_P = 2) in a cell whose t = 4 would have hidden it, and the
    /// printed bound holds there.
    #[test]
    fn kl_bound_is_checked_at_the_pairs_own_ratio() {
        let cell = PairCell {
            k: 2,
            n: 6,
            t: r(4, 1),
        };
        let too_strong = kl_cell(&cell, |t| cy13_factor(t) * r(99, 100), "x");
        assert_eq!(too_strong.outcome, Outcome::Fails);
        assert_eq!(kl_cell(&cell, cy13_factor, "x").outcome, Outcome::Holds);
    }

    #[test]
    fn factor_simplifies_to_tanh() {
        for t in t_set() {
            assert_eq!(cy13_factor(&t), (&t - r(1, 1)) / (&t + r(1, 1)));
        }
        assert_eq!(check_13(&KlInst::Simplify).outcome, Outcome::Holds);
    }

    #[test]
    fn a_too_small_kl_bound_is_caught() {
        // With the factor (t−1)/(2(t+1)) the RR pair violates the bound.
        let cell = PairCell {
            k: 2,
            n: 6,
            t: r(2, 1),
        };
        let c = kl_cell(&cell, |_| r(1, 6), "half the tight bound");
        assert_eq!(c.outcome, Outcome::Fails);
    }
}
