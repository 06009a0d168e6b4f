//! Mechanisms named by a spec (issue 47 item 3), for every command that reads a mechanism
//! file (`audit`, `refines`, `compose`):
//! - `expmech:GRAPH:T` — the exponential mechanism `t^{−d(x,y)}/Z_x` on the shortest-path
//!   distance of a graph spec of `dpcert graph` (`path:5`, `cycle:6`, `hamming:2,3`, …) at
//!   `t = e^ε` ([`super::exponential_on_graph`]);
//! - `geoind:K:T` — geo-indistinguishability on the `K×K` grid (secret and output `(i, j)` at
//!   index `i·K + j`): the product of two truncated geometric mechanisms, one per coordinate,
//!   `W((a,b)|(i,j)) = G(a|i)·G(b|j)` — the discrete Laplace of the grid, with rational entries.
//!   It is exactly `(ln t)·d₁`-private for the Manhattan metric `d₁` on the grid (each factor's
//!   ratio is at most `t^{|i−i'|}`, attained), hence `(√2 ln t)·d₂`-private for the Euclidean
//!   distance of the planar Laplace (Andrés et al., CCS 2013).

use super::{exponential_on_graph, truncated_geometric, MechanismError};
use crate::num::{parse_rational, Rational};
use crate::prob::Channel;

/// The largest `K` of `geoind:K:T` (`K²` secrets and outputs: a million cells).
pub const MAX_GRID: usize = 32;
/// The most vertices of `expmech:GRAPH:T` (its matrix has `n²` cells).
pub const MAX_EXPMECH: usize = 1024;

/// The prefixes that name a spec rather than a file.
pub const PREFIXES: [&str; 2] = ["expmech:", "geoind:"];

fn bad(spec: &str, why: impl std::fmt::Display) -> MechanismError {
    MechanismError(format!("`{spec}`: {why}"))
}

fn t_of(spec: &str, s: &str) -> Result<Rational, MechanismError> {
    let t = parse_rational(s).map_err(|e| bad(spec, format!("{s}: {e}")))?;
    if t < 1u32 {
        return Err(bad(spec, format!("needs T = e^eps >= 1, got {t}")));
    }
    Ok(t)
}

/// The channel a spec names: `None` when `spec` starts with no spec prefix (a file, then);
/// `Some(Err)` for a malformed spec, in words.
pub fn parse(spec: &str) -> Option<Result<Channel, MechanismError>> {
    if let Some(rest) = spec.strip_prefix("expmech:") {
        return Some((|| {
            let (graph, t) = rest
                .rsplit_once(':')
                .ok_or_else(|| bad(spec, "expected expmech:GRAPH:T, e.g. expmech:path:5:2"))?;
            let t = t_of(spec, t)?;
            let g = match crate::graph::Graph::from_spec(graph) {
                Ok(Some(g)) => g,
                Ok(None) => {
                    return Err(bad(
                        spec,
                        format!(
                            "`{graph}` is not a graph spec (path:K, cycle:K, hamming:N,M, ...)"
                        ),
                    ))
                }
                Err(e) => return Err(bad(spec, e)),
            };
            if g.n() > MAX_EXPMECH {
                return Err(bad(
                    spec,
                    format!("{} vertices, at most {MAX_EXPMECH}", g.n()),
                ));
            }
            exponential_on_graph(&g, &t)
        })());
    }
    if let Some(rest) = spec.strip_prefix("geoind:") {
        return Some((|| {
            let (k, t) = rest
                .split_once(':')
                .ok_or_else(|| bad(spec, "expected geoind:K:T, e.g. geoind:4:2"))?;
            let k: usize = k
                .parse()
                .map_err(|_| bad(spec, format!("{k} is not a grid size")))?;
            if k == 0 || k > MAX_GRID {
                return Err(bad(spec, format!("the grid size must be 1..={MAX_GRID}")));
            }
            let g = truncated_geometric(k, &t_of(spec, t)?)?;
            Ok(g.product(&g))
        })());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{metric_privacy_level, Metric};
    use crate::num::LogLinear;
    use crate::testutil::q;

    #[test]
    fn specs_by_hand() {
        // expmech:path:3:2 — row 0: weights 1, 1/2, 1/4 over 7/4: (4/7, 2/7, 1/7).
        let w = parse("expmech:path:3:2").unwrap().unwrap();
        assert_eq!(w.rows()[0], vec![q(4, 7), q(2, 7), q(1, 7)]);
        // geoind:2:3 — G = ((3/4, 1/4), (1/4, 3/4)); secret (0,0) → output (0,0): 9/16.
        let g = parse("geoind:2:3").unwrap().unwrap();
        assert_eq!((g.n_inputs(), g.n_outputs()), (4, 4));
        assert_eq!(g.entry(0, 0), &q(9, 16));
        assert_eq!(g.entry(0, 3), &q(1, 16));
        // Exactly (ln 3)·d₁ on the grid.
        let l = metric_privacy_level(&g, &Metric::grid(2));
        assert_eq!(l.eps().unwrap(), LogLinear::ln(&q(3, 1)));
        assert!(parse("rr:2:3").is_none());
        assert!(parse("some.csv").is_none());
        for bad in [
            "expmech:path:3",
            "expmech:nosuch:3:2",
            "expmech:path:3:1/2",
            "geoind:0:2",
            "geoind:33:2",
            "geoind:4",
            "geoind:x:2",
        ] {
            assert!(parse(bad).unwrap().is_err(), "{bad}");
        }
    }

    #[test]
    fn geoind_level_is_ln_t_on_every_grid() {
        for k in 1..=4 {
            let g = parse(&format!("geoind:{k}:5/2")).unwrap().unwrap();
            let l = metric_privacy_level(&g, &Metric::grid(k));
            let want = if k == 1 {
                LogLinear::zero()
            } else {
                LogLinear::ln(&q(5, 2))
            };
            assert_eq!(l.eps().unwrap(), want, "k = {k}");
        }
    }
}
