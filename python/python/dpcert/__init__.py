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

import html as _html

from . import _dpcert


def _dec(q: Fraction, digits: int = 12) -> str:
    """A decimal of ``q`` for display (truncated toward zero; exact values are shown apart)."""
    sign = "-" if q < 0 else ""
    q = abs(q)
    whole = q.numerator // q.denominator
    frac = q - whole
    scaled = (frac * 10**digits).numerator // (frac * 10**digits).denominator
    tail = f"{scaled:0{digits}d}".rstrip("0")
    return f"{sign}{whole}" + (f".{tail}" if tail else "")


def _latex_value(v: Any) -> str:
    if isinstance(v, Fraction):
        if v.denominator == 1:
            return str(v.numerator)
        sign = "-" if v < 0 else ""
        return f"{sign}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"
    if isinstance(v, Enclosure):
        return f"[{_dec(v.lo)}, {_dec(v.hi)}]"
    if isinstance(v, list) and v and all(isinstance(r, list) for r in v):
        body = " \\\\ ".join(" & ".join(_latex_value(x) for x in r) for r in v)
        return f"\\begin{{pmatrix}} {body} \\end{{pmatrix}}"
    if isinstance(v, list):
        return "(" + ", ".join(_latex_value(x) for x in v) + ")"
    return f"\\text{{{v}}}"


def _html_value(v: Any) -> str:
    if isinstance(v, Enclosure):
        return v._repr_html_()
    if isinstance(v, Fraction):
        return _html.escape(str(v))
    if isinstance(v, dict):
        rows = "".join(f"<tr><th style='text-align:left'>{_html.escape(str(k))}</th><td>{_html_value(x)}</td></tr>" for k, x in v.items())
        return f"<table>{rows}</table>"
    if isinstance(v, list) and v and all(isinstance(r, list) for r in v):
        rows = "".join("<tr>" + "".join(f"<td>{_html_value(x)}</td>" for x in r) + "</tr>" for r in v)
        return f"<table>{rows}</table>"
    if isinstance(v, list):
        return "(" + ", ".join(_html_value(x) for x in v) + ")"
    return _html.escape(str(v))


def _point(x: Any) -> Tuple[Any, float]:
    """A breakpoint of ``optimal --curve-t``'s JSON: a Fraction, or an algebraic number
    ``{"root_of", "in", "decimal"}`` as the CLI's text; with a float for drawing."""
    if isinstance(x, dict):
        lo, hi = x["in"]
        return f"the root of {x['root_of']} in ({lo}, {hi}) (≈ {x['decimal']})", float(x["decimal"])
    return x, float(x)


def _poly(s: str) -> list:
    """``Poly::to_string_var``'s polynomial in ``t`` (``-3/4*t^2 + t - 1/2``) as
    ``[(coefficient, power)]``, exact (a constant arrives as a Fraction already)."""
    if not isinstance(s, str):
        return [(Fraction(s), 0)]
    terms = []
    for term in s.replace(" - ", " + -").split(" + "):
        sign = -1 if term.startswith("-") else 1
        term = term.lstrip("-")
        if "t" not in term:
            terms.append((sign * Fraction(term), 0))
            continue
        coeff, _, mono = term.rpartition("*")
        power = int(mono.partition("^")[2] or 1)
        terms.append((sign * Fraction(coeff or 1), power))
    return terms


def _eval(terms: list, t: Any) -> Any:
    return sum(c * t**k for c, k in terms)


def _optimal_row(p: dict) -> dict:
    (t_lo, f_lo), (t_hi, f_hi) = _point(p["t_lo"]), _point(p["t_hi"])
    return {
        "t_lo": t_lo,
        "t_hi": t_hi,
        "value": p["exact"],
        "numerator": p["numerator"],
        "denominator": p["denominator"],
        "value_lo": p["value_at_t_lo"],
        "value_hi": p["value_at_t_hi"],
        "bases": p["bases"],
        "t_lo_float": f_lo,
        "t_hi_float": f_hi,
        "eps_lo_float": math.log(f_lo),
        "eps_hi_float": math.log(f_hi),
        "value_lo_float": float(p["value_at_t_lo_decimal"]),
        "value_hi_float": float(p["value_at_t_hi_decimal"]),
    }


