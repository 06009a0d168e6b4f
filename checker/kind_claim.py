"""The `claim` record (docs/certificates.md): a claim's outcome, its instances (labels, count,
SHA-256) and, for a failure, the counterexample's exact sides. Checked against the other
records of the same document, which the kinds' own checks have already accepted or rejected
(a record's `instance` is an index, or a list of them: the one record counts in each):

- holds: every instance has a deciding record (DECIDING), all accepted and true (a sturm or empty_range
  record is accepted only when true), or an accepted out_of_range record (outside the hypotheses; `where`: excluded
  by the claim's filter, with a false accepted deciding record, of a filter atom); a record naming
  `rests_on` kinds needs one of each kind in its instance; holds-for-all: also an accepted for-all record;
- fails: the counterexample's instance has an accepted deciding record that is false, with
  the counterexample's sides;
- `"certified": false`: nothing is claimed; the claim is counted apart, with its reason.
"""
from common import Reject, field, labels_sha256, q

DECIDING = ("compare", "log_linear", "enclosure", "events", "graph", "graphs", "induced", "sturm", "refinement", "empty_range")

def truth(r):
    if r.get("kind") == "refinement":  # which of its two statements: docs/certificates.md
        return r.get("same_hyper", r.get("refines"))
    return True if r.get("kind") in ("sturm", "empty_range") else r.get("holds")

def labels_of(rec):
    inst = field(rec, "instances", "claim")
    count, digest, labels = (field(inst, k, "instances") for k in ("count", "sha256", "labels"))
    if type(count) is not int or not isinstance(labels, list) or not all(isinstance(l, str) for l in labels):
        raise Reject("instances: count must be an integer and labels a list of strings")
    if len(labels) != count:
        raise Reject(f"instances: {len(labels)} labels, count says {count} (truncated?)")
    mine = labels_sha256(labels)
    if mine != digest:
        raise Reject(f"instances: sha256 of the labels is {mine}, the record says {digest}")
    return labels

def check(rec, others, rejected):
    """`others`: the document's other records; `rejected`: the ids the kinds rejected.
    Returns None when certified, else the reason it is not (a claim record is never
    half-accepted: anything inconsistent raises Reject)."""
    cid = field(rec, "claim", "claim")
    if rec.get("id") != cid:
        raise Reject(f"id {rec.get('id')!r} is not the claim {cid!r}")
    labels = labels_of(rec)
    by_instance, for_all = {}, []
    for r in others:
        if r.get("claim") != cid:
            raise Reject(f"record {r.get('id')!r} is for claim {r.get('claim')!r}, not {cid!r}")
        if r.get("for_all") is True:
            for_all.append(r)
            continue
        shown = r.get("instance")  # an index, or the list of every instance the same record shows
        for i in shown if isinstance(shown, list) else [shown]:
            if type(i) is not int or not 0 <= i < len(labels):
                raise Reject(f"record {r.get('id')!r}: instance {i!r} is not one of the {len(labels)}")
            by_instance.setdefault(i, []).append(r)
    certified = field(rec, "certified", "claim")
    if certified is not True:
        why = rec.get("why")
        if certified is not False or not isinstance(why, str) or not why:
            raise Reject("certified must be true, or false with a reason (why)")
        return why

    def deciding(i, kinds=DECIDING):
        mine = by_instance.get(i, [])
        rs = [r for r in mine if r.get("kind") in kinds]
        bad = [r.get("id") for r in mine if r.get("id") in rejected]
        if bad:
            raise Reject(f"instance {labels[i]!r}: record {bad[0]!r} was rejected")
        have = {o.get("kind") for o in mine}  # once per instance: some have 27,000 records
        for r in mine:
            need = set(r.get("rests_on", [])) - have
            if need:
                raise Reject(f"instance {labels[i]!r}: record {r.get('id')!r} rests on a {min(need)} record it lacks")
        if not rs:
            raise Reject(f"instance {labels[i]!r} has no deciding record")
        return rs

    outcome = field(rec, "outcome", "claim")
    if outcome in ("holds", "holds-for-all"):
        for i in range(len(labels)):
            if any(r.get("kind") == "out_of_range" for r in by_instance.get(i, [])):
                shown = deciding(i, ("out_of_range",) + DECIDING)  # outside the hypotheses, as shown
                where = any(r.get("hypothesis") == "where" for r in shown)  # excluded by the filter, as
                if where and not any(truth(r) is False for r in shown):  # a filter atom's false record shows
                    raise Reject(f"instance {labels[i]!r}: excluded by `where`, but no record of it is false")
                continue
            false = [r.get("id") for r in deciding(i) if truth(r) is not True]
            if false:
                raise Reject(f"claim holds, but record {false[0]!r} of {labels[i]!r} is false")
        if outcome == "holds-for-all":
            if not for_all or any(r.get("id") in rejected for r in for_all):
                raise Reject("holds-for-all without an accepted for-all record")
    elif outcome == "fails":
        cx = field(rec, "counterexample", "claim")
        i = field(cx, "instance", "counterexample")
        if type(i) is not int or not 0 <= i < len(labels):
            raise Reject(f"counterexample instance {i!r} is not one of the {len(labels)}")
        if not any(truth(r) is False and sides_match(r, cx) for r in deciding(i)):
            raise Reject(f"claim fails, but no record of {labels[i]!r} is false with the counterexample's sides")
    else:
        raise Reject(f"outcome {outcome!r} cannot be certified")
    return None

def sides_match(r, cx):
    """A compare record's sides must be the counterexample's exact sides; the sides of other
    kinds are forms, which the counterexample only shows as text."""
    if r.get("kind") != "compare":
        return True
    return q(cx.get("lhs"), "counterexample lhs") == q(r["lhs"], "lhs") and q(
        cx.get("rhs"), "counterexample rhs") == q(r["rhs"], "rhs")
