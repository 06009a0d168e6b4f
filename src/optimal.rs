//! The exact optimal mechanism for a prior and a loss or gain on a neighbour relation (issue 29).
//!
//! Given a graph on the secrets `0..k` (the neighbour relation), `t = e^ε ≥ 1`, a prior `π`
//! and either a loss `ℓ(y, x)` or a gain `g(y, x)` (rows = outputs/guesses `y`, columns =
//! secrets `x`, as in Alvim et al., *Measuring Information Leakage using Generalized Gain
//! Functions*, CSF 2012), find the channel `W(y|x)` on outputs `0..k` that
//!
//! * is ε-DP on every neighbour pair: `W(y|x) ≤ t·W(y|x')` for `x ~ x'` (Dwork–Roth Def. 2.4),
//! * minimises the expected loss `Σ_x π(x) Σ_y W(y|x) ℓ(y, x)`, or maximises the expected gain
//!   `Σ_x π(x) Σ_y W(y|x) g(y, x)`.
//!
//! This is the LP of Ghosh–Roughgarden–Sundararajan (STOC 2009, §2: the optimal mechanism for a
//! prior and a loss) and of Alvim–Andrés–Chatzikokolakis–Palamidessi (*On the information
//! leakage of differentially-private mechanisms*, §6: the utility with the identity gain,
//! the probability of guessing the secret; libqif's `optimal_utility`). Outputs are guesses:
//! a mechanism followed by a remapping is again ε-DP, so nothing is lost by reporting the guess.
//!
//! The LP is the crate's ε-DP channel LP (`lp::ChannelLp`, at the same `t = e^ε`). When
//! some automorphisms of the graph keep the objective weights `π(x)·ℓ(y, x)` (checked exactly,
//! generator by generator) the orbit-averaged LP under the group they generate is solved and its
//! lifted certificate re-checked on every row and variable of the full LP; otherwise the full
//! LP is solved by the float-guided exact solver, whose certificate is re-checked too. Either
//! way the answer is also re-checked as a mechanism: its rows are validated as an exact
//! channel, its DP level is computed exactly and must be at most `t`, and its expected
//! loss/gain recomputed from the definition must equal the LP optimum.
//!
//! The named mechanisms that are ε-DP on the graph at this `t` (the truncated geometric
//! mechanism on a path, randomized response, and the mechanism `c·t^{−d(x,y)}` of AACP eq. (6)
//! when its level is at most `t`, as on distance-regular and VT+ graphs) are evaluated on the
//! same objective and compared with the optimum.

#![allow(clippy::result_large_err)]

use crate::graph::automorphism::hamming_automorphism_generators;
use crate::graph::{Graph, Perm};
use crate::lp::{self, Certificate, ChannelLp, LpError, Sense, SymmetryError};
use crate::measure::{dp_level, ExtRational};
use crate::mechanism::{exponential_on_graph, randomized_response, truncated_geometric};
use crate::num::Rational;
use crate::prob::{Channel, Dist};
use std::fmt;

/// What the mechanism optimises: a loss to minimise or a gain to maximise. The matrix is
/// indexed `[y][x]`: rows = outputs (guesses), columns = secrets.
#[derive(Clone, Debug, PartialEq)]
pub enum Objective {
    /// `loss[y][x]`, minimised in expectation.
    Loss(Vec<Vec<Rational>>),
    /// `gain[y][x]`, maximised in expectation.
    Gain(Vec<Vec<Rational>>),
}

impl Objective {
    /// The matrix, indexed `[y][x]`.
    pub fn matrix(&self) -> &[Vec<Rational>] {
        match self {
            Objective::Loss(m) | Objective::Gain(m) => m,
        }
    }

