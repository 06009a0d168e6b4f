//! The functions of the claim language: one table ([`BUILTINS`]) gives each name its
//! signatures, usage line and definition with citation (the type checker, the error
//! suggestions and docs/claim-language.md all read it), and [`call`] evaluates them by calling
//! the library (`measure`, `mechanism`, `graph`, `prob`, `lp`) — no measure is re-implemented
//! here.
//!
//! Units: `mi`, `capacity`, `min_leakage`, `min_capacity`, `entropy` and `h` are in bits;
//! `kl` and `renyi` in nats (as the library); `dp`, `ident`, `mult_leakage` are ratios
//! (`t = e^ε`, never `ε`).

use super::real::{LogVal, Num};
use super::types::{Base, Ty};
use super::value::Domain;
use super::value::Value;
use crate::graph::{all_connected_graphs, all_graphs, Graph, VtPlus};
use crate::measure::{self, ExtRational, RenyiOrder};
use crate::num::{Decision, LogLinear, Rational};
use crate::prob::{Channel, Dist};
use malachite::base::num::basic::traits::Zero;
use std::sync::Arc;

/// One function: its signatures `(parameters, result)`, required keyword arguments, a usage
/// line and its definition with the source it follows.
pub struct Builtin {
    pub name: &'static str,
    pub sigs: &'static [(&'static [Ty], Ty)],
    pub named: &'static [&'static str],
    pub usage: &'static str,
    pub doc: &'static str,
}

use Ty::{Bool as B, Chan as C, Dist as D, Graph as G, Num as N};

const NUM1: &[(&[Ty], Ty)] = &[(&[N], N)];

/// The largest graph a constructor builds (vertices).
const MAX_VERTICES: usize = 6_000;
/// The VT+ search budget (as `dpcert graph --vt-budget`'s default).
const VT_PLUS_LIMIT: usize = 200_000;

