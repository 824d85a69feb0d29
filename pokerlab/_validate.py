"""Small checks every public function runs on its arguments before any work.

Each helper returns the value in a normal form or raises a
:mod:`pokerlab.errors` exception whose message names the argument, e.g.
``ParameterError("seed must be a whole number 0..2**63-1, not -1")``. They
refuse what Python would otherwise quietly accept: ``True`` as the number 1,
``2.0`` as a count, ``nan`` and ``inf`` as amounts.

>>> whole(3, "players", lo=2, hi=10)
3
>>> whole(True, "players")
Traceback (most recent call last):
...
pokerlab.errors.ParameterTypeError: players must be a whole number, not True
>>> real(float("nan"), "pot")
Traceback (most recent call last):
...
pokerlab.errors.ParameterError: pot must be a finite number, not nan
"""

from __future__ import annotations

import math
import numbers
import unicodedata
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, TypeGuard, TypeVar

from pokerlab.errors import ParameterError, ParameterTypeError, PokerlabError, RulesError, RulesTypeError

_Kind = TypeVar("_Kind", bound=StrEnum)

MAX_SEED = 2**63 - 1
"""Seeds are 63-bit: the compiled kernels carry them in a signed 64-bit integer."""


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _type_error(error: type[PokerlabError]) -> type[PokerlabError]:
    """The class to raise for a value of the wrong type: :class:`ParameterTypeError`
    (also a ``TypeError``) where the caller asked for a plain ``ParameterError``, :class:`RulesTypeError` for a
    ``RulesError``."""
    if error is ParameterError:
        return ParameterTypeError
    return RulesTypeError if error is RulesError else error


def refused(value: Any, types: type | tuple[type, ...], message: str) -> PokerlabError:
    """The error for a check that refuses a wrong type and a wrong value with one message
    (``if not isinstance(x, str) or x not in NAMES``): :class:`ParameterTypeError` when ``value``
    is not of ``types``, else :class:`ParameterError`.

    >>> type(refused(5, str, "mode must be one of a, b")).__name__, type(refused("c", str, "...")).__name__
    ('ParameterTypeError', 'ParameterError')
    """
    return (ParameterError if isinstance(value, types) else ParameterTypeError)(message)


def described(value: Any) -> str:
    """A wrong value as a refusal shows it, on one line: its ``repr`` (cut at 60 characters) and its type's name
    where the ``repr`` does not start with it; the type's name alone where the ``repr`` spans lines (a
    DataFrame).

    >>> described(3), described("x"), described(None), described([1, 2])
    ('3 (int)', "'x' (str)", 'None', '[1, 2] (list)')
    """
    text = _show(value)
    kind = type(value).__name__
    if "\n" in text:
        return kind
    if value is None or is_bool(value) or text.lstrip("<").startswith(kind):
        return text
    return f"{text} ({kind})"


def instance(
    value: Any,
    types: type | tuple[type, ...],
    message: str,
    *,
    error: type[PokerlabError] = ParameterError,
    optional: bool = False,
    text: bool = False,
    items: type | tuple[type, ...] | None = None,
    check: Callable[[Any], object] | None = None,
) -> Any:
    """``value`` if it is an instance of ``types`` (a class check: a ``PlayerView``, a ``dict``, a ``Sequence``),
    else ``error``'s ``TypeError`` twin with ``f"{message}, not {described(value)}"``.

    ``optional`` lets None through; a ``str`` or ``bytes`` is refused even where ``types`` is an ABC it satisfies
    (``Sequence``, ``Iterable``) unless ``types`` names ``str`` (or a subclass: a string enum) or ``text`` is set:
    text is not a list here.
    ``items`` is the class every item must have; ``check`` a further test of a value of the right type (not
    empty, four entries, the right keys). Either failing raises ``error`` itself, with the same sentence.

    >>> instance([1, 2], list, "pots must be a list of chip counts", items=int)
    [1, 2]
    >>> from collections.abc import Sequence
    >>> instance("AK", Sequence, "cards must be a list of cards")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterTypeError: cards must be a list of cards, not 'AK' (str)
    >>> instance({}, dict, "weights must be a non-empty dict", check=bool)
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: weights must be a non-empty dict, not {} (dict)
    """
    if value is None and optional:
        return value
    named = types if isinstance(types, tuple) else (types,)
    strings = isinstance(value, (str, bytes)) and not text and not any(issubclass(t, (str, bytes)) for t in named)
    of_types = isinstance(value, types)  # a bool: ``value`` keeps its type (Any) for the item checks below
    if strings or not of_types:
        raise _type_error(error)(f"{message}, not {described(value)}")
    if (items is not None and not all(isinstance(item, items) for item in value)) or (
        check is not None and not check(value)
    ):
        raise error(f"{message}, not {described(value)}")
    return value


