//! Instance families of mechanisms for the Vadhan checkers (`vadhan.md` §0 SEARCH).

use super::mechanisms::{product_rr, random_family, symmetric_family, Mechanism};
use crate::claim::instances::{r, t_small};
use crate::num::Rational;
use std::fmt;

/// A reproducible family of mechanisms.
#[derive(Clone, Debug)]
pub enum Fam {
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

impl fmt::Display for Fam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fam::Rr { n, m, t } => write!(f, "product-RR n={n} |X|={m} t={t}"),
            Fam::Sym { n, k, big_n } => write!(f, "symmetric n={n} |Y|={k} N={big_n}"),
            Fam::Rand {
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

impl Fam {
    pub fn build(&self) -> Vec<Mechanism> {
        match self {
            Fam::Rr { n, m, t } => vec![product_rr(*n, *m, t)],
            Fam::Sym { n, k, big_n } => symmetric_family(*n, *k, *big_n),
            Fam::Rand {
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
pub fn default_fams() -> Vec<Fam> {
    let mut v = Vec::new();
    for t in t_small() {
        for n in 1..=3 {
            v.push(Fam::Rr {
                n,
                m: 2,
                t: t.clone(),
            });
        }
    }
    v.push(Fam::Rr {
        n: 2,
        m: 3,
        t: r(2, 1),
    });
    v.push(Fam::Sym {
        n: 2,
        k: 2,
        big_n: 4,
    });
    v.push(Fam::Sym {
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
        v.push(Fam::Rand {
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
pub fn beyond_fams(s: usize) -> Vec<Fam> {
    let seed = 1000 + s as u64;
    let step = Rational::from_unsigneds(1u64, 2 + s as u64);
    vec![
        // Product randomized response off the grid's t values: three binary rows, and two
        // ternary rows (the grid's product-RR instances are where several claims fail).
        Fam::Rr {
            n: 3,
            m: 2,
            t: r(1, 1) + &step,
        },
        Fam::Rr {
            n: 2,
            m: 3,
            t: r(1, 1) + step * r(2, 1),
        },
        Fam::Sym {
            n: 2,
            k: 3,
            big_n: 2 + s as u32,
        },
        Fam::Rand {
            n: 2,
            m: 2,
            k: 4,
            big_n: 8 + s as u32,
            count: 100,
            seed,
            full: true,
        },
        Fam::Rand {
            n: 3,
            m: 2,
            k: 3,
            big_n: 6 + s as u32,
            count: 50,
            seed: seed + 1,
            full: true,
        },
        Fam::Rand {
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
