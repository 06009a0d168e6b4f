//! The float-guided exact LP solver (issue 14), after the exact solvers QSopt_ex and SoPlex:
//! solve in floating point, guess the optimal basis from it, solve the guess exactly, and let the
//! certificate checker judge.
//!
//! 1. **Float hint**: where the slack basis is dual feasible (costs ≥ 0 in a minimisation), the
//!    float dual simplex of [`super::float_simplex`] gives the primal point and the prices in
//!    one solve; otherwise, or when it fails, microlp ([`super::float_hint`]) solves the primal
//!    and the dual LP side by side ([`side_by_side`]; it reports no duals, so the dual is a
//!    second solve). `--stats` names the one used. On the path LP P60 (`bench/lp_vs_highs.py
//!    --path 60 --t 1/2 --runs 3`, this and main's binary interleaved, 3 runs each, load
//!    ~3.5): 0.85 / 0.82 / 0.85 s (3.3 / 3.1 / 3.2× HiGHS in the same runs) against 4.10 /
//!    4.03 / 4.35 s (15.9 / 14.3 / 16.6×) with microlp's two solves; both guesses certify as
//!    guessed.
//!
//!    **Refinement** (issue 31 item 3, 2026-11-27): when the guess from the float dual simplex
//!    (steps 2–5) does not certify, its basis is refined ([`super::refine`]: the residual
//!    problem, computed exactly and scaled by a power of two, solved again by the float dual
//!    simplex from the same basis, until a round needs no pivot), and steps 2–5 are repeated
//!    from the refined point, whose geometric tails are no longer below the float tolerance;
//!    if that guess does not certify either, step 6 starts from the refined basis when it is
//!    dual feasible exactly. `dpcert lp --stats` on the files of issue 31 at e^ε = 10, main's
//!    binary at cfcb916 interleaved, 3 runs each, load 4.0–4.5, medians: P_50 35.1 s → 0.68 s
//!    (the refined guess certifies; before: 678 exact dual pivots), P_40 4.23 → 0.26 s (the
//!    same), C_40 4.62 → 0.28 s (the refined basis is optimal: no exact pivot; before: 283).
//!    The guess from the unrefined point comes first because it is enough where the support
//!    closure of step 2 recovers the tails: on P_60 at e^ε = 2 refining first (929 float
//!    pivots in its first round) made the float hint 1.06 → 1.76 s. `examples/guided_stress`
//!    (60 cases, one run each, load ~4): the guided times sum to 8.52 s with main's binary and
//!    3.67–4.94 s with this one (7 cases take the refined guess, e.g. case 4, C_27 at e^ε =
//!    10: 1.02 → 0.07 s); every case agrees with the exact simplex from scratch.
//! 2. **Guess**: the support `S` (variables the float primal makes non-zero), the dual support
//!    `R` (rows whose float multiplier is non-zero, plus every `=` row) and the columns `C` whose
//!    float reduced cost is zero (relative tolerance [`TOL`]). By complementary slackness an
//!    optimal pair has `a_i·x = b_i` on `R`, `x = 0` off `S`, `(Aᵀy)_j = c_j` on `C`, `y = 0` off
//!    `R`. The support is then closed through homogeneous rows (`a·x ≤ 0`): a clearly
//!    positive variable on one side makes the other side positive (on ε-DP rows, a column
//!    positive somewhere is positive along every path), which recovers the tails of geometric
//!    columns the float solver reads as zero (values down to 2^-59 on the path LP).
//! 3. **Exact systems** ([`super::lu`]): those equations are solved exactly in
//!    rationals: `A_{R,S} x_S = b_R` and `A_{R,C}ᵀ y_R = c_C`; a dense square system by
//!    Dixon's p-adic solve ([`super::dixon`], verified exactly, else the LU). The primal and
//!    the dual system are independent and are solved side by side ([`side_by_side`]): on
//!    `bench/lp_vs_highs.py --big 40 --shape mixed --runs 7` (two ~10 ms Dixon solves) the
//!    whole process went from 35.9 ms to 27.3 ms, 12.1× to 9.4× HiGHS in the same runs (load
//!    ~4, 2026-11-26); on a loaded machine the join gains nothing and costs nothing.
//! 4. **Certify**: the pair is handed to [`check`]; if it passes it is the answer (primal and
//!    dual feasible with equal objectives is a proof of optimality, however it was found).
//! 5. **Repair**: otherwise the exact pair says what was wrong — a row the primal point violates
//!    joins `R` and its variables join `S`, a negative variable leaves `S`, a violated dual
//!    constraint's column joins `C` and `S`, a multiplier of the wrong sign leaves `R` — and
//!    steps 3–4 are repeated while the number of such defects keeps falling (at most
//!    [`MAX_REPAIRS`] rounds, abandoned after [`MAX_STALLED_REPAIRS`] rounds without a new
//!    fewest).
//! 6. **Exact pivots** ([`super::revised`]): otherwise the exact revised simplex starts from the
//!    refined basis of step 1 when it is dual feasible exactly, else from the
//!    float dual's basis ([`Basis::from_pattern`] of the columns the float reduced costs make
//!    zero, pivoted on the rows the float dual prices) when it is dual feasible exactly
//!    ([`revised::dual_feasible`]): its dual simplex then removes the primal infeasibilities
//!    keeping the basis dual feasible, and the primal phases confirm the optimum. Otherwise it
//!    starts from the basis nearest the float vertex ([`Basis::from_pattern`]: the variables the
//!    float primal makes non-zero, pivoted on the rows the float dual prices — the float solver's
//!    pattern itself, not the guess after the support closure of step 2) and pivots to an optimum,
//!    at most [`MAX_WARM_PIVOTS`] times. On the 60 random channel LPs of `examples/guided_stress`
//!    the 13 that need it take 19–1,644 pivots (median 263) and at most 3.7 s, where the exact
//!    simplex from scratch needs more than 5 s on 10 of them. When there is no float basis (the
//!    float solver says infeasible or unbounded, fails, or runs out of its budget) it starts from
//!    the slack basis; its Farkas certificate or improving ray is checked like an optimum.
//! 7. **Fallback**: the exact dictionary simplex from scratch ([`super::simplex`]) when the
//!    revised simplex reaches its pivot cap. Its answer is checked like every other.
//!
//! Every LP takes this path, however small (issue 31). Until 2026-11-26 LPs with fewer than 20,000
//! dictionary entries (`rows × columns`) went straight to the dictionary simplex from scratch, on
//! the belief that two float solves cost more than they save there. Measured (`dpcert lp FILE
//! --stats`, the in-process time, a machine at load 12; the files of `bench/lp_vs_highs.py --dense
//! K` / `--big K` with `--shape`): the 80 × 80 covering LP took 33.9 s from scratch (783 pivots)
//! and 8 ms float-guided; the 80 × 80 mixed-sign LP 12.1 s (164 pivots) and 0.17 s; the 40 × 40
//! mixed-sign LP with 10^12/10^9 coefficients 145 s and 0.70 s; the 40 × 40 covering LP with those
//! coefficients over 200 s and 7 ms; the 10 × 10 covering LP 23 ms and 0.4 ms. On a 2 × 2 LP the
//! float path costs ~0.4 ms more (the float solves), and `dpcert verify` is unchanged (87 s either
//! way at that load, the same 316 verdicts).
//!
//! Tried and not kept (2026-11-26): the primal float solve alone, with the dual derived from
//! the primal basis exactly (the rows tight at the float point as the priced rows, and the
//! basis [`Basis::from_pattern`] of the support on them). On the path LP P60 the tight rows
//! include hundreds of degenerate ones (`0 ≤ 0`), the elimination picks some of those, and the
//! basis is far from the optimum: 588 + 23 exact pivots, 27–29 s at load 12, against one round
//! of exact systems (0.1 s) after both float solves.
//!
//! The warm basis of step 6 (2026-11-26, issue 31; `examples/guided_stress` one-LP form, e^ε =
//! 10, one run each in one sequence, load 8–10): from the closed support of step 2 (what was
//! used before) the Markowitz elimination of [`Basis::from_pattern`] picks among hundreds of
//! geometric tails the float solver read as zero, and the basis starts with 281 (P_40) and
//! 293 (C_40) primal infeasibilities; from the float solver's own non-zeros it starts with 100
//! and 40. P_40: 541 + 408 pivots, 10.9 s → 455 + 312, 7.6 s; C_40: 545 + 644 pivots, 113 s
//! → 447 + 82, 68 s; P_40 with the exact point update of [`super::revised`] as well, medians
//! of 3 interleaved at load 7–8: 18.9 s before both, 15.4 s with the update, 11.0 s with both.
//! P_50 answers in neither form within 150 s (531 and 424 initial infeasibilities). Tried and
//! not kept: only the variables and multipliers clearly non-zero
//! (relative [`TOL`] of the largest): P_40 625 + 601 pivots, 7.4 s; C_40 562 + 949, 139 s.
//!
//! The float dual's basis in step 6 (2026-11-27, issue 31 item 3). The premise that the float
//! dual gives the exact optimum's dual pattern does not hold on the channel LPs: on P_40 at
//! e^ε = 10 microlp's dual has 642 non-zero multipliers where the exact optimum of `dpcert lp`
//! has 1,267 (at any relative tolerance 1e-6..1e-12: 677 of those missing, 36 extra; 646
//! columns of zero float reduced cost against 1,274), and its objective is 3e-9 below the
//! optimum: it stops at a dual vertex short of the optimum by about the weight of the
//! geometric tails (values down to 10^-38), which neither float solve can see. The exact
//! tails also zig-zag (8.3e-28, 8.3e-27, 8.3e-28 along a column), so no float reading of the
//! primal support recovers them. But that vertex's basis is dual feasible exactly, and the
//! dual simplex of [`super::revised`] from it reaches an optimal basis with no primal pivot
//! after it. `examples/guided_stress -- path 40 10` (`cycle 40 10`, `path 50 10`), main's
//! binary and this one interleaved, 3 runs each, load ~1–3, medians: P_40 6.85 s (452 + 278
//! primal pivots) → 2.66 s (347 dual pivots); C_40 15.29 s (451 + 77) → 3.78 s (278 dual);
//! P_50 61.7 s (1,208 + 636) → 24.0 s (634 dual). P_50 stays above the 5 s target: its dual
//! pivots cost ~37 ms each (kernels up to 1,601, rationals with 10^-49 tails; the exact
//! factorisation every pivot and the transposed solve for `ρ` dominate). Tried and not kept:
//! the primal phases from the float dual's basis (no dual simplex): P_40 409 + 40 pivots, no
//! faster than from the float primal's basis (9.3 s against 8.6 s, load 4); the float primal
//! and its support closure plus the float dual's columns as the basis (624 + 583 pivots,
//! 37.6 s).
//!
//! Floats only choose *which* equations to solve; every number in an answer comes from an exact
//! solve and every answer passes the exact checker, so a bad hint costs time, never soundness.

