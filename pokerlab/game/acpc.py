"""The ACPC protocol: MATCHSTATE strings, game definitions, and a TCP client.

**MATCHSTATE** (protocol version 2)::

    MATCHSTATE:0:30:cc/r250c:9s8h|/8c8d5c
               | |  |        `-- hole cards per position ('|'), then the board per round ('/')
               | |  `-- betting per round ('/'): f fold, c check/call, r raise
               | `-- hand number
               `-- this player's position

In no-limit games ``r250`` raises to 250 chips **in the whole hand**; in
limit games ``r`` has no amount. A client answers with the same line
followed by ``:`` and its action (``...:c``, ``...:r300``).

**Seed 004's dialect** (the Rembrant bot) drops the ``MATCHSTATE`` label,
writes the blinds (``b1b2``) and gives every amount per betting round::

    0:13:b1b2r6r18r30c30/r32r96:Ks2d|/5s2s6h

**Positions.** ACPC position ``p`` is pokerlab seat ``p`` with the button on
the last seat: heads-up, position 0 posts the big blind (``blind = BB SB``)
and position 1 is the button with the small blind; with more players
position 0 posts the small blind and 1 the big blind.

**GAMEDEF** files (``GAMEDEF ... END GAMEDEF``) map onto :class:`Rules`:
limit/nolimit, ``blind``, ``raiseSize``, ``maxRaises`` (ACPC counts the
raises after the blinds; pokerlab's cap counts the bets and raises with the
big blind as the preflop bet, so preflop ``cap = maxRaises + 1``),
``stack``, ``firstPlayer`` (only the standard order is accepted) and the
Hold'em card counts.
"""

from __future__ import annotations

import re
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerlab.cards import Card, parse_cards
from pokerlab.errors import AcpcError, CardError, PokerlabError
from pokerlab.game.rules import AAAI06_HEADS_UP_LIMIT, BettingStructure, Rules
from pokerlab.game.state import Action, Call, Check, Fold, HandState, IllegalActionError, Raise, RaiseTo

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

__all__ = [
    "AcpcError",
    "MatchState",
    "action_to_acpc",
    "from_gamedef",
    "run_client",
    "state_from_matchstate",
    "to_gamedef",
    "to_matchstate",
]


# ----------------------------------------------------------------------------
# MATCHSTATE strings
# ----------------------------------------------------------------------------

_ACTION = re.compile(r"([fckbr])(\d*)")


@dataclass(frozen=True)
class MatchState:
    """A parsed MATCHSTATE line (either dialect); ``str()`` writes it back."""

    position: int
    hand_number: int
    betting: tuple[tuple[tuple[str, int | None], ...], ...]
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]
    dialect: str = "acpc"

    @classmethod
    def parse(cls, text: str) -> MatchState:
        line = text.strip()
        dialect = "acpc"
        body = line
        if line.startswith("MATCHSTATE:"):
            body = line[len("MATCHSTATE:") :]
        else:
            dialect = "seed004"
        parts = body.split(":")
        if len(parts) != 4:
            raise AcpcError(
                f"a match state has 4 fields after the label (position:hand:betting:cards), not {len(parts)}: {line!r}"
            )
        pos_text, hand_text, betting_text, cards_text = parts
        if not pos_text.isdigit() or not hand_text.isdigit():
            raise AcpcError(f"position and hand number must be whole numbers in {line!r}")
        offset = line.index(betting_text, len(line) - len(body) + len(pos_text) + len(hand_text) + 2)
        rounds = []
        for r, round_text in enumerate(betting_text.split("/")) if betting_text else []:
            pos = 0
            actions = []
            while pos < len(round_text):
                m = _ACTION.match(round_text, pos)
                if not m:
                    at = offset + sum(len(x) + 1 for x in betting_text.split("/")[:r]) + pos
                    raise AcpcError(
                        f"cannot read the betting at character {at} of {line!r} (found {round_text[pos]!r})"
                    )
                kind, amount = m.group(1), m.group(2)
                if kind == "k":
                    kind = "c"
                actions.append((kind, int(amount) if amount else None))
                pos = m.end()
            rounds.append(tuple(actions))
        card_rounds = cards_text.split("/")
        holes = []
        try:
            for h in card_rounds[0].split("|"):
                holes.append(parse_cards(h))
            board = tuple(parse_cards(b) for b in card_rounds[1:])
        except CardError as exc:
            raise AcpcError(f"cannot read the cards {cards_text!r} in {line!r}: {exc}") from None
        return cls(int(pos_text), int(hand_text), tuple(rounds), tuple(holes), board, dialect)

    def __str__(self) -> str:
        betting = "/".join("".join(k + ("" if a is None else str(a)) for k, a in rnd) for rnd in self.betting)
        cards = "|".join("".join(map(str, h)) for h in self.hole)
        for b in self.board:
            cards += "/" + "".join(map(str, b))
        body = f"{self.position}:{self.hand_number}:{betting}:{cards}"
        return ("MATCHSTATE:" + body) if self.dialect == "acpc" else body


