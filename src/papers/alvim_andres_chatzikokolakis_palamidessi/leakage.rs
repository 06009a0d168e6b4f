//! AACP §5: min-entropy leakage of ε-DP mechanisms on databases (the Hamming graph H(u, v)):
//! the binomial evaluation before Thm 5.1, Theorem 5.1 and its tightness (Introduction, Q1),
//! Proposition 2 (individual leakage), its tightness and the remark after it; and the
//! related-work claim RW2 (the bound is optimal).
//!
//! Leakage is compared through exact rational arguments of `log2`: with the uniform prior,
//! `I_∞(X;Z) = log2 Σ_z max_x M[x][z]`, and `Σ_z max_x M[x][z] = n·V(M)`.

use super::common::{
    distance_sum, dp_violation, identity_record, master_lp, r, t_grid, tight_matrix, undecided,
    uniform, Rows,
};
use crate::claim::scan::{Agree, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::graph::Graph;
use crate::measure::column_max_sum;
use crate::num::{Poly, RatFn, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::One;
use std::fmt;

/// A Hamming graph H(u, v) and `t = e^ε`.
#[derive(Clone, Debug)]
pub struct HammingT {
    pub u: usize,
    pub v: usize,
    pub t: Rational,
}

impl fmt::Display for HammingT {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "H(u={},v={}) t={}", self.u, self.v, self.t)
    }
}

/// The catalogue's T5.1 instances: (u, v) in {(1..4, 2), (1..2, 3), (3, 3), (1..2, 4), (1, 5..8)}
/// at every t of the grid (t = 2 only for H(3,3)).
fn t51_cells() -> Vec<HammingT> {
    let mut uv: Vec<(usize, usize)> = (1..=4).map(|u| (u, 2)).collect();
    uv.extend([(1, 3), (2, 3), (3, 3), (1, 4), (2, 4)]);
    uv.extend((5..=8).map(|v| (1, v)));
    uv.into_iter()
        .flat_map(|(u, v)| {
            let ts = if u == 3 && v == 3 {
                vec![r(2, 1)]
            } else {
                t_grid()
            };
            ts.into_iter().map(move |t| HammingT { u, v, t })
        })
        .collect()
}

/// `dpcert search` beyond the grid, size `k`: H(4+k, 2), H(3+k, 3), H(2+k, 4), H(1, 8+k) at
/// every t of the grid.
fn t51_beyond(k: usize) -> Vec<HammingT> {
    [(4 + k, 2), (3 + k, 3), (2 + k, 4), (1, 8 + k)]
        .into_iter()
        .flat_map(|(u, v)| t_grid().into_iter().map(move |t| HammingT { u, v, t }))
        .collect()
}

/// `(t/(t + v − 1))^u`: Theorem 5.1's bound on `V` (uniform prior), i.e. the bound
/// `u·log2(v t/(v − 1 + t))` on `I_∞` divided by `v^u` inside the log.
fn t51_bound(c: &HammingT) -> Rational {
    let q = &c.t / (&c.t + Rational::from(c.v as u64 - 1));
    q.pow(c.u as u64)
}

/// AACP-T5.1: the certified master-LP optimum over ε-DP channels on H(u, v) (uniform prior)
/// against `(t/(t+v−1))^u`; equivalently `Σ_z max_x M[x][z] <= (v t/(v−1+t))^u`.
fn check_t51(c: &HammingT) -> Check {
    let g = Graph::hamming(c.u, c.v);
    let n = g.n();
    let lp = match master_lp(&g, &c.t, &uniform(n), true) {
        Ok(lp) => lp,
        Err(e) => return undecided("Thm 5.1", Method::LpCertificate, e),
    };
    let bound = t51_bound(c);
    let mut chk = Check::rationals(
        "max V over eps-DP channels on H(u,v) (uniform prior)  <=  (t/(t+v-1))^u",
        &lp.value,
        "<=",
        &bound,
    );
    chk.method = Method::Combined(vec![Method::LpCertificate, Method::Exact]);
    let eq = if lp.value == bound {
        "attained"
    } else {
        "strict"
    };
    lp.attach(chk).with_note(format!("{eq}; {}", lp.note))
}

