//! Database mechanisms `M : 𝒳^n → Δ(𝒴)` on finite alphabets, as used by Vadhan's notes
//! (Definition 1 read with databases in 𝒳^n and neighbours at Hamming distance one), and the
//! exact quantities the Vadhan checkers need: the DP level, simulator feasibility
//! (Definition 2), and the fixture families of `vadhan.md` §0 (per-row randomized response,
//! symmetric mechanisms, seeded random rational mechanisms).

use crate::claim::instances::{fmt_rows, r, simplex, SplitMix};
use crate::measure::{max_ratio, ExtRational};
use crate::num::Rational;
use std::fmt;

/// A mechanism on `𝒳^n` with `|𝒳| = m`: `rows[x]` is `M(x)`, databases indexed in base m
/// with row 1 as the most significant digit.
#[derive(Clone, Debug)]
pub struct Mechanism {
    pub n: usize,
    pub m: usize,
    pub rows: Vec<Vec<Rational>>,
    /// How the mechanism was built (reproduces it together with `rows`).
    pub name: String,
}

impl fmt::Display for Mechanism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} n={} |X|={} M={}",
            self.name,
            self.n,
            self.m,
            fmt_rows(&self.rows)
        )
    }
}

impl Mechanism {
    /// The digits (rows) of database index `x`.
    pub fn digits(&self, x: usize) -> Vec<usize> {
        let mut d = vec![0; self.n];
        let mut v = x;
        for i in (0..self.n).rev() {
            d[i] = v % self.m;
            v /= self.m;
        }
        d
    }

    /// Database index of digits.
    pub fn index(&self, d: &[usize]) -> usize {
        d.iter().fold(0, |acc, &a| acc * self.m + a)
    }

    /// Number of databases `m^n`.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// Every ordered neighbour pair `(x, x')` (differ in exactly one row), with that row.
    pub fn neighbours(&self) -> Vec<(usize, usize, usize)> {
        let mut v = Vec::new();
        for x in 0..self.size() {
            let d = self.digits(x);
            for i in 0..self.n {
                for a in 0..self.m {
                    if a != d[i] {
                        let mut e = d.clone();
                        e[i] = a;
                        v.push((x, self.index(&e), i));
                    }
                }
            }
        }
        v
    }

    /// Exact DP level `e^ε = max over neighbours and outputs of M(x)(y)/M(x')(y)`
    /// (1 when there are no neighbours; ∞ when a zero meets a nonzero).
    pub fn level(&self) -> ExtRational {
        let mut best = ExtRational::Finite(r(1, 1));
        for (x, xp, _) in self.neighbours() {
            let q = max_ratio(&self.rows[x], &self.rows[xp]);
            best = match (best, q) {
                (ExtRational::Infinite, _) | (_, ExtRational::Infinite) => ExtRational::Infinite,
                (ExtRational::Finite(a), ExtRational::Finite(b)) => {
                    ExtRational::Finite(if a >= b { a } else { b })
                }
            };
        }
        best
    }

    /// Output alphabet size.
    pub fn outputs(&self) -> usize {
        self.rows[0].len()
    }
}

/// Per-row randomized response with independent coins: each row `x_i ∈ {0..m-1}` is reported
/// truthfully with weight t and each other value with weight 1 (k-ary RR), outputs in `𝒳^n`.
pub fn product_rr(n: usize, m: usize, t: &Rational) -> Mechanism {
    let one = r(1, 1);
    let z = t + Rational::from(m as u64 - 1);
    let size = m.pow(n as u32);
    let mut rows = Vec::with_capacity(size);
    let proto = Mechanism {
        n,
        m,
        rows: Vec::new(),
        name: String::new(),
    };
    for x in 0..size {
        let dx = proto.digits(x);
        let row: Vec<Rational> = (0..size)
            .map(|y| {
                let dy = proto.digits(y);
                dx.iter()
                    .zip(&dy)
                    .map(|(a, b)| if a == b { t / &z } else { &one / &z })
                    .product()
            })
            .collect();
        rows.push(row);
    }
    Mechanism {
        n,
        m,
        rows,
        name: format!("product-RR(t={t})"),
    }
}

