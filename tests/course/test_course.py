"""Hand it out and grade it: release, the grader (hostile submissions included), nbgrader's own tools.

The quick tests read the lessons and run the checks in-process; the slow ones start kernels: hostile
submissions cut down to one lesson's exercises and nbgrader's generate_assignment/autograde on a lesson.
The release -> grade round trip of every lesson is in tests/course/test_course_roundtrip.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pokerlab.cli import main
from pokerlab.course import _check_client, _execute, _identify, _workdir, grading
from pokerlab.course._check_process import run_checks, unanswered as _check_unanswered
from pokerlab.course.lessons import nbgrader_meta, read_lesson, read_lessons, source
from pokerlab.course.release import release, solutions_copy, student_copy
from pokerlab.errors import ParameterError
from tests.support.peers import peer
from tests.support.timing import hang_guard

ROOT = Path(__file__).resolve().parent.parent.parent
LESSONS = read_lessons()
BY_STEM = {les.stem: les for les in LESSONS}
QUICK = "05_betting_strategies"  # the lesson whose exercises run fastest


def _code(nb):
    return "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "code")


def test_every_lesson_has_graded_exercises_and_the_points_add_up():
    assert len(LESSONS) >= 10
    for les in LESSONS:
        assert len(les.exercises) >= 3
        assert les.max_score == sum(e.points for e in les.exercises) > 0


@pytest.mark.parametrize("stem", sorted(BY_STEM))
def test_the_student_copy_has_no_solution_and_no_hidden_test_and_keeps_the_rest(stem):
    les = BY_STEM[stem]
    student = student_copy(les.notebook)
    text = json.dumps(student)
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "NBVAL_CHECK_OUTPUT"):
        assert marker not in text
    solution_cells = [c for c in les.notebook["cells"] if nbgrader_meta(c).get("solution")]
    assert text.count("raise NotImplementedError()") == sum(c["cell_type"] == "code" for c in solution_cells)
    assert text.count("YOUR ANSWER HERE") == sum(c["cell_type"] == "markdown" for c in solution_cells)
    for e in les.exercises:  # a solution line never reaches the student, the visible test does
        hidden = e.check.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0].strip()
        assert hidden not in _code(student)
        assert e.check.splitlines()[1] in _code(student)
    # prose, explorers and charts intact: every cell outside the exercises keeps its source and outputs (but a
    # link to solutions/<lesson>_solutions.ipynb, a notebook no copy has beside it, with its clause)
    for a, b in zip(les.notebook["cells"], student["cells"], strict=True):
        assert a["id"] == b["id"]
        if not nbgrader_meta(a):
            kept = [ln for ln in source(a).splitlines(keepends=True) if ln.strip() != "# NBVAL_CHECK_OUTPUT"]
            unlinked = re.sub(r"; on the course site: \[[^\]]*\]\(solutions/[^)]*\)", "", "".join(kept))
            lecturer = re.sub(r" The solutions are generated from this lesson \([^)]*\)\.", "", unlinked)
            lecturer = re.sub(r"\A# LIVE_ONLY(?:[^\n;]*;\n(?:#[^\n]*\n)*|[^\n]*\n)", "", lecturer)
            assert source(b) == lecturer
            assert "solutions/" not in source(b)
            assert b.get("outputs") == a.get("outputs")
    # lecturer-only text stays out: instructor notes, the lecturer's release command, the test marker
    assert "instructor" not in text and "--solutions" not in text and "LIVE_ONLY" not in text
    noted = [c for c in les.notebook["cells"] if (c.get("metadata", {}).get("pokerlab") or {}).get("instructor")]
    assert noted, "every lesson carries instructor notes in its lecturer copy"


def test_the_solutions_copy_keeps_every_line_but_the_markers():
    les = BY_STEM["01_cards_and_hand_ranks"]
    full = solutions_copy(les.notebook)
    assert "combos = {" in _code(full) and "### " not in _code(full).replace("### Exercise", "")
    assert "HandClass.parse(name).n_combos" in _code(full)  # hidden tests stay in the solutions


def test_the_nbgrader_course_folder_links_every_lesson_and_writes_nothing_twice():
    source = ROOT / "course" / "source"
    for les in LESSONS:
        link = source / les.stem / f"{les.stem}.ipynb"
        assert link.is_symlink() and link.resolve() == les.path.resolve(), f"course/source lacks {les.stem}"


def test_release_writes_one_copy_per_lesson(tmp_path):
    paths = release(tmp_path / "out")
    assert [p.name for p in paths] == [f"{s}.ipynb" for s in sorted(BY_STEM)]
    assert main(["course", "release", str(tmp_path / "sol"), "--solutions"]) == 0
    assert "### BEGIN" not in (tmp_path / "sol" / "03_preflop_tables.ipynb").read_text()


def test_release_never_replaces_a_students_worked_copy_without_force(tmp_path, capsys):
    out = tmp_path / "handout"
    paths = release(out)
    assert release(out) == paths  # the same copies again: allowed
    worked = paths[0]
    worked.write_text('{"cells": [], "my": "answers"}')
    with pytest.raises(ParameterError, match=rf"already holds {worked.name}, different from the copies"):
        release(out)
    assert worked.read_text() == '{"cells": [], "my": "answers"}'  # nothing written
    assert main(["course", "release", str(out), "--solutions"]) == 2  # solutions over student copies too
    assert "give --force" in capsys.readouterr().err
    assert worked.read_text() == '{"cells": [], "my": "answers"}'
    assert main(["course", "release", str(out), "--force"]) == 0
    assert worked.read_text() != '{"cells": [], "my": "answers"}'


def test_the_lesson_is_recognised_from_the_content_not_the_file_name():
    for les in LESSONS:
        nb = student_copy(les.notebook)
        nb["cells"] = nb["cells"][::-1]  # order and file name do not matter
        assert grading.identify(nb, LESSONS) is les
    assert grading.identify({"cells": [{"cell_type": "code", "id": "x", "source": "1"}]}, LESSONS) is None


def _answers(**values):
    return {k: [repr(v), ""] for k, v in values.items()}


def _check(stem, number, answers):
    les = BY_STEM[stem]
    e = next(x for x in les.exercises if x.number == number)
    request = {"setup": les.setup, "checks": [{"number": number, "source": e.check, "answers": answers}]}
    (result,) = run_checks(request)
    return result


def test_checks_pass_the_right_answer_and_name_what_is_wrong():
    assert _check("01_cards_and_hand_ranks", 1, _answers(combos={"AA": 6, "AKs": 4, "AKo": 12}))["passed"]
    wrong = _check("01_cards_and_hand_ranks", 1, _answers(combos={"AA": 6, "AKs": 4, "AKo": 16}))
    assert not wrong["passed"] and "Exercise 1: the number of AKo combinations is not right" in wrong["message"]
    assert "12" not in wrong["message"]  # what failed, not the answer (tests/course/test_course_checks.py)
    missing = _check("01_cards_and_hand_ranks", 1, {"combos": [None, "is not defined"]})
    assert not missing["passed"] and "`combos` is not defined" in missing["message"]


def test_one_check_process_serves_a_batch_and_a_dying_or_hanging_request_costs_only_itself():
    """The checks of a grade() call share one process; a setup that kills it or hangs costs only its own
    notebook (its checks fail, saying why), and the next request gets a new process."""
    les = replace(BY_STEM[QUICK], setup="import math")  # a light setup: four processes start below
    e = les.exercises[0]
    request = [{"number": 1, "source": "assert odds == math.sqrt(0.04), 'odds'", "answers": {"odds": ["0.2", ""]}}]
    checker = grading._Checker()
    try:
        first = checker.run(les, request, timeout=hang_guard(60))
        pid = checker._proc.pid
        assert first == checker.run(les, request, timeout=hang_guard(60)) and checker._proc.pid == pid
        assert first == {1: (True, "")}
        dies = replace(les, setup="import os\nos._exit(3)")
        assert checker.run(dies, request, timeout=hang_guard(60)) == {1: (False, _check_client.DIED)}
        hangs = replace(les, setup="import time\ntime.sleep(600)")
        assert checker.run(hangs, request, timeout=1) == {1: (False, grading._Checker.over(1))}
        assert checker._proc is None  # stopped
        assert checker.run(les, request, timeout=hang_guard(60)) == first
    finally:
        checker.close()
    # a check whose answers are all missing is decided without any process
    unanswered = {name: [None, "is not defined"] for name in e.answers}
    g = grading.grade_notebook(Path("s.ipynb"), student_copy(les.notebook), "", LESSONS)
    assert g.exercises[0].message.endswith(_check_unanswered(unanswered))


def test_a_check_stopped_by_its_time_limit_or_a_dead_process_says_so():
    """A request over its time limit, or a check process that dies, fails the checks it did not finish with
    a sentence saying why (not a bare "did not run"); checks that finished before keep their results."""
    les = replace(BY_STEM[QUICK], setup="import math")
    ok = {"number": 1, "source": "assert odds == 0.2", "answers": {"odds": ["0.2", ""]}}
    hang = {"number": 2, "source": "import time\ntime.sleep(600)", "answers": {"odds": ["0.2", ""]}}
    dies = {"number": 3, "source": "import os\nos._exit(3)", "answers": {"odds": ["0.2", ""]}}
    checker = grading._Checker()
    try:
        checker.run(les, [ok], timeout=hang_guard(60))  # started: the next request's limit is its own
        limit = hang_guard(5)
        got = checker.run(les, [ok, hang], timeout=limit)
        assert got[1] == (True, "")  # finished before the hang: kept
        assert got[2] == (False, grading._Checker.over(limit)) and f"took over {limit:g} s" in got[2][1]
        got = checker.run(les, [ok, dies], timeout=hang_guard(60))
        assert got[1] == (True, "")
        assert not got[3][0] and "check process ended" in got[3][1]
        assert checker.run(les, [ok], timeout=hang_guard(60)) == {1: (True, "")}
    finally:
        checker.close()


def test_an_answer_is_plain_data_only():
    """The submission's kernel hands over values as literals: an object whose == is always True is refused."""
    ns: dict = {}
    code = "class Always:\n    def __eq__(self, other):\n        return True\ncombos = Always()\nflushes = 5108\n"
    exec(code, ns)
    printed: list[str] = []
    ns["print"] = printed.append
    exec(_execute._EXTRACT % (["combos", "flushes"], "@@"), ns)
    got = json.loads(printed[0][2:])
    assert got["flushes"] == ["5108", ""]
    assert got["combos"][0] is None and "not plain data" in got["combos"][1]
    result = _check("01_cards_and_hand_ranks", 1, {"combos": got["combos"]})
    assert not result["passed"] and "not plain data" in result["message"]
    # and a string that is code, not a literal, is never run
    assert not _check("01_cards_and_hand_ranks", 2, {"flushes": ["__import__('os').getpid()", ""]})["passed"]


