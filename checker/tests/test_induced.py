"""The checker's tests for the `induced` record (issue 44 items 1 and 6: AACP-D12, D14, D16, C-obl,
Ex1a) and the `quotient` field of `events` (AACP-D2, C2). Valid records worked out by hand are
accepted; tampered ones (the stated truth flipped, an answer outside 0..k-1, rows repeated, t < 1,
an unknown fact, a loop in X) are rejected; each fact is compared with a naive reference."""
import hashlib
import json
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))
import dpcert_check  # noqa: E402


def rejections(*records):
    doc = {"certificate_version": 1, "producer": "test", "records": list(records)}
    return dpcert_check.check_document(json.dumps(doc))


K3 = [[0, 1], [1, 2], [0, 2]]
ROWS = [["1/2", "1/2"], ["1/3", "2/3"], ["1", "0"]]


def induced(fact, f, k, edges=K3, rows=ROWS, t="2", holds=True):
    n = 1 + max(max(e) for e in edges)
    return {"kind": "induced", "id": "i", "fact": fact, "vertices": n, "edges": edges, "f": f, "k": k,
            "rows": rows, "t": t, "holds": holds}


# By hand, on K3 with f = (0, 0, 1): the answers 0, 1 are joined (edge 0-2), the edge 0-1 shares
# answer 0 (a loop without y != y'); the fibres (2, 1) are unequal and f(uniform) = (2/3, 1/3) is
# not uniform; on the path 0-1-2-3 with f = (0, 1, 0, 1) the fibres are (2, 2), and both hold.
# K = H o f on K2 (f = identity) is eps-DP iff H is: (1/2, 1/2) vs (1, 0) is not 2-DP (0 <= 2 * 1/2
# but 1 > 2 * 1/2), and the checker agrees on every H. K3 with f = (0, 1, 2) induces K3; f = (0, 0, 1)
# into 3 answers leaves 2 unjoined: `complete` is false there, a true statement of a false fact.
VALID = [
    induced("loops", [0, 0, 1], 2),
    induced("uniform", [0, 0, 1], 2),
    induced("uniform", [0, 1, 0, 1], 2, edges=[[0, 1], [1, 2], [2, 3]]),
    induced("depends", [0, 0, 1], 2),
    induced("oblivious", [0, 1], 2, edges=[[0, 1]]),
    induced("oblivious", [0, 0, 1, 2], 3, edges=[[0, 1], [1, 2], [2, 3], [0, 3]]),
    induced("complete", [0, 1, 2], 3),
    induced("complete", [0, 0, 1], 3, holds=False),
]


@pytest.mark.parametrize("rec", VALID)
def test_valid_records_are_accepted(rec):
    assert rejections(rec) == []


TAMPERED = [
    ("truth flipped", {"holds": False}, "record says false"),
    ("answer outside 0..k-1", {"f": [0, 0, 2]}, "answers in 0..1"),
    ("rows repeated", {"rows": [["1/2", "1/2"], ["1/2", "1/2"]]}, "not distinct"),
    ("t below 1", {"t": "1/2"}, "t < 1"),
    ("unknown fact", {"fact": "regular"}, "not one of"),
    ("a loop in X", {"edges": [[0, 0], [1, 2]]}, "not two distinct inputs"),
    ("a row off the simplex", {"rows": [["1/2", "1/3"], ["1", "0"]]}, "not a distribution"),
]


@pytest.mark.parametrize("what,change,reason", TAMPERED, ids=[t[0] for t in TAMPERED])
@pytest.mark.parametrize("base", range(5))
def test_tampered_records_are_rejected(what, change, reason, base):
    out = rejections({**VALID[base], **change})
    assert out and reason in out[0][1], out


def naive(fact, f, k, edges, rows, t):
    """Each fact from its definition, by other means: explicit sets and the channels themselves."""
    rows = [[Fraction(v) for v in r] for r in rows]
    sym = [(a, b) for a, b in edges] + [(b, a) for a, b in edges]
    rel = {(f[a], f[b]) for a, b in sym}
    dp = lambda m, ps: all(m[a][z] <= t * m[b][z] for a, b in ps for z in range(len(m[0])))
    if fact == "loops":
        return any(f[a] == f[b] for a, b in edges) == any(a == b for a, b in rel)
    if fact == "uniform":
        induced_dist = [Fraction(f.count(y), len(f)) for y in range(k)]
        return (induced_dist == [Fraction(1, k)] * k) == (len(set(f)) == k and len(f) % k == 0 and
                                                            len({f.count(y) for y in range(k)}) == 1)
    if fact == "depends":
        return all(any(all(K[x] == H[f[x]] for x in range(len(f))) for H in product(rows, repeat=k))
                   == all(K[x] == K[z] for x in range(len(f)) for z in range(len(f)) if f[x] == f[z])
                   for K in product(rows, repeat=len(f)))
    if fact == "oblivious":
        return all(dp([H[y] for y in f], sym) == dp(H, [p for p in rel if p[0] != p[1]]) for H in product(rows, repeat=k))
    return len({p for p in rel if p[0] != p[1]}) == k * (k - 1)


@pytest.mark.parametrize("fact", ["loops", "uniform", "depends", "oblivious", "complete"])
def test_every_query_on_the_path_agrees_with_a_naive_reference(fact):
    edges = [[0, 1], [1, 2], [2, 3]]
    for f in product(range(3), repeat=4):
        truth = naive(fact, list(f), 3, edges, ROWS[:2], Fraction(2))
        rec = induced(fact, list(f), 3, edges=edges, rows=ROWS[:2], holds=truth)
        assert rejections(rec) == [], (f, truth)
        assert rejections({**rec, "holds": not truth})


def test_an_induced_record_certifies_a_claim():
    labels = ["X=K3 f=[0, 0, 1] |Y|=2"]
    claim = {"kind": "claim", "id": "X-1", "claim": "X-1", "outcome": "holds", "certified": True,
             "instances": {"count": 1, "labels": labels,
                           "sha256": hashlib.sha256("".join(l + "\n" for l in labels).encode()).hexdigest()}}
    rec = {**VALID[0], "id": "X-1/0#0", "claim": "X-1", "instance": 0}
    assert rejections(claim, rec) == []
    assert rejections(claim, {**rec, "holds": False})
    assert rejections(claim, {**VALID[7], "id": "X-1/0#0", "claim": "X-1", "instance": 0})  # a false fact


# The quotient form on pairs without zeros: (1/3, 2/3) vs (1/2, 1/2) at t = 3/2 holds both ways
# (ratios 2/3, 4/3), at t = 5/4 neither (2/3 < 4/5); (1, 0) has a zero and is skipped.
QUOTIENT = {"kind": "events", "id": "e", "rows": ROWS, "pairs": "all", "t": ["5/4", "3/2"],
            "delta": ["0"], "quotient": True, "holds": True}


def test_the_quotient_field_is_checked():
    assert rejections(QUOTIENT) == []
    out = rejections({**QUOTIENT, "holds": False})
    assert out and "record says false" in out[0][1], out
