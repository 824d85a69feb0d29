"""The ``pokerlab`` command: everything a lesson computes, from a shell.

::

    pokerlab eval AsKs QsJsTs                 value, category, best five
    pokerlab strength AdQc 3h4cJh             hand strength (Algorithm 1)
    pokerlab potential AdQc 3h4cJh            Table 4, PPOT, NPOT, EHS
    pokerlab equity AhKh QQ --board 2c7d8h    showdown equity
    pokerlab range "TT+, A2s+"                expand and normalise a range
    pokerlab tables --method simulation       preflop tables (expert, simulation, exact, exact-matrix)
    pokerlab reproduce                        the Waterloo report's Tables 1-4, regenerated
    pokerlab acpc-client HOST PORT --bot NAME play against an ACPC dealer
    pokerlab tournament --setup phases        the Waterloo report's self-play experiments, duplicate matches
    pokerlab bpp --hole AdQc --board 3h4cJh   BPP's network: P(win), posteriors, what BPP would do
    pokerlab play [--app heads-up|bigholdem]  play in the browser (Voila on 127.0.0.1)
    pokerlab solve leduc --variant cfr+       CFR/CFR+/MCCFR on Kuhn or Leduc, exact exploitability
    pokerlab postflop BOARD --oop R --ip R    a turn or river spot solved range against range
    pokerlab replay FILE.phhs --hand 3        a recorded hand street by street: pot odds, equity, HS, PPOT
    pokerlab course release OUT               student copies of the lessons (--solutions: complete copies)
    pokerlab course grade NB... --feedback D  autograde submissions in fresh kernels, HTML feedback
    pokerlab course site OUT                  the offline course site (Jupyter Book 1.x)

Every subcommand takes ``--json``. Bad input prints one line on stderr and
exits with status 2; there is never a traceback for a user's mistake. Every
argument and output path is checked before any work. Ctrl-C prints one line
and exits with status 130, with every worker process stopped.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from pokerlab.cli import _common, bpp, course, hands, matches, solve, stats, tables
from pokerlab.cli._common import (
    EXAMPLES as EXAMPLES,  # tests and docs read the examples here
    _Formatter,
    _is_stdout,
    _one_line,
    _Parser,
)
from pokerlab.errors import ParameterError, PokerlabError


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pokerlab", description="Texas Hold'em AI toolkit: evaluation, strength, potential, equity.")
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, help_: str, func: Any) -> argparse.ArgumentParser:
        example = EXAMPLES.get(name)
        epilog = f"example:\n  {example}" if example else None
        p = sub.add_parser(name, help=help_, description=help_, epilog=epilog, formatter_class=_Formatter)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        p.set_defaults(func=func)
        return p

    hands.register(add)
    tables.register(add)
    matches.register(add)
    bpp.register(add)
    stats.register(add)
    solve.register(add)
    course._add_course(sub)
    return parser


def _version() -> str:
    from pokerlab._version import __version__

    return f"pokerlab {__version__}"


def _check_outputs(args: argparse.Namespace) -> None:
    """Every output path is checked before any work, so a bad --out never loses a finished result."""
    from pokerlab import _validate

    if args.command in ("tables", "reproduce"):
        if _is_stdout(args.out):
            raise ParameterError(
                f"--out is the folder for the table files, not {args.out} (standard output): the tables are printed"
                " anyway; give a folder"
            )
        _validate.output_folder(args.out, "--out")
    elif args.command == "tournament" and args.out is not None and not args.duplicate and not _is_stdout(args.out):
        _validate.output_file(args.out, "--out")
    elif args.command == "course" and args.course_command in ("release", "site"):
        course.refuse_exposed_keys(args)  # never a key where the grader's sandbox shows it: refused before mkdir
        _validate.output_folder(args.out, "OUT")
    elif args.command == "course" and args.course_command == "reference":
        _validate.output_folder(args.out, "OUT")
    elif args.command == "course" and args.course_command == "slides":
        course.refuse_exposed_keys(args)
    elif args.command == "course" and args.course_command == "grade" and args.feedback is not None:
        course.refuse_exposed_keys(args)
        _validate.output_folder(args.feedback, "--feedback")


def _show_warning(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    """Warnings on the command line are one line each, like errors."""
    sys.stderr.write(f"pokerlab: warning: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pokerlab`` command; returns the exit status.

    Bad input: one line on stderr, status 2. Ctrl-C: one line, status 130,
    worker processes stopped, nothing left running.
    """
    import signal

    from pokerlab import _signals

    _signals.requested = False

    def on_sigint(signum: int, frame: Any) -> None:
        _signals.requested = True  # long loops raise it again should this one be swallowed
        raise KeyboardInterrupt

    def quiet_interrupt(unraisable: Any) -> None:
        # Ctrl-C landing in a finalizer (numba writing its cache, a file closing) is "unraisable": Python
        # would print "Exception ignored ... KeyboardInterrupt". It is still Ctrl-C: keep the flag, say nothing.
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _signals.requested = True
        else:
            previous_hook(unraisable)

    try:
        previous = signal.signal(signal.SIGINT, on_sigint)
    except ValueError:  # pragma: no cover - not the main thread
        previous = None
    previous_hook, sys.unraisablehook = sys.unraisablehook, quiet_interrupt
    status = None
    try:
        status = _run(argv)
    except KeyboardInterrupt:
        pass
    except SystemError:
        # Ctrl-C landing inside a compiled kernel's call can surface as SystemError
        # ("returned a result with an exception set"); it is still an interruption.
        if not _signals.requested:
            raise
    finally:
        from pokerlab import _notice

        _notice.enabled = _notice.single_query = False  # main() called from Python: the library's defaults again
        if sys.exc_info()[0] is not None:  # SystemExit (argparse) or an error on its way out: the caller's handlers
            sys.unraisablehook = previous_hook
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
    if status is None or _signals.requested:
        # a second Ctrl-C while we wind down must not become a traceback or a signal exit
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.stderr.write("pokerlab: interrupted\n")
        if argv is None:
            # Run as the program: leave now with status 130. A Ctrl-C that landed inside a
            # C extension's embedded Python code leaves CPython set to re-raise SIGINT at
            # exit (status -2), which would hide the 130; workers are already stopped.
            import os

            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        # called from Python (a test, a notebook): the interruption is handled, so the flag must not
        # make the caller's next long loop raise KeyboardInterrupt again
        _signals.requested = False
        sys.unraisablehook = previous_hook
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        return 130
    sys.unraisablehook = previous_hook
    if previous is not None:
        signal.signal(signal.SIGINT, previous)
    if argv is None:
        _exit_quickly()
    return status


