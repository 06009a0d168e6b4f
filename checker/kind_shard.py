"""The `shard` record (docs/certificates.md): one part K of N of a claim's grid, the indices
i < total with i % N == K - 1 in order. The checker recomputes the range, the count, the stream
hash of the labels, the outcome counts and the instances in error; coverage is `dpcert merge`'s."""
from common import Reject, field, labels_sha256

def check(rec):
    k, n, rng, labels, indices, count, counts, cx, errs = (field(rec, key, "shard") for key in (
        "k", "n", "range", "labels", "indices", "count", "counts", "counterexamples", "error_indices"))
    total = field(rng, "total", "range")
    if not all(type(x) is int for x in (k, n, total)) or not 1 <= k <= n or total < 0:
        raise Reject(f"shard {k!r}/{n!r} of {total!r} instances is not a split")
    if rec.get("shard") != f"{k}/{n}" or rng != {"total": total, "offset": k - 1, "stride": n}:
        raise Reject(f"shard {rec.get('shard')!r} and range {rng!r} are not {k}/{n}")
    share = range(k - 1, total, n)  # not a list: a forged total of 10^12 costs nothing
    if not (count == len(labels) == len(indices)) or indices != list(share[:count]):
        raise Reject(f"count {count!r}: not the first {count!r} indices of its range")
    if field(rec, "complete", "shard") != (not share[count:]):  # len() of a huge range overflows
        raise Reject(f"complete: ran {count} of the {share!r}")
    if labels_sha256(labels) != field(rec, "sha256", "shard"):
        raise Reject("sha256 is not the labels' stream hash")
    if sum(counts.values()) != count:
        raise Reject(f"outcome counts {counts!r} do not add up to {count}")
    if len(cx) != counts.get("fails", 0):
        raise Reject(f"{len(cx)} counterexamples for {counts.get('fails', 0)} failing instances")
    for c in cx:
        i = c.get("index")
        if i not in indices or labels[indices.index(i)] != c.get("instance"):
            raise Reject(f"counterexample {i!r}: not an instance of this shard")
    # the merge counts an error only before the first failure in grid order (docs/sharding.md)
    n_err = counts.get("error", 0)
    if any(type(i) is not int for i in indices + errs) or errs != sorted(set(errs) & set(indices)) or len(errs) != n_err:
        raise Reject(f"error_indices {errs!r}: not the sorted, distinct indices of this shard's {n_err} instances in error")
