//! Composition and correlated entries: Cuff–Yu slides "Subadditivity of DP", "Simple MI-DP
//! Proof", "Common complaint" and "Simple MI-DP Explanation" (CY-5, CY-6, CY-7).
//!
//! Databases have two binary rows (index x = 2·x1 + x2). A joint distribution of
//! `(X1, X2, Y1, Y2)` is stored flat with explicit dimensions, and every (conditional) mutual
//! information is computed from entropies of its marginals, as exact log-linear forms.

use crate::claim::instances::{fmt_rows, fmt_vec, r, simplex, t_small, SplitMix};
use crate::claim::scan::{DScan, Decider, Scan};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::measure::entropy;
use crate::measure::ExtRational;
use crate::mechanism::database::{product_randomized_response, DatabaseMechanism};
use crate::num::loglin::LogLinear;
use crate::num::{Decision, Rational};
use crate::prob::{Channel, Rows};
use malachite::base::num::arithmetic::traits::Pow;
use std::fmt;

/// A joint distribution over a product of finite coordinates.
pub struct Joint {
    pub dims: Vec<usize>,
    pub p: Vec<Rational>,
}

impl Joint {
    /// The marginal on the coordinates `keep` (in the given order).
    pub fn marginal(&self, keep: &[usize]) -> Vec<Rational> {
        let size: usize = keep.iter().map(|&c| self.dims[c]).product();
        let mut out = vec![r(0, 1); size];
        for (idx, v) in self.p.iter().enumerate() {
            // Decode idx into coordinates (first coordinate most significant).
            let mut rest = idx;
            let mut coords = vec![0usize; self.dims.len()];
            for c in (0..self.dims.len()).rev() {
                coords[c] = rest % self.dims[c];
                rest /= self.dims[c];
            }
            let mut j = 0;
            for &c in keep {
                j = j * self.dims[c] + coords[c];
            }
            out[j] += v;
        }
        out
    }

    /// `H(coords)`.
    pub fn h(&self, keep: &[usize]) -> LogLinear {
        entropy(&self.marginal(keep))
    }

    /// `I(A; B | C) = H(A,C) + H(B,C) − H(C) − H(A,B,C)`.
    pub fn cmi(&self, a: &[usize], b: &[usize], c: &[usize]) -> LogLinear {
        let ac: Vec<usize> = a.iter().chain(c).copied().collect();
        let bc: Vec<usize> = b.iter().chain(c).copied().collect();
        let abc: Vec<usize> = a.iter().chain(b).chain(c).copied().collect();
        &(&(&self.h(&ac) + &self.h(&bc)) - &self.h(c)) - &self.h(&abc)
    }
}

/// The joint of (X1, X2, Y1, Y2) for a prior on two binary rows and two mechanisms whose
/// outputs are conditionally independent given the database.
fn joint2(prior: &[Rational], m1: &[Vec<Rational>], m2: &[Vec<Rational>]) -> Joint {
    let (k1, k2) = (m1[0].len(), m2[0].len());
    let mut p = Vec::with_capacity(4 * k1 * k2);
    for ((px, r1), r2) in prior.iter().zip(m1).zip(m2) {
        for a in r1 {
            for b in r2 {
                p.push(px * a * b);
            }
        }
    }
    Joint {
        dims: vec![2, 2, k1, k2],
        p,
    }
}

/// Instances of CY-5.
#[derive(Clone, Debug)]
pub enum Cy5 {
    /// k independent RR copies of one bit at level t.
    Copies { k: usize, t: Rational },
    /// Two RR copies at different levels.
    Mixed { t1: Rational, t2: Rational },
    /// Seeded random pairs of mechanisms on two binary rows.
    Random { count: usize, seed: u64 },
    /// k RR copies at t, composed exactly by [`crate::accounting`] (k past enumeration).
    Accounted { k: u64, t: Rational },
    /// k1 RR copies at t1 with k2 RR copies at t2, composed exactly by [`crate::accounting`].
    MixedK {
        k1: u64,
        t1: Rational,
        k2: u64,
        t2: Rational,
    },
    /// k uses of M1 with k uses of M2 (seeded random mechanisms on two binary rows, as
    /// `Random`), composed exactly by [`crate::accounting`] on the Hamming neighbours.
    RandomK { k: u64, count: usize, seed: u64 },
}

