//! Curves drawn as SVG (`--plot FILE.svg`, issue 46 item 5): the one drawing module every
//! command that prints a curve calls (`audit`, `compose`; `optimal --curve-t` can build a
//! [`Figure`] the same way).
//!
//! A curve arrives as pieces with exact breakpoints in `t = e^ε` and an exact value per piece
//! ([`Piece::exact`]: a function of a rational `t`) or certified bounds ([`Piece::band`]).
//! Each exact piece is sampled densely at rational points evenly spaced in ε, evaluated
//! exactly, and only then turned into `f64` for the drawing; the breakpoints are marked. The x
//! axis is ε = ln t (nats) with `t` on the top axis, δ on a log scale where asked (a zero is
//! drawn at the bottom edge, said in the axis label). Nothing here decides anything: the
//! floats are pixels.
//!
//! Drawn by `plotters` with its SVG backend only (no bitmap or font library): text is written
//! as SVG `<text>` and the viewer's sans-serif font draws it.

use crate::num::fmt::to_f64;
use crate::num::Rational;
use plotters::coord::ranged1d::{AsRangedCoord, Ranged, ValueFormatter};
use plotters::prelude::*;
use std::fmt;
use std::path::Path;

/// Samples per exact piece (evenly spaced in ε, both ends included).
pub const SAMPLES_PER_PIECE: usize = 48;

/// The drawing's size in pixels.
pub const SIZE: (u32, u32) = (820, 520);

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// An exact curve: a solid line, its breakpoints marked with circles.
    Exact,
    /// A bound (a conversion, an enclosure's end): a dashed line, no markers.
    Bound,
    /// Isolated points (e.g. one per parameter value), joined by a thin dashed line.
    Points,
}

/// One piece of a curve on `[t_lo, t_hi]`, sampled for drawing.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its left end (exact).
    pub t_lo: Rational,
    /// Its right end (exact).
    pub t_hi: Rational,
    /// `(ε, value)` samples of an exact piece.
    pub line: Vec<(f64, f64)>,
    /// `(ε, lo, hi)` samples of a certified band (an enclosure).
    pub band: Vec<(f64, f64, f64)>,
}

/// Rational sample points of `[lo, hi]` (`0 < lo < hi`), evenly spaced in ε = ln t, the ends
/// exact; each with its ε as a float (for the x axis).
fn sample_points(lo: &Rational, hi: &Rational, n: usize) -> Vec<(Rational, f64)> {
    let (a, b) = (to_f64(lo).ln(), to_f64(hi).ln());
    let mut out = vec![(lo.clone(), a)];
    for i in 1..n {
        let e = a + (b - a) * i as f64 / n as f64;
        // A float point, made exact; kept only strictly inside (a float may fall outside).
        if let Ok(t) = Rational::try_from(e.exp()) {
            if &t > lo && &t < hi && out.last().is_some_and(|(p, _)| *p < t) {
                out.push((t, e));
            }
        }
    }
    out.push((hi.clone(), b));
    out
}

impl Piece {
    /// An exact piece: `value(t)` evaluated exactly at [`SAMPLES_PER_PIECE`] rational points
    /// of `[t_lo, t_hi]` (`0 < t_lo < t_hi`), then drawn.
    pub fn exact(t_lo: &Rational, t_hi: &Rational, value: impl Fn(&Rational) -> Rational) -> Piece {
        let line = sample_points(t_lo, t_hi, SAMPLES_PER_PIECE)
            .into_iter()
            .map(|(t, e)| (e, to_f64(&value(&t))))
            .collect();
        Piece {
            t_lo: t_lo.clone(),
            t_hi: t_hi.clone(),
            line,
            band: Vec::new(),
        }
    }

    /// A certified band: `lo ≤ value ≤ hi` on all of `[t_lo, t_hi]`.
    pub fn band(t_lo: &Rational, t_hi: &Rational, lo: &Rational, hi: &Rational) -> Piece {
        let (l, h) = (to_f64(lo), to_f64(hi));
        let band = sample_points(t_lo, t_hi, 1)
            .into_iter()
            .map(|(_, e)| (e, l, h))
            .collect();
        Piece {
            t_lo: t_lo.clone(),
            t_hi: t_hi.clone(),
            line: Vec::new(),
            band,
        }
    }
}

/// A named curve (its pieces left to right) or a set of points.
#[derive(Clone, Debug)]
pub struct Series {
    /// The legend's text.
    pub name: String,
    /// How it is drawn.
    pub style: Style,
    /// The pieces (for [`Style::Exact`] and [`Style::Bound`]).
    pub pieces: Vec<Piece>,
    /// `(ε, value)` points (for [`Style::Points`]).
    pub points: Vec<(f64, f64)>,
}

