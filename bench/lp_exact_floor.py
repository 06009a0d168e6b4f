#!/usr/bin/env python3
"""The state of the art's floor for issue 42 item 8: how long FLINT takes to solve exactly the
final basis systems of a dense big-coefficient LP (bench/lp_vs_highs.py --big K --shape mixed),
against HiGHS's float solve of the whole LP.

    python3 -m venv /tmp/flintvenv && /tmp/flintvenv/bin/pip install -r bench/requirements-floor.txt
    /tmp/flintvenv/bin/python bench/lp_exact_floor.py --big 160 --runs 3
    /tmp/flintvenv/bin/python bench/lp_exact_floor.py --big 160 --runs 3 --binary target/release/dpcert

It writes the same LP file as lp_vs_highs.py (same generator, same seed), solves it with scipy's
HiGHS (timed as lp_vs_highs.py times it: the linprog call only), and takes HiGHS's optimal basis:
the columns with x_j > 0 and the rows with zero slack (the random data are nondegenerate; the
script stops if the counts differ). On that basis B (tight rows T x basic columns S) FLINT then
solves, exactly, what any exact LP solver that starts from a float basis must solve at least:

  * the primal system  A_TS x_S = b_T             (fmpq_mat.solve, Dixon's p-adic lifting);
  * the dual system    A_TS^T y_T = c_S           (the same);
  * the certificate:   A x <= b on every row, y >= 0, A^T y >= c on every column (exact products).

The floor is the sum of the three (the conversion of the input to FLINT's types is not counted).
The script also prints the sizes of the solution's reduced fractions against Hadamard's bound on
the row-scaled integer system (the reduced vertex is unique, so its size does not depend on how a
solver scales rows), and with --binary the time of `dpcert lp --json` on the same file and
whether dpcert's vertex is FLINT's. Never part of `cargo test` or .ci/run.

Measured 2026-11-29 (python-flint 0.9.0, --runs 3, 2-core machine shared with other agents,
load average ~3; wall medians):

    K    basis    HiGHS     FLINT primal + dual + certificate = floor    floor / HiGHS
    40   18x18    10.1 ms   30.2 + 30.8 + 25.7 ms (fmpq)   =  87 ms       8.6x
    80   37x37    13.5 ms   277 + 260 + 197 ms (integer)   = 734 ms      54x
    160  84x84    63.7 ms   8.26 + 6.49 + 6.83 s (fmpq)    = 21.6 s     339x

At K = 160 the reduced solution has a common denominator of 168,442 bits and numerators of up
to 168,406 bits, against Hadamard's bound of 171,756 bits on the row-scaled system (actual
|det| 171,697 bits): the size is inherent to the vertex, not to a solver's scaling. FLINT's
fmpz_mat.solve on the row-scaled integer system took 13.4 s (it lifts to Hadamard's bound).
"""
import argparse
import json
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import flint
from scipy.optimize import linprog

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lp_vs_highs import ROOT, highs_problem, read_lp, write_dense  # noqa: E402
from timing import timed  # noqa: E402


def bits(n):
    return int(n).bit_length()


