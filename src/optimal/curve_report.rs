//! `dpcert optimal --curve-t T1,T2`'s one library call (issue 46 item 4): an
//! [`OptimalCurveQuery`] in, an [`OptimalCurveReport`] out, printed as text (ε = ln t beside),
//! CSV (`t_lo,t_hi,exact_piece,` then decimals) and the JSON key `curve`, in the shapes of
//! `audit --curve-t`. Decimals and ε enclosures are for people and plots only.

use super::command::{abs_warning_of, objective_of};
use super::curve::{approx, optimal_curve, point_text, CurvePiece, OptimalCurve};
use super::{ObjectiveChoice, QueryError, MAX_VERTICES};
use crate::graph::Graph;
use crate::json::{document, exact};
use crate::num::fmt::{decimal, decimal_round};
use crate::num::sturm::RealRoot;
use crate::num::{Interval, Poly, RatFn, Rational};
use crate::params::TRange;
use crate::prob::Dist;
use malachite::base::rounding_modes::RoundingMode;
use serde_json::{json, Value};
use std::time::Instant;

/// Digits of the decimals printed.
const DIGITS: usize = 12;

/// The optimum against `t` as `dpcert optimal --curve-t` is asked it.
#[derive(Clone, Debug)]
pub struct OptimalCurveQuery {
    /// The neighbour relation on the secrets.
    pub graph: Graph,
    /// How the graph was given, for the report.
    pub graph_spec: String,
    /// The warnings of reading the graph.
    pub warnings: Vec<String>,
    /// `[T1, T2]`, `1 ≤ T1 < T2`.
    pub range: TRange,
    /// The prior on the secrets.
    pub prior: Dist,
    /// What to optimise.
    pub objective: ObjectiveChoice,
    /// Stop the sweep after this long, answering with the pieces found so far
    /// (`--time-limit`).
    pub time_limit: Option<std::time::Duration>,
}

/// The answer to an [`OptimalCurveQuery`].
#[derive(Clone, Debug)]
pub struct OptimalCurveReport {
    /// How the graph was given.
    pub graph_spec: String,
    /// Vertices (secrets).
    pub vertices: usize,
    /// Edges (neighbour pairs).
    pub edges: usize,
    /// `loss` or `gain`.
    pub kind: &'static str,
    /// What the objective's matrix is, in words.
    pub objective_definition: String,
    /// The pieces.
    pub curve: OptimalCurve,
    /// Wall seconds of the sweep.
    pub seconds: f64,
    /// Warnings (reading the graph; `--loss abs` off a path).
    pub warnings: Vec<String>,
}

/// The optimum of `q` on its range of `t` ([`optimal_curve`]).
pub fn run_curve(q: &OptimalCurveQuery) -> Result<OptimalCurveReport, QueryError> {
    let g = &q.graph;
    if g.n() > MAX_VERTICES {
        return Err(QueryError::TooLarge {
            spec: q.graph_spec.clone(),
            vertices: g.n(),
        });
    }
    let (objective, words) = objective_of(g, &q.graph_spec, &q.objective)?;
    let mut warnings = q.warnings.clone();
    warnings.extend(abs_warning_of(g, &q.graph_spec, &q.objective));
    let start = Instant::now();
    let deadline = q.time_limit.map(|d| start + d);
    let curve =
        optimal_curve(g, &q.prior, &objective, &q.range, deadline).map_err(QueryError::Optimal)?;
    Ok(OptimalCurveReport {
        graph_spec: q.graph_spec.clone(),
        vertices: g.n(),
        edges: g.m(),
        kind: objective.kind(),
        objective_definition: words,
        curve,
        seconds: start.elapsed().as_secs_f64(),
        warnings,
    })
}

/// `f` written in `t` (`num / den`, or the polynomial).
fn formula(f: &RatFn) -> String {
    let wrap = |p: &Poly| {
        if p.degree().unwrap_or(0) == 0 {
            p.to_string_var("t")
        } else {
            format!("({})", p.to_string_var("t"))
        }
    };
    if f.den == Poly::one() {
        f.num.to_string_var("t")
    } else {
        format!("{} / {}", wrap(&f.num), wrap(&f.den))
    }
}

/// `[ln lo, ln hi]` rounded outward (an algebraic end by its isolating interval): an enclosure
/// of the ε of every `t` of `[lo, hi]`, `lo ≥ 1`.
fn eps_bounds(lo: &RealRoot, hi: &RealRoot) -> (Rational, Rational) {
    let ln = |t: &Rational| Interval::ln_rational(t, 256).expect("t >= 1 > 0");
    let fine = |x: &RealRoot| {
        let mut x = x.clone();
        x.refine_to(&Rational::from_unsigneds(1u64, 10u64.pow(15)));
        x
    };
    let (l, h) = (ln(&fine(lo).lo), ln(&fine(hi).hi));
    (
        l.lo_rational().expect("finite"),
        h.hi_rational().expect("finite"),
    )
}

