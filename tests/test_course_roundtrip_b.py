"""Release -> grade round trip, half b of the lessons (02, 04, 06, ...; see tests/course_roundtrip.py)."""

from __future__ import annotations

import pytest

from tests.course_roundtrip import check_round_trip, grade_lessons, half, selected_stems


@pytest.fixture(scope="module")
def graded(request, tmp_path_factory):
    """Every selected lesson of this half graded in one grade() call."""
    return grade_lessons(selected_stems(request), tmp_path_factory.mktemp("roundtrip"))


@pytest.mark.slow
@pytest.mark.parametrize("stem", half(1))
def test_release_then_grade_round_trip(stem, graded):
    check_round_trip(stem, graded)
