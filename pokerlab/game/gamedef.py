"""ACPC game definitions: the server's GAMEDEF files as :class:`Rules`, and its standard games by name.

A **GAMEDEF** block (``GAMEDEF ... END GAMEDEF``) maps onto :class:`Rules`:
limit/nolimit, ``blind`` (per position: heads-up ``BB SB``, reverse blinds;
with more players ``SB BB 0 ...``), ``raiseSize``, ``maxRaises`` (ACPC counts
the raises after the blinds; pokerlab's cap counts the bets and raises with
the big blind as the preflop bet, so preflop ``cap = maxRaises + 1``),
``stack``, ``firstPlayer`` (only the standard order is accepted) and the
Hold'em card counts. The semantics are those of the server's ``game.c``.

``Rules.from_acpc_gamedef(text)`` and ``rules.to_acpc_gamedef()`` reach :func:`from_gamedef` and
:func:`to_gamedef`, which this module registers in :mod:`pokerlab.game._hooks` (the rules sit below it).

The server's four standard Hold'em games ship with pokerlab (package data
in ``acpc_games/``, byte for byte) and are found by name:

>>> rules = load_game("holdem.limit.2p.reverse_blinds")
>>> rules.raise_cap, rules.bet_sizes, (rules.small_blind, rules.big_blind)
((4, 4, 4, 4), (10, 10, 20, 20), (5, 10))
>>> load_game("holdem.nolimit.2p").starting_stack
20000
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab.errors import AcpcError, ParameterError, PokerlabError
from pokerlab.game import _hooks
from pokerlab.game.rules import BettingStructure, Rules

__all__ = [
    "DEFAULT_GAME",
    "STANDARD_GAMES",
    "from_gamedef",
    "game_definition",
    "load_game",
    "to_gamedef",
]

STANDARD_GAMES = (
    "holdem.limit.2p.reverse_blinds",
    "holdem.nolimit.2p.reverse_blinds",
    "holdem.limit.3p",
    "holdem.nolimit.3p",
)
"""The ACPC server's Hold'em game definitions shipped with pokerlab, byte for byte."""

DEFAULT_GAME = "holdem.limit.2p.reverse_blinds"
"""The game a client plays when none is named: ACPC's heads-up limit game (raise caps 3 4 4 4)."""

_INT32_MAX = 2**31 - 1  # the server's stack when a game definition gives none


def _players(players: int | None, rules: Rules) -> int:
    if players is None:
        return rules.default_players
    players = _validate.whole(players, "players")
    if not rules.min_players <= players <= rules.max_players:
        raise ParameterError(f"{rules.name} seats {rules.min_players} to {rules.max_players} players, not {players}")
    return players


def _numbers(value: str, key: str, line: int) -> list[int]:
    """The whole numbers of one ``key = ...`` line; each at most 10 digits (the server's are 32-bit)."""
    words = value.split()
    shown = repr(value.strip()) if len(value) <= 80 else f"{value.strip()[:40]!r}... ({len(value):,} characters)"
    if any(len(w.lstrip("+-")) > 10 for w in words):
        raise AcpcError(
            f"line {line} of the game definition: {key} takes whole numbers of at most 10 digits, not {shown}"
        )
    # ASCII digits only: Python's int() also reads "1_000" and "١٢", which the dealer's C reads as 1 and 0
    if not all(re.fullmatch(r"[+-]?[0-9]+", w) for w in words):
        raise AcpcError(f"line {line} of the game definition: {key} takes whole numbers, not {shown}")
    numbers = [int(x) for x in words]
    if any(abs(x) > 2**31 - 1 for x in numbers):  # the dealer reads 32-bit numbers: a larger one wraps there
        raise AcpcError(
            f"line {line} of the game definition: {key} takes whole numbers up to 2,147,483,647 "
            f"(the dealer's 32-bit numbers), not {shown}"
        )
    if not numbers:
        raise AcpcError(f"{key} = gives no number")
    return numbers


