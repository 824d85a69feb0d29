"""Shared test settings live in the top-level ``conftest.py`` (the hypothesis profiles, where the suite writes),
so that they also hold for ``pytest notebooks/`` and ``pytest pokerlab/``. The fixtures here serve ``tests/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One JupyterLab server per xdist worker (``tests.support.browser.JupyterLab``), shared by the browser test files
    that worker runs; each test writes its own notebook into the server's folder and stops its kernels."""
    from tests.support.browser import JupyterLab

    with JupyterLab(tmp_path_factory.mktemp("jupyterlab")) as lab:
        yield lab


# test files whose graders run submissions; the sandbox tests themselves (test_course_sandbox.py) are left alone
_GRADING_FILES = ("test_course.py", "test_course_roundtrip.py")


@pytest.fixture(autouse=True)
def _grade_where_no_sandbox_exists(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine that can isolate no kernel (no mount or user namespace: macOS, a locked-down container), the
    grader refuses to run without ``--allow-same-user``; the grading tests then check the grading itself, as
    the same user (tests/course/test_course_sandbox.py checks the isolation and the refusal, and skips there)."""
    if request.path.name not in _GRADING_FILES:
        return
    from pokerlab.course import grading

    if grading.isolation(allow_same_user=True) == "none":
        monkeypatch.setattr(grading, "isolation", lambda allow_same_user=False: "none")