/// RW2: the T5.1 bound is optimal (Barthe–Köpf's f(u, ε), read as Theorem 5.1's bound with
/// v = 2): the certified LP optimum *equals* the bound.
fn check_rw2(c: &HammingT) -> Check {
    let g = Graph::hamming(c.u, c.v);
    match master_lp(&g, &c.t, &uniform(g.n()), true) {
        Ok(lp) => {
            let mut chk = Check::rationals(
                "max V over eps-DP channels on H(u,2)  =  (t/(t+1))^u (the bound is optimal)",
                &lp.value,
                "=",
                &t51_bound(c),
            );
            chk.method = Method::Combined(vec![Method::LpCertificate, Method::Exact]);
            lp.attach(chk).with_note(lp.note)
        }
        Err(e) => undecided("RW2", Method::LpCertificate, e),
    }
}

/// v-ary randomized response from the mechanism library (`mechanism::randomized_response`,
/// `t = e^ε`): `R[a][a] = t/(t+v−1)`, `R[a][b] = 1/(t+v−1)` — built independently of
/// the `t^{-d}` matrix it is compared with.
fn randomized_response(v: usize, t: &Rational) -> Rows {
    crate::mechanism::randomized_response(v, t)
        .expect("v >= 1 and t >= 1")
        .rows()
        .to_vec()
}

/// The u-fold Kronecker power of `R` on `V^u` (vertex order of [`Graph::hamming`]):
/// `M[x][z] = Π_k R[x_k][z_k]`.
fn kron_power(g: &Graph, rr: &Rows) -> Rows {
    let labels: Vec<Vec<usize>> = (0..g.n()).map(|x| g.hamming_label(x)).collect();
    labels
        .iter()
        .map(|x| {
            labels
                .iter()
                .map(|z| x.iter().zip(z).map(|(a, b)| &rr[*a][*b]).product())
                .collect()
        })
        .collect()
}

/// AACP-T5.1t: `M[x][z] = c·t^{-d_H(x,z)}` with `c = (t/(t+v−1))^u` is a channel, ε-DP on
/// H(u, v), attains `Σ_z max_x = (v t/(t+v−1))^u`, and equals `⊗^u` randomized response.
fn check_t51t(c: &HammingT) -> Check {
    let g = Graph::hamming(c.u, c.v);
    let n = g.n();
    let cc = t51_bound(c);
    let m = tight_matrix(&g, &c.t, &vec![cc.clone(); n]);
    let stoch = m.iter().all(|row| row.iter().sum::<Rational>() == 1u32);
    let dp = dp_violation(&m, &g, &c.t);
    let kron = kron_power(&g, &randomized_response(c.v, &c.t)) == m;
    if !stoch || dp.is_some() || !kron {
        return Check::new(
            "c t^(-d_H) with c = (t/(t+v-1))^u: channel, eps-DP, = kron power of RR",
            Value::text(
                format!("rows sum to 1: {stoch}, DP violation: {dp:?}, kron: {kron}"),
                "",
            ),
            Value::text("all true", ""),
            Method::Exact,
            Outcome::Fails,
        );
    }
    let want = (Rational::from(c.v as u64) * &c.t / (&c.t + Rational::from(c.v as u64 - 1)))
        .pow(c.u as u64);
    Check::rationals(
        "sum_z max_x M[x][z] of c t^(-d_H)  =  (v t/(t+v-1))^u",
        &column_max_sum(&m),
        "=",
        &want,
    )
    .with_note("rows sum to 1, eps-DP on every edge, and M equals the u-fold Kronecker power of v-ary randomized response")
}

