"""The ACPC protocol: MATCHSTATE strings, a TCP client for the ACPC dealer, and its logs.

The Annual Computer Poker Competition's dealer (the University of Alberta's
``project_acpc_server``) sends every player a **MATCHSTATE** line (protocol
version 2) after each action::

    MATCHSTATE:0:30:cc/r250c:9s8h|/8c8d5c
               | |  |        `-- hole cards per position ('|'), then the board per round ('/')
               | |  `-- betting per round ('/'): f fold, c check/call, r raise
               | `-- hand number
               `-- this player's position

In no-limit games ``r250`` raises to 250 chips **in the whole hand**; in
limit games ``r`` has no amount. A client answers with the same line
followed by ``:`` and its action (``...:c``, ``...:r300``).

Reading is strict, because a line that is accepted wrongly gives a bot a
hand that never happened: a player's hole cards are all or nothing (two
cards, or none when hidden), each round's board has exactly its cards
(3, 1, 1), the betting has one ``/``-separated part per round reached and
the cards one board part per round after the first, a ``/`` stands exactly
where a round's betting closes, and the position must be one of the game's.

**The Rembrant dialect** (Vohl, Bošković and Brest, "A Rembrant Poker Bot
Program", ACPC 2011) drops the ``MATCHSTATE`` label, writes the blinds
(``b1b2``) and gives every amount per betting round; it is read and written
with ``dialect="rembrant"``::

    0:13:b1b2r6r18r30c30/r32r96:Ks2d|/5s2s6h

**Positions.** ACPC position ``p`` is pokerlab seat ``p`` with the button on
the last seat: heads-up, position 0 posts the big blind (``blind = BB SB``)
and position 1 is the button with the small blind; with more players
position 0 posts the small blind and 1 the big blind.

**GAMEDEF** files and the server's standard games live in
:mod:`pokerlab.game.gamedef` (``from_gamedef``, ``to_gamedef``,
``load_game``, ``STANDARD_GAMES``; importable from here too). The client
plays :data:`DEFAULT_GAME`, ACPC's heads-up limit game, unless told the
dealer's game.

The dealer's **log** (``STATE:...`` lines, one per hand) can be replayed
under pokerlab's rules with :func:`check_dealer_log`.
"""

from __future__ import annotations

import re
import socket
import time
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from pokerlab import _validate
from pokerlab.cards import Card, parse_cards
from pokerlab.errors import AcpcError, ParameterError
from pokerlab.game.gamedef import (
    DEFAULT_GAME,
    STANDARD_GAMES,
    _players,
    from_gamedef,
    game_definition,
    load_game,
    to_gamedef,
)
from pokerlab.game.match import check_hooks, hook, view_for
from pokerlab.game.rules import BettingStructure, Rules
from pokerlab.game.state import (
    Act,
    Action,
    ActionKind,
    AwardPot,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    HandState,
    IllegalActionError,
    PostBlind,
    Raise,
    RaiseTo,
    Showdown,
)

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

__all__ = [
    "DEFAULT_GAME",
    "STANDARD_GAMES",
    "AcpcError",
    "ClientResult",
    "Dialect",
    "LoggedHand",
    "MatchState",
    "action_to_acpc",
    "check_dealer_log",
    "from_gamedef",
    "game_definition",
    "load_game",
    "run_client",
    "state_from_matchstate",
    "to_gamedef",
    "to_matchstate",
]

_BOARD_SIZES = (3, 1, 1)
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs])*")
_NUMBER = re.compile(r"[0-9]{1,10}")  # the dealer counts in 32 bits: at most 10 digits


# ----------------------------------------------------------------------------
# MATCHSTATE strings
# ----------------------------------------------------------------------------

_ACTION = re.compile(r"([fckbr])([0-9]{0,10})(?![0-9])")  # ASCII digits only, at most 10 (32-bit chips)