def _seat(position: int, n: int) -> int:
    return position


def _button(n: int) -> int:
    return n - 1 if n > 2 else 1


def state_from_matchstate(ms: MatchState | str, rules: Rules = AAAI06_HEADS_UP_LIMIT, players: int = 2) -> HandState:
    """Rebuild the hand a MATCHSTATE describes, as a :class:`HandState` seen by its position.

    Cards nobody has seen yet are filled in from the rest of the deck (a
    bot only ever sees its own view). Raises :class:`AcpcError` naming the
    first action the rules do not allow.
    """
    if isinstance(ms, str):
        ms = MatchState.parse(ms)
    n = players
    if len(ms.hole) != n:
        raise AcpcError(f"the match state lists {len(ms.hole)} players' cards, the game has {n}")
    known = [c for h in ms.hole for c in h] + [c for b in ms.board for c in b]
    if len({c.id for c in known}) != len(known):
        raise AcpcError(f"a card appears twice in {ms}")
    used = {c.id for c in known}
    filler = iter(Card(i) for i in range(52) if i not in used)
    deck: list[Card] = []
    for h in ms.hole:
        deck += list(h) + [next(filler) for _ in range(2 - len(h))]
    for b, size in zip(ms.board, (3, 1, 1), strict=False):
        deck += list(b) + [next(filler) for _ in range(size - len(b))]
    stacks = [rules.starting_stack] * n
    state = rules.new_hand(stacks, button=_button(n), deck=deck, hand_number=ms.hand_number)
    for r, actions in enumerate(ms.betting):
        committed_before = [t - b for t, b in zip(state.total, state.street_bet, strict=True)]
        for i, (kind, amount) in enumerate(actions):
            if kind == "b":
                continue  # seed 004 writes the blinds, which the engine has posted already
            if state.is_over or state.actor is None:
                raise AcpcError(f"round {r + 1}, action {i + 1} ({kind}): the hand is already over")
            try:
                if kind == "f":
                    state.apply(Fold())
                elif kind == "c":
                    state.apply(Call())
                elif rules.structure is BettingStructure.FIXED_LIMIT and amount is None:
                    state.apply(Raise())
                else:
                    if amount is None:
                        raise AcpcError(f"round {r + 1}, action {i + 1}: a no-limit raise needs an amount")
                    to = amount if ms.dialect == "seed004" else amount - committed_before[state.actor]
                    state.apply(RaiseTo(to))
            except IllegalActionError as exc:
                raise AcpcError(f"round {r + 1}, action {i + 1} ({kind}{amount or ''}) is illegal: {exc}") from None
    given = sum(len(b) for b in ms.board)
    if not state.is_over and len(state.board) > given:
        raise AcpcError(f"the betting in {ms} closes a round, but the match state gives no cards for the next one")
    return state


