//! dpcert — exact checking of differential-privacy and information-theory claims.
//!
//! Layers (each uses only the ones above it), see `DESIGN.md`:
//! `num` (exact kernel) → `graph` → `prob` → `measure` → `mechanism` → `lp` → `claim` → `cli`.

pub mod audit;
pub mod claim;
pub mod cli;
pub mod graph;
pub mod lp;
pub mod measure;
pub mod mechanism;
pub mod num;
pub mod prob;
