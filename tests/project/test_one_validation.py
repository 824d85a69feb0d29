"""Arguments are checked one way: through :mod:`pokerlab._validate` (issue 43, item 1).

An AST walk over every module of the package fails on an inline ``isinstance(x, bool)`` and on an
``isinstance(x, int)``-style number check (``int``, ``numbers.Integral``/``Real``, ``np.integer``, alone, in a
tuple or in a ``|`` union) outside ``_validate.py``. Inline checks had drifted from the helpers: one refused
``np.int64(1000)`` that ``_validate.whole`` accepts. It also fails on a refusal of what is not text:
``not isinstance(x, str)`` (or ``(str, Path)``, ...), the inline form of ``_validate.text``, ``choice`` (``not
isinstance(m, str) or m not in MODES``) and ``path``; dispatching on a type (``if isinstance(x, str): parse``)
is not a check and stays. The few checks that are not about an argument are listed below, each with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

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
