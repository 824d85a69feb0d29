"""Hypothesis strategies for cards and hands."""

from hypothesis import strategies as st

from pokerlab.cards import Card


def distinct_cards(min_size: int, max_size: int | None = None) -> st.SearchStrategy[list[Card]]:
    """Lists of distinct cards."""
    return st.lists(st.integers(0, 51), min_size=min_size, max_size=max_size or min_size, unique=True).map(
        lambda ids: [Card(i) for i in ids]
    )