class Report(dict):
    """A command's document (the CLI's ``--json``, docs/json.md) with exact values as
    Fractions, matrices as lists of lists of Fractions and enclosures as :class:`Enclosure`; a
    ``dict`` that a notebook shows as a table of the exact values (``_repr_html_``) and that
    renders matrices and fractions in LaTeX (``_repr_latex_``)."""

    def _repr_html_(self) -> str:
        return _html_value(dict(self))

    @property
    def curve(self) -> Optional[list]:
        """The ``--curve-t`` curve (``audit``, ``compose`` or ``optimal`` with ``curve_t=``) as
        rows, left to right, or ``None``: each row has the exact ``t_lo``, ``t_hi`` (Fractions)
        and either ``a``, ``b`` (delta = a - b·t exactly on the piece) or ``lo``, ``hi``
        (certified bounds on the piece, an enclosure), plus float columns for plotting and
        tables: ``eps_lo_float``, ``eps_hi_float`` (eps = ln t) and ``delta_lo_float``,
        ``delta_hi_float`` (delta at the piece's two ends; on an enclosure its lower and upper
        bound). ``optimal``'s rows have ``value`` (the exact rational function of ``t``, a
        string), ``value_lo``, ``value_hi`` (exact at a rational end, else ``None``) and
        ``value_lo_float``, ``value_hi_float``; an algebraic breakpoint is the string ``"the
        root of P in (a, b) (≈ d)"``, as the CLI prints it. The floats are for drawing only;
        the exact columns are the answer."""
        c = self.get("curve")
        if not isinstance(c, dict):
            return None
        if c["pieces"] and "exact" in c["pieces"][0] and "a" not in c["pieces"][0]:
            return [_optimal_row(p) for p in c["pieces"]]
        rows = []
        for p in c["pieces"]:
            row = {"t_lo": p["t_lo"], "t_hi": p["t_hi"]}
            if "a" in p:
                row["a"], row["b"] = p["a"], p["b"]
                ends = (p["a"] - p["b"] * p["t_lo"], p["a"] - p["b"] * p["t_hi"])
            else:
                row["lo"], row["hi"] = p["lower"], p["upper"]
                ends = (p["lower"], p["upper"])
            row["eps_lo_float"] = math.log(float(p["t_lo"]))
            row["eps_hi_float"] = math.log(float(p["t_hi"]))
            row["delta_lo_float"], row["delta_hi_float"] = float(ends[0]), float(ends[1])
            rows.append(row)
        return rows

    def _repr_latex_(self) -> str:
        lines = [
            f"\\text{{{_html.escape(str(k)).replace('_', ' ')}}} &: {_latex_value(v)}"
            for k, v in self.items()
            if isinstance(v, (Fraction, Enclosure, list))
        ]
        return "$\\begin{aligned}" + " \\\\ ".join(lines) + "\\end{aligned}$"

