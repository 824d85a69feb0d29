"""Equilibrium computation on small poker games: Kuhn poker and Leduc Hold'em.

The bots elsewhere in pokerlab follow hand-written rules (the Waterloo
report's Phase I-III, Rembrant, BPP). This package computes what such rules
are measured against: a Nash equilibrium, found by counterfactual regret
minimisation, and how much a best-responding opponent wins from any policy.

::

    game("kuhn" | "leduc")            the game as data (deals, public tree, information sets)
    DecisionPoint                     what every decision offers a bot (key, player, actions, paid, pot, to_call):
                                      Kuhn's and Leduc's InfoSets, a solved postflop spot's solution.decision(line)
    Policy                            a probability per action per information set (both seats)
    cfr(game, iterations, variant)    CFR, CFR+ or external-sampling MCCFR -> CFRResult
    Variant, CFREngine, GameName      the option sets as StrEnums (the strings "cfr+", "numpy", "kuhn" still work)
    cfr_reference(game, iterations)   the same CFR written plainly (the tested reference)
    best_response, exploitability     exact, from the tree, in chips per hand
    expected_value, head_to_head      exact value of one policy against another
    leaks                             where a policy gives chips away against a best response
    push_fold(stack_bb, ante_bb=)     heads-up no-limit Hold'em push/fold, solved exactly (an LP) -> PushFoldResult
    push_fold_chart, push_fold_score  the solution across stack depths; any push/fold strategies measured
    postflop(board, oop, ip, pot=, stack=)  a range-vs-range turn or river spot by discounted CFR -> PostflopSolution
    postflop_actions(board, ..., line)  the labels a line reaches, from the betting tree alone (no solve)
    postflop_many(spots, executor)    many spots on a process pool or a dask cluster, with a progress bar
    turn_report(board, oop, ip, ...)  a turn spot per river card: each action's frequency, both values (a DataFrame)

The package depends only on numpy (altair and ipywidgets inside the chart and
widget helpers; scipy's LP solver and the exact preflop matrix inside ``push_fold``).

>>> from pokerlab import solve
>>> leduc = solve.game("leduc")
>>> round(solve.exploitability(leduc, solve.Policy.uniform(leduc)), 6)  # uniform random play
2.373611
"""

from pokerlab.solve.cfr import ENGINES, VARIANTS, CFREngine, CFRResult, Variant, cfr, cfr_reference, regret_matching
from pokerlab.solve.evaluate import (
    BestResponse,
    Leak,
    Leaks,
    best_response,
    expected_value,
    exploitability,
    head_to_head,
    leaks,
    leaks_frame,
)
from pokerlab.solve.games import GAMES, DecisionPoint, Game, GameName, InfoSet, Node, game
from pokerlab.solve.policy import Policy
from pokerlab.solve.postflop import PostflopSolution, postflop, postflop_actions
from pokerlab.solve.postflop_reports import postflop_many, turn_report
from pokerlab.solve.pushfold import (
    PushFoldChart,
    PushFoldQuiz,
    PushFoldResult,
    PushFoldScore,
    PushFoldSide,
    push_fold,
    push_fold_chart,
    push_fold_grid_text,
    push_fold_score,
)

__all__ = [
    "ENGINES",
    "GAMES",
    "VARIANTS",
    "BestResponse",
    "CFREngine",
    "CFRResult",
    "DecisionPoint",
    "Game",
    "GameName",
    "InfoSet",
    "Leak",
    "Leaks",
    "Node",
    "Policy",
    "PostflopSolution",
    "PushFoldChart",
    "PushFoldQuiz",
    "PushFoldResult",
    "PushFoldScore",
    "PushFoldSide",
    "Variant",
    "best_response",
    "cfr",
    "cfr_reference",
    "expected_value",
    "exploitability",
    "game",
    "head_to_head",
    "leaks",
    "leaks_frame",
    "postflop",
    "postflop_actions",
    "postflop_many",
    "push_fold",
    "push_fold_chart",
    "push_fold_grid_text",
    "push_fold_score",
    "regret_matching",
    "turn_report",
]
