"""The course modules' docstrings render into the API reference without dead anchors.

A lecturer found six dead in-page links in the reference (issue 41): ``#term-flop`` / ``#term-turn`` (a doctest's
output quoting HTML links, which a link checker reads as links) on the handout page, and ``#id1`` / ``#id3`` on
the slides page (``a ``## `` heading``: an inline literal ending in a space is not one in reST, so docutils made
it a reference to nothing); pokerlab.course.grading had the same kind (``lesson 01_...``).
"""

from __future__ import annotations

import inspect
from types import ModuleType

import docutils.core
import docutils.nodes
import pytest

from pokerlab.course import grading, handout, lecture, slides


def _docstrings(module: ModuleType) -> list[tuple[str, str]]:
    found = [(module.__name__, module.__doc__ or "")]
    for name, value in vars(module).items():
        if callable(value) and getattr(value, "__module__", None) == module.__name__:
            found.append((name, inspect.getdoc(value) or ""))
    return found


@pytest.mark.parametrize("module", [grading, handout, lecture, slides], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_no_docstring_makes_a_reference_to_nothing(module):
    dead = []
    for name, doc in _docstrings(module):
        tree = docutils.core.publish_doctree(doc, settings_overrides={"report_level": 5, "halt_level": 5})
        for node in tree.findall(docutils.nodes.problematic):
            if not node.astext().startswith(":"):  # Sphinx's roles (:func:, :mod:) are Sphinx's to resolve
                dead.append((name, node.astext()))
        dead += [(name, "href") for _ in range(doc.count('href="#'))]  # quoted HTML reads as a link to a checker
    assert dead == []
