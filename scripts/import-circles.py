#!/usr/bin/env python3
"""Find the import circles between the modules of a Rust crate (issue 43: before and after).

How it reads the code (an honest approximation, not rustc's resolver):
- a module is a file: `src/a/b.rs` or `src/a/b/mod.rs` is `crate::a::b`; `lib.rs`/`main.rs`
  is `crate`; inline `mod x { ... }` blocks count with their file;
- an edge A -> B is a path in A's text that names B: `use` trees (braces expanded) and inline
  paths, starting `crate::`, `super::` or `self::`; inside an inline `mod NAME { ... }` block
  (brace-matched) each leading `super::` first climbs out of that block, so `use super::*` in
  a file's `mod tests` names the file's own module, not its parent (read from the file's
  module, it made a false circle between every module with inline tests and its parent);
- a path is resolved to the longest module prefix; a name a module re-exports (`pub use` /
  `pub(crate) use`) is followed to the module it comes from, so `crate::claim::Verdict` names
  `crate::claim::verdict` and not the facade;
- a facade's own re-export lines are not edges (`pub use verdict::Verdict` in `claim/mod.rs`
  only forwards a name), and neither are `mod` declarations;
- a path that starts with the name of a child module (`wang_ying_zhang::forall::certs()` in
  `papers.rs`) names that child, as Rust 2018 reads it;
- comment lines (`//`) are skipped.
A circle is a strongly connected component of more than one module. Test code counts: a circle
through a `#[cfg(test)]` module is still a circle.

With `--check` it also checks the layers of docs/design.md: a top-level module may import only
the ones listed before it in LAYERS (test-only `testutil` apart), and exits 1 on a circle or an
upward import (`.ci/run` runs it).

Usage: scripts/import-circles.py [SRC_DIR] [--edges MODULE] [--check]   (default: src)
"""

import os
import re
import sys
from collections import defaultdict

# The layers, lowest first (docs/design.md); modules on one line do not import each other.
LAYERS = [
    ["num"],
    ["json", "params", "suggest", "certify", "plot"],
    ["graph"],
    ["prob"],
    ["measure"],
    ["mechanism"],
    ["accounting"],
    ["lp"],
    ["qif"],
    ["audit", "optimal"],
    ["claim"],
    ["lang"],
    ["papers"],
    ["cli"],
]

USE_START = re.compile(r"^\s*(pub(?:\([^)]*\))?\s+)?use\s+")
CHILD_PATH = re.compile(r"\b(\w+)(?:::\w+)+")
INLINE = re.compile(r"\b((?:crate|super|self)(?:::(?:\w+|\{))+)")


def module_of(src, path):
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("lib", "main"):
        rel = rel[:-1]
    elif rel[-1] == "mod":
        rel = rel[:-1]
    return tuple(rel)


def strip_comments(text):
    out = []
    for line in text.splitlines():
        s = line.lstrip()
        if s.startswith("//"):
            continue
        # drop trailing line comments (good enough: no `//` inside the paths we read)
        i = line.find("//")
        if i >= 0 and '"' not in line[:i]:
            line = line[:i]
        out.append(line)
    return "\n".join(out)


INLINE_MOD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def inline_supers(text):
    """Inside an inline `mod NAME { ... }` at depth d, drop d leading `super::` of each path (one
    climbs out of the block; the rest then read from the file's module); a path that climbs
    only out of blocks names the file itself, written `self::`."""
    out, stack, depth = [], [], 0
    for line in text.splitlines():
        opens = INLINE_MOD.match(line)
        d = len(stack)
        if d:
            def fix(m):
                n = m.group(0).count("super::")
                if n <= d:
                    return "self::"
                return "super::" * (n - d)
            line = re.sub(r"\b(?:super::)+", fix, line)
        depth_before = depth
        depth += line.count("{") - line.count("}")
        if opens:
            stack.append(depth_before)
        while stack and depth <= stack[-1]:
            stack.pop()
        out.append(line)
    return "\n".join(out)


def expand_tree(tree):
    """`a::{b, c::{d, e}}` -> [a::b, a::c::d, a::c::e] (`self` in braces names the prefix)."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)  # `x as y` names x (before whitespace goes:
    tree = re.sub(r"\s+", "", tree)  # after, `\bas\w+` also ate a module named `ast`)
    return _expand(tree)


def _expand(t):
    i = t.find("{")
    if i < 0:
        return [t] if t else []
    prefix = t[:i]
    depth, j = 0, i
    while j < len(t):
        if t[j] == "{":
            depth += 1
        elif t[j] == "}":
            depth -= 1
            if depth == 0:
                break
        j += 1
    inner, rest = t[i + 1 : j], t[j + 1 :]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        if not p:
            continue
        for e in _expand(p):
            if e == "self":
                out.append(prefix.rstrip(":"))
            else:
                out.append(prefix + e)
    return [o + rest for o in out]


def use_statements(text):
    """Yield (is_reexport, expanded paths) for each `use` statement."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = USE_START.match(lines[i])
        if not m:
            i += 1
            continue
        stmt = lines[i][m.end():]
        while ";" not in stmt and i + 1 < len(lines):
            i += 1
            stmt += lines[i]
        stmt = stmt.split(";")[0]
        yield bool(m.group(1)), expand_tree(stmt)
        i += 1


