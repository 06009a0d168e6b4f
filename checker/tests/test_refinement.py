"""The `refinement` record (issue 47): certificates dpcert wrote are accepted, tampered copies
rejected with the reason."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402

RR34 = [["3/4", "1/4"], ["1/4", "3/4"]]
RR58 = [["5/8", "3/8"], ["3/8", "5/8"]]


def doc(rec):
    return {"certificate_version": 1, "producer": "test", "records": [rec]}


def rejections(d):
    return dpcert_check.check_document(json.dumps(d))


# Worked by hand: RR(5/8) = RR(3/4) RR(3/4); RR(3/4) leaks more than RR(5/8) under the identity
# gain and the uniform prior (3/4 against 5/8).
YES = {"kind": "refinement", "id": "yes", "a": RR58, "b": RR34, "refines": True, "r": RR34}
NO = {"kind": "refinement", "id": "no", "a": RR34, "b": RR58, "refines": False,
      "prior": ["1/2", "1/2"], "gain": [["1", "0"], ["0", "1"]]}


def test_hand_worked_records_are_accepted():
    assert rejections(doc(YES)) == []
    assert rejections(doc(NO)) == []


@pytest.mark.parametrize("rec, path, value, reason", [
    (YES, ("r", 0, 0), "1/2", "not a distribution"),
    (YES, ("r",), [["1", "0"], ["0", "1"]], "(b r)[0][0] = 3/4, a has 5/8"),
    (NO, ("gain",), [["1", "1"], ["1", "1"]], "is not above"),
    (NO, ("prior",), ["1", "1"], "not a distribution"),
    (NO, ("prior",), ["1/3", "1/3", "1/3"], "prior: not 1 row(s) of 2"),  # a distribution, of the wrong size
    (NO, ("prior",), "1", "not a non-empty list"),
    (YES, ("refines",), "yes", "not true or false"),
])
def test_tampered_records_are_rejected(rec, path, value, reason):
    bad = copy.deepcopy(rec)
    target = bad
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    out = rejections(doc(bad))
    assert out and reason in out[0][1], out