__all__ = [
    "plot_curve",
    "Enclosure",
    "LogForm",
    "DpLevel",
    "DeltaAtEps",
    "RationalizedWarning",
    "calibrate",
    "check_event",
    "compose_named",
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
    "refines",
    "optimal",
    "mechanism",
    "kantorovich",
    "hyper",
    "Report",
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

    def _repr_html_(self) -> str:
        exact = f" = <code>{_html.escape(self.exact)}</code>" if self.exact else ""
        return f"<span>[{_html.escape(_dec(self.lo))}, {_html.escape(_dec(self.hi))}]{exact}</span>"

    def _repr_latex_(self) -> str:
        return f"$[{_dec(self.lo)},\\ {_dec(self.hi)}]$"


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
    """Rows of exact literals from a list of lists or a 2-D numpy array, or a mechanism spec
    ``"expmech:GRAPH:T"`` / ``"geoind:K:T"`` (:func:`mechanism`)."""
    if isinstance(m, str):
        return _dpcert.mechanism(m)
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
            return _tight(Enclosure(Fraction(v["lo"]), Fraction(v["hi"]), v.get("exact")))
        return {k: _fractions(x, k) for k, x in v.items()}
    if isinstance(v, list):
        return [_fractions(x) for x in v]
    if isinstance(v, str):
        if _Q_RE.match(v):
            return Fraction(v)
        if key == "e_eps" and v == "inf":
            return math.inf
    return v


_ONE_LOG = re.compile(r"^(?:(-?\d+(?:/\d+)?)\*)?(ln|log2)\((\d+(?:/\d+)?)\)$")


def _tight(e: Enclosure) -> Enclosure:
    """The one precision rule for enclosures: an enclosure whose exact form is one logarithm,
    ``c*ln(r)`` or ``c*log2(r)`` (the DP and metric-privacy eps, min-entropy leakage and
    capacity), is re-enclosed from that form at 256 bits, as :attr:`DpLevel.eps` and
    :func:`min_entropy_leakage` are; an enclosure without such a form (a sum of logarithms:
    mutual information; the capacity bracket; delta at an eps) keeps the digits of the JSON
    document, rounded outward, and its ``exact`` says what it encloses where there is a form."""
    m = _ONE_LOG.match(e.exact or "")
    if not m:
        return e
    c = Fraction(m.group(1) or 1)
    lo, hi = (_dpcert.ln if m.group(2) == "ln" else _dpcert.log2)(m.group(3))
    lo, hi = c * Fraction(lo), c * Fraction(hi)
    if c < 0:
        lo, hi = hi, lo
    return Enclosure(lo, hi, e.exact)


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
    gain: Any = None,
    loss: Any = None,
    metric: Any = None,
    curve_t: Optional[Tuple[Exact, Exact]] = None,
) -> dict:
    """Every measure of ``dpcert audit --json`` for a mechanism: the exact DP level, delta at
    ``t`` and at each ``eps`` (exact form ``a - b·e^eps`` and enclosure), the smallest eps for
    ``delta``, min-entropy leakage and capacity, mutual information and a certified Shannon
    capacity bracket, identifiability (with a prior) and expected Hamming distortion (Hamming
    adjacency). With ``gain`` / ``loss`` matrices (rows = guesses, columns = secrets): the
    g-leakage and the l-uncertainty and l-leakage; with a ``metric`` (a square matrix on the
    secrets, validated as a metric): the exact smallest eps of eps·d-privacy
    (``metric_privacy``). ``curve_t=(T1, T2)`` (``1 <= T1 < T2``) adds ``"curve"``: delta(t) for
    every ``t = e^eps`` in ``[T1, T2]`` as exact pieces ``a - b·t`` (``t_lo``, ``t_hi``, ``a``,
    ``b`` Fractions; the attaining pair in ``witness``). Exact values are Fractions, enclosures
    :class:`Enclosure`; the result is a :class:`Report`."""
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
            None if gain is None else _rows(gain),
            None if loss is None else _rows(loss),
            None if metric is None else _rows(metric),
            None if curve_t is None else (_lit(curve_t[0], "curve_t"), _lit(curve_t[1], "curve_t")),
        )
    )
    return Report(_fractions(doc))


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
    rdp: Iterable[Exact] = (),
    zcdp: bool = False,
    subsample: Optional[str] = None,
    curve_t: Optional[Tuple[Exact, Exact]] = None,
) -> dict:
    """Exact privacy accounting of ``k`` uses of a mechanism (or of a heterogeneous sequence
    ``uses=[(mechanism, k), ...]`` on the same inputs): the same neighbour pair for every use,
    fresh randomness, all answers observed, the worst ordered pair per query. Returns
    ``dpcert compose --json``'s document (docs/json.md): ``eps_for_delta`` (the smallest
    ``e_eps = e^eps``, exact, with its witness pair and its event), ``delta_at_eps`` (``a``,
    ``b`` of ``a - b·e^eps`` exactly with an enclosure), ``delta_at_t`` and, with
    ``check=(eps, delta)``, ``check``. ``rdp=[2, 3, 4, 8]`` (Rényi orders > 1) and
    ``zcdp=True`` add ``renyi``: D_alpha of the composition (exact at integer orders), rho-zCDP
    certified, and their conversions to (eps, delta) beside the PLD's eps (``dpcert compose
    --rdp --zcdp``). ``subsample="poisson:Q"`` or ``"fixed:M:N"`` composes the subsampled
    mechanism instead (``--subsample``; docs/accounting.md states the couplings).
    ``curve_t=(T1, T2)`` (``1 <= T1 < T2``) adds ``"curve"``: delta(t) for every ``t = e^eps``
    in ``[T1, T2]`` as exact pieces ``a - b·t`` (``compose --curve-t``; certified bounds
    ``lo``, ``hi`` per piece on the grid enclosure); :attr:`Report.curve` gives its rows with
    float columns and :func:`plot_curve` draws it."""
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
            [_lit(a, "alpha") for a in rdp],
            bool(zcdp),
            subsample,
            None if curve_t is None else (_lit(curve_t[0], "curve_t"), _lit(curve_t[1], "curve_t")),
        )
    )
    return Report(_fractions(doc))


