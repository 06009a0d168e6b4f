"""What every record kind of the checker shares: the rejection, exact rationals from strings,
fields and keyed vectors (docs/certificates.md, "The document"). Standard library only."""
import hashlib
import re
import sys
from fractions import Fraction

RATIONAL = re.compile(r"-?[0-9]+(/[0-9]+)?")
getattr(sys, "set_int_max_str_digits", lambda n: None)(0)  # exact integers of any length (Python >= 3.11 caps them)

class Reject(Exception):
    """A record (or the whole file) is not accepted; the message says why."""

def q(s, what):
    """An exact rational from a string `p` or `p/q` (q > 0); anything else is refused."""
    if not isinstance(s, str) or not RATIONAL.fullmatch(s):
        raise Reject(f"{what}: {s!r} is not an exact rational string")
    if re.search(r"/0+$", s):
        raise Reject(f"{what}: {s!r} has denominator 0")
    return Fraction(s)

def no_duplicates(pairs, what="duplicated key"):
    """The dict of (key, value) pairs, refused when a key repeats (a JSON object's, an LP's names)."""
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):  # linear: an LP's dual has a key per row
        dup = {k for k in keys if keys.count(k) > 1}
        raise Reject(f"{what} {sorted(dup)[0]!r}")
    return dict(pairs)

def field(obj, key, what):
    if not isinstance(obj, dict) or key not in obj:
        raise Reject(f"{what}: missing {key!r}")
    return obj[key]

def vector(obj, names, what):
    """A vector keyed by `names`: exactly those keys, each an exact rational."""
    if not isinstance(obj, dict):
        raise Reject(f"{what}: not an object keyed by names")
    bad = min(set(obj) ^ set(names), default=None)
    if bad is not None:
        raise Reject(f"{what} {'names an unknown' if bad in obj else 'misses the entry of'} {bad!r}")
    return {n: q(obj[n], f"{what} {n}") for n in names}

def matrix(obj, what, shape=None, stochastic=False):
    """Non-empty rows of exact rationals, all of one length (`shape`: (rows, columns) required;
    `stochastic`: every row a distribution, entries >= 0 summing to 1)."""
    if not isinstance(obj, list) or not obj or not all(isinstance(r, list) and r for r in obj):
        raise Reject(f"{what}: not a non-empty list of non-empty rows")
    rows = [[q(v, f"{what} row {x} column {y}") for y, v in enumerate(r)] for x, r in enumerate(obj)]
    if any(len(r) != len(rows[0]) for r in rows) or shape not in (None, (len(rows), len(rows[0]))):
        raise Reject(f"{what}: not {shape[0]} row(s) of {shape[1]}" if shape else f"{what}: not rows of one length")
    bad = next((x for x, r in enumerate(rows) if any(v < 0 for v in r) or sum(r) != 1), None) if stochastic else None
    if bad is not None:
        raise Reject(f"{what} row {bad}: not a distribution (entries >= 0 summing to 1): sum {sum(rows[bad])}")
    return rows

def distribution(values, what, size=None):
    """A probability vector (`size` entries, when given): the one row of a stochastic matrix."""
    return matrix([values], what, size and (1, size), stochastic=True)[0]

def labels_sha256(labels):
    """The stream hash of instance labels: SHA-256 of each label and a newline, in order."""
    return hashlib.sha256("".join(f"{label}\n" for label in labels).encode()).hexdigest()

def stated_truth(rec, computed, shown):
    """The record's `holds` must be a boolean equal to what the checker computed."""
    holds = field(rec, "holds", "record")
    if not isinstance(holds, bool):
        raise Reject(f"holds: {holds!r} is not true or false")
    if holds != computed:
        raise Reject(f"{shown} is {str(computed).lower()}, the record says {str(holds).lower()}")

def holds(lhs, sense, rhs):
    return lhs <= rhs if sense == "<=" else lhs >= rhs if sense == ">=" else lhs == rhs
