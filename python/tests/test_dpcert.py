"""The Python package against a `fractions`-based reference on small cases, bad inputs, a
qif-style worked example and an LP round trip. Run: `pytest python/tests` after
`pip install ./python`."""

import itertools
import math
import random
import re
import warnings
from fractions import Fraction as F

import pytest

import dpcert

# -- naive references, written from the definitions with Fractions only -------------------------


def ref_dp_level(w, pairs):
    """max W(y|x)/W(y|x') over neighbours in both orientations (inf when 0 faces > 0)."""
    best = F(1)
    for a, b in pairs:
        for x, xp in ((a, b), (b, a)):
            for y in range(len(w[0])):
                if w[x][y] > 0 and w[xp][y] == 0:
                    return math.inf
                if w[xp][y] > 0:
                    best = max(best, w[x][y] / w[xp][y])
    return best


def ref_delta(w, pairs, t):
    """max over ordered neighbours of sum_y max(0, W(y|x) - t W(y|x'))."""
    return max(
        [F(0)]
        + [
            sum((max(F(0), w[x][y] - t * w[xp][y]) for y in range(len(w[0]))), F(0))
            for a, b in pairs
            for x, xp in ((a, b), (b, a))
        ]
    )


def complete(n):
    return list(itertools.combinations(range(n), 2))


def random_channel(rng, n, m, denom):
    rows = []
    for _ in range(n):
        cuts = sorted(rng.randint(0, denom) for _ in range(m - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [denom])]
        rows.append([F(p, denom) for p in parts])
    return rows


RR = [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]]


def near(enc, decimal, tol=F(1, 10**15)):
    """The enclosure meets [decimal - tol, decimal + tol] (decimal: a rounded reference)."""
    d = F(decimal)
    return enc.lo <= d + tol and d - tol <= enc.hi

# -- agreement with the references -------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_dp_level_and_delta_agree_with_the_reference(seed):
    rng = random.Random(seed)
    n, m = rng.randint(2, 4), rng.randint(2, 4)
    w = random_channel(rng, n, m, rng.choice([2, 3, 4, 6]))
    assert dpcert.dp_level(w).e_eps == ref_dp_level(w, complete(n))
    t = F(rng.randint(2, 9), rng.randint(1, 3))
    t = max(t, F(1))
    assert dpcert.delta(w, t) == ref_delta(w, complete(n), t)


def test_path_adjacency_compares_only_neighbours():
    w = [[F(1, 2), F(1, 2)], [F(1, 3), F(2, 3)], [F(1, 10), F(9, 10)]]
    assert dpcert.dp_level(w, "path:3").t == ref_dp_level(w, [(0, 1), (1, 2)]) == F(10, 3)
    assert dpcert.dp_level(w).e_eps == dpcert.dp_level(w).t == F(5)


def test_inputs_as_strings_ints_and_numpy_agree():
    np = pytest.importorskip("numpy")
    as_str = [["3/4", "0.25"], ["1/4", "3/4"]]
    as_obj = np.array(RR, dtype=object)
    assert dpcert.dp_level(as_str).t == dpcert.dp_level(as_obj).t == F(3)
    assert dpcert.dp_level([[1, 0], [0, 1]]).t == math.inf


def test_delta_at_eps_is_the_exact_form_and_encloses_it():
    d = dpcert.delta_at_eps(RR, F(1, 2))
    assert (d.a, d.b) == (F(3, 4), F(1, 4))  # the JSON's names (issue 43 item 4)
    # e^(1/2) in [1.6487212707, 1.6487212708]: the enclosure must contain a - b e^(1/2).
    lo, hi = d.a - d.b * F("1.6487212708"), d.a - d.b * F("1.6487212707")
    assert d.enclosure.lo <= hi and lo <= d.enclosure.hi
    assert d.enclosure.width < F(1, 10**30)
    assert "e^(1/2)" in str(d)


def test_eps_for_delta_inverts_delta_exactly():
    t, pair = dpcert.eps_for_delta(RR, F(1, 10))
    assert t == F(13, 5) and pair == (0, 1)
    assert dpcert.delta(RR, t) == F(1, 10)


def test_eps_is_an_enclosure_of_ln_t():
    e = dpcert.dp_level(RR).eps
    assert near(e, "1.0986122886681098") and e.width < F(1, 10**50)
    assert not near(e, "1.0986122886681") # the enclosure is tight, not a wide interval


