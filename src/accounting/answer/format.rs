//! The printing `compose`'s two reports share: abbreviated rationals, decimal enclosures with
//! enough digits for a small δ, and the JSON of a witness pair and of an event.

use crate::accounting::{Composed, Event};
use crate::num::fmt::abbreviate;
use crate::num::{Interval, Rational};
use serde_json::{json, Value};

/// Decimal digits printed.
pub(super) const DIGITS: usize = 12;

/// An exact rational, abbreviated in text when long (the whole value is in the JSON).
pub(super) fn short(q: &Rational) -> String {
    abbreviate(&q.to_string())
}

/// Digits after the point that show [`DIGITS`] significant digits of a small positive `x`
/// (so a δ of 1e-12 is not printed as 0.000000000001).
pub(super) fn digits_for(x: &Rational) -> usize {
    let mut zeros = 0;
    let mut y = x.clone();
    while y > 0u32 && y < 1u32 && zeros < 4000 {
        y *= Rational::from(10u32);
        if y < 1u32 {
            zeros += 1;
        } else {
            break;
        }
    }
    DIGITS + zeros
}

/// The digits [`enclosure_text`] prints `i` with.
pub(super) fn digits_of(i: &Interval) -> usize {
    i.lo_rational().map_or(DIGITS, |lo| digits_for(&lo))
}

/// A certified enclosure in decimal, with [`DIGITS`] significant digits when it is small.
pub(super) fn enclosure_text(i: &Interval) -> String {
    i.to_decimal_string(digits_of(i))
}

/// The same enclosure as docs/json.md's `{"lo", "hi"}`.
pub(super) fn enclosure_json(i: &Interval) -> Value {
    crate::json::interval(i, digits_of(i), None)
}

/// `ln t` for `t ≥ 1`, certified.
pub(super) fn ln(t: &Rational) -> Interval {
    Interval::ln_rational(t, 256).expect("t >= 1")
}

/// A witness pair `{"x": 0, "x_prime": 1}`.
pub(super) fn pair_json(p: (usize, usize)) -> Value {
    json!({"x": p.0, "x_prime": p.1})
}

/// `ε = ln(e_eps)` as docs/json.md writes it: `"e_eps"` exact and `"eps"` the enclosure with
/// its exact form.
pub(super) fn eps_of_t(t: &Rational) -> (Value, Value) {
    (crate::json::exact(t), crate::json::eps_of_ratio(t, DIGITS))
}

/// An event of the composition: in words, its atoms and its masses under x and x'.
pub(super) fn event_json(c: &Composed, e: &Event) -> Value {
    json!({
        "words": c.describe(e),
        "atoms": e.atoms,
        "p_mass": e.p.to_string(),
        "q_mass": e.q.to_string(),
    })
}

/// The line that says what is composed.
pub(super) fn what_is_composed(setup: &super::query::Setup, classes: usize) -> String {
    let uses: Vec<String> = setup
        .uses
        .iter()
        .map(|(m, k)| format!("{k} × {m}"))
        .collect();
    format!(
        "composed: {} on the same ordered neighbour pair (x, x') every use (fresh randomness, every answer observed); the worst of the {} ordered pairs of {} ({} distinct privacy loss distributions). Choosing the pair adaptively from earlier answers gives nothing more for randomized response and the truncated geometric (checked by enumeration for small k); for other mechanisms this is the fixed-pair worst case.",
        uses.join(" then "),
        setup.pairs.ordered,
        setup.pairs.name,
        classes
    )
}

/// The keys both reports begin with.
pub(super) fn setup_json(
    setup: &super::query::Setup,
    mode: &str,
) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("mode".into(), json!(mode));
    m.insert(
        "uses".into(),
        setup
            .uses
            .iter()
            .map(|(s, k)| json!({"mechanism": s, "k": k}))
            .collect::<Vec<_>>()
            .into(),
    );
    m.insert("adjacency".into(), json!(setup.pairs.name));
    m.insert(
        "what_is_composed".into(),
        json!("the same ordered neighbour pair every use; worst ordered pair"),
    );
    m
}

/// The sentence a vacuous δ = 1 gets.
pub(super) const VACUOUS: &str =
    "vacuous: every mechanism is (0, 1)-DP, so delta = 1 says nothing (e^eps = 1)";
