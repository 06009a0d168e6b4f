//! Cross-document notions on the same instances: per-row DP, MI-DP and the article's ART-D7 at
//! α = ∞ (XDOC-3), the ART-15 and VAD-P1 chains (XDOC-4), the ess-sup, set and point forms of
//! the max divergence (XDOC-5) and the order of the Rényi entropies (XDOC-6).

use super::shared::*;
use crate::measure::max_ratio_over_events;
use crate::measure::renyi_entropy_power_sum;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "XDOC-3",
            grid: x3_grid,
            beyond: None,
            check: check_x3,
        }
        .boxed(),
        Family {
            id: "XDOC-4",
            grid: default_mechanism_families,
            beyond: Some(crate::claim::mechanism_grid::mechanism_families_beyond),
            check: check_x4,
        }
        .boxed(),
        Family {
            id: "XDOC-5",
            grid: x5_grid,
            beyond: None,
            check: check_x5,
        }
        .boxed(),
        Family {
            id: "XDOC-6",
            grid: x6_grid,
            beyond: None,
            check: check_x6,
        }
        .boxed(),
    ]
}

/// XDOC-3: per mechanism on two (or three) binary rows, the levels under each notion:
/// per-row DP (exact), CY-D3 MI-DP (= max row-channel capacity, bracketed; CY-18: the same
/// for product priors), and the article's ART-D7 at α = ∞ with arbitrary joint P_D
/// (reading: `sup_{P_D} I_∞(X_1;Y) = ln max W(y|a,u)/W(y|b,v)` over databases with a ≠ b,
/// approached by priors putting vanishing mass on X_1 = a; a supremum, not attained).
/// Consistency checked for the protected row i = 1 (ε = its per-row DP level):
/// MI-DP level ≤ ε tanh(ε/2) ≤ ε ≤ ε_ART∞ (exact/log-linear).
fn check_x3(fam: &MechanismFamily) -> Check {
    let mut s = DScan::new();
    let mut report = Vec::new();
    for mech in fam.build() {
        // Everything for the protected row i = 1.
        let ExtRational::Finite(level) = level_over(&mech, |a, b| a[0] != b[0] && a[1..] == b[1..])
        else {
            continue;
        };
        let art = level_over(&mech, |a, b| a[0] != b[0]);
        let mut mi_upper = LogLinear::zero();
        for (label, w) in mech.row_channels() {
            if !label.starts_with("i=1") {
                continue;
            }
            let br = capacity_bracket_exact(&w);
            if br.upper > mi_upper {
                mi_upper = br.upper;
            }
        }
        let one = r(1, 1);
        let tanh = LogLinear::term(&((&level - &one) / (&level + &one)), &level);
        // ε ≤ ε_ART∞ through the logarithms of the levels (`+∞` for an infinite one), with
        // its `log_linear` record (issue 44 item 6).
        let mut st = Decider::new();
        let art_ln = match &art {
            ExtRational::Finite(a) => Some(LogLinear::ln(a)),
            ExtRational::Infinite => None,
        };
        let art_ok = st.ext(&Some(LogLinear::ln(&level)), "<=", &art_ln);
        let d = Decision::from_bool(st.log(&mi_upper, "<=", &tanh) && art_ok);
        if report.len() < 4 {
            report.push(format!(
                "{}: row-1 DP e^eps={level}, MI-DP <= {}, ART-D7(inf) e^eps={art}",
                mech.name,
                mi_upper.to_decimal_string(6)
            ));
        }
        s.push_recorded(
            d,
            st.records(),
            LogLinear::approx_f64(&mi_upper) - LogLinear::approx_f64(&tanh),
            || Value::log_linear(&mi_upper),
            || Value::log_linear(&tanh),
            || format!("{mech}: ART-D7 at alpha=inf level {art}"),
        );
    }
    let mut c = s.finish(
        "MI-DP level (max row capacity)  <=  eps tanh(eps/2) <= eps <= ART-D7 level at alpha=inf",
        Method::LogLinear,
    );
    c.note = format!("{}; {}", c.note, report.join("; "));
    c
}

