//! `compose --curve-t T1,T2` (issue 46 items 4–5): the points the grid enclosure is asked at,
//! and the curve's text lines, CSV, JSON `curve` key and [`crate::plot::Figure`] for both
//! reports — exact pieces `a − b·t` (the exact composition) or certified bounds per piece (the
//! grid enclosure). Decimals and ε = ln t are for people; every end and value is exact.

use super::format::{event_json, pair_json, short, DIGITS};
use crate::accounting::refine::DeltaEnclosure;
use crate::accounting::{ComposeCurve, PairComposition};
use crate::json::{eps_of_ratio, exact};
use crate::num::fmt::{decimal, decimal_round};
use crate::num::{Interval, Rational};
use crate::plot::{Figure, Piece, Series, Style};
use malachite::base::rounding_modes::RoundingMode;
use serde_json::{json, Value};

/// Pieces of the grid enclosure's curve: its ends evenly spaced in ε.
pub const GRID_PIECES: usize = 48;

/// The `GRID_PIECES + 1` increasing rational points of `[lo, hi]` at which the grid encloses
/// δ (see [`band_points`]).
pub(super) fn grid_points(lo: &Rational, hi: &Rational) -> Vec<Rational> {
    band_points(lo, hi, GRID_PIECES)
}

/// At most `n + 1` increasing rational points of `[lo, hi]` (`0 < lo < hi`): the ends exact,
/// the others 6-digit rationals near `e^ε` evenly spaced in ε (floats choose the points only;
/// each piece's bounds hold on the piece whatever its ends are).
pub(crate) fn band_points(lo: &Rational, hi: &Rational, n: usize) -> Vec<Rational> {
    let (a, b) = (
        crate::num::fmt::to_f64(lo).ln(),
        crate::num::fmt::to_f64(hi).ln(),
    );
    let mut out = vec![lo.clone()];
    for i in 1..n {
        let t = (a + (b - a) * i as f64 / n as f64).exp();
        let r = Rational::from_signeds((t * 1e6).round().min(9e18) as i64, 1_000_000i64);
        if &r > out.last().expect("lo") && &r < hi {
            out.push(r);
        }
    }
    out.push(hi.clone());
    out
}

/// One piece of a certified curve: `lo ≤ δ(t) ≤ hi` for every `t ∈ [t_lo, t_hi]` (δ is
/// non-increasing in t: the lower bound at `t_hi`, the upper at `t_lo`). The grid enclosure's
/// pieces and the continuous mechanisms' (`compose gaussian:SIGMA --curve-t`) are bands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Band {
    /// The piece's left end.
    pub t_lo: Rational,
    /// Its right end.
    pub t_hi: Rational,
    /// A lower bound of δ on the piece (δ's lower bound at `t_hi`).
    pub lo: Rational,
    /// An upper bound of δ on the piece (δ's upper bound at `t_lo`).
    pub hi: Rational,
}

/// The bands from the enclosures `(lower, upper)` of δ at the points (one more point than
/// bands).
pub(crate) fn bands(points: &[Rational], at: &[(Rational, Rational)]) -> Vec<Band> {
    points
        .windows(2)
        .zip(at.windows(2))
        .map(|(t, d)| Band {
            t_lo: t[0].clone(),
            t_hi: t[1].clone(),
            lo: d[1].0.clone(),
            hi: d[0].1.clone(),
        })
        .collect()
}

/// One piece of the grid enclosure's curve: a [`Band`] and the pairs of its bounds.
#[derive(Clone, Debug)]
pub struct EnclosurePiece {
    /// The bounds.
    pub band: Band,
    /// The pair of the lower bound.
    pub lo_pair: (usize, usize),
    /// The pair of the upper bound.
    pub hi_pair: (usize, usize),
}

/// The pieces from the enclosures at the points (one more point than pieces).
pub(super) fn enclosure_pieces(points: &[Rational], at: &[DeltaEnclosure]) -> Vec<EnclosurePiece> {
    points
        .windows(2)
        .zip(at.windows(2))
        .map(|(t, d)| EnclosurePiece {
            band: Band {
                t_lo: t[0].clone(),
                t_hi: t[1].clone(),
                lo: d[1].lo.clone(),
                hi: d[0].hi.clone(),
            },
            lo_pair: d[1].lo_pair,
            hi_pair: d[0].hi_pair,
        })
        .collect()
}

/// `a - b·t` (`mul` between b and t; each number as `show` writes it), or `a` when `b = 0`.
fn line(a: &Rational, b: &Rational, mul: &str, show: impl Fn(&Rational) -> String) -> String {
    if *b == 0u32 {
        show(a)
    } else {
        format!("{} - {}{mul}t", show(a), show(b))
    }
}

fn whole(q: &Rational) -> String {
    q.to_string()
}