    /// `loss` or `gain`.
    pub fn kind(&self) -> &'static str {
        match self {
            Objective::Loss(_) => "loss",
            Objective::Gain(_) => "gain",
        }
    }

    fn sense(&self) -> Sense {
        match self {
            Objective::Loss(_) => Sense::Minimize,
            Objective::Gain(_) => Sense::Maximize,
        }
    }

    /// The identity gain `g(y, x) = [y = x]`: the expected gain is the probability that the
    /// output equals the secret, AACP's utility with the identity remapping (§5).
    pub fn identity_gain(k: usize) -> Objective {
        Objective::Gain(indicator_matrix(k, |y, x| y == x))
    }

    /// The loss `ℓ(y, x) = |y − x|` on the indices (the absolute-error loss of
    /// Ghosh–Roughgarden–Sundararajan on the line).
    pub fn abs_loss(k: usize) -> Objective {
        Objective::Loss(
            (0..k)
                .map(|y| (0..k).map(|x| Rational::from(y.abs_diff(x))).collect())
                .collect(),
        )
    }

    /// The graph-distance loss `ℓ(y, x) = d(y, x)`, the shortest-path distance in `g` (issue 42
    /// item 15: `abs` is the distance of the indices, which is the graph's only on the path
    /// `0 − 1 − … − (k−1)`). A disconnected graph has no finite distance between its
    /// components: `Err` with such a pair `(y, x)`.
    pub fn graph_loss(g: &Graph) -> Result<Objective, (usize, usize)> {
        let mut m = Vec::with_capacity(g.n());
        for y in 0..g.n() {
            let d = g.distances_from(y);
            let row: Option<Vec<Rational>> = d.iter().map(|d| d.map(Rational::from)).collect();
            match row {
                Some(r) => m.push(r),
                None => return Err((y, d.iter().position(Option::is_none).unwrap_or(0))),
            }
        }
        Ok(Objective::Loss(m))
    }

    /// The Hamming loss on the words of `H(n, m)`: `ℓ(y, x)` = number of coordinates where the
    /// base-`m` digits of `y` and `x` differ (the expected Hamming distortion of
    /// Wang–Ying–Zhang, *On the Relation Between Identifiability, Differential Privacy and
    /// Mutual-Information Privacy*, 2016, §II).
    pub fn hamming_loss(n: usize, m: usize) -> Objective {
        let k = m.pow(n as u32);
        let dist = |a: usize, b: usize| {
            (0..n)
                .filter(|i| (a / m.pow(*i as u32)) % m != (b / m.pow(*i as u32)) % m)
                .count()
        };
        Objective::Loss(
            (0..k)
                .map(|y| (0..k).map(|x| Rational::from(dist(y, x))).collect())
                .collect(),
        )
    }

    /// The expected loss or gain of `w` under `prior`: `Σ_x π(x) Σ_y W(y|x) m(y, x)`
    /// ([`crate::measure::expected_distortion`] with the distortion `m(y, x)`).
    pub fn expected(&self, prior: &Dist, w: &Channel) -> Rational {
        let m = self.matrix();
        crate::measure::expected_distortion(prior, w, |x, y| m[y][x].clone())
    }
}

fn indicator_matrix(k: usize, f: impl Fn(usize, usize) -> bool) -> Vec<Vec<Rational>> {
    (0..k)
        .map(|y| (0..k).map(|x| Rational::from(u32::from(f(y, x)))).collect())
        .collect()
}

/// One optimal-mechanism problem (see the module docs).
#[derive(Clone, Debug)]
pub struct Problem<'a> {
    /// The neighbour relation on the secrets (vertex `v` = secret `v`).
    pub graph: &'a Graph,
    /// `t = e^ε ≥ 1`.
    pub t: Rational,
    /// The prior on the secrets (one mass per vertex).
    pub prior: Dist,
    /// What to optimise.
    pub objective: Objective,
}

/// Why no optimal mechanism was produced.
#[derive(Clone, Debug, PartialEq)]
pub enum OptimalError {
    /// `t = e^ε` below 1.
    TBelowOne(Rational),
    /// The prior's length differs from the number of vertices.
    PriorLength {
        /// Masses in the prior.
        len: usize,
        /// Vertices of the graph.
        vertices: usize,
    },
    /// The loss/gain matrix is not `k × k` (one output per secret).
    ObjectiveShape {
        /// Rows of the matrix.
        rows: usize,
        /// The first row at fault (0-based).
        row: usize,
        /// Its length.
        cols: usize,
        /// Vertices of the graph.
        vertices: usize,
    },
    /// The graph has no edge: no neighbour pair constrains the mechanism
    /// ([`crate::audit::NoNeighbourPairs`], refused alike by `audit` and `compose`).
    NoPairs(crate::audit::NoNeighbourPairs),
    /// The LP solve failed (time limit, or a certificate the checker refused).
    Solve(LpError),
    /// The symmetry reduction was refused.
    Symmetry(SymmetryError),
    /// The re-check of the answer as a mechanism failed (a solver bug, never reported as an
    /// answer).
    Recheck(String),
}

