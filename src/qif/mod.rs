//! Quantitative information flow beyond one channel's vulnerabilities (issue 47): questions
//! that compare channels or need an exact LP — refinement (`dpcert refines`), the
//! hyper-distribution as a value, Kantorovich distances on a metric.
//!
//! This room sits above `lp` (its answers are LPs with checked certificates) and below `audit`
//! (which shows its quantities): docs/design.md, "Layers". The single-channel vulnerabilities,
//! risks and uncertainties, and metric privacy, live in `measure` (`measure::qif`,
//! `measure::metric`).

pub mod hyper;
pub mod kantorovich;
pub mod refinement;

pub use hyper::Hyper;
pub use kantorovich::{kantorovich, kantorovich_channels, Kantorovich};
pub use refinement::{
    refinement_record, refines, same_hyper_record, Refinement, RefinesError, RefinesQuery,
    RefinesReport,
};
