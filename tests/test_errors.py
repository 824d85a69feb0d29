"""One error tree: every exception class pokerlab defines lives in pokerlab.errors and is drawn there."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import pokerlab
from pokerlab import errors

ROOT = Path(pokerlab.__file__).parent


def _all_modules() -> list[str]:
    names = ["pokerlab"]
    for info in pkgutil.walk_packages(pokerlab.__path__, "pokerlab."):
        if not info.name.endswith("__main__"):  # importing it runs the command
            names.append(info.name)
    return names


def _subclasses(cls: type) -> set[type]:
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub} | _subclasses(sub)
    return out


def test_every_public_error_is_in_the_tree_and_documented():
    doc = errors.__doc__ or ""
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert cls.__module__ == "pokerlab.errors", name
        assert name in doc, f"{name} is not drawn in the tree of pokerlab/errors.py"
        if issubclass(cls, Warning):
            continue
        assert issubclass(cls, errors.PokerlabError) and issubclass(cls, ValueError), name
    # input errors are ValueErrors, outside text and files are DataErrors
    for name in ("PHHError", "AcpcError", "PreflopTableError"):
        assert issubclass(getattr(errors, name), errors.DataError)
    assert issubclass(errors.RulesError, errors.ParameterError)


def test_no_exception_class_is_defined_outside_errors_py():
    """Imports every module (so every subclass exists) and also reads every file (classes made in functions)."""
    for name in _all_modules():
        module = importlib.import_module(name)
        for attr, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == name:
                assert name == "pokerlab.errors", f"{name}.{attr} is an exception class outside pokerlab/errors.py"
    for cls in _subclasses(errors.PokerlabError) | _subclasses(errors.CacheWarning):
        if cls.__module__.startswith("pokerlab"):
            assert cls.__module__ == "pokerlab.errors", f"{cls.__module__}.{cls.__name__} is outside the tree"
            assert cls.__name__ in errors.__all__, f"{cls.__name__} is not exported by pokerlab.errors"
    exceptionish = {"Exception", "BaseException", "ValueError", "TypeError", "RuntimeError", "Warning"}
    exceptionish |= {n for n in errors.__all__}
    problems = []
    for path in ROOT.rglob("*.py"):
        if path.name == "errors.py" and path.parent == ROOT:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                if bases & exceptionish or any(b.endswith(("Error", "Exception", "Warning")) for b in bases):
                    problems.append(f"{path.relative_to(ROOT)}: class {node.name}")
    assert problems == []


def test_old_import_paths_still_give_the_same_classes():
    from pokerlab.bpp.network import ImpossibleEvidenceError
    from pokerlab.game.acpc import AcpcError
    from pokerlab.game.phh import PHHError
    from pokerlab.game.rules import RulesError
    from pokerlab.game.state import IllegalActionError
    from pokerlab.preflop import PreflopTableError

    assert ImpossibleEvidenceError is errors.ImpossibleEvidenceError
    assert (AcpcError, PHHError, RulesError) == (errors.AcpcError, errors.PHHError, errors.RulesError)
    assert (IllegalActionError, PreflopTableError) == (errors.IllegalActionError, errors.PreflopTableError)


def test_wrong_types_raise_a_parameter_error_that_is_also_a_type_error():
    """Python's convention: a value of the wrong type is a TypeError; a right type with a bad value a ValueError."""
    from pokerlab import _validate, bots
    from pokerlab.errors import ParameterError, ParameterTypeError

    for call in (
        lambda: _validate.whole("3", "players"),
        lambda: _validate.whole(2.0, "players"),
        lambda: _validate.real("0.5", "pot"),
        lambda: _validate.real(None, "pot"),
        lambda: _validate.seed("1"),
        lambda: _validate.flag(1, "progress"),
        lambda: _validate.text(5, "spec"),
        lambda: _validate.output_file(None, "out"),
        lambda: bots.make("random", seed="1"),
    ):
        with pytest.raises(TypeError) as info:
            call()
        assert isinstance(info.value, ParameterTypeError) and isinstance(info.value, ParameterError)
        assert isinstance(info.value, ValueError)  # `except ValueError` in older code still catches it
    for call in (
        lambda: _validate.whole(1, "players", lo=2),
        lambda: _validate.real(float("nan"), "pot"),
        lambda: _validate.seed(-1),
        lambda: _validate.text("  ", "spec"),
    ):
        with pytest.raises(ParameterError) as info:
            call()
        assert not isinstance(info.value, TypeError)


