//! Exact k-fold and heterogeneous composition of pair PLDs.
//!
//! Composing mechanisms on the same ordered pair `(x, x')` gives the product pair
//! `(P_1 × … × P_k, Q_1 × … × Q_k)`; its likelihood ratio is the product of the per-use ratios
//! and the privacy loss the sum of the per-use losses, so its PLD is the convolution of the
//! per-use PLDs (Dwork–Rothblum 2016, Lemma 3.3; Sommer–Meiser–Mohammadi 2019, Thm 1;
//! Koskela–Jälkö–Honkela, *Computing tight DP guarantees using FFT*, AISTATS 2020, §3 — here
//! without discretisation). The `+∞` mass of the product is `1 − Π_i (1 − P_i(Q_i = 0))`.
//!
//! Representation: the letters' ratios are factored over one gcd-free basis
//! ([`super::basis`]), so an *atom* of the composition (all outcomes of one ratio) is an integer
//! exponent vector with its exact P- and Q-mass, kept as natural numerators over the common
//! denominators `den_p = Π dp_i^{k_i}`, `den_q = Π dq_i^{k_i}` (no gcds on the hot path). With
//! one basis element (randomized response, geometric mechanisms: every ratio a power of one
//! number) atoms are ordered by their exponent and the support is linear in k.
//!
//! * One pair with two letters (binary randomized response, …): the atoms are binomial,
//!   `C(k, j) p_hi^j p_lo^{k−j}`, generated on demand in descending ratio from `j = k` by the
//!   exact recurrence `C(k, j−1) = C(k, j)·j/(k−j+1)` — nothing is stored, so queries that stop
//!   in the upper tail (every δ at a useful ε) touch only that tail.
//! * Otherwise the atoms are built by convolving with one use at a time (each step multiplies
//!   by the one-use numerators, small integers, so it is linear in the current support; squaring
//!   would multiply large numerators by large numerators support² times) and sorted by ratio.

use super::basis::{exponents, gcd_free_basis};
use super::pld::PairLoss;
use crate::num::binsplit::binomial_range;
use crate::num::{binomial, Natural, Rational};
use malachite::base::num::arithmetic::traits::{DivExact, Lcm, Pow};
use malachite::base::num::basic::traits::{One, Zero};
use malachite::base::num::logic::traits::SignificantBits;
use std::collections::HashMap;
use std::fmt;

/// The largest k (total number of uses) accepted.
pub const MAX_USES: u64 = 1_000_000;
/// The most atom × letter products a stored composition may cost (beyond it: `TooLarge`).
pub const MAX_WORK: u128 = 3_000_000_000;
/// The most atoms a stored composition over two or more basis elements may hold (each keeps an
/// exponent vector and two long numerators: about 250 bytes at 6 letters, k = 20, measured).
pub const MAX_ATOMS: u128 = 2_000_000;

/// Why a composition was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComposeError {
    /// k = 0 (nothing is composed), or no use at all.
    NoUse,
    /// More than [`MAX_USES`] uses.
    TooManyUses(u128),
    /// The stored support would cost more than [`MAX_WORK`] atom × letter products, or hold
    /// more than [`MAX_ATOMS`] atoms (over two or more basis elements).
    TooLarge {
        /// Atom × letter products the stored support would cost.
        estimated_work: u128,
        /// Atoms (distinct outcomes) the stored support would hold.
        atoms: u128,
    },
}

impl fmt::Display for ComposeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComposeError::NoUse => write!(f, "k must be at least 1 (nothing is composed)"),
            ComposeError::TooManyUses(k) => {
                write!(f, "k = {k} uses is more than the limit of {MAX_USES}")
            }
            ComposeError::TooLarge {
                estimated_work,
                atoms,
            } => write!(
                f,
                "the exact composition would take about {estimated_work} atom × letter products \
                 and store up to {atoms} atoms (limits {MAX_WORK}, and {MAX_ATOMS} atoms with \
                 several independent ratios): too many distinct likelihood ratios for this k"
            ),
        }
    }
}

impl std::error::Error for ComposeError {}

