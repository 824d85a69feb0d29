"""How the suite itself runs: one hypothesis profile (derandomized with no database in CI), no test overriding it."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parents[2]


def _top_conftest():
    spec = importlib.util.spec_from_file_location("pokerlab_top_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_runs_hypothesis_derandomized_with_no_database():
    conftest = _top_conftest()
    assert conftest.hypothesis_profile({"CI": "true"}) == "ci"
    assert conftest.hypothesis_profile({"CI": "1"}) == "ci"
    assert conftest.hypothesis_profile({}) == "pokerlab"
    assert conftest.hypothesis_profile({"CI": "false"}) == "pokerlab"
    assert conftest.hypothesis_profile({"CI": "true", "HYPOTHESIS_PROFILE": "pokerlab"}) == "pokerlab"
    ci = settings.get_profile("ci")
    assert ci.derandomize is True and ci.database is None and ci.deadline is None
    assert settings.get_profile("pokerlab").deadline is None  # no test fails on how long an example takes
    assert settings.default.max_examples == 200  # the loaded profile reaches the tests


def test_the_ci_script_runs_the_ci_profile():
    assert 'export CI="${CI:-true}"' in (ROOT / ".ci" / "run").read_text()


def test_auto_starts_one_worker_per_core_plus_one_unless_told(monkeypatch):
    conftest = _top_conftest()
    monkeypatch.setattr(conftest.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert conftest.auto_workers({}) == 3
    monkeypatch.setattr(conftest.os, "sched_getaffinity", lambda pid: set(range(16)), raising=False)
    assert conftest.auto_workers({"CI": "true"}) == 17
    assert conftest.auto_workers({"PYTEST_XDIST_AUTO_NUM_WORKERS": "2"}) is None  # pytest-xdist's own choice
    assert "-n auto" in (ROOT / "pyproject.toml").read_text()


def test_no_test_overrides_the_profile():
    """A test may ask for fewer examples, never for its own randomness, database or deadline."""
    problems = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            owner = getattr(node.func.value, "id", "") if isinstance(node.func, ast.Attribute) else ""
            if name == "seed" and owner not in ("", "hypothesis"):  # e.g. pokerlab._validate.seed: not hypothesis's
                continue
            if name in ("load_profile", "register_profile", "seed"):
                problems.append(f"{path.name}:{node.lineno}: {name}()")
            if name == "settings":
                for kw in node.keywords:
                    if kw.arg in ("derandomize", "database", "print_blob") or (
                        kw.arg == "deadline" and not (isinstance(kw.value, ast.Constant) and kw.value.value is None)
                    ):
                        problems.append(f"{path.name}:{node.lineno}: settings({kw.arg}=...)")
    assert problems == []


def test_a_missing_tool_of_the_test_extra_fails_rather_than_skips(monkeypatch):
    """#24: peers and tools of the test extra (ruff, mypy, nbgrader, jupyter-book, JupyterLab) are imported
    through tests.support.peers.peer, which fails when one is missing; no test file skips on a missing import."""
    import re

    import pytest

    from tests.support.peers import peer

    monkeypatch.delenv("POKERLAB_ALLOW_MISSING_PEERS", raising=False)
    with pytest.raises(pytest.fail.Exception, match="pokerlab_no_such_peer is missing"):
        peer("pokerlab_no_such_peer")
    here = Path(__file__).parent.parent
    found = [
        f"{path.name}: {m.group(0)}"
        for path in sorted(here.rglob("*.py"))
        if path.name != "peers.py"
        for m in re.finditer(r"importorskip\(|find_spec\([^)]*\) is None", path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use tests.support.peers.peer(module), which fails:\n" + "\n".join(found)
