"""Polynomials of one variable over Q (lists of Fractions, constant first) and Sturm sequences:
the arithmetic the `sturm` record is re-checked with (docs/certificates.md). Standard library only."""
from fractions import Fraction
from functools import reduce

def trim(p):  # without the zero coefficients of the highest powers
    p = list(p)
    return p[:max((i + 1 for i, c in enumerate(p) if c), default=0)]

def add(p, r):
    n = max(len(p), len(r))
    return trim([(p[i] if i < len(p) else 0) + (r[i] if i < len(r) else 0) for i in range(n)])

def neg(p):
    return [-c for c in p]

def mul(p, r):
    out = [Fraction(0)] * max(len(p) + len(r) - 1, 0)
    for i, a in enumerate(p):
        for j, b in enumerate(r):
            out[i + j] += a * b
    return trim(out)

def divmod1(p, d):
    """(quotient, remainder) of p by d (d non-zero)."""
    p, out = trim(p), [Fraction(0)] * max(len(p) - len(d) + 1, 0)
    while len(p) >= len(d):
        c, s = p[-1] / d[-1], len(p) - len(d)
        out[s] = c
        p = trim([a - c * d[i - s] if i >= s else a for i, a in enumerate(p)])
    return trim(out), p

def gcd(p, r):
    p, r = trim(p), trim(r)
    while r:
        p, r = r, divmod1(p, r)[1]
    return p

def deriv(p):
    return trim([i * c for i, c in enumerate(p)][1:])

def at(p, x):  # Horner
    return reduce(lambda v, c: v * x + c, reversed(p), Fraction(0))

def sgn(x):
    return (x > 0) - (x < 0)

def square_free(p):
    return divmod1(p, gcd(p, deriv(p)))[0]  # exact: the gcd divides p

def sturm(p):
    seq = [p, deriv(p)]
    while seq[-1]:
        seq.append(neg(divmod1(seq[-2], seq[-1])[1]))
    return seq[:-1]

def variations(seq, x):
    s = [v for v in (sgn(at(p, x)) for p in seq) if v]
    return sum(1 for a, b in zip(s, s[1:]) if a != b)

def cauchy(p):
    """Every real root of p is below this bound in absolute value."""
    return 1 + max(abs(c / p[-1]) for c in p)

def signs_on(p, lo, lo_open, hi, hi_open):
    """The set of signs (-1, 0, 1) that p takes on the interval (hi None: unbounded above)."""
    p = trim(p)
    if not p:
        return {0}
    s = square_free(p)
    seq = sturm(s)
    out = set()
    if hi is None:  # no root at or past the Cauchy bound: p's signs there are those just below it
        hi, hi_open = max(cauchy(s), lo + 1), True
    for end, is_open in ((lo, lo_open), (hi, hi_open)):
        if not is_open:
            out.add(sgn(at(p, end)))

    def scan(a, b):  # the open interval (a, b): distinct roots by Sturm, then bisect
        n = variations(seq, a) - variations(seq, b) - (at(s, b) == 0)
        m = (a + b) / 2
        if n == 0:
            out.add(sgn(at(p, m)))
        elif n == 1 and at(s, a) != 0 and at(s, b) != 0:
            out.update({sgn(at(p, a)), 0, sgn(at(p, b))})
        else:
            if at(s, m) == 0:
                out.add(0)
            scan(a, m)
            scan(m, b)

    if lo < hi:
        scan(lo, hi)
    return out
