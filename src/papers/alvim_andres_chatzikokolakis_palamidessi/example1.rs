//! AACP Example 1 (§6, Table 1): the answer graph K6, the two readings of "ε = log 2", the
//! printed matrices M1 and M2, the printed utilities 0.2242 / 0.2412 / 0.2857, and the remark
//! on rings and lines.
//!
//! M1 is reconstructed from the description "truncated geometric mechanism … extended to the
//! case where every pair of answers is neighbour": on the line A..F the truncated geometric
//! mechanism with parameter α (Ghosh–Roughgarden–Sundararajan) has
//! `M1[i][0] = α^i/(1+α)`, `M1[i][5] = α^{5−i}/(1+α)`, `M1[i][j] = α^{|i−j|}(1−α)/(1+α)`;
//! it is ε-DP between answers at line distance `d` iff `α^{−d} <= t`, so on K6 (d up to 5)
//! `α = t^{−1/5} = 2^{−1/5}`, irrational. Its entries are decided exactly in the number field
//! `Q(β)`, `β = 2^{1/5}` ([`RealField`]): sums, ratios and signs are exact; decimals are
//! correctly rounded by exact sign tests.
//!
//! This module holds the printed and the exact matrices, the field `Q(β)` and the exact utility
//! shared by the claim groups: `matrices` (Ex1a–Ex1d: the answer graph, the readings of
//! "ε = log 2", M1 and M2) and `utilities` (Ex1e–Ex1h: the printed utilities, their readings and
//! the remark on rings and lines).

mod matrices;
mod shared;
mod utilities;

pub(crate) use shared::*;

/// Every claim of Example 1.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(matrices::claims());
    v.extend(utilities::claims());
    v
}
