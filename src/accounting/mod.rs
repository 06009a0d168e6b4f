//! Exact privacy accounting: what is the (ε, δ) of a mechanism used k times?
//!
//! For a finite mechanism the privacy loss of a neighbour pair takes finitely many values, so the
//! k-fold (or heterogeneous) composition has an exact discrete privacy loss distribution, and
//! δ(ε) = A − B·e^ε with exact rationals A, B; the smallest ε for a given δ is the logarithm of
//! an exact rational. Layers: [`pld`] (the PLD of one ordered pair), [`basis`] (a gcd-free
//! basis keying outcomes by exponent vectors), [`compose`] (exact composition), the δ queries
//! (on [`compose::Composed`]), [`worst`] (the worst ordered neighbour pair of a channel) and
//! [`kov`] (Kairouz–Oh–Viswanath optimal composition of (ε, δ)-DP mechanisms), and [`query`]
//! (δ, e^ε for δ and the pure level of k uses, as claims ask them).
//!
//! What is composed: the same ordered neighbour pair `(x, x')` for every use (the data do not
//! change between uses), each use with fresh randomness, the answers of all uses observed.
//! The worst case is the maximum over ordered pairs, per ε. For a fixed mechanism the adversary
//! has nothing to choose between uses except the pair; the tests check by enumeration that
//! choosing the pair adaptively from the earlier answers gives nothing more for the mechanisms
//! tested (randomized response, the truncated geometric on a path).

pub mod basis;
pub mod compose;
mod delta;
pub mod kov;
pub mod pld;
pub mod query;
pub mod worst;

pub use compose::{compose, Atom, ComposeError, Composed, MAX_USES};
pub use delta::{DeltaAtT, DeltaEps, Event, TForDelta};
pub use pld::{Letter, PairLoss};
pub use worst::{compose_on_pairs, PairComposition};

#[cfg(test)]
mod tests;
