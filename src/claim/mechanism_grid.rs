//! Seeded, reproducible families of database mechanisms ([`DatabaseMechanism`]) for the
//! claim checkers: per-row randomized response, the symmetric binary-row mechanisms, seeded
//! random rational mechanisms, the default grid and the larger grids of `dpcert search`
//! (`vadhan.md` §0 SEARCH; shared by the Vadhan, Cuff–Yu, article and cross-document checks).

use crate::claim::instances::{r, simplex, t_small, SplitMix};
use crate::mechanism::database::{product_randomized_response, DatabaseMechanism};
use crate::num::Rational;
use std::fmt;

/// All symmetric binary-row mechanisms on n rows: `M(x)` depends only on the number of ones,
/// with each of the n+1 rows in `Δ_k^N`.
pub fn symmetric_family(n: usize, k: usize, big_n: u32) -> Vec<DatabaseMechanism> {
    let pts = simplex(k, big_n);
    let mut out = Vec::new();
    let mut choice = vec![0usize; n + 1];
    loop {
        let by_count: Vec<Vec<Rational>> = choice.iter().map(|&c| pts[c].clone()).collect();
        let size = 1usize << n;
        let rows: Vec<Vec<Rational>> = (0..size)
            .map(|x| by_count[(x as u32).count_ones() as usize].clone())
            .collect();
        out.push(DatabaseMechanism {
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
) -> Vec<DatabaseMechanism> {
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
            DatabaseMechanism {
                n,
                m,
                rows,
                name: format!("random(seed={seed},#{j})"),
            }
        })
        .collect()
}

/// A reproducible family of mechanisms.
#[derive(Clone, Debug)]
pub enum MechanismFamily {
    /// Per-row k-ary randomized response with independent coins.
    Rr { n: usize, m: usize, t: Rational },
    /// Binary rows, output depends on the number of ones, rows in `Δ_k^N`.
    Sym { n: usize, k: usize, big_n: u32 },
    /// Seeded random rational mechanisms.
    Rand {
        n: usize,
        m: usize,
        k: usize,
        big_n: u32,
        count: usize,
        seed: u64,
        full: bool,
    },
}

impl fmt::Display for MechanismFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MechanismFamily::Rr { n, m, t } => write!(f, "product-RR n={n} |X|={m} t={t}"),
            MechanismFamily::Sym { n, k, big_n } => write!(f, "symmetric n={n} |Y|={k} N={big_n}"),
            MechanismFamily::Rand {
                n,
                m,
                k,
                big_n,
                count,
                seed,
                full,
            } => write!(
                f,
                "random n={n} |X|={m} |Y|={k} N={big_n} count={count} seed={seed}{}",
                if *full { " full-support" } else { "" }
            ),
        }
    }
}

/// The `out_of_range` record of a cell whose mechanisms all have infinite DP level (issue 44
/// item 6): a statement about ε-DP mechanisms (a finite level) has no instance there, and the
/// checker recomputes each level from its `dp_level` record. `None` unless recording, the cell
/// is not empty and every level is infinite.
pub fn infinite_level_record(mechs: &[DatabaseMechanism]) -> Option<serde_json::Value> {
    if !crate::certify::recording() || mechs.is_empty() {
        return None;
    }
    let recs: Option<Vec<_>> = mechs.iter().map(infinite_level_dp_record).collect();
    Some(
        serde_json::json!({"kind": "out_of_range", "hypothesis": "finite_dp_level", "mechanisms": recs?}),
    )
}

/// The `dp_level` record of `mech` (its neighbour pairs and the witness the checker recomputes
/// the level from) when its pure-DP level is infinite; `None` when it is finite.
pub fn infinite_level_dp_record(mech: &DatabaseMechanism) -> Option<serde_json::Value> {
    let pairs: Vec<(usize, usize)> = mech
        .neighbours()
        .iter()
        .filter(|&&(x, xp, _)| x < xp)
        .map(|&(x, xp, _)| (x, xp))
        .collect();
    let lvl = crate::measure::max_ratio_rows(&mech.rows, &pairs);
    if lvl.ratio != crate::measure::ExtRational::Infinite {
        return None;
    }
    let w = (lvl.pair.0, lvl.pair.1, lvl.output);
    let id = format!("DP level of {mech}");
    Some(crate::certify::dp_level(&id, &mech.rows, &pairs, None, w))
}

impl MechanismFamily {
    pub fn build(&self) -> Vec<DatabaseMechanism> {
        match self {
            MechanismFamily::Rr { n, m, t } => vec![product_randomized_response(*n, *m, t)],
            MechanismFamily::Sym { n, k, big_n } => symmetric_family(*n, *k, *big_n),
            MechanismFamily::Rand {
                n,
                m,
                k,
                big_n,
                count,
                seed,
                full,
            } => random_family(*n, *m, *k, *big_n, *count, *seed, *full),
        }
    }
}

/// The default mechanism grid: product RR (n ≤ 3 binary, n = 2 ternary), symmetric
/// mechanisms (n = 2, 3), and seeded random mechanisms (with and without zeros).
pub fn default_mechanism_families() -> Vec<MechanismFamily> {
    let mut v = Vec::new();
    for t in t_small() {
        for n in 1..=3 {
            v.push(MechanismFamily::Rr {
                n,
                m: 2,
                t: t.clone(),
            });
        }
    }
    v.push(MechanismFamily::Rr {
        n: 2,
        m: 3,
        t: r(2, 1),
    });
    v.push(MechanismFamily::Sym {
        n: 2,
        k: 2,
        big_n: 4,
    });
    v.push(MechanismFamily::Sym {
        n: 3,
        k: 2,
        big_n: 3,
    });
    for (n, m, k, big_n, count, seed, full) in [
        (1, 2, 3, 8, 40, 1, true),
        (2, 2, 2, 6, 40, 2, true),
        (2, 2, 3, 8, 40, 3, true),
        (3, 2, 2, 6, 30, 4, true),
        (2, 3, 3, 9, 20, 5, true),
        (2, 2, 3, 4, 40, 6, false),
    ] {
        v.push(MechanismFamily::Rand {
            n,
            m,
            k,
            big_n,
            count,
            seed,
            full,
        });
    }
    v
}

/// Families for `dpcert search` at size s: more and larger random mechanisms, finer
/// symmetric grids.
pub fn mechanism_families_beyond(s: usize) -> Vec<MechanismFamily> {
    let seed = 1000 + s as u64;
    let step = Rational::from_unsigneds(1u64, 2 + s as u64);
    vec![
        // Product randomized response off the grid's t values: three binary rows, and two
        // ternary rows (the grid's product-RR instances are where several claims fail).
        MechanismFamily::Rr {
            n: 3,
            m: 2,
            t: r(1, 1) + &step,
        },
        MechanismFamily::Rr {
            n: 2,
            m: 3,
            t: r(1, 1) + step * r(2, 1),
        },
        MechanismFamily::Sym {
            n: 2,
            k: 3,
            big_n: 2 + s as u32,
        },
        MechanismFamily::Rand {
            n: 2,
            m: 2,
            k: 4,
            big_n: 8 + s as u32,
            count: 100,
            seed,
            full: true,
        },
        MechanismFamily::Rand {
            n: 3,
            m: 2,
            k: 3,
            big_n: 6 + s as u32,
            count: 50,
            seed: seed + 1,
            full: true,
        },
        MechanismFamily::Rand {
            n: 2,
            m: 3,
            k: 3,
            big_n: 6 + s as u32,
            count: 50,
            seed: seed + 2,
            full: s.is_multiple_of(2),
        },
    ]
}