def _cards(text: str, what: str, line: str) -> tuple[Card, ...]:
    if not _CARDS.fullmatch(text):
        raise AcpcError(f"cannot read the cards {text!r} ({what}) in {line!r}: cards are written like 9s8h, Tc")
    return parse_cards(text, allow_duplicates=True)  # duplicates are reported for the whole line


class Dialect(StrEnum):
    """The two MATCHSTATE dialects: the ACPC protocol's, and Rembrant's (with ``b`` for a bet)."""

    ACPC = "acpc"
    REMBRANT = "rembrant"


_DIALECTS = tuple(Dialect)

DialectName = Dialect | Literal["acpc", "rembrant"]
"""What a ``dialect`` argument takes: a :class:`Dialect` or its word (mypy refuses any other string)."""


def _dialect(dialect: object) -> Dialect:
    """``dialect`` checked: ``"acpc"`` or ``"rembrant"``."""
    said = f"dialect must be 'acpc' or 'rembrant', not {dialect!r:.60}"
    return Dialect(_validate.choice(dialect, "dialect", _DIALECTS, message=said))


@dataclass(frozen=True)
class MatchState:
    """A parsed MATCHSTATE line (either dialect); ``str()`` writes it back.

    ``betting`` has one tuple of ``(kind, amount)`` per round reached
    (``kind`` is ``f``, ``c``, ``r`` or, in the Rembrant dialect, ``b``);
    ``hole`` one tuple of cards per position (empty when hidden); ``board``
    one tuple per round after the first.
    """

    position: int
    hand_number: int
    betting: tuple[tuple[tuple[str, int | None], ...], ...]
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]
    dialect: DialectName = "acpc"

    @classmethod
    def parse(cls, text: str) -> MatchState:
        """Read one line; :class:`AcpcError` names what is wrong and where.

        >>> MatchState.parse("MATCHSTATE:1:7:r:|9s8h").betting
        ((('r', None),),)
        >>> try:
        ...     MatchState.parse("MATCHSTATE:0:30::9s|")
        ... except AcpcError as exc:
        ...     print(exc)
        position 0's hole cards '9s' in 'MATCHSTATE:0:30::9s|' are 1 card: a player shows 2 or none
        """
        _validate.text(
            text,
            "text",
            empty=True,
            error=AcpcError,
            message=f"a match state is a line of text, not {type(text).__name__}",
        )
        line = text.strip()
        shown = repr(line) if len(line) <= 200 else f"{line[:120]!r}...{line[-40:]!r} ({len(line):,} characters)"
        dialect: DialectName = "acpc"
        body = line
        if line.startswith("MATCHSTATE:"):
            body = line[len("MATCHSTATE:") :]
        else:
            dialect = "rembrant"
        parts = body.split(":")
        if len(parts) != 4:
            raise AcpcError(
                f"a match state has 4 fields after the label (position:hand:betting:cards), not {len(parts)}: {shown}"
            )
        pos_text, hand_text, betting_text, cards_text = parts
        if not _NUMBER.fullmatch(pos_text) or not _NUMBER.fullmatch(hand_text):
            raise AcpcError(f"position and hand number must be whole numbers of at most 10 digits in {shown}")
        offset = len(line) - len(body) + len(pos_text) + len(hand_text) + 2
        round_texts = betting_text.split("/")
        if len(round_texts) > 4:
            raise AcpcError(f"the betting in {shown} has {len(round_texts)} rounds; Hold'em has 4")
        rounds = []
        at = offset
        for round_text in round_texts:
            pos = 0
            actions = []
            while pos < len(round_text):
                m = _ACTION.match(round_text, pos)
                if not m:
                    raise AcpcError(
                        f"cannot read the betting at character {at + pos} of {shown} (found {round_text[pos]!r}; "
                        "an action is f, c or r, a raise amount at most 10 digits)"
                    )
                kind, amount = m.group(1), m.group(2)
                if kind == "k":
                    kind = "c"
                if kind == "b" and dialect == "acpc":
                    raise AcpcError(f"'b' (a blind) at character {at + pos} of {shown} belongs to the Rembrant dialect")
                if amount and kind != "r" and dialect == "acpc":
                    raise AcpcError(
                        f"{m.group(0)!r} at character {at + pos} of {shown}: only a raise carries an amount"
                    )
                actions.append((kind, int(amount) if amount else None))
                pos = m.end()
            rounds.append(tuple(actions))
            at += len(round_text) + 1
        card_rounds = cards_text.split("/")
        holes = tuple(_cards(h, f"position {p}'s hole cards", line) for p, h in enumerate(card_rounds[0].split("|")))
        for p, h in enumerate(holes):
            if len(h) not in (0, 2):
                raise AcpcError(
                    f"position {p}'s hole cards {card_rounds[0].split('|')[p]!r} in {shown} are {len(h)} card"
                    f"{'s' if len(h) != 1 else ''}: a player shows 2 or none"
                )
        board = tuple(_cards(b, f"round {r + 2}'s board", line) for r, b in enumerate(card_rounds[1:]))
        for r, b in enumerate(board):
            if r >= len(_BOARD_SIZES) or len(b) != _BOARD_SIZES[r]:
                want = _BOARD_SIZES[r] if r < len(_BOARD_SIZES) else 0
                raise AcpcError(
                    f"round {r + 2}'s board in {shown} has {len(b)} cards; Hold'em deals {want} "
                    f"({'flop 3, turn 1, river 1' if want else 'there are only 4 rounds'})"
                )
        if len(board) != len(rounds) - 1:
            raise AcpcError(
                f"{shown} has betting for {len(rounds)} round{'s' if len(rounds) != 1 else ''} but cards for "
                f"{len(board) + 1}: each '/' in the betting starts a round whose board follows a '/' in the cards"
            )
        position = int(pos_text)
        if position >= len(holes):
            raise AcpcError(
                f"position {position} is out of range in {shown}: its cards list {len(holes)} players "
                f"(positions 0..{len(holes) - 1})"
            )
        if not holes[position]:
            raise AcpcError(f"{shown} does not give position {position} its own hole cards")
        known = [c for h in holes for c in h] + [c for b in board for c in b]
        if len({c.id for c in known}) != len(known):
            raise AcpcError(f"a card appears twice in {shown}")
        return cls(position, int(hand_text), tuple(rounds), holes, board, dialect)

    def __str__(self) -> str:
        betting = "/".join("".join(k + ("" if a is None else str(a)) for k, a in rnd) for rnd in self.betting)
        cards = "|".join("".join(map(str, h)) for h in self.hole)
        for b in self.board:
            cards += "/" + "".join(map(str, b))
        body = f"{self.position}:{self.hand_number}:{betting}:{cards}"
        return ("MATCHSTATE:" + body) if self.dialect == "acpc" else body


