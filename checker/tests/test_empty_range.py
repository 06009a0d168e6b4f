"""The `empty_range` record (a hostile review of the claim language): a `forall` over a range of
the symbolic t in which no real t lies holds whatever its body. The checker decides the emptiness
from the range's own ends. Literal records worked out by hand, the certificates dpcert writes
(fixtures/empty_range_*.cert.json, by `dpcert check --certificate`; tests/it/certificates.rs
regenerates them with DPCERT_REGENERATE=1), and tampered copies that must be rejected."""
import copy
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402


def empty(lo, lo_open, hi, hi_open):
    return {"kind": "empty_range", "id": "e", "variable": "t",
            "domain": {"lo": lo, "lo_open": lo_open, "hi": hi, "hi_open": hi_open}}


def rejections(*records):
    doc = {"certificate_version": 1, "producer": "test", "records": list(records)}
    return dpcert_check.check_document(json.dumps(doc))


# No real t: lo > hi (whatever the ends), or lo = hi with an end open.
EMPTY = [
    empty("3", False, "2", False),  # [3, 2]
    empty("3", True, "2", True),  # (3, 2)
    empty("-1/3", False, "-1/2", False),  # [-1/3, -1/2]: -1/3 > -1/2
    empty("0", False, "0", True),  # [0, 0)
    empty("1", True, "1", False),  # (1, 1]
    empty("2", True, "2", True),  # (2, 2)
    empty("6/4", True, "3/2", False),  # (3/2, 3/2], one end not in lowest terms
]


@pytest.mark.parametrize("rec", EMPTY)
def test_an_empty_range_is_accepted(rec):
    assert rejections(rec) == []


def without(key):
    rec = empty("3", False, "2", False)
    del rec["domain"][key]
    return rec


TAMPERED = [
    ("lo < hi", empty("2", True, "3", True), "is not empty"),
    ("a point, both ends closed", empty("1", False, "1", False), "is not empty"),
    ("a point in lowest terms and not", empty("1/2", False, "2/4", False), "is not empty"),
    ("t > a is never empty", empty("3", True, None, False), "+inf is not empty"),
    ("t >= a is never empty", empty("3", False, None, True), "+inf is not empty"),
    ("a missing lo", without("lo"), "missing 'lo'"),
    ("a missing hi", without("hi"), "missing 'hi'"),
    ("a missing lo_open", without("lo_open"), "missing 'lo_open'"),
    ("a missing hi_open", without("hi_open"), "missing 'hi_open'"),
    ("no domain", {"kind": "empty_range", "id": "e"}, "missing 'domain'"),
    ("a decimal", empty("0.5", False, "0", False), "not an exact rational"),
    ("a JSON number", empty(3, False, 2, False), "not an exact rational"),
    ("a zero denominator", empty("3", False, "2/0", False), "denominator 0"),
    ("infinity", empty("inf", False, "2", False), "not an exact rational"),
    # an open end that is not `true` is closed: the point [1, 1] is not empty
    ("an open end as a string", empty("1", "true", "1", "true"), "is not empty"),
]


@pytest.mark.parametrize("name,rec,why", TAMPERED)
def test_a_tampered_empty_range_is_rejected(name, rec, why):
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], (name, got)


def load(name):
    return json.loads((HERE / "fixtures" / f"{name}.cert.json").read_text())


def test_the_certificates_dpcert_writes_are_accepted_and_certified():
    """`forall n in 1..4, t in [n, 3): t < 3` holds, n = 3 and 4 vacuous (their ranges [3, 3),
    [4, 3) empty); `forall k in 1..2: forall t in (k, 1]: 0 > 1` holds, both nested ranges empty."""
    for name, vacuous in (("empty_range_top", [2, 3]), ("empty_range_nested", [0, 1])):
        doc = load(name)
        claims = []
        assert dpcert_check.check_document(json.dumps(doc), claims) == [], name
        assert claims == [("expr", None, None)], name  # certified
        recs = doc["records"]
        assert [r["instance"] for r in recs if r["kind"] == "empty_range"] == vacuous, name


def tamper(name, change):
    doc = copy.deepcopy(load(name))
    change([r for r in doc["records"] if r["kind"] == "empty_range"][0])
    return dpcert_check.check_document(json.dumps(doc))


@pytest.mark.parametrize("name,change,why", [
    # the instance's range said empty, but it holds a t: the record and its instance are rejected
    ("empty_range_top", lambda r: r["domain"].update(hi="4"), "is not empty"),
    ("empty_range_nested", lambda r: r["domain"].update(lo_open=False), "is not empty"),
    ("empty_range_nested", lambda r: r["domain"].pop("lo"), "missing 'lo'"),
    # a record of another kind in its place: the instance has no deciding record
    ("empty_range_top", lambda r: r.update(kind="out_of_range", hypothesis="where"), "no record of it is false"),
])
def test_a_tampered_certificate_is_rejected(name, change, why):
    got = tamper(name, change)
    assert got and why in got[0][1], got
    assert any(rid == "expr" for rid, _ in got), got  # the claim record too
