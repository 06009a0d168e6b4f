//! The shape of a matrix file counted from its bytes, in blocks, before it is parsed: what a
//! refusal for size can say without holding the file in memory.

use super::ReadError;
use std::fmt;
use std::path::Path;

/// The shape of a matrix file counted from its bytes before it is parsed ([`shape_of_file`]):
/// what a refusal for size can say (issue 42 item 6: a 10⁷ × 2 file was refused as "20000000
/// inputs × 1 outputs", cells counted as rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// CSV: the lines with a cell, and the most cells on one line, split as [`super::parse_matrix`]
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
pub(super) struct ShapeCounter {
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
    pub(super) fn feed(&mut self, bytes: &[u8]) {
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

    pub(super) fn finish(mut self) -> Shape {
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