impl fmt::Display for OptimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimalError::TBelowOne(t) => write!(f, "t = e^eps = {t} must be at least 1"),
            OptimalError::PriorLength { len, vertices } => write!(
                f,
                "prior of length {len}, but the graph has {vertices} vertices (one mass per vertex)"
            ),
            OptimalError::ObjectiveShape {
                rows,
                row,
                cols,
                vertices,
            } => write!(
                f,
                "the matrix must be {vertices} × {vertices} (rows = outputs, columns = secrets, one \
                 output per vertex); it has {rows} rows{}",
                if *rows == *vertices {
                    format!(" and row {} has {cols} entries", row + 1)
                } else {
                    String::new()
                }
            ),
            OptimalError::NoPairs(e) => write!(f, "{e}"),
            OptimalError::Solve(e) => write!(f, "{e}"),
            OptimalError::Symmetry(e) => write!(f, "{e}"),
            OptimalError::Recheck(e) => write!(f, "internal: the answer failed its re-check: {e}"),
        }
    }
}

impl std::error::Error for OptimalError {}

/// How the LP was solved.
#[derive(Clone, Debug, PartialEq)]
pub enum Method {
    /// The orbit-averaged LP under `generators` automorphisms (of `tried`) that keep the
    /// weights; `note` says what was reduced and re-checked.
    Reduced {
        /// Automorphisms used.
        generators: usize,
        /// Automorphisms tried.
        tried: usize,
        /// What was reduced and re-checked.
        note: String,
    },
    /// The full LP; `why` says why no reduction was used.
    Full {
        /// Why no reduction was used.
        why: String,
        /// What was solved and checked.
        note: String,
    },
}

impl Method {
    /// One line for reports.
    pub fn describe(&self) -> String {
        match self {
            Method::Reduced {
                generators,
                tried,
                note,
            } => format!(
                "orbit reduction (automatic: {generators} of {tried} automorphism generators keep the weights π(x)·m(y, x)); {note}"
            ),
            Method::Full { why, note } => format!("full LP ({why}); {note}"),
        }
    }
}

/// A named mechanism evaluated on the same problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The mechanism's name.
    pub name: String,
    /// Its exact DP level on the graph.
    pub level: ExtRational,
    /// Its expected loss or gain; `None` when it is not ε-DP at this `t` (not comparable).
    pub value: Option<Rational>,
    /// How much worse than the optimum (≥ 0; 0 = it attains the optimum).
    pub gap: Option<Rational>,
}

impl Comparison {
    /// One sentence: attains the optimum, or the optimum beats it by the gap.
    pub fn sentence(&self, kind: &str) -> String {
        match (&self.value, &self.gap) {
            (Some(v), Some(g)) if *g == 0u32 => {
                format!(
                    "the optimum is attained by the {} (expected {kind} {v})",
                    self.name
                )
            }
            (Some(v), Some(g)) => format!(
                "the optimum beats the {} by {g} (its expected {kind} is {v})",
                self.name
            ),
            _ => format!(
                "the {} is not comparable: its DP level on this graph is e^eps = {}, above t",
                self.name, self.level
            ),
        }
    }
}

/// The answer of [`optimal`].
#[derive(Clone, Debug)]
pub struct Optimum {
    /// The optimal mechanism (rows = secrets `x`, columns = outputs `y`).
    pub mechanism: Channel,
    /// The optimal expected loss or gain, exactly.
    pub value: Rational,
    /// The exact DP level of [`Optimum::mechanism`] on the graph (at most `t`).
    pub level: ExtRational,
    /// How the LP was solved.
    pub method: Method,
    /// Named mechanisms at the same `t` on the same problem.
    pub comparisons: Vec<Comparison>,
}

/// Automorphism generators of the graph: the known ones for `H(n, m)`, otherwise the search.
fn automorphism_generators(g: &Graph) -> Vec<Perm> {
    match g.hamming_params() {
        Some((n, m)) if m >= 2 => hamming_automorphism_generators(n, m),
        _ => g.automorphisms().generators,
    }
}

