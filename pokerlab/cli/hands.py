"""Cards and hands: evaluate, strength, potential, equity and ranges."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from pokerlab.cli._common import _SEED, _print, _text, _whole
from pokerlab.errors import ParameterError


def cmd_eval(args: argparse.Namespace) -> None:
    from pokerlab.evaluator import evaluate

    v = evaluate(" ".join(args.cards))
    data: dict[str, Any] = {
        "value": v.value,
        "category": v.category.label,
        "description": v.describe(),
        "best_five": [str(c) for c in v.best_five],
    }
    name = v.describe()
    if not name.startswith(v.category.label):  # a royal flush: say its category too, as the JSON does
        name += f", a {v.category.label.lower()}"
    text = f"{name}  (value {v.value} of 7462; best five: {' '.join(data['best_five'])})"
    _print(data, text, args.json)


def cmd_strength(args: argparse.Namespace) -> None:
    from pokerlab._inputs import opponents_count
    from pokerlab.strength import hand_strength

    hs = hand_strength(args.hole, args.board, opponents=1, weights=args.weights)
    hs_n = hs ** opponents_count(args.opponents)
    data = {"hs": hs, "hs_n": hs_n, "opponents": args.opponents}
    _print(data, f"HS = {hs:.4f}   HS_{args.opponents} = {hs_n:.4f}", args.json)


def cmd_potential(args: argparse.Namespace) -> None:
    from pokerlab.strength import hand_potential

    p = hand_potential(args.hole, args.board, lookahead=args.lookahead, weights=args.weights, opponents=args.opponents)
    data = {
        "matrix": [list(r) for r in p.matrix],
        "hs": p.hs,
        "hs_n": p.hs_n,
        "ppot": p.ppot,
        "npot": p.npot,
        "ehs": p.ehs,
        "ehs_net": p.ehs_net,
        "lookahead": p.lookahead,
        "opponents": p.opponents,
    }
    _print(data, p.table(), args.json)


_CARD = r"(?:10|[2-9TJQKA])[cdhs]"

_HAND_COMMANDS = ("equity", "strength", "potential", "bpp")
"""The commands that take a hand (and a board): where a hand's cards typed as separate words are caught."""

_FLAGS = frozenset({"--json", "--exact", "--final-arc", "-h", "--help"})
"""Their options that take no value (every other option takes one)."""

_WHY = {
    "equity": "each argument is a hand or a range, so write a hand's two cards as one word",
    "strength": "the two hole cards are one word and the board another",
    "potential": "the two hole cards are one word and the board another",
    "bpp": "write BPP's two cards as one word",
}


def _shown(word: str) -> str:
    """A word as it would be typed in a shell (quoted when it holds a space or a comma)."""
    import re

    return word if re.fullmatch(r"[\w+,.:/=-]+", word) else f'"{word}"'


def as_meant(argv: Sequence[str]) -> str | None:
    """A hand or a board typed card by card (``pokerlab equity Ah Kh Qs Qd``, ``pokerlab strength Ah Kh 3h4cJh``,
    ``--board 2c 7d 8h``): the one line that says how to write it and the whole command as it was meant, else None.

    A hand's two single cards in a row become one word (``AhKh QsQd``); the cards after a board (``--board``, or
    ``strength``'s and ``potential``'s second word) join it; options and their values stay where they were.

    >>> print(as_meant(["equity", "Ah", "Kh", "Qs", "Qd"]))
    'Ah' is one card: each argument is a hand or a range, so write a hand's two cards as one word:
    did you mean 'pokerlab equity AhKh QsQd'?
    >>> as_meant(["equity", "AhKh", "QQ"]) is None
    True
    """
    import re

    words = list(argv)
    start = next((i for i, w in enumerate(words) if not w.startswith("-")), None)
    if start is None or words[start] not in _HAND_COMMANDS:
        return None
    command = words[start]
    rest = words[start + 1 :]

    def card(i: int) -> bool:
        return i < len(rest) and re.fullmatch(_CARD, rest[i].strip(), re.I) is not None

    out: list[str] = []
    why = ""  # the first mistake found: what the line explains
    board = -1  # strength/potential: where the board's word is in ``out``
    positional = 0
    i = 0
    while i < len(rest):
        word = rest[i]
        if word.startswith("-") and len(word) > 1 and not word[1].isdigit():
            out.append(word)
            i += 1
            if word in _FLAGS or "=" in word or i >= len(rest):
                continue
            value = rest[i]
            i += 1
            if word == "--hole" and card(i - 1) and card(i):
                why = why or f"{value!r} is one card: {_WHY['bpp']}"
                value += rest[i]
                i += 1
            elif word == "--board":
                while card(i):
                    why = why or f"{rest[i]!r} is one card: write the board's cards as one word"
                    value += rest[i]
                    i += 1
            out.append(value)
            continue
        hand = command == "equity" or (command != "bpp" and positional == 0)
        if hand and card(i) and card(i + 1):
            why = why or f"{word!r} is one card: {_WHY[command]}"
            out.append(word + rest[i + 1])
            i += 2
        elif command in ("strength", "potential") and positional >= 1:
            if board >= 0:  # a second word for the board: it joins the first
                why = why or f"{word!r} is one card: write the board's cards as one word"
                out[board] += word
            else:
                board = len(out)
                out.append(word)
            i += 1
        else:
            out.append(word)
            i += 1
        positional += 1
    if not why:
        return None
    if command in ("strength", "potential") and board < 0:
        return f"{why}, e.g. 'pokerlab {command} {out[0]} 3h4cJh'"
    return f"{why}: did you mean 'pokerlab {command} {' '.join(_shown(w) for w in out)}'?"


