"""Equilibrium: CFR on Kuhn and Leduc, push/fold, the postflop solver and the drills."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from pokerlab._options import CFREngine, GameName, Variant
from pokerlab.cli._common import _SEED, _print, _text, _waited, _whole
from pokerlab.errors import ParameterError

_KUHN_NUMPY_ITERATIONS = 5_000
"""Up to this many iterations, ``pokerlab solve kuhn`` runs CFR/CFR+ with numpy (about 0.15 ms each, no numba)."""


_MCCFR_PYTHON_ITERATIONS = 5_000
"""Up to this many iterations, ``pokerlab solve ... --variant mccfr`` runs the compiled walk's plain Python twin
(``engine="python"``: the kernel's numbers for the seed, about 0.05 ms an iteration on Kuhn and 0.2 ms on Leduc,
no numba to load, about 2 s, or to compile on a first run, about 5 s)."""


def cmd_solve(args: argparse.Namespace) -> None:
    """Solve Kuhn poker or Leduc Hold'em with CFR, CFR+ or MCCFR and print the exploitability."""
    import time

    from pokerlab import solve

    if args.seed is not None and args.variant != "mccfr":
        raise ParameterError(
            f"--variant {args.variant} is deterministic (no sampling); it does not take --seed {args.seed}"
        )
    game = solve.game(args.game)
    keys = args.show or ([i.key for i in game.infosets] if game.name == "kuhn" else [])
    known = {i.key for i in game.infosets}
    for key in keys:  # an unknown key is an error before any work, and says how keys are written
        if key not in known:
            cards, _, moves = key.replace(" ", "").partition(":")
            written = f"{cards.upper()}:{moves.lower()}"  # cards upper case, actions lower case: 'j:' is 'J:'
            close = [k for k in (f"{key}:", key.replace(" ", ""), written) if k in known and k != key]
            example = "'J:' or 'K:pb'" if game.name == "kuhn" else "'J:', 'Q:cr' or 'KJ:rc/r'"
            raise ParameterError(
                f"{game.name} has no information set {key!r}"
                + (f" (did you mean {close[0]!r}?)" if close else "")
                + f". A key is the player's card{'' if game.name == 'kuhn' else 's (private, then board)'}, a colon"
                f" and the actions so far ({SHOW_ACTIONS[game.name]}), e.g. {example}"
            )
    # short runs finish before numba would have started (1-2 s to import it and load a cached kernel, several
    # to compile one on a first run), with the compiled kernel's numbers: CFR/CFR+ on Kuhn's 12 information sets
    # in numpy, and MCCFR in the kernel's plain Python twin (the same random stream, so the seed names the same
    # policy); longer runs, and CFR/CFR+ on Leduc (numpy's engine takes about 4 ms an iteration there), take the kernel
    if args.variant == "mccfr":
        engine = CFREngine.PYTHON if args.iterations <= _MCCFR_PYTHON_ITERATIONS else CFREngine.NUMBA
    else:
        engine = (
            CFREngine.NUMPY if game.name == "kuhn" and args.iterations <= _KUHN_NUMPY_ITERATIONS else CFREngine.NUMBA
        )
    if engine == "numba":
        # load (or compile) the kernel first, as benchmarks/bench_cfr.py does: the time printed is the solve's,
        # and the start-up before it (imports, kernel load or first compile) is printed beside it
        solve.cfr(game, 1, variant=args.variant, record=0, seed=0 if args.variant == "mccfr" else None)
    start = time.perf_counter()
    result = solve.cfr(game, args.iterations, variant=args.variant, seed=args.seed, record=args.record, engine=engine)
    seconds = time.perf_counter() - start
    waited = _waited()
    startup = waited - seconds
    avg = result.average_policy
    value = solve.expected_value(game, avg)
    data = {
        "game": game.name,
        "variant": result.variant,
        "iterations": result.iterations,
        "seed": result.seed,
        "engine": engine,
        "seconds": seconds,
        "startup_seconds": startup,
        "wall_seconds": waited,
        "exploitability": result.exploitability,
        "value_player_0": value,
        "history": [list(h) for h in result.history],
        "average_policy": {key: avg[key] for key in keys},
    }
    lines = [
        f"{result.variant} on {game.name}, {result.iterations:,} iterations in {seconds:.2f} s "
        f"(including {len(result.history)} exploitability measurements); {waited:.2f} s since the command started "
        f"(start-up: {'imports, loading or compiling the kernel' if engine == 'numba' else 'imports'})",
        f"exploitability of the average policy: {result.exploitability:.6f} chips per hand",
        f"value of the average policy for player 0: {value:+.6f} chips per hand",
    ]
    lines += [f"  {key:12} " + "  ".join(f"{a} {p:.3f}" for a, p in avg[key].items()) for key in keys]
    _print(data, "\n".join(lines), args.json)


