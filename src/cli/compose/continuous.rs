//! `compose gaussian:SIGMA | laplace:B [--sensitivity D] --k K [--subsample poisson:Q]`
//! (issue 45 item 3): the spec's parsing (the parent's `run_continuous` asks
//! [`crate::accounting::continuous::answer`] and prints).

use super::super::error::CliError;
use crate::accounting::continuous::Continuous;

/// `gaussian:SIGMA` or `laplace:B`, `None` for any other spec ([`Continuous::parse`]).
pub(super) fn parse(spec: &str) -> Option<Result<Continuous, CliError>> {
    Continuous::parse(spec).map(|r| r.map_err(CliError::usage))
}
