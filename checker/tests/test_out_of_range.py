"""The `out_of_range` record and the claim rule that accepts an instance outside the statement's
hypotheses only with it (issue 44 item 6): literal records worked out by hand, and tampered
ones (a hypothesis that holds, a moved p_y) that the checker must reject."""
import copy
import hashlib
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402


def rec(alpha, p_x, p_y, n=1, m=2, hypothesis="wyz_gibbs_range"):
    return {"kind": "out_of_range", "id": "o", "hypothesis": hypothesis, "n": n, "m": m,
            "alpha": alpha, "p_x": p_x, "p_y": p_y}


def inside(alpha, p_x, p_y, n=1):
    """A statement that needs alpha > alpha~ (WYZ-T1b, X4), at an alpha where p_Y >= 0."""
    return rec(alpha, p_x, p_y, n, hypothesis="wyz_gibbs_outside")


def below(alpha, p_x, pair, n=1):
    """A statement that needs e^eps >= r_X, at a pair of neighbours with alpha p_x(x) > p_x(x')."""
    return dict(rec(alpha, p_x, None, n, hypothesis="wyz_eps_x"), pair=pair)


def rejections(*records):
    doc = {"certificate_version": 1, "producer": "test", "records": list(records)}
    return dpcert_check.check_document(json.dumps(doc))


# By hand, n = 1, m = 2: G = [[1, a], [a, 1]] / (1 + a), so p_Y = (p1 - a p2, p2 - a p1) / (1 - a).
VALID = [
    rec("1/3", ["4/5", "1/5"], ["11/10", "-1/10"]),  # (4/5 - 1/15, 1/5 - 4/15) * 3/2
    rec("1/2", ["1", "0"], None),  # no full support
    rec("1", ["3/4", "1/4"], None),  # alpha = 1: G_1 p_Y is uniform, p_X is not
    # n = 2, m = 2 (product of the n = 1 case): p_X = (4/5, 1/5) x (1/2, 1/2), p_Y the product.
    rec("1/3", ["2/5", "1/10", "2/5", "1/10"], ["11/20", "-1/20", "11/20", "-1/20"], n=2),
    # The other direction (issue 44 item 1): p_Y >= 0 solves G p_Y = p_X, so alpha <= alpha~.
    inside("1/3", ["3/5", "2/5"], ["7/10", "3/10"]),  # (3/5 - 2/15, 2/5 - 1/5) * 3/2
    inside("1/3", ["1/2", "1/2"], ["1/2", "1/2"]),
    inside("1", ["1/4", "1/4", "1/4", "1/4"], None, n=2),  # uniform at alpha = 1
    below("1/3", ["4/5", "1/5"], [0, 1]),  # 4/15 > 3/15: e^eps = 3 < r_X = 4
]


@pytest.mark.parametrize("r", VALID)
def test_an_instance_outside_the_range_is_accepted(r):
    assert rejections(r) == []


TAMPERED = [
    ("hypothesis holds", rec("1/3", ["1/2", "1/2"], ["1/2", "1/2"]), "hypothesis holds"),
    ("a negative p_y that does not solve G p_y = p_x", rec("1/3", ["1/2", "1/2"], ["11/10", "-1/10"]),
     "G_alpha p_y"),
    ("p_y moved", rec("1/3", ["4/5", "1/5"], ["6/5", "-1/5"]), "G_alpha p_y"),
    ("uniform at alpha = 1", rec("1", ["1/2", "1/2"], ["3/2", "-1/2"]), "hypothesis holds"),
    ("p_x not a distribution", rec("1/3", ["4/5", "2/5"], ["11/10", "-1/10"]), "distribution"),
    ("another hypothesis", dict(rec("1/3", ["4/5", "1/5"], ["11/10", "-1/10"]), hypothesis="x"),
     "unknown hypothesis"),
    ("outside, read as inside", inside("1/3", ["4/5", "1/5"], ["11/10", "-1/10"]), "hypothesis holds"),
    ("no full support, read as inside", inside("1/2", ["1", "0"], None), "hypothesis holds"),
    ("inside, p_y moved", inside("1/3", ["3/5", "2/5"], ["3/5", "2/5"]), "G_alpha p_y"),
    ("alpha = 1, not uniform", inside("1", ["3/4", "1/4"], None), "hypothesis holds"),
    ("a pair that does not violate", below("1/3", ["3/5", "2/5"], [0, 1]), "pair"),
    ("a pair that is not neighbours", below("1/3", ["9/10", "1/30", "1/30", "1/30"], [0, 3], n=2), "pair"),
    ("half a pair", below("1/3", ["4/5", "1/5"], [0]), "pair"),
]


@pytest.mark.parametrize("name,r,reason", TAMPERED)
def test_a_hypothesis_that_holds_or_a_tampered_record_is_rejected(name, r, reason):
    out = rejections(r)
    assert out and reason in out[0][1], (name, out)


def level(rows, e_eps="inf", x=0, xp=1, y=1):
    return {"rows": rows, "pairs": [[0, 1]], "e_eps": e_eps, "witness": {"x": x, "x_prime": xp, "y": y}}


def infinite(*mechanisms):
    return {"kind": "out_of_range", "id": "f", "hypothesis": "finite_dp_level", "mechanisms": list(mechanisms)}


def test_mechanisms_of_infinite_level_are_out_of_range():
    # Row 0 puts 1/2 on output 1, row 1 puts 0 there: the ratio is infinite (by hand).
    assert rejections(infinite(level([["1/2", "1/2"], ["1", "0"]]))) == []


@pytest.mark.parametrize("name,r,reason", [
    ("a finite level called inf", infinite(level([["1/2", "1/2"], ["1/4", "3/4"]])), "recomputed"),
    ("a finite level", infinite(level([["1/2", "1/2"], ["1/4", "3/4"]], "2", y=0)), "hypothesis holds"),
    ("no mechanism", infinite(), "missing"),
])
def test_a_finite_dp_level_is_not_out_of_range(name, r, reason):
    out = rejections(r)
    assert out and reason in out[0][1], (name, out)


def claim_doc(second):
    labels = ["in range", "outside"]
    digest = hashlib.sha256("".join(l + "\n" for l in labels).encode()).hexdigest()
    c = {"kind": "claim", "id": "W-1", "claim": "W-1", "outcome": "holds", "certified": True,
         "instances": {"count": 2, "sha256": digest, "labels": labels}}
    first = {"kind": "compare", "id": "W-1/0#0", "claim": "W-1", "instance": 0, "lhs": "1",
             "relation": "<=", "rhs": "2", "holds": True}
    rest = [dict(r, id=f"W-1/1#{k}", claim="W-1", instance=1) for k, r in enumerate(second)]
    return {"certificate_version": 1, "producer": "test", "records": [c, first, *rest]}


def test_a_claim_holds_with_an_instance_outside_the_range_only_with_its_record():
    seen = []
    ok = claim_doc([copy.deepcopy(VALID[0])])
    assert dpcert_check.check_document(json.dumps(ok), seen) == [] and seen[0][1] is None
    bad = dpcert_check.check_document(json.dumps(claim_doc([])))
    assert any("no deciding record" in why for _, why in bad), bad
    holds = dpcert_check.check_document(json.dumps(claim_doc([TAMPERED[0][1]])))
    assert any("was rejected" in why for _, why in holds), holds
