"""Split pokerlab/cli.py into the package pokerlab/cli/ (one module per command group, each registering its parser).

Run from a checkout's root: ``python tools/split_cli.py``. It writes ``pokerlab/cli/`` (``__init__`` with
``build_parser`` and ``main``; ``_common`` with what every subcommand shares; ``hands``, ``tables``, ``matches``,
``bpp``, ``solve``, ``stats``, ``course``), deletes ``pokerlab/cli.py``, points the tests' imports of moved names
at their modules, and adds ``pokerlab.cli`` to pyproject's packages. Regenerate after merging branches that edit
cli.py: a module-level name the script cannot place stops it ("place NAME"); add it to EXTRA_OWN.
"""

import ast
import itertools
import re
import subprocess
import sys
from pathlib import Path

SRC = Path("pokerlab/cli.py")
text = SRC.read_text()
lines = text.split("\n")
tree = ast.parse(text)

GROUPS = {  # module: (docstring, commands)
    "hands": (
        "Cards and hands: evaluate, strength, potential, equity and ranges.",
        ["eval", "strength", "potential", "equity", "range"],
    ),
    "tables": (
        "Preflop tables: regenerate them (``tables``) and the Waterloo report's Tables 1-4 (``reproduce``).",
        ["tables", "reproduce"],
    ),
    "matches": (
        "Games: the ACPC client, self-play tournaments, the browser apps and hand replays.",
        ["acpc-client", "tournament", "play", "replay"],
    ),
    "bpp": ("BPP's Bayesian network from the command line.", ["bpp"]),
    "solve": (
        "Equilibrium: CFR on Kuhn and Leduc, push/fold, the postflop solver and the drills.",
        ["solve", "pushfold", "postflop", "drill"],
    ),
    "stats": ("Player statistics from hand histories.", ["stats"]),
    "course": ("Teaching: release the lessons, grade submissions, build the site and the slides.", ["course"]),
}
COMMAND_MODULE = {c: m for m, (_, cs) in GROUPS.items() for c in cs}
COMMON = {
    "_one_line",
    "_Parser",
    "_whole",
    "_text",
    "_seconds",
    "_SEED",
    "_print",
    "_Formatter",
    "EXAMPLES",
    "BOT_NAMES",
    "_ignore_sigint",
    "_start_worker",
    "_Pool",
    "_STARTED",
    "_waited",
    "_STDOUT_NAMES",
    "_is_stdout",
}
INIT = {
    "__main_guard__",
    "build_parser",
    "_version",
    "_check_outputs",
    "_show_warning",
    "main",
    "_exit_quickly",
    "_run",
}


def seg(node):
    start = node.lineno - 1
    if getattr(node, "decorator_list", None):
        start = min(d.lineno for d in node.decorator_list) - 1
    # leading comments directly above
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    end = node.end_lineno
    # a docstring string right after an assignment belongs to it
    return start, end


body = tree.body
chunks = []  # (name, start, end)
i = 0
doc_end = body[0].end_lineno  # module docstring
imports_end = max(n.end_lineno for n in body if isinstance(n, (ast.Import, ast.ImportFrom)))
for node in body:
    if node.end_lineno <= imports_end:
        continue
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
        name, s, e = chunks[-1]
        chunks[-1] = (name, s, node.end_lineno)  # attribute docstring
        continue
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        name = node.name
    elif isinstance(node, (ast.Assign, ast.AnnAssign)):
        t = node.targets[0] if isinstance(node, ast.Assign) else node.target
        name = t.id
    elif isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
        name = "__main_guard__"
    else:
        raise SystemExit(f"unplaced statement at line {node.lineno}: {ast.unparse(node)[:80]}")
    s, e = seg(node)
    chunks.append((name, s, e))


def module_of(name):
    if name in COMMON:
        return "_common"
    if name in INIT:
        return "__init__"
    m = re.match(r"cmd_(.*)", name)
    if m:
        cmd = m.group(1).replace("_", "-")
        base = cmd.split("-")[0]
        for c in (cmd, base):
            if c in COMMAND_MODULE:
                return COMMAND_MODULE[c]
        if cmd.startswith("course"):
            return "course"
    OWN = {
        "_table_name": "tables",
        "_refuse_ignored_table_options": "tables",
        "_planned_tables": "tables",
        "_refuse_replacing_other_tables": "tables",
        "_grid_text": "tables",
        "_refuse_ignored_tournament_options": "matches",
        "_rules_choice": "matches",
        "_KUHN_NUMPY_ITERATIONS": "solve",
        "_MCCFR_PYTHON_ITERATIONS": "solve",
        "_DRILL_RETRIES": "solve",
        "_add_course": "course",
        "_one_card_words": "hands",
        "GRID_ORIENTATION": "tables",
        "SHOW_ACTIONS": "solve",
        "_percent": "solve",
        "_sizes": "solve",
        "_drill_postflop": "solve",
    }
    OWN.update(EXTRA_OWN)
    if name in OWN:
        return OWN[name]
    raise SystemExit(f"place {name} (add it to EXTRA_OWN)")


