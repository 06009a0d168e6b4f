#!/usr/bin/env python3
"""dpcert's certified DP-SGD and Gaussian enclosures (issue 45 item 4) beside the float
accountants on the same questions: dp-accounting (PLD, pessimistic and optimistic, and RDP),
prv_accountant and Opacus's RDP accountant, each only when installed. For every peer number it
says where it falls against the certified interval: inside, above (loose: a valid but larger
upper bound) or below (unsound, if sold as an upper bound). Never part of cargo test or .ci/run.

usage: python3 -m venv v && v/bin/pip install -r bench/requirements-accounting.txt
       v/bin/pip install --no-deps opacus==1.6.0   # no torch: only its RDP analysis is loaded
       v/bin/python bench/accounting_dpsgd.py target/release/dpcert [--quick] [--repeat N]

Questions:
  (a) DP-SGD, q = 1/100, sigma in {4/5, 1, 2}, 10^4 steps, delta = 1e-5: eps (certified
      interval of relative width <= 1/100; dpcert's wall time, median of --repeat runs);
  (b) 10^4-fold Gaussian with sigma = 100 (prv_accountant's validation case): delta(eps) at a
      few eps, certified by the closed form.
"""
import json
import statistics
import subprocess
import sys
import time
from decimal import Decimal, getcontext

getcontext().prec = 60


def dpcert(binary, args):
    t0 = time.perf_counter()
    out = subprocess.run(
        [binary, "compose", *args, "--json"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out), time.perf_counter() - t0


def where(x, lo, hi, name=""):
    """Where x falls; a number a peer sells as a lower bound ("lower" in its name) is unsound
    above the interval, every other one (an upper bound or an estimate) below it."""
    if x is None:
        return "n/a"
    x = Decimal(repr(float(x)))
    lower = "lower" in name
    if x < lo:
        return "below (valid lower bound)" if lower else "BELOW (unsound as an upper bound)"
    if x > hi:
        return "ABOVE (unsound as a lower bound)" if lower else "above (loose)"
    return "inside"


def peers_eps(q, sigma, steps, delta):
    """Each installed accountant's eps for DP-SGD (q, sigma, steps, delta)."""
    out = {}
    try:
        import dp_accounting
        from dp_accounting.pld import pld_privacy_accountant
        from dp_accounting.rdp import rdp_privacy_accountant

        ev = dp_accounting.SelfComposedDpEvent(
            dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(sigma)), steps
        )
        for name, vdi in [("dp-accounting PLD (1e-3)", 1e-3), ("dp-accounting PLD (1e-4)", 1e-4)]:
            try:
                acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=vdi)
                t0 = time.perf_counter()
                acc.compose(ev)
                out[name] = (acc.get_epsilon(delta), time.perf_counter() - t0)
            except Exception as e:  # noqa: BLE001 - a peer's failure is a finding
                out[name] = (None, repr(e))
        acc = rdp_privacy_accountant.RdpAccountant()
        t0 = time.perf_counter()
        acc.compose(ev)
        out["dp-accounting RDP"] = (acc.get_epsilon(delta), time.perf_counter() - t0)
    except ImportError:
        pass
    try:
        from prv_accountant import PRVAccountant
        from prv_accountant.dpsgd import DPSGDAccountant  # noqa: F401
        from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism

        t0 = time.perf_counter()
        try:
            acc = PRVAccountant(
                prvs=[PoissonSubsampledGaussianMechanism(noise_multiplier=sigma, sampling_probability=q)],
                max_self_compositions=[steps],
                eps_error=0.01,
                delta_error=delta / 1000,
            )
            lo, est, hi = acc.compute_epsilon(delta=delta, num_self_compositions=[steps])
            secs = time.perf_counter() - t0
            out["prv_accountant upper"] = (hi, secs)
            out["prv_accountant estimate"] = (est, secs)
            out["prv_accountant lower"] = (lo, secs)
        except Exception as e:  # noqa: BLE001
            out["prv_accountant"] = (None, repr(e))
    except ImportError:
        pass
    rdp = opacus_rdp()
    if rdp is not None:
        t0 = time.perf_counter()
        alphas = OPACUS_ALPHAS
        r = rdp.compute_rdp(q=q, noise_multiplier=sigma, steps=steps, orders=alphas)
        eps, _ = rdp.get_privacy_spent(orders=alphas, rdp=r, delta=delta)
        out["opacus RDP"] = (eps, time.perf_counter() - t0)
    return out