/// AACP-E4b: the polynomial `Σ_d n_d t^{u−d}` with `n_d` counted by
/// BFS on H(u, v) equals `(t + v − 1)^u` identically (so `Σ_d n_d t^{-d} = ((t+v−1)/t)^u` for
/// every t > 0), and at each grid t the rational forms agree.
fn check_e4b(uv: &UV) -> Check {
    let (u, v) = (uv.0, uv.1);
    let g = Graph::hamming(u, v);
    let prof = g.distance_profile(0);
    let lhs = prof.iter().enumerate().fold(Poly::zero(), |acc, (d, nd)| {
        &acc + &Poly::monomial(Rational::from(*nd as u64), u - d)
    });
    let rhs = Poly::from_ints(&[v as i64 - 1, 1]).pow(u as u64);
    let mut a = Agree::new();
    // The identity's `sturm` record: both sides as trees, their difference zero.
    let term = |d: usize, nd: usize| {
        serde_json::json!(["*", nd.to_string(), ["^", ["t"], (u - d).to_string()]])
    };
    let lhs_tree = prof
        .iter()
        .enumerate()
        .map(|(d, nd)| term(d, *nd))
        .reduce(|acc, x| serde_json::json!(["+", acc, x]))
        .unwrap_or(serde_json::json!("0"));
    let rhs_tree = serde_json::json!(["^", ["+", ["t"], (v - 1).to_string()], u.to_string()]);
    let diff = RatFn::from_poly(&lhs - &rhs);
    let record = identity_record(&format!("H({u},{v}) profile"), lhs_tree, rhs_tree, &diff);
    a.push_records(lhs == rhs, record, || {
        format!("sum_d n_d t^(u-d) = {lhs} but (t+v-1)^u = {rhs}")
    });
    for t in t_grid() {
        let s = distance_sum(&g, 0, &t);
        let closed = ((&t + Rational::from(v as u64 - 1)) / &t).pow(u as u64);
        a.push_compare(&s, "=", &closed, || {
            format!("t = {t}: S = {s}, ((t+v-1)/t)^u = {closed}")
        });
    }
    let binom: Vec<(Rational, Rational)> = prof
        .iter()
        .enumerate()
        .map(|(d, nd)| {
            let c = Rational::from(crate::num::binomial(u as u64, d as u64))
                * Rational::from(v as u64 - 1).pow(d as u64);
            (c, Rational::from(*nd as u64))
        })
        .collect();
    a.push_compare_all(binom.iter().map(|(c, nd)| (c, "=", nd)), || {
        format!("BFS profile {prof:?} is not C(u,d)(v-1)^d")
    });
    a.finish(
        "sum_d C(u,d)(v-1)^d t^(u-d) = (t+v-1)^u as polynomials in t (n_d by BFS), and at each grid t",
        Method::Combined(vec![Method::Polynomial, Method::Exact]),
    )
}

/// `dpcert search` beyond [`e4b_grid`]: for each u in 2..=6, the smallest v with
/// `v^u > 4096·2^(s−1)`.
fn e4b_beyond(s: usize) -> Vec<UV> {
    let lo = 4096usize << (s - 1);
    (2..=6usize)
        .map(|u| {
            let v = (2..)
                .find(|v: &usize| v.pow(u as u32) > lo)
                .expect("unbounded");
            UV(u, v)
        })
        .collect()
}

fn e4b_grid() -> Vec<UV> {
    let mut out = Vec::new();
    for v in 2..=8usize {
        for u in 1..=6usize {
            if v.pow(u as u32) <= 4096 {
                out.push(UV(u, v));
            }
        }
    }
    out
}

/// The individual cliques of H(u, v): for each database `x` and individual `i`, the `v`
/// databases `x[i ↦ w]`.
fn cliques(g: &Graph, u: usize, v: usize) -> Vec<(usize, usize, Vec<usize>)> {
    let mut out = Vec::new();
    for x in 0..g.n() {
        let lx = g.hamming_label(x);
        for i in 0..u {
            let rows = (0..v)
                .map(|w| {
                    let mut y = lx.clone();
                    y[i] = w;
                    g.hamming_index(&y)
                })
                .collect();
            out.push((x, i, rows));
        }
    }
    out
}

/// `Σ_z max_{w} M[x[i↦w]][z]`: the individual leakage argument (uniform prior on V, Prop. 2).
fn clique_max_sum(m: &Rows, rows: &[usize]) -> Rational {
    let sub: Rows = rows.iter().map(|&x| m[x].clone()).collect();
    column_max_sum(&sub)
}

/// A P2 cell: (u, v, t) where Prop. 2 is tested in context.
#[derive(Clone, Debug)]
pub struct P2Cell {
    pub u: usize,
    pub v: usize,
    pub t: Rational,
}

impl fmt::Display for P2Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "u={} v={} t={}", self.u, self.v, self.t)
    }
}

/// `dpcert search` beyond [`p2_cells`]: one individual with `8 + s` values, and
/// `(u, v) = (3 + s, 2)`, at t ∈ {3/2, 2, 3}.
fn p2_beyond(s: usize) -> Vec<P2Cell> {
    let mut out = Vec::new();
    for (u, v) in [(1, 8 + s), (3 + s, 2)] {
        for t in [r(3, 2), r(2, 1), r(3, 1)] {
            out.push(P2Cell { u, v, t });
        }
    }
    out
}