def from_gamedef(text: str, name: str = "ACPC game") -> Rules:
    """Read an ACPC ``GAMEDEF ... END GAMEDEF`` block into :class:`Rules` named ``name``.

    The semantics are the server's (``game.c``): a missing ``firstPlayer``
    means ``1 1 1 1``, position 0 first in every round (not Hold'em's
    order, so it is refused), a missing ``stack`` means 2,147,483,647 chips, and
    ``maxRaises = 255`` (the server's "no cap") is no cap. The server knows
    no pot-limit betting, so ``potlimit`` is refused rather than played as
    limit.
    """
    _validate.text(
        text, "text", empty=True, error=AcpcError, message=f"a game definition is text, not {type(text).__name__}"
    )
    if not _validate.text(name, "name", empty=True, message=f"name must be a non-empty string, not {name!r}"):
        raise ParameterError(f"name must be a non-empty string, not {name!r}")
    numbered = [(k, ln.split("#")[0].strip()) for k, ln in enumerate(text.splitlines(), start=1)]
    numbered = [(k, ln) for k, ln in numbered if ln]
    lines = [ln for _, ln in numbered]
    if not lines or lines[0].upper() != "GAMEDEF" or lines[-1].upper() != "END GAMEDEF":
        raise AcpcError("the game definition text must start with 'GAMEDEF' and end with 'END GAMEDEF'")
    structure = None
    values: dict[str, list[int]] = {}
    for i, ln in numbered[1:-1]:  # i: the line's number in the text
        low = ln.lower()
        if low in ("limit", "nolimit"):
            structure = BettingStructure.FIXED_LIMIT if low == "limit" else BettingStructure.NO_LIMIT
            continue
        if low == "potlimit":
            raise AcpcError(
                "the ACPC server has no pot-limit betting (its dealer would ignore 'potlimit' and play limit)"
            )
        if "=" not in ln:
            raise AcpcError(f"line {i} of the game definition: cannot read {ln!r}")
        key, _, value = ln.partition("=")
        values[key.strip().lower()] = _numbers(value, key.strip(), i)
    if structure is None:
        raise AcpcError("the game definition does not say limit or nolimit")
    for key in ("numplayers", "numrounds"):
        if key not in values:
            raise AcpcError(f"the game definition has no {key} line (the dealer refuses it)")
    for key, shown in (("numplayers", "numPlayers"), ("numrounds", "numRounds")):
        if len(values[key]) != 1:
            raise AcpcError(f"{shown} takes one number, not {' '.join(map(str, values[key]))}")
    n = values["numplayers"][0]
    if not 2 <= n <= 10:
        raise AcpcError(f"numPlayers = {n}: pokerlab and the dealer seat 2 to 10 players")
    expected = {"numrounds": [4], "numsuits": [4], "numranks": [13], "numholecards": [2], "numboardcards": [0, 3, 1, 1]}
    for key, want in expected.items():
        if key in values and values[key][: len(want)] != want:
            raise AcpcError(f"{key} = {values[key]} is not Texas Hold'em (expected {want})")
    standard = [2, 1, 1, 1] if n == 2 else [3, 1, 1, 1]
    if "firstplayer" not in values:
        raise AcpcError(
            "the game definition has no firstPlayer line: the dealer then lets position 0 act first in every "
            f"round, which is not Hold'em's order (firstPlayer = {' '.join(map(str, standard))})"
        )
    first = values["firstplayer"][:4]
    if first != standard:
        raise AcpcError(f"firstPlayer = {first} is not the standard Hold'em order {standard}")
    blinds = values.get("blind")
    if not blinds or len(blinds) != n:
        raise AcpcError("the game definition needs one blind per player")
    if n == 2:
        bb, sb = blinds
        if sb > bb:
            raise AcpcError(f"blind = {bb} {sb}: heads-up, position 0 posts the big blind (blind = BB SB)")
    else:
        sb, bb = blinds[0], blinds[1]
        if any(blinds[2:]):
            raise AcpcError("pokerlab plays a small and a big blind only (blind = SB BB 0 ...)")
    max_raises = values.get("maxraises")
    caps: tuple[int | None, ...] = (None, None, None, None)
    if max_raises:
        if len(max_raises) != 4:
            raise AcpcError("maxRaises needs one number per round")
        if min(max_raises) < 0:
            raise AcpcError(f"maxRaises = {max_raises} cannot be negative")
        caps = tuple(
            None if m >= 255 else m + (1 if r == 0 else 0) for r, m in enumerate(max_raises)
        )  # 255 is uint8's largest value, the dealer's "no cap"; preflop the big blind counts as the bet
        if caps[1:].count(0):
            raise AcpcError(f"maxRaises = {max_raises}: pokerlab needs at least one bet allowed after the flop")
    stacks = values.get("stack", [_INT32_MAX] * n)
    if len(stacks) < n or len(set(stacks[:n])) != 1:
        raise AcpcError(f"pokerlab needs one equal stack for every player, not stack = {stacks}")
    kwargs: dict[str, Any] = {
        "name": name,
        "structure": structure,
        "small_blind": sb,
        "big_blind": bb,
        "raise_cap": caps,
        "starting_stack": stacks[0],
        "min_players": n,
        "max_players": n,
        "default_players": n,
        "reset_stacks": True,
        "metadata": {"acpc_game": name},
    }
    if structure is BettingStructure.FIXED_LIMIT:
        sizes = values.get("raisesize")
        if not sizes or len(sizes) != 4:
            raise AcpcError("a limit game definition needs raiseSize with one number per round")
        kwargs["bet_sizes"] = tuple(sizes)
    try:
        return Rules(**kwargs)
    except PokerlabError as exc:
        raise AcpcError(f"the game definition is not playable: {exc}") from None


