//! Shared objects of Wang–Ying–Zhang (seed `002_153cb4c1f2b34735.txt`), built from the
//! paper's definitions: the Hamming space 𝒟ⁿ, the Gibbs kernel `α^{d(x,y)}/Z`, priors, the
//! mechanisms ℰ_i (26) and ℰ_d (27), their DP / identifiability levels as exact ratios,
//! distortion (5) and mutual information (4) as an exact log-linear form.
//!
//! Convention: `α = e^{−ε}` (the Gibbs weight) is rational in (0, 1]; `E = 1/α = e^{ε}` is the
//! crate's `t` (see [`crate::papers::wang_ying_zhang`]). Levels are reported as the exact
//! ratio `e^{level}` (the library's `ExtRational`, `+∞` possible), i.e. in `E`, never in `α`.
//!
//! Tiny private helpers (enumeration of 𝒟ⁿ, Hamming distance) live here until the shared graph
//! layer provides them.

use crate::measure::{max_ratio_over_ordered_pairs, DpLevel};
use crate::num::{Poly, Rational};
use std::fmt;

/// `a/b` as an exact rational: the claim layer's shorthand, written `q` in this paper's
/// modules.
pub use crate::claim::instances::r as q;

/// An integer as a rational.
pub fn qi(a: i64) -> Rational {
    Rational::from(a)
}

/// `r^k` for a rational `r` (k ≥ 0).
pub fn pw(r: &Rational, k: usize) -> Rational {
    let mut out = Rational::from(1u32);
    for _ in 0..k {
        out *= r;
    }
    out
}

/// Binomial coefficient C(n, k).
pub fn binom(n: usize, k: usize) -> Rational {
    if k > n {
        return Rational::from(0u32);
    }
    let mut r = Rational::from(1u32);
    for i in 0..k {
        r = r * Rational::from((n - i) as u64) / Rational::from((i + 1) as u64);
    }
    r
}

/// The database space 𝒟ⁿ with 𝒟 = {0..m−1} (§2, l.55), points indexed by `Σ x_i m^i`.
#[derive(Clone, Debug)]
pub struct Space {
    pub n: usize,
    pub m: usize,
    /// N = mⁿ.
    pub size: usize,
    /// Coordinates of every point.
    pub pts: Vec<Vec<usize>>,
}

impl Space {
    pub fn new(n: usize, m: usize) -> Space {
        let size = m.pow(n as u32);
        let pts = (0..size)
            .map(|mut i| {
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(i % m);
                    i /= m;
                }
                v
            })
            .collect();
        Space { n, m, size, pts }
    }

    /// H(n, m) by its parameters only, without its mⁿ points: for the sphere sizes
    /// [`Space::n_l`] and what is built from them alone (the LP-L certificates, the sphere
    /// generating function), where listing the points would cost mⁿ for nothing. Point methods
    /// (`d`, `neighbours`, `ordered_pairs`) see no points.
    pub fn parameters_only(n: usize, m: usize) -> Space {
        Space {
            n,
            m,
            size: 0,
            pts: Vec::new(),
        }
    }

    /// Index of a coordinate vector.
    pub fn index(&self, v: &[usize]) -> usize {
        v.iter().rev().fold(0, |acc, &c| acc * self.m + c)
    }

    /// Hamming distance d(x, y): the number of rows in which x and y differ.
    pub fn d(&self, x: usize, y: usize) -> usize {
        self.pts[x]
            .iter()
            .zip(&self.pts[y])
            .filter(|(a, b)| a != b)
            .count()
    }

    /// The neighbours x' ~ x (d(x, x') = 1), with the row in which they differ.
    pub fn neighbours(&self, x: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for i in 0..self.n {
            for a in 0..self.m {
                if a != self.pts[x][i] {
                    let mut v = self.pts[x].clone();
                    v[i] = a;
                    out.push((self.index(&v), i));
                }
            }
        }
        out
    }

    /// Every ordered neighbour pair (x, x') with x ~ x'.
    pub fn ordered_pairs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for x in 0..self.size {
            for (y, _) in self.neighbours(x) {
                out.push((x, y));
            }
        }
        out
    }

    /// N_l = C(n,l)(m−1)^l, the paper's sphere size (l.282, l.385).
    pub fn n_l(&self, l: usize) -> Rational {
        binom(self.n, l) * pw(&qi(self.m as i64 - 1), l)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={} m={}", self.n, self.m)
    }
}

