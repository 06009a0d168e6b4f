//! Additive noise: Cuff–Yu slides "A Common Technique" (Laplace, CY-1) and "Weaker DP"
//! (Gaussian, CY-2), through exact discrete analogues; and the informal slide remarks (CY-19).
//!
//! Laplace: the two-sided geometric mechanism `P(z) = ((1−r)/(1+r)) r^{|z|}` is the discrete
//! Laplace; clamped to `{0..K}` (post-processing) its entries are rational:
//! `P(y|f) = ((1−r)/(1+r)) r^{|y−f|}` inside, `r^f/(1+r)` at 0 and `r^{K−f}/(1+r)` at K.
//! Gaussian: the discrete Gaussian with rational `q = e^{−1/(2σ²)}` has weights `q^{z²}`.

use crate::claim::instances::{r, t_set};
use crate::claim::scan::{compare_recorded, Decider, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::{max_ratio, ExtRational};
use crate::num::loglin::LogLinear;
use crate::num::poly::Poly;
use crate::num::Rational;
use malachite::base::num::arithmetic::traits::Pow;
use std::fmt;

/// Rows `f = 0..=K` of the clamped geometric mechanism with ratio `r = 1/s`: the library's
/// truncated geometric mechanism on `{0..K}` at `t = s` (same entries, see the module doc).
fn clamped_geometric(k: usize, s: &Rational) -> Vec<Vec<Rational>> {
    crate::mechanism::truncated_geometric(k + 1, s)
        .expect("s ≥ 1")
        .rows()
        .to_vec()
}

/// Instances of CY-1.
#[derive(Clone, Debug)]
pub enum Cy1 {
    /// Clamped geometric on `{0..K}`, query sensitivity Δ, `r = 1/s`, so `t = s^Δ`.
    Geometric { k: usize, sens: u32, s: Rational },
    /// Continuous Laplace: `(|y−f'| − |y−f|)/b ≤ |f−f'|/b` on a rational grid.
    Density,
}

impl fmt::Display for Cy1 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy1::Geometric { k, sens, s } => {
                write!(
                    f,
                    "clamped geometric K={k} sensitivity={sens} s={s} (r=1/s)"
                )
            }
            Cy1::Density => f.write_str("Laplace log-density ratio on a rational grid"),
        }
    }
}

/// CY-1: the (discrete) Laplace mechanism with scale `Δ/ε` is ε-DP. For the clamped
/// geometric mechanism with `r = t^{-1/Δ}` (t = s^Δ), the exact level over database values
/// at distance ≤ Δ is compared with t, and equality (D_∞ = Δ·(ε/Δ)... = ε) is reported.
fn check_1(inst: &Cy1) -> Check {
    match inst {
        Cy1::Geometric { k, sens, s } => {
            let w = clamped_geometric(*k, s);
            let t = s.pow(*sens as u64);
            let mut s_ = Scan::le();
            let mut best = r(1, 1);
            for f in 0..=*k {
                for g in 0..=*k {
                    if f.abs_diff(g) as u32 > *sens {
                        continue;
                    }
                    let ExtRational::Finite(q) = max_ratio(&w[f], &w[g]) else {
                        s_.push(&t + r(1, 1), t.clone(), || {
                            format!("f={f} f'={g}: infinite")
                        });
                        continue;
                    };
                    if q > best {
                        best = q.clone();
                    }
                    s_.push(q, t.clone(), || format!("f={f} f'={g}"));
                }
            }
            let mut c = s_.finish(
                "max_y P(y|f)/P(y|f') over |f-f'| <= sensitivity  vs  t = e^eps",
                Method::Exact,
            );
            c.note = format!("{}; exact level {best} (equals t: {})", c.note, best == t);
            c
        }
        Cy1::Density => {
            use malachite::base::num::arithmetic::traits::Abs;
            let pts: Vec<Rational> = (-6..=6).map(|i| r(i, 2)).collect();
            let mut s = Scan::le();
            for f in &pts {
                for g in &pts {
                    for y in &pts {
                        let lhs = (y - g).abs() - (y - f).abs();
                        s.push(lhs, (f - g).abs(), || format!("f={f} f'={g} y={y}"));
                    }
                }
            }
            s.finish(
                "b * log density ratio |y-f'| - |y-f|  vs  |f-f'| (= b eps for |f-f'| <= Delta)",
                Method::Exact,
            )
        }
    }
}

