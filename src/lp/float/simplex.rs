//! A float dual simplex from the slack basis (issue 31 item 3): the float hint of
//! [`crate::lp::guided`] in one solve, primal and dual together, where the slack basis is dual
//! feasible (every cost ≥ 0 in a minimisation, ≤ 0 in a maximisation: the channel LPs that
//! minimise a loss, covering LPs). Hints only: nothing here decides anything.
//!
//! The slack form of [`crate::lp::exact::revised`] with the slack's coefficient `+1` in every row:
//! `a_i·x + s_i = b_i`, `x ≥ 0`, `s_i ∈ [0, ∞)` on `≤` rows, `(−∞, 0]` on `≥` rows, `[0, 0]` on
//! `=` rows. Every non-basic variable sits at its finite bound (0 in the LP itself), so the
//! basic values are `B⁻¹ (b − N x_N)`; [`Run::restate`] replaces `b` and the bounds (each
//! variable keeps one finite bound, or two equal ones), keeping the basis: the scaled residual
//! problems of the iterative refinement of [`crate::lp::float::refine`]. From the slack basis (dual
//! feasible by the condition above) the dual simplex (Koberstein, "The dual simplex method,
//! techniques for a fast and stable implementation", PhD thesis, Paderborn 2005, ch. 3):
//!
//! * **pricing** — dual steepest edge, then dual Devex once the run is no longer dual
//!   degenerate ([`Pricing`], issue 42 item 8, fourth round): the basic variable whose bound
//!   violation squared over its weight is largest leaves (among those [`Run::infeasible`]
//!   lists); the weights are `‖ρ_r‖²` (`ρ_r` the row of `B⁻¹`), exact under steepest edge,
//!   and under Devex (Koberstein's thesis §3.3.2, after Harris's Devex) estimated by `w_i ←
//!   max(w_i, (α_iq/α_rq)² w_r)` and `w_r ← max(w_r/α_rq², 1)`. Until the fourth round Devex
//!   throughout; dual steepest edge
//!   (Forrest & Goldfarb 1992, "Steepest-edge simplex algorithms for linear programming", Math.
//!   Prog. 57, "Dual algorithm I": the exact norms, updated with `τ = B⁻¹ ρ_r`, a third solve
//!   per pivot) was the first version: on P60 2,639 pivots against Devex's 2,673, but a float
//!   hint of 1,083 / 979 ms against 896 / 797 ms (`dpcert lp P60.lp --stats`, interleaved,
//!   load ~3). Issue 42 item 8 measured it again (see below): it halves PD-DP's pivots and
//!   saves none on the path LPs;
//! * **ratio test** — Harris's two passes (Harris 1973, "Pivot selection methods of the Devex LP
//!   code", Math. Prog. 5) with the dual tolerance [`DUAL_TOL`]: the bound on the step from
//!   the relaxed ratios, then the largest `|α_rj|` within it; an `α_rj` below [`PIVOT_TOL`] is
//!   no pivot;
//! * **factorisation** — [`FloatLu`] of the basis, and the exchanges since kept by
//!   [`Inverse`] each in the sparser of the product form (the entering column) and the
//!   alternate product form (the pivotal row `ρ` and the two columns exchanged; issue 42 item
//!   8), refactored when they outgrow the factors ([`ETA_GROWTH`]); the basic values and the
//!   reduced costs are recomputed from scratch at each refactorisation.
//!
//! The answer is the basis's point `x` and its prices `y` in the sign conventions of
//! [`crate::lp::model`], the same pair the two float solves of [`crate::lp::float::microlp`] give; an LP the
//! dual simplex proves infeasible (a leaving row with no entering candidate, confirmed after a
//! fresh factorisation) is reported so; anything else (a singular basis, the time limit, the
//! iteration cap) is a failure, and [`crate::lp::guided`] falls back to those two solves.
//!
//! Measured (2026-11-27, issue 31 item 3; load ~3.5 on the 2-core machine): the path LP P60
//! (`bench/lp_vs_highs.py --path 60 --t 1/2 --runs 3`, 3,600 columns, 7,140 rows) takes 2,673
//! pivots (HiGHS's dual simplex 2,140), a float hint of 0.72–0.80 s where microlp's two solves
//! took 3.96–4.14 s, and the whole run is 3.1–3.3× HiGHS (main: 14–17×; medians in
//! [`crate::lp::guided`]). `examples/guided_stress` (60 cases, this binary then main's, load
//! ~2.5): 4.88 s against 5.12 s in all, the 29 cases on this path 2.07 s against 2.39 s; one
//! is slower: case 8 (P_23 at e^ε = 5/4), whose guess from this hint is inconsistent and whose
//! warm start from the float primal's pattern takes 307 exact pivots (220 ms against 77 ms).
//! Its optimal basis as it stands was tried as the exact warm start (stop 39, through
//! `Basis::from_pattern`, then `revised::dual_feasible`): P_50 took the same 678 exact dual
//! pivots (22.9 s) and case 8's basis is not dual feasible exactly. Refined
//! ([`crate::lp::float::refine`], since 2026-11-27) it is: P_50 certifies without an exact pivot. The entering columns `B⁻¹ a_q` have ~2,500 non-zeros of 7,140, the
//! factors ~7,300, so the eta file is most of each solve; `perf` (with dual steepest edge):
//! the solves (`ftran`/`btran` with the eta file) ~44%, the pivot loop ~17%, the
//! factorisation ~13%. Issue 42 item 8 (2026-11-28): [`FloatLu::factor`] pivots the basic
//! slacks' unit columns first and runs its Markowitz search on the kernel only, slack columns
//! are borrowed rather than built per refactorisation, and the pivot loop's solves write into
//! reused buffers: CPU seconds of the whole `dpcert lp` (two runs each, interleaved, load ~20)
//! on H(5,2) 0.59 / 0.56 → 0.38 / 0.39, on P_60 0.73 / 0.64 → 0.46 / 0.46 (the reuse of the
//! buffers alone changed nothing measurable). `perf` on P_60 after it: the pivot loop ~24%,
//! the factorisation (the kernel's Markowitz search) ~15%, the four solves ~33%.
//!
//! Issue 42 item 8, second round (2026-11-28): `perf` on P_60 put half of each solve in the eta
//! file (the entering columns: 2,154 non-zeros on average over the first 2,500 pivots, of 7,140
//! rows), while the pivotal rows `ρ` the pivot computes anyway have 1,098 and the two columns
//! exchanged ~6: [`Inverse`] keeps each exchange in the sparser form (the alternate one on 88%
//! of P_60's pivots, 79% of H(5,2)'s), and the triangular solves skip the steps of `L` without
//! multipliers (the unit columns). Ratios to HiGHS in the same interleaved runs
//! (`bench/lp_vs_highs.py --t 1/2`, this binary and the one before it in turn, load 13–15 from
//! five helpers' builds): `--path 60 --runs 3` 2.8 → 2.3 (float hint 1.30 → 1.09 s), `--pd-dp 5
//! 2 --runs 3` 2.0 → 1.8 (1.19 → 0.94 s); with `nice -n -10`: `--path 160 --runs 3` 6.2 → 4.8
//! (one run each: float hint 23.6 → 18.6 s, 8,442 / 8,431 pivots); `--pd-dp 6 2 --runs 1` 2.7
//! (28.7 s, 16,241 pivots, against HiGHS's 10.7 s) where the binary before it did not answer
//! within 150 s (its float hint passed the 30 s of its budget and microlp took over; without
//! `nice`, not within 697 s) — but with `--runs 3` this binary too ran past 280 s: at this load
//! H(6,2)'s float hint is at the edge of its 30 s budget, still a cliff (the budget is wall
//! time). What is left: a Forrest–Tomlin update of `U` itself (HiGHS's default; its spikes here
//! would be the few entries of `a_q`, since `L` is nearly empty), hypersparse solves (every
//! solve writes all `m` entries), and a pricing that does not scan all `m` rows (on H(6,2),
//! 24,640 rows); no bound flipping ratio test (HiGHS's BFRT), since the slack form here has no
//! boxed variable.
//!
//! Issue 42 item 8, third round (2026-11-28): the hint's budget is CPU time of this thread
//! ([`crate::lp::float::budget`]); `perf` on P_160 put a fifth of the pivot loop in the first
//! load of each row in [`Run::pivot_row`] and another in [`Run::leaving`]'s reads through
//! `head`: the rows are one array, the basic flags bytes, the basic bounds by position (same
//! pivots; CPU of the whole `dpcert lp` on P_100 1.81 / 1.60 → 1.67 / 1.51 s, load ~7). The
//! refactorisation rule ([`ETA_GROWTH`], [`MAX_ETAS`]) was swept again (5/64, 5/128, 10/128,
//! 20/256, 3/64, 2/32 on P_100 and H(5,2)): 5/64 stays. A Devex reference framework reset
//! (HiGHS's `newDevexFramework`, weights ratio above 9) changed nothing (H(5,2) 2,987 pivots).
//! Dual steepest edge from the start (CPU of the whole `dpcert lp`, load ~11): H(5,2) 3,089 →
//! 1,761 pivots, 0.27 → 0.22 s; H(6,2) 16,241 → 8,814 pivots, 9.5 → 6.3 s; but P_60 2,658 →
//! 2,638 pivots, 0.34 → 0.49 s, P_100 4,953 → 4,935, 1.6 → 2.2 s (its third solve per pivot).
//! The PD-DP runs are dual degenerate throughout (H(5,2): 903 of 2,964 pivots with a zero
//! dual step), the path LPs only early (P_60: 123 of 2,640, all in the first few hundred), so
//! a switch on the share of degenerate pivots separates them; but a switch from Devex to
//! steepest edge *midway* (past `m / 8` pivots, the Devex weights as the starting norms) made
//! H(6,2) run past 120 s of CPU, and one at the first refactorisation switched the path LPs
//! too (their early degenerate pivots). What is left: steepest edge from the start with a
//! switch to Devex where the run stops being degenerate (HiGHS switches that way; exact norms
//! are then good Devex estimates), or exact norms at the switch.
//!
//! Issue 42 item 8, fourth round (2026-11-29): `perf` on P_100 and P_160 put a third of the
//! pivot loop in [`Run::pivot_row`]'s reads of row entries (most of them of basic columns late
//! in a run) and the rest in passes over all `m` positions (the leaving row's scan, the
//! exchange's counts of `α` and `ρ`, the primal step). The rows are now partitioned, the
//! non-basic structurals' entries first ([`Run::row_split`], HiGHS's partitioned row-wise
//! matrix); the pivot row, the exchange and the primal step pass only the non-zeros of `ρ` and
//! `α`, listed once per solve; the leaving row is chosen among a list of the positions that
//! may be out of bounds ([`Run::infeasible`], as HiGHS's dual CHUZR keeps its
//! infeasibilities); and [`Pricing`] starts with dual steepest edge, giving it up for Devex
//! after a window of 100 pivots with fewer than 5 dual degenerate ones: PD-DP keeps steepest
//! edge (H(5,2) 1,767 pivots, as many as with steepest edge throughout, against Devex's 3,258;
//! H(6,2) 8,958 against main's 16,241), the path LPs switch early (P_100 4,976 pivots, CPU
//! 1.66 s, against Devex's 5,019 and 1.62 s and steepest edge's 4,930 and 2.19 s). `bench/lp_vs_highs.py --t 1/2 --runs 3`, main's binary
//! then this one, load 11–13 (two cores, four helpers): `--pd-dp 5 2` 2.0 → 1.3 (float hint
//! 0.71 → 0.43 s), `--pd-dp 6 2` 2.9 → 1.3 (30.2 → 12.9 s: main's at the edge of its 30 s
//! budget), `--path 100` 3.1 → 3.0 (CPU of the whole run 1.80 → 1.66 s), `--path 160` 5.2 →
//! 4.8 (19.2 → 15.6 s, 8,431 → 8,491 pivots; HiGHS 6,475). `perf` on P_100 after it: the two
//! solves ~36% (in `ftran` half is the alternate product form's `ρ·b` over each exchange's
//! `ρ`, half the backward pass of `U` over all `m` steps), the pivot loop ~28%, the
//! factorisation ~10%. What is left for P_160 (4.8×): solves that do not pass all `m` steps
//! (the singleton part of the basis is an identity block: with the input's non-zeros listed
//! the steps of the slack columns could be skipped), and `ρ·b` in `ftran` over the few
//! non-zeros of `b` (the entering column stays sparse through the exchanges' `u`).
//!
//! Issue 42 item 8, fifth round (2026-11-29): the solves pass listed entries (HiGHS's
//! hyper-sparse `HVector`, [`SparseVec`]): their inputs' non-zero entries are listed and so are
//! their results', so no pass over all `m` rows is left in a pivot but the kernel's steps;
//! [`FloatLu`]'s singleton steps (the basic slacks, an identity block up to scaling) are passed
//! only where an entry falls on them, and [`Inverse`]'s alternate product forms are passed by
//! the rows of a sparse `b` (`ρ_kᵀ b` through the `ρ`s kept by row, and the products `ρ_kᵀ u_j`
//! kept as the exchanges come) rather than over every `ρ` (where `b` lists under a tenth of
//! the rows; a dense `b` reads each `ρ` in order, as before: read by rows the steepest-edge
//! `τ` doubled H(5,2)'s hint). Measured at load ~11 (five helpers' builds; one run each,
//! interleaved, CPU of the whole `dpcert lp`): P_160 14.5 → 11.8 s (8,491 → 8,452 pivots),
//! P_100 4.9 / 3.3 → 2.9 / 3.1 s (4,976 → 4,997); `perf` on P_100: the solves 39% → 31% of the
//! samples (1.49 → 1.16 s); `callgrind` on H(5,2): the hint 2.673 → 2.703 G instructions
//! (1,767 → 1,791 pivots; the listed results cost their marks where they are dense). What is
//! left: the kernel's steps (all of them in each solve), dense results without marks
//! (HiGHS's `HVector` switches to dense passes above a density), and `ρ` unsorted for
//! [`Run::pivot_row`]'s reads of the rows.
//!
//! Issue 42 item 8, sixth round (2026-11-29): the fifth round cost the PD-DP LPs 30–50% (the
//! lead's figures: H(6,2) 12.75 → 17.96 s, H(5,2) 0.39 → 0.58 s) at the same instructions per
//! pivot: marks on results that are dense anyway, lists in the order the solve wrote them. A
//! [`SparseVec`] now gives its list up past a tenth of its entries (HiGHS's switch from its
//! hyper-sparse solves to dense passes) and lists its non-zeros again by one pass, in order;
//! the exchanges keep their entries in order; and [`FloatLu`] keeps `U` by columns too, so
//! that the forward solve passes a column of `U` only where the solution is non-zero rather
//! than every entry of every kernel row. `cachegrind` on H(5,2) (against main, before the
//! fifth round): 2.935 → 2.865 G instructions, 81.8 → 79.9 M first-level data misses (1,767
//! → 1,777 pivots). CPU seconds of the whole `dpcert lp`, three runs interleaved with HiGHS's
//! (`/tmp/lp42q_meas.py`, load 6.6–9.8; ratios to HiGHS's solve call): P_100 4.75 → 3.28 s
//! (4.2 → 2.9×), P_160 16.5 → 13.9 s (4.9 → 4.1×, 8,491 → 8,460 pivots against HiGHS's
//! 6,475), P_60 and H(5,2) within the noise (nine runs: 0.88 / 0.86 s, 0.47 / 0.49 s). What
//! is left for P_160: the kernel's steps, still passed in full (a depth-first search over the
//! kernel's columns, as HiGHS's `solveHyper`), and the pivot count (HiGHS presolves and
//! perturbs the costs).
//!
//! Issue 42 item 8, seventh round (2026-11-29): P_160 profiled first (`perf`, and the pivot
//! loop's phases timed in place; load ~8, wall seconds of a 14.6 s hint): the entering
//! column's solve 3.6 s, the refactorisations 3.2 s (2.7 s of them in [`FloatLu::factor`],
//! 132 of them, each at [`MAX_ETAS`]), the pivotal row's solve 2.1 s, the pivot row 1.9 s, the
//! exchanges 1.4 s, the updates of the values, weights and reduced costs 1.6 s, the ratio test
//! 0.7 s. `ρ` has 3,847 non-zeros of 51,040 on average (7.5%), `α` 7,542 (15%), the pivot
//! row 18,612; 7,546 exchanges take the alternate product form, 914 the product form, and
//! the pivotal row's solves pass 524 M entries of the kept `ρ`s (113,609 times a `ρ`, of
//! 237,592). Hence what was not done: hyper-sparse kernel steps (a depth-first search from
//! the right-hand side's entries) — the results are 7.5% and 15% dense, where HiGHS's own
//! switch (`hyperFTRANU` 10%, `hyperBTRANU` 15% of historical density) would pass `α` in full,
//! and the kernel's ≤ 8,320 steps cost less than the entries the solve writes; and cost
//! perturbation — the pivots are at their floor: the final basis has 8,320 basic structurals
//! (P_160's columns all have two entries or more, so all of them are in the kernel), each
//! pivot from the slack basis brings in at most one, and 8,460 pivots leave 140 that did not
//! stay; HiGHS's 6,475 are pivots on its presolved LP. A longer interval between
//! refactorisations ([`MAX_ETAS`] 96 and 128, growth 10; `dpcert lp --stats` CPU seconds,
//! three runs each interleaved, load 4–7): P_160 12.47 and 12.05 s against 13.64 s, but P_100
//! 3.09 and 3.16 s against 2.66 s and H(5,2) 0.42 and 0.64 s against 0.41 s: kept at 64.
//! Kept, each giving the same numbers as before (the same pivots on all six files): the
//! singleton steps of [`FloatLu::ftran`] read their column and pivot by row (the dense pass
//! over all rows read them through the step of each row: half of the solve's own time); an
//! exchange's `ρ` or `α` is read in order rather than its list sorted where the list holds
//! more than a thirty-second of the entries (the sort was 4% of the run); and
//! [`FloatLu::factor`]'s Markowitz search finds each entry of a candidate column in its row
//! once rather than twice (its column's largest, then the entry: a third of the
//! factorisation's own time). CPU seconds of the whole `dpcert lp`, main's binary and this
//! one interleaved with HiGHS (`/tmp/lp42q_meas.py 3`, medians of three, load 6.5–9.5 with a
//! build beside them): P_160 9.95 / 10.88 s (runs 9.6–11.9 s either way: no gain above the
//! noise, where the phases these touch are ~5% of its time), P_100 2.29 / 2.16 s, H(6,2)
//! 9.52 / 9.36 s, P_60 0.90 / 0.90 s, H(5,2) 0.42 / 0.38 s; `dpcert verify --certificates`
//! writes the same 316 files. P_160 stays above 3× HiGHS (4.4× in those runs). What is left
//! for it, by the profile above: the refactorisations (a fifth of the hint: a Forrest–Tomlin
//! update of `U`, HiGHS's default, would let the interval grow without the solves paying for
//! each exchange, where a longer interval alone slows P_100), the kept `ρ`s in the pivotal
//! row's solve, and the pivot row's reads.
//!
//! Issue 42 item 8, eighth round (2026-11-29): `perf` on P_160 (main's binary, 13.2 s in all,
//! 11.2 s of hint): the pivot loop's own code 25% (the pivot row's writes ~6%, its clearing
//! ~2.5%, the updates of the reduced costs, values and weights ~6%), [`Inverse::ftran`]'s own
//! 9.4% (half of it [`FloatLu::ftran`]'s pass of the singleton steps over a dense `b`, a
//! mispredicted branch on each kernel row and each zero), [`FloatLu::factor`] 9% (a fifth of
//! it finding an entry in its row during the Markowitz search), [`SparseVec::sub_pairs`] 8%
//! (half of it the marks of the alternate product forms' `ρ`s in the pivotal row's solve),
//! [`Inverse`]'s ordering of the exchange's entries 6.7% (a pass over all `m` with a
//! mispredicted branch per entry), [`SparseVec::relist`] 5%, `malloc`/`free` 4%. Kept, each
//! giving the same numbers (the same pivots and the same output of `dpcert lp` on P_60, P_100,
//! P_160, H(5,2), H(6,2), D_80): the singleton pass reads a list of the singleton steps and
//! writes without a branch ([`SparseVec::put_new`]); the exchange's entries are taken as they
//! stand where their list is in order (a dense result's, listed again in order) and otherwise
//! found by a pass without a branch; Harris's second pass reads the first pass's candidates;
//! the Markowitz search reuses its list of candidates. Keeping `α` and its mark side by side
//! (one cache line per variable) was tried and dropped: not measurably faster, and twice the
//! memory of `α`.
//! CPU seconds of the whole `dpcert lp`, main's binary and this one run side by side (each
//! pair under the same load; load 5.3–5.9 from other helpers), per-pair ratios: P_160 0.98,
//! 0.98, 1.01, 0.95 (11.0–13.8 s); P_100 0.93, 0.96, 0.96, 0.96; H(6,2) 0.89, 0.87; H(5,2)
//! 0.81–0.88 (five pairs); three more P_160 pairs at load ~3.2: 1.00, 1.10, 0.99, and
//! interleaved with HiGHS (`/tmp/lp42q_meas.py 3 P160`, load 3.0–3.3) medians 11.36 s against
//! main's 12.02 s and HiGHS's 3.42 s (3.3× against 3.5×; at load ~5, 4×): on P_160 no gain
//! above the noise, the branches removed being ~5% of its run and memory-bound once
//! branch-free. What was learned about the rest:
//! HiGHS does not presolve P_160 (its log: 51,040 rows, 25,600 columns, "Not reduced") and
//! takes 6,475 iterations from its slack basis, so its optimal basis holds at most 6,475
//! structurals: the 8,320 here are the floor of this path (a different optimal vertex of a
//! degenerate LP), not of the LP — cost perturbation, which HiGHS applies by default, is the
//! lever on the pivot count (a quarter of them). A Forrest–Tomlin update would not shorten the
//! pivotal row's solve: its row etas are rows of `U⁻¹` (`U⁻ᵀ e_p`, HiGHS's `updateFT` keeps
//! the partial `btran`), as dense as the `ρ`s the alternate product forms keep now (3,847 of
//! 51,040 on P_160); its gain would be the entering columns' product forms (914 exchanges)
//! and the refactorisations.
//!
//! Issue 42 item 8, ninth round (2026-11-29): cost perturbation (HiGHS's default in its dual
//! simplex, `HEkk::initialiseCost`) was tried and is not kept: the pivots P_160 takes beyond
//! HiGHS's come from the primal tolerance instead. Tried: each structural's
//! cost raised by `(1 + u_j)(1 + |c_j|) β`, `u_j` a fixed SplitMix64 sequence of `j` (no seed),
//! `β = s · min(max_j |c_j|, 1)` (HiGHS's `s` 5e-7), and at the perturbed optimum the costs put
//! back and primal simplex pivots (Dantzig's choice, Harris's ratio test, the exchange as the
//! dual pivots') until the basis was dual feasible again, then dual pivots where those left a
//! value out of bounds. `dpcert lp --stats`, one run each (load ~5.5): P_160 8,460 pivots
//! against 8,520, 8,502 and 8,565 at `s` = 5e-7, 5e-5 and 5e-3 (12 to 119 of them the primal
//! cleanup's), P_60 2,678 against 2,658, 2,715 and 2,645; H(5,2) 1,777 → 3,056 and H(6,2)
//! 8,644 → 20,562 pivots (CPU 13.1 → 26.7 s: with no dual degenerate pivot left [`Pricing`]
//! gives steepest edge up for Devex); and from the cleanup's basis the first guess no longer
//! certified on P_60 and P_100 (refined: P_100 2.6 → 12.4 s CPU). HiGHS itself (highspy 1.16,
//! presolve off, as it does not presolve these anyway): P_60 2,140 iterations, 2,137 with
//! `dual_simplex_cost_perturbation_multiplier = 0`; P_160 6,475 and 6,470. But at our primal
//! tolerance (`primal_feasibility_tolerance = 1e-9`) P_60 takes it 2,622 iterations and P_160
//! 8,357, ending with 8,285 basic structurals (ours ~8,320), its objective 1.3165049 against
//! 1.3164990 at its default 1e-7 (the exact one 1.3165048…): HiGHS's missing quarter is the
//! geometric tails between 1e-9 and 1e-7, which it reads as feasible. Hence
//! [`FIRST_PRIMAL_TOL`]: the first solve at HiGHS's 1e-7, the refinement's restated problems at
//! 1e-9 as before (their violations are scaled to order 1), row generation's runs at 1e-9
//! throughout ([`Run::tighten`]: its float points are compared with the rows left out at
//! 1e-7). Pivots: P_160 8,460 → 6,663, P_100 5,067 → 4,149, P_60 2,678 → 2,225; H(5,2), H(6,2)
//! and D_80 the same; on all six the first guess still certifies as guessed, and `dpcert lp`
//! prints the same point and prices as before. CPU seconds of the whole `dpcert lp --stats`,
//! main's binary and this one interleaved with HiGHS's solve call (`/tmp/lp42q_meas.py 3 P160
//! P100 P60 H5_2 H6_2 D80`, medians of three, load 5.0–6.6 from other helpers' builds): P_160
//! 14.26 → 8.63 s (5.4 → 3.3× HiGHS's 2.65 s), P_100 3.48 → 2.49 s (2.5 → 1.8×), P_60 0.85 →
//! 0.66 s (2.0 → 1.5×), H(5,2) 0.49 / 0.48 s, H(6,2) 11.5 / 9.8 s (the same pivots: noise),
//! D_80 0.014 s either way. P_160 is still above 3×: what is left is per pivot (see the eighth
//! round).

