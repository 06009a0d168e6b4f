//! The edge-list file format.
//!
//! ```text
//! # a comment; everything after '#' is ignored
//! vertices 5        # optional: the graph has exactly 5 vertices (isolated ones included)
//! a b               # an edge between the vertices labelled `a` and `b`
//! b c
//! ```
//! One edge per line as two vertex labels separated by whitespace (a leading UTF-8 byte-order
//! mark is skipped). Labels mean what the user wrote:
//! * **Number labels** (every label reads as a number: `2`, `1.0`, `+1`, `0.000e+00`): label
//!   `k` *is* vertex `k`, i.e. row `k` of a mechanism audited on this graph. The graph has
//!   `max label + 1` vertices, or `N` with `vertices N` (then every label must be below `N`);
//!   integers no edge names are isolated vertices. A number that is no vertex index (negative,
//!   `1.5`, a fraction) is an error naming its line and column.
//! * **Named labels** (no label reads as a number): vertices are numbered 0, 1, … in the order
//!   they are first seen, and that numbering is a warning (on stderr in the CLI) as well as
//!   printed by the commands. With `vertices N`, the vertices not named by any edge are added
//!   after the named ones, labelled `#k`.
//! * A file that mixes the two is refused: numbering `1.0` or `+1` as names used to permute the
//!   rows in silence (issue 42 item 12: `1.0 2.0` / `0.0 1.0` read 1.0 as row 0).
//!
//! `vertices` is a reserved word. Self-loops, repeated edges (in either orientation), more than N
//! labels, a repeated `vertices` line, an empty graph and more than [`MAX_VERTICES`] vertices
//! are errors.

use super::graph::Graph;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// A malformed edge list: the 1-based line and column (0 = the file as a whole, or the line as
/// a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeListError {
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// 1-based column of the label at fault, in characters (0: the line as a whole).
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for EdgeListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.reason),
            (l, 0) => write!(f, "line {l}: {}", self.reason),
            (l, c) => write!(f, "line {l}, column {c}: {}", self.reason),
        }
    }
}

impl std::error::Error for EdgeListError {}

/// The largest graph dpcert builds (from a file or a generator spec); larger requests are refused
/// with an error instead of an allocation failure.
pub const MAX_VERTICES: usize = 1 << 16;

/// A label is an integer label when it is a non-empty string of ASCII digits.
fn integer_label(t: &str) -> Option<usize> {
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        // Too large for usize is certainly beyond MAX_VERTICES.
        Some(t.parse().unwrap_or(usize::MAX))
    } else {
        None
    }
}

/// What a label that reads as a number is (issue 42 item 12).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Numeric {
    /// A non-negative integer value: the vertex index (`usize::MAX` when it does not fit, which
    /// is certainly beyond [`MAX_VERTICES`]).
    Index(usize),
    /// A number that is not a vertex index, and why (`negative`, `not an integer`, ...).
    NotIndex(&'static str),
}

/// `[sign] digits [. digits] [e|E [sign] digits]` (the decimals and scientific notation of
/// [`crate::num::parse_rational`]): whether negative, the mantissa (`digits [. digits]`) and the
/// exponent (saturating; no big number is built, so a label `1e99999` costs nothing).
fn decimal_parts(t: &str) -> Option<(bool, &str, i64)> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int_part.is_empty() && frac_part.is_empty()) || !digits(int_part) || !digits(frac_part) {
        return None;
    }
    let exp = match exponent {
        None => 0i64,
        Some(e) => {
            let (eneg, ed) = match e.as_bytes().first() {
                Some(b'-') => (true, &e[1..]),
                Some(b'+') => (false, &e[1..]),
                _ => (false, e),
            };
            if ed.is_empty() || !digits(ed) {
                return None;
            }
            let v = ed.parse::<i64>().unwrap_or(i64::MAX / 2).min(i64::MAX / 2);
            if eneg {
                -v
            } else {
                v
            }
        }
    };
    Some((neg, mantissa, exp))
}

