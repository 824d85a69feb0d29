"""Release -> grade round trip, half b of the lessons (02, 04, 06, ...; see tests/course_roundtrip.py)."""

from __future__ import annotations

import pytest

from tests.course_roundtrip import half, round_trip


@pytest.mark.slow
@pytest.mark.parametrize("stem", half(1))
def test_release_then_grade_round_trip(stem, tmp_path):
    round_trip(stem, tmp_path)