/// `[ln lo, ln hi]` rounded outward (`1 ≤ lo`).
fn eps_range(lo: &Rational, hi: &Rational) -> String {
    let ln = |t: &Rational| Interval::ln_rational(t, 256).expect("t >= 1 > 0");
    ln(lo).hull(&ln(hi)).to_decimal_string(DIGITS)
}

fn header(lo: &Rational, hi: &Rational, n: usize, what: &str) -> String {
    format!(
        "delta(t) for t = e^eps in [{lo}, {hi}] (eps = ln t in {}), {} ({what}):",
        eps_range(lo, hi),
        crate::num::fmt::count(n, "piece", "pieces"),
    )
}

/// The exact curve's text lines.
pub(super) fn exact_text(c: &ComposeCurve, pcs: &[PairComposition]) -> Vec<String> {
    let mut out = vec![header(
        &c.lo,
        &c.hi,
        c.pieces.len(),
        "exact; delta = a - b·t on each",
    )];
    for p in &c.pieces {
        let (dl, dh) = (p.at(&p.lo), p.at(&p.hi));
        let pc = &pcs[p.pair];
        out.push(format!(
            "  t in [{}, {}] (eps in {}): delta = {}, from {} (≈ {}) to {} (≈ {}); attained at x = {}, x' = {}; event: {}",
            p.lo,
            p.hi,
            eps_range(&p.lo, &p.hi),
            line(&p.a, &p.b, "·", short),
            short(&dl),
            decimal(&dl, DIGITS),
            short(&dh),
            decimal(&dh, DIGITS),
            pc.pair.0,
            pc.pair.1,
            pc.composed.describe(&p.event)
        ));
    }
    out
}

/// The exact curve as CSV: `t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,delta_at_t_hi` (the
/// last two decimals, for plotting), as `audit --curve-t --csv`.
pub(super) fn exact_csv(c: &ComposeCurve) -> String {
    let mut out = String::from("t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,delta_at_t_hi\n");
    for p in &c.pieces {
        out += &format!(
            "{},{},{},{},{},{},{}\n",
            p.lo,
            p.hi,
            p.a,
            p.b,
            line(&p.a, &p.b, "*", whole),
            decimal(&p.at(&p.lo), DIGITS),
            decimal(&p.at(&p.hi), DIGITS)
        );
    }
    out
}

/// The exact curve's `curve` key (docs/json.md: the shape of `audit`'s).
pub(super) fn exact_json(c: &ComposeCurve, pcs: &[PairComposition]) -> Value {
    let pieces: Vec<Value> = c
        .pieces
        .iter()
        .map(|p| {
            let (dl, dh) = (p.at(&p.lo), p.at(&p.hi));
            let pc = &pcs[p.pair];
            let mut w = pair_json(pc.pair);
            w["event"] = event_json(&pc.composed, &p.event);
            json!({
                "t_lo": exact(&p.lo),
                "t_hi": exact(&p.hi),
                "eps_lo": eps_of_ratio(&p.lo, DIGITS),
                "eps_hi": eps_of_ratio(&p.hi, DIGITS),
                "a": exact(&p.a),
                "b": exact(&p.b),
                "exact": line(&p.a, &p.b, "*", whole),
                "delta_at_t_lo": exact(&dl),
                "delta_at_t_hi": exact(&dh),
                "delta_at_t_lo_decimal": decimal(&dl, DIGITS),
                "delta_at_t_hi_decimal": decimal(&dh, DIGITS),
                "witness": w,
            })
        })
        .collect();
    json!({
        "variable": "t = e^eps",
        "kind": "exact",
        "t_lo": exact(&c.lo),
        "t_hi": exact(&c.hi),
        "eps_lo": eps_of_ratio(&c.lo, DIGITS),
        "eps_hi": eps_of_ratio(&c.hi, DIGITS),
        "pieces": pieces,
    })
}

/// A band's text line (without the newline).
fn band_line(p: &Band) -> String {
    format!(
        "  t in [{}, {}] (eps in {}): delta ∈ [{}, {}]",
        p.t_lo,
        p.t_hi,
        eps_range(&p.t_lo, &p.t_hi),
        decimal_round(&p.lo, DIGITS, RoundingMode::Floor),
        decimal_round(&p.hi, DIGITS, RoundingMode::Ceiling),
    )
}

/// A certified curve's header, `what` the source of its bounds.
fn band_header(lo: &Rational, hi: &Rational, n: usize, what: &str) -> String {
    header(
        lo,
        hi,
        n,
        &format!("CERTIFIED ENCLOSURE {what}: lo <= delta(t) <= hi for every t of a piece"),
    )
}

/// The grid enclosure's curve as text lines.
pub(super) fn enclosure_text(lo: &Rational, hi: &Rational, ps: &[EnclosurePiece]) -> Vec<String> {
    let mut out = vec![band_header(lo, hi, ps.len(), "from the grid")];
    for p in ps {
        out.push(format!(
            "{}; upper end from x = {}, x' = {}",
            band_line(&p.band),
            p.hi_pair.0,
            p.hi_pair.1
        ));
    }
    out
}

