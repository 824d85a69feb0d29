"""``pokerlab course grade`` around the sandbox (issue 38): --reveal, limits per submission through cgroups,
workers, a dask cluster, the gradebook that resumes a run. Tiny one-exercise lessons keep the kernels cheap."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from pokerlab.cli import main
from pokerlab.course import _check_client, _identify, _limits, _mounts, grading
from pokerlab.course.lessons import read_lesson
from pokerlab.errors import ParameterError
from tests.support.course_tiny import answer, right, tiny_lesson, untouched, write
from tests.support.hostile import fork_bomb
from tests.support.peers import peer

ROOT = Path(__file__).resolve().parent.parent.parent

REVEAL_CHECK = "import os\nassert os.environ.get('POKERLAB_GRADE_REVEAL') == '1', 'the check does not reveal'"


@pytest.mark.parametrize("reveal", [False, True])
def test_hidden_tests_see_the_reveal_variable_only_with_reveal(tmp_path, monkeypatch, reveal):
    """The lecturer's own environment never decides: only --reveal sets POKERLAB_GRADE_REVEAL=1 where the
    hidden tests run (the check process); without it the variable is not set there."""
    monkeypatch.setenv("POKERLAB_GRADE_REVEAL", "1")
    les = tiny_lesson(tmp_path, check=REVEAL_CHECK)
    checker = grading._Checker(reveal=reveal)
    try:
        got = checker.run(les, [{"number": 1, "source": les.exercises[0].check, "answers": {"x": ["4", ""]}}], 120)
    finally:
        checker.close()
    assert got[1][0] is reveal, got


def test_the_command_passes_reveal_and_student_from(monkeypatch, tmp_path):
    seen = {}

    def fake(paths, **kw):
        seen.update(kw)
        return []

    monkeypatch.setattr(grading, "grade", fake)
    assert main(["course", "grade", str(tmp_path), "--reveal", "--student-from", "^([a-z]+)"]) == 0
    assert seen["reveal"] is True and seen["student_from"] == "^([a-z]+)"
    assert main(["course", "grade", str(tmp_path)]) == 0
    assert seen["reveal"] is False and seen["student_from"] is None


WALK = r"""
import os
tok = {tok!r}
needles = ["SECRET-" + "LESSON-" + tok, "bob" + "by-" + tok, "key-" + tok]
found = set()
def look(path, text):
    for n in needles:
        if n in text:
            found.add(f"{{n[:6]}} in {{path}}")
for folder, dirs, files in os.walk("/"):
    if folder in ("/proc", "/sys", "/dev"):
        dirs[:] = []
        continue
    for name in dirs + files:
        path = os.path.join(folder, name)
        look(path, path)
        if name.endswith(".ipynb") and folder != os.getcwd() and "/site-packages/" not in path:
            found.add(f"notebook {{path}}")
        if name.endswith((".ipynb", ".md", ".txt", ".json", ".html", ".toml", ".cfg")):
            try:
                if os.path.getsize(path) < 2**20:
                    look(path, open(path, errors="replace").read())
            except OSError:
                pass
for name in os.listdir("/proc"):
    for part in ("cmdline", "environ", "mounts", "mountinfo"):
        try:
            look(f"/proc/{{name}}/{{part}}", open(f"/proc/{{name}}/{{part}}", "rb").read().decode(errors="replace"))
        except OSError:
            pass
look("environ", repr(dict(os.environ)))
x = 4 if not found else sorted(found)[:8]
"""


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="places a checkout under /usr/local/src (root only)")
def test_a_submission_sees_no_notebook_but_its_own_no_lesson_and_no_classmate(tmp_path):
    """The red team's key in the venv and a checkout under /usr/local/src were visible to every submission, and
    /proc/1/cmdline listed every classmate's folder. Here the grader runs from a checkout under /usr/local/src
    (started in it, as ``python -m pokerlab``), with a --solutions key there and two inside the venv, and a
    submission walks everything it can see: no notebook but its own (installed packages' own example notebooks,
    public, aside), no solution or hidden test, no classmate's name, in files, /proc or its environment."""
    tok = secrets.token_hex(4)
    src = Path("/usr/local/src") / f"pokerlab-test-{tok}"
    keys = [
        Path("/usr/local/src") / f"key-{tok}",
        Path(sys.prefix) / "share" / f"key-{tok}",
        Path(sys.prefix) / f"key-{tok}",
    ]
    try:
        for name in ("pokerlab", "data", "notebooks"):
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"), symlinks=True)
        shutil.copy2(ROOT / "pyproject.toml", src / "pyproject.toml")
        les = tiny_lesson(src / "notebooks", check="assert x == 4, f'found: {x}'")
        nb = les.notebook  # the solution and the hidden test carry the secret (the student copy has neither)
        nb["cells"][2]["source"] = nb["cells"][2]["source"].replace("x = 2 + 2", f"x = 2 + 2  # SECRET-LESSON-{tok}")
        nb["cells"][3]["source"] += f"\n### BEGIN HIDDEN TESTS\nassert 'SECRET-LESSON-{tok}'\n### END HIDDEN TESTS"
        (src / "notebooks" / "99_tiny.ipynb").write_text(json.dumps(nb))
        les = read_lesson(src / "notebooks" / "99_tiny.ipynb")
        for key in keys:
            write(key / "99_tiny.ipynb", right(les) | {"metadata": {"note": f"SECRET-LESSON-{tok}"}})
        subs = tmp_path / "subs"
        write(subs / "alice" / "99_tiny.ipynb", answer(les, WALK.format(tok=tok)))
        write(subs / f"bobby-{tok}" / "99_tiny.ipynb", right(les))
        env = {k: v for k, v in os.environ.items() if k != "POKERLAB_LESSONS"} | {"PYTHONPATH": str(src)}
        cmd = [sys.executable, "-m", "pokerlab", "course", "grade", str(subs / "alice" / "99_tiny.ipynb")]
        cmd += [str(subs / f"bobby-{tok}" / "99_tiny.ipynb"), "--json", "--timeout", "120"]
        proc = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True, timeout=600, check=False)
        assert proc.returncode == 0, proc.stderr[-2000:]
        grades = {g["student"]: g for g in json.loads(proc.stdout)}
        assert grades[f"bobby-{tok}"]["score"] == 1
        assert grades["alice"]["score"] == 1, grades["alice"]["exercises"][0]["message"]
    finally:
        for folder in [src, *keys]:
            shutil.rmtree(folder, ignore_errors=True)