def to_gamedef(rules: Rules, players: int | None = None) -> str:
    """Write :class:`Rules` as an ACPC game definition.

    Refuses (:class:`AcpcError`) what a GAMEDEF cannot say instead of
    dropping it: antes, blinds that change with the hand number, a no-limit
    minimum raise other than ACPC's one big blind, pot-limit betting. The
    blinds written are those in force at the first hand. Stacks are always
    reset in ACPC matches; chips carried over are not expressible either,
    and the definition describes one hand.

    >>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT
    >>> [ln for ln in to_gamedef(AAAI06_HEADS_UP_LIMIT).splitlines() if ln.startswith(("blind", "maxRaises"))]
    ['blind = 10 5', 'maxRaises = 2 3 4 4']
    """
    _validate.instance(rules, Rules, "rules must be a pokerlab Rules value")
    n = _players(players, rules)
    if rules.structure is BettingStructure.POT_LIMIT:
        raise AcpcError(f"{rules.name} is pot-limit; the ACPC server plays limit and no-limit games only")
    first_level = rules.level(0)
    levels = {(lv.small_blind, lv.big_blind, lv.ante) for lv in rules.blind_schedule}
    if len(levels) > 1:
        raise AcpcError(
            f"{rules.name} changes its blinds during the match ({len(levels)} levels); "
            "an ACPC game definition has one set of blinds"
        )
    if rules.ante or first_level.ante or any(a for _, _, a in levels) or any(rules.position_antes):
        raise AcpcError(f"{rules.name} has an ante; an ACPC game definition cannot express antes")
    if rules.straddles:
        raise AcpcError(f"{rules.name} has straddles {rules.straddles}; an ACPC game definition has two blinds only")
    if rules.structure is BettingStructure.NO_LIMIT and rules.min_raise_big_blinds != 1:
        raise AcpcError(
            f"{rules.name} requires raises of at least {rules.min_raise_big_blinds} big blinds; "
            "the ACPC dealer's minimum raise is one big blind (or the last raise)"
        )
    if rules.starting_stack > _INT32_MAX:
        raise AcpcError(f"a stack of {rules.starting_stack} does not fit the dealer's 32-bit chip counts")
    if n == 2 and not rules.heads_up_reverse_blinds:
        raise AcpcError(
            f"{rules.name} has the dealer post the big blind heads-up; ACPC heads-up games reverse the blinds"
        )
    sb, bb = first_level.small_blind, first_level.big_blind
    kind = "limit" if rules.structure is BettingStructure.FIXED_LIMIT else "nolimit"
    blinds = [bb, sb] if n == 2 else [sb, bb] + [0] * (n - 2)
    first = [2, 1, 1, 1] if n == 2 else [3, 1, 1, 1]
    lines = ["GAMEDEF", kind, f"numPlayers = {n}", "numRounds = 4"]
    if rules.structure is not BettingStructure.FIXED_LIMIT or rules.starting_stack != _INT32_MAX:
        lines.append("stack = " + " ".join([str(rules.starting_stack)] * n))
    lines.append("blind = " + " ".join(map(str, blinds)))
    if rules.structure is BettingStructure.FIXED_LIMIT:
        lines.append("raiseSize = " + " ".join(map(str, rules.bet_sizes or ())))
    lines.append("firstPlayer = " + " ".join(map(str, first)))
    caps = rules.raise_cap
    if any(c is not None for c in caps):
        raises = [(caps[0] - 1) if caps[0] is not None else 255] + [c if c is not None else 255 for c in caps[1:]]
        if max(raises) > 255:
            raise AcpcError(f"raise caps {caps} are above the dealer's largest count of raises (255)")
        lines.append("maxRaises = " + " ".join(map(str, raises)))
    lines += ["numSuits = 4", "numRanks = 13", "numHoleCards = 2", "numBoardCards = 0 3 1 1", "END GAMEDEF"]
    return "\n".join(lines) + "\n"


