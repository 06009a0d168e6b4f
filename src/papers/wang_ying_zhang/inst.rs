//! Instance types of the Wang–Ying–Zhang checkers and a helper that folds many exact sub-checks
//! of one instance into one [`Check`].
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::core::{alpha_grid, prior_grid, small_spaces, Prior, Space};
use crate::num::Rational;
use std::fmt;

/// (n, m).
#[derive(Clone, Debug)]
pub struct Nm {
    pub n: usize,
    pub m: usize,
}

impl fmt::Display for Nm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={} m={}", self.n, self.m)
    }
}

impl Nm {
    pub fn space(&self) -> Space {
        Space::new(self.n, self.m)
    }
}

/// (n, m, α).
#[derive(Clone, Debug)]
pub struct NmAlpha {
    pub n: usize,
    pub m: usize,
    pub alpha: Rational,
}

impl fmt::Display for NmAlpha {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={} m={} alpha={}", self.n, self.m, self.alpha)
    }
}

/// (n, m, prior).
#[derive(Clone, Debug)]
pub struct Nmp {
    pub n: usize,
    pub m: usize,
    pub prior: Prior,
}

impl fmt::Display for Nmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={} m={} prior={}", self.n, self.m, self.prior)
    }
}

/// (n, m, α, prior).
#[derive(Clone, Debug)]
pub struct NmAlphaPrior {
    pub n: usize,
    pub m: usize,
    pub alpha: Rational,
    pub prior: Prior,
}

impl fmt::Display for NmAlphaPrior {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} m={} alpha={} prior={}",
            self.n, self.m, self.alpha, self.prior
        )
    }
}

/// (n, m) with mⁿ ≤ limit, n ≥ 1, m ≥ 2 (enumeration checks), in order of size.
pub fn nm_upto(limit: usize) -> Vec<Nm> {
    let mut v = Vec::new();
    for n in 1..=12 {
        for m in 2..=limit {
            if m.checked_pow(n as u32).is_some_and(|s| s <= limit) {
                v.push(Nm { n, m });
            }
        }
    }
    v.sort_by_key(|x| (x.m.pow(x.n as u32), x.n));
    v
}

/// Beyond family for (n, m) claims: size k gives every (n, m) with mⁿ in (k-th band].
pub fn nm_beyond(k: usize) -> Vec<Nm> {
    let lo = 9 * 4usize.pow(k as u32 - 1);
    let hi = 9 * 4usize.pow(k as u32);
    let mut v = Vec::new();
    for n in 1..=20 {
        for m in 2..=hi {
            let s = m.checked_pow(n as u32).unwrap_or(usize::MAX);
            if s > lo && s <= hi {
                v.push(Nm { n, m });
            }
        }
    }
    v
}

/// Beyond family for (n, m, α): the spaces of [`nm_beyond`] with mⁿ ≤ 64, × the α grid.
pub fn nm_alpha_beyond(k: usize) -> Vec<NmAlpha> {
    let mut v = Vec::new();
    for nm in nm_beyond(k) {
        if nm.m.pow(nm.n as u32) > 64 {
            continue;
        }
        for alpha in alpha_grid() {
            v.push(NmAlpha {
                n: nm.n,
                m: nm.m,
                alpha,
            });
        }
    }
    v
}

/// Every (n, m) of the default grid × α grid.
pub fn grid_nm_alpha() -> Vec<NmAlpha> {
    let mut v = Vec::new();
    for s in small_spaces() {
        for alpha in alpha_grid() {
            v.push(NmAlpha {
                n: s.n,
                m: s.m,
                alpha,
            });
        }
    }
    v
}

/// Every (n, m) × prior of the default grid.
pub fn grid_nmp() -> Vec<Nmp> {
    let mut v = Vec::new();
    for s in small_spaces() {
        for prior in prior_grid(&s) {
            v.push(Nmp {
                n: s.n,
                m: s.m,
                prior,
            });
        }
    }
    v
}

/// Every (n, m) × α × prior of the default grid.
pub fn grid_nm_alpha_prior() -> Vec<NmAlphaPrior> {
    let mut v = Vec::new();
    for s in small_spaces() {
        for alpha in alpha_grid() {
            for prior in prior_grid(&s) {
                v.push(NmAlphaPrior {
                    n: s.n,
                    m: s.m,
                    alpha: alpha.clone(),
                    prior,
                });
            }
        }
    }
    v
}

/// Beyond family for (n, m, α, prior): size k uses spaces with mⁿ in (9·4^{k−1}, 9·4^k], capped.
pub fn nm_alpha_prior_beyond(k: usize) -> Vec<NmAlphaPrior> {
    let mut v = Vec::new();
    for nm in nm_beyond(k) {
        if nm.m.pow(nm.n as u32) > 64 {
            continue;
        }
        let s = nm.space();
        for alpha in alpha_grid() {
            for prior in prior_grid(&s) {
                v.push(NmAlphaPrior {
                    n: s.n,
                    m: s.m,
                    alpha: alpha.clone(),
                    prior,
                });
            }
        }
    }
    v
}

/// Beyond family for (n, m, prior): spaces of [`nm_beyond`] with mⁿ ≤ 64, the default priors.
pub fn nmp_beyond(k: usize) -> Vec<Nmp> {
    let mut v = Vec::new();
    for nm in nm_beyond(k) {
        if nm.m.pow(nm.n as u32) > 64 {
            continue;
        }
        let s = nm.space();
        for prior in prior_grid(&s) {
            v.push(Nmp {
                n: s.n,
                m: s.m,
                prior,
            });
        }
    }
    v
}
