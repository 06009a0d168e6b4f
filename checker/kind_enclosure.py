"""The `enclosure` record (docs/certificates.md): `lhs rel rhs` for two real expressions over
rational leaves with + - * /, ln, exp, sqrt and the binary entropy h. The checker encloses both
sides in rational intervals with its own series and remainder bounds, at precisions it chooses,
and accepts only when they lie on the sides of the record's `separation` that the relation and
the stated truth (`holds`) require."""
from fractions import Fraction
from functools import lru_cache
from math import isqrt

from common import Reject, field, q
import kind_log_linear as LL

MAX_BITS = 1 << 11  # the checker gives up (and rejects) beyond this precision
MAX_NODES = 200  # size of a tree, and |x| <= 2^16 for exp(x): bounds on the checker's work
NOT = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}

class Wide(Exception):
    """An enclosure too wide at this precision (a divisor's straddles 0, ...): refine."""

def down(x, k):
    return Fraction((x.numerator << k) // x.denominator, 1 << k)

def up(x, k):
    return -down(-x, k)

def ln_bounds(x, k):
    """ln x = ln p − ln q for a rational x = p/q > 0, from kind_log_linear's bounds of the logarithm
    of an integer with k // 3 + 4 series terms (each gains > 3 bits), rounded outward to k bits."""
    (a, b), (c, d) = (LL.ln_bounds(m, k // 3 + 4) if m > 1 else (0, 0) for m in (x.numerator, x.denominator))
    return down(a - d, k), up(b - c, k)

@lru_cache(maxsize=4096)
def exp_bounds(x, k):
    """e^x for a rational x: r = x / 2^m with |r| <= 1/2, Taylor sum of n terms with the tail
    below 2|r|^n/n!, then squared m times (monotone on the non-negative lower bound)."""
    if abs(x) > 1 << 16:
        raise Reject(f"exp of {x}: argument too large for the checker")
    m, r = 0, x
    while abs(r) > Fraction(1, 2):
        m, r = m + 1, r / 2
    kk, n = k + m + 8, k // 2 + 4
    s, t = Fraction(0), Fraction(1)
    for j in range(n):
        s, t = s + t, t * r / (j + 1)
    tail = 2 * abs(t)
    lo, hi = max(down(s - tail, kk), Fraction(0)), up(s + tail, kk)
    for _ in range(m):
        lo, hi = down(lo * lo, kk), up(hi * hi, kk)
    return down(lo, k), up(hi, k)

def sqrt_bounds(x, k):
    a = isqrt((x.numerator << 2 * k) // x.denominator)
    b = isqrt(-(-(x.numerator << 2 * k) // x.denominator))
    return Fraction(a, 1 << k), Fraction(b + (b * b * x.denominator < x.numerator << 2 * k), 1 << k)

def h_point(p, k):
    if p in (0, 1):
        return Fraction(0), Fraction(0)
    a, b = ln_bounds(p, k), ln_bounds(1 - p, k)
    return -p * a[1] - (1 - p) * b[1], -p * a[0] - (1 - p) * b[0]

def mul(x, y):
    ps = [a * b for a in x for b in y]
    return min(ps), max(ps)

def ev(t, k, budget):
    """A rational enclosure (lo, hi) of the tree `t` at precision k (about k bits)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise Reject(f"expression larger than {MAX_NODES} nodes")
    if isinstance(t, str):
        v = q(t, "leaf")
        return v, v
    if not isinstance(t, list) or not t or not isinstance(t[0], str) or t[0] not in OPS or len(t) != OPS[t[0]] + 1:
        raise Reject(f"{t!r} is not a rational string, [op, a, b] or [f, a]")
    x = ev(t[1], k, budget)
    if len(t) == 3:
        y = ev(t[2], k, budget)
        if t[0] == "+":
            return x[0] + y[0], x[1] + y[1]
        if t[0] == "-":
            return x[0] - y[1], x[1] - y[0]
        if t[0] == "*":
            return mul(x, y)
        if y == (0, 0):
            raise Reject("division by zero")
        if y[0] <= 0 <= y[1]:
            raise Wide()
        return mul(x, (1 / y[1], 1 / y[0]))
    f, (lo, hi) = t[0], x
    if f == "exp":
        return exp_bounds(lo, k)[0], exp_bounds(hi, k)[1]
    if (f == "ln" and hi <= 0) or (f == "sqrt" and hi < 0) or (f == "h" and (hi < 0 or lo > 1)):
        raise Reject(f"{f} of a number outside its domain: in [{lo}, {hi}]")
    if (f == "ln" and lo <= 0) or (f != "ln" and lo < 0) or (f == "h" and hi > 1):
        raise Wide()
    if f == "ln":
        return ln_bounds(lo, k)[0], ln_bounds(hi, k)[1]
    if f == "sqrt":
        return sqrt_bounds(lo, k)[0], sqrt_bounds(hi, k)[1]
    # h increases on [0, 1/2] and decreases on [1/2, 1]; 0 <= h <= ln 2.
    a, b = h_point(lo, k), h_point(hi, k)
    if hi <= Fraction(1, 2):
        return a[0], b[1]
    if lo >= Fraction(1, 2):
        return b[0], a[1]
    return min(a[0], b[0]), ln_bounds(Fraction(2), k)[1]

OPS = {"+": 2, "-": 2, "*": 2, "/": 2, "ln": 1, "exp": 1, "sqrt": 1, "h": 1}

def check(rec):
    rel = field(rec, "relation", "enclosure")
    holds = field(rec, "holds", "enclosure")
    if rel not in NOT or not isinstance(holds, bool):
        raise Reject(f"relation {rel!r} / holds {holds!r}: enclosures decide < <= > >= only")
    s = q(field(rec, "separation", "enclosure"), "separation")
    shown = rel if holds else NOT[rel]  # what the record shows: lhs shown rhs
    sides = (field(rec, "lhs", "enclosure"), field(rec, "rhs", "enclosure"))
    low, high = sides if shown[0] == "<" else sides[::-1]
    for k in (1 << e for e in range(5, MAX_BITS.bit_length())):  # 32, 64, ..., MAX_BITS
        try:
            a, b = ev(low, k, [MAX_NODES]), ev(high, k, [MAX_NODES])
        except Wide:
            a = b = None
        if a is not None:
            if a[0] > s or b[1] < s:
                raise Reject(f"the separation {s} is not between the sides: lhs {shown} rhs "
                             f"needs [{float(a[0])}, {float(a[1])}] <= {s} <= "
                             f"[{float(b[0])}, {float(b[1])}]")
            if a[1] <= s <= b[0] and (len(shown) == 2 or a[1] < b[0]):
                return
    raise Reject(f"lhs {shown} rhs (holds: {str(holds).lower()}) is not separated at {s} "
                 f"by the checker's enclosures up to {MAX_BITS} bits")
