"""The checker's tests for the `shard` record (issue 44 item 5): a literal shard worked out by
hand (shard 2 of 3 of a 7-instance grid holds the indices 1 and 4) and tampered copies (a
label edited, an index dropped, another range, a count that does not add up, a counterexample
of another shard, an error index out of place) that must be rejected."""
import copy
import hashlib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))
import dpcert_check  # noqa: E402

LABELS = ["n=2", "n=5"]
SHARD = {
    "kind": "shard", "id": "X-1/shard-2-of-3", "claim": "X-1", "command": "verify",
    "claim_hash": "00", "dpcert_version": "0.1.0", "shard": "2/3", "k": 2, "n": 3,
    "range": {"total": 7, "offset": 1, "stride": 3}, "count": 2, "complete": True,
    "indices": [1, 4], "labels": LABELS,
    "sha256": hashlib.sha256(b"n=2\nn=5\n").hexdigest(),
    "counts": {"holds": 1, "fails": 1}, "outcome": "fails",
    "counterexamples": [{"index": 4, "instance": "n=5", "lhs": "3", "rhs": "2"}],
    "error_indices": [],
}
# The same shard with both its instances in error (the merge's rule needs where they lie).
ERRORS = {**SHARD, "counts": {"error": 2}, "outcome": "error", "counterexamples": [],
          "error_indices": [1, 4]}


def rejections(rec):
    d = {"certificate_version": 1, "producer": "test", "records": [rec]}
    return dpcert_check.check_document(json.dumps(d))


def test_a_shard_worked_out_by_hand_is_accepted():
    assert rejections(SHARD) == []


def test_a_shard_with_errors_is_accepted():
    assert rejections(ERRORS) == []
    # one error, one failure: the error at index 1, the counterexample at 4
    assert rejections({**SHARD, "counts": {"error": 1, "fails": 1}, "error_indices": [1]}) == []


def edit(path, value, base=SHARD):
    rec = copy.deepcopy(base)
    *head, last = path
    obj = rec
    for key in head:
        obj = obj[key]
    obj[last] = value
    return rec


@pytest.mark.parametrize("rec", [
    edit(["labels", 0], "n=3"),                 # a label edited: the stream hash differs
    edit(["indices"], [1, 5]),                  # not the progression 1, 4
    edit(["range", "offset"], 0),               # another range
    edit(["k"], 4),                             # K > N
    edit(["count"], 3),                         # count is not the number of labels
    edit(["complete"], False),                  # it ran its whole share
    edit(["counts", "holds"], 2),               # the counts do not add up
    edit(["counterexamples", 0, "index"], 2),   # not an instance of this shard
    edit(["counterexamples"], []),              # a failing instance without its counterexample
    edit(["error_indices"], [1]),               # an error index for no instance in error
    edit(["error_indices"], [4, 1], ERRORS),    # not sorted
    edit(["error_indices"], [1, 1], ERRORS),    # repeated (and one error missing)
    edit(["error_indices"], [1, 7], ERRORS),    # 7 is outside the range (total 7)
    edit(["error_indices"], [1, 2], ERRORS),    # 2 is shard 3's, not this one's
    edit(["error_indices"], [1], ERRORS),       # one index for two instances in error
    edit(["error_indices"], [1, 4, 4], ERRORS),  # three for two
    edit(["error_indices"], [True, 4], ERRORS),  # a boolean is not an index
    edit(["error_indices"], {"1": 1}, ERRORS),  # not a list
    {k: v for k, v in ERRORS.items() if k != "error_indices"},  # missing: a record before the field
])
def test_a_tampered_shard_is_rejected(rec):
    assert rejections(rec) != []


def test_a_shard_of_a_huge_grid_is_checked_without_listing_it():
    """A forged `range.total` of 10^30 made the checker list the range (MemoryError); the
    range is not listed now, and the shard is accepted when it says it ran part of it only."""
    rec = edit(["range", "total"], 10**30)
    assert rejections(rec) != []  # complete: True, yet 2 of about 3.3 * 10^29
    rec["complete"] = False
    assert rejections(rec) == []