/// The label `t` read as a number, or `None` when it is a name (see the module docs).
fn numeric_label(t: &str) -> Option<Numeric> {
    if let Some((p, q)) = t.split_once('/') {
        // `4/2` reads as a number too, but a fraction is never written for an index.
        return (decimal_parts(p).is_some() && decimal_parts(q).is_some())
            .then_some(Numeric::NotIndex("a fraction, not a vertex index"));
    }
    let (neg, mantissa, exp) = decimal_parts(t)?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // value = D × 10^shift with D the digits int_part ‖ frac_part.
    let joined: String = [int_part, frac_part].concat();
    let shift = exp.saturating_sub(frac_part.len() as i64);
    let sig = joined.trim_start_matches('0');
    let sig = sig.trim_end_matches('0');
    if sig.is_empty() {
        return Some(Numeric::Index(0)); // 0, -0, 0.000e+00
    }
    if neg {
        return Some(Numeric::NotIndex("negative"));
    }
    // D × 10^shift with D = sig × 10^(trailing zeros of joined).
    let trailing = (joined.trim_start_matches('0').len() - sig.len()) as i64;
    let power = shift.saturating_add(trailing);
    if power < 0 {
        return Some(Numeric::NotIndex("not an integer"));
    }
    // More than 20 digits is beyond usize.
    if sig.len() as i64 + power > 20 {
        return Some(Numeric::Index(usize::MAX));
    }
    let value = sig
        .parse::<usize>()
        .ok()
        .and_then(|v| v.checked_mul(10usize.checked_pow(power as u32)?))
        .unwrap_or(usize::MAX);
    Some(Numeric::Index(value))
}

/// One label of an edge line: its text and 1-based column (in characters).
#[derive(Clone, Copy)]
struct Label<'a> {
    text: &'a str,
    column: usize,
}

/// How many named labels the warning about their numbering lists.
const NAMES_SHOWN: usize = 6;

impl Graph {
    /// Parse an edge list (format in the module documentation).
    pub fn from_edge_list(text: &str) -> Result<Graph, EdgeListError> {
        Graph::from_edge_list_with_warnings(text).map(|(g, _)| g)
    }

