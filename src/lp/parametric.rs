//! The parametric LP in `t` (issue 46 item 3): an LP whose constraint coefficients are affine
//! in `t` (`a_ij(t) = a0 + a1·t`; right-hand sides and costs constant), solved exactly for every
//! `t` of a closed interval `[T1, T2]`, as pieces on which one basis stays optimal.
//!
//! * **One piece** ([`piece_at`]): at a rational `s` the LP is solved exactly ([`super::solve`])
//!   and an optimal basis is read off by the exact revised simplex started from the optimum's
//!   pattern. The basis's kernel `K(t) = A_{P,S}(t)` (rows without a basic slack, basic
//!   structural columns) is a square matrix over `Q(t)`: `K x_S = b_P` and `Kᵀ y_P = c_S` are
//!   solved by Gaussian elimination over `Q(t)` (rational functions in lowest terms) and the
//!   solutions checked as identities. The basis stays optimal while `x(t) ≥ 0`, the basic
//!   slacks are `≥ 0`, the reduced costs are `≥ 0` and the multipliers have their signs: each a
//!   rational function whose sign is decided by Sturm sequences, so the ends of the piece are
//!   the first roots where one turns negative — rational or algebraic ([`RealRoot`]).
//! * **The sweep** ([`solve_parametric`]): from `T1` rightwards, a rational sample is taken just
//!   right of the covered part; a piece that starts at or before the covered end extends it,
//!   one that starts later is kept and the gap before it sampled again (finitely many bases, so
//!   this ends). Pieces are closed and adjacent ones share their breakpoint: the cover of
//!   `[T1, T2]` is exact, with no gap and no overlap, whatever the degeneracy at a breakpoint.
//! * **The certificate** ([`check_piece`]), whatever found it: on the whole closed piece, `x(t)`
//!   is feasible (every row, `x ≥ 0`), `y(t)` is dual feasible (reduced costs `≥ 0`, multiplier
//!   signs as in [`super::Certificate`]), no denominator vanishes, and `c·x(t) = b·y(t)` as
//!   rational functions: weak duality at every `t` of the piece. Signs are decided by Sturm
//!   (roots isolated in the piece, the sign read at a rational point of each gap). No floats.

#![allow(clippy::result_large_err)]

use super::exact::revised::{self, Basis, Ending};
use super::model::{Certificate, Cmp, Model, Sense, Var};
use super::{LpError, Options};
use crate::num::piecewise::{between, show_point};
use crate::num::sturm::RealRoot;
use crate::num::{Integer, Poly, RatFn, Rational};
use malachite::base::num::arithmetic::traits::Sign;
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use std::cmp::Ordering;
use std::fmt;
use std::time::Instant;

/// A coefficient `a0 + a1·t`.
#[derive(Clone, Debug, PartialEq)]
pub struct Affine {
    /// The constant term.
    pub a0: Rational,
    /// The coefficient of `t`.
    pub a1: Rational,
}

impl Affine {
    /// The constant `a0`.
    pub fn constant(a0: Rational) -> Affine {
        Affine {
            a0,
            a1: Rational::from(0u32),
        }
    }

    /// `a1·t`.
    pub fn times_t(a1: Rational) -> Affine {
        Affine {
            a0: Rational::from(0u32),
            a1,
        }
    }

    /// The value at `t`.
    pub fn at(&self, t: &Rational) -> Rational {
        &self.a0 + &self.a1 * t
    }

    /// `a0 + a1·t` as a rational function.
    pub fn ratfn(&self) -> RatFn {
        RatFn::from_poly(Poly::new(vec![self.a0.clone(), self.a1.clone()]))
    }
}

/// One row `Σ a_j(t)·x_j  cmp  rhs`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamRow {
    /// `(variable, coefficient)`, each variable at most once.
    pub coeffs: Vec<(usize, Affine)>,
    /// The comparison.
    pub cmp: Cmp,
    /// The right-hand side.
    pub rhs: Rational,
}

