//! The file formats of an LP: the CPLEX LP text format (common subset, exact coefficients) and
//! the symmetry file of `dpcert lp --symmetry` (`generators`). An answer's JSON is the `lp`
//! command's report (`crate::lp::command`, on the one schema of docs/json.md).
//!
//! The LP format is read by [`parse_lp`] (`lexer` for the tokens, `parse` for the sections and
//! bounds) into an [`LpFile`] (`lp_file`), and written by [`write_lp`] (`write`):
//!
//! ```text
//! \ comments run from a backslash to the end of the line
//! Maximize
//!  obj: 3 x + 2/3 y - 0.5 z
//! Subject To
//!  c1: x + y <= 4
//!  c2: x + 3 y
//!      - z >= 1e-3          (a constraint may span lines)
//!  x - y = 0                (names are optional: rows get r<index>)
//! Bounds
//!  0 <= x <= 40
//!  y <= 5
//!  z free
//! End
//! ```
//!
//! Sections (case-insensitive): `Minimize`/`Minimum`/`Min`, `Maximize`/`Maximum`/`Max`,
//! `Subject To`/`Such That`/`st`/`s.t.`, `Bounds`, `End`. Coefficients are exact literals read by
//! [`crate::num::parse_rational`] (`3/7`, `0.25`, `1e-3`), never through a float. Bounds (`x >= l`, `x <= u`,
//! `l <= x <= u`, `x = v`, `x free`, `±inf`) are turned into the `x >= 0` model by substitution:
//! `x = l + x'` for a finite lower bound (an upper bound becomes the row `x' <= u - l`, named
//! `<x>.ub`), `x = u - x'` for `(-inf, u]`, and `x = x⁺ - x⁻` for a free variable. [`LpFile`]
//! maps primal points and rays back to the original variables. Integer sections (`General`,
//! `Binary`, ...) are rejected: this is an LP solver.

mod generators;
mod lexer;
mod lp_file;
mod parse;
mod write;

pub use lp_file::{LpFile, LpFormatError};
pub use parse::parse_lp;
pub use write::write_lp;

#[cfg(test)]
mod tests;
