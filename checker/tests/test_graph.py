"""The checker's tests for the `graph` record (issue 44 item 3): the certificates `dpcert graph
SPEC --certificate` wrote (fixtures/graph_*.cert.json; tests/it/certificates.rs regenerates them
with DPCERT_REGENERATE=1) are accepted, and tampered copies are rejected."""
import copy
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402


def record(name):
    return json.loads((HERE / "fixtures" / f"{name}.cert.json").read_text())["records"][0]


def rejections(rec):
    doc = {"certificate_version": 1, "producer": "test", "records": [rec]}
    return dpcert_check.check_document(json.dumps(doc))


# (fixture, vertices, edges, intersection array) worked out by hand: Petersen {3, 2; 1, 1},
# the cube H(3, 2) {3, 2, 1; 1, 2, 3}, the 7-cycle {2, 1, 1; 1, 1, 1}.
VALID = [
    ("graph_petersen", 10, 15, {"b": [3, 2], "c": [1, 1]}),
    ("graph_hamming", 8, 12, {"b": [3, 2, 1], "c": [1, 2, 3]}),
    ("graph_cycle", 7, 7, {"b": [2, 1, 1], "c": [1, 1, 1]}),
]


@pytest.mark.parametrize("name,n,m,ia", VALID)
def test_graph_records_written_by_dpcert_are_accepted(name, n, m, ia):
    rec = record(name)
    assert (rec["vertices"], len(rec["edges"]), rec["intersection_array"]) == (n, m, ia)
    assert len(rec["vt_plus"]) == n  # all three are VT+ (a witness of n automorphisms)
    assert rejections(rec) == []


def swapped_generator(r):
    p = r["automorphisms"][0]
    p[0], p[1] = p[1], p[0]  # the identity on the rest: an edge at 0 goes to a non-edge


def changed(r, key, i, delta):
    r["intersection_array"][key][i] += delta


TAMPERED = [
    ("graph_petersen", swapped_generator, "non-edge"),
    ("graph_petersen", lambda r: r["intersection_array"]["b"].__setitem__(1, 1), "intersection array"),
    ("graph_hamming", lambda r: changed(r, "c", 1, 1), "intersection array"),
    # a generator dropped: the rest do not cover the vertices (the cycle has one rotation)
    ("graph_cycle", lambda r: r.update(automorphisms=[g for g in r["automorphisms"] if g[0] == 0]), "of 7 vertices"),
    # an edge dropped: a generator maps an edge out; without the generators, the array fails
    ("graph_hamming", lambda r: r["edges"].pop(), "non-edge"),
    ("graph_hamming", lambda r: r.update(edges=r["edges"][:-1], automorphisms=[], vertex_transitive=False, vt_plus=None),
     "intersection array"),
    ("graph_cycle", lambda r: r["edges"].append([0, 0]), "distinct"),
    ("graph_cycle", lambda r: r["edges"].append(list(reversed(r["edges"][0]))), "repeated"),
    ("graph_petersen", lambda r: r["automorphisms"].append([0] * 10), "not a permutation"),
    # VT+: a witness row replaced by another (two map each vertex alike), or one dropped
    ("graph_petersen", lambda r: r["vt_plus"].__setitem__(1, r["vt_plus"][2]), "same vertex"),
    ("graph_cycle", lambda r: r["vt_plus"].pop(), "not 7 permutations"),
    ("graph_hamming", lambda r: swapped_generator({"automorphisms": [r["vt_plus"][3]]}), "non-edge"),
    # the array one distance short, and an isolated vertex added (no longer connected)
    ("graph_cycle", lambda r: r.update(intersection_array={"b": [2, 1], "c": [1, 1]}), "diameter 2"),
    ("graph_cycle", lambda r: r.update(vertices=8, automorphisms=[], vertex_transitive=False, vt_plus=None), "not connected"),
]


@pytest.mark.parametrize("name,change,why", TAMPERED)
def test_tampered_graph_records_are_rejected(name, change, why):
    rec = copy.deepcopy(record(name))
    change(rec)
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], got
