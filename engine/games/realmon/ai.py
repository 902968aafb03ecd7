"""Computer players for Realmon (R18), choosing from the player's own view and legal actions only.

- ``random``: a uniformly random legal action.
- ``greedy``: placeholder until the evaluation lands: the first legal action.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.match import JSON, Action
from engine.core.rng import SeededRandom

BEHAVIOURS = ("random", "greedy")


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    if behaviour not in BEHAVIOURS:
        raise ValueError(f"unknown behaviour {behaviour!r}; the behaviours are {', '.join(BEHAVIOURS)}")
    if not legal:
        raise ValueError("no legal action to choose from")
    ordered = sorted(legal, key=lambda a: a.id)
    if behaviour == "random":
        return SeededRandom(seed).choice(ordered)
    return ordered[0]
