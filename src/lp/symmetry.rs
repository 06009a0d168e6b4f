//! Symmetry reduction: solve the orbit-averaged LP and lift its certificate back.
//!
//! Given permutations `g` of the variables (generators of a group `G`) that map the model to
//! itself — checked exactly here: `c_{g(j)} = c_j` for every variable, and the image of every
//! row (`Σ a_ij x_{g(j)} cmp b_i`) is a row of the model, with multiplicities — averaging over
//! `G` maps feasible points to feasible points of the same objective, so the LP has an optimum
//! that is constant on the variable orbits. The reduced LP has one variable `z_O` per orbit `O`
//! and one row per row orbit `R` (its representative with `x_j := z_{O(j)}`).
//!
//! Lifting: `x_j = z_{O(j)}` (primal, ray); `y_i = w_R / |R|` for `i ∈ R` (dual, Farkas). Since
//! `Σ_{i∈R} a_ij` is constant on each variable orbit, `(Aᵀy)_j = (Σ_R w_R Σ_{j'∈O} a_{r_R j'})/|O|`,
//! which is the reduced dual constraint divided by `|O|`, and `b·y = Σ_R w_R b_R`. The lifted
//! certificate is nevertheless re-checked on the full model by [`check`] before it is returned.

#![allow(clippy::result_large_err)]

use super::certificate::{check, CertificateError};
use super::guided::{solve_with_options, SolveError};
use super::model::{Certificate, Cmp, Model, Var};
use super::Options;
use crate::num::Rational;
use std::collections::HashMap;
use std::fmt;

/// Why a symmetry reduction was refused or failed.
#[derive(Clone, Debug, PartialEq)]
pub enum SymmetryError {
    /// Generator `generator` is not a permutation of the model's variables.
    NotAPermutation { generator: usize, reason: String },
    /// `c_{g(j)} != c_j`.
    ObjectiveNotInvariant { generator: usize, var: String },
    /// The image of a row under a generator is not a row of the model.
    RowNotMapped { generator: usize, row: String },
    /// The lifted certificate failed the check on the full model (or the reduced solve did).
    Certificate(CertificateError),
    /// The deadline passed during the reduced solve.
    TimeLimit,
}

impl fmt::Display for SymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymmetryError::NotAPermutation { generator, reason } => {
                write!(
                    f,
                    "generator {generator} is not a permutation of the variables: {reason}"
                )
            }
            SymmetryError::ObjectiveNotInvariant { generator, var } => write!(
                f,
                "generator {generator} changes the objective coefficient of variable {var}"
            ),
            SymmetryError::RowNotMapped { generator, row } => write!(
                f,
                "generator {generator} maps row {row} to a row that is not in the model"
            ),
            SymmetryError::Certificate(e) => write!(f, "certificate: {e}"),
            SymmetryError::TimeLimit => write!(f, "time limit reached in the reduced solve"),
        }
    }
}

impl std::error::Error for SymmetryError {}

impl From<CertificateError> for SymmetryError {
    fn from(e: CertificateError) -> Self {
        SymmetryError::Certificate(e)
    }
}

/// The answer on the full model, with what the reduction did.
#[derive(Clone, Debug, PartialEq)]
pub struct SymmetricSolution {
    /// The lifted solution, re-checked on the full model.
    pub solution: Certificate,
    pub generators: usize,
    pub var_orbits: usize,
    pub row_orbits: usize,
    pub full_vars: usize,
    pub full_rows: usize,
}

impl SymmetricSolution {
    /// One line for reports: that the reduction was used and invariance was checked.
    pub fn note(&self) -> String {
        format!(
            "symmetry reduction used: {} variables -> {} orbits, {} rows -> {} row orbits under {} generators; \
             invariance checked exactly (objective and every row); lifted certificate re-checked on the full model",
            self.full_vars, self.var_orbits, self.full_rows, self.row_orbits, self.generators
        )
    }
}