def plot_curve(report: dict, ax=None, samples: int = 48, log: bool = True, label: Optional[str] = None):
    """Draw a report's ``--curve-t`` curve (:attr:`Report.curve`) with matplotlib (an optional
    dependency, imported here): delta against eps = ln t, each exact piece ``a - b·e^eps``
    sampled ``samples`` times, the breakpoints marked, delta on a log scale (``log``); an
    enclosure is drawn as its certified band. Returns the axes (a new figure's when ``ax`` is
    ``None``). Floats here are pixels: the exact pieces are in the report."""
    import matplotlib.pyplot as plt  # optional dependency

    rows = Report(report).curve
    if rows is None:
        raise ValueError("the report has no curve: ask for one with curve_t=(T1, T2)")
    if ax is None:
        _, ax = plt.subplots()
    exact = "a" in rows[0]
    if rows and "value" in rows[0]:
        # optimal: each piece's rational function, sampled (floats are pixels).
        xs, ys = [], []
        for r in rows:
            num, den = _poly(r["numerator"]), _poly(r["denominator"])
            for i in range(samples + 1):
                e = r["eps_lo_float"] + (r["eps_hi_float"] - r["eps_lo_float"]) * i / samples
                xs.append(e)
                ys.append(float(_eval(num, math.exp(e))) / float(_eval(den, math.exp(e))))
        kind = report.get("objective", "loss")
        (line,) = ax.plot(xs, ys, label=label or f"optimal expected {kind}, exact")
        bx = [r["eps_lo_float"] for r in rows] + [rows[-1]["eps_hi_float"]]
        by = [r["value_lo_float"] for r in rows] + [rows[-1]["value_hi_float"]]
        ax.plot(bx, by, "o", color=line.get_color(), markersize=4)
        ax.set_xlabel("ε = ln t (nats)")
        ax.set_ylabel(f"optimal expected {kind}")
        ax.legend()
        return ax
    if exact:
        xs, ys = [], []
        for r in rows:
            for i in range(samples + 1):
                e = r["eps_lo_float"] + (r["eps_hi_float"] - r["eps_lo_float"]) * i / samples
                xs.append(e)
                ys.append(float(r["a"]) - float(r["b"]) * math.exp(e))
        (line,) = ax.plot(xs, ys, label=label or "δ(ε), exact")
        bx = [r["eps_lo_float"] for r in rows] + [rows[-1]["eps_hi_float"]]
        by = [r["delta_lo_float"] for r in rows] + [rows[-1]["delta_hi_float"]]
        ax.plot(bx, by, "o", color=line.get_color(), markersize=4)
    else:
        for i, r in enumerate(rows):
            ax.fill_between(
                [r["eps_lo_float"], r["eps_hi_float"]],
                [r["delta_lo_float"]] * 2,
                [r["delta_hi_float"]] * 2,
                alpha=0.3,
                color="C0",
                label=(label or "δ(ε), certified band") if i == 0 else None,
            )
    if log:
        ax.set_yscale("log")
    ax.set_xlabel("ε = ln t (nats)")
    ax.set_ylabel("δ")
    ax.legend()
    return ax


