"""The claim language's `where` filters, `refines` and `same_hyper` (issue 44 item 6): a
`refinement` record decides an instance (its truth is `refines`, or `same_hyper` in that
variant, whose hypers the checker recomputes), and an instance excluded by a filter is accepted
only with an `out_of_range` record `where` beside an accepted false record of a filter atom.
Literal records worked out by hand; tampered copies that must be rejected with the reason."""
import copy
import hashlib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))
import dpcert_check  # noqa: E402

UNIFORM = ["1/2", "1/2"]
ID3 = [["1", "0", "0"], ["0", "1", "0"]]  # identity on two outputs, a third output never used
SPLIT = [["1", "0", "0"], ["0", "1/2", "1/2"]]  # secret 1 split over outputs 1 and 2
SWAP = [["0", "1", "0"], ["1/2", "0", "1/2"]]
RR = [["1/2", "1/2", "0"], ["0", "1/2", "1/2"]]


def hyper(a, b, same, prior=UNIFORM):
    return {"kind": "refinement", "id": "h", "a": a, "b": b, "prior": prior, "same_hyper": same}


# By hand, [uniform > C] as {posterior: outer}:
#   ID3:   output 0 (1/2, 0) -> (1, 0): 1/2; output 1 -> (0, 1): 1/2; output 2 has mass 0, dropped.
#   SPLIT: (1, 0): 1/2; outputs 1 and 2 each (0, 1/4) -> (0, 1): 1/4, merged to 1/2.
#   SWAP:  output 1 -> (1, 0): 1/2; outputs 0 and 2 -> (0, 1): 1/4 + 1/4.
#   RR:    output 0 (1/4, 0) -> (1, 0): 1/4; output 1 (1/4, 1/4) -> (1/2, 1/2): 1/2; output 2 -> (0, 1): 1/4.
# With the prior (1/4, 3/4): ID3 and SWAP both give (1, 0): 1/4, (0, 1): 3/4.
SAME_HYPER = [
    hyper(ID3, SPLIT, True),  # equal only once the zero output is dropped and SPLIT's two merged
    hyper(ID3, SWAP, True),
    hyper(ID3, SWAP, True, ["1/4", "3/4"]),
    hyper(ID3, RR, False),
    hyper(SPLIT, [["1", "0"], ["0", "1"]], True),  # fewer outputs, the same hyper
]


@pytest.mark.parametrize("rec", SAME_HYPER)
def test_same_hyper_records_are_recomputed(rec):
    assert rejections(doc(rec)) == []


@pytest.mark.parametrize("name,rec,reason", [
    ("one posterior moved", hyper(ID3, [["0", "1/2", "1/2"], ["1/2", "0", "1/2"]], True), "recomputes"),
    ("the truth flipped", hyper(ID3, RR, True), "recomputes"),
    ("equal hypers said different", hyper(ID3, SPLIT, False), "recomputes"),
    ("not a boolean", hyper(ID3, SPLIT, "true"), "recomputes"),
    ("a prior that is no distribution", hyper(ID3, SPLIT, True, ["1/2", "1/3"]), "not a distribution"),
])
def test_tampered_same_hyper_records_are_rejected(name, rec, reason):
    out = rejections(doc(rec))
    assert out and reason in out[0][1], (name, out)


# From test_refinement.py, by hand: RR(5/8) = RR(3/4) RR(3/4); RR(3/4) does not refine RR(5/8):
# under the identity gain and the uniform prior it leaks 3/4 against 5/8.
RR34 = [["3/4", "1/4"], ["1/4", "3/4"]]
RR58 = [["5/8", "3/8"], ["3/8", "5/8"]]
YES = {"kind": "refinement", "a": RR58, "b": RR34, "refines": True, "r": RR34}
NO = {"kind": "refinement", "a": RR34, "b": RR58, "refines": False, "prior": UNIFORM,
      "gain": [["1", "0"], ["0", "1"]]}
WHERE = {"kind": "out_of_range", "hypothesis": "where", "filter": "refines(A, B)", "atom": "refines(A, B)"}
NOT_SEPARATING = dict(NO, gain=[["1", "1"], ["1", "1"]])  # a constant gain: V_g(a) = V_g(b)


def doc(*records):
    return {"certificate_version": 1, "producer": "test", "records": list(records)}


def rejections(d, claims=None):
    return dpcert_check.check_document(json.dumps(d), claims)


def claim(outcome, second, first=(YES, hyper(ID3, SWAP, True)), **extra):
    """A claim `forall A, B where refines(A, B): same_hyper(...)` on two instances: the first
    passes the filter, the second (`second`: its records) is excluded, or fails."""
    labels = ["A=a B=b", "A=b B=a"]
    c = {"kind": "claim", "id": "Q-1", "claim": "Q-1", "outcome": outcome, "certified": True,
         "instances": {"count": 2, "sha256": hashlib.sha256("".join(l + "\n" for l in labels).encode()).hexdigest(),
                       "labels": labels}, **extra}
    recs = [dict(r, id=f"Q-1/{i}#{k}", claim="Q-1", instance=i)
            for i, rs in enumerate((first, second)) for k, r in enumerate(rs)]
    return doc(c, *copy.deepcopy(recs))


def test_an_instance_excluded_by_where_is_accepted_with_a_false_record_of_its_filter():
    seen = []
    assert rejections(claim("holds", [NO, WHERE]), seen) == []
    assert seen == [("Q-1", None, None)]


@pytest.mark.parametrize("name,second,reason", [
    ("the filter is true", [YES, WHERE], "no record of it is false"),
    ("no record of the filter", [WHERE], "no record of it is false"),
    ("a witness that does not separate", [NOT_SEPARATING, WHERE], "was rejected"),
    ("excluded without an out_of_range record", [NO], "is false"),
    ("a same_hyper that is false", [hyper(ID3, RR, False)], "is false"),
])
def test_tampered_exclusions_are_rejected(name, second, reason):
    out = rejections(claim("holds", second))
    assert any(reason in why for _, why in out), (name, out)


def cx():
    return {"instance": 1, "lhs": "-", "rhs": "-"}


def test_a_failing_refines_is_certified_by_its_false_refinement_record():
    # `forall A, B where F: refines(A, B)` failing at its second instance: the filter's true
    # compare record (its atom, 5/8 <= 3/4) beside the body's false refinement record.
    filt = {"kind": "compare", "lhs": "5/8", "relation": "<=", "rhs": "3/4", "holds": True}
    seen = []
    assert rejections(claim("fails", [filt, NO], counterexample=cx()), seen) == []
    assert seen == [("Q-1", None, None)]
    out = rejections(claim("fails", [filt, NOT_SEPARATING], counterexample=cx()))
    assert any("was rejected" in why for _, why in out), out
    out = rejections(claim("fails", [filt, YES], counterexample=cx()))
    assert any("no record of 'A=b B=a' is false" in why for _, why in out), out
