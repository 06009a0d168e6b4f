//! The memory estimate of an audit, to refuse one above `--max-memory` before allocating it.

use crate::measure;
use crate::num::Rational;
use crate::params::{bytes_text, MemoryError, MemoryLimit};

/// The peak memory (bytes, an estimate) of an audit of an `n × k` channel on `pairs` neighbour
/// pairs, to refuse before allocating: per matrix cell the exact entry, the prior-weighted copy
/// (identifiability), a term of the exact mutual-information form and the float copy of the
/// capacity hint; 16 bytes per neighbour pair (the list itself: the complete adjacency on
/// 32,000 inputs is 8 GB); the Newton system of the capacity hint. Rationals with large
/// numerators and denominators take more than counted here.
pub fn memory_estimate(n: usize, k: usize, pairs: usize) -> u64 {
    let cells = (n as u64).saturating_mul(k as u64);
    let per_cell = 4 * std::mem::size_of::<Rational>() as u64 + 64;
    let newton = measure::capacity_newton_limit(n) as u64;
    cells
        .saturating_mul(per_cell)
        .saturating_add((pairs as u64).saturating_mul(16))
        .saturating_add(newton.saturating_mul(newton).saturating_mul(8))
}

/// Refuse an audit of `file` whose [`memory_estimate`] is above `limit`, before allocating
/// it; `what` names the matrix (`10000000 rows × 2 columns`).
pub fn check_memory(
    file: &str,
    what: &str,
    (n, k): (usize, usize),
    pairs: usize,
    limit: MemoryLimit,
) -> Result<(), MemoryError> {
    let need = memory_estimate(n, k, pairs);
    let pair_list = (pairs as u64).saturating_mul(16);
    let why = if pair_list > need / 2 {
        format!(
            " ({} of it the list of {pairs} neighbour pairs: give a sparser --adjacency)",
            bytes_text(pair_list)
        )
    } else {
        String::new()
    };
    MemoryError::check(file, &format!("auditing {what}"), need, &why, limit)
}