def compose_named(
    uses: Sequence[Tuple[str, int]],
    check: Optional[Tuple[Exact, Exact]] = None,
    delta: Optional[Exact] = None,
    eps: Iterable[Exact] = (),
    sensitivity: Optional[Exact] = None,
    subsample: Optional[str] = None,
) -> dict:
    """``compose`` of named mechanisms ``[("dlaplace:2", 10), ("rr:2:3", 5), ...]``:
    ``rr:K:T``, ``dlaplace:T`` (two-sided geometric noise ∝ T^-|z|, exact) and
    ``dgaussian:SIGMA`` (discrete Gaussian, certified grid enclosure), with the query's
    ``sensitivity`` (a whole number for these); or one continuous ``gaussian:SIGMA`` /
    ``laplace:B`` (uses summed; certified enclosures, ``subsample="poisson:Q"`` too).
    ``dpcert compose MECH --k K --json``'s document."""
    doc = json.loads(
        _dpcert.compose_named(
            [(str(m), int(k)) for m, k in uses],
            None if check is None else (_lit(check[0], "eps"), _lit(check[1], "delta")),
            None if delta is None else _lit(delta, "delta"),
            [_lit(e, "eps") for e in eps],
            None if sensitivity is None else _lit(sensitivity, "sensitivity"),
            subsample,
        )
    )
    return Report(_fractions(doc))


def calibrate(
    mechanism: str,
    k: int,
    eps: Exact,
    delta: Exact,
    subsample: Optional[str] = None,
    resolution: Optional[Exact] = None,
    sensitivity: Optional[Exact] = None,
) -> dict:
    """``dpcert calibrate MECH --k K --eps E --delta D --json`` (issue 45 item 5): the smallest
    noise σ or b on the grid ``resolution·ℕ`` (default 1/100) for ``gaussian``, ``laplace`` and
    ``dgaussian`` — or the largest
    level for ``rr:K`` and ``dlaplace`` — for which ``k`` uses are certified (eps, delta)-DP:
    ``best`` (with its ``compose`` report, the certificate) and ``next`` (the following grid
    point, shown to fail or undecided)."""
    doc = json.loads(
        _dpcert.calibrate(
            str(mechanism),
            int(k),
            _lit(eps, "eps"),
            _lit(delta, "delta"),
            subsample,
            None if resolution is None else _lit(resolution, "resolution"),
            None if sensitivity is None else _lit(sensitivity, "sensitivity"),
        )
    )
    return Report(_fractions(doc))


def _event_number(x: Any, what: str) -> str:
    """An event's parameter as an exact literal: a float is read as its shortest decimal
    ``repr`` (what was typed), with a RationalizedWarning saying so."""
    if _is_float(x):
        text = repr(float(x))
        warnings.warn(
            RationalizedWarning(f"{what} = {text}: the float read as the exact decimal {text}"),
            stacklevel=3,
        )
        return str(Fraction(text))
    return _lit(x, what)


def _event_uses(event: Any, k: int, sampling: Optional[str]) -> list:
    """Translate a dp-accounting ``DpEvent`` into ``[(spec, k, subsample)]``."""
    name = type(event).__name__
    if name == "GaussianDpEvent":
        return [(f"gaussian:{_event_number(event.noise_multiplier, 'noise_multiplier')}", k, sampling)]
    if name == "LaplaceDpEvent":
        return [(f"laplace:{_event_number(event.noise_multiplier, 'noise_multiplier')}", k, sampling)]
    if name == "SelfComposedDpEvent":
        return _event_uses(event.event, k * int(event.count), sampling)
    if name == "ComposedDpEvent":
        out: list = []
        for e in event.events:
            out += _event_uses(e, k, sampling)
        return out
    if name == "PoissonSampledDpEvent":
        if sampling is not None:
            raise ValueError("nested PoissonSampledDpEvent: dpcert subsamples once")
        q = _event_number(event.sampling_probability, "sampling_probability")
        return _event_uses(event.event, k, f"poisson:{q}")
    raise ValueError(
        f"dpcert does not translate dp_accounting's {name}: it reads GaussianDpEvent, "
        "LaplaceDpEvent, PoissonSampledDpEvent, SelfComposedDpEvent and ComposedDpEvent"
    )


