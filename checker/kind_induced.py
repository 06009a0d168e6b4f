"""The `induced` record (docs/certificates.md): f from the vertices of a database graph X to answers
0..k-1 induces y ~ y' (y = f(x), y' = f(x'), x ~ x'; with or without y != y'); `holds` states the `fact`:
depends: a K with rows from `rows` depends only on f(x) iff K = H o f (H[f(x)] = K[x]), every K;
loops: no loop with y != y'; without, a loop iff an edge of X has one answer; uniform: f(uniform X) is
uniform iff the fibres are equal and non-empty; oblivious: H o f is eps-DP on X iff H is on ~ (either
reading; ~ lies in f(X), so H on f(X) or on 0..k-1 read alike), every H; complete: ~ (y != y') is K_k."""
from fractions import Fraction
from itertools import product

from common import Reject, field, q
from kind_compare import stated_truth
from pld import channel, ordered_pairs


def check(rec):
    n, k, f, fact = (field(rec, key, "record") for key in ("vertices", "k", "f", "fact"))
    t, edges, rows = q(field(rec, "t", "record"), "t"), ordered_pairs(field(rec, "edges", "record"), n, "edge"), channel(field(rec, "rows", "record"), "rows")
    if type(n) is not int or type(k) is not int or len(f) != n or any(type(y) is not int or not 0 <= y < k for y in f) or len({tuple(r) for r in rows}) != len(rows) or t < 1:
        raise Reject(f"f: not {n} answers in 0..{k - 1}, or the rows are not distinct, or t < 1")
    ok = [[all(a <= t * b and b <= t * a for a, b in zip(r, s)) for s in rows] for r in rows]  # the DP pairs
    rel = {d: {(f[a], f[b]) for a, b in edges if not d or f[a] != f[b]} for d in (True, False)}
    truth = {"depends": lambda: all(all(K[x] == K[z] for x in range(n) for z in range(n) if f[x] == f[z]) == all(
                 K[x] == dict(zip(f, K))[f[x]] for x in range(n)) for K in product(range(len(rows)), repeat=n)),
             "loops": lambda: all(a != b for a, b in rel[True]) and any(a == b for a, b in rel[False]) == any(f[a] == f[b] for a, b in edges),
             "uniform": lambda fib=[f.count(y) for y in range(k)]: ([Fraction(c, n) for c in fib] == [Fraction(1, k)] * k) == (min(fib) == max(fib) > 0),
             "oblivious": lambda: all(all(ok[H[f[a]]][H[f[b]]] for a, b in edges) == all(ok[H[a]][H[b]] for a, b in rel[d])
                                      for H in product(range(len(rows)), repeat=k) for d in (True, False)),
             "complete": lambda: len(rel[True]) == k * (k - 1)}
    if fact not in truth:
        raise Reject(f"fact {fact!r}: not one of {sorted(truth)}")
    stated_truth(rec, truth[fact](), f"the fact {fact} of f = {f}")