/// All symmetric binary-row mechanisms on n rows: `M(x)` depends only on the number of ones,
/// with each of the n+1 rows in `Δ_k^N`.
pub fn symmetric_family(n: usize, k: usize, big_n: u32) -> Vec<Mechanism> {
    let pts = simplex(k, big_n);
    let mut out = Vec::new();
    let mut choice = vec![0usize; n + 1];
    loop {
        let by_count: Vec<Vec<Rational>> = choice.iter().map(|&c| pts[c].clone()).collect();
        let size = 1usize << n;
        let rows: Vec<Vec<Rational>> = (0..size)
            .map(|x| by_count[(x as u32).count_ones() as usize].clone())
            .collect();
        out.push(Mechanism {
            n,
            m: 2,
            rows,
            name: "symmetric".into(),
        });
        // Next choice (odometer).
        let mut i = 0;
        loop {
            if i == n + 1 {
                return out;
            }
            choice[i] += 1;
            if choice[i] < pts.len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}

/// `count` seeded random mechanisms on `m^n` databases with `k` outputs; rows in `Δ_k^N`
/// with full support when `full` (finite DP level).
pub fn random_family(
    n: usize,
    m: usize,
    k: usize,
    big_n: u32,
    count: usize,
    seed: u64,
    full: bool,
) -> Vec<Mechanism> {
    let mut g = SplitMix(seed);
    (0..count)
        .map(|j| {
            let rows = (0..m.pow(n as u32))
                .map(|_| {
                    if full {
                        g.full_dist(k, big_n)
                    } else {
                        g.dist(k, big_n)
                    }
                })
                .collect();
            Mechanism {
                n,
                m,
                rows,
                name: format!("random(seed={seed},#{j})"),
            }
        })
        .collect()
}

/// Which inputs the simulator of Definition 2 receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimReading {
    /// `S(q, i, x_{-i})`: the position of the removed row is known to S.
    IndexKnown,
    /// `S(q, x_{-i})` with `x_{-i}` an (n−1)-tuple without the position.
    IndexUnknown,
}

impl fmt::Display for SimReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimReading::IndexKnown => f.write_str("S gets (i, x_-i)"),
            SimReading::IndexUnknown => f.write_str("S gets x_-i without i"),
        }
    }
}

/// The classes `X(z)` of databases sharing one simulator input z under a reading.
pub fn simulator_classes(mech: &Mechanism, reading: SimReading) -> Vec<(String, Vec<usize>)> {
    use std::collections::BTreeMap;
    let mut classes: BTreeMap<(Option<usize>, Vec<usize>), Vec<usize>> = BTreeMap::new();
    for x in 0..mech.size() {
        let d = mech.digits(x);
        for i in 0..mech.n {
            let mut rest = d.clone();
            rest.remove(i);
            let key = match reading {
                SimReading::IndexKnown => (Some(i), rest),
                SimReading::IndexUnknown => (None, rest),
            };
            let e = classes.entry(key).or_default();
            if !e.contains(&x) {
                e.push(x);
            }
        }
    }
    classes
        .into_iter()
        .map(|((i, rest), xs)| {
            let label = match i {
                Some(i) => format!("i={} x_-i={rest:?}", i + 1),
                None => format!("x_-i={rest:?}"),
            };
            (label, xs)
        })
        .collect()
}

/// The exact simulation level of one class, squared: the least `s²` such that some
/// distribution S has `M(x)(y)/s ≤ S(y) ≤ s·M(x)(y)` for all `x` in the class and all y.
///
/// By the box characterisation of `vadhan.md` (VAD-D6), S exists at level s iff
/// `L_y = max_x M(x)(y)/s ≤ U_y = s·min_x M(x)(y)` for all y and `Σ L_y ≤ 1 ≤ Σ U_y`, i.e.
/// `s² ≥ max_y max_x M(x)(y)/min_x M(x)(y)`, `s ≥ Σ_y max_x M(x)(y)` and
/// `s ≥ 1/Σ_y min_x M(x)(y)`. Returns `None` for an infinite level (a zero next to a nonzero
/// in some column). The returned simulator attains the level; [`sim_valid`] re-checks it.
pub fn sim_level_sq(mech: &Mechanism, class: &[usize]) -> Option<Rational> {
    let k = mech.outputs();
    let mut s2 = r(1, 1);
    let mut sum_max = r(0, 1);
    let mut sum_min = r(0, 1);
    for y in 0..k {
        let vals: Vec<&Rational> = class.iter().map(|&x| &mech.rows[x][y]).collect();
        let mx = vals.iter().copied().max().expect("nonempty class").clone();
        let mn = vals.iter().copied().min().expect("nonempty class").clone();
        if mx > 0u32 {
            if mn == 0u32 {
                return None;
            }
            let q = &mx / &mn;
            if q > s2 {
                s2 = q;
            }
        }
        sum_max += mx;
        sum_min += mn;
    }
    let a = &sum_max * &sum_max;
    if a > s2 {
        s2 = a;
    }
    let b = r(1, 1) / (&sum_min * &sum_min);
    if b > s2 {
        s2 = b;
    }
    Some(s2)
}

