"""The checker's tests for the `sturm` and `holds_for_all` records (issue 44 item 3): the
certificates dpcert wrote (fixtures/sturm_*.cert.json by `dpcert check --certificate`,
fixtures/holds_for_all.cert.json by `claim::forall`; tests/it/certificates.rs and src/papers.rs
regenerate them with DPCERT_REGENERATE=1) are accepted, and tampered copies are rejected."""
import copy
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402

FIXTURES = HERE / "fixtures"


def load(name):
    return json.loads((FIXTURES / f"{name}.cert.json").read_text())


def rejections(records):
    doc = {"certificate_version": 1, "producer": "test", "records": records}
    return dpcert_check.check_document(json.dumps(doc))


# (fixture, record index, rel, sign): the sign worked out by hand from the claim.
STURM = [
    ("sturm_unbounded", 0, "=", "zero"),  # (t-1)/(t+1) - (1 - 2/(t+1)) = 0 for t > 1
    ("sturm_closed", 0, ">=", "nonnegative"),  # t(1-t) >= 0 on [0, 1], 0 at both ends
    ("sturm_closed", 1, "<=", "nonpositive"),  # t^2 - t <= 0 on [0, 1]
    ("sturm_open_end", 0, "=", "zero"),  # (t-2)/(t^2-4) = 1/(t+2) on (2, 3]: t = 2 excluded
    ("sturm_powers", 0, ">", "positive"),  # (t+1)^-2 > 0 for t >= 0
    ("sturm_powers", 1, "<", "negative"),  # t/(t+1) - 1 = -1/(t+1) < 0
]


@pytest.mark.parametrize("name,i,rel,sign", STURM)
def test_sturm_records_written_by_dpcert_are_accepted(name, i, rel, sign):
    rec = load(name)["records"][i]
    assert (rec["kind"], rec["rel"], rec["sign"]) == ("sturm", rel, sign)
    assert rejections([rec]) == []


def sturm(name, i, change):
    rec = copy.deepcopy(load(name)["records"][i])
    change(rec)
    return rec


def set_path(rec, path, value):
    obj = rec
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


STURM_TAMPERED = [
    # the 0/0 claim: with t = 2 back in the domain the division by t^2 - 4 is refused
    ("sturm_open_end", 0, lambda r: set_path(r, ["domain", "lo_open"], False), "vanishes on the domain"),
    # one coefficient of the difference moved
    ("sturm_closed", 0, lambda r: r["difference"]["num"].__setitem__(0, "1/1000000"), "is not lhs - rhs"),
    # a sign flipped
    ("sturm_powers", 0, lambda r: r.__setitem__("sign", "negative"), "not negative"),
    ("sturm_powers", 1, lambda r: r.__setitem__("rel", ">"), "does not give"),
    # a boundary dropped: t(1 - t) >= 0 fails past 1
    ("sturm_closed", 0, lambda r: set_path(r, ["domain", "hi"], None), "not nonnegative"),
    # the difference's denominator made to vanish in the range: (num (t - 3)) / (den (t - 3))
    ("sturm_unbounded", 0, lambda r: r["difference"].update(den=["-3", "1"]), "vanishes on the domain"),
    # a tree node that is not one
    ("sturm_unbounded", 0, lambda r: r.__setitem__("lhs", ["sqrt", ["t"]]), "not an expression tree"),
    # a divisor's numerator replaced by one with a root in the domain
    ("sturm_powers", 0, lambda r: set_path(r, ["lhs", 1], ["-", ["t"], "1"]), "vanishes on the domain"),
]


@pytest.mark.parametrize("name,i,change,why", STURM_TAMPERED)
def test_tampered_sturm_records_are_rejected(name, i, change, why):
    got = rejections([sturm(name, i, change)])
    assert len(got) == 1 and why in got[0][1], got


# ---------------------------------------------------------------- holds_for_all

def forall_records():
    return load("holds_for_all")["records"]


def first(step, pred=lambda r: True):
    return copy.deepcopy(next(r for r in forall_records() if r["step"] == step and pred(r)))


