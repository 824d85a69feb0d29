"""Grade submissions (``pokerlab course grade``): untrusted notebooks in fresh, limited kernels.

How one submission is graded:

1. every file is read into memory before any of them runs, so nothing a submission does to the files
   (another student's included) changes what is graded;
2. the lesson is recognised from the content (the cell ids and nbgrader ``grade_id`` it shares with a
   lesson), never from the file name;
3. its code cells run top to bottom in a fresh IPython kernel (``pokerlab.course._sandbox``: limits on
   memory, CPU time, file size and processes) whose working folder is a new temporary folder holding only
   its own copy, with a time limit per notebook; a cell that raises or hangs is recorded and the next one
   runs. The kernel is isolated (:func:`isolation`): new mount and PID namespaces, ``nobody`` (or a user
   namespace) and a bare root where the lessons, other submissions and the grader's files do not exist, so
   it can neither read the hidden tests nor change or signal the grader; its own stdout goes nowhere, so
   it cannot forge the runner's events;
4. where a lesson's check cell stands, the grader asks the kernel only for the values the check reads
   (``metadata.pokerlab.answers``), as plain data (numbers, strings, lists, tuples, dicts, sets);
5. the checks, hidden tests included, are taken from the lesson source (never from the submission) and
   run by :mod:`pokerlab.course._check` in a separate process that no submission code has run in (one for
   all the notebooks of a ``grade()`` call: it only ever runs the lessons' code), with the lesson's setup
   run afresh and answers rebuilt by :func:`ast.literal_eval`; a check whose answers are all missing fails
   without it ("`x` is not defined").

So edited metadata or checksums, redefined helpers, a forged check cell or a patched ``pokerlab`` count
for nothing: they live in a kernel whose only output that matters is the answers' values. A check cell
deleted from the submission scores 0 with a line saying so. Written answers (graded by hand) are not part
of ``score``/``max_score``; their points are listed separately.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import html
import json
import math
import os
import re
import secrets
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerlab import _validate, _warm
from pokerlab._cache import FORMAT, cache_dir
from pokerlab.course import _extra, _gradebook, _limits, _mounts, _submissions
from pokerlab.course._check import unanswered
from pokerlab.course._mounts import _inside, _secret_paths, _visible_paths
from pokerlab.course._runner import READY_SECONDS, START_TRIES
from pokerlab.course.handout import GLOSSARY
from pokerlab.course.lessons import (
    Exercise,
    Lesson,
    check_lessons,
    check_notebook,
    lessons_dir,
    nbgrader_meta,
    read_lessons,
    source,
)
from pokerlab.course.release import CODE_STUB, student_copy
from pokerlab.errors import ParameterError

_extra.require("pokerlab course grade")  # the lecturer's tool: pokerlab[course] (distributed for --scheduler)

__all__ = ["ExerciseResult", "NotebookGrade", "grade", "identify"]

DEFAULT_TIMEOUT = 900.0  # seconds per notebook
DEFAULT_MEMORY = 4 * 2**30  # bytes of address space for the kernel


@dataclass
class ExerciseResult:
    """Points of one autograded exercise, and why they were lost."""

    name: str
    score: float
    max_score: float
    message: str = ""
    written_points: float = 0.0  # a written answer's points, graded by hand (not in score)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score, "max_score": self.max_score, "message": self.message}


@dataclass
class NotebookGrade:
    """The grade of one submitted notebook."""

    notebook: str
    lesson: str | None
    exercises: list[ExerciseResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    submission: str = ""  # the path relative to the batch's common folder (names the feedback page)
    student: str | None = None  # the first folder of ``submission`` (or ``student_from``'s match)
    reused: bool = False  # taken from the gradebook (content and settings unchanged), not graded again
    skipped: str = ""  # why it is no submission (the course map or glossary of a release): no grade, no page

    def record(self) -> dict[str, Any]:
        """Everything in this grade, as plain data (the gradebook's form; :meth:`from_record` reads it)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> NotebookGrade:
        fields = {f.name for f in dataclasses.fields(cls)} - {"exercises"}
        ex_fields = {f.name for f in dataclasses.fields(ExerciseResult)}
        exercises = [ExerciseResult(**{k: v for k, v in e.items() if k in ex_fields}) for e in data["exercises"]]
        return cls(**{k: v for k, v in data.items() if k in fields}, exercises=exercises)

    @property
    def score(self) -> float:
        return sum(e.score for e in self.exercises)

    @property
    def max_score(self) -> float:
        return sum(e.max_score for e in self.exercises)

    @property
    def written_points(self) -> float:
        return sum(e.written_points for e in self.exercises)

    def to_json(self) -> dict[str, Any]:
        return {
            "notebook": self.notebook,
            "submission": self.submission or Path(self.notebook).name,
            "student": self.student,
            "seconds": round(self.seconds, 3),
            "from_gradebook": self.reused,
            "lesson": self.lesson,
            "score": self.score,
            "max_score": self.max_score,
            "exercises": [e.to_json() for e in self.exercises],
            "written_points_to_grade_by_hand": self.written_points,
            "notes": self.notes,
            "skipped": self.skipped or None,
        }

    def lines(self) -> list[str]:
        """The text the command prints for this notebook: one line per notebook, note and exercise (a grade taken
        from the gradebook, not given by this run, says so on its first line), whatever the
        file is called or a check's message quotes (:func:`~pokerlab.course._submissions.shown` escapes anything
        that could forge a line: all but ASCII and accented Latin letters, and runs of spaces)."""
        esc = _submissions.shown
        if self.skipped:
            return [f"{esc(self.notebook)}: skipped ({self.skipped})"]
        head = f"{esc(self.notebook)}: {_num(self.score)}/{_num(self.max_score)}"
        said = [f"lesson {esc(self.lesson)}"] if self.lesson else []
        said += ["from the gradebook"] if self.reused else []
        head += f" ({', '.join(said)})" if said else ""
        out = [head]
        out += [f"  note: {esc(n)}" for n in self.notes]
        for e in self.exercises:
            line = f"  {esc(e.name)}: {_num(e.score)}/{_num(e.max_score)}"
            message = _submissions.shown_message(e.message) if e.message else ""
            if len(line) + 2 + len(message) <= REPORT_WIDTH:
                out.append(line + (f"  {message}" if message else ""))
            else:  # wrapped here, indented, so no piece of a message starts a line a terminal shows (a forged grade)
                out.append(line)
                out += ["      " + piece for piece in textwrap.wrap(message, REPORT_WIDTH - 6, break_on_hyphens=False)]
        if self.written_points:
            out.append(f"  written answers: {_num(self.written_points)} points to grade by hand")
        return out


def _one_lesson(name: str, lessons: Sequence[Lesson]) -> str:
    """The stem of the one lesson ``name`` names (its number, ``"05"`` or ``"5"``, or its stem), or a ParameterError."""
    text = str(name).strip()
    hits = [les.stem for les in lessons if les.stem == text or les.stem.split("_")[0].lstrip("0") == text.lstrip("0")]
    if len(hits) != 1:
        known = ", ".join(les.stem.split("_")[0] for les in lessons)
        raise ParameterError(f"--lesson {text!r:.40} names no lesson (the lessons: {known})")
    return hits[0]


def _fits(g: NotebookGrade, lessons: Sequence[Lesson]) -> bool:
    """Is ``g`` (read from the gradebook) a grade of one of ``lessons``: its exercises that lesson's, in order, with
    their points, each score between 0 and its points, its seconds a finite number, its notes a list of texts? (A
    line edited by hand is graded again.)"""
    seconds = g.seconds
    if not _validate.is_number(seconds) or not 0 <= seconds < math.inf:
        return False
    if not isinstance(g.notes, list):
        return False
    if g.lesson is None:
        return not g.exercises
    lesson = next((les for les in lessons if les.stem == g.lesson), None)
    if lesson is None or len(g.exercises) != len(lesson.exercises):
        return False
    return all(
        isinstance(r.name, str) and r.name == e.name and r.max_score == e.points and 0 <= r.score <= e.points
        and r.written_points == e.written_points and isinstance(r.message, str)
        for r, e in zip(g.exercises, lesson.exercises, strict=True)
    ) and all(isinstance(n, str) for n in g.notes)  # fmt: skip


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def identify(notebook: dict[str, Any], lessons: Sequence[Lesson]) -> Lesson | None:
    """The lesson a notebook comes from: the one sharing the most cell ids and grade ids with it
    (at least three), whatever the file is called."""
    cells = check_notebook(notebook)["cells"]
    lessons = check_lessons(lessons)
    ids = {c.get("id") for c in cells if isinstance(c.get("id"), str)}
    gids = {g for c in cells if isinstance(g := nbgrader_meta(c).get("grade_id"), str)}
    best, best_n = None, 2
    for lesson in lessons:
        n = len(ids & lesson.cell_ids()) + len({g for g in gids if g.startswith("ex")} & lesson.grade_ids())
        if n > best_n:
            best, best_n = lesson, n
    return best


HANDED_OUT = {
    GLOSSARY: "the course's glossary, handed out with the lessons: not a submission",
    "00_course_map.ipynb": "the students' course map, handed out with the lessons: not a submission",
}
"""The notebooks ``pokerlab course release`` writes beside the lessons, which hold no exercise: a release folder
handed in whole (or a student's copy of it) is graded without them, each listed as skipped, with no page."""


def _handed_out(sub: _submissions.Submission, lesson: Lesson | None) -> str:
    """Why ``sub`` is not a submission (one of :data:`HANDED_OUT`, with no lesson's exercises in it), else ''."""
    if lesson is not None or sub.problem or sub.data is None:
        return ""
    return HANDED_OUT.get(Path(sub.relative).name, "")


def _read(path: Path) -> tuple[dict[str, Any] | None, str]:
    """A submission parsed as a notebook, or None and why not (read without following a link: a link, a
    device, a pipe or a folder is "not a regular file", never opened)."""
    _, (sub,) = _submissions.collect([str(path)])
    return _parse(sub.data, sub.problem)


def _lesson_of(sub: _submissions.Submission, lessons: Sequence[Lesson]) -> Lesson | None:
    nb, _ = _parse(sub.data, sub.problem)
    return identify(nb, lessons) if nb is not None else None


MAX_VALUES = 500_000
"""A notebook holding more JSON lists and objects than this (counted as ``[`` and ``{`` bytes) is not parsed: the
lessons hold about 1,300, and 63 MB of ``[[],[],...]`` parsed took 1.6 GB of the grader's memory."""


def _parse(data: bytes | None, problem: str = "") -> tuple[dict[str, Any] | None, str]:
    """A submission's bytes parsed as a notebook, or None and why not."""
    if data is None:
        return None, problem
    values = data.count(b"[") + data.count(b"{")
    if values > MAX_VALUES:
        return None, f"not a notebook a lesson makes ({values} JSON lists and objects; at most {MAX_VALUES} are read)"
    try:
        data = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return None, f"not a readable notebook ({type(exc).__name__})"
    old = isinstance(data, dict) and _validate.is_whole(data.get("nbformat")) and data["nbformat"] < 4
    if old and "worksheets" in data:
        try:  # an old notebook (nbformat 3, IPython 1-3): upgraded as Jupyter opens it, cell metadata kept
            import nbformat

            data = json.loads(nbformat.writes(nbformat.reads(json.dumps(data), as_version=4)))
        except Exception:  # any failure of the upgrade means "not a notebook" below
            pass
    try:
        return check_notebook(data), ""
    except ParameterError:
        return None, "not a notebook (it needs a list of cells, each with a type and a source)"


_EXTRACT = r"""
def __pokerlab_extract(names, marker):
    import json, math
    def plain(x, depth=0):
        if depth > 30:
            raise TypeError("is nested too deeply")
        t = type(x)
        if x is None or t is bool or t is str or t is int:
            return x
        if t is float:
            if not math.isfinite(x):
                raise TypeError("is not a finite number")
            return x
        if t is list or t is tuple:
            items = [plain(v, depth + 1) for v in x]
            return items if t is list else tuple(items)
        if t is set or t is frozenset:
            return {plain(v, depth + 1) for v in x}
        if t is dict:
            return {plain(k, depth + 1): plain(v, depth + 1) for k, v in x.items()}
        mod = getattr(t, "__module__", "")
        if mod == "numpy" and getattr(x, "ndim", None) == 0:
            return plain(x.item(), depth + 1)
        if mod == "fractions":
            return float(x)
        if isinstance(x, str):
            return str.__str__(x)
        if isinstance(x, int):  # runs in the submission's kernel, which has no pokerlab._validate
            return int.__index__(x)
        raise TypeError(f"is a {t.__name__}, not plain data (numbers, strings, lists, tuples, dicts)")
    out = {}
    space = globals()
    for name in names:
        if name not in space:
            out[name] = [None, "is not defined"]
            continue
        try:
            text = repr(plain(space[name]))
            out[name] = [text, ""] if len(text) < 2**20 else [None, "is too large"]
        except Exception as exc:
            out[name] = [None, str(exc)]
    print(marker + json.dumps(out))
__pokerlab_extract(%r, %r)
del __pokerlab_extract
"""


SANDBOX_USER = "nobody"


def _stranger() -> tuple[int, int]:
    """The unprivileged user a kernel runs as when the grader is root (``nobody``, else 65534)."""
    import pwd

    try:
        entry = pwd.getpwnam(SANDBOX_USER)
        return entry.pw_uid, entry.pw_gid
    except KeyError:
        return 65534, 65534


_MODES: dict[str, bool] = {}


#: the text report's widest line: a longer message is wrapped, each piece indented, so on a terminal at least this
#: wide no line of a message starts where a notebook's grade line does (a red team padded one to forge a grade)
REPORT_WIDTH = 80

#: the longest path a unix socket may have (sun_path holds 108 bytes with its closing NUL)
SOCKET_PATH_MAX = 107


def _grading_folder() -> Path:
    """A fresh private folder for one notebook's grading, in ``$TMPDIR``; in ``/tmp`` when ``$TMPDIR`` is so deep
    that the kernel's sockets (``<folder>/ipc/kernel-<port>``) would pass :data:`SOCKET_PATH_MAX` (zmq then
    refuses to start the kernel: "File name too long"). Either way it is removed with everything in it."""
    top = Path(tempfile.mkdtemp(prefix="pokerlab-grade-"))
    if len(os.fsencode(top / "ipc" / "kernel-99999")) > SOCKET_PATH_MAX and os.path.isdir("/tmp"):
        top.rmdir()
        top = Path(tempfile.mkdtemp(prefix="pokerlab-grade-", dir="/tmp"))
    return top


def _probe(mode: str) -> bool:
    """Can a kernel be isolated this way on this machine? (asked once per process)"""
    if mode not in _MODES:
        top = Path(tempfile.mkdtemp(prefix="pokerlab-probe-"))
        try:
            (top / "root").mkdir()
            (top / "work").mkdir()
            (top / "ipc").mkdir()
            if mode == "root":
                os.chown(top / "work", *_stranger())
            args = [sys.executable, "-m", "pokerlab.course._sandbox", "--probe", "--isolate", mode]
            args += ["--root", str(top / "root"), "--workdir", str(top / "work"), "--ipc", str(top / "ipc")]
            args += [x for p in _visible_paths() for x in ("--keep", p)]
            args += ["--hidden", str(lessons_dir()), "--user", "{}:{}".format(*_stranger())]
            proc = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, cwd=top)
            _MODES[mode] = proc.returncode == 0 and proc.stdout.strip() == "ok"
        except (OSError, subprocess.SubprocessError):
            _MODES[mode] = False
        finally:
            shutil.rmtree(top, ignore_errors=True)
    return _MODES[mode]


