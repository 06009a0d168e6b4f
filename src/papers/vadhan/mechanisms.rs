//! Simulator feasibility (Vadhan, Definition 2) for database mechanisms
//! ([`DatabaseMechanism`], in the library with the fixture families in
//! `crate::claim::mechanism_grid`): the classes of databases sharing a simulator input under
//! the two readings, the exact least simulation level, and a simulator attaining it.

use crate::claim::instances::r;
use crate::measure::{max_ratio, ExtRational};
use crate::mechanism::database::DatabaseMechanism;
use crate::num::Rational;
use std::fmt;

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
pub fn simulator_classes(
    mech: &DatabaseMechanism,
    reading: SimReading,
) -> Vec<(String, Vec<usize>)> {
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
/// `s ≥ 1/Σ_y min_x M(x)(y)`. `∞` when a zero faces a nonzero in some column. The returned simulator attains the level; [`sim_valid`] re-checks it.
pub fn sim_level_sq(mech: &DatabaseMechanism, class: &[usize]) -> ExtRational {
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
                return ExtRational::Infinite;
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
    ExtRational::Finite(s2)
}

/// A simulator output for a class at level s (given s² and an exact s when s² is a square
/// of the candidate), built as `L + λ(U − L)`; `None` when the box is empty.
pub fn build_simulator(
    mech: &DatabaseMechanism,
    class: &[usize],
    s: &Rational,
) -> Option<Vec<Rational>> {
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
pub fn sim_valid(
    mech: &DatabaseMechanism,
    class: &[usize],
    s: &Rational,
    sim: &[Rational],
) -> bool {
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
    use crate::claim::mechanism_grid::random_family;
    use crate::mechanism::database::product_randomized_response;

    #[test]
    fn simulator_box_is_tight() {
        // n = 1, RR at t = 4: the simulator input is empty. Column ratios are t = 4, the sum
        // of column maxima is 2t/(1+t) = 8/5 and the sum of minima 2/(1+t) = 2/5, so the
        // least level is s = max(2, 8/5, 5/2) = 5/2.
        let t = r(4, 1);
        let m = product_randomized_response(1, 2, &t);
        let classes = simulator_classes(&m, SimReading::IndexKnown);
        assert_eq!(classes.len(), 1);
        let s2 = sim_level_sq(&m, &classes[0].1).into_finite().unwrap();
        assert_eq!(s2, r(25, 4));
        let s = r(5, 2);
        let sim = build_simulator(&m, &classes[0].1, &s).unwrap();
        assert!(sim_valid(&m, &classes[0].1, &s, &sim));
        // Slightly below the level, no simulator exists.
        assert!(build_simulator(&m, &classes[0].1, &r(249, 100)).is_none());
    }

    /// The library's row slices are the index-known simulator classes (same labels, same
    /// databases in the same order), on every grid family.
    #[test]
    fn index_known_classes_are_the_row_slices() {
        for fam in crate::claim::mechanism_grid::default_mechanism_families() {
            for mech in fam.build().iter().take(3) {
                let classes: Vec<(String, Vec<Vec<Rational>>)> =
                    simulator_classes(mech, SimReading::IndexKnown)
                        .into_iter()
                        .map(|(l, xs)| (l, xs.iter().map(|&x| mech.rows[x].clone()).collect()))
                        .collect();
                assert_eq!(classes, mech.row_slices(), "{fam}");
            }
        }
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
                    let need = sim_level_sq(mech, &class).into_finite().unwrap();
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