use crate::lp::exact::revised::Basis;
use crate::lp::float::budget::Budget;
use crate::lp::float::inverse::Inverse;
use crate::lp::float::lu::FloatLu;
use crate::lp::float::sparse_vec::SparseVec;
use crate::lp::model::{Cmp, Constraint, Model, Sense};
use crate::num::fmt::to_f64;

/// Primal feasibility tolerance of the first solve from the slack basis, and of the rows added
/// to it ([`Run::add_rows`]): HiGHS's default `primal_feasibility_tolerance` (absolute: the basic
/// values of the LPs here are at most ~1). Until issue 42 item 8's ninth round [`PRIMAL_TOL`]:
/// the path LPs' optimal columns decay geometrically, and the first solve spent a fifth of its
/// pivots on the values between the two (P_160 8,460 pivots against 6,663; HiGHS at 1e-9 takes
/// 8,357 against its 6,475), values the refinement of [`crate::lp::float::refine`] finds anyway
/// where the exact phases need them (see the module docs).
const FIRST_PRIMAL_TOL: f64 = 1e-7;

/// Primal feasibility tolerance of the refinement's restated problems ([`Run::restate`]), whose
/// violations are scaled to order 1: each round sees about 30 bits below the last.
const PRIMAL_TOL: f64 = 1e-9;

