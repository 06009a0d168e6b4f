//! AACP §2 (preliminaries): ε-DP on a finite output set (Def. 1, D2/C2), channels (D3), Rényi
//! and min-entropy (D4/C3), Smith's conditional min-entropy (D5, eq. (1)), leakage and capacity
//! (D6, F1), "H∞(X|Y) ≤ H∞(X) with equality iff independent" (F2), the one-try-attack reading
//! (F3), and binary-gain utility = posterior vulnerability (Prop. 3, P3).
//!
//! Every entropy is compared through the exact rational argument of `log2` (catalogue §0):
//! `H∞(X) = −log2 V₀(π)`, `H∞(X|Y) = −log2 V(π, M)`, `I∞ = log2(V(π, M)/V₀(π))`. No logarithm is
//! evaluated to decide anything.

use super::common::{dp_violation, fmt_matrix, fmt_vec, r, Lcg, Matrix};
use crate::claim::families::{channels, simplex};
use crate::claim::scan::{Agree, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::graph::Graph;
use crate::measure::{min_capacity, min_entropy_leakage, posterior_vulnerability};
use crate::measure::{min_capacity_of_rows, posterior_vulnerability_of_rows};
use crate::num::Rational;
use crate::prob::{Channel, Dist};
use malachite::base::num::arithmetic::traits::{Floor, Pow};
use malachite::base::num::basic::traits::{One, Zero};
use std::fmt;

// ---------------------------------------------------------------------------------------------
// shared instance generators

/// A seeded random probability vector of length `k` with numerators in `0..=den` (zeros allowed
/// when `zeros`), normalised.
fn random_dist(rng: &mut Lcg, k: usize, den: u64, zeros: bool) -> Vec<Rational> {
    loop {
        let w: Vec<u64> = (0..k)
            .map(|_| {
                if zeros {
                    rng.below(den + 1)
                } else {
                    1 + rng.below(den)
                }
            })
            .collect();
        let s: u64 = w.iter().sum();
        if s > 0 {
            return w.iter().map(|&a| Rational::from_unsigneds(a, s)).collect();
        }
    }
}

/// A seeded random `n × m` row-stochastic matrix (zeros allowed).
fn random_channel(rng: &mut Lcg, n: usize, m: usize, den: u64) -> Matrix {
    (0..n).map(|_| random_dist(rng, m, den, true)).collect()
}

/// A shape of random instances: `count` seeded random `(prior, channel)` pairs.
#[derive(Clone, Debug)]
pub struct Shape {
    pub n: usize,
    pub m: usize,
    pub count: usize,
    pub seed: u64,
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} seeded random {}x{} channels and priors (numerators 0..=6, zeros allowed; seed {})",
            self.count, self.n, self.m, self.seed
        )
    }
}

impl Shape {
    /// The instances: `(prior, channel)`; every third prior is the uniform one.
    fn build(&self) -> Vec<(Vec<Rational>, Matrix)> {
        let mut rng = Lcg(self.seed);
        (0..self.count)
            .map(|i| {
                let prior = if i % 3 == 0 {
                    vec![Rational::from_unsigneds(1u64, self.n as u64); self.n]
                } else {
                    random_dist(&mut rng, self.n, 6, true)
                };
                (prior, random_channel(&mut rng, self.n, self.m, 6))
            })
            .collect()
    }
}

fn shapes(count: usize) -> Vec<Shape> {
    [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5)]
        .into_iter()
        .enumerate()
        .map(|(i, (n, m))| Shape {
            n,
            m,
            count,
            seed: 1000 + i as u64,
        })
        .collect()
}

fn shapes_beyond(size: usize) -> Vec<Shape> {
    (0..4)
        .map(|i| Shape {
            n: size + 1,
            m: size + 1 + i,
            count: 40,
            seed: 7000 + 10 * size as u64 + i as u64,
        })
        .collect()
}

/// The joint `p(x, y) = π(x)·M[x][y]`.
fn joint(prior: &[Rational], m: &Matrix) -> Matrix {
    prior
        .iter()
        .zip(m)
        .map(|(p, row)| row.iter().map(|e| p * e).collect())
        .collect()
}

/// Smith's eq. (1), first form, from the joint: `Σ_y p(y)·max_x p(x|y)`, with the posterior
/// `p(x|y) = p(x,y)/p(y)` computed by Bayes; outputs with `p(y) = 0` contribute nothing.
fn posterior_form(joint: &Matrix) -> Rational {
    let cols = joint.first().map_or(0, Vec::len);
    let mut total = Rational::ZERO;
    for y in 0..cols {
        let py: Rational = joint.iter().map(|row| &row[y]).sum();
        if py == 0u32 {
            continue;
        }
        let best = joint
            .iter()
            .map(|row| &row[y] / &py)
            .max()
            .expect("non-empty");
        total += &py * best;
    }
    total
}

