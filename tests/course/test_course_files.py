"""The grader never follows a link, names each page from the submission's path and prints names escaped
(issue 38, items 1 and 2: the red team's symlinked key, the page written through a planted link, the page
collision, the forged report line).

The submissions here are tiny notebooks (an untouched copy of a one-exercise lesson is graded without a
kernel): the point is the file handling. The same scenario runs as root and as ``nobody``.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from pokerlab.cli import main
from pokerlab.course import _submissions, grading
from pokerlab.errors import ParameterError
from tests.support.course_tiny import tiny_lesson, untouched, write

ROOT = Path(__file__).resolve().parent.parent.parent
KEY_TEXT = "THE-ANSWER-KEY-42"


def _class(top: Path) -> dict[str, Path]:
    """A class folder with every kind of hostile file of the red team's report, and two honest submissions."""
    les = tiny_lesson(top / "lessons")
    key = write(top / "key" / "99_tiny.ipynb", {**untouched(les), "metadata": {"secret": KEY_TEXT}})
    sub = top / "submissions"
    bob = write(sub / "bob" / "99_tiny.ipynb", untouched(les))
    write(sub / "alice" / "99_tiny.ipynb", untouched(les))
    (sub / "mallory").mkdir(parents=True)
    os.symlink("../../key/99_tiny.ipynb", sub / "mallory" / "99_tiny.ipynb")  # the key, by a relative link
    (sub / "trudy").mkdir()
    os.symlink("../bob/99_tiny.ipynb", sub / "trudy" / "99_tiny.ipynb")  # a classmate's notebook
    (sub / "oscar").mkdir()
    os.symlink("/etc/shadow", sub / "oscar" / "99_tiny.ipynb")
    (sub / "dan").mkdir()
    os.symlink("nowhere.ipynb", sub / "dan" / "99_tiny.ipynb")  # dangling
    (sub / "fred" / "99_tiny.ipynb").mkdir(parents=True)  # a folder named like a notebook
    (sub / "pia").mkdir()
    os.mkfifo(sub / "pia" / "99_tiny.ipynb")  # opened for reading, a pipe would hang the grader
    os.symlink("../key", sub / "eve")  # a folder on the way is a link: eve/99_tiny.ipynb is the key
    return {"bob": bob, "key": key, "sub": sub, "lessons": top / "lessons"}


def _grade_cli(paths: list[str], feedback: Path, lessons: Path, user: int | None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POKERLAB_LESSONS": str(lessons)}
    cmd = [sys.executable, "-m", "pokerlab", "course", "grade", *paths, "--feedback", str(feedback), "--json"]
    cmd += ["--allow-same-user", "--allow-per-process-limits"]  # untouched copies: no kernel runs in this test
    if user is not None:
        cmd = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, check=False)


USERS = [pytest.param(None, id="as-this-user")]
if os.geteuid() == 0 and shutil.which("setpriv"):
    USERS.append(pytest.param(65534, id="as-nobody"))


@pytest.mark.parametrize("user", USERS)
def test_links_pipes_and_folders_are_listed_not_followed_and_the_rest_is_graded(user):
    top = Path(tempfile.mkdtemp(prefix="pokerlab-links-"))
    try:
        os.chmod(top, 0o755)
        c = _class(top)
        if user is not None:
            for folder, dirs, files in os.walk(top):
                for name in [folder, *(os.path.join(folder, x) for x in dirs + files)]:
                    os.lchown(name, user, user)
        names = ["alice", "bob", "dan", "eve", "fred", "mallory", "oscar", "pia", "trudy"]
        paths = [str(c["sub"] / n / "99_tiny.ipynb") for n in names]
        feedback = top / "feedback"
        proc = _grade_cli(paths, feedback, c["lessons"], user)
        assert proc.returncode == 0, proc.stderr[-1500:]
        grades = {g["student"]: g for g in json.loads(proc.stdout)}
        assert sorted(grades) == names
        for name in ("alice", "bob"):  # graded: recognised as the lesson
            assert grades[name]["lesson"] == "99_tiny" and grades[name]["max_score"] == 1
        kinds = {
            "mallory": "a symbolic link",
            "trudy": "a symbolic link",
            "oscar": "a symbolic link",
            "dan": "a symbolic link",
            "fred": "a folder",
            "pia": "a named pipe",
            "eve": "a symbolic link on its path",
        }
        for name, kind in kinds.items():
            assert grades[name]["lesson"] is None, name
            assert grades[name]["notes"][0].startswith(f"not graded: not a regular file ({kind}"), grades[name]
        pages = sorted(p.name for p in feedback.iterdir())
        assert pages == sorted([*(f"{n}~99_tiny.ipynb.html" for n in names), "gradebook.jsonl"])
        for page in feedback.iterdir():
            assert KEY_TEXT not in page.read_text()
        assert KEY_TEXT not in proc.stdout
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_a_device_is_not_opened(tmp_path):
    dev = tmp_path / "d.ipynb"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero: read without end
    except (PermissionError, OSError):
        pytest.skip("cannot make a device node here")
    _, (sub,) = _submissions.collect([str(dev)])
    assert sub.data is None and sub.problem == "not a regular file (a device)"