def absolute(mod, path):
    parts = path.split("::")
    if parts[0] == "crate":
        return list(parts[1:])
    base = list(mod)
    while parts and parts[0] in ("self", "super"):
        if parts[0] == "super":
            base = base[:-1]
        parts = parts[1:]
    return base + parts


def main():
    args = sys.argv[1:]
    show = None
    check = "--check" in args
    if check:
        args.remove("--check")
    if "--edges" in args:
        k = args.index("--edges")
        show = args[k + 1]
        del args[k : k + 2]
    src = args[0] if args else "src"
    files = {}
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith(".rs"):
                p = os.path.join(root, n)
                if n == "main.rs" and root == src:
                    continue
                files[module_of(src, p)] = inline_supers(strip_comments(open(p).read()))
    modules = set(files)

    # re-exports: module -> {name: absolute path}
    reexports = defaultdict(dict)
    for mod, text in files.items():
        for is_pub, paths in use_statements(text):
            if not is_pub:
                continue
            for p in paths:
                if p.endswith("*"):
                    continue
                ab = absolute(mod, p) if p.split("::")[0] in ("crate", "self", "super") else list(mod) + p.split("::")
                reexports[mod][ab[-1]] = ab

    def resolve(ab, seen=0):
        # longest module prefix
        for k in range(len(ab), -1, -1):
            if tuple(ab[:k]) in modules:
                m = tuple(ab[:k])
                rest = ab[k:]
                if rest and rest[0] in reexports[m] and seen < 8:
                    tgt = reexports[m][rest[0]]
                    if tgt != ab[: k + 1]:
                        return resolve(tgt + rest[1:], seen + 1)
                return m
        return None

    edges = defaultdict(set)
    for mod, text in files.items():
        facade_names = set()
        for is_pub, paths in use_statements(text):
            for p in paths:
                head = p.split("::")[0]
                if head not in ("crate", "self", "super") and mod + (head,) in modules and not is_pub:
                    p = "self::" + p  # a child module named without `self::`
                    head = "self"
                if head not in ("crate", "self", "super"):
                    if head in ("std", "core", "alloc") or not is_pub:
                        continue
                    # `pub use child::X` in a facade: a forwarded name, not an edge
                    facade_names.add(p)
                    continue
                if is_pub:
                    ab = absolute(mod, p)
                    if tuple(ab[: len(mod)]) == mod:  # re-export of a child: forwarding
                        continue
                tgt = resolve(absolute(mod, p.rstrip(":*").rstrip(":")))
                if tgt is not None and tgt != mod:
                    edges[mod].add(tgt)
        body = "\n".join(l for l in text.splitlines() if not USE_START.match(l))
        for m in CHILD_PATH.finditer(body):
            if mod + (m.group(1),) in modules and body[max(0, m.start() - 2) : m.start()] != "::":
                tgt = resolve(list(mod) + m.group(0).split("::"))
                if tgt is not None and tgt != mod:
                    edges[mod].add(tgt)
        for m in INLINE.finditer(body):
            p = m.group(1)
            for q in expand_tree(p) if "{" in p else [p]:
                tgt = resolve(absolute(mod, q.rstrip(":{")))
                if tgt is not None and tgt != mod:
                    edges[mod].add(tgt)

    if show:
        key = tuple(x for x in show.split("::") if x and x != "crate")
        print("->", sorted("::".join(e) for e in edges[key]))
        print("<-", sorted("::".join(m) for m in edges if key in edges[m]))
        return

    # Tarjan's SCC
    index, low, on, stack, sccs = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(100000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            sccs.append(comp)

    for v in sorted(modules):
        if v not in index:
            strong(v)
    circles = [sorted(c) for c in sccs if len(c) > 1]
    circles.sort(key=lambda c: (-len(c), c))
    print(f"{len(modules)} modules, {sum(len(e) for e in edges.values())} edges, {len(circles)} import circles")
    for c in circles:
        names = ["::".join(m) or "crate" for m in c]
        print(f"- {len(c)} modules: " + ", ".join(names))
    if not check:
        return
    level = {name: i for i, names in enumerate(LAYERS) for name in names}
    upward = []
    for m, targets in sorted(edges.items()):
        if not m or m[0] == "testutil":
            continue
        for t in sorted(targets):
            if not t or t[0] in ("testutil", m[0]):
                continue
            a, b = level.get(m[0]), level.get(t[0])
            if a is None or b is None or b >= a:
                upward.append(f"{'::'.join(m)} -> {'::'.join(t)}")
    print(f"{len(upward)} imports against the layers")
    for u in upward:
        print(f"- {u}")
    if circles or upward:
        sys.exit(1)


if __name__ == "__main__":
    main()