/// Bands as text lines (the continuous mechanisms' curve; `what`: where the bounds come from).
pub(crate) fn band_text(lo: &Rational, hi: &Rational, ps: &[Band], what: &str) -> Vec<String> {
    let mut out = vec![band_header(lo, hi, ps.len(), what)];
    out.extend(ps.iter().map(band_line));
    out
}

/// A certified curve as CSV: `t_lo,t_hi,lo,hi,lo_decimal,hi_decimal` (bounds exact, then
/// rounded outward).
pub(crate) fn band_csv<'a>(ps: impl IntoIterator<Item = &'a Band>) -> String {
    let mut out = String::from("t_lo,t_hi,lo,hi,lo_decimal,hi_decimal\n");
    for p in ps {
        out += &format!(
            "{},{},{},{},{},{}\n",
            p.t_lo,
            p.t_hi,
            p.lo,
            p.hi,
            decimal_round(&p.lo, DIGITS, RoundingMode::Floor),
            decimal_round(&p.hi, DIGITS, RoundingMode::Ceiling)
        );
    }
    out
}

/// A band's JSON piece.
fn band_piece_json(p: &Band) -> Value {
    json!({
        "t_lo": exact(&p.t_lo),
        "t_hi": exact(&p.t_hi),
        "eps_lo": eps_of_ratio(&p.t_lo, DIGITS),
        "eps_hi": eps_of_ratio(&p.t_hi, DIGITS),
        "lower": exact(&p.lo),
        "upper": exact(&p.hi),
        "enclosure": crate::json::enclosure(&p.lo, &p.hi, DIGITS, None),
    })
}

/// The grid enclosure's `curve` key.
pub(super) fn enclosure_json(lo: &Rational, hi: &Rational, ps: &[EnclosurePiece]) -> Value {
    let pieces: Vec<Value> = ps
        .iter()
        .map(|p| {
            let mut j = band_piece_json(&p.band);
            j["lo_witness"] = pair_json(p.lo_pair);
            j["hi_witness"] = pair_json(p.hi_pair);
            j
        })
        .collect();
    curve_json(lo, hi, pieces)
}

/// Bands as the `curve` key (the grid's shape without the witnesses).
pub(crate) fn band_json(lo: &Rational, hi: &Rational, ps: &[Band]) -> Value {
    curve_json(lo, hi, ps.iter().map(band_piece_json).collect())
}

fn curve_json(lo: &Rational, hi: &Rational, pieces: Vec<Value>) -> Value {
    json!({
        "variable": "t = e^eps",
        "kind": "certified_enclosure",
        "t_lo": exact(lo),
        "t_hi": exact(hi),
        "eps_lo": eps_of_ratio(lo, DIGITS),
        "eps_hi": eps_of_ratio(hi, DIGITS),
        "pieces": pieces,
    })
}

/// The exact curve as a figure (δ on a log scale).
pub fn exact_figure(title: &str, c: &ComposeCurve) -> Figure {
    Figure {
        title: title.to_string(),
        y_label: "δ".into(),
        log_y: true,
        series: vec![exact_series("δ(ε), exact", c)],
    }
}

/// The exact curve as a series: each piece sampled exactly.
pub fn exact_series(name: &str, c: &ComposeCurve) -> Series {
    Series::curve(
        name,
        Style::Exact,
        c.pieces
            .iter()
            .map(|p| Piece::exact(&p.lo, &p.hi, |t| p.at(t)))
            .collect(),
    )
}

/// A certified curve as a figure: the band.
pub(crate) fn band_figure<'a>(title: &str, ps: impl IntoIterator<Item = &'a Band>) -> Figure {
    Figure {
        title: title.to_string(),
        y_label: "δ".into(),
        log_y: true,
        series: vec![Series::curve(
            "δ(ε)",
            Style::Bound,
            ps.into_iter()
                .map(|p| Piece::band(&p.t_lo, &p.t_hi, &p.lo, &p.hi))
                .collect(),
        )],
    }
}

/// The questions a grid enclosure answers for `q` (its `--delta`, `--eps`, `--t`, `--check` and
/// the points of `--curve-t`), shared by every grid path.
pub(super) fn grid_queries(
    q: &super::query::ComposeQuery,
) -> crate::accounting::refine::GridQueries {
    crate::accounting::refine::GridQueries {
        delta: q.delta.as_ref().map(|d| d.value().clone()),
        eps: q.eps.iter().map(|e| e.value().clone()).collect(),
        t: q.t.as_ref().map(|t| t.value().clone()),
        check: q
            .check
            .as_ref()
            .map(|(e, d)| (e.value().clone(), d.value().clone())),
        curve: q
            .curve_t
            .as_ref()
            .map_or_else(Vec::new, |r| grid_points(r.lo(), r.hi())),
    }
}
