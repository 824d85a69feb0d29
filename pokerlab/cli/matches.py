"""Games: the ACPC client, self-play tournaments, the browser apps and hand replays."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from pokerlab._options import Setup
from pokerlab.cli._common import _SEED, BOT_NAMES, _is_stdout, _Pool, _print, _seconds, _text, _whole
from pokerlab.errors import ParameterError


def _refuse_ignored_tournament_options(args: argparse.Namespace) -> None:
    """A duplicate match and a self-play experiment take different options: one the run would ignore is an error.

    Otherwise ``--duplicate A B --out money.csv`` would finish without writing the CSV, and
    ``--rules aaai06-limit`` without ``--duplicate`` would quietly play the experiment's own rules.
    """
    if args.duplicate:
        given = [
            f"--setup {args.setup}" if args.setup is not None else "",
            f"--bots {args.bots!r}" if args.bots is not None else "",
            f"--trials {args.trials}" if args.trials is not None else "",
            f"--workers {args.workers}" if args.workers is not None else "",
            f"--out {args.out}" if args.out is not None else "",
        ]
        what = "--duplicate A B plays one heads-up match"
    else:
        given = [f"--rules {args.rules}" if args.rules is not None else ""]
        what = "without --duplicate, the self-play experiments play their own rules (--rules is for --duplicate)"
    given = [g for g in given if g]
    if given:
        raise ParameterError(f"{what}; it does not take {', '.join(given)}")


def cmd_acpc_client(args: argparse.Namespace) -> None:
    """Connect a pokerlab bot to an ACPC dealer."""
    from pokerlab import bots
    from pokerlab.errors import ParameterError
    from pokerlab.game.acpc import load_game, run_client

    rules = load_game(args.game)
    bot = bots.make(args.bot, **({"seed": args.seed} if args.seed is not None else {}))
    try:
        result = run_client(args.host, args.port, bot, rules, timeout=args.timeout)
    except OSError as exc:
        raise ParameterError(f"cannot talk to the dealer at {args.host}:{args.port}: {exc}") from exc
    chips = result.chips
    shown = str(chips.numerator) if chips.denominator == 1 else f"{float(chips):.6f}".rstrip("0")
    known = sum(1 for _, c in result.results if c is not None)
    unknown = len(result.results) - known  # outcomes that needed hole cards the dealer did not show
    per_hand = float(chips) / known if known else 0.0
    data = {
        "hands": result.hands,
        "chips": int(chips) if chips.denominator == 1 else float(chips),
        "chips_per_hand": per_hand,
        "hands_with_unknown_result": unknown,
        "game": rules.name,
    }
    sign = "+" if chips > 0 else ""
    text = f"played {result.hands} hands of {rules.name}: {sign}{shown} chips ({per_hand:+.2f} per hand)"
    if unknown:
        text += (
            f"; {unknown} hand{'s' if unknown != 1 else ''} not counted: the dealer did not show the cards "
            "that decide the result"
        )
    _print(data, text, args.json)


def cmd_tournament(args: argparse.Namespace) -> None:
    """Run a self-play experiment, or a duplicate heads-up match with --duplicate A B."""
    from pokerlab.errors import ParameterError
    from pokerlab.experiments import run_duplicate, run_experiment

    _refuse_ignored_tournament_options(args)
    if args.duplicate:
        from pokerlab.game import AAAI06_HEADS_UP_LIMIT, NO_LIMIT_RING

        a, b = args.duplicate
        rules = AAAI06_HEADS_UP_LIMIT if args.rules == "aaai06-limit" else NO_LIMIT_RING
        result = run_duplicate(a, b, hands=args.hands, seed=args.seed, rules=rules, progress=not args.json)
        text = (
            f"{a} against {b}: {result['mbb_per_hand']:+.1f} mbb/hand, 95 % CI "
            f"[{result['ci95_low']:+.1f}, {result['ci95_high']:+.1f}] over {result['deals']:,} duplicate deals"
        )
        _print(result, text, args.json)
        return
    to_stdout = args.out is not None and _is_stdout(args.out)
    if to_stdout and args.json:
        raise ParameterError(f"--out {args.out} writes the CSV to standard output, where --json writes too: give one")
    setup: Any = args.setup or "phases"
    if args.bots is not None:
        setup = [b.strip() for b in args.bots.split(";")]
        if not all(setup):
            raise ParameterError(f"--bots is a ';'-separated list of bots with none empty, not {args.bots!r}")
    with _Pool(args.workers or 1) as executor:
        res = run_experiment(
            setup,
            hands=args.hands,
            trials=10 if args.trials is None else args.trials,
            seed=args.seed,
            executor=executor,
            progress=not args.json,
            out=None if to_stdout else args.out,
        )
    summary = res.summary()
    if to_stdout:  # the CSV is the output (to pipe into another program); the summary goes to stderr
        sys.stdout.write(res.money.to_csv(index=False))
        sys.stdout.flush()
        sys.stderr.write(summary.to_string(index=False) + "\nmoney per hand written to standard output\n")
        return
    data = {"setup": res.setup, "summary": summary.to_dict(orient="records"), "csv": args.out}
    _print(
        data,
        summary.to_string(index=False) + (f"\nmoney per hand written to {args.out}" if args.out else ""),
        args.json,
    )


def cmd_play(args: argparse.Namespace) -> None:
    """Serve a table app with Voila until interrupted."""
    import signal

    from pokerlab.apps.serve import start

    def _stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    server = start(args.app, args.port, seed=args.seed, quiet=not args.verbose, cull_after=args.cull_after)
    try:
        # Ctrl-C and SIGTERM stop the app even when this process was started with SIGINT ignored
        # (a background job of a non-interactive shell inherits that).
        signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)
        print(f"pokerlab {args.app} app: {server.url}  (Ctrl-C stops it)", flush=True)
        if not args.no_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


def cmd_replay(args: argparse.Namespace) -> None:
    from pokerlab.game.phh import read_hand
    from pokerlab.game.replay import study_hand

    hand = read_hand(args.file, args.hand, check=not args.no_check)
    study = study_hand(hand, samples=args.samples, seed=args.seed, potential=not args.no_potential)
    _print(study.to_dict(), f"{hand.source}\n{study.text()}", args.json)


def register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add this group's subcommands to ``pokerlab``'s parser (``add(name, help, function)``)."""
    p = add("acpc-client", "play a pokerlab bot against an ACPC dealer (heads-up limit by default)", cmd_acpc_client)
    p.add_argument("host", type=_text, help="the dealer's host name or address")
    p.add_argument("port", type=_whole(1, 65535), help="the dealer's port for this seat (1..65535)")
    p.add_argument("--bot", type=_text, default="always_call", help=f"the bot that plays: {BOT_NAMES}")
    p.add_argument(
        "--game",
        type=_text,
        default="holdem.limit.2p.reverse_blinds",
        help="the dealer's game: a standard ACPC name (holdem.limit.2p.reverse_blinds, holdem.nolimit.2p, "
        "holdem.limit.3p, holdem.nolimit.3p) or a .game file (default: ACPC heads-up limit, caps 3 4 4 4)",
    )
    p.add_argument("--seed", type=_SEED, default=None, help="seed for bots that take one")
    p.add_argument(
        "--timeout", type=_seconds(86_400), default=60.0, help="seconds to wait for each line from the dealer"
    )

    p = add(
        "tournament",
        "self-play experiments (the Waterloo report's Figures 4-7) or duplicate heads-up matches",
        cmd_tournament,
    )
    p.add_argument("--setup", choices=[s.value for s in Setup], default=None, help="the experiment (default phases)")
    p.add_argument(
        "--bots",
        type=_text,
        default=None,
        help=f"a custom line-up: 'phase2:bluff=none;phase1;rembrant' (bots: {BOT_NAMES})",
    )
    p.add_argument("--hands", type=_whole(1), default=200, help="hands per trial (deals for --duplicate)")
    p.add_argument("--trials", type=_whole(1, 1_000_000), default=None, help="default 10")
    p.add_argument("--seed", type=_whole(0, 2**62 - 2), default=0, help="seed of the deals and the bots")
    p.add_argument("--workers", type=_whole(1, 256), default=None, help="processes to use (default 1)")
    p.add_argument(
        "--out",
        type=_text,
        default=None,
        help="CSV file for the money of every player after every hand of a --setup's self-play ('-' or /dev/stdout:"
        " print the CSV, and the summary on stderr; a missing folder is created); --duplicate takes no --out",
    )
    p.add_argument(
        "--duplicate",
        nargs=2,
        metavar=("A", "B"),
        default=None,
        help=f"a duplicate heads-up match of bot A against bot B ({BOT_NAMES})",
    )
    p.add_argument(
        "--rules",
        choices=("waterloo-nl", "aaai06-limit"),
        default=None,
        help="rules of a --duplicate match: the Waterloo report's no-limit game (default) or the AAAI'06 "
        "heads-up limit game",
    )

    p = add("play", "play in the browser: heads-up against BPP, or a BigHoldem table (Voila)", cmd_play)
    p.add_argument(
        "--app",
        choices=("heads-up", "bigholdem"),
        default="heads-up",
        help="heads-up limit against a bot (the AAAI'06 game), or a BigHoldem table of 2-10 seats",
    )
    p.add_argument(
        "--port", type=_whole(1024, 65535), default=None, help="port on 127.0.0.1, 1024..65535 (default: a free one)"
    )
    p.add_argument("--no-browser", action="store_true", help="only print the address")
    p.add_argument(  # the apps take seeds below 2**62 (they add the match and page numbers)
        "--seed", type=_whole(0, 2**62 - 1), default=None, help="seed for the cards and the bots"
    )
    p.add_argument("--verbose", action="store_true", help="show Voila's log")
    p.add_argument(
        "--cull-after",
        type=_whole(2, 86_400),
        default=600,
        help="seconds before the kernel of a closed page is shut down, 2..86,400",
    )

    p = add("replay", "a recorded hand (PHH) street by street: pot odds, equity, HS, PPOT/NPOT", cmd_replay)
    p.add_argument("file", help="a .phh or .phhs file")
    p.add_argument("--hand", type=_whole(1), default=1, help="which hand of a .phhs file (1 = the first)")
    p.add_argument(
        "--samples",
        type=_whole(1, 10**9),
        default=20_000,
        help="Monte Carlo samples where enumeration is slow (such an equity is marked ~)",
    )
    p.add_argument("--seed", type=_SEED, default=0, help="seed of the Monte Carlo equity")
    p.add_argument("--no-potential", action="store_true", help="skip PPOT/NPOT (faster)")
    p.add_argument("--no-check", action="store_true", help="do not check the file's finishing_stacks")