EXTRA_OWN: dict[str, str] = {
    "_skip_reasons": "stats",
    "_stat_json": "stats",
}  # names added to cli.py since: {"_new_helper": "solve"}

placed = {}
for name, s, e in chunks:
    placed.setdefault(module_of(name), []).append((name, s, e))

# build_parser: cut its body into command blocks
bp = next(n for n in body if isinstance(n, ast.FunctionDef) and n.name == "build_parser")
bp_lines = lines[bp.lineno - 1 : bp.end_lineno]
starts = [
    k
    for k, text in enumerate(bp_lines)
    if re.match(r"    p = add\(", text)
    or re.match(r"    _add_course\(sub\)", text)
    or re.match(r"    return parser", text)
]
head = bp_lines[: starts[0]]
blocks = {}
order = []
for a, b in itertools.pairwise(starts):
    block = bp_lines[a:b]
    first = "\n".join(block[:3])
    if "_add_course(sub)" in block[0]:
        cmd = "course"
    else:
        m = re.search(r'add\(\s*"([a-z-]+)"', first)
        cmd = m.group(1)
    mod = COMMAND_MODULE[cmd]
    blocks.setdefault(mod, []).append(block)
    if mod not in order:
        order.append(mod)

out = Path("pokerlab/cli")
out.mkdir(exist_ok=True)
STD = """from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from pokerlab._options import CFREngine, Engine, GameName, Setup, TableMethod, TableMetric, TableSource, Variant
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.streets import Street
"""


def body_of(items):
    return "\n\n\n".join("\n".join(lines[s:e]) for _, s, e in items)


mod_doc = lines[:doc_end]
for mod, (doc, _) in GROUPS.items():
    items = placed.get(mod, [])
    regs = blocks.get(mod, [])
    if not items and not regs:
        continue
    code = f'"""{doc}"""\n\n' + STD + "\n\n" + body_of(items)
    if regs and mod != "course":
        reg = (
            "\n\n\ndef register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:\n"
            '    """Add this group\'s subcommands to ``pokerlab``\'s parser (``add(name, help, function)``)."""\n'
        )
        for block in regs:
            reg += "\n".join(block).rstrip() + "\n\n"
        code += reg.rstrip() + "\n"
    (out / f"{mod}.py").write_text(code + "\n")
common = (
    '"""What every subcommand shares: argument types, the one-line errors, the help formatter, examples."""\n\n'
    + STD
    + "\n\n"
    + body_of(placed["_common"])
    + "\n"
)
(out / "_common.py").write_text(common)
# __init__: docstring, imports, build_parser rewritten
init_items = [c for c in placed["__init__"] if c[0] != "build_parser"]
new_bp = "\n".join(head) + "\n"
calls = []
for mod in order:
    if mod == "course":
        calls.append("    course._add_course(sub)")
    else:
        calls.append(f"    {mod}.register(add)")