def _one_card_words(words: Sequence[str]) -> None:
    """``pokerlab equity QQ 7c``: a single card where a hand belongs (a pair of them is caught by :func:`as_meant`
    before the command runs). Say how to write a hand."""
    import re

    for word in words:
        if re.fullmatch(_CARD, word.strip(), re.I):
            raise ParameterError(
                f"{word!r} is one card: each argument is a hand or a range, so write a hand's two cards as one"
                " word, e.g. AhKh"
            )


def cmd_equity(args: argparse.Namespace) -> None:
    from pokerlab.equities import equity

    _one_card_words(args.hands)
    if args.exact and args.samples is not None:
        raise ParameterError("--samples selects Monte Carlo; do not combine it with --exact")
    for word in args.hands:
        _readable(word)
    e = equity(
        *args.hands,
        board=args.board or (),
        opponents=args.opponents,
        samples=args.samples,
        seed=args.seed,
        exact=True if args.exact else None,
        progress=not args.json,  # a bar on stderr while Monte Carlo runs (more than 131,072 deals)
    )
    _print(e.to_dict(), str(e), args.json)


_HOW = (
    "write a hand as its two cards in one word (AhKh, Td9d: rank A K Q J T 9-2, then suit c d h s), a range as"
    " classes (TT+,AKs,KQo)"
)


def _readable(word: str) -> None:
    """Refuse a hand or range the command line cannot read, naming it as the user typed it and how to write one."""
    from pokerlab.errors import PokerlabError
    from pokerlab.ranges import Range

    try:
        Range.of(word)
    except PokerlabError as exc:
        said = str(exc).removeprefix("hands_or_ranges: ")
        short = len(word) <= 60 and said != f"cannot read {word!r} in the range {word!r}"
        raise type(exc)(f"cannot read {word!r} as a hand or a range{f' ({said})' if short else ''}: {_HOW}") from None


def cmd_range(args: argparse.Namespace) -> None:
    from pokerlab.ranges import Range

    _readable(args.text)
    r = Range.parse(args.text)
    data = {
        "range": str(r),
        "combos": len(r),
        "weight": r.total_weight,
        "hands": [[f"{a}{b}" if a > b else f"{b}{a}", w] for a, b, w in r.combos()],
    }
    _print(data, f"{r}\n{len(r)} combinations, total weight {r.total_weight:g}", args.json)


def register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add this group's subcommands to ``pokerlab``'s parser (``add(name, help, function)``)."""
    p = add("eval", "evaluate a 5-7 card hand", cmd_eval)
    p.add_argument("cards", nargs="+", help="cards, e.g. AsKs QsJsTs")

    p = add("strength", "hand strength against random or weighted opponents (Algorithm 1)", cmd_strength)
    p.add_argument("hole", help="two hole cards, e.g. AdQc")
    p.add_argument("board", help="3-5 board cards, e.g. 3h4cJh")
    p.add_argument("--opponents", type=_whole(1, 9), default=1, help="number of opponents n for HS_n = HS^n (1-9)")
    p.add_argument("--weights", type=_text, default=None, help="opponent range used as weight table, e.g. 'TT+, AKs'")

    p = add("potential", "hand potential: Table 4, PPOT, NPOT, EHS (Algorithm 2)", cmd_potential)
    p.add_argument("hole", help="two hole cards, e.g. AdQc")
    p.add_argument("board", help="flop (3 cards) or turn (4 cards), e.g. 3h4cJh")
    p.add_argument("--lookahead", type=int, choices=(1, 2), default=2, help="cards to come (2 only from the flop)")
    p.add_argument("--opponents", type=_whole(1, 9), default=1, help="opponents for HS_n and EHS (1-9)")
    p.add_argument("--weights", type=_text, default=None, help="opponent range used as weight table")

    p = add("equity", "showdown equity of hands or ranges", cmd_equity)
    p.add_argument("hands", nargs="+", help="hands or ranges, e.g. AhKh QQ 'TT+,AKs'")
    p.add_argument("--board", type=_text, default=None, help="3, 4 or 5 board cards (leave out for preflop)")
    p.add_argument(
        "--opponents",
        type=_whole(0, 9),
        default=None,
        help="add this many random hands (0-9; 0 = only the hands given)",
    )
    p.add_argument(
        "--samples",
        type=_whole(1, 10**12),
        default=None,
        help="Monte Carlo samples, 1 to 10^12 (forces Monte Carlo)",
    )
    p.add_argument("--seed", type=_SEED, default=None, help="random seed for Monte Carlo (0 to 2^63-1)")
    p.add_argument("--exact", action="store_true", help="insist on full enumeration")

    p = add("range", "expand a range and print it in canonical form", cmd_range)
    p.add_argument("text", help="a range, e.g. 'TT+, A2s+, KQo'")