impl fmt::Display for Cy5 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy5::Copies { k, t } => write!(f, "{k} independent RR copies t={t}"),
            Cy5::Mixed { t1, t2 } => write!(f, "RR t1={t1} with RR t2={t2}"),
            Cy5::Random { count, seed } => {
                write!(
                    f,
                    "random mechanism pairs on 2 binary rows count={count} seed={seed}"
                )
            }
            Cy5::Accounted { k, t } => write!(f, "{k} RR copies t={t} (exact PLD composition)"),
            Cy5::MixedK { k1, t1, k2, t2 } => write!(
                f,
                "{k1} RR copies t1={t1} with {k2} RR copies t2={t2} (exact PLD composition)"
            ),
            Cy5::RandomK { k, count, seed } => write!(
                f,
                "{k} uses each of random mechanism pairs on 2 binary rows count={count} seed={seed} (exact PLD composition)"
            ),
        }
    }
}

fn finite(l: ExtRational) -> Option<Rational> {
    match l {
        ExtRational::Finite(x) => Some(x),
        ExtRational::Infinite => None,
    }
}

/// The exact pure level (e^ε) of the composition `seq` (mechanism, uses) on the Hamming
/// neighbours of the mechanisms' databases, by [`crate::accounting::query::level`].
fn accounted_level(seq: &[(&DatabaseMechanism, u64)]) -> Result<ExtRational, String> {
    let adj: Vec<(usize, usize)> = seq[0]
        .0
        .neighbours()
        .into_iter()
        .filter(|(x, xp, _)| x < xp)
        .map(|(x, xp, _)| (x, xp))
        .collect();
    let chans: Vec<Channel> = seq
        .iter()
        .map(|(m, _)| Channel::new(m.rows.clone()).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let seq: Vec<(&Channel, u64)> = chans.iter().zip(seq).map(|(c, (_, k))| (c, *k)).collect();
    crate::accounting::query::level(&seq, &adj).map_err(|e| e.to_string())
}

/// The enumerated level, cross-checked against the exact PLD composition: they must be equal
/// (else the reason, for an error row).
fn cross_checked(
    enumerated: ExtRational,
    seq: &[(&DatabaseMechanism, u64)],
) -> Result<Rational, String> {
    match accounted_level(seq)? {
        a if a == enumerated => {
            finite(a).ok_or_else(|| "infinite level of a full-support mechanism".to_string())
        }
        a => Err(format!(
            "enumeration gives level {enumerated}, the exact PLD composition {a}"
        )),
    }
}

/// CY-5 ("Subadditivity of DP"): conditionally independent ε_j-DP queries are (Σε_j)-DP:
/// the exact level of the product mechanism is at most the product of the levels. Reported
/// too (outside the hypothesis): two outputs sharing one coin (Y1 = Y2) have level t, not t².
/// Small k is enumerated (the product mechanism built output by output) and cross-checked
/// against the exact PLD composition of [`crate::accounting`], which alone runs the larger k.
fn check_5(inst: &Cy5) -> Check {
    match inst {
        Cy5::Copies { k, t } => {
            let one = product_randomized_response(1, 2, t);
            let mut joint = one.clone();
            for _ in 1..*k {
                joint = joint.parallel(&one);
            }
            let level = match cross_checked(joint.level(), &[(&one, *k as u64)]) {
                Ok(l) => l,
                Err(e) => return crate::claim::error_check(e),
            };
            let bound = (0..*k).fold(r(1, 1), |acc, _| acc * t);
            let c = Check::rationals("exact level of k RR copies  <=  t^k", &level, "<=", &bound);
            let same_coin = one.level();
            c.with_note(format!(
                "equality: {}; outside the hypothesis, Y1 = Y2 with the same coins has level {same_coin}",
                level == bound
            ))
        }
        Cy5::Mixed { t1, t2 } => {
            let a = product_randomized_response(1, 2, t1);
            let b = product_randomized_response(1, 2, t2);
            let level = match cross_checked(a.parallel(&b).level(), &[(&a, 1), (&b, 1)]) {
                Ok(l) => l,
                Err(e) => return crate::claim::error_check(e),
            };
            Check::rationals(
                "exact level of RR_t1 x RR_t2  <=  t1 t2",
                &level,
                "<=",
                &(t1 * t2),
            )
        }
        Cy5::Random { count, seed } => {
            let mut g = SplitMix(*seed);
            let mut s = Scan::le();
            for j in 0..*count {
                let (m1, m2) = random_pair(&mut g, j);
                let l1 = finite(m1.level()).expect("full support");
                let l2 = finite(m2.level()).expect("full support");
                let l = match cross_checked(m1.parallel(&m2).level(), &[(&m1, 1), (&m2, 1)]) {
                    Ok(l) => l,
                    Err(e) => return crate::claim::error_check(e),
                };
                s.push(l, &l1 * &l2, || {
                    format!("M1={} M2={}", fmt_rows(&m1.rows), fmt_rows(&m2.rows))
                });
            }
            s.finish(
                "exact level of (Y1,Y2)  vs  level(Y1) level(Y2)",
                Method::Exact,
            )
        }
        Cy5::Accounted { k, t } => {
            let one = product_randomized_response(1, 2, t);
            let level = match accounted_level(&[(&one, *k)]).map(finite) {
                Ok(Some(l)) => l,
                Ok(None) => return crate::claim::error_check("infinite level of RR"),
                Err(e) => return crate::claim::error_check(e),
            };
            Check::rationals(
                "exact level of k RR copies  <=  t^k",
                &level,
                "<=",
                &t.pow(*k),
            )
        }
        Cy5::MixedK { k1, t1, k2, t2 } => {
            let a = product_randomized_response(1, 2, t1);
            let b = product_randomized_response(1, 2, t2);
            let level = match accounted_level(&[(&a, *k1), (&b, *k2)]).map(finite) {
                Ok(Some(l)) => l,
                Ok(None) => return crate::claim::error_check("infinite level of RR"),
                Err(e) => return crate::claim::error_check(e),
            };
            Check::rationals(
                "exact level of RR_t1^k1 x RR_t2^k2  <=  t1^k1 t2^k2",
                &level,
                "<=",
                &(t1.pow(*k1) * t2.pow(*k2)),
            )
        }
        Cy5::RandomK { k, count, seed } => {
            let mut g = SplitMix(*seed);
            let mut s = Scan::le();
            for j in 0..*count {
                let (m1, m2) = random_pair(&mut g, j);
                let l1 = finite(m1.level()).expect("full support");
                let l2 = finite(m2.level()).expect("full support");
                let l = match accounted_level(&[(&m1, *k), (&m2, *k)]).map(finite) {
                    Ok(Some(l)) => l,
                    Ok(None) => return crate::claim::error_check("infinite level"),
                    Err(e) => return crate::claim::error_check(e),
                };
                s.push(l, (&l1 * &l2).pow(*k), || {
                    format!("M1={} M2={}", fmt_rows(&m1.rows), fmt_rows(&m2.rows))
                });
            }
            s.finish(
                "exact level of (Y1^k,Y2^k)  vs  (level(Y1) level(Y2))^k",
                Method::Exact,
            )
        }
    }
}

/// The `j`-th seeded random pair of full-support mechanisms on two binary rows (2 or 3
/// outputs each, masses over 8).
fn random_pair(g: &mut SplitMix, j: usize) -> (DatabaseMechanism, DatabaseMechanism) {
    let k1 = 2 + (j % 2);
    let k2 = 2 + (j / 2 % 2);
    let rows1: Vec<Vec<Rational>> = (0..4).map(|_| g.full_dist(k1, 8)).collect();
    let rows2: Vec<Vec<Rational>> = (0..4).map(|_| g.full_dist(k2, 8)).collect();
    let m = |rows, name: &str| DatabaseMechanism {
        n: 2,
        m: 2,
        rows,
        name: name.into(),
    };
    (m(rows1, "M1"), m(rows2, "M2"))
}

fn cy5_grid() -> Vec<Cy5> {
    let mut v = Vec::new();
    for t in t_small() {
        for k in 1..=4 {
            v.push(Cy5::Copies { k, t: t.clone() });
        }
    }
    v.push(Cy5::Mixed {
        t1: r(5, 4),
        t2: r(3, 1),
    });
    v.push(Cy5::Random { count: 60, seed: 5 });
    for t in t_small() {
        for k in [10, 50, 200, 1000] {
            v.push(Cy5::Accounted { k, t: t.clone() });
        }
    }
    v.push(Cy5::MixedK {
        k1: 50,
        t1: r(5, 4),
        k2: 50,
        t2: r(3, 1),
    });
    v.push(Cy5::RandomK {
        k: 10,
        count: 20,
        seed: 5,
    });
    v
}

/// A pair of mechanisms on two binary rows for CY-6 / CY-7.
#[derive(Clone, Debug)]
pub enum PairFam {
    /// `Y1 = X2`, `Y2 = X1 XOR X2` (deterministic).
    Xor,
    /// Seeded random mechanism pairs, rows in `Δ_k^N` (zeros allowed when N is small).
    Random { n: u32, count: usize, seed: u64 },
}

impl fmt::Display for PairFam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairFam::Xor => f.write_str("Y1 = X2, Y2 = X1 xor X2"),
            PairFam::Random { n, count, seed } => {
                write!(f, "random mechanism pairs N={n} count={count} seed={seed}")
            }
        }
    }
}

