"""``pokerlab.equities``: an exact enumeration too big for memory is refused naming its size."""

from __future__ import annotations

import pytest

import pokerlab as pl
from pokerlab.errors import ParameterError


def test_exact_equity_refuses_an_impossible_allocation_naming_the_estimate():
    with pytest.raises(ParameterError, match=r"51\.5 GiB.*samples"):
        pl.equity("AhKh", opponents=3, board="2c7d8h9sJd", exact=True)
