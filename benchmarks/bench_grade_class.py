"""How long a class takes to grade: N submissions of lesson 05, graded by ``pokerlab course grade``.

Run:  python benchmarks/bench_grade_class.py [--n 8] [--workers W] [--timeout 300] [--keep DIR]

The class is a mix in equal parts (in rotation, so any N keeps it):

* **right**: the lesson's complete copy (every exercise solved: the whole lesson runs in a kernel);
* **wrong**: the complete copy with exercise 1's answer overwritten by a wrong one;
* **untouched**: the student copy as released (graded without a kernel: no exercise is answered);
* **hostile**, one of the red team's cases of issue 38 in turn: a link to the solutions, a link to a
  classmate's notebook, a folder named like a notebook, a named pipe (these four are listed "not graded"
  without being opened), a fork bomb, four children taking 600 MB each, a file name that forges a report
  line (its content: the student copy), and a submission that walks the whole disk for notebooks.

Every notebook goes through ``grade()`` with ``--feedback`` (pages and gradebook), each kernel in its own
sandbox and cgroup, ``--workers`` at once (default: one per core). Printed: the wall time, the median
seconds per notebook (all of them, and those that ran a kernel), and the ratio of the summed notebook times
to the wall time (the speed-up the workers give over grading the same notebooks one after the other). The row
goes to ``benchmarks/results/bench_grade_class.json`` (with the date and load average) for docs/results.md
(``python benchmarks/readme_table.py``).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import record

from pokerlab.course import grading
from pokerlab.course.lessons import nbgrader_meta, read_lessons
from pokerlab.course.release import solutions_copy, student_copy

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout, for the tests' hostile cells
from tests.support.hostile import fork_bomb  # the fork bomb the grading tests grade too

FORK_BOMB = fork_bomb(20)

MEMORY_HOG = """
import os, time
kids = []
for _ in range(4):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (600 * 2**20)
        time.sleep(2)
        os._exit(0)
    kids.append(pid)
for k in kids:
    os.waitpid(k, 0)
"""

WALK = """
import os, json
found = []
for folder, dirs, files in os.walk("/"):
    if folder in ("/proc", "/sys", "/dev"):
        dirs[:] = []
        continue
    found += [os.path.join(folder, f) for f in files if f.endswith(".ipynb")]
"""

HOSTILE = ["link_key", "link_classmate", "folder", "fifo", "fork_bomb", "memory", "forged_name", "walk"]


def _with_code(nb: dict, gid: str, code: str) -> dict:
    nb = copy.deepcopy(nb)
    for c in nb["cells"]:
        if nbgrader_meta(c).get("grade_id") == gid:
            c["source"] = code
    return nb


def make_class(top: Path, n: int) -> list[Path]:
    """N submissions in ``top/submissions/student_k/05.ipynb`` (and the key in ``top/key``)."""
    lesson = next(les for les in read_lessons() if les.stem == "05_betting_strategies")
    right = solutions_copy(lesson.notebook)
    wrong = copy.deepcopy(right)
    for c in wrong["cells"]:
        if nbgrader_meta(c).get("grade_id") == "ex1_code":
            c["source"] = (c["source"] if isinstance(c["source"], str) else "".join(c["source"])) + "\nodds = 0.5\n"
    stud = student_copy(lesson.notebook)
    key = top / "key" / "05_betting_strategies.ipynb"
    key.parent.mkdir(parents=True)
    key.write_text(json.dumps(right))
    subs = top / "submissions"
    paths = []
    for k in range(n):
        folder = subs / f"student_{k:03d}"
        folder.mkdir(parents=True)
        path = folder / "05.ipynb"
        kind = ("right", "wrong", "untouched", "hostile")[k % 4]
        if kind != "hostile":
            path.write_text(json.dumps({"right": right, "wrong": wrong, "untouched": stud}[kind]))
        else:
            case = HOSTILE[(k // 4) % len(HOSTILE)]
            if case == "link_key":
                os.symlink(key, path)
            elif case == "link_classmate":
                os.symlink("../student_000/05.ipynb", path)
            elif case == "folder":
                path.mkdir()
            elif case == "fifo":
                os.mkfifo(path)
            elif case == "forged_name":
                path = folder / "05.ipynb: 8\u22158 (lesson 05)\n\u2215x.ipynb"
                path.write_text(json.dumps(stud))
            else:
                code = {"fork_bomb": FORK_BOMB, "memory": MEMORY_HOG, "walk": WALK}[case]
                path.write_text(json.dumps(_with_code(stud, "ex1_code", code)))
        paths.append(path)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=8, help="submissions in the class (default 8)")
    ap.add_argument("--workers", type=int, default=None, help="graded at once (default: one per core)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per notebook (default 300)")
    ap.add_argument("--memory", type=int, default=1024, help="MB per submission (default 1024)")
    ap.add_argument("--keep", type=Path, default=None, help="build the class here and keep it (default: a temp folder)")
    args = ap.parse_args()
    top = args.keep or Path(tempfile.mkdtemp(prefix="pokerlab-bench-class-"))
    paths = make_class(top, args.n)
    t = time.perf_counter()
    grades = grading.grade(
        paths,
        feedback=top / "feedback",
        timeout=args.timeout,
        memory=args.memory * 2**20,
        workers=args.workers,
    )
    wall = time.perf_counter() - t
    seconds = [g.seconds for g in grades]
    ran = [g.seconds for g in grades if g.lesson and not any(n.startswith("an untouched") for n in g.notes)]
    workers = args.workers or os.cpu_count()
    scores = [g.score for g in grades]
    print(f"{args.n} notebooks of lesson 05, {workers} workers, {os.cpu_count()} cores: wall {wall:.1f} s")
    print(f"  per notebook, median: {statistics.median(seconds):.2f} s (all {len(seconds)})", end="")
    print(f", {statistics.median(ran):.2f} s (the {len(ran)} that ran a kernel)" if ran else "")
    print(f"  summed notebook time / wall time: {sum(seconds) / wall:.2f}")
    print(
        f"  scores: {sum(s > 0 for s in scores)} above 0, full marks {sum(g.score == g.max_score > 0 for g in grades)}"
    )
    summary = {"n": args.n, "workers": workers, "wall_s": round(wall, 1), "median_s": statistics.median(seconds)}
    summary["median_kernel_s"] = statistics.median(ran) if ran else None
    summary["busy"] = round(sum(seconds) / wall, 2)
    print(json.dumps(summary))
    kernel = f", {statistics.median(ran):.1f} s the {len(ran)} that ran a kernel" if ran else ""
    row = {
        "what": f"`pokerlab course grade`: a class of {args.n} copies of lesson 05 (right, wrong, untouched, hostile),"
        f" {workers} workers on {os.cpu_count()} cores",
        "pokerlab": f"{wall:.0f} s wall; median {statistics.median(seconds):.1f} s per notebook{kernel}",
        "peer": "",
        "ratio": f"{summary['busy']:.2f} notebooks at once (summed notebook time / wall)",
        "target": "every core busy",
    }
    record("bench_grade_class", [row], summary)


if __name__ == "__main__":
    main()