def _button(n: int) -> int:
    return n - 1 if n > 2 else 1


def _game_hint(rules: Rules) -> str:
    return (
        f"the dealer's game definition probably differs from the client's ({rules.name}): give the dealer's "
        f"game with --game (a standard name such as {DEFAULT_GAME}, or the dealer's .game file; "
        "in Python, the rules= argument)"
    )


def _default_rules(rules: Rules | None) -> Rules:
    if rules is None:
        return load_game(DEFAULT_GAME)
    _validate.instance(rules, Rules, "rules must be a pokerlab Rules value")
    return rules


def state_from_matchstate(ms: MatchState | str, rules: Rules | None = None, players: int | None = None) -> HandState:
    """Rebuild the hand a MATCHSTATE describes, as a :class:`HandState` seen by its position.

    ``rules`` defaults to ACPC's heads-up limit game (:data:`DEFAULT_GAME`)
    and ``players`` to the number of players the line lists (which the
    rules must seat). Hidden hole cards are filled in
    from the rest of the deck (a bot only ever sees its own view; at a
    showdown the dealer shows every live hand). Raises :class:`AcpcError`
    naming the first action the rules do not allow (and saying that the
    game definitions probably differ), and when a ``/`` is missing or
    stands where the round's betting has not closed.
    """
    rules = _default_rules(rules)
    if isinstance(ms, str):
        line = ms
        try:
            ms = MatchState.parse(line)
        except AcpcError as exc:  # the message names the argument (a blank line shows as '' once stripped)
            raise AcpcError(f"ms {line[:80]!r}: {exc}") from None
    _validate.instance(ms, MatchState, "ms must be a MatchState or a line of text", error=AcpcError)
    per_round = _dialect(ms.dialect) == "rembrant"  # amounts per betting round, not for the whole hand
    if players is None:
        n = len(ms.hole)
        if not rules.min_players <= n <= rules.max_players:
            raise AcpcError(
                f"the match state {ms} lists {n} players' cards; {rules.name} seats "
                + (f"{rules.min_players}" if rules.min_players == rules.max_players else
                   f"{rules.min_players} to {rules.max_players}")
            )  # fmt: skip
    else:
        n = _players(players, rules)
    if len(ms.hole) != n:
        raise AcpcError(f"the match state {ms} lists {len(ms.hole)} players' cards, the game has {n}")
    if ms.position >= n:
        raise AcpcError(f"position {ms.position} is out of range: the game has {n} players (positions 0..{n - 1})")
    known = [c for h in ms.hole for c in h] + [c for b in ms.board for c in b]
    used = {c.id for c in known}
    filler = iter(Card(i) for i in range(52) if i not in used)
    deck: list[Card] = []
    for h in ms.hole:
        deck += list(h) + [next(filler) for _ in range(2 - len(h))]
    for b in ms.board:
        deck += list(b)
    deck += [next(filler) for _ in range(5 - len(deck) + 2 * n)]
    stacks = [rules.starting_stack] * n
    state = rules.new_hand(stacks, button=_button(n), deck=deck, hand_number=ms.hand_number)
    last = len(ms.betting) - 1
    for r, actions in enumerate(ms.betting):
        committed_before = [t - b for t, b in zip(state.total, state.street_bet, strict=True)]
        for i, (kind, amount) in enumerate(actions):
            if kind == "b":
                continue  # the Rembrant dialect writes the blinds, which the engine has posted already
            where = f"round {r + 1}, action {i + 1} ({kind}{'' if amount is None else amount})"
            if state.is_over or state.actor is None:
                raise AcpcError(f"{where} of {ms}: the hand is already over")
            if state.street.index != r:
                raise AcpcError(
                    f"{where} of {ms} comes after round {r + 1}'s betting closed: a '/' is missing; "
                    + _game_hint(rules)
                )
            try:
                if kind == "f":
                    state.apply(Fold())
                elif kind == "c":
                    state.apply(Call())
                elif rules.structure is BettingStructure.FIXED_LIMIT and amount is None:
                    state.apply(Raise())
                else:
                    if amount is None:
                        raise AcpcError(f"{where} of {ms}: a no-limit raise needs an amount")
                    to = amount if per_round else amount - committed_before[state.actor]
                    state.apply(RaiseTo(to))
            except IllegalActionError as exc:
                raise AcpcError(f"{where} of {ms} is illegal: {exc}; " + _game_hint(rules)) from None
        if r < last and state.street.index == r:
            if state.is_over:
                raise AcpcError(f"the hand in {ms} ends in round {r + 1}, but the betting goes on after a '/'")
            raise AcpcError(
                f"a '/' in {ms} ends round {r + 1} while its betting is still open (someone must still act); "
                + _game_hint(rules)
            )
    if state.street.index > last:
        raise AcpcError(
            f"the betting in {ms} closes round {last + 1}, but the match state does not start the next "
            "round (no '/' and no cards for it)"
        )
    return state