def to_matchstate(state: HandState, position: int, dialect: str = "acpc") -> MatchState:
    """The match state of ``state`` as ``position`` sees it (others' cards only once shown)."""
    from pokerlab.game.state import Act, DealBoard, PostBlind, Showdown

    nolimit = state.rules.structure is not BettingStructure.FIXED_LIMIT
    rounds: list[list[tuple[str, int | None]]] = [[]]
    boards: list[tuple[Card, ...]] = []
    shown = {e.seat for e in state.events if isinstance(e, Showdown)}
    committed = [0] * state.n
    street_start = [0] * state.n
    for e in state.events:
        if isinstance(e, PostBlind):
            committed[e.seat] += e.amount
            if dialect == "seed004":
                rounds[-1].append(("b", e.amount))
        elif isinstance(e, DealBoard):
            boards.append(e.cards)
            rounds.append([])
            street_start = list(committed)
        elif isinstance(e, Act):
            committed[e.seat] += e.amount
            if e.kind == "fold":
                rounds[-1].append(("f", None))
            elif e.kind in ("check", "call"):
                rounds[-1].append(("c", e.to if dialect == "seed004" and e.kind == "call" else None))
            elif not nolimit:
                rounds[-1].append(("r", None))
            else:
                amount = e.to if dialect == "seed004" else street_start[e.seat] + e.to
                rounds[-1].append(("r", amount))
    holes = tuple(state.hole[p] if p == position or p in shown else () for p in range(state.n))
    return MatchState(position, state.hand_number, tuple(tuple(r) for r in rounds), holes, tuple(boards), dialect)


def action_to_acpc(action: Action, state: HandState, dialect: str = "acpc") -> str:
    """The protocol text of ``action`` taken by the actor of ``state``."""
    a = state.actor
    if a is None:
        raise AcpcError("nobody is to act")
    if isinstance(action, Fold):
        return "f"
    if isinstance(action, (Check, Call)):
        return "c"
    if state.rules.structure is BettingStructure.FIXED_LIMIT:
        return "r"
    to = state.min_raise_to if isinstance(action, Raise) else action.amount
    if dialect == "seed004":
        return f"r{to}"
    before = state.total[a] - state.street_bet[a]
    return f"r{before + to}"


# ----------------------------------------------------------------------------
# GAMEDEF
# ----------------------------------------------------------------------------


def _numbers(value: str, key: str) -> list[int]:
    try:
        return [int(x) for x in value.split()]
    except ValueError:
        raise AcpcError(f"{key} takes whole numbers, not {value!r}") from None