/// A simulator output for a class at level s (given s² and an exact s when s² is a square
/// of the candidate), built as `L + λ(U − L)`; `None` when the box is empty.
pub fn build_simulator(mech: &Mechanism, class: &[usize], s: &Rational) -> Option<Vec<Rational>> {
    let k = mech.outputs();
    let mut lo = Vec::with_capacity(k);
    let mut hi = Vec::with_capacity(k);
    for y in 0..k {
        let vals: Vec<&Rational> = class.iter().map(|&x| &mech.rows[x][y]).collect();
        let mx = vals.iter().copied().max()?.clone();
        let mn = vals.iter().copied().min()?.clone();
        lo.push(&mx / s);
        hi.push(s * &mn);
    }
    let sl: Rational = lo.iter().cloned().sum();
    let sh: Rational = hi.iter().cloned().sum();
    if lo.iter().zip(&hi).any(|(a, b)| a > b) || sl > 1u32 || sh < 1u32 {
        return None;
    }
    let lambda = if sh == sl {
        r(0, 1)
    } else {
        (r(1, 1) - &sl) / (&sh - &sl)
    };
    Some(
        lo.iter()
            .zip(&hi)
            .map(|(a, b)| a + &lambda * (b - a))
            .collect(),
    )
}

/// Both D_∞ constraints of Definition 2 for a simulator output S against every x in a class.
pub fn sim_valid(mech: &Mechanism, class: &[usize], s: &Rational, sim: &[Rational]) -> bool {
    let total: Rational = sim.iter().cloned().sum();
    total == 1u32
        && sim.iter().all(|v| *v >= 0u32)
        && class.iter().all(|&x| {
            max_ratio(&mech.rows[x], sim).at_most(s) && max_ratio(sim, &mech.rows[x]).at_most(s)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_rr_level_is_t() {
        for t in [r(2, 1), r(5, 4)] {
            let m = product_rr(2, 2, &t);
            assert_eq!(m.level(), ExtRational::Finite(t.clone()));
            for row in &m.rows {
                assert_eq!(row.iter().cloned().sum::<Rational>(), r(1, 1));
            }
        }
    }

    #[test]
    fn neighbours_of_binary_pairs() {
        let m = product_rr(2, 2, &r(2, 1));
        assert_eq!(m.neighbours().len(), 8);
        assert_eq!(m.digits(2), vec![1, 0]);
        assert_eq!(m.index(&[1, 1]), 3);
    }

    #[test]
    fn simulator_box_is_tight() {
        // n = 1, RR at t = 4: the simulator input is empty. Column ratios are t = 4, the sum
        // of column maxima is 2t/(1+t) = 8/5 and the sum of minima 2/(1+t) = 2/5, so the
        // least level is s = max(2, 8/5, 5/2) = 5/2.
        let t = r(4, 1);
        let m = product_rr(1, 2, &t);
        let classes = simulator_classes(&m, SimReading::IndexKnown);
        assert_eq!(classes.len(), 1);
        let s2 = sim_level_sq(&m, &classes[0].1).unwrap();
        assert_eq!(s2, r(25, 4));
        let s = r(5, 2);
        let sim = build_simulator(&m, &classes[0].1, &s).unwrap();
        assert!(sim_valid(&m, &classes[0].1, &s, &sim));
        // Slightly below the level, no simulator exists.
        assert!(build_simulator(&m, &classes[0].1, &r(249, 100)).is_none());
    }

    proptest::proptest! {
        /// The closed form agrees with the construction: at any rational level s, a simulator
        /// is built iff s² reaches the least level, and every built simulator is valid.
        #[test]
        fn closed_form_matches_construction(seed in 0u64..500, num in 9u32..40) {
            let s = Rational::from_unsigneds(num, 8);
            let mech = &random_family(2, 2, 3, 6, 1, seed, true)[0];
            for reading in [SimReading::IndexKnown, SimReading::IndexUnknown] {
                for (_, class) in simulator_classes(mech, reading) {
                    let need = sim_level_sq(mech, &class).unwrap();
                    let built = build_simulator(mech, &class, &s);
                    proptest::prop_assert_eq!(built.is_some(), &s * &s >= need);
                    if let Some(sim) = built {
                        proptest::prop_assert!(sim_valid(mech, &class, &s, &sim));
                    }
                }
            }
        }
    }
}