pub const BUILTINS: &[Builtin] = &[
    Builtin { name: "ln", sigs: NUM1, named: &[], usage: "ln(x)", doc: "natural logarithm; exact (a log-linear form) for a positive rational" },
    Builtin { name: "log2", sigs: NUM1, named: &[], usage: "log2(x)", doc: "base-2 logarithm ln(x)/ln(2); exact for a positive rational" },
    Builtin { name: "exp", sigs: NUM1, named: &[], usage: "exp(x)", doc: "e^x; exact when x = Σ c ln r with integer c, else a certified enclosure" },
    Builtin { name: "sqrt", sigs: NUM1, named: &[], usage: "sqrt(x)", doc: "square root; exact for the square of a rational, else a certified enclosure" },
    Builtin { name: "h", sigs: NUM1, named: &[], usage: "h(p)", doc: "binary entropy in bits, −p log2 p − (1−p) log2(1−p) (Cover–Thomas eq. (2.5)); exact for rational p" },
    Builtin { name: "abs", sigs: NUM1, named: &[], usage: "abs(x)", doc: "absolute value" },
    Builtin { name: "min", sigs: &[(&[N, N], N), (&[N, N, N], N), (&[N, N, N, N], N)], named: &[], usage: "min(a, b, ...) or min(i in D: expr)", doc: "the least of its arguments (or of expr over a domain)" },
    Builtin { name: "max", sigs: &[(&[N, N], N), (&[N, N, N], N), (&[N, N, N, N], N)], named: &[], usage: "max(a, b, ...) or max(i in D: expr)", doc: "the largest of its arguments (or of expr over a domain)" },
    Builtin { name: "to_nats", sigs: NUM1, named: &[], usage: "to_nats(x)", doc: "x·ln 2: a quantity in bits expressed in nats (exact for a bits form)" },
    Builtin { name: "to_bits", sigs: NUM1, named: &[], usage: "to_bits(x)", doc: "x/ln 2: a quantity in nats expressed in bits (exact for a nats form)" },
    Builtin { name: "dist", sigs: &[(&[N], D), (&[N, N], D), (&[N, N, N], D), (&[N, N, N, N], D), (&[N, N, N, N, N], D), (&[N, N, N, N, N, N], D), (&[N, N, N, N, N, N, N], D), (&[N, N, N, N, N, N, N, N], D)], named: &[], usage: "dist(p0, p1, ...) (1 to 8 masses)", doc: "the distribution with the given exact masses (non-negative, summing to exactly 1)" },
    Builtin { name: "channel", sigs: &[(&[D], C), (&[D, D], C), (&[D, D, D], C), (&[D, D, D, D], C), (&[D, D, D, D, D], C), (&[D, D, D, D, D, D], C)], named: &[], usage: "channel(row0, row1, ...) (1 to 6 rows, each a dist)", doc: "the channel whose rows are the given distributions (all of one length)" },
    Builtin { name: "rr", sigs: &[(&[N, N], C)], named: &[], usage: "rr(k, t)", doc: "k-ary randomized response at t = e^ε ≥ 1: W(x|x) = t/(t+k−1), W(y|x) = 1/(t+k−1) (Warner 1965; Kairouz–Oh–Viswanath 2016, eq. (5)); mechanism::randomized_response" },
    Builtin { name: "geometric", sigs: &[(&[N, N], C)], named: &[], usage: "geometric(n, t)", doc: "truncated geometric mechanism on {0..n−1} at t = e^ε ≥ 1 (Ghosh–Roughgarden–Sundararajan, STOC 2009, §2); mechanism::truncated_geometric" },
    Builtin { name: "uniform", sigs: &[(&[N], D)], named: &[], usage: "uniform(k)", doc: "the uniform distribution on k points" },
    Builtin { name: "point", sigs: &[(&[N, N], D)], named: &[], usage: "point(k, i)", doc: "the point mass at i on k points" },
    Builtin { name: "hamming", sigs: &[(&[N, N], G)], named: &[], usage: "hamming(n, m)", doc: "the Hamming graph H(n, m): words of length n over m letters, adjacent when they differ in one place (vertex = the word in base m)" },
    Builtin { name: "cycle", sigs: &[(&[N], G)], named: &[], usage: "cycle(n)", doc: "the cycle C_n (n ≥ 3)" },
    Builtin { name: "path", sigs: &[(&[N], G)], named: &[], usage: "path(n)", doc: "the path P_n on n vertices" },
    Builtin { name: "complete", sigs: &[(&[N], G)], named: &[], usage: "complete(n)", doc: "the complete graph K_n" },
    Builtin { name: "dp", sigs: &[(&[C], N), (&[C, G], N)], named: &[], usage: "dp(W) or dp(W, G)", doc: "the DP level t = e^ε = max W(y|x)/W(y|x') over neighbours x ~ x' (both orientations), inf when a zero faces a non-zero; complete adjacency by default (Dwork–Roth Def. 2.4 with δ = 0); measure::dp_level" },
    Builtin { name: "delta", sigs: &[(&[C, G, N], N), (&[C, N], N)], named: &[], usage: "delta(W, G, t) or delta(W, t)", doc: "the least δ with W (ε, δ)-DP at t = e^ε: max over ordered neighbours of Σ_y (W(y|x) − t W(y|x'))^+ (Dwork–Roth Def. 2.4; the hockey-stick divergence); measure::delta_at" },
    Builtin { name: "dp_k", sigs: &[(&[C, N], N), (&[C, G, N], N), (&[C, N, N], N), (&[C, G, N, N], N)], named: &[], usage: "dp_k(W, k), dp_k(W, k, delta), dp_k(W, G, k) or dp_k(W, G, k, delta)", doc: "the level of k uses of W (each with fresh randomness, on the same ordered neighbour pair, every answer seen): the smallest t = e^ε ≥ 1 with δ_k(t) ≤ delta for every ordered neighbour pair, delta = 0 by default (the pure level, max of P^k/Q^k); inf when a zero facing a non-zero leaves more than delta at infinite loss; exact: the k-fold privacy loss distribution is composed exactly (Dwork–Rothblum 2016, Lemma 3.3; Dwork–Roth Def. 2.4); k ≥ 1, 0 ≤ delta < 1; accounting::query::t_for_delta" },
    Builtin { name: "delta_k", sigs: &[(&[C, N, N], N), (&[C, G, N, N], N)], named: &[], usage: "delta_k(W, k, t) or delta_k(W, G, k, t)", doc: "the least δ with k uses of W (ε, δ)-DP at t = e^ε: max over ordered neighbours of Σ_o (P^k(o) − t Q^k(o))^+ over the k-tuples of answers o, exact (Dwork–Roth Def. 2.4 on the product channel; the k-fold privacy loss distribution composed exactly, Dwork–Rothblum 2016, Lemma 3.3); k ≥ 1, t ≥ 1; accounting::query::delta_at_t" },
    Builtin { name: "ident", sigs: &[(&[D, C], N), (&[D, C, G], N)], named: &[], usage: "ident(p, W) or ident(p, W, G)", doc: "the identifiability level e^ε = max π(x)W(y|x) / (π(x')W(y|x')) over neighbours (Wang–Ying–Zhang 2016, Def. 3); measure::identifiability_level" },
    Builtin { name: "bayes_vuln", sigs: &[(&[D], N)], named: &[], usage: "bayes_vuln(p)", doc: "Bayes vulnerability V(π) = max_x π(x) (Smith 2009, Def. 2); measure::bayes_vulnerability" },
    Builtin { name: "post_vuln", sigs: &[(&[D, C], N)], named: &[], usage: "post_vuln(p, W)", doc: "posterior Bayes vulnerability V(π, W) = Σ_y max_x π(x)W(y|x) (Smith 2009, Def. 3); measure::posterior_vulnerability" },
    Builtin { name: "mult_leakage", sigs: &[(&[D, C], N)], named: &[], usage: "mult_leakage(p, W)", doc: "multiplicative min-entropy leakage V(π, W)/V(π) (Smith 2009, Def. 4); measure::min_entropy_leakage" },
    Builtin { name: "min_leakage", sigs: &[(&[D, C], N)], named: &[], usage: "min_leakage(p, W)", doc: "min-entropy leakage log2(V(π, W)/V(π)) in bits (Smith 2009, Def. 4)" },
    Builtin { name: "min_capacity", sigs: &[(&[C], N)], named: &[], usage: "min_capacity(W)", doc: "min-entropy capacity log2 Σ_y max_x W(y|x) in bits (Braun–Chatzikokolakis–Palamidessi 2009, Thm 5.1); measure::min_capacity" },
    Builtin { name: "mi", sigs: &[(&[D, C], N)], named: &[], usage: "mi(p, W)", doc: "mutual information I(X; Y) in bits, X ~ π, Y ~ W(·|X) (Cover–Thomas eq. (2.28)); exact log-linear; measure::mutual_information" },
    Builtin { name: "entropy", sigs: &[(&[D], N)], named: &[], usage: "entropy(p)", doc: "Shannon entropy H(p) in bits (Cover–Thomas eq. (2.1)); measure::entropy" },
    Builtin { name: "capacity", sigs: &[(&[C], N)], named: &[], usage: "capacity(W)", doc: "Shannon capacity max_π I(π; W) in bits, as a certified bracket with exact log-linear ends I(π; W) ≤ C ≤ max_x D(W_x ‖ πW) (Cover–Thomas Thm 7.2.1; Csiszár–Körner's upper bound); measure::capacity_bracket_exact. A comparison the bracket cannot separate is undecided" },
    Builtin { name: "kl", sigs: &[(&[D, D], N)], named: &[], usage: "kl(P, Q)", doc: "Kullback–Leibler divergence D(P‖Q) in nats, inf when P is not absolutely continuous w.r.t. Q (Cover–Thomas eq. (2.26)); measure::kl" },
    Builtin { name: "tv", sigs: &[(&[D, D], N)], named: &[], usage: "tv(P, Q)", doc: "total variation distance (1/2) Σ |P − Q| = max_A P(A) − Q(A); measure::tv" },
    Builtin { name: "renyi", sigs: &[(&[N, D, D], N)], named: &[], usage: "renyi(a, P, Q)", doc: "Rényi divergence D_a(P‖Q) in nats for a ∈ {0, 1, 2, 3, …, inf} (Rényi 1961; van Erven–Harremoës 2014, eq. (1)); measure::renyi_divergence" },
    Builtin { name: "distortion", sigs: &[(&[D, C], N), (&[D, C, N, N], N)], named: &[], usage: "distortion(p, W) or distortion(p, W, n, m)", doc: "expected Hamming distortion E d_H(X, Y) = Σ π(x)W(y|x) d_H(x, y) on words of length n over m letters (Wang–Ying–Zhang 2016, §II); distortion(p, W) is n = 1 (the error probability); measure::expected_hamming_distortion" },
    Builtin { name: "max_utility", sigs: &[(&[D, G, N], N)], named: &[], usage: "max_utility(p, G, t)", doc: "the optimal utility max Σ_x π(x) W(x|x) over row-stochastic W on the vertices of G that are e^ε-DP on G with t = e^ε (Alvim–Andrés–Chatzikokolakis–Palamidessi 2011, §5: the utility LP under the identity gain); solved as an exact LP whose primal/dual certificate is re-checked (lp::ChannelLp)" },
    Builtin { name: "bayes_risk", sigs: &[(&[D], N)], named: &[], usage: "bayes_risk(p)", doc: "Bayes risk 1 − V(π): the probability that the best single guess is wrong (libqif's bayes_risk); measure::bayes_risk" },
    Builtin { name: "post_bayes_risk", sigs: &[(&[D, C], N)], named: &[], usage: "post_bayes_risk(p, W)", doc: "posterior Bayes risk 1 − V(π, W); measure::posterior_bayes_risk" },
    Builtin { name: "guessing_entropy", sigs: &[(&[D], N)], named: &[], usage: "guessing_entropy(p)", doc: "guessing entropy G(π) = Σ_i i·π_(i), masses in decreasing order: the expected number of guesses (Massey, ISIT 1994); measure::guessing_entropy" },
    Builtin { name: "post_guessing_entropy", sigs: &[(&[D, C], N)], named: &[], usage: "post_guessing_entropy(p, W)", doc: "posterior guessing entropy Σ_y Σ_i i·(π(·)W(y|·))_(i), each column in decreasing order (Köpf–Basin, CCS 2007); measure::posterior_guessing_entropy" },
    Builtin { name: "refines", sigs: &[(&[C, C], B)], named: &[], usage: "refines(A, B)", doc: "A is a post-processing of B: A = B·R for a channel R, so A leaks no more than B under any prior and gain (McIver et al., POST 2014: the refinement theorem); an exact LP feasibility question, either answer re-checked from the definitions (a Farkas certificate gives a prior and gain under which A leaks more); qif::refines" },
    Builtin { name: "same_hyper", sigs: &[(&[D, C, C], B)], named: &[], usage: "same_hyper(p, A, B)", doc: "the hyper-distributions [π ▷ A] and [π ▷ B] are equal: outer probabilities with posteriors, zero masses dropped and equal posteriors merged, compared exactly (McIver–Meinicke–Morgan, ICALP 2010); qif::Hyper" },
    Builtin { name: "kantorovich", sigs: &[(&[D, D, G], N), (&[C, C, G], N)], named: &[], usage: "kantorovich(P, Q, G) or kantorovich(A, B, G)", doc: "the Kantorovich (earth mover's) distance min over couplings γ of P and Q of Σ γ(x, x') d_G(x, x'), d_G the shortest-path metric of G (connected); an exact transport LP with a re-checked certificate; qif::kantorovich. For channels A, B (same shape, G on the outputs): max over secrets x of the distance between the rows A(·|x) and B(·|x); qif::kantorovich_channels" },
    Builtin { name: "metric_eps", sigs: &[(&[C, G], N)], named: &[], usage: "metric_eps(W, G)", doc: "the smallest ε with W ε·d-private, W(y|x) ≤ e^(ε·d(x,x'))·W(y|x') for all x, x', y, d the shortest-path metric of G (connected), in nats: max over pairs of ln(max_y W(y|x)/W(y|x'))/d(x, x'), exact log-linear; inf when a zero faces a non-zero (Chatzikokolakis et al., PETS 2013); measure::metric_privacy_level" },
    Builtin { name: "expmech", sigs: &[(&[G, N], C)], named: &[], usage: "expmech(G, t)", doc: "the exponential mechanism t^(−d(x,y))/Z_x on the shortest-path distance of G at t = e^ε ≥ 1 (McSherry–Talwar 2007 with score −d); mechanism::exponential_on_graph" },
    Builtin { name: "geoind", sigs: &[(&[N, N], C)], named: &[], usage: "geoind(k, t)", doc: "geo-indistinguishability on the k×k grid (point (i, j) at index i·k + j): the product of two truncated geometric mechanisms at t = e^ε, exactly (ln t)·d₁-private for the Manhattan metric (Andrés et al., CCS 2013, discretised); mechanism::spec" },
    Builtin { name: "diameter", sigs: &[(&[G], N)], named: &[], usage: "diameter(G)", doc: "the largest distance between two vertices, inf when disconnected" },
    Builtin { name: "distance", sigs: &[(&[G, N, N], N)], named: &[], usage: "distance(G, u, v)", doc: "the length of a shortest path from u to v, inf when there is none (breadth-first search)" },
    Builtin { name: "vertices", sigs: &[(&[G], N)], named: &[], usage: "vertices(G)", doc: "the number of vertices" },
    Builtin { name: "degree", sigs: &[(&[G, N], N)], named: &[], usage: "degree(G, v)", doc: "the degree of vertex v" },
    Builtin { name: "is_regular", sigs: &[(&[G], B)], named: &[], usage: "is_regular(G)", doc: "every vertex has the same degree" },
    Builtin { name: "is_dr", sigs: &[(&[G], B)], named: &[], usage: "is_dr(G)", doc: "distance-regular: the intersection numbers b_i, c_i do not depend on the vertex pair (Brouwer–Cohen–Neumaier 1989, §4.1); graph::is_distance_regular" },
    Builtin { name: "is_vt", sigs: &[(&[G], B)], named: &[], usage: "is_vt(G)", doc: "vertex-transitive: Aut(G) has one orbit (generators checked); graph::is_vertex_transitive" },
    Builtin { name: "is_vt_plus", sigs: &[(&[G], B)], named: &[], usage: "is_vt_plus(G)", doc: "VT+: n automorphisms whose images of every vertex are pairwise distinct (Alvim et al. 2011, §5); graph::vt_plus (undecided past its search budget)" },
    Builtin { name: "rows", sigs: &[(&[C], N)], named: &[], usage: "rows(W)", doc: "the number of inputs of a channel" },
    Builtin { name: "cols", sigs: &[(&[C], N)], named: &[], usage: "cols(W)", doc: "the number of outputs of a channel" },
    Builtin { name: "len", sigs: &[(&[D], N)], named: &[], usage: "len(p)", doc: "the number of points of a distribution" },
    Builtin { name: "channels", sigs: &[(&[N, N], Ty::Set(Base::Chan))], named: &["denom"], usage: "channels(r, c, denom D)", doc: "every row-stochastic r×c matrix with entries k/D (rows in lexicographic order of compositions, row 0 slowest)" },
    Builtin { name: "dists", sigs: &[(&[N], Ty::Set(Base::Dist))], named: &["denom"], usage: "dists(k, denom D)", doc: "every distribution on k points with masses n_i/D (compositions of D, lexicographic)" },
    Builtin { name: "graphs", sigs: &[(&[N], Ty::Set(Base::Graph))], named: &[], usage: "graphs(n)", doc: "every graph on n ≤ 6 vertices up to isomorphism (least adjacency mask order); graph::all_graphs" },
    Builtin { name: "connected_graphs", sigs: &[(&[N], Ty::Set(Base::Graph))], named: &[], usage: "connected_graphs(n)", doc: "the connected graphs among graphs(n)" },
];