def test_a_folder_given_as_a_notebook_or_a_dangling_link_does_not_stop_the_batch(tmp_path):
    les = tiny_lesson(tmp_path / "lessons")
    good = write(tmp_path / "s" / "good.ipynb", untouched(les))
    (tmp_path / "s" / "dir.ipynb").mkdir()
    os.symlink("missing", tmp_path / "s" / "gone.ipynb")
    grades = grading.grade([tmp_path / "s"], lessons=[les], allow_same_user=True, root=tmp_path / "s")
    got = {g.submission: (g.lesson, g.notes[0]) for g in grades}
    assert got["good.ipynb"][0] == "99_tiny"
    assert got["dir.ipynb"] == (None, "not graded: not a regular file (a folder)")
    assert got["gone.ipynb"] == (None, "not graded: not a regular file (a symbolic link)")
    _ = good


@pytest.mark.parametrize("user", USERS)
def test_a_planted_link_in_the_feedback_folder_is_refused_with_one_line(user):
    top = Path(tempfile.mkdtemp(prefix="pokerlab-plant-"))
    try:
        os.chmod(top, 0o755)
        les = tiny_lesson(top / "lessons")
        write(top / "s" / "bob" / "99_tiny.ipynb", untouched(les))
        victim = top / "victim.txt"
        victim.write_text("precious")
        feedback = top / "fb"
        feedback.mkdir()
        os.symlink(victim, feedback / "bob~99_tiny.ipynb.html")
        fb_link = top / "fb-link"
        os.symlink(feedback, fb_link)
        if user is not None:
            for p in [top, top / "s", top / "s" / "bob", top / "s" / "bob" / "99_tiny.ipynb", feedback, victim]:
                os.chown(p, user, user)
            os.chmod(victim, 0o666)  # writable by the grader: only the refusal protects it
        paths = [str(top / "s" / "bob" / "99_tiny.ipynb"), str(top / "s" / "alice.ipynb")]
        write(top / "s" / "alice.ipynb", untouched(les))
        for folder in (feedback, fb_link):
            proc = _grade_cli(paths, folder, les.path.parent, user)
            assert proc.returncode == 2 and proc.stdout == "", proc.stderr
            assert proc.stderr.count("\n") == 1 and "refusing to write through it" in proc.stderr, proc.stderr
            assert victim.read_text() == "precious"
            assert sorted(p.name for p in feedback.iterdir()) == ["bob~99_tiny.ipynb.html"]  # nothing written
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_a_page_is_created_fresh_never_through_a_link_made_after_the_check(tmp_path):
    out = _submissions.Output(tmp_path / "fb")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out.check(["p.html"])
    os.symlink(victim, tmp_path / "fb" / "p.html")  # planted between the check and the write
    out.write("p.html", "page")
    out.close()
    assert victim.read_text() == "precious"
    assert not (tmp_path / "fb" / "p.html").is_symlink() and (tmp_path / "fb" / "p.html").read_text() == "page"
    assert sorted(p.name for p in (tmp_path / "fb").iterdir()) == ["p.html"]  # no temporary file left


