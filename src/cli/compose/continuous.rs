//! `compose gaussian:SIGMA | laplace:B [--sensitivity D] --k K [--subsample poisson:Q]`
//! (issue 45 item 3): the spec's parsing (the parent's `run_continuous` asks
//! [`crate::accounting::continuous::answer`] and prints).

use super::super::error::CliError;
use crate::accounting::continuous::Continuous;
use crate::params::Scale;

/// `gaussian:SIGMA` or `laplace:B`, `None` for any other spec.
pub(super) fn parse(spec: &str) -> Option<Result<Continuous, CliError>> {
    let (name, rest) = spec.split_once(':')?;
    let scale = |what: &str| {
        Scale::parse_named(what, rest)
            .map(|s| s.value().clone())
            .map_err(|e| CliError::usage(format!("`{spec}`: {e}")))
    };
    match name {
        "gaussian" => Some(scale("sigma").map(|sigma| Continuous::Gaussian { sigma })),
        "laplace" => Some(scale("b").map(|b| Continuous::Laplace { b })),
        _ => None,
    }
}
