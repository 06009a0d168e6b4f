"""Polynomials over Q in named variables, for the `holds_for_all` record (docs/certificates.md):
a polynomial is a dict {monomial: Fraction}, a monomial a sorted tuple of (variable, exponent);
the domain's sign certificate. Standard library only."""
from fractions import Fraction

from common import Reject, field, q

def mpoly(v, what):
    if not isinstance(v, list):
        raise Reject(f"{what}: not a list of terms")
    out = {}
    for i, t in enumerate(v):
        if not isinstance(t, list) or len(t) != 2 or not isinstance(t[1], dict):
            raise Reject(f"{what} term {i}: not [coefficient, {{variable: exponent}}]")
        if any(type(e) is not int or not 1 <= e <= 1000 for e in t[1].values()):
            raise Reject(f"{what} term {i}: exponents must be integers from 1 to 1000")
        m = tuple(sorted(t[1].items()))
        out[m] = out.get(m, 0) + q(t[0], f"{what} term {i}")
    return {m: c for m, c in out.items() if c}

def mul(a, b):
    out = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            e = dict(ma)
            for x, k in mb:
                e[x] = e.get(x, 0) + k
            m = tuple(sorted(e.items()))
            out[m] = out.get(m, 0) + ca * cb
    return {m: c for m, c in out.items() if c}

def sub(a, b):
    return {m: c for m in a.keys() | b.keys() if (c := a.get(m, 0) - b.get(m, 0))}

def shift(p, x, low):
    """p with x replaced by low + x."""
    return subst(p, x, {m: c for m, c in {((x, 1),): 1, (): Fraction(low)}.items() if c})

def domain(rec):
    lows = field(field(rec, "domain", "record"), "lows", "domain")
    if not isinstance(lows, list):
        raise Reject("domain lows: not a list")
    out = {}
    for i, lo in enumerate(lows):
        x = field(lo, "var", f"domain lows[{i}]")
        if not isinstance(x, str) or x in out:
            raise Reject(f"domain lows[{i}]: a variable named twice or not a name")
        out[x] = (q(field(lo, "low", f"domain {x}"), f"domain {x} low"), field(lo, "strict", x) is True)
    return out

def positive(p, dom, strict=True):
    """The sign certificate: with every x = low_x + s_x (s_x >= 0, > 0 where strict), every
    coefficient in the s is >= 0, and (strict) a monomial in strict variables alone is > 0."""
    free = {x for m in p for x, _ in m} - set(dom)
    if free:
        raise Reject(f"variable {sorted(free)[0]!r} has no bound on the domain")
    for x, (low, _) in dom.items():
        p = shift(p, x, low)
    if any(c < 0 for c in p.values()):
        return False
    strict_vars = {x for x, (_, s) in dom.items() if s}
    return not strict or any(c > 0 and all(x in strict_vars for x, _ in m) for m, c in p.items())

def ratfn(v, what, dom):
    """(num, den) of a rational function whose denominator and divisors are positive on dom."""
    num, den = mpoly(field(v, "num", what), f"{what} num"), mpoly(field(v, "den", what), f"{what} den")
    divs = field(v, "divisors", what)
    if not isinstance(divs, list):
        raise Reject(f"{what} divisors: not a list")
    for i, d in enumerate([den] + [mpoly(d, f"{what} divisor {i}") for i, d in enumerate(divs)]):
        if not positive(d, dom):
            raise Reject(f"{what}: denominator {i} {show(d)} is not certified positive on the domain")
    return num, den

def subst(p, x, by):
    """p with the variable x replaced by the polynomial by."""
    out = {}
    for m, c in p.items():
        e = dict(m)
        k = e.pop(x, 0)
        t = {tuple(sorted(e.items())): c}
        for _ in range(k):
            t = mul(t, by)
        for mm, cc in t.items():
            out[mm] = out.get(mm, 0) + cc
    return {m: c for m, c in out.items() if c}

def show(p):
    return " + ".join(f"({c})" + "".join(f"*{x}^{k}" for x, k in m) for m, c in sorted(p.items())) or "0"
