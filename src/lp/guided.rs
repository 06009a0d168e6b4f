//! The float-guided exact LP solver (issue 14), after the exact solvers QSopt_ex and SoPlex:
//! solve in floating point, guess the optimal basis from it, solve the guess exactly, and let the
//! certificate checker judge.
//!
//! 1. **Float hint**: where the slack basis is dual feasible (costs ≥ 0 in a minimisation), the
//!    float dual simplex of [`super::float::simplex`] gives the primal point and the prices in
//!    one solve; otherwise, or when it fails, microlp ([`super::float::microlp`]) solves the primal
//!    and the dual LP side by side ([`hint::side_by_side`]; it reports no duals, so the dual is a
//!    second solve). `--stats` names the one used. On the path LP P60 (`bench/lp_vs_highs.py
//!    --path 60 --t 1/2 --runs 3`, this and main's binary interleaved, 3 runs each, load
//!    ~3.5): 0.85 / 0.82 / 0.85 s (3.3 / 3.1 / 3.2× HiGHS in the same runs) against 4.10 /
//!    4.03 / 4.35 s (15.9 / 14.3 / 16.6×) with microlp's two solves; both guesses certify as
//!    guessed.
//!
//!    **Refinement** (issue 31 item 3, 2026-11-27): when the guess from the float dual simplex
//!    (steps 2–5) does not certify, its basis is refined ([`super::float::refine`]: the residual
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
//!    float reduced cost is zero (relative tolerance [`guess::TOL`]). By complementary slackness an
//!    optimal pair has `a_i·x = b_i` on `R`, `x = 0` off `S`, `(Aᵀy)_j = c_j` on `C`, `y = 0` off
//!    `R`. The support is then closed through homogeneous rows (`a·x ≤ 0`): a clearly
//!    positive variable on one side makes the other side positive (on ε-DP rows, a column
//!    positive somewhere is positive along every path), which recovers the tails of geometric
//!    columns the float solver reads as zero (values down to 2^-59 on the path LP).
//! 3. **Exact systems** ([`super::exact::lu`]): those equations are solved exactly in
//!    rationals: `A_{R,S} x_S = b_R` and `A_{R,C}ᵀ y_R = c_C`; a dense square system by
//!    Dixon's p-adic solve (`lp::exact::dixon`, verified exactly, else the LU). The primal and
//!    the dual system are independent and are solved side by side ([`hint::side_by_side`]): on
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
//! 6. **Exact pivots** ([`super::exact::revised`]): otherwise the exact revised simplex starts from the
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
//! 7. **Fallback**: the exact dictionary simplex from scratch ([`super::exact::simplex`]) when the
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
//! → 447 + 82, 68 s; P_40 with the exact point update of [`super::exact::revised`] as well, medians
//! of 3 interleaved at load 7–8: 18.9 s before both, 15.4 s with the update, 11.0 s with both.
//! P_50 answers in neither form within 150 s (531 and 424 initial infeasibilities). Tried and
//! not kept: only the variables and multipliers clearly non-zero
//! (relative [`guess::TOL`] of the largest): P_40 625 + 601 pivots, 7.4 s; C_40 562 + 949, 139 s.
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
//! dual simplex of [`super::exact::revised`] from it reaches an optimal basis with no primal pivot
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
use super::exact::revised::{self, Basis, Ending};
use super::exact::simplex;
use super::float::budget::Budget;
use super::float::microlp::FloatAnswer;
use super::float::refine::Refiner;
use super::float::simplex as float_simplex;
use super::model::{Model, Solution};
use super::options::Options;
use std::fmt;
use std::time::Instant;

mod guess;
mod hint;
mod stats;

use guess::Guess;
use hint::{float_hint, float_pattern, hint_budget};

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

pub(crate) use stats::{GuidedStats, WarmStart};

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
    let mut stats = GuidedStats::default();
    let why = if !options.float_hint {
        "float hint off".to_string()
    } else {
        match guided_attempt(model, options, &mut stats)? {
            Ok(solution) => return Ok((solution, stats)),
            Err(why) => why,
        }
    };
    from_scratch(model, options.deadline, why, stats)
}

/// Step 7: the exact simplex from scratch, because of `why`; its answer checked.
fn from_scratch(
    model: &Model,
    deadline: Option<Instant>,
    why: String,
    mut stats: GuidedStats,
) -> Result<(Solution, GuidedStats), SolveError> {
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

/// The float hint, the exact systems and the repairs: a certified optimum, or why not (for the
/// fallback), or the time limit.
fn guided_attempt(
    model: &Model,
    options: &Options,
    stats: &mut GuidedStats,
) -> Result<Result<Solution, String>, SolveError> {
    let float_budget = hint_budget(model, options);
    let started = Instant::now();
    let hint = float_hint(model, &float_budget, stats);
    stats.float = started.elapsed();
    attempt_from_hint(model, options.deadline, &float_budget, hint, stats)
}

/// A float hint computed elsewhere: the float dual simplex's run at its optimum, on `model`
/// itself (row generation, [`super::lazy`], solves each sub-LP in floats first and hands the
/// last one's run here, so that it is not solved twice).
pub(crate) struct Hint {
    /// The run, at its optimum.
    pub refiner: Refiner,
    /// One line for `--stats`: the solver and its pivots.
    pub summary: String,
}

/// [`solve_with_options`] from a float hint already computed on `model`: the exact systems,
/// repairs and pivots of steps 2–7, every answer checked.
pub(crate) fn solve_with_hint(
    model: &Model,
    options: &Options,
    hint: Hint,
) -> Result<(Solution, GuidedStats), SolveError> {
    let mut stats = GuidedStats {
        hint: hint.summary,
        ..GuidedStats::default()
    };
    let (x, y) = hint.refiner.optimum();
    let float_budget = hint_budget(model, options);
    let answer = (
        FloatAnswer::Optimal(x),
        FloatAnswer::Optimal(y),
        Some(hint.refiner),
    );
    match attempt_from_hint(model, options.deadline, &float_budget, answer, &mut stats)? {
        Ok(solution) => Ok((solution, stats)),
        Err(why) => from_scratch(model, options.deadline, why, stats),
    }
}

/// Steps 2–6 from the float hint `(primal, dual, refiner)`: a certified optimum, or why not
/// (for the fallback), or the time limit.
fn attempt_from_hint(
    model: &Model,
    deadline: Option<Instant>,
    float_budget: &Budget,
    (primal, dual, refiner): (FloatAnswer, FloatAnswer, Option<Refiner>),
    stats: &mut GuidedStats,
) -> Result<Result<Solution, String>, SolveError> {
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
                    refiner.refine(model, float_budget)
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

#[cfg(test)]
mod tests;
