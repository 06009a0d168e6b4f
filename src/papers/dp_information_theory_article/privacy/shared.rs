//! The definitions the claim groups of `privacy` share (issue 43, item 1: out of
//! `privacy.rs`, which the groups imported whole while it listed them, a circle).

#![allow(clippy::needless_range_loop)]
pub(crate) use super::super::core::{chan, dist, posterior};
pub(crate) use super::super::core::{channels, dh, dv, q, Div, Named, ORDERS};
pub(crate) use crate::claim::instances::{fmt_rows, fmt_vec, simplex, t_set, SplitMix};
pub(crate) use crate::claim::mechanism_grid::{default_mechanism_families, MechanismFamily};
pub(crate) use crate::claim::scan::{Agree, DScan, Decider, Scan};
pub(crate) use crate::claim::{
    undecided_because, Check, ClaimChecker, Family, Method, Outcome, Value,
};
pub(crate) use crate::measure::capacity_bracket_exact;
pub(crate) use crate::measure::dp_capacity_bound_bits_at_eps_one_vs;
pub(crate) use crate::measure::{
    event_probability, hockey_stick_two_sided, kl, max_ratio, max_ratio_two_sided, ExtRational,
};
pub(crate) use crate::measure::{
    extended_le, product_flat, renyi_diameter, renyi_mutual_information, renyi_power_sum,
    RenyiOrder,
};
pub(crate) use crate::mechanism::database::DatabaseMechanism;
pub(crate) use crate::num::interval::Interval;
pub(crate) use crate::num::loglin::LogLinear;
pub(crate) use crate::num::{Decision, RatFn, Rational};
pub(crate) use crate::prob::{joint_rows, output_rows};
pub(crate) use malachite::base::num::arithmetic::traits::Pow;
pub(crate) use std::cmp::Ordering;
pub(crate) use std::fmt;

/// The channel from row `i` to Y under a joint `P_D` over the databases of `mech`:
/// `(P(x_i), P(y | x_i) = Σ_{x: x_i} P_D(x) M(x)(y) / P(x_i))` (rows of probability-zero
/// values are set to the first database's row; they carry no weight).
pub(crate) fn row_channel(
    mech: &DatabaseMechanism,
    pd: &[Rational],
    i: usize,
) -> (Vec<Rational>, Vec<Vec<Rational>>) {
    let k = mech.outputs();
    let mut px = vec![Rational::from(0u32); mech.m];
    let mut rows = vec![vec![Rational::from(0u32); k]; mech.m];
    for (x, p) in pd.iter().enumerate() {
        let a = mech.digits(x)[i];
        px[a] += p.clone();
        for y in 0..k {
            rows[a][y] += p * &mech.rows[x][y];
        }
    }
    for a in 0..mech.m {
        if px[a] > 0u32 {
            for y in 0..k {
                rows[a][y] /= &px[a];
            }
        } else {
            rows[a] = mech.rows[0].clone();
        }
    }
    (px, rows)
}

/// `I_α(X_i; Y)` under the joint `P_D`.
pub(crate) fn mi_row(o: RenyiOrder, mech: &DatabaseMechanism, pd: &[Rational], i: usize) -> Div {
    let (px, w) = row_channel(mech, pd, i);
    renyi_mutual_information(o, &dist(&px), &chan(&w))
}

/// The two-point joint `(1−η) δ_b + η δ_a` over databases.
pub(crate) fn two_point(size: usize, a: usize, b: usize, eta: &Rational) -> Vec<Rational> {
    let mut pd = vec![Rational::from(0u32); size];
    pd[b] += Rational::from(1u32) - eta;
    pd[a] += eta.clone();
    pd
}