def test_the_command_refuses_bad_input_with_one_line(tmp_path, capsys):
    assert main(["course", "grade", str(tmp_path / "missing.ipynb")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no notebook at" in err
    (tmp_path / "empty").mkdir()  # a folder stands for its notebooks; an empty one says so
    assert main(["course", "grade", str(tmp_path / "empty")]) == 2
    assert "no notebook (*.ipynb) in the folder" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert main(["course", "release", str(tmp_path / "file")]) == 2


def test_a_file_that_is_no_notebook_gets_a_line_and_no_score(tmp_path):
    bad = tmp_path / "broken.ipynb"
    bad.write_text("{not json")
    other = tmp_path / "other.ipynb"
    other.write_text(json.dumps({"cells": [{"cell_type": "code", "id": "q", "source": "1"}]}))
    odd = tmp_path / "odd.ipynb"
    odd.write_text(json.dumps({"cells": [1, {"cell_type": "code", "source": 5}]}))
    grades = grading.grade([bad, other, odd], feedback=tmp_path / "fb", lessons=LESSONS, root=tmp_path)
    assert [g.max_score for g in grades] == [0, 0, 0]
    assert "not a readable notebook" in grades[0].notes[0] and "no lesson" in grades[1].notes[0]
    assert "not a notebook" in grades[2].notes[0]
    assert (tmp_path / "fb" / "broken.ipynb.html").is_file()
    # the folder, given instead of its files, grades the same notebooks (in name order); a folder named like a
    # notebook inside it is listed as not a regular file, not a reason to stop grading the others
    (tmp_path / "folder.ipynb").mkdir()
    again = grading.grade([tmp_path], lessons=LESSONS)
    assert [Path(g.notebook).name for g in again] == ["broken.ipynb", "folder.ipynb", "odd.ipynb", "other.ipynb"]
    assert again[1].notes == ["not graded: not a regular file (a folder)"]


# ---- slow: kernels ---------------------------------------------------------------------------------------


def _exercises_only(stem, nb):
    """A submission cut down to the lesson's exercise cells (what the grader needs), to keep tests short."""
    return {**nb, "cells": [c for c in nb["cells"] if nbgrader_meta(c)]}


def _write(path, nb):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb))
    return path


