"""Proper hypergeometric terms in the integers n, k and the check that a sum of them vanishes at
every integer point n >= n0, k (docs/certificates.md, "Terms"): the WZ, partial-sum and
term-identity steps of the `holds_for_all` record. A rational function is an unreduced pair
(num, den) of polynomials of kind_holds_for_all. Standard library only."""
from functools import reduce
from math import factorial

from common import Reject, field
from mpoly import mpoly, mul, positive, ratfn, shift, sub, subst

ONE = {(): 1}

def radd(a, b):
    return sub(mul(a[0], b[1]), mul({m: -c for m, c in b[0].items()}, a[1])), mul(a[1], b[1])

def rmul(a, b):
    return mul(a[0], b[0]), mul(a[1], b[1])

def rpow(a, e):
    """a^e for an integer e (a non-zero when e < 0)."""
    num, den = (a if e >= 0 else (a[1], a[0]))
    out = (ONE, ONE)
    for _ in range(abs(e)):
        out = rmul(out, (num, den))
    return out

def requal(a, b):
    return not sub(mul(a[0], b[1]), mul(b[0], a[1]))

def lin_poly(a, b, c):
    p = {(("n", 1),): a, (("k", 1),): b, (): c}
    return {m: x for m, x in p.items() if x}

class Term:
    """c · P(n, k) · Π (a n + b k + c)!^e · Π B^(a n + b k + c)."""

    def __init__(self, rec, what, dom):
        self.coeff = ratfn(field(rec, "coeff", what), f"{what} coeff", dom)
        self.poly = mpoly(field(rec, "poly", what), f"{what} poly")
        self.facts = [tuple(f) for f in field(rec, "facts", what)]
        self.powers = []
        for i, (b, l) in enumerate(field(rec, "powers", what)):
            base = ratfn(b, f"{what} base {i}", dom)
            if not positive(base[0], dom):
                raise Reject(f"{what}: power base {i} is not certified positive")
            self.powers.append((base, tuple(l)))
        for l in self.facts + [l + (0,) for _, l in self.powers]:
            if len(l) != 4 or any(type(x) is not int or abs(x) > 10**4 for x in l):
                raise Reject(f"{what}: {l!r} is not a list of integers of at most 10^4")
        for r in [self.coeff] + [b for b, _ in self.powers]:
            if any(x in ("n", "k") for p in r for m in p for x, _ in m):
                raise Reject(f"{what}: a coefficient or power base involves n or k")
        for a, b, c, e in self.facts:
            if e > 0 and b != 0 or abs(b) > 1:
                raise Reject(f"{what}: factorial ({a} n + {b} k + {c})! of exponent {e} is not allowed")
        self.facts = [f for f in self.facts if f[3]]

    def copy(self, coeff=None, poly=None, fix=lambda l: l):
        t = object.__new__(Term)
        t.coeff = coeff or self.coeff
        t.poly = self.poly if poly is None else poly
        t.facts = [fix(f[:3]) + (f[3],) for f in self.facts]
        t.powers = [(b, fix(l)) for b, l in self.powers]
        return t

    def times(self, o, coeff=None, poly=None):
        """self · o (coeff, poly: a rational function of the parameters, a polynomial, alone)."""
        t = self.copy()
        if coeff is not None:
            t.coeff = rmul(coeff, t.coeff)
        if poly is not None:
            t.poly = mul(poly, t.poly)
        if o is not None:
            t.coeff, t.poly = rmul(t.coeff, o.coeff), mul(t.poly, o.poly)
            t.facts, t.powers = t.facts + o.facts, t.powers + o.powers
        return t

    def neg(self):
        return self.copy(coeff=({m: -c for m, c in self.coeff[0].items()}, self.coeff[1]))

    def shift(self, var):
        """T(n + 1, k) for var "n", T(n, k + 1) for "k"."""
        i = "nk".index(var)
        return self.copy(poly=shift(self.poly, var, 1), fix=lambda l: (l[0], l[1], l[2] + l[i]))

    def on_line(self, s, c):
        """T(n, s n + c)."""
        return self.copy(poly=subst(self.poly, "k", lin_poly(s, 0, c)),
                         fix=lambda l: (l[0] + l[1] * s, 0, l[2] + l[1] * c))

    def zero_at(self, n, k):
        """True where a denominator factorial has a negative argument (the term is 0)."""
        zero = False
        for a, b, c, e in self.facts:
            if a * n + b * k + c < 0:
                if e > 0:
                    raise Reject(f"({a} n + {b} k + {c})! is undefined at n = {n}, k = {k}")
                zero = True
        return zero

    def value(self, n, k):
        if self.zero_at(n, k):
            return ({}, ONE)
        p = subst(subst(self.poly, "n", {(): n} if n else {}), "k", {(): k} if k else {})
        v = rmul(self.coeff, (p, ONE))
        for a, b, c, e in self.facts:
            v = rmul(v, rpow(({(): factorial(a * n + b * k + c)}, ONE), e))
        for base, (a, b, c) in self.powers:
            v = rmul(v, rpow(base, a * n + b * k + c))
        return v

    def ratio(self, ref):
        """self / ref without ref's polynomial factor, a rational function; None if not rational."""
        if not ref.coeff[0]:
            raise Reject("a term has a zero coefficient")
        r = rmul((mul(self.coeff[0], ref.coeff[1]), mul(self.coeff[1], ref.coeff[0])), (self.poly, ONE))
        for a, b in sorted({(f[0], f[1]) for f in self.facts + ref.facts}):
            num, den = [], []
            for facts, sign in ((self.facts, 1), (ref.facts, -1)):
                for fa, fb, c, e in facts:
                    if (fa, fb) == (a, b):
                        (num if sign * e > 0 else den).extend([c] * abs(e))
            if len(num) != len(den):
                return None
            for cn, cd in zip(sorted(num), sorted(den)):
                p = ONE
                for j in range(min(cn, cd) + 1, max(cn, cd) + 1):
                    p = mul(p, lin_poly(a, b, j))
                r = rmul(r, (p, ONE) if cn >= cd else (ONE, p))
        bases = []
        for powers, sign in ((self.powers, 1), (ref.powers, -1)):
            for base, l in powers:
                for entry in bases:
                    if requal(entry[0], base):
                        entry[1] = [x + sign * y for x, y in zip(entry[1], l)]
                        break
                else:
                    bases.append([base, [sign * y for y in l]])
        for base, (a, b, c) in bases:
            if requal(base, (ONE, ONE)):
                continue
            if a or b:
                return None
            r = rmul(r, rpow(base, c))
        return r

