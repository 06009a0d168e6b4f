"""The checker's tests for the `graph` record (issue 44 item 3): the certificates `dpcert graph
SPEC --certificate` wrote (fixtures/graph_*.cert.json; tests/it/certificates.rs regenerates them
with DPCERT_REGENERATE=1) are accepted, and tampered copies are rejected."""
import copy
import json
import sys
from itertools import product
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
    ("graph_petersen", lambda r: r["vt_plus"].__setitem__(1, r["vt_plus"][2]), "images of each vertex are distinct"),
    ("graph_cycle", lambda r: r["vt_plus"].pop(), "not 7 automorphisms"),
    ("graph_hamming", lambda r: swapped_generator({"automorphisms": [r["vt_plus"][3]]}), "non-edge"),
    # the array one distance short, and an isolated vertex added (no longer connected)
    ("graph_cycle", lambda r: r.update(intersection_array={"b": [2, 1], "c": [1, 1]}), "not [b, c]"),
    ("graph_cycle", lambda r: r.update(vertices=8, automorphisms=[], vertex_transitive=False, vt_plus=None), "not connected"),
]


@pytest.mark.parametrize("name,change,why", TAMPERED)
def test_tampered_graph_records_are_rejected(name, change, why):
    rec = copy.deepcopy(record(name))
    change(rec)
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], got