def main():
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    ap = argparse.ArgumentParser()
    ap.add_argument("--big", type=int, default=160, metavar="K")
    ap.add_argument("--shape", choices=["packing", "covering", "mixed"], default="mixed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--binary", help="also time `BINARY lp --json` and compare its vertex")
    a = ap.parse_args()
    k = a.big
    path = ROOT / "bench" / "out" / f"big_{a.shape}_{k}_s{a.seed}.lp"
    write_dense(k, a.seed, path, big=True, shape=a.shape)

    maximize, c, rows = read_lp(path)
    names = sorted(set(c) | {v for r in rows for v in r[0]})  # highs_problem's order
    m, n = len(rows), len(names)
    # every row as  sum_j a_ij x_j <= b_i  (>= rows negated; this generator writes no = rows)
    sign = [(-1 if cmp == ">=" else 1) for _, cmp, _ in rows]
    assert all(cmp != "=" for _, cmp, _ in rows)
    A = [[sign[i] * coeffs.get(v, Fraction(0)) for v in names] for i, (coeffs, _, _) in enumerate(rows)]
    b = [sign[i] * rhs for i, (_, _, rhs) in enumerate(rows)]
    cvec = [(1 if maximize else -1) * c.get(v, Fraction(0)) for v in names]  # maximise cvec.x

    # HiGHS, timed as lp_vs_highs.py times it
    _, args = highs_problem(path)
    res, t_highs = timed(lambda: linprog(**args), a.runs)
    assert res.status == 0, res.message
    S = [j for j in range(n) if res.x[j] > 1e-9 * max(1.0, abs(res.x).max())]
    T = [i for i in range(m) if abs(res.slack[i]) <= 1e-9 * max(1.0, abs(b[i]))]
    if len(S) != len(T):
        sys.exit(f"degenerate or ambiguous float basis: {len(S)} basic columns, {len(T)} tight rows")

    # FLINT's exact work on that basis
    def q(f):
        return flint.fmpq(f.numerator, f.denominator)

    B = flint.fmpq_mat([[q(A[i][j]) for j in S] for i in T])
    Bt = B.transpose()
    bT = flint.fmpq_mat([[q(b[i])] for i in T])
    cS = flint.fmpq_mat([[q(cvec[j])] for j in S])
    Afull = flint.fmpq_mat([[q(v) for v in row] for row in A])
    bfull = flint.fmpq_mat([[q(v)] for v in b])
    cfull = flint.fmpq_mat([[q(v)] for v in cvec])
    xS, t_primal = timed(lambda: B.solve(bT, algorithm="dixon"), a.runs)
    yT, t_dual = timed(lambda: Bt.solve(cS, algorithm="dixon"), a.runs)
    x = [flint.fmpq(0)] * n
    for r, j in enumerate(S):
        x[j] = xS[r, 0]
    y = [flint.fmpq(0)] * m
    for r, i in enumerate(T):
        y[i] = yT[r, 0]
    xm = flint.fmpq_mat([[v] for v in x])
    ym = flint.fmpq_mat([[v] for v in y])

    def certificate():
        ax = Afull * xm
        aty = Afull.transpose() * ym
        return (all(ax[i, 0] <= bfull[i, 0] for i in range(m)) and all(v >= 0 for v in x)
                and all(v >= 0 for v in y) and all(aty[j, 0] >= cfull[j, 0] for j in range(n)))

    ok, t_check_q = timed(certificate, a.runs)
    assert ok, "HiGHS's basis is not optimal in exact arithmetic"
    # the same certificate with integer products: each row of A (each column, for the dual)
    # scaled by its denominators' lcm, x (y) as integers over their common denominator
    dx = math.lcm(*(int(v.q) for v in x))
    dy = math.lcm(*(int(v.q) for v in y))
    rs = [math.lcm(*(v.denominator for v in A[i]), b[i].denominator) for i in range(m)]
    cs = [math.lcm(*(A[i][j].denominator for i in range(m)), cvec[j].denominator) for j in range(n)]
    Zr = flint.fmpz_mat([[int(A[i][j] * rs[i]) for j in range(n)] for i in range(m)])
    Zc = flint.fmpz_mat([[int(A[i][j] * cs[j]) for i in range(m)] for j in range(n)])
    zbr = [int(b[i] * rs[i]) * dx for i in range(m)]
    zcc = [int(cvec[j] * cs[j]) * dy for j in range(n)]
    xn = flint.fmpz_mat([[int(v.p) * (dx // int(v.q))] for v in x])
    yn = flint.fmpz_mat([[int(v.p) * (dy // int(v.q))] for v in y])

    def certificate_z():
        ax = Zr * xn
        aty = Zc * yn
        return (all(ax[i, 0] <= zbr[i] for i in range(m)) and all(v >= 0 for v in x)
                and all(v >= 0 for v in y) and all(aty[j, 0] >= zcc[j] for j in range(n)))

    ok, t_check_z = timed(certificate_z, a.runs)
    assert ok
    t_check = min(t_check_q, t_check_z)
    t_fmpz, t_fmpz_solve = None, None
    # the same primal system over the integers: rows scaled by their denominators' lcm
    scale = [math.lcm(*(A[i][j].denominator for j in S), b[i].denominator) for i in T]
    Z = flint.fmpz_mat([[int(A[i][j] * s) for j in S] for i, s in zip(T, scale)])
    zb = flint.fmpz_mat([[int(b[i] * s)] for i, s in zip(T, scale)])
    xz, t_fmpz_solve = timed(lambda: Z.solve(zb), a.runs)
    assert xz == xS

    floor = t_primal + t_dual + t_check
    print(f"file: {path} ({m} rows, {n} columns; basis {len(S)} x {len(S)})")
    print(f"HiGHS (scipy linprog, whole LP): median {t_highs:.4f} s over {a.runs} runs; "
          f"30x HiGHS = {30 * t_highs:.3f} s")
    print(f"FLINT {flint.__version__} fmpq_mat.solve (dixon), primal: {t_primal:.4f} s; dual: {t_dual:.4f} s; "
          f"certificate products and comparisons: {t_check_q:.4f} s (fmpq), {t_check_z:.4f} s (integer form)")
    print(f"FLINT fmpz_mat.solve on the row-scaled primal system: {t_fmpz_solve:.4f} s")
    print(f"floor (primal + dual + the faster certificate): {floor:.4f} s = {floor / t_highs:.1f}x HiGHS")

    # sizes of the reduced solution against Hadamard's bound on the row-scaled integer system
    den_x = math.lcm(*(int(v.q) for v in x))
    den_y = math.lcm(*(int(v.q) for v in y))
    num_x = max(bits(v.p) for v in x)
    num_y = max(bits(v.p) for v in y)
    log_row = [0.5 * math.log2(sum(int(v) ** 2 for v in Z.table()[r]) or 1) for r in range(len(S))]
    log_rhs = [0.5 * math.log2(int(zb[r, 0]) ** 2 + sum(int(v) ** 2 for v in Z.table()[r]))
               for r in range(len(S))]
    hadamard_det = sum(log_row)
    hadamard_num = sum(log_rhs)
    print(f"primal x: common denominator {bits(den_x)} bits, largest numerator {num_x} bits, "
          f"each x_j's denominator {min(bits(v.q) for v in xS.entries())}..{max(bits(v.q) for v in xS.entries())} bits")
    print(f"dual y: common denominator {bits(den_y)} bits, largest numerator {num_y} bits")
    print(f"row-scaled integer system: entries up to {max(bits(abs(int(v))) for v in Z.entries())} bits; "
          f"Hadamard's bound on |det| {hadamard_det:.0f} bits, on Cramer's numerators {hadamard_num:.0f} bits; "
          f"actual |det| {bits(abs(Z.det()))} bits")

    out = {"k": k, "highs_s": t_highs, "primal_s": t_primal, "dual_s": t_dual, "check_s": t_check,
           "fmpz_solve_s": t_fmpz_solve, "floor_s": floor, "floor_ratio": floor / t_highs,
           "den_x_bits": bits(den_x), "num_x_bits": num_x, "hadamard_det_bits": round(hadamard_det)}
    if a.binary:
        def dpcert():
            p = subprocess.run([a.binary, "lp", str(path), "--json"], capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit(f"dpcert failed: {p.stderr}")
            return json.loads(p.stdout)

        d, t_d = timed(dpcert, a.runs)
        got = {e["name"]: Fraction(e["value"]) for e in d["values"]}
        same = all(got.get(v, 0) == Fraction(int(x[j].p), int(x[j].q)) for j, v in enumerate(names))
        print(f"dpcert lp --json: median {t_d:.4f} s = {t_d / t_highs:.1f}x HiGHS, "
              f"{t_d / floor:.1f}x FLINT's floor; same vertex as FLINT: {same}")
        out.update(dpcert_s=t_d, same_vertex=same)
    print("RESULT " + json.dumps(out))


if __name__ == "__main__":
    main()