/// g = 1 + (m−1)α (the paper's g_ε, l.397).
pub fn row_normaliser(m: usize, alpha: &Rational) -> Rational {
    qi(1) + qi(m as i64 - 1) * alpha
}

/// Z = (1 + (m−1)e^{−ε})ⁿ.
pub fn gibbs_normaliser(n: usize, m: usize, alpha: &Rational) -> Rational {
    pw(&row_normaliser(m, alpha), n)
}

/// h(ε) = n / (1 + e^ε/(m−1)), eq (32), evaluated at e^ε = 1/α exactly as printed.
pub fn optimal_distortion(n: usize, m: usize, alpha: &Rational) -> Rational {
    let e = qi(1) / alpha;
    qi(n as i64) / (qi(1) + e / qi(m as i64 - 1))
}

/// α_D = e^{−h⁻¹(D)} from eq (17): h⁻¹(D) = ln(n/D − 1) + ln(m−1), so
/// α_D = 1/((n/D − 1)(m−1)) (0 < D < n).
pub fn alpha_of_d(n: usize, m: usize, d: &Rational) -> Rational {
    qi(1) / ((qi(n as i64) / d - qi(1)) * qi(m as i64 - 1))
}

/// A prior p_X on 𝒟ⁿ with a label that identifies it.
#[derive(Clone, Debug)]
pub struct Prior {
    pub label: String,
    pub p: Vec<Rational>,
}

impl Prior {
    pub fn is_uniform(&self) -> bool {
        self.p.iter().all(|v| *v == self.p[0])
    }
}

impl fmt::Display for Prior {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.p.len() <= 9 {
            let v: Vec<String> = self.p.iter().map(|x| x.to_string()).collect();
            write!(f, "{}({})", self.label, v.join(","))
        } else {
            f.write_str(&self.label)
        }
    }
}

fn normalise(w: Vec<Rational>) -> Vec<Rational> {
    let s: Rational = w.iter().sum();
    w.into_iter().map(|x| x / &s).collect()
}

/// The uniform prior.
pub fn uniform(sp: &Space) -> Prior {
    Prior {
        label: "uniform".into(),
        p: vec![q(1, sp.size as i64); sp.size],
    }
}

/// The product prior ⊗_i π_i (rows independent, row i distributed as `rows[i]`).
pub fn product(sp: &Space, label: &str, rows: &[Vec<Rational>]) -> Prior {
    let p = (0..sp.size)
        .map(|x| {
            let mut v = qi(1);
            for (i, &c) in sp.pts[x].iter().enumerate() {
                v *= &rows[i][c];
            }
            v
        })
        .collect();
    Prior {
        label: label.into(),
        p,
    }
}

/// i.i.d. rows with π ∝ (1, 2, …, m).
pub fn iid_linear(sp: &Space) -> Prior {
    let pi = normalise((1..=sp.m as i64).map(qi).collect());
    product(sp, "iid(1..m)", &vec![pi; sp.n])
}

/// The Gibbs vertex prior π_{α,y0}(x) = α^{d(x,y0)}/Z (§0.1 of the claims file).
pub fn gibbs_vertex(sp: &Space, alpha: &Rational, y0: usize) -> Prior {
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    Prior {
        label: format!("gibbs(alpha={alpha},y0={y0})"),
        p: (0..sp.size).map(|x| pw(alpha, sp.d(x, y0)) / &zz).collect(),
    }
}

/// A deterministic pseudo-random full-support prior with integer weights in 1..=k.
pub fn random_prior(sp: &Space, seed: u64, k: u64) -> Prior {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let w = (0..sp.size)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Rational::from(1 + (s >> 33) % k)
        })
        .collect();
    Prior {
        label: format!("random(seed={seed},k={k})"),
        p: normalise(w),
    }
}

