"""Counting parses: which texts a ``parse`` classmethod reads while a test runs (the "parse once at the edge" tests)."""

from __future__ import annotations

from typing import Any

import pytest


def count_parses(monkeypatch: pytest.MonkeyPatch, cls: Any) -> list[str]:
    """From now on, each text ``cls.parse`` reads is noted in the list returned (a parsed value is not)."""
    calls: list[str] = []
    original = cls.parse.__func__

    def counting(klass: Any, text: object) -> Any:
        if isinstance(text, str):
            calls.append(text)
        return original(klass, text)

    monkeypatch.setattr(cls, "parse", classmethod(counting))
    return calls