# -- QIF: a qif-style worked example (Alvim et al., The Science of QIF, ch. 5) ----------------


def test_bayes_vulnerability_and_leakage_worked_example():
    prior = [F(1, 4), F(1, 2), F(1, 4)]
    c = [[F(1, 2), F(1, 2), 0, 0], [0, F(1, 4), F(1, 2), F(1, 4)], [F(1, 2), F(1, 3), F(1, 6), 0]]
    v0, v1 = dpcert.vulnerability(prior, c)
    # Reference: V(pi) = max_x pi_x; V[pi > C] = sum_y max_x pi_x C[x][y].
    assert v0 == max(prior)
    assert v1 == sum(max(prior[x] * c[x][y] for x in range(3)) for y in range(4))
    assert dpcert.mult_leakage(prior, c) == v1 / v0
    assert dpcert.add_leakage(prior, c) == v1 - v0
    assert dpcert.mult_capacity(c) == sum(max(c[x][y] for x in range(3)) for y in range(4))


def test_g_vulnerability_with_the_identity_gain_is_bayes_vulnerability():
    prior = [F(1, 6), F(1, 3), F(1, 2)]
    c = [[F(1, 2), F(1, 2)], [F(1, 3), F(2, 3)], [F(1, 10), F(9, 10)]]
    ident = [[1 if w == x else 0 for x in range(3)] for w in range(3)]
    assert dpcert.vulnerability(prior, c, ident) == dpcert.vulnerability(prior, c)
    # A gain that rewards guessing "1 or 2" (one guess covering two secrets).
    gain = [[0, 1, 1], [1, 0, 0]]
    g0, g1 = dpcert.vulnerability(prior, c, gain)
    assert g0 == max(sum(gain[w][x] * prior[x] for x in range(3)) for w in range(2))
    assert g1 == sum(max(sum(gain[w][x] * prior[x] * c[x][y] for x in range(3)) for w in range(2)) for y in range(2))


def _log_form_value(form, log):
    """A float reference for an exact form ``c*log(r) + ...`` (its terms read back by a regex)."""
    total = 0.0
    for sign, c, r in re.findall(r"(^-|[+-]|^)\s*(?:([0-9/]+)\*)?\w+\(([0-9/]+)\)", form):
        total += (-1 if sign == "-" else 1) * float(F(c or 1)) * log(F(r))
    return F(total)


def test_information_measures_are_certified_and_non_negative():
    mi, form = dpcert.mutual_information(None, RR)
    assert near(mi, "0.1887218755408671")
    # Issue 42 item 16: the exact form is in the enclosure's units and says which.
    assert (form.units, form.log) == ("bits", "log2") and "log2(" in form and "ln(" not in form
    assert mi.lo - F(1, 10**15) <= _log_form_value(form, math.log2) <= mi.hi + F(1, 10**15)
    mi_nats, form_nats = dpcert.mutual_information(None, RR, units="nats")
    assert (form_nats.units, form_nats.log) == ("nats", "ln") and "log2(" not in form_nats
    assert mi_nats.lo - F(1, 10**15) <= _log_form_value(form_nats, math.log) <= mi_nats.hi + F(1, 10**15)
    cap, pi = dpcert.capacity(RR)
    assert pi == [F(1, 2), F(1, 2)] and near(cap, "0.1887218755408671")
    same = [[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)]]
    cap0, _ = dpcert.capacity(same)
    assert cap0.lo >= 0  # never below the trivial bound
    mi0, _ = dpcert.mutual_information(None, same)
    assert mi0.lo >= 0
    assert dpcert.min_entropy_leakage(None, RR).lo > F("0.5849")


def test_audit_returns_every_field_with_fractions_and_enclosures():
    a = dpcert.audit(RR, eps=["1/2", 1], delta=F(1, 10), prior="uniform")
    assert a["dp"]["e_eps"] == F(3)
    assert isinstance(a["dp"]["eps"], dpcert.Enclosure)
    assert a["eps_for_delta"]["e_eps"] == F(13, 5)
    assert [d["a"] for d in a["delta_at_eps"]] == [F(3, 4), F(3, 4)]
    assert isinstance(a["capacity"]["value"], dpcert.Enclosure)
    assert a["schema_version"] == 1 and a["command"] == "audit"
    assert a["dp"]["eps"].exact == "ln(3)" and F(10986, 10000) < a["dp"]["eps"].lo < F(10987, 10000)
    assert a["mutual_information"]["value"].exact is not None
    assert dpcert.audit(RR, delta=1)["eps_for_delta"]["vacuous"] is True


