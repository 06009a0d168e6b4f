"""The `sturm` record (docs/certificates.md): `lhs rel rhs` for every t of an interval, the two
sides as expression trees. The sides are rebuilt here as unreduced quotients of polynomials;
every divisor must have no root on the domain (so 0/0 cannot pass), and the sign of the
difference is recounted with a Sturm sequence."""
from common import Reject, field, q
import poly1 as P

RELS = {"<": {-1}, "<=": {-1, 0}, "=": {0}, "!=": {-1, 1}, ">=": {0, 1}, ">": {1}}
SIGNS = {"positive": {1}, "negative": {-1}, "zero": {0}, "nonnegative": {0, 1},
         "nonpositive": {-1, 0}}

def poly(v, what):
    if not isinstance(v, list):
        raise Reject(f"{what}: not a list of coefficients")
    return P.trim(q(c, f"{what}[{i}]") for i, c in enumerate(v))

def domain(rec):  # (lo, lo_open, hi, hi_open) of a record's domain (hi None: +inf), and whether no real t lies in it
    dom = field(rec, "domain", "record")
    lo, lo_open = q(field(dom, "lo", "domain"), "domain lo"), field(dom, "lo_open", "domain") is True
    hi, hi_open = field(dom, "hi", "domain"), field(dom, "hi_open", "domain") is True
    hi = None if hi is None else q(hi, "domain hi")
    return (lo, lo_open, hi, hi_open), hi is not None and (hi < lo or hi == lo and (lo_open or hi_open))

def check(rec):
    (lo, lo_open, hi, hi_open), empty = domain(rec)
    if empty:
        raise Reject(f"domain: empty interval from {lo} to {hi}")

    def signs(p):
        return P.signs_on(p, lo, lo_open, hi, hi_open)

    def nonvanishing(p, what):
        if 0 in signs(p):
            raise Reject(f"{what}: the divisor {show(p)} vanishes on the domain")
        return p

    def build(t, depth=0):
        """(num, den) of a tree, den non-vanishing on the domain."""
        if depth > 200:
            raise Reject("tree too deep")
        if isinstance(t, str):
            c = q(t, "constant")
            return P.trim([c]), [P.Fraction(1)]
        if not isinstance(t, list) or not t:
            raise Reject(f"not an expression tree: {t!r}")
        op, args = t[0], t[1:]
        if op == "t" and not args:
            return [P.Fraction(0), P.Fraction(1)], [P.Fraction(1)]
        if op == "neg" and len(args) == 1:
            a, b = build(args[0], depth + 1)
            return P.neg(a), b
        if op == "^" and len(args) == 2:
            k = q(args[1], "exponent")
            if k.denominator != 1 or abs(k) > 1000:
                raise Reject(f"exponent {k} is not an integer of at most 1000")
            a, b = build(args[0], depth + 1)
            if k < 0:
                a, b = b, nonvanishing(a, f"power {t!r}")
            num, den = [P.Fraction(1)], [P.Fraction(1)]
            for _ in range(abs(int(k))):
                num, den = P.mul(num, a), P.mul(den, b)
            return num, den
        if op in ("+", "-", "*", "/") and len(args) == 2:
            (a, b), (c, d) = build(args[0], depth + 1), build(args[1], depth + 1)
            if op == "*":
                return P.mul(a, c), P.mul(b, d)
            if op == "/":
                return P.mul(a, d), P.mul(b, nonvanishing(c, f"division {t!r}"))
            c = P.neg(c) if op == "-" else c
            return P.add(P.mul(a, d), P.mul(c, b)), P.mul(b, d)
        raise Reject(f"not an expression tree: {t!r}")

    (a, b), (c, d) = build(field(rec, "lhs", "record")), build(field(rec, "rhs", "record"))
    num, den = P.add(P.mul(a, d), P.neg(P.mul(c, b))), P.mul(b, d)  # lhs - rhs
    diff = field(rec, "difference", "record")
    rn, rd = poly(field(diff, "num", "difference"), "num"), poly(field(diff, "den", "difference"), "den")
    nonvanishing(rd, "difference den")
    if P.mul(rn, den) != P.mul(num, rd):
        raise Reject(f"difference: {show(rn)} / {show(rd)} is not lhs - rhs")
    (ds,) = signs(rd)
    got = {ds * s for s in signs(rn)}
    rel, sign = field(rec, "rel", "record"), field(rec, "sign", "record")
    if rel not in RELS or sign not in SIGNS:
        raise Reject(f"unknown rel {rel!r} or sign {sign!r}")
    if not got <= SIGNS[sign]:
        raise Reject(f"sign: the difference takes signs {sorted(got)} on the domain, not {sign}")
    if not SIGNS[sign] <= RELS[rel]:
        raise Reject(f"sign {sign} does not give lhs {rel} rhs")

def show(p):
    return " + ".join(f"({c})*t^{i}" for i, c in enumerate(p) if c) or "0"