def isolation(allow_same_user: bool = False) -> str:
    """How submissions are kept from the lessons' hidden tests, other students' files and the grader:
    ``"root"`` (kernels run as ``nobody`` in a bare root: the grader runs as root), ``"userns"`` (a user
    namespace does the same for any user), or ``"none"`` (same user: only with ``allow_same_user``)."""
    if sys.platform.startswith("linux"):
        for mode in ("root", "userns") if os.geteuid() == 0 else ("userns",):
            if _probe(mode):
                return mode
    if allow_same_user:
        return "none"
    raise ParameterError(
        "cannot isolate the submissions on this machine (no Linux mount namespace: run the grader as root, or "
        "allow unprivileged user namespaces): a submission could read the lessons' hidden tests and other "
        "students' files; --allow-same-user grades anyway, as your own user"
    )


def limits(allow_per_process: bool = False) -> _limits.Hierarchy | None:
    """Where each submission's control group goes (:mod:`pokerlab.course._limits`: memory and processes for all
    its processes together), or None with ``allow_per_process`` where this machine has none for this user."""
    where, why = _limits.available()
    if where is not None or allow_per_process:
        return where
    raise ParameterError(
        f"cannot limit each submission as a whole on this machine ({why}: run the grader as root): a submission's "
        "processes could together take all the memory; --allow-per-process-limits grades anyway, with limits per "
        "process only"
    )


