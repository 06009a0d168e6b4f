//! The optimum as an exact function of `t = e^ε` (issue 46 items 3–4, `optimal --curve-t
//! T1,T2`): Wang–Ying–Zhang's privacy–distortion function (the least expected distortion of an
//! ε-DP mechanism) and Alvim et al.'s utility against ε, as exact pieces, not a sample.
//!
//! The channel LP of [`super::optimal`] with its DP rows written `p(y|x) − t·p(y|x') ≤ 0`
//! (the same feasible set for `t > 0`) has coefficients affine in `t`, so
//! [`crate::lp::parametric`] solves it for every `t` of the range: pieces on which one basis
//! stays optimal, each certified on its whole closed piece (primal and dual feasible by Sturm,
//! equal objectives as rational functions). Adjacent pieces whose value is the same rational
//! function (only the basis changed) are shown as one, with the number of bases.

use super::{validate, Objective, OptimalError};
use crate::graph::Graph;
use crate::lp::parametric::{self, Affine, ParamModel, ParamRow};
use crate::lp::Cmp;
use crate::num::piecewise::show_point;
use crate::num::sturm::RealRoot;
#[cfg(test)]
use crate::num::Poly;
use crate::num::{RatFn, Rational};
use crate::params::TRange;
use crate::prob::Dist;
use std::cmp::Ordering;
use std::time::Instant;

/// One piece of the optimum: on the closed `[lo, hi]` it is the rational function `value`.
#[derive(Clone, Debug)]
pub struct CurvePiece {
    /// The left end (rational, or an algebraic number: a root of a square-free polynomial).
    pub lo: RealRoot,
    /// The right end.
    pub hi: RealRoot,
    /// The optimal expected loss or gain on the piece.
    pub value: RatFn,
    /// Optimal bases certifying it (adjacent certified pieces of the same value, merged).
    pub bases: usize,
}

impl CurvePiece {
    /// The value at a rational `t` of the piece (`None` outside it).
    pub fn at(&self, t: &Rational) -> Option<Rational> {
        (self.lo.cmp_rational(t) != Ordering::Greater && self.hi.cmp_rational(t) != Ordering::Less)
            .then(|| self.value.eval(t))
            .flatten()
    }
}

/// The optimum on a range of `t`: pieces covering `[lo, hi]` left to right, adjacent ones
/// sharing their breakpoint.
#[derive(Clone, Debug)]
pub struct OptimalCurve {
    /// `T1`.
    pub lo: Rational,
    /// `T2`.
    pub hi: Rational,
    /// The pieces.
    pub pieces: Vec<CurvePiece>,
    /// Rational points at which the LP was solved to find them.
    pub samples: usize,
    /// The pieces cover `[lo, hi]`; `false` when the deadline stopped the sweep (they cover
    /// `[lo, last piece's hi]` only).
    pub complete: bool,
}

impl OptimalCurve {
    /// The value at a rational `t` of the range (the left piece at a breakpoint: both agree).
    pub fn at(&self, t: &Rational) -> Option<Rational> {
        self.pieces.iter().find_map(|p| p.at(t))
    }
}

/// The channel LP of `weights` (minimised) on the graph, its DP rows affine in `t`.
pub(super) fn parametric_model(g: &Graph, weights: &[Vec<Rational>]) -> ParamModel {
    let k = g.n();
    let one = || Affine::constant(Rational::from(1u32));
    let mut rows = Vec::new();
    for x in 0..k {
        rows.push(ParamRow {
            coeffs: (0..k).map(|y| (x * k + y, one())).collect(),
            cmp: Cmp::Eq,
            rhs: Rational::from(1u32),
        });
    }
    for x in 0..k {
        for &x2 in g.neighbours(x) {
            for y in 0..k {
                rows.push(ParamRow {
                    coeffs: vec![
                        (x * k + y, one()),
                        (x2 * k + y, Affine::times_t(Rational::from(-1i32))),
                    ],
                    cmp: Cmp::Le,
                    rhs: Rational::from(0u32),
                });
            }
        }
    }
    ParamModel {
        cost: (0..k * k).map(|i| weights[i / k][i % k].clone()).collect(),
        rows,
    }
}

/// The optimal expected loss (or gain) of an ε-DP mechanism on `g` for every `t` in `range`
/// (see the module docs); `deadline` bounds the sweep.
pub fn optimal_curve(
    g: &Graph,
    prior: &Dist,
    objective: &Objective,
    range: &TRange,
    deadline: Option<Instant>,
) -> Result<OptimalCurve, OptimalError> {
    validate(g, prior, objective)?;
    let k = g.n();
    let m = objective.matrix();
    let gain = matches!(objective, Objective::Gain(_));
    // minimise Σ π(x) m(y, x) p(y|x); a gain is maximised as the minimum of its negation
    let weights: Vec<Vec<Rational>> = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    let w = prior.p(x) * &m[y][x];
                    if gain {
                        -w
                    } else {
                        w
                    }
                })
                .collect()
        })
        .collect();
    let model = parametric_model(g, &weights);
    let sol = parametric::solve_parametric(&model, range.lo(), range.hi(), deadline)
        .map_err(OptimalError::Parametric)?;
    let mut pieces: Vec<CurvePiece> = Vec::new();
    for p in sol.pieces {
        let value = if gain { -&p.value } else { p.value };
        match pieces.last_mut() {
            Some(last) if last.value == value => {
                last.hi = p.hi;
                last.bases += 1;
            }
            _ => pieces.push(CurvePiece {
                lo: p.lo,
                hi: p.hi,
                value,
                bases: 1,
            }),
        }
    }
    Ok(OptimalCurve {
        lo: range.lo().clone(),
        hi: range.hi().clone(),
        pieces,
        samples: sol.samples,
        complete: sol.complete,
    })
}

/// A breakpoint for people: exact when rational, else its polynomial, isolating interval and a
/// decimal.
pub fn point_text(x: &RealRoot) -> String {
    show_point(x, "t")
}

/// A rational close to `x` (within 10^-15), for decimals only.
pub(crate) fn approx(x: &RealRoot) -> Rational {
    if let Some(q) = x.as_rational() {
        return q.clone();
    }
    let mut f = x.clone();
    f.refine_to(&Rational::from_unsigneds(1u64, 10u64.pow(15)));
    (&f.lo + &f.hi) / Rational::from(2u32)
}

#[cfg(test)]
mod tests;
