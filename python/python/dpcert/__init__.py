"""dpcert: exact checking of differential privacy and information theory, from Python.

Every number dpcert returns is exact (a :class:`fractions.Fraction`) or a certified enclosure
(an :class:`Enclosure` of two Fractions that contains the true value); nothing is decided in
floating point. Matrices are lists (or numpy arrays) of rows, one row per input, one column per
output; entries are ``Fraction``, ``int`` or exact strings (``"3/7"``, ``"0.1"`` is 1/10).
Float entries are refused unless ``rationalize=DENOM`` (every entry ``k/DENOM``) or
``rationalize="auto"`` (the simplest rational within ``tolerance`` of each entry, e.g.
``0.42857142857142855`` becomes ``3/7``) says how to make them exact; what changed is reported
by a :class:`RationalizedWarning`.

Adjacency is ``"complete"`` (every two inputs are neighbours), a graph spec such as
``"hamming:2,3"``, ``"cycle:5"``, ``"path:4"``, or an edge-list file. ``t`` is ``e^eps >= 1``.

The computations are the Rust library's; this module converts inputs and outputs only.
"""

from __future__ import annotations

import json
import math
import numbers
import re
import warnings
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Optional, Sequence, Tuple, Union

from . import _dpcert

__all__ = [
    "Enclosure",
    "LogForm",
    "DpLevel",
    "DeltaAtEps",
    "RationalizedWarning",
    "LpModel",
    "audit",
    "dp_level",
    "delta",
    "delta_at_eps",
    "eps_for_delta",
    "vulnerability",
    "mult_leakage",
    "add_leakage",
    "mult_capacity",
    "min_entropy_leakage",
    "mutual_information",
    "capacity",
    "compose",
    "check",
    "graph",
    "solve_lp",
    "verify",
]

Exact = Union[Fraction, int, str]


class RationalizedWarning(UserWarning):
    """Float entries were made exact (``rationalize=``): says how many moved and by how much.
    The results are those of the rationalized matrix, not of the floats."""


@dataclass(frozen=True)
class Enclosure:
    """A certified enclosure ``lo <= value <= hi`` with exact endpoints, and the exact form of
    the value (``"ln(3)"``) when it has one (the JSON's ``{"lo", "hi", "exact"}``)."""

    lo: Fraction
    hi: Fraction
    exact: Optional[str] = None

    @property
    def mid(self) -> float:
        """A float for display only."""
        return float((self.lo + self.hi) / 2)

    @property
    def width(self) -> Fraction:
        return self.hi - self.lo

    def __contains__(self, x: Any) -> bool:
        return self.lo <= Fraction(x) <= self.hi

    def __str__(self) -> str:
        return f"[{float(self.lo):.12g}, {float(self.hi):.12g}]"


@dataclass(frozen=True)
class DpLevel:
    """The exact DP level ``e_eps = e^eps`` (``math.inf`` when some output separates two
    neighbours) and a witness: inputs ``x``, ``x_prime`` and output ``y`` attaining it
    (0-based); ``e_eps`` is the JSON's name (``audit``'s ``dp.e_eps``, docs/json.md)."""

    e_eps: Union[Fraction, float]
    x: int
    x_prime: int
    y: int

    @property
    def t(self) -> Union[Fraction, float]:
        """``t = e^eps``, the project's name for the same value (``--t``)."""
        return self.e_eps

    @property
    def eps(self) -> Optional[Enclosure]:
        """``eps = ln e_eps`` as an enclosure (None when e_eps is infinite)."""
        if self.e_eps == math.inf:
            return None
        lo, hi = _dpcert.ln(f"{self.e_eps.numerator}/{self.e_eps.denominator}")
        return Enclosure(Fraction(lo), Fraction(hi))


@dataclass(frozen=True)
class DeltaAtEps:
    """``delta(eps) = a - b * e^eps`` exactly, with a certified enclosure and the attaining
    pair and event (0-based outputs); ``a``, ``b`` are the JSON's names (docs/json.md)."""

    eps: Fraction
    a: Fraction
    b: Fraction
    enclosure: Enclosure
    x: int
    x_prime: int
    event: Tuple[int, ...]

    def __str__(self) -> str:
        if self.b == 0:
            return f"{self.a}"
        return f"{self.a} - {self.b}·e^({self.eps}) ∈ {self.enclosure}"


# -- input conversion --------------------------------------------------------------------------

_EXACT_RE = re.compile(r"^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?(\s*/\s*\d+)?\s*$")


