"""The `dp_level` record (docs/certificates.md): a mechanism's exact pure-DP level e^ε on its
neighbour pairs, recomputed as the largest ratio over every ordered pair and output (a
positive entry against 0 is ∞, 0/0 is skipped), and its δ answers (pld.check_queries)."""
from common import Reject, field, q
from pld import channel, check_queries, of_rows, ordered_pairs

INF = "inf"

def ratio(a, b):
    """W(y|x) / W(y|x') as a rational, INF for a positive entry against 0, None for 0/0."""
    return None if a == 0 == b else INF if b == 0 else a / b

def top(ratios):
    """The largest of rationals and INF (INF above every rational; None, 0/0, skipped); None for none."""
    return max((r for r in ratios if r is not None), key=lambda r: (r == INF, 0 if r == INF else r), default=None)

def check(rec):
    rows = channel(field(rec, "rows", "record"), "rows")
    pairs = ordered_pairs(field(rec, "pairs", "record"), len(rows), "pair")
    best = top(ratio(a, b) for x, xp in pairs for a, b in zip(rows[x], rows[xp]))
    best = 1 if best is None or best != INF and best < 1 else best
    claimed = field(rec, "e_eps", "record")
    level = INF if claimed == INF else q(claimed, "e_eps")
    if level != best:
        raise Reject(f"e_eps: the largest ratio over the neighbour pairs is {best} (recomputed), the record says {level}")
    x, xp, y = (field(field(rec, "witness", "record"), k, "witness") for k in ("x", "x_prime", "y"))
    if (x, xp) not in pairs or type(y) is not int or not 0 <= y < len(rows[0]):
        raise Reject(f"witness ({x}, {xp}, {y}): not an ordered neighbour pair and an output")
    at = ratio(rows[x][y], rows[xp][y])
    if (1 if at is None else at) != level:
        raise Reject(f"witness ({x}, {xp}, {y}): its ratio is {at}, not the level {level}")
    check_queries(rec, {p: of_rows(rows[p[0]], rows[p[1]]) for p in pairs})