# opacus/accountants/rdp.py, RDPAccountant.DEFAULT_ALPHAS (opacus 1.6.0): the orders its
# get_epsilon searches.
OPACUS_ALPHAS = [1 + x / 10.0 for x in range(1, 100)] + list(range(12, 64))


def opacus_rdp():
    """Opacus's RDP analysis module, or None when opacus is not installed. Opacus's package
    __init__ imports torch; its analysis module needs only math, numpy and scipy. So opacus is
    installed without its dependencies (`pip install --no-deps opacus`), located with
    importlib.util.find_spec (which does not run the package's __init__), and
    opacus/accountants/analysis/rdp.py is loaded by path."""
    import importlib.util
    import os

    spec = importlib.util.find_spec("opacus")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(spec.submodule_search_locations[0], "accountants", "analysis", "rdp.py")
    mod_spec = importlib.util.spec_from_file_location("opacus_rdp_analysis", path)
    mod = importlib.util.module_from_spec(mod_spec)
    mod_spec.loader.exec_module(mod)
    return mod


def peers_delta_gaussian(sigma, k, eps):
    out = {}
    try:
        import dp_accounting
        from dp_accounting.pld import pld_privacy_accountant

        ev = dp_accounting.SelfComposedDpEvent(dp_accounting.GaussianDpEvent(sigma), k)
        acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-4)
        acc.compose(ev)
        out["dp-accounting PLD"] = acc.get_delta(eps)
    except ImportError:
        pass
    try:
        from prv_accountant import PRVAccountant
        from prv_accountant.privacy_random_variables import GaussianMechanism

        acc = PRVAccountant(
            prvs=[GaussianMechanism(noise_multiplier=sigma)],
            max_self_compositions=[k],
            eps_error=0.01,
            delta_error=1e-10,
        )
        lo, est, hi = acc.compute_delta(epsilon=eps, num_self_compositions=[k])
        out["prv_accountant upper"], out["prv_accountant estimate"], out["prv_accountant lower"] = hi, est, lo
    except ImportError:
        pass
    except Exception as e:  # noqa: BLE001
        out["prv_accountant"] = repr(e)
    return out


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/dpcert"
    quick = "--quick" in sys.argv
    repeat = 1 if quick else 3
    if "--repeat" in sys.argv:
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1])
    sigmas = ["1"] if quick else ["4/5", "1", "2"]
    print("(a) DP-SGD, q = 1/100, 10^4 steps, delta = 1e-5")
    for s in sigmas:
        args = ["gaussian:" + s, "--subsample", "poisson:1/100", "--k", "10000", "--delta", "1e-5"]
        times = []
        for _ in range(repeat):
            j, secs = dpcert(binary, args)
            times.append(secs)
        enc = j["eps_for_delta"]["eps"]
        lo, hi = Decimal(enc["lo"]), Decimal(enc["hi"])
        print(
            f"  sigma = {s}: dpcert eps in [{lo}, {hi}] (relative width "
            f"{j['eps_for_delta']['relative_width']}, satisfied {j['satisfied']}), "
            f"median {statistics.median(times):.2f} s over {repeat} runs "
            f"(dpcert compose {' '.join(args)})"
        )
        sigma = float(Decimal(s.split("/")[0]) / Decimal(s.split("/")[1])) if "/" in s else float(s)
        for name, (v, t) in peers_eps(0.01, sigma, 10000, 1e-5).items():
            tt = f"{t:.2f} s" if isinstance(t, float) else t
            print(f"    {name}: {v} -> {where(v, lo, hi, name)} ({tt})")
    print("(b) 10^4-fold Gaussian, sigma = 100 (mu = 1)")
    for e in ["0", "1/2", "1", "2", "4"]:
        j, secs = dpcert(binary, ["gaussian:100", "--k", "10000", "--eps", e])
        row = j["delta_at_eps"][0]["enclosure"]
        lo, hi = Decimal(row["lo"]), Decimal(row["hi"])
        print(f"  eps = {e}: dpcert delta in [{row['lo']}, {row['hi']}] ({secs:.2f} s)")
        ef = float(Decimal(e.split("/")[0]) / Decimal(e.split("/")[1])) if "/" in e else float(e)
        for name, v in peers_delta_gaussian(100.0, 10000, ef).items():
            if isinstance(v, str):
                print(f"    {name}: {v}")
            else:
                print(f"    {name}: {v} -> {where(v, lo, hi, name)}")


if __name__ == "__main__":
    main()