impl Series {
    /// A curve of pieces.
    pub fn curve(name: impl Into<String>, style: Style, pieces: Vec<Piece>) -> Series {
        Series {
            name: name.into(),
            style,
            pieces,
            points: Vec::new(),
        }
    }

    /// Points.
    pub fn points(name: impl Into<String>, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: name.into(),
            style: Style::Points,
            pieces: Vec::new(),
            points,
        }
    }
}

/// A figure: a title, the y axis, the series.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The caption.
    pub title: String,
    /// The y axis label (with units).
    pub y_label: String,
    /// δ on a log scale.
    pub log_y: bool,
    /// The series, drawn in order.
    pub series: Vec<Series>,
}

/// What was drawn (the tests count it in the SVG).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Pieces drawn (exact and band).
    pub pieces: usize,
    /// Breakpoint markers drawn (circles).
    pub markers: usize,
}

/// Why nothing was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlotError(pub String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlotError {}

/// The directory of `path` exists and its name ends in `.svg`: checked before any work, so a
/// bad `--plot` is refused at once (issue 46, bad input).
pub fn check_path(path: &Path) -> Result<(), PlotError> {
    if path.extension().and_then(|e| e.to_str()) != Some("svg") {
        return Err(PlotError(format!(
            "--plot {}: the file name must end in .svg (the plot is an SVG drawing)",
            path.display()
        )));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(PlotError(format!(
            "--plot {}: the directory {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    Ok(())
}

/// Every finite `(ε, y)` the figure draws (lines, band ends, points).
fn all_points(fig: &Figure) -> Vec<(f64, f64)> {
    let mut v = Vec::new();
    for s in &fig.series {
        v.extend(s.points.iter().copied());
        for p in &s.pieces {
            v.extend(p.line.iter().copied());
            for &(e, l, h) in &p.band {
                v.push((e, l));
                v.push((e, h));
            }
        }
    }
    v
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
];

/// The figure as an SVG document, and what it holds.
pub fn svg(fig: &Figure) -> Result<(String, Drawn), PlotError> {
    let pts = all_points(fig);
    if pts.iter().any(|(x, y)| !x.is_finite() || !y.is_finite()) {
        return Err(PlotError(
            "a value or a t beyond the range of a float cannot be drawn: give a smaller --curve-t"
                .into(),
        ));
    }
    if pts.is_empty() {
        return Err(PlotError("nothing to draw".into()));
    }
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut ymax, mut ypos) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut ymin = f64::INFINITY;
    for &(x, y) in &pts {
        x0 = x0.min(x);
        x1 = x1.max(x);
        ymax = ymax.max(y);
        ymin = ymin.min(y);
        if y > 0.0 {
            ypos = ypos.min(y);
        }
    }
    if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    let mut out = String::new();
    let drawn;
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut b = ChartBuilder::on(&root);
        b.caption(&fig.title, ("sans-serif", 18))
            .margin(16)
            .x_label_area_size(48)
            .top_x_label_area_size(40)
            .y_label_area_size(78);
        let t_axis = (x0.exp()..x1.exp()).log_scale();
        if fig.log_y && ypos.is_finite() {
            // Zeros (and values below the floor) are drawn at the floor, two decades below
            // the least positive value.
            let floor = (ypos / 100.0).max(1e-300);
            let top = if ymax > floor {
                ymax * 2.0
            } else {
                floor * 10.0
            };
            let chart = b
                .build_cartesian_2d(x0..x1, (floor..top).log_scale())
                .map_err(err)?;
            let label = format!("{} (log scale; 0 drawn at the bottom)", fig.y_label);
            drawn = draw(chart, t_axis, fig, &label, floor)?;
        } else {
            let lo = ymin.min(0.0);
            let hi = if ymax > lo { ymax * 1.05 } else { lo + 1.0 };
            let chart = b.build_cartesian_2d(x0..x1, lo..hi).map_err(err)?;
            drawn = draw(chart, t_axis, fig, &fig.y_label, f64::NEG_INFINITY)?;
        }
        root.present().map_err(err)?;
    }
    Ok((out, drawn))
}

/// Write [`svg`] to `path`.
pub fn write_svg(fig: &Figure, path: &Path) -> Result<Drawn, PlotError> {
    check_path(path)?;
    let (s, d) = svg(fig)?;
    std::fs::write(path, s)
        .map_err(|e| PlotError(format!("cannot write {}: {e}", path.display())))?;
    Ok(d)
}

fn err(e: impl fmt::Display) -> PlotError {
    PlotError(format!("drawing failed: {e}"))
}

/// A tick label: short decimals between 10^-3 and 10^5, else `1e-8` style (a float's
/// `Debug` writes 0.09999999999999999).
fn tick(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if (1e-3..1e5).contains(&a) {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        let s = format!("{v:.1e}");
        s.replace(".0e", "e")
    }
}

/// The series drawn on a chart whose y axis is `Y` (linear or log); values below `floor`
/// drawn at it.
fn draw<'a, Y, T>(
    chart: ChartContext<'a, SVGBackend<'a>, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    t_axis: T,
    fig: &Figure,
    y_label: &str,
    floor: f64,
) -> Result<Drawn, PlotError>
where
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
    T: AsRangedCoord<Value = f64>,
    T::CoordDescType: ValueFormatter<f64>,
{
    let mut chart = chart.set_secondary_coord(t_axis, 0.0..1.0);
    chart
        .configure_mesh()
        .x_desc("ε = ln t (nats)")
        .y_desc(y_label)
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 15))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(err)?;
    chart
        .configure_secondary_axes()
        .x_desc("t = e^ε")
        .x_label_formatter(&|v| tick(*v))
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 15))
        .draw()
        .map_err(err)?;
    let clamp = |y: f64| y.max(floor);
    let mut drawn = Drawn {
        pieces: 0,
        markers: 0,
    };
    for (i, s) in fig.series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let mut labelled = false;
        for p in &s.pieces {
            if !p.band.is_empty() {
                let mut poly: Vec<(f64, f64)> =
                    p.band.iter().map(|&(e, l, _)| (e, clamp(l))).collect();
                poly.extend(p.band.iter().rev().map(|&(e, _, h)| (e, clamp(h))));
                let area = chart
                    .draw_series(std::iter::once(Polygon::new(poly, color.mix(0.3).filled())))
                    .map_err(err)?;
                if !labelled {
                    area.label(format!("{} (certified band)", s.name))
                        .legend(move |(x, y)| {
                            Rectangle::new([(x, y - 5), (x + 20, y + 5)], color.mix(0.3).filled())
                        });
                    labelled = true;
                }
                drawn.pieces += 1;
            }
            if p.line.is_empty() {
                continue;
            }
            let line: Vec<(f64, f64)> = p.line.iter().map(|&(e, y)| (e, clamp(y))).collect();
            let ann = match s.style {
                Style::Exact => chart
                    .draw_series(LineSeries::new(line, color.stroke_width(2)))
                    .map_err(err)?,
                _ => chart
                    .draw_series(DashedLineSeries::new(line, 8, 5, color.stroke_width(2)))
                    .map_err(err)?,
            };
            if !labelled {
                ann.label(s.name.clone()).legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
                labelled = true;
            }
            drawn.pieces += 1;
        }
        if s.style == Style::Exact {
            // The breakpoints: each piece's left end, and the last right end.
            let mut ends: Vec<(f64, f64)> = s
                .pieces
                .iter()
                .filter_map(|p| p.line.first().map(|&(e, y)| (e, clamp(y))))
                .collect();
            if let Some(&(e, y)) = s.pieces.last().and_then(|p| p.line.last()) {
                ends.push((e, clamp(y)));
            }
            drawn.markers += ends.len();
            chart
                .draw_series(ends.into_iter().map(|c| Circle::new(c, 3, color.filled())))
                .map_err(err)?;
        }
        if !s.points.is_empty() {
            let pts: Vec<(f64, f64)> = s.points.iter().map(|&(e, y)| (e, clamp(y))).collect();
            chart
                .draw_series(DashedLineSeries::new(
                    pts.clone(),
                    4,
                    4,
                    color.stroke_width(1),
                ))
                .map_err(err)?;
            let ann = chart
                .draw_series(
                    pts.into_iter()
                        .map(|c| TriangleMarker::new(c, 5, color.filled())),
                )
                .map_err(err)?;
            if !labelled {
                ann.label(s.name.clone())
                    .legend(move |(x, y)| TriangleMarker::new((x + 10, y), 5, color.filled()));
            }
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(160, 160, 160))
        .label_font(("sans-serif", 13))
        .draw()
        .map_err(err)?;
    Ok(drawn)
}

#[cfg(test)]
mod tests;
