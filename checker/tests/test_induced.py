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


# VAD-P1-converse's fact `bayes` (issue 44 item 6): the channel x -> rows[f(x)] keeps every posterior
# within a factor t of its prior (grid priors in steps of 1/12, 1/8 past two inputs, and the two-point
# priors 1 - eta, eta with eta = 2^-200) iff its ratios on the edges are at most t. By hand:
# (1/3, 2/3) vs (2/3, 1/3) has level 2: at t = 2 both sides hold, at t = 3/2 both fail. (1/2, 1/2) vs
# (2/5, 3/5) has level 5/4; at t = 31/25 every grid prior passes (the worst, 1/12 on x = 0 at y = 0,
# gives 6/4.9 < 31/25), and only the two-point prior on (0, 1) shows the failure: both sides fail.
# THREE: (1/2, 1/2), (2/5, 3/5), (1/3, 2/3) at t = 5/4: the edges 0-1 and 1-2 have ratios 5/4 and 6/5,
# the edge 0-2 has 3/2; the grid prior (1/8, 0, 7/8) has P(y=0) = 17/48, posterior/prior at x = 0
# 24/17 > 5/4. Both sides fail with every edge; without the edge 0-2 only the Bayesian side does.
RR2 = [["1/3", "2/3"], ["2/3", "1/3"]]
NEAR = [["1/2", "1/2"], ["2/5", "3/5"]]
THREE = [["1/2", "1/2"], ["2/5", "3/5"], ["1/3", "2/3"]]
BAYES = [
    induced("bayes", [0, 1], 2, edges=[[0, 1]], rows=RR2, t="2"),
    induced("bayes", [0, 1], 2, edges=[[0, 1]], rows=RR2, t="3/2"),
    induced("bayes", [0, 1], 2, edges=[[0, 1]], rows=NEAR, t="31/25"),
    induced("bayes", [0, 1], 2, edges=[[0, 1]], rows=NEAR, t="5/4"),
    induced("bayes", [0, 0, 1], 2, rows=RR2, t="2"),  # two inputs share a row: f says so
    induced("bayes", [0, 1, 2], 3, rows=ROWS[:2] + [["1/4", "3/4"]], t="3"),
    induced("bayes", [0, 1, 2], 3, rows=THREE, t="5/4"),
]


@pytest.mark.parametrize("rec", BAYES)
def test_bayes_records_are_recomputed(rec):
    assert rejections(rec) == []
    out = rejections({**rec, "holds": False})  # a posterior and the level said to disagree
    assert out and "record says false" in out[0][1], out


def below(v, by=Fraction(1, 2**300)):
    return str(Fraction(v) - by)


BAYES_TAMPERED = [
    # k is not the number of rows: f(x) would not be x's row.
    ("k not the number of rows", {**BAYES[0], "k": 3, "f": [0, 2]}, "bayes reads f(x)"),
    # A number moved: a row off the simplex; two rows made equal; t just below NEAR's level 5/4
    # (by 2^-300): the level then fails, but no prior of the finite set shows it (the two-point
    # ratio at eta = 2^-200 is 5/4 - 2^-202 or so, below t), so the fact is false.
    ("a row entry moved off the simplex", {**BAYES[3], "rows": [["1/2", "1/2"], ["2/5", "2/3"]]}, "not a distribution"),
    ("a row moved onto the other", {**BAYES[3], "rows": [["1/2", "1/2"], ["1/2", "1/2"]]}, "not distinct"),
    ("t moved just below the level", {**BAYES[3], "t": below("5/4")}, "is false, the record says true"),
    ("f moved out of the rows", {**BAYES[0], "f": [0, 2]}, "answers in 0..1"),
    # A prior dropped: without the edge 0-2 of THREE, its two-point priors and its ratio 3/2 go, the
    # level on the edges left holds at 5/4, and the grid prior (1/8, 0, 7/8) still breaks it.
    ("an edge dropped with its priors", {**BAYES[6], "edges": [[0, 1], [1, 2]]}, "is false, the record says true"),
]


@pytest.mark.parametrize("what,rec,reason", BAYES_TAMPERED, ids=[t[0] for t in BAYES_TAMPERED])
def test_tampered_bayes_records_are_rejected(what, rec, reason):
    out = rejections(rec)
    assert out and reason in out[0][1], (what, out)


