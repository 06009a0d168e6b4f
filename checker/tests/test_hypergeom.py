"""Hand-written term identities for the checker's hypergeometric kernel (hypergeom.py): a literal
table of identities worked out by hand, and near misses that only one part of the check sees
(a spike on a boundary line, a term alive only at small n, a sign range one step too wide)."""
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402

ONE = {"num": [["1", {}]], "den": [["1", {}]], "divisors": []}


def term(facts, coeff="1", poly=None, powers=()):
    c = {"num": [[coeff, {}]], "den": [["1", {}]], "divisors": []}
    return {"coeff": c, "poly": poly or [["1", {}]], "facts": facts, "powers": list(powers)}


def binomial(dn, dk, coeff="1"):
    """C(n + dn, k + dk) = (n+dn)! / ((k+dk)! (n-k+dn-dk)!)."""
    return term([[1, 0, dn, 1], [0, 1, dk, -1], [1, -1, dn - dk, -1]], coeff)


def identity(terms, n0=0, step="term_identity", **more):
    rec = {"kind": "holds_for_all", "id": "hand", "statement": "by hand", "step": step, "n0": n0,
           "domain": {"text": "n >= 0", "lows": [{"var": "n", "low": "0", "strict": False}]}}
    rec.update(terms=terms, **more) if step == "term_identity" else rec.update(**more)
    doc = {"certificate_version": 1, "producer": "test", "records": [rec]}
    return dpcert_check.check_document(json.dumps(doc))


PASCAL = [binomial(1, 0), binomial(0, 0, "-1"), binomial(0, -1, "-1")]  # C(n+1,k) = C(n,k) + C(n,k-1)
SPIKE = term([[-1, 1, -1, -1], [1, -1, 1, -1]])  # 1/((k-n-1)! (n+1-k)!): 1 on k = n+1 only
FALLING = [-1, 0, 5, -1]  # 1/(5-n)!: 0 from n = 6 on
C_OF_N = [["1", {}]] + [[str(c), {"n": e}] for e, c in enumerate([0, -120, 274, -225, 85, -15, 1]) if e and c]


def test_hand_identities_are_accepted():
    assert identity(PASCAL) == []
    # 1/(5-n)! - c(n)/(5-n)! with c(n) = 1 + n(n-1)...(n-5): 0 at every n >= 0, not as a function
    assert identity([term([FALLING]), term([FALLING], "-1", C_OF_N)]) == []
    # the binomial theorem with x = 1: sum_k C(n,k) 2^-n = 1, G = -C(n,k-1) 2^(-n-1)
    half = {"num": [["1", {}]], "den": [["2", {}]], "divisors": []}
    f = dict(binomial(0, 0), powers=[[half, [1, 0, 0]]])
    g = dict(binomial(0, -1, "-1"), powers=[[half, [1, 0, 1]]])
    assert identity(None, step="wz", f=[f], g=[g]) == []
    # F and G doubled: the WZ identity still holds, the initial value is 2
    f2, g2 = (dict(x, coeff=dict(x["coeff"], num=[[str(2 * int(c)), m] for c, m in x["coeff"]["num"]])) for x in (f, g))
    got = identity(None, step="wz", f=[f2], g=[g2])
    assert len(got) == 1 and "initial value" in got[0][1], got


@pytest.mark.parametrize("terms,why", [
    (PASCAL + [SPIKE], "line k = 1 n + 1"),  # right on every 2-D cell, wrong on k = n + 1
    ([term([FALLING])], "n = 0"),  # zero past n = 5, alive below: only the small-n pass sees it
    ([term([[1, 0, -5, -1]])], "plane"),  # 1/(n-5)!: alive from n = 5 on
    (PASCAL[:2] + [binomial(0, -2, "-1")], "not an identity"),  # the wrong shift
    ([term([[0, -1, -1, -1]])], "below the first line"),  # 1/(-k-1)!: alive for k < 0 only
    ([term([[0, 1, -1, -1]])], "above the last line"),  # 1/(k-1)!: alive for k >= 1 only
])
def test_near_misses_are_rejected(terms, why):
    got = identity(terms)
    assert len(got) == 1 and why in got[0][1], got