#![allow(clippy::result_large_err)]

use super::certificate::{check, CertificateError};
use super::float_hint::{self, FloatAnswer};
use super::float_simplex;
use super::lu::{self, SparseRow};
use super::model::{numbered, Cmp, Model, Sense, Solution};
use super::refine;
use super::revised::{self, Basis, Ending, RevisedStats};
use super::simplex::{self, SolveStats};
use super::Options;
use crate::num::fmt::{exact_f64, to_f64};
use crate::num::Rational;
use std::fmt;
use std::time::{Duration, Instant};

/// Relative tolerance for reading a float as zero (hints only).
pub(crate) const TOL: f64 = 1e-9;

/// Repair rounds before the exact simplex takes over. A round is one pair of exact sparse
/// solves (tens of milliseconds at 3,600 variables); a repair that keeps finding fewer defects
/// may take many (without the support closure the path LP of issue 14 took 28, each recovering
/// one more step of the tails the float solver rounds to zero).
pub(crate) const MAX_REPAIRS: usize = 64;

/// Rounds in a row without fewer defects than the best round so far, after which the repair is
/// abandoned (it is not converging) and the exact simplex takes over.
pub(crate) const MAX_STALLED_REPAIRS: usize = 3;

/// Pivots the exact revised simplex may take from the float basis before the exact simplex from
/// scratch takes over.
pub(crate) const MAX_WARM_PIVOTS: usize = 20_000;

/// Why an exact solve produced no answer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SolveError {
    /// The solver's certificate was rejected by the checker (a solver bug, never a wrong answer).
    Certificate(CertificateError),
    /// The deadline passed before a certified answer was found.
    TimeLimit,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Certificate(e) => {
                write!(
                    f,
                    "the solver's certificate was rejected by the checker: {e}"
                )
            }
            SolveError::TimeLimit => write!(f, "time limit reached before a certified answer"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<CertificateError> for SolveError {
    fn from(e: CertificateError) -> Self {
        SolveError::Certificate(e)
    }
}

/// A run of the exact revised simplex inside a guided solve.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WarmStart {
    /// The basis it started from, and why it was needed.
    pub from: String,
    /// Its pivots, and its time.
    pub stats: RevisedStats,
    pub time: Duration,
}

/// Where the time of a guided solve went.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GuidedStats {
    /// The float hint: the float dual simplex, or both microlp solves (run in parallel, so
    /// then the slower of the two).
    pub float: Duration,
    /// Which float solver gave the hint, and its pivots or why the first choice failed.
    pub hint: String,
    /// Exact sparse solves of the guessed systems, over all rounds.
    pub exact_systems: Duration,
    /// Certificate checks of the candidates.
    pub check: Duration,
    /// Candidate pairs tried (1 when the float basis was right).
    pub rounds: usize,
    /// Whether the float dual simplex's basis was refined ([`super::refine`]) because its
    /// first guess did not certify.
    pub refined: bool,
    /// The exact revised simplex, when the guess did not certify or there was none.
    pub warm_start: Option<WarmStart>,
    /// Why the exact simplex from scratch was needed, if it was.
    pub fallback: Option<String>,
    /// Time and pivots of the exact simplex fallback.
    pub fallback_time: Duration,
    pub fallback_stats: SolveStats,
}