/// The result type of `b` applied to arguments of types `tys`, if a signature fits.
pub fn signature_match(b: &Builtin, tys: &[Ty]) -> Option<Ty> {
    b.sigs.iter().find(|(p, _)| *p == tys).map(|(_, r)| *r)
}

fn num(v: &Value) -> &Num {
    match v {
        Value::Num(n) => n,
        _ => unreachable!("type-checked: a number"),
    }
}
fn chan(v: &Value) -> &Arc<Channel> {
    match v {
        Value::Chan(w) => w,
        _ => unreachable!("type-checked: a channel"),
    }
}
fn dist(v: &Value) -> &Arc<Dist> {
    match v {
        Value::Dist(p) => p,
        _ => unreachable!("type-checked: a distribution"),
    }
}
fn graph(v: &Value) -> &Arc<Graph> {
    match v {
        Value::Graph(g) => g,
        _ => unreachable!("type-checked: a graph"),
    }
}

/// An exact rational argument (a symbolic or irrational value is refused).
pub fn rational<'a>(v: &'a Value, what: &str) -> Result<&'a Rational, String> {
    match num(v) {
        Num::Rat(q) => Ok(q),
        Num::T(_) => Err(format!("{what} must be a rational number, not the symbolic t (not rational in t: the measure is piecewise in t)")),
        n => Err(format!("{what} must be an exact rational, got {}", n.exact_string())),
    }
}

