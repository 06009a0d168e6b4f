"""The `out_of_range` hypotheses of empty grid cells (issue 44 item 6; Vadhan, Cuff-Yu):
`finite_dp_level` (every mechanism of the cell has infinite level, each shown by its
`dp_level` record) and `close_pair` (no pair P != Q of Delta_k^N is (ln t, 0)-close). Literal
records worked out by hand, and tampered ones (a hypothesis that holds) the checker rejects."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))
import dpcert_check  # noqa: E402


def level(rows, e_eps, w):
    return {"kind": "dp_level", "id": "m", "rows": rows, "pairs": [[0, 1]], "e_eps": e_eps,
            "witness": {"x": w[0], "x_prime": w[1], "y": w[2]}}


def infinite(*mechs):
    return {"kind": "out_of_range", "id": "o", "hypothesis": "finite_dp_level", "mechanisms": list(mechs)}


def close(k, n, t):
    return {"kind": "out_of_range", "id": "o", "hypothesis": "close_pair", "k": k, "n": n, "t": t}


def rejections(r):
    doc = {"certificate_version": 1, "producer": "test", "records": [r]}
    return dpcert_check.check_document(json.dumps(doc))


ZEROS = level([["1", "0"], ["1/2", "1/2"]], "inf", (1, 0, 1))  # 1/2 against 0 at y = 1
RR3 = level([["3/4", "1/4"], ["1/4", "3/4"]], "3", (0, 1, 0))  # randomized response, level 3

VALID = [
    infinite(ZEROS),
    infinite(ZEROS, level([["0", "1"], ["1", "0"]], "inf", (0, 1, 1))),
    # Delta_2^6: the nearest points (3,3), (4,2) have ratios 4/3 and 3/2 > 5/4.
    close(2, 6, "5/4"),
    # Delta_3^6: a ratio <= 5/4 needs a coordinate >= 4 on both sides, which the others pay at ratio >= 3/2.
    close(3, 6, "5/4"),
]


@pytest.mark.parametrize("r", VALID)
def test_an_empty_cell_is_accepted(r):
    assert rejections(r) == []


TAMPERED = [
    ("a finite level", infinite(ZEROS, RR3), "finite level"),
    ("a finite level called infinite", infinite(dict(RR3, e_eps="inf")), "e_eps"),
    ("no mechanism", infinite(), "missing"),
    ("t where (3,3), (4,2) are close", close(2, 6, "3/2"), "hypothesis holds"),
    ("N where (4,5), (5,4) are close", close(2, 9, "5/4"), "hypothesis holds"),
    ("a cell too large to enumerate", close(20, 6, "5/4"), "10^4"),
]


@pytest.mark.parametrize("name,r,reason", TAMPERED)
def test_a_cell_that_is_not_empty_is_rejected(name, r, reason):
    out = rejections(r)
    assert out and reason in out[0][1], (name, out)
