//! Shared certificates of the Hamming sphere sums (used by more than one paper), and
//! shorthands for writing certificates.

use super::{Domain, Step};
use crate::num::hypergeom::{self, Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn, Point};
use crate::num::Rational;
use malachite::base::num::basic::traits::Zero;

/// `MPoly` shorthand: the variable `x`.
pub fn var(x: &str) -> MPoly {
    MPoly::var(x)
}

/// `MPoly` shorthand: the integer constant `c`.
pub fn int(c: i64) -> MPoly {
    MPoly::constant(Rational::from(c))
}

/// The polynomial `p` as a rational function.
pub fn rf(p: MPoly) -> MRatFn {
    MRatFn::from_poly(p)
}

pub(super) fn one() -> MRatFn {
    rf(MPoly::one())
}

/// The binomial theorem `Σ_k C(n,k) a^k b^(n−k) = (a+b)^n` normalised, `F(n,k) = C(n,k) a^k
/// b^(n−k) (a+b)^(−n)`, with its WZ mate `G(n,k) = −C(n,k−1) a^k b^(n−k+1) (a+b)^(−n−1)`
/// (R(n,k) = −k b/((a+b)(n+1−k)), whose pole at k = n + 1 is the boundary the checker
/// evaluates as a term). For `n ≥ 0`.
pub fn binomial_theorem(a: MRatFn, b: MRatFn) -> Step {
    let ab = a.add(&b);
    let f = Term::new(
        one(),
        MPoly::one(),
        hypergeom::binomial_facts(0, 0),
        vec![
            (a.clone(), Lin::new(0, 1, 0)),
            (b.clone(), Lin::new(1, -1, 0)),
            (ab.clone(), Lin::new(-1, 0, 0)),
        ],
    )
    .expect("a valid term");
    let g = Term::new(
        rf(int(-1)),
        MPoly::one(),
        hypergeom::binomial_facts(0, -1),
        vec![
            (a, Lin::new(0, 1, 0)),
            (b, Lin::new(1, -1, 1)),
            (ab, Lin::new(-1, 0, -1)),
        ],
    )
    .expect("a valid term");
    Step::Wz { f, g, n0: 0 }
}

/// The first moment `Σ_k k C(n,k) a^k b^(n−k) = n a (a+b)^(n−1)` for `n ≥ 1`, normalised with
/// `1/n = (n−1)!/n!`: `F(n,k) = k (n−1)!/(k!(n−k)!) a^(k−1) b^(n−k) (a+b)^(1−n)`; its WZ mate is
/// the binomial theorem's at (n−1, k−1).
pub fn binomial_moment(a: MRatFn, b: MRatFn) -> Step {
    let ab = a.add(&b);
    let f = Term::new(
        one(),
        var("k"),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, 0), -1),
            (Lin::new(1, -1, 0), -1),
        ],
        vec![
            (a.clone(), Lin::new(0, 1, -1)),
            (b.clone(), Lin::new(1, -1, 0)),
            (ab.clone(), Lin::new(-1, 0, 1)),
        ],
    )
    .expect("a valid term");
    let g = Term::new(
        rf(int(-1)),
        MPoly::one(),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, -2), -1),
            (Lin::new(1, -1, 1), -1),
        ],
        vec![
            (a, Lin::new(0, 1, -1)),
            (b, Lin::new(1, -1, 1)),
            (ab, Lin::new(-1, 0, 0)),
        ],
    )
    .expect("a valid term");
    Step::Wz { f, g, n0: 1 }
}

/// Grid points `(n, {m})` for the cross-check.
pub fn nm_points(pairs: &[(i64, i64)]) -> Vec<(i64, Point)> {
    pairs
        .iter()
        .map(|&(n, m)| {
            let mut p = Point::new();
            p.insert("m".into(), Rational::from(m));
            (n, p)
        })
        .collect()
}

/// The domain `n ≥ n0, m ≥ 2, α > 0` of Wang–Ying–Zhang's Gibbs weight `α = e^{−ε}` (the variable
/// `alpha`; `α ≤ 1` also holds, which no step needs).
pub fn nm_alpha_domain(n0: i64, text: &str) -> Domain {
    Domain {
        lows: vec![
            ("n", Rational::from(n0), false),
            ("m", Rational::from(2), false),
            ("alpha", Rational::ZERO, true),
        ],
        text: text.to_string(),
    }
}
