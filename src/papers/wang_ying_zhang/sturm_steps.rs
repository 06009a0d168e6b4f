//! Polynomial steps of Wang–Ying–Zhang's grid cells shown by `sturm` records (issue 44 item 6):
//! each step dpcert decides on a polynomial in `α` (an identity in Q[α], a sign on an interval)
//! is restated in the claim language as `forall t RANGE: lhs rel rhs` (`t` standing for `α`),
//! re-decided by [`crate::lang::sturm_records`] and attached to the cell's tally; a step that
//! does not hold, or a statement that gets no record, leaves the cell uncertified.

use crate::claim::scan::Tally;
use crate::num::sturm::{sign_on, Range, SignOnInterval};
use crate::num::{Poly, Rational};
use serde_json::Value;

/// `p` in the claim language in the variable `t`, every coefficient parenthesised (so a
/// negative or fractional one reads as one factor).
pub fn poly_text(p: &Poly) -> String {
    let terms: Vec<String> = (0..p.coeffs().len())
        .filter(|&i| p.coeff(i) != 0u32)
        .map(|i| match i {
            0 => format!("({})", p.coeff(0)),
            _ => format!("({})*t^{i}", p.coeff(i)),
        })
        .collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

/// A polynomial sub-check of `tally` decided as `ok`, shown by the `sturm` records of
/// `statement` (built only when it holds and certificates are recorded).
pub fn sturm_check(
    tally: &mut Tally,
    ok: bool,
    statement: impl FnOnce() -> String,
    what: impl FnOnce() -> String,
) {
    let recs = if ok && crate::certify::recording() {
        crate::lang::recorded_sturm(&statement())
    } else {
        Vec::new()
    };
    tally.check_shown(ok, recs, what);
}

/// `Σ_l N_l t^l = (1 + (m−1)t)^n` (eq (31)), `gf` the sphere sizes dpcert counted; the checker
/// expands the power itself.
pub fn sphere_sum_check(tally: &mut Tally, gf: &Poly, n: usize, m: usize) {
    sturm_check(
        tally,
        *gf == super::core::g_poly(m, n as u64),
        || {
            format!(
                "forall t in (0, 1]: {} = (1 + {}*t)^{n}",
                poly_text(gf),
                m - 1
            )
        },
        || format!("sum N_l alpha^l = {}", gf.to_string_var("alpha")),
    );
}

/// `(Σ_l l N_l t^l) · g^k = n(m−1) t g^{n−1+k}` with `g = 1 + (m−1)t` (the moment identity,
/// times `g^k`), `lgf` the left sum dpcert built.
pub fn moment_check(tally: &mut Tally, lgf: &Poly, n: usize, m: usize, k: usize) {
    let g = |e: usize| super::core::g_poly(m, e as u64);
    let nm = (n * (m - 1)) as i64;
    let rhs = &Poly::new(vec![0.into(), nm.into()]) * &g(n - 1 + k);
    sturm_check(
        tally,
        lgf * &g(k) == rhs,
        || {
            let m1 = m - 1;
            let e = n - 1 + k;
            format!(
                "forall t in (0, 1]: ({})*(1 + {m1}*t)^{k} = {nm}*t*(1 + {m1}*t)^{e}",
                poly_text(lgf)
            )
        },
        || format!("sum l N_l alpha^l = {}", lgf.to_string_var("alpha")),
    );
}

/// The `sturm` records that every polynomial of `pys` (the `P_y` of a prior) is `≥ 0` on
/// `(0, a]`: the Gibbs posterior is feasible on all of it, so `α̃ ≥ a`. `None` when one is not,
/// or while certificates are not recorded (nothing is computed then).
pub fn feasible_upto(pys: &[Poly], a: &Rational) -> Option<Vec<Value>> {
    if !crate::certify::recording() {
        return None;
    }
    let range = Range::open_closed(Rational::from(0), a.clone());
    let mut seen: Vec<&Poly> = Vec::new();
    let mut out = Vec::new();
    for p in pys.iter() {
        if seen.contains(&p) {
            continue;
        }
        seen.push(p);
        if !sign_on(p, &range).is_nonnegative() {
            return None;
        }
        out.extend(crate::lang::recorded_sturm(&format!(
            "forall t in (0, {a}]: {} >= 0",
            poly_text(p)
        )));
    }
    (out.len() == seen.len()).then_some(out)
}

/// The `sturm` record that `P_y < 0` on `(a, c]`, for a `c ≤ top` found by halving: the Gibbs
/// posterior is infeasible just after `a`, so `α̃ ≤ a` (its feasible set is a down-set, X1).
/// `None` when no such `c` is found, or while certificates are not recorded.
pub fn infeasible_after(py: &Poly, a: &Rational, top: &Rational) -> Option<Vec<Value>> {
    if !crate::certify::recording() {
        return None;
    }
    let mut c = top.clone();
    for _ in 0..200 {
        if c > *a
            && sign_on(py, &Range::open_closed(a.clone(), c.clone())) == SignOnInterval::Negative
        {
            let recs = crate::lang::recorded_sturm(&format!(
                "forall t in ({a}, {c}]: {} < 0",
                poly_text(py)
            ));
            return (!recs.is_empty()).then_some(recs);
        }
        c = (a + &c) / Rational::from(2);
    }
    None
}

/// The `sturm` records of `p rel 0` for every `t` in `range` (claim-language text such as
/// `[1/2, 3/4]`), a step decided true beforehand (a false one would get none); `None` when it
/// gets none, or while certificates are not recorded.
pub fn sign_records(p: &Poly, range: &str, rel: &str) -> Option<Vec<Value>> {
    if !crate::certify::recording() {
        return None;
    }
    let statement = format!("forall t in {range}: {} {rel} 0", poly_text(p));
    let recs = crate::lang::recorded_sturm(&statement);
    (!recs.is_empty()).then_some(recs)
}

/// The `sturm` record that the first polynomial of `pys` negative at the point `s` is `< 0` on
/// `[s, s]`: the Gibbs posterior is infeasible at `s` (for `s < 1`). `None` when none is
/// negative there, or while certificates are not recorded.
pub fn infeasible_at(pys: &[Poly], s: &Rational) -> Option<Vec<Value>> {
    let py = pys
        .iter()
        .find(|p| p.sign_at(s) == std::cmp::Ordering::Less)?;
    sign_records(py, &format!("[{s}, {s}]"), "<")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::Rational;

    #[test]
    fn a_polynomial_reads_back_as_itself_in_the_claim_language() {
        // -1/3 t^2 + 2: a leading minus must not square the sign
        let p = Poly::new(vec![
            Rational::from(2),
            Rational::from(0),
            Rational::from_signeds(-1, 3),
        ]);
        let text = poly_text(&p);
        let recs = crate::lang::sturm_records(&format!("forall t in [0, 3]: {text} = 2 - t^2/3"))
            .expect("the identity holds");
        assert_eq!(recs[0]["sign"], "zero");
        // the sign at t = 3 is -1: the text is not (1/3) t^2 + 2
        assert!(crate::lang::sturm_records(&format!("forall t in [0, 3]: {text} > 0")).is_err());
        assert_eq!(poly_text(&Poly::zero()), "0");
    }
}