/// [`eps_bounds`] as text, `[lo, hi]`.
fn eps_range(lo: &RealRoot, hi: &RealRoot) -> String {
    let (l, h) = eps_bounds(lo, hi);
    format!(
        "[{}, {}]",
        decimal_round(&l, DIGITS, RoundingMode::Floor),
        decimal_round(&h, DIGITS, RoundingMode::Ceiling)
    )
}

/// The value of the piece at its end `x`: exact at a rational end, else a decimal (`≈`).
fn value_text(p: &CurvePiece, x: &RealRoot) -> String {
    match x.as_rational() {
        Some(t) => {
            let v = p.value.eval(t).expect("no pole on a certified piece");
            format!("{v} (≈ {})", decimal(&v, DIGITS))
        }
        None if p.value.num.degree().unwrap_or(0) == 0 && p.value.den == Poly::one() => {
            let v = p.value.num.coeff(0);
            format!("{v} (≈ {})", decimal(&v, DIGITS))
        }
        None => format!("≈ {}", value_decimal(p, x)),
    }
}

fn value_decimal(p: &CurvePiece, x: &RealRoot) -> String {
    let v = p
        .value
        .eval(&approx(x))
        .expect("no pole next to a certified piece");
    decimal(&v, DIGITS)
}

/// A breakpoint in JSON: the exact rational, or `{"root_of", "in", "decimal"}`.
fn point_json(x: &RealRoot) -> Value {
    match x.as_rational() {
        Some(q) => exact(q),
        None => json!({
            "root_of": x.poly.to_string_var("t"),
            "in": [exact(&x.lo), exact(&x.hi)],
            "decimal": decimal(&approx(x), DIGITS),
        }),
    }
}

/// A CSV field, quoted when it holds a comma or a quote (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains(',') || s.contains('"') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

impl OptimalCurveReport {
    /// The pieces, left to right (the hook for a plot: exact breakpoints and rational
    /// functions).
    pub fn pieces(&self) -> &[CurvePiece] {
        &self.curve.pieces
    }

    /// The curve as a figure for [`crate::plot`] (issue 46 item 5): each piece drawn from exact
    /// values of its rational function at rational points; an algebraic breakpoint is drawn at a
    /// rational inside the piece within 2^-40 of it (no pixel can tell them apart).
    pub fn figure(&self, title: &str) -> crate::plot::Figure {
        use crate::plot::{Figure, Piece, Series, Style};
        let width = Rational::from_unsigneds(1u64, 1u64 << 40);
        // The rational end of the drawn part, inside the piece: above a left end, below a right.
        let end = |r: &crate::num::sturm::RealRoot, from_below: bool| match r.as_rational() {
            Some(q) => q.clone(),
            None => {
                let mut r = r.clone();
                r.refine_to(&width);
                if from_below {
                    r.hi.clone()
                } else {
                    r.lo.clone()
                }
            }
        };
        let pieces = self
            .pieces()
            .iter()
            .filter_map(|p| {
                let (lo, hi) = (end(&p.lo, true), end(&p.hi, false));
                (lo < hi).then(|| Piece::exact(&lo, &hi, |t| p.value.eval(t).unwrap_or_default()))
            })
            .collect();
        Figure {
            title: title.to_string(),
            y_label: self.goal().to_string(),
            log_y: false,
            series: vec![Series::curve(self.goal(), Style::Exact, pieces)],
        }
    }

    /// Where the pieces end when the time limit stopped the sweep (`None`: complete).
    pub fn uncovered_from(&self) -> Option<RealRoot> {
        let c = &self.curve;
        (!c.complete).then(|| {
            c.pieces
                .last()
                .map_or_else(|| RealRoot::rational(c.lo.clone()), |p| p.hi.clone())
        })
    }

