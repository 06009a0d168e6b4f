"""The `holds_for_all` record (docs/certificates.md): one step of a proof for a whole domain
(every n >= 1, m >= 2, alpha > 0, ...), re-checked with the polynomial arithmetic of mpoly.py
and the hypergeometric terms of hypergeom.py. Standard library only."""
from common import Reject, field
from mpoly import domain, mpoly, mul, positive, ratfn, show, sub
import hypergeom as H

def check(rec):
    dom = domain(rec)
    step = field(rec, "step", "record")
    if step == "rational_identity":
        (a, b), (c, d) = ratfn(field(rec, "lhs", "record"), "lhs", dom), ratfn(field(rec, "rhs", "record"), "rhs", dom)
        diff = sub(mul(a, d), mul(c, b))
        if diff:
            raise Reject(f"rational identity: lhs.num*rhs.den - rhs.num*lhs.den = {show(diff)}, not 0")
    elif step == "sign":
        strict = field(rec, "strict", "record")
        if not isinstance(strict, bool):
            raise Reject("strict: not true or false")
        num, _ = ratfn(field(rec, "r", "record"), "r", dom)
        if not positive(num, dom, strict):
            raise Reject(f"sign: numerator {show(num)} is not certified {'> 0' if strict else '>= 0'} on the domain")
    elif step in ("wz", "partial_sum", "term_identity", "positive_term", "orbit_lp"):
        n0 = field(rec, "n0", "record")
        if type(n0) is not int or abs(n0) > 10**4:
            raise Reject("n0: not an integer of at most 10^4")

        def terms(key):
            ts = field(rec, key, "record")
            if not isinstance(ts, list):
                raise Reject(f"{key}: not a list of terms")
            return [H.Term(t, f"{key}[{i}]", dom) for i, t in enumerate(ts)]

        def lin(v):
            if not isinstance(v, list) or len(v) != 3 or any(type(x) is not int for x in v) or v[1]:
                raise Reject(f"{v!r} is not a linear form [a, 0, c] in n")
            return tuple(v)

        if step == "wz":
            (f,), (g,) = terms("f"), terms("g")
            H.check_wz(f, g, n0)
        elif step == "partial_sum":
            (s,) = terms("summand")
            H.check_partial_sum(s, terms("closed"), n0)
        elif step == "term_identity":
            H.check_identity(terms("terms"), n0)
        elif step == "positive_term":
            (t,) = terms("term")
            lo, hi = field(rec, "lo", "record"), field(rec, "hi", "record")
            H.check_positive_term(t, n0, lin(lo), None if hi is None else lin(hi), dom)
        else:
            names = ["size", "cost", "value", "primal", "mass_mate", "objective", "objective_mate", "u", "kappa"]
            size, cost, value, primal, mass_mate, f_obj, g_obj, u, kappa = [terms(x)[0] for x in names]
            up, down = mpoly(field(rec, "up", "record"), "up"), mpoly(field(rec, "down", "record"), "down")
            lo, hi = ratfn(field(rec, "lo", "record"), "lo", dom), ratfn(field(rec, "hi", "record"), "hi", dom)
            H.check_orbit_lp(size, cost, up, down, lo, hi, value, primal, mass_mate, f_obj, g_obj, u, kappa, n0, dom)
    else:
        raise Reject(f"unknown step {step!r}")

