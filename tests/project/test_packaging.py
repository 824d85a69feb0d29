"""What ``pyproject.toml`` ships: the package list, the preflop tables inside the wheel, the dependencies.

The committed tables live in ``data/preflop_tables/`` and the wheel carries them as
``pokerlab/data/preflop_tables/`` (docs/internals.md, "Data in the wheel"). ``.ci/run`` installs a built
wheel into a fresh environment and runs ``tests/wheel_smoke.py`` there; the tests below check the
same promises from the checkout: the wheel's contents, where :func:`pokerlab.preflop.data_dir`
looks, and that a missing table is an error naming the file, never other numbers.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from pokerlab import _warm, preflop
from pokerlab.errors import PreflopTableError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
TABLES = DATA / "preflop_tables"
PYPROJECT = ROOT / "pyproject.toml"


def _tracked(*paths: str) -> list[str]:
    """The files git tracks under ``paths`` (relative names), or a skip outside a git checkout."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to know which files are committed")
    out = subprocess.run(["git", "ls-files", "--", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if (ROOT / line).exists()]


# -- the package list ---------------------------------------------------------------------------


def test_the_package_list_names_every_folder_of_pokerlab():
    """``packages`` is written out in pyproject.toml (the ``pokerlab.data`` entries map data/ and each of
    its folders), so a new subpackage or data folder must be added there or the wheel would leave it out."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "pokerlab").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    data = {"pokerlab.data", *(f"pokerlab.data.{p.name}" for p in DATA.iterdir() if p.is_dir())}
    assert set(config["packages"]) == folders | data
    assert config["package-dir"] == {name: "/".join(["data", *name.split(".")[2:]]) for name in data}
    assert config["package-data"]["pokerlab.data.preflop_tables"] == ["*.csv", "README.md"]
    assert config["package-data"]["pokerlab.data"] == ["*.csv", "README.md"]


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
def wheel_file(tmp_path_factory) -> Path:
    """A wheel built from the committed files (copied, so the checkout gets no build/).

    ``.ci/run`` has built this commit's wheel from the committed files already (the one it installs in
    ``POKERLAB_WHEEL_VENV``) and names it in ``POKERLAB_WHEEL``: that file is the wheel then, not a second build of
    the same files (about 18 s of the packaging tests' worker on the loaded machine, 2026-12-06)."""
    given = os.environ.get("POKERLAB_WHEEL")
    if given:
        built = Path(given).resolve()
        assert built.is_file() and built.name.startswith("pokerlab-") and built.suffix == ".whl", given
        assert not built.is_relative_to(ROOT.resolve()), f"POKERLAB_WHEEL {built} is inside the repository"
        return built
    source = tmp_path_factory.mktemp("source")
    for name in _tracked("."):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name, follow_symlinks=False)  # a link stays a link (course/lecture)
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "-w", str(out), "--no-deps", "-q"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (built,) = out.glob("pokerlab-*.whl")
    return built


@pytest.fixture(scope="module")
def wheel(wheel_file) -> list[str]:
    """The names inside the wheel."""
    with zipfile.ZipFile(wheel_file) as z:
        return z.namelist()


@pytest.mark.slow
def test_the_wheel_carries_every_committed_table_and_module(wheel):
    names = set(wheel)
    tables = [Path(p).name for p in _tracked("data/preflop_tables") if p.endswith(".csv")]
    assert len(tables) == len(list(TABLES.glob("*.csv"))) >= 23
    for table in tables:
        assert f"pokerlab/data/preflop_tables/{table}" in names
    assert "pokerlab/data/preflop_tables/README.md" in names
    data = _tracked("data")
    assert len(data) >= len(tables) + 11  # the lessons' data sets and data/README.md beside the tables
    for file in data:
        assert "pokerlab/" + file in names, f"{file} is committed but not in the wheel"
    for module in _tracked("pokerlab"):
        assert module in names, f"{module} is committed but not in the wheel"


@pytest.mark.slow
def test_the_wheel_holds_no_tests_notebooks_or_benchmarks(wheel):
    top = {name.split("/")[0] for name in wheel}
    assert top == {"pokerlab", "pokerlab-0.1.0.dist-info", "pokerlab-0.1.0.data"}  # .data: the labextension
    data = {n for n in wheel if n.startswith("pokerlab-0.1.0.data/")}
    assert {n.split("/share/jupyter/labextensions/")[0] for n in data} == {"pokerlab-0.1.0.data/data"}
    assert not [n for n in wheel if n.endswith(".ipynb") or "/tests/" in n or "__pycache__" in n]


