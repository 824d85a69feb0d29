"""Where the test suite writes: never the user's folders.

The suite never writes to the user's ``~/.cache/pokerlab`` (evaluator tables, canonical boards,
BPP's deal counts) nor to ``~/.local/share/pokerlab`` (the apps' leaderboard). Unless the user set
``POKERLAB_CACHE_DIR`` / ``POKERLAB_DATA_DIR`` themselves, both point into one folder of the
system's temporary directory, ``pokerlab-tests-<user>``, chosen here in ``pytest_configure``. That
hook runs in the pytest-xdist controller before it starts its workers, and the workers (and every
subprocess or notebook kernel a test starts) inherit the environment, so all of them share one
cache: the files are written to a temporary name and renamed (``pokerlab._cache``), so two workers
building the same table at once both end up with a complete file. The folder is kept between runs
(building the caches from nothing takes over a minute of CPU); every cache file carries a digest
and is rebuilt when it fails it. ``tests/test_cache.py`` checks all of this.

Hypothesis runs under one settings profile, loaded here (before any test module is imported, so every
``@settings(...)`` in a test inherits from it): ``pokerlab`` while developing (random examples, a failing
one saved in ``.hypothesis/`` and tried first next time) and ``ci`` when the environment says ``CI=true``
(or ``HYPOTHESIS_PROFILE=ci``): derandomized, so every run tries the same examples, and with no example
database, so a failure in one clone never follows that clone around. ``tests/project/test_suite_settings.py``
checks that no test overrides either choice.
"""

from __future__ import annotations

import getpass
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

SCRATCH_VARIABLE = "POKERLAB_TESTS_SCRATCH"
"""Set by this file to the folder it chose (absent when the user chose both folders themselves)."""


