"""Importing altair without the one optional grammar that makes it slow.

altair validates every chart spec with ``jsonschema``. When ``jsonschema`` is imported it registers
optional string-format checks from whatever helper packages are installed; the Jupyter stack installs
``rfc3987_syntax`` (through ``jsonschema[format-nongpl]``), which builds a Lark grammar for IRIs as it is
imported: 1.7-1.9 s of CPU on the course's 2-core machine (measured 2026-11-28), three times the rest of
altair's import (0.5-0.7 s), paid by every kernel that draws its first chart.

:func:`import_jsonschema_lean` imports ``jsonschema`` first with that module held back, so ``jsonschema``
only leaves out its checks of the ``iri`` and ``iri-reference`` formats, which no Vega-Lite spec uses (its
schema asks for ``uri``, ``uri-reference`` and ``color-hex``). ``rfc3987_syntax`` stays importable
afterwards, and those two checks are put back in jsonschema's format checkers as wrappers that import the
grammar on their first use, so the user's own validation accepts and refuses what it would without pokerlab.
Where ``jsonschema`` is already imported (a Jupyter server, nbformat in the same process),
nothing changes. Importing this module does it: ``pokerlab.charts`` and ``pokerlab.widgets`` import it
before anything else, so it runs before any chart or widget imports altair.
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["import_jsonschema_lean"]

_HELD = "rfc3987_syntax"


def import_jsonschema_lean() -> None:
    """Import ``jsonschema`` before altair does, without its optional IRI grammar (see the module docstring)."""
    if "jsonschema" in sys.modules or _HELD in sys.modules:
        return
    sys.modules[_HELD] = None  # type: ignore[assignment]  # ``import`` of a None entry raises ImportError
    try:
        importlib.import_module("jsonschema")  # by name: the package ships no type stubs, and only its import counts
    except ImportError:  # no jsonschema: altair will say so when it is imported
        pass
    finally:
        if _HELD in sys.modules and sys.modules[_HELD] is None:
            del sys.modules[_HELD]
    if "jsonschema" in sys.modules:
        _register_lazy_iri_checks()


def _register_lazy_iri_checks() -> None:
    """Put back the ``iri`` and ``iri-reference`` format checks that jsonschema left out, loading the grammar
    on their first use: holding the grammar back must not change what the user's own validation accepts."""
    import importlib.util
    from collections.abc import Callable
    from typing import Any

    if importlib.util.find_spec(_HELD) is None:  # not installed: jsonschema has no such checks anyway
        return
    jsonschema: Any = importlib.import_module("jsonschema")  # by name: no type stubs

    def lazy(rule: str) -> Callable[[object], bool]:
        def check(instance: object) -> bool:
            if not isinstance(instance, str):
                return True
            grammar: Any = importlib.import_module("rfc3987_syntax")  # by name: no type stubs

            return bool(grammar.is_valid_syntax(rule, instance))

        return check

    for fmt, rule in (("iri", "iri"), ("iri-reference", "iri_reference")):
        func = lazy(rule)
        for cls in (jsonschema.Draft7Validator, jsonschema.Draft201909Validator, jsonschema.Draft202012Validator):
            checker = cls.FORMAT_CHECKER
            if fmt not in checker.checkers:
                checker.checks(fmt, raises=ValueError)(func)
        if fmt not in jsonschema.FormatChecker.checkers:  # the class-wide defaults of ``FormatChecker()``
            jsonschema.FormatChecker.checkers[fmt] = (func, ValueError)


import_jsonschema_lean()
