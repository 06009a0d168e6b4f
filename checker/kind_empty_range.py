"""The `empty_range` record (docs/certificates.md): a `forall` over a range of t holds, whatever its body, when
no real t lies in it: its domain (a sturm record's) has lo > hi, or lo = hi with an open end (hi null: never)."""
from common import Reject
from kind_sturm import domain

def check(rec):
    (lo, _, hi, _), empty = domain(rec)
    if not empty:
        raise Reject(f"domain: the interval from {lo} to {'+inf' if hi is None else hi} is not empty")
