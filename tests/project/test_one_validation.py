"""Arguments are checked one way: through :mod:`pokerlab._validate` (issue 43, item 1).

An AST walk over every module of the package fails on an inline ``isinstance(x, bool)`` and on an
``isinstance(x, int)``-style number check (``int``, ``numbers.Integral``/``Real``, ``np.integer``, alone, in a
tuple or in a ``|`` union) outside ``_validate.py``. Inline checks had drifted from the helpers: one refused
``np.int64(1000)`` that ``_validate.whole`` accepts. It also fails on a refusal of what is not text:
``not isinstance(x, str)`` (or ``(str, Path)``, ...), the inline form of ``_validate.text``, ``choice`` (``not
isinstance(m, str) or m not in MODES``) and ``path``; dispatching on a type (``if isinstance(x, str): parse``)
is not a check and stays, unless the dispatch ends in ``else: raise`` (a class check spread over the branches:
``_validate.instance`` first, then the dispatch). A refusal by what a value can do (``not callable(x)``, ``not
hasattr(x, "read")``) goes through ``_validate.protocol``. The few checks that are not about an argument are
listed below, each with its reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, strategies as st

from pokerlab import _validate
from pokerlab.errors import ParameterError, ParameterTypeError

PACKAGE = Path(__file__).resolve().parent.parent.parent / "pokerlab"

ALLOWED: dict[tuple[str, str], str] = {
    ("game/phh.py", "isinstance(value.exponent, int)"): (
        "a Decimal's exponent is an int or a letter ('n', 'N', 'F'): narrows a parsed value's type, no argument"
    ),
    ("game/phh.py", "isinstance(exponent, int)"): "the same Decimal exponent, read to count decimal places",
}

#: refusals of what is not text that are not about an argument: data read from a file, a form's own error list
ALLOWED_TEXT: dict[tuple[str, str], str] = {
    ("game/phh.py", "not isinstance(raw, str)"): (
        "an action read from a PHH file: the reader's error names the file and line, not an argument"
    ),
    ("course/lessons.py", "not isinstance(cell.get('cell_type'), str)"): (
        "a cell of a notebook file read from disk: whether it is a cell at all, a question about the data"
    ),
    ("charts/_imports.py", "not isinstance(instance, str)"): (
        "jsonschema's format-checker protocol: a checker answers True for values it does not check"
    ),
    ("apps/table_setup.py", "not isinstance(name, str)"): (
        "the table set-up form collects every field's problem into one errors dict shown beside the fields"
    ),
    ("apps/table_setup.py", "not isinstance(unit, str)"): "the same form's chip unit, into the same errors dict",
}

_NUMBER_NAMES = {"bool", "int"}
_NUMBER_ATTRS = {"Integral", "Real", "Number", "integer", "bool_"}


def _number_types(node: ast.expr) -> bool:
    """Whether the type argument of an isinstance names bool/int or a numeric ABC."""
    if isinstance(node, ast.Name):
        return node.id in _NUMBER_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in _NUMBER_ATTRS
    if isinstance(node, ast.Tuple):
        return any(_number_types(e) for e in node.elts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _number_types(node.left) or _number_types(node.right)
    return False


def inline_checks() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "_validate.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
                and _number_types(node.args[1])
            ):
                found.append((rel, node.lineno, ast.unparse(node)))
    return found


def _names_str(node: ast.expr) -> bool:
    """Whether the type argument of an isinstance names ``str`` (alone, in a tuple or in a ``|`` union)."""
    if isinstance(node, ast.Name):
        return node.id == "str"
    if isinstance(node, ast.Tuple):
        return any(_names_str(e) for e in node.elts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _names_str(node.left) or _names_str(node.right)
    return False


def inline_text_checks(source: str) -> list[tuple[int, str]]:
    """(line, code) of every ``not isinstance(x, <str, ...>)`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            call = node.operand
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == "isinstance"
                and len(call.args) == 2
                and _names_str(call.args[1])
            ):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_inline_text_or_choice_checks_outside_validate() -> None:
    """The review of issue 43 counted 64 ``not isinstance(x, str)`` refusals outside ``_validate``, several of
    them re-implementing ``choice`` (``not isinstance(mode, str) or mode not in MODES``); none is left."""
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "_validate.py":
            continue
        for line, code in inline_text_checks(path.read_text(encoding="utf-8")):
            if (rel, code) not in ALLOWED_TEXT:
                bad.append(f"pokerlab/{rel}:{line}: {code}")
    assert not bad, "use _validate.text, choice, member or path (or is_text to dispatch):\n" + "\n".join(bad)


def test_the_text_allow_list_is_short_and_current() -> None:
    present = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        present |= {(rel, code) for _, code in inline_text_checks(path.read_text(encoding="utf-8"))}
    assert set(ALLOWED_TEXT) <= present, set(ALLOWED_TEXT) - present
    assert len(ALLOWED_TEXT) <= 5 and all(len(reason) > 20 for reason in ALLOWED_TEXT.values())


def test_the_text_walk_sees_each_form() -> None:
    code = (
        "not isinstance(a, str); not isinstance(b, (str, Path)); not isinstance(c, str | None);"
        " isinstance(d, str); not isinstance(e, (list, tuple))"
    )
    assert [c for _, c in inline_text_checks(code)] == [
        "not isinstance(a, str)",
        "not isinstance(b, (str, Path))",
        "not isinstance(c, str | None)",
    ]  # a dispatch (d) and a check of another type (e) are not text checks


def test_the_choices_keep_their_sentences() -> None:
    """What a user sees from the checks moved into _validate: the same sentence, the TypeError twin for a wrong
    type, the plain error for a wrong word."""
    from pokerlab import datasets
    from pokerlab.apps.serve import start
    from pokerlab.bots.leduc import leduc_strength
    from pokerlab.cards import Card
    from pokerlab.errors import CardError
    from pokerlab.solve import games

    with pytest.raises(ParameterError, match=r"^no data set is called 'x'; the names are: ") as info:
        datasets.path("x")
    assert not isinstance(info.value, TypeError)
    with pytest.raises(ParameterTypeError, match=r"^no data set is called 3; the names are: "):
        datasets.path(3)  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match=r"^unknown app 'poker'; the apps are heads-up, bigholdem$"):
        start("poker")  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match=r"^card and board are ranks J, Q or K \(board may be ''\), not 1, ''"):
        leduc_strength(1)  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match=r"^card and board are ranks J, Q or K \(board may be ''\), not 'K', 'A'"):
        leduc_strength("K", "A")
    assert Card.of("a", "S") == Card.parse("As")
    with pytest.raises(CardError, match=r"^rank must be one of 23456789TJQKA, not 'AA'$"):
        Card.of("AA", "s")
    with pytest.raises(CardError, match=r"^suit must be one of c, d, h, s, not 5$"):
        Card.of("A", 5)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match=r"^an information set key is a string like 'K:pb', not 3$"):
        games.game("kuhn").infoset(3)  # type: ignore[arg-type]


def _refuses_not_whole(node: ast.AST) -> bool:
    """Whether ``node`` is ``if ... not is_whole(x) ...: raise ...``: the predicate from ``_validate`` with the
    refusal written beside it (its own message and error type), which ``_validate.whole`` does in one call."""
    if not (isinstance(node, ast.If) and node.body and isinstance(node.body[0], ast.Raise)):
        return False
    for sub in ast.walk(node.test):
        if isinstance(sub, ast.UnaryOp) and isinstance(sub.op, ast.Not) and isinstance(sub.operand, ast.Call):
            func = sub.operand.func
            if (isinstance(func, ast.Name) and func.id == "is_whole") or (
                isinstance(func, ast.Attribute) and func.attr == "is_whole"
            ):
                return True
    return False


def inline_whole_refusals(source: str) -> list[tuple[int, str]]:
    """(line, test) of every ``if not is_whole(x): raise`` in ``source``."""
    return [(n.lineno, ast.unparse(n.test)) for n in ast.walk(ast.parse(source)) if _refuses_not_whole(n)]


def test_no_inline_whole_number_refusals_outside_validate() -> None:
    """The review of issue 43 (round 2) found 12 ``if not is_whole(x): raise ParameterError(...)``: ``opponents``
    was refused as a ParameterError by hand_strength and a ParameterTypeError by equity. None is left."""
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel != "_validate.py":
            bad += [f"pokerlab/{rel}:{line}: {code}" for line, code in inline_whole_refusals(path.read_text("utf-8"))]
    assert not bad, "use _validate.whole (lo, hi, among, error, message):\n" + "\n".join(bad)


def test_the_whole_refusal_walk_sees_each_form() -> None:
    code = (
        "if not is_whole(a):\n raise E()\n"
        "if not _validate.is_whole(b) or b < 1:\n raise E()\n"
        "if not all(is_whole(c) for c in cs):\n raise E()\n"  # an element check of a list: not this pattern
        "if not is_whole(d):\n d = 0\n"  # no refusal
    )
    assert [c for _, c in inline_whole_refusals(code)] == ["not is_whole(a)", "not _validate.is_whole(b) or b < 1"]


def test_opponents_are_refused_one_way() -> None:
    """hand_strength and equity run one check: the same error type and sentence for the same bad count."""
    from pokerlab import equity, hand_potential, hand_strength
    from pokerlab.bpp.handtypes import type_names
    from pokerlab.errors import CardCountError
    from pokerlab.streets import Street

    for bad in (2.5, "2", True):
        for call in (
            lambda bad=bad: hand_strength("AsKs", "2c7d9h", opponents=bad),
            lambda bad=bad: equity("AsKs", opponents=bad),
        ):
            with pytest.raises(
                ParameterTypeError, match=r"^opponents must be a whole number [01]\.\.9 \(a table seats 10\), not "
            ):
                call()
    with pytest.raises(ParameterError, match=r"^opponents must be a whole number 1\.\.9 \(a table seats 10\), not 10$"):
        hand_strength("AsKs", "2c7d9h", opponents=10)
    assert hand_strength("AsKs", "2c7d9h", opponents=np.int64(2)) == hand_strength("AsKs", "2c7d9h", opponents=2)
    with pytest.raises(ParameterError, match=r"^BPP uses 9 or 17 hand types, not 10$") as info:
        type_names(10)
    assert not isinstance(info.value, TypeError)
    assert Street.of_board(np.int64(4)) is Street.TURN
    with pytest.raises(CardCountError, match=r"^board: the board must have 3 or 4 cards here, not 5$"):
        hand_potential("AsKs", "2c7d9hJsQd")


def test_no_inline_number_or_bool_checks_outside_validate() -> None:
    bad = [f"pokerlab/{rel}:{line}: {code}" for rel, line, code in inline_checks() if (rel, code) not in ALLOWED]
    assert not bad, (
        "use the pokerlab._validate helpers (whole, real, flag, is_whole, is_number, is_bool):\n" + "\n".join(bad)
    )


def test_the_allow_list_is_short_and_current() -> None:
    """Every allowed entry still exists (a stale entry would hide nothing and mislead), and each has a reason."""
    present = {(rel, code) for rel, _, code in inline_checks()}
    assert set(ALLOWED) <= present, set(ALLOWED) - present
    assert len(ALLOWED) <= 5 and all(len(reason) > 20 for reason in ALLOWED.values())


def test_the_walk_sees_each_form() -> None:
    code = (
        "isinstance(a, bool); isinstance(b, (int, float)); isinstance(c, numbers.Integral); isinstance(d, int | float)"
    )
    calls = [n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Call)]
    assert [_number_types(c.args[1]) for c in calls] == [True, True, True, True]
    assert not _number_types(ast.parse("isinstance(e, (str, float))").body[0].value.args[1])  # type: ignore[attr-defined]


def test_numpy_numbers_are_accepted_where_python_numbers_are(tmp_path: Path) -> None:
    """The review's example: a numpy count is a count, a numpy bool a flag, and bools are still refused."""
    from pokerlab.apps.table_view import money
    from pokerlab.charts.solve import _positive_number
    from pokerlab.course.release import release

    assert money(np.int64(1500), "chips") == money(1500, "chips") == "1,500 chips"
    assert _positive_number(np.float64(2.5)) and not _positive_number(True)
    assert _validate.is_number(np.int64(3)) and not _validate.is_number(np.bool_(True))
    assert not _validate.is_number(np.array([1.0, 2.0]))
    with pytest.raises(ParameterTypeError, match="amount must be a whole number of chips, not True"):
        money(True)
    with pytest.raises(ParameterTypeError, match="solutions must be True or False, not 1"):
        release(tmp_path / "out", solutions=1)  # type: ignore[arg-type]


def test_serve_checks_numbers_before_any_work() -> None:
    from pokerlab.apps.serve import port_is_free

    with pytest.raises(ParameterError, match=r"port must be 1\.\.65535, not 70000"):
        port_is_free(70000)
    with pytest.raises(ParameterTypeError, match=r"port must be 1\.\.65535, not True"):
        port_is_free(True)
    assert port_is_free(np.int64(65000)) in (True, False)


# -- class refusals and choice refusals (issue 43, round 3) ---------------------------------------------------

#: ``if not isinstance(x, C): raise`` refusals that are not about an argument, each with its reason
ALLOWED_CLASS: dict[tuple[str, str], str] = {
    ("game/phh.py", "not isinstance(value, Decimal) or not value.is_finite() or value < 0"): (
        "an amount read from a PHH file: reader.error names the file and line, not an argument"
    ),
    ("game/phh.py", "not isinstance(values, list)"): "a PHH file's list of amounts, refused with its line",
    ("game/phh.py", "not isinstance(raw, str)"): "an action read from a PHH file, refused with its line",
    ("game/phh.py", "not isinstance(actions, list)"): "a PHH file's actions field, refused with its line",
    (
        "game/phh.py",
        "not isinstance(seats, list) or not all((type(x) is int for x in seats)) or sorted(seats) != list(range(n))",
    ): ("the _pokerlab_seats field of a PHH file, refused with its line"),
    (
        "game/phh.py",
        "caps is not None and (not isinstance(caps, list) or len(caps) != 4"
        " or (not all((type(c) is int and c >= 0 for c in caps))))",
    ): ("the _pokerlab_raise_cap field of a PHH file, refused with its line"),
    ("course/lecture.py", "not isinstance(raw_steps, list) or not raw_steps"): (
        "a lecture file's [[step]] tables: the sentence says how to write them, not what Python type was read"
    ),
    (
        "preflop/table.py",
        "not isinstance(classes, list) or not all((isinstance(c, str) and c in CLASS_NAMES for c in classes))",
    ): ("a preflop table file's provenance, refused with the file's name"),
    ("course/checks.py", "not isinstance(value, (list, tuple))"): (
        "a student's answer checked by an exercise: CheckFailed describes it in the student's terms (_described)"
    ),
    ("course/checks.py", "not isinstance(value, dict)"): "a student's answer, described the same way",
    ("solve/_postflop_lines.py", "not isinstance(strategy, Mapping) or not strategy"): (
        "a locked strategy: one refusal for a non-mapping and an empty mapping, one sentence through "
        "_validate.refused that names what a lock takes"
    ),
}

#: ``if x not in CHOICES: raise`` refusals that are not about an argument, each with its reason
ALLOWED_CHOICE: dict[tuple[str, str], str] = {
    ("_files.py", "mode not in ('w', 'wb')"): (
        "atomic_writer's mode is written as a literal by pokerlab's own code: a bug (ValueError), not a user's input"
    ),
    ("game/_hooks.py", "name not in ENTRIES"): (
        "the entry points a pokerlab module registers at import: a bug (LookupError), not a user's input"
    ),
    ("game/phh.py", "variant not in ('NT', 'FT')"): "a PHH file's variant field: reader.error names the file and line",
}

_CHOICES = re.compile(r"^_?[A-Z][A-Z0-9_]*$")


def _is_isinstance(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"


def _not_isinstance(node: ast.AST) -> bool:
    """``not isinstance(x, C)``, or ``not (isinstance(x, C) and ...)`` (the same refusal with De Morgan's turn)."""
    if not (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return False
    operand = node.operand
    if isinstance(operand, ast.BoolOp) and isinstance(operand.op, ast.And):
        return _is_isinstance(operand.values[0])
    return _is_isinstance(operand)


def _outside_comprehensions(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and what it holds, but not the insides of a comprehension or a lambda: ``not all(isinstance(x, str)
    and ... for x in xs)`` checks the items of a list, not the argument's class."""
    yield node
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp, ast.Lambda)):
            yield from _outside_comprehensions(child)


def _is_choices(node: ast.expr) -> bool:
    """A table of allowed values: a literal tuple, list or set of constants, or a CONSTANT name (``MODES``,
    ``self.OUTCOMES``, ``_REGISTRY``)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(isinstance(e, ast.Constant) for e in node.elts)
    if isinstance(node, ast.Name):
        return bool(_CHOICES.match(node.id))
    return isinstance(node, ast.Attribute) and bool(_CHOICES.match(node.attr))


def _not_in_choices(node: ast.AST) -> bool:
    """``x not in CHOICES`` where ``x`` is a value (not a literal key looked up in data, not a ``len()``)."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.NotIn)):
        return False
    left = node.left
    is_len = isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id == "len"
    return not isinstance(left, ast.Constant) and not is_len and _is_choices(node.comparators[0])


def inline_refusals(source: str, pattern: Callable[[ast.AST], bool]) -> list[tuple[int, str]]:
    """(line, test) of every ``if <test>: raise ...`` in ``source`` whose test holds ``pattern`` anywhere (an
    ``elif`` too; a check inside a lambda or a comprehension passed to ``_validate`` is not an ``if``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.If) and node.body and isinstance(node.body[0], ast.Raise)):
            continue
        if any(pattern(sub) for sub in _outside_comprehensions(node.test)):
            found.append((node.lineno, ast.unparse(node.test)))
    return found


def _package_refusals(pattern: Callable[[ast.AST], bool]) -> list[tuple[str, int, str]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel != "_validate.py":
            out += [(rel, line, code) for line, code in inline_refusals(path.read_text("utf-8"), pattern)]
    return out


def test_no_inline_class_refusals_outside_validate() -> None:
    """The review of issue 43 (round 3) counted ~112 ``if not isinstance(x, SomeClass): raise`` in three message
    styles (``{view!r:.60}``, ``_show(view)``, ``type(view).__name__``) for one question; all go through
    ``_validate.instance`` now, but for the refusals of data read from files listed in ALLOWED_CLASS."""
    bad = [
        f"pokerlab/{rel}:{line}: {code}"
        for rel, line, code in _package_refusals(_not_isinstance)
        if (rel, code) not in ALLOWED_CLASS
    ]
    assert not bad, "use _validate.instance (optional, items, check, error):\n" + "\n".join(bad)


def test_no_inline_choice_refusals_outside_validate() -> None:
    """13 ``if x not in CHOICES: raise`` re-implemented ``_validate.choice``/``member`` (and disagreed on the error
    class: ``mode=["x"]`` was a ParameterError where choice says ParameterTypeError)."""
    bad = [
        f"pokerlab/{rel}:{line}: {code}"
        for rel, line, code in _package_refusals(_not_in_choices)
        if not any((rel, c) in ALLOWED_CHOICE for c in _comparisons(code))
    ]
    assert not bad, "use _validate.choice (message=, error=) or _validate.member:\n" + "\n".join(bad)


def _comparisons(test: str) -> list[str]:
    return [ast.unparse(n) for n in ast.walk(ast.parse(test)) if _not_in_choices(n)]


def test_the_class_and_choice_allow_lists_are_short_and_current() -> None:
    classes = {(rel, code) for rel, _, code in _package_refusals(_not_isinstance)}
    choices = {(rel, c) for rel, _, code in _package_refusals(_not_in_choices) for c in _comparisons(code)}
    assert set(ALLOWED_CLASS) <= classes, set(ALLOWED_CLASS) - classes
    assert set(ALLOWED_CHOICE) <= choices, set(ALLOWED_CHOICE) - choices
    assert len(ALLOWED_CLASS) <= 11 and len(ALLOWED_CHOICE) <= 3
    assert all(len(reason) > 20 for reason in (*ALLOWED_CLASS.values(), *ALLOWED_CHOICE.values()))


def test_the_class_and_choice_walks_see_each_form() -> None:
    code = (
        "if not isinstance(a, PlayerView):\n raise E()\n"
        "if b is not None and not isinstance(b, Rules):\n raise E()\n"
        "if isinstance(c, str) or not isinstance(c, Sequence) or not c:\n raise E()\n"
        "if x:\n pass\nelif not isinstance(d, Game):\n raise E()\n"
        "if not isinstance(e, dict):\n e = {}\n"  # no refusal
        "if isinstance(f, HandState):\n raise E()\n"  # a refusal of one class, not a check that it is one
        "if not (isinstance(h, tuple) and len(h) == 2):\n raise E()\n"
        "if not all(isinstance(i, str) and not (isinstance(i, bytes) and i) for i in xs):\n raise E()\n"  # items
        "_validate.instance(g, list, 'g', check=lambda v: not isinstance(v[0], int))\n"  # inside _validate's call
    )
    assert sorted(inline_refusals(code, _not_isinstance)) == [
        (1, "not isinstance(a, PlayerView)"),
        (3, "b is not None and (not isinstance(b, Rules))"),
        (5, "isinstance(c, str) or not isinstance(c, Sequence) or (not c)"),
        (9, "not isinstance(d, Game)"),
        (15, "not (isinstance(h, tuple) and len(h) == 2)"),
    ]
    code = (
        "if mode not in MODES:\n raise E()\n"
        "if m is not None and m not in self.OUTCOMES:\n raise E()\n"
        "if name not in _REGISTRY:\n raise E()\n"
        "if kind not in ('w', 'wb'):\n raise E()\n"
        "if 'action' not in frame.columns:\n raise E()\n"  # a key looked up in data
        "if len(board) not in (0, 3, 4, 5):\n raise E()\n"  # a count
        "if key not in values:\n raise E()\n"  # a lookup in data, not a table of choices
        "if mode not in MODES:\n mode = 'x'\n"  # no refusal
    )
    assert [c for _, c in inline_refusals(code, _not_in_choices)] == [
        "mode not in MODES",
        "m is not None and m not in self.OUTCOMES",
        "name not in _REGISTRY",
        "kind not in ('w', 'wb')",
    ]


def test_a_wrong_class_reads_one_way() -> None:
    """The review's three styles for "view must be a PlayerView": one sentence now, naming the value and its type;
    a multi-line repr (a DataFrame) shows as its type's name, so a command line still prints one line."""
    import pandas as pd

    from pokerlab.bots.baseline import AlwaysCall
    from pokerlab.bots.context import context_features
    from pokerlab.bots.pushfold import PushFoldBot
    from pokerlab.stats import format_table

    for call, said in (
        (lambda: PushFoldBot().act(3), "view must be a PlayerView"),  # type: ignore[arg-type]
        (lambda: AlwaysCall().act(3), "view must be a PlayerView"),  # type: ignore[arg-type]
        (lambda: context_features(3), "context_features needs a PlayerView"),  # type: ignore[arg-type]
    ):
        with pytest.raises(ParameterTypeError, match=rf"^{said}, not 3 \(int\)$"):
            call()
    with pytest.raises(ParameterTypeError, match=r"^table must be a player_stats\(\) table, not DataFrame$"):
        format_table(pd.DataFrame({"a": [1, 2]}))
    assert _validate.described(None) == "None" and _validate.described(np.int64(3)) == "np.int64(3) (int64)"
    with pytest.raises(ParameterTypeError, match=r"^cards must be a list, not 'AhKd' \(str\)$"):
        _validate.instance("AhKd", Sequence, "cards must be a list")  # text is not a list of cards
    assert _validate.instance("x", str, "name must be text") == "x"
    with pytest.raises(ParameterError, match=r"^sizes must be a list of counts, not \[0\] \(list\)$") as info:
        _validate.instance([0], list, "sizes must be a list of counts", check=lambda v: all(n > 0 for n in v))
    assert not isinstance(info.value, TypeError)  # the right class, a wrong value: the plain error


def test_the_choices_keep_their_sentences_and_pick_the_class(tmp_path: Path) -> None:
    """A wrong type is the TypeError twin, a wrong word the plain error, with the sentences users saw."""
    from pokerlab.apps.leaderboard import Leaderboard
    from pokerlab.bots.registry import make
    from pokerlab.bpp.network import build_network, check_round
    from pokerlab.streets import Street

    board = Leaderboard(tmp_path / "board.sqlite")
    with pytest.raises(ParameterTypeError, match=r"^mode must be one of interactive, watch, not \['x'\]$"):
        board.top(mode=["x"])  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match=r"^mode must be one of interactive, watch, not 'x'$") as info:
        board.games(mode="x")  # type: ignore[arg-type]
    assert not isinstance(info.value, TypeError)
    with pytest.raises(ParameterError, match=r"^unknown bot 'nobot'; known bots: "):
        make("nobot")
    assert check_round("FLOP") == check_round(Street.FLOP) == "flop"
    with pytest.raises(ParameterError, match=r"^round must be one of preflop, flop, turn, river, not 'showdown'$"):
        check_round("showdown")
    with pytest.raises(ParameterTypeError, match=r"^round must be one of preflop, flop, turn, river, not 5$"):
        build_network(5)  # type: ignore[arg-type]


# -- class checks written as dispatch or duck typing (issue 43, round 4) --------------------------------------

#: ``if isinstance(x, A): ... elif ...: ... else: raise`` chains that are not an argument's class check (keyed by
#: the chain's first test), each with its reason
ALLOWED_ELSE: dict[tuple[str, str], str] = {
    ("cards.py", "isinstance(item, Card)"): (
        "parse_cards reads each item of a list (a Card, text or a card id): the CardError names the item that is"
        " none of these, in the sentence of every unreadable card"
    ),
    ("game/state.py", "isinstance(action, Fold)"): (
        "the engine's dispatch on a bot's answer: one that is no action is an illegal move (IllegalActionError"
        " listing the legal ones, which a table turns into a default action and a fault), not a wrong argument"
    ),
}

#: ``if not callable(x): raise`` and ``if not hasattr(x, ...): raise`` refusals kept, each with its reason
ALLOWED_DUCK: dict[tuple[str, str], str] = {}


def _tests_a_class(node: ast.AST) -> bool:
    """``isinstance(...)``, ``hasattr(...)`` or ``callable(...)``: a test that dispatches on what a value is."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"isinstance", "hasattr", "callable"}
    )


def else_refusals(source: str) -> list[tuple[int, str]]:
    """(line of the ``raise``, the chain's first test) of every ``if``/``elif`` chain that tests a value's class
    (isinstance, hasattr, callable: not inside a comprehension) and ends in ``else: raise``: the class check of
    ``_validate.instance`` spread over a dispatch, its refusal last."""
    tree = ast.parse(source)
    elifs = {
        id(n.orelse[0])
        for n in ast.walk(tree)
        if isinstance(n, ast.If) and len(n.orelse) == 1 and isinstance(n.orelse[0], ast.If)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or id(node) in elifs:
            continue
        chain = [node]
        while len(chain[-1].orelse) == 1 and isinstance(chain[-1].orelse[0], ast.If):
            chain.append(chain[-1].orelse[0])
        last = chain[-1].orelse
        if (
            last
            and isinstance(last[0], ast.Raise)
            and any(_tests_a_class(sub) for link in chain for sub in _outside_comprehensions(link.test))
        ):
            found.append((last[0].lineno, ast.unparse(node.test)))
    return found


def _duck_refusal(node: ast.AST) -> bool:
    """``not callable(x)`` or ``not hasattr(x, name)``: a class check by what a value can do."""
    return (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.Not)
        and isinstance(node.operand, ast.Call)
        and isinstance(node.operand.func, ast.Name)
        and node.operand.func.id in {"callable", "hasattr"}
    )


def _package_else_refusals() -> list[tuple[str, int, str]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel != "_validate.py":
            out += [(rel, line, code) for line, code in else_refusals(path.read_text("utf-8"))]
    return out


def test_no_class_refusal_at_the_end_of_a_dispatch_outside_validate() -> None:
    """The review of issue 43 (round 4) found class checks the walks above could not see: ``if isinstance(hand,
    PHHHand): ... elif isinstance(hand, HandState): ... else: raise`` (replay, hud, experiments, phh) and ``if not
    callable(getattr(bot, "act", None)): raise`` (match, acpc, charts, apps), each with its own sentence. They go
    through ``_validate.instance`` (the class check first, then the dispatch) and ``_validate.protocol``."""
    bad = [
        f"pokerlab/{rel}:{line}: else: raise after `if {code}`"
        for rel, line, code in _package_else_refusals()
        if (rel, code) not in ALLOWED_ELSE
    ]
    bad += [
        f"pokerlab/{rel}:{line}: {code}"
        for rel, line, code in _package_refusals(_duck_refusal)
        if (rel, code) not in ALLOWED_DUCK
    ]
    assert not bad, "use _validate.instance (then dispatch) or _validate.protocol (methods, fields):\n" + "\n".join(bad)


def test_the_dispatch_and_duck_allow_lists_are_short_and_current() -> None:
    chains = {(rel, code) for rel, _, code in _package_else_refusals()}
    ducks = {(rel, code) for rel, _, code in _package_refusals(_duck_refusal)}
    assert set(ALLOWED_ELSE) <= chains, set(ALLOWED_ELSE) - chains
    assert set(ALLOWED_DUCK) <= ducks, set(ALLOWED_DUCK) - ducks
    assert len(ALLOWED_ELSE) <= 2 and not ALLOWED_DUCK
    assert all(len(reason) > 20 for reason in (*ALLOWED_ELSE.values(), *ALLOWED_DUCK.values()))


def test_the_dispatch_and_duck_walks_see_each_form() -> None:
    code = (
        "if isinstance(a, A):\n x = 1\nelif isinstance(a, B):\n x = 2\nelse:\n raise E()\n"
        "if b is None:\n x = 1\nelif isinstance(b, str) and b:\n x = 2\nelse:\n raise E()\n"
        "if hasattr(c, 'read'):\n x = 1\nelse:\n raise E()\n"
        "if isinstance(d, A):\n x = 1\nelse:\n x = 2\n"  # no refusal
        "if d > 0:\n x = 1\nelse:\n raise E()\n"  # a value check, not a class
        "if all(isinstance(e, str) for e in es):\n x = 1\nelse:\n raise E()\n"  # the items of a list
    )
    assert else_refusals(code) == [(6, "isinstance(a, A)"), (12, "b is None"), (16, "hasattr(c, 'read')")]
    code = (
        "if not callable(f):\n raise E()\n"
        "if g is not None and not callable(getattr(g, 'act', None)):\n raise E()\n"
        "if isinstance(h, str) or not hasattr(h, '__iter__'):\n raise E()\n"
        "if not callable(i):\n i = print\n"  # no refusal
        "_validate.instance(j, list, 'j', check=lambda v: not callable(v[0]))\n"  # inside _validate's call
    )
    assert [c for _, c in inline_refusals(code, _duck_refusal)] == [
        "not callable(f)",
        "g is not None and (not callable(getattr(g, 'act', None)))",
        "isinstance(h, str) or not hasattr(h, '__iter__')",
    ]


def test_a_refusal_by_what_a_value_does_reads_one_way() -> None:
    """The checks moved to _validate.protocol and instance: one sentence naming the argument and what was given,
    the TypeError twin for a value of the wrong kind."""
    from pokerlab.game import NO_LIMIT_RING, play_match
    from pokerlab.game.replay import study_hand
    from pokerlab.solve import games
    from pokerlab.solve.policy import Policy

    with pytest.raises(ParameterTypeError, match=r"^bots: a bot needs an act\(view\) method, not 'phase1' \(str\)$"):
        play_match(["phase1", "phase2"], NO_LIMIT_RING, hands=1)
    with pytest.raises(ParameterTypeError, match=r"^bots must be a list of bots, not 'phase1'$"):
        play_match("phase1", NO_LIMIT_RING, hands=1)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match=r"^hand must be a PHHHand or a HandState, not 3 \(int\)$"):
        study_hand(3)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match=r"^fn must be a function of an information set, not 3 \(int\)$"):
        Policy.from_function(games.game("kuhn"), 3)  # type: ignore[arg-type]
    assert _validate.protocol(None, "on_hand_end must be a function or None", optional=True) is None
    with pytest.raises(ParameterTypeError, match=r"^thinking must be a Thinking \(p_win\), not 0\.5 \(float\)$"):
        _validate.protocol(0.5, "thinking must be a Thinking (p_win)", fields=("p_win",))


_WHOLE_FIELDS = ("small_blind", "big_blind", "ante", "starting_stack", "max_players", "min_stack_to_play")


@given(st.sampled_from(_WHOLE_FIELDS), st.integers(0, 6), st.sampled_from([np.int64, np.int32, np.uint16]))
def test_rules_store_numpy_integers_as_int(name: str, bump: int, kind: type) -> None:
    """``Rules(small_blind=np.int64(1))`` kept ``np.int64(1)`` (its repr said so); every whole number a frozen
    rules value stores is a plain int, equal to the one built from Python ints."""
    from pokerlab.game import Rules

    plain = {"small_blind": 1, "big_blind": 2, "ante": 0, "starting_stack": 200, "max_players": 6}
    plain["min_stack_to_play"] = 1
    plain[name] += bump if name in ("starting_stack", "big_blind") else 0
    rules = Rules(**{k: kind(v) if k == name else v for k, v in plain.items()})
    assert rules == Rules(**plain) and type(getattr(rules, name)) is int
    assert "np." not in repr(rules)


def test_frozen_values_store_numpy_integers_as_int() -> None:
    from pokerlab.evaluator import HandValue
    from pokerlab.game import Rules
    from pokerlab.game.rules import BlindLevel, TimeBank

    rules = Rules(
        straddles=(np.int64(4),),
        raise_cap=(np.int64(3), None, None, None),
        blind_schedule=(BlindLevel(np.int64(0), np.int64(1), np.int64(2)),),
        time_bank=TimeBank(np.float64(5.0), np.int32(1), np.int64(2)),
        max_players=np.int8(6),
    )
    assert repr(rules.straddles) == "(4,)" and repr(rules.raise_cap) == "(3, None, None, None)"
    assert repr(rules.blind_schedule) == "(BlindLevel(from_hand=0, small_blind=1, big_blind=2, ante=0),)"
    assert repr(rules.time_bank) == "TimeBank(initial=5.0, per_move=1.0, max_misses=2)"
    limit = Rules(structure="fixed-limit", bet_sizes=tuple(np.array([2, 2, 4, 4])))  # type: ignore[arg-type]
    assert limit.bet_sizes == (2, 2, 4, 4) and all(type(b) is int for b in limit.bet_sizes)
    assert type(HandValue(np.int64(7462)).value) is int and HandValue(np.int64(7462)) == HandValue(7462)