    fn goal(&self) -> &'static str {
        match self.kind {
            "loss" => "minimum expected loss",
            _ => "maximum expected gain",
        }
    }

    /// The text report: a header, one line per piece.
    pub fn to_text(&self) -> String {
        let c = &self.curve;
        let (lo, hi) = (
            RealRoot::rational(c.lo.clone()),
            RealRoot::rational(c.hi.clone()),
        );
        let mut out = format!(
            "{} of an eps-DP mechanism on {} ({} vertices, {} edges) for t = e^eps in [{}, {}] \
             (eps = ln t in {}), {} (exact):\n",
            self.goal(),
            self.graph_spec,
            self.vertices,
            self.edges,
            c.lo,
            c.hi,
            eps_range(&lo, &hi),
            crate::num::fmt::count(c.pieces.len(), "piece", "pieces"),
        );
        out += &format!("  objective: {}\n", self.objective_definition);
        for p in &c.pieces {
            out += &format!(
                "  t in [{}, {}] (eps in {}): {} = {}, from {} to {}{}\n",
                point_text(&p.lo),
                point_text(&p.hi),
                eps_range(&p.lo, &p.hi),
                self.kind,
                formula(&p.value),
                value_text(p, &p.lo),
                value_text(p, &p.hi),
                if p.bases > 1 {
                    format!(" ({} optimal bases)", p.bases)
                } else {
                    String::new()
                }
            );
        }
        if let Some(h) = self.uncovered_from() {
            out += &format!(
                "  TIME LIMIT: the sweep stopped; the pieces cover t in [{}, {}] only, not up to {}\n",
                c.lo,
                point_text(&h),
                c.hi
            );
        }
        out += &format!(
            "  each piece is certified by an optimal basis of the channel LP: its primal and dual \
             are feasible on the whole closed piece (signs by Sturm sequences) with equal \
             objectives as rational functions of t; {} at rational t; time {:.3} s\n",
            crate::num::fmt::count(c.samples, "LP solve", "LP solves"),
            self.seconds
        );
        out
    }

    /// `t_lo,t_hi,exact_piece,t_lo_decimal,t_hi_decimal,value_at_t_lo,value_at_t_hi`: exact ends
    /// (an algebraic one as its polynomial and isolating interval) and piece, then decimals.
    pub fn to_csv(&self) -> String {
        let mut out = String::from(
            "t_lo,t_hi,exact_piece,t_lo_decimal,t_hi_decimal,value_at_t_lo,value_at_t_hi\n",
        );
        for p in &self.curve.pieces {
            let fields = [
                point_text(&p.lo),
                point_text(&p.hi),
                formula(&p.value).replace(' ', ""),
                decimal(&approx(&p.lo), DIGITS),
                decimal(&approx(&p.hi), DIGITS),
                value_decimal(p, &p.lo),
                value_decimal(p, &p.hi),
            ];
            let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            out += &row.join(",");
            out.push('\n');
        }
        out
    }

    /// The `curve` key (docs/json.md).
    fn curve_json(&self) -> Value {
        let c = &self.curve;
        let pieces: Vec<Value> = c
            .pieces
            .iter()
            .map(|p| {
                let at = |x: &RealRoot| x.as_rational().and_then(|t| p.value.eval(t));
                let (l, h) = eps_bounds(&p.lo, &p.hi);
                let eps = crate::json::enclosure(&l, &h, DIGITS, None);
                json!({
                    "t_lo": point_json(&p.lo),
                    "t_hi": point_json(&p.hi),
                    "eps": eps,
                    "exact": formula(&p.value),
                    "numerator": p.value.num.to_string_var("t"),
                    "denominator": p.value.den.to_string_var("t"),
                    "value_at_t_lo": at(&p.lo).as_ref().map(exact),
                    "value_at_t_hi": at(&p.hi).as_ref().map(exact),
                    "value_at_t_lo_decimal": value_decimal(p, &p.lo),
                    "value_at_t_hi_decimal": value_decimal(p, &p.hi),
                    "bases": p.bases,
                })
            })
            .collect();
        json!({
            "variable": "t = e^eps",
            "t_lo": exact(&c.lo),
            "t_hi": exact(&c.hi),
            "eps_lo": crate::json::eps_of_ratio(&c.lo, DIGITS),
            "eps_hi": crate::json::eps_of_ratio(&c.hi, DIGITS),
            "pieces": pieces,
            "samples": c.samples,
            "complete": c.complete,
            "covered_to": self.uncovered_from().as_ref().map_or_else(|| exact(&c.hi), point_json),
        })
    }

    /// The `dpcert optimal --curve-t --json` document.
    pub fn to_json(&self) -> Value {
        document(
            "optimal",
            json!({
                "graph": {"spec": self.graph_spec, "vertices": self.vertices, "edges": self.edges},
                "objective": self.kind,
                "objective_definition": self.objective_definition,
                "curve": self.curve_json(),
                "seconds": format!("{:.3}", self.seconds),
                "warnings": self.warnings,
            }),
        )
    }
}