/// `minimise c·x` over `x ≥ 0` subject to rows whose coefficients are affine in `t`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamModel {
    /// One cost per variable.
    pub cost: Vec<Rational>,
    /// The rows.
    pub rows: Vec<ParamRow>,
}

impl ParamModel {
    /// Number of variables.
    pub fn n_vars(&self) -> usize {
        self.cost.len()
    }

    /// The LP at a rational `t` (a minimisation).
    pub fn at(&self, t: &Rational) -> Model {
        let mut m = Model::new(Sense::Minimize);
        let vars: Vec<Var> = (0..self.n_vars())
            .map(|j| m.add_var(format!("x{j}")))
            .collect();
        let obj: Vec<(Var, Rational)> = self
            .cost
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0u32)
            .map(|(j, c)| (vars[j], c.clone()))
            .collect();
        m.set_objective(&obj);
        for r in &self.rows {
            let terms: Vec<(Var, Rational)> =
                r.coeffs.iter().map(|(j, a)| (vars[*j], a.at(t))).collect();
            m.add_row(&terms, r.cmp, r.rhs.clone());
        }
        m
    }
}

/// One piece: on the closed interval `[lo, hi]` the primal `x(t)` and dual `y(t)` are optimal
/// ([`check_piece`] has accepted them) and the optimum is `value(t) = c·x(t)`.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The left end (rational or algebraic).
    pub lo: RealRoot,
    /// The right end.
    pub hi: RealRoot,
    /// The optimum on the piece.
    pub value: RatFn,
    /// One rational function per variable.
    pub primal: Vec<RatFn>,
    /// One rational function per row (the conventions of [`super::Certificate`], minimising).
    pub dual: Vec<RatFn>,
}

/// The answer of [`solve_parametric`]: pieces covering `[T1, T2]`, left to right, adjacent ones
/// sharing their breakpoint.
#[derive(Clone, Debug)]
pub struct ParamSolution {
    /// The certified pieces (one basis each).
    pub pieces: Vec<Piece>,
    /// Rational points at which the LP was solved.
    pub samples: usize,
    /// The pieces cover `[T1, T2]`; `false` when the deadline stopped the sweep: they cover
    /// `[T1, h]` only, `h` the last piece's right end (none: nothing covered).
    pub complete: bool,
}

/// Why [`solve_parametric`] gave no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// `T1 < T2` is required.
    EmptyRange,
    /// The LP at a sample point failed (time limit, checker).
    Solve(LpError),
    /// The LP at a sample point is infeasible or unbounded (no optimum to follow).
    NoOptimum {
        /// The point.
        t: Rational,
        /// `infeasible` or `unbounded`.
        status: &'static str,
    },
    /// A piece did not certify, or the sweep could not cover a point (never skipped).
    Uncovered(String),
    /// The deadline passed (inside one LP solve; [`solve_parametric`] answers with the pieces
    /// found so far instead).
    TimeLimit,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::EmptyRange => write!(f, "the range T1,T2 must have T1 < T2"),
            ParamError::Solve(e) => write!(f, "{e}"),
            ParamError::NoOptimum { t, status } => {
                write!(
                    f,
                    "the LP at t = {t} is {status}: no optimum to follow in t"
                )
            }
            ParamError::Uncovered(s) => write!(f, "{s}"),
            ParamError::TimeLimit => write!(f, "time limit reached before the curve was covered"),
        }
    }
}

impl std::error::Error for ParamError {}

/// Most samples of one sweep (each a piece, or a step closer to the covered end).
const MAX_SAMPLES: usize = 2_000;

