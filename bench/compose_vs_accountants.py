#!/usr/bin/env python3
"""dpcert compose against the float accountants dp-accounting (PLD) and prv_accountant on the
same cases: eps for a delta and delta at an eps after k uses. Prints one table: each tool's
value, its relative error against dpcert's exact value, and whether a value sold as an upper
bound is one. Not part of `cargo test`.

usage: python3 -m venv v && v/bin/pip install -r bench/requirements-accounting.txt
       v/bin/python bench/compose_vs_accountants.py target/release/dpcert [--quick]

dpcert's values are exact (e^eps a rational, delta = A - B e^eps with rational A, B); they are
turned into decimals here with Python's Decimal at 300 digits, from the exact JSON strings.
"""
import json
import math
import subprocess
import sys
import time
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 300


def dec(fr):
    return Decimal(fr.numerator) / Decimal(fr.denominator)


def dpcert(binary, mech, k, delta=None, eps=None, adjacency=None):
    cmd = [binary, "compose", mech, "--k", str(k), "--json"]
    if delta is not None:
        cmd += ["--delta", delta]
    if eps is not None:
        cmd += ["--eps", eps]
    if adjacency:
        cmd += ["--adjacency", adjacency]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    secs = time.perf_counter() - t0
    j = json.loads(out)
    res = {"secs": secs, "grid": j.get("mode") == "grid_enclosure"}
    if res["grid"]:
        # A certified enclosure (past the exact limits): both ends, and the midpoint as "value".
        if delta is not None:
            # docs/json.md: eps is {"lo", "hi"}, decimals rounded outward
            enc = j["eps_for_delta"]["eps"]
            lo, hi = Decimal(enc["lo"]), Decimal(enc["hi"])
            res["eps"], res["eps_range"] = (lo + hi) / 2, (lo, hi)
        if eps is not None:
            # the exact lower and upper bounds of delta(eps), not the rounded enclosure
            d = j["delta_at_eps"][0]
            lo, hi = dec(Fraction(d["lower"])), dec(Fraction(d["upper"]))
            res["delta"], res["delta_range"] = (lo + hi) / 2, (lo, hi)
        return res
    if delta is not None:
        t = Fraction(j["eps_for_delta"]["e_eps"])
        res["eps"] = dec(t).ln()
    if eps is not None:
        d = j["delta_at_eps"][0]
        a, b = Fraction(d["a"]), Fraction(d["b"])
        res["delta"] = dec(a) - dec(b) * Decimal(eps).exp()
    return res


def rows_of(mech):
    """The two rows (x = 0, x' = 1) of a named rr:K:T or a CSV file, as floats."""
    if mech.startswith("rr:"):
        _, k, t = mech.split(":")
        k, t = int(k), Fraction(t)
        z = t + k - 1
        p = [t / z] + [1 / z] * (k - 1)
        q = [1 / z, t / z] + [1 / z] * (k - 2)
        return p, q
    rows = [
        [Fraction(c) for c in line.split(",")]
        for line in open(mech)
        if line.strip() and not line.startswith("#")
    ]
    if len(rows) != 2:
        # dpcert composes the worst pair of all the rows; the float accountants would see rows
        # 0 and 1 only, so the table would compare different pairs.
        sys.exit(f"{mech}: {len(rows)} rows; --case needs a two-row file (the pair to compose)")
    return rows[0], rows[1]


def dp_accounting_pld(mech, k, discretization=1e-4):
    from dp_accounting.pld import privacy_loss_distribution as pld

    p, q = rows_of(mech)
    upper = {i: math.log(float(v)) for i, v in enumerate(p) if v > 0}
    lower = {i: math.log(float(v)) for i, v in enumerate(q) if v > 0}
    one = pld.from_two_probability_mass_functions(
        lower, upper, pessimistic_estimate=True, value_discretization_interval=discretization
    )
    return one.self_compose(k)


def dp_accounting_rr(mech, k):
    """dp-accounting's own randomized-response PLD (noise p: uniform answer with probability p)."""
    from dp_accounting.pld import privacy_loss_distribution as pld

    _, buckets, t = mech.split(":")
    buckets, t = int(buckets), Fraction(t)
    # W(x|x) = 1 - p + p/K = t/(t + K - 1)  =>  p = K (1 - t/(t+K-1)) / (K - 1)
    noise = buckets * (1 - t / (t + buckets - 1)) / (buckets - 1)
    one = pld.from_randomized_response(float(noise), buckets)
    return one.self_compose(k)


def prv_pure(mech, k, delta=None, eps=None):
    """prv_accountant's PureDPMechanism at eps = ln t (binary RR is the extreme eps-DP pair)."""
    from prv_accountant import PRVAccountant, PureDPMechanism

    _, buckets, t = mech.split(":")
    if int(buckets) != 2:
        return None
    acc = PRVAccountant(
        prvs=[PureDPMechanism(eps=math.log(float(Fraction(t))))],
        max_self_compositions=[k],
        eps_error=0.01,
        delta_error=1e-10,
    )
    if delta is not None:
        return acc.compute_epsilon(delta=float(Fraction(delta)), num_self_compositions=[k])
    return acc.compute_delta(epsilon=float(eps), num_self_compositions=[k])