def _cell(nb, grade_id):
    return next(c for c in nb["cells"] if nbgrader_meta(c).get("grade_id") == grade_id)


@pytest.mark.slow
def test_hostile_submissions_cannot_raise_their_score(tmp_path):
    les = BY_STEM[QUICK]
    full = _exercises_only(QUICK, solutions_copy(les.notebook))
    # 1. edited metadata and a forged check: exercise 1 answered wrong, its check replaced by `pass`, points 100
    forged = json.loads(json.dumps(full))
    _cell(forged, "ex1_code")["source"] += "\nodds = 0.5\n"
    check = _cell(forged, "ex1_check")
    check["source"], check["metadata"]["nbgrader"]["points"] = "pass", 100
    check["metadata"]["nbgrader"]["checksum"] = "0" * 32
    # 2. redefined helpers: pokerlab's own function patched to agree with a wrong answer, builtins too
    patched = json.loads(json.dumps(full))
    _cell(patched, "ex2_code")["source"] += (
        "\nimport builtins, pokerlab.bots.strategy as s\n"
        "s.preflop_decision = lambda *a, **k: type('D', (), {'raise_to': 5})()\n"
        "raise_by_hand = 5.0\nbuiltins.abs = lambda x: 0\nbuiltins.round = lambda x, *a: 78\n"
    )
    # 3. writing files (the forged notebook again, whose exercise 3 runs as in the lesson up to them): into its
    # folder, its parent, and over another student's submission (already read)
    victim = _write(tmp_path / "bob" / "lesson.ipynb", full)
    _cell(forged, "ex3_code")["source"] += (
        "\nreach = ['AA']\n"  # a wrong answer first: in the sandbox the writes below raise (no such folder)
        f"import pathlib\npathlib.Path({str(victim)!r}).write_text('{{}}')\n"
        "pathlib.Path('../../grades.json').write_text('[]')\n"
    )
    paths = [_write(tmp_path / "eve" / "a.ipynb", forged), _write(tmp_path / "mallory" / "b.ipynb", patched), victim]
    grades = grading.grade(paths, feedback=tmp_path / "fb", timeout=600, lessons=LESSONS)
    scores = [{e.name: e.score for e in g.exercises} for g in grades]
    assert all(g.max_score == les.max_score for g in grades)  # metadata never changes the points
    assert scores[0]["Exercise 1"] == 0 and scores[0]["Exercise 2"] == 2
    assert scores[0]["Exercise 3"] == 0 and scores[0]["Exercise 4"] == 2
    assert "Exercise 1: the pot-odds fraction is not right" in grades[0].exercises[0].message
    assert scores[1]["Exercise 2"] == 0 and scores[1]["Exercise 1"] == 2
    assert grades[2].score == les.max_score, grades[2].lines()  # bob's grade is what bob handed in
    page = (tmp_path / "fb" / "eve~a.ipynb.html").read_text()
    assert "the pot-odds fraction is not right" in page and "http" not in page.replace("http-equiv", "")