def to_matchstate(state: HandState, position: int, dialect: DialectName = "acpc") -> MatchState:
    """The match state of ``state`` as ``position`` sees it (others' cards only once shown)."""

    _validate.instance(state, HandState, "state must be a HandState")
    position = _validate.whole(
        position, "position", lo=0, hi=state.n - 1, message=f"position must be a seat 0..{state.n - 1}"
    )
    dialect = _dialect(dialect)
    nolimit = state.rules.structure is not BettingStructure.FIXED_LIMIT
    rounds: list[list[tuple[str, int | None]]] = [[]]
    boards: list[tuple[Card, ...]] = []
    shown = {e.seat for e in state.events if isinstance(e, Showdown)}
    committed = [0] * state.n
    street_start = [0] * state.n
    for e in state.events:
        if isinstance(e, PostBlind):
            committed[e.seat] += e.amount
            if dialect == "rembrant":
                rounds[-1].append(("b", e.amount))
        elif isinstance(e, DealBoard):
            boards.append(e.cards)
            rounds.append([])
            street_start = list(committed)
        elif isinstance(e, Act):
            committed[e.seat] += e.amount
            if e.kind is ActionKind.FOLD:
                rounds[-1].append(("f", None))
            elif e.kind in (ActionKind.CHECK, ActionKind.CALL):
                rounds[-1].append(("c", e.to if dialect == "rembrant" and e.kind is ActionKind.CALL else None))
            elif not nolimit:
                rounds[-1].append(("r", None))
            else:
                amount = e.to if dialect == "rembrant" else street_start[e.seat] + e.to
                rounds[-1].append(("r", amount))
    holes = tuple(state.hole[p] if p == position or p in shown else () for p in range(state.n))
    return MatchState(position, state.hand_number, tuple(tuple(r) for r in rounds), holes, tuple(boards), dialect)