def _numba_cache(workdir: Path) -> None:
    """Copy pokerlab's compiled kernels (numba's cache, read-only in the sandbox or out of its sight) into the
    kernel's own cache folder, so a submission does not compile them again (and cannot alter the originals).

    The cache is read wherever numba keeps it for the grader's settings (:func:`pokerlab._warm.cache_folders`:
    beside the package, or ``$NUMBA_CACHE_DIR``, or numba's folder in the user's cache when the package is
    read-only). On a fresh install the first notebook's kernel compiles what its lesson uses and the check
    process, which can write the cache, compiles its own share; the notebooks after it get copies. (Compiling
    every kernel up front, ``warm_kernels``, cost about 51 s of one core against about 20 s for the first notebook
    of three lessons, measured by the outside tester on 2026-11-28: it pays only from about twenty notebooks on.)"""
    try:
        from numba.core.caching import _CacheLocator

        folders = _warm.cache_folders()
    except ImportError:
        return
    room = NUMBA_COPY_LIMIT
    for cache, code_folder in folders:
        try:
            files = [f for f in cache.iterdir() if f.suffix in (".nbi", ".nbc")]
        except OSError:
            continue
        if files:
            target = workdir / ".numba" / _CacheLocator.get_suitable_cache_subpath(str(code_folder / "x.py"))
            target.mkdir(parents=True, exist_ok=True)
            for f in files:
                room -= _copy_regular(f, target / f.name, room)


NUMBA_COPY_LIMIT = 256 * 2**20
"""At most this many bytes of numba's cache are copied into each kernel's working folder (pokerlab's kernels
take a few MB)."""


def _copy_regular(src: Path, dst: Path, room: int) -> int:
    """Copy ``src`` to ``dst`` if it is a regular file of at most ``room`` bytes; return the bytes copied.

    Shared by :func:`_numba_cache` and :func:`_pokerlab_cache`. A cache may sit in a folder others can write
    (``$NUMBA_CACHE_DIR``, ``$POKERLAB_CACHE_DIR``): the file is opened without
    following a link and checked on the open file, so a link planted there cannot bring a file the grader
    can read (the lessons, its own files) into a submission's kernel, nor a pipe hang the copy."""
    with contextlib.suppress(OSError):
        fd = os.open(src, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if stat.S_ISREG(st.st_mode) and st.st_size <= room:
                data = f.read(st.st_size)  # no more than was counted, should the file grow
                with open(dst, "wb") as out:
                    out.write(data)
                os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))  # as copy2 did (numba reads the index, not this)
                return len(data)
    return 0


CACHE_COPY_LIMIT = 64 * 2**20
"""At most this many bytes of the grader's pokerlab cache are copied into each kernel's working folder."""


def _pokerlab_cache(workdir: Path) -> None:
    """Copy the grader's pokerlab cache (evaluator tables, canonical boards, BPP's deal counts: a few MB) into
    the kernel's own cache folder, so each submission does not build them again (lesson 08's network alone
    counts 400,000 deals). Each file carries its digest and is checked when read (``pokerlab._cache``), and a
    submission can change only its own copy. Only regular files named as pokerlab names its cache files, and
    no more than :data:`CACHE_COPY_LIMIT` bytes, newest first; anything missing is built as before."""
    target = workdir / ".pokerlab-cache"
    target.mkdir(exist_ok=True)
    try:
        names = list(cache_dir().glob(f"*-f{FORMAT}.npz"))
    except OSError:
        return
    found = []
    for f in names:  # one file gone (removed since the listing) costs only that file, not the whole copy
        with contextlib.suppress(OSError):
            st = f.lstat()
            if stat.S_ISREG(st.st_mode):
                found.append((st.st_mtime, f))
    found.sort(key=lambda x: x[0], reverse=True)
    room = CACHE_COPY_LIMIT
    for _, f in found:  # a file swapped for a link, a pipe or a bigger file since the listing is not copied
        room -= _copy_regular(f, target / f.name, room)


_PLAIN_DISPLAY = (
    "--MimeBundleFormatter.enabled=False",
    "--IPythonDisplayFormatter.enabled=False",
    "--DisplayFormatter.active_types=text/plain",
)
"""The kernel shows every value as plain text: the grader drops every output, so drawing a chart (a PNG by
vl-convert, a second or more each) or an HTML table in a kernel would only cost time. No answer can depend
on it: IPython never lets a failing display fail a cell."""


