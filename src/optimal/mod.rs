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
//! same objective and compared with the optimum, as they are and followed by their best remap
//! of outputs ([`best_remap`], issue 42 item 14): on a count query the truncated geometric
//! mechanism is universally optimal only up to that remap (Ghosh–Roughgarden–Sundararajan,
//! STOC 2009, Thm 1.2), so the raw comparison alone misreads the theorem.

#![allow(clippy::result_large_err)]

mod certificate;
mod command;
mod curve;
mod curve_report;

pub use certificate::CERTIFICATE_MAX_SIZE;
pub use command::{run, ObjectiveChoice, OptimalQuery, OptimalReport, QueryError, MAX_VERTICES};
pub use curve::{optimal_curve, CurvePiece, OptimalCurve};
pub use curve_report::{run_curve, OptimalCurveQuery, OptimalCurveReport};

use crate::graph::automorphism::hamming_automorphism_generators;
use crate::graph::{Graph, Perm};
use crate::lp::{self, Certificate, ChannelLp, LpError, Sense, SymmetryError};
use crate::measure::{dp_level, ExtRational};
use crate::mechanism::{exponential_on_graph, randomized_response, truncated_geometric};
use crate::num::Rational;
use crate::params::T;
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
    pub t: T,
    /// The prior on the secrets (one mass per vertex).
    pub prior: Dist,
    /// What to optimise.
    pub objective: Objective,
}

/// Why no optimal mechanism was produced.
#[derive(Clone, Debug, PartialEq)]
pub enum OptimalError {
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
    /// ([`crate::prob::NoNeighbourPairs`], refused alike by `audit` and `compose`).
    NoPairs(crate::prob::NoNeighbourPairs),
    /// The LP solve failed (time limit, or a certificate the checker refused).
    Solve(LpError),
    /// The symmetry reduction was refused.
    Symmetry(SymmetryError),
    /// The re-check of the answer as a mechanism failed (a solver bug, never reported as an
    /// answer).
    Recheck(String),
    /// The parametric LP in `t` gave no certified cover of the range (`--curve-t`, issue 46).
    Parametric(lp::parametric::ParamError),
}

impl fmt::Display for OptimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
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
            OptimalError::Parametric(e) => write!(f, "{e}"),
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
    /// The mechanism followed by its best remap (`None` when it is not comparable).
    pub remap: Option<BestRemap>,
}

/// The best remap of a named mechanism, or why it was not computed (issue 42 item 14).
#[derive(Clone, Debug, PartialEq)]
pub enum BestRemap {
    /// Computed and certified.
    Found(Remap),
    /// Not computed: `work` integer products (outputs × non-zero entries of the loss or gain
    /// matrix) are above [`REMAP_WORK_LIMIT`].
    Skipped {
        /// The products it would take.
        work: u64,
    },
}

/// The most integer products [`best_remap`] spends on one mechanism (a dense 215 × 215 loss).
pub const REMAP_WORK_LIMIT: u64 = 10_000_000;

/// A mechanism `M` followed by the remap `R` of its outputs that is best for the objective:
/// `M·R` keeps `M`'s DP level (post-processing, Dwork–Roth Prop. 2.1).
#[derive(Clone, Debug, PartialEq)]
pub struct Remap {
    /// Output `y` of `M` is reported as `map[y]` (a deterministic remap: one is optimal).
    pub map: Vec<usize>,
    /// The expected loss or gain of `M·R`.
    pub value: Rational,
    /// How much worse than the optimum (≥ 0; 0 = `M·R` attains it).
    pub gap: Rational,
    /// What was checked (the remap LP's certificate).
    pub note: String,
}

impl Remap {
    /// `the identity` or the moved outputs, `3→2, 4→2` (the first eight, then a count).
    pub fn map_text(&self) -> String {
        let moved: Vec<String> = (0..self.map.len())
            .filter(|&y| self.map[y] != y)
            .map(|y| format!("{y}→{}", self.map[y]))
            .collect();
        match moved.len() {
            0 => "the identity".into(),
            n if n <= 8 => moved.join(", "),
            n => format!(
                "{}, … ({n} outputs moved; --json lists the map)",
                moved[..8].join(", ")
            ),
        }
    }
}

