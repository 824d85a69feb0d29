"""The public surface: __all__ sorted and complete, light imports, errors form one tree."""

import subprocess
import sys

import pokerlab
from pokerlab import errors


def test_all_is_sorted_and_complete():
    assert pokerlab.__all__ == sorted(pokerlab.__all__)
    for name in pokerlab.__all__:
        assert hasattr(pokerlab, name), name
    public = {n for n in dir(pokerlab) if (not n.startswith("_") and n[0].isupper()) or n in pokerlab.__all__}
    modules = {"cards", "equities", "errors", "evaluator", "preflop", "ranges", "strength"}
    assert public - set(pokerlab.__all__) - modules == set()


def test_no_module_exports_a_private_name():
    """``__all__`` is what ``import *`` and the docs take as public: a ``_name`` in it (the range grid's
    JavaScript once was, in ``pokerlab.widgets``) turns a detail into API. Tests import such names from
    the module that defines them."""
    import importlib
    import pkgutil

    found = []
    for info in pkgutil.walk_packages(pokerlab.__path__, "pokerlab."):
        if info.name.startswith(("pokerlab.apps.jupyter", "pokerlab.__main__")):
            continue
        module = importlib.import_module(info.name)
        found += [f"{info.name}.{n}" for n in getattr(module, "__all__", ()) if n.startswith("_")]
    assert found == []


def test_import_does_not_load_heavy_libraries():
    code = (
        "import sys, pokerlab; heavy = [m for m in ('numba', 'pandas', 'altair', 'ipywidgets') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_every_error_is_a_pokerlab_error_and_a_value_error():
    for name in errors.__all__:
        cls = getattr(errors, name)
        if issubclass(cls, Warning):  # CacheWarning: a note that a cache is rebuilt, not an error
            continue
        assert issubclass(cls, errors.PokerlabError) and issubclass(cls, ValueError)


LAYERS = {
    "errors": 0, "_inputs": 0, "_validate": 0, "_cache": 0, "_signals": 0, "_version": 0, "_chart_hook": 0,
    "_notice": 0, "_progress": 0, "_files": 0, "cards": 0, "ranges": 0, "_tables": 0, "streets": 0,
    "_options": 0,
    "evaluator": 1, "_kernels": 1, "_compiled": 1,
    "strength": 2, "equities": 2, "preflop": 2, "breakdown": 2, "_parallel": 2, "solve": 2, "_warm": 2,
    "bpp": 3,
    "game": 4,
    "bots": 5, "experiments": 5, "datasets": 5, "stats": 5, "_hand_histories": 5,
    "charts": 6, "widgets": 6, "apps": 6, "course": 6,
    "cli": 7, "__main__": 7,
}  # fmt: skip
PRESENTATION = ("charts", "widgets", "apps")  # the only packages that may import a presentation library (course,
# also in layer 6, may not: #24)
PRESENTATION_LIBRARIES = ("altair", "ipywidgets", "anywidget", "vl_convert")


# Inside a package the modules are layered too (docs/internals.md "Layers"), and the package's __init__
# sits above all of them: a module never imports a name from its own package's __init__.
SUBLAYERS = {
    "game": {
        "_hooks": 0, "pots": 0, "rules": 0, "state": 1, "match": 2, "gamedef": 2, "phh": 2, "replay": 3, "acpc": 3,
    },
    "bpp": {"handtypes": 0, "learning": 1, "network": 2, "policy": 3, "evaluation": 3},
}  # fmt: skip

# The only upward imports inside a package, each inside the named methods: {(file, function): module}
# (an import under ``if TYPE_CHECKING:`` of the same module is allowed too: it annotates them). Empty: the
# game's methods that hand over to a higher module (Rules.new_hand, Rules.from/to_acpc_gamedef,
# HandState.to/from_phh) go through the leaf pokerlab.game._hooks, which state, gamedef and phh fill.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}

# Annotation-only upward imports (under ``if TYPE_CHECKING:``, never run): {file: module}. They give mypy and IDEs
# a method's real type where the module doing the work sits above (#43: ``Rules.new_hand`` returns a HandState,
# once typed ``Any``). They are not run-time edges, so the layer test and the cycle graph leave them out; anything
# else under TYPE_CHECKING still counts.
TYPE_ONLY_UPWARD: dict[str, str] = {"game/rules.py": "pokerlab.game.state"}

# Import cycles among pokerlab's modules still to be removed: {frozenset of the modules of one strongly
# connected component of the import graph: reason}. The test prints this list on every run and fails when
# a cycle appears that is not here, or when one listed here is gone (then delete its entry): it only
# shrinks. Empty since #24 (charts, bots <-> experiments, solve, and the game's rules <-> state <->
# phh/gamedef are gone); keep it empty.
ALLOWED_CYCLES: dict[frozenset[str], str] = {}


def _imports(tree):
    """Every import of a module, found by walking the AST of the module and of every function in it.

    Yields ``(node, function, type_only)``: the outermost function (or method) the import sits in, None at
    module level, and whether it sits under ``if TYPE_CHECKING:``.
    """
    import ast

    def visit(node, function, type_only):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, function, type_only
        for child in ast.iter_child_nodes(node):
            inner = function
            if function is None and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = child.name
            typing = type_only or (
                isinstance(node, ast.If) and child in node.body and "TYPE_CHECKING" in ast.unparse(node.test)
            )
            yield from visit(child, inner, typing)

    yield from visit(tree, None, False)


def _targets(node, root):
    """The pokerlab modules an import reaches: ``pokerlab.x``, ``pokerlab.x.y``, or ``pokerlab.x`` for a name
    that ``pokerlab/x/__init__.py`` defines or re-exports."""
    import ast

    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith("pokerlab.")]
    if node.module == "pokerlab":
        return [f"pokerlab.{a.name}" for a in node.names if a.name in LAYERS]
    if node.module and node.module.startswith("pokerlab."):
        folder = root.joinpath(*node.module.split(".")[1:])
        if (
            folder.is_dir()
        ):  # `from pokerlab.solve import _kernels` reaches a module, `from pokerlab.bpp import f` the __init__
            return [
                f"{node.module}.{a.name}" if (folder / f"{a.name}.py").exists() else node.module for a in node.names
            ]
        return [node.module]
    return []


