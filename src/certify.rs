//! The certificate format's shared parts (docs/certificates.md, issue 44): every room builds
//! the records of its own primitives (`lp::lp_record` the `lp` record, …) as JSON objects with a
//! `kind` and an `id`; this module wraps them in a versioned document and writes it, for the
//! independent checker `checker/dpcert_check.py` (which shares no code with dpcert).
//!
//! A record is built only for a step dpcert has itself re-checked; numbers in it are exact
//! rationals written as strings ([`rational`]).

use crate::num::Rational;
use serde_json::{json, Value};
use std::path::Path;

/// The version of the certificate format (docs/certificates.md).
pub const CERTIFICATE_VERSION: u32 = 1;

/// An exact rational as the format writes it: `"p"` or `"p/q"`.
pub fn rational(q: &Rational) -> Value {
    json!(q.to_string())
}

/// A certificate document holding `records` (each a JSON object with `kind` and `id`).
pub fn document(records: Vec<Value>) -> Value {
    json!({
        "certificate_version": CERTIFICATE_VERSION,
        "producer": format!("dpcert {}", env!("CARGO_PKG_VERSION")),
        "records": records,
    })
}

/// Write the document of `records` to `path` (pretty-printed, newline-terminated).
pub fn write(path: &Path, records: Vec<Value>) -> std::io::Result<()> {
    let mut text = serde_json::to_string_pretty(&document(records))?;
    text.push('\n');
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_versioned_and_keeps_its_records_in_order() {
        let doc = document(vec![
            json!({"kind": "a", "id": "1"}),
            json!({"kind": "b", "id": "2"}),
        ]);
        assert_eq!(doc["certificate_version"], 1);
        assert_eq!(doc["records"][1]["kind"], "b");
        assert_eq!(rational(&Rational::from_signeds(-6, 4)), json!("-3/2"));
    }
}
