//! The integration tests, one binary (issue 31: seven test binaries each linked the whole
//! library in the optimised test profile; one binary links it once). Each module is the file
//! of one concern, as the separate binaries were; run one with `cargo test --test it <module>::`
//! (e.g. `cargo test --test it claims::`).

mod audit_cli;
mod certificates;
mod check_limits;
mod claims;
mod cli_claims;
mod cli_lp;
mod common;
mod compose_cli;
mod compose_continuous_cli;
mod graph_cli;
mod hostile_flags;
mod inputs_cli;
mod installed;
mod json_schema;
mod json_schema_audit;
mod json_schema_claims;
mod optimal_cli;
mod plot_cli;
mod qif_cli;
mod readme;
mod shard;
