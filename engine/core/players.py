"""What every game's computer players share: checking the request, and the seeded choice.

``choose(behaviour, behaviours, legal, seed, greedy)``: ``random`` picks a uniformly random legal
action; ``greedy`` scores every legal action with the game's ``greedy`` function (from the acting
seat's own view, which the caller closes over) and picks among the best, ties broken by the seeded
random source. Deterministic for a seed: the actions are taken in id order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
