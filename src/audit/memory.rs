//! The memory estimate of an audit, to refuse one above `--max-memory` before allocating it.

use crate::measure;
use crate::num::Rational;
use crate::params::MemoryLimit;
use std::fmt;

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

/// `bytes` for people: `3.2 GiB`, `512.0 MiB`, `900 bytes`.
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [(&str, u64); 4] = [
        ("TiB", 1 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
    ];
    for (name, size) in UNITS {
        if bytes >= size {
            // f64 only to print.
            return format!("{:.1} {name}", bytes as f64 / size as f64);
        }
    }
    format!("{bytes} bytes")
}

/// Work estimated above `--max-memory`, refused before allocating (exit 3): one wording for
/// `audit`, `compose` and `graph`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryError {
    /// The file or spec refused.
    pub subject: String,
    /// What it would have done (`auditing 3 inputs × 2 outputs`).
    pub doing: String,
    /// The estimate, bytes.
    pub need: u64,
    /// What most of it is, when one part dominates (` (… of it the list of …)`), or empty.
    pub why: String,
    /// The limit, bytes.
    pub limit: u64,
}

impl MemoryError {
    /// `Err` when `need` is above `limit`.
    pub fn check(
        subject: &str,
        doing: &str,
        need: u64,
        why: &str,
        limit: MemoryLimit,
    ) -> Result<(), MemoryError> {
        if need <= limit.bytes() {
            Ok(())
        } else {
            Err(MemoryError {
                subject: subject.to_string(),
                doing: doing.to_string(),
                need,
                why: why.to_string(),
                limit: limit.bytes(),
            })
        }
    }

    /// Refuse an audit of `file` whose [`memory_estimate`] is above `limit`, before allocating
    /// it; `what` names the matrix (`10000000 rows × 2 columns`).
    pub fn check_audit(
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
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} needs about {}{}, above the limit of {}; raise it with --max-memory (e.g. \
             --max-memory {}G)",
            self.subject,
            self.doing,
            bytes_text(self.need),
            self.why,
            bytes_text(self.limit),
            self.need.div_ceil(1 << 30)
        )
    }
}

impl std::error::Error for MemoryError {}
