"""Ctrl-C during ``pokerlab course grade --workers 2``: one line, status 130, nothing left running, no page or
gradebook line half written, and the next run resumes from the gradebook.

The command runs in its own process group and gets SIGINT on the whole group, as a terminal's Ctrl-C sends it,
while two notebooks are in their kernels and one grade is already in the gradebook. Tiny one-exercise
submissions keep it light (most of the time is spent sleeping in the kernels). Time limits are hang guards.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokerlab.course import _execute, _limits, grading
from tests.support.course_tiny import answer, tiny_lesson, write
from tests.support.timing import hang_guard

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and signals")

ROOT = Path(__file__).resolve().parent.parent.parent

QUICK = "x = 4"
SLOW = "import time\ntime.sleep(40)\nx = 4"


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(entry.name))
    return kids


def _start_time(pid: int) -> str | None:
    """The process's start time (field 22 of its stat), None once it is gone or a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]


def _descendants(pid: int) -> dict[int, str]:
    """Every live process below ``pid`` (runners and kernels in their own sessions too), with its start time."""
    kids, out, todo = _children(), {}, [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            if (t := _start_time(k)) is not None:
                out[k] = t
                todo.append(k)
    return out


def _wait_for(what, seconds: float, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + hang_guard(seconds)
    while not what():
        assert proc.poll() is None, f"the grader ended early: {proc.communicate()}"
        assert time.monotonic() < deadline, "hang guard: the grader never got there"
        time.sleep(0.2)


@pytest.mark.slow
def test_ctrl_c_leaves_nothing_running_nothing_half_written_and_a_rerun_resumes(tmp_path):
    les = tiny_lesson(tmp_path / "lesson")
    subs = tmp_path / "subs"
    write(subs / "ann" / "t.ipynb", answer(les, QUICK))
    for name in ("bob", "cat", "dan"):
        write(subs / name / "t.ipynb", answer(les, SLOW))
    fb = tmp_path / "feedback"
    tmp = tmp_path / "tmp"  # the grader's temporary files: none may be left (the red team found connection files)
    tmp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POKERLAB_LESSONS": str(les.path.parent), "TMPDIR": str(tmp)}
    command = [sys.executable, "-m", "pokerlab", "course", "grade", "--workers", "2", "--feedback", str(fb)]
    command += ["--timeout", "120", *(str(p) for p in sorted(subs.glob("*/t.ipynb")))]
    if grading.isolation(allow_same_user=True) == "none":
        command.append("--allow-same-user")
    if _limits.available()[0] is None:
        command.append("--allow-per-process-limits")
    book = fb / "gradebook.jsonl"
    proc = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        # ann's grade is given, and two slow notebooks are in their kernels (a runner each, with its kernel)
        _wait_for(lambda: book.exists() and book.read_text().count("\n") >= 1, 300, proc)
        _wait_for(lambda: len(_descendants(proc.pid)) >= 4, 300, proc)
        time.sleep(1)
        seen = _descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal: the whole foreground group
        out, err = proc.communicate(timeout=hang_guard(60))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130, (proc.returncode, err)
    assert err.splitlines() == ["pokerlab: interrupted"], err
    assert "ann" in out and "bob" not in out  # ann's grade line only
    # nothing left running: every process the grader had started is gone (waited for a moment: SIGKILL'd ones
    # are reaped by init), and no control group of this grader remains
    deadline = time.monotonic() + hang_guard(20)
    while (left := [p for p, t in seen.items() if _start_time(p) == t]) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert left == [], [Path(f"/proc/{p}/cmdline").read_bytes()[:200] for p in left]
    where = _limits.available()[0]
    if where is not None:
        for folder in {where.memory, where.pids}:
            assert not [n for n in os.listdir(folder) if n.startswith(f"pokerlab-grade-{proc.pid}-")]
    assert sorted(p.name for p in tmp.iterdir()) == []  # no kernel's connection file (its signing key) left
    # nothing half written: only whole pages, no temporary file, every gradebook line whole
    names = sorted(os.listdir(fb))
    assert names == ["ann~t.ipynb.html", "gradebook.jsonl"], names
    assert (fb / "ann~t.ipynb.html").read_text().rstrip().endswith("</html>")
    lines = book.read_text().splitlines()
    assert [json.loads(line)["submission"] for line in lines] == ["ann/t.ipynb"]
    # a second run takes ann's grade from the gradebook and grades the others (quick ones now)
    for name in ("bob", "cat", "dan"):
        write(subs / name / "t.ipynb", answer(les, QUICK))
    again = subprocess.run(
        [*command, "--json"], env=env, capture_output=True, text=True, timeout=hang_guard(600), check=False
    )
    assert again.returncode == 0, again.stderr
    got = {g["submission"]: (g["from_gradebook"], g["score"]) for g in json.loads(again.stdout)}
    assert got == {
        "ann/t.ipynb": (True, 1),
        "bob/t.ipynb": (False, 1),
        "cat/t.ipynb": (False, 1),
        "dan/t.ipynb": (False, 1),
    }, got


def test_a_page_and_its_gradebook_line_are_written_before_ctrl_c_is_raised(tmp_path):
    """The race the whole-run test cannot aim at: SIGINT arriving between a page and its gradebook line."""
    done = []
    with pytest.raises(KeyboardInterrupt), grading._uninterrupted():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # a signal not blocked would raise here
        done.append("page")
        done.append("gradebook line")
    assert done == ["page", "gradebook line"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # pytest's own handler is back


def test_the_check_process_is_not_in_the_graders_process_group():
    """A terminal's Ctrl-C reaches the grader's group: the check process must not die first (a grade given in
    that moment would say the checks died, and be kept in the gradebook)."""
    checker = grading._Checker()
    try:
        proc = checker._start()
        assert os.getpgid(proc.pid) != os.getpgid(0)
    finally:
        checker.close()


def test_a_runner_started_after_ctrl_c_is_stopped_at_once(tmp_path):
    """A worker thread that was still preparing its notebook when Ctrl-C came starts its runner afterwards:
    the runner is killed at once instead of running the notebook to its end."""
    les = tiny_lesson(tmp_path / "lesson")
    nb = answer(les, "import time\ntime.sleep(3000)\nx = 4")
    _execute._STOP.set()
    try:
        start = time.monotonic()
        run = grading.grade_notebook(tmp_path / "s.ipynb", nb, "", [les], timeout=900, isolate="none")
        seconds = time.monotonic() - start
    finally:
        _execute._STOP.clear()
    print(run.lines(), f"{seconds:.1f} s")
    assert run.score == 0 and run.exercises[0].message
    assert seconds < hang_guard(100)  # a hang guard (at most 800 s): not stopped, it would wait its 900 s timeout