/// Smith's eq. (1), second form, from the joint: `Σ_y max_x p(y|x)·p(x)` with
/// `p(y|x) = p(x,y)/p(x)`; a row with `p(x) = 0` has an undefined `p(y|x)` and contributes
/// `p(y|x)·0 = 0` whatever it is.
fn likelihood_form(joint: &Matrix) -> Rational {
    let cols = joint.first().map_or(0, Vec::len);
    let px: Vec<Rational> = joint.iter().map(|row| row.iter().sum()).collect();
    (0..cols)
        .map(|y| {
            joint
                .iter()
                .zip(&px)
                .map(|(row, p)| {
                    if *p == 0u32 {
                        Rational::ZERO
                    } else {
                        (&row[y] / p) * p
                    }
                })
                .max()
                .expect("non-empty")
        })
        .sum()
}

fn v0(prior: &[Rational]) -> Rational {
    prior.iter().max().cloned().unwrap_or(Rational::ZERO)
}

fn combined() -> Method {
    Method::Combined(vec![Method::Enumeration, Method::Exact])
}

/// Two agreement scans reported as one check (fails if either fails).
fn both(a: Check, b: Check, compared: &str) -> Check {
    let outcome = Outcome::aggregate(&[a.outcome, b.outcome]);
    Check::new(
        compared,
        a.lhs.clone(),
        a.rhs.clone(),
        a.method.clone(),
        outcome,
    )
    .with_note(format!(
        "(1) {}: {} / {}; {} | (2) {}: {} / {}; {}",
        a.compared, a.lhs.exact, a.rhs.exact, a.note, b.compared, b.lhs.exact, b.rhs.exact, b.note
    ))
}

// ---------------------------------------------------------------------------------------------
// AACP-D2 and AACP-C2: ε-DP, set form / pointwise multiplicative form / pointwise quotient form

/// A DP test cell: all matrices with rows in Δ_cols^den on a graph, at one t.
#[derive(Clone, Debug)]
pub struct DpCell {
    pub graph: &'static str,
    pub cols: usize,
    pub den: u64,
    pub t: Rational,
}

impl fmt::Display for DpCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "all matrices on {} with rows in Delta_{}^{} (zeros included), t = {}",
            self.graph, self.cols, self.den, self.t
        )
    }
}

impl DpCell {
    fn graph(&self) -> Graph {
        match self.graph {
            "K2" => Graph::complete(2),
            "K3" => Graph::complete(3),
            "P3" => Graph::path(3),
            other => panic!("unknown DP cell graph {other}"),
        }
    }
}

fn dp_cells() -> Vec<DpCell> {
    let mut v = Vec::new();
    for t in [r(5, 4), r(2, 1), r(3, 1)] {
        v.push(DpCell {
            graph: "K2",
            cols: 2,
            den: 6,
            t: t.clone(),
        });
        v.push(DpCell {
            graph: "K2",
            cols: 3,
            den: 6,
            t: t.clone(),
        });
        v.push(DpCell {
            graph: "K2",
            cols: 4,
            den: 4,
            t,
        });
    }
    for g in ["P3", "K3"] {
        for t in [r(3, 2), r(2, 1)] {
            v.push(DpCell {
                graph: g,
                cols: 3,
                den: 3,
                t,
            });
        }
    }
    v
}

fn dp_cells_beyond(size: usize) -> Vec<DpCell> {
    vec![
        DpCell {
            graph: "K2",
            cols: 2 + size,
            den: 4,
            t: r(2, 1),
        },
        DpCell {
            graph: "P3",
            cols: 2 + size.min(2),
            den: 2 + size as u64,
            t: r(3, 2),
        },
    ]
}

/// Pointwise multiplicative form (catalogue §0): `M[i][z] <= t·M[h][z]` for every edge, both
/// orientations, every z.
fn dp_mult(m: &Matrix, g: &Graph, t: &Rational) -> bool {
    dp_violation(m, g, t).is_none()
}

/// The printed quotient form `1/t <= M[i][z]/M[h][z] <= t` for every edge and z; `None` when
/// some quotient on an edge is undefined (a zero denominator).
fn dp_quotient(m: &Matrix, g: &Graph, t: &Rational) -> Option<bool> {
    let inv = Rational::ONE / t;
    let mut ok = true;
    for (i, h) in g.edges() {
        for (a, b) in m[i].iter().zip(&m[h]) {
            if *b == 0u32 || *a == 0u32 {
                return None;
            }
            let q = a / b;
            ok &= inv <= q && q <= *t;
        }
    }
    Some(ok)
}

/// Definition 1's set form: `Pr[K(x) ∈ S] <= t·Pr[K(x') ∈ S]` for every ordered adjacent pair
/// and every `S ⊆ Z` (all `2^m` events, the empty and the full one included).
fn dp_sets(m: &Matrix, g: &Graph, t: &Rational) -> bool {
    let cols = m[0].len();
    for (a, b) in g.edges() {
        for (x, xp) in [(a, b), (b, a)] {
            for s in 0u32..1 << cols {
                let pr = |row: &Vec<Rational>| -> Rational {
                    (0..cols).filter(|z| s >> z & 1 == 1).map(|z| &row[z]).sum()
                };
                if pr(&m[x]) > t * pr(&m[xp]) {
                    return false;
                }
            }
        }
    }
    true
}

