"""Privacy loss distributions of ordered pairs and their hockey-stick answers, shared by the
`dp_level` and `composition` records (docs/certificates.md): δ(t), δ(ε) = A − B·e^ε and the
smallest e^ε for a δ, each recomputed here; e^ε is compared with a rational by exact Taylor
bounds. Standard library only."""
from fractions import Fraction

from common import Reject, matrix, q
from kind_enclosure import exp_bounds

def channel(rows, what):
    """A channel's rows: lists of exact rationals of one length, each >= 0 and summing to 1."""
    return matrix(rows, what, stochastic=True)

def ordered_pairs(pairs, n, what):
    """Both orientations of every neighbour pair [a, b] (distinct inputs 0 <= a, b < n)."""
    out = []
    for i, e in enumerate(pairs if isinstance(pairs, list) else [None]):
        if not isinstance(e, list) or len(e) != 2 or any(type(v) is not int or not 0 <= v < n for v in e) or e[0] == e[1]:
            raise Reject(f"{what} {i} {e!r}: not two distinct inputs of 0..{n - 1}")
        out += [tuple(e), tuple(reversed(e))]
    if not out:
        raise Reject(f"{what}: no neighbour pair")
    return out

def of_rows(p, q_row):
    """The PLD of (P, Q): {ratio P(y)/Q(y): P-mass}, the key None for Q(y) = 0 < P(y) (infinite
    loss); outputs with P(y) = 0 carry no P-mass and are dropped."""
    out = {}
    for py, qy in zip(p, q_row):
        if py:
            key = py / qy if qy else None
            out[key] = out.get(key, 0) + py
    return out

def product(a, b):
    """The PLD of two independent uses: ratios multiply (infinite stays infinite), masses too."""
    out = {}
    for ra, ma in a.items():
        for rb, mb in b.items():
            r = None if ra is None or rb is None else ra * rb
            out[r] = out.get(r, 0) + ma * mb
    return out

def exp_cmp(eps, r):
    """-1, 0 or 1 as r <, = or > e^eps for rationals eps >= 0 and r, by kind_enclosure's (cached)
    Taylor bounds at growing precision: e^eps is irrational for rational eps != 0 (Lindemann)."""
    for bits in (1 << e for e in range(5, 16)) if eps != 0 else ():  # 32, 64, ..., 2^15
        lo, hi = exp_bounds(eps, bits)
        if not lo <= r <= hi:
            return -1 if r < lo else 1
    if eps != 0:
        raise Reject(f"cannot separate {r} from e^{eps}")
    return (r > 1) - (r < 1)

def delta_at_t(d, t):
    """δ(t) = Σ_y (P(y) − t Q(y))^+ = inf-mass + Σ_{L > t} m_L (1 − t/L)."""
    return sum((m if r is None else m * (1 - t / r) for r, m in d.items() if r is None or r > t), Fraction(0))

def form_at_eps(d, eps):
    """(A, B) = (P(event), Q(event)) of the event {L > e^eps}: δ(ε) = A − B·e^ε."""
    a = b = Fraction(0)
    for r, m in d.items():
        if r is None or exp_cmp(eps, r) > 0:
            a += m
            b += 0 if r is None else m / r
    return a, b

def t_for_delta(d, delta):
    """The smallest t >= 1 with δ(t) <= delta; None (infinite) when the infinite-loss mass is
    above delta. δ is continuous and non-increasing in t, linear between the ratios: walk them
    downwards keeping δ(t) = A − tB on the current piece."""
    a, b = d.get(None, Fraction(0)), Fraction(0)
    if a > delta:
        return None
    ratios = sorted((r for r in d if r is not None and r > 1), reverse=True)
    for r, low in zip(ratios, ratios[1:] + [Fraction(1)]):
        a, b = a + d[r], b + d[r] / r
        if a - low * b > delta:  # crosses delta inside (low, r]
            return (a - delta) / b
    return Fraction(1)

def worse(eps, f, g):
    """Is the form f = (A, B) above g at e^eps (A_f − B_f e > A_g − B_g e)?"""
    (af, bf), (ag, bg) = f, g
    if bf == bg:
        return af > ag
    c = exp_cmp(eps, (af - ag) / (bf - bg))  # f − g = (B_f − B_g)(r − e^eps)
    return c != 0 and (bf > bg) == (c > 0)

def witness(w, plds, what):
    if not isinstance(w, list) or len(w) != 2 or tuple(w) not in plds:
        raise Reject(f"{what}: witness {w!r} is not an ordered neighbour pair")
    return plds[tuple(w)]

def check_queries(rec, plds):
    """The answers of `rec` (`delta_at_t`, `delta_at_eps`, `eps_for_delta`: lists, each entry
    with its `witness` ordered pair) against the PLDs {(x, x'): PLD} of every ordered pair."""
    for i, a in enumerate(rec.get("delta_at_t") or []):
        t, got = q(a["t"], f"delta_at_t {i} t"), q(a["delta"], f"delta_at_t {i} delta")
        best = max(delta_at_t(d, t) for d in plds.values())
        if got != best or delta_at_t(witness(a["witness"], plds, f"delta_at_t {i}"), t) != got:
            raise Reject(f"delta_at_t {i}: delta({t}) = {best} (recomputed), the record says {got} at {a['witness']}")
    for i, a in enumerate(rec.get("delta_at_eps") or []):
        eps = q(a["eps"], f"delta_at_eps {i} eps")
        if eps < 0:
            raise Reject(f"delta_at_eps {i}: eps = {eps} < 0")
        got = q(a["a"], f"delta_at_eps {i} a"), q(a["b"], f"delta_at_eps {i} b")
        mine = form_at_eps(witness(a["witness"], plds, f"delta_at_eps {i}"), eps)
        if mine != got:
            raise Reject(f"delta_at_eps {i}: at {a['witness']} (A, B) = {mine} (recomputed), the record says {got}")
        bad = next((p for p, d in plds.items() if worse(eps, form_at_eps(d, eps), got)), None)
        if bad is not None:
            raise Reject(f"delta_at_eps {i}: the pair {list(bad)} has a larger delta({eps}) than the witness")
    for i, a in enumerate(rec.get("eps_for_delta") or []):
        delta = q(a["delta"], f"eps_for_delta {i} delta")
        ts = [t_for_delta(d, delta) for d in plds.values()]
        best = None if None in ts else max(ts)
        got = None if a["e_eps"] == "inf" else q(a["e_eps"], f"eps_for_delta {i} e_eps")
        if got != best or t_for_delta(witness(a["witness"], plds, f"eps_for_delta {i}"), delta) != got:
            show = lambda t: "inf" if t is None else str(t)  # noqa: E731
            raise Reject(f"eps_for_delta {i}: smallest e^eps for delta {delta} is {show(best)} (recomputed), the record says {show(got)} at {a['witness']}")