fn cy1_grid() -> Vec<Cy1> {
    vec![
        Cy1::Geometric {
            k: 6,
            sens: 1,
            s: r(2, 1),
        },
        Cy1::Geometric {
            k: 6,
            sens: 1,
            s: r(5, 4),
        },
        Cy1::Geometric {
            k: 8,
            sens: 2,
            s: r(2, 1),
        },
        Cy1::Geometric {
            k: 8,
            sens: 2,
            s: r(3, 2),
        },
        Cy1::Density,
    ]
}

/// Instances of CY-2.
#[derive(Clone, Debug)]
pub enum Cy2 {
    /// The continuous Gaussian privacy loss at means 0, 1 and σ² is unbounded: for each t the
    /// point `y` with loss exactly t exceeds ε = ln t.
    Loss { sigma2: Rational },
    /// Discrete Gaussian on the window `{−K..K}` (renormalised), values f ∈ {0, 1}: exact
    /// level for K = 1..8, strictly increasing.
    Truncated { q: Rational },
    /// Untruncated discrete Gaussian, f ∈ {0,1}: a certified rational upper bound of δ(t).
    Approx {
        q: Rational,
        t: Rational,
        delta: Rational,
    },
}

impl fmt::Display for Cy2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy2::Loss { sigma2 } => write!(f, "Gaussian privacy loss sigma^2={sigma2}"),
            Cy2::Truncated { q } => write!(f, "discrete Gaussian q={q} on windows K=1..8"),
            Cy2::Approx { q, t, delta } => {
                write!(f, "discrete Gaussian q={q}: (ln {t}, {delta})-DP")
            }
        }
    }
}

/// Normalised discrete Gaussian rows for f ∈ {0, 1} on `{−K..K}`.
fn truncated_rows(q: &Rational, k: i64) -> [Vec<Rational>; 2] {
    let row = |f: i64| {
        let w: Vec<Rational> = (-k..=k)
            .map(|y| q.pow(((y - f) * (y - f)) as u64))
            .collect();
        let z: Rational = w.iter().cloned().sum();
        w.into_iter().map(|v| v / &z).collect::<Vec<_>>()
    };
    [row(0), row(1)]
}

