"""The `graph` record (docs/certificates.md): a graph as an edge list; vertex-transitivity by
automorphism generators whose orbit of vertex 0 is every vertex; distance-regularity by the
intersection array, recounted from the BFS layers of every vertex; VT+ by n automorphisms with
distinct images at every vertex; a distance profile by BFS (from vertex 0 of a vertex-transitive
graph); H(n, m)'s distances to neighbours; `holds`, when given, is true. Standard library only."""
from collections import Counter, deque
from itertools import product

from common import Reject, field

def ints(v, what):
    if not isinstance(v, list) or any(type(x) is not int for x in v):
        raise Reject(f"{what}: not a list of integers")
    return v

def check(rec):
    if rec.get("holds", True) is not True:  # a graph record shows what holds of its graph
        raise Reject(f"holds: {rec.get('holds')!r}, a graph record is accepted only as true")
    if "neighbour_difference" in rec:  # H(n, m) given by n and m alone
        return neighbour_difference(rec["neighbour_difference"])
    n = field(rec, "vertices", "record")
    adj, edges = read_edges(n, field(rec, "edges", "record"), "edge")
    if rec.get("hamming") is not None or "cliques" in rec:
        hamming(rec, n, adj, edges)
    gens = field(rec, "automorphisms", "record")
    check_automorphisms(gens, n, edges, "automorphism")
    vt_plus = rec.get("vt_plus")
    if vt_plus is not None:  # VT+: n automorphisms whose images of every vertex are distinct
        check_automorphisms(vt_plus, n, edges, "vt_plus")
        if len(vt_plus) != n or any(len({p[v] for p in vt_plus}) != n for v in range(n)):
            raise Reject(f"vt_plus: not {n} automorphisms whose images of each vertex are distinct")
    if field(rec, "vertex_transitive", "record") is True and len(orbit(gens, 0, n)) != n:
        raise Reject(f"vertex-transitive: the generators move 0 to {len(orbit(gens, 0, n))} of {n} vertices")
    if rec.get("single_orbit") is False:  # (one generator whose orbit of 0 is every vertex: one n-cycle)
        no_single_orbit(rec, n, adj, edges)
    ia = field(rec, "intersection_array", "record")
    if ia is not None:  # recounted from the BFS layers of every vertex
        b, c = (ints(field(ia, k, "intersection_array"), k) for k in ("b", "c"))
        dist = [bfs(adj, u) for u in range(n)]
        got = layers(adj, dist, False) if len(dist[0]) == n else "not connected"
        if got != [b, c]:
            raise Reject(f"intersection array: the BFS layers give {got}, not [b, c] = {[b, c]}")
    prof = rec.get("profile")  # [n_0, n_1, …]: vertices at each distance; from 0 alone when VT
    for u in [] if prof is None else range(1) if rec["vertex_transitive"] is True else range(n):
        at = Counter(bfs(adj, u).values())
        if sum(ints(prof, "profile")) != n or [at[d] for d in range(len(prof))] != prof:
            raise Reject(f"profile {prof}: from vertex {u} the vertices at each distance are {dict(at)}")

def layers(adj, dist, lit):  # [b, c] when (b_i, c_i) are alike at all pairs at distance i
    seen = {}  # lit: Definition 2 as printed (AACP-D8), b_i counts neighbours of v, not of w
    for v, dv in enumerate(dist):
        for w, i in dv.items():
            bc = (sum(dv.get(y) == i + 1 for y in adj[v if lit else w]), sum(dv.get(y) == i - 1 for y in adj[w]))
            if seen.setdefault(i, bc) != bc:
                return None
    return [[seen[i][0] for i in range(len(seen) - 1)], [seen[i][1] for i in range(1, len(seen))]]

def read_edges(n, es, what):  # a simple graph on 0 … n-1: its adjacency sets and edge set
    if type(n) is not int or n < 1:
        raise Reject("vertices: not a positive integer")
    adj, edges = [set() for _ in range(n)], set()
    for i, e in enumerate(es):
        u, v = ints(e, f"{what} {i}") if len(e) == 2 else (None, None)
        if u is None or not (0 <= u < n and 0 <= v < n) or u == v or frozenset(e) in edges:
            raise Reject(f"{what} {i} {e!r}: not two distinct vertices, or repeated")
        edges.add(frozenset(e))
        adj[u].add(v)
        adj[v].add(u)
    return adj, edges

