"""The `composition` record (docs/certificates.md): k uses of each mechanism of a sequence,
composed exactly here for every ordered neighbour pair (the product of its privacy loss
distributions, equal ratios grouped), and the δ answers recomputed from them (pld)."""
from fractions import Fraction

from common import Reject, field
from pld import channel, check_queries, of_rows, ordered_pairs, product

# The most (atom, letter) products the checker spends composing one record.
MAX_WORK = 10**7

def check(rec):
    uses = field(rec, "uses", "record")
    if not isinstance(uses, list) or not uses:
        raise Reject("uses: not a non-empty list")
    seq = []
    for i, u in enumerate(uses):
        k = field(u, "k", f"use {i}")
        if type(k) is not int or not 1 <= k <= 10**6:
            raise Reject(f"use {i}: k = {k!r}, not an integer in 1..10^6")
        seq.append((channel(field(u, "rows", f"use {i}"), f"use {i}"), k))
    n = len(seq[0][0])
    if any(len(w) != n for w, _ in seq):
        raise Reject(f"uses: every mechanism of a sequence has the same {n} inputs")
    pairs = ordered_pairs(field(rec, "pairs", "record"), n, "pair")
    composed, plds, work = {}, {}, 0
    for x, xp in pairs:
        letters = [(of_rows(w[x], w[xp]), k) for w, k in seq]
        key = tuple((frozenset(d.items()), k) for d, k in letters)
        if key not in composed:
            d = {Fraction(1): Fraction(1)}
            for one, k in letters:
                for _ in range(k):
                    work += len(d) * len(one)
                    if work > MAX_WORK:
                        raise Reject(f"the composition takes more than {MAX_WORK} products to recompute")
                    d = product(d, one)
            composed[key] = d
        plds[(x, xp)] = composed[key]
    check_queries(rec, plds)
