#!/usr/bin/env python3
"""Count the public items of the dpcert library per top-level module (issue 27: the public API
before and after).

How it counts (an honest approximation, not rustc's resolver):
- it walks the module tree from `src/lib.rs`, following only `pub mod NAME;` (plain `pub`, not
  `pub(crate)`/`pub(super)`, not under `#[cfg(test)]`) to `NAME.rs` or `NAME/mod.rs`; inline
  `pub mod NAME { … }` bodies count with their file;
- in every file it reaches, it counts the lines that declare an item with plain `pub`:
  `pub fn|struct|enum|trait|type|const|static|mod|use` (so methods of public types, fields are
  not counted; a `pub use` counts each name it re-exports);
- it skips the bodies of `#[cfg(test)]` items (brace-matched by lines) and `//` comment lines;
- items of a private module are not counted, even when a `pub use` re-exports them (that
  `pub use` line is counted instead).
Usage: scripts/public-items.py [SRC_DIR]   (default: src)
"""

import os
import re
import sys

ITEM = re.compile(r"^\s*pub\s+(?:unsafe\s+|async\s+|const\s+(?=fn))?(fn|struct|enum|trait|type|const|static|mod|use)\b")
PUB_MOD_DECL = re.compile(r"^\s*pub\s+mod\s+(\w+)\s*;")


def module_file(dir_, name):
    for cand in (os.path.join(dir_, name + ".rs"), os.path.join(dir_, name, "mod.rs")):
        if os.path.exists(cand):
            return cand
    return None


def child_dir(path):
    base = os.path.basename(path)
    if base in ("lib.rs", "mod.rs"):
        return os.path.dirname(path)
    return path[:-3]


def scan(path):
    """Return (item count, [child module names]) for one file."""
    count = 0
    children = []
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    cfg_test = False
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        if s.startswith("//"):
            i += 1
            continue
        if re.match(r"#\[cfg\((test|all\(test.*|any\(test.*)\)\]", s):
            cfg_test = True
            i += 1
            continue
        if cfg_test and not s.startswith("#["):
            cfg_test = False
            # skip this item: to the end of its braces, or the line when it ends with `;`
            depth = line.count("{") - line.count("}")
            i += 1
            while depth > 0 and i < len(lines):
                depth += lines[i].count("{") - lines[i].count("}")
                i += 1
            continue
        m = ITEM.match(line)
        if m and m.group(1) == "use":
            # a `pub use` counts each name it re-exports (`a::{b, c as d}` is two; `*` is one)
            stmt = line
            while ";" not in stmt and i + 1 < len(lines):
                i += 1
                stmt += " " + lines[i].split("//")[0]
            body = stmt.split("use", 1)[1].split(";")[0]
            leaves = [t for t in re.split(r"[{},]", body) if t.strip()]
            count += sum(1 for t in leaves if not t.strip().endswith("::"))
            i += 1
            continue
        if m:
            count += 1
            m = PUB_MOD_DECL.match(line)
            if m:
                children.append(m.group(1))
        i += 1
    return count, children


def walk(path, acc, top):
    n, children = scan(path)
    acc[top] = acc.get(top, 0) + n
    for c in children:
        f = module_file(child_dir(path), c)
        if f:
            walk(f, acc, top if top != "(lib.rs)" else c)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    acc = {}
    walk(os.path.join(src, "lib.rs"), acc, "(lib.rs)")
    total = 0
    for k in sorted(acc):
        print(f"{k:14} {acc[k]:5}")
        total += acc[k]
    print(f"{'total':14} {total:5}")


if __name__ == "__main__":
    main()
