"""Every lesson's deck and the lecture deck, built once per test run and copied to each test file that reads them.

Three slow test files read the decks ``pokerlab course slides`` writes: ``tests/course/test_course_site.py``
(the built artefacts' links), ``tests/course/test_slides_browser.py`` (the decks in Chromium) and
``tests/course/test_slides_backrow.py`` (the decks' HTML measured). Each built them itself,
``build_slides(out)`` then ``build_slides(out, lecture=True)``: the same files from the same lessons, three
times in a full run (about 12 CPU-seconds each, 2026-12-06). :func:`built_decks` builds them once per run
and gives each caller its own copy of the folder, so nothing one test file does to its copy reaches another.

pytest-xdist runs the three files on different workers: the first to ask builds, under a lock on a file in the
folder all workers of one run share (the parent of each worker's base temporary folder); the others wait for
it and copy. Without xdist the folder is the run's own base temporary folder. A run never reads a build of
another run (the folder is new each run), so a changed lesson is always built again.
"""

from __future__ import annotations

import fcntl
import json
import shutil
from pathlib import Path

import pytest

from pokerlab.course import slides

_MANIFEST = "built.json"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
"""The checkout's lessons, named (the default folder depends on the working folder, which some tests change)."""


def _run_folder(tmp_path_factory: pytest.TempPathFactory, config: pytest.Config) -> Path:
    """The folder this run's processes share: the workers' common parent under xdist, else the base folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


def built_decks(tmp_path_factory: pytest.TempPathFactory, config: pytest.Config, out: Path) -> list[Path]:
    """Copy this run's decks into the new folder ``out``; return the files as ``build_slides`` returned them
    (every lesson's deck, then the lecture deck), with ``out`` as their folder."""
    shared = _run_folder(tmp_path_factory, config) / "pokerlab-shared-decks"
    lock = shared.with_suffix(".lock")
    with open(lock, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # released when the file closes: a worker that dies frees it
        if not (shared / _MANIFEST).exists():
            building = shared.with_suffix(".building")
            shutil.rmtree(building, ignore_errors=True)  # left by a worker stopped halfway
            files = slides.build_slides(building, notebooks=NOTEBOOKS)
            files += slides.build_slides(building, lecture=True, notebooks=NOTEBOOKS)
            (building / _MANIFEST).write_text(json.dumps([p.relative_to(building).as_posix() for p in files]))
            building.rename(shared)
    shutil.copytree(shared, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns(_MANIFEST))
    return [out / name for name in json.loads((shared / _MANIFEST).read_text())]
