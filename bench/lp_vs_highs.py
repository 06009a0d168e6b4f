#!/usr/bin/env python3
"""Time `dpcert lp` (exact, certificate re-checked) against scipy's HiGHS (floats) on the same
LP file.

    python3 -m venv .venv && .venv/bin/pip install -r bench/requirements.txt
    cargo build --release
    .venv/bin/python bench/lp_vs_highs.py --pd-dp 4 2 --t 1/2 --runs 5
    .venv/bin/python bench/lp_vs_highs.py --path 60 --t 1/2 --runs 5
    .venv/bin/python bench/lp_vs_highs.py --dense 80 --runs 5      # issue 31's dense integer LP
    .venv/bin/python bench/lp_vs_highs.py --big 40 --runs 5        # 10^12/10^9 coefficients
    .venv/bin/python bench/lp_vs_highs.py --dense 80 --shape covering --runs 5   # (or mixed)
    .venv/bin/python bench/lp_vs_highs.py path/to/model.lp --runs 5

With --pd-dp n m the script first writes Wang-Ying-Zhang's PD-DP LP (uniform prior, expected
Hamming distortion over eps-DP channels on H(n, m), t = e^-eps) to bench/out/pd_dp_H<n>_<m>.lp,
with exact fractions. Both solvers then read that one file: dpcert directly; HiGHS through the
small parser below (the subset this script writes and the common CPLEX LP subset without Bounds),
with the same Fractions converted to floats. The two run by turns (one dpcert run, one HiGHS solve,
repeated), so that a shared machine's load falls on both alike; prints both medians, the median
of the per-run ratios, and both optima.
With --path K it writes issue 14's non-uniform-prior LP instead: minimise the expected absolute
error sum_x pi(x) sum_y p(y|x) |x - y| over eps-DP channels on the path 0 - 1 - ... - K-1, with
pi(x) = (x+1) / (K(K+1)/2) (K = 60: 3,600 variables).
dpcert's own split of the time (float hint, exact systems, checks, exact simplex fallback) is
printed from `dpcert lp --stats` on the last run.
The last line is `RESULT {json}` for bench/run_all.py. Never part of `cargo test`.
"""
import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hamming(n, m):
    k = m ** n
    digits = [[(v // m ** i) % m for i in range(n)] for v in range(k)]
    adj = [[u for u in range(k) if sum(a != b for a, b in zip(digits[v], digits[u])) == 1] for v in range(k)]
    dist = [[sum(a != b for a, b in zip(digits[x], digits[y])) for y in range(k)] for x in range(k)]
    return adj, dist


def write_pd_dp(n, m, t, path):
    """PD-DP: min sum_x (1/k) sum_y p(y|x) d(x,y); sum_y p(y|x) = 1; t p(y|x) - p(y|x') <= 0."""
    adj, dist = hamming(n, m)
    k = len(adj)
    var = lambda x, y: f"p_{x}_{y}"
    lines = ["\\ WYZ PD-DP, uniform prior, H(%d,%d), t = %s" % (n, m, t), "Minimize", " obj:"]
    w = Fraction(1, k)
    for x in range(k):
        for y in range(k):
            if dist[x][y]:
                lines.append(f"  + {w * dist[x][y]} {var(x, y)}")
    lines.append("Subject To")
    for x in range(k):
        lines.append(f" stoch_{x}: " + " + ".join(var(x, y) for y in range(k)) + " = 1")
    for x in range(k):
        for x2 in adj[x]:
            for y in range(k):
                lines.append(f" dp_{x}_{x2}_{y}: {t} {var(x, y)} - {var(x2, y)} <= 0")
    lines.append("End")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def write_path(k, t, path):
    """Path LP: min sum_x pi(x) sum_y p(y|x) |x-y|, pi(x) = (x+1)/(k(k+1)/2); same rows as PD-DP."""
    total = k * (k + 1) // 2
    var = lambda x, y: f"p_{x}_{y}"
    lines = ["\\ path P_%d, linear prior, expected |x - y|, t = %s" % (k, t), "Minimize", " obj:"]
    for x in range(k):
        for y in range(k):
            if x != y:
                lines.append(f"  + {Fraction((x + 1) * abs(x - y), total)} {var(x, y)}")
    lines.append("Subject To")
    for x in range(k):
        lines.append(f" stoch_{x}: " + " + ".join(var(x, y) for y in range(k)) + " = 1")
    for x in range(k):
        for x2 in (x - 1, x + 1):
            if 0 <= x2 < k:
                for y in range(k):
                    lines.append(f" dp_{x}_{x2}_{y}: {t} {var(x, y)} - {var(x2, y)} <= 0")
    lines.append("End")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def write_dense(k, seed, path, big=False, shape="packing"):
    """A dense k x k LP with every variable x >= 0, in one of three shapes:

    * packing: max c.x, A x <= b, every entry of A positive (so it is bounded);
    * covering: min c.x, A x >= b, every entry of A positive;
    * mixed: max c.x, A x <= b with entries of A of either sign, b > 0, and sum x <= 10^4.

    Integer entries (A in 1..99 or -99..99, b in 100..9999, c in 1..99), or with big=True
    rationals of the shape issue 31 reported as slow: numerators up to 10^12 over denominators
    up to 10^9 (the sign drawn apart where one may be negative). Packing LPs end in a few
    pivots from any start; covering and mixed ones take the dictionary simplex from scratch
    hundreds (the cliff of issue 31: 80 x 80 covering, 783 pivots)."""
    rng = random.Random(seed)

    def coef(lo, hi):
        if not big:
            return Fraction(rng.randint(lo, hi))
        q = Fraction(rng.randint(10**11, 10**12), rng.randint(10**8, 10**9))
        if shape == "packing":
            return q
        return q if rng.random() < 0.5 or lo > 0 else -q

    def term(a, j):
        return f"{'-' if a < 0 else '+'} {abs(a)} x{j}"

    kind = "big-coefficient" if big else "integer"
    lines = [f"\\ dense {k} x {k} {shape} {kind} LP, seed {seed}"]
    lines += ["Minimize" if shape == "covering" else "Maximize", " obj:"]
    lines += [f"  + {coef(1, 99)} x{j}" for j in range(k)]
    lines.append("Subject To")
    for i in range(k):
        if shape == "mixed":
            terms = " ".join(term(coef(-99, 99), j) for j in range(k))
            lines.append(f" r{i}: {terms} <= {abs(coef(100, 9999))}")
        else:
            terms = " + ".join(f"{coef(1, 99)} x{j}" for j in range(k))
            cmp = ">=" if shape == "covering" else "<="
            lines.append(f" r{i}: {terms} {cmp} {coef(100, 9999)}")
    if shape == "mixed":
        lines.append(" bound: " + " + ".join(f"x{j}" for j in range(k)) + " <= 10000")
    lines.append("End")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


TERM = re.compile(r"([+-]?)\s*([0-9./eE+-]*[0-9.])?\s*([A-Za-z_][A-Za-z0-9_.\[\]]*)")


def parse_expr(s):
    out = {}
    s = s.strip()
    pos = 0
    while pos < len(s):
        mt = TERM.match(s, pos)
        if not mt:
            raise ValueError(f"cannot parse term at: {s[pos:pos + 30]!r}")
        sign, coef, name = mt.groups()
        c = Fraction(coef) if coef else Fraction(1)
        out[name] = out.get(name, 0) + (-c if sign == "-" else c)
        pos = mt.end()
        while pos < len(s) and s[pos] == " ":
            pos += 1
    return out


def read_lp(path):
    """The common subset: one sense line, objective, Subject To, one constraint per line, End."""
    text = [l.split("\\")[0].strip() for l in Path(path).read_text().splitlines()]
    text = [l for l in text if l]
    sense = text[0].lower()
    assert sense.startswith("min") or sense.startswith("max"), sense
    i = 1
    obj_lines = []
    while text[i].lower() not in ("subject to", "st", "s.t."):
        obj_lines.append(text[i])
        i += 1
    obj = " ".join(obj_lines)
    if ":" in obj:
        obj = obj.split(":", 1)[1]
    c = parse_expr(obj)
    rows = []
    i += 1
    while text[i].lower() != "end":
        body = text[i].split(":", 1)[1] if ":" in text[i] else text[i]
        mt = re.match(r"(.*?)(<=|>=|=)\s*([-+0-9./eE]+)$", body)
        rows.append((parse_expr(mt.group(1)), mt.group(2), Fraction(mt.group(3))))
        i += 1
    return sense.startswith("max"), c, rows


def highs_problem(path):
    """The LP of `path` as scipy's linprog arguments (floats), and whether it maximises."""
    from scipy.sparse import csr_matrix
    import numpy as np

    maximize, c, rows = read_lp(path)
    names = sorted(set(c) | {v for r in rows for v in r[0]})
    idx = {v: j for j, v in enumerate(names)}
    cvec = np.array([float(c.get(v, 0)) * (-1 if maximize else 1) for v in names])
    ub, eq = ([], [], []), ([], [], [])
    bub, beq = [], []
    for coeffs, cmp, rhs in rows:
        tgt, b = (eq, beq) if cmp == "=" else (ub, bub)
        s = -1 if cmp == ">=" else 1
        r = len(b)
        for v, a in coeffs.items():
            tgt[0].append(float(a) * s)
            tgt[1].append(r)
            tgt[2].append(idx[v])
        b.append(float(rhs) * s)
    n = len(names)
    A_ub = csr_matrix((ub[0], (ub[1], ub[2])), shape=(len(bub), n)) if bub else None
    A_eq = csr_matrix((eq[0], (eq[1], eq[2])), shape=(len(beq), n)) if beq else None
    args = dict(c=cvec, A_ub=A_ub, b_ub=bub or None, A_eq=A_eq, b_eq=beq or None, bounds=(0, None),
                method="highs")
    return maximize, args


def highs_once(problem):
    """One HiGHS solve: its seconds, optimum and status."""
    from scipy.optimize import linprog

    maximize, args = problem
    t0 = time.perf_counter()
    res = linprog(**args)
    took = time.perf_counter() - t0
    val = None if res.fun is None else (-res.fun if maximize else res.fun)
    return took, val, res.status


def dpcert_once(path, binary):
    """One `dpcert lp --json --stats` run: its seconds and its JSON answer."""
    t0 = time.perf_counter()
    p = subprocess.run([str(binary), "lp", str(path), "--json", "--stats"], capture_output=True,
                       text=True)
    took = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"dpcert failed: {p.stderr}")
    out = json.loads(p.stdout)
    # --stats's summary, without the progress lines printed every 5 s on a long run
    summary = [l for l in p.stderr.splitlines() if " in all" in l]
    out["_stats"] = summary[-1] if summary else p.stderr.strip()
    return took, out


def interleaved(path, runs, binary):
    """dpcert and HiGHS run by turns (a shared machine's load then falls on both alike):
    dpcert's median and answer, HiGHS's median, optimum and status, and the median of the
    per-run ratios."""
    problem = highs_problem(path)
    td, th, ratios = [], [], []
    out = val = status = None
    for _ in range(runs):
        d, out = dpcert_once(path, binary)
        h, val, status = highs_once(problem)
        td.append(d)
        th.append(h)
        ratios.append(d / h)
    return statistics.median(td), out, statistics.median(th), val, status, statistics.median(ratios)


def to_float(q):
    """A Fraction as a float, ±inf beyond the float range (exact values of any length and size
    must not crash the script, issue 42 item 8)."""
    try:
        return float(q)
    except OverflowError:
        return float("inf") if q > 0 else float("-inf")


def short(objective):
    """The exact objective as printed: in full when short, else its value and its size (the
    big-coefficient LPs have objectives of thousands of digits)."""
    if objective is None or len(objective) <= 80:
        return objective
    return f"{to_float(Fraction(objective)):.12g} (exact: a fraction of {len(objective)} characters)"


def main():
    # The big-coefficient LPs' exact objectives run to tens of thousands of digits: lift
    # Python's 4,300-digit limit on int <-> str conversion (issue 42 item 8: --big 160 crashed
    # in Fraction(objective)).
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?")
    ap.add_argument("--pd-dp", nargs=2, type=int, metavar=("N", "M"))
    ap.add_argument("--path", type=int, metavar="K")
    ap.add_argument("--dense", type=int, metavar="K", help="a dense K x K integer LP")
    ap.add_argument("--big", type=int, metavar="K", help="a dense K x K LP with 10^12/10^9 coefficients")
    ap.add_argument("--shape", choices=["packing", "covering", "mixed"], default="packing",
                    help="of the --dense/--big LP (see write_dense)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--t", default="1/2")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--binary", default=str(ROOT / "target" / "release" / "dpcert"))
    a = ap.parse_args()
    if a.pd_dp:
        n, m = a.pd_dp
        path = ROOT / "bench" / "out" / f"pd_dp_H{n}_{m}.lp"
        write_pd_dp(n, m, Fraction(a.t), path)
    elif a.path:
        path = ROOT / "bench" / "out" / f"path_P{a.path}.lp"
        write_path(a.path, Fraction(a.t), path)
    elif a.dense or a.big:
        k = a.dense or a.big
        kind = "dense" if a.dense else "big"
        path = ROOT / "bench" / "out" / f"{kind}_{a.shape}_{k}_s{a.seed}.lp"
        write_dense(k, a.seed, path, big=bool(a.big), shape=a.shape)
    elif a.file:
        path = Path(a.file)
    else:
        ap.error("give an LP file, --pd-dp N M or --path K")
    td, out, th, val, status, ratio = interleaved(path, a.runs, a.binary)
    print(f"file: {path}")
    print(f"dpcert lp (exact, certificate re-checked, whole process): median {td:.4f} s over {a.runs} runs; "
          f"status {out['status']}, objective {short(out.get('objective'))}")
    print(f"dpcert time split (last run): {out['_stats']}")
    print(f"scipy HiGHS (floats, solve call only): median {th:.4f} s over {a.runs} runs; "
          f"status {status}, objective {val!r}")
    print(f"ratio dpcert / HiGHS: {ratio:.1f} (median of the {a.runs} interleaved runs' ratios)")
    err = None
    if out["status"] == "optimal" and val is not None:
        exact = Fraction(out["objective"])
        err = abs(to_float(exact) - val)
        print(f"|HiGHS - exact| = {err:.3e}")
    print("RESULT " + json.dumps({
        "bench": "lp", "case": path.name, "peer": "HiGHS (scipy)",
        "dpcert_s": td, "peer_s": th, "ratio": ratio,
        # HiGHS's default feasibility tolerances are 1e-7: agreement within 1e-5 relative
        "agree": err is not None and err <= 1e-5 * max(1.0, abs(val)),
        "note": f"|HiGHS - exact| = {err:.1e}" if err is not None else out["status"],
    }))


if __name__ == "__main__":
    main()