@pytest.mark.slow
def test_the_core_wheel_carries_no_mathjax_or_revealjs(wheel_file, wheel):
    """Issue 43: MathJax (1.7 MB) and reveal.js (252 KB) are the course extra's (django-static-mathjax,
    sphinx-revealjs), not every student's: the core wheel holds only pokerlab's own theme for the decks."""
    assert not [n for n in wheel if "mathjax" in n.lower()]
    assert not [n for n in wheel if n.endswith(("/reveal.js", "/reveal.css", "/notes.js"))]
    assert "pokerlab/course/assets/reveal/pokerlab.css" in wheel
    with zipfile.ZipFile(wheel_file) as z:
        requires = [line for line in z.read("pokerlab-0.1.0.dist-info/METADATA").decode().splitlines()]
    core = [r for r in requires if r.startswith("Requires-Dist:") and "extra ==" not in r]
    assert not [r for r in core if "latex2mathml" in r or "mistune" in r], core


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


# -- the lessons outside the repository ---------------------------------------------------------

_PROBE = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "probe",
            "metadata": {},
            "outputs": [],
            "source": "import sys\nfrom pathlib import Path\nimport pokerlab\n"
            "where = Path(pokerlab.__file__).resolve()\n"
            "assert where.is_relative_to(Path(sys.prefix).resolve()), f'the kernel imported pokerlab from {where}'",
        }
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}
"""A notebook run first: its kernel must import pokerlab from the fresh environment, never the checkout."""


def _test_requirements(*names: str) -> list[str]:
    """``names`` as the test extra of ``pyproject.toml`` requires them (the same version bounds)."""
    wanted = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]["test"]
    found = [r.split("#")[0].strip() for r in wanted if re.split(r"[<>=~!\[; ]", r, maxsplit=1)[0] in names]
    assert len(found) == len(names), (names, wanted)
    return found


