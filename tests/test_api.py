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
    "bots": 5, "experiments": 5,
    "charts": 6, "widgets": 6, "apps": 6,
    "cli": 7, "__main__": 7,
}  # fmt: skip


def test_lower_layers_never_import_higher_ones():
    """cards -> evaluator -> strength/equity/preflop -> bpp -> game -> bots -> charts/widgets/apps -> cli."""
    import ast
    from pathlib import Path

    root = Path(pokerlab.__file__).parent
    problems = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).parts
        if rel == ("__init__.py",):
            continue
        mine = LAYERS[rel[0].removesuffix(".py")]
        tree = ast.parse(path.read_text())
        # a result's chart() method may draw itself with pokerlab.charts (STYLE.md: results have chart())
        exempt = {
            id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "chart" for n in ast.walk(f)
        }
        for node in ast.walk(tree):
            if id(node) in exempt:
                continue
            targets = []
            if isinstance(node, ast.ImportFrom) and node.module == "pokerlab":
                targets = [f"pokerlab.{a.name}" for a in node.names if a.name in LAYERS]
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pokerlab."):
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.startswith("pokerlab.")]
            for t in targets:
                theirs = LAYERS[t.split(".")[1]]
                if theirs > mine:
                    problems.append(f"{'/'.join(rel)} imports {t}")
    assert problems == []
