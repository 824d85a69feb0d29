"""Rules as data: betting structure, blinds, caps, stacks, clocks, and the sources' presets.

A :class:`Rules` value describes a game completely; :meth:`Rules.new_hand`
starts a hand under it. Rules are checked when they are built, so a
contradiction (a cap of -1, blinds larger than the stacks, 11 players) is
refused at once with a sentence saying what is wrong.

Presets, each from its source (docs/references.md):

======================== =======================================================================
``AAAI06_HEADS_UP_LIMIT`` the AAAI'06 rules: heads-up fixed limit, reverse blinds $5/$10, bets $10/$10/$20/$20,
                          a bet and 2 raises preflop and on the flop, a bet and 3 raises later
``BIGHOLDEM``             BigHoldem: 2-10 players (10 by default), 1000 chips, blinds 5/10, optional
                          ante, 3 raises per phase after the blind or the opening bet (a cap of 4),
                          raises bounded by the stack, elimination below twice the minimum chip;
                          two players: the seat left of the dealer posts the small blind
``HEADS_UP_NO_LIMIT``     the heads-up no-limit arena rules: blinds 10/20 rising every 10 hands, raises
                          of at least twice the big blind, no cap, a time bank of 10 s + 0.5 s per
                          move, automatic checks after more than two missed answers in a row
``NO_LIMIT_RING``         the Waterloo report: 2-10 players, no limit, blinds 1 and 2
======================== =======================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal, localcontext
from enum import StrEnum
from functools import cached_property
from itertools import pairwise
from typing import TYPE_CHECKING

from pokerlab import _validate
from pokerlab.errors import RulesError, RulesTypeError
from pokerlab.game import _hooks
from pokerlab.streets import Street

if TYPE_CHECKING:  # pragma: no cover
    from pokerlab.cards import CardsLike

    # Annotation only: the state imports the rules at run time, never the other way (tests/project/test_api.py lists
    # this edge in TYPE_ONLY_UPWARD), so mypy and IDEs see new_hand's real return type.
    from pokerlab.game.state import HandState

__all__ = [
    "AAAI06_HEADS_UP_LIMIT",
    "BIGHOLDEM",
    "HEADS_UP_NO_LIMIT",
    "NO_LIMIT_RING",
    "PRESETS",
    "BettingStructure",
    "BlindLevel",
    "Rules",
    "RulesError",
    "Street",
    "TimeBank",
]


class BettingStructure(StrEnum):
    FIXED_LIMIT = "fixed-limit"
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"


def _chips(value: object, name: str) -> int:
    """Chips and counts are whole numbers: 2.5 or True is refused, not rounded."""
    return _validate.whole(
        value, name, error=RulesTypeError, message=f"{name} must be a whole number (chips are integers)"
    )


@dataclass(frozen=True)
class BlindLevel:
    """Blinds (and ante) in force from hand number ``from_hand`` (0-based) on."""

    from_hand: int
    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name in ("from_hand", "small_blind", "big_blind", "ante"):  # stored as ints (np.int64(1) too)
            object.__setattr__(self, name, _chips(getattr(self, name), f"the blind level's {name}"))
        if self.from_hand < 0:
            raise RulesError(f"a blind level starts at a hand number 0 or later, not {self.from_hand}")
        if self.small_blind < 0 or self.big_blind <= 0 or self.ante < 0 or self.small_blind > self.big_blind:
            raise RulesError(
                f"bad blind level from hand {self.from_hand}: blinds {self.small_blind}/{self.big_blind}, "
                f"ante {self.ante} (blinds positive, small <= big, ante >= 0)"
            )


@dataclass(frozen=True)
class TimeBank:
    """A chess-like clock per seat: ``initial`` seconds, ``per_move`` added for each move.

    ``max_misses``: after more than this many missed answers in a row (an
    exception, an illegal action or no answer in time) the seat's moves
    become automatic (the heads-up no-limit arena rules: more than two).
    """

    initial: float = 10.0
    per_move: float = 0.5
    max_misses: int = 2

    def __post_init__(self) -> None:
        for name in ("initial", "per_move"):  # stored as floats (numpy numbers too)
            seconds = _validate.real(
                getattr(self, name),
                name,
                error=RulesError,
                message=f"the time bank's {name} must be a finite number of seconds",
            )
            object.__setattr__(self, name, seconds)
        if self.initial <= 0:
            raise RulesError(
                f"the time bank's initial time must be positive, not {self.initial}: every move would time out"
            )
        if self.per_move < 0:
            raise RulesError(f"the time bank's per_move cannot be negative, not {self.per_move}")
        object.__setattr__(self, "max_misses", _chips(self.max_misses, "the time bank's max_misses"))
        if self.max_misses < 0:
            raise RulesError(f"the time bank's max_misses cannot be negative, not {self.max_misses}")


@dataclass(frozen=True)
class Rules:
    """A complete description of the game (see the module docstring for presets).

    Seats and blinds: ``new_hand(stacks, button=b)`` seats players 0..n-1
    around the table. The seat after the button posts the small blind and
    the next one the big blind; heads-up the button posts the small blind
    and acts first before the flop (reverse blinds), unless
    ``heads_up_reverse_blinds`` is False: then, as BigHoldem's rules page has
    it at every table size, the seat left of the dealer posts the small blind
    and the dealer the big blind, and the dealer acts first before the flop and
    last after it. Before the flop the
    first to act is the seat after the big blind; after it, the first live
    seat after the button.

    ``raise_cap`` is the number of bets and raises allowed on each street;
    before the flop the big blind counts as the bet (the AAAI'06 rules' "a bet and
    2 raises" preflop is a cap of 3; BigHoldem's "3 raises per phase" after the blind
    or the opening bet is a cap of 4). ``None`` means no cap. Raises that are
    all-in for less than a full raise do not count towards the cap and do
    not reopen the betting for players who have already acted. Nobody may
    raise when no other player could put in more than the current bet.

    ``min_raise_big_blinds`` is the smallest bet or raise increment in
    no-limit and pot-limit games, in big blinds of the current level
    (default 1; the heads-up no-limit arena rules use 2); a later raise must be at least as large as
    the previous raise on that street. Under fixed limit every bet and
    raise is ``bet_sizes[street]``.

    ``reset_stacks``: every hand starts from ``starting_stack`` (duplicate
    and ACPC-style matches); otherwise chips carry over and a seat whose
    stack is below ``min_stack_to_play`` is eliminated.

    Forced bets as published hand histories have them (all by *position*:
    position 0 posts the small blind, 1 the big blind, 2 the first straddle,
    and so on around the table; heads-up position 0 is the button):

    * ``straddles``: forced bets posted after the big blind by positions
      2, 3, ...; the first to act before the flop is the seat after the
      largest forced bet.
    * ``position_antes``: an ante per position, e.g. ``(0, 500)`` for a
      big-blind ante; positions past its end post nothing. When it is set,
      ``ante`` must be 0.
    * ``dead_antes``: antes are dead money that goes to the main pot and is
      never returned (PHH ``ante_trimming_status = false``). Otherwise an
      ante larger than everyone else's is trimmed back to the second
      largest at once (so a lone big-blind ante comes back), as pokerkit does.
    * ``chip_unit``: what one chip is worth in the money the rules were
      written in (a power of ten), e.g. ``Decimal("0.01")`` when a hand history says
      ``0.50``. Chips stay whole numbers; :meth:`format_chips` shows an
      amount in the original money with the unit's decimal places.
    """

    name: str = "custom"
    structure: BettingStructure = BettingStructure.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    bet_sizes: tuple[int, int, int, int] | None = None
    raise_cap: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    min_raise_big_blinds: int = 1
    starting_stack: int = 200
    min_players: int = 2
    max_players: int = 10
    default_players: int = 2
    blind_schedule: tuple[BlindLevel, ...] = ()
    time_bank: TimeBank | None = None
    reset_stacks: bool = False
    min_stack_to_play: int = 1
    straddles: tuple[int, ...] = ()
    position_antes: tuple[int, ...] = ()
    dead_antes: bool = False
    chip_unit: Decimal = Decimal(1)
    heads_up_reverse_blinds: bool = True
    metadata: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        """Refuse every contradiction with a sentence naming the field (add new fields' checks here)."""
        s = self
        _validate.text(s.name, "name", empty=True, error=RulesError)
        structure = _validate.member(BettingStructure, s.structure, "structure", error=RulesError)
        object.__setattr__(self, "structure", structure)  # a member, also from its word ("no-limit")
        for name in (
            "small_blind", "big_blind", "ante", "min_raise_big_blinds", "starting_stack",
            "min_players", "max_players", "default_players", "min_stack_to_play",
        ):  # fmt: skip
            object.__setattr__(self, name, _chips(getattr(s, name), name))  # an int, also from np.int64
        if s.small_blind < 0 or s.big_blind <= 0:
            raise RulesError(f"blinds must be positive, not {s.small_blind}/{s.big_blind}")
        if s.small_blind > s.big_blind:
            raise RulesError(f"the small blind ({s.small_blind}) cannot exceed the big blind ({s.big_blind})")
        if s.ante < 0:
            raise RulesError(f"the ante cannot be negative ({s.ante})")
        if not 2 <= s.min_players <= s.max_players <= 10:
            raise RulesError(f"a table seats 2 to 10 players, not {s.min_players}..{s.max_players}")
        if not s.min_players <= s.default_players <= s.max_players:
            raise RulesError(f"default_players {s.default_players} is outside {s.min_players}..{s.max_players}")
        _validate.instance(
            s.raise_cap,
            tuple,
            "raise_cap is a tuple with one entry per street (4)",
            error=RulesError,
            check=lambda caps: len(caps) == 4,
        )
        for cap in s.raise_cap:
            if cap is not None:
                _chips(cap, "raise_cap")
                if cap < 1:
                    raise RulesError(f"a raise cap counts bets and raises per street and must be at least 1, not {cap}")
        object.__setattr__(self, "raise_cap", tuple(None if cap is None else int(cap) for cap in s.raise_cap))
        if s.structure is BettingStructure.FIXED_LIMIT:
            given = _validate.instance(
                s.bet_sizes,
                tuple,
                "fixed-limit rules need four positive bet_sizes, one per street",
                error=RulesError,
                check=lambda sizes: len(sizes) == 4,
            )
            sizes = tuple(_chips(size, "bet_sizes") for size in given)
            object.__setattr__(self, "bet_sizes", sizes)
            if min(sizes) <= 0:
                raise RulesError("fixed-limit rules need four positive bet_sizes, one per street")
        elif s.bet_sizes is not None:
            raise RulesError("bet_sizes belong to fixed-limit rules only")
        if s.min_raise_big_blinds < 1:
            raise RulesError(f"min_raise_big_blinds must be at least 1, not {s.min_raise_big_blinds}")
        if s.min_stack_to_play < 1:
            raise RulesError(f"min_stack_to_play must be at least 1, not {s.min_stack_to_play}")
        if s.starting_stack <= 0:
            raise RulesError(f"starting stacks must be positive, not {s.starting_stack}")
        if s.min_stack_to_play > s.starting_stack:
            raise RulesError(
                f"min_stack_to_play ({s.min_stack_to_play}) is above the starting stack ({s.starting_stack}): "
                "every seat would be eliminated after the first hand"
            )
        _validate.flag(s.heads_up_reverse_blinds, "heads_up_reverse_blinds", error=RulesTypeError)
        _validate.flag(s.reset_stacks, "reset_stacks", error=RulesTypeError)
        _validate.instance(
            s.time_bank, TimeBank, "time_bank must be a TimeBank or None", error=RulesError, optional=True
        )
        _validate.instance(s.metadata, dict, "metadata must be a dict", error=RulesError)
        levels = s.blind_schedule
        _validate.instance(
            levels, tuple, "blind_schedule must be a tuple of BlindLevel", error=RulesTypeError, items=BlindLevel
        )
        if levels:
            if levels[0].from_hand != 0 or any(b.from_hand <= a.from_hand for a, b in pairwise(levels)):
                raise RulesError("a blind schedule starts at hand 0 and its levels rise in hand order")
            for lv in levels:
                if lv.small_blind > lv.big_blind or lv.big_blind <= 0 or lv.ante < 0:
                    raise RulesError(f"bad blind level {lv}")
        _validate.instance(
            s.straddles,
            tuple,
            "straddles must be a tuple of positive whole numbers of chips",
            error=RulesError,
            check=lambda chips: all(_validate.is_whole(x) and x > 0 for x in chips),
        )
        object.__setattr__(self, "straddles", tuple(int(x) for x in s.straddles))
        if len(s.straddles) > s.max_players - 2:
            raise RulesError(f"{len(s.straddles)} straddles need more than {s.max_players} players")
        _validate.instance(
            s.position_antes,
            tuple,
            "position_antes must be a tuple of whole numbers >= 0",
            error=RulesError,
            check=lambda chips: all(_validate.is_whole(x) and x >= 0 for x in chips),
        )
        object.__setattr__(self, "position_antes", tuple(int(x) for x in s.position_antes))
        if len(s.position_antes) > s.max_players:
            raise RulesError(f"position_antes has {len(s.position_antes)} entries for at most {s.max_players} players")
        if s.position_antes and s.ante:
            raise RulesError(f"give either a uniform ante ({s.ante}) or position_antes, not both")
        _validate.flag(s.dead_antes, "dead_antes", error=RulesTypeError)
        _validate.instance(
            s.chip_unit,
            Decimal,
            "chip_unit must be a positive finite Decimal",
            error=RulesError,
            check=lambda unit: unit.is_finite() and unit > 0,
        )
        if s.chip_unit.normalize().as_tuple().digits != (1,):
            raise RulesError(f"chip_unit must be a power of ten (1, 0.1, 0.01, ...), not {s.chip_unit}")
        if s.big_blind + s.ante > s.starting_stack:
            raise RulesError(
                f"the big blind and ante ({s.big_blind}+{s.ante}) are larger than the starting stack {s.starting_stack}"
            )

    # -- derived ----------------------------------------------------------------

    def level(self, hand_number: int = 0) -> BlindLevel:
        """The blinds and ante in force for hand ``hand_number`` (0-based)."""
        current = self._first_level
        for lv in self.blind_schedule:
            if lv.from_hand <= hand_number:
                current = lv
        return current

    @cached_property
    def _first_level(self) -> BlindLevel:
        """The level of the fields ``small_blind``, ``big_blind`` and ``ante``, made once (every hand asks).

        Not a field: it stays out of comparisons, ``repr`` and :meth:`with_` (which makes a new one).
        """
        return BlindLevel(0, self.small_blind, self.big_blind, self.ante)

    def antes_for(self, players: int, hand_number: int = 0) -> tuple[int, ...]:
        """The ante each position posts (position 0 = small blind) at a table of ``players``."""
        if type(players) is not int or not 2 <= players <= 10:  # the plain case first: every hand asks
            players = _validate.whole(
                players, "players", lo=2, hi=10, error=RulesError, message="a table seats 2 to 10 players"
            )
        if type(hand_number) is not int or hand_number < 0:
            hand_number = _validate.whole(
                hand_number, "hand_number", lo=0, error=RulesError, message="hand_number is a whole number >= 0"
            )
        if self.position_antes:
            return tuple(self.position_antes[k] if k < len(self.position_antes) else 0 for k in range(players))
        return (self.level(hand_number).ante,) * players

    def format_chips(self, chips: int) -> str:
        """An amount of chips in the money the rules were written in.

        >>> from decimal import Decimal
        >>> Rules(chip_unit=Decimal("0.01")).format_chips(8290)
        '82.90'
        >>> Rules().format_chips(8290)
        '8290'
        """
        if type(chips) is not int:  # the plain case first: a hand history formats every amount
            chips = _validate.whole(chips, "chips", error=RulesError, message="an amount of chips is a whole number")
        if self.chip_unit == 1:
            return str(chips)
        places = max(0, -self.chip_unit.as_tuple().exponent)  # type: ignore[operator]
        with localcontext() as exact:  # enough digits that the product is never rounded
            exact.prec = len(str(abs(chips))) + len(self.chip_unit.as_tuple().digits) + 2
            return f"{chips * self.chip_unit:.{places}f}"

    def min_raise_increment(self, big_blind: int) -> int:
        return self.min_raise_big_blinds * big_blind

    @classmethod
    def from_acpc_gamedef(cls, text: str) -> Rules:
        """Rules from an ACPC ``GAMEDEF ... END GAMEDEF`` block (see :mod:`pokerlab.game.gamedef`).

        The format is :mod:`pokerlab.game.gamedef`'s, a module above this one: the call goes through
        :mod:`pokerlab.game._hooks`, where gamedef registers :func:`~pokerlab.game.gamedef.from_gamedef`.
        """
        rules: Rules = _hooks.call("from_gamedef", text)
        return rules

    def to_acpc_gamedef(self, players: int | None = None) -> str:
        """These rules as an ACPC game definition (:func:`pokerlab.game.gamedef.to_gamedef`, through
        :mod:`pokerlab.game._hooks`)."""
        text: str = _hooks.call("to_gamedef", self, players)
        return text

    @classmethod
    def checked(cls, value: object, name: str = "rules") -> Rules:
        """``value`` if it is a :class:`Rules`, else a :class:`~pokerlab.errors.ParameterTypeError` naming ``name``:
        the one check every function that takes rules runs (a match, a hand, a table, an app).

        >>> Rules.checked("NL")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerlab.errors.ParameterTypeError: rules must be a Rules value (e.g. ...), not 'NL' (str)
        """
        return _validate.instance(value, cls, f"{name} must be a Rules value (e.g. pokerlab.game.NO_LIMIT_RING)")

    def with_(self, **changes: object) -> Rules:
        """A copy with some fields changed (validated again)."""
        unknown = sorted(set(changes) - set(self.__dataclass_fields__))
        if unknown:
            raise RulesError(f"Rules has no field {', '.join(unknown)}")
        return replace(self, **changes)  # type: ignore[arg-type]

    def check_players(self, n: int, name: str = "") -> None:
        """Refuse a number of players these rules cannot seat (``name``: the argument that gave them)."""
        if type(n) is int and self.min_players <= n <= self.max_players:  # the plain case first: every hand asks
            return
        where = f"{name}: " if name else ""
        n = _validate.whole(
            n, "players", error=RulesError, message=f"{where}the number of players must be a whole number"
        )
        if not self.min_players <= n <= self.max_players:
            raise RulesError(f"{where}{self.name} seats {self.min_players} to {self.max_players} players, not {n}")

    def new_hand(
        self,
        stacks: int | list[int] | tuple[int, ...] | None = None,
        button: int = 0,
        seed: int | None = None,
        deck: CardsLike | None = None,
        hand_number: int = 0,
    ) -> HandState:
        """Start a hand: post antes and blinds and deal the hole cards; a
        :class:`~pokerlab.game.state.HandState`.

        ``stacks`` is a list of chip counts (or a number of players, each
        with ``starting_stack``). ``deck`` fixes the card order (cards are
        dealt from its start); otherwise ``seed`` shuffles.

        The state sits above the rules (it imports them), so the hand is built by the function that
        :mod:`pokerlab.game.state` registers in :mod:`pokerlab.game._hooks`.
        """
        if stacks is None:
            stacks = self.default_players
        if type(stacks) is list:  # the plain case first: every hand of a match
            seats = list(stacks)
        elif _validate.is_whole(stacks):
            seats = [self.starting_stack] * int(stacks)  # HandState refuses a count these rules cannot seat
        else:  # True, 2.0 and "6" are neither a number of players nor chip counts
            message = "stacks must be a number of players or a list of chip counts"
            seats = _validate.collection(stacks, message, error=RulesError)
        hand: HandState = _hooks.call(
            "new_hand", self, seats, button=button, seed=seed, deck=deck, hand_number=hand_number
        )
        return hand


AAAI06_HEADS_UP_LIMIT = Rules(
    name="AAAI'06 heads-up limit",
    structure=BettingStructure.FIXED_LIMIT,
    small_blind=5,
    big_blind=10,
    bet_sizes=(10, 10, 20, 20),
    raise_cap=(3, 3, 4, 4),  # a bet (preflop the big blind) and 2 raises, then a bet and 3 raises
    starting_stack=1000,
    min_players=2,
    max_players=2,
    default_players=2,
    reset_stacks=True,
    metadata={
        "source": "the AAAI'06 rules",
        "note": "a bet and 2 raises preflop and flop (the big blind is the preflop bet)",
    },
)

BIGHOLDEM = Rules(
    name="BigHoldem",
    structure=BettingStructure.NO_LIMIT,
    small_blind=5,
    big_blind=10,
    ante=0,
    raise_cap=(4, 4, 4, 4),  # BigHoldem names BET and RAISE apart: 3 raises after the blind (or the opening bet)
    starting_stack=1000,
    min_players=2,
    max_players=10,
    default_players=10,
    min_stack_to_play=10,
    heads_up_reverse_blinds=False,  # "the player left of the dealer must post the small blind", also heads-up
    metadata={
        "source": "BigHoldem",
        "minimum_chip": 5,
        "raises_per_phase": 3,
        "note": "eliminated when a stack falls below twice the minimum chip; ante (when on) is one minimum chip",
    },
)

HEADS_UP_NO_LIMIT = Rules(
    name="Heads-up no-limit",
    structure=BettingStructure.NO_LIMIT,
    small_blind=10,
    big_blind=20,
    min_raise_big_blinds=2,
    starting_stack=2000,
    min_players=2,
    max_players=2,
    default_players=2,
    blind_schedule=tuple(BlindLevel(10 * k, 10 * 2**k, 20 * 2**k) for k in range(12)),
    time_bank=TimeBank(initial=10.0, per_move=0.5, max_misses=2),
    metadata={
        "source": "the heads-up no-limit arena rules",
        "note": "blinds double every 10 hands; raises at least twice the big blind",
    },
)

NO_LIMIT_RING = Rules(
    name="No-limit ring (the Waterloo report)",
    structure=BettingStructure.NO_LIMIT,
    small_blind=1,
    big_blind=2,
    starting_stack=200,
    min_players=2,
    max_players=10,
    default_players=6,
    metadata={"source": "the Waterloo report"},
)

PRESETS = {
    "AAAI06_HEADS_UP_LIMIT": AAAI06_HEADS_UP_LIMIT,
    "BIGHOLDEM": BIGHOLDEM,
    "HEADS_UP_NO_LIMIT": HEADS_UP_NO_LIMIT,
    "NO_LIMIT_RING": NO_LIMIT_RING,
}
