//! The edge-list file format.
//!
//! ```text
//! # a comment; everything after '#' is ignored
//! vertices 5        # optional: the graph has exactly 5 vertices (isolated ones included)
//! a b               # an edge between the vertices labelled `a` and `b`
//! b c
//! ```
//! One edge per line as two vertex labels separated by whitespace. Labels are arbitrary tokens
//! (without whitespace or `#`), numbered 0, 1, … in the order they are first seen. With
//! `vertices N`, the vertices not named by any edge are added after the named ones, labelled
//! `#k` (k = their index). `vertices` is a reserved word. Self-loops, repeated edges (in either
//! orientation), more than N labels, a repeated `vertices` line and an empty graph are errors.

use super::graph::Graph;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// A malformed edge list: the 1-based line (0 = the file as a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeListError {
    pub line: usize,
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

impl Graph {
    /// Parse an edge list (format in the module documentation).
    pub fn from_edge_list(text: &str) -> Result<Graph, EdgeListError> {
        let err = |line: usize, reason: String| EdgeListError { line, reason };
        let mut index: HashMap<&str, usize> = HashMap::new();
        let mut labels: Vec<String> = Vec::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut seen: HashSet<(usize, usize)> = HashSet::new();
        let mut declared: Option<(usize, usize)> = None; // (N, line)
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
                let n: usize = tokens[1].parse().map_err(|_| {
                    err(
                        line,
                        format!(
                            "`vertices` needs a non-negative integer, got `{}`",
                            tokens[1]
                        ),
                    )
                })?;
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
            let mut ends = [0usize; 2];
            for (slot, &t) in ends.iter_mut().zip(&tokens) {
                *slot = *index.entry(t).or_insert_with(|| {
                    labels.push(t.to_string());
                    labels.len() - 1
                });
            }
            let [u, v] = ends;
            if !seen.insert((u.min(v), u.max(v))) {
                return Err(err(
                    line,
                    format!("duplicate edge `{}` `{}`", tokens[0], tokens[1]),
                ));
            }
            edges.push((u, v));
        }
        let n = match declared {
            Some((n, line)) if n < labels.len() => {
                return Err(err(
                    line,
                    format!(
                        "`vertices {n}` but the edges name {} distinct vertices",
                        labels.len()
                    ),
                ))
            }
            Some((n, _)) => n,
            None => labels.len(),
        };
        if n == 0 {
            return Err(err(
                0,
                "the graph has no vertices (no edges and no `vertices N` line)".into(),
            ));
        }
        for k in labels.len()..n {
            labels.push(format!("#{k}"));
        }
        let mut g = Graph::from_edges(n, &edges).map_err(|e| err(0, e.to_string()))?;
        g.labels = Some(labels);
        Ok(g)
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
}
