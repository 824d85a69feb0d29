"""Teaching: release the lessons, grade submissions, build the site and the slides."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from pokerlab.cli._common import EXAMPLES, _Formatter, _Parser, _print, _seconds, _text, _whole
from pokerlab.errors import ParameterError


def cmd_course(args: argparse.Namespace) -> None:
    import time

    from pokerlab.course import slides

    if (args.lecture or args.lecture_file) and args.lessons:
        raise ParameterError("--lecture builds the course map's lecture path: leave out the LESSON numbers")
    started = time.perf_counter()
    files = slides.build_slides(
        args.out,
        args.lessons or None,
        pdf=args.pdf,
        lecture=args.lecture,
        notebooks=args.notebooks,
        handout=args.handout,
        lecture_file=args.lecture_file,
    )
    seconds = time.perf_counter() - started
    data = {"files": [str(f) for f in files], "seconds": seconds}
    text = "\n".join(str(f) for f in files) + f"\n{len(files)} files in {seconds:.1f} s"
    _print(data, text, getattr(args, "json", False))


def cmd_course_map(args: argparse.Namespace) -> None:
    from pokerlab.course import lecture, slides
    from pokerlab.errors import DataError

    course_map = slides._folder(args.notebooks) / "00_course_map.ipynb"
    source = args.lecture or lecture.find_lecture_file(course_map.parent)
    if args.check:
        differences = lecture.course_map_differences(course_map, source)
        if differences:
            raise DataError(
                f"{course_map}'s lecture table is not {source}'s ({len(differences)} lines differ, first"
                f" {differences[0][:80]!r}): run `pokerlab course map` to write it again"
            )
        changed = False
    else:
        changed = lecture.write_course_map(course_map, source)
    steps = len(lecture.lecture_path(source))
    verb = "agrees with" if args.check else "rewritten from" if changed else "already agrees with"
    text = f"{course_map}: the lecture table ({steps} steps) {verb} {source}"
    _print({"course_map": str(course_map), "lecture": str(source), "changed": changed}, text, args.json)


def cmd_course_release(args: argparse.Namespace) -> None:
    from pokerlab.course.release import release

    paths = release(args.out, solutions=args.solutions, force=args.force)
    kind = "complete copies (solutions)" if args.solutions else "student copies"
    # release() also writes the students' course map and the glossary beside the lessons: name them too
    beside = {"00_course_map.ipynb": "the course map", "glossary.ipynb": "the glossary"}
    written = [f"{len(paths)} {kind}"]
    written += [f"{what} ({name})" for name, what in beside.items() if os.path.isfile(os.path.join(args.out, name))]
    said = ", ".join(written[:-1]) + " and " + written[-1] if len(written) > 1 else written[0]
    text = f"wrote {said} to {args.out}: " + ", ".join(p.name for p in paths)
    _print({"out": str(args.out), "solutions": args.solutions, "notebooks": [str(p) for p in paths]}, text, args.json)


_KEYS = {
    "release": "the complete copies (solutions, hidden tests) written",
    "site": "the solutions pages written",
    "slides": "the slide decks (they show the solutions) written",
}


def refuse_exposed_keys(args: argparse.Namespace) -> None:
    """A command that writes what gives the answers away (``release --solutions``, ``site --solutions``, ``slides``:
    the decks show the solutions; ``grade --feedback``: every student's code) refuses a folder the grader's
    sandbox shows to submissions, before creating it."""
    from pokerlab.course._mounts import FEEDBACK, refuse_exposed

    if args.course_command == "grade":
        refuse_exposed(args.feedback, FEEDBACK)
    elif args.course_command == "slides" or args.solutions:
        refuse_exposed(args.out, _KEYS[args.course_command])


def cmd_course_grade(args: argparse.Namespace) -> None:
    from pokerlab.course.grading import grade

    def show(g: Any) -> None:
        if not args.json:
            print("\n".join(g.lines()), flush=True)

    grades = grade(
        args.notebooks,
        feedback=args.feedback,
        timeout=args.timeout,
        memory=args.memory * 2**20,
        on_result=show,
        allow_same_user=args.allow_same_user,
        reveal=args.reveal,
        student_from=args.student_from,
        processes=args.processes,
        allow_per_process_limits=args.allow_per_process_limits,
        workers=args.workers,
        scheduler=args.scheduler,
        root=args.root,
        regrade=args.regrade,
        lesson=args.lesson,
        allow_insecure_scheduler=args.allow_insecure_scheduler,
    )
    if args.json:
        print(json.dumps([g.to_json() for g in grades], indent=2))
    if grades and all(g.lesson is None for g in grades):  # a batch of which nothing could be graded is a mistake
        raise ParameterError(
            f"none of the {len(grades)} notebook(s) could be graded: each is listed with the reason"
            " (is it a lesson's student copy?)"
        )


def cmd_course_site(args: argparse.Namespace) -> None:
    from pokerlab.course.site import build_site

    report = build_site(args.out, solutions=args.solutions, lessons=args.lessons)
    kind = "with solutions" if args.solutions else "no solutions"
    text = (
        f"course site in {args.out}: open {report['index']} ({len(report['lessons'])} lessons, {kind},"
        f" {report['pages']} pages, {report['seconds']:.0f} s)"
    )
    _print(report, text, args.json)


def cmd_course_reference(args: argparse.Namespace) -> None:
    from pokerlab.course.reference import build_reference

    report = build_reference(args.out)
    modules, seconds = len(report["modules"]), report["seconds"]
    text = f"API reference in {args.out}: open {report['index']} ({modules} modules, {seconds:.0f} s)"
    _print(report, text, args.json)


def require_extra(args: argparse.Namespace) -> None:
    """A ``pokerlab course ...`` command needs the modules of the course extra it imports (``_extra.COMMANDS``):
    without one, one line naming the extra and the missing modules (exit 2), before any folder is made."""
    if args.command == "course":
        from pokerlab.course import _extra

        needs = _extra.COMMANDS[args.course_command]  # a deck needs three (docs/teach.md's quick install)
        if args.course_command == "slides" and (args.pdf or args.handout):
            needs += _extra.PDF
        if args.course_command == "grade" and args.scheduler:
            needs += _extra.CLUSTER
        _extra.require(f"pokerlab course {args.course_command}", needs)


def _add_course(sub: Any) -> None:
    """``pokerlab course``: hand the course out, grade it, build its site."""
    help_ = "teach the course: slide decks, student copies, autograding with feedback, the offline site"
    group = sub.add_parser(
        "course", help=help_, description=help_, epilog=f"example:\n  {EXAMPLES['course']}", formatter_class=_Formatter
    )
    course = group.add_subparsers(
        dest="course_command",
        metavar="{slides,release,grade,site,map,reference}",
        required=True,
        parser_class=_Parser,
        help="slides: decks of the lessons; release: student copies; grade: autograde; site: the course site;"
        " map: the course map's lecture table from course/lecture.toml; reference: the API reference",
    )

    def add(name: str, help_: str, func: Any) -> argparse.ArgumentParser:
        example = {
            "slides": "pokerlab course slides decks 02 --pdf",
            "release": "pokerlab course release handout",
            "grade": "pokerlab course grade submissions/*/*.ipynb --feedback feedback",
            "site": "pokerlab course site site",
            "map": "pokerlab course map --check",
            "reference": "pokerlab course reference api",
        }[name]
        p: argparse.ArgumentParser = course.add_parser(
            name, help=help_, description=help_, epilog=f"example:\n  {example}", formatter_class=_Formatter
        )
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        p.set_defaults(func=func)
        return p

    p = add("release", "write the student copy of every lesson to OUT/<lesson>.ipynb", cmd_course_release)
    p.add_argument("out", type=_text, help="folder for the copies (created if needed)")
    p.add_argument("--solutions", action="store_true", help="write the complete copies (with solutions) instead")
    p.add_argument("--force", action="store_true", help="replace notebooks in OUT that differ from the copies")
    p = add("grade", "autograde submitted lesson notebooks, each in a fresh limited kernel", cmd_course_grade)
    p.add_argument(
        "notebooks", nargs="+", help="submitted .ipynb files or folders of them (lesson recognised from content)"
    )
    p.add_argument("--feedback", type=_text, default=None, help="folder for one offline HTML feedback page each")
    p.add_argument("--timeout", type=_seconds(86_400), default=900.0, help="seconds per notebook (default 900)")
    p.add_argument(
        "--memory",
        type=_whole(256, 1 << 20),
        default=4096,
        help="MB of memory per submission, all its processes together (default 4096)",
    )
    p.add_argument(
        "--processes", type=_whole(16, 1 << 20), default=512, help="processes and threads per submission (default 512)"
    )
    p.add_argument(
        "--workers", type=_whole(1, 1024), default=None, help="submissions graded at once (default: one per core)"
    )
    p.add_argument(
        "--scheduler",
        type=_text,
        default=None,
        metavar="ADDRESS",
        help="grade on a dask distributed cluster (tls://host:8786): each worker grades in its own sandbox",
    )
    p.add_argument(
        "--allow-insecure-scheduler",
        action="store_true",
        help="use a --scheduler reached without TLS (tcp://): whoever reaches it runs code as its workers (root)",
    )
    p.add_argument(
        "--allow-per-process-limits",
        action="store_true",
        help="where no cgroup can hold a submission (not root, no delegated cgroup), limit each process on its own:"
        " a submission's processes can then together use more memory",
    )
    p.add_argument(
        "--allow-same-user",
        action="store_true",
        help="where kernels cannot be isolated (not root, no user namespaces), run them as you: a submission"
        " can then read the lessons' hidden tests and your files",
    )
    p.add_argument(
        "--reveal",
        action="store_true",
        help="hidden tests name the expected values in messages and pages (after the deadline; default: only what"
        " failed)",
    )
    p.add_argument(
        "--student-from",
        type=_text,
        default=None,
        metavar="PATTERN",
        help="regular expression matched from the start of each path relative to the common folder, finding the"
        " student (its group 'student', else group 1; default: the first folder)",
    )
    p.add_argument(
        "--root",
        type=_text,
        default=None,
        metavar="DIR",
        help="the common folder that names students and pages (default: the folder holding every notebook, or its"
        " parent when they all lie in one folder); nothing below it is read through a link",
    )
    p.add_argument(
        "--lesson",
        type=_text,
        default=None,
        help="the assignment's lesson (its number, e.g. 05): a notebook of another lesson is not graded (default: any"
        " lesson, and a note on each notebook whose lesson is not the batch's most common)",
    )
    p.add_argument(
        "--regrade",
        action="store_true",
        help="grade everything again, ignoring the grades in the feedback folder's gradebook (new lines are added)",
    )
    p = add(
        "site",
        "build the students' offline course site (Jupyter Book 1.x) in OUT: the lessons' student copies under a"
        " student landing page, no solutions unless asked; open OUT/index.html",
        cmd_course_site,
    )
    p.add_argument("out", type=_text, help="folder for the site (created if needed)")
    p.add_argument("--solutions", action="store_true", help="add the solutions pages (publish after the deadline)")
    p.add_argument(
        "--lessons", type=_text, default=None, help="publish only these lessons, e.g. 01-05 or 01,03 (default: all)"
    )
    p = add(
        "slides",
        "reveal.js decks of the lessons, offline, with speaker notes: OUT/<lesson>.slides.html (press S for notes);"
        " e.g. pokerlab course slides decks 02",
        cmd_course,
    )
    p.add_argument("out", type=_text, help="folder for the decks (their pictures and reveal.js go beside them)")
    p.add_argument("lessons", nargs="*", default=[], help="lesson numbers such as 02 (default: every lesson)")
    p.add_argument("--pdf", action="store_true", help="also print each deck to PDF with /usr/bin/chromium")
    p.add_argument(
        "--handout",
        action="store_true",
        help=(
            "also print OUT/<lesson>.handout.pdf (for students): three slides to an A4 page, "
            "each section's point beside it"
        ),
    )
    p.add_argument(
        "--lecture", action="store_true", help="one deck of the 90-minute lecture written in course/lecture.toml"
    )
    p.add_argument("--lecture-file", type=_text, default=None, metavar="FILE", help="--lecture from this file instead")
    p.add_argument("--notebooks", type=_text, default=None, help="the lessons' folder (default: ./notebooks)")
    p = add(
        "map",
        "write the course map's lecture table (notebooks/00_course_map.ipynb) from course/lecture.toml, the one file"
        " the lecture deck reads; --check only says whether they agree",
        cmd_course_map,
    )
    p.add_argument("--check", action="store_true", help="change nothing: fail if the map and the file disagree")
    p.add_argument(
        "--lecture", type=_text, default=None, metavar="FILE", help="the lecture file (default: course/lecture.toml)"
    )
    p.add_argument("--notebooks", type=_text, default=None, help="the lessons' folder (default: ./notebooks)")
    p = add(
        "reference",
        "build the API reference in OUT: one offline HTML page per public module, from the docstrings (Sphinx, as"
        " the course site); open OUT/index.html",
        cmd_course_reference,
    )
    p.add_argument("out", type=_text, help="folder for the reference (created if needed; its pages are replaced)")
