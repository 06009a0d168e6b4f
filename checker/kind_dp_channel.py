"""The `dp_channel` record (docs/certificates.md): the optimal ε-DP mechanism on a graph for a
prior and a loss or gain. The `lp` record inside is the channel LP of these data (rebuilt here
and compared), accepted by kind_lp, and its optimal primal is the mechanism and its value the
value: so the mechanism is a channel, ε-DP on every edge (the LP's rows), with the stated
expected loss or gain (its objective), and no such channel does better (the dual)."""
from fractions import Fraction

import kind_lp
from common import Reject, distribution, field, matrix, q
from pld import channel, ordered_pairs

def check(rec):
    w = channel(field(rec, "mechanism", "record"), "mechanism")
    k = len(w)
    if len(w[0]) != k:
        raise Reject(f"mechanism: {k} rows of {len(w[0])} outputs, not one output per secret")
    t = q(field(rec, "t", "record"), "t")
    if t < 1:
        raise Reject(f"t = {t} < 1")
    edges = ordered_pairs(field(rec, "edges", "record"), k, "edge")
    prior = distribution(field(rec, "prior", "record"), "prior", k)
    m = matrix(field(rec, "matrix", "record"), "matrix", (k, k))  # rows = outputs y, columns = secrets x
    goal = field(rec, "objective", "record")
    if goal not in ("loss", "gain"):
        raise Reject(f"objective {goal!r}: neither loss nor gain")
    value = q(field(rec, "value", "record"), "value")
    lp = field(rec, "lp", "record")
    kind_lp.check(lp)
    model = kind_lp.LP(lp["model"])
    want = {f"stoch_{x}": ({f"p_{x}_{y}": Fraction(1) for y in range(k)}, "=", 1) for x in range(k)}
    for x, xp in edges:
        for y in range(k):
            want[f"dp_{x}_{xp}_{y}"] = ({f"p_{x}_{y}": 1 / t, f"p_{xp}_{y}": Fraction(-1)}, "<=", 0)
    got = {name: (a, sense, rhs) for name, a, sense, rhs in model.rows}
    names = [f"p_{x}_{y}" for x in range(k) for y in range(k)]
    sense = "minimize" if goal == "loss" else "maximize"
    c = {f"p_{x}_{y}": prior[x] * m[y][x] for x in range(k) for y in range(k)}
    if sorted(model.vars) != sorted(names) or model.sense != sense or model.c != c or model.offset != 0:
        raise Reject(f"lp: the model's variables or objective are not the channel LP's ({sense} sum prior(x) m(y, x) p_x_y)")
    bad = next((r for r in set(want) | set(got) if want.get(r) != got.get(r)), None)
    if bad is not None:
        raise Reject(f"lp: row {bad} is {got.get(bad)}, the channel LP's is {want.get(bad)}")
    ans = lp["answer"]
    if ans["status"] != "optimal" or q(ans["value"], "lp value") != value:
        raise Reject(f"lp: answer {ans['status']} of value {ans.get('value')}, not optimal at {value}")
    moved = next((n for n in names if q(ans["primal"][n], n) != w[int(n.split("_")[1])][int(n.split("_")[2])]), None)
    if moved is not None:
        raise Reject(f"lp: primal {moved} = {ans['primal'][moved]} is not the mechanism's entry")
