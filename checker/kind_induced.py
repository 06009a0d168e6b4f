"""The `induced` record (docs/certificates.md): f from the vertices of a database graph X to answers
0..k-1 induces y ~ y' (y = f(x), y' = f(x'), x ~ x'; with or without y != y'); `holds` states the `fact`:
depends: a K with rows from `rows` depends only on f(x) iff K = H o f (H[f(x)] = K[x]), every K;
loops: no loop with y != y'; without, a loop iff an edge of X has one answer; uniform: f(uniform X) is
uniform iff the fibres are equal and non-empty; oblivious: H o f is eps-DP on X iff H is on ~ (either
reading; ~ lies in f(X), so H on f(X) or on 0..k-1 read alike), every H; complete: ~ (y != y') is K_k;
bayes: the posteriors of x -> rows[f(x)] stay within a factor t of the priors iff its edges' ratios are <= t."""
from fractions import Fraction
from itertools import product
from math import lcm

from common import Reject, field, q, stated_truth
from pld import channel, ordered_pairs

def induced(f, edges, distinct):
    """y ~ y': the answers of adjacent databases (only y != y' when `distinct`)."""
    return {(f[a], f[b]) for a, b in edges if not distinct or f[a] != f[b]}

def depends(n, k, f, t, edges, rows):
    for K in product(range(len(rows)), repeat=n):  # K[x]: the index of x's row
        only_f = all(K[x] == K[z] for x in range(n) for z in range(n) if f[x] == f[z])
        h = dict(zip(f, K))
        if only_f != all(K[x] == h[f[x]] for x in range(n)):
            return False
    return True

def loops(n, k, f, t, edges, rows):
    loop = any(a == b for a, b in induced(f, edges, False))
    return all(a != b for a, b in induced(f, edges, True)) and loop == any(f[a] == f[b] for a, b in edges)

def uniform(n, k, f, t, edges, rows):
    fibres = [f.count(y) for y in range(k)]
    return ([Fraction(c, n) for c in fibres] == [Fraction(1, k)] * k) == (min(fibres) == max(fibres) > 0)

def oblivious(n, k, f, t, edges, rows):
    ok = [[all(a <= t * b and b <= t * a for a, b in zip(r, s)) for s in rows] for r in rows]  # DP pairs
    for H in product(range(len(rows)), repeat=k):
        on_x = all(ok[H[f[a]]][H[f[b]]] for a, b in edges)
        if any(on_x != all(ok[H[a]][H[b]] for a, b in induced(f, edges, d)) for d in (True, False)):
            return False
    return True

def complete(n, k, f, t, edges, rows):
    return len(induced(f, edges, True)) == k * (k - 1)

def bayes(n, k, f, t, edges, rows):
    """VAD-P1-converse: each p(x|y) = p(x) W_x(y) / P(y) within a factor t of p(x) > 0 iff the level of W_x = rows[f(x)]
    on the edges is <= t, for the priors c / sum(c): 1 - eta on b, eta on a ~ b (eta = 2^-200, the converse's last
    2^-j: the ratio at a only grows as eta falls), and the grid in steps of 1/12 (1/8 past two inputs)."""
    if k != len(rows):
        raise Reject(f"k = {k}: bayes reads f(x) as the index of x's row, of {len(rows)} rows")
    den, ys = lcm(*(v.denominator for row in rows for v in row)), range(len(rows[0]))
    w = [[int(v * den) for v in rows[y]] for y in f]  # W = w / den: integers, for speed
    step = 12 if n == 2 else 8
    priors = [[2 ** 200 - 1 if x == b else 1 if x == a else 0 for x in range(n)] for a, b in edges]
    priors += [c for c in product(range(step + 1), repeat=n) if sum(c) == step]
    mass = [(sum(c), c, y, sum(cx * wx[y] for cx, wx in zip(c, w))) for c in priors for y in ys]  # sum(c) den P(y)
    bayes_ok = all(max(m, s * wx[y]) <= t * min(m, s * wx[y]) for s, c, y, m in mass for cx, wx in zip(c, w) if cx)
    return bayes_ok == all(w[a][y] <= t * w[b][y] for a, b in edges for y in ys)

FACTS = {fact.__name__: fact for fact in (depends, loops, uniform, oblivious, complete, bayes)}

def check(rec):
    n, k, f, fact = (field(rec, key, "record") for key in ("vertices", "k", "f", "fact"))
    t, rows = q(field(rec, "t", "record"), "t"), channel(field(rec, "rows", "record"), "rows")
    edges = ordered_pairs(field(rec, "edges", "record"), n, "edge")
    if type(n) is not int or type(k) is not int or len(f) != n or any(type(y) is not int or not 0 <= y < k for y in f):
        raise Reject(f"f: not {n} answers in 0..{k - 1}")
    if len({tuple(r) for r in rows}) != len(rows) or t < 1:
        raise Reject("the rows are not distinct, or t < 1")
    if fact not in FACTS:
        raise Reject(f"fact {fact!r}: not one of {sorted(FACTS)}")
    stated_truth(rec, FACTS[fact](n, k, f, t, edges, rows), f"the fact {fact} of f = {f}")