    /// [`Graph::from_edge_list`], with warnings about readings that are valid but probably not
    /// meant: integer labels with a leading zero (`012` is read as vertex 12, not a name),
    /// integer labels that leave vertices without an edge (no `vertices N` line asked for
    /// them), each saying whether the graph came out disconnected, and named labels (their
    /// numbering by first appearance is the row order: issue 42 item 12).
    pub fn from_edge_list_with_warnings(text: &str) -> Result<(Graph, Vec<String>), EdgeListError> {
        let err = |line: usize, reason: String| EdgeListError {
            line,
            column: 0,
            reason,
        };
        let at = |line: usize, l: Label, reason: String| EdgeListError {
            line,
            column: l.column,
            reason,
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut declared: Option<(usize, usize)> = None; // (N, line)
        let mut raw_edges: Vec<(usize, Label, Label)> = Vec::new(); // (line, u, v)
                                                                    // The first label that reads as a number and the first name: both in one file is an
                                                                    // error (module docs).
        let mut first_number: Option<(usize, Label)> = None;
        let mut first_name: Option<(usize, Label)> = None;
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let content = raw.split('#').next().unwrap_or("");
            let tokens: Vec<Label> = content
                .split_whitespace()
                .map(|t| Label {
                    text: t,
                    // `t` is a slice of `raw`: its byte offset, counted in characters.
                    column: raw[..t.as_ptr() as usize - raw.as_ptr() as usize]
                        .chars()
                        .count()
                        + 1,
                })
                .collect();
            if tokens.is_empty() {
                continue;
            }
            if tokens[0].text == "vertices" {
                if tokens.len() != 2 {
                    return Err(err(line, "expected `vertices N`".into()));
                }
                let n = integer_label(tokens[1].text).ok_or_else(|| {
                    at(
                        line,
                        tokens[1],
                        format!(
                            "`vertices` needs a non-negative integer, got `{}`",
                            crate::num::fmt::abbreviate(tokens[1].text)
                        ),
                    )
                })?;
                if n > MAX_VERTICES {
                    return Err(err(
                        line,
                        format!(
                            "`vertices {}`: more than {MAX_VERTICES} vertices",
                            crate::num::fmt::abbreviate(tokens[1].text)
                        ),
                    ));
                }
                if let Some((_, l)) = declared {
                    return Err(err(
                        line,
                        format!("second `vertices` line (first on line {l})"),
                    ));
                }
                declared = Some((n, line));
                continue;
            }
            if tokens.len() != 2 {
                return Err(err(
                    line,
                    format!(
                        "expected an edge `u v` (two labels), found {} token(s)",
                        tokens.len()
                    ),
                ));
            }
            if tokens[0].text == tokens[1].text {
                return Err(err(
                    line,
                    format!("self-loop at vertex `{}`", tokens[0].text),
                ));
            }
            for &l in &tokens {
                match numeric_label(l.text) {
                    Some(Numeric::NotIndex(why)) => {
                        return Err(at(
                            line,
                            l,
                            format!(
                                "label `{}` reads as a number but is {why}: labels that are \
                                 numbers are vertex indices 0, 1, … (row k of the mechanism is \
                                 vertex k); to use names, start every label with a letter",
                                crate::num::fmt::abbreviate(l.text)
                            ),
                        ))
                    }
                    Some(Numeric::Index(_)) => {
                        first_number.get_or_insert((line, l));
                    }
                    None => {
                        first_name.get_or_insert((line, l));
                    }
                }
            }
            if let (Some(number), Some(name)) = (first_number, first_name) {
                // Report the label that made the mixture, naming the other.
                let pos = |(line, l): (usize, Label)| (line, l.column);
                let ((line, l, what), (ol, o, other)) = if pos(number) > pos(name) {
                    ((number.0, number.1, "a number"), (name.0, name.1, "a name"))
                } else {
                    ((name.0, name.1, "a name"), (number.0, number.1, "a number"))
                };
                return Err(at(
                    line,
                    l,
                    format!(
                        "label `{}` is {what} but label `{}` (line {ol}, column {}) is {other}: \
                         a file's labels are all numbers (vertex indices: row k is vertex k) or \
                         all names (numbered by first appearance); to use names, start every \
                         label with a letter",
                        crate::num::fmt::abbreviate(l.text),
                        crate::num::fmt::abbreviate(o.text),
                        o.column,
                    ),
                ));
            }
            raw_edges.push((line, tokens[0], tokens[1]));
        }
        // A file without a label (`vertices N` alone) has index labels too.
        let integers = first_name.is_none();
        let index_of = |l: Label| match numeric_label(l.text) {
            Some(Numeric::Index(k)) => k,
            _ => unreachable!("every label of a number file is an index"),
        };
        let mut labels: Vec<String> = Vec::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut seen: HashSet<(usize, usize)> = HashSet::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for &(line, a, b) in &raw_edges {
            let (u, v) = if integers {
                let (u, v) = (index_of(a), index_of(b));
                for (w, t) in [(u, a), (v, b)] {
                    if let Some((n, l)) = declared {
                        if w >= n {
                            return Err(at(
                                line,
                                t,
                                format!(
                                    "vertex `{}` is not below `vertices {n}` (line {l}); integer labels are vertex indices 0..{n}",
                                    crate::num::fmt::abbreviate(t.text)
                                ),
                            ));
                        }
                    } else if w >= MAX_VERTICES {
                        return Err(at(
                            line,
                            t,
                            format!(
                                "vertex `{}`: integer labels are vertex indices, and more than {MAX_VERTICES} vertices are refused",
                                crate::num::fmt::abbreviate(t.text)
                            ),
                        ));
                    }
                }
                if u == v {
                    return Err(err(
                        line,
                        format!("self-loop at vertex {u} (`{}` `{}`)", a.text, b.text),
                    ));
                }
                (u, v)
            } else {
                let mut ends = [0usize; 2];
                for (slot, t) in ends.iter_mut().zip([a.text, b.text]) {
                    *slot = *index.entry(t).or_insert_with(|| {
                        labels.push(t.to_string());
                        labels.len() - 1
                    });
                }
                (ends[0], ends[1])
            };
            if !seen.insert((u.min(v), u.max(v))) {
                return Err(err(
                    line,
                    format!("duplicate edge `{}` `{}`", a.text, b.text),
                ));
            }
            edges.push((u, v));
        }
        let named = if integers {
            edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(0)
        } else {
            labels.len()
        };
        let n = match declared {
            Some((n, line)) if n < named => {
                return Err(err(
                    line,
                    format!("`vertices {n}` but the edges name {named} distinct vertices"),
                ))
            }
            Some((n, _)) => n,
            None => named,
        };
        if n == 0 {
            return Err(err(
                0,
                "the graph has no vertices (no edges and no `vertices N` line)".into(),
            ));
        }
        if n > MAX_VERTICES {
            return Err(err(0, format!("{n} vertices: more than {MAX_VERTICES}")));
        }
        let mut g = Graph::from_edges(n, &edges).map_err(|e| err(0, e.to_string()))?;
        let mut warnings = Vec::new();
        if integers {
            let disconnected = if g.is_connected() {
                String::new()
            } else {
                "; the graph is disconnected".to_string()
            };
            let zero_led =
                |t: &str| t.len() > 1 && t.starts_with('0') && integer_label(t).is_some();
            if let Some(&(line, a, b)) = raw_edges
                .iter()
                .find(|(_, a, b)| zero_led(a.text) || zero_led(b.text))
            {
                let t = if zero_led(a.text) { a.text } else { b.text };
                warnings.push(format!(
                    "line {line}: label `{}` has a leading zero, but integer labels are vertex \
                     indices (`{}` is vertex {}); {n} vertices{disconnected}. To use the labels as \
                     names, make one of them not an integer (e.g. prefix a letter)",
                    crate::num::fmt::abbreviate(t),
                    crate::num::fmt::abbreviate(t),
                    integer_label(t).unwrap_or(usize::MAX)
                ));
            }
            if declared.is_none() {
                let mut has_edge = vec![false; n];
                for &(u, v) in &edges {
                    has_edge[u] = true;
                    has_edge[v] = true;
                }
                let lonely: Vec<usize> = (0..n).filter(|&v| !has_edge[v]).collect();
                if !lonely.is_empty() {
                    let shown: Vec<String> = lonely.iter().take(5).map(usize::to_string).collect();
                    warnings.push(format!(
                        "{} of the {n} vertices {} no edge (vertex {}{}): integer labels are \
                         vertex indices 0..{n} (0-based){disconnected}. Add `vertices {n}` if \
                         that is meant",
                        lonely.len(),
                        if lonely.len() == 1 { "has" } else { "have" },
                        shown.join(", "),
                        if lonely.len() > 5 { ", …" } else { "" }
                    ));
                }
            }
        } else {
            for k in labels.len()..n {
                labels.push(format!("#{k}"));
            }
            warnings.push(named_numbering(&labels));
            g.labels = Some(labels);
        }
        Ok((g, warnings))
    }