/// The action of a vertex permutation `g` of `0..k` on channel variables `p(y|x)` indexed
/// `x·k + y`: `(x, y) ↦ (g(x), g(y))`.
#[cfg(any(test, feature = "bench-models"))]
pub fn pair_action(g: &[usize]) -> Vec<usize> {
    let k = g.len();
    let mut out = vec![0; k * k];
    for x in 0..k {
        for y in 0..k {
            out[x * k + y] = g[x] * k + g[y];
        }
    }
    out
}

type RowKey = (Cmp, Rational, Vec<(usize, Rational)>);

fn key(cmp: Cmp, rhs: &Rational, mut coeffs: Vec<(usize, Rational)>) -> RowKey {
    coeffs.sort_by_key(|(j, _)| *j);
    (cmp, rhs.clone(), coeffs)
}

fn find(parent: &mut [usize], mut a: usize) -> usize {
    while parent[a] != a {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    a
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// Check that every generator maps the model to itself; returns, per generator, the row
/// permutation it induces.
pub fn check_invariance(
    model: &Model,
    generators: &[Vec<usize>],
) -> Result<Vec<Vec<usize>>, SymmetryError> {
    let n = model.n_vars();
    let mut index: HashMap<RowKey, Vec<usize>> = HashMap::new();
    for (i, r) in model.rows().iter().enumerate() {
        index
            .entry(key(r.cmp, &r.rhs, r.coeffs.clone()))
            .or_default()
            .push(i);
    }
    let mut maps = Vec::with_capacity(generators.len());
    for (gi, g) in generators.iter().enumerate() {
        if g.len() != n {
            return Err(SymmetryError::NotAPermutation {
                generator: gi,
                reason: format!("length {} for {} variables", g.len(), n),
            });
        }
        let mut seen = vec![false; n];
        for &v in g {
            if v >= n || std::mem::replace(&mut seen[v], true) {
                return Err(SymmetryError::NotAPermutation {
                    generator: gi,
                    reason: format!("image {v} out of range or repeated"),
                });
            }
        }
        let c = model.objective();
        for j in 0..n {
            if c[g[j]] != c[j] {
                return Err(SymmetryError::ObjectiveNotInvariant {
                    generator: gi,
                    var: model.var_names()[j].clone(),
                });
            }
        }
        // The t-th copy of a row maps to the t-th copy of its image: a bijection on rows.
        let mut used: HashMap<&RowKey, usize> = HashMap::new();
        let mut map = Vec::with_capacity(model.n_rows());
        let images: Vec<RowKey> = model
            .rows()
            .iter()
            .map(|r| {
                let coeffs = r.coeffs.iter().map(|(j, a)| (g[*j], a.clone())).collect();
                key(r.cmp, &r.rhs, coeffs)
            })
            .collect();
        for (i, img) in images.iter().enumerate() {
            let target = index.get_key_value(img).and_then(|(k, rows)| {
                let t = used.entry(k).or_insert(0);
                *t += 1;
                rows.get(*t - 1).copied()
            });
            match target {
                Some(r) => map.push(r),
                None => {
                    return Err(SymmetryError::RowNotMapped {
                        generator: gi,
                        row: model.rows()[i].name.clone(),
                    })
                }
            }
        }
        maps.push(map);
    }
    Ok(maps)
}

/// Solve `model` through its orbit-averaged LP under the group generated by `generators`
/// (variable permutations, `g[j]` = image of variable `j`). Invariance is checked first; the
/// lifted certificate is re-checked on the full model. (The public entry is
/// [`super::solve`] with [`super::Options::symmetry`].)
#[cfg(test)]
pub(crate) fn solve_symmetric(
    model: &Model,
    generators: &[Vec<usize>],
) -> Result<SymmetricSolution, SymmetryError> {
    solve_symmetric_with_options(model, generators, &Options::default())
}

/// [`solve_symmetric`] under explicit [`Options`] for the reduced solve (its `symmetry` is
/// not read: the generators are the argument).
pub(crate) fn solve_symmetric_with_options(
    model: &Model,
    generators: &[Vec<usize>],
    options: &Options,
) -> Result<SymmetricSolution, SymmetryError> {
    let row_maps = check_invariance(model, generators)?;
    let n = model.n_vars();
    let m = model.n_rows();
    let mut vparent: Vec<usize> = (0..n).collect();
    let mut rparent: Vec<usize> = (0..m).collect();
    for (g, rmap) in generators.iter().zip(&row_maps) {
        for (j, &gj) in g.iter().enumerate() {
            union(&mut vparent, j, gj);
        }
        for (i, &ri) in rmap.iter().enumerate() {
            union(&mut rparent, i, ri);
        }
    }
    // Orbit numbering in order of first member.
    let mut vorbit = vec![usize::MAX; n];
    let mut vsize: Vec<usize> = Vec::new();
    let mut reduced = Model::new(model.sense());
    let mut zvars: Vec<Var> = Vec::new();
    for j in 0..n {
        let r = find(&mut vparent, j);
        if vorbit[r] == usize::MAX {
            vorbit[r] = vsize.len();
            vsize.push(0);
            zvars.push(reduced.add_var(format!("orbit_of_{}", model.var_names()[j])));
        }
        vorbit[j] = vorbit[r];
        vsize[vorbit[j]] += 1;
    }
    let mut obj: Vec<(Var, Rational)> = Vec::new();
    for (j, c) in model.objective().iter().enumerate() {
        if *c != 0u32 {
            obj.push((zvars[vorbit[j]], c.clone()));
        }
    }
    reduced.set_objective(&obj);
    reduced.set_objective_offset(model.objective_offset().clone());
    let mut rorbit = vec![usize::MAX; m];
    let mut rsize: Vec<usize> = Vec::new();
    for i in 0..m {
        let r = find(&mut rparent, i);
        if rorbit[r] == usize::MAX {
            rorbit[r] = rsize.len();
            rsize.push(0);
            let row = &model.rows()[i];
            let terms: Vec<(Var, Rational)> = row
                .coeffs
                .iter()
                .map(|(j, a)| (zvars[vorbit[*j]], a.clone()))
                .collect();
            reduced.add_named_row(row.name.clone(), &terms, row.cmp, row.rhs.clone());
        }
        rorbit[i] = rorbit[r];
        rsize[rorbit[i]] += 1;
    }
    let lift_x =
        |z: &[Rational]| -> Vec<Rational> { (0..n).map(|j| z[vorbit[j]].clone()).collect() };
    let lift_y = |w: &[Rational]| -> Vec<Rational> {
        (0..m)
            .map(|i| &w[rorbit[i]] / Rational::from(rsize[rorbit[i]] as u64))
            .collect()
    };
    let reduced_solution = match solve_with_options(&reduced, options) {
        Ok((solution, _)) => solution,
        Err(SolveError::TimeLimit) => return Err(SymmetryError::TimeLimit),
        Err(SolveError::Certificate(e)) => return Err(e.into()),
    };
    let solution = match reduced_solution {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => Certificate::Optimal {
            value,
            primal: lift_x(&primal),
            dual: lift_y(&dual),
        },
        Certificate::Infeasible { farkas } => Certificate::Infeasible {
            farkas: lift_y(&farkas),
        },
        Certificate::Unbounded { point, ray } => Certificate::Unbounded {
            point: lift_x(&point),
            ray: lift_x(&ray),
        },
    };
    check(model, &solution)?;
    Ok(SymmetricSolution {
        solution,
        generators: generators.len(),
        var_orbits: vsize.len(),
        row_orbits: rsize.len(),
        full_vars: n,
        full_rows: m,
    })
}

#[cfg(test)]
mod tests;
