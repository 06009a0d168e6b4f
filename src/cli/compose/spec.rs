//! The mechanisms `compose` reads: a file (as `audit` reads it) or a named mechanism —
//! `rr:K:T` (K-ary randomized response at `t = e^ε = T`), `geometric:K:T` (the truncated
//! geometric on `{0..K−1}`, adjacency `path:K` unless `--adjacency` says otherwise), `kov:T:D`
//! (the Kairouz–Oh–Viswanath pair of an (ln T, D)-DP mechanism), `dlaplace:T` and
//! `dgaussian:SIGMA` ([`crate::accounting::named`], with `--sensitivity D`) — and the sequence
//! `MECH1:K1,MECH2:K2,…`.

use super::super::audit::read_rows;
use super::super::error::CliError;
use crate::accounting::answer::{within_memory, AnswerError, Mechanism, CELL_BYTES};
use crate::mechanism::truncated_geometric;
use crate::num::{parse_rational, Rational};
use crate::params::{Delta, Sensitivity, Uses, T};
use crate::prob::Channel;
use std::path::Path;

/// A mechanism and the adjacency its name implies (`path:K` for the geometric).
pub(super) struct Named {
    pub mech: Mechanism,
    pub natural_adjacency: Option<String>,
}

fn usage(msg: String) -> CliError {
    CliError::usage(msg)
}

/// The memory refusal is bad input (exit 3).
pub(super) fn answer_error(e: AnswerError) -> CliError {
    match e {
        AnswerError::Query(m) => CliError::usage(m),
        AnswerError::Input(m) => CliError::bad_input(m),
    }
}

fn named_rational(spec: &str, s: &str) -> Result<Rational, CliError> {
    parse_rational(s).map_err(|e| usage(format!("`{spec}`: {s}: {e}")))
}

/// A named mechanism or a mechanism file (refused before it is read when its cells alone are
/// above `limit` bytes).
fn mechanism(spec: &str, limit: u64, sens: &Sensitivity) -> Result<Named, CliError> {
    let parts: Vec<&str> = spec.split(':').collect();
    let size = |s: &str| {
        s.parse::<usize>()
            .map_err(|_| usage(format!("`{spec}`: {s} is not a number of inputs")))
    };
    let named = |w: Channel, adj: Option<String>| Named {
        mech: Mechanism::channel(spec, w),
        natural_adjacency: adj,
    };
    let bad = |e: crate::mechanism::MechanismError| usage(format!("`{spec}`: {e}"));
    match parts.as_slice() {
        ["rr", k, t] => Ok(Named {
            mech: Mechanism::rr(spec, size(k)?, named_rational(spec, t)?).map_err(bad)?,
            natural_adjacency: None,
        }),
        ["geometric", k, t] => {
            let n = size(k)?;
            within_memory(
                &format!("`{spec}`"),
                n as u128 * n as u128 * CELL_BYTES,
                "its matrix",
                limit,
            )
            .map_err(answer_error)?;
            let w = truncated_geometric(n, &named_rational(spec, t)?).map_err(bad)?;
            Ok(named(w, Some(format!("path:{n}"))))
        }
        ["kov", t, d] => {
            let t = T::new(named_rational(spec, t)?);
            let d = Delta::new(named_rational(spec, d)?);
            let (Ok(t), Ok(d)) = (t, d) else {
                return Err(usage(format!(
                    "`{spec}`: needs T = e^eps >= 1 and 0 <= D <= 1"
                )));
            };
            let rows = crate::accounting::kov::kov_rows(t.value(), d.value()).to_vec();
            Ok(named(
                Channel::new(rows).expect("KOV rows are distributions"),
                None,
            ))
        }
        ["expmech" | "geoind", ..] => {
            let w = crate::mechanism::spec::parse(spec)
                .expect("a spec prefix")
                .map_err(|e| usage(e.to_string()))?;
            // The exponential mechanism's natural adjacency is its graph.
            let adj = spec
                .strip_prefix("expmech:")
                .and_then(|r| r.rsplit_once(':'))
                .map(|(g, _)| g.to_string());
            Ok(named(w, adj))
        }
        ["dlaplace" | "dgaussian", ..] => {
            match crate::accounting::named::parse(spec, sens, limit) {
                Some(m) => Ok(Named {
                    mech: m.map_err(answer_error)?,
                    natural_adjacency: None,
                }),
                None => Err(usage(format!(
                "`{spec}`: expected dlaplace:T (T = e^(1/scale) > 1) or dgaussian:SIGMA (sigma > 0)"
            ))),
            }
        }
        [name, ..] if ["rr", "geometric", "kov"].contains(name) => Err(usage(format!(
            "`{spec}`: expected rr:K:T, geometric:K:T or kov:T:D"
        ))),
        _ => {
            let path = Path::new(spec);
            if !path.exists() {
                return Err(usage(format!(
                    "`{spec}`: neither a mechanism file nor rr:K:T, geometric:K:T, kov:T:D, \
                     expmech:GRAPH:T, geoind:K:T, dlaplace:T, dgaussian:SIGMA"
                )));
            }
            // The shape counted from the bytes bounds what the matrix will hold.
            let cells = crate::prob::io::shape_of_file(path)
                .map_err(|e| CliError::bad_input(e.to_string()))?
                .cells();
            within_memory(spec, cells * CELL_BYTES, "its matrix", limit).map_err(answer_error)?;
            let rows = read_rows(path)?;
            let w = Channel::new(rows).map_err(|e| {
                CliError::bad_input(format!("{spec}: {}", crate::prob::io::MatrixError::from(e)))
            })?;
            Ok(named(w, None))
        }
    }
}

/// The sequence: `MECH` with `--k K`, or `MECH1:K1,MECH2:K2,…`.
pub(super) fn sequence(
    mech: &str,
    k: Option<Uses>,
    limit: u64,
    sens: &Sensitivity,
) -> Result<Vec<(Named, Uses)>, CliError> {
    if let Some(k) = k {
        return Ok(vec![(mechanism(mech, limit, sens)?, k)]);
    }
    let mut out = Vec::new();
    for item in mech.split(',') {
        let (spec, k) = item.rsplit_once(':').ok_or_else(|| {
            usage(format!(
                "`{item}`: give --k K, or a sequence MECH1:K1,MECH2:K2 (uses after the last colon)"
            ))
        })?;
        let m = match mechanism(spec, limit, sens) {
            Ok(m) => m,
            // `rr:2:3` alone reads as `rr:2` used 3 times; say what is missing instead.
            Err(_) if mechanism(item, limit, sens).is_ok() => {
                return Err(usage(format!(
                    "`{item}`: give the number of uses with --k K (or MECH:K in a sequence)"
                )))
            }
            Err(e) => return Err(e),
        };
        let k = Uses::parse(k).map_err(|e| usage(format!("`{item}`: {e}")))?;
        out.push((m, k));
    }
    Ok(out)
}
