"""BPP's Bayesian network from the command line."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from pokerlab._options import Engine
from pokerlab.cli._common import _print, _text, _whole
from pokerlab.streets import Street


def cmd_bpp(args: argparse.Namespace) -> None:
    """Query BPP's network for one round and say what BPP would do."""
    from pokerlab import bpp
    from pokerlab.errors import ParameterError

    evidence: dict[str, str] = {}
    rnd = args.round or "flop"
    if args.hole:
        rnd_cards, evidence = bpp.evidence_from_cards(args.hole, args.board or "", args.hand_types)
        if args.round and args.round != rnd_cards:
            size = Street(args.round).board_size
            hint = f": give the {args.round}'s board with --board ({size} cards)" if size else ""
            raise ParameterError(f"the cards are a {rnd_cards} situation, not {args.round}{hint}")
        rnd = rnd_cards
    elif args.board:
        raise ParameterError("give --hole with --board")
    for item in args.evidence or []:
        node, eq, state = item.partition("=")
        if not eq:
            raise ParameterError(f"evidence is NODE=STATE, e.g. OPP_Action=raise, not {item!r}")
        evidence[node.strip()] = state.strip()
    if args.action:
        evidence["OPP_Action"] = args.action
    net = bpp.build_network(rnd, args.hand_types, args.actions, args.final_arc)
    posts = {n: net.query(n, evidence, engine=args.engine) for n in ("BPP_Win", "OPP_Current", "BPP_Final")}
    p_win = posts["BPP_Win"]["win"]
    probs = bpp.action_probabilities(p_win, args.pot, args.to_call, net.round)
    decision, ev = bpp.best_action(p_win, args.pot, args.to_call, args.bet)
    data = {
        "round": rnd,
        "evidence": evidence,
        "p_win": p_win,
        "threshold": bpp.pot_odds_threshold(args.pot, args.to_call),
        "curves": probs,
        "expected_winnings": ev,
        "decision_network": decision,
        "posteriors": posts,
    }
    top = sorted(posts["OPP_Current"].items(), key=lambda kv: -kv[1])[:5]
    shown = ", ".join(f"{k}={v}" for k, v in evidence.items()) or "none"
    text = "\n".join(
        [
            f"{net!r}",
            f"evidence: {shown}",
            f"P(win) = {p_win:.4f}   (pot-odds threshold {data['threshold']:.3f})",
            "opponent's hand now: " + ", ".join(f"{k} {v:.1%}" for k, v in top),
            "betting curves: " + ", ".join(f"{k} {v:.1%}" for k, v in probs.items()),
            "decision node (chips from now): " + ", ".join(f"{k} {v:+.1f}" for k, v in ev.items()) + f" -> {decision}",
        ]
    )
    _print(data, text, args.json)


def register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add this group's subcommands to ``pokerlab``'s parser (``add(name, help, function)``)."""
    p = add("bpp", "BPP's Bayesian network: P(win), posteriors and what BPP would do", cmd_bpp)
    p.add_argument(
        "--hole", type=_text, default=None, help="BPP's two cards, e.g. AdQc (sets the round and BPP_Current)"
    )
    p.add_argument("--board", type=_text, default=None, help="3, 4 or 5 board cards (sets Board; leave out preflop)")
    p.add_argument(
        "--round",
        choices=[s.value for s in Street],
        default=None,
        help="the betting round (default: from --board, preflop without it)",
    )
    p.add_argument(
        "--action", type=_text, default=None, help="the opponent's action this round: pass, call, bet, raise"
    )
    p.add_argument("--evidence", type=_text, action="append", help="more evidence NODE=STATE (repeatable)")
    p.add_argument(
        "--hand-types", type=int, choices=(9, 17), default=17, help="BPP's 17 hand types or the 9-type variant"
    )
    p.add_argument(
        "--actions", type=int, choices=(2, 4), default=4, help="opponent actions told apart: pass/call/bet/raise or 2"
    )
    p.add_argument("--final-arc", action="store_true", help="add the BPP_Final -> OPP_Final arc")
    p.add_argument("--pot", type=_whole(0), default=40, help="chips in the pot now")
    p.add_argument("--to-call", type=_whole(0), default=10, help="chips BPP must add to call (0 = checking is free)")
    p.add_argument("--bet", type=_whole(1), default=10, help="size of a raise")
    p.add_argument(
        "--engine",
        choices=sorted(e.value for e in Engine),  # numpy first: the default
        default="numpy",
        help="who computes the network: numpy, or pgmpy (slower)",
    )
