"""What every subcommand shares: argument types, the one-line errors, the help formatter, examples."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, NoReturn


def _one_line(message: str) -> str:
    """An error message as one short line: a run of over 200 characters without a space (a pasted 5,001-digit
    number, a range of 3,000 letters, quoted in the message) is cut to its start and its length."""
    import re

    def cut(m: re.Match[str]) -> str:
        return f"{m.group()[:40]}... ({len(m.group()):,} characters)"

    return re.sub(r"\S{201,}", cut, " ".join(str(message).splitlines()))


class _Parser(argparse.ArgumentParser):
    _seen: list[str]  # the words last parsed, to name an unknown option argparse reports as a missing command

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._seen = [str(a) for a in (sys.argv[1:] if args is None else args)]
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        if message.startswith("the following arguments are required: command"):
            # `pokerlab --versoin`: argparse says only that the command is missing; name the option instead
            import difflib

            known = list(self._option_string_actions)
            unknown = [
                w.split("=")[0]
                for w in getattr(self, "_seen", [])
                if w.startswith("-") and w.split("=")[0] not in known
            ]
            if unknown:
                close = difflib.get_close_matches(unknown[0], known, n=1, cutoff=0.6)
                message = f"unrecognized option {unknown[0]}" + (f"; did you mean {close[0]}?" if close else "")
        # a subcommand's parser is named "pokerlab equity" (or "pokerlab course site"): its own --help says more
        sys.stderr.write(f"pokerlab: error: {_one_line(message)}{_meant(message)} (see '{self.prog} --help')\n")
        raise SystemExit(2)


def _meant(message: str) -> str:
    """For argparse's "invalid choice: 'equty' (choose from 'eval', ...)": "; did you mean 'equity'?" when one
    choice is close (Python 3.11's argparse suggests none), else ''."""
    import difflib

    found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
    if not found:
        return ""
    choices = re.findall(r"'([^']*)'", found.group(2))
    close = difflib.get_close_matches(found.group(1), choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _whole(lo: int, hi: int | None = None, meaning: str = "") -> Any:
    """An argparse type: a whole number in lo..hi, refused with one line otherwise (0 included)."""

    def parse(text: str) -> int:
        try:
            n = int(text.strip())
        except ValueError:
            n = _scientific_whole(text)  # 1e6 is a whole number too
        if n < lo or (hi is not None and n > hi):
            span = f"{lo}..{hi:,}" if hi is not None else f"at least {lo}"
            raise argparse.ArgumentTypeError(f"must be {span}{meaning}, not {text.strip()}")
        return n

    return parse


def _scientific_whole(text: str) -> int:
    """``1e6`` or ``2.5E3`` when it is exactly a whole number (the help writes 10^12); refused otherwise."""
    from decimal import Decimal, InvalidOperation

    try:
        d = Decimal(text.strip())
    except InvalidOperation:
        d = Decimal("NaN")
    if not d.is_finite() or d != d.to_integral_value() or "e" not in text.lower():
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}")
    return int(d)


def _text(text: str) -> str:
    """An argparse type: text that is not empty (an empty value is a mistake, not "not given")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


def _seconds(hi: float) -> Any:
    """An argparse type: a finite number of seconds in (0, hi]."""

    def parse(text: str) -> float:
        import math

        try:
            x = float(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
        if not math.isfinite(x) or not 0 < x <= hi:
            raise argparse.ArgumentTypeError(f"must be a number of seconds in (0, {hi:,g}], not {text.strip()}")
        return x

    return parse


_SEED = _whole(0, 2**63 - 1)


def _print(data: dict[str, Any], text: str, as_json: bool) -> None:
    print(json.dumps(data, indent=2) if as_json else text)


def _ignore_sigint() -> None:  # pragma: no cover - runs in the worker processes
    """Workers leave Ctrl-C to the main process, which stops them (no traceback from every worker)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_worker(token: Any, notice: bool) -> None:  # pragma: no cover - runs in the worker processes
    """A worker's set-up: Ctrl-C left to the main process, and the compile notice shared (one line per command)."""
    from pokerlab import _notice

    _ignore_sigint()
    _notice.adopt(token, notice)


class _Pool:
    """``with _Pool(workers) as executor``: a process pool for ``workers > 1``, else None (run here).

    On the way out after an error or Ctrl-C the workers are terminated at
    once instead of finishing their queue, so nothing is left running.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.executor: Any = None

    def __enter__(self) -> Any:
        from concurrent.futures import ProcessPoolExecutor

        if self.workers > 1:
            from pokerlab import _notice

            self.executor = ProcessPoolExecutor(
                max_workers=self.workers, initializer=_start_worker, initargs=(_notice.share(), _notice.enabled)
            )
        return self.executor

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        ex = self.executor
        if ex is None:
            return
        if kind is None:
            ex.shutdown()
            return
        processes = list(getattr(ex, "_processes", {}).values())
        ex.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            proc.terminate()
        for proc in processes:
            proc.join(timeout=1)
            if proc.is_alive():  # pragma: no cover
                proc.kill()


_STDOUT_NAMES = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")
"""``--out`` values that mean standard output (a file written atomically cannot be one of these)."""


def _is_stdout(out: str) -> bool:
    return out.strip() in _STDOUT_NAMES


EXAMPLES = {
    "eval": "pokerlab eval AsKs QsJsTs",
    "strength": "pokerlab strength AdQc 3h4cJh --opponents 3",
    "potential": "pokerlab potential AdQc 3h4cJh",
    "equity": "pokerlab equity AhKh QQ --board 2c7dTs",
    "range": "pokerlab range 'TT+, A2s+, KQo'",
    "tables": "pokerlab tables --method simulation --players 3 --games 2000 --seed 1 --out my_tables",
    "acpc-client": "pokerlab acpc-client 127.0.0.1 18791 --bot phase2",
    "tournament": "pokerlab tournament --duplicate phase1 always_call --hands 200",
    "bpp": "pokerlab bpp --hole AdQc --board 3h4cJh --action bet",
    "play": "pokerlab play --app bigholdem",
    "replay": "pokerlab replay data/hands/three_handed_all_in.phh --no-potential",
    "stats": "pokerlab stats data/hands/pluribus.phhs.xz --player Pluribus",
    "reproduce": "pokerlab reproduce --games 100000",
    "solve": "pokerlab solve leduc --iterations 1000 --variant cfr+",
    "pushfold": "pokerlab pushfold 10",
    "postflop": "pokerlab postflop Td9d6hQc2s --oop '66+, AJo+' --ip 'QQ-22, ATo+' --pot 200 --stack 900 --raises none",
    "drill": "pokerlab drill --stack 10 --hands 5",
    "course": "pokerlab course slides decks 02",
}
"""One example command line per subcommand: the last line of its ``--help`` (tests/cli/test_cli.py runs them)."""


BOT_NAMES = "%(bot_names)s"
"""In a help text, replaced by the registered bot names when the help is shown (pokerlab.bots is imported then)."""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows every default (unless the text already says it) and the bot names where asked."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        shown = action.default is not None and action.default is not False and action.default != argparse.SUPPRESS
        shown = shown and action.nargs != 0
        if shown and "default" not in text.lower() and "%(default)" not in text:
            text += " (default: %(default)s)"
        return text

    def _expand_help(self, action: argparse.Action) -> str:
        if BOT_NAMES in (action.help or ""):
            import copy

            from pokerlab.bots import names

            action = copy.copy(action)
            action.help = (action.help or "").replace(BOT_NAMES, ", ".join(names()))
        return super()._expand_help(action)


_STARTED = 0.0
"""When :func:`main` began (``time.perf_counter()``), for times that cover the start-up."""


def _waited() -> float:
    """Wall seconds since this process started (the time the user has waited), else since :func:`main` began.

    Linux says when the process started (``/proc/self/stat``, in clock ticks since boot), which covers the
    interpreter's start and the imports before :func:`main`; elsewhere the time since :func:`main` began.
    """
    import os
    import time

    now = time.perf_counter()
    try:
        with open("/proc/self/stat", encoding="ascii") as stat, open("/proc/uptime", encoding="ascii") as up:
            started = int(stat.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
            age = float(up.read().split()[0]) - started
    except (OSError, ValueError, IndexError, AttributeError):
        age = -1.0
    since_main = now - _STARTED if _STARTED else 0.0
    return age if age >= since_main else since_main
