//! AACP §2: channels and entropies. AACP-D3 (H^M_∞(A|B) is the posterior min-entropy under the
//! uniform prior), AACP-D4 and AACP-C3 (Rényi entropy and min-entropy), AACP-D5 (Smith's
//! conditional min-entropy, eq. (1)) and AACP-D6 (min-entropy leakage).

use super::shared::*;
use crate::measure::renyi_entropy_power_sum;
use crate::prob::joint_rows;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
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
    ]
}

/// AACP-D3: for the uniform prior on the n inputs, Smith's posterior form computed through Bayes
/// from the joint, the library's `posterior_vulnerability`, and `(1/n) Σ_b max_a M[a][b]` (the
/// §4 notation `H^M_∞(A|B) = −log2` of it) coincide; every generated matrix is accepted as a
/// row-stochastic `Channel`.
fn check_d3(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (_, m) in shape.build() {
        let n = m.len();
        let unif = vec![Rational::from_unsigneds(1u64, n as u64); n];
        let bayes = posterior_form(&joint_rows(&unif, &m));
        let direct = column_max_sum(&m) / Rational::from(n as u64);
        let lib = Channel::new(m.clone())
            .map(|c| posterior_vulnerability(&Dist::uniform(n), &c))
            .ok();
        let witness = || {
            format!(
                "M = {}: Bayes form {bayes}, (1/n) sum max {direct}, library {lib:?}",
                fmt_matrix(&m)
            )
        };
        match &lib {
            Some(l) => a.push_compare_all([(l, "=", &direct), (&bayes, "=", &direct)], witness),
            None => a.push_ok(false, witness),
        }
    }
    a.finish(
        "uniform prior: sum_b p(b) max_a p(a|b)  =  (1/n) sum_b max_a M[a][b]  =  library posterior vulnerability",
        Method::Exact,
    )
}

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

/// AACP-D4: consequences of the definition `H_α = (1/(1−α)) log2 Σ p^α` checked on the rational
/// arguments, integer α ≥ 2: `H_α(uniform_k) = log2 k` (`S_α = k^{1−α}`), `0 <= H_α <= log2 k`
/// (`k^{1−α} <= S_α <= 1`), and `H_α` non-increasing in α (`S_β^{α−1} >= S_α^{β−1}`, α < β).
fn check_d4(cell: &RenyiCell) -> Check {
    let k = Rational::from(cell.k as u64);
    let mut a = Agree::new();
    for p in simplex(cell.k, cell.den) {
        for alpha in 2..=cell.amax {
            let s = renyi_entropy_power_sum(&p, alpha);
            let floor = Rational::ONE / k.clone().pow(alpha - 1);
            a.push_compare_all([(&floor, "<=", &s), (&s, "<=", &Rational::ONE)], || {
                format!(
                    "p = {}: S_{alpha} = {s} outside [k^(1-alpha), 1]",
                    fmt_vec(&p)
                )
            });
            for beta in alpha + 1..=cell.amax {
                let sb = renyi_entropy_power_sum(&p, beta);
                let (lhs, rhs) = (sb.pow(alpha - 1), s.clone().pow(beta - 1));
                a.push_compare(&lhs, ">=", &rhs, || {
                    format!("p = {}: H_{alpha} < H_{beta}", fmt_vec(&p))
                });
            }
        }
    }
    let unif = vec![Rational::ONE / &k; cell.k];
    for alpha in 2..=cell.amax {
        a.push_compare(
            &renyi_entropy_power_sum(&unif, alpha),
            "=",
            &(Rational::ONE / k.clone().pow(alpha - 1)),
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
            let sa = renyi_entropy_power_sum(&p, alpha);
            let lo = pmax.clone().pow(alpha);
            sandwich.push_compare_all([(&lo, "<=", &sa), (&sa, "<=", &(&k * &lo))], || {
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
    // The sandwich decides too: its comparisons' records (issue 44 item 6).
    c.records.extend(sandwich_ok.records.iter().cloned());
    c.note = format!(
        "{}; sandwich (max p)^alpha <= S_alpha <= k (max p)^alpha: {} (hence |H_alpha - alpha/(alpha-1) H_inf| <= log2 k/(alpha-1) -> 0)",
        c.note, sandwich_ok.note
    );
    c
}

/// Smith's eq. (1), second form, from the joint: `Σ_y max_x p(y|x)·p(x)` with
/// `p(y|x) = p(x,y)/p(x)`; a row with `p(x) = 0` has an undefined `p(y|x)` and contributes
/// `p(y|x)·0 = 0` whatever it is.
fn likelihood_form(joint: &Rows) -> Rational {
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

/// AACP-D5: the two forms of eq. (1) on seeded random joints (zero rows and columns included).
fn check_d5(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, m) in shape.build() {
        let j = joint_rows(&prior, &m);
        let (f1, f2) = (posterior_form(&j), likelihood_form(&j));
        a.push_compare(&f1, "=", &f2, || {
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
        let by_def = posterior_form(&joint_rows(&prior, &m)) / v0(&prior);
        let chan = Channel::new(m.clone()).expect("row-stochastic");
        let lib = min_entropy_leakage(&Dist::new(prior.clone()).expect("prior"), &chan);
        a.push_compare(&by_def, "=", &lib, || {
            format!(
                "pi = {} M = {}: {by_def} vs {lib}",
                fmt_vec(&prior),
                fmt_matrix(&m)
            )
        });
        if shape.n <= 3 {
            let best = simplex(shape.n, 12)
                .iter()
                .map(|p| matrix_utility(p, &m) / v0(p))
                .max()
                .expect("priors");
            let cap = min_capacity(&chan);
            a.push_compare(&best, "=", &cap, || {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Naive reference for the two forms of eq. (1) on a hand-computed joint:
    /// p = [[1/4, 1/4], [1/2, 0]] gives p(y0) = 3/4 (max posterior 2/3), p(y1) = 1/4 (max 1):
    /// 3/4·2/3 + 1/4·1 = 3/4.
    #[test]
    fn smith_forms_literal() {
        let j = vec![vec![r(1, 4), r(1, 4)], vec![r(1, 2), r(0, 1)]];
        assert_eq!(posterior_form(&j), r(3, 4));
        assert_eq!(likelihood_form(&j), r(3, 4));
    }
}