/// CY-2 ("Additive Gaussian noise often provides privacy"; implied: (ε,δ)-DP for suitable σ
/// but not ε-DP for any ε).
fn check_2(inst: &Cy2) -> Check {
    match inst {
        Cy2::Loss { sigma2 } => {
            // L(y) = (μ−μ')(2y−μ−μ')/(2σ²) with μ = 1, μ' = 0: a polynomial of degree 1.
            // Each step with its record (issue 44 item 6): the slope `≠ 0`, `L(y) = t` at the
            // exhibited y (`compare`) and `ln t < L(y)` (`enclosure`).
            let lead = r(1, 1) / sigma2;
            let loss = Poly::new(vec![-(r(1, 1) / (r(2, 1) * sigma2)), lead.clone()]);
            let mut d = Decider::new();
            let mut ok = (loss.degree() == Some(1)) & d.rat(&lead, "!=", &r(0, 1));
            let mut notes = Vec::new();
            for t in t_set() {
                // y with L(y) = t; then L(y) = t > ln t = ε.
                let y = (&t + r(1, 1) / (r(2, 1) * sigma2)) / &lead;
                let l = loss.eval(&y);
                let exceeds = d.log_vs_rat(&LogLinear::ln(&t), "<", &l);
                ok &= exceeds & d.rat(&l, "=", &t);
                notes.push(format!("t={t}: y={y}, L(y)={l} > ln t"));
            }
            let mut c = Check::new(
                "privacy loss L(y) is a non-constant polynomial in y, exceeding eps = ln t at an exhibited y for every t",
                Value::text(loss.to_string_var("y"), ""),
                Value::text("unbounded", ""),
                Method::Combined(vec![Method::Exact, Method::LogLinear]),
                Outcome::from_holds(ok),
            )
            .with_note(notes.join("; "));
            c.records = d.records().unwrap_or_default();
            c
        }
        Cy2::Truncated { q } => {
            // Each level with its `dp_level` record (the checker recomputes it from the rows)
            // and each increase with its `compare` record resting on them (issue 44 item 6).
            let mut levels = Vec::new();
            let mut ok = true;
            let mut records = Vec::new();
            let mut increases = Vec::new();
            for k in 1..=8i64 {
                let rows = truncated_rows(q, k);
                let lvl = crate::measure::max_ratio_rows(&rows, &[(0, 1)]);
                let finite = match &lvl.ratio {
                    ExtRational::Finite(x) => Some(x.clone()),
                    ExtRational::Infinite => None,
                };
                if crate::certify::recording() {
                    let w = (lvl.pair.0, lvl.pair.1, lvl.output);
                    let id = format!("DP level of the window K={k}");
                    let e = finite.as_ref();
                    records.push(crate::certify::dp_level(&id, &rows, &[(0, 1)], e, w));
                }
                ok &= finite.is_some();
                let level = finite.unwrap_or(r(0, 1));
                if let Some(prev) = levels.last() {
                    ok &= compare_recorded(&mut increases, &level, ">", prev);
                }
                levels.push(level);
            }
            let rest = |r| crate::certify::rests_on(r, &["dp_level"]);
            records.extend(increases.into_iter().map(rest));
            let dec: Vec<String> = levels
                .iter()
                .map(|l| crate::num::fmt::decimal(l, 6))
                .collect();
            let mut c = Check::new(
                "exact DP level of the truncated discrete Gaussian strictly increases with the window K",
                Value::text(format!("K=1: {}, K=8: {}", levels[0], dec[7]), dec.join(", ")),
                Value::text("increasing", ""),
                Method::Exact,
                Outcome::from_holds(ok),
            )
            .with_note(format!(
                "exact levels e^eps_K for K=1..3: {}; decimals K=1..8: {}",
                levels
                    .iter()
                    .take(3)
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                dec.join(", ")
            ));
            c.records = records.into();
            c
        }
        Cy2::Approx { q, t, delta } => {
            // The certified bound lives in `accounting::dgauss` (issue 45 item 3): window
            // K = 40, geometric tail, Z ≥ Z_K, exact rationals.
            let ub = crate::accounting::dgauss::delta_upper_q(q, t, 40);
            // Round the bound up to 12 decimals (still a certified upper bound).
            let scale = Rational::from(10u64.pow(12));
            let ub = {
                use malachite::base::num::arithmetic::traits::Ceiling;
                Rational::from((&ub * &scale).ceiling()) / &scale
            };
            Check::rationals(
                "certified upper bound of delta_{P0,P1}(t) for the discrete Gaussian  <=  delta",
                &ub,
                "<=",
                delta,
            )
            .with_note("upper bound = (window sum K=40 + geometric tail) / Z_40 in exact rationals, rounded up to 12 decimals")
        }
    }
}

fn cy2_grid() -> Vec<Cy2> {
    vec![
        Cy2::Loss { sigma2: r(1, 1) },
        Cy2::Loss { sigma2: r(25, 4) },
        Cy2::Truncated { q: r(1, 2) },
        Cy2::Truncated { q: r(9, 10) },
        Cy2::Approx {
            q: r(9, 10),
            t: r(2, 1),
            delta: r(1, 10),
        },
        Cy2::Approx {
            q: r(19, 20),
            t: r(2, 1),
            delta: r(1, 50),
        },
    ]
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-1",
            grid: cy1_grid,
            beyond: Some(|s| {
                vec![Cy1::Geometric {
                    k: 6 + 2 * s,
                    sens: 1 + (s % 3) as u32,
                    s: r(3, 2),
                }]
            }),
            check: check_1,
        }
        .boxed(),
        Family {
            id: "CY-2",
            grid: cy2_grid,
            beyond: None,
            check: check_2,
        }
        .boxed(),
        Family {
            id: "CY-19",
            grid: || vec!["slides 'Differential Privacy' remarks"],
            beyond: None,
            check: |_| {
                crate::claim::not_checkable(
                    "informal remarks ('posterior update is small' — its formal counterpart is VAD-P1; 'convince someone to put their data in')",
                )
            },
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamped_geometric_rows_are_distributions() {
        for k in [1usize, 3, 6] {
            for row in clamped_geometric(k, &r(2, 1)) {
                assert_eq!(row.iter().cloned().sum::<Rational>(), r(1, 1));
            }
        }
    }

    #[test]
    fn wrong_scale_is_caught() {
        // Sensitivity 2 with r = 1/2 has level 4; claiming level 2 (t = s^1) must fail.
        let w = clamped_geometric(6, &r(2, 1));
        assert_eq!(max_ratio(&w[0], &w[2]), ExtRational::Finite(r(4, 1)));
    }
}
