//! Exact probability objects: validated distributions ([`Dist`]) and channels ([`Channel`],
//! rows = inputs, columns = outputs), joints, marginals, posteriors and composition.
//!
//! Every constructor validates its input exactly (non-negative entries, rows summing to exactly
//! 1, consistent shapes) and returns a typed [`ProbError`] naming the row and entry at fault.
//! Reading a matrix from text (CSV / JSON with exact literals) lives in [`io`].

pub mod adjacency;
pub mod io;
pub mod rationalize;

pub use adjacency::{Adjacency, NoNeighbourPairs};

use crate::num::Rational;
use malachite::base::num::basic::traits::{One, Zero};
use std::fmt;

/// A channel as plain rows (`rows[x][y] = W(y|x)`), not validated: what the paper modules
/// enumerate and the row functions below take; [`Channel`] is the validated form.
pub(crate) type Rows = Vec<Vec<Rational>>;

/// Why a distribution or channel was rejected. Rows and columns are 0-based here; the CLI
/// prints them 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProbError {
    /// No entries (a distribution of length 0, or a channel with no rows).
    Empty,
    /// Row `row` has `found` entries where `expected` were required.
    Ragged {
        /// 0-based row.
        row: usize,
        /// Entries required.
        expected: usize,
        /// Entries found.
        found: usize,
    },
    /// Entry `(row, col)` is negative.
    Negative {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The negative entry.
        value: Rational,
    },
    /// Row `row` sums to `sum`, not exactly 1.
    RowSum {
        /// 0-based row.
        row: usize,
        /// Its exact sum.
        sum: Rational,
    },
    /// Two objects that must agree in size do not (e.g. a prior and a channel).
    Shape {
        /// What has the wrong size.
        what: &'static str,
        /// The size required.
        expected: usize,
        /// The size found.
        found: usize,
    },
}

impl fmt::Display for ProbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbError::Empty => write!(f, "no entries"),
            ProbError::Ragged {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {}: {found} entries, expected {expected} (ragged rows)",
                row + 1
            ),
            ProbError::Negative { row, col, value } => write!(
                f,
                "row {}, column {}: negative entry {value}",
                row + 1,
                col + 1
            ),
            ProbError::RowSum { row, sum } => {
                write!(f, "row {}: sums to {sum}, not exactly 1", row + 1)
            }
            ProbError::Shape {
                what,
                expected,
                found,
            } => write!(f, "{what}: length {found}, expected {expected}"),
        }
    }
}

impl std::error::Error for ProbError {}

fn check_row(row: usize, v: &[Rational]) -> Result<(), ProbError> {
    if v.is_empty() {
        return Err(ProbError::Empty);
    }
    let mut sum = Rational::ZERO;
    for (col, p) in v.iter().enumerate() {
        if *p < 0u32 {
            return Err(ProbError::Negative {
                row,
                col,
                value: p.clone(),
            });
        }
        sum += p;
    }
    if sum != 1u32 {
        return Err(ProbError::RowSum { row, sum });
    }
    Ok(())
}

/// A probability distribution on `0..len()` with exact rational masses (validated: entries
/// non-negative, sum exactly 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dist(Vec<Rational>);

impl Dist {
    /// Validate and wrap. Errors name the entry as `row 0, column i`.
    pub fn new(p: Vec<Rational>) -> Result<Dist, ProbError> {
        check_row(0, &p)?;
        Ok(Dist(p))
    }

    /// The uniform distribution on `n ≥ 1` points.
    ///
    /// # Panics
    /// If `n == 0`.
    pub fn uniform(n: usize) -> Dist {
        assert!(n > 0, "Dist::uniform(0)");
        Dist(vec![Rational::from_unsigneds(1u64, n as u64); n])
    }

    /// The point mass at `i` on `n` points.
    pub fn point(n: usize, i: usize) -> Dist {
        let mut v = vec![Rational::ZERO; n];
        v[i] = Rational::ONE;
        Dist(v)
    }

    /// The masses.
    pub fn probs(&self) -> &[Rational] {
        &self.0
    }