impl PairFam {
    fn build(&self) -> Vec<(Rows, Rows)> {
        match self {
            PairFam::Xor => {
                let det = |v: usize| {
                    if v == 0 {
                        vec![r(1, 1), r(0, 1)]
                    } else {
                        vec![r(0, 1), r(1, 1)]
                    }
                };
                let m1 = (0..4).map(|x| det(x % 2)).collect();
                let m2 = (0..4).map(|x| det((x / 2) ^ (x % 2))).collect();
                vec![(m1, m2)]
            }
            PairFam::Random { n, count, seed } => {
                let mut g = SplitMix(*seed);
                (0..*count)
                    .map(|j| {
                        let k1 = 2 + (j % 2);
                        let k2 = 2 + (j / 2 % 2);
                        (
                            (0..4).map(|_| g.dist(k1, *n)).collect(),
                            (0..4).map(|_| g.dist(k2, *n)).collect(),
                        )
                    })
                    .collect()
            }
        }
    }
}

/// Priors on (x1, x2): products on a grid and correlated joints.
fn cy6_priors() -> Vec<Vec<Rational>> {
    let mut v = Vec::new();
    for a in [r(1, 2), r(1, 3)] {
        for b in [r(1, 2), r(3, 4)] {
            let pa = [&r(1, 1) - &a, a.clone()];
            let pb = [&r(1, 1) - &b, b.clone()];
            v.push((0..4).map(|x| &pa[x / 2] * &pb[x % 2]).collect());
        }
    }
    v.push(vec![r(1, 2), r(0, 1), r(0, 1), r(1, 2)]);
    v.push(vec![r(2, 5), r(1, 10), r(1, 10), r(2, 5)]);
    v
}