/// AACP-D2: the printed pointwise rewrite ("considering both quotients") and the multiplicative
/// pointwise form agree wherever the quotients are defined; the number of matrices on which the
/// quotient form is undefined (a zero entry on an edge) is reported.
fn check_d2(cell: &DpCell) -> Check {
    let g = cell.graph();
    let mut a = Agree::new();
    let (mut undefined, mut undefined_dp) = (0usize, 0usize);
    for m in channels(g.n(), cell.cols, cell.den) {
        let mult = dp_mult(&m, &g, &cell.t);
        match dp_quotient(&m, &g, &cell.t) {
            Some(q) => a.push(q, mult, || fmt_matrix(&m)),
            None => {
                undefined += 1;
                undefined_dp += usize::from(mult);
            }
        }
    }
    let mut c = a.finish(
        "quotient form 1/t <= M[i][z]/M[h][z] <= t  <=>  multiplicative form M[i][z] <= t M[h][z] (both orientations), where the quotients are defined",
        combined(),
    );
    c.note = format!(
        "{}; the quotient form is undefined on {undefined} matrices (a zero on an edge), of which {undefined_dp} are eps-DP in the multiplicative reading (zeros shared along every edge)",
        c.note
    );
    c
}

/// AACP-C2: for finite Z, the set form over all `2^m` events ⇔ the pointwise multiplicative
/// form, and ⇔ the quotient form where that is defined.
fn check_c2(cell: &DpCell) -> Check {
    let g = cell.graph();
    let mut a = Agree::new();
    let mut b = Agree::new();
    for m in channels(g.n(), cell.cols, cell.den) {
        let sets = dp_sets(&m, &g, &cell.t);
        a.push(sets, dp_mult(&m, &g, &cell.t), || fmt_matrix(&m));
        if let Some(q) = dp_quotient(&m, &g, &cell.t) {
            b.push(sets, q, || fmt_matrix(&m));
        }
    }
    both(
        a.finish("set form <=> pointwise multiplicative form", combined()),
        b.finish(
            "set form <=> pointwise quotient form (matrices without zeros on edges)",
            combined(),
        ),
        "forall x~x', S subset Z: Pr[K(x) in S] <= t Pr[K(x') in S]  <=>  pointwise (multiplicative; quotient where defined)",
    )
}

// ---------------------------------------------------------------------------------------------
// AACP-D3: channels; H^M_∞(A|B) is the posterior min-entropy under the uniform prior

/// AACP-D3: for the uniform prior on the n inputs, Smith's posterior form computed through Bayes
/// from the joint, the library's `posterior_vulnerability`, and `(1/n) Σ_b max_a M[a][b]` (the
/// §4 notation `H^M_∞(A|B) = −log2` of it) coincide; every generated matrix is accepted as a
/// row-stochastic `Channel`.
fn check_d3(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (_, m) in shape.build() {
        let n = m.len();
        let unif = vec![Rational::from_unsigneds(1u64, n as u64); n];
        let bayes = posterior_form(&joint(&unif, &m));
        let direct = min_capacity_of_rows(&m) / Rational::from(n as u64);
        let lib = Channel::new(m.clone())
            .map(|c| posterior_vulnerability(&Dist::uniform(n), &c))
            .ok();
        a.push_ok(lib.as_ref() == Some(&direct) && bayes == direct, || {
            format!(
                "M = {}: Bayes form {bayes}, (1/n) sum max {direct}, library {lib:?}",
                fmt_matrix(&m)
            )
        });
    }
    a.finish(
        "uniform prior: sum_b p(b) max_a p(a|b)  =  (1/n) sum_b max_a M[a][b]  =  library posterior vulnerability",
        Method::Exact,
    )
}

// ---------------------------------------------------------------------------------------------
// AACP-D4 and AACP-C3: Rényi entropy and min-entropy (integer orders; rational arguments)

/// A cell of distributions `Δ_k^N` and integer Rényi orders `2..=amax`.
#[derive(Clone, Debug)]
pub struct RenyiCell {
    pub k: usize,
    pub den: u64,
    pub amax: u64,
}

impl fmt::Display for RenyiCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "all p in Delta_{}^{} (zeros included), alpha = 2..{}",
            self.k, self.den, self.amax
        )
    }
}

fn renyi_cells() -> Vec<RenyiCell> {
    vec![
        RenyiCell {
            k: 2,
            den: 12,
            amax: 8,
        },
        RenyiCell {
            k: 3,
            den: 8,
            amax: 8,
        },
        RenyiCell {
            k: 4,
            den: 6,
            amax: 6,
        },
        RenyiCell {
            k: 5,
            den: 5,
            amax: 6,
        },
    ]
}

fn renyi_beyond(size: usize) -> Vec<RenyiCell> {
    vec![RenyiCell {
        k: 2 + size,
        den: 4 + size as u64,
        amax: 6 + size as u64,
    }]
}

/// `S_α(p) = Σ_x p(x)^α`, the argument of `log2` in `H_α = log2(S_α)/(1−α)`.
fn s_alpha(p: &[Rational], alpha: u64) -> Rational {
    p.iter().map(|x| x.clone().pow(alpha)).sum()
}