    /// Mass of `i`.
    pub fn p(&self, i: usize) -> &Rational {
        &self.0[i]
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false for a validated distribution (kept for clippy's `len_without_is_empty`).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The points of positive mass.
    pub fn support(&self) -> Vec<usize> {
        (0..self.len()).filter(|&i| self.0[i] > 0u32).collect()
    }
}

/// A channel (mechanism) `W(y|x)` with exact rational entries: one row per input `x`, one
/// column per output `y`; validated row-stochastic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Channel {
    rows: Vec<Vec<Rational>>,
}

impl Channel {
    /// Validate and wrap: at least one row and one column, all rows of the first row's
    /// length, entries non-negative, every row summing to exactly 1.
    pub fn new(rows: Vec<Vec<Rational>>) -> Result<Channel, ProbError> {
        if rows.is_empty() || rows[0].is_empty() {
            return Err(ProbError::Empty);
        }
        let k = rows[0].len();
        for (i, r) in rows.iter().enumerate() {
            if r.len() != k {
                return Err(ProbError::Ragged {
                    row: i,
                    expected: k,
                    found: r.len(),
                });
            }
            check_row(i, r)?;
        }
        Ok(Channel { rows })
    }

    /// Wrap rows known to pass [`Channel::new`]'s checks (the claim language's channel
    /// domains, whose rows are compositions `n_i / D` of `D`), without summing them again;
    /// debug builds check them.
    pub(crate) fn from_valid_rows(rows: Vec<Vec<Rational>>) -> Channel {
        debug_assert!(
            Channel::new(rows.clone()).is_ok(),
            "rows not row-stochastic"
        );
        Channel { rows }
    }

    /// The identity channel on `n` symbols.
    pub fn identity(n: usize) -> Channel {
        Channel {
            rows: (0..n).map(|i| Dist::point(n, i).0).collect(),
        }
    }

    /// The rows `W(·|x)`.
    pub fn rows(&self) -> &[Vec<Rational>] {
        &self.rows
    }

    /// Row `x` as a distribution.
    pub fn row(&self, x: usize) -> Dist {
        Dist(self.rows[x].clone())
    }

    /// Number of inputs (rows).
    pub fn n_inputs(&self) -> usize {
        self.rows.len()
    }

    /// Number of outputs (columns).
    pub fn n_outputs(&self) -> usize {
        self.rows[0].len()
    }

    /// `W(y|x)`.
    pub fn entry(&self, x: usize, y: usize) -> &Rational {
        &self.rows[x][y]
    }

    /// Column `y`: `(W(y|x))_x`.
    pub fn column(&self, y: usize) -> Vec<Rational> {
        self.rows.iter().map(|r| r[y].clone()).collect()
    }

    /// The output distribution `P_Y(y) = Σ_x π(x) W(y|x)`.
    pub fn output(&self, prior: &Dist) -> Result<Dist, ProbError> {
        self.check_prior(prior)?;
        Ok(Dist(output_rows(prior.probs(), &self.rows)))
    }

    /// The joint `P(x, y) = π(x) W(y|x)`.
    pub fn joint(&self, prior: &Dist) -> Result<Joint, ProbError> {
        self.check_prior(prior)?;
        Ok(Joint {
            p: joint_rows(prior.probs(), &self.rows),
        })
    }

    /// Sequential composition `W ∘ V`: first `self`, then `next` on its output,
    /// `(self·next)(z|x) = Σ_y W(y|x) V(z|y)`.
    pub fn then(&self, next: &Channel) -> Result<Channel, ProbError> {
        if next.n_inputs() != self.n_outputs() {
            return Err(ProbError::Shape {
                what: "composed channel inputs",
                expected: self.n_outputs(),
                found: next.n_inputs(),
            });
        }
        let rows = compose_rows(&self.rows, &next.rows);
        Ok(Channel { rows })
    }

