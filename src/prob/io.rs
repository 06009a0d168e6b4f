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
    let near = crate::claim::lang::types::nearest(key, MATRIX_JSON_KEYS.iter().copied(), 1)
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

/// The shape of a matrix file counted from its bytes before it is parsed ([`shape_of_file`]):
/// what a refusal for size can say (issue 42 item 6: a 10⁷ × 2 file was refused as "20000000
/// inputs × 1 outputs", cells counted as rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// CSV: the lines with a cell, and the most cells on one line, split as [`parse_matrix`]
    /// splits them.
    Csv {
        /// Lines with at least one cell.
        rows: usize,
        /// The most cells on one line.
        cols: usize,
    },
    /// JSON, whose lines say nothing of the shape: its commas plus one, at least the cells.
    Json {
        /// `,` count + 1.
        cells: usize,
    },
}

impl Shape {
    /// The number of cells the matrix will hold, at least (a JSON file's commas plus one).
    pub fn cells(&self) -> u128 {
        match *self {
            Shape::Csv { rows, cols } => rows as u128 * cols as u128,
            Shape::Json { cells } => cells as u128,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Csv { rows, cols } => write!(f, "{rows} rows × {cols} columns"),
            Shape::Json { cells } => write!(f, "a JSON matrix of up to {cells} cells"),
        }
    }
}

/// Counts [`Shape`] over a file's bytes fed in blocks of any size (a line may span blocks).
#[derive(Default)]
struct ShapeCounter {
    /// Bytes of a leading UTF-8 byte-order mark skipped (3 once past the start).
    bom: usize,
    /// `Some(json)` once the first byte that is not whitespace is seen.
    json: Option<bool>,
    rows: usize,
    cols: usize,
    commas: usize,
    /// Of the current line (CSV): after a `#`; separators; whitespace-separated tokens; tabs
    /// seen since the last cell character (they separate only when a cell follows: the line is
    /// trimmed before it is split).
    comment: bool,
    semicolons: usize,
    line_commas: usize,
    tabs: usize,
    pending_tabs: usize,
    tokens: usize,
    in_token: bool,
}

impl ShapeCounter {
    fn feed(&mut self, bytes: &[u8]) {
        const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
        for &b in bytes {
            if self.bom < BOM.len() {
                if b == BOM[self.bom] {
                    self.bom += 1;
                    continue;
                }
                self.bom = BOM.len();
            }
            if self.json.is_none() && !b.is_ascii_whitespace() {
                self.json = Some(b == b'{' || b == b'[');
            }
            if b == b',' {
                self.commas += 1;
            }
            if b == b'\n' {
                self.end_line();
                continue;
            }
            if self.comment || b == b'#' {
                self.comment = true;
                continue;
            }
            if b.is_ascii_whitespace() {
                self.in_token = false;
                if b == b'\t' && self.tokens > 0 {
                    self.pending_tabs += 1;
                }
                continue;
            }
            if !self.in_token {
                self.tokens += 1;
                self.in_token = true;
            }
            self.tabs += std::mem::take(&mut self.pending_tabs);
            match b {
                b';' => self.semicolons += 1,
                b',' => self.line_commas += 1,
                _ => {}
            }
        }
    }

    /// The cells of the line just ended, as `split_cells` counts them.
    fn end_line(&mut self) {
        if self.tokens > 0 {
            let cells = if self.semicolons > 0 {
                self.semicolons + 1
            } else if self.line_commas > 0 {
                self.line_commas + 1
            } else if self.tabs > 0 {
                self.tabs + 1
            } else {
                self.tokens
            };
            self.rows += 1;
            self.cols = self.cols.max(cells);
        }
        *self = ShapeCounter {
            bom: self.bom,
            json: self.json,
            rows: self.rows,
            cols: self.cols,
            commas: self.commas,
            ..ShapeCounter::default()
        };
    }

    fn finish(mut self) -> Shape {
        self.end_line();
        if self.json == Some(true) {
            Shape::Json {
                cells: self.commas + 1,
            }
        } else {
            Shape::Csv {
                rows: self.rows,
                cols: self.cols,
            }
        }
    }
}

