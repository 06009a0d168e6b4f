//! The one JSON schema of dpcert's reports (issue 43 item 4; documented in `docs/json.md`).
//!
//! Every command's `--json`, and the Python package's dictionaries, are built from these
//! shapes, so a program reading dpcert's JSON learns one set of habits:
//! - every document carries `"schema_version"` ([`SCHEMA_VERSION`]) and `"command"`;
//! - keys are `snake_case`;
//! - an exact value is a string (`"10/3"`, `"1/2 - 1/4*e^(1)"`), never a JSON number;
//! - an enclosure is always `{"lo": "…", "hi": "…"}` — decimal strings rounded outward, so
//!   `lo ≤ value ≤ hi` holds for the true value — with `"exact"` beside them when an exact
//!   form exists ([`enclosure`]);
//! - a counterexample is called `"counterexample"`.
//!
//! Certificates are separate documents with their own versioned format.

use crate::num::fmt::decimal_round;
use crate::num::interval::Interval;
use crate::num::Rational;
use malachite::base::rounding_modes::RoundingMode;
use serde_json::{json, Map, Value};

/// The version of the schema `docs/json.md` documents; raised when a shape changes.
pub const SCHEMA_VERSION: u32 = 1;

/// A report document: `{"schema_version": …, "command": command, …body}`: the keys of
/// `body` when it is an object, else `"result": body`.
pub fn document(command: &str, body: Value) -> Value {
    let mut m = Map::new();
    m.insert("schema_version".into(), json!(SCHEMA_VERSION));
    m.insert("command".into(), json!(command));
    match body {
        Value::Object(b) => m.extend(b),
        other => {
            m.insert("result".into(), other);
        }
    }
    Value::Object(m)
}

/// An exact value: its exact text, a string.
pub fn exact(q: &Rational) -> Value {
    Value::String(q.to_string())
}

/// The enclosure `[lo, hi]` as `{"lo", "hi"}` decimal strings of `digits` digits rounded
/// outward, with `"exact"` when the value has an exact form.
pub fn enclosure(lo: &Rational, hi: &Rational, digits: usize, exact: Option<String>) -> Value {
    let mut m = Map::new();
    m.insert(
        "lo".into(),
        json!(decimal_round(lo, digits, RoundingMode::Floor)),
    );
    m.insert(
        "hi".into(),
        json!(decimal_round(hi, digits, RoundingMode::Ceiling)),
    );
    if let Some(e) = exact {
        m.insert("exact".into(), json!(e));
    }
    Value::Object(m)
}

/// [`enclosure`] of a certified interval with finite ends.
///
/// # Panics
/// If an end of `i` is not finite: a certified enclosure dpcert reports always has finite ends.
pub fn interval(i: &Interval, digits: usize, exact: Option<String>) -> Value {
    let lo = i
        .lo_rational()
        .expect("a reported enclosure has finite ends");
    let hi = i
        .hi_rational()
        .expect("a reported enclosure has finite ends");
    enclosure(&lo, &hi, digits, exact)
}

/// ε = ln(e_eps) of an exact positive ratio: the enclosure with its exact form
/// `"ln(e_eps)"`, the shape `audit` and `compose` share; `null` for `e_eps ≤ 0`, where the
/// logarithm is not defined (no reported level is).
pub fn eps_of_ratio(e_eps: &Rational, digits: usize) -> Value {
    match Interval::ln_rational(e_eps, 256) {
        Some(i) => interval(&i, digits, Some(format!("ln({e_eps})"))),
        None => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::parse_rational;

    #[test]
    fn enclosure_rounds_outward() {
        let q = |s: &str| parse_rational(s).unwrap();
        // 1/3 and 2/3 to 3 digits: 0.333 ≤ 1/3, 2/3 ≤ 0.667.
        let e = enclosure(&q("1/3"), &q("2/3"), 3, None);
        assert_eq!(e, json!({"lo": "0.333", "hi": "0.667"}));
        // An exact end stays itself; the exact form sits beside.
        let e = enclosure(&q("1/2"), &q("1/2"), 3, Some("1/2".into()));
        assert_eq!(e, json!({"lo": "0.500", "hi": "0.500", "exact": "1/2"}));
        // Negative ends round outward too.
        let e = enclosure(&q("-1/3"), &q("-1/4"), 2, None);
        assert_eq!(e["lo"], "-0.34");
        assert_eq!(e["hi"], "-0.25");
    }

    #[test]
    fn document_has_the_header_and_the_body() {
        let d = document("audit", json!({"dp": 1}));
        assert_eq!(d["schema_version"], SCHEMA_VERSION);
        assert_eq!(d["command"], "audit");
        assert_eq!(d["dp"], 1);
        assert_eq!(d.as_object().unwrap().len(), 3);
        // A body that is not an object goes under "result".
        assert_eq!(document("list", json!([1, 2]))["result"], json!([1, 2]));
    }
}