/// Dual feasibility tolerance of the Harris ratio test.
const DUAL_TOL: f64 = 1e-9;

/// Entries of the pivot row below this are not pivots.
///
/// Until stop 40 the float dual simplex ended at "a singular basis" on P_40 and C_40 at e^ε = 10
/// (microlp's two solves then took over): the pivot row listed a variable twice when its terms
/// cancelled to an exact 0 midway, and its reduced cost was updated twice (now
/// [`PivotRow::in_row`]). A relative test was tried first (an `α` below 1e-9 of its terms'
/// size `Σ_i |ρ_i a_ij|` is no pivot; branch refine40): it hid the symptom only while its
/// bookkeeping happened to list each variable once, and with the rows fixed it changes nothing
/// on P_40, C_40, P_50 and P_60 (the same 703, 760, 1,037 and 2,673 pivots without it), so it
/// is not kept.
const PIVOT_TOL: f64 = 1e-9;

/// The basis is refactored when the exchanges since the factorisation ([`Inverse`]; until issue
/// 42 item 8, second round, an eta file) have more than this many times the entries of the
/// factors (plus one per row, the work of a solve's loop over the pivots), or [`MAX_ETAS`]
/// exchanges. On P_60 (`dpcert lp P60.lp --stats`, load ~5, one run each; the entering columns
/// `B⁻¹ a_q` have ~2,500 non-zeros of 7,140, the factors ~7,300) a fixed interval of 8, 16, 32
/// and 64 pivots gave float hints of 1,422, 1,004, 922 and 1,063 ms; this rule refactors about
/// every 30. Tried again once [`FloatLu::factor`] pivoted the unit columns without a search
/// (issue 42 item 8; CPU seconds of the whole `dpcert lp`, two runs each, load ~20): growth
/// 5 / at most 64 exchanges 0.37 s on H(5,2) and 0.43 s on P_60, 2 / 64 0.38 and 0.50 s, 1 /
/// 64 0.44 and 0.70 s, 3 / 128 0.36 and 0.49 s, 1 / 32 0.43 and 0.70 s: kept.
const ETA_GROWTH: usize = 5;