    /// Parallel composition on the same input: output `(y, z)` indexed `y·|Z| + z`,
    /// `P(y, z | x) = W(y|x) V(z|x)` (independent noise); see `parallel_rows`.
    pub fn parallel(&self, other: &Channel) -> Result<Channel, ProbError> {
        if other.n_inputs() != self.n_inputs() {
            return Err(ProbError::Shape {
                what: "parallel channel inputs",
                expected: self.n_inputs(),
                found: other.n_inputs(),
            });
        }
        Ok(Channel {
            rows: parallel_rows(&self.rows, &other.rows),
        })
    }

    /// The product channel `W ⊗ V` on input pairs (see `product_rows`); always valid.
    pub fn product(&self, other: &Channel) -> Channel {
        Channel {
            rows: product_rows(&self.rows, &other.rows),
        }
    }

    /// The rows `W(·|x)`, by value (for code that works on plain matrices).
    pub fn into_rows(self) -> Vec<Vec<Rational>> {
        self.rows
    }

    /// Check that a prior has one mass per input.
    pub fn check_prior(&self, prior: &Dist) -> Result<(), ProbError> {
        if prior.len() != self.n_inputs() {
            return Err(ProbError::Shape {
                what: "prior",
                expected: self.n_inputs(),
                found: prior.len(),
            });
        }
        Ok(())
    }
}

/// A joint distribution `P(x, y)` (rows x, columns y), from [`Channel::joint`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joint {
    p: Vec<Vec<Rational>>,
}

impl Joint {
    /// The masses `P(x, y)`.
    pub fn probs(&self) -> &[Vec<Rational>] {
        &self.p
    }

    /// The marginal of X.
    pub fn marginal_x(&self) -> Dist {
        Dist(self.p.iter().map(|r| r.iter().sum()).collect())
    }

    /// The marginal of Y.
    pub fn marginal_y(&self) -> Dist {
        let k = self.p[0].len();
        Dist((0..k).map(|y| self.p.iter().map(|r| &r[y]).sum()).collect())
    }

    /// All masses as one distribution on pairs, index `x·|Y| + y`.
    pub fn flat(&self) -> Dist {
        Dist(self.p.iter().flatten().cloned().collect())
    }

    /// Bayes' rule: the posterior `π_y(x) = P(x, y) / P_Y(y)` on inputs of output `y`
    /// (Cover–Thomas §2.1; Vadhan eq. (1)); `None` when `P_Y(y) = 0`. The one place a
    /// posterior is computed.
    ///
    /// # Panics
    /// If `y` is not an output.
    pub fn posterior(&self, y: usize) -> Option<Dist> {
        let py: Rational = self.p.iter().map(|r| &r[y]).sum();
        (py > 0u32).then(|| Dist(self.p.iter().map(|r| &r[y] / &py).collect()))
    }

    /// The hyper-distribution (QIF): for each output `y` of positive probability, its outer
    /// probability `P_Y(y)` and the posterior `P(·|y)` on inputs.
    pub fn posteriors(&self) -> Vec<(usize, Rational, Dist)> {
        let py = self.marginal_y();
        (0..py.len())
            .filter_map(|y| self.posterior(y).map(|post| (y, py.0[y].clone(), post)))
            .collect()
    }
}

