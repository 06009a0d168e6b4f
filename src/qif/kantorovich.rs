//! The Kantorovich (earth mover's) distance between two distributions on a metric space
//! (issue 47 item 2): `K_d(p, q) = min_γ Σ_{x,x'} γ(x, x') d(x, x')` over the couplings `γ ≥ 0`
//! with marginals `p` and `q` — an exact transport LP, answered with a certificate that
//! `lp::solve` has re-checked (the optimal coupling and its dual potentials). With the discrete
//! metric it is the total variation distance; on a line, `Σ_k |F_p(k) − F_q(k)|·(x_{k+1} − x_k)`.
//! The Kantorovich distance between channels on a metric on outputs is the largest over the
//! secrets of the distance between their rows ([`kantorovich_channels`]).

use crate::lp::{self, Certificate, Cmp, LpError, Model, Sense};
use crate::measure::Metric;
use crate::num::Rational;
use crate::prob::{Channel, Dist};

/// The distance with its optimal coupling `coupling[x][x']`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kantorovich {
    /// `K_d(p, q)`, exact.
    pub value: Rational,
    /// An optimal coupling (marginals `p` and `q`).
    pub coupling: Vec<Vec<Rational>>,
}

/// `K_d(p, q)`; `p`, `q` and `d` on the same points (else an error in words).
pub fn kantorovich(
    p: &Dist,
    q: &Dist,
    d: &Metric,
    options: &lp::Options,
) -> Result<Kantorovich, String> {
    let n = d.n();
    if p.len() != n || q.len() != n {
        return Err(format!(
            "the distributions have {} and {} points but the metric {n}",
            p.len(),
            q.len()
        ));
    }
    let mut m = Model::new(Sense::Minimize);
    let vars: Vec<lp::Var> = (0..n * n)
        .map(|i| m.add_var(format!("g_{}_{}", i / n, i % n)))
        .collect();
    m.set_objective(
        &(0..n * n)
            .map(|i| (vars[i], d.d(i / n, i % n).clone()))
            .collect::<Vec<_>>(),
    );
    let one = || Rational::from(1u32);
    for x in 0..n {
        let t: Vec<_> = (0..n).map(|y| (vars[x * n + y], one())).collect();
        m.add_named_row(format!("p_{x}"), &t, Cmp::Eq, p.p(x).clone());
    }
    for y in 0..n {
        let t: Vec<_> = (0..n).map(|x| (vars[x * n + y], one())).collect();
        m.add_named_row(format!("q_{y}"), &t, Cmp::Eq, q.p(y).clone());
    }
    let sol = lp::solve(&m, options).map_err(|e| match e {
        LpError::TimeLimit => "time limit reached before a certified answer".to_string(),
        e => e.to_string(),
    })?;
    match sol.certificate {
        Certificate::Optimal { value, primal, .. } => Ok(Kantorovich {
            value,
            coupling: primal.chunks(n).map(<[Rational]>::to_vec).collect(),
        }),
        c => Err(format!("the transport LP came back {} (a bug)", c.status())),
    }
}

/// `max_x K_d(A(·|x), B(·|x))` for a metric `d` on the outputs: the Kantorovich distance
/// between two channels on the same secrets and outputs, with the secret attaining it.
pub fn kantorovich_channels(
    a: &Channel,
    b: &Channel,
    d: &Metric,
    options: &lp::Options,
) -> Result<(Rational, usize), String> {
    if a.n_inputs() != b.n_inputs() || a.n_outputs() != b.n_outputs() {
        return Err("the channels differ in shape".into());
    }
    if d.n() != a.n_outputs() {
        return Err(format!(
            "the metric has {} points but the channels {} outputs",
            d.n(),
            a.n_outputs()
        ));
    }
    let mut best = (Rational::from(0u32), 0);
    for x in 0..a.n_inputs() {
        let k = kantorovich(&a.row(x), &b.row(x), d, options)?;
        if k.value > best.0 {
            best = (k.value, x);
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::tv;
    use crate::testutil::{dist, q};
    use proptest::prelude::*;

    fn line(n: usize) -> Metric {
        Metric::new(
            (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| Rational::from(i.abs_diff(j) as u64))
                        .collect()
                })
                .collect(),
        )
        .unwrap()
    }

    /// The naive reference on a line: `Σ_k |F_p(k) − F_q(k)|`.
    fn cdf_distance(p: &[Rational], q: &[Rational]) -> Rational {
        let (mut fp, mut fq, mut s) = (
            Rational::from(0u32),
            Rational::from(0u32),
            Rational::from(0u32),
        );
        for k in 0..p.len() - 1 {
            fp += &p[k];
            fq += &q[k];
            let d = &fp - &fq;
            s += if d < 0u32 { -d } else { d };
        }
        s
    }

    #[test]
    fn literal_distances() {
        let o = lp::Options::default();
        // All of the mass moves from 0 to 2 on a line: distance 2.
        let k = kantorovich(&Dist::point(3, 0), &Dist::point(3, 2), &line(3), &o).unwrap();
        assert_eq!(k.value, q(2, 1));
        assert_eq!(k.coupling[0][2], q(1, 1));
        // (1/2, 1/2, 0) to (0, 1/2, 1/2): 1/2 moves two steps, or 1/2 + 1/2 one step each: 1.
        let p = Dist::new(vec![q(1, 2), q(1, 2), q(0, 1)]).unwrap();
        let r = Dist::new(vec![q(0, 1), q(1, 2), q(1, 2)]).unwrap();
        assert_eq!(kantorovich(&p, &r, &line(3), &o).unwrap().value, q(1, 1));
        assert_eq!(
            kantorovich(&p, &r, &Metric::discrete(3), &o).unwrap().value,
            q(1, 2)
        );
        assert!(kantorovich(&p, &Dist::uniform(2), &line(3), &o).is_err());
        // Channels: the largest row distance. Rows 0 equal, rows 1 are p and r: 1 at secret 1.
        let a = Channel::new(vec![p.probs().to_vec(), p.probs().to_vec()]).unwrap();
        let b = Channel::new(vec![p.probs().to_vec(), r.probs().to_vec()]).unwrap();
        assert_eq!(
            kantorovich_channels(&a, &b, &line(3), &o).unwrap(),
            (q(1, 1), 1)
        );
        assert_eq!(
            kantorovich_channels(&a, &a, &line(3), &o).unwrap(),
            (q(0, 1), 0)
        );
        assert!(kantorovich_channels(&a, &b, &line(2), &o).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn line_and_discrete(p in dist(4, 5), r in dist(4, 5)) {
            let o = lp::Options::default();
            let (p, r) = (Dist::new(p).unwrap(), Dist::new(r).unwrap());
            let k = kantorovich(&p, &r, &line(4), &o).unwrap();
            prop_assert_eq!(&k.value, &cdf_distance(p.probs(), r.probs()));
            for x in 0..4 {
                prop_assert_eq!(k.coupling[x].iter().sum::<Rational>(), p.p(x).clone());
            }
            prop_assert_eq!(
                kantorovich(&p, &r, &Metric::discrete(4), &o).unwrap().value,
                tv(p.probs(), r.probs())
            );
        }
    }
}
