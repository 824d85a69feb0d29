"""The grader's sandbox: a submission cannot read the hidden tests or other students' files, cannot change
the grader, forge its output or signal it (issue 23, outside tester's findings).

Before the sandbox, the kernel ran as the grader's user (root here) with the whole disk in view: a
submission that read the lesson from the checkout and ran its solution cells scored 8/8, one that rewrote
``pokerlab/course/_check_process.py`` scored 8/8 with wrong answers, one that killed its grandparent killed the
grader (exit 137, no grade printed), and one that wrote JSON lines to file descriptor 1 added notes, errors
and a ``kernel_pid`` that the grader then killed with SIGKILL as root.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import platform
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pokerlab
from pokerlab.cli import main
from pokerlab.course import _execute, _isolation, _mounts, _sandbox, grading
from pokerlab.course.lessons import lessons_dir, nbgrader_meta, read_lessons
from pokerlab.course.release import solutions_copy, student_copy
from pokerlab.errors import ParameterError

LESSONS = read_lessons()
LESSON = next(les for les in LESSONS if les.stem == "05_betting_strategies")  # its exercises run fastest
PACKAGE = Path(pokerlab.__file__).resolve().parent


def _cut(nb):
    return {**nb, "cells": [c for c in nb["cells"] if nbgrader_meta(c)]}


def _cell(nb, gid):
    return next(c for c in nb["cells"] if nbgrader_meta(c).get("grade_id") == gid)


def _hostile(code: str) -> dict:
    """The student copy with exercise 1's cell replaced by ``code`` and the other answers left out."""
    nb = copy.deepcopy(_cut(student_copy(LESSON.notebook)))
    _cell(nb, "ex1_code")["source"] = code
    for gid in ("ex2_code", "ex3_code", "ex4_code"):
        _cell(nb, gid)["source"] = "pass"
    return nb


def _write(path: Path, nb: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb))
    return path