def test_pages_are_named_from_the_path_and_a_look_alike_name_cannot_take_another_page(tmp_path):
    les = tiny_lesson(tmp_path / "lessons")
    s = tmp_path / "submissions"
    write(s / "bob" / "99_tiny.ipynb", untouched(les))
    write(s / "mallory" / "bob_99_tiny.ipynb", untouched(les))  # the red team's collision
    write(s / "mallory" / "bob~99_tiny.ipynb", untouched(les))
    write(s / "bob~99_tiny.ipynb", untouched(les))
    paths = sorted(s.rglob("*.ipynb"))
    grades = grading.grade(paths, feedback=tmp_path / "fb", lessons=[les], allow_same_user=True)
    pages = {g.submission: _submissions.page_name(g.submission) for g in grades}
    assert pages == {
        "bob/99_tiny.ipynb": "bob~99_tiny.ipynb.html",
        "bob~99_tiny.ipynb": "bob%7E99_tiny.ipynb.html",
        "mallory/bob_99_tiny.ipynb": "mallory~bob_99_tiny.ipynb.html",
        "mallory/bob~99_tiny.ipynb": "mallory~bob%7E99_tiny.ipynb.html",
    }
    for rel, page in pages.items():  # each page says whose it is
        assert f"<h1>Feedback: {rel}</h1>" in (tmp_path / "fb" / page).read_text()
    assert {g.student for g in grades} == {"bob", "mallory", "bob~99_tiny"}


@given(st.lists(st.text(min_size=1, max_size=12).filter(lambda t: "\0" not in t), min_size=2, max_size=6, unique=True))
def test_page_names_never_collide_and_are_plain_file_names(parts):
    names = [_submissions.page_name("/".join(parts[:i]) + f"/{parts[i]}") for i in range(1, len(parts))]
    names.append(_submissions.page_name(parts[0]))
    assert len(set(names)) == len(names)
    for n in names:
        assert "/" not in n and not n.startswith(".") and len(n.encode()) <= 255 and n.isascii()


def test_page_names_of_long_paths_stay_apart():
    a, b = "x" * 300 + "a", "x" * 300 + "b"
    assert _submissions.page_name(a) != _submissions.page_name(b)
    assert len(_submissions.page_name(a)) <= 255


def test_the_report_escapes_names_that_would_forge_a_line(tmp_path, capsys):
    les = tiny_lesson(tmp_path / "lessons")
    forged = "x\nsubmissions\u2215bob.ipynb: 8\u22158 (lesson 99_tiny)\u202e.ipynb"
    write(tmp_path / "s" / forged, untouched(les))
    write(tmp_path / "s" / "José.ipynb", untouched(les))
    g = grading.grade([tmp_path / "s"], lessons=[les], allow_same_user=True)
    lines = [line for x in g for line in x.lines()]
    heads = [line for line in lines if not line.startswith("  ")]
    assert len(heads) == 2
    assert heads[1].startswith(str(tmp_path / "s") + "/x\\x0asubmissions\\u2215bob.ipynb: 8\\u22158")
    assert "\\u202e" in heads[1] and "\u202e" not in "\n".join(lines)
    assert heads[0].startswith(str(tmp_path / "s" / "José.ipynb") + ": 0/1")  # accented Latin letters stay
    assert _submissions.shown("ｂ/\u2044\u00a0\\") == "\\uff42/\\u2044\\xa0\\\\"


def test_students_graded_one_at_a_time_into_one_folder_keep_their_own_pages(tmp_path):
    """The red team graded s5/alice/05.ipynb, then s5/amy/05.ipynb, into one feedback folder: both were named
    05.ipynb and amy's page replaced alice's. A single submission keeps its folder in its name."""
    les = tiny_lesson(tmp_path / "lessons")
    s = tmp_path / "s5"
    for who in ("alice", "amy"):
        write(s / who / "99_tiny.ipynb", untouched(les))
    names = []
    for who in ("alice", "amy"):
        (g,) = grading.grade([s / who / "99_tiny.ipynb"], feedback=tmp_path / "fb", lessons=[les], allow_same_user=True)
        names.append((g.submission, g.student))
    assert names == [("alice/99_tiny.ipynb", "alice"), ("amy/99_tiny.ipynb", "amy")]
    pages = sorted(p.name for p in (tmp_path / "fb").glob("*.html"))
    assert pages == ["alice~99_tiny.ipynb.html", "amy~99_tiny.ipynb.html"]