/// AACP-D4: consequences of the definition `H_α = (1/(1−α)) log2 Σ p^α` checked on the rational
/// arguments, integer α ≥ 2: `H_α(uniform_k) = log2 k` (`S_α = k^{1−α}`), `0 <= H_α <= log2 k`
/// (`k^{1−α} <= S_α <= 1`), and `H_α` non-increasing in α (`S_β^{α−1} >= S_α^{β−1}`, α < β).
fn check_d4(cell: &RenyiCell) -> Check {
    let k = Rational::from(cell.k as u64);
    let mut a = Agree::new();
    for p in simplex(cell.k, cell.den) {
        for alpha in 2..=cell.amax {
            let s = s_alpha(&p, alpha);
            let floor = Rational::ONE / k.clone().pow(alpha - 1);
            a.push_ok(floor <= s && s <= 1u32, || {
                format!(
                    "p = {}: S_{alpha} = {s} outside [k^(1-alpha), 1]",
                    fmt_vec(&p)
                )
            });
            for beta in alpha + 1..=cell.amax {
                let sb = s_alpha(&p, beta);
                a.push_ok(sb.clone().pow(alpha - 1) >= s.clone().pow(beta - 1), || {
                    format!("p = {}: H_{alpha} < H_{beta}", fmt_vec(&p))
                });
            }
        }
    }
    let unif = vec![Rational::ONE / &k; cell.k];
    for alpha in 2..=cell.amax {
        a.push_ok(
            s_alpha(&unif, alpha) == Rational::ONE / k.clone().pow(alpha - 1),
            || format!("uniform on {}: S_{alpha} != k^(1-alpha)", cell.k),
        );
    }
    a.finish(
        "H_alpha via S_alpha = sum p^alpha: H_alpha(uniform) = log2 k, 0 <= H_alpha <= log2 k, H_alpha non-increasing in alpha",
        combined(),
    )
}

/// AACP-C3: `H_α(X) >= H_∞(X)` for α > 1 (integer α: `S_α <= (max p)^{α−1}`) and the sandwich
/// `(max p)^α <= S_α <= k·(max p)^α`, which gives
/// `H_∞·α/(α−1) − log2 k/(α−1) <= H_α <= H_∞·α/(α−1)`, so `H_α → H_∞ = −log2 max p`.
fn check_c3(cell: &RenyiCell) -> Check {
    let k = Rational::from(cell.k as u64);
    let mut s = Scan::le();
    let mut sandwich = Agree::new();
    for p in simplex(cell.k, cell.den) {
        let pmax = v0(&p);
        for alpha in 2..=cell.amax {
            let sa = s_alpha(&p, alpha);
            let lo = pmax.clone().pow(alpha);
            sandwich.push_ok(lo <= sa && sa <= &k * &lo, || {
                format!("p = {} alpha = {alpha}", fmt_vec(&p))
            });
            s.push(sa, pmax.clone().pow(alpha - 1), || {
                format!("p = {}, alpha = {alpha}", fmt_vec(&p))
            });
        }
    }
    let sandwich_ok = sandwich.finish("", Method::Exact);
    let mut c = s.finish(
        "H_alpha >= H_inf as sum p^alpha <= (max p)^(alpha-1)",
        Method::Exact,
    );
    if sandwich_ok.outcome == Outcome::Fails {
        c.outcome = Outcome::Fails;
    }
    c.note = format!(
        "{}; sandwich (max p)^alpha <= S_alpha <= k (max p)^alpha: {} (hence |H_alpha - alpha/(alpha-1) H_inf| <= log2 k/(alpha-1) -> 0)",
        c.note, sandwich_ok.note
    );
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-D5, AACP-D6: conditional min-entropy, leakage

/// AACP-D5: the two forms of eq. (1) on seeded random joints (zero rows and columns included).
fn check_d5(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, m) in shape.build() {
        let j = joint(&prior, &m);
        let (f1, f2) = (posterior_form(&j), likelihood_form(&j));
        a.push_ok(f1 == f2, || {
            format!("joint {}: {f1} vs {f2}", fmt_matrix(&j))
        });
    }
    a.finish(
        "sum_y p(y) max_x p(x|y)  =  sum_y max_x p(y|x) p(x)  (arguments of -log2)",
        Method::Exact,
    )
}