def test_audit_keeps_the_cli_json_shapes():
    # Issue 43 item 4: the dictionary has the CLI's keys and shapes. A list stays a list: the
    # capacity's two-entry input distribution is not an enclosure (it was read as one).
    a = dpcert.audit(RR)
    assert a["capacity"]["input"] == [F(1, 2), F(1, 2)]
    assert a["capacity"]["output"] == [F(1, 2), F(1, 2)]
    assert a["shape"] == {"inputs": 2, "outputs": 2}
    # An unbounded level is "inf" in the JSON and math.inf here, in audit as in compose.
    inf = dpcert.audit([[1, 0], [0, 1]])
    assert inf["dp"]["e_eps"] == math.inf and inf["dp"]["eps"] is None


def test_audit_curve_t_gives_exact_pieces():
    # Issue 46 item 4, by hand: randomized response at e^eps = 3 has delta(t) = (3 - t)/4 on
    # [1, 3] and 0 beyond.
    c = dpcert.audit(RR, curve_t=(1, 4))["curve"]
    pieces = [(p["t_lo"], p["t_hi"], p["a"], p["b"]) for p in c["pieces"]]
    assert pieces == [(1, 3, F(3, 4), F(1, 4)), (3, 4, 0, 0)]
    assert c["pieces"][0]["exact"] == "3/4 - 1/4*t"
    assert isinstance(c["pieces"][1]["eps_lo"], dpcert.Enclosure)
    with pytest.raises(ValueError, match="T1 < T2"):
        dpcert.audit(RR, curve_t=(2, 2))
    with pytest.raises(ValueError, match=">= 1"):
        dpcert.audit(RR, curve_t=(F(1, 2), 2))


# -- floats only when asked --------------------------------------------------------------------


def test_floats_are_refused_unless_rationalized():
    floats = [[3 / 7, 4 / 7], [4 / 7, 3 / 7]]
    with pytest.raises(TypeError, match="rationalize"):
        dpcert.dp_level(floats)
    with pytest.warns(dpcert.RationalizedWarning, match="rationalized matrix"):
        assert dpcert.dp_level(floats, rationalize="auto").t == F(4, 3)
    with pytest.warns(dpcert.RationalizedWarning):
        assert dpcert.dp_level([[0.75, 0.25], [0.25, 0.75]], rationalize=1000).t == F(3)


def test_rationalize_auto_keeps_rr_at_its_exact_level():
    # RR at e^eps = 3 on 3 outputs, written by numpy: 3/5, 1/5, 1/5.
    rows = [[3 / 5 if i == j else 1 / 5 for j in range(3)] for i in range(3)]
    with pytest.warns(dpcert.RationalizedWarning):
        assert dpcert.dp_level(rows, rationalize="auto").t == F(3)


# -- bad input: clear exceptions ---------------------------------------------------------------


@pytest.mark.parametrize(
    "rows, match",
    [
        ([[F(1, 2), F(1, 3)]], "row 1: row sums to 5/6"),
        ([[F(1, 2), F(1, 2)], [F(-1, 2), F(3, 2)]], r"row 2, column 1 \(1-based\): negative"),
        ([["1/2", "1/2"], ["1/2"]], "row 2"),
        ([["1/2", "a half"]], "row 1, column 2"),
        ([], "no rows"),
    ],
)
def test_bad_matrices_raise_value_error_with_the_place(rows, match):
    with pytest.raises(ValueError, match=match):
        dpcert.dp_level(rows)


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="must be >= 1"):
        dpcert.delta(RR, F(1, 2))
    with pytest.raises(ValueError, match="delta must be in"):
        dpcert.eps_for_delta(RR, 2)
    with pytest.raises(ValueError, match="3 vertices"):
        dpcert.dp_level(RR, "path:3")
    with pytest.raises(ValueError, match="neither a graph spec"):
        dpcert.dp_level(RR, "no-such-graph")
    with pytest.raises(TypeError):
        dpcert.dp_level([[True, False], [False, True]])
    with pytest.raises(ValueError, match="no claim"):
        dpcert.verify(["NOPE-1"])


# -- graphs, LPs, claims -----------------------------------------------------------------------