def action_to_acpc(action: Action, state: HandState, dialect: DialectName = "acpc") -> str:
    """The protocol text of ``action`` taken by the actor of ``state``."""
    _validate.instance(
        action, (Fold, Check, Call, Raise, RaiseTo), "action must be Fold, Check, Call, Raise or RaiseTo"
    )
    _validate.instance(state, HandState, "state must be a HandState")
    dialect = _dialect(dialect)
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
    if to is None:
        raise AcpcError(f"seat {a} cannot raise now: {state.describe_legal()}")
    if dialect == "rembrant":
        return f"r{to}"
    before = state.total[a] - state.street_bet[a]
    return f"r{before + to}"


# ----------------------------------------------------------------------------
# The client
# ----------------------------------------------------------------------------

_MAX_LINE = 1 << 16


def _lines(sock: socket.socket, timeout: float) -> Iterator[str]:
    """Lines from the dealer; each must arrive whole within ``timeout`` seconds of being awaited."""
    buffer = b""
    while True:
        deadline = time.monotonic() + timeout
        while b"\n" not in buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AcpcError(_late(buffer, timeout))
            sock.settimeout(remaining)
            try:
                chunk = sock.recv(4096)
            except TimeoutError:
                raise AcpcError(_late(buffer, timeout)) from None
            if not chunk:
                if buffer.strip():
                    raise AcpcError(f"the dealer closed the connection in the middle of a line: {buffer[:200]!r}")
                return
            buffer += chunk
            if len(buffer) > _MAX_LINE and b"\n" not in buffer:
                raise AcpcError(f"the dealer sent more than {_MAX_LINE} bytes without ending the line")
        raw, buffer = buffer.split(b"\n", 1)
        try:
            yield raw.decode("utf-8").rstrip("\r")
        except UnicodeDecodeError as exc:
            raise AcpcError(
                f"the dealer sent bytes that are not UTF-8 text (byte {exc.start}: {raw[exc.start : exc.start + 1]!r}) "
                f"in {raw[:200]!r}"
            ) from None


