"""The `log_linear` record (docs/certificates.md): `lhs rel rhs` for two forms `Σ c ln r`.

The checker reduces `lhs − rhs` to `Σ e_b ln b` over the record's basis: the basis must be
pairwise coprime integers > 1 (gcds), every numerator and denominator must factor over it
(multiplication). Coprime logarithms are linearly independent over Q, so the difference is 0
iff every e_b is 0; otherwise its sign comes from the checker's own rational enclosures of
ln b (the series ln x = 2 atanh((x-1)/(x+1)) with its remainder bound). A side "+inf" is
above every form and equal only to itself."""
from fractions import Fraction
from functools import lru_cache
from math import gcd

from common import Reject, field, q, stated_truth
from kind_compare import RELATIONS, relation

MAX_TERMS = 1 << 12  # the enclosure gives up (and rejects) beyond this many series terms

def atanh_bounds(z, n):
    """Rational lo <= 2 atanh(z) <= hi for 0 <= z < 1 from n terms of Σ z^(2i+1)/(2i+1):
    every term is positive, the tail is at most z^(2n+1) / ((2n+1)(1 - z^2))."""
    s, p, z2 = Fraction(0), z, z * z
    for i in range(n):
        s += p / (2 * i + 1)
        p *= z2
    return 2 * s, 2 * (s + p / ((2 * n + 1) * (1 - z2)))

@lru_cache(maxsize=4096)
def ln_bounds(b, n):
    """Rational bounds of ln b for an integer b >= 2: b = 2^k x with 1 <= x < 2,
    ln b = k ln 2 + ln x, ln 2 = 2 atanh(1/3), ln x = 2 atanh((x-1)/(x+1)) (z <= 1/3)."""
    k = b.bit_length() - 1
    x = Fraction(b, 1 << k)
    l2lo, l2hi = atanh_bounds(Fraction(1, 3), n)
    xlo, xhi = atanh_bounds((x - 1) / (x + 1), n)
    return k * l2lo + xlo, k * l2hi + xhi

def sign(exps):
    """The sign of Σ e_b ln b (exps: {b: e}, some e != 0), refining until it is separated."""
    n = 8
    while n <= MAX_TERMS:
        lo = hi = Fraction(0)
        for b, e in exps.items():
            blo, bhi = ln_bounds(b, n)
            lo += e * (blo if e > 0 else bhi)
            hi += e * (bhi if e > 0 else blo)
        if lo > 0:
            return 1
        if hi < 0:
            return -1
        n *= 2
    raise Reject("the sign of lhs - rhs is not separated by the checker's enclosures")

def integer(s, what):
    v = q(s, what)
    if v.denominator != 1:
        raise Reject(f"{what}: {s} is not an integer")
    return v.numerator

def form(rec, side):
    terms = field(rec, side, "log_linear")
    if not isinstance(terms, list) or not all(isinstance(t, list) and len(t) == 2 for t in terms):
        raise Reject(f"{side}: not a list of [c, r] terms")
    out = [(q(c, f"{side} coefficient"), q(r, f"{side} argument")) for c, r in terms]
    bad = next((r for _, r in out if r <= 0), None)
    if bad is not None:
        raise Reject(f"{side}: ln of {bad}, which is not positive")
    return out

def check(rec):
    rel = relation(rec)
    basis = [integer(b, "basis") for b in field(rec, "basis", "log_linear")]
    for i, a in enumerate(basis):
        if a < 2:
            raise Reject(f"basis element {a} is not > 1")
        for b in basis[i + 1:]:
            if gcd(a, b) != 1:
                raise Reject(f"basis elements {a} and {b} share the factor {gcd(a, b)}")
    factors = {}
    for n, exps in field(rec, "factors", "log_linear").items():
        n = integer(n, "factored integer")
        prod, ex = 1, {}
        for b, e in exps.items():
            b, e = integer(b, f"factor of {n}"), integer(e, f"exponent in {n}")
            if b not in basis or e < 0:
                raise Reject(f"factorisation of {n}: {b}^{e} is not a power of a basis element")
            prod *= b**e
            ex[b] = e
        if prod != n:
            raise Reject(f"factorisation of {n} multiplies to {prod}")
        factors[n] = ex
    diff = {b: Fraction(0) for b in basis}  # lhs - rhs over the basis
    inf = {side: rec.get(side) == "+inf" for side in ("lhs", "rhs")}  # an extended side +∞
    for side, s in (("lhs", 1), ("rhs", -1)):
        for c, r in [] if inf[side] else form(rec, side):
            for part, sgn in ((r.numerator, 1), (r.denominator, -1)):
                if part == 1:
                    continue
                if part not in factors:
                    raise Reject(f"{side}: {part} (of ln {r}) has no factorisation")
                for b, e in factors[part].items():
                    diff[b] += s * sgn * c * e
    exps = {b: e for b, e in diff.items() if e != 0}
    d = inf["lhs"] - inf["rhs"] if any(inf.values()) else sign(exps) if exps else 0
    stated_truth(rec, RELATIONS[rel](d, 0), f"lhs - rhs has sign {d}, so lhs {rel} rhs")