def test_lower_layers_never_import_higher_ones():
    """cards -> evaluator -> strength/equity/preflop -> bpp -> game -> bots -> charts/widgets/apps -> cli,
    and inside game and bpp the order of SUBLAYERS; every import counts, at module level or in a function."""
    import ast
    from pathlib import Path

    root = Path(pokerlab.__file__).parent
    problems = []
    for package, order in SUBLAYERS.items():
        assert {p.stem for p in (root / package).glob("*.py")} - {"__init__"} == set(order), (
            f"place every {package} module"
        )
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).parts
        if rel == ("__init__.py",):
            continue
        where = "/".join(rel)
        package = rel[0].removesuffix(".py")
        module = path.stem if len(rel) == 2 else None
        mine = LAYERS[package]
        allowed = {target for (file, _), target in ALLOWED_UPWARD.items() if file == where}
        for node, function, type_only in _imports(ast.parse(path.read_text())):
            for t in set(_targets(node, root)):
                parts = t.split(".")
                if ALLOWED_UPWARD.get((where, function)) == t:
                    continue
                if type_only and (t in allowed or TYPE_ONLY_UPWARD.get(where) == t):
                    continue
                if LAYERS[parts[1]] > mine:
                    problems.append(f"{where} imports {t}")
                elif parts[1] == package and module not in (None, "__init__"):
                    if len(parts) == 2:
                        problems.append(f"{where} imports from its own package's __init__ ({t})")
                    elif package in SUBLAYERS and SUBLAYERS[package][parts[2]] > SUBLAYERS[package][module]:
                        problems.append(f"{where} imports {t}")
    assert problems == [], "\n".join(problems)


def test_the_layer_test_sees_imports_inside_functions():
    """The walk finds an import in a method, a nested function and a TYPE_CHECKING block, and where it sits."""
    import ast

    code = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pokerlab.game.state import HandState\n"
        "class Rules:\n    def new_hand(self):\n        def inner():\n"
        "            from pokerlab.game.phh import to_phh\n"
        "        from pokerlab.game.state import HandState\n"
        "def chart():\n    from pokerlab import charts\n"
    )
    found = [(ast.unparse(n), f, t) for n, f, t in _imports(ast.parse(code))]
    assert found == [
        ("from typing import TYPE_CHECKING", None, False),
        ("from pokerlab.game.state import HandState", None, True),
        ("from pokerlab.game.phh import to_phh", "new_hand", False),
        ("from pokerlab.game.state import HandState", "new_hand", False),
        ("from pokerlab import charts", "chart", False),
    ]


