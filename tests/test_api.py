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
    modules = {"cards", "equity", "errors", "evaluator", "preflop", "ranges", "strength"}
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
    "errors": 0, "_inputs": 0, "_validate": 0, "_cache": 0, "_signals": 0, "cards": 0, "ranges": 0, "_tables": 0,
    "solve": 0,
    "evaluator": 1, "_kernels": 1,
    "strength": 2, "equity": 2, "preflop": 2, "breakdown": 2, "_parallel": 2,
    "bpp": 3,
    "game": 4,
    "bots": 5, "experiments": 5, "datasets": 5,
    "charts": 6, "widgets": 6, "apps": 6,
    "cli": 7, "__main__": 7,
}  # fmt: skip


# Inside a package the modules are layered too (DEVELOPERS.md "Layers"), and the package's __init__
# sits above all of them: a module never imports a name from its own package's __init__.
SUBLAYERS = {
    "game": {"pots": 0, "rules": 0, "state": 1, "match": 2, "gamedef": 2, "phh": 2, "replay": 3, "acpc": 3},
    "bpp": {"handtypes": 0, "learning": 1, "network": 2, "policy": 3, "evaluation": 3},
}  # fmt: skip

# The only upward imports, each inside the named methods (an import under ``if TYPE_CHECKING:`` of the
# same module is allowed too: it annotates them). Everywhere else in these files the rule holds.
ALLOWED_UPWARD = {
    # STYLE.md: a result a notebook shows has a chart() method; it draws with pokerlab.charts.
    ("*", "chart"): "pokerlab.charts",
    # Rules are data; starting a hand from them (`NO_LIMIT_RING.new_hand(...)`) is every lesson's first step.
    ("game/rules.py", "new_hand"): "pokerlab.game.state",
    # The README's way to read and write ACPC GAMEDEF text: methods that hand over to the format's module.
    ("game/rules.py", "from_acpc_gamedef"): "pokerlab.game.gamedef",
    ("game/rules.py", "to_acpc_gamedef"): "pokerlab.game.gamedef",
    # The same for PHH (`hand.to_phh()`, `HandState.from_phh(text)` in lesson 04).
    ("game/state.py", "to_phh"): "pokerlab.game.phh",
    ("game/state.py", "from_phh"): "pokerlab.game.phh",
}


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
                if ALLOWED_UPWARD.get((where, function), ALLOWED_UPWARD.get(("*", function))) == t:
                    continue
                if type_only and t in allowed:
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