fn x3_grid() -> Vec<MechanismFamily> {
    default_mechanism_families()
        .into_iter()
        .filter(|f| match f {
            MechanismFamily::Rr { m, .. } => *m == 2,
            MechanismFamily::Sym { .. } => true,
            MechanismFamily::Rand { n, m, .. } => *n >= 2 && *m == 2,
        })
        .collect()
}

/// XDOC-4: ART-15 (`D_∞(P_{X|y}‖P_X) ≤ I_∞(X;Y) ≤ C_∞ = ε`, with C_∞ read as the naive
/// `sup_P I_∞ = ln L` and "= ε" read as "≤ ε") and VAD-P1 (both directions ≤ ε) on the same
/// ε-DP row channels and priors: every link of both chains holds (exact).
fn check_x4(fam: &MechanismFamily) -> Check {
    let mut s = Scan::le();
    for mech in fam.build() {
        let ExtRational::Finite(level) = mech.level() else {
            continue;
        };
        for (label, w) in mech.row_slices() {
            for prior in simplex(mech.m, 6) {
                let py: Vec<Rational> = (0..mech.outputs())
                    .map(|y| prior.iter().zip(&w).map(|(p, row)| p * &row[y]).sum())
                    .collect();
                // I_∞(X;Y) = ln max over (x, y) with P(x) > 0, P(y) > 0 of W(y|x)/P(y).
                let mut i_inf = r(0, 1);
                for (y, pyv) in py.iter().enumerate() {
                    if *pyv == 0u32 {
                        continue;
                    }
                    let post_over_prior: Vec<Rational> = prior
                        .iter()
                        .zip(&w)
                        .filter(|(p, _)| **p > 0u32)
                        .map(|(_, row)| &row[y] / pyv)
                        .collect();
                    let prior_over_post: Option<Rational> = prior
                        .iter()
                        .zip(&w)
                        .filter(|(p, _)| **p > 0u32)
                        .map(|(_, row)| {
                            if row[y] == 0u32 {
                                None
                            } else {
                                Some(pyv / &row[y])
                            }
                        })
                        .try_fold(r(0, 1), |acc, v| v.map(|v| if v > acc { v } else { acc }));
                    let d_post = post_over_prior.iter().max().cloned().unwrap_or_default();
                    if d_post > i_inf {
                        i_inf = d_post.clone();
                    }
                    let label2 = || format!("{mech} {label} prior={} y={y}", fmt_vec(&prior));
                    s.push(d_post, level.clone(), label2);
                    match prior_over_post {
                        Some(v) => s.push(v, level.clone(), label2),
                        None => s.push(&level + r(1, 1), level.clone(), label2),
                    }
                }
                s.push(i_inf, level.clone(), || {
                    format!("{mech} {label} prior={}: I_inf vs C_inf", fmt_vec(&prior))
                });
            }
        }
    }
    let mut c = s.finish(
        "exp of D_inf(post||prior), D_inf(prior||post) (VAD-P1), I_inf (ART-15)  vs  e^eps = L",
        Method::Exact,
    );
    if c.outcome == Outcome::OutOfRange {
        let mechs = fam.build();
        c.records = crate::claim::mechanism_grid::infinite_level_record(&mechs)
            .into_iter()
            .collect();
    }
    // the cell repeats the same `ratio <= L` many times over priors and outputs
    c.without_repeated_records()
}