/// A non-negative integer argument at most `cap`.
pub fn count(v: &Value, what: &str, cap: u64) -> Result<u64, String> {
    let q = rational(v, what)?;
    let n =
        u64::try_from(q).map_err(|_| format!("{what} must be a non-negative integer, got {q}"))?;
    if n > cap {
        return Err(format!("{what} = {n} is larger than {cap}"));
    }
    Ok(n)
}

fn t_param(v: &Value) -> Result<Rational, String> {
    let t = rational(v, "t = e^eps")?.clone();
    if t < 1u32 {
        return Err(format!("t = e^eps must be at least 1, got {t}"));
    }
    Ok(t)
}

fn ext(r: ExtRational) -> Num {
    match r {
        ExtRational::Finite(q) => Num::Rat(q),
        ExtRational::Infinite => Num::Inf,
    }
}

fn bits(l: LogLinear) -> Num {
    Num::Log(LogVal {
        bits: l,
        ..LogVal::default()
    })
    .normalised()
}

fn nats(l: Option<LogLinear>) -> Num {
    match l {
        Some(l) => Num::Log(LogVal {
            nats: l,
            ..LogVal::default()
        })
        .normalised(),
        None => Num::Inf,
    }
}

fn same_len(a: usize, b: usize, what: &str) -> Result<(), String> {
    if a != b {
        return Err(format!("{what}: sizes differ ({a} and {b})"));
    }
    Ok(())
}

