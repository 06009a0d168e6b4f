//! Exact privacy accounting: what is the (ε, δ) of a mechanism used k times?
//!
//! For a finite mechanism the privacy loss of a neighbour pair takes finitely many values, so the
//! k-fold (or heterogeneous) composition has an exact discrete privacy loss distribution, and
//! δ(ε) = A − B·e^ε with exact rationals A, B; the smallest ε for a given δ is the logarithm of
//! an exact rational. Layers: [`pld`] (the PLD of one ordered pair), [`basis`] (a gcd-free
//! basis keying outcomes by exponent vectors), [`compose`](mod@compose) (exact composition), the δ queries
//! (on [`compose::Composed`]), [`worst`] (the worst ordered neighbour pair of a channel) and
//! [`kov`] (Kairouz–Oh–Viswanath optimal composition of (ε, δ)-DP mechanisms), and [`query`]
//! (δ, e^ε for δ and the pure level of k uses, as claims ask them). When the exact support is
//! too large, [`grid`] encloses δ(ε) between certified bounds on a grid of privacy losses and
//! [`refine`] finds the worst pair's enclosure on refining grids.
//!
//! What is composed: the same ordered neighbour pair `(x, x')` for every use (the data do not
//! change between uses), each use with fresh randomness, the answers of all uses observed.
//! The worst case is the maximum over ordered pairs, per ε. For a fixed mechanism the adversary
//! has nothing to choose between uses except the pair; the tests check by enumeration that
//! choosing the pair adaptively from the earlier answers gives nothing more for the mechanisms
//! tested (randomized response, the truncated geometric on a path).
//!
//! # Example
//! Binary randomized response at `t = e^ε = 3` used twice on the pair (0, 1): the product
//! distributions are `P = (9, 3, 3, 1)/16` and `Q = (1, 3, 3, 9)/16`, so by hand
//! `δ(t = 3) = Σ max(P − 3Q, 0) = 9/16 − 3/16 = 3/8`.
//! ```
//! use dpcert::accounting::{compose, PairLoss};
//! use dpcert::parse_rational;
//!
//! let q = |s: &str| parse_rational(s).unwrap();
//! let pair = PairLoss::of_rows(&[q("3/4"), q("1/4")], &[q("1/4"), q("3/4")]);
//! let twice = compose(&[(pair, 2)]).unwrap();
//! assert_eq!(twice.delta_at_t(&q("3")).delta, q("3/8"));
//! // At ε = 1 the answer is exactly A − B·e with rational A, B.
//! let d = twice.delta_at_eps(&q("1"));
//! println!("δ(ε = 1) = {} − {}·e", d.form.a, d.form.b);
//! ```

pub mod answer;
pub mod basis;
pub mod calibrate;
pub mod compose;
pub mod continuous;
pub mod curve;
mod delta;
pub mod dgauss;
pub(crate) mod grid;
pub mod kov;
pub mod named;
pub mod pld;
pub mod query;
pub mod refine;
pub mod renyi;
pub mod subsample;
pub mod worst;

pub use compose::{compose, Atom, ComposeError, Composed, MAX_USES};
pub use curve::{worst_delta_curve, ComposeCurve, ComposeCurvePiece, TooManyPieces};
pub use delta::{DeltaAtT, DeltaEps, Event, TForDelta};
pub use pld::{Letter, Outputs, PairLoss};
pub use worst::{compose_classes, compose_on_pairs, pair_classes, Class, PairComposition};

#[cfg(test)]
mod tests;