def from_gamedef(text: str) -> Rules:
    """Read an ACPC ``GAMEDEF ... END GAMEDEF`` block into :class:`Rules`."""
    lines = [ln.split("#")[0].strip() for ln in text.strip().splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines or lines[0].upper() != "GAMEDEF" or lines[-1].upper() != "END GAMEDEF":
        raise AcpcError("a game definition starts with 'GAMEDEF' and ends with 'END GAMEDEF'")
    structure = None
    values: dict[str, list[int]] = {}
    for i, ln in enumerate(lines[1:-1], start=2):
        low = ln.lower()
        if low in ("limit", "nolimit", "potlimit"):
            structure = {
                "limit": BettingStructure.FIXED_LIMIT,
                "nolimit": BettingStructure.NO_LIMIT,
                "potlimit": BettingStructure.POT_LIMIT,
            }[low]
            continue
        if "=" not in ln:
            raise AcpcError(f"line {i} of the game definition: cannot read {ln!r}")
        key, _, value = ln.partition("=")
        values[key.strip().lower()] = _numbers(value, key.strip())
    if structure is None:
        raise AcpcError("the game definition does not say limit, nolimit or potlimit")
    n = values.get("numplayers", [2])[0]
    expected = {"numrounds": [4], "numsuits": [4], "numranks": [13], "numholecards": [2], "numboardcards": [0, 3, 1, 1]}
    for key, want in expected.items():
        if key in values and values[key] != want:
            raise AcpcError(f"{key} = {values[key]} is not Texas Hold'em (expected {want})")
    standard = [2, 1, 1, 1] if n == 2 else [3, 1, 1, 1]
    first = values.get("firstplayer", standard)
    if first != standard:
        raise AcpcError(f"firstPlayer = {first} is not the standard Hold'em order {standard}")
    blinds = values.get("blind")
    if not blinds or len(blinds) != n:
        raise AcpcError("the game definition needs one blind per player")
    sb, bb = (blinds[1], blinds[0]) if n == 2 else (blinds[0], blinds[1])
    if n > 2 and any(blinds[2:]):
        raise AcpcError("pokerlab plays a small and a big blind only")
    max_raises = values.get("maxraises")
    caps: tuple[int | None, ...] = (None, None, None, None)
    if max_raises:
        if len(max_raises) != 4:
            raise AcpcError("maxRaises needs one number per round")
        caps = (max_raises[0] + 1, max_raises[1], max_raises[2], max_raises[3])
    kwargs: dict[str, Any] = {
        "name": "ACPC game",
        "structure": structure,
        "small_blind": sb,
        "big_blind": bb,
        "raise_cap": caps,
        "min_players": n,
        "max_players": n,
        "default_players": n,
        "reset_stacks": True,
    }
    if structure is BettingStructure.FIXED_LIMIT:
        sizes = values.get("raisesize")
        if not sizes or len(sizes) != 4:
            raise AcpcError("a limit game definition needs raiseSize with one number per round")
        kwargs["bet_sizes"] = tuple(sizes)
        kwargs["starting_stack"] = values.get("stack", [2**31 - 1])[0]
    else:
        stacks = values.get("stack")
        if not stacks or len(set(stacks)) != 1:
            raise AcpcError("a no-limit game definition needs equal stacks for every player")
        kwargs["starting_stack"] = stacks[0]
    try:
        return Rules(**kwargs)
    except PokerlabError as exc:
        raise AcpcError(f"the game definition is not playable: {exc}") from None


def to_gamedef(rules: Rules, players: int | None = None) -> str:
    """Write :class:`Rules` as an ACPC game definition."""
    n = players or rules.default_players
    kind = {
        BettingStructure.FIXED_LIMIT: "limit",
        BettingStructure.NO_LIMIT: "nolimit",
        BettingStructure.POT_LIMIT: "potlimit",
    }[rules.structure]
    blinds = [rules.big_blind, rules.small_blind] if n == 2 else [rules.small_blind, rules.big_blind] + [0] * (n - 2)
    first = [2, 1, 1, 1] if n == 2 else [3, 1, 1, 1]
    lines = ["GAMEDEF", kind, f"numPlayers = {n}", "numRounds = 4"]
    if rules.structure is not BettingStructure.FIXED_LIMIT:
        lines.append("stack = " + " ".join([str(rules.starting_stack)] * n))
    lines.append("blind = " + " ".join(map(str, blinds)))
    if rules.structure is BettingStructure.FIXED_LIMIT:
        lines.append("raiseSize = " + " ".join(map(str, rules.bet_sizes or ())))
    lines.append("firstPlayer = " + " ".join(map(str, first)))
    caps = rules.raise_cap
    if any(c is not None for c in caps):
        big = 255
        raises = [(caps[0] - 1) if caps[0] is not None else big] + [c if c is not None else big for c in caps[1:]]
        lines.append("maxRaises = " + " ".join(map(str, raises)))
    lines += ["numSuits = 4", "numRanks = 13", "numHoleCards = 2", "numBoardCards = 0 3 1 1", "END GAMEDEF"]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------
# The client
# ----------------------------------------------------------------------------


def _lines(sock: socket.socket) -> Iterator[str]:
    buffer = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            if buffer.strip():
                yield buffer.decode()
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line.decode().rstrip("\r")


def answer(line: str, bot: Any, rules: Rules, players: int = 2) -> str | None:
    """The reply to one MATCHSTATE line (None when it is not this bot's turn)."""
    from pokerlab.game.match import view_for

    ms = MatchState.parse(line)
    state = state_from_matchstate(ms, rules, players)
    seat = _seat(ms.position, players)
    if state.is_over or state.actor != seat:
        if state.is_over and hasattr(bot, "end_hand"):
            bot.end_hand(view_for(state, seat))
        return None
    action = bot.act(view_for(state, seat))
    try:
        state.check(action)
    except IllegalActionError:
        action = Check() if any(isinstance(a, Check) for a in state.legal_actions()) else Call()
    return f"{line.strip()}:{action_to_acpc(action, state, ms.dialect)}"


def run_client(
    host: str, port: int, bot: Any, rules: Rules = AAAI06_HEADS_UP_LIMIT, players: int = 2, timeout: float = 60.0
) -> int:
    """Play against an ACPC dealer until it closes the connection; returns the hands seen."""
    hands: set[int] = set()
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(b"VERSION:2.0.0\r\n")
        for line in _lines(sock):
            if not line or line[0] in "#;":
                continue
            reply = answer(line, bot, rules, players)
            hands.add(MatchState.parse(line).hand_number)
            if reply is not None:
                sock.sendall((reply + "\r\n").encode())
    return len(hands)