@pytest.mark.slow
def test_a_notebook_that_raises_hangs_or_deletes_its_checks_gets_a_line_never_a_crash(tmp_path):
    les = BY_STEM[QUICK]
    full = _exercises_only(QUICK, solutions_copy(les.notebook))
    # three kernels for five mishaps: each notebook also shows that the exercises around a mishap still count
    raises = json.loads(json.dumps(full))  # exercise 1 raises, exercise 3's check cell is deleted
    _cell(raises, "ex1_code")["source"] = "raise RuntimeError('my bug')"
    raises["cells"] = [c for c in raises["cells"] if nbgrader_meta(c).get("grade_id") != "ex3_check"]
    hangs = json.loads(json.dumps(full))  # exercise 2 hangs; exercise 4 sends a message with a forged signature
    _cell(hangs, "ex2_code")["source"] = "import time\nwhile True:\n    time.sleep(0.1)"
    _cell(hangs, "ex4_code")["source"] = (
        "get_ipython().kernel.iopub_socket.send_multipart("
        "[b'<IDS|MSG>', b'FORGED: the machine was busy, grade again', b'{}', b'{}', b'{}', b'{}'])"
    )
    killed = json.loads(json.dumps(full))  # exercise 1 runs out of memory, exercise 4 kills its kernel
    _cell(killed, "ex1_code")["source"] = "x = bytearray(64 * 2**30)"
    _cell(killed, "ex4_code")["source"] = "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"
    paths = [
        _write(tmp_path / f"{n}.ipynb", nb) for n, nb in (("raises", raises), ("hangs", hangs), ("killed", killed))
    ]
    timeout = hang_guard(30)  # the hang costs timeout / 3 (10 s on an idle machine)
    grades = grading.grade(paths, timeout=timeout, lessons=LESSONS)
    by = {Path(g.notebook).stem: {e.name: e for e in g.exercises} for g in grades}
    assert by["raises"]["Exercise 1"].score == 0 and "RuntimeError: my bug" in by["raises"]["Exercise 1"].message
    assert by["raises"]["Exercise 2"].score == 2
    assert by["raises"]["Exercise 3"].score == 0 and "deleted" in by["raises"]["Exercise 3"].message
    assert by["raises"]["Exercise 4"].score == 2
    assert by["hangs"]["Exercise 2"].score == 0 and by["hangs"]["Exercise 1"].score == 2
    assert "Timeout" in by["hangs"]["Exercise 2"].message
    # the forged message ends the run with the grader's own words: none of the submission's text reaches a note
    assert by["hangs"]["Exercise 3"].score == 2 and by["hangs"]["Exercise 4"].score == 0
    assert any("the kernel sent a message the grader could not read" in n for n in grades[1].notes), grades[1].notes
    assert not any("FORGED" in text for g in grades for text in [*g.notes, *(e.message for e in g.exercises)])
    assert by["killed"]["Exercise 1"].score == 0 and "MemoryError" in by["killed"]["Exercise 1"].message
    assert by["killed"]["Exercise 2"].score == by["killed"]["Exercise 3"].score == 2
    assert by["killed"]["Exercise 4"].score == 0
    assert any("kernel died" in n for n in grades[2].notes)