/// Near-degenerate full-support prior with masses ∝ 2^{−index}.
pub fn geometric_prior(sp: &Space) -> Prior {
    let w = (0..sp.size).map(|i| qi(1) / pw(&qi(2), i)).collect();
    Prior {
        label: "geometric(2^-i)".into(),
        p: normalise(w),
    }
}

pub use crate::claim::instances::Lcg;

/// The full-support priors of the default grid for one space.
pub fn prior_grid(sp: &Space) -> Vec<Prior> {
    let mut v = vec![uniform(sp), iid_linear(sp)];
    if sp.n >= 2 {
        let a = normalise((1..=sp.m as i64).map(qi).collect());
        let b = normalise((1..=sp.m as i64).map(|i| qi(i * i)).collect());
        let mut rows = vec![a; sp.n];
        rows[0] = b;
        v.push(product(sp, "product(1..m;i^2)", &rows));
    }
    v.push(random_prior(sp, 1, 5));
    v.push(random_prior(sp, 2, 9));
    v.push(gibbs_vertex(sp, &q(1, 2), 0));
    v.push(geometric_prior(sp));
    v
}

/// The (n, m) spaces of the default grid for full mechanism / LP checks (m^n ≤ 9).
pub fn small_spaces() -> Vec<Space> {
    [(1, 2), (1, 3), (1, 4), (2, 2), (3, 2), (2, 3)]
        .iter()
        .map(|&(n, m)| Space::new(n, m))
        .collect()
}

/// The default α = e^{−ε} grid.
pub fn alpha_grid() -> Vec<Rational> {
    vec![q(1, 3), q(1, 2), q(2, 3)]
}

/// r_X = e^{ε_X} = max_{x~x'} p_X(x)/p_X(x') (eq (16)): the level of the prior read as a
/// one-column channel, `∞` when some p_X(x') = 0 < p_X(x); `pair` attains it.
pub fn r_x(sp: &Space, p: &[Rational]) -> DpLevel {
    let column: Vec<Vec<Rational>> = p.iter().map(|v| vec![v.clone()]).collect();
    max_ratio_over_ordered_pairs(&column, sp.ordered_pairs())
}

/// A mechanism p_{Y|X} is an N×N row-stochastic matrix `w[x][y]`, the library's rows.
pub(crate) use crate::prob::Rows;

/// ℰ_d (eq (27)): p(y|x) = α^{d(x,y)}/Z.
pub fn e_d(sp: &Space, alpha: &Rational) -> Rows {
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let alpha_pow: Vec<Rational> = (0..=sp.n).map(|k| pw(alpha, k) / &zz).collect();
    (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| alpha_pow[sp.d(x, y)].clone())
                .collect()
        })
        .collect()
}

/// Apply a per-row m×m kernel `diag·I + off·(J − I)` along every coordinate (tensor product).
fn tensor_apply(sp: &Space, v: &[Rational], diag: &Rational, off: &Rational) -> Vec<Rational> {
    let mut cur = v.to_vec();
    let mut stride = 1;
    for _ in 0..sp.n {
        let mut next = vec![qi(0); sp.size];
        for (x, nx) in next.iter_mut().enumerate() {
            let c = (x / stride) % sp.m;
            let base = x - c * stride;
            let mut s = qi(0);
            for a in 0..sp.m {
                let w = if a == c { diag } else { off };
                s += w * &cur[base + a * stride];
            }
            *nx = s;
        }
        cur = next;
        stride *= sp.m;
    }
    cur
}

/// p_Y^{(α)} = G_α⁻¹ p_X by the per-row inverse k_α⁻¹ = [(1+(m−1)α)I − αJ]/(1−α) (α ≠ 1).
/// Callers verify `G_α p_Y = p_X` with [`gibbs_forward`] before use.
pub fn gibbs_inverse(sp: &Space, alpha: &Rational, p: &[Rational]) -> Vec<Rational> {
    let one_m_alpha = qi(1) - alpha;
    let diag = (qi(1) + qi(sp.m as i64 - 2) * alpha) / &one_m_alpha;
    let off = -(alpha / &one_m_alpha);
    tensor_apply(sp, p, &diag, &off)
}

