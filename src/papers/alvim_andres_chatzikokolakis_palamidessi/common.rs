//! Objects shared by the AACP checks, built from the paper's definitions (catalogue §0): the
//! t-grid, posterior vulnerability `V(π, M)`, ε-DP of a matrix on a graph (multiplicative form),
//! the distance sums `S(r) = Σ_j t^{-d(r,j)}`, the matrix `c·t^{-d(i,j)}` of eq. (2)/(6), and the
//! master LP `OPT(G, t, π) = max Σ_j π_j M[j][j]` over ε-DP row-stochastic matrices, solved
//! exactly with its certificate re-checked.

use crate::claim::scan::compare_recorded;
use crate::claim::{Check, Method, Outcome, Value};
use crate::graph::Graph;
use crate::lp::{ChannelLp, Sense};
use crate::measure::{max_ratio_rows, DpLevel};
use crate::num::Rational;
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::{One, Zero};
use std::fmt;

pub(crate) use crate::prob::Rows;

/// `n/d` as a rational (the claim layer's shorthand).
pub use crate::claim::instances::r;

/// The catalogue's recommended `t = e^ε` values (§0): 5/4, 3/2, 2, 3, 10.
pub fn t_grid() -> Vec<Rational> {
    vec![r(5, 4), r(3, 2), r(2, 1), r(3, 1), r(10, 1)]
}

pub use crate::claim::families::uniform;

/// The exact DP level `e^ε = max M[i][j]/M[h][j]` over edges `i ~ h` (both orientations) with
/// the attaining pair and column; `∞` when a zero faces a non-zero (AACP Def. 1, pointwise form).
pub fn dp_level(m: &Rows, g: &Graph) -> DpLevel {
    max_ratio_rows(m, &g.edges())
}

/// The utility `U(π, M) = Σ_j max_i π_i M[i][j]` of a matrix `M` under the prior `π` (AACP
/// eq. (1)): the posterior Bayes vulnerability when `M` is a channel, defined on any matrix
/// because the paper's printed tables are rounded and need not be row-stochastic.
pub fn matrix_utility(prior: &[Rational], m: &Rows) -> Rational {
    crate::measure::weighted_column_max_sum(prior, m)
}

/// The first violation `(i, h, j)` of the multiplicative ε-DP form `M[i][j] <= t·M[h][j]` over
/// edges `i ~ h` in both orientations (catalogue §0), or `None` when `M` is ε-DP.
pub fn dp_violation(m: &Rows, g: &Graph, t: &Rational) -> Option<(usize, usize, usize)> {
    for (a, b) in g.edges() {
        for (i, h) in [(a, b), (b, a)] {
            for j in 0..m[i].len() {
                if m[i][j] > t * &m[h][j] {
                    return Some((i, h, j));
                }
            }
        }
    }
    None
}

/// Whether `m` is a channel (entries `>= 0`, rows summing to 1) that is ε-DP on `g` at `t`,
/// decided as its exact level `e^ε` ([`dp_level`]) `<= t`. When it is, and certificates are
/// recorded, its evidence is pushed onto `records` (issue 44 item 6): a `dp_level` record
/// (the rows, the edges, the level and its witness: the checker recomputes the level and that
/// every row is a distribution) and the `compare` record `level <= t`.
pub fn dp_channel_recorded(
    m: &Rows,
    g: &Graph,
    t: &Rational,
    records: &mut Vec<serde_json::Value>,
) -> bool {
    let stochastic = m
        .iter()
        .all(|row| row.iter().all(|x| *x >= 0u32) && row.iter().sum::<Rational>() == 1u32);
    let level = dp_level(m, g);
    let e = match &level.ratio {
        crate::measure::ExtRational::Finite(e) if stochastic => e,
        _ => return false,
    };
    let mut evidence = Vec::new();
    let ok = compare_recorded(&mut evidence, e, "<=", t);
    if ok && crate::certify::recording() && !g.edges().is_empty() {
        records.push(crate::certify::dp_level(
            &format!("DP level on {}", g.name()),
            m,
            &g.edges(),
            Some(e),
            (level.pair.0, level.pair.1, level.output),
        ));
        let rest = |r| crate::certify::rests_on(r, &["dp_level"]);
        records.extend(evidence.into_iter().map(rest));
    }
    ok
}

