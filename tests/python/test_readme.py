"""README.md as a newcomer reads it stays true: its ONNX operator list is the importer's registry
(`tirgen ops`), and every subcommand and every option the CLI accepts is in its synopsis."""
import os
import re
import subprocess
import textwrap

import tirgen

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
README = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
CLI = os.environ.get("TIRGEN_CLI", os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirgen.__file__)))), "tirgen"))


def cli(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, check=True).stdout


def test_onnx_operator_list_is_the_registry():
    ops = cli("ops").split()
    assert "Conv" in ops and ops == sorted(ops)
    block = re.search(r"<!-- onnx-ops:[^\n]*-->\n(.*?)<!-- onnx-ops end -->", README, re.S)
    assert block, "README lost its onnx-ops markers"
    expected = textwrap.fill(", ".join(f"`{op}`" for op in ops), 100) + "\n"
    assert block.group(1) == expected, "README's ONNX operator list is stale; replace it with:\n" + expected
    assert f"{len(ops)} operator types (`tirgen ops`" in README


def synopses():
    """{subcommand: the README synopsis text of `tirgen <subcommand> ...`, continuation lines too}."""
    out = {}
    current = None
    for line in README.splitlines():
        m = re.match(r"    tirgen ([a-z]+)\b(.*)", line)
        if m:
            current = m.group(1)
            out[current] = out.get(current, "") + m.group(2).split("#")[0] + "\n"
        elif current and re.match(r"           \S", line):  # a wrapped synopsis line
            out[current] += line.split("#")[0] + "\n"
        else:
            current = None
    return out


def test_every_cli_option_is_in_the_synopses():
    help_text = cli("--help")
    commands = re.findall(r"^  ([a-z]+) {2,}", help_text.split("Subcommands:")[1], re.M)
    assert {"lower", "run", "graph", "cache", "ops"} <= set(commands)
    found = synopses()
    missing = []
    for command in commands:
        if command not in found:
            missing.append(f"tirgen {command} has no synopsis")
            continue
        usage = cli(command, "--help")
        options = set(re.findall(r"^\s+(?:-[a-z],)?(--[a-z][a-z-]*)", usage, re.M)) - {"--help"}
        for option in sorted(options):
            short = re.search(r"^\s+(-[a-z]),%s" % re.escape(option), usage, re.M)
            if option not in found[command] and not (short and re.search(r"(?<![\w-])%s\b" % short.group(1), found[command])):
                missing.append(f"tirgen {command} {option}")
    assert not missing, "README synopses lack: " + ", ".join(missing)
