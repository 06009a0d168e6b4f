#!/usr/bin/env python3
"""Run `dpcert audit` and libqif's Python `qif` on the same channel file; print both results
and timings (median of 3). Not part of `cargo test`.

usage: python3 bench/compare_qif.py DPCERT_BINARY CHANNEL.csv
  (make a channel with: python3 bench/gen_channel.py 64 64 1000 2 > c64.csv)
qif computes in floats (numpy); dpcert exactly / with certified enclosures.
"""
import json
import statistics
import subprocess
import sys
import time
from fractions import Fraction

import numpy as np
import qif


def timed(f, reps=3):
    ts, out = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f()
        ts.append(time.perf_counter() - t0)
    return out, statistics.median(ts)


def main():
    binary, path = sys.argv[1], sys.argv[2]
    rows = [[Fraction(c.strip()) for c in line.split(",")]
            for line in open(path) if line.strip() and not line.startswith("#")]
    C = np.array([[float(x) for x in r] for r in rows])
    n = C.shape[0]
    pi = np.full(n, 1.0 / n)

    def run_qif():
        mult = qif.measure.bayes_vuln.mult_leakage(pi, C)
        cap = qif.measure.shannon.add_capacity(C)
        return mult, cap

    (mult, cap), tq = timed(run_qif)
    if isinstance(cap, tuple):  # qif returns (capacity, optimal input) here
        cap = cap[0]
    out, td = timed(lambda: subprocess.run([binary, "audit", path, "--json"],
                                           check=True, capture_output=True, text=True).stdout)
    d = json.loads(out)
    exact_mult = Fraction(d["min_entropy"]["leakage_ratio"])
    print(f"channel {path}: {n} x {C.shape[1]}")
    print(f"qif    : mult leakage {mult!r}, Shannon capacity {cap!r} (bits), median {tq:.3f} s")
    print(f"dpcert : mult leakage {exact_mult} (= {float(exact_mult)!r}), "
          f"capacity nats {d['capacity']['nats']} (width {d['capacity']['width']}), median {td:.3f} s")
    print(f"qif mult leakage - exact = {float(Fraction(mult) - exact_mult):.3e}")
    lo, hi = (float(x) for x in d["capacity"]["nats"])
    ln2 = float(np.log(2))
    lo_b, hi_b = lo / ln2, hi / ln2
    where = ("inside" if lo_b <= cap <= hi_b else
             f"below the certified lower end by {lo_b - cap:.1e}" if cap < lo_b else
             f"ABOVE the certified upper end by {cap - hi_b:.1e}")
    print(f"qif capacity (bits) vs certified bracket [{lo_b!r}, {hi_b!r}] bits "
          f"(bracket ends converted to float for this comparison): {where}")
    print(f"time ratio dpcert/qif = {td/tq:.2f}")


if __name__ == "__main__":
    main()