/// All outcomes of one likelihood ratio `Π b_j^{e_j}`: P-mass `p/den_p`, Q-mass `q/den_q`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// Exponent of each basis element: the atom's ratio is `Π basis[j]^exps[j]`.
    pub exps: Vec<i64>,
    /// P-mass numerator (over [`Composed::den_p`]).
    pub p: Natural,
    /// Q-mass numerator (over [`Composed::den_q`]).
    pub q: Natural,
}

/// One letter of one use, as numerators over that use's denominators.
#[derive(Clone, Debug)]
struct Numerators {
    exps: Vec<i64>,
    p: Natural,
    q: Natural,
}

/// The binomial atoms of `k` uses of a two-letter pair (`hi` has the larger ratio).
#[derive(Clone, Debug)]
pub(crate) struct Binomial {
    k: u64,
    hi: Numerators,
    lo: Numerators,
}

#[derive(Clone, Debug)]
enum Atoms {
    Stored(Vec<Atom>),
    Binomial(Binomial),
}

impl Binomial {
    /// The atom `m` places down the descending walk (`j = k − m` draws of the `hi` letter:
    /// `C(k, j)·hi^j·lo^{k−j}`), `None` past the last — what [`Cursor::advance`] reaches after
    /// `m` steps, computed directly.
    fn atom_at(&self, m: u64) -> Option<Atom> {
        if m > self.k {
            return None;
        }
        let (j, rest) = (self.k - m, m);
        let c = binomial(self.k, j);
        Some(Atom {
            exps: self.exps_at(m)?,
            p: &c * (&self.hi.p).pow(j) * (&self.lo.p).pow(rest),
            q: c * (&self.hi.q).pow(j) * (&self.lo.q).pow(rest),
        })
    }

    /// The P- and Q-numerator sums of the atoms at places `m1..m2` of the walk (`j` from
    /// `k − m2 + 1` to `k − m1`), by binary splitting ([`binomial_range`]: no pass over the atoms
    /// one by one).
    fn sums(&self, m1: u64, m2: u64) -> (Natural, Natural) {
        if m2 <= m1 || m1 > self.k {
            return (Natural::ZERO, Natural::ZERO);
        }
        let (j0, j1) = ((self.k + 1).saturating_sub(m2), self.k - m1);
        (
            binomial_range(self.k, j0, j1, &self.hi.p, &self.lo.p),
            binomial_range(self.k, j0, j1, &self.hi.q, &self.lo.q),
        )
    }

    /// The exponent vector of the atom at place `m` (cheap: no masses).
    fn exps_at(&self, m: u64) -> Option<Vec<i64>> {
        let j = self.k.checked_sub(m)?;
        let zero = vec![0; self.hi.exps.len()];
        Some(axpy(
            &axpy(&zero, j as i64, &self.hi.exps),
            m as i64,
            &self.lo.exps,
        ))
    }

    /// The cursor at place `m`, as [`Cursor::advance`] leaves it after `m` steps.
    pub(crate) fn cursor_at(&self, m: u64) -> Cursor<'_> {
        Cursor::Binomial {
            b: self,
            j: self.k.saturating_sub(m),
            atom: self.atom_at(m),
        }
    }

    /// Extend the numerator sums `(a, b)` of the first `m1` atoms to the first `m2`, and the
    /// exponents of the last of them.
    pub(crate) fn extend(
        &self,
        (a, b): (&Natural, &Natural),
        m1: u64,
        m2: u64,
    ) -> (Natural, Natural, Option<Vec<i64>>) {
        let (da, db) = self.sums(m1, m2);
        (
            a + da,
            b + db,
            m2.checked_sub(1).and_then(|l| self.exps_at(l)),
        )
    }

    /// The number of uses.
    pub(crate) fn k(&self) -> u64 {
        self.k
    }
}

/// An exact composed PLD: atoms by descending ratio, the mass at `+∞`, and what was composed.
#[derive(Clone, Debug)]
pub struct Composed {
    /// The gcd-free basis the exponent vectors refer to.
    pub basis: Vec<Natural>,
    /// Common denominator of the atoms' P-masses, `Π dp_i^{k_i}`.
    pub den_p: Natural,
    /// Common denominator of the atoms' Q-masses, `Π dq_i^{k_i}`.
    pub den_q: Natural,
    /// P-mass of the outcomes with infinite privacy loss.
    pub inf: Rational,
    /// The uses: each pair PLD and its number of uses, in order.
    pub uses: Vec<(PairLoss, u64)>,
    /// Per use, per letter: the exponent vector of its ratio.
    pub letter_exps: Vec<Vec<Vec<i64>>>,
    atoms: Atoms,
}