def _module_name(path, root):
    rel = path.relative_to(root).with_suffix("").parts
    if rel[-1] == "__init__":
        rel = rel[:-1]
    return ".".join(("pokerlab", *rel))


def _graph_targets(node, root):
    """The pokerlab modules an import runs: like :func:`_targets`, but a name that is not a module
    (``from pokerlab import __version__``, ``from pokerlab.bpp import build_network``) reaches the package's
    ``__init__`` (``pokerlab``, ``pokerlab.bpp``), which is where the name is looked up."""
    import ast

    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name == "pokerlab" or a.name.startswith("pokerlab.")]
    if node.level or not node.module or not (node.module == "pokerlab" or node.module.startswith("pokerlab.")):
        return []
    folder = root.joinpath(*node.module.split(".")[1:])
    if not folder.is_dir():
        return [node.module]
    found = []
    for a in node.names:
        sub = folder / a.name
        found.append(f"{node.module}.{a.name}" if (sub.with_suffix(".py").exists() or sub.is_dir()) else node.module)
    return found


def import_graph():
    """{module: {module it imports}} over pokerlab, counting every import: module level, inside functions
    and methods, under ``if TYPE_CHECKING:``. Importing ``pokerlab.a.b`` is an edge to ``pokerlab.a.b`` only
    (Python runs ``pokerlab/a/__init__`` first, but that package imports its own modules, never back)."""
    import ast
    from pathlib import Path

    root = Path(pokerlab.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if "jupyter" in path.relative_to(root).parts:
            continue
        name = _module_name(path, root)
        edges = graph.setdefault(name, set())
        where = "/".join(path.relative_to(root).parts)
        for node, _, type_only in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            skip = TYPE_ONLY_UPWARD.get(where) if type_only else None
            edges.update(t for t in _graph_targets(node, root) if t not in (name, skip))
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan), each as (members, one cycle through
    them, written ``a -> b -> a``)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def connect(v):  # recursion depth is bounded by the number of modules (about 100)
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.add(w)
                if w == v:
                    break
            if len(members) > 1:
                found.append((frozenset(members), _one_cycle(graph, members)))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def _one_cycle(graph, members):
    """A shortest cycle through the smallest member, inside the component (breadth first)."""
    start = min(members)
    previous = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                path = [v]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                return " -> ".join([*reversed(path), start])
            if w not in previous:
                previous[w] = v
                queue.append(w)
    raise AssertionError("a strongly connected component always holds a cycle")


def test_no_import_cycles_among_pokerlab_modules():
    """#24: no cycle among pokerlab's modules, counting imports inside functions and under TYPE_CHECKING.

    The cycles that remain are listed in ALLOWED_CYCLES (printed here, so the list is seen until it is empty)."""
    found = cycles(import_graph())
    print("allowed import cycles still to remove:")
    for members, reason in ALLOWED_CYCLES.items():
        print(f"  {', '.join(sorted(members))}: {reason}")
    new = [
        f"{cycle}  (modules: {', '.join(sorted(members))})" for members, cycle in found if members not in ALLOWED_CYCLES
    ]
    gone = [", ".join(sorted(m)) for m in ALLOWED_CYCLES if m not in {members for members, _ in found}]
    assert new == [], "import cycles:\n" + "\n".join(new)
    assert gone == [], "these allowed cycles are gone, delete them from ALLOWED_CYCLES:\n" + "\n".join(gone)


def test_the_cycle_finder_sees_a_cycle_through_a_function_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e2"}, "e2": set()}
    assert cycles(graph) == [(frozenset({"a", "b", "c"}), "a -> b -> c -> a")]
    import ast
    from pathlib import Path

    root = Path(pokerlab.__file__).parent
    version = ast.parse("def f():\n    from pokerlab import __version__, charts\n").body[0].body[0]
    assert _graph_targets(version, root) == ["pokerlab", "pokerlab.charts"]  # the name is read from __init__


# Calls that import a module by name, which the AST walk above does not see as imports: {file: reason}.
DYNAMIC_IMPORTS = {
    "__init__.py": "the package root loads its names on first use (module __getattr__); it sits above every layer",
    "course/_isolation.py": "the probe checks, inside the isolated process, that a kernel's modules load there",
}


