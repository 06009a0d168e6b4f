"""The `refinement` record (docs/certificates.md): whether channel A is a post-processing of channel B
(A = B R for a channel R), with its certificate either way, or (`same_hyper`) whether the hypers
[prior > A] and [prior > B] are equal; every condition recomputed with exact fractions."""
from common import Reject, distribution, field, matrix
from pld import channel

def post_g(prior, c, gain):
    """V_g(prior, C) = sum_y max_z sum_x prior(x) C(y|x) g(z, x)."""
    return sum(max(sum(prior[x] * c[x][y] * gz[x] for x in range(len(c))) for gz in gain)
               for y in range(len(c[0])))

def hyper(prior, c):
    """[prior > c]: the outer probability of each posterior, zero outers dropped, equal posteriors merged."""
    merged = {}
    for column in zip(*c):
        joint = [p * v for p, v in zip(prior, column)]
        outer = sum(joint)
        if outer:
            posterior = tuple(j / outer for j in joint)
            merged[posterior] = merged.get(posterior, 0) + outer
    return merged

def check(rec):
    a = channel(field(rec, "a", "refinement"), "a")
    b = channel(field(rec, "b", "refinement"), "b")
    if len(a) != len(b):
        raise Reject(f"a has {len(a)} secrets, b {len(b)}: refinement needs the same secrets")
    if "same_hyper" in rec:  # equal hypers: equal dicts of posteriors (exact multisets)
        prior = distribution(field(rec, "prior", "refinement"), "prior", len(a))
        if rec["same_hyper"] is not (hyper(prior, a) == hyper(prior, b)):
            raise Reject(f"same_hyper: {rec['same_hyper']!r}, not what [prior > a] = [prior > b] recomputes")
        return
    claim = field(rec, "refines", "refinement")
    if claim is True:
        r = channel(field(rec, "r", "refinement"), "r")
        if len(r) != len(b[0]) or len(r[0]) != len(a[0]):
            raise Reject(f"r is {len(r)}x{len(r[0])}, expected {len(b[0])}x{len(a[0])}")
        for x in range(len(a)):
            for z in range(len(a[0])):
                v = sum(b[x][y] * r[y][z] for y in range(len(r)))
                if v != a[x][z]:
                    raise Reject(f"(b r)[{x}][{z}] = {v}, a has {a[x][z]}")
    elif claim is False:
        prior = distribution(field(rec, "prior", "refinement"), "prior", len(a))
        gain = matrix(field(rec, "gain", "refinement"), "gain")
        if len(gain[0]) != len(a):
            raise Reject(f"gain has {len(gain[0])} columns, expected one per secret ({len(a)})")
        va, vb = post_g(prior, a, gain), post_g(prior, b, gain)
        if not va > vb:
            raise Reject(f"V_g(prior, a) = {va} is not above V_g(prior, b) = {vb}")
    else:
        raise Reject(f"refines: {claim!r} is not true or false")
