#!/usr/bin/env python3
"""Independent checker of dpcert certificates (docs/certificates.md, issue 44).

Python 3 standard library only; shares no code with dpcert. Every number is an exact
rational read from a string; every condition is recomputed here from the model in the file.

    python3 checker/dpcert_check.py [--summary] FILE|DIR ...

exits 0 when every record of every file (DIR: every *.cert.json and *.json in it) is
accepted, 1 otherwise, printing `FILE: record ID: what failed` for each rejection. A claim
certificate that says `"certified": false` is not a rejection: such claims are counted apart
(`--summary` lists them by reason).
"""
import argparse
import importlib
import json
import sys
from pathlib import Path

import kind_claim
from common import Reject, no_duplicates

VERSION = 1

# ---------------------------------------------------------------- documents

# One checking function per record kind: `check(rec)` in the module `kind_<name>.py`.
# The `claim` record is checked last, against the document's other records (kind_claim.py).
KINDS = {name: importlib.import_module(f"kind_{name}").check for name in (
    "lp", "sturm", "holds_for_all", "graph", "compare", "log_linear", "enclosure", "refinement",
    "dp_channel", "dp_level", "events", "composition", "shard", "out_of_range", "induced", "graphs", "empty_range")}

def check_document(text, claims=None):
    """The rejections of one document's text: [(record id or None, reason)]; [] = accepted.
    `claims`, when given, is told (claim id, reason or None) for a claim record accepted
    (reason None: certified)."""
    try:
        doc = json.loads(text, object_pairs_hook=no_duplicates)
    except (ValueError, RecursionError, Reject) as e:  # RecursionError: nested past the stack
        return [(None, f"not a certificate document: {e}")]
    if not isinstance(doc, dict) or type(doc.get("certificate_version")) is not int or doc["certificate_version"] != VERSION:
        got = doc.get("certificate_version") if isinstance(doc, dict) else None
        return [(None, f"certificate_version {got!r}, this checker reads {VERSION}")]
    records = doc.get("records")
    if not isinstance(records, list) or not records:
        return [(None, "no records")]
    if not all(isinstance(r, dict) for r in records):
        return [(None, "a record is not an object")]
    claim_recs = [r for r in records if r.get("kind") == "claim"]
    if claim_recs and (len(claim_recs) > 1 or records[0] is not claim_recs[0]):
        return [(None, "a claim certificate has one claim record, first")]
    out = []

    def claim(rec):  # checked last, against the others and the ids rejected so far
        why = kind_claim.check(rec, records[1:], {rid for rid, _ in out})
        if claims is not None:
            claims.append((rec.get("claim"), why, rec.get("missing")))
    kinds = {**KINDS, "claim": claim}
    for i, rec in enumerate(records[1:] + records[:1] if claim_recs else records):
        rid = rec.get("id", f"#{i}")
        try:
            if rec.get("kind") not in kinds:
                raise Reject(f"unknown record kind {rec.get('kind')!r}")
            kinds[rec["kind"]](rec)
        except Reject as e:
            out.append((rid, str(e)))
        except (TypeError, AttributeError, ValueError, KeyError, RecursionError) as e:  # a list where an object belongs, …
            out.append((rid, f"malformed record: {e}"))
    return out

def files(paths):  # a directory stands for every *.json file under it, in order
    return [f for p in map(Path, paths) for f in (sorted(p.rglob("*.json")) if p.is_dir() else [p])]

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", metavar="FILE|DIR")
    ap.add_argument("--summary", action="store_true",
                    help="list the claims that are not certified, counted by reason")
    args = ap.parse_args(argv)
    bad = checked = 0
    claims = []
    for f in files(args.paths):
        try:
            text = f.read_text()
        except (OSError, ValueError) as e:  # ValueError: not UTF-8
            print(f"{f}: cannot read: {e}")
            bad += 1
            continue
        checked += 1
        for rid, why in check_document(text, claims):
            bad += 1
            print(f"{f}: " + (f"record {rid}: " if rid is not None else "") + why)
    if checked == 0 and bad == 0:
        print("no certificate files found")
        return 1
    print(f"{checked} file(s) checked, {bad} rejection(s)")
    if claims:
        uncertified = [c for c in claims if c[1] is not None]
        print(f"claims: {len(claims) - len(uncertified)} certified, {len(uncertified)} not certified")
        if args.summary:
            by = {}
            for cid, why, key in uncertified:
                by.setdefault(key or "other", []).append(cid)
            for key, ids in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                print(f"  {len(ids):4}  {key}: {' '.join(sorted(ids))}")
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
