"""What every game's computer players share: checking the request, and the seeded choice.

``choose(behaviour, behaviours, legal, seed, greedy)``: ``random`` picks a uniformly random legal
action; ``greedy`` scores every legal action with the game's ``greedy`` function (from the acting
seat's own view, which the caller closes over) and picks among the best, ties broken by the seeded
random source. Deterministic for a seed: the actions are taken in id order.

``play(game, behaviour, match, player, seed, budget)`` is what the adapter calls for a computer
seat: the game's own players from the seat's view, or the core's search player ``mcts``
(engine.core.mcts) from the match itself, which it only samples through ``determinize``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import mcts
from engine.core.base import BaseGame, BaseMatch
from engine.core.match import Action
from engine.core.rng import SeededRandom

EPSILON = 1e-6
Scorer = Callable[[list[Action]], Sequence[float]]


def best(actions: Sequence[Action], scores: Sequence[float]) -> list[Action]:
    """The actions whose score is within EPSILON of the best one."""
    top = max(scores)
    return [action for action, score in zip(actions, scores, strict=True) if score >= top - EPSILON]


def choose(behaviour: str, behaviours: Sequence[str], legal: Sequence[Action], seed: int, greedy: Scorer) -> Action:
    """The computer's action; ValueError for an unknown behaviour or no legal action."""
    if behaviour not in behaviours:
        raise ValueError(f"unknown behaviour {behaviour!r}; the behaviours are {', '.join(behaviours)}")
    if not legal:
        raise ValueError("no legal action to choose from")
    ordered = sorted(legal, key=lambda a: a.id)
    rng = SeededRandom(seed)
    if behaviour == "random":
        return rng.choice(ordered)
    return rng.choice(best(ordered, greedy(ordered)))


def play(
    game: BaseGame[Any], behaviour: str, match: BaseMatch, player: int, seed: int, budget: mcts.Budget | None = None
) -> Action:
    """The computer seat ``player``'s action in ``match`` (``budget``: mcts only, else ignored)."""
    if behaviour == "mcts":
        return mcts.search(game, match, player, seed=seed, budget=budget or mcts.DEFAULT)
    return game.choose_action(behaviour, match.ai_view(player), match.legal_actions(player), seed)
