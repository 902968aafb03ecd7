"""Every map plays to the end with every number of seats it takes (greedy seats against random
ones; against the Kraken greedy players together), and greedy beats random (issue 16 items 4, 5)."""

from __future__ import annotations

import pytest

from engine.core.samples import sample_match_decks
from engine.games.muhq import GAME
from engine.games.muhq.engine import MuhqMatch
from engine.games.muhq.state import bundled
from engine.services.engines import ai_seed

ENGINE = GAME.engine
CASES = [(v.slug, n) for v in ENGINE.variants for n in range(v.min_players, v.max_players + 1)]
Z95 = 1.959963984540054


def play(variant: str, seats: int, seed: int, behaviours: list[str]) -> MuhqMatch:
    decks = sample_match_decks(list(bundled()), "muhq/draft", seats)
    match = ENGINE.new_match(decks, variant=variant, seed=seed, options={})
    steps = 0
    while match.to_act is not None:
        player = match.to_act
        steps += 1
        chosen = ENGINE.choose_action(
            behaviours[player], match.view(player), match.legal_actions(player), ai_seed(seed, steps)
        )
        match.apply(player, chosen)
        assert steps < 20_000, f"{variant} with {seats} seats does not end"
    return match


@pytest.mark.parametrize("case", CASES, ids=[f"{v}-{n}" for v, n in CASES])
def test_every_map_plays_to_the_end_with_every_seat_count(case: tuple[str, int]) -> None:
    variant, seats = case
    kraken = variant == "the-kraken"
    behaviours = ["greedy"] * seats if kraken else ["greedy", *["random"] * (seats - 1)]
    match = play(variant, seats, 7, behaviours)
    outcome = match.outcome()
    assert outcome is not None and outcome.termination in ENGINE.terminations
    if not kraken:
        assert outcome.termination != "turn_limit", f"{variant}: greedy should reach the map's victory"


def wilson_low(wins: int, n: int) -> float:
    p = wins / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    margin = Z95 * (p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) ** 0.5 / (1 + Z95 * Z95 / n)
    return centre - margin


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant", [v.slug for v in ENGINE.variants if v.min_players <= 2 <= v.max_players and v.slug != "the-kraken"]
)
def test_greedy_beats_random_on_every_two_player_map(variant: str) -> None:
    games = 30
    wins = sum(1 for seed in range(games) if play(variant, 2, seed, ["greedy", "random"]).outcome().winners == (0,))  # type: ignore[union-attr]
    assert wilson_low(wins, games) > 0.6, (
        f"{variant}: greedy won {wins}/{games} (Wilson low {wilson_low(wins, games):.2f})"
    )