pub use crate::certify::identity_record;

/// The `induced` record (docs/certificates.md; issue 44 items 1 and 6) of a query `f` from the
/// vertices `0..n` of a database graph with `edges` to the answers `0..k`: the checker recomputes
/// `fact` (`depends`, `loops`, `uniform`, `oblivious`, `complete`) from the definitions, over every
/// channel with rows from `rows` at `t`; `holds` is dpcert's own verdict on it.
#[allow(clippy::too_many_arguments)]
pub fn induced_record(
    n: usize,
    edges: &[(usize, usize)],
    f: &[usize],
    k: usize,
    rows: &Rows,
    t: &Rational,
    fact: &str,
    holds: bool,
) -> serde_json::Value {
    let q = |v: &Vec<Rational>| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    serde_json::json!({
        "kind": "induced", "fact": fact, "vertices": n,
        "edges": edges.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
        "f": f, "k": k, "rows": rows.iter().map(q).collect::<Vec<_>>(),
        "t": t.to_string(), "holds": holds,
    })
}

/// `t^{-d}` for a graph distance, with `t^{-∞} = 0` across components (catalogue §0).
pub fn t_pow_neg(t: &Rational, d: Option<usize>) -> Rational {
    match d {
        Some(d) => Rational::ONE / t.clone().pow(d as u64),
        None => Rational::ZERO,
    }
}

/// `S(r) = Σ_j t^{-d(r,j)} = Σ_d n_d(r)·t^{-d}` (AACP Thm 4.1, eq. (3); the denominator of the
/// bound), computed from BFS distances, not from a closed form.
pub fn distance_sum(g: &Graph, r: usize, t: &Rational) -> Rational {
    g.distances_from(r)
        .into_iter()
        .map(|d| t_pow_neg(t, d))
        .sum()
}

/// The matrix `M[i][j] = c_i·t^{-d(i,j)}` of AACP eq. (2) with equality (Thm 4.1 tightness) and
/// eq. (6); `c[i]` is the constant used on row `i`.
pub fn tight_matrix(g: &Graph, t: &Rational, c: &[Rational]) -> Rows {
    let d = g.distances();
    (0..g.n())
        .map(|i| (0..g.n()).map(|j| &c[i] * t_pow_neg(t, d[i][j])).collect())
        .collect()
}

/// The certified optimum of the master LP and an optimal matrix.
#[derive(Clone, Debug)]
pub struct MasterLp {
    /// `OPT(G, t, π) = max Σ_j π_j M[j][j]` (exact).
    pub value: Rational,
    /// An optimal ε-DP matrix (`n × n`).
    pub matrix: Rows,
    /// What was solved and checked (for the report).
    pub note: String,
    /// The `lp` record of the full channel LP with its (lifted) certificate, re-checked on
    /// every row and variable; built only while certificates are recorded (issue 44 item 6).
    pub record: Option<serde_json::Value>,
}

impl MasterLp {
    /// `c` with this LP's `lp` record attached (when recorded): the step `LpCertificate`
    /// of a check that compares this optimum.
    pub fn attach(&self, mut c: Check) -> Check {
        c.records.extend(self.record.iter().cloned());
        c
    }
}