def _lit(x: Any, where: str = "value") -> str:
    """An exact literal for the Rust side; floats are refused (their exactness is lost)."""
    if isinstance(x, bool):
        raise TypeError(f"{where}: a bool is not a number")
    if isinstance(x, Fraction):
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, numbers.Integral):
        return str(int(x))
    if isinstance(x, str):
        return x.strip()
    if isinstance(x, numbers.Rational):
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, numbers.Real):
        raise TypeError(
            f"{where}: float {x!r} is not exact; pass Fraction/int/str entries, or "
            "rationalize=DENOM or rationalize='auto' to convert floats explicitly"
        )
    raise TypeError(f"{where}: {type(x).__name__} is not a number")


def _is_float(x: Any) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, (numbers.Rational, bool))


def _rows(m: Any, rationalize: Union[None, int, str] = None, tolerance: Any = None) -> list:
    """Rows of exact literals from a list of lists or a 2-D numpy array."""
    if hasattr(m, "tolist"):
        m = m.tolist()
    rows = [list(r) if not isinstance(r, (str, bytes)) else None for r in m]
    if any(r is None for r in rows):
        raise TypeError("a matrix is a sequence of rows (one row per input)")
    has_float = any(_is_float(x) for r in rows for x in r)
    if rationalize is None:
        return [[_lit(x, f"row {i + 1}, column {j + 1}") for j, x in enumerate(r)] for i, r in enumerate(rows)]
    text = [
        [repr(float(x)) if _is_float(x) else _lit(x, f"row {i + 1}, column {j + 1}") for j, x in enumerate(r)]
        for i, r in enumerate(rows)
    ]
    how = "auto" if rationalize == "auto" else str(int(rationalize))
    tol = None if tolerance is None else _lit(tolerance, "tolerance")
    exact, changed, largest, at = _dpcert.rationalize(text, how, tol)
    if changed or has_float:
        warnings.warn(
            RationalizedWarning(
                f"rationalized ({how}): {changed} {'entry' if changed == 1 else 'entries'} changed, "
                f"largest change {largest} at row {at[0] + 1}, column {at[1] + 1} (1-based); "
                "results are those of the rationalized matrix"
            ),
            stacklevel=3,
        )
    return exact


def _vec(p: Any, what: str) -> list:
    if hasattr(p, "tolist"):
        p = p.tolist()
    return [_lit(x, f"{what} entry {i + 1}") for i, x in enumerate(p)]


def _prior(prior: Any, n: int) -> list:
    if prior is None or (isinstance(prior, str) and prior == "uniform"):
        return [f"1/{n}"] * n
    return _vec(prior, "prior")


# -- output conversion -------------------------------------------------------------------------

_Q_RE = re.compile(r"^-?\d+(/\d+)?$|^-?\d+\.\d+$")


def _q(s: Optional[str]) -> Union[Fraction, float]:
    """An exact string from Rust as a Fraction (None means infinity)."""
    return math.inf if s is None else Fraction(s)


def _fractions(v: Any, key: str = "") -> Any:
    """Exact strings in a JSON document become Fractions, ``"inf"`` under ``e_eps`` becomes
    ``math.inf``, and enclosures ``{"lo", "hi"[, "exact"]}`` (docs/json.md: the only shape of
    an enclosure) become :class:`Enclosure`. A list stays a list (a two-entry distribution
    such as ``capacity.input`` is not an enclosure). Fields named ``*decimal*`` are rounded
    decimals for people and stay strings; the names are the JSON's."""
    if "decimal" in key:
        return v
    if isinstance(v, dict):
        if set(v) in ({"lo", "hi"}, {"lo", "hi", "exact"}):
            return Enclosure(Fraction(v["lo"]), Fraction(v["hi"]), v.get("exact"))
        return {k: _fractions(x, k) for k, x in v.items()}
    if isinstance(v, list):
        return [_fractions(x) for x in v]
    if isinstance(v, str):
        if _Q_RE.match(v):
            return Fraction(v)
        if key == "e_eps" and v == "inf":
            return math.inf
    return v


# -- the API -----------------------------------------------------------------------------------


