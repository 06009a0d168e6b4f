#!/usr/bin/env python3
"""Independent checker of dpcert certificates (docs/certificates.md, issue 44).

Python 3 standard library only; shares no code with dpcert. Every number is an exact
rational read from a string; every condition is recomputed here from the model in the file.

    python3 checker/dpcert_check.py FILE|DIR ...

exits 0 when every record of every file (DIR: every *.cert.json and *.json in it) is
accepted, 1 otherwise, printing `FILE: record ID: what failed` for each rejection.
"""
import argparse
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

VERSION = 1
RATIONAL = re.compile(r"-?[0-9]+(/[0-9]+)?")


class Reject(Exception):
    """A record (or the whole file) is not accepted; the message says why."""


def q(s, what):
    """An exact rational from a string `p` or `p/q` (q > 0); anything else is refused."""
    if not isinstance(s, str) or not RATIONAL.fullmatch(s):
        raise Reject(f"{what}: {s!r} is not an exact rational string")
    if re.search(r"/0+$", s):
        raise Reject(f"{what}: {s!r} has denominator 0")
    return Fraction(s)


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise Reject(f"duplicated key {sorted(dup)[0]!r}")
    return dict(pairs)


def field(obj, key, what):
    if not isinstance(obj, dict) or key not in obj:
        raise Reject(f"{what}: missing {key!r}")
    return obj[key]


def vector(obj, names, what):
    """A vector keyed by `names`: exactly those keys, each an exact rational."""
    if not isinstance(obj, dict):
        raise Reject(f"{what}: not an object keyed by names")
    extra = set(obj) - set(names)
    missing = [n for n in names if n not in obj]
    if extra or missing:
        bad = sorted(extra)[0] if extra else missing[0]
        word = "names an unknown" if extra else "misses the entry of"
        raise Reject(f"{what} {word} {bad!r}")
    return {n: q(obj[n], f"{what} {n}") for n in names}


# ---------------------------------------------------------------- the lp record


class LP:
    """The model of an `lp` record: min or max c.x + offset over x >= 0 and the rows."""

    def __init__(self, m):
        self.sense = field(m, "objective_sense", "model")
        if self.sense not in ("minimize", "maximize"):
            raise Reject(f"model: objective_sense {self.sense!r}")
        self.vars = []
        for v in field(m, "variables", "model"):
            name = field(v, "name", "variable")
            if field(v, "lower", f"variable {name}") != "0" or v.get("upper") is not None:
                raise Reject(f"variable {name}: version 1 has every variable >= 0, no upper")
            if name in self.vars:
                raise Reject(f"variable {name} declared twice")
            self.vars.append(name)
        obj = field(m, "objective", "model")
        coeffs = field(obj, "coefficients", "objective")
        self.c = {n: Fraction(0) for n in self.vars}
        self.c.update(self.sparse(coeffs, "objective"))
        self.offset = q(field(obj, "offset", "objective"), "objective offset")
        self.rows = []  # (name, {var: a}, sense, rhs)
        for r in field(m, "rows", "model"):
            name = field(r, "name", "row")
            if any(name == row[0] for row in self.rows):
                raise Reject(f"row {name} declared twice")
            sense = field(r, "sense", f"row {name}")
            if sense not in ("<=", ">=", "="):
                raise Reject(f"row {name}: sense {sense!r}")
            a = self.sparse(field(r, "coefficients", f"row {name}"), f"row {name}")
            self.rows.append((name, a, sense, q(field(r, "rhs", f"row {name}"), f"row {name} rhs")))
        self.row_names = [r[0] for r in self.rows]

    def sparse(self, coeffs, what):
        if not isinstance(coeffs, dict):
            raise Reject(f"{what}: coefficients are not an object")
        for n in coeffs:
            if n not in self.vars:
                raise Reject(f"{what}: unknown variable {n!r}")
        return {n: q(a, f"{what} coefficient of {n}") for n, a in coeffs.items()}

    def objective(self, x):
        return sum((self.c[n] * x[n] for n in self.vars), Fraction(0))

    def feasible(self, x, what, homogeneous=False):
        """x >= 0 and every row a.x (<=, >=, =) b (b = 0 for a ray)."""
        for n in self.vars:
            if x[n] < 0:
                raise Reject(f"{what} {n} = {x[n]} < 0")
        for name, a, sense, b in self.rows:
            lhs = sum((a[n] * x[n] for n in a), Fraction(0))
            rhs = Fraction(0) if homogeneous else b
            if not holds(lhs, sense, rhs):
                raise Reject(f"{what}: row {name}: {lhs} {sense} {rhs} is false")

    def multiplier_signs(self, y, what, nonneg):
        """y_i >= 0 on rows of sense `nonneg`, <= 0 on the other inequality rows, free on =."""
        for name, _, sense, _ in self.rows:
            if sense == "=":
                continue
            if (y[name] < 0) if sense == nonneg else (y[name] > 0):
                want = ">= 0" if sense == nonneg else "<= 0"
                raise Reject(f"{what} of row {name} ({sense}) = {y[name]}, must be {want}")

    def aty(self, y):
        """(A^T y)_j for every variable j."""
        out = {n: Fraction(0) for n in self.vars}
        for name, a, _, _ in self.rows:
            for n, v in a.items():
                out[n] += v * y[name]
        return out

    def bty(self, y):
        return sum((b * y[name] for name, _, _, b in self.rows), Fraction(0))


