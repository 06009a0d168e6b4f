#!/usr/bin/env python3
"""Time `dpcert graph SPEC` against networkx on the same graph; check they agree.

    python3 -m venv .venv && .venv/bin/pip install -r bench/requirements.txt
    cargo build --release
    .venv/bin/python bench/graph_vs_networkx.py target/release/dpcert hamming:7,3 --runs 3

dpcert answers connectivity, regularity, diameter, the distance profile, distance-regularity with
the intersection array, the automorphism group, vertex-transitivity and VT+, each checked. networkx
has no automorphism group or VT+, so its side computes what it can: connectivity, the degrees,
all-pairs BFS distances (diameter, the distance profile of vertex 0), `is_distance_regular` and
`intersection_array`. The graph is handed to networkx as the edge list dpcert printed (reading it
is not timed), so both sides work on the same graph. The ratio networkx / dpcert therefore favours
networkx: dpcert's time includes the automorphism and VT+ work networkx does not do.
The last line is `RESULT {json}` for bench/run_all.py. Never part of `cargo test`.
"""
import argparse
import json
import subprocess

from timing import timed


def networkx_side(nx, edges, n):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)

    def run():
        connected = nx.is_connected(g)
        degrees = {d for _, d in g.degree()}
        dist = dict(nx.all_pairs_shortest_path_length(g))
        diameter = max(max(row.values()) for row in dist.values())
        profile = [0] * (diameter + 1)
        for d in dist[0].values():
            profile[d] += 1
        dr = nx.is_distance_regular(g)
        ia = nx.intersection_array(g) if dr else None
        return {
            "connected": connected,
            "regular_degree": degrees.pop() if len(degrees) == 1 else None,
            "diameter": diameter,
            "distance_profile_0": profile,
            "distance_regular": dr,
            "intersection_array": ia,
        }

    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dpcert")
    ap.add_argument("spec", help="a dpcert graph spec, e.g. hamming:7,3, or an edge-list file")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    import networkx as nx

    cmd = [a.dpcert, "graph", a.spec, "--json"]
    out, td = timed(lambda: subprocess.run(cmd, check=True, capture_output=True, text=True).stdout,
                    a.runs)
    d = json.loads(out)
    n = d["vertices"]
    index = {label: i for i, label in enumerate(d["labels"])}  # vertex i is labels[i]
    edges = [(index[u], index[v]) for u, v in d["edge_list"]]
    x, tx = timed(networkx_side(nx, edges, n), a.runs)

    agree = {
        "connected": x["connected"] == d["connected"],
        "regular_degree": x["regular_degree"] == d["regular_degree"],
        "diameter": x["diameter"] == d["diameter"],
        "distance_profile_0": x["distance_profile_0"] == d["distance_profile_0"],
        "distance_regular": x["distance_regular"] == d["distance_regular"],
    }
    if x["intersection_array"] is not None and d["intersection_array"]:
        b, c = x["intersection_array"]
        agree["intersection_array"] = (list(b) == d["intersection_array"]["b"]
                                       and list(c) == d["intersection_array"]["c"])
    print(f"graph {d['graph']}: {n} vertices, {d['edges']} edges")
    print(f"dpcert graph (whole process, also |Aut|, vertex-transitivity, VT+): median {td:.3f} s "
          f"over {a.runs} runs")
    print(f"networkx (BFS distances, is_distance_regular, intersection_array): median {tx:.3f} s")
    print(f"answers agree: {all(agree.values())} {agree}")
    print(f"ratio networkx / dpcert: {tx / td:.1f}")
    print("RESULT " + json.dumps({
        "bench": "graph", "case": a.spec, "peer": "networkx",
        "dpcert_s": td, "peer_s": tx, "agree": all(agree.values()),
        "note": "dpcert also: |Aut|, vertex-transitivity, VT+",
    }))


if __name__ == "__main__":
    main()