def _standard_name(name: str) -> str | None:
    base = name.removesuffix(".game")
    if base in STANDARD_GAMES:
        return base
    if base + ".reverse_blinds" in STANDARD_GAMES:
        return base + ".reverse_blinds"
    return None


def game_definition(name: str) -> str:
    """The text of one of the ACPC server's standard Hold'em games, by name.

    ``name`` is one of :data:`STANDARD_GAMES`, with or without ``.game``;
    heads-up games may drop ``.reverse_blinds`` (``holdem.nolimit.2p``).
    """
    _validate.text(name, "name", empty=True, message=f"a game name is a string, not {type(name).__name__}")
    found = _standard_name(name)
    if found is None:
        raise AcpcError(f"no standard ACPC game is called {name!r}; the games are {', '.join(STANDARD_GAMES)}")
    return (resources.files("pokerlab.game") / "acpc_games" / f"{found}.game").read_text(encoding="ascii")


def _is_file(text: str) -> bool:
    """Whether ``text`` names an existing file (a name too long for the file system names none)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def load_game(name_or_path: str | Path) -> Rules:
    """Rules for an ACPC game: an existing game-definition file, or a standard game's name.

    A path that names an existing file is read (so the dealer's own
    ``holdem.limit.2p.reverse_blinds.game`` in the current folder wins);
    otherwise the name is looked up in :data:`STANDARD_GAMES`.
    """
    if isinstance(name_or_path, Path) or (isinstance(name_or_path, str) and _is_file(name_or_path)):
        path = Path(name_or_path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise AcpcError(f"cannot read the game definition {str(path)!r}: {exc}") from exc
        try:
            return from_gamedef(text, name=f"ACPC game {path.name}")
        except AcpcError as exc:  # say which file: the text is not what a person typed
            raise AcpcError(f"the game file {str(path)[:200]!r}: {exc}") from None
    said = f"a game is a standard name or a file path, not {name_or_path!r}"
    if not _validate.text(name_or_path, "name_or_path", empty=True, message=said):
        raise ParameterError(said)
    found = _standard_name(name_or_path)
    if found is None:
        raise AcpcError(
            f"{name_or_path!r} is neither a game-definition file nor a standard ACPC game ({', '.join(STANDARD_GAMES)})"
        )
    return from_gamedef(game_definition(found), name=f"ACPC {found}")


# Rules.from_acpc_gamedef / Rules.to_acpc_gamedef hand over to these (pokerlab.game._hooks).
_hooks.provide("from_gamedef", from_gamedef)
_hooks.provide("to_gamedef", to_gamedef)