fn p2_cells() -> Vec<P2Cell> {
    let mut out = Vec::new();
    for v in 2..=8 {
        for t in t_grid() {
            out.push(P2Cell { u: 1, v, t });
        }
    }
    for (u, v) in [(3, 2), (2, 3)] {
        for t in [r(3, 2), r(2, 1), r(3, 1)] {
            out.push(P2Cell { u, v, t });
        }
    }
    out
}

/// AACP-P2: (a) `1/(1 + (v−1)/t) = t/(v−1+t)` as rational functions of t; (b) for u = 1 the
/// certified LP optimum on K_v is at most `t/(t+v−1)`; (c) for u > 1, on certified vertices of
/// the ε-DP polytope of H(u, v), every individual clique has `Σ_z max_w <= v t/(t+v−1)`.
fn check_p2(c: &P2Cell) -> Check {
    let vm1 = Rational::from(c.v as u64 - 1);
    let bound = &c.t / (&c.t + &vm1);
    let display = Rational::ONE / (Rational::ONE + &vm1 / &c.t);
    // The display as rational functions of t: 1/(1 + (v−1)·t^{-1}) − t/(t + v − 1) = 0.
    let poly_identity = {
        let x = RatFn::x();
        let c = RatFn::constant(vm1.clone());
        let lhs = (&RatFn::constant(Rational::ONE) + &(&c * &x.recip().expect("t != 0"))).recip();
        let rhs = x.checked_div(&(&x + &c));
        matches!((lhs, rhs), (Some(a), Some(b)) if (&a - &b).is_zero())
    };
    if display != bound || !poly_identity {
        return Check::rationals("1/(1+(v-1)/t) = t/(v-1+t)", &display, "=", &bound);
    }
    let g = Graph::hamming(c.u, c.v);
    if c.u == 1 {
        return match master_lp(&g, &c.t, &uniform(c.v), true) {
            Ok(lp) => {
                let mut chk = Check::rationals(
                    "max V over eps-DP channels on K_v  <=  t/(t+v-1)",
                    &lp.value,
                    "<=",
                    &bound,
                );
                chk.method = Method::Combined(vec![Method::LpCertificate, Method::Exact]);
                lp.attach(chk).with_note(format!(
                    "display identity holds (polynomial in t); {}",
                    lp.note
                ))
            }
            Err(e) => undecided("P2", Method::LpCertificate, e),
        };
    }
    let vb = Rational::from(c.v as u64) * &bound;
    let mut s = Scan::le();
    let lps = super::common::random_dp_vertices(&g, &c.t, 4, 11);
    for m in lps.iter().map(|lp| &lp.matrix) {
        for (x, i, rows) in cliques(&g, c.u, c.v) {
            s.push(clique_max_sum(m, &rows), vb.clone(), || {
                format!(
                    "database {x}, individual {i}, matrix {}",
                    super::common::fmt_matrix(m)
                )
            });
        }
    }
    let mut chk = s.finish(
        "sum_z max_w M[x[i->w]][z] <= v t/(t+v-1) for every database x and individual i (certified DP-polytope vertices)",
        Method::Combined(vec![Method::LpCertificate, Method::Exact]),
    );
    for lp in &lps {
        chk = lp.attach(chk);
    }
    chk
}

/// AACP-P2t: randomized response on K_v attains `Σ_z max = v t/(t+v−1)`; in context every
/// individual clique of `⊗^u R` on H(u, v) attains it too.
fn check_p2t(c: &P2Cell) -> Check {
    let g = Graph::hamming(c.u, c.v);
    let m = kron_power(&g, &randomized_response(c.v, &c.t));
    let want = Rational::from(c.v as u64) * &c.t / (&c.t + Rational::from(c.v as u64 - 1));
    let mut a = Agree::new();
    for (x, i, rows) in cliques(&g, c.u, c.v) {
        let got = clique_max_sum(&m, &rows);
        a.push_compare(&got, "=", &want, || {
            format!("database {x}, individual {i}: {got} != {want}")
        });
    }
    a.finish(
        "individual leakage argument of (kron^u RR) restricted to every clique  =  v t/(t+v-1)",
        Method::Exact,
    )
}

