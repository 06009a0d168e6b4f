//! The one JSON schema (docs/json.md, issue 43 item 4): [`check_document`] checks a document
//! against its conventions. The modules `json_schema_*` run every command with `--json` and
//! hand each output to it.

use dpcert::json::SCHEMA_VERSION;
use dpcert::parse_rational;
use serde_json::Value;

/// Whether `s` is a decimal string as an enclosure end prints it (`-0.333`, `12`, `0.5`).
fn is_decimal(s: &str) -> bool {
    let t = s.strip_prefix('-').unwrap_or(s);
    let mut parts = t.splitn(2, '.');
    let int = parts.next().unwrap_or("");
    let frac = parts.next();
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

fn is_snake_case(k: &str) -> bool {
    let mut b = k.bytes();
    b.next().is_some_and(|c| c.is_ascii_lowercase())
        && b.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
}

/// Check `doc` (the `--json` output of `command`) against docs/json.md: the header, snake_case
/// keys, exact values as strings (a JSON number only for a count or an index), every enclosure
/// `{"lo", "hi"[, "exact"]}` with `lo ≤ hi`, no enclosure written as a string or a bare
/// two-decimal array, and a counterexample called one (no `"first"`).
pub fn check_document(doc: &Value, command: &str) -> Result<(), String> {
    let o = doc.as_object().ok_or("the document is not an object")?;
    if o.get("schema_version") != Some(&Value::from(SCHEMA_VERSION)) {
        return Err(format!("schema_version is {:?}", o.get("schema_version")));
    }
    if o.get("command").and_then(Value::as_str) != Some(command) {
        return Err(format!(
            "command is {:?}, not {command:?}",
            o.get("command")
        ));
    }
    check_value(doc, "$")
}

fn check_value(v: &Value, at: &str) -> Result<(), String> {
    match v {
        Value::Number(n) => {
            if n.is_u64() || n.is_i64() {
                Ok(())
            } else {
                Err(format!(
                    "{at}: the number {n} is not an integer (exact values are strings)"
                ))
            }
        }
        Value::String(s) => {
            // `[lo, hi]` of two decimals; a value's text such as a channel's
            // `[(0, 1), (1/2, 1/2)]` (a claim-language binding) is no enclosure.
            let two_decimals = s
                .trim()
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .and_then(|t| t.split_once(','))
                .is_some_and(|(lo, hi)| is_decimal(lo.trim()) && is_decimal(hi.trim()));
            if two_decimals {
                Err(format!("{at}: an enclosure written as the string {s:?}"))
            } else {
                Ok(())
            }
        }
        Value::Array(a) => {
            if a.len() == 2
                && a.iter()
                    .all(|x| x.as_str().is_some_and(|s| is_decimal(s) && s.contains('.')))
            {
                return Err(format!("{at}: an enclosure written as the array {v}"));
            }
            for (i, x) in a.iter().enumerate() {
                check_value(x, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        Value::Object(o) => {
            for (k, x) in o {
                if !is_snake_case(k) {
                    return Err(format!("{at}: the key {k:?} is not snake_case (data keyed by labels belongs in an array of objects)"));
                }
                if k == "first" {
                    return Err(format!(
                        "{at}: a counterexample is called \"counterexample\", not \"first\""
                    ));
                }
                check_value(x, &format!("{at}.{k}"))?;
            }
            if o.contains_key("lo") || o.contains_key("hi") {
                check_enclosure(o, at)?;
            }
            Ok(())
        }
        Value::Null | Value::Bool(_) => Ok(()),
    }
}

fn check_enclosure(o: &serde_json::Map<String, Value>, at: &str) -> Result<(), String> {
    let end = |k: &str| -> Result<&str, String> {
        o.get(k)
            .and_then(Value::as_str)
            .filter(|s| is_decimal(s))
            .ok_or_else(|| {
                format!(
                    "{at}: an enclosure's {k:?} must be a decimal string, got {:?}",
                    o.get(k)
                )
            })
    };
    let (lo, hi) = (end("lo")?, end("hi")?);
    if let Some(k) = o
        .keys()
        .find(|k| !["lo", "hi", "exact"].contains(&k.as_str()))
    {
        return Err(format!(
            "{at}: an enclosure has only lo, hi and exact, not {k:?}"
        ));
    }
    let (l, h) = (parse_rational(lo).unwrap(), parse_rational(hi).unwrap());
    if l > h {
        return Err(format!(
            "{at}: the enclosure's lo {lo} is above its hi {hi}"
        ));
    }
    if o.get("exact").is_some_and(|e| !e.is_string()) {
        return Err(format!("{at}: an enclosure's exact form is a string"));
    }
    Ok(())
}

/// Parse a command's stdout and check it; the document, for further assertions.
pub fn checked(stdout: &str, command: &str) -> Value {
    let doc: Value = serde_json::from_str(stdout)
        .unwrap_or_else(|e| panic!("{command} --json is not JSON ({e}):\n{stdout}"));
    if let Err(e) = check_document(&doc, command) {
        panic!("{command} --json breaks the schema: {e}\n{stdout}");
    }
    let documented = documented_keys(command);
    for k in doc.as_object().into_iter().flat_map(|o| o.keys()) {
        assert!(
            k == "schema_version" || k == "command" || documented.contains(k),
            "{command} --json writes the key {k:?}, which docs/json.md's `{command}` section does not name"
        );
    }
    doc
}

/// The names written in backticks in docs/json.md's section of `command` (`### \`command\``
/// up to the next `###`): every top-level key a command writes must be among them.
fn documented_keys(command: &str) -> std::collections::BTreeSet<String> {
    let doc = include_str!("../../docs/json.md");
    let head = format!("### `{command}`");
    let start = doc
        .find(&head)
        .unwrap_or_else(|| panic!("docs/json.md has no section {head}"));
    let body = &doc[start + head.len()..];
    let body = &body[..body.find("\n### ").unwrap_or(body.len())];
    body.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|code| code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The checker refuses each habit docs/json.md rules out, and accepts the shapes it names.
#[test]
fn the_checker_refuses_each_broken_convention() {
    use serde_json::json;
    let v = SCHEMA_VERSION;
    let ok = json!({"schema_version": v, "command": "audit", "pairs": 3,
        "eps": {"lo": "1.0986", "hi": "1.0987", "exact": "ln(3)"}, "e_eps": "3"});
    assert_eq!(check_document(&ok, "audit"), Ok(()));
    let bad = [
        json!({"command": "audit"}),
        json!({"schema_version": v, "command": "compose"}),
        json!({"schema_version": v, "command": "audit", "eps": "[1.09, 1.10]"}),
        json!({"schema_version": v, "command": "audit", "eps": ["1.09", "1.10"]}),
        json!({"schema_version": v, "command": "audit", "eps": {"lo": "1.10", "hi": "1.09"}}),
        json!({"schema_version": v, "command": "audit", "eps": {"lo": "1.09"}}),
        json!({"schema_version": v, "command": "audit", "eps": {"lo": "1.09", "hi": "1.1", "width": "0.01"}}),
        json!({"schema_version": v, "command": "audit", "A": "1/2"}),
        json!({"schema_version": v, "command": "audit", "first": "x"}),
        json!({"schema_version": v, "command": "audit", "delta": 0.5}),
    ];
    for b in bad {
        assert!(check_document(&b, "audit").is_err(), "accepted {b}");
    }
    // A distribution of two exact fractions is not an enclosure.
    let dist = json!({"schema_version": v, "command": "audit", "prior": ["1/2", "1/2"]});
    assert_eq!(check_document(&dist, "audit"), Ok(()));
    // A value's text in brackets (a channel bound by `check`) is not an enclosure string.
    let chan = json!({"schema_version": v, "command": "check", "value": "[(0, 1), (1/2, 1/2)]"});
    assert_eq!(check_document(&chan, "check"), Ok(()));
}
