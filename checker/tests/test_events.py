"""The checker's tests for the `events` record (issue 44 item 6): the event definitions of
ε-closeness against their pointwise forms, for every ordered pair of a set of distributions.
Valid records worked out by hand are accepted; tampered ones (the stated truth flipped, a row
moved off the simplex, a t below 1, a negative delta, a pair outside the rows, too many
outputs) are rejected with the reason; a claim is certified by an accepted `events` record."""
import hashlib
import json
import random
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


def events(rows, pairs="all", t=("1",), delta=("0",), holds=True):
    return {"kind": "events", "id": "e", "rows": rows, "pairs": pairs, "t": list(t),
            "delta": list(delta), "holds": holds}


# By hand: P = (1/2, 1/2), Q = (1/4, 3/4), t = 3/2: the worst event {0} gives 1/2 - 3/8 = 1/8 =
# sum (P - tQ)^+, so both forms hold at delta = 1/8 and fail at 0; max ratio 2 over points and
# events alike. The forms agree on every pair of a valid record, so `holds` is true.
PQ = [["1/2", "1/2"], ["1/4", "3/4"]]
VALID = [
    events(PQ, t=["3/2"], delta=["0", "1/8"]),
    events(PQ, pairs=[[0, 1]], t=["1", "2"], delta=["0", "1/4", "1"]),
    events([["1"]], t=["1"]),  # one output: the only events are {} and Y
    events([["1/3", "0", "2/3"], ["0", "1/2", "1/2"], ["1/6", "1/6", "2/3"]], t=["5/4"], delta=["0", "1/8"]),
]


@pytest.mark.parametrize("rec", VALID)
def test_valid_records_are_accepted(rec):
    assert rejections(rec) == []


TAMPERED = [
    ("the truth flipped", dict(holds=False), "the record says false"),
    ("a row off the simplex", dict(rows=[["1/2", "1/3"], ["1/4", "3/4"]]), "not a distribution"),
    ("a negative entry", dict(rows=[["3/2", "-1/2"], ["1/4", "3/4"]]), "not a distribution"),
    ("t below 1", dict(t=["1/2"]), "every t >= 1"),
    ("a negative delta", dict(delta=["-1/8"]), "every delta >= 0"),
    ("a pair outside the rows", dict(pairs=[[0, 2]]), "pairs"),
    ("no pair", dict(pairs=[]), "pairs"),
    ("a decimal t", dict(t=["1.5"]), "not an exact rational"),
    ("too many outputs", dict(rows=[["1/13"] * 13]), "more than the 12"),
]


@pytest.mark.parametrize("what,change,reason", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_tampered_records_are_rejected(what, change, reason):
    rec = {**VALID[0], **change}
    out = rejections(rec)
    assert len(out) == 1 and reason in out[0][1], (what, out)


def naive_agree(rows, t, delta):
    """Every event written out as a 0/1 vector; the pointwise side as max ratio at delta = 0."""
    k = len(rows[0])
    for p, w in product(rows, rows):
        sets = list(product([0, 1], repeat=k))
        by_events = all(sum(e * (a - t * b) for e, a, b in zip(s, p, w)) <= delta for s in sets)
        proper = all(sum(e * (a - t * b) for e, a, b in zip(s, p, w)) <= delta for s in sets if 0 in s)
        pointwise = all(a <= t * b for a, b in zip(p, w)) if delta == 0 else \
            sum(max(a - t * b, 0) for a, b in zip(p, w)) <= delta
        if not by_events == proper == pointwise:
            return False
    return True


def test_random_records_agree_with_a_naive_enumeration():
    """Random distributions on up to 4 outputs: the checker accepts `holds: true` exactly when
    the naive enumeration finds the forms agreeing (always, for t >= 1 and delta >= 0), and
    rejects the flipped record."""
    rng = random.Random(44)
    for _ in range(40):
        k = rng.randint(1, 4)
        rows = []
        for _ in range(3):
            w = [rng.randint(0, 3) for _ in range(k)]
            w[0] += 1 if sum(w) == 0 else 0
            rows.append([Fraction(v, sum(w)) for v in w])
        t, d = Fraction(rng.randint(4, 12), 4), Fraction(rng.randint(0, 2), 8)
        truth = naive_agree(rows, t, d)
        rec = events([[str(v) for v in r] for r in rows], t=[str(t)], delta=[str(d)], holds=truth)
        assert truth and rejections(rec) == []
        assert rejections({**rec, "holds": not truth})


def test_an_events_record_certifies_a_claim():
    labels = ["pairs of simplex k=2 N=1 t=3/2"]
    claim = {"kind": "claim", "id": "X-1", "claim": "X-1", "outcome": "holds", "certified": True,
             "instances": {"count": 1, "labels": labels,
                           "sha256": hashlib.sha256("".join(l + "\n" for l in labels).encode()).hexdigest()}}
    rec = {**VALID[0], "id": "X-1/0#0", "claim": "X-1", "instance": 0}
    assert rejections(claim, rec) == []
    out = rejections(claim, {**rec, "holds": False})
    assert any("record says false" in why for _, why in out), out