/// AACP-P2i: the largest individual leakage over ε-DP channels is the same for every u, every
/// database x and individual i: it is at most `v·OPT(K_v)` (the clique's rows form an ε-DP
/// channel on K_v, so the certified K_v optimum bounds it) and `⊗^u R` attains that, so the sup
/// equals `v·OPT(K_v)` for all (u, x, i); compared across u = 1..3.
fn check_p2i(c: &VT) -> Check {
    let (v, t) = (c.0, &c.1);
    let k = Graph::complete(v);
    let lp = match master_lp(&k, t, &uniform(v), true) {
        Ok(lp) => lp,
        Err(e) => return undecided("P2i", Method::LpCertificate, e),
    };
    let opt = &lp.value * Rational::from(v as u64);
    let mut a = Agree::new();
    for u in 1..=3usize {
        let g = Graph::hamming(u, v);
        let m = kron_power(&g, &randomized_response(v, t));
        for (x, i, rows) in cliques(&g, u, v) {
            let clique_is_complete = rows
                .iter()
                .all(|&a| rows.iter().all(|&b| a == b || g.adjacent(a, b)));
            let attained = clique_max_sum(&m, &rows);
            let witness = || {
                format!("u={u}, database {x}, individual {i}: attained {attained}, K_v bound {opt}, clique complete {clique_is_complete}")
            };
            // The rows x[i->w] form a clique of H(u, v) by construction (checked, part of
            // the encoding); the deciding step is the exact comparison (issue 44 item 6).
            if clique_is_complete {
                a.push_compare(&attained, "=", &opt, witness);
            } else {
                a.push_ok(false, witness);
            }
        }
    }
    lp.attach(a.finish(
        "sup of the individual leakage argument = v OPT(K_v) for every u in 1..3, database x, individual i",
        Method::Combined(vec![Method::LpCertificate, Method::Exact]),
    ))
}

/// Every claim of §5 and RW2.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-E4b",
            grid: e4b_grid,
            beyond: Some(e4b_beyond),
            check: check_e4b,
        }
        .boxed(),
        Family {
            id: "AACP-T5.1",
            grid: t51_cells,
            beyond: Some(t51_beyond),
            check: check_t51,
        }
        .boxed(),
        Family {
            id: "AACP-T5.1t",
            grid: t51_cells,
            beyond: Some(t51_beyond),
            check: check_t51t,
        }
        .boxed(),
        Family {
            id: "AACP-P2",
            grid: p2_cells,
            beyond: Some(p2_beyond),
            check: check_p2,
        }
        .boxed(),
        Family {
            id: "AACP-P2t",
            grid: p2_cells,
            beyond: Some(p2_beyond),
            check: check_p2t,
        }
        .boxed(),
        Family {
            id: "AACP-P2i",
            grid: || {
                (2..=3)
                    .flat_map(|v| [r(3, 2), r(2, 1), r(3, 1)].map(|t| VT(v, t)))
                    .collect()
            },
            beyond: None,
            check: check_p2i,
        }
        .boxed(),
        Family {
            id: "AACP-RW2",
            grid: || t51_cells().into_iter().filter(|c| c.v == 2).collect(),
            beyond: None,
            check: check_rw2,
        }
        .boxed(),
    ]
}

/// A P2i instance: the alphabet size v and t.
#[derive(Clone, Debug)]
pub struct VT(pub usize, pub Rational);

impl fmt::Display for VT {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v={} t={}", self.0, self.1)
    }
}

/// An E4b instance H(u, v).
#[derive(Clone, Debug)]
pub struct UV(pub usize, pub usize);

impl fmt::Display for UV {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "H(u={},v={})", self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 44 item 6: with the master LP's `lp` record attached, every instance of T5.1
    /// (compare record `OPT <= bound` and the LP it compares) is certified.
    #[test]
    fn t51_is_certified() {
        crate::certify::start_recording();
        let checks: Vec<Check> = t51_cells().iter().take(10).map(check_t51).collect();
        assert!(checks
            .iter()
            .all(|c| c.records.iter().any(|r| r["kind"] == "lp")));
        let r = crate::claim::verdict::Report::from_checks(
            "AACP-T5.1",
            None,
            checks,
            std::time::Duration::ZERO,
        );
        let recs = crate::claim::certificates::claim_records(&r);
        assert_eq!(recs[0]["certified"], true, "{}", recs[0]);
    }
}