_NBGRADER_DRIVER = """
import shutil, sys
from pathlib import Path
from jupyter_core.application import NoStart
from nbgrader.apps import AutogradeApp, GenerateAssignmentApp, GenerateFeedbackApp, NbGraderApp

lesson = sys.argv[1]


def nbgrader(app, *argv):  # as `nbgrader generate_assignment ...` etc. runs them
    NbGraderApp.clear_instance()
    app.clear_instance()
    main = NbGraderApp.instance()
    main.initialize(list(argv))
    try:
        main.start()
    except NoStart:  # raised once the command has run (jupyter's launch_instance catches it too)
        pass


nbgrader(GenerateAssignmentApp, "generate_assignment", lesson, "--force")
bob = Path("submitted", "bob", lesson)
bob.mkdir(parents=True, exist_ok=True)
shutil.copy(Path("release", lesson, lesson + ".ipynb"), bob / (lesson + ".ipynb"))
nbgrader(AutogradeApp, "autograde", lesson, "--force")
nbgrader(GenerateFeedbackApp, "generate_feedback", lesson, "--force")
"""
"""nbgrader's own commands, the three of them in one process (starting nbgrader costs about 4 s of CPU each time)."""


@pytest.mark.slow
def test_nbgrader_generate_assignment_and_autograde_work_on_a_lesson(tmp_path):
    peer("nbgrader")
    course = tmp_path / "course"
    shutil.copy(ROOT / "course" / "nbgrader_config.py", course.parent / "nbgrader_config.py")
    (course / "source" / QUICK).mkdir(parents=True)
    lesson = json.loads((ROOT / "notebooks" / f"{QUICK}.ipynb").read_text())
    lesson = _exercises_only(QUICK, lesson)  # nbgrader's tools on the lesson's nbgrader cells (the body: elsewhere)
    _write(course / "source" / QUICK / f"{QUICK}.ipynb", lesson)
    config = (
        (ROOT / "course" / "nbgrader_config.py")
        .read_text()
        .replace("HERE = Path(__file__).resolve().parent", f"HERE = Path({str(course)!r})")
        .replace('HERE.parent / "pokerlab"', f'Path({str(ROOT)!r}) / "pokerlab"')
    )
    (course / "nbgrader_config.py").write_text(config)
    shutil.copytree(ROOT / "course" / "templates", course / "templates")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    # alice hands in the solutions, bob the released copy untouched (the driver copies it once it is released)
    _write(course / "submitted" / "alice" / QUICK / f"{QUICK}.ipynb", solutions_copy(lesson))
    r = subprocess.run(
        [sys.executable, "-c", _NBGRADER_DRIVER, QUICK],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=hang_guard(1200),
        check=False,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    released = json.loads((course / "release" / QUICK / f"{QUICK}.ipynb").read_text())
    assert "BEGIN HIDDEN TESTS" not in json.dumps(released) and "NotImplementedError" in json.dumps(released)
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        alice = gb.find_submission(QUICK, "alice")
        bob = gb.find_submission(QUICK, "bob")
        max_auto = BY_STEM[QUICK].max_score
        assert alice.code_score == max_auto and bob.code_score == 0
    page = (course / "feedback" / "bob" / QUICK / f"{QUICK}.html").read_text()
    assert "NotImplementedError" in page
    remote = re.findall(r'<script[^>]+src="(https?:[^"]+)"', page)
    assert not any("mathjax" in u.lower() for u in remote), remote  # MathJax is the local copy
    assert 'src="../../../mathjax/tex-chtml-full.js"' in page  # the course folder's copy (nbgrader_config.py)
    assert (course / "mathjax" / "tex-chtml-full.js").stat().st_size > 1_000_000


# The release -> grade round trip of every lesson is in tests/course/test_course_roundtrip.py (half the lessons in each
# of two xdist_groups, so that pytest-xdist's --dist loadgroup runs the halves on two workers).


def test_an_untouched_student_copy_is_graded_without_a_kernel_and_an_edited_one_is_run(monkeypatch):
    """The grader knows an untouched student copy scores 0 (every answer is undefined at its check) without
    running the lesson body; any change to a code cell sends the notebook to the kernel as usual."""
    ran: list[str] = []

    def fake_run(notebook, lesson, name, timeout, memory, **kw):
        ran.append(name)
        return _execute._Run()

    monkeypatch.setattr(grading, "_run_submission", fake_run)
    for les in LESSONS:
        g = grading.grade_notebook(Path("s.ipynb"), student_copy(les.notebook), "", LESSONS)
        assert g.lesson == les.stem and g.score == 0 and g.max_score == les.max_score
        first = g.exercises[0]
        assert first.message.startswith("your code raised NotImplementedError; ")
        assert f"`{les.exercises[0].answers[0]}` is not defined" in first.message
        assert "graded without running it" in g.notes[0]
    assert ran == []
    les = BY_STEM[QUICK]
    edited = student_copy(les.notebook)
    body = next(c for c in edited["cells"] if c["cell_type"] == "code" and not nbgrader_meta(c))
    body["source"] = source(body) + f"\n{les.exercises[0].answers[0]} = 0.2\n"  # an answer set in the lesson body
    solved = solutions_copy(les.notebook)
    dynamic = student_copy(les.notebook)
    _cell(dynamic, "ex1_code")["source"] = "globals()['odds'] = 0.2"
    for nb in (edited, solved, dynamic):
        grading.grade_notebook(Path("run.ipynb"), nb, "", LESSONS)
    assert ran == ["run.ipynb"] * 3


def test_grade_json_lists_notebook_score_max_score_and_exercises(tmp_path, capsys):
    other = tmp_path / "other.ipynb"
    other.write_text(json.dumps({"cells": []}))
    # nothing in the batch could be graded: the list is printed, then one line on stderr and exit 2
    assert main(["course", "grade", str(other), "--json"]) == 2
    out = capsys.readouterr()
    (entry,) = json.loads(out.out)
    assert {"notebook", "score", "max_score", "exercises"} <= set(entry)
    assert entry["notebook"] == str(other) and entry["score"] == entry["max_score"] == 0
    assert out.err.count("\n") == 1 and "none of the 1 notebook(s) could be graded" in out.err


def test_a_batch_of_junk_notebooks_exits_2_but_one_lesson_among_them_exits_0(tmp_path, capsys):
    junk = []
    for i, text in enumerate(['{"cells": []}', "not json", '{"nbformat": 4, "cells": [{"cell_type": "code"}]}']):
        junk.append(tmp_path / f"junk{i}.ipynb")
        junk[-1].write_text(text)
    assert main(["course", "grade", *map(str, junk)]) == 2
    out = capsys.readouterr()
    assert out.out.count("not graded") == 3 and "none of the 3 notebook(s) could be graded" in out.err
    stud = release(tmp_path / "stud", lessons=[read_lesson(ROOT / "notebooks" / "01_cards_and_hand_ranks.ipynb")])[0]
    assert main(["course", "grade", str(stud), *map(str, junk)]) == 0  # one graded: the notes say the rest
    assert capsys.readouterr().out.count("not graded") == 3


def test_an_old_nbformat_3_notebook_is_upgraded_and_a_misnamed_file_is_noted(tmp_path, monkeypatch):
    import nbformat

    monkeypatch.setattr(grading, "_run_submission", lambda *a, **k: _execute._Run())
    les = BY_STEM[QUICK]
    v4 = nbformat.reads(json.dumps(student_copy(les.notebook)), as_version=4)
    old = _write(tmp_path / "old.ipynb", json.loads(nbformat.writes(nbformat.convert(v4, 3))))
    nb, problem = _identify._read(old)
    assert nb is not None and problem == "", problem
    assert grading.identify(nb, LESSONS).stem == QUICK
    other = BY_STEM["01_cards_and_hand_ranks"]
    g = grading.grade_notebook(tmp_path / f"{QUICK}.ipynb", solutions_copy(other.notebook), "", LESSONS)
    assert g.lesson == other.stem and any("named like 05_betting_strategies" in n for n in g.notes)


def test_each_kernel_gets_a_copy_of_the_graders_cache_within_the_limit(tmp_path, monkeypatch):
    """The grader's pokerlab cache (evaluator tables, BPP's deal counts) is copied into every kernel's working
    folder, so a submission does not build it again; only pokerlab's cache files, newest first, within the
    limit, never a link (it could point anywhere), and the kernel's cache folder is that copy."""
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(cache))
    (cache / "evaluator-v2-f2.npz").write_bytes(b"e" * 300)
    (cache / "bpp-v1-d2000-s0-f2.npz").write_bytes(b"b" * 500)
    os.utime(cache / "evaluator-v2-f2.npz", (1, 1))  # the older one: left out when the room runs short
    (cache / "notes.txt").write_text("not a cache file")
    (cache / "linked-f2.npz").symlink_to(cache / "notes.txt")
    monkeypatch.setattr(_workdir, "CACHE_COPY_LIMIT", 600)
    work = tmp_path / "work"
    work.mkdir()
    _workdir._pokerlab_cache(work)
    assert sorted(p.name for p in (work / ".pokerlab-cache").iterdir()) == ["bpp-v1-d2000-s0-f2.npz"]
    monkeypatch.setattr(_workdir, "CACHE_COPY_LIMIT", 800)
    _workdir._pokerlab_cache(work)
    copied = sorted(p.name for p in (work / ".pokerlab-cache").iterdir())
    assert copied == ["bpp-v1-d2000-s0-f2.npz", "evaluator-v2-f2.npz"]
    assert (work / ".pokerlab-cache" / "evaluator-v2-f2.npz").read_bytes() == b"e" * 300
    specs = tmp_path / "specs"
    _workdir._kernel_spec(specs, tmp_path, work, memory=2**30, cpu=60, mode="none")
    spec = json.loads((specs / "pokerlab-grader" / "kernel.json").read_text())
    assert spec["env"]["POKERLAB_CACHE_DIR"] == str(work / ".pokerlab-cache")


