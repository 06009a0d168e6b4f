"""The checker's tests for the `dp_level`, `composition` and `dp_channel` records (issue 44
item 2): what `dpcert audit|compose|optimal --certificate` wrote (fixtures/dp_*.cert.json,
composition_*.cert.json; tests/it/certificates.rs regenerates them with DPCERT_REGENERATE=1)
is accepted, and tampered copies are rejected with the reason."""
import copy
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402
import pld  # noqa: E402


def record(name):
    return json.loads((HERE / "fixtures" / f"{name}.cert.json").read_text())["records"][0]


def rejections(rec):
    doc = {"certificate_version": 1, "producer": "test", "records": [rec]}
    return dpcert_check.check_document(json.dumps(doc))


# Values worked out by hand. w3 = [1/2 1/2; 1/3 2/3; 1/10 9/10], every pair adjacent: the
# largest ratio is (1/2)/(1/10) = 5 (x = 0, x' = 2, y = 0); delta(2) on (0, 2) is
# 1/2 - 2/10 = 3/10; delta(t) = 1/2 - t/10 on (0, 2) reaches 1/10 at t = 4. zeros =
# [1/2 1/2 0; 0 1/2 1/2]: 1/2 against 0, level inf; its infinite-loss mass 1/2 is delta(eps).
# rr:2:3 used 10 times: A = P(L > 1) = sum_{j=6}^{10} C(10, j) 3^j / 4^10 = 483327/524288.
# path:5 under the prior (1/2, 1/4, 1/8, 1/16, 1/16), loss |x - y|, t = 3: optimum 415/864.
VALID = [
    ("dp_level_w3", lambda r: (r["e_eps"], r["delta_at_t"][0]["delta"], r["eps_for_delta"][0]["e_eps"]), ("5", "3/10", "4")),
    ("dp_level_zeros", lambda r: (r["e_eps"], r["delta_at_eps"][0]["a"], r["delta_at_eps"][0]["b"]), ("inf", "1/2", "0")),
    ("composition_rr", lambda r: (r["uses"][0]["k"], r["delta_at_eps"][0]["a"]), (10, "483327/524288")),
    ("composition_sequence", lambda r: [u["k"] for u in r["uses"]], [2, 3]),
    ("dp_channel_full", lambda r: (r["value"], r["objective"]), ("415/864", "loss")),
    ("dp_channel_reduced", lambda r: (r["t"], r["objective"]), ("2", "gain")),
]


@pytest.mark.parametrize("name,get,want", VALID)
def test_records_written_by_dpcert_are_accepted(name, get, want):
    rec = record(name)
    assert get(rec) == want
    assert rejections(rec) == []


def test_rr_composition_by_hand():
    """The A of composition_rr from the binomial sum, independent of the checker's code."""
    from math import comb
    a = sum(Fraction(comb(10, j) * 3**j, 4**10) for j in range(6, 11))
    assert a == Fraction(483327, 524288)


def test_exp_bounds_separate_and_refuse_nothing_rational():
    one, thirty = Fraction(1), Fraction(30)
    assert pld.exp_cmp(one, Fraction(2718281828, 10**9)) == -1 and pld.exp_cmp(one, Fraction(2718281829, 10**9)) == 1
    assert pld.exp_cmp(Fraction(0), Fraction(1)) == 0 and pld.exp_cmp(Fraction(0), Fraction(2)) == 1
    # e^30 = 10686474581524.46…
    assert pld.exp_cmp(thirty, Fraction(10686474581524)) == -1 and pld.exp_cmp(thirty, Fraction(10686474581525)) == 1


def setitem(path, value):
    def change(r):
        obj = r
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value
    return change


def swap_in_row(key, x, y1, y2):
    """Move an entry's mass to another column of the same row (the row stays stochastic)."""
    def change(r):
        row = r[key][x]
        row[y1], row[y2] = row[y2], row[y1]
    return change


TAMPERED = [
    ("dp_level_w3", setitem(["e_eps"], "4"), "largest ratio"),
    ("dp_level_w3", setitem(["witness", "y"], 1), "not the level"),
    ("dp_level_w3", setitem(["rows", 0, 0], "1/3"), "not a distribution"),
    ("dp_level_w3", setitem(["pairs"], [[0, 1], [1, 2]]), "largest ratio"),
    ("dp_level_w3", setitem(["delta_at_t", 0, "delta"], "3/11"), "delta_at_t 0"),
    ("dp_level_w3", setitem(["delta_at_eps", 1, "a"], "1/3"), "delta_at_eps 1"),
    ("dp_level_w3", setitem(["delta_at_eps", 2, "witness"], [1, 2]), "delta_at_eps 2"),
    ("dp_level_w3", setitem(["eps_for_delta", 0, "e_eps"], "5"), "eps_for_delta 0"),
    ("dp_level_w3", setitem(["eps_for_delta", 0, "witness"], [1, 0]), "eps_for_delta 0"),
    ("dp_level_w3", setitem(["pairs", 0], [0, 0]), "distinct"),
    ("dp_level_zeros", setitem(["e_eps"], "1000"), "largest ratio"),
    ("dp_level_zeros", setitem(["delta_at_eps", 0, "a"], "1/3"), "delta_at_eps 0"),
    ("composition_rr", setitem(["uses", 0, "k"], 9), "delta"),
    ("composition_rr", setitem(["uses", 0, "rows", 0], ["3/4", "1/3"]), "not a distribution"),
    ("composition_rr", setitem(["delta_at_eps", 1, "b"], "10344/524288"), "delta_at_eps 1"),
    ("composition_rr", setitem(["eps_for_delta", 0, "e_eps"], "58000"), "eps_for_delta 0"),
    ("composition_rr", setitem(["delta_at_t", 0, "delta"], "462640/524288"), "delta_at_t 0"),
    ("composition_sequence", setitem(["uses", 1, "k"], 2), "delta"),
    ("dp_channel_full", setitem(["value"], "416/864"), "value"),
    ("dp_channel_full", setitem(["mechanism", 0, 0], "1"), "not a distribution"),
    ("dp_channel_full", swap_in_row("mechanism", 0, 0, 4), "mechanism"),
    ("dp_channel_full", setitem(["t"], "4"), "row dp_"),
    ("dp_channel_full", setitem(["prior", 0], "7/16"), "prior"),
    ("dp_channel_full", setitem(["objective"], "gain"), "objective"),
    ("dp_channel_full", setitem(["edges"], [[0, 1], [1, 2], [2, 3]]), "row dp_"),
    ("dp_channel_reduced", setitem(["lp", "answer", "value"], "1/2"), "objective"),
]


@pytest.mark.parametrize("name,change,why", TAMPERED)
def test_tampered_records_are_rejected(name, change, why):
    rec = copy.deepcopy(record(name))
    change(rec)
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], got


def test_an_answer_without_its_key_is_a_malformed_record_not_a_crash():
    """A `delta_at_t` answer without `t`: the KeyError inside the check is reported as a
    malformed record of that record (it used to escape as a traceback)."""
    rec = {"kind": "dp_level", "id": "L", "rows": [["2/3", "1/3"], ["1/3", "2/3"]], "pairs": [[0, 1]],
           "e_eps": "2", "witness": {"x": 0, "x_prime": 1, "y": 0},
           "delta_at_t": [{"delta": "1/3", "witness": [0, 1]}], "delta_at_eps": [], "eps_for_delta": []}
    assert rejections(rec) == [("L", "malformed record: 't'")]
