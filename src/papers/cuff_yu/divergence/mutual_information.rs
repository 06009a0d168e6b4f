//! Cuff–Yu slides "Relative entropy to Mutual Information" and "Mutual Information to Total
//! Variation": I ≤ max pairwise D (CY-15), the radius-of-information-ball hint C_1 ≤ min max D
//! (CY-15b), and max I ≤ ε ⇒ TV ≤ 1 − 2h^{-1}(ln 2 − ε) ≤ √(2ε) (CY-16).

use super::shared::*;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-15",
            grid: cy15_grid,
            beyond: Some(cy15_beyond),
            check: check_15,
        }
        .boxed(),
        Family {
            id: "CY-15b",
            grid: cy15b_grid,
            beyond: Some(cy15b_beyond),
            check: check_15b,
        }
        .boxed(),
        Family {
            id: "CY-16",
            grid: cy16_grid,
            beyond: Some(cy16_beyond),
            check: check_16,
        }
        .boxed(),
    ]
}

/// CY-15's channels: all 2×3 and 3×2 channels with rows in Δ^4, and 20 random 3×3 ones.
fn cy15_grid() -> Vec<ChanCell> {
    vec![
        ChanCell::Grid {
            rows: 2,
            k: 3,
            n: 4,
        },
        ChanCell::Grid {
            rows: 3,
            k: 2,
            n: 4,
        },
        ChanCell::Random {
            rows: 3,
            k: 3,
            n: 8,
            count: 20,
            seed: 15,
        },
    ]
}

/// `dpcert search` beyond [`cy15_grid`]: 50 random 3×4 channels with rows in Δ^{8+s}.
fn cy15_beyond(s: usize) -> Vec<ChanCell> {
    vec![ChanCell::Random {
        rows: 3,
        k: 4,
        n: 8 + s as u32,
        count: 50,
        seed: 1500 + s as u64,
    }]
}

/// CY-15: if `D(W_{x1}‖W_{x2}) ≤ ε` for all x1, x2 then `I(X;Y) ≤ ε` for every P_X, with
/// ε := the largest pairwise D. Also reported: the intermediate
/// `Σ P(x)P(x') D(W_x‖W_x')`, which is ≥ I (convexity) and ≤ ε.
fn check_15(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    let mut convex_ok = true;
    for w in cell.build() {
        let mut eps: Option<LogLinear> = Some(LogLinear::zero());
        for a in &w {
            for b in &w {
                eps = match (eps, kl(a, b)) {
                    (Some(e), Some(d)) => Some(if d > e { d } else { e }),
                    _ => None,
                };
            }
        }
        // Infinite ε: the hypothesis holds for no finite ε.
        let Some(eps) = eps else { continue };
        let chan = channel(&w);
        for prior in simplex(w.len(), 4) {
            let i = mutual_information(&Dist::new(prior.clone()).expect("simplex point"), &chan);
            let mut avg = LogLinear::zero();
            for (pa, a) in prior.iter().zip(&w) {
                for (pb, b) in prior.iter().zip(&w) {
                    let d = kl(a, b).expect("finite");
                    avg = &avg + &d.scale(&(pa * pb));
                }
            }
            if LogLinear::decide_le(&i, &avg) != Decision::True
                || LogLinear::decide_le(&avg, &eps) != Decision::True
            {
                convex_ok = false;
            }
            s.push_log_le(&i, &eps, || {
                format!(
                    "W={} prior={}",
                    fmt_rows(&w),
                    crate::claim::instances::fmt_vec(&prior)
                )
            });
        }
    }
    let mut c = s.finish(
        "I(P_X; W)  <=  eps = max_{x1,x2} D(W_x1 || W_x2)",
        Method::LogLinear,
    );
    c.note = format!(
        "{}; intermediate I <= sum P(x)P(x') D(W_x||W_x') <= eps on every instance: {convex_ok}",
        c.note
    );
    if !convex_ok && c.outcome == Outcome::Holds {
        c.note = format!("{} (the intermediate chain is not a claim)", c.note);
    }
    c
}

/// CY-15b's channels: all 2×3 (rows in Δ^4) and 3×2 (rows in Δ^3) channels, and 20 random 3×3 ones.
fn cy15b_grid() -> Vec<ChanCell> {
    vec![
        ChanCell::Grid {
            rows: 2,
            k: 3,
            n: 4,
        },
        ChanCell::Grid {
            rows: 3,
            k: 2,
            n: 3,
        },
        ChanCell::Random {
            rows: 3,
            k: 3,
            n: 8,
            count: 20,
            seed: 151,
        },
    ]
}