def audit(
    mechanism: Any,
    adjacency: str = "complete",
    prior: Any = None,
    t: Optional[Exact] = None,
    eps: Iterable[Exact] = (),
    delta: Optional[Exact] = None,
    units: str = "bits",
    rationalize: Union[None, int, str] = None,
    tolerance: Optional[Exact] = None,
    curve_t: Optional[Tuple[Exact, Exact]] = None,
) -> dict:
    """Every measure of ``dpcert audit --json`` for a mechanism: the exact DP level, delta at
    ``t`` and at each ``eps`` (exact form ``a - b·e^eps`` and enclosure), the smallest eps for
    ``delta``, min-entropy leakage and capacity, mutual information and a certified Shannon
    capacity bracket, identifiability (with a prior) and expected Hamming distortion (Hamming
    adjacency). ``curve_t=(T1, T2)`` (``1 <= T1 < T2``) adds ``"curve"``: delta(t) for every
    ``t = e^eps`` in ``[T1, T2]`` as exact pieces ``a - b·t`` (``t_lo``, ``t_hi``, ``a``, ``b``
    Fractions; the attaining pair in ``witness``). Exact values are Fractions, enclosures
    :class:`Enclosure`."""
    rows = _rows(mechanism, rationalize, tolerance)
    doc = json.loads(
        _dpcert.audit(
            rows,
            adjacency,
            None if prior is None else _prior(prior, len(rows)),
            None if t is None else _lit(t, "t"),
            [_lit(e, "eps") for e in eps],
            None if delta is None else _lit(delta, "delta"),
            units,
            None if curve_t is None else (_lit(curve_t[0], "curve_t"), _lit(curve_t[1], "curve_t")),
        )
    )
    return _fractions(doc)


def dp_level(mechanism: Any, adjacency: str = "complete", rationalize=None, tolerance=None) -> DpLevel:
    """The exact DP level ``t = e^eps = max W(y|x) / W(y|x')`` over neighbours."""
    t, x, xp, y = _dpcert.dp_level(_rows(mechanism, rationalize, tolerance), adjacency)
    return DpLevel(_q(t), x, xp, y)


def delta(mechanism: Any, t: Exact, adjacency: str = "complete", rationalize=None, tolerance=None) -> Fraction:
    """``delta(t) = max over neighbours of sum_y max(0, W(y|x) - t W(y|x'))`` exactly, at a
    rational ``t = e^eps >= 1``."""
    d, _, _, _ = _dpcert.delta_at_t(_rows(mechanism, rationalize, tolerance), adjacency, _lit(t, "t"))
    return Fraction(d)


def delta_at_eps(mechanism: Any, eps: Exact, adjacency: str = "complete", rationalize=None, tolerance=None) -> DeltaAtEps:
    """``delta`` at an exact ``eps``: ``a - b·e^eps`` with rational a, b, and an enclosure."""
    a, b, (lo, hi), x, xp, event = _dpcert.delta_at_eps(
        _rows(mechanism, rationalize, tolerance), adjacency, _lit(eps, "eps")
    )
    lo_f = max(Fraction(lo), Fraction(0))
    return DeltaAtEps(Fraction(_lit(eps)), Fraction(a), Fraction(b), Enclosure(lo_f, Fraction(hi)), x, xp, tuple(event))


def eps_for_delta(mechanism: Any, delta: Exact, adjacency: str = "complete", rationalize=None, tolerance=None):
    """The smallest ``t = e^eps`` (exact; ``math.inf`` if none) with ``delta(eps) <= delta``,
    and the neighbour pair that binds it: ``(t, (x, x_prime))``."""
    t, x, xp = _dpcert.eps_for_delta(_rows(mechanism, rationalize, tolerance), adjacency, _lit(delta, "delta"))
    return _q(t), (x, xp)


def vulnerability(prior: Any, mechanism: Any, gain: Any = None, rationalize=None, tolerance=None):
    """``(prior, posterior)`` Bayes vulnerability, or g-vulnerability with a gain matrix
    ``gain[w][x]`` (rows = guesses, columns = secrets), exactly (Smith 2009; Alvim et al. 2012)."""
    rows = _rows(mechanism, rationalize, tolerance)
    g = None if gain is None else _rows(gain)
    v0, v1 = _dpcert.vulnerability(_prior(prior, len(rows)), rows, g)
    return Fraction(v0), Fraction(v1)


def mult_leakage(prior: Any, mechanism: Any, gain: Any = None, **kw) -> Fraction:
    """Multiplicative (Bayes or g-) leakage ``V(posterior) / V(prior)``, exactly."""
    v0, v1 = vulnerability(prior, mechanism, gain, **kw)
    if v0 == 0:
        raise ValueError("the prior vulnerability is 0: multiplicative leakage is undefined")
    return v1 / v0


def add_leakage(prior: Any, mechanism: Any, gain: Any = None, **kw) -> Fraction:
    """Additive (Bayes or g-) leakage ``V(posterior) - V(prior)``, exactly."""
    v0, v1 = vulnerability(prior, mechanism, gain, **kw)
    return v1 - v0