def test_a_sign_range_one_step_too_wide_is_rejected():
    # 1/((k-1)! (n-k)!) > 0 on 1 <= k <= n (n >= 1), but (k-1)! at k = 0 is not regular
    t = term([[0, 1, -1, -1], [1, -1, 0, -1]])
    assert identity(None, n0=1, step="positive_term", term=[t], lo=[0, 0, 1], hi=[1, 0, 0]) == []
    got = identity(None, n0=1, step="positive_term", term=[t], lo=[0, 0, 0], hi=[1, 0, 0])
    assert len(got) == 1 and "not regular" in got[0][1], got


def rat(num, den=(("1", {}),)):
    return {"num": [list(t) for t in num], "den": [list(t) for t in den], "divisors": []}


A, G = rat([("1", {"alpha": 1})]), rat([("1", {}), ("1", {"alpha": 1})])  # alpha, 1 + alpha
A_OVER_G = rat([("1", {"alpha": 1})], [("1", {}), ("1", {"alpha": 1})])


def cube(**change):
    """The smallest orbit LP by hand: H(n, 2) around a centre, cost = distance l, alpha > 0: the
    Gibbs point p = alpha^l (1+alpha)^-n, u = V = n alpha/(1+alpha), kappa = alpha/(1+alpha)."""
    t = lambda facts=(), coeff=None, poly=None, powers=(): dict(  # noqa: E731
        term([list(f) for f in facts], poly=poly, powers=[list(p) for p in powers]), **({"coeff": coeff} if coeff else {}))
    h = t(coeff=A_OVER_G, poly=[["1", {"n": 1}]])
    rec = dict(
        size=[t([(1, 0, 0, 1), (0, 1, 0, -1), (1, -1, 0, -1)])], cost=[t(poly=[["1", {"k": 1}]])],
        up=[["1", {"n": 1}], ["-1", {"k": 1}]], down=[["1", {"k": 1}]],
        lo=rat([("1", {})]), hi=rat([("1", {})], [("1", {"alpha": 1})]), value=[h], u=[h],
        primal=[t(powers=[(A, [0, 1, 0]), (G, [-1, 0, 0])])],
        mass_mate=[t([(1, 0, 0, 1), (0, 1, -1, -1), (1, -1, 1, -1)], coeff=rat([("-1", {})]),
                     powers=[(A, [0, 1, 0]), (G, [-1, 0, -1])])],
        objective=[t([(1, 0, -1, 1), (0, 1, 0, -1), (1, -1, 0, -1)], poly=[["1", {"k": 1}]],
                     powers=[(A, [0, 1, -1]), (G, [-1, 0, 1])])],
        objective_mate=[t([(1, 0, -1, 1), (0, 1, -2, -1), (1, -1, 1, -1)], coeff=rat([("-1", {})]),
                          powers=[(A, [0, 1, -1]), (G, [-1, 0, 0])])],
        kappa=[t(coeff=A_OVER_G)])
    rec.update(change)
    rec = {"kind": "holds_for_all", "id": "cube", "statement": "by hand", "step": "orbit_lp", "n0": 1,
           "domain": {"text": "n >= 1, alpha > 0", "lows": [{"var": "n", "low": "1", "strict": False},
                                                           {"var": "alpha", "low": "0", "strict": True}]}, **rec}
    return dpcert_check.check_document(json.dumps({"certificate_version": 1, "producer": "t", "records": [rec]}))


@pytest.mark.parametrize("change,why", [
    ({"up": [["1", {"n": 1}], ["-1", {"k": 1}], ["1", {}]]}, "up(n, n)"),  # edges leave the orbits
    ({"down": [["1", {"k": 1}], ["1", {}]]}, "down(n, 0)"),
    ({"kappa": [term([], "-1")]}, "not certified positive"),  # a negative dual on the edge rows
    ({"kappa": [dict(term([]), coeff=rat([("2", {"alpha": 1})], [("1", {}), ("1", {"alpha": 1})]))]}, "not an identity"),
    ({"primal": [dict(term([], "2"), powers=[[A, [0, 1, 0]], [G, [-1, 0, 0]]])]}, "not an identity"),  # mass 2
])
def test_the_hand_orbit_lp_checks_and_wrong_ones_are_rejected(change, why):
    assert cube() == []
    got = cube(**change)
    assert len(got) == 1 and why in got[0][1], got
