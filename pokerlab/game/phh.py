"""PHH hand histories: the TOML-based Poker Hand History format (pokerkit's).

A PHH file lists the players starting after the button (so the button is
the last player, ``pN``); heads-up the forced bets are read in reverse, so
``p1`` is the big blind. pokerlab writes the required fields (variant,
antes, blinds, bet sizes, starting stacks, actions) and a few fields of its
own, prefixed with an underscore as the format allows, so that a hand read
back is the same hand: ``_pokerlab_seats`` (the table seat of each player),
``_pokerlab_raise_cap`` (0 = no cap) and ``_pokerlab_min_raise_big_blinds``.

Only fixed-limit (``FT``) and no-limit (``NT``) Texas hold'em exist in PHH;
exporting a pot-limit hand is refused.
"""

from __future__ import annotations

import tomllib
from typing import TYPE_CHECKING, Any

from pokerlab.cards import parse_cards
from pokerlab.errors import CardError, PHHError, PokerlabError
from pokerlab.game.rules import BettingStructure, Rules
from pokerlab.game.state import Act, Call, Check, DealBoard, DealHole, Fold, HandState, RaiseTo, Showdown

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = ["PHHError", "from_phh", "to_phh"]


def _toml_value(v: Any) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if v is None:
        return '"none"'
    return str(v)


def to_phh(state: HandState) -> str:
    """The hand as PHH text (see the module docstring)."""
    rules = state.rules
    if rules.structure is BettingStructure.POT_LIMIT:
        raise PHHError("PHH has no pot-limit Texas hold'em variant; this hand cannot be exported")
    n = state.n
    order = [(state.button + k) % n for k in range(1, n + 1)]
    player = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    fields: dict[str, Any] = {}
    fields["variant"] = "FT" if rules.structure is BettingStructure.FIXED_LIMIT else "NT"
    fields["antes"] = [state.ante] * n
    fields["blinds_or_straddles"] = [state.small_blind, state.big_blind] + [0] * (n - 2)
    if rules.structure is BettingStructure.FIXED_LIMIT:
        fields["small_bet"] = rules.bet_sizes[0]  # type: ignore[index]
        fields["big_bet"] = rules.bet_sizes[2]  # type: ignore[index]
    else:
        fields["min_bet"] = rules.min_raise_increment(state.big_blind)
    fields["starting_stacks"] = [state.starting_stacks[s] for s in order]
    actions: list[str] = []
    holes = {e.seat: e.cards for e in state.events if isinstance(e, DealHole)}
    for seat in order:
        actions.append(f"d dh {player[seat]} {''.join(map(str, holes[seat]))}")
    for e in state.events:
        if isinstance(e, DealBoard):
            actions.append(f"d db {''.join(map(str, e.cards))}")
        elif isinstance(e, Act):
            if e.kind == "fold":
                actions.append(f"{player[e.seat]} f")
            elif e.kind in ("check", "call"):
                actions.append(f"{player[e.seat]} cc")
            else:
                actions.append(f"{player[e.seat]} cbr {e.to}")
        elif isinstance(e, Showdown):
            actions.append(f"{player[e.seat]} sm {''.join(map(str, e.cards))}")
    fields["actions"] = actions
    fields["_pokerlab_seats"] = order
    fields["_pokerlab_raise_cap"] = [0 if c is None else c for c in rules.raise_cap]
    fields["_pokerlab_min_raise_big_blinds"] = rules.min_raise_big_blinds
    fields["_pokerlab_rules"] = rules.name
    fields["_pokerlab_hand_number"] = state.hand_number
    if state.is_over:
        fields["finishing_stacks"] = [state.stacks[s] for s in order]
    return "\n".join(f"{k} = {_toml_value(v)}" for k, v in fields.items()) + "\n"


def _need(data: dict, key: str) -> Any:
    if key not in data:
        raise PHHError(f"the PHH text has no {key!r} field")
    return data[key]