def mult_capacity(mechanism: Any, rationalize=None, tolerance=None) -> Fraction:
    """Multiplicative Bayes capacity ``sum_y max_x W(y|x)`` exactly; the min-entropy capacity is
    its log2 (Braun, Chatzikokolakis, Palamidessi 2009)."""
    return Fraction(_dpcert.mult_capacity(_rows(mechanism, rationalize, tolerance)))


def min_entropy_leakage(prior: Any, mechanism: Any, **kw) -> Enclosure:
    """Min-entropy leakage ``log2(V(posterior) / V(prior))`` in bits, as an enclosure."""
    return _log2_enclosure(mult_leakage(prior, mechanism, **kw))


def _log2_enclosure(q: Fraction) -> Enclosure:
    lo, hi = _dpcert.log2(f"{q.numerator}/{q.denominator}")
    return Enclosure(Fraction(lo), Fraction(hi))


class LogForm(str):
    """An exact log-linear form ``Σ c·log(r)`` with rational ``c`` and ``r``, as text, in the
    units named by ``units`` (``"bits"``: the logarithms are ``log2``; ``"nats"``: ``ln``)."""

    units: str
    log: str

    def __new__(cls, text: str, units: str, log: str) -> "LogForm":
        s = super().__new__(cls, text)
        s.units, s.log = units, log
        return s


def mutual_information(prior: Any, mechanism: Any, units: str = "bits", rationalize=None, tolerance=None):
    """``I(X;Y)`` for the prior and mechanism: ``(Enclosure, LogForm)``, both in ``units``; the
    exact form is a log-linear combination with rational coefficients of ``log2`` (bits) or
    ``ln`` (nats) of rationals, and says its units (``form.units``, ``form.log``)."""
    rows = _rows(mechanism, rationalize, tolerance)
    (lo, hi), form, log = _dpcert.mutual_information(_prior(prior, len(rows)), rows, units)
    return Enclosure(Fraction(lo), Fraction(hi)), LogForm(form, units, log)


def capacity(mechanism: Any, units: str = "bits", width: Exact = "1/1000000000000", rationalize=None, tolerance=None):
    """Shannon capacity as a certified bracket (target width in nats) and the exact input
    distribution that certifies its lower end: ``(Enclosure, [Fraction, ...])``."""
    (lo, hi), pi = _dpcert.capacity(_rows(mechanism, rationalize, tolerance), units, _lit(width, "width"))
    return Enclosure(Fraction(lo), Fraction(hi)), [Fraction(p) for p in pi]


def compose(
    mechanism: Any,
    k: int = 1,
    adjacency: str = "complete",
    delta: Optional[Exact] = None,
    eps: Iterable[Exact] = (),
    t: Optional[Exact] = None,
    check: Optional[Tuple[Exact, Exact]] = None,
    uses: Optional[Sequence[Tuple[Any, int]]] = None,
    rationalize=None,
    tolerance=None,
) -> dict:
    """Exact privacy accounting of ``k`` uses of a mechanism (or of a heterogeneous sequence
    ``uses=[(mechanism, k), ...]`` on the same inputs): the same neighbour pair for every use,
    fresh randomness, all answers observed, the worst ordered pair per query. Returns
    ``dpcert compose --json``'s document (docs/json.md): ``eps_for_delta`` (the smallest
    ``e_eps = e^eps``, exact, with its witness pair and its event), ``delta_at_eps`` (``a``,
    ``b`` of ``a - b·e^eps`` exactly with an enclosure), ``delta_at_t`` and, with
    ``check=(eps, delta)``, ``check``."""
    seq = uses if uses is not None else [(mechanism, k)]
    rows = [(_rows(m, rationalize, tolerance), int(kk)) for m, kk in seq]
    doc = json.loads(
        _dpcert.compose(
            rows,
            adjacency,
            None if delta is None else _lit(delta, "delta"),
            [_lit(e, "eps") for e in eps],
            None if t is None else _lit(t, "t"),
            None if check is None else (_lit(check[0], "eps"), _lit(check[1], "delta")),
        )
    )
    return _fractions(doc)


def check(expr: str, budget_secs: Optional[float] = None, max_instances: Optional[int] = None) -> dict:
    """Decide a statement of the claim language exactly (``dpcert check``; grammar and
    functions in ``docs/claim-language.md``), e.g.
    ``check("forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))")``.
    Returns ``dpcert check --json``'s document (docs/json.md): ``outcome`` ("holds", "fails",
    "undecided"), instance counts, methods, ``counterexample`` (the first failing instance of a
    ``forall``) or ``witness`` (the first instance of an ``exists`` that holds), every bound
    variable exact, and ``text`` (the CLI's report). A parse or type error raises
    ``ValueError`` whose message marks the column with a caret."""
    return json.loads(_dpcert.check(expr, budget_secs, max_instances))