/// The master LP of catalogue §0: maximise `Σ_j π_j M[j][j]` over `n × n` row-stochastic `M >= 0`
/// with `M[i][j] <= t·M[h][j]` on every edge (both orientations), `t = e^ε >= 1`.
///
/// When `symmetric` is set, the LP is solved through its orbit-averaged form under the
/// automorphism group of `g` (valid only when the objective is invariant — the uniform prior;
/// the invariance is re-checked by [`ChannelLp::solve_reduced`]). Either way the certificate
/// (primal point, dual point, equal objectives) is re-checked on every row and variable of the
/// full model before a value is returned.
pub fn master_lp(
    g: &Graph,
    t: &Rational,
    prior: &[Rational],
    symmetric: bool,
) -> Result<MasterLp, String> {
    let k = g.n();
    let weights: Rows = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    if x == y {
                        prior[x].clone()
                    } else {
                        Rational::ZERO
                    }
                })
                .collect()
        })
        .collect();
    solve_channel_lp(g, t, weights, Sense::Maximize, symmetric)
}

/// Solve `max/min Σ w(x,y) M[x][y]` over ε-DP row-stochastic `n × n` matrices on `g` (the
/// [`ChannelLp`] at `t = e^ε`), certificate re-checked; see [`master_lp`].
pub fn solve_channel_lp(
    g: &Graph,
    t: &Rational,
    weights: Rows,
    sense: Sense,
    symmetric: bool,
) -> Result<MasterLp, String> {
    let k = g.n();
    let lp = ChannelLp {
        adjacency: (0..k).map(|v| g.neighbours(v).to_vec()).collect(),
        t: t.clone(),
        sense,
        weights,
    };
    // Hamming graphs: the known generators of Aut(H(n,m)) (coordinate and symbol permutations)
    // spare the automorphism search on large instances; like any generators they are re-checked
    // by `solve_reduced` (edges to edges, weights kept) before the reduction is used.
    let gens = match (symmetric, g.hamming_params()) {
        (false, _) => Vec::new(),
        (true, Some((n, m))) => crate::graph::automorphism::hamming_automorphism_generators(n, m),
        (true, None) => g.automorphisms().generators,
    };
    let sol = lp
        .solve_reduced(&gens)
        .map_err(|e| format!("LP on {}: {e:?}", g.name()))?;
    let value = sol
        .value
        .clone()
        .ok_or_else(|| format!("LP on {}: status {}", g.name(), sol.status))?;
    let matrix = (0..k)
        .map(|x| (0..k).map(|y| sol.p(k, x, y).clone()).collect())
        .collect();
    let note = if symmetric {
        sol.note()
    } else {
        format!(
            "full LP ({} variables, {} rows); primal and dual certificate re-checked on every row and variable",
            sol.full_vars, sol.full_rows
        )
    };
    // The record re-checks the (lifted) certificate on the full model (`lp_record` refuses
    // one that fails), so an `lp` record exists only for an optimum checked twice.
    let record = if crate::certify::recording() {
        let model = lp.model();
        let cert = sol
            .full_solution()
            .ok_or_else(|| format!("LP on {}: no optimal solution", g.name()))?;
        let id = format!("channel LP on {} t={t}", g.name());
        let rec = crate::lp::lp_record(&id, "AACP master LP", &model, model.rows().len(), &cert)
            .map_err(|e| format!("LP on {}: certificate refused: {e}", g.name()))?;
        Some(rec)
    } else {
        None
    };
    Ok(MasterLp {
        value,
        matrix,
        note,
        record,
    })
}

/// The Latin-square graph of a Latin square (rows of symbols `0..k`): the `k²` cells, adjacent
/// when they share a row, a column or a symbol (catalogue G3; strongly regular, so DR).
/// Panics if `sq` is not a Latin square (a programming error in the test data).
pub fn latin_square_graph(sq: &[Vec<usize>], name: &str) -> Graph {
    let k = sq.len();
    for (i, row) in sq.iter().enumerate() {
        let mut rs: Vec<usize> = row.clone();
        let mut cs: Vec<usize> = (0..k).map(|j| sq[j][i]).collect();
        rs.sort_unstable();
        cs.sort_unstable();
        assert!(
            rs == (0..k).collect::<Vec<_>>() && cs == rs,
            "not a Latin square"
        );
    }
    let cell = |v: usize| (v / k, v % k, sq[v / k][v % k]);
    let mut edges = Vec::new();
    for u in 0..k * k {
        for v in u + 1..k * k {
            let (a, b) = (cell(u), cell(v));
            if a.0 == b.0 || a.1 == b.1 || a.2 == b.2 {
                edges.push((u, v));
            }
        }
    }
    Graph::from_edges(k * k, &edges)
        .expect("simple graph")
        .with_name(name)
}

