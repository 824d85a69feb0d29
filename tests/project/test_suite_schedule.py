"""How the full suite spreads over its workers: a group (a file, or an ``xdist_group`` its tests name) on one worker.

``conftest.py`` puts every test in a group and pytest-xdist's ``--dist loadgroup`` (pyproject.toml) hands a group
to one worker, so a module-scoped fixture (the course site, the round trip's release-and-grade) is built once.
pytest-xdist reads a test's group from the ``@<group>`` at the end of its node id; under pytest 9.2 its own write
of that suffix is lost (pytest-xdist issue 1386) and ``conftest.keep_groups_in_node_ids`` writes it again.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILE_GROUP = "tests/project/test_suite_schedule.py"


def test_a_test_runs_with_its_group_in_its_node_id(request):
    """Under ``--dist loadgroup`` (the full suite, or this file run with pyproject's addopts) the node id the
    scheduler read ends in ``@`` and the test's group: without it, the groups fall apart again. (Should pytest-xdist
    come to pass groups another way, this test is where to say so.)"""
    if not hasattr(request.config, "workerinput") or not getattr(request.config.option, "loadgroup", False):
        pytest.skip("checks a pytest-xdist worker under --dist loadgroup (the full suite's run)")
    assert request.node.nodeid.endswith(f"::test_a_test_runs_with_its_group_in_its_node_id@{FILE_GROUP}")


@pytest.mark.xdist_group("suite_schedule_named")
def test_a_named_group_is_the_one_in_the_node_id(request):
    if not hasattr(request.config, "workerinput") or not getattr(request.config.option, "loadgroup", False):
        pytest.skip("checks a pytest-xdist worker under --dist loadgroup (the full suite's run)")
    assert request.node.nodeid.endswith("@suite_schedule_named")


def _top_conftest():
    spec = importlib.util.spec_from_file_location("pokerlab_top_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    return conftest


def test_every_heavy_group_started_first_exists():
    """``conftest.HEAVY_FIRST`` names test files and ``xdist_group`` names: a renamed file or group would
    silently go back to the end of the queue, where one worker runs it alone while the others wait."""
    heavy = _top_conftest().HEAVY_FIRST
    assert len(set(heavy)) == len(heavy)
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    named = set(re.findall(r'xdist_group\("([^"]+)"\)', sources))
    soak = (ROOT / "tests" / "bots" / "test_bots_reliability.py").read_text(encoding="utf-8")
    parts = int(re.search(r"^PARTS = (\d+)$", soak, re.M).group(1))  # its groups: bots_soak_a, _b, ...
    named |= {f"bots_soak_{'abcdefgh'[k]}" for k in range(parts)}
    for name in heavy:
        assert (ROOT / name).is_file() if name.startswith("tests/") else name in named, name


def test_the_group_suffix_is_pytest_xdists():
    """The suffix written is the one pytest-xdist writes: the group names sorted and joined with ``_``."""
    group_suffix = _top_conftest().group_suffix

    class Item:
        def __init__(self, *names):
            self.marks = [pytest.mark.xdist_group(n).mark for n in names]

        def iter_markers(self, name):
            return iter(m for m in self.marks if m.name == name)

    assert group_suffix(Item()) == ""
    assert group_suffix(Item("b", "a")) == "a_b"
    assert group_suffix(Item("tests/x.py")) == "tests/x.py"