def protocol(
    value: Any,
    message: str,
    *,
    methods: tuple[str, ...] = (),
    fields: tuple[str, ...] = (),
    optional: bool = False,
    error: type[PokerlabError] = ParameterError,
) -> Any:
    """``value`` if it has a callable attribute for each name in ``methods`` and an attribute for each name in
    ``fields``, else ``error``'s ``TypeError`` twin with ``f"{message}, not {described(value)}"``: the class check
    of an argument taken for what it does rather than what it is (a bot's ``act``, an executor's ``map``, a chart's
    ``to_json`` and ``to_dict``). With no ``methods`` and no ``fields``, ``value`` itself must be callable (a
    function argument). ``optional`` lets None through.

    >>> protocol(print, "on_action must be a function") is print
    True
    >>> protocol(3, "bot must have an act(view) method", methods=("act",))
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterTypeError: bot must have an act(view) method, not 3 (int)
    """
    if value is None and optional:
        return value
    if methods or fields:
        fits = all(callable(getattr(value, m, None)) for m in methods) and all(hasattr(value, f) for f in fields)
    else:
        fits = callable(value)
    if not fits:
        raise _type_error(error)(f"{message}, not {described(value)}")
    return value


def is_whole(value: Any) -> TypeGuard[int]:
    """True for ints and numpy integers, False for bools, floats, arrays and everything else (to mypy the value is
    then an ``int``: numpy integers behave as one)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) and not _is_numpy_bool(value)


def _is_numpy_bool(value: Any) -> bool:
    return type(value).__name__ == "bool_"


def is_bool(value: Any) -> TypeGuard[bool]:
    """True for ``True``/``False`` and numpy bools: the values a number argument must refuse although Python
    counts them as numbers."""
    return isinstance(value, bool) or _is_numpy_bool(value)


def is_number(value: Any) -> TypeGuard[float]:
    """True for a real number (ints, floats, numpy numbers; nan and inf too), False for bools, text, arrays
    (to mypy the value is then a ``float``).

    >>> import numpy as np
    >>> is_number(2.5), is_number(np.int64(3)), is_number(True), is_number("3")
    (True, True, False, False)
    """
    return isinstance(value, numbers.Real) and not is_bool(value) and getattr(value, "ndim", 0) == 0


def is_index(value: Any) -> bool:
    """True for one whole number in any form that ``operator.index`` takes (ints, numpy integers, 0-d integer
    arrays), False for bools and arrays of more than one number."""
    return hasattr(value, "__index__") and not is_bool(value) and getattr(value, "ndim", 0) == 0


def whole(
    value: Any,
    name: str,
    *,
    lo: int | None = None,
    hi: int | None = None,
    among: tuple[int, ...] | None = None,
    error: type[PokerlabError] = ParameterError,
    message: str | None = None,
) -> int:
    """``value`` as an ``int`` in ``lo..hi`` (either end open when None) and, given ``among``, one of those
    numbers; numpy integers are whole numbers too.

    ``message`` replaces the sentence for every refusal (``f"{message}, not {value!r}"``), for arguments whose
    meaning says more than a span (``"position must be a seat 0..5"``).

    >>> import numpy as np
    >>> whole(np.int64(1000), "samples", lo=100, hi=10_000_000)
    1000
    >>> whole(7, "position", lo=0, hi=5, message="position must be a seat 0..5")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: position must be a seat 0..5, not 7
    """
    if not is_whole(value):
        raise _type_error(error)(
            f"{message}, not {_show(value)}" if message else f"{name} must be a whole number, not {_show(value)}"
        )
    n = int(value.__index__())
    if among is not None and n not in among:
        said = message or f"{name} must be one of {', '.join(map(str, among))}"
        raise error(f"{said}, not {_show(value)}")
    if message and ((lo is not None and n < lo) or (hi is not None and n > hi)):
        raise error(f"{message}, not {_show(value)}")
    if lo == 0 and hi is None and n < 0:
        raise error(f"{name} cannot be negative, not {n}")
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        if lo == 1:
            span = "a positive whole number (at least 1" + (f", at most {hi:,})" if hi is not None else ")")
        elif lo is not None and hi is not None:
            span = f"{lo}..{hi}"
        elif lo is not None:
            span = f"at least {lo}"
        else:
            span = f"at most {hi}"
        raise error(f"{name} must be {span}, not {n}")
    return n


def real(
    value: Any,
    name: str,
    *,
    lo: float | None = None,
    hi: float | None = None,
    lo_open: bool = False,
    error: type[PokerlabError] = ParameterError,
    message: str | None = None,
) -> float:
    """``value`` as a finite ``float`` in ``[lo, hi]`` (``(lo, hi]`` with ``lo_open``); numpy numbers too.

    ``message`` replaces the sentence for every refusal, as in :func:`whole`."""
    said = f"{message}, not {_show(value)}" if message else f"{name} must be a finite number, not {_show(value)}"
    if isinstance(value, bool) or _is_numpy_bool(value) or isinstance(value, (str, bytes, bytearray)):
        raise _type_error(error)(said)
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise _type_error(error)(said) from None
    except OverflowError:
        raise error(said) from None
    if not math.isfinite(x):
        raise error(said)
    if message and ((lo is not None and (x < lo or (lo_open and x == lo))) or (hi is not None and x > hi)):
        raise error(said)
    if lo == 0 and not lo_open and x < 0:
        raise error(f"{name} cannot be negative, not {x:g}")
    if lo is not None and (x < lo or (lo_open and x == lo)):
        raise error(f"{name} must be {'above' if lo_open else 'at least'} {lo:g}, not {x:g}")
    if hi is not None and x > hi:
        raise error(f"{name} must be at most {hi:g}, not {x:g}")
    return x


def probability(value: Any, name: str, *, error: type[PokerlabError] = ParameterError) -> float:
    """``value`` as a ``float`` probability in ``[0, 1]`` (the one check every bot parameter and input uses).

    >>> probability(0.25, "bluff_rate")
    0.25
    >>> probability(1.5, "bluff_rate")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: bluff_rate must be a probability 0..1, not 1.5
    """
    try:
        x = real(value, name, error=error)
    except PokerlabError as exc:  # text, True, nan: the same sentence, as the error class real() chose
        raise type(exc)(f"{name} must be a probability 0..1, not {_show(value)}") from None
    if not 0.0 <= x <= 1.0:
        raise error(f"{name} must be a probability 0..1, not {x:g}")
    return x


def seed(value: Any, name: str = "seed", *, optional: bool = True, generator: bool = False) -> Any:
    """A seed: None (when ``optional``), a whole number 0..2**63-1, or (when ``generator``) a numpy Generator."""
    if value is None and optional:
        return None
    if generator:
        import numpy as np

        if isinstance(value, np.random.Generator):
            return value
    if not is_whole(value):
        raise ParameterTypeError(f"{name} must be a whole number 0..2**63-1, not {_show(value)}")
    if not 0 <= int(value) <= MAX_SEED:
        raise ParameterError(f"{name} must be a whole number 0..2**63-1, not {_show(value)}")
    return int(value)


def flag(value: Any, name: str, *, error: type[PokerlabError] = ParameterTypeError, message: str | None = None) -> bool:
    """A real bool (numpy bools too); 0/1, strings and None are refused (with ``error``; ``message`` replaces
    the sentence, as in :func:`whole`)."""
    if is_bool(value):
        return bool(value)
    raise error(f"{message or f'{name} must be True or False'}, not {_show(value)}")


def choice(
    value: Any,
    name: str,
    options: Iterable[Any],
    *,
    error: type[PokerlabError] = ParameterError,
    message: str | None = None,
) -> Any:
    """``value`` if it is one of ``options`` (compared with ==, strings only match strings).

    ``message`` replaces the whole sentence (it names what was given and what the choices are: ``"no data set is
    called 'x'; the names are: ..."``); a value of none of the options' types raises ``error``'s ``TypeError``
    twin, as everywhere here.

    >>> choice("acpc", "dialect", ("acpc", "rembrant"))
    'acpc'
    >>> choice(3, "dialect", ("acpc", "rembrant"))
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterTypeError: dialect must be one of 'acpc', 'rembrant', not 3
    """
    opts = tuple(options)
    for o in opts:
        if type(value) is type(o) and value == o:
            return value
        if isinstance(o, str) and isinstance(value, str) and value == o:
            return value
    # a word is the right type for options that are words (a StrEnum's members too): a wrong word is a wrong value
    wrong_type = not any(isinstance(value, type(o)) or (isinstance(o, str) and isinstance(value, str)) for o in opts)
    if message is not None:
        raise (_type_error(error) if wrong_type else error)(message)
    shown = ", ".join(repr(o) for o in opts)
    if wrong_type:
        raise ParameterTypeError(f"{name} must be one of {shown}, not {_show(value)}")
    raise ParameterError(f"{name} must be one of {shown}, not {_show(value)}")


def member(enum: type[_Kind], value: object, name: str, *, error: type[PokerlabError] = ParameterError) -> _Kind:
    """``value`` as a member of the string enum ``enum``, its word accepted (``"raise"``).

    The typed vocabulary of the game (``ActionKind``, ``Blind``, ``DecisionKind``)
    takes the old string spellings through here. A value that is not text raises ``error``'s ``TypeError`` twin,
    a wrong word ``error`` itself (``RulesError`` for a field of the rules).

    >>> from enum import StrEnum
    >>> class Kind(StrEnum):
    ...     FOLD = "fold"
    ...     CALL = "call"
    >>> member(Kind, "call", "kind")
    <Kind.CALL: 'call'>
    >>> member(Kind, "shove", "kind")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: kind must be one of fold, call, not 'shove'
    """
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    words = ", ".join(m.value for m in enum)
    if not isinstance(value, str):
        raise _type_error(error)(f"{name} must be one of {words}, not {_show(value)}")
    raise error(f"{name} must be one of {words}, not {_show(value)}")


def is_text(value: Any) -> TypeGuard[str]:
    """True for a string (a numpy string too), False for bytes, paths, numbers and everything else: the test a
    function that takes text or something else (cards as text or as a list) dispatches on."""
    return isinstance(value, str)


def text(
    value: Any,
    name: str,
    *,
    empty: bool = False,
    error: type[PokerlabError] = ParameterError,
    message: str | None = None,
) -> str:
    """A string (non-empty unless ``empty``; only blanks count as empty).

    ``message`` replaces the whole sentence of every refusal (it names what was given: ``"a range is written as
    text, not int"``); a value that is not a string raises ``error``'s ``TypeError`` twin.

    >>> text("AKs", "hand")
    'AKs'
    >>> text(3, "title", empty=True)
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterTypeError: title must be text, not 3
    """
    if not isinstance(value, str):
        raise _type_error(error)(message or f"{name} must be text, not {_show(value)}")
    if not empty and not value.strip():
        raise error(message or f"{name} must not be empty")
    return value


def is_path(value: Any) -> bool:
    """True for what names a file: a ``str`` or an ``os.PathLike`` (a :class:`~pathlib.Path`)."""
    import os

    return isinstance(value, (str, os.PathLike))


def path(value: Any, message: str, *, error: type[PokerlabError] = ParameterError, empty: bool = True) -> Any:
    """``value`` if it is a path (a ``str`` or an ``os.PathLike``; not blank unless ``empty``), else
    ``error(f"{message}, not {value!r}")``.

    >>> path(3, "read_hand needs a file path")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterTypeError: read_hand needs a file path, not 3
    """
    if is_path(value):
        if empty or str(value).strip():
            return value
        raise error(f"{message}, not {_show(value)}")
    raise _type_error(error)(f"{message}, not {_show(value)}")


def collection(value: Any, message: str, *, error: type[PokerlabError] = ParameterError) -> list[Any]:
    """``value``'s items as a list when it is a collection of values (a list, a tuple, a numpy array: anything with
    a length that is not text, bytes or a mapping), else ``error(f"{message}, not {value!r}")`` (a wrong type: its
    ``TypeError`` twin where there is one).

    >>> collection((100, 200), "stacks must be a list of chip counts")
    [100, 200]
    >>> collection("6", "stacks must be a list of chip counts")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterTypeError: stacks must be a list of chip counts, not '6'
    """
    from collections.abc import Mapping

    if isinstance(value, (str, bytes, bytearray, Mapping)) or not hasattr(value, "__len__"):
        raise _type_error(error)(f"{message}, not {_show(value)}")
    try:
        return list(value)
    except TypeError:  # a length but no items (a 0-d numpy array)
        raise _type_error(error)(f"{message}, not {_show(value)}") from None


def output_file(value: Any, name: str) -> Any:
    """A file we will write later: checked now, before any work, so results are never lost at the end.

    Its folder must exist (or be creatable) and be writable, and the path
    itself must not be a folder.
    """
    import os
    from pathlib import Path

    if not isinstance(value, (str, os.PathLike)) or not str(value).strip():
        raise ParameterTypeError(f"{name} must be a file name, not {_show(value)}")
    path = Path(value)
    try:
        if "\0" in str(path):
            raise OSError(22, "a file name cannot hold a NUL character")
        is_dir = path.is_dir()
    except OSError as exc:  # e.g. a name too long for the file system
        raise ParameterError(f"{name} {_show(str(path))} cannot be written: {exc.strerror or exc}") from exc
    if is_dir:
        raise ParameterError(f"{name} {str(path)!r} is a folder; give a file name")
    _writable_folder(path.parent, name, str(path))
    return value


def output_folder(value: Any, name: str) -> Any:
    """A folder we will write files into later: created now if needed, and checked writable."""
    import os
    from pathlib import Path

    if not isinstance(value, (str, os.PathLike)) or not str(value).strip():
        raise ParameterTypeError(f"{name} must be a folder name, not {_show(value)}")
    _writable_folder(Path(value), name, str(value))
    return value


def _writable_folder(folder: Any, name: str, shown: str) -> None:
    import os
    import tempfile

    try:
        if "\0" in shown:
            raise OSError(22, "a file name cannot hold a NUL character")
        if folder.exists() and not folder.is_dir():
            raise OSError(20, f"{str(folder)!r:.60} is a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
        if len(os.path.basename(shown)) > 255:
            raise OSError(36, "File name too long")
    except OSError as exc:
        raise ParameterError(f"{name} {_show(shown)} cannot be written: {exc.strerror or exc}") from exc


_INKLESS = frozenset("\U0001d159\u303f\ufffc")
"""Symbols (category S) that fonts draw as nothing, or as a placeholder for something missing, and whose Unicode
names say neither FILLER nor BLANK: U+1D159 MUSICAL SYMBOL NULL NOTEHEAD, U+303F IDEOGRAPHIC HALF FILL SPACE and
U+FFFC OBJECT REPLACEMENT CHARACTER (it stands for an embedded object that is not there)."""


def visible(ch: str) -> bool:
    """Whether one character shows ink: a letter, number, punctuation or symbol (Unicode categories L, N, P, S)
    that Unicode does not name a FILLER or BLANK.

    Spaces, separators, controls, format characters (zero-width space, joiners, direction marks), marks
    alone, private-use and unassigned code points show nothing; neither do the fillers and blanks that
    Unicode files as letters or symbols (U+3164 HANGUL FILLER, U+115F, U+FFA0, U+2800 BRAILLE PATTERN BLANK),
    nor the symbols drawn as empty space or as a stand-in for nothing (:data:`_INKLESS`: U+1D159, U+303F, U+FFFC).

    >>> [visible(c) for c in "a李9!€😀"], [visible(c) for c in " \u200b\u2060\u0301\u2800\u3164\u115f\ue000"]
    ([True, True, True, True, True, True], [False, False, False, False, False, False, False, False])
    """
    if unicodedata.category(ch)[0] not in "LNPS" or ch in _INKLESS:
        return False
    name = unicodedata.name(ch, "")
    return "FILLER" not in name and "BLANK" not in name


def has_visible(text: str) -> bool:
    """Whether ``text`` has at least one :func:`visible` character (a name made of blanks has none)."""
    return any(visible(c) for c in text)
