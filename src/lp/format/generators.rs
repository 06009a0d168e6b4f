//! The symmetry file of `dpcert lp --symmetry FILE`: generators of a group of variable
//! permutations, in cycle notation over an LP file's variable names, for
//! [`crate::lp::Options::symmetry`].
//!
//! ```text
//! # one generator per line; `#` starts a comment
//! (x y)(u v)
//! (a b c)
//! ```

use crate::lp::format::LpFile;
use std::collections::HashMap;
use std::fmt;

/// A malformed symmetry file: the 1-based line (0 = the file as a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorsError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for GeneratorsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "line {}: {}", self.line, self.reason)
        }
    }
}

impl std::error::Error for GeneratorsError {}

impl LpFile {
    /// Parse a symmetry file: one generator per line in cycle notation over this file's variable
    /// names (`(a b c)(d e)`; `#` starts a comment), as permutations of the model's variables
    /// (`g[j]` is the image of model variable `j`). A file variable stands for model variables
    /// through its substitution (`x = l + x'`, `x = x⁺ - x⁻`); two variables in a cycle must have
    /// substitutions of the same shape, and are mapped part by part. Whether the permutations
    /// really are symmetries is checked later, exactly, by [`crate::lp::solve`].
    pub fn parse_generators(&self, text: &str) -> Result<Vec<Vec<usize>>, GeneratorsError> {
        let by_name: HashMap<&str, usize> = self
            .vars
            .iter()
            .enumerate()
            .map(|(k, v)| (v.name.as_str(), k))
            .collect();
        let n = self.model.n_vars();
        let mut generators = Vec::new();
        for (line_no, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let at = |reason: String| GeneratorsError {
                line: line_no + 1,
                reason,
            };
            let mut g: Vec<usize> = (0..n).collect();
            let mut moved = vec![false; n];
            let mut rest = line;
            while !rest.is_empty() {
                let Some(body) = rest.strip_prefix('(') else {
                    return Err(at(format!("expected '(' at {rest:?}")));
                };
                let Some(close) = body.find(')') else {
                    return Err(at("a cycle is not closed with ')'".into()));
                };
                let mut cycle = Vec::new();
                for name in body[..close].split_whitespace() {
                    let k = by_name
                        .get(name)
                        .ok_or_else(|| at(format!("unknown variable {name:?}")))?;
                    cycle.push(*k);
                }
                for (k, &a) in cycle.iter().enumerate() {
                    let b = cycle[(k + 1) % cycle.len()];
                    let (va, vb) = (&self.vars[a], &self.vars[b]);
                    let same_shape = va.offset == vb.offset
                        && va.parts.len() == vb.parts.len()
                        && va.parts.iter().zip(&vb.parts).all(|(p, q)| p.1 == q.1);
                    if !same_shape {
                        return Err(at(format!(
                            "{} and {} have different bounds, so no symmetry maps one to the other",
                            va.name, vb.name
                        )));
                    }
                    for (p, q) in va.parts.iter().zip(&vb.parts) {
                        if std::mem::replace(&mut moved[p.0 .0], true) {
                            return Err(at(format!("{} appears twice", va.name)));
                        }
                        g[p.0 .0] = q.0 .0;
                    }
                }
                rest = body[close + 1..].trim_start();
            }
            generators.push(g);
        }
        if generators.is_empty() {
            return Err(GeneratorsError {
                line: 0,
                reason: "no generators (one per line, e.g. `(x y)(u v)`)".into(),
            });
        }
        Ok(generators)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::parse_lp;

    fn file() -> LpFile {
        parse_lp("Maximize\n obj: x + y + u\nSubject To\n c1: x + y <= 1\n c2: u <= 2\nEnd\n")
            .unwrap()
    }

    #[test]
    fn cycles_become_permutations_of_the_model_variables() {
        let f = file();
        let names: Vec<&str> = f.vars.iter().map(|v| v.name.as_str()).collect();
        let (x, y) = (
            names.iter().position(|n| *n == "x").unwrap(),
            names.iter().position(|n| *n == "y").unwrap(),
        );
        let g = f.parse_generators("# swap\n(x y)\n").unwrap();
        assert_eq!(g.len(), 1);
        let (mx, my) = (f.vars[x].parts[0].0 .0, f.vars[y].parts[0].0 .0);
        assert_eq!((g[0][mx], g[0][my]), (my, mx));
        assert_eq!((0..f.model.n_vars()).filter(|&j| g[0][j] != j).count(), 2);
    }

    #[test]
    fn bad_files_name_the_line() {
        let f = file();
        let cases = [
            ("(x y", 1, "not closed"),
            ("\nx y", 2, "expected '('"),
            ("(x z)", 1, "unknown variable"),
            ("(x y)(x y)", 1, "appears twice"),
            ("# nothing\n", 0, "no generators"),
        ];
        for (text, line, what) in cases {
            let e = f.parse_generators(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.reason.contains(what), "{text:?}: {e}");
        }
    }
}
