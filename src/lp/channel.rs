//! ε-DP channel LPs on a graph, and their symmetry reduction at scale.
//!
//! A [`ChannelLp`] is the LP over channels `p(y|x)`, `x, y ∈ 0..k` (the vertices of a graph):
//! row-stochastic (`Σ_y p(y|x) = 1`), ε-DP on every ordered neighbour pair: with `t = e^ε ≥ 1`
//! (dpcert's one convention) the row `p(y|x) <= t·p(y|x')` is written as
//! `t⁻¹·p(y|x) - p(y|x') <= 0` (coefficient `t⁻¹ = e^{-ε}` in `(0, 1]`, so every coefficient of
//! the model is at most 1 in absolute value, as the float hint likes), and the objective
//! `Σ w(x,y) p(y|x)` (minimised or maximised). Alvim et al.'s utility LPs and Wang–Ying–Zhang's PD-DP are of this form.
//!
//! [`ChannelLp::solve_reduced`] solves it through the orbit-averaged LP under a group of graph
//! automorphisms *without building the full model* (H(6,3) has 531,441 variables and 6.4 million
//! rows). Invariance is checked exactly on what the model is built from: every generator is a
//! permutation of the vertices mapping edges to edges and keeping the weights
//! (`w(gx, gy) = w(x, y)`); since the rows are a fixed function of (graph, t) and the objective
//! of `w`, the model is then invariant. The lifted certificate (primal `p(y|x) = z_{orbit}`, dual
//! `y_row = w_{row orbit} / |row orbit|`) is re-checked against every row and every variable of
//! the full model, streamed; exact rational work is memoised on exact keys (the orbit ids a
//! row or a dual constraint involves), so every row and every variable is visited.

#![allow(clippy::result_large_err)]

use super::certificate::CertificateError;
use super::guided::solve;
use super::model::{Certificate, Cmp, Model, Sense, Var};
use super::symmetry::SymmetryError;
use crate::num::Rational;
use std::collections::HashMap;

/// The channel LP of a graph (see the module docs).
#[derive(Clone, Debug)]
pub struct ChannelLp {
    /// Sorted adjacency lists of a simple undirected graph on `0..k`.
    pub adjacency: Vec<Vec<usize>>,
    /// `t = e^ε ≥ 1` (any `t > 0` builds a model; `t = 1` forces identical rows on neighbours).
    pub t: Rational,
    /// Minimise or maximise the weighted sum.
    pub sense: Sense,
    /// `weights[x][y]`: objective coefficient of `p(y|x)`.
    pub weights: Vec<Vec<Rational>>,
}

/// The answer of [`ChannelLp::solve_reduced`].
#[derive(Clone, Debug, PartialEq)]
pub struct ReducedChannelSolution {
    /// `optimal`, `infeasible` or `unbounded` (channel LPs are feasible and bounded, so in
    /// practice `optimal`).
    pub status: &'static str,
    /// The exact optimum of the full LP.
    pub value: Option<Rational>,
    /// Orbit of each variable `p(y|x)` (index `x·k + y`) and the optimal value on each orbit.
    pub pair_orbit: Vec<u32>,
    pub orbit_values: Vec<Rational>,
    /// Orbit of each stochastic row `x` and of each DP row (full-model order after the
    /// stochastic rows), with the lifted dual of each row orbit (`w_R / |R|`).
    pub stoch_orbit: Vec<u32>,
    pub stoch_duals: Vec<Rational>,
    pub dp_orbit: Vec<u32>,
    pub dp_duals: Vec<Rational>,
    pub var_orbits: usize,
    pub row_orbits: usize,
    pub full_vars: usize,
    pub full_rows: usize,
}

impl ReducedChannelSolution {
    /// The optimal `p(y|x)`.
    pub fn p(&self, k: usize, x: usize, y: usize) -> &Rational {
        &self.orbit_values[self.pair_orbit[x * k + y] as usize]
    }

    /// The lifted certificate as a [`Certificate`] of [`ChannelLp::model`] (allocates one entry
    /// per variable and per row of the full model; `optimal --certificate` writes it).
    pub fn full_solution(&self) -> Option<Certificate> {
        let value = self.value.clone()?;
        let primal = self
            .pair_orbit
            .iter()
            .map(|o| self.orbit_values[*o as usize].clone())
            .collect();
        let dual = self
            .stoch_orbit
            .iter()
            .map(|o| self.stoch_duals[*o as usize].clone())
            .chain(
                self.dp_orbit
                    .iter()
                    .map(|o| self.dp_duals[*o as usize].clone()),
            )
            .collect();
        Some(Certificate::Optimal {
            value,
            primal,
            dual,
        })
    }

