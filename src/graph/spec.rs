//! What a user names a graph by: a generator spec (`hamming:3,2`, `petersen`, …; see
//! [`Graph::from_spec`]) or, when the text is not one, the path of an edge-list file (format in
//! [`super::edge_list`]). [`resolve`] is the one reader used by `dpcert graph`, `audit
//! --adjacency`, `optimal --graph`, `compose --adjacency` and the Python bindings.

use super::edge_list::EdgeListError;
use super::graph::Graph;
use std::fmt;
use std::path::{Path, PathBuf};

/// The generator names [`Graph::from_spec`] knows, with their parameters (for messages).
pub const SPEC_NAMES: &str = "hamming:N,M, cycle:K, path:K, complete:K, bipartite:A,B, star:K, \
     hypercube:D, circulant:N,S,.., petersen, prism, rook:K, shrikhande, tetrahedral";

/// Why a graph spec or file gave no graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// A known generator name with bad parameters (`cycle:2`, `hamming:3`): the reason.
    Generator(String),
    /// Neither a generator spec nor an existing file.
    NotFound(String),
    /// The file exists but could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// The reading error.
        error: String,
    },
    /// The file is not a valid edge list (the error names the line).
    EdgeList {
        /// The file.
        path: PathBuf,
        /// The line at fault and why.
        error: EdgeListError,
    },
}

impl SpecError {
    /// A mistake in the text typed (a bad spec, a missing file) rather than in a file's content:
    /// the CLI's usage error (exit 2) as against bad input (exit 3).
    pub fn is_usage(&self) -> bool {
        matches!(self, SpecError::Generator(_) | SpecError::NotFound(_))
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Generator(e) => write!(f, "bad graph spec: {e}"),
            SpecError::NotFound(spec) => write!(
                f,
                "`{spec}` is neither a graph spec ({SPEC_NAMES}) nor an existing file"
            ),
            SpecError::Read { path, error } => {
                write!(f, "{}: cannot read: {error}", path.display())
            }
            SpecError::EdgeList { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for SpecError {}

/// The graph named by `spec`: a generator spec, else an edge-list file (then the graph is named
/// by the path, and its warnings — see [`Graph::from_edge_list_with_warnings`] — are prefixed by
/// it).
///
/// ```
/// use dpcert::graph::{resolve, SpecError};
/// let (g, warnings) = resolve("cycle:5").unwrap();
/// assert_eq!((g.n(), g.m()), (5, 5));
/// assert!(warnings.is_empty());
/// // A regular graph of degree 2 whose distance profile is the same from every vertex.
/// assert_eq!(g.regular_degree(), Some(2));
/// assert!(g.intersection_array().is_ok()); // cycles are distance-regular
/// assert!(matches!(resolve("cycle:2"), Err(SpecError::Generator(_))));
/// assert!(matches!(resolve("no-such-file.txt"), Err(SpecError::NotFound(_))));
/// ```
pub fn resolve(spec: &str) -> Result<(Graph, Vec<String>), SpecError> {
    match Graph::from_spec(spec) {
        Err(e) => return Err(SpecError::Generator(e)),
        Ok(Some(g)) => return Ok((g, Vec::new())),
        Ok(None) => {}
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err(SpecError::NotFound(spec.to_string()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| SpecError::Read {
        path: path.to_path_buf(),
        error: e.to_string(),
    })?;
    let name = path.display().to_string();
    let (g, warnings) =
        Graph::from_edge_list_with_warnings(&text).map_err(|error| SpecError::EdgeList {
            path: path.to_path_buf(),
            error,
        })?;
    let warnings = warnings
        .into_iter()
        .map(|w| format!("{name}: {w}"))
        .collect();
    Ok((g.with_name(name), warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_files_and_their_errors() {
        let (g, w) = resolve("petersen").unwrap();
        assert_eq!((g.n(), g.m(), w.len()), (10, 15, 0));
        let e = resolve("hamming:3").unwrap_err();
        assert!(e.is_usage() && matches!(e, SpecError::Generator(_)), "{e}");
        let e = resolve("/no/such/graph").unwrap_err();
        assert_eq!(e, SpecError::NotFound("/no/such/graph".into()));
        assert!(e.is_usage());
        assert!(e.to_string().contains("nor an existing file"));

        let dir = std::env::temp_dir().join(format!("dpcert-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("p3.txt");
        std::fs::write(&good, "0 1\n1 2\n").unwrap();
        let (g, w) = resolve(good.to_str().unwrap()).unwrap();
        assert_eq!((g.n(), g.m(), w.len()), (3, 2, 0));
        assert_eq!(g.name(), good.display().to_string());
        let bad = dir.join("loop.txt");
        std::fs::write(&bad, "0 1\n1 1\n").unwrap();
        let e = resolve(bad.to_str().unwrap()).unwrap_err();
        let SpecError::EdgeList { error, .. } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(error.line, 2);
        assert!(!e.is_usage());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
