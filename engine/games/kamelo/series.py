"""K7's return match (Hin- und Rückkampf): two matches with the same decks, the first player
swapped for the second, the victory points summed; the higher total wins the series."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.match import DeckCard, Match, Outcome


def return_match_options(options: Mapping[str, Any], first_match_starter: int, leg: int) -> dict[str, Any]:
    """The options of leg 0 or 1: the same options, the starting player swapped in the second leg."""
    return {**options, "first_player": first_match_starter if leg == 0 else 1 - first_match_starter}


def new_return_match(
    game: Any,
    decks: Sequence[Sequence[DeckCard]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any],
    first_player: int = 0,
) -> tuple[Match, Match]:
    """Both legs of a return match (start the second whenever the first is over)."""
    legs = tuple(
        game.new_match(
            decks, variant=variant, seed=seed + leg, options=return_match_options(options, first_player, leg)
        )
        for leg in (0, 1)
    )
    return legs[0], legs[1]


def series_outcome(outcomes: Sequence[Outcome]) -> Outcome:
    """Sum the legs' points per player (player index = deck index in both legs)."""
    totals = tuple(sum(o.points[p] for o in outcomes) for p in range(2))
    winners = () if totals[0] == totals[1] else ((0,) if totals[0] > totals[1] else (1,))
    return Outcome(winners=winners, points=totals, termination="return_match")