/// The most exchanges between refactorisations.
const MAX_ETAS: usize = 64;

/// What the float dual simplex found.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Outcome {
    /// An optimal basis (in [`crate::lp::exact::revised`]'s terms, for an exact warm start), its point
    /// (one value per variable) and prices (one per row), and the pivots taken.
    Optimal {
        basis: Basis,
        x: Vec<f64>,
        y: Vec<f64>,
        pivots: usize,
    },
    /// A row of the final basis proves the LP infeasible (in floats).
    Infeasible,
    /// The slack basis is not dual feasible: some cost has the wrong sign.
    NotDualFeasible,
    /// Numerical trouble, the time limit or the iteration cap.
    Failed(String),
}

/// Solve `model` by the dual simplex from the slack basis, or say why not (the tests' entry;
/// [`crate::lp::float::refine::Refiner`] holds on to the run).
#[cfg(test)]
pub(crate) fn solve(model: &Model, budget: &Budget) -> Outcome {
    let mut run = match Run::new(model) {
        Ok(run) => run,
        Err(outcome) => return outcome,
    };
    match run.optimise(budget) {
        Ok(()) => run.optimal(),
        Err(outcome) => outcome,
    }
}

/// Row `r` of `B⁻¹ A` over the non-basic variables (see [`Run::pivot_row`]).
struct PivotRow {
    alpha: Vec<f64>,
    /// The variables with a term in `alpha`, each once (`in_row` marks them): not those whose
    /// `alpha` is non-zero, since terms can cancel to an exact 0 and be added to again, and a
    /// variable listed twice would have its reduced cost updated twice.
    touched: Vec<usize>,
    in_row: Vec<bool>,
    /// [`Run::entering`]'s candidates `(d, |α|, v)` from its first pass, for its second.
    candidates: Vec<(f64, f64, usize)>,
}