def hamming(rec, n, adj, edges):
    """`hamming` [u, v]: the edges are those of V^Ind (x ~ y iff one place differs; base-v labels, first
    place most significant); `cliques`: each line {x[i -> w] : w} is a maximal clique of size v."""
    hu = rec.get("hamming")
    u, v = ints(hu, "hamming") if isinstance(hu, list) and len(hu) == 2 else (-1, -1)
    lines = [{x + (w - x // p % v) * p for w in range(v)} for x in range(n) for p in (v ** k for k in range(u))]
    if u < 0 or v < 1 or n != v ** u or edges != {frozenset((x, y)) for ln in lines for x in ln for y in ln if x != y}:
        raise Reject(f"hamming {hu!r}: the edges are not those of V^Ind, base-v labels, first place most significant")
    for ln in lines if rec.get("cliques") is True else ():
        if len(ln) != v or any(ln <= adj[y] for y in set().union(*(adj[x] for x in ln)) - ln):
            raise Reject(f"cliques: the line {sorted(ln)[:4]}… is not a maximal clique of size {v}")

def neighbour_difference(nm):
    """WYZ-G6 on [m]^n (d counts the differing places): d(x[i -> b], y) - d(x, y) = [y_i = x_i] - [y_i = b]."""
    n, m = ints(nm, "neighbour_difference") if isinstance(nm, list) and len(nm) == 2 else (0, 0)
    if n < 1 or m < 2 or n > 6 or m ** n > 64:  # the claim's grid; about a second in all
        raise Reject(f"neighbour_difference {nm!r}: not [n, m] with n >= 1, m >= 2 and m^n <= 64")
    points = list(product(range(m), repeat=n))
    d = {x: [sum(a != c for a, c in zip(x, y)) for y in points] for x in points}
    for x, i, b in product(points, range(n), range(m)):
        xp = x[:i] + (b,) + x[i + 1:]
        if b != x[i] and [u - v for u, v in zip(d[xp], d[x])] != [(y[i] == x[i]) - (y[i] == b) for y in points]:
            raise Reject(f"neighbour_difference: d(x', y) - d(x, y) at x = {x}, x' = {xp}: not the stated sign")

def check_automorphisms(perms, n, edges, what):
    for i, p in enumerate(perms):
        if sorted(ints(p, f"{what} {i}")) != list(range(n)):
            raise Reject(f"{what} {i}: not a permutation of the {n} vertices")
        bad = next((e for e in edges if frozenset(p[x] for x in e) not in edges), None)
        if bad is not None:
            raise Reject(f"{what} {i}: edge {sorted(bad)} goes to a non-edge")

def orbit(gens, x, n):  # the images of x under the group the permutations generate: a search along them
    return set(bfs([{p[y] for p in gens} for y in range(n)], x))

def no_single_orbit(rec, n, adj, edges):
    """No automorphism is one n-cycle σ: no v_i = σ^i(0) has adjacency depending on j - i mod n alone. σ(0) is
    w.l.o.g. the least neighbour of 0: σ^s(0) ~ 0 for a unit s (n = p^a, G connected); conjugate by `stabiliser`."""
    stab = [s for s in field(rec, "stabiliser", "record") if s[0] == 0]  # the automorphisms fixing 0
    check_automorphisms(stab, n, edges, "stabiliser")
    p = min(d for d in range(2, n + 1) if n % d == 0)  # n | p^n: n is a power of its least prime factor
    if pow(p, n, n) or len(bfs(adj, 0)) < n or adj[0] - orbit(stab, min(adj[0]), n):
        raise Reject("single_orbit: needs n = p^a, G connected, a stabiliser of 0 moving a neighbour to all")
    def grow(seq):
        k = len(seq)
        if k == n:
            return all((seq[d] in adj[0]) == (seq[n - d] in adj[0]) for d in range(1, n))
        fits = [w for w in set(range(n)) - set(seq)
                if all((w in adj[seq[i]]) == (seq[k - i] in adj[0]) for i in range(1, k))]
        return any(grow(seq + [w]) for w in fits)
    if grow([0, min(adj[0])]):
        raise Reject("single_orbit: false, but an automorphism is one n-cycle")

def bfs(adj, u):
    dist, queue = {u: 0}, deque([u])
    while queue:
        x = queue.popleft()
        for y in adj[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)
    return dist