def test_the_cache_copy_survives_a_file_gone_or_swapped_since_the_listing(tmp_path, monkeypatch):
    """A cache file removed between the listing and the copy costs only itself (the whole copy was skipped
    before), and a file swapped for a link or a pipe after the listing is not copied."""
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(cache))
    (cache / "evaluator-v2-f2.npz").write_bytes(b"e" * 300)
    (cache / "secret.txt").write_text("not for kernels")
    listed = [cache / "evaluator-v2-f2.npz", cache / "gone-f2.npz", cache / "swapped-f2.npz"]
    real_glob = Path.glob

    def glob(self, pattern):
        if self == cache:
            (cache / "swapped-f2.npz").unlink(missing_ok=True)
            (cache / "swapped-f2.npz").symlink_to(cache / "secret.txt")
            return iter(listed)
        return real_glob(self, pattern)

    real_lstat = Path.lstat

    def lstat(self):
        st = real_lstat(self)
        if self.name == "swapped-f2.npz":  # a regular file when listed, a link by the time it is opened
            return os.stat_result((0o100644, *st[1:]))
        return st

    real_is_file, real_is_symlink = Path.is_file, Path.is_symlink
    racing = ("gone-f2.npz", "swapped-f2.npz")  # as they were when checked: regular files
    monkeypatch.setattr(Path, "glob", glob)
    monkeypatch.setattr(Path, "lstat", lstat)
    monkeypatch.setattr(Path, "is_file", lambda self: self.name in racing or real_is_file(self))
    monkeypatch.setattr(Path, "is_symlink", lambda self: self.name not in racing and real_is_symlink(self))
    work = tmp_path / "work"
    work.mkdir()
    _workdir._pokerlab_cache(work)
    assert sorted(p.name for p in (work / ".pokerlab-cache").iterdir()) == ["evaluator-v2-f2.npz"]