impl GuidedStats {
    /// The path that answered: the float guess (as guessed, or repaired), exact pivots of the
    /// revised simplex (from the float basis or the slack basis), or the exact dictionary
    /// simplex from scratch.
    pub fn path(&self) -> &'static str {
        match (&self.fallback, &self.warm_start) {
            (Some(_), _) => "exact dictionary simplex from scratch",
            (None, Some(w)) if w.from.starts_with("the slack basis") => {
                "exact revised simplex from the slack basis"
            }
            (None, Some(w)) if w.from.starts_with("the refined float basis") => {
                "exact revised simplex from the refined float basis"
            }
            (None, Some(w)) if w.from.starts_with("the float dual's basis") => {
                "exact revised simplex from the float dual's basis"
            }
            (None, Some(_)) => "exact revised simplex from the float basis",
            (None, None) if self.refined => "refined float guess, certified",
            (None, None) if self.rounds == 1 => "float guess, certified as guessed",
            (None, None) => "float guess, certified after repairs",
        }
    }

    /// One line for people: the path that answered and where the time went.
    pub fn summary(&self) -> String {
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        let mut s = format!(
            "path: {}; float hint {} ({}), exact systems {} ({} round{}), certificate checks {}",
            self.path(),
            ms(self.float),
            self.hint,
            ms(self.exact_systems),
            self.rounds,
            if self.rounds == 1 { "" } else { "s" },
            ms(self.check)
        );
        if let Some(w) = &self.warm_start {
            s += &format!(
                "; exact revised simplex from {}: {} dual + {} + {} pivots ({} by Bland's rule), kernel up to {}, {}",
                w.from,
                w.stats.dual_pivots,
                w.stats.phase1_pivots,
                w.stats.phase2_pivots,
                w.stats.bland_pivots,
                w.stats.largest_kernel,
                ms(w.time)
            );
        }
        if let Some(why) = &self.fallback {
            s += &format!(
                "; exact simplex from scratch ({why}): {} pivots, {}",
                self.fallback_stats.pivots,
                ms(self.fallback_time)
            );
        }
        s
    }
}

/// Solve exactly, starting from a floating-point guess; every answer has passed [`check`]. An
/// error means a certificate the independent checker rejected (a solver bug), never a wrong
/// answer.
pub(crate) fn solve(model: &Model) -> Result<Solution, CertificateError> {
    match solve_within(model, None) {
        Ok((solution, _)) => Ok(solution),
        Err(SolveError::Certificate(e)) => Err(e),
        Err(SolveError::TimeLimit) => unreachable!("no deadline"),
    }
}

/// [`solve`] that gives up at `deadline`, and reports where the time went.
pub(crate) fn solve_within(
    model: &Model,
    deadline: Option<Instant>,
) -> Result<(Solution, GuidedStats), SolveError> {
    solve_with_options(
        model,
        &Options {
            deadline,
            ..Options::default()
        },
    )
}

/// [`solve`] under explicit [`Options`].
pub(crate) fn solve_with_options(
    model: &Model,
    options: &Options,
) -> Result<(Solution, GuidedStats), SolveError> {
    let deadline = options.deadline;
    let mut stats = GuidedStats::default();
    let why = if !options.float_hint {
        "float hint off".to_string()
    } else {
        match guided_attempt(model, options, &mut stats)? {
            Ok(solution) => return Ok((solution, stats)),
            Err(why) => why,
        }
    };
    stats.fallback = Some(why);
    let t = Instant::now();
    let (solution, simplex_stats) =
        simplex::solve_with_deadline(model, deadline).ok_or(SolveError::TimeLimit)?;
    stats.fallback_time = t.elapsed();
    stats.fallback_stats = simplex_stats;
    let t = Instant::now();
    check(model, &solution)?;
    stats.check += t.elapsed();
    Ok((solution, stats))
}

/// The float hint's budget on `model`: 10 ms plus 1 µs per (rows + columns) × non-zeros, at
/// most [`Options::float_budget`]. A float simplex takes about (rows + columns) × non-zeros ×
/// 10 ns (P60: 10,800 × 18,000 entries, 1.8 s), so this leaves it a hundred times that; what
/// it bounds is the float simplex cycling on a degenerate LP, which would otherwise stall a
/// 3-row LP (`lp::tests`' redundant equality) for the whole [`Options::float_budget`] — small
/// LPs have taken this path since issue 31, and the exact revised simplex answers them from
/// the slack basis at once.
fn float_budget(model: &Model, options: &Options) -> Duration {
    let nonzeros: usize = model.rows().iter().map(|r| r.coeffs.len()).sum();
    let work = (model.n_rows() + model.n_vars()).saturating_mul(nonzeros);
    let estimate = Duration::from_millis(10).saturating_add(Duration::from_micros(
        u64::try_from(work).unwrap_or(u64::MAX),
    ));
    estimate.min(options.float_budget)
}

