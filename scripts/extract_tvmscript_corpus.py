#!/usr/bin/python3
"""Cut TVMScript programs out of TVM's Python unit tests into tirgen's parser corpus.

Usage: scripts/extract_tvmscript_corpus.py TVM_CHECKOUT [OUT_DIR]

TVM_CHECKOUT is a checkout (or `git archive` unpacked) of apache/tvm at v0.14.0. Every
`@T.prim_func` function and every `@I.ir_module` / `@tvm.script.ir_module` class found anywhere in
the selected test modules (also nested inside test functions), and every undecorated `before` /
`expected` function of a tvm.testing.CompareBeforeAfter class (which decorates them itself; they
get `@T.prim_func` here), is written, dedented, with its
decorators, to OUT_DIR/<test module>.txt (default tests/data/tvmscript_corpus), programs separated
by a header line:

    #### <name>@<line> [python: <names>]

`python:` lists the names a program takes from the enclosing Python scope (loop bounds, dtypes,
helper functions): those need the decorator path (Python evaluating them), not the text parser.
"""

import ast
import builtins
import os
import sys
import textwrap

# The test modules of the corpus (issue 16): their names' prefixes or exact names.
PREFIXES = ("test_tir_schedule_", "test_tir_transform_")
EXACT = ("test_tvmscript_roundtrip.py", "test_tvmscript_complete.py",
         "test_meta_schedule_space_cpu.py")

# Names the script dialect itself provides (not Python values of the test).
DIALECT_NAMES = {"T", "I", "tvm", "tir", "R"}


def decorator_kind(dec):
    """'prim_func', 'ir_module' or None for one decorator expression."""
    node = dec.func if isinstance(dec, ast.Call) else dec
    name = []
    while isinstance(node, ast.Attribute):
        name.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        name.append(node.id)
    dotted = ".".join(reversed(name))
    if dotted in ("T.prim_func", "tvm.script.tir.prim_func", "tir.prim_func"):
        return "prim_func"
    if dotted in ("I.ir_module", "tvm.script.ir_module", "ir_module", "tvm.script.ir.ir_module"):
        return "ir_module"
    return None


class Bound(ast.NodeVisitor):
    """Names bound inside a program (parameters, assignment/for/with targets, lambda args)."""

    def __init__(self):
        self.names = set()

    def _target(self, t):
        for n in ast.walk(t):
            if isinstance(n, ast.Name):
                self.names.add(n.id)

    def visit_FunctionDef(self, node):
        self.names.add(node.name)
        for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
            self.names.add(a.arg)
        self.generic_visit(node)

    def visit_ClassDef(self, node):
        self.names.add(node.name)
        self.generic_visit(node)

    def visit_Lambda(self, node):
        for a in node.args.args:
            self.names.add(a.arg)
        self.generic_visit(node)

    def visit_Assign(self, node):
        for t in node.targets:
            self._target(t)
        self.generic_visit(node)

    def visit_AnnAssign(self, node):
        self._target(node.target)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self._target(node.target)
        self.generic_visit(node)

    def visit_For(self, node):
        self._target(node.target)
        self.generic_visit(node)

    def visit_comprehension(self, node):
        self._target(node.target)
        self.generic_visit(node)

    def visit_withitem(self, node):
        if node.optional_vars is not None:
            self._target(node.optional_vars)
        self.generic_visit(node)


def free_names(node):
    """Names a program reads that it neither binds nor gets from the dialect or Python builtins."""
    bound = Bound()
    bound.visit(node)
    used = set()
    body_nodes = node.body
    for stmt in body_nodes:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                used.add(n.id)
    # Annotations and decorator arguments are evaluated in the enclosing scope too.
    fns = [node] if isinstance(node, ast.FunctionDef) else [
        s for s in node.body if isinstance(s, ast.FunctionDef)]
    for fn in fns:
        for a in fn.args.args + fn.args.kwonlyargs:
            if a.annotation is not None:
                for n in ast.walk(a.annotation):
                    if isinstance(n, ast.Name):
                        used.add(n.id)
        for d in fn.decorator_list:
            for n in ast.walk(d):
                if isinstance(n, ast.Name):
                    used.add(n.id)
    return sorted(used - bound.names - DIALECT_NAMES - set(dir(builtins)))


def programs(path):
    """(name, line, needs_python, text) for each program of one test module, in source order."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    lines = src.splitlines(keepends=True)
    tree = ast.parse(src)
    out = []

    def visit(node):
        for child in ast.iter_child_nodes(node):
            kinds = [decorator_kind(d) for d in getattr(child, "decorator_list", [])]
            kind = next((k for k in kinds if k), None)
            if (kind == "prim_func" and isinstance(child, ast.FunctionDef)) or (
                    kind == "ir_module" and isinstance(child, ast.ClassDef)):
                start = min([d.lineno for d in child.decorator_list] + [child.lineno])
                text = textwrap.dedent("".join(lines[start - 1:child.end_lineno]))
                out.append((child.name, start, free_names(child), text))
                continue  # a program's own functions are part of it
            if (kind is None and isinstance(child, ast.FunctionDef) and isinstance(node, ast.ClassDef)
                    and child.name in ("before", "expected") and not child.decorator_list
                    and not (child.args.args and child.args.args[0].arg == "self")):
                # tvm.testing.CompareBeforeAfter applies T.prim_func to these itself.
                start = child.lineno
                text = textwrap.dedent("".join(lines[start - 1:child.end_lineno]))
                out.append((child.name, start, free_names(child), "@T.prim_func\n" + text))
                continue
            visit(child)

    visit(tree)
    return out


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: extract_tvmscript_corpus.py TVM_CHECKOUT [OUT_DIR]\n")
        return 2
    unit = os.path.join(argv[1], "tests", "python", "unittest")
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = argv[2] if len(argv) > 2 else os.path.join(here, "..", "tests", "data",
                                                         "tvmscript_corpus")
    if not os.path.isdir(unit):
        sys.stderr.write(f"error: {unit}: not a directory; pass a TVM v0.14.0 checkout\n")
        return 2
    os.makedirs(out_dir, exist_ok=True)
    total = needs = 0
    for name in sorted(os.listdir(unit)):
        if not (name in EXACT or (name.startswith(PREFIXES) and name.endswith(".py"))):
            continue
        progs = programs(os.path.join(unit, name))
        if not progs:
            continue
        with open(os.path.join(out_dir, name[:-3] + ".txt"), "w", encoding="utf-8") as f:
            for pname, line, free, text in progs:
                header = f"#### {pname}@{line}"
                if free:
                    header += " python: " + ",".join(free)
                f.write(header + "\n" + text.rstrip("\n") + "\n")
        total += len(progs)
        needs += sum(1 for p in progs if p[2])
    print(f"{total} programs ({needs} need Python values) -> {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