/// CY-6 ("Simple MI-DP Proof"), with Y1 ⊥ Y2 given the whole database:
/// `I(X;Y1,Y2) = I(X;Y1) + I(X;Y2|Y1) ≤ I(X;Y1) + I(X;Y2)`. `restore = true`: reading (i),
/// X = X1 and every term conditioned on X2 (the omitted database variables restored);
/// `restore = false`: reading (ii), X = X1 with X2 integrated out.
fn check_6_with(fam: &PairFam, restore: bool) -> Check {
    let c: &[usize] = if restore { &[1] } else { &[] };
    let mut s = DScan::new();
    for (m1, m2) in fam.build() {
        for prior in cy6_priors() {
            let j = joint2(&prior, &m1, &m2);
            let total = j.cmi(&[0], &[2, 3], c);
            let i1 = j.cmi(&[0], &[2], c);
            let c_y1: Vec<usize> = c.iter().copied().chain([2]).collect();
            let i2_given = j.cmi(&[0], &[3], &c_y1);
            let i2 = j.cmi(&[0], &[3], c);
            let mut st = Decider::new();
            let identity = st.log(&total, "=", &(&i1 + &i2_given));
            let ineq = st.log(&i2_given, "<=", &i2);
            let d = Decision::from_bool(identity && ineq);
            s.push_recorded(
                d,
                st.records(),
                LogLinear::approx_f64(&i2_given) - LogLinear::approx_f64(&i2),
                || Value::log_linear(&i2_given),
                || Value::log_linear(&i2),
                || {
                    format!(
                        "M1={} M2={} prior(x1x2)={} (chain rule exact: {identity})",
                        fmt_rows(&m1),
                        fmt_rows(&m2),
                        fmt_vec(&prior)
                    )
                },
            );
        }
    }
    let what = if restore {
        "chain rule and I(X1;Y2|Y1,X2)  <=  I(X1;Y2|X2)"
    } else {
        "chain rule and I(X1;Y2|Y1)  <=  I(X1;Y2)"
    };
    s.finish(what, Method::LogLinear)
}