def test_every_plain_type_check_raises_the_type_error():
    """#24: ``if not isinstance(x, T): raise ParameterError(...)`` is a wrong type, so it raises ParameterTypeError
    (71 such checks raised a plain ParameterError, e.g. ``bots.make(5)``). Checks mixing a type and a value
    (``not isinstance(x, str) or x not in NAMES``) and other error classes (PHHError, AcpcError, ...) are not read."""
    import ast
    from pathlib import Path

    import pokerlab
    from pokerlab import bots
    from pokerlab.errors import ParameterTypeError

    found = []
    for path in sorted(Path(pokerlab.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.If) or len(node.body) != 1 or not isinstance(node.body[0], ast.Raise):
                continue
            test, exc = ast.unparse(node.test), node.body[0].exc
            if not test.startswith("not isinstance(") or " or " in test or " and " in test:
                continue
            func = exc.func if isinstance(exc, ast.Call) else None
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "ParameterError":
                found.append(f"{path.name}:{node.lineno}: if {test}")
    assert found == []
    with pytest.raises(ParameterTypeError, match="unknown bot 5"):
        bots.make(5)


def test_file_errors_keep_their_os_error_cause(tmp_path):
    """A file that cannot be read or written is a pokerlab error whose __cause__ is the OSError behind it."""
    from pokerlab.errors import AcpcError, PreflopTableError
    from pokerlab.game.gamedef import load_game
    from pokerlab.preflop.table import PreflopTable

    with pytest.raises(AcpcError) as info:
        load_game(tmp_path / "missing.game")
    assert isinstance(info.value.__cause__, OSError)
    with pytest.raises(PreflopTableError) as info:
        PreflopTable.read(tmp_path / "missing.csv")
    assert isinstance(info.value.__cause__, OSError)


def test_every_os_error_handler_keeps_the_cause():
    """#24: a handler of OSError that raises a pokerlab error chains it (``from exc``), so the OSError behind
    "cannot read/write" stays in ``__cause__`` (write_phhs, read_lesson and the slides' reader dropped it)."""
    import ast
    from pathlib import Path

    import pokerlab
    from pokerlab.course.lessons import read_lesson
    from pokerlab.errors import DataError, PHHError
    from pokerlab.game.phh import write_phhs

    found = []
    for path in sorted(Path(pokerlab.__file__).parent.rglob("*.py")):
        for handler in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(handler, ast.ExceptHandler) or handler.type is None:
                continue
            if not {"OSError", "IOError"} & {n.id for n in ast.walk(handler.type) if isinstance(n, ast.Name)}:
                continue
            for node in ast.walk(handler):
                if isinstance(node, ast.Raise) and node.exc is not None:
                    cause = ast.unparse(node.cause) if node.cause else None
                    if cause != handler.name:
                        found.append(f"{path.name}:{node.lineno}: raise ... from {cause}")
    assert found == []
    with pytest.raises(PHHError) as info:
        write_phhs([], Path(__file__).parent / "no_such_folder" / "x.phhs")
    assert isinstance(info.value.__cause__, OSError)
    with pytest.raises(DataError) as info:
        read_lesson(Path(__file__).parent / "no_such_lesson.ipynb")
    assert isinstance(info.value.__cause__, OSError)


def test_a_check_of_type_and_value_together_raises_the_type_error_for_a_wrong_type():
    """#24: ``if not isinstance(x, T) or x not in NAMES: raise ...`` (45 such checks) raises through
    _validate.refused: ParameterTypeError for a wrong type, ParameterError for a wrong value of the right type."""
    import ast
    from pathlib import Path

    import pokerlab
    from pokerlab.bpp.handtypes import board_cards
    from pokerlab.errors import ParameterError, ParameterTypeError

    found = []
    for path in sorted(Path(pokerlab.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.If) and isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.Or)
            ):
                continue
            if not ast.unparse(node.test.values[0]).startswith("not isinstance("):
                continue
            if len(node.body) == 1 and isinstance(node.body[0], ast.Raise) and isinstance(node.body[0].exc, ast.Call):
                func = node.body[0].exc.func
                if isinstance(func, ast.Name) and func.id == "ParameterError":
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []
    with pytest.raises(ParameterTypeError, match="round must be one of"):
        board_cards(3)
    with pytest.raises(ParameterError, match="round must be one of") as info:
        board_cards("showdown")
    assert not isinstance(info.value, TypeError)
