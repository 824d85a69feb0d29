"""Hand pokerlab policies to OpenSpiel (``pip install open_spiel``), to cross-check exploitability.

OpenSpiel's ``kuhn_poker`` and ``leduc_poker`` are the same games as
:func:`pokerlab.solve.game` (same deck order, actions and payoffs); its Leduc
information states name the private card with its suit, pokerlab's only the
rank, so every suited state gets the row of its rank.
"""

from __future__ import annotations

from typing import Any

from pokerlab import _validate
from pokerlab.solve.games import Game
from pokerlab.solve.policy import Policy

__all__ = ["openspiel_game", "to_openspiel"]


def openspiel_game(game: Game) -> Any:
    """The matching ``pyspiel`` game (imports OpenSpiel)."""
    _validate.instance(game, Game, "game must be a pokerlab.solve game")
    import pyspiel

    return pyspiel.load_game({"kuhn": "kuhn_poker", "leduc": "leduc_poker"}[game.name])


def to_openspiel(policy: Policy) -> Any:
    """An OpenSpiel ``TabularPolicy`` with ``policy``'s probabilities at every information state."""
    _validate.instance(policy, Policy, "policy must be a pokerlab.solve.Policy")
    from open_spiel.python import policy as os_policy

    game = policy.game
    spiel = openspiel_game(game)
    tabular = os_policy.TabularPolicy(spiel)

    def walk(state: Any, k: int, cards: tuple[int, ...]) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for card, _ in state.chance_outcomes():
                walk(state.child(card), k, (*cards, card))
            return
        node = game.nodes[k]
        deal = _deal_index(game, cards)
        info = game.infosets[int(node.infoset[deal])]  # type: ignore[index]
        row = tabular.policy_for_key(state.information_state_string())
        for action in state.legal_actions():
            row[action] = policy.table[info.index, action]
        for action in state.legal_actions():
            walk(state.child(action), node.children[node.actions.index(game.actions[action])], cards)

    walk(spiel.new_initial_state(), 0, ())
    return tabular


def _deal_index(game: Game, cards: tuple[int, ...]) -> int:
    """A deal consistent with the cards seen so far (the board, if not yet dealt, does not matter)."""
    n = len(cards)
    match = (game.deals[:, :n] == cards).all(axis=1)
    return int(match.argmax())