fn check_6(fam: &PairFam) -> Check {
    check_6_with(fam, true)
}

fn check_6_ii(fam: &PairFam) -> Check {
    check_6_with(fam, false)
}

fn pair_grid() -> Vec<PairFam> {
    vec![
        PairFam::Xor,
        PairFam::Random {
            n: 2,
            count: 30,
            seed: 6,
        },
        PairFam::Random {
            n: 6,
            count: 30,
            seed: 7,
        },
    ]
}

fn pair_beyond(s: usize) -> Vec<PairFam> {
    vec![PairFam::Random {
        n: 2 + s as u32,
        count: 100,
        seed: 600 + s as u64,
    }]
}

/// Instances of CY-7.
#[derive(Clone, Debug)]
pub enum Cy7 {
    /// Search correlated priors and single mechanisms for `I(X1;Y) > I(X1;Y|X2)`.
    Exists,
    /// Product priors: `I(X1;Y) ≤ I(X1;Y|X2)` on every instance (the derived complement).
    Complement(PairFam),
}

impl fmt::Display for Cy7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy7::Exists => f.write_str("witness search over correlated priors"),
            Cy7::Complement(p) => write!(f, "product priors, {p}"),
        }
    }
}

/// The single-output joint (X1, X2, Y) of a prior and a mechanism.
fn joint1(prior: &[Rational], m: &[Vec<Rational>]) -> Joint {
    let k = m[0].len();
    let p = (0..4)
        .flat_map(|x| (0..k).map(move |y| (x, y)))
        .map(|(x, y)| &prior[x] * &m[x][y])
        .collect();
    Joint {
        dims: vec![2, 2, k],
        p,
    }
}

