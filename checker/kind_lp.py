"""The `lp` record (docs/certificates.md, "The `lp` record"): the model as data and its answer,
every condition recomputed with exact fractions."""
from fractions import Fraction

from common import Reject, field, holds, no_duplicates, q, vector

class LP:
    """The model of an `lp` record: min or max c.x + offset over x >= 0 and the rows."""

    def __init__(self, m):
        self.sense = field(m, "objective_sense", "model")
        if self.sense not in ("minimize", "maximize"):
            raise Reject(f"model: objective_sense {self.sense!r}")
        self.vars = [field(v, "name", "variable") for v in field(m, "variables", "model")]
        self.var_set = set(no_duplicates([(n, n) for n in self.vars], "variable declared twice:"))
        for v in field(m, "variables", "model"):
            if field(v, "lower", f"variable {v['name']}") != "0" or v.get("upper") is not None:
                raise Reject(f"variable {v['name']}: version 1 has every variable >= 0, no upper")
        obj = field(m, "objective", "model")
        self.c = {n: Fraction(0) for n in self.vars} | self.sparse(field(obj, "coefficients", "objective"), "objective")
        self.offset = q(field(obj, "offset", "objective"), "objective offset")
        self.rows = []  # (name, {var: a}, sense, rhs)
        for r in field(m, "rows", "model"):
            name = field(r, "name", "row")
            sense = field(r, "sense", f"row {name}")
            if sense not in ("<=", ">=", "="):
                raise Reject(f"row {name}: sense {sense!r}")
            a = self.sparse(field(r, "coefficients", f"row {name}"), f"row {name}")
            self.rows.append((name, a, sense, q(field(r, "rhs", f"row {name}"), f"row {name} rhs")))
        self.row_names = list(no_duplicates([(r[0], r) for r in self.rows], "row declared twice:"))

    def sparse(self, coeffs, what):
        if not isinstance(coeffs, dict):
            raise Reject(f"{what}: coefficients are not an object")
        for n in coeffs:
            if n not in self.var_set:
                raise Reject(f"{what}: unknown variable {n!r}")
        return {n: q(a, f"{what} coefficient of {n}") for n, a in coeffs.items()}

    def objective(self, x):
        return sum((self.c[n] * x[n] for n in self.vars), Fraction(0))

    def feasible(self, x, what, homogeneous=False):
        """x >= 0 and every row a.x (<=, >=, =) b (b = 0 for a ray)."""
        for n in self.vars:
            if x[n] < 0:
                raise Reject(f"{what} {n} = {x[n]} < 0")
        for name, a, sense, b in self.rows:
            lhs = sum((a[n] * x[n] for n in a), Fraction(0))
            rhs = Fraction(0) if homogeneous else b
            if not holds(lhs, sense, rhs):
                raise Reject(f"{what}: row {name}: {lhs} {sense} {rhs} is false")

    def multiplier_signs(self, y, what, nonneg):
        """y_i >= 0 on rows of sense `nonneg`, <= 0 on the other inequality rows, free on =."""
        for name, _, sense, _ in self.rows:
            if sense == "=":
                continue
            if (y[name] < 0) if sense == nonneg else (y[name] > 0):
                want = ">= 0" if sense == nonneg else "<= 0"
                raise Reject(f"{what} of row {name} ({sense}) = {y[name]}, must be {want}")

    def aty_holds(self, y, cmp, c, what):
        """(A^T y)_j cmp c_j for every variable j."""
        aty = {n: Fraction(0) for n in self.vars}
        for name, a, _, _ in self.rows:
            for n, v in a.items():
                aty[n] += v * y[name]
        for n in self.vars:
            if not holds(aty[n], cmp, c[n]):
                raise Reject(f"{what} {n}: (A^T y) = {aty[n]} {cmp} c = {c[n]} is false")

    def bty(self, y):
        return sum((b * y[name] for name, _, _, b in self.rows), Fraction(0))