impl Comparison {
    /// One sentence: attains the optimum, or the optimum beats it by the gap; then what its
    /// best remap attains.
    pub fn sentence(&self, kind: &str) -> String {
        let raw = self.raw_sentence(kind);
        if self.gap.as_ref().is_some_and(|g| *g == 0u32) {
            return raw; // nothing for a remap to close
        }
        match &self.remap {
            None => raw,
            Some(BestRemap::Found(r)) if r.map.iter().enumerate().all(|(y, z)| y == *z) => {
                format!("{raw}; no remap of its outputs improves it")
            }
            Some(BestRemap::Skipped { work }) => format!(
                "{raw}; its best remap is not computed ({work} products, above {REMAP_WORK_LIMIT})"
            ),
            Some(BestRemap::Found(r)) if r.gap == 0u32 => format!(
                "{raw}; followed by its best remap ({}; post-processing keeps its DP level) it \
                 attains the optimum, expected {kind} {}",
                r.map_text(),
                r.value
            ),
            Some(BestRemap::Found(r)) => format!(
                "{raw}; followed by its best remap ({}) its expected {kind} is {}, still {} from \
                 the optimum",
                r.map_text(),
                r.value,
                r.gap
            ),
        }
    }

    fn raw_sentence(&self, kind: &str) -> String {
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
    /// The channel LP that was solved and its checked answer (`optimal --certificate`).
    pub(crate) lp: ChannelLp,
    /// That answer: the full LP's certificate, or the orbit-reduced solution it lifts from.
    pub(crate) solved: Solved,
}

/// The checked answer of the channel LP (issue 44 item 2: the certificate's `lp` record).
#[derive(Clone, Debug)]
pub(crate) enum Solved {
    /// The full LP's certificate.
    Full(Certificate),
    /// The orbit-reduced solution; [`lp::ReducedChannelSolution::full_solution`] lifts it.
    Reduced(lp::ReducedChannelSolution),
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

/// The checks every problem on `g` passes first: a neighbour pair, one prior mass per vertex,
/// a `k × k` matrix.
fn validate(g: &Graph, prior: &Dist, objective: &Objective) -> Result<(), OptimalError> {
    let k = g.n();
    crate::prob::NoNeighbourPairs::check(g.name(), k, g.m()).map_err(OptimalError::NoPairs)?;
    if prior.len() != k {
        return Err(OptimalError::PriorLength {
            len: prior.len(),
            vertices: k,
        });
    }
    let m = objective.matrix();
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
    Ok(())
}

/// From this many rows on, the full LP (no symmetry to reduce by) is solved by row generation
/// ([`lp::solve_lazy`]): at an optimal mechanism few of the ε-DP rows bind (issue 42 item 9:
/// H(4, 3) with a prior without symmetry, 52,569 rows, gave no answer in 150 s). Measured
/// (2026-11-29, one release binary, the path forced each way, interleaved, medians of 3, load
/// 10–13 on the 2-core machine; priors ∝ 1..k, t = 2; wall / CPU seconds): a gain is where
/// the direct solve fails, since its slack basis is not dual feasible and microlp's hint takes
/// over, while row generation shifts the objective first —
///
/// | instance | rows | row generation | the full LP directly |
/// |---|---|---|---|
/// | H(4,3), identity gain | 52,569 | 47.96 / 15.61 | no answer in 150–300 s (before) |
/// | H(6,2), identity gain | 24,640 | 9.46 / 3.03 | no answer in 300 s (3 runs) |
/// | H(6,2), Hamming loss | 24,640 | 16.95 / 4.93 | 36.94 / 11.89 |
/// | H(5,2), identity gain | 5,152 | 0.35 / 0.09 | no answer in 120 s (one run) |
/// | H(5,2), Hamming loss | 5,152 | 0.47 / 0.14 | 0.80 / 0.27 |
/// | H(3,3), identity gain | 4,401 | 0.17 / 0.03 | no answer in 120 s (one run) |
/// | H(3,3), Hamming loss | 4,401 | 0.20 / 0.06 | 0.45 / 0.19 |
///
/// so the threshold sits below the smallest of them. (H(4,2), 1,040 rows, identity gain, one
/// run each: 0.01 s against 0.25 s; below 4,000 rows the direct solve is kept until measured
/// further.)
const ROW_GENERATION_FROM: usize = 4_000;

/// The rows row generation starts from, in the order of [`ChannelLp::model`]: the stochastic
/// rows, and the ε-DP rows `W(y|x) ≤ t·W(y|x')` that lead away from `y` (`d(x', y)` one more
/// than `d(x, y)`), the rows the mechanism `c·t^{−d(x, y)}` makes tight. On H(4, 3) with the
/// prior ∝ 1..81 and the identity gain, the rounds from the stochastic rows alone added those
/// first, one distance a round (648, 2,996, 2,377, 2,570, 1,723 rows in rounds 1–5), then a
/// few hundred rows a round for twenty rounds more, each a float solve of 15,000–23,000 rows.
fn initial_rows(g: &Graph, lp: &ChannelLp) -> Vec<bool> {
    let k = g.n();
    let dist: Vec<Vec<Option<usize>>> = (0..k).map(|y| g.distances_from(y)).collect();
    let mut initial = vec![true; k];
    for (x, nbrs) in lp.adjacency.iter().enumerate() {
        for &x2 in nbrs {
            initial.extend((0..k).map(|y| match (dist[y][x], dist[y][x2]) {
                (Some(d), Some(d2)) => d2 == d + 1,
                _ => false,
            }));
        }
    }
    initial
}

/// The exact optimal mechanism (see the module docs).
pub fn optimal(p: &Problem) -> Result<Optimum, OptimalError> {
    let g = p.graph;
    let k = g.n();
    validate(g, &p.prior, &p.objective)?;
    let m = p.objective.matrix();
    let weights: Vec<Vec<Rational>> = (0..k)
        .map(|x| (0..k).map(|y| p.prior.p(x) * &m[y][x]).collect())
        .collect();
    let lp = ChannelLp {
        adjacency: (0..k).map(|v| g.neighbours(v).to_vec()).collect(),
        t: p.t.value().clone(),
        sense: p.objective.sense(),
        weights,
    };
    let gens = automorphism_generators(g);
    let kept: Vec<Perm> = gens
        .iter()
        .filter(|s| keeps(&lp.weights, s))
        .cloned()
        .collect();
    let (rows, value, method, solved) = if kept.is_empty() {
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
        let (sol, rounds) = if model.n_rows() >= ROW_GENERATION_FROM {
            let initial = initial_rows(g, &lp);
            let (sol, stats) = lp::solve_lazy(&model, &initial, &lp::Options::default())
                .map_err(OptimalError::Solve)?;
            (sol, format!("; {}", stats.summary(model.n_rows())))
        } else {
            let sol = lp::solve(&model, &lp::Options::default())
                .map_err(OptimalError::Solve)?
                .certificate;
            (sol, String::new())
        };
        let note = lp::checked_note(&model, &sol)
            .map_err(|e| OptimalError::Solve(LpError::Certificate(e)))?
            + &rounds;
        let Certificate::Optimal { value, primal, .. } = sol.clone() else {
            return Err(OptimalError::Recheck(
                "a channel LP is feasible and bounded, but the solver said otherwise".into(),
            ));
        };
        let rows: Vec<Vec<Rational>> = primal.chunks(k).map(<[Rational]>::to_vec).collect();
        let solved = Solved::Full(sol.clone());
        (rows, value, Method::Full { why, note }, solved)
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
        (rows, value, method, Solved::Reduced(red))
    };
    let mechanism = Channel::new(rows).map_err(|e| OptimalError::Recheck(e.to_string()))?;
    let edges = g.edges();
    let level = dp_level(&mechanism, &edges).ratio;
    if !level.at_most(p.t.value()) {
        return Err(OptimalError::Recheck(format!(
            "the mechanism's DP level is {level}, above t = {}",
            p.t.value()
        )));
    }
    let recomputed = p.objective.expected(&p.prior, &mechanism);
    if recomputed != value {
        return Err(OptimalError::Recheck(format!(
            "expected {} recomputed as {recomputed}, the LP says {value}",
            p.objective.kind()
        )));
    }
    let comparisons = named_mechanisms(g, p.t.value())
        .into_iter()
        .map(|(name, w)| {
            let level = dp_level(&w, &edges).ratio;
            let gap_of = |v: &Rational| match p.objective {
                Objective::Loss(_) => v - &value,
                Objective::Gain(_) => &value - v,
            };
            let (value, gap, remap) = if level.at_most(p.t.value()) {
                let v = p.objective.expected(&p.prior, &w);
                let remap = match best_remap(&p.objective, &p.prior, &w)? {
                    Ok((map, rv, note)) => BestRemap::Found(Remap {
                        map,
                        gap: gap_of(&rv),
                        value: rv,
                        note,
                    }),
                    Err(work) => BestRemap::Skipped { work },
                };
                let gap = gap_of(&v);
                (Some(v), Some(gap), Some(remap))
            } else {
                (None, None, None)
            };
            Ok(Comparison {
                name,
                level,
                value,
                gap,
                remap,
            })
        })
        .collect::<Result<_, OptimalError>>()?;
    Ok(Optimum {
        mechanism,
        value,
        level,
        method,
        comparisons,
        lp,
        solved,
    })
}

/// What [`best_remap`] finds: the map of outputs, the exact value and the certificate's note.
pub type RemapFound = (Vec<usize>, Rational, String);

/// The best remap of `w`'s outputs for the objective (issue 42 item 14): the row-stochastic
/// `R` minimising the expected loss (maximising the gain) of `w·R` under `prior`. The LP
/// `Σ_{y,z} c(y, z) R(z|y)`, `Σ_z R(z|y) = 1`, `R ≥ 0` with `c(y, z) = Σ_x π(x) W(y|x) m(z, x)`
/// separates over the outputs `y`: each row of `R` is best at a vertex, the `z` of least
/// (greatest) `c(y, z)` — the Bayes action; `y` itself when it is among them. That `R` with the
/// duals `u_y = c(y, map[y])` is an optimal certificate of the LP, re-checked by
/// [`lp::check`]; `w·R` is then rebuilt as a channel and its expected value recomputed from
/// the definition. `c` is summed in integers over common denominators, with no gcd per term.
/// `Err(work)` when `work` products are above [`REMAP_WORK_LIMIT`].
pub fn best_remap(
    objective: &Objective,
    prior: &Dist,
    w: &Channel,
) -> Result<Result<RemapFound, u64>, OptimalError> {
    use crate::num::{numerator_over, Integer, Natural};
    use malachite::base::num::arithmetic::traits::Lcm;
    let m = objective.matrix();
    let k = w.n_outputs();
    let n = w.n_inputs();
    // The non-zero entries of each row z of the objective, over one common denominator.
    let dm = m
        .iter()
        .flatten()
        .fold(Natural::from(1u32), |d, a| d.lcm(a.denominator_ref()));
    let nz: Vec<Vec<(usize, Integer)>> = m
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .filter(|(_, a)| **a != 0u32)
                .map(|(x, a)| (x, numerator_over(a, &dm)))
                .collect()
        })
        .collect();
    let work = (k as u64).saturating_mul(nz.iter().map(|r| r.len() as u64).sum());
    if work > REMAP_WORK_LIMIT {
        return Ok(Err(work));
    }
    let minimise = matches!(objective, Objective::Loss(_));
    let mut lp_model = lp::Model::new(objective.sense());
    let mut costs: Vec<(lp::Var, Rational)> = Vec::with_capacity(k * k);
    let mut rows = Vec::with_capacity(k);
    let mut map = Vec::with_capacity(k);
    let mut dual = Vec::with_capacity(k);
    for y in 0..k {
        // π(x) W(y|x) over its common denominator dy: c(y, z) = s[z] / (dy · dm).
        let a: Vec<Rational> = (0..n).map(|x| prior.p(x) * &w.rows()[x][y]).collect();
        let dy = a
            .iter()
            .fold(Natural::from(1u32), |d, q| d.lcm(q.denominator_ref()));
        let ai: Vec<Integer> = a.iter().map(|q| numerator_over(q, &dy)).collect();
        let s: Vec<Integer> = nz
            .iter()
            .map(|row| row.iter().map(|(x, mz)| &ai[*x] * mz).sum())
            .collect();
        let better = |a: &Integer, b: &Integer| if minimise { a < b } else { a > b };
        let mut best = y;
        for z in 0..k {
            if better(&s[z], &s[best]) {
                best = z;
            }
        }
        let scale = Rational::from(Integer::from(&dy * &dm));
        let vars: Vec<(lp::Var, Rational)> = (0..k)
            .map(|z| {
                let v = lp_model.add_var(format!("R_{y}_{z}"));
                (v, Rational::from(s[z].clone()) / &scale)
            })
            .collect();
        dual.push(vars[best].1.clone());
        let ones: Vec<(lp::Var, Rational)> = vars
            .iter()
            .map(|(v, _)| (*v, Rational::from(1u32)))
            .collect();
        rows.push(lp_model.add_row(&ones, lp::Cmp::Eq, Rational::from(1u32)));
        costs.extend(vars);
        map.push(best);
    }
    lp_model.set_objective(&costs);
    let value: Rational = dual.iter().sum();
    let primal: Vec<Rational> = (0..k * k)
        .map(|i| Rational::from(u32::from(map[i / k] == i % k)))
        .collect();
    let cert = Certificate::Optimal {
        value: value.clone(),
        primal,
        dual,
    };
    let note = lp::checked_note(&lp_model, &cert)
        .map_err(|e| OptimalError::Recheck(format!("the best remap's certificate: {e}")))?;
    // w·R from the definition: output y's mass moves to map[y].
    let remapped = Channel::new(
        w.rows()
            .iter()
            .map(|r| {
                let mut out = vec![Rational::from(0u32); k];
                for (y, q) in r.iter().enumerate() {
                    out[map[y]] += q;
                }
                out
            })
            .collect(),
    )
    .map_err(|e| OptimalError::Recheck(e.to_string()))?;
    let recomputed = objective.expected(prior, &remapped);
    if recomputed != value {
        return Err(OptimalError::Recheck(format!(
            "the best remap's expected {} recomputed as {recomputed}, the LP says {value}",
            objective.kind()
        )));
    }
    Ok(Ok((map, value, note)))
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
mod tests;