/// CY-7: there are correlated `P_{X^n}` and mechanisms with `I(X_i;Y) > I(X_i;Y|X_{-i})`
/// (witness searched on correlated priors with the mechanisms of the grid); complement:
/// under product priors `I(X_i;Y) ≤ I(X_i;Y|X_{-i})` everywhere on the grid.
fn check_7(inst: &Cy7) -> Check {
    match inst {
        Cy7::Exists => {
            let mut mechs: Vec<Rows> = Vec::new();
            for fam in pair_grid() {
                for (m1, m2) in fam.build() {
                    mechs.push(m1);
                    mechs.push(m2);
                }
            }
            let correlated = [
                vec![r(1, 2), r(0, 1), r(0, 1), r(1, 2)],
                vec![r(2, 5), r(1, 10), r(1, 10), r(2, 5)],
                vec![r(1, 3), r(1, 6), r(1, 6), r(1, 3)],
            ];
            let mut found = 0usize;
            let mut first: Option<(String, LogLinear, LogLinear)> = None;
            let mut tried = 0usize;
            for m in &mechs {
                for prior in &correlated {
                    tried += 1;
                    let j = joint1(prior, m);
                    let marg = j.cmi(&[0], &[2], &[]);
                    let cond = j.cmi(&[0], &[2], &[1]);
                    if LogLinear::decide_le(&marg, &cond) == Decision::False {
                        found += 1;
                        if first.is_none() {
                            first = Some((
                                format!("M={} prior(x1x2)={}", fmt_rows(m), fmt_vec(prior)),
                                marg,
                                cond,
                            ));
                        }
                    }
                }
            }
            match first {
                Some((w, marg, cond)) => {
                    // The existence rests on the first witness's comparison (its record).
                    let mut st = Decider::new();
                    let shown = st.log(&marg, ">", &cond);
                    let mut c = Check::new(
                        "witness: I(X1;Y)  >  I(X1;Y|X2)",
                        Value::log_linear(&marg),
                        Value::log_linear(&cond),
                        Method::LogLinear,
                        Outcome::from_holds(shown),
                    )
                    .with_note(format!(
                        "first witness {w}; {found} of {tried} instances are witnesses"
                    ));
                    c.records = st.records().unwrap_or_default();
                    c
                }
                None => Check::new(
                    "witness: I(X1;Y)  >  I(X1;Y|X2)",
                    Value::text("none found", ""),
                    Value::text("-", ""),
                    Method::LogLinear,
                    Outcome::Fails,
                )
                .with_note(format!("no witness among {tried} instances")),
            }
        }
        Cy7::Complement(fam) => {
            let mut s = DScan::new();
            for (m1, _) in fam.build() {
                for p1 in simplex(2, 4) {
                    for p2 in simplex(2, 4) {
                        let prior: Vec<Rational> =
                            (0..4).map(|x| &p1[x / 2] * &p2[x % 2]).collect();
                        let j = joint1(&prior, &m1);
                        let marg = j.cmi(&[0], &[2], &[]);
                        let cond = j.cmi(&[0], &[2], &[1]);
                        s.push_log_le(&marg, &cond, || {
                            format!("M={} prior(x1x2)={}", fmt_rows(&m1), fmt_vec(&prior))
                        });
                    }
                }
            }
            s.finish("product priors: I(X1;Y)  <=  I(X1;Y|X2)", Method::LogLinear)
        }
    }
}

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-5",
            grid: cy5_grid,
            beyond: Some(|s| {
                vec![Cy5::Random {
                    count: 200,
                    seed: 500 + s as u64,
                }]
            }),
            check: check_5,
        }
        .boxed(),
        Family {
            id: "CY-6",
            grid: pair_grid,
            beyond: Some(pair_beyond),
            check: check_6,
        }
        .boxed(),
        Family {
            id: "CY-6-reading-ii",
            grid: pair_grid,
            beyond: Some(pair_beyond),
            check: check_6_ii,
        }
        .boxed(),
        Family {
            id: "CY-7",
            grid: || {
                let mut v = vec![Cy7::Exists];
                v.extend(pair_grid().into_iter().map(Cy7::Complement));
                v
            },
            beyond: Some(|s| pair_beyond(s).into_iter().map(Cy7::Complement).collect()),
            check: check_7,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_breaks_the_unconditioned_reading() {
        assert_eq!(check_6_ii(&PairFam::Xor).outcome, Outcome::Fails);
        assert_eq!(check_6(&PairFam::Xor).outcome, Outcome::Holds);
    }

    #[test]
    fn marginals_sum_correctly() {
        let j = joint1(
            &[r(1, 4), r(1, 4), r(1, 4), r(1, 4)],
            &[
                vec![r(1, 1), r(0, 1)],
                vec![r(0, 1), r(1, 1)],
                vec![r(1, 1), r(0, 1)],
                vec![r(0, 1), r(1, 1)],
            ],
        );
        // Y = X2: I(X2;Y) = ln 2, I(X1;Y) = 0.
        assert_eq!(j.cmi(&[1], &[2], &[]), LogLinear::ln(&r(2, 1)));
        assert!(j.cmi(&[0], &[2], &[]).is_zero());
        assert_eq!(j.marginal(&[2]), vec![r(1, 2), r(1, 2)]);
    }
}
