"""A notebook-style tour of dpcert's QIF functions (issue 47): every value exact.

Run as a script (`python python/examples/qif_notebook.py`) or cell by cell in Jupyter (the
`# %%` markers); the Python test suite runs it. Each cell asserts what it shows, so the tour
cannot drift from what dpcert computes.
"""

# %% The channels: randomized response at e^eps = 3 and a noisier one, RR(5/8).
from fractions import Fraction as F

import dpcert

rr = [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]]
rr58 = [["5/8", "3/8"], ["3/8", "5/8"]]

# %% Refinement: RR(5/8) is RR(3/4) post-processed by RR(3/4) itself (3/4·3/4 + 1/4·1/4 = 5/8).
r = dpcert.refines(rr58, rr)
assert r["refines"] and r["r"] == [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]]
print("RR(5/8) = RR(3/4)·R with R =", r["r"])

# %% The other way round fails, with a prior and gain under which RR(3/4) leaks more.
r = dpcert.refines(rr, rr58)
c = r["counterexample"]
assert not r["refines"] and c["a_posterior_vulnerability"] > c["b_posterior_vulnerability"]
# Check it with the g-vulnerability function (an independent call): V_g(π, A) > V_g(π, B).
_, va = dpcert.vulnerability(c["prior"], rr, c["gain"])
_, vb = dpcert.vulnerability(c["prior"], rr58, c["gain"])
assert va == c["a_posterior_vulnerability"] and vb == c["b_posterior_vulnerability"] and va > vb
print("gain", c["gain"], "prior", c["prior"], ":", va, ">", vb)

# %% The optimal mechanism on a path as a function (the `optimal` command).
opt = dpcert.optimal("path:3", 2, gain="identity")
# The expected gain of the identity is the chance of reporting the secret: Σ_x π(x) W(x|x).
assert opt["optimum"] == sum(F(1, 3) * opt["rows"][x][x] for x in range(3))
assert all(sum(row) == 1 for row in opt["rows"])
print("optimum", opt["optimum"], "rows", opt["rows"])

# %% Metric privacy of geo-indistinguishability on a 3x3 grid: exactly ln 2 per Manhattan step.
grid = dpcert.mechanism("geoind:3:2")
manhattan = [[abs(x // 3 - y // 3) + abs(x % 3 - y % 3) for y in range(9)] for x in range(9)]
a = dpcert.audit(grid, metric=manhattan)
assert a["metric_privacy"]["eps"].exact == "ln(2)"
print("eps·d level:", a["metric_privacy"]["eps"].exact, a["metric_privacy"]["eps"])

# %% Loss-based uncertainty, Bayes risk and guessing entropy of the exponential mechanism.
a = dpcert.audit("expmech:path:3:2", loss=[[0, 1, 2], [1, 0, 1], [2, 1, 0]])
assert a["l_leakage"]["prior"] == F(2, 3) and a["guessing_entropy"]["prior"] == 2
print("l-uncertainty", a["l_leakage"]["prior"], "->", a["l_leakage"]["posterior"])

# %% check(): a counterexample's bindings come back as Fractions and Fraction matrices.
doc = dpcert.check("forall W in channels(2, 2, denom 2): dp(W) <= 2")
w = [b["value"] for b in doc["counterexample"]["bindings"] if b["name"] == "W"][0]
assert w == [[F(0), F(1)], [F(1, 2), F(1, 2)]]
print("counterexample W =", w)

# %% In a notebook the reports display as tables of exact values.
html = dpcert.refines(rr58, rr)._repr_html_()
assert "<table>" in html and "3/4" in html
assert "\\frac{3}{4}" in dpcert.refines(rr58, rr)._repr_latex_()