@pytest.mark.slow
def test_every_lesson_passes_nbval_from_the_installed_wheel_outside_the_repository(wheel_file, tmp_path):
    """Issue 22: a student given ``notebooks/`` and ``pip install pokerlab`` runs every lesson with no
    FileNotFoundError. The wheel goes into a fresh virtual environment in a temporary folder, the lessons
    are copied to another, and nbval runs each there top to bottom on that environment's kernel (nothing of
    the checkout can be imported or read), checking the saved outputs as it does anywhere (``--nbval-lax``:
    every cell must run, and the cells marked ``NBVAL_CHECK_OUTPUT`` must print what the saved lesson shows).

    This is the suite's one execution of the lessons under nbval: ``pyproject.toml``'s ``testpaths`` leave
    ``notebooks/`` out, so the full suite does not run every lesson a second time in the checkout's
    environment (``python -m pytest notebooks/05_betting_strategies.ipynb`` still does, for one lesson)."""
    venv, wheel_to_install = _wheel_venv(tmp_path, wheel_file)
    python = venv / "bin" / "python"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"PYTHONPATH", "POKERLAB_TABLES", "VIRTUAL_ENV", "JUPYTER_PATH", "PYTEST_ADDOPTS"}
        and not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT"))
    }
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter")  # only the fresh environment's kernel is found
    env["POKERLAB_COMPILE_NOTICE"] = "0"  # a fresh install compiles: its notice would be an output nbval never saw
    runner = _test_requirements("pytest", "nbval", "ipykernel")
    proc = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *wheel_to_install, *runner],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    _share_compiled_kernels(python, env, tmp_path)
    lessons = tmp_path / "course"
    shutil.copytree(ROOT / "notebooks", lessons, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (lessons / "000_kernel_probe.ipynb").write_text(json.dumps(_PROBE))
    run = subprocess.run(
        [str(python), "-m", "pytest", "--nbval-lax", "--nbval-current-env", "-p", "no:cacheprovider"]
        + ["-o", "addopts=", "-q", "-rfE", "--rootdir", str(lessons), str(lessons)],
        capture_output=True,
        text=True,
        env=env,
        cwd=lessons,
        timeout=3600,  # a hang guard: the lessons take minutes
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    cells = sum(
        1
        for path in sorted((ROOT / "notebooks").glob("*.ipynb"))
        for cell in json.loads(path.read_text())["cells"]
        if cell["cell_type"] == "code"
    )
    summary = run.stdout.strip().splitlines()[-1]
    assert re.fullmatch(rf"{cells + 1} passed(, \d+ warnings?)? in .*", summary), summary  # every cell and the probe
    # a course command on this core install (no course extra): one line naming the extra, exit status 2
    course = subprocess.run(
        [str(venv / "bin" / "pokerlab"), "course", "slides", str(tmp_path / "decks")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert course.returncode == 2 and course.stdout == "", course.stderr[-2000:]
    assert re.fullmatch(
        r"pokerlab: error: pokerlab course slides needs the course extra \([^)]*latex2mathml[^)]*\):"
        r' pip install "pokerlab\[course\]"\n',
        course.stderr,
    ), course.stderr[-2000:]


def _share_compiled_kernels(python: Path, env: dict[str, str], cwd: Path) -> int:
    """Copy the checkout's compiled kernels (numba's cache) to where the fresh environment's pokerlab reads them,
    for each kernel module whose source is byte for byte the installed one; return how many files were copied.

    numba finds a cached kernel by its source file's contents (a hash, not its path or date), its argument types and
    the machine, and checks all three when it loads one: a kernel module of the wheel built from the same commit is
    the same file, so the code the suite compiled for the checkout (conftest.py compiles every kernel the lessons use
    before the tests) is the code the lessons' kernels would compile again there, about two CPU-minutes (the
    postflop solver's alone 100 s). Anything else (a module edited since the commit, another numba) still compiles.
    What is checked is unchanged: every lesson runs top to bottom on the wheel's files, each output as saved; the
    first compile itself (and its notice) is tested in the checkout (tests/test_warm.py, tests/project/
    test_cold_starts.py)."""
    from numba.core.caching import _CacheLocator  # lazy: numba loads in the one test that copies its cache

    where = subprocess.run(
        [str(python), "-c", "import importlib.util; print(importlib.util.find_spec('pokerlab').origin)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,  # outside the repository: the checkout's pokerlab is not on the path
        check=True,
    )
    installed = Path(where.stdout.strip()).parent
    ours = (ROOT / "pokerlab").resolve()
    cache_dir = env.get("NUMBA_CACHE_DIR")
    copied = 0
    for cache, code in _warm.cache_folders():
        code = code.resolve()
        if not code.is_relative_to(ours):
            continue
        theirs = installed / code.relative_to(ours)
        if cache_dir:  # numba's own rule for a folder of sources (as pokerlab.course._workdir copies for the grader)
            target = Path(cache_dir) / _CacheLocator.get_suitable_cache_subpath(str(theirs / "x.py"))
        else:
            target = theirs / "__pycache__"
        for f in sorted(cache.glob("*.nb[ic]")):
            source = f.name.split(".")[0] + ".py"
            if (theirs / source).is_file() and (theirs / source).read_bytes() == (code / source).read_bytes():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, target / f.name)
                copied += 1
    return copied


def _wheel_venv(tmp_path: Path, wheel_file: Path) -> tuple[Path, list[str]]:
    """The fresh environment the lessons run in, and what to install into it besides the notebook runner.

    ``.ci/run`` has already built this commit's wheel from the committed files and installed it, with its
    dependencies, into a fresh virtual environment in a temporary folder (its smoke test); it names that
    environment in ``POKERLAB_WHEEL_VENV``, and the test runs the lessons there instead of installing the same
    wheel's dependencies a second time. Anywhere else (the README's test command) the test builds its own."""
    given = os.environ.get("POKERLAB_WHEEL_VENV")
    if given:
        venv = Path(given).resolve()
        assert not venv.is_relative_to(ROOT.resolve()), f"POKERLAB_WHEEL_VENV {venv} is inside the repository"
        shown = subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "show", "-f", "pokerlab"], capture_output=True, text=True
        )
        assert shown.returncode == 0, f"POKERLAB_WHEEL_VENV {venv} has no pokerlab installed: {shown.stderr[-500:]}"
        assert "Editable project location" not in shown.stdout, "POKERLAB_WHEEL_VENV holds an editable install"
        return venv, []
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    return venv, [str(wheel_file)]