/// (G_α v)(x) = Σ_y α^{d(x,y)}/Z · v(y), computed directly from the Hamming distance.
pub fn gibbs_forward(sp: &Space, alpha: &Rational, v: &[Rational]) -> Vec<Rational> {
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let alpha_pow: Vec<Rational> = (0..=sp.n).map(|k| pw(alpha, k) / &zz).collect();
    (0..sp.size)
        .map(|x| (0..sp.size).map(|y| &alpha_pow[sp.d(x, y)] * &v[y]).sum())
        .collect()
}

/// The p_Y that makes the Gibbs posterior (41) consistent with p_X (D12), verified exactly:
/// `Some(p_Y)` when α < 1 and G_α p_Y = p_X (checked by the direct product); at α = 1 the
/// Gibbs posterior is uniform and is feasible iff p_X is uniform (then p_Y = p_X).
pub fn gibbs_p_y(sp: &Space, alpha: &Rational, p: &[Rational]) -> Option<Vec<Rational>> {
    if *alpha == 1u32 {
        return if p.iter().all(|v| *v == p[0]) {
            Some(p.to_vec())
        } else {
            None
        };
    }
    let py = gibbs_inverse(sp, alpha, p);
    let back = gibbs_forward(sp, alpha, &py);
    assert!(
        back == p,
        "G_alpha G_alpha^-1 p_X != p_X: kernel inverse wrong"
    );
    Some(py)
}

/// The Gibbs posterior is feasible at α (D12): p_Y^{(α)} exists and is ≥ 0.
pub fn gibbs_feasible(sp: &Space, alpha: &Rational, p: &[Rational]) -> bool {
    match gibbs_p_y(sp, alpha, p) {
        Some(py) => py.iter().all(|v| *v >= 0u32),
        None => false,
    }
}

/// ℰ_i (eq (26)): p(y|x) = p_Y(y) α^{d(x,y)} / (p_X(x) Z) with p_Y = G_α⁻¹ p_X.
/// `None` when p_X lacks full support or p_Y is not a pmf (ε < ε̃_X).
pub fn e_i(sp: &Space, alpha: &Rational, p: &[Rational]) -> Option<(Rows, Vec<Rational>)> {
    if p.iter().any(|v| *v <= 0u32) {
        return None;
    }
    let py = gibbs_p_y(sp, alpha, p)?;
    if py.iter().any(|v| *v < 0u32) {
        return None;
    }
    let zz = gibbs_normaliser(sp.n, sp.m, alpha);
    let w = (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| &py[y] * pw(alpha, sp.d(x, y)) / (&p[x] * &zz))
                .collect()
        })
        .collect();
    Some((w, py))
}

/// DP level (Def 3, eq (2)): `max_{x~x', y} W(y|x)/W(y|x')` over the ordered neighbour
/// pairs of 𝒟ⁿ in the paper's order ([`Space::ordered_pairs`]), 0/0 read as satisfying any
/// bound; the library's [`max_ratio_over_ordered_pairs`] (`ratio` = e^level, `+∞` possible).
pub fn dp_level(sp: &Space, w: &Rows) -> DpLevel {
    max_ratio_over_ordered_pairs(w, sp.ordered_pairs())
}

/// Identifiability level (Def 2, eq (1)) in the joint form q(x,y) = p_X(x)W(y|x):
/// max_{x~x', y} q(x,y)/q(x',y) — equal to the posterior ratio on every y with p_Y(y) > 0
/// (for p_Y(y) = 0 every q(·,y) = 0 and the pair is skipped).
pub fn ident_level(sp: &Space, p: &[Rational], w: &Rows) -> DpLevel {
    max_ratio_over_ordered_pairs(&crate::prob::joint_rows(p, w), sp.ordered_pairs())
}

/// Expected distortion E d(X,Y) = Σ p_X(x) W(y|x) d(x,y) (eq (5)).
pub fn distortion(sp: &Space, p: &[Rational], w: &Rows) -> Rational {
    crate::measure::expected_distortion_rows(p, w, |x, y| qi(sp.d(x, y) as i64))
}