/// AACP-D6: `I∞ = H∞(X) − H∞(X|Y)` has the exact argument `V(π,M)/V₀(π)` (from the posterior form
/// of eq. (1)), which equals the library's `min_entropy_leakage`; and the largest leakage ratio
/// over the priors of `Δ_n^12` (which contains the uniform prior for n <= 3) equals the library's `min_capacity` (the argument of `C∞`).
fn check_d6(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, m) in shape.build() {
        let by_def = posterior_form(&joint(&prior, &m)) / v0(&prior);
        let chan = Channel::new(m.clone()).expect("row-stochastic");
        let lib = min_entropy_leakage(&Dist::new(prior.clone()).expect("prior"), &chan);
        a.push_ok(by_def == lib, || {
            format!(
                "pi = {} M = {}: {by_def} vs {lib}",
                fmt_vec(&prior),
                fmt_matrix(&m)
            )
        });
        if shape.n <= 3 {
            let best = simplex(shape.n, 12)
                .iter()
                .map(|p| posterior_vulnerability_of_rows(p, &m) / v0(p))
                .max()
                .expect("priors");
            let cap = min_capacity(&chan);
            a.push_ok(best == cap, || {
                format!(
                    "M = {}: max over Delta_n^12 {best} vs min_capacity {cap}",
                    fmt_matrix(&m)
                )
            });
        }
    }
    a.finish(
        "2^I_inf = 2^(H_inf(X) - H_inf(X|Y)) = V(pi,M)/V0(pi) = library leakage; max over priors = library capacity argument",
        Method::Exact,
    )
}

// ---------------------------------------------------------------------------------------------
// AACP-F1: C∞ at the uniform prior; the printed formula

/// An exact certificate that `log2 s < s` for a rational `s > 0`: with `k = ⌊s⌋ >= 0`,
/// `2^s >= 2^k >= k + 1 > s` (the middle step checked in integers).
fn log2_below(s: &Rational) -> bool {
    let k = s.clone().floor();
    let Ok(k_u) = u64::try_from(&k) else {
        return false;
    };
    let k1 = Rational::from(k_u + 1);
    *s > 0u32 && Rational::from(2u32).pow(k_u) >= k1 && *s < k1
}

/// Priors for F1: `Δ_n^10` for n <= 3, else 200 seeded random priors and the uniform one.
fn f1_priors(n: usize) -> Vec<Vec<Rational>> {
    if n <= 3 {
        simplex(n, 10)
    } else {
        let mut rng = Lcg(42 + n as u64);
        let mut v: Vec<Vec<Rational>> = (0..200)
            .map(|_| random_dist(&mut rng, n, 10, true))
            .collect();
        v.push(vec![Rational::from_unsigneds(1u64, n as u64); n]);
        v
    }
}

/// The maximum of `V(π,M)/V₀(π)` over the F1 priors and the uniform prior, `Σ max`, whether the
/// uniform prior attains `Σ max`, and the number of priors.
fn f1_scan(m: &Matrix) -> (Rational, Rational, bool, usize) {
    let n = m.len();
    let s = min_capacity_of_rows(m);
    let unif = vec![Rational::from_unsigneds(1u64, n as u64); n];
    let priors = f1_priors(n);
    let at_unif = posterior_vulnerability_of_rows(&unif, m) / v0(&unif);
    let best = priors
        .iter()
        .map(|p| posterior_vulnerability_of_rows(p, m) / v0(p))
        .max()
        .expect("priors")
        .max(at_unif.clone());
    let attains = at_unif == s;
    (s, best, attains, priors.len())
}

/// AACP-F1 as printed: `C∞ = Σ_y max_x p(y|x)` with `C∞ = max_π I∞` in bits. The capacity is
/// `log2` of the largest leakage ratio; the tool finds that ratio equals `Σ max` (attained at the
/// uniform prior), so the printed identity reads `log2 s = s`, which is false for every
/// `s > 0` (certificate: `2^s >= 2^⌊s⌋ >= ⌊s⌋ + 1 > s`).
fn check_f1(shape: &Shape) -> Check {
    let mut first_bad: Option<(Rational, String)> = None;
    let mut ratio_ok = Agree::new();
    let mut count = 0;
    for (_, m) in shape.build() {
        let (s, best, unif_attains, np) = f1_scan(&m);
        ratio_ok.push_ok(best == s && unif_attains, || {
            format!(
                "M = {}: max ratio {best} vs sum max {s} over {np} priors",
                fmt_matrix(&m)
            )
        });
        count += 1;
        if first_bad.is_none() && log2_below(&s) {
            first_bad = Some((s, fmt_matrix(&m)));
        }
    }
    let ratio = ratio_ok.finish("", Method::Exact);
    match first_bad {
        Some((s, m)) => Check::new(
            "printed C_inf = sum_y max_x p(y|x)  vs  C_inf = max_pi I_inf = log2(max_pi V/V0) (bits)",
            Value::text(format!("log2({s})"), format!("log2 of {}", crate::claim::report::decimal(&s, 6))),
            Value::rational(&s),
            Method::Exact,
            Outcome::Fails,
        )
        .with_note(format!(
            "counterexample: M = {m}: max_pi V(pi,M)/V0(pi) = {s} (attained at uniform), so C_inf = log2({s}) < {s} (2^s >= 2^floor(s) >= floor(s)+1 > s); the printed expression is the argument of log2, not C_inf. Max over the prior grid = sum max, attained at the uniform prior: {}",
            if ratio.outcome == Outcome::Holds {
                format!("yes, for all {count} channels")
            } else {
                ratio.note.clone()
            }
        )),
        None => ratio,
    }
}