def _late(buffer: bytes, timeout: float) -> str:
    if buffer:
        return f"the dealer sent a partial line and no end of it within {timeout:g} s: {buffer[:200]!r}"
    return f"the dealer sent nothing within {timeout:g} s"


def answer(line: str, bot: Any, rules: Rules | None = None, players: int | None = None) -> str | None:
    """The reply to one MATCHSTATE line (None when it is not this bot's turn)."""
    rules = _default_rules(rules)
    ms = MatchState.parse(line)
    return _reply(line, ms, state_from_matchstate(ms, rules, players), bot)


def _names(n: int, position: int) -> tuple[str, ...]:
    """Names for the seats of one hand, seen from ``position``.

    The dealer moves every player one position on after each hand (or never,
    with ``-f``), so the player ``k`` positions after us is the same player in
    every hand: naming opponents by that offset lets a bot's opponent model
    follow them from hand to hand.
    """
    return tuple("self" if p == position else f"opponent +{(p - position) % n}" for p in range(n))


def _observe(bot: Any, ms: MatchState, state: HandState, seen: int, names: tuple[str, ...]) -> None:
    """Show ``bot`` the events of ``state`` after the first ``seen`` (what :func:`play_match` shows)."""

    observe = hook(bot, "observe")
    if observe is None:
        return
    view = view_for(state, ms.position, names)
    for e in state.events[seen:]:
        if isinstance(e, DealHole) and e.seat != ms.position:
            continue
        if isinstance(e, Showdown) and not ms.hole[e.seat]:
            continue  # cards the dealer did not show: the engine's stand-ins are not evidence
        observe(e, view)


def _reply(line: str, ms: MatchState, state: HandState, bot: Any) -> str | None:

    seat = ms.position
    names = _names(state.n, seat)
    if state.is_over or state.actor != seat:
        if state.is_over and (end_hand := hook(bot, "end_hand")) is not None:
            end_hand(view_for(state, seat, names))
        return None
    action = bot.act(view_for(state, seat, names))
    try:
        state.check(action)
    except IllegalActionError:
        action = Check() if any(isinstance(a, Check) for a in state.legal_actions()) else Call()
    return f"{line.strip()}:{action_to_acpc(action, state, ms.dialect)}"


def _check_echo(reply: str, ms: MatchState, rules: Rules) -> None:
    """The dealer's next line must carry our action as we sent it, or it has changed it."""
    ours = reply.rsplit(":", 1)
    before = MatchState.parse(ours[0])
    flat = [a for rnd in before.betting for a in rnd]
    now = [a for rnd in ms.betting for a in rnd]
    action = ours[1]
    if len(now) > len(flat) and now[: len(flat)] == flat:
        kind, amount = now[len(flat)]
        if kind == action[0] and (kind != "r" or ("" if amount is None else str(amount)) == action[1:]):
            return  # (the Rembrant dialect writes the amount of a call, which we do not send)
        raise AcpcError(
            f"the dealer changed our action {action!r} to {kind}{'' if amount is None else amount} in {ms}; "
            + _game_hint(rules)
        )
    raise AcpcError(f"the dealer's line {ms} does not continue the hand from our answer {reply!r}")


@dataclass(frozen=True)
class ClientResult:
    """What a client saw of a match: hands played and chips won by hand.

    ``results`` holds ``(hand_number, chips)`` for every hand that ended,
    in order, counted as the dealer counts them (a split pot is shared
    exactly, so three-player games can give fractions of a chip);
    ``chips`` is ``None`` for a hand whose outcome needed a hole card the
    dealer did not show (never the case with the ACPC dealer, which shows
    every live hand at a showdown).
    """

    hands: int
    results: tuple[tuple[int, Fraction | None], ...]

    @property
    def chips(self) -> Fraction:
        """Chips won over the hands whose outcome is known (the dealer's SCORE for this player)."""
        return sum((c for _, c in self.results if c is not None), Fraction(0))