/// A position in the descending walk over the atoms (cheap to clone: a checkpoint).
#[derive(Clone, Debug)]
pub(crate) enum Cursor<'a> {
    Stored {
        atoms: &'a [Atom],
        i: usize,
    },
    Binomial {
        b: &'a Binomial,
        j: u64,
        atom: Option<Atom>,
    },
}

impl<'a> Cursor<'a> {
    /// The current atom (`None` past the last).
    pub(crate) fn atom(&self) -> Option<&Atom> {
        match self {
            Cursor::Stored { atoms, i } => atoms.get(*i),
            Cursor::Binomial { atom, .. } => atom.as_ref(),
        }
    }

    /// Move to the next atom (smaller ratio).
    pub(crate) fn advance(&mut self) {
        match self {
            Cursor::Stored { i, .. } => *i += 1,
            Cursor::Binomial { b, j, atom } => {
                let Some(a) = atom.as_mut() else { return };
                if *j == 0 {
                    *atom = None;
                    return;
                }
                // C(k, j−1) = C(k, j)·j/(k−j+1); the division is exact.
                let up = Natural::from(*j);
                let down = Natural::from(b.k - *j + 1);
                a.p = (&a.p * &up * &b.lo.p).div_exact(&down * &b.hi.p);
                a.q = (&a.q * &up * &b.lo.q).div_exact(&down * &b.hi.q);
                for ((e, h), l) in a.exps.iter_mut().zip(&b.hi.exps).zip(&b.lo.exps) {
                    *e += l - h;
                }
                *j -= 1;
            }
        }
    }
}

/// `Σ_i k_i e_i` etc.: `a + c·b` on exponent vectors.
fn axpy(a: &[i64], c: i64, b: &[i64]) -> Vec<i64> {
    a.iter().zip(b).map(|(x, y)| x + c * y).collect()
}

/// The common denominator of some rationals.
fn common_den<'a>(xs: impl Iterator<Item = &'a Rational>) -> Natural {
    xs.fold(Natural::ONE, |d, x| d.lcm(x.denominator_ref()))
}

/// The numerator of `x` over the denominator `d` (a multiple of x's).
fn over(x: &Rational, d: &Natural) -> Natural {
    x.numerator_ref() * d.div_exact(x.denominator_ref())
}

/// What [`compose`] builds before its atoms: the basis, the uses' letters as numerators, the
/// common denominators and the `+∞` mass.
struct Prepared {
    basis: Vec<Natural>,
    factors: Vec<(Vec<Numerators>, u64)>,
    letter_exps: Vec<Vec<Vec<i64>>>,
    den_p: Natural,
    den_q: Natural,
    inf: Rational,
}

fn prepare(uses: &[(PairLoss, u64)]) -> Result<Prepared, ComposeError> {
    let total: u128 = uses.iter().map(|(_, k)| *k as u128).sum();
    if uses.is_empty() || uses.iter().any(|(_, k)| *k == 0) {
        return Err(ComposeError::NoUse);
    }
    if total > MAX_USES as u128 {
        return Err(ComposeError::TooManyUses(total));
    }
    let mut ints = Vec::new();
    for (pair, _) in uses {
        for l in &pair.letters {
            let r = l.ratio();
            ints.push(r.numerator_ref().clone());
            ints.push(r.denominator_ref().clone());
        }
    }
    let basis = gcd_free_basis(&ints);
    let mut factors = Vec::new();
    let mut letter_exps = Vec::new();
    let (mut den_p, mut den_q) = (Natural::ONE, Natural::ONE);
    let mut finite = Rational::ONE;
    for (pair, k) in uses {
        let dp = common_den(pair.letters.iter().map(|l| &l.p));
        let dq = common_den(pair.letters.iter().map(|l| &l.q));
        let letters: Vec<Numerators> = pair
            .letters
            .iter()
            .map(|l| Numerators {
                exps: exponents(&l.ratio(), &basis).expect("the basis refines every ratio"),
                p: over(&l.p, &dp),
                q: over(&l.q, &dq),
            })
            .collect();
        letter_exps.push(letters.iter().map(|l| l.exps.clone()).collect());
        den_p *= (&dp).pow(*k);
        den_q *= (&dq).pow(*k);
        finite *= (Rational::ONE - &pair.inf).pow(*k);
        factors.push((letters, *k));
    }
    Ok(Prepared {
        basis,
        factors,
        letter_exps,
        den_p,
        den_q,
        inf: Rational::ONE - finite,
    })
}