def dynamic_imports(root):
    """Every ``importlib.import_module(...)``/``__import__(...)`` call whose argument is not a literal naming a
    library outside pokerlab and outside the presentation layer, as ``file:line: call``. Such a call imports a
    module without an import statement, so the layer, cycle and presentation tests would not see it."""
    import ast

    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name not in ("import_module", "__import__") or where in DYNAMIC_IMPORTS:
                continue
            first = node.args[0] if node.args else None
            target = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
            top = (target or "").split(".")[0]
            if target is None or top == "pokerlab" or top in PRESENTATION_LIBRARIES:
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_imports_pokerlab_or_a_presentation_library_by_name():
    """importlib.import_module("pokerlab.charts") in a lower layer would pass the AST tests above; a relative
    import would too (ruff's TID252, ban-relative-imports = "all" in pyproject.toml, refuses those)."""
    from pathlib import Path

    assert dynamic_imports(Path(pokerlab.__file__).parent) == []


def test_the_dynamic_import_check_sees_a_planted_call(tmp_path):
    (tmp_path / "equity.py").write_text(
        "import importlib\ndef f():\n    return importlib.import_module('pokerlab.widgets')\n"
        "def g():\n    return __import__('altair'), __import__('pandas')\n"
    )
    assert dynamic_imports(tmp_path) == [
        "equity.py:3: importlib.import_module('pokerlab.widgets')",
        "equity.py:5: __import__('altair')",
    ]


def test_only_the_presentation_layer_imports_presentation_libraries():
    """altair, ipywidgets, anywidget and vl_convert are imported only by charts, widgets and apps: not course (layer 6
    too), not below,
    not inside a function, not under TYPE_CHECKING (a result's chart() goes through pokerlab._chart_hook)."""
    import ast
    from pathlib import Path

    root = Path(pokerlab.__file__).parent
    problems = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).parts
        where = "/".join(rel)
        if rel[0].removesuffix(".py") in PRESENTATION:
            continue
        for node, function, _ in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for name in names:
                if name.split(".")[0] in PRESENTATION_LIBRARIES:
                    problems.append(f"{where} imports {name}" + (f" in {function}()" if function else ""))
    assert problems == []


def test_the_written_layers_are_the_tests_layers():
    """The layering is written once, in pokerlab's package docstring; this file's LAYERS must say the same."""
    import re

    doc = pokerlab.__doc__
    block = doc[doc.index("Layers") :].split("\n\n")[1]
    written = {}
    layer = None
    for line in block.splitlines():
        match = re.match(r"\s+(\d)\s+(.*?)(?:\s{2,}.*)?$", line)
        more = re.match(r"\s{5,}([a-z_].*)$", line)  # a layer's names continued on the next line
        assert match or (more and layer is not None), f"unreadable layer line: {line!r}"
        if match:
            layer, names = int(match.group(1)), match.group(2)
        else:
            assert more is not None
            names = more.group(1)
        for name in names.split(","):
            if name.strip():
                written[name.strip()] = layer
    assert written == LAYERS