    /// Whether the vertices carry names from an edge-list file (named labels) rather than
    /// being their own indices.
    pub fn has_named_labels(&self) -> bool {
        self.labels.is_some()
    }
}

/// The warning that names are numbered by first appearance, and that this numbering is the row
/// order (issue 42 item 12: the mapping, never the identity for names, is said on stderr).
fn named_numbering(labels: &[String]) -> String {
    let shown: Vec<String> = labels
        .iter()
        .take(NAMES_SHOWN)
        .enumerate()
        .map(|(k, l)| format!("{}→{k}", crate::num::fmt::abbreviate(l)))
        .collect();
    format!(
        "the labels are names, numbered 0, 1, … by first appearance, and row k of a mechanism is \
         the vertex numbered k: {}{}",
        shown.join(" "),
        if labels.len() > NAMES_SHOWN {
            format!(
                " … ({} vertices; `dpcert graph FILE` prints every label)",
                labels.len()
            )
        } else {
            String::new()
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_labels_comments_and_isolated_vertices() {
        let g =
            Graph::from_edge_list("# square\nvertices 5\na b\n b  c # c\n\nc d\nd a\n").unwrap();
        assert_eq!((g.n(), g.m()), (5, 4));
        assert_eq!(g.label(0), "a");
        assert_eq!(g.label(4), "#4");
        assert!(g.adjacent(3, 0));
        assert_eq!(g.degree(4), 0);
        let h = Graph::from_edge_list("0 1\n1 2\n").unwrap();
        assert_eq!(h.edges(), vec![(0, 1), (1, 2)]);
        assert_eq!(Graph::from_edge_list("vertices 1\n").unwrap().n(), 1);
        // No label at all: indices, no names `#0`, `#1` and no numbering to announce.
        let (e, w) = Graph::from_edge_list_with_warnings("vertices 2\n").unwrap();
        assert!(!e.has_named_labels() && w.is_empty(), "{w:?}");
    }

    /// Issue 29: valid readings that are probably not meant are warned about, never silent.
    #[test]
    fn suspicious_integer_labels_warn() {
        // The Kneser graph K(5,2)'s edges written as 2-subsets with digits: 01 23, ...
        let (g, w) = Graph::from_edge_list_with_warnings("01 23\n01 24\n02 13\n").unwrap();
        assert_eq!(g.n(), 25);
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(
            w[0].starts_with("line 1: label `01` has a leading zero"),
            "{w:?}"
        );
        assert!(w[0].contains("the graph is disconnected"), "{w:?}");
        assert!(
            w[1].starts_with("20 of the 25 vertices have no edge (vertex 0, 3, 4, 5, 6, …)"),
            "{w:?}"
        );
        // A gap without leading zeros: only the isolated vertex.
        let (_, w) = Graph::from_edge_list_with_warnings("0 2\n").unwrap();
        assert_eq!(w.len(), 1);
        assert!(
            w[0].starts_with("1 of the 3 vertices has no edge (vertex 1)"),
            "{w:?}"
        );
        // Asked for with `vertices N`, or a path: no warning.
        for text in ["vertices 3\n0 2\n", "0 1\n1 2\n", "0.0 1.0\n1.0 2.0\n"] {
            let (_, w) = Graph::from_edge_list_with_warnings(text).unwrap();
            assert!(w.is_empty(), "{text}: {w:?}");
        }
        // Named labels: their numbering is the one warning (issue 42 item 12).
        let (_, w) = Graph::from_edge_list_with_warnings("c b\nb a\n").unwrap();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].ends_with("numbered k: c→0 b→1 a→2"), "{w:?}");
        let many: String = (0..8).map(|k| format!("v{k} v{}\n", k + 1)).collect();
        let (_, w) = Graph::from_edge_list_with_warnings(&many).unwrap();
        assert!(
            w[0].ends_with("v0→0 v1→1 v2→2 v3→3 v4→4 v5→5 … (9 vertices; `dpcert graph FILE` prints every label)"),
            "{w:?}"
        );
    }

    /// Integer labels are vertex indices (issue 16: `1 2` / `0 1` used to number 1 as vertex 0,
    /// so an audit on rows 0, 1, 2 called rows 0 and 2 neighbours).
    #[test]
    fn integer_labels_are_indices() {
        let g = Graph::from_edge_list("1 2\n0 1\n").unwrap();
        assert_eq!(g.n(), 3);
        assert!(g.adjacent(1, 2) && g.adjacent(0, 1) && !g.adjacent(0, 2));
        assert_eq!(g.label(2), "2");
        assert!(!g.has_named_labels());
        // Isolated integers in between, and `vertices` adding more at the end.
        let h = Graph::from_edge_list("vertices 6\n4 2\n").unwrap();
        assert_eq!((h.n(), h.m()), (6, 1));
        assert!(h.adjacent(2, 4));
        assert_eq!(h.degree(0), 0);
        // Only names: numbered by first appearance.
        let k = Graph::from_edge_list("b c\na b\n").unwrap();
        assert!(k.has_named_labels());
        assert_eq!((k.label(0), k.label(2)), ("b".into(), "a".into()));
        assert!(Graph::from_edge_list("\u{feff}0 1\n")
            .unwrap()
            .adjacent(0, 1));
    }

    /// Literal table of malformed inputs: (text, line, part of the reason).
    #[test]
    fn errors_name_line_and_reason() {
        let table = [
            ("a b\nb b\n", 2, "self-loop"),
            ("a b\nb a\n", 2, "duplicate edge"),
            ("a b c\n", 1, "found 3 token(s)"),
            ("a\n", 1, "found 1 token(s)"),
            ("vertices x\n", 1, "non-negative integer"),
            ("vertices 2\nvertices 3\n", 2, "second `vertices`"),
            ("vertices 1\na b\n", 1, "distinct vertices"),
            ("vertices 3\n0 1\n1 3\n", 3, "not below `vertices 3`"),
            ("vertices 99999999999\n", 1, "more than 65536 vertices"),
            ("0 99999999999\n", 1, "more than 65536 vertices"),
            ("0 1\n01 1\n", 2, "self-loop"),
            ("0 1\n1 00\n", 2, "duplicate edge"),
            ("# nothing\n", 0, "no vertices"),
            ("", 0, "no vertices"),
            ("vertices 0\n", 0, "no vertices"),
        ];
        for (text, line, reason) in table {
            let e = Graph::from_edge_list(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.reason.contains(reason), "{text:?}: {e}");
        }
    }

    /// Issue 42 item 12: labels that read as numbers are vertex indices, whatever their
    /// spelling, so `1.0 2.0` / `0.0 1.0` is the path 0–1–2 (it used to number 1.0 as row 0).
    #[test]
    fn number_labels_are_indices_whatever_the_spelling() {
        let path = |g: &Graph| {
            g.n() == 3
                && g.m() == 2
                && g.adjacent(0, 1)
                && g.adjacent(1, 2)
                && !g.has_named_labels()
        };
        for text in [
            "1.0 2.0\n0.0 1.0\n",
            // numpy's savetxt
            "1.000000000000000000e+00 2.000000000000000000e+00\n0.000e+00 1.000e+00\n",
            "+1 +2\n0 +1\n",
            "+1 2\n-0 1\n",
            "10e-1 0.2e1\n0 1E0\n",
        ] {
            let (g, w) = Graph::from_edge_list_with_warnings(text).unwrap();
            assert!(path(&g), "{text:?}: {:?}", g.edges());
            assert!(w.is_empty(), "{text:?}: {w:?}");
        }
    }

    /// Naive reference for [`numeric_label`]: the exact value by `parse_rational`.
    fn numeric_reference(t: &str) -> Option<Numeric> {
        let parses = |s: &str| crate::num::parse_rational(s).is_ok();
        if let Some((p, q)) = t.split_once('/') {
            // Any two decimals around one slash, `1/0` included: no index either way.
            return (parses(p) && parses(q) && !q.contains('/'))
                .then_some(Numeric::NotIndex("a fraction, not a vertex index"));
        }
        let q = crate::num::parse_rational(t).ok()?;
        Some(if q < 0u32 {
            Numeric::NotIndex("negative")
        } else if q.denominator_ref() != &1u32 {
            Numeric::NotIndex("not an integer")
        } else {
            Numeric::Index(usize::try_from(q.numerator_ref()).unwrap_or(usize::MAX))
        })
    }

    /// Literal table of labels (issue 42 item 12), then the reference on random spellings.
    #[test]
    fn numeric_label_table() {
        use Numeric::{Index, NotIndex};
        let table: &[(&str, Option<Numeric>)] = &[
            ("0", Some(Index(0))),
            ("+1", Some(Index(1))),
            ("1.0", Some(Index(1))),
            ("1.50e1", Some(Index(15))),
            ("0.000e+00", Some(Index(0))),
            ("-0", Some(Index(0))),
            ("-0.0e5", Some(Index(0))),
            ("1e3", Some(Index(1000))),
            ("120e-1", Some(Index(12))),
            ("5.", Some(Index(5))),
            ("007", Some(Index(7))),
            ("1.5", Some(NotIndex("not an integer"))),
            (".5", Some(NotIndex("not an integer"))),
            ("1e-99999", Some(NotIndex("not an integer"))),
            ("-1", Some(NotIndex("negative"))),
            ("-2.5", Some(NotIndex("negative"))),
            ("1/2", Some(NotIndex("a fraction, not a vertex index"))),
            ("4/2", Some(NotIndex("a fraction, not a vertex index"))),
            ("1e99999", Some(Index(usize::MAX))),
            ("1e999999999999999999999999", Some(Index(usize::MAX))),
            ("0e999999999999999999999999", Some(Index(0))),
            ("99999999999999999999999", Some(Index(usize::MAX))),
            ("18446744073709551615", Some(Index(usize::MAX))),
            ("a", None),
            ("v1", None),
            ("1e", None),
            ("e1", None),
            (".", None),
            ("+", None),
            ("1.2.3", None),
            ("inf", None),
            ("nan", None),
            ("0x1", None),
            ("1_000", None),
            ("a/b", None),
        ];
        for (t, want) in table {
            assert_eq!(&numeric_label(t), want, "{t}");
        }
    }

    /// Literal table of refused labels: (text, line, column, part of the reason).
    #[test]
    fn number_labels_that_are_no_index_are_located() {
        let table = [
            ("1.5 2\n", 1, 1, "reads as a number but is not an integer"),
            ("0 1\n1   -1\n", 2, 5, "reads as a number but is negative"),
            ("0 1\n 1 1/2\n", 2, 4, "a fraction"),
            // Mixed numbers and names: the label that made the mixture, naming the other.
            (
                "a b\nb 1.0\n",
                2,
                3,
                "`1.0` is a number but label `a` (line 1, column 1) is a name",
            ),
            (
                "+1 0\n0 x\n",
                2,
                3,
                "`x` is a name but label `+1` (line 1, column 1) is a number",
            ),
            ("1 2\n0 a\n", 2, 3, "is a name"),
            ("012 345\n345 a\n", 2, 5, "is a name"),
            ("vertices 3\n0 1\n1 3.0\n", 3, 3, "not below `vertices 3`"),
            ("0 1e9\n", 1, 3, "more than 65536 vertices"),
            ("vertices y\n", 1, 10, "non-negative integer"),
        ];
        for (text, line, column, reason) in table {
            let e = Graph::from_edge_list(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.reason.contains(reason), "{text:?}: {e}");
            assert!(
                e.to_string()
                    .starts_with(&format!("line {line}, column {column}: ")),
                "{e}"
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Issue 42 item 12: [`numeric_label`] reads every decimal and scientific spelling as
        /// [`crate::num::parse_rational`] does.
        #[test]
        fn numeric_label_agrees_with_parse_rational(
            t in "[+-]?[0-9]{0,3}(\\.[0-9]{0,3})?([eE][+-]?[0-9]{1,2})?(/[0-9]{1,2})?"
        ) {
            proptest::prop_assert_eq!(numeric_label(&t), numeric_reference(&t), "{}", t);
        }

        /// Issue 26 (companion of `fuzz/fuzz_targets/edge_list.rs`): arbitrary text and
        /// edge-list-like text gives a graph or a located refusal, never a panic.
        #[test]
        fn any_text_is_read_or_refused(
            text in proptest::prop_oneof![
                "\\PC{0,64}",
                "(vertices|[0-9]{1,4}|[a-c]|#|\\n| |\\t|-){0,24}",
            ]
        ) {
            if let Ok(g) = Graph::from_edge_list(&text) {
                for (u, v) in g.edges() {
                    proptest::prop_assert!(u < g.n() && v < g.n());
                }
            }
        }
    }
}