def test_graph_analysis():
    g = dpcert.graph("petersen")
    assert g["vertices"] == 10 and g["aut_order"] in (120, "120")
    assert g["distance_regular"] is True or g["distance_regular"].startswith("yes")


def test_graph_aut_budget():
    # H(3,3) has checked translations: past the budget |Aut| is not computed and says why,
    # while vertex-transitivity is still certified; by default |Aut| = (3!)^3 * 3! = 1296.
    g = dpcert.graph("hamming:3,3", aut_budget=1)
    assert g["aut_order"] is None and "budget of 1 " in g["aut_why"]
    assert g["vertex_transitive"] is True
    assert dpcert.graph("hamming:3,3")["aut_order"] in (1296, "1296")


def test_lp_model_round_trip_and_certificate():
    m = dpcert.LpModel(maximize=True)
    m.objective({"x": 3, "y": 2})
    m.add({"x": 1, "y": 1}, "<=", 4)
    m.add({"x": 1, "y": 3}, "<=", F(6))
    m.bound("x", upper=3)
    s = m.solve()
    assert s["status"] == "optimal" and s["certificate_checked"] is True
    assert s["objective"] == F(11)
    assert s["values"] == [{"name": "x", "value": F(3)}, {"name": "y", "value": F(1)}]
    # Weak duality by hand: the duals price the rows to the same objective.
    duals = {d["row"]: d["value"] for d in s["duals"]}
    assert 4 * duals["c1"] + 6 * duals["c2"] + 3 * duals.get("x.ub", 0) == F(11)
    inf = dpcert.LpModel()
    inf.objective({"x": 1})
    inf.add({"x": 1}, ">=", 2)
    inf.add({"x": 1}, "<=", 1)
    assert inf.solve()["status"] == "infeasible"


def test_lp_syntax_error_names_the_line():
    with pytest.raises(ValueError, match="line"):
        dpcert.solve_lp("Maximize\n obj: x\nSubject To\n c1: x <= \nEnd\n")


def test_verify_runs_a_registered_claim():
    (r,) = dpcert.verify(["VAD-3"])
    assert r["id"] == "VAD-3" and r["verdict"] == r["expect"]


# -- composition ---------------------------------------------------------------------------------


def ref_delta_k(w, k, t):
    """delta(t) of k uses of the 2-row mechanism w by enumerating every output sequence."""
    best = F(0)
    for x, xp in ((0, 1), (1, 0)):
        total = F(0)
        for ys in itertools.product(range(len(w[0])), repeat=k):
            p = q = F(1)
            for y in ys:
                p *= w[x][y]
                q *= w[xp][y]
            total += max(F(0), p - t * q)
        best = max(best, total)
    return best


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_compose_agrees_with_enumerating_every_output_sequence(k):
    w3 = [[F(1, 2), F(1, 3), F(1, 6)], [F(1, 6), F(1, 3), F(1, 2)]]
    for w in (RR, w3):
        for t in (F(1), F(3, 2), F(3), F(7)):
            doc = dpcert.compose(w, k, t=t)
            assert doc["delta_at_t"]["delta"] == ref_delta_k(w, k, t)


def test_compose_rr_100_matches_the_known_exact_eps():
    doc = dpcert.compose(RR, 100, delta=F(1, 10**5))
    t = doc["eps_for_delta"]["e_eps"]
    # eps = ln t must be 90.7815385083... (the exact figure)
    assert near(dpcert.DpLevel(t, 0, 1, 0).eps, "90.78153850830", F(1, 10**10))
    assert "of 100 answers" in doc["eps_for_delta"]["event"]["words"]
    assert dpcert.compose(RR, 100, t=t)["delta_at_t"]["delta"] == F(1, 10**5)
    # delta = 1 is vacuous, answered (e^eps = 1), not refused
    assert dpcert.compose(RR, 100, delta=1)["eps_for_delta"]["vacuous"] is True
    with pytest.raises(ValueError, match="must be 1 to"):
        dpcert.compose(RR, 0, delta=F(1, 10))