def from_phh(text: str) -> HandState:
    """Replay PHH text into a :class:`HandState` (full information: every hole card known).

    Raises :class:`PHHError` naming the line or the action that cannot be
    read or is illegal.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"cannot read the PHH text: {exc}") from None
    variant = _need(data, "variant")
    if variant not in ("NT", "FT"):
        raise PHHError(f"variant {variant!r} is not Texas hold'em (pokerlab reads NT and FT)")
    stacks = list(_need(data, "starting_stacks"))
    n = len(stacks)
    antes = list(_need(data, "antes"))
    blinds = list(_need(data, "blinds_or_straddles"))
    if len(antes) != n or len(blinds) != n:
        raise PHHError("antes and blinds_or_straddles need one entry per player")
    if len(set(antes)) > 1:
        raise PHHError("pokerlab plays uniform antes only")
    if any(blinds[2:]):
        raise PHHError("pokerlab does not play straddles")
    seats = list(data.get("_pokerlab_seats", [(k + 1) % n for k in range(n)]))
    if sorted(seats) != list(range(n)):
        raise PHHError(f"_pokerlab_seats must list the seats 0..{n - 1} once each")
    button = seats[-1]
    caps = data.get("_pokerlab_raise_cap")
    structure = BettingStructure.FIXED_LIMIT if variant == "FT" else BettingStructure.NO_LIMIT
    kwargs: dict[str, Any] = {
        "name": data.get("_pokerlab_rules", "from PHH"),
        "structure": structure,
        "small_blind": int(blinds[0]),
        "big_blind": int(blinds[1]),
        "ante": int(antes[0]),
        "starting_stack": max(*stacks, int(blinds[1]) + int(antes[0])),
        "min_players": 2,
        "max_players": 10,
        "default_players": n,
    }
    if structure is BettingStructure.FIXED_LIMIT:
        small, big = int(_need(data, "small_bet")), int(_need(data, "big_bet"))
        kwargs["bet_sizes"] = (small, small, big, big)
        kwargs["raise_cap"] = tuple(c or None for c in caps) if caps else (4, 4, 4, 4)
    else:
        min_bet = int(_need(data, "min_bet"))
        kwargs["min_raise_big_blinds"] = int(
            data.get("_pokerlab_min_raise_big_blinds", max(1, min_bet // int(blinds[1])))
        )
        kwargs["raise_cap"] = tuple(c or None for c in caps) if caps else (None, None, None, None)
    try:
        rules = Rules(**kwargs)
    except PokerlabError as exc:
        raise PHHError(f"the PHH game is not playable: {exc}") from None
    actions = list(_need(data, "actions"))
    player_seat = {f"p{k + 1}": seat for k, seat in enumerate(seats)}
    holes: dict[int, str] = {}
    board: list[str] = []
    for i, raw in enumerate(actions):
        words = raw.split("#")[0].split()
        if len(words) >= 3 and words[:2] == ["d", "dh"]:
            if words[2] not in player_seat:
                raise PHHError(f"action {i} ({raw!r}): unknown player {words[2]!r}")
            holes[player_seat[words[2]]] = words[3] if len(words) > 3 else ""
        elif len(words) >= 3 and words[:2] == ["d", "db"]:
            board.append(words[2])
    if sorted(holes) != list(range(n)) or any("?" in h for h in holes.values()):
        raise PHHError("pokerlab replays full-information histories: every player's hole cards must be known")
    try:
        deck_text = " ".join(holes[s] for s in range(n)) + " " + " ".join(board)
        deck = parse_cards(deck_text)
    except CardError as exc:
        raise PHHError(f"cannot read the cards: {exc}") from None
    seat_stacks = [0] * n
    for k, seat in enumerate(seats):
        seat_stacks[seat] = int(stacks[k])
    state = rules.new_hand(seat_stacks, button=button, deck=deck, hand_number=int(data.get("_pokerlab_hand_number", 0)))
    for i, raw in enumerate(actions):
        words = raw.split("#")[0].split()
        if not words or words[0] == "d":
            continue
        who = words[0]
        if who not in player_seat or len(words) < 2:
            raise PHHError(f"action {i} ({raw!r}): cannot read it")
        seat = player_seat[who]
        code = words[1]
        try:
            if code == "f":
                state.apply(Fold(), seat=seat)
            elif code == "cc":
                state.apply(Call() if state.to_call > 0 else Check(), seat=seat)
            elif code == "cbr":
                state.apply(RaiseTo(int(words[2])), seat=seat)
            elif code == "sm":
                shown = parse_cards(words[2]) if len(words) > 2 else ()
                if shown and tuple(shown) != tuple(state.hole[seat]):
                    raise PHHError(f"action {i} ({raw!r}): shows cards it was not dealt")
            else:
                raise PHHError(f"action {i} ({raw!r}): unknown action {code!r}")
        except (PokerlabError, ValueError, IndexError) as exc:
            if isinstance(exc, PHHError):
                raise
            raise PHHError(f"action {i} ({raw!r}): {exc}") from None
    return state