def _kernel_spec(
    folder: Path,
    top: Path,
    workdir: Path,
    memory: int,
    cpu: int,
    mode: str,
    hide: Sequence[str] = (),
    procs: Sequence[str] = (),
) -> None:
    argv = [sys.executable, "-m", "pokerlab.course._sandbox", "--memory", str(memory), "--cpu", str(cpu)]
    argv += [x for p in procs for x in ("--cgroup", p)]
    if mode != "none":
        argv += ["--isolate", mode, "--root", str(top / "root"), "--workdir", str(workdir)]
        argv += ["--ipc", str(top / "ipc")]  # no network: the kernel talks to the runner over unix sockets
        visible = _visible_paths()
        # a secret inside a visible folder (lessons inside the package, say) is covered; nothing else is named here
        # (the kernel's first process shows this command line in its /proc: no other submission is on it)
        covered = [os.path.realpath(p) for p in [*_secret_paths(), *hide]]
        covered = [p for p in covered if any(_inside(p, v) for v in visible)]
        argv += [x for p in covered for x in ("--hide", p)]
        argv += [x for p in visible for x in ("--keep", p)] + ["--user", "{}:{}".format(*_stranger())]
    spec = {
        "argv": [*argv, *_PLAIN_DISPLAY, "-f", "{connection_file}"],
        "display_name": "pokerlab grader",
        "language": "python",
        "env": {
            "HOME": str(workdir),
            "MPLCONFIGDIR": str(workdir / ".mpl"),
            "NUMBA_CACHE_DIR": str(workdir / ".numba"),
            "POKERLAB_CACHE_DIR": str(workdir / ".pokerlab-cache"),
            "PYTHONDONTWRITEBYTECODE": "1",
        },
    }
    (folder / "pokerlab-grader").mkdir(parents=True)
    (folder / "pokerlab-grader" / "kernel.json").write_text(json.dumps(spec))


PER_PROCESS_NOTE = (
    "limits per process only (--allow-per-process-limits): this submission's processes together could use more "
    "memory than --memory, and its processes counted with every other kernel's"
)

SAME_USER_NOTE = (
    "graded as the grader's own user (--allow-same-user): this submission could read the lessons' hidden "
    "tests and other files of yours"
)