def test_compose_curve_t_rows_and_floats():
    # Issue 46 item 4, by hand: binary RR at t = 3 used twice has delta(t) = 9/16 - t/16 on
    # [1, 9] (both answers equal x: P = 9/16, Q = 1/16) and 0 beyond.
    r = dpcert.compose(RR, k=2, curve_t=(1, 12))
    rows = r.curve
    assert [(x["t_lo"], x["t_hi"], x["a"], x["b"]) for x in rows] == [
        (1, 9, F(9, 16), F(1, 16)),
        (9, 12, 0, 0),
    ]
    assert rows[0]["eps_hi_float"] == pytest.approx(math.log(9))
    assert rows[0]["delta_lo_float"] == 0.5 and rows[1]["delta_hi_float"] == 0.0
    # The audit's curve has the same rows (k = 1: delta = 3/4 - t/4 on [1, 3]).
    a = dpcert.audit(RR, curve_t=(1, 4)).curve
    assert [(x["t_lo"], x["t_hi"], x["a"], x["b"]) for x in a] == [(1, 3, F(3, 4), F(1, 4)), (3, 4, 0, 0)]
    assert dpcert.compose(RR, k=2).curve is None
    with pytest.raises(ValueError, match=">= 1"):
        dpcert.compose(RR, k=2, curve_t=(F(1, 2), 2))


def test_plot_curve_draws_the_pieces():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    r = dpcert.compose(RR, k=3, curve_t=(1, 30))
    ax = dpcert.plot_curve(r)
    lines = ax.get_lines()
    # The sampled pieces and one marker per breakpoint (1, 3, 27, 30).
    assert len(lines[1].get_xdata()) == 4
    assert ax.get_yscale() == "log"
    with pytest.raises(ValueError, match="no curve"):
        dpcert.plot_curve(dpcert.compose(RR, k=3))
    # optimal's curve: its rational functions sampled, one marker per breakpoint (2 pieces).
    ax = dpcert.plot_curve(dpcert.optimal("path:3", curve_t=(1, 4), loss="graph"))
    assert len(ax.get_lines()[1].get_xdata()) == 3 and ax.get_yscale() == "linear"


def test_compose_renyi_and_zcdp():
    # By hand: S_2 of (3/4, 1/4) vs (1/4, 3/4) is 9/4 + 1/12 = 7/3, so 10 uses have
    # D_2 = 10 ln(7/3) exactly; each conversion is above the PLD's exact eps(delta).
    doc = dpcert.compose(RR, 10, rdp=[2, F(3, 2)], zcdp=True, delta=F(1, 1000))
    r = doc["renyi"]
    assert r["orders"][0]["exact"] == "10*ln(7/3)"
    d2 = r["orders"][0]["divergence"]
    assert d2.lo <= 10 * math.log(F(7, 3)) <= d2.hi + F(1, 10**9)
    assert r["orders"][1]["exact"] is None
    pld = r["pld_eps"]["eps"]
    for best in (r["best_classical"], r["best_cks"]):
        assert best["eps"].hi >= pld.lo
    assert r["zcdp"]["eps"].hi >= pld.lo
    with pytest.raises(ValueError, match="Renyi order"):
        dpcert.compose(RR, 10, rdp=[1])


def test_compose_subsampled():
    # Poisson Q = 1/4 on RR at t = 3: pure level 1 + Q(t - 1) = 3/2 per use (by hand).
    doc = dpcert.compose(RR, 10, delta=0, subsample="poisson:1/4")
    assert doc["eps_for_delta"]["e_eps"] == F(3, 2) ** 10
    with pytest.raises(ValueError, match="rate Q"):
        dpcert.compose(RR, 10, subsample="poisson:2")


# -- the claim language ------------------------------------------------------------------------


def test_check_holds_fails_and_errors():
    v = dpcert.check("forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))")
    assert v["outcome"] == "holds" and v["total"] == 25 and v["text"].startswith("holds")
    # A false statement: the first counterexample in enumeration order, checked by hand.
    f = dpcert.check("forall W in channels(2, 2, denom 2): dp(W) <= 2")
    assert f["outcome"] == "fails"
    w = {b["name"]: b["value"] for b in f["counterexample"]["bindings"]}["W"]
    # Issue 47: a channel binding is a Fraction matrix (it was the text "[(0, 1), (1/2, 1/2)]").
    # By hand: the second channel in enumeration order, a zero facing 1/2: dp = inf.
    assert w == [[F(0), F(1)], [F(1, 2), F(1, 2)]]
    with pytest.raises(ValueError, match="\\^"):
        dpcert.check("forall W in channels(2, 2, denom 4): mi(W) <= ")
    with pytest.raises(ValueError, match="unknown"):
        dpcert.check("dpp(rr(2, 3)) = 3")


# -- issue 47: refinement, optimal, metric privacy, loss, bindings, notebook display -----------