def check_event(event: Any, eps: Exact, delta: Exact) -> dict:
    """Is the mechanism a dp-accounting ``DpEvent`` describes (ε, δ)-DP? (issue 45 item 6):
    the event is translated to dpcert's specs (``GaussianDpEvent(σ)`` → ``gaussian:σ`` with
    sensitivity 1, ``LaplaceDpEvent(b)`` → ``laplace:b``, ``PoissonSampledDpEvent(q, e)`` →
    ``subsample="poisson:q"``, ``SelfComposedDpEvent(e, n)`` → n uses, ``ComposedDpEvent`` → a
    sequence) and ``compose``'s ``check=(eps, delta)`` is asked; the document's
    ``check`` says holds / fails / undecided. Other events raise ``ValueError``; so does a
    mechanism this build's compose does not read."""
    uses = _event_uses(event, 1, None)
    samplings = {s for _, _, s in uses}
    if len(samplings) > 1:
        raise ValueError("a composition of differently sampled events is not translated (one --subsample per question)")
    doc = json.loads(
        _dpcert.compose_named(
            [(spec, k) for spec, k, _ in uses],
            (_lit(eps, "eps"), _lit(delta, "delta")),
            None,
            [],
            None,
            samplings.pop(),
        )
    )
    return Report(_fractions(doc))


def check(expr: str, budget_secs: Optional[float] = None, max_instances: Optional[int] = None) -> dict:
    """Decide a statement of the claim language exactly (``dpcert check``; grammar and
    functions in ``docs/claim-language.md``), e.g.
    ``check("forall W in channels(2, 2, denom 4): min_leakage(uniform(2), W) <= log2(dp(W))")``.
    Returns ``dpcert check --json``'s document (docs/json.md): ``outcome`` ("holds", "fails",
    "undecided"), instance counts, methods, ``counterexample`` (the first failing instance of a
    ``forall``) or ``witness`` (the first instance of an ``exists`` that holds), every bound
    variable exact, and ``text`` (the CLI's report). A parse or type error raises
    ``ValueError`` whose message marks the column with a caret."""
    doc = json.loads(_dpcert.check(expr, budget_secs, max_instances))
    for key in ("counterexample", "witness"):
        inst = doc.get(key)
        if isinstance(inst, dict):
            for b in inst.get("bindings", []):
                b["value"] = _binding(b["value"])
    return Report(doc)


_ROW_RE = re.compile(r"\(([^()]*)\)")


def _binding(s: Any) -> Any:
    """A bound value of the claim language as Python: a rational as a ``Fraction``, a
    distribution ``(1/2, 1/2)`` as a list of Fractions, a channel ``[(0, 1), (1/4, 3/4)]`` as a
    list of rows; anything else (a graph, ``inf``, a log form) stays the exact text."""
    if not isinstance(s, str):
        return s
    t = s.strip()
    try:
        if _Q_RE.match(t):
            return Fraction(t)
        if t.startswith("(") and t.endswith(")") and t.count("(") == 1:
            return [Fraction(x) for x in t[1:-1].split(",")]
        if t.startswith("[(") and t.endswith(")]"):
            return [[Fraction(x) for x in r.split(",")] for r in _ROW_RE.findall(t)]
    except ValueError:
        return s
    return s


def graph(spec: str, vt_budget: Optional[int] = None, aut_budget: Optional[int] = None) -> dict:
    """``dpcert graph SPEC --json``: vertices, edges, diameter, distance-regularity with the
    intersection array, automorphism group order, vertex-transitivity and VT+ with checked
    witnesses. ``vt_budget`` and ``aut_budget`` are ``--vt-budget`` and ``--aut-budget``."""
    kwargs = {}
    if vt_budget is not None:
        kwargs["vt_budget"] = int(vt_budget)
    if aut_budget is not None:
        kwargs["aut_budget"] = int(aut_budget)
    return Report(json.loads(_dpcert.graph(spec, **kwargs)))


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
    return Report(_fractions(json.loads(_dpcert.solve_lp(text, time_limit))))


def mechanism(spec: str) -> list:
    """The matrix (rows of Fractions) of a mechanism spec: ``"expmech:GRAPH:T"`` (the
    exponential mechanism ``t^(-d(x,y))/Z_x`` on a graph's distance, e.g. ``"expmech:path:5:2"``)
    or ``"geoind:K:T"`` (geo-indistinguishability on the KxK grid: the product of two truncated
    geometric mechanisms, exactly (ln t)·d1-private). Every function that takes a mechanism
    also takes such a spec."""
    return [[Fraction(x) for x in r] for r in _dpcert.mechanism(spec)]


