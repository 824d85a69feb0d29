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


def _one_card_words(words: Sequence[str]) -> None:
    """``pokerlab equity Ah Kh QQ``: a hand's two cards typed as two words. Say how to write a hand."""
    import re

    single = re.compile(r"(?:10|[2-9TJQKA])[cdhs]", re.I)
    for i, word in enumerate(words):
        if single.fullmatch(word.strip()):
            after = words[i + 1] if i + 1 < len(words) else ""
            if single.fullmatch(after.strip()):
                meant = " ".join([*words[:i], f"{word}{after}", *words[i + 2 :]])
                hint = f": did you mean 'pokerlab equity {meant}'?"
            else:
                hint = ", e.g. AhKh"
            raise ParameterError(
                f"{word!r} is one card: each argument is a hand or a range, so write a hand's two cards as one"
                f" word{hint}"
            )


def cmd_equity(args: argparse.Namespace) -> None:
    from pokerlab.equity import equity

    _one_card_words(args.hands)
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


def cmd_range(args: argparse.Namespace) -> None:
    from pokerlab.ranges import Range

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
