//! The exact kernel: rationals, polynomials with Sturm sequences, log-linear forms,
//! certified intervals, and the three-valued [`Decision`].

pub mod algebraic;
pub mod decision;
pub mod fmt;
pub mod interval;
pub mod loglin;
pub mod parse;
pub mod poly;
pub mod sturm;

pub use decision::Decision;
pub use interval::Interval;
pub use loglin::LogLinear;
pub use malachite::rational::Rational;
pub use malachite::{Integer, Natural};
pub use parse::{parse_rational, ParseRationalError};
pub use poly::{Poly, RatFn};
pub use sturm::{Range, SignOnInterval};