/// The output distribution `P_Y(y) = Σ_x π(x) W(y|x)` of the channel with rows `rows` under
/// `prior` (one mass per row; not checked): the one place it is computed.
///
/// Over one common denominator `M`: with `d_x` the lcm of row `x`'s denominators, the integers
/// `c_xy = W(y|x)·d_x` and `f_x = π(x)·M/d_x`, `P_Y(y) = (Σ_x f_x c_xy) / M`: a product of a
/// large integer by a small one per cell and one reduction per output, where adding rationals
/// cell by cell takes a gcd of ever larger numbers each time (3 of the 9 s of a 1024×1024
/// audit's capacity bracket, issue 31). Negative values (not a distribution) take the plain sum.
pub(crate) fn output_rows(prior: &[Rational], rows: &[Vec<Rational>]) -> Vec<Rational> {
    use malachite::base::num::arithmetic::traits::{AddMulAssign, DivExact, LcmAssign};
    use malachite::Natural;
    if prior.iter().chain(rows.iter().flatten()).any(|v| *v < 0u32) {
        return output_rows_naive(prior, rows);
    }
    let k = rows.first().map_or(0, Vec::len);
    // (f_x before scaling by M: the reduced π(x)/d_x as numerator, denominator; d_x; row).
    let mut used = Vec::new();
    let mut m = Natural::ONE;
    for (p, row) in prior.iter().zip(rows) {
        if *p == 0u32 {
            continue;
        }
        let mut d = Natural::ONE;
        for a in row {
            d.lcm_assign(a.denominator_ref());
        }
        let r = p / Rational::from(d.clone());
        m.lcm_assign(r.denominator_ref());
        used.push((r, d, row));
    }
    let mut num = vec![Natural::ZERO; k];
    for (r, d, row) in &used {
        let f = r.numerator_ref() * (&m).div_exact(r.denominator_ref());
        for (n, a) in num.iter_mut().zip(row.iter()) {
            if *a != 0u32 {
                let c = a.numerator_ref() * d.div_exact(a.denominator_ref());
                n.add_mul_assign(&f, &c);
            }
        }
    }
    num.into_iter()
        .map(|n| Rational::from_naturals(n, m.clone()))
        .collect()
}

/// [`output_rows`] by adding `π(x) W(y|x)` cell by cell (the definition; also the reference
/// its tests compare with).
pub(crate) fn output_rows_naive(prior: &[Rational], rows: &[Vec<Rational>]) -> Vec<Rational> {
    let mut out = vec![Rational::ZERO; rows.first().map_or(0, Vec::len)];
    for (p, row) in prior.iter().zip(rows) {
        if *p == 0u32 {
            continue;
        }
        for (o, w) in out.iter_mut().zip(row) {
            *o += p * w;
        }
    }
    out
}

/// The joint `P_XY(x, y) = π(x) W(y|x)` of a prior and channel rows (one mass per row; not
/// checked), as a matrix indexed `[x][y]` (Cover–Thomas §2.1): the one place it is computed.
pub(crate) fn joint_rows(prior: &[Rational], rows: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    prior
        .iter()
        .zip(rows)
        .map(|(p, row)| row.iter().map(|e| p * e).collect())
        .collect()
}

/// Serial composition `W ; V` on rows: `(W ; V)(z|x) = Σ_y W(y|x) V(z|y)` (the channel `V ∘ W`,
/// Cover–Thomas §2.8's Markov chain X → Y → Z). `v` needs one row per output of `w`.
pub(crate) fn compose_rows(w: &[Vec<Rational>], v: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    let k = v.first().map_or(0, Vec::len);
    w.iter()
        .map(|row| {
            let mut out = vec![Rational::ZERO; k];
            for (a, vrow) in row.iter().zip(v) {
                if *a == 0u32 {
                    continue;
                }
                for (o, b) in out.iter_mut().zip(vrow) {
                    *o += a * b;
                }
            }
            out
        })
        .collect()
}

/// Parallel composition of two channels on the same input, given as rows:
/// `P(y, z | x) = W(y|x) V(z|x)` with output `(y, z)` indexed `y·|Z| + z` (Cover–Thomas
/// §7.4, independent uses). Rows are zipped: the shorter matrix decides the inputs.
pub(crate) fn parallel_rows(w: &[Vec<Rational>], v: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    w.iter()
        .zip(v)
        .map(|(a, b)| {
            a.iter()
                .flat_map(|p| b.iter().map(move |q| p * q))
                .collect()
        })
        .collect()
}

/// The product channel `W ⊗ V` on input pairs: input `(x, x')` indexed `x·|X'| + x'`, output
/// `(y, y')` indexed `y·|Y'| + y'`, `P(y, y' | x, x') = W(y|x) V(y'|x')` (the Kronecker product
/// of the matrices).
pub(crate) fn product_rows(w: &[Vec<Rational>], v: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    w.iter()
        .flat_map(|a| {
            v.iter().map(move |b| {
                parallel_rows(std::slice::from_ref(a), std::slice::from_ref(b)).remove(0)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
