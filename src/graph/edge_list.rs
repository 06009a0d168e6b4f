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
//! * **Integer labels** (every label is a non-negative decimal integer): label `k` *is* vertex
//!   `k`, i.e. row `k` of a mechanism audited on this graph. The graph has `max label + 1`
//!   vertices, or `N` with `vertices N` (then every label must be below `N`); integers no edge
//!   names are isolated vertices.
//! * **Named labels** (any label is not an integer): vertices are numbered 0, 1, … in the order
//!   they are first seen, and commands print the label next to every index. With `vertices N`,
//!   the vertices not named by any edge are added after the named ones, labelled `#k`.
//!
//! `vertices` is a reserved word. Self-loops, repeated edges (in either orientation), more than N
//! labels, a repeated `vertices` line, an empty graph and more than [`MAX_VERTICES`] vertices
//! are errors.

use super::graph::Graph;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// A malformed edge list: the 1-based line (0 = the file as a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeListError {
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for EdgeListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "line {}: {}", self.line, self.reason)
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

impl Graph {
    /// Parse an edge list (format in the module documentation).
    pub fn from_edge_list(text: &str) -> Result<Graph, EdgeListError> {
        Graph::from_edge_list_with_warnings(text).map(|(g, _)| g)
    }

    /// [`Graph::from_edge_list`], with warnings about readings that are valid but probably not
    /// meant: integer labels with a leading zero (`012` is read as vertex 12, not a name) and
    /// integer labels that leave vertices without an edge (no `vertices N` line asked for
    /// them), each saying whether the graph came out disconnected.
    pub fn from_edge_list_with_warnings(text: &str) -> Result<(Graph, Vec<String>), EdgeListError> {
        let err = |line: usize, reason: String| EdgeListError { line, reason };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut declared: Option<(usize, usize)> = None; // (N, line)
        let mut raw_edges: Vec<(usize, &str, &str)> = Vec::new(); // (line, u, v)
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let content = raw.split('#').next().unwrap_or("");
            let tokens: Vec<&str> = content.split_whitespace().collect();
            if tokens.is_empty() {
                continue;
            }
            if tokens[0] == "vertices" {
                if tokens.len() != 2 {
                    return Err(err(line, "expected `vertices N`".into()));
                }
                let n = integer_label(tokens[1]).ok_or_else(|| {
                    err(
                        line,
                        format!(
                            "`vertices` needs a non-negative integer, got `{}`",
                            crate::num::fmt::abbreviate(tokens[1])
                        ),
                    )
                })?;
                if n > MAX_VERTICES {
                    return Err(err(
                        line,
                        format!(
                            "`vertices {}`: more than {MAX_VERTICES} vertices",
                            crate::num::fmt::abbreviate(tokens[1])
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
            if tokens[0] == tokens[1] {
                return Err(err(line, format!("self-loop at vertex `{}`", tokens[0])));
            }
            raw_edges.push((line, tokens[0], tokens[1]));
        }
        let integers = !raw_edges.is_empty()
            && raw_edges
                .iter()
                .all(|&(_, u, v)| integer_label(u).is_some() && integer_label(v).is_some());
        let mut labels: Vec<String> = Vec::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut seen: HashSet<(usize, usize)> = HashSet::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for &(line, a, b) in &raw_edges {
            let (u, v) = if integers {
                let (u, v) = (integer_label(a).unwrap(), integer_label(b).unwrap());
                for (w, t) in [(u, a), (v, b)] {
                    if let Some((n, l)) = declared {
                        if w >= n {
                            return Err(err(
                                line,
                                format!(
                                    "vertex `{}` is not below `vertices {n}` (line {l}); integer labels are vertex indices 0..{n}",
                                    crate::num::fmt::abbreviate(t)
                                ),
                            ));
                        }
                    } else if w >= MAX_VERTICES {
                        return Err(err(
                            line,
                            format!(
                                "vertex `{}`: integer labels are vertex indices, and more than {MAX_VERTICES} vertices are refused",
                                crate::num::fmt::abbreviate(t)
                            ),
                        ));
                    }
                }
                if u == v {
                    return Err(err(line, format!("self-loop at vertex {u} (`{a}` `{b}`)")));
                }
                (u, v)
            } else {
                let mut ends = [0usize; 2];
                for (slot, t) in ends.iter_mut().zip([a, b]) {
                    *slot = *index.entry(t).or_insert_with(|| {
                        labels.push(t.to_string());
                        labels.len() - 1
                    });
                }
                (ends[0], ends[1])
            };
            if !seen.insert((u.min(v), u.max(v))) {
                return Err(err(line, format!("duplicate edge `{a}` `{b}`")));
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
            if let Some(&(line, a, b)) = raw_edges
                .iter()
                .find(|(_, a, b)| [a, b].iter().any(|t| t.len() > 1 && t.starts_with('0')))
            {
                let t = if a.len() > 1 && a.starts_with('0') {
                    a
                } else {
                    b
                };
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
        // Asked for with `vertices N`, a path, or named labels: no warning.
        for text in ["vertices 3\n0 2\n", "0 1\n1 2\n", "012 345\n345 a\n"] {
            let (_, w) = Graph::from_edge_list_with_warnings(text).unwrap();
            assert!(w.is_empty(), "{text}: {w:?}");
        }
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
        // A single non-integer label switches the whole file to named labels.
        let k = Graph::from_edge_list("1 2\n0 a\n").unwrap();
        assert!(k.has_named_labels());
        assert_eq!(k.label(0), "1");
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

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
