#!/usr/bin/env python3
"""Run every peer comparison on the same inputs and print one table of time ratios.

    python3 -m venv .venv && .venv/bin/pip install -r bench/requirements.txt
    cargo build --release
    .venv/bin/python bench/run_all.py                # the cases issue 31 reports
    .venv/bin/python bench/run_all.py --quick        # small cases, a smoke test of the scripts
    .venv/bin/python bench/run_all.py --accounting-python acct/bin/python   # + the accountants

Each row comes from one of the scripts beside this one (compare_qif.py: certified capacity
against qif's float Blahut-Arimoto; lp_vs_highs.py: the exact, certificate-checked LP against
scipy's HiGHS; graph_vs_networkx.py: `dpcert graph` against networkx), run as a subprocess with
the same interpreter; each script ends with a `RESULT {json}` line, which is what this table is
made of. The scripts' full output is kept in bench/out/run_all.log. The composition comparison
with the float accountants (compose_vs_accountants.py) compares values, not times, and needs its
own venv (bench/requirements-accounting.txt): give that venv's python with --accounting-python
and its table is appended. Times are medians over --runs runs on whatever else the machine is
doing: compare ratios from one run, not absolute times across runs. Never part of `cargo test`.
"""
import argparse
import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


def cases(quick, runs, binary):
    channel = lambda n: ["__channel__", n]
    if quick:
        return [
            ("compare_qif.py", [binary, channel(16)]),
            ("lp_vs_highs.py", ["--dense", "20", "--runs", str(runs), "--binary", binary]),
            ("lp_vs_highs.py", ["--pd-dp", "3", "2", "--runs", str(runs), "--binary", binary]),
            ("graph_vs_networkx.py", [binary, "hamming:4,3", "--runs", str(runs)]),
        ]
    lp = lambda *a: ("lp_vs_highs.py", [*a, "--runs", str(runs), "--binary", binary])
    return [
        ("compare_qif.py", [binary, channel(64)]),
        lp("--dense", "80"),
        lp("--dense", "80", "--shape", "covering"),
        lp("--dense", "80", "--shape", "mixed"),
        lp("--big", "40"),
        lp("--big", "40", "--shape", "covering"),
        lp("--big", "40", "--shape", "mixed"),
        lp("--pd-dp", "4", "2"),
        lp("--path", "60"),
        ("graph_vs_networkx.py", [binary, "hamming:7,3", "--runs", str(runs)]),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--binary", default=str(ROOT / "target" / "release" / "dpcert"))
    ap.add_argument("--accounting-python", help="python of a venv with requirements-accounting.txt")
    a = ap.parse_args()
    out_dir = BENCH / "out"
    out_dir.mkdir(exist_ok=True)
    log = open(out_dir / "run_all.log", "w")
    rows = []
    for script, args in cases(a.quick, a.runs, a.binary):
        if "__channel__" in str(args):
            n = args[1][1]
            path = out_dir / f"channel_{n}x{n}.csv"
            with open(path, "w") as f:  # bench/gen_channel.py N K D SEED
                subprocess.run([sys.executable, str(BENCH / "gen_channel.py"), str(n), str(n),
                                "1000", "2"], check=True, stdout=f)
            args = [args[0], str(path)]
        cmd = [sys.executable, str(BENCH / script), *args]
        print("running:", " ".join(cmd), file=sys.stderr, flush=True)
        p = subprocess.run(cmd, capture_output=True, text=True)
        log.write(f"$ {' '.join(cmd)}\n{p.stdout}{p.stderr}\n")
        result = [l for l in p.stdout.splitlines() if l.startswith("RESULT ")]
        if p.returncode != 0 or not result:
            rows.append({"bench": script, "case": " ".join(args[1:]), "error":
                         (p.stderr.strip().splitlines() or ["no RESULT line"])[-1]})
            continue
        rows.append(json.loads(result[-1][len("RESULT "):]))
    print(f"{'bench':10} {'case':34} {'peer':20} {'dpcert s':>10} {'peer s':>10} "
          f"{'dpcert/peer':>12}  agree  note")
    for r in rows:
        if "error" in r:
            print(f"{r['bench']:10} {r['case']:34} ERROR: {r['error']}")
            continue
        print(f"{r['bench']:10} {r['case']:34} {r['peer']:20} {r['dpcert_s']:>10.3f} "
              f"{r['peer_s']:>10.3f} {r['dpcert_s'] / r['peer_s']:>11.2f}x  {r['agree']}  "
              f"{r.get('note', '')}")
    if a.accounting_python:
        cmd = [a.accounting_python, str(BENCH / "compose_vs_accountants.py"), a.binary]
        if a.quick:
            cmd.append("--quick")
        print("running:", " ".join(cmd), file=sys.stderr, flush=True)
        p = subprocess.run(cmd, capture_output=True, text=True)
        log.write(f"$ {' '.join(cmd)}\n{p.stdout}{p.stderr}\n")
        print("\ncomposition against the float accountants (values, not times):")
        print(p.stdout if p.returncode == 0 else f"ERROR: {p.stderr.strip()[-500:]}")
    print(f"(full output: {out_dir / 'run_all.log'})")


if __name__ == "__main__":
    main()