def hamming(n, m):
    """H(n, m) by its definition (words of length n over m letters, adjacent when they differ in
    one place), with the n unit translations and the array b_l = (n-l)(m-1), c_l = l: the
    record WYZ-G1/G2/L1.s3 attach to a cell (issue 44 item 6)."""
    words = [tuple(x // m**r % m for r in range(n)) for x in range(m**n)]
    index = {w: i for i, w in enumerate(words)}
    edges = [[i, j] for i in range(len(words)) for j in range(i + 1, len(words))
             if sum(a != b for a, b in zip(words[i], words[j])) == 1]
    shift = [[index[w[:r] + ((w[r] + 1) % m,) + w[r + 1:]] for w in words] for r in range(n)]
    return {"kind": "graph", "id": f"H({n},{m})", "vertices": m**n, "edges": edges,
            "automorphisms": shift, "vertex_transitive": True, "vt_plus": None, "holds": True,
            "intersection_array": {"b": [(n - l) * (m - 1) for l in range(n)], "c": list(range(1, n + 1))}}


@pytest.mark.parametrize("n,m", [(1, 2), (2, 3), (3, 2), (2, 4)])
def test_a_claims_hamming_record_is_accepted_and_tampering_is_not(n, m):
    rec = hamming(n, m)
    assert rejections(rec) == []
    for change, why in [
        (lambda r: r.update(holds=False), ("accepted only as true",)),
        (lambda r: r["intersection_array"]["b"].__setitem__(0, n * (m - 1) + 1), ("intersection array",)),
        # an edge dropped: the translations break it (n > 1), or the array is wrong (K_m)
        (lambda r: r["edges"].pop(), ("intersection array", "non-edge")),
        (lambda r: r.update(automorphisms=[list(range(m**n))]), ("vertex-transitive",)),
    ]:
        bad = copy.deepcopy(rec)
        change(bad)
        out = rejections(bad)
        assert len(out) == 1 and any(w in out[0][1] for w in why), (n, m, out)


@pytest.mark.parametrize("n,m", [(1, 1), (2, 3), (3, 2), (1, 4)])
def test_a_distance_profile_is_counted_by_bfs(n, m):
    """AACP-E4's record: H(n, m) with its profile C(n, d)(m-1)^d (by hand: H(2, 3) has 1, 4, 4;
    one vertex has 1, then zeros), counted from vertex 0 of a VT graph and from every vertex
    of one not claimed VT; a moved count, or a graph missing an edge, is rejected."""
    from math import comb
    rec = hamming(n, m)
    rec.update(intersection_array=None, vt_plus=None, profile=[comb(n, d) * (m - 1)**d for d in range(n + 1)])
    assert (n, m) != (2, 3) or rec["profile"] == [1, 4, 4]
    assert rejections(rec) == []
    assert rejections({**rec, "vertex_transitive": False, "automorphisms": []}) == []
    for bad in ({**rec, "profile": rec["profile"][:-1] + [rec["profile"][-1] + 1]},
                {**rec, "vertex_transitive": False, "automorphisms": [], "edges": rec["edges"][1:]}):
        if bad["edges"] != rec["edges"] or bad["profile"] != rec["profile"]:
            out = rejections(bad)
            assert len(out) == 1 and "profile" in out[0][1], out


@pytest.mark.parametrize("n,m", [(1, 3), (2, 3), (3, 2)])
def test_hamming_labels_are_recomputed(n, m):
    """WYZ-D1's record (issue 44 item 1): `hamming` [n, m] says vertex x is the word of digits
    x // m^i % m and the edges are exactly the pairs of words differing in one place. The same
    graph with two labels swapped (0 and m^n - 1: their neighbourhoods differ when n > 1), a
    wrong n, or K_{m^n} read as H(1, m^n) when n > 1, is rejected."""
    rec = dict(hamming(n, m), hamming=[n, m])
    assert rejections(rec) == []
    last = m**n - 1
    swap = {0: last, last: 0}
    bads = [dict(rec, hamming=[n + 1, m]), dict(rec, hamming=[n])]
    if n > 1:
        bads += [dict(rec, edges=[[swap.get(a, a), swap.get(b, b)] for a, b in rec["edges"]]),
                 dict(rec, hamming=[1, m**n])]
    for bad in bads:
        out = rejections(bad)
        assert len(out) == 1 and "hamming" in out[0][1], (n, m, bad["hamming"], out)


# AACP-G5-corrected's record of H(2, 3) (verify --certificates; instance u=2 v=3): no automorphism is
# one 9-cycle (Aut = S_3 wr S_2 has no element of order 9), shown by the circulant-labelling search
# from 0 and its least neighbour; the three automorphisms fixing 0 move that neighbour to all four.
C4 = {"kind": "graph", "id": "C4", "vertices": 4, "edges": [[0, 1], [0, 2], [1, 3], [2, 3]], "automorphisms": [],
      "vertex_transitive": False, "intersection_array": None, "single_orbit": False, "stabiliser": [[0, 2, 1, 3]]}


def test_no_single_orbit_record_is_accepted():
    rec = record("graph_no_single_orbit")
    assert (rec["vertices"], len(rec["edges"]), rec["single_orbit"]) == (9, 18, False)
    assert rejections(rec) == []


NO_SINGLE_ORBIT_TAMPERED = [
    (lambda r: r.update(stabiliser=r["stabiliser"][:1]), "stabiliser of 0"),  # the orbit misses neighbours
    (lambda r: r.update(stabiliser=[[1, 0] + p[2:] for p in r["stabiliser"]]), "stabiliser of 0"),  # moves 0
    (lambda r: r["stabiliser"].__setitem__(0, [0, 1, 2, 7, 6, 8, 3, 4, 5]), "non-edge"),  # 3 and 4 swapped
    (lambda r: r["edges"].pop(), "non-edge"),
    (lambda r: r.update(C4), "one n-cycle"),  # C4 = H(2, 2): 0 1 3 2 is a 4-cycle automorphism
    (lambda r: r.update(C4, vertices=6, edges=[[i, (i + 1) % 6] for i in range(6)], stabiliser=[]), "p^a"),
    (lambda r: r.update(C4, edges=[[0, 1], [2, 3]], stabiliser=[]), "connected"),
]


@pytest.mark.parametrize("change,why", NO_SINGLE_ORBIT_TAMPERED)
def test_tampered_no_single_orbit_records_are_rejected(change, why):
    rec = copy.deepcopy(record("graph_no_single_orbit"))
    change(rec)
    got = rejections(rec)
    assert len(got) == 1 and why in got[0][1], got


# WYZ-G6 (issue 44 item 6): a graph record of H(n, m) given by [n, m] alone; the checker enumerates
# every x, x' = x[i -> b] and y itself. By hand on H(1, 3): x = 0, x' = 1 gives d(1, y) - d(0, y) =
# +1, -1, 0 at y = 0, 1, 2 (y = x, y = x', neither).
def neighbour_difference(n, m, holds=True):
    return {"kind": "graph", "id": f"H({n},{m}) neighbour difference", "neighbour_difference": [n, m], "holds": holds}


@pytest.mark.parametrize("n,m", [(1, 2), (1, 3), (2, 2), (2, 3), (3, 4), (6, 2), (1, 64), (2, 8)])
def test_a_neighbour_difference_record_is_enumerated_and_accepted(n, m):
    assert rejections(neighbour_difference(n, m)) == []


@pytest.mark.parametrize("nm,why", [
    ([2, 3, 4], "not [n, m]"),  # a field too many, or one missing
    ([2], "not [n, m]"),
    (None, "not [n, m]"),
    ([0, 3], "not [n, m]"),
    ([2, 1], "not [n, m]"),
    ([1, 65], "m^n <= 64"),  # beyond the checker's limit (the claim's grid)
    ([7, 2], "m^n <= 64"),
    (["2", "3"], "not a list of integers"),
])
def test_a_neighbour_difference_record_out_of_shape_is_rejected(nm, why):
    out = rejections({**neighbour_difference(2, 3), "neighbour_difference": nm})
    assert len(out) == 1 and why in out[0][1], out


def test_a_false_neighbour_difference_claim_is_rejected():
    out = rejections(neighbour_difference(2, 3, holds=False))
    assert len(out) == 1 and "accepted only as true" in out[0][1], out


@pytest.mark.parametrize("moved", [0, 5, 63])
def test_one_distance_moved_is_found(monkeypatch, moved):
    """The enumeration is a real check: with the checker's d(x, y) (a sum over places) one more at
    one pair (the `moved`-th sum it computes), some neighbour's difference is off, and the record
    is rejected. A shift of every distance would not be (only differences are compared)."""
    import builtins
    import kind_graph
    calls = iter(range(10**6))
    monkeypatch.setattr(kind_graph, "sum", lambda it: builtins.sum(it) + (next(calls) == moved), raising=False)
    out = rejections(neighbour_difference(2, 8))
    assert len(out) == 1 and "not the stated sign" in out[0][1], out
    monkeypatch.setattr(kind_graph, "sum", lambda it: builtins.sum(it) + 1, raising=False)
    assert rejections(neighbour_difference(2, 8)) == []


def naive_g6(n, m):
    """G6 by other means: d by breadth-first search in H(n, m) (built from the definition of ~),
    then the statement read literally for every x ~ x' and y."""
    words = list(product(range(m), repeat=n))
    near = {x: [y for y in words if sum(a != b for a, b in zip(x, y)) == 1] for x in words}
    def bfs_from(x):
        dist, frontier = {x: 0}, [x]
        while frontier:
            reached = []
            for y in frontier:
                for z in near[y]:
                    if z not in dist:
                        dist[z] = dist[y] + 1
                        reached.append(z)
            frontier = reached
        return dist
    d = {x: bfs_from(x) for x in words}
    for x in words:
        for xp in near[x]:
            i = next(j for j in range(n) if x[j] != xp[j])
            for y in words:
                want = -1 if y[i] == xp[i] else 1 if y[i] == x[i] else 0
                if d[xp][y] - d[x][y] != want:
                    return False
    return True


@pytest.mark.parametrize("n,m", [(1, 4), (2, 3), (3, 2), (3, 3)])
def test_the_statement_holds_by_a_naive_reference_too(n, m):
    assert naive_g6(n, m) and rejections(neighbour_difference(n, m)) == []
