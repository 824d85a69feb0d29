"""Run a lesson's checks against a submission's answers, in a process no submission code ever ran in.

The grader sends, on stdin, JSON ``{"setup": str, "checks": [{"number", "source", "answers": {name:
[repr or None, note]}}], "seconds": float}``: the setup and check sources come from the lesson, the answers
are the ``repr`` of plain data taken out of the submission's kernel. Each answer is rebuilt with
:func:`ast.literal_eval` (only literals: no code of the submission runs here), each check runs in a fresh
copy of the setup's namespace, and one JSON line per check is printed: ``{"number", "passed", "message"}``.
"""

from __future__ import annotations

import ast
import json
import signal
import sys
from typing import Any


def _alarm(signum: int, frame: Any) -> None:
    raise TimeoutError  # caught below as "the check took too long" (pokerlab defines no exception outside errors.py)


def run_checks(request: dict[str, Any]) -> list[dict[str, Any]]:
    base: dict[str, Any] = {"__name__": "__pokerlab_check__"}
    exec(compile("import pokerlab as pl\n" + request["setup"], "<setup>", "exec"), base)
    seconds = max(1, int(request.get("seconds", 120)))
    results = []
    signal.signal(signal.SIGALRM, _alarm)
    for check in request["checks"]:
        ns = dict(base)
        missing = []
        for name, (text, note) in check["answers"].items():
            if text is None:
                missing.append(f"`{name}` {note}")
                continue
            try:
                ns[name] = ast.literal_eval(text)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                missing.append(f"`{name}` is not plain data")
        if missing:
            results.append({"number": check["number"], "passed": False, "message": "; ".join(missing)})
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
        results.append(result)
    return results


def main() -> None:
    request = json.loads(sys.stdin.read())
    for result in run_checks(request):
        print(json.dumps(result), flush=True)


if __name__ == "__main__":  # pragma: no cover
    main()