/// The Latin-square graph of the cyclic group table of order 5.
pub fn latin_cyclic5() -> Graph {
    let sq: Vec<Vec<usize>> = (0..5)
        .map(|r| (0..5).map(|c| (r + c) % 5).collect())
        .collect();
    latin_square_graph(&sq, "Latin-square graph (cyclic, order 5)")
}

/// The Latin-square graph of the catalogue's non-group square 12345/24153/35421/41532/53214.
pub fn latin_non_group5() -> Graph {
    let rows = ["12345", "24153", "35421", "41532", "53214"];
    let sq: Vec<Vec<usize>> = rows
        .iter()
        .map(|r| r.bytes().map(|b| (b - b'1') as usize).collect())
        .collect();
    latin_square_graph(&sq, "Latin-square graph (non-group, order 5)")
}

/// The graphs of catalogue §11 (the figures' graphs and the extra test graphs), each named.
pub fn section11_graphs() -> Vec<Graph> {
    let mut v: Vec<Graph> = crate::graph::generators::aacp_figure_graphs()
        .into_iter()
        .map(|(_, g)| g)
        .collect();
    v.extend([
        Graph::path(3),
        Graph::path(4),
        Graph::star(3),
        Graph::prism(),
        Graph::circulant(7, &[1, 2]),
        Graph::circulant(8, &[1, 2]),
        Graph::hamming(2, 3),
        Graph::petersen(),
        Graph::complete_bipartite(3, 3),
    ]);
    v
}

/// Whether `g` satisfies the hypothesis of Thm 4.1 / 6.1 ("distance-regular or VT+"), decided
/// by the graph module with a re-checked certificate: `Some(reason)` or `None`.
pub fn dr_or_vt_plus(g: &Graph) -> Option<String> {
    if let Ok(a) = g.intersection_array() {
        return Some(format!("distance-regular {a}"));
    }
    match g.vt_plus(100_000) {
        crate::graph::vt_plus::VtPlus::Witness(_) => Some("VT+ (witness re-checked)".into()),
        _ => None,
    }
}

/// The graphs on which the Thm 4.1 / 6.1 bound is tested: every connected graph on 2..=6
/// vertices that is DR or VT+, K_n (n <= 8), C_n (n <= 12), Q3, Q4, Petersen, the prism, C7(1,2),
/// C8(1,2), H(2,3), H(2,4) and the Latin-square graphs of the two main classes of order-5 Latin
/// squares (catalogue G3) — each with the hypothesis it satisfies.
pub fn bound_graphs() -> Vec<(Graph, String)> {
    let mut gs: Vec<Graph> = (2..=6)
        .flat_map(crate::graph::enumerate::all_connected_graphs)
        .collect();
    gs.extend((7..=8).map(Graph::complete));
    gs.extend((7..=12).map(Graph::cycle));
    gs.extend([
        Graph::hypercube(3),
        Graph::hypercube(4),
        Graph::petersen(),
        Graph::circulant(7, &[1, 2]),
        Graph::circulant(8, &[1, 2]),
        Graph::hamming(2, 3),
        Graph::hamming(2, 4),
        latin_cyclic5(),
        latin_non_group5(),
    ]);
    gs.into_iter()
        .filter_map(|g| dr_or_vt_plus(&g).map(|h| (g, h)))
        .collect()
}

/// An instance that could not be decided (an LP without a certified optimum, a hypothesis that
/// does not apply): undecided, with the reason.
pub fn undecided(what: &str, method: Method, why: impl Into<String>) -> Check {
    Check::new(
        what,
        Value::text("-", ""),
        Value::text("-", ""),
        method,
        Outcome::Undecided,
    )
    .with_note(why)
}