def rel(x, exact):
    if x is None or exact == 0:
        return "n/a"
    try:
        return f"{(Decimal(repr(float(x))) - exact) / exact:+.2e}"
    except Exception:
        return "n/a"


def guarded(f):
    try:
        return f(), ""
    except Exception as e:  # a peer's failure is a result, reported as such
        return None, f"{type(e).__name__}: {str(e)[:60]}"


def main():
    binary = sys.argv[1]
    quick = "--quick" in sys.argv
    cases = [
        ("rr:2:3", 100, "1/100000", "50", None),
        ("rr:2:3", 1000, "1/100000", "750", None),
        ("rr:4:3", 100, "1/100000", "30", None),
        # pair (0, 1) is the worst pair on the cycle (every edge has the same PLD)
        ("examples/cycle6.csv", 100, "1/100000", "30", "cycle:6"),
    ]
    if quick:
        cases = cases[:1]
    if "--case" in sys.argv:
        # --case MECH K DELTA EPS: one case of the user's (a file's rows 0 and 1 are the pair
        # the float accountants see; give dpcert the same pair with a two-row file).
        i = sys.argv.index("--case")
        mech, k, delta, eps = sys.argv[i + 1 : i + 5]
        cases = [(mech, int(k), delta, eps, None)]
    print(f"{'case':28} {'quantity':14} {'tool':24} {'value':>22} {'rel.err':>10} upper-bound?")
    for mech, k, delta, eps, adjacency in cases:
        ex = dpcert(binary, mech, k, delta=delta, eps=eps, adjacency=adjacency)
        name = f"{mech} k={k}"
        exact_eps, exact_delta = ex["eps"], ex["delta"]
        kind = "exact"
        if ex["grid"]:
            # Relative errors are then against the enclosure's midpoint; "upper bound?" is
            # "yes" only when the value is at least the enclosure's upper end, "NO" when below
            # its lower end, "?" inside it.
            lo, hi = ex["eps_range"]
            kind = f"enclosure [{float(lo):.12g}, {float(hi):.12g}]"
        print(f"{name:28} {'eps(' + delta + ')':14} {'dpcert':24} {float(exact_eps):>22.12g} {'0':>10} {kind} ({ex['secs']:.2f} s)")
        rows = []
        c, err = guarded(lambda: dp_accounting_pld(mech, k))
        rows.append(("dp-accounting PLD", c, err))
        if mech.startswith("rr:"):
            c2, err2 = guarded(lambda: dp_accounting_rr(mech, k))
            rows.append(("dp-accounting RR", c2, err2))
        for tool, c, err in rows:
            if c is None:
                print(f"{'':28} {'':14} {tool:24} {'error':>22} {'':>10} {err}")
                continue
            e, _ = guarded(lambda: c.get_epsilon_for_delta(float(Fraction(delta))))
            d, _ = guarded(lambda: c.get_delta_for_epsilon(float(eps)))
            def ub(v, x, rng=None):
                if v is None:
                    return "NO"
                v = Decimal(repr(float(v)))
                if rng is None:
                    return "yes" if v >= x else "NO"
                return "yes" if v >= rng[1] else ("NO" if v < rng[0] else "?")
            print(f"{'':28} {'eps(' + delta + ')':14} {tool:24} {e if e is not None else 'error':>22} {rel(e, exact_eps):>10} {ub(e, exact_eps, ex.get('eps_range'))}")
            print(f"{'':28} {'delta(' + eps + ')':14} {tool:24} {d if d is not None else 'error':>22} {rel(d, exact_delta):>10} {ub(d, exact_delta, ex.get('delta_range'))}")
        print(f"{'':28} {'delta(' + eps + ')':14} {'dpcert':24} {float(exact_delta):>22.12g} {'0':>10} {'enclosure [%.12g, %.12g]' % tuple(map(float, ex['delta_range'])) if ex['grid'] else 'exact'}")
        if mech.startswith("rr:2:"):
            r, err = guarded(lambda: prv_pure(mech, k, delta=delta))
            if r is None:
                print(f"{'':28} {'eps(' + delta + ')':14} {'prv_accountant pure':24} {'error':>22} {'':>10} {err}")
            else:
                lo, est, up = r
                print(f"{'':28} {'eps(' + delta + ')':14} {'prv_accountant upper':24} {up:>22.12g} {rel(up, exact_eps):>10} {'yes' if Decimal(repr(up)) >= exact_eps else 'NO'}")
                print(f"{'':28} {'eps(' + delta + ')':14} {'prv_accountant estimate':24} {est:>22.12g} {rel(est, exact_eps):>10} -")
            r, err = guarded(lambda: prv_pure(mech, k, eps=eps))
            if r is None:
                print(f"{'':28} {'delta(' + eps + ')':14} {'prv_accountant pure':24} {'error':>22} {'':>10} {err}")
            else:
                lo, est, up = r
                print(f"{'':28} {'delta(' + eps + ')':14} {'prv_accountant upper':24} {up:>22.12g} {rel(up, exact_delta):>10} {'yes' if Decimal(repr(up)) >= exact_delta else 'NO'}")


if __name__ == "__main__":
    main()