/// The float hint, the exact systems and the repairs: a certified optimum, or why not (for the
/// fallback), or the time limit.
fn guided_attempt(
    model: &Model,
    options: &Options,
    stats: &mut GuidedStats,
) -> Result<Result<Solution, String>, SolveError> {
    let deadline = options.deadline;
    let float_deadline = Instant::now() + float_budget(model, options);
    let float_deadline = Some(deadline.map_or(float_deadline, |d| d.min(float_deadline)));
    let started = Instant::now();
    let (primal, dual, refiner) = float_hint(model, float_deadline, stats);
    stats.float = started.elapsed();
    let (basis, from) = match (primal, dual) {
        (FloatAnswer::Optimal(x), FloatAnswer::Optimal(y)) => {
            let mut attempt = certify_guess(model, &x, &y, deadline, stats)?;
            // The float dual simplex's basis, refined, when its first guess did not certify:
            // a second guess from the refined point, then the exact pivots from its basis.
            let mut refined_basis = None;
            if let (Err(_), Some(refiner)) = (&attempt, refiner) {
                let t = Instant::now();
                // A panic in the refinement (a bug; it decides nothing) costs only the hint.
                let refined = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    refiner.refine(model, float_deadline)
                }));
                stats.float += t.elapsed();
                match refined {
                    Ok(refined) => {
                        stats.hint = refined.summary();
                        stats.refined = true;
                        if let float_simplex::Outcome::Optimal { basis, x, y, .. } = refined.outcome
                        {
                            attempt = certify_guess(model, &x, &y, deadline, stats)?;
                            refined_basis = Some(basis);
                        }
                    }
                    Err(_) => stats.hint += "; the refinement panicked",
                }
            }
            match attempt {
                Ok(solution) => return Ok(Ok(solution)),
                Err(failed) => warm_basis(
                    model,
                    refined_basis,
                    &failed.support,
                    &failed.dual_cols,
                    &failed.priced,
                    failed.why,
                ),
            }
        }
        // No float basis: exact pivots from the slack basis, which also certify infeasible and
        // unbounded LPs.
        (primal, dual) => {
            let why = match (primal, dual) {
                (FloatAnswer::Infeasible, _) => "the float solver says infeasible".into(),
                (FloatAnswer::Unbounded, _) => "the float solver says unbounded".into(),
                (FloatAnswer::Failed(e), _) | (_, FloatAnswer::Failed(e)) => {
                    format!("float solver: {e}")
                }
                (_, _) => "the float dual has no optimum".to_string(),
            };
            (Basis::slacks(model), format!("the slack basis ({why})"))
        }
    };
    let t = Instant::now();
    let (ending, warm) = revised::solve_from(model, basis, MAX_WARM_PIVOTS, deadline);
    stats.warm_start = Some(WarmStart {
        from: from.clone(),
        stats: warm,
        time: t.elapsed(),
    });
    let why = match ending {
        Ending::Solved(solution) => {
            let t = Instant::now();
            check(model, &solution)?;
            stats.check += t.elapsed();
            return Ok(Ok(solution));
        }
        Ending::Stopped if deadline.is_some_and(|d| Instant::now() >= d) => {
            return Err(SolveError::TimeLimit)
        }
        Ending::Stopped => format!("the revised simplex from {from} took {MAX_WARM_PIVOTS} pivots"),
    };
    Ok(Err(why))
}

/// Why a guess and its repairs did not certify, and the float vertex's own patterns for the
/// exact pivots: the variables the float primal makes non-zero and the rows the float dual
/// prices, before the support closure of the guess (see the module docs for why); the columns
/// the float reduced costs make zero (before the repairs change them).
struct Uncertified {
    why: String,
    support: Vec<bool>,
    priced: Vec<bool>,
    dual_cols: Vec<bool>,
}

/// The guess from the float pair `x`, `y`, its exact systems and repairs (steps 2–5 of the
/// module docs): a certified optimum, or why not.
fn certify_guess(
    model: &Model,
    x: &[f64],
    y: &[f64],
    deadline: Option<Instant>,
    stats: &mut GuidedStats,
) -> Result<Result<Solution, Uncertified>, SolveError> {
    let (support, priced) = float_pattern(model, x, y);
    let mut guess = Guess::from_floats(model, x, y);
    let dual_cols = guess.tight_cols.clone();
    let mut why = String::from("the float basis did not certify");
    let (mut fewest_defects, mut stalled, mut rounds) = (usize::MAX, 0, 0);
    while rounds < MAX_REPAIRS {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(SolveError::TimeLimit);
        }
        rounds += 1;
        stats.rounds += 1;
        let t = Instant::now();
        let pair = guess.exact(model, x, y);
        stats.exact_systems += t.elapsed();
        let Some((x, y)) = pair else {
            why = "the guessed equations are inconsistent".into();
            break;
        };
        let candidate = Solution::Optimal {
            value: model.objective_value(&x),
            primal: x,
            dual: y,
        };
        let t = Instant::now();
        let verdict = check(model, &candidate);
        stats.check += t.elapsed();
        if verdict.is_ok() {
            return Ok(Ok(candidate));
        }
        let Solution::Optimal { primal, dual, .. } = &candidate else {
            unreachable!()
        };
        let defects = guess.repair(model, primal, dual);
        if defects == 0 {
            why = "the repair found nothing to change".into();
            break;
        }
        if defects < fewest_defects {
            fewest_defects = defects;
            stalled = 0;
        } else {
            stalled += 1;
            if stalled >= MAX_STALLED_REPAIRS {
                why = format!(
                    "the repairs stopped making progress ({defects} defects after {rounds} rounds)"
                );
                break;
            }
        }
        if rounds == MAX_REPAIRS {
            why = format!("not certified after {MAX_REPAIRS} repair rounds");
        }
    }
    Ok(Err(Uncertified {
        why,
        support,
        priced,
        dual_cols,
    }))
}

/// The float hint: the float dual simplex ([`float_simplex`]) where the slack basis is dual
/// feasible, its basis giving the primal point and the prices in one solve (within half of
/// the budget `deadline` leaves); otherwise, or if it fails, microlp's primal and dual solves
/// side by side ([`float_hint`]). Records which in `stats.hint`.
fn float_hint(
    model: &Model,
    deadline: Option<Instant>,
    stats: &mut GuidedStats,
) -> (FloatAnswer, FloatAnswer, Option<refine::Refiner>) {
    #[cfg(test)]
    let forced = tests::MICROLP_HINT.get();
    #[cfg(not(test))]
    let forced = false;
    // Half the budget, so that microlp has the other half if the dual simplex fails.
    let half = deadline.map(|d| {
        let now = Instant::now();
        now + d.saturating_duration_since(now) / 2
    });
    // A panic inside our own float solver (a bug; it decides nothing) must cost only the hint,
    // as microlp's panics do in `float_hint::run`.
    let outcome = if forced {
        Err(float_simplex::Outcome::Failed("skipped by a test".into()))
    } else {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            refine::Refiner::new(model, half)
        }))
        .unwrap_or_else(|_| Err(float_simplex::Outcome::Failed("it panicked".into())))
    };
    let why = match outcome {
        Ok(refiner) => {
            stats.hint = format!("float dual simplex, {} pivots", refiner.pivots());
            let (x, y) = refiner.optimum();
            return (
                FloatAnswer::Optimal(x),
                FloatAnswer::Optimal(y),
                Some(refiner),
            );
        }
        Err(float_simplex::Outcome::Infeasible) => {
            stats.hint = "float dual simplex: infeasible".into();
            let not_solved = FloatAnswer::Failed("not solved".into());
            return (FloatAnswer::Infeasible, not_solved, None);
        }
        Err(float_simplex::Outcome::NotDualFeasible) => "slack basis not dual feasible".to_string(),
        Err(float_simplex::Outcome::Failed(why)) => format!("float dual simplex: {why}"),
        Err(float_simplex::Outcome::Optimal { .. }) => unreachable!("an optimum is a run"),
    };
    stats.hint = format!("microlp primal and dual; {why}");
    let (primal, dual) = side_by_side(
        || float_hint::primal(model, deadline),
        || float_hint::dual(model, deadline),
    );
    (primal, dual, None)
}

/// The float solver's own pattern: the variables its primal makes non-zero, and the rows its
/// dual prices (every `=` row among them).
fn float_pattern(model: &Model, x: &[f64], y: &[f64]) -> (Vec<bool>, Vec<bool>) {
    let support = x.iter().map(|v| *v != 0.0).collect();
    let priced = model
        .rows()
        .iter()
        .zip(y)
        .map(|(row, yi)| row.cmp == Cmp::Eq || *yi != 0.0)
        .collect();
    (support, priced)
}

