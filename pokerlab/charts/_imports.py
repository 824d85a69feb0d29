"""Importing altair without the one optional grammar that makes it slow.

altair validates every chart spec with ``jsonschema``. When ``jsonschema`` is imported it registers
optional string-format checks from whatever helper packages are installed; the Jupyter stack installs
``rfc3987_syntax`` (through ``jsonschema[format-nongpl]``), which builds a Lark grammar for IRIs as it is
imported: 1.7-1.9 s of CPU on the course's 2-core machine (measured 2026-11-28), three times the rest of
altair's import (0.5-0.7 s), paid by every kernel that draws its first chart.

:func:`import_jsonschema_lean` imports ``jsonschema`` first with that module held back, so ``jsonschema``
only leaves out its checks of the ``iri`` and ``iri-reference`` formats, which no Vega-Lite spec uses (its
schema asks for ``uri``, ``uri-reference`` and ``color-hex``). ``rfc3987_syntax`` stays importable
afterwards. Where ``jsonschema`` is already imported (a Jupyter server, nbformat in the same process),
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


import_jsonschema_lean()