def test_a_kernel_that_does_not_start_is_tried_again_then_said_in_a_note(tmp_path, capsys):
    """A kernel that does not start (it died at once here; on a machine too busy for it, it may not answer in
    time) is started a second time, each start's process is reported for the grader to stop, and when no try
    starts one the note says why instead of a bare "ended abnormally"."""
    import sys

    from pokerlab.course import _runner

    specs = tmp_path / "kernels" / "pokerlab-grader"
    specs.mkdir(parents=True)
    argv = [sys.executable, "-c", "raise SystemExit(3)", "{connection_file}"]
    (specs / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "dies", "language": "python"}))
    (tmp_path / "work").mkdir()
    request = {"plan": [["x = 1", None, "c1"]], "marker": "@@m@@", "timeout": 60, "workdir": str(tmp_path / "work")}
    _runner.run({**request, "specs": str(tmp_path / "kernels")})
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    pids = [e["kernel_pid"] for e in events if "kernel_pid" in e]
    assert len(pids) == _runner.START_TRIES == 2
    assert [e["kernel_gone"] for e in events if "kernel_gone" in e] == pids  # each reaped, off the grader's list
    notes = [e for e in events if "note" in e]
    assert len(notes) == 1 and notes[0]["started"] is False, notes
    assert notes[0]["note"].startswith("the kernel did not start (") and "2 tries" in notes[0]["note"], notes
    assert not any("answers" in e or "error" in e for e in events)