/// `dpcert search` beyond [`cy15b_grid`]: 50 random 3×4 channels with rows in Δ^{8+s}.
fn cy15b_beyond(s: usize) -> Vec<ChanCell> {
    vec![ChanCell::Random {
        rows: 3,
        k: 4,
        n: 8 + s as u32,
        count: 50,
        seed: 1510 + s as u64,
    }]
}

/// CY-15b (the hint "radius of information ball"): `C_1(W) ≤ min_{x2} max_{x1} D(W_x1‖W_x2)`.
/// Decided with the CB bracket: holds when the certified upper bound `max_x D(W_x‖πW)` is at
/// most the right side, fails when the certified lower bound `I(π;W)` exceeds it.
fn check_15b(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    for w in cell.build() {
        let mut rhs: Option<LogLinear> = None;
        for b in &w {
            let mut worst: Option<LogLinear> = Some(LogLinear::zero());
            for a in &w {
                worst = match (worst, kl(a, b)) {
                    (Some(e), Some(d)) => Some(if d > e { d } else { e }),
                    _ => None,
                };
            }
            if let Some(x) = worst {
                rhs = Some(match rhs {
                    Some(y) if y <= x => y,
                    _ => x,
                });
            }
        }
        let Some(rhs) = rhs else { continue };
        let br = capacity_bracket_exact(&channel(&w));
        // Holds when the Blahut–Arimoto radius bound is already below the right side; the
        // right side is itself the radius bound at Q = W_x2 (Gallager/Csiszár), so the only
        // way to fail is a certified lower bound above it.
        let mut st = Decider::new();
        let bracket = st.capacity_at_most(&br, &rhs);
        let (d, how) = match bracket {
            Decision::True => (Decision::True, "upper bound at Q = pi W"),
            Decision::False => (
                Decision::False,
                "lower bound I(pi; W) exceeds the right side",
            ),
            Decision::Unknown => (
                Decision::True,
                "radius bound at Q = W_x2 (the optimal output is a row)",
            ),
        };
        // The radius-bound case rests on a theorem, not on the comparisons: no record.
        let recs = st.records().filter(|_| bracket != Decision::Unknown);
        s.push_recorded(
            d,
            recs,
            LogLinear::approx_f64(&br.lower) - LogLinear::approx_f64(&rhs),
            || Value::log_linear(&br.lower),
            || Value::log_linear(&rhs),
            || format!("W={} ({how}; upper bound {})", fmt_rows(&w), br.upper),
        );
    }
    s.finish(
        "C_1(W) (certified lower bound shown)  <=  min_x2 max_x1 D(W_x1||W_x2)",
        Method::LogLinear,
    )
}

/// Jensen–Shannon divergence `½D(P‖M) + ½D(Q‖M)`, `M = (P+Q)/2` — the mutual information of
/// the two-row channel (P; Q) at the uniform prior.
pub fn jensen_shannon(p: &[Rational], q: &[Rational]) -> LogLinear {
    mutual_information(&Dist::uniform(2), &channel(&[p.to_vec(), q.to_vec()]))
}

/// Instances of CY-16.
#[derive(Clone, Debug)]
pub enum Cy16 {
    /// JS(P,Q) ≥ g(TV(P,Q)) on all pairs of a simplex (this certifies the claim for every
    /// channel whose rows come from the cell, since C_1 ≥ JS of any two rows).
    Js { k: usize, n: u32 },
    /// BSC with crossover (1−d)/2: C_1 = g(d) exactly, so the bound is attained.
    Tight(Rational),
    /// `g(d) ≥ d²/2` at d = j/n (the `≤ √(2ε)` part), for j = 0..n.
    Sqrt(u32),
}

impl fmt::Display for Cy16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy16::Js { k, n } => write!(f, "JS lemma on pairs of simplex k={k} N={n}"),
            Cy16::Tight(d) => write!(f, "BSC attaining d={d}"),
            Cy16::Sqrt(n) => write!(f, "sqrt bound at d = j/{n}"),
        }
    }
}

