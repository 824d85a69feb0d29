"""An untouched student copy, graded without a kernel. When a notebook's code cells are exactly the released
student copy's, every answer is known to be undefined at its check (0 on every exercise), so running the
lesson's body would only cost time (:func:`_untouched_student_copy`). Whether a cell could bind an answer is read
off its syntax (:func:`_bound_names`); anything dynamic sends the notebook to the kernel as usual.

A module of its own because it is a shortcut beside the run with a reasoning of its own (about Python's syntax,
not the sandbox); it gives the run's result (:class:`pokerlab.course._execute._Run`).
"""

from __future__ import annotations

import ast
from typing import Any

from pokerlab.course._execute import _Run
from pokerlab.course.lessons import Lesson, nbgrader_meta, source
from pokerlab.course.release import CODE_STUB, student_copy

# names through which a cell could bind a variable without an assignment the parser sees
_DYNAMIC = {
    "globals",
    "locals",
    "vars",
    "exec",
    "eval",
    "setattr",
    "__builtins__",
    "builtins",
    "get_ipython",
    "__dict__",
}


def _code_plan(notebook: dict[str, Any], lesson: Lesson) -> list[tuple[str, str | None]]:
    """The code cells as the grader sees them: (cell id, source), with ``None`` for a lesson's check cell
    (its source is never run: the grader reads the answers there)."""
    checks = {e.cell_id for e in lesson.exercises} | {e.grade_id for e in lesson.exercises}
    out: list[tuple[str, str | None]] = []
    for cell in notebook["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        cid = str(cell["id"]) if isinstance(cell.get("id"), str) else ""
        gid = str(nbgrader_meta(cell).get("grade_id", ""))
        out.append((cid, None if cid in checks or gid in checks else source(cell)))
    return out


def _bound_names(code: str) -> set[str] | None:
    """Every name a cell binds, or None when that cannot be read off its syntax (magics, ``import *``,
    ``globals()``, ``exec``...)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if node.id in _DYNAMIC:
                return None
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                names.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in _DYNAMIC:
            return None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names.add(node.rest)
    return names


def _untouched_student_copy(notebook: dict[str, Any], lesson: Lesson) -> _Run | None:
    """The run of an untouched student copy, decided without a kernel; None when the notebook is anything else.

    A notebook whose code cells are exactly the student copy's (same cells, same order, same sources) runs
    only the lesson's own code and the stubs ``raise NotImplementedError()``. When each exercise's code cell
    starts with that stub and no cell above a check cell can bind one of the answers it reads (checked on
    the syntax; anything dynamic sends the notebook to the kernel as usual), every answer is undefined at its
    check: the result is known, 0 on every exercise, and running the lesson body would only cost time."""
    student = student_copy(lesson.notebook)
    plan = _code_plan(notebook, lesson)
    if plan != _code_plan(student, lesson):
        return None
    stub_first = CODE_STUB.splitlines()[-1]
    code_ids = {e.code_id for e in lesson.exercises}
    for cid, text in plan:
        if cid in code_ids:
            lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip() and not ln.strip().startswith("#")]
            if not lines or lines[0] != stub_first:
                return None
    bound: set[str] = set()
    position = {cid: i for i, (cid, _) in enumerate(plan)}
    run = _Run(notes=["an untouched student copy: no exercise is answered, so it was graded without running it"])
    for i, (cid, text) in enumerate(plan):
        if text is None:
            continue
        if cid in code_ids:
            run.errors[cid] = "NotImplementedError"
            continue  # the stub raises before anything else in the cell runs
        names = _bound_names(text)
        if names is None:
            return None
        bound |= names
        for e in lesson.exercises:
            if position.get(e.cell_id, -1) > i and bound & set(e.answers):
                return None
    for e in lesson.exercises:
        if e.cell_id not in position:
            return None
        run.answers[e.number] = {name: [None, "is not defined"] for name in e.answers}
    return run