def ref_post_g(prior, w, g):
    """V_g(π, W) = Σ_y max_z Σ_x π(x) W(y|x) g(z, x), from the definition."""
    return sum(
        max(sum(prior[x] * w[x][y] * gz[x] for x in range(len(w))) for gz in g)
        for y in range(len(w[0]))
    )


def ref_compose(b, r):
    return [[sum(b[x][y] * r[y][z] for y in range(len(r))) for z in range(len(r[0]))] for x in range(len(b))]


def test_refines_random_certificates_check():
    rng = random.Random(47)
    for _ in range(20):
        b = random_channel(rng, 3, 3, 4)
        if rng.random() < 0.5:
            a = ref_compose(b, random_channel(rng, 3, 2, 3))
        else:
            a = random_channel(rng, 3, 2, 3)
        r = dpcert.refines(a, b)
        if r["refines"]:
            assert ref_compose(b, r["r"]) == a
        else:
            c = r["counterexample"]
            assert ref_post_g(c["prior"], a, c["gain"]) > ref_post_g(c["prior"], b, c["gain"])
    with pytest.raises(ValueError, match="different input sets"):
        dpcert.refines(RR, [[1]] * 3)


def test_optimal_matches_the_cli_example():
    prior = [F(1, 2), F(1, 4), F(1, 8), F(1, 16), F(1, 16)]
    doc = dpcert.optimal("path:5", 2, prior=prior, gain="identity")
    assert doc["optimum"] == F(25, 48)
    assert ref_post_g(prior, doc["rows"], [[int(i == j) for j in range(5)] for i in range(5)]) == F(25, 48)
    with pytest.raises(ValueError):
        dpcert.optimal("path:3", 2)


def test_optimal_curve_t_pieces_match_pointwise_optima():
    # Issue 46: optimal(curve_t=) gives the pieces; the naive reference is the one-t LP
    # (optimal(t=)) at each rational end and at a rational inside each piece. path:3 with the
    # graph loss changes basis at the golden ratio (an algebraic breakpoint).
    r = dpcert.optimal("path:3", curve_t=(1, 4), loss="graph")
    rows = r.curve
    assert r["curve"]["complete"] is True and len(rows) == 2
    assert rows[0]["t_lo"] == 1 and rows[-1]["t_hi"] == 4
    golden = (1 + math.sqrt(5)) / 2
    assert isinstance(rows[0]["t_hi"], str) and "root of" in rows[0]["t_hi"]
    assert rows[0]["t_hi_float"] == pytest.approx(golden) and rows[1]["t_lo"] == rows[0]["t_hi"]
    for row, inside in zip(rows, [F(3, 2), F(3)]):
        num = dpcert._poly(row["numerator"])
        den = dpcert._poly(row["denominator"])
        for t in [inside] + [x for x in (row["t_lo"], row["t_hi"]) if isinstance(x, F)]:
            want = dpcert.optimal("path:3", t, loss="graph")["optimum"]
            assert dpcert._eval(num, t) / dpcert._eval(den, t) == want, (row, t)
        if isinstance(row["t_lo"], F):
            assert row["value_lo"] == dpcert.optimal("path:3", row["t_lo"], loss="graph")["optimum"]
        assert row["value_lo_float"] == pytest.approx(float(dpcert._eval(num, row["t_lo_float"]) / dpcert._eval(den, row["t_lo_float"])))
    # A time limit spent at once: no piece, not complete, covered up to T1 only.
    part = dpcert.optimal("path:3", curve_t=(1, 4), loss="graph", time_limit=1e-9)
    assert part["curve"]["complete"] is False and part["curve"]["covered_to"] == 1
    assert part.curve == []
    with pytest.raises(ValueError, match="exactly one of t= and curve_t="):
        dpcert.optimal("path:3", 2, loss="graph", curve_t=(1, 4))
    with pytest.raises(ValueError, match=">= 1"):
        dpcert.optimal("path:3", curve_t=(F(1, 2), 4), loss="graph")


def test_poly_reads_the_polynomials_dpcert_writes():
    assert dpcert._poly("-3/4*t^2 + t - 1/2") == [(F(-3, 4), 2), (1, 1), (F(-1, 2), 0)]
    assert dpcert._poly("t^3") == [(1, 3)] and dpcert._poly("7") == [(7, 0)]
    assert dpcert._eval(dpcert._poly("2*t^2 - 3*t + 1"), F(1, 2)) == 0