impl PivotRow {
    fn new(len: usize) -> PivotRow {
        PivotRow {
            alpha: vec![0.0; len],
            touched: Vec::new(),
            in_row: vec![false; len],
            candidates: Vec::new(),
        }
    }

    fn clear(&mut self) {
        for &v in &self.touched {
            self.alpha[v] = 0.0;
            self.in_row[v] = false;
        }
        self.touched.clear();
    }
}

/// 1 for a minimisation, −1 for a maximisation.
fn sense_sign(model: &Model) -> f64 {
    match model.sense() {
        Sense::Minimize => 1.0,
        Sense::Maximize => -1.0,
    }
}

/// The least steepest-edge weight: an updated weight that cancels to about 0 would make its
/// row's score huge (HiGHS floors at `kMinDualSteepestEdgeWeight`, 1e-4).
const MIN_WEIGHT: f64 = 1e-8;

/// Pivots per window of [`Pricing`]'s count of dual degenerate pivots.
const WINDOW: usize = 100;

/// Dual steepest edge is given up for Devex after a window with fewer dual degenerate pivots
/// than this.
const DEGENERATE_LEAST: usize = 5;

/// The dual pricing rule (issue 42 item 8): dual steepest edge (Forrest & Goldfarb 1992, the
/// norms `‖ρ_r‖²` updated with `τ = B⁻¹ ρ_r`, one solve more per pivot, and floored at `k²`,
/// which keeps them at or above the norms; see [`Run::optimise`]) from the slack basis, where
/// the weights are exactly 1, and dual Devex from the first window of [`WINDOW`] pivots with fewer
/// than [`DEGENERATE_LEAST`] dual degenerate ones (a zero dual step), the steepest-edge
/// weights kept as its reference weights (HiGHS switches the same way, `switchToDevex`, on
/// the cost of `τ`; its cost measure does not separate the families here). Steepest edge
/// halves the pivots of the PD-DP LPs, which are dual degenerate throughout, and saves none on
/// the path LPs, whose degenerate pivots are all early, and whose third solve per pivot
/// costs a third more.
struct Pricing {
    steepest: bool,
    pivots: usize,
    degenerate: usize,
}

impl Pricing {
    fn new() -> Pricing {
        Pricing {
            steepest: true,
            pivots: 0,
            degenerate: 0,
        }
    }

    /// Count a pivot, and switch to Devex at the end of a window with few degenerate ones.
    fn count(&mut self, degenerate: bool) {
        self.pivots += 1;
        self.degenerate += usize::from(degenerate);
        if self.pivots == WINDOW {
            if self.degenerate < DEGENERATE_LEAST {
                self.steepest = false;
            }
            (self.pivots, self.degenerate) = (0, 0);
        }
    }
}

/// Where a non-basic variable sits, for the ratio test. Every variable has one finite bound,
/// or two equal ones (no boxed variables: the slack form below has none, and the shifted
/// bounds of [`Run::restate`] keep which bounds are finite).
#[derive(Clone, Copy, PartialEq)]
enum Bound {
    /// At its (finite) lower bound, free to increase (reduced cost ≥ 0 when dual feasible).
    Lower,
    /// At its (finite) upper bound, free to decrease (reduced cost ≤ 0): the slack of a `≥`
    /// row.
    Upper,
    /// Fixed: the slack of an `=` row, which never enters.
    Fixed,
}

/// A float dual simplex on `model`'s slack form (see the module docs): started by
/// [`Run::new`] from the slack basis, run by [`Run::optimise`], and restated with other
/// right-hand sides and bounds by [`Run::restate`] (the iterative refinement of
/// [`crate::lp::float::refine`]) keeping its basis, its factors and its reduced costs.
pub(crate) struct Run {
    n: usize,
    m: usize,
    /// Columns of the structural variables, `(row, a_ij)`; the rows, `(column, a_ij)`, row `i`
    /// in `row_entries[row_start[i]..row_start[i + 1]]` (one array, read in row order by
    /// [`Run::pivot_row`]: with a `Vec` per row, the first load of each row missed the cache,
    /// a fifth of the pivot loop's time on P_160, issue 42 item 8).
    cols: Vec<Vec<(usize, f64)>>,
    row_start: Vec<usize>,
    row_entries: Vec<(usize, f64)>,
    /// Each row's entries partitioned, the non-basic structurals' first: those of row `i` in
    /// `row_entries[row_start[i]..row_split[i]]`, so that [`Run::pivot_row`] reads no basic
    /// column's entry (HiGHS's partitioned row-wise matrix, `HighsSparseMatrix::update`;
    /// issue 42 item 8: late in a path LP's run most structurals are basic). Rebuilt by
    /// [`Run::index_basis`], kept by [`Run::repartition`] at each pivot.
    row_split: Vec<usize>,
    /// The slacks' columns: `(i, 1)` for row `i`.
    units: Vec<(usize, f64)>,
    /// The minimisation's costs (0 for slacks) and the right-hand sides.
    cost: Vec<f64>,
    rhs: Vec<f64>,
    /// Bounds of every variable (structurals `j < n`, slack of row `i` as `n + i`).
    lower: Vec<f64>,
    upper: Vec<f64>,
    /// The basic variable at each position, and each variable's position (`usize::MAX` when
    /// non-basic); whether each variable is basic (the same, in an eighth of the memory, for
    /// [`Run::pivot_row`]'s scattered reads).
    head: Vec<usize>,
    position: Vec<usize>,
    basic: Vec<bool>,
    /// The bounds of the basic variable at each position (`lower[head[p]]`, `upper[head[p]]`),
    /// so that [`Run::leaving`] reads four arrays in order rather than two through `head`
    /// (issue 42 item 8).
    basic_lower: Vec<f64>,
    basic_upper: Vec<f64>,
    /// Basic values by position; reduced costs by variable (0 on basic ones); dual
    /// Devex weights by position.
    xb: Vec<f64>,
    d: Vec<f64>,
    weights: Vec<f64>,
    /// The positions whose basic value may be out of bounds, each once (`listed` marks them):
    /// every position that is, and some that no longer are ([`Run::leaving`] drops those as it
    /// passes them); [`Run::leaving`] scans these rather than all `m` positions (as HiGHS's
    /// dual CHUZR keeps its infeasibilities, issue 42 item 8). Rebuilt by
    /// [`Run::list_infeasible`] with the basic values, extended as a pivot moves them.
    infeasible: Vec<usize>,
    listed: Vec<bool>,
    /// Which weights [`Run::weights`] holds: dual steepest edge until the run stops being dual
    /// degenerate, then Devex (see [`Pricing`]).
    pricing: Pricing,
    /// `B⁻¹`: the factors and the exchanges since.
    inverse: Inverse,
    pivots: usize,
    /// 1 for a minimisation, −1 for a maximisation (the costs above are the minimisation's).
    sign: f64,
    /// The primal feasibility tolerance: [`FIRST_PRIMAL_TOL`] from the slack basis,
    /// [`PRIMAL_TOL`] once restated.
    primal_tol: f64,
}