/// XDOC-5: the article's `ln ess sup_P dP/dQ` (P-almost everywhere: points with P = 0
/// ignored, `x/0 = ∞`), Vadhan's maximum over events T (events with `A(T) = 0` ignored) and
/// over points agree on every pair, including zeros and different supports. The alternative
/// Q-a.e. reading of the ess sup (points with Q = 0 ignored) is counted and reported.
fn check_x5(cell: &PairCell) -> Check {
    let mut s = Scan::le();
    let mut differs_q = 0usize;
    for (p, q) in simplex_pairs(cell) {
        let ess_p = max_ratio(&p, &q);
        let by_sets = max_ratio_over_events(&p, &q);
        // Q-a.e. reading: ignore points with Q = 0.
        let q_ae = p
            .iter()
            .zip(&q)
            .filter(|(_, b)| **b > 0u32)
            .map(|(a, b)| a / b)
            .max()
            .map(ExtRational::Finite)
            .unwrap_or(ExtRational::Finite(r(0, 1)));
        if q_ae != ess_p {
            differs_q += 1;
        }
        let same = ess_p == by_sets;
        s.push(r(if same { 0 } else { 1 }, 1), r(0, 1), || {
            format!("{}: ess sup {ess_p}, sets {by_sets}", fmt_pair(&p, &q))
        });
    }
    let mut c = s.finish(
        "ART ess sup_P form = VAD set form = VAD point form (0 = agree)",
        Method::Combined(vec![Method::Enumeration, Method::Exact]),
    );
    c.note = format!(
        "{}; the Q-a.e. reading of the ess sup would differ on {differs_q} pairs (those with P > 0 = Q somewhere)",
        c.note
    );
    c
}

fn x5_grid() -> Vec<PairCell> {
    [(2, 6), (3, 4), (4, 3)]
        .into_iter()
        .map(|(k, n)| PairCell { k, n, t: r(1, 1) })
        .collect()
}

/// XDOC-6: with `H_α(P) = ln S_α/(1−α)`, `H_∞ = −ln max P` (Vadhan's "min-entropy"; the
/// article's "max-entropy" at α = ∞) and `H_0 = ln |supp P|`:
/// `H_∞ ≤ H_3 ≤ H_2 ≤ H ≤ H_0`, decided exactly (integer orders rational after
/// exponentiating, Shannon by log-linear forms).
fn check_x6(cell: &PairCell) -> Check {
    let mut s = DScan::new();
    for p in simplex(cell.k, cell.n) {
        let mx = p.iter().max().expect("nonempty").clone();
        let s2 = renyi_entropy_power_sum(&p, 2);
        let s3 = renyi_entropy_power_sum(&p, 3);
        let supp = p.iter().filter(|x| **x > 0u32).count() as u64;
        // H_∞ ≤ H_3 ⇔ S_3 ≤ max^2; H_3 ≤ H_2 ⇔ S_3 ≥ S_2^2.
        // Each comparison with its record (issue 44 item 6).
        let mut st = Decider::new();
        let a = st.rat(&s3, "<=", &(&mx * &mx));
        let b = st.rat(&s3, ">=", &(&s2 * &s2));
        let h2 = -LogLinear::ln(&s2);
        let h = entropy(&p);
        let h0 = LogLinear::ln(&Rational::from(supp));
        let c = st.log(&h2, "<=", &h);
        let d = st.log(&h, "<=", &h0);
        s.push_recorded(
            Decision::from_bool(a && b && c && d),
            st.records(),
            LogLinear::approx_f64(&h2) - LogLinear::approx_f64(&h),
            || Value::log_linear(&h),
            || Value::log_linear(&h0),
            || format!("P={}", fmt_vec(&p)),
        );
    }
    s.finish(
        "H_inf <= H_3 <= H_2 <= H <= H_0 (values shown: H and H_0 at the closest case)",
        Method::Combined(vec![Method::Exact, Method::LogLinear]),
    )
}

fn x6_grid() -> Vec<PairCell> {
    [(2, 12), (3, 8), (4, 6), (5, 4)]
        .into_iter()
        .map(|(k, n)| PairCell { k, n, t: r(1, 1) })
        .collect()
}