def test_metric_and_specs():
    g = dpcert.mechanism("expmech:path:3:2")
    assert g[0] == [F(4, 7), F(2, 7), F(1, 7)]
    a = dpcert.audit(g, metric=[[0, 1, 2], [1, 0, 1], [2, 1, 0]])
    assert a["metric_privacy"]["ratio"] == F(16, 7)
    with pytest.raises(ValueError, match="triangle inequality"):
        dpcert.audit(g, metric=[[0, 1, 5], [1, 0, 1], [5, 1, 0]])
    with pytest.raises(ValueError):
        dpcert.mechanism("geoind:0:2")


def test_check_bindings_are_fractions():
    doc = dpcert.check("forall p in dists(2, denom 4): bayes_vuln(p) >= 3/4")
    p = doc["counterexample"]["bindings"][0]["value"]
    assert p == [F(1, 2), F(1, 2)]


def test_notebook_example_runs():
    import pathlib
    import runpy

    runpy.run_path(str(pathlib.Path(__file__).parent.parent / "examples" / "qif_notebook.py"))


def test_one_precision_rule_for_enclosures():
    # Issue 47: audit's eps came back at the JSON's 12 digits while dp_level().eps had 256 bits;
    # an enclosure with a one-logarithm exact form is now enclosed at 256 bits wherever it
    # comes from.
    a = dpcert.audit(RR)
    e, direct = a["dp"]["eps"], dpcert.dp_level(RR).eps
    assert e.exact == "ln(3)" and e.width < F(1, 10**50)
    assert (e.lo, e.hi) == (direct.lo, direct.hi)
    leak = a["min_entropy"]["leakage"]
    assert leak.width < F(1, 10**50) and near(leak, "0.5849625007211562")  # log2(3/2)
    m = dpcert.audit("expmech:path:3:2", metric=[[0, 1, 2], [1, 0, 1], [2, 1, 0]])["metric_privacy"]["eps"]
    assert m.width < F(1, 10**50)


def test_every_command_document_displays_in_a_notebook():
    for doc in (dpcert.compose(RR, 2, delta=0), dpcert.graph("path:3"), dpcert.audit(RR)):
        assert isinstance(doc, dpcert.Report) and isinstance(doc, dict)
        assert doc._repr_html_().startswith("<table>")
    assert "\\frac{3}{4}" in dpcert.Report({"x": F(3, 4)})._repr_latex_()


def test_kantorovich_and_hyper():
    # By hand: (1/2, 1/2, 0) to (0, 1/2, 1/2) on the line moves mass 1 in all; TV is 1/2.
    line = [[abs(i - j) for j in range(3)] for i in range(3)]
    discrete = [[int(i != j) for j in range(3)] for i in range(3)]
    p, q = [F(1, 2), F(1, 2), 0], [0, F(1, 2), F(1, 2)]
    v, c = dpcert.kantorovich(p, q, line)
    assert v == 1 and [sum(r) for r in c] == p
    assert dpcert.kantorovich(p, q, discrete)[0] == F(1, 2)
    with pytest.raises(ValueError, match="asymmetric"):
        dpcert.kantorovich(p, q, [[0, 1, 1], [2, 0, 1], [1, 1, 0]])
    # Proportional columns merge: outputs 0 and 1 of W share the posterior (2/3, 1/3).
    w = [[F(1, 4), F(1, 4), F(1, 2)], [F(1, 8), F(1, 8), F(3, 4)]]
    assert dpcert.hyper("uniform", w) == [(F(5, 8), [F(2, 5), F(3, 5)]), (F(3, 8), [F(2, 3), F(1, 3)])]
    assert dpcert.hyper("uniform", w) == dpcert.hyper("uniform", [[F(1, 2), F(1, 2)], [F(3, 4), F(1, 4)]])


# --- issue 45 items 3, 5, 6: named noise mechanisms, calibrate, dp-accounting events ---------


def test_compose_named_dlaplace_by_hand():
    # dlaplace:2 twice (sensitivity 1): P = (2/3, 1/3), Q = (1/3, 2/3) on {z <= 0, z >= 1};
    # delta(eps = ln 2) = 4/9 - 2/9 = 2/9, so (ln 2, 2/9) is exactly met: check at eps = 1
    # (e > 2) must hold with delta = 2/9.
    doc = dpcert.compose_named([("dlaplace:2", 2)], check=("1", "2/9"))
    assert doc["check"]["holds"] is True


