"""The checker's own tests (issue 44 item 3): the `lp` certificates dpcert wrote for the LP
files beside them in fixtures/ must be accepted, and copies tampered here must be rejected
with a message that names what failed."""
import copy
import itertools
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
import dpcert_check  # noqa: E402

FIXTURES = HERE / "fixtures"
TINY = Fraction(1, 10**30)

# Each fixture, its status and (optimal) the value worked out by hand from the LP file.
VALID = [
    ("two_rows", "optimal", Fraction(14, 5)),  # x = 6/5, y = 8/5
    ("infeasible", "infeasible", None),  # x + y >= 2 and x + y <= 1
    ("unbounded", "unbounded", None),  # max x with x - y <= 1
    ("equality", "optimal", Fraction(28)),  # x = 6, y = 5, z = -1 (bounds and an = row)
]


def load(name):
    return json.loads((FIXTURES / f"{name}.cert.json").read_text())


def record(doc):
    return doc["records"][0]


def rejections(doc):
    return dpcert_check.check_document(json.dumps(doc))


def s(x):
    """A Fraction as the format's exact string."""
    return str(x)


@pytest.mark.parametrize("name,status,value", VALID)
def test_valid_certificates_are_accepted(name, status, value):
    doc = load(name)
    assert rejections(doc) == []
    ans = record(doc)["answer"]
    assert ans["status"] == status
    if value is not None:
        assert Fraction(ans["value"]) == value


def moved(name, path, change):
    """A copy of fixture `name` with the entry at `path` (keys into the record) changed."""
    doc = load(name)
    obj = record(doc)
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = change(obj[path[-1]])
    return doc


def drop_row(name, row, answer_key):
    doc = load(name)
    rec = record(doc)
    rec["model"]["rows"] = [r for r in rec["model"]["rows"] if r["name"] != row]
    if answer_key:
        del rec["answer"][answer_key][row]
    return doc


def plus_tiny(v):
    return s(Fraction(v) + TINY)


TAMPERED = [
    # one primal value moved by 1/10^30: a tight row no longer holds
    ("primal moved", moved("two_rows", ["answer", "primal", "x"], plus_tiny),
     "primal: row c1: 2000000000000000000000000000001/500000000000000000000000000000 <= 4 is false"),
    ("primal moved down", moved("two_rows", ["answer", "primal", "y"], lambda v: s(Fraction(v) - TINY)),
     "objective: value 14/5"),
    ("equality primal moved", moved("equality", ["answer", "primal", "y"], plus_tiny),
     "row total:"),
    # a dual sign flipped
    ("dual sign", moved("two_rows", ["answer", "dual", "c1"], lambda v: s(-Fraction(v))),
     "dual of row c1 (<=) = -2/5, must be >= 0"),
    ("bound dual sign", moved("equality", ["answer", "dual", "y.ub"], lambda v: s(-Fraction(v))),
     "dual of row y.ub (<=) = -4, must be >= 0"),
    # a Farkas entry zeroed
    ("farkas zeroed", moved("infeasible", ["answer", "farkas", "low"], lambda v: "0"),
     "farkas: b.y = -1 <= 0"),
    # a ray that does not improve
    ("ray not improving", moved("unbounded", ["answer", "ray"], lambda r: {"x": "0", "y": "1"}),
     "ray does not improve the objective: c.r = 0"),
    ("ray leaves a row", moved("unbounded", ["answer", "ray"], lambda r: {"x": "1", "y": "0"}),
     "ray: row c: 1 <= 0 is false"),
    # an objective value off by one part in 10^30
    ("value off", moved("two_rows", ["answer", "value"], lambda v: s(Fraction(v) * (1 + TINY))),
     "objective: value 7000000000000000000000000000007/2500000000000000000000000000000, "
     "c.x + offset = 14/5, b.y + offset = 14/5"),
    ("equality value off", moved("equality", ["answer", "value"], lambda v: s(Fraction(v) * (1 + TINY))),
     "objective: value"),
    # a row dropped from the model (with its multiplier, so only the mathematics can fail)
    ("row dropped", drop_row("two_rows", "c2", "dual"),
     "dual constraint of x: (A^T y) = 4/5 >= c = 1 is false"),
    ("farkas row dropped", drop_row("infeasible", "high", "farkas"),
     "farkas: the column of x: (A^T y) = 1 <= c = 0 is false"),
    ("row dropped, multiplier kept", drop_row("two_rows", "c2", None),
     "dual names an unknown 'c2'"),
    ("bound row dropped", drop_row("equality", "x.ub", "dual"),
     "dual constraint of x"),
    # a name declared twice (the model is data: a second x or c1 would be a second column or row)
    ("variable declared twice", moved("two_rows", ["model", "variables"], lambda vs: vs + vs[:1]),
     "variable declared twice: 'x'"),
    ("row declared twice", moved("two_rows", ["model", "rows"], lambda rs: rs + rs[:1]),
     "row declared twice: 'c1'"),
]