/// Semantics (A) at α = ∞ for row i: the exact sup `ln max M(x)(y)/M(x')(y)` over databases
/// with `x_i ≠ x'_i` (upper bound: `P(y|x_i)/P(y)` is a ratio of mixtures of rows with
/// different row-i values... bounded by that max; approached by two-point joints), and the best
/// two-point witness at η.
pub(crate) fn level_a(
    mech: &DatabaseMechanism,
    i: usize,
    eta: &Rational,
) -> (ExtRational, Div, String) {
    let mut up = ExtRational::Finite(Rational::from(1u32));
    let mut wit: Div = Some(LogLinear::zero());
    let mut wtxt = String::new();
    for a in 0..mech.size() {
        for b in 0..mech.size() {
            if mech.digits(a)[i] == mech.digits(b)[i] {
                continue;
            }
            let r = max_ratio(&mech.rows[a], &mech.rows[b]);
            up = up.max(r);
            let pd = two_point(mech.size(), a, b, eta);
            let v = mi_row(RenyiOrder::Inf, mech, &pd, i);
            if extended_le(&v, &wit) == Decision::False {
                wit = v;
                wtxt = format!(
                    "P_D = (1-eta) delta_{:?} + eta delta_{:?}",
                    mech.digits(b),
                    mech.digits(a)
                );
            }
        }
    }
    (up, wit, wtxt)
}

pub(crate) fn ratio_div(r: &ExtRational) -> Div {
    match r {
        ExtRational::Finite(x) => Some(LogLinear::ln(x)),
        ExtRational::Infinite => None,
    }
}

/// ART-D7 (l.492–505), semantics (A): "it is ε-private precisely when it is ε-private at all
/// levels". For each mechanism with its exact per-row DP level L (ε = ln L), the article's level
/// at α = ∞ (ε-private at all levels ⇔ at α = ∞, by ART-14) is compared with ln L: agreement
/// is certified when the exact sup `ln max ratio over x_i ≠ x'_i` is ≤ ln L, disagreement when
/// a two-point joint (η = 2^-20) gives `I_∞(X_i;Y) > ln L` exactly.
pub(crate) fn check_d7(fam: &MechanismFamily) -> Check {
    let eta = Rational::from_unsigneds(1u64, 1u64 << 20);
    let mut a = Agree::new();
    let mut open: Option<String> = None;
    for mech in fam.build() {
        let ExtRational::Finite(l) = mech.level() else {
            continue;
        };
        let eps = Some(LogLinear::ln(&l));
        let mut dp_private_at_all_levels = true;
        let mut note = String::new();
        // Each row decided by extended log-linear comparisons with their records (issue 44
        // item 6); a row neither decides leaves the mechanism without records.
        let mut st = Decider::new();
        for i in 0..mech.n {
            let (up, wit, wtxt) = level_a(&mech, i, &eta);
            if st.ext(&ratio_div(&up), "<=", &eps) {
                continue;
            }
            if !st.ext(&wit, "<=", &eps) {
                dp_private_at_all_levels = false;
                note = format!(
                    "row {}: {wtxt}, eta = 2^-20: I_inf(X_i;Y) = {} > eps = ln {l} = {}; sup = ln {up}",
                    i + 1,
                    dv(&wit).decimal,
                    dv(&eps).decimal
                );
                break;
            }
            // Sup above ln L but the η = 2^-20 witness not above it: not decided.
            st.unrecorded(true);
            if open.is_none() {
                open = Some(format!(
                    "{mech}: row {} sup ln {up} > eps but witness not separated",
                    i + 1
                ));
            }
        }
        let dp = dp_private_at_all_levels;
        a.push_recorded(dp, st.records(), || {
            format!("{mech}: {note} (forms give true vs {dp})")
        });
    }
    let mut c = a.finish(
        "eps-DP (eps = ln exact level)  <=>  eps-private at all levels (sup over all joint P_D, alpha = inf)",
        Method::LogLinear,
    );
    if let (Some(w), Outcome::Holds) = (open, c.outcome) {
        c.outcome = Outcome::Undecided;
        c.note = format!("{}; undecided: {w}", c.note);
    }
    c
}

