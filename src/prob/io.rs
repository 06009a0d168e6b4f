//! Reading matrices of exact literals from text: CSV (one row per line, cells separated by
//! `;`, `,`, a tab or whitespace, chosen per line; `#` comments and blank lines skipped) or JSON (`{"rows": [["1/2", "1/2"], ...]}`,
//! cells strings or integers). Literals are parsed exactly by [`crate::num::parse_rational`]
//! ("0.1" is 1/10); no float is ever involved.
//!
//! Errors carry the 1-based row and column of the offending cell.

// A ReadError carries the exact numbers at fault; it is returned at most once per file.
#![allow(clippy::result_large_err)]

use super::rationalize::{RationalizeError, Rationalized, Rounding};
use super::{Channel, Dist, ProbError};
use crate::num::fmt::abbreviate;
use crate::num::{parse_rational, Rational};
use std::fmt;
use std::path::{Path, PathBuf};

mod shape;

pub use shape::{shape_of_file, Shape};

/// A bad cell or shape in a matrix file; `row` and `col` are 1-based (0 = not applicable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixError {
    /// 1-based row (0: not applicable).
    pub row: usize,
    /// 1-based column (0: not applicable).
    pub col: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.row, self.col) {
            (0, _) => write!(f, "{}", self.reason),
            (r, 0) => write!(f, "row {r}: {}", self.reason),
            (r, c) => write!(f, "row {r}, column {c} (1-based): {}", self.reason),
        }
    }
}

impl std::error::Error for MatrixError {}

impl From<ProbError> for MatrixError {
    fn from(e: ProbError) -> MatrixError {
        let (row, col) = match &e {
            ProbError::Empty | ProbError::Shape { .. } => (0, 0),
            ProbError::Ragged { row, .. } | ProbError::RowSum { row, .. } => (row + 1, 0),
            ProbError::Negative { row, col, .. } => (row + 1, col + 1),
        };
        let reason = match &e {
            ProbError::Empty => "no rows (empty file)".to_string(),
            ProbError::Ragged {
                expected, found, ..
            } => format!(
                "{}, expected {expected} (ragged rows)",
                crate::num::fmt::count(*found, "entry", "entries")
            ),
            ProbError::Negative { value, .. } => {
                format!("negative entry {}", abbreviate(&value.to_string()))
            }
            ProbError::RowSum { sum, .. } => {
                format!(
                    "row sums to {}, not exactly 1",
                    abbreviate(&sum.to_string())
                )
            }
            ProbError::Shape { .. } => e.to_string(),
        };
        MatrixError { row, col, reason }
    }
}

fn cell(row: usize, col: usize, s: &str) -> Result<Rational, MatrixError> {
    parse_rational(s).map_err(|e| MatrixError {
        row,
        col,
        reason: format!("not an exact rational literal ({e})"),
    })
}

/// Parse a matrix of literals from CSV or JSON (JSON when the first non-blank character is
/// `{` or `[`; a bare JSON array of rows is accepted too). Shapes are not checked here.
pub fn parse_matrix(text: &str) -> Result<Vec<Vec<Rational>>, MatrixError> {
    // A UTF-8 byte-order mark (spreadsheet exports) is not part of the first cell.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let t = text.trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        parse_json(t)
    } else {
        parse_csv(text)
    }
}

/// The cells of one CSV line. The separator is chosen per line: `;` if the line has one
/// (spreadsheets with a decimal comma write `0,75;0,25`), else `,`, else a tab, else runs of
/// whitespace (numpy's `savetxt` default).
fn split_cells(line: &str) -> Vec<&str> {
    if line.contains(';') {
        line.split(';').map(str::trim).collect()
    } else if line.contains(',') {
        line.split(',').map(str::trim).collect()
    } else if line.contains('\t') {
        line.split('\t').map(str::trim).collect()
    } else {
        line.split_whitespace().collect()
    }
}

/// A hint for a cell that is not a literal: a decimal comma, or a header row (the first row,
/// with letters, and no cell of it a literal).
fn cell_hint(line: &str, s: &str, first_row: bool) -> &'static str {
    let digits_comma_digits = |t: &str| {
        t.split_once(',').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && a.trim_start_matches(['-', '+'])
                    .bytes()
                    .all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        })
    };
    if digits_comma_digits(s) {
        "; a decimal comma? write `0.75`, not `0,75` (cells are separated by `;`, `,`, a tab or \
         spaces)"
    } else if first_row
        && line.bytes().any(|b| b.is_ascii_alphabetic())
        && split_cells(line).iter().all(|c| parse_rational(c).is_err())
    {
        "; a header row? comment it out with `#`"
    } else {
        ""
    }
}