SHOW_ACTIONS = {
    "kuhn": "p pass, b bet",
    "leduc": "c check or call, r raise, / between the rounds",
}
"""The action letters of ``solve --show`` keys, per game."""


def cmd_pushfold(args: argparse.Namespace) -> None:
    """The heads-up push/fold equilibrium at one stack depth: both 13x13 grids, value, exploitability."""
    from pokerlab.solve.pushfold import _check_stack, push_fold

    _check_stack(args.stack, args.ante, stack_name="STACK", ante_name="--ante")  # errors name what was typed
    result = push_fold(args.stack, ante_bb=args.ante)
    _print(result.to_dict(), result.text(), args.json)


def _percent(text: str) -> float:
    """An argparse type: ``--target``, a finite percentage of the pot in [0, 10] (more is no equilibrium)."""
    import math

    try:
        x = float(text.strip().rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a percentage such as 0.3, not {text!r}") from None
    if not math.isfinite(x) or not 0 <= x <= 10:
        raise argparse.ArgumentTypeError(
            f"must be a percentage of the pot from 0 to 10 (0.3 means 0.3 %; solve.postflop(target=) takes the "
            f"fraction 0.003), not {text.strip()}"
        )
    return x


def _sizes(text: str) -> str:
    """An argparse type: bet or raise sizes (``none``: no such action; an empty value is a mistake).

    An empty value names ``none``: leaving the option out gives its default sizes, not an empty list.
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty; write 'none' for no such action")
    return "" if text.strip().lower() == "none" else text


def cmd_postflop(args: argparse.Namespace) -> None:
    """Solve a turn or river spot range against range; print the exploitability, values and a node's strategy."""
    from pokerlab import _progress
    from pokerlab.solve.postflop import _load_kernels, postflop, postflop_actions
    from pokerlab.solve.postflop_reports import _check_line, _no_one_acts, _summary, _summary_text

    line = _check_line(args.line or "")  # a label that cannot be an action is refused before the solve
    spot = {"pot": args.pot, "stack": args.stack, "bets": args.bets, "raises": args.raises}
    spot |= {"ip_bets": args.ip_bets, "ip_raises": args.ip_raises}
    # the spot and the line on its betting tree are checked before the solve, in a moment
    _no_one_acts(line, postflop_actions(args.board, args.oop, args.ip, line, **spot))
    # on a machine's first run numba compiles the solver (about a minute): said apart, and left out of the solve's time
    _load_kernels(on_compile=lambda: print("compiling the solver's kernels (once)...", file=sys.stderr, flush=True))
    # a line per checkpoint, on stderr: stdout holds only the answer (text or --json)
    with _progress.lines(sys.stderr):
        solution = postflop(
            args.board,
            args.oop,
            args.ip,
            **spot,
            target=args.target / 100,
            max_iterations=args.max_iterations,
            threads=args.threads,
            isomorphism=not args.no_isomorphism,
        )
    data = _summary(solution, args.oop, args.ip, line)
    _print(data, _summary_text(data), args.json)


_DRILL_RETRIES = 5
"""``pokerlab drill`` asks again after an answer it cannot read, but not more than this many times in a row."""


def _ask(
    quiz: Any, args: argparse.Namespace, expected: Callable[[Any], str], record: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """A drill's loop, shared by the push/fold and the postflop drill: ``args.hands`` hands dealt by ``quiz``, each
    answered on stdin (``q`` or the end of input stops early), the verdict printed, one record per answered hand.

    ``expected(hand)`` names the answers the hand takes, for the message that stops a drill fed
    ``_DRILL_RETRIES`` non-answers in a row (piped garbage must end, not loop forever).
    """
    records = []
    for _ in range(args.hands):
        hand = quiz.deal()
        done = None
        wrong = 0
        while done is None:
            if wrong >= _DRILL_RETRIES:
                raise ParameterError(f"{wrong} answers in a row were not {expected(hand)}: stopping the drill")
            if not args.json:
                print(hand.prompt(), flush=True)
            try:
                line = sys.stdin.readline() if sys.stdin is not None else ""  # None: started with stdin closed
            except (OSError, ValueError):  # no input to read (a closed or absent stdin): stop as at its end
                line = ""
            if not line or line.strip().lower() in ("q", "quit"):
                break
            try:
                done = quiz.answer(line)
            except ParameterError as exc:
                wrong += 1
                if not args.json:
                    print(f"  {exc}", flush=True)
        if done is None:
            break
        records.append(record(done))
        if not args.json:
            print(done.verdict(), flush=True)
    return records


def cmd_drill(args: argparse.Namespace) -> None:
    """Push/fold drill: answer jam/fold or call/fold on stdin, scored in EV lost against the equilibrium."""
    from pokerlab._validate import real
    from pokerlab.solve.pushfold import PushFoldQuiz, _check_stack

    if args.postflop:
        _drill_postflop(args)
        return
    if args.spot is not None:
        raise ParameterError("--spot names a solved postflop spot: use it with --postflop")
    if args.stack is None:
        real(args.ante, "--ante", lo=0.0, hi=1.0)
    else:
        _check_stack(args.stack, args.ante, stack_name="--stack", ante_name="--ante")
    quiz = PushFoldQuiz(args.stack, seed=args.seed, ante_bb=args.ante)
    records = _ask(
        quiz,
        args,
        lambda hand: " or ".join(hand.answers),
        lambda d: {"stack_bb": d.stack_bb, "seat": d.seat, "hand": d.hand, "answer": d.answer, "lost": d.lost},
    )
    data = {"hands": records, "total_lost": quiz.total_lost}
    _print(data, "\n" + quiz.summary(), args.json)


def _drill_postflop(args: argparse.Namespace) -> None:
    """``pokerlab drill --postflop [--spot NAME]``: a shipped river spot, answered on stdin, scored in chips lost."""
    from pokerlab.solve.postflop_spots import load_spot
    from pokerlab.solve.postflop_study import PostflopQuiz

    if args.stack is not None or args.ante:
        raise ParameterError("--stack and --ante are push/fold settings: leave them out with --postflop")
    name = args.spot or "polar_river"
    quiz = PostflopQuiz(load_spot(name), seed=args.seed, name=name)
    records = _ask(
        quiz,
        args,
        lambda hand: "one of " + ", ".join(hand.actions),
        lambda d: {"line": list(d.line), "combo": d.combo, "answer": d.answer, "lost": d.lost, "mix": dict(d.mix)},
    )
    _print({"spot": name, "hands": records, "total_lost": quiz.total_lost}, "\n" + quiz.summary(), args.json)


def register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add this group's subcommands to ``pokerlab``'s parser (``add(name, help, function)``)."""
    p = add(
        "solve", "CFR, CFR+ or Monte Carlo CFR on Kuhn poker or Leduc Hold'em, with exact exploitability", cmd_solve
    )
    p.add_argument("game", choices=[g.value for g in GameName], help="Kuhn poker (3 cards) or Leduc Hold'em (6 cards)")
    p.add_argument("--iterations", type=int, default=1000, help="iterations to run")
    p.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default="cfr+",
        help="CFR, CFR+ or external-sampling Monte Carlo CFR",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for mccfr's sampling")
    p.add_argument("--record", type=int, default=20, help="iterations (log-spaced) whose exploitability is measured")
    p.add_argument(
        "--show",
        action="append",
        metavar="KEY",
        help="print the average policy at this information set (repeatable): the player's card (Leduc: then the"
        " board card), a colon, the actions so far, e.g. J: or K:pb (Kuhn), Q:cr or KJ:rc/r (Leduc)",
    )

    p = add("pushfold", "heads-up push/fold equilibrium at one stack depth, solved exactly", cmd_pushfold)
    p.add_argument(
        "stack", metavar="STACK", type=float, help="effective stack in big blinds before the blinds are posted, e.g. 10"
    )
    p.add_argument("--ante", type=float, default=0.0, help="each player's ante in big blinds (default 0)")

    p = add(
        "postflop",
        "solve a turn or river spot range against range (discounted CFR, exact exploitability)",
        cmd_postflop,
    )
    p.add_argument("board", help="4 cards (the turn: every river is dealt) or 5 (the river), e.g. Td9d6hQc2s")
    p.add_argument("--oop", type=_text, required=True, help="the range of the player out of position (acts first)")
    p.add_argument("--ip", type=_text, required=True, help="the range of the player in position")
    p.add_argument("--pot", type=_whole(1, 10**9), required=True, help="chips in the pot at the start of the spot")
    p.add_argument("--stack", type=_whole(0, 10**9), required=True, help="chips each player has behind")
    p.add_argument("--bets", type=_sizes, default="50%, 100%", help="bet sizes: shares of the pot, 'a' all-in, 'none'")
    p.add_argument(
        "--raises", type=_sizes, default="a", help="raise sizes: '2.5x' the bet faced, shares of the pot, 'a', 'none'"
    )
    p.add_argument("--ip-bets", type=_sizes, default=None, help="IP's bet sizes when they differ (default: --bets)")
    p.add_argument(
        "--ip-raises", type=_sizes, default=None, help="IP's raise sizes when they differ (default: --raises)"
    )
    p.add_argument(
        "--target",
        type=_percent,
        default=0.3,
        help="stop at this exploitability, a percentage of the pot (0.3 means 0.3 %%, the default; "
        "solve.postflop's target= is the fraction 0.003)",
    )
    p.add_argument("--max-iterations", type=_whole(1, 10**6), default=2000, help="stop after this many iterations")
    p.add_argument("--threads", type=_whole(1, 256), default=None, help="threads (default: every core)")
    p.add_argument("--line", type=_text, default=None, help="the node to show: 'check, bet 100' (default: the root)")
    p.add_argument(
        "--no-isomorphism",
        action="store_true",
        help="solve every river card, also those whose suits mirror another's (same numbers, slower)",
    )

    p = add("drill", "push/fold drill: answer on stdin, scored in EV lost against the equilibrium", cmd_drill)
    p.add_argument("--stack", type=float, default=None, help="fixed stack in bb (default: a random 2-20 bb per hand)")
    p.add_argument("--ante", type=float, default=0.0, help="each player's ante in big blinds (default 0)")
    p.add_argument("--hands", type=_whole(1, 10_000), default=10, help="hands to deal (default 10)")
    p.add_argument("--seed", type=_SEED, default=None, help="seed of the deals")
    p.add_argument(
        "--postflop", action="store_true", help="the river trainer: a shipped solved spot instead of push/fold"
    )
    p.add_argument(
        "--spot", default=None, help="with --postflop: bluff_catcher, polar_river (default), flush_river or queen_turn"
    )