impl Prepared {
    /// Streamed binomial atoms: one use of one two-letter pair.
    fn is_binomial(&self) -> bool {
        self.factors.len() == 1 && self.factors[0].0.len() == 2
    }
}

/// Bytes of memory a composition of `uses` is estimated to hold at its peak (an upper estimate
/// for [`compose`]'s stored atoms, so that `dpcert compose --max-memory` refuses before
/// allocating, issue 42 item 4): per stored atom its two numerators (at most `den_p` and
/// `den_q`: `Σ k_i log2 d_i` bits each), its exponent vector and the map or array slot, twice
/// (the support before and after one more use); a streamed binomial holds a few atoms only.
/// Errors as [`compose`] (no use, too many uses); a support past the work limit is counted as
/// it is estimated, so the estimate is finite.
pub fn memory_estimate(uses: &[(PairLoss, u64)]) -> Result<u128, ComposeError> {
    let pre = prepare(uses)?;
    let number = (pre.den_p.significant_bits() + pre.den_q.significant_bits()) as u128 / 8 + 64;
    if pre.is_binomial() {
        // The cursor's atom, the walk's prefix sums and its checkpoint, and their products.
        return Ok(16 * number);
    }
    let d = pre.basis.len() as u128;
    let (_, atoms) = estimated_work(&pre.factors, pre.basis.len());
    let per_atom = number + 8 * d + 64;
    Ok(atoms.saturating_mul(per_atom).saturating_mul(2))
}

/// Compose `k_i` uses of each pair PLD, in order (the same ordered neighbour pair throughout).
pub fn compose(uses: &[(PairLoss, u64)]) -> Result<Composed, ComposeError> {
    let pre = prepare(uses)?;
    let atoms = if pre.is_binomial() {
        let (letters, k) = &pre.factors[0];
        Atoms::Binomial(Binomial {
            k: *k,
            hi: letters[0].clone(),
            lo: letters[1].clone(),
        })
    } else {
        Atoms::Stored(convolve_all(&pre.factors, pre.basis.len())?)
    };
    Ok(Composed {
        basis: pre.basis,
        den_p: pre.den_p,
        den_q: pre.den_q,
        inf: pre.inf,
        uses: uses.to_vec(),
        letter_exps: pre.letter_exps,
        atoms,
    })
}

/// An upper estimate of the atom × letter products of [`convolve_all`]. The support after `j`
/// uses of an `m`-letter pair is at most `m^j`, at most the box of exponents reached, and at
/// most the number of multisets of `j` letters, `C(j + m − 1, m − 1)` (an atom is determined by
/// how many times each letter was drawn); for a sequence, the product over the uses so far.
/// Returns the work and the final support bound.
fn estimated_work(factors: &[(Vec<Numerators>, u64)], d: usize) -> (u128, u128) {
    let mut support: u128 = 1;
    let mut work: u128 = 0;
    // The multiset bound of the factors already composed.
    let mut multisets_before: u128 = 1;
    // Per basis direction, the span of exponents reached so far (bounds a 1-d support).
    let mut span = vec![0u128; d];
    for (letters, k) in factors {
        let m = letters.len() as u128;
        for (dim, s) in span.iter_mut().enumerate() {
            let (lo, hi) = letters.iter().fold((i64::MAX, i64::MIN), |(lo, hi), l| {
                (lo.min(l.exps[dim]), hi.max(l.exps[dim]))
            });
            if lo <= hi {
                *s += (hi - lo) as u128 * *k as u128;
            }
        }
        // C(j + m − 1, m − 1) for j = 0, 1, …: C(n + 1, r) = C(n, r)·(n + 1)/(n + 1 − r).
        let mut multisets: u128 = 1;
        for j in 1..=*k as u128 {
            let by_span = span.iter().map(|s| s + 1).product::<u128>();
            multisets = multisets
                .checked_mul(j + m - 1)
                .map_or(u128::MAX, |x| x / j);
            let by_multisets = multisets_before.saturating_mul(multisets);
            support = (support.saturating_mul(m)).min(by_span).min(by_multisets);
            work = work.saturating_add(support.saturating_mul(m));
            if work > MAX_WORK {
                return (work, support);
            }
        }
        multisets_before = multisets_before.saturating_mul(multisets);
    }
    (work, support)
}