fn adjacency(w: &Channel, g: Option<&Graph>) -> Result<Vec<(usize, usize)>, String> {
    adjacency_of(w.n_inputs(), g)
}

/// The neighbour pairs of a channel with `n` inputs: every pair, or the graph's edges.
pub(super) fn adjacency_of(n: usize, g: Option<&Graph>) -> Result<Vec<(usize, usize)>, String> {
    match g {
        None => Ok(measure::complete_pairs(n)),
        Some(g) => {
            same_len(n, g.n(), "the channel's inputs and the graph's vertices")?;
            Ok(g.edges())
        }
    }
}

fn graph_size(n: u64, what: &str) -> Result<usize, String> {
    if n as usize > MAX_VERTICES {
        return Err(format!("{what} with {n} vertices: at most {MAX_VERTICES}"));
    }
    Ok(n as usize)
}

/// For a builtin whose value is a finite number whenever its arguments pass its checks
/// (the prior-and-channel quantities `post_vuln`, `mult_leakage`, `min_leakage`, `mi`: a
/// vulnerability, a leakage ratio ≥ 1, its `log2`, a mutual information), those checks on
/// type-checked arguments: `Some(Err(m))` with exactly the error [`call`] gives (it runs the
/// same function), `Some(Ok(()))` when `call` succeeds with a finite value. `None` for every
/// other builtin. The evaluator decides `x <= inf` for such an `x` without computing it.
pub fn finite_checks(name: &str, a: &[Value]) -> Option<Result<(), String>> {
    // an argument in the symbolic t goes to `in_t` (issue 46, item 2)
    let in_t = a
        .iter()
        .any(|v| matches!(v, Value::TChan(_) | Value::TDist(_)));
    (is_finite_valued(name) && !in_t).then(|| {
        same_len(
            dist(&a[0]).len(),
            chan(&a[1]).n_inputs(),
            "the prior and the channel's inputs",
        )
    })
}

/// `refines(A, B)` or `same_hyper(p, A, B)` (type-checked arguments) with, while certificates
/// are recorded, the `refinement` record of the answer (built by `qif`, the room that decides
/// it: `A = B·R` with R, or a prior and gain separating them; `same_hyper` by the hypers the
/// checker recomputes), for the evaluator's records (issue 44 item 6).
pub fn recorded(name: &str, a: &[Value]) -> Result<(Value, Option<serde_json::Value>), String> {
    let recording = crate::certify::recording();
    let (holds, record) = if name == "refines" {
        let (x, y) = (chan(&a[0]), chan(&a[1]));
        let r = crate::qif::refines(x, y, &crate::lp::Options::default())
            .map_err(|e| format!("refines: {e}"))?;
        let rec = recording.then(|| crate::qif::refinement_record("refines", x, y, &r));
        (r.holds(), rec)
    } else {
        let (p, x, y) = (dist(&a[0]), chan(&a[1]), chan(&a[2]));
        let hx = crate::qif::Hyper::of(p, x).map_err(|e| format!("same_hyper: {e}"))?;
        let hy = crate::qif::Hyper::of(p, y).map_err(|e| format!("same_hyper: {e}"))?;
        let same = hx == hy;
        (
            same,
            recording.then(|| crate::qif::same_hyper_record(p, x, y, same)),
        )
    };
    Ok((Value::Bool(Decision::from_bool(holds)), record))
}

/// `dp(W)` or `dp(W, G)` (type-checked arguments) when it is `∞`: the `out_of_range` record
/// `finite_dp_level` holding W's `dp_level` record (its rows, neighbour pairs and a witness
/// `W(y|x) > 0 = W(y|x')`), from which the checker recomputes the level; `None` when the level
/// is finite or an argument is not a plain channel (issue 44 item 6: `where dp(W) < inf`).
pub fn infinite_level_record(a: &[Value]) -> Option<Arc<crate::certify::Record>> {
    let Some(Value::Chan(w)) = a.first() else {
        return None;
    };
    let g = match a.get(1) {
        Some(Value::Graph(g)) => Some(g),
        Some(_) => return None,
        None => None,
    };
    LAST_LEVEL.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((lw, lg, rec)) = last.as_ref() {
            let same_graph = match (lg, g) {
                (None, None) => true,
                (Some(x), Some(y)) => Arc::ptr_eq(x, y),
                _ => false,
            };
            if same_graph && (Arc::ptr_eq(lw, w) || lw == w) {
                return rec.clone();
            }
        }
        let rec = build_infinite_level_record(w, g.map(Arc::as_ref)).map(Arc::new);
        *last = Some((w.clone(), g.cloned(), rec.clone()));
        rec
    })
}

/// The last channel (and graph) [`infinite_level_record`] was asked about, with its answer: a
/// function of them alone, which the instances of one channel ask for one after another on a
/// worker (ACC-2's W, once for each of its 8 `(k, s)`; issue 44 item 2: 28% of `check
/// --certificates` there). A graph is the same one only by address (it has no equality; the
/// `Arc` held here keeps its address from being reused).
type LastLevel = Option<(
    Arc<Channel>,
    Option<Arc<Graph>>,
    Option<Arc<crate::certify::Record>>,
)>;

thread_local! {
    static LAST_LEVEL: std::cell::RefCell<LastLevel> = const { std::cell::RefCell::new(None) };
}