/// The basis the exact pivots start from when the guess does not certify (`why`), and where it
/// came from: the float dual's basis (`dual_cols` on the `priced` rows) when it is dual
/// feasible, so that [`revised`]'s dual simplex keeps it so while it removes the primal
/// infeasibilities; otherwise the float primal's (`support` on the `priced` rows), for the
/// primal phases.
fn warm_basis(
    model: &Model,
    refined: Option<Basis>,
    support: &[bool],
    dual_cols: &[bool],
    priced: &[bool],
    why: String,
) -> (Basis, String) {
    if let Some(basis) = refined {
        if revised::dual_feasible(model, &basis) {
            return (basis, format!("the refined float basis ({why})"));
        }
    }
    let dual = Basis::from_pattern(model, dual_cols, priced);
    if revised::dual_feasible(model, &dual) {
        (dual, format!("the float dual's basis ({why})"))
    } else {
        (
            Basis::from_pattern(model, support, priced),
            format!("the float basis ({why})"),
        )
    }
}

/// `(a(), b())`, with `a` on a scoped thread of its own while this thread runs `b`; a panic in
/// `a` is passed on. Not `rayon::join`: a join caller that waits may run another task of the
/// pool meanwhile (another test's or claim's long float solve), and then an LP's float budget
/// runs out while its own solves wait. With `rayon::join` for the exact pair,
/// `benchmark_lps_certify_from_the_float_basis` failed 3 times in 7 runs of `cargo test --lib
/// lp::` (its float hint took 1,333 ms of a tiny LP); with a scoped thread, 0 in 7.
fn side_by_side<A: Send, B>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B) -> (A, B) {
    std::thread::scope(|s| {
        let a = s.spawn(a);
        let b = b();
        let a = a.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        (a, b)
    })
}

/// The guessed complementary-slackness pattern (see the module docs).
struct Guess {
    /// Variables that may be non-zero.
    support: Vec<bool>,
    /// Rows that are tight at the primal point.
    tight: Vec<bool>,
    /// Rows that may carry a non-zero multiplier (tight rows, by complementary slackness).
    priced: Vec<bool>,
    /// Columns whose dual constraint is tight.
    tight_cols: Vec<bool>,
}

/// `|v| <= TOL·scale` with `scale >= 1`.
fn near_zero(v: f64, scale: f64) -> bool {
    v.abs() <= TOL * scale.max(1.0)
}

impl Guess {
    fn from_floats(model: &Model, x: &[f64], y: &[f64]) -> Guess {
        let (support, priced) = float_pattern(model, x, y);
        // Rows tight at the float point, relative to the size of their terms; every priced
        // row is tight by complementary slackness.
        let tight = model
            .rows()
            .iter()
            .zip(&priced)
            .map(|(row, p)| {
                let (mut lhs, mut scale) = (0.0f64, to_f64(&row.rhs).abs());
                for (j, a) in &row.coeffs {
                    let term = to_f64(a) * x[*j];
                    lhs += term;
                    scale += term.abs();
                }
                *p || near_zero(lhs - to_f64(&row.rhs), scale)
            })
            .collect();
        // Reduced costs c_j - (Aᵀy)_j, with the size of the terms as the scale.
        let mut aty = vec![0.0f64; model.n_vars()];
        let mut scale = vec![0.0f64; model.n_vars()];
        for (row, yi) in model.rows().iter().zip(y) {
            for (j, a) in &row.coeffs {
                let term = to_f64(a) * yi;
                aty[*j] += term;
                scale[*j] += term.abs();
            }
        }
        let tight_cols = model
            .objective()
            .iter()
            .enumerate()
            .map(|(j, c)| {
                let c = to_f64(c);
                near_zero(c - aty[j], scale[j] + c.abs())
            })
            .collect();
        let mut guess = Guess {
            support,
            tight,
            priced,
            tight_cols,
        };
        guess.close_support(model, x);
        guess
    }