/// A random row-stochastic rational N×K matrix with weights in 0..k (some zeros when `zeros`).
pub fn random_mech(rng: &mut Lcg, rows: usize, cols: usize, k: u64, zeros: bool) -> Rows {
    (0..rows)
        .map(|_| {
            let w: Vec<Rational> = (0..cols)
                .map(|_| {
                    let v = rng.below(k) + if zeros { 0 } else { 1 };
                    Rational::from(v)
                })
                .collect();
            let s: Rational = w.iter().sum();
            if s == 0u32 {
                let mut w = vec![qi(0); cols];
                w[0] = qi(1);
                w
            } else {
                w.into_iter().map(|v| v / &s).collect()
            }
        })
        .collect()
}

/// Σ_l N_l α^l as a polynomial in α.
pub fn sphere_gf(n: usize, m: usize) -> Poly {
    let sp_n = Space::parameters_only(n, m);
    Poly::new((0..=n).map(|l| sp_n.n_l(l)).collect())
}

/// (1 + (m−1)α)^k as a polynomial in α.
pub fn g_poly(m: usize, k: u64) -> Poly {
    Poly::new(vec![qi(1), qi(m as i64 - 1)]).pow(k)
}

/// Format an index of 𝒟ⁿ as its tuple, e.g. `(0,2)`.
pub fn show_pt(sp: &Space, x: usize) -> String {
    let v: Vec<String> = sp.pts[x].iter().map(|c| c.to_string()).collect();
    format!("({})", v.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure;
    use crate::prob::Dist;
    use crate::testutil::{channel, dist};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The paper's readings against the library's definitions on H(n, m): the levels over
        /// the paper's ordered pairs equal `measure`'s over the unordered Hamming pairs, and the
        /// distortion (5) with the paper's distance is the library's expected Hamming
        /// distortion (index convention included).
        #[test]
        fn readings_agree_with_the_library(
            (n, m, prior, w) in prop::sample::select(vec![(1usize, 2usize), (2, 2), (1, 3)])
                .prop_flat_map(|(n, m)| {
                    let size = m.pow(n as u32);
                    (Just(n), Just(m), dist(size, 4), channel(size, size, 4))
                }),
        ) {
            let sp = Space::new(n, m);
            let pairs: Vec<(usize, usize)> =
                sp.ordered_pairs().into_iter().filter(|(x, y)| x < y).collect();
            let rows = w.rows().to_vec();
            let prior_dist = Dist::new(prior.clone()).unwrap();
            prop_assert_eq!(dp_level(&sp, &rows).ratio, measure::dp_level(&w, &pairs).ratio);
            prop_assert_eq!(
                ident_level(&sp, &prior, &rows).ratio,
                measure::identifiability_level(&prior_dist, &w, &pairs).ratio
            );
            prop_assert_eq!(
                Some(distortion(&sp, &prior, &rows)),
                measure::expected_hamming_distortion(&prior_dist, &w, n, m)
            );
        }
    }

    #[test]
    fn h_and_t_d_are_inverse() {
        for (n, m) in [(1, 2), (2, 3), (3, 4)] {
            for d in [q(1, 5), q(1, 2)] {
                let alpha = alpha_of_d(n, m, &d);
                assert_eq!(optimal_distortion(n, m, &alpha), d);
            }
        }
    }

    #[test]
    fn gibbs_inverse_roundtrip() {
        let sp = Space::new(2, 3);
        let p = random_prior(&sp, 3, 7).p;
        let alpha = q(1, 3);
        let py = gibbs_inverse(&sp, &alpha, &p);
        assert_eq!(gibbs_forward(&sp, &alpha, &py), p);
    }

    #[test]
    fn dp_level_of_randomized_response_table() {
        // n=1, m=2: E_d at α is binary randomized response with ratio 1/α.
        let sp = Space::new(1, 2);
        for alpha in [q(1, 3), q(1, 2), q(9, 10)] {
            let lv = dp_level(&sp, &e_d(&sp, &alpha));
            assert_eq!(lv.ratio.finite().cloned(), Some(qi(1) / &alpha));
        }
    }
}