/// Every atom of the composition, by convolving with one use at a time, sorted by descending
/// ratio (exponent order with one basis element; cross-multiplied masses otherwise).
fn convolve_all(factors: &[(Vec<Numerators>, u64)], d: usize) -> Result<Vec<Atom>, ComposeError> {
    let (w, atoms) = estimated_work(factors, d);
    if w > MAX_WORK || (d > 1 && atoms > MAX_ATOMS) {
        return Err(ComposeError::TooLarge {
            estimated_work: w,
            atoms,
        });
    }
    let mut atoms = if d == 1 {
        convolve_dense(factors)
    } else {
        convolve_sparse(factors, d)
    };
    if d > 1 {
        // Same denominators: ratio(a) > ratio(b) ⇔ a.p·b.q > b.p·a.q.
        atoms.sort_by(|a, b| (&b.p * &a.q).cmp(&(&a.p * &b.q)));
    }
    Ok(atoms)
}

/// One basis element: a dense array indexed by exponent; returned by descending exponent.
fn convolve_dense(factors: &[(Vec<Numerators>, u64)]) -> Vec<Atom> {
    // cur[i] is the atom with exponent lo + i.
    let mut lo = 0i64;
    let mut cur: Vec<(Natural, Natural)> = vec![(Natural::ONE, Natural::ONE)];
    for (letters, k) in factors {
        let emin = letters.iter().map(|l| l.exps[0]).min().expect("a letter");
        let emax = letters.iter().map(|l| l.exps[0]).max().expect("a letter");
        for _ in 0..*k {
            let width = (emax - emin) as usize;
            let mut next = vec![(Natural::ZERO, Natural::ZERO); cur.len() + width];
            for (i, (p, q)) in cur.iter().enumerate() {
                if *p == 0u32 {
                    continue;
                }
                for l in letters {
                    let slot = &mut next[i + (l.exps[0] - emin) as usize];
                    slot.0 += p * &l.p;
                    slot.1 += q * &l.q;
                }
            }
            lo += emin;
            cur = next;
        }
    }
    cur.into_iter()
        .enumerate()
        .rev()
        .filter(|(_, (p, _))| *p != 0u32)
        .map(|(i, (p, q))| Atom {
            exps: vec![lo + i as i64],
            p,
            q,
        })
        .collect()
}

/// Any number of basis elements: a map from exponent vector to masses. When every reachable
/// exponent vector fits, it is keyed by one integer `Σ e_j M_j` (balanced mixed radix
/// `M_{j+1} = M_j (2 S_j + 1)`, `|e_j| ≤ S_j`), which is additive and injective on that box.
fn convolve_sparse(factors: &[(Vec<Numerators>, u64)], d: usize) -> Vec<Atom> {
    let mut bound = vec![0i128; d]; // S_j
    for (letters, k) in factors {
        for (j, s) in bound.iter_mut().enumerate() {
            let m = letters
                .iter()
                .map(|l| l.exps[j].unsigned_abs())
                .max()
                .unwrap_or(0);
            *s = s.saturating_add((m as i128).saturating_mul(*k as i128));
        }
    }
    let mut radix = Vec::with_capacity(d);
    let mut m: Option<i128> = Some(1);
    for s in &bound {
        radix.push(m.unwrap_or(0));
        m = m.and_then(|m| m.checked_mul(s.checked_mul(2)?.checked_add(1)?));
    }
    match m {
        Some(total) if total < (1i128 << 120) => convolve_packed(factors, &bound, &radix),
        _ => convolve_vec_keys(factors, d),
    }
}