#[cfg(test)]
thread_local! {
    /// How many records [`build_infinite_level_record`] built on this thread (tests).
    pub(super) static LEVEL_RECORDS_BUILT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn build_infinite_level_record(w: &Channel, g: Option<&Graph>) -> Option<crate::certify::Record> {
    #[cfg(test)]
    LEVEL_RECORDS_BUILT.with(|n| n.set(n.get() + 1));
    let adj = adjacency(w, g).ok()?;
    let level = measure::dp_level(w, &adj);
    if level.ratio != ExtRational::Infinite {
        return None;
    }
    let witness = (level.pair.0, level.pair.1, level.output);
    // typed: its rows are written as text only if it is written (issue 44 item 2)
    let rec = crate::certify::DpLevel {
        id: "dp(W)".into(),
        rows: w.rows().to_vec(),
        pairs: adj,
        e_eps: None,
        witness,
    };
    Some(crate::certify::Typed::FiniteDpLevel(vec![rec]).into())
}

/// Is `name` one of the builtins [`finite_checks`] answers for?
pub fn is_finite_valued(name: &str) -> bool {
    matches!(name, "post_vuln" | "mult_leakage" | "min_leakage" | "mi")
}

/// Evaluate the builtin `name` on type-checked arguments. An error is this instance's error
/// (a size mismatch, t < 1, an index out of range, ...).
pub fn call(name: &str, a: &[Value], named: &[(String, Value)]) -> Result<Value, String> {
    let n = |v: Num| Ok(Value::Num(v));
    match name {
        "ln" => n(num(&a[0]).ln()?),
        "log2" => n(num(&a[0]).log2()?),
        "exp" => n(num(&a[0]).exp()?),
        "sqrt" => n(num(&a[0]).sqrt()?),
        "h" => n(num(&a[0]).h()?),
        "abs" => n(num(&a[0]).abs()?),
        "min" | "max" => {
            let want = if name == "min" {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            };
            let mut best = num(&a[0]).clone();
            for x in &a[1..] {
                best = best.extreme(num(x), want)?;
            }
            n(best)
        }
        "to_nats" => n(num(&a[0]).to_nats()?),
        "to_bits" => n(num(&a[0]).to_bits()?),
        "dist" => {
            let mut p = Vec::with_capacity(a.len());
            for (i, v) in a.iter().enumerate() {
                p.push(rational(v, &format!("mass {i}"))?.clone());
            }
            Dist::new(p)
                .map(|d| Value::Dist(Arc::new(d)))
                .map_err(|e| format!("dist(...): {e}"))
        }
        "channel" => {
            let rows: Vec<Vec<Rational>> = a.iter().map(|v| dist(v).probs().to_vec()).collect();
            if rows.iter().any(|r| r.len() != rows[0].len()) {
                return Err("channel(...): every row must have the same length".into());
            }
            Channel::new(rows)
                .map(|w| Value::Chan(Arc::new(w)))
                .map_err(|e| format!("channel(...): {e}"))
        }
        "rr" | "geometric" => {
            let k = count(&a[0], "the size", MAX_VERTICES as u64)? as usize;
            let t = t_param(&a[1])?;
            let w = if name == "rr" {
                crate::mechanism::randomized_response(k, &t)
            } else {
                crate::mechanism::truncated_geometric(k, &t)
            }
            .map_err(|e| e.to_string())?;
            Ok(Value::Chan(Arc::new(w)))
        }
        "uniform" => {
            let k = count(&a[0], "the size", 1 << 20)? as usize;
            if k == 0 {
                return Err("uniform(0): a distribution needs a point".into());
            }
            Ok(Value::Dist(Arc::new(Dist::uniform(k))))
        }
        "point" => {
            let k = count(&a[0], "the size", 1 << 20)? as usize;
            let i = count(&a[1], "the point", 1 << 20)? as usize;
            if i >= k {
                return Err(format!("point({k}, {i}): the point must be below {k}"));
            }
            Ok(Value::Dist(Arc::new(Dist::point(k, i))))
        }
        "hamming" => {
            let nn = count(&a[0], "n", 64)? as u32;
            let m = count(&a[1], "m", MAX_VERTICES as u64)?;
            let size = m.checked_pow(nn).unwrap_or(u64::MAX);
            if m == 0 || nn == 0 {
                return Err("hamming(n, m) needs n, m >= 1".into());
            }
            graph_size(size, "hamming")?;
            Ok(Value::Graph(Arc::new(Graph::hamming(
                nn as usize,
                m as usize,
            ))))
        }
        "cycle" | "path" | "complete" => {
            let k = graph_size(count(&a[0], "the size", u64::MAX)?, name)?;
            let min = if name == "cycle" { 3 } else { 1 };
            if k < min {
                return Err(format!("{name}({k}) needs at least {min} vertices"));
            }
            let g = match name {
                "cycle" => Graph::cycle(k),
                "path" => Graph::path(k),
                _ => Graph::complete(k),
            };
            Ok(Value::Graph(Arc::new(g)))
        }
        "dp" => {
            let w = chan(&a[0]);
            let adj = adjacency(w, a.get(1).map(|g| graph(g).as_ref()))?;
            n(ext(measure::dp_level(w, &adj).ratio))
        }
        "delta" => {
            let w = chan(&a[0]);
            let (g, t) = if a.len() == 3 {
                (Some(graph(&a[1]).as_ref()), &a[2])
            } else {
                (None, &a[1])
            };
            let adj = adjacency(w, g)?;
            let t = t_param(t)?;
            n(Num::Rat(measure::delta_at(w, &adj, &t).delta))
        }
        "dp_k" | "delta_k" => {
            let w = chan(&a[0]);
            let (g, rest) = match &a[1] {
                Value::Graph(g) => (Some(g.as_ref()), &a[2..]),
                _ => (None, &a[1..]),
            };
            let adj = adjacency(w, g)?;
            let k = count(
                &rest[0],
                "k (the number of uses)",
                crate::accounting::MAX_USES,
            )?;
            if k == 0 {
                return Err(format!(
                    "{name}: k = 0 uses compose nothing; k must be at least 1"
                ));
            }
            let seq = [(w.as_ref(), k)];
            let fail = |e: crate::accounting::ComposeError| format!("{name}: {e}");
            if name == "delta_k" {
                let t = t_param(&rest[1])?;
                return n(Num::Rat(
                    crate::accounting::query::delta_at_t(&seq, &adj, &t).map_err(fail)?,
                ));
            }
            let delta = match rest.get(1) {
                None => Rational::ZERO,
                Some(d) => {
                    let d = rational(d, "delta")?.clone();
                    if !(0u32..1u32).contains(&d) {
                        return Err(format!("{name}: delta must be in [0, 1), got {d}"));
                    }
                    d
                }
            };
            n(ext(crate::accounting::query::t_for_delta(
                &seq, &adj, &delta,
            )
            .map_err(fail)?))
        }
        "ident" => {
            let (p, w) = (dist(&a[0]), chan(&a[1]));
            same_len(p.len(), w.n_inputs(), "the prior and the channel's inputs")?;
            let adj = adjacency(w, a.get(2).map(|g| graph(g).as_ref()))?;
            n(ext(measure::identifiability_level(p, w, &adj).ratio))
        }
        "bayes_vuln" => n(Num::Rat(measure::bayes_vulnerability(dist(&a[0])))),
        "post_vuln" | "mult_leakage" | "min_leakage" | "mi" => {
            let (p, w) = (dist(&a[0]), chan(&a[1]));
            finite_checks(name, a).expect("a finite-valued builtin")?;
            match name {
                "post_vuln" => n(Num::Rat(measure::posterior_vulnerability(p, w))),
                "mult_leakage" => n(Num::Rat(measure::min_entropy_leakage(p, w))),
                "min_leakage" => n(Num::Rat(measure::min_entropy_leakage(p, w)).log2()?),
                _ => n(bits(measure::mutual_information(p, w))),
            }
        }
        "min_capacity" => n(Num::Rat(measure::min_capacity(chan(&a[0]))).log2()?),
        "entropy" => n(bits(measure::entropy(dist(&a[0]).probs()))),
        "capacity" => {
            let b = measure::capacity_bracket_exact(chan(&a[0]));
            let lo = LogVal {
                bits: b.lower,
                ..LogVal::default()
            };
            let hi = LogVal {
                bits: b.upper,
                ..LogVal::default()
            };
            if lo.bits == hi.bits {
                n(Num::Log(lo).normalised())
            } else {
                n(Num::Bracket(Box::new(lo), Box::new(hi)))
            }
        }
        "kl" | "tv" => {
            let (p, q) = (dist(&a[0]), dist(&a[1]));
            same_len(p.len(), q.len(), name)?;
            if name == "kl" {
                n(nats(measure::kl(p.probs(), q.probs())))
            } else {
                n(Num::Rat(measure::tv(p.probs(), q.probs())))
            }
        }
        "renyi" => {
            let order = match num(&a[0]) {
                Num::Inf => RenyiOrder::Inf,
                _ => match count(&a[0], "the Rényi order", 1_000)? {
                    0 => RenyiOrder::Zero,
                    1 => RenyiOrder::One,
                    k => RenyiOrder::Int(k),
                },
            };
            let (p, q) = (dist(&a[1]), dist(&a[2]));
            same_len(p.len(), q.len(), "renyi")?;
            n(nats(measure::renyi_divergence(order, p.probs(), q.probs())))
        }
        "distortion" => {
            let (p, w) = (dist(&a[0]), chan(&a[1]));
            same_len(p.len(), w.n_inputs(), "the prior and the channel's inputs")?;
            let (nn, m) = if a.len() == 4 {
                (
                    count(&a[2], "n", 64)? as usize,
                    count(&a[3], "m", MAX_VERTICES as u64)? as usize,
                )
            } else {
                (1, w.n_inputs())
            };
            measure::expected_hamming_distortion(p, w, nn, m)
                .map(|d| Value::Num(Num::Rat(d)))
                .ok_or_else(|| format!("distortion: the channel must be {m}^{nn} × {m}^{nn} (square, inputs = outputs = words)"))
        }
        "bayes_risk" => n(Num::Rat(measure::bayes_risk(dist(&a[0])))),
        "guessing_entropy" => n(Num::Rat(measure::guessing_entropy(dist(&a[0])))),
        "post_bayes_risk" | "post_guessing_entropy" => {
            let (p, w) = (dist(&a[0]), chan(&a[1]));
            same_len(p.len(), w.n_inputs(), "the prior and the channel's inputs")?;
            n(Num::Rat(if name == "post_bayes_risk" {
                measure::posterior_bayes_risk(p, w)
            } else {
                measure::posterior_guessing_entropy(p, w)
            }))
        }
        "refines" | "same_hyper" => recorded(name, a).map(|(v, _)| v),
        "kantorovich" | "metric_eps" => {
            let g = graph(&a[a.len() - 1]);
            let d = measure::Metric::of_graph(g).map_err(|e| format!("{name}: {e}"))?;
            if name == "metric_eps" {
                let w = chan(&a[0]);
                same_len(
                    w.n_inputs(),
                    g.n(),
                    "the channel's inputs and the graph's vertices",
                )?;
                return n(nats(measure::metric_privacy_level(w, &d).eps()));
            }
            let opts = crate::lp::Options::default();
            if let (Value::Chan(x), Value::Chan(y)) = (&a[0], &a[1]) {
                return crate::qif::kantorovich_channels(x, y, &d, &opts)
                    .map(|(k, _)| Value::Num(Num::Rat(k)))
                    .map_err(|e| format!("kantorovich: {e}"));
            }
            let (p, q) = (dist(&a[0]), dist(&a[1]));
            crate::qif::kantorovich(p, q, &d, &opts)
                .map(|k| Value::Num(Num::Rat(k.value)))
                .map_err(|e| format!("kantorovich: {e}"))
        }
        "expmech" => {
            let g = graph(&a[0]);
            let t = t_param(&a[1])?;
            crate::mechanism::exponential_on_graph(g, &t)
                .map(|w| Value::Chan(Arc::new(w)))
                .map_err(|e| e.to_string())
        }
        "geoind" => {
            let k = count(
                &a[0],
                "the grid size",
                crate::mechanism::spec::MAX_GRID as u64,
            )?;
            let t = t_param(&a[1])?;
            crate::mechanism::spec::parse(&format!("geoind:{k}:{t}"))
                .expect("a geoind spec")
                .map(|w| Value::Chan(Arc::new(w)))
                .map_err(|e| e.to_string())
        }
        "max_utility" => {
            let (p, g) = (dist(&a[0]), graph(&a[1]));
            same_len(p.len(), g.n(), "the prior and the graph's vertices")?;
            let t = t_param(&a[2])?;
            n(Num::Rat(max_utility(p, g, &t)?))
        }
        "diameter" => n(graph(&a[0])
            .diameter()
            .map_or(Num::Inf, |d| Num::int(d as i64))),
        "distance" => {
            let g = graph(&a[0]);
            let u = count(&a[1], "the vertex u", u64::MAX)? as usize;
            let v = count(&a[2], "the vertex v", u64::MAX)? as usize;
            if u >= g.n() || v >= g.n() {
                return Err(format!(
                    "distance({u}, {v}) on a graph with {} vertices",
                    g.n()
                ));
            }
            n(g.distances_from(u)[v].map_or(Num::Inf, |d| Num::int(d as i64)))
        }
        "vertices" => n(Num::int(graph(&a[0]).n() as i64)),
        "degree" => {
            let g = graph(&a[0]);
            let v = count(&a[1], "the vertex", u64::MAX)? as usize;
            if v >= g.n() {
                return Err(format!("vertex {v} of a graph on {} vertices", g.n()));
            }
            n(Num::int(g.degree(v) as i64))
        }
        "is_regular" => Ok(Value::Bool(Decision::from_bool(
            graph(&a[0]).regular_degree().is_some(),
        ))),
        "is_dr" => Ok(Value::Bool(Decision::from_bool(
            graph(&a[0]).is_distance_regular(),
        ))),
        "is_vt" => Ok(Value::Bool(Decision::from_bool(
            graph(&a[0]).is_vertex_transitive(),
        ))),
        "is_vt_plus" => Ok(Value::Bool(match graph(&a[0]).vt_plus(VT_PLUS_LIMIT) {
            VtPlus::Witness(_) => Decision::True,
            VtPlus::NoneExhaustive => Decision::False,
            VtPlus::Undecided { .. } => Decision::Unknown,
        })),
        "rows" => n(Num::int(chan(&a[0]).n_inputs() as i64)),
        "cols" => n(Num::int(chan(&a[0]).n_outputs() as i64)),
        "len" => n(Num::int(dist(&a[0]).len() as i64)),
        "channels" | "dists" => {
            let d = named
                .iter()
                .find(|(k, _)| k == "denom")
                .map(|(_, v)| count(v, "denom", 1 << 20))
                .transpose()?
                .unwrap_or(1);
            let dom = if name == "channels" {
                Domain::channels(
                    count(&a[0], "rows", 1 << 10)?,
                    count(&a[1], "columns", 1 << 10)?,
                    d,
                )?
            } else {
                Domain::dists(count(&a[0], "the number of points", 1 << 10)?, d)?
            };
            Ok(Value::Set(dom))
        }
        "graphs" | "connected_graphs" => {
            let k = count(&a[0], "the number of vertices", 6)? as usize;
            if k == 0 {
                return Err(format!("{name}(0): at least one vertex"));
            }
            let gs = if name == "graphs" {
                all_graphs(k)
            } else {
                all_connected_graphs(k)
            };
            Ok(Value::Set(Domain::Items(Arc::new(
                gs.into_iter().map(|g| Value::Graph(Arc::new(g))).collect(),
            ))))
        }
        _ => Err(format!(
            "`{name}` has no evaluator (a bug: it is in the table)"
        )),
    }
}

/// `max Σ_x π(x) W(x|x)` over e^ε-DP channels on `g` (see the table entry): the library's
/// channel LP with the prior on the diagonal, certificate re-checked by `solve_reduced`.
fn max_utility(p: &Dist, g: &Graph, t: &Rational) -> Result<Rational, String> {
    let k = g.n();
    let weights: Vec<Vec<Rational>> = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    if x == y {
                        p.p(x).clone()
                    } else {
                        Rational::ZERO
                    }
                })
                .collect()
        })
        .collect();
    let lp = crate::lp::ChannelLp {
        adjacency: (0..k).map(|v| g.neighbours(v).to_vec()).collect(),
        t: t.clone(),
        sense: crate::lp::Sense::Maximize,
        weights,
    };
    let sol = lp
        .solve_reduced(&[])
        .map_err(|e| format!("the utility LP: {e:?}"))?;
    sol.value
        .ok_or_else(|| format!("the utility LP: status {}", sol.status))
}
