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
   run by :mod:`pokerlab.course._check_process` in a separate process that no submission code has run in (one for
   all the notebooks of a ``grade()`` call: it only ever runs the lessons' code), with the lesson's setup
   run afresh and answers rebuilt by :func:`ast.literal_eval`; a check whose answers are all missing fails
   without it ("`x` is not defined").

So edited metadata or checksums, redefined helpers, a forged check cell or a patched ``pokerlab`` count
for nothing: they live in a kernel whose only output that matters is the answers' values. A check cell
deleted from the submission scores 0 with a line saying so. Written answers (graded by hand) are not part
of ``score``/``max_score``; their points are listed separately.

Where each part lives (this module is the front door: :func:`grade` for a batch, :func:`grade_notebook` for
one notebook already read; every name a lecturer's script imports is importable from here):

* :mod:`pokerlab.course._results`: the grade types (:class:`NotebookGrade`, :class:`ExerciseResult`) and the
  lines the command prints;
* :mod:`pokerlab.course._identify`: a submission read as a notebook and its lesson recognised (:func:`identify`);
* :mod:`pokerlab.course._isolation`: how kernels are kept apart on this machine (:func:`isolation`,
  :func:`limits`, both halves of the probe);
* :mod:`pokerlab.course._workdir`: the kernel's fresh folder, the caches copied into it, its kernel spec;
* :mod:`pokerlab.course._execute`: the run of one submission in its sandboxed kernel, and the runners in flight;
* :mod:`pokerlab.course._untouched`: an untouched student copy, graded without a kernel;
* :mod:`pokerlab.course._check_client`: the grader's side of the check process;
* :mod:`pokerlab.course._drivers`: threads or a dask cluster, TLS, Ctrl-C;
* :mod:`pokerlab.course._feedback`: the feedback page (:func:`feedback_html`);
* :mod:`pokerlab.course._gradebook`, ``_submissions``, ``_limits``, ``_mounts``, ``_sandbox``, ``_runner``,
  ``_check_process``: the gradebook, reading the files, the cgroups, the allow-list, the sandbox, the runner and check
  processes.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab.course import _gradebook, _limits, _mounts, _submissions
from pokerlab.course._check_client import _Checker, _thread_checker
from pokerlab.course._check_process import unanswered
from pokerlab.course._drivers import _on_cluster, _on_threads, _secure_scheduler, _uninterrupted
from pokerlab.course._execute import _run_submission
from pokerlab.course._feedback import feedback_html
from pokerlab.course._gradebook import _fits
from pokerlab.course._identify import _handed_out, _lesson_of, _one_lesson, _parse, identify
from pokerlab.course._isolation import PER_PROCESS_NOTE, SAME_USER_NOTE, isolation, limits
from pokerlab.course._results import ExerciseResult, NotebookGrade
from pokerlab.course._untouched import _untouched_student_copy
from pokerlab.course.lessons import Lesson, nbgrader_meta, read_lessons
from pokerlab.errors import ParameterError

__all__ = ["ExerciseResult", "NotebookGrade", "grade", "identify"]

DEFAULT_TIMEOUT = 900.0  # seconds per notebook
DEFAULT_MEMORY = 4 * 2**30  # bytes of address space for the kernel


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
    number or name, ``"05"``), a notebook of another lesson is not graded ("this is lesson ``01_...``, not ``05_...``");
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
            _on_cluster(_grade_job, scheduler, jobs, lessons, options, finished)
        else:
            _on_threads(_grade_job, workers or os.cpu_count() or 1, jobs, lessons, options, finished)
    finally:
        if out is not None:
            out.close()
    return [g for g in grades if g is not None]


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