def test_results_draw_through_the_hook_and_the_charts_package_fills_it():
    """p.chart() on a result reaches pokerlab.charts through the leaf module pokerlab._chart_hook; a fresh
    interpreter that never imported pokerlab.charts still gets the chart."""
    code = (
        "import sys, pokerlab as pl; p = pl.hand_potential('AdQc', '3h4cJh');"
        "assert 'pokerlab.charts' not in sys.modules; c = p.chart();"
        "from pokerlab import charts; print(c.to_dict() == charts.potential_chart(p).to_dict())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "True"


def test_the_version_lives_in_one_leaf_module():
    import tomllib
    from pathlib import Path

    from pokerlab._version import __version__

    project = tomllib.loads((Path(pokerlab.__file__).parents[1] / "pyproject.toml").read_text())["project"]
    assert pokerlab.__version__ == __version__ == project["version"]


# Libraries that cost a reader time or memory when imported: an import of a pokerlab module inside a function
# is allowed when the module loads one of these (directly or through its own module-level imports, its
# packages' __init__ included), so that importing the caller does not.
HEAVY_LIBRARIES = (
    "numba", "pandas", "altair", "ipywidgets", "anywidget", "vl_convert", "pgmpy", "sklearn", "scipy", "tqdm",
    "matplotlib",
)  # fmt: skip

# In-function imports of light pokerlab modules that stay, each with its reason: {"file::function": reason},
# {"file": reason} for a whole file or {"folder/": reason} for a package (none today). Everything else goes at
# module level.
ALLOWED_FUNCTION_IMPORTS = {
    "__init__.py::_load_charts": (
        "pokerlab._chart_hook's loader: the package imports the presentation layer only when a result draws"
    ),
    "cli/": ("the CLI's cold start: each subcommand imports only what it runs (#25, c-perf's branch owns these lines)"),
    "course/_charts_on_slides.py::_chart_svg": (
        "decks build with only latex2mathml and mistune (README 'Teach it', --no-deps): without the chart stack"
        " (altair, jsonschema, vl-convert) a deck shows the lesson's saved pictures"
    ),
}


def _module_level_imports(root):
    """{module: (top-level names of the libraries it imports, pokerlab modules it runs)} at module level only:
    not in a function, not under TYPE_CHECKING. A module also runs its packages' ``__init__``."""
    import ast

    found = {}
    for path in sorted(root.rglob("*.py")):
        name = _module_name(path, root)
        libraries, modules = set(), set()
        for node, function, type_only in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if function is not None or type_only:
                continue
            if isinstance(node, ast.Import):
                libraries.update(a.name.split(".")[0] for a in node.names)
            elif node.module and not node.level:
                libraries.add(node.module.split(".")[0])
            modules.update(_graph_targets(node, root))
        parts = name.split(".")
        modules.update(".".join(parts[:k]) for k in range(1, len(parts)))
        modules.discard(name)
        found[name] = (libraries, modules)
    return found


def heavy_libraries_loaded(module, level_imports):
    """The HEAVY_LIBRARIES that importing ``module`` loads (its module-level imports, followed through pokerlab)."""
    seen, todo, heavy = set(), [module], set()
    while todo:
        m = todo.pop()
        if m in seen or m not in level_imports:
            continue
        seen.add(m)
        libraries, modules = level_imports[m]
        heavy |= {lib for lib in libraries if lib in HEAVY_LIBRARIES}
        todo.extend(modules)
    return heavy


def needless_function_imports():
    """Every import of a pokerlab module inside a function that keeps no heavy library lazy and is not allowed,
    as ``file::function: import``; and the ALLOWED_FUNCTION_IMPORTS keys that matched nothing."""
    import ast
    from pathlib import Path

    root = Path(pokerlab.__file__).parent
    level_imports = _module_level_imports(root)
    found, used = [], set()
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node, function, type_only in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            targets = _graph_targets(node, root)
            if function is None or type_only or not targets:
                continue
            if any(heavy_libraries_loaded(t, level_imports) for t in targets):
                continue
            keys = (f"{where}::{function}", where, where.split("/")[0] + "/")
            key = next((k for k in keys if k in ALLOWED_FUNCTION_IMPORTS), None)
            if key:
                used.add(key)
            else:
                found.append(f"{where}::{function}: {ast.unparse(node)}")
    return found, sorted(set(ALLOWED_FUNCTION_IMPORTS) - used)


def test_pokerlab_modules_are_imported_at_module_level_unless_a_heavy_library_stays_lazy():
    """#24's lint rule: an import of a pokerlab module inside a function hides the dependency (and hid four import
    cycles); it is allowed only when the module loads a heavy library (HEAVY_LIBRARIES) or is listed with a reason
    in ALLOWED_FUNCTION_IMPORTS. A listed entry that no longer matches anything must go (the list only shrinks)."""
    found, stale = needless_function_imports()
    assert found == [], "import these at module level:\n" + "\n".join(found)
    assert stale == [], "these ALLOWED_FUNCTION_IMPORTS entries match nothing, delete them: " + ", ".join(stale)


def test_the_function_import_rule_follows_module_level_imports():
    """The kernels load numba themselves; the evaluator loads them only inside functions, so it is light; a widget
    module loads ipywidgets at module level, and so does any module that imports it there."""
    from pathlib import Path

    level_imports = _module_level_imports(Path(pokerlab.__file__).parent)
    assert heavy_libraries_loaded("pokerlab._kernels", level_imports) == {"numba"}
    assert heavy_libraries_loaded("pokerlab.cards", level_imports) == set()
    assert heavy_libraries_loaded("pokerlab.widgets.ranges", level_imports) == {"ipywidgets"}