@dataclass
class _Run:
    answers: dict[int, dict[str, list[Any]]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # lesson cell id -> the error it raised
    notes: list[str] = field(default_factory=list)
    started: bool = True  # False when no kernel started (the machine's doing: no cell of the notebook ran)


def _run_submission(
    notebook: dict[str, Any],
    lesson: Lesson,
    name: str,
    timeout: float,
    memory: int,
    mode: str = "none",
    hide: Sequence[str] = (),
    cgroups: _limits.Hierarchy | None = None,
    processes: int = _limits.DEFAULT_PROCESSES,
) -> _Run:
    """Run the submission's code cells in a fresh sandboxed kernel (through :mod:`pokerlab.course._runner`,
    a process of its own); collect the answers at each check cell. With ``cgroups``, everything the kernel
    starts shares one group: ``memory`` bytes and ``processes`` tasks together (:mod:`pokerlab.course._limits`)."""
    run = _Run()
    by_id = {e.cell_id: e for e in lesson.exercises}
    by_gid = {e.grade_id: e for e in lesson.exercises}
    marker = f"@@pokerlab-answers-{secrets.token_hex(8)}@@"
    plan: list[tuple[str, int | None, str]] = []  # (source, exercise whose answers it extracts, cell id)
    seen: set[int] = set()
    for cell in notebook["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        cid = str(cell["id"]) if isinstance(cell.get("id"), str) else ""
        ex = by_id.get(cid) or by_gid.get(str(nbgrader_meta(cell).get("grade_id", "")))
        if ex is not None:
            if ex.number not in seen:
                seen.add(ex.number)
                plan.append((_EXTRACT % (list(ex.answers), marker), ex.number, cid))
            continue
        plan.append((source(cell), None, cid))
    top = _grading_folder()
    kernel_pids: list[int] = []  # one per start of the kernel (the runner tries again when one does not start)
    proc: subprocess.Popen[str] | None = None
    group = _limits.Group(cgroups, memory, processes) if cgroups is not None else None
    try:
        workdir, specs = top / "work", top / "kernels"
        workdir.mkdir()
        (workdir / name).write_text(json.dumps(notebook), encoding="utf-8")
        _numba_cache(workdir)
        _pokerlab_cache(workdir)
        if mode != "none":
            (top / "root").mkdir()
            (top / "ipc").mkdir(mode=0o700)
            if mode == "root":  # nobody creates its sockets here, then the runner takes the right to write away
                os.chmod(top / "ipc", 0o1777)
        procs = group.procs if group is not None else []
        _kernel_spec(specs, top, workdir, memory, cpu=int(timeout) + 60, mode=mode, hide=hide, procs=procs)
        request = {"plan": plan, "marker": marker, "timeout": timeout, "workdir": str(workdir), "specs": str(specs)}
        if mode != "none":
            request["ipc"] = str(top / "ipc" / "kernel")
            request["lock_ipc"] = mode == "root"
        proc = subprocess.Popen(
            [sys.executable, "-m", "pokerlab.course._runner"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,  # the runner's own (the kernel's goes nowhere): its last line says why it ended
            text=True,
            cwd=str(top),
            start_new_session=True,
        )
        with _RUNNING_LOCK:
            _RUNNING.add(proc)
            stopping = _STOP.is_set()
        if stopping:  # Ctrl-C came while this runner was starting: it goes at once, like the others
            os.killpg(proc.pid, signal.SIGKILL)
        try:
            # the cells' own time, and each try at starting the kernel (the runner's clock starts once it is ready)
            limit = timeout + START_TRIES * READY_SECONDS + 30
            stdout, stderr = proc.communicate(json.dumps(request), timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            stdout, stderr = proc.communicate()
            run.notes.append(f"the notebook did not finish within {timeout:g} s: it was stopped")
        for line in stdout.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if "kernel_pid" in event:  # only the runner writes here (the kernel's own output goes nowhere)
                kernel_pids.append(int(event["kernel_pid"]))
            elif "kernel_gone" in event:  # stopped and reaped by the runner: its pid may be another process's now
                with contextlib.suppress(ValueError):
                    kernel_pids.remove(int(event["kernel_gone"]))
            elif "answers" in event:
                ex = next((e for e in lesson.exercises if e.number == event["answers"]), None)
                if ex is not None:
                    run.answers[ex.number] = _parse_answers(str(event.get("values", "")), ex)
            elif "error" in event:
                run.errors[str(event["error"])] = str(event.get("text", ""))
            elif "note" in event:
                run.notes.append(str(event["note"]))
                if event.get("started") is False:
                    run.started = False
        if proc.returncode not in (0, -signal.SIGKILL) and not run.notes:
            # the error's type only: its message may carry text a submission chose (a forged kernel message, say)
            last = next((line.strip() for line in reversed(stderr.splitlines()) if line.strip()), "")
            kind = last.split(":", 1)[0]
            why = f" ({kind})" if re.fullmatch(r"[A-Za-z_][\w.]{0,99}", kind) else ""
            run.notes.append(f"the notebook's run ended abnormally{why}: later cells were not run")
    finally:
        if group is not None:
            run.notes.extend(group.notes())
            group.close()  # everything the submission left running
        if proc is not None:
            with _RUNNING_LOCK:
                _RUNNING.discard(proc)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)  # the runner, should it still be there
        for kernel_pid in kernel_pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(kernel_pid, signal.SIGKILL)  # the kernel and anything it left running
        shutil.rmtree(top, ignore_errors=True)
    return run


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


def _parse_answers(text: str, ex: Exercise) -> dict[str, list[Any]]:
    try:
        data = json.loads(text)
    except ValueError:
        data = {}
    out: dict[str, list[Any]] = {}
    for name in ex.answers:
        v = data.get(name) if isinstance(data, dict) else None
        ok = isinstance(v, list) and len(v) == 2 and (v[0] is None or isinstance(v[0], str)) and isinstance(v[1], str)
        out[name] = v if ok and isinstance(v, list) else [None, "could not be read"]
    return out


REVEAL_VARIABLE = "POKERLAB_GRADE_REVEAL"
"""Set to "1" in the environment of the process that runs the hidden tests only with ``reveal`` (``course grade
--reveal``): they then name the expected values (after the deadline); not set otherwise. A submission's kernel
never has it (its environment is cleared), and could not use it: the checks never run there."""

DIED = "the check process ended unexpectedly: this check did not finish"


class _Checker:
    """The process that runs the lessons' checks (:mod:`pokerlab.course._check`) for one ``grade()`` call.

    Started when a check first has answers to look at, it answers the requests of every notebook, one after
    the other, so 200 submissions pay once for importing pokerlab and loading its compiled kernels. No
    submission code ever runs in it (the answers arrive as literals), and the setup runs afresh for every
    notebook. A request that takes longer than its time limit, or a process that died, costs only that
    request: the process is stopped and the next request starts a new one."""

    def __init__(self, reveal: bool = False) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self.reveal = reveal

    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is None or self._proc.poll() is not None:
            self._cwd = tempfile.mkdtemp(prefix="pokerlab-check-")
            # hidden tests name their expected values only with --reveal: "1" then, and not set at all otherwise,
            # whatever the grader's own environment says
            env = {k: v for k, v in os.environ.items() if k != REVEAL_VARIABLE}
            if self.reveal:
                env[REVEAL_VARIABLE] = "1"
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "pokerlab.course._check"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=self._cwd,
                env=env,
                # not in the grader's process group: a Ctrl-C in the terminal must not kill it before the grader
                # stops, or a grade given in that moment would say the checks died (and be kept in the gradebook)
                start_new_session=True,
            )
        return self._proc

    def run(self, lesson: Lesson, checks: list[dict[str, Any]], timeout: float) -> dict[int, tuple[bool, str]]:
        """Each check's (passed, message), by exercise number: a check the request's time limit or the process's
        death cut short fails saying so (:meth:`over`, :data:`DIED`); one missing from the answer did not run
        (the setup failed)."""
        if not checks:
            return {}
        end = secrets.token_hex(8)
        request = json.dumps(
            {"setup": lesson.setup, "checks": checks, "seconds": 300, "end": end, "reveal": self.reveal}
        )
        lines, stopped = self._ask(request.encode() + b"\n", end, timeout)
        results: dict[int, tuple[bool, str]] = {}
        for line in lines:
            try:
                r = json.loads(line)
                results[int(r["number"])] = (bool(r["passed"]), str(r["message"]))
            except (ValueError, KeyError, TypeError):
                continue
        if stopped:  # the checks it did not finish fail with the reason
            for c in checks:
                results.setdefault(int(c["number"]), (False, stopped))
        return results

    def _ask(self, request: bytes, end: str, timeout: float) -> tuple[list[str], str]:
        """Send one request; its output lines until its end line, and "" (or, when the request outlasted its
        time or the process died, the lines that came before and a sentence saying so)."""
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(request)
            proc.stdin.flush()
        except OSError:  # the process is gone
            self.close(now=True)
            return [], DIED
        fd, buffer, lines = proc.stdout.fileno(), b"", list[str]()
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            if not select.select([fd], [], [], left)[0]:
                continue
            chunk = os.read(fd, 2**16)
            if not chunk:
                self.close(now=True)
                return lines, DIED
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                text = line.decode("utf-8", "replace")
                with contextlib.suppress(ValueError, TypeError, AttributeError):
                    if json.loads(text).get("end") == end:
                        return lines, ""
                lines.append(text)
        self.close(now=True)  # over its time
        return lines, self.over(timeout)

    @staticmethod
    def over(timeout: float) -> str:
        """The message of a check a request over its time limit did not finish."""
        return f"the checks took over {timeout:g} s and were stopped: this check did not finish"

    def close(self, now: bool = False) -> None:
        """End the process: it ends by itself when its stdin closes (killed if it does not within 10 s), or
        at once with ``now``."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(timeout=0 if now else 10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        shutil.rmtree(self._cwd, ignore_errors=True)


def grade_notebook(
    path: Path,
    notebook: dict[str, Any] | None,
    problem: str,
    lessons: Sequence[Lesson],
    timeout: float = DEFAULT_TIMEOUT,
    memory: int = DEFAULT_MEMORY,
    isolate: str | None = None,
    hide: Sequence[str] = (),
    checker: _Checker | None = None,
    cgroups: _limits.Hierarchy | None = None,
    processes: int = _limits.DEFAULT_PROCESSES,
    per_process_note: bool = False,
) -> NotebookGrade:
    """Grade one submission already read into memory (see the module docstring). ``isolate`` is
    :func:`isolation`'s answer (by default asked here, refusing to run a kernel as the grader's own user);
    ``checker`` runs the checks (by default a process of this notebook's own); ``cgroups`` limits the memory
    and ``processes`` of the submission as a whole (:func:`limits`; without it, each process on its own, and
    ``per_process_note`` says so in the grade)."""
    start = time.monotonic()
    if notebook is None:
        return NotebookGrade(str(path), None, notes=[f"not graded: {problem}"])
    lesson = identify(notebook, lessons)
    if lesson is None:
        return NotebookGrade(str(path), None, notes=["not graded: no lesson's exercise cells are in it"])
    grade = NotebookGrade(str(path), lesson.stem)
    named = next((les.stem for les in lessons if Path(path).name.startswith(les.stem[:3])), None)
    if named is not None and named != lesson.stem:
        grade.notes.append(f"graded as lesson {lesson.stem} (its content), although the file is named like {named}")
    present = {c.get("id") for c in notebook["cells"] if isinstance(c, dict)} | {
        nbgrader_meta(c).get("grade_id") for c in notebook["cells"] if isinstance(c, dict)
    }
    run = _untouched_student_copy(notebook, lesson)
    if run is None:
        mode = isolation() if isolate is None else isolate
        run = _run_submission(
            notebook, lesson, Path(path).name, timeout, memory, mode=mode, hide=hide, cgroups=cgroups,
            processes=processes,
        )  # fmt: skip
        if mode == "none":
            grade.notes.append(SAME_USER_NOTE)
        if cgroups is None and per_process_note:
            grade.notes.append(PER_PROCESS_NOTE)
    grade.notes += run.notes
    checks, results = [], {}
    for e in lesson.exercises:
        if e.number not in run.answers:
            continue
        if all(text is None for text, _ in run.answers[e.number].values()):  # no answer to check: no process
            results[e.number] = (False, unanswered(run.answers[e.number]))
        else:
            checks.append({"number": e.number, "source": e.check, "answers": run.answers[e.number]})
    own = checker is None
    checker = _Checker() if checker is None else checker
    try:
        results.update(checker.run(lesson, checks, timeout=max(120.0, timeout)))
    finally:
        if own:
            checker.close()
    for e in lesson.exercises:
        res = ExerciseResult(e.name, 0.0, e.points, written_points=e.written_points)
        raised = run.errors.get(e.code_id or "")
        if e.cell_id not in present and e.grade_id not in present:
            res.message = "its check cell was deleted from the notebook: 0 (restore it from the student copy)"
        elif not run.started:
            res.message = "not run: the grader's kernel did not start (see the note); grade this notebook again"
        elif e.number not in run.answers:
            res.message = "not reached: the notebook stopped before its check"
        else:
            passed, message = results.get(e.number, (False, "the check did not run"))
            if passed:
                res.score = e.points
            else:
                res.message = (f"your code raised {raised}; " if raised else "") + message
        grade.exercises.append(res)
    grade.seconds = time.monotonic() - start
    return grade


def grade(
    paths: Sequence[str | Path],
    *,
    feedback: str | Path | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    memory: int = DEFAULT_MEMORY,
    lessons: Sequence[Lesson] | None = None,
    on_result: Callable[[NotebookGrade], None] | None = None,
    allow_same_user: bool = False,
    reveal: bool = False,
    student_from: str | None = None,
    processes: int = _limits.DEFAULT_PROCESSES,
    allow_per_process_limits: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    root: str | Path | None = None,
    regrade: bool = False,
    lesson: str | None = None,
    allow_insecure_scheduler: bool = False,
) -> list[NotebookGrade]:
    """Autograde every notebook in ``paths`` (each in its own fresh kernel, ``timeout`` seconds at most;
    a folder in ``paths`` stands for the ``*.ipynb`` entries directly in it)
    and, with ``feedback``, write one offline HTML page per notebook into that folder.

    Files are read without following a link (:mod:`pokerlab.course._submissions`): a link, a device, a pipe
    or a folder named like a notebook is listed "not graded: not a regular file" and the others are graded.
    Each submission is known by its path relative to the batch's common folder (``root`` when given, else the
    folder holding them all, or its parent when they lie in one folder): its page is named from that
    path (``bob~05.ipynb.html`` for ``bob/05.ipynb``), and its student is the first folder of that path, or
    what the regular expression ``student_from`` matches at its start (its group ``student``, else its first group);
    two notebooks of one lesson with one student are each noted (a sub-folder ``mallory/bob/`` must not pass for
    bob's).
    With ``reveal``, hidden tests name the expected values (after the deadline; by default they say only
    what failed).

    Each kernel runs isolated (:func:`isolation`): as ``nobody`` or in a user namespace, in a root folder
    where only Python, the installed packages and pokerlab's own files exist, besides its own copy. Where this
    machine allows neither, grading stops with a ParameterError unless ``allow_same_user`` (then every grade
    says so). ``memory`` (bytes) and ``processes`` (tasks) limit everything a submission starts together, in a
    cgroup of its own (:func:`limits`); where this machine has none for this user, grading stops with a
    ParameterError unless ``allow_per_process_limits`` (then each process is limited on its own, and every
    grade says so).

    ``workers`` submissions are graded at once (by default one per core), each in its own kernel, sandbox and
    group; with ``scheduler`` (a dask distributed scheduler's address, ``tls://`` with dask's TLS settings, or
    ``tcp://`` only with ``allow_insecure_scheduler``: whoever reaches a plain scheduler runs code as its workers,
    root) the cluster's workers grade them. With
    ``feedback``, every grade also goes to the gradebook there as it is given (:mod:`pokerlab.course._gradebook`):
    a second run takes the grades of unchanged submissions from it and grades only the rest (``regrade``: none,
    everything is graded again and recorded). A submission whose name the gradebook knows from another source
    path is not graded (its note says so; ``regrade`` grades it, over the old page). With ``lesson`` (a lesson's
    number or name, ``"05"``), a notebook of another lesson is not graded ("this is lesson 01_..., not 05_...");
    without it, a notebook of another lesson than most (over half) of the batch says so in a note. ``on_result`` is
    called with each grade as it is given (in the order they finish); the list returned is in the order of
    ``paths``. The glossary and the course map of a release (:data:`HANDED_OUT`: no exercise in them) are not
    submissions: a release folder handed in whole is graded without them, each listed as skipped (no page)."""
    if not paths:
        raise ParameterError("give at least one notebook to grade")
    if timeout <= 0 or timeout > 86_400:
        raise ParameterError(f"timeout must be 1..86400 seconds, not {timeout:g}")
    if memory < 256 * 2**20:
        raise ParameterError(f"memory must be at least 256 MB, not {memory} bytes")
    processes = _validate.whole(
        processes, "processes", lo=16, hi=2**20, message="processes must be a whole number 16..1048576"
    )
    flags = (
        ("allow_same_user", allow_same_user),
        ("reveal", reveal),
        ("allow_per_process_limits", allow_per_process_limits),
        ("regrade", regrade),
        ("allow_insecure_scheduler", allow_insecure_scheduler),
    )
    for flag, value in flags:
        _validate.flag(value, flag)
    if student_from is not None:
        try:
            re.compile(student_from)
        except (re.error, TypeError) as exc:
            raise ParameterError(f"--student-from {student_from!r:.60} is not a regular expression: {exc}") from None
    if scheduler is not None:
        _secure_scheduler(scheduler, allow_insecure_scheduler)
    if workers is not None:
        workers = _validate.whole(workers, "workers", lo=1, hi=1024, message="workers must be a whole number 1..1024")
    _, subs = _submissions.collect([str(p) for p in paths], root)  # everything in memory before anything runs
    if feedback is not None:  # never where a submission could read the pages (classmates' code)
        _mounts.refuse_exposed(feedback, _mounts.FEEDBACK)
    place = _mounts.exposer()
    for sub in subs:  # nor submissions a classmate's sandbox shows
        seen = place(os.path.dirname(sub.source))
        if seen is not None:
            raise ParameterError(
                f"{_submissions.shown(sub.path)!r:.120} lies in {seen}, which the grader's sandbox shows to every"
                " submission: each could read the others; move the submissions to a folder outside Python, its"
                " packages and pokerlab's own folders"
            )
    names = [_submissions.page_name(s.relative) for s in subs]
    out = _submissions.Output(feedback) if feedback is not None else None
    try:
        if out is not None:
            # a planted link where a page goes, a gradebook linked elsewhere: refused before anything runs
            out.check([*names, _gradebook.NAME], appended=[_gradebook.NAME])
        lessons = read_lessons() if lessons is None else list(lessons)
        wanted = None if lesson is None else _one_lesson(lesson, lessons)
        book = _gradebook.load(out) if out is not None else {}
        options: dict[str, Any] = {
            "timeout": timeout,
            "memory": memory,
            "processes": processes,
            "reveal": reveal,
            "allow_same_user": allow_same_user,
            "allow_per_process_limits": allow_per_process_limits,
        }
        if scheduler is None:  # asked here, once, before anything runs (a dask worker asks for itself)
            options["mode"], options["cgroups"] = isolation(allow_same_user), limits(allow_per_process_limits)
        # how the kernels are kept apart is part of a grade: one given as the grader's own user, or with limits per
        # process, is never taken by a stricter run (on a cluster, the flags that allow them)
        kept = (
            [options["mode"], options["cgroups"] is not None]
            if scheduler is None
            else ["cluster", allow_same_user, allow_per_process_limits]
        )
        settings = _gradebook.settings_digest(
            lessons, timeout=timeout, memory=memory, processes=processes, reveal=reveal, isolation=kept,
            lesson=wanted,
        )  # fmt: skip
        grades: list[NotebookGrade | None] = [None] * len(subs)
        # each notebook is parsed where it is used and let go (the bytes are kept: parsed, a hostile file weighs
        # many times more, and a class of them would take the grader's memory)
        found = [_lesson_of(sub, lessons) for sub in subs]
        stems = [les.stem for les in found if les is not None]
        common = max(sorted(set(stems)), key=stems.count) if stems else None  # a lesson most of the batch is
        usual = wanted or (common if common is not None and 2 * stems.count(common) > len(stems) else None)
        owners: dict[tuple[str, str], list[str]] = {}  # (student, lesson) -> the submissions: two are a mistake
        for sub, les in zip(subs, found, strict=True):
            if les is not None and (who := _submissions.student(sub.relative, student_from)) is not None:
                owners.setdefault((who, les.stem), []).append(sub.relative)
        todo = []
        refused: set[int] = set()  # met in the gradebook from another source path: no grade, no page, no line
        for i, sub in enumerate(subs):
            entry = None if regrade else book.get(sub.relative)
            before = entry.get("source") if entry is not None else None
            if isinstance(before, str) and before != sub.source:
                grades[i] = NotebookGrade(
                    sub.path,
                    None,
                    notes=[
                        f"not graded: {sub.relative} was graded from {before} before; grade into another feedback"
                        " folder or pass --regrade"
                    ],
                )
                refused.add(i)
                continue
            same = entry is not None and entry.get("sha256") == sub.digest and entry.get("settings") == settings
            if same and before == sub.source and sub.digest and out is not None and out.exists(names[i]):
                with contextlib.suppress(KeyError, TypeError, ValueError):
                    old = NotebookGrade.from_record(entry["grade"])  # type: ignore[index]
                    old.notebook, old.reused = sub.path, True
                    if _fits(old, lessons):  # else graded again: a line that is no grade of these lessons
                        grades[i] = old
            other = found[i]
            if grades[i] is None and (why := _handed_out(sub, other)):
                grades[i] = NotebookGrade(sub.path, None, skipped=why)
                refused.add(i)  # no page, no gradebook line
            if grades[i] is None and wanted is not None and other is not None and other.stem != wanted:
                note = f"not graded: this is lesson {other.stem}, not {wanted}"
                grades[i] = NotebookGrade(sub.path, None, notes=[note])
            if grades[i] is None:
                todo.append(i)

        def finished(i: int, g: NotebookGrade) -> None:
            sub = subs[i]
            g.notebook, g.submission = sub.path, sub.relative
            g.student = _submissions.student(sub.relative, student_from)
            note = f"this is lesson {g.lesson}, while most of this batch is lesson {usual}: is it the assignment?"
            if g.lesson is not None and usual is not None and g.lesson != usual and note not in g.notes:
                g.notes.append(note)
            twins = owners.get((g.student, g.lesson), []) if g.student is not None and g.lesson is not None else []
            if len(twins) > 1:
                names_ = ", ".join(twins[:3]) + (", ..." if len(twins) > 3 else "")
                note = (
                    f"{len(twins)} notebooks of lesson {g.lesson} in this batch are student {g.student}'s ({names_}):"
                    " only one should count (is --student-from right?)"
                )
                if note not in g.notes:
                    g.notes.append(note)
            if out is not None and not g.reused and i not in refused:
                page = feedback_html(g, _parse(sub.data, sub.problem)[0], lessons)
                with _uninterrupted():  # Ctrl-C: the page and its gradebook line both, or neither
                    out.write(names[i], page)
                    if not any(n.startswith("the kernel did not start") for n in g.notes):
                        record = g.record()
                        _gradebook.record(out, sub.relative, sub.source, sub.digest, settings, names[i], record)
            grades[i] = g
            if on_result is not None:
                on_result(g)

        for i, known in enumerate(grades):
            if known is not None:
                finished(i, known)
        jobs = [(i, subs[i].path, subs[i].data, subs[i].problem) for i in todo]
        if scheduler is not None:
            _on_cluster(scheduler, jobs, lessons, options, finished)
        else:
            _on_threads(workers or os.cpu_count() or 1, jobs, lessons, options, finished)
    finally:
        if out is not None:
            out.close()
    return [g for g in grades if g is not None]


_LOCAL = threading.local()
_RUNNING: set[subprocess.Popen[str]] = set()  # every runner in flight (stopped at once on Ctrl-C)
_RUNNING_LOCK = threading.Lock()
_STOP = threading.Event()  # set on Ctrl-C: a runner that starts after it is stopped at once


@contextlib.contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl-C waits until the block is done (a page and its gradebook line are written whole, or not at all):
    in the main thread, SIGINT is only noted meanwhile and raised again right after. (Blocking the signal in
    the main thread would not do: the kernel then hands it to a worker thread, and Python still raises it in
    the main thread at once.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            signal.raise_signal(signal.SIGINT)


def _thread_checker(reveal: bool) -> _Checker:
    """The check process of this thread (one per worker thread: a check process answers one request at a time)."""
    checkers: dict[bool, _Checker] = _LOCAL.__dict__.setdefault("checkers", {})
    if reveal not in checkers:
        checkers[reveal] = _Checker(reveal=reveal)
        with _RUNNING_LOCK:
            _CHECKERS.append(checkers[reveal])
    return checkers[reveal]


_CHECKERS: list[_Checker] = []  # every thread's check processes (a dask worker's: closed after each batch)


def _close_checkers() -> int:
    """End the check processes of this process's threads (a closed one starts again when next asked); how many
    there were. A dask worker's outlived every batch before (the red team found four, and their folders)."""
    with _RUNNING_LOCK:
        found = list(_CHECKERS)
    for c in found:
        c.close()
    return sum(1 for c in found if c._proc is None)


def _grade_job(
    job: tuple[int, str, bytes | None, str], lessons: Sequence[Lesson], options: dict[str, Any]
) -> NotebookGrade:
    """Grade one submission here (a worker thread of this process or of a dask worker)."""
    _, path, data, problem = job
    nb, problem = _parse(data, problem)
    if "mode" not in options:  # on a dask worker: its own machine decides (and refuses as the grader would)
        try:
            options = {
                **options,
                "mode": isolation(options["allow_same_user"]),
                "cgroups": limits(options["allow_per_process_limits"]),
            }
        except ParameterError as exc:  # said of the worker, not of the machine the grader runs on
            import pwd
            import socket

            user = pwd.getpwuid(os.geteuid()).pw_name
            raise ParameterError(f"the dask worker on {socket.gethostname()} (user {user}): {exc}") from None
    return grade_notebook(
        Path(path), nb, problem, lessons, timeout=options["timeout"], memory=options["memory"],
        isolate=options["mode"], checker=_thread_checker(options["reveal"]), cgroups=options["cgroups"],
        processes=options["processes"], per_process_note=True,
    )  # fmt: skip


def _stop_running() -> None:
    with _RUNNING_LOCK:
        _STOP.set()
        running = list(_RUNNING)
    for proc in running:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


def _on_threads(
    workers: int,
    jobs: list[tuple[int, str, bytes | None, str]],
    lessons: Sequence[Lesson],
    options: dict[str, Any],
    finished: Callable[[int, NotebookGrade], None],
) -> None:
    """Grade ``jobs`` on ``workers`` threads of this process, each submission in its own sandbox and group (the
    work is in the kernels and check processes: the threads only wait for them)."""
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    _STOP.clear()
    pool = ThreadPoolExecutor(max_workers=max(1, min(workers, len(jobs) or 1)), thread_name_prefix="pokerlab-grade")
    checkers: list[_Checker] = []

    def job(j: tuple[int, str, bytes | None, str]) -> NotebookGrade:
        try:
            return _grade_job(j, lessons, options)
        finally:
            checkers.extend(c for c in _LOCAL.__dict__.get("checkers", {}).values() if c not in checkers)

    try:
        pending = {pool.submit(job, j): j[0] for j in jobs}
        while pending:
            done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                finished(pending.pop(fut), fut.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_running()  # the runners of the notebooks in flight: their threads clean up and end
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _STOP.clear()  # every thread has ended: a later grade (from Python, after a Ctrl-C) runs normally
        for c in checkers:
            c.close()


def _secure_scheduler(address: str, allow_insecure: bool) -> None:
    """Refuse a scheduler reached without TLS unless ``allow_insecure``: the workers grade as root (they must
    isolate as the grader would), so whoever can reach a plain ``tcp://`` scheduler, any local user of the machine
    or anyone on the network, runs code as root on them and reads the lessons sent there (the red team did, as
    ``nobody``)."""
    scheme = address.split("://", 1)[0].lower() if "://" in address else "tcp"
    if scheme in ("tls", "wss", "inproc") or allow_insecure:
        return
    raise ParameterError(
        f"--scheduler {address!r:.80} is reached without TLS: anyone who can reach it runs code as the workers' user"
        " (root) and reads the hidden tests; give a tls:// address (dask's distributed.comm.tls settings), or"
        " --allow-insecure-scheduler on a machine and network that only you use"
    )


_NO_TLS = (
    "dask's TLS settings are missing: set distributed.comm.tls.ca-file, distributed.comm.tls.client.cert and"
    " distributed.comm.tls.client.key (a dask config file, or DASK_DISTRIBUTED__COMM__TLS__CA_FILE and the like)"
)


def _tls_configured(address: str) -> None:
    """Refuse a ``tls://`` (or ``wss://``) scheduler when dask has no certificate authority to check it with: dask
    itself would end in a long traceback ("TLS expects a ssl_context argument")."""
    import dask

    tls = address.split("://", 1)[0].lower() in ("tls", "wss")
    if tls and not dask.config.get("distributed.comm.tls.ca-file", None):
        raise ParameterError(f"--scheduler {address!r:.80}: {_NO_TLS}")


def _on_cluster(
    address: str,
    jobs: list[tuple[int, str, bytes | None, str]],
    lessons: Sequence[Lesson],
    options: dict[str, Any],
    finished: Callable[[int, NotebookGrade], None],
) -> None:
    """Grade ``jobs`` on the dask distributed cluster at ``address``: each worker grades in its own sandbox and
    limits (it must allow them, as this machine would) and sends the grade back; pages and gradebook are
    written here."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ParameterError(
            "--scheduler needs dask distributed (pip install 'pokerlab[course]' or distributed)"
        ) from None
    _tls_configured(address)
    try:
        client = Client(address, timeout=30)
    except TypeError as exc:  # dask's words for a TLS setting it could not use ("expects a ssl_context ...")
        raise ParameterError(f"--scheduler {address!r:.80}: {_NO_TLS} ({exc})"[:400]) from exc
    except (OSError, ValueError, TimeoutError) as exc:
        raise ParameterError(f"--scheduler {address!r:.80}: cannot reach the cluster ({type(exc).__name__})") from exc
    try:
        shared = client.scatter(list(lessons), broadcast=True)
        futures = {client.submit(_grade_job, j, shared, options, pure=False): j[0] for j in jobs}
        for fut in as_completed(futures):
            finished(futures[fut], fut.result())
    finally:
        with contextlib.suppress(Exception):  # the workers' check processes end with the batch
            client.run(_close_checkers)
        client.close()


_CSS = """
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}
h1{font-size:1.5rem} table{border-collapse:collapse;width:100%} td,th{border-bottom:1px solid #ddd;padding:.4rem;
text-align:left;vertical-align:top} .ok{color:#1a7f37} .lost{color:#b3261e} pre{background:#f6f8fa;padding:.6rem;
overflow-x:auto;white-space:pre-wrap} .note{background:#fff4e5;padding:.5rem;border-left:4px solid #f0a020}
@media print{body{max-width:none;margin:0}}
"""


def feedback_html(g: NotebookGrade, notebook: dict[str, Any] | None, lessons: Sequence[Lesson]) -> str:
    """A self-contained feedback page: score, each exercise's points and failing check, the student's code.
    No script and no external resource, so it opens offline anywhere."""
    esc = html.escape
    lesson = next((les for les in lessons if les.stem == g.lesson), None)
    code: dict[str, str] = {}
    if notebook is not None:
        for c in notebook.get("cells", []):
            if isinstance(c, dict) and isinstance(c.get("id"), str):
                code[c["id"]] = source(c)
    rows = []
    for e in g.exercises:
        cls = "ok" if e.score == e.max_score else "lost"
        rows.append(
            f"<tr><td>{esc(e.name)}</td><td class='{cls}'>{_num(e.score)} / {_num(e.max_score)}</td>"
            f"<td>{esc(e.message) or 'all checks passed'}</td></tr>"
        )
    name = esc(_submissions.readable(g.submission or Path(g.notebook).name))  # bob/05.ipynb: whose page this is
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Feedback: {name}</title><style>{_CSS}</style></head><body>",
        f"<h1>Feedback: {name}</h1>",
        f"<p>Lesson: <b>{esc(g.lesson or 'not recognised')}</b>. Autograded score: "
        f"<b>{_num(g.score)} / {_num(g.max_score)}</b>.</p>",
    ]
    parts += [f"<p class='note'>{esc(n)}</p>" for n in g.notes]
    if g.exercises:
        parts.append("<table><tr><th>Exercise</th><th>Points</th><th>Check</th></tr>" + "".join(rows) + "</table>")
    if g.written_points:
        parts.append(f"<p>Written answers ({_num(g.written_points)} points) are graded by hand.</p>")
    if lesson is not None:
        for ex in lesson.exercises:
            if ex.code_id and ex.code_id in code:
                parts.append(f"<h2>{esc(ex.name)}: your code</h2><pre>{esc(code[ex.code_id])}</pre>")
    parts.append("</body></html>")
    return "\n".join(parts)
