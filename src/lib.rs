//! dpcert — exact checking of differential-privacy and information-theory claims.
//!
//! Every decision is made in exact rational arithmetic, by an exact comparison of log-linear
//! forms, by a certified interval enclosure that separates, or by an LP certificate that dpcert
//! re-checks; `f64` is used only to print decimals and as a hint that an exact step certifies.
//! A checked statement is answered *holds*, *fails* (with an exact counterexample), *undecided*
//! (a certified bound too weak to separate) or *not checkable*.
//!
//! # Layers
//! Each module uses only the ones listed before it:
//! - [`num`]: the exact kernel — rationals, parsing of exact literals, log-linear forms,
//!   certified interval enclosures of `ln`, `exp`, `sqrt`, real algebraic numbers;
//! - [`graph`]: graphs (generators, edge lists), distance-regularity, automorphisms,
//!   vertex-transitivity and VT+;
//! - [`prob`]: validated distributions and channels, reading them from CSV/JSON;
//! - [`measure`]: DP and identifiability levels, hockey-stick δ at `t = e^ε` or at an exact ε,
//!   min-entropy leakage, mutual information, certified capacity brackets;
//! - [`mechanism`]: named mechanisms (randomized response, geometric, exponential, …);
//! - [`accounting`]: exact k-fold and heterogeneous composition (privacy loss distributions,
//!   δ(ε) = A − B·e^ε, the smallest ε for a δ, Kairouz–Oh–Viswanath optimal composition);
//! - [`lp`]: an exact LP solver whose certificates are re-checked, LP files, orbit reduction;
//! - [`audit`](mod@audit): one call, [`audit::audit`] (or [`audit::run`] with a validated
//!   [`audit::Query`]), gives every measure of a mechanism on a neighbour relation as a
//!   [`audit::Report`] with `to_text` and `to_json`;
//! - [`optimal`]: the exact optimal ε-DP mechanism for a prior and a loss or gain on a graph,
//!   with its checked certificate ([`optimal::optimal`]; `dpcert optimal` is [`optimal::run`]);
//! - [`claim`]: the claim framework — checkers, their manifests, verdict reports, *holds for
//!   all* certificates, search; it knows no paper;
//! - [`lang`]: the claim language, a claim typed as text and decided exactly ([`lang::check`]);
//! - [`papers`]: each source document's claims and certificates, handed to the framework by
//!   [`papers::registry`].
//!
//! The `cli` module (argument parsing and printing for the `dpcert` binary) exposes one item,
//! `cli::run`, so that the binary can call it; it is hidden from the documentation and is not
//! API.
//!
//! # What a user needs, at the root
//! [`Channel`], [`Dist`], [`Graph`] (and [`resolve_graph`] for a spec or an edge-list file),
//! [`Rational`] with [`parse_rational`], [`audit()`] / [`audit_with`] with
//! [`Adjacency`], and the modules: [`measure`], [`mechanism`], [`accounting`], [`lp`],
//! [`optimal`], [`claim`], [`lang`], [`papers`].
//!
//! # Example
//! ```
//! use dpcert::audit::Options;
//! use dpcert::params::Eps;
//! use dpcert::{audit_with, parse_rational, Adjacency, Channel, Graph};
//!
//! let q = |s: &str| parse_rational(s).unwrap();
//! // A mechanism on the path 0 - 1 - 2: only neighbours are compared.
//! let w = Channel::new(vec![
//!     vec![q("1/2"), q("1/2")],
//!     vec![q("1/3"), q("2/3")],
//!     vec![q("1/10"), q("9/10")],
//! ])
//! .unwrap();
//! let path = Adjacency::of_graph("path:3", &Graph::path(3));
//! // Every parameter is validated once, by `dpcert::params` (ε ≥ 0 here).
//! let opts = Options { eps: vec![Eps::parse("1").unwrap()], ..Options::default() };
//! let report = audit_with(&w, &path, &opts).unwrap();
//! assert_eq!(report.dp.ratio.to_string(), "10/3"); // e^ε, exactly
//! // δ at ε = 1 is exactly A − B·e with rational A, B.
//! println!("δ(1) = {}", report.delta_at_eps[0]);
//! ```

#![deny(missing_docs)]

pub mod accounting;
pub mod audit;
pub mod certify;
pub mod claim;
#[doc(hidden)]
pub mod cli;
pub mod graph;
pub mod json;
pub mod lang;
pub mod lp;
pub mod measure;
pub mod mechanism;
pub mod num;
pub mod optimal;
pub mod papers;
pub mod params;
pub mod plot;
pub mod prob;
pub mod qif;
pub(crate) mod suggest;
#[cfg(test)]
pub(crate) mod testutil;

pub use audit::{audit, audit_with};
pub use graph::{resolve as resolve_graph, Graph};
pub use num::{parse_rational, Rational};
pub use prob::Adjacency;
pub use prob::{Channel, Dist};