/// Whether `p` keeps the weights `w[x][y]` (acting on both indices).
fn keeps(weights: &[Vec<Rational>], p: &Perm) -> bool {
    (0..weights.len()).all(|x| (0..weights.len()).all(|y| weights[p[x]][p[y]] == weights[x][y]))
}

/// Whether the graph is the path `0 − 1 − … − (k−1)` in this vertex order.
fn is_index_path(g: &Graph) -> bool {
    let k = g.n();
    g.m() + 1 == k && (1..k).all(|i| g.adjacent(i - 1, i))
}

/// A pair `(x, y)` whose graph distance is not `|x − y|` (`None` for a disconnected pair), when
/// `g` is not the path `0 − 1 − … − (k−1)`: where `--loss abs` and `--loss graph` differ
/// (issue 42 item 15). `None` on the index path, the one graph where they agree.
pub fn abs_differs_from_distance(g: &Graph) -> Option<(usize, usize, Option<usize>)> {
    if is_index_path(g) {
        return None;
    }
    (0..g.n()).find_map(|x| {
        let d = g.distances_from(x);
        (0..g.n())
            .find(|&y| d[y] != Some(x.abs_diff(y)))
            .map(|y| (x, y, d[y]))
    })
}

/// The exact optimal mechanism (see the module docs).
pub fn optimal(p: &Problem) -> Result<Optimum, OptimalError> {
    let g = p.graph;
    let k = g.n();
    if p.t < 1u32 {
        return Err(OptimalError::TBelowOne(p.t.clone()));
    }
    crate::audit::NoNeighbourPairs::check(g.name(), k, g.m()).map_err(OptimalError::NoPairs)?;
    if p.prior.len() != k {
        return Err(OptimalError::PriorLength {
            len: p.prior.len(),
            vertices: k,
        });
    }
    let m = p.objective.matrix();
    if let Some(row) = (0..m.len()).find(|&y| m[y].len() != k).or(
        // Report a wrong row count even when every row has k entries.
        (m.len() != k).then_some(0),
    ) {
        return Err(OptimalError::ObjectiveShape {
            rows: m.len(),
            row,
            cols: m.get(row).map_or(0, Vec::len),
            vertices: k,
        });
    }
    let weights: Vec<Vec<Rational>> = (0..k)
        .map(|x| (0..k).map(|y| p.prior.p(x) * &m[y][x]).collect())
        .collect();
    let lp = ChannelLp {
        adjacency: (0..k).map(|v| g.neighbours(v).to_vec()).collect(),
        t: p.t.clone(),
        sense: p.objective.sense(),
        weights,
    };
    let gens = automorphism_generators(g);
    let kept: Vec<Perm> = gens
        .iter()
        .filter(|s| keeps(&lp.weights, s))
        .cloned()
        .collect();
    let (rows, value, method) = if kept.is_empty() {
        let why = if gens.is_empty() {
            "the graph has no automorphism but the identity".to_string()
        } else if gens.len() == 1 {
            format!(
                "the graph's one automorphism generator does not keep prior × {}",
                p.objective.kind()
            )
        } else {
            format!(
                "none of the {} automorphism generators keeps prior × {}",
                gens.len(),
                p.objective.kind()
            )
        };
        let model = lp.model();
        let sol = lp::solve(&model, &lp::Options::default())
            .map_err(OptimalError::Solve)?
            .certificate;
        let note = lp::checked_note(&model, &sol)
            .map_err(|e| OptimalError::Solve(LpError::Certificate(e)))?;
        let Certificate::Optimal { value, primal, .. } = sol else {
            return Err(OptimalError::Recheck(
                "a channel LP is feasible and bounded, but the solver said otherwise".into(),
            ));
        };
        let rows: Vec<Vec<Rational>> = primal.chunks(k).map(<[Rational]>::to_vec).collect();
        (rows, value, Method::Full { why, note })
    } else {
        let red = lp.solve_reduced(&kept).map_err(OptimalError::Symmetry)?;
        let Some(value) = red.value.clone() else {
            return Err(OptimalError::Recheck(format!(
                "the reduced LP is {}",
                red.status
            )));
        };
        let rows = (0..k)
            .map(|x| (0..k).map(|y| red.p(k, x, y).clone()).collect())
            .collect();
        let method = Method::Reduced {
            generators: kept.len(),
            tried: gens.len(),
            note: red.note(),
        };
        (rows, value, method)
    };
    let mechanism = Channel::new(rows).map_err(|e| OptimalError::Recheck(e.to_string()))?;
    let edges = g.edges();
    let level = dp_level(&mechanism, &edges).ratio;
    if !level.at_most(&p.t) {
        return Err(OptimalError::Recheck(format!(
            "the mechanism's DP level is {level}, above t = {}",
            p.t
        )));
    }
    let recomputed = p.objective.expected(&p.prior, &mechanism);
    if recomputed != value {
        return Err(OptimalError::Recheck(format!(
            "expected {} recomputed as {recomputed}, the LP says {value}",
            p.objective.kind()
        )));
    }
    let comparisons = named_mechanisms(g, &p.t)
        .into_iter()
        .map(|(name, w)| {
            let level = dp_level(&w, &edges).ratio;
            let (value, gap) = if level.at_most(&p.t) {
                let v = p.objective.expected(&p.prior, &w);
                let gap = match p.objective {
                    Objective::Loss(_) => &v - &value,
                    Objective::Gain(_) => &value - &v,
                };
                (Some(v), Some(gap))
            } else {
                (None, None)
            };
            Comparison {
                name,
                level,
                value,
                gap,
            }
        })
        .collect();
    Ok(Optimum {
        mechanism,
        value,
        level,
        method,
        comparisons,
    })
}