needs_cgroups = pytest.mark.skipif(
    not sys.platform.startswith("linux") or _limits.available()[0] is None, reason="no writable cgroups here"
)
needs_sandbox = pytest.mark.skipif(
    not sys.platform.startswith("linux") or grading.isolation(allow_same_user=True) == "none",
    reason="no mount namespace on this machine",
)

FOUR_CHILDREN = r"""
import os, time
kids = []
for _ in range(4):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (600 * 2**20)  # written, so counted
        time.sleep(3)  # the four hold it at the same time
        os._exit(0)
    kids.append(pid)
codes = [os.waitpid(k, 0)[1] for k in kids]
x = 4 if all(c == 0 for c in codes) else f"children ended with {codes}"
"""


@needs_sandbox
@needs_cgroups
@pytest.mark.slow
def test_memory_is_limited_for_all_the_processes_of_a_submission_together(tmp_path):
    """Four children touching 600 MB each held 2.4 GB under --memory 1024 (each process under its own limit)."""
    les = tiny_lesson(tmp_path / "lesson")
    nb = write(tmp_path / "s" / "greedy.ipynb", answer(les, FOUR_CHILDREN))
    (g,) = grading.grade([nb], lessons=[les], memory=1024 * 2**20, timeout=120)
    assert g.score == 0 and g.exercises[0].message, g.lines()
    assert any("memory limit (1024 MB for all of them together)" in n for n in g.notes), g.notes


RESERVES = r"""
import ctypes, mmap
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
flags = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x4000  # MAP_NORESERVE: reserved (as numba's allocator does), unused
got = libc.mmap(None, 700 * 2**20, mmap.PROT_READ | mmap.PROT_WRITE, flags, -1, 0)
x = 4 if got not in (None, ctypes.c_void_p(-1).value) else 0
"""


@needs_sandbox
@needs_cgroups
@pytest.mark.slow
def test_memory_reserved_but_not_used_does_not_count_against_the_submission(tmp_path):
    """The red team's lesson 05 key (220 MB used) scored 0/8 under --memory 512: the per-process RLIMIT_DATA,
    which counts reservations, killed it. In a cgroup, what is used counts; each process may reserve 4x --memory."""
    les = tiny_lesson(tmp_path / "lesson")
    nb = write(tmp_path / "s" / "ann" / "t.ipynb", answer(les, RESERVES))
    (g,) = grading.grade([nb], lessons=[les], memory=512 * 2**20, timeout=120)
    assert g.score == 1, g.lines()


BOMB = fork_bomb(25) + "time.sleep(15)  # the children hold their places while the other submission runs\nx = n\n"

NEIGHBOUR = r"""
import os, time
time.sleep(6)
kids, failed = [], 0
for _ in range(40):
    try:
        pid = os.fork()
    except OSError:
        failed += 1
        continue
    if pid == 0:
        os._exit(0)
    kids.append(pid)
for k in kids:
    os.waitpid(k, 0)
x = 4 if failed == 0 else f"{failed} forks failed"
"""