/// A graph and a privacy level `t = e^ε`.
#[derive(Clone, Debug)]
pub struct GraphT {
    pub g: Graph,
    pub t: Rational,
    /// The hypothesis the graph satisfies (for the report), if computed.
    pub hyp: String,
}

impl fmt::Display for GraphT {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "G={} t={}", self.g, self.t)
    }
}

/// Every graph of `graphs` at every `t` of `ts` (grid instances).
pub fn graph_cells(graphs: Vec<Graph>, ts: &[Rational]) -> Vec<GraphT> {
    graphs
        .into_iter()
        .flat_map(|g| {
            ts.iter().map(move |t| GraphT {
                g: g.clone(),
                t: t.clone(),
                hyp: String::new(),
            })
        })
        .collect()
}

/// Connected graphs on `6 + s` vertices for `dpcert search` beyond the grids' graphs on at most
/// 6 vertices (and the named small graphs): path, star, cycle, complete, complete bipartite,
/// the (1,2)-circulant, and the Hamming graph H(2, 3 + s).
pub fn graphs_beyond(s: usize) -> Vec<Graph> {
    let n = 6 + s;
    vec![
        Graph::path(n),
        Graph::star(n - 1),
        Graph::cycle(n),
        Graph::complete(n),
        Graph::complete_bipartite(n / 2, n - n / 2),
        Graph::circulant(n, &[1, 2]),
        Graph::hamming(2, 3 + s),
    ]
}

pub use crate::claim::instances::Lcg;

/// `count` vertices of the ε-DP polytope of `g` (LP optima under seeded random objectives with
/// integer weights in `-5..=5`), each certified; these are the "random ε-DP matrices" of
/// catalogue §4 (each with its LP: `matrix` is the vertex, `record` its certificate).
pub fn random_dp_vertices(g: &Graph, t: &Rational, count: usize, seed: u64) -> Vec<MasterLp> {
    let k = g.n();
    let mut rng = Lcg(seed);
    (0..count)
        .filter_map(|_| {
            let w: Rows = (0..k)
                .map(|_| {
                    (0..k)
                        .map(|_| Rational::from(rng.below(11) as i64 - 5))
                        .collect()
                })
                .collect();
            solve_channel_lp(g, t, w, Sense::Maximize, false).ok()
        })
        .collect()
}

