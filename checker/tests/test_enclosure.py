"""The checker's tests for the `enclosure` record (issue 44 item 1): a literal table of
comparisons of ln / exp / sqrt / h at rational points worked out by hand (to more digits than
the separation needs), and tampered copies (a moved separation, a moved leaf, a flipped
relation or truth, a non-separating claim, an undefined side) that must be rejected."""
import json
import math
import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))
import dpcert_check  # noqa: E402
import kind_enclosure  # noqa: E402


def rejections(*records):
    d = {"certificate_version": 1, "producer": "test", "records": list(records)}
    return dpcert_check.check_document(json.dumps(d))


def enc(lhs, rel, rhs, holds, sep):
    return {"kind": "enclosure", "id": "e", "lhs": lhs, "relation": rel, "rhs": rhs,
            "holds": holds, "separation": sep}


E1 = ["exp", "1"]
TANH_HALF_BITS = ["/", ["/", ["-", E1, "1"], ["+", E1, "1"]], ["ln", "2"]]  # 0.66669...
# (lhs, relation, rhs, truth by hand, a rational between the sides)
TABLE = [
    (E1, "<", "272/100", True, "2719/1000"),  # e = 2.71828...
    (E1, "<", "271/100", False, "2715/1000"),  # shown: e >= 2.71
    (["ln", "2"], ">=", "7/10", False, "6935/10000"),  # ln 2 = 0.693147...
    (["sqrt", "2"], ">", "1414/1000", True, "14142/10000"),  # 1.414213...
    (["h", "1/2"], ">", "69/100", True, "6931/10000"),  # h(1/2) = ln 2
    (["h", "1/10"], "<", "33/100", True, "3251/10000"),  # 0.325082...
    (["ln", "1/3"], "<", "-1", True, "-10986/10000"),  # -1.098612...
    (["exp", "-5/2"], ">", "8/100", True, "82/1000"),  # 0.082084...
    (["exp", "10"], "<=", "22027", True, "220265/10"),  # 22026.4657...
    (TANH_HALF_BITS, ">=", "36/25", False, "1"),  # ART-35's 1.44 bits
    ("1", "<=", ["exp", "0"], True, "1"),  # a point: 1 <= 1
    (["-", ["exp", "1/2"], "3/2"], "<=", "1/4", True, "1/5"),  # e^(1/2) - 3/2 = 0.1487...
]


@pytest.mark.parametrize("lhs,rel,rhs,truth,sep", TABLE)
def test_enclosures_by_hand_are_accepted(lhs, rel, rhs, truth, sep):
    assert rejections(enc(lhs, rel, rhs, truth, sep)) == []


@pytest.mark.parametrize("lhs,rel,rhs,truth,sep", TABLE)
def test_tampered_enclosures_are_rejected(lhs, rel, rhs, truth, sep):
    assert rejections(enc(lhs, rel, rhs, not truth, sep))  # the truth flipped
    flipped = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[rel]
    if lhs != rhs and sep != "1":
        assert rejections(enc(lhs, flipped, rhs, truth, sep))  # the relation flipped
    assert rejections(enc(lhs, rel, rhs, truth, "1000"))  # a separation not between
    assert rejections(enc(lhs, "=", rhs, truth, sep))  # enclosures never show =


def test_a_moved_number_or_a_non_separating_claim_is_rejected():
    assert rejections(enc(E1, "<", "2718/1000", True, "2719/1000"))  # e > 2.718: moved leaf
    assert rejections(enc(E1, "<", "2719/1000", True, "27182/10000"))  # sep below e
    assert rejections(enc(["exp", "0"], "<", "1", True, "1"))  # 1 < 1 never separates
    assert rejections(enc(["/", "1", ["-", "1", "1"]], "<", "1", True, "0"))  # 1/0
    assert rejections(enc(["ln", "-1"], "<", "1", True, "0"))  # ln of a negative number
    assert rejections(enc(["log", "2"], "<", "1", True, "0"))  # an unknown function
    assert rejections(enc(["ln", "0.5"], "<", "1", True, "0"))  # not an exact rational


@pytest.mark.parametrize("x", ["1/1000", "1/3", "1", "2", "7/2", "1000", "123456789/1000"])
def test_the_series_enclose_the_true_values(x):
    """Naive reference: the float functions lie inside the checker's enclosures (widened by
    a float's rounding), which are tighter than 2^-30 at 64 bits."""
    v = Fraction(x)
    for (lo, hi), ref in [(kind_enclosure.ln_bounds(v, 64), math.log(v)),
                          (kind_enclosure.exp_bounds(v / 10000, 64), math.exp(v / 10000)),
                          (kind_enclosure.sqrt_bounds(v, 64), math.sqrt(v))]:
        assert lo <= hi and hi - lo < Fraction(1, 2**30) * max(1, abs(ref))
        assert lo - abs(ref) * 1e-15 <= Fraction(ref) <= hi + abs(ref) * 1e-15
