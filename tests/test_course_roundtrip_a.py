"""Release -> grade round trip, half a of the lessons (01, 03, 05, ...; see tests/course_roundtrip.py)."""

from __future__ import annotations

import pytest

from tests.course_roundtrip import half, round_trip


@pytest.mark.slow
@pytest.mark.parametrize("stem", half(0))
def test_release_then_grade_round_trip(stem, tmp_path):
    round_trip(stem, tmp_path)
