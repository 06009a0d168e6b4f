#!/usr/bin/env python3
"""Run `dpcert audit` and libqif's Python `qif` on the same channel file; print both results
and timings (median of 3). The last line is `RESULT {json}` for bench/run_all.py.
Not part of `cargo test`.

usage: python3 bench/compare_qif.py DPCERT_BINARY CHANNEL.csv [PRIOR.csv] [GAIN.csv]
       python3 bench/compare_qif.py DPCERT_BINARY --qif47
  (the second form: issue 47's quantities on fixed small inputs — guessing entropy, Bayes risk,
  l-uncertainty, the smallest eps of eps·d-privacy, refinement; see qif47())
  (make a channel with: python3 bench/gen_channel.py 64 64 1000 2 > c64.csv)
qif computes in floats (numpy); dpcert exactly / with certified enclosures.
Compared: Bayes prior/posterior vulnerability, add_leakage, mult_leakage, mult_capacity (libqif's
names; the prior is uniform unless PRIOR.csv is given), Shannon capacity, and with GAIN.csv
(rows = guesses, columns = secrets) the g-vulnerabilities and g-leakages.
"""
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import qif
from timing import timed


def read_rows(path):
    return [[Fraction(c.strip()) for c in line.split(",")]
            for line in open(path) if line.strip() and not line.startswith("#")]


def compare(name, float_value, exact):
    exact = Fraction(exact)
    diff = float(Fraction(float_value) - exact)
    print(f"  {name:<22} qif {float_value!r:<24} dpcert {exact} (≈ {float(exact)!r}); "
          f"qif - exact = {diff:.3e}")


def dpcert_json(binary, *args):
    r = subprocess.run([binary, *args, "--json"], capture_output=True, text=True)
    return r.returncode, json.loads(r.stdout) if r.stdout.strip() else None


def qif47(binary):
    """Issue 47's quantities against qif on the same small inputs: every exact value within
    qif's float error (1e-9), refinement answers equal."""
    import math
    import tempfile

    tmp = Path(tempfile.mkdtemp())

    def write(name, rows):
        p = tmp / name
        p.write_text("".join(",".join(str(x) for x in r) + "\n" for r in rows))
        return str(p)

    agree = True

    def close(name, float_value, exact):
        nonlocal agree
        compare(name, float_value, exact)
        agree &= abs(float(Fraction(float_value) - Fraction(exact))) < 1e-9

    # The exponential mechanism on the path 0-1-2-3 at t = 2, its line metric and |x - w| loss.
    code, d = dpcert_json(binary, "audit", "expmech:path:4:2", "--metric", "line",
                          "--loss", write("abs.csv", [[abs(i - j) for j in range(4)] for i in range(4)]))
    assert code == 0
    n = 4
    rows = [[2.0 ** -abs(x - y) for y in range(n)] for x in range(n)]
    C = np.array([[v / sum(r) for v in r] for r in rows])
    pi = np.full(n, 1.0 / n)
    L = np.array([[float(abs(i - j)) for j in range(n)] for i in range(n)])
    D = np.array([[float(abs(i - j)) for j in range(n)] for i in range(n)])
    print("issue 47 (expmech:path:4:2, uniform prior, d = |x - x'|, loss |x - w|):")
    close("guessing prior", qif.measure.guessing.prior(pi), d["guessing_entropy"]["prior"])
    close("guessing posterior", qif.measure.guessing.posterior(pi, C), d["guessing_entropy"]["posterior"])
    close("bayes_risk prior", qif.measure.bayes_risk.prior(pi), d["bayes"]["risk_prior"])
    close("bayes_risk posterior", qif.measure.bayes_risk.posterior(pi, C), d["bayes"]["risk_posterior"])
    close("l_risk prior", qif.measure.l_risk.prior(L, pi), d["l_leakage"]["prior"])
    close("l_risk posterior", qif.measure.l_risk.posterior(L, pi, C), d["l_leakage"]["posterior"])
    dm = qif.metric.from_distance_matrix(D)
    eps_qif = qif.measure.d_privacy.smallest_epsilon(C, dm)
    m = d["metric_privacy"]
    eps_exact = math.log(Fraction(m["ratio"])) / float(Fraction(m["distance"]))
    lo, hi = float(m["eps"]["lo"]), float(m["eps"]["hi"])
    print(f"  {'d-privacy eps':<22} qif {eps_qif!r:<24} dpcert {m['eps']['exact']} ∈ [{lo}, {hi}]")
    agree &= abs(eps_qif - eps_exact) < 1e-9
    # Refinement, both ways, on randomized response at e^eps = 3 and 5/3.
    a = write("rr58.csv", [["5/8", "3/8"], ["3/8", "5/8"]])
    b = write("rr34.csv", [["3/4", "1/4"], ["1/4", "3/4"]])
    A = np.array([[0.625, 0.375], [0.375, 0.625]])
    B = np.array([[0.75, 0.25], [0.25, 0.75]])
    for (fa, fb, ma, mb) in [(a, b, A, B), (b, a, B, A)]:
        code, d = dpcert_json(binary, "refines", fa, fb)
        ours = d["refines"]
        # qif's refined_by(A, B): B is a refinement of A, i.e. B = A·R — our "B refines A".
        theirs = bool(qif.refinement.refined_by(mb, ma))
        print(f"  refines {Path(fa).name} {Path(fb).name}: dpcert {ours} (exit {code}), qif {theirs}")
        agree &= ours == theirs
    print("RESULT " + json.dumps({"bench": "qif47", "case": "expmech:path:4:2 and RR",
                                  "peer": "qif", "agree": agree}))


def main():
    if len(sys.argv) == 3 and sys.argv[2] == "--qif47":
        return qif47(sys.argv[1])
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