def test_a_checks_message_keeps_the_lessons_symbols_but_never_forges_a_line():
    """The red team saw "exp(X \\u2212 1) \\xd7 200" in the text report: a lesson's math is shown as it is;
    what could forge a line (newline, bidi control, a slash or colon look-alike) is still escaped."""
    assert _submissions.shown_message("the raise exp(X \u2212 1) \u00d7 200 is not right (\u2264 1)") == (
        "the raise exp(X \u2212 1) \u00d7 200 is not right (\u2264 1)"
    )
    forged = "x\nbob.ipynb: 8\u22158\u202e \uff1a\u2044"
    assert _submissions.shown_message(forged) == "x\\x0abob.ipynb: 8\\u22158\\u202e \\uff1a\\u2044"


def test_student_from_a_pattern():
    assert _submissions.student("2026/alice_05.ipynb", r"\d+/(?P<student>[a-z]+)_") == "alice"
    assert _submissions.student("2026/alice_05.ipynb", r"/(?P<student>[a-z]+)_") is None  # from the start only
    assert _submissions.student("alice-05.ipynb", r"^(\w+)-") == "alice"
    assert _submissions.student("x.ipynb", r"^(\w+)-") is None
    assert _submissions.student("alice/sub/05.ipynb") == "alice"
    with pytest.raises(ParameterError, match="not a regular expression"):
        grading.grade(["x.ipynb"], student_from="(")


def test_a_missing_path_is_still_one_line_and_status_2(tmp_path, capsys):
    assert main(["course", "grade", str(tmp_path / "missing.ipynb")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no notebook at" in err


def test_a_link_planted_as_the_gradebook_is_refused(tmp_path):
    les = tiny_lesson(tmp_path / "lessons")
    nb = write(tmp_path / "s" / "a.ipynb", untouched(les))
    (tmp_path / "fb").mkdir()
    os.symlink(tmp_path / "elsewhere.txt", tmp_path / "fb" / "gradebook.jsonl")
    with pytest.raises(ParameterError, match=r"gradebook\.jsonl.*is a symbolic link: refusing to write through it"):
        grading.grade([nb], feedback=tmp_path / "fb", lessons=[les], allow_same_user=True)
    assert not (tmp_path / "elsewhere.txt").exists()


def test_a_padded_message_cannot_print_a_grade_line_of_its_own():
    """Round 3 of the red team: a check's message quoting a submission's text, padded with spaces, printed a line
    that began at a terminal's first column and read like a real grade (``fg/zzmallory/05.ipynb: 8/8 ...``). The
    report escapes runs of spaces, cuts a message at MESSAGE_SHOWN characters and wraps a long one, each piece
    indented: no line of a message starts at the first column, and none is wider than REPORT_WIDTH."""
    from pokerlab.course._results import REPORT_WIDTH
    from pokerlab.course.grading import ExerciseResult, NotebookGrade

    forged = "mallory/05.ipynb: 8/8 (lesson 05_betting_strategies)"
    for pad in (1, 30, 61, 75, 200):
        for filler in (" ", "a", "a "):
            message = "odds is " + filler * pad + forged + " " * 40 + filler * 900
            g = NotebookGrade("bob/05.ipynb", "05_betting_strategies", [ExerciseResult("Exercise 1", 0, 2, message)])
            lines = g.lines()
            assert lines[0] == "bob/05.ipynb: 0/2 (lesson 05_betting_strategies)"
            assert all(line.startswith("  ") for line in lines[1:]), lines
            assert all(len(line) <= REPORT_WIDTH for line in lines), lines
            assert "  " not in "".join(line.strip() for line in lines[1:]), lines
            assert len(lines) < 50  # cut: a message cannot flood the report


def test_a_checks_message_prints_the_lessons_subscripts():
    """The student tester's grade report printed lesson 02's "EHS = HS\\u2083 + (1 − HS\\u2083)·PPOT": the
    subscript escaped while − and · printed (the feedback page showed HS₃)."""
    said = "EHS = HS₃ + (1 − HS₃)·PPOT is never below HS₃: are hs_3 and ehs_3 swapped?"
    assert _submissions.shown_message(said) == said
    assert _submissions.shown_message("HS₀ HS₉ x\n10/10") == "HS₀ HS₉ x\\x0a10/10"  # a newline still escaped
    assert _submissions.shown("HS₃") == "HS\\u2083"  # a student's name stays ASCII-only
