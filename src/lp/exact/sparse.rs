//! A sparse row of exact rationals, `(column, coefficient)` with no zero coefficient: the
//! matrices the exact eliminations take ([`super::lu`], [`super::dixon`]).

use crate::num::Rational;

/// A sparse row: `(column, coefficient)` sorted by column, no zeros.
pub type SparseRow = Vec<(usize, Rational)>;

/// The sparse rows (zeros dropped) of a dense matrix.
#[cfg(test)]
pub(crate) fn from_dense(dense: &[Vec<Rational>]) -> Vec<SparseRow> {
    dense
        .iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .filter(|(_, a)| **a != 0u32)
                .map(|(c, a)| (c, a.clone()))
                .collect()
        })
        .collect()
}