@needs_sandbox
@needs_cgroups
@pytest.mark.slow
def test_a_fork_bomb_stops_at_its_own_limit_and_a_grader_beside_it_is_unaffected(tmp_path):
    """The processes were counted per user (nobody) machine-wide: a bomb in one grader took every other
    kernel's processes. Two graders run at the same time here, one grading a fork bomb."""
    les = tiny_lesson(tmp_path / "lesson", check="assert x == 4, f'x is {x}'")
    bomb = write(tmp_path / "a" / "bomb.ipynb", answer(les, BOMB))
    good = write(tmp_path / "b" / "good.ipynb", answer(les, NEIGHBOUR))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POKERLAB_LESSONS": str(les.path.parent)}
    base = [sys.executable, "-m", "pokerlab", "course", "grade", "--json", "--timeout", "120"]
    procs = [
        subprocess.Popen([*base, "--processes", "64", str(bomb)], env=env, stdout=subprocess.PIPE, text=True),
        subprocess.Popen([*base, str(good)], env=env, stdout=subprocess.PIPE, text=True),
    ]
    (b,), (g,) = (json.loads(p.communicate(timeout=600)[0]) for p in procs)
    assert g["score"] == 1, g
    message = b["exercises"][0]["message"]
    forks = int(message.rsplit(" ", 1)[1])
    assert 0 < forks < 64, message  # stopped at the limit (the kernel's own threads count too)
    assert any("limit of 64 processes and threads" in n for n in b["notes"]), b["notes"]


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="runs the grader as nobody")
def test_a_user_without_cgroups_is_refused_with_one_line_unless_allowed(tmp_path):
    les = tiny_lesson(tmp_path / "lesson")
    nb = write(tmp_path / "s" / "u.ipynb", untouched(les))
    os.chmod(tmp_path, 0o755)
    for p in tmp_path.parents:  # pytest's own folders (pytest-of-root too): only root may enter them
        if p == Path(tempfile.gettempdir()) or p == p.parent:
            break
        os.chmod(p, os.stat(p).st_mode | 0o711)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POKERLAB_LESSONS": str(les.path.parent)}
    cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-m", "pokerlab"]
    cmd += ["course", "grade", str(nb), "--allow-same-user"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "cannot limit each submission as a whole" in proc.stderr and "--allow-per-process-limits" in proc.stderr
    proc = subprocess.run([*cmd, "--allow-per-process-limits"], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


@needs_sandbox
@pytest.mark.slow
def test_workers_grade_several_submissions_at_once_each_in_its_own_kernel(tmp_path, capsys, monkeypatch):
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    paths = [
        write(tmp_path / "s" / "ann" / "t.ipynb", right(les)),
        write(tmp_path / "s" / "ben" / "t.ipynb", answer(les, "x = 5")),
        write(tmp_path / "s" / "cy" / "t.ipynb", answer(les, "import os\nx = 4 if os.getpid() < 100 else 0")),
    ]
    env_args = ["--json", "--workers", "3", "--timeout", "120", "--allow-per-process-limits"]
    assert main(["course", "grade", *map(str, paths), *env_args]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [(g["student"], g["score"]) for g in got] == [("ann", 1), ("ben", 0), ("cy", 1)]  # each in a fresh PID ns
    assert all(g["seconds"] > 0 and g["submission"] == f"{g['student']}/t.ipynb" for g in got)


def test_the_gradebook_resumes_and_regrades_only_what_changed(tmp_path):
    les = tiny_lesson(tmp_path / "lesson")
    paths = [write(tmp_path / "s" / n / "t.ipynb", untouched(les) | {"metadata": {"n": n}}) for n in "abc"]
    fb = tmp_path / "fb"
    kw = {"feedback": fb, "lessons": [les], "allow_same_user": True, "allow_per_process_limits": True}
    first = grading.grade(paths, **kw)
    assert [g.reused for g in first] == [False] * 3
    lines = (fb / "gradebook.jsonl").read_text().splitlines()
    assert sorted(json.loads(x)["submission"] for x in lines) == ["a/t.ipynb", "b/t.ipynb", "c/t.ipynb"]
    write(paths[1], untouched(les) | {"metadata": {"n": "changed"}})
    seen = []
    second = grading.grade(paths, on_result=seen.append, **kw)
    assert [g.reused for g in second] == [True, False, True]
    assert [g.to_json() | {"from_gradebook": False, "seconds": 0} for g in second] == [
        g.to_json() | {"from_gradebook": False, "seconds": 0} for g in first
    ]
    assert len((fb / "gradebook.jsonl").read_text().splitlines()) == 4 and len(seen) == 3
    (fb / "c~t.ipynb.html").unlink()  # a page gone: graded again
    third = grading.grade(paths, reveal=True, **kw)  # other settings: everything again
    assert [g.reused for g in third] == [False] * 3
    assert [g.reused for g in grading.grade(paths, reveal=True, **kw)] == [True] * 3


@needs_sandbox
@pytest.mark.slow
def test_a_dask_cluster_grades_the_submissions(tmp_path):
    distributed = peer("distributed")
    les = tiny_lesson(tmp_path / "lesson")
    paths = [
        write(tmp_path / "s" / "ann" / "t.ipynb", right(les)),
        write(tmp_path / "s" / "ben" / "t.ipynb", untouched(les)),
        write(tmp_path / "s" / "cy" / "t.ipynb", answer(les, "x = 3")),
    ]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        with pytest.raises(ParameterError, match="is reached without TLS"):  # root on the workers for anyone
            grading.grade(paths, lessons=[les], scheduler=address)
        grades = grading.grade(
            paths,
            lessons=[les],
            scheduler=address,
            feedback=tmp_path / "fb",
            timeout=120,
            allow_insecure_scheduler=True,
        )
        with distributed.Client(cluster.scheduler_address) as client:  # no check process left on a worker
            left = client.run(lambda: [c._proc.pid for c in _check_client._CHECKERS if c._proc is not None])
    assert list(left.values()) == [[], []]
    assert [(g.student, g.score) for g in grades] == [("ann", 1), ("ben", 0), ("cy", 0)]
    assert "x is not right" in grades[2].exercises[0].message
    assert sorted(p.name for p in (tmp_path / "fb").iterdir()) == [
        "ann~t.ipynb.html", "ben~t.ipynb.html", "cy~t.ipynb.html", "gradebook.jsonl"
    ]  # fmt: skip


ALLOW = ["--allow-same-user", "--allow-per-process-limits"]


def _grade_cli(capsys, *args):
    """Run ``pokerlab course grade`` (untouched copies: no kernel) and return its status and printed lines."""
    code = main(["course", "grade", *map(str, args), *ALLOW])
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_a_name_met_again_from_another_folder_is_refused_and_regrade_grades_it(tmp_path, capsys, monkeypatch):
    """The red team graded h3/alice/*.ipynb, then h3/bob/*.ipynb, into one feedback folder: bob's 05.ipynb took
    alice's page and gradebook line. The gradebook keeps each name's source path; a name met from elsewhere is
    refused with one line (no page, no line written) until --regrade."""
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    one = write(tmp_path / "one" / "lab" / "t.ipynb", untouched(les))
    two = write(tmp_path / "two" / "lab" / "t.ipynb", untouched(les) | {"metadata": {"who": "two"}})
    fb = tmp_path / "fb"
    code, lines, _ = _grade_cli(capsys, one, "--feedback", fb)
    assert code == 0 and lines[0] == f"{one}: 0/1 (lesson 99_tiny)"
    book = (fb / "gradebook.jsonl").read_text().splitlines()
    assert [(json.loads(x)["submission"], json.loads(x)["source"]) for x in book] == [
        ("lab/t.ipynb", str(one.resolve()))
    ]
    page = (fb / "lab~t.ipynb.html").read_bytes()
    code, lines, err = _grade_cli(capsys, two, "--feedback", fb)
    assert code == 2 and "none of the 1 notebook(s) could be graded" in err  # the one line on stderr
    assert lines == [
        f"{two}: 0/0",
        f"  note: not graded: lab/t.ipynb was graded from {one.resolve()} before; grade into another feedback folder"
        " or pass --regrade",
    ]
    assert (fb / "gradebook.jsonl").read_text().splitlines() == book and (fb / "lab~t.ipynb.html").read_bytes() == page
    code, lines, _ = _grade_cli(capsys, two, "--feedback", fb, "--regrade")
    assert code == 0 and lines[0] == f"{two}: 0/1 (lesson 99_tiny)"
    last = json.loads((fb / "gradebook.jsonl").read_text().splitlines()[-1])
    assert last["source"] == str(two.resolve()) and len((fb / "gradebook.jsonl").read_text().splitlines()) == 2
    # --root names them apart: one/lab/t.ipynb and two/lab/t.ipynb are two submissions, two pages
    code, lines, _ = _grade_cli(capsys, one, two, "--feedback", fb, "--root", tmp_path)
    assert code == 0 and [x for x in lines if not x.startswith(" ")] == [
        f"{one}: 0/1 (lesson 99_tiny)",
        f"{two}: 0/1 (lesson 99_tiny)",
    ]
    assert (fb / "one~lab~t.ipynb.html").is_file() and (fb / "two~lab~t.ipynb.html").is_file()


def test_the_report_says_which_grades_come_from_the_gradebook_and_regrade_takes_none(tmp_path, capsys, monkeypatch):
    """The red team edited a gradebook line and the text report printed it as a grade of this run: a reused
    grade now says "from the gradebook" on its line (--json already said from_gradebook)."""
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    a = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    b = write(tmp_path / "s" / "ben" / "t.ipynb", untouched(les) | {"metadata": {"n": 1}})
    fb = tmp_path / "fb"
    code, lines, _ = _grade_cli(capsys, a, b, "--feedback", fb)
    assert code == 0 and [x for x in lines if not x.startswith(" ")] == [
        f"{a}: 0/1 (lesson 99_tiny)",
        f"{b}: 0/1 (lesson 99_tiny)",
    ]
    write(b, untouched(les) | {"metadata": {"n": 2}})  # changed: graded again, ann's taken from the gradebook
    code, lines, _ = _grade_cli(capsys, a, b, "--feedback", fb)
    assert code == 0 and sorted(x for x in lines if not x.startswith(" ")) == [
        f"{a}: 0/1 (lesson 99_tiny, from the gradebook)",
        f"{b}: 0/1 (lesson 99_tiny)",
    ]
    code, lines, _ = _grade_cli(capsys, a, b, "--feedback", fb, "--regrade")
    assert code == 0 and "from the gradebook" not in "\n".join(lines)
    book = [json.loads(x)["submission"] for x in (fb / "gradebook.jsonl").read_text().splitlines()]
    assert sorted(book) == ["ann/t.ipynb"] * 2 + ["ben/t.ipynb"] * 3  # --regrade still writes its lines
    assert all(g.reused for g in grading.grade([a, b], feedback=fb, lessons=[les], allow_same_user=True,
                                               allow_per_process_limits=True))  # fmt: skip


def test_notebooks_of_one_folder_keep_it_in_their_names_and_a_linked_one_is_refused(tmp_path):
    """The red team graded h3/alice/*.ipynb (two notebooks): they were named 01.ipynb and 05.ipynb, students
    "01" and "05"; and h2/eve/lab/*.ipynb with lab -> the key scored the key's 8/8. The notebooks of one
    folder now keep it in their names, and that folder is read without following a link."""
    les = tiny_lesson(tmp_path / "lesson")
    key = write(tmp_path / "key" / "a.ipynb", right(les)).parent
    write(key / "b.ipynb", right(les))
    for n in "ab":
        write(tmp_path / "s" / "alice" / f"{n}.ipynb", untouched(les))
    kw = {"lessons": [les], "allow_same_user": True, "allow_per_process_limits": True}
    got = grading.grade(sorted((tmp_path / "s" / "alice").glob("*.ipynb")), **kw)
    assert [(g.submission, g.student) for g in got] == [("alice/a.ipynb", "alice"), ("alice/b.ipynb", "alice")]
    (tmp_path / "s" / "eve").mkdir()
    os.symlink(key, tmp_path / "s" / "eve" / "lab")
    linked = [tmp_path / "s" / "eve" / "lab" / "a.ipynb", tmp_path / "s" / "eve" / "lab" / "b.ipynb"]
    refused = [(0, ["not graded: not a regular file (a symbolic link on its path: lab)"])] * 2
    assert [(g.score, g.notes) for g in grading.grade(linked, **kw)] == refused
    assert [(g.score, g.notes) for g in grading.grade(linked, root=tmp_path / "s", **kw)] == refused  # --root too


def test_root_must_hold_every_notebook(tmp_path, capsys):
    les = tiny_lesson(tmp_path / "lesson")
    nb = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    code = main(["course", "grade", str(nb), "--root", str(tmp_path / "other"), *ALLOW])
    assert code == 2 and capsys.readouterr().err.count("\n") == 1
    (tmp_path / "other").mkdir()
    code = main(["course", "grade", str(nb), "--root", str(tmp_path / "other"), *ALLOW])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and f"is not inside --root '{tmp_path / 'other'}'" in err


def test_hard_links_are_neither_graded_nor_appended_through(tmp_path, capsys):
    """The red team's hard links: a submission that is another name of the key scored 8/8, and a gradebook
    hard-linked to a file outside the feedback folder had the grades appended to that file."""
    les = tiny_lesson(tmp_path / "lesson")
    key = write(tmp_path / "key" / "t.ipynb", right(les))
    os.makedirs(tmp_path / "s" / "mallory")
    os.link(key, tmp_path / "s" / "mallory" / "t.ipynb")
    ann = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    kw = {"lessons": [les], "allow_same_user": True, "allow_per_process_limits": True}
    got = grading.grade([ann, tmp_path / "s" / "mallory" / "t.ipynb"], **kw)
    assert [g.notes for g in got][1] == ["not graded: a hard link (the file has 2 names): grade a copy of it"]
    assert got[0].lesson == "99_tiny" and got[1].score == 0 and got[1].lesson is None
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "fb").mkdir()
    os.link(victim, tmp_path / "fb" / "gradebook.jsonl")
    code = main(["course", "grade", str(ann), "--feedback", str(tmp_path / "fb"), *ALLOW])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "is a hard link (2 names): refusing to write through it" in err
    assert victim.read_text() == "precious\n" and sorted(os.listdir(tmp_path / "fb")) == ["gradebook.jsonl"]


def test_keys_decks_and_solutions_pages_are_refused_where_the_sandbox_shows_them(tmp_path, monkeypatch, capsys):
    """The issue's demonstration: a --solutions key inside the venv was printed by a submission. Every command that
    writes a key refuses a folder below the sandbox's own list of mounts (one line, status 2, nothing written)."""
    import site

    mounted = tmp_path / "mounted"
    mounted.mkdir()
    monkeypatch.setattr(_mounts, "SYSTEM_PATHS", (*_mounts.SYSTEM_PATHS, str(mounted)))  # as if /usr/lib held it
    assert str(mounted) in _mounts._visible_paths()  # the list the sandbox mounts
    assert _mounts.exposed(mounted / "key") == str(mounted) and _mounts.exposed(tmp_path / "key") is None
    les = tiny_lesson(tmp_path / "lesson")
    nb = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    commands = (
        ["release", str(mounted / "key"), "--solutions"],
        ["slides", str(mounted / "decks"), "02"],
        ["site", str(mounted / "site"), "--solutions"],
        ["grade", str(nb), "--feedback", str(mounted / "fb"), *ALLOW],  # the pages show every student's code
    )
    for args in commands:
        assert main(["course", *args]) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"lies in {mounted}, which the grader's sandbox shows to every" in err, err
        assert "use a folder outside Python, its packages and pokerlab's own folders" in err
    assert os.listdir(mounted) == []
    with pytest.raises(ParameterError, match="the feedback pages"):
        grading.grade([nb], feedback=mounted / "fb", lessons=[les], allow_same_user=True)
    shutil.copytree(tmp_path / "s", mounted / "s")  # submissions where each one's sandbox shows the others
    assert main(["course", "grade", str(mounted / "s" / "ann" / "t.ipynb"), *ALLOW]) == 2
    assert "which the grader's sandbox shows to every submission: each could read the others" in capsys.readouterr().err
    # the real mounts, unpatched: pokerlab's own folders (a checkout's data/, served by an editable install) and
    # the installed packages' folder
    monkeypatch.undo()
    package = Path(_mounts.pokerlab.__file__).resolve().parent
    places = [package / "key", Path(site.getsitepackages()[0]) / "pokerlab-test-key"]
    if (package.parent / "data").is_dir() and (package.parent / "pyproject.toml").is_file():
        places.append(package.parent / "data" / "key")
    for place in places:
        assert _mounts.exposed(place) is not None, place
        assert main(["course", "release", str(place), "--solutions"]) == 2 and not place.exists()
        assert "which the grader's sandbox shows" in capsys.readouterr().err


def test_every_kernel_gets_the_same_allow_list():
    """SYSTEM_FILES was a generator: the first list (the probe's) had ld.so.cache and the rest, every
    kernel after it none of them."""
    first, second = _mounts._visible_paths(), _mounts._visible_paths()
    assert first == second and "/etc/ld.so.cache" in second


def test_a_grade_given_with_weaker_isolation_is_not_taken_by_a_stricter_run(tmp_path, monkeypatch):
    """The red team graded as a normal user with --allow-per-process-limits, then as root into the same folder: the
    root run took both grades from the gradebook. How kernels were kept apart is now part of a grade's settings."""
    les = tiny_lesson(tmp_path / "lesson")
    paths = [write(tmp_path / "s" / n / "t.ipynb", untouched(les)) for n in ("ann", "ben")]
    kw = {"feedback": tmp_path / "fb", "lessons": [les], "allow_same_user": True, "allow_per_process_limits": True}
    strict = grading.isolation(), grading.limits(True)
    for mode, cgroups in (("none", None), ("root", None), strict, strict):
        monkeypatch.setattr(grading, "isolation", lambda allow, mode=mode: mode)
        monkeypatch.setattr(grading, "limits", lambda allow, cgroups=cgroups: cgroups)
        got = [g.reused for g in grading.grade(paths, **kw)]
    assert got == [True, True]  # the same settings twice: taken
    lines = [json.loads(x) for x in (tmp_path / "fb" / "gradebook.jsonl").read_text().splitlines()]
    assert len(lines) == 6 and len({x["settings"] for x in lines}) == 3  # each weaker run graded again


def test_a_gradebook_line_edited_into_no_grade_of_the_lesson_is_graded_again(tmp_path, capsys, monkeypatch):
    """The red team set a line's lesson to "05_betting_strategies)\\ns0/carol/05.ipynb: 8/8 (lesson ..." and the
    report printed a line for a student who does not exist. A line whose lesson, exercises or points are not the
    lesson's is graded again, and a lesson's name is escaped anyway."""
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    a = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    b = write(tmp_path / "s" / "ben" / "t.ipynb", untouched(les))
    fb = tmp_path / "fb"
    assert _grade_cli(capsys, a, b, "--feedback", fb)[0] == 0
    book = fb / "gradebook.jsonl"
    lines = [json.loads(x) for x in book.read_text().splitlines()]
    lines[0]["grade"]["lesson"] = "99_tiny)\ns/carol/t.ipynb: 1/1 (lesson 99_tiny"
    lines[1]["grade"]["exercises"][0]["score"] = 5  # more than its points
    book.write_text("".join(json.dumps(x) + "\n" for x in lines))
    code, printed, _ = _grade_cli(capsys, a, b, "--feedback", fb)
    assert code == 0 and [x for x in printed if not x.startswith(" ")] == [
        f"{a}: 0/1 (lesson 99_tiny)",
        f"{b}: 0/1 (lesson 99_tiny)",
    ]
    forged = grading.NotebookGrade("x.ipynb", "99_tiny)\nforged", reused=True)
    assert forged.lines() == ["x.ipynb: 0/0 (lesson 99_tiny)\\x0aforged, from the gradebook)"]


def test_a_gradebook_line_whose_seconds_or_notes_are_not_of_their_type_is_graded_again(tmp_path, capsys, monkeypatch):
    """The red team set a line's ``seconds`` to "NaN" (a string): ``--json`` ended with a traceback; 1e999 printed
    ``Infinity`` (not JSON). Such a line, and one whose notes are a string, is graded again like other edits."""
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    subs = [write(tmp_path / "s" / who / "t.ipynb", untouched(les)) for who in ("ann", "ben", "cid", "dan")]
    fb = tmp_path / "fb"
    assert _grade_cli(capsys, *subs, "--feedback", fb)[0] == 0
    book = fb / "gradebook.jsonl"
    lines = [json.loads(x) for x in book.read_text().splitlines()]
    edits = [("seconds", "NaN"), ("seconds", 1e999), ("seconds", -1), ("notes", "abc")]
    for line, (field, value) in zip(lines, edits, strict=True):
        line["grade"][field] = value
    book.write_text("".join(json.dumps(x) + "\n" for x in lines))
    code, printed, err = _grade_cli(capsys, *subs, "--feedback", fb, "--json")
    assert code == 0 and err == "", err

    def strict(name: str) -> None:
        raise AssertionError(f"not JSON: {name}")

    report = json.loads("\n".join(printed), parse_constant=strict)
    rows = report if isinstance(report, list) else report["notebooks"]
    assert [r["from_gradebook"] for r in rows] == [False] * 4 and all(r["seconds"] >= 0 for r in rows)


def test_a_tls_scheduler_without_dasks_tls_settings_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    """The red team gave ``--scheduler tls://127.0.0.1:1`` with no TLS settings: a 49-line traceback (dask's
    "TLS expects a ssl_context argument"). One line now says what to configure, exit 2."""
    dask = peer("dask")
    peer("distributed")
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    sub = write(tmp_path / "s" / "ann" / "t.ipynb", right(les))
    with dask.config.set({"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None}):
        code, printed, err = _grade_cli(capsys, sub, "--scheduler", "tls://127.0.0.1:1")
    assert code == 2 and printed == [] and len(err.strip().splitlines()) == 1, err
    assert "dask's TLS settings are missing: set distributed.comm.tls.ca-file" in err and "Traceback" not in err


def test_student_from_matches_from_the_start_and_one_students_two_copies_of_a_lesson_are_noted(
    tmp_path, capsys, monkeypatch
):
    """The red team's ``sf/mallory/bob/05.ipynb`` (Mallory's folder ``bob``) became student bob with
    ``--student-from '(?P<student>[^/]+)/05'``: searched anywhere in the path. The pattern now matches from the
    start, and two notebooks of one lesson that one student hands in are each noted."""
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    bob = write(tmp_path / "sf" / "bob" / "t.ipynb", untouched(les))
    mal = write(tmp_path / "sf" / "mallory" / "bob" / "t.ipynb", untouched(les) | {"metadata": {"n": 1}})
    code, printed, _ = _grade_cli(capsys, bob, mal, "--student-from", "(?P<student>[^/]+)/t", "--json")
    rows = json.loads("\n".join(printed))
    assert code == 0 and [(r["submission"], r["student"]) for r in rows] == [
        ("bob/t.ipynb", "bob"),
        ("mallory/bob/t.ipynb", None),
    ]
    assert not any("notebooks of lesson" in n for r in rows for n in r["notes"])
    code, printed, _ = _grade_cli(capsys, bob, mal, "--student-from", "(?:mallory/)?(?P<student>[^/]+)/t")
    twice = (
        "  note: 2 notebooks of lesson 99_tiny in this batch are student bob's (bob/t.ipynb, mallory/bob/t.ipynb):"
        " only one should count (is --student-from right?)"
    )
    assert code == 0 and printed.count(twice) == 2, printed


def test_letters_that_pass_for_a_colon_or_a_slash_are_escaped_in_names():
    """The red team's name "xː 8〳8 ... 05̸.ipynb" (U+02D0, U+3033, the overlay U+0338) printed raw; letters and
    marks of real scripts still print as they are."""
    from pokerlab.course._submissions import readable, shown

    assert shown("x\u02d0 8\u30338 05\u0338 \u3035") == "x\\u02d0 8\\u30338 05\\u0338 \\u3035"
    assert readable("José ü 日本 ক্ষ Ωμέγα") == "José ü 日本 ক্ষ Ωμέγα"  # a feedback page


def test_a_name_in_the_text_report_is_ascii_but_accented_latin_letters_and_json_keeps_it(tmp_path, capsys, monkeypatch):
    """The red team's name "xः ৪丿৪ (lesson 05_betting_strategies)<60 spaces>ः ノ05.ipynb" printed raw: a Devanagari
    visarga passes for ":", a Bengali four for "8", 丿 and ノ for "/", and the spaces pushed the real score off the
    screen. A block list is never complete: the text report now prints only ASCII and accented Latin letters, and
    a space after a space as \\x20; --json keeps the name."""
    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    forged = "x\u0903 \u09ea\u4e3f\u09ea (lesson 99_tiny)" + " " * 60 + "\u0903 \u30ce05.ipynb"
    one = write(tmp_path / "lk" / "mallory" / forged, untouched(les))
    two = write(tmp_path / "lk" / "jose\u0301" / "Jos\u00e9.ipynb", untouched(les))
    code, printed, _ = _grade_cli(capsys, one, two)
    heads = [x for x in printed if not x.startswith(" ")]
    assert code == 0 and heads == [
        f"{tmp_path}/lk/mallory/x\\u0903 \\u09ea\\u4e3f\\u09ea (lesson 99_tiny) "
        + "\\x20" * 59
        + "\\u0903 \\u30ce05.ipynb: 0/1 (lesson 99_tiny)",
        f"{tmp_path}/lk/jose\u0301/Jos\u00e9.ipynb: 0/1 (lesson 99_tiny)",
    ]
    code, printed, _ = _grade_cli(capsys, one, two, "--json")
    assert [r["submission"] for r in json.loads("\n".join(printed))] == [
        f"mallory/{forged}",
        "jose\u0301/Jos\u00e9.ipynb",
    ]


def _other_lesson(folder: Path):
    """A second tiny lesson (other cell ids, stem 98_other)."""
    nb = json.loads(tiny_lesson(folder).path.read_text())
    for c in nb["cells"]:
        c["id"] = "u" + c["id"][1:]
    (folder / "99_tiny.ipynb").unlink()
    (folder / "98_other.ipynb").write_text(json.dumps(nb))
    return read_lesson(folder / "98_other.ipynb")


def test_a_notebook_of_another_lesson_is_named_and_refused_with_lesson(tmp_path, capsys, monkeypatch):
    """The red team handed in lesson 01's published solutions as 05.ipynb: 8/8 with no note (both lessons have 8
    points). A notebook of another lesson than the batch's most common says so; with --lesson it is not graded."""
    les = tiny_lesson(tmp_path / "lesson")
    other = _other_lesson(tmp_path / "other")
    (tmp_path / "lesson" / "98_other.ipynb").write_text(other.path.read_text())
    monkeypatch.setenv("POKERLAB_LESSONS", str(tmp_path / "lesson"))
    a = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    b = write(tmp_path / "s" / "ben" / "t.ipynb", untouched(les) | {"metadata": {"n": 1}})
    z = write(tmp_path / "s" / "zed" / "t.ipynb", right(other))  # another lesson's key
    code, lines, _ = _grade_cli(capsys, a, b, z)
    assert code == 0 and lines[lines.index(f"{z}: 1/1 (lesson 98_other)") + 1] == (
        "  note: this is lesson 98_other, while most of this batch is lesson 99_tiny: is it the assignment?"
    )
    assert sum("while most of this batch" in x for x in lines) == 1
    code, lines, _ = _grade_cli(capsys, a, z)  # no lesson is most of this batch (a class of several lessons)
    assert code == 0 and not any("while most of this batch" in x for x in lines)
    code, lines, _ = _grade_cli(capsys, a, b, z, "--lesson", "99")
    refused = "  note: not graded: this is lesson 98_other, not 99_tiny"
    assert code == 0 and lines[lines.index(f"{z}: 0/0") + 1] == refused
    assert f"{a}: 0/1 (lesson 99_tiny)" in lines
    code, _, err = _grade_cli(capsys, a, "--lesson", "42")
    assert code == 2 and "--lesson '42' names no lesson (the lessons: 98, 99)" in err


def test_a_notebook_of_millions_of_json_values_is_not_parsed(tmp_path):
    """The red team's 63 MB of [[],[],...] took 1.6 GB of the grader's own memory per file, all held at once. Such a
    file is refused before it is parsed (and no file over 16 MB is read), and the rest of the batch is graded."""
    les = tiny_lesson(tmp_path / "lesson")
    a = write(tmp_path / "s" / "ann" / "t.ipynb", untouched(les))
    big = untouched(les) | {"x_pad": [[]] * (_identify.MAX_VALUES + 1)}
    m = write(tmp_path / "s" / "mal" / "t.ipynb", big)
    huge = tmp_path / "s" / "hug" / "t.ipynb"
    huge.parent.mkdir()
    with open(huge, "wb") as f:
        f.truncate(17 * 2**20)
    got = grading.grade([a, m, huge], lessons=[les], allow_same_user=True, allow_per_process_limits=True)
    assert got[0].lesson == "99_tiny"
    values = m.read_bytes().count(b"[") + m.read_bytes().count(b"{")
    assert got[1].notes == [
        f"not graded: not a notebook a lesson makes ({values} JSON lists and objects; at most {_identify.MAX_VALUES}"
        " are read)"
    ]
    assert got[2].notes == ["not graded: larger than 16 MB"]


def test_a_dask_workers_refusal_names_the_worker(tmp_path, monkeypatch):
    """The red team's root grader was told "run the grader as root" when it was a worker run as rtuser that could
    not isolate: the refusal now names the worker's host and user."""
    import pwd
    import socket

    def refuse(allow):
        raise ParameterError("cannot isolate the submissions on this machine")

    monkeypatch.setattr(grading, "isolation", refuse)
    options = {"allow_same_user": False, "allow_per_process_limits": False}
    user = pwd.getpwuid(os.geteuid()).pw_name
    with pytest.raises(ParameterError) as err:
        grading._grade_job((0, "x.ipynb", b"{}", ""), [], options)
    assert str(err.value) == (
        f"the dask worker on {socket.gethostname()} (user {user}): cannot isolate the submissions on this machine"
    )


def test_a_release_folder_handed_in_whole_is_graded_without_its_glossary_and_course_map(tmp_path, capsys, monkeypatch):
    """A student handed in the whole release folder: glossary.ipynb and 00_course_map.ipynb got "not graded"
    pages. They are no submissions: each is listed as skipped, with no page and no gradebook line."""
    from pokerlab.course.handout import glossary_notebook

    les = tiny_lesson(tmp_path / "lesson")
    monkeypatch.setenv("POKERLAB_LESSONS", str(les.path.parent))
    folder = tmp_path / "ann"
    lesson = write(folder / "99_tiny.ipynb", untouched(les))
    glossary = write(folder / "glossary.ipynb", glossary_notebook())
    course_map = write(
        folder / "00_course_map.ipynb",
        {"cells": [{"cell_type": "markdown", "id": "course-map", "metadata": {}, "source": "# The course"}],
         "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
    )  # fmt: skip
    stray = write(folder / "notes.ipynb", glossary_notebook())  # no exercise, but not one the release writes
    fb = tmp_path / "fb"
    code, lines, _ = _grade_cli(capsys, folder, "--feedback", fb)
    assert code == 0
    skipped = [
        f"{course_map}: skipped (the students' course map, handed out with the lessons: not a submission)",
        f"{glossary}: skipped (the course's glossary, handed out with the lessons: not a submission)",
    ]
    heads = [x for x in lines if not x.startswith(" ")]
    assert sorted(heads) == sorted([*skipped, f"{lesson}: 0/1 (lesson 99_tiny)", f"{stray}: 0/0"]), lines
    for line in skipped:  # one line each, no note under it
        after = lines[lines.index(line) + 1 :]
        assert not after or not after[0].startswith(" "), lines
    assert lines[lines.index(f"{stray}: 0/0") + 1] == "  note: not graded: no lesson's exercise cells are in it"
    assert sorted(p.name for p in fb.iterdir()) == ["ann~99_tiny.ipynb.html", "ann~notes.ipynb.html", "gradebook.jsonl"]
    book = [json.loads(x)["submission"] for x in (fb / "gradebook.jsonl").read_text().splitlines()]
    assert sorted(book) == ["ann/99_tiny.ipynb", "ann/notes.ipynb"]
    # a glossary.ipynb that holds a lesson's exercises is a submission all the same
    write(folder / "glossary.ipynb", untouched(les) | {"metadata": {"renamed": True}})
    graded = grading.grade([folder / "glossary.ipynb"], lessons=[les], allow_same_user=True,
                           allow_per_process_limits=True)  # fmt: skip
    assert graded[0].lesson == "99_tiny" and not graded[0].skipped
