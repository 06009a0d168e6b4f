//! AACP §2: the min-capacity C∞ = max_π I∞, as printed (AACP-F1: `C∞ = Σ_y max_x p(y|x)`) and
//! corrected (AACP-F1-corrected: `C∞ = log2 Σ_y max_x p(y|x)`, attained at the uniform prior).

use super::shared::*;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-F1",
            grid: || shapes(20),
            beyond: Some(shapes_beyond),
            check: check_f1,
        }
        .boxed(),
        Family {
            id: "AACP-F1-corrected",
            grid: || shapes(20),
            beyond: Some(shapes_beyond),
            check: check_f1_corrected,
        }
        .boxed(),
    ]
}

/// An exact certificate that `log2 s < s` for a rational `s > 0`: with `k = ⌊s⌋ >= 0`,
/// `2^s >= 2^k >= k + 1 > s` (the middle step checked in integers).
fn log2_below(s: &Rational) -> bool {
    let k = s.clone().floor();
    let Ok(k_u) = u64::try_from(&k) else {
        return false;
    };
    let k1 = Rational::from(k_u + 1);
    *s > 0u32 && Rational::from(2u32).pow(k_u) >= k1 && *s < k1
}

/// The records of `log2 s = s` being false (issue 44 item 6): the integer steps of
/// [`log2_below`] (`2^k >= k + 1`, `s < k + 1`) as `compare` records, and the refutation itself,
/// `ln s = s·ln 2`, as a `log_linear` record (decided exactly by the forms' order); empty when
/// not recording or when a step does not come out as [`log2_below`] says.
fn log2_refuted(s: &Rational) -> crate::claim::Records {
    use crate::num::LogLinear;
    let k = s.clone().floor();
    let k1 = Rational::from(k.clone()) + Rational::ONE;
    let two_k = u64::try_from(&k).map(|k| Rational::from(2u32).pow(k));
    let mut d = crate::claim::scan::Decider::new();
    let ok = match two_k {
        Ok(p) => d.rat(&p, ">=", &k1) & d.rat(s, "<", &k1),
        Err(_) => false,
    };
    let two = Rational::from(2u32);
    let equal = d.log(&LogLinear::ln(s), "=", &LogLinear::term(s, &two));
    match d.records() {
        Some(recs) if ok && !equal => recs,
        _ => Default::default(),
    }
}

/// Priors for F1: `Δ_n^10` for n <= 3, else 200 seeded random priors and the uniform one.
fn f1_priors(n: usize) -> Vec<Vec<Rational>> {
    if n <= 3 {
        simplex(n, 10)
    } else {
        let mut rng = Lcg(42 + n as u64);
        let mut v: Vec<Vec<Rational>> = (0..200)
            .map(|_| random_dist(&mut rng, n, 10, true))
            .collect();
        v.push(vec![Rational::from_unsigneds(1u64, n as u64); n]);
        v
    }
}

/// The maximum of `V(π,M)/V₀(π)` over the F1 priors and the uniform prior, `Σ max`, whether the
/// uniform prior attains `Σ max`, and the number of priors.
fn f1_scan(m: &Rows) -> (Rational, Rational, bool, usize) {
    let n = m.len();
    let s = column_max_sum(m);
    let unif = vec![Rational::from_unsigneds(1u64, n as u64); n];
    let priors = f1_priors(n);
    let at_unif = matrix_utility(&unif, m) / v0(&unif);
    let best = priors
        .iter()
        .map(|p| matrix_utility(p, m) / v0(p))
        .max()
        .expect("priors")
        .max(at_unif.clone());
    let attains = at_unif == s;
    (s, best, attains, priors.len())
}

/// AACP-F1 as printed: `C∞ = Σ_y max_x p(y|x)` with `C∞ = max_π I∞` in bits. The capacity is
/// `log2` of the largest leakage ratio; the tool finds that ratio equals `Σ max` (attained at the
/// uniform prior), so the printed identity reads `log2 s = s`, which is false for every
/// `s > 0` (certificate: `2^s >= 2^⌊s⌋ >= ⌊s⌋ + 1 > s`).
fn check_f1(shape: &Shape) -> Check {
    let mut first_bad: Option<(Rational, String, crate::claim::Records)> = None;
    let mut ratio_ok = Agree::new();
    let mut count = 0;
    for (_, m) in shape.build() {
        let (s, best, unif_attains, np) = f1_scan(&m);
        ratio_ok.push_ok(best == s && unif_attains, || {
            format!(
                "M = {}: max ratio {best} vs sum max {s} over {np} priors",
                fmt_matrix(&m)
            )
        });
        count += 1;
        if first_bad.is_none() && log2_below(&s) {
            let recs = log2_refuted(&s);
            first_bad = Some((s, fmt_matrix(&m), recs));
        }
    }
    let ratio = ratio_ok.finish("", Method::Exact);
    match first_bad {
        Some((s, m, records)) => Check {
            records,
            ..Check::new(
            "printed C_inf = sum_y max_x p(y|x)  vs  C_inf = max_pi I_inf = log2(max_pi V/V0) (bits)",
            Value::text(format!("log2({s})"), format!("log2 of {}", crate::claim::report::decimal(&s, 6))),
            Value::rational(&s),
            Method::Exact,
            Outcome::Fails,
        )
        .with_note(format!(
            "counterexample: M = {m}: max_pi V(pi,M)/V0(pi) = {s} (attained at uniform), so C_inf = log2({s}) < {s} (2^s >= 2^floor(s) >= floor(s)+1 > s); the printed expression is the argument of log2, not C_inf. Max over the prior grid = sum max, attained at the uniform prior: {}",
            if ratio.outcome == Outcome::Holds {
                format!("yes, for all {count} channels")
            } else {
                ratio.note.clone()
            }
        ))
        },
        None => ratio,
    }
}

/// AACP-F1-corrected: `C∞ = log2 Σ_y max_x p(y|x)`, attained at the uniform prior: on every
/// prior of the grid `V(π,M)/V₀(π) <= Σ max`, and the uniform prior gives equality.
fn check_f1_corrected(shape: &Shape) -> Check {
    let mut s = Scan::le();
    let mut unif = Agree::new();
    for (_, m) in shape.build() {
        let total = column_max_sum(&m);
        let n = m.len();
        for p in f1_priors(n) {
            s.push(matrix_utility(&p, &m) / v0(&p), total.clone(), || {
                format!("M = {}, pi = {}", fmt_matrix(&m), fmt_vec(&p))
            });
        }
        let u = vec![Rational::from_unsigneds(1u64, n as u64); n];
        unif.push_compare(&(matrix_utility(&u, &m) / v0(&u)), "=", &total, || {
            format!(
                "uniform prior does not attain sum max on {}",
                fmt_matrix(&m)
            )
        });
    }
    let u = unif.finish("", Method::Exact);
    let mut c = s.finish(
        "2^I_inf = V(pi,M)/V0(pi) over the prior grid  vs  sum_y max_x M[x][y] = 2^C_inf",
        combined(),
    );
    if u.outcome == Outcome::Fails {
        c.outcome = Outcome::Fails;
    }
    // The uniform prior's equalities decide too (issue 44 item 6).
    c.records.extend(u.records.iter().cloned());
    c.note = format!("{}; uniform prior attains sum max: {}", c.note, u.note);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table: (s, log2 s < s certified). Every positive rational qualifies.
    #[test]
    fn log2_below_table() {
        for s in [r(1, 1), r(2, 1), r(3, 2), r(1, 3), r(7, 1), r(33, 2)] {
            assert!(log2_below(&s), "{s}");
        }
    }
}