/// [`convolve_sparse`] with integer keys.
fn convolve_packed(
    factors: &[(Vec<Numerators>, u64)],
    bound: &[i128],
    radix: &[i128],
) -> Vec<Atom> {
    let key = |e: &[i64]| -> i128 { e.iter().zip(radix).map(|(x, m)| *x as i128 * m).sum() };
    let mut cur: HashMap<i128, (Natural, Natural)> = HashMap::new();
    cur.insert(0, (Natural::ONE, Natural::ONE));
    for (letters, k) in factors {
        let lk: Vec<i128> = letters.iter().map(|l| key(&l.exps)).collect();
        for _ in 0..*k {
            let mut next: HashMap<i128, (Natural, Natural)> = HashMap::with_capacity(cur.len() * 2);
            for (e, (p, q)) in &cur {
                for (l, dk) in letters.iter().zip(&lk) {
                    let slot = next.entry(e + dk).or_insert((Natural::ZERO, Natural::ZERO));
                    slot.0 += p * &l.p;
                    slot.1 += q * &l.q;
                }
            }
            cur = next;
        }
    }
    cur.into_iter()
        .map(|(mut r, (p, q))| {
            // Balanced mixed-radix digits: e_j ∈ [−S_j, S_j].
            let exps = bound
                .iter()
                .map(|s| {
                    let w = 2 * s + 1;
                    let e = (r + s).rem_euclid(w) - s;
                    r = (r - e) / w;
                    e as i64
                })
                .collect();
            Atom { exps, p, q }
        })
        .collect()
}

/// [`convolve_sparse`] keyed by the exponent vectors themselves.
fn convolve_vec_keys(factors: &[(Vec<Numerators>, u64)], d: usize) -> Vec<Atom> {
    let mut cur: HashMap<Vec<i64>, (Natural, Natural)> = HashMap::new();
    cur.insert(vec![0; d], (Natural::ONE, Natural::ONE));
    for (letters, k) in factors {
        for _ in 0..*k {
            let mut next: HashMap<Vec<i64>, (Natural, Natural)> =
                HashMap::with_capacity(cur.len() * 2);
            for (e, (p, q)) in &cur {
                for l in letters {
                    let slot = next
                        .entry(axpy(e, 1, &l.exps))
                        .or_insert((Natural::ZERO, Natural::ZERO));
                    slot.0 += p * &l.p;
                    slot.1 += q * &l.q;
                }
            }
            cur = next;
        }
    }
    cur.into_iter()
        .map(|(exps, (p, q))| Atom { exps, p, q })
        .collect()
}

impl Composed {
    /// The number of atoms (distinct finite likelihood ratios with positive P-mass).
    pub fn support(&self) -> u64 {
        match &self.atoms {
            Atoms::Stored(a) => a.len() as u64,
            Atoms::Binomial(b) => b.k + 1,
        }
    }

    /// Total number of uses.
    pub fn k(&self) -> u64 {
        self.uses.iter().map(|(_, k)| k).sum()
    }