def _dealer_values(state: HandState) -> tuple[Fraction, ...]:
    """Chips won per seat, counted as the ACPC dealer does: a split pot is shared exactly (no odd chip)."""

    values = [Fraction(-t) for t in state.total]
    for e in state.events:
        if isinstance(e, AwardPot):
            for w in e.winners:
                values[w] += Fraction(e.amount, len(e.winners))
    return tuple(values)


def _outcome(state: HandState, seat: int, ms: MatchState) -> Fraction | None:
    live = [p for p in range(state.n) if not state.folded[p]]
    if len(live) > 1 and any(not ms.hole[p] for p in live):
        return None
    return _dealer_values(state)[seat]


def run_client(
    host: str,
    port: int,
    bot: Any,
    rules: Rules | None = None,
    players: int | None = None,
    timeout: float = 60.0,
) -> ClientResult:
    """Play against an ACPC dealer until it closes the connection.

    ``rules`` defaults to ACPC's heads-up limit game (:data:`DEFAULT_GAME`);
    pass the dealer's game (:func:`load_game`). As in
    :func:`~pokerlab.game.match.play_match`, the bot is asked with
    ``act(view)`` and, if it has them, its hooks are called: once
    ``start_match(seat, rules, players)`` when the dealer's first line
    arrives, before anything else (``seat`` is the bot's position in that
    hand: the dealer's hand 0 seats each client at its own seat number),
    then ``observe(event, view)`` for every event it may see and
    ``end_hand(view)`` after each hand. Opponents are named by
    their position relative to the bot (``"opponent +1"``), which the
    dealer's seat rotation keeps fixed. ``timeout`` bounds the wait
    for each whole line from the dealer, so one that sends part of a line
    and stops is noticed too. Raises :class:`AcpcError` for anything the
    dealer sends that cannot be read or played, and ``OSError`` when the
    connection fails.
    """
    rules = _default_rules(rules)
    if players is not None:
        _players(players, rules)
    host = _validate.text(host, "host", message=f"host must be a host name or address, not {_validate.described(host)}")
    try:
        host.encode("idna")  # what the resolver does first: a label over 63 characters or a lone surrogate fails
    except UnicodeError as exc:
        raise ParameterError(f"host {host[:100]!r} is not a host name or address: {exc}") from None
    port = _validate.whole(port, "port", lo=1, hi=65535, message="port must be a whole number from 1 to 65535")
    timeout = _validate.real(
        timeout, "timeout", lo=0, lo_open=True, hi=86400, message="timeout must be a number of seconds in (0, 86400]"
    )
    _validate.protocol(bot, "bot must have an act(view) method", methods=("act",))
    check_hooks(bot)
    hands: set[int] = set()
    ended: set[int] = set()  # hands whose final state has been counted
    seen = 0  # events of the current hand already shown to the bot
    sent: tuple[int, str] | None = None  # (hand, reply) awaiting the dealer's next line
    started = False  # start_match called (on the dealer's first line, before anything else reaches the bot)
    results: list[tuple[int, Fraction | None]] = []
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(b"VERSION:2.0.0\r\n")
        for line in _lines(sock, float(timeout)):
            if not line or line[0] in "#;":
                continue
            ms = MatchState.parse(line)
            if ms.hand_number in ended:
                raise AcpcError(
                    f"the dealer sent {line!r} for hand {ms.hand_number}, which had already ended "
                    "(its result is counted once)"
                )
            if sent is not None and sent[0] == ms.hand_number:
                _check_echo(sent[1], ms, rules)
            sent = None
            state = state_from_matchstate(ms, rules, players)
            if not started:
                started = True
                if (start := hook(bot, "start_match")) is not None:
                    start(ms.position, rules, state.n)
            if ms.hand_number not in hands:
                hands.add(ms.hand_number)
                seen = 0
            _observe(bot, ms, state, seen, _names(state.n, ms.position))
            seen = len(state.events)
            reply = _reply(line, ms, state, bot)
            if reply is not None:
                sock.sendall((reply + "\r\n").encode())
                sent = (ms.hand_number, reply)
            elif state.is_over:
                results.append((ms.hand_number, _outcome(state, ms.position, ms)))
                ended.add(ms.hand_number)
    return ClientResult(len(hands), tuple(results))