new_bp += "\n".join(calls) + "\n    return parser"
INIT_STD = STD  # cli.py's own imports; ruff drops the ones a module does not use
init = (
    "\n".join(mod_doc)
    + "\n\n"
    + INIT_STD
    + "\nfrom pokerlab.cli import "
    + ", ".join(sorted(set(order)))
    + "\n\n"
    + new_bp
    + "\n\n\n"
    + body_of(init_items)
    + "\n"
)
init = init.replace(
    "    global _STARTED\n    _STARTED = time.perf_counter()",
    "    _common._STARTED = time.perf_counter()  # for _waited()",
)
init = init.replace("\nfrom pokerlab.cli import ", "\nfrom pokerlab.cli import _common, ", 1)
(out / "__init__.py").write_text(init)
SRC.unlink()
# imports: every name a module uses and another defines
defined = {}
for f in out.glob("*.py"):
    for node in ast.parse(f.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.setdefault(node.name, f.stem)
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            defined.setdefault(node.targets[0].id, f.stem)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.setdefault(node.target.id, f.stem)
res = subprocess.run(
    [sys.executable, "-m", "ruff", "check", str(out), "--select", "F821", "--output-format", "concise"],
    capture_output=True,
    text=True,
).stdout
need = {}
for line in res.splitlines():
    m = re.match(r"(.*?):\d+:\d+: F821 Undefined name `(.*)`", line)
    if m:
        need.setdefault(Path(m.group(1)).stem, set()).add(m.group(2))
for mod, names in need.items():
    by = {}
    for n in names:
        if n not in defined:
            raise SystemExit(f"{mod} uses {n}, defined nowhere")
        by.setdefault(defined[n], set()).add(n)
    f = out / f"{mod}.py"
    t = f.read_text()
    add = "".join(
        f"from pokerlab.cli.{'_common' if src == '_common' else src} import {', '.join(sorted(ns))}\n"
        for src, ns in sorted(by.items())
        if src != "__init__"
    )
    if any(src == "__init__" for src in by):
        raise SystemExit(f"{mod} uses {by['__init__']} from __init__")
    t = t.replace("\nfrom pokerlab.errors import ", "\n" + add + "from pokerlab.errors import ", 1)
    f.write_text(t)
subprocess.run([sys.executable, "-m", "ruff", "check", "--fix", "--unsafe-fixes", "-q", "--select", "F401,I", str(out)])
f = out / "__init__.py"
t = f.read_text()
t = t.replace(
    "from pokerlab.cli import _common, ",
    "from pokerlab.cli._common import EXAMPLES as EXAMPLES  # tests and docs read the examples here\n"
    "from pokerlab.cli import _common, ",
    1,
)
f.write_text(t)


def drop_unused_imports(path: Path) -> None:
    """Remove what ruff calls unused (F401) from ``path``: in a package's __init__ ruff offers a re-export instead."""
    report = subprocess.run(
        [sys.executable, "-m", "ruff", "check", str(path), "--select", "F401", "--output-format", "concise"],
        capture_output=True,
        text=True,
    ).stdout
    unused = {m.group(1) for m in re.finditer(r"F401 `([^`]+)` imported but unused", report)}
    keep = []
    for line in path.read_text().split("\n"):
        m = re.match(r"(from (\S+) import )(.*?)(\s*#.*)?$", line)
        if m and not line.startswith(" ") and "(" not in line:
            names = [n.strip() for n in m.group(3).split(",")]
            left = [n for n in names if f"{m.group(2)}.{n.split(' as ')[0]}" not in unused]
            if not left:
                continue
            line = m.group(1) + ", ".join(left) + (m.group(4) or "")
        elif (m := re.match(r"import (\S+)$", line)) and m.group(1) in unused:
            continue
        keep.append(line)
    path.write_text("\n".join(keep))


drop_unused_imports(out / "__init__.py")
subprocess.run([sys.executable, "-m", "ruff", "check", "--fix", "-q", str(out)])
subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(out)])
print("modules:", sorted(p.name for p in out.glob("*.py")))


# the tests that reach into the command line's modules
def point_imports(path: Path) -> None:
    """``from pokerlab.cli import _grid_text, main`` -> ``main`` from the package, ``_grid_text`` from its module."""
    kept = []
    for line in path.read_text().split("\n"):
        m = re.match(r"(\s*)from pokerlab\.cli import ([\w, ]+)$", line)
        if not m:
            kept.append(line)
            continue
        by: dict[str, list[str]] = {}
        for n in (x.strip() for x in m.group(2).split(",")):
            src = defined.get(n, "__init__")
            by.setdefault("pokerlab.cli" if src == "__init__" else f"pokerlab.cli.{src}", []).append(n)
        kept += [f"{m.group(1)}from {mod} import {', '.join(ns)}" for mod, ns in sorted(by.items())]
    path.write_text("\n".join(kept))


for tf in sorted([*Path("tests").glob("*.py"), *Path("benchmarks").glob("*.py")]):
    point_imports(tf)
tp = Path("tests/cli/test_cli.py")
tt = tp.read_text()
tt = tt.replace("cli._Pool", "cli._common._Pool").replace(
    'monkeypatch.setattr(cli, "_refuse_replacing_other_tables"',
    'monkeypatch.setattr(cli.tables, "_refuse_replacing_other_tables"',
)
tp.write_text(tt)
pp = Path("pyproject.toml")
pt = pp.read_text()
if '"pokerlab.cli",' not in pt:
    pt = pt.replace('    "pokerlab.charts",\n', '    "pokerlab.charts",\n    "pokerlab.cli",\n', 1)
pp.write_text(pt)
ap = Path("tests/project/test_api.py")
at = ap.read_text()
at = at.replace(
    """    "cli.py": (
        "the CLI's cold start""",
    """    "cli/": (
        "the CLI's cold start""",
)
ap.write_text(at)
lp = Path("tests/project/test_lint.py")
lt = lp.read_text()
lp.write_text(
    lt.replace('OLD_NAMES = {"pokerlab/cli.py": {"seed001"}', 'OLD_NAMES = {"pokerlab/cli/matches.py": {"seed001"}')
)
print("docs: DEVELOPERS.md's `cmd_reproduce` in `pokerlab/cli.py` is now in `pokerlab/cli/tables.py`")
subprocess.run(
    [
        sys.executable,
        "-m",
        "ruff",
        "format",
        "-q",
        "tests/project/test_api.py",
        "tests/cli/test_cli.py",
        "tests/project/test_lint.py",
    ]
)
