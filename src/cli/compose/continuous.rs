//! `compose gaussian:SIGMA | laplace:B [--sensitivity D] --k K [--subsample poisson:Q]`
//! (issue 45 item 3): parsing and printing only; the answer is
//! [`crate::accounting::continuous::answer`].

use super::super::error::{CliError, CliResult};
use super::super::exit;
use super::Args;
use crate::accounting::continuous::{answer, Continuous, ContinuousQuery};
use crate::num::Rational;
use crate::params::{Scale, Subsample};

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

/// Answer and print; `mech` is the parsed spec.
pub(super) fn run(a: &Args, mech: Continuous) -> CliResult {
    let refuse = |flag: &str| {
        Err(CliError::usage(format!(
            "`{}`: {flag} does not apply to a continuous mechanism",
            a.mech
        )))
    };
    if a.adjacency.is_some() {
        return refuse("--adjacency");
    }
    if a.t.is_some() {
        return refuse("--t");
    }
    if a.rdp.is_some() || a.zcdp {
        return refuse("--rdp/--zcdp");
    }
    if a.certificate.is_some() {
        return refuse("--certificate");
    }
    let poisson = match &a.subsample {
        None => None,
        Some(Subsample::Poisson(q)) => Some(q.clone()),
        Some(Subsample::Fixed { .. }) => return refuse("--subsample fixed:M:N"),
    };
    let k = a.k.as_ref().ok_or_else(|| {
        CliError::usage(format!("`{}`: give the number of uses with --k K", a.mech))
    })?;
    let q = ContinuousQuery {
        spec: a.mech.clone(),
        mech,
        sensitivity: a.sensitivity.clone().unwrap_or_default().value().clone(),
        k: k.get(),
        poisson,
        eps: a
            .eps
            .clone()
            .map(|l| l.0.iter().map(|e| e.value().clone()).collect())
            .unwrap_or_default(),
        delta: a.delta.as_ref().map(|d| d.value().clone()),
        check: a
            .check
            .as_ref()
            .map(|(e, d)| (e.value().clone(), d.value().clone())),
        width: a
            .width
            .as_ref()
            .map(|w| w.value().clone())
            .unwrap_or_else(|| Rational::from_unsigneds(1u32, 100u32)),
        time: a
            .enclosure_secs
            .map(|t| t.duration())
            .unwrap_or(std::time::Duration::from_secs(60)),
    };
    let report = answer(&q).map_err(|e| CliError::usage(format!("`{}`: {e}", a.mech)))?;
    let _done = super::super::deadline::finishing();
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON of strings")
        );
    } else {
        print!("{}", report.to_text());
    }
    Ok(match report.check() {
        None | Some(Some(true)) => exit::OK,
        Some(Some(false)) => exit::MISMATCH,
        Some(None) => exit::BAD_INPUT,
    })
}
