#!/usr/bin/env python3
"""Run `dpcert audit` and libqif's Python `qif` on the same channel file; print both results
and timings (median of 3). The last line is `RESULT {json}` for bench/run_all.py.
Not part of `cargo test`.

usage: python3 bench/compare_qif.py DPCERT_BINARY CHANNEL.csv [PRIOR.csv] [GAIN.csv]
  (make a channel with: python3 bench/gen_channel.py 64 64 1000 2 > c64.csv)
qif computes in floats (numpy); dpcert exactly / with certified enclosures.
Compared: Bayes prior/posterior vulnerability, add_leakage, mult_leakage, mult_capacity (libqif's
names; the prior is uniform unless PRIOR.csv is given), Shannon capacity, and with GAIN.csv
(rows = guesses, columns = secrets) the g-vulnerabilities and g-leakages.
"""
import json
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import qif


def timed(f, reps=3):
    ts, out = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f()
        ts.append(time.perf_counter() - t0)
    return out, statistics.median(ts)


def read_rows(path):
    return [[Fraction(c.strip()) for c in line.split(",")]
            for line in open(path) if line.strip() and not line.startswith("#")]


def compare(name, float_value, exact):
    exact = Fraction(exact)
    diff = float(Fraction(float_value) - exact)
    print(f"  {name:<22} qif {float_value!r:<24} dpcert {exact} (≈ {float(exact)!r}); "
          f"qif - exact = {diff:.3e}")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: python3 bench/compare_qif.py DPCERT_BINARY CHANNEL.csv [PRIOR.csv] [GAIN.csv]")
    binary, path = sys.argv[1], sys.argv[2]
    prior_path = sys.argv[3] if len(sys.argv) > 3 else None
    gain_path = sys.argv[4] if len(sys.argv) > 4 else None
    rows = read_rows(path)
    C = np.array([[float(x) for x in r] for r in rows])
    n = C.shape[0]
    if prior_path:
        flat = [x for r in read_rows(prior_path) for x in r]
        pi = np.array([float(x) for x in flat])
    else:
        pi = np.full(n, 1.0 / n)
    G = np.array([[float(x) for x in r] for r in read_rows(gain_path)]) if gain_path else None

    def run_qif():
        b = qif.measure.bayes_vuln
        out = {
            "prior": b.prior(pi),
            "posterior": b.posterior(pi, C),
            "add_leakage": b.add_leakage(pi, C),
            "mult_leakage": b.mult_leakage(pi, C),
            "mult_capacity": b.mult_capacity(C),
            "cap": qif.measure.shannon.add_capacity(C),
        }
        if G is not None:
            g = qif.measure.g_vuln
            out["g"] = {
                "prior": g.prior(G, pi),
                "posterior": g.posterior(G, pi, C),
                "add_leakage": g.add_leakage(G, pi, C),
                "mult_leakage": g.mult_leakage(G, pi, C),
            }
        return out

    q, tq = timed(run_qif)
    # The capacity alone (qif's float Blahut–Arimoto), the figure issue 31 compares with.
    _, tq_cap = timed(lambda: qif.measure.shannon.add_capacity(C))
    cap = q["cap"]
    if isinstance(cap, tuple):  # qif returns (capacity, optimal input) here
        cap = cap[0]
    args = [binary, "audit", path, "--json"]
    if prior_path:
        args += ["--prior", prior_path]
    if gain_path:
        args += ["--gain", gain_path]
    out, td = timed(lambda: subprocess.run(args, check=True, capture_output=True,
                                           text=True).stdout)
    d = json.loads(out)
    exact_mult = Fraction(d["min_entropy"]["leakage_ratio"])
    print(f"channel {path}: {n} x {C.shape[1]}; prior {prior_path or 'uniform'}"
          f"{'; gain ' + gain_path if gain_path else ''}")
    print("Bayes vulnerability (libqif names):")
    bayes = d["bayes"]
    for k in ["prior", "posterior", "add_leakage", "mult_leakage"]:
        compare(k, q[k], bayes[k])
    # qif's mult_capacity is over every prior (the min-capacity); dpcert's "bayes" one is for
    # the given prior's support, and equals it for a full-support prior.
    compare("mult_capacity", q["mult_capacity"], d["min_entropy"]["capacity_ratio"])
    assert exact_mult == Fraction(bayes["mult_leakage"])
    if G is not None:
        print("g-vulnerability:")
        for k in ["prior", "posterior", "add_leakage", "mult_leakage"]:
            compare(k, q["g"][k], d["g_leakage"][k])
    assert d["units"] == "bits", d["units"]  # the capacity enclosure is in d["units"]
    cap_enc = d["capacity"]["value"]  # docs/json.md: {"lo", "hi"}, rounded outward
    print(f"Shannon capacity: qif {cap!r} bits; dpcert [{cap_enc['lo']}, {cap_enc['hi']}] bits "
          f"(width {d['capacity']['width_nats']} nats)")
    print(f"medians: qif {tq:.3f} s (floats), dpcert {td:.3f} s (whole audit, exact)")
    lo_b, hi_b = float(cap_enc["lo"]), float(cap_enc["hi"])
    where = ("inside" if lo_b <= cap <= hi_b else
             f"below the certified lower end by {lo_b - cap:.1e}" if cap < lo_b else
             f"ABOVE the certified upper end by {cap - hi_b:.1e}")
    print(f"qif capacity (bits) vs certified bracket [{lo_b!r}, {hi_b!r}] bits "
          f"(bracket ends converted to float for this comparison): {where}")
    print(f"time ratio dpcert/qif = {td/tq:.2f}")
    print(f"qif Shannon capacity alone (float Blahut-Arimoto): {tq_cap:.3f} s; "
          f"qif capacity / dpcert whole audit (certified capacity included) = {tq_cap/td:.1f}x")
    print("RESULT " + json.dumps({
        "bench": "capacity", "case": f"{Path(path).name} ({n}x{C.shape[1]})",
        "peer": "qif Blahut-Arimoto", "dpcert_s": td, "peer_s": tq_cap,
        "agree": lo_b - 1e-6 <= cap <= hi_b + 1e-6,  # qif iterates floats: within 1e-6 bits
        "note": f"qif capacity vs certified bracket: {where}",
    }))


if __name__ == "__main__":
    main()