    /// One line for reports: that the reduction was used and what was checked.
    pub fn note(&self) -> String {
        format!(
            "symmetry reduction used: {} variables -> {} orbits, {} rows -> {} row orbits; \
             invariance checked exactly (generators are graph automorphisms keeping the weights); \
             lifted certificate re-checked on every row and variable of the full model",
            self.full_vars, self.var_orbits, self.full_rows, self.row_orbits
        )
    }
}

fn find(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        parent[a as usize] = parent[parent[a as usize] as usize];
        a = parent[a as usize];
    }
    a
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
}

/// Dense orbit numbering (in order of first member) from a union-find forest.
fn number(parent: &mut [u32]) -> (Vec<u32>, Vec<u64>) {
    let n = parent.len();
    let mut id = vec![u32::MAX; n];
    let mut size: Vec<u64> = Vec::new();
    for i in 0..n {
        let r = find(parent, i as u32) as usize;
        if id[r] == u32::MAX {
            id[r] = size.len() as u32;
            size.push(0);
        }
        id[i] = id[r];
        size[id[i] as usize] += 1;
    }
    (id, size)
}

fn cert_err(what: &'static str, row: String) -> SymmetryError {
    SymmetryError::Certificate(CertificateError::MultiplierSign {
        what,
        row,
        value: Rational::from(0u32),
    })
}

impl ChannelLp {
    fn k(&self) -> usize {
        self.adjacency.len()
    }

    /// The coefficient `t⁻¹ = e^{-ε}` of `p(y|x)` in the DP row `t⁻¹·p(y|x) - p(y|x') <= 0`.
    fn inverse_t(&self) -> Rational {
        Rational::from(1u32) / &self.t
    }

    /// Index of DP row `(x, j-th neighbour of x, y)` is `offset[x]·k + j·k + y`.
    fn row_offsets(&self) -> Vec<usize> {
        let mut off = Vec::with_capacity(self.k() + 1);
        let mut s = 0;
        for a in &self.adjacency {
            off.push(s);
            s += a.len();
        }
        off.push(s);
        off
    }

    /// The full model: variables `p_x_y` (index `x·k + y`), rows `stoch_x` then
    /// `dp_x_x'_y` in the order (x, x' in adjacency order, y).
    pub fn model(&self) -> Model {
        let k = self.k();
        let mut model = Model::new(self.sense);
        let vars: Vec<Var> = (0..k * k)
            .map(|i| model.add_var(format!("p_{}_{}", i / k, i % k)))
            .collect();
        let one = Rational::from(1u32);
        let inverse_t = self.inverse_t();
        let obj: Vec<(Var, Rational)> = (0..k * k)
            .filter(|i| self.weights[i / k][i % k] != 0u32)
            .map(|i| (vars[i], self.weights[i / k][i % k].clone()))
            .collect();
        model.set_objective(&obj);
        for x in 0..k {
            let terms: Vec<(Var, Rational)> =
                (0..k).map(|y| (vars[x * k + y], one.clone())).collect();
            model.add_named_row(format!("stoch_{x}"), &terms, Cmp::Eq, one.clone());
        }
        for (x, nbrs) in self.adjacency.iter().enumerate() {
            for &x2 in nbrs {
                for y in 0..k {
                    model.add_named_row(
                        format!("dp_{x}_{x2}_{y}"),
                        &[
                            (vars[x * k + y], inverse_t.clone()),
                            (vars[x2 * k + y], -&one),
                        ],
                        Cmp::Le,
                        Rational::from(0u32),
                    );
                }
            }
        }
        model
    }