def _scratch_folder() -> Path:
    """``<tmp>/pokerlab-tests-<user>``, owned by this user; a fresh private folder if it is not."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password database
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    folder = Path(tempfile.gettempdir()) / f"pokerlab-tests-{user}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        ours = not folder.is_symlink() and (not hasattr(os, "getuid") or folder.stat().st_uid == os.getuid())
    except OSError:
        ours = False
    return folder if ours else Path(tempfile.mkdtemp(prefix="pokerlab-tests-"))


_COMMON = {"max_examples": 200, "deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("pokerlab", **_COMMON)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, **_COMMON)


def hypothesis_profile(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """``ci`` when ``HYPOTHESIS_PROFILE=ci`` or ``CI`` is true (``true``, ``1``, ``yes``), else ``pokerlab``."""
    chosen = environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    return "ci" if environ.get("CI", "").strip().lower() in ("true", "1", "yes") else "pokerlab"


settings.load_profile(hypothesis_profile())


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {hypothesis_profile()}"


def auto_workers(environ: dict[str, str] | os._Environ[str] = os.environ) -> int | None:
    """How many workers ``-n auto`` starts: one per core plus one (None: ``PYTEST_XDIST_AUTO_NUM_WORKERS`` decides).

    A third of the suite's time on a worker is spent waiting for another process: Chromium drawing a page, a
    Jupyter server or kernel starting, a lesson running in its kernel, the grader's runner. With one worker per
    core those waits left the cores idle (144 % of 200 % busy). With one extra worker, another test runs in
    those waits. The rule: the worker count with the shortest full run on an idle 2-core machine (measured there:
    ``-n 2`` 512 s, ``-n 3`` 451 s and 477 s, ``-n 4`` 521 s, four CPU-bound workers fighting over two cores);
    measure again when the suite's mix of waiting and computing changes.
    ``PYTEST_XDIST_AUTO_NUM_WORKERS=N`` (pytest-xdist's own variable) or ``-n N`` still choose any number.
    """
    if environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "").strip():
        return None
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # no affinity call on macOS or Windows
        cores = os.cpu_count() or 1
    return cores + 1


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config) -> int | None:
    """``-n auto`` (pyproject.toml's ``addopts``): :func:`auto_workers`."""
    return auto_workers()


def pytest_configure(config) -> None:
    _set_scratch_folders()
    # the controller, once, before xdist starts its workers (and before pytest's clock: the line says how long)
    # (unless the command line names only tests that call few kernels: wants_kernels)
    controller = not hasattr(config, "workerinput") and not config.option.collectonly
    if controller and wants_kernels(config.args, config.invocation_params.dir):
        _warm_kernels()


def _set_scratch_folders() -> None:
    wanted = [name for name in ("POKERLAB_CACHE_DIR", "POKERLAB_DATA_DIR") if not os.environ.get(name)]
    if not wanted:
        return
    scratch = Path(os.environ.get(SCRATCH_VARIABLE) or _scratch_folder())  # an xdist worker inherits it
    os.environ[SCRATCH_VARIABLE] = str(scratch)
    for name, sub in (("POKERLAB_CACHE_DIR", "cache"), ("POKERLAB_DATA_DIR", "data")):
        if name in wanted:
            os.environ[name] = str(scratch / sub)


ROOT = Path(__file__).resolve().parent
WARM_PARTS = 2
"""pokerlab._warm.PARTS, not imported here (the controller stays free of pokerlab; tests/test_warm.py checks)."""
KERNEL_SOURCES = {
    ROOT / "pokerlab" / "_kernels" / "evaluator.py": 5,
    ROOT / "pokerlab" / "_kernels" / "equity.py": 4,
    ROOT / "pokerlab" / "_kernels" / "strength.py": 2,
    ROOT / "pokerlab" / "_kernels" / "preflop.py": 1,
    ROOT / "pokerlab" / "solve" / "_kernels.py": 2,
    ROOT / "pokerlab" / "solve" / "_postflop_kernels.py": 2,
}
"""Each kernel module and how many of its kernels :func:`pokerlab._warm.warm_kernels` compiles (an index file each)."""


WARM_VARIABLE = "POKERLAB_TESTS_WARM"
"""``POKERLAB_TESTS_WARM=0`` never compiles the kernels before the tests, ``=1`` always does; unset,
:func:`wants_kernels` decides from the command line."""
LIGHT_TESTS = frozenset(
    {
        "tests/project/test_api.py",
        "tests/project/test_file_numbers.py",
        "tests/project/test_imports_at_top.py",
        "tests/project/test_lint.py",
        "tests/project/test_one_validation.py",
        "tests/project/test_suite_schedule.py",
        "tests/project/test_suite_settings.py",
        "tests/project/test_suite_warm.py",
        "tests/project/test_types.py",
    }
)
"""Test files that read the sources (their syntax tree, ruff, mypy, the suite's settings) and call no kernel but
the few small ones test_api.py and test_one_validation.py reach (hand strength and potential: compiled when first
called, in seconds, where compiling every kernel first takes about 100 s on 2 idle cores and minutes on a busy
machine)."""


def wants_kernels(args: Sequence[str], invoked_in: Path, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether this run compiles the kernels before its tests (:func:`_warm_kernels`): as :data:`WARM_VARIABLE`
    says, else unless every path on the command line (``args``, pytest's, relative to ``invoked_in``; node ids
    ``file::test`` by their file) is a file of :data:`LIGHT_TESTS`. A run without paths (the suite's test paths),
    a folder, or any other file compiles, as CI's ``python -m pytest`` does; ``-k``/``-m`` are not read (a
    selection they narrow still compiles)."""
    chosen = environ.get(WARM_VARIABLE, "").strip().lower()
    if chosen in ("0", "no", "false"):
        return False
    if chosen in ("1", "yes", "true") or not args:
        return True
    for arg in args:
        path = Path(arg.split("::")[0])
        path = (path if path.is_absolute() else invoked_in / path).resolve()
        if not path.is_relative_to(ROOT) or path.relative_to(ROOT).as_posix() not in LIGHT_TESTS:
            return True
    return False


def kernels_look_compiled() -> bool:
    """Whether numba's cache beside the checkout's kernels holds what warm_kernels compiles: for each kernel
    module, at least as many index files as it compiles there, each at least as new as the module. Not judged
    (False) when ``NUMBA_CACHE_DIR`` puts the cache elsewhere."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return False
    for source, wanted in KERNEL_SOURCES.items():
        indexes = (source.parent / "__pycache__").glob(f"{source.stem}.*.nbi")
        if sum(1 for i in indexes if i.stat().st_mtime >= source.stat().st_mtime) < wanted:
            return False
    return True


def _warm_kernels() -> None:
    """Compile the kernels once, before the workers start (:func:`pokerlab._warm.warm_kernels`).

    On a fresh clone every process compiled the kernels it used: both workers, and each notebook the
    course round trip grades (its kernel cannot write the cache), about 50 s of one core for all of them.
    Here two processes compile half each, side by side, and every later process loads the cached code: the postflop
    solver's kernels (about 100 CPU-s cold) in one, every other kernel (about 27 CPU-s) in the other. The lessons'
    run from the wheel copies this cache too (tests/project/test_packaging.py: _share_compiled_kernels), which
    compiled all of them a second time in its fresh environment.
    Nothing is done when the cache is already there (:func:`kernels_look_compiled`). A failure is said in one
    line and the suite goes on (each test then compiles what it needs, as before)."""
    if kernels_look_compiled():
        return
    sys.stderr.write("conftest: compiling pokerlab's kernels once for this checkout (about 100 s on 2 idle cores)\n")
    start = time.monotonic()
    code = "import sys; from pokerlab._warm import warm_kernels; warm_kernels(part=int(sys.argv[1]))"
    parts = [subprocess.Popen([sys.executable, "-c", code, str(k)], cwd=ROOT) for k in range(WARM_PARTS)]
    failed = []
    for p in parts:
        try:
            if p.wait(timeout=1800) != 0:  # a hang guard: 35-113 s measured
                failed.append(f"exit status {p.returncode}")
        except subprocess.TimeoutExpired:
            failed.append("no answer in 1800 s")
    for p in parts:
        if p.poll() is None:
            p.kill()
            p.wait()
    if failed:
        sys.stderr.write(f"conftest: compiling the kernels failed ({', '.join(failed)}); each test compiles its own\n")
        return
    sys.stderr.write(f"conftest: compiled in {time.monotonic() - start:.0f} s\n")


# The groups that take longest in the full suite, longest first, so the last worker to finish is not the one that
# drew a long group late. A group is a test file, or an ``xdist_group`` its tests name (a file too long for one
# worker splits its tests into groups: tests/bots/test_bots_reliability.py, ...). The rule: order them by the
# seconds one worker spends on each in a full run on 2 cores (the wheel's lessons and build, the junk, the live
# slides in JupyterLab, the bots' soak, the apps in Chromium, the course round trip, then the grading, browser,
# type-checking and Ctrl-C tests), and measure again when a group is added or grows; :func:`keep_groups_in_node_ids`
# keeps the groups whole.
HEAVY_FIRST = (
    "tests/project/test_packaging.py",
    "junk",
    "tests/lessons/test_lessons_rise_browser.py",
    "bots_soak_a",
    "tests/apps/test_apps_browser.py",
    "bots_soak_b",
    "bots_soak_c",
    "tests/widgets/test_explorers_rise_browser.py",
    "course_roundtrip_a",
    "course_roundtrip_b",
    "tests/course/test_course.py",
    "tests/widgets/test_explorers_browser.py",
    "tests/project/test_types.py",
    "tests/course/test_slides_rise_browser.py",
    "tests/charts/test_charts_browser.py",
    "tests/apps/test_apps.py",
    "tests/course/test_course_site.py",
    "tests/course/test_slides_browser.py",
    "tests/project/test_interrupt.py",
    "tests/test_equity.py",
    "tests/course/test_course_sandbox.py",
    "tests/project/test_api.py",
    "tests/widgets/test_range_grid_browser.py",
)


def _group(item) -> str:
    """The ``xdist_group`` of ``item``: the one its test names, else its file (``pytest_itemcollected`` marks it)."""
    mark = item.get_closest_marker("xdist_group")
    return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default")) if mark else ""


def _heavy_rank(item) -> int:
    """Where ``item``'s group stands in ``HEAVY_FIRST`` (its length for every other group)."""
    name = _group(item)
    return HEAVY_FIRST.index(name) if name in HEAVY_FIRST else len(HEAVY_FIRST)


def pytest_itemcollected(item) -> None:
    """Executing a lesson (nbval, one kernel per notebook) is slow: left out of the quick subset.

    The full suite runs every lesson under nbval once, from the installed wheel outside the repository
    (``tests/project/test_packaging.py``; ``testpaths`` leave ``notebooks/`` out). A lesson named on the command line
    (``python -m pytest notebooks/05_betting_strategies.ipynb``) runs here, in the checkout's environment;
    ``python -m pytest -m "not slow"`` leaves its cells out, and ``tests/lessons/test_notebooks.py`` still reads every
    saved lesson there (structure, outputs, sizes).
    """
    if str(item.fspath).endswith(".ipynb"):
        item.add_marker(pytest.mark.slow)
    if item.get_closest_marker("xdist_group") is None:
        # pytest-xdist's --dist loadgroup (pyproject.toml) hands a group to one worker: a test that names no group
        # is in its file's, so a file runs on one worker (a notebook's cells together, a module fixture built once)
        path = Path(str(item.fspath)).resolve()
        root = Path(__file__).resolve().parent
        item.add_marker(
            pytest.mark.xdist_group(path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix())
        )


def group_suffix(item) -> str:
    """The group pytest-xdist's ``--dist loadgroup`` gives ``item``: its ``xdist_group`` names, sorted and joined
    with ``_`` ('' for none), as pytest-xdist writes it after an ``@`` at the end of the test's node id."""
    names = {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
    return "_".join(sorted(names))


def keep_groups_in_node_ids(config, items) -> None:
    """On a worker under ``--dist loadgroup``: make sure each grouped test's node id ends in ``@<group>``.

    pytest-xdist (3.8) tells its scheduler a test's group by appending ``@<group>`` to the node id, which it does
    by setting the node's ``_nodeid``; pytest 9.2 keeps node ids in a structured ``_id`` and ignores that, so every
    group silently fell apart (pytest-xdist issue 1386, open): each test went to any worker, a file's
    module-scoped fixture was built again on each worker that ran one of its tests (the course round trip's
    release-and-grade three times per half, the course site three times, ...), and the full suite took 17:49
    instead of about 11 minutes. Here the suffix is written where pytest reads it, only when it is missing
    (older pytest: pytest-xdist's own write already worked). ``tests/project/test_suite_schedule.py`` checks,
    in the full suite, that a test runs with its group in its node id."""
    if not hasattr(config, "workerinput") or not getattr(config.option, "loadgroup", False):  # set by pytest-xdist
        return
    for item in items:
        suffix = group_suffix(item)
        if not suffix or item.nodeid.endswith("@" + suffix):
            continue
        structured = getattr(item, "_id", None)  # pytest >= 9.2: a NodeId, parsed from the text it prints
        parse = getattr(type(structured), "parse", None)
        if parse is not None:
            item._id = parse(f"{item.nodeid}@{suffix}")


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected, and after pytest-xdist's own hook
def pytest_collection_modifyitems(config, items) -> None:
    """Put the heaviest groups first (after ``-m``/``-k`` have left out what they leave out).

    pytest-xdist (``--dist loadgroup --no-loadscope-reorder``, pyproject.toml) hands out whole groups (a file, or
    an ``xdist_group`` its tests name) in the order collected here, each to the next free worker. Its own order
    (the groups with most tests first) left the files with a few long tests (the wheel's lessons, the bots' soak)
    to the end, where one worker ran them alone while the other had finished. The groups of ``HEAVY_FIRST`` go
    first now, longest first, then every other group, most tests first as before (ties in collection order);
    every group's tests keep their order.
    """
    keep_groups_in_node_ids(config, items)
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        counts[_group(item)] = counts.get(_group(item), 0) + 1
        first.setdefault(_group(item), i)
    items.sort(key=lambda item: (_heavy_rank(item), -counts[_group(item)], first[_group(item)]))