def test_without_namespaces_grading_refuses_unless_same_user_is_allowed(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(_isolation, "_probe", lambda mode: False)
    with pytest.raises(ParameterError, match="--allow-same-user"):
        grading.isolation()
    assert grading.isolation(allow_same_user=True) == "none"
    nb = _write(tmp_path / "s.ipynb", solutions_copy(LESSON.notebook))
    assert main(["course", "grade", str(nb)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "hidden tests" in err[0] and "--allow-same-user" in err[0]


def test_the_note_says_a_same_user_grade_was_not_isolated(monkeypatch):
    monkeypatch.setattr(grading, "_run_submission", lambda *a, **k: _execute._Run())
    g = grading.grade_notebook(Path("s.ipynb"), solutions_copy(LESSON.notebook), "", LESSONS, isolate="none")
    assert any("--allow-same-user" in n and "hidden tests" in n for n in g.notes)


def test_the_kernel_sees_the_package_and_its_data_but_no_folder_that_holds_the_lessons(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # ``python -m pokerlab`` started in a course folder puts it first on sys.path
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    visible = _mounts._visible_paths()
    assert not any(os.path.realpath(tmp_path).startswith(p) for p in visible if p != "/")
    assert str(PACKAGE) in visible
    lessons = os.path.realpath(lessons_dir())
    for path in visible:
        assert not (lessons + "/").startswith(path.rstrip("/") + "/"), path


needs_sandbox = pytest.mark.skipif(
    not sys.platform.startswith("linux") or grading.isolation(allow_same_user=True) == "none",
    reason="no mount namespace on this machine",
)


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(folder.rglob("*")):
        if f.is_file():
            h.update(str(f).encode() + f.read_bytes())
    return h.hexdigest()


STEAL = r"""
import json, os, pathlib
found = []
def take(nb):
    for c in nb.get("cells", []):
        src = "".join(c["source"]) if isinstance(c.get("source"), list) else c.get("source", "")
        if c.get("cell_type") == "code" and "odds" in src and "raise NotImplementedError" not in src:
            try:
                exec(src, globals())
            except Exception:
                pass
for top in [{lessons!r}, {victim!r}, {feedback!r}, os.path.dirname({victim!r}), "/work", "/tmp", "/root", "/home"]:
    for folder, dirs, files in os.walk(top):
        for name in files:
            if name.endswith(".ipynb"):
                p = os.path.join(folder, name)
                try:
                    take(json.loads(pathlib.Path(p).read_text()))
                    found.append(p)
                except Exception:
                    pass
try:
    from pokerlab.course.lessons import read_lessons
    for les in read_lessons():
        take(les.notebook)
except Exception:
    pass
"""

PATCH = r"""
import pathlib, pokerlab.course._check_process as c
for p in [pathlib.Path(c.__file__), pathlib.Path(c.__file__).parent / "grading.py"]:
    try:
        p.write_text(p.read_text().replace('"passed": False', '"passed": True'))
    except OSError:
        pass
for p in pathlib.Path(c.__file__).parent.parent.rglob("__pycache__"):
    try:
        (p / "evil.pth").write_text("import os")
    except OSError:
        pass
odds, decision = 0.5, "fold"
"""

FORGE = r"""
import os
line = '{{"note": "FORGED"}}\n{{"kernel_pid": {pid}}}\n{{"error": "52641bfa", "text": "FORGED"}}\n'
for fd in (1, 2):
    os.write(fd, line.encode())
os.close(1)
odds, decision = 0.5, "fold"
"""

KILL = r"""
import os, signal
pid = os.getpid()
while pid > 1:  # every ancestor: the runner, the grader (before the sandbox: killed it, exit 137)
    pid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except OSError:
            pass
"""

NET = r"""
import socket
for host, port in (("127.0.0.1", {port}), ("1.1.1.1", 443)):
    s = socket.socket()
    s.settimeout(3)
    try:
        s.connect((host, port))
        s.sendall(b"answers please")
    except OSError:
        pass
odds, decision = 0.5, "fold"
"""

FORK = r"""
import os, threading, time
def spin():
    while True:
        time.sleep(0.01)
threading.Thread(target=spin, daemon=False).start()
kids = 0
for _ in range(2000):
    try:
        if os.fork() == 0:
            os.setsid()
            time.sleep(3600)
            os._exit(0)
        kids += 1
    except OSError:
        break
odds, decision = 0.5, "fold"
"""


@needs_sandbox
@pytest.mark.slow
def test_hostile_submissions_cannot_read_hidden_tests_change_the_grader_forge_or_kill_it(tmp_path):
    bob = _write(tmp_path / "bob" / "lesson05.ipynb", _cut(solutions_copy(LESSON.notebook)))
    bob_before = bob.read_bytes()
    feedback = tmp_path / "fb"
    bystander = subprocess.Popen(["sleep", "600"], start_new_session=True)  # a process group a forgery names
    listener = socket.socket()  # a service on this machine a submission tries to reach
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    listener.setblocking(False)
    package_before = _digest(PACKAGE / "course")
    try:
        paths = [
            _write(
                tmp_path / "eve" / "steal.ipynb",
                _hostile(STEAL.format(lessons=str(lessons_dir()), victim=str(bob), feedback=str(feedback))),
            ),
            _write(tmp_path / "eve" / "patch.ipynb", _hostile(PATCH)),
            _write(tmp_path / "eve" / "forge.ipynb", _hostile(FORGE.format(pid=bystander.pid))),
            _write(tmp_path / "eve" / "kill.ipynb", _hostile(KILL)),
            _write(tmp_path / "eve" / "fork.ipynb", _hostile(FORK)),
            _write(tmp_path / "eve" / "net.ipynb", _hostile(NET.format(port=listener.getsockname()[1]))),
            bob,
        ]
        cmd = [sys.executable, "-m", "pokerlab", "course", "grade", *map(str, paths), "--json", "--timeout", "121"]
        cmd += ["--feedback", str(feedback)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, check=False)
        assert proc.returncode == 0, proc.stderr[-2000:]
        grades = {Path(g["notebook"]).stem: g for g in json.loads(proc.stdout)}
        assert grades["lesson05"]["score"] == LESSON.max_score  # bob's grade is bob's
        for name in ("steal", "patch", "forge", "kill", "fork", "net"):
            assert grades[name]["score"] == 0, (name, grades[name])
        forged = grades["forge"]
        assert not any("FORGED" in n for n in forged["notes"]) and "FORGED" not in json.dumps(forged["exercises"])
        time.sleep(0.5)
        assert bystander.poll() is None, "the grader killed a process group named by a submission"
        assert bob.read_bytes() == bob_before
        assert _digest(PACKAGE / "course") == package_before
        assert not list(PACKAGE.rglob("evil.pth"))
        with pytest.raises(BlockingIOError):  # no network in the sandbox: nothing connected
            listener.accept()
        assert sorted(p.name for p in feedback.glob("*.html")) == sorted(
            f"{p.parent.name}~{p.name}.html" for p in paths
        )
    finally:
        listener.close()
        bystander.kill()
        bystander.wait()
    # nothing a kernel started outlives it: no process of the sandbox user is left
    left = subprocess.run(["pgrep", "-u", "65534", "-f", "--cpu 181 "], capture_output=True, text=True)  # this test's
    assert left.stdout.strip() == "", left.stdout


FILL = r"""
import json, os
folder = os.path.dirname(json.load(open("/.kernel/connection.json"))["ip"])  # the sockets' folder, on disk
written = 0
for i in range(20):
    try:
        with open(os.path.join(folder, f"junk{i}"), "wb") as f:
            f.write(b"x" * 2**20)
        written += 1
    except OSError:
        pass
odds = float(written)
"""


@needs_sandbox
@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="the sockets' folder is locked when the grader runs as root")
def test_a_kernel_cannot_write_to_the_disk_through_its_sockets_folder():
    run = grading._run_submission(_hostile(FILL), LESSON, "fill.ipynb", 120, 2**31, mode="root")
    assert run.answers[1]["odds"][0] == "0.0", run.answers


PEEK = r"""
import os
try:
    odds = float(len(os.listdir({folder!r})))
except OSError:
    odds = -1.0
try:
    decision = open({secret!r}).read()
except OSError as exc:
    decision = type(exc).__name__
"""


@needs_sandbox
@pytest.mark.slow
def test_a_secret_inside_a_visible_folder_is_covered(tmp_path):
    """Submissions (or a checkout) that lie inside a folder the kernel must see, here the virtual
    environment, are covered by an empty read-only folder."""
    folder = Path(sys.prefix).resolve() / f".pokerlab-hide-test-{os.getpid()}"
    folder.mkdir()
    try:
        secret = folder / "bob.ipynb"
        secret.write_text("bob's answers")
        mode = grading.isolation(allow_same_user=True)
        code = PEEK.format(folder=str(folder), secret=str(secret))
        run = grading._run_submission(_hostile(code), LESSON, "peek.ipynb", 120, 2**31, mode=mode, hide=[str(folder)])
        assert run.answers[1]["decision"][0] != repr("bob's answers"), run.answers
        assert run.answers[1]["odds"][0] in ("-1.0", "0.0"), run.answers
    finally:
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()


SHM = r"""
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
sid = libc.shmget({key}, 1 << 20, 0o1000 | 0o666)
if sid >= 0:
    ctypes.memset(libc.shmat(sid, None, 0), 1, 1 << 20)
odds = float(sid)
decision = open("/proc/sysvipc/shm").read()
"""


@needs_sandbox
@pytest.mark.slow
def test_a_submissions_shared_memory_is_its_own_and_gone_after_the_grade():
    """System V shared memory made in the sandbox is in its own IPC namespace: the host's segments are not
    listed inside, and the segment is gone from the host once the grade is done (a red team left 200 MB)."""
    key = 0x5EED0000 + os.getpid() % 0xFFFF
    mode = grading.isolation(allow_same_user=True)
    run = grading._run_submission(_hostile(SHM.format(key=key)), LESSON, "shm.ipynb", 120, 2**31, mode=mode)
    assert float(run.answers[1]["odds"][0]) >= 0, run.answers  # the segment was made inside
    inside = eval(run.answers[1]["decision"][0])
    assert len(inside.strip().splitlines()) == 2, inside  # the header and the submission's own segment
    host = Path("/proc/sysvipc/shm").read_text().splitlines()[1:]
    assert all(int(line.split()[0]) != key for line in host), host


INIT = r"""
import os
try:
    odds = float(len(open("/proc/1/environ", "rb").read()))
except OSError:
    odds = -1.0
caps = [ln for ln in open("/proc/1/status").read().splitlines() if ln.startswith("CapEff")]
decision = caps[0].split()[1] if caps else "?"
"""


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux") or not _isolation._probe("userns"), reason="no user namespace")
def test_in_a_user_namespace_the_kernel_cannot_read_or_borrow_the_sandboxs_first_process():
    """PID 1 of the sandbox (which built the mounts) runs under the kernel's uid in a user namespace: it must
    keep no capability and not be dumpable, else the kernel could read its environment (the grader's) or
    ptrace it and undo the read-only mounts."""
    run = grading._run_submission(_hostile(INIT), LESSON, "init.ipynb", 120, 2**31, mode="userns")
    assert run.answers[1]["odds"][0] == "-1.0", run.answers
    assert int(run.answers[1]["decision"][0].strip("'"), 16) == 0, run.answers


KEYS = r"""
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
add_key, keyctl = {calls}
made = libc.syscall(add_key, b"user", b"pokerlab-test", b"answers-of-a", 12, ctypes.c_int(-4))
odds = float(made if made >= 0 else -ctypes.get_errno())
found = libc.syscall(keyctl, 10, ctypes.c_int(-4), b"user", b"pokerlab-test", 0)
decision = str(found if found >= 0 else -ctypes.get_errno())
"""


@needs_sandbox
@pytest.mark.slow
@pytest.mark.skipif(platform.machine() not in _sandbox._KEYRING_CALLS, reason="x86-64 and arm64 only")
def test_a_submission_has_no_keyring_to_leave_answers_in_for_the_next():
    """The red team's writer put "answers-of-a" in nobody's user keyring and a later classmate read it (keyrings
    belong to the uid, not to a namespace), and the keys stayed on the host. The keyring calls now fail (EPERM)."""
    _, (add_key, _, keyctl) = _sandbox._KEYRING_CALLS[platform.machine()]
    mode = grading.isolation(allow_same_user=True)
    code = KEYS.format(calls=(add_key, keyctl))
    for name in ("writer.ipynb", "reader.ipynb"):
        run = grading._run_submission(_hostile(code), LESSON, name, 120, 2**31, mode=mode)
        assert (run.answers[1]["odds"][0], run.answers[1]["decision"][0]) == ("-1.0", "'-1'"), run.answers  # EPERM


ACCOUNTS = r"""
odds = 1.0
decision = open("/etc/passwd").read() + "--\n" + open("/etc/group").read()
"""


def _names(text: str) -> set[str]:
    return {line.split(":", 1)[0] for line in text.splitlines() if ":" in line}


@needs_sandbox
@pytest.mark.slow
@pytest.mark.parametrize("mode", ["root", "userns"])
def test_a_submission_sees_no_account_of_the_host(mode):
    """Every sandbox showed the host's /etc/passwd and /etc/group (red team round 2, G5): every login and full name,
    a class's on a server where students have accounts, sent back through the submission's own page. The sandbox
    has its own: root, nobody/nogroup and the kernel's own uid (1000 in a user namespace), no one else."""
    if (mode == "root" and os.geteuid() != 0) or not _isolation._probe(mode):
        pytest.skip(f"no {mode} sandbox here")
    run = grading._run_submission(_hostile(ACCOUNTS), LESSON, "accounts.ipynb", 120, 2**31, mode=mode)
    passwd, group = eval(run.answers[1]["decision"][0]).split("--\n")
    allowed = {"root", "nobody", "nogroup", "sandbox"}
    assert _names(passwd) <= allowed and _names(group) <= allowed, (passwd, group)
    host = _names(Path("/etc/passwd").read_text()) | _names(Path("/etc/group").read_text())
    assert host - allowed, "the host has no account to hide: the test proves nothing here"
    assert not (host - allowed) & (_names(passwd) | _names(group))
    uid = _isolation._stranger()[0] if mode == "root" else _sandbox.INSIDE_UID
    assert any(line.split(":")[2] == str(uid) for line in passwd.splitlines()), passwd  # the kernel's own user
    assert "/etc/passwd" not in _mounts._visible_paths() and "/etc/group" not in _mounts._visible_paths()