    /// Check that each generator is a vertex permutation that maps edges to edges and keeps
    /// the weights. Returns, per generator, `(x, j) ↦ position of g(adj[x][j]) in adj[g(x)]`.
    fn check_generators(&self, gens: &[Vec<usize>]) -> Result<Vec<Vec<u32>>, SymmetryError> {
        let k = self.k();
        let mut maps = Vec::new();
        for (gi, g) in gens.iter().enumerate() {
            let mut seen = vec![false; k];
            if g.len() != k
                || g.iter()
                    .any(|&v| v >= k || std::mem::replace(&mut seen[v], true))
            {
                return Err(SymmetryError::NotAPermutation {
                    generator: gi,
                    reason: format!("not a permutation of the {k} vertices"),
                });
            }
            let mut pos = Vec::new();
            for (x, nbrs) in self.adjacency.iter().enumerate() {
                for &x2 in nbrs {
                    match self.adjacency[g[x]].binary_search(&g[x2]) {
                        Ok(j) => pos.push(j as u32),
                        Err(_) => {
                            return Err(SymmetryError::RowNotMapped {
                                generator: gi,
                                row: format!("edge {x}-{x2} (its image is not an edge)"),
                            })
                        }
                    }
                }
            }
            for x in 0..k {
                for y in 0..k {
                    if self.weights[g[x]][g[y]] != self.weights[x][y] {
                        return Err(SymmetryError::ObjectiveNotInvariant {
                            generator: gi,
                            var: format!("p_{x}_{y}"),
                        });
                    }
                }
            }
            maps.push(pos);
        }
        Ok(maps)
    }

    /// Solve through the orbit-averaged LP under the group generated by `vertex_generators`
    /// (permutations of `0..k`, acting on pairs diagonally); see the module docs.
    pub fn solve_reduced(
        &self,
        vertex_generators: &[Vec<usize>],
    ) -> Result<ReducedChannelSolution, SymmetryError> {
        let k = self.k();
        let inverse_t = self.inverse_t();
        for (x, a) in self.adjacency.iter().enumerate() {
            if a.windows(2).any(|w| w[0] >= w[1]) || a.contains(&x) || a.iter().any(|&v| v >= k) {
                return Err(SymmetryError::NotAPermutation {
                    generator: 0,
                    reason: format!("adjacency list of {x} is not sorted, simple and in range"),
                });
            }
        }
        let pos = self.check_generators(vertex_generators)?;
        let off = self.row_offsets();
        let n_dp = off[k] * k;
        // Orbits of pairs (x, y) and of stochastic rows x and DP rows (x, j, y).
        let mut pp: Vec<u32> = (0..(k * k) as u32).collect();
        let mut sp: Vec<u32> = (0..k as u32).collect();
        let mut dp: Vec<u32> = (0..n_dp as u32).collect();
        for (g, pos) in vertex_generators.iter().zip(&pos) {
            for x in 0..k {
                union(&mut sp, x as u32, g[x] as u32);
                for y in 0..k {
                    union(&mut pp, (x * k + y) as u32, (g[x] * k + g[y]) as u32);
                }
                for j in 0..self.adjacency[x].len() {
                    let img_j = pos[off[x] + j] as usize;
                    for y in 0..k {
                        let a = (off[x] + j) * k + y;
                        let b = (off[g[x]] + img_j) * k + g[y];
                        union(&mut dp, a as u32, b as u32);
                    }
                }
            }
        }
        let (po, psize) = number(&mut pp);
        let (so, ssize) = number(&mut sp);
        let (dpo, dsize) = number(&mut dp);
        drop((pp, sp, dp));
        // The reduced LP: one variable per pair orbit; one row per row orbit (representative).
        let mut red = Model::new(self.sense);
        let z: Vec<Var> = (0..psize.len())
            .map(|o| red.add_var(format!("orbit_{o}")))
            .collect();
        let mut obj: Vec<(Var, Rational)> = Vec::new();
        let mut rep_done = vec![false; psize.len()];
        for (i, &o) in po.iter().enumerate() {
            let o = o as usize;
            if !rep_done[o] {
                rep_done[o] = true;
                // Weights are invariant (checked), so the orbit sum is |O| · w(rep).
                let w = &self.weights[i / k][i % k] * Rational::from(psize[o]);
                obj.push((z[o], w));
            }
        }
        red.set_objective(&obj);
        let one = Rational::from(1u32);
        let mut srep = vec![usize::MAX; ssize.len()];
        for x in 0..k {
            if srep[so[x] as usize] == usize::MAX {
                srep[so[x] as usize] = x;
                let terms: Vec<(Var, Rational)> = (0..k)
                    .map(|y| (z[po[x * k + y] as usize], one.clone()))
                    .collect();
                red.add_named_row(format!("stoch_{x}"), &terms, Cmp::Eq, one.clone());
            }
        }
        let mut drep_seen = vec![false; dsize.len()];
        for x in 0..k {
            for (j, &x2) in self.adjacency[x].iter().enumerate() {
                for y in 0..k {
                    let r = dpo[(off[x] + j) * k + y] as usize;
                    if !drep_seen[r] {
                        drep_seen[r] = true;
                        red.add_named_row(
                            format!("dp_{x}_{x2}_{y}"),
                            &[
                                (z[po[x * k + y] as usize], inverse_t.clone()),
                                (z[po[x2 * k + y] as usize], -&one),
                            ],
                            Cmp::Le,
                            Rational::from(0u32),
                        );
                    }
                }
            }
        }
        let n_sorb = ssize.len();
        let sol = solve(&red)?;
        let full_vars = k * k;
        let full_rows = k + n_dp;
        let base = |status, value, orbit_values, stoch_duals, dp_duals| ReducedChannelSolution {
            status,
            value,
            pair_orbit: po.clone(),
            orbit_values,
            stoch_orbit: so.clone(),
            stoch_duals,
            dp_orbit: dpo.clone(),
            dp_duals,
            var_orbits: psize.len(),
            row_orbits: ssize.len() + dsize.len(),
            full_vars,
            full_rows,
        };
        let (value, zval, dual) = match sol {
            Certificate::Optimal {
                value,
                primal,
                dual,
            } => (value, primal, dual),
            // A channel LP always has a feasible point (the constant channel) and a bounded
            // objective; these statuses come from the reduced LP's own checked certificate.
            Certificate::Infeasible { .. } => {
                return Ok(base("infeasible", None, vec![], vec![], vec![]))
            }
            Certificate::Unbounded { .. } => {
                return Ok(base("unbounded", None, vec![], vec![], vec![]))
            }
        };
        // Lifted duals per row orbit: w_R / |R| (reduced rows are in orbit order).
        let ys: Vec<Rational> = (0..n_sorb)
            .map(|o| &dual[o] / Rational::from(ssize[o]))
            .collect();
        let yd: Vec<Rational> = (0..dsize.len())
            .map(|o| &dual[n_sorb + o] / Rational::from(dsize[o]))
            .collect();
        let out = base("optimal", Some(value), zval, ys, yd);
        self.verify(&out)?;
        Ok(out)
    }

