"""The postflop solver's bet and raise sizes: the text a user writes, read into sizes per street.

:func:`pokerlab.solve.postflop` takes sizes in the notation of PioSOLVER, GTO+ and postflop-solver:
``"33%, 75%"`` bets that share of the pot, ``"2.5x"`` raises to that multiple of the bet faced, ``"a"`` is
all-in and ``""`` means none; each argument is one such text for both streets or a mapping
``{"turn": "50%", "river": "75%, a"}``. :func:`_parse_sizes` reads one text into :class:`_Size` values and
refuses what it cannot read with a :class:`~pokerlab.errors.ParameterError` naming the argument;
:func:`_per_street` gives every street of :data:`STREETS` its sizes. Turning a size into chips (rounding,
the minimum raise, all-in) is the tree's work (:mod:`pokerlab.solve._postflop_tree`).

>>> _per_street({"river": "75%, a"}, "bets", raise_=False)["river"]
(_Size(kind='pot', value=0.75), _Size(kind='allin', value=0.0))
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerlab import _validate
from pokerlab.errors import ParameterError

STREETS = ("turn", "river")
SizesLike = str | Mapping[str, str]
"""What ``bets``, ``raises``, ``ip_bets`` and ``ip_raises`` take: one text for both streets, or one per street."""


@dataclass(frozen=True)
class _Size:
    kind: str  # "pot", "x" or "allin"
    value: float = 0.0


def _parse_sizes(text: Any, name: str, *, raise_: bool) -> tuple[_Size, ...]:
    _validate.text(
        text, "text", empty=True, message=f"{name} must be sizes as text such as '50%, 100%', not {text!r:.60}"
    )
    if text.strip().lower() == "none":  # no such action, as the command line writes it ("" says the same)
        return ()
    out: list[_Size] = []
    for raw in text.split(","):
        tok = raw.strip().lower().replace(" ", "")
        if not tok:
            if text.strip():
                raise ParameterError(f"{name}: an empty size in {text!r} (remove the extra comma)")
            continue
        if tok.endswith("x") and not raise_:
            raise ParameterError(
                f"{name}: '{raw.strip()}' is a raise size (a multiple of the bet faced); "
                "bets are a share of the pot such as '75%', or 'a'"
            )
        try:
            if tok in ("a", "allin", "all-in"):
                out.append(_Size("allin"))
            elif tok.endswith("%"):
                v = float(tok[:-1])
                if math.isfinite(v) and v <= 0:
                    raise ParameterError(f"{name}: '{raw.strip()}': a bet must be more than 0 % of the pot")
                if not math.isfinite(v):
                    raise ValueError
                out.append(_Size("pot", v / 100))
            elif tok.endswith("x"):
                v = float(tok[:-1])
                if math.isfinite(v) and v <= 1:
                    raise ParameterError(f"{name}: '{raw.strip()}': a raise must be more than 1x the bet faced")
                if not math.isfinite(v):
                    raise ValueError
                out.append(_Size("x", v))
            else:
                raise ValueError
        except ParameterError:
            raise
        except ValueError:
            raise ParameterError(
                f"{name}: cannot read the size '{raw.strip()}' in {text!r}; write shares of the pot such as "
                f"'33%, 75%'{', multiples of the bet such as 2.5x' if raise_ else ''}, 'a' for all-in, or 'none' "
                f"for no {'raise' if raise_ else 'bet'}"
            ) from None
    return tuple(out)


def _per_street(value: Any, name: str, *, raise_: bool) -> dict[str, tuple[_Size, ...]]:
    if isinstance(value, Mapping):
        unknown = [k for k in value if k not in STREETS]
        if unknown:
            raise ParameterError(f"{name}: streets are 'turn' and 'river', not {unknown[0]!r}")
        default = _parse_sizes("", name, raise_=raise_)
        return {
            st: _parse_sizes(value[st], f"{name}[{st!r}]", raise_=raise_) if st in value else default for st in STREETS
        }
    sizes = _parse_sizes(value, name, raise_=raise_)
    return {st: sizes for st in STREETS}