# ----------------------------------------------------------------------------
# Dealer logs
# ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LoggedHand:
    """One ``STATE`` line of a dealer's log, checked against pokerlab's rules."""

    hand_number: int
    betting: str
    values: tuple[Fraction, ...]
    players: tuple[str, ...]


_LOG_PRECISION = Fraction(1, 2 * 10**6)  # the dealer prints values with %.6f


def _decimal(x: Fraction) -> str:
    """``x`` as the dealer prints it: six decimals, trailing zeros dropped."""
    text = f"{float(x):.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def check_dealer_log(text: str, rules: Rules | None = None) -> tuple[LoggedHand, ...]:
    """Replay every hand of an ACPC dealer's log under ``rules`` and check its chips.

    Each ``STATE:hand:betting:cards:values:names`` line is rebuilt with the
    engine (every action must be legal and every round close where the log
    says) and the chips each position won, counted the dealer's way (split
    pots shared exactly), must equal the log's values to the six decimals
    it prints; the first disagreement is an :class:`AcpcError` naming the
    line. Comment lines and ``SCORE`` lines are skipped; any other line is an
    error (a damaged ``STATE`` line is not passed over).
    """
    if rules is not None:
        return _check_dealer_log(text, _default_rules(rules))
    try:
        return _check_dealer_log(text, _default_rules(None))
    except AcpcError as exc:  # say which game was assumed: the log may be of another one
        raise AcpcError(f"{exc} (rules not given: read as {DEFAULT_GAME}; pass rules= for the log's game)") from None


def _check_dealer_log(text: str, rules: Rules) -> tuple[LoggedHand, ...]:
    _validate.text(
        text, "text", empty=True, error=AcpcError, message=f"a dealer log is text, not {type(text).__name__}"
    )
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "SCORE:")):
            continue  # the dealer writes only comments, STATE lines and SCORE lines
        if not line.startswith("STATE:"):
            raise AcpcError(
                f"line {number} of the log text is not a STATE, SCORE or comment line (damaged?): {line[:200]!r}"
            )
        parts = line.split(":")
        if len(parts) != 6:
            raise AcpcError(f"line {number} of the log has {len(parts)} fields, not 6: {line!r}")
        _, hand, betting, cards, values_text, names = parts
        if len(names.split("|")) != len(values_text.split("|")):
            raise AcpcError(f"line {number} of the log names {names!r} for the values {values_text!r}")
        try:
            values = tuple(Fraction(v) for v in values_text.split("|"))
        except ValueError:
            raise AcpcError(f"line {number} of the log: cannot read the values {values_text!r}") from None
        ms = MatchState.parse(f"MATCHSTATE:0:{hand}:{betting}:{cards}")
        state = state_from_matchstate(ms, rules)
        if not state.is_over:
            raise AcpcError(f"line {number} of the log: the hand {line!r} is not over under {rules.name}")
        won = _dealer_values(state)
        if len(values) != state.n or any(abs(w - v) > _LOG_PRECISION for w, v in zip(won, values, strict=True)):
            raise AcpcError(
                f"line {number} of the log: the dealer pays {values_text.replace('|', ' ')}, pokerlab's rules pay "
                + " ".join(_decimal(w) for w in won)
            )
        out.append(LoggedHand(ms.hand_number, betting, values, tuple(names.split("|"))))
    return tuple(out)