/// Render a matrix as `[[a, b], [c, d]]` with exact entries.
pub fn fmt_matrix(m: &Rows) -> String {
    let rows: Vec<String> = m
        .iter()
        .map(|row| {
            let e: Vec<String> = row.iter().map(|q| q.to_string()).collect();
            format!("[{}]", e.join(", "))
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// Render a vector with exact entries.
pub fn fmt_vec(v: &[Rational]) -> String {
    let e: Vec<String> = v.iter().map(|q| q.to_string()).collect();
    format!("({})", e.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table: S(r) on small graphs at t = 2 (hand-computed: K4 = 1 + 3/2; C5 = 1 + 2/2 +
    /// 2/4; P3 from an end = 1 + 1/2 + 1/4, from the middle = 1 + 2/2; 2K2 = 1 + 1/2).
    #[test]
    fn distance_sum_table() {
        let two = r(2, 1);
        let p3 = Graph::path(3);
        let two_k2 = Graph::from_edges(4, &[(0, 1), (2, 3)]).unwrap();
        let table = [
            (Graph::complete(4), 0, r(5, 2)),
            (Graph::cycle(5), 0, r(5, 2)),
            (p3.clone(), 0, r(7, 4)),
            (p3, 1, r(2, 1)),
            (two_k2, 0, r(3, 2)),
        ];
        for (g, v, want) in table {
            assert_eq!(distance_sum(&g, v, &two), want, "{g} from {v}");
        }
    }

    /// The master LP on K_n has the closed form t/(t+n-1) (randomized response is optimal);
    /// the full and the symmetry-reduced solves agree.
    #[test]
    fn master_lp_on_cliques() {
        for n in 2..=4 {
            for t in [r(2, 1), r(3, 2)] {
                let g = Graph::complete(n);
                let full = master_lp(&g, &t, &uniform(n), false).unwrap();
                let red = master_lp(&g, &t, &uniform(n), true).unwrap();
                let want = &t / (&t + Rational::from(n as i64 - 1));
                assert_eq!(full.value, want);
                assert_eq!(red.value, want);
                assert_eq!(dp_violation(&full.matrix, &g, &t), None);
            }
        }
    }

    /// Issue 44 item 6: while recording, a master-LP optimum carries the `lp` record of the
    /// full channel LP (symmetry-reduced or not), whose answer is the optimum.
    #[test]
    fn master_lp_carries_its_lp_record() {
        crate::certify::start_recording();
        for symmetric in [false, true] {
            let lp = master_lp(&Graph::complete(3), &r(2, 1), &uniform(3), symmetric).unwrap();
            let rec = lp.record.as_ref().expect("an lp record");
            assert_eq!(rec["kind"], "lp");
            assert_eq!(rec["answer"]["status"], "optimal");
            assert_eq!(rec["answer"]["value"], "1/2");
            assert_eq!(
                rec["model"]["rows"].as_array().unwrap().len(),
                3 + 2 * 3 * 3
            );
        }
    }

    /// `dp_channel_recorded`, literal table: randomized response on K2 with ratio 2 is a 2-DP
    /// channel (its `dp_level` record says 2, the compare record 2 <= t), not 3/2-DP, and a
    /// matrix whose rows do not sum to 1 is no channel; no record unless it is one.
    #[test]
    fn dp_channel_table() {
        crate::certify::start_recording();
        let k2 = Graph::complete(2);
        let rr = vec![vec![r(2, 3), r(1, 3)], vec![r(1, 3), r(2, 3)]];
        let half = vec![vec![r(1, 2), r(1, 4)], vec![r(1, 4), r(1, 2)]];
        for (m, t, want) in [
            (&rr, r(2, 1), true),
            (&rr, r(3, 2), false),
            (&half, r(2, 1), false),
        ] {
            let mut recs = Vec::new();
            assert_eq!(
                dp_channel_recorded(m, &k2, &t, &mut recs),
                want,
                "{m:?} t={t}"
            );
            assert_eq!(recs.len(), if want { 2 } else { 0 });
            if want {
                assert_eq!(
                    (recs[0]["kind"].clone(), recs[0]["e_eps"].clone()),
                    ("dp_level".into(), "2".into())
                );
                assert_eq!(
                    (recs[1]["lhs"].clone(), recs[1]["holds"].clone()),
                    ("2".into(), true.into())
                );
            }
        }
        // The sturm record of an identity exists only for a zero difference.
        let x = crate::num::RatFn::x();
        let rec = identity_record(
            "i",
            serde_json::json!(["t"]),
            serde_json::json!(["t"]),
            &(&x - &x),
        );
        assert_eq!(rec.unwrap()["sign"], "zero");
        assert!(
            identity_record("i", serde_json::json!(["t"]), serde_json::json!("1"), &x).is_none()
        );
    }

    /// Naive reference for `vulnerability`: maximise over all guess functions z -> x.
    #[test]
    fn vulnerability_is_best_guess() {
        let m = vec![
            vec![r(1, 2), r(1, 4), r(1, 4)],
            vec![r(1, 3), r(1, 3), r(1, 3)],
        ];
        let p = vec![r(2, 5), r(3, 5)];
        let mut best = Rational::ZERO;
        for guess in 0..8u32 {
            let s: Rational = (0..3)
                .map(|z| {
                    let x = ((guess >> z) & 1) as usize;
                    &p[x] * &m[x][z]
                })
                .sum();
            best = best.max(s);
        }
        assert_eq!(matrix_utility(&p, &m), best);
    }
}