    /// The walk over the atoms by descending ratio.
    pub(crate) fn cursor(&self) -> Cursor<'_> {
        match &self.atoms {
            Atoms::Stored(atoms) => Cursor::Stored { atoms, i: 0 },
            Atoms::Binomial(b) => Cursor::Binomial {
                b,
                j: b.k,
                atom: Some(Atom {
                    exps: axpy(&vec![0; b.hi.exps.len()], b.k as i64, &b.hi.exps),
                    p: (&b.hi.p).pow(b.k),
                    q: (&b.hi.q).pow(b.k),
                }),
            },
        }
    }

    /// Every atom, descending (tests and small supports).
    pub fn atoms(&self) -> Vec<Atom> {
        let mut c = self.cursor();
        let mut out = Vec::new();
        while let Some(a) = c.atom() {
            out.push(a.clone());
            c.advance();
        }
        out
    }

    /// The exact P- and Q-mass of an atom.
    pub fn masses(&self, a: &Atom) -> (Rational, Rational) {
        (
            Rational::from_naturals_ref(&a.p, &self.den_p),
            Rational::from_naturals_ref(&a.q, &self.den_q),
        )
    }

    /// The binomial walk, for uses of one two-letter pair.
    pub(crate) fn binomial(&self) -> Option<&Binomial> {
        match &self.atoms {
            Atoms::Binomial(b) => Some(b),
            Atoms::Stored(_) => None,
        }
    }

    /// For one use of a two-letter pair: the letter counted by the binomial walk (its outputs)
    /// — "j of k answers are in these outputs".
    pub(crate) fn binomial_outputs(&self) -> Option<&super::pld::Outputs> {
        match &self.atoms {
            Atoms::Binomial(_) => Some(&self.uses[0].0.letters[0].outputs),
            Atoms::Stored(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounting::basis::ratio_value;
    use crate::testutil::q;

    fn rr(t: i64) -> PairLoss {
        PairLoss::of_rows(&[q(t, t + 1), q(1, t + 1)], &[q(1, t + 1), q(t, t + 1)])
    }

    /// Binary randomized response at t = 3, k = 1, 2, 3 by hand: P-masses C(k,j) 3^j / 4^k at
    /// ratios 3^{2j−k}.
    #[test]
    fn literal_binary_rr() {
        for (k, want) in [
            (1u64, vec![(1i64, q(3, 4), q(1, 4)), (-1, q(1, 4), q(3, 4))]),
            (
                2,
                vec![
                    (2, q(9, 16), q(1, 16)),
                    (0, q(6, 16), q(6, 16)),
                    (-2, q(1, 16), q(9, 16)),
                ],
            ),
            (
                3,
                vec![
                    (3, q(27, 64), q(1, 64)),
                    (1, q(27, 64), q(9, 64)),
                    (-1, q(9, 64), q(27, 64)),
                    (-3, q(1, 64), q(27, 64)),
                ],
            ),
        ] {
            let c = compose(&[(rr(3), k)]).unwrap();
            assert_eq!(c.basis, vec![Natural::from(3u32)]);
            let got: Vec<_> = c
                .atoms()
                .iter()
                .map(|a| {
                    let (p, qq) = c.masses(a);
                    (a.exps[0], p, qq)
                })
                .collect();
            assert_eq!(got, want, "k = {k}");
            assert_eq!(c.support(), k + 1);
        }
    }

    /// The stored and the streamed binomial atoms agree (the stream against convolution).
    #[test]
    fn binomial_stream_equals_convolution() {
        for (t, k) in [(3, 7u64), (2, 12)] {
            let streamed = compose(&[(rr(t), k)]).unwrap();
            // Two uses of the same pair, one with k−1 and one with 1, are stored.
            let stored = compose(&[(rr(t), k - 1), (rr(t), 1)]).unwrap();
            let m = |c: &Composed| -> Vec<(Vec<i64>, Rational, Rational)> {
                c.atoms()
                    .iter()
                    .map(|a| {
                        let (p, qq) = c.masses(a);
                        (a.exps.clone(), p, qq)
                    })
                    .collect()
            };
            assert_eq!(m(&streamed), m(&stored));
        }
    }

    /// Two bases (ratios 2 and 3): atoms are sorted by their exact ratio, and merged.
    #[test]
    fn two_bases_sorted() {
        let pair = PairLoss::of_rows(
            &[q(1, 2), q(3, 10), q(1, 5)],
            &[q(1, 4), q(1, 10), q(13, 20)],
        );
        let c = compose(&[(pair, 3)]).unwrap();
        let atoms = c.atoms();
        let ratios: Vec<Rational> = atoms
            .iter()
            .map(|a| ratio_value(&a.exps, &c.basis))
            .collect();
        for w in ratios.windows(2) {
            assert!(w[0] > w[1]);
        }
        let tot_p: Rational = atoms.iter().map(|a| c.masses(a).0).sum();
        assert_eq!(tot_p, q(1, 1));
        for a in &atoms {
            let (p, qq) = c.masses(a);
            assert_eq!(p, qq * ratio_value(&a.exps, &c.basis));
        }
    }

    /// Integer keys and vector keys give the same atoms.
    #[test]
    fn packed_keys_equal_vector_keys() {
        let pair = PairLoss::of_rows(
            &[q(1, 2), q(3, 10), q(1, 5)],
            &[q(1, 4), q(1, 10), q(13, 20)],
        );
        let c = compose(&[(pair.clone(), 1)]).unwrap();
        let letters: Vec<Numerators> = c.letter_exps[0]
            .iter()
            .zip(&pair.letters)
            .map(|(e, l)| Numerators {
                exps: e.clone(),
                p: over(&l.p, &Natural::from(10u32)),
                q: over(&l.q, &Natural::from(20u32)),
            })
            .collect();
        let factors = vec![(letters, 4u64)];
        let d = c.basis.len();
        let sorted = |mut v: Vec<Atom>| {
            v.sort_by(|a, b| a.exps.cmp(&b.exps));
            v
        };
        assert_eq!(
            sorted(convolve_sparse(&factors, d)),
            sorted(convolve_vec_keys(&factors, d))
        );
    }

    /// Six letters with independent ratios (6·p/41 for the primes p ≤ 13): every multiset of
    /// letters is its own atom, so k uses have exactly C(k + 5, 5) atoms (53130 at k = 20), and
    /// the work estimate's multiset bound is attained.
    #[test]
    fn support_is_the_multiset_count() {
        let primes = [2u64, 3, 5, 7, 11, 13];
        let p: Vec<Rational> = primes.iter().map(|&x| q(x as i64, 41)).collect();
        let pair = PairLoss::of_rows(&p, &[q(1, 6), q(1, 6), q(1, 6), q(1, 6), q(1, 6), q(1, 6)]);
        assert_eq!(pair.letters.len(), 6);
        for (k, want) in [(1u64, 6u64), (2, 21), (3, 56), (20, 53130)] {
            let c = compose(&[(pair.clone(), k)]).unwrap();
            assert_eq!(c.support(), want, "k = {k}");
        }
        // k = 45: C(50, 5) = 2118760 atoms would be stored, past MAX_ATOMS (the work, about
        // 6·C(51, 6) = 108 million products, is within MAX_WORK): refused, not run out of memory.
        assert_eq!(
            compose(&[(pair, 45)]).unwrap_err(),
            ComposeError::TooLarge {
                estimated_work: (1..=45u128).map(|j| 6 * binomial(j + 5, 5)).sum(),
                atoms: 2_118_760
            }
        );
    }

    /// Issue 42 item 4: the memory estimate is an upper estimate of what the stored atoms hold
    /// (their numerators' bytes, counted from the atoms built), over one- and two-basis pairs
    /// and several k; and it grows with k. (A two-letter pair streams its atoms: not stored.)
    #[test]
    fn memory_estimate_bounds_the_atoms() {
        let two_bases = PairLoss::of_rows(
            &[q(1, 2), q(3, 10), q(1, 5)],
            &[q(1, 4), q(1, 10), q(13, 20)],
        );
        let three_letters = PairLoss::randomized_response(5, &q(7, 2), 0, 3);
        for pair in [two_bases, three_letters] {
            let mut last = 0;
            for k in [1u64, 2, 5, 20, 60] {
                let uses = [(pair.clone(), k)];
                let est = memory_estimate(&uses).unwrap();
                let held: u128 = compose(&uses)
                    .unwrap()
                    .atoms()
                    .iter()
                    .map(|a| (a.p.significant_bits() + a.q.significant_bits()) as u128 / 8)
                    .sum();
                assert!(est >= held, "k = {k}: {est} < {held}");
                assert!(est > last, "k = {k}");
                last = est;
            }
        }
        assert_eq!(memory_estimate(&[]), Err(ComposeError::NoUse));
    }

    /// C(n, r) by the product formula (a naive reference for the test above).
    fn binomial(n: u128, r: u128) -> u128 {
        (0..r).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn errors() {
        assert_eq!(compose(&[(rr(3), 0)]).unwrap_err(), ComposeError::NoUse);
        assert_eq!(compose(&[]).unwrap_err(), ComposeError::NoUse);
        assert!(matches!(
            compose(&[(rr(3), MAX_USES + 1)]).unwrap_err(),
            ComposeError::TooManyUses(_)
        ));
        // Three letters with independent ratios (2, 3, 5/… ): the support grows like k².
        let pair = PairLoss::of_rows(
            &[q(1, 2), q(3, 10), q(1, 5)],
            &[q(1, 4), q(1, 10), q(13, 20)],
        );
        assert!(matches!(
            compose(&[(pair, 900_000)]).unwrap_err(),
            ComposeError::TooLarge { .. }
        ));
    }
}