@pytest.mark.parametrize("gone", [False, True])
def test_the_grader_kills_the_group_of_each_kernel_it_was_told_of_unless_told_it_is_gone(monkeypatch, gone):
    """The runner names each kernel it starts (``kernel_pid``) and, once it has stopped and reaped one,
    says so (``kernel_gone``): the grader kills the process groups of the named kernels that are not gone,
    and never a group whose pid may since have gone to another process."""
    other = subprocess.Popen(["sleep", "60"], start_new_session=True)  # a process with a kernel's pid
    real = subprocess.Popen
    lines = [{"kernel_pid": other.pid}] + ([{"kernel_gone": other.pid}] if gone else [])
    lines.append({"note": "the kernel did not start (x; 2 tries): no cell was run", "started": False})
    printed = "".join(json.dumps(e) + "\n" for e in lines)

    def runner(args, **kwargs):
        code = f"import sys; sys.stdin.read(); sys.stdout.write({printed!r})"
        return real([sys.executable, "-c", code], **kwargs)

    monkeypatch.setattr(_execute.subprocess, "Popen", runner)
    les = BY_STEM[QUICK]
    try:
        run = grading._run_submission(les.notebook, les, "x.ipynb", timeout=30, memory=2**30)
        assert (other.wait(timeout=hang_guard(10)) == -9) if not gone else other.poll() is None
    finally:
        other.kill()
        other.wait()
    assert not run.started and run.notes == ["the kernel did not start (x; 2 tries): no cell was run"]


def test_an_exercise_of_a_notebook_whose_kernel_did_not_start_says_so(monkeypatch):
    les = BY_STEM[QUICK]
    failed = _execute._Run(notes=["the kernel did not start (x; 2 tries): no cell was run"], started=False)
    monkeypatch.setattr(grading, "_run_submission", lambda *a, **k: failed)
    edited = solutions_copy(les.notebook)  # not the untouched student copy: it would be run
    grade = grading.grade_notebook(Path("x.ipynb"), edited, "", LESSONS, isolate="root")
    assert grade.score == 0 and failed.notes[0] in grade.notes
    assert all("the grader's kernel did not start" in e.message for e in grade.exercises)


def test_a_runner_that_ends_abnormally_has_its_last_error_line_in_the_note(monkeypatch):
    """When the runner process itself fails (not a cell: the runner), the note names the error's type from the
    last line of its stderr, so a grade of 0 with no cell run can be told apart from a notebook's fault."""
    real = subprocess.Popen

    def failing_runner(args, **kwargs):
        code = "import sys; sys.stdin.read(); sys.stderr.write('Traceback\\nRuntimeError: no kernel\\n'); sys.exit(1)"
        return real([sys.executable, "-c", code], **kwargs)

    monkeypatch.setattr(_execute.subprocess, "Popen", failing_runner)
    les = BY_STEM[QUICK]
    run = grading._run_submission(les.notebook, les, "x.ipynb", timeout=30, memory=2**30)
    # the error's type only: its message could be text a submission chose
    assert run.notes == ["the notebook's run ended abnormally (RuntimeError): later cells were not run"]
    assert not run.answers and not run.errors and run.started