fn parse_csv(text: &str) -> Result<Vec<Vec<Rational>>, MatrixError> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        // Row numbers in errors are file line numbers (1-based).
        let row = split_cells(line)
            .into_iter()
            .enumerate()
            .map(|(j, s)| {
                cell(i + 1, j + 1, s).map_err(|mut e| {
                    e.reason += cell_hint(line, s, rows.is_empty());
                    e
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(MatrixError {
            row: 0,
            col: 0,
            reason: "no rows (empty file)".into(),
        });
    }
    Ok(rows)
}

/// A JSON document parsed with every object's keys checked distinct. `serde_json` (like most
/// JSON readers) keeps the last of two equal keys, so `{"rows": A, "rows": B}` would silently
/// become `B`; an input that says two things is refused instead, with the key's name and the
/// line and column where its second occurrence ends.
pub(crate) fn parse_json_unique_keys(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    serde_json::from_str::<UniqueKeys>(text)?;
    serde_json::from_str(text)
}

/// Walks a JSON document and fails on the first object with a repeated key (see
/// [`parse_json_unique_keys`]). With `arbitrary_precision` a number arrives as a one-entry map
/// (its text under a private key), which has no repeated key.
struct UniqueKeys;

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<UniqueKeys, D::Error> {
        d.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_str<E>(self, _: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<UniqueKeys, A::Error> {
        while a.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<UniqueKeys, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = a.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!(
                    "duplicate key \"{}\" (an object may give each key once)",
                    abbreviate(&key)
                )));
            }
            a.next_value::<UniqueKeys>()?;
        }
        Ok(UniqueKeys)
    }
}

/// The keys a matrix JSON object may have: `"rows"`, the matrix, and the report that `dpcert
/// optimal --json` writes next to its mechanism (read past, so that its output is a mechanism
/// file as it is). Any other key is an error naming it (issue 42 item 6: `"colums": 3` passed in
/// silence).
pub const MATRIX_JSON_KEYS: &[&str] = &[
    "rows",
    "command",
    "comparisons",
    "dp_level",
    "graph",
    "indices",
    "method",
    "objective",
    "objective_definition",
    "optimum",
    "optimum_decimal",
    "schema_version",
    "seconds",
    "t",
    "warnings",
];

/// The error for an unknown key of a matrix JSON object, with the nearest known key.
fn unknown_key(key: &str) -> MatrixError {
    let near = crate::suggest::nearest(key, MATRIX_JSON_KEYS.iter().copied(), 1, true)
        .first()
        .map_or(String::new(), |k| format!("did you mean \"{k}\"? "));
    MatrixError {
        row: 0,
        col: 0,
        reason: format!(
            "unknown key \"{}\" in the JSON object: {near}a matrix is {{\"rows\": [[...], ...]}} \
             (next to \"rows\", only the report keys of `dpcert optimal --json` are read past)",
            abbreviate(key)
        ),
    }
}

fn parse_json(text: &str) -> Result<Vec<Vec<Rational>>, MatrixError> {
    use serde_json::Value;
    let v: Value = parse_json_unique_keys(text).map_err(|e| MatrixError {
        row: 0,
        col: 0,
        reason: format!("invalid JSON: {e}"),
    })?;
    let rows = match &v {
        Value::Object(m) => {
            if let Some(k) = m.keys().find(|k| !MATRIX_JSON_KEYS.contains(&k.as_str())) {
                return Err(unknown_key(k));
            }
            m.get("rows").ok_or_else(|| MatrixError {
                row: 0,
                col: 0,
                reason: "JSON object has no \"rows\" key".into(),
            })?
        }
        Value::Array(_) => &v,
        _ => {
            return Err(MatrixError {
                row: 0,
                col: 0,
                reason: "JSON must be {\"rows\": [[...], ...]}".into(),
            })
        }
    };
    let rows = rows.as_array().ok_or_else(|| MatrixError {
        row: 0,
        col: 0,
        reason: "\"rows\" is not an array".into(),
    })?;
    if rows.is_empty() {
        return Err(MatrixError {
            row: 0,
            col: 0,
            reason: "no rows (empty \"rows\")".into(),
        });
    }
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let cells = match r {
            Value::Array(a) => a.clone(),
            // A bare number or string: a one-column row (used for priors written as a list).
            other => vec![other.clone()],
        };
        let mut row = Vec::new();
        for (j, c) in cells.iter().enumerate() {
            let s = match c {
                Value::String(s) => s.clone(),
                // serde_json's `arbitrary_precision` keeps a number's text as written, so
                // `0.50000000000000000001` is parsed exactly, never through an f64.
                Value::Number(n) => n.as_str().to_string(),
                other => {
                    return Err(MatrixError {
                        row: i + 1,
                        col: j + 1,
                        reason: format!("not an exact rational literal: {other}"),
                    })
                }
            };
            row.push(cell(i + 1, j + 1, &s)?);
        }
        out.push(row);
    }
    Ok(out)
}

/// Parse and validate a channel (row-stochastic) from CSV or JSON text.
pub fn parse_channel(text: &str) -> Result<Channel, MatrixError> {
    let rows = parse_matrix(text)?;
    // Ragged rows are reported before sums, with the file's row numbering.
    Ok(Channel::new(rows)?)
}

/// Parse a distribution from CSV or JSON: one row, or one column, of literals.
pub fn parse_dist(text: &str) -> Result<Dist, MatrixError> {
    Ok(Dist::new(dist_entries(parse_matrix(text)?)?)?)
}