/// ART-D7 under semantics (B) (one row random, the rest fixed; also product P_D): the level at
/// α = ∞ is the max over row channels of the diameter (= C_∞, ART-12), equal to ln L exactly;
/// at product joints of the grid `I_∞(X_i;Y) ≤ ln L`.
pub(crate) fn check_d7_fixed(fam: &MechanismFamily) -> Check {
    let mut a = Agree::new();
    for mech in fam.build() {
        let ExtRational::Finite(l) = mech.level() else {
            continue;
        };
        let eps: Div = Some(LogLinear::ln(&l));
        let mut best: Div = Some(LogLinear::zero());
        for (_, w) in mech.row_slices() {
            let d = renyi_diameter(RenyiOrder::Inf, &chan(&w));
            if extended_le(&d, &best) == Decision::False {
                best = d;
            }
        }
        // Extended log-linear comparisons, each with its record (issue 44 item 6).
        let mut st = Decider::new();
        let mut ok = st.ext_eq(&best, &eps);
        if mech.n == 2 && mech.m == 2 {
            for p1 in simplex(2, 4) {
                for p2 in simplex(2, 4) {
                    let pd: Vec<Rational> = (0..4).map(|x| &p1[x / 2] * &p2[x % 2]).collect();
                    for i in 0..2 {
                        ok &= st.ext(&mi_row(RenyiOrder::Inf, &mech, &pd, i), "<=", &eps);
                    }
                }
            }
        }
        a.push_recorded(ok, st.records(), || format!("{mech}"));
    }
    let mut c = a.finish(
        "fixed-rest level at alpha = inf = max row diameter = ln L; product-P_D values <= ln L",
        Method::LogLinear,
    );
    if c.outcome == Outcome::OutOfRange {
        let mechs = fam.build();
        c.records = crate::claim::mechanism_grid::infinite_level_record(&mechs)
            .into_iter()
            .collect();
    }
    c
}

pub(crate) fn fams_binary() -> Vec<MechanismFamily> {
    let mut v: Vec<MechanismFamily> = vec![
        MechanismFamily::Rr {
            n: 2,
            m: 2,
            t: q(2, 1),
        },
        MechanismFamily::Rr {
            n: 2,
            m: 2,
            t: q(5, 4),
        },
        MechanismFamily::Rr {
            n: 3,
            m: 2,
            t: q(2, 1),
        },
    ];
    v.extend(
        default_mechanism_families()
            .into_iter()
            .filter(|f| match f {
                MechanismFamily::Rr { .. } => false,
                MechanismFamily::Sym { .. } => true,
                MechanismFamily::Rand { n, m, .. } => *n >= 2 && *m == 2,
            }),
    );
    v
}

/// A joint over `n` binary rows and `ny` outputs, flattened as `(x_1 … x_n, y)`.
#[derive(Clone, Debug)]
pub(crate) struct Joint {
    pub(crate) n: usize,
    pub(crate) ny: usize,
    pub(crate) p: Vec<Rational>,
}

impl Joint {
    pub(crate) fn get(&self, x: usize, y: usize) -> &Rational {
        &self.p[x * self.ny + y]
    }

    /// Bits of x (row 1 most significant).
    pub(crate) fn bit(&self, x: usize, i: usize) -> usize {
        (x >> (self.n - 1 - i)) & 1
    }

    /// For each prefix `X_1..X_{i−1}` of positive probability (i is 0-based): its probability
    /// `P(prefix)`, the joint `P_{X_i Y|prefix}` flattened and the product of its marginals
    /// `P_{X_i|prefix} × P_{Y|prefix}`. With `whole`, X_i is replaced by the whole `X^n` and
    /// there is no prefix.
    pub(crate) fn prefix_joints(
        &self,
        i: usize,
        whole: bool,
    ) -> Vec<(Rational, Vec<Rational>, Vec<Rational>)> {
        let mut out = Vec::new();
        let nprefix = if whole { 1 } else { 1usize << i };
        for pre in 0..nprefix {
            // Joint of (X_i, Y) (or (X^n, Y)) restricted to the prefix.
            let kx = if whole { 1usize << self.n } else { 2 };
            let mut j = vec![vec![Rational::from(0u32); self.ny]; kx];
            for x in 0..1usize << self.n {
                if !whole && (i > 0 && (x >> (self.n - i)) != pre) {
                    continue;
                }
                let xi = if whole { x } else { self.bit(x, i) };
                for y in 0..self.ny {
                    j[xi][y] += self.get(x, y).clone();
                }
            }
            let pp: Rational = j.iter().flatten().cloned().sum();
            if pp == 0u32 {
                continue;
            }
            let px: Vec<Rational> = j
                .iter()
                .map(|r| r.iter().cloned().sum::<Rational>() / &pp)
                .collect();
            let py: Vec<Rational> = (0..self.ny)
                .map(|y| j.iter().map(|r| r[y].clone()).sum::<Rational>() / &pp)
                .collect();
            let flat: Vec<Rational> = j.iter().flatten().map(|v| v / &pp).collect();
            out.push((pp, flat, product_flat(&px, &py)));
        }
        out
    }

