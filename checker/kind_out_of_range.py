"""The `out_of_range` record (docs/certificates.md): the statement's hypothesis recomputed, and
rejected when it holds. Wang-Ying-Zhang on [m]^n, G_alpha(x, y) = alpha^d(x,y) / (1 + (m-1) alpha)^n
(invertible for alpha < 1): `wyz_gibbs_range` (eps >= eps~_X): p_X > 0 and p_Y = G_alpha^-1 p_X >= 0;
`wyz_gibbs_outside` (eps < eps~_X): its negation; `wyz_eps_x` (e^eps >= r_X): alpha p_X(x) <= p_X(x')
at every pair of neighbours, which the record's `pair` (x, x') must violate. `finite_dp_level`: some
mechanism of the cell has a finite level; `close_pair`: some pair P != Q of Delta_k^N is t-close."""
from itertools import combinations, product

import kind_dp_level
from common import Reject, distribution, field, q

HYPOTHESES = ("wyz_gibbs_range", "wyz_gibbs_outside", "wyz_eps_x")

def finite_dp_level(rec):
    """Every mechanism of the cell has level inf, recomputed from its dp_level record."""
    ms = field(rec, "mechanisms", "record")
    if not isinstance(ms, list) or not ms:
        raise Reject("mechanisms: missing, or not a non-empty list of dp_level records")
    for m in ms:
        kind_dp_level.check(m)
        if m["e_eps"] != "inf":
            raise Reject(f"mechanism {m.get('id')!r} has a finite level: the hypothesis holds")

def close_pair(rec):
    """No pair P != Q of Delta_k^N has its two-sided max ratio <= t."""
    k, n, t = field(rec, "k", "record"), field(rec, "n", "record"), q(field(rec, "t", "record"), "t")
    if type(k) is not int or type(n) is not int or k < 2 or n < 1 or (n + 1) ** k > 10 ** 4:
        raise Reject("k >= 2, n >= 1 integers with (n+1)^k <= 10^4")
    for p, r in combinations([c for c in product(range(n + 1), repeat=k) if sum(c) == n], 2):
        if all(max(a, b) <= t * min(a, b) for a, b in zip(p, r)):
            raise Reject(f"{p}/{n} and {r}/{n} are close at t = {t}: the hypothesis holds")

def check(rec):
    other = {"finite_dp_level": finite_dp_level, "close_pair": close_pair, "where": lambda rec: None}
    if rec.get("hypothesis") in other:  # `where`: kind_claim wants the false record of a filter atom beside it
        return other[rec["hypothesis"]](rec)
    if rec.get("hypothesis") not in HYPOTHESES:
        raise Reject(f"unknown hypothesis {rec.get('hypothesis')!r}")
    n, m, a = field(rec, "n", "record"), field(rec, "m", "record"), q(field(rec, "alpha", "record"), "alpha")
    if type(n) is not int or type(m) is not int or n < 1 or m < 2 or m ** n > 729 or not 0 < a <= 1:
        raise Reject("n >= 1, m >= 2 integers with m^n <= 729, and 0 < alpha <= 1")
    px = distribution(field(rec, "p_x", "record"), "p_x", m ** n)
    if rec["hypothesis"] == "wyz_eps_x":
        pair = field(rec, "pair", "record")
        if not isinstance(pair, list) or len(pair) != 2 or any(type(v) is not int or not 0 <= v < m ** n for v in pair):
            raise Reject(f"pair {pair!r}: not two of the m^n points")
        x, y = pair
        if sum(x // m ** i % m != y // m ** i % m for i in range(n)) != 1 or a * px[x] <= px[y]:
            raise Reject(f"pair {pair}: not neighbours with alpha p_x(x) > p_x(x') (the hypothesis may hold)")
        return
    outside = min(px) == 0 or a == 1 and len(set(px)) > 1  # at alpha = 1, G_1 p_Y is uniform
    if min(px) > 0 and a < 1:  # p_Y is the unique solution of G_alpha p_Y = p_x
        py, z = [q(v, "p_y") for v in field(rec, "p_y", "record")], (1 + (m - 1) * a) ** n
        if len(py) != len(px):
            raise Reject("p_y is not a vector on the m^n points")
        for x, p in enumerate(px):
            g = sum(a ** sum(x // m ** i % m != y // m ** i % m for i in range(n)) * v for y, v in enumerate(py)) / z
            if g != p:
                raise Reject(f"(G_alpha p_y)({x}) = {g}, p_x({x}) = {p}")
        outside = min(py) < 0
    if outside != (rec["hypothesis"] == "wyz_gibbs_range"):
        raise Reject(f"the hypothesis holds: {rec['hypothesis']} (alpha {'>' if outside else '<='} alpha~)")