/// Solve `model` for every `t` in `[lo, hi]` (see the module docs). Past `deadline` the sweep
/// stops and answers with the certified pieces found so far, from `lo` on, and
/// `complete: false` (issue 46: `optimal --curve-t --time-limit`).
pub fn solve_parametric(
    model: &ParamModel,
    lo: &Rational,
    hi: &Rational,
    deadline: Option<Instant>,
) -> Result<ParamSolution, ParamError> {
    if lo >= hi {
        return Err(ParamError::EmptyRange);
    }
    let end = RealRoot::rational(hi.clone());
    let mut cur = RealRoot::rational(lo.clone());
    let mut found: Vec<Piece> = Vec::new(); // pieces right of `cur`, the nearest last
    let mut out: Vec<Piece> = Vec::new();
    let mut samples = 0;
    let partial = |pieces, samples| {
        Ok(ParamSolution {
            pieces,
            samples,
            complete: false,
        })
    };
    while cur.cmp_root(&end) == Ordering::Less {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return partial(out, samples);
        }
        if let Some(top) = found.last() {
            if top.hi.cmp_root(&cur) != Ordering::Greater {
                found.pop(); // wholly covered already
                continue;
            }
            if top.lo.cmp_root(&cur) != Ordering::Greater {
                let mut p = found.pop().expect("a last piece");
                p.lo = cur.clone();
                // Checked as it is kept: a partial answer holds only checked pieces.
                check_piece(model, &p).map_err(ParamError::Uncovered)?;
                cur = p.hi.clone();
                out.push(p);
                continue;
            }
        }
        let bound = found.last().map_or(&end, |p| &p.lo);
        let s = simplest_in(&cur, bound);
        samples += 1;
        if samples > MAX_SAMPLES {
            return Err(ParamError::Uncovered(format!(
                "no piece found right of t = {} after {MAX_SAMPLES} samples",
                show_point(&cur, "t")
            )));
        }
        match piece_at(model, &s, lo, hi, deadline) {
            Ok(p) => found.push(p),
            Err(ParamError::TimeLimit | ParamError::Solve(LpError::TimeLimit)) => {
                return partial(out, samples)
            }
            Err(e) => return Err(e),
        }
    }
    Ok(ParamSolution {
        pieces: out,
        samples,
        complete: true,
    })
}

/// The rational with the least denominator (then numerator) strictly between `a < b`.
fn simplest_in(a: &RealRoot, b: &RealRoot) -> Rational {
    let (mut a, mut b) = (a.clone(), b.clone());
    // rational bounds a ≤ l < u ≤ b, strict where the end is irrational
    loop {
        let l = a.hi.clone();
        let u = b.lo.clone();
        if l < u {
            return simplest_between(&l, &u);
        }
        if a.as_rational().is_some() && b.as_rational().is_some() {
            return between(&a, &b); // unreachable for a < b
        }
        a.bisect();
        b.bisect();
    }
}

fn floor(q: &Rational) -> Integer {
    Integer::rounding_from(q, RoundingMode::Floor).0
}

/// The simplest rational in the open interval `(l, u)`, `0 ≤ l < u` (continued fractions).
fn simplest_between(l: &Rational, u: &Rational) -> Rational {
    let f = floor(l);
    let next = Rational::from(f.clone() + Integer::from(1));
    if next < *u {
        return next; // l ≥ 0 here (t ≥ 1): the least integer above l is the simplest
    }
    // l, u in [f, f + 1]: x = f + 1/z with z in (1/(u − f), 1/(l − f))
    let fq = Rational::from(f);
    let zl = Rational::from(1u32) / (u - &fq);
    if *l == fq {
        let z = Rational::from(floor(&zl) + Integer::from(1));
        return fq + Rational::from(1u32) / z;
    }
    let zu = Rational::from(1u32) / (l - &fq);
    fq + Rational::from(1u32) / simplest_between(&zl, &zu)
}

/// The sign of `f` at a rational point where its denominator does not vanish.
fn sign_at(f: &RatFn, x: &Rational) -> Ordering {
    f.eval(x).map_or(Ordering::Equal, |v| v.sign())
}