def _exit_quickly() -> None:
    """Run as the program, which exits next: spare the user Python's garbage collections at shutdown.

    At exit Python runs its cycle collector over every object still alive; after numba has loaded or
    compiled a kernel that is hundreds of thousands of them, and the process went on for 0.3-0.9 s after
    its output (measured on ``pokerlab solve leduc``: 0.8 s under load, 0.07 s with this). ``gc.freeze``
    moves them out of the collector's reach; the operating system frees the memory as it does the rest.
    Files, worker processes and temporary folders are closed by the command itself or by ``atexit``
    handlers, which still run; only ``__del__`` of objects in reference cycles is skipped, which Python
    never promises at exit. Not called when :func:`main` runs inside a Python session (a test, a notebook).
    """
    import gc

    gc.freeze()


def _unrecognized(parser: argparse.ArgumentParser, args: argparse.Namespace, extra: list[str]) -> None:
    """Refuse words the subcommand does not take, pointing to its own ``--help`` (the top-level help does not list
    a subcommand's options), with the option meant if one is close (``--sampels`` -> ``--samples``)."""
    import difflib

    sub = parser
    for name in (args.command, getattr(args, "course_command", None)):
        choices = next((a.choices for a in sub._actions if isinstance(a, argparse._SubParsersAction)), None)
        if not name or not isinstance(choices, dict) or name not in choices:
            break
        sub = choices[name]
    options = [o for a in sub._actions for o in a.option_strings if o.startswith("--")]
    close = [
        match
        for word in extra
        if word.startswith("--")
        for match in difflib.get_close_matches(word.partition("=")[0], options, n=1, cutoff=0.6)
    ]
    hint = f"; did you mean {' '.join(close)}?" if close else ""
    sub.error(f"unrecognized arguments: {' '.join(extra)}{hint}")


def _run(argv: Sequence[str] | None) -> int:
    import signal
    import time
    import warnings

    _common._STARTED = time.perf_counter()  # for _waited()

    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    meant = hands.as_meant(sys.argv[1:] if argv is None else argv)  # `equity Ah Kh QQ`: a hand card by card
    if meant:
        sys.stderr.write(f"pokerlab: error: {meant}\n")
        return 2
    if extra:
        if getattr(args, "course_command", None) == "slides" and not any(x.startswith("-") for x in extra):
            # argparse gives `decks --lecture 02` the lessons [] and leaves 02 over: they are lessons all the same
            args.lessons = [*args.lessons, *extra]
        else:
            _unrecognized(parser, args, extra)
    from pokerlab import _notice

    _notice.enabled = True  # a first run says so on stderr while numba compiles (once per machine)
    # one-answer commands run small queries in numpy (no numba start-up); bots in matches keep the kernels
    _notice.single_query = args.command in ("eval", "strength", "potential", "equity", "range", "bpp")
    if args.command == "play":  # play handles its own signals
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            course.require_extra(args)  # `pokerlab course ...` on a core install: one line naming the extra
            _check_outputs(args)
            args.func(args)
    except PokerlabError as exc:
        sys.stderr.write(f"pokerlab: error: {_one_line(str(exc))}\n")
        return 2
    except BrokenPipeError:  # the reader went away (`pokerlab ... | head -1`): stop quietly, as Unix tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the flush at exit cannot fail again
        return 141  # 128 + SIGPIPE, what a shell reports for a tool killed by a closed pipe
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