def kantorovich(p: Any, q: Any, metric: Any):
    """The Kantorovich (earth mover's) distance ``min over couplings g of p and q of
    sum g(x, x') d(x, x')`` for a metric matrix ``d`` (validated: symmetric, zero diagonal,
    triangle inequality): ``(value, coupling)``, exact, from a transport LP whose certificate
    dpcert re-checked. With the discrete metric it is the total variation distance."""
    v, c = _dpcert.kantorovich(_vec(p, "p"), _vec(q, "q"), _rows(metric))
    return Fraction(v), [[Fraction(x) for x in r] for r in c]


def hyper(prior: Any, mechanism: Any) -> list:
    """The hyper-distribution ``[prior ▷ W]`` in canonical form: ``[(outer, inner), ...]`` with
    outputs of probability 0 dropped, equal posteriors merged and the inners sorted, so two
    channels leak the same to every adversary on ``prior`` exactly when their hypers are
    equal (``==``)."""
    rows = _rows(mechanism)
    return [(Fraction(o), [Fraction(x) for x in i]) for o, i in _dpcert.hyper(_prior(prior, len(rows)), rows)]


def refines(a: Any, b: Any, time_limit: Optional[float] = None) -> Report:
    """Whether ``a`` refines ``b``: ``a`` is a post-processing of ``b`` (``a = b·R`` for a
    channel ``R``), so ``a`` leaks no more than ``b`` under every prior and gain function
    (``dpcert refines A B --json``). ``refines`` is the answer; ``r`` the matrix ``R`` (rows =
    outputs of b, columns = outputs of a) or None; ``counterexample`` a prior and a
    non-negative gain under which ``a``'s posterior g-vulnerability exceeds ``b``'s (both
    recomputed exactly), or None. Channels on different numbers of secrets raise
    ``ValueError``."""
    return Report(_fractions(json.loads(_dpcert.refines(_rows(a), _rows(b), time_limit))))


def optimal(
    graph: str,
    t: Optional[Exact] = None,
    prior: Any = None,
    loss: Any = None,
    gain: Any = None,
    curve_t: Optional[Tuple[Exact, Exact]] = None,
    time_limit: Optional[float] = None,
) -> Report:
    """The exact optimal eps-DP mechanism on a graph for a prior and an objective
    (``dpcert optimal --json``): ``loss`` is ``"hamming"``, ``"abs"``, ``"graph"`` or a matrix
    (rows = outputs, columns = secrets), or ``gain`` is ``"identity"`` or a matrix; exactly one
    of them. ``rows`` is the mechanism (Fractions), ``optimum`` the exact value, re-checked by
    its LP certificate.

    ``curve_t=(T1, T2)`` instead of ``t`` (``1 <= T1 < T2``): ``optimal --curve-t``, the optimum
    for every ``t = e^eps`` in ``[T1, T2]`` as exact pieces (rational functions of ``t`` between
    exact breakpoints, each certified by an optimal basis); :attr:`Report.curve` gives its rows
    and :func:`plot_curve` draws it. ``time_limit`` (seconds) stops the sweep: the report then
    has ``curve["complete"] == False`` and the pieces found so far, up to ``curve["covered_to"]``."""
    if (t is None) == (curve_t is None):
        raise ValueError("give exactly one of t= and curve_t=")
    if (loss is None) == (gain is None):
        raise ValueError("give exactly one of loss= and gain=")
    if isinstance(loss, str):
        kind, matrix = loss, None
    elif isinstance(gain, str):
        kind, matrix = gain, None
    elif loss is not None:
        kind, matrix = "loss_matrix", _rows(loss)
    else:
        kind, matrix = "gain_matrix", _rows(gain)
    pr = None if prior is None or (isinstance(prior, str) and prior == "uniform") else _vec(prior, "prior")
    doc = json.loads(
        _dpcert.optimal(
            graph,
            None if t is None else _lit(t, "t"),
            kind,
            pr,
            matrix,
            None if curve_t is None else (_lit(curve_t[0], "curve_t"), _lit(curve_t[1], "curve_t")),
            None if time_limit is None else float(time_limit),
        )
    )
    return Report(_fractions(doc))


def verify(ids: Sequence[str] = ()) -> list:
    """Run registered claims (all when ``ids`` is empty) on their default grids; one report per
    claim (``dpcert verify --json``)."""
    if isinstance(ids, str):
        ids = [ids]
    return json.loads(_dpcert.verify(list(ids)))["claims"]