/// The entries of a matrix that is one row or one column (not validated as a distribution).
pub(crate) fn dist_entries(rows: Vec<Vec<Rational>>) -> Result<Vec<Rational>, MatrixError> {
    let flat: Vec<Rational> = if rows.len() == 1 {
        rows.into_iter().next().unwrap_or_default()
    } else if rows.iter().all(|r| r.len() == 1) {
        rows.into_iter().flatten().collect()
    } else {
        return Err(MatrixError {
            row: 0,
            col: 0,
            reason: "a distribution must be one row or one column".into(),
        });
    };
    Ok(flat)
}

/// How [`read_channel`] and [`read_dist`] turn a file into exact values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Round float-noisy entries first (`--rationalize DENOM|auto`); the change is returned,
    /// never silent. `None`: the entries are taken exactly as written.
    pub rationalize: Option<Rounding>,
}

/// Why a matrix file gave no channel or distribution. Every variant names the file; cells and
/// rows are 1-based in [`MatrixError`], 0-based in [`ProbError`] and [`RationalizeError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The reading error.
        error: String,
    },
    /// A cell is not an exact literal, or the shape is not a matrix / a distribution.
    Matrix {
        /// The file.
        path: PathBuf,
        /// The cell or shape at fault.
        error: MatrixError,
    },
    /// The values are not a channel or a distribution (a negative entry, a row that does not
    /// sum to exactly 1, ragged rows).
    Invalid {
        /// The file.
        path: PathBuf,
        /// The entry or row at fault.
        error: ProbError,
    },
    /// [`ReadOptions::rationalize`] refused the rows.
    Rationalize {
        /// The file.
        path: PathBuf,
        /// The rounding asked for.
        how: Rounding,
        /// Why it was refused.
        error: RationalizeError,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, error } => write!(f, "{}: cannot read: {error}", path.display()),
            ReadError::Matrix { path, error } => write!(f, "{}: {error}", path.display()),
            ReadError::Invalid { path, error } => {
                write!(
                    f,
                    "{}: {}",
                    path.display(),
                    MatrixError::from(error.clone())
                )
            }
            ReadError::Rationalize { path, how, error } => {
                write!(f, "{}: --rationalize ({how}): {error}", path.display())
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// The rows of a matrix file (CSV or JSON, see [`parse_matrix`]); shapes are not checked.
pub fn read_matrix(path: &Path) -> Result<Vec<Vec<Rational>>, ReadError> {
    let text = std::fs::read_to_string(path).map_err(|e| ReadError::Io {
        path: path.to_path_buf(),
        error: e.to_string(),
    })?;
    parse_matrix(&text).map_err(|error| ReadError::Matrix {
        path: path.to_path_buf(),
        error,
    })
}

/// `rows` rounded as `options` asks, with the change made.
fn rounded(
    path: &Path,
    rows: Vec<Vec<Rational>>,
    options: &ReadOptions,
) -> Result<(Vec<Vec<Rational>>, Option<Rationalized>), ReadError> {
    match &options.rationalize {
        None => Ok((rows, None)),
        Some(how) => {
            let r = how.apply(&rows).map_err(|error| ReadError::Rationalize {
                path: path.to_path_buf(),
                how: how.clone(),
                error,
            })?;
            Ok((r.rows.clone(), Some(r)))
        }
    }
}

/// Read a channel (one row per input, row-stochastic) from a CSV or JSON file of exact
/// literals, rationalized first when `options` asks (the change made is returned).
///
/// ```no_run
/// use dpcert::prob::io::{read_channel, ReadOptions};
/// let (w, rounded) = read_channel("rr.csv".as_ref(), &ReadOptions::default()).unwrap();
/// assert!(rounded.is_none());
/// println!("{} inputs × {} outputs", w.n_inputs(), w.n_outputs());
/// ```
pub fn read_channel(
    path: &Path,
    options: &ReadOptions,
) -> Result<(Channel, Option<Rationalized>), ReadError> {
    let (rows, change) = rounded(path, read_matrix(path)?, options)?;
    let w = Channel::new(rows).map_err(|error| ReadError::Invalid {
        path: path.to_path_buf(),
        error,
    })?;
    Ok((w, change))
}

/// Read a distribution (one row or one column of exact literals) from a CSV or JSON file,
/// rationalized first (as one row) when `options` asks.
pub fn read_dist(
    path: &Path,
    options: &ReadOptions,
) -> Result<(Dist, Option<Rationalized>), ReadError> {
    let entries = dist_entries(read_matrix(path)?).map_err(|error| ReadError::Matrix {
        path: path.to_path_buf(),
        error,
    })?;
    let (mut rows, change) = rounded(path, vec![entries], options)?;
    let d = Dist::new(rows.pop().unwrap_or_default()).map_err(|error| ReadError::Invalid {
        path: path.to_path_buf(),
        error,
    })?;
    Ok((d, change))
}

#[cfg(test)]
mod tests;
