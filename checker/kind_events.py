"""The `events` record (docs/certificates.md): for every ordered pair (P, Q) of its rows, every
t >= 1 and delta >= 0, `P(E) <= t Q(E) + delta` for every event E (and for every proper E)
agrees with `sum_y (P(y) - t Q(y))^+ <= delta`, and max_E P(E)/Q(E) (P(E) > 0) is max_y P(y)/Q(y).
With `quotient`, where P, Q have no zero: 1/t <= P(y)/Q(y) <= t (all y) iff P(y) <= t Q(y) and Q(y) <= t P(y).
The 2^|Y| events are enumerated here; the record states only whether all agree (`holds`)."""
from common import Reject, field, q, stated_truth
from kind_dp_level import ratio, top
from pld import channel

def check(rec):
    rows = channel(field(rec, "rows", "record"), "rows")
    k = len(rows[0])
    if k > 12:
        raise Reject(f"rows: {k} outputs, more than the 12 whose events this checker enumerates")
    pairs = field(rec, "pairs", "record")
    pairs = [[i, j] for i in range(len(rows)) for j in range(len(rows))] if pairs == "all" else pairs
    if not isinstance(pairs, list) or not pairs or any(
            not isinstance(e, list) or len(e) != 2 or any(type(v) is not int or not 0 <= v < len(rows) for v in e)
            for e in pairs):
        raise Reject(f"pairs: not \"all\" or a non-empty list of [i, j] rows of 0..{len(rows) - 1}")
    ts, deltas = ([q(v, w) for v in field(rec, w, "record")] for w in ("t", "delta"))
    if not ts or not deltas or min(ts) < 1 or min(deltas) < 0:
        raise Reject("t and delta: non-empty lists with every t >= 1 and every delta >= 0")
    agree, full = True, (1 << k) - 1
    ev = [[sum(r[y] for y in range(k) if m >> y & 1) for m in range(full + 1)] for r in rows]  # P(E)
    for i, j in pairs:
        (p, w), (pe, we) = (rows[i], rows[j]), (ev[i], ev[j])
        for t in ts:
            gaps = [a - t * b for a, b in zip(pe, we)]  # the last is the event Y itself
            hockey = sum(max(a - t * b, 0) for a, b in zip(p, w))
            agree &= all((max(gaps) <= d) == (max(gaps[:full]) <= d) == (hockey <= d) for d in deltas)
        agree &= top(ratio(a, b) for a, b in zip(pe, we) if a > 0) == top(ratio(a, b) for a, b in zip(p, w) if a > 0)
        if rec.get("quotient") is True and min(p + w) > 0:  # 1/t <= P(y)/Q(y) <= t iff pointwise both ways
            agree &= all(all(1 / t <= a / b <= t for a, b in zip(p, w)) == all(a <= t * b and b <= t * a for a, b in zip(p, w)) for t in ts)
    stated_truth(rec, agree, "the event and pointwise forms agree on every pair")