/// The [`Shape`] of the matrix file `path`, read in blocks so that a file too large to audit is
/// refused before it is held in memory.
pub fn shape_of_file(path: &Path) -> Result<Shape, ReadError> {
    use std::io::Read;
    let io = |e: std::io::Error| ReadError::Io {
        path: path.to_path_buf(),
        error: e.to_string(),
    };
    let mut f = std::fs::File::open(path).map_err(io)?;
    let (mut buf, mut count) = (vec![0u8; 1 << 16], ShapeCounter::default());
    loop {
        match f.read(&mut buf) {
            Ok(0) => return Ok(count.finish()),
            Ok(k) => count.feed(&buf[..k]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io(e)),
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
mod tests {
    use super::*;

    /// `read_channel` / `read_dist` on files: each error variant names the file, and
    /// `--rationalize auto` turns a float row into the simplest rationals (3/7, 4/7: by hand).
    #[test]
    fn reading_files() {
        let dir = std::env::temp_dir().join(format!("dpcert-io-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str, text: &str| {
            let p = dir.join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let none = ReadOptions::default();
        let missing = dir.join("missing.csv");
        assert!(matches!(
            read_channel(&missing, &none),
            Err(ReadError::Io { .. })
        ));
        let bad_cell = file("cell.csv", "1/2,x\n");
        let e = read_channel(&bad_cell, &none).unwrap_err();
        assert!(matches!(&e, ReadError::Matrix { error, .. } if (error.row, error.col) == (1, 2)));
        assert!(e.to_string().starts_with(&bad_cell.display().to_string()));
        let floats = file(
            "floats.csv",
            "0.42857142857142855,0.5714285714285714\n1,0\n",
        );
        assert!(matches!(
            read_channel(&floats, &none),
            Err(ReadError::Invalid {
                error: ProbError::RowSum { row: 0, .. },
                ..
            })
        ));
        let auto = ReadOptions {
            rationalize: Some(Rounding::parse("auto").unwrap()),
        };
        let (w, change) = read_channel(&floats, &auto).unwrap();
        let q = |n: i64, d: i64| Rational::from_signeds(n, d);
        assert_eq!(w.rows()[0], vec![q(3, 7), q(4, 7)]);
        assert_eq!(change.unwrap().changed, 2);
        let far = file("far.csv", "1/2,1/4\n");
        assert!(matches!(
            read_channel(&far, &auto),
            Err(ReadError::Rationalize { .. })
        ));
        let column = file("prior.csv", "1/3\n2/3\n");
        let (d, change) = read_dist(&column, &none).unwrap();
        assert_eq!((d.probs(), change), (&[q(1, 3), q(2, 3)][..], None));
        assert!(matches!(
            read_dist(&bad_cell, &none),
            Err(ReadError::Matrix { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn csv_and_json_agree() {
        let a = parse_channel("1/2, 1/2\n0.1, 9/10\n").unwrap();
        let b = parse_channel(r#"{"rows": [["1/2","1/2"], ["0.1", "0.9"]]}"#).unwrap();
        assert_eq!(a, b);
        // The report keys of `dpcert optimal --json` are read past.
        let c = parse_channel(
            r#"{"graph": {"spec": "path:2"}, "optimum": "1/2", "rows": [["1/2","1/2"], ["0.1", "0.9"]], "warnings": []}"#,
        )
        .unwrap();
        assert_eq!(a, c);
        assert_eq!(a.entry(1, 0), &Rational::from_signeds(1, 10));
    }

    #[test]
    fn bad_inputs_name_row_and_column() {
        let table: &[(&str, usize, usize, &str)] = &[
            ("1/2,1/2\n1/2,2/5\n", 2, 0, "9/10"),
            ("1/2,1/2\n3/2,-1/2\n", 2, 2, "negative"),
            ("1/2,1/2\n1\n", 2, 0, "ragged"),
            ("1/2,1/2\n1/2,abc\n", 2, 2, "not an exact rational"),
            ("", 0, 0, "empty"),
            ("# only a comment\n", 0, 0, "empty"),
            (
                r#"{"rows": [["1/2", 0.5], [1, true]]}"#,
                2,
                2,
                "not an exact",
            ),
            (r#"{"rows": []}"#, 0, 0, "no rows"),
            ("{not json", 0, 0, "invalid JSON"),
            (
                r#"{"rows": [["1/2", "1/2"]], "rows": [[1]]}"#,
                0,
                0,
                "duplicate key \"rows\"",
            ),
            // The same key written with an escape is the same key.
            (
                r#"{"rows": [[1]], "\u0072ows": [[1]]}"#,
                0,
                0,
                "duplicate key \"rows\"",
            ),
            (r#"[{"a": 1, "b": 2, "a": 3}]"#, 0, 0, "duplicate key \"a\""),
            // Issue 42 item 6: an unknown key is named, with the nearest known one.
            (
                r#"{"rows": [[1]], "colums": 3}"#,
                0,
                0,
                "unknown key \"colums\" in the JSON object: a matrix is",
            ),
            (
                r#"{"Rows": [[1]]}"#,
                0,
                0,
                "unknown key \"Rows\" in the JSON object: did you mean \"rows\"?",
            ),
            (r#"{"row": [[1]]}"#, 0, 0, "did you mean \"rows\"?"),
        ];
        for &(text, row, col, reason) in table {
            let e = parse_channel(text).unwrap_err();
            assert_eq!((e.row, e.col), (row, col), "{text:?}: {e}");
            assert!(e.reason.contains(reason), "{text:?}: {e}");
        }
    }

    /// JSON numbers are read from their text: a literal one digit past f64 precision is not
    /// rounded to 1/2 (it used to be accepted as a row of DP level 2).
    #[test]
    fn json_numbers_are_exact() {
        let e =
            parse_channel(r#"{"rows":[[0.50000000000000000001,0.5],[0.25,0.75]]}"#).unwrap_err();
        assert_eq!((e.row, e.col), (1, 0), "{e}");
        assert!(
            e.reason
                .contains("100000000000000000001/100000000000000000000"),
            "{e}"
        );
        let w = parse_channel(r#"{"rows":[[0.1,0.9],[1e-1,9E-1]]}"#).unwrap();
        assert_eq!(w.entry(0, 0), &Rational::from_signeds(1, 10));
        assert_eq!(w.entry(1, 1), &Rational::from_signeds(9, 10));
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        assert_eq!(
            parse_channel("\u{feff}1/2,1/2\n1,0\n").unwrap(),
            parse_channel("1/2,1/2\n1,0\n").unwrap()
        );
        assert!(parse_channel("\u{feff}{\"rows\": [[1]]}").is_ok());
    }

    /// A 1,000-digit literal is shortened in the message, not echoed whole.
    #[test]
    fn long_literals_are_abbreviated() {
        let long = format!("1/2,{}x\n", "7".repeat(1000));
        let e = parse_channel(&long).unwrap_err();
        assert_eq!((e.row, e.col), (1, 2));
        assert!(e.to_string().len() < 240, "{e}");
        assert!(e.to_string().contains("1001 characters"), "{e}");
        let big = format!("1/2,1/2\n1/3,{}/3\n", "1".repeat(1000));
        let e = parse_channel(&big).unwrap_err();
        assert!(e.to_string().len() < 240, "{e}");
    }

    /// Issue 29: numpy's `savetxt` (spaces), decimal commas and header rows.
    #[test]
    fn separators_and_hints() {
        let spaces =
            parse_channel("5.000000000000000000e-01 5.000000000000000000e-01\n1 0\n").unwrap();
        assert_eq!(spaces, parse_channel("1/2,1/2\n1,0\n").unwrap());
        assert_eq!(parse_channel("1/2\t1/2\n1;0\n").unwrap(), spaces);
        assert_eq!(parse_dist("1/4 3/4").unwrap().len(), 2);
        let e = parse_channel("0,75;0,25\n1;0\n").unwrap_err();
        assert_eq!((e.row, e.col), (1, 1), "{e}");
        assert!(e.reason.contains("decimal comma"), "{e}");
        let e = parse_channel("# W(y|x)\ny0,y1\n1,0\n").unwrap_err();
        assert_eq!((e.row, e.col), (2, 1), "{e}");
        assert!(
            e.reason.contains("header row? comment it out with `#`"),
            "{e}"
        );
        // A bad cell later in the file is not called a header.
        let e = parse_channel("1,0\nabc,1\n").unwrap_err();
        assert!(!e.reason.contains("header"), "{e}");
    }

    #[test]
    fn dists() {
        assert_eq!(parse_dist("1/4,3/4").unwrap().len(), 2);
        assert_eq!(parse_dist("1/4\n3/4\n").unwrap().len(), 2);
        assert!(parse_dist("1/4,1/4\n1/4,1/4").is_err());
        assert!(parse_dist("1/4,1/4").is_err());
    }

    /// The shape counted from the bytes in blocks of `block` bytes.
    fn counted(text: &str, block: usize) -> Shape {
        let mut c = ShapeCounter::default();
        for b in text.as_bytes().chunks(block) {
            c.feed(b);
        }
        c.finish()
    }

    /// Issue 42 item 6: literal table of shapes counted before parsing (a 10⁷ × 2 file was
    /// refused as "20000000 inputs × 1 outputs").
    #[test]
    fn shape_table() {
        let csv = |rows, cols| Shape::Csv { rows, cols };
        let table: &[(&str, Shape)] = &[
            ("1/2,1/2\n1/3,2/3\n1,0\n", csv(3, 2)),
            ("1/2,1/2\n1/3,2/3\n1,0", csv(3, 2)),
            ("\u{feff}# header\n\n0.5 0.5\r\n1 0\r\n", csv(2, 2)),
            ("0,75;0,25\n", csv(1, 2)),
            ("1\t0\t\n\t0\t1\n", csv(2, 2)),
            ("1, 0 # a, comment; here\n", csv(1, 2)),
            ("", csv(0, 0)),
            (
                r#"{"rows": [["1/2","1/2"], ["1/3","2/3"]]}"#,
                Shape::Json { cells: 4 },
            ),
            ("\u{feff}  [[1,0],[0,1]]", Shape::Json { cells: 4 }),
        ];
        for (text, want) in table {
            for block in [1, 2, 3, 1 << 16] {
                assert_eq!(&counted(text, block), want, "{text:?} in blocks of {block}");
            }
        }
        assert_eq!(csv(10_000_000, 2).to_string(), "10000000 rows × 2 columns");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// The shape counted from the bytes is the parsed matrix's: its rows and the most
        /// cells of a row (reference: [`parse_matrix`]), whatever the blocks.
        #[test]
        fn shape_counts_what_parse_matrix_reads(
            text in "(([0-9]{1,2}|1/[1-9])([,;\t ]|  |, |\t\t)?){0,4}(#[ ,;a-z]{0,4})?(\r?\n){1,2}( ?[0-9]{1,2}([,;\t ][0-9]{1,2}){0,3}[ \t]?\n){0,4}",
            block in 1usize..9,
        ) {
            if let Ok(rows) = parse_matrix(&text) {
                let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
                proptest::prop_assert_eq!(counted(&text, block), Shape::Csv { rows: rows.len(), cols });
            }
        }

        /// Issue 26 (the in-tree companion of `fuzz/fuzz_targets/matrix.rs`): arbitrary text,
        /// and text built from the characters of the formats, is read or refused, never a
        /// panic; a channel read is row-stochastic exactly.
        #[test]
        fn any_text_is_read_or_refused(
            text in proptest::prop_oneof![
                "\\PC{0,64}",
                "[0-9/.eE+,;#\\t\n \\-]{0,48}",
                "[\\[\\]{}\":, 0-9/.a-z\\-]{0,48}",
            ]
        ) {
            let _ = parse_matrix(&text);
            let _ = parse_dist(&text);
            if let Ok(w) = parse_channel(&text) {
                for row in w.rows() {
                    proptest::prop_assert_eq!(row.iter().sum::<Rational>(), Rational::from(1u32));
                }
            }
        }
    }
}
