#!/usr/bin/env python3
"""Checks the include graph against DESIGN.md's layer table (the ctest `layering`).

The table is the ```layers block in DESIGN.md §1, lowest layer first; each line is
`name: prefix prefix ...`, prefixes relative to src/ and include/tirgen/ (tools/, python/src,
bench/ and tests/ are named as they are). A file belongs to the layer of its longest matching
prefix (`tir/interpreter` matches tir/interpreter.h and .cc, `tir` the rest of tir/). Rules:
  1. a file includes only files of its own layer or of layers listed before it;
  2. a relative include ("../x.h") stays inside its own layer (another layer's private
     headers are not part of its interface);
  3. every checked file belongs to some layer (a new folder gets a line in the table).
Rule 1 on a total order also rules out cycles between layers. Usage:
  check_layers.py ROOT            check the tree, print each violation, exit 1 if any
  check_layers.py --self-test     plant violations in a copy of the table and check they fail
"""
import os
import re
import sys
import tempfile

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
CHECKED_DIRS = ["include/tirgen", "src", "tools", "python/src", "bench", "tests/unit", "tests/fuzz"]


def read_table(design_md):
    text = open(design_md, encoding="utf-8").read()
    m = re.search(r"```layers\n(.*?)```", text, re.S)
    if not m:
        raise SystemExit("error: %s: no ```layers block; add the layer table (see DESIGN.md §1)" % design_md)
    layers = []  # (name, [prefixes]) lowest first
    for line in m.group(1).splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, prefixes = line.partition(":")
        layers.append((name.strip(), prefixes.split()))
    return layers


def logical_path(path):
    """src/x and include/tirgen/x are both x; other paths stay as they are."""
    for root in ("include/tirgen/", "src/"):
        if path.startswith(root):
            return path[len(root):]
    return path


def layer_of(path, layers):
    """(rank, name) of the longest prefix matching `path`'s logical path, or None."""
    p = logical_path(path)
    best = None
    for rank, (name, prefixes) in enumerate(layers):
        for pre in prefixes:
            if p == pre or p.startswith(pre + "/") or (p.startswith(pre + ".") and "/" not in p[len(pre):]):
                if best is None or len(pre) > best[0]:
                    best = (len(pre), rank, name)
    return None if best is None else best[1:]


def check(root, layers):
    problems = []
    for d in CHECKED_DIRS:
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for f in sorted(files):
                if not f.endswith((".h", ".cc")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, f), root)
                own = layer_of(path, layers)
                if own is None:
                    problems.append("%s: in no layer; add its folder to DESIGN.md's layer table" % path)
                    continue
                text = open(os.path.join(root, path), encoding="utf-8", errors="replace").read()
                for inc in INCLUDE_RE.findall(text):
                    if inc.startswith("tirgen/"):
                        target, relative = "include/" + inc, False
                    else:
                        target = os.path.normpath(os.path.join(os.path.dirname(path), inc))
                        relative = True
                        if not os.path.exists(os.path.join(root, target)):
                            continue  # a test helper found through -I, or a generated file
                    theirs = layer_of(target, layers)
                    if theirs is None:
                        continue  # reported when the file itself is visited (if checked)
                    if theirs[0] > own[0]:
                        problems.append('%s (layer %s) includes "%s" of the higher layer %s'
                                        % (path, own[1], inc, theirs[1]))
                    elif relative and theirs[1] != own[1]:
                        problems.append('%s (layer %s) includes "%s", a private header of layer %s; '
                                        "include its public header or move the piece"
                                        % (path, own[1], inc, theirs[1]))
    return problems


def self_test(root):
    """The check must be able to fail: plant an upward include, a reach into another layer's
    private header and a file in no layer, each in a scratch tree, and expect each reported."""
    layers = read_table(os.path.join(root, "DESIGN.md"))
    cases = {
        "upward": ("src/arith/x.cc", '#include "tirgen/tir/analysis/interval.h"\n', "higher layer"),
        "private": ("src/relay/x.cc", '#include "../te/private.h"\n', "private header"),
        "no layer": ("src/nowhere/x.cc", "\n", "in no layer"),
    }
    failures = []
    for what, (path, text, expect) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            for p in ("include/tirgen/tir/analysis/interval.h", "src/te/private.h"):
                os.makedirs(os.path.join(tmp, os.path.dirname(p)), exist_ok=True)
                open(os.path.join(tmp, p), "w").close()
            os.makedirs(os.path.join(tmp, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(tmp, path), "w") as f:
                f.write(text)
            got = check(tmp, layers)
            if not any(expect in g and path in g for g in got):
                failures.append("%s: expected a '%s' violation, got %s" % (what, expect, got))
    # The planted upward include must also be caught in the real tree's table order.
    if layer_of("src/arith/simplify.cc", layers)[0] >= layer_of("src/tir/analysis/interval.cc", layers)[0]:
        failures.append("the table does not put arith below tir/analysis")
    for f in failures:
        print("self-test: " + f)
    print("self-test: %s" % ("FAILED" if failures else "ok (3 planted violations reported)"))
    return 1 if failures else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(argv[2])
    if len(argv) != 2:
        print(__doc__)
        return 2
    root = argv[1]
    problems = check(root, read_table(os.path.join(root, "DESIGN.md")))
    for p in problems:
        print("error: " + p)
    if not problems:
        print("layering: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