@pytest.mark.parametrize("case,doc,message", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_tampered_certificates_are_rejected(case, doc, message):
    out = rejections(doc)
    assert len(out) == 1, out
    rid, why = out[0]
    assert rid == record(doc)["id"]
    assert message in why, why


BAD_DOCUMENTS = [
    ("truncated", lambda t: t[: len(t) // 2], "not a certificate document"),
    ("another version", lambda t: t.replace('"certificate_version": 1', '"certificate_version": 2'),
     "certificate_version 2, this checker reads 1"),
    ("version true", lambda t: t.replace('"certificate_version": 1', '"certificate_version": true'),
     "certificate_version True"),
    ("a decimal", lambda t: t.replace('"14/5"', '"2.8"'), "'2.8' is not an exact rational string"),
    ("a zero denominator", lambda t: t.replace('"14/5"', '"14/0"'), "has denominator 0"),
    ("a duplicated key", lambda t: t.replace('"x": "6/5"', '"x": "6/5", "x": "0"'),
     "duplicated key 'x'"),
    ("rows not a list", lambda t: t.replace('"rows": [', '"rows": 5, "x": [', 1), "malformed record"),
    ("another kind", lambda t: t.replace('"kind": "lp"', '"kind": "no_such_kind"'),
     "unknown record kind 'no_such_kind'"),
]


@pytest.mark.parametrize("case,edit,message", BAD_DOCUMENTS, ids=[b[0] for b in BAD_DOCUMENTS])
def test_bad_documents_are_rejected(case, edit, message):
    text = (FIXTURES / "two_rows.cert.json").read_text()
    changed = edit(text)
    assert changed != text
    out = dpcert_check.check_document(changed)
    assert len(out) == 1 and message in out[0][1], out


def test_command_line_exit_codes(tmp_path):
    script = str(HERE.parent / "dpcert_check.py")
    ok = subprocess.run([sys.executable, script, str(FIXTURES)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout
    assert f"{len(list(FIXTURES.glob('*.json')))} file(s) checked, 0 rejection(s)" in ok.stdout
    bad = tmp_path / "bad.cert.json"
    bad.write_text(json.dumps(TAMPERED[3][1]))
    out = subprocess.run([sys.executable, script, str(FIXTURES), str(bad)], capture_output=True,
                         text=True)
    assert out.returncode == 1
    assert f"{bad}: record two_rows: dual of row c1 (<=) = -2/5, must be >= 0" in out.stdout


def as_bound(name, change=None):
    """Fixture `name` (optimal) as a `bound` answer: the dual alone, no primal (issue 44 item 1)."""
    doc = load(name)
    ans = record(doc)["answer"]
    ans["status"] = "bound"
    del ans["primal"]
    if change:
        change(ans)
    return doc


def test_a_dual_point_alone_is_accepted_as_a_bound():
    # two_rows (maximize): y = (2/5, 1/5) gives b.y = 4 * 2/5 + 6 * 1/5 = 14/5 >= every x's value.
    assert rejections(as_bound("two_rows")) == []
    # A weaker dual point, y = (1, 0): A^T y = (2, 1) >= c = (1, 1); bound 4 (not the optimum).
    weaker = as_bound("two_rows", lambda a: a.update(dual={"c1": "1", "c2": "0"}, value="4"))
    assert rejections(weaker) == []


@pytest.mark.parametrize("case,change,message", [
    ("value not b.y", lambda a: a.update(value="13/5"), "b.y + offset = 14/5"),
    ("dual sign", lambda a: a["dual"].update(c1="-2/5"), "dual of row c1 (<=) = -2/5, must be >= 0"),
    ("dual infeasible", lambda a: a.update(dual={"c1": "0", "c2": "1/5"}, value="6/5"),
     "dual constraint of x"),
])
def test_a_tampered_bound_is_rejected(case, change, message):
    out = rejections(as_bound("two_rows", change))
    assert len(out) == 1 and message in out[0][1], (case, out)


# LP-R on H(n, m) at centre 0 as an `lp_r` record (docs/certificates.md, "`lp_r`"): the answer
# by level, worked out by hand. H(2, 3), t = 2 (alpha = 1/2): Gibbs p_l = alpha^l / (1 + 2 alpha)^2
# = (1/4, 1/8, 1/16), mass 1/4 + 4/8 + 4/16 = 1; u = h = 1; kappa = alpha / (1 + 2 alpha) = 1/4 on
# the outward rows (l, l + 1). Dual rows: level 0 (neighbours 1,1,1,1): 1 - 4/4 = 0 <= 0; level 1
# (0,1,2,2): 1 + 2/4 - 2/4 = 1 <= 1; level 2 (1,1,2,2): 1 + 2 * 2/4 = 2 <= 2. H(1, 2), t = 2:
# p = (2/3, 1/3), u = 1/3, kappa = 1/3.
LP_R = {
    "H(2,3)": ({"n": 2, "m": 3, "t": "2"}, "1", {"0": "1/4", "1": "1/8", "2": "1/16"},
               {"mass": "1", "0,1": "-1/4", "1,0": "0", "1,1": "0", "1,2": "-1/4", "2,1": "0", "2,2": "0"}),
    "H(1,2)": ({"n": 1, "m": 2, "t": "2"}, "1/3", {"0": "2/3", "1": "1/3"},
               {"mass": "1/3", "0,1": "-1/3", "1,0": "0"}),
}


def lp_r_doc(case, spec=None, value=None, primal=None, dual=None):
    s0, v0, p0, d0 = copy.deepcopy(LP_R[case])
    ans = {"status": "optimal", "value": value or v0, "primal": {**p0, **(primal or {})},
           "dual": {**d0, **(dual or {})}}
    rec = {"kind": "lp", "id": f"LP-R {case}", "lp_r": {**s0, **(spec or {})}, "answer": ans}
    return {"certificate_version": 1, "producer": "by hand", "records": [rec]}


def full_model(doc):
    """The naive reference: the same LP written out as a plain `lp` model (every vertex of
    H(n, m) a tuple, every ordered pair of neighbours a row) with the answer lifted by level."""
    rec = record(doc)
    n, m, t = rec["lp_r"]["n"], rec["lp_r"]["m"], Fraction(rec["lp_r"]["t"])
    verts = list(itertools.product(range(m), repeat=n))
    name = {v: "p" + "".join(map(str, v)) for v in verts}
    level = {v: sum(c != 0 for c in v) for v in verts}
    rows = [{"name": "mass", "sense": "=", "rhs": "1", "coefficients": {name[v]: "1" for v in verts}}]
    dual = {"mass": rec["answer"]["dual"]["mass"]}
    for a, b in itertools.product(verts, verts):
        if sum(x != y for x, y in zip(a, b)) == 1:
            row = f"{name[a]}_{name[b]}"
            rows.append({"name": row, "sense": "<=", "rhs": "0",
                         "coefficients": {name[a]: "1", name[b]: s(-t)}})
            dual[row] = rec["answer"]["dual"][f"{level[a]},{level[b]}"]
    model = {"objective_sense": "minimize", "variables": [{"name": name[v], "lower": "0"} for v in verts],
             "objective": {"coefficients": {name[v]: str(level[v]) for v in verts}, "offset": "0"},
             "rows": rows}
    primal = {name[v]: rec["answer"]["primal"][str(level[v])] for v in verts}
    answer = dict(rec["answer"], primal=primal, dual=dual)
    return {"certificate_version": 1, "producer": "test", "records": [
        {"kind": "lp", "id": rec["id"], "model": model, "answer": answer}]}


# One number moved each: a primal value (mass and a row), a dual sign, a dual value (a dual row),
# the value, t (the rows themselves), a tight dual entry by 1/10^30.
LP_R_TAMPERED = [
    ("primal moved", "H(2,3)", dict(primal={"2": "1/15"}), "mass 1 ("),
    ("primal row", "H(1,2)", dict(primal={"0": "1/2", "1": "1/2"}, value="1/2"), "c.x 1/2 = b.y 1/3"),
    ("dual sign", "H(2,3)", dict(dual={"0,1": "1/4"}), "rows (0, 1)"),
    ("dual row", "H(2,3)", dict(dual={"1,2": "-1/3"}), "dual of level 2"),
    ("value", "H(2,3)", dict(value="2"), "value 2"),
    ("t", "H(2,3)", dict(spec={"t": "3"}), "dual of level 1: (A^T y) = 5/4 <= 1"),
    ("tight dual by 1/10^30", "H(1,2)", dict(dual={"0,1": s(Fraction(-1, 3) - TINY)}), "dual of level 1"),
]


@pytest.mark.parametrize("case", LP_R)
def test_lp_r_records_by_hand_are_accepted_as_is_their_full_model(case):
    assert rejections(lp_r_doc(case)) == []
    assert rejections(full_model(lp_r_doc(case))) == []


@pytest.mark.parametrize("what,case,change,message", LP_R_TAMPERED, ids=[t[0] for t in LP_R_TAMPERED])
def test_tampered_lp_r_records_are_rejected_as_is_their_full_model(what, case, change, message):
    out = rejections(lp_r_doc(case, **change))
    assert len(out) == 1 and message in out[0][1], out
    assert len(rejections(full_model(lp_r_doc(case, **change)))) == 1


@pytest.mark.parametrize("what,change,message", [
    ("a row key dropped", lambda r: r["answer"]["dual"].pop("2,2"), "dual misses the entry of '2,2'"),
    ("a row that is not there", lambda r: r["answer"]["dual"].update({"0,2": "0"}), "dual names an unknown '0,2'"),
    ("a level that is not there", lambda r: r["answer"]["primal"].update({"3": "0"}), "primal names an unknown '3'"),
    ("n not an integer", lambda r: r["lp_r"].update(n="2"), "is not a Hamming graph"),
    ("m = 1", lambda r: r["lp_r"].update(m=1), "is not a Hamming graph"),
    ("t a decimal", lambda r: r["lp_r"].update(t="2.0"), "is not an exact rational string"),
])
def test_malformed_lp_r_records_are_rejected(what, change, message):
    doc = lp_r_doc("H(2,3)")
    change(record(doc))
    out = rejections(doc)
    assert len(out) == 1 and message in out[0][1], out