def test_calibrate_rr_by_hand():
    # One use at (1, 0): the largest t = e^eps on the grid 1/100 with t <= e is 271/100.
    doc = dpcert.calibrate("rr:2", 1, "1", "0")
    assert doc["best"]["value"] == F(271, 100)
    assert doc["next"]["value"] == F(272, 100)
    assert doc["next"]["verdict"] == "fails"


def test_calibrate_bad_input():
    with pytest.raises(ValueError):
        dpcert.calibrate("dlaplace", 1, "1", "0", resolution="0")
    with pytest.raises(ValueError):
        dpcert.compose_named([("dlaplace:1", 1)], check=("1", "0"))


def test_check_event_translation_and_refusal():
    dp_accounting = pytest.importorskip("dp_accounting")
    # An event dpcert does not translate is refused by name.
    with pytest.raises(ValueError, match="does not translate"):
        dpcert.check_event(dp_accounting.NoOpDpEvent(), "1", "0")
    # Continuous events are answered by the continuous enclosures (issue 45 item 6); the
    # expected verdicts come from Balle-Wang's closed form in floats (a band far from the
    # boundary), not from dpcert.
    ev = dp_accounting.SelfComposedDpEvent(dp_accounting.GaussianDpEvent(1), 10)
    mu = math.sqrt(10)

    def phi(x):
        return 0.5 * math.erfc(-x / math.sqrt(2))

    for eps, want in [(10, False), (20, True)]:
        d = phi(mu / 2 - eps / mu) - math.exp(eps) * phi(-mu / 2 - eps / mu)
        assert (d <= 1e-5) == want and abs(d - 1e-5) > 1e-7
        doc = dpcert.check_event(ev, str(eps), "1/100000")
        assert doc["check"]["holds"] is want
        assert doc["mode"] == "closed_form"
    # One Laplace use: delta(eps) = 1 - e^((eps - 1)/2) = 0.2212 at eps = 1/2.
    lap = dp_accounting.LaplaceDpEvent(1)
    assert dpcert.check_event(lap, "1/2", "1/5")["check"]["holds"] is False
    assert dpcert.check_event(lap, "1/2", "23/100")["check"]["holds"] is True
    # A ComposedDpEvent of one continuous mechanism is its uses; two different ones are refused.
    two = dp_accounting.ComposedDpEvent([dp_accounting.GaussianDpEvent(2), dp_accounting.GaussianDpEvent(2)])
    assert dpcert.check_event(two, "1", "1/10")["uses"] == [{"mechanism": "gaussian:2", "k": 2}]
    mixed = dp_accounting.ComposedDpEvent([dp_accounting.GaussianDpEvent(1), dp_accounting.LaplaceDpEvent(1)])
    with pytest.raises(ValueError, match="different continuous"):
        dpcert.check_event(mixed, "1", "1/10")


def test_check_event_poisson_sampled():
    """PoissonSampledDpEvent of the Gaussian (DP-SGD) and of the Laplace mechanism (issue 45
    items 3 and 6). Expected verdicts from dp-accounting's own PLD (value discretisation 1e-4),
    far from the boundary: DP-SGD q = 0.01, sigma = 1, 100 steps has eps(1e-5) ~ 0.718 and
    delta(0.5) ~ 1.3e-4; Laplace q = 0.1, b = 1, 10 uses has eps(1e-5) ~ 1.17, delta(0.5) ~ 8e-3."""
    dp_accounting = pytest.importorskip("dp_accounting")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dpcert.RationalizedWarning)
        sgd = dp_accounting.SelfComposedDpEvent(
            dp_accounting.PoissonSampledDpEvent(0.01, dp_accounting.GaussianDpEvent(1)), 100
        )
        assert dpcert.check_event(sgd, "1", "1/100000")["check"]["holds"] is True
        assert dpcert.check_event(sgd, "1/2", "1/100000")["check"]["holds"] is False
        lap = dp_accounting.SelfComposedDpEvent(
            dp_accounting.PoissonSampledDpEvent(0.1, dp_accounting.LaplaceDpEvent(1)), 10
        )
        doc = dpcert.check_event(lap, "3/2", "1/100000")
        assert doc["check"]["holds"] is True and doc["subsample"] == "poisson:1/10"
        assert dpcert.check_event(lap, "1/2", "1/1000")["check"]["holds"] is False
