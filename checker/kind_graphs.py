"""The `graphs` record (docs/certificates.md): graphs as edge lists; with `census`, every graph on `vertices`
vertices up to isomorphism (distinct canonical forms, Σ n!/|Aut G| = 2^(n choose 2)). Each property is computed from
its definition; dpcert's `values` must agree; `holds` is whether every `implies` [a, …, b] (a ∧ … ⇒ b) holds."""
from fractions import Fraction
from itertools import permutations
from math import factorial, prod

from common import Reject, field, stated_truth
from kind_graph import bfs, layers, read_edges

def one_way_maps(n, adj):
    """Every permutation p with x ~ y => p(x) ~ p(y), by backtracking; Aut(G) is among them."""
    out, p = [], []

    def grow(x):
        if x == n:
            out.append(list(p))
            return
        for y in set(range(n)) - set(p):
            if all(p[w] in adj[y] for w in adj[x] if w < x):
                p.append(y)
                grow(x + 1)
                p.pop()

    grow(0)
    return out

def cycle(s, x):
    """The orbit of x under s in order: x, s(x), s(s(x)), … until x again."""
    out = [x]
    while s[out[-1]] != x:
        out.append(s[out[-1]])
    return out

def props(n, adj, circulant):
    """Every property by its definition, and |Aut G|."""
    one = one_way_maps(n, adj)
    aut = [s for s in one if all({s[y] for y in adj[x]} == adj[s[x]] for x in range(n))]
    orb = [[cycle(s, x) for x in range(n)] for s in aut]
    autset = set(map(tuple, aut))  # an n-cycle's powers s^i(x) = orbit[x][i]: automorphisms, VT+
    cyc = [all(tuple(o[x][i] for x in range(n)) in autset for i in range(n)) for o in orb if len(o[0]) == n]
    dist = [bfs(adj, u) for u in range(n)]
    vt, conn = {s[0] for s in aut} == set(range(n)), len(dist[0]) == n
    arr = layers(adj, dist, False) if conn else None
    sizes = []  # n_i, the vertices at distance i on a DR graph: n_(i+1) = n_i b_i / c_(i+1)
    if arr:
        sizes = [prod(Fraction(b, c) for b, c in zip(arr[0][:i], arr[1][:i])) for i in range(len(arr[0]) + 1)]
    return {
        "connected": conn, "vt": vt, "one_way": len(one) == len(aut),
        "single_orbit": bool(cyc), "cyclic_vt_plus": all(cyc),
        "vt_plus": True if any(cyc) else None if vt else False,  # VT+ => VT; a VT graph's search is not made
        "dr": bool(arr), "intersection_array": arr or False, "dr_literal": layers(adj, dist, True) is not None,
        "orbits": all(x in o[x] and (set(o[x]) == set(o[y]) or not set(o[x]) & set(o[y]))
                      for o in orb for x in range(n) for y in range(n)),
        "consequences": not arr or (not arr[0] or arr[0][0] == len(adj[0]) and arr[1][0] == 1)
        and all([list(d.values()).count(i) for i in range(len(sizes))] == sizes for d in dist),
        "cdd": conn and all(sorted(d.values()) == sorted(dist[0].values()) for d in dist),
        "circulant": circulant}, len(aut)

def canon(n, es):
    """The least edge bitmask over the n! relabellings: equal iff the graphs are isomorphic."""
    return min(sum(1 << n * min(p[a], p[b]) + max(p[a], p[b]) for a, b in es) for p in permutations(range(n)))

def check(rec):
    n, graphs, values = (field(rec, k, "record") for k in ("vertices", "graphs", "values"))
    census, truth, forms, count = rec.get("census") is True, True, [], 0
    circulants = set()  # the canonical forms of every C_n(S), S ⊆ 1..n/2
    for m in range(2 ** (n // 2)) if census else ():
        circulants.add(canon(n, {tuple(sorted((i, (i + s) % n))) for i in range(n) for s in range(1, n // 2 + 1)
                                 if m >> s - 1 & 1}))
    for g, es in enumerate(graphs):
        adj = read_edges(n, es, f"graph {g} edge")[0]
        forms.append(canon(n, es) if census else None)
        P, order = props(n, adj, forms[-1] in circulants if census else None)
        count += factorial(n) // order
        for k, vs in values.items():  # dpcert's values, wherever the definition decides
            if k not in P or len(vs) != len(graphs) or P[k] is not None and vs[g] != P[k]:
                raise Reject(f"graph {g}: {k} is {P.get(k, 'no property')!r} by definition, the record says {vs[g:g + 1]}")
        if rec.get("connected") is True and not P["connected"]:
            continue  # the implications are about the connected graphs
        for imp in field(rec, "implies", "record"):
            v = [x if type(x) is bool else P.get(x) for x in imp]  # None: undecided, or no property
            ok = False in v[:-1] or v[-1:] == [True]
            if not ok and None in v:
                raise Reject(f"graph {g}: {imp!r} is not decided here")
            truth = truth and ok
    if census and (len(set(forms)) < len(graphs) or count != 2 ** (n * (n - 1) // 2)):
        raise Reject(f"census: {len(graphs) - len(set(forms))} repeated isomorphism classes, Σ n!/|Aut| = {count}: "
                     "not every graph once")
    stated_truth(rec, truth, "that every implication holds")