def test_every_holds_for_all_record_is_accepted_and_every_step_kind_is_there():
    recs = forall_records()
    assert rejections(recs) == []
    steps = {r["step"] for r in recs}
    assert steps == {"rational_identity", "sign", "wz", "partial_sum", "term_identity", "positive_term", "orbit_lp"}


def moved_coefficient(r, key):
    t = r[key]["num"][0]
    t[0] = t[0] + "1"  # 3 -> 31, 1/2 -> 1/21


def strict_sign_with(r, lows):
    r["domain"]["lows"] = lows(r["domain"]["lows"])


def vanishing_divisor(r, key):
    var = r["domain"]["lows"][0]["var"]  # x - low vanishes at x = low, a point of a non-strict domain
    low = r["domain"]["lows"][0]["low"]
    r[key]["divisors"].append([["1", {var: 1}], ["-" + low if not low.startswith("-") else low[1:], {}]])


def double(t):
    """F and G both doubled: the WZ identity still holds, the initial sum is 2."""
    t["coeff"]["num"] = [[str(2 * Fraction(c)), m] for c, m in t["coeff"]["num"]]


def term0(r, key):
    return r[key][0]


FORALL_TAMPERED = [
    # one coefficient moved
    (lambda: first("rational_identity"), lambda r: moved_coefficient(r, "lhs"), "not 0"),
    # a sign flipped: the numerator of a sign certificate negated
    (lambda: first("sign"), lambda r: r["r"].update(num=[[t[0][1:] if t[0].startswith("-") else "-" + t[0], t[1]] for t in r["r"]["num"]]), "not certified"),
    # a boundary dropped: a variable of the domain loses its lower bound
    (lambda: first("sign"), lambda r: strict_sign_with(r, lambda lows: lows[:-1]), "has no bound"),
    # a denominator that vanishes in the range
    (lambda: first("rational_identity", lambda r: r["domain"]["lows"] and not r["domain"]["lows"][0]["strict"]), lambda r: vanishing_divisor(r, "rhs"), "not certified positive"),
    # WZ: the mate's exponent moved, and the initial value's n0 moved below the domain
    (lambda: first("wz"), lambda r: term0(r, "g")["facts"][0].__setitem__(2, term0(r, "g")["facts"][0][2] + 1), "not an identity"),
    (lambda: first("wz"), lambda r: [double(term0(r, x)) for x in "fg"], "initial value"),
    # WZ: F's upper boundary (the factorial (n - k)! that ends its support) dropped
    (lambda: first("wz"), lambda r: term0(r, "f").update(facts=[f for f in term0(r, "f")["facts"] if f[1] != -1]), "no finite support"),
    # Gosper: a closed form's coefficient moved
    (lambda: first("partial_sum"), lambda r: term0(r, "closed")["coeff"]["num"][0].__setitem__(0, "7"), "not an identity"),
    # a term identity with one term dropped
    (lambda: first("term_identity", lambda r: len(r["terms"]) >= 2), lambda r: r["terms"].pop(), "not an identity"),
    # a term that vanishes everywhere (1/(-1)! = 0) made non-zero: 1/0! = 1
    (lambda: first("term_identity", lambda r: len(r["terms"]) == 1), lambda r: r["terms"][0]["facts"][-1].__setitem__(2, 0), "not an identity"),
    # a term's sign with the range's upper end dropped
    (lambda: first("positive_term", lambda r: any(f[1] for f in r["term"][0]["facts"])), lambda r: r.update(hi=None), "upper end"),
    # the LP dual moved
    (lambda: first("orbit_lp"), lambda r: term0(r, "kappa")["coeff"]["num"][0].__setitem__(0, "3"), "not an identity"),
]


@pytest.mark.parametrize("make,change,why", FORALL_TAMPERED)
def test_tampered_holds_for_all_records_are_rejected(make, change, why):
    rec = make()
    change(rec)
    got = rejections([rec])
    assert len(got) == 1 and why in got[0][1], got