    /// `Σ_{prefix} P(prefix) S_α(P_{X_i Y|prefix} ‖ P_{X_i|prefix} P_{Y|prefix})`: the
    /// article's conditional Rényi MI, exponentiated (see [`Self::prefix_joints`]).
    pub(crate) fn cond_s(&self, i: usize, al: u64, whole: bool) -> Rational {
        self.prefix_joints(i, whole)
            .into_iter()
            .map(|(pp, flat, prod)| {
                &pp * renyi_power_sum(&flat, &prod, al).expect("joint << product")
            })
            .sum()
    }

    /// The α = 1 analogue: `Σ_prefix P(prefix) I(X_i;Y|prefix)` (log-linear).
    pub(crate) fn cond_kl(&self, i: usize, whole: bool) -> LogLinear {
        let mut total = LogLinear::zero();
        for (pp, flat, prod) in self.prefix_joints(i, whole) {
            total = &total + &kl(&flat, &prod).expect("finite").scale(&pp);
        }
        total
    }
}

impl fmt::Display for Joint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P(x^{},y)={}", self.n, fmt_vec(&self.p))
    }
}

/// A cell of random joints for the chain rule.
#[derive(Clone, Debug)]
pub struct ChainCell {
    pub n: usize,
    pub ny: usize,
    /// `r_i = α_i − 1` (0 = the α = 1 chain rule).
    pub r: Vec<u64>,
    pub count: usize,
    pub seed: u64,
}

impl fmt::Display for ChainCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} binary rows |Y|={} alpha_i - 1 = {:?} ({} seeded joints, denominators 12, seed {}, plus XOR and copy joints)",
            self.n, self.ny, self.r, self.count, self.seed
        )
    }
}

pub(crate) fn joints(c: &ChainCell) -> Vec<Joint> {
    let size = (1usize << c.n) * c.ny;
    let mut g = SplitMix(c.seed);
    let mut v: Vec<Joint> = (0..c.count)
        .map(|_| Joint {
            n: c.n,
            ny: c.ny,
            p: g.dist(size, 12),
        })
        .collect();
    // XOR of uniform rows (Y = parity, |Y| ≥ 2) and a copy of row 1.
    let mut xor = vec![Rational::from(0u32); size];
    let mut copy = vec![Rational::from(0u32); size];
    let u = Rational::from_unsigneds(1u64, 1u64 << c.n);
    for x in 0..1usize << c.n {
        xor[x * c.ny + (x.count_ones() as usize % 2)] = u.clone();
        copy[x * c.ny + (x >> (c.n - 1))] = u.clone();
    }
    v.push(Joint {
        n: c.n,
        ny: c.ny,
        p: xor,
    });
    v.push(Joint {
        n: c.n,
        ny: c.ny,
        p: copy,
    });
    v
}

/// Binary-row families for `dpcert search` (the Vadhan beyond families with binary rows).
pub(crate) fn fams_binary_beyond(s: usize) -> Vec<MechanismFamily> {
    crate::claim::mechanism_grid::mechanism_families_beyond(s)
        .into_iter()
        .filter(|f| match f {
            MechanismFamily::Rr { n, m, .. } | MechanismFamily::Rand { n, m, .. } => {
                *n >= 2 && *m == 2
            }
            MechanismFamily::Sym { .. } => true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mechanism::database::product_randomized_response;

    /// Product RR on two rows: the two-point joint reveals row 1 through row 2 (level t^2).
    #[test]
    fn correlated_rows_reach_the_group_level() {
        let t = q(2, 1);
        let mech = product_randomized_response(2, 2, &t);
        let (up, wit, _) = level_a(&mech, 0, &Rational::from_unsigneds(1u64, 1u64 << 20));
        assert_eq!(up, ExtRational::Finite(q(4, 1)));
        assert_eq!(extended_le(&wit, &Some(LogLinear::ln(&t))), Decision::False);
    }

    /// The chain rule at α = 1 is an identity on a literal joint (copy of row 1).
    #[test]
    fn chain_rule_identity_on_copy() {
        let c = ChainCell {
            n: 2,
            ny: 2,
            r: vec![0, 0],
            count: 0,
            seed: 0,
        };
        let j = joints(&c).pop().unwrap();
        assert!((&j.cond_kl(0, true) - &LogLinear::ln(&q(2, 1))).is_zero());
        assert!(j.cond_kl(1, false).is_zero());
    }
}