    /// Re-check a lifted certificate on the full model, row by row and variable by variable
    /// (streamed; never builds the model).
    pub fn verify(&self, sol: &ReducedChannelSolution) -> Result<(), SymmetryError> {
        let k = self.k();
        let inverse_t = self.inverse_t();
        let off = self.row_offsets();
        let Some(value) = &sol.value else {
            return Err(cert_err("optimum", "no optimum to verify".into()));
        };
        let (po, z, so, ys, dpo, yd) = (
            &sol.pair_orbit,
            &sol.orbit_values,
            &sol.stoch_orbit,
            &sol.stoch_duals,
            &sol.dp_orbit,
            &sol.dp_duals,
        );
        if po.len() != k * k || so.len() != k || dpo.len() != off[k] * k {
            return Err(cert_err("orbit maps", "wrong length for this LP".into()));
        }
        if po.iter().any(|o| *o as usize >= z.len())
            || so.iter().any(|o| *o as usize >= ys.len())
            || dpo.iter().any(|o| *o as usize >= yd.len())
        {
            return Err(cert_err("orbit maps", "an orbit id out of range".into()));
        }
        // The dual memo below keys the weight by the pair orbit: make that exact here rather
        // than trusting the orbit map (weights constant on every class of `po`).
        let mut orbit_weight: Vec<Option<&Rational>> = vec![None; z.len()];
        for (i, o) in po.iter().enumerate() {
            let w = &self.weights[i / k][i % k];
            match orbit_weight[*o as usize] {
                None => orbit_weight[*o as usize] = Some(w),
                Some(w0) if w0 == w => {}
                Some(_) => {
                    return Err(cert_err(
                        "orbit maps",
                        format!("weights differ on orbit {o}"),
                    ))
                }
            }
        }
        let zero = Rational::from(0u32);
        let one = Rational::from(1u32);
        if z.iter().any(|v| *v < 0u32) {
            return Err(cert_err("primal", "a negative orbit value".into()));
        }
        // Stochastic rows: Σ_y z[o(x,y)] = 1, memoised on the sorted orbit list.
        let mut stoch_ok: HashMap<Vec<u32>, bool> = HashMap::new();
        for x in 0..k {
            let mut key: Vec<u32> = (0..k).map(|y| po[x * k + y]).collect();
            key.sort_unstable();
            let ok = *stoch_ok.entry(key).or_insert_with_key(|key| {
                let mut s = zero.clone();
                for o in key {
                    s += &z[*o as usize];
                }
                s == one
            });
            if !ok {
                return Err(cert_err("primal", format!("stoch_{x}")));
            }
        }
        // DP rows: t⁻¹·z[a] - z[b] <= 0, memoised on the pair of orbits (a, b).
        let n_orb = z.len();
        let mut dp_ok: HashMap<(u32, u32), bool> = HashMap::new();
        let mut dense: Vec<u8> = if n_orb <= 2048 {
            vec![0; n_orb * n_orb]
        } else {
            Vec::new()
        };
        for x in 0..k {
            for &x2 in &self.adjacency[x] {
                for y in 0..k {
                    let (a, b) = (po[x * k + y], po[x2 * k + y]);
                    let eval = || &inverse_t * &z[a as usize] <= z[b as usize];
                    let ok = if dense.is_empty() {
                        *dp_ok.entry((a, b)).or_insert_with(eval)
                    } else {
                        let cell = &mut dense[a as usize * n_orb + b as usize];
                        if *cell == 0 {
                            *cell = if eval() { 1 } else { 2 };
                        }
                        *cell == 1
                    };
                    if !ok {
                        return Err(cert_err("primal", format!("dp_{x}_{x2}_{y}")));
                    }
                }
            }
        }
        // Dual signs: `=` rows free; `<=` rows y <= 0 (Minimize) or y >= 0 (Maximize).
        let sign_ok = |v: &Rational| match self.sense {
            Sense::Minimize => *v <= 0u32,
            Sense::Maximize => *v >= 0u32,
        };
        if !yd.iter().all(sign_ok) {
            return Err(cert_err("dual", "a DP row".into()));
        }
        // Dual constraint of p(y|x): y_stoch[x] + Σ_{x'} t⁻¹·y_dp[x,x',y] - Σ_{x''} y_dp[x'',x,y]
        // against w(x,y). Memoised on the exact key [stoch orbit of x, orbit of (x,y), counts
        // of each DP row orbit with coefficient t⁻¹, counts with coefficient -1]; the weight is a
        // function of the pair orbit (checked above).
        let nd = yd.len();
        let mut key: Vec<u32> = vec![0; 2 + 2 * nd];
        let mut dual_ok: HashMap<Vec<u32>, bool> = HashMap::new();
        for x in 0..k {
            for y in 0..k {
                key.iter_mut().for_each(|c| *c = 0);
                key[0] = so[x];
                key[1] = po[x * k + y];
                for (j, &x2) in self.adjacency[x].iter().enumerate() {
                    key[2 + dpo[(off[x] + j) * k + y] as usize] += 1;
                    // Row (x2, x, y) has coefficient -1 on p(y|x).
                    let j2 = self.adjacency[x2].binary_search(&x).map_err(|_| {
                        cert_err(
                            "dual",
                            format!("edge {x2}-{x} missing (graph not symmetric)"),
                        )
                    })?;
                    key[2 + nd + dpo[(off[x2] + j2) * k + y] as usize] += 1;
                }
                let ok = match dual_ok.get(key.as_slice()) {
                    Some(ok) => *ok,
                    None => {
                        let mut aty = ys[so[x] as usize].clone();
                        for (r, v) in yd.iter().enumerate() {
                            let (plus, minus) = (key[2 + r], key[2 + nd + r]);
                            if plus > 0 {
                                aty += &inverse_t * v * Rational::from(plus);
                            }
                            if minus > 0 {
                                aty -= v * Rational::from(minus);
                            }
                        }
                        let w = &self.weights[x][y];
                        let ok = match self.sense {
                            Sense::Minimize => aty <= *w,
                            Sense::Maximize => aty >= *w,
                        };
                        dual_ok.insert(key.clone(), ok);
                        ok
                    }
                };
                if !ok {
                    return Err(cert_err("dual", format!("dual constraint of p_{x}_{y}")));
                }
            }
        }
        // Objectives: c·x = Σ w(x,y) p(y|x) and b·y = Σ_x y_stoch[x] (DP rows have b = 0).
        let mut cx = zero.clone();
        let mut by = zero;
        for x in 0..k {
            by += &ys[so[x] as usize];
            for y in 0..k {
                let w = &self.weights[x][y];
                if *w != 0u32 {
                    cx += w * &z[po[x * k + y] as usize];
                }
            }
        }
        if cx != *value || by != *value {
            return Err(SymmetryError::Certificate(CertificateError::Objective {
                claimed: value.clone(),
                primal: cx,
                dual: by,
            }));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