/// AACP-F1-corrected: `C∞ = log2 Σ_y max_x p(y|x)`, attained at the uniform prior: on every
/// prior of the grid `V(π,M)/V₀(π) <= Σ max`, and the uniform prior gives equality.
fn check_f1_corrected(shape: &Shape) -> Check {
    let mut s = Scan::le();
    let mut unif = Agree::new();
    for (_, m) in shape.build() {
        let total = min_capacity_of_rows(&m);
        let n = m.len();
        for p in f1_priors(n) {
            s.push(
                posterior_vulnerability_of_rows(&p, &m) / v0(&p),
                total.clone(),
                || format!("M = {}, pi = {}", fmt_matrix(&m), fmt_vec(&p)),
            );
        }
        let u = vec![Rational::from_unsigneds(1u64, n as u64); n];
        unif.push_ok(
            posterior_vulnerability_of_rows(&u, &m) / v0(&u) == total,
            || {
                format!(
                    "uniform prior does not attain sum max on {}",
                    fmt_matrix(&m)
                )
            },
        );
    }
    let u = unif.finish("", Method::Exact);
    let mut c = s.finish(
        "2^I_inf = V(pi,M)/V0(pi) over the prior grid  vs  sum_y max_x M[x][y] = 2^C_inf",
        combined(),
    );
    if u.outcome == Outcome::Fails {
        c.outcome = Outcome::Fails;
    }
    c.note = format!("{}; uniform prior attains sum max: {}", c.note, u.note);
    c
}

// ---------------------------------------------------------------------------------------------
// AACP-F2: H∞(X|Y) <= H∞(X) with equality iff independent

/// A grid cell of F2: channels with rows in Δ_m^den, priors with denominators up to `pden`
/// (or only the uniform prior).
#[derive(Clone, Debug)]
pub struct F2Cell {
    pub n: usize,
    pub m: usize,
    pub den: u64,
    pub pden: u64,
    pub uniform_only: bool,
}

impl fmt::Display for F2Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pri = if self.uniform_only {
            "uniform prior".to_string()
        } else {
            // padded so that labels of one shape have one length (failures sort by label)
            format!("priors with den <= {:>2}", self.pden)
        };
        write!(
            f,
            "{}x{} channels, rows in Delta_{}^{}; {pri}",
            self.n, self.m, self.m, self.den
        )
    }
}

fn f2_cells() -> Vec<F2Cell> {
    let c = |n, m, den, pden, uniform_only| F2Cell {
        n,
        m,
        den,
        pden,
        uniform_only,
    };
    vec![
        c(2, 2, 5, 10, true),
        c(2, 2, 5, 10, false),
        c(2, 3, 3, 6, true),
        c(2, 3, 3, 6, false),
        c(3, 3, 2, 4, true),
        c(3, 3, 2, 4, false),
    ]
}

fn f2_beyond(size: usize) -> Vec<F2Cell> {
    vec![F2Cell {
        n: 2,
        m: 2 + size,
        den: 3,
        pden: 4 + size as u64,
        uniform_only: false,
    }]
}