def holds(lhs, sense, rhs):
    return lhs <= rhs if sense == "<=" else lhs >= rhs if sense == ">=" else lhs == rhs


def check_lp(rec):
    lp = LP(field(rec, "model", "record"))
    ans = field(rec, "answer", "record")
    status = field(ans, "status", "answer")
    minimize = lp.sense == "minimize"
    if status == "optimal":
        x = vector(field(ans, "primal", "answer"), lp.vars, "primal")
        y = vector(field(ans, "dual", "answer"), lp.row_names, "dual")
        value = q(field(ans, "value", "answer"), "value")
        lp.feasible(x, "primal")
        # Minimize: y >= 0 on >= rows, A^T y <= c.  Maximize: y >= 0 on <= rows, A^T y >= c.
        lp.multiplier_signs(y, "dual", ">=" if minimize else "<=")
        aty = lp.aty(y)
        cmp = "<=" if minimize else ">="
        for n in lp.vars:
            if not holds(aty[n], cmp, lp.c[n]):
                raise Reject(f"dual constraint of {n}: (A^T y) = {aty[n]} {cmp} c = {lp.c[n]} is false")
        primal, dual = lp.objective(x) + lp.offset, lp.bty(y) + lp.offset
        if primal != value or dual != value:
            raise Reject(f"objective: value {value}, c.x + offset = {primal}, b.y + offset = {dual}")
    elif status == "infeasible":
        y = vector(field(ans, "farkas", "answer"), lp.row_names, "farkas")
        lp.multiplier_signs(y, "farkas", ">=")
        aty = lp.aty(y)
        for n in lp.vars:
            if aty[n] > 0:
                raise Reject(f"farkas: (A^T y) of {n} = {aty[n]} > 0")
        if lp.bty(y) <= 0:
            raise Reject(f"farkas: b.y = {lp.bty(y)} <= 0")
    elif status == "unbounded":
        x = vector(field(ans, "point", "answer"), lp.vars, "point")
        r = vector(field(ans, "ray", "answer"), lp.vars, "ray")
        lp.feasible(x, "point")
        lp.feasible(r, "ray", homogeneous=True)
        cr = lp.objective(r)
        if (cr >= 0) if minimize else (cr <= 0):
            raise Reject(f"ray does not improve the objective: c.r = {cr}")
    else:
        raise Reject(f"answer: unknown status {status!r}")


# ---------------------------------------------------------------- documents

KINDS = {"lp": check_lp}


def check_document(text):
    """The rejections of one document's text: [(record id or None, reason)]; [] = accepted."""
    try:
        doc = json.loads(text, object_pairs_hook=no_duplicates)
    except (ValueError, Reject) as e:
        return [(None, f"not a certificate document: {e}")]
    if not isinstance(doc, dict) or type(doc.get("certificate_version")) is not int or doc["certificate_version"] != VERSION:
        got = doc.get("certificate_version") if isinstance(doc, dict) else None
        return [(None, f"certificate_version {got!r}, this checker reads {VERSION}")]
    records = doc.get("records")
    if not isinstance(records, list) or not records:
        return [(None, "no records")]
    out = []
    for i, rec in enumerate(records):
        rid = rec.get("id", f"#{i}") if isinstance(rec, dict) else f"#{i}"
        kind = rec.get("kind") if isinstance(rec, dict) else None
        try:
            if kind not in KINDS:
                raise Reject(f"unknown record kind {kind!r}")
            KINDS[kind](rec)
        except Reject as e:
            out.append((rid, str(e)))
        except (TypeError, AttributeError) as e:  # a list where an object belongs, and so on
            out.append((rid, f"malformed record: {e}"))
    return out


def files(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(p.rglob("*.json"))
        else:
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", metavar="FILE|DIR")
    args = ap.parse_args(argv)
    bad = checked = 0
    for f in files(args.paths):
        try:
            text = f.read_text()
        except OSError as e:
            print(f"{f}: cannot read: {e}")
            bad += 1
            continue
        checked += 1
        for rid, why in check_document(text):
            bad += 1
            print(f"{f}: " + (f"record {rid}: " if rid is not None else "") + why)
    if checked == 0 and bad == 0:
        print("no certificate files found")
        return 1
    print(f"{checked} file(s) checked, {bad} rejection(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