    /// Support propagation through homogeneous rows: in a row `a·x ≤ 0` (or `≥ 0`, or `= 0`) a
    /// positive variable on one side needs a positive variable on the other; when the other
    /// side has none, all of it is taken as positive and joins the support, and the row joins
    /// the equations. Positive to begin with are the variables the float point makes clearly
    /// non-zero (relative to its largest entry); repeated to a fixed point. On ε-DP rows
    /// `t·p(x,y) ≤ p(x',y)` this says a column positive somewhere is positive along every
    /// path, which recovers at once the geometric tails the float solver rounds to zero. A
    /// hint only: the exact solve and the checker decide.
    fn close_support(&mut self, model: &Model, x: &[f64]) {
        let scale = x.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let mut positive: Vec<bool> = x.iter().map(|v| !near_zero(*v, scale)).collect();
        let homogeneous: Vec<usize> = (0..model.n_rows())
            .filter(|&i| model.rows()[i].rhs == 0u32)
            .collect();
        loop {
            let mut changed = false;
            for &i in &homogeneous {
                let row = &model.rows()[i];
                // Sides by sign: `pos·x ≤ neg·x` for `≤`; `≥` swaps them; `=` is both.
                let directions: &[bool] = match row.cmp {
                    Cmp::Le => &[true],
                    Cmp::Ge => &[false],
                    Cmp::Eq => &[true, false],
                };
                for &le in directions {
                    let driving = |j: usize, a: &Rational| positive[j] && (*a > 0u32) == le;
                    let meeting = |j: usize, a: &Rational| positive[j] && (*a > 0u32) != le;
                    if !row.coeffs.iter().any(|(j, a)| driving(*j, a))
                        || row.coeffs.iter().any(|(j, a)| meeting(*j, a))
                    {
                        continue;
                    }
                    for (j, a) in &row.coeffs {
                        if (*a > 0u32) != le {
                            positive[*j] = true;
                            if !self.support[*j] {
                                self.support[*j] = true;
                                self.tight[i] = true;
                                self.priced[i] = true;
                            }
                        }
                    }
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The exact pair: the primal from the tight rows (a vertex), else from the priced rows near
    /// the float point; the dual from the tight columns and the support, else from the tight
    /// columns near the float dual.
    fn exact(&self, model: &Model, x: &[f64], y: &[f64]) -> Option<(Vec<Rational>, Vec<Rational>)> {
        let with_support: Vec<bool> = (0..model.n_vars())
            .map(|j| self.tight_cols[j] || self.support[j])
            .collect();
        // The two systems are independent: solved side by side (on the dense big-coefficient
        // LPs of issue 31 each is a ~10 ms Dixon solve).
        let primal = || {
            self.primal_point(model, None, &self.tight)
                .or_else(|| self.primal_point(model, Some(x), &self.priced))
        };
        let dual = || {
            self.dual_point(model, None, &with_support)
                .or_else(|| self.dual_point(model, Some(y), &self.tight_cols))
        };
        let (primal, dual) = side_by_side(primal, dual);
        Some((primal?, dual?))
    }

    /// Solve `A_{T,S} x_S = b_T` exactly for the rows `rows_used`; `None` if inconsistent.
    /// Unknowns the equations leave free take `near` (the float point, or zero).
    fn primal_point(
        &self,
        model: &Model,
        near: Option<&[f64]>,
        rows_used: &[bool],
    ) -> Option<Vec<Rational>> {
        let rows = model.rows();
        let tight: Vec<usize> = (0..rows.len()).filter(|&i| rows_used[i]).collect();
        // Primal: unknowns are the support variables, renumbered.
        let (support, index) = numbered(&self.support);
        let primal_rows = model.submatrix(&tight, &index);
        let primal_rhs = tight.iter().map(|&i| rows[i].rhs.clone()).collect();
        let xs = lu::solve_near(start(&support, near), primal_rows, primal_rhs)?;
        Some(scatter(&support, xs, model.n_vars()))
    }

    /// Solve `A_{R,C}ᵀ y_R = c_C` exactly for the columns `cols_used`; `None` if inconsistent.
    /// Unknowns the equations leave free take `near` (the float dual, or zero).
    fn dual_point(
        &self,
        model: &Model,
        near: Option<&[f64]>,
        cols_used: &[bool],
    ) -> Option<Vec<Rational>> {
        let rows = model.rows();
        // Dual: unknowns are the multipliers of the priced rows; one equation per tight column.
        let (cols, col_pos) = numbered(cols_used);
        let priced: Vec<usize> = (0..rows.len()).filter(|&i| self.priced[i]).collect();
        let mut dual_rows: Vec<SparseRow> = vec![Vec::new(); cols.len()];
        for (k, &i) in priced.iter().enumerate() {
            for (j, a) in &rows[i].coeffs {
                if col_pos[*j] != usize::MAX {
                    dual_rows[col_pos[*j]].push((k, a.clone()));
                }
            }
        }
        let dual_rhs = cols.iter().map(|&j| model.objective()[j].clone()).collect();
        let ys = lu::solve_near(start(&priced, near), dual_rows, dual_rhs)?;
        Some(scatter(&priced, ys, rows.len()))
    }

    /// Adjust the pattern to what the exact pair violates; the number of defects found (rows,
    /// variables and columns changed), 0 if nothing changed.
    fn repair(&mut self, model: &Model, x: &[Rational], y: &[Rational]) -> usize {
        let mut changed = 0;
        for (i, row) in model.rows().iter().enumerate() {
            if !self.priced[i] && !row.cmp.holds(&row.activity(x), &row.rhs) {
                // A violated row must be tight; it joins both equation sets, and its variables
                // may be non-zero (the float solver reads values below its tolerance as zero).
                self.tight[i] = true;
                self.priced[i] = true;
                for (j, _) in &row.coeffs {
                    self.support[*j] = true;
                }
                changed += 1;
            }
            if self.priced[i] && row.cmp != Cmp::Eq && !sign_ok(model.sense(), row.cmp, &y[i]) {
                self.priced[i] = false;
                changed += 1;
            }
        }
        for (s, xj) in self.support.iter_mut().zip(x) {
            if *s && *xj < 0u32 {
                *s = false;
                changed += 1;
            }
        }
        let mut aty = vec![Rational::from(0u32); model.n_vars()];
        for (row, yi) in model.rows().iter().zip(y) {
            if *yi != 0u32 {
                for (j, a) in &row.coeffs {
                    aty[*j] += a * yi;
                }
            }
        }
        for (j, c) in model.objective().iter().enumerate() {
            let ok = match model.sense() {
                Sense::Minimize => aty[j] <= *c,
                Sense::Maximize => aty[j] >= *c,
            };
            if !(ok || self.tight_cols[j] && self.support[j]) {
                self.tight_cols[j] = true;
                self.support[j] = true;
                changed += 1;
            }
        }
        changed
    }
}

/// Starting values of the unknowns at `positions`: the exact values of the floats `near` there,
/// or zeros.
fn start(positions: &[usize], near: Option<&[f64]>) -> Vec<Rational> {
    positions
        .iter()
        .map(|&j| near.map_or_else(|| Rational::from(0u32), |v| exact_f64(v[j])))
        .collect()
}

/// A vector of length `len` with `values[k]` at `positions[k]` and zeros elsewhere.
fn scatter(positions: &[usize], values: Vec<Rational>, len: usize) -> Vec<Rational> {
    let mut out = vec![Rational::from(0u32); len];
    for (&j, v) in positions.iter().zip(values) {
        out[j] = v;
    }
    out
}

/// The sign a multiplier of a `cmp` row must have (see [`super::model`]).
fn sign_ok(sense: Sense, cmp: Cmp, y: &Rational) -> bool {
    match (sense, cmp) {
        (_, Cmp::Eq) => true,
        (Sense::Minimize, Cmp::Ge) | (Sense::Maximize, Cmp::Le) => *y >= 0u32,
        (Sense::Minimize, Cmp::Le) | (Sense::Maximize, Cmp::Ge) => *y <= 0u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::bench_models::{
        cycle_adjacency, max_diagonal_dp, path_adjacency, path_distortion_channel, pd_dp_hamming,
    };
    use crate::lp::{parse_lp, solve_from_scratch, ChannelLp};
    use proptest::prelude::*;
    use std::cell::Cell;

    thread_local! {
        /// Whether [`float_hint`] skips the float dual simplex (on this thread), so that the
        /// paths after microlp's hint stay tested on LPs the dual simplex now answers.
        pub(super) static MICROLP_HINT: Cell<bool> = const { Cell::new(false) };
    }

    /// `f()` with microlp's two solves as the float hint.
    fn with_microlp_hint<T>(f: impl FnOnce() -> T) -> T {
        MICROLP_HINT.set(true);
        let out = f();
        MICROLP_HINT.set(false);
        out
    }

    /// A short float budget, so that a float solve that cycles ends soon.
    fn forced() -> Options {
        Options {
            float_budget: Duration::from_millis(300),
            ..Options::default()
        }
    }

    /// Same status and exact optimum through both paths, and both certificates check.
    /// The channel LP of the cycle C_k at e^ε = 10 that minimises the weights' loss.
    fn cycle_lp_at_ten(k: usize, weights: Vec<Vec<Rational>>) -> Model {
        ChannelLp {
            adjacency: cycle_adjacency(k),
            t: Rational::from_unsigneds(10u32, 1u32),
            sense: Sense::Minimize,
            weights,
        }
        .model()
    }

    fn agree(model: &Model) -> Result<GuidedStats, String> {
        agree_within(model, &forced())
    }

    /// [`agree`] under the given options.
    fn agree_within(model: &Model, options: &Options) -> Result<GuidedStats, String> {
        let (guided, stats) = solve_with_options(model, options).map_err(|e| e.to_string())?;
        let reference = solve_from_scratch(model).map_err(|e| e.to_string())?;
        check(model, &guided).map_err(|e| e.to_string())?;
        if guided.status() != reference.status() || guided.value() != reference.value() {
            return Err(format!(
                "guided {} {:?} vs from scratch {} {:?}",
                guided.status(),
                guided.value(),
                reference.status(),
                reference.value()
            ));
        }
        Ok(stats)
    }

    /// The benchmark LPs certify from the float basis itself, with no exact pivot: PD-DP on
    /// H(3,2) and H(2,3), and the weighted diagonal on the path P_8.
    #[test]
    fn benchmark_lps_certify_from_the_float_basis() {
        let t = Rational::from_signeds(2i32, 1i32);
        for (name, model) in [
            ("pd_dp H(3,2)", pd_dp_hamming(3, 2, &t)),
            ("pd_dp H(2,3)", pd_dp_hamming(2, 3, &t)),
            ("diagonal P8", max_diagonal_dp(&path_adjacency(8), &t)),
        ] {
            // The default float budget, so that a busy machine (tests run in parallel) cannot
            // turn this into a fallback.
            let stats =
                agree_within(&model, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(stats.fallback, None, "{name}: {}", stats.summary());
            assert_eq!(stats.rounds, 1, "{name}: {}", stats.summary());
            assert_eq!(stats.path(), "float guess, certified as guessed");
        }
    }

    /// Issue 31's cliff: small LPs take the float-guided path too. A dense 20 × 20 covering LP
    /// (min c·x, A x ≥ b, entries from a fixed LCG) is answered by the float guess, at the
    /// optimum of the dictionary simplex from scratch (which needs dozens of pivots on it, and
    /// hundreds at 80 × 80).
    #[test]
    fn small_dense_lps_take_the_float_guided_path() {
        let mut seed: u64 = 31;
        let mut next = |lo: u32, hi: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Rational::from(lo + (seed >> 33) as u32 % (hi - lo + 1))
        };
        let k = 20;
        let mut model = Model::new(Sense::Minimize);
        let vars: Vec<_> = (0..k).map(|j| model.add_var(format!("x{j}"))).collect();
        let objective: Vec<_> = vars.iter().map(|v| (*v, next(1, 99))).collect();
        model.set_objective(&objective);
        for _ in 0..k {
            let row: Vec<_> = vars.iter().map(|v| (*v, next(1, 99))).collect();
            model.add_row(&row, Cmp::Ge, next(100, 9999));
        }
        let stats = agree_within(&model, &Options::default()).unwrap();
        assert_eq!(stats.fallback, None, "{}", stats.summary());
        assert!(
            stats.path().starts_with("float guess"),
            "{}",
            stats.summary()
        );
    }

    /// Issue 31 item 3: the path LP (costs ≥ 0, so the slack basis is dual feasible) takes the
    /// float dual simplex's hint, one solve for the point and the prices, and certifies as
    /// guessed, at the optimum microlp's two solves lead to.
    #[test]
    fn the_path_lp_takes_the_float_dual_simplex() {
        let t = Rational::from_signeds(2i32, 1i32);
        let model = path_distortion_channel(20, &t).model();
        let (guided, stats) = solve_with_options(&model, &Options::default()).unwrap();
        assert!(
            stats.hint.starts_with("float dual simplex"),
            "{}",
            stats.hint
        );
        assert_eq!(
            stats.path(),
            "float guess, certified as guessed",
            "{}",
            stats.summary()
        );
        check(&model, &guided).unwrap();
        let (reference, stats) =
            with_microlp_hint(|| solve_with_options(&model, &Options::default())).unwrap();
        assert!(stats.hint.starts_with("microlp"), "{}", stats.hint);
        assert_eq!(guided.value(), reference.value());
    }

    /// The float hint's budget: small LPs get milliseconds (a cycling float solve must not stall
    /// them), large ones the whole [`Options::float_budget`].
    #[test]
    fn the_float_budget_grows_with_the_lp() {
        let options = Options::default();
        let text = "Minimize\n obj: x + y\nSubject To\n a: x + y = 1\n b: 2 x + 2 y = 2\nEnd\n";
        let tiny = parse_lp(text).unwrap().model;
        // (2 rows + 2 columns) × 4 non-zeros = 16 µs over the 10 ms floor.
        assert_eq!(
            float_budget(&tiny, &options),
            Duration::from_millis(10) + Duration::from_micros(16)
        );
        let t = Rational::from_signeds(1i32, 2i32);
        let p60 = path_distortion_channel(60, &t).model();
        assert_eq!(float_budget(&p60, &options), options.float_budget);
    }

    /// The path LP of issue 14 on P_40 (1,600 variables): the float solver reads the columns'
    /// geometric tails as zero; the support closure restores them and the guess certifies
    /// without the exact simplex, at the same optimum.
    #[test]
    fn the_support_closure_recovers_the_tails_the_float_solver_drops() {
        let t = Rational::from_signeds(2i32, 1i32);
        let model = path_distortion_channel(40, &t).model();
        // The default float budget (a minute), so that a busy machine cannot turn this into a
        // fallback.
        let (guided, stats) = solve_with_options(&model, &Options::default()).unwrap();
        let reference = solve_from_scratch(&model).unwrap();
        assert_eq!(guided.value(), reference.value());
        assert_eq!(stats.fallback, None, "{}", stats.summary());
    }

    /// An LP whose float guess does not certify, even after repairs (the channel LP on the
    /// 15-cycle at t = 1/10 with uneven weights, whose columns span ten orders of magnitude):
    /// the revised simplex from the float dual's basis finishes it, without the exact simplex
    /// from scratch, with a certified optimum. (That basis is optimal as it stands: no pivot.
    /// Before issue 31's dual simplex the primal phases took pivots from the float primal's
    /// basis here.)
    #[test]
    fn a_guess_that_does_not_certify_is_finished_by_the_revised_simplex() {
        let k = 15;
        let weights = (0..k)
            .map(|x| {
                (0..k)
                    .map(|y| {
                        Rational::from_unsigneds(
                            ((3 * x + 5 * y) % 7) as u32,
                            (1 + (x * y) % 4) as u32,
                        )
                    })
                    .collect()
            })
            .collect();
        let model = cycle_lp_at_ten(k, weights);
        // The float dual simplex's hint certifies as guessed.
        let (guided, stats) = solve_with_options(&model, &Options::default()).unwrap();
        assert_eq!(stats.path(), "float guess, certified as guessed");
        assert!(
            stats.hint.starts_with("float dual simplex"),
            "{}",
            stats.hint
        );
        check(&model, &guided).unwrap();
        // microlp's does not.
        let (guided, stats) =
            with_microlp_hint(|| solve_with_options(&model, &Options::default())).unwrap();
        assert!(stats.warm_start.is_some(), "{}", stats.summary());
        assert!(stats.rounds > 1, "{}", stats.summary());
        assert_eq!(
            stats.path(),
            "exact revised simplex from the float dual's basis",
            "{}",
            stats.summary()
        );
        assert_eq!(stats.fallback, None, "{}", stats.summary());
        // The optimum is proved by its certificate (the exact simplex from scratch needs ~20 s
        // on this LP in the test profile).
        check(&model, &guided).unwrap();
    }

    /// Issue 31: a channel LP with geometric tails (C_12 at e^ε = 10, the weights
    /// `(r % 7) / (1 + r % 5)` of `examples/guided_stress`' generator) on which the
    /// primal-support guess fails (its equations are inconsistent: the float solver reads the
    /// tails, down to 10^-11 here, as zero). The float dual's basis is dual feasible and the
    /// dual simplex alone reaches an optimal basis, which the primal phases confirm without a
    /// pivot, at the optimum of the exact simplex from scratch (the steps of the guided solve
    /// one by one: its path depends on the float budget, which a busy machine can exhaust).
    #[test]
    fn the_float_duals_basis_is_finished_by_the_dual_simplex() {
        let mut seed: u64 = 12345;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let k = 12;
        let weights = (0..k)
            .map(|_| {
                (0..k)
                    .map(|_| Rational::from_unsigneds(next() % 7, 1 + next() % 5))
                    .collect()
            })
            .collect();
        let model = cycle_lp_at_ten(k, weights);
        // The steps of `guided_attempt`, without its float budget (so that a busy machine
        // cannot end the float solves early and change the path).
        let (FloatAnswer::Optimal(x), FloatAnswer::Optimal(y)) = (
            float_hint::primal(&model, None),
            float_hint::dual(&model, None),
        ) else {
            panic!("the float solver answers C_12")
        };
        let guess = Guess::from_floats(&model, &x, &y);
        // The primal-support guess does not certify (its repairs end in inconsistent
        // equations).
        if let Some((primal, dual)) = guess.exact(&model, &x, &y) {
            let candidate = Solution::Optimal {
                value: model.objective_value(&primal),
                primal,
                dual,
            };
            assert!(check(&model, &candidate).is_err(), "the guess certifies");
        }
        let (support, priced) = float_pattern(&model, &x, &y);
        let (basis, from) = warm_basis(
            &model,
            None,
            &support,
            &guess.tight_cols,
            &priced,
            "test".into(),
        );
        assert_eq!(from, "the float dual's basis (test)");
        let (Ending::Solved(guided), warm) = revised::solve_from(&model, basis, 1000, None) else {
            panic!("stopped")
        };
        check(&model, &guided).unwrap();
        assert!(warm.dual_pivots > 0, "{warm:?}");
        assert_eq!(warm.phase1_pivots + warm.phase2_pivots, 0, "{warm:?}");
        let reference = solve_from_scratch(&model).unwrap();
        assert_eq!(guided.value(), reference.value());
        // And the whole guided solve agrees.
        agree_within(&model, &Options::default()).unwrap();
    }

    /// The closure on a chain `t·a ≤ b`, `t·b ≤ c` and an `=` row `d = e`: a clearly positive
    /// `a` makes `b` and `c` support and their rows equations; a noise-sized `d` drives
    /// nothing; a row already met on its other side adds nothing.
    #[test]
    fn support_closure_follows_homogeneous_rows() {
        let text = "Minimize\n obj: a + b + c + d + e + f\nSubject To\n r0: a + b + c + d + e + f = 1\n r1: 2 a - b <= 0\n r2: 2 b - c <= 0\n r3: d - e = 0\n r4: f - a <= 0\nEnd\n";
        let model = parse_lp(text).unwrap().model;
        let x = [0.5, 0.0, 0.0, 1e-18, 0.0, 0.25];
        let y = vec![0.0; model.n_rows()];
        let guess = Guess::from_floats(&model, &x, &y);
        assert_eq!(guess.support, [true, true, true, true, false, true]);
        // `=` rows are always equations; r1 and r2 joined through the closure.
        assert_eq!(guess.priced, [true, true, true, true, false]);
        assert_eq!(guess.tight, [true, true, true, true, false]);
    }

    /// A degenerate LP on which microlp cycles (a repeated equality makes its dual degenerate):
    /// the budget ends the float solve and the exact revised simplex answers from the slack
    /// basis. (The float dual simplex does not cycle on it: its guess certifies.)
    #[test]
    fn a_cycling_float_solve_is_answered_from_the_slack_basis() {
        let text = "Minimize\n obj: x + y\nSubject To\n a: x + y = 1\n b: 2 x + 2 y = 2\n c: x - y <= 0\nEnd\n";
        let file = parse_lp(text).unwrap();
        let stats = agree(&file.model).unwrap();
        assert!(
            stats.hint.starts_with("float dual simplex"),
            "{}",
            stats.hint
        );
        assert!(
            stats.path().starts_with("float guess"),
            "{}",
            stats.summary()
        );
        let stats = with_microlp_hint(|| agree(&file.model)).unwrap();
        assert_eq!(
            solve(&file.model).unwrap().value(),
            Some(&Rational::from(1u32))
        );
        assert_eq!(stats.fallback, None, "{}", stats.summary());
        let warm = stats.warm_start.as_ref().expect("the revised simplex ran");
        assert!(
            warm.from.starts_with("the slack basis (float solver"),
            "{}",
            stats.summary()
        );
        assert_eq!(stats.path(), "exact revised simplex from the slack basis");
    }

    /// LP text with free, bounded-below, bounded and fixed variables (the Bounds section), so
    /// the model has split and shifted variables and upper-bound rows.
    fn arb_lp_text() -> impl Strategy<Value = String> {
        let n = 1usize..=5;
        n.prop_flat_map(|n| {
            (
                any::<bool>(),
                prop::collection::vec(-3i32..=3, n),
                prop::collection::vec(
                    (prop::collection::vec(-2i32..=2, n), 0u8..3, -3i32..=4),
                    0..=6,
                ),
                prop::collection::vec(0u8..5, n),
            )
                .prop_map(move |(max, c, rows, bounds)| {
                    let mut b = String::from("Bounds\n");
                    for (j, kind) in bounds.iter().enumerate() {
                        b += &match kind {
                            0 => String::new(),
                            1 => format!(" x{j} free\n"),
                            2 => format!(" x{j} >= -2\n"),
                            3 => format!(" -1 <= x{j} <= 3\n"),
                            _ => format!(" x{j} = 1/2\n"),
                        };
                    }
                    crate::lp::tests::lp_text(max, &c, &rows, &b)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Random LPs, many degenerate (small integer data, zero right-hand sides), infeasible
        /// and unbounded, with free and bounded variables: the float-guided path and the exact
        /// simplex from scratch give the same status and the same exact optimum.
        #[test]
        fn guided_and_from_scratch_agree(text in arb_lp_text()) {
            let file = parse_lp(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            agree(&file.model).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        }
    }
}
