"""``pokerlab course grade`` around the sandbox (issue 38): --reveal, limits per submission through cgroups,
workers, a dask cluster, the gradebook that resumes a run. Tiny one-exercise lessons keep the kernels cheap."""

from __future__ import annotations

import pytest

from pokerlab.cli import main
from pokerlab.course import grading
from tests.course_tiny import tiny_lesson

REVEAL_CHECK = "import os\nassert os.environ.get('POKERLAB_GRADE_REVEAL') == '1', 'the check does not reveal'"


@pytest.mark.parametrize("reveal", [False, True])
def test_hidden_tests_see_the_reveal_variable_only_with_reveal(tmp_path, monkeypatch, reveal):
    """The lecturer's own environment never decides: only --reveal sets POKERLAB_GRADE_REVEAL=1 where the
    hidden tests run (the check process); without it the variable is not set there."""
    monkeypatch.setenv("POKERLAB_GRADE_REVEAL", "1")
    les = tiny_lesson(tmp_path, check=REVEAL_CHECK)
    checker = grading._Checker(reveal=reveal)
    try:
        got = checker.run(les, [{"number": 1, "source": les.exercises[0].check, "answers": {"x": ["4", ""]}}], 120)
    finally:
        checker.close()
    assert got[1][0] is reveal, got


def test_the_command_passes_reveal_and_student_from(monkeypatch, tmp_path):
    seen = {}

    def fake(paths, **kw):
        seen.update(kw)
        return []

    monkeypatch.setattr(grading, "grade", fake)
    assert main(["course", "grade", str(tmp_path), "--reveal", "--student-from", "^([a-z]+)"]) == 0
    assert seen["reveal"] is True and seen["student_from"] == "^([a-z]+)"
    assert main(["course", "grade", str(tmp_path)]) == 0
    assert seen["reveal"] is False and seen["student_from"] is None