impl Run {
    /// The slack basis of `model`, or [`Outcome::NotDualFeasible`] if some cost has the wrong
    /// sign for it; the first solve's primal tolerance [`FIRST_PRIMAL_TOL`].
    pub(crate) fn new(model: &Model) -> Result<Run, Outcome> {
        let cost: Vec<f64> = model
            .objective()
            .iter()
            .map(|c| sense_sign(model) * to_f64(c))
            .collect();
        if cost.iter().any(|c| *c < 0.0) {
            return Err(Outcome::NotDualFeasible);
        }
        Ok(Run::from_slacks(model, cost))
    }

    fn from_slacks(model: &Model, mut cost: Vec<f64>) -> Run {
        let (n, m) = (model.n_vars(), model.n_rows());
        let mut cols = vec![Vec::new(); n];
        let mut row_start = Vec::with_capacity(m + 1);
        let mut row_entries = Vec::new();
        let (mut lower, mut upper) = (vec![0.0; n + m], vec![f64::INFINITY; n + m]);
        for (i, row) in model.rows().iter().enumerate() {
            row_start.push(row_entries.len());
            for (j, a) in &row.coeffs {
                let a = to_f64(a);
                cols[*j].push((i, a));
                row_entries.push((*j, a));
            }
            match row.cmp {
                Cmp::Le => {}
                Cmp::Ge => (lower[n + i], upper[n + i]) = (f64::NEG_INFINITY, 0.0),
                Cmp::Eq => upper[n + i] = 0.0,
            }
        }
        row_start.push(row_entries.len());
        cost.resize(n + m, 0.0);
        let rhs = model.rows().iter().map(|r| to_f64(&r.rhs)).collect();
        let head: Vec<usize> = (n..n + m).collect();
        let mut position = vec![usize::MAX; n + m];
        for (p, &v) in head.iter().enumerate() {
            position[v] = p;
        }
        let lu = FloatLu::factor(m, &(0..m).map(|i| [(i, 1.0)]).collect::<Vec<_>>())
            .expect("the identity is non-singular");
        let inverse = Inverse::new(lu);
        let d = cost.clone();
        let mut run = Run {
            n,
            m,
            cols,
            row_start,
            row_entries,
            row_split: Vec::new(),
            units: (0..m).map(|i| (i, 1.0)).collect(),
            cost,
            rhs,
            lower,
            upper,
            head,
            position,
            basic: Vec::new(),
            basic_lower: Vec::new(),
            basic_upper: Vec::new(),
            xb: Vec::new(),
            d,
            weights: vec![1.0; m],
            infeasible: Vec::new(),
            listed: Vec::new(),
            pricing: Pricing::new(),
            inverse,
            pivots: 0,
            sign: sense_sign(model),
            primal_tol: FIRST_PRIMAL_TOL,
        };
        run.xb = run.ftran(run.rhs.clone());
        run.index_basis();
        run.list_infeasible();
        run
    }

    /// [`Run::basic`], [`Run::basic_lower`] and [`Run::basic_upper`] from `head` and the
    /// bounds.
    fn index_basis(&mut self) {
        self.basic = self.position.iter().map(|&p| p != usize::MAX).collect();
        self.basic_lower = self.head.iter().map(|&v| self.lower[v]).collect();
        self.basic_upper = self.head.iter().map(|&v| self.upper[v]).collect();
        self.row_split.clear();
        for i in 0..self.row_start.len() - 1 {
            let row = &mut self.row_entries[self.row_start[i]..self.row_start[i + 1]];
            let mut split = 0;
            for t in 0..row.len() {
                if !self.basic[row[t].0] {
                    row.swap(split, t);
                    split += 1;
                }
            }
            self.row_split.push(self.row_start[i] + split);
        }
    }

    /// Keep [`Run::row_split`]'s partition as structural `entering` becomes basic and
    /// `leaving` non-basic (either may be a slack, which has no entry in the rows).
    fn repartition(&mut self, entering: usize, leaving: usize) {
        if entering < self.n {
            for &(i, _) in &self.cols[entering] {
                let last = self.row_split[i] - 1;
                let row = &mut self.row_entries[self.row_start[i]..=last];
                let at = row.iter().position(|e| e.0 == entering);
                let at = at.expect("a non-basic structural sits in the first part of its rows");
                row.swap(at, row.len() - 1);
                self.row_split[i] = last;
            }
        }
        if leaving < self.n {
            for &(i, _) in &self.cols[leaving] {
                let first = self.row_split[i];
                let row = &mut self.row_entries[first..self.row_start[i + 1]];
                let at = row.iter().position(|e| e.0 == leaving);
                let at = at.expect("a basic structural sits in the second part of its rows");
                row.swap(at, 0);
                self.row_split[i] = first + 1;
            }
        }
    }

    /// The tight primal tolerance [`PRIMAL_TOL`] from here on (row generation's runs,
    /// [`crate::lp::lazy`], whose points are compared with the rows left out at 1e-7).
    pub(crate) fn tighten(&mut self) {
        self.primal_tol = PRIMAL_TOL;
    }

    /// The variables (`n` structurals, then `m` slacks) and the rows.
    pub(crate) fn dims(&self) -> (usize, usize) {
        (self.n, self.m)
    }

    /// The pivots taken so far.
    pub(crate) fn pivots(&self) -> usize {
        self.pivots
    }

    /// Whether variable `v` is basic.
    pub(crate) fn is_basic(&self, v: usize) -> bool {
        self.position[v] != usize::MAX
    }

    /// The value of every variable (structurals, then slacks) at the current basis.
    pub(crate) fn point(&self) -> Vec<f64> {
        (0..self.n + self.m).map(|v| self.value(v)).collect()
    }

    /// The current basis, in [`crate::lp::exact::revised`]'s terms.
    pub(crate) fn basis(&self) -> Basis {
        Basis {
            structural: (0..self.n).map(|j| self.is_basic(j)).collect(),
            slack: (0..self.m).map(|i| self.is_basic(self.n + i)).collect(),
        }
    }

    /// The answer at the current basis: its basis, point and prices (in the sign conventions
    /// of [`crate::lp::model`]).
    pub(crate) fn optimal(&self) -> Outcome {
        let (x, y) = self.point_and_prices();
        Outcome::Optimal {
            basis: self.basis(),
            x,
            y,
            pivots: self.pivots,
        }
    }

    /// The structural values and the prices at the current basis (in the sign conventions of
    /// [`crate::lp::model`]).
    pub(crate) fn point_and_prices(&self) -> (Vec<f64>, Vec<f64>) {
        // y' are the prices of the minimisation; for a maximisation the model's multipliers
        // are their negatives (see `crate::lp::model`).
        (
            (0..self.n).map(|j| self.value(j)).collect(),
            self.prices().into_iter().map(|v| self.sign * v).collect(),
        )
    }

    /// The same matrix and costs with the right-hand sides `rhs` (by row) and the bounds
    /// `lower`, `upper` (by variable; each finite where the slack form's is, or equal), from
    /// the current basis: refactored, its values recomputed, its reduced costs unchanged
    /// (they do not depend on `b` or the bounds, so the basis stays dual feasible), and the
    /// primal tolerance [`PRIMAL_TOL`] from then on. A non-basic variable sits at its finite
    /// bound. `Err` if the basis has become singular.
    pub(crate) fn restate(
        &mut self,
        rhs: Vec<f64>,
        lower: Vec<f64>,
        upper: Vec<f64>,
    ) -> Result<(), Outcome> {
        debug_assert!(lower.len() == self.n + self.m && upper.len() == lower.len());
        self.rhs = rhs;
        self.lower = lower;
        self.upper = upper;
        self.primal_tol = PRIMAL_TOL;
        self.refresh()
    }

