"""The checker's tests for the `graphs` record and the `graph` record's `hamming`/`cliques` fields
(issue 44 items 1 and 6): records that `dpcert verify --certificates DIR AACP-…` wrote
(fixtures/graphs_records.cert.json: single records; AACP-D7/D8.cert.json: whole claim certificates)
are accepted, and tampered copies are rejected."""
import copy
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402

RECORDS = {r["id"]: r for r in json.loads((HERE / "fixtures" / "graphs_records.cert.json").read_text())["records"]}


def rejections(rec):
    doc = {"certificate_version": 1, "producer": "test", "records": [rec]}
    return dpcert_check.check_document(json.dumps(doc))


# (fixture, vertices, number of graphs, holds): the census sizes are OEIS A000088 (11 graphs on 4
# vertices, 34 on 5, 156 on 6); 2K2 is AACP-D8's counterexample (the printed reading accepts it).
VALID = [
    ("census4_d10", 4, 11, True),
    ("census5_d11", 5, 34, True),
    ("census6_x06", 6, 156, True),
    ("petersen_d11", 10, 1, True),
    ("twok2_d8", 4, 1, False),
]


@pytest.mark.parametrize("name,n,count,holds", VALID)
def test_graphs_records_written_by_dpcert_are_accepted(name, n, count, holds):
    rec = RECORDS[name]
    assert (rec["vertices"], len(rec["graphs"]), rec["holds"]) == (n, count, holds)
    assert rejections(rec) == []


@pytest.mark.parametrize("name", ["hamming23_clique", "circulant7_g7"])
def test_graph_records_of_the_aacp_claims_are_accepted(name):
    assert rejections(RECORDS[name]) == []


@pytest.mark.parametrize("claim", ["AACP-D7", "AACP-D8"])
def test_claim_certificates_are_certified(claim):
    claims = []
    text = (HERE / "fixtures" / f"{claim}.cert.json").read_text()
    assert dpcert_check.check_document(text, claims) == []
    assert claims == [(claim, None, None)]


def relabelled(r, g, h):  # graph g replaced by a relabelled copy of graph h (an isomorphic twin)
    n = r["vertices"]
    r["graphs"][g] = [[(a + 1) % n, (b + 1) % n] for a, b in r["graphs"][h]]


def drop(r, g):  # graph g left out of the census, with its values
    for vs in [r["graphs"], *r["values"].values()]:
        vs.pop(g)


def flip(r, key, g):
    r["values"][key][g] = not r["values"][key][g]


TAMPERED = [
    ("census5_d11", lambda r: drop(r, 7), "census"),  # a graph missing
    ("census5_d11", lambda r: relabelled(r, 3, 4), "census"),  # one class twice, one missing
    ("census6_x06", lambda r: r["graphs"].append(r["graphs"][0]), "census"),  # a duplicate added
    ("census5_d11", lambda r: flip(r, "cdd", 20), "cdd is"),  # a wrong predicate value
    ("census4_d10", lambda r: r["values"].update(circulant=[True] * 11), "circulant is"),
    ("census4_d10", lambda r: r["values"].update(colour=[True] * 11), "no property"),
    ("census4_d10", lambda r: r.update(holds=False), "holds"),
    ("twok2_d8", lambda r: r.update(holds=True), "holds"),
    ("census4_d10", lambda r: r["graphs"][2].append(r["graphs"][2][0]), "repeated"),
    ("census4_d10", lambda r: r["graphs"][2].append([0, 4]), "not two distinct"),
    # The Petersen graph is VT with no n-cycle automorphism: VT+ is not decided here.
    ("petersen_d11", lambda r: r.update(implies=[["vt_plus", False]]), "not decided"),
    ("petersen_d11", lambda r: r.update(implies=[["dr", "colour"]]), "not decided"),
    # an edge dropped from the census's empty-graph complement: the class count is off
    ("census4_d10", lambda r: r["graphs"][-1].pop(), "census"),
]


@pytest.mark.parametrize("name,change,why", TAMPERED)
def test_tampered_graphs_records_are_rejected(name, change, why):
    rec = copy.deepcopy(RECORDS[name])
    change(rec)
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], got


def swap_edge_end(r):
    a, b = r["edges"][0]
    r["edges"][0] = [a, next(x for x in range(r["vertices"]) if x not in (a, b) and [a, x] not in r["edges"]
                             and [x, a] not in r["edges"])]


TAMPERED_GRAPH = [
    ("hamming23_clique", swap_edge_end, "hamming"),  # an edge moved: not H(2, 3)
    ("hamming23_clique", lambda r: r.update(hamming=[3, 2]), "hamming"),
    ("hamming23_clique", lambda r: r.pop("hamming"), "hamming"),  # cliques claimed of no H(u, v)
    # a non-automorphism: the rotation replaced by the transposition (0 1), or by a non-permutation
    ("circulant7_g7", lambda r: r.update(automorphisms=[[1, 0, 2, 3, 4, 5, 6]]), "non-edge"),
    ("circulant7_g7", lambda r: r["automorphisms"][0].__setitem__(slice(0, 2), [1, 0]), "not a permutation"),
    ("circulant7_g7", lambda r: r["vt_plus"].__setitem__(3, [1, 0, 2, 3, 4, 5, 6]), "non-edge"),
]


@pytest.mark.parametrize("name,change,why", TAMPERED_GRAPH)
def test_tampered_aacp_graph_records_are_rejected(name, change, why):
    rec = copy.deepcopy(RECORDS[name])
    change(rec)
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], got