def graph(spec: str, vt_budget: Optional[int] = None, aut_budget: Optional[int] = None) -> dict:
    """``dpcert graph SPEC --json``: vertices, edges, diameter, distance-regularity with the
    intersection array, automorphism group order, vertex-transitivity and VT+ with checked
    witnesses. ``vt_budget`` and ``aut_budget`` are ``--vt-budget`` and ``--aut-budget``."""
    kwargs = {}
    if vt_budget is not None:
        kwargs["vt_budget"] = int(vt_budget)
    if aut_budget is not None:
        kwargs["aut_budget"] = int(aut_budget)
    return json.loads(_dpcert.graph(spec, **kwargs))


class LpModel:
    """An LP with exact coefficients, solved exactly by :meth:`solve` (the certificate is
    re-checked by dpcert's independent checker before anything is returned).

    >>> m = LpModel(maximize=True)
    >>> m.objective({"x": 3, "y": 2})
    >>> m.add({"x": 1, "y": 1}, "<=", 4)
    >>> m.add({"x": 1, "y": 3}, "<=", 6)
    >>> m.bound("x", upper=3)
    >>> m.solve()["objective"]
    Fraction(11, 1)
    """

    _NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")

    def __init__(self, maximize: bool = False):
        self.maximize = maximize
        self._objective: dict = {}
        self._rows: list = []
        self._bounds: dict = {}

    def _check(self, name: str) -> str:
        if not isinstance(name, str) or not self._NAME.match(name):
            raise ValueError(f"variable name {name!r}: letters, digits, _ and . only, not starting with a digit")
        return name

    def objective(self, coefficients: dict) -> None:
        self._objective = {self._check(k): _lit(v, f"objective coefficient of {k}") for k, v in coefficients.items()}

    def add(self, coefficients: dict, sense: str, rhs: Exact, name: Optional[str] = None) -> None:
        if sense not in ("<=", ">=", "="):
            raise ValueError(f"sense must be '<=', '>=' or '=', got {sense!r}")
        row = {self._check(k): _lit(v, f"coefficient of {k}") for k, v in coefficients.items()}
        if not row:
            raise ValueError("a constraint needs at least one variable")
        self._rows.append((name or f"c{len(self._rows) + 1}", row, sense, _lit(rhs, "right-hand side")))

    def bound(self, name: str, lower: Optional[Exact] = 0, upper: Optional[Exact] = None) -> None:
        """Bounds of a variable (default ``0 <= x``); ``lower=None`` makes it free below."""
        self._bounds[self._check(name)] = (lower, upper)

    def to_lp(self) -> str:
        """The model in the CPLEX LP text format that ``dpcert lp`` reads."""

        def term_list(d: dict) -> str:
            parts = []
            for k, v in d.items():
                q = Fraction(v)
                sign = "-" if q < 0 else "+"
                parts.append(f"{sign} {abs(q)} {k}")
            return " ".join(parts) if parts else "0"

        lines = ["Maximize" if self.maximize else "Minimize", f" obj: {term_list(self._objective)}", "Subject To"]
        for name, row, sense, rhs in self._rows:
            lines.append(f" {name}: {term_list(row)} {sense} {Fraction(rhs)}")
        if self._bounds:
            lines.append("Bounds")
            for k, (lo, hi) in self._bounds.items():
                lo_s = "-inf" if lo is None else str(Fraction(_lit(lo)))
                hi_s = "+inf" if hi is None else str(Fraction(_lit(hi)))
                lines.append(f" {lo_s} <= {k} <= {hi_s}")
        lines.append("End")
        return "\n".join(lines) + "\n"

    def solve(self, time_limit: Optional[float] = None) -> dict:
        """``{"status", "objective", "values", "duals" | "farkas" | "ray",
        "certificate_checked"}`` with exact Fractions; ``values``, ``duals``, ``farkas`` and
        ``ray`` are lists of ``{"name" | "row", "value"}`` as in ``dpcert lp --json``."""
        return solve_lp(self.to_lp(), time_limit)


def solve_lp(text: str, time_limit: Optional[float] = None) -> dict:
    """Solve an LP in the CPLEX LP text format exactly (``dpcert lp --json``)."""
    return _fractions(json.loads(_dpcert.solve_lp(text, time_limit)))


def verify(ids: Sequence[str] = ()) -> list:
    """Run registered claims (all when ``ids`` is empty) on their default grids; one report per
    claim (``dpcert verify --json``)."""
    if isinstance(ids, str):
        ids = [ids]
    return json.loads(_dpcert.verify(list(ids)))["claims"]
