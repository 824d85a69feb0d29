"""Run a lesson's checks against a submission's answers, in a process no submission code ever ran in.

The grader sends requests on stdin, one JSON line each: ``{"setup": str, "checks": [{"number", "source",
"answers": {name: [repr or None, note]}}], "seconds": float, "end": str}``: the setup and check sources come
from the lesson, the answers are the ``repr`` of plain data taken out of the submission's kernel. Each answer
is rebuilt with :func:`ast.literal_eval` (only literals: no code of the submission runs here), the setup runs
in a fresh namespace for every request, each check in a fresh copy of it, and one JSON line per check is
printed (flushed as soon as that check is done: a later check that outlasts the grader's time limit
costs only itself and those after it): ``{"number", "passed", "message"}``, then the request's ``end`` line.

A hidden test says what failed, never the answer (:mod:`pokerlab.course.checks`): its own message when it
fails through those helpers (:class:`~pokerlab.course.checks.CheckFailed`), and only "a hidden check failed"
for any other assertion or error raised between the lesson's hidden-test markers, unless the request asks to
reveal (``"reveal": true``) or ``POKERLAB_GRADE_REVEAL=1`` is set (``pokerlab course grade --reveal``).

One process answers every request of one ``grade()`` call, one after the other (the checks of 200
submissions pay for importing pokerlab, and for loading its compiled kernels, once): it only ever runs the
lessons' own code, on literals. This module is the process's own side (``python -m
pokerlab.course._check_process``); the grader's side, which starts it and reads its verdicts, is
:mod:`pokerlab.course._check_client`.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import signal
import sys
import traceback
from collections.abc import Iterator
from typing import Any

from pokerlab.course.checks import REVEAL, CheckFailed, revealed
from pokerlab.course.lessons import BEGIN_HIDDEN, END_HIDDEN


def _alarm(signum: int, frame: Any) -> None:
    raise TimeoutError  # caught below as "the check took too long" (pokerlab defines no exception outside errors.py)


def unanswered(answers: dict[str, list[Any]]) -> str:
    """Why a check cannot pass before it runs (an answer the kernel could not give), or "" when every answer
    is there: "`name` is not defined", say."""
    return "; ".join(f"`{name}` {note}" for name, (text, note) in answers.items() if text is None)


def hidden_lines(source: str) -> set[int]:
    """The line numbers (from 1) of a check's source between its hidden-test markers."""
    inside, lines = False, set()
    for number, line in enumerate(source.splitlines(), start=1):
        if line.strip() == BEGIN_HIDDEN:
            inside = True
        elif line.strip() == END_HIDDEN:
            inside = False
        elif inside:
            lines.add(number)
    return lines


def failure_message(exc: BaseException, number: int, source: str) -> str:
    """What a check that raised ``exc`` says: a :class:`CheckFailed`'s own message, a visible assertion's
    message, and for anything else raised in the hidden tests only that a hidden check failed (with the
    original message when :func:`~pokerlab.course.checks.revealed`)."""
    if isinstance(exc, CheckFailed):
        return str(exc)
    name = f"<exercise {number} check>"
    lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == name]
    hidden = bool(lines) and lines[-1] in hidden_lines(source)
    if isinstance(exc, AssertionError):
        if not hidden or revealed():
            return str(exc)
        return f"Exercise {number}: a hidden check failed"
    text = f"{type(exc).__name__}: {exc}"
    if not hidden or revealed():
        return text
    return f"Exercise {number}: a hidden check could not use your answer ({type(exc).__name__})"


def run_checks(request: dict[str, Any]) -> list[dict[str, Any]]:
    """Every check's result (see :func:`iter_checks`)."""
    return list(iter_checks(request))


def iter_checks(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Run the request's setup, then yield each check's result as soon as it is known (the grader keeps the
    results of the checks that finished should a later one outlast the request's time). ``request["reveal"]``
    (when given) sets whether hidden tests name the expected values, for this request only."""
    if "reveal" in request:
        before = os.environ.get(REVEAL)
        os.environ[REVEAL] = "1" if request["reveal"] else "0"
        try:
            yield from iter_checks({k: v for k, v in request.items() if k != "reveal"})
        finally:
            if before is None:
                os.environ.pop(REVEAL, None)
            else:
                os.environ[REVEAL] = before
        return
    base: dict[str, Any] = {"__name__": "__pokerlab_check__"}
    with contextlib.redirect_stdout(io.StringIO()):  # the lesson's setup may print: stdout carries the results
        exec(compile("import pokerlab as pl\n" + request["setup"], "<setup>", "exec"), base)
    seconds = max(1, int(request.get("seconds", 120)))
    signal.signal(signal.SIGALRM, _alarm)
    for check in request["checks"]:
        ns = dict(base)
        missing = [text] if (text := unanswered(check["answers"])) else []
        for name, (text, _) in check["answers"].items():
            if text is None:
                continue
            try:
                ns[name] = ast.literal_eval(text)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                missing.append(f"`{name}` is not plain data")
        if missing:
            yield {"number": check["number"], "passed": False, "message": "; ".join(missing)}
            continue
        signal.alarm(seconds)
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # a check's prints (form_ok) must not break the JSON lines
                exec(compile(check["source"], f"<exercise {check['number']} check>", "exec"), ns)
            result = {"number": check["number"], "passed": True, "message": ""}
        except AssertionError as exc:
            said = failure_message(exc, check["number"], check["source"])
            result = {"number": check["number"], "passed": False, "message": f"check failed: {said}".rstrip(": ")}
        except TimeoutError:
            result = {"number": check["number"], "passed": False, "message": f"the check took over {seconds} s"}
        except Exception as exc:
            said = failure_message(exc, check["number"], check["source"])
            result = {"number": check["number"], "passed": False, "message": said}
        finally:
            signal.alarm(0)
        yield result


def main() -> None:
    for line in sys.stdin:  # until the grader closes stdin
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            for result in iter_checks(request):  # each line as soon as its check is done
                print(json.dumps(result), flush=True)
        except Exception:  # the setup failed: no check ran ("the check did not run"); the next request runs as usual
            pass
        print(json.dumps({"end": request.get("end", "")}), flush=True)


if __name__ == "__main__":  # pragma: no cover
    main()
