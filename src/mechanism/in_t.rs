//! The named mechanisms with their parameter a function of the symbolic `t` (issue 46, item 2):
//! each entry a piecewise rational function ([`crate::num::piecewise`]) built by the same
//! formula as the rational mechanism, so that at every rational point it is that mechanism.

use super::MechanismError;
use crate::num::piecewise::{show_point, Piecewise};
use crate::num::Rational;
use malachite::base::num::basic::traits::One;
use std::cmp::Ordering;

/// Rows of entries, each a function of `t`.
pub type RowsInT = Vec<Vec<Piecewise>>;

/// Why `s` is not `e^ε ≥ 1` at every `t` of its domain: a point where `s < 1`, named exactly.
fn check_at_least_one(what: &str, s: &Piecewise) -> Result<(), MechanismError> {
    let one = Piecewise::constant(s.domain(), Rational::ONE);
    match s.sub(&one).decide(|o| o != Ordering::Less) {
        None => Ok(()),
        Some(w) => Err(MechanismError(format!(
            "{what} needs e^eps >= 1 for every {}, but its parameter is below 1 at {} = {}",
            s.domain(),
            s.domain().name,
            show_point(&w, &s.domain().name)
        ))),
    }
}

fn div(a: &Piecewise, b: &Piecewise) -> Piecewise {
    a.div(b).expect("a divisor ≥ 1 on the domain")
}

/// k-ary randomized response at `s = e^ε ≥ 1` (as [`super::randomized_response`]):
/// `W(x|x) = s/(s + k − 1)`, `W(y|x) = 1/(s + k − 1)`.
pub fn randomized_response(k: usize, s: &Piecewise) -> Result<RowsInT, MechanismError> {
    if k == 0 {
        return Err(MechanismError("randomized response needs k ≥ 1".into()));
    }
    check_at_least_one("randomized response", s)?;
    let d = s.domain();
    let z = s.add(&Piecewise::constant(d, Rational::from(k as u64 - 1)));
    let on = div(s, &z);
    let off = div(&Piecewise::constant(d, Rational::ONE), &z);
    Ok((0..k)
        .map(|x| {
            (0..k)
                .map(|y| if x == y { on.clone() } else { off.clone() })
                .collect()
        })
        .collect())
}

/// The truncated geometric mechanism on `{0, …, k−1}` at `s = e^ε ≥ 1` (as
/// [`super::truncated_geometric`], `α = 1/s`): `α^{|x−y|}/(1+α)` at the two ends,
/// `α^{|x−y|}(1−α)/(1+α)` inside.
pub fn truncated_geometric(k: usize, s: &Piecewise) -> Result<RowsInT, MechanismError> {
    if k == 0 {
        return Err(MechanismError("truncated geometric needs k ≥ 1".into()));
    }
    check_at_least_one("truncated geometric", s)?;
    let d = s.domain();
    let one = Piecewise::constant(d, Rational::ONE);
    if k == 1 {
        return Ok(vec![vec![one]]);
    }
    let alpha = div(&one, s);
    let one_a = one.add(&alpha);
    let end = div(&one, &one_a);
    let inner = div(&one.sub(&alpha), &one_a);
    let mut pows = vec![one.clone()];
    for i in 1..k {
        pows.push(pows[i - 1].mul(&alpha));
    }
    Ok((0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    let p = &pows[x.abs_diff(y)];
                    p.mul(if y == 0 || y == k - 1 { &end } else { &inner })
                })
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod measures;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::piecewise::Domain;
    use crate::num::RatFn;
    use crate::testutil::q;

    fn above(lo: i64) -> Domain {
        Domain {
            name: "t".into(),
            lo: q(lo, 1),
            lo_open: false,
            hi: None,
        }
    }

    /// By hand: rr(3) has t/(t+2) on the diagonal and 1/(t+2) off it; geometric(3) at the
    /// middle row is ((1/t)·t/(t+1), (t−1)/(t+1), (1/t)·t/(t+1)) = (1/(t+1), (t−1)/(t+1), 1/(t+1)).
    #[test]
    fn literal_entries() {
        let d = above(1);
        let t = Piecewise::from_ratfn(&d, RatFn::x()).unwrap();
        let w = randomized_response(3, &t).unwrap();
        assert_eq!(w[0][0].to_string(), "(t) / (t + 2)");
        assert_eq!(w[0][1].to_string(), "(1) / (t + 2)");
        let g = truncated_geometric(3, &t).unwrap();
        assert_eq!(g[1][0].to_string(), "(1) / (t + 1)");
        assert_eq!(g[1][1].to_string(), "(t - 1) / (t + 1)");
        assert_eq!(g[0][2].to_string(), "(1) / (t^2 + t)");
        // a parameter below 1 somewhere is refused, naming the point
        let e = randomized_response(2, &Piecewise::from_ratfn(&above(0), RatFn::x()).unwrap())
            .unwrap_err();
        assert!(e.0.contains("below 1 at t = 1/2"), "{e}");
    }

    /// Naive reference: at rational points the entries are the rational mechanisms' (also with
    /// the parameter a function of t, here t² and (t+1)/2).
    #[test]
    fn agrees_with_the_rational_mechanisms() {
        let d = above(1);
        let t = Piecewise::from_ratfn(&d, RatFn::x()).unwrap();
        let params = [t.clone(), t.mul(&t), {
            let half = Piecewise::constant(&d, q(1, 2));
            t.add(&Piecewise::constant(&d, q(1, 1))).mul(&half)
        }];
        for s in &params {
            for k in 1..=4 {
                let rr = randomized_response(k, s).unwrap();
                let geo = truncated_geometric(k, s).unwrap();
                for x in [q(1, 1), q(3, 2), q(2, 1), q(7, 3), q(10, 1)] {
                    let sx = s.eval(&x).unwrap();
                    let want_rr = crate::mechanism::randomized_response(k, &sx).unwrap();
                    let want_geo = crate::mechanism::truncated_geometric(k, &sx).unwrap();
                    for a in 0..k {
                        for b in 0..k {
                            assert_eq!(rr[a][b].eval(&x).as_ref(), Some(want_rr.entry(a, b)));
                            assert_eq!(geo[a][b].eval(&x).as_ref(), Some(want_geo.entry(a, b)));
                        }
                    }
                }
            }
        }
    }
}