impl F2Cell {
    /// Priors in increasing order of their least common denominator (each once).
    fn priors(&self) -> Vec<Vec<Rational>> {
        if self.uniform_only {
            return vec![vec![Rational::from_unsigneds(1u64, self.n as u64); self.n]];
        }
        let mut out: Vec<Vec<Rational>> = Vec::new();
        for d in 1..=self.pden {
            for p in simplex(self.n, d) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out
    }
}

/// X and Y independent under the joint `π(x) M[x][y]`: `p(x,y) = p(x) p(y)` everywhere.
fn independent(prior: &[Rational], m: &Matrix) -> bool {
    let cols = m[0].len();
    let py: Vec<Rational> = (0..cols)
        .map(|y| prior.iter().zip(m).map(|(p, row)| p * &row[y]).sum())
        .collect();
    prior
        .iter()
        .zip(m)
        .all(|(p, row)| (0..cols).all(|y| p * &row[y] == p * &py[y]))
}

/// Some `x* ∈ argmax π` is an optimal guess for every output: `π(x*)M[x*][y] = max_x π(x)M[x][y]`.
fn one_guess_optimal(prior: &[Rational], m: &Matrix) -> bool {
    let top = v0(prior);
    (0..prior.len()).filter(|&x| prior[x] == top).any(|x| {
        (0..m[0].len()).all(|y| {
            let best = prior
                .iter()
                .zip(m)
                .map(|(p, row)| p * &row[y])
                .max()
                .expect("rows");
            &prior[x] * &m[x][y] == best
        })
    })
}

/// AACP-F2: `V(π,M) >= V₀(π)` (i.e. `H∞(X|Y) <= H∞(X)`, `I∞ >= 0`) on every instance, and both
/// directions of "equality iff X and Y independent", each reported.
fn check_f2(cell: &F2Cell) -> Check {
    let mut ineq = Scan::le();
    let (mut eq_dep, mut indep_neq, mut total) = (Vec::new(), Vec::new(), 0usize);
    for p in cell.priors() {
        for m in channels(cell.n, cell.m, cell.den) {
            total += 1;
            let (v, v_0) = (posterior_vulnerability_of_rows(&p, &m), v0(&p));
            ineq.push(v_0.clone(), v.clone(), || {
                format!("pi = {} M = {}", fmt_vec(&p), fmt_matrix(&m))
            });
            let eq = v == v_0;
            let ind = independent(&p, &m);
            if eq && !ind {
                eq_dep.push(format!(
                    "pi = {}, M = {}: V(pi,M) = V0(pi) = {v} (I_inf = 0) but X, Y dependent",
                    fmt_vec(&p),
                    fmt_matrix(&m)
                ));
            }
            if ind && !eq {
                indep_neq.push(format!("pi = {}, M = {}", fmt_vec(&p), fmt_matrix(&m)));
            }
        }
    }
    let ineq_ok = ineq.ok();
    let ineq_c = ineq.finish("V0(pi) <= V(pi,M)", Method::Exact);
    let ok = ineq_ok && eq_dep.is_empty() && indep_neq.is_empty();
    let compared = "H_inf(X|Y) <= H_inf(X) (V0 <= V), and V = V0 iff X, Y independent";
    let counts = Value::text(
        format!(
            "{} instances with I_inf = 0 and X, Y dependent; {} independent with I_inf > 0",
            eq_dep.len(),
            indep_neq.len()
        ),
        "",
    );
    let c = Check::new(
        compared,
        counts,
        Value::text(format!("{total} instances"), ""),
        combined(),
        if ok { Outcome::Holds } else { Outcome::Fails },
    );
    let mut note = format!("inequality: {}", ineq_c.note);
    if let Some(w) = eq_dep.first() {
        note = format!("counterexample to 'only if': {w}; {note}");
    }
    if let Some(w) = indep_neq.first() {
        note = format!("counterexample to 'if': {w}; {note}");
    }
    if ok {
        note = format!("both directions hold on all {total} instances; {note}");
    }
    c.with_note(note)
}

/// AACP-F2-corrected: `H∞(X|Y) = H∞(X)` iff some `x* ∈ argmax π` is an optimal guess for every
/// output (Smith's one-try attack gains nothing from Y); independence implies equality.
fn check_f2_corrected(cell: &F2Cell) -> Check {
    let mut a = Agree::new();
    let mut indep_implies = Agree::new();
    for p in cell.priors() {
        for m in channels(cell.n, cell.m, cell.den) {
            let eq = posterior_vulnerability_of_rows(&p, &m) == v0(&p);
            a.push(eq, one_guess_optimal(&p, &m), || {
                format!("pi = {} M = {}", fmt_vec(&p), fmt_matrix(&m))
            });
            if independent(&p, &m) {
                indep_implies.push_ok(eq, || {
                    format!("pi = {} M = {}", fmt_vec(&p), fmt_matrix(&m))
                });
            }
        }
    }
    both(
        a.finish(
            "V(pi,M) = V0(pi)  <=>  some x* in argmax pi is an optimal guess for every y",
            combined(),
        ),
        indep_implies.finish("X, Y independent => V(pi,M) = V0(pi)", combined()),
        "I_inf = 0  <=>  one prior-optimal guess is optimal for every output; independence => I_inf = 0",
    )
}

// ---------------------------------------------------------------------------------------------
// AACP-F3 and AACP-P3: guessing strategies

/// All functions `0..outs → 0..ins` as vectors.
fn all_functions(outs: usize, ins: usize) -> Vec<Vec<usize>> {
    let total = ins.pow(outs as u32);
    (0..total)
        .map(|mut code| {
            (0..outs)
                .map(|_| {
                    let d = code % ins;
                    code /= ins;
                    d
                })
                .collect()
        })
        .collect()
}

/// AACP-F3: one-try attacks. The best constant guess succeeds with `max_x p(x)` (= 2^{-H∞(X)});
/// the best guessing strategy `g: Y → X` (all `|X|^|Y|` enumerated) succeeds with
/// `Σ_y max_x p(x,y)` (= 2^{-H∞(X|Y)}); reading of the ratio: `I∞ = log2(posterior success /
/// prior success) >= 0`.
fn check_f3(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, m) in shape.build() {
        let j = joint(&prior, &m);
        let (n, k) = (m.len(), m[0].len());
        let succ = |g: &[usize]| -> Rational { (0..k).map(|y| &j[g[y]][y]).sum() };
        let best = all_functions(k, n)
            .iter()
            .map(|g| succ(g))
            .max()
            .expect("g");
        let best_const = (0..n).map(|x| succ(&vec![x; k])).max().expect("x");
        let post = j_col_max_sum(&j);
        a.push_ok(
            best == post && best_const == v0(&prior) && best >= best_const,
            || {
                format!(
                    "pi = {} M = {}: best g {best}, sum max p(x,y) {post}, best constant {best_const}",
                    fmt_vec(&prior),
                    fmt_matrix(&m)
                )
            },
        );
    }
    a.finish(
        "max_g sum_y p(g(y),y) = sum_y max_x p(x,y); best constant guess = max_x p(x); posterior/prior success >= 1",
        combined(),
    )
}

fn j_col_max_sum(j: &Matrix) -> Rational {
    min_capacity_of_rows(j)
}