def sum_regular(terms, zero):
    classes = []
    for t in terms:
        if zero(t):
            continue
        for cl in classes:
            r = t.ratio(cl[0])
            if r is not None:
                cl[1] = radd(cl[1], r)
                break
        else:
            own = t.ratio(t)
            if own is None:
                raise Reject("a term's quotient by itself is not rational")
            classes.append([t, own])
    return [s for _, s in classes]

def all_zero(sums, what):
    for s in sums:
        if s[0]:
            raise Reject(f"not an identity on {what}")

def check_identity(terms, n0):
    """Σ terms(n, k) = 0 at every integer n >= n0 and every integer k."""
    facts = [f for t in terms for f in t.facts]
    for a, b, c, e in facts:
        if e > 0 and (a < 0 or a * n0 + c < 0):
            raise Reject(f"numerator factorial ({a} n + {c})! not defined for every n >= {n0}")
    lines = sorted({(-a, -c) if b == 1 else (a, c + 1) for a, b, c, _ in facts if b})
    n_star = n0
    for a, b, c, _ in facts:
        if b == 0 and a != 0:  # past -c/a, a n + c keeps one sign (floor division, either sign of a)
            n_star = max(n_star, (-c) // a + 1)
    for i, (s1, b1) in enumerate(lines):
        for s2, b2 in lines[i + 1:]:
            if s2 > s1:
                n_star = max(n_star, (b1 - b2) // (s2 - s1) + 1)

    def cell(n, k, what, var=None, by=None):  # the classes of the terms regular at (n, k) sum to 0 (at var = by)
        sums = sum_regular(terms, lambda t: t.zero_at(n, k))
        all_zero([(subst(x[0], var, by), x[1]) for x in sums] if var else sums, what)

    if not lines:
        cell(n_star, 0, f"the plane n >= {n_star}")
    else:
        cell(n_star, lines[0][0] * n_star + lines[0][1] - 1, "the cell below the first line")
        cell(n_star, lines[-1][0] * n_star + lines[-1][1], "the cell above the last line")
        for (s, b), (s2, b2) in zip(lines, lines[1:]):
            if s == s2:
                for j in range(b2 - b):
                    cell(n_star, s * n_star + b + j, f"the line k = {s} n + {b + j}", "k", lin_poly(s, 0, b + j))
            else:
                cell(n_star, s * n_star + b, f"the cell from k = {s} n + {b}")
    for n in range(n0, n_star):
        pts = sorted({s * n + b for s, b in lines})
        for k in ([pts[0] - 1, pts[-1]] if pts else [0]):
            cell(n, k, f"an end of the k-line at n = {n}", "n", {(): n} if n else {})
        for k in range(pts[0], pts[-1]) if pts else []:
            all_zero([reduce(radd, (t.value(n, k) for t in terms), ({}, ONE))], f"the point n = {n}, k = {k}")

def support(t, n):
    lo = [-a * n - c for a, b, c, e in t.facts if e < 0 and b == 1]
    hi = [a * n + c for a, b, c, e in t.facts if e < 0 and b == -1]
    if not lo or not hi:
        raise Reject("a term has no finite support in k")
    return max(lo), min(hi)

def check_wz(f, g, n0):
    (lo, hi), _ = support(f, n0), support(g, n0)
    check_identity([f.shift("n"), f.neg(), g.shift("k").neg(), g], n0)
    s = reduce(radd, (f.value(n0, k) for k in range(lo, hi + 1)), ({}, ONE))
    if not requal(s, (ONE, ONE)):
        raise Reject(f"initial value: sum_k F({n0}, k) is not 1")

def check_partial_sum(summand, closed, n0):
    check_identity([a.shift("k") for a in closed] + [a.neg() for a in closed] + [summand.neg()], n0)
    check_identity([a.on_line(0, 0) for a in closed], n0)

def check_positive_term(t, n0, lo, hi, dom):
    """t(n, k) > 0 for n >= n0 and lo(n) <= k <= hi(n) (hi None: no upper end)."""
    if not positive(t.coeff[0], dom):
        raise Reject("the term's coefficient is not certified positive")
    if hi is None and any(b for _, b, _, _ in t.facts):
        raise Reject("a factorial in k needs an upper end of the range")
    for a, b, c, _ in t.facts:  # every factorial argument >= 0: a linear form is least at an end
        for end in [e for e in (lo, hi) if e is not None]:
            if a + b * end[0] < 0 or (a + b * end[0]) * n0 + c + b * end[2] < 0:
                raise Reject(f"({a} n + {b} k + {c})! is not regular for every n >= {n0} on the range")
    d = {x: v for x, v in dom.items() if x not in ("n", "k")}
    d.update({"n": (n0, False), "k": (0, False)})
    p = subst(t.poly, "k", sub({(("k", 1),): 1}, {m: -c for m, c in lin_poly(*lo).items()}))
    if not positive(p, d):
        raise Reject(f"the polynomial of the term is not certified positive for n >= {n0}, k >= lo(n)")

def check_orbit_lp(size, cost, up, down, lo, hi, value, primal, mass_mate, f_obj, g_obj, u, kappa, n0, dom):
    """The parametric LP duality certificate (docs/certificates.md, `orbit_lp`)."""
    low = any(e < 0 and (a, b) == (0, 1) and c <= 0 for a, b, c, e in size.facts)
    high = any(e < 0 and (a, b) == (1, -1) and c <= 0 for a, b, c, e in size.facts)
    if not (low and high):
        raise Reject("the orbit size is not seen to vanish outside 0 <= l <= n")
    if subst(down, "k", {}) or subst(up, "k", {(("n", 1),): 1}):
        raise Reject("down(n, 0) and up(n, n) must vanish")
    check_positive_term(primal, n0, (0, 0, 0), (1, 0, 0), dom)  # the signs first: cheap
    check_positive_term(kappa, n0, (0, 0, 1), (1, 0, 0), dom)
    check_wz(size.times(primal), mass_mate, n0)  # primal mass
    check_identity([primal.shift("k").times(None, coeff=hi), primal.times(None, coeff=lo).neg()], n0)
    check_identity([size.times(cost).times(primal), value.times(f_obj).neg()], n0)  # objective
    check_wz(f_obj, g_obj, n0)
    reduced_cost = [cost, u.neg(), kappa.times(None, coeff=hi, poly=down).neg(),
                    kappa.shift("k").times(None, coeff=lo, poly=up)]
    check_identity(reduced_cost, n0)
    check_identity([value, u.neg()], n0)  # strong duality (implied by the rest; kept as stated)
