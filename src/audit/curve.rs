//! The printings of δ(t) as exact pieces (`--curve-t T1,T2`, issue 46 item 4): text lines,
//! CSV and the JSON `curve` key. Decimals and the ε = ln t enclosures are for people only.

use super::{DIGITS, PREC};
use crate::json::{eps_of_ratio, exact};
use crate::measure::{CurvePiece, DeltaCurve};
use crate::num::fmt::decimal;
use crate::num::{Interval, Rational};
use serde_json::{json, Value};

/// `a - b·t` (`mul` between b and t), or `a` when `b = 0`.
fn line(p: &CurvePiece, mul: &str) -> String {
    if p.b == 0u32 {
        p.a.to_string()
    } else {
        format!("{} - {}{mul}t", p.a, p.b)
    }
}

/// `[ln lo, ln hi]` rounded outward: an enclosure of the ε of every `t` in `[lo, hi]`
/// (`1 ≤ lo`).
fn eps_range(lo: &Rational, hi: &Rational) -> String {
    let ln = |t: &Rational| Interval::ln_rational(t, PREC).expect("t >= 1 > 0");
    ln(lo).hull(&ln(hi)).to_decimal_string(DIGITS)
}

/// The text lines: a header, then one line per piece.
pub(super) fn text(c: &DeltaCurve) -> String {
    let mut out = format!(
        "delta(t) for t = e^eps in [{}, {}] (eps = ln t in {}), {} (exact; delta = a - b·t on each):\n",
        c.lo,
        c.hi,
        eps_range(&c.lo, &c.hi),
        crate::num::fmt::count(c.pieces.len(), "piece", "pieces"),
    );
    for p in &c.pieces {
        let (dl, dh) = (p.at(&p.lo), p.at(&p.hi));
        let who = if p.a == 0u32 && p.b == 0u32 {
            "no event has positive delta".to_string()
        } else {
            format!(
                "attained at x = {}, x' = {}, event A = {:?}",
                p.pair.0, p.pair.1, p.event
            )
        };
        out += &format!(
            "  t in [{}, {}] (eps in {}): delta = {}, from {dl} (≈ {}) to {dh} (≈ {}); {who}\n",
            p.lo,
            p.hi,
            eps_range(&p.lo, &p.hi),
            line(p, "·"),
            decimal(&dl, DIGITS),
            decimal(&dh, DIGITS),
        );
    }
    out
}

/// `t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,delta_at_t_hi`: exact ends and coefficients, the
/// piece's exact form, the two values as decimals (for plotting).
pub fn csv(c: &DeltaCurve) -> String {
    let mut out = String::from("t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,delta_at_t_hi\n");
    for p in &c.pieces {
        out += &format!(
            "{},{},{},{},{},{},{}\n",
            p.lo,
            p.hi,
            p.a,
            p.b,
            line(p, "*"),
            decimal(&p.at(&p.lo), DIGITS),
            decimal(&p.at(&p.hi), DIGITS)
        );
    }
    out
}

/// The `curve` key of `audit --json` (docs/json.md).
pub(super) fn json(c: &DeltaCurve) -> Value {
    let pieces: Vec<Value> = c
        .pieces
        .iter()
        .map(|p| {
            let (dl, dh) = (p.at(&p.lo), p.at(&p.hi));
            json!({
                "t_lo": exact(&p.lo),
                "t_hi": exact(&p.hi),
                "eps_lo": eps_of_ratio(&p.lo, DIGITS),
                "eps_hi": eps_of_ratio(&p.hi, DIGITS),
                "a": exact(&p.a),
                "b": exact(&p.b),
                "exact": line(p, "*"),
                "delta_at_t_lo": exact(&dl),
                "delta_at_t_hi": exact(&dh),
                "delta_at_t_lo_decimal": decimal(&dl, DIGITS),
                "delta_at_t_hi_decimal": decimal(&dh, DIGITS),
                "witness": {"x": p.pair.0, "x_prime": p.pair.1, "event": p.event},
            })
        })
        .collect();
    json!({
        "variable": "t = e^eps",
        "t_lo": exact(&c.lo),
        "t_hi": exact(&c.hi),
        "eps_lo": eps_of_ratio(&c.lo, DIGITS),
        "eps_hi": eps_of_ratio(&c.hi, DIGITS),
        "pieces": pieces,
    })
}

/// δ(t) as a figure for [`crate::plot`] (`--plot`, issue 46 item 5): the exact pieces, δ on a
/// log scale.
pub fn figure(title: &str, c: &DeltaCurve) -> crate::plot::Figure {
    use crate::plot::{Figure, Piece, Series, Style};
    Figure {
        title: title.to_string(),
        y_label: "δ".into(),
        log_y: true,
        series: vec![Series::curve(
            "δ(ε), exact",
            Style::Exact,
            c.pieces
                .iter()
                .map(|p| Piece::exact(&p.lo, &p.hi, |t| p.at(t)))
                .collect(),
        )],
    }
}