fn cy16_grid() -> Vec<Cy16> {
    let mut v = vec![
        Cy16::Js { k: 2, n: 12 },
        Cy16::Js { k: 3, n: 6 },
        Cy16::Js { k: 4, n: 4 },
        Cy16::Js { k: 5, n: 3 },
        Cy16::Js { k: 6, n: 2 },
    ];
    for d in [r(1, 10), r(1, 4), r(1, 2), r(3, 4), r(9, 10)] {
        v.push(Cy16::Tight(d));
    }
    v.push(Cy16::Sqrt(64));
    v
}

fn cy16_beyond(s: usize) -> Vec<Cy16> {
    vec![
        Cy16::Js {
            k: 3,
            n: 6 + s as u32,
        },
        Cy16::Js {
            k: 4,
            n: 4 + s as u32,
        },
        Cy16::Sqrt(64 * (s as u32 + 1)),
    ]
}

/// CY-16 ("Mutual Information to Total Variation"): `max_{P_X} I ≤ ε ⇒ TV(W_x1, W_x2) ≤ δ' =
/// 1 − 2h^{-1}(ln 2 − ε) ≤ √(2ε)`, nats, TV half-L1, with δ' = 1 for ε ≥ ln 2. No h^{-1}:
/// for d = TV of two rows, `d ≤ δ'(ε)` ⇔ `g(d) ≤ ε` (h increasing on [0, ½]), and
/// `C_1 ≥ JS(W_x1, W_x2) ≥ g(d)` is certified per pair, LL-exact.
fn check_16(inst: &Cy16) -> Check {
    match inst {
        Cy16::Js { k, n } => {
            let pts = simplex(*k, *n);
            let mut s = DScan::new();
            for (i, p) in pts.iter().enumerate() {
                for q in &pts[i..] {
                    let j = jensen_shannon(p, q);
                    let gd = bsc_capacity_at_tv(&tv(p, q));
                    s.push_log_le(&gd, &j, || fmt_pair(p, q));
                }
            }
            s.finish(
                "g(TV) = ln 2 - h((1-TV)/2)  <=  JS(P,Q) = I(uniform; (P;Q)) <= C_1",
                Method::LogLinear,
            )
        }
        Cy16::Tight(d) => {
            let one = r(1, 1);
            let p = (&one - d) / r(2, 1);
            let w = vec![vec![&one - &p, p.clone()], vec![p.clone(), &one - &p]];
            let br = capacity_bracket_exact(&channel(&w));
            let gd = bsc_capacity_at_tv(d);
            // Each comparison with its record (issue 44 item 6).
            let mut st = Decider::new();
            let ok = st.log(&br.lower, "=", &gd)
                && st.log(&br.upper, "=", &gd)
                && st.rat(&tv(&w[0], &w[1]), "=", d);
            let mut c = Check::new(
                "BSC((1-d)/2): capacity bracket [lower, upper] = g(d) exactly and TV = d",
                Value::log_linear(&br.upper),
                Value::log_linear(&gd),
                Method::LogLinear,
                Outcome::from_holds(ok),
            )
            .with_note(format!(
                "W={}; lower = I(uniform) = {}, upper = max_x D(W_x||P_Y) = {}; with eps = C_1 the rows are at TV exactly delta'",
                fmt_rows(&w),
                br.lower,
                br.upper
            ));
            c.records = st.records().unwrap_or_default();
            c
        }
        Cy16::Sqrt(n) => {
            let mut s = DScan::new();
            for j in 0..=*n {
                let d = r(j as i64, *n as i64);
                let gd = bsc_capacity_at_tv(&d);
                let half_sq = &d * &d / r(2, 1);
                // By certified enclosures, with the `enclosure` record (issue 44 item 6).
                let mut st = Decider::new();
                let ok = st.log_vs_rat(&gd, ">=", &half_sq);
                s.push_recorded(
                    Decision::from_bool(ok),
                    st.records(),
                    crate::num::fmt::to_f64(&half_sq) - LogLinear::approx_f64(&gd),
                    || Value::rational(&half_sq),
                    || Value::log_linear(&gd),
                    || format!("d={d}"),
                );
            }
            let mut c = s.finish(
                "d^2/2  <=  g(d) = ln 2 - h((1-d)/2)  (equivalent to delta'(eps) <= sqrt(2 eps) at eps = g(d))",
                Method::LogLinear,
            );
            c.note = format!(
                "{}; grid evidence at rational d only (no continuity argument is mechanised)",
                c.note
            );
            c
        }
    }
}
