"""What ``pyproject.toml`` ships: the package list, the preflop tables inside the wheel, the dependencies.

The committed tables live in ``data/preflop_tables/`` and the wheel carries them as
``pokerlab/data/preflop_tables/`` (DEVELOPERS.md, "Data in the wheel"). ``.ci/run`` installs a built
wheel into a fresh environment and runs ``tests/wheel_smoke.py`` there; the tests below check the
same promises from the checkout: the wheel's contents, where :func:`pokerlab.preflop.data_dir`
looks, and that a missing table is an error naming the file, never other numbers.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from pokerlab import preflop
from pokerlab.errors import PreflopTableError

ROOT = Path(__file__).resolve().parents[1]
TABLES = ROOT / "data" / "preflop_tables"
PYPROJECT = ROOT / "pyproject.toml"


def _tracked(*paths: str) -> list[str]:
    """The files git tracks under ``paths`` (relative names), or a skip outside a git checkout."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to know which files are committed")
    out = subprocess.run(["git", "ls-files", "--", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if (ROOT / line).exists()]


# -- the package list ---------------------------------------------------------------------------


def test_the_package_list_names_every_folder_of_pokerlab():
    """``packages`` is written out in pyproject.toml (one entry maps data/preflop_tables), so a new
    subpackage must be added there or the wheel would leave it out."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "pokerlab").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert set(config["packages"]) == folders | {"pokerlab.data.preflop_tables"}
    assert config["package-dir"] == {"pokerlab.data.preflop_tables": "data/preflop_tables"}
    assert config["package-data"]["pokerlab.data.preflop_tables"] == ["*.csv", "README.md"]


# -- where the tables are read from -------------------------------------------------------------


def test_data_dir_is_the_checkout_folder_or_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("POKERLAB_TABLES", raising=False)
    assert preflop.data_dir() == TABLES
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    assert preflop.data_dir() == tmp_path


def test_a_missing_table_is_an_error_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    with pytest.raises(PreflopTableError, match=r"simulation_4_players\.csv does not exist"):
        preflop.load_table("simulation", players=4)
    (tmp_path / "exact_heads_up.csv").write_bytes(b"\xff\xfe not a table")
    with pytest.raises(PreflopTableError, match=r"exact_heads_up\.csv"):
        preflop.load_table("exact")


def test_the_missing_table_error_says_which_folder_and_the_command_that_makes_the_file(tmp_path, monkeypatch):
    """A user who set POKERLAB_TABLES and forgot must see that the folder came from it, and each
    file's own command (``pokerlab tables`` alone makes the simulation tables, not the exact one)."""
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    cases = [
        (lambda: preflop.load_table("exact"), "exact_heads_up.csv", "pokerlab tables --method exact"),
        (
            lambda: preflop.load_table("simulation", players=4),
            "simulation_4_players.csv",
            "pokerlab tables --method simulation --players 4 --seed 2026",
        ),
        (
            lambda: preflop.load_table("expert", source="chen"),
            "expert_chen.csv",
            "pokerlab tables --method expert --source chen",
        ),
        (preflop.load_matrix, "exact_heads_up_matrix.csv", "pokerlab tables --method exact-matrix --workers 2"),
    ]
    for load, name, command in cases:
        with pytest.raises(PreflopTableError) as info:
            load()
        assert str(info.value) == (
            f"{tmp_path / name} does not exist (the folder $POKERLAB_TABLES names); regenerate it with "
            f"'{command} --out {tmp_path}' (data/preflop_tables/README.md lists every file's command)"
        )


def test_the_bots_never_fall_back_to_other_numbers(tmp_path, monkeypatch):
    """72o for 4 players reads 0.1457 from the committed table; without it the Waterloo bot used to
    read 0.1362 from a quick simulation. Now each reader of the tables raises, naming the file."""
    from pokerlab.bots import showdown, waterloo
    from pokerlab.bpp import evaluation

    waterloo._table.cache_clear()
    assert round(waterloo._table_value("simulation", 4, "pot_share", "72o"), 4) == 0.1457
    assert round(evaluation.exact_equity("2c2d", None), 4) == 0.5033

    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    monkeypatch.setattr(showdown, "_PREFLOP", None)
    waterloo._table.cache_clear()
    try:
        with pytest.raises(PreflopTableError, match=r"simulation_4_players\.csv does not exist"):
            waterloo._table_value("simulation", 4, "pot_share", "72o")
        with pytest.raises(PreflopTableError, match=r"exact_heads_up\.csv does not exist"):
            showdown._preflop_values()
        with pytest.raises(PreflopTableError, match=r"exact_heads_up\.csv does not exist"):
            evaluation.exact_equity("2c2d", None)
    finally:
        waterloo._table.cache_clear()  # forget nothing read from the empty folder


# -- the wheel ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> list[str]:
    """The names inside a wheel built from the committed files (copied, so the checkout gets no build/)."""
    source = tmp_path_factory.mktemp("source")
    for name in _tracked("."):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "-w", str(out), "--no-deps", "-q"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (built,) = out.glob("pokerlab-*.whl")
    with zipfile.ZipFile(built) as z:
        return z.namelist()


@pytest.mark.slow
def test_the_wheel_carries_every_committed_table_and_module(wheel):
    names = set(wheel)
    tables = [Path(p).name for p in _tracked("data/preflop_tables") if p.endswith(".csv")]
    assert len(tables) == len(list(TABLES.glob("*.csv"))) >= 23
    for table in tables:
        assert f"pokerlab/data/preflop_tables/{table}" in names
    assert "pokerlab/data/preflop_tables/README.md" in names
    for module in _tracked("pokerlab"):
        assert module in names, f"{module} is committed but not in the wheel"


@pytest.mark.slow
def test_the_wheel_holds_no_tests_notebooks_or_benchmarks(wheel):
    top = {name.split("/")[0] for name in wheel}
    assert top == {"pokerlab", "pokerlab-0.1.0.dist-info"}
    assert not [n for n in wheel if n.endswith(".ipynb") or "/tests/" in n or "__pycache__" in n]


# -- dependencies -------------------------------------------------------------------------------


def _runtime_dependencies() -> dict[str, str]:
    """Each runtime dependency's distribution name and the comment written beside it ('' if none)."""
    text = PYPROJECT.read_text(encoding="utf-8")
    block = re.search(r"^dependencies = \[\n(.*?)^\]", text, re.S | re.M)
    assert block, "pyproject.toml has no [project] dependencies list"
    found = {}
    for line in block.group(1).splitlines():
        m = re.match(r'\s*"([A-Za-z0-9_.\-]+)[^"]*",?\s*(?:#\s*(.*))?$', line)
        assert m, f"cannot read the dependency line {line!r}"
        found[m.group(1).lower().replace("_", "-")] = (m.group(2) or "").strip()
    names = [r.split(";")[0] for r in tomllib.loads(text)["project"]["dependencies"]]
    assert len(found) == len(names)
    return found


def _imported_distributions() -> set[str]:
    """The distributions whose modules some file of pokerlab imports (at the top or inside a function)."""
    modules = set()
    for path in (ROOT / "pokerlab").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    owners = importlib.metadata.packages_distributions()
    return {d.lower().replace("_", "-") for m in modules for d in owners.get(m, [])}


def test_every_runtime_dependency_is_imported_or_says_why_it_is_there():
    deps = _runtime_dependencies()
    imported = _imported_distributions()
    unexplained = sorted(name for name, why in deps.items() if name not in imported and not why)
    assert not unexplained, f"runtime dependencies neither imported by pokerlab nor commented: {unexplained}"
    assert {"numpy", "numba", "pandas", "altair", "pgmpy", "anywidget"} <= imported


def test_no_runtime_dependency_is_pinned_exactly():
    text = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert not [r for r in text["project"]["dependencies"] if "==" in r]
    assert "pgmpy~=1.1.2" in text["project"]["dependencies"]
