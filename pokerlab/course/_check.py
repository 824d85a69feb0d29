"""Run a lesson's checks against a submission's answers, in a process no submission code ever ran in.

The grader sends requests on stdin, one JSON line each: ``{"setup": str, "checks": [{"number", "source",
"answers": {name: [repr or None, note]}}], "seconds": float, "end": str}``: the setup and check sources come
from the lesson, the answers are the ``repr`` of plain data taken out of the submission's kernel. Each answer
is rebuilt with :func:`ast.literal_eval` (only literals: no code of the submission runs here), the setup runs
in a fresh namespace for every request, each check in a fresh copy of it, and one JSON line per check is
printed (flushed as soon as that check is done: a later check that outlasts the grader's time limit
costs only itself and those after it): ``{"number", "passed", "message"}``, then the request's ``end`` line.

One process answers every request of one ``grade()`` call, one after the other (the checks of 200
submissions pay for importing pokerlab, and for loading its compiled kernels, once): it only ever runs the
lessons' own code, on literals.
"""

from __future__ import annotations

import ast
import json
import signal
import sys
from collections.abc import Iterator
from typing import Any


def _alarm(signum: int, frame: Any) -> None:
    raise TimeoutError  # caught below as "the check took too long" (pokerlab defines no exception outside errors.py)


def unanswered(answers: dict[str, list[Any]]) -> str:
    """Why a check cannot pass before it runs (an answer the kernel could not give), or "" when every answer
    is there: "`name` is not defined", say."""
    return "; ".join(f"`{name}` {note}" for name, (text, note) in answers.items() if text is None)


def run_checks(request: dict[str, Any]) -> list[dict[str, Any]]:
    """Every check's result (see :func:`iter_checks`)."""
    return list(iter_checks(request))


def iter_checks(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Run the request's setup, then yield each check's result as soon as it is known (the grader keeps the
    results of the checks that finished should a later one outlast the request's time)."""
    base: dict[str, Any] = {"__name__": "__pokerlab_check__"}
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
            exec(compile(check["source"], f"<exercise {check['number']} check>", "exec"), ns)
            result = {"number": check["number"], "passed": True, "message": ""}
        except AssertionError as exc:
            result = {"number": check["number"], "passed": False, "message": f"check failed: {exc}".rstrip(": ")}
        except TimeoutError:
            result = {"number": check["number"], "passed": False, "message": f"the check took over {seconds} s"}
        except Exception as exc:
            result = {"number": check["number"], "passed": False, "message": f"{type(exc).__name__}: {exc}"}
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
