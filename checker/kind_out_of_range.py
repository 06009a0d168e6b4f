"""The `out_of_range` record (docs/certificates.md): the failing hypothesis recomputed (one that
holds is rejected). `finite_dp_level`: every mechanism's `dp_level` record shows e^eps = inf.
`wyz_gibbs_range` (Wang-Ying-Zhang, eps >= eps~_X): p_X > 0 and p_Y = G_alpha^-1 p_X >= 0,
G_alpha(x, y) = alpha^d(x,y) / (1 + (m-1) alpha)^n on [m]^n (invertible for alpha < 1)."""
from common import Reject, field, q
import kind_dp_level


def check(rec):
    if rec.get("hypothesis") == "finite_dp_level":  # every mechanism has e^eps = inf (dp_level)
        ms = field(rec, "mechanisms", "record")
        if not isinstance(ms, list) or not ms or any(field(m, "e_eps", "mechanism") != "inf" for m in ms):
            raise Reject("mechanisms: none, or one whose level is not inf: the hypothesis holds")
        for m in ms:
            kind_dp_level.check(m)
        return
    if rec.get("hypothesis") != "wyz_gibbs_range":
        raise Reject(f"unknown hypothesis {rec.get('hypothesis')!r}")
    n, m, a = field(rec, "n", "record"), field(rec, "m", "record"), q(field(rec, "alpha", "record"), "alpha")
    if type(n) is not int or type(m) is not int or n < 1 or m < 2 or m ** n > 729 or not 0 < a <= 1:
        raise Reject("n >= 1, m >= 2 integers with m^n <= 729, and 0 < alpha <= 1")
    px = [q(v, "p_x") for v in field(rec, "p_x", "record")]
    if len(px) != m ** n or sum(px) != 1 or min(px) < 0:
        raise Reject("p_x is not a distribution on the m^n points")
    if min(px) == 0 or (a == 1 and len(set(px)) > 1):
        return  # no full support; or alpha = 1, where G_1 p_Y is uniform and p_x is not
    py, z = [q(v, "p_y") for v in field(rec, "p_y", "record")], (1 + (m - 1) * a) ** n
    if a == 1 or len(py) != len(px) or min(py) >= 0:
        raise Reject("the hypothesis holds: p_x > 0 and p_y >= 0 (or uniform p_x at alpha = 1)")
    for x, p in enumerate(px):
        g = sum(a ** sum(x // m ** i % m != y // m ** i % m for i in range(n)) * v for y, v in enumerate(py)) / z
        if g != p:
            raise Reject(f"(G_alpha p_y)({x}) = {g}, p_x({x}) = {p}")