/// The named mechanisms with one output per vertex that apply to `g` at `t`.
fn named_mechanisms(g: &Graph, t: &Rational) -> Vec<(String, Channel)> {
    let k = g.n();
    let mut out = Vec::new();
    if k >= 2 && is_index_path(g) {
        if let Ok(w) = truncated_geometric(k, t) {
            out.push(("truncated geometric mechanism".to_string(), w));
        }
    }
    if let Ok(w) = randomized_response(k, t) {
        out.push(("randomized response".to_string(), w));
    }
    if g.is_connected() && !(k >= 2 && is_index_path(g)) {
        if let Ok(w) = exponential_on_graph(g, t) {
            out.push(("mechanism c·t^(-d(x,y)) of AACP eq. (6)".to_string(), w));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::q;
    use proptest::prelude::*;

    fn dist(v: &[(i64, i64)]) -> Dist {
        Dist::new(v.iter().map(|&(a, b)| q(a, b)).collect()).unwrap()
    }

    /// Issue 29's example: a 5-input path at e^ε = 2, prior (1/2, 1/4, 1/8, 1/16, 1/16), the
    /// identity gain: 25/48, attained by the truncated geometric mechanism.
    #[test]
    fn path_five_identity_gain() {
        let g = Graph::path(5);
        let prior = dist(&[(1, 2), (1, 4), (1, 8), (1, 16), (1, 16)]);
        let o = optimal(&Problem {
            graph: &g,
            t: q(2, 1),
            prior: prior.clone(),
            objective: Objective::identity_gain(5),
        })
        .unwrap();
        assert_eq!(o.value, q(25, 48));
        assert!(o.level.at_most(&q(2, 1)));
        let geo = &o.comparisons[0];
        assert_eq!(geo.name, "truncated geometric mechanism");
        assert_eq!(geo.gap, Some(q(0, 1)));
        assert!(geo
            .sentence("gain")
            .starts_with("the optimum is attained by"));
        // The prior is not symmetric under the reflection: the full LP.
        assert!(matches!(o.method, Method::Full { .. }));
    }

    /// Literal table: uniform prior on K_k with the identity gain is randomized response's
    /// t/(t + k − 1) (AACP Thm 6.2 with n_0 = 1, n_1 = k − 1), found by the orbit reduction.
    #[test]
    fn complete_graph_uniform_is_randomized_response() {
        for (k, t, v) in [
            (2, q(3, 1), q(3, 4)),
            (3, q(2, 1), q(1, 2)),
            (4, q(5, 2), q(5, 11)),
        ] {
            let g = Graph::complete(k);
            let o = optimal(&Problem {
                graph: &g,
                t,
                prior: Dist::uniform(k),
                objective: Objective::identity_gain(k),
            })
            .unwrap();
            assert_eq!(o.value, v, "K{k}");
            assert!(matches!(o.method, Method::Reduced { .. }), "K{k}");
            let rr = o
                .comparisons
                .iter()
                .find(|c| c.name == "randomized response")
                .unwrap();
            assert_eq!(rr.gap, Some(q(0, 1)));
        }
    }

    /// A loss, minimised: the abs loss on P3 at t = 2 with a uniform prior. Below the truncated
    /// geometric mechanism's expected loss or equal to it (GRS: it is optimal after remapping,
    /// which for abs loss and a uniform prior on P3 needs none).
    #[test]
    fn abs_loss_on_a_path_is_at_most_geometric() {
        let g = Graph::path(3);
        let o = optimal(&Problem {
            graph: &g,
            t: q(2, 1),
            prior: Dist::uniform(3),
            objective: Objective::abs_loss(3),
        })
        .unwrap();
        let geo = &o.comparisons[0];
        assert!(geo.gap.as_ref().unwrap() >= &q(0, 1));
        assert_eq!(
            Objective::abs_loss(3).expected(&Dist::uniform(3), &o.mechanism),
            o.value
        );
    }

    #[test]
    fn bad_problems_are_errors() {
        let g = Graph::path(3);
        let base = Problem {
            graph: &g,
            t: q(2, 1),
            prior: Dist::uniform(3),
            objective: Objective::identity_gain(3),
        };
        let e = |p: Problem| optimal(&p).unwrap_err();
        assert_eq!(
            e(Problem {
                t: q(1, 2),
                ..base.clone()
            }),
            OptimalError::TBelowOne(q(1, 2))
        );
        assert!(matches!(
            e(Problem {
                prior: Dist::uniform(2),
                ..base.clone()
            }),
            OptimalError::PriorLength { len: 2, .. }
        ));
        assert!(matches!(
            e(Problem {
                objective: Objective::identity_gain(2),
                ..base.clone()
            }),
            OptimalError::ObjectiveShape { rows: 2, .. }
        ));
    }

    /// Naive reference: on two vertices (one edge) every ε-DP channel is a convex combination of
    /// the extreme points of the 2×2 ε-DP polytope; the optimum of a linear objective is at one
    /// of them. The extreme points with W(0|0) = a, W(0|1) = b: (a, b) ∈ {(0,0), (1,1),
    /// (t/(t+1), 1/(t+1)), (1/(t+1), t/(t+1))}.
    fn two_point_reference(t: &Rational, pi: &Dist, obj: &Objective) -> Rational {
        let one = Rational::from(1u32);
        let s = &one + t;
        let pts = [
            (q(0, 1), q(0, 1)),
            (q(1, 1), q(1, 1)),
            (t / &s, &one / &s),
            (&one / &s, t / &s),
        ];
        let vals = pts.iter().map(|(a, b)| {
            let w =
                Channel::new(vec![vec![a.clone(), &one - a], vec![b.clone(), &one - b]]).unwrap();
            obj.expected(pi, &w)
        });
        match obj {
            Objective::Loss(_) => vals.min().unwrap(),
            Objective::Gain(_) => vals.max().unwrap(),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn two_vertices_match_the_extreme_points(
            tn in 1i64..9, td in 1i64..5, a in 1i64..9, gs in proptest::collection::vec(-3i64..4, 4),
            gain in any::<bool>(),
        ) {
            let t = q(tn + td, td);
            let pi = dist(&[(a, a + 3), (3, a + 3)]);
            let m = vec![vec![q(gs[0], 1), q(gs[1], 1)], vec![q(gs[2], 1), q(gs[3], 1)]];
            let obj = if gain { Objective::Gain(m) } else { Objective::Loss(m) };
            let g = Graph::path(2);
            let o = optimal(&Problem { graph: &g, t: t.clone(), prior: pi.clone(), objective: obj.clone() }).unwrap();
            prop_assert_eq!(&o.value, &two_point_reference(&t, &pi, &obj));
            prop_assert!(o.level.at_most(&t));
            // No named mechanism beats the optimum.
            for c in &o.comparisons {
                if let Some(gap) = &c.gap { prop_assert!(*gap >= 0u32); }
            }
        }
    }
}