/// AACP-P3 (Prop. 3): with binary gain and an optimal guess, `𝒰(Y,Z) = Σ_{y,z} p(y,z)·gain(guess(z), y)`
/// maximised over all `|Y|^|Z|` guess functions equals `Σ_z max_y p(z|y) p(y)` and Smith's
/// posterior form `Σ_z p(z) max_y p(y|z)` (= 2^{-H∞(Y|Z)}).
fn check_p3(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, h) in shape.build() {
        let (ny, nz) = (h.len(), h[0].len());
        let utility = |guess: &[usize]| -> Rational {
            let mut u = Rational::ZERO;
            for (y, row) in h.iter().enumerate() {
                for (z, e) in row.iter().enumerate() {
                    if guess[z] == y {
                        u += &prior[y] * e;
                    }
                }
            }
            u
        };
        let best = all_functions(nz, ny)
            .iter()
            .map(|g| utility(g))
            .max()
            .expect("g");
        let formula = posterior_vulnerability_of_rows(&prior, &h);
        let smith = posterior_form(&joint(&prior, &h));
        a.push_ok(best == formula && formula == smith, || {
            format!(
                "pi = {} H = {}: max U {best}, sum_z max_y {formula}, posterior form {smith}",
                fmt_vec(&prior),
                fmt_matrix(&h)
            )
        });
    }
    a.finish(
        "max over guess of U(Y,Z) (binary gain)  =  sum_z max_y p(z|y)p(y)  =  sum_z p(z) max_y p(y|z)",
        combined(),
    )
}

/// The claim checkers of this module.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-D2",
            grid: dp_cells,
            beyond: Some(dp_cells_beyond),
            check: check_d2,
        }
        .boxed(),
        Family {
            id: "AACP-C2",
            grid: dp_cells,
            beyond: Some(dp_cells_beyond),
            check: check_c2,
        }
        .boxed(),
        Family {
            id: "AACP-D3",
            grid: || shapes(60),
            beyond: Some(shapes_beyond),
            check: check_d3,
        }
        .boxed(),
        Family {
            id: "AACP-D4",
            grid: renyi_cells,
            beyond: Some(renyi_beyond),
            check: check_d4,
        }
        .boxed(),
        Family {
            id: "AACP-C3",
            grid: renyi_cells,
            beyond: Some(renyi_beyond),
            check: check_c3,
        }
        .boxed(),
        Family {
            id: "AACP-D5",
            grid: || shapes(100),
            beyond: Some(shapes_beyond),
            check: check_d5,
        }
        .boxed(),
        Family {
            id: "AACP-D6",
            grid: || shapes(30),
            beyond: Some(shapes_beyond),
            check: check_d6,
        }
        .boxed(),
        Family {
            id: "AACP-F1",
            grid: || shapes(20),
            beyond: Some(shapes_beyond),
            check: check_f1,
        }
        .boxed(),
        Family {
            id: "AACP-F1-corrected",
            grid: || shapes(20),
            beyond: Some(shapes_beyond),
            check: check_f1_corrected,
        }
        .boxed(),
        Family {
            id: "AACP-F2",
            grid: f2_cells,
            beyond: Some(f2_beyond),
            check: check_f2,
        }
        .boxed(),
        Family {
            id: "AACP-F2-corrected",
            grid: f2_cells,
            beyond: Some(f2_beyond),
            check: check_f2_corrected,
        }
        .boxed(),
        Family {
            id: "AACP-F3",
            grid: || shapes(30),
            beyond: Some(shapes_beyond),
            check: check_f3,
        }
        .boxed(),
        Family {
            id: "AACP-P3",
            grid: || shapes(30),
            beyond: Some(shapes_beyond),
            check: check_p3,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table: (s, log2 s < s certified). Every positive rational qualifies.
    #[test]
    fn log2_below_table() {
        for s in [r(1, 1), r(2, 1), r(3, 2), r(1, 3), r(7, 1), r(33, 2)] {
            assert!(log2_below(&s), "{s}");
        }
    }

    /// Naive reference for the two forms of eq. (1) on a hand-computed joint:
    /// p = [[1/4, 1/4], [1/2, 0]] gives p(y0) = 3/4 (max posterior 2/3), p(y1) = 1/4 (max 1):
    /// 3/4·2/3 + 1/4·1 = 3/4.
    #[test]
    fn smith_forms_literal() {
        let j = vec![vec![r(1, 4), r(1, 4)], vec![r(1, 2), r(0, 1)]];
        assert_eq!(posterior_form(&j), r(3, 4));
        assert_eq!(likelihood_form(&j), r(3, 4));
    }

    /// The F2 counterexample shape: with a skewed prior one guess is optimal everywhere although
    /// the rows differ, so I_inf = 0 while X and Y are dependent.
    #[test]
    fn zero_leakage_without_independence() {
        let p = vec![r(3, 4), r(1, 4)];
        let m = vec![vec![r(1, 2), r(1, 2)], vec![r(1, 1), r(0, 1)]];
        assert_eq!(posterior_vulnerability_of_rows(&p, &m), v0(&p));
        assert!(!independent(&p, &m));
        assert!(one_guess_optimal(&p, &m));
    }
}
