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
import sys
from pathlib import Path

import kind_composition
import kind_dp_channel
import kind_dp_level
import kind_graph
import kind_holds_for_all
import kind_lp
import kind_sturm
from common import Reject, no_duplicates

VERSION = 1

# ---------------------------------------------------------------- documents

# One checking function per record kind, each in its own module `kind_<name>.py`.
KINDS = {
    "lp": kind_lp.check,
    "sturm": kind_sturm.check,
    "holds_for_all": kind_holds_for_all.check,
    "graph": kind_graph.check,
    "dp_channel": kind_dp_channel.check,
    "dp_level": kind_dp_level.check,
    "composition": kind_composition.check,
}


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
