"""The `compare` record (docs/certificates.md): two exact rationals and a relation; the checker
recomputes the relation and rejects a record whose stated truth (`holds`) is not the real one."""
import operator

from common import Reject, field, q, stated_truth

RELATIONS = {"=": operator.eq, "!=": operator.ne, "<=": operator.le, "<": operator.lt, ">=": operator.ge,
             ">": operator.gt}

def relation(rec):
    rel = field(rec, "relation", "compare")
    if rel not in RELATIONS:
        raise Reject(f"unknown relation {rel!r}")
    return rel

def check(rec):
    rel = relation(rec)
    lhs = q(field(rec, "lhs", "compare"), "lhs")
    rhs = q(field(rec, "rhs", "compare"), "rhs")
    stated_truth(rec, RELATIONS[rel](lhs, rhs), f"{lhs} {rel} {rhs}")