def test_the_two_point_prior_decides_near_the_level():
    """At NEAR and t = 31/25 the grid alone keeps every posterior within t, so a checker that dropped
    the two-point prior would find the Bayesian side true and the level false: the record saying
    they disagree is rejected; at t below the level by 2^-300 the checker's priors no longer see it
    (the fact is false) and a record saying so is accepted, one saying true rejected."""
    assert rejections({**BAYES[2], "holds": False})
    assert rejections({**BAYES[3], "t": below("5/4"), "holds": False}) == []
    assert rejections({**BAYES[6], "edges": [[0, 1], [1, 2]], "holds": False}) == []


def test_a_bayes_claim_missing_an_instance_record_is_rejected():
    labels = ["w=NEAR t=2", "w=NEAR t=31/25"]
    claim = {"kind": "claim", "id": "X-2", "claim": "X-2", "outcome": "holds", "certified": True,
             "instances": {"count": 2, "labels": labels,
                           "sha256": hashlib.sha256("".join(l + "\n" for l in labels).encode()).hexdigest()}}
    recs = [{**BAYES[2], "t": t, "id": f"X-2/{i}#0", "claim": "X-2", "instance": i} for i, t in enumerate(["2", "31/25"])]
    assert rejections(claim, *recs) == []
    out = rejections(claim, recs[0])
    assert out and "has no deciding record" in out[0][1], out
    false = {**recs[1], "t": below("5/4")}  # a fact the checker finds false, stated true, or false
    assert ("X-2", "instance 'w=NEAR t=31/25': record 'X-2/1#0' was rejected") in rejections(claim, recs[0], false)
    out = rejections(claim, recs[0], {**false, "holds": False})
    assert out == [("X-2", "claim holds, but record 'X-2/1#0' of 'w=NEAR t=31/25' is false")], out


def naive_bayes(rows, t, step):
    """Both sides by their definitions: the posterior of every prior (the grid, and every two-point
    prior of the converse's sequence eta = 2^-j, j = 1..200, not only the last) by Bayes' rule, its
    ratios to the prior both ways at most t; the largest ratio of two rows at most t."""
    n, ys = len(rows), range(len(rows[0]))
    priors = [[Fraction(c, step) for c in p] for p in product(range(step + 1), repeat=n) if sum(p) == step]
    priors += [[Fraction(1, 2**j) if x == a else 1 - Fraction(1, 2**j) if x == b else 0 for x in range(n)]
               for a in range(n) for b in range(n) if a != b for j in range(1, 201)]

    def private(p, y):
        mass = sum(p[x] * rows[x][y] for x in range(n))
        post = [p[x] * rows[x][y] / mass for x in range(n)] if mass else p
        return all(post[x] <= t * p[x] and p[x] <= t * post[x] for x in range(n) if p[x] > 0)
    level = all(rows[a][y] <= t * rows[b][y] for a in range(n) for b in range(n) for y in ys)
    return all(private(p, y) for p in priors for y in ys) == level


def test_bayes_agrees_with_a_naive_reference():
    quarters = [[Fraction(1, 4) * c for c in r] for r in [[1, 3], [2, 2], [3, 1], [0, 4]]]
    for rows in product(quarters, repeat=2):
        if rows[0] == rows[1]:
            continue
        for t in (Fraction(9, 8), Fraction(3, 2), Fraction(3), Fraction(10)):
            truth = naive_bayes(rows, t, 12)
            assert truth  # the converse: the two sides agree (a false one would be a counterexample)
            rec = induced("bayes", [0, 1], 2, edges=[[0, 1]], rows=[[str(v) for v in r] for r in rows], t=str(t))
            assert rejections(rec) == [], (rows, t)
            assert rejections({**rec, "holds": False})


# The quotient form on pairs without zeros: (1/3, 2/3) vs (1/2, 1/2) at t = 3/2 holds both ways
# (ratios 2/3, 4/3), at t = 5/4 neither (2/3 < 4/5); (1, 0) has a zero and is skipped.
QUOTIENT = {"kind": "events", "id": "e", "rows": ROWS, "pairs": "all", "t": ["5/4", "3/2"],
            "delta": ["0"], "quotient": True, "holds": True}


def test_the_quotient_field_is_checked():
    assert rejections(QUOTIENT) == []
    out = rejections({**QUOTIENT, "holds": False})
    assert out and "record says false" in out[0][1], out