    /// Append `rows` to the LP, their slacks basic (issue 42 item 9: the rounds of row
    /// generation, [`crate::lp::lazy`]), as HiGHS's `addRows` does (`appendBasicRowsToBasis`):
    /// the prices of the new rows are 0, so every reduced cost stays as it was and the basis
    /// stays dual feasible; a new row the point violates has its slack out of bounds, and
    /// [`Run::optimise`] goes on from here with dual simplex pivots rather than from the slack
    /// basis. The new slacks are variables `n + m..`, after the old ones; their Devex weights
    /// 1. Refactored (one factorisation per call). `Err` if the basis has become singular.
    pub(crate) fn add_rows<'a>(
        &mut self,
        rows: impl IntoIterator<Item = &'a Constraint>,
    ) -> Result<(), Outcome> {
        // The slacks' indices `n + i` do not move: the new ones come after every old variable.
        self.row_start.pop();
        for row in rows {
            let (i, s) = (self.m, self.n + self.m);
            self.row_start.push(self.row_entries.len());
            for (j, a) in &row.coeffs {
                let a = to_f64(a);
                self.cols[*j].push((i, a));
                self.row_entries.push((*j, a));
            }
            let (lower, upper) = match row.cmp {
                Cmp::Le => (0.0, f64::INFINITY),
                Cmp::Ge => (f64::NEG_INFINITY, 0.0),
                Cmp::Eq => (0.0, 0.0),
            };
            self.lower.push(lower);
            self.upper.push(upper);
            self.units.push((i, 1.0));
            self.cost.push(0.0);
            self.rhs.push(to_f64(&row.rhs));
            self.d.push(0.0);
            self.head.push(s);
            self.position.push(i);
            self.weights.push(1.0);
            self.m += 1;
        }
        self.row_start.push(self.row_entries.len());
        self.refresh()
    }

    /// The column of variable `v` (a slack's unit column from [`Run::units`]: no allocation
    /// per column in a refactorisation, issue 42 item 8).
    fn column(&self, v: usize) -> &[(usize, f64)] {
        if v < self.n {
            &self.cols[v]
        } else {
            std::slice::from_ref(&self.units[v - self.n])
        }
    }

    fn bound(&self, v: usize) -> Bound {
        if self.lower[v] == self.upper[v] {
            Bound::Fixed
        } else if self.lower[v] > f64::NEG_INFINITY {
            Bound::Lower
        } else {
            Bound::Upper
        }
    }

    /// Where variable `v` sits when non-basic: its finite bound.
    fn nonbasic_value(&self, v: usize) -> f64 {
        match self.bound(v) {
            Bound::Lower | Bound::Fixed => self.lower[v],
            Bound::Upper => self.upper[v],
        }
    }

    /// The value of variable `v`.
    fn value(&self, v: usize) -> f64 {
        match self.position[v] {
            usize::MAX => self.nonbasic_value(v),
            p => self.xb[p],
        }
    }

    /// `b − N x_N`: the right-hand side the basic variables must meet, by row.
    fn basic_rhs(&self) -> Vec<f64> {
        let mut b = self.rhs.clone();
        for v in 0..self.n + self.m {
            if self.position[v] != usize::MAX {
                continue;
            }
            let x = self.nonbasic_value(v);
            if x != 0.0 {
                for &(i, a) in self.column(v) {
                    b[i] -= a * x;
                }
            }
        }
        b
    }

    /// `B⁻¹ b` (`b` by row, the result by position).
    fn ftran(&self, mut b: Vec<f64>) -> Vec<f64> {
        let mut x = vec![0.0f64; b.len()];
        self.ftran_into(&mut b, &mut x);
        x
    }

    /// [`Run::ftran`] into `x`, with `b` as scratch.
    fn ftran_into(&self, b: &mut [f64], x: &mut [f64]) {
        self.inverse.ftran_into(b, x);
    }

    /// `B⁻ᵀ c` (`c` by position, the result by row).
    fn btran(&self, mut c: Vec<f64>) -> Vec<f64> {
        let mut y = vec![0.0f64; c.len()];
        self.btran_into(&mut c, &mut y);
        y
    }

    /// [`Run::btran`] into `y`, with `c` as scratch.
    fn btran_into(&self, c: &mut [f64], y: &mut [f64]) {
        self.inverse.btran_into(c, y);
    }

    /// The basis's prices `y = B⁻ᵀ c_B`, by row.
    fn prices(&self) -> Vec<f64> {
        self.btran(self.head.iter().map(|&v| self.cost[v]).collect())
    }

    /// Factor the basis afresh and recompute its values and reduced costs; `false` if it is
    /// singular.
    fn refactor(&mut self) -> bool {
        self.index_basis();
        let columns: Vec<&[(usize, f64)]> = self.head.iter().map(|&v| self.column(v)).collect();
        let Some(lu) = FloatLu::factor(self.m, &columns) else {
            return false;
        };
        self.inverse.refactored(lu);
        self.xb = self.ftran(self.basic_rhs());
        self.list_infeasible();
        let y = self.prices();
        for v in 0..self.n + self.m {
            self.d[v] = if self.position[v] != usize::MAX {
                0.0
            } else if v < self.n {
                self.cost[v] - self.cols[v].iter().map(|&(i, a)| a * y[i]).sum::<f64>()
            } else {
                -y[v - self.n]
            };
        }
        true
    }

    /// [`Run::refactor`], or the failure a singular basis is.
    fn refresh(&mut self) -> Result<(), Outcome> {
        if self.refactor() {
            Ok(())
        } else {
            Err(Outcome::Failed("a singular basis".into()))
        }
    }

    /// The bound violation of the basic variable at position `p` beyond [`Run::primal_tol`],
    /// and the direction it must move (+1: below its lower bound, −1: above its upper bound).
    fn violation(&self, p: usize) -> Option<(f64, f64)> {
        let (x, lower, upper) = (self.xb[p], self.basic_lower[p], self.basic_upper[p]);
        if x < lower - self.primal_tol {
            Some((lower - x, 1.0))
        } else if x > upper + self.primal_tol {
            Some((x - upper, -1.0))
        } else {
            None
        }
    }

    /// List position `p` in [`Run::infeasible`] if its value is out of bounds.
    #[inline]
    fn note_value(&mut self, p: usize) {
        if !self.listed[p] && self.violation(p).is_some() {
            self.listed[p] = true;
            self.infeasible.push(p);
        }
    }

    /// [`Run::infeasible`] from the basic values, in the order of the positions.
    fn list_infeasible(&mut self) {
        self.infeasible.clear();
        self.listed = vec![false; self.xb.len()];
        for p in 0..self.xb.len() {
            self.note_value(p);
        }
    }

    /// The position to leave: the largest bound violation squared over its weight (the first
    /// listed of equal ones), and the direction (+1: below its lower bound, −1: above its upper
    /// bound). Drops the listed positions that are within their bounds.
    fn leaving(&mut self) -> Option<(usize, f64)> {
        let mut best: Option<(f64, usize, f64)> = None;
        let mut at = 0;
        while at < self.infeasible.len() {
            let p = self.infeasible[at];
            let Some((violation, dir)) = self.violation(p) else {
                self.listed[p] = false;
                self.infeasible.swap_remove(at);
                continue;
            };
            let score = violation * violation / self.weights[p];
            if best.is_none_or(|b| score > b.0) {
                best = Some((score, p, dir));
            }
            at += 1;
        }
        best.map(|(_, p, dir)| (p, dir))
    }

    /// Row `r` of `B⁻¹ A` over the non-basic variables from `ρ` (its non-zero entries listed
    /// in `rows`): `α_j` in `alpha`, for the variables in `touched`.
    fn pivot_row(&self, rho: &[f64], rows: &[usize], row: &mut PivotRow) {
        let PivotRow {
            alpha,
            touched,
            in_row,
            ..
        } = row;
        let mut add = |j: usize, t: f64| {
            if !in_row[j] {
                in_row[j] = true;
                touched.push(j);
            }
            alpha[j] += t;
        };
        for &i in rows {
            let ri = rho[i];
            for &(j, a) in &self.row_entries[self.row_start[i]..self.row_split[i]] {
                debug_assert!(!self.basic[j]);
                add(j, ri * a);
            }
            let s = self.n + i;
            if !self.basic[s] {
                add(s, ri);
            }
        }
    }

    /// Harris's two-pass ratio test on the pivot row for a leaving variable moving in
    /// direction `dir`: the entering variable, or `None` if no non-basic variable can move it.
    ///
    /// The first pass keeps its candidates, so that the second reads them in order rather
    /// than each touched variable's `α`, bounds and reduced cost again (issue 42 item 8,
    /// eighth round; the same candidates in the same order, so the same choice).
    fn entering(&self, dir: f64, row: &mut PivotRow) -> Option<usize> {
        let PivotRow {
            alpha,
            touched,
            candidates,
            ..
        } = row;
        // Whether `v` may enter, and its reduced cost with the sign that makes it ≥ 0.
        let candidate = |v: usize| -> Option<(f64, f64)> {
            let a = alpha[v];
            if a.abs() < PIVOT_TOL {
                return None;
            }
            match self.bound(v) {
                Bound::Lower if dir * a < 0.0 => Some((self.d[v].max(0.0), a.abs())),
                Bound::Upper if dir * a > 0.0 => Some(((-self.d[v]).max(0.0), a.abs())),
                _ => None,
            }
        };
        candidates.clear();
        let mut bound = f64::INFINITY;
        for &v in touched.iter() {
            if let Some((d, a)) = candidate(v) {
                bound = bound.min((d + DUAL_TOL) / a);
                candidates.push((d, a, v));
            }
        }
        if bound == f64::INFINITY {
            return None;
        }
        let mut best: Option<(f64, usize)> = None;
        for &(d, a, v) in candidates.iter() {
            if d / a <= bound && best.is_none_or(|b| a > b.0) {
                best = Some((a, v));
            }
        }
        best.map(|(_, v)| v)
    }

    /// Dual simplex pivots until the basis is primal feasible; `Err` with the outcome if it
    /// ends otherwise.
    pub(crate) fn optimise(&mut self, budget: &Budget) -> Result<(), Outcome> {
        let cap = 20 * (self.n + self.m) + 1000;
        let mut row = PivotRow::new(self.n + self.m);
        // Whether the basis was factored afresh since the last pivot (a verdict of
        // infeasibility, or optimality, must stand on fresh values).
        let mut fresh = true;
        // The solves' vectors, reused across pivots, with their non-zero entries listed
        // (issue 42 item 8: the pivot row, the exchange and the primal step pass only those,
        // and the solves pass only the listed entries of their inputs).
        let mut scratch = SparseVec::new(self.m);
        let (mut rho, mut col, mut tau) = (scratch.clone(), scratch.clone(), scratch.clone());
        loop {
            if self.pivots >= cap {
                return Err(Outcome::Failed(format!("{cap} pivots")));
            }
            if self.pivots.is_multiple_of(16) && budget.spent() {
                return Err(Outcome::Failed("time limit".into()));
            }
            let Some((r, dir)) = self.leaving() else {
                if fresh {
                    return Ok(());
                }
                self.refresh()?;
                fresh = true;
                continue;
            };
            scratch.set(r, 1.0);
            rho.clear();
            self.inverse.btran(&mut scratch, &mut rho);
            row.clear();
            let (rho_val, rho_nz) = rho.solved();
            self.pivot_row(rho_val, rho_nz, &mut row);
            let Some(q) = self.entering(dir, &mut row) else {
                if fresh {
                    return Err(Outcome::Infeasible);
                }
                self.refresh()?;
                fresh = true;
                continue;
            };
            for &(i, a) in self.column(q) {
                scratch.add(i, a);
            }
            col.clear();
            self.inverse.ftran(&mut scratch, &mut col);
            let (col, col_nz) = col.solved();
            let arq = col[r];
            // The pivot from the column and from the row must agree; otherwise the
            // factorisation has drifted.
            if (arq - row.alpha[q]).abs() > 1e-7 * (1.0 + arq.abs()) || arq.abs() < PIVOT_TOL {
                if fresh {
                    return Err(Outcome::Failed("an unstable pivot".into()));
                }
                self.refresh()?;
                fresh = true;
                continue;
            }
            // The dual step: reduced costs along the pivot row, the leaving variable's new one.
            let leaving = self.head[r];
            let dq = match self.bound(q) {
                Bound::Lower => self.d[q].max(0.0),
                _ => self.d[q].min(0.0),
            };
            let theta_d = dq / arq;
            let steepest = self.pricing.steepest;
            self.pricing.count(dq.abs() <= DUAL_TOL);
            if steepest {
                scratch.copy_from(&rho);
                tau.clear();
                self.inverse.ftran(&mut scratch, &mut tau);
            }
            for &v in &row.touched {
                self.d[v] -= theta_d * row.alpha[v];
            }
            self.d[q] = 0.0;
            self.d[leaving] = -theta_d;
            // The primal step: the leaving variable to its violated bound.
            let target = if dir > 0.0 {
                self.lower[leaving]
            } else {
                self.upper[leaving]
            };
            let theta_p = (self.xb[r] - target) / arq;
            // The leaving row's weight: `‖ρ_r‖²` itself under steepest edge.
            let (rho, rho_nz) = (&rho.val, rho.list().expect("listed above"));
            let wr = if steepest {
                rho_nz.iter().map(|&i| rho[i] * rho[i]).sum()
            } else {
                self.weights[r]
            };
            let (entering, left) = (self.column(q).to_vec(), self.column(leaving).to_vec());
            let solved = ((col, col_nz), (&rho[..], rho_nz));
            self.inverse.exchange(r, arq, solved, &entering, &left);
            for &p in col_nz {
                let a = col[p];
                if p == r {
                    continue;
                }
                self.xb[p] -= theta_p * a;
                self.note_value(p);
                let k = a / arq;
                // Under steepest edge `‖ρ_p − k ρ_r‖²`, floored at `k²` (the primal method's
                // bound, not a bound on a dual norm, which can fall below it: the test
                // `steepest_edge_weights_by_hand`). The floor only raises a weight, so the
                // weights stay at or above the norms; without it H(6,2) took 15,492 pivots
                // (CPU 9.35 s, as main's Devex) against 8,958 (4.66 s).
                self.weights[p] = if steepest {
                    (self.weights[p] - 2.0 * k * tau.val[p] + k * k * wr)
                        .max(k * k)
                        .max(MIN_WEIGHT)
                } else {
                    self.weights[p].max(k * k * wr)
                };
            }
            self.xb[r] = self.nonbasic_value(q) + theta_p;
            self.weights[r] = if steepest {
                (wr / (arq * arq)).max(MIN_WEIGHT)
            } else {
                (wr / (arq * arq)).max(1.0)
            };
            self.head[r] = q;
            self.position[q] = r;
            self.position[leaving] = usize::MAX;
            self.basic[q] = true;
            self.basic[leaving] = false;
            self.repartition(q, leaving);
            self.basic_lower[r] = self.lower[q];
            self.basic_upper[r] = self.upper[q];
            self.note_value(r);
            self.pivots += 1;
            fresh = false;
            let (exchanged, factors) = self.inverse.nonzeros();
            if self.inverse.exchanges() >= MAX_ETAS || exchanged > ETA_GROWTH * (factors + self.m) {
                self.refresh()?;
                fresh = true;
            }
        }
    }
}

#[cfg(test)]
mod tests;
