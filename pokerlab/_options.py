"""Option vocabularies the command line lists before any heavy module loads.

Each option set is a ``StrEnum``: a member *is* its string, so ``variant="cfr+"``
and ``variant=Variant.CFR_PLUS`` are the same call, and the command line's
``choices`` come from the same class as the function's check (one list, no copy
to drift). The classes are defined here, in a leaf that imports nothing, so
``pokerlab --help`` does not load numpy; their public home is the package that
uses them (:data:`pokerlab.solve.Variant`, :data:`pokerlab.preflop.TableMetric`,
:data:`pokerlab.experiments.Setup`, ...), which re-exports them.

>>> Variant("cfr+") is Variant.CFR_PLUS
True
>>> [v.value for v in Variant]
['cfr', 'cfr+', 'mccfr']
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypeAlias

__all__ = ["CFREngine", "Engine", "GameName", "Setup", "TableMethod", "TableMetric", "TableSource", "Variant"]


class Variant(StrEnum):
    """Which regret minimisation :func:`pokerlab.solve.cfr` runs (:mod:`pokerlab.solve.cfr` describes each)."""

    CFR = "cfr"
    CFR_PLUS = "cfr+"
    MCCFR = "mccfr"


VariantChoice: TypeAlias = Variant | Literal["cfr", "cfr+", "mccfr"]
"""A :class:`Variant` or its value as a string: a type checker refuses any other string."""


class CFREngine(StrEnum):
    """Where :func:`pokerlab.solve.cfr` runs: the compiled numba kernel (the default), numpy over all deals, or
    (MCCFR only) the compiled walk's arithmetic in plain Python, which needs no numba."""

    NUMBA = "numba"
    NUMPY = "numpy"
    PYTHON = "python"


CFREngineChoice: TypeAlias = CFREngine | Literal["numba", "numpy", "python"]
"""A :class:`CFREngine` or its value as a string: a type checker refuses any other string."""


class GameName(StrEnum):
    """The games :func:`pokerlab.solve.game` builds: Kuhn poker and Leduc Hold'em (any case is accepted)."""

    KUHN = "kuhn"
    LEDUC = "leduc"


GameNameChoice: TypeAlias = GameName | Literal["kuhn", "leduc"]
"""A :class:`GameName` or its value as a string: a type checker refuses any other string."""


class TableMetric(StrEnum):
    """Which value of a simulated table: the pot share, or the share of hands won outright."""

    POT_SHARE = "pot_share"
    WON_OUTRIGHT = "won_outright"


TableMetricChoice: TypeAlias = TableMetric | Literal["pot_share", "won_outright"]
"""A :class:`TableMetric` or its value as a string: a type checker refuses any other string."""


class TableMethod(StrEnum):
    """How a preflop table was made: from experts' rankings, by simulation, or exactly (heads-up)."""

    EXPERT = "expert"
    SIMULATION = "simulation"
    EXACT = "exact"


TableMethodChoice: TypeAlias = TableMethod | Literal["expert", "simulation", "exact"]
"""A :class:`TableMethod` or its value as a string: a type checker refuses any other string."""


class TableSource(StrEnum):
    """The expert rankings an expert table follows (see :func:`pokerlab.preflop.expert_table`)."""

    INCOME_RATE = "income_rate"
    SKLANSKY = "sklansky"
    CHEN = "chen"
    REMBRANT = "rembrant"


TableSourceChoice: TypeAlias = TableSource | Literal["income_rate", "sklansky", "chen", "rembrant"]
"""A :class:`TableSource` or its value as a string: a type checker refuses any other string."""


class Setup(StrEnum):
    """The Waterloo report's self-play experiments (Figures 4-7): phases against phases, bluffing styles, trust
    (:func:`pokerlab.experiments.run_experiment`)."""

    PHASES = "phases"
    BLUFFING = "bluffing"
    TRUST = "trust"


SetupChoice: TypeAlias = Setup | Literal["phases", "bluffing", "trust"]
"""A :class:`Setup` or its value as a string: a type checker refuses any other string."""


class Engine(StrEnum):
    """How :meth:`pokerlab.bpp.BPPNetwork.query` computes a posterior: pgmpy's variable elimination, or numpy's
    einsum (``pokerlab.bpp.network.Engine``)."""

    PGMPY = "pgmpy"
    NUMPY = "numpy"


EngineChoice: TypeAlias = Engine | Literal["pgmpy", "numpy"]
"""A :class:`Engine` or its value as a string: a type checker refuses any other string."""