/// Where `f ≥ 0` (with no pole) stops holding when `t` moves from `s` towards `end` (`right`:
/// increasing): `None` when it holds all the way (ends included), else the first bad point.
fn reach(f: &RatFn, s: &Rational, end: &Rational, right: bool) -> Option<RealRoot> {
    if f.num.is_zero() {
        return None;
    }
    let p = f.sign_poly();
    let start = RealRoot::rational(s.clone());
    if f.den.sign_at(s) == Ordering::Equal || sign_at(f, s) == Ordering::Less {
        return Some(start);
    }
    let (wl, wh) = if right { (s, end) } else { (end, s) };
    let mut roots: Vec<RealRoot> = RealRoot::roots_in(&p, wl, wh)
        .into_iter()
        .map(|mut r| {
            r.exact_if_rational();
            r
        })
        .filter(|r| {
            r.cmp_rational(s)
                == if right {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
        })
        .collect();
    if !right {
        roots.reverse();
    }
    let mut prev = start;
    let end_root = RealRoot::rational(end.clone());
    for r in roots.into_iter().chain(std::iter::once(end_root.clone())) {
        if prev.cmp_root(&r) != Ordering::Equal {
            let m = if right {
                between(&prev, &r)
            } else {
                between(&r, &prev)
            };
            if sign_at(f, &m) == Ordering::Less {
                return Some(prev);
            }
        }
        if r.sign_of(&f.den) == Ordering::Equal {
            return Some(r); // a pole ends the piece (and fails its check)
        }
        prev = r;
    }
    None
}

/// Conditions `(what, f)` of a certificate, each on one rational function of `t`.
type Conditions = Vec<(String, RatFn)>;

/// The primal, dual and value of one basis as rational functions of `t`.
struct BasisSolution {
    primal: Vec<RatFn>,
    dual: Vec<RatFn>,
    value: RatFn,
}

/// Solve `K z = rhs` over `Q(t)` (`K` square, sparse rows); `None` when singular.
fn solve_qt(
    n: usize,
    mut rows: Vec<Vec<(usize, RatFn)>>,
    mut rhs: Vec<RatFn>,
) -> Option<Vec<RatFn>> {
    let mut active: Vec<bool> = vec![true; rows.len()];
    let mut pivots: Vec<(usize, usize)> = Vec::with_capacity(n);
    for _ in 0..n {
        // Markowitz: the active entry with the fewest (row entries − 1)·(column entries − 1)
        let mut col_count = vec![0usize; n];
        for (r, row) in rows.iter().enumerate() {
            if active[r] {
                for (c, _) in row {
                    col_count[*c] += 1;
                }
            }
        }
        let mut best: Option<(usize, usize, usize)> = None;
        for (r, row) in rows.iter().enumerate() {
            if !active[r] {
                continue;
            }
            for (c, _) in row {
                let cost = (row.len() - 1) * (col_count[*c] - 1);
                if best.is_none_or(|(_, _, b)| cost < b) {
                    best = Some((r, *c, cost));
                }
            }
        }
        let (r, c, _) = best?;
        active[r] = false;
        pivots.push((r, c));
        let prow = rows[r].clone();
        let pval = prow.iter().find(|(j, _)| *j == c).expect("pivot").1.clone();
        let prhs = rhs[r].clone();
        for r2 in 0..rows.len() {
            if !active[r2] {
                continue;
            }
            let Some(pos) = rows[r2].iter().position(|(j, _)| *j == c) else {
                continue;
            };
            let factor = rows[r2][pos].1.checked_div(&pval).expect("pivot non-zero");
            let mut merged: Vec<(usize, RatFn)> = Vec::new();
            let old = std::mem::take(&mut rows[r2]);
            let (mut i, mut k) = (0, 0);
            while i < old.len() || k < prow.len() {
                let (ci, ck) = (old.get(i).map(|e| e.0), prow.get(k).map(|e| e.0));
                let (col, v) = match (ci, ck) {
                    (Some(a), Some(b)) if a == b => {
                        let v = &old[i].1 - &(&factor * &prow[k].1);
                        i += 1;
                        k += 1;
                        (a, v)
                    }
                    (Some(a), Some(b)) if a < b => {
                        i += 1;
                        (a, old[i - 1].1.clone())
                    }
                    (Some(a), None) => {
                        i += 1;
                        (a, old[i - 1].1.clone())
                    }
                    (_, Some(b)) => {
                        k += 1;
                        (b, -&(&factor * &prow[k - 1].1))
                    }
                    (None, None) => unreachable!(),
                };
                if col != c && !v.is_zero() {
                    merged.push((col, v));
                }
            }
            rows[r2] = merged;
            rhs[r2] = &rhs[r2] - &(&factor * &prhs);
        }
    }
    let mut z: Vec<Option<RatFn>> = vec![None; n];
    for &(r, c) in pivots.iter().rev() {
        let mut acc = rhs[r].clone();
        let mut piv = None;
        for (j, a) in &rows[r] {
            if *j == c {
                piv = Some(a);
            } else {
                acc = &acc - &(a * z[*j].as_ref().expect("solved later pivot"));
            }
        }
        z[c] = Some(acc.checked_div(piv?)?);
    }
    z.into_iter().collect()
}

/// The primal and dual of `basis` as rational functions of `t` (checked as identities).
fn basis_solution(model: &ParamModel, basis: &Basis) -> Result<BasisSolution, String> {
    let n = model.n_vars();
    let s_vars: Vec<usize> = (0..n).filter(|&j| basis.structural[j]).collect();
    let p_rows: Vec<usize> = (0..model.rows.len()).filter(|&i| !basis.slack[i]).collect();
    if s_vars.len() != p_rows.len() {
        return Err("the basis kernel is not square".into());
    }
    let mut pos = vec![usize::MAX; n];
    for (k, &j) in s_vars.iter().enumerate() {
        pos[j] = k;
    }
    let kernel: Vec<Vec<(usize, RatFn)>> = p_rows
        .iter()
        .map(|&i| {
            let mut r: Vec<(usize, RatFn)> = model.rows[i]
                .coeffs
                .iter()
                .filter(|(j, _)| pos[*j] != usize::MAX)
                .map(|(j, a)| (pos[*j], a.ratfn()))
                .filter(|(_, f)| !f.is_zero())
                .collect();
            r.sort_by_key(|e| e.0);
            r
        })
        .collect();
    let m = s_vars.len();
    let mut transposed: Vec<Vec<(usize, RatFn)>> = vec![Vec::new(); m];
    for (pi, row) in kernel.iter().enumerate() {
        for (c, f) in row {
            transposed[*c].push((pi, f.clone()));
        }
    }
    let b: Vec<RatFn> = p_rows
        .iter()
        .map(|&i| RatFn::constant(model.rows[i].rhs.clone()))
        .collect();
    let c: Vec<RatFn> = s_vars
        .iter()
        .map(|&j| RatFn::constant(model.cost[j].clone()))
        .collect();
    let xs = solve_qt(m, kernel, b).ok_or("the basis is singular over Q(t)")?;
    let ys = solve_qt(m, transposed, c).ok_or("the basis is singular over Q(t)")?;
    let zero = RatFn::constant(Rational::from(0u32));
    let mut primal = vec![zero.clone(); n];
    for (k, &j) in s_vars.iter().enumerate() {
        primal[j] = xs[k].clone();
    }
    let mut dual = vec![zero; model.rows.len()];
    for (k, &i) in p_rows.iter().enumerate() {
        dual[i] = ys[k].clone();
    }
    let value = dot_const(&model.cost, &primal);
    Ok(BasisSolution {
        primal,
        dual,
        value,
    })
}

/// `Σ c_j f_j`.
fn dot_const(c: &[Rational], f: &[RatFn]) -> RatFn {
    let mut acc = RatFn::constant(Rational::from(0u32));
    for (cj, fj) in c.iter().zip(f) {
        if *cj != 0u32 && !fj.is_zero() {
            acc = &acc + &(fj * cj);
        }
    }
    acc
}

/// `a_i(t)·x(t)` for row `i`.
fn activity(row: &ParamRow, x: &[RatFn]) -> RatFn {
    let mut acc = RatFn::constant(Rational::from(0u32));
    for (j, a) in &row.coeffs {
        if !x[*j].is_zero() {
            acc = &acc + &(&a.ratfn() * &x[*j]);
        }
    }
    acc
}

/// The certificate's conditions: `(what, f)` with `f ≥ 0` required on the piece, and the
/// identities `(what, f)` with `f = 0` required for every `t`.
fn conditions(model: &ParamModel, primal: &[RatFn], dual: &[RatFn]) -> (Conditions, Conditions) {
    let mut nonneg = Vec::new();
    let mut zero = Vec::new();
    for (j, x) in primal.iter().enumerate() {
        nonneg.push((format!("x{j} >= 0"), x.clone()));
    }
    let n = model.n_vars();
    let mut reduced: Vec<RatFn> = model
        .cost
        .iter()
        .map(|c| RatFn::constant(c.clone()))
        .collect();
    for (i, row) in model.rows.iter().enumerate() {
        let slack = &RatFn::constant(row.rhs.clone()) - &activity(row, primal);
        let y = &dual[i];
        match row.cmp {
            Cmp::Le => {
                nonneg.push((format!("row {i} (<=) holds"), slack));
                nonneg.push((format!("multiplier of row {i} <= 0"), -y));
            }
            Cmp::Ge => {
                nonneg.push((format!("row {i} (>=) holds"), -&slack));
                nonneg.push((format!("multiplier of row {i} >= 0"), y.clone()));
            }
            Cmp::Eq => zero.push((format!("row {i} (=) holds"), slack)),
        }
        if !y.is_zero() {
            for (j, a) in &row.coeffs {
                reduced[*j] = &reduced[*j] - &(&a.ratfn() * y);
            }
        }
    }
    debug_assert_eq!(reduced.len(), n);
    for (j, d) in reduced.into_iter().enumerate() {
        nonneg.push((format!("reduced cost of x{j} >= 0"), d));
    }
    let b: Vec<Rational> = model.rows.iter().map(|r| r.rhs.clone()).collect();
    let gap = &dot_const(&model.cost, primal) - &dot_const(&b, dual);
    zero.push(("c·x = b·y".into(), gap));
    (nonneg, zero)
}

/// The optimal piece through the rational `s` (clipped to `[lo, hi]`): the LP solved at `s`,
/// an optimal basis, its solution over `Q(t)` and the interval where it stays optimal.
pub fn piece_at(
    model: &ParamModel,
    s: &Rational,
    lo: &Rational,
    hi: &Rational,
    deadline: Option<Instant>,
) -> Result<Piece, ParamError> {
    let m = model.at(s);
    let options = Options {
        deadline,
        ..Options::default()
    };
    let sol = super::solve(&m, &options).map_err(ParamError::Solve)?;
    let Certificate::Optimal {
        value,
        primal,
        dual,
    } = &sol.certificate
    else {
        return Err(ParamError::NoOptimum {
            t: s.clone(),
            status: sol.status(),
        });
    };
    let support: Vec<bool> = primal.iter().map(|v| *v != 0u32).collect();
    let priced: Vec<bool> = dual
        .iter()
        .zip(m.rows())
        .map(|(y, r)| *y != 0u32 || r.cmp == Cmp::Eq)
        .collect();
    let start = Basis::from_pattern(&m, &support, &priced);
    let (ending, basis) =
        revised::solve_from_keeping_basis(&m, start, super::guided::MAX_WARM_PIVOTS, deadline);
    match ending {
        Ending::Solved(Certificate::Optimal { value: v, .. }) if v == *value => {}
        Ending::Stopped => return Err(ParamError::TimeLimit),
        _ => {
            return Err(ParamError::Uncovered(format!(
                "no optimal basis read at t = {s}"
            )))
        }
    }
    let bs = basis_solution(model, &basis)
        .map_err(|e| ParamError::Uncovered(format!("t = {s}: {e}")))?;
    let (nonneg, zero) = conditions(model, &bs.primal, &bs.dual);
    if let Some((what, f)) = zero.iter().find(|(_, f)| !f.is_zero()) {
        return Err(ParamError::Uncovered(format!(
            "t = {s}: the basis solution fails the identity {what} ({f})"
        )));
    }
    let mut right = RealRoot::rational(hi.clone());
    let mut left = RealRoot::rational(lo.clone());
    for (_, f) in &nonneg {
        if let Some(r) = reach(f, s, hi, true) {
            if r.cmp_root(&right) == Ordering::Less {
                right = r;
            }
        }
        if let Some(r) = reach(f, s, lo, false) {
            if r.cmp_root(&left) == Ordering::Greater {
                left = r;
            }
        }
    }
    Ok(Piece {
        lo: left,
        hi: right,
        value: bs.value,
        primal: bs.primal,
        dual: bs.dual,
    })
}

/// Whether `f ≥ 0` on the closed `[lo, hi]` with no pole there; else a point where it fails.
fn nonneg_on(f: &RatFn, lo: &RealRoot, hi: &RealRoot) -> Result<(), String> {
    if f.num.is_zero() {
        return Ok(());
    }
    let inside =
        |r: &RealRoot| r.cmp_root(lo) != Ordering::Less && r.cmp_root(hi) != Ordering::Greater;
    let window = |p: &Poly| {
        RealRoot::roots_in(p, &lo.lo, &hi.hi)
            .into_iter()
            .map(|mut r| {
                r.exact_if_rational();
                r
            })
            .filter(|r| inside(r))
            .collect::<Vec<_>>()
    };
    if let Some(r) = window(&f.den).first() {
        return Err(format!("a pole at t = {}", show_point(r, "t")));
    }
    if lo.cmp_root(hi) == Ordering::Equal {
        return if lo.sign_of(&f.sign_poly()) == Ordering::Less {
            Err(format!("negative at t = {}", show_point(lo, "t")))
        } else {
            Ok(())
        };
    }
    let mut points = vec![lo.clone()];
    points.extend(window(&f.num));
    points.push(hi.clone());
    for w in points.windows(2) {
        if w[0].cmp_root(&w[1]) == Ordering::Less {
            let m = between(&w[0], &w[1]);
            if sign_at(f, &m) == Ordering::Less {
                return Err(format!("negative at t = {m}"));
            }
        }
    }
    Ok(())
}

/// The certificate of one piece (see the module docs): `Err` names the condition and a point
/// where it fails.
pub fn check_piece(model: &ParamModel, p: &Piece) -> Result<(), String> {
    if p.primal.len() != model.n_vars() || p.dual.len() != model.rows.len() {
        return Err("the piece's primal or dual has the wrong length".into());
    }
    if p.lo.cmp_root(&p.hi) == Ordering::Greater {
        return Err("the piece's ends are reversed".into());
    }
    let (nonneg, zero) = conditions(model, &p.primal, &p.dual);
    for (what, f) in &zero {
        if !f.is_zero() {
            return Err(format!("{what} is not an identity in t: {f}"));
        }
    }
    for (what, f) in &nonneg {
        nonneg_on(f, &p.lo, &p.hi).map_err(|e| {
            format!(
                "on [{}, {}]: {what} fails: {e}",
                show_point(&p.lo, "t"),
                show_point(&p.hi, "t")
            )
        })?;
    }
    if dot_const(&model.cost, &p.primal) != p.value {
        return Err("the piece's value is not c·x(t)".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