def lp_r(spec, ans):
    """LP-R on H(n, m) at centre 0, rebuilt here; its answer by level (docs/certificates.md, "`lp_r`")."""
    n, m, t = field(spec, "n", "lp_r"), field(spec, "m", "lp_r"), q(field(spec, "t", "lp_r"), "lp_r t")
    if type(n) is not int or type(m) is not int or not (n >= 1 and m >= 2 and m ** n <= 10 ** 6):
        raise Reject(f"lp_r: n = {n!r}, m = {m!r} is not a Hamming graph H(n, m) this checker builds")
    digits = [[a // m ** i % m for i in range(n)] for a in range(m ** n)]  # place i of vertex a
    level = [sum(d != 0 for d in ds) for ds in digits]  # the distance to 0
    rows, cols = set(), set()  # (l_a, l_b) of a row p_a - t p_b <= 0; (l_a, the levels of a's neighbours)
    for a, ds in enumerate(digits):
        ends = sorted(level[a + (w - d) * m ** i] for i, d in enumerate(ds) for w in range(m) if w != d)
        rows.update((level[a], l) for l in ends)
        cols.add((level[a], tuple(ends)))
    p = vector(field(ans, "primal", "answer"), [str(l) for l in set(level)], "primal")
    y = vector(field(ans, "dual", "answer"), ["mass"] + [f"{a},{b}" for a, b in rows], "dual")
    x, value = {l: p[str(l)] for l in set(level)}, q(field(ans, "value", "answer"), "value")
    bad = [f"rows ({a}, {b}): x <= t x, y <= 0" for a, b in sorted(rows) if x[a] > t * x[b] or y[f"{a},{b}"] > 0]
    aty = {(l, e): y["mass"] + sum(y[f"{l},{k}"] - t * y[f"{k},{l}"] for k in e) for l, e in cols}
    bad += [f"dual of level {l}: (A^T y) = {v} <= {l}" for (l, e), v in sorted(aty.items()) if v > l]
    mass, cost = sum(x[l] for l in level), sum(l * x[l] for l in level)
    if bad or min(x.values()) < 0 or mass != 1 or not cost == y["mass"] == value:
        why = bad[0] if bad else f"p >= 0 with mass 1 ({mass}), value {value} = c.x {cost} = b.y {y['mass']}"
        raise Reject(f"lp_r: {why} is false")

def check(rec):
    if "lp_r" in rec:
        return lp_r(rec["lp_r"], field(rec, "answer", "record"))
    lp = LP(field(rec, "model", "record"))
    ans = field(rec, "answer", "record")
    status = field(ans, "status", "answer")
    minimize = lp.sense == "minimize"
    if status in ("optimal", "bound"):  # bound: y alone shows min >= value (max <= value)
        x = vector(field(ans, "primal", "answer"), lp.vars, "primal") if status == "optimal" else None
        y = vector(field(ans, "dual", "answer"), lp.row_names, "dual")
        value = q(field(ans, "value", "answer"), "value")
        if x is not None:
            lp.feasible(x, "primal")
        # Minimize: y >= 0 on >= rows, A^T y <= c.  Maximize: y >= 0 on <= rows, A^T y >= c.
        lp.multiplier_signs(y, "dual", ">=" if minimize else "<=")
        lp.aty_holds(y, "<=" if minimize else ">=", lp.c, "dual constraint of")
        primal, dual = (lp.bty(y) if x is None else lp.objective(x)) + lp.offset, lp.bty(y) + lp.offset
        if primal != value or dual != value:
            raise Reject(f"objective: value {value}, c.x + offset = {primal}, b.y + offset = {dual}")
    elif status == "infeasible":
        y = vector(field(ans, "farkas", "answer"), lp.row_names, "farkas")
        lp.multiplier_signs(y, "farkas", ">=")
        lp.aty_holds(y, "<=", dict.fromkeys(lp.vars, 0), "farkas: the column of")
        if lp.bty(y) <= 0:
            raise Reject(f"farkas: b.y = {lp.bty(y)} <= 0")
    elif status == "unbounded":
        x = vector(field(ans, "point", "answer"), lp.vars, "point")
        r = vector(field(ans, "ray", "answer"), lp.vars, "ray")
        lp.feasible(x, "point")
        lp.feasible(r, "ray", homogeneous=True)
        cr = lp.objective(r)
        if (cr >= 0) if minimize else (cr <= 0):
            raise Reject(f"ray does not improve the objective: c.r = {cr}")
    else:
        raise Reject(f"answer: unknown status {status!r}")
